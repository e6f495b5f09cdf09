package async

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/gpuarch/gpuarch/backend/cudagpu"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/ptx"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/sass"
)

// UniformOps are the uniform-datapath operations measured: the operands
// rotate over four uniform values so no two steps fold. An add step is
// two add.u32, which ptxas fuses into one three-input UIADD3 (it does
// so to any two adds in a row), so that a step is one instruction.
var UniformOps = []cudagpu.UniformOp{
	{Name: "add.u32", Template: "add.u32 {x}, {x}, {a}; add.u32 {x}, {x}, {b};", SASS: "UIADD3", Vector: "IADD3",
		Note: "a step is two add.u32, fused into one three-input UIADD3"},
	{Name: "lop3.b32", Template: "lop3.b32 {x}, {x}, {a}, {b}, 0x96;", SASS: "ULOP3", Vector: "LOP3"},
	{Name: "shf.l.wrap.b32", Template: "shf.l.wrap.b32 {x}, {x}, {x}, {a};", SASS: "USHF", Vector: "SHF"},
	{Name: "mad.lo.u32", Template: "mad.lo.u32 {x}, {x}, {a}, {b};", SASS: "UIMAD", Vector: "IMAD"},
}

// uniformConst measures the uniform constant-load chain: the ring built
// and copied into cudagpu.ConstTable, then one warp's chain (latency) or four
// chains a warp on every SM (throughput).
func uniformConst(ctx context.Context, r *engine.Runner, c *engine.Compiled, q record.Quantity, rec *record.Record) error {
	buf, err := r.GPU.Alloc(cudagpu.UniformConstElems * cudagpu.UniformConstStride)
	if err != nil {
		return err
	}
	defer buf.Free()
	if err := c.Prog.Launch(ctx, "uni_const_init", engine.Grid{Blocks: 1, Threads: cudagpu.UniformConstElems}, r.OwnTimeout(), buf.Ptr()); err != nil {
		return fmt.Errorf("building the constant ring: %w", err)
	}
	if err := c.Prog.FillSymbol(cudagpu.ConstTable, buf.Ptr(), cudagpu.UniformConstElems*cudagpu.UniformConstStride); err != nil {
		return fmt.Errorf("copying the ring to the constant table: %w", err)
	}
	ilp, iters := 1, 2048
	if q == record.Throughput {
		ilp, iters = 4, 4096
	}
	kernel := fmt.Sprintf("uni_const_%d", ilp)
	rate, rates, err := uniformRun(ctx, r, c, kernel, uniformGrid(r, q == record.Throughput), iters, float64(ilp*cudagpu.UniformUnroll))
	if err != nil {
		return err
	}
	if q == record.Latency {
		uniformSamples(rec, rates, cyclesPer)
	} else {
		uniformSamples(rec, rates, perSM)
	}
	if rate.ClockHz > 0 {
		rec.Provenance.Clock = &record.Clock{Hz: rate.ClockHz, Source: r.GPU.Codegen().Language().ClockSource("the kernel")}
	}
	chk := c.Verifier().Loop(kernel, []string{"ULDC"}, ilp*cudagpu.UniformUnroll, ilp*cudagpu.UniformUnroll)
	if chk.Status == engine.CodeInvalid && sass.Counts(chk.Counts).Matching("LDC") >= ilp*cudagpu.UniformUnroll {
		chk.Note = "ptxas loaded through the vector datapath (LDC), not the uniform one (ULDC): " + chk.Note
	}
	cudagpu.Verified(rec, chk)
	return nil
}

// Vector instructions the uniform ops are mixed with.
const (
	mixFFMA  = "fma.rn.f32"
	mixIADD3 = "add.u32"
)

func uniformName(op cudagpu.UniformOp, ilp, vector int, vop string) string {
	n := fmt.Sprintf("uni_%s_%d", engine.KernelName(op.Name), ilp)
	if vector > 0 {
		n += fmt.Sprintf("_v%s%d", engine.KernelName(vop), vector)
	}
	return n
}

// uniformRun is one launch's cycles per loop iteration (median over
// SMs of the warps' spans) and warp instructions per clock per SM.
func uniformRun(ctx context.Context, r *engine.Runner, c *engine.Compiled, kernel string, g engine.Grid, iters int, instPerIter float64) (engine.Rate, []engine.Rate, error) {
	d := r.GPU.Device()
	warps := g.Blocks * g.Threads / 32
	out, err := r.GPU.Alloc(warps * engine.WarpRecordBytes)
	if err != nil {
		return engine.Rate{}, nil, err
	}
	defer out.Free()
	var rates []engine.Rate
	for range r.Config.Until.MinOrDefault() {
		if err := c.Prog.Launch(ctx, kernel, g, r.OwnTimeout(), out.Ptr(), uint32(iters), uint32(d.SMs)); err != nil {
			return engine.Rate{}, nil, err
		}
		b, err := out.Read()
		if err != nil {
			return engine.Rate{}, nil, err
		}
		ws, err := r.DecodeWarps(b, warps)
		if err != nil {
			return engine.Rate{}, nil, err
		}
		rate, err := r.RateOf(ws, float64(iters)*instPerIter)
		if err != nil {
			return engine.Rate{}, nil, err
		}
		rates = append(rates, rate)
	}
	// The median launch by rate; the launches in the order they ran.
	sorted := slices.Clone(rates)
	slices.SortFunc(sorted, func(a, b engine.Rate) int { return cmp.Compare(a.PerSM, b.PerSM) })
	return sorted[len(sorted)/2], rates, nil
}

