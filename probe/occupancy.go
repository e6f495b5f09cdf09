package probe

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/gpuarch/gpuarch/measure/pipes"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/sass"
	"github.com/gpuarch/gpuarch/stats"
)

// exactShape lays warps out as blocks of at most 8 warps with a dynamic
// shared memory spoiler sized so that exactly that many blocks fit on an SM;
// the driver's occupancy calculation confirms it. A driver without one
// (Vulkan) gets no spoiler: the launch has exactly blocks per SM times the
// SMs, and the warp records must show that they ran as asked (see
// placement). skip is non-empty when the GPU cannot hold the shape.
func (r *Runner) exactShape(prog Program, kernel string, warps, ilp, steps int) (shape record.Shape, skip string, err error) {
	d := r.GPU.Device()
	if maxWarps := r.maxWarpsPerSM(); warps > maxWarps {
		return shape, fmt.Sprintf("%d warps per SM: the SM holds at most %d", warps, maxWarps), nil
	}
	blocks := (warps + 7) / 8
	for warps%blocks != 0 {
		blocks++
	}
	perBlock := warps / blocks
	smem := d.Attributes["MAX_SHARED_MEMORY_PER_MULTIPROCESSOR"]
	dyn := smem/blocks - d.Attributes["RESERVED_SHARED_MEMORY_PER_BLOCK"]
	if optin := d.Attributes["MAX_SHARED_MEMORY_PER_BLOCK_OPTIN"]; optin > 0 {
		dyn = min(dyn, optin)
	}
	dyn = max(dyn, 0)
	shape = record.Shape{WarpsPerSM: warps, ILP: ilp, BlocksPerSM: blocks, ThreadsPerBlk: r.warpSize() * perBlock, StepsPerIter: steps, SharedBytes: dyn}
	occ, err := prog.MaxBlocksPerSM(kernel, shape.ThreadsPerBlk, dyn)
	if errors.Is(err, ErrNoOccupancy) {
		shape.SharedBytes = 0
		return shape, "", nil
	}
	if err != nil {
		return shape, "", err
	}
	switch {
	case occ < blocks:
		return shape, fmt.Sprintf("%d warps per SM at ILP %d: the driver fits %d blocks of %d threads (registers), not %d", warps, ilp, occ, shape.ThreadsPerBlk, blocks), nil
	case occ > blocks && smem > 0:
		return shape, fmt.Sprintf("%d warps per SM at ILP %d: the shared memory spoiler did not cap occupancy (%d blocks fit)", warps, ilp, occ), nil
	}
	return shape, "", nil
}

// unplaced warns that occupancy was asked for but not seen: the device's
// warp records do not say which core ran them.
const unplaced = "occupancy as launched, not verified: this device's records do not say which core ran each subgroup, so each rate is every subgroup's instructions over the launch's span, divided among the cores"

// PlacementError says a launch did not run as its shape asked: an SM
// held another number of warps, or its warps did not all run at once.
// The shape's cell is skipped with this reason.
type PlacementError struct{ Why string }

func (e *PlacementError) Error() string { return e.Why }

// runShape sizes the iterations for shape and measures one rate, checking
// that every SM held the intended number of warps.
func (r *Runner) runShape(ctx context.Context, prog Program, kernel string, shape record.Shape, args []any, out Buffer) (Rate, record.Shape, error) {
	const pilot = 8
	shape.Iterations = pilot
	rate, err := r.launchShape(ctx, prog, kernel, shape, args, out, false)
	if err != nil {
		return rate, shape, err
	}
	shape.Iterations = int(min(max(pilot*r.Config.TargetCycles/max(rate.MedianCycles, 1), pilot), 1<<22, float64(r.maxIterations())))
	rate, err = r.launchShape(ctx, prog, kernel, shape, args, out, true)
	return rate, shape, err
}

