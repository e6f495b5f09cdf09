package cudagpu

import (
	"fmt"
	"strings"

	"github.com/gpuarch/gpuarch/ptx"
)

// AsyncCopy is one asynchronous copy a latency chain times.
type AsyncCopy struct {
	// Kind: "cp.async" (LDGSTS, per thread, global to shared), "bulk"
	// (cp.async.bulk, the TMA's untiled copy, global to shared), "tensor"
	// (cp.async.bulk.tensor of Rank dimensions), "bulk store" and
	// "tensor store" (shared to global).
	Kind string
	// Width is a cp.async's bytes per thread (4, 8, 16), CacheOp its
	// cache operator ("ca": allocate in L1, "cg": L2 only); WaitAll
	// waits with cp.async.wait_all instead of commit_group + wait_group 0.
	Width   int
	CacheOp string
	WaitAll bool
	// Rank is a tensor copy's dimensions (1-5).
	Rank int
}

// Kernel is the copy's latency kernel name.
func (a AsyncCopy) Kernel() string {
	switch a.Kind {
	case "cp.async":
		n := fmt.Sprintf("cpasync_%s%d", a.CacheOp, a.Width)
		if a.WaitAll {
			n += "_all"
		}
		return n
	case "tensor", "tensor store":
		return fmt.Sprintf("%s_%dd", strings.ReplaceAll(a.Kind, " ", "_"), a.Rank)
	}
	return strings.ReplaceAll(a.Kind, " ", "_")
}

// SingleThread is whether one thread issues the copy (the TMA's copies)
// rather than every lane of the warp (cp.async).
func (a AsyncCopy) SingleThread() bool { return a.Kind != "cp.async" }

// Coords is whether the copy addresses a tensor by coordinates.
func (a AsyncCopy) Coords() bool { return strings.HasPrefix(a.Kind, "tensor") }

// Expect is the machine code the copy compiles to.
func (a AsyncCopy) Expect() []string {
	switch a.Kind {
	case "cp.async":
		return []string{"LDGSTS"}
	case "bulk", "bulk store":
		return []string{"UBLKCP"}
	case "tensor":
		return []string{"UTMALDG"}
	}
	return []string{"UTMASTG"}
}

// AsyncSteps is how many dependent copies a latency kernel's loop
// iteration holds.
const AsyncSteps = 4

