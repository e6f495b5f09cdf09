package cudagpu

import (
	"fmt"

	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/ptx"
)

// ClusterTraceBytes is what ClusterTraceKernel writes per block: %smid,
// %cluster_ctarank, %clusterid.x, the block's linear index (u32 each),
// then %globaltimer at its start and end (u64 each).
const ClusterTraceBytes = 32

// ClusterTraceKernel builds the cluster placement trace: thread 0 of every
// block spins for spin nanoseconds and writes where and when it ran (see
// clusterTraceBytes) at out + its linear block index. Parameters: out
// (u64), spin (u32).
func ClusterTraceKernel(name string) *ptx.Kernel {
	k := ptx.NewKernel(name)
	outP, spinP := k.Param("out", ptx.U64), k.Param("spin", ptx.U32)
	tid := k.Read(ptx.TidX)
	ifThread(k, tid, 0, func() {
		spin := k.Load(spinP)
		t0 := k.Read(ptx.GlobalTimer)
		until := k.Reg(ptx.U64)
		k.Op("cvt.u64.u32", until, spin)
		k.Op("add.u64", until, until, t0)
		top := k.NewLabel("spin")
		k.Mark(top)
		t1 := k.Read(ptx.GlobalTimer)
		p := k.Reg(ptx.Pred)
		k.Op("setp.lt.u64", p, t1, until)
		k.PredOp("@"+p.String(), "bra", top)
		var idx [6]ptx.Reg
		for i, sr := range []string{"%ctaid.x", "%ctaid.y", "%ctaid.z", "%nctaid.x", "%nctaid.y"} {
			idx[i] = k.Reg(ptx.U32)
			k.Op("mov.u32", idx[i], ptx.Imm(sr))
		}
		lin := k.Reg(ptx.U32)
		k.Op("mad.lo.u32", lin, idx[2], idx[4], idx[1])
		k.Op("mad.lo.u32", lin, lin, idx[3], idx[0])
		off := k.Reg(ptx.U64)
		k.Op("mul.wide.u32", off, lin, ptx.Int(ClusterTraceBytes))
		a := k.Reg(ptx.U64)
		k.Op("add.u64", a, k.Load(outP), off)
		k.Op("st.global.u32", ptx.Addr{Base: a}, k.Read(ptx.SMID))
		k.Op("st.global.u32", ptx.Addr{Base: a, Offset: 4}, k.Read(ptx.ClusterCtaRank))
		k.Op("st.global.u32", ptx.Addr{Base: a, Offset: 8}, k.Read(ptx.ClusterIDX))
		k.Op("st.global.u32", ptx.Addr{Base: a, Offset: 12}, lin)
		k.Op("st.global.u64", ptx.Addr{Base: a, Offset: 16}, t0)
		k.Op("st.global.u64", ptx.Addr{Base: a, Offset: 24}, t1)
	})
	return k
}

// clusterSync is barrier.cluster's arrive (release) and wait (acquire):
// every thread of every block of the cluster must run it.
func clusterSync(k *ptx.Kernel) {
	k.Raw("barrier.cluster.arrive.release;")
	k.Raw("barrier.cluster.wait.acquire;")
}

// DSMRingElems and DSMRingStride are the pointer ring of the DSM chase
// (DSMChaseKernel): DSMRingElems words DSMRingStride (128) bytes apart, each holding the next one's offset.
const (
	DSMRingStride = 128
	DSMRingElems  = 64
)

