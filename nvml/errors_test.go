package nvml

import (
	"errors"
	"fmt"
	"testing"
)

func TestErrorFormatting(t *testing.T) {
	tests := []struct {
		name string
		err  *Error
		want string
	}{
		{
			name: "with message",
			err:  &Error{Func: "nvmlDeviceGetPowerUsage", Code: CodeNotSupported, Message: "Not Supported"},
			want: "nvmlDeviceGetPowerUsage: Not Supported (NVML error 3)",
		},
		{
			name: "without message",
			err:  &Error{Func: "nvmlInit_v2", Code: CodeDriverNotLoaded},
			want: "nvmlInit_v2: NVML error 9",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.err.Error(); got != tt.want {
				t.Errorf("Error() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestErrorIs(t *testing.T) {
	err := fmt.Errorf("power: %w", &Error{Func: "nvmlDeviceGetPowerUsage", Code: CodeNotSupported, Message: "Not Supported"})
	tests := []struct {
		name   string
		target error
		want   bool
	}{
		{name: "same code", target: &Error{Code: CodeNotSupported}, want: true},
		{name: "same code and function", target: &Error{Func: "nvmlDeviceGetPowerUsage", Code: CodeNotSupported}, want: true},
		{name: "other function", target: &Error{Func: "nvmlDeviceGetTemperature", Code: CodeNotSupported}, want: false},
		{name: "other code", target: &Error{Code: CodeNoPermission}, want: false},
		{name: "sentinel", target: ErrNoLibrary, want: false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := errors.Is(err, tt.target); got != tt.want {
				t.Errorf("errors.Is(%v, %v) = %v, want %v", err, tt.target, got, tt.want)
			}
		})
	}
	var e *Error
	if !errors.As(err, &e) || e.Code != CodeNotSupported {
		t.Errorf("errors.As did not find the *Error in %v", err)
	}
}
