package nvml

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// fakeSampler answers Sample's reads from fixed values; an error field set
// makes that read fail.
type fakeSampler struct {
	sm, mem, power, temp int
	reasons              Reasons
	clockErr, powerErr   error
	tempErr, reasonsErr  error
}

func (f fakeSampler) Clock(t ClockType) (int, error) {
	if t == ClockSM {
		return f.sm, f.clockErr
	}
	return f.mem, f.clockErr
}
func (f fakeSampler) PowerUsage() (int, error)          { return f.power, f.powerErr }
func (f fakeSampler) Temperature() (int, error)         { return f.temp, f.tempErr }
func (f fakeSampler) ThrottleReasons() (Reasons, error) { return f.reasons, f.reasonsErr }

func TestTakeSample(t *testing.T) {
	notSupported := &Error{Func: "nvmlDeviceGetPowerUsage", Code: CodeNotSupported, Message: "Not Supported"}
	lost := &Error{Func: "nvmlDeviceGetClockInfo", Code: CodeGPUIsLost, Message: "GPU is lost"}
	tests := []struct {
		name    string
		s       fakeSampler
		want    Sample
		wantErr error
	}{
		{
			name: "everything read",
			s:    fakeSampler{sm: 1980, mem: 2619, power: 312000, temp: 55, reasons: ReasonSwPowerCap},
			want: Sample{
				SMClockMHz: 1980, MemClockMHz: 2619, PowerMilliwatts: 312000, TemperatureC: 55,
				Reasons: []string{"SwPowerCap"},
			},
		},
		{
			name: "no reasons is an empty list",
			s:    fakeSampler{sm: 345, mem: 2619, power: 70000, temp: 30},
			want: Sample{SMClockMHz: 345, MemClockMHz: 2619, PowerMilliwatts: 70000, TemperatureC: 30, Reasons: []string{}},
		},
		{
			name: "unsupported reads are listed",
			s:    fakeSampler{sm: 1410, mem: 1215, temp: 35, powerErr: notSupported, reasonsErr: notSupported},
			want: Sample{SMClockMHz: 1410, MemClockMHz: 1215, TemperatureC: 35, Unread: []string{"power_mw", "reasons"}},
		},
		{
			name: "nothing read returns the first error",
			s: fakeSampler{
				clockErr: lost, powerErr: notSupported, tempErr: notSupported,
				reasonsErr: notSupported,
			},
			wantErr: lost,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := takeSample(tt.s)
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("error = %v, want %v", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("takeSample: %v", err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("takeSample (-want +got):\n%s", diff)
			}
		})
	}
}

func TestDeviceSample(t *testing.T) {
	d := &Device{lib: fakeLib(), handle: 0x1000}
	got, err := d.Sample()
	if err != nil {
		t.Fatalf("Sample: %v", err)
	}
	want := Sample{
		SMClockMHz: 1755, MemClockMHz: 2619, TemperatureC: 41,
		Reasons: []string{"GpuIdle"},
		Unread:  []string{"power_mw"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Sample (-want +got):\n%s", diff)
	}
}