// DSMChaseKernel builds the distributed-shared-memory chase: every block
// of a cluster writes a ring of offsets into its shared memory, the
// cluster synchronises, and thread 0 of rank 0 follows the ring of the
// block of rank target (mapa.shared::cluster, then ld.shared::cluster),
// or its own through ld.shared when local. Thread 0 of every block
// writes its %smid at out + 16 + 4*rank. Parameters: out (u64), iters
// (u32), target (u32).
func DSMChaseKernel(name string, local bool) *ptx.Kernel {
	k := ptx.NewKernel(name)
	outP, itersP, targetP := k.Param("out", ptx.U64), k.Param("iters", ptx.U32), k.Param("target", ptx.U32)
	iters, target := k.Load(itersP), k.Load(targetP)
	tid, rank := k.Read(ptx.TidX), k.Read(ptx.ClusterCtaRank)
	base := sharedBase(k)
	data := k.Reg(ptx.U32)
	k.Op("add.u32", data, base, ptx.Int(AsyncData))
	ifThread(k, tid, 0, func() {
		for i := range DSMRingElems {
			k.Op("st.shared.u32", ptx.Addr{Base: data, Offset: int64(i * DSMRingStride)}, ptx.Int(int64((i+1)%DSMRingElems*DSMRingStride)))
		}
		o := k.Reg(ptx.U64)
		k.Op("mul.wide.u32", o, rank, ptx.Int(4))
		a := k.Reg(ptx.U64)
		k.Op("add.u64", a, k.Load(outP), o)
		k.Op("st.global.u32", ptx.Addr{Base: a, Offset: 16}, k.Read(ptx.SMID))
	})
	clusterSync(k)
	lead := k.Reg(ptx.U32)
	k.Op("or.b32", lead, tid, rank)
	off, c0, c1 := k.Reg(ptx.U32), k.Reg(ptx.U64), k.Reg(ptx.U64)
	k.Op("mov.u32", off, ptx.Int(0))
	ifThread(k, lead, 0, func() {
		rbase := k.Reg(ptx.U32)
		if local {
			k.Op("mov.u32", rbase, data)
		} else {
			k.Raw(fmt.Sprintf("mapa.shared::cluster.u32 %s, %s, %s;", rbase, data, target))
		}
		k.Op("mov.u64", c0, ptx.Clock64)
		k.Loop(iters, func() {
			for range 8 {
				a := k.Reg(ptx.U32)
				k.Op("add.u32", a, rbase, off)
				if local {
					k.Op("ld.shared.u32", off, ptx.Addr{Base: a})
				} else {
					k.Op("ld.shared::cluster.u32", off, ptx.Addr{Base: a})
				}
			}
		})
		k.Op("mov.u64", c1, ptx.Clock64)
		dt := k.Reg(ptx.U64)
		k.Op("sub.u64", dt, c1, c0)
		out := k.Load(outP)
		k.Op("st.global.u64", ptx.Addr{Base: out}, dt)
		k.Op("st.global.u32", ptx.Addr{Base: out, Offset: 8}, off)
	})
	clusterSync(k)
	return k
}

