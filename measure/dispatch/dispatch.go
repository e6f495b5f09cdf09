// Package dispatch is the dispatch suite: how the GPU places a launch's
// blocks on its SMs and runs them (per-warp traces under several launch
// strategies, the Haswell post's thread timelines), and what launching
// costs (back-to-back kernels from one stream and through a CUDA graph, a
// launch's round trip, and how many kernels from many streams run at once,
// the seeds' command-concurrency comparison), barriers, atomics, branches
// and fences. One package holds the whole domain: its plan (this file),
// its jobs (jobs.go), which describe their kernels neutrally
// (kernel.BranchLoopSpec, ...) for each backend's lowering to write, and
// the names of its records (names.go).
package dispatch

import (
	"fmt"
	"strings"

	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/record"
)

// spinMicros is how long each traced warp runs: long against the
// microseconds a launch takes to fill the GPU, so waves separate cleanly.
const spinMicros = 20

// Strategies are the launch strategies traced on dev: one warp per block,
// many two-warp blocks, full 1024-thread blocks, and 1024-thread blocks
// that hold over half the SM's shared memory (one block per SM). Each
// launches twice what the driver says fits, so a second wave shows how
// freed SMs are refilled.
func Strategies(dev record.Device) []DispatchStrategy {
	half := dev.Attributes["MAX_SHARED_MEMORY_PER_MULTIPROCESSOR"]/2 + 1024
	if opt := dev.Attributes["MAX_SHARED_MEMORY_PER_BLOCK_OPTIN"]; opt > 0 {
		half = min(half, opt)
	}
	return []DispatchStrategy{
		{Name: "one warp per block", Threads: 32, Waves: 2, SpinMicros: spinMicros},
		{Name: "two-warp blocks", Threads: 64, Waves: 2, SpinMicros: spinMicros},
		{Name: "full 1024-thread blocks", Threads: 1024, Waves: 2, SpinMicros: spinMicros},
		{Name: "one block per SM (shared memory)", Threads: 1024, SharedBytes: half, Waves: 2, SpinMicros: spinMicros},
	}
}

// LaunchCases are the launch-cost batches of a backend. Through CUDA:
// 2000 empty kernels from one stream and as one CUDA graph (each batch
// five times: a sample a batch), one launch
// and wait (busy-polling) repeated, and 256 kernels of 5 ms from 256
// streams: long enough that all are queued (a few µs each) before the
// first ends, so the count running at once is the GPU's limit, not the
// host's pace. Through Vulkan: 2000 empty dispatches submitted one by
// one and recorded in one command buffer (five batches each), and one dispatch submitted and
// waited for, repeated. Cases that time the same thing carry one Op.
func LaunchCases(backend string) []LaunchCase {
	if backend == "vulkan" {
		return []LaunchCase{
			{Subject: "empty dispatches, one submit each", Op: opQueued, Batch: engine.Batch{Launches: 2000, Streams: 1}, Repeats: 5},
			{Subject: "empty dispatches, one command buffer", Op: opRecorded, Batch: engine.Batch{Launches: 2000, Streams: 1, Graph: true}, Repeats: 5},
			{Subject: "one empty dispatch, submit and wait", Op: opRoundTrip, Batch: engine.Batch{Launches: 1, Streams: 1, Spin: true}, Repeats: 101},
		}
	}
	return []LaunchCase{
		{Subject: "empty kernels, one stream", Op: opQueued, Batch: engine.Batch{Launches: 2000, Streams: 1}, Repeats: 5},
		{Subject: "empty kernels, CUDA graph", Op: opRecorded, Batch: engine.Batch{Launches: 2000, Streams: 1, Graph: true}, Repeats: 5},
		{Subject: "one empty kernel, launch and wait", Op: opRoundTrip, Batch: engine.Batch{Launches: 1, Streams: 1, Spin: true}, Repeats: 101},
		{Subject: "5 ms kernels, 256 streams", Batch: engine.Batch{Launches: 256, Streams: 256}, SpinMicros: 5000},
	}
}

// The launch costs both backends time.
const (
	opQueued    = "launch, queued one by one"
	opRecorded  = "launch, recorded ahead"
	opRoundTrip = "launch, round trip"
)

// BarrierWarps are the block sizes, in warps, bar.sync is timed at.
var BarrierWarps = []int{1, 2, 4, 8, 16, 32}

// Contention variants of the atomics: Ways lanes share each 8-byte word.
const (
	oneWarpWord = OneWarpWord
	oneGPUWord  = OneGPUWord
)

