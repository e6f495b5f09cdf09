package alu

import (
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/ptx"
)

// Integer chains are two-register chains (d = y op x, then the registers
// swap), which no compiler folds into a closed form.

// divNote explains the division chains.
const divNote = "a sequence (no integer divide unit): the divisor is the chain value, so ptxas cannot hoist the reciprocal out of the loop"

// wideNote explains the widening chains.
const wideNote = "the 64-bit result's high word feeds the next step (a register-pair split, normally free): with the low word alone ptxas narrows the multiply to 32 bits"

// minMaxIntNote explains the alternating integer min/max chains.
const minMaxIntNote = "steps alternate the signed and unsigned forms: ptxas fuses two dependent same-signed mins (or maxes) into one three-input VIMNMX3, but cannot fuse across signedness"

func int32Entries() []engine.ChainSpec {
	s32, u32 := ptx.S32, ptx.U32
	return []engine.ChainSpec{
		entry("int32", "add.s32", "add.s32 {d}, {y}, {x};", s32, 1, [4]uint64{2}, "IADD3", "IMAD.IADD", "IADD"),
		entry("int32", "sub.s32", "sub.s32 {d}, {y}, {x};", s32, 1, [4]uint64{2}, "IADD3", "IMAD.IADD", "IADD"),
		entry("int32", "mul.lo.s32", "mul.lo.s32 {d}, {y}, {x};", s32, 3, [4]uint64{5}, "IMAD", "IMUL"),
		entry("int32", "mul.hi.s32", "mul.hi.s32 {d}, {y}, {x};", s32, 0x12345677, [4]uint64{0x7654321}, "IMAD.HI"),
		entry("int32", "mul.hi.u32", "mul.hi.u32 {d}, {y}, {x};", u32, 0x92345677, [4]uint64{0x87654321}, "IMAD.HI"),
		noted(wide(entry("int32", "mul.wide.s32", "mul.wide.s32 {t}, {y}, {x};\nmov.b64 {{u}, {d}}, {t};", s32, 0x12345677, [4]uint64{0x7654321}, "IMAD.WIDE", "IMAD.HI")), wideNote),
		noted(wide(entry("int32", "mul.wide.u32", "mul.wide.u32 {t}, {y}, {x};\nmov.b64 {{u}, {d}}, {t};", u32, 0x92345677, [4]uint64{0x87654321}, "IMAD.WIDE", "IMAD.HI")), wideNote),
		entry("int32", "mad.lo.s32", "mad.lo.s32 {d}, {y}, {x}, {a1};", s32, 3, [4]uint64{5, 7}, "IMAD"),
		rename(entry("int32", "mad.lo.s32", "mad.lo.s32 {d}, {x}, 3, {y};", s32, 3, [4]uint64{5}, "IMAD", "LEA"), "mad.lo.s32 [imm]"),
		entry("int32", "mad.hi.s32", "mad.hi.s32 {d}, {y}, {x}, {a1};", s32, 0x12345677, [4]uint64{0x7654321, 7}, "IMAD.HI"),
		noted(wide(entry("int32", "mad.wide.u32", "mad.wide.u32 {t}, {y}, {x}, {t};\nmov.b64 {{u}, {d}}, {t};", u32, 0x92345677, [4]uint64{0x87654321}, "IMAD.WIDE", "IMAD.HI")), wideNote),
		entry("int32", "add.sat.s32", "add.sat.s32 {d}, {y}, {x};", s32, 0x40000000, [4]uint64{0x30000000}, "IADD3", "IMAD.IADD"),
		entry("int32", "addc.cc.u32", "addc.cc.u32 {d}, {y}, {x};", u32, 0xf0000000, [4]uint64{0x30000000}, "IADD3.X"),
		noted(entry("int32", "min.s32", "min.s32 {d}, {x}, {a};||min.u32 {d}, {x}, {a};", s32, 0x7fffffff, [4]uint64{0x7ffffff0, 0x7fffff00, 0x7ffff000, 0x7fff0000}, "IMNMX", "VIMNMX"), minMaxIntNote),
		noted(entry("int32", "max.s32", "max.s32 {d}, {x}, {a};||max.u32 {d}, {x}, {a};", s32, 0, [4]uint64{0x10, 0x100, 0x1000, 0x10000}, "IMNMX", "VIMNMX"), minMaxIntNote),
		noted(withTemp(entry("int32", "abs.s32", "abs.s32 {t}, {x};\nadd.s32 {d}, {t}, {a};", s32, 0x80001234, alt(0x91, 0x80000093), "IABS"), s32), "each step also adds a rotating operand: abs(abs(x)) = abs(x) would fold"),
		noted(withTemp(entry("int32", "neg.s32", "neg.s32 {t}, {x};\nxor.b32 {d}, {t}, {a};", s32, 0x1234, alt(0x91, 0x93), "IADD3", "IMAD"), s32), "each step also XORs a rotating operand (a LOP3): neg(neg(x)) = x would fold"),
		entry("int32", "sad.u32", "sad.u32 {d}, {a}, {x}, {y};", u32, 5, [4]uint64{1000, 2000, 3000, 4000}, "VABSDIFF", "IABS", "IADD3"),
		entry("int32", "mul24.lo.s32", "mul24.lo.s32 {d}, {y}, {x};", s32, 3, [4]uint64{5}, "IMAD", "SGXT"),
		entry("int32", "mad24.lo.s32", "mad24.lo.s32 {d}, {y}, {x}, {a1};", s32, 3, [4]uint64{5, 7}, "IMAD", "SGXT"),
		noted(weighted(entry("int32", "div.s32", "div.s32 {d}, {a}, {x};", s32, 7, [4]uint64{0x7fffffff, 0x7ffffff0, 0x7fffff00, 0x7ffff000}, "MUFU.RCP"), 20), divNote),
		noted(weighted(entry("int32", "div.u32", "div.u32 {d}, {a}, {x};", u32, 7, [4]uint64{0xffffffff, 0xfffffff0, 0xffffff00, 0xfffff000}, "MUFU.RCP"), 16), divNote),
		noted(weighted(entry("int32", "rem.s32", "rem.s32 {d}, {a}, {x};", s32, 7, [4]uint64{0x7fffffff, 0x7ffffff0, 0x7fffff00, 0x7ffff000}, "MUFU.RCP"), 20), divNote),
		noted(weighted(entry("int32", "rem.u32", "rem.u32 {d}, {a}, {x};", u32, 7, [4]uint64{0xffffffff, 0xfffffff0, 0xffffff00, 0xfffff000}, "MUFU.RCP"), 16), divNote),
	}
}

