package memory

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/stats"
)

// Stream describes one bandwidth measurement.
type Stream struct {
	// Subject names it, e.g. "L2 read".
	Subject string
	Op      string // see cudagpu.StreamKernel
	// Footprint is the bytes the kernel streams over (shared: per block).
	// PerBlock says every block has its own region of Footprint bytes
	// (L1, shared memory) rather than a slice of one Footprint-sized
	// buffer (L2, DRAM).
	Footprint int64
	PerBlock  bool
	// Passes over the footprint.
	Passes int
	// Note explains how Footprint was chosen.
	Note string
	// Shapes are the widths and occupancies tried.
	Shapes []StreamShape
	// ALUPerAccess is how many independent FFMAs follow each access
	// (the latency-hiding test); it goes in the curve point's elements.
	ALUPerAccess int
	// Group is the records' group and the middle of their ID
	// (<suite>/<group>/<Subject>); default "bandwidth".
	Group string
	// CurvePath, when set, makes the record one point of a curve on that
	// path ("ld.cg"): its curve holds the point, at
	// the footprint the kernel really covered (regions are whole loop
	// iterations), per SM for per-block streams.
	CurvePath string
	// Footprints, when set, are each tried in place of Footprint, the
	// best kept: a level's peak, which need not be at one footprint.
	Footprints []int64
	// MinSpan, when set, runs a shape again with more passes when its
	// first run was shorter, so that it lasts long against the launch
	// and the blocks' staggered starts (16 passes over 16 MiB of L2 took
	// 32 µs on an H100); a slow device's first run is long enough as it
	// is.
	MinSpan time.Duration
	// OwnRegions skips the shapes whose blocks would share regions of a
	// buffer all SMs read (a footprint under a loop iteration per block):
	// many SMs asking for the same lines at once read above what the
	// level moves (54 bytes/clk/SM from an H100's L2 at 2 MiB, where
	// distinct lines gave 30), which is not the level's bandwidth.
	OwnRegions bool
	// Carveout is the L1/shared split the kernel asks for (CUDA only;
	// another backend skips the stream): the most shared memory leaves
	// the smallest L1, so loads through it stream past it.
	Carveout engine.Carveout
	// Rotations, when set, are each tried (the best kept): how many
	// regions the blocks move on each pass (cudagpu.StreamKernel's rotate). 0
	// keeps every block on its own lines; 1 has each line read by one
	// block after another, on other SMs, as operands shared by a whole
	// grid are. Streams with one region per SM ignore it.
	Rotations []int
	// Spacing is the bytes between neighbouring threads' accesses (0:
	// Width, side by side). Wider spacings touch more sectors and lines
	// for the same useful bytes, which are what the record counts; the
	// curve point's stride holds it.
	Spacing int
	// Replace gives each repeat of the best point a buffer of its own,
	// the earlier ones still held, so that the samples span several
	// placements of the footprint in physical memory rather than one: near
	// the L2's capacity a footprint's hits depend on where its lines fall
	// among the L2's partitions and sets, which changes from one
	// allocation to the next. Two back-to-back runs on one H100 put the
	// 16 MiB ld.cg curve point 6.8% apart (an H200's 21 MiB point 7.2%)
	// while each run's samples, on one buffer, agreed within 0.5%; the
	// interval of re-placed samples states that spread. Only shared
	// buffers whose every sample's buffer fits replaceBudget together are
	// re-placed: a footprint of many times the L2 hits nothing wherever it
	// lies, and allocating gigabytes between samples leaves the GPU idle
	// long enough to drop its clock (a Vulkan run's 2 and 4 GiB points ran
	// 11% and 41% under the warm-up's clock when they were re-placed).
	Replace bool
}

// replaceBudget is the most bytes a re-placed stream's buffers hold.
const replaceBudget = 2 << 30

// StreamShape is one point of a bandwidth sweep.
type StreamShape struct{ Width, WarpsPerSM int }

// BandwidthJob measures a stream at each of its footprints and shapes and
// keeps the best, in bytes per second and bytes per clock per SM. For a
// buffer all SMs share (L2, DRAM) bytes per second are all bytes over the
// first start to the last end on the timer, and bytes per clock per SM
// the same divided by the SMs and the clock measured in that kernel; for
// per-block regions (L1, shared memory) bytes per clock per SM are each
// SM's bytes over its own cycles (median over SMs), and bytes per second
// that times the SMs and the clock.
func BandwidthJob(suite string, s Stream) engine.Job {
	return &bandwidthJob{suite: suite, streams: []Stream{s}, shapes: s.Shapes}
}

