package cuda

import (
	"reflect"
	"strings"
	"testing"
)

func TestJITOptionsEncode(t *testing.T) {
	tests := []struct {
		name string
		opts JITOptions
		want []jitOption
	}{
		{"defaults", JITOptions{}, nil},
		{"O3", JITOptions{OptimizationLevel: 3}, []jitOption{{jitOptimizationLevel, 3}}},
		{"verbose", JITOptions{Verbose: true}, []jitOption{{jitLogVerbose, 1}}},
		{"registers", JITOptions{MaxRegisters: 64}, []jitOption{{jitMaxRegisters, 64}}},
		{
			"all",
			JITOptions{OptimizationLevel: 1, Verbose: true, MaxRegisters: 32},
			[]jitOption{{jitOptimizationLevel, 1}, {jitMaxRegisters, 32}, {jitLogVerbose, 1}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.opts.encode()
			if err != nil {
				t.Fatalf("encode(%+v): %v", tt.opts, err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("encode(%+v) = %v, want %v", tt.opts, got, tt.want)
			}
		})
	}
}

func TestJITOptionsEncodeRejects(t *testing.T) {
	tests := []struct {
		name string
		opts JITOptions
		want string
	}{
		{"level too high", JITOptions{OptimizationLevel: 5}, "optimization level 5"},
		{"level negative", JITOptions{OptimizationLevel: -1}, "optimization level -1"},
		{"registers negative", JITOptions{MaxRegisters: -8}, "register limit -8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.opts.encode()
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("encode(%+v) error = %v, want one mentioning %q", tt.opts, err, tt.want)
			}
		})
	}
}

// TestJITLogsLayout checks the option arrays handed to the driver: the
// four log options first, with the buffers' addresses and sizes, then the
// caller's options.
func TestJITLogsLayout(t *testing.T) {
	logs := newJITLogs([]jitOption{{jitOptimizationLevel, 2}})
	defer logs.unpin()
	wantKeys := []int32{jitInfoLogBuffer, jitInfoLogBufferSizeBytes, jitErrorLogBuffer, jitErrorLogBufferSizeBytes, jitOptimizationLevel}
	if !reflect.DeepEqual(logs.keys, wantKeys) {
		t.Errorf("keys = %v, want %v", logs.keys, wantKeys)
	}
	if len(logs.values) != len(wantKeys) {
		t.Fatalf("%d values for %d keys", len(logs.values), len(wantKeys))
	}
	if logs.values[1] != jitLogSize || logs.values[3] != jitLogSize || logs.values[4] != 2 {
		t.Errorf("values = %v, want sizes %d and level 2", logs.values, jitLogSize)
	}
	if logs.values[0] == 0 || logs.values[2] == 0 || logs.values[0] == logs.values[2] {
		t.Errorf("log buffer addresses %#x and %#x must be distinct and non-zero", logs.values[0], logs.values[2])
	}

	copy(logs.errs, "line 1: syntax error\n\x00")
	copy(logs.info, "info\n\x00")
	if got := logs.errorLog(); got != "line 1: syntax error" {
		t.Errorf("errorLog() = %q", got)
	}
	err := logs.withLog(&Error{Func: "cuLinkAddData", Code: 218, Name: "CUDA_ERROR_INVALID_PTX"})
	if e := err.(*Error); e.Log != "line 1: syntax error" {
		t.Errorf("withLog set Log = %q, want the error log", e.Log)
	}
}
