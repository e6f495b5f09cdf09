package alu

import (
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/ptx"
)

const (
	f64Half  = 0x3fe0000000000000
	f64Quart = 0x3fd0000000000000
	f64TQ    = 0x3fe8000000000000
)

func compareEntries() []engine.ChainSpec {
	return []engine.ChainSpec{
		entry("compare", "setp.lt.f32+selp.f32", "setp.lt.f32 {p}, {x}, {a0};\nselp.f32 {d}, {a1}, {a2}, {p};", ptx.F32,
			f32One, [4]uint64{f32Half, f32Quart, f32ThreeQ}, "FSETP"),
		entry("compare", "set.lt.f32.f32", "set.lt.f32.f32 {d}, {x}, {a0};", ptx.F32,
			f32One, [4]uint64{f32Half}, "FSET", "FSETP"),
		entry("compare", "slct.f32.f32", "slct.f32.f32 {d}, {a1}, {a2}, {x};", ptx.F32,
			f32One, [4]uint64{0, f32NMilli, f32Milli}, "FSEL", "FSETP"),
		entry("compare", "setp.lt.f64+selp.f64", "setp.lt.f64 {p}, {x}, {a0};\nselp.f64 {d}, {a1}, {a2}, {p};", ptx.F64,
			f64One, [4]uint64{f64Half, f64Quart, f64TQ}, "DSETP"),
		entry("compare", "setp.lt.s32+selp.s32", "setp.lt.s32 {p}, {x}, {a0};\nselp.s32 {d}, {a1}, {a2}, {p};", ptx.S32,
			7, [4]uint64{5, 3, 9}, "ISETP"),
		entry("compare", "set.lt.u32.s32", "set.lt.u32.s32 {d}, {x}, {a0};", ptx.S32,
			7, [4]uint64{5}, "ISETP", "ISET"),
		entry("compare", "setp.lt.s64+selp.s64", "setp.lt.s64 {p}, {x}, {a0};\nselp.s64 {d}, {a1}, {a2}, {p};", ptx.S64,
			7, [4]uint64{5, 3, 9}, "ISETP"),
	}
}
