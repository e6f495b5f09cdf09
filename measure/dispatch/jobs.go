package dispatch

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"github.com/gpuarch/gpuarch/backend/drivercode"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/infer"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/stats"
)

// ControlJob times branches and fences with one warp: cycles per loop
// iteration, the median of five launches.
func ControlJob(suite string, branches []kernel.Branch, fences []kernel.Fence) engine.Job {
	return &controlJob{suite: suite, branches: branches, fences: fences}
}

type controlJob struct {
	suite    string
	branches []kernel.Branch
	fences   []kernel.Fence
	c        *engine.Compiled
}

func branchKernelName(b kernel.Branch) string {
	return fmt.Sprintf("branch_%s_%d", b.Mode, b.Paths)
}

func (j *controlJob) Prepare(ctx context.Context, r *engine.Runner) {
	var ks []kernel.Spec
	seen := map[string]bool{}
	for _, b := range j.branches {
		if n := branchKernelName(b); !seen[n] {
			seen[n] = true
			ks = append(ks, kernel.BranchLoopSpec{Name: n, Branch: b})
		}
	}
	for i, f := range j.fences {
		ks = append(ks, kernel.FenceLoopSpec{Name: fmt.Sprintf("fence_%d", i), Fence: f})
	}
	j.c = r.CompileKernels(ctx, "control", ks)
}

func (j *controlJob) Close() { j.c.Close() }

const controlIters = 2048

func (j *controlJob) Measure(ctx context.Context, r *engine.Runner) ([]record.Record, error) {
	prov := j.c.Provenance("control")
	bufs, free, err := engine.AllocBuffers(r.GPU, 64, 4096)
	if err != nil {
		return nil, err
	}
	defer free()
	out, buf := bufs[0], bufs[1]
	var recs []record.Record
	add := func(rec record.Record, kernel string, expect string, args ...any) error {
		var err error
		if f := j.c.Failure; f != nil {
			rec.Status, rec.Reason = f.Status, f.Reason
		} else if err = j.c.MedianCycles(ctx, r, kernel, engine.Grid{Blocks: 1, Threads: r.WarpSize()}, out, controlIters, &rec, args...); err != nil {
			rec.Status, rec.Reason = record.StatusFailed, err.Error()
		} else if _, driver := j.c.Prog.(drivercode.Inspector); driver {
			rec.Code = j.c.Verifier().Kernel(kernel, engine.ChainSpec{Expect: []string{expect}}, 0, 1, r.WarpSize())
		} else if expect != "" {
			rec.Code = j.c.Verifier().Loop(kernel, []string{expect}, 1, 1)
			if rec.Code.Status == engine.CodeInvalid {
				rec.Status, rec.Reason = record.StatusInvalid, "machine code: "+rec.Code.Note
			}
		}
		recs = append(recs, rec)
		if err != nil && engine.Fatal(err) {
			return err
		}
		return nil
	}
	for _, b := range j.branches {
		rec := record.Record{ID: BranchID(b.Name), Suite: j.suite, Subject: b.Name, Group: GroupBranch, Op: "branch " + b.Name,
			Quantity: record.Latency, Unit: "cycles per iteration", Status: record.StatusOK, Provenance: prov,
			Note: fmt.Sprintf("one warp; each path is %d dependent IMADs", kernel.BranchBodyOps)}
		expect := "BRA"
		if b.Mode == "none" || b.Mode == "predicated" {
			expect = ""
		}
		if err := add(rec, branchKernelName(b), expect, out.Ptr(), uint32(controlIters), b.Mask); err != nil {
			return recs, err
		}
	}
	for i, f := range j.fences {
		rec := record.Record{ID: FenceID(f.Name), Suite: j.suite, Subject: f.Name, Group: GroupFence, Op: f.Op,
			Quantity: record.Latency, Unit: "cycles per iteration", Status: record.StatusOK, Provenance: prov,
			Note: "one warp; each iteration stores a word per lane to global memory, then runs the fence"}
		expect := ""
		if f.PTX != "" || f.Scope != "" {
			expect = "MEMBAR"
		}
		if err := add(rec, fmt.Sprintf("fence_%d", i), expect, out.Ptr(), buf.Ptr(), uint32(controlIters)); err != nil {
			return recs, err
		}
	}
	return recs, j.c.FatalErr
}

