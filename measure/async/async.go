// Package async is the async suite: how a Hopper-class GPU (compute
// capability 9.0 and later) moves data and runs the work around it. The
// per-thread asynchronous copy (cp.async, LDGSTS), the Tensor Memory
// Accelerator's bulk and tensor copies (cp.async.bulk and
// cp.async.bulk.tensor, UBLKCP/UTMALDG/UTMASTG, multicast to a cluster) and the mbarrier they
// complete on; thread-block clusters, their placement on the GPCs and
// distributed shared memory; the uniform datapath (the warp-wide scalar
// unit, UIADD3/ULOP3/USHF/UIMAD); setmaxnreg's register reallocation;
// and the TMA -> shared memory -> wgmma pipeline a Hopper GEMM runs,
// against its depth.
//
// Opinions. Every figure is timed inside the kernel in SM cycles and
// every probe's timed region is checked for the instruction it claims to
// time. Copy latencies are a dependent chain (the next copy's address
// adds the word the last one copied) less the same chain without the
// copy, so address arithmetic is not in the figure. Bandwidths are
// bytes over each SM's own span, median over SMs, at the best point of a
// sweep, with the whole sweep kept. The suite is CUDA-only: Vulkan
// reaches none of these instructions, and its records say so.
//
// One package holds the whole domain: its plan (this file), its jobs
// (copy.go, mbarrier.go, overlap.go, cluster.go, multicast.go, uniform.go,
// pipeline.go), each a cudagpu.PTXJob whose kernels the PTX builders in
// probe write (the suite reaches its instructions through PTX alone), and
// the names of its records (names.go).
package async

import (
	"github.com/gpuarch/gpuarch/backend/cudagpu"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/record"
)

// LatencyCases are the copy latencies measured.
func LatencyCases() []CopyLatency {
	var out []CopyLatency
	for _, level := range []string{"L1", "DRAM"} {
		for _, w := range []int{4, 8, 16} {
			out = append(out, CopyLatency{Copy: cudagpu.AsyncCopy{Kind: "cp.async", Width: w, CacheOp: "ca"}, Level: level})
		}
	}
	for _, level := range []string{"L2", "DRAM"} {
		out = append(out, CopyLatency{Copy: cudagpu.AsyncCopy{Kind: "cp.async", Width: 16, CacheOp: "cg"}, Level: level})
	}
	out = append(out, CopyLatency{Copy: cudagpu.AsyncCopy{Kind: "cp.async", Width: 16, CacheOp: "cg", WaitAll: true}, Level: "L2"})
	for _, level := range []string{"L2", "DRAM"} {
		for _, b := range []int{16, 1 << 10, 16 << 10} {
			out = append(out, CopyLatency{Copy: cudagpu.AsyncCopy{Kind: "bulk"}, Level: level, Bytes: b})
		}
	}
	for rank := 1; rank <= 5; rank++ {
		out = append(out, CopyLatency{Copy: cudagpu.AsyncCopy{Kind: "tensor", Rank: rank}, Level: "L2", Bytes: 1 << 10})
	}
	out = append(out,
		CopyLatency{Copy: cudagpu.AsyncCopy{Kind: "tensor", Rank: 2}, Level: "DRAM", Bytes: 1 << 10},
		CopyLatency{Copy: cudagpu.AsyncCopy{Kind: "bulk store"}, Level: "L2", Bytes: 1 << 10},
		CopyLatency{Copy: cudagpu.AsyncCopy{Kind: "tensor store", Rank: 2}, Level: "L2", Bytes: 1 << 10},
	)
	return out
}

// OverlapCounts are the FFMA per copy the latency-hiding sweep tries:
// past the L2 latency (about 350 cycles) at about one FFMA a cycle.
var OverlapCounts = []int{0, 64, 128, 192, 256, 320, 384, 512, 768}

// Streams are the bandwidth sweeps: cp.async against groups in flight,
// the TMA against stages and copy sizes, from DRAM and (cp.async and bulk)
// from L2.
func Streams() []CopyStream {
	sizes := []int{1 << 10, 2 << 10, 4 << 10, 8 << 10, 16 << 10, 32 << 10}
	stages := []int{1, 2, 4, 8}
	return []CopyStream{
		{Kind: "cp.async", Level: "DRAM", Depths: []int{1, 2, 4, 8, 16}},
		{Kind: "cp.async", Level: "L2", Depths: []int{1, 2, 4, 8, 16}},
		{Kind: "bulk", Level: "DRAM", Depths: stages, Sizes: sizes},
		{Kind: "tensor", Level: "DRAM", Depths: stages, Sizes: sizes},
		{Kind: "bulk", Level: "L2", Depths: stages, Sizes: sizes},
	}
}

// Clusters is the cluster job's plan: 1-D sizes 1 to 16 (above 8 needs
// the non-portable opt-in) and 2-D and 3-D shapes.
func Clusters() ClusterPlan {
	return ClusterPlan{
		Shapes: [][3]int{{1, 1, 1}, {2, 1, 1}, {3, 1, 1}, {4, 1, 1}, {6, 1, 1}, {8, 1, 1}, {12, 1, 1}, {16, 1, 1}, {32, 1, 1},
			{2, 2, 1}, {4, 2, 1}, {2, 4, 1}, {4, 4, 1}, {2, 2, 2}},
		Sizes:  []int{1, 2, 4, 8, 16},
		Widths: []int{4, 8, 16},
	}
}

// Multicast is the TMA multicast sweep: clusters of 1 (the baseline) to
// 8 blocks, 4 stages of 16 KiB in flight per SM (where the plain stream
// nears the DRAM peak), from L2 and DRAM.
func Multicast() MulticastPlan {
	return MulticastPlan{Sizes: []int{1, 2, 4, 8}, Levels: []string{"L2", "DRAM"}, Stage: 16 << 10, Stages: 4}
}

// Pipeline is the TMA -> wgmma sweep.
func Pipeline() PipelinePlan {
	return PipelinePlan{Stages: []int{1, 2, 3, 4, 6, 8}, Reuse: []int{1, 4}}
}

// Jobs are the suite's jobs for dev. On a device that cannot run them
// (another backend, an older GPU) they compile nothing and record why.
func Jobs(dev record.Device) []engine.Planned {
	return []engine.Planned{
		{Key: Key("latency"), Job: CopyLatencyJob(Suite, LatencyCases())},
		{Key: Key("overlap"), Job: OverlapJob(Suite, OverlapCounts)},
		{Key: Key("mbarrier"), Job: MbarrierJob(Suite)},
		{Key: Key("stream"), Job: CopyStreamJob(Suite, Streams())},
		{Key: Key("multicast"), Job: MulticastJob(Suite, Multicast())},
		{Key: Key("cluster"), Job: ClusterJob(Suite, Clusters())},
		{Key: Key("uniform"), Job: UniformJob(Suite)},
		{Key: Key("setmaxnreg"), Job: SetmaxnregJob(Suite)},
		{Key: Key("pipeline"), Job: PipelineJob(Suite, Pipeline())},
	}
}
