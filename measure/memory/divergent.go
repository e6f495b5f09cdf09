package memory

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/bits"
	"slices"

	"github.com/gpuarch/gpuarch/backend/cudagpu"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/ptx"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/stats"
)

// Divergent loads under load: every lane of every warp follows its own
// position along one random cycle of 128-byte lines, so each warp load
// touches 32 lines and each warp keeps one such load in flight. With W
// warps per SM the time per step is the loaded latency of a divergent
// warp load at W × 32 lines in flight per SM (Little's law: the lines
// delivered per clock are 32 W over it), the quantity a pointer-chasing or
// gather loop sees. A single-lane chase (the latency records) sees the
// mean latency of one line; a warp waits for the slowest of its 32, and
// the SM's miss handling and the level's delivery of lines bound what
// many warps reach. Measuring the curve directly is what the CPU loaded-
// latency tools do (Intel's Memory Latency Checker, loaded latency against
// injected traffic); here the traffic is the chase itself.

// DivergentLevel is one level the divergent chase runs in.
type DivergentLevel struct {
	// Name is the level ("L1", "L2", "DRAM"), the records' subject
	// begins with it.
	Name string
	// Footprint is the chain's size in bytes (a multiple of 128).
	Footprint int64
	// Note says where the footprint comes from.
	Note string
}

// DivergentWarps are the warps per SM the divergent chase runs at.
var DivergentWarps = []int{1, 2, 4, 8, 16, 32, 64}

// divergentSteps and divergentWarm are the timed and untimed steps each
// lane takes.
const divergentSteps, divergentWarm = 1024, 64

// DivergentJob measures the divergent chase in each level at every count
// of DivergentWarps: one latency record a level (cycles per warp load
// against warps per SM, the value at one warp) and one throughput record
// (lines per clock per SM, the value the most any count reached). The
// chase is PTX; other backends skip it.
func DivergentJob(suite string, levels []DivergentLevel) engine.Job {
	j := &cudagpu.PTXJob{Module: "divergent_chase", AnyCUDA: true}
	j.Kernels = func() []*ptx.Kernel {
		return []*ptx.Kernel{cudagpu.ChaseInitKernel("chase_init"), cudagpu.DivergentChaseKernel("divergent_chase")}
	}
	var need int64
	for _, lv := range levels {
		need = max(need, lv.Footprint)
	}
	for _, lv := range levels {
		subject := DivergentSubject(lv.Name)
		note := fmt.Sprintf("every lane chases its own position along one random cycle of 128-byte lines over %s (%s), with ld.global.ca (the default for global loads); one block of up to 32 warps per SM and more blocks beyond; %d timed steps after %d untimed ones; each point is the mean over all warps of their cycles per step",
			cudagpu.SizeName(lv.Footprint), lv.Note, divergentSteps, divergentWarm)
		lat := record.Record{ID: DivergentID(lv.Name, record.Latency), Suite: suite, Subject: subject, Group: GroupDivergent,
			Quantity: record.Latency, Unit: "cycles per warp load",
			Note: note + "; the value is one warp's (the slowest of 32 lines, unloaded)"}
		j.Items = append(j.Items, cudagpu.Item{Rec: lat, Run: func(ctx context.Context, r *engine.Runner, c *engine.Compiled, rec *record.Record) error {
			return divergentChase(ctx, r, c, lv, need, rec)
		}})
		thr := record.Record{ID: DivergentID(lv.Name, record.Throughput), Suite: suite, Subject: subject, Group: GroupDivergent,
			Quantity: record.Throughput, Unit: "lines/clock/SM",
			Note: note + "; lines delivered per clock per SM at each count of warps (32 × warps ÷ cycles per step), the value the most any count reached"}
		j.Items = append(j.Items, cudagpu.Item{Rec: thr, Run: func(ctx context.Context, r *engine.Runner, c *engine.Compiled, rec *record.Record) error {
			return divergentRate(j.Done(subject), rec)
		}})
	}
	return j
}

