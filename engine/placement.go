package engine

// Placement: how a throughput kernel's warps are laid out on the SMs,
// launched, and checked to have run as asked.

import (
	"context"
	"errors"
	"fmt"

	"github.com/gpuarch/gpuarch/record"
)

// ExactShape lays warps out as blocks of at most 8 warps with a dynamic
// shared memory spoiler sized so that exactly that many blocks fit on an SM;
// the driver's occupancy calculation confirms it. A driver without one
// (ErrNoOccupancy) gets no spoiler: the launch has exactly blocks per SM times the
// SMs, and the warp records must show that they ran as asked (see
// placement). steps is the chain steps of one loop iteration (the shape's
// StepsPerIter); the shape's Iterations are left for RunShape. skip is
// non-empty, and says why, when the GPU cannot hold the shape; err is the
// driver's occupancy query's failure.
func (r *Runner) ExactShape(prog Program, kernel string, warps, ilp, steps int) (shape record.Shape, skip string, err error) {
	d := r.GPU.Device()
	if maxWarps := r.MaxWarpsPerSM(); warps > maxWarps {
		return shape, fmt.Sprintf("%d warps per SM: the SM holds at most %d", warps, maxWarps), nil
	}
	blocks := (warps + 7) / 8
	for warps%blocks != 0 {
		blocks++
	}
	perBlock := warps / blocks
	smem := d.Attributes["MAX_SHARED_MEMORY_PER_MULTIPROCESSOR"]
	dyn := smem/blocks - d.Attributes["RESERVED_SHARED_MEMORY_PER_BLOCK"]
	if optin := d.Attributes["MAX_SHARED_MEMORY_PER_BLOCK_OPTIN"]; optin > 0 {
		dyn = min(dyn, optin)
	}
	dyn = max(dyn, 0)
	shape = record.Shape{WarpsPerSM: warps, ILP: ilp, BlocksPerSM: blocks, ThreadsPerBlk: r.WarpSize() * perBlock, StepsPerIter: steps, SharedBytes: dyn}
	occ, err := prog.MaxBlocksPerSM(kernel, shape.ThreadsPerBlk, dyn)
	if errors.Is(err, ErrNoOccupancy) {
		shape.SharedBytes = 0
		return shape, "", nil
	}
	if err != nil {
		return shape, "", err
	}
	switch {
	case occ < blocks:
		return shape, fmt.Sprintf("%d warps per SM at ILP %d: the driver fits %d blocks of %d threads (registers), not %d", warps, ilp, occ, shape.ThreadsPerBlk, blocks), nil
	case occ > blocks && smem > 0:
		return shape, fmt.Sprintf("%d warps per SM at ILP %d: the shared memory spoiler did not cap occupancy (%d blocks fit)", warps, ilp, occ), nil
	}
	return shape, "", nil
}

// Unplaced warns that occupancy was asked for but not seen: the device's
// warp records do not say which core ran them. A job adds it once to a
// record's Warnings when a Rate it kept is DeviceWide.
const Unplaced = "occupancy as launched, not verified: this device's records do not say which core ran each subgroup, so each rate is every subgroup's instructions over the launch's span, divided among the cores"

// PlacementError says a launch did not run as its shape asked: an SM
// held another number of warps, or its warps did not all run at once.
// The shape's cell is skipped with this reason.
type PlacementError struct{ Why string }

func (e *PlacementError) Error() string { return e.Why }

// RunShape sizes the iterations for shape (a pilot launch, then one sized
// to Config.TargetCycles) and measures one rate, checking that every SM
// held the intended number of warps. args follow the kernel's out, sink
// and count arguments (StepArgs, for a chain kernel); out holds the warp
// records (RecordBuffer). It returns the shape as launched, with its
// Iterations; a launch that did not run as shaped fails with a
// *PlacementError, which a job records as a skipped cell rather than a
// failure.
func (r *Runner) RunShape(ctx context.Context, prog Program, kernel string, shape record.Shape, args []any, out Buffer) (Rate, record.Shape, error) {
	const pilot = 8
	shape.Iterations = pilot
	rate, err := r.launchShape(ctx, prog, kernel, shape, args, out, false)
	if err != nil {
		return rate, shape, err
	}
	shape.Iterations = int(min(max(pilot*r.Config.TargetCycles/max(rate.MedianCycles, 1), pilot), 1<<22, float64(r.MaxIterations())))
	rate, err = r.launchShape(ctx, prog, kernel, shape, args, out, true)
	return rate, shape, err
}

// Resample takes more samples of a shape RunShape has run (its sized
// shape, whose rate per SM was first), until there are the runner's fewest
// (Config.Until's Min): each a launch of a quarter of the shape's
// iterations, long enough that the loop's start and end stay under 0.1%
// of it, so that the best cell of a sweep gets an interval of launches
// of its own for a fifth of the sweep's time again rather than four times
// it. It returns the samples taken, the first among them; an error stops
// it, the samples so far kept.
func (r *Runner) Resample(ctx context.Context, prog Program, kernel string, shape record.Shape, args []any, out Buffer, first float64) ([]float64, error) {
	samples := []float64{first}
	short := shape
	short.Iterations = max(1, shape.Iterations/4)
	for len(samples) < r.Config.Until.MinOrDefault() {
		rate, err := r.launchShape(ctx, prog, kernel, short, args, out, true)
		if err != nil {
			return samples, err
		}
		samples = append(samples, rate.PerSM)
	}
	return samples, nil
}

