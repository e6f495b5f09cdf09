package nvml

import "fmt"

// Device is one GPU, a handle valid while its [Lib] is open.
type Device struct {
	lib    *Lib
	handle uintptr
}

// ClockType selects a clock domain, nvmlClockType_t.
type ClockType int

// Clock domains.
const (
	ClockGraphics ClockType = 0 // NVML_CLOCK_GRAPHICS
	ClockSM       ClockType = 1 // NVML_CLOCK_SM
	ClockMem      ClockType = 2 // NVML_CLOCK_MEM
	ClockVideo    ClockType = 3 // NVML_CLOCK_VIDEO
)

// String returns "graphics", "sm", "mem" or "video".
func (t ClockType) String() string {
	switch t {
	case ClockGraphics:
		return "graphics"
	case ClockSM:
		return "sm"
	case ClockMem:
		return "mem"
	case ClockVideo:
		return "video"
	}
	return fmt.Sprintf("ClockType(%d)", int(t))
}

// temperatureGPU is NVML_TEMPERATURE_GPU, the GPU die sensor.
const temperatureGPU = 0

// Name returns the product name, "NVIDIA H100 80GB HBM3".
func (d *Device) Name() (string, error) {
	var buf [deviceNameBufferSize]byte
	err := call(d.lib, "nvmlDeviceGetName", d.lib.f.deviceGetName != nil,
		func() int32 { return d.lib.f.deviceGetName(d.handle, &buf[0], uint32(len(buf))) })
	if err != nil {
		return "", err
	}
	return cString(buf[:]), nil
}

// Clock returns the current clock of domain t in MHz.
func (d *Device) Clock(t ClockType) (mhz int, err error) {
	var v uint32
	err = call(d.lib, "nvmlDeviceGetClockInfo", d.lib.f.deviceGetClockInfo != nil,
		func() int32 { return d.lib.f.deviceGetClockInfo(d.handle, int32(t), &v) })
	return int(v), err
}

// MaxClock returns the maximum clock of domain t in MHz.
func (d *Device) MaxClock(t ClockType) (mhz int, err error) {
	var v uint32
	err = call(d.lib, "nvmlDeviceGetMaxClockInfo", d.lib.f.deviceGetMaxClockInfo != nil,
		func() int32 { return d.lib.f.deviceGetMaxClockInfo(d.handle, int32(t), &v) })
	return int(v), err
}

// PowerUsage returns the power draw in milliwatts.
func (d *Device) PowerUsage() (milliwatts int, err error) {
	var v uint32
	err = call(d.lib, "nvmlDeviceGetPowerUsage", d.lib.f.deviceGetPowerUsage != nil,
		func() int32 { return d.lib.f.deviceGetPowerUsage(d.handle, &v) })
	return int(v), err
}

// PowerLimit returns the enforced power limit in milliwatts.
func (d *Device) PowerLimit() (milliwatts int, err error) {
	var v uint32
	err = call(d.lib, "nvmlDeviceGetEnforcedPowerLimit", d.lib.f.deviceGetEnforcedPowerLimit != nil,
		func() int32 { return d.lib.f.deviceGetEnforcedPowerLimit(d.handle, &v) })
	return int(v), err
}

// Temperature returns the GPU die temperature in degrees Celsius.
func (d *Device) Temperature() (celsius int, err error) {
	var v uint32
	err = call(d.lib, "nvmlDeviceGetTemperature", d.lib.f.deviceGetTemperature != nil,
		func() int32 { return d.lib.f.deviceGetTemperature(d.handle, temperatureGPU, &v) })
	return int(v), err
}

// ThrottleReasons returns why the clocks are below their maximum, from
// nvmlDeviceGetCurrentClocksEventReasons (drivers from CUDA 12.2 on) or, in
// older drivers, nvmlDeviceGetCurrentClocksThrottleReasons.
func (d *Device) ThrottleReasons() (Reasons, error) {
	var v uint64
	f := d.lib.f.deviceGetClocksEventReasons
	name := "nvmlDeviceGetCurrentClocksEventReasons"
	if f == nil {
		f = d.lib.f.deviceGetClocksThrottleReasons
		name = "nvmlDeviceGetCurrentClocksThrottleReasons"
	}
	err := call(d.lib, name, f != nil, func() int32 { return f(d.handle, &v) })
	return Reasons(v), err
}

// MemoryBusWidth returns the memory bus width in bits.
func (d *Device) MemoryBusWidth() (bits int, err error) {
	var v uint32
	err = call(d.lib, "nvmlDeviceGetMemoryBusWidth", d.lib.f.deviceGetMemoryBusWidth != nil,
		func() int32 { return d.lib.f.deviceGetMemoryBusWidth(d.handle, &v) })
	return int(v), err
}

// TotalEnergy returns the energy the GPU consumed since the driver was
// loaded, in millijoules (Volta and later).
func (d *Device) TotalEnergy() (millijoules uint64, err error) {
	var v uint64
	err = call(d.lib, "nvmlDeviceGetTotalEnergyConsumption", d.lib.f.deviceGetTotalEnergyConsumption != nil,
		func() int32 { return d.lib.f.deviceGetTotalEnergyConsumption(d.handle, &v) })
	return v, err
}

// ComputeCapability returns the device's CUDA compute capability, for
// callers that reach the GPU through another API (Vulkan).
func (d *Device) ComputeCapability() (major, minor int, err error) {
	var ma, mi int32
	err = call(d.lib, "nvmlDeviceGetCudaComputeCapability", d.lib.f.deviceGetCudaComputeCapability != nil,
		func() int32 { return d.lib.f.deviceGetCudaComputeCapability(d.handle, &ma, &mi) })
	return int(ma), int(mi), err
}
