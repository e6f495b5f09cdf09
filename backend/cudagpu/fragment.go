package cudagpu

import (
	"fmt"
	"strings"

	"github.com/gpuarch/gpuarch/ptx"
)

// Fragment is a warp-level matrix-fragment move between shared memory and
// registers: ldmatrix or stmatrix, m8n8 b16, with Count matrices (1, 2 or
// 4) and optionally transposed.
type Fragment struct {
	Store bool
	Count int
	Trans bool
	// Control makes FragmentKernel's load chain the control group: the
	// same address arithmetic and loop, with a move of the address in
	// place of the load.
	Control bool
}

// Name is the PTX instruction, e.g. "ldmatrix.sync.aligned.m8n8.x4.shared.b16".
func (f Fragment) Name() string {
	op, tr := "ldmatrix", ""
	if f.Store {
		op = "stmatrix"
	}
	if f.Trans {
		tr = ".trans"
	}
	return fmt.Sprintf("%s.sync.aligned.m8n8.x%d%s.shared.b16", op, f.Count, tr)
}

// Bytes is the shared memory one instruction moves for the warp.
func (f Fragment) Bytes() int { return 128 * f.Count }

// FragmentShared is the dynamic shared memory (bytes) a kernel of
// FragmentKernel uses, which its launch must give it: each of up to 4
// chains has its own 4 KiB.
const FragmentShared = 16 << 10

// FragmentKernel builds the fragment probe: every warp runs ilp chains;
// each step of a chain moves f's matrices between shared memory and
// registers at 16-byte rows, lane l addressing row l (conflict-free). A
// load's address depends on the value the chain's previous load returned
// (ANDed with a runtime zero), so loads form a dependent chain and none can
// be hoisted; a store's address moves with the step, so none is dead.
// Parameters: out (u64), iters (u32), zero (u32).
func FragmentKernel(name string, f Fragment, ilp, unroll int) *ptx.Kernel {
	k := ptx.NewKernel(name)
	outP, itersP, zeroP := k.Param("out", ptx.U64), k.Param("iters", ptx.U32), k.Param("zero", ptx.U32)
	iters, zero := k.Load(itersP), k.Load(zeroP)
	lane := k.Read(ptx.LaneID)
	base := k.Reg(ptx.U32)
	k.Op("mov.u32", base, ptx.Imm(ptx.DynamicShared))
	row := k.Reg(ptx.U32)
	k.Op("mad.lo.u32", row, lane, ptx.Int(16), base)
	// Fill the shared memory (each thread a word at a time).
	tid := k.Read(ptx.TidX)
	for i := 0; i < FragmentShared/4/128; i++ {
		a := k.Reg(ptx.U32)
		k.Op("mad.lo.u32", a, tid, ptx.Int(4), base)
		k.Op("st.shared.b32", ptx.Addr{Base: a, Offset: int64(i * 512)}, tid)
	}
	chains := make([][]ptx.Reg, ilp)
	addrs := make([]ptx.Reg, ilp)
	for j := range chains {
		addrs[j] = k.Reg(ptx.U32)
		k.Op("add.u32", addrs[j], row, ptx.Int(int64(j*4096)))
		for range f.Count {
			r := k.Reg(ptx.B32)
			k.Op("mov.b32", r, lane)
			chains[j] = append(chains[j], r)
		}
	}
	regs := func(rs []ptx.Reg) string {
		s := make([]string, len(rs))
		for i, r := range rs {
			s[i] = r.String()
		}
		return "{" + strings.Join(s, ", ") + "}"
	}
	k.Op("bar.sync", ptx.Int(0))
	c0, g0 := k.Read(ptx.Clock64), k.Read(ptx.GlobalTimer)
	k.Loop(iters, func() {
		for u := range unroll {
			for j, rs := range chains {
				if f.Store {
					// Step u stores to its own 512-byte slot of the chain's 4 KiB.
					k.Raw(fmt.Sprintf("%s [%s+%d], %s;", f.Name(), addrs[j], (u%8)*512, regs(rs)))
					continue
				}
				if f.Control {
					k.Op("mov.b32", rs[0], addrs[j])
				} else {
					k.Raw(fmt.Sprintf("%s %s, [%s];", f.Name(), regs(rs), addrs[j]))
				}
				// The next address waits for this load.
				dep := k.Reg(ptx.U32)
				k.Op("and.b32", dep, rs[0], zero)
				k.Op("add.u32", addrs[j], addrs[j], dep)
			}
		}
	})
	c1, g1 := k.Read(ptx.Clock64), k.Read(ptx.GlobalTimer)
	writeWarpRecord(k, outP, c0, c1, g0, g1)
	never := k.Reg(ptx.Pred)
	k.Op("setp.ne.u32", never, zero, ptx.Int(0))
	k.If(never, func() {
		out := k.Load(outP)
		for j, rs := range chains {
			for i, r := range rs {
				k.Op("st.global.b32", ptx.Addr{Base: out, Offset: int64(4 * (j*len(rs) + i))}, r)
			}
			k.Op("st.global.b32", ptx.Addr{Base: out, Offset: int64(256 + 4*j)}, addrs[j])
		}
	})
	return k
}
