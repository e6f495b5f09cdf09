package cudagpu

import (
	"fmt"

	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/ptx"
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
