package probe

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gpuarch/gpuarch/engine"

	"github.com/gpuarch/gpuarch/kernel"
)

// The cooperative-matrix kernels: one module per form (kernel.CoopMat),
// written as neutral specs that each backend's Codegen lowers (SPIR-V's
// cooperative matrices; PTX refuses them). The job that measures them is
// measure/mma's CoopMatJob; the module's and kernels' names are here, so
// that the job launches what CoopMatKernels built.

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

// Layout of the data buffer cooperative-matrix kernels load from: A at
// byte 0, B at CoopMatRegion, C at 2·CoopMatRegion, each row-major and
// packed; CoopMatDataBytes in all.
const (
	CoopMatRegion    = 64 << 10
	CoopMatDataBytes = 3 * CoopMatRegion
)

// CoopMatPattern is how CoopMatInit fills 32-bit words of an element
// type: hash & mask | or, so that every element is small (products and
// sums of many stay finite: f16 and bf16 elements lie in [2^-7, 2^-6)), and false
// for types it cannot fill.
func CoopMatPattern(elem string) (or, mask uint32, ok bool) {
	switch elem {
	case "f16":
		return 0x20002000, 0x03ff03ff, true
	case "bf16":
		return 0x3c003c00, 0x007f007f, true
	case "e4m3": // [2^-4, 2^-3)
		return 0x18181818, 0x07070707, true
	case "e5m2": // [2^-4, 2^-3)
		return 0x2c2c2c2c, 0x03030303, true
	case "f32":
		return 0x3c000000, 0x007fffff, true
	case "s8", "u8":
		return 0, 0x03030303, true
	case "s16", "u16":
		return 0, 0x00030003, true
	case "s32", "u32":
		return 0, 0x3, true
	}
	return 0, 0, false
}

// ElemBits is the width of a cooperative-matrix element type in bits, 0
// for one gpuarch does not know.
func ElemBits(elem string) int {
	switch strings.TrimPrefix(strings.TrimPrefix(elem, "s"), "u") {
	case "8":
		return 8
	case "16":
		return 16
	case "32":
		return 32
	case "64":
		return 64
	}
	switch elem {
	case "f16", "bf16":
		return 16
	case "f32":
		return 32
	case "f64":
		return 64
	case "e4m3", "e5m2":
		return 8
	}
	return 0
}
