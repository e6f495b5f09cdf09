package memory

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/gpuarch/gpuarch/backend/cudagpu"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/ptx"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/stats"
)

// Scattered writes, the write side of the divergent loads: every lane of
// every warp on every SM writes its own 32-bit word at a hashed index, so
// (but for rare collisions) each lane's write is a line of its own, with a
// plain store or a reduction (an atomic add whose old value is unused). A
// warp issues its 32 lines and goes on without waiting for them, so even
// one warp per SM is bound by how fast the SM and the level take lines in:
// on an H100 at 1980 MHz, issue 33's probe (scripts/analyze/probes, kernel
// scatter) found reductions into 1 MiB at 70 cycles per warp iteration at
// one warp per SM, 336 at 4 and 2820 at 32 (0.46, 0.38 and 0.36 lines per
// clock), stores at 102, 469 and 3876, and into 1 GiB both at about 400,
// 2140 and 17600. The lines taken in per clock per SM is the figure, at 1,
// 4 and 32 warps per SM.

// ScatterWarps are the warps per SM the scattered writes run at, one
// block of 32 × warps threads per SM; the records' value is the last's.
var ScatterWarps = []int{1, 4, 32}

// ScatterInstrs are the writes the scattered-writes job times.
var ScatterInstrs = []string{ScatterStore, ScatterAddU32, ScatterAddF32, ScatterAtomAddU32}

// scatterIters are each warp's timed iterations: at 32 warps per SM about
// 0.2 ms a launch at the L2 and 1.1 ms at DRAM on an H100 (2820 and 17550
// cycles an iteration at 1980 MHz).
const scatterIters = 128

// scatterKernel is the kernel that times instr ("scatter_red_global_add_u32").
func scatterKernel(instr string) string {
	return "scatter_" + strings.ReplaceAll(instr, ".", "_")
}

// ScatterJob measures the scattered writes of every ScatterInstrs in each
// level (the footprint the lanes' words are spread over) at each count of
// ScatterWarps: one throughput record a level and instruction, in lines
// per clock per SM, whose sweep holds every count and whose value is the
// most warps' (the median of its launches, each a sample). The kernels
// are PTX; other backends skip the job.
func ScatterJob(suite string, levels []DivergentLevel) engine.Job {
	j := &cudagpu.PTXJob{Module: "scatter", AnyCUDA: true}
	j.Kernels = func() []*ptx.Kernel {
		var ks []*ptx.Kernel
		for _, instr := range ScatterInstrs {
			ks = append(ks, cudagpu.ScatterKernel(scatterKernel(instr), instr))
		}
		return ks
	}
	// launches counts the job's launches: each takes the next seed, so
	// that no launch writes the words another wrote.
	var launches uint32
	for _, lv := range levels {
		for _, instr := range ScatterInstrs {
			what := "stores with " + instr
			switch {
			case strings.HasPrefix(instr, "red."):
				what = "adds 1 with " + instr + " (a reduction: the old value unused)"
			case strings.HasPrefix(instr, "atom."):
				what = "adds 1 with " + instr + " (an atomic: the old value returned and added into the hash, so the lane's next address waits for it, and one warp per SM runs at the returning atomic's latency plus the hash's four dependent integer operations)"
			}
			note := fmt.Sprintf("every lane of every warp %s to its own 32-bit word at a hashed index over %s (%s), so almost every lane's write is a line of its own; the hash (a linear congruential generator per lane, seeded from the global thread index) is seeded anew for every launch, so that no launch writes the lines an earlier one left in the L2; one block of 32 × warps threads per SM (as many blocks as SMs) at %s warps per SM; each warp times its own %d iterations with %%clock64; a launch's figure is 32 × warps ÷ the mean over warps of cycles per iteration",
				what, cudagpu.SizeName(lv.Footprint), lv.Note, countList(ScatterWarps), scatterIters)
			rec := record.Record{ID: ScatterID(lv.Name, instr), Suite: suite, Subject: ScatterSubject(lv.Name, instr), Group: GroupScatter,
				Quantity: record.Throughput, Unit: "lines/clock/SM", Note: note}
			j.Items = append(j.Items, cudagpu.Item{Rec: rec, Run: func(ctx context.Context, r *engine.Runner, c *engine.Compiled, rec *record.Record) error {
				return scatter(ctx, r, c, lv, instr, &launches, rec)
			}})
		}
	}
	return j
}

// countList writes counts as "1, 4 and 32".
func countList(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = fmt.Sprint(n)
	}
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// scatter fills rec: instr's writes over lv's footprint at each count of
// ScatterWarps, each count launched once untimed (clocks, translations,
// the level's lines) and then the fewest samples a figure gets (stats.Until's
// Min) times, each launch with a seed of its own (launches counts them).
func scatter(ctx context.Context, r *engine.Runner, c *engine.Compiled, lv DivergentLevel, instr string, launches *uint32, rec *record.Record) error {
	d := r.GPU.Device()
	if d.SMs <= 0 {
		return fmt.Errorf("scattered writes: the device reports no SM count")
	}
	words := lv.Footprint / 4
	if words <= 0 || words > math.MaxUint32 {
		return fmt.Errorf("scattered writes, %s: a footprint of %d bytes is not between 4 bytes and 16 GiB", lv.Name, lv.Footprint)
	}
	maxWarps := slices.Max(ScatterWarps)
	bufs, free, err := engine.AllocBuffers(r.GPU, int(lv.Footprint), 8*maxWarps*d.SMs)
	if err != nil {
		return fmt.Errorf("scattered writes, %s: %w", lv.Name, err)
	}
	defer free()
	buf, out := bufs[0], bufs[1]
	n := r.Config.Until.MinOrDefault()
	kernel := scatterKernel(instr)
	return warpSweep(ctx, r, c, rec, ScatterWarps, n, kernel, cudagpu.ScatterExpect(instr), func(w int) ([]float64, error) {
		return scatterPoint(ctx, r, c, kernel, buf, out, uint32(words), w, n, launches)
	})
}

