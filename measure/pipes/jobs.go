package pipes

// The suite's two jobs: an instruction's throughput over the occupancy grid
// (OccupancyJob) and instructions interleaved in one loop (MixJob), both
// written against the engine's exported API (engine.Runner, engine.Compiled,
// placement's Runner.ExactShape and Runner.RunShape).

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/stats"
)

// OccupancyJob measures spec's throughput at every warps-per-SM × ILP
// combination, with occupancy fixed exactly; the record's Value is the best
// rate.
func OccupancyJob(spec engine.ChainSpec, warps, ilps []int) engine.Job {
	return &occupancyJob{spec: spec, warps: warps, ilps: ilps}
}

type occupancyJob struct {
	spec        engine.ChainSpec
	warps, ilps []int
	unroll      map[int]int
	c           *engine.Compiled
}

func (j *occupancyJob) kernel(ilp int) string {
	return fmt.Sprintf("occ_%s_ilp%d", engine.KernelName(j.spec.Subject), ilp)
}

func (j *occupancyJob) Prepare(ctx context.Context, r *engine.Runner) {
	body := max(8, r.Config.BodySteps/max(1, j.spec.Weight))
	j.unroll = map[int]int{}
	var ks []kernel.Spec
	for _, ilp := range j.ilps {
		j.unroll[ilp] = max(1, body/ilp)
		ks = append(ks, kernel.ThroughputChainSpec{Name: j.kernel(ilp), Step: j.spec.Step, ILP: ilp, Unroll: j.unroll[ilp]})
	}
	j.c = r.CompileKernels(ctx, "occ_"+engine.KernelName(j.spec.Subject), ks)
	// Every cell's kernel built at its width and shared memory here, on
	// a compile worker (a Vulkan pipeline each), as the mix job's are.
	if pr, ok := j.c.Prog.(engine.Preparer); ok {
		for _, ilp := range j.ilps {
			for _, w := range j.warps {
				if shape, skip, err := r.ExactShape(j.c.Prog, j.kernel(ilp), w, ilp, ilp*j.unroll[ilp]); err == nil && skip == "" {
					_ = pr.Prepare(j.kernel(ilp), shape.ThreadsPerBlk, shape.SharedBytes)
				}
			}
		}
	}
}

func (j *occupancyJob) Close() { j.c.Close() }

func (j *occupancyJob) Measure(ctx context.Context, r *engine.Runner) ([]record.Record, error) {
	rec := record.Record{
		ID: record.MakeID(j.spec.Suite, "", j.spec.Subject, string(record.Occupancy)), Suite: j.spec.Suite, Subject: j.spec.Subject, Group: j.spec.Group,
		Quantity: record.Occupancy, Unit: "warp instructions/clock/SM", Status: record.StatusOK, Note: j.spec.Note, Op: j.spec.Op,
		Provenance: r.ProvenanceOf("occ_"+engine.KernelName(j.spec.Subject), j.c.Hash),
	}
	rec.Provenance.CompileSeconds = j.c.Compile.Seconds()
	if f := j.c.Failure; f != nil {
		rec.Status, rec.Reason = f.Status, f.Reason
		return []record.Record{rec}, j.c.FatalErr
	}
	checks := map[int]*record.CodeCheck{}
	var reuse, conflicts []float64
	for _, ilp := range j.ilps {
		steps := ilp * j.unroll[ilp]
		chk := j.c.Verifier().Kernel(j.kernel(ilp), j.spec, steps*j.spec.OpcodesPerStep(), steps, 8*r.WarpSize())
		checks[ilp] = chk
		if rec.Code == nil || chk.Status != engine.CodeVerified {
			rec.Code = chk
		}
		if chk.Status == engine.CodeInvalid {
			rec.Status, rec.Reason = record.StatusInvalid, "machine code: "+chk.Note
			return []record.Record{rec}, nil
		}
		reuse = append(reuse, chk.Reuse)
		if chk.BankConflicts != nil {
			conflicts = append(conflicts, *chk.BankConflicts)
		}
	}
	out, err := r.RecordBuffer(0) // a warp record per warp of a full GPU
	if err != nil {
		return nil, err
	}
	defer out.Free()
	det := &record.OccupancyDetail{ILPs: j.ilps, WarpsPerSM: j.warps, Reuse: reuse}
	if len(conflicts) == len(j.ilps) {
		det.BankConflicts = conflicts
	}
	var clocks []float64
	bestILP := j.ilps[0]
	var bestShape record.Shape
	args := engine.StepArgs(j.spec.Step)
	for _, ilp := range j.ilps {
		row := make([]*float64, len(j.warps))
		for wi, w := range j.warps {
			shape, skip, err := r.ExactShape(j.c.Prog, j.kernel(ilp), w, ilp, ilp*j.unroll[ilp])
			if err != nil {
				return nil, err
			}
			if skip != "" {
				det.Skipped = append(det.Skipped, skip)
				continue
			}
			rate, shape, err := r.RunShape(ctx, j.c.Prog, j.kernel(ilp), shape, args, out)
			if pe := (*engine.PlacementError)(nil); errors.As(err, &pe) {
				det.Skipped = append(det.Skipped, pe.Why)
				continue
			}
			if err != nil {
				rec.Status, rec.Reason = record.StatusFailed, err.Error()
				rec.Occup = det
				return []record.Record{rec}, engine.FatalOrNil(err)
			}
			v := rate.PerSM
			row[wi] = &v
			if rate.DeviceWide && len(rec.Warnings) == 0 {
				rec.Warnings = append(rec.Warnings, engine.Unplaced)
			}
			if v > rec.Value {
				rec.Value, bestILP, bestShape = v, ilp, shape
			}
			if rate.ClockHz > 0 {
				clocks = append(clocks, rate.ClockHz)
			}
		}
		det.IPC = append(det.IPC, row)
	}
	if rec.Value > 0 {
		if err := resample(ctx, r, &rec, j.c.Prog, j.kernel(bestILP), bestShape, args, out, rec.Value); err != nil {
			rec.Occup = det
			return []record.Record{rec}, err
		}
	}
	if len(clocks) > 0 {
		det.ClockHz = stats.Median(clocks)
		rec.Provenance.Clock = &record.Clock{Hz: det.ClockHz, Source: r.GPU.Codegen().Language().ClockSource("the grid's kernels (median)")}
	}
	rec.Occup = det
	// The machine code kept is the best cell's kernel's.
	if chk := checks[bestILP]; chk != nil {
		rec.Code = chk
		rec.Code.Loop = j.c.Verifier().LoopText(j.kernel(bestILP))
	}
	return []record.Record{rec}, nil
}

