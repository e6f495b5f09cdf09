// Package cudagpu is gpuarch's CUDA backend:
//
//   - GPU, the engine.GPU over NVIDIA's driver API (package cuda, loaded
//     at run time), and the host and peer links (links.go, Peers);
//   - the PTX lowering: PTX, the backend's engine.Codegen, and
//     ptxLowering, its kernel.Lowerer, with the kernel builders it calls
//     (LatencyKernel, ThroughputKernel, ChaseKernel, StreamKernel...);
//   - the kernels of the jobs written in PTX only (the matrix units'
//     mma.sync, wgmma and fragment moves, asynchronous copies, clusters,
//     the uniform datapath, the divergent chase, the scattered writes),
//     their compile path (PTXModule, CompilePTX, and ptxas for whole
//     programs) and PTXJob, the job that runs such a module's records;
//   - machine-code verification through the CUDA toolkit (Toolchain:
//     nvdisasm's SASS listings, cached, as the runner's engine.CodeReader,
//     and ptxas).
package cudagpu
