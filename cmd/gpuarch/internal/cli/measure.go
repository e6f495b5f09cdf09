package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
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

	"github.com/gpuarch/gpuarch/engine"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/gpuarch/gpuarch/backend/vk"
	"github.com/gpuarch/gpuarch/cmd/gpuarch/internal/outdir"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/measure/alu"
	"github.com/gpuarch/gpuarch/measure/mma"
	"github.com/gpuarch/gpuarch/measure/pipes"
	"github.com/gpuarch/gpuarch/measure/registry"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/report"
	"github.com/gpuarch/gpuarch/spec"
)

// saveEvery is how often a run's results file is rewritten while it
// runs; it is written at its end too, and when a worker stops.
const saveEvery = 2 * time.Second

// Output file names inside --out.
const (
	ResultsJSON = "results.json"
	ResultsMD   = "results.md"
	ResultsHTML = "results.html"
)

// parseSuites checks a comma-separated suite list.
func parseSuites(list string) ([]string, error) {
	var out []string
	for _, n := range strings.Split(list, ",") {
		n = strings.TrimSpace(n)
		if !slices.Contains(registry.Names(), n) {
			return nil, &UsageError{fmt.Sprintf("unknown suite %q (suites: %s)", n, strings.Join(registry.Names(), ", "))}
		}
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out, nil
}

// measureOptions are the flags run and inst share.
type measureOptions struct {
	gpu, artifacts  string
	backend, timing *string
	timeout         time.Duration
	most            byteSize
	// profile is the folder for CPU profiles and traces (--profile);
	// noCache turns the compiled-module cache off (--no-cache).
	profile string
	noCache bool
	// mmaLong makes every matrix form's long runs (--mma-long).
	mmaLong bool
}

// gpuFlag declares --gpu into v; several says whether it takes more than
// one device (all, or a list).
func gpuFlag(fs *pflag.FlagSet, v *string, several bool) {
	help := "the device's number among the backend's devices"
	if several {
		help += ", all, or a list such as 0,2"
	}
	fs.StringVar(v, "gpu", "0", help)
}

// measureFlags declares the flags run and inst share; several says whether
// --gpu takes more than one device.
func (e *Env) measureFlags(c *cobra.Command, several bool) *measureOptions {
	fs := c.Flags()
	o := &measureOptions{backend: backendFlag(c)}
	gpuFlag(fs, &o.gpu, several)
	o.timing = timingFlag(fs)
	fs.StringVar(&o.artifacts, "artifacts", "", "keep each probe module's source and binary (PTX and cubin, or SPIR-V assembly and binary) in this folder")
	fs.DurationVar(&o.timeout, "launch-timeout", e.Config.LaunchTimeout, "give up on a probe kernel that runs longer than this (a positive duration, such as 30s)")
	fs.Var(&o.most, "max-footprint", "the most device memory a memory probe may stream or chase over, such as 256MiB or 4GiB (default: as much as the probes ask and the device has)")
	fs.StringVar(&o.profile, "profile", "", "write a Go CPU profile and an execution trace of this process and of each worker into this folder (go tool pprof, go tool trace)")
	fs.BoolVar(&o.noCache, "no-cache", false, "compile every module, neither reading nor writing the cache of compiled modules (kept under the user's cache folder; "+engine.CacheEnv+"=off does the same, "+engine.CacheEnv+"=DIR moves it)")
	fs.BoolVar(&o.mmaLong, "mma-long", false, "make the long runs (sustained rate over about 2·10⁸ cycles, power over 1.2·10⁹) of every matrix form, not only of one form per matrix unit; the others' rates come from a run of about 2·10⁶ cycles, each record saying so")
	return o
}

// target checks the options and resolves the devices they name.
func (o measureOptions) target(e *Env) (Target, error) {
	b, err := e.resolveBackend(*o.backend)
	if err != nil {
		return Target{}, err
	}
	t, err := resolveTiming(*o.timing)
	if err != nil {
		return Target{}, err
	}
	if b == backendCUDA && t == vk.TimingTimestamps {
		return Target{}, usagef("--timing timestamps is for the Vulkan backend: CUDA kernels always read the SM's clock")
	}
	if o.timeout <= 0 {
		return Target{}, usagef("--launch-timeout %v: give a positive duration, such as 30s", o.timeout)
	}
	gpus, err := e.parseGPUs(b, o.gpu)
	if err != nil {
		return Target{}, err
	}
	return Target{Backend: b, GPU: gpus[0], GPUs: gpus, Timing: t}, nil
}

// apply sets the options on e's configuration.
func (o measureOptions) apply(e *Env) {
	e.Artifacts, e.Config.LaunchTimeout = o.artifacts, o.timeout
	if o.most > 0 {
		e.Config.MaxFootprint = int64(o.most)
	}
	if o.profile != "" {
		if abs, err := filepath.Abs(o.profile); err == nil {
			e.Config.Profile = abs
		}
	}
	e.Config.MMALong = o.mmaLong
	if o.noCache {
		// Workers are child processes: they inherit it.
		os.Setenv(engine.CacheEnv, "off")
	}
}

// profile starts this process's CPU profile and trace when --profile asked
// for them, and returns what stops them.
func (e *Env) profile() func() {
	if e.Config.Profile == "" {
		return func() {}
	}
	stop, err := engine.StartProfile(e.Config.Profile, fmt.Sprintf("gpuarch-%d", os.Getpid()))
	if err != nil {
		fmt.Fprintf(e.Stderr, "gpuarch: %v\n", err)
		return func() {}
	}
	return stop
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

// Type names the flag's value in help.
func (b *byteSize) Type() string { return "size" }

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

// runOptions are run's flags.
type runOptions struct {
	out, suite, grid, reference string
	quick, force, resume        bool
	// noProcesses leaves NVML's list of the GPU's compute processes out
	// (run --no-processes).
	noProcesses bool
	measure     *measureOptions
}

func (e *Env) cmdRun(ctx context.Context, o runOptions) error {
	if o.quick && o.suite != "" {
		return usagef("--quick runs its own choice of probes: leave out --suite")
	}
	if o.force && o.resume {
		return usagef("--force replaces a complete run and --resume continues an interrupted one: give one of them")
	}
	if _, err := mma.ParseCoopMatGrid(o.grid); err != nil {
		return &UsageError{err.Error()}
	}
	t, err := o.measure.target(e)
	if err != nil {
		return err
	}
	o.measure.apply(e)
	defer e.profile()()
	backend := t.Backend
	names := backendSuites(backend)
	if o.suite != "" {
		if names, err = parseSuites(o.suite); err != nil {
			return err
		}
		if err := checkSuites(backend, names); err != nil {
			return err
		}
	}
	req := WorkRequest{Backend: backend, GPU: t.GPU, Timing: t.Timing, Suites: names, CoopMatGrid: o.grid, Quick: o.quick, NoProcesses: o.noProcesses}
	if o.quick {
		req.Suites = []string{"quick"}
		e.Config = registry.QuickConfig(e.Config)
		e.Reference = o.reference
	}
	out, err := beginOut(o.out, o.force, o.resume)
	if err != nil {
		return err
	}
	defer out.Abandon()
	if len(t.GPUs) > 1 {
		return e.measureHost(ctx, req, t.GPUs, out)
	}
	prior, err := readPrior(out, ResultsJSON, req)
	if err != nil {
		return err
	}
	run, err := e.measure(ctx, req, out.Dir(), prior)
	if o.quick && run != nil && len(run.Records) > 0 {
		if qerr := e.writeQuickFile(run, out.Dir()); qerr != nil && err == nil {
			err = qerr
		}
	}
	return finishOut(out, run != nil && run.Complete, []*record.Run{run}, err)
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
	return os.WriteFile(filepath.Join(out, quickFile), []byte(b.String()), outdir.FileMode)
}

func (e *Env) cmdInst(ctx context.Context, m measureOptions, out string, force bool, names []string) error {
	t, err := m.target(e)
	if err != nil {
		return err
	}
	m.apply(e)
	if len(t.GPUs) > 1 {
		return usagef("inst measures one GPU: give --gpu a single number (run takes several)")
	}
	backend := t.Backend
	specs, err := alu.LookupIn(chainCatalog(backend), names)
	if err != nil {
		if oerr := otherBackend(backend, names); oerr != nil {
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
	req := WorkRequest{Backend: backend, GPU: t.GPU, Timing: t.Timing, Suites: suites, Subjects: names}
	var o *outdir.Output
	dir := ""
	if out != "" {
		if o, err = beginOut(out, force, false); err != nil {
			return err
		}
		defer o.Abandon()
		dir = o.Dir()
	}
	run, err := e.measure(ctx, req, dir, nil)
	if run != nil {
		if rerr := report.Markdown(e.Stdout, run); rerr != nil && err == nil {
			err = rerr
		}
	}
	if o != nil {
		return finishOut(o, run != nil && run.Complete, []*record.Run{run}, err)
	}
	return outcome([]*record.Run{run}, err, "")
}

// checkWritable makes dir and proves a file can be written in it, before
// any GPU time is spent.
func checkWritable(dir string) error {
	if err := os.MkdirAll(dir, outdir.DirMode); err != nil {
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

// beginOut starts writing a run's results under out (outdir.Begin): a
// folder holding a complete run is refused before any GPU time is spent
// unless force, and resume continues the interrupted run it holds.
func beginOut(out string, force, resume bool) (*outdir.Output, error) {
	o, err := outdir.Begin(out, outdir.Options{Force: force, Resume: resume})
	switch {
	case errors.Is(err, outdir.ErrNothingToResume):
		return nil, usagef("--resume: %v", err)
	case err != nil && !errors.Is(err, outdir.ErrExists):
		return nil, fmt.Errorf("cannot create the output folder: %w", err)
	}
	return o, err
}

// readPrior reads the run a resumed output holds at rel inside its
// staging folder (nil when the output was not resumed), and checks it is
// a run of what req asks.
func readPrior(o *outdir.Output, rel string, req WorkRequest) (*record.Run, error) {
	if o == nil || o.Resumed() == "" {
		return nil, nil
	}
	prior, err := record.ReadFile(filepath.Join(o.Dir(), rel))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil // this GPU had measured nothing yet
	}
	if err != nil {
		return nil, fmt.Errorf("--resume: %w", err)
	}
	if b := prior.Tool.Backend; b != req.Backend {
		return nil, usagef("--resume: the interrupted run in %s was measured through %s, not %s: give --backend %s", o.Resumed(), b, req.Backend, b)
	}
	if !slices.Equal(prior.Suites, req.Suites) || prior.Quick != req.Quick {
		return nil, usagef("--resume: the interrupted run in %s measured suites %s: resume it with the same --suite (or --quick)", o.Resumed(), strings.Join(prior.Suites, ","))
	}
	return prior, nil
}

// finishOut moves a run's results into place and says where they went,
// decorating err (see outcome).
func finishOut(o *outdir.Output, complete bool, runs []*record.Run, err error) error {
	where, ferr := o.Finish(complete)
	if ferr != nil {
		return errors.Join(outcome(runs, err, o.Dir()), fmt.Errorf("move the results into place: %w (they are in %s)", ferr, o.Dir()))
	}
	return outcome(runs, err, where)
}

// outcome is what a run's end means for its exit status: err decorated
// with where the results so far are kept, or, for a run that ended, a
// FailedError when records failed or none was measured.
func outcome(runs []*record.Run, err error, where string) error {
	n, failed, measured := 0, 0, 0
	for _, run := range runs {
		if run == nil {
			continue
		}
		for _, r := range run.Records {
			n++
			switch r.Status {
			case record.StatusOK:
				measured++
			case record.StatusFailed:
				failed++
			}
		}
	}
	switch {
	case err != nil && where != "":
		what := "stopped"
		if errors.Is(err, context.Canceled) {
			what = "interrupted"
		}
		return fmt.Errorf("%s after %d records (kept in %s, marked interrupted; gpuarch run --resume continues it): %w", what, n, where, err)
	case err != nil:
		return err
	case measured == 0 || failed > 0:
		return &FailedError{Failed: failed, Measured: measured, Total: n, Where: where}
	}
	return nil
}

// measure runs req in worker processes (see worker.go) and keeps the
// results in dir (when set) after every record, so an interruption loses
// nothing measured. prior, when set, is an interrupted run to continue:
// its records are kept and its finished jobs skipped. When a worker dies,
// the job it was running is recorded as failed with the reason and a new
// worker takes the rest. It returns the run even on error; the run is
// Complete when every job ended and at least one record was measured.
func (e *Env) measure(ctx context.Context, req WorkRequest, dir string, prior *record.Run) (*record.Run, error) {
	if e.Artifacts != "" {
		if err := checkWritable(e.Artifacts); err != nil {
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
	done := map[string]bool{}
	known := map[string]float64{}
	// at indexes a resumed run's records by id: a job the interrupted run
	// had not finished runs again, and its records replace those it had
	// written.
	at := map[string]int{}
	before := 0.0 // seconds the resumed run had taken
	if prior != nil {
		run = prior
		run.Complete, run.Tool.Version, run.Tool.Host = false, toolVersion(), host
		before = prior.ElapsedSeconds
		for _, k := range prior.Done {
			done[k] = true
		}
		for i, r := range run.Records {
			at[r.ID] = i
			if pipes.IsSolo(&r) {
				known[r.Subject] = r.Value
			}
		}
		run.Warnings = append(run.Warnings, fmt.Sprintf("resumed at %s after %d jobs", start.UTC().Format(time.RFC3339), len(done)))
		progress(fmt.Sprintf("resuming: %d jobs done, %d records kept", len(done), len(prior.Records)))
	}
	save := func() error {
		if dir == "" {
			return nil
		}
		run.Finished = time.Now().UTC()
		run.ElapsedSeconds = before + time.Since(start).Seconds()
		run.Time = record.SuiteTimes(run.Records)
		run.Done = nil
		if !run.Complete {
			run.Done = slices.Sorted(maps.Keys(done))
		}
		return record.WriteFile(filepath.Join(dir, ResultsJSON), run)
	}
	var saveErr error
	saved := time.Now()
	for {
		var sawDevice, warmed bool
		started, progressed := "", false
		req.Done, req.Known = slices.Sorted(maps.Keys(done)), known
		var deviceErr error
		wctx, cancel := context.WithCancel(ctx)
		err := e.Worker(wctx, req, func(m WorkMessage) {
			switch m.Type {
			case "device":
				sawDevice = true
				if m.Device == nil {
					return
				}
				if prior != nil && prior.Device.UUID != "" && m.Device.UUID != prior.Device.UUID {
					deviceErr = usagef("--resume: the interrupted run was measured on %s (%s), not on this device, %s (%s)", prior.Device.Name, prior.Device.UUID, m.Device.Name, m.Device.UUID)
					cancel()
					return
				}
				if run.Device.UUID == "" {
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
			case "note":
				if m.Note != "" {
					run.Notes = append(run.Notes, m.Note)
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
				if i, ok := at[m.Record.ID]; ok {
					run.Records[i] = *m.Record
				} else {
					run.Records = append(run.Records, *m.Record)
				}
				if pipes.IsSolo(m.Record) {
					known[m.Record.Subject] = m.Record.Value
				}
			case "done":
				done[m.Key], started, progressed = true, "", true
				progress(fmt.Sprintf("[%d] %s: %s", len(done), m.Key, summaryLine(run, m.Key)))
				// Saved every saveEvery, so a killed run keeps all but
				// the jobs of its last seconds. Not after every job: the
				// whole file is written each time (11 MB for a full run),
				// and the worker waits on its pipe meanwhile; saved so,
				// a full run's 1,100 jobs spent about half its time
				// waiting (issue 34).
				if time.Since(saved) >= saveEvery {
					saved = time.Now()
					if err := save(); err != nil && saveErr == nil {
						saveErr = err
					}
				}
			}
		})
		cancel()
		switch {
		case deviceErr != nil:
			return run, deviceErr
		case err == nil:
			run.Complete = saveErr == nil
			if !anyMeasured(run) {
				run.Complete = false
				run.Warnings = append(run.Warnings, "no record was measured: every one failed or was skipped")
			}
			return run, end(run, save, dir, saveErr)
		case ctx.Err() != nil:
			return run, end(run, save, dir, ctx.Err())
		case !sawDevice || !warmed:
			// Nothing was measured: the GPU cannot be used at all.
			return run, end(run, save, dir, err)
		case started == "" && !progressed:
			return run, end(run, save, dir, fmt.Errorf("a worker stopped without measuring anything: %w", err))
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

// anyMeasured says whether a run holds a record measured ok.
func anyMeasured(run *record.Run) bool {
	return slices.ContainsFunc(run.Records, func(r record.Record) bool { return r.Status == record.StatusOK })
}

// end writes the final JSON and the document into dir (when set). A run
// that failed before measuring anything (no record, no clock) writes
// nothing: an empty results file would pass for a run.
func end(run *record.Run, save func() error, dir string, err error) error {
	if err != nil && len(run.Records) == 0 && run.Warmup == nil {
		return err
	}
	serr := save()
	if dir != "" && serr == nil {
		serr = writeDocument(dir, run, report.Extras{})
	}
	return errors.Join(err, serr)
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

// infoOptions are info's flags.
type infoOptions struct {
	gpu             string
	backend         *string
	json, noMeasure bool
}

func (e *Env) cmdInfo(ctx context.Context, o infoOptions) error {
	backend, err := e.resolveBackend(*o.backend)
	if err != nil {
		return err
	}
	gpus, err := e.parseGPUs(backend, o.gpu)
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
		if !o.json {
			if err := vkList.writeText(e.Stdout); err != nil {
				return err
			}
			fmt.Fprintln(e.Stdout)
		}
	}
	var sheets []spec.Sheet
	for _, n := range gpus {
		sheet, err := e.sheet(ctx, Target{Backend: backend, GPU: n}, !o.noMeasure)
		if err != nil {
			if len(gpus) > 1 {
				err = fmt.Errorf("gpu %d: %w", n, err)
			}
			return err
		}
		sheets = append(sheets, sheet)
	}
	if o.json {
		enc := json.NewEncoder(e.Stdout)
		enc.SetIndent("", "  ")
		var v any = sheets
		if len(sheets) == 1 {
			v = sheets[0]
		}
		if vkList != nil {
			return enc.Encode(struct {
				Vulkan *vulkanList `json:"vulkan"`
				Sheet  any         `json:"sheet"`
			}{vkList, v})
		}
		return enc.Encode(v)
	}
	for i, sheet := range sheets {
		if i > 0 {
			fmt.Fprintln(e.Stdout)
		}
		if err := sheet.WriteText(e.Stdout); err != nil {
			return err
		}
	}
	return nil
}

// sheet opens one device and makes its spec sheet, measuring its clock
// when measure is set.
func (e *Env) sheet(ctx context.Context, t Target, measure bool) (spec.Sheet, error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	g, err := e.OpenGPU(ctx, t)
	if err != nil {
		return spec.Sheet{}, err
	}
	defer g.Close()
	var clock *record.Clock
	if measure {
		runner := &engine.Runner{GPU: g, Config: e.Config}
		if clock, err = runner.Warmup(ctx, 300*time.Millisecond, 3*time.Second); err != nil {
			return spec.Sheet{}, fmt.Errorf("measure the %s clock: %w", g.Device().UnitsOf().Core, err)
		}
	}
	return spec.New(g.Device(), clock), nil
}

func (e *Env) cmdList(backendName string) error {
	backend, err := e.resolveBackend(backendName)
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
		if s.Step.ISA == kernel.ISASPIRV {
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

// reportOptions are report's flags.
type reportOptions struct {
	out, library string
	anyGPU       bool
	// repeats are files of other runs of the model (--repeats), for the
	// document's variability between runs; none given: those beside the
	// results file (repeatsNear); betweenNone: none.
	repeats []string
}

func (e *Env) cmdReport(o reportOptions, path string) error {
	run, err := record.ReadFile(path)
	if err != nil {
		return err
	}
	var lib *report.Library
	if o.library != "" {
		if lib, err = report.ReadLibrary(o.library); err != nil {
			return err
		}
		if err := lib.Check(run.Device); err != nil {
			if !o.anyGPU {
				return err
			}
			lib.OtherGPU = true
		}
	}
	x := report.Extras{Library: lib}
	if x.Repeats, err = repeatsFrom("--repeats", o.repeats, path); err != nil {
		return err
	}
	if o.out == "" {
		return report.MarkdownOf(e.Stdout, run, x)
	}
	if err := checkWritable(o.out); err != nil {
		return err
	}
	return writeDocument(o.out, run, x)
}

// writeDocument writes results.md, results.html (self-contained) and the
// plots into dir, rendering the Markdown and drawing the plots once for
// all three.
func writeDocument(dir string, run *record.Run, x report.Extras) error {
	var md bytes.Buffer
	if err := report.MarkdownOf(&md, run, x); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, ResultsMD), md.Bytes(), outdir.FileMode); err != nil {
		return err
	}
	plots, err := report.Plots(run)
	if err != nil {
		return err
	}
	var page bytes.Buffer
	if err := report.Page(&page, md.Bytes(), plots, run.Device.Name); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, ResultsHTML), page.Bytes(), outdir.FileMode); err != nil {
		return err
	}
	_, err = report.SavePlots(dir, plots)
	return err
}
