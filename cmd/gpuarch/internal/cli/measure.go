package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/gpuarch/gpuarch/probe"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/report"
	"github.com/gpuarch/gpuarch/spec"
	"github.com/gpuarch/gpuarch/suites/alu"
)

// Output file names inside --out.
const (
	ResultsJSON = "results.json"
	ResultsMD   = "results.md"
)

// suites maps a suite name to its entries.
func suiteSpecs(names []string) ([]probe.ChainSpec, error) {
	var out []probe.ChainSpec
	for _, n := range names {
		switch n {
		case alu.Suite:
			out = append(out, alu.Catalog()...)
		default:
			return nil, &UsageError{fmt.Sprintf("unknown suite %q (suites: %s)", n, alu.Suite)}
		}
	}
	return out, nil
}

func (e *Env) cmdRun(ctx context.Context, args []string) error {
	fs := e.flags("run")
	out := fs.String("out", "gpuarch-results", "folder to write results.json and results.md into")
	suite := fs.String("suite", alu.Suite, "comma-separated suites to run")
	gpu := fs.Int("gpu", 0, "GPU ordinal")
	artifacts := fs.String("artifacts", "", "keep each probe module's PTX and cubin in this folder")
	if err := parse(fs, args); err != nil {
		return err
	}
	e.Artifacts = *artifacts
	if fs.NArg() > 0 {
		return &UsageError{fmt.Sprintf("run takes no arguments, got %q", fs.Args())}
	}
	names := strings.Split(*suite, ",")
	specs, err := suiteSpecs(names)
	if err != nil {
		return err
	}
	_, err = e.measure(ctx, *gpu, *out, names, specs)
	return err
}

func (e *Env) cmdInst(ctx context.Context, args []string) error {
	fs := e.flags("inst")
	out := fs.String("out", "", "also write results.json and results.md into this folder")
	gpu := fs.Int("gpu", 0, "GPU ordinal")
	artifacts := fs.String("artifacts", "", "keep each probe module's PTX and cubin in this folder")
	if err := parse(fs, args); err != nil {
		return err
	}
	e.Artifacts = *artifacts
	if fs.NArg() == 0 {
		return &UsageError{"inst needs at least one instruction name (gpuarch list shows them)"}
	}
	specs, err := alu.Lookup(fs.Args())
	if err != nil {
		return err
	}
	run, err := e.measure(ctx, *gpu, *out, []string{alu.Suite}, specs)
	if run != nil {
		if rerr := report.Markdown(e.Stdout, run); rerr != nil && err == nil {
			err = rerr
		}
	}
	return err
}

// checkWritable makes dir and proves a file can be written in it, before
// any GPU time is spent.
func checkWritable(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("cannot create the output folder: %w", err)
	}
	f, err := os.CreateTemp(dir, ".gpuarch-write-test-*")
	if err != nil {
		return fmt.Errorf("cannot write in the output folder %s: %w", dir, err)
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}

// measure opens the GPU, warms it up, runs specs and keeps the results on
// disk after every record (when out is set), so an interruption loses
// nothing measured. It returns the run even on error.
func (e *Env) measure(ctx context.Context, ordinal int, out string, suites []string, specs []probe.ChainSpec) (*record.Run, error) {
	for _, dir := range []string{out, e.Artifacts} {
		if dir == "" {
			continue
		}
		if err := checkWritable(dir); err != nil {
			return nil, err
		}
	}
	// A CUDA context belongs to an OS thread; this goroutine owns it.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start := time.Now()
	progress := e.progress(start)
	gpu, err := e.OpenGPU(ordinal)
	if err != nil {
		return nil, err
	}
	defer gpu.Close()
	host, _ := os.Hostname()
	run := &record.Run{
		Schema:  record.SchemaVersion,
		Tool:    record.Tool{Name: "gpuarch", Version: toolVersion(), GoVersion: runtime.Version(), Host: host, Backend: "cuda"},
		Started: start.UTC(),
		Suites:  suites,
		Device:  gpu.Device(),
	}
	runner := &probe.Runner{GPU: gpu, Config: e.Config, Progress: progress, Artifacts: e.Artifacts}
	if d, err := e.Disassembler(); err == nil {
		runner.Disasm = d
	} else {
		run.Warnings = append(run.Warnings, "machine code not verified: "+err.Error())
		progress("warning: " + err.Error())
	}
	save := func() error {
		if out == "" {
			return nil
		}
		run.Finished = time.Now().UTC()
		run.ElapsedSeconds = time.Since(start).Seconds()
		return record.WriteFile(filepath.Join(out, ResultsJSON), run)
	}
	progress(fmt.Sprintf("%s (%s), %d SMs, driver %s: warming up", run.Device.Name, run.Device.UUID, run.Device.SMs, run.Device.DriverVersion))
	warm, err := runner.Warmup(ctx, 500*time.Millisecond, 5*time.Second)
	run.Warmup = warm
	if err != nil {
		return run, finish(run, save, out, fmt.Errorf("warm-up: %w", err))
	}
	var saveErr error
	done := 0
	err = alu.Run(ctx, runner, specs, func(r record.Record) {
		run.Records = append(run.Records, r)
		if r.Quantity == record.Throughput {
			done++
			progress(fmt.Sprintf("[%d/%d] %s: %s", done, len(specs), r.Subject, summaryLine(run, r.Subject)))
		}
		if err := save(); err != nil && saveErr == nil {
			saveErr = err
		}
	})
	if err == nil {
		err = saveErr
	}
	run.Complete = err == nil
	return run, finish(run, save, out, err)
}

