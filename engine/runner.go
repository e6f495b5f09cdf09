package engine

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/stats"
)

// Errors a GPU implementation wraps so the runner can react without knowing
// the backend.
var (
	// ErrPoisoned: a kernel faulted and the process can no longer use the
	// GPU (a sticky error of the driver); only a new process can go on.
	ErrPoisoned = errors.New("the GPU context was lost to a fault")
	// ErrHung: a kernel did not finish within its timeout. It may still
	// be running, so the run cannot go on on this device.
	ErrHung = errors.New("a kernel did not finish in time")
)

// Config sets how much work a measurement does.
type Config struct {
	// LatencyLengths are the chain lengths timed; 0 is the control group.
	LatencyLengths []int
	// LatencyRepeats is how many times each length is timed.
	LatencyRepeats int
	// ILPs are the numbers of independent chains per thread tried.
	ILPs []int
	// WarpsPerSM are the occupancies tried (those above the device's
	// maximum are left out).
	WarpsPerSM []int
	// Repeats is how many times the best throughput shape is rerun.
	Repeats int
	// BodySteps is about how many instructions under test one loop
	// iteration holds (divided by the step's weight), so the loop's own
	// instructions take a small share of issue slots.
	BodySteps int
	// TargetCycles is how long each throughput kernel should run, in SM
	// cycles: long enough that the in-kernel timer's coarse ticks do not
	// matter.
	TargetCycles float64
	// ClockMicros is how long the clock kernel spins.
	ClockMicros int
	// LaunchTimeout bounds every probe kernel. The clock and warm-up
	// kernels, whose length gpuarch sets, get at least 10 s.
	LaunchTimeout time.Duration
	// MaxSpread flags summaries whose repeats spread wider than this.
	MaxSpread float64
	// MaxFootprint, when above 0, is the most device memory a memory
	// probe's footprint may take (run --max-footprint): chases stop there
	// and streams over more are skipped, each saying so. For a device
	// with little memory to spare, or a device on the CPU where the largest
	// footprints take minutes.
	MaxFootprint int64
	// CompileWorkers is how many probes are compiled and disassembled in
	// parallel ahead of the one being measured.
	CompileWorkers int
	// Until says how many times a figure measured by repetition
	// (bandwidths, bandwidth-curve points) is taken: at least 5 samples,
	// more until its interval is narrow or its time budget is spent
	// (zero fields: stats.DefaultUntil's).
	Until stats.Until `json:",omitempty"`
	// MMALong makes the long runs (sustained rate, power) of every
	// matrix form, not only those marked MMA.Long (run --mma-long).
	MMALong bool `json:",omitempty"`
	// Profile, when set, is a folder each Run writes a Go CPU profile and
	// an execution trace into (run --profile).
	Profile string `json:",omitempty"`
}

// DefaultConfig is what `gpuarch run` uses.
func DefaultConfig() Config {
	return Config{
		LatencyLengths: []int{0, 32, 64, 128, 256},
		LatencyRepeats: 7,
		ILPs:           []int{1, 2, 4, 8},
		WarpsPerSM:     []int{4, 8, 16, 32, 64},
		Repeats:        7,
		BodySteps:      256,
		TargetCycles:   2e6,
		ClockMicros:    2000,
		LaunchTimeout:  10 * time.Second,
		MaxSpread:      0.03,
		CompileWorkers: max(1, runtime.NumCPU()-1),
	}
}

// ilps returns the ILP values tried for spec.
func (r *Runner) ilps(spec ChainSpec) []int {
	if len(spec.ILPs) > 0 {
		return spec.ILPs
	}
	return r.Config.ILPs
}

// OpcodesPerStep is how many expected opcodes each step must produce:
// PerStep, or 1 where it is unset. A loop of n steps must hold n times as
// many (Verifier.Kernel's needed).
func (s ChainSpec) OpcodesPerStep() int { return max(1, s.PerStep) }

func (s ChainSpec) resultsPerThread() int { return max(1, s.ResultsPerThread) }

// Runner measures probes on one GPU.
type Runner struct {
	GPU GPU
	// Code reads the machine code of programs that do not report their
	// own (CodeReporter); nil: it is not verified, and records say so.
	Code   CodeReader
	Config Config
	// Progress receives one line per step of work; nil discards.
	Progress func(string)
	// Artifacts, when set, is a folder where each probe module's source
	// and machine code are kept (named for the kernel language: see
	// Language), named as records' provenance names them.
	Artifacts string

	clock Program // the compiled clock kernel
	sink  Buffer  // where kernels store what they never store
	// profiles numbers the profiles the runner writes (one pair per Run).
	profiles atomic.Int64
	// warmHz is the clock the last warm-up reached; 0 before one.
	warmHz float64
	// warmMeasured is whether the last warm-up's clock was measured as
	// asked (record.Clock.Measured): only then do kernels' own clocks
	// compare with warmHz.
	warmMeasured bool
	// rewarmed is the time keepWarm has loaded the GPU so far.
	rewarmed time.Duration
	// retaken is the time the clock check has spent taking jobs again
	// (retakeOffClock).
	retaken time.Duration
}

