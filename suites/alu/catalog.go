// Package alu is the ALU instruction suite: the catalog of PTX instructions
// and short sequences measured for latency and throughput, and the code that
// runs them.
//
// Every entry is a chain step (see probe.Step) with the SASS opcodes that
// must implement it. Operand patterns are chosen so that ptxas cannot fold
// the chain: floating-point chains alternate operands (IEEE arithmetic is
// not reassociated), integer chains are two-register chains (x += y; y += x)
// that have no closed form a compiler would use, logic chains are
// three-register chains (x <- x op x[-2]) that ptxas cannot fuse pairwise
// into one LOP3, every chain starts from lane-dependent values so it is not
// moved to the uniform datapath, and the SASS check proves each chain
// survived. Initial values keep floating-point chains in the
// normal range where the arithmetic allows it.
package alu

import (
	"github.com/gpuarch/gpuarch/probe"
	"github.com/gpuarch/gpuarch/ptx"
)

// Suite is the name records of this suite carry.
const Suite = "alu"

// f32/f64/f16 bit patterns of the constants used below.
const (
	f32One    = 0x3f800000
	f32Half   = 0x3f000000
	f32Quart  = 0x3e800000
	f32ThreeQ = 0x3f400000
	f32OneHlf = 0x3fc00000
	f32Two    = 0x40000000
	f32Three  = 0x40400000
	f32P999   = 0x3f7fbe77 // 0.999
	f32Milli  = 0x3a83126f // 0.001
	f32NMilli = 0xba83126f // -0.001
	f32Up     = 0x3f800347 // 1.0001
	f32Down   = 0x3f7ff972 // 0.9999

	f64One    = 0x3ff0000000000000
	f64P999   = 0x3feff7ced916872b
	f64Milli  = 0x3f50624dd2f1a9fc
	f64NMilli = 0xbf50624dd2f1a9fc
	f64Up     = 0x3ff00068db8bac71
	f64Down   = 0x3fefff2e48e8a71e

	f16One    = 0x3c00
	f16P999   = 0x3bfe // 0.999
	f16Milli  = 0x1419 // 0.001
	f16NMilli = 0x9419
	f16Up     = 0x3c01 // 1.001
	f16Down   = 0x3bfe // 0.999
)

// x2 packs one f16 pattern into both halves of an f16x2.
func x2(h uint64) uint64 { return h<<16 | h }

// alt is the operand quadruple p, q, p, q.
func alt(p, q uint64) [4]uint64 { return [4]uint64{p, q, p, q} }

// entry builds a catalog entry.
func entry(group, name, tmpl string, t ptx.Type, x0 uint64, a [4]uint64, expect ...string) probe.ChainSpec {
	return probe.ChainSpec{
		Suite: Suite, Subject: name, Group: group,
		Step:   probe.Step{Template: tmpl, Type: t, X0: x0, A: a},
		Expect: expect,
	}
}

// withTemp sets the step's temporary type.
func withTemp(s probe.ChainSpec, t ptx.Type) probe.ChainSpec {
	s.Step.Temp = t
	return s
}

// withOperand sets the operands' type.
func withOperand(s probe.ChainSpec, t ptx.Type) probe.ChainSpec {
	s.Step.Operand = t
	return s
}

// weighted says one step compiles to about w machine instructions.
func weighted(s probe.ChainSpec, w int) probe.ChainSpec {
	s.Weight = w
	return s
}

// noted attaches a note on how the entry is measured.
func noted(s probe.ChainSpec, note string) probe.ChainSpec {
	s.Note = note
	return s
}

// logicNote explains the lop3 form two-input logic ops are measured in.
func logicNote(expr, lut string) string {
	return "measured as lop3.b32 with LUT " + lut + " (" + expr + ", a and b rotating): ptxas compiles every two-input logic op to LOP3.LUT and merges two dependent ones into one, so a chain of the bare PTX op would time half as many instructions"
}

// packed marks an instruction giving 2 results per thread.
func packed(s probe.ChainSpec) probe.ChainSpec {
	s.ResultsPerThread = 2
	return s
}