// AsyncLatencyKernel builds a dependent chain of copies: each step copies
// into shared memory, waits until the copy is visible (cp.async's wait,
// or the mbarrier's phase for the TMA's loads, or the bulk group's wait
// for stores), reads the copied word back (ld.volatile.shared, always 0)
// and adds it into the next copy's offset, which moves by delta within
// mask (0: the same address every step). control builds the same chain
// without the copy, whose time the copy's latency is taken over.
// Parameters: out (u64), buf (u64), iters (u32), mask (u32), delta (u32),
// size (u32, the TMA's bytes), then for tensor copies the tensor map.
func AsyncLatencyKernel(name string, a AsyncCopy, control bool) *ptx.Kernel {
	k := ptx.NewKernel(name)
	outP, bufP, itersP := k.Param("out", ptx.U64), k.Param("buf", ptx.U64), k.Param("iters", ptx.U32)
	maskP, deltaP, sizeP := k.Param("mask", ptx.U32), k.Param("delta", ptx.U32), k.Param("size", ptx.U32)
	var tmap ptx.Reg
	if a.Coords() {
		tp := k.ParamBytes("tmap", 128, 64)
		tmap = k.Reg(ptx.U64)
		k.Op("mov.u64", tmap, ptx.Imm(tp.Name))
		k.Op("cvta.param.u64", tmap, tmap)
	}
	iters, mask, delta, size := k.Load(itersP), k.Load(maskP), k.Load(deltaP), k.Load(sizeP)
	buf := k.Load(bufP)
	tid := k.Read(ptx.TidX)
	base := sharedBase(k)
	s := k.Reg(ptx.U32)
	k.Op("mad.lo.u32", s, tid, ptx.Int(16), base)
	k.Op("add.u32", s, s, ptx.Int(AsyncData))
	k.Op("st.shared.u32", ptx.Addr{Base: s}, ptx.Int(0))
	g0 := k.Reg(ptx.U64)
	if a.SingleThread() {
		k.Op("mov.u64", g0, buf)
		ifThread(k, tid, 0, func() { initBarriers(k, base, 1, 1) })
	} else {
		k.Op("mul.wide.u32", g0, tid, ptx.Int(16))
		k.Op("add.u64", g0, g0, buf)
	}
	k.Raw("fence.proxy.async.shared::cta;")
	k.Op("bar.sync", ptx.Int(0))
	end := k.NewLabel("end")
	if a.SingleThread() {
		p := k.Reg(ptx.Pred)
		k.Op("setp.ne.u32", p, tid, ptx.Int(0))
		k.PredOp("@"+p.String(), "bra", end)
	}
	off, v, ph, g := k.Reg(ptx.U32), k.Reg(ptx.U32), k.Reg(ptx.U32), k.Reg(ptx.U64)
	// Each launch starts somewhere else in the footprint (the timer's
	// bits), so a far chain does not find the last launch's lines in L2;
	// a mask of 0 keeps every launch on one address.
	seed := k.Read(ptx.GlobalTimer)
	s32 := k.Reg(ptx.U32)
	k.Op("cvt.u32.u64", s32, seed)
	k.Op("mul.lo.u32", off, s32, ptx.Int(0x9e3779b1))
	k.Op("and.b32", off, off, mask)
	k.Op("and.b32", off, off, ptx.Int(-128)) // copies start 128-byte aligned
	k.Op("mov.u32", ph, ptx.Int(0))
	k.Op("mov.u64", g, g0)
	st := k.Reg(ptx.B64)
	c0 := k.Read(ptx.Clock64)
	k.Loop(iters, func() {
		for range AsyncSteps {
			if !control {
				asyncCopyStep(k, a, s, g, base, size, off, ph, st, tmap)
			}
			k.Op("ld.volatile.shared.u32", v, ptx.Addr{Base: s})
			k.Op("add.u32", off, off, v)
			k.Op("add.u32", off, off, delta)
			k.Op("and.b32", off, off, mask)
			if !a.Coords() {
				o := k.Reg(ptx.U64)
				k.Op("cvt.u64.u32", o, off)
				k.Op("add.u64", g, g0, o)
			}
		}
	})
	c1 := k.Read(ptx.Clock64)
	storeCycles(k, outP, c0, c1, v)
	k.Mark(end)
	return k
}

// asyncCopyStep emits one copy and its wait.
func asyncCopyStep(k *ptx.Kernel, a AsyncCopy, s ptx.Reg, g ptx.Reg, bar, size, off, ph, st, tmap ptx.Reg) {
	zero := k.Reg(ptx.U32)
	k.Op("mov.u32", zero, ptx.Int(0))
	coords := func() string {
		cs := make([]string, a.Rank)
		for i := range cs {
			cs[i] = zero.String()
		}
		cs[a.Rank-1] = off.String()
		return "{" + strings.Join(cs, ", ") + "}"
	}
	switch a.Kind {
	case "cp.async":
		k.Raw(fmt.Sprintf("cp.async.%s.shared.global [%s], [%s], %d;", a.CacheOp, s, g, a.Width))
		if a.WaitAll {
			k.Raw("cp.async.wait_all;")
		} else {
			k.Raw("cp.async.commit_group;")
			k.Raw("cp.async.wait_group 0;")
		}
		return
	case "bulk":
		k.Raw(fmt.Sprintf("mbarrier.arrive.expect_tx.shared::cta.b64 %s, [%s], %s;", st, bar, size))
		k.Raw(fmt.Sprintf("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%s], [%s], %s, [%s];", s, g, size, bar))
	case "tensor":
		k.Raw(fmt.Sprintf("mbarrier.arrive.expect_tx.shared::cta.b64 %s, [%s], %s;", st, bar, size))
		k.Raw(fmt.Sprintf("cp.async.bulk.tensor.%dd.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%s], [%s, %s], [%s];", a.Rank, s, tmap, coords(), bar))
	case "bulk store":
		k.Raw(fmt.Sprintf("cp.async.bulk.global.shared::cta.bulk_group [%s], [%s], %s;", g, s, size))
		k.Raw("cp.async.bulk.commit_group;")
		k.Raw("cp.async.bulk.wait_group 0;")
		return
	case "tensor store":
		k.Raw(fmt.Sprintf("cp.async.bulk.tensor.%dd.global.shared::cta.tile.bulk_group [%s, %s], [%s];", a.Rank, tmap, coords(), s))
		k.Raw("cp.async.bulk.commit_group;")
		k.Raw("cp.async.bulk.wait_group 0;")
		return
	}
	waitParity(k, bar, ph)
	k.Op("xor.b32", ph, ph, ptx.Int(1))
}