// launchShape runs one throughput-style kernel; args follow out, sink and
// count. final marks the sized launch, whose placement is checked.
func (r *Runner) launchShape(ctx context.Context, prog Program, kernel string, shape record.Shape, args []any, out Buffer, final bool) (Rate, error) {
	d := r.GPU.Device()
	g := Grid{Blocks: d.SMs * shape.BlocksPerSM, Threads: shape.ThreadsPerBlk, SharedBytes: shape.SharedBytes}
	if err := out.Clear(); err != nil {
		return Rate{}, err
	}
	all := append([]any{out.Ptr(), r.sink.Ptr(), uint32(shape.Iterations)}, args...)
	if err := prog.Launch(ctx, kernel, g, r.Config.LaunchTimeout, all...); err != nil {
		return Rate{}, fmt.Errorf("kernel %s: %w", kernel, err)
	}
	b, err := out.Read()
	if err != nil {
		return Rate{}, err
	}
	ws, err := r.decodeWarps(b, g.Blocks*g.Threads/r.warpSize())
	if err != nil {
		return Rate{}, fmt.Errorf("kernel %s: %w", kernel, err)
	}
	rate, err := r.rateOf(ws, float64(shape.Iterations*shape.StepsPerIter))
	if err != nil {
		return rate, err
	}
	if shape.SharedBytes > 0 || final && !rate.DeviceWide {
		if why := placement(ws, shape.WarpsPerSM, shape.SharedBytes == 0); why != "" {
			return rate, &PlacementError{fmt.Sprintf("kernel %s at %d warps per SM: %s", kernel, shape.WarpsPerSM, why)}
		}
	}
	return rate, nil
}

// placement checks that a launch ran as its shape asked: where warp
// records name their SM, every SM held exactly warps; with together, the
// warps of each SM (of the whole device where records name no SM) also
// ran at once, every one starting before any ended, which a launch whose
// warps did not all fit (registers, say) fails: its later warps start as
// earlier ones end. It returns why not, or "".
func placement(ws []WarpRecord, warps int, together bool) string {
	bySM := map[uint32][]WarpRecord{}
	for _, w := range ws {
		bySM[w.SM] = append(bySM[w.SM], w)
	}
	if _, none := bySM[NoSM]; !none {
		for _, s := range Spans(ws) {
			if s.Warps != warps {
				return fmt.Sprintf("SM %d ran %d warps, the shape asked for exactly %d", s.SM, s.Warps, warps)
			}
		}
	}
	if !together {
		return ""
	}
	for sm, group := range bySM {
		lastStart, firstEnd := group[0].StartNs, group[0].EndNs
		for _, w := range group {
			lastStart, firstEnd = max(lastStart, w.StartNs), min(firstEnd, w.EndNs)
		}
		if lastStart > firstEnd {
			where := fmt.Sprintf("SM %d", sm)
			if sm == NoSM {
				where = "the device"
			}
			return fmt.Sprintf("the warps of %s did not all run at once (one started %d ns after another ended): it could not hold them together", where, lastStart-firstEnd)
		}
	}
	return ""
}

// maxWarpsPerSM is the most warps an SM holds (64 when the driver does not
// say).
func (r *Runner) maxWarpsPerSM() int {
	d := r.GPU.Device()
	if w := d.Attributes["MAX_THREADS_PER_MULTIPROCESSOR"] / max(1, d.WarpSize); w > 0 {
		return w
	}
	if d.MaxWarpsPerSM > 0 {
		return d.MaxWarpsPerSM
	}
	return 64
}

// warpBuffer allocates room for one warp record per warp of a full GPU, and
// makes sure the shared sink exists.
func (r *Runner) warpBuffer() (Buffer, error) {
	if err := r.ensureSink(); err != nil {
		return nil, err
	}
	return r.GPU.Alloc(r.GPU.Device().SMs * r.maxWarpsPerSM() * WarpRecordBytes)
}

// recordBuffer is warpBuffer with room for at least warps records.
func (r *Runner) recordBuffer(warps int) (Buffer, error) {
	if err := r.ensureSink(); err != nil {
		return nil, err
	}
	return r.GPU.Alloc(max(warps, r.GPU.Device().SMs*r.maxWarpsPerSM()) * WarpRecordBytes)
}

