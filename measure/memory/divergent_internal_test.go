package memory

import (
	"testing"

	"github.com/gpuarch/gpuarch/record"
)

func TestDivergentRate(t *testing.T) {
	lat := &record.Record{Status: record.StatusOK, Sweep: &record.SweepDetail{X: "warps per SM", Points: []record.ParamPoint{
		{X: 1, Value: 320, Min: 300, Max: 340}, {X: 8, Value: 400, Min: 380, Max: 420}, {X: 16, Failed: "timed out"}, {X: 32, Value: 1600, Min: 1500, Max: 1700},
	}}}
	var rec record.Record
	if err := divergentRate(lat, &rec); err != nil {
		t.Fatal(err)
	}
	// 32 lines a warp: 0.1, 0.64, -, 0.64 lines per clock; the first
	// of the best kept.
	if rec.Status != record.StatusOK || rec.Value != 0.64 || rec.Sweep.Best != 1 || rec.Sweep.Points[2].Failed == "" {
		t.Errorf("got %+v, sweep %+v", rec, rec.Sweep)
	}
	var bad record.Record
	if err := divergentRate(&record.Record{Status: record.StatusFailed}, &bad); err != nil || bad.Status != record.StatusFailed {
		t.Errorf("from a failed sweep: %+v, %v", bad, err)
	}
	if err := divergentRate(nil, &bad); err != nil || bad.Status != record.StatusFailed {
		t.Errorf("from no sweep: %+v, %v", bad, err)
	}
}
