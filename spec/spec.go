// Package spec derives a GPU's spec sheet from what the driver reports and
// from NVIDIA's documented per-SM rates: the peak operations per second and
// memory bandwidth a measurement is compared against.
//
// Everything here is either read from the device (SM count, clocks, bus
// width) or reference data shipped with its source; nothing is measured
// here, and the sheet says which is which. Measured figures live in records.
package spec

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/gpuarch/gpuarch/archdb"
	"github.com/gpuarch/gpuarch/record"
)

// Rates are results per clock per SM of fused multiply-add instructions.
type Rates struct {
	FP16 float64 `json:"fp16"` // 16-bit floating point add, multiply, multiply-add (packed: both halves count)
	FP32 float64 `json:"fp32"`
	FP64 float64 `json:"fp64"`
}

// Documented returns NVIDIA's documented rates for a compute capability
// ("9.0") from archdb, and false when the table lacks any of them.
func Documented(cc string) (Rates, bool) {
	var r Rates
	for _, c := range []struct {
		class archdb.Class
		dst   *float64
	}{{archdb.FP16FMA, &r.FP16}, {archdb.FP32FMA, &r.FP32}, {archdb.FP64FMA, &r.FP64}} {
		cell, ok := archdb.Guide(cc, c.class)
		if !ok || cell.PerSM == 0 {
			return Rates{}, false
		}
		*c.dst = cell.PerSM
	}
	return r, true
}

// Sheet is a GPU's specification.
type Sheet struct {
	Device record.Device `json:"device"`
	// ClockHz is the SM clock the peaks are computed at, and ClockSource
	// says where it came from (measured in-kernel, or NVML's maximum).
	ClockHz     float64 `json:"clock_hz"`
	ClockSource string  `json:"clock_source"`
	// PerSM are the documented rates, absent when the guide does not
	// list this compute capability.
	PerSM       *Rates `json:"per_sm,omitempty"`
	RatesSource string `json:"rates_source,omitempty"`
	// Peak operations per second (an FMA counts as two operations).
	FP16OPS float64 `json:"fp16_ops_per_second,omitempty"`
	FP32OPS float64 `json:"fp32_ops_per_second,omitempty"`
	FP64OPS float64 `json:"fp64_ops_per_second,omitempty"`
	// MemoryBandwidth is 2 (double data rate) x memory clock x bus width,
	// in bytes per second, from the driver's attributes.
	MemoryBandwidth float64 `json:"memory_bandwidth_bytes_per_second,omitempty"`
	L2Bytes         int     `json:"l2_bytes,omitempty"`
	// Generation is the architecture's name for the compute capability
	// ("Hopper" for 9.0), empty when unknown.
	Generation string `json:"generation,omitempty"`
	// TensorOPS are the documented dense tensor-core peaks at ClockHz, by
	// input type (f16, bf16, tf32, e4m3, s8, f64), in operations per
	// second; TensorSource cites them.
	TensorOPS    map[string]float64 `json:"tensor_ops_per_second,omitempty"`
	TensorSource string             `json:"tensor_source,omitempty"`
}

// generations names NVIDIA architectures by compute capability major (and,
// where one major spans two, minor) version.
var generations = map[string]string{
	"6.0": "Pascal", "6.1": "Pascal", "6.2": "Pascal", "7.0": "Volta", "7.2": "Volta", "7.5": "Turing",
	"8.0": "Ampere", "8.6": "Ampere", "8.7": "Ampere", "8.9": "Ada Lovelace", "9.0": "Hopper",
	"10.0": "Blackwell", "10.3": "Blackwell", "12.0": "Blackwell", "12.1": "Blackwell",
}

// New computes the sheet at the given clock; a nil clock uses NVML's maximum
// SM clock, if known.
func New(d record.Device, clock *record.Clock) Sheet {
	s := Sheet{Device: d, L2Bytes: d.Attributes["L2_CACHE_SIZE"]}
	switch {
	case clock != nil && clock.Hz > 0:
		s.ClockHz, s.ClockSource = clock.Hz, "measured: "+clock.Source
	case d.MaxSMClockHz > 0:
		s.ClockHz, s.ClockSource = d.MaxSMClockHz, "NVML maximum SM clock (not measured)"
	}
	if r, ok := Documented(d.ComputeCapability); ok {
		s.PerSM, s.RatesSource = &r, archdb.GuideSource
		k := 2 * float64(d.SMs) * s.ClockHz
		s.FP16OPS, s.FP32OPS, s.FP64OPS = k*r.FP16, k*r.FP32, k*r.FP64
	}
	s.Generation = generations[d.ComputeCapability]
	for _, t := range []string{"f16", "bf16", "tf32", "e4m3", "s8", "f64"} {
		if v, ok := archdb.TensorPeak(d.ComputeCapability, t); ok && s.ClockHz > 0 {
			if s.TensorOPS == nil {
				s.TensorOPS, s.TensorSource = map[string]float64{}, archdb.TensorSource
			}
			s.TensorOPS[t] = v * float64(d.SMs) * s.ClockHz
		}
	}
	if khz, bits := d.Attributes["MEMORY_CLOCK_RATE"], d.Attributes["GLOBAL_MEMORY_BUS_WIDTH"]; khz > 0 && bits > 0 {
		s.MemoryBandwidth = 2 * float64(khz) * 1e3 * float64(bits) / 8
	}
	return s
}