// uniformSamples sets rec's samples to f of each launch's rate, their
// median as its value, with their interval.
func uniformSamples(rec *record.Record, rates []engine.Rate, f func(engine.Rate) float64) {
	var samples []float64
	for _, rt := range rates {
		samples = append(samples, f(rt))
	}
	engine.SetSamples(rec, samples)
}

// perSM and cyclesPer are a launch's figure as a throughput (warp
// instructions a clock per SM) and as a latency (one warp: cycles per
// instruction).
func perSM(rt engine.Rate) float64     { return rt.PerSM }
func cyclesPer(rt engine.Rate) float64 { return 1 / rt.PerSM }

// UniformJob measures each uniform operation's latency (one warp, one
// chain) and throughput (every SM full, four chains a warp), and for
// add.u32 whether it competes with the vector pipelines: the uniform
// chains beside FFMA or IADD3 chains in one loop, against each alone.
func UniformJob(suite string) engine.Job {
	j := &cudagpu.PTXJob{Module: "uniform", Decls: []string{fmt.Sprintf(".const .align 8 .b8 %s[%d];", cudagpu.ConstTable, cudagpu.ConstTableBytes)}}
	add := UniformOps[0]
	j.Kernels = func() []*ptx.Kernel {
		ks := []*ptx.Kernel{cudagpu.UniformConstInitKernel("uni_const_init"), cudagpu.UniformConstKernel("uni_const_1", 1), cudagpu.UniformConstKernel("uni_const_4", 4)}
		for _, op := range UniformOps {
			ks = append(ks, cudagpu.UniformKernel(uniformName(op, 1, 0, ""), op, 1, 0, ""), cudagpu.UniformKernel(uniformName(op, 4, 0, ""), op, 4, 0, ""))
		}
		for _, vop := range []string{mixFFMA, mixIADD3} {
			ks = append(ks, cudagpu.UniformKernel(uniformName(add, 0, 4, vop), add, 0, 4, vop), cudagpu.UniformKernel(uniformName(add, 4, 4, vop), add, 4, 4, vop))
		}
		return ks
	}
	for _, op := range UniformOps {
		op := op
		for _, q := range []record.Quantity{record.Latency, record.Throughput} {
			q := q
			unit, note := "cycles", fmt.Sprintf("one warp, one chain of %s on uniform values (from %%ctaid.y and %%nctaid.x, the chain's result the address of a load), operands rotating over four such values, %d steps a loop iteration; cycles per step, the loop included", op.Name, cudagpu.UniformUnroll)
			if q == record.Throughput {
				unit, note = "warp instructions/clock/SM", fmt.Sprintf("four chains of %s per warp on uniform values (as the latency's), %d rounds a loop iteration, 32 warps per SM on every SM", op.Name, cudagpu.UniformUnroll)
			}
			if op.Note != "" {
				note += "; " + op.Note
			}
			j.Items = append(j.Items, cudagpu.Item{Rec: record.Record{ID: ID(UniformSubject(op.Name), string(q)), Suite: suite, Subject: UniformSubject(op.Name), Group: GroupUniform,
				Op: op.SASS, Quantity: q, Unit: unit, Note: note},
				Run: func(ctx context.Context, r *engine.Runner, c *engine.Compiled, rec *record.Record) error {
					return uniformMeasure(ctx, r, c, op, q, rec)
				}})
		}
	}
	for _, q := range []record.Quantity{record.Latency, record.Throughput} {
		q := q
		unit, note := "cycles", fmt.Sprintf("one warp, one chain of ld.const.u64 p, [p] through a ring of %d pointers %d bytes apart in a constant bank (2 KiB), the start uniform (%%ctaid.y) and the chain's result the address of a load, %d steps a loop iteration; cycles per step, the loop included", cudagpu.UniformConstElems, cudagpu.UniformConstStride, cudagpu.UniformUnroll)
		if q == record.Throughput {
			unit, note = "warp instructions/clock/SM", fmt.Sprintf("four such chains per warp, %d rounds a loop iteration, 32 warps per SM on every SM", cudagpu.UniformUnroll)
		}
		j.Items = append(j.Items, cudagpu.Item{Rec: record.Record{ID: ID(UniformSubject("ld.const.u64"), string(q)), Suite: suite, Subject: UniformSubject("ld.const.u64"), Group: GroupUniform,
			Op: "ULDC", Quantity: q, Unit: unit, Note: note},
			Run: func(ctx context.Context, r *engine.Runner, c *engine.Compiled, rec *record.Record) error {
				return uniformConst(ctx, r, c, q, rec)
			}})
	}
	for _, vop := range []string{mixFFMA, mixIADD3} {
		vop := vop
		vname := map[string]string{mixFFMA: "FFMA", mixIADD3: "IADD3+LOP3"}[vop]
		subject := fmt.Sprintf("UIADD3 beside %s", vname)
		j.Items = append(j.Items, cudagpu.Item{Rec: record.Record{ID: MixID(subject), Suite: suite, Subject: subject, Group: GroupUniform,
			Quantity: record.Amount, Unit: "share of the shorter loop hidden",
			Note: fmt.Sprintf("32 warps per SM run four uniform add chains, or four vector chains (%s), or both interleaved in one loop; the value is (T(uniform) + T(vector) - T(both)) / min(T(uniform), T(vector)): 1 when the two run on separate pipelines side by side, 0 when they take turns on one", vname)},
			Run: func(ctx context.Context, r *engine.Runner, c *engine.Compiled, rec *record.Record) error {
				return uniformMix(ctx, r, c, add, vop, rec)
			}})
	}
	return j
}