// StreamsJob measures several streams at the first one's shapes, compiled
// as one module: a family that differs only in footprint or arithmetic.
func StreamsJob(suite string, ss []Stream) engine.Job {
	return &bandwidthJob{suite: suite, streams: ss, shapes: ss[0].Shapes}
}

type bandwidthJob struct {
	suite   string
	streams []Stream
	shapes  []StreamShape
	c       *engine.Compiled
}

// streamUnroll is the accesses each thread has in flight per loop
// iteration; StreamChunk is the bytes one iteration of 256 threads at 16
// bytes covers, the unit footprints are rounded to.
const (
	streamUnroll = 8
	StreamChunk  = 256 * 16 * streamUnroll
)

func streamKernelName(op string, width, alu int) string {
	if alu > 0 {
		return fmt.Sprintf("stream_%s_w%d_alu%d", engine.KernelName(op), width, alu)
	}
	return fmt.Sprintf("stream_%s_w%d", engine.KernelName(op), width)
}

func (j *bandwidthJob) Prepare(ctx context.Context, r *engine.Runner) {
	seen := map[string]bool{}
	var ks []kernel.Spec
	for _, s := range j.streams {
		for _, sh := range j.shapes {
			name := streamKernelName(s.Op, sh.Width, s.ALUPerAccess)
			if !seen[name] {
				seen[name] = true
				ks = append(ks, kernel.StreamLoopSpec{Name: name, Op: s.Op, Width: sh.Width, Unroll: streamUnroll, ALU: s.ALUPerAccess})
			}
		}
	}
	j.c = r.CompileKernels(ctx, "stream", ks)
	// Each kernel built at the widths it will be launched with, here on a
	// compile worker rather than at its first launch on the measuring
	// thread (a Vulkan pipeline per workgroup size); a width that fails
	// to build fails again, and says so, at its launch.
	if pr, ok := j.c.Prog.(engine.Preparer); ok {
		for _, s := range j.streams {
			if s.Op == "lds" { // built with its workgroup memory at launch
				continue
			}
			for _, sh := range j.shapes {
				_ = pr.Prepare(streamKernelName(s.Op, sh.Width, s.ALUPerAccess), 32*min(sh.WarpsPerSM, 8), 0)
			}
		}
	}
}

func (j *bandwidthJob) Close() { j.c.Close() }

func (j *bandwidthJob) Measure(ctx context.Context, r *engine.Runner) ([]record.Record, error) {
	var recs []record.Record
	newRec := func(s Stream) record.Record {
		group := s.Group
		if group == "" {
			group = GroupBandwidth
		}
		// The stream's subject names the same stream on every backend,
		// so it is its operation too.
		rec := record.Record{ID: record.MakeID(j.suite, group, s.Subject, ""), Suite: j.suite, Subject: s.Subject, Group: group, Op: group + "/" + s.Subject,
			Quantity: record.Throughput, Unit: "bytes/clock/SM", Status: record.StatusOK, Note: s.Note,
			Provenance: r.ProvenanceOf("stream", j.c.Hash)}
		rec.Provenance.CompileSeconds = j.c.Compile.Seconds()
		return rec
	}
	if f := j.c.Failure; f != nil {
		for _, s := range j.streams {
			rec := newRec(s)
			rec.Status, rec.Reason = f.Status, f.Reason
			recs = append(recs, rec)
		}
		return recs, j.c.FatalErr
	}
	// Room for every shape's warp records, in the device's subgroups (a
	// lavapipe subgroup is 8 wide: four records where NVIDIA writes one).
	warps := 0
	for _, sh := range j.shapes {
		warps = max(warps, r.GPU.Device().SMs*max(1, sh.WarpsPerSM/8)*32*min(sh.WarpsPerSM, 8)/r.WarpSize())
	}
	out, err := r.RecordBuffer(warps)
	if err != nil {
		return nil, err
	}
	defer out.Free()
	for _, s := range j.streams {
		rec := newRec(s)
		if s.Carveout.Set && !engine.SetsCarveout(r.GPU) {
			rec.Status, rec.Reason = record.StatusSkipped, fmt.Sprintf("the L1/shared carve-out is a CUDA function attribute; the %s backend cannot set it", r.GPU.Device().BackendOf())
			recs = append(recs, rec)
			continue
		}
		err := j.stream(ctx, r, s, out, &rec)
		var room *noRoomError
		switch {
		case errors.As(err, &room) && !engine.Fatal(err):
			rec.Status, rec.Reason = record.StatusSkipped, err.Error()
		case err != nil:
			rec.Status, rec.Reason = record.StatusFailed, err.Error()
		}
		recs = append(recs, rec)
		if err != nil && engine.Fatal(err) {
			return recs, err
		}
	}
	return recs, nil
}