// rewarmBelow is the share of the warm-up clock under which an idle GPU
// is warmed up again before a job.
const rewarmBelow = 0.9

// keepWarm warms the GPU up again when its sensors say its clock has
// fallen below rewarmBelow of the warm-up's because it was idle (the
// throttle reasons say GpuIdle, or the clock is under half the warm-up's):
// a GPU left idle while the host compiled large modules lowers its clock,
// and some drivers do not raise it again for short kernels (one measured
// a whole memory suite of an H100 at 345 MHz after 1980 at warm-up). A clock held down by a power or thermal limit is left
// as it is: warming would not raise it. Each warm-up ends when the clock
// is back, or stops rising (a GPU idle between jobs that is also held by
// its power limit never gets back: an H100 run that waited the whole
// rewarmFor at every job ran past ten minutes), and all of them together
// take at most rewarmBudget of a run. Without sensors, or before a
// warm-up, it does nothing.
func (r *Runner) keepWarm(ctx context.Context) {
	if r.warmHz <= 0 || r.rewarmed >= rewarmBudget {
		return
	}
	s := r.GPU.Sensors()
	if s == nil || s.SMClockHz <= 0 || s.SMClockHz >= rewarmBelow*r.warmHz {
		return
	}
	if !slices.Contains(s.Throttle, "GpuIdle") && s.SMClockHz >= r.warmHz/2 {
		return
	}
	target := rewarmBelow * r.warmHz
	r.progress("warm-up again: the %s clock is %.0f MHz, below the %.0f MHz of warm-up", r.GPU.Device().UnitsOf().Core, s.SMClockHz/1e6, r.warmHz/1e6)
	warm := r.warmHz
	start := time.Now()
	_, err := r.warm(ctx, func(hz float64, settled bool, elapsed time.Duration) bool {
		return hz >= target || settled && elapsed >= rewarmMin || elapsed >= rewarmFor
	})
	r.rewarmed += time.Since(start)
	if err != nil {
		r.progress("warm-up again: %v", err)
	}
	if r.rewarmed >= rewarmBudget {
		r.progress("warm-up again: %.0f s spent warming up in this run; no more", r.rewarmed.Seconds())
	}
	r.warmHz = warm
}

// rewarmMin, rewarmFor and rewarmBudget bound keepWarm: a GPU that fell
// to its idle clock took more than 0.1 s of load to come back, so a
// warm-up lasts at least rewarmMin unless the clock is back sooner, at
// most rewarmFor, and all of a run's at most rewarmBudget.
const (
	rewarmMin    = 200 * time.Millisecond
	rewarmFor    = 3 * time.Second
	rewarmBudget = 20 * time.Second
)

func (r *Runner) progress(format string, args ...any) {
	if r.Progress != nil {
		r.Progress(fmt.Sprintf(format, args...))
	}
}

