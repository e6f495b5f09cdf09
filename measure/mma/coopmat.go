package mma

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/gpuarch/gpuarch/backend/drivercode"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/stats"
)

// coopMatExpect are the machine-code mnemonics (prefix match) of
// cooperative-matrix multiply-adds in the listings drivers give: AMD's
// WMMA, Intel's DPAS. NVIDIA's driver gives statistics only, so the
// check there is the binary's growth with the chain.
var coopMatExpect = map[string][]string{"amdgcn": {"v_wmma"}, "intel": {"dpas"}}

// initThreads is the init kernel's workgroup size, for its launch and for
// building its pipeline ahead.
const initThreads = 64

// CoopMatJob measures one cooperative-matrix form through the backend's
// Codegen (SPIR-V: see package backend/vk): its latency, by dependent
// chains of Config.LatencyLengths multiply-adds from one subgroup (the
// slope over lengths; length 0 is the control group), and its throughput
// in operations (a multiply-add counts two) per clock per SM, the best of
// shapes, rerun Config.Repeats times. op is the records' neutral
// operation (record.Record.Op), set on the throughput record only: the
// CUDA backend's mma.sync of the same types performs it with another
// shape, so rates compare and latencies do not. reference is the
// documented dense rate in operations per clock per SM (0: none), with
// its source. On a device without the form the records are skipped
// ("not supported by this device: ...").
func CoopMatJob(suite string, cm kernel.CoopMat, op string, shapes []CoopMatShape, reference float64, source string) engine.Job {
	return &coopMatJob{suite: suite, cm: cm, op: op, shapes: shapes, reference: reference, source: source}
}

type coopMatJob struct {
	suite, op string
	cm        kernel.CoopMat
	shapes    []CoopMatShape
	reference float64
	source    string
	lengths   []int
	c         *engine.Compiled
}

func (j *coopMatJob) module() string { return CoopMatModule(j.cm) }

func (j *coopMatJob) initKernel() string { return CoopMatInitKernel(j.cm) }

func (j *coopMatJob) latKernel(n int) string { return CoopMatLatencyKernel(j.cm, n) }

func (j *coopMatJob) tpKernel(ilp int) string { return CoopMatThroughputKernel(j.cm, ilp) }

// kernels lists the module's kernels for the given latency lengths
// (CoopMatKernels).
func (j *coopMatJob) kernels(lengths []int) []kernel.Spec {
	return CoopMatKernels(j.cm, j.shapes, lengths)
}

func (j *coopMatJob) Prepare(ctx context.Context, r *engine.Runner) {
	j.lengths = slices.Clone(r.Config.LatencyLengths)
	sort.Ints(j.lengths)
	ks := j.kernels(j.lengths)
	if _, err := r.GPU.Codegen().Module(ks); errors.Is(err, kernel.ErrUnsupported) {
		// Said plainly: "not supported by this device: the driver does
		// not list ...", without the module and kernel names.
		msg := err.Error()
		if i := strings.Index(msg, kernel.ErrUnsupported.Error()); i >= 0 {
			msg = msg[i:]
		}
		j.c = &engine.Compiled{Failure: &record.Record{Status: record.StatusSkipped, Reason: msg}}
		return
	}
	j.c = r.CompileKernels(ctx, j.module(), ks)
	// Each kernel built at the widths it will be launched with, here on a
	// compile worker (a Vulkan pipeline each).
	if pr, ok := j.c.Prog.(engine.Preparer); ok && j.c.Failure == nil {
		_ = pr.Prepare(j.initKernel(), initThreads, 0)
		for _, n := range j.lengths {
			_ = pr.Prepare(j.latKernel(n), r.WarpSize(), 0)
		}
		for _, s := range j.shapes {
			_ = pr.Prepare(j.tpKernel(s.ILP), s.Subgroups*r.WarpSize(), 0)
		}
	}
}

func (j *coopMatJob) Close() { j.c.Close() }

