// Package cuda is gpuarch's binding to the NVIDIA CUDA driver API
// (libcuda.so.1), called at run time through purego so that gpuarch builds
// with CGO_ENABLED=0 and needs neither cgo nor the CUDA toolkit's headers.
//
// # Scope
//
// The package covers what a microarchitecture probe needs and nothing more:
// finding devices and reading their attributes, the primary context,
// compiling PTX with the driver's own JIT (keeping the cubin, so that the
// SASS can be inspected), loading modules, launching kernels, plain device
// memory, streams and events. It is not a general CUDA binding: there is no
// runtime API, no NVRTC, no graphs, no managed memory, no texture objects.
//
// # Opinions
//
//   - The driver is a value the caller owns. [Open] loads libcuda.so.1 and
//     returns a [*Driver]; there is no package-level state. The library is
//     never unloaded: libcuda does not support being unloaded while a
//     process has used it, so a Driver lives as long as the process.
//   - Every driver call goes through one helper that turns a CUresult into
//     an [*Error] carrying the function's name and the driver's own name and
//     description of the code. JIT failures carry the compiler's log,
//     because that log is what the user needs to read.
//   - Some errors are sticky: they leave the context, or the whole process,
//     unusable. [IsSticky] says which; NVIDIA documents that after most of
//     them the process must exit and start again.
//   - A CUDA context is current per OS thread, not per goroutine. A goroutine
//     that uses a [Context] must call runtime.LockOSThread first and keep
//     the thread locked for as long as it uses the context, or the Go
//     scheduler may move it to a thread where no context is current.
//   - Nothing waits forever. A kernel can hang; [Event.Wait] polls with a
//     deadline and a context.Context, and returns an error wrapping
//     [ErrTimeout] rather than blocking the tool.
//   - Go memory handed to the driver follows the cgo pointer rules: memory
//     the driver reads after a call returns (JIT option arrays and log
//     buffers), and pointer arrays that hold Go pointers (kernel
//     parameters), is pinned with runtime.Pinner for exactly as long as the
//     driver may use it.
//
// Enum values (CUresult, CUdevice_attribute, CUfunction_attribute,
// CUjit_option, CUjitInputType) are written out by hand because there are no
// headers; they were checked against NVIDIA's cuda.h.
package cuda
