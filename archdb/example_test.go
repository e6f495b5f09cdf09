package archdb_test

import (
	"fmt"

	"github.com/gpuarch/gpuarch/archdb"
)

func ExampleGuide() {
	for _, cc := range []string{"9.0", "8.6", "7.5"} {
		c, ok := archdb.Guide(cc, archdb.FP64FMA)
		if !ok {
			continue
		}
		fmt.Printf("%s (column %s): %g results/clock/SM, %g warp instructions/clock/SM\n", cc, c.Column, c.PerSM, c.PerSM/32)
	}
	if _, ok := archdb.Guide("12.0", archdb.FP64FMA); !ok {
		fmt.Println("12.0: not in the guide's table")
	}
	// Output:
	// 9.0 (column 9.0): 64 results/clock/SM, 2 warp instructions/clock/SM
	// 8.6 (column 8.6): 2 results/clock/SM, 0.0625 warp instructions/clock/SM
	// 7.5 (column 7.x): 2 results/clock/SM, 0.0625 warp instructions/clock/SM
	// 12.0: not in the guide's table
}

func ExampleVendorRate() {
	arch, ok := archdb.VendorArch(archdb.VendorAMD, "AMD", "AMD Instinct MI300X (RADV GFX942)")
	if !ok {
		return
	}
	for _, op := range []string{"fma.f64", "fma.f32", "add.i32"} {
		r, ok := archdb.VendorRate(arch, op)
		if !ok {
			fmt.Printf("%s %s: not published\n", arch, op)
			continue
		}
		fmt.Printf("%s %s: %g ops/clock/%s (%q), %g results/clock/%s\n", arch, op, r.OpsPerClock, r.Unit, r.Row, r.ResultsPerClock(), r.Unit)
	}
	// Output:
	// CDNA 3 fma.f64: 128 ops/clock/CU ("Vector FP64"), 64 results/clock/CU
	// CDNA 3 fma.f32: 256 ops/clock/CU ("Vector FP32"), 128 results/clock/CU
	// CDNA 3 add.i32: not published
}
