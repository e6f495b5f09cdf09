package cuda

import (
	"errors"
	"fmt"
	"unsafe"
)

// ErrNoDriver means the CUDA driver library could not be loaded. Errors
// from [Open] and [OpenLibrary] wrap it and add the dynamic loader's reason.
var ErrNoDriver = errors.New("libcuda.so.1 was not found: is the NVIDIA driver installed?")

// ErrNoDevice means the driver is installed but found no CUDA-capable GPU
// (cuInit returned CUDA_ERROR_NO_DEVICE, or the device count is zero).
var ErrNoDevice = errors.New("no CUDA-capable GPU was found")

// ErrTimeout means a deadline passed before the GPU finished the work that
// was being waited for. The work may still be running, or hung.
var ErrTimeout = errors.New("timed out waiting for the GPU")

// CUresult codes the package treats specially. Values are from cuda.h
// (enum cudaError_enum).
const (
	errorInvalidValue = 1   // CUDA_ERROR_INVALID_VALUE
	errorStubLibrary  = 34  // CUDA_ERROR_STUB_LIBRARY
	errorNoDevice     = 100 // CUDA_ERROR_NO_DEVICE
	errorNotReady     = 600 // CUDA_ERROR_NOT_READY
)

// Error is a failed CUDA driver call.
type Error struct {
	// Func is the driver API function that failed, as cuda.h spells it
	// without an ABI version suffix: "cuMemAlloc", not "cuMemAlloc_v2".
	Func string
	// Code is the CUresult value.
	Code int
	// Name is the CUresult's name from cuGetErrorName, such as
	// "CUDA_ERROR_INVALID_PTX", or "CUDA_ERROR_<code>" when the driver
	// does not know the code.
	Name string
	// Message is the driver's description from cuGetErrorString.
	Message string
	// Log is the JIT compiler's or linker's error log, when there is one.
	Log string
}

// Error formats the error as
// "cuModuleLoadDataEx: CUDA_ERROR_INVALID_PTX (218): a PTX JIT compilation failed",
// followed by a newline and the log when there is one.
func (e *Error) Error() string {
	s := fmt.Sprintf("%s: %s (%d)", e.Func, e.Name, e.Code)
	if e.Message != "" {
		s += ": " + e.Message
	}
	if e.Log != "" {
		s += "\n" + e.Log
	}
	return s
}

// Sticky reports whether the error leaves the CUDA context, or the whole
// process, unusable. See [IsSticky].
func (e *Error) Sticky() bool { return stickyCode(e.Code) }

// IsSticky reports whether err is, or wraps, a CUDA error after which the
// context cannot be used again.
//
// For CUDA_ERROR_ASSERT NVIDIA documents that the context must be
// destroyed ([Context.Reset] does that). For the others NVIDIA documents
// that "the process is left in an inconsistent state and any further CUDA
// work will return the same error": the process must exit and start again.
// CUDA_ERROR_UNKNOWN is included to be safe.
func IsSticky(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Sticky()
}

// stickyCode lists the CUresult codes that cuda.h (CUDA 12.x and 13.x)
// documents as leaving the context or process unusable.
func stickyCode(code int) bool {
	switch code {
	case 226, // CUDA_ERROR_CONTAINED
		700, // CUDA_ERROR_ILLEGAL_ADDRESS
		702, // CUDA_ERROR_LAUNCH_TIMEOUT
		710, // CUDA_ERROR_ASSERT
		714, // CUDA_ERROR_HARDWARE_STACK_ERROR
		715, // CUDA_ERROR_ILLEGAL_INSTRUCTION
		716, // CUDA_ERROR_MISALIGNED_ADDRESS
		717, // CUDA_ERROR_INVALID_ADDRESS_SPACE
		718, // CUDA_ERROR_INVALID_PC
		719, // CUDA_ERROR_LAUNCH_FAILED
		721, // CUDA_ERROR_TENSOR_MEMORY_LEAK
		810, // CUDA_ERROR_MPS_CLIENT_TERMINATED
		911, // CUDA_ERROR_EXTERNAL_DEVICE
		999: // CUDA_ERROR_UNKNOWN
		return true
	}
	return false
}

// check is the single place where a CUresult becomes an error: nil for
// CUDA_SUCCESS, otherwise an *Error naming fn and the code.
func (d *Driver) check(fn string, result int32) error {
	if result == 0 {
		return nil
	}
	return d.newError(fn, result)
}

// newError builds the *Error for a failed call, asking the driver for the
// code's name and description.
func (d *Driver) newError(fn string, code int32) *Error {
	e := &Error{Func: fn, Code: int(code)}
	var p *byte
	if d.cuGetErrorName(code, &p) == 0 && p != nil {
		e.Name = goString(p, maxErrorText)
	}
	if e.Name == "" {
		e.Name = fmt.Sprintf("CUDA_ERROR_%d", code)
	}
	p = nil
	if d.cuGetErrorString(code, &p) == 0 && p != nil {
		e.Message = goString(p, maxErrorText)
	}
	return e
}

// maxErrorText bounds the walk over the driver's static error strings.
const maxErrorText = 1024

// goString copies the NUL-terminated C string at p, reading at most max
// bytes. p must point to memory that stays valid during the call, such as
// the driver's static error strings.
func goString(p *byte, max int) string {
	if p == nil {
		return ""
	}
	n := 0
	for n < max && *(*byte)(unsafe.Add(unsafe.Pointer(p), n)) != 0 {
		n++
	}
	return string(unsafe.Slice(p, n))
}

// cString returns s as a NUL-terminated byte slice for the driver.
func cString(s string) []byte {
	b := make([]byte, len(s)+1)
	copy(b, s)
	return b
}

// trimC returns the text in a C buffer up to its first NUL.
func trimC(b []byte) string {
	for i, c := range b {
		if c == 0 {
			return string(b[:i])
		}
	}
	return string(b)
}
