package memory_test

import (
	"context"
	"testing"

	"github.com/gpuarch/gpuarch/backend/sim"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/measure/memory"
	"github.com/gpuarch/gpuarch/record"
)

// allocCounter is a simulated GPU that counts its allocations at least
// minBytes large and how many of them are still held.
type allocCounter struct {
	*sim.GPU
	minBytes     int
	allocs, held int
}

func (g *allocCounter) Alloc(n int) (engine.Buffer, error) {
	b, err := g.GPU.Alloc(n)
	if err != nil || n < g.minBytes {
		return b, err
	}
	g.allocs++
	g.held++
	return &countedBuffer{Buffer: b, g: g}, nil
}

type countedBuffer struct {
	engine.Buffer
	g *allocCounter
}

func (b *countedBuffer) Free() error {
	b.g.held--
	return b.Buffer.Free()
}

// Stream.Replace: every sample of the best point after the sweep's own
// is taken on a buffer of its own, and every buffer is freed at the end;
// without it, or where the samples' buffers would not fit 2 GiB together,
// one buffer serves them all.
func TestStreamReplaceGivesEachSampleItsBuffer(t *testing.T) {
	for _, tc := range []struct {
		replace   bool
		footprint int64
		each      bool // a buffer for each sample
	}{
		{false, 16 << 20, false},
		{true, 16 << 20, true},
		{true, 512 << 20, false},
	} {
		g := &allocCounter{GPU: sim.New(), minBytes: 4 << 20}
		g.MaxAlloc = 0
		r := &engine.Runner{GPU: g, Config: engine.DefaultConfig()}
		replace := tc.replace
		job := memory.BandwidthJob("memory", memory.Stream{Subject: "curve", Op: "ld.cg", Footprint: tc.footprint, Passes: 1,
			Replace: replace, Shapes: []memory.StreamShape{{Width: 4, WarpsPerSM: 32}}})
		var recs []record.Record
		if err := r.Run(context.Background(), []engine.Job{job}, func(rec record.Record) { recs = append(recs, rec) }); err != nil {
			t.Fatal(err)
		}
		if len(recs) != 1 || recs[0].Status != record.StatusOK {
			t.Fatalf("replace %v: %+v", replace, recs)
		}
		want := 1
		if tc.each {
			want = len(recs[0].Samples)
		}
		if len(recs[0].Samples) < 5 || g.allocs != want || g.held != 0 {
			t.Errorf("replace %v, %d bytes: %d samples on %d buffers (want %d), %d still held", replace, tc.footprint, len(recs[0].Samples), g.allocs, want, g.held)
		}
	}
}