// SizeName writes n bytes as "<n> MiB" or "<n> KiB" where n is a whole
// number of them, else "<n> B", as records' notes and subjects give sizes.
func SizeName[T ~int | ~int64](n T) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d B", n)
}

// CpAsyncStreamKernel builds the cp.async stream: each thread of every
// block copies 16 bytes (cp.async.cg) a loop iteration into a ring of
// depth slots, commits a group and waits until at most depth-1 groups are
// pending; blocks sweep the footprint together (off advances by the
// grid's bytes, within mask). Lane 0 of every warp writes a warp record.
// Parameters: out (u64), buf (u64), iters (u32), mask (u32).
func CpAsyncStreamKernel(name string, depth int) *ptx.Kernel {
	k := ptx.NewKernel(name)
	outP, bufP, itersP, maskP := k.Param("out", ptx.U64), k.Param("buf", ptx.U64), k.Param("iters", ptx.U32), k.Param("mask", ptx.U32)
	iters, mask, buf := k.Load(itersP), k.Load(maskP), k.Load(bufP)
	tid, ntid, ctaid, nctaid := k.Read(ptx.TidX), k.Read(ptx.NtidX), k.Read(ptx.CtaidX), k.Read(ptx.NctaidX)
	base := sharedBase(k)
	s0 := k.Reg(ptx.U32)
	k.Op("mad.lo.u32", s0, tid, ptx.Int(16), base)
	k.Op("add.u32", s0, s0, ptx.Int(AsyncData))
	slot := k.Reg(ptx.U32)
	k.Op("mul.lo.u32", slot, ntid, ptx.Int(16))
	off, stride := k.Reg(ptx.U32), k.Reg(ptx.U32)
	k.Op("mad.lo.u32", off, ctaid, ntid, tid)
	k.Op("mul.lo.u32", off, off, ptx.Int(16))
	k.Op("mul.lo.u32", stride, nctaid, slot)
	k.Op("bar.sync", ptx.Int(0))
	c0, t0 := k.Read(ptx.Clock64), k.Read(ptx.GlobalTimer)
	k.LoopIndexed(iters, func(i ptx.Reg) {
		sl, dst, g := k.Reg(ptx.U32), k.Reg(ptx.U32), k.Reg(ptx.U64)
		k.Op("and.b32", sl, i, ptx.Int(int64(depth-1)))
		k.Op("mad.lo.u32", dst, sl, slot, s0)
		o := k.Reg(ptx.U64)
		k.Op("cvt.u64.u32", o, off)
		k.Op("add.u64", g, buf, o)
		k.Raw(fmt.Sprintf("cp.async.cg.shared.global [%s], [%s], 16;", dst, g))
		k.Raw("cp.async.commit_group;")
		k.Raw(fmt.Sprintf("cp.async.wait_group %d;", depth-1))
		k.Op("add.u32", off, off, stride)
		k.Op("and.b32", off, off, mask)
	})
	k.Raw("cp.async.wait_all;")
	c1, t1 := k.Read(ptx.Clock64), k.Read(ptx.GlobalTimer)
	writeWarpRecord(k, outP, c0, c1, t0, t1)
	return k
}