// launchShape runs one throughput-style kernel; args follow out, sink and
// count. final marks the sized launch, whose placement is checked.
func (r *Runner) launchShape(ctx context.Context, prog Program, kernel string, shape record.Shape, args []any, out Buffer, final bool) (Rate, error) {
	d := r.GPU.Device()
	g := Grid{Blocks: d.SMs * shape.BlocksPerSM, Threads: shape.ThreadsPerBlk, SharedBytes: shape.SharedBytes}
	if err := out.Clear(); err != nil {
		return Rate{}, err
	}
	all := append([]any{out.Ptr(), r.sink.Ptr(), uint32(shape.Iterations)}, args...)
	if err := prog.Launch(ctx, kernel, g, r.Config.LaunchTimeout, all...); err != nil {
		return Rate{}, fmt.Errorf("kernel %s: %w", kernel, err)
	}
	b, err := out.Read()
	if err != nil {
		return Rate{}, err
	}
	ws, err := r.DecodeWarps(b, g.Blocks*g.Threads/r.WarpSize())
	if err != nil {
		return Rate{}, fmt.Errorf("kernel %s: %w", kernel, err)
	}
	rate, err := r.RateOf(ws, float64(shape.Iterations*shape.StepsPerIter))
	if err != nil {
		return rate, err
	}
	if shape.SharedBytes > 0 || final && !rate.DeviceWide {
		if why := placement(ws, shape.WarpsPerSM, shape.SharedBytes == 0); why != "" {
			return rate, &PlacementError{fmt.Sprintf("kernel %s at %d warps per SM: %s", kernel, shape.WarpsPerSM, why)}
		}
	}
	return rate, nil
}

// placement checks that a launch ran as its shape asked: where warp
// records name their SM, every SM held exactly warps; with together, the
// warps of each SM (of the whole device where records name no SM) also
// ran at once, every one starting before any ended, which a launch whose
// warps did not all fit (registers, say) fails: its later warps start as
// earlier ones end. It returns why not, or "".
func placement(ws []WarpRecord, warps int, together bool) string {
	bySM := map[uint32][]WarpRecord{}
	for _, w := range ws {
		bySM[w.SM] = append(bySM[w.SM], w)
	}
	if _, none := bySM[NoSM]; !none {
		for _, s := range Spans(ws) {
			if s.Warps != warps {
				return fmt.Sprintf("SM %d ran %d warps, the shape asked for exactly %d", s.SM, s.Warps, warps)
			}
		}
	}
	if !together {
		return ""
	}
	for sm, group := range bySM {
		lastStart, firstEnd := group[0].StartNs, group[0].EndNs
		for _, w := range group {
			lastStart, firstEnd = max(lastStart, w.StartNs), min(firstEnd, w.EndNs)
		}
		if lastStart > firstEnd {
			where := fmt.Sprintf("SM %d", sm)
			if sm == NoSM {
				where = "the device"
			}
			return fmt.Sprintf("the warps of %s did not all run at once (one started %d ns after another ended): it could not hold them together", where, lastStart-firstEnd)
		}
	}
	return ""
}

// MaxWarpsPerSM is the most warps an SM holds (64 when the driver does not
// say).
func (r *Runner) MaxWarpsPerSM() int {
	d := r.GPU.Device()
	if w := d.Attributes["MAX_THREADS_PER_MULTIPROCESSOR"] / max(1, d.WarpSize); w > 0 {
		return w
	}
	if d.MaxWarpsPerSM > 0 {
		return d.MaxWarpsPerSM
	}
	return 64
}

// warpBuffer allocates room for one warp record per warp of a full GPU, and
// makes sure the shared sink exists.
func (r *Runner) warpBuffer() (Buffer, error) {
	if err := r.ensureSink(); err != nil {
		return nil, err
	}
	return r.GPU.Alloc(r.GPU.Device().SMs * r.MaxWarpsPerSM() * WarpRecordBytes)
}

// RecordBuffer allocates room for at least warps warp records
// (WarpRecordBytes each), and one per warp of a full GPU, and makes sure
// the shared sink (SinkPtr) exists. The caller frees the buffer.
func (r *Runner) RecordBuffer(warps int) (Buffer, error) {
	if err := r.ensureSink(); err != nil {
		return nil, err
	}
	return r.GPU.Alloc(max(warps, r.GPU.Device().SMs*r.MaxWarpsPerSM()) * WarpRecordBytes)
}

// SinkPtr is the address of the runner's shared sink, where kernels store
// what the compiler must not discard; RecordBuffer (or warpBuffer) allocates
// it first.
func (r *Runner) SinkPtr() Ptr { return r.sink.Ptr() }

// ensureSink allocates the runner's shared sink buffer once.
func (r *Runner) ensureSink() error {
	if r.sink != nil {
		return nil
	}
	b, err := r.GPU.Alloc(256)
	if err != nil {
		return err
	}
	r.sink = b
	return nil
}
