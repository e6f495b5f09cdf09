package memory

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"slices"

	"github.com/gpuarch/gpuarch/backend/cudagpu"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/ptx"
	"github.com/gpuarch/gpuarch/record"
)

// Loads waited on together: one warp per SM, on every SM, streams
// coalesced loads from several buffers at once and waits for all of them
// before its next iteration, as a rolled stream loop does (y = a·x + y
// loads x and y, then waits). A chase times one line at a time; a warp
// that waits on several requests waits for the slowest, and the slowest
// of several DRAM requests is well beyond their mean: on an H100 at 1980
// MHz issue 33's corpora found one-warp streams of two loads 120 to 150
// cycles slower an iteration than those of one, and at the L2 a store
// back to the line just read (an update in place) about 80 cycles slower
// than a store elsewhere. These records measure both: an iteration's
// cycles with 1, 2, 4 and 8 loads of 4, 8 and 16 bytes a lane, and with
// one load whose value is stored to another line or back to its own.

// WaitsLoads and WaitsWidths are the loads an iteration waits on and
// their widths in bytes a lane; WaitsStoreWidths the widths of the
// store variants (one load, its value stored).
var (
	WaitsLoads       = []int{1, 2, 4, 8}
	WaitsWidths      = []int{4, 8, 16}
	WaitsStoreWidths = []int{4, 16}
)

// waitsIters are each warp's timed iterations in a level. At the L2 the
// grid reads on through its regions without coming back to a line within
// a launch: lines that other SMs read a few thousand cycles before come
// back faster on an H100 (a first version, whose 1 MiB regions the grid
// went round every 16 iterations, read 16-byte lanes in 212 cycles
// against 306 for 4-byte ones, and the corpora's streams, which come
// back to a line some 80 000 cycles later, see no such thing); every
// launch reads the same lines, which the untimed first leaves in the L2.
// At DRAM each launch starts where the last ended, in 128 MiB regions,
// so that none finds its lines in the L2.
// In the L1 every launch reads the same few lines, which stay there.
var waitsIters = map[string]int{LevelL1: 256, LevelL2: 32, LevelDRAM: 256}

// waitsVariant is one kernel of the job and the lanes that load.
type waitsVariant struct {
	loads, width int
	store        string // WaitsNoStore, WaitsStoreOther, WaitsStoreSame, WaitsOneLane
}

// lanes is how many of a warp's lanes load: one for WaitsOneLane, which
// launches the one load of 4 bytes' kernel with the other 31 lanes'
// loads predicated off.
func (v waitsVariant) lanes() uint32 {
	if v.store == WaitsOneLane {
		return 1
	}
	return 32
}

// measuredIn reports whether level measures v: every variant at the L2
// and DRAM; in the L1 the loads and the one lane but no stores, since
// every SM's stores would land on the same few lines of the level's
// small regions (the grid's threads wrap round them), a contention
// between SMs for the L2's lines that a warp's own stream of stores does
// not meet.
func (v waitsVariant) measuredIn(level string) bool {
	return level != LevelL1 || v.store == WaitsNoStore || v.store == WaitsOneLane
}

func (v waitsVariant) kernel() string {
	name := fmt.Sprintf("waits_%d_x%d", v.loads, v.width)
	switch v.store {
	case WaitsStoreOther:
		name += "_copy"
	case WaitsStoreSame:
		name += "_inplace"
	}
	return name
}

func (v waitsVariant) cudaStore() string {
	return map[string]string{WaitsStoreOther: cudagpu.WaitsStoreOther, WaitsStoreSame: cudagpu.WaitsStoreSame}[v.store]
}

func waitsVariants() []waitsVariant {
	var vs []waitsVariant
	for _, n := range WaitsLoads {
		for _, w := range WaitsWidths {
			vs = append(vs, waitsVariant{loads: n, width: w})
		}
	}
	for _, s := range []string{WaitsStoreOther, WaitsStoreSame} {
		for _, w := range WaitsStoreWidths {
			vs = append(vs, waitsVariant{loads: 1, width: w, store: s})
		}
	}
	return append(vs, waitsVariant{loads: 1, width: 4, store: WaitsOneLane})
}

// WaitsJobs plans the loads waited on together (WaitsJob) in the divergent
// chase's L1, L2 and DRAM footprints, sized from l1 and l2 (bytes; 0 when
// not detected) like DivergentJobs. It is written in PTX: the Vulkan
// backend skips it.
func WaitsJobs(dev record.Device, l1, l2 int64) []engine.Planned {
	return []engine.Planned{{Key: Key(GroupWaits, ""), Job: WaitsJob(Suite, divergentLevels(dev, l1, l2))}}
}

