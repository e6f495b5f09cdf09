package probe

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/gpuarch/gpuarch/measure/async"
	"github.com/gpuarch/gpuarch/ptx"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/sass"
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

// UniformOps are the uniform-datapath operations measured: the operands
// rotate over four uniform values so no two steps fold. An add step is
// two add.u32, which ptxas fuses into one three-input UIADD3 (it does
// so to any two adds in a row), so that a step is one instruction.
var UniformOps = []UniformOp{
	{Name: "add.u32", Template: "add.u32 {x}, {x}, {a}; add.u32 {x}, {x}, {b};", SASS: "UIADD3", Vector: "IADD3",
		Note: "a step is two add.u32, fused into one three-input UIADD3"},
	{Name: "lop3.b32", Template: "lop3.b32 {x}, {x}, {a}, {b}, 0x96;", SASS: "ULOP3", Vector: "LOP3"},
	{Name: "shf.l.wrap.b32", Template: "shf.l.wrap.b32 {x}, {x}, {x}, {a};", SASS: "USHF", Vector: "SHF"},
	{Name: "mad.lo.u32", Template: "mad.lo.u32 {x}, {x}, {a}, {b};", SASS: "UIMAD", Vector: "IMAD"},
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

// uniformConst measures the uniform constant-load chain: the ring built
// and copied into ConstTable, then one warp's chain (latency) or four
// chains a warp on every SM (throughput).
func uniformConst(ctx context.Context, r *Runner, c *Compiled, q record.Quantity, rec *record.Record) error {
	buf, err := r.GPU.Alloc(UniformConstElems * UniformConstStride)
	if err != nil {
		return err
	}
	defer buf.Free()
	if err := c.Prog.Launch(ctx, "uni_const_init", Grid{Blocks: 1, Threads: UniformConstElems}, r.OwnTimeout(), buf.Ptr()); err != nil {
		return fmt.Errorf("building the constant ring: %w", err)
	}
	if err := c.Prog.FillSymbol(ConstTable, buf.Ptr(), UniformConstElems*UniformConstStride); err != nil {
		return fmt.Errorf("copying the ring to the constant table: %w", err)
	}
	ilp, iters := 1, 2048
	if q == record.Throughput {
		ilp, iters = 4, 4096
	}
	kernel := fmt.Sprintf("uni_const_%d", ilp)
	rate, err := uniformRun(ctx, r, c, kernel, uniformGrid(r, q == record.Throughput), iters, float64(ilp*UniformUnroll))
	if err != nil {
		return err
	}
	rec.Value = rate.PerSM
	if q == record.Latency {
		rec.Value = 1 / rate.PerSM
	}
	rec.Samples = []float64{rec.Value}
	if rate.ClockHz > 0 {
		rec.Provenance.Clock = &record.Clock{Hz: rate.ClockHz, Source: r.lang().ClockSource("the kernel")}
	}
	chk := c.Verifier().Loop(kernel, []string{"ULDC"}, ilp*UniformUnroll, ilp*UniformUnroll)
	if chk.Status == CodeInvalid && sass.Counts(chk.Counts).Matching("LDC") >= ilp*UniformUnroll {
		chk.Note = "ptxas loaded through the vector datapath (LDC), not the uniform one (ULDC): " + chk.Note
	}
	Verified(rec, chk)
	return nil
}

// Vector instructions the uniform ops are mixed with.
const (
	mixFFMA  = "fma.rn.f32"
	mixIADD3 = "add.u32"
)

func uniformName(op UniformOp, ilp, vector int, vop string) string {
	n := fmt.Sprintf("uni_%s_%d", KernelName(op.Name), ilp)
	if vector > 0 {
		n += fmt.Sprintf("_v%s%d", KernelName(vop), vector)
	}
	return n
}

// uniformRun is one launch's cycles per loop iteration (median over
// SMs of the warps' spans) and warp instructions per clock per SM.
func uniformRun(ctx context.Context, r *Runner, c *Compiled, kernel string, g Grid, iters int, instPerIter float64) (Rate, error) {
	d := r.GPU.Device()
	warps := g.Blocks * g.Threads / 32
	out, err := r.GPU.Alloc(warps * WarpRecordBytes)
	if err != nil {
		return Rate{}, err
	}
	defer out.Free()
	var rates []Rate
	for range r.Config.Until.MinOrDefault() {
		if err := c.Prog.Launch(ctx, kernel, g, r.OwnTimeout(), out.Ptr(), uint32(iters), uint32(d.SMs)); err != nil {
			return Rate{}, err
		}
		b, err := out.Read()
		if err != nil {
			return Rate{}, err
		}
		ws, err := r.DecodeWarps(b, warps)
		if err != nil {
			return Rate{}, err
		}
		rate, err := r.RateOf(ws, float64(iters)*instPerIter)
		if err != nil {
			return Rate{}, err
		}
		rates = append(rates, rate)
	}
	// The median launch by rate.
	slices.SortFunc(rates, func(a, b Rate) int { return cmp.Compare(a.PerSM, b.PerSM) })
	return rates[len(rates)/2], nil
}

// UniformJob measures each uniform operation's latency (one warp, one
// chain) and throughput (every SM full, four chains a warp), and for
// add.u32 whether it competes with the vector pipelines: the uniform
// chains beside FFMA or IADD3 chains in one loop, against each alone.
func UniformJob(suite string) Job {
	j := &PTXJob{Module: "uniform", Decls: []string{fmt.Sprintf(".const .align 8 .b8 %s[%d];", ConstTable, ConstTableBytes)}}
	add := UniformOps[0]
	j.Kernels = func() []*ptx.Kernel {
		ks := []*ptx.Kernel{UniformConstInitKernel("uni_const_init"), UniformConstKernel("uni_const_1", 1), UniformConstKernel("uni_const_4", 4)}
		for _, op := range UniformOps {
			ks = append(ks, UniformKernel(uniformName(op, 1, 0, ""), op, 1, 0, ""), UniformKernel(uniformName(op, 4, 0, ""), op, 4, 0, ""))
		}
		for _, vop := range []string{mixFFMA, mixIADD3} {
			ks = append(ks, UniformKernel(uniformName(add, 0, 4, vop), add, 0, 4, vop), UniformKernel(uniformName(add, 4, 4, vop), add, 4, 4, vop))
		}
		return ks
	}
	for _, op := range UniformOps {
		op := op
		for _, q := range []record.Quantity{record.Latency, record.Throughput} {
			q := q
			unit, note := "cycles", fmt.Sprintf("one warp, one chain of %s on uniform values (from %%ctaid.y and %%nctaid.x, the chain's result the address of a load), operands rotating over four such values, %d steps a loop iteration; cycles per step, the loop included", op.Name, UniformUnroll)
			if q == record.Throughput {
				unit, note = "warp instructions/clock/SM", fmt.Sprintf("four chains of %s per warp on uniform values (as the latency's), %d rounds a loop iteration, 32 warps per SM on every SM", op.Name, UniformUnroll)
			}
			if op.Note != "" {
				note += "; " + op.Note
			}
			j.Items = append(j.Items, Item{Rec: record.Record{ID: async.ID(async.UniformSubject(op.Name), string(q)), Suite: suite, Subject: async.UniformSubject(op.Name), Group: async.GroupUniform,
				Op: op.SASS, Quantity: q, Unit: unit, Note: note},
				Run: func(ctx context.Context, r *Runner, c *Compiled, rec *record.Record) error {
					return uniformMeasure(ctx, r, c, op, q, rec)
				}})
		}
	}
	for _, q := range []record.Quantity{record.Latency, record.Throughput} {
		q := q
		unit, note := "cycles", fmt.Sprintf("one warp, one chain of ld.const.u64 p, [p] through a ring of %d pointers %d bytes apart in a constant bank (2 KiB), the start uniform (%%ctaid.y) and the chain's result the address of a load, %d steps a loop iteration; cycles per step, the loop included", UniformConstElems, UniformConstStride, UniformUnroll)
		if q == record.Throughput {
			unit, note = "warp instructions/clock/SM", fmt.Sprintf("four such chains per warp, %d rounds a loop iteration, 32 warps per SM on every SM", UniformUnroll)
		}
		j.Items = append(j.Items, Item{Rec: record.Record{ID: async.ID(async.UniformSubject("ld.const.u64"), string(q)), Suite: suite, Subject: async.UniformSubject("ld.const.u64"), Group: async.GroupUniform,
			Op: "ULDC", Quantity: q, Unit: unit, Note: note},
			Run: func(ctx context.Context, r *Runner, c *Compiled, rec *record.Record) error {
				return uniformConst(ctx, r, c, q, rec)
			}})
	}
	for _, vop := range []string{mixFFMA, mixIADD3} {
		vop := vop
		vname := map[string]string{mixFFMA: "FFMA", mixIADD3: "IADD3+LOP3"}[vop]
		subject := fmt.Sprintf("UIADD3 beside %s", vname)
		j.Items = append(j.Items, Item{Rec: record.Record{ID: async.MixID(subject), Suite: suite, Subject: subject, Group: async.GroupUniform,
			Quantity: record.Amount, Unit: "share of the shorter loop hidden",
			Note: fmt.Sprintf("32 warps per SM run four uniform add chains, or four vector chains (%s), or both interleaved in one loop; the value is (T(uniform) + T(vector) - T(both)) / min(T(uniform), T(vector)): 1 when the two run on separate pipelines side by side, 0 when they take turns on one", vname)},
			Run: func(ctx context.Context, r *Runner, c *Compiled, rec *record.Record) error {
				return uniformMix(ctx, r, c, add, vop, rec)
			}})
	}
	return j
}

func uniformGrid(r *Runner, full bool) Grid {
	if !full {
		return Grid{Blocks: 1, Threads: 32}
	}
	return Grid{Blocks: 4 * r.GPU.Device().SMs, Threads: 256}
}

func uniformMeasure(ctx context.Context, r *Runner, c *Compiled, op UniformOp, q record.Quantity, rec *record.Record) error {
	ilp, iters := 1, 2048
	if q == record.Throughput {
		ilp, iters = 4, 4096
	}
	kernel := uniformName(op, ilp, 0, "")
	rate, err := uniformRun(ctx, r, c, kernel, uniformGrid(r, q == record.Throughput), iters, float64(ilp*UniformUnroll))
	if err != nil {
		return err
	}
	if q == record.Latency {
		rec.Value = 1 / rate.PerSM // one warp: cycles per instruction
	} else {
		rec.Value = rate.PerSM
	}
	rec.Samples = []float64{rec.Value}
	if rate.ClockHz > 0 {
		rec.Provenance.Clock = &record.Clock{Hz: rate.ClockHz, Source: r.lang().ClockSource("the kernel")}
	}
	chk := c.Verifier().Loop(kernel, []string{op.SASS}, ilp*UniformUnroll, ilp*UniformUnroll)
	if chk.Status == CodeInvalid && sass.Counts(chk.Counts).Matching(op.Vector) >= ilp*UniformUnroll {
		chk.Note = fmt.Sprintf("ptxas kept the chain on the vector datapath (%s), not the uniform one (%s): %s", op.Vector, op.SASS, chk.Note)
	}
	Verified(rec, chk)
	return nil
}

func uniformMix(ctx context.Context, r *Runner, c *Compiled, add UniformOp, vop string, rec *record.Record) error {
	g := uniformGrid(r, true)
	const iters = 4096
	per := float64(4 * UniformUnroll)
	vecPer := per
	if vop == mixIADD3 {
		vecPer = 2 * per
	}
	u, err := uniformRun(ctx, r, c, uniformName(add, 4, 0, ""), g, iters, per)
	if err != nil {
		return err
	}
	v, err := uniformRun(ctx, r, c, uniformName(add, 0, 4, vop), g, iters, vecPer)
	if err != nil {
		return err
	}
	both, err := uniformRun(ctx, r, c, uniformName(add, 4, 4, vop), g, iters, per+vecPer)
	if err != nil {
		return err
	}
	tu, tv, tb := u.MedianCycles, v.MedianCycles, both.MedianCycles
	rec.Value = (tu + tv - tb) / min(tu, tv)
	rec.Samples = []float64{rec.Value}
	rec.Note += fmt.Sprintf("; SM spans: uniform alone %.0f cycles, vector alone %.0f, both %.0f", tu, tv, tb)
	chk := c.Verifier().Loop(uniformName(add, 4, 4, vop), []string{add.SASS}, 4*UniformUnroll, 4*UniformUnroll)
	Verified(rec, chk)
	return nil
}
