package cudagpu

import (
	"fmt"

	"github.com/gpuarch/gpuarch/ptx"
)

// Multicast's shared memory: full mbarriers from the base, empty ones
// multicastEmpty bytes on, data from asyncData.
const multicastEmpty = 512

// TMAMulticastKernel builds the TMA multicast stream a Hopper GEMM's
// operand loads run: in a cluster of n blocks (one per SM) each block's
// thread 0 loads its 1/n slice of every stage (cp.async.bulk
// .multicast::cluster) into the same slot of all n blocks' shared
// memory, completing on each block's full mbarrier for the slot, which
// expects the whole stage. Once a block has its stage, it arrives on the
// slot's empty mbarrier of every block of the cluster (mapa, then
// mbarrier.arrive with its default .release.cta: the probe reads none of
// the data, and a .release.cluster arrive costs about as much as a
// cluster barrier each); a block refills a slot only when its own empty
// mbarrier has all n arrivals, since its slice lands in every block.
// Clusters sweep the footprint together, stage after stage. With n = 1 it
// is the plain TMA stream. Lane 0 writes a warp record. Parameters: out
// (u64), buf (u64), iters (u32), size (u32: bytes a stage, a multiple of
// 16 × n), mask (u32: bytes).
func TMAMulticastKernel(name string, stages int) *ptx.Kernel {
	k := ptx.NewKernel(name)
	outP, bufP, itersP := k.Param("out", ptx.U64), k.Param("buf", ptx.U64), k.Param("iters", ptx.U32)
	sizeP, maskP := k.Param("size", ptx.U32), k.Param("mask", ptx.U32)
	iters, size, mask, buf := k.Load(itersP), k.Load(sizeP), k.Load(maskP), k.Load(bufP)
	tid, ctaid, nctaid := k.Read(ptx.TidX), k.Read(ptx.CtaidX), k.Read(ptx.NctaidX)
	rank, n := k.Read(ptx.ClusterCtaRank), k.Read(ptx.ClusterNCtaRank)
	base := sharedBase(k)
	empty := k.Reg(ptx.U32)
	k.Op("add.u32", empty, base, ptx.Int(multicastEmpty))
	ifThread(k, tid, 0, func() {
		initBarriers(k, base, stages, 1)
		for i := range stages {
			k.Raw(fmt.Sprintf("mbarrier.init.shared::cta.b64 [%s+%d], %s;", empty, 8*i, n))
		}
		k.Raw("fence.mbarrier_init.release.cluster;")
	})
	// No block may signal or fill another's shared memory before that
	// block has set its mbarriers up.
	clusterSync(k)
	slice, cmask, pos, step := k.Reg(ptx.U32), k.Reg(ptx.U32), k.Reg(ptx.U32), k.Reg(ptx.U32)
	k.Op("div.u32", slice, size, n)
	k.Op("shl.b32", cmask, ptx.Int(1), n)
	k.Op("sub.u32", cmask, cmask, ptx.Int(1))
	h := k.Reg(ptx.U16)
	k.Op("cvt.u16.u32", h, cmask)
	k.Op("div.u32", pos, ctaid, n)   // the cluster's first stage
	k.Op("div.u32", step, nctaid, n) // clusters in the grid
	own := k.Reg(ptx.U32)
	k.Op("mul.lo.u32", own, rank, slice)
	st := k.Reg(ptx.B64)
	issue := func(slot ptx.Reg) {
		bar, dst, off, g := k.Reg(ptx.U32), k.Reg(ptx.U32), k.Reg(ptx.U32), k.Reg(ptx.U64)
		k.Op("mad.lo.u32", bar, slot, ptx.Int(8), base)
		k.Op("mad.lo.u32", dst, slot, size, base)
		k.Op("add.u32", dst, dst, ptx.Int(AsyncData))
		k.Op("add.u32", dst, dst, own)
		k.Raw(fmt.Sprintf("mbarrier.arrive.expect_tx.shared::cta.b64 %s, [%s], %s;", st, bar, size))
		k.Op("mad.lo.u32", off, pos, size, own)
		k.Op("and.b32", off, off, mask)
		k.Op("cvt.u64.u32", g, off)
		k.Op("add.u64", g, g, buf)
		k.Raw(fmt.Sprintf("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%s], [%s], %s, [%s], %s;", dst, g, slice, bar, h))
		k.Op("add.u32", pos, pos, step)
	}
	// phase returns stage i's slot and the parity of its use of it.
	phase := func(i ptx.Reg) (slot, ph ptx.Reg) {
		slot, ph = k.Reg(ptx.U32), k.Reg(ptx.U32)
		k.Op("and.b32", slot, i, ptx.Int(int64(stages-1)))
		k.Op("shr.u32", ph, i, ptx.Int(int64(log2(stages))))
		k.Op("and.b32", ph, ph, ptx.Int(1))
		return slot, ph
	}
	waitOn := func(from, slot, ph ptx.Reg) {
		bar := k.Reg(ptx.U32)
		k.Op("mad.lo.u32", bar, slot, ptx.Int(8), from)
		waitParity(k, bar, ph)
	}
	c0, t0 := k.Read(ptx.Clock64), k.Read(ptx.GlobalTimer)
	ifThread(k, tid, 0, func() {
		fillRing(k, stages, issue)
		k.LoopIndexed(iters, func(i ptx.Reg) {
			slot, ph := phase(i)
			waitOn(base, slot, ph)
			local := k.Reg(ptx.U32)
			k.Op("mad.lo.u32", local, slot, ptx.Int(8), empty)
			k.LoopIndexed(n, func(peer ptx.Reg) {
				remote := k.Reg(ptx.U32)
				k.Raw(fmt.Sprintf("mapa.shared::cluster.u32 %s, %s, %s;", remote, local, peer))
				k.Raw(fmt.Sprintf("mbarrier.arrive.shared::cluster.b64 _, [%s];", remote))
			})
			waitOn(empty, slot, ph)
			issue(slot)
		})
		for s := range stages {
			i := k.Reg(ptx.U32)
			k.Op("add.u32", i, iters, ptx.Int(int64(s)))
			slot, ph := phase(i)
			waitOn(base, slot, ph)
		}
	})
	c1, t1 := k.Read(ptx.Clock64), k.Read(ptx.GlobalTimer)
	// No block may leave while another may still arrive on its mbarriers.
	clusterSync(k)
	writeWarpRecord(k, outP, c0, c1, t0, t1)
	return k
}
