package alu

import (
	"maps"
	"slices"
	"strings"

	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
)

// Alone says why an entry of the catalog of kernel language isa has no
// counterpart in the other language's catalog (no Op): "" when no reason
// is stated, which the parity test refuses. An entry with an Op has a
// twin of that Op in the other catalog, which the test checks too.
func Alone(isa string, s engine.ChainSpec) string { return AloneIn(isa, s, ptxAlone, spirvAlone) }

// AloneIn is Alone for a catalog whose reasons are ptxGroups (by PTX
// group) and spirvSubjects (by SPIR-V subject); a PTX operand form
// ("add.rn.f32 [imm]") needs none.
func AloneIn(isa string, s engine.ChainSpec, ptxGroups, spirvSubjects map[string]string) string {
	if isa == kernel.ISASPIRV {
		return spirvSubjects[s.Subject]
	}
	if form := operandForm(s.Subject); form != "" {
		return "a PTX operand form (" + form + ") of an entry measured in both languages: SPIR-V leaves where an operand lives to the driver"
	}
	return ptxGroups[s.Group]
}

// operandForm is the operand form a PTX subject names in brackets
// ("add.rn.f32 [imm]" -> "imm"), or "".
func operandForm(subject string) string {
	i := strings.LastIndex(subject, " [")
	if i < 0 || !strings.HasSuffix(subject, "]") {
		return ""
	}
	switch form := subject[i+2 : len(subject)-1]; form {
	case "imm", "reg":
		return form
	}
	return ""
}

// ptxAlone are the PTX groups whose entries without an Op have no SPIR-V
// twin, with why. "Not in the SPIR-V catalog yet" says that SPIR-V has
// the operation and nobody has written its entry.
var ptxAlone = map[string]string{
	"video":    "PTX's video instructions (SIMD on the bytes and halves of a register) have no SPIR-V instruction",
	"dpx":      "Hopper's DPX instructions (min/max with ReLU, three-way min/max, add-then-max) have no SPIR-V instruction",
	"dot":      "dp4a and dp2a: SPIR-V's integer dot product (SPV_KHR_integer_dot_product) is measured by its own entry, whose saturating accumulate is not dp4a's",
	"bf16":     "Vulkan's bfloat16 (SPV_KHR_bfloat16) has no scalar arithmetic, only conversions, dot products and cooperative matrices",
	"bf16x2":   "Vulkan's bfloat16 (SPV_KHR_bfloat16) has no packed arithmetic, only conversions, dot products and cooperative matrices",
	"precise":  "IEEE-rounded division, reciprocal and square root: SPIR-V asks only 2.5 to 3 ULP of OpFDiv and Sqrt, whose own entries measure what the driver chose",
	"compare":  "comparisons and selects: not in the SPIR-V catalog yet (OpFOrdLessThan, OpSelect)",
	"int16":    "16-bit integers: not in the SPIR-V catalog yet (Int16 capability)",
	"int32":    "high halves, wide products, saturation, carries, 24-bit products and remainders: not in the SPIR-V catalog yet where SPIR-V has them (OpSMulExtended, OpSRem), none for sad, addc or mul24",
	"int64":    "64-bit integer forms beyond add and multiply: not in the SPIR-V catalog yet (Int64 capability)",
	"bitwise":  "single logic operations: SPIR-V's entries chain them so that a driver cannot fuse pairs into one three-input LOP3, a different chain from PTX's, and lop3 and cnot have no SPIR-V instruction",
	"bitfield": "signed extract, insert, 64-bit forms, bfind and prmt: not in the SPIR-V catalog yet where SPIR-V has them (OpBitFieldInsert, FindSMsb), none for prmt, fns or bfind.shiftamt",
	"shift":    "64-bit shifts and funnel shifts: not in the SPIR-V catalog yet for 64 bits; SPIR-V has no funnel shift",
	"f16":      "f16 subtract, min, max, abs and negate: not in the SPIR-V catalog yet",
	"f16x2":    "f16x2 subtract, min, max, abs and negate: not in the SPIR-V catalog yet",
	"f32":      "copysign: not in the SPIR-V catalog yet (no one SPIR-V instruction; GLSL.std.450 has none)",
	"convert":  "conversions beyond f32<->32-bit integers: not in the SPIR-V catalog yet (OpConvert*, OpFConvert), and none for FP8",
	"mufu":     "the approximate special functions without .ftz and at f16, bf16 and f64: SPIR-V has one Exp2, InverseSqrt and Tanh per type, whose driver picks the form; not in the SPIR-V catalog yet at those types",
}

// spirvAlone are the SPIR-V entries with no PTX twin, with why.
var spirvAlone = map[string]string{
	"FindUMsb.u32":                  "GLSL.std.450 FindUMsb counts from the other end from PTX's bfind and clz; the driver's choice of instruction is what it measures",
	"OpBitwiseAnd.u32":              "chains an and and an or so that a driver with a three-input logic instruction may fuse them, a different chain from PTX's and.b32",
	"OpBitwiseXor.u32":              "a three-register chain that no compiler can fuse pairwise, a different chain from PTX's xor.b32",
	"OpSDotAccSat.s32 [4x8 packed]": "a saturating accumulate, which PTX's dp4a lacks",
	"OpFMul+OpFAdd.f32":             "a multiply and a separate add the driver may fuse: PTX states its fusing (fma.rn) or forbids it (.rn on each)",
	"OpFMul+OpFAdd.f64":             "a multiply and a separate add the driver may fuse: PTX states its fusing (fma.rn) or forbids it (.rn on each)",
	"Exp.f32":                       "GLSL.std.450 Exp: PTX has only ex2, and the driver's scaling and precision are its choice",
	"Log.f32":                       "GLSL.std.450 Log: PTX has only lg2, and the driver's scaling and precision are its choice",
	"OpFDiv.f32":                    "Vulkan asks 2.5 ULP of a division, which the driver may compute as x * (1/a): neither PTX's div.rn nor its div.approx",
	"Tanh.f32":                      "GLSL.std.450 Tanh, whose form (tanh.approx or a sequence) and precision are the driver's choice",
}

// AloneReasons returns the keys of the reason tables Alone reads: the
// PTX groups and the SPIR-V subjects it states a reason for, so that a
// test can check each still explains an entry.
func AloneReasons() (ptxGroups, spirvSubjects []string) {
	return slices.Sorted(maps.Keys(ptxAlone)), slices.Sorted(maps.Keys(spirvAlone))
}