// Fatal reports errors after which this process cannot go on measuring:
// a fault or a hang (the GPU is unusable from this process), or
// cancellation.
func Fatal(err error) bool {
	return errors.Is(err, ErrHung) || errors.Is(err, ErrPoisoned) ||
		errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// FatalOrNil passes on errors that end the process's measurements (Fatal)
// and drops the others, which a job records in its records instead.
func FatalOrNil(err error) error {
	if Fatal(err) {
		return err
	}
	return nil
}

// Clock measures the SM clock: every SM spins for ClockMicros and the median
// over warps of cycles over nanoseconds, both counted in-kernel, is the
// answer.
func (r *Runner) Clock(ctx context.Context) (*record.Clock, error) {
	d := r.GPU.Device()
	if r.clock == nil {
		src, err := r.GPU.Codegen().Module([]kernel.Spec{kernel.ClockSpinSpec{Name: clockKernel}})
		if err != nil {
			return nil, fmt.Errorf("write the clock kernel: %w", err)
		}
		p, err := r.GPU.Compile(ctx, "clock", src)
		if err != nil {
			return nil, fmt.Errorf("compile clock kernel: %w", err)
		}
		r.clock = p
	}
	warps := max(1, d.SMs)
	buf, err := r.GPU.Alloc(warps * WarpRecordBytes)
	if err != nil {
		return nil, err
	}
	defer buf.Free()
	before := r.GPU.Sensors()
	err = r.clock.Launch(ctx, clockKernel, Grid{Blocks: warps, Threads: r.WarpSize()}, r.OwnTimeout(), buf.Ptr(), r.TimerTicks(r.Config.ClockMicros))
	if err != nil {
		return nil, fmt.Errorf("clock kernel: %w", err)
	}
	after := r.GPU.Sensors()
	b, err := buf.Read()
	if err != nil {
		return nil, err
	}
	ws, err := r.DecodeWarps(b, warps)
	if err != nil {
		return nil, fmt.Errorf("clock kernel: %w", err)
	}
	var hz, spans []float64
	for _, w := range ws {
		if w.EndNs > w.StartNs {
			hz = append(hz, float64(w.EndCycle-w.StartCycle)/float64(w.EndNs-w.StartNs)*1e9)
			spans = append(spans, float64(w.EndNs-w.StartNs))
		}
	}
	if len(hz) == 0 {
		return nil, errors.New("clock kernel: no SM reported a usable span")
	}
	u := d.UnitsOf()
	src := fmt.Sprintf("%s over %s, one %s spinning %d µs on each of %d %s (median)", r.CycleClock(), r.TimerName(), u.Subgroup, r.Config.ClockMicros, len(hz), u.Cores)
	if clock, ok := d.TimestampClock(); ok {
		// No in-kernel clock: the backend converted the dispatch's length
		// with the clock it names, so the ratio only repeats that clock.
		src = record.ClockNotInKernel + " (timing by GPU timestamps): " + clock
	} else if span := stats.Median(spans); span < 250*float64(r.Config.ClockMicros) {
		// A driver that moves the timer read out of the spin loop (one
		// running on the CPU) ends the spin at once: the ratio is over what span
		// there was.
		src = fmt.Sprintf("%s over %s in one %s on each of %d %s (median), over %.0f ns: %s the %d µs asked (the driver moved the timer read out of its loop)",
			r.CycleClock(), r.TimerName(), u.Subgroup, len(hz), u.Cores, span, record.ClockNotSpun, r.Config.ClockMicros)
	}
	return &record.Clock{Hz: stats.Median(hz), Source: src, Before: before, After: after}, nil
}

// clockKernel is the clock kernel's name.
const clockKernel = "gpuarch_clock"

// lang is how the backend's kernel language is named in records and
// files.
func (r *Runner) lang() Language { return r.GPU.Codegen().Language() }

// CycleClock and timerName name the in-kernel clocks for records.
func (r *Runner) CycleClock() string { return r.lang().CycleClock }

func (r *Runner) TimerName() string { return r.lang().Timer }

// TimerTicks converts microseconds to ticks of the in-kernel timer.
func (r *Runner) TimerTicks(micros int) uint32 {
	per := r.GPU.Device().TimerTicksPerNs
	if per <= 0 {
		per = 1
	}
	return uint32(math.Min(float64(micros)*1e3*per, math.MaxUint32))
}

// WarpSize is the device's subgroup size (32 when it does not say).
func (r *Runner) WarpSize() int {
	if w := r.GPU.Device().WarpSize; w > 0 {
		return w
	}
	return 32
}

// DecodeWarps decodes n warp records and converts their timer fields to
// nanoseconds.
func (r *Runner) DecodeWarps(b []byte, n int) ([]WarpRecord, error) {
	ws, err := DecodeWarps(b, n)
	if err != nil {
		return nil, err
	}
	if per := r.GPU.Device().TimerTicksPerNs; per > 0 && per != 1 {
		for i := range ws {
			ws[i].StartNs = uint64(float64(ws[i].StartNs) / per)
			ws[i].EndNs = uint64(float64(ws[i].EndNs) / per)
		}
	}
	return ws, nil
}

// RateOf is RateOf where warp records say which SM ran them, and the
// device-wide RateOfDevice where they do not.
func (r *Runner) RateOf(ws []WarpRecord, instPerWarp float64) (Rate, error) {
	for _, w := range ws {
		if w.SM != NoSM {
			return RateOf(ws, instPerWarp)
		}
	}
	return RateOfDevice(ws, instPerWarp, r.GPU.Device().SMs)
}

// ReferenceHz is the clock after the run's warm-up (hertz), which kernels
// are compared with; 0 where there was none or the clock kernel could not
// measure it (record.Clock.Measured).
func (r *Runner) ReferenceHz() float64 {
	if !r.warmMeasured {
		return 0
	}
	return r.warmHz
}

// OwnTimeout bounds the kernels whose length gpuarch itself sets: the
// configured launch timeout, at least 10 seconds.
func (r *Runner) OwnTimeout() time.Duration {
	return max(r.Config.LaunchTimeout, 10*time.Second)
}

// Warmup runs an FMA load on every SM until the measured clock stops
// rising (two readings within 1% after at least minDur), or maxDur passes.
// It returns the last clock reading.
func (r *Runner) Warmup(ctx context.Context, minDur, maxDur time.Duration) (*record.Clock, error) {
	c, err := r.warm(ctx, func(_ float64, settled bool, elapsed time.Duration) bool {
		return (settled && elapsed >= minDur) || elapsed >= maxDur
	})
	if c != nil && err == nil {
		r.warmHz, r.warmMeasured = c.Hz, c.Measured()
	}
	return c, err
}

// warm runs the warm-up load, reading the clock after each launch, until
// done says so, given the clock, whether it stopped rising (within 1% of
// the reading before), and the time so far.
func (r *Runner) warm(ctx context.Context, done func(hz float64, settled bool, elapsed time.Duration) bool) (*record.Clock, error) {
	cg := r.GPU.Codegen()
	step := cg.FMAStep()
	src, err := cg.Module([]kernel.Spec{kernel.ThroughputChainSpec{Name: "gpuarch_warmup", Step: step, ILP: 4, Unroll: 64}})
	if err != nil {
		return nil, fmt.Errorf("write the warm-up kernel: %w", err)
	}
	p, err := r.GPU.Compile(ctx, "warmup", src)
	if err != nil {
		return nil, fmt.Errorf("compile warm-up kernel: %w", err)
	}
	defer p.Close()
	d := r.GPU.Device()
	const warpsPerSM = 32
	g := Grid{Blocks: max(1, d.SMs) * 4, Threads: 8 * r.WarpSize()}
	buf, err := r.GPU.Alloc(max(1, d.SMs) * warpsPerSM * WarpRecordBytes)
	if err != nil {
		return nil, err
	}
	defer buf.Free()
	sink, err := r.GPU.Alloc(256)
	if err != nil {
		return nil, err
	}
	defer sink.Free()
	start := time.Now()
	var last *record.Clock
	for {
		args := append([]any{buf.Ptr(), sink.Ptr(), uint32(min(2000, r.MaxIterations()))}, StepArgs(step)...)
		if err := p.Launch(ctx, "gpuarch_warmup", g, r.OwnTimeout(), args...); err != nil {
			return last, fmt.Errorf("warm-up kernel: %w", err)
		}
		c, err := r.Clock(ctx)
		if err != nil {
			return last, err
		}
		settled := last != nil && math.Abs(c.Hz-last.Hz) <= 0.01*last.Hz
		if !settled {
			r.progress("warm-up: %s clock %.0f MHz", d.UnitsOf().Core, c.Hz/1e6)
		}
		last = c
		if done(c.Hz, settled, time.Since(start)) {
			r.progress("warm-up: %s clock %.0f MHz after %.1f s", d.UnitsOf().Core, c.Hz/1e6, time.Since(start).Seconds())
			return last, nil
		}
	}
}

// guard returns a bit pattern chains never produce in practice (a NaN with a
// payload for floats).
func guard(t kernel.Type) uint64 {
	if t.Bits() == 64 {
		return 0x7ff80000_0badf00d
	}
	return 0x7fc00bad
}

// StepArgs are the x0, a0..a3 and guard arguments of a chain kernel
// (and of each part of a mix loop, in order), as the kernel's parameters
// take them after out, sink and count: 64-bit values for 64-bit types,
// else 32-bit.
func StepArgs(s kernel.Step) []any {
	val := func(t kernel.Type, v uint64) any {
		if t.Bits() == 64 {
			return v
		}
		return uint32(v)
	}
	args := []any{val(s.Type, s.X0)}
	for _, a := range s.A {
		args = append(args, val(s.OperandType(), a))
	}
	return append(args, val(s.Type, guard(s.Type)))
}

// chainSet is the module built for one ChainSpec.
type chainSet struct {
	source     string
	hash       string
	latency    map[int]string // length -> kernel
	throughput map[int]string // ILP -> kernel
	control    string
	unroll     map[int]int // ILP -> unrolled steps per chain per iteration
}

func (r *Runner) buildChain(spec ChainSpec) (*chainSet, error) {
	base := KernelName(spec.Subject)
	cs := &chainSet{latency: map[int]string{}, throughput: map[int]string{}, unroll: map[int]int{}}
	var ks []kernel.Spec
	for _, n := range r.Config.LatencyLengths {
		name := fmt.Sprintf("lat_%s_n%d", base, n)
		cs.latency[n] = name
		ks = append(ks, kernel.LatencyChainSpec{Name: name, Step: spec.Step, Length: n})
	}
	body := max(8, r.Config.BodySteps/max(1, spec.Weight))
	for _, ilp := range r.ilps(spec) {
		name := fmt.Sprintf("tp_%s_ilp%d", base, ilp)
		u := max(1, body/ilp)
		cs.throughput[ilp], cs.unroll[ilp] = name, u
		ks = append(ks, kernel.ThroughputChainSpec{Name: name, Step: spec.Step, ILP: ilp, Unroll: u})
	}
	cs.control = fmt.Sprintf("tp_%s_control", base)
	ks = append(ks, kernel.ThroughputChainSpec{Name: cs.control, Step: spec.Step})
	src, err := r.GPU.Codegen().Module(ks)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", spec.Subject, err)
	}
	cs.source = src
	cs.hash = sourceHash(src)
	return cs, nil
}

