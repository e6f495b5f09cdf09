package nvml

import (
	"errors"
	"fmt"
	"sync"

	"github.com/ebitengine/purego"
)

// DefaultLibrary is the soname [Open] loads.
const DefaultLibrary = "libnvidia-ml.so.1"

// Buffer sizes from nvml.h: NVML_SYSTEM_DRIVER_VERSION_BUFFER_SIZE and
// NVML_DEVICE_NAME_V2_BUFFER_SIZE.
const (
	driverVersionBufferSize = 80
	deviceNameBufferSize    = 96
)

// Lib is a loaded and initialized libnvidia-ml.
type Lib struct {
	path   string
	handle uintptr
	f      funcs // set by OpenLibrary, read-only afterwards

	mu     sync.RWMutex // held for reading by calls, for writing by Close
	closed bool
}

// funcs holds the NVML entry points. nvmlReturn_t, and the enums passed by
// value, are C ints; device handles are opaque pointers. A nil field is a
// symbol this libnvidia-ml does not export.
type funcs struct {
	init        func() int32
	shutdown    func() int32
	errorString func(ret int32) string

	systemGetDriverVersion     func(version *byte, length uint32) int32
	systemGetCudaDriverVersion func(version *int32) int32

	deviceGetCount         func(count *uint32) int32
	deviceGetHandleByIndex func(index uint32, device *uintptr) int32
	deviceGetHandleByUUID  func(uuid string, device *uintptr) int32

	deviceGetName                   func(device uintptr, name *byte, length uint32) int32
	deviceGetClockInfo              func(device uintptr, clock int32, mhz *uint32) int32
	deviceGetMaxClockInfo           func(device uintptr, clock int32, mhz *uint32) int32
	deviceGetPowerUsage             func(device uintptr, milliwatts *uint32) int32
	deviceGetEnforcedPowerLimit     func(device uintptr, milliwatts *uint32) int32
	deviceGetTemperature            func(device uintptr, sensor int32, celsius *uint32) int32
	deviceGetClocksEventReasons     func(device uintptr, reasons *uint64) int32
	deviceGetClocksThrottleReasons  func(device uintptr, reasons *uint64) int32
	deviceGetMemoryBusWidth         func(device uintptr, bits *uint32) int32
	deviceGetTotalEnergyConsumption func(device uintptr, millijoules *uint64) int32
	deviceGetCudaComputeCapability  func(device uintptr, major, minor *int32) int32

	deviceGetComputeRunningProcesses func(device uintptr, count *uint32, infos *processInfo) int32
	deviceGetUtilizationRates        func(device uintptr, util *utilization) int32
	deviceGetTotalEccErrors          func(device uintptr, errorType, counterType int32, count *uint64) int32
	deviceGetPerformanceState        func(device uintptr, pstate *int32) int32
	deviceGetTopologyCommonAncestor  func(device1, device2 uintptr, level *int32) int32
	deviceGetNvLinkState             func(device uintptr, link uint32, active *int32) int32
	deviceGetNvLinkRemotePciInfo     func(device uintptr, link uint32, pci *pciInfo) int32
	deviceGetP2PStatus               func(device1, device2 uintptr, index int32, status *int32) int32
}

// symbol names one NVML entry point and the field it is bound to.
type symbol struct {
	name     string
	fptr     any
	required bool
}

// symbols lists the entry points to bind into f.
func (f *funcs) symbols() []symbol {
	return []symbol{
		{"nvmlInit_v2", &f.init, true},
		{"nvmlShutdown", &f.shutdown, true},
		{"nvmlErrorString", &f.errorString, true},
		{"nvmlSystemGetDriverVersion", &f.systemGetDriverVersion, false},
		{"nvmlSystemGetCudaDriverVersion_v2", &f.systemGetCudaDriverVersion, false},
		{"nvmlDeviceGetCount_v2", &f.deviceGetCount, false},
		{"nvmlDeviceGetHandleByIndex_v2", &f.deviceGetHandleByIndex, false},
		{"nvmlDeviceGetHandleByUUID", &f.deviceGetHandleByUUID, false},
		{"nvmlDeviceGetName", &f.deviceGetName, false},
		{"nvmlDeviceGetClockInfo", &f.deviceGetClockInfo, false},
		{"nvmlDeviceGetMaxClockInfo", &f.deviceGetMaxClockInfo, false},
		{"nvmlDeviceGetPowerUsage", &f.deviceGetPowerUsage, false},
		{"nvmlDeviceGetEnforcedPowerLimit", &f.deviceGetEnforcedPowerLimit, false},
		{"nvmlDeviceGetTemperature", &f.deviceGetTemperature, false},
		{"nvmlDeviceGetCurrentClocksEventReasons", &f.deviceGetClocksEventReasons, false},
		{"nvmlDeviceGetCurrentClocksThrottleReasons", &f.deviceGetClocksThrottleReasons, false},
		{"nvmlDeviceGetMemoryBusWidth", &f.deviceGetMemoryBusWidth, false},
		{"nvmlDeviceGetTotalEnergyConsumption", &f.deviceGetTotalEnergyConsumption, false},
		{"nvmlDeviceGetCudaComputeCapability", &f.deviceGetCudaComputeCapability, false},
		{"nvmlDeviceGetComputeRunningProcesses_v3", &f.deviceGetComputeRunningProcesses, false},
		{"nvmlDeviceGetUtilizationRates", &f.deviceGetUtilizationRates, false},
		{"nvmlDeviceGetTotalEccErrors", &f.deviceGetTotalEccErrors, false},
		{"nvmlDeviceGetPerformanceState", &f.deviceGetPerformanceState, false},
		{"nvmlDeviceGetTopologyCommonAncestor", &f.deviceGetTopologyCommonAncestor, false},
		{"nvmlDeviceGetNvLinkState", &f.deviceGetNvLinkState, false},
		{"nvmlDeviceGetNvLinkRemotePciInfo_v2", &f.deviceGetNvLinkRemotePciInfo, false},
		{"nvmlDeviceGetP2PStatus", &f.deviceGetP2PStatus, false},
	}
}