// atomicKernel is the name of a's chain kernel.
func atomicKernel(a kernel.Atomic) string {
	name := "atomic_" + engine.KernelName(a.Name())
	if a.Aggregated {
		name += "_agg"
	}
	return name
}

// AtomicCase is one atomics measurement: one warp (latency: cycles per
// dependent atomic) or the whole GPU (throughput: atomics per clock per
// SM, one per lane), with Ways lanes on each word.
type AtomicCase struct {
	Atomic kernel.Atomic
	Ways   int
	Full   bool
	// Variant names the contention in the subject ("32 lanes one
	// address"); "" for none.
	Variant string
}

// SyncJob measures barriers (cycles per bar.sync for each block size in
// Warps) and atomics.
func SyncJob(suite string, warps []int, atomics []AtomicCase) engine.Job {
	return &syncJob{suite: suite, warps: warps, atomics: atomics}
}

type syncJob struct {
	suite   string
	warps   []int
	atomics []AtomicCase
	c       *engine.Compiled
	// unsupported says, by kernel, why an atomic is not measured here.
	unsupported map[string]string
	// execOnly: the module has a barrier without memory semantics too.
	execOnly bool
}

func (j *syncJob) Prepare(ctx context.Context, r *engine.Runner) {
	cg := r.GPU.Codegen()
	ks := []kernel.Spec{kernel.BarrierSpec{Name: "barrier"}}
	// A barrier without memory semantics, where the language has one
	// apart (SPIR-V's OpControlBarrier with no semantics; PTX's bar.sync
	// always orders memory among the block): what the semantics cost.
	if exec := (kernel.BarrierSpec{Name: "barrier_exec", Op: kernel.ExecutionOnly}); engine.Unsupported(cg, exec) == "" {
		ks = append(ks, exec)
		j.execOnly = true
	}
	seen := map[string]bool{}
	j.unsupported = map[string]string{}
	for _, c := range j.atomics {
		n := atomicKernel(c.Atomic)
		if seen[n] || j.unsupported[n] != "" {
			continue
		}
		k := kernel.AtomicChainSpec{Name: n, Atomic: c.Atomic}
		// An atomic the device lacks is skipped, not the module.
		if why := engine.Unsupported(cg, k); why != "" {
			j.unsupported[n] = why
			continue
		}
		seen[n] = true
		ks = append(ks, k)
	}
	j.c = r.CompileKernels(ctx, "sync", ks)
}

func (j *syncJob) Close() { j.c.Close() }

// syncIters is how many barriers or atomics each thread runs per launch;
// oneGPUWays is the Ways from which an atomic case is every thread of the
// GPU on one word (a sixteenth of syncIters a thread).
const (
	syncIters  = 2048
	oneGPUWays = 1 << 20
)

