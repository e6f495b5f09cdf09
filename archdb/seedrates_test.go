package archdb

import "testing"

func TestFamily(t *testing.T) {
	for _, tc := range []struct {
		vendor, device, fp, integer string
		ok                          bool
	}{
		{"AMD", "AMD Radeon RX 7900 XTX (RADV NAVI31)", "RDNA 3", "RDNA 3", true},
		{"AMD", "AMD Radeon RX 6800 XT", "RDNA 1, 2", "RDNA 1, 2", true},
		{"AMD", "AMD Radeon Vega 8 Graphics (RADV RAVEN)", "Vega", "Vega", true},
		{"Intel", "Intel(R) UHD Graphics 630 (CFL GT2)", "Intel Gen9", "", true},
		{"Apple", "Apple M1 Pro", "M1, A15", "Apple 7, 8", true},
		{"Apple", "Apple A14 GPU", "A14", "Apple 7, 8", true},
		{"Intel", "Intel(R) Arc(tm) A770 Graphics (DG2)", "", "", false},
		{"NVIDIA", "NVIDIA H100 80GB HBM3", "", "", false},
		{"Mesa", "llvmpipe (LLVM 15.0.6, 256 bits)", "", "", false},
	} {
		fp, in, ok := Family(tc.vendor, tc.device)
		if fp != tc.fp || in != tc.integer || ok != tc.ok {
			t.Errorf("Family(%q, %q) = %q, %q, %v; want %q, %q, %v", tc.vendor, tc.device, fp, in, ok, tc.fp, tc.integer, tc.ok)
		}
	}
}

func TestSeedRate(t *testing.T) {
	for _, tc := range []struct {
		fp, integer, op string
		want            float64
		ok              bool
	}{
		{"RDNA 3", "RDNA 3", "fma.f32", 128, true}, // 256 operations: 128 FMAs
		{"RDNA 3", "RDNA 3", "add.f32", 128, true},
		{"RDNA 3", "RDNA 3", "exp2.f32", 0, false}, // "~32": approximate
		{"RDNA 3", "RDNA 3", "rcp.f32", 25, true},
		{"RDNA 1, 2", "RDNA 1, 2", "mul.lo.i32", 16, true},
		{"Intel Gen9", "", "fma.f64", 16, true},
		{"Intel Gen9", "", "add.i32", 0, false}, // not in the integer table
		{"M1, A15", "Apple 7, 8", "add.i32", 128, true},
		{"M1, A15", "Apple 7, 8", "fma.f64", 0, false}, // "≤3.8e": emulated, bounded
		{"RDNA 3", "RDNA 3", "shuffle.bfly.b32", 0, false},
	} {
		got, where, ok := SeedRate(tc.fp, tc.integer, tc.op)
		if ok != tc.ok || got != tc.want || ok && where == "" {
			t.Errorf("SeedRate(%q, %q, %q) = %g, %q, %v; want %g, %v", tc.fp, tc.integer, tc.op, got, where, ok, tc.want, tc.ok)
		}
	}
}
