// Package kernel describes probe kernels neutrally, in terms every
// backend's kernel language can lower: the kinds of kernel (Kind), one
// spec type per kind holding what it needs (LatencyChainSpec, ChaseSpec,
// ...; each a Spec), the instructions a chain steps through (Step, Part,
// Atomic, Branch, Fence, CoopMat), the value types a kernel computes with
// (Type), and Lowerer, the interface each backend's lowering implements,
// one method per kind. The probe engine and the measurement domains speak these
// types; each backend's lowering maps them to its own (the PTX builder
// writes them after a dot, the SPIR-V lowering declares OpTypeFloat and
// OpTypeInt for them).
package kernel

// Type is a value type, named as the instruction sets commonly write it:
// "f32", "u64", "f16x2", "pred". Packed types such as f16x2 are two
// values in one 32-bit word.
type Type string

// The types probe kernels compute with.
const (
	Pred   Type = "pred"
	B8     Type = "b8"
	B16    Type = "b16"
	B32    Type = "b32"
	B64    Type = "b64"
	U16    Type = "u16"
	U32    Type = "u32"
	U64    Type = "u64"
	S16    Type = "s16"
	S32    Type = "s32"
	S64    Type = "s64"
	F16    Type = "f16"
	BF16   Type = "bf16"
	F16x2  Type = "f16x2"
	BF16x2 Type = "bf16x2"
	F32    Type = "f32"
	F64    Type = "f64"
)

// Bits is the width of a register holding t: 1 for a predicate, 16, 32
// (packed pairs of halves included) or 64.
func (t Type) Bits() int {
	switch t {
	case Pred:
		return 1
	case B16, U16, S16, F16, BF16:
		return 16
	case B64, U64, S64, F64:
		return 64
	default:
		return 32
	}
}
