package nvml

import (
	"errors"
	"fmt"
)

// ErrNoLibrary reports that libnvidia-ml.so.1 could not be loaded.
var ErrNoLibrary = errors.New("libnvidia-ml.so.1 was not found: is the NVIDIA driver installed?")

// ErrClosed reports a call on a [Lib] after [Lib.Close].
var ErrClosed = errors.New("nvml: library is closed")

// Codes of nvmlReturn_t (nvml.h) that callers may want to test for, as in
// errors.Is(err, &nvml.Error{Code: nvml.CodeNotSupported}).
const (
	CodeUninitialized    = 1
	CodeInvalidArgument  = 2
	CodeNotSupported     = 3
	CodeNoPermission     = 4
	CodeNotFound         = 6
	CodeInsufficientSize = 7
	CodeDriverNotLoaded  = 9
	CodeLibraryNotFound  = 12
	CodeFunctionNotFound = 13
	CodeGPUIsLost        = 15
	CodeGPUNotFound      = 28
	CodeUnknown          = 999
)

// Error is a failed NVML call.
type Error struct {
	// Func is the NVML function, "nvmlDeviceGetPowerUsage".
	Func string
	// Code is the nvmlReturn_t it returned.
	Code int
	// Message is nvmlErrorString's text for Code, "Not Supported".
	Message string
}

// Error formats the error as "nvmlDeviceGetPowerUsage: Not Supported (NVML
// error 3)".
func (e *Error) Error() string {
	if e.Message == "" {
		return fmt.Sprintf("%s: NVML error %d", e.Func, e.Code)
	}
	return fmt.Sprintf("%s: %s (NVML error %d)", e.Func, e.Message, e.Code)
}

// Is reports whether target is an *Error with the same code and, when
// target names a function, the same function.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	if !ok {
		return false
	}
	return t.Code == e.Code && (t.Func == "" || t.Func == e.Func)
}
