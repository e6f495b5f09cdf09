package alu

import (
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/ptx"
)

// Conversion chains hold raw bits (b16, b32 or b64 registers). Where the
// source and result widths differ, the result's bits are packed into or
// picked out of a register pair (mov.b64 / mov.b32 with a vector operand),
// which normally costs no instruction; the SASS column shows where it did.
const widthNote = "the result is repacked to the source's width (a register pair split or join, normally free) to feed the next step"

// cvt builds a conversion entry. Chains of src bits; t and u are the
// temporaries the template uses ("" when unused).
func cvt(name, tmpl string, src, t, u ptx.Type, x0 uint64, expect ...string) engine.ChainSpec {
	s := entry("convert", name, tmpl, src, x0, [4]uint64{}, expect...)
	s.Step.Temp, s.Step.Temp2 = t, u
	if t != "" && t.Bits() != src.Bits() {
		s.Note = widthNote
	}
	return s
}

func convertEntries() []engine.ChainSpec {
	const (
		b16, b32, b64 = ptx.B16, ptx.B32, ptx.B64
		none          = ptx.Type("")
		i2f, f2i, f2f = "I2F", "F2I", "F2F"
	)
	return []engine.ChainSpec{
		// 32-bit integers and f32: same width, no glue.
		cvt("cvt.rn.f32.s32", "cvt.rn.f32.s32 {d}, {x};", b32, none, none, 12345, i2f, "I2FP"),
		cvt("cvt.rn.f32.u32", "cvt.rn.f32.u32 {d}, {x};", b32, none, none, 12345, i2f, "I2FP"),
		cvt("cvt.rzi.s32.f32", "cvt.rzi.s32.f32 {d}, {x};", b32, none, none, f32OneHlf, f2i),
		cvt("cvt.rzi.u32.f32", "cvt.rzi.u32.f32 {d}, {x};", b32, none, none, f32OneHlf, f2i),
		cvt("cvt.rni.s32.f32", "cvt.rni.s32.f32 {d}, {x};", b32, none, none, f32OneHlf, f2i),
		cvt("cvt.rmi.s32.f32", "cvt.rmi.s32.f32 {d}, {x};", b32, none, none, f32OneHlf, f2i),
		// 64-bit integers and f64: same width.
		cvt("cvt.rn.f64.s64", "cvt.rn.f64.s64 {d}, {x};", b64, none, none, 12345, i2f),
		cvt("cvt.rn.f64.u64", "cvt.rn.f64.u64 {d}, {x};", b64, none, none, 12345, i2f),
		cvt("cvt.rzi.s64.f64", "cvt.rzi.s64.f64 {d}, {x};", b64, none, none, f64One, f2i),
		cvt("cvt.rzi.u64.f64", "cvt.rzi.u64.f64 {d}, {x};", b64, none, none, f64One, f2i),
		// Across widths.
		cvt("cvt.rn.f64.s32", "cvt.rn.f64.s32 {t}, {x};\nmov.b64 {{u}, {d}}, {t};", b32, b64, b32, 12345, i2f),
		cvt("cvt.rn.f64.u32", "cvt.rn.f64.u32 {t}, {x};\nmov.b64 {{u}, {d}}, {t};", b32, b64, b32, 12345, i2f),
		cvt("cvt.rzi.s32.f64", "cvt.rzi.s32.f64 {t}, {x};\nmov.b64 {d}, {{t}, {t}};", b64, b32, none, f64One, f2i),
		cvt("cvt.rzi.u32.f64", "cvt.rzi.u32.f64 {t}, {x};\nmov.b64 {d}, {{t}, {t}};", b64, b32, none, f64One, f2i),
		cvt("cvt.rn.f32.s64", "cvt.rn.f32.s64 {t}, {x};\nmov.b64 {d}, {{t}, {t}};", b64, b32, none, 12345, i2f),
		cvt("cvt.rn.f32.u64", "cvt.rn.f32.u64 {t}, {x};\nmov.b64 {d}, {{t}, {t}};", b64, b32, none, 12345, i2f),
		cvt("cvt.rzi.s64.f32", "cvt.rzi.s64.f32 {t}, {x};\nmov.b64 {{d}, {u}}, {t};", b32, b64, b32, f32OneHlf, f2i),
		cvt("cvt.rzi.u64.f32", "cvt.rzi.u64.f32 {t}, {x};\nmov.b64 {{d}, {u}}, {t};", b32, b64, b32, f32OneHlf, f2i),
		cvt("cvt.f64.f32", "cvt.f64.f32 {t}, {x};\nmov.b64 {{u}, {d}}, {t};", b32, b64, b32, f32OneHlf, f2f),
		cvt("cvt.rn.f32.f64", "cvt.rn.f32.f64 {t}, {x};\nmov.b64 {d}, {{t}, {t}};", b64, b32, none, f64One, f2f),
		// 16-bit floating point.
		oneChain(cvt("cvt.rn.f16.f32", "cvt.rn.f16.f32 {t}, {x};\nmov.b32 {d}, {{t}, {t}};", b32, b16, none, f32OneHlf, f2f, "F2FP")),
		cvt("cvt.f32.f16", "cvt.f32.f16 {t}, {x};\nmov.b32 {{d}, {u}}, {t};", b16, b32, b16, f16One, "HADD2.F32", f2f),
		oneChain(cvt("cvt.rn.bf16.f32", "cvt.rn.bf16.f32 {t}, {x};\nmov.b32 {d}, {{t}, {t}};", b32, b16, none, f32OneHlf, f2f, "F2FP")),
		cvt("cvt.f32.bf16", "cvt.f32.bf16 {t}, {x};\nmov.b32 {{d}, {u}}, {t};", b16, b32, b16, bf16One, "IMAD.U32", "PRMT", "SHF", "IMAD.SHL"),
		cvt("cvt.rn.f16.f64", "cvt.rn.f16.f64 {t}, {x};\nmov.b64 {d}, {{t}, {t}, {t}, {t}};", b64, b16, none, f64One, f2f),
		cvt("cvt.f64.f16", "cvt.f64.f16 {t}, {x};\nmov.b64 {{d}, {u}, {u}, {u}}, {t};", b16, b64, b16, f16One, f2f),
		cvt("cvt.rn.f16.s32", "cvt.rn.f16.s32 {t}, {x};\nmov.b32 {d}, {{t}, {t}};", b32, b16, none, 12345, i2f),
		cvt("cvt.rzi.s32.f16", "cvt.rzi.s32.f16 {t}, {x};\nmov.b32 {{d}, {u}}, {t};", b16, b32, b16, f16One, f2i),
		// Packing pairs, and FP8.
		cvt("cvt.rn.f16x2.f32", "cvt.rn.f16x2.f32 {d}, {x}, {a0};", b32, none, none, f32OneHlf, "F2FP"),
		cvt("cvt.rn.bf16x2.f32", "cvt.rn.bf16x2.f32 {d}, {x}, {a0};", b32, none, none, f32OneHlf, "F2FP"),
		cvt("cvt.rn.satfinite.e4m3x2.f32", "cvt.rn.satfinite.e4m3x2.f32 {t}, {x}, {a0};\nmov.b32 {d}, {{t}, {t}};", b32, b16, none, f32OneHlf, "F2FP"),
		cvt("cvt.rn.f16x2.e4m3x2", "cvt.rn.f16x2.e4m3x2 {t}, {x};\nmov.b32 {{d}, {u}}, {t};", b16, b32, b16, 0x3838, "F2FP", "HADD2.F32", f2f),
		// Integer widths.
		cvt("cvt.s64.s32", "cvt.s64.s32 {t}, {x};\nmov.b64 {{u}, {d}}, {t};", b32, b64, b32, 0x80001234, "SHF", "SGXT"),
		noted(withOperand(cvt("cvt.s32.s16", "cvt.u16.u32 {t}, {x};\ncvt.s32.s16 {u}, {t};\nadd.s32 {d}, {u}, {a};", b32, b16, b32, 0x12348765, "PRMT", "SGXT"), ptx.B32),
			"each step also adds a rotating operand: sign-extending an already extended value changes nothing, and ptxas folds a bare chain"),
	}
}