// Open loads libnvidia-ml.so.1 and initializes NVML. When the library is
// absent the error wraps [ErrNoLibrary].
func Open() (*Lib, error) {
	return OpenLibrary(DefaultLibrary)
}

// OpenLibrary loads NVML from path (a soname or a file) and initializes it
// with nvmlInit_v2. When the library cannot be loaded the error wraps
// [ErrNoLibrary]; when nvmlInit_v2 fails it wraps an [*Error], with code
// [CodeDriverNotLoaded] where the library is installed but the kernel driver
// is not running.
func OpenLibrary(path string) (*Lib, error) {
	handle, err := purego.Dlopen(path, purego.RTLD_NOW|purego.RTLD_LOCAL)
	if err != nil {
		return nil, fmt.Errorf("%w (dlopen %s: %v)", ErrNoLibrary, path, err)
	}
	l := &Lib{path: path, handle: handle}
	for _, s := range l.f.symbols() {
		addr, err := purego.Dlsym(handle, s.name)
		if err != nil {
			if s.required {
				_ = purego.Dlclose(handle)
				return nil, fmt.Errorf("open %s: not NVML: %s: %w", path, s.name, err)
			}
			continue
		}
		purego.RegisterFunc(s.fptr, addr)
	}
	if err := l.check("nvmlInit_v2", l.f.init()); err != nil {
		_ = purego.Dlclose(handle)
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return l, nil
}

// Close shuts NVML down with nvmlShutdown and unloads the library. It waits
// for calls in flight; later calls return [ErrClosed]. Closing twice is a
// no-op.
func (l *Lib) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return nil
	}
	l.closed = true
	err := l.check("nvmlShutdown", l.f.shutdown())
	if cerr := purego.Dlclose(l.handle); cerr != nil {
		err = errors.Join(err, fmt.Errorf("dlclose %s: %w", l.path, cerr))
	}
	if err != nil {
		return fmt.Errorf("close %s: %w", l.path, err)
	}
	return nil
}

// check turns an nvmlReturn_t into nil or an *Error.
func (l *Lib) check(name string, ret int32) error {
	if ret == 0 {
		return nil
	}
	e := &Error{Func: name, Code: int(ret)}
	if l.f.errorString != nil {
		e.Message = l.f.errorString(ret)
	}
	return e
}

// call runs one NVML call named name: present reports whether the symbol
// was found, do makes the call and returns its nvmlReturn_t.
func call(l *Lib, name string, present bool, do func() int32) error {
	if !present {
		return &Error{Func: name, Code: CodeFunctionNotFound, Message: "not exported by this libnvidia-ml"}
	}
	l.mu.RLock()
	defer l.mu.RUnlock()
	if l.closed {
		return fmt.Errorf("%s: %w", name, ErrClosed)
	}
	return l.check(name, do())
}

// DriverVersion returns the driver version, "580.159.03".
func (l *Lib) DriverVersion() (string, error) {
	var buf [driverVersionBufferSize]byte
	err := call(l, "nvmlSystemGetDriverVersion", l.f.systemGetDriverVersion != nil,
		func() int32 { return l.f.systemGetDriverVersion(&buf[0], uint32(len(buf))) })
	if err != nil {
		return "", err
	}
	return cString(buf[:]), nil
}

// CUDADriverVersion returns the CUDA version the driver supports as
// 1000*major + 10*minor: 12080 for CUDA 12.8.
func (l *Lib) CUDADriverVersion() (int, error) {
	var v int32
	err := call(l, "nvmlSystemGetCudaDriverVersion_v2", l.f.systemGetCudaDriverVersion != nil,
		func() int32 { return l.f.systemGetCudaDriverVersion(&v) })
	return int(v), err
}

// DeviceCount returns the number of GPUs NVML sees.
func (l *Lib) DeviceCount() (int, error) {
	var n uint32
	err := call(l, "nvmlDeviceGetCount_v2", l.f.deviceGetCount != nil,
		func() int32 { return l.f.deviceGetCount(&n) })
	return int(n), err
}

// DeviceByIndex returns the GPU with NVML index i. NVML's order is PCI bus
// order, which is not CUDA's default order; prefer [Lib.DeviceByUUID].
func (l *Lib) DeviceByIndex(i int) (*Device, error) {
	if i < 0 || i > 1<<31-1 {
		return nil, fmt.Errorf("device index %d out of range", i)
	}
	var h uintptr
	err := call(l, "nvmlDeviceGetHandleByIndex_v2", l.f.deviceGetHandleByIndex != nil,
		func() int32 { return l.f.deviceGetHandleByIndex(uint32(i), &h) })
	if err != nil {
		return nil, err
	}
	return &Device{lib: l, handle: h}, nil
}

// DeviceByUUID returns the GPU with the given UUID, "GPU-8e6f0c6a-...", as
// CUDA reports it.
func (l *Lib) DeviceByUUID(uuid string) (*Device, error) {
	var h uintptr
	err := call(l, "nvmlDeviceGetHandleByUUID", l.f.deviceGetHandleByUUID != nil,
		func() int32 { return l.f.deviceGetHandleByUUID(uuid, &h) })
	if err != nil {
		return nil, err
	}
	return &Device{lib: l, handle: h}, nil
}

// cString returns the bytes of b up to the first NUL.
func cString(b []byte) string {
	for i, c := range b {
		if c == 0 {
			return string(b[:i])
		}
	}
	return string(b)
}
