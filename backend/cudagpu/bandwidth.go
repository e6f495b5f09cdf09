package cudagpu

import (
	"fmt"

	"github.com/gpuarch/gpuarch/ptx"
)

// StreamKernel builds a bandwidth kernel. Block b streams over a region
// region bytes long, passes times: in pass p the region at base +
// ((b + p*rotate) mod regions)*region (rotate 0: the block's own region
// every pass; 1: each pass the region the next block read the pass
// before, so every line is read by several SMs in turn). Thread t
// touches offsets (j*threads + t)*spacing, unroll accesses in flight per
// loop iteration (spacing = width streams every byte). op is "ld.ca", "ld.cg" (global loads), "st" (global stores) or
// "lds" (shared memory loads from the block's dynamic shared memory). Every
// warp writes a warp record to out.
//
// alu independent FFMAs follow each access, spread over four chains that
// never wait for memory (the latency-hiding test: how much arithmetic
// the loads leave room for).
//
// Parameters: out (u64), sink (u64), passes (u32), base (u64), region
// (u64, bytes), regions (u32), guard (u32), spacing (u32, bytes), rotate
// (u32).
func StreamKernel(name, op string, width, unroll, alu int) *ptx.Kernel {
	k := ptx.NewKernel(name)
	outP, sinkP := k.Param("out", ptx.U64), k.Param("sink", ptx.U64)
	passesP := k.Param("passes", ptx.U32)
	baseP, regionP := k.Param("base", ptx.U64), k.Param("region", ptx.U64)
	regionsP, guardP := k.Param("regions", ptx.U32), k.Param("guard", ptx.U32)
	spacingP, rotateP := k.Param("spacing", ptx.U32), k.Param("rotate", ptx.U32)
	passes, region, regions := k.Load(passesP), k.Load(regionP), k.Load(regionsP)
	tid, ntid, ctaid := k.Read(ptx.TidX), k.Read(ptx.NtidX), k.Read(ptx.CtaidX)
	// The thread's first byte: base + slot*region + tid*spacing, slot =
	// (ctaid + pass*rotate) % regions (64-bit; shared memory uses the low
	// 32 bits of a shared-window address and no slot).
	slot := k.Reg(ptx.U32)
	k.Op("rem.u32", slot, ctaid, regions)
	var rotate ptx.Reg
	first := k.Reg(ptx.U64) // the start less the slot's offset
	if op == "lds" {
		s := k.Reg(ptx.U32)
		k.Op("mov.u32", s, ptx.Imm(ptx.DynamicShared))
		k.Op("cvt.u64.u32", first, s)
	} else {
		rotate = k.Load(rotateP)
		k.Op("mov.u64", first, k.Load(baseP))
	}
	spacing := k.Load(spacingP)
	to := k.Reg(ptx.U64)
	k.Op("mul.wide.u32", to, tid, spacing)
	k.Op("add.u64", first, first, to)
	start := k.Reg(ptx.U64)
	k.Op("mov.u64", start, first)
	step := k.Reg(ptx.U64) // bytes between one thread's consecutive accesses
	k.Op("mul.wide.u32", step, ntid, spacing)
	chunk := k.Reg(ptx.U64) // bytes one loop iteration covers
	k.Op("mul.lo.u64", chunk, step, ptx.Int(int64(unroll)))
	iters64 := k.Reg(ptx.U64)
	k.Op("div.u64", iters64, region, chunk)
	iters := k.Reg(ptx.U32)
	k.Op("cvt.u32.u64", iters, iters64)
	k.Op("max.u32", iters, iters, ptx.Int(1))
	acc := k.Reg(ptx.U32)
	k.Op("mov.u32", acc, tid)
	vals, suffix, dst := loadDest(k, width)
	for _, v := range vals {
		k.Op("mov.u32", v, tid)
	}
	var fs [4]ptx.Reg
	if alu > 0 {
		for i := range fs {
			fs[i] = k.Reg(ptx.F32)
			k.Op("cvt.rn.f32.u32", fs[i], tid)
		}
	}
	nextFMA := 0
	k.Op("bar.sync", ptx.Int(0))
	c0, g0 := k.Read(ptx.Clock64), k.Read(ptx.GlobalTimer)
	addr := k.Reg(ptx.U64)
	k.Loop(passes, func() {
		if op != "lds" {
			so := k.Reg(ptx.U64)
			k.Op("mul.wide.u32", so, slot, ptx.Int(1))
			k.Op("mul.lo.u64", so, so, region)
			k.Op("add.u64", start, first, so)
			k.Op("add.u32", slot, slot, rotate)
			k.Op("rem.u32", slot, slot, regions)
		}
		k.Op("mov.u64", addr, start)
		k.Loop(iters, func() {
			for u := range unroll {
				a := k.Reg(ptx.U64)
				if u == 0 {
					k.Op("mov.u64", a, addr)
				} else {
					off := k.Reg(ptx.U64)
					k.Op("mul.lo.u64", off, step, ptx.Int(int64(u)))
					k.Op("add.u64", a, addr, off)
				}
				switch op {
				case "st":
					k.Raw(fmt.Sprintf("st.global.%s [%s], %s;", suffix, a, dst))
				case "lds":
					s32 := k.Reg(ptx.U32)
					k.Op("cvt.u32.u64", s32, a)
					k.Raw(fmt.Sprintf("ld.shared.%s %s, [%s];", suffix, dst, s32))
				default:
					k.Raw(fmt.Sprintf("ld.global.%s.%s %s, [%s];", op[3:], suffix, dst, a))
				}
				for range alu {
					f := fs[nextFMA%len(fs)]
					nextFMA++
					k.Op("fma.rn.f32", f, f, ptx.Imm("0f3F7FBE77"), ptx.Imm("0f3A83126F"))
				}
				if op != "st" {
					for _, v := range vals {
						k.Op("xor.b32", acc, acc, v)
					}
				}
			}
			k.Op("add.u64", addr, addr, chunk)
		})
	})
	c1, g1 := k.Read(ptx.Clock64), k.Read(ptx.GlobalTimer)
	if alu > 0 {
		bits := k.Reg(ptx.U32)
		for _, f := range fs {
			k.Op("mov.b32", bits, f)
			k.Op("xor.b32", acc, acc, bits)
		}
	}
	writeWarpRecord(k, outP, c0, c1, g0, g1)
	guard := k.Load(guardP)
	sink := k.Load(sinkP)
	k.StoreIfEqual(ptx.Addr{Base: sink}, acc, guard)
	return k
}

func join(s []string) string {
	out := ""
	for i, v := range s {
		if i > 0 {
			out += ", "
		}
		out += v
	}
	return out
}