func uniformGrid(r *engine.Runner, full bool) engine.Grid {
	if !full {
		return engine.Grid{Blocks: 1, Threads: 32}
	}
	return engine.Grid{Blocks: 4 * r.GPU.Device().SMs, Threads: 256}
}

func uniformMeasure(ctx context.Context, r *engine.Runner, c *engine.Compiled, op cudagpu.UniformOp, q record.Quantity, rec *record.Record) error {
	ilp, iters := 1, 2048
	if q == record.Throughput {
		ilp, iters = 4, 4096
	}
	kernel := uniformName(op, ilp, 0, "")
	rate, rates, err := uniformRun(ctx, r, c, kernel, uniformGrid(r, q == record.Throughput), iters, float64(ilp*cudagpu.UniformUnroll))
	if err != nil {
		return err
	}
	if q == record.Latency {
		uniformSamples(rec, rates, cyclesPer) // one warp: cycles per instruction
	} else {
		uniformSamples(rec, rates, perSM)
	}
	if rate.ClockHz > 0 {
		rec.Provenance.Clock = &record.Clock{Hz: rate.ClockHz, Source: r.GPU.Codegen().Language().ClockSource("the kernel")}
	}
	chk := c.Verifier().Loop(kernel, []string{op.SASS}, ilp*cudagpu.UniformUnroll, ilp*cudagpu.UniformUnroll)
	if chk.Status == engine.CodeInvalid && sass.Counts(chk.Counts).Matching(op.Vector) >= ilp*cudagpu.UniformUnroll {
		chk.Note = fmt.Sprintf("ptxas kept the chain on the vector datapath (%s), not the uniform one (%s): %s", op.Vector, op.SASS, chk.Note)
	}
	cudagpu.Verified(rec, chk)
	return nil
}

func uniformMix(ctx context.Context, r *engine.Runner, c *engine.Compiled, add cudagpu.UniformOp, vop string, rec *record.Record) error {
	g := uniformGrid(r, true)
	const iters = 4096
	per := float64(4 * cudagpu.UniformUnroll)
	vecPer := per
	if vop == mixIADD3 {
		vecPer = 2 * per
	}
	u, us, err := uniformRun(ctx, r, c, uniformName(add, 4, 0, ""), g, iters, per)
	if err != nil {
		return err
	}
	v, vs, err := uniformRun(ctx, r, c, uniformName(add, 0, 4, vop), g, iters, vecPer)
	if err != nil {
		return err
	}
	both, bs, err := uniformRun(ctx, r, c, uniformName(add, 4, 4, vop), g, iters, per+vecPer)
	if err != nil {
		return err
	}
	// A sample a round of the three launches: the share of the shorter
	// loop's time that running both together saved.
	overlap := func(tu, tv, tb float64) float64 { return (tu + tv - tb) / min(tu, tv) }
	var samples []float64
	for i := range min(len(us), len(vs), len(bs)) {
		samples = append(samples, overlap(us[i].MedianCycles, vs[i].MedianCycles, bs[i].MedianCycles))
	}
	engine.SetSamples(rec, samples)
	tu, tv, tb := u.MedianCycles, v.MedianCycles, both.MedianCycles
	rec.Note += fmt.Sprintf("; SM spans: uniform alone %.0f cycles, vector alone %.0f, both %.0f", tu, tv, tb)
	chk := c.Verifier().Loop(uniformName(add, 4, 4, vop), []string{add.SASS}, 4*cudagpu.UniformUnroll, 4*cudagpu.UniformUnroll)
	cudagpu.Verified(rec, chk)
	return nil
}
