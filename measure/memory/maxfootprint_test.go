package memory_test

import (
	"context"
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/backend/sim"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/measure/memory"
	"github.com/gpuarch/gpuarch/record"
)

// Config.MaxFootprint: a stream whose footprints are all above it is
// skipped, saying so; one with some below keeps only those; a chase stops
// there and lists what it left out.
func TestMaxFootprint(t *testing.T) {
	cfg := engine.DefaultConfig()
	cfg.MaxFootprint = 8 << 20
	r := &engine.Runner{GPU: sim.New(), Config: cfg}
	shapes := []memory.StreamShape{{Width: 16, WarpsPerSM: 16}}
	jobs := []engine.Job{
		memory.BandwidthJob("memory", memory.Stream{Subject: "DRAM read", Op: "ld.cg", Footprint: 2 << 30, Passes: 1, Shapes: shapes}),
		memory.BandwidthJob("memory", memory.Stream{Subject: "L2 read", Op: "ld.cg", Footprints: []int64{4 << 20, 16 << 20}, Passes: 1, Shapes: shapes}),
		memory.ChaseJob("memory", []memory.ChasePath{{Name: "global ld.cg", Space: "global", CacheOp: "cg"}}, []int64{1 << 20, 4 << 20, 32 << 20}),
	}
	var recs []record.Record
	if err := r.Run(context.Background(), jobs, func(rec record.Record) { recs = append(recs, rec) }); err != nil {
		t.Fatal(err)
	}
	if len(recs) != 3 {
		t.Fatalf("%d records", len(recs))
	}
	if dram := recs[0]; dram.Status != record.StatusSkipped || !strings.Contains(dram.Reason, "above the run's largest footprint, 8388608 bytes") {
		t.Errorf("%s: %s: %s", dram.ID, dram.Status, dram.Reason)
	}
	l2 := recs[1]
	if l2.Status != record.StatusOK || l2.Through == nil || len(l2.Through.Sweep) != 1 || l2.Through.Sweep[0].Shape.Bytes > 8<<20 {
		t.Errorf("%s: %s: %s, %+v", l2.ID, l2.Status, l2.Reason, l2.Through)
	}
	chase := recs[2]
	if chase.Status != record.StatusOK || chase.Curve == nil || len(chase.Curve.Points) != 2 || len(chase.Curve.Skipped) != 1 ||
		!strings.Contains(chase.Curve.Skipped[0], "above the run's largest footprint") {
		t.Errorf("%s: %s: %s, %+v", chase.ID, chase.Status, chase.Reason, chase.Curve)
	}
}
