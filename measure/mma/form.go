package mma

import (
	"context"
	"fmt"
	"math"
	"strings"
	"sync"
	"time"

	"github.com/gpuarch/gpuarch/backend/cudagpu"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/stats"
)

// ShortNote is the note of a matrix rate taken from a run as long as
// the sweep's instead of the long run (see cudagpu.MMA's Long).
const ShortNote = "rate from a run of about 2·10⁶ cycles at the best shape: the long runs (sustained rate, power) are made for one form per matrix unit by default (run --mma-long makes them for every form)"

// Shape is one throughput configuration of a form's job (FormJob): warps
// per SM (whole warpgroups of 4 for wgmma) and independent accumulators
// per warp (or warpgroup).
type Shape struct{ WarpsPerSM, ILP int }

// FormJob measures one matrix instruction form: its latency (one warp or
// warpgroup accumulating into one accumulator), its throughput over
// shapes on random data, and at the best shape its throughput on random
// data and on zeros over a run long enough for NVML to see the power it
// draws. Reference is the documented dense rate in operations per clock
// per SM (0: none), with its source.
func FormJob(suite string, m cudagpu.MMA, shapes []Shape, reference float64, source string) engine.Job {
	return &formJob{suite: suite, m: m, shapes: shapes, reference: reference, source: source}
}

type formJob struct {
	suite     string
	m         cudagpu.MMA
	shapes    []Shape
	reference float64
	source    string
	c         *engine.Compiled
}

// unroll is the instructions per accumulator per loop iteration: a
// wgmma group holds this many (fenced, committed and waited for once).
func (j *formJob) unroll() int {
	if j.m.Wgmma() {
		return 4
	}
	return 8
}

// mmaLatencyUnrolls are the dependent chain lengths (instructions per
// loop iteration, one accumulator) the latency is fitted over: the slope
// of cycles per iteration against the length is one instruction's
// latency, the loop's own cost and the wgmma group's fence, commit and
// wait falling into the intercept.
var mmaLatencyUnrolls = []int{1, 2, 4, 8, 16}

func (j *formJob) latencyKernel(unroll int) string {
	return fmt.Sprintf("mma_%s_lat%d", engine.KernelName(j.m.Name), unroll)
}

func (j *formJob) kernel(ilp int) string {
	return fmt.Sprintf("mma_%s_ilp%d", engine.KernelName(j.m.Name), ilp)
}

func (j *formJob) Prepare(ctx context.Context, r *engine.Runner) {
	var ks []kernel.Spec
	for _, u := range mmaLatencyUnrolls {
		ks = append(ks, kernel.MatrixLoopSpec{Name: j.latencyKernel(u), Form: j.m, ILP: 1, Unroll: u, Chain: u, Target: j.m.Target})
	}
	seen := map[int]bool{}
	for _, s := range j.shapes {
		if !seen[s.ILP] {
			seen[s.ILP] = true
			ks = append(ks, kernel.MatrixLoopSpec{Name: j.kernel(s.ILP), Form: j.m, ILP: s.ILP, Unroll: j.unroll(), Target: j.m.Target})
		}
	}
	j.c = r.CompileKernels(ctx, "mma_"+engine.KernelName(j.m.Name), ks)
}

func (j *formJob) Close() { j.c.Close() }

// mmaSeed is the random-data seed; 0 asks the kernels for zeros.
const mmaSeed = 0x5eed