// MixPart is one instruction of a mix job.
type MixPart struct {
	Spec  engine.ChainSpec
	Count int
}

// mixOp names a mix by its parts' neutral operations and counts
// ("fma.f32:2+mad.lo.i32:1"), so that mixes of the same operations pair
// across backends; "" when a part has no operation.
func mixOp(parts []MixPart) string {
	var out []string
	for _, p := range parts {
		if p.Spec.Op == "" {
			return ""
		}
		out = append(out, fmt.Sprintf("%s:%d", p.Spec.Op, p.Count))
	}
	return strings.Join(out, "+")
}

// MixShape is a warps-per-SM × ILP shape a mix is tried at; ILP applies to
// every part.
type MixShape struct{ Warps, ILP int }

// MixJob measures parts interleaved in one loop (see cudagpu.MixKernel) at each
// shape, keeping the best: warp instructions (of all parts) per clock per
// SM, each record in group. role is recorded in its MixDetail.
func MixJob(suite, group, id, subject, role string, parts []MixPart, shapes []MixShape) engine.Job {
	return &mixJob{suite: suite, group: group, id: id, subject: subject, role: role, parts: parts, shapes: shapes}
}

type mixJob struct {
	suite, group, id, subject, role string
	parts                           []MixPart
	shapes                          []MixShape
	rounds                          int
	c                               *engine.Compiled
}

func (j *mixJob) kernel(s MixShape) string {
	return fmt.Sprintf("mix_%s_w%d_ilp%d", engine.KernelName(j.id), s.Warps, s.ILP)
}

func (j *mixJob) perRound() int {
	n := 0
	for _, p := range j.parts {
		n += p.Count
	}
	return n
}

func (j *mixJob) Prepare(ctx context.Context, r *engine.Runner) {
	weight := 0
	for _, p := range j.parts {
		weight += p.Count * max(1, p.Spec.Weight)
	}
	j.rounds = max(1, r.Config.BodySteps/max(1, weight))
	var ks []kernel.Spec
	for _, s := range j.shapes {
		var ps []kernel.Part
		for _, p := range j.parts {
			ps = append(ps, kernel.Part{Step: p.Spec.Step, Count: p.Count, ILP: s.ILP})
		}
		ks = append(ks, kernel.MixLoopSpec{Name: j.kernel(s), Parts: ps, Unroll: j.rounds})
	}
	j.c = r.CompileKernels(ctx, "mix_"+engine.KernelName(j.id), ks)
	// Each kernel built at its launch width here, on a compile worker,
	// rather than at its first launch on the measuring thread (a Vulkan
	// pipeline per workgroup size); one that fails fails again, and says
	// so, at its launch.
	if pr, ok := j.c.Prog.(engine.Preparer); ok {
		for _, s := range j.shapes {
			if shape, skip, err := r.ExactShape(j.c.Prog, j.kernel(s), s.Warps, s.ILP, j.rounds*j.perRound()); err == nil && skip == "" {
				_ = pr.Prepare(j.kernel(s), shape.ThreadsPerBlk, shape.SharedBytes)
			}
		}
	}
}

func (j *mixJob) Close() { j.c.Close() }

