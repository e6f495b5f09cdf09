package analyze

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// DefaultThreadsPerBlock is the block size the occupancy is computed for
// when the user does not say (--threads).
const DefaultThreadsPerBlock = 256

// Errors wrapped by Load and Analyze, for callers that tell a user's
// mistake from a failure (a command line turns ErrOptions into a usage
// error).
var (
	// ErrOptions is wrapped by every *OptionError: an option outside
	// what the machine or the model allows.
	ErrOptions = errors.New("invalid analyze options")
	// ErrEmpty is wrapped by Load's error for a kernel file or listing
	// that is empty or holds no instruction.
	ErrEmpty = errors.New("nothing to analyze")
	// ErrNoLoop is wrapped by Analyze's error when no kernel of the
	// listing has an innermost loop it could predict. The report returned
	// with it is complete (each kernel's notes and instruction mix): show
	// it, then fail.
	ErrNoLoop = errors.New("no loop to analyze")
)

// OptionError is one bad option. It wraps ErrOptions.
type OptionError struct {
	// Flag is the command-line flag that sets the option: "--level",
	// "--pattern", "--threads", "--warps".
	Flag string
	// Value is the value given, as the user would type it.
	Value string
	// Want says what is allowed.
	Want string
}

func (e *OptionError) Error() string {
	return fmt.Sprintf("%s %s: want %s", e.Flag, e.Value, e.Want)
}

// Unwrap returns ErrOptions.
func (e *OptionError) Unwrap() error { return ErrOptions }

// Validate checks the options against an SM's limits: lim is the
// Machine's (Machine.Limits), or SM90Limits before a results file is read.
// Level must be "" (DefaultLevel) or one of LevelNames, spelled as they
// are; Pattern PatternAuto, PatternCoalesced or PatternDivergent;
// ThreadsPerBlock 1 to lim.MaxThreadsPerBlock (1024, CUDA's limit, where
// that is unknown); WarpsPerSM 0 (from the occupancy) to lim.MaxWarps. It
// returns nil, one *OptionError, or several joined (errors.Join) when
// several options are bad; errors.Is(err, ErrOptions) holds for each.
func (o Options) Validate(lim Limits) error {
	var errs []error
	bad := func(flag, value, want string) {
		errs = append(errs, &OptionError{Flag: flag, Value: value, Want: want})
	}
	if o.Level != "" && !slices.Contains(LevelNames, o.Level) {
		want := "one of " + strings.Join(LevelNames, ", ")
		for _, l := range LevelNames {
			if strings.EqualFold(l, o.Level) {
				want += fmt.Sprintf(" (%s, not %s)", l, o.Level)
			}
		}
		bad("--level", fmt.Sprintf("%q", o.Level), want)
	}
	switch o.Pattern {
	case PatternAuto, PatternCoalesced, PatternDivergent:
	default:
		bad("--pattern", fmt.Sprintf("%q", o.Pattern), fmt.Sprintf("%s or %s (or none: coalesced, except pointer chases)", PatternCoalesced, PatternDivergent))
	}
	maxThreads := lim.MaxThreadsPerBlock
	if maxThreads <= 0 {
		maxThreads = 1024
	}
	if o.ThreadsPerBlock < 1 || o.ThreadsPerBlock > maxThreads {
		bad("--threads", fmt.Sprint(o.ThreadsPerBlock), fmt.Sprintf("1 to %d threads per block (the device's most)", maxThreads))
	}
	if o.WarpsPerSM < 0 || lim.MaxWarps > 0 && o.WarpsPerSM > lim.MaxWarps {
		want := "0 (from the kernel's occupancy) or more warps per SM"
		if lim.MaxWarps > 0 {
			want = fmt.Sprintf("0 (from the kernel's occupancy) to %d warps per SM (the SM's most)", lim.MaxWarps)
		}
		bad("--warps", fmt.Sprint(o.WarpsPerSM), want)
	}
	return errors.Join(errs...)
}