// divergentChase fills rec's sweep: the chain of lv's footprint built in a
// buffer of need bytes (the largest level's, so each level reuses it),
// then each count of warps launched twice, the second launch kept.
func divergentChase(ctx context.Context, r *engine.Runner, c *engine.Compiled, lv DivergentLevel, need int64, rec *record.Record) error {
	d := r.GPU.Device()
	if d.SMs <= 0 {
		return fmt.Errorf("divergent chase: the device reports no SM count")
	}
	maxWarps := slices.Max(DivergentWarps)
	bufs, free, err := engine.AllocBuffers(r.GPU, int(need), 8*maxWarps*d.SMs)
	if err != nil {
		return fmt.Errorf("divergent chase, %s: %w", lv.Name, err)
	}
	defer free()
	buf, out := bufs[0], bufs[1]
	elems := int(lv.Footprint / cudagpu.DivergentLine)
	nbits := uint32(bits.Len32(uint32(elems - 1)))
	seed := uint32(0x5eed_d17e ^ uint32(lv.Footprint))
	init := []any{buf.Ptr(), uint32(elems), nbits, uint32(cudagpu.DivergentLine), uint32(1), seed, uint64(buf.Ptr())}
	if err := c.Prog.Launch(ctx, "chase_init", engine.Grid{Blocks: (elems + 255) / 256, Threads: 256}, r.OwnTimeout(), init...); err != nil {
		return fmt.Errorf("divergent chase, building the %s chain: %w", lv.Name, err)
	}
	rec.Sweep = &record.SweepDetail{X: "warps per SM", Y: "cycles per warp load"}
	ch := divergentChain{buf: buf, elems: elems, nbits: nbits, seed: seed}
	for i, w := range DivergentWarps {
		pt := record.ParamPoint{X: float64(w)}
		per, err := ch.point(ctx, r, c, out, w, i == 0)
		if err != nil {
			if engine.Fatal(err) {
				return err
			}
			pt.Failed = err.Error()
		} else {
			pt.Value, pt.Min, pt.Max = stats.Mean(per), slices.Min(per), slices.Max(per)
		}
		rec.Sweep.Points = append(rec.Sweep.Points, pt)
	}
	if p := rec.Sweep.Points[0]; p.Failed == "" {
		rec.Value, rec.Samples = p.Value, []float64{p.Value}
	} else {
		rec.Status, rec.Reason = record.StatusFailed, "one warp: "+p.Failed
	}
	clk, err := r.Clock(ctx)
	if err != nil {
		return err
	}
	rec.Provenance.Clock = clk
	cudagpu.Verified(rec, c.Verifier().Clocked("divergent_chase", []string{"LDG"}, 1))
	return nil
}

// divergentChain is a chain chase_init built: elems lines in buf, in the
// order the scramble of nbits bits and seed gives.
type divergentChain struct {
	buf         engine.Buffer
	elems       int
	nbits, seed uint32
}

// point runs w warps per SM and returns each warp's cycles per step,
// from out; first marks a level's first point.
func (ch divergentChain) point(ctx context.Context, r *engine.Runner, c *engine.Compiled, out engine.Buffer, w int, first bool) ([]float64, error) {
	sms := r.GPU.Device().SMs
	blocks, threads := sms*((w+31)/32), 32*min(w, 32)
	if w > 32 && w%32 != 0 {
		return nil, fmt.Errorf("%d warps per SM: not a whole number of 32-warp blocks", w)
	}
	spacing := max(1, ch.elems/(blocks*threads))
	guard := uint64(0xdead_0000_0000_0001)
	g := engine.Grid{Blocks: blocks, Threads: threads}
	// The first launch chases the stretch after each thread's timed one:
	// it warms clocks and translations without leaving the timed
	// launch's lines in the caches (a DRAM chase that repeated its lines
	// found some in the L2). Where the stretches cover the cycle, the
	// lines come back only after the whole footprint has been read.
	stretch := divergentWarm + divergentSteps
	shifts := []int{stretch, 0}
	if first {
		// The first point of a level warms the level with one more
		// launch, two stretches on: lines a partitioned L2 had yet to
		// copy near each SM were slower.
		shifts = append([]int{2 * stretch}, shifts...)
	}
	for _, shift := range shifts {
		if err := out.Clear(); err != nil {
			return nil, err
		}
		args := []any{ch.buf.Ptr(), uint32(ch.elems), ch.nbits, ch.seed, uint32(spacing), uint32(shift), uint32(divergentWarm), uint32(divergentSteps), out.Ptr(), guard}
		if err := c.Prog.Launch(ctx, "divergent_chase", g, r.OwnTimeout(), args...); err != nil {
			return nil, fmt.Errorf("%d warps per SM: %w", w, err)
		}
	}
	b, err := out.Read()
	if err != nil {
		return nil, err
	}
	warps := blocks * threads / 32
	per := make([]float64, 0, warps)
	for i := range warps {
		cyc := binary.LittleEndian.Uint64(b[8*i:])
		if cyc == 0 {
			return nil, fmt.Errorf("%d warps per SM: warp %d recorded no time", w, i)
		}
		per = append(per, float64(cyc)/divergentSteps)
	}
	return per, nil
}

// divergentRate derives the throughput record from the latency record
// lat (nil or failed: rec fails too): 32 × warps ÷ cycles per step at
// each point, the best as the value.
func divergentRate(lat *record.Record, rec *record.Record) error {
	if lat == nil || lat.Sweep == nil || lat.Status == record.StatusFailed {
		rec.Status, rec.Reason = record.StatusFailed, "the latency sweep it is derived from failed"
		return nil
	}
	rec.Sweep = &record.SweepDetail{X: lat.Sweep.X}
	rec.Provenance, rec.Code = lat.Provenance, lat.Code
	rec.Status, rec.Reason = lat.Status, lat.Reason
	best := -1.0
	for _, p := range lat.Sweep.Points {
		q := record.ParamPoint{X: p.X, Failed: p.Failed}
		if p.Failed == "" && p.Value > 0 {
			q.Value, q.Min, q.Max = 32*p.X/p.Value, 32*p.X/p.Max, 32*p.X/p.Min
			if q.Value > best {
				best, rec.Sweep.Best = q.Value, len(rec.Sweep.Points)
			}
		}
		rec.Sweep.Points = append(rec.Sweep.Points, q)
	}
	if best < 0 {
		rec.Status, rec.Reason = record.StatusFailed, "no point of the latency sweep was measured"
		return nil
	}
	rec.Value, rec.Samples = best, []float64{best}
	return nil
}