// WriteText writes the sheet as aligned text.
func (s Sheet) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	d := s.Device
	row := func(k, format string, args ...any) { fmt.Fprintf(tw, "%s\t%s\n", k, fmt.Sprintf(format, args...)) }
	row("GPU", "%d: %s", d.Ordinal, d.Name)
	row("UUID", "%s", d.UUID)
	if d.PCIBusID != "" {
		row("PCI bus", "%s", d.PCIBusID)
	}
	gen := ""
	if s.Generation != "" {
		gen = ", " + s.Generation
	}
	drv := d.DriverVersion
	if drv == "" {
		drv = "unknown (NVML unavailable)"
	}
	u := d.UnitsOf()
	if v := d.Vulkan; v != nil {
		if d.ComputeCapability != "" {
			row("Compute capability", "%s%s (NVML)", d.ComputeCapability, gen)
		}
		row("Driver", "%s, Vulkan %s (%s %s)", drv, v.APIVersion, v.DriverName, v.DriverInfo)
	} else {
		row("Compute capability", "%s%s (PTX .target %s, .version %s)", d.ComputeCapability, gen, d.PTXTarget, d.PTXVersion)
		row("Driver", "%s, CUDA %d.%d", drv, d.CUDAVersion/1000, d.CUDAVersion%1000/10)
	}
	if d.SMs > 0 {
		row(u.Cores, "%d × %d sub-partitions, %s size %d", d.SMs, d.SubPartitions, u.Subgroup, d.WarpSize)
	} else {
		row(u.Cores, "not reported by the driver; %s size %d", u.Subgroup, d.WarpSize)
	}
	row("Memory", "%.1f GiB", float64(d.MemoryBytes)/(1<<30))
	if s.L2Bytes > 0 {
		row("L2 cache", "%.1f MiB (driver attribute)", float64(s.L2Bytes)/(1<<20))
	}
	if v := d.Attributes["MAX_SHARED_MEMORY_PER_MULTIPROCESSOR"]; v > 0 {
		row("Shared memory per SM", "%d KiB (driver attribute)", v/1024)
	}
	if v := d.Attributes["MAX_REGISTERS_PER_MULTIPROCESSOR"]; v > 0 {
		row("Registers per SM", "%d × 32 bit (driver attribute)", v)
	}
	if v := d.Attributes["MAX_THREADS_PER_MULTIPROCESSOR"]; v > 0 {
		row("Threads per SM", "%d (driver attribute)", v)
	}
	if d.MaxSMClockHz > 0 {
		row("SM clock, maximum", "%.0f MHz (NVML)", d.MaxSMClockHz/1e6)
	}
	if s.ClockHz > 0 {
		row("SM clock for peaks", "%.0f MHz — %s", s.ClockHz/1e6, s.ClockSource)
	}
	if s.PerSM != nil && s.ClockHz > 0 {
		row("Peak FP32", "%s (%g FMA results/clk/SM, documented)", tera(s.FP32OPS, "FLOP/s"), s.PerSM.FP32)
		row("Peak FP64", "%s (%g FMA results/clk/SM, documented)", tera(s.FP64OPS, "FLOP/s"), s.PerSM.FP64)
		row("Peak FP16", "%s (%g FMA results/clk/SM, documented)", tera(s.FP16OPS, "FLOP/s"), s.PerSM.FP16)
		row("Rates source", "%s", s.RatesSource)
	} else if s.PerSM == nil {
		row("Peak rates", "compute capability %s is not in the documented table", d.ComputeCapability)
	}
	for _, t := range []string{"f16", "bf16", "tf32", "e4m3", "s8", "f64"} {
		if v, ok := s.TensorOPS[t]; ok {
			row("Tensor "+t+", dense", "%s (documented per-SM rate at this clock)", tera(v, "OP/s"))
		}
	}
	if s.TensorSource != "" {
		row("Tensor source", "%s", s.TensorSource)
	}
	if s.MemoryBandwidth > 0 {
		row("Memory bandwidth", "%.2f TB/s (2 × %d MHz × %d bit, driver attributes)", s.MemoryBandwidth/1e12,
			d.Attributes["MEMORY_CLOCK_RATE"]/1000, d.Attributes["GLOBAL_MEMORY_BUS_WIDTH"])
	}
	return tw.Flush()
}

func tera(v float64, unit string) string {
	return strings.TrimSpace(fmt.Sprintf("%.1f T%s", v/1e12, unit))
}