// footprints are the footprints a stream tries.
func (s Stream) footprints() []int64 {
	if len(s.Footprints) > 0 {
		return s.Footprints
	}
	return []int64{s.Footprint}
}

// warpSpan is the time from the first warp's start to the last one's end
// on the timer.
func warpSpan(ws []engine.WarpRecord) time.Duration {
	var g0, g1 uint64
	for i, w := range ws {
		if i == 0 || w.StartNs < g0 {
			g0 = w.StartNs
		}
		g1 = max(g1, w.EndNs)
	}
	if g1 <= g0 {
		return 0
	}
	return time.Duration(g1 - g0)
}

// stream measures one Stream over the sweep of footprints, rotations and
// shapes.
func (j *bandwidthJob) stream(ctx context.Context, r *engine.Runner, s Stream, out engine.Buffer, rec *record.Record) error {
	d := r.GPU.Device()
	maxBlocks := 0
	for _, sh := range j.shapes {
		maxBlocks = max(maxBlocks, d.SMs*max(1, sh.WarpsPerSM/8))
	}
	footprints := s.footprints()
	if most := r.Config.MaxFootprint; most > 0 && !s.PerBlock && s.Op != "lds" {
		footprints = slices.DeleteFunc(slices.Clone(footprints), func(f int64) bool { return f > most })
		if len(footprints) == 0 {
			return &noRoomError{bytes: slices.Min(s.footprints()), err: fmt.Errorf("above the run's largest footprint, %d bytes", most)}
		}
	}
	largest := slices.Max(footprints)
	var base uint64
	var place func() (uint64, error)
	if s.Op != "lds" {
		// Room for every shape: regions are rounded up to whole loop
		// iterations, so many blocks can cover more than the footprint.
		size := max(largest, int64(maxBlocks)*StreamChunk) + StreamChunk
		if s.PerBlock {
			size = (largest + StreamChunk) * int64(maxBlocks)
		}
		var held []engine.Buffer
		defer func() {
			for _, b := range held {
				b.Free()
			}
		}()
		place = func() (uint64, error) {
			b, err := r.GPU.Alloc(int(size))
			if err != nil {
				return 0, &noRoomError{bytes: size, err: err}
			}
			held = append(held, b)
			return uint64(b.Ptr()), nil
		}
		var err error
		if base, err = place(); err != nil {
			return err
		}
		if !s.Replace || s.PerBlock || size*int64(r.Config.Until.MaxOrDefault()) > replaceBudget {
			place = nil
		}
	}
	det := &record.ThroughputDetail{}
	var best streamPoint
	rotations := s.Rotations
	if len(rotations) == 0 || s.PerBlock || s.Op == "lds" {
		rotations = []int{0}
	}
	for _, f := range footprints {
		for _, rot := range rotations {
			for _, sh := range j.shapes {
				p, err := j.point(ctx, r, s, streamAt{footprint: f, rotate: rot, shape: sh, base: base}, out)
				if err != nil {
					return err
				}
				det.Sweep = append(det.Sweep, p.SweepPoint)
				if p.Skipped == "" && p.WarpInstPerClockPerSM > best.WarpInstPerClockPerSM {
					best = p
				}
			}
		}
	}
	if best.WarpInstPerClockPerSM <= 0 && len(det.Sweep) > 0 && det.Sweep[0].Skipped != "" {
		return fmt.Errorf("no shape could be measured: %s", det.Sweep[0].Skipped)
	}
	if best.WarpInstPerClockPerSM > 0 {
		var err error
		if best, err = j.repeat(ctx, r, s, best, out, rec, place); err != nil {
			return err
		}
	}
	rec.Value = best.WarpInstPerClockPerSM
	det.Best = best.Shape
	det.WarpInstPerClockPerSM = best.WarpInstPerClockPerSM
	det.ResultsPerSecond = best.perSec
	rec.Through = det
	rec.Provenance.Clock = &record.Clock{Hz: best.hz, Source: r.CycleClock() + " over " + r.TimerName() + " inside the best shape's stream kernel; it converts bytes per second to bytes per clock per SM"}
	if s.CurvePath != "" {
		rec.Curve = &record.CurveDetail{Path: s.CurvePath, ClockHz: best.hz, Points: []record.CurvePoint{{Bytes: best.Shape.Bytes, Value: best.WarpInstPerClockPerSM, Elements: s.ALUPerAccess, Stride: s.Spacing}}}
	}
	return nil
}

