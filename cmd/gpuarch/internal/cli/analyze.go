package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/gpuarch/gpuarch/analyze"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/sass"
)

// cmdAnalyze predicts what bounds each innermost loop of a kernel.
func (e *Env) cmdAnalyze(ctx context.Context, args []string) error {
	fs := e.flags("analyze")
	results := fs.String("results", "", "results file to predict from (default: the recorded one for the kernel's architecture under results/)")
	warps := fs.Int("warps", 0, "warps per SM to predict at (default: from the kernel's registers and shared memory)")
	threads := fs.Int("threads", 256, "threads per block, for the occupancy computation")
	level := fs.String("level", analyze.DefaultLevel, "memory level global accesses hit: shared, L1, L2 or DRAM")
	pattern := fs.String("pattern", "", "global loads' access pattern: coalesced or divergent (default: coalesced, except loads whose address was loaded in the loop, taken as a divergent pointer chase)")
	asJSON := fs.Bool("json", false, "write JSON instead of text")
	listing := fs.String("sass", "", "nvdisasm listing of the cubin, used instead of running nvdisasm")
	arch := fs.String("arch", "sm_90", "architecture of the cubins to take from an executable or library")
	validate := fs.String("validate", "", "compare predictions with a corpus directory's measured.csv and listings instead")
	if err := parse(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if *validate != "" {
		return e.analyzeValidate(*validate, *results, *asJSON)
	}
	if fs.NArg() != 1 {
		return &UsageError{"analyze: give one KERNEL (a .cubin, an executable or .so with device code, a .ptx or a SASS listing)"}
	}
	tools := analyze.Tools{}
	if d, err := sass.FindDisassembler(); err == nil {
		tools.Disassemble = d.Disassemble
	}
	if p, err := exec.LookPath("ptxas"); err == nil {
		tools.Ptxas = p
	}
	in, err := analyze.Load(ctx, fs.Arg(0), *listing, *arch, tools)
	if err != nil {
		return fmt.Errorf("analyze: %w", err)
	}
	for _, n := range in.Notes {
		fmt.Fprintf(e.Stderr, "gpuarch analyze: %s\n", n)
	}
	m, err := loadMachine(*results, in.Arch)
	if err != nil {
		return fmt.Errorf("analyze: %w", err)
	}
	rep, err := analyze.Analyze(m, in.Listing, in.Resources, analyze.Options{WarpsPerSM: *warps, ThreadsPerBlock: *threads, Level: *level, Pattern: *pattern})
	if err != nil {
		return &UsageError{"analyze: " + err.Error()}
	}
	rep.Warnings = append(rep.Warnings, in.Notes...)
	if w := m.Mismatch(in.Arch); w != "" {
		fmt.Fprintf(e.Stderr, "gpuarch analyze: %s\n", w)
		rep.Warnings = append(rep.Warnings, w)
	}
	if *asJSON {
		return rep.WriteJSON(e.Stdout)
	}
	return rep.WriteText(e.Stdout)
}

// loadMachine reads the results file given, or the recorded one for arch.
func loadMachine(path, arch string) (*analyze.Machine, error) {
	if path == "" {
		if arch == "" {
			arch = "sm_90"
		}
		var err error
		if path, err = findResults(arch); err != nil {
			return nil, err
		}
	}
	run, err := record.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return analyze.NewMachine(run, path)
}

// findResults looks for the recorded results of arch in the working
// directory and its parents (a gpuarch checkout).
func findResults(arch string) (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	var first error
	for {
		p, err := analyze.DefaultResults(dir, arch)
		if err == nil {
			return p, nil
		}
		if first == nil {
			first = err
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", first
		}
		dir = parent
	}
}

func (e *Env) analyzeValidate(dir, results string, asJSON bool) error {
	l, ms, err := analyze.LoadCorpus(dir)
	if err != nil {
		return fmt.Errorf("analyze --validate: %w", err)
	}
	m, err := loadMachine(results, "sm_90")
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