func (j *syncJob) Measure(ctx context.Context, r *engine.Runner) ([]record.Record, error) {
	prov := r.ProvenanceOf("sync", j.c.Hash)
	prov.CompileSeconds = j.c.Compile.Seconds()
	var recs []record.Record
	add := func(rec record.Record, err error) error {
		if f := j.c.Failure; f != nil {
			rec.Status, rec.Reason = f.Status, f.Reason
		} else if err != nil {
			rec.Status, rec.Reason = record.StatusFailed, err.Error()
		}
		recs = append(recs, rec)
		if err != nil && engine.Fatal(err) {
			return err
		}
		return nil
	}
	for _, n := range j.warps {
		rec := record.Record{ID: BarSyncID(n), Suite: j.suite, Subject: BarSyncSubject(n), Op: fmt.Sprintf("barrier, %d warps", n),
			Group: GroupBarrier, Quantity: record.Latency, Unit: "cycles per barrier", Status: record.StatusOK, Provenance: prov}
		var err error
		if j.c.Failure == nil {
			err = j.barrier(ctx, r, n, &rec)
		}
		if err := add(rec, err); err != nil {
			return recs, err
		}
	}
	for _, n := range j.warps {
		if !j.execOnly {
			break
		}
		rec := record.Record{ID: ExecBarrierID(n), Suite: j.suite, Subject: ExecBarrierSubject(n),
			Group: GroupBarrier, Quantity: record.Latency, Unit: "cycles per barrier", Status: record.StatusOK, Provenance: prov,
			Note: "the workgroup barrier without memory semantics: beside the barrier above (which orders workgroup memory, as bar.sync does), what the memory semantics cost"}
		var err error
		if j.c.Failure == nil {
			err = j.barrierKernel(ctx, r, "barrier_exec", n, &rec)
		}
		if err := add(rec, err); err != nil {
			return recs, err
		}
	}
	for _, c := range j.atomics {
		subject := c.Atomic.Name()
		if c.Atomic.Aggregated {
			subject += ", warp-aggregated"
		}
		if c.Variant != "" {
			subject += ", " + c.Variant
		}
		q, unit := record.Latency, "cycles per atomic"
		if c.Full {
			q, unit = record.Throughput, "atomics/clock/SM"
		}
		rec := record.Record{ID: AtomicID(subject, q), Suite: j.suite, Subject: subject, Op: subject, Group: GroupAtomic,
			Quantity: q, Unit: unit, Status: record.StatusOK, Provenance: prov}
		var err error
		if why, ok := j.unsupported[atomicKernel(c.Atomic)]; ok {
			rec.Status, rec.Reason = record.StatusSkipped, why
			recs = append(recs, rec)
			continue
		}
		if j.c.Failure == nil {
			err = j.atomic(ctx, r, c, &rec)
		}
		if err := add(rec, err); err != nil {
			return recs, err
		}
	}
	return recs, j.c.FatalErr
}

func (j *syncJob) barrier(ctx context.Context, r *engine.Runner, warps int, rec *record.Record) error {
	return j.barrierKernel(ctx, r, "barrier", warps, rec)
}

// barrierKernel times one barrier kernel at a block of warps.
func (j *syncJob) barrierKernel(ctx context.Context, r *engine.Runner, name string, warps int, rec *record.Record) error {
	out, err := r.GPU.Alloc(64)
	if err != nil {
		return err
	}
	defer out.Free()
	return j.c.MedianCycles(ctx, r, name, engine.Grid{Blocks: 1, Threads: r.WarpSize() * warps}, out, syncIters, rec, out.Ptr(), uint32(syncIters/kernel.SyncUnroll))
}

func (j *syncJob) atomic(ctx context.Context, r *engine.Runner, c AtomicCase, rec *record.Record) error {
	d := r.GPU.Device()
	g := engine.Grid{Blocks: 1, Threads: r.WarpSize()}
	if c.Full {
		g = engine.Grid{Blocks: 8 * d.SMs, Threads: 256}
	}
	if c.Atomic.Space == "shared" {
		g.SharedBytes = 8 * g.Threads
	}
	warps := g.Blocks * g.Threads / r.WarpSize()
	out, err := r.GPU.Alloc(warps * engine.WarpRecordBytes)
	if err != nil {
		return err
	}
	defer out.Free()
	buf, err := r.GPU.Alloc(8 * g.Blocks * g.Threads)
	if err != nil {
		return err
	}
	defer buf.Free()
	ways := uint32(max(1, c.Ways))
	iters := syncIters
	if c.Full && c.Ways >= oneGPUWays {
		// Every thread of the GPU on one word: the L2 performs 0.3
		// to 0.7 of them a clock for the whole GPU, so a sixteenth
		// of the iterations still runs tens of milliseconds.
		iters = syncIters / 16
	}
	var samples []float64
	var clocks []float64
	for range r.Config.Until.MinOrDefault() {
		if err := out.Clear(); err != nil {
			return err
		}
		if err := j.c.Prog.Launch(ctx, atomicKernel(c.Atomic), g, r.Config.LaunchTimeout, out.Ptr(), buf.Ptr(), uint32(iters/kernel.SyncUnroll), ways); err != nil {
			return err
		}
		b, err := out.Read()
		if err != nil {
			return err
		}
		ws, err := r.DecodeWarps(b, warps)
		if err != nil {
			return err
		}
		if !c.Full {
			samples = append(samples, float64(ws[0].EndCycle-ws[0].StartCycle)/float64(iters))
			continue
		}
		rate, err := r.RateOf(ws, float64(iters*r.WarpSize()))
		if err != nil {
			return err
		}
		samples = append(samples, rate.PerSM)
		if rate.ClockHz > 0 {
			clocks = append(clocks, rate.ClockHz)
		}
	}
	engine.SetSamples(rec, samples)
	if len(clocks) > 0 {
		rec.Provenance.Clock = &record.Clock{Hz: stats.Median(clocks), Source: r.CycleClock() + " over " + r.TimerName() + " inside the atomics kernel (median)"}
	}
	return nil
}

