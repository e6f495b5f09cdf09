package store

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/gpuarch/gpuarch/compare"
	"github.com/gpuarch/gpuarch/record"
)

// BenchmarkFleetCompare is the store's speed target: 10,000 runs of 1,400
// records each (a fleet of 2,500 GPUs, four runs each), and one GPU's runs
// compared with its model's across the fleet. Filling the store is not
// timed.
func BenchmarkFleetCompare(b *testing.B) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(b.TempDir(), "fleet.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	const runs, records = 10000, 1400
	recs := make([]record.Record, records)
	for i := range recs {
		recs[i] = record.Record{ID: fmt.Sprintf("alu/op%d/throughput", i), Suite: "alu", Quantity: record.Throughput, Unit: "warp instructions/clock/SM", Status: record.StatusOK}
	}
	start := time.Now()
	for i := range runs {
		for j := range recs {
			recs[j].Value = float64(j%7) + float64(i%13)/100
		}
		r := &record.Run{Tool: record.Tool{Host: fmt.Sprintf("node%04d", i/4), Backend: "cuda"}, Started: time.Date(2026, 1, 1, 0, 0, i, 0, time.UTC), Complete: true,
			Device: record.Device{Name: "NVIDIA H200", UUID: fmt.Sprintf("GPU-%04d", i/4), DriverVersion: "580.159.04"}, Records: recs}
		if _, err := s.Add(ctx, r, "bench"); err != nil {
			b.Fatal(err)
		}
	}
	b.Logf("stored %d runs of %d records in %v", runs, records, time.Since(start))
	b.ResetTimer()
	for range b.N {
		one, _, err := s.Set(ctx, Filter{UUID: "GPU-0042"})
		if err != nil {
			b.Fatal(err)
		}
		fleet, n, err := s.Set(ctx, Filter{Model: "NVIDIA H200"})
		if err != nil || n != runs {
			b.Fatalf("%d runs, %v", n, err)
		}
		if _, err := compare.Runs(fleet, one, 0.05); err != nil {
			b.Fatal(err)
		}
	}
}
