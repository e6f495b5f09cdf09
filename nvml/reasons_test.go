package nvml

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestReasons(t *testing.T) {
	tests := []struct {
		name       string
		r          Reasons
		wantNames  []string
		wantString string
	}{
		{name: "none", r: 0, wantNames: []string{}, wantString: "None"},
		{name: "idle", r: ReasonGpuIdle, wantNames: []string{"GpuIdle"}, wantString: "GpuIdle"},
		{
			name:       "power cap under load",
			r:          ReasonSwPowerCap,
			wantNames:  []string{"SwPowerCap"},
			wantString: "SwPowerCap",
		},
		{
			name:       "several, lowest bit first",
			r:          ReasonDisplayClockSetting | ReasonHwSlowdown | ReasonHwThermalSlowdown,
			wantNames:  []string{"HwSlowdown", "HwThermalSlowdown", "DisplayClockSetting"},
			wantString: "HwSlowdown|HwThermalSlowdown|DisplayClockSetting",
		},
		{
			name: "every known bit",
			r:    0x1ff,
			wantNames: []string{
				"GpuIdle", "ApplicationsClocksSetting", "SwPowerCap", "HwSlowdown", "SyncBoost",
				"SwThermalSlowdown", "HwThermalSlowdown", "HwPowerBrakeSlowdown", "DisplayClockSetting",
			},
			wantString: "GpuIdle|ApplicationsClocksSetting|SwPowerCap|HwSlowdown|SyncBoost|" +
				"SwThermalSlowdown|HwThermalSlowdown|HwPowerBrakeSlowdown|DisplayClockSetting",
		},
		{
			name:       "unknown bits",
			r:          ReasonSyncBoost | 0x200 | 1<<63,
			wantNames:  []string{"SyncBoost", "Unknown(0x200)", "Unknown(0x8000000000000000)"},
			wantString: "SyncBoost|Unknown(0x200)|Unknown(0x8000000000000000)",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.wantNames, tt.r.Names()); diff != "" {
				t.Errorf("Names() (-want +got):\n%s", diff)
			}
			if got := tt.r.String(); got != tt.wantString {
				t.Errorf("String() = %q, want %q", got, tt.wantString)
			}
		})
	}
}

func TestClockTypeString(t *testing.T) {
	tests := []struct {
		name string
		t    ClockType
		want string
	}{
		{name: "graphics", t: ClockGraphics, want: "graphics"},
		{name: "sm", t: ClockSM, want: "sm"},
		{name: "mem", t: ClockMem, want: "mem"},
		{name: "video", t: ClockVideo, want: "video"},
		{name: "unknown", t: 7, want: "ClockType(7)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.t.String(); got != tt.want {
				t.Errorf("String() = %q, want %q", got, tt.want)
			}
		})
	}
}
