package compare

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/gpuarch/gpuarch/record"
)

// IDs of the figures testdata/repeats keeps.
const (
	l2Read      = "memory/bandwidth/L2 read"
	l2OwnLines  = "memory/bandwidth/L2 read, own lines"
	l2Hiding2   = "memory/latency hiding/L2, 2 FFMA per load"
	membarSys   = "dispatch/fence/membar.sys"
	roundTrip   = "links/host/round trip latency"
	dramRead    = "memory/bandwidth/DRAM read"
	repeatsData = "repeats"
)

// readRepeats reads a file of several runs from testdata/repeats.
func readRepeats(t *testing.T, name string) []*record.Run {
	t.Helper()
	runs, err := ReadRuns(filepath.Join("testdata", repeatsData, name))
	if err != nil {
		t.Fatal(err)
	}
	return runs
}

// cloneRun copies a run deep enough that a test may change its records.
func cloneRun(r *record.Run) *record.Run {
	c := *r
	c.Records = make([]record.Record, len(r.Records))
	for i, x := range r.Records {
		x.Samples = append([]float64(nil), x.Samples...)
		c.Records[i] = x
	}
	return &c
}

// edit applies f to the record id of run.
func edit(t *testing.T, run *record.Run, id string, f func(*record.Record)) {
	t.Helper()
	for i := range run.Records {
		if run.Records[i].ID == id {
			f(&run.Records[i])
			return
		}
	}
	t.Fatalf("no record %s", id)
}