// sourceHash is the hex SHA-256 of a module's text.
func sourceHash(src string) string {
	sum := sha256.Sum256([]byte(src))
	return hex.EncodeToString(sum[:])
}

// maxSharedPerBlock is the most shared (workgroup) memory one block may
// use, in bytes (record.Device.MaxSharedPerBlock).
func (r *Runner) maxSharedPerBlock() int64 { return r.GPU.Device().MaxSharedPerBlock() }

// timestamped says whether the device's kernels are timed by GPU
// timestamps around whole dispatches rather than by an in-kernel clock.
func (r *Runner) timestamped() bool {
	_, ok := r.GPU.Device().TimestampClock()
	return ok
}

// timestampPasses is how many times a latency kernel runs its chain in one
// dispatch when dispatches are timed whole: about a millisecond of chains
// of a hundred 4-cycle steps on a 2 GHz GPU.
const timestampPasses = 4096

// ProvenanceOf starts a record's provenance for a module of source text
// hash in the GPU's kernel language.
func (r *Runner) ProvenanceOf(module, hash string) record.Provenance {
	p := record.Provenance{Module: module, Time: time.Now().UTC()}
	r.GPU.Codegen().Stamp(&p, hash)
	if clock, ok := r.GPU.Device().TimestampClock(); ok {
		p.Timing = "timestamps: " + clock
	}
	return p
}

