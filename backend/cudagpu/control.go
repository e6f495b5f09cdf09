package cudagpu

import (
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/ptx"
)

// BranchKernel builds the branch probe for b's mode and paths: one warp
// runs iters iterations and lane 0 stores the loop's cycles at out.
// Conditions depend on the iteration, so ptxas cannot hoist them out of
// the loop. Parameters: out (u64), iters (u32), mask (u32).
func BranchKernel(name string, b kernel.Branch) *ptx.Kernel {
	k := ptx.NewKernel(name)
	outP, itersP, maskP := k.Param("out", ptx.U64), k.Param("iters", ptx.U32), k.Param("mask", ptx.U32)
	iters, mask := k.Load(itersP), k.Load(maskP)
	lane := k.Read(ptx.LaneID)
	acc := k.Reg(ptx.U32)
	k.Op("mov.u32", acc, lane)
	body := func(mul int64) {
		for range kernel.BranchBodyOps {
			k.Op("mad.lo.u32", acc, acc, ptx.Int(mul), mask)
		}
	}
	i := k.Reg(ptx.U32)
	k.Op("mov.u32", i, ptx.Int(0))
	c0 := k.Read(ptx.Clock64)
	k.Loop(iters, func() {
		k.Op("add.u32", i, i, ptx.Int(1))
		p := k.Reg(ptx.Pred)
		switch b.Mode {
		case "none":
			body(3)
		case "uniform":
			t := k.Reg(ptx.U32)
			k.Op("and.b32", t, i, mask)
			k.Op("setp.ne.u32", p, t, ptx.Int(0))
			skip := k.NewLabel("skip")
			k.PredOp("@"+p.String(), "bra.uni", skip)
			body(3)
			k.Mark(skip)
		case "divergent":
			sel := k.Reg(ptx.U32)
			k.Op("add.u32", sel, lane, i)
			k.Op("and.b32", sel, sel, ptx.Int(int64(b.Paths-1)))
			for path := range b.Paths {
				next := k.NewLabel("path")
				k.Op("setp.ne.u32", p, sel, ptx.Int(int64(path)))
				k.PredOp("@"+p.String(), "bra", next)
				body(int64(3 + 2*path))
				k.Mark(next)
			}
		case "predicated":
			sel := k.Reg(ptx.U32)
			k.Op("add.u32", sel, lane, i)
			k.Op("and.b32", sel, sel, ptx.Int(1))
			k.Op("setp.ne.u32", p, sel, ptx.Int(0))
			other := k.Reg(ptx.U32)
			k.Op("mov.u32", other, acc)
			body(3)
			keep := acc
			acc = other
			body(5)
			acc = keep
			k.Op("selp.b32", acc, acc, other, p)
		}
	})
	storeCycles(k, outP, c0, k.Read(ptx.Clock64), acc)
	return k
}

// FenceKernel builds the fence probe: one warp stores to global memory
// and then runs fence (a PTX membar or fence instruction; "" for none),
// iters times; lane 0 stores the loop's cycles at out. Parameters: out
// (u64), buf (u64), iters (u32).
func FenceKernel(name, fence string) *ptx.Kernel {
	k := ptx.NewKernel(name)
	outP, bufP, itersP := k.Param("out", ptx.U64), k.Param("buf", ptx.U64), k.Param("iters", ptx.U32)
	iters := k.Load(itersP)
	lane := k.Read(ptx.LaneID)
	off, addr := k.Reg(ptx.U64), k.Reg(ptx.U64)
	k.Op("mul.wide.u32", off, lane, ptx.Int(4))
	k.Op("add.u64", addr, k.Load(bufP), off)
	c0 := k.Read(ptx.Clock64)
	cnt := k.Loop(iters, func() {
		k.Op("st.global.u32", ptx.Addr{Base: addr}, lane)
		if fence != "" {
			k.Raw(fence + ";")
		}
	})
	storeCycles(k, outP, c0, k.Read(ptx.Clock64), cnt)
	return k
}
