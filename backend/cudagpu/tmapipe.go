package cudagpu

import (
	"fmt"

	"github.com/gpuarch/gpuarch/ptx"
)

// SetmaxnregKernel builds the register-reallocation probe. exchange:
// three warpgroups under a cap of 168 registers at entry (.maxnreg); in
// each loop iteration warpgroup 0 gives registers back (setmaxnreg.dec to
// 40) and takes them again (inc to 168) while warpgroups 1 and 2 take
// them (inc to 232) and give them back (dec to 168), the producer and
// consumer roles of a warp-specialised kernel. Otherwise one warpgroup
// decreases to 64 and increases to 168 again, with no one else waiting.
// Thread 0 stores the loop's cycles. Parameters: out (u64), iters (u32).
func SetmaxnregKernel(name string, exchange bool) *ptx.Kernel {
	k := ptx.NewKernel(name)
	// setmaxnreg takes effect only when ptxas knows the register count at
	// entry: a cap and launch bounds (ptxas otherwise drops it, C7508),
	// and only in a whole-program compile (relocatable code drops it,
	// C7504: cuda.JITOptions.Relocatable).
	threads := 128
	if exchange {
		threads = 384
	}
	k.Directive(".maxnreg 168")
	k.Directive(fmt.Sprintf(".maxntid %d, 1, 1", threads))
	k.Directive(".minnctapersm 1")
	outP, itersP := k.Param("out", ptx.U64), k.Param("iters", ptx.U32)
	iters := k.Load(itersP)
	tid := k.Read(ptx.TidX)
	wg := k.Reg(ptx.U32)
	k.Op("shr.u32", wg, tid, ptx.Int(7))
	k.Op("bar.sync", ptx.Int(0))
	c0 := k.Read(ptx.Clock64)
	p := k.Reg(ptx.Pred)
	k.Op("setp.ne.u32", p, wg, ptx.Int(0))
	consumers, end := k.NewLabel("consumers"), k.NewLabel("joined")
	k.PredOp("@"+p.String(), "bra.uni", consumers)
	low := 40
	if !exchange {
		low = 64
	}
	// The exchange's rounds are fenced by named barriers 1 and 2 (all
	// three warpgroups): the consumers take registers only after the
	// producer gave them back, and the producer takes them again only
	// after the consumers returned them, so no increase waits on a
	// warpgroup that has left its loop.
	k.Loop(iters, func() {
		k.Raw(fmt.Sprintf("setmaxnreg.dec.sync.aligned.u32 %d;", low))
		if exchange {
			k.Raw("bar.sync 1, 384;")
			k.Raw("bar.sync 2, 384;")
		}
		k.Raw("setmaxnreg.inc.sync.aligned.u32 168;")
	})
	k.Op("bra.uni", end)
	k.Mark(consumers)
	if exchange {
		k.Loop(iters, func() {
			k.Raw("bar.sync 1, 384;")
			k.Raw("setmaxnreg.inc.sync.aligned.u32 232;")
			k.Raw("setmaxnreg.dec.sync.aligned.u32 168;")
			k.Raw("bar.sync 2, 384;")
		})
	}
	k.Mark(end)
	c1 := k.Read(ptx.Clock64)
	storeCycles(k, outP, c0, c1, ptx.Reg{})
	return k
}

// The TMA -> wgmma pipeline's shape (TMAWgmmaKernel): PipeStage is the
// bytes of one stage, A (64×64 f16, 8 KiB) and B (64×128 f16, 16 KiB) for
// four wgmma m64n128k16; PipeThreads the block; PipeOps the operations of
// one wgmma.
const (
	PipeStage   = 24 << 10
	pipeB       = 8 << 10
	PipeThreads = 160 // a consumer warpgroup and a producer warp
	pipeInstr   = "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16"
	PipeOps     = 2 * 64 * 128 * 16 // per wgmma
)

