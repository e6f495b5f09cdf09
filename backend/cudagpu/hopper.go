package cudagpu

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/ptx"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/stats"
)

// Hopper's data movement and cluster probes (compute capability 9.0 and
// up) share what this file holds: dynamic shared memory laid out as
// mbarriers in its first asyncData bytes and data after them, the
// mbarrier wait loop, the check of a timed region's machine code, and
// one job shape that compiles a module and fills a list of records.

// AsyncData is where the data of the asynchronous-copy kernels starts in
// dynamic shared memory; the mbarriers sit below it, 8 bytes each.
const AsyncData = 1024

// waitParity spins until the mbarrier at bar (a shared address) has
// completed the phase of the given parity (mbarrier.try_wait.parity,
// which suspends the thread for a while before it reports false). It
// gives up after waitPolls failed polls, so a probe that never
// completes a phase ends (with a time far off) instead of hanging the
// GPU.
func waitParity(k *ptx.Kernel, bar, parity ptx.Reg) {
	p, q, n := k.Reg(ptx.Pred), k.Reg(ptx.Pred), k.Reg(ptx.U32)
	top, done := k.NewLabel("wait"), k.NewLabel("waited")
	k.Op("mov.u32", n, ptx.Int(0))
	k.Mark(top)
	k.Raw(fmt.Sprintf("mbarrier.try_wait.parity.shared::cta.b64 %s, [%s], %s;", p, bar, parity))
	k.PredOp("@"+p.String(), "bra", done)
	k.Op("add.u32", n, n, ptx.Int(1))
	k.Op("setp.lt.u32", q, n, ptx.Int(waitPolls))
	k.PredOp("@"+q.String(), "bra", top)
	k.Mark(done)
}

// waitPolls bounds an mbarrier wait: try_wait suspends for up to about a
// microsecond a poll, so this is seconds, far past any probe's phase.
const waitPolls = 1 << 22

// initBarriers has the calling thread set n mbarriers from bar on (8
// bytes apart) to expect count arrivals, and makes them visible to the
// copy engine (fence.mbarrier_init).
func initBarriers(k *ptx.Kernel, bar ptx.Reg, n, count int) {
	for i := range n {
		k.Raw(fmt.Sprintf("mbarrier.init.shared::cta.b64 [%s+%d], %d;", bar, 8*i, count))
	}
	k.Raw("fence.mbarrier_init.release.cluster;")
	k.Raw("fence.proxy.async.shared::cta;")
}

// ifThread runs body only in the thread whose %tid.x is tid; the branch
// is divergent, so it is a plain bra.
func ifThread(k *ptx.Kernel, tid ptx.Reg, want int, body func()) {
	p := k.Reg(ptx.Pred)
	k.Op("setp.eq.u32", p, tid, ptx.Int(int64(want)))
	skip := k.NewLabel("skip")
	k.PredOp("@!"+p.String(), "bra", skip)
	body()
	k.Mark(skip)
}

// fillRing issues the first copy into each of a ring's stages slots.
func fillRing(k *ptx.Kernel, stages int, issue func(slot ptx.Reg)) {
	for s := range stages {
		slot := k.Reg(ptx.U32)
		k.Op("mov.u32", slot, ptx.Int(int64(s)))
		issue(slot)
	}
}

// log2 of a power of two.
func log2(n int) int {
	s := 0
	for 1<<s < n {
		s++
	}
	return s
}

// Verified sets rec's machine-code check (chk, nil for none) and marks
// rec invalid, with the check's note, when the check failed.
func Verified(rec *record.Record, chk *record.CodeCheck) {
	rec.Code = chk
	if chk != nil && chk.Status == engine.CodeInvalid {
		rec.Status, rec.Reason = record.StatusInvalid, "machine code: "+chk.Note
	}
}

// Item is one record of a PTXJob: the record as it starts (ID,
// subject, quantity, unit, note) and what fills it.
type Item struct {
	Rec record.Record
	Run func(ctx context.Context, r *engine.Runner, c *engine.Compiled, rec *record.Record) error
}

