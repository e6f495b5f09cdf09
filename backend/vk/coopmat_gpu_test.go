package vk_test

import (
	"context"
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/measure/mma"
	"github.com/gpuarch/gpuarch/record"
)

// TestCoopMatUnsupportedOnVulkan runs the matrix suite end to end on a
// Vulkan device without cooperative matrices (lavapipe): its records are
// skipped, saying why, and the run does not fail.
func TestCoopMatUnsupportedOnVulkan(t *testing.T) {
	g := openDevice(t)
	d := g.Device()
	if len(d.Vulkan.CooperativeMatrix) > 0 {
		t.Skipf("%s lists %d cooperative matrices; this test is for a device without them", d.Name, len(d.Vulkan.CooperativeMatrix))
	}
	planned := mma.Jobs(d)
	if len(planned) != 1 || !strings.Contains(planned[0].Key, mma.CoopMatDefault.Name()) {
		t.Fatalf("jobs %v, want the default form's alone", planned)
	}
	r := &engine.Runner{GPU: g, Config: smallConfig()}
	var recs []record.Record
	if err := r.Run(context.Background(), []engine.Job{planned[0].Job}, func(rec record.Record) { recs = append(recs, rec) }); err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 {
		t.Fatalf("%d records, want latency and throughput", len(recs))
	}
	for _, rec := range recs {
		if rec.Status != record.StatusSkipped || !strings.HasPrefix(rec.Reason, "not supported by this device: ") || rec.Suite != mma.Suite {
			t.Errorf("%s: %s, %q", rec.ID, rec.Status, rec.Reason)
		}
	}
	if recs[1].Op != "mma.f32+=f16*f16" {
		t.Errorf("throughput op %q", recs[1].Op)
	}
	t.Logf("%s: %s", recs[0].ID, recs[0].Reason)
}
