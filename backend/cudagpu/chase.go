package cudagpu

import (
	"fmt"

	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/ptx"
)

// Pointer chasing, as memory-latency microbenchmarks since Saavedra and
// Smith do it (and Mei and Chu's fine-grained P-chase for GPUs): a single
// thread follows a cyclic permutation of addresses, each load's address
// being the previous load's result, so loads cannot overlap and the time per
// step is the latency of whatever level holds the footprint.
//
// The permutation is built on the GPU, so footprints of gigabytes cost no
// host transfer: element i of a chain holds the address of element i+K,
// where the order is scrambled by a bijective integer mix g on [0, E) (an
// xorshift-multiply bijection on the next power of two, cycle-walked into
// [0, E)). Consecutive steps land far apart, in an order no stride
// prefetcher follows, and every element is visited once per pass.

// Chase parameters, in kernel order: base (u64), elements E (u32), bits b
// with 2^b >= E (u32), stride in bytes (u32), chains K (u32), seed (u32).
type chaseParams struct {
	base, elems, bits, stride, chains, seed ptx.Param
}

func declareChase(k *ptx.Kernel, space string) chaseParams {
	var p chaseParams
	if space != "shared" {
		p.base = k.Param("base", ptx.U64)
	}
	p.elems = k.Param("elems", ptx.U32)
	p.bits = k.Param("bits", ptx.U32)
	p.stride = k.Param("stride", ptx.U32)
	p.chains = k.Param("chains", ptx.U32)
	p.seed = k.Param("seed", ptx.U32)
	return p
}

// scramble emits g(x): the mix, repeated while the result is not below E.
func scramble(k *ptx.Kernel, x, elems, bits, seed ptx.Reg) ptx.Reg {
	mask, one, h1, h2 := k.Reg(ptx.U32), k.Reg(ptx.U32), k.Reg(ptx.U32), k.Reg(ptx.U32)
	k.Op("mov.u32", one, ptx.Int(1))
	k.Op("shl.b32", mask, one, bits)
	k.Op("sub.u32", mask, mask, ptx.Int(1))
	k.Op("shr.u32", h1, bits, ptx.Int(1))
	k.Op("max.u32", h1, h1, one)
	k.Op("add.u32", h2, h1, ptx.Int(1))
	y, t := k.Reg(ptx.U32), k.Reg(ptx.U32)
	k.Op("mov.u32", y, x)
	again := k.Reg(ptx.Pred)
	top := k.NewLabel("walk")
	k.Mark(top)
	k.Op("xor.b32", y, y, seed)
	k.Op("and.b32", y, y, mask)
	k.Op("mul.lo.u32", y, y, ptx.Int(0x9E3779B1))
	k.Op("and.b32", y, y, mask)
	k.Op("shr.u32", t, y, h1)
	k.Op("xor.b32", y, y, t)
	k.Op("mul.lo.u32", y, y, ptx.Int(0x85EBCA6B))
	k.Op("and.b32", y, y, mask)
	k.Op("shr.u32", t, y, h2)
	k.Op("xor.b32", y, y, t)
	k.Op("setp.ge.u32", again, y, elems)
	k.PredOp("@"+again.String(), "bra", top)
	return y
}

// elementAddr emits base + g*stride for the global (64-bit) or shared
// (32-bit) space.
func elementAddr(k *ptx.Kernel, space string, base, g, stride ptx.Reg) ptx.Reg {
	if space == "global" {
		off, a := k.Reg(ptx.U64), k.Reg(ptx.U64)
		k.Op("mul.wide.u32", off, g, stride)
		k.Op("add.u64", a, base, off)
		return a
	}
	a := k.Reg(ptx.U32)
	k.Op("mad.lo.u32", a, g, stride, base)
	return a
}

// chainShape holds the chase parameters' registers.
type chainShape struct{ elems, bits, stride, chains, seed ptx.Reg }