// threadCounts are the block widths a chain probe launches its
// throughput kernels with (see shapeFor).
func (r *Runner) threadCounts() []int {
	var out []int
	for _, w := range r.Config.WarpsPerSM {
		if w > r.MaxWarpsPerSM() {
			continue
		}
		if t := min(w, 8) * r.WarpSize(); !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// prepareWidths has a Preparer program build every kernel of cs at the
// widths the runner will launch it with.
func (r *Runner) prepareWidths(prog Program, cs *chainSet) error {
	pr, ok := prog.(Preparer)
	if !ok {
		return nil
	}
	for _, n := range r.Config.LatencyLengths {
		if err := pr.Prepare(cs.latency[n], r.WarpSize(), 0); err != nil {
			return err
		}
	}
	for _, t := range r.threadCounts() {
		for _, k := range append(slices.Sorted(maps.Values(cs.throughput)), cs.control) {
			if err := pr.Prepare(k, t, 0); err != nil {
				return err
			}
		}
	}
	return nil
}

// prepared is a chain probe built, compiled and checked, ready to measure.
type prepared struct {
	spec    ChainSpec
	cs      *chainSet
	prog    Program // nil when the probe did not compile
	lat, tp record.Record
	err     error // a fatal error met while preparing
}

// close releases the probe's program.
func (p *prepared) close() {
	if p.prog != nil {
		p.prog.Close()
		p.prog = nil
	}
}

// decide gives every record of p not yet decided the status st.
func (p *prepared) decide(st record.Status, why string) {
	for _, rec := range []*record.Record{&p.lat, &p.tp} {
		if rec.Status == record.StatusOK {
			rec.Status, rec.Reason = st, why
		}
	}
}

// prepare builds, compiles and verifies one probe. It launches nothing, so
// several prepare calls may run while another goroutine measures.
func (r *Runner) prepare(ctx context.Context, spec ChainSpec) *prepared {
	now := time.Now().UTC()
	p := &prepared{spec: spec}
	p.lat = record.Record{
		ID: record.MakeID(spec.Suite, "", spec.Subject, string(record.Latency)), Suite: spec.Suite, Subject: spec.Subject, Group: spec.Group, Op: spec.Op,
		Quantity: record.Latency, Unit: "cycles", Status: record.StatusOK, Note: spec.Note,
	}
	p.tp = record.Record{
		ID: record.MakeID(spec.Suite, "", spec.Subject, string(record.Throughput)), Suite: spec.Suite, Subject: spec.Subject, Group: spec.Group, Op: spec.Op,
		Quantity: record.Throughput, Unit: "warp instructions/clock/SM", Status: record.StatusOK, Note: spec.Note,
	}
	cs, err := r.buildChain(spec)
	if err != nil {
		st := record.StatusFailed
		if errors.Is(err, kernel.ErrUnsupported) {
			st = record.StatusSkipped
		}
		p.decide(st, err.Error())
		return p
	}
	p.cs = cs
	p.lat.Provenance = r.ProvenanceOf(KernelName(spec.Subject), cs.hash)
	p.lat.Provenance.Time = now
	prog, err := r.GPU.Compile(ctx, KernelName(spec.Subject), cs.source)
	if err == nil {
		if err = r.prepareWidths(prog, cs); err != nil {
			prog.Close()
		}
	}
	if err != nil {
		_ = r.keep(KernelName(spec.Subject), cs.source, nil)
		p.tp.Provenance = p.lat.Provenance
		if Fatal(err) {
			p.err = err
			p.decide(record.StatusFailed, err.Error())
			return p
		}
		p.decide(classifyCompile(err, r.lang().Compiler))
		return p
	}
	p.prog = prog
	if err := r.keep(KernelName(spec.Subject), cs.source, prog.Binary()); err != nil {
		p.lat.Warnings = append(p.lat.Warnings, err.Error())
	}
	p.lat.Provenance.CompileSeconds = prog.CompileTime().Seconds()
	p.tp.Provenance = p.lat.Provenance
	// Machine code first: a probe that does not contain the instruction is
	// not worth the GPU's time.
	r.checkChain(ctx, spec, cs, prog, &p.lat, &p.tp)
	return p
}

// Chain measures one instruction's latency and throughput. It returns a
// latency and a throughput record whatever happens to the probe; the error
// is non-nil only when this process cannot go on (see Fatal).
func (r *Runner) Chain(ctx context.Context, spec ChainSpec) ([]record.Record, error) {
	return r.measure(ctx, r.prepare(ctx, spec))
}

// Chains measures specs in order and hands each record to emit as soon as
// it exists (see Run).
func (r *Runner) Chains(ctx context.Context, specs []ChainSpec, emit func(record.Record)) error {
	jobs := make([]Job, len(specs))
	for i, s := range specs {
		jobs[i] = ChainJob(s)
	}
	return r.Run(ctx, jobs, emit)
}

// measure runs a prepared probe on the GPU and releases it.
func (r *Runner) measure(ctx context.Context, p *prepared) ([]record.Record, error) {
	defer p.close()
	if p.err != nil || p.prog == nil {
		return []record.Record{p.lat, p.tp}, p.err
	}
	lat, tp, spec, cs, prog := &p.lat, &p.tp, p.spec, p.cs, p.prog
	clk, err := r.Clock(ctx)
	if err != nil {
		p.decide(record.StatusFailed, err.Error())
		if Fatal(err) {
			return []record.Record{*lat, *tp}, err
		}
		return []record.Record{*lat, *tp}, nil
	}
	lat.Provenance.Clock = clk
	if lat.Status == record.StatusOK {
		r.progress("%s: latency", spec.Subject)
		if err := r.measureLatency(ctx, spec, cs, prog, lat); err != nil {
			lat.Status, lat.Reason = record.StatusFailed, err.Error()
			if Fatal(err) {
				p.decide(record.StatusFailed, "not measured: "+err.Error())
				return []record.Record{*lat, *tp}, err
			}
		}
	}
	if tp.Status == record.StatusOK {
		r.progress("%s: throughput", spec.Subject)
		if err := r.measureThroughput(ctx, spec, cs, prog, tp); err != nil {
			tp.Status, tp.Reason = record.StatusFailed, err.Error()
			if Fatal(err) {
				Finite(lat)
				return []record.Record{*lat, *tp}, err
			}
		}
	}
	Finite(lat)
	Finite(tp)
	if clk2, err := r.Clock(ctx); err == nil && lat.Status == record.StatusOK {
		if d := math.Abs(clk2.Hz-clk.Hz) / clk.Hz; d > 0.02 {
			lat.Warnings = append(lat.Warnings, fmt.Sprintf("SM clock moved %.1f%% during the probe (%.0f -> %.0f MHz)", 100*d, clk.Hz/1e6, clk2.Hz/1e6))
		}
	}
	return []record.Record{*lat, *tp}, nil
}

// keep writes a module's source and binary into the artifacts folder,
// named for the kernel language (Language.SourceExt and BinaryExt); a
// module that did not compile (nil binary) leaves its source, to debug.
func (r *Runner) keep(name, source string, binary []byte) error {
	if r.Artifacts == "" {
		return nil
	}
	l := r.lang()
	srcExt, binExt := l.SourceExt, l.BinaryExt
	if err := os.WriteFile(filepath.Join(r.Artifacts, name+srcExt), []byte(source), 0o644); err != nil {
		return fmt.Errorf("keep artifacts: %w", err)
	}
	if binary == nil {
		return nil
	}
	if err := os.WriteFile(filepath.Join(r.Artifacts, name+binExt), binary, 0o644); err != nil {
		return fmt.Errorf("keep artifacts: %w", err)
	}
	return nil
}

// classifyCompile tells an unsupported instruction (skipped) from a broken
// probe (failed) by the compiler's log; compiler names it in the reason.
func classifyCompile(err error, compiler string) (record.Status, string) {
	msg := err.Error()
	low := strings.ToLower(msg)
	for _, s := range []string{"not supported", "requires", "unsupported", "feature '"} {
		if strings.Contains(low, s) {
			return record.StatusSkipped, "not supported by this GPU or driver: " + firstLines(msg, 3)
		}
	}
	return record.StatusFailed, compiler + " failed: " + msg
}

func firstLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, " / ")
}

