package memory

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sort"
	"strings"

	"github.com/gpuarch/gpuarch/backend/cudagpu"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/stats"
)

// ChasePath is one way a pointer chase reaches memory.
type ChasePath struct {
	// Name is the record's subject, e.g. "global ld.ca".
	Name string
	// Space is "global", "shared" or "const" (the constant cache, up to
	// cudagpu.ConstTableBytes); CacheOp the ld qualifier for global ("ca" caches
	// in L1, "cg" only in L2).
	Space, CacheOp string
	// MaxBytes caps the footprints chased on this path (0: no cap; shared
	// memory is always capped by what a block may use).
	MaxBytes int64
	// SharedBytes is dynamic shared memory each global chase's block
	// holds but does not use: it forces the L1/shared carve-out to leave
	// at least that much to shared memory, so the chase finds the L1 that
	// remains.
	SharedBytes int
	// Carveout is the L1/shared split the chase asks for (the zero value
	// leaves it to the driver).
	Carveout engine.Carveout
	// Stride is the bytes between consecutive elements (0: one element
	// per 32-byte sector). A stride of a page or more chases one load per
	// page: few enough lines to stay in the L2, so the latency shows the
	// address translation (TLB reach) alone.
	Stride int64
	// OneChainUpTo is the largest footprint one thread chases whole;
	// larger ones are split into one chain per SM (up to 64 chains), each
	// pass then taking 1/64 of the time. Only paths that do not depend on
	// one SM's own cache should split (ld.cg).
	OneChainUpTo int64
	// Warps, when set, has the chains of footprints above OneChainUpTo
	// followed by that many warps of one block instead of one block per
	// SM: every load then comes from one SM, so the curve shows where
	// data lies from that SM's point of view (a partitioned L2's near
	// and far halves), in 1/Warps of one chain's time.
	Warps int
}

// OctaveFootprints returns perOctave footprints per octave from lo to hi bytes,
// each a multiple of 256 bytes.
func OctaveFootprints(lo, hi int64, perOctave int) []int64 {
	var out []int64
	for k := 0; ; k++ {
		f := float64(lo) * math.Exp2(float64(k)/float64(perOctave))
		v := int64(f/256+0.5) * 256
		if v > hi {
			return out
		}
		if len(out) == 0 || v != out[len(out)-1] {
			out = append(out, v)
		}
	}
}

// ChaseJob measures latency against footprint on each path.
func ChaseJob(suite string, paths []ChasePath, footprints []int64) engine.Job {
	return &chaseJob{suite: suite, paths: paths, footprints: footprints}
}

type chaseJob struct {
	suite      string
	paths      []ChasePath
	footprints []int64
	c          *engine.Compiled
	// constAddr is the constant table's address once read (constKnown).
	constAddr  engine.Ptr
	constKnown bool
	// unsupported says, by path name, why a path is not chased here.
	unsupported map[string]string
}

const chaseStride = 32

func chaseKernel(p ChasePath) string {
	switch p.Space {
	case "shared":
		return "chase_shared"
	case "const":
		return "chase_const"
	}
	return "chase_" + p.CacheOp
}

func (j *chaseJob) Prepare(ctx context.Context, r *engine.Runner) {
	cg := r.GPU.Codegen()
	ks := []kernel.Spec{kernel.ChaseInitSpec{Name: "chase_init"}}
	seen := map[string]bool{}
	j.unsupported = map[string]string{}
	for _, p := range j.paths {
		name := chaseKernel(p)
		if why := j.unsupportedPath(r, p); why != "" {
			j.unsupported[p.Name] = why
			continue
		}
		if seen[name] {
			continue
		}
		k := kernel.ChaseSpec{Name: name, Space: p.Space, CacheOp: p.CacheOp}
		// A path the backend cannot write is skipped, not the module.
		if why := engine.Unsupported(cg, k); why != "" {
			j.unsupported[p.Name] = why
			continue
		}
		seen[name] = true
		ks = append(ks, k)
	}
	if seen["chase_const"] {
		ks = append(ks, kernel.ConstBaseSpec{Name: "const_table_addr"})
	}
	j.c = r.CompileKernels(ctx, "chase", ks)
}

