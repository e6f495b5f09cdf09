package nvml

import "fmt"

// Sample is a snapshot of a GPU's operating conditions, for records.
type Sample struct {
	SMClockMHz      int `json:"sm_clock_mhz"`
	MemClockMHz     int `json:"mem_clock_mhz"`
	PowerMilliwatts int `json:"power_mw"`
	TemperatureC    int `json:"temperature_c"`
	// Reasons names the clock event reasons; nil when they could not be
	// read, empty when there were none.
	Reasons []string `json:"reasons"`
	// Unread names the fields that could not be read and are zero.
	Unread []string `json:"unread,omitempty"`
}

// sampler is what Sample reads; *Device implements it.
type sampler interface {
	Clock(ClockType) (int, error)
	PowerUsage() (int, error)
	Temperature() (int, error)
	ThrottleReasons() (Reasons, error)
}

// Sample reads what it can: a field that cannot be read (not supported on
// this GPU, say) stays zero and is listed in Unread. It reads no energy
// counter (TotalEnergy reads it on its own): a sample is taken around
// every job, and nvmlDeviceGetTotalEnergyConsumption took 3.1 s of CPU on
// the measuring thread in a 16 s alu suite on an H200 (580 driver; run
// --profile). The error is the first
// failure, returned only when nothing at all could be read.
func (d *Device) Sample() (Sample, error) {
	return takeSample(d)
}

// takeSample implements Sample over any sampler.
func takeSample(s sampler) (Sample, error) {
	var out Sample
	var first error
	read := 0
	note := func(field string, err error) {
		if err == nil {
			read++
			return
		}
		out.Unread = append(out.Unread, field)
		if first == nil {
			first = err
		}
	}
	var err error
	out.SMClockMHz, err = s.Clock(ClockSM)
	note("sm_clock_mhz", err)
	out.MemClockMHz, err = s.Clock(ClockMem)
	note("mem_clock_mhz", err)
	out.PowerMilliwatts, err = s.PowerUsage()
	note("power_mw", err)
	out.TemperatureC, err = s.Temperature()
	note("temperature_c", err)
	r, err := s.ThrottleReasons()
	if err == nil {
		out.Reasons = r.Names()
	}
	note("reasons", err)
	if read == 0 {
		return Sample{}, fmt.Errorf("sample: nothing could be read: %w", first)
	}
	return out, nil
}
