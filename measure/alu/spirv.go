package alu

import (
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/ptx"
)

// The SPIR-V catalog: the instructions the Vulkan backend measures, as
// SPIR-V assembly steps (see backend/vk's Codegen for the placeholders).
// Where a PTX entry measures the same operation, the SPIR-V entry copies
// its chain (operand pattern, initial values, helper instructions), so the
// two backends time the same dependent chain on one GPU, and both carry
// the same neutral Op. Subjects are the SPIR-V opcode, or the
// GLSL.std.450 instruction, and the type.

// spv builds a SPIR-V catalog entry.
func spv(group, name, op, tmpl string, t ptx.Type, x0 uint64, a [4]uint64) engine.ChainSpec {
	return engine.ChainSpec{
		Suite: Suite, Subject: name, Group: group, Op: op,
		Step: kernel.Step{ISA: kernel.ISASPIRV, Template: tmpl, Type: t, X0: x0, A: a},
	}
}

// expect sets what the entry compiles to on drivers that report machine
// code, per family (see engine.ChainSpec.ExpectISA).
func expect(s engine.ChainSpec, amd, intel []string) engine.ChainSpec {
	s.ExpectISA = map[string][]string{}
	if len(amd) > 0 {
		s.ExpectISA["amdgcn"] = amd
	}
	if len(intel) > 0 {
		s.ExpectISA["intel"] = intel
	}
	return s
}

func l(s ...string) []string { return s }

// glslNote marks GLSL.std.450 entries.
const glslNote = "a GLSL.std.450 extended instruction: how the driver implements it (and to what precision) is its choice"

// spvFloat is the SPIR-V counterpart of floatFamily for f32 or f64.
func spvFloat(ty string, t ptx.Type, one, milli, nmilli, up, down, p999 uint64) []engine.ChainSpec {
	g := ty
	v := func(amd ...string) []string {
		out := make([]string, len(amd))
		for i, a := range amd {
			out[i] = a + "_" + ty
		}
		return out
	}
	return []engine.ChainSpec{
		expect(spv(g, "OpFAdd."+ty, "add."+ty, "{d} = OpFAdd {T} {x} {a}", t, one, alt(milli, nmilli)), v("v_add"), l("add")),
		expect(spv(g, "OpFSub."+ty, "sub."+ty, "{d} = OpFSub {T} {x} {a}", t, one, alt(milli, nmilli)), v("v_sub", "v_add"), l("add")),
		expect(spv(g, "OpFMul."+ty, "mul."+ty, "{d} = OpFMul {T} {x} {a}", t, one, alt(up, down)), v("v_mul"), l("mul")),
		expect(noted(spv(g, "Fma."+ty, "fma."+ty, "{d} = OpExtInst {T} {glsl} Fma {x} {a0} {a1}", t, one, [4]uint64{p999, milli}), glslNote), v("v_fma", "v_fmac"), l("mad")),
		noted(spv(g, "OpFMul+OpFAdd."+ty, "", "{t} = OpFMul {T} {x} {a0}\n{d} = OpFAdd {T} {t} {a1}", t, one, [4]uint64{p999, milli}),
			"a multiply and a separate add, not decorated NoContraction: whether the driver fuses them into one multiply-add is its choice, which the latency shows"),
		noted(spv(g, "FMin."+ty, "min."+ty, "{t} = OpExtInst {T} {glsl} FMin {x} {a}\n{d} = OpFNegate {T} {t}", t, one, [4]uint64{p999, milli, up, nmilli}), minMaxNote),
		noted(spv(g, "FMax."+ty, "max."+ty, "{t} = OpExtInst {T} {glsl} FMax {x} {a}\n{d} = OpFNegate {T} {t}", t, one, [4]uint64{p999, milli, up, nmilli}), minMaxNote),
		noted(spv(g, "FAbs."+ty, "abs."+ty, "{t} = OpExtInst {T} {glsl} FAbs {x}\n{d} = OpFAdd {T} {t} {a}", t, one, alt(milli, nmilli)), "each step also adds a rotating operand: abs(abs(x)) folds"),
		noted(spv(g, "OpFNegate."+ty, "neg."+ty, "{t} = OpFNegate {T} {x}\n{d} = OpFAdd {T} {t} {a}", t, one, alt(milli, nmilli)), "each step also adds a rotating operand: neg(neg(x)) folds"),
		noted(spv(g, "RoundEven."+ty, "rint."+ty, "{d} = OpExtInst {T} {glsl} RoundEven {x}", t, one, [4]uint64{}), roundNote),
		noted(spv(g, "Trunc."+ty, "trunc."+ty, "{d} = OpExtInst {T} {glsl} Trunc {x}", t, one, [4]uint64{}), roundNote),
		noted(spv(g, "Floor."+ty, "floor."+ty, "{d} = OpExtInst {T} {glsl} Floor {x}", t, one, [4]uint64{}), roundNote),
		noted(spv(g, "Ceil."+ty, "ceil."+ty, "{d} = OpExtInst {T} {glsl} Ceil {x}", t, one, [4]uint64{}), roundNote),
		noted(spv(g, "Fract."+ty, "fract."+ty, "{d} = OpExtInst {T} {glsl} Fract {x}", t, one, [4]uint64{}), glslNote),
	}
}