// unsupportedPath says why a path cannot be chased on this backend, or "".
func (j *chaseJob) unsupportedPath(r *engine.Runner, p ChasePath) string {
	switch {
	case p.Carveout.Set && !engine.SetsCarveout(r.GPU):
		return fmt.Sprintf("the L1/shared carve-out preference is a CUDA function attribute; the %s backend cannot set it", r.GPU.Device().BackendOf())
	case p.SharedBytes > 0 && !r.GPU.Codegen().Language().SharedChase:
		return fmt.Sprintf("holding unused shared memory to move the carve-out needs dynamic shared memory in the global chase, which the %s backend's chase does not declare", r.GPU.Device().BackendOf())
	}
	return ""
}

func (j *chaseJob) Close() { j.c.Close() }

// chaseShape picks the elements, stride and chains for a footprint.
func chaseShape(f int64, p ChasePath, sms int) (elems, stride, chains int) {
	stride, chains = chaseStride, 1
	if p.Stride > 0 {
		stride = int(p.Stride)
	}
	if p.OneChainUpTo > 0 && f > p.OneChainUpTo {
		chains = min(64, sms)
		if p.Warps > 0 {
			chains = p.Warps
		}
		const maxElems = 1 << 22
		e := f / chaseStride
		if e > maxElems {
			stride = int(f/maxElems) &^ 7
		}
	}
	elems = int(f / int64(stride))
	elems -= elems % chains
	return elems, stride, chains
}

func (j *chaseJob) Measure(ctx context.Context, r *engine.Runner) ([]record.Record, error) {
	var recs []record.Record
	fail := func(st record.Status, why string) []record.Record {
		for _, p := range j.paths {
			recs = append(recs, record.Record{ID: record.MakeID(j.suite, GroupLatency, p.Name, ""), Suite: j.suite, Subject: p.Name,
				Quantity: record.Curve, Status: st, Reason: why})
		}
		return recs
	}
	if f := j.c.Failure; f != nil {
		return fail(f.Status, f.Reason), j.c.FatalErr
	}
	smemMax := r.GPU.Device().MaxSharedPerBlock()
	// One buffer for every global footprint: the largest that fits.
	var need int64
	for _, f := range j.footprints {
		need = max(need, f)
	}
	capped := r.Config.MaxFootprint > 0 && need > r.Config.MaxFootprint
	if capped {
		need = r.Config.MaxFootprint
	}
	var buf engine.Buffer
	for size := need; size >= min(need, 1<<20) && buf == nil; size /= 2 {
		if b, err := r.GPU.Alloc(int(size)); err == nil {
			buf, need = b, size
		} else if engine.Fatal(err) {
			return fail(record.StatusFailed, err.Error()), err
		}
	}
	if buf == nil {
		return fail(record.StatusFailed, "could not allocate even 1 MiB of device memory"), nil
	}
	defer buf.Free()
	out, err := r.GPU.Alloc(2 * kernel.ChaseSlots * 8)
	if err != nil {
		return fail(record.StatusFailed, err.Error()), engine.FatalOrNil(err)
	}
	defer out.Free()
	for _, p := range j.paths {
		prov := r.ProvenanceOf("chase", j.c.Hash)
		prov.CompileSeconds = j.c.Compile.Seconds()
		rec := record.Record{ID: record.MakeID(j.suite, GroupLatency, p.Name, ""), Suite: j.suite, Subject: p.Name, Op: "chase " + p.Name, Group: GroupLatency,
			Quantity: record.Curve, Unit: "cycles per load", Status: record.StatusOK, Provenance: prov,
			Curve: &record.CurveDetail{Path: p.Name}}
		if why, ok := j.unsupported[p.Name]; ok {
			rec.Status, rec.Reason, rec.Curve = record.StatusSkipped, why, nil
			recs = append(recs, rec)
			continue
		}
		for _, f := range j.footprints {
			if p.MaxBytes > 0 && f > p.MaxBytes {
				continue
			}
			if p.Space == "shared" && f > smemMax || p.Space == "const" && f > cudagpu.ConstTableBytes {
				continue
			}
			if p.Space == "global" && f > need {
				why := fmt.Sprintf("%d bytes: only %d bytes of device memory could be allocated", f, need)
				if capped && need == r.Config.MaxFootprint {
					why = fmt.Sprintf("%d bytes: above the run's largest footprint, %d bytes", f, need)
				}
				rec.Curve.Skipped = append(rec.Curve.Skipped, why)
				continue
			}
			pt, err := j.point(ctx, r, p, f, buf, out)
			if err != nil {
				rec.Status, rec.Reason = record.StatusFailed, err.Error()
				recs = append(recs, rec)
				return recs, engine.FatalOrNil(err)
			}
			rec.Curve.Points = append(rec.Curve.Points, pt)
		}
		if n := len(rec.Curve.Points); n > 0 {
			rec.Value = rec.Curve.Points[0].Value
		}
		if w := offClock(rec.Curve.Points, r.ReferenceHz()); w != "" {
			rec.Warnings = append(rec.Warnings, w)
		}
		// The clock that converts the curve to nanoseconds is read right
		// after its chases, while the GPU is still busy: read before, after
		// an idle gap (the module's compile), it was the idle clock (825,
		// 1110 and 765 MHz on an H100 and an H200 through Vulkan, where the
		// DRAM latency in cycles shows the chase ran at 1980 MHz).
		clk, err := r.Clock(ctx)
		if err != nil {
			rec.Status, rec.Reason = record.StatusFailed, err.Error()
			recs = append(recs, rec)
			return recs, engine.FatalOrNil(err)
		}
		rec.Provenance.Clock, rec.Curve.ClockHz = clk, clk.Hz
		recs = append(recs, rec)
	}
	return recs, nil
}

