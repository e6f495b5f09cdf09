package probe

import (
	"context"
	"fmt"

	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/measure/dispatch"
	"github.com/gpuarch/gpuarch/ptx"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/stats"
)

// BarrierKernel builds the barrier probe: every thread of the block runs
// iters loop iterations of kernel.SyncUnroll bar.sync, and thread 0 stores
// the loop's cycles at out. Parameters: out (u64), iters (u32).
func BarrierKernel(name string) *ptx.Kernel {
	k := ptx.NewKernel(name)
	outP, itersP := k.Param("out", ptx.U64), k.Param("iters", ptx.U32)
	iters := k.Load(itersP)
	k.Op("bar.sync", ptx.Int(0))
	c0 := k.Read(ptx.Clock64)
	k.Loop(iters, func() {
		for range kernel.SyncUnroll {
			k.Op("bar.sync", ptx.Int(0))
		}
	})
	storeCycles(k, outP, c0, k.Read(ptx.Clock64), ptx.Reg{})
	return k
}

// atomicKernel is the name of a's chain kernel.
func atomicKernel(a kernel.Atomic) string {
	name := "atomic_" + KernelName(a.Name())
	if a.Aggregated {
		name += "_agg"
	}
	return name
}

// atomicStep emits one atomic of the chain: v takes the value the atomic
// returns (an aggregated add: the value its warp's elected lane got).
func atomicStep(k *ptx.Kernel, a kernel.Atomic, op string, v, addr ptx.Reg) {
	switch {
	case a.Aggregated:
		sum, leader, old := k.Reg(ptx.U32), k.Reg(ptx.U32), k.Reg(ptx.U32)
		p := k.Reg(ptx.Pred)
		k.Op("mov.u32", old, ptx.Int(0))
		k.Raw(fmt.Sprintf("redux.sync.add.u32 %s, %s, 0xffffffff;", sum, v))
		k.Raw(fmt.Sprintf("elect.sync %s|%s, 0xffffffff;", leader, p))
		k.Raw(fmt.Sprintf("@%s %s %s, [%s], %s;", p, op, old, addr, sum))
		k.Raw(fmt.Sprintf("shfl.sync.idx.b32 %s, %s, %s, 0x1f, 0xffffffff;", v, old, leader))
	case a.Op == "cas":
		k.Raw(fmt.Sprintf("%s %s, [%s], %s, 7;", op, v, addr, v))
	default:
		k.Raw(fmt.Sprintf("%s %s, [%s], %s;", op, v, addr, v))
	}
}

