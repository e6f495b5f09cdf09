package probe

import (
	"context"
	"fmt"

	"github.com/gpuarch/gpuarch/measure/async"
	"github.com/gpuarch/gpuarch/ptx"
	"github.com/gpuarch/gpuarch/record"
)

// overlapWindow is the footprint the overlap probe's copies sweep: 64
// KiB, which stays in L2 once the first launch has read it (cp.async.cg
// skips L1).
const overlapWindow = 64 << 10

// OverlapChains is how many independent FFMA chains the overlap probe's
// arithmetic runs on: four, enough for one warp to issue an FFMA about
// every cycle (4-cycle latency).
const OverlapChains = 4

// CpAsyncOverlapKernel builds the latency-hiding probe: one warp; in each
// loop iteration every lane issues one 16-byte cp.async.cg (from L2),
// commits it, runs ffma independent FFMA (overlapChains chains) and waits
// for the copy (cp.async.wait_group 0) before the next. While the FFMA
// take less time than the copy, the iteration costs the copy's latency;
// past that, their own. ptxas may move independent arithmetic across the
// copy and its wait, so the FFMA are pinned between them: their chains
// start from a volatile shared load made after the copy is committed, and
// end in a volatile shared store before the wait (both in every variant,
// the FFMA-free one storing what it loaded). Thread 0 stores the loop's
// cycles. Parameters: out (u64), buf (u64), iters (u32), mask (u32).
func CpAsyncOverlapKernel(name string, ffma int) *ptx.Kernel {
	k := ptx.NewKernel(name)
	outP, bufP, itersP, maskP := k.Param("out", ptx.U64), k.Param("buf", ptx.U64), k.Param("iters", ptx.U32), k.Param("mask", ptx.U32)
	iters, mask, buf := k.Load(itersP), k.Load(maskP), k.Load(bufP)
	tid := k.Read(ptx.TidX)
	base := sharedBase(k)
	dst, off, scratch := k.Reg(ptx.U32), k.Reg(ptx.U32), k.Reg(ptx.U32)
	k.Op("mad.lo.u32", dst, tid, ptx.Int(16), base)
	k.Op("mul.lo.u32", off, tid, ptx.Int(16))
	k.Op("mad.lo.u32", scratch, tid, ptx.Int(4), base)
	k.Op("add.u32", scratch, scratch, ptx.Int(OverlapScratch))
	accs := make([]ptx.Reg, OverlapChains)
	fa, fb := k.Reg(ptx.F32), k.Reg(ptx.F32)
	k.Op("mov.f32", fa, ptx.Imm("0f3F7FF972"))
	k.Op("mov.f32", fb, ptx.Imm("0f3A83126F"))
	for i := range accs {
		accs[i] = k.Reg(ptx.F32)
		k.Op("cvt.rn.f32.u32", accs[i], tid)
	}
	k.Op("bar.sync", ptx.Int(0))
	c0 := k.Read(ptx.Clock64)
	k.Loop(iters, func() {
		g, o := k.Reg(ptx.U64), k.Reg(ptx.U64)
		k.Op("cvt.u64.u32", o, off)
		k.Op("add.u64", g, buf, o)
		k.Raw(fmt.Sprintf("cp.async.cg.shared.global [%s], [%s], 16;", dst, g))
		k.Raw("cp.async.commit_group;")
		v := k.Reg(ptx.F32)
		k.Op("ld.volatile.shared.f32", v, ptx.Addr{Base: scratch})
		for i := range ffma {
			a := accs[i%OverlapChains]
			if i < OverlapChains {
				k.Op("fma.rn.f32", a, a, fa, v)
			} else {
				k.Op("fma.rn.f32", a, a, fa, fb)
			}
		}
		sum := v
		if ffma > 0 {
			sum = k.Reg(ptx.F32)
			k.Op("add.f32", sum, accs[0], accs[1%OverlapChains])
			for _, a := range accs[2:] {
				k.Op("add.f32", sum, sum, a)
			}
		}
		k.Op("st.volatile.shared.f32", ptx.Addr{Base: scratch}, sum)
		k.Raw("cp.async.wait_group 0;")
		k.Op("add.u32", off, off, ptx.Int(32*16))
		k.Op("and.b32", off, off, mask)
	})
	c1 := k.Read(ptx.Clock64)
	storeCycles(k, outP, c0, c1, ptx.Reg{})
	return k
}

