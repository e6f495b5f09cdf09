package nvml

import (
	"fmt"
	"strings"
)

// Reasons is the bit mask nvmlDeviceGetCurrentClocksEventReasons returns:
// why the clocks are below their maximum.
type Reasons uint64

// The bits of [Reasons], nvmlClocksEventReason* in nvml.h (the older
// nvmlClocksThrottleReason* names have the same values).
const (
	ReasonGpuIdle                   Reasons = 0x1
	ReasonApplicationsClocksSetting Reasons = 0x2
	ReasonSwPowerCap                Reasons = 0x4
	ReasonHwSlowdown                Reasons = 0x8
	ReasonSyncBoost                 Reasons = 0x10
	ReasonSwThermalSlowdown         Reasons = 0x20
	ReasonHwThermalSlowdown         Reasons = 0x40
	ReasonHwPowerBrakeSlowdown      Reasons = 0x80
	ReasonDisplayClockSetting       Reasons = 0x100
)

// reasonName returns the name of one bit, "" for a bit nvml.h does not
// define.
func reasonName(bit Reasons) string {
	switch bit {
	case ReasonGpuIdle:
		return "GpuIdle"
	case ReasonApplicationsClocksSetting:
		return "ApplicationsClocksSetting"
	case ReasonSwPowerCap:
		return "SwPowerCap"
	case ReasonHwSlowdown:
		return "HwSlowdown"
	case ReasonSyncBoost:
		return "SyncBoost"
	case ReasonSwThermalSlowdown:
		return "SwThermalSlowdown"
	case ReasonHwThermalSlowdown:
		return "HwThermalSlowdown"
	case ReasonHwPowerBrakeSlowdown:
		return "HwPowerBrakeSlowdown"
	case ReasonDisplayClockSetting:
		return "DisplayClockSetting"
	}
	return ""
}

// Names returns the names of the set bits from the lowest up, "Unknown(0x200)"
// for a bit without a name. It returns an empty, non-nil slice when no bit is
// set, so that a record tells "no reason" ([]) from "not read" (nil).
func (r Reasons) Names() []string {
	names := []string{}
	for i := range 64 {
		bit := Reasons(1) << i
		if r&bit == 0 {
			continue
		}
		name := reasonName(bit)
		if name == "" {
			name = fmt.Sprintf("Unknown(%#x)", uint64(bit))
		}
		names = append(names, name)
	}
	return names
}

// String joins the names with "|", or returns "None".
func (r Reasons) String() string {
	if r == 0 {
		return "None"
	}
	return strings.Join(r.Names(), "|")
}