// TestRepeatFloors holds the floors that repeat runs give to the recorded
// H100's two back-to-back runs (testdata/repeats/h100-pair.json: the
// results and repeat-results of results/NVIDIA-H100-80GB-HBM3, six
// figures of each kept) and its nine earlier recorded runs
// (h100-earlier.json: results.json as committed from 0da99ee to
// c034267, 2026-11-25, on nine H100s): a figure that moves between runs
// as much as it moved varies between runs, one moved far beyond its
// spread changed, and runs that are the compared pair give no floor.
func TestRepeatFloors(t *testing.T) {
	earlier, pair := readRepeats(t, "h100-earlier.json"), readRepeats(t, "h100-pair.json")
	if len(earlier) != 9 || len(pair) != 2 {
		t.Fatalf("%d earlier runs and %d in the pair, want 9 and 2", len(earlier), len(pair))
	}
	scale := func(id string, f float64) func(a, b *record.Run) {
		return func(a, b *record.Run) {
			ra, _ := a.Find(id)
			edit(t, b, id, func(r *record.Record) { r.Samples = scaled(ra.Samples, f) })
		}
	}
	type result struct {
		verdict   Verdict
		floorFrom string
		floor     float64 // 0: not checked
		text      string  // a substring of the verdict's text, "" not checked
	}
	tests := []struct {
		name    string
		id      string
		repeats func(earlier, pair []*record.Run) []*record.Run
		change  func(a, b *record.Run)
		want    result
		pairMsg bool // Result.Repeats.Pair
	}{
		{
			name: "the shared-lines L2 read, -19% as recorded, within its spread over the earlier runs",
			id:   l2Read, repeats: func(e, _ []*record.Run) []*record.Run { return e },
			want: result{Varies, "between runs", 0.200, "varies ±20.0% between runs"},
		},
		{
			name: "the shared-lines L2 read moved to 60% of A: beyond its spread, changed",
			id:   l2Read, repeats: func(e, _ []*record.Run) []*record.Run { return e },
			change: scale(l2Read, 0.6),
			want:   result{Changed, "between runs", 0.207, "changed"},
		},
		{
			name: "L2 read on own lines, which repeats within 2%, moved -10%: changed",
			id:   l2OwnLines, repeats: func(e, _ []*record.Run) []*record.Run { return e },
			change: scale(l2OwnLines, 0.9),
			want:   result{verdict: Changed},
		},
		{
			name: "a .sys fence +11.7%: the earlier run at 3061 cycles is fenced out of its spread",
			id:   membarSys, repeats: func(e, _ []*record.Run) []*record.Run { return e },
			want: result{Varies, "between runs", 0.134, "varies ±13.4% between runs"},
		},
		{
			name: "L2 latency hiding below every earlier run: changed, naming the floor",
			id:   l2Hiding2, repeats: func(e, _ []*record.Run) []*record.Run { return e },
			want: result{Changed, "between runs", 0.115, "changed"},
		},
		{
			name: "the host round trip is tested against its spread between runs",
			id:   roundTrip, repeats: func(e, _ []*record.Run) []*record.Run { return e },
			want: result{verdict: Varies, floorFrom: "between runs"},
		},
		{
			name: "repeat runs that are A and B themselves give no floor",
			id:   l2Read, repeats: func(_, p []*record.Run) []*record.Run { return p },
			want:    result{Changed, "minimum", DefaultMinEffect, "changed"},
			pairMsg: true,
		},
		{
			name: "B among the repeat runs is left out; the others give the floor",
			id:   l2Read, repeats: func(e, p []*record.Run) []*record.Run { return append([]*record.Run{p[1]}, e...) },
			want: result{Varies, "between runs", 0.200, ""},
		},
		{
			name: "repeat runs of the figure by another kernel give it no floor",
			id:   l2Read,
			repeats: func(e, _ []*record.Run) []*record.Run {
				var out []*record.Run
				for _, r := range e {
					r = cloneRun(r)
					edit(t, r, l2Read, func(x *record.Record) { x.Provenance.PTXSHA256 = "another kernel" })
					out = append(out, r)
				}
				return out
			},
			want: result{Changed, "minimum", DefaultMinEffect, ""},
		},
		{
			name: "repeat runs of another GPU model are left out",
			id:   l2Read,
			repeats: func(e, _ []*record.Run) []*record.Run {
				var out []*record.Run
				for _, r := range e {
					r = cloneRun(r)
					r.Device.Name = "NVIDIA H200"
					out = append(out, r)
				}
				return out
			},
			want: result{Changed, "minimum", DefaultMinEffect, ""},
		},
		{
			name: "no repeat runs: the minimum effect",
			id:   l2Read, repeats: func(_, _ []*record.Run) []*record.Run { return nil },
			want: result{Changed, "minimum", DefaultMinEffect, ""},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, b := cloneRun(pair[0]), cloneRun(pair[1])
			if tc.change != nil {
				tc.change(a, b)
			}
			o := Options{Alpha: 0.05}
			if runs := tc.repeats(earlier, pair); runs != nil {
				o.Repeats = &Repeats{Runs: runs}
			}
			res, err := RunsWith(a, b, o)
			if err != nil {
				t.Fatal(err)
			}
			var row Row
			for _, r := range res.Rows {
				if r.ID == tc.id {
					row = r
				}
			}
			got := verdictText(row)
			if row.Verdict != tc.want.verdict || tc.want.floorFrom != "" && row.FloorFrom != tc.want.floorFrom ||
				tc.want.floor > 0 && math.Abs(row.Floor-tc.want.floor) > 0.0015 || !strings.Contains(got, tc.want.text) {
				t.Errorf("%s: %s (%q), change %+.2f%%, floor %.2f%% from %s; want %s (%q), floor %.1f%% from %q",
					tc.id, row.Verdict, got, 100*row.Delta, 100*row.Floor, row.FloorFrom, tc.want.verdict, tc.want.text, 100*tc.want.floor, tc.want.floorFrom)
			}
			if pair := res.Repeats != nil && res.Repeats.Pair; pair != tc.pairMsg {
				t.Errorf("Repeats.Pair %v, want %v (%+v)", pair, tc.pairMsg, res.Repeats)
			}
		})
	}
}

