// Package probe holds the PTX side of gpuarch's kernels and the two ways
// of reading machine code, until they move to their backends (issue 31;
// docs/ARCHITECTURE.md):
//
//   - the PTX lowering (PTX, the CUDA backend's engine.Codegen, and
//     ptxLowering, its kernel.Lowerer) and the kernel builders it calls
//     (LatencyKernel, ThroughputKernel, ChaseKernel, StreamKernel...);
//   - the kernels of the jobs written in PTX only (the matrix units,
//     asynchronous copies, clusters, the uniform datapath), their compile
//     path (PTXModule, CompilePTX, and ptxas for whole programs) and
//     PTXJob, the job that runs such a module's records;
//   - the CUDA toolkit's tools a runner reads machine code with
//     (Toolchain: nvdisasm's SASS listings, cached) and the Verifier over
//     a driver's own report of what it compiled (Reported, the Vulkan
//     backend's);
//   - the cooperative-matrix kernel set the Vulkan backend lowers.
package probe
