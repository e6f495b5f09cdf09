// Package probe is gpuarch's measurement core: it generates probe kernels
// from step templates, runs them through a small device interface, checks
// their machine code, and turns in-kernel timings into records.
//
// Opinions. Time is measured inside kernels, in the SM's own cycles
// (%clock64), because a shared machine makes wall-clock numbers noisy; the
// SM clock is measured too (%clock64 over %globaltimer) and reported beside
// every time-based figure. Latency is a slope over chain lengths, so the
// cost of reading the clock falls into the intercept. Throughput fills every
// SM, sweeps warps per SM and ILP, and keeps the best shape. A probe whose
// machine code lacks the instruction under test yields an invalid record,
// never a number. One probe's failure does not end a run: a JIT error or a
// failed check becomes that record's status and the runner goes on. A
// kernel that faults or hangs also becomes its records' status, but it
// leaves the process unable to use the GPU (NVIDIA documents that a sticky
// error needs a new process), so the runner then returns ErrPoisoned or
// ErrHung and the caller goes on in a fresh process.
//
// The runner sees the GPU only through the GPU interface, and writes
// kernels only through the GPU's Codegen: the methods (chains and their
// regression, the control group, the throughput sweep, the clock) do not
// know which API runs them. The backends live under backend/: CUDA
// (backend/cudagpu), Vulkan (backend/vk) and the simulated GPU of the tests
// (backend/sim).
package probe