// streamAt is one point of a stream's sweep: a footprint, a rotation and
// a shape, over the buffer at base; passes, when above 0, is how many
// times the kernel streams its region (else the stream's Passes, raised
// to its MinSpan).
type streamAt struct {
	footprint int64
	rotate    int
	shape     StreamShape
	base      uint64
	passes    int
}

// repeat measures the sweep's best point again until its samples are
// enough (engine.Config.Until: at least 5, more until the median's interval is
// narrow or the time budget is spent), the sweep's own measurement the
// first of them, and returns the point whose rate is the median's, for
// the record's rate, clock and shape; rec gets the samples and their
// summary. A repeat that fails leaves the samples so far, with a warning,
// unless the failure is fatal. place, when not nil, gives each repeat a
// buffer of its own (Stream.Replace).
func (j *bandwidthJob) repeat(ctx context.Context, r *engine.Runner, s Stream, best streamPoint, out engine.Buffer, rec *record.Record, place func() (uint64, error)) (streamPoint, error) {
	at := best.at
	at.passes = best.Shape.Iterations
	points := []streamPoint{best}
	samples, err := stats.Repeat(r.Config.Until, []float64{best.WarpInstPerClockPerSM}, func() (float64, error) {
		if place != nil {
			base, err := place()
			if err != nil {
				return 0, err
			}
			at.base = base
		}
		p, err := j.point(ctx, r, s, at, out)
		if err != nil {
			return 0, err
		}
		if p.Skipped != "" {
			return 0, errors.New(p.Skipped)
		}
		points = append(points, p)
		return p.WarpInstPerClockPerSM, nil
	})
	if err != nil {
		if engine.Fatal(err) {
			return best, err
		}
		rec.Warnings = append(rec.Warnings, fmt.Sprintf("repeats stopped after %d samples: %v", len(samples), err))
	}
	rec.Samples = samples
	rec.Summary = engine.Summarize(samples)
	med := stats.Median(samples)
	mid := points[0]
	for _, p := range points[1:] {
		if math.Abs(p.WarpInstPerClockPerSM-med) < math.Abs(mid.WarpInstPerClockPerSM-med) {
			mid = p
		}
	}
	mid.WarpInstPerClockPerSM = med
	if sm := rec.Summary; sm != nil && sm.Lo != nil && sm.Hi != nil && med > 0 && (*sm.Hi-*sm.Lo)/med > r.Config.Until.RelWidthOrDefault() {
		rec.Warnings = append(rec.Warnings, fmt.Sprintf("the median of %d samples is known to ±%.1f%% only (95%% interval %.4g to %.4g)", len(samples), 50*(*sm.Hi-*sm.Lo)/med, *sm.Lo, *sm.Hi))
	}
	return mid, nil
}

// streamPoint is what one point of the sweep measured: its sweep point
// (bytes per clock per SM, the footprint really covered in its shape) and
// bytes per second at the clock hz measured in the kernel.
type streamPoint struct {
	record.SweepPoint
	perSec, hz float64
	at         streamAt // where it was measured
}