// DSMPingPongKernel builds the store round trip: thread 0 of rank 0 stores
// a count into its partner's flag in shared memory (st.relaxed.cluster
// .shared::cluster through mapa) and spins on its own flag until the
// partner stores the count back; the partner is thread 0 of rank target,
// or, when target is 0, warp 1 of rank 0 through the same cluster
// window. Launch 64 threads a block. Parameters: out (u64), iters (u32),
// target (u32).
func DSMPingPongKernel(name string) *ptx.Kernel {
	k := ptx.NewKernel(name)
	outP, itersP, targetP := k.Param("out", ptx.U64), k.Param("iters", ptx.U32), k.Param("target", ptx.U32)
	iters, target := k.Load(itersP), k.Load(targetP)
	tid, rank := k.Read(ptx.TidX), k.Read(ptx.ClusterCtaRank)
	base := sharedBase(k)
	flag0, flag1 := k.Reg(ptx.U32), k.Reg(ptx.U32)
	k.Op("add.u32", flag0, base, ptx.Int(AsyncData))     // rank 0 waits here
	k.Op("add.u32", flag1, base, ptx.Int(AsyncData+128)) // the partner waits here
	ifThread(k, tid, 0, func() {
		k.Op("st.shared.u32", ptx.Addr{Base: flag0}, ptx.Int(0))
		k.Op("st.shared.u32", ptx.Addr{Base: flag1}, ptx.Int(0))
	})
	clusterSync(k)
	// Roles: leader is tid 0 of rank 0; partner is tid 0 of rank target
	// (target > 0) or tid 32 of rank 0 (target 0).
	lead, partner := k.Reg(ptx.Pred), k.Reg(ptx.Pred)
	who := k.Reg(ptx.U32)
	k.Op("or.b32", who, tid, rank)
	k.Op("setp.eq.u32", lead, who, ptx.Int(0))
	ptid, prank := k.Reg(ptx.U32), k.Reg(ptx.U32)
	z := k.Reg(ptx.Pred)
	k.Op("setp.eq.u32", z, target, ptx.Int(0))
	k.Raw(fmt.Sprintf("selp.u32 %s, 32, 0, %s;", ptid, z))
	k.Op("mov.u32", prank, target)
	pt, pr := k.Reg(ptx.Pred), k.Reg(ptx.Pred)
	k.Op("setp.eq.u32", pt, tid, ptid)
	k.Op("setp.eq.u32", pr, rank, prank)
	k.Raw(fmt.Sprintf("and.pred %s, %s, %s;", partner, pt, pr))
	there, back := k.Reg(ptx.U32), k.Reg(ptx.U32)
	k.Raw(fmt.Sprintf("mapa.shared::cluster.u32 %s, %s, %s;", there, flag1, target)) // the partner's flag
	zero := k.Reg(ptx.U32)
	k.Op("mov.u32", zero, ptx.Int(0))
	k.Raw(fmt.Sprintf("mapa.shared::cluster.u32 %s, %s, %s;", back, flag0, zero)) // rank 0's flag
	poll := func(flag, want ptx.Reg) {
		v, p := k.Reg(ptx.U32), k.Reg(ptx.Pred)
		top := k.NewLabel("poll")
		k.Mark(top)
		k.Op("ld.volatile.shared.u32", v, ptx.Addr{Base: flag})
		k.Op("setp.ne.u32", p, v, want)
		k.PredOp("@"+p.String(), "bra", top)
	}
	c0, c1 := k.Reg(ptx.U64), k.Reg(ptx.U64)
	skipLead := k.NewLabel("notlead")
	k.PredOp("@!"+lead.String(), "bra", skipLead)
	k.Op("mov.u64", c0, ptx.Clock64)
	k.LoopIndexed(iters, func(i ptx.Reg) {
		n := k.Reg(ptx.U32)
		k.Op("add.u32", n, i, ptx.Int(1))
		k.Raw(fmt.Sprintf("st.relaxed.cluster.shared::cluster.u32 [%s], %s;", there, n))
		poll(flag0, n)
	})
	k.Op("mov.u64", c1, ptx.Clock64)
	dt := k.Reg(ptx.U64)
	k.Op("sub.u64", dt, c1, c0)
	k.Op("st.global.u64", ptx.Addr{Base: k.Load(outP)}, dt)
	k.Mark(skipLead)
	skipPartner := k.NewLabel("notpartner")
	k.PredOp("@!"+partner.String(), "bra", skipPartner)
	k.LoopIndexed(iters, func(i ptx.Reg) {
		n := k.Reg(ptx.U32)
		k.Op("add.u32", n, i, ptx.Int(1))
		poll(flag1, n)
		k.Raw(fmt.Sprintf("st.relaxed.cluster.shared::cluster.u32 [%s], %s;", back, n))
	})
	k.Mark(skipPartner)
	clusterSync(k)
	return k
}

// DSMUnroll is how many independent DSM accesses a stream iteration holds.
const DSMUnroll = 8

// DSMRegion is the bytes of the partner's shared memory a DSM stream
// sweeps.
const DSMRegion = 32 << 10

