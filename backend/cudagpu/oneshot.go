package cudagpu

import (
	"github.com/gpuarch/gpuarch/ptx"
)

// storeCycles ends a one-block timing kernel: thread 0 stores c1 - c0 at
// out and keep (a value whose computation must not be dropped, or an
// invalid Reg for none) after it.
func storeCycles(k *ptx.Kernel, outP ptx.Param, c0, c1, keep ptx.Reg) {
	tid := k.Read(ptx.TidX)
	first := k.Reg(ptx.Pred)
	k.Op("setp.eq.u32", first, tid, ptx.Int(0))
	k.If(first, func() {
		dt := k.Reg(ptx.U64)
		k.Op("sub.u64", dt, c1, c0)
		out := k.Load(outP)
		k.Op("st.global.u64", ptx.Addr{Base: out}, dt)
		if keep != (ptx.Reg{}) {
			k.Op("st.global.u32", ptx.Addr{Base: out, Offset: 8}, keep)
		}
	})
}
