package cudagpu

import (
	"strings"

	"github.com/gpuarch/gpuarch/ptx"
)

// ScatterKernel builds the scattered writes: every thread of the grid
// writes, iters times, a 32-bit word of its own at a hashed index with
// instr, "st.global.u32" (the hash itself is stored), "red.global.add.u32"
// (adds 1) or "red.global.add.f32" (adds 1.0; a reduction, the old value
// unused), or "atom.global.add.u32" (adds 1 and returns the old value,
// added into the hash, so that the next address waits for it). The hash
// is a linear congruential generator per thread
// (Numerical Recipes' multiplier and increment), started at the global
// thread index × 2654435761 + seed, so a launch with another seed writes
// other words; the index is the high 32 bits of hash × words, the
// generator's well-mixed high bits (its low k bits repeat every 2^k steps)
// mapped onto any number of words. Each warp reads %clock64 around its
// rolled loop, and lane 0 stores the cycles at out[warp]. Parameters: base
// (u64), words, seed, iters (u32), out (u64).
func ScatterKernel(name, instr string) *ptx.Kernel {
	k := ptx.NewKernel(name)
	baseP, wordsP, seedP := k.Param("base", ptx.U64), k.Param("words", ptx.U32), k.Param("seed", ptx.U32)
	itersP, outP := k.Param("iters", ptx.U32), k.Param("out", ptx.U64)
	base, words, seed, iters := k.Load(baseP), k.Load(wordsP), k.Load(seedP), k.Load(itersP)
	tid, ntid, ctaid := k.Read(ptx.TidX), k.Read(ptx.NtidX), k.Read(ptx.CtaidX)
	thread, h := k.Reg(ptx.U32), k.Reg(ptx.U32)
	k.Op("mad.lo.u32", thread, ctaid, ntid, tid)
	k.Op("mad.lo.u32", h, thread, ptx.Int(2654435761), seed)
	var value ptx.Operand = h
	switch {
	case strings.HasSuffix(instr, ".f32"):
		value = ptx.Imm("0f3F800000")
	case strings.HasPrefix(instr, "red."):
		value = ptx.Int(1)
	}
	j, off, at := k.Reg(ptx.U32), k.Reg(ptx.U64), k.Reg(ptx.U64)
	var old ptx.Reg
	returns := strings.HasPrefix(instr, "atom.")
	if returns {
		old = k.Reg(ptx.U32)
	}
	c0 := k.Read(ptx.Clock64)
	k.Loop(iters, func() {
		k.Op("mad.lo.u32", h, h, ptx.Int(1664525), ptx.Int(1013904223))
		k.Op("mul.hi.u32", j, h, words)
		k.Op("mul.wide.u32", off, j, ptx.Int(4))
		k.Op("add.u64", at, base, off)
		if returns {
			// The old value feeds the next hash: the lane's next
			// address waits for this atomic.
			k.Op(instr, old, ptx.Addr{Base: at}, value)
			k.Op("add.u32", h, h, old)
			return
		}
		k.Op(instr, ptx.Addr{Base: at}, value)
	})
	storeThreadWarpCycles(k, tid, thread, outP, c0)
	return k
}

// ScatterExpect are the machine-code opcodes ScatterKernel's timed loop
// must hold for instr: STG for a store, RED or REDG (sm_90's name for the
// global form) for a reduction, ATOM or ATOMG for an atomic.
func ScatterExpect(instr string) []string {
	switch {
	case strings.HasPrefix(instr, "red."):
		return []string{"RED", "REDG"}
	case strings.HasPrefix(instr, "atom."):
		return []string{"ATOM", "ATOMG"}
	}
	return []string{"STG"}
}

// WindowKernel builds the window writes: every thread of the grid writes,
// iters times, with st.global.u32, the word at (its global thread index +
// iteration × the grid's threads) & mask of the buffer at base, so each
// warp writes one whole line an iteration (its 32 lanes' consecutive
// words) and, the grid being every SM, every SM's warps write the lines
// of one window of mask + 1 words in turn: each line is written by many
// SMs an iteration. The thread index is what it stores. Each warp reads
// %clock64 around its rolled loop, and lane 0 stores the cycles at
// out[warp]. Parameters: base (u64), mask, iters (u32), out (u64).
func WindowKernel(name string) *ptx.Kernel {
	k := ptx.NewKernel(name)
	baseP, maskP, itersP, outP := k.Param("base", ptx.U64), k.Param("mask", ptx.U32), k.Param("iters", ptx.U32), k.Param("out", ptx.U64)
	base, mask, iters := k.Load(baseP), k.Load(maskP), k.Load(itersP)
	tid, ntid, ctaid, nctaid := k.Read(ptx.TidX), k.Read(ptx.NtidX), k.Read(ptx.CtaidX), k.Read(ptx.NctaidX)
	thread, grid, j := k.Reg(ptx.U32), k.Reg(ptx.U32), k.Reg(ptx.U32)
	k.Op("mad.lo.u32", thread, ctaid, ntid, tid)
	k.Op("mul.lo.u32", grid, nctaid, ntid)
	k.Op("mov.u32", j, thread)
	idx, off, at := k.Reg(ptx.U32), k.Reg(ptx.U64), k.Reg(ptx.U64)
	c0 := k.Read(ptx.Clock64)
	k.Loop(iters, func() {
		k.Op("and.b32", idx, j, mask)
		k.Op("mul.wide.u32", off, idx, ptx.Int(4))
		k.Op("add.u64", at, base, off)
		k.Op("st.global.u32", ptx.Addr{Base: at}, thread)
		k.Op("add.u32", j, j, grid)
	})
	storeThreadWarpCycles(k, tid, thread, outP, c0)
	return k
}

// storeThreadWarpCycles ends a kernel whose warps time their own loop
// from c0 (read before it) to now: lane 0 of every warp (tid the thread's
// index in its block, thread in the grid) stores the cycles at
// out[thread / 32].
func storeThreadWarpCycles(k *ptx.Kernel, tid, thread ptx.Reg, outP ptx.Param, c0 ptx.Reg) {
	c1 := k.Read(ptx.Clock64)
	lane, warp := k.Reg(ptx.U32), k.Reg(ptx.U32)
	k.Op("and.b32", lane, tid, ptx.Int(31))
	k.Op("shr.u32", warp, thread, ptx.Int(5))
	storeWarpCycles(k, lane, warp, outP, c0, c1)
}