// finish writes the final JSON and Markdown and decorates err with where the
// results so far are.
func finish(run *record.Run, save func() error, out string, err error) error {
	serr := save()
	if out != "" && serr == nil {
		f, ferr := os.Create(filepath.Join(out, ResultsMD))
		if ferr == nil {
			ferr = report.Markdown(f, run)
			if cerr := f.Close(); ferr == nil {
				ferr = cerr
			}
		}
		serr = ferr
	}
	switch {
	case err != nil && out != "":
		what := "interrupted"
		if !errors.Is(err, context.Canceled) {
			what = "stopped"
		}
		return fmt.Errorf("%s after %d records (kept in %s): %w", what, len(run.Records), out, err)
	case err != nil:
		return err
	}
	return serr
}

// summaryLine is a one-line progress summary of an instruction's records.
func summaryLine(run *record.Run, subject string) string {
	var parts []string
	for _, r := range run.Records {
		if r.Subject != subject {
			continue
		}
		if r.Status != record.StatusOK {
			parts = append(parts, fmt.Sprintf("%s %s", r.Quantity, r.Status))
			continue
		}
		switch r.Quantity {
		case record.Latency:
			parts = append(parts, fmt.Sprintf("latency %.2f cycles", r.Value))
		case record.Throughput:
			parts = append(parts, fmt.Sprintf("%.1f results/clk/SM", r.Through.ResultsPerClockPerSM))
		}
	}
	return strings.Join(parts, ", ")
}

func (e *Env) cmdInfo(ctx context.Context, args []string) error {
	fs := e.flags("info")
	gpu := fs.Int("gpu", 0, "GPU ordinal")
	asJSON := fs.Bool("json", false, "print JSON")
	noMeasure := fs.Bool("no-measure", false, "do not run the clock measurement (peaks use NVML's maximum clock)")
	if err := parse(fs, args); err != nil {
		return err
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	g, err := e.OpenGPU(*gpu)
	if err != nil {
		return err
	}
	defer g.Close()
	var clock *record.Clock
	if !*noMeasure {
		runner := &probe.Runner{GPU: g, Config: e.Config}
		if clock, err = runner.Warmup(ctx, 300*time.Millisecond, 3*time.Second); err != nil {
			return fmt.Errorf("measure the SM clock: %w", err)
		}
	}
	sheet := spec.New(g.Device(), clock)
	if *asJSON {
		enc := json.NewEncoder(e.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(sheet)
	}
	return sheet.WriteText(e.Stdout)
}

func (e *Env) cmdList(_ context.Context, args []string) error {
	if len(args) > 0 {
		return &UsageError{"list takes no arguments"}
	}
	group := ""
	for _, s := range alu.Catalog() {
		if s.Group != group {
			group = s.Group
			fmt.Fprintf(e.Stdout, "%s:\n", group)
		}
		fmt.Fprintf(e.Stdout, "  %-24s %s\n", s.Subject, strings.Join(s.Expect, "/"))
	}
	return nil
}

func (e *Env) cmdReport(_ context.Context, args []string) error {
	fs := e.flags("report")
	out := fs.String("out", "", "write results.md into this folder instead of printing it")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return &UsageError{"report needs exactly one results file"}
	}
	run, err := record.ReadFile(fs.Arg(0))
	if err != nil {
		return err
	}
	if *out == "" {
		return report.Markdown(e.Stdout, run)
	}
	if err := checkWritable(*out); err != nil {
		return err
	}
	f, err := os.Create(filepath.Join(*out, ResultsMD))
	if err != nil {
		return err
	}
	if err := report.Markdown(f, run); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