// TMAWgmmaKernel builds the asynchronous pipeline a Hopper GEMM runs: a
// producer warp's thread copies stage after stage (cp.async.bulk, 24 KiB)
// into a ring of stages in shared memory, each completing on its full
// mbarrier; the consumer warpgroup waits for a stage, runs reuse × 4
// wgmma m64n128k16 over it, commits the group and, once the group before
// it is done (wgmma.wait_group 1), releases that group's stage on its
// empty mbarrier, which the producer waits for before refilling it. Lane
// 0 of every warp writes a warp record. Parameters: out (u64), buf
// (u64), iters (u32), mask (u32).
func TMAWgmmaKernel(name string, stages, reuse int) *ptx.Kernel {
	k := ptx.NewKernel(name)
	outP, bufP, itersP, maskP := k.Param("out", ptx.U64), k.Param("buf", ptx.U64), k.Param("iters", ptx.U32), k.Param("mask", ptx.U32)
	iters, mask, buf := k.Load(itersP), k.Load(maskP), k.Load(bufP)
	tid, ctaid, nctaid := k.Read(ptx.TidX), k.Read(ptx.CtaidX), k.Read(ptx.NctaidX)
	base := sharedBase(k)
	full, empty, data := k.Reg(ptx.U32), k.Reg(ptx.U32), k.Reg(ptx.U32)
	k.Op("mov.u32", full, base)
	k.Op("add.u32", empty, base, ptx.Int(128))
	k.Op("add.u32", data, base, ptx.Int(AsyncData))
	ifThread(k, tid, 0, func() {
		initBarriers(k, full, stages, 1)
		initBarriers(k, empty, stages, 1)
	})
	accs := make([]ptx.Reg, 64)
	for i := range accs {
		accs[i] = k.Reg(ptx.F32)
		k.Op("mov.f32", accs[i], ptx.Imm("0f00000000"))
	}
	k.Op("bar.sync", ptx.Int(0))
	c0, t0 := k.Read(ptx.Clock64), k.Read(ptx.GlobalTimer)
	slotOf := func(i ptx.Reg) (slot, ph ptx.Reg) {
		slot, ph = k.Reg(ptx.U32), k.Reg(ptx.U32)
		k.Op("rem.u32", slot, i, ptx.Int(int64(stages)))
		k.Op("div.u32", ph, i, ptx.Int(int64(stages)))
		k.Op("and.b32", ph, ph, ptx.Int(1))
		return slot, ph
	}
	isProducer := k.Reg(ptx.Pred)
	k.Op("setp.ge.u32", isProducer, tid, ptx.Int(128))
	consumer, joined := k.NewLabel("consumer"), k.NewLabel("joined")
	k.PredOp("@!"+isProducer.String(), "bra.uni", consumer)
	ifThread(k, tid, 128, func() {
		pos, st := k.Reg(ptx.U32), k.Reg(ptx.B64)
		k.Op("mov.u32", pos, ctaid)
		k.LoopIndexed(iters, func(i ptx.Reg) {
			slot, ph := slotOf(i)
			refill := k.Reg(ptx.Pred)
			k.Op("setp.ge.u32", refill, i, ptx.Int(int64(stages)))
			skip := k.NewLabel("fresh")
			k.PredOp("@!"+refill.String(), "bra", skip)
			eb, prev := k.Reg(ptx.U32), k.Reg(ptx.U32)
			k.Op("mad.lo.u32", eb, slot, ptx.Int(8), empty)
			k.Op("xor.b32", prev, ph, ptx.Int(1))
			waitParity(k, eb, prev)
			k.Mark(skip)
			fb, dst, off := k.Reg(ptx.U32), k.Reg(ptx.U32), k.Reg(ptx.U32)
			k.Op("mad.lo.u32", fb, slot, ptx.Int(8), full)
			k.Op("mad.lo.u32", dst, slot, ptx.Int(PipeStage), data)
			k.Op("mul.lo.u32", off, pos, ptx.Int(PipeStage))
			k.Op("and.b32", off, off, mask)
			g := k.Reg(ptx.U64)
			k.Op("cvt.u64.u32", g, off)
			k.Op("add.u64", g, g, buf)
			k.Raw(fmt.Sprintf("mbarrier.arrive.expect_tx.shared::cta.b64 %s, [%s], %d;", st, fb, PipeStage))
			k.Raw(fmt.Sprintf("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%s], [%s], %d, [%s];", dst, g, PipeStage, fb))
			k.Op("add.u32", pos, pos, nctaid)
		})
	})
	k.Op("bra.uni", joined)
	k.Mark(consumer)
	scale := k.Reg(ptx.Pred)
	k.Op("setp.ne.u32", scale, iters, ptx.Int(0))
	st := k.Reg(ptx.B64)
	k.LoopIndexed(iters, func(i ptx.Reg) {
		slot, ph := slotOf(i)
		fb, sd := k.Reg(ptx.U32), k.Reg(ptx.U32)
		k.Op("mad.lo.u32", fb, slot, ptx.Int(8), full)
		waitParity(k, fb, ph)
		k.Op("mad.lo.u32", sd, slot, ptx.Int(PipeStage), data)
		k.Raw("wgmma.fence.sync.aligned;")
		for range reuse {
			for kk := range 4 {
				da, db := k.Reg(ptx.U32), k.Reg(ptx.U32)
				k.Op("add.u32", da, sd, ptx.Int(int64(kk*2048)))
				k.Op("add.u32", db, sd, ptx.Int(int64(pipeB+kk*4096)))
				descA, descB := pipeDesc(k, da), pipeDesc(k, db)
				k.Raw(fmt.Sprintf("%s %s, %s, %s, %s, 1, 1, 0, 0;", pipeInstr, regList(accs), descA, descB, scale))
			}
		}
		k.Raw("wgmma.commit_group.sync.aligned;")
		if stages == 1 {
			// One stage: the producer waits for it, so wait for this
			// group and release it at once.
			k.Raw("wgmma.wait_group.sync.aligned 0;")
			ifThread(k, tid, 0, func() {
				eb := k.Reg(ptx.U32)
				k.Op("mov.u32", eb, empty)
				k.Raw(fmt.Sprintf("mbarrier.arrive.shared::cta.b64 %s, [%s];", st, eb))
			})
			return
		}
		k.Raw("wgmma.wait_group.sync.aligned 1;")
		// The group before this one is done: release its stage.
		release := k.Reg(ptx.Pred)
		k.Op("setp.ne.u32", release, i, ptx.Int(0))
		ifThread(k, tid, 0, func() {
			skip := k.NewLabel("first")
			k.PredOp("@!"+release.String(), "bra", skip)
			prev, pslot, eb := k.Reg(ptx.U32), k.Reg(ptx.U32), k.Reg(ptx.U32)
			k.Op("sub.u32", prev, i, ptx.Int(1))
			k.Op("rem.u32", pslot, prev, ptx.Int(int64(stages)))
			k.Op("mad.lo.u32", eb, pslot, ptx.Int(8), empty)
			k.Raw(fmt.Sprintf("mbarrier.arrive.shared::cta.b64 %s, [%s];", st, eb))
			k.Mark(skip)
		})
	})
	k.Raw("wgmma.wait_group.sync.aligned 0;")
	k.Mark(joined)
	c1, t1 := k.Read(ptx.Clock64), k.Read(ptx.GlobalTimer)
	writeWarpRecord(k, outP, c0, c1, t0, t1)
	never := k.Reg(ptx.Pred)
	k.Op("setp.eq.u32", never, iters, ptx.Int(0))
	k.If(never, func() {
		out := k.Load(outP)
		for i, a := range accs {
			k.Op("st.global.f32", ptx.Addr{Base: out, Offset: int64(4 * i)}, a)
		}
	})
	return k
}

// pipeDesc is the wgmma matrix descriptor of the tile at shared address
// a, with the mma suite's no-swizzle strides.
func pipeDesc(k *ptx.Kernel, a ptx.Reg) ptx.Reg {
	t := k.Reg(ptx.U32)
	k.Op("shr.u32", t, a, ptx.Int(4))
	k.Op("and.b32", t, t, ptx.Int(0x3fff))
	d := k.Reg(ptx.B64)
	k.Op("cvt.u64.u32", d, t)
	k.Op("or.b64", d, d, ptx.Int(int64(wgmmaLBO>>4)<<16|int64(wgmmaSBO>>4)<<32))
	return d
}
