package nvml

import (
	"errors"
	"testing"
	"unsafe"
)

// fakeLib returns a Lib whose NVML functions are Go functions, so that the
// call paths can be tested without a driver. Never Close it: there is no
// library to unload.
func fakeLib() *Lib {
	l := &Lib{path: "fake"}
	l.f.errorString = func(ret int32) string {
		if ret == CodeNotSupported {
			return "Not Supported"
		}
		return "Unknown Error"
	}
	putString := func(s string) func(*byte, uint32) int32 {
		return func(b *byte, n uint32) int32 {
			copy(unsafe.Slice(b, n), s)
			return 0
		}
	}
	l.f.systemGetDriverVersion = putString("580.159.03\x00garbage")
	l.f.systemGetCudaDriverVersion = func(v *int32) int32 { *v = 13000; return 0 }
	l.f.deviceGetCount = func(n *uint32) int32 { *n = 2; return 0 }
	l.f.deviceGetHandleByIndex = func(i uint32, h *uintptr) int32 {
		if i >= 2 {
			return CodeInvalidArgument
		}
		*h = uintptr(0x1000 + i)
		return 0
	}
	l.f.deviceGetHandleByUUID = func(uuid string, h *uintptr) int32 {
		if uuid != "GPU-1" {
			return CodeNotFound
		}
		*h = 0x1001
		return 0
	}
	l.f.deviceGetName = func(h uintptr, b *byte, n uint32) int32 {
		copy(unsafe.Slice(b, n), "NVIDIA H100 80GB HBM3\x00")
		return 0
	}
	clocks := map[int32]uint32{0: 1755, 1: 1755, 2: 2619, 3: 1545}
	l.f.deviceGetClockInfo = func(h uintptr, t int32, mhz *uint32) int32 {
		v, ok := clocks[t]
		if !ok {
			return CodeInvalidArgument
		}
		*mhz = v
		return 0
	}
	l.f.deviceGetMaxClockInfo = func(h uintptr, t int32, mhz *uint32) int32 { *mhz = 1980; return 0 }
	l.f.deviceGetPowerUsage = func(h uintptr, mw *uint32) int32 { return CodeNotSupported }
	l.f.deviceGetEnforcedPowerLimit = func(h uintptr, mw *uint32) int32 { *mw = 700000; return 0 }
	l.f.deviceGetTemperature = func(h uintptr, sensor int32, c *uint32) int32 {
		if sensor != temperatureGPU {
			return CodeInvalidArgument
		}
		*c = 41
		return 0
	}
	l.f.deviceGetClocksThrottleReasons = func(h uintptr, r *uint64) int32 { *r = uint64(ReasonGpuIdle); return 0 }
	l.f.deviceGetTotalEnergyConsumption = func(h uintptr, mj *uint64) int32 { *mj = 123456789; return 0 }
	l.f.deviceGetCudaComputeCapability = func(h uintptr, major, minor *int32) int32 { *major, *minor = 9, 0; return 0 }
	return l
}

func TestLibCalls(t *testing.T) {
	l := fakeLib()
	if v, err := l.DriverVersion(); err != nil || v != "580.159.03" {
		t.Errorf("DriverVersion() = %q, %v", v, err)
	}
	if v, err := l.CUDADriverVersion(); err != nil || v != 13000 {
		t.Errorf("CUDADriverVersion() = %d, %v", v, err)
	}
	if n, err := l.DeviceCount(); err != nil || n != 2 {
		t.Errorf("DeviceCount() = %d, %v", n, err)
	}
	tests := []struct {
		name     string
		open     func() (*Device, error)
		wantCode int
	}{
		{name: "by index", open: func() (*Device, error) { return l.DeviceByIndex(1) }},
		{name: "by UUID", open: func() (*Device, error) { return l.DeviceByUUID("GPU-1") }},
		{name: "index out of NVML's range", open: func() (*Device, error) { return l.DeviceByIndex(2) }, wantCode: CodeInvalidArgument},
		{name: "unknown UUID", open: func() (*Device, error) { return l.DeviceByUUID("GPU-9") }, wantCode: CodeNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := tt.open()
			if tt.wantCode != 0 {
				if !errors.Is(err, &Error{Code: tt.wantCode}) {
					t.Errorf("error = %v, want NVML code %d", err, tt.wantCode)
				}
				return
			}
			if err != nil || d.handle != 0x1001 {
				t.Errorf("got %+v, %v, want handle 0x1001", d, err)
			}
		})
	}
	if _, err := l.DeviceByIndex(-1); err == nil {
		t.Error("DeviceByIndex(-1) succeeded")
	}
}