func (j *mixJob) Measure(ctx context.Context, r *engine.Runner) ([]record.Record, error) {
	det := &record.MixDetail{Role: j.role}
	for _, p := range j.parts {
		det.Parts = append(det.Parts, record.MixPart{Subject: p.Spec.Subject, Count: p.Count})
	}
	rec := record.Record{
		ID: record.MakeID(j.suite, "", j.id, ""), Suite: j.suite, Subject: j.subject, Group: j.group,
		Quantity: record.Mix, Unit: "warp instructions/clock/SM", Status: record.StatusOK, Mix: det, Op: mixOp(j.parts),
		Provenance: r.ProvenanceOf("mix_"+engine.KernelName(j.id), j.c.Hash),
	}
	rec.Provenance.CompileSeconds = j.c.Compile.Seconds()
	if f := j.c.Failure; f != nil {
		rec.Status, rec.Reason = f.Status, f.Reason
		return []record.Record{rec}, j.c.FatalErr
	}
	// Every part must be in every shape's machine code as often as the
	// rounds need. The first part's check of each kernel is kept for the
	// record.
	first := map[string]*record.CodeCheck{}
	for _, s := range j.shapes {
		for i, p := range j.parts {
			chk := j.c.Verifier().Kernel(j.kernel(s), p.Spec, j.rounds*p.Count*p.Spec.OpcodesPerStep(), j.rounds*p.Count, 8*r.WarpSize())
			if i == 0 {
				first[j.kernel(s)] = chk
			}
			if rec.Code == nil {
				rec.Code = chk
			}
			if chk.Status == engine.CodeInvalid {
				rec.Code = chk
				rec.Status, rec.Reason = record.StatusInvalid, "machine code ("+p.Spec.Subject+"): "+chk.Note
				return []record.Record{rec}, nil
			}
		}
	}
	out, err := r.RecordBuffer(0) // a warp record per warp of a full GPU
	if err != nil {
		return nil, err
	}
	defer out.Free()
	var args []any
	for _, p := range j.parts {
		args = append(args, engine.StepArgs(p.Spec.Step)...)
	}
	var best engine.Rate
	bestKernel := j.kernel(j.shapes[0])
	for _, s := range j.shapes {
		shape, skip, err := r.ExactShape(j.c.Prog, j.kernel(s), s.Warps, s.ILP, j.rounds*j.perRound())
		if err != nil {
			return nil, err
		}
		pt := record.SweepPoint{Shape: shape}
		if skip != "" {
			pt.Skipped = skip
			det.Sweep = append(det.Sweep, pt)
			continue
		}
		rate, shape, err := r.RunShape(ctx, j.c.Prog, j.kernel(s), shape, args, out)
		if pe := (*engine.PlacementError)(nil); errors.As(err, &pe) {
			pt.Skipped = pe.Why
			det.Sweep = append(det.Sweep, pt)
			continue
		}
		if err != nil {
			rec.Status, rec.Reason = record.StatusFailed, err.Error()
			return []record.Record{rec}, engine.FatalOrNil(err)
		}
		pt.Shape, pt.WarpInstPerClockPerSM = shape, rate.PerSM
		if rate.DeviceWide && len(rec.Warnings) == 0 {
			rec.Warnings = append(rec.Warnings, engine.Unplaced)
		}
		det.Sweep = append(det.Sweep, pt)
		if rate.PerSM > best.PerSM {
			best, det.Best, bestKernel = rate, shape, j.kernel(s)
		}
	}
	if best.PerSM == 0 {
		rec.Status, rec.Reason = record.StatusSkipped, "no shape could run"
		return []record.Record{rec}, nil
	}
	if err := resample(ctx, r, &rec, j.c.Prog, bestKernel, det.Best, args, out, best.PerSM); err != nil {
		return []record.Record{rec}, err
	}
	// The machine code kept is the best shape's: the kernel the value
	// comes from.
	rec.Code = first[bestKernel]
	rec.Code.Loop = j.c.Verifier().LoopText(bestKernel)
	det.CyclesPerRound = float64(j.perRound()*det.Best.WarpsPerSM) / rec.Value
	if best.ClockHz > 0 {
		rec.Provenance.Clock = &record.Clock{Hz: best.ClockHz, Source: r.GPU.Codegen().Language().ClockSource("the mix kernel (median over SMs)")}
	}
	return []record.Record{rec}, nil
}

// resample gives rec, whose best shape ran at first warp instructions a
// clock per SM, the samples of more launches of that shape
// (Runner.Resample) and their median as its value, with their interval:
// the sweep's best is one launch, picked as the largest of several, which
// says nothing of its spread. A launch that fails is a warning, the
// samples so far kept; a fatal one is returned.
func resample(ctx context.Context, r *engine.Runner, rec *record.Record, prog engine.Program, kernel string, shape record.Shape, args []any, out engine.Buffer, first float64) error {
	samples, err := r.Resample(ctx, prog, kernel, shape, args, out, first)
	if err != nil {
		if engine.Fatal(err) {
			rec.Status, rec.Reason = record.StatusFailed, err.Error()
			return err
		}
		rec.Warnings = append(rec.Warnings, fmt.Sprintf("%d samples of the best shape: %v", len(samples), err))
	}
	engine.SetSamples(rec, samples)
	return nil
}
