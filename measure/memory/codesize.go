package memory

import "github.com/gpuarch/gpuarch/probe"

// CodeSizeJob measures spec's instruction at warps warps per SM and ilp
// independent chains with a loop body of about bytes of machine code (the
// instruction-fetch cliff, CodeSizes): the engine's throughput chain with
// a body of that size (probe.LoopBodyJob, which says how each backend
// measures it), recorded as CodeSizeID(bytes) in GroupCodeSize.
func CodeSizeJob(spec probe.ChainSpec, bytes, warps, ilp int) probe.Job {
	return probe.LoopBodyJob(spec, CodeSizeID(bytes), GroupCodeSize, bytes, warps, ilp)
}