// AtomicKernel builds the atomics probe for a: every thread chains iters
// loop iterations of kernel.SyncUnroll atomics, each taking the value the last returned, on the 8-byte word
// (thread / ways) of buf (global: the grid's thread index; shared: the
// block's, in dynamic shared memory), and lane 0 of every warp writes a
// warp record. ways lanes share each word: 1 is uncontended. Parameters:
// out (u64), buf (u64), iters (u32), ways (u32).
func AtomicKernel(name string, a kernel.Atomic) *ptx.Kernel {
	k := ptx.NewKernel(name)
	outP, bufP := k.Param("out", ptx.U64), k.Param("buf", ptx.U64)
	itersP, waysP := k.Param("iters", ptx.U32), k.Param("ways", ptx.U32)
	iters, ways := k.Load(itersP), k.Load(waysP)
	tid, ntid, ctaid := k.Read(ptx.TidX), k.Read(ptx.NtidX), k.Read(ptx.CtaidX)
	idx := k.Reg(ptx.U32)
	if a.Space == "shared" {
		k.Op("div.u32", idx, tid, ways)
	} else {
		k.Op("mad.lo.u32", idx, ctaid, ntid, tid)
		k.Op("div.u32", idx, idx, ways)
	}
	var addr ptx.Reg
	if a.Space == "shared" {
		base := k.Reg(ptx.U32)
		k.Op("mov.u32", base, ptx.Imm(ptx.DynamicShared))
		addr = k.Reg(ptx.U32)
		k.Op("mad.lo.u32", addr, idx, ptx.Int(8), base)
	} else {
		off := k.Reg(ptx.U64)
		k.Op("mul.wide.u32", off, idx, ptx.Int(8))
		addr = k.Reg(ptx.U64)
		k.Op("add.u64", addr, k.Load(bufP), off)
	}
	t := ptx.Type(a.Type)
	v := k.Reg(t)
	switch a.Type {
	case "u64":
		k.Op("cvt.u64.u32", v, tid)
	case "f32":
		k.Op("cvt.rn.f32.u32", v, tid)
	default:
		k.Op("mov.b32", v, tid)
	}
	k.Op("bar.sync", ptx.Int(0))
	c0, g0 := k.Read(ptx.Clock64), k.Read(ptx.GlobalTimer)
	op := fmt.Sprintf("atom.%s.%s.%s", a.Space, a.Op, a.Type)
	k.Loop(iters, func() {
		for range kernel.SyncUnroll {
			atomicStep(k, a, op, v, addr)
		}
	})
	c1, g1 := k.Read(ptx.Clock64), k.Read(ptx.GlobalTimer)
	writeWarpRecord(k, outP, c0, c1, g0, g1)
	// Keep the chain: store it when ways is 0, which the host never
	// passes and the compiler cannot rule out.
	never := k.Reg(ptx.Pred)
	k.Op("setp.eq.u32", never, ways, ptx.Int(0))
	st := "st.global.b32"
	switch a.Type {
	case "u64":
		st = "st.global.u64"
	case "f32":
		st = "st.global.f32"
	}
	k.If(never, func() { k.Op(st, ptx.Addr{Base: k.Load(bufP)}, v) })
	return k
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
func SyncJob(suite string, warps []int, atomics []AtomicCase) Job {
	return &syncJob{suite: suite, warps: warps, atomics: atomics}
}

type syncJob struct {
	suite   string
	warps   []int
	atomics []AtomicCase
	c       *compiled
	// unsupported says, by kernel, why an atomic is not measured here.
	unsupported map[string]string
	// execOnly: the module has a barrier without memory semantics too.
	execOnly bool
}

func (j *syncJob) Prepare(ctx context.Context, r *Runner) {
	cg := r.GPU.Codegen()
	ks := []kernel.Spec{kernel.BarrierSpec{Name: "barrier"}}
	// A barrier without memory semantics, where the language has one
	// apart (SPIR-V's OpControlBarrier with no semantics; PTX's bar.sync
	// always orders memory among the block): what the semantics cost.
	if exec := (kernel.BarrierSpec{Name: "barrier_exec", Op: kernel.ExecutionOnly}); unsupported(cg, exec) == "" {
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
		if why := unsupported(cg, k); why != "" {
			j.unsupported[n] = why
			continue
		}
		seen[n] = true
		ks = append(ks, k)
	}
	j.c = r.compileKernels(ctx, "sync", ks)
}

func (j *syncJob) Close() { j.c.close() }

// syncIters is how many barriers or atomics each thread runs per launch.
const syncIters = 2048

func (j *syncJob) Measure(ctx context.Context, r *Runner) ([]record.Record, error) {
	prov := r.provenanceOf("sync", j.c.hash)
	prov.CompileSeconds = j.c.compile.Seconds()
	var recs []record.Record
	add := func(rec record.Record, err error) error {
		if f := j.c.failure; f != nil {
			rec.Status, rec.Reason = f.Status, f.Reason
		} else if err != nil {
			rec.Status, rec.Reason = record.StatusFailed, err.Error()
		}
		recs = append(recs, rec)
		if err != nil && Fatal(err) {
			return err
		}
		return nil
	}
	for _, n := range j.warps {
		rec := record.Record{ID: dispatch.BarSyncID(n), Suite: j.suite, Subject: dispatch.BarSyncSubject(n), Op: fmt.Sprintf("barrier, %d warps", n),
			Group: dispatch.GroupBarrier, Quantity: record.Latency, Unit: "cycles per barrier", Status: record.StatusOK, Provenance: prov}
		var err error
		if j.c.failure == nil {
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
		rec := record.Record{ID: dispatch.ExecBarrierID(n), Suite: j.suite, Subject: dispatch.ExecBarrierSubject(n),
			Group: dispatch.GroupBarrier, Quantity: record.Latency, Unit: "cycles per barrier", Status: record.StatusOK, Provenance: prov,
			Note: "the workgroup barrier without memory semantics: beside the barrier above (which orders workgroup memory, as bar.sync does), what the memory semantics cost"}
		var err error
		if j.c.failure == nil {
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
		rec := record.Record{ID: dispatch.AtomicID(subject, q), Suite: j.suite, Subject: subject, Op: subject, Group: dispatch.GroupAtomic,
			Quantity: q, Unit: unit, Status: record.StatusOK, Provenance: prov}
		var err error
		if why, ok := j.unsupported[atomicKernel(c.Atomic)]; ok {
			rec.Status, rec.Reason = record.StatusSkipped, why
			recs = append(recs, rec)
			continue
		}
		if j.c.failure == nil {
			err = j.atomic(ctx, r, c, &rec)
		}
		if err := add(rec, err); err != nil {
			return recs, err
		}
	}
	return recs, j.c.fatalErr
}

func (j *syncJob) barrier(ctx context.Context, r *Runner, warps int, rec *record.Record) error {
	return j.barrierKernel(ctx, r, "barrier", warps, rec)
}

// barrierKernel times one barrier kernel at a block of warps.
func (j *syncJob) barrierKernel(ctx context.Context, r *Runner, name string, warps int, rec *record.Record) error {
	out, err := r.GPU.Alloc(64)
	if err != nil {
		return err
	}
	defer out.Free()
	return j.c.medianCycles(ctx, r, name, Grid{Blocks: 1, Threads: r.warpSize() * warps}, out, syncIters, rec, out.Ptr(), uint32(syncIters/kernel.SyncUnroll))
}

func (j *syncJob) atomic(ctx context.Context, r *Runner, c AtomicCase, rec *record.Record) error {
	d := r.GPU.Device()
	g := Grid{Blocks: 1, Threads: r.warpSize()}
	if c.Full {
		g = Grid{Blocks: 8 * d.SMs, Threads: 256}
	}
	if c.Atomic.Space == "shared" {
		g.SharedBytes = 8 * g.Threads
	}
	warps := g.Blocks * g.Threads / r.warpSize()
	out, err := r.GPU.Alloc(warps * WarpRecordBytes)
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
	var samples []float64
	var clocks []float64
	for range 3 {
		if err := out.Clear(); err != nil {
			return err
		}
		if err := j.c.prog.Launch(ctx, atomicKernel(c.Atomic), g, r.Config.LaunchTimeout, out.Ptr(), buf.Ptr(), uint32(syncIters/kernel.SyncUnroll), ways); err != nil {
			return err
		}
		b, err := out.Read()
		if err != nil {
			return err
		}
		ws, err := r.decodeWarps(b, warps)
		if err != nil {
			return err
		}
		if !c.Full {
			samples = append(samples, float64(ws[0].EndCycle-ws[0].StartCycle)/syncIters)
			continue
		}
		rate, err := r.rateOf(ws, syncIters*float64(r.warpSize()))
		if err != nil {
			return err
		}
		samples = append(samples, rate.PerSM)
		if rate.ClockHz > 0 {
			clocks = append(clocks, rate.ClockHz)
		}
	}
	rec.Samples, rec.Summary = samples, summary(samples)
	rec.Value = rec.Summary.Median
	if len(clocks) > 0 {
		rec.Provenance.Clock = &record.Clock{Hz: stats.Median(clocks), Source: r.cycleClock() + " over " + r.timerName() + " inside the atomics kernel (median)"}
	}
	return nil
}
