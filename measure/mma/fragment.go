package mma

import (
	"context"
	"fmt"
	"time"

	"github.com/gpuarch/gpuarch/backend/cudagpu"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/record"
)

// FragmentJob measures a fragment move: one warp's latency per load (a
// dependent chain; stores have none to chain), and the whole GPU's
// throughput over warps per SM × chains.
func FragmentJob(suite string, f cudagpu.Fragment) engine.Job {
	return &fragmentJob{suite: suite, f: f}
}

type fragmentJob struct {
	suite string
	f     cudagpu.Fragment
	c     *engine.Compiled
}

const fragmentUnroll = 8

var fragmentShapes = []Shape{{4, 1}, {8, 1}, {16, 1}, {32, 1}, {8, 2}, {16, 2}, {16, 4}, {32, 2}}

func (j *fragmentJob) kernel(ilp int) string {
	return fmt.Sprintf("frag_%s_ilp%d", engine.KernelName(j.f.Name()), ilp)
}

// latencyKernel is the one-chain kernel of unroll dependent loads per
// loop iteration, or of its control group.
func (j *fragmentJob) latencyKernel(unroll int, control bool) string {
	kind := "lat"
	if control {
		kind = "ctl"
	}
	return fmt.Sprintf("frag_%s_%s%d", engine.KernelName(j.f.Name()), kind, unroll)
}

func (j *fragmentJob) Prepare(ctx context.Context, r *engine.Runner) {
	var ks []kernel.Spec
	seen := map[int]bool{}
	for _, s := range fragmentShapes {
		if !seen[s.ILP] {
			seen[s.ILP] = true
			ks = append(ks, kernel.MatrixLoopSpec{Name: j.kernel(s.ILP), Form: j.f, ILP: s.ILP, Unroll: fragmentUnroll})
		}
	}
	if !j.f.Store {
		ctl := j.f
		ctl.Control = true
		for _, u := range mmaLatencyUnrolls {
			ks = append(ks, kernel.MatrixLoopSpec{Name: j.latencyKernel(u, false), Form: j.f, ILP: 1, Unroll: u, Chain: u},
				kernel.MatrixLoopSpec{Name: j.latencyKernel(u, true), Form: ctl, ILP: 1, Unroll: u})
		}
	}
	j.c = r.CompileKernels(ctx, "frag_"+engine.KernelName(j.f.Name()), ks)
}

func (j *fragmentJob) Close() { j.c.Close() }

// run launches the kernel for ilp chains at warps per SM (0: one warp
// alone) and returns the per-SM rate in instructions per clock.
func (j *fragmentJob) run(ctx context.Context, r *engine.Runner, s Shape, iters uint32) (engine.Rate, error) {
	return j.launch(ctx, r, j.kernel(max(1, s.ILP)), s, fragmentUnroll, iters)
}

// launch runs kernel, whose chains hold unroll moves per loop iteration,
// at s's warps per SM (0: one warp alone).
func (j *fragmentJob) launch(ctx context.Context, r *engine.Runner, kernel string, s Shape, unroll int, iters uint32) (engine.Rate, error) {
	d := r.GPU.Device()
	g := engine.Grid{Blocks: 1, Threads: 32, SharedBytes: cudagpu.FragmentShared}
	if s.WarpsPerSM > 0 {
		g.Blocks, g.Threads = d.SMs*max(1, s.WarpsPerSM/4), 128
	}
	warps := g.Blocks * g.Threads / 32
	out, err := r.GPU.Alloc(max(warps*engine.WarpRecordBytes, 4096))
	if err != nil {
		return engine.Rate{}, err
	}
	defer out.Free()
	if err := j.c.Prog.Launch(ctx, kernel, g, r.Config.LaunchTimeout, out.Ptr(), iters, uint32(0)); err != nil {
		return engine.Rate{}, err
	}
	b, err := out.Read()
	if err != nil {
		return engine.Rate{}, err
	}
	ws, err := engine.DecodeWarps(b, warps)
	if err != nil {
		return engine.Rate{}, err
	}
	return engine.RateOf(ws, float64(iters)*float64(unroll*max(1, s.ILP)))
}

