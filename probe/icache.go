package probe

import (
	"context"
	"fmt"
	"time"

	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/stats"
)

// CodeSizeJob measures an instruction's throughput with a loop body of about
// bytes of machine code (the seeds' instruction-cache cliff): once the body
// outgrows an instruction cache, fetch starves issue and the rate drops.
// The loop body's real size is read from the machine code when a
// disassembler is present (its instruction count times 16 bytes).
func CodeSizeJob(spec ChainSpec, bytes, warps, ilp int) Job {
	return &codeSizeJob{spec: spec, bytes: bytes, warps: warps, ilp: ilp}
}

type codeSizeJob struct {
	spec              ChainSpec
	bytes, warps, ilp int
	unroll            int
	c                 *compiled
}

// codeSizeRepeats is how many launches each body size is measured over.
const codeSizeRepeats = 3

// instBytes is the size of one machine instruction since Volta.
const instBytes = 16

func (j *codeSizeJob) kernel() string { return fmt.Sprintf("code_%d_ilp%d", j.bytes, j.ilp) }

func (j *codeSizeJob) prepare(ctx context.Context, r *Runner) {
	j.unroll = max(1, j.bytes/instBytes/j.ilp)
	j.c = r.compileModule(ctx, j.kernel(), ThroughputKernel(j.kernel(), j.spec.Step, j.ilp, j.unroll))
}

func (j *codeSizeJob) close() { j.c.close() }

func (j *codeSizeJob) measure(ctx context.Context, r *Runner) ([]record.Record, error) {
	steps := j.ilp * j.unroll
	rec := record.Record{
		ID: fmt.Sprintf("%s/code size/%d", j.spec.Suite, j.bytes), Suite: j.spec.Suite, Subject: j.spec.Subject, Group: "code size",
		Note:     fmt.Sprintf("%d warps per SM, %d independent chains", j.warps, j.ilp),
		Quantity: record.Throughput, Unit: "warp instructions/clock/SM", Status: record.StatusOK,
		Provenance: record.Provenance{Module: j.kernel(), PTXSHA256: j.c.hash, CompileSeconds: j.c.compile.Seconds(), Time: time.Now().UTC()},
	}
	if f := j.c.failure; f != nil {
		rec.Status, rec.Reason = f.Status, f.Reason
		return []record.Record{rec}, j.c.fatalErr
	}
	code := steps * instBytes
	if j.c.listing != nil {
		if fn, ok := j.c.listing.Function(j.kernel()); ok {
			if body, ok := fn.LoopBody(); ok {
				code = len(body) * instBytes
			}
		}
	}
	rec.SASS = j.c.checkLoop(j.kernel(), j.spec.Expect, steps*j.spec.perStep(), steps)
	if rec.SASS.Status == sassInvalid {
		rec.Status, rec.Reason = record.StatusInvalid, "machine code: "+rec.SASS.Note
		return []record.Record{rec}, nil
	}
	out, err := r.warpBuffer()
	if err != nil {
		return nil, err
	}
	defer out.Free()
	shape, skip, err := r.exactShape(j.c.prog, j.kernel(), j.warps, j.ilp, steps)
	if err != nil {
		return nil, err
	}
	if skip != "" {
		rec.Status, rec.Reason = record.StatusSkipped, skip
		return []record.Record{rec}, nil
	}
	rate, shape, err := r.runShape(ctx, j.c.prog, j.kernel(), shape, stepArgs(j.spec.Step), out)
	samples := []float64{rate.PerSM}
	for len(samples) < codeSizeRepeats && err == nil {
		rate, err = r.launchShape(ctx, j.c.prog, j.kernel(), shape, stepArgs(j.spec.Step), out, true)
		samples = append(samples, rate.PerSM)
	}
	if err != nil {
		rec.Status, rec.Reason = record.StatusFailed, err.Error()
		return []record.Record{rec}, fatalOrNil(err)
	}
	sum, err := stats.Summarize(samples, r.Config.MaxSpread)
	if err != nil {
		rec.Status, rec.Reason = record.StatusFailed, err.Error()
		return []record.Record{rec}, nil
	}
	d := r.GPU.Device()
	rec.Samples, rec.Summary, rec.Warnings = samples, summary(samples), sum.Warnings
	rec.Value = sum.Median
	rec.Through = &record.ThroughputDetail{WarpInstPerClockPerSM: sum.Median, Best: shape, SMsSeen: rate.SMs,
		ResultsPerClockPerSM: sum.Median * float64(d.WarpSize*j.spec.resultsPerThread())}
	if d.SubPartitions > 0 && sum.Median > 0 {
		rec.Through.CyclesPerWarpInst = float64(d.SubPartitions) / sum.Median
	}
	rec.Curve = &record.CurveDetail{Path: "loop body", Points: []record.CurvePoint{{Bytes: int64(code), Value: sum.Median, Elements: steps}}}
	if rate.ClockHz > 0 {
		rec.Provenance.Clock = &record.Clock{Hz: rate.ClockHz, Source: "%clock64 over %globaltimer inside the kernel (median over SMs, last launch)"}
		rec.Through.ResultsPerSecond = rec.Through.ResultsPerClockPerSM * float64(d.SMs) * rate.ClockHz
	}
	return []record.Record{rec}, nil
}
