package alu

import (
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/ptx"
)

// shiftImmNote explains shifts by a constant.
const shiftImmNote = "each step also XORs a rotating operand (a LOP3): two shifts by constants would combine into one"

// amounts are rotating shift amounts and bit-field positions.
var amounts = [4]uint64{1, 2, 3, 5}

func bitEntries() []engine.ChainSpec {
	b32, b64, u32 := ptx.B32, ptx.B64, ptx.U32
	rot := [4]uint64{0x9e3779b9, 0x7f4a7c15, 0x85ebca6b, 0xc2b2ae35}
	return []engine.ChainSpec{
		// Logic: see logicNote.
		noted(entry("bitwise", "and.b32", "lop3.b32 {d}, {x}, {a}, {b}, 0x80;", b32,
			0xffffffff, [4]uint64{0xfffffffe, 0xfffffffd, 0xfffffffb, 0xfffffff7}, "LOP3"), logicNote("x & a & b", "0x80")),
		noted(entry("bitwise", "or.b32", "lop3.b32 {d}, {x}, {a}, {b}, 0xfe;", b32,
			1, [4]uint64{2, 4, 8, 16}, "LOP3"), logicNote("x | a | b", "0xfe")),
		noted(entry("bitwise", "xor.b32", "lop3.b32 {d}, {x}, {a}, {b}, 0x96;", b32, 0x12345678, rot, "LOP3"), logicNote("x ^ a ^ b", "0x96")),
		noted(entry("bitwise", "not.b32", "lop3.b32 {d}, {x}, {a}, {b}, 0x01;", b32, 0x12345678, rot, "LOP3"), logicNote("~(x | a | b)", "0x01")),
		entry("bitwise", "lop3.b32", "lop3.b32 {d}, {x}, {a}, {b}, 0xe8;", b32, 0x12345678, rot, "LOP3"),
		noted(withTemp(entry("bitwise", "cnot.b32", "cnot.b32 {t}, {x};\nadd.s32 {d}, {t}, {a};", b32, 0x12345678, alt(0, 1), "ISETP", "SEL"), b32),
			"each step also adds a rotating operand (0 or 1): cnot(cnot(x)) simplifies, and ptxas folds a bare chain"),
		// Shifts.
		withOperand(entry("shift", "shl.b32", "shl.b32 {d}, {x}, {a};", b32, 0x12345678, amounts, "SHF.L", "SHL", "IMAD.SHL"), u32),
		withOperand(entry("shift", "shr.u32", "shr.u32 {d}, {x}, {a};", ptx.U32, 0x92345678, amounts, "SHF.R", "SHR"), u32),
		withOperand(entry("shift", "shr.s32", "shr.s32 {d}, {x}, {a};", ptx.S32, 0x92345678, amounts, "SHF.R", "SHR"), u32),
		noted(withTemp(entry("shift", "shl.b32 [imm]", "shl.b32 {t}, {x}, 3;\nxor.b32 {d}, {t}, {a};", b32, 0x12345678, rot, "SHF.L", "SHL", "IMAD.SHL", "LEA"), b32), shiftImmNote),
		noted(withTemp(entry("shift", "shr.u32 [imm]", "shr.u32 {t}, {x}, 3;\nxor.b32 {d}, {t}, {a};", b32, 0x12345678, rot, "SHF.R", "SHR"), b32), shiftImmNote),
		withOperand(entry("shift", "shl.b64", "shl.b64 {d}, {x}, {a};", b64, 0x123456789abcdef, amounts, "SHF.L"), u32),
		withOperand(entry("shift", "shr.u64", "shr.u64 {d}, {x}, {a};", ptx.U64, 0x923456789abcdef, amounts, "SHF.R"), u32),
		withOperand(entry("shift", "shr.s64", "shr.s64 {d}, {x}, {a};", ptx.S64, 0x923456789abcdef, amounts, "SHF.R"), u32),
		withOperand(entry("shift", "shf.l.wrap.b32", "shf.l.wrap.b32 {d}, {y}, {x}, {a};", b32, 0x12345678, amounts, "SHF.L"), u32),
		withOperand(entry("shift", "shf.r.clamp.b32", "shf.r.clamp.b32 {d}, {y}, {x}, {a};", b32, 0x12345678, amounts, "SHF.R"), u32),
		entry("shift", "shf.l.wrap.b32 [imm]", "shf.l.wrap.b32 {d}, {y}, {x}, 7;", b32, 0x12345678, [4]uint64{0x9abcdef0}, "SHF.L"),
		// Bit fields and counts.
		withOperand(entry("bitfield", "bfe.u32", "bfe.u32 {d}, {x}, {a}, {b};", ptx.U32, 0x92345678, [4]uint64{1, 9, 3, 17}, "SHF", "SGXT", "BMSK", "LOP3", "BFE"), u32),
		withOperand(entry("bitfield", "bfe.s32", "bfe.s32 {d}, {x}, {a}, {b};", ptx.S32, 0x92345678, [4]uint64{1, 9, 3, 17}, "SHF", "SGXT", "BMSK", "BFE"), u32),
		entry("bitfield", "bfi.b32", "bfi.b32 {d}, {y}, {x}, {a}, {b};", b32, 0x12345678, [4]uint64{1, 9, 3, 17}, "BMSK", "SHF", "LOP3", "BFI"),
		entry("bitfield", "brev.b32", "brev.b32 {d}, {x};", b32, 0x12345678, [4]uint64{}, "BREV"),
		entry("bitfield", "brev.b64", "brev.b64 {d}, {x};", b64, 0x123456789abcdef, [4]uint64{}, "BREV"),
		noted(entry("bitfield", "popc.b32", "popc.b32 {d}, {x};", b32, 0x12345678, [4]uint64{}, "POPC"), "a bare chain: the count feeds the next count"),
		withTemp(entry("bitfield", "popc.b64", "popc.b64 {t}, {x};\ncvt.u64.u32 {d}, {t};", b64, 0x123456789abcdef, [4]uint64{}, "POPC"), u32),
		entry("bitfield", "clz.b32", "clz.b32 {d}, {x};", b32, 0x12345678, [4]uint64{}, "FLO"),
		withTemp(entry("bitfield", "clz.b64", "clz.b64 {t}, {x};\ncvt.u64.u32 {d}, {t};", b64, 0x123456789abcdef, [4]uint64{}, "FLO"), u32),
		entry("bitfield", "bfind.u32", "bfind.u32 {d}, {x};", ptx.U32, 0x12345678, [4]uint64{}, "FLO"),
		entry("bitfield", "bfind.s32", "bfind.s32 {d}, {x};", ptx.S32, 0x12345678, [4]uint64{}, "FLO"),
		entry("bitfield", "bfind.shiftamt.u32", "bfind.shiftamt.u32 {d}, {x};", ptx.U32, 0x12345678, [4]uint64{}, "FLO"),
		entry("bitfield", "prmt.b32", "prmt.b32 {d}, {x}, {y}, {a};", b32, 0x12345678, [4]uint64{0x3210, 0x5476, 0x1054, 0x7632}, "PRMT"),
		entry("bitfield", "prmt.b32 [imm]", "prmt.b32 {d}, {x}, {y}, 0x5140;", b32, 0x12345678, [4]uint64{0x9abcdef0}, "PRMT"),
		withOperand(entry("bitfield", "fns.b32", "fns.b32 {d}, {a}, {x}, 1;", b32, 3, [4]uint64{0x12345678, 0x9abcdef0, 0xf0f0f0f0, 0x0ff00ff0}, "POPC", "FLO", "BREV", "SHF", "LOP3"), b32),
	}
}