// PTXJob compiles one module of kernels written in PTX (Kernels, with
// dynamic shared memory declared and Decls beside it) and fills a list of
// records (Items, in order, each through its Run). It runs on the CUDA
// backend only, on Hopper or later unless AnyCUDA; elsewhere every record
// is skipped with why (NeedsHopper, NeedsCUDA). The jobs whose kernels no
// other backend writes use it (the asynchronous copies, clusters, the
// divergent chase, the scattered writes).
type PTXJob struct {
	Module string
	Target string // "sm_90a" where a kernel needs the architecture-specific features
	// Whole compiles the module as one program with the Runner's
	// Assembler rather than the driver's linker (see compileWhole).
	Whole bool
	// AnyCUDA runs the module on any GPU the CUDA backend drives, not
	// only on Hopper and later (its kernels use no sm_90 features).
	AnyCUDA bool
	// Decls are module-scope declarations the kernels need beside the
	// dynamic shared memory (a constant-space table).
	Decls   []string
	Kernels func() []*ptx.Kernel
	Items   []Item
	c       *engine.Compiled
	// done holds the records measured so far by subject, for items that
	// derive a figure from an earlier one.
	done map[string]*record.Record
}

// NeedsHopper says why dev cannot run the Hopper probes, or "": they need
// the CUDA backend and compute capability 9.0 or later; sm_90a ones need
// exactly 9.0.
func NeedsHopper(dev record.Device, archSpecific bool) string {
	if dev.BackendOf() != "cuda" {
		return fmt.Sprintf("not available on the %s backend: the asynchronous copies, the Tensor Memory Accelerator, clusters and the uniform datapath are reached through PTX", dev.BackendOf())
	}
	major, minor := ccOf(dev.ComputeCapability)
	if major < 9 {
		return fmt.Sprintf("needs compute capability 9.0 or later (Hopper); this GPU is %s", dev.ComputeCapability)
	}
	if archSpecific && (major != 9 || minor != 0) {
		return fmt.Sprintf("needs the sm_90a target (compute capability 9.0 exactly); this GPU is %s", dev.ComputeCapability)
	}
	return ""
}

// NeedsCUDA says why dev cannot run a probe written in PTX, or "".
func NeedsCUDA(dev record.Device) string {
	if b := dev.BackendOf(); b != "cuda" {
		return fmt.Sprintf("not available on the %s backend: the probe is written in PTX", b)
	}
	return ""
}

func ccOf(s string) (major, minor int) {
	a, b, _ := strings.Cut(s, ".")
	major, _ = strconv.Atoi(a)
	minor, _ = strconv.Atoi(b)
	return major, minor
}

func (j *PTXJob) Prepare(ctx context.Context, r *engine.Runner) {
	why := NeedsHopper(r.GPU.Device(), j.Target == "sm_90a")
	if j.AnyCUDA {
		why = NeedsCUDA(r.GPU.Device())
	}
	if why != "" {
		j.c = &engine.Compiled{Failure: &record.Record{Status: record.StatusSkipped, Reason: why}}
		return
	}
	m := PTXModule(r, j.Kernels()...)
	if j.Target != "" {
		m.Target = j.Target
	}
	m.Declare(".extern .shared .align 1024 .b8 " + ptx.DynamicShared + "[];")
	for _, d := range j.Decls {
		m.Declare(d)
	}
	if j.Whole {
		j.c = compileWhole(ctx, r, j.Module, m.String(), m.Target)
		return
	}
	j.c = CompilePTX(ctx, r, j.Module, m.String())
}

func (j *PTXJob) Close() { j.c.Close() }

// Done is the record of subject that an earlier item of the job filled,
// nil where none did (marked failed where its Run returned an error): an
// item that derives a figure from an earlier one reads it here.
func (j *PTXJob) Done(subject string) *record.Record { return j.done[subject] }

func (j *PTXJob) Measure(ctx context.Context, r *engine.Runner) ([]record.Record, error) {
	prov := j.c.Provenance(j.Module)
	return engine.MeasureEach(j.c, j.Items, func(it Item) record.Record {
		rec := it.Rec
		rec.Status, rec.Provenance = record.StatusOK, prov
		return rec
	}, func(it Item, rec *record.Record) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		err := it.Run(ctx, r, j.c, rec)
		if j.done == nil {
			j.done = map[string]*record.Record{}
		}
		done := *rec
		if err != nil {
			done.Status = record.StatusFailed
		}
		j.done[rec.Subject] = &done
		return err
	})
}

