package metrics

import (
	"context"
	"fmt"
	"math/rand"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/store"
)

// The synthetic fleet the tests store: GPUs of one model measured several
// times each, figures near the H100's recorded quick run, with a little
// noise (seeded).

const (
	h100   = "NVIDIA H100 80GB HBM3"
	driver = "580.159.03"
)

// base are the figures of a healthy GPU: record ID, unit, quantity and
// value.
func base() []record.Record {
	rec := func(id, unit string, q record.Quantity, v float64) record.Record {
		suite, _, _ := strings.Cut(id, "/")
		return record.Record{ID: id, Suite: suite, Quantity: q, Unit: unit, Status: record.StatusOK, Value: v}
	}
	return []record.Record{
		rec("alu/fma.rn.f32/latency", "cycles", record.Latency, 4),
		rec("alu/fma.rn.f32/throughput", "warp instructions/clock/SM", record.Throughput, 3.95),
		rec("mma/mma m16n8k16 f32+=f16/throughput", "operations/clock/SM", record.Throughput, 2730),
		rec("memory/bandwidth/L2 read, own lines", "bytes/clock/SM", record.Throughput, 29.1),
		rec("memory/bandwidth/DRAM read", "bytes/clock/SM", record.Throughput, 11.75),
		rec("memory/latency/global ld.ca", "cycles per load", record.Curve, 32),
		rec("memory/latency/global ld.cg", "cycles per load", record.Curve, 291),
		rec("links/host/pinned host to device", "bytes/second", record.Curve, 55.07e9),
		rec("links/host/round trip latency", "seconds", record.Latency, 13.2e-6),
		// A record outside the exported figures.
		rec("alu/add.s32/latency", "cycles", record.Latency, 4),
	}
}

// gpuRun is one run of a GPU: its figures scaled by scale (by record ID;
// missing: 1), with noise (none for a nil rng).
type gpuRun struct {
	node, uuid string
	quick      bool
	scale      map[string]float64
}

func (g gpuRun) run(rng *rand.Rand, started time.Time) *record.Run {
	recs := base()
	for i := range recs {
		s, ok := g.scale[recs[i].ID]
		if !ok {
			s = 1
		}
		noise := 1.0
		if rng != nil {
			noise += 0.005 * rng.NormFloat64()
		}
		if recs[i].Unit == "cycles" {
			noise = 1 // FFMA latency is 4 cycles, every time
		}
		recs[i].Value *= s * noise
	}
	return &record.Run{Schema: record.SchemaVersion, Started: started, Finished: started.Add(3 * time.Minute), Complete: true, Quick: g.quick,
		Tool:    record.Tool{Name: "gpuarch", Version: "0.1.0", Host: g.node, Backend: "cuda"},
		Device:  record.Device{Name: h100, UUID: g.uuid, DriverVersion: driver, Backend: "cuda"},
		Records: recs, ElapsedSeconds: 180}
}

// fleet stores runs of GPUs into a new SQLite store and returns its path:
// runs[i] times each gpu of gpus[i], a day apart, starting at day0.
func fleet(t testing.TB, gpus []gpuRun, runs []int) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "fleet.db")
	addRuns(t, path, gpus, runs, time.Date(2026, 11, 1, 3, 0, 0, 0, time.UTC))
	return path
}

func addRuns(t testing.TB, path string, gpus []gpuRun, runs []int, day0 time.Time) {
	t.Helper()
	ctx := context.Background()
	s, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	rng := rand.New(rand.NewSource(1))
	for i, g := range gpus {
		for k := 0; k < runs[i]; k++ {
			run := g.run(rng, day0.Add(time.Duration(k)*24*time.Hour+time.Duration(i)*time.Minute))
			if _, err := s.Add(ctx, run, fmt.Sprintf("%s/%d.json", g.uuid, k)); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// healthy returns n healthy GPUs on nodes node01.. (two per node).
func healthy(n int) []gpuRun {
	var out []gpuRun
	for i := 0; i < n; i++ {
		out = append(out, gpuRun{node: fmt.Sprintf("node%02d", i/2+1), uuid: fmt.Sprintf("GPU-%04d", i)})
	}
	return out
}

func repeat(n, times int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = times
	}
	return out
}
