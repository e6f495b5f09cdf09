package memory_test

import (
	"context"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/gpuarch/gpuarch/backend/sim"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/measure/memory"
	"github.com/gpuarch/gpuarch/record"
)

// Every chase point carries the clock its kernel ran at, from its own
// cycles over its own timer, and a chase run at a clock the warm-up did
// not see says so in its record.
func TestChaseClock(t *testing.T) {
	for _, tc := range []struct {
		name    string
		chaseHz float64 // the fake GPU's clock once warmed up
		warn    bool
	}{
		{"at the warm-up clock", 1.98e9, false},
		{"the driver lowered the clock", 1.2e9, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := sim.New()
			r := &engine.Runner{GPU: g, Config: engine.DefaultConfig()}
			ctx := context.Background()
			if _, err := r.Warmup(ctx, 0, time.Millisecond); err != nil {
				t.Fatal(err)
			}
			g.ClockHz = tc.chaseHz
			job := memory.ChaseJob("memory", []memory.ChasePath{{Name: "global ld.cg", Space: "global", CacheOp: "cg"}}, []int64{1 << 20, 64 << 20})
			var recs []record.Record
			if err := r.Run(ctx, []engine.Job{job}, func(rec record.Record) { recs = append(recs, rec) }); err != nil {
				t.Fatal(err)
			}
			if len(recs) != 1 || recs[0].Curve == nil || len(recs[0].Curve.Points) != 2 {
				t.Fatalf("records %+v", recs)
			}
			rec := recs[0]
			for _, p := range rec.Curve.Points {
				if math.Abs(p.ClockHz-tc.chaseHz) > 0.01*tc.chaseHz {
					t.Errorf("%d bytes: clock %.0f MHz, want %.0f", p.Bytes, p.ClockHz/1e6, tc.chaseHz/1e6)
				}
			}
			warned := strings.Contains(strings.Join(rec.Warnings, "\n"), "SM clock off the warm-up's 1980 MHz")
			if warned != tc.warn {
				t.Errorf("warnings %q, want a clock warning: %v", rec.Warnings, tc.warn)
			}
		})
	}
}

// The chase points the quick check compares (the L1 and L2 paths at
// QuickFootprints) carry five samples, the whole pass's value first; the
// other points and paths carry none.
func TestChaseSampledPoints(t *testing.T) {
	r := &engine.Runner{GPU: sim.New(), Config: engine.DefaultConfig()}
	ctx := context.Background()
	paths := []memory.ChasePath{{Name: memory.PathL2, Space: "global", CacheOp: "cg"}, {Name: "global ld.cg, other", Space: "global", CacheOp: "cg"}}
	job := memory.ChaseJob("memory", paths, []int64{1 << 20, 8 << 20})
	var recs []record.Record
	if err := r.Run(ctx, []engine.Job{job}, func(rec record.Record) { recs = append(recs, rec) }); err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 {
		t.Fatalf("%d records, want 2", len(recs))
	}
	for _, rec := range recs {
		for _, p := range rec.Curve.Points {
			want := 0
			if memory.Sampled(rec.Subject, p.Bytes) {
				want = r.Config.Until.MinOrDefault()
			}
			if len(p.Samples) != want || want > 0 && p.Samples[0] != p.Value {
				t.Errorf("%s at %d bytes: samples %v (value %v), want %d, the value first", rec.Subject, p.Bytes, p.Samples, p.Value, want)
			}
		}
	}
	if !memory.Sampled(memory.PathL2, 8<<20) || memory.Sampled(memory.PathL2, 1<<20) {
		t.Error("Sampled does not pick the quick check's L2 point alone")
	}
}
