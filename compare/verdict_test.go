package compare

import (
	"flag"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	linkname "github.com/gpuarch/gpuarch/measure/links"
	"github.com/gpuarch/gpuarch/record"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// spread is n samples evenly spread over center ± rel (n >= 2).
func spread(n int, center, rel float64) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = center * (1 - rel + 2*rel*float64(i)/float64(n-1))
	}
	return out
}

// scaled is xs times f.
func scaled(xs []float64, f float64) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = x * f
	}
	return out
}

// TestNoiseFloorDecides: a figure changed only where the U test finds a
// difference and the medians lie further apart than the figure's noise
// floor; the floor is the largest of each side's own noise, the
// variability between runs and the minimum effect, and says which.
func TestNoiseFloorDecides(t *testing.T) {
	launch := func(s []float64) record.Record {
		return record.Record{ID: "dispatch/launch/one empty kernel, launch and wait", Quantity: record.Launch, Unit: "µs per launch", Status: record.StatusOK, Samples: s, Value: s[0]}
	}
	// 31 host-timed samples whose middle half spans 10% of the median.
	hostA := spread(31, 15, 0.10)
	tests := []struct {
		name      string
		a, b      record.Record
		opts      Options
		verdict   Verdict
		floor     float64 // 0: not checked
		floorFrom string
		note      string // a substring of the note
	}{
		{
			name: "significant but within the minimum effect",
			a:    rec("x", spread(8, 100, 0.0001)), b: rec("x", spread(8, 100.5, 0.0001)),
			verdict: WithinNoise, floor: DefaultMinEffect, floorFrom: "minimum",
		},
		{
			name: "significant and beyond the minimum effect",
			a:    rec("x", spread(8, 100, 0.0001)), b: rec("x", spread(8, 104, 0.0001)),
			verdict: Changed, floor: DefaultMinEffect, floorFrom: "minimum",
		},
		{
			name: "a smaller minimum effect lets a small change count",
			a:    rec("x", spread(8, 100, 0.0001)), b: rec("x", spread(8, 100.5, 0.0001)),
			opts:    Options{MinEffect: 0.001},
			verdict: Changed, floor: 0.001, floorFrom: "minimum",
		},
		{
			name: "the variability between runs raises the floor: the figure varies between runs",
			a:    rec("x", spread(8, 100, 0.0001)), b: rec("x", spread(8, 104, 0.0001)),
			opts:    Options{Between: Floors{"x": 0.05}},
			verdict: Varies, floor: 0.05, floorFrom: "between runs",
		},
		{
			name: "within its own noise and its variability between runs",
			a:    rec("x", spread(8, 100, 0.0001)), b: rec("x", spread(8, 101, 0.0001)),
			opts:    Options{Between: Floors{"x": 0.05}},
			verdict: WithinNoise, floor: 0.05, floorFrom: "between runs",
		},
		{
			name: "a host-timed figure of one run a side is not tested",
			a:    launch(hostA), b: launch(scaled(hostA, 1.5)),
			verdict: Differs, note: HostSideUntested,
		},
		{
			name: "a host-timed figure over runs is held to its interquartile range",
			a:    launch(hostA), b: launch(scaled(hostA, 1.08)),
			opts:    Options{RunsA: 31, RunsB: 31},
			verdict: WithinNoise, floor: 0.10,
		},
		{
			name: "a host-timed figure over runs beyond its interquartile range changed",
			a:    launch(hostA), b: launch(scaled(hostA, 1.5)),
			opts:    Options{RunsA: 31, RunsB: 31},
			verdict: Changed, floor: 0.10,
		},
		{
			name: "a host-timed figure whose variability between runs is known is tested",
			a:    launch(hostA), b: launch(scaled(hostA, 1.5)),
			opts:    Options{Between: Floors{"dispatch/launch/one empty kernel, launch and wait": 0.3}},
			verdict: Changed, floor: 0.3, floorFrom: "between runs",
		},
		{
			name: "a wide own noise raises the floor",
			a:    rec("x", spread(8, 100, 0.06)), b: rec("x", spread(8, 105, 0.001)),
			verdict: WithinNoise, floor: 0.06, floorFrom: "A's samples",
		},
		{
			name: "NoiseA stands in for a pooled A's own noise",
			a:    rec("x", spread(8, 100, 0.06)), b: rec("x", spread(8, 105, 0.001)),
			opts:    Options{NoiseA: Floors{"x": 0.001}},
			verdict: Changed, floor: DefaultMinEffect, floorFrom: "minimum",
		},
		{
			name: "every sample of both the same value is the same",
			a:    rec("x", []float64{4, 4, 4, 4, 4, 4, 4}), b: rec("x", []float64{4, 4, 4, 4, 4, 4, 4}),
			verdict: Same, note: "every sample of both is 4",
		},
		{
			name: "three against three cannot reach alpha 0.05",
			a:    rec("x", spread(3, 100, 0.001)), b: rec("x", spread(3, 150, 0.001)),
			verdict: TooFew, note: "not tested: 3 and 3 samples cannot reach alpha 0.05",
		},
		{
			name: "one sample a side is not tested",
			a:    rec("x", []float64{100}), b: rec("x", []float64{57}),
			verdict: Differs, note: "not tested: one sample a side",
		},
		{
			name: "no samples in A",
			a:    rec("x", nil), b: rec("x", spread(5, 1, 0.01)),
			verdict: Differs, note: "not tested: no samples in A, 5 samples in B",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.Alpha = 0.05
			if tc.a.Value == 0 {
				tc.a.Value = 100
			}
			if tc.b.Value == 0 {
				tc.b.Value = 57
			}
			res, err := RunsWith(&record.Run{Records: []record.Record{tc.a}}, &record.Run{Records: []record.Record{tc.b}}, tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			r := res.Rows[0]
			if r.Verdict != tc.verdict {
				t.Errorf("verdict %s (change %+.2f%%, floor %.2f%% from %s, p %.3g, %s), want %s", r.Verdict, 100*r.Delta, 100*r.Floor, r.FloorFrom, r.P, r.Note, tc.verdict)
			}
			if tc.floor > 0 && math.Abs(r.Floor-tc.floor) > 0.01*tc.floor+0.002 {
				t.Errorf("floor %.4f, want %.4f", r.Floor, tc.floor)
			}
			if tc.floorFrom != "" && r.FloorFrom != tc.floorFrom {
				t.Errorf("floor from %q, want %q", r.FloorFrom, tc.floorFrom)
			}
			if !strings.Contains(r.Note, tc.note) {
				t.Errorf("note %q lacks %q", r.Note, tc.note)
			}
			if r.Verdict == Changed && !r.Tested() || r.Untested() && r.Verdict == Changed {
				t.Errorf("an untested row changed")
			}
		})
	}
}

