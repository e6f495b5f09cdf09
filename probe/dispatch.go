package probe

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/gpuarch/gpuarch/infer"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/measure/dispatch"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/stats"
)

// DispatchStrategy is one way of launching work whose placement the
// dispatch probe records: blocks of Threads threads, each holding
// SharedBytes of dynamic shared memory, Waves times as many as the driver
// says fit the GPU at once.
type DispatchStrategy struct {
	Name        string
	Threads     int
	SharedBytes int
	Waves       int
	// SpinMicros is how long every warp runs (spinning on %globaltimer).
	SpinMicros int
}

// DispatchJob launches each strategy once with a kernel whose every warp
// records its SM, warp slot, block and start and end times, and keeps the
// trace (the Haswell post's thread timelines, per warp).
func DispatchJob(suite string, ss []DispatchStrategy) Job {
	return &dispatchJob{suite: suite, strategies: ss}
}

type dispatchJob struct {
	suite      string
	strategies []DispatchStrategy
	c          *compiled
}

const dispatchKernel = "dispatch_spin"

func (j *dispatchJob) Prepare(ctx context.Context, r *Runner) {
	j.c = r.compileKernels(ctx, "dispatch", []kernel.Spec{kernel.ClockSpinSpec{Name: dispatchKernel}})
}

func (j *dispatchJob) Close() { j.c.close() }

func (j *dispatchJob) Measure(ctx context.Context, r *Runner) ([]record.Record, error) {
	return measureEach(j.c, j.strategies, func(s DispatchStrategy) record.Record {
		return record.Record{ID: dispatch.TraceID(s.Name), Suite: j.suite, Subject: s.Name, Group: dispatch.GroupDispatch,
			Quantity: record.Dispatch, Unit: "blocks resident per SM", Status: record.StatusOK, Provenance: j.c.provenance("dispatch")}
	}, func(s DispatchStrategy, rec *record.Record) error { return j.trace(ctx, r, s, rec) })
}

// trace runs one strategy and fills rec with its trace.
func (j *dispatchJob) trace(ctx context.Context, r *Runner, s DispatchStrategy, rec *record.Record) error {
	d := r.GPU.Device()
	warpsPerBlock := (s.Threads + r.warpSize() - 1) / r.warpSize()
	fit, err := j.c.prog.MaxBlocksPerSM(dispatchKernel, s.Threads, s.SharedBytes)
	driverFit := fit
	switch {
	case errors.Is(err, ErrNoOccupancy) && s.SharedBytes > 0:
		rec.Status, rec.Reason = record.StatusSkipped, fmt.Sprintf("%s: the driver has no occupancy calculation to size a wave of blocks holding shared memory", r.GPU.Device().BackendOf())
		return nil
	case errors.Is(err, ErrNoOccupancy):
		// As many blocks as the SM's warp slots allow: an upper bound,
		// which the trace checks.
		fit, driverFit = max(1, r.maxWarpsPerSM()/warpsPerBlock), 0
	case err != nil:
		return fmt.Errorf("occupancy of %d threads, %d shared bytes: %w", s.Threads, s.SharedBytes, err)
	}
	if fit < 1 {
		rec.Status, rec.Reason = record.StatusSkipped, fmt.Sprintf("%d-thread blocks with %d bytes of shared memory do not fit an SM", s.Threads, s.SharedBytes)
		return nil
	}
	blocks := max(1, s.Waves) * d.SMs * fit
	n := blocks * warpsPerBlock
	out, err := r.GPU.Alloc(n * WarpRecordBytes)
	if err != nil {
		return err
	}
	defer out.Free()
	g := Grid{Blocks: blocks, Threads: s.Threads, SharedBytes: s.SharedBytes}
	if err := j.c.prog.Launch(ctx, dispatchKernel, g, r.Config.LaunchTimeout, out.Ptr(), r.timerTicks(s.SpinMicros)); err != nil {
		return fmt.Errorf("%s: %w", s.Name, err)
	}
	b, err := out.Read()
	if err != nil {
		return err
	}
	ws, err := r.decodeWarps(b, n)
	if err != nil {
		return fmt.Errorf("%s: %w", s.Name, err)
	}
	if len(ws) > 0 && ws[0].SM == NoSM {
		rec.Status, rec.Reason = record.StatusSkipped, "this device's warp records do not say which core ran them, so no placement can be traced (through Vulkan, NVIDIA exposes the SM by SPV_NV_shader_sm_builtins, which gpuarch reads, and Arm the core by SPV_ARM_core_builtins; AMD's and Intel's drivers expose none)"
		return nil
	}
	det := &record.DispatchDetail{ThreadsPerBlock: s.Threads, Blocks: blocks, SharedBytes: s.SharedBytes,
		SpinNs: int64(s.SpinMicros) * 1000, DriverBlocksPerSM: driverFit}
	t0 := uint64(math.MaxUint64)
	for _, w := range ws {
		t0 = min(t0, w.StartNs)
	}
	for _, w := range ws {
		det.Trace = append(det.Trace, [6]int64{int64(w.SM), int64(w.Slot), int64(w.Block), int64(w.WarpInBlock), int64(w.StartNs - t0), int64(w.EndNs - t0)})
	}
	rec.Dispatch = det
	// The method needs every warp resident for the whole spin: a spin that
	// ended early (a kernel that read its count in another unit, a timer
	// that stood still) makes residency look lower than it is.
	spans := make([]float64, len(ws))
	for i, w := range ws {
		spans[i] = float64(w.EndNs - w.StartNs)
	}
	if span := stats.Median(spans); span < 0.5*float64(det.SpinNs) {
		rec.Status, rec.Reason = record.StatusFailed, fmt.Sprintf("warps spun %.0f ns (median), not the %d ns asked for: residency cannot be read from the trace", span, det.SpinNs)
		return nil
	}
	tl, err := infer.AnalyzeTimeline(infer.TraceSpans(det))
	if err != nil {
		return fmt.Errorf("%s: %w", s.Name, err)
	}
	rec.Value = tl.BlocksPerSM.Median
	if driverFit == 0 {
		rec.Warnings = append(rec.Warnings, fmt.Sprintf("the driver has no occupancy calculation: %d blocks were launched per SM and wave, as many as its warp slots allow, and the trace shows how many were resident", fit))
	} else if tl.BlocksPerSM.Median != float64(fit) {
		rec.Warnings = append(rec.Warnings, fmt.Sprintf("the driver says %d blocks fit an SM; the trace shows %.0f resident (median over SMs; %.0f to %.0f)",
			fit, tl.BlocksPerSM.Median, tl.BlocksPerSM.Min, tl.BlocksPerSM.Max))
	}
	return nil
}