// point measures a stream at one footprint, rotation and shape; a shape
// the stream cannot take comes back skipped, with why.
func (j *bandwidthJob) point(ctx context.Context, r *engine.Runner, s Stream, at streamAt, out engine.Buffer) (streamPoint, error) {
	d, sh, f := r.GPU.Device(), at.shape, at.footprint
	passes := max(1, s.Passes)
	blocks := d.SMs * max(1, sh.WarpsPerSM/8)
	threads := 32 * min(sh.WarpsPerSM, 8)
	g := engine.Grid{Blocks: blocks, Threads: threads, Carveout: s.Carveout}
	shape := record.Shape{WarpsPerSM: sh.WarpsPerSM, ILP: sh.Width, BlocksPerSM: max(1, sh.WarpsPerSM/8), ThreadsPerBlk: threads, Bytes: f, Rotate: at.rotate}
	// Each block's region is whole loop iterations, which also keeps
	// every access aligned to its width.
	spacing := sh.Width
	if s.Spacing > 0 {
		spacing = s.Spacing
	}
	chunk := uint64(threads * spacing * streamUnroll)
	regions, region := uint32(blocks), uint64(f)
	if !s.PerBlock {
		region = uint64(f) / uint64(blocks)
		if region < chunk && s.OwnRegions {
			return streamPoint{SweepPoint: record.SweepPoint{Shape: shape,
				Skipped: fmt.Sprintf("%d bytes is less than a loop iteration (%d bytes) per block: blocks would share regions", f, chunk)}}, nil
		}
		if region < chunk {
			// A footprint smaller than a loop iteration per block:
			// blocks share one-iteration regions.
			regions = uint32(max(uint64(f)/chunk, 1))
		}
	}
	region = max(region/chunk, 1) * chunk
	if s.Op == "lds" {
		g.SharedBytes = int(f)
	}
	shape.Bytes = int64(region) * int64(regions)
	if s.PerBlock {
		shape.Bytes = int64(region) * int64(max(1, sh.WarpsPerSM/8))
	}
	if at.passes > 0 {
		passes = at.passes
	}
	shape.Iterations, shape.SharedBytes = passes, g.SharedBytes
	kernel := streamKernelName(s.Op, sh.Width, s.ALUPerAccess)
	launch := func(passes int) ([]engine.WarpRecord, error) {
		if err := out.Clear(); err != nil {
			return nil, err
		}
		args := []any{out.Ptr(), r.SinkPtr(), uint32(passes), at.base, region, regions, uint32(0x7fc00bad), uint32(spacing), uint32(at.rotate)}
		if err := j.c.Prog.Launch(ctx, kernel, g, r.Config.LaunchTimeout, args...); err != nil {
			return nil, fmt.Errorf("%s over %d bytes at width %d, %d warps/SM, rotation %d: %w", s.Subject, f, sh.Width, sh.WarpsPerSM, at.rotate, err)
		}
		b, err := out.Read()
		if err != nil {
			return nil, err
		}
		return r.DecodeWarps(b, blocks*threads/r.WarpSize())
	}
	ws, err := launch(passes)
	if err != nil {
		return streamPoint{}, err
	}
	// A run shorter than MinSpan runs again, long enough.
	if span := warpSpan(ws); at.passes == 0 && s.MinSpan > 0 && span > 0 && span < s.MinSpan {
		passes = min(int(float64(passes)*float64(s.MinSpan)/float64(span))+1, 1<<20)
		if ws, err = launch(passes); err != nil {
			return streamPoint{}, err
		}
		shape.Iterations = passes
	}
	// The useful bytes: a width-byte access in every spacing bytes.
	covered := region / uint64(spacing) * uint64(sh.Width)
	perWarp := float64(passes) * float64(covered) / float64(threads/r.WarpSize())
	rate, err := r.RateOf(ws, perWarp)
	if err != nil {
		return streamPoint{}, err
	}
	perSM, perSec := rate.PerSM, rate.PerSM*float64(d.SMs)*rate.ClockHz
	if !s.PerBlock {
		// One buffer all SMs share: all bytes over the first start to
		// the last end on the timer, and per SM per clock from the same
		// span at the clock measured in the kernel, so the two units
		// convert exactly (an SM's bytes over its own span read higher:
		// SMs that start late or end early do not count).
		if span := warpSpan(ws); span > 0 && rate.ClockHz > 0 {
			perSec = float64(passes) * float64(covered) * float64(blocks) / span.Seconds()
			perSM = perSec / float64(d.SMs) / rate.ClockHz
		}
	}
	// bytes per clock per SM in the sweep point's rate field
	return streamPoint{SweepPoint: record.SweepPoint{Shape: shape, WarpInstPerClockPerSM: perSM}, perSec: perSec, hz: rate.ClockHz, at: at}, nil
}

// noRoomError is a stream whose buffer could not be allocated: the
// footprint does not fit the device's free memory.
type noRoomError struct {
	bytes int64
	err   error
}

func (e *noRoomError) Error() string {
	return fmt.Sprintf("%d bytes could not be allocated: %v", e.bytes, e.err)
}

func (e *noRoomError) Unwrap() error { return e.err }
