package alu

import (
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/record"
)

// A Vulkan run on another vendor's GPU gets the seed's documented rate
// beside its throughput, flagged when the measurement is far from it; an
// NVIDIA device keeps NVIDIA's table.
func TestAnnotateDevice(t *testing.T) {
	tp := func(op string, v float64) *record.Record {
		return &record.Record{Op: op, Group: "f32", Subject: "Fma.f32", Quantity: record.Throughput, Status: record.StatusOK,
			Through: &record.ThroughputDetail{ResultsPerClockPerSM: v}}
	}
	rdna3 := record.Device{Vendor: "AMD", Name: "AMD Radeon RX 7900 XTX (RADV NAVI31)"}
	for _, tc := range []struct {
		dev    record.Device
		rec    *record.Record
		want   float64
		flag   bool
		source string
	}{
		{rdna3, tp("fma.f32", 127), 128, false, "Metal Benchmarks"},
		{rdna3, tp("fma.f32", 64), 128, true, "Metal Benchmarks"},
		{rdna3, tp("shuffle.bfly.b32", 32), 0, false, ""},
		{record.Device{Vendor: "Mesa", Name: "llvmpipe"}, tp("fma.f32", 4), 0, false, ""},
		{record.Device{Vendor: "NVIDIA", ComputeCapability: "9.0"}, &record.Record{Group: "f32", Subject: "fma.rn.f32", Quantity: record.Throughput, Status: record.StatusOK,
			Through: &record.ThroughputDetail{ResultsPerClockPerSM: 126.5}}, 128, false, "CUDA C++ Programming Guide"},
	} {
		AnnotateDevice(tc.dev, tc.rec)
		ref := tc.rec.Through.Reference
		if tc.want == 0 {
			if ref != nil {
				t.Errorf("%s on %s: reference %+v, want none", tc.rec.Op, tc.dev.Name, ref)
			}
			continue
		}
		if ref == nil || ref.ResultsPerClockPerSM != tc.want || ref.Flag != tc.flag || !strings.Contains(ref.Source, tc.source) {
			t.Errorf("%s on %s: reference %+v, want %g (flag %v) from %q", tc.rec.Op, tc.dev.Name, ref, tc.want, tc.flag, tc.source)
		}
	}
}
