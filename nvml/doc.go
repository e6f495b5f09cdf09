// Package nvml reads GPU clocks, power, temperature and clock-limiting
// reasons from NVIDIA's management library, libnvidia-ml.so.1, loaded at
// run time with purego so that the binary builds with CGO_ENABLED=0.
//
// Scope: the handful of NVML queries a measurement record needs to say under
// which conditions it was taken (current and maximum clocks, power draw and
// limit, temperature, throttle reasons, energy counter, memory bus width) and
// nothing that changes GPU state.
//
// Opinions:
//
//   - No driver is an ordinary condition, not a crash: [Open] returns an
//     error wrapping [ErrNoLibrary] and callers record that the conditions
//     were not observed.
//   - A function missing from an older libnvidia-ml is not fatal. Only
//     nvmlInit_v2, nvmlShutdown and nvmlErrorString are required; every other
//     symbol is looked up with Dlsym first and, when absent, the method that
//     needs it returns an [*Error] with code [CodeFunctionNotFound].
//   - Every failing NVML call becomes an [*Error] carrying the function name,
//     the nvmlReturn_t code and nvmlErrorString's message.
//   - There is no package-level state: each [Lib] owns its handle and its
//     function table. NVML is thread-safe, and so are a Lib's methods;
//     [Lib.Close] waits for calls in flight.
package nvml
