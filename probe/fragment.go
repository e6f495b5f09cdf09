package probe

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/gpuarch/gpuarch/measure/mma"
	"github.com/gpuarch/gpuarch/ptx"
	"github.com/gpuarch/gpuarch/record"
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

// FragmentJob measures a fragment move: one warp's latency per load (a
// dependent chain; stores have none to chain), and the whole GPU's
// throughput over warps per SM × chains.
func FragmentJob(suite string, f Fragment) Job { return &fragmentJob{suite: suite, f: f} }

type fragmentJob struct {
	suite string
	f     Fragment
	c     *Compiled
}

const fragmentUnroll = 8

var fragmentShapes = []MMAShape{{4, 1}, {8, 1}, {16, 1}, {32, 1}, {8, 2}, {16, 2}, {16, 4}, {32, 2}}

func (j *fragmentJob) kernel(ilp int) string {
	return fmt.Sprintf("frag_%s_ilp%d", KernelName(j.f.Name()), ilp)
}

// latencyKernel is the one-chain kernel of unroll dependent loads per
// loop iteration, or of its control group.
func (j *fragmentJob) latencyKernel(unroll int, control bool) string {
	kind := "lat"
	if control {
		kind = "ctl"
	}
	return fmt.Sprintf("frag_%s_%s%d", KernelName(j.f.Name()), kind, unroll)
}

func (j *fragmentJob) Prepare(ctx context.Context, r *Runner) {
	m := r.PTXModule()
	seen := map[int]bool{}
	for _, s := range fragmentShapes {
		if !seen[s.ILP] {
			seen[s.ILP] = true
			m.Add(FragmentKernel(j.kernel(s.ILP), j.f, s.ILP, fragmentUnroll))
		}
	}
	if !j.f.Store {
		ctl := j.f
		ctl.Control = true
		for _, u := range mmaLatencyUnrolls {
			m.Add(FragmentKernel(j.latencyKernel(u, false), j.f, 1, u))
			m.Add(FragmentKernel(j.latencyKernel(u, true), ctl, 1, u))
		}
	}
	m.Declare(".extern .shared .align 128 .b8 " + ptx.DynamicShared + "[];")
	j.c = r.CompilePTX(ctx, "frag_"+KernelName(j.f.Name()), m.String())
}

func (j *fragmentJob) Close() { j.c.Close() }

// run launches the kernel for ilp chains at warps per SM (0: one warp
// alone) and returns the per-SM rate in instructions per clock.
func (j *fragmentJob) run(ctx context.Context, r *Runner, s MMAShape, iters uint32) (Rate, error) {
	return j.launch(ctx, r, j.kernel(max(1, s.ILP)), s, fragmentUnroll, iters)
}

// launch runs kernel, whose chains hold unroll moves per loop iteration,
// at s's warps per SM (0: one warp alone).
func (j *fragmentJob) launch(ctx context.Context, r *Runner, kernel string, s MMAShape, unroll int, iters uint32) (Rate, error) {
	d := r.GPU.Device()
	g := Grid{Blocks: 1, Threads: 32, SharedBytes: FragmentShared}
	if s.WarpsPerSM > 0 {
		g.Blocks, g.Threads = d.SMs*max(1, s.WarpsPerSM/4), 128
	}
	warps := g.Blocks * g.Threads / 32
	out, err := r.GPU.Alloc(max(warps*WarpRecordBytes, 4096))
	if err != nil {
		return Rate{}, err
	}
	defer out.Free()
	if err := j.c.Prog.Launch(ctx, kernel, g, r.Config.LaunchTimeout, out.Ptr(), iters, uint32(0)); err != nil {
		return Rate{}, err
	}
	b, err := out.Read()
	if err != nil {
		return Rate{}, err
	}
	ws, err := DecodeWarps(b, warps)
	if err != nil {
		return Rate{}, err
	}
	return RateOf(ws, float64(iters)*float64(unroll*max(1, s.ILP)))
}

