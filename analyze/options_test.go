package analyze

import (
	"errors"
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/sass"
)

func TestValidateOptions(t *testing.T) {
	small := Limits{MaxWarps: 48, MaxThreadsPerBlock: 512}
	tests := []struct {
		name string
		lim  Limits
		opt  Options
		// want are substrings of the error, one per bad option; none:
		// valid.
		want []string
	}{
		{"defaults", SM90Limits, Options{ThreadsPerBlock: DefaultThreadsPerBlock}, nil},
		{"every level", SM90Limits, Options{Level: "DRAM", Pattern: PatternDivergent, ThreadsPerBlock: 1024, WarpsPerSM: 64}, nil},
		{"one thread", SM90Limits, Options{Level: "shared", Pattern: PatternCoalesced, ThreadsPerBlock: 1, WarpsPerSM: 1}, nil},
		{"unknown level", SM90Limits, Options{Level: "foo", ThreadsPerBlock: 256}, []string{`--level "foo": want one of shared, L1, L2, DRAM`}},
		{"level in other case", SM90Limits, Options{Level: "l2", ThreadsPerBlock: 256}, []string{`want one of shared, L1, L2, DRAM (L2, not l2)`}},
		{"unknown pattern", SM90Limits, Options{Pattern: "random", ThreadsPerBlock: 256}, []string{`--pattern "random": want coalesced or divergent`}},
		{"no threads", SM90Limits, Options{}, []string{"--threads 0: want 1 to 1024 threads per block"}},
		{"too many threads", SM90Limits, Options{ThreadsPerBlock: 5000}, []string{"--threads 5000: want 1 to 1024"}},
		{"negative threads", SM90Limits, Options{ThreadsPerBlock: -1}, []string{"--threads -1: want 1 to 1024"}},
		{"the device's thread limit", small, Options{ThreadsPerBlock: 1024}, []string{"--threads 1024: want 1 to 512"}},
		{"no thread limit known", Limits{}, Options{ThreadsPerBlock: 1025}, []string{"want 1 to 1024"}},
		{"too many warps", SM90Limits, Options{WarpsPerSM: 65, ThreadsPerBlock: 256}, []string{"--warps 65: want 0 (from the kernel's occupancy) to 64 warps per SM"}},
		{"the device's warp limit", small, Options{WarpsPerSM: 64, ThreadsPerBlock: 256}, []string{"--warps 64: want 0 (from the kernel's occupancy) to 48"}},
		{"negative warps", SM90Limits, Options{WarpsPerSM: -1, ThreadsPerBlock: 256}, []string{"--warps -1: want 0"}},
		{"no warp limit known", Limits{}, Options{WarpsPerSM: 1000, ThreadsPerBlock: 256}, nil},
		{"several", SM90Limits, Options{Level: "foo", ThreadsPerBlock: 5000, WarpsPerSM: -3}, []string{"--level", "--threads 5000", "--warps -3"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.opt.Validate(tc.lim)
			if len(tc.want) == 0 {
				if err != nil {
					t.Fatalf("error %v, want none", err)
				}
				return
			}
			if !errors.Is(err, ErrOptions) {
				t.Fatalf("error %v does not wrap ErrOptions", err)
			}
			var oe *OptionError
			if !errors.As(err, &oe) {
				t.Errorf("error %v holds no *OptionError", err)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q, want it to contain %q", err, w)
				}
			}
			if n := len(strings.Split(err.Error(), "\n")); n != len(tc.want) {
				t.Errorf("%d errors, want %d: %v", n, len(tc.want), err)
			}
		})
	}
}

// TestAnalyzeErrors checks what Analyze returns for bad options (an error,
// no report) and for a listing with nothing to predict (the report and an
// error). Neither needs a fitted machine.
func TestAnalyzeErrors(t *testing.T) {
	m := &Machine{Device: "test", Limits: SM90Limits}
	tests := []struct {
		name    string
		l       *sass.Listing
		opt     Options
		err     error
		report  bool
		message string
	}{
		{"unknown level", listing(t, "chase.sass"), Options{Level: "foo", ThreadsPerBlock: 256}, ErrOptions, false, `--level "foo"`},
		{"threads 5000", listing(t, "chase.sass"), Options{ThreadsPerBlock: 5000}, ErrOptions, false, "--threads 5000"},
		{"threads 0", listing(t, "chase.sass"), Options{WarpsPerSM: 8}, ErrOptions, false, "--threads 0"},
		{"too many warps", listing(t, "chase.sass"), Options{WarpsPerSM: 65, ThreadsPerBlock: 256}, ErrOptions, false, "--warps 65"},
		{"no loop", listing(t, "noloop.sass"), Options{WarpsPerSM: 8, ThreadsPerBlock: 256}, ErrNoLoop, true, "no kernel of the listing has a loop"},
		{"no function", &sass.Listing{}, Options{ThreadsPerBlock: 256}, ErrNoLoop, true, "the listing holds no function"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep, err := Analyze(m, tc.l, nil, tc.opt)
			if !errors.Is(err, tc.err) || !strings.Contains(err.Error(), tc.message) {
				t.Errorf("error %v, want %v containing %q", err, tc.err, tc.message)
			}
			if (rep != nil) != tc.report {
				t.Errorf("report %v, want one: %v", rep != nil, tc.report)
			}
		})
	}
	rep, _ := Analyze(m, listing(t, "noloop.sass"), nil, Options{WarpsPerSM: 8, ThreadsPerBlock: 256})
	if k := rep.Kernels[0]; k.Mix["FFMA"] != 1 || len(k.Notes) == 0 {
		t.Errorf("the loop-less kernel's report lost its mix or notes: %+v", k)
	}
}