func (r *Runner) allocPair(outBytes int) (out, sink Buffer, err error) {
	out, err = r.GPU.Alloc(outBytes)
	if err != nil {
		return nil, nil, err
	}
	sink, err = r.GPU.Alloc(256)
	if err != nil {
		out.Free()
		return nil, nil, err
	}
	return out, sink, nil
}

func (r *Runner) measureLatency(ctx context.Context, spec ChainSpec, cs *chainSet, prog Program, rec *record.Record) error {
	out, sink, err := r.allocPair(256)
	if err != nil {
		return err
	}
	defer out.Free()
	defer sink.Free()
	lengths := r.Config.LatencyLengths
	samples := make([][]float64, len(lengths))
	// Two passes, the second timed in-kernel; timed by timestamps, the
	// whole dispatch counts, so many passes make the chains outweigh the
	// dispatch's cost and its noise.
	passes := 2
	if r.timestamped() {
		passes = min(timestampPasses, r.MaxIterations())
	}
	args := func() []any {
		return append([]any{out.Ptr(), sink.Ptr(), uint32(passes)}, StepArgs(spec.Step)...)
	}
	// Repeats go round the lengths so that drift spreads over all of them.
	for range r.Config.LatencyRepeats {
		for i, n := range lengths {
			if err := prog.Launch(ctx, cs.latency[n], Grid{Blocks: 1, Threads: r.WarpSize()}, r.Config.LaunchTimeout, args()...); err != nil {
				return fmt.Errorf("latency kernel %s: %w", cs.latency[n], err)
			}
			b, err := out.Read()
			if err != nil {
				return err
			}
			samples[i] = append(samples[i], float64(binary.LittleEndian.Uint64(b)))
		}
	}
	est, err := EstimateLatency(lengths, samples)
	if err != nil {
		return err
	}
	rec.Latency = est.Detail
	rec.Value = est.Detail.Cycles
	rec.Samples = est.Slopes
	rec.Summary = Summarize(est.Slopes)
	rec.Warnings = append(rec.Warnings, est.Warnings...)
	if rec.Value <= 0 {
		// The fit is kept in the record for inspection, but it is no
		// latency.
		return fmt.Errorf("non-positive latency (%.3g cycles): the chain did not lengthen the kernel (a compiler that removed or folded it, or timer noise larger than the chain)", rec.Value)
	}
	if clk := rec.Provenance.Clock; clk != nil && clk.Hz > 0 {
		rec.Latency.Seconds = rec.Value / clk.Hz
	}
	for _, n := range lengths {
		rec.Provenance.Kernels = append(rec.Provenance.Kernels, cs.latency[n])
	}
	return nil
}

