// Package cli is gpuarch's command line: flag parsing, subcommands and exit
// codes, over library calls. Everything it does can be called from a test
// with a fake GPU or none.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"time"

	"github.com/gpuarch/gpuarch/probe"
	"github.com/gpuarch/gpuarch/probe/vk"
	"github.com/gpuarch/gpuarch/sass"
	"github.com/gpuarch/gpuarch/vulkan"
)

// Version is gpuarch's version.
const Version = "0.1.0"

// UsageError is a mistake in the command line; it exits with status 2.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

// ExitCode maps an error to the process exit status.
func ExitCode(err error) int {
	var u *UsageError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &u):
		return 2
	case errors.Is(err, context.Canceled):
		return 130
	}
	return 1
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
	probe.GPU
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
	Disassembler func() (probe.Disassembler, error)
	// Assembler finds ptxas, which compiles what the driver's linker
	// cannot (nil, or an error: those probes are skipped).
	Assembler func() (probe.Assembler, error)
	// Config is the measurement configuration.
	Config probe.Config
	// Worker runs probes; by default in a child process (see worker.go).
	Worker Worker
	// Artifacts is where probe modules are kept ("" keeps none).
	Artifacts string
	// Reference is the folder of recorded results --quick compares with.
	Reference string
}

// Run runs gpuarch with the given arguments (without the program name).
func Run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	env := &Env{
		Stdout: stdout, Stderr: stderr,
		OpenGPU:        openGPU,
		DefaultBackend: defaultBackend,
		DeviceCount:    deviceCount,
		VulkanDevices:  vk.Devices,
		Disassembler: func() (probe.Disassembler, error) {
			d, err := sass.FindDisassembler()
			if err != nil {
				return nil, err
			}
			return d, nil
		},
		Assembler: func() (probe.Assembler, error) {
			a, err := sass.FindAssembler()
			if err != nil {
				return nil, err
			}
			return a, nil
		},
		Config: probe.DefaultConfig(),
		Worker: subprocessWorker(stderr),
	}
	return env.Run(ctx, args)
}

type command struct {
	name, args, help string
	run              func(e *Env, ctx context.Context, args []string) error
}

func commands() []command {
	return []command{
		{"run", "[--out DIR] [--backend cuda|vulkan] [--suite alu,pipes,memory,warp,dispatch,mma] [--gpu N|all|0,2] [--quick] [--reference DIR] [--artifacts DIR]", "measure every suite (links: host and peer copies; --quick: a 30-second health check per GPU, quick.md) and write results.json, results.md and results.html", (*Env).cmdRun},
		{"inst", "[--out DIR] [--backend cuda|vulkan] [--gpu N] NAME...", "measure the named instructions and print their table", (*Env).cmdInst},
		{"info", "[--backend cuda|vulkan] [--gpu N] [--json] [--no-measure]", "print the GPU's spec sheet and peak rates, with the measured clock (vulkan: every device the loader sees)", (*Env).cmdInfo},
		{"list", "[--backend cuda|vulkan]", "list the instructions gpuarch knows in the backend's kernel language", (*Env).cmdList},
		{"report", "[--out DIR] [--library FILE] RESULTS.json", "write the Markdown (and with --out the HTML) report of a results file", (*Env).cmdReport},
		{"analyze", "[--results FILE] [--warps N] [--threads N] [--level shared|L1|L2|DRAM] [--json] [--sass LISTING] [--arch sm_90] KERNEL | --validate DIR", "predict each innermost loop's cycles per iteration and what bounds it, from the measured machine (KERNEL: cubin, executable or .so with device code, PTX, or SASS listing)", (*Env).cmdAnalyze},
		{"summary", "DIR", "write the host summary of a run of several GPUs (summary.md, summary.json) again from its folder, measuring nothing", (*Env).cmdSummary},
		{"compare", "[--all] [--alpha P] A.json B.json", "set two results files side by side: what changed, and whether significantly", (*Env).cmdCompare},
		{"db", "add|list|compare [--db FILE] ...", "keep runs in a results store and compare sets of them: add RESULTS.json...; list [--where FILTER]; compare [--all] FILTER-A FILTER-B (filters: node=, model=, uuid=, driver=, backend=, since=, until=, id=)", (*Env).cmdDB},
		{"version", "", "print the version", (*Env).cmdVersion},
		{"worker", "", "(internal) measure what the request on stdin asks, for run and inst", (*Env).cmdWorker},
	}
}

// Run dispatches to a subcommand.
func (e *Env) Run(ctx context.Context, args []string) error {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		e.usage(e.Stdout)
		if len(args) == 0 {
			return &UsageError{"no command given"}
		}
		return nil
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(e, ctx, args[1:])
		}
	}
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
	}
	sort.Strings(names)
	return &UsageError{fmt.Sprintf("unknown command %q (commands: %s; see gpuarch help)", args[0], strings.Join(names, ", "))}
}

func (e *Env) usage(w io.Writer) {
	fmt.Fprintln(w, "gpuarch measures a GPU's microarchitecture from the inside.")
	fmt.Fprintln(w, "\nUsage: gpuarch COMMAND [flags]")
	fmt.Fprintln(w)
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n  %-8s   %s\n", c.name, c.args, "", c.help)
	}
}

// flags makes a flag set whose errors become UsageErrors instead of exits.
func (e *Env) flags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet("gpuarch "+name, flag.ContinueOnError)
	fs.SetOutput(e.Stderr)
	return fs
}

func parse(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return &UsageError{err.Error()}
	}
	return nil
}

func (e *Env) cmdVersion(_ context.Context, _ []string) error {
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