func (j *formJob) Measure(ctx context.Context, r *engine.Runner) ([]record.Record, error) {
	newRec := func(subject string, q record.Quantity, unit string) record.Record {
		return record.Record{ID: ID(subject, q), Suite: j.suite, Subject: subject, Group: j.m.Group,
			Quantity: q, Unit: unit, Status: record.StatusOK,
			Provenance: record.Provenance{Module: "mma_" + engine.KernelName(j.m.Name), PTXSHA256: j.c.Hash, CompileSeconds: j.c.Compile.Seconds(), Time: time.Now().UTC()}}
	}
	lat := newRec(j.m.Name, record.Latency, "cycles per instruction")
	tp := newRec(j.m.Name, record.Throughput, "operations/clock/SM")
	tp.Op = j.m.Op
	zero := newRec(ZerosSubject(j.m.Name), record.Throughput, "operations/clock/SM")
	recs := []*record.Record{&lat, &tp, &zero}
	out := func() []record.Record {
		var o []record.Record
		for _, r := range recs {
			o = append(o, *r)
		}
		return o
	}
	if f := j.c.Failure; f != nil {
		for _, r := range recs {
			r.Status, r.Reason = f.Status, f.Reason
		}
		return out(), j.c.FatalErr
	}
	fail := func(err error, rs ...*record.Record) {
		for _, r := range rs {
			r.Status, r.Reason = record.StatusFailed, err.Error()
		}
	}
	if err := j.latency(ctx, r, &lat); err != nil {
		fail(err, &lat)
		if engine.Fatal(err) {
			fail(err, &tp, &zero)
			return out(), err
		}
	}
	best, err := j.sweep(ctx, r, &tp)
	if err != nil {
		fail(err, &tp, &zero)
		return out(), engine.FatalOrNil(err)
	}
	for _, run := range []struct {
		rec  *record.Record
		seed uint32
	}{{&tp, mmaSeed}, {&zero, 0}} {
		if err := j.long(ctx, r, best, run.seed, run.rec); err != nil {
			fail(err, run.rec)
			if engine.Fatal(err) {
				return out(), err
			}
		}
	}
	return out(), nil
}

// launch runs the throughput (or latency) kernel at a shape and returns
// the per-SM rate in operations per clock and the SMs' median cycles.
func (j *formJob) launch(ctx context.Context, r *engine.Runner, kernel string, s Shape, unroll int, iters, seed uint32) (engine.Rate, error) {
	d := r.GPU.Device()
	threads := 128
	blocks := d.SMs * max(1, s.WarpsPerSM/4)
	if s.WarpsPerSM == 0 { // one warp or warpgroup alone: latency
		threads, blocks = j.m.ThreadsPerInstr(), 1
	}
	g := engine.Grid{Blocks: blocks, Threads: threads}
	if j.m.Wgmma() {
		g.SharedBytes = cudagpu.WgmmaShared
	}
	warps := blocks * threads / 32
	out, err := r.GPU.Alloc(max(warps*engine.WarpRecordBytes, 64<<10))
	if err != nil {
		return engine.Rate{}, err
	}
	defer out.Free()
	if err := j.c.Prog.Launch(ctx, kernel, g, r.Config.LaunchTimeout, out.Ptr(), iters, seed); err != nil {
		return engine.Rate{}, fmt.Errorf("%s: %w", kernel, err)
	}
	b, err := out.Read()
	if err != nil {
		return engine.Rate{}, err
	}
	ws, err := engine.DecodeWarps(b, warps)
	if err != nil {
		return engine.Rate{}, fmt.Errorf("%s: %w", kernel, err)
	}
	// Each warp's share of the operations: a wgmma's are the warpgroup's.
	perWarp := float64(iters) * float64(unroll*max(1, s.ILP)) * float64(j.m.FlopsPerInstr()) * 32 / float64(j.m.ThreadsPerInstr())
	return engine.RateOf(ws, perWarp)
}

// calibrated returns iterations that make a launch at s take about target
// cycles, from a short trial launch.
func (j *formJob) calibrated(ctx context.Context, r *engine.Runner, kernel string, s Shape, unroll int, target float64) (uint32, error) {
	const trial = 32
	rate, err := j.launch(ctx, r, kernel, s, unroll, trial, mmaSeed)
	if err != nil {
		return 0, err
	}
	n := math.Ceil(trial * target / math.Max(rate.MedianCycles, 1))
	return uint32(min(max(n, trial), 1<<24)), nil
}

