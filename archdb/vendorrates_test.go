package archdb

import (
	"math"
	"strings"
	"testing"
)

func TestVendorArch(t *testing.T) {
	for _, tc := range []struct {
		name     string
		vendorID uint32
		vendor   string
		device   string
		want     Arch
		ok       bool
	}{
		{"RADV Navi 31", VendorAMD, "AMD", "AMD Radeon RX 7900 XTX (RADV NAVI31)", RDNA3, true},
		{"AMDVLK product name", VendorAMD, "AMD", "AMD Radeon RX 7900 XTX", RDNA3, true},
		{"Radeon PRO W7900", VendorAMD, "AMD", "AMD Radeon PRO W7900", RDNA3, true},
		{"Phoenix APU", VendorAMD, "AMD", "AMD Radeon 780M (RADV PHOENIX)", RDNA3, true},
		{"RADV Navi 21", VendorAMD, "AMD", "AMD Radeon RX 6800 XT (RADV NAVI21)", RDNA2, true},
		{"old RADV Navi 21 name", VendorAMD, "AMD", "AMD RADV SIENNA_CICHLID", RDNA2, true},
		{"Steam Deck", VendorAMD, "AMD", "AMD Custom GPU 0405 (RADV VANGOGH)", RDNA2, true},
		{"vendor from the ID only", VendorAMD, "", "AMD Instinct MI300X", CDNA3, true},
		{"RADV gfx942", VendorAMD, "AMD", "AMD Instinct MI300X (RADV GFX942)", CDNA3, true},
		{"MI250X", VendorAMD, "AMD", "AMD Instinct MI250X", CDNA2, true},
		{"RADV Aldebaran", VendorAMD, "AMD", "AMD RADV ALDEBARAN", CDNA2, true},
		{"MI100", VendorAMD, "AMD", "AMD Instinct MI100", CDNA1, true},
		{"RDNA 1 is the seed's", VendorAMD, "AMD", "AMD Radeon RX 5700 XT (RADV NAVI10)", "", false},
		{"RDNA 3.5 is not RDNA 3", VendorAMD, "AMD", "AMD Radeon 890M (RADV GFX1150)", "", false},
		{"Vega is the seed's", VendorAMD, "AMD", "AMD Radeon Vega 8 Graphics (RADV RAVEN)", "", false},
		{"Arc A770, Windows", VendorIntel, "Intel", "Intel(R) Arc(TM) A770 Graphics", XeHPG, true},
		{"Arc A770, ANV", VendorIntel, "Intel", "Intel(R) Arc(tm) A770 Graphics (DG2)", XeHPG, true},
		{"Flex 170", VendorIntel, "Intel", "Intel(R) Data Center GPU Flex 170", XeHPG, true},
		{"Max 1550", VendorIntel, "", "Intel(R) Data Center GPU Max 1550", XeHPC, true},
		{"Tiger Lake", VendorIntel, "Intel", "Intel(R) Xe Graphics (TGL GT2)", XeLP, true},
		{"Alder Lake UHD", VendorIntel, "Intel", "Intel(R) UHD Graphics 770 (ADL-S GT1)", XeLP, true},
		{"Iris Xe MAX", VendorIntel, "Intel", "Intel(R) Iris(R) Xe MAX Graphics (DG1)", XeLP, true},
		{"Battlemage (Xe2) has no rates here", VendorIntel, "Intel", "Intel(R) Arc(tm) B580 Graphics (BMG G21)", "", false},
		{"Meteor Lake (Xe-LPG) has no rates here", VendorIntel, "Intel", "Intel(R) Arc(tm) Graphics (MTL)", "", false},
		{"Gen9 is the seed's", VendorIntel, "Intel", "Intel(R) UHD Graphics 630 (CFL GT2)", "", false},
		{"Apple publishes no per-clock rates", VendorApple, "Apple", "Apple M2 Max", "", false},
		{"NVIDIA has its own table", VendorNVIDIA, "NVIDIA", "NVIDIA H100 80GB HBM3", "", false},
		{"a CPU", 0x10005, "Mesa", "llvmpipe (LLVM 15.0.6, 256 bits)", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := VendorArch(tc.vendorID, tc.vendor, tc.device)
			if got != tc.want || ok != tc.ok {
				t.Errorf("VendorArch(%#x, %q, %q) = %q, %v; want %q, %v", tc.vendorID, tc.vendor, tc.device, got, ok, tc.want, tc.ok)
			}
		})
	}
}

// Every rate carries a source with an address, names its row and unit,
// and is the only one for its architecture and operation.
func TestVendorRatesSourced(t *testing.T) {
	seen := map[string]bool{}
	archs := map[Arch]bool{}
	for _, r := range VendorRates() {
		key := string(r.Arch) + " " + r.Op
		switch {
		case seen[key]:
			t.Errorf("%s: listed twice", key)
		case r.Source == "" || !strings.Contains(r.Source, "http"):
			t.Errorf("%s: source %q has no address", key, r.Source)
		case r.Row == "" || r.OpsPerClock <= 0:
			t.Errorf("%s: row %q, %g ops/clock", key, r.Row, r.OpsPerClock)
		case r.Unit != "CU" && r.Unit != "Xe-core":
			t.Errorf("%s: unit %q", key, r.Unit)
		case !strings.HasPrefix(r.Op, "fma.") && !strings.HasPrefix(r.Op, "mma.") && !strings.HasPrefix(r.Op, "add."):
			t.Errorf("%s: operation %q is not one gpuarch names", key, r.Op)
		}
		seen[key] = true
		archs[r.Arch] = true
	}
	for _, a := range []Arch{CDNA1, CDNA2, CDNA3, RDNA2, RDNA3, XeLP, XeHPG, XeHPC} {
		if !archs[a] {
			t.Errorf("%s: no rates", a)
		}
	}
}

