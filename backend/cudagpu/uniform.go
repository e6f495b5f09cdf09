package cudagpu

import (
	"strings"

	"github.com/gpuarch/gpuarch/ptx"
)

// UniformOp is an integer operation the uniform-datapath probe chains on
// warp-uniform values, so that ptxas can keep the chain in uniform
// registers; SASS is the uniform instruction one step should become,
// Vector the vector one it becomes otherwise.
type UniformOp struct {
	Name, Template, SASS, Vector string
	// Note says how a step maps to the machine code when it is not one
	// PTX instruction.
	Note string
}

func (o UniformOp) step(x, a, b ptx.Reg) string {
	return strings.NewReplacer("{x}", x.String(), "{a}", a.String(), "{b}", b.String()).Replace(o.Template)
}

// UniformUnroll is how many rounds of the chains a loop iteration holds.
const UniformUnroll = 8

// uniformSeeds make the chains' four operands from %ctaid.y and
// %nctaid.x (odd, so a multiply never zeroes a chain).
var uniformSeeds = [4]int64{0x9e3779b9, 0x7f4a7c15, 0x85ebca6b, 0xc2b2ae35}

// UniformKernel builds the uniform-datapath probe: ilp chains of op,
// uniformUnroll rounds a loop iteration, and, when vector > 0, that many
// chains of a vector instruction (fma.rn.f32, or add.u32 and xor.b32 on
// values that differ per thread) interleaved in the same loop. Lane 0 of
// every warp writes a warp record.
//
// ptxas (CUDA 13.0) keeps a chain in uniform registers only when its
// values are uniform in a way it can see and a uniform consumer needs
// them: a chain whose result is stored as data stays on the vector
// datapath (IADD3, LOP3, SHF, IMAD), and one that starts from a value
// the kernel also needs in vector registers (%ctaid.x, which the warp
// record stores) goes with it. So the operands and starting values come
// from %ctaid.y (0 in these one-dimensional launches, which ptxas cannot
// know; S2UR) and %nctaid.x (ULDC), and the chains' sum is the address
// of a load that runs only when x0 is all ones, which the host never
// passes. Parameters: out (u64), iters (u32), x0 (u32).
func UniformKernel(name string, op UniformOp, ilp int, vector int, vectorOp string) *ptx.Kernel {
	k := ptx.NewKernel(name)
	outP, itersP, x0P := k.Param("out", ptx.U64), k.Param("iters", ptx.U32), k.Param("x0", ptx.U32)
	cy, nctaid := k.Read(ptx.CtaidY), k.Read(ptx.NctaidX)
	var as []ptx.Reg
	for i, seed := range uniformSeeds {
		a := k.Reg(ptx.U32)
		k.Op("mad.lo.u32", a, cy, ptx.Int(seed), nctaid)
		k.Op("add.u32", a, a, ptx.Int(seed>>(8*i)&0xffff))
		k.Op("or.b32", a, a, ptx.Int(1))
		as = append(as, a)
	}
	iters := k.Load(itersP)
	xs := make([]ptx.Reg, ilp)
	for i := range xs {
		xs[i] = k.Reg(ptx.U32)
		k.Op("add.u32", xs[i], as[i%4], ptx.Int(int64(i)))
	}
	tid := k.Read(ptx.TidX)
	vs := make([]ptx.Reg, vector)
	var fa, fb ptx.Reg
	if vector > 0 {
		fa, fb = k.Reg(ptx.F32), k.Reg(ptx.F32)
		k.Op("mov.f32", fa, ptx.Imm("0f3F7FF972"))
		k.Op("mov.f32", fb, ptx.Imm("0f3A83126F"))
	}
	for i := range vs {
		if vectorOp == "fma.rn.f32" {
			vs[i] = k.Reg(ptx.F32)
			k.Op("cvt.rn.f32.u32", vs[i], tid)
		} else {
			vs[i] = k.Reg(ptx.U32)
			k.Op("add.u32", vs[i], tid, ptx.Int(int64(i)))
		}
	}
	k.Op("bar.sync", ptx.Int(0))
	c0, t0 := k.Read(ptx.Clock64), k.Read(ptx.GlobalTimer)
	k.Loop(iters, func() {
		for u := range UniformUnroll {
			for i, x := range xs {
				k.Raw(op.step(x, as[(u+i)%4], as[(u+i+1)%4]))
			}
			for i, v := range vs {
				if vectorOp == "fma.rn.f32" {
					k.Op("fma.rn.f32", v, v, fa, fb)
				} else {
					k.Op("add.u32", v, v, as[(u+i)%4])
					k.Op("xor.b32", v, v, tid)
				}
			}
		}
	})
	c1, t1 := k.Read(ptx.Clock64), k.Read(ptx.GlobalTimer)
	writeWarpRecord(k, outP, c0, c1, t0, t1)
	// Keep every chain: the uniform chains' sum addresses a load, the
	// vector chains' sum is its data, both used only when x0 is all
	// ones.
	usum, vsum := k.Reg(ptx.U32), k.Reg(ptx.U32)
	k.Op("mov.u32", usum, ptx.Int(0))
	k.Op("mov.u32", vsum, ptx.Int(0))
	for _, x := range xs {
		k.Op("add.u32", usum, usum, x)
	}
	for _, v := range vs {
		if vectorOp == "fma.rn.f32" {
			b := k.Reg(ptx.U32)
			k.Op("mov.b32", b, v)
			k.Op("add.u32", vsum, vsum, b)
		} else {
			k.Op("add.u32", vsum, vsum, v)
		}
	}
	off, addr, out := k.Reg(ptx.U64), k.Reg(ptx.U64), k.Load(outP)
	k.Op("cvt.u64.u32", off, usum)
	k.Op("add.u64", addr, out, off)
	loadWhenAllOnes(k, x0P, addr, out, &vsum)
	return k
}