// LaunchCase is one batch the launch probe times.
type LaunchCase struct {
	Subject string
	// Op names what the batch times whatever the API, so that backends
	// pair ("launch, queued one by one" and so on).
	Op    string
	Batch engine.Batch
	// SpinMicros is how long each kernel runs (0: an empty kernel).
	SpinMicros int
	// Repeats runs the batch that many times and keeps the median host
	// time (for single launches, whose round trip varies).
	Repeats int
}

// LaunchJob times batches of one-warp kernels: how fast the host queues
// them, how far apart the GPU starts them, and how many run at once.
func LaunchJob(suite string, cases []LaunchCase) engine.Job {
	return &launchJob{suite: suite, cases: cases}
}

type launchJob struct {
	suite string
	cases []LaunchCase
	c     *engine.Compiled
}

const launchKernel = "launch_stamp"

func (j *launchJob) Prepare(ctx context.Context, r *engine.Runner) {
	j.c = r.CompileKernels(ctx, "launch", []kernel.Spec{kernel.LaunchStampSpec{Name: launchKernel}})
}

func (j *launchJob) Close() { j.c.Close() }

func (j *launchJob) Measure(ctx context.Context, r *engine.Runner) ([]record.Record, error) {
	return engine.MeasureEach(j.c, j.cases, func(c LaunchCase) record.Record {
		return record.Record{ID: LaunchID(c.Subject), Suite: j.suite, Subject: c.Subject, Group: GroupLaunch, Op: c.Op,
			Quantity: record.Launch, Unit: "µs per launch", Status: record.StatusOK, Provenance: j.c.Provenance("launch")}
	}, func(c LaunchCase, rec *record.Record) error { return j.batch(ctx, r, c, rec) })
}

func (j *launchJob) batch(ctx context.Context, r *engine.Runner, c LaunchCase, rec *record.Record) error {
	n := max(1, c.Batch.Launches)
	out, err := r.GPU.Alloc(16 * n)
	if err != nil {
		return err
	}
	defer out.Free()
	spin := r.TimerTicks(c.SpinMicros)
	args := func(i int) []any { return []any{out.Ptr(), uint32(i), spin} }
	var queued, total []float64
	for range max(1, c.Repeats) {
		if err := out.Clear(); err != nil {
			return err
		}
		q, t, err := j.c.Prog.LaunchBatch(ctx, launchKernel, engine.Grid{Blocks: 1, Threads: r.WarpSize()}, c.Batch, r.Config.LaunchTimeout, args)
		if errors.Is(err, kernel.ErrUnsupported) {
			rec.Status, rec.Reason = record.StatusSkipped, err.Error()
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: %w", c.Subject, err)
		}
		queued, total = append(queued, float64(q.Nanoseconds())/float64(n)), append(total, float64(t.Nanoseconds())/float64(n))
	}
	b, err := out.Read()
	if err != nil {
		return err
	}
	det := &record.LaunchDetail{Launches: n, Streams: max(1, c.Batch.Streams), Graph: c.Batch.Graph, SpinNs: int64(c.SpinMicros) * 1000,
		HostQueuedNs: stats.Median(queued), HostTotalNs: stats.Median(total)}
	t0 := uint64(math.MaxUint64)
	raw := make([][2]uint64, n)
	for i := range raw {
		raw[i] = [2]uint64{binary.LittleEndian.Uint64(b[16*i:]), binary.LittleEndian.Uint64(b[16*i+8:])}
		if raw[i][0] == 0 || raw[i][1] < raw[i][0] {
			return fmt.Errorf("%s: kernel %d left no valid time stamps", c.Subject, i)
		}
		t0 = min(t0, raw[i][0])
	}
	per := r.GPU.Device().TimerTicksPerNs
	if per <= 0 {
		per = 1
	}
	for _, k := range raw {
		det.Kernels = append(det.Kernels, [2]int64{int64(float64(k[0]-t0) / per), int64(float64(k[1]-t0) / per)})
	}
	rec.Launch = det
	// Samples are in the record's unit: microseconds per launch, or none
	// when the value is the count of kernels seen running at once.
	rec.Value = det.HostTotalNs / 1000
	for _, ns := range total {
		rec.Samples = append(rec.Samples, ns/1000)
	}
	if st, err := infer.LaunchStatsOf(det); err == nil && c.Batch.Streams > 1 {
		rec.Unit, rec.Value, rec.Samples = "kernels at once", float64(st.Concurrent), nil
	}
	return nil
}

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
func DispatchJob(suite string, ss []DispatchStrategy) engine.Job {
	return &dispatchJob{suite: suite, strategies: ss}
}

