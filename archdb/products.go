package archdb

import "strings"

// Product is one GPU's figures as its vendor states them: the unit count,
// the clock its peaks are stated at and the peaks themselves, whole-GPU,
// in TFLOP/s (TOP/s for integers).
//
// Products complement Datasheets (the data-center GPUs the report compares
// side by side) with the AMD and Intel products whose architectures
// VendorRates describes; a test checks that each stated peak, divided by
// units × clock, gives the architecture's per-unit rate.
type Product struct {
	GPU  string
	Arch Arch
	// Names are what a driver may call the product, matched as words
	// in the device name, case-insensitively.
	Names    []string
	Units    int
	UnitName string  // "CU" or "Xe-core"
	ClockMHz float64 // the clock the peaks are stated at
	// Peaks maps an operation (as Rate.Op) to the stated peak in
	// TFLOP/s or TOP/s, a fused multiply-add counting two.
	Peaks  map[string]float64
	Source string
}

// PerUnitPerClock is a stated peak divided by units × clock: operations
// per clock per unit. It returns false where the product states no peak
// for op.
func (p Product) PerUnitPerClock(op string) (float64, bool) {
	v, ok := p.Peaks[op]
	if !ok || p.Units == 0 || p.ClockMHz == 0 {
		return 0, false
	}
	return v * 1e12 / (float64(p.Units) * p.ClockMHz * 1e6), true
}

// Products returns the vendors' figures for a representative AMD and Intel
// GPU of each architecture in VendorRates that has one, each with its
// source.
func Products() []Product {
	return []Product{
		{GPU: "Instinct MI300X", Arch: CDNA3, Names: []string{"MI300X"}, Units: 304, UnitName: "CU", ClockMHz: 2100,
			Peaks: map[string]float64{"fma.f64": 81.7, "fma.f32": 163.4, "mma.f64": 163.4, "mma.f32": 163.4, "mma.tf32": 653.7,
				"mma.f16": 1307.4, "mma.bf16": 1307.4, "mma.fp8": 2614.9, "mma.s8": 2614.9},
			Source: SourceMI300 + " (Peak TFLOPS column); 304 CUs: ROCm \"Accelerator and GPU hardware specifications\"; " +
				"2100 MHz: AMD Instinct MI300X datasheet (2023)"},
		{GPU: "Instinct MI250", Arch: CDNA2, Names: []string{"MI250"}, Units: 208, UnitName: "CU", ClockMHz: 1700,
			Peaks: map[string]float64{"fma.f64": 45.3, "fma.f32": 45.3, "fma.f32x2": 90.5, "mma.f64": 90.5, "mma.f32": 90.5,
				"mma.f16": 362.1, "mma.bf16": 362.1, "mma.s8": 362.1},
			Source: SourceMI250 + " (Peak TFLOPS column; the same page: 104 active CUs per GCD, two GCDs, peak clock 1.7 GHz)"},
		{GPU: "Instinct MI100", Arch: CDNA1, Names: []string{"MI100"}, Units: 120, UnitName: "CU", ClockMHz: 1500,
			Peaks:  map[string]float64{"fma.f64": 11.5, "fma.f32": 23.1, "mma.f32": 46.1, "mma.f16": 184.6, "mma.bf16": 92.3},
			Source: SourceMI100 + " (Peak TFLOPS column; the same page: 120 CUs, peak clock 1.5 GHz)"},
		{GPU: "Radeon RX 7900 XTX", Arch: RDNA3, Names: []string{"RX 7900 XTX"}, Units: 96, UnitName: "CU", ClockMHz: 2500,
			Peaks: map[string]float64{"fma.f32": 61, "fma.f16x2": 123}, Source: SourceRX7900XTX},
		{GPU: "Radeon RX 6900 XT", Arch: RDNA2, Names: []string{"RX 6900 XT"}, Units: 80, UnitName: "CU", ClockMHz: 2250,
			Peaks: map[string]float64{"fma.f32": 23.04, "fma.f16x2": 46.08}, Source: SourceRX6900XT},
		{GPU: "Data Center GPU Max 1550", Arch: XeHPC, Names: []string{"Max 1550"}, Units: 128, UnitName: "Xe-core", ClockMHz: 1600,
			Peaks: map[string]float64{"fma.f64": 52},
			Source: "Intel Data Center GPU Max Series launch (November 2022): Max 1550, 128 Xe-cores, up to 1.6 GHz, 52 TFLOPS FP64 " +
				"(as reported by Tom's Hardware and others, and Intel ARK https://ark.intel.com/content/www/us/en/ark/products/232873/intel-data-center-gpu-max-1550.html; ARK itself was not read here)"},
	}
}

// ProductOf returns the product a device name names ("AMD Instinct
// MI300X", "AMD Radeon RX 7900 XTX (RADV NAVI31)"), and false for one not
// in Products. A name matches as a whole word: "MI250" does not match
// "MI250X".
func ProductOf(device string) (Product, bool) {
	d := strings.ToUpper(device)
	for _, p := range Products() {
		for _, n := range p.Names {
			if containsWord(d, strings.ToUpper(n)) {
				return p, true
			}
		}
	}
	return Product{}, false
}

// containsWord reports whether w occurs in s with no letter or digit
// directly before or after it.
func containsWord(s, w string) bool {
	alnum := func(c byte) bool { return c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' }
	for i := 0; ; {
		j := strings.Index(s[i:], w)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(w)
		if (j == 0 || !alnum(s[j-1])) && (end == len(s) || !alnum(s[end])) {
			return true
		}
		i = j + 1
	}
}
