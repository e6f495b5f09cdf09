package cudagpu

import (
	"fmt"

	"github.com/gpuarch/gpuarch/ptx"
)

// Waits stores (WaitsKernel's store): none, the first load's value to the
// same index of the buffer's region after the loads' (a copy), or back
// where it was read (an update in place).
const (
	WaitsNoStore    = ""
	WaitsStoreOther = "other"
	WaitsStoreSame  = "same"
)

// WaitsKernel builds the loads waited on together: every thread of the
// grid, iters times, loads width bytes (4, 8 or 16) from each of loads
// regions of the buffer at one index, the grid's consecutive threads at
// consecutive indices (coalesced), then xors every loaded word into one;
// store (WaitsStoreOther, WaitsStoreSame or WaitsNoStore) stores the
// first region's value to the same index of the region after the loads'
// or back where it was read. The next index is the thread's last plus
// the grid's threads plus the xor, masked to the region: the buffer holds
// zeros, so the index moves by the grid each iteration, but the next
// loads wait for all of this iteration's, whatever the compiler
// schedules. An iteration is then the slowest of its loads' latencies
// plus a few dependent integer operations. Each warp reads %clock64
// around its rolled loop, and lane 0 stores the cycles at out[warp], the
// warps numbered block by block. Only the lanes below lanes load (the
// others' loads are predicated off and their words stay zero): 32 for a
// warp's coalesced request, 1 for one lane's, the same machine code
// either way, so the two launches' difference is what the other 31
// lanes add. Parameters: base (u64), region (u32, bytes between the
// regions), mask (u32, the region's indices less one: a power of two
// less one), start (u32, the first index, so a launch reads lines the
// last did not), iters (u32), out (u64), guard (u32: the xor is stored at
// out where it equals guard, which a launch passes as a value the zeros
// never xor to), lanes (u32, 1 to 32).
func WaitsKernel(name string, loads, width int, store string) (*ptx.Kernel, error) {
	suffix, ok := bankSuffix[width]
	if !ok || loads < 1 || (store != WaitsNoStore && store != WaitsStoreOther && store != WaitsStoreSame) {
		return nil, fmt.Errorf("loads waited on together: %d loads of %d bytes and store %q (want 1 or more of 4, 8 or 16, and a store of WaitsStoreOther, WaitsStoreSame or none)", loads, width, store)
	}
	k := ptx.NewKernel(name)
	baseP, regionP, maskP := k.Param("base", ptx.U64), k.Param("region", ptx.U32), k.Param("mask", ptx.U32)
	startP, itersP := k.Param("start", ptx.U32), k.Param("iters", ptx.U32)
	outP, guardP, lanesP := k.Param("out", ptx.U64), k.Param("guard", ptx.U32), k.Param("lanes", ptx.U32)
	base, region, mask := k.Load(baseP), k.Load(regionP), k.Load(maskP)
	start, iters := k.Load(startP), k.Load(itersP)
	tid, ntid, ctaid, nctaid := k.Read(ptx.TidX), k.Read(ptx.NtidX), k.Read(ptx.CtaidX), k.Read(ptx.NctaidX)
	thread, grid, j := k.Reg(ptx.U32), k.Reg(ptx.U32), k.Reg(ptx.U32)
	k.Op("mad.lo.u32", thread, ctaid, ntid, tid)
	k.Op("mul.lo.u32", grid, nctaid, ntid)
	k.Op("add.u32", j, thread, start)
	lane, active := k.Reg(ptx.U32), k.Reg(ptx.Pred)
	k.Op("and.b32", lane, tid, ptx.Int(31))
	k.Op("setp.lt.u32", active, lane, k.Load(lanesP))
	// The regions' bases, the last the copy's.
	regions := make([]ptx.Reg, loads+1)
	wide := k.Reg(ptx.U64)
	k.Op("cvt.u64.u32", wide, region)
	for q := range regions {
		regions[q] = k.Reg(ptx.U64)
		if q == 0 {
			k.Op("mov.u64", regions[q], base)
			continue
		}
		k.Op("add.u64", regions[q], regions[q-1], wide)
	}
	acc := k.Reg(ptx.U32)
	k.Op("mov.u32", acc, ptx.Int(0))
	idx, off := k.Reg(ptx.U32), k.Reg(ptx.U64)
	addrs := make([]ptx.Reg, loads+1)
	for q := range addrs {
		addrs[q] = k.Reg(ptx.U64)
	}
	c0 := k.Read(ptx.Clock64)
	k.Loop(iters, func() {
		k.Op("add.u32", idx, j, acc)
		k.Op("and.b32", idx, idx, mask)
		k.Op("mul.wide.u32", off, idx, ptx.Int(int64(width)))
		words := make([]ptx.Reg, loads)
		var first []ptx.Reg
		for q := range loads {
			k.Op("add.u64", addrs[q], regions[q], off)
			vals, _, dst := loadDest(k, width)
			if q == 0 {
				first = vals
			}
			for _, v := range vals {
				k.Op("mov.u32", v, ptx.Int(0))
			}
			k.Raw(fmt.Sprintf("@%s ld.global.%s %s, [%s];", active, suffix, dst, addrs[q]))
			words[q] = xorTree(k, vals)
		}
		if store != WaitsNoStore {
			// The stored value's first word is its words' xor with the
			// last iteration's (both zeros): a value the loop computed,
			// not one the compiler could see is already there.
			v := append([]ptx.Reg{k.Reg(ptx.U32)}, first[1:]...)
			k.Op("xor.b32", v[0], words[0], acc)
			src := v[0].String()
			if len(v) > 1 {
				src = "{" + join(regNames(v)) + "}"
			}
			at := addrs[0]
			if store == WaitsStoreOther {
				at = addrs[loads]
				k.Op("add.u64", at, regions[loads], off)
			}
			k.Raw(fmt.Sprintf("st.global.%s [%s], %s;", suffix, at, src))
		}
		k.Op("mov.u32", acc, xorTree(k, words))
		k.Op("add.u32", j, j, grid)
	})
	c1 := k.Read(ptx.Clock64)
	// The warp's number, block by block: ctaid × ceil(ntid / 32) + tid / 32.
	warp, perBlock, inBlock := k.Reg(ptx.U32), k.Reg(ptx.U32), k.Reg(ptx.U32)
	k.Op("add.u32", perBlock, ntid, ptx.Int(31))
	k.Op("shr.u32", perBlock, perBlock, ptx.Int(5))
	k.Op("shr.u32", inBlock, tid, ptx.Int(5))
	k.Op("mad.lo.u32", warp, ctaid, perBlock, inBlock)
	out := storeWarpCycles(k, lane, warp, outP, c0, c1)
	// The words are kept where the guard (never the xor) says so: the
	// loads are not dead.
	k.StoreIfEqual(ptx.Addr{Base: out}, acc, k.Load(guardP))
	return k, nil
}

// xorTree xors regs pairwise, level by level, into one register (regs[0]
// itself when there is one): the fewest dependent steps after the last
// of them is written.
func xorTree(k *ptx.Kernel, regs []ptx.Reg) ptx.Reg {
	for len(regs) > 1 {
		var next []ptx.Reg
		for i := 0; i+1 < len(regs); i += 2 {
			r := k.Reg(ptx.U32)
			k.Op("xor.b32", r, regs[i], regs[i+1])
			next = append(next, r)
		}
		if len(regs)%2 == 1 {
			next = append(next, regs[len(regs)-1])
		}
		regs = next
	}
	return regs[0]
}