// ensureSink allocates the runner's shared sink buffer once.
func (r *Runner) ensureSink() error {
	if r.sink != nil {
		return nil
	}
	b, err := r.GPU.Alloc(256)
	if err != nil {
		return err
	}
	r.sink = b
	return nil
}

// reusePerStep counts source operands carrying .reuse in a loop body, per
// step.
func reusePerStep(body []sass.Instruction, steps int) float64 {
	n := 0
	for _, in := range body {
		n += strings.Count(in.Operands, ".reuse")
	}
	return float64(n) / float64(max(1, steps))
}

// bankConflictsPerStep is the register-file reads per step beyond one from
// an instruction's busiest bank (sass.Use.BankReads), over the loop body.
func bankConflictsPerStep(body []sass.Instruction, steps int) float64 {
	n := 0
	for _, in := range body {
		n += max(0, in.Use().BankReads(sass.RegisterBanks)-1)
	}
	return float64(n) / float64(max(1, steps))
}

// compiled is a module built for a job.
type compiled struct {
	prog     Program
	source   string
	hash     string
	listing  *sass.Listing
	compile  time.Duration
	failure  *record.Record // the job's outcome when it could not compile
	fatalErr error
	log      string // the compiler's messages, where they were kept
}

// compileKernels has the backend's Codegen write kernels and compiles
// them: the way to jobs that run on every backend. A module the device
// cannot have (ErrUnsupported) is skipped, with why.
func (r *Runner) compileKernels(ctx context.Context, name string, kernels []KernelSpec) *compiled {
	src, err := r.GPU.Codegen().Module(kernels)
	if err != nil {
		st := record.StatusFailed
		if errors.Is(err, ErrUnsupported) {
			st = record.StatusSkipped
		}
		return &compiled{failure: &record.Record{Status: st, Reason: fmt.Sprintf("write the %s module: %v", name, err)}}
	}
	return r.compileText(ctx, name, src)
}

// compileText compiles a module's source in the backend's language.
func (r *Runner) compileText(ctx context.Context, name, source string) *compiled {
	c := &compiled{source: source}
	c.hash = sourceHash(source)
	prog, err := r.GPU.Compile(ctx, name, c.source)
	if err != nil {
		_ = r.keep(name, c.source, nil)
		st, why := classifyCompile(err, r.lang().Compiler)
		if Fatal(err) {
			st, why, c.fatalErr = record.StatusFailed, err.Error(), err
		}
		c.failure = &record.Record{Status: st, Reason: why}
		return c
	}
	c.prog, c.compile = prog, prog.CompileTime()
	r.compiled(ctx, name, c)
	return c
}

// compiled keeps a compiled module's source and binary and disassembles
// the binary when it can.
func (r *Runner) compiled(ctx context.Context, name string, c *compiled) {
	_ = r.keep(name, c.source, c.prog.Binary())
	if r.Disasm != nil {
		if l, err := r.disassemble(ctx, c.prog.Binary()); err == nil {
			c.listing = l
		}
	}
}

func (c *compiled) close() {
	if c != nil && c.prog != nil {
		c.prog.Close()
		c.prog = nil
	}
}

// checkLoop verifies a kernel's loop body holds each expected opcode family
// at least needed times, and counts operand reuse.
func (c *compiled) checkLoop(kernel string, expect []string, needed, steps int) *record.SASS {
	if c.listing == nil {
		return &record.SASS{Status: sassNotVerified, Expected: expect, Kernel: kernel, Note: sass.ErrNoDisassembler.Error()}
	}
	chk := CheckRegion(c.listing, kernel, (*sass.Function).LoopBody, expect, needed)
	if fn, ok := c.listing.Function(kernel); ok {
		if body, ok := fn.LoopBody(); ok {
			chk.Reuse = reusePerStep(body, steps)
			bc := bankConflictsPerStep(body, steps)
			chk.BankConflicts = &bc
		}
	}
	return &chk
}