// storeLink emits one link of the chains: element g(i) of base gets the
// address of element g((i+K) mod E) of vbase, in the global (u64) or
// shared (u32) space.
func storeLink(k *ptx.Kernel, space string, i ptx.Reg, c chainShape, base, vbase ptx.Reg) {
	next := k.Reg(ptx.U32)
	k.Op("add.u32", next, i, c.chains)
	wrap := k.Reg(ptx.Pred)
	k.Op("setp.ge.u32", wrap, next, c.elems)
	k.PredOp("@"+wrap.String(), "sub.u32", next, next, c.elems)
	gi := scramble(k, i, c.elems, c.bits, c.seed)
	gn := scramble(k, next, c.elems, c.bits, c.seed)
	at := elementAddr(k, space, base, gi, c.stride)
	to := elementAddr(k, space, vbase, gn, c.stride)
	st := "st.shared.u32"
	if space == "global" {
		st = "st.global.u64"
	}
	k.Op(st, ptx.Addr{Base: at}, to)
}

// sharedBase reads the address of the dynamic shared memory array.
func sharedBase(k *ptx.Kernel) ptx.Reg {
	r := k.Reg(ptx.U32)
	k.Op("mov.u32", r, ptx.Imm(ptx.DynamicShared))
	return r
}

// ChaseInitKernel writes the chains' pointers into global memory: thread i
// stores at element g(i) of base the address of element g((i+K) mod E) of
// vbase (the last parameter, u64): vbase is base itself, or where the
// elements will be read from after a copy (a constant-space variable).
func ChaseInitKernel(name string) *ptx.Kernel {
	k := ptx.NewKernel(name)
	p := declareChase(k, "global")
	vbase := k.Load(k.Param("vbase", ptx.U64))
	base, elems, bits, stride, chains, seed := k.Load(p.base), k.Load(p.elems), k.Load(p.bits), k.Load(p.stride), k.Load(p.chains), k.Load(p.seed)
	tid, ntid, ctaid := k.Read(ptx.TidX), k.Read(ptx.NtidX), k.Read(ptx.CtaidX)
	i := k.Reg(ptx.U32)
	k.Op("mad.lo.u32", i, ctaid, ntid, tid)
	out := k.Reg(ptx.Pred)
	k.Op("setp.ge.u32", out, i, elems)
	done := k.NewLabel("done")
	k.PredOp("@"+out.String(), "bra", done)
	storeLink(k, "global", i, chainShape{elems, bits, stride, chains, seed}, base, vbase)
	k.Mark(done)
	return k
}

// ConstTable is the constant-space variable the constant-cache chase
// follows: 64 KiB, all a module's constant bank may hold.
const ConstTable, ConstTableBytes = "gpuarch_const", 64 << 10

// ConstBaseKernel stores ConstTable's constant-space address to out[0]
// (u64), the address the constant chase's pointers must hold.
func ConstBaseKernel(name string) *ptx.Kernel {
	k := ptx.NewKernel(name)
	out := k.Load(k.Param("out", ptx.U64))
	a := k.Reg(ptx.U64)
	k.Op("mov.u64", a, ptx.Imm(ConstTable))
	k.Op("st.global.u64", ptx.Addr{Base: out}, a)
	return k
}

