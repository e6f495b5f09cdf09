package kernel_test

import (
	"testing"

	"github.com/gpuarch/gpuarch/kernel"
)

func TestCoopMatNames(t *testing.T) {
	tests := []struct {
		cm          kernel.CoopMat
		name, op    string
		flops, bits int
	}{
		{kernel.CoopMat{M: 16, N: 16, K: 16, A: "f16", B: "f16", C: "f32", Result: "f32"}, "coopmat 16x16x16 f32+=f16*f16", "mma.f32+=f16*f16", 8192, 16},
		{kernel.CoopMat{M: 16, N: 8, K: 32, A: "s8", B: "s8", C: "s32", Result: "s32", Saturating: true}, "coopmat 16x8x32 s32+=s8*s8 sat", "mma.s32+=s8*s8", 8192, 8},
		{kernel.CoopMat{M: 16, N: 16, K: 16, A: "f16", B: "f16", C: "f16", Result: "f32"}, "coopmat 16x16x16 f16->f32+=f16*f16", "mma.f32+=f16*f16", 8192, 16},
		{kernel.CoopMat{M: 8, N: 8, K: 4, A: "f64", B: "f64", C: "f64", Result: "f64"}, "coopmat 8x8x4 f64+=f64*f64", "mma.f64+=f64*f64", 512, 64},
	}
	for _, tc := range tests {
		if got := tc.cm.Name(); got != tc.name {
			t.Errorf("name %q, want %q", got, tc.name)
		}
		if got := tc.cm.Op(); got != tc.op {
			t.Errorf("%s: op %q, want %q", tc.name, got, tc.op)
		}
		if got := tc.cm.FlopsPerInstr(); got != tc.flops {
			t.Errorf("%s: %d FLOP, want %d", tc.name, got, tc.flops)
		}
		if got := kernel.ElemBits(tc.cm.A); got != tc.bits {
			t.Errorf("%s: %d bits, want %d", tc.name, got, tc.bits)
		}
	}
	for _, e := range []string{"s8packed", "x"} {
		if _, _, ok := kernel.CoopMatPattern(e); ok {
			t.Errorf("a pattern for %s, which the kernels do not declare", e)
		}
	}
	// Patterns keep f16 elements small: exponent 8 (2^-7), below 2^-6.
	or, mask, _ := kernel.CoopMatPattern("f16")
	for _, h := range []uint32{0, 0xffffffff, 0x12345678} {
		w := h&mask | or
		for _, half := range []uint32{w & 0xffff, w >> 16} {
			if exp := half >> 10 & 0x1f; exp != 8 {
				t.Errorf("f16 %#04x: exponent %d", half, exp)
			}
		}
	}
	// bf16 likewise: exponent 120 (2^-7).
	or, mask, _ = kernel.CoopMatPattern("bf16")
	for _, h := range []uint32{0, 0xffffffff, 0x12345678} {
		w := h&mask | or
		for _, half := range []uint32{w & 0xffff, w >> 16} {
			if exp := half >> 7 & 0xff; exp != 120 || half>>15 != 0 {
				t.Errorf("bf16 %#04x: exponent %d", half, exp)
			}
		}
	}
}
