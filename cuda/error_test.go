package cuda

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestErrorFormat(t *testing.T) {
	tests := []struct {
		name string
		err  *Error
		want string
	}{
		{
			name: "plain",
			err:  &Error{Func: "cuMemAlloc", Code: 2, Name: "CUDA_ERROR_OUT_OF_MEMORY", Message: "out of memory"},
			want: "cuMemAlloc: CUDA_ERROR_OUT_OF_MEMORY (2): out of memory",
		},
		{
			name: "with log",
			err: &Error{Func: "cuModuleLoadData", Code: 218, Name: "CUDA_ERROR_INVALID_PTX",
				Message: "a PTX JIT compilation failed", Log: "ptxas application ptx input, line 3; error   : syntax error"},
			want: "cuModuleLoadData: CUDA_ERROR_INVALID_PTX (218): a PTX JIT compilation failed\n" +
				"ptxas application ptx input, line 3; error   : syntax error",
		},
		{
			name: "unknown code without message",
			err:  &Error{Func: "cuInit", Code: 4242, Name: "CUDA_ERROR_4242"},
			want: "cuInit: CUDA_ERROR_4242 (4242)",
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

func TestIsSticky(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want bool
	}{
		{"nil", nil, false},
		{"not a CUDA error", errors.New("boom"), false},
		{"timeout", fmt.Errorf("%w: slow", ErrTimeout), false},
		{"invalid value", &Error{Code: 1}, false},
		{"out of memory", &Error{Code: 2}, false},
		{"invalid PTX", &Error{Code: 218}, false},
		{"not ready", &Error{Code: 600}, false},
		{"launch out of resources", &Error{Code: 701}, false},
		{"contained", &Error{Code: 226}, true},
		{"illegal address", &Error{Code: 700}, true},
		{"launch timeout", &Error{Code: 702}, true},
		{"assert", &Error{Code: 710}, true},
		{"hardware stack error", &Error{Code: 714}, true},
		{"illegal instruction", &Error{Code: 715}, true},
		{"misaligned address", &Error{Code: 716}, true},
		{"invalid address space", &Error{Code: 717}, true},
		{"invalid PC", &Error{Code: 718}, true},
		{"launch failed", &Error{Code: 719}, true},
		{"tensor memory leak", &Error{Code: 721}, true},
		{"MPS client terminated", &Error{Code: 810}, true},
		{"external device", &Error{Code: 911}, true},
		{"unknown", &Error{Code: 999}, true},
		{"wrapped illegal address", fmt.Errorf("launching: %w", &Error{Code: 700}), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := IsSticky(tt.err); got != tt.want {
				t.Errorf("IsSticky(%v) = %v, want %v", tt.err, got, tt.want)
			}
		})
	}
}

func TestTrimC(t *testing.T) {
	tests := []struct {
		in   []byte
		want string
	}{
		{nil, ""},
		{[]byte{0, 0, 0}, ""},
		{[]byte("abc\x00\x00"), "abc"},
		{[]byte("abc\x00def\x00"), "abc"},
		{[]byte("no terminator"), "no terminator"},
	}
	for _, tt := range tests {
		if got := trimC(tt.in); got != tt.want {
			t.Errorf("trimC(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestGoString(t *testing.T) {
	tests := []struct {
		in   string // bytes handed to goString, NULs included
		max  int
		want string
	}{
		{"CUDA_ERROR_NO_DEVICE\x00", 1024, "CUDA_ERROR_NO_DEVICE"},
		{"\x00", 1024, ""},
		{"abcdef\x00", 3, "abc"},
	}
	for _, tt := range tests {
		b := []byte(tt.in)
		if got := goString(&b[0], tt.max); got != tt.want {
			t.Errorf("goString(%q, %d) = %q, want %q", tt.in, tt.max, got, tt.want)
		}
	}
	if got := goString(nil, 10); got != "" {
		t.Errorf("goString(nil) = %q, want empty", got)
	}
}

func TestCString(t *testing.T) {
	for _, s := range []string{"", "store_value", ".version 8.0"} {
		b := cString(s)
		if len(b) != len(s)+1 || b[len(s)] != 0 || string(b[:len(s)]) != s {
			t.Errorf("cString(%q) = %q, want the string and one NUL", s, b)
		}
	}
}

func TestSentinelMessages(t *testing.T) {
	tests := []struct {
		err  error
		want string
	}{
		{ErrNoDriver, "libcuda.so.1 was not found: is the NVIDIA driver installed?"},
		{ErrNoDevice, "no CUDA-capable GPU was found"},
	}
	for _, tt := range tests {
		if !strings.Contains(tt.err.Error(), tt.want) {
			t.Errorf("%v does not say %q", tt.err, tt.want)
		}
	}
}
