package memory

import "github.com/gpuarch/gpuarch/engine"

// CodeSizeJob measures spec's instruction at warps warps per SM and ilp
// independent chains with a loop body of about bytes of machine code (the
// instruction-fetch cliff, CodeSizes): the engine's throughput chain with
// a body of that size (engine.LoopBodyJob, which says how each backend
// measures it), recorded as CodeSizeID(bytes) in GroupCodeSize.
func CodeSizeJob(spec engine.ChainSpec, bytes, warps, ilp int) engine.Job {
	return engine.LoopBodyJob(spec, CodeSizeID(bytes), GroupCodeSize, bytes, warps, ilp)
}
