package engine_test

import (
	"context"
	"testing"
	"time"

	"github.com/gpuarch/gpuarch/backend/sim"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/record"
)

// TestRunChargesEveryRecord checks that a Run's records carry their share
// of their job's time, and that the shares add up to no more than the
// run's time and make up its parts.
func TestRunChargesEveryRecord(t *testing.T) {
	g := sim.New()
	r := &engine.Runner{GPU: g, Config: testConfig()}
	var recs []record.Record
	start := time.Now()
	if err := r.Chains(context.Background(), []engine.ChainSpec{fmaSpec(), fmaSpec()}, func(rec record.Record) { recs = append(recs, rec) }); err != nil {
		t.Fatal(err)
	}
	wall := time.Since(start).Seconds()
	sum := 0.0
	for _, rec := range recs {
		c := rec.Provenance.Cost
		if c == nil {
			t.Fatalf("%s has no cost", rec.ID)
		}
		if c.WallSeconds <= 0 || c.CompileSeconds < 0 || c.GPUSeconds < 0 || c.HostSeconds < 0 {
			t.Fatalf("%s: cost %+v", rec.ID, *c)
		}
		if d := c.WallSeconds - (c.CompileSeconds + c.GPUSeconds + c.HostSeconds); d > 1e-9 || d < -1e-9 {
			t.Fatalf("%s: wall %g is not compile + GPU + host (%+v)", rec.ID, c.WallSeconds, *c)
		}
		sum += c.WallSeconds
	}
	if sum > wall {
		t.Fatalf("records charged %.3f s of a %.3f s run", sum, wall)
	}
	if st := record.SuiteTimes(recs); len(st) != 1 || st[0].Records != len(recs) {
		t.Fatalf("suite times %+v", st)
	}
}