func (j *coopMatJob) Measure(ctx context.Context, r *engine.Runner) ([]record.Record, error) {
	newRec := func(q record.Quantity, unit string) record.Record {
		rec := record.Record{ID: ID(j.cm.Name(), q), Suite: j.suite, Subject: j.cm.Name(), Group: GroupCoopMat,
			Quantity: q, Unit: unit, Status: record.StatusOK,
			Note: fmt.Sprintf("Vulkan cooperative matrix (VK_KHR_cooperative_matrix, subgroup scope): %d×%d×%d, A %s, B %s, C %s, result %s; %d operations a multiply-add",
				j.cm.M, j.cm.N, j.cm.K, j.cm.A, j.cm.B, j.cm.C, j.cm.Result, j.cm.FlopsPerInstr())}
		rec.Provenance = r.ProvenanceOf(j.module(), j.c.Hash)
		rec.Provenance.CompileSeconds = j.c.Compile.Seconds()
		return rec
	}
	lat := newRec(record.Latency, "cycles")
	tp := newRec(record.Throughput, "operations/clock/SM")
	tp.Op = j.op
	out := func() []record.Record { return []record.Record{lat, tp} }
	if f := j.c.Failure; f != nil {
		for _, rec := range []*record.Record{&lat, &tp} {
			rec.Status, rec.Reason = f.Status, f.Reason
		}
		return out(), j.c.FatalErr
	}
	fail := func(err error, recs ...*record.Record) {
		for _, rec := range recs {
			rec.Status, rec.Reason = record.StatusFailed, err.Error()
		}
	}
	data, err := r.GPU.Alloc(kernel.CoopMatDataBytes)
	if err != nil {
		fail(err, &lat, &tp)
		return out(), engine.FatalOrNil(err)
	}
	defer data.Free()
	words := kernel.CoopMatRegion / 4
	if err := j.c.Prog.Launch(ctx, j.initKernel(), engine.Grid{Blocks: words / initThreads, Threads: initThreads}, r.Config.LaunchTimeout, data.Ptr(), uint32(words)); err != nil {
		err = fmt.Errorf("fill the matrices: %w", err)
		fail(err, &lat, &tp)
		return out(), engine.FatalOrNil(err)
	}
	clk, err := r.Clock(ctx)
	if err != nil {
		fail(err, &lat, &tp)
		return out(), engine.FatalOrNil(err)
	}
	lat.Provenance.Clock = clk
	j.verifyLatency(r, &lat)
	if lat.Status == record.StatusOK {
		progress(r, "%s: latency", j.cm.Name())
		if err := j.latency(ctx, r, data, &lat); err != nil {
			fail(err, &lat)
			if engine.Fatal(err) {
				fail(fmt.Errorf("not measured: %w", err), &tp)
				return out(), err
			}
		}
	}
	progress(r, "%s: throughput", j.cm.Name())
	if err := j.throughput(ctx, r, data, &tp); err != nil {
		fail(err, &tp)
		if engine.Fatal(err) {
			return out(), err
		}
	}
	engine.Finite(&lat)
	engine.Finite(&tp)
	return out(), nil
}

// latency times the chains of every length LatencyRepeats times and fits
// cycles against length, as measureLatency does for a Step.
func (j *coopMatJob) latency(ctx context.Context, r *engine.Runner, data engine.Buffer, rec *record.Record) error {
	out, err := r.GPU.Alloc(256)
	if err != nil {
		return err
	}
	defer out.Free()
	// The sink holds a stored matrix, were the guard ever met.
	big, err := r.GPU.Alloc(kernel.CoopMatRegion)
	if err != nil {
		return err
	}
	defer big.Free()
	samples := make([][]float64, len(j.lengths))
	for range r.Config.LatencyRepeats {
		for i, n := range j.lengths {
			k := j.latKernel(n)
			if err := j.c.Prog.Launch(ctx, k, engine.Grid{Blocks: 1, Threads: r.WarpSize()}, r.Config.LaunchTimeout, out.Ptr(), big.Ptr(), data.Ptr(), uint32(2), uint32(0)); err != nil {
				return fmt.Errorf("latency kernel %s: %w", k, err)
			}
			b, err := out.Read()
			if err != nil {
				return err
			}
			samples[i] = append(samples[i], float64(binary.LittleEndian.Uint64(b)))
		}
	}
	est, err := engine.EstimateLatency(j.lengths, samples)
	if err != nil {
		return err
	}
	rec.Latency, rec.Value, rec.Samples, rec.Summary = est.Detail, est.Detail.Cycles, est.Slopes, engine.Summarize(est.Slopes)
	rec.Warnings = append(rec.Warnings, est.Warnings...)
	for _, n := range j.lengths {
		rec.Provenance.Kernels = append(rec.Provenance.Kernels, j.latKernel(n))
	}
	if rec.Value <= 0 {
		return fmt.Errorf("non-positive latency (%.3g cycles): the chain did not lengthen the kernel (a compiler that removed or folded it, or timer noise larger than the chain)", rec.Value)
	}
	if clk := rec.Provenance.Clock; clk != nil && clk.Hz > 0 {
		rec.Latency.Seconds = rec.Value / clk.Hz
	}
	return nil
}