// LatencyEstimate is a latency with the per-repeat slopes it came from.
type LatencyEstimate struct {
	Detail   *record.LatencyDetail
	Slopes   []float64 // one fit per repeat index
	Warnings []string
}

// EstimateLatency fits cycles against chain length. samples[i] holds the
// repeated timings of lengths[i]. The fit uses the per-length medians of the
// lengths above 0, and one fit per repeat gives the spread of the slope.
// Length 0, if present, is the control group (the kernel without the
// instruction): it is left out of the fit, because the end clock read does
// not wait for a chain's last result, so an empty chain is not on the line,
// and it is what the adjusted latency subtracts.
func EstimateLatency(lengths []int, samples [][]float64) (LatencyEstimate, error) {
	if len(lengths) != len(samples) {
		return LatencyEstimate{}, fmt.Errorf("latency: %d lengths but %d sample sets", len(lengths), len(samples))
	}
	var est LatencyEstimate
	d := &record.LatencyDetail{}
	var xs, meds []float64
	var fitIdx []int
	control := -1.0
	reps := -1
	iMax := -1
	for i, n := range lengths {
		if len(samples[i]) == 0 {
			return est, fmt.Errorf("latency: no timings for length %d", n)
		}
		med := stats.Median(samples[i])
		d.Points = append(d.Points, record.Point{Length: n, Samples: samples[i], Median: med})
		if n == 0 {
			control = med
			continue
		}
		xs, meds, fitIdx = append(xs, float64(n)), append(meds, med), append(fitIdx, i)
		if reps < 0 || len(samples[i]) < reps {
			reps = len(samples[i])
		}
		if iMax < 0 || n > lengths[iMax] {
			iMax = i
		}
	}
	if len(xs) < 2 {
		return est, fmt.Errorf("latency: need timings for at least 2 chain lengths above 0, have %d", len(xs))
	}
	line, err := stats.Fit(xs, meds)
	if err != nil {
		return est, fmt.Errorf("latency: %w", err)
	}
	d.Cycles, d.InterceptCycles = line.Slope, line.Intercept
	d.RMSResidual, d.R2 = line.RMSResidual, line.R2
	lmax, tmax := float64(lengths[iMax]), stats.Median(samples[iMax])
	d.RawCycles = tmax / lmax
	d.AdjustedCycles = d.RawCycles
	if control >= 0 {
		d.AdjustedCycles = (tmax - control) / lmax
	}
	for rep := range reps {
		ys := make([]float64, len(fitIdx))
		for j, i := range fitIdx {
			ys[j] = samples[i][rep]
		}
		if l, err := stats.Fit(xs, ys); err == nil {
			est.Slopes = append(est.Slopes, l.Slope)
		}
	}
	// If every step costs the same, the points lie on the line; a
	// residual above 1% of the longest chain's time says they do not.
	if line.RMSResidual > 0.01*tmax {
		est.Warnings = append(est.Warnings, fmt.Sprintf("timings are not linear in chain length: rms residual %.1f cycles", line.RMSResidual))
	}
	if d.Cycles <= 0 {
		est.Warnings = append(est.Warnings, "non-positive slope: the chain did not lengthen the kernel")
	}
	est.Detail = d
	return est, nil
}

