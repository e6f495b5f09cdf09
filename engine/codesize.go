package engine

import (
	"context"
	"fmt"

	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/stats"
)

// LoopBodyJob measures an instruction's throughput with a loop body of about
// bytes of machine code (the seeds' instruction-cache cliff): once the body
// outgrows an instruction cache, fetch starves issue and the rate drops.
// Its one record has the ID id and the group group (the domain's names:
// measure/memory's CodeSizeJob), the suite and subject of spec.
// The body holds bytes/instBytes steps. Where the runner reads the
// machine code (a disassembler's listing) the loop body's real size is
// its instruction count times instBytes. A program that tells its
// kernels' sizes itself (KernelSizer: a driver's report of the whole
// kernel) gives that size, and the record says where it came from.
func LoopBodyJob(spec ChainSpec, id, group string, bytes, warps, ilp int) Job {
	return &codeSizeJob{spec: spec, id: id, group: group, bytes: bytes, warps: warps, ilp: ilp}
}

type codeSizeJob struct {
	spec              ChainSpec
	id, group         string
	bytes, warps, ilp int
	unroll            int
	c                 *Compiled
}

// instBytes is the size of one machine instruction of the GPUs measured
// so far (16 bytes on every generation since Volta).
const instBytes = 16

func (j *codeSizeJob) kernel() string { return fmt.Sprintf("code_%d_ilp%d", j.bytes, j.ilp) }

func (j *codeSizeJob) Prepare(ctx context.Context, r *Runner) {
	j.unroll = max(1, j.bytes/instBytes/j.ilp)
	j.c = r.CompileKernels(ctx, j.kernel(), []kernel.Spec{kernel.ThroughputChainSpec{Name: j.kernel(), Step: j.spec.Step, ILP: j.ilp, Unroll: j.unroll}})
	// A program that builds a kernel per launch width builds the one
	// measureDriver launches here, on a compile worker: for the largest
	// bodies that took 3 to 4 s of the measuring thread's time a job
	// (a driver that builds a pipeline per width, H200).
	if pr, ok := j.c.Prog.(Preparer); ok && j.c.Failure == nil {
		_ = pr.Prepare(j.kernel(), shapeFor(j.warps, j.ilp, j.unroll, r.WarpSize()).ThreadsPerBlk, 0)
	}
}

func (j *codeSizeJob) Close() { j.c.Close() }

func (j *codeSizeJob) Measure(ctx context.Context, r *Runner) ([]record.Record, error) {
	steps := j.ilp * j.unroll
	rec := record.Record{
		ID: j.id, Suite: j.spec.Suite, Subject: j.spec.Subject, Group: j.group,
		Op:       fmt.Sprintf("%s/%d", j.group, j.bytes),
		Note:     fmt.Sprintf("%d warps per SM, %d independent chains", j.warps, j.ilp),
		Quantity: record.Throughput, Unit: "warp instructions/clock/SM", Status: record.StatusOK,
		Provenance: r.ProvenanceOf(j.kernel(), j.c.Hash),
	}
	rec.Provenance.CompileSeconds = j.c.Compile.Seconds()
	if f := j.c.Failure; f != nil {
		rec.Status, rec.Reason = f.Status, f.Reason
		return []record.Record{rec}, j.c.FatalErr
	}
	if sizer, ok := j.c.Prog.(KernelSizer); ok {
		err := j.measureDriver(ctx, r, sizer, &rec)
		if err != nil {
			rec.Status, rec.Reason = record.StatusFailed, err.Error()
		}
		return []record.Record{rec}, FatalOrNil(err)
	}
	code := steps * instBytes
	if body := j.c.Verifier().LoopText(j.kernel()); body != nil {
		code = len(body) * instBytes
	}
	rec.Code = j.c.Verifier().Loop(j.kernel(), j.spec.Expect, steps*j.spec.OpcodesPerStep(), steps)
	if rec.Code.Status == CodeInvalid {
		rec.Status, rec.Reason = record.StatusInvalid, "machine code: "+rec.Code.Note
		return []record.Record{rec}, nil
	}
	out, err := r.warpBuffer()
	if err != nil {
		return nil, err
	}
	defer out.Free()
	shape, skip, err := r.ExactShape(j.c.Prog, j.kernel(), j.warps, j.ilp, steps)
	if err != nil {
		return nil, err
	}
	if skip != "" {
		rec.Status, rec.Reason = record.StatusSkipped, skip
		return []record.Record{rec}, nil
	}
	rate, shape, err := r.RunShape(ctx, j.c.Prog, j.kernel(), shape, StepArgs(j.spec.Step), out)
	samples := []float64{rate.PerSM}
	for len(samples) < r.Config.Until.MinOrDefault() && err == nil {
		rate, err = r.launchShape(ctx, j.c.Prog, j.kernel(), shape, StepArgs(j.spec.Step), out, true)
		samples = append(samples, rate.PerSM)
	}
	if err != nil {
		rec.Status, rec.Reason = record.StatusFailed, err.Error()
		return []record.Record{rec}, FatalOrNil(err)
	}
	if err := j.finish(r, &rec, samples, shape, rate); err != nil {
		rec.Status, rec.Reason = record.StatusFailed, err.Error()
		return []record.Record{rec}, nil
	}
	rec.Curve = &record.CurveDetail{Path: "loop body", Points: []record.CurvePoint{{Bytes: int64(code), Value: rec.Value, Elements: steps}}}
	if rate.ClockHz > 0 {
		rec.Provenance.Clock = &record.Clock{Hz: rate.ClockHz, Source: r.lang().ClockSource("the kernel (median over SMs, last launch)")}
	}
	return []record.Record{rec}, nil
}

