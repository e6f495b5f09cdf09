package analyze

import (
	"math"
	"testing"

	"github.com/gpuarch/gpuarch/record"
)

func TestLoadedAt(t *testing.T) {
	l := Level{Loaded: []LoadedPoint{{Warps: 1, Cycles: 360}, {Warps: 4, Cycles: 364}, {Warps: 16, Cycles: 680}, {Warps: 32, Cycles: 1560}}}
	for _, tt := range []struct {
		name  string
		warps float64
		want  float64
	}{
		{"below the first count: the first's", 0.5, 360},
		{"a measured count", 16, 680},
		{"between counts: linear", 24, 1120},
		{"beyond the last: the last's lines per clock", 64, 3120},
	} {
		got, ok := l.loadedAt(tt.warps)
		if !ok || math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("%s: loadedAt(%v) = %v, %v, want %v", tt.name, tt.warps, got, ok, tt.want)
		}
	}
	if _, ok := (Level{}).loadedAt(8); ok {
		t.Error("a level without the divergent chase answered")
	}
}

// TestMachineReadsDivergentChase reads the divergent chase's latency
// sweep into the level it names, in order of warps, leaving out failed
// points and the throughput record.
func TestMachineReadsDivergentChase(t *testing.T) {
	sweep := &record.SweepDetail{X: "warps per SM", Points: []record.ParamPoint{
		{X: 8, Value: 410}, {X: 1, Value: 360}, {X: 4, Failed: "launch failed"}, {X: 2, Value: 359},
	}}
	run := &record.Run{Device: record.Device{Name: "GPU", ComputeCapability: "9.0"}, Records: []record.Record{
		{ID: "memory/divergent loads/L2, a line per lane/latency", Suite: "memory", Group: "divergent loads", Subject: "L2, a line per lane",
			Quantity: record.Latency, Status: record.StatusOK, Value: 360, Sweep: sweep},
		{ID: "memory/divergent loads/L2, a line per lane/throughput", Suite: "memory", Group: "divergent loads", Subject: "L2, a line per lane",
			Quantity: record.Throughput, Status: record.StatusOK, Value: 0.6, Sweep: &record.SweepDetail{Points: []record.ParamPoint{{X: 1, Value: 0.1}}}},
	}}
	m := &Machine{Levels: map[string]Level{}}
	m.levels(run)
	got := m.Levels["L2"].Loaded
	want := []LoadedPoint{{1, 360}, {2, 359}, {8, 410}}
	if len(got) != len(want) {
		t.Fatalf("loaded points %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("point %d: %v, want %v", i, got[i], want[i])
		}
	}
}
