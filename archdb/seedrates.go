package archdb

import (
	"strconv"
	"strings"
)

// Family names a device's architecture as the seed's cross-vendor tables
// name their columns, for the devices gpuarch reaches through Vulkan: the
// floating-point table's column and the integer table's (which names
// Apple's GPUs by family rather than by chip). It says ok false for a
// device the tables do not describe (NVIDIA's are covered by the CUDA
// Programming Guide's table, by compute capability).
func Family(vendor, device string) (fp, integer string, ok bool) {
	d := strings.ToUpper(device)
	has := func(subs ...string) bool {
		for _, s := range subs {
			if strings.Contains(d, s) {
				return true
			}
		}
		return false
	}
	switch strings.ToUpper(vendor) {
	case "AMD":
		// RADV names its chips (NAVI31, NAVI21, VEGA10); AMD's own
		// drivers name the product (Radeon RX 7900 XTX, RX 6800).
		switch {
		case has("NAVI3", "GFX11", "RX 7", "RADEON 7"):
			return "RDNA 3", "RDNA 3", true
		case has("NAVI1", "NAVI2", "GFX10", "RX 5", "RX 6", "RADEON 6"):
			return "RDNA 1, 2", "RDNA 1, 2", true
		case has("VEGA"):
			return "Vega", "Vega", true
		}
	case "INTEL":
		// Gen9 and Gen9.5: HD Graphics 5xx/6xx, UHD Graphics 6xx (ANV
		// adds the platform: SKL, KBL, CFL, CML).
		if has("(SKL", "(KBL", "(CFL", "(CML", "(WHL", "HD GRAPHICS 5", "HD GRAPHICS 6", "UHD GRAPHICS 6") {
			return "Intel Gen9", "", true
		}
	case "APPLE":
		switch {
		case has("A14"):
			return "A14", "Apple 7, 8", true
		case has("M1", "M2", "A15", "A16"):
			return "M1, A15", "Apple 7, 8", true
		}
	}
	return "", "", false
}

// seedRows maps a backend-neutral operation (record.Record.Op) to the row
// of the seed's tables that documents it, and how many of the row's
// operations make one result (a fused multiply-add counts two).
var seedRows = map[string]struct {
	row     string
	integer bool
	opsPer  float64
}{
	"fma.f16x2":  {"F16 OPs (FMA)", false, 2},
	"fma.f16":    {"F16 OPs (FMA)", false, 2},
	"add.f16x2":  {"F16 Adds", false, 1},
	"add.f16":    {"F16 Adds", false, 1},
	"fma.f32":    {"F32 OPs (FMA)", false, 2},
	"add.f32":    {"F32 Adds", false, 1},
	"fma.f64":    {"F64 OPs (FMA)", false, 2},
	"add.f64":    {"F64 Adds", false, 1},
	"exp2.f32":   {"F32 Exp2", false, 1},
	"rcp.f32":    {"F32 Recip", false, 1},
	"rsqrt.f32":  {"F32 Rsqrt", false, 1},
	"sin.f32":    {"F32 Sine", false, 1},
	"add.i32":    {"I32 Adds", true, 1},
	"mul.lo.i32": {"I32 Muls", true, 1},
	"add.i64":    {"I64 Adds", true, 1},
	"mul.lo.i64": {"I64 Muls", true, 1},
}

// SeedRate is the seed's documented rate of an operation on a family
// (see Family), in results per clock per core (compute unit, core or
// execution-unit cluster, as the table counts them), with the table and
// row it comes from. Approximate ("~"), bounded ("≤") and missing ("TBD")
// cells give ok false: only stated figures stand beside measurements.
func SeedRate(fp, integer, op string) (perCore float64, where string, ok bool) {
	r, known := seedRows[op]
	if !known {
		return 0, "", false
	}
	t, col := OpsPerCoreCycle(), fp
	if r.integer {
		t, col = IntOpsPerCoreCycle(), integer
	}
	ci := -1
	for i, c := range t.Columns {
		if c == col && col != "" {
			ci = i
		}
	}
	if ci < 0 {
		return 0, "", false
	}
	for _, row := range t.Rows {
		if row.Quantity != r.row {
			continue
		}
		v, err := strconv.ParseFloat(row.Values[ci], 64)
		if err != nil {
			return 0, "", false
		}
		return v / r.opsPer, t.Title + ": " + r.row + " (" + col + ")", true
	}
	return 0, "", false
}
