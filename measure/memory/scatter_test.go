package memory_test

import (
	"context"
	"encoding/binary"
	"strings"
	"testing"
	"time"

	"github.com/gpuarch/gpuarch/backend/sim"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/measure/memory"
	"github.com/gpuarch/gpuarch/record"
)

// scatterGPU is the simulated GPU that runs the scattered writes: each
// warp of a launch takes 128 × warps per SM cycles an iteration, plus the
// launch's number (an untimed launch ten times that), so every count of
// warps gives 0.25 lines per clock per SM, a little less launch by launch.
type scatterGPU struct {
	*sim.GPU
	bufs     map[engine.Ptr]*scatterBuf
	seeds    []uint32
	launches int
}

// scatterBuf is a simulated buffer the scattered writes' launches write
// their warps' cycles into (held beside the simulated GPU's own).
type scatterBuf struct {
	engine.Buffer
	data []byte
}

func (b *scatterBuf) Read() ([]byte, error) {
	if b.data != nil {
		return b.data, nil
	}
	return b.Buffer.Read()
}

func (b *scatterBuf) Clear() error { clear(b.data); return b.Buffer.Clear() }

func (g *scatterGPU) Alloc(n int) (engine.Buffer, error) {
	b, err := g.GPU.Alloc(n)
	if err != nil {
		return nil, err
	}
	sb := &scatterBuf{Buffer: b}
	g.bufs[b.Ptr()] = sb
	return sb, nil
}

func (g *scatterGPU) Compile(ctx context.Context, name, source string) (engine.Program, error) {
	p, err := g.GPU.Compile(ctx, name, source)
	if name == "scatter" && err == nil {
		return &scatterProg{Program: p, g: g}, nil
	}
	return p, err
}

type scatterProg struct {
	engine.Program
	g *scatterGPU
}

func (p *scatterProg) Launch(_ context.Context, kernel string, grid engine.Grid, _ time.Duration, args ...any) error {
	g := p.g
	seed, iters, out := args[2].(uint32), args[3].(uint32), g.bufs[args[4].(engine.Ptr)]
	n := len(g.seeds) % 6 // each count: one untimed launch (0), then five
	g.seeds = append(g.seeds, seed)
	w := grid.Threads / 32
	perIter := uint64(128*w + n)
	if n == 0 {
		perIter *= 10
	}
	warps := grid.Blocks * w
	out.data = make([]byte, 8*warps)
	for i := range warps {
		binary.LittleEndian.PutUint64(out.data[8*i:], perIter*uint64(iters))
	}
	return nil
}

// The scattered writes launch each count of warps once untimed and five
// times timed, each launch with a seed of its own, and record the timed
// launches' lines per clock per SM: every count in the sweep, the last
// count's five launches as the value's samples.
func TestScatterJobMeasures(t *testing.T) {
	g := &scatterGPU{GPU: sim.New(), bufs: map[engine.Ptr]*scatterBuf{}}
	r := &engine.Runner{GPU: g, Config: engine.DefaultConfig()}
	levels := []memory.DivergentLevel{{Name: memory.LevelL2, Footprint: 1 << 20, Note: "test"}}
	var recs []record.Record
	if err := r.Run(context.Background(), []engine.Job{memory.ScatterJob(memory.Suite, levels)}, func(rec record.Record) { recs = append(recs, rec) }); err != nil {
		t.Fatal(err)
	}
	if len(recs) != len(memory.ScatterInstrs) {
		t.Fatalf("%d records, want %d", len(recs), len(memory.ScatterInstrs))
	}
	for _, rec := range recs {
		if rec.Status != record.StatusOK || rec.Sweep == nil || len(rec.Sweep.Points) != 3 || rec.Sweep.Best != 2 {
			t.Fatalf("%s: %s %s, sweep %+v", rec.ID, rec.Status, rec.Reason, rec.Sweep)
		}
		// 32 lines × w warps over 128 × w cycles, and 1 to 5 cycles more.
		for i, p := range rec.Sweep.Points {
			w := []float64{1, 4, 32}[i]
			if p.X != w || p.Failed != "" || p.Max >= 0.25 || p.Min < 32*w/(128*w+5) || p.Value < p.Min || p.Value > p.Max {
				t.Errorf("%s: point %+v", rec.ID, p)
			}
		}
		if len(rec.Samples) != 5 || rec.Summary == nil || rec.Value != rec.Sweep.Points[2].Value || rec.Value != rec.Summary.Median {
			t.Errorf("%s: value %v, samples %v, summary %+v", rec.ID, rec.Value, rec.Samples, rec.Summary)
		}
		if rec.Provenance.Clock == nil || rec.Code == nil || !strings.Contains(rec.Note, "each count launched once untimed, then 5 times timed") {
			t.Errorf("%s: clock %+v, code %+v, note %q", rec.ID, rec.Provenance.Clock, rec.Code, rec.Note)
		}
	}
	seen := map[uint32]bool{}
	for _, s := range g.seeds {
		if seen[s] {
			t.Errorf("seed %#x used twice in %d launches", s, len(g.seeds))
		}
		seen[s] = true
	}
	if want := len(memory.ScatterInstrs) * 3 * 6; len(g.seeds) != want {
		t.Errorf("%d launches, want %d", len(g.seeds), want)
	}
}
