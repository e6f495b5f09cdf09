package alu

import (
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/record"
)

// A Vulkan run on another vendor's GPU gets the vendor's documented rate
// beside its throughput where the vendor publishes one, else the seed's,
// flagged when the measurement is far from it; an NVIDIA device keeps
// NVIDIA's table.
func TestAnnotateDevice(t *testing.T) {
	tp := func(op string, v float64) *record.Record {
		return &record.Record{Op: op, Group: "f32", Subject: "Fma.f32", Quantity: record.Throughput, Status: record.StatusOK,
			Through: &record.ThroughputDetail{ResultsPerClockPerSM: v}}
	}
	rdna3 := record.Device{Vendor: "AMD", Name: "AMD Radeon RX 7900 XTX (RADV NAVI31)"}
	vk := func(vendorID uint32, vendor, name string) record.Device {
		return record.Device{Backend: "vulkan", Vendor: vendor, Name: name, Vulkan: &record.VulkanDevice{VendorID: vendorID}}
	}
	mi300x := vk(0x1002, "", "AMD Instinct MI300X") // known by its vendor ID alone
	arc := vk(0x8086, "Intel", "Intel(R) Arc(TM) A770 Graphics")
	tgl := vk(0x8086, "Intel", "Intel(R) Xe Graphics (TGL GT2)")
	apple := vk(0x106b, "", "Apple M2 Max") // MoltenVK
	for _, tc := range []struct {
		dev    record.Device
		rec    *record.Record
		want   float64
		flag   bool
		source string
	}{
		{rdna3, tp("fma.f32", 127), 128, false, "AMD Radeon RX 7900 XTX"}, // the vendor's figure before the seed's
		{rdna3, tp("fma.f32", 64), 128, true, "AMD Radeon RX 7900 XTX"},
		{rdna3, tp("add.f32", 120), 128, false, "Metal Benchmarks"}, // AMD states no add rate: the seed's
		{rdna3, tp("shuffle.bfly.b32", 32), 0, false, ""},
		{mi300x, tp("fma.f64", 63), 64, false, "MI300X"},
		{mi300x, tp("fma.f32", 127), 128, false, "MI300X"},
		{arc, tp("fma.f32", 120), 128, false, "Xe HPG"},
		{arc, tp("fma.f16x2", 250), 256, false, "Xe HPG"},
		{arc, tp("fma.f64", 2), 0, false, ""}, // Intel publishes no Xe-HPG FP64 rate
		{tgl, tp("add.i32", 128), 128, false, "oneAPI GPU Optimization Guide"},
		{apple, tp("add.i32", 127), 128, false, "Metal Benchmarks"},
		{apple, tp("fma.f64", 1), 0, false, ""}, // emulated: the seed gives a bound only
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