// warpSweep fills rec with a sweep over warps per SM in lines/clock/SM:
// each count's launches (point) as a point (their median, min and max,
// or why they failed), the most warps' launches as its samples and value
// (the record failed where they did), the SM clock read after the sweep,
// and the machine-code check of kernel for expect. n is the timed
// launches a count.
func warpSweep(ctx context.Context, r *engine.Runner, c *engine.Compiled, rec *record.Record, warps []int, n int, kernel string, expect []string, point func(w int) ([]float64, error)) error {
	maxWarps := slices.Max(warps)
	rec.Note += fmt.Sprintf("; each count launched once untimed, then %d times timed: a point is their median (min, max), the value %d warps' median", n, maxWarps)
	rec.Sweep = &record.SweepDetail{X: "warps per SM", Y: "lines/clock/SM"}
	var samples []float64
	why := "not measured"
	for i, w := range warps {
		pt := record.ParamPoint{X: float64(w)}
		rates, err := point(w)
		if err != nil {
			if engine.Fatal(err) {
				return err
			}
			pt.Failed = err.Error()
		} else {
			pt.Value, pt.Min, pt.Max = stats.Median(rates), slices.Min(rates), slices.Max(rates)
		}
		rec.Sweep.Points = append(rec.Sweep.Points, pt)
		if w == maxWarps {
			rec.Sweep.Best, samples, why = i, rates, pt.Failed
		}
	}
	if samples == nil {
		rec.Status, rec.Reason = record.StatusFailed, fmt.Sprintf("%d warps per SM: %s", maxWarps, why)
	} else {
		engine.SetSamples(rec, samples)
	}
	clk, err := r.Clock(ctx)
	if err != nil {
		return err
	}
	rec.Provenance.Clock = clk
	cudagpu.Verified(rec, c.Verifier().Clocked(kernel, expect, 1))
	return nil
}

// scatterPoint launches kernel at w warps per SM (one block of 32 × w
// threads per SM) once untimed, then n times timed, and returns the timed
// launches' lines per clock per SM; each launch takes the next seed
// (launches counts the job's launches).
func scatterPoint(ctx context.Context, r *engine.Runner, c *engine.Compiled, kernel string, buf, out engine.Buffer, words uint32, w, n int, launches *uint32) ([]float64, error) {
	return warpLineRates(ctx, r, c, kernel, out, w, n, scatterIters, 32, func() []any {
		*launches++
		// The golden ratio's 32 bits, odd: every launch's seed differs.
		seed := *launches * 0x9e3779b9
		return []any{buf.Ptr(), words, seed, uint32(scatterIters), out.Ptr()}
	})
}

// warpLineRates launches kernel at w warps per SM (one block of 32 × w
// threads per SM) once untimed, then n times timed, each with the
// arguments args gives (out, where every warp leaves its cycles, among
// them), and returns the timed launches' lines per clock per SM: lines a
// warp iteration × w over the mean over warps of cycles per iteration
// (iters a warp).
func warpLineRates(ctx context.Context, r *engine.Runner, c *engine.Compiled, kernel string, out engine.Buffer, w, n, iters int, lines float64, args func() []any) ([]float64, error) {
	sms := r.GPU.Device().SMs
	g := engine.Grid{Blocks: sms, Threads: 32 * w}
	var rates []float64
	for l := range 1 + n {
		if err := out.Clear(); err != nil {
			return nil, err
		}
		if err := c.Prog.Launch(ctx, kernel, g, r.OwnTimeout(), args()...); err != nil {
			return nil, fmt.Errorf("%d warps per SM: %w", w, err)
		}
		if l == 0 {
			continue
		}
		b, err := out.Read()
		if err != nil {
			return nil, err
		}
		rate, err := lineRate(b, sms*w, w, iters, lines)
		if err != nil {
			return nil, fmt.Errorf("%d warps per SM: %w", w, err)
		}
		rates = append(rates, rate)
	}
	return rates, nil
}

// lineRate is one launch's lines per clock per SM from its warps' cycles
// (b, 8 bytes a warp, iters iterations each): lines a warp iteration × w
// warps per SM over the mean over warps of cycles per iteration.
func lineRate(b []byte, warps, w, iters int, lines float64) (float64, error) {
	cyc, err := meanWarpCycles(b, warps, iters)
	if err != nil {
		return 0, err
	}
	return lines * float64(w) / cyc, nil
}

// meanWarpCycles is one launch's mean over its warps (b, 8 bytes each, as
// cudagpu's storeWarpCycles leaves them) of cycles per iteration.
func meanWarpCycles(b []byte, warps, iters int) (float64, error) {
	if len(b) < 8*warps || iters <= 0 {
		return 0, fmt.Errorf("%d bytes of warp cycles, %d warps", len(b), warps)
	}
	sum := 0.0
	for i := range warps {
		cyc := binary.LittleEndian.Uint64(b[8*i:])
		if cyc == 0 {
			return 0, fmt.Errorf("warp %d recorded no time", i)
		}
		sum += float64(cyc) / float64(iters)
	}
	return sum / float64(warps), nil
}