// check is checkLoop where the machine code is disassembled here, and
// the driver's own report (see Inspector) where the backend gives one:
// spec's expectations for the driver's instruction set, or its statistics.
func (c *compiled) check(kernel string, spec ChainSpec, needed, steps, threads int) *record.SASS {
	if in, ok := c.prog.(Inspector); ok {
		return inspectKernel(in, spec, kernel, threads, needed)
	}
	return c.checkLoop(kernel, spec.Expect, needed, steps)
}

// loopText is kernel's timed loop body, an instruction a line; nil without
// a listing.
func (c *compiled) loopText(kernel string) []string {
	if c.listing == nil {
		return nil
	}
	fn, ok := c.listing.Function(kernel)
	if !ok {
		return nil
	}
	body, ok := fn.LoopBody()
	if !ok {
		return nil
	}
	out := make([]string, len(body))
	for i, in := range body {
		out[i] = in.String()
	}
	return out
}

// OccupancyJob measures spec's throughput at every warps-per-SM × ILP
// combination, with occupancy fixed exactly; the record's Value is the best
// rate.
func OccupancyJob(spec ChainSpec, warps, ilps []int) Job {
	return &occupancyJob{spec: spec, warps: warps, ilps: ilps}
}

type occupancyJob struct {
	spec        ChainSpec
	warps, ilps []int
	unroll      map[int]int
	c           *compiled
}

func (j *occupancyJob) kernel(ilp int) string {
	return fmt.Sprintf("occ_%s_ilp%d", KernelName(j.spec.Subject), ilp)
}

func (j *occupancyJob) prepare(ctx context.Context, r *Runner) {
	body := max(8, r.Config.BodySteps/max(1, j.spec.Weight))
	j.unroll = map[int]int{}
	var ks []KernelSpec
	for _, ilp := range j.ilps {
		j.unroll[ilp] = max(1, body/ilp)
		ks = append(ks, KernelSpec{Name: j.kernel(ilp), Kind: ThroughputChain, Step: j.spec.Step, ILP: ilp, Unroll: j.unroll[ilp]})
	}
	j.c = r.compileKernels(ctx, "occ_"+KernelName(j.spec.Subject), ks)
}

func (j *occupancyJob) close() { j.c.close() }

func (j *occupancyJob) measure(ctx context.Context, r *Runner) ([]record.Record, error) {
	rec := record.Record{
		ID: record.MakeID(j.spec.Suite, "", j.spec.Subject, string(record.Occupancy)), Suite: j.spec.Suite, Subject: j.spec.Subject, Group: j.spec.Group,
		Quantity: record.Occupancy, Unit: "warp instructions/clock/SM", Status: record.StatusOK, Note: j.spec.Note, Op: j.spec.Op,
		Provenance: r.provenanceOf("occ_"+KernelName(j.spec.Subject), j.c.hash),
	}
	rec.Provenance.CompileSeconds = j.c.compile.Seconds()
	if f := j.c.failure; f != nil {
		rec.Status, rec.Reason = f.Status, f.Reason
		return []record.Record{rec}, j.c.fatalErr
	}
	checks := map[int]*record.SASS{}
	var reuse, conflicts []float64
	for _, ilp := range j.ilps {
		steps := ilp * j.unroll[ilp]
		chk := j.c.check(j.kernel(ilp), j.spec, steps*j.spec.perStep(), steps, 8*r.warpSize())
		checks[ilp] = chk
		if rec.SASS == nil || chk.Status != sassVerified {
			rec.SASS = chk
		}
		if chk.Status == sassInvalid {
			rec.Status, rec.Reason = record.StatusInvalid, "machine code: "+chk.Note
			return []record.Record{rec}, nil
		}
		reuse = append(reuse, chk.Reuse)
		if chk.BankConflicts != nil {
			conflicts = append(conflicts, *chk.BankConflicts)
		}
	}
	out, err := r.warpBuffer()
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
	args := stepArgs(j.spec.Step)
	for _, ilp := range j.ilps {
		row := make([]*float64, len(j.warps))
		for wi, w := range j.warps {
			shape, skip, err := r.exactShape(j.c.prog, j.kernel(ilp), w, ilp, ilp*j.unroll[ilp])
			if err != nil {
				return nil, err
			}
			if skip != "" {
				det.Skipped = append(det.Skipped, skip)
				continue
			}
			rate, _, err := r.runShape(ctx, j.c.prog, j.kernel(ilp), shape, args, out)
			if pe := (*PlacementError)(nil); errors.As(err, &pe) {
				det.Skipped = append(det.Skipped, pe.Why)
				continue
			}
			if err != nil {
				rec.Status, rec.Reason = record.StatusFailed, err.Error()
				rec.Occup = det
				return []record.Record{rec}, fatalOrNil(err)
			}
			v := rate.PerSM
			row[wi] = &v
			if rate.DeviceWide && len(rec.Warnings) == 0 {
				rec.Warnings = append(rec.Warnings, unplaced)
			}
			if v > rec.Value {
				rec.Value, bestILP = v, ilp
			}
			if rate.ClockHz > 0 {
				clocks = append(clocks, rate.ClockHz)
			}
		}
		det.IPC = append(det.IPC, row)
	}
	if len(clocks) > 0 {
		det.ClockHz = stats.Median(clocks)
		rec.Provenance.Clock = &record.Clock{Hz: det.ClockHz, Source: r.lang().ClockSource("the grid's kernels (median)")}
	}
	rec.Occup = det
	// The machine code kept is the best cell's kernel's.
	if chk := checks[bestILP]; chk != nil {
		rec.SASS = chk
		rec.SASS.Loop = j.c.loopText(j.kernel(bestILP))
	}
	return []record.Record{rec}, nil
}

