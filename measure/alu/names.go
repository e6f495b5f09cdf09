// The ALU suite's record names (see the package comment in catalog.go):
// the latency and throughput of every instruction in its catalogs, one
// pair of records an instruction, "alu/<instruction>/latency" and
// "alu/<instruction>/throughput" (record.MakeID's shape, the measure a
// Quantity). Everything that mints or selects an alu record does it
// through them.

package alu

import "github.com/gpuarch/gpuarch/record"

// Suite is the name the suite's records carry.
const Suite = "alu"

// Key is the key of the job that measures subject (an instruction): the
// prefix of its records' IDs.
func Key(subject string) string { return record.MakeID(Suite, "", subject, "") }

// LatencyID is the ID of an instruction's latency record.
func LatencyID(subject string) string {
	return record.MakeID(Suite, "", subject, string(record.Latency))
}

// ThroughputID is the ID of an instruction's throughput record.
func ThroughputID(subject string) string {
	return record.MakeID(Suite, "", subject, string(record.Throughput))
}

// Catalog groups (record.Record.Group) that code outside the catalogs
// selects by: the scalar 16-bit floating-point instructions.
const (
	GroupF16  = "f16"
	GroupBF16 = "bf16"
)

// Instructions that code outside the catalogs names, by their PTX name
// (the records' subject), or their SPIR-V name where it says so.
const (
	FmaF32 = "fma.rn.f32"
	// FmaF32SPIRV is FmaF32's counterpart in the SPIR-V catalog
	// (GLSL.std.450 Fma on 32-bit floats).
	FmaF32SPIRV  = "Fma.f32"
	FmaF64       = "fma.rn.f64"
	FmaF16x2     = "fma.rn.f16x2"
	AddF32       = "add.rn.f32"
	AddF64       = "add.rn.f64"
	AddF16x2     = "add.rn.f16x2"
	Ex2F32       = "ex2.approx.ftz.f32"
	RcpF32       = "rcp.approx.ftz.f32"
	RsqrtF32     = "rsqrt.approx.ftz.f32"
	SinF32       = "sin.approx.f32"
	AddS16       = "add.s16"
	AddS32       = "add.s32"
	MulS32       = "mul.lo.s32"
	AddS64       = "add.s64"
	MulS64       = "mul.lo.s64"
	DivFullF32   = "div.full.f32"
	DivApproxF32 = "div.approx.f32"
)

// ImmediateMark is in the subject of an instruction's form with an
// immediate operand ("add.s32 [imm]").
const ImmediateMark = "[imm]"