func TestVendorRate(t *testing.T) {
	for _, tc := range []struct {
		arch    Arch
		op      string
		results float64
		ok      bool
	}{
		{CDNA3, "fma.f64", 64, true}, // 128 FLOPS/clock/CU: 64 FMAs
		{CDNA3, "fma.f32", 128, true},
		{CDNA2, "fma.f32", 64, true},
		{RDNA3, "fma.f32", 128, true},
		{RDNA3, "fma.f16x2", 256, true}, // both halves count
		{RDNA2, "fma.f64", 0, false},    // not published
		{XeHPG, "fma.f32", 128, true},
		{XeHPC, "fma.f64", 128, true},
		{XeLP, "add.i32", 128, true},
		{XeLP, "fma.f32", 128, true},
		{XeHPG, "fma.f64", 0, false},
		{RDNA3, "mma.f16", 0, false}, // WMMA rate not published
	} {
		r, ok := VendorRate(tc.arch, tc.op)
		if ok != tc.ok || ok && r.ResultsPerClock() != tc.results {
			t.Errorf("VendorRate(%q, %q) = %+v (%g results/clock), %v; want %g, %v", tc.arch, tc.op, r, r.ResultsPerClock(), ok, tc.results, tc.ok)
		}
	}
}

func TestMatrixPeak(t *testing.T) {
	for _, tc := range []struct {
		arch Arch
		elem string
		want float64
		ok   bool
	}{
		{CDNA3, "f16", 2048, true}, {CDNA3, "fp8", 4096, true}, {CDNA3, "f64", 256, true},
		{CDNA2, "bf16", 1024, true}, {CDNA1, "bf16", 512, true},
		{XeHPC, "tf32", 2048, true}, {XeHPG, "s8", 4096, true},
		{RDNA3, "f16", 0, false}, {XeHPG, "tf32", 0, false},
	} {
		r, ok := MatrixPeak(tc.arch, tc.elem)
		if ok != tc.ok || r.OpsPerClock != tc.want || ok && r.Source == "" {
			t.Errorf("MatrixPeak(%q, %q) = %g, %v; want %g, %v", tc.arch, tc.elem, r.OpsPerClock, ok, tc.want, tc.ok)
		}
	}
}

// Each product's stated peaks, divided by its units and clock, give its
// architecture's per-unit rate (within the rounding of the stated peaks),
// and the product is recognised as that architecture by its name.
func TestProductsConsistent(t *testing.T) {
	for _, p := range Products() {
		if p.Source == "" || p.Units == 0 || p.ClockMHz == 0 || len(p.Names) == 0 {
			t.Errorf("%s: incomplete %+v", p.GPU, p)
		}
		for op := range p.Peaks {
			got, _ := p.PerUnitPerClock(op)
			r, ok := VendorRate(p.Arch, op)
			if !ok {
				t.Errorf("%s: a peak for %s, which %s has no rate for", p.GPU, op, p.Arch)
				continue
			}
			if r.Unit != p.UnitName {
				t.Errorf("%s: units %s, rate per %s", p.GPU, p.UnitName, r.Unit)
			}
			if math.Abs(got-r.OpsPerClock)/r.OpsPerClock > 0.02 {
				t.Errorf("%s %s: %.4g ops/clock/%s from the stated peak, rate %g", p.GPU, op, got, p.UnitName, r.OpsPerClock)
			}
		}
		vendor := "AMD"
		if p.UnitName == "Xe-core" {
			vendor = "Intel"
		}
		if a, ok := VendorArch(0, vendor, vendor+" "+p.GPU); !ok || a != p.Arch {
			t.Errorf("%s: recognised as %q, %v; want %q", p.GPU, a, ok, p.Arch)
		}
	}
}

func TestProductOf(t *testing.T) {
	for _, tc := range []struct {
		device, want string
	}{
		{"AMD Instinct MI300X", "Instinct MI300X"},
		{"AMD Instinct MI250 (RADV ALDEBARAN)", "Instinct MI250"},
		{"AMD Instinct MI250X", ""}, // in Datasheets, not Products
		{"AMD Radeon RX 7900 XTX (RADV NAVI31)", "Radeon RX 7900 XTX"},
		{"AMD Radeon RX 7900 XT", ""},
		{"Intel(R) Data Center GPU Max 1550", "Data Center GPU Max 1550"},
		{"Apple M2 Max", ""},
	} {
		p, ok := ProductOf(tc.device)
		if p.GPU != tc.want || ok != (tc.want != "") {
			t.Errorf("ProductOf(%q) = %q, %v; want %q", tc.device, p.GPU, ok, tc.want)
		}
	}
}