// TMAStreamKernel builds the TMA stream: one thread per block (one block
// per SM) keeps stages copies in flight into a ring of stages slots of
// size bytes, each completing on its slot's mbarrier; on each iteration
// it waits for the oldest and issues the next into its slot. Blocks
// sweep the footprint together. tensor copies 2-D boxes through a tensor
// map (64 4-byte elements a row, size/256 rows) instead of cp.async.bulk.
// Parameters: out (u64), buf (u64), iters (u32), size (u32), mask (u32:
// bytes, or rows for a tensor), then the tensor map.
func TMAStreamKernel(name string, tensor bool, stages int) *ptx.Kernel {
	k := ptx.NewKernel(name)
	outP, bufP, itersP := k.Param("out", ptx.U64), k.Param("buf", ptx.U64), k.Param("iters", ptx.U32)
	sizeP, maskP := k.Param("size", ptx.U32), k.Param("mask", ptx.U32)
	var tmap ptx.Reg
	if tensor {
		tp := k.ParamBytes("tmap", 128, 64)
		tmap = k.Reg(ptx.U64)
		k.Op("mov.u64", tmap, ptx.Imm(tp.Name))
		k.Op("cvta.param.u64", tmap, tmap)
	}
	iters, size, mask, buf := k.Load(itersP), k.Load(sizeP), k.Load(maskP), k.Load(bufP)
	tid, ctaid, nctaid := k.Read(ptx.TidX), k.Read(ptx.CtaidX), k.Read(ptx.NctaidX)
	base := sharedBase(k)
	ifThread(k, tid, 0, func() { initBarriers(k, base, stages, 1) })
	k.Op("bar.sync", ptx.Int(0))
	rows := k.Reg(ptx.U32)
	k.Op("shr.u32", rows, size, ptx.Int(8))
	pos, st, zero := k.Reg(ptx.U32), k.Reg(ptx.B64), k.Reg(ptx.U32)
	k.Op("mov.u32", pos, ctaid)
	k.Op("mov.u32", zero, ptx.Int(0))
	issue := func(slot ptx.Reg) {
		bar, dst := k.Reg(ptx.U32), k.Reg(ptx.U32)
		k.Op("mad.lo.u32", bar, slot, ptx.Int(8), base)
		k.Op("mad.lo.u32", dst, slot, size, base)
		k.Op("add.u32", dst, dst, ptx.Int(AsyncData))
		k.Raw(fmt.Sprintf("mbarrier.arrive.expect_tx.shared::cta.b64 %s, [%s], %s;", st, bar, size))
		if tensor {
			row := k.Reg(ptx.U32)
			k.Op("mul.lo.u32", row, pos, rows)
			k.Op("and.b32", row, row, mask)
			k.Raw(fmt.Sprintf("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%s], [%s, {%s, %s}], [%s];", dst, tmap, zero, row, bar))
		} else {
			off, g := k.Reg(ptx.U32), k.Reg(ptx.U64)
			k.Op("mul.lo.u32", off, pos, size)
			k.Op("and.b32", off, off, mask)
			k.Op("cvt.u64.u32", g, off)
			k.Op("add.u64", g, g, buf)
			k.Raw(fmt.Sprintf("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%s], [%s], %s, [%s];", dst, g, size, bar))
		}
		k.Op("add.u32", pos, pos, nctaid)
	}
	wait := func(i ptx.Reg) ptx.Reg {
		slot, ph, bar := k.Reg(ptx.U32), k.Reg(ptx.U32), k.Reg(ptx.U32)
		k.Op("and.b32", slot, i, ptx.Int(int64(stages-1)))
		k.Op("shr.u32", ph, i, ptx.Int(int64(log2(stages))))
		k.Op("and.b32", ph, ph, ptx.Int(1))
		k.Op("mad.lo.u32", bar, slot, ptx.Int(8), base)
		waitParity(k, bar, ph)
		return slot
	}
	c0, t0 := k.Read(ptx.Clock64), k.Read(ptx.GlobalTimer)
	ifThread(k, tid, 0, func() {
		fillRing(k, stages, issue)
		k.LoopIndexed(iters, func(i ptx.Reg) { issue(wait(i)) })
		for s := range stages {
			i := k.Reg(ptx.U32)
			k.Op("add.u32", i, iters, ptx.Int(int64(s)))
			wait(i)
		}
	})
	c1, t1 := k.Read(ptx.Clock64), k.Read(ptx.GlobalTimer)
	writeWarpRecord(k, outP, c0, c1, t0, t1)
	return k
}
