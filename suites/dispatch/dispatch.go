// Package dispatch is the dispatch suite: how the GPU places a launch's
// blocks on its SMs and runs them (per-warp traces under several launch
// strategies, the Haswell post's thread timelines), and what launching
// costs (back-to-back kernels from one stream and through a CUDA graph, a
// launch's round trip, and how many kernels from many streams run at once,
// the seeds' command-concurrency comparison).
package dispatch

import (
	"github.com/gpuarch/gpuarch/probe"
	"github.com/gpuarch/gpuarch/record"
)

// Suite is the name this suite's records carry.
const Suite = "dispatch"

// spinMicros is how long each traced warp runs: long against the
// microseconds a launch takes to fill the GPU, so waves separate cleanly.
const spinMicros = 20

// Strategies are the launch strategies traced on dev: one warp per block,
// many two-warp blocks, full 1024-thread blocks, and 1024-thread blocks
// that hold over half the SM's shared memory (one block per SM). Each
// launches twice what the driver says fits, so a second wave shows how
// freed SMs are refilled.
func Strategies(dev record.Device) []probe.DispatchStrategy {
	half := dev.Attributes["MAX_SHARED_MEMORY_PER_MULTIPROCESSOR"]/2 + 1024
	if opt := dev.Attributes["MAX_SHARED_MEMORY_PER_BLOCK_OPTIN"]; opt > 0 {
		half = min(half, opt)
	}
	return []probe.DispatchStrategy{
		{Name: "one warp per block", Threads: 32, Waves: 2, SpinMicros: spinMicros},
		{Name: "two-warp blocks", Threads: 64, Waves: 2, SpinMicros: spinMicros},
		{Name: "full 1024-thread blocks", Threads: 1024, Waves: 2, SpinMicros: spinMicros},
		{Name: "one block per SM (shared memory)", Threads: 1024, SharedBytes: half, Waves: 2, SpinMicros: spinMicros},
	}
}

// LaunchCases are the launch-cost batches: 2000 empty kernels from one
// stream and as one CUDA graph, one launch and wait repeated, and 256
// kernels of 200 µs from 256 streams.
func LaunchCases() []probe.LaunchCase {
	return []probe.LaunchCase{
		{Subject: "empty kernels, one stream", Batch: probe.Batch{Launches: 2000, Streams: 1}},
		{Subject: "empty kernels, CUDA graph", Batch: probe.Batch{Launches: 2000, Streams: 1, Graph: true}},
		{Subject: "one empty kernel, launch and wait", Batch: probe.Batch{Launches: 1, Streams: 1}, Repeats: 101},
		{Subject: "200 µs kernels, 256 streams", Batch: probe.Batch{Launches: 256, Streams: 256}, SpinMicros: 200},
	}
}

// Jobs returns the suite's jobs for dev.
func Jobs(dev record.Device) []probe.Planned {
	return []probe.Planned{
		{Key: Suite + "/dispatch", Job: probe.DispatchJob(Suite, Strategies(dev))},
		{Key: Suite + "/launch", Job: probe.LaunchJob(Suite, LaunchCases())},
	}
}
