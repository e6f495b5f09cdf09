package probe

import (
	"context"
	"fmt"
	"strings"

	"github.com/gpuarch/gpuarch/cuda"
	"github.com/gpuarch/gpuarch/measure/async"
	"github.com/gpuarch/gpuarch/ptx"
	"github.com/gpuarch/gpuarch/record"
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

// AsyncLatency is one latency record of the async suite: a copy, where
// its data lives ("L2" or "L1": the same address every step; "DRAM": a
// new one 64 KiB + 128 B on each step, within a footprint of 256 MiB) and
// the TMA's transfer size.
type AsyncLatency struct {
	Copy  AsyncCopy
	Level string
	Bytes int
}

// asyncFootprint is the far chains' footprint: well past the L2.
const asyncFootprint = 256 << 20

// tensorTile is the tensor map of rank r the tensor latency kernels read
// through: 4-byte elements over footprint bytes, rows of 1024 elements
// (dimensions 1..r-2 of 4 each), and a 1 KiB box; it returns the tile
// and the outermost dimension's size.
func tensorTile(rank int, footprint int) (cuda.TensorTile, uint64) {
	boxes := map[int][]uint32{1: {256}, 2: {64, 4}, 3: {16, 4, 4}, 4: {16, 4, 2, 2}, 5: {8, 4, 2, 2, 2}}
	elems := uint64(footprint / 4)
	t := cuda.TensorTile{Type: cuda.TensorUint32, Box: boxes[rank], L2Promotion: 2}
	if rank == 1 {
		t.Dims = []uint64{elems}
		return t, elems
	}
	dims := []uint64{1024}
	for len(dims) < rank-1 {
		dims = append(dims, 4)
	}
	inner := uint64(1)
	for _, d := range dims {
		inner *= d
	}
	dims = append(dims, elems/inner)
	stride := uint64(4)
	for _, d := range dims[:rank-1] {
		stride *= d
		t.Strides = append(t.Strides, stride)
	}
	t.Dims = dims
	return t, dims[rank-1]
}

// AsyncLatencyJob measures each case's latency: the chain's cycles per
// step less its control's.
func AsyncLatencyJob(suite string, cases []AsyncLatency) Job {
	j := &PTXJob{Module: "async_latency"}
	j.Kernels = func() []*ptx.Kernel {
		var ks []*ptx.Kernel
		seen := map[string]bool{}
		for _, c := range cases {
			for _, ctl := range []bool{false, true} {
				n := asyncLatencyKernel(c.Copy, ctl)
				if !seen[n] {
					seen[n] = true
					ks = append(ks, AsyncLatencyKernel(n, c.Copy, ctl))
				}
			}
		}
		return ks
	}
	for _, c := range cases {
		c := c
		subject := asyncSubject(c)
		j.Items = append(j.Items, Item{
			Rec: record.Record{ID: async.LatencyID(subject), Suite: suite, Subject: subject, Group: groupOf(c.Copy), Op: c.Copy.Kind,
				Quantity: record.Latency, Unit: "cycles", Note: asyncLatencyNote(c)},
			Run: func(ctx context.Context, r *Runner, cp *Compiled, rec *record.Record) error {
				return asyncLatency(ctx, r, cp, c, rec)
			},
		})
	}
	return j
}

// groupOf is the record group of a copy.
func groupOf(a AsyncCopy) string {
	if a.Kind == "cp.async" {
		return async.GroupCpAsync
	}
	return async.GroupTMA
}

func asyncLatencyKernel(a AsyncCopy, control bool) string {
	if !control {
		return a.Kernel() + "_lat"
	}
	if a.Coords() {
		return "coords_ctl"
	}
	if a.SingleThread() {
		return "one_ctl"
	}
	return "lanes_ctl"
}

func asyncSubject(c AsyncLatency) string {
	a := c.Copy
	var s string
	switch a.Kind {
	case "cp.async":
		s = fmt.Sprintf("cp.async.%s %d B", a.CacheOp, a.Width)
		if a.WaitAll {
			s += ", wait_all"
		}
	case "tensor", "tensor store":
		s = fmt.Sprintf("%s %dD, %s", a.Kind, a.Rank, SizeName(c.Bytes))
	default:
		s = fmt.Sprintf("%s, %s", a.Kind, SizeName(c.Bytes))
	}
	return s + ", " + c.Level
}

// parseSize reads what sizeName writes.
func parseSize(s string) int {
	var n int
	var unit string
	if _, err := fmt.Sscanf(s, "%d %s", &n, &unit); err != nil {
		return 0
	}
	return n * map[string]int{"B": 1, "KiB": 1 << 10, "MiB": 1 << 20}[unit]
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

func asyncLatencyNote(c AsyncLatency) string {
	where := "the same address every step"
	if c.Level == "DRAM" {
		where = fmt.Sprintf("a new address each step (64 KiB + 128 B on, within %s)", SizeName(asyncFootprint))
	}
	switch c.Copy.Kind {
	case "cp.async":
		wait := "cp.async.commit_group and cp.async.wait_group 0"
		if c.Copy.WaitAll {
			wait = "cp.async.wait_all"
		}
		return fmt.Sprintf("one warp, every lane copying %d bytes global to shared; issue to visibility (%s), from a chain whose next address adds the copied word, less the same chain without the copy; %s", c.Copy.Width, wait, where)
	case "bulk store", "tensor store":
		return fmt.Sprintf("one thread; issue to completion of the bulk group (cp.async.bulk.commit_group, wait_group 0: the writes done), chained through the next address, less the chain without the copy; %s", where)
	}
	return fmt.Sprintf("one thread; mbarrier.arrive.expect_tx, the copy, and mbarrier.try_wait.parity until the phase completes with the bytes in shared memory, chained through the copied word into the next address, less the chain without the copy; %s", where)
}

// asyncIters is how many loop iterations a latency launch runs.
func asyncIters(level string) int {
	if level == "DRAM" {
		return 64
	}
	return 256
}

func asyncLatency(ctx context.Context, r *Runner, c *Compiled, lc AsyncLatency, rec *record.Record) error {
	footprint := asyncFootprint
	bufs, free, err := AllocBuffers(r.GPU, footprint, 64)
	if err != nil {
		return err
	}
	defer free()
	buf, out := bufs[0], bufs[1]
	a := lc.Copy
	var mask, delta uint32
	args := []any{}
	if a.Coords() {
		tm, ok := r.GPU.(TensorMapper)
		if !ok {
			rec.Status, rec.Reason = record.StatusSkipped, "this GPU's driver encodes no tensor maps"
			return nil
		}
		tile, outer := tensorTile(a.Rank, footprint)
		m, err := tm.TensorMap(buf, tile)
		if err != nil {
			return err
		}
		if lc.Level == "DRAM" {
			mask, delta = uint32(outer/2-1), uint32(outer/64+1)
			if a.Rank == 1 {
				delta = (64<<10 + 128) / 4
			}
		}
		args = append(args, m)
	} else if lc.Level == "DRAM" {
		mask, delta = uint32(footprint/2-1), 64<<10+128
	}
	threads := r.WarpSize()
	g := Grid{Blocks: 1, Threads: threads, SharedBytes: AsyncData + max(lc.Bytes, 16*threads)}
	iters := asyncIters(lc.Level)
	launch := func(kernel string, into *record.Record) error {
		return c.MedianCycles(ctx, r, kernel, g, out, iters*AsyncSteps, into, append([]any{out.Ptr(), buf.Ptr(), uint32(iters), mask, delta, uint32(lc.Bytes)}, args...)...)
	}
	var full, ctl record.Record
	if err := launch(asyncLatencyKernel(a, false), &full); err != nil {
		return err
	}
	if err := launch(asyncLatencyKernel(a, true), &ctl); err != nil {
		return err
	}
	rec.Samples = make([]float64, len(full.Samples))
	for i, v := range full.Samples {
		rec.Samples[i] = v - ctl.Value
	}
	rec.Summary = Summarize(rec.Samples)
	rec.Value = rec.Summary.Median
	rec.Latency = &record.LatencyDetail{Cycles: rec.Value, RawCycles: full.Value, AdjustedCycles: rec.Value}
	Verified(rec, c.CheckClocked(asyncLatencyKernel(a, false), a.Expect(), AsyncSteps))
	return nil
}

// AsyncStream is a bandwidth sweep: cp.async with groups in flight, or the
// TMA's loads (bulk or 2-D tensor) with stages in flight, over box sizes,
// from a footprint in L2 or DRAM.
type AsyncStream struct {
	Kind  string // "cp.async", "bulk", "tensor"
	Level string // "L2" (16 MiB) or "DRAM" (1 GiB)
	// Depths are cp.async's groups in flight or the TMA's stages.
	Depths []int
	// Sizes are the TMA's bytes per copy (a 2-D box of 64 4-byte
	// elements by size/256 rows for tensors).
	Sizes []int
}

func (s AsyncStream) footprint() int {
	if s.Level == "DRAM" {
		return 1 << 30
	}
	return 16 << 20
}

func asyncStreamKernel(kind string, depth int) string {
	return fmt.Sprintf("%s_stream_%d", strings.ReplaceAll(kind, ".", ""), depth)
}

// cpAsyncThreads is the block of a cp.async stream: 8 warps, one block per
// SM, each thread copying 16 bytes a group.
const cpAsyncThreads = 256

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

// AsyncStreamJob measures each sweep's bandwidth in bytes per clock per
// SM at every depth (and size), the record's value its best point, and
// for DRAM sweeps of the TMA a second record: the fewest bytes in flight
// per SM that reach 95% of that best.
func AsyncStreamJob(suite string, sweeps []AsyncStream) Job {
	j := &PTXJob{Module: "async_stream"}
	j.Kernels = func() []*ptx.Kernel {
		var ks []*ptx.Kernel
		seen := map[string]bool{}
		for _, s := range sweeps {
			for _, d := range s.Depths {
				n := asyncStreamKernel(s.Kind, d)
				if seen[n] {
					continue
				}
				seen[n] = true
				if s.Kind == "cp.async" {
					ks = append(ks, CpAsyncStreamKernel(n, d))
				} else {
					ks = append(ks, TMAStreamKernel(n, s.Kind == "tensor", d))
				}
			}
		}
		return ks
	}
	for _, s := range sweeps {
		s := s
		subject := fmt.Sprintf("%s read, %s", streamSubject(s.Kind), s.Level)
		x := "stages in flight"
		if s.Kind == "cp.async" {
			x = "groups in flight"
		}
		rec := record.Record{ID: async.BandwidthID(subject), Suite: suite, Subject: subject, Group: groupOf(AsyncCopy{Kind: s.Kind}), Op: s.Kind + " stream",
			Quantity: record.Throughput, Unit: "bytes/clock/SM", Note: streamNote(s)}
		var reach *record.Record
		if s.Kind != "cp.async" && s.Level == "DRAM" {
			reach = &record.Record{ID: async.InFlightID(subject), Suite: suite, Subject: async.InFlightSubject(subject), Group: async.GroupTMA,
				Quantity: record.Amount, Unit: "bytes", Note: "the fewest bytes in flight per SM (stages × copy size) whose rate is at least 95% of the sweep's best"}
		}
		j.Items = append(j.Items, Item{Rec: rec, Run: func(ctx context.Context, r *Runner, c *Compiled, rec *record.Record) error {
			return asyncStream(ctx, r, c, s, x, rec)
		}})
		if reach != nil {
			j.Items = append(j.Items, Item{Rec: *reach, Run: func(ctx context.Context, r *Runner, c *Compiled, rec *record.Record) error {
				return fewestInFlight(j, rec, subject)
			}})
		}
	}
	return j
}

// fewestInFlight fills the bytes-in-flight record from the sweep measured
// just before it: stages × copy size of the cheapest point within 95% of
// the best.
func fewestInFlight(j *PTXJob, rec *record.Record, subject string) error {
	j.CheapestAt95(rec, subject, func(p record.ParamPoint) float64 { return p.X * float64(parseSize(p.Series)) })
	return nil
}

func streamSubject(kind string) string {
	switch kind {
	case "cp.async":
		return "cp.async.cg 16 B"
	case "bulk":
		return "cp.async.bulk"
	}
	return "cp.async.bulk.tensor 2D"
}

func streamNote(s AsyncStream) string {
	if s.Kind == "cp.async" {
		return fmt.Sprintf("one block of %d threads per SM, each copying 16 bytes a group into a ring of slots and waiting until at most depth-1 groups are pending (cp.async.wait_group); blocks sweep %s together; bytes over each SM's span of %%clock64, median over SMs; the value is the best depth", cpAsyncThreads, SizeName(s.footprint()))
	}
	return fmt.Sprintf("one block per SM, one thread keeping stages copies of a size in flight into a ring of shared-memory slots, each completing on its slot's mbarrier (arrive.expect_tx, try_wait.parity); blocks sweep %s together; bytes over each SM's span of %%clock64, median over SMs; the value is the best point of stages × size", SizeName(s.footprint()))
}

// asyncStreamIters is how many copies each block (cp.async: each thread)
// makes per launch: enough for about 256 KiB (cp.async: 4 KiB a group)
// per block, at least 64.
func asyncStreamIters(kind string, size int) int {
	if kind == "cp.async" {
		return 512
	}
	return max(64, min(2048, (8<<20)/size))
}

func asyncStream(ctx context.Context, r *Runner, c *Compiled, s AsyncStream, x string, rec *record.Record) error {
	d := r.GPU.Device()
	buf, err := r.GPU.Alloc(s.footprint())
	if err != nil {
		return err
	}
	defer buf.Free()
	out, err := r.GPU.Alloc(d.SMs * 8 * WarpRecordBytes)
	if err != nil {
		return err
	}
	defer out.Free()
	optin := d.Attributes["MAX_SHARED_MEMORY_PER_BLOCK_OPTIN"]
	sizes := s.Sizes
	if s.Kind == "cp.async" {
		sizes = []int{cpAsyncThreads * 16}
	}
	var tm TensorMapper
	if s.Kind == "tensor" {
		var ok bool
		if tm, ok = r.GPU.(TensorMapper); !ok {
			rec.Status, rec.Reason = record.StatusSkipped, "this GPU's driver encodes no tensor maps"
			return nil
		}
	}
	sw := NewSweeper(rec, &record.SweepDetail{X: x, Series: "bytes per copy"})
	for _, size := range sizes {
		var extra []any
		mask := uint32(s.footprint() - 1)
		if s.Kind == "tensor" {
			rows := uint64(s.footprint() / 256)
			m, err := tm.TensorMap(buf, cuda.TensorTile{Type: cuda.TensorUint32, Dims: []uint64{64, rows}, Strides: []uint64{256}, Box: []uint32{64, uint32(size / 256)}, L2Promotion: 2})
			if err != nil {
				return err
			}
			extra, mask = []any{m}, uint32(rows-1)
		}
		for _, depth := range s.Depths {
			pt := record.ParamPoint{X: float64(depth), Series: SizeName(size)}
			need := AsyncData + depth*size
			threads := 32
			if s.Kind == "cp.async" {
				threads = cpAsyncThreads
			}
			if need > optin {
				pt.Failed = fmt.Sprintf("%d bytes of shared memory, above the %d a block may have", need, optin)
				sw.Add(pt, nil, false)
				continue
			}
			g := Grid{Blocks: d.SMs, Threads: threads, SharedBytes: max(need, oneBlockPerSM(d))}
			iters := asyncStreamIters(s.Kind, size)
			args := []any{out.Ptr(), buf.Ptr(), uint32(iters)}
			if s.Kind != "cp.async" {
				args = append(args, uint32(size))
			}
			args = append(append(args, mask), extra...)
			perWarp := float64(iters) * float64(size)
			if s.Kind == "cp.async" {
				perWarp = float64(iters) * 32 * 16
			}
			rates, err := sw.Launch(ctx, r, c, asyncStreamKernel(s.Kind, depth), g, out, perWarp, nil, args...)
			if err != nil {
				return err
			}
			sw.Add(pt, rates, true)
		}
	}
	if !sw.Finish("no point of the sweep fits a block's shared memory", "stream kernels") {
		return nil
	}
	expect := AsyncCopy{Kind: s.Kind}.Expect()
	Verified(rec, c.CheckClocked(asyncStreamKernel(s.Kind, s.Depths[len(s.Depths)-1]), expect, 1))
	return nil
}