// Sweeper gathers a sweep's points into a record (the PTXJobs' sweeps of
// copies, clusters and pipelines): each point's rates over
// the fewest samples a figure gets (stats.Until's Min) launches, the best
// point as the record's value, and the clock
// the kernels measured.
type Sweeper struct {
	rec    *record.Record
	best   float64
	clocks []float64
}

// NewSweeper starts gathering the sweep det into rec (rec.Sweep is det);
// Add fills it, Finish sets rec's value.
func NewSweeper(rec *record.Record, det *record.SweepDetail) *Sweeper {
	rec.Sweep = det
	return &Sweeper{rec: rec, best: -1}
}

// Launch runs kernel the fewest samples a figure gets (stats.Until's Min)
// times on g and returns each launch's rate per
// SM: perWarp units over the span of the warps keep keeps (nil: all),
// from warp records at out.
func (s *Sweeper) Launch(ctx context.Context, r *engine.Runner, c *engine.Compiled, kernel string, g engine.Grid, out engine.Buffer, perWarp float64, keep func(engine.WarpRecord) bool, args ...any) ([]float64, error) {
	var rates []float64
	for range r.Config.Until.MinOrDefault() {
		if err := out.Clear(); err != nil {
			return nil, err
		}
		if err := c.Prog.Launch(ctx, kernel, g, r.OwnTimeout(), args...); err != nil {
			return nil, err
		}
		b, err := out.Read()
		if err != nil {
			return nil, err
		}
		ws, err := r.DecodeWarps(b, g.Blocks*g.Threads/32)
		if err != nil {
			return nil, err
		}
		if keep != nil {
			ws = slices.DeleteFunc(ws, func(w engine.WarpRecord) bool { return !keep(w) })
		}
		rate, err := r.RateOf(ws, perWarp)
		if err != nil {
			return nil, err
		}
		rates = append(rates, rate.PerSM)
		if rate.ClockHz > 0 {
			s.clocks = append(s.clocks, rate.ClockHz)
		}
	}
	return rates, nil
}

// Add records a point; rates may be nil for a failed one (pt.Failed set).
// A point competes for the record's value when best is true.
func (s *Sweeper) Add(pt record.ParamPoint, rates []float64, best bool) {
	if pt.Failed == "" && len(rates) > 0 {
		pt.Value, pt.Min, pt.Max = stats.Median(rates), slices.Min(rates), slices.Max(rates)
	}
	s.rec.Sweep.Points = append(s.rec.Sweep.Points, pt)
	if best && pt.Failed == "" && pt.Value > s.best {
		s.best, s.rec.Sweep.Best, s.rec.Samples = pt.Value, len(s.rec.Sweep.Points)-1, rates
	}
}

// Finish sets the record's value to the best point, or fails it with
// why when no point was measured; what names the kernels for the clock's
// source. It reports whether a point was measured.
func (s *Sweeper) Finish(why, what string) bool {
	if s.best < 0 {
		s.rec.Status, s.rec.Reason = record.StatusFailed, why
		return false
	}
	s.rec.Value, s.rec.Summary = s.best, engine.Summarize(s.rec.Samples)
	if len(s.clocks) > 0 {
		s.rec.Provenance.Clock = &record.Clock{Hz: stats.Median(s.clocks), Source: "%clock64 over %globaltimer inside the " + what + " (median)"}
	}
	return true
}

// CheapestAt95 sets rec to the least cost among the points of subject's
// sweep (measured earlier in the job) whose rate is at least 95% of the
// sweep's best, with that record's provenance; rec is skipped when the
// sweep was not measured.
func (j *PTXJob) CheapestAt95(rec *record.Record, subject string, cost func(record.ParamPoint) float64) {
	src := j.done[subject]
	if src == nil || src.Sweep == nil || src.Status != record.StatusOK {
		rec.Status, rec.Reason = record.StatusSkipped, "the sweep it is read from was not measured"
		return
	}
	least := -1.0
	for _, p := range src.Sweep.Points {
		if p.Failed != "" || p.Value < 0.95*src.Value {
			continue
		}
		if c := cost(p); least < 0 || c < least {
			least = c
		}
	}
	rec.Value, rec.Provenance = max(least, 0), src.Provenance
}
