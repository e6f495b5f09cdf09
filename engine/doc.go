// Package engine is gpuarch's measurement engine: it runs jobs on one GPU,
// compiles the modules a backend's Codegen writes (several ahead, on
// workers), checks their machine code through a Verifier, lays kernels
// out over the SMs, keeps the clock at its warm-up value, and turns
// in-kernel timings into records.
//
// Opinions. Time is measured inside kernels, in the SM's own cycles,
// because a shared machine makes wall-clock numbers noisy; the SM clock is
// measured too (cycles over the in-kernel nanosecond timer) and reported
// beside every time-based figure. Latency is a slope over chain lengths,
// so the cost of reading the clock falls into the intercept. Throughput
// fills every SM, sweeps warps per SM and ILP, and keeps the best shape. A
// probe whose machine code lacks the instruction under test yields an
// invalid record, never a number. One probe's failure does not end a run:
// a compile error or a failed check becomes that record's status and the
// runner goes on. A kernel that faults or hangs also becomes its records'
// status, but it leaves the process unable to use the GPU (a sticky error
// needs a new process), so the runner then returns ErrPoisoned or ErrHung
// and the caller goes on in a fresh process.
//
// The engine names no kernel language and no backend
// (TestEngineNamesNoBackend): it sees the GPU only through the GPU
// interface and its optional capabilities (CarveoutSetter,
// ClusterLauncher, HealthReader, Preparer, CodeReporter, KernelSizer...),
// writes kernels only through the GPU's Codegen (a kernel.Lowerer per
// backend), and asks the Codegen's Language how to name its files and
// clocks. The backends live under backend/ (one per GPU API, and the
// simulated GPU of the tests); the measurement domains, which plan the jobs, under
// measure/.
package engine