// An untested figure is never called changed, and never hidden when it
// differs much: the default view ranks it with the changed ones by
// change over noise floor, and leaves out small untested differences.
func TestNotableRanksChangedAndLargeUntested(t *testing.T) {
	a := &record.Run{Records: []record.Record{
		rec("tested +5%", spread(8, 100, 0.0001)),
		rec("one sample -31%", []float64{100}),
		rec("one sample +3%", []float64{100}),
		rec("tested +0.01%", spread(8, 100, 0.00001)),
		rec("untested +12%, wide floor", spread(3, 100, 0.20)),
	}}
	b := &record.Run{Records: []record.Record{
		rec("tested +5%", spread(8, 105, 0.0001)),
		rec("one sample -31%", []float64{69}),
		rec("one sample +3%", []float64{103}),
		rec("tested +0.01%", spread(8, 100.01, 0.00001)),
		rec("untested +12%, wide floor", spread(3, 112, 0.01)),
	}}
	res, err := Runs(a, b, 0.05)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range res.Notable() {
		got = append(got, r.ID)
	}
	if want := []string{"one sample -31%", "tested +5%"}; !cmp.Equal(want, got) {
		t.Errorf("Notable %q, want %q", got, want)
	}
	var md strings.Builder
	if err := res.WriteMarkdown(&md, "a", "b", false); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"1 figure changed and 1 untested figure differs by more than 10%",
		"| `one sample -31%` | cycles | 100 | 69 | -31.00% | ±3.0% (minimum) | — | not tested: one sample a side |",
		"| `tested +5%` | cycles | 100 | 105 | +5.00% | ±3.0% (minimum) | 0.000 | changed |"} {
		if !strings.Contains(md.String(), s) {
			t.Errorf("Markdown lacks %q:\n%s", s, md.String())
		}
	}
	if strings.Contains(md.String(), "No quantity changed") {
		t.Errorf("the Markdown says nothing changed beside a -31%% figure:\n%s", md.String())
	}
}

