// The dispatch suite's record names (see the package comment in
// dispatch.go). Its launch traces, launch costs, barriers, branches and
// fences are "dispatch/<group>/<subject>" (record.MakeID's shape with a
// family: "dispatch/launch/one empty kernel, launch and wait"); its
// atomics are "dispatch/<subject>/<quantity>", an instruction's latency
// and throughput as the ALU suite's ("dispatch/atom.global.add.u32/latency").

package dispatch

import (
	"fmt"
	"strings"

	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/record"
)

// Suite is the name the suite's records carry.
const Suite = "dispatch"

// Groups (record.Record.Group) of the suite's records, and the families
// of the IDs that have one.
const (
	// GroupDispatch are the launch traces, by launch strategy.
	GroupDispatch = "dispatch"
	// GroupLaunch are the launch costs.
	GroupLaunch = "launch"
	// GroupBarrier are the block barriers' costs.
	GroupBarrier = "barrier"
	// GroupAtomic are the atomics (whose IDs have no family).
	GroupAtomic = "atomic"
	// GroupBranch are the control-flow patterns.
	GroupBranch = "branch"
	// GroupFence are the memory fences.
	GroupFence = "fence"
)

// Key is the key of one of the suite's jobs ("dispatch/launch").
func Key(job string) string { return record.MakeID(Suite, "", job, "") }

// TraceID is the ID of a launch strategy's trace.
func TraceID(strategy string) string { return record.MakeID(Suite, GroupDispatch, strategy, "") }

// LaunchID is the ID of a launch-cost record.
func LaunchID(subject string) string { return record.MakeID(Suite, GroupLaunch, subject, "") }

// BranchID is the ID of a control-flow pattern's record.
func BranchID(pattern string) string { return record.MakeID(Suite, GroupBranch, pattern, "") }

// FenceID is the ID of a fence's record.
func FenceID(fence string) string { return record.MakeID(Suite, GroupFence, fence, "") }

// AtomicID is the ID of an atomic's record of a quantity
// (record.Latency or record.Throughput).
func AtomicID(subject string, q record.Quantity) string {
	return record.MakeID(Suite, "", subject, string(q))
}

// GlobalAtomicPrefix begins the subject of a global atomic's record
// ("atom.global.add.f32").
const GlobalAtomicPrefix = "atom.global."

// SharedAtomicPrefix begins the subject of a shared atomic's record
// ("atom.shared.add.f32").
const SharedAtomicPrefix = "atom.shared."

// IsGlobalAtomic says whether subject is a global atomic of one warp's
// chain ("atom.global.add.f32"), not one of its contended forms
// ("atom.global.add.u32, 32 lanes on one word").
func IsGlobalAtomic(subject string) bool {
	return strings.HasPrefix(subject, GlobalAtomicPrefix) && !strings.Contains(subject, ",")
}

// BarSyncPrefix begins the subject of a bar.sync record: "bar.sync, <n>
// warps" (BarSyncSubject).
const BarSyncPrefix = "bar.sync, "

// BarSyncSubject is the subject of bar.sync in a block of warps.
func BarSyncSubject(warps int) string { return fmt.Sprintf("%s%d warps", BarSyncPrefix, warps) }

// BarSyncID is the ID of bar.sync's record in a block of warps.
func BarSyncID(warps int) string {
	return record.MakeID(Suite, GroupBarrier, BarSyncSubject(warps), "")
}

// ExecutionOnly names the barrier without memory semantics: the Op of
// its kernel.
const ExecutionOnly = kernel.ExecutionOnly

// ExecBarrierSubject is the subject of the barrier without memory
// semantics in a block of warps: "barrier, execution only, <n> warps".
func ExecBarrierSubject(warps int) string {
	return fmt.Sprintf("barrier, %s, %d warps", ExecutionOnly, warps)
}

// ExecBarrierID is the ID of the barrier without memory semantics in a
// block of warps: "dispatch/barrier/execution only, <n> warps".
func ExecBarrierID(warps int) string {
	return record.MakeID(Suite, GroupBarrier, fmt.Sprintf("%s, %d warps", ExecutionOnly, warps), "")
}

// Contention variants of the atomics, after the atomic's name in a
// subject ("atom.global.add.u32, 32 lanes one address").
const (
	OneWarpWord = "32 lanes one address"
	OneGPUWord  = "one address for the GPU"
)

// NoBranch is the control-flow pattern without a branch: the body alone.
const NoBranch = "no branch (the body alone)"