// latency fits the load's latency as the mma latency is: the slope of
// cycles per loop iteration against dependent loads per iteration, less
// the same slope of the control chain (the AND and add that make each
// address wait for the last load, which the loads' slope includes).
func (j *fragmentJob) latency(ctx context.Context, r *engine.Runner, rec *record.Record) error {
	const iters = 2048
	slope := func(control bool) (engine.LatencyEstimate, error) {
		samples := make([][]float64, len(mmaLatencyUnrolls))
		// Repeats go round the lengths so that drift spreads over all.
		for range r.Config.Until.MinOrDefault() {
			for i, u := range mmaLatencyUnrolls {
				rate, err := j.launch(ctx, r, j.latencyKernel(u, control), Shape{}, u, iters)
				if err != nil {
					return engine.LatencyEstimate{}, err
				}
				samples[i] = append(samples[i], rate.MedianCycles/iters)
			}
		}
		return engine.EstimateLatency(mmaLatencyUnrolls, samples)
	}
	est, err := slope(false)
	if err != nil {
		return err
	}
	ctl, err := slope(true)
	if err != nil {
		return fmt.Errorf("control chain: %w", err)
	}
	slopeCycles := est.Detail.Cycles
	rec.Latency = est.Detail
	rec.Latency.Cycles -= ctl.Detail.Cycles
	rec.Value = rec.Latency.Cycles
	for _, s := range est.Slopes {
		rec.Samples = append(rec.Samples, s-ctl.Detail.Cycles)
	}
	rec.Summary = engine.Summarize(rec.Samples)
	rec.Warnings = append(rec.Warnings, est.Warnings...)
	rec.Warnings = append(rec.Warnings, ctl.Warnings...)
	rec.Note = fmt.Sprintf("the slope of cycles per loop iteration against %v dependent loads per iteration (each address waiting for the last load's data through an AND with a runtime zero and an add), %.1f cycles, less the same slope of the control chain (the AND and add alone, a move in place of the load), %.1f", mmaLatencyUnrolls, slopeCycles, ctl.Detail.Cycles)
	for _, u := range mmaLatencyUnrolls {
		rec.Provenance.Kernels = append(rec.Provenance.Kernels, j.latencyKernel(u, false), j.latencyKernel(u, true))
	}
	longest := mmaLatencyUnrolls[len(mmaLatencyUnrolls)-1]
	rec.Code = j.c.Verifier().Loop(j.latencyKernel(longest, false), []string{"LDSM"}, longest, longest)
	if rec.Value <= 0 {
		rec.Status, rec.Reason = record.StatusFailed, fmt.Sprintf("non-positive latency (%.3g cycles): the loads did not lengthen the chain beyond its control", rec.Value)
	}
	return nil
}

func (j *fragmentJob) Measure(ctx context.Context, r *engine.Runner) ([]record.Record, error) {
	newRec := func(q record.Quantity, unit string) record.Record {
		return record.Record{ID: ID(j.f.Name(), q), Suite: j.suite, Subject: j.f.Name(), Group: GroupFragment,
			Quantity: q, Unit: unit, Status: record.StatusOK,
			Provenance: record.Provenance{Module: "frag_" + engine.KernelName(j.f.Name()), PTXSHA256: j.c.Hash, CompileSeconds: j.c.Compile.Seconds(), Time: time.Now().UTC()}}
	}
	lat := newRec(record.Latency, "cycles per instruction")
	tp := newRec(record.Throughput, "warp instructions/clock/SM")
	var recs []*record.Record
	if !j.f.Store {
		recs = append(recs, &lat)
	}
	recs = append(recs, &tp)
	out := func(err error) ([]record.Record, error) {
		var o []record.Record
		for _, rec := range recs {
			if rec.Status == record.StatusOK && err != nil {
				rec.Status, rec.Reason = record.StatusFailed, err.Error()
			}
			o = append(o, *rec)
		}
		return o, engine.FatalOrNil(err)
	}
	if f := j.c.Failure; f != nil {
		for _, rec := range recs {
			rec.Status, rec.Reason = f.Status, f.Reason
		}
		return out(j.c.FatalErr)
	}
	const iters = 4096
	if !j.f.Store {
		if err := j.latency(ctx, r, &lat); err != nil {
			return out(err)
		}
	}
	det := &record.ThroughputDetail{}
	var best Shape
	var bestRate engine.Rate
	for _, s := range fragmentShapes {
		rate, err := j.run(ctx, r, s, iters)
		if err != nil {
			return out(err)
		}
		det.Sweep = append(det.Sweep, record.SweepPoint{Shape: record.Shape{WarpsPerSM: s.WarpsPerSM, ILP: s.ILP, ThreadsPerBlk: 128,
			BlocksPerSM: max(1, s.WarpsPerSM/4), StepsPerIter: fragmentUnroll * s.ILP, Iterations: iters}, WarpInstPerClockPerSM: rate.PerSM})
		if rate.PerSM > bestRate.PerSM {
			best, bestRate, det.Best = s, rate, det.Sweep[len(det.Sweep)-1].Shape
		}
	}
	// The best shape again until it has the runner's fewest samples: the
	// sweep's launch is the largest of several, and says nothing of its
	// spread.
	samples := []float64{bestRate.PerSM}
	for len(samples) < r.Config.Until.MinOrDefault() {
		rate, err := j.run(ctx, r, best, iters)
		if err != nil {
			return out(err)
		}
		samples = append(samples, rate.PerSM)
	}
	engine.SetSamples(&tp, samples)
	det.WarpInstPerClockPerSM = tp.Value
	det.ResultsPerClockPerSM = det.WarpInstPerClockPerSM * float64(j.f.Bytes()) // bytes per clock per SM
	det.ResultsPerSecond = det.ResultsPerClockPerSM * float64(r.GPU.Device().SMs) * bestRate.ClockHz
	tp.Through = det
	tp.Note = fmt.Sprintf("results_per_clock_per_sm is bytes: %d per warp instruction", j.f.Bytes())
	expect := "LDSM"
	if j.f.Store {
		expect = "STSM"
	}
	tp.Code = j.c.Verifier().Loop(j.kernel(det.Best.ILP), []string{expect}, fragmentUnroll*max(1, det.Best.ILP), fragmentUnroll*max(1, det.Best.ILP))
	for _, rec := range recs {
		if rec.Code != nil && rec.Code.Status == engine.CodeInvalid {
			rec.Status, rec.Reason = record.StatusInvalid, "machine code: "+rec.Code.Note
		}
	}
	return out(nil)
}