// spvTranscendental are the GLSL.std.450 functions the special-function
// unit serves, with the PTX approximations' initial values.
func spvTranscendental() []engine.ChainSpec {
	f32 := ptx.F32
	glsl := func(name, op string, x0 uint64, amd string) engine.ChainSpec {
		return expect(noted(spv("glsl", name+".f32", op, "{d} = OpExtInst {T} {glsl} "+name+" {x}", f32, x0, [4]uint64{}), glslNote), l(amd), l("math"))
	}
	return []engine.ChainSpec{
		glsl("Exp2", "exp2.f32", f32Half, "v_exp_f32"),
		glsl("Log2", "log2.f32", f32Three, "v_log_f32"),
		glsl("InverseSqrt", "rsqrt.f32", f32Two, "v_rsq_f32"),
		glsl("Sqrt", "sqrt.f32", f32Two, "v_sqrt_f32"),
		glsl("Sin", "sin.f32", f32One, "v_sin_f32"),
		glsl("Cos", "cos.f32", f32One, "v_cos_f32"),
		glsl("Exp", "", f32Half, "v_exp_f32"),
		glsl("Log", "", f32Three, "v_log_f32"),
		glsl("Tanh", "", f32Half, "v_exp_f32"),
		noted(spv("glsl", "OpFDiv.f32 [1/x]", "rcp.f32", "{t} = OpFDiv {T} {k:f32:0x3f800000} {x}\n{d} = OpFAdd {T} {t} {a0}", f32, f32OneHlf, [4]uint64{0x80000000}),
			"1/x as a division by the constant 1.0, then an add of -0.0 as in the PTX rcp chain (a bare 1/(1/x) folds); Vulkan lets the driver divide to 2.5 ULP, so it may use its reciprocal instruction"),
		noted(spv("glsl", "OpFDiv.f32", "", "{d} = OpFDiv {T} {x} {a}", f32, f32One, alt(f32Up, f32Down)),
			"Vulkan requires only 2.5 ULP of a division: the driver may compute x * (1/a), unlike PTX's div.rn"),
	}
}

