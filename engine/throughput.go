package engine

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/stats"
)

// shapeFor lays out warpsPerSM as blocks of at most 8 warps of warpSize
// threads.
func shapeFor(warpsPerSM, ilp, unroll, warpSize int) record.Shape {
	perBlock := min(warpsPerSM, 8)
	return record.Shape{
		WarpsPerSM:    warpsPerSM,
		ILP:           ilp,
		BlocksPerSM:   warpsPerSM / perBlock,
		ThreadsPerBlk: warpSize * perBlock,
		StepsPerIter:  ilp * unroll,
	}
}

// launchRate runs one throughput kernel at shape and returns its rate.
func (r *Runner) launchRate(ctx context.Context, prog Program, kernel string, shape record.Shape, spec ChainSpec, out, sink Buffer) (Rate, error) {
	d := r.GPU.Device()
	blocks := d.SMs * shape.BlocksPerSM
	warps := blocks * shape.ThreadsPerBlk / r.WarpSize()
	if err := out.Clear(); err != nil {
		return Rate{}, err
	}
	args := append([]any{out.Ptr(), sink.Ptr(), uint32(shape.Iterations)}, StepArgs(spec.Step)...)
	if err := prog.Launch(ctx, kernel, Grid{Blocks: blocks, Threads: shape.ThreadsPerBlk}, r.Config.LaunchTimeout, args...); err != nil {
		return Rate{}, fmt.Errorf("throughput kernel %s: %w", kernel, err)
	}
	b, err := out.Read()
	if err != nil {
		return Rate{}, err
	}
	ws, err := r.DecodeWarps(b, warps)
	if err != nil {
		return Rate{}, fmt.Errorf("throughput kernel %s: %w", kernel, err)
	}
	inst := float64(shape.Iterations * shape.StepsPerIter)
	if shape.StepsPerIter == 0 { // control: count loop iterations instead
		inst = float64(shape.Iterations)
	}
	return r.RateOf(ws, inst)
}

// MaxIterations is the most loop iterations a kernel may run on the
// device (record.Device.MaxLoopIterations; no limit but int32's where it
// gives none).
func (r *Runner) MaxIterations() int {
	if m := r.GPU.Device().MaxLoopIterations; m > 0 {
		return m
	}
	return math.MaxInt32
}

// sizeIterations runs a short pilot and returns the iteration count that
// makes the kernel last about TargetCycles.
func (r *Runner) sizeIterations(ctx context.Context, prog Program, kernel string, shape record.Shape, spec ChainSpec, out, sink Buffer) (int, error) {
	const pilot = 8
	shape.Iterations = pilot
	rate, err := r.launchRate(ctx, prog, kernel, shape, spec, out, sink)
	if err != nil {
		return 0, err
	}
	n := math.Ceil(pilot * r.Config.TargetCycles / math.Max(rate.MedianCycles, 1))
	return min(int(math.Min(math.Max(n, pilot), 1<<22)), r.MaxIterations()), nil
}