// point chases one footprint on one path.
func (j *chaseJob) point(ctx context.Context, r *engine.Runner, p ChasePath, f int64, buf, out engine.Buffer) (record.CurvePoint, error) {
	d := r.GPU.Device()
	elems, stride, chains := chaseShape(f, p, d.SMs)
	pt := record.CurvePoint{Bytes: f, Stride: stride, Elements: elems, Chains: chains}
	nbits := uint32(bits.Len32(uint32(elems - 1)))
	seed := uint32(0x5eed1234 ^ uint32(f))
	// At least minChase steps a pass, going round small chains several
	// times, so the clock reads' fixed cost vanishes in the per-step time.
	const minChase = 2048
	// A device that ends a kernel's loops after so many iterations in all
	// (lavapipe) gets two passes it runs whole, with room for the start's
	// scramble: part of a long chain, still one dependent load a step.
	steps := uint32(min(max(elems/chains, minChase), (r.MaxIterations()-64)/2))
	shape := []any{uint32(elems), nbits, uint32(stride), uint32(chains), seed}
	name := chaseKernel(p)
	guard := uint64(0xdead_0000_0000_0001)
	// The chain's start: global chains are read where they are built;
	// the constant chain is built in buf and copied to the constant
	// table.
	at := buf.Ptr()
	if p.Space != "shared" {
		if p.Space == "const" {
			var err error
			if at, err = j.constBase(ctx, r, out); err != nil {
				return pt, err
			}
		}
		init := append(append([]any{buf.Ptr()}, shape...), uint64(at))
		if err := j.c.Prog.Launch(ctx, "chase_init", engine.Grid{Blocks: (elems + 255) / 256, Threads: 256}, r.Config.LaunchTimeout, init...); err != nil {
			return pt, fmt.Errorf("building the chain for %d bytes: %w", f, err)
		}
		if p.Space == "const" {
			if err := j.c.Prog.FillSymbol(cudagpu.ConstTable, buf.Ptr(), elems*stride); err != nil {
				return pt, fmt.Errorf("copying the chain for %d bytes to the constant table: %w", f, err)
			}
		}
	}
	// timed runs the chase of steps steps a chain and returns each
	// chain's cycles per step and the clocks the chains measured.
	timed := func(steps uint32) (per, hz []float64, err error) {
		if err := out.Clear(); err != nil {
			return nil, nil, err
		}
		g := engine.Grid{Blocks: 1, Threads: 256, SharedBytes: int(f)}
		args := append(append([]any{}, shape...), steps, out.Ptr(), guard)
		if p.Space != "shared" {
			args = append([]any{at}, args...)
			g = engine.Grid{Blocks: chains, Threads: 1, SharedBytes: p.SharedBytes, Carveout: p.Carveout}
			if p.Warps > 0 && chains > 1 {
				g.Blocks, g.Threads = 1, chains*r.WarpSize()
			}
		}
		if err := j.c.Prog.Launch(ctx, name, g, r.Config.LaunchTimeout, args...); err != nil {
			return nil, nil, fmt.Errorf("%s, %d bytes: %w", p.Name, f, err)
		}
		b, err := out.Read()
		if err != nil {
			return nil, nil, err
		}
		ticksPerNs := r.GPU.Device().TimerTicksPerNs
		if ticksPerNs <= 0 {
			ticksPerNs = 1
		}
		for c := range chains {
			cyc := binary.LittleEndian.Uint64(b[8*c:])
			if cyc == 0 {
				return nil, nil, fmt.Errorf("%s, %d bytes: chain %d recorded no time", p.Name, f, c)
			}
			per = append(per, float64(cyc)/float64(steps))
			if ns := float64(binary.LittleEndian.Uint64(b[8*(kernel.ChaseSlots+c):])) / ticksPerNs; ns >= minClockSpanNs {
				hz = append(hz, float64(cyc)/ns*1e9)
			}
		}
		return per, hz, nil
	}
	per, hz, err := timed(steps)
	if err != nil {
		return pt, err
	}
	sort.Float64s(per)
	pt.Value, pt.Min, pt.Max = stats.Median(per), per[0], per[len(per)-1]
	if len(hz) > 0 {
		pt.ClockHz = stats.Median(hz)
	}
	if Sampled(p.Name, f) {
		// The quick check's points: more launches until the runner's
		// fewest samples, each a quarter of the pass (at least minChase
		// steps), a sample its chains' median; the value stays the whole
		// pass's.
		pt.Samples = []float64{pt.Value}
		for len(pt.Samples) < r.Config.Until.MinOrDefault() {
			per, _, err := timed(max(minChase, steps/4))
			if err != nil {
				return pt, err
			}
			pt.Samples = append(pt.Samples, stats.Median(per))
		}
	}
	return pt, nil
}