// OverlapScratch is where the overlap probe's lanes keep their word in
// shared memory, after the copies' 16 bytes a lane.
const OverlapScratch = 32 * 16

func overlapKernel(ffma int) string { return fmt.Sprintf("cp_async_overlap_%d", ffma) }

// OverlapJob measures how much independent arithmetic one warp's
// cp.async from L2 hides: its loop's cycles against the FFMA each copy
// overlaps (counts), the value the most FFMA that leave the loop within
// 5% of the copy alone.
func OverlapJob(suite string, counts []int) Job {
	j := &PTXJob{Module: "async_overlap"}
	j.Kernels = func() []*ptx.Kernel {
		var ks []*ptx.Kernel
		for _, n := range counts {
			ks = append(ks, CpAsyncOverlapKernel(overlapKernel(n), n))
		}
		return ks
	}
	subject := "cp.async.cg 16 B from L2, FFMA hidden"
	j.Items = append(j.Items, Item{Rec: record.Record{ID: async.AmountID(subject), Suite: suite, Subject: subject, Group: async.GroupCpAsync,
		Quantity: record.Amount, Unit: "FFMA per copy",
		Note: fmt.Sprintf("one warp: each loop iteration every lane issues one 16-byte cp.async.cg from a %s window in L2, commits it, runs independent FFMA (%d chains, pinned between the copy and its wait by a volatile shared load they start from and a volatile shared store they end in) and waits for the copy (wait_group 0); the sweep is cycles per iteration against the FFMA per copy; the value is the most FFMA whose iteration stays within 5%% of the copy alone (the arithmetic the copy's latency hides)", SizeName(overlapWindow), OverlapChains)},
		Run: func(ctx context.Context, r *Runner, c *Compiled, rec *record.Record) error {
			return overlap(ctx, r, c, counts, rec)
		}})
	return j
}

func overlap(ctx context.Context, r *Runner, c *Compiled, counts []int, rec *record.Record) error {
	bufs, free, err := AllocBuffers(r.GPU, overlapWindow, 64)
	if err != nil {
		return err
	}
	defer free()
	buf, out := bufs[0], bufs[1]
	const iters = 512
	rec.Sweep = &record.SweepDetail{X: "FFMA per copy", Y: "cycles per iteration"}
	base := -1.0
	for _, n := range counts {
		var one record.Record
		pt := record.ParamPoint{X: float64(n)}
		g := Grid{Blocks: 1, Threads: 32, SharedBytes: OverlapScratch + 32*4}
		if err := c.MedianCycles(ctx, r, overlapKernel(n), g, out, iters, &one, out.Ptr(), buf.Ptr(), uint32(iters), uint32(overlapWindow-1)); err != nil {
			if Fatal(err) {
				return err
			}
			pt.Failed = err.Error()
			rec.Sweep.Points = append(rec.Sweep.Points, pt)
			continue
		}
		pt.Value, pt.Min, pt.Max = one.Value, one.Summary.Min, one.Summary.Max
		rec.Sweep.Points = append(rec.Sweep.Points, pt)
		if n == 0 {
			base = one.Value
		}
		if base > 0 && one.Value <= 1.05*base {
			rec.Value, rec.Samples, rec.Summary = float64(n), []float64{float64(n)}, nil
			rec.Sweep.Best = len(rec.Sweep.Points) - 1
		}
	}
	if base <= 0 {
		rec.Status, rec.Reason = record.StatusFailed, "the copy alone was not measured"
		return nil
	}
	last := counts[len(counts)-1]
	if rec.Value == float64(last) {
		rec.Note += fmt.Sprintf("; even %d FFMA did not slow the loop: the value is a lower bound", last)
	}
	Verified(rec, c.CheckClocked(overlapKernel(last), []string{"LDGSTS", "FFMA"}, 1))
	return nil
}
