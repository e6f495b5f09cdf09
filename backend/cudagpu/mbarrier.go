package cudagpu

import (
	"fmt"

	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/ptx"
)

// MbarrierKernel builds the probe of one mbarrier operation (see
// MbarrierOps): thread 0 of a 64-thread block runs iters loop iterations
// of kernel.SyncUnroll of it on a barrier that expects one arrival, so every
// arrive completes a phase; test_wait and try_wait poll a phase already
// complete; "arrive then wait" arrives and polls until its phase
// completes; "phase flip between warps" has thread 0 arrive on one
// barrier and wait on a second, on which thread 32 arrives once it has
// seen the first complete (a round trip is two phase flips). Thread 0
// stores the loop's cycles. Parameters: out (u64), iters (u32).
func MbarrierKernel(name, op string) *ptx.Kernel {
	k := ptx.NewKernel(name)
	outP, itersP := k.Param("out", ptx.U64), k.Param("iters", ptx.U32)
	iters := k.Load(itersP)
	tid := k.Read(ptx.TidX)
	bar := sharedBase(k)
	bar2 := k.Reg(ptx.U32)
	k.Op("add.u32", bar2, bar, ptx.Int(8))
	ifThread(k, tid, 0, func() { initBarriers(k, bar, 2, 1) })
	k.Op("bar.sync", ptx.Int(0))
	st, acc, ph := k.Reg(ptx.B64), k.Reg(ptx.U32), k.Reg(ptx.U32)
	k.Op("mov.u32", acc, ptx.Int(0))
	k.Op("mov.u32", ph, ptx.Int(0))
	zero := k.Reg(ptx.U32)
	k.Op("mov.u32", zero, ptx.Int(0))
	if op == "phase flip between warps" {
		ifThread(k, tid, 32, func() {
			k.Loop(iters, func() {
				for range kernel.SyncUnroll {
					waitParity(k, bar, ph)
					k.Raw(fmt.Sprintf("mbarrier.arrive.shared::cta.b64 %s, [%s];", st, bar2))
					k.Op("xor.b32", ph, ph, ptx.Int(1))
				}
			})
		})
	}
	end := k.NewLabel("end")
	p := k.Reg(ptx.Pred)
	k.Op("setp.ne.u32", p, tid, ptx.Int(0))
	k.PredOp("@"+p.String(), "bra", end)
	if op == "test_wait" || op == "try_wait" {
		// Complete phase 0 first: the polls then find it done.
		k.Raw(fmt.Sprintf("mbarrier.arrive.shared::cta.b64 %s, [%s];", st, bar))
	}
	c0 := k.Read(ptx.Clock64)
	k.Loop(iters, func() {
		for range kernel.SyncUnroll {
			switch op {
			case "arrive":
				k.Raw(fmt.Sprintf("mbarrier.arrive.shared::cta.b64 %s, [%s];", st, bar))
			case "arrive.expect_tx":
				k.Raw(fmt.Sprintf("mbarrier.arrive.expect_tx.shared::cta.b64 %s, [%s], 0;", st, bar))
			case "test_wait", "try_wait":
				q, one := k.Reg(ptx.Pred), k.Reg(ptx.U32)
				if op == "test_wait" {
					k.Raw(fmt.Sprintf("mbarrier.test_wait.parity.shared::cta.b64 %s, [%s], %s;", q, bar, zero))
				} else {
					k.Raw(fmt.Sprintf("mbarrier.try_wait.parity.shared::cta.b64 %s, [%s], %s;", q, bar, zero))
				}
				k.Raw(fmt.Sprintf("selp.u32 %s, 1, 0, %s;", one, q))
				k.Op("add.u32", acc, acc, one)
			case "arrive then wait":
				k.Raw(fmt.Sprintf("mbarrier.arrive.shared::cta.b64 %s, [%s];", st, bar))
				waitParity(k, bar, ph)
				k.Op("xor.b32", ph, ph, ptx.Int(1))
			case "phase flip between warps":
				k.Raw(fmt.Sprintf("mbarrier.arrive.shared::cta.b64 %s, [%s];", st, bar))
				waitParity(k, bar2, ph)
				k.Op("xor.b32", ph, ph, ptx.Int(1))
			}
		}
	})
	c1 := k.Read(ptx.Clock64)
	lo := k.Reg(ptx.U32)
	k.Raw(fmt.Sprintf("cvt.u32.u64 %s, %s;", lo, st))
	k.Op("add.u32", acc, acc, lo)
	storeCycles(k, outP, c0, c1, acc)
	k.Mark(end)
	return k
}