func (j *formJob) latency(ctx context.Context, r *engine.Runner, rec *record.Record) error {
	samples := make([][]float64, len(mmaLatencyUnrolls))
	iters := make([]uint32, len(mmaLatencyUnrolls))
	for i, u := range mmaLatencyUnrolls {
		n, err := j.calibrated(ctx, r, j.latencyKernel(u), Shape{}, u, 2e5)
		if err != nil {
			return err
		}
		iters[i] = n
	}
	// Repeats go round the lengths so that drift spreads over all of them.
	for range r.Config.Until.MinOrDefault() {
		for i, u := range mmaLatencyUnrolls {
			rate, err := j.launch(ctx, r, j.latencyKernel(u), Shape{}, u, iters[i], mmaSeed)
			if err != nil {
				return err
			}
			samples[i] = append(samples[i], rate.MedianCycles/float64(iters[i]))
		}
	}
	est, err := engine.EstimateLatency(mmaLatencyUnrolls, samples)
	if err != nil {
		return err
	}
	rec.Latency = est.Detail
	rec.Value = est.Detail.Cycles
	rec.Samples, rec.Summary = est.Slopes, engine.Summarize(est.Slopes)
	rec.Warnings = append(rec.Warnings, est.Warnings...)
	rec.Note = fmt.Sprintf("the slope of cycles per loop iteration against %v dependent instructions per iteration (one accumulator): %.1f cycles an iteration besides (the loop%s)",
		mmaLatencyUnrolls, est.Detail.InterceptCycles, map[bool]string{true: ", and the group's fence, commit and wait", false: ""}[j.m.Wgmma()])
	for _, u := range mmaLatencyUnrolls {
		rec.Provenance.Kernels = append(rec.Provenance.Kernels, j.latencyKernel(u))
	}
	longest := mmaLatencyUnrolls[len(mmaLatencyUnrolls)-1]
	rec.Code = j.c.Verifier().Loop(j.latencyKernel(longest), j.m.Expect, longest, longest)
	switch {
	case rec.Code.Status == engine.CodeInvalid:
		rec.Status, rec.Reason = record.StatusInvalid, "machine code: "+rec.Code.Note
	case rec.Value <= 0:
		rec.Status, rec.Reason = record.StatusFailed, fmt.Sprintf("non-positive latency (%.3g cycles): the chain did not lengthen the loop", rec.Value)
	}
	return nil
}

// sweep measures every shape on random data and returns the best.
func (j *formJob) sweep(ctx context.Context, r *engine.Runner, rec *record.Record) (Shape, error) {
	det := &record.ThroughputDetail{}
	var best Shape
	for _, s := range j.shapes {
		k := j.kernel(s.ILP)
		iters, err := j.calibrated(ctx, r, k, s, j.unroll(), 2e6)
		if err != nil {
			return best, err
		}
		rate, err := j.launch(ctx, r, k, s, j.unroll(), iters, mmaSeed)
		if err != nil {
			return best, err
		}
		det.Sweep = append(det.Sweep, record.SweepPoint{Shape: record.Shape{WarpsPerSM: s.WarpsPerSM, ILP: s.ILP, ThreadsPerBlk: 128,
			BlocksPerSM: max(1, s.WarpsPerSM/4), StepsPerIter: j.unroll() * s.ILP, Iterations: int(iters)}, WarpInstPerClockPerSM: rate.PerSM})
		if rate.PerSM > det.WarpInstPerClockPerSM {
			det.WarpInstPerClockPerSM, det.Best, best = rate.PerSM, det.Sweep[len(det.Sweep)-1].Shape, s
		}
	}
	rec.Through = det
	return best, nil
}

// Long runs: every form's best shape runs for longRunCycles (0.1 s at
// 2 GHz: the sustained rate), the power forms for powerRunCycles with
// NVML sampled every 20 ms. NVML's power on A100 and H100 is an average
// that trails the load and covers only part of each window (Yang et al.,
// "Part-time Power Measurements: nvidia-smi's Lack of Attention", 2023,
// arXiv:2312.02741), so a reading needs a run far longer than the rate
// does; 0.3 s runs for all 87 forms made the matrix suite a third of the
// whole run.
//
// Each run is longSamples launches of a fifth of its cycles back to back
// (the sensors sampled across all of them for a power form), so that the
// rate has samples to test against another run's (compare, the quick
// check's verdict on a GPU beside its siblings), not one number.
const (
	longRunCycles  = 2e8
	powerRunCycles = 1.2e9
	longSamples    = 5
)

