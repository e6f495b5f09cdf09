// Package cli is gpuarch's command line: flag parsing, subcommands and exit
// codes, over library calls. Everything it does can be called from a test
// with a fake GPU or none.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"time"

	"github.com/gpuarch/gpuarch/backend/cudagpu"
	"github.com/gpuarch/gpuarch/backend/vk"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/sass"
	"github.com/gpuarch/gpuarch/vulkan"
)

// Version is gpuarch's version.
const Version = "0.1.0"

// Exit statuses, as the README lists them.
const (
	// ExitOK: every suite asked for ran to its end and measured.
	ExitOK = 0
	// ExitError: gpuarch could not do what was asked (no GPU or driver,
	// an unreadable file, a store that cannot be reached).
	ExitError = 1
	// ExitUsage: a mistake in the command line.
	ExitUsage = 2
	// ExitSomeFailed: the run ended and its results were written, but
	// some records failed (a kernel faulted or hung, a launch was
	// refused); the document says which and why.
	ExitSomeFailed = 3
	// ExitNothingMeasured: the run ended without a single record
	// measured; what it wrote says why.
	ExitNothingMeasured = 4
	// ExitInterrupted: Ctrl-C (SIGINT) or SIGTERM; the results so far
	// are kept, marked interrupted.
	ExitInterrupted = 130
)

// UsageError is a mistake in the command line; it exits with ExitUsage.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

// usagef makes a UsageError.
func usagef(format string, args ...any) error {
	return &UsageError{fmt.Sprintf(format, args...)}
}

// FailedError says a run ended with some of its records failed, or none
// measured at all: its results are written, and the exit status says so.
type FailedError struct {
	// Failed records ended in status failed; Measured ones are ok, of
	// Total.
	Failed, Measured, Total int
	// Where is the folder the results are in ("" when none was asked).
	Where string
}

func (e *FailedError) Error() string {
	where := ""
	if e.Where != "" {
		where = " (results in " + e.Where + ")"
	}
	if e.Measured == 0 {
		return fmt.Sprintf("nothing was measured: none of %d records is ok%s", e.Total, where)
	}
	return fmt.Sprintf("%d of %d records failed%s", e.Failed, e.Total, where)
}

// ExitCode maps an error to the process exit status.
func ExitCode(err error) int {
	var u *UsageError
	var f *FailedError
	switch {
	case err == nil:
		return ExitOK
	case errors.As(err, &u):
		return ExitUsage
	case errors.Is(err, context.Canceled):
		return ExitInterrupted
	case errors.As(err, &f) && f.Measured == 0:
		return ExitNothingMeasured
	case errors.As(err, &f):
		return ExitSomeFailed
	}
	return ExitError
}

// ReportedError is an error already told to whoever needs it: a worker's
// failure, sent to its parent, which says it to the user once. The
// command line exits with its code and prints nothing more.
type ReportedError struct{ Err error }

func (e *ReportedError) Error() string { return e.Err.Error() }
func (e *ReportedError) Unwrap() error { return e.Err }

// Reported says whether err was already reported (see ReportedError).
func Reported(err error) bool {
	var r *ReportedError
	return errors.As(err, &r)
}

// Device is a GPU the CLI can measure and then close.
type Device interface {
	engine.GPU
	Close() error
}

// Env holds the CLI's side effects, so tests can replace them.
type Env struct {
	Stdout, Stderr io.Writer
	// OpenGPU opens device number ordinal of a backend ("cuda" or
	// "vulkan").
	OpenGPU func(ctx context.Context, t Target) (Device, error)
	// DeviceCount says how many devices a backend sees (for --gpu all).
	DeviceCount func(backend string) (int, error)
	// DefaultBackend is the backend "--backend auto" picks: cuda where
	// the CUDA driver library loads, else vulkan.
	DefaultBackend func() string
	// VulkanDevices lists the Vulkan devices the loader sees (info).
	VulkanDevices func() (loader string, devs []vulkan.PhysicalDevice, err error)
	// Disassembler finds the machine-code disassembler; an error means
	// results are "not verified".
	Disassembler func() (cudagpu.Disassembler, error)
	// Assembler finds ptxas, which compiles what the driver's linker
	// cannot (nil, or an error: those probes are skipped).
	Assembler func() (cudagpu.Assembler, error)
	// Config is the measurement configuration.
	Config engine.Config
	// Worker runs probes; by default in a child process (see worker.go).
	Worker Worker
	// Artifacts is where probe modules are kept ("" keeps none).
	Artifacts string
	// Reference is the folder of recorded results --quick compares with.
	Reference string
	// LocalGPU names this machine's first GPU and its compute capability
	// ("9.0"), for analyze to pick the recorded results of its model (nil,
	// or an error: none).
	LocalGPU func() (name, cc string, err error)
}

// Run runs gpuarch with the given arguments (without the program name).
func Run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	env := &Env{
		Stdout: stdout, Stderr: stderr,
		OpenGPU:        openGPU,
		DefaultBackend: defaultBackend,
		DeviceCount:    deviceCount,
		VulkanDevices:  vk.Devices,
		Disassembler: func() (cudagpu.Disassembler, error) {
			d, err := sass.FindDisassembler()
			if err != nil {
				return nil, err
			}
			d.NoDataflow = true // the probes' kernels: see sass.Disassembler
			return d, nil
		},
		Assembler: func() (cudagpu.Assembler, error) {
			a, err := sass.FindAssembler()
			if err != nil {
				return nil, err
			}
			return a, nil
		},
		Config:   engine.DefaultConfig(),
		LocalGPU: localGPU,
		Worker:   subprocessWorker(stderr),
	}
	return env.Run(ctx, args)
}

func (e *Env) cmdVersion() error {
	fmt.Fprintf(e.Stdout, "gpuarch %s (%s)\n", toolVersion(), runtime.Version())
	return nil
}

// toolVersion is Version plus the VCS revision when the build recorded one.
func toolVersion() string {
	v := Version
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				v += "+" + s.Value[:12]
			}
		}
	}
	return v
}

// progress returns a function printing timestamped progress lines to stderr.
func (e *Env) progress(start time.Time) func(string) {
	return func(msg string) {
		fmt.Fprintf(e.Stderr, "[%6.1fs] %s\n", time.Since(start).Seconds(), msg)
	}
}
