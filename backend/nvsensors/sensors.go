// Package nvsensors holds what every backend on an NVIDIA GPU reads the same
// way, whatever API runs its kernels: the sensors NVML reports.
package nvsensors

import (
	"github.com/gpuarch/gpuarch/nvml"
	"github.com/gpuarch/gpuarch/record"
)

// Read reads the GPU's clocks, power, temperature and throttle reasons
// through NVML; nil when NVML cannot say.
func Read(d *nvml.Device) *record.Sensors {
	s, err := d.Sample()
	if err != nil {
		return nil
	}
	return &record.Sensors{
		SMClockHz:  float64(s.SMClockMHz) * 1e6,
		MemClockHz: float64(s.MemClockMHz) * 1e6,
		PowerW:     float64(s.PowerMilliwatts) / 1e3,
		TempC:      float64(s.TemperatureC),
		Throttle:   s.Reasons,
	}
}