// long runs the best shape for longRunCycles (powerRunCycles for a
// power form, with NVML sampled during the run) as longSamples launches,
// with NVML read before and after, and records the median rate and its
// samples.
func (j *formJob) long(ctx context.Context, r *engine.Runner, s Shape, seed uint32, rec *record.Record) error {
	k := j.kernel(s.ILP)
	cycles := longRunCycles
	long := j.m.Long || r.Config.MMALong
	power := j.m.Power && long
	switch {
	case power:
		cycles = powerRunCycles
	case !long:
		cycles = r.Config.TargetCycles
		if cycles <= 0 {
			cycles = 2e6
		}
		if !strings.Contains(rec.Note, ShortNote) {
			rec.Note = strings.TrimPrefix(rec.Note+"; "+ShortNote, "; ")
		}
	}
	if long {
		cycles /= longSamples
	}
	iters, err := j.calibrated(ctx, r, k, s, j.unroll(), cycles)
	if err != nil {
		return err
	}
	before := r.GPU.Sensors()
	stop := func() *record.Sensors { return nil }
	if power {
		stop = sample(r.GPU, 20*time.Millisecond)
	}
	var (
		rate    engine.Rate
		samples []float64
		clocks  []float64
	)
	for range longSamples {
		if rate, err = j.launch(ctx, r, k, s, j.unroll(), iters, seed); err != nil {
			break
		}
		samples = append(samples, rate.PerSM)
		if rate.ClockHz > 0 {
			clocks = append(clocks, rate.ClockHz)
		}
	}
	during := stop()
	if err != nil {
		return err
	}
	after := r.GPU.Sensors()
	rate.PerSM = stats.Median(samples)
	if len(clocks) > 0 {
		rate.ClockHz = stats.Median(clocks)
	}
	det := rec.Through
	if det == nil {
		det = &record.ThroughputDetail{}
		rec.Through = det
	}
	det.Best = record.Shape{WarpsPerSM: s.WarpsPerSM, ILP: s.ILP, ThreadsPerBlk: 128, BlocksPerSM: max(1, s.WarpsPerSM/4),
		StepsPerIter: j.unroll() * s.ILP, Iterations: int(iters)}
	det.WarpInstPerClockPerSM = rate.PerSM
	det.ResultsPerClockPerSM = rate.PerSM
	det.SMsSeen = rate.SMs
	det.ResultsPerSecond = rate.PerSM * float64(r.GPU.Device().SMs) * rate.ClockHz
	if j.reference > 0 {
		det.Reference = &record.Reference{Class: "tensor " + j.m.Elem, Row: "dense peak", Source: j.source,
			ResultsPerClockPerSM: j.reference, Ratio: rate.PerSM / j.reference}
	}
	rec.Value = rate.PerSM
	rec.Samples, rec.Summary = samples, engine.Summarize(samples)
	rec.Provenance.Clock = &record.Clock{Hz: rate.ClockHz, Source: r.GPU.Codegen().Language().ClockSource("the matrix kernel (median over SMs, median of the launches)"),
		Before: before, After: after, During: during}
	rec.Code = j.c.Verifier().Loop(k, j.m.Expect, j.unroll()*s.ILP, j.unroll()*s.ILP)
	if rec.Code.Status == engine.CodeInvalid {
		rec.Status, rec.Reason = record.StatusInvalid, "machine code: "+rec.Code.Note
	}
	return nil
}

// sample reads gpu's sensors every period until the returned function is
// called; that function returns the median of each reading over the
// second half of the samples (nil when there were none).
func sample(gpu engine.GPU, period time.Duration) func() *record.Sensors {
	var (
		mu   sync.Mutex
		got  []*record.Sensors
		done = make(chan struct{})
		wg   sync.WaitGroup
	)
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(period)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				if s := gpu.Sensors(); s != nil {
					mu.Lock()
					got = append(got, s)
					mu.Unlock()
				}
			}
		}
	}()
	return func() *record.Sensors {
		close(done)
		wg.Wait()
		if len(got) == 0 {
			return nil
		}
		late := got[len(got)/2:]
		med := func(f func(*record.Sensors) float64) float64 {
			v := make([]float64, len(late))
			for i, s := range late {
				v[i] = f(s)
			}
			return stats.Median(v)
		}
		return &record.Sensors{
			SMClockHz:  med(func(s *record.Sensors) float64 { return s.SMClockHz }),
			MemClockHz: med(func(s *record.Sensors) float64 { return s.MemClockHz }),
			PowerW:     med(func(s *record.Sensors) float64 { return s.PowerW }),
			TempC:      med(func(s *record.Sensors) float64 { return s.TempC }),
		}
	}
}