// WaitsJob measures every variant of the loads waited on together in each
// level: one latency record each, in cycles per iteration of one warp per
// SM, the median over launches of the mean over warps.
func WaitsJob(suite string, levels []DivergentLevel) engine.Job {
	j := &cudagpu.PTXJob{Module: "waits", AnyCUDA: true}
	variants := waitsVariants()
	j.Kernels = func() []*ptx.Kernel {
		var ks []*ptx.Kernel
		for _, v := range variants {
			if v.store == WaitsOneLane {
				continue // the one load of 4 bytes' kernel, with one lane
			}
			// The variants are fixed and valid: WaitsKernel cannot fail.
			if k, err := cudagpu.WaitsKernel(v.kernel(), v.loads, v.width, v.cudaStore()); err == nil {
				ks = append(ks, k)
			}
		}
		return ks
	}
	var launches uint32
	for _, lv := range levels {
		for _, v := range variants {
			if !v.measuredIn(lv.Name) {
				continue
			}
			what, lanes := "keeps the values", "every lane loads"
			switch v.store {
			case WaitsOneLane:
				lanes = "only lane 0 of each warp loads (the machine code of 32 lanes' load of 4 bytes, the other lanes' loads predicated off)"
			case WaitsStoreOther:
				what = "stores the first load's value to the same index of another region (a copy)"
			case WaitsStoreSame:
				what = "stores the first load's value back where it was read (an update in place)"
			}
			where := lv.Note + ", each launch reading lines the ones before did not"
			switch lv.Name {
			case LevelL2:
				where = "each region read through once a launch, no line twice, the untimed first launch leaving the lines in the L2"
			case LevelL1:
				where = lv.Note + ", regions of a few lines that every launch reads again, the untimed first leaving them in the L1"
			}
			rec := record.Record{ID: WaitsID(lv.Name, v.loads, v.width, v.store), Suite: suite,
				Subject: WaitsSubject(lv.Name, v.loads, v.width, v.store), Group: GroupWaits,
				Quantity: record.Latency, Unit: "cycles per iteration",
				Note: fmt.Sprintf("one warp per SM on every SM; each iteration %s %d bytes from each of %d regions of a buffer in the %s (%s) at one index, the grid's threads at consecutive indices (coalesced), xors the words into one and %s; the next index adds the grid's threads and the xor of the words (zeros), so the next loads wait for all of these; each warp times its own %d iterations with %%clock64, and a launch's figure is the mean over warps of cycles per iteration",
					lanes, v.width, v.loads, lv.Name, where, what, waitsIters[lv.Name])}
			j.Items = append(j.Items, cudagpu.Item{Rec: rec, Run: func(ctx context.Context, r *engine.Runner, c *engine.Compiled, rec *record.Record) error {
				return waits(ctx, r, c, lv, v, &launches, rec)
			}})
		}
	}
	return j
}

// waitsRegion is the bytes between the regions of a level's buffer and
// the mask of a region's indices at width bytes a lane: at the L2 what
// the grid's iterations read at the widest loads (no index wraps, the
// mask all ones), elsewhere the largest power of two that lets the most
// loads' regions and the copy's fit the level's footprint.
func waitsRegion(lv DivergentLevel, sms, width int) (region int64, mask uint32) {
	if lv.Name == LevelL2 {
		r := int64(waitsIters[lv.Name]) * int64(32*sms) * int64(slices.Max(WaitsWidths))
		return (r + 255) / 256 * 256, math.MaxUint32
	}
	n := lv.Footprint / int64(slices.Max(WaitsLoads)+1)
	if n < 128 {
		return 0, 0
	}
	region = 1 << (bits.Len64(uint64(n)) - 1)
	return region, uint32(region/int64(width) - 1)
}

// waits fills rec: variant v in level lv, launched once untimed and then
// the fewest samples a figure gets (stats.Until's Min) times. In the L2
// every launch reads the same lines (the untimed one leaves them there);
// at DRAM each starts where the last ended, so that none finds its lines
// in the L2.
func waits(ctx context.Context, r *engine.Runner, c *engine.Compiled, lv DivergentLevel, v waitsVariant, launches *uint32, rec *record.Record) error {
	sms := r.GPU.Device().SMs
	if sms <= 0 {
		return fmt.Errorf("loads waited on together: the device reports no SM count")
	}
	region, mask := waitsRegion(lv, sms, v.width)
	if region <= 0 || region > 1<<31 {
		return fmt.Errorf("loads waited on together, %s: a footprint of %d bytes gives no region between 128 bytes and 2 GiB", lv.Name, lv.Footprint)
	}
	bufs, free, err := engine.AllocBuffers(r.GPU, int(region)*(slices.Max(WaitsLoads)+1), 8*sms)
	if err != nil {
		return fmt.Errorf("loads waited on together, %s: %w", lv.Name, err)
	}
	defer free()
	buf, out := bufs[0], bufs[1]
	iters := waitsIters[lv.Name]
	grid := uint32(32 * sms)
	n := r.Config.Until.MinOrDefault()
	rec.Note += fmt.Sprintf("; regions %s apart; launched once untimed, then %d times timed (the value their median)", cudagpu.SizeName(region), n)
	kernel := v.kernel()
	var samples []float64
	for l := range 1 + n {
		start := uint32(0)
		if lv.Name == LevelDRAM {
			*launches++
			start = *launches * uint32(iters) * grid
		}
		if err := out.Clear(); err != nil {
			return err
		}
		if err := c.Prog.Launch(ctx, kernel, engine.Grid{Blocks: sms, Threads: 32}, r.OwnTimeout(),
			buf.Ptr(), uint32(region), mask, start, uint32(iters), out.Ptr(), uint32(0xdeadbeef), v.lanes()); err != nil {
			if engine.Fatal(err) {
				return err
			}
			rec.Status, rec.Reason = record.StatusFailed, err.Error()
			return nil
		}
		if l == 0 {
			continue
		}
		b, err := out.Read()
		if err != nil {
			return err
		}
		cyc, err := meanWarpCycles(b, sms, iters)
		if err != nil {
			rec.Status, rec.Reason = record.StatusFailed, err.Error()
			return nil
		}
		samples = append(samples, cyc)
	}
	engine.SetSamples(rec, samples)
	clk, err := r.Clock(ctx)
	if err != nil {
		return err
	}
	rec.Provenance.Clock = clk
	cudagpu.Verified(rec, c.Verifier().Clocked(kernel, []string{"LDG"}, v.loads))
	return nil
}