// ChaseKernel follows chain c = block index + warp index in the block,
// with the warp's first thread (blocks of one thread, or one block of
// several warps for chains that must share an SM): a warm pass of steps
// loads, then a timed pass; out[c] (u64) gets the timed pass's cycles and
// out[ChaseSlots+c] its length on %globaltimer, so that the SM clock the
// chase ran at is known point by point. cacheOp is the ld qualifier ("ca": through L1, "cg":
// around it). space "shared" chases in dynamic shared memory instead, one
// block, after its threads build the chain there; space "const" chases
// ConstTable through the constant cache (cacheOp unused for both).
func ChaseKernel(name, space, cacheOp string) *ptx.Kernel {
	k := ptx.NewKernel(name)
	p := declareChase(k, space)
	steps := k.Param("steps", ptx.U32)
	outP := k.Param("out", ptx.U64)
	guardP := k.Param("guard", ptx.U64)
	elems, bits, stride, chains, seed := k.Load(p.elems), k.Load(p.bits), k.Load(p.stride), k.Load(p.chains), k.Load(p.seed)
	n := k.Load(steps)
	chain := k.Read(ptx.CtaidX)
	var ptr ptx.Reg
	load := ""
	if space == "shared" {
		base := sharedBase(k)
		// Every thread of the block builds part of the chain.
		tid, ntid := k.Read(ptx.TidX), k.Read(ptx.NtidX)
		i := k.Reg(ptx.U32)
		k.Op("mov.u32", i, tid)
		more := k.Reg(ptx.Pred)
		top, end := k.NewLabel("build"), k.NewLabel("built")
		k.Op("setp.ge.u32", more, i, elems)
		k.PredOp("@"+more.String(), "bra", end)
		k.Mark(top)
		storeLink(k, "shared", i, chainShape{elems, bits, stride, chains, seed}, base, base)
		k.Op("add.u32", i, i, ntid)
		k.Op("setp.lt.u32", more, i, elems)
		k.PredOp("@"+more.String(), "bra", top)
		k.Mark(end)
		k.Op("bar.sync", ptx.Int(0))
		first := k.Reg(ptx.Pred)
		k.Op("setp.ne.u32", first, tid, ptx.Int(0))
		leave := k.NewLabel("leave")
		k.PredOp("@"+first.String(), "bra", leave)
		defer k.Mark(leave)
		g0 := scramble(k, chain, elems, bits, seed)
		ptr = elementAddr(k, "shared", base, g0, stride)
		load = "ld.shared.u32"
	} else {
		// Warp w of a block follows chain ctaid+w with its first lane:
		// blocks of one thread follow one chain each, on as many SMs; one
		// block of several warps follows several on one SM.
		tid := k.Read(ptx.TidX)
		lane, warp := k.Reg(ptx.U32), k.Reg(ptx.U32)
		k.Op("and.b32", lane, tid, ptx.Int(31))
		k.Op("shr.u32", warp, tid, ptx.Int(5))
		k.Op("add.u32", chain, chain, warp)
		idle := k.Reg(ptx.Pred)
		k.Op("setp.ne.u32", idle, lane, ptx.Int(0))
		leave := k.NewLabel("leave")
		k.PredOp("@"+idle.String(), "bra", leave)
		defer k.Mark(leave)
		base := k.Load(p.base)
		g0 := scramble(k, chain, elems, bits, seed)
		ptr = elementAddr(k, "global", base, g0, stride)
		load = fmt.Sprintf("ld.global.%s.u64", cacheOp)
		if space == "const" {
			load = "ld.const.u64"
		}
	}
	k.Loop(n, func() { k.Op(load, ptr, ptx.Addr{Base: ptr}) })
	t0 := k.Read(ptx.GlobalTimer)
	c0 := k.Read(ptx.Clock64)
	k.Loop(n, func() { k.Op(load, ptr, ptx.Addr{Base: ptr}) })
	c1 := k.Read(ptx.Clock64)
	t1 := k.Read(ptx.GlobalTimer)
	out := k.Load(outP)
	off, at, dt := k.Reg(ptx.U64), k.Reg(ptx.U64), k.Reg(ptx.U64)
	k.Op("mul.wide.u32", off, chain, ptx.Int(8))
	k.Op("add.u64", at, out, off)
	k.Op("sub.u64", dt, c1, c0)
	k.Op("st.global.u64", ptx.Addr{Base: at}, dt)
	k.Op("sub.u64", dt, t1, t0)
	k.Op("st.global.u64", ptx.Addr{Base: at, Offset: 8 * kernel.ChaseSlots}, dt)
	guard := k.Load(guardP)
	wide := ptr
	if space == "shared" {
		wide = k.Reg(ptx.U64)
		k.Op("cvt.u64.u32", wide, ptr)
	}
	k.StoreIfEqual(ptx.Addr{Base: out}, wide, guard)
	return k
}
