package cudagpu

import (
	"github.com/gpuarch/gpuarch/ptx"
)

// LaunchStampKernel builds the launch-cost kernel: its first thread
// stores %globaltimer at its start and, after spinning spin nanoseconds,
// at its end, at out + 16*index. Parameters: out (u64), index (u32), spin
// (u32, ns).
func LaunchStampKernel(name string) *ptx.Kernel {
	k := ptx.NewKernel(name)
	outP, indexP, spinP := k.Param("out", ptx.U64), k.Param("index", ptx.U32), k.Param("spin", ptx.U32)
	g0 := k.Read(ptx.GlobalTimer)
	tid := k.Read(ptx.TidX)
	first := k.Reg(ptx.Pred)
	k.Op("setp.eq.u32", first, tid, ptx.Int(0))
	k.If(first, func() {
		spin := k.Reg(ptx.U64)
		k.Op("cvt.u64.u32", spin, k.Load(spinP))
		g := spinUntil(k, g0, spin, "bra")
		off, addr := k.Reg(ptx.U64), k.Reg(ptx.U64)
		k.Op("mul.wide.u32", off, k.Load(indexP), ptx.Int(16))
		k.Op("add.u64", addr, k.Load(outP), off)
		k.Op("st.global.u64", ptx.Addr{Base: addr}, g0)
		k.Op("st.global.u64", ptx.Addr{Base: addr, Offset: 8}, g)
	})
	return k
}