// verifyLatency checks the longest chain's compiled code from the
// driver's report: the expected mnemonics where it gives machine code,
// else the binary's growth from the control group (length 0) to the
// longest chain. A chain the compiler removed makes the record invalid.
func (j *coopMatJob) verifyLatency(r *engine.Runner, rec *record.Record) {
	in, ok := j.c.Prog.(drivercode.Inspector)
	if !ok || len(j.lengths) == 0 {
		rec.Code = &record.CodeCheck{Status: engine.CodeNotVerified, Note: "the backend reports no machine code for cooperative-matrix kernels"}
		return
	}
	spec := engine.ChainSpec{Subject: j.cm.Name(), ExpectISA: coopMatExpect}
	longest := j.lengths[len(j.lengths)-1]
	rec.Code = drivercode.InspectKernel(in, spec, j.latKernel(longest), r.WarpSize(), longest)
	if rec.Code.Status == engine.CodeNotVerified && len(j.lengths) >= 2 {
		drivercode.Growth(in, rec.Code, j.latKernel(j.lengths[0]), r.WarpSize(), j.lengths[0], longest)
	}
	if rec.Code.Status == engine.CodeInvalid {
		rec.Status, rec.Reason = record.StatusInvalid, "machine code: "+rec.Code.Note
	}
}

// launch runs the throughput kernel at shape s for iters iterations and
// returns the per-SM rate in operations per clock.
func (j *coopMatJob) launch(ctx context.Context, r *engine.Runner, s CoopMatShape, iters int, data, sink engine.Buffer) (engine.Rate, error) {
	d := r.GPU.Device()
	threads := s.Subgroups * r.WarpSize()
	blocks := max(1, d.SMs) * s.GroupsPerSM
	warps := blocks * s.Subgroups
	out, err := r.GPU.Alloc(warps * engine.WarpRecordBytes)
	if err != nil {
		return engine.Rate{}, err
	}
	defer out.Free()
	k := j.tpKernel(s.ILP)
	if err := j.c.Prog.Launch(ctx, k, engine.Grid{Blocks: blocks, Threads: threads}, r.Config.LaunchTimeout, out.Ptr(), sink.Ptr(), data.Ptr(), uint32(iters), uint32(0)); err != nil {
		return engine.Rate{}, fmt.Errorf("throughput kernel %s: %w", k, err)
	}
	b, err := out.Read()
	if err != nil {
		return engine.Rate{}, err
	}
	ws, err := r.DecodeWarps(b, warps)
	if err != nil {
		return engine.Rate{}, fmt.Errorf("throughput kernel %s: %w", k, err)
	}
	perWarp := float64(iters) * float64(CoopMatUnroll(s.ILP)*s.ILP) * float64(j.cm.FlopsPerInstr())
	return r.RateOf(ws, perWarp)
}

// sized returns the iterations that make a launch at s last about
// Config.TargetCycles, from a pilot.
func (j *coopMatJob) sized(ctx context.Context, r *engine.Runner, s CoopMatShape, data, sink engine.Buffer) (int, error) {
	const pilot = 8
	rate, err := j.launch(ctx, r, s, pilot, data, sink)
	if err != nil {
		return 0, err
	}
	n := math.Ceil(pilot * r.Config.TargetCycles / math.Max(rate.MedianCycles, 1))
	return min(int(math.Min(math.Max(n, pilot), 1<<22)), r.MaxIterations()), nil
}

// shapeRecord describes a shape as records do.
func (j *coopMatJob) shapeRecord(r *engine.Runner, s CoopMatShape, iters int) record.Shape {
	return record.Shape{WarpsPerSM: s.WarpsPerSM(), ILP: s.ILP, BlocksPerSM: s.GroupsPerSM, ThreadsPerBlk: s.Subgroups * r.WarpSize(),
		StepsPerIter: CoopMatUnroll(s.ILP) * s.ILP, Iterations: iters}
}