// loadWhenAllOnes keeps a chain's result alive: when x0 is all ones
// (never, in practice) it loads the word at addr, adds plus to it when
// given, and stores it at out; the compiler cannot drop what addr (and
// plus) come from.
func loadWhenAllOnes(k *ptx.Kernel, x0P ptx.Param, addr, out ptx.Reg, plus *ptx.Reg) {
	never := k.Reg(ptx.Pred)
	k.Op("setp.eq.u32", never, k.Load(x0P), ptx.Int(-1))
	k.If(never, func() {
		got := k.Reg(ptx.U32)
		k.Op("ld.global.u32", got, ptx.Addr{Base: addr})
		if plus != nil {
			k.Op("add.u32", got, got, *plus)
		}
		k.Op("st.global.u32", ptx.Addr{Base: out}, got)
	})
}

// The ring the uniform constant-load chain follows in ConstTable:
// UniformConstElems 8-byte pointers UniformConstStride bytes apart (2 KiB,
// within the SM's constant caches).
const UniformConstElems, UniformConstStride = 32, 64

// UniformConstInitKernel writes the ring into buf: element i (thread i)
// holds the constant-space address of element i+1 (the last, of the
// first), for the host to copy into ConstTable. Parameters: buf (u64).
func UniformConstInitKernel(name string) *ptx.Kernel {
	k := ptx.NewKernel(name)
	buf := k.Load(k.Param("buf", ptx.U64))
	tid := k.Read(ptx.TidX)
	in := k.Reg(ptx.Pred)
	k.Op("setp.lt.u32", in, tid, ptx.Int(UniformConstElems))
	k.If(in, func() {
		next, off, at, base, to := k.Reg(ptx.U32), k.Reg(ptx.U64), k.Reg(ptx.U64), k.Reg(ptx.U64), k.Reg(ptx.U64)
		k.Op("add.u32", next, tid, ptx.Int(1))
		k.Op("rem.u32", next, next, ptx.Int(UniformConstElems))
		k.Op("mov.u64", base, ptx.Imm(ConstTable))
		k.Op("mul.wide.u32", to, next, ptx.Int(UniformConstStride))
		k.Op("add.u64", to, to, base)
		k.Op("mul.wide.u32", off, tid, ptx.Int(UniformConstStride))
		k.Op("add.u64", at, buf, off)
		k.Op("st.global.u64", ptx.Addr{Base: at}, to)
	})
	return k
}

// UniformConstKernel builds the uniform constant-load chain: ilp chains
// of ld.const.u64 p, [p] through the ring in ConstTable, uniformUnroll a
// loop iteration, each starting at element %ctaid.y + an offset per chain
// (uniform, as in UniformKernel) and ending in the address of a load that
// runs only when x0 is all ones, so that ptxas loads with ULDC.64 and an
// index in a uniform register. Lane 0 of every warp writes a warp record.
// Parameters: out (u64), iters (u32), x0 (u32).
func UniformConstKernel(name string, ilp int) *ptx.Kernel {
	k := ptx.NewKernel(name)
	outP, itersP, x0P := k.Param("out", ptx.U64), k.Param("iters", ptx.U32), k.Param("x0", ptx.U32)
	cy := k.Read(ptx.CtaidY)
	base := k.Reg(ptx.U64)
	k.Op("mov.u64", base, ptx.Imm(ConstTable))
	ps := make([]ptx.Reg, ilp)
	for i := range ps {
		e, off := k.Reg(ptx.U32), k.Reg(ptx.U64)
		k.Op("add.u32", e, cy, ptx.Int(int64(i*UniformConstElems/ilp)))
		k.Op("mul.wide.u32", off, e, ptx.Int(UniformConstStride))
		ps[i] = k.Reg(ptx.U64)
		k.Op("add.u64", ps[i], base, off)
	}
	iters := k.Load(itersP)
	k.Op("bar.sync", ptx.Int(0))
	c0, t0 := k.Read(ptx.Clock64), k.Read(ptx.GlobalTimer)
	k.Loop(iters, func() {
		for range UniformUnroll {
			for _, p := range ps {
				k.Op("ld.const.u64", p, ptx.Addr{Base: p})
			}
		}
	})
	c1, t1 := k.Read(ptx.Clock64), k.Read(ptx.GlobalTimer)
	writeWarpRecord(k, outP, c0, c1, t0, t1)
	sum, addr, out := k.Reg(ptx.U64), k.Reg(ptx.U64), k.Load(outP)
	k.Op("mov.u64", sum, ptx.Int(0))
	for _, p := range ps {
		k.Op("add.u64", sum, sum, p)
	}
	k.Op("add.u64", addr, out, sum)
	loadWhenAllOnes(k, x0P, addr, out, nil)
	return k
}