// AtomicCases are the atomics measured: for each operation in shared and
// global memory, one warp's latency uncontended and with all 32 lanes on
// one address, and the whole GPU's throughput likewise; global add also
// with every thread of the GPU on one address, plain (u32 and f32: a float
// total costs the L2 more per add than an integer one) and
// warp-aggregated.
func AtomicCases() []AtomicCase {
	var out []AtomicCase
	for _, space := range []string{"shared", "global"} {
		for _, op := range [][2]string{{"add", "u32"}, {"add", "f32"}, {"add", "u64"}, {"min", "s32"}, {"max", "u32"}, {"exch", "b32"}, {"cas", "b32"}} {
			a := kernel.Atomic{Space: space, Op: op[0], Type: op[1]}
			out = append(out,
				AtomicCase{Atomic: a, Ways: 1},
				AtomicCase{Atomic: a, Ways: 32, Variant: oneWarpWord},
				AtomicCase{Atomic: a, Ways: 1, Full: true},
				AtomicCase{Atomic: a, Ways: 32, Full: true, Variant: oneWarpWord})
		}
	}
	add := kernel.Atomic{Space: "global", Op: "add", Type: "u32"}
	agg := add
	agg.Aggregated = true
	addF32 := kernel.Atomic{Space: "global", Op: "add", Type: "f32"}
	return append(out,
		AtomicCase{Atomic: add, Ways: 1 << 24, Full: true, Variant: oneGPUWord},
		AtomicCase{Atomic: addF32, Ways: 1 << 24, Full: true, Variant: oneGPUWord},
		AtomicCase{Atomic: agg, Ways: 32},
		AtomicCase{Atomic: agg, Ways: 32, Full: true, Variant: oneWarpWord},
		AtomicCase{Atomic: agg, Ways: 1 << 24, Full: true, Variant: oneGPUWord})
}

// Branches are the control-flow patterns timed: the body alone, a uniform
// branch around it taken and not, 2 to 32 divergent paths, and two paths
// predicated instead of branched.
func Branches() []kernel.Branch {
	out := []kernel.Branch{
		{Name: NoBranch, Mode: "none"},
		{Name: "uniform branch, not taken (the body runs)", Mode: "uniform", Mask: 0},
		{Name: "uniform branch, taken (the body skipped)", Mode: "uniform", Mask: 0xffffffff},
	}
	for _, n := range []int{2, 4, 8, 16, 32} {
		out = append(out, kernel.Branch{Name: fmt.Sprintf("divergent, %d paths", n), Mode: "divergent", Paths: n})
	}
	return append(out, kernel.Branch{Name: "2 paths predicated (both computed, selp)", Mode: "predicated", Paths: 2})
}

// Fences are the memory fences timed after a global store, by scope: in
// PTX, every membar and fence; through Vulkan, an OpMemoryBarrier with
// acquire-release semantics at each scope. Fences of the same scope and
// ordering carry one Op.
func Fences(backend string) []kernel.Fence {
	out := []kernel.Fence{{Name: "no fence", Op: "fence none"}}
	if backend == "vulkan" {
		for _, s := range [][2]string{{"Workgroup", "cta"}, {"Device", "gpu"}, {"QueueFamily", ""}} {
			f := kernel.Fence{Name: "OpMemoryBarrier " + s[0] + " AcquireRelease", Scope: s[0]}
			if s[1] != "" {
				f.Op = "fence acq_rel " + s[1]
			}
			out = append(out, f)
		}
		return out
	}
	for _, f := range []string{"membar.cta", "membar.gl", "membar.sys", "fence.acq_rel.cta", "fence.acq_rel.gpu", "fence.acq_rel.sys", "fence.sc.cta", "fence.sc.gpu", "fence.sc.sys"} {
		fence := kernel.Fence{Name: f, PTX: f}
		if scope, ok := strings.CutPrefix(f, "fence.acq_rel."); ok {
			fence.Op = "fence acq_rel " + scope
		}
		out = append(out, fence)
	}
	return out
}

// Jobs returns the suite's jobs for dev.
func Jobs(dev record.Device) []engine.Planned {
	return []engine.Planned{
		{Key: Key(GroupDispatch), Job: DispatchJob(Suite, Strategies(dev))},
		{Key: Key(GroupLaunch), Job: LaunchJob(Suite, LaunchCases(dev.BackendOf()))},
		{Key: Key("sync"), Job: SyncJob(Suite, BarrierWarps, AtomicCases())},
		{Key: Key("control"), Job: ControlJob(Suite, Branches(), Fences(dev.BackendOf()))},
	}
}
