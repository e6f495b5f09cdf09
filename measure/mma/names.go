// The names of the matrix suite's records: each form's or fragment
// move's latency and throughput, "mma/<subject>/<quantity>" (record.MakeID's
// shape, the measure a Quantity: "mma/wgmma m64n256k16 f32+=f16 SS/throughput"),
// and each form's throughput on zeros, under the subject ZerosSubject gives.

package mma

import "github.com/gpuarch/gpuarch/record"

// Suite is the name the suite's records carry.
const Suite = "mma"

// Groups (record.Record.Group) of the suite's records.
const (
	// GroupMMASync are the warp-level mma.sync forms.
	GroupMMASync = "mma.sync"
	// GroupSparse are the 2:4 sparse mma.sp forms.
	GroupSparse = "mma.sp"
	// GroupWGMMA are the warpgroup forms.
	GroupWGMMA = "wgmma"
	// GroupFragment are ldmatrix and stmatrix.
	GroupFragment = "fragment"
	// GroupCoopMat are Vulkan's cooperative matrices.
	GroupCoopMat = "coopmat"
)

// Key is the key of the job that measures a form or fragment move: the
// prefix of its records' IDs.
func Key(name string) string { return record.MakeID(Suite, "", name, "") }

// ID is the ID of a subject's record of a quantity (record.Latency or
// record.Throughput).
func ID(subject string, q record.Quantity) string {
	return record.MakeID(Suite, "", subject, string(q))
}

// LatencyID is the ID of a subject's latency record.
func LatencyID(subject string) string { return ID(subject, record.Latency) }

// ThroughputID is the ID of a subject's throughput record.
func ThroughputID(subject string) string { return ID(subject, record.Throughput) }

// The f16 forms with f32 accumulators whose peak the quick health check
// measures and the metrics export: PTX's warp-level mma.sync and its
// Vulkan twin, the 16x16x16 cooperative matrix.
const (
	MMAF16     = "mma m16n8k16 f32+=f16"
	CoopMatF16 = "coopmat 16x16x16 f32+=f16*f16"
)

// ZerosSuffix ends the subject of a form's throughput on zeros.
const ZerosSuffix = ", zeros"

// ZerosSubject is the subject of a form's throughput on zero operands.
func ZerosSubject(form string) string { return form + ZerosSuffix }

// Fragment moves that code outside the plan names (the records'
// subjects).
const (
	LdmatrixX1 = "ldmatrix.sync.aligned.m8n8.x1.shared.b16"
	LdmatrixX4 = "ldmatrix.sync.aligned.m8n8.x4.shared.b16"
)

// Marks in a form's name: the warpgroup forms' ("wgmma m64n...") and the
// sparse forms' (mma.sp).
const (
	WarpgroupMark = "wgmma"
	SparseMark    = ".sp"
)