// Two sets of one stored run each (db compare): nothing can be tested,
// which the Markdown says, with the large untested changes listed.
func TestOneRunASide(t *testing.T) {
	set := func(v float64) *record.Run {
		return &record.Run{Device: record.Device{Name: "NVIDIA H200"}, Records: []record.Record{
			{ID: "memory/bandwidth/DRAM read", Unit: "bytes/clock/SM", Status: record.StatusOK, Value: v, Samples: []float64{v}},
			{ID: "alu/fma.rn.f32/latency", Unit: "cycles", Status: record.StatusOK, Value: 4, Samples: []float64{4}},
		}}
	}
	res, err := RunsWith(set(17.4), set(12), Options{Alpha: 0.05, RunsA: 1, RunsB: 1})
	if err != nil {
		t.Fatal(err)
	}
	var md strings.Builder
	if err := res.WriteMarkdown(&md, "model=NVIDIA H200 (1 run)", "uuid=GPU-1 (1 run)", false); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"A pools 1 run and B 1 run", "no figure can be tested at alpha 0.05",
		"| `memory/bandwidth/DRAM read` | bytes/clock/SM | 17.4 | 12 | -31.03% |"} {
		if !strings.Contains(md.String(), s) {
			t.Errorf("Markdown lacks %q:\n%s", s, md.String())
		}
	}
	if strings.Contains(md.String(), "changed significantly") {
		t.Errorf("Markdown:\n%s", md.String())
	}
}

func TestBetween(t *testing.T) {
	run := func(ptx string, vals map[string]float64) *record.Run {
		r := &record.Run{}
		for id, v := range vals {
			r.Records = append(r.Records, record.Record{ID: id, Unit: "cycles", Status: record.StatusOK, Value: v, Provenance: record.Provenance{PTXSHA256: ptx + id}})
		}
		return r
	}
	two := Between(run("k", map[string]float64{"a": 100, "b": 50, "only": 1}), run("k", map[string]float64{"a": 104, "b": 50}))
	if got := two["a"]; math.Abs(got-4.0/102) > 1e-12 {
		t.Errorf("two runs 100 and 104: %v, want their relative difference 4/102", got)
	}
	if got, ok := two["b"]; !ok || got != 0 {
		t.Errorf("two equal runs: %v, %v", got, ok)
	}
	if _, ok := two["only"]; ok {
		t.Error("a figure of one run has a floor")
	}
	// One sick run among three leaves the others' floor small.
	three := Between(run("k", map[string]float64{"a": 100}), run("k", map[string]float64{"a": 101}), run("k", map[string]float64{"a": 70}))
	if got := three["a"]; math.Abs(got-0.02) > 1e-12 {
		t.Errorf("runs 100, 101 and 70: %v, want 2 × 1 / 100", got)
	}
	// Runs of different kernels say nothing of the noise.
	if f := Between(run("k", map[string]float64{"a": 100}), run("other", map[string]float64{"a": 50})); len(f) != 0 {
		t.Errorf("different kernels: %v", f)
	}
	// A run's samples count by their median.
	withSamples := run("k", map[string]float64{"a": 0})
	withSamples.Records[0].Samples = []float64{99, 100, 101}
	if got := Between(withSamples, run("k", map[string]float64{"a": 110}))["a"]; math.Abs(got-10.0/105) > 1e-12 {
		t.Errorf("samples' median 100 against 110: %v", got)
	}
}

