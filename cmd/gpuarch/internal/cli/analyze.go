package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/gpuarch/gpuarch/analyze"
	"github.com/gpuarch/gpuarch/cuda"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/sass"
)

// cmdAnalyze predicts what bounds each innermost loop of a kernel.
// analyzeOptions are analyze's flags.
type analyzeOptions struct {
	results, level, pattern, listing, arch, validate string
	warps, threads                                   int
	json                                             bool
}

func (e *Env) cmdAnalyze(ctx context.Context, o analyzeOptions, args []string) error {
	if o.validate != "" {
		if len(args) > 0 {
			return usagef("analyze --validate takes no KERNEL, got %q", args)
		}
		return e.analyzeValidate(o.validate, o.results, o.json)
	}
	if len(args) != 1 {
		return usagef("analyze: give one KERNEL (a .cubin, an executable or .so with device code, a .ptx or a SASS listing), got %d (see gpuarch analyze --help)", len(args))
	}
	opts := analyze.Options{WarpsPerSM: o.warps, ThreadsPerBlock: o.threads, Level: o.level, Pattern: o.pattern}
	if err := opts.Validate(analyze.SM90Limits); err != nil {
		return usagef("analyze: %v", err)
	}
	tools := analyze.Tools{}
	if d, err := sass.FindDisassembler(); err == nil {
		tools.Disassemble = d.Disassemble
	}
	if p, err := exec.LookPath("ptxas"); err == nil {
		tools.Ptxas = p
	}
	in, err := analyze.Load(ctx, args[0], o.listing, o.arch, tools)
	if errors.Is(err, analyze.ErrEmpty) {
		return usagef("analyze: %v", err)
	}
	if err != nil {
		return fmt.Errorf("analyze: %w", err)
	}
	for _, n := range in.Notes {
		fmt.Fprintf(e.Stderr, "gpuarch analyze: %s\n", n)
	}
	model := e.localModel(in.Arch)
	m, err := e.loadMachine(o.results, in.Arch, model)
	if err != nil {
		return fmt.Errorf("analyze: %w", err)
	}
	rep, err := analyze.Analyze(m, in.Listing, in.Resources, opts)
	switch {
	case errors.Is(err, analyze.ErrOptions):
		return usagef("analyze: %v", err)
	case err != nil && rep == nil:
		return fmt.Errorf("analyze: %w", err)
	}
	noLoop := err // ErrNoLoop: the report still says what the kernel holds
	rep.Warnings = append(rep.Warnings, in.Notes...)
	if w := m.MismatchGPU(in.Arch, model); w != "" {
		fmt.Fprintf(e.Stderr, "gpuarch analyze: %s\n", w)
		rep.Warnings = append(rep.Warnings, w)
	}
	if o.json {
		err = rep.WriteJSON(e.Stdout)
	} else {
		err = rep.WriteText(e.Stdout)
	}
	if noLoop != nil {
		return fmt.Errorf("analyze: %w", noLoop)
	}
	return err
}

// localModel is the name of this machine's GPU when it runs arch's code
// (any, when the input does not say: a SASS listing), "" when there is
// none or it runs other code: the model whose recorded results analyze
// predicts from by default.
func (e *Env) localModel(arch string) string {
	if e.LocalGPU == nil {
		return ""
	}
	name, cc, err := e.LocalGPU()
	if err != nil || arch == "" {
		return name
	}
	major, minor, ok := strings.Cut(cc, ".")
	if !ok || !strings.HasPrefix(arch, "sm_"+major+minor) {
		return ""
	}
	return name
}

// localGPU names CUDA device 0 and its compute capability ("9.0").
func localGPU() (name, cc string, err error) {
	d, err := cuda.Open()
	if err != nil {
		return "", "", err
	}
	dev, err := d.Device(0)
	if err != nil {
		return "", "", err
	}
	if name, err = dev.Name(); err != nil {
		return "", "", err
	}
	major, err := dev.Attribute(cuda.ComputeCapabilityMajor)
	if err != nil {
		return "", "", err
	}
	minor, err := dev.Attribute(cuda.ComputeCapabilityMinor)
	if err != nil {
		return "", "", err
	}
	return name, fmt.Sprintf("%d.%d", major, minor), nil
}

// loadMachine reads the results file given, or the recorded one of model
// (or the only one recorded) for arch under the working directory's
// checkout.
func (e *Env) loadMachine(path, arch, model string) (*analyze.Machine, error) {
	if path == "" {
		dir, err := os.Getwd()
		if err != nil {
			return nil, err
		}
		if path, err = analyze.FindResults(dir, arch, model); err != nil {
			return nil, err
		}
	}
	run, err := record.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return analyze.NewMachine(run, path)
}

func (e *Env) analyzeValidate(dir, results string, asJSON bool) error {
	l, ms, err := analyze.LoadCorpus(dir)
	if err != nil {
		return fmt.Errorf("analyze --validate: %w", err)
	}
	// A corpus folder is named for the GPU it was measured on.
	m, err := e.loadMachine(results, "sm_90", filepath.Base(filepath.Clean(dir)))
	if err != nil {
		return fmt.Errorf("analyze --validate: %w", err)
	}
	v, err := analyze.Validate(m, l, ms)
	if err != nil {
		return fmt.Errorf("analyze --validate: %w", err)
	}
	if asJSON {
		enc := json.NewEncoder(e.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(v)
	}
	return v.WriteText(e.Stdout)
}
