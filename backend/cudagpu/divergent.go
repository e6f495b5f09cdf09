package cudagpu

import (
	"github.com/gpuarch/gpuarch/ptx"
)

// DivergentLine is the divergent chase's element stride in bytes (the
// stride DivergentChaseKernel steps by): one 128-byte line per element, so
// every lane's load is its own line.
const DivergentLine = 128

// DivergentChaseKernel builds the chase: thread t of block b starts at
// position (t × blocks + b) × spacing + shift of the cycle chase_init
// built (element g(i) holds the address of element g(i+1)), so the
// positions next to a thread's belong to other SMs and no SM reads a line
// that another of its threads has just brought into its L1; it takes warm
// untimed steps, then steps timed ones, with ld.global.ca (PTX's default
// for global loads, as compiled code uses). Lane 0 of each warp stores
// the timed steps' cycles at out[warp]. Parameters: base (u64), elems,
// bits, seed, spacing, shift, warm, steps (u32), out, guard (u64).
func DivergentChaseKernel(name string) *ptx.Kernel {
	k := ptx.NewKernel(name)
	baseP, elemsP, bitsP, seedP := k.Param("base", ptx.U64), k.Param("elems", ptx.U32), k.Param("bits", ptx.U32), k.Param("seed", ptx.U32)
	spacingP, shiftP := k.Param("spacing", ptx.U32), k.Param("shift", ptx.U32)
	warmP, stepsP := k.Param("warm", ptx.U32), k.Param("steps", ptx.U32)
	outP, guardP := k.Param("out", ptx.U64), k.Param("guard", ptx.U64)
	base, elems, nbits, seed := k.Load(baseP), k.Load(elemsP), k.Load(bitsP), k.Load(seedP)
	spacing, shift, warm, steps := k.Load(spacingP), k.Load(shiftP), k.Load(warmP), k.Load(stepsP)
	tid, ntid, ctaid, nctaid := k.Read(ptx.TidX), k.Read(ptx.NtidX), k.Read(ptx.CtaidX), k.Read(ptx.NctaidX)
	pos := k.Reg(ptx.U32)
	k.Op("mad.lo.u32", pos, tid, nctaid, ctaid)
	k.Op("mad.lo.u32", pos, pos, spacing, shift)
	k.Op("rem.u32", pos, pos, elems)
	g0 := scramble(k, pos, elems, nbits, seed)
	line := k.Reg(ptx.U32)
	k.Op("mov.u32", line, ptx.Int(DivergentLine))
	ptr := elementAddr(k, "global", base, g0, line)
	step := func() { k.Op("ld.global.ca.u64", ptr, ptx.Addr{Base: ptr}) }
	k.Loop(warm, step)
	c0 := k.Read(ptx.Clock64)
	k.Loop(steps, step)
	c1 := k.Read(ptx.Clock64)
	lane, warp := k.Reg(ptx.U32), k.Reg(ptx.U32)
	k.Op("and.b32", lane, tid, ptx.Int(31))
	k.Op("mad.lo.u32", warp, ctaid, ntid, tid)
	k.Op("shr.u32", warp, warp, ptx.Int(5))
	out := storeWarpCycles(k, lane, warp, outP, c0, c1)
	k.StoreIfEqual(ptx.Addr{Base: out}, ptr, k.Load(guardP))
	return k
}

// storeWarpCycles ends a kernel whose warps each time their own loop:
// lane 0 of every warp stores c1 - c0 at out[warp] (8 bytes a warp). It
// returns out's value.
func storeWarpCycles(k *ptx.Kernel, lane, warp ptx.Reg, outP ptx.Param, c0, c1 ptx.Reg) ptx.Reg {
	first := k.Reg(ptx.Pred)
	k.Op("setp.eq.u32", first, lane, ptx.Int(0))
	out := k.Load(outP)
	off, at, dt := k.Reg(ptx.U64), k.Reg(ptx.U64), k.Reg(ptx.U64)
	k.Op("mul.wide.u32", off, warp, ptx.Int(8))
	k.Op("add.u64", at, out, off)
	k.Op("sub.u64", dt, c1, c0)
	k.PredOp("@"+first.String(), "st.global.u64", ptx.Addr{Base: at}, dt)
	return out
}
