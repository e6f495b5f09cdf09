package report

import (
	"strings"
	"testing"
	"time"

	"github.com/gpuarch/gpuarch/compare"
	"github.com/gpuarch/gpuarch/measure/memory"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/stats"
)

// varRun is a run of one GPU with a steady figure and one that depends on
// the run (l2), each of seven samples about their value.
func varRun(uuid string, start time.Time, l2 float64) *record.Run {
	rec := func(id string, v float64) record.Record {
		r := record.Record{ID: id, Status: record.StatusOK, Unit: "bytes/clock/SM", Value: v,
			Provenance: record.Provenance{PTXSHA256: "same kernel"}}
		for i := range 7 {
			r.Samples = append(r.Samples, v*(1+float64(i-3)/1000))
		}
		return r
	}
	return &record.Run{Device: record.Device{Name: "NVIDIA H100 80GB HBM3", UUID: uuid}, Started: start,
		Records: []record.Record{rec("memory/bandwidth/DRAM read", 12), rec("memory/bandwidth/L2 read", l2)}}
}

func TestVariabilitySection(t *testing.T) {
	t0 := time.Date(2026, 11, 26, 6, 53, 0, 0, time.UTC)
	run := varRun("GPU-4c51db0f-1019", t0, 46)
	tests := []struct {
		name    string
		reps    *compare.Repeats
		want    []string
		notWant []string
	}{
		{name: "no repeat runs: no section", reps: nil, notWant: []string{"## Variability between runs"}},
		{name: "a repeat run of the same GPU: the figure that moved is listed with its spread",
			reps: &compare.Repeats{Runs: []*record.Run{varRun("GPU-4c51db0f-1019", t0.Add(time.Minute), 37.8)}, Files: []string{"repeat-results.json.gz"}},
			want: []string{"## Variability between runs", "`repeat-results.json.gz` (GPU-4c51db0f, 2026-11-26 06:54)",
				"1 figures vary more between runs than within one", "| `memory/bandwidth/L2 read` | bytes/clock/SM | 46 | 19.6% | ±0.3% | 2 |"},
			notWant: []string{"DRAM read` |"}},
		{name: "the run itself among the repeats is left out",
			reps:    &compare.Repeats{Runs: []*record.Run{run}, Files: []string{"results.json"}},
			notWant: []string{"## Variability between runs"}},
		{name: "another model's run is left out",
			reps: &compare.Repeats{Runs: []*record.Run{func() *record.Run {
				r := varRun("GPU-1", t0, 37.8)
				r.Device.Name = "NVIDIA H200"
				return r
			}()}},
			notWant: []string{"## Variability between runs"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			if err := MarkdownOf(&b, run, Extras{Repeats: tt.reps}); err != nil {
				t.Fatal(err)
			}
			sec := section(b.String())
			for _, s := range tt.want {
				if !strings.Contains(sec, s) {
					t.Errorf("lacks %q:\n%s", s, sec)
				}
			}
			for _, s := range tt.notWant {
				if strings.Contains(sec, s) {
					t.Errorf("has %q:\n%s", s, sec)
				}
			}
		})
	}
}

// A repeat file's name is shown as text, on the page too.
func TestVariabilityHostileFileName(t *testing.T) {
	t0 := time.Date(2026, 11, 26, 6, 53, 0, 0, time.UTC)
	run := varRun("GPU-4c51db0f-1019", t0, 46)
	reps := &compare.Repeats{Runs: []*record.Run{varRun("GPU-4c51db0f-1019", t0.Add(time.Minute), 37.8)}, Files: []string{"<script>alert(1)</script>|`.json"}}
	var md, page strings.Builder
	if err := MarkdownOf(&md, run, Extras{Repeats: reps}); err != nil {
		t.Fatal(err)
	}
	if err := Page(&page, []byte(md.String()), nil, run.Device.Name); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(page.String(), "<script>alert") || !strings.Contains(page.String(), "&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Errorf("the file name is not shown as text:\n%s", section(md.String()))
	}
}

// section is the document's variability section ("(no variability
// section)" without one).
func section(md string) string {
	i := strings.Index(md, "## Variability between runs")
	if i < 0 {
		return "(no variability section)"
	}
	rest := md[i:]
	if j := strings.Index(rest[3:], "\n## "); j >= 0 {
		return rest[:j+3]
	}
	return rest
}

// The bandwidth table gives a figure that varies more between runs than
// within one its spread between runs beside its ± within the run, and
// only that figure.
func TestBandwidthTableBetweenRuns(t *testing.T) {
	t0 := time.Date(2026, 11, 26, 6, 53, 0, 0, time.UTC)
	bw := func(r *record.Run) *record.Run {
		for i := range r.Records {
			rec := &r.Records[i]
			rec.Suite, rec.Group = memory.Suite, memory.GroupBandwidth
			rec.Subject = strings.TrimPrefix(rec.ID, "memory/bandwidth/")
			s, err := stats.Summarize(rec.Samples, 0)
			if err != nil {
				t.Fatal(err)
			}
			lo, hi := s.Lo, s.Hi
			rec.Summary = &record.Summary{N: s.N, Median: s.Median, Lo: &lo, Hi: &hi, Min: s.Min, Max: s.Max}
			rec.Through = &record.ThroughputDetail{Best: record.Shape{ILP: 4, WarpsPerSM: 16}}
		}
		return r
	}
	run := bw(varRun("GPU-4c51db0f-1019", t0, 46))
	reps := &compare.Repeats{Runs: []*record.Run{bw(varRun("GPU-4c51db0f-1019", t0.Add(time.Minute), 37.8))}, Files: []string{"repeat-results.json.gz"}}
	for _, tc := range []struct {
		name          string
		vars          *variations
		want, notWant []string
	}{
		{"with the repeat run", variationsOf(run, reps), []string{"±0.3% (19.6% between runs)", "that, not its ± within this run, is how far it can be trusted"}, []string{"12.0</a> ±0.3% ("}},
		{"without", nil, []string{"±0.3% |"}, []string{"between runs"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			writeBandwidth(&b, run, tc.vars)
			for _, s := range tc.want {
				if !strings.Contains(b.String(), s) {
					t.Errorf("lacks %q:\n%s", s, b.String())
				}
			}
			for _, s := range tc.notWant {
				if strings.Contains(b.String(), s) {
					t.Errorf("says %q:\n%s", s, b.String())
				}
			}
		})
	}
}
