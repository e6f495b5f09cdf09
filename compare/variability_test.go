package compare

import (
	"math"
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/record"
)

// TestVariability checks which figures vary more between runs than within
// one: a tight figure whose runs disagree, a noisy one whose runs agree,
// one without samples, and one measured by different kernels (left out).
func TestVariability(t *testing.T) {
	tight := func(v float64) []float64 { return []float64{v, v * 1.0005, v * 0.9995, v, v * 1.0002, v * 0.9998, v} }
	noisy := func(v float64) []float64 {
		return []float64{v * 0.9, v * 1.1, v * 0.95, v * 1.05, v, v * 0.92, v * 1.08}
	}
	run := func(drift float64, ptx string) *record.Run {
		return &record.Run{Device: record.Device{Name: "GPU"}, Records: []record.Record{
			{ID: "alu/a/throughput", Unit: "x", Status: record.StatusOK, Samples: tight(100 * drift)},
			{ID: "alu/b/throughput", Unit: "x", Status: record.StatusOK, Samples: noisy(100 * drift)},
			{ID: "memory/bandwidth/c", Unit: "x", Status: record.StatusOK, Value: 50 * drift},
			{ID: "alu/d/throughput", Unit: "x", Status: record.StatusOK, Samples: tight(10), Provenance: record.Provenance{PTXSHA256: ptx}},
		}}
	}
	runs := []*record.Run{run(1, "k1"), run(1.05, "k2"), nil}
	got := map[string]Variation{}
	for _, v := range Variability(runs...) {
		got[v.ID] = v
	}
	for _, tt := range []struct {
		id          string
		more        bool
		between     float64
		withinKnown bool
	}{
		{"alu/a/throughput", true, 0.05, true},
		{"alu/b/throughput", false, 0.05, true},
		{"memory/bandwidth/c", true, 0.05, false},
	} {
		v, ok := got[tt.id]
		if !ok {
			t.Errorf("%s: missing", tt.id)
			continue
		}
		if v.MoreBetween() != tt.more || math.Abs(v.Between-tt.between) > 0.003 || math.IsNaN(v.Within) == tt.withinKnown || v.Runs != 2 {
			t.Errorf("%s: %+v (more between %v), want more between %v, between %.3f, within known %v, 2 runs", tt.id, v, v.MoreBetween(), tt.more, tt.between, tt.withinKnown)
		}
	}
	if _, ok := got["alu/d/throughput"]; ok {
		t.Error("a figure measured by different kernels was set beside itself")
	}
	var md strings.Builder
	if err := WriteVariability(&md, runs[:2], []string{"a.json", "b|<b>.json"}, false); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"3 figures were measured", "**1** vary between runs by no more", "**2** vary more between runs", "| `alu/a/throughput` |", "`b\\|<b>.json`"} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("the document lacks %q:\n%s", want, md.String())
		}
	}
	if strings.Contains(md.String(), "`alu/b/throughput`") {
		t.Errorf("a figure within its noise is listed without --all:\n%s", md.String())
	}
}