// TestHostSide lists what is measured through the host, by record
// fields.
func TestHostSide(t *testing.T) {
	for _, tc := range []struct {
		name string
		r    record.Record
		want string
	}{
		{"host copies", record.Record{ID: linkname.HostID(linkname.Pinned, linkname.HostToDevice), Unit: "bytes/second"}, HostLinks},
		{"round trip", record.Record{ID: linkname.RoundTripID, Unit: "seconds", Provenance: record.Provenance{Timing: "host clock"}}, HostLinks},
		{"timed on the host clock", record.Record{ID: "x/y", Unit: "seconds", Provenance: record.Provenance{Timing: "host clock"}}, HostClock},
		{"launch cost", record.Record{ID: "dispatch/launch/one empty kernel, launch and wait", Quantity: record.Launch, Unit: "µs per launch"}, HostLaunch},
		{"kernels at once, counted by the GPU", record.Record{ID: "dispatch/launch/5 ms kernels, 256 streams", Quantity: record.Launch, Unit: "kernels at once"}, ""},
		{"peer copies, timed by CUDA events on the GPUs", record.Record{ID: linkname.PeerID(0, 1, linkname.PeerCopyBandwidth), Unit: "bytes/second", Provenance: record.Provenance{Timing: "CUDA events"}}, ""},
		{"an in-kernel latency", record.Record{ID: "alu/fma.rn.f32/latency", Quantity: record.Latency, Unit: "cycles"}, ""},
		{"timestamps around dispatches (Vulkan)", record.Record{ID: "alu/Fma.f32/throughput", Unit: "warp instructions/clock/SM", Provenance: record.Provenance{Timing: "timestamps"}}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			host, why := HostSide(&tc.r)
			if host != (tc.want != "") || why != tc.want {
				t.Errorf("HostSide = %v, %q; want %q", host, why, tc.want)
			}
		})
	}
}

// The header says first how A and B differ in what measured them.
func TestMismatch(t *testing.T) {
	a := &record.Run{Device: record.Device{Name: "NVIDIA H100 80GB HBM3", DriverVersion: "580.65.06"}, Tool: record.Tool{Version: "0.1.0", Backend: "cuda"},
		Records: []record.Record{{ID: "x", Unit: "cycles", Status: record.StatusOK, Value: 1, Provenance: record.Provenance{PTXSHA256: "aa"}}}}
	b := &record.Run{Device: record.Device{Name: "NVIDIA H200", DriverVersion: "580.159.04"}, Tool: record.Tool{Version: "0.2.0", Backend: "cuda"},
		Records: []record.Record{{ID: "x", Unit: "cycles", Status: record.StatusOK, Value: 1, Provenance: record.Provenance{PTXSHA256: "bb"}}}}
	res, err := Runs(a, b, 0.05)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"A and B are different GPU models (NVIDIA H100 80GB HBM3 and NVIDIA H200): the changes below are between GPUs, not runs.",
		"A and B ran different drivers (580.65.06 and 580.159.04): a change may be the driver's.",
		"A and B were measured by different gpuarch versions (0.1.0 and 0.2.0): a change may be the method's.",
		"1 of the figures both measured were measured by kernels that differ between A and B (their PTX or kernel source): their changes may be the probes', not the GPU's.",
	}
	if diff := cmp.Diff(want, res.Mismatch()); diff != "" {
		t.Errorf("Mismatch (-want +got):\n%s", diff)
	}
	var md strings.Builder
	if err := res.WriteMarkdown(&md, "a.json", "b.json", false); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(md.String(), "# b.json against a.json\n\nA and B are different GPU models") {
		t.Errorf("the models' difference is not said first:\n%s", md.String())
	}
	same, err := Runs(a, a, 0.05)
	if err != nil {
		t.Fatal(err)
	}
	if m := same.Mismatch(); len(m) != 0 {
		t.Errorf("a run against itself: %q", m)
	}
	// Two GPUs of one model.
	g0, g1 := *a, *a
	g0.Device.UUID, g1.Device.UUID = "GPU-0", "GPU-1"
	two, err := Runs(&g0, &g1, 0.05)
	if err != nil {
		t.Fatal(err)
	}
	if m := two.Mismatch(); len(m) != 1 || !strings.HasPrefix(m[0], "A and B are two GPUs of one model (GPU-0 and GPU-1): the changes below are between GPUs, not runs") {
		t.Errorf("two GPUs of one model: %q", m)
	}
}