func (r *Runner) measureThroughput(ctx context.Context, spec ChainSpec, cs *chainSet, prog Program, rec *record.Record) error {
	d := r.GPU.Device()
	u := d.UnitsOf()
	if d.SMs <= 0 {
		return fmt.Errorf("the driver does not say how many %s the device has, so a rate per %s cannot be formed", u.Cores, u.Core)
	}
	maxWarps := r.MaxWarpsPerSM()
	out, sink, err := r.allocPair(d.SMs * maxWarps * WarpRecordBytes)
	if err != nil {
		return err
	}
	defer out.Free()
	defer sink.Free()

	det := &record.ThroughputDetail{}
	var best record.Shape
	bestRate := -1.0
	for _, ilp := range r.ilps(spec) {
		kernel := cs.throughput[ilp]
		for _, w := range r.Config.WarpsPerSM {
			shape := shapeFor(w, ilp, cs.unroll[ilp], r.WarpSize())
			pt := record.SweepPoint{Shape: shape}
			if w > maxWarps {
				pt.Skipped = fmt.Sprintf("the %s holds at most %d %s", u.Core, maxWarps, u.Subgroups)
				det.Sweep = append(det.Sweep, pt)
				continue
			}
			occ, err := prog.MaxBlocksPerSM(kernel, shape.ThreadsPerBlk, 0)
			switch {
			case errors.Is(err, ErrNoOccupancy):
				occ = shape.BlocksPerSM // launched unchecked: per-SM spans still count every warp
			case err != nil:
				return err
			}
			if occ < shape.BlocksPerSM {
				pt.Skipped = fmt.Sprintf("the driver's occupancy calculation allows %d blocks of %d threads per SM (registers or shared memory), the shape needs %d", occ, shape.ThreadsPerBlk, shape.BlocksPerSM)
				det.Sweep = append(det.Sweep, pt)
				continue
			}
			if shape.Iterations, err = r.sizeIterations(ctx, prog, kernel, shape, spec, out, sink); err != nil {
				return err
			}
			pt.Shape = shape
			rate, err := r.launchRate(ctx, prog, kernel, shape, spec, out, sink)
			if err != nil {
				return err
			}
			pt.WarpInstPerClockPerSM = rate.PerSM
			det.Sweep = append(det.Sweep, pt)
			if rate.PerSM > bestRate {
				best, bestRate = shape, rate.PerSM
			}
		}
	}
	if bestRate < 0 {
		return fmt.Errorf("no launch shape could run")
	}

	kernel := cs.throughput[best.ILP]
	var samples, clocks []float64
	var last Rate
	for range r.Config.Repeats {
		rate, err := r.launchRate(ctx, prog, kernel, best, spec, out, sink)
		if err != nil {
			return err
		}
		samples = append(samples, rate.PerSM)
		if rate.ClockHz > 0 {
			clocks = append(clocks, rate.ClockHz)
		}
		last = rate
	}
	ctl := best
	ctl.StepsPerIter = 0
	if ctlRate, err := r.launchRate(ctx, prog, cs.control, ctl, spec, out, sink); err == nil && last.MedianCycles > 0 {
		det.Control = &record.Control{
			CyclesPerIteration: ctlRate.MedianCycles / float64(best.Iterations),
			OverheadShare:      ctlRate.MedianCycles / last.MedianCycles,
		}
	} else if err != nil {
		rec.Warnings = append(rec.Warnings, "control kernel: "+err.Error())
	}

	sum, err := stats.Summarize(samples, r.Config.MaxSpread)
	if err != nil {
		return err
	}
	rec.Samples = samples
	rec.Summary = Summarize(samples)
	rec.Warnings = append(rec.Warnings, sum.Warnings...)
	rec.Value = sum.Median
	det.Best = best
	det.SMsSeen = last.SMs
	det.WarpInstPerClockPerSM = sum.Median
	det.ResultsPerClockPerSM = sum.Median * float64(d.WarpSize*spec.resultsPerThread())
	if d.SubPartitions > 0 && sum.Median > 0 {
		det.CyclesPerWarpInst = float64(d.SubPartitions) / sum.Median
	}
	if len(clocks) > 0 {
		hz := stats.Median(clocks)
		rec.Provenance.Clock = &record.Clock{
			Hz:     hz,
			Source: fmt.Sprintf("%s over %s inside the throughput kernels (median over %s and repeats)", r.CycleClock(), r.TimerName(), u.Cores),
		}
		det.ResultsPerSecond = det.ResultsPerClockPerSM * float64(d.SMs) * hz
	}
	if last.SMs < d.SMs {
		rec.Warnings = append(rec.Warnings, fmt.Sprintf("only %d of %d %s ran %s", last.SMs, d.SMs, u.Cores, u.Subgroups))
	}
	rec.Through = det
	rec.Provenance.Kernels = []string{kernel, cs.control}
	return nil
}