// The document says where the floors between runs came from, which runs
// were left out and why, and says plainly when the runs given are the
// pair compared.
func TestRepeatsInMarkdown(t *testing.T) {
	earlier, pair := readRepeats(t, "h100-earlier.json"), readRepeats(t, "h100-pair.json")
	md := func(o Options) string {
		t.Helper()
		o.Alpha = 0.05
		res, err := RunsWith(pair[0], pair[1], o)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		if err := res.WriteMarkdown(&b, "a.json", "b.json", false); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	withB := append([]*record.Run{pair[1]}, earlier...)
	files := []string{"b.json"}
	for range earlier {
		files = append(files, "earlier.json")
	}
	got := md(Options{Repeats: &Repeats{Runs: withB, Files: files}})
	for _, s := range []string{
		"each figure's spread over 9 runs of the NVIDIA H100 80GB HBM3 other than B",
		"The runs: `earlier.json` (GPU-68c34636, 2026-11-25 07:28; GPU-3d9d0cda, 2026-11-25 08:19; GPU-ebc886ab,",
		"Left out: `b.json` (GPU-d799e619, 2026-11-26 04:32: B itself, whose difference from A is what is judged).",
		"| `memory/bandwidth/L2 read` | bytes/clock/SM | 46.55 | 37.73 | -18.95% | ±20.0% (between runs) | 0.002 | varies ±20.0% between runs |",
		"1 figure changed and 3 figures moved beyond their own noise but within their variability between runs, ranked",
		"6 quantities: 1 changed, 3 vary between runs, 2 within noise.",
	} {
		if !strings.Contains(got, s) {
			t.Errorf("the document lacks %q:\n%s", s, got)
		}
	}
	got = md(Options{Repeats: &Repeats{Runs: pair, Files: []string{"results.json", "repeat-results.json"}}})
	for _, s := range []string{"**No variability between runs is used: the repeat runs given are A and B themselves.**",
		"Left out: `repeat-results.json` (GPU-d799e619, 2026-11-26 04:32: B itself",
		"| `memory/bandwidth/L2 read` | bytes/clock/SM | 46.55 | 37.73 | -18.95% | ±3.0% (minimum) | 0.002 | changed |"} {
		if !strings.Contains(got, s) {
			t.Errorf("the document lacks %q:\n%s", s, got)
		}
	}
	if got := md(Options{}); !strings.Contains(got, "No variability between runs is known here") {
		t.Errorf("without repeat runs the document does not say so:\n%s", got)
	}
}

// TestSpread: the range of the runs over their median, with far-off runs
// fenced out and a clustered figure's healthy tail kept.
func TestSpread(t *testing.T) {
	runs := func(vals ...float64) []*record.Run {
		var out []*record.Run
		for _, v := range vals {
			out = append(out, &record.Run{Records: []record.Record{{ID: "x", Unit: "cycles", Status: record.StatusOK, Value: v}}})
		}
		return out
	}
	for _, tc := range []struct {
		name string
		vals []float64
		want float64
	}{
		{"two runs: their relative difference", []float64{100, 104}, 4.0 / 102},
		{"two modes: the range covers both", []float64{46, 46.4, 37.7, 45.8, 37.8, 46.2, 45.6}, (46.4 - 37.7) / 45.8},
		{"one run far off the rest is fenced out", []float64{1260, 1280, 1394, 1359, 3061, 1426, 1382, 1259}, (1426 - 1259) / 1359.0},
		{"a tail within 15% of the quartiles is kept", []float64{25.4, 25.6, 25.6, 25.8, 25.9, 25.9, 26.0, 27.2, 28.4}, (28.4 - 25.4) / 25.9},
		{"equal runs", []float64{7, 7, 7}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := Spread(runs(tc.vals...)...)["x"]
			if !ok || math.Abs(got-tc.want) > 1e-9 {
				t.Errorf("Spread %v = %v, %v; want %v", tc.vals, got, ok, tc.want)
			}
		})
	}
	if f := Spread(runs(100)...); len(f) != 0 {
		t.Errorf("one run has a spread: %v", f)
	}
}