// fatalOrNil passes on errors that end the process's measurements.
func fatalOrNil(err error) error {
	if Fatal(err) {
		return err
	}
	return nil
}

// MixPart is one instruction of a mix job.
type MixPart struct {
	Spec  ChainSpec
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

// MixJob measures parts interleaved in one loop (see MixKernel) at each
// shape, keeping the best: warp instructions (of all parts) per clock per
// SM. role is recorded in the record's MixDetail.
func MixJob(suite, id, subject, role string, parts []MixPart, shapes []MixShape) Job {
	return &mixJob{suite: suite, id: id, subject: subject, role: role, parts: parts, shapes: shapes}
}

type mixJob struct {
	suite, id, subject, role string
	parts                    []MixPart
	shapes                   []MixShape
	rounds                   int
	c                        *compiled
}

func (j *mixJob) kernel(s MixShape) string {
	return fmt.Sprintf("mix_%s_w%d_ilp%d", KernelName(j.id), s.Warps, s.ILP)
}

func (j *mixJob) perRound() int {
	n := 0
	for _, p := range j.parts {
		n += p.Count
	}
	return n
}

func (j *mixJob) prepare(ctx context.Context, r *Runner) {
	weight := 0
	for _, p := range j.parts {
		weight += p.Count * max(1, p.Spec.Weight)
	}
	j.rounds = max(1, r.Config.BodySteps/max(1, weight))
	var ks []KernelSpec
	for _, s := range j.shapes {
		var ps []Part
		for _, p := range j.parts {
			ps = append(ps, Part{Step: p.Spec.Step, Count: p.Count, ILP: s.ILP})
		}
		ks = append(ks, KernelSpec{Name: j.kernel(s), Kind: MixLoop, Parts: ps, Unroll: j.rounds})
	}
	j.c = r.compileKernels(ctx, "mix_"+KernelName(j.id), ks)
	// Each kernel built at its launch width here, on a compile worker,
	// rather than at its first launch on the measuring thread (a Vulkan
	// pipeline per workgroup size); one that fails fails again, and says
	// so, at its launch.
	if pr, ok := j.c.prog.(Preparer); ok {
		for _, s := range j.shapes {
			if shape, skip, err := r.exactShape(j.c.prog, j.kernel(s), s.Warps, s.ILP, j.rounds*j.perRound()); err == nil && skip == "" && shape.SharedBytes == 0 {
				_ = pr.Prepare(j.kernel(s), shape.ThreadsPerBlk)
			}
		}
	}
}

func (j *mixJob) close() { j.c.close() }

func (j *mixJob) measure(ctx context.Context, r *Runner) ([]record.Record, error) {
	det := &record.MixDetail{Role: j.role}
	for _, p := range j.parts {
		det.Parts = append(det.Parts, record.MixPart{Subject: p.Spec.Subject, Count: p.Count})
	}
	rec := record.Record{
		ID: record.MakeID(j.suite, "", j.id, ""), Suite: j.suite, Subject: j.subject, Group: pipes.GroupMix,
		Quantity: record.Mix, Unit: "warp instructions/clock/SM", Status: record.StatusOK, Mix: det, Op: mixOp(j.parts),
		Provenance: r.provenanceOf("mix_"+KernelName(j.id), j.c.hash),
	}
	rec.Provenance.CompileSeconds = j.c.compile.Seconds()
	if f := j.c.failure; f != nil {
		rec.Status, rec.Reason = f.Status, f.Reason
		return []record.Record{rec}, j.c.fatalErr
	}
	// Every part must be in every shape's machine code as often as the
	// rounds need. The first part's check of each kernel is kept for the
	// record.
	first := map[string]*record.SASS{}
	for _, s := range j.shapes {
		for i, p := range j.parts {
			chk := j.c.check(j.kernel(s), p.Spec, j.rounds*p.Count*p.Spec.perStep(), j.rounds*p.Count, 8*r.warpSize())
			if i == 0 {
				first[j.kernel(s)] = chk
			}
			if rec.SASS == nil {
				rec.SASS = chk
			}
			if chk.Status == sassInvalid {
				rec.SASS = chk
				rec.Status, rec.Reason = record.StatusInvalid, "machine code ("+p.Spec.Subject+"): "+chk.Note
				return []record.Record{rec}, nil
			}
		}
	}
	out, err := r.warpBuffer()
	if err != nil {
		return nil, err
	}
	defer out.Free()
	var args []any
	for _, p := range j.parts {
		args = append(args, stepArgs(p.Spec.Step)...)
	}
	var best Rate
	bestKernel := j.kernel(j.shapes[0])
	for _, s := range j.shapes {
		shape, skip, err := r.exactShape(j.c.prog, j.kernel(s), s.Warps, s.ILP, j.rounds*j.perRound())
		if err != nil {
			return nil, err
		}
		pt := record.SweepPoint{Shape: shape}
		if skip != "" {
			pt.Skipped = skip
			det.Sweep = append(det.Sweep, pt)
			continue
		}
		rate, shape, err := r.runShape(ctx, j.c.prog, j.kernel(s), shape, args, out)
		if pe := (*PlacementError)(nil); errors.As(err, &pe) {
			pt.Skipped = pe.Why
			det.Sweep = append(det.Sweep, pt)
			continue
		}
		if err != nil {
			rec.Status, rec.Reason = record.StatusFailed, err.Error()
			return []record.Record{rec}, fatalOrNil(err)
		}
		pt.Shape, pt.WarpInstPerClockPerSM = shape, rate.PerSM
		if rate.DeviceWide && len(rec.Warnings) == 0 {
			rec.Warnings = append(rec.Warnings, unplaced)
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
	rec.Value = best.PerSM
	// The machine code kept is the best shape's: the kernel the value
	// comes from.
	rec.SASS = first[bestKernel]
	rec.SASS.Loop = j.c.loopText(bestKernel)
	det.CyclesPerRound = float64(j.perRound()*det.Best.WarpsPerSM) / best.PerSM
	if best.ClockHz > 0 {
		rec.Provenance.Clock = &record.Clock{Hz: best.ClockHz, Source: r.lang().ClockSource("the mix kernel (median over SMs)")}
	}
	return []record.Record{rec}, nil
}
