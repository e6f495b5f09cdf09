package spec

import (
	"bytes"
	"encoding/json"
	"flag"
	"math"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/gpuarch/gpuarch/record"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

func h200() record.Device {
	return record.Device{
		Name: "NVIDIA H200", UUID: "GPU-4ce3e338-c042-64d5-f59e-2dc4970c4864", ComputeCapability: "9.0",
		DriverVersion: "580.159.04", CUDAVersion: 13000, PTXVersion: "9.0", PTXTarget: "sm_90",
		SMs: 132, SubPartitions: 4, WarpSize: 32, MemoryBytes: 150105227264, MaxSMClockHz: 1.98e9,
		Attributes: map[string]int{
			"MEMORY_CLOCK_RATE": 3201000, "GLOBAL_MEMORY_BUS_WIDTH": 6016, "L2_CACHE_SIZE": 62914560,
			"MAX_SHARED_MEMORY_PER_MULTIPROCESSOR": 233472, "MAX_REGISTERS_PER_MULTIPROCESSOR": 65536,
			"MAX_THREADS_PER_MULTIPROCESSOR": 2048,
		},
	}
}

func TestPeaks(t *testing.T) {
	tests := []struct {
		name               string
		dev                record.Device
		clock              *record.Clock
		fp32, fp64, memBW  float64
		clockHz            float64
		documentedRatesSet bool
	}{
		{"measured clock", h200(), &record.Clock{Hz: 1.98e9, Source: "test"}, 2 * 128 * 132 * 1.98e9, 2 * 64 * 132 * 1.98e9, 2 * 3201e6 * 6016 / 8, 1.98e9, true},
		{"NVML clock", h200(), nil, 2 * 128 * 132 * 1.98e9, 2 * 64 * 132 * 1.98e9, 2 * 3201e6 * 6016 / 8, 1.98e9, true},
		{"unknown architecture", func() record.Device { d := h200(); d.ComputeCapability = "42.0"; return d }(), nil, 0, 0, 2 * 3201e6 * 6016 / 8, 1.98e9, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := New(tc.dev, tc.clock)
			near := func(what string, got, want float64) {
				if math.Abs(got-want) > 1e-9*math.Max(1, want) {
					t.Errorf("%s = %g, want %g", what, got, want)
				}
			}
			near("FP32", s.FP32OPS, tc.fp32)
			near("FP64", s.FP64OPS, tc.fp64)
			near("bandwidth", s.MemoryBandwidth, tc.memBW)
			near("clock", s.ClockHz, tc.clockHz)
			if (s.PerSM != nil) != tc.documentedRatesSet {
				t.Errorf("documented rates %v", s.PerSM)
			}
		})
	}
}

func TestWriteTextGolden(t *testing.T) {
	var b bytes.Buffer
	if err := New(h200(), &record.Clock{Hz: 1.98e9, Source: "test clock"}).WriteText(&b); err != nil {
		t.Fatal(err)
	}
	const golden = "testdata/h200.txt"
	if *update {
		if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if d := cmp.Diff(string(want), b.String()); d != "" {
		t.Errorf("spec sheet differs (-want +got):\n%s", d)
	}
}

// TestJSONGolden pins the spec sheet's JSON (what `gpuarch info --json`
// prints and Go callers get) down for the recorded H200.
func TestJSONGolden(t *testing.T) {
	b, err := json.MarshalIndent(New(h200(), &record.Clock{Hz: 1.98e9, Source: "test clock"}), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	b = append(b, '\n')
	const golden = "testdata/h200.json"
	if *update {
		if err := os.WriteFile(golden, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if d := cmp.Diff(string(want), string(b)); d != "" {
		t.Errorf("spec sheet JSON differs (-want +got):\n%s", d)
	}
}