// wide gives a widening entry its 64-bit result and 32-bit spare half.
func wide(s engine.ChainSpec) engine.ChainSpec {
	s.Step.Temp, s.Step.Temp2 = ptx.B64, ptx.B32
	return s
}

func int16Entries() []engine.ChainSpec {
	s16 := ptx.S16
	return []engine.ChainSpec{
		entry("int16", "add.s16", "add.s16 {d}, {y}, {x};", s16, 1, [4]uint64{2}, "IADD3", "IMAD.IADD", "VIADD"),
		entry("int16", "mad.lo.s16", "mad.lo.s16 {d}, {y}, {x}, {a1};", s16, 3, [4]uint64{5, 7}, "IMAD"),
	}
}

func int64Entries() []engine.ChainSpec {
	s64, u64 := ptx.S64, ptx.U64
	return []engine.ChainSpec{
		entry("int64", "add.s64", "add.s64 {d}, {y}, {x};", s64, 1, [4]uint64{2}, "IADD3", "IADD", "IMAD.IADD"),
		entry("int64", "sub.s64", "sub.s64 {d}, {y}, {x};", s64, 1, [4]uint64{2}, "IADD3", "IADD", "IMAD.IADD"),
		weighted(entry("int64", "mul.lo.s64", "mul.lo.s64 {d}, {y}, {x};", s64, 3, [4]uint64{5}, "IMAD"), 3),
		weighted(entry("int64", "mul.hi.u64", "mul.hi.u64 {d}, {y}, {x};", u64, 0x123456789abcdef1, [4]uint64{0xfedcba9876543211}, "IMAD"), 8),
		weighted(entry("int64", "mul.hi.s64", "mul.hi.s64 {d}, {y}, {x};", s64, 0x123456789abcdef1, [4]uint64{0x7edcba9876543211}, "IMAD"), 10),
		weighted(entry("int64", "mad.lo.s64", "mad.lo.s64 {d}, {y}, {x}, {a1};", s64, 3, [4]uint64{5, 7}, "IMAD"), 3),
		weighted(entry("int64", "min.s64", "min.s64 {d}, {x}, {a};", s64, 0x7fffffffffffffff, [4]uint64{0x7ffffffffffffff0, 0x7fffffffffffff00, 0x7ffffffffffff000, 0x7fffffffffff0000}, "ISETP", "IMNMX"), 3),
		weighted(entry("int64", "max.s64", "max.s64 {d}, {x}, {a};", s64, 0, [4]uint64{0x10, 0x100, 0x1000, 0x10000}, "ISETP", "IMNMX"), 3),
		weighted(entry("int64", "min.u64", "min.u64 {d}, {x}, {a};", u64, 0xffffffffffffffff, [4]uint64{0xfffffffffffffff0, 0xffffffffffffff00, 0xfffffffffffff000, 0xffffffffffff0000}, "ISETP", "IMNMX"), 3),
		noted(withTemp(weighted(entry("int64", "abs.s64", "abs.s64 {t}, {x};\nadd.s64 {d}, {t}, {a};", s64, 0x8000000000001234, alt(0x91, 0x8000000000000093), "ISETP", "IADD3"), 4), s64), "each step also adds a rotating operand: abs(abs(x)) = abs(x) would fold"),
		noted(withTemp(weighted(entry("int64", "neg.s64", "neg.s64 {t}, {x};\nadd.s64 {d}, {t}, {a};", s64, 0x1234, alt(0x91, 0x93), "IADD3"), 3), s64), "each step also adds a rotating operand: neg(neg(x)) = x would fold"),
		noted(weighted(entry("int64", "div.s64", "div.s64 {d}, {a}, {x};", s64, 7, [4]uint64{0x7fffffffffffffff, 0x7ffffffffffffff0, 0x7fffffffffffff00, 0x7ffffffffffff000}, "MUFU.RCP", "CALL"), 40), divNote),
		noted(weighted(entry("int64", "div.u64", "div.u64 {d}, {a}, {x};", u64, 7, [4]uint64{0xffffffffffffffff, 0xfffffffffffffff0, 0xffffffffffffff00, 0xfffffffffffff000}, "MUFU.RCP", "CALL"), 40), divNote),
		noted(weighted(entry("int64", "rem.s64", "rem.s64 {d}, {a}, {x};", s64, 7, [4]uint64{0x7fffffffffffffff, 0x7ffffffffffffff0, 0x7fffffffffffff00, 0x7ffffffffffff000}, "MUFU.RCP", "CALL"), 40), divNote),
		noted(weighted(entry("int64", "rem.u64", "rem.u64 {d}, {a}, {x};", u64, 7, [4]uint64{0xffffffffffffffff, 0xfffffffffffffff0, 0xffffffffffffff00, 0xfffffffffffff000}, "MUFU.RCP", "CALL"), 40), divNote),
	}
}
