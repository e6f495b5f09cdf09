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

// A shared pattern that needs more shared memory per block than the
// device has is skipped as not supported, and the others are measured.
func TestBankJobSharedTooSmall(t *testing.T) {
	g := sim.New()
	g.SharedPerSM = 9 << 10 // 8 KiB per block: 4- and 8-byte patterns fit, 16-byte ones do not
	r := &engine.Runner{GPU: g, Config: engine.DefaultConfig()}
	cases := []memory.BankCase{
		{Subject: "4-byte stride 1", Width: 4, Stride: 1},
		{Subject: "16-byte stride 1", Width: 16, Stride: 1},
	}
	var recs []record.Record
	if err := r.Run(context.Background(), []engine.Job{memory.BankJob("memory", cases)}, func(rec record.Record) { recs = append(recs, rec) }); err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 {
		t.Fatalf("%d records", len(recs))
	}
	if recs[0].Status != record.StatusOK || recs[0].Op != "shared banks/4-byte stride 1" || recs[0].ID != "memory/shared banks/4-byte stride 1" {
		t.Errorf("%+v", recs[0])
	}
	if recs[1].Status != record.StatusSkipped || !strings.Contains(recs[1].Reason, "not supported by this device") || !strings.Contains(recs[1].Reason, "16384 bytes") {
		t.Errorf("%s: %s: %s", recs[1].ID, recs[1].Status, recs[1].Reason)
	}
}
