package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gpuarch/gpuarch/compare"
	"github.com/gpuarch/gpuarch/probe"
	"github.com/gpuarch/gpuarch/probe/vk"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/report"
	"github.com/gpuarch/gpuarch/spec"
	"github.com/gpuarch/gpuarch/suites/alu"
	"github.com/gpuarch/gpuarch/suites/async"
	"github.com/gpuarch/gpuarch/suites/dispatch"
	"github.com/gpuarch/gpuarch/suites/links"
	"github.com/gpuarch/gpuarch/suites/memory"
	"github.com/gpuarch/gpuarch/suites/mma"
	"github.com/gpuarch/gpuarch/suites/pipes"
	"github.com/gpuarch/gpuarch/suites/warp"
)

// Output file names inside --out.
const (
	ResultsJSON = "results.json"
	ResultsMD   = "results.md"
	ResultsHTML = "results.html"
)

// knownSuites are the suites `run` accepts, in the order they run.
var knownSuites = []string{alu.Suite, pipes.Suite, memory.Suite, warp.Suite, dispatch.Suite, mma.Suite, async.Suite, links.Suite}

// parseSuites checks a comma-separated suite list.
func parseSuites(list string) ([]string, error) {
	var out []string
	for _, n := range strings.Split(list, ",") {
		n = strings.TrimSpace(n)
		if !slices.Contains(knownSuites, n) {
			return nil, &UsageError{fmt.Sprintf("unknown suite %q (suites: %s)", n, strings.Join(knownSuites, ", "))}
		}
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out, nil
}

// measureFlags declares the flags run and inst share; apply sets them on e
// once the flags are parsed.
// once the flags are parsed, and target resolves the device they name.
func (e *Env) measureFlags(fs *flag.FlagSet) (target func() (Target, error), apply func()) {
	gpu := fs.String("gpu", "0", "the device's number among the backend's devices (run: also all, or a list such as 0,2)")
	backend := backendFlag(fs)
	timing := timingFlag(fs)
	artifacts := fs.String("artifacts", "", "keep each probe module's source and binary (PTX and cubin, or SPIR-V assembly and binary) in this folder")
	timeout := fs.Duration("launch-timeout", e.Config.LaunchTimeout, "give up on a probe kernel that runs longer than this")
	var most byteSize
	fs.Var(&most, "max-footprint", "the most device memory a memory probe may stream or chase over, such as 256MiB or 4GiB (default: as much as the probes ask and the device has)")
	target = func() (Target, error) {
		b, err := e.resolveBackend(*backend)
		if err != nil {
			return Target{}, err
		}
		t, err := resolveTiming(*timing)
		if err != nil {
			return Target{}, err
		}
		if b == backendCUDA && t == vk.TimingTimestamps {
			return Target{}, &UsageError{"--timing timestamps is for the Vulkan backend: CUDA kernels always read the SM's clock"}
		}
		gpus, err := e.parseGPUs(b, *gpu)
		if err != nil {
			return Target{}, err
		}
		return Target{Backend: b, GPU: gpus[0], GPUs: gpus, Timing: t}, nil
	}
	return target, func() {
		e.Artifacts, e.Config.LaunchTimeout = *artifacts, *timeout
		if most > 0 {
			e.Config.MaxFootprint = int64(most)
		}
	}
}

// byteSize is a flag of bytes written as a number with an optional binary
// suffix: 4096, 64KiB, 256MiB, 4GiB (K, M and G are read as KiB, MiB and
// GiB).
type byteSize int64

func (b *byteSize) String() string {
	if b == nil || *b == 0 {
		return ""
	}
	return strconv.FormatInt(int64(*b), 10)
}

func (b *byteSize) Set(s string) error {
	num := strings.TrimSpace(s)
	scale := int64(1)
	for _, u := range []struct {
		suffix string
		scale  int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"B", 1}} {
		if strings.HasSuffix(num, u.suffix) {
			num, scale = strings.TrimSpace(strings.TrimSuffix(num, u.suffix)), u.scale
			break
		}
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n <= 0 || n > (1<<62)/scale {
		return fmt.Errorf("%q is not a size in bytes, such as 4096, 64KiB, 256MiB or 4GiB", s)
	}
	*b = byteSize(n * scale)
	return nil
}

func (e *Env) cmdRun(ctx context.Context, args []string) error {
	fs := e.flags("run")
	out := fs.String("out", "gpuarch-results", "folder to write results.json and results.md into")
	suite := fs.String("suite", "", "comma-separated suites to run: "+strings.Join(knownSuites, ", ")+" (default: every suite the backend runs)")
	grid := fs.String("coopmat-grid", "", "the Vulkan cooperative-matrix throughput shapes tried, as subgroups per workgroup/workgroups per SM/accumulators per subgroup, each a comma-separated list (default 4,8/1,2,4/1,2,4,8)")
	quick := fs.Bool("quick", false, "a health check in at most 30 s per GPU: clock and throttle reasons, FFMA and tensor-core peak, L2 and DRAM bandwidth, load latencies, host links, each beside the recorded results of the model (quick.md)")
	refDir := fs.String("reference", "results", "the folder of recorded results (<model>/results.json) --quick compares with")
	target, apply := e.measureFlags(fs)
	if err := parse(fs, args); err != nil {
		return err
	}
	apply()
	if fs.NArg() > 0 {
		return &UsageError{fmt.Sprintf("run takes no arguments, got %q", fs.Args())}
	}
	if *quick && *suite != "" {
		return &UsageError{"--quick runs its own choice of probes: leave out --suite"}
	}
	t, err := target()
	if err != nil {
		return err
	}
	backend := t.Backend
	names := backendSuites(backend)
	if *suite != "" {
		if names, err = parseSuites(*suite); err != nil {
			return err
		}
		if err := checkSuites(backend, names); err != nil {
			return err
		}
	}
	if _, err := mma.ParseCoopMatGrid(*grid); err != nil {
		return &UsageError{err.Error()}
	}
	req := WorkRequest{Backend: backend, GPU: t.GPU, Timing: t.Timing, Suites: names, CoopMatGrid: *grid, Quick: *quick}
	if *quick {
		req.Suites = []string{"quick"}
		e.Config = quickConfig(e.Config)
		e.Reference = *refDir
	}
	if len(t.GPUs) > 1 {
		return e.measureHost(ctx, req, t.GPUs, *out)
	}
	run, err := e.measure(ctx, req, *out)
	if *quick && run != nil && len(run.Records) > 0 {
		if qerr := e.writeQuickFile(run, *out); qerr != nil && err == nil {
			err = qerr
		}
	}
	return err
}

// writeQuickFile writes quick.md beside a quick run's results and prints
// it.
func (e *Env) writeQuickFile(run *record.Run, out string) error {
	refPath := referenceFor(e.Reference, run.Device)
	var ref *record.Run
	if _, err := os.Stat(refPath); err == nil {
		r, err := record.ReadFile(refPath)
		if err != nil {
			return fmt.Errorf("read the recorded results of %s: %w", run.Device.Name, err)
		}
		ref = r
	}
	var b strings.Builder
	writeQuick(&b, run, refPath, ref)
	fmt.Fprint(e.Stdout, b.String())
	if out == "" {
		return nil
	}
	return os.WriteFile(filepath.Join(out, quickFile), []byte(b.String()), 0o644)
}

func (e *Env) cmdInst(ctx context.Context, args []string) error {
	fs := e.flags("inst")
	out := fs.String("out", "", "also write results.json and results.md into this folder")
	target, apply := e.measureFlags(fs)
	if err := parse(fs, args); err != nil {
		return err
	}
	apply()
	if fs.NArg() == 0 {
		return &UsageError{"inst needs at least one instruction name (gpuarch list shows them)"}
	}
	t, err := target()
	if err != nil {
		return err
	}
	if len(t.GPUs) > 1 {
		return &UsageError{"inst measures one GPU: give --gpu a single number (run takes several)"}
	}
	backend := t.Backend
	specs, err := alu.LookupIn(chainCatalog(backend), fs.Args())
	if err != nil {
		if oerr := otherBackend(backend, fs.Args()); oerr != nil {
			return oerr
		}
		return err
	}
	var suites []string
	for _, s := range specs {
		if !slices.Contains(suites, s.Suite) {
			suites = append(suites, s.Suite)
		}
	}
	run, err := e.measure(ctx, WorkRequest{Backend: backend, GPU: t.GPU, Timing: t.Timing, Suites: suites, Subjects: fs.Args()}, *out)
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

// measure runs req in worker processes (see worker.go) and keeps the
// results on disk after every record (when out is set), so an interruption
// loses nothing measured. When a worker dies, the job it was running is
// recorded as failed with the reason and a new worker takes the rest. It
// returns the run even on error.
func (e *Env) measure(ctx context.Context, req WorkRequest, out string) (*record.Run, error) {
	created := false // this run made the output folder
	if out != "" {
		_, err := os.Stat(out)
		created = errors.Is(err, fs.ErrNotExist)
	}
	for _, dir := range []string{out, e.Artifacts} {
		if dir == "" {
			continue
		}
		if err := checkWritable(dir); err != nil {
			return nil, err
		}
	}
	req.Artifacts, req.Config = e.Artifacts, e.Config
	start := time.Now()
	progress := e.progress(start)
	host, _ := os.Hostname()
	run := &record.Run{
		Schema:  record.SchemaVersion,
		Tool:    record.Tool{Name: "gpuarch", Version: toolVersion(), GoVersion: runtime.Version(), Host: host, Backend: req.Backend},
		Started: start.UTC(),
		Suites:  req.Suites,
		Quick:   req.Quick,
	}
	save := func() error {
		if out == "" {
			return nil
		}
		run.Finished = time.Now().UTC()
		run.ElapsedSeconds = time.Since(start).Seconds()
		return record.WriteFile(filepath.Join(out, ResultsJSON), run)
	}
	done := map[string]bool{}
	known := map[string]float64{}
	var saveErr error
	for {
		var sawDevice, warmed bool
		started, progressed := "", false
		req.Done, req.Known = slices.Sorted(maps.Keys(done)), known
		err := e.Worker(ctx, req, func(m WorkMessage) {
			switch m.Type {
			case "device":
				sawDevice = true
				if m.Device != nil && run.Device.UUID == "" {
					run.Device = *m.Device
					run.Warnings = append(run.Warnings, m.Warnings...)
				}
			case "health":
				if m.Health == nil {
					return
				}
				if run.Health == nil {
					run.Health = &record.HealthPair{}
				}
				if m.Phase == "before" && run.Health.Before == nil {
					run.Health.Before = m.Health
				} else if m.Phase == "after" {
					run.Health.After = m.Health
				}
			case "warmup":
				warmed = true
				if run.Warmup == nil {
					run.Warmup = m.Clock
				}
			case "start":
				started = m.Key
			case "record":
				if m.Record == nil {
					return
				}
				run.Records = append(run.Records, *m.Record)
				if pipes.IsSolo(m.Record) {
					known[m.Record.Subject] = m.Record.Value
				}
				if err := save(); err != nil && saveErr == nil {
					saveErr = err
				}
			case "done":
				done[m.Key], started, progressed = true, "", true
				progress(fmt.Sprintf("[%d] %s: %s", len(done), m.Key, summaryLine(run, m.Key)))
			}
		})
		switch {
		case err == nil:
			run.Complete = saveErr == nil
			return run, finish(run, save, out, created, saveErr)
		case ctx.Err() != nil:
			return run, finish(run, save, out, created, ctx.Err())
		case !sawDevice || !warmed:
			// Nothing was measured: the GPU cannot be used at all.
			return run, finish(run, save, out, created, err)
		case started == "" && !progressed:
			return run, finish(run, save, out, created, fmt.Errorf("a worker stopped without measuring anything: %w", err))
		}
		progress(fmt.Sprintf("worker stopped: %v; going on in a new worker", err))
		run.Warnings = append(run.Warnings, "a worker process stopped and a new one went on: "+err.Error())
		if started != "" {
			// The worker died inside a job without reporting it: charge
			// the job, so the run cannot loop on it.
			suite, subject, _ := strings.Cut(started, "/")
			run.Records = append(run.Records, record.Record{ID: started, Suite: suite, Subject: subject,
				Status: record.StatusFailed, Reason: "the worker process died in this job: " + err.Error()})
			done[started] = true
		}
		if err := save(); err != nil && saveErr == nil {
			saveErr = err
		}
	}
}

// finish writes the final JSON and Markdown and decorates err with where the
// results so far are. A run that failed before measuring anything (no
// record, no clock) writes nothing, and removes the output folder if it
// made it and it is empty: an empty results file would pass for a run.
func finish(run *record.Run, save func() error, out string, created bool, err error) error {
	if err != nil && len(run.Records) == 0 && run.Warmup == nil {
		if created && out != "" {
			_ = os.Remove(out) // only an empty folder goes
		}
		return err
	}
	serr := save()
	if out != "" && serr == nil {
		serr = writeDocument(out, run, nil)
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

// summaryLine is a one-line progress summary of a job's records (those
// whose id is key, or starts with key and "/" or ",": the latency-hiding
// family's ids are "<key>, <n> FFMA per load").
func summaryLine(run *record.Run, key string) string {
	var parts []string
	for _, r := range run.Records {
		if r.ID != key && !strings.HasPrefix(r.ID, key+"/") && !strings.HasPrefix(r.ID, key+",") {
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
			if r.Through != nil && r.Unit == "warp instructions/clock/SM" {
				parts = append(parts, fmt.Sprintf("%.1f results/clk/SM", r.Through.ResultsPerClockPerSM))
				break
			}
			parts = append(parts, fmt.Sprintf("%.3g %s", r.Value, r.Unit))
		default:
			parts = append(parts, fmt.Sprintf("%s %.3f %s", r.Quantity, r.Value, r.Unit))
		}
	}
	return strings.Join(parts, ", ")
}

func (e *Env) cmdInfo(ctx context.Context, args []string) error {
	fs := e.flags("info")
	gpu := fs.Int("gpu", 0, "the device's number among the backend's devices")
	backendName := backendFlag(fs)
	asJSON := fs.Bool("json", false, "print JSON")
	noMeasure := fs.Bool("no-measure", false, "do not run the clock measurement (peaks use NVML's maximum clock)")
	if err := parse(fs, args); err != nil {
		return err
	}
	backend, err := e.resolveBackend(*backendName)
	if err != nil {
		return err
	}
	var vkList *vulkanList
	if backend == backendVulkan {
		loader, devs, err := e.VulkanDevices()
		if err != nil {
			return err
		}
		vkList = &vulkanList{Loader: loader, Devices: devs}
		if !*asJSON {
			if err := vkList.writeText(e.Stdout); err != nil {
				return err
			}
			fmt.Fprintln(e.Stdout)
		}
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	g, err := e.OpenGPU(ctx, Target{Backend: backend, GPU: *gpu})
	if err != nil {
		return err
	}
	defer g.Close()
	var clock *record.Clock
	if !*noMeasure {
		runner := &probe.Runner{GPU: g, Config: e.Config}
		if clock, err = runner.Warmup(ctx, 300*time.Millisecond, 3*time.Second); err != nil {
			return fmt.Errorf("measure the %s clock: %w", g.Device().UnitsOf().Core, err)
		}
	}
	sheet := spec.New(g.Device(), clock)
	if *asJSON {
		enc := json.NewEncoder(e.Stdout)
		enc.SetIndent("", "  ")
		if vkList != nil {
			return enc.Encode(struct {
				Vulkan *vulkanList `json:"vulkan"`
				Sheet  spec.Sheet  `json:"sheet"`
			}{vkList, sheet})
		}
		return enc.Encode(sheet)
	}
	return sheet.WriteText(e.Stdout)
}

func (e *Env) cmdList(_ context.Context, args []string) error {
	fs := e.flags("list")
	backendName := backendFlag(fs)
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return &UsageError{"list takes no arguments"}
	}
	backend, err := e.resolveBackend(*backendName)
	if err != nil {
		return err
	}
	group := ""
	for _, s := range chainCatalog(backend) {
		if s.Group != group {
			group = s.Group
			fmt.Fprintf(e.Stdout, "%s:\n", group)
		}
		what := strings.Join(s.Expect, "/")
		if s.Step.ISA == probe.ISASPIRV {
			what = ""
			if s.Op != "" {
				what = "op " + s.Op
			}
		}
		fmt.Fprintf(e.Stdout, "  %-24s %s\n", s.Subject, what)
	}
	if backend != backendCUDA {
		return nil
	}
	for _, m := range mma.Forms() {
		if m.Group != group {
			group = m.Group
			fmt.Fprintf(e.Stdout, "%s:\n", group)
		}
		fmt.Fprintf(e.Stdout, "  %-32s %s\n", m.Name, strings.Join(m.Expect, "/"))
	}
	fmt.Fprintf(e.Stdout, "fragment:\n")
	for _, f := range mma.Fragments() {
		fmt.Fprintf(e.Stdout, "  %s\n", f.Name())
	}
	return nil
}

func (e *Env) cmdReport(_ context.Context, args []string) error {
	fs := e.flags("report")
	out := fs.String("out", "", "write results.md into this folder instead of printing it")
	libPath := fs.String("library", "", "a library GEMM measurement (scripts/cublas_gemm.py's output) to set beside the matrix units")
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
	var lib *report.Library
	if *libPath != "" {
		if lib, err = report.ReadLibrary(*libPath); err != nil {
			return err
		}
	}
	if *out == "" {
		return report.MarkdownWith(e.Stdout, run, lib)
	}
	if err := checkWritable(*out); err != nil {
		return err
	}
	return writeDocument(*out, run, lib)
}

// writeDocument writes results.md, results.html (self-contained) and the
// plots into dir, rendering the Markdown and drawing the plots once for
// all three.
func writeDocument(dir string, run *record.Run, lib *report.Library) error {
	var md bytes.Buffer
	if err := report.MarkdownWith(&md, run, lib); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, ResultsMD), md.Bytes(), 0o644); err != nil {
		return err
	}
	plots, err := report.Plots(run)
	if err != nil {
		return err
	}
	h, err := os.Create(filepath.Join(dir, ResultsHTML))
	if err != nil {
		return err
	}
	if err := report.Page(h, md.Bytes(), plots, run.Device.Name); err != nil {
		h.Close()
		return err
	}
	if err := h.Close(); err != nil {
		return err
	}
	_, err = report.SavePlots(dir, plots)
	return err
}

func (e *Env) cmdCompare(_ context.Context, args []string) error {
	fs := e.flags("compare")
	all := fs.Bool("all", false, "list every quantity, not only the significant changes")
	alpha := fs.Float64("alpha", 0.05, "significance level of the Mann-Whitney U test")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 2 {
		return &UsageError{"compare needs two results files"}
	}
	runs := make([]*record.Run, 2)
	for i := range runs {
		r, err := record.ReadFile(fs.Arg(i))
		if err != nil {
			return err
		}
		runs[i] = r
	}
	res, err := compare.Runs(runs[0], runs[1], *alpha)
	if err != nil {
		return err
	}
	return res.WriteMarkdown(e.Stdout, fs.Arg(0), fs.Arg(1), *all)
}
