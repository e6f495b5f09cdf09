package dispatch

import (
	"testing"

	"github.com/gpuarch/gpuarch/record"
)

func TestStrategies(t *testing.T) {
	dev := record.Device{Attributes: map[string]int{"MAX_SHARED_MEMORY_PER_MULTIPROCESSOR": 233472, "MAX_SHARED_MEMORY_PER_BLOCK_OPTIN": 232448}}
	seen := map[string]bool{}
	for _, s := range Strategies(dev) {
		if seen[s.Name] || s.Threads < 32 || s.Threads > 1024 || s.Waves < 2 || s.SpinMicros <= 0 {
			t.Errorf("strategy %+v", s)
		}
		seen[s.Name] = true
		// The shared-memory strategy must leave room for one block only.
		if s.SharedBytes > 0 && (2*s.SharedBytes <= 233472 || s.SharedBytes > 232448) {
			t.Errorf("%s: %d shared bytes do not make one block per SM", s.Name, s.SharedBytes)
		}
	}
	if len(Jobs(dev)) != 4 {
		t.Error("want a dispatch, a launch, a sync and a control job")
	}
	for _, b := range Branches() {
		if b.Mode == "divergent" && (b.Paths < 2 || b.Paths&(b.Paths-1) != 0) {
			t.Errorf("%s: paths must be a power of two", b.Name)
		}
	}
	names := map[string]bool{}
	for _, c := range AtomicCases() {
		if c.Ways < 1 || c.Atomic.Space != "shared" && c.Atomic.Space != "global" {
			t.Errorf("atomic case %+v", c)
		}
		key := c.Atomic.Name() + c.Variant
		if c.Atomic.Aggregated {
			key += " agg"
		}
		if c.Full {
			key += " full"
		}
		if names[key] {
			t.Errorf("atomic case %s twice", key)
		}
		names[key] = true
	}
	// Every backend times the same launch costs under its own names.
	ops := map[string][]string{}
	for _, backend := range []string{"cuda", "vulkan"} {
		for _, c := range LaunchCases(backend) {
			if c.Batch.Launches < 1 || c.Batch.Streams < 1 {
				t.Errorf("%s launch case %+v", backend, c)
			}
			if c.Op != "" {
				ops[c.Op] = append(ops[c.Op], backend)
			}
		}
	}
	for _, op := range []string{opQueued, opRecorded, opRoundTrip} {
		if len(ops[op]) != 2 {
			t.Errorf("launch cost %q timed by %v, not by both backends", op, ops[op])
		}
	}
}