// WriteRuns writes several runs into one file, reduced; ReadRuns reads
// them back, and a plain results file as one run.
func TestWriteRunsReadRuns(t *testing.T) {
	dir := t.TempDir()
	full := &record.Run{Schema: record.SchemaVersion, Started: time.Date(2026, 11, 26, 4, 30, 0, 0, time.UTC),
		Device: record.Device{Name: "NVIDIA H100 80GB HBM3", UUID: "GPU-1"}, Complete: true,
		Records: []record.Record{{ID: "memory/latency/L2", Suite: "memory", Quantity: record.Latency, Unit: "cycles", Status: record.StatusOK, Value: 260,
			Samples: []float64{259, 260, 261}, Curve: &record.CurveDetail{}, Provenance: record.Provenance{Module: "chase", PTXSHA256: "k", CompileSeconds: 1.5}}}}
	second := cloneRun(full)
	second.Started = second.Started.Add(time.Minute)
	for _, name := range []string{"runs.json", "runs.json.gz"} {
		path := filepath.Join(dir, name)
		if err := WriteRuns(path, []*record.Run{full, second}); err != nil {
			t.Fatal(err)
		}
		got, err := ReadRuns(path)
		if err != nil {
			t.Fatal(err)
		}
		want := []*record.Run{Reduce(full), Reduce(second)}
		if d := cmp.Diff(want, got); d != "" || len(got) != 2 || got[0].Records[0].Curve != nil || got[0].Records[0].Provenance.PTXSHA256 != "k" {
			t.Errorf("%s read back (-want +got):\n%s", name, d)
		}
	}
	one := filepath.Join(dir, "results.json")
	if err := record.WriteFile(one, full); err != nil {
		t.Fatal(err)
	}
	if got, err := ReadRuns(one); err != nil || len(got) != 1 || got[0].Records[0].Curve == nil {
		t.Errorf("a results file: %d runs, %v", len(got), err)
	}
	for name, body := range map[string]string{"empty.json": "", "garbage.json": `{"schema": 1, "records": []} nonsense`, "other.json": `{"schema": 99}`} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadRuns(path); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: %v, want an error naming the file", name, err)
		}
	}
}

// TestRecordedRepeatsWithEarlierRuns holds the recorded back-to-back runs
// of each GPU (results/<GPU>/results and repeat-results) to the floors
// their model's earlier recorded runs give (compare/earlier-runs.json.gz),
// as results/<GPU>/compare/repeat.md shows them: at least 99% of the
// figures moved by no more than their floor, at most 0.5% changed, and
// on the H100 the shared-lines L2 read, which depends on timing no kernel
// controls, carries its spread between runs as its floor (about ±20%),
// so that however far it moves between two runs it is never "changed".
func TestRecordedRepeatsWithEarlierRuns(t *testing.T) {
	for _, model := range []string{"NVIDIA-H100-80GB-HBM3", "NVIDIA-H200"} {
		t.Run(model, func(t *testing.T) {
			earlier, err := ReadRuns(filepath.Join("..", "results", model, "compare", "earlier-runs.json.gz"))
			if err != nil {
				t.Fatal(err)
			}
			a, b := recorded(t, model, ""), recorded(t, model, "repeat-results.json")
			res, err := RunsWith(a, b, Options{Alpha: 0.05, Repeats: &Repeats{Runs: earlier}})
			if err != nil {
				t.Fatal(err)
			}
			if u := res.Repeats; u == nil || len(u.Used) != len(earlier) || len(u.Left) != 0 || u.Figures < 1300 {
				t.Errorf("repeat runs used: %+v, want all %d earlier ones, giving most figures a floor", u, len(earlier))
			}
			in, n := res.WithinFloor()
			changed := res.Counts()[Changed]
			if float64(in) < 0.99*float64(n) || changed > len(res.Rows)/200 {
				t.Errorf("%d of %d figures within their floor, %d changed; want at least 99%% and at most 0.5%%", in, n, changed)
			}
			for _, r := range res.Rows {
				if r.ID == l2Read && model == "NVIDIA-H100-80GB-HBM3" && (r.Verdict == Changed || r.Floor < 0.15 || r.FloorFrom != "between runs") {
					t.Errorf("the H100's shared-lines L2 read: %s, change %+.1f%%, floor %.1f%% (%s); want a floor between runs of about 20%%, never changed", r.Verdict, 100*r.Delta, 100*r.Floor, r.FloorFrom)
				}
			}
		})
	}
}