type dispatchJob struct {
	suite      string
	strategies []DispatchStrategy
	c          *engine.Compiled
}

const dispatchKernel = "dispatch_spin"

func (j *dispatchJob) Prepare(ctx context.Context, r *engine.Runner) {
	j.c = r.CompileKernels(ctx, "dispatch", []kernel.Spec{kernel.ClockSpinSpec{Name: dispatchKernel}})
}

func (j *dispatchJob) Close() { j.c.Close() }

func (j *dispatchJob) Measure(ctx context.Context, r *engine.Runner) ([]record.Record, error) {
	return engine.MeasureEach(j.c, j.strategies, func(s DispatchStrategy) record.Record {
		return record.Record{ID: TraceID(s.Name), Suite: j.suite, Subject: s.Name, Group: GroupDispatch,
			Quantity: record.Dispatch, Unit: "blocks resident per SM", Status: record.StatusOK, Provenance: j.c.Provenance("dispatch")}
	}, func(s DispatchStrategy, rec *record.Record) error { return j.trace(ctx, r, s, rec) })
}

// trace runs one strategy and fills rec with its trace.
func (j *dispatchJob) trace(ctx context.Context, r *engine.Runner, s DispatchStrategy, rec *record.Record) error {
	d := r.GPU.Device()
	warpsPerBlock := (s.Threads + r.WarpSize() - 1) / r.WarpSize()
	fit, err := j.c.Prog.MaxBlocksPerSM(dispatchKernel, s.Threads, s.SharedBytes)
	driverFit := fit
	switch {
	case errors.Is(err, engine.ErrNoOccupancy) && s.SharedBytes > 0:
		rec.Status, rec.Reason = record.StatusSkipped, fmt.Sprintf("%s: the driver has no occupancy calculation to size a wave of blocks holding shared memory", r.GPU.Device().BackendOf())
		return nil
	case errors.Is(err, engine.ErrNoOccupancy):
		// As many blocks as the SM's warp slots allow: an upper bound,
		// which the trace checks.
		fit, driverFit = max(1, r.MaxWarpsPerSM()/warpsPerBlock), 0
	case err != nil:
		return fmt.Errorf("occupancy of %d threads, %d shared bytes: %w", s.Threads, s.SharedBytes, err)
	}
	if fit < 1 {
		rec.Status, rec.Reason = record.StatusSkipped, fmt.Sprintf("%d-thread blocks with %d bytes of shared memory do not fit an SM", s.Threads, s.SharedBytes)
		return nil
	}
	blocks := max(1, s.Waves) * d.SMs * fit
	n := blocks * warpsPerBlock
	out, err := r.GPU.Alloc(n * engine.WarpRecordBytes)
	if err != nil {
		return err
	}
	defer out.Free()
	g := engine.Grid{Blocks: blocks, Threads: s.Threads, SharedBytes: s.SharedBytes}
	if err := j.c.Prog.Launch(ctx, dispatchKernel, g, r.Config.LaunchTimeout, out.Ptr(), r.TimerTicks(s.SpinMicros)); err != nil {
		return fmt.Errorf("%s: %w", s.Name, err)
	}
	b, err := out.Read()
	if err != nil {
		return err
	}
	ws, err := r.DecodeWarps(b, n)
	if err != nil {
		return fmt.Errorf("%s: %w", s.Name, err)
	}
	if len(ws) > 0 && ws[0].SM == engine.NoSM {
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