// Summarize is samples' summary as records hold it: count, median, its
// 95% confidence interval where there are enough samples, min, max and
// spread; nil for no samples or one that is not a finite number.
func Summarize(samples []float64) *record.Summary {
	s, err := stats.Summarize(samples, 0)
	if err != nil {
		return nil
	}
	out := &record.Summary{N: s.N, Median: s.Median, Min: s.Min, Max: s.Max, Spread: s.Spread}
	if !math.IsNaN(s.Lo) && !math.IsNaN(s.Hi) {
		out.Lo, out.Hi = &s.Lo, &s.Hi
	}
	return out
}

// SetSamples gives rec its samples, their summary and their median as its
// value: how a figure measured by repetition is recorded. Without
// samples rec is left as it is.
func SetSamples(rec *record.Record, samples []float64) {
	s := Summarize(samples)
	if s == nil {
		return
	}
	rec.Samples, rec.Summary, rec.Value = samples, s, s.Median
}

// Finite marks a record whose headline number is not a finite number as
// invalid, with why, and sets the number to 0: such a number means a
// broken measurement, and JSON cannot hold it.
func Finite(rec *record.Record) {
	if math.IsNaN(rec.Value) || math.IsInf(rec.Value, 0) {
		if rec.Status == record.StatusOK {
			rec.Status, rec.Reason = record.StatusInvalid, fmt.Sprintf("the estimate is not a finite number (%v)", rec.Value)
		}
		rec.Value = 0
	}
}