// latency fits the load's latency as the mma latency is: the slope of
// cycles per loop iteration against dependent loads per iteration, less
// the same slope of the control chain (the AND and add that make each
// address wait for the last load, which the loads' slope includes).
func (j *fragmentJob) latency(ctx context.Context, r *Runner, rec *record.Record) error {
	const iters = 2048
	slope := func(control bool) (LatencyEstimate, error) {
		samples := make([][]float64, len(mmaLatencyUnrolls))
		// Repeats go round the lengths so that drift spreads over all.
		for range r.Config.Until.MinOrDefault() {
			for i, u := range mmaLatencyUnrolls {
				rate, err := j.launch(ctx, r, j.latencyKernel(u, control), MMAShape{}, u, iters)
				if err != nil {
					return LatencyEstimate{}, err
				}
				samples[i] = append(samples[i], rate.MedianCycles/iters)
			}
		}
		return EstimateLatency(mmaLatencyUnrolls, samples)
	}
	est, err := slope(false)
	if err != nil {
		return err
	}
	ctl, err := slope(true)
	if err != nil {
		return fmt.Errorf("control chain: %w", err)
	}
	slopeCycles := est.Detail.Cycles
	rec.Latency = est.Detail
	rec.Latency.Cycles -= ctl.Detail.Cycles
	rec.Value = rec.Latency.Cycles
	for _, s := range est.Slopes {
		rec.Samples = append(rec.Samples, s-ctl.Detail.Cycles)
	}
	rec.Summary = Summarize(rec.Samples)
	rec.Warnings = append(rec.Warnings, est.Warnings...)
	rec.Warnings = append(rec.Warnings, ctl.Warnings...)
	rec.Note = fmt.Sprintf("the slope of cycles per loop iteration against %v dependent loads per iteration (each address waiting for the last load's data through an AND with a runtime zero and an add), %.1f cycles, less the same slope of the control chain (the AND and add alone, a move in place of the load), %.1f", mmaLatencyUnrolls, slopeCycles, ctl.Detail.Cycles)
	for _, u := range mmaLatencyUnrolls {
		rec.Provenance.Kernels = append(rec.Provenance.Kernels, j.latencyKernel(u, false), j.latencyKernel(u, true))
	}
	longest := mmaLatencyUnrolls[len(mmaLatencyUnrolls)-1]
	rec.Code = j.c.Verifier().Loop(j.latencyKernel(longest, false), []string{"LDSM"}, longest, longest)
	if rec.Value <= 0 {
		rec.Status, rec.Reason = record.StatusFailed, fmt.Sprintf("non-positive latency (%.3g cycles): the loads did not lengthen the chain beyond its control", rec.Value)
	}
	return nil
}

func (j *fragmentJob) Measure(ctx context.Context, r *Runner) ([]record.Record, error) {
	newRec := func(q record.Quantity, unit string) record.Record {
		return record.Record{ID: mma.ID(j.f.Name(), q), Suite: j.suite, Subject: j.f.Name(), Group: mma.GroupFragment,
			Quantity: q, Unit: unit, Status: record.StatusOK,
			Provenance: record.Provenance{Module: "frag_" + KernelName(j.f.Name()), PTXSHA256: j.c.Hash, CompileSeconds: j.c.Compile.Seconds(), Time: time.Now().UTC()}}
	}
	lat := newRec(record.Latency, "cycles per instruction")
	tp := newRec(record.Throughput, "warp instructions/clock/SM")
	var recs []*record.Record
	if !j.f.Store {
		recs = append(recs, &lat)
	}
	recs = append(recs, &tp)
	out := func(err error) ([]record.Record, error) {
		var o []record.Record
		for _, rec := range recs {
			if rec.Status == record.StatusOK && err != nil {
				rec.Status, rec.Reason = record.StatusFailed, err.Error()
			}
			o = append(o, *rec)
		}
		return o, FatalOrNil(err)
	}
	if f := j.c.Failure; f != nil {
		for _, rec := range recs {
			rec.Status, rec.Reason = f.Status, f.Reason
		}
		return out(j.c.FatalErr)
	}
	const iters = 4096
	if !j.f.Store {
		if err := j.latency(ctx, r, &lat); err != nil {
			return out(err)
		}
	}
	det := &record.ThroughputDetail{}
	for _, s := range fragmentShapes {
		rate, err := j.run(ctx, r, s, iters)
		if err != nil {
			return out(err)
		}
		det.Sweep = append(det.Sweep, record.SweepPoint{Shape: record.Shape{WarpsPerSM: s.WarpsPerSM, ILP: s.ILP, ThreadsPerBlk: 128,
			BlocksPerSM: max(1, s.WarpsPerSM/4), StepsPerIter: fragmentUnroll * s.ILP, Iterations: iters}, WarpInstPerClockPerSM: rate.PerSM})
		if rate.PerSM > det.WarpInstPerClockPerSM {
			det.WarpInstPerClockPerSM, det.Best = rate.PerSM, det.Sweep[len(det.Sweep)-1].Shape
			det.ResultsPerClockPerSM = rate.PerSM * float64(j.f.Bytes()) // bytes per clock per SM
			det.ResultsPerSecond = det.ResultsPerClockPerSM * float64(r.GPU.Device().SMs) * rate.ClockHz
		}
	}
	tp.Through, tp.Value = det, det.WarpInstPerClockPerSM
	tp.Note = fmt.Sprintf("results_per_clock_per_sm is bytes: %d per warp instruction", j.f.Bytes())
	expect := "LDSM"
	if j.f.Store {
		expect = "STSM"
	}
	tp.Code = j.c.Verifier().Loop(j.kernel(det.Best.ILP), []string{expect}, fragmentUnroll*max(1, det.Best.ILP), fragmentUnroll*max(1, det.Best.ILP))
	for _, rec := range recs {
		if rec.Code != nil && rec.Code.Status == CodeInvalid {
			rec.Status, rec.Reason = record.StatusInvalid, "machine code: "+rec.Code.Note
		}
	}
	return out(nil)
}
