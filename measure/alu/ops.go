package alu

import "github.com/gpuarch/gpuarch/engine"

// ptxOps gives the PTX entries that have a SPIR-V counterpart their
// neutral operation (see engine.ChainSpec.Op), so that records of the CUDA
// and the Vulkan backend on one GPU can be set side by side. The SPIR-V
// entries carry theirs in SPIRVCatalog. Where PTX has an approximate and
// an exact form, the one a Vulkan driver may choose under Vulkan's
// precision rules is named (ex2.approx.ftz for exp2).
var ptxOps = map[string]string{
	"add.rn.f32": "add.f32", "sub.rn.f32": "sub.f32", "mul.rn.f32": "mul.f32", "fma.rn.f32": "fma.f32",
	"min.f32": "min.f32", "max.f32": "max.f32", "abs.f32": "abs.f32", "neg.f32": "neg.f32",
	"cvt.rni.f32.f32": "rint.f32", "cvt.rzi.f32.f32": "trunc.f32", "cvt.rmi.f32.f32": "floor.f32", "cvt.rpi.f32.f32": "ceil.f32",
	"fract.f32":  "fract.f32",
	"add.rn.f64": "add.f64", "sub.rn.f64": "sub.f64", "mul.rn.f64": "mul.f64", "fma.rn.f64": "fma.f64",
	"min.f64": "min.f64", "max.f64": "max.f64", "abs.f64": "abs.f64", "neg.f64": "neg.f64",
	"cvt.rni.f64.f64": "rint.f64", "cvt.rzi.f64.f64": "trunc.f64", "cvt.rmi.f64.f64": "floor.f64", "cvt.rpi.f64.f64": "ceil.f64",
	"fract.f64":  "fract.f64",
	"add.rn.f16": "add.f16", "mul.rn.f16": "mul.f16", "fma.rn.f16": "fma.f16",
	"add.rn.f16x2": "add.f16x2", "mul.rn.f16x2": "mul.f16x2", "fma.rn.f16x2": "fma.f16x2",
	"ex2.approx.ftz.f32": "exp2.f32", "lg2.approx.ftz.f32": "log2.f32", "rsqrt.approx.ftz.f32": "rsqrt.f32",
	"sqrt.approx.ftz.f32": "sqrt.f32", "sin.approx.f32": "sin.f32", "cos.approx.f32": "cos.f32",
	"rcp.approx.ftz.f32": "rcp.f32",
	"cvt.rn.f32.s32":     "cvt.f32.s32", "cvt.rn.f32.u32": "cvt.f32.u32", "cvt.rzi.s32.f32": "cvt.rzi.s32.f32", "cvt.rzi.u32.f32": "cvt.rzi.u32.f32",
	"add.s32": "add.i32", "sub.s32": "sub.i32", "mul.lo.s32": "mul.lo.i32", "mad.lo.s32": "mad.lo.i32", "div.s32": "div.s32", "div.u32": "div.u32",
	"min.s32": "min.i32", "add.s64": "add.i64", "mul.lo.s64": "mul.lo.i64",
	"shl.b32": "shl.b32", "shr.u32": "shr.u32", "shr.s32": "shr.s32", "shl.b64": "shl.b64",
	"brev.b32": "brev.b32", "popc.b32": "popc.b32", "bfe.u32": "bfe.u32",
}

// withOps sets the neutral operation of every PTX entry ptxOps names.
func withOps(specs []engine.ChainSpec) []engine.ChainSpec {
	for i := range specs {
		if op, ok := ptxOps[specs[i].Subject]; ok {
			specs[i].Op = op
		}
	}
	return specs
}
