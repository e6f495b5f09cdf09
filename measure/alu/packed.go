package alu

import (
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/ptx"
)

// dpxNote explains the fused forms.
const dpxNote = "two PTX instructions that Hopper's DPX unit can execute as one machine instruction (the SASS column shows whether ptxas fused them)"

// videoNote explains emulated video instructions.
const videoNote = "a legacy video instruction, emulated by a sequence on recent GPUs"

func packedEntries() []engine.ChainSpec {
	b32, s32, u32 := ptx.B32, ptx.S32, ptx.U32
	bytes := [4]uint64{0x01020304, 0x05060708, 0x090a0b0c, 0x0d0e0f10}
	return []engine.ChainSpec{
		entry("dot", "dp4a.u32.u32", "dp4a.u32.u32 {d}, {x}, {a}, {y};", u32, 0x01010101, bytes, "IDP.4A"),
		entry("dot", "dp4a.s32.s32", "dp4a.s32.s32 {d}, {x}, {a}, {y};", s32, 0x01010101, bytes, "IDP.4A"),
		entry("dot", "dp4a.s32.u32", "dp4a.s32.u32 {d}, {x}, {a}, {y};", s32, 0x01010101, bytes, "IDP.4A"),
		entry("dot", "dp2a.lo.u32.u32", "dp2a.lo.u32.u32 {d}, {x}, {a}, {y};", u32, 0x01010101, bytes, "IDP.2A"),
		entry("dot", "dp2a.hi.s32.s32", "dp2a.hi.s32.s32 {d}, {x}, {a}, {y};", s32, 0x01010101, bytes, "IDP.2A"),
		// Scalar and SIMD video instructions.
		noted(weighted(entry("video", "vadd.s32.s32.s32", "vadd.s32.s32.s32 {d}, {x}, {a};", s32, 1, [4]uint64{3, 5, 7, 9}, "IADD3", "VIADD", "IMAD"), 2), videoNote),
		noted(weighted(entry("video", "vsub.s32.s32.s32", "vsub.s32.s32.s32 {d}, {x}, {a};", s32, 1, [4]uint64{3, 5, 7, 9}, "IADD3", "VIADD", "IMAD"), 2), videoNote),
		noted(weighted(entry("video", "vmin.s32.s32.s32", "vmin.s32.s32.s32 {d}, {x}, {a};", s32, 0x7fffffff, [4]uint64{0x7ffffff0, 0x7fffff00, 0x7ffff000, 0x7fff0000}, "SEL"), 5), videoNote),
		noted(weighted(entry("video", "vmax.u32.u32.u32", "vmax.u32.u32.u32 {d}, {x}, {a};", u32, 0, [4]uint64{0x10, 0x100, 0x1000, 0x10000}, "SEL"), 5), videoNote),
		noted(weighted(entry("video", "vabsdiff.s32.s32.s32", "vabsdiff.s32.s32.s32 {d}, {x}, {a};", s32, 1, [4]uint64{3000, 5000, 7000, 9000}, "IABS", "VABSDIFF", "IADD3"), 3), videoNote),
		noted(weighted(entry("video", "vadd4.u32.u32.u32", "vadd4.u32.u32.u32 {d}, {x}, {a}, {y};", u32, 0x01020304, bytes, "IADD3", "LOP3", "PRMT", "VIADD"), 8), videoNote),
		noted(weighted(entry("video", "vabsdiff4.u32.u32.u32", "vabsdiff4.u32.u32.u32 {d}, {x}, {a}, {y};", u32, 0x01020304, bytes, "VABSDIFF4"), 2), videoNote),
		noted(weighted(entry("video", "vmin2.s32.s32.s32", "vmin2.s32.s32.s32 {d}, {x}, {a}, {y};", s32, 0x01020304, bytes, "VIMNMX", "IMNMX", "PRMT", "VMNMX"), 6), videoNote),
		noted(weighted(entry("video", "vavrg4.u32.u32.u32", "vavrg4.u32.u32.u32 {d}, {x}, {a}, {y};", u32, 0x01020304, bytes, "LOP3", "IADD3", "PRMT"), 8), videoNote),
		// Packed 16-bit integer min/max and Hopper's DPX.
		packed(noted(entry("dpx", "max.s16x2", "max.s16x2 {d}, {x}, {a};||max.u16x2 {d}, {x}, {a};", b32, 0x00010002, [4]uint64{0x00100020, 0x01000200, 0x10002000, 0x20004000}, "VIMNMX", "VHMNMX"), minMaxIntNote)),
		packed(noted(entry("dpx", "min.s16x2", "min.s16x2 {d}, {x}, {a};||min.u16x2 {d}, {x}, {a};", b32, 0x7fff7fff, [4]uint64{0x7ff07ff0, 0x7f007f00, 0x70007000, 0x0fff0fff}, "VIMNMX", "VHMNMX"), minMaxIntNote)),
		noted(entry("dpx", "max.relu.s32", "max.relu.s32 {d}, {x}, {a};||min.s32 {d}, {x}, {a};", s32, 0, [4]uint64{0x10, 0x7fffff00, 0x1000, 0x7fff0000}, "VIMNMX", "IMNMX"),
			"steps alternate max.relu.s32 and min.s32: ptxas fuses two dependent maxes into one three-input VIMNMX3"),
		packed(noted(entry("dpx", "max.relu.s16x2", "max.relu.s16x2 {d}, {x}, {a};||min.s16x2 {d}, {x}, {a};", b32, 0x00010002, [4]uint64{0x00100020, 0x7f007f00, 0x10002000, 0x7fff7fff}, "VIMNMX", "VHMNMX"),
			"steps alternate max.relu.s16x2 and min.s16x2: ptxas fuses two dependent maxes into one three-input VIMNMX3")),
		noted(withTemp(entry("dpx", "add.s32+max.s32 (viaddmax)", "add.s32 {t}, {x}, {a};\nmax.s32 {d}, {t}, {y};", s32, 1, [4]uint64{3, 5, 7, 9}, "VIADDMNMX", "VIMNMX", "IMNMX"), s32), dpxNote),
		noted(withTemp(entry("dpx", "max.s32+max.s32 (vimnmx3)", "max.s32 {t}, {x}, {a};\nmax.s32 {d}, {t}, {y};", s32, 1, [4]uint64{3, 5, 7, 9}, "VIMNMX3", "VIMNMX", "IMNMX"), s32), dpxNote),
		noted(withTemp(entry("dpx", "min.s32+max.relu.s32", "min.s32 {t}, {x}, {a};\nmax.relu.s32 {d}, {t}, {y};", s32, 1, [4]uint64{3, 5, 7, 9}, "VIMNMX3", "VIMNMX", "IMNMX"), s32), dpxNote),
	}
}