// throughput sweeps the shapes, reruns the best Config.Repeats times and
// fills rec: Value in operations per clock per SM, the whole GPU's
// operations per second at the measured clock, and the documented peak's
// share.
func (j *coopMatJob) throughput(ctx context.Context, r *engine.Runner, data engine.Buffer, rec *record.Record) error {
	sink, err := r.GPU.Alloc(kernel.CoopMatRegion)
	if err != nil {
		return err
	}
	defer sink.Free()
	d := r.GPU.Device()
	det := &record.ThroughputDetail{}
	rec.Through = det
	best, bestIters := CoopMatShape{}, 0
	for _, s := range j.shapes {
		if most := d.MaxWarpsPerSM; most > 0 && s.WarpsPerSM() > most {
			det.Sweep = append(det.Sweep, record.SweepPoint{Shape: j.shapeRecord(r, s, 0), Skipped: fmt.Sprintf("%d subgroups per SM, the device runs at most %d", s.WarpsPerSM(), most)})
			continue
		}
		iters, err := j.sized(ctx, r, s, data, sink)
		if err != nil {
			return err
		}
		rate, err := j.launch(ctx, r, s, iters, data, sink)
		if err != nil {
			return err
		}
		det.Sweep = append(det.Sweep, record.SweepPoint{Shape: j.shapeRecord(r, s, iters), WarpInstPerClockPerSM: rate.PerSM})
		if rate.PerSM > det.WarpInstPerClockPerSM {
			det.WarpInstPerClockPerSM, best, bestIters = rate.PerSM, s, iters
		}
	}
	if bestIters == 0 {
		return fmt.Errorf("no shape of the %d tried fits the device", len(j.shapes))
	}
	var samples, clocks []float64
	var last engine.Rate
	for range max(1, r.Config.Repeats) {
		rate, err := j.launch(ctx, r, best, bestIters, data, sink)
		if err != nil {
			return err
		}
		samples = append(samples, rate.PerSM)
		if rate.ClockHz > 0 {
			clocks = append(clocks, rate.ClockHz)
		}
		last = rate
	}
	rec.Samples, rec.Summary = samples, engine.Summarize(samples)
	rec.Value = stats.Median(samples)
	det.Best = j.shapeRecord(r, best, bestIters)
	det.WarpInstPerClockPerSM, det.ResultsPerClockPerSM = rec.Value, rec.Value
	det.SMsSeen = last.SMs
	if len(clocks) > 0 {
		hz := stats.Median(clocks)
		det.ResultsPerSecond = rec.Value * float64(d.SMs) * hz
		rec.Provenance.Clock = &record.Clock{Hz: hz, Source: "the subgroup clock over the device clock inside the matrix kernel (median over SMs)"}
	}
	if j.reference > 0 {
		det.Reference = &record.Reference{Class: "tensor " + j.cm.A, Row: "dense peak", Source: j.source,
			ResultsPerClockPerSM: j.reference, Ratio: rec.Value / j.reference}
	}
	rec.Provenance.Kernels = []string{j.tpKernel(best.ILP)}
	j.verifyThroughput(r, best, rec)
	return nil
}

// verifyThroughput checks the best shape's kernel as verifyLatency checks
// the chains: the expected mnemonics where the driver gives machine
// code, else the binary's growth from the control group to the loop's
// multiply-adds (which also counts the kernel's other extra code, so it
// can only overstate the growth of a step).
func (j *coopMatJob) verifyThroughput(r *engine.Runner, best CoopMatShape, rec *record.Record) {
	in, ok := j.c.Prog.(drivercode.Inspector)
	if !ok || len(j.lengths) == 0 {
		rec.Code = &record.CodeCheck{Status: engine.CodeNotVerified, Note: "the backend reports no machine code for cooperative-matrix kernels"}
		return
	}
	steps := CoopMatUnroll(best.ILP) * best.ILP
	threads := best.Subgroups * r.WarpSize()
	spec := engine.ChainSpec{Subject: j.cm.Name(), ExpectISA: coopMatExpect}
	rec.Code = drivercode.InspectKernel(in, spec, j.tpKernel(best.ILP), threads, steps)
	if rec.Code.Status == engine.CodeNotVerified && j.lengths[0] == 0 {
		drivercode.Growth(in, rec.Code, j.latKernel(0), threads, 0, steps)
	}
	if rec.Code.Status == engine.CodeInvalid {
		rec.Status, rec.Reason = record.StatusInvalid, "machine code: "+rec.Code.Note
	}
}

// progress reports what the job measures now to the runner's Progress,
// where it has one.
func progress(r *engine.Runner, format string, args ...any) {
	if r.Progress != nil {
		r.Progress(fmt.Sprintf(format, args...))
	}
}