// finish summarises a code-size record's samples (rates per SM) measured
// at shape; rate is the last launch's.
func (j *codeSizeJob) finish(r *Runner, rec *record.Record, samples []float64, shape record.Shape, rate Rate) error {
	sum, err := stats.Summarize(samples, r.Config.MaxSpread)
	if err != nil {
		return err
	}
	d := r.GPU.Device()
	rec.Samples, rec.Summary, rec.Warnings = samples, Summarize(samples), sum.Warnings
	rec.Value = sum.Median
	rec.Through = &record.ThroughputDetail{WarpInstPerClockPerSM: sum.Median, Best: shape, SMsSeen: rate.SMs,
		ResultsPerClockPerSM: sum.Median * float64(r.WarpSize()*j.spec.resultsPerThread())}
	if d.SubPartitions > 0 && sum.Median > 0 {
		rec.Through.CyclesPerWarpInst = float64(d.SubPartitions) / sum.Median
	}
	if rate.ClockHz > 0 {
		rec.Through.ResultsPerSecond = rec.Through.ResultsPerClockPerSM * float64(d.SMs) * rate.ClockHz
	}
	return nil
}

// measureDriver is measure on a backend without occupancy control or a
// disassembler, whose programs tell their kernels' sizes (KernelSizer):
// the warps per SM are laid out as blocks of 8 warps and launched
// unchecked (each SM's span still counts every warp it ran), and the code
// size is what the program tells.
func (j *codeSizeJob) measureDriver(ctx context.Context, r *Runner, sizer KernelSizer, rec *record.Record) error {
	steps := j.ilp * j.unroll
	if most := r.MaxWarpsPerSM(); j.warps > most {
		rec.Status, rec.Reason = record.StatusSkipped, fmt.Sprintf("%v: %d warps per SM, the device holds at most %d", kernel.ErrUnsupported, j.warps, most)
		return nil
	}
	shape := shapeFor(j.warps, j.ilp, j.unroll, r.WarpSize())
	code, how, chk := sizer.KernelSize(j.kernel(), shape.ThreadsPerBlk, j.spec, steps*j.spec.OpcodesPerStep())
	rec.Code = chk
	rec.Note += "; code size: " + how
	if rec.Code != nil && rec.Code.Status == CodeInvalid {
		rec.Status, rec.Reason = record.StatusInvalid, "machine code: "+rec.Code.Note
		return nil
	}
	d := r.GPU.Device()
	out, sink, err := r.allocPair(d.SMs * r.MaxWarpsPerSM() * WarpRecordBytes)
	if err != nil {
		return err
	}
	defer out.Free()
	defer sink.Free()
	if shape.Iterations, err = r.sizeIterations(ctx, j.c.Prog, j.kernel(), shape, j.spec, out, sink); err != nil {
		return err
	}
	var samples []float64
	var rate Rate
	for range r.Config.Until.MinOrDefault() {
		if rate, err = r.launchRate(ctx, j.c.Prog, j.kernel(), shape, j.spec, out, sink); err != nil {
			return err
		}
		samples = append(samples, rate.PerSM)
	}
	if err := j.finish(r, rec, samples, shape, rate); err != nil {
		return err
	}
	rec.Curve = &record.CurveDetail{Path: "kernel", Points: []record.CurvePoint{{Bytes: code, Value: rec.Value, Elements: steps}}}
	return nil
}

// KernelSizer is implemented by programs whose backend tells a kernel's
// compiled size itself (a driver's report of the whole kernel), where no
// listing of its loop body is read: the code-size job's records then give
// that size.
type KernelSizer interface {
	// KernelSize is kernel's size in bytes launched threads wide (0 where
	// unknown) and says where it came from, with the check of its
	// machine code against spec's expectations (needed instructions; nil
	// where none is made).
	KernelSize(kernel string, threads int, spec ChainSpec, needed int) (bytes int64, how string, check *record.CodeCheck)
}