// recorded reads the recorded results of a model from results/, as
// results.json or results.json.gz (record.Locate), or a file beside them.
func recorded(t *testing.T, model, name string) *record.Run {
	t.Helper()
	dir := filepath.Join("..", "results", model)
	path := filepath.Join(dir, name)
	if name == "" {
		var err error
		if path, err = record.Locate(dir); err != nil {
			t.Fatal(err)
		}
	} else if _, err := os.Stat(path); err != nil {
		if _, gzErr := os.Stat(path + ".gz"); gzErr == nil {
			path += ".gz"
		}
	}
	run, err := record.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return run
}

// TestH100AgainstH200Golden pins down compare's default view of the
// recorded H100 against the recorded H200, with the H100's repeat run
// beside it, as gpuarch compare finds it: it says first that the GPU
// models differ, and DRAM read bandwidth, repeated until its interval is
// narrow and so tested, is among the largest changes of its table.
func TestH100AgainstH200Golden(t *testing.T) {
	h100, h200 := recorded(t, "NVIDIA-H100-80GB-HBM3", ""), recorded(t, "NVIDIA-H200", "")
	repeats := &Repeats{Runs: []*record.Run{h100, recorded(t, "NVIDIA-H100-80GB-HBM3", "repeat-results.json")},
		Files: []string{"results/NVIDIA-H100-80GB-HBM3/results.json.gz", "results/NVIDIA-H100-80GB-HBM3/repeat-results.json.gz"}}
	res, err := RunsWith(h100, h200, Options{Alpha: 0.05, Repeats: repeats})
	if err != nil {
		t.Fatal(err)
	}
	var md strings.Builder
	if err := res.WriteMarkdown(&md, "results/NVIDIA-H100-80GB-HBM3", "results/NVIDIA-H200", false); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "h100-h200.md")
	if *update {
		if err := os.WriteFile(golden, []byte(md.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if d := cmp.Diff(string(want), md.String()); d != "" {
		t.Errorf("%s differs (-want +got; go test -update rewrites it, read the diff first):\n%s", golden, d)
	}

	// What the golden file says, checked by name.
	const first = "# results/NVIDIA-H200 against results/NVIDIA-H100-80GB-HBM3\n\nA and B are different GPU models (NVIDIA H100 80GB HBM3 and NVIDIA H200): the changes below are between GPUs, not runs."
	if !strings.HasPrefix(md.String(), first) {
		t.Errorf("the models' difference is not said first:\n%.400s", md.String())
	}
	rows := res.Notable()
	top := -1
	for i, r := range rows {
		if r.ID == "memory/bandwidth/DRAM read" {
			top = i
			if r.Verdict != Changed || r.Delta < 0.40 {
				t.Errorf("DRAM read: verdict %s, change %+.1f%%; want changed, about +45%%", r.Verdict, 100*r.Delta)
			}
		}
	}
	if top < 0 || top >= 20 {
		t.Errorf("DRAM read is row %d of the default table's %d, want among the first 20", top+1, len(rows))
	}
}

// TestRecordedRepeatOfTheH200 compares the two recorded runs of the H200,
// made one after the other on the device machine (results.json and
// repeat-results.json), with no floors from other runs: at most 1% of
// the figures changed, all of them L2-level memory figures
// (bandwidth-curve points at footprints around the L2's size, where which
// lines stay resident moves from run to run, a global access pattern just
// past its floor, the streams hiding L2 latency behind FFMAs, the DRAM
// transfer unit with lanes 256 bytes apart, whose samples spread by 13%
// within one run of 2026-11-26), or at the L1's edge and the DRAM's
// (in the runs of binary 6d6013e: the ld.ca bandwidth curve at 320 KiB
// per SM, past the L1's 238 KiB, where which lines the L1 keeps moves,
// -4.2%; cp.async.ca's 4-byte DRAM latency, +30.2% against a floor of
// 29.7% from its own samples' spread; in those of 074d5a3: fns.b32's
// throughput, -3.3% against the 3% floor; in those of f2d2406: the
// system-scope fence.acq_rel, -3.8% against the 3% floor, a fence that
// waits on the host's side of the link), which
// results/NVIDIA-H200/variability.md lists as varying more between runs
// than within one (with the earlier runs' floors, at most 0.5%: see
// TestRecordedRepeatsWithEarlierRuns). Launch and wait (a host-side
// figure, of one run a side) is not tested.
func TestRecordedRepeatOfTheH200(t *testing.T) {
	edgeFigures := map[string]bool{
		"memory/transfer unit/DRAM, lanes 256 bytes apart": true,
		"memory/bandwidth curve/ld.ca 327680 bytes per SM": true,
		"async/cp.async.ca 4 B, DRAM/latency":              true,
		"alu/fns.b32/throughput":                           true,
		"dispatch/fence/fence.acq_rel.sys":                 true,
	}
	res, err := Runs(recorded(t, "NVIDIA-H200", "repeat-results.json"), recorded(t, "NVIDIA-H200", ""), 0.05)
	if err != nil {
		t.Fatal(err)
	}
	changed := 0
	for _, r := range res.Rows {
		if r.Verdict == Changed && !r.KernelsDiffer {
			changed++
			if !strings.HasPrefix(r.ID, "memory/bandwidth curve/ld.cg ") && !strings.HasPrefix(r.ID, "memory/global access/ld.cg ") && !strings.HasPrefix(r.ID, "memory/latency hiding/L2, ") && !edgeFigures[r.ID] {
				t.Errorf("%s changed %+.2f%% (floor %.2f%%, %s; p %.3g) with the same kernel in both runs", r.ID, 100*r.Delta, 100*r.Floor, r.FloorFrom, r.P)
			}
		}
		if r.ID == "dispatch/launch/one empty kernel, launch and wait" && (r.Verdict != Differs || !r.HostSide || r.Note != HostSideUntested) {
			t.Errorf("launch and wait: %s (host-side %v, %s), change %+.2f%%: want not tested, host-side", r.Verdict, r.HostSide, r.Note, 100*r.Delta)
		}
	}
	if changed > len(res.Rows)/100 {
		t.Errorf("%d of %d figures changed between two back-to-back runs, want at most 1%%", changed, len(res.Rows))
	}
}

// TestBackToBackRunsOfOneH200ReportNoChange compares two full runs made
// one after the other on one idle H200 (testdata/back-to-back: the
// device machine, 2026-11-26; each record kept with what compare reads):
// no figure changed. What the default view lists is untested and says
// so: the host-side figures (the round trip +35%, pageable copies about
// -30%, launch costs +12% to +24%), a knee of a power-of-two sweep and two
// points of the bandwidth curve at the L2's edge.
func TestBackToBackRunsOfOneH200ReportNoChange(t *testing.T) {
	read := func(name string) *record.Run {
		run, err := record.ReadFile(filepath.Join("testdata", "back-to-back", name))
		if err != nil {
			t.Fatal(err)
		}
		return run
	}
	res, err := Runs(read("a.json.gz"), read("b.json.gz"), 0.05)
	if err != nil {
		t.Fatal(err)
	}
	if m := res.Mismatch(); len(m) != 0 {
		t.Errorf("two runs of one GPU by one binary: %q", m)
	}
	for _, r := range res.Rows {
		if r.Verdict == Changed {
			t.Errorf("%s changed %+.2f%% (floor %.2f%%, %s; p %.3g)", r.ID, 100*r.Delta, 100*r.Floor, r.FloorFrom, r.P)
		}
	}
	listed := map[string]bool{}
	for _, r := range res.Notable() {
		listed[r.ID] = true
		if !r.Untested() || (r.HostSide != strings.Contains(verdictText(r), "host-side")) {
			t.Errorf("%s listed as %s (%s)", r.ID, r.Verdict, verdictText(r))
		}
	}
	for _, id := range []string{"links/host/round trip latency", "links/host/pageable device to host", "dispatch/launch/one empty kernel, launch and wait"} {
		if !listed[id] {
			t.Errorf("%s (host-side, moved more than 20%%) is not listed", id)
		}
	}
	var md strings.Builder
	if err := res.WriteMarkdown(&md, "a", "b", false); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "No figure changed beyond its noise floor;") {
		t.Errorf("the Markdown does not say nothing changed:\n%s", md.String())
	}
}
