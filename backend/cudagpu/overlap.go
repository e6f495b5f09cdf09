package cudagpu

import (
	"fmt"

	"github.com/gpuarch/gpuarch/ptx"
)

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
