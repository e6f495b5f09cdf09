package cudagpu

import (
	"fmt"

	"github.com/gpuarch/gpuarch/ptx"
)

// BankKernel builds the shared-memory bank probe: a block of 8 warps (two
// per scheduler, so issue is never the limit), each lane loading width
// bytes at element (lane*stride) mod 1024 of dynamic shared memory, 32
// independent volatile loads per loop iteration for iters iterations;
// out[0] (u64) gets the block's cycles. stride 0 makes every lane load the
// same word (a broadcast). The time per warp load is then the shared
// memory's interval for that access pattern: an n-way bank conflict replays
// the access n times.
//
// Parameters: out (u64), stride (u32), iters (u32), guard (u32).
func BankKernel(name string, width int) *ptx.Kernel {
	k := ptx.NewKernel(name)
	outP, strideP, itersP, guardP := k.Param("out", ptx.U64), k.Param("stride", ptx.U32), k.Param("iters", ptx.U32), k.Param("guard", ptx.U32)
	stride, iters := k.Load(strideP), k.Load(itersP)
	lane := k.Read(ptx.LaneID)
	idx, addr, base := k.Reg(ptx.U32), k.Reg(ptx.U32), k.Reg(ptx.U32)
	k.Op("mul.lo.u32", idx, lane, stride)
	k.Op("and.b32", idx, idx, ptx.Int(1023))
	k.Op("mov.u32", base, ptx.Imm(ptx.DynamicShared))
	k.Op("mad.lo.u32", addr, idx, ptx.Int(int64(width)), base)
	acc := k.Reg(ptx.U32)
	k.Op("mov.u32", acc, lane)
	vals, suffix, dst := loadDest(k, width)
	k.Op("bar.sync", ptx.Int(0))
	c0 := k.Read(ptx.Clock64)
	k.Loop(iters, func() {
		for range 32 {
			k.Raw(fmt.Sprintf("ld.volatile.shared.%s %s, [%s];", suffix, dst, addr))
			for _, v := range vals {
				k.Op("xor.b32", acc, acc, v)
			}
		}
	})
	blockCycles(k, c0, outP, guardP, acc)
	return k
}

// blockCycles ends an access kernel: after a barrier, thread 0 stores the
// block's cycles since c0 to out[0], and any thread whose acc equals the
// guard stores it to out[1] (so the loads cannot be dropped).
func blockCycles(k *ptx.Kernel, c0 ptx.Reg, outP, guardP ptx.Param, acc ptx.Reg) {
	k.Op("bar.sync", ptx.Int(0))
	c1 := k.Read(ptx.Clock64)
	out := k.Load(outP)
	dt := k.Reg(ptx.U64)
	k.Op("sub.u64", dt, c1, c0)
	first := k.Reg(ptx.Pred)
	k.Op("setp.eq.u32", first, k.Read(ptx.TidX), ptx.Int(0))
	k.PredOp("@"+first.String(), "st.global.u64", ptx.Addr{Base: out}, dt)
	guard := k.Load(guardP)
	k.StoreIfEqual(ptx.Addr{Base: out, Offset: 8}, acc, guard)
}

// accessLines is how many 128-byte-apart copies of a warp's access pattern
// one loop iteration of GlobalAccessKernel loads.
const accessLines = 32

// GlobalAccessKernel builds the global-memory counterpart of BankKernel:
// 8 warps of one block, each lane loading width bytes at byte
// (lane mod group)*stride*width + (lane/group)*jump of buf through the cache operator op ("ca" through
// the L1, "cg" around it), 32 independent loads per iteration at
// 128-byte steps. Each iteration's addresses depend on the previous
// iteration's data through a runtime zero, so the compiler can neither
// hoist nor merge the loads. The block's cycles per warp load then show
// what a divergent access costs: how many sectors or lines it touches.
//
// Parameters: out (u64), buf (u64), stride (u32), iters (u32), zero (u32),
// guard (u32), group (u32, lanes; 32 for one group), jump (u32, bytes).
func GlobalAccessKernel(name string, width int, op string) *ptx.Kernel {
	k := ptx.NewKernel(name)
	outP, bufP, strideP, itersP := k.Param("out", ptx.U64), k.Param("buf", ptx.U64), k.Param("stride", ptx.U32), k.Param("iters", ptx.U32)
	zeroP, guardP := k.Param("zero", ptx.U32), k.Param("guard", ptx.U32)
	groupP, jumpP := k.Param("group", ptx.U32), k.Param("jump", ptx.U32)
	buf, stride, iters, zero := k.Load(bufP), k.Load(strideP), k.Load(itersP), k.Load(zeroP)
	group, jump := k.Load(groupP), k.Load(jumpP)
	lane := k.Read(ptx.LaneID)
	// idx = (lane mod group)*stride*width + (lane / group)*jump
	idx, off, g := k.Reg(ptx.U32), k.Reg(ptx.U32), k.Reg(ptx.U32)
	k.Op("rem.u32", idx, lane, group)
	k.Op("mul.lo.u32", idx, idx, stride)
	k.Op("mul.lo.u32", idx, idx, ptx.Int(int64(width)))
	k.Op("div.u32", g, lane, group)
	k.Op("mad.lo.u32", idx, g, jump, idx)
	acc := k.Reg(ptx.U32)
	k.Op("mov.u32", acc, lane)
	vals, suffix, dst := loadDest(k, width)
	wide, addr := k.Reg(ptx.U64), k.Reg(ptx.U64)
	k.Op("bar.sync", ptx.Int(0))
	c0 := k.Read(ptx.Clock64)
	k.Loop(iters, func() {
		k.Op("and.b32", off, acc, zero)
		k.Op("add.u32", off, off, idx)
		k.Op("cvt.u64.u32", wide, off)
		k.Op("add.u64", addr, buf, wide)
		for i := range accessLines {
			k.Raw(fmt.Sprintf("ld.global.%s.%s %s, [%s+%d];", op, suffix, dst, addr, 128*i))
			for _, v := range vals {
				k.Op("xor.b32", acc, acc, v)
			}
		}
	})
	blockCycles(k, c0, outP, guardP, acc)
	return k
}

// loadDest declares the registers one width-byte load fills and returns
// them, the ld type suffix ("u32", "v2.u32", "v4.u32") and the destination
// operand ("%r1" or "{%r1, %r2}").
func loadDest(k *ptx.Kernel, width int) (vals []ptx.Reg, suffix, dst string) {
	vals = make([]ptx.Reg, width/4)
	for i := range vals {
		vals[i] = k.Reg(ptx.U32)
	}
	suffix = bankSuffix[width]
	dst = vals[0].String()
	if len(vals) > 1 {
		dst = "{" + join(regNames(vals)) + "}"
	}
	return vals, suffix, dst
}

// bankSuffix is the ld type suffix of a load of each width in bytes.
var bankSuffix = map[int]string{4: "u32", 8: "v2.u32", 16: "v4.u32"}

func regNames(rs []ptx.Reg) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.String()
	}
	return out
}