// spvInt are the integer entries, with the PTX entries' two-register
// chains (x += y; y += x has no closed form a compiler would use).
func spvInt() []engine.ChainSpec {
	u32, u64 := ptx.U32, ptx.U64
	return []engine.ChainSpec{
		expect(spv("int32", "OpIAdd.u32", "add.i32", "{d} = OpIAdd {T} {y} {x}", u32, 1, [4]uint64{2}), l("v_add_u32", "v_add_nc_u32", "v_add_co_u32"), l("add")),
		expect(spv("int32", "OpISub.u32", "sub.i32", "{d} = OpISub {T} {y} {x}", u32, 1, [4]uint64{2}), l("v_sub_u32", "v_sub_nc_u32", "v_sub_co_u32"), l("add")),
		expect(spv("int32", "OpIMul.u32", "mul.lo.i32", "{d} = OpIMul {T} {y} {x}", u32, 3, [4]uint64{5}), l("v_mul_lo_u32"), l("mul")),
		noted(spv("int32", "OpIMul+OpIAdd.u32", "mad.lo.i32", "{t} = OpIMul {T} {y} {x}\n{d} = OpIAdd {T} {t} {a1}", u32, 3, [4]uint64{5, 7}),
			"a multiply and an add (PTX's mad.lo chain), which a driver with an integer multiply-add (NVIDIA's IMAD) fuses into one"),
		spv("int32", "OpSDiv.s32", "div.s32", "{d} = OpSDiv {T} {y} {x}", ptx.S32, 0x7fffffff, [4]uint64{3}),
		spv("int32", "OpUDiv.u32", "div.u32", "{d} = OpUDiv {T} {y} {x}", u32, 0xffffffff, [4]uint64{3}),
		spv("int32", "SMin.s32", "min.i32", "{d} = OpExtInst {T} {glsl} SMin {x} {a}||{d} = OpExtInst {T} {glsl} UMin {x} {a}", ptx.S32, 0x12345678, [4]uint64{0x7fffffff, 0x12345679, 0x7ffffffe, 0x1234567a}),
		expect(spv("int64", "OpIAdd.u64", "add.i64", "{d} = OpIAdd {T} {y} {x}", u64, 1, [4]uint64{2}), nil, nil),
		expect(spv("int64", "OpIMul.u64", "mul.lo.i64", "{d} = OpIMul {T} {y} {x}", u64, 3, [4]uint64{5}), nil, nil),
		withOperand(spv("shift", "OpShiftLeftLogical.u32", "shl.b32", "{d} = OpShiftLeftLogical {T} {x} {a}", u32, 0x12345678, amounts), u32),
		withOperand(spv("shift", "OpShiftRightLogical.u32", "shr.u32", "{d} = OpShiftRightLogical {T} {x} {a}", u32, 0x92345678, amounts), u32),
		withOperand(spv("shift", "OpShiftRightArithmetic.s32", "shr.s32", "{d} = OpShiftRightArithmetic {T} {x} {a}", ptx.S32, 0x92345678, amounts), u32),
		withOperand(spv("shift", "OpShiftLeftLogical.u64", "shl.b64", "{d} = OpShiftLeftLogical {T} {x} {a}", u64, 0x123456789abcdef, amounts), u32),
		noted(spv("bitwise", "OpBitwiseXor.u32", "", "{d} = OpBitwiseXor {T} {x} {z}", u32, 0x12345678, [4]uint64{0x9e3779b9, 0x7f4a7c15}),
			"a three-register chain (x <- x ^ x[-2]), which no compiler can fuse pairwise into one three-input logic operation"),
		noted(spv("bitwise", "OpBitwiseAnd.u32", "", "{t} = OpBitwiseAnd {T} {x} {a}\n{d} = OpBitwiseOr {T} {t} {z}", u32, 0xffffffff, [4]uint64{0xfffffffe, 0xfffffffd, 0xfffffffb, 0xfffffff7}),
			"x & a | x[-2]: an and and an or, which a driver with a three-input logic instruction (NVIDIA's LOP3) may fuse into one"),
		spv("bitfield", "OpBitReverse.u32", "brev.b32", "{d} = OpBitReverse {T} {x}", u32, 0x12345678, [4]uint64{}),
		noted(spv("bitfield", "OpBitCount.u32", "popc.b32", "{d} = OpBitCount {T} {x}", u32, 0x12345678, [4]uint64{}), "a bare chain: the count feeds the next count"),
		spv("bitfield", "FindUMsb.u32", "", "{d} = OpExtInst {T} {glsl} FindUMsb {x}", u32, 0x12345678, [4]uint64{}),
		withOperand(spv("bitfield", "OpBitFieldUExtract.u32", "bfe.u32", "{d} = OpBitFieldUExtract {T} {x} {a} {b}", u32, 0x92345678, [4]uint64{1, 9, 3, 17}), u32),
		noted(spv("dot", "OpSDotAccSat.s32 [4x8 packed]", "", "{d} = OpSDotAccSat {T} {x} {a} {y} PackedVectorFormat4x8Bit", u32, 0x01020304, [4]uint64{0x05060708, 0x01ff02fe, 0x7f807f80, 0x11223344}),
			"a packed 4 × 8-bit signed dot product accumulated with saturation into the previous value (SPV_KHR_integer_dot_product)"),
	}
}