// DSMStreamKernel builds the DSM bandwidth stream: every thread of every
// block loads (or stores) width bytes dsmUnroll times a loop iteration
// from the shared memory of the block shift ranks on in its cluster
// (0: its own, through the cluster window), sweeping dsmRegion bytes.
// Lane 0 of every warp writes a warp record. Parameters: out (u64),
// iters (u32), shift (u32).
func DSMStreamKernel(name string, width int, store bool) *ptx.Kernel {
	k := ptx.NewKernel(name)
	outP, itersP, shiftP := k.Param("out", ptx.U64), k.Param("iters", ptx.U32), k.Param("shift", ptx.U32)
	iters, shift := k.Load(itersP), k.Load(shiftP)
	tid, ntid, rank, n := k.Read(ptx.TidX), k.Read(ptx.NtidX), k.Read(ptx.ClusterCtaRank), k.Read(ptx.ClusterNCtaRank)
	base := sharedBase(k)
	peer := k.Reg(ptx.U32)
	k.Op("add.u32", peer, rank, shift)
	k.Op("rem.u32", peer, peer, n)
	data, rbase := k.Reg(ptx.U32), k.Reg(ptx.U32)
	k.Op("add.u32", data, base, ptx.Int(AsyncData))
	k.Raw(fmt.Sprintf("mapa.shared::cluster.u32 %s, %s, %s;", rbase, data, peer))
	off, step := k.Reg(ptx.U32), k.Reg(ptx.U32)
	k.Op("mul.lo.u32", off, tid, ptx.Int(int64(width)))
	k.Op("mul.lo.u32", step, ntid, ptx.Int(int64(width)))
	vec, regs := "", 1
	switch width {
	case 8:
		vec, regs = ".v2", 2
	case 16:
		vec, regs = ".v4", 4
	}
	acc := make([]ptx.Reg, regs)
	for i := range acc {
		acc[i] = k.Reg(ptx.U32)
		k.Op("mov.u32", acc[i], tid)
	}
	list := func(rs []ptx.Reg) string {
		if len(rs) == 1 {
			return rs[0].String()
		}
		return regList(rs)
	}
	clusterSync(k)
	c0, t0 := k.Read(ptx.Clock64), k.Read(ptx.GlobalTimer)
	k.Loop(iters, func() {
		for range DSMUnroll {
			a := k.Reg(ptx.U32)
			k.Op("add.u32", a, rbase, off)
			if store {
				k.Raw(fmt.Sprintf("st.shared::cluster%s.u32 [%s], %s;", vec, a, list(acc)))
			} else {
				v := make([]ptx.Reg, regs)
				for i := range v {
					v[i] = k.Reg(ptx.U32)
				}
				k.Raw(fmt.Sprintf("ld.shared::cluster%s.u32 %s, [%s];", vec, list(v), a))
				for i := range v {
					k.Op("xor.b32", acc[i], acc[i], v[i])
				}
			}
			k.Op("add.u32", off, off, step)
			k.Op("and.b32", off, off, ptx.Int(DSMRegion-1))
		}
	})
	c1, t1 := k.Read(ptx.Clock64), k.Read(ptx.GlobalTimer)
	clusterSync(k)
	writeWarpRecord(k, outP, c0, c1, t0, t1)
	// Keep the loads: store the sum when it equals iters+1... never.
	never := k.Reg(ptx.Pred)
	k.Op("setp.eq.u32", never, acc[0], ptx.Int(0x7fffffff))
	k.If(never, func() { k.Op("st.global.u32", ptx.Addr{Base: k.Load(outP)}, acc[0]) })
	return k
}

// ClusterBarrierKernel builds the barrier.cluster probe: every thread of
// every block runs iters iterations of kernel.SyncUnroll barrier.cluster
// arrive-and-wait pairs; thread 0 of rank 0 stores the loop's cycles.
// Parameters: out (u64), iters (u32).
func ClusterBarrierKernel(name string) *ptx.Kernel {
	k := ptx.NewKernel(name)
	outP, itersP := k.Param("out", ptx.U64), k.Param("iters", ptx.U32)
	iters := k.Load(itersP)
	clusterSync(k)
	c0 := k.Read(ptx.Clock64)
	k.Loop(iters, func() {
		for range kernel.SyncUnroll {
			k.Raw("barrier.cluster.arrive;")
			k.Raw("barrier.cluster.wait;")
		}
	})
	c1 := k.Read(ptx.Clock64)
	who := k.Reg(ptx.U32)
	k.Op("or.b32", who, k.Read(ptx.TidX), k.Read(ptx.ClusterCtaRank))
	ifThread(k, who, 0, func() {
		dt := k.Reg(ptx.U64)
		k.Op("sub.u64", dt, c1, c0)
		k.Op("st.global.u64", ptx.Addr{Base: k.Load(outP)}, dt)
	})
	return k
}