func TestDeviceCalls(t *testing.T) {
	l := fakeLib()
	d := &Device{lib: l, handle: 0x1000}
	tests := []struct {
		name     string
		get      func() (any, error)
		want     any
		wantCode int
	}{
		{name: "name", get: func() (any, error) { return d.Name() }, want: "NVIDIA H100 80GB HBM3"},
		{name: "SM clock", get: func() (any, error) { return d.Clock(ClockSM) }, want: 1755},
		{name: "memory clock", get: func() (any, error) { return d.Clock(ClockMem) }, want: 2619},
		{name: "bad clock type", get: func() (any, error) { return d.Clock(9) }, want: 0, wantCode: CodeInvalidArgument},
		{name: "max clock", get: func() (any, error) { return d.MaxClock(ClockGraphics) }, want: 1980},
		{name: "power not supported", get: func() (any, error) { return d.PowerUsage() }, want: 0, wantCode: CodeNotSupported},
		{name: "power limit", get: func() (any, error) { return d.PowerLimit() }, want: 700000},
		{name: "temperature", get: func() (any, error) { return d.Temperature() }, want: 41},
		{name: "throttle reasons from the older function", get: func() (any, error) { return d.ThrottleReasons() }, want: ReasonGpuIdle},
		{name: "missing optional function", get: func() (any, error) { return d.MemoryBusWidth() }, want: 0, wantCode: CodeFunctionNotFound},
		{name: "energy", get: func() (any, error) { return d.TotalEnergy() }, want: uint64(123456789)},
		{name: "compute capability", get: func() (any, error) {
			major, minor, err := d.ComputeCapability()
			return [2]int{major, minor}, err
		}, want: [2]int{9, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.get()
			if tt.wantCode != 0 {
				if !errors.Is(err, &Error{Code: tt.wantCode}) {
					t.Errorf("error = %v, want NVML code %d", err, tt.wantCode)
				}
			} else if err != nil {
				t.Errorf("error = %v", err)
			}
			if got != tt.want {
				t.Errorf("got %v (%T), want %v (%T)", got, got, tt.want, tt.want)
			}
		})
	}
}

func TestDeviceErrorMessage(t *testing.T) {
	d := &Device{lib: fakeLib(), handle: 0x1000}
	_, err := d.PowerUsage()
	const want = "nvmlDeviceGetPowerUsage: Not Supported (NVML error 3)"
	if err == nil || err.Error() != want {
		t.Errorf("PowerUsage error = %v, want %q", err, want)
	}
}

func TestThrottleReasonsPrefersEventReasons(t *testing.T) {
	tests := []struct {
		name     string
		event    func(uintptr, *uint64) int32
		throttle func(uintptr, *uint64) int32
		want     Reasons
		wantCode int
	}{
		{
			name:     "both present: the newer function",
			event:    func(h uintptr, r *uint64) int32 { *r = uint64(ReasonSwPowerCap); return 0 },
			throttle: func(h uintptr, r *uint64) int32 { *r = uint64(ReasonGpuIdle); return 0 },
			want:     ReasonSwPowerCap,
		},
		{
			name:     "only the older function",
			throttle: func(h uintptr, r *uint64) int32 { *r = uint64(ReasonHwSlowdown); return 0 },
			want:     ReasonHwSlowdown,
		},
		{
			name:     "neither",
			wantCode: CodeFunctionNotFound,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := fakeLib()
			l.f.deviceGetClocksEventReasons = tt.event
			l.f.deviceGetClocksThrottleReasons = tt.throttle
			got, err := (&Device{lib: l}).ThrottleReasons()
			if tt.wantCode != 0 {
				if !errors.Is(err, &Error{Code: tt.wantCode}) {
					t.Errorf("error = %v, want NVML code %d", err, tt.wantCode)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("ThrottleReasons() = %v, %v, want %v", got, err, tt.want)
			}
		})
	}
}

func TestClosedLib(t *testing.T) {
	l := fakeLib()
	l.closed = true
	if _, err := l.DriverVersion(); !errors.Is(err, ErrClosed) {
		t.Errorf("DriverVersion after Close: error = %v, want ErrClosed", err)
	}
	if _, err := (&Device{lib: l}).Temperature(); !errors.Is(err, ErrClosed) {
		t.Errorf("Temperature after Close: error = %v, want ErrClosed", err)
	}
}