// spvConvert are conversions, on raw-bit chains as in the PTX catalog.
func spvConvert() []engine.ChainSpec {
	b32 := ptx.B32
	return []engine.ChainSpec{
		spv("convert", "OpConvertSToF.f32.s32", "cvt.f32.s32", "{t} = OpConvertSToF {ty:f32} {x}\n{d} = OpBitcast {T} {t}", b32, 12345, [4]uint64{}),
		spv("convert", "OpConvertUToF.f32.u32", "cvt.f32.u32", "{t} = OpConvertUToF {ty:f32} {x}\n{d} = OpBitcast {T} {t}", b32, 12345, [4]uint64{}),
		spv("convert", "OpConvertFToS.s32.f32", "cvt.rzi.s32.f32", "{t} = OpBitcast {ty:f32} {x}\n{d} = OpConvertFToS {T} {t}", b32, f32OneHlf, [4]uint64{}),
		spv("convert", "OpConvertFToU.u32.f32", "cvt.rzi.u32.f32", "{t} = OpBitcast {ty:f32} {x}\n{d} = OpConvertFToU {T} {t}", b32, f32OneHlf, [4]uint64{}),
	}
}

// spvHalf are the 16-bit float entries: scalar and two-wide vectors (the
// packed form drivers map to paired instructions).
func spvHalf() []engine.ChainSpec {
	f16, f16x2 := ptx.F16, ptx.F16x2
	return []engine.ChainSpec{
		spv("f16", "OpFAdd.f16", "add.f16", "{d} = OpFAdd {T} {x} {a}", f16, f16One, alt(f16Milli, f16NMilli)),
		spv("f16", "OpFMul.f16", "mul.f16", "{d} = OpFMul {T} {x} {a}", f16, f16One, alt(f16Up, f16Down)),
		spv("f16", "Fma.f16", "fma.f16", "{d} = OpExtInst {T} {glsl} Fma {x} {a0} {a1}", f16, f16One, [4]uint64{f16P999, f16Milli}),
		packed(spv("f16x2", "OpFAdd.f16x2", "add.f16x2", "{d} = OpFAdd {T} {x} {a}", f16x2, x2(f16One), alt(x2(f16Milli), x2(f16NMilli)))),
		packed(spv("f16x2", "OpFMul.f16x2", "mul.f16x2", "{d} = OpFMul {T} {x} {a}", f16x2, x2(f16One), alt(x2(f16Up), x2(f16Down)))),
		packed(spv("f16x2", "Fma.f16x2", "fma.f16x2", "{d} = OpExtInst {T} {glsl} Fma {x} {a0} {a1}", f16x2, x2(f16One), [4]uint64{x2(f16P999), x2(f16Milli)})),
	}
}

// SPIRVCatalog is the SPIR-V instruction catalog, in groups.
func SPIRVCatalog() []engine.ChainSpec {
	var out []engine.ChainSpec
	for _, part := range [][]engine.ChainSpec{
		spvHalf(),
		spvFloat("f32", ptx.F32, f32One, f32Milli, f32NMilli, f32Up, f32Down, f32P999),
		spvFloat("f64", ptx.F64, f64One, f64Milli, f64NMilli, f64Up, f64Down, f64P999),
		spvTranscendental(), spvConvert(), spvInt(),
	} {
		out = append(out, part...)
	}
	return out
}

// CatalogFor is the catalog written in a kernel language: kernel.ISAPTX or
// kernel.ISASPIRV.
func CatalogFor(isa string) []engine.ChainSpec {
	if isa == kernel.ISASPIRV {
		return SPIRVCatalog()
	}
	return Catalog()
}