// Catalog returns the suite's entries in report order. Each call builds a
// fresh slice, so callers may modify what they get.
func Catalog() []probe.ChainSpec {
	return []probe.ChainSpec{
		// Half precision, packed.
		packed(entry("f16x2", "add.rn.f16x2", "add.rn.f16x2 {d}, {x}, {a};", ptx.F16x2,
			x2(f16One), alt(x2(f16Milli), x2(f16NMilli)), "HADD2", "HFMA2")),
		packed(entry("f16x2", "mul.rn.f16x2", "mul.rn.f16x2 {d}, {x}, {a};", ptx.F16x2,
			x2(f16One), alt(x2(f16Up), x2(f16Down)), "HMUL2", "HFMA2")),
		packed(entry("f16x2", "fma.rn.f16x2", "fma.rn.f16x2 {d}, {x}, {a0}, {a1};", ptx.F16x2,
			x2(f16One), [4]uint64{x2(f16P999), x2(f16Milli)}, "HFMA2")),

		// Single precision.
		entry("f32", "add.rn.f32", "add.rn.f32 {d}, {x}, {a};", ptx.F32,
			f32One, alt(f32Milli, f32NMilli), "FADD"),
		entry("f32", "mul.rn.f32", "mul.rn.f32 {d}, {x}, {a};", ptx.F32,
			f32One, alt(f32Up, f32Down), "FMUL"),
		entry("f32", "fma.rn.f32", "fma.rn.f32 {d}, {x}, {a0}, {a1};", ptx.F32,
			f32One, [4]uint64{f32P999, f32Milli}, "FFMA"),

		// Double precision.
		entry("f64", "add.rn.f64", "add.rn.f64 {d}, {x}, {a};", ptx.F64,
			f64One, alt(f64Milli, f64NMilli), "DADD"),
		entry("f64", "mul.rn.f64", "mul.rn.f64 {d}, {x}, {a};", ptx.F64,
			f64One, alt(f64Up, f64Down), "DMUL"),
		entry("f64", "fma.rn.f64", "fma.rn.f64 {d}, {x}, {a0}, {a1};", ptx.F64,
			f64One, [4]uint64{f64P999, f64Milli}, "DFMA"),

		// 32-bit integer: two-register chains.
		entry("int32", "add.s32", "add.s32 {d}, {y}, {x};", ptx.S32,
			1, [4]uint64{2}, "IADD3", "IMAD.IADD", "IADD"),
		entry("int32", "mul.lo.s32", "mul.lo.s32 {d}, {y}, {x};", ptx.S32,
			3, [4]uint64{5}, "IMAD", "IMUL"),
		entry("int32", "mad.lo.s32", "mad.lo.s32 {d}, {y}, {x}, {a1};", ptx.S32,
			3, [4]uint64{5, 7}, "IMAD"),

		// 64-bit integer.
		entry("int64", "add.s64", "add.s64 {d}, {y}, {x};", ptx.S64,
			1, [4]uint64{2}, "IADD3", "IADD", "IMAD.IADD"),
		weighted(entry("int64", "mul.lo.s64", "mul.lo.s64 {d}, {y}, {x};", ptx.S64,
			3, [4]uint64{5}, "IMAD"), 3),
		weighted(entry("int64", "mad.lo.s64", "mad.lo.s64 {d}, {y}, {x}, {a1};", ptx.S64,
			3, [4]uint64{5, 7}, "IMAD"), 3),

		// Bitwise: every two-input logic op becomes a LOP3.LUT, and ptxas
		// merges any two dependent ones into a single LOP3 (two steps
		// have only three distinct inputs), so they are measured as
		// three-input lop3 steps whose operand pair rotates: two steps
		// need four inputs and cannot merge.
		noted(entry("bitwise", "and.b32", "lop3.b32 {d}, {x}, {a}, {b}, 0x80;", ptx.B32,
			0xffffffff, [4]uint64{0xfffffffe, 0xfffffffd, 0xfffffffb, 0xfffffff7}, "LOP3"), logicNote("x & a & b", "0x80")),
		noted(entry("bitwise", "or.b32", "lop3.b32 {d}, {x}, {a}, {b}, 0xfe;", ptx.B32,
			1, [4]uint64{2, 4, 8, 16}, "LOP3"), logicNote("x | a | b", "0xfe")),
		noted(entry("bitwise", "xor.b32", "lop3.b32 {d}, {x}, {a}, {b}, 0x96;", ptx.B32,
			0x12345678, [4]uint64{0x9e3779b9, 0x7f4a7c15, 0x85ebca6b, 0xc2b2ae35}, "LOP3"), logicNote("x ^ a ^ b", "0x96")),
		entry("bitwise", "lop3.b32", "lop3.b32 {d}, {x}, {a}, {b}, 0xe8;", ptx.B32,
			0x12345678, [4]uint64{0x9e3779b9, 0x7f4a7c15, 0x85ebca6b, 0xc2b2ae35}, "LOP3"),
		withOperand(entry("shift", "shl.b32", "shl.b32 {d}, {x}, {a};", ptx.B32,
			0x12345678, [4]uint64{1, 2, 3, 1}, "SHF.L", "SHL", "IMAD.SHL"), ptx.U32),
		withOperand(entry("shift", "shr.u32", "shr.u32 {d}, {x}, {a};", ptx.U32,
			0x92345678, [4]uint64{1, 2, 3, 1}, "SHF.R", "SHR"), ptx.U32),

		// Compare-select and conversions.
		entry("compare", "setp.lt.f32+selp.f32", "setp.lt.f32 {p}, {x}, {a0};\nselp.f32 {d}, {a1}, {a2}, {p};", ptx.F32,
			f32One, [4]uint64{f32Half, f32Quart, f32ThreeQ}, "FSETP"),
		withTemp(entry("convert", "cvt.rn.f32.s32", "cvt.rn.f32.s32 {t}, {x};\nmov.b32 {d}, {t};", ptx.S32,
			12345, [4]uint64{}, "I2F", "I2FP"), ptx.F32),
		withTemp(entry("convert", "cvt.rzi.s32.f32", "cvt.rzi.s32.f32 {t}, {x};\nmov.b32 {d}, {t};", ptx.F32,
			f32OneHlf, [4]uint64{}, "F2I"), ptx.S32),

		// Special functions (the MUFU unit), approximate forms.
		weighted(entry("mufu", "rcp.approx.f32", "rcp.approx.f32 {d}, {x};", ptx.F32,
			f32OneHlf, [4]uint64{}, "MUFU.RCP"), 2),
		weighted(entry("mufu", "rsqrt.approx.f32", "rsqrt.approx.f32 {d}, {x};", ptx.F32,
			f32Two, [4]uint64{}, "MUFU.RSQ"), 2),
		weighted(entry("mufu", "sqrt.approx.f32", "sqrt.approx.f32 {d}, {x};", ptx.F32,
			f32Two, [4]uint64{}, "MUFU.SQRT", "MUFU.RSQ"), 2),
		weighted(entry("mufu", "ex2.approx.f32", "ex2.approx.f32 {d}, {x};", ptx.F32,
			f32Half, [4]uint64{}, "MUFU.EX2"), 3),
		weighted(entry("mufu", "lg2.approx.f32", "lg2.approx.f32 {d}, {x};", ptx.F32,
			f32Three, [4]uint64{}, "MUFU.LG2"), 3),
		noted(withTemp(entry("mufu", "rcp.approx.ftz.f32", "rcp.approx.ftz.f32 {t}, {x};\nadd.rn.ftz.f32 {d}, {t}, {a0};", ptx.F32,
			f32OneHlf, [4]uint64{0x80000000}, "MUFU.RCP"), ptx.F32),
			"each step adds -0.0 (an FADD, 4 cycles of latency) after the rcp: ptxas folds rcp(rcp(x)) to x in a bare chain"),
		entry("mufu", "rsqrt.approx.ftz.f32", "rsqrt.approx.ftz.f32 {d}, {x};", ptx.F32,
			f32Two, [4]uint64{}, "MUFU.RSQ"),
		entry("mufu", "sqrt.approx.ftz.f32", "sqrt.approx.ftz.f32 {d}, {x};", ptx.F32,
			f32Two, [4]uint64{}, "MUFU.SQRT", "MUFU.RSQ"),
		entry("mufu", "ex2.approx.ftz.f32", "ex2.approx.ftz.f32 {d}, {x};", ptx.F32,
			f32Half, [4]uint64{}, "MUFU.EX2"),
		entry("mufu", "lg2.approx.ftz.f32", "lg2.approx.ftz.f32 {d}, {x};", ptx.F32,
			f32Three, [4]uint64{}, "MUFU.LG2"),
		weighted(entry("mufu", "sin.approx.f32", "sin.approx.f32 {d}, {x};", ptx.F32,
			f32One, [4]uint64{}, "MUFU.SIN"), 2),
		weighted(entry("mufu", "cos.approx.f32", "cos.approx.f32 {d}, {x};", ptx.F32,
			f32One, [4]uint64{}, "MUFU.COS"), 2),
	}
}