// QuickFootprints are the quick check's chase footprints: 16 KiB (in the
// L1), 8 MiB (in the L2) and 1 GiB (DRAM on every GPU gpuarch measures).
func QuickFootprints() []int64 { return []int64{16 << 10, 8 << 20, 1 << 30} }

// Sampled says whether the chase of path at footprint is one the quick
// check compares (the L1 and L2 paths at QuickFootprints), whose point
// gets samples of its own in every run, full or quick, so that the check
// tests it rather than setting one value beside one.
func Sampled(path string, footprint int64) bool {
	return (path == PathL1 || path == PathL2) && slices.Contains(QuickFootprints(), footprint)
}

// minClockSpanNs is the shortest timed chase whose cycles over
// nanoseconds give its clock: a nanosecond timer need not advance every
// nanosecond (the PTX ISA defines %globaltimer's unit, not how often it
// updates), and over 50 µs even a 1 µs tick errs by 2% at most.
const minClockSpanNs = 50_000

// offClock says which chase points ran at an SM clock more than
// record.OffClockShare from warm's, the clock after the run's warm-up; "" where
// none did or either clock is unknown. A latency in cycles of a level off
// the SM clock (the L2, DRAM) moves with the SM clock, so such points are
// not comparable with the others: NVIDIA's Vulkan driver lowers the clock
// of a GPU that only one SM keeps busy (a chase from one SM read the L2 at
// 210 cycles on an H100 there, 282 at 1980 MHz).
func offClock(pts []record.CurvePoint, warm float64) string {
	if warm <= 0 {
		return ""
	}
	var off []string
	lo, hi := math.Inf(1), 0.0
	for _, p := range pts {
		if record.OffClock(p.ClockHz, p.ClockHz, warm) {
			off = append(off, record.SizeString(float64(p.Bytes)))
			lo, hi = min(lo, p.ClockHz), max(hi, p.ClockHz)
		}
	}
	if len(off) == 0 {
		return ""
	}
	if len(off) > 6 {
		off = append(off[:3], fmt.Sprintf("… (%d in all) …", len(off)), off[len(off)-1])
	}
	return fmt.Sprintf("SM clock off the warm-up's %.0f MHz by more than %.0f%% at %s (%s MHz, measured in each chase): latencies in cycles of levels off the SM clock (the L2, DRAM) scale with it there",
		warm/1e6, 100*record.OffClockShare, strings.Join(off, ", "), record.MHzSpan(lo, hi))
}

// constBase returns the constant table's constant-space address, read on
// the GPU through out the first time.
func (j *chaseJob) constBase(ctx context.Context, r *engine.Runner, out engine.Buffer) (engine.Ptr, error) {
	if j.constKnown {
		return j.constAddr, nil
	}
	if err := j.c.Prog.Launch(ctx, "const_table_addr", engine.Grid{Blocks: 1, Threads: 1}, r.Config.LaunchTimeout, out.Ptr()); err != nil {
		return 0, fmt.Errorf("reading the constant table's address: %w", err)
	}
	b, err := out.Read()
	if err != nil {
		return 0, err
	}
	if err := out.Clear(); err != nil {
		return 0, err
	}
	j.constAddr, j.constKnown = engine.Ptr(binary.LittleEndian.Uint64(b)), true
	return j.constAddr, nil
}
