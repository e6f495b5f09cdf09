package mma

// The cooperative-matrix kernels: one module per form (kernel.CoopMat),
// written as neutral specs that each backend's Codegen lowers (SPIR-V's
// cooperative matrices; PTX refuses them), with the names CoopMatJob
// launches them by.

import (
	"fmt"
	"slices"

	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
)

// CoopMatShape is one throughput configuration of the cooperative-matrix
// probe: subgroups per workgroup, workgroups per SM, and independent
// accumulators per subgroup.
type CoopMatShape struct{ Subgroups, GroupsPerSM, ILP int }

// WarpsPerSM is the subgroups the shape puts on each SM.
func (s CoopMatShape) WarpsPerSM() int { return s.Subgroups * s.GroupsPerSM }

// CoopMatUnroll is the multiply-adds per accumulator per loop iteration
// of the throughput kernel at ilp accumulators: about 32 in all per
// iteration, so the loop's own instructions are few.
func CoopMatUnroll(ilp int) int { return max(2, 32/max(1, ilp)) }

// CoopMatModule is the name of cm's module (and the prefix of its
// kernels' names).
func CoopMatModule(cm kernel.CoopMat) string { return engine.KernelName(cm.Name()) }

// CoopMatInitKernel is the name of cm's data initialiser (kernel.CoopMatInitSpec).
func CoopMatInitKernel(cm kernel.CoopMat) string { return CoopMatModule(cm) + "_init" }

// CoopMatLatencyKernel is the name of cm's latency chain of n dependent
// multiply-adds (kernel.CoopMatLatencySpec).
func CoopMatLatencyKernel(cm kernel.CoopMat, n int) string {
	return fmt.Sprintf("%s_lat_n%d", CoopMatModule(cm), n)
}

// CoopMatThroughputKernel is the name of cm's throughput loop at ilp
// accumulators per subgroup (kernel.CoopMatThroughputSpec).
func CoopMatThroughputKernel(cm kernel.CoopMat, ilp int) string {
	return fmt.Sprintf("%s_tp_ilp%d", CoopMatModule(cm), ilp)
}

// CoopMatKernels is the module a cooperative-matrix job compiles for
// the given latency lengths: the data initialiser, one latency chain per
// length, one throughput loop per ILP of shapes (in their order). Tests
// and `gpuarch` tools that show generated code build it too.
func CoopMatKernels(cm kernel.CoopMat, shapes []CoopMatShape, lengths []int) []kernel.Spec {
	ks := []kernel.Spec{kernel.CoopMatInitSpec{Name: CoopMatInitKernel(cm), Matrix: cm}}
	for _, n := range lengths {
		ks = append(ks, kernel.CoopMatLatencySpec{Name: CoopMatLatencyKernel(cm, n), Matrix: cm, Length: n})
	}
	var ilps []int
	for _, s := range shapes {
		if !slices.Contains(ilps, s.ILP) {
			ilps = append(ilps, s.ILP)
			ks = append(ks, kernel.CoopMatThroughputSpec{Name: CoopMatThroughputKernel(cm, s.ILP), Matrix: cm, ILP: s.ILP, Unroll: CoopMatUnroll(s.ILP)})
		}
	}
	return ks
}
