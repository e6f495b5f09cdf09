package memory

import (
	"context"
	"fmt"
	"math/bits"
	"slices"

	"github.com/gpuarch/gpuarch/backend/cudagpu"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/ptx"
	"github.com/gpuarch/gpuarch/record"
)

// Streams at warps: the loads waited on together's one-load stream and
// copy (the load's value stored to another region) at 1 to 32 warps per
// SM, in the L2 and the DRAM. The level's read and write records are
// each one direction at its widest; a loop that reads and writes its
// stream shares the level between them, and at 16 to 32 warps issue 33's
// corpora found such loops 15 to 25% slower than the read and write
// records' sum at the DRAM with 4- and 8-byte lanes, and 15 to 38% faster
// at the L2. These records time that mix, and the reads alone beside it,
// at each count of warps and lane width, so that the rate a loop's
// warps get at the level is measured at their concurrency, not assumed.

// StreamWarps are the warps per SM the streams run at, one block of 32 ×
// warps threads per SM; StreamWidths the lanes' widths in bytes; and
// StreamStores the variants: the reads alone and the copy.
var (
	StreamWarps  = []int{1, 2, 4, 8, 16, 32}
	StreamWidths = []int{4, 8, 16}
	StreamStores = []string{WaitsNoStore, WaitsStoreOther}
)

// streamIters are each warp's timed iterations in a level: at 32 warps
// per SM of 16-byte lanes about 0.1 ms (L2) and 0.4 ms (DRAM) a launch on
// an H100.
var streamIters = map[string]int{LevelL2: 128, LevelDRAM: 256}

// StreamWarpsJobs plans the streams at warps (StreamWarpsJob) in the
// divergent chase's L2 and DRAM footprints, sized from l2 (bytes; 0 when
// not detected) like DivergentJobs. It is written in PTX: the Vulkan
// backend skips it.
func StreamWarpsJobs(dev record.Device, l2 int64) []engine.Planned {
	return []engine.Planned{{Key: Key(GroupStreamWarps, ""), Job: StreamWarpsJob(Suite, scatterLevels(dev, l2))}}
}

// StreamWarpsJob measures each variant, width and level of the streams at
// warps: one throughput record each, in lines per clock per SM (read and
// written), whose sweep holds every count of StreamWarps and whose value
// is the most warps' (the median of its launches, each a sample).
func StreamWarpsJob(suite string, levels []DivergentLevel) engine.Job {
	j := &cudagpu.PTXJob{Module: "streamwarps", AnyCUDA: true}
	j.Kernels = func() []*ptx.Kernel {
		var ks []*ptx.Kernel
		for _, st := range StreamStores {
			for _, w := range StreamWidths {
				// The variants are fixed and valid: WaitsKernel cannot fail.
				v := waitsVariant{loads: 1, width: w, store: st}
				if k, err := cudagpu.WaitsKernel(v.kernel(), 1, w, v.cudaStore()); err == nil {
					ks = append(ks, k)
				}
			}
		}
		return ks
	}
	var launches uint32
	for _, lv := range levels {
		iters, ok := streamIters[lv.Name]
		if !ok {
			continue
		}
		for _, st := range StreamStores {
			for _, w := range StreamWidths {
				v := waitsVariant{loads: 1, width: w, store: st}
				what := "keeps the value"
				if st == WaitsStoreOther {
					what = "stores it to the same index of a second region (a copy)"
				}
				where := "the region's lines wrap round it, every launch reading them again (the untimed first leaves them in the L2)"
				if lv.Name == LevelDRAM {
					where = "each launch starting where the last ended, so that none finds its lines in the L2"
				}
				rec := record.Record{ID: StreamWarpsID(lv.Name, w, st), Suite: suite,
					Subject: StreamWarpsSubject(lv.Name, w, st), Group: GroupStreamWarps,
					Quantity: record.Throughput, Unit: "lines/clock/SM",
					Note: fmt.Sprintf("one block of 32 × warps threads per SM (as many blocks as SMs) at %s warps per SM; each iteration every lane loads %d bytes from a region of the %s (half of %s, a power of two; %s) at its global thread index + iteration × the grid's threads, the indices wrapping round the region, and %s; the next index waits for the loaded word; each warp times its own %d iterations with %%clock64; a launch's figure is the lines read and written a warp iteration × warps ÷ the mean over warps of cycles per iteration",
						countList(StreamWarps), w, lv.Name, lv.Note, where, what, iters)}
				j.Items = append(j.Items, cudagpu.Item{Rec: rec, Run: func(ctx context.Context, r *engine.Runner, c *engine.Compiled, rec *record.Record) error {
					return streamWarps(ctx, r, c, lv, v, &launches, rec)
				}})
			}
		}
	}
	return j
}

// streamWarps fills rec: variant v in level lv at each count of
// StreamWarps, each count launched once untimed and then the fewest
// samples a figure gets (stats.Until's Min) times. At the DRAM each launch
// starts where the last ended (launches counts them).
func streamWarps(ctx context.Context, r *engine.Runner, c *engine.Compiled, lv DivergentLevel, v waitsVariant, launches *uint32, rec *record.Record) error {
	d := r.GPU.Device()
	if d.SMs <= 0 {
		return fmt.Errorf("streams at warps: the device reports no SM count")
	}
	half := lv.Footprint / 2
	if half < 128<<10 || half > 1<<32 {
		return fmt.Errorf("streams at warps, %s: a footprint of %d bytes gives no region between 64 KiB and 4 GiB", lv.Name, lv.Footprint)
	}
	region := int64(1) << (bits.Len64(uint64(half)) - 1)
	maxWarps := slices.Max(StreamWarps)
	bufs, free, err := engine.AllocBuffers(r.GPU, int(2*region), 8*maxWarps*d.SMs)
	if err != nil {
		return fmt.Errorf("streams at warps, %s: %w", lv.Name, err)
	}
	defer free()
	buf, out := bufs[0], bufs[1]
	iters := streamIters[lv.Name]
	mask := uint32(region/int64(v.width) - 1)
	lines := float64(v.width*32) / 128
	if v.store == WaitsStoreOther {
		lines *= 2
	}
	n := r.Config.Until.MinOrDefault()
	rec.Note += fmt.Sprintf("; regions of %s", cudagpu.SizeName(region))
	kernel := v.kernel()
	expect := []string{"LDG"}
	if v.store == WaitsStoreOther {
		expect = append(expect, "STG")
	}
	return warpSweep(ctx, r, c, rec, StreamWarps, n, kernel, expect, func(w int) ([]float64, error) {
		return warpLineRates(ctx, r, c, kernel, out, w, n, iters, lines, func() []any {
			start := uint32(0)
			if lv.Name == LevelDRAM {
				*launches++
				start = *launches * uint32(iters) * uint32(32*w*d.SMs)
			}
			return []any{buf.Ptr(), uint32(region), mask, start, uint32(iters), out.Ptr(), uint32(0xdeadbeef), uint32(32)}
		})
	})
}
