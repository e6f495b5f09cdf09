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

// Window writes, the stores of a grid whose footprint fits the L1: every
// warp of every SM writes whole lines (coalesced st.global.u32, a line a
// warp iteration) into one window of the L1 footprint's size, so every
// line of the window is written by many SMs an iteration. Stores write
// through to the L2, which takes one line's writes one after another: the
// rate a SM gets falls as SMs × warps grow over the window's lines. Issue
// 33's corpora found such loops (a float4 vector add, copies into the
// footprint's second half, in-place updates) 35 to 75% slower than the
// L2's write bandwidth says, at about 28 to 31 cycles per write per line
// of their window on an H100. The job times the L1 footprint's window and
// a quarter of it, at each of WindowWarps, so that whether the rate goes
// with the window's lines (four times the writes a line, a quarter the
// rate) is measured, not assumed.

// WindowWarps are the warps per SM the window writes run at, one block of
// 32 × warps threads per SM; the records' value is the last's.
var WindowWarps = []int{1, 4, 8, 16, 32}

// windowIters are each warp's timed iterations: at 32 warps per SM about
// 1 ms a launch on an H100 (about 7400 cycles an iteration at 1980 MHz
// into 8 KiB).
const windowIters = 256

// windowKernel is the window writes' kernel.
const windowKernel = "window_st_global_u32"

// WindowJobs plans the window writes (WindowJob) into the divergent
// chase's L1 footprint (an eighth of the detected L1, l1 bytes; 0 when not
// detected) and a quarter of it. It is written in PTX: the Vulkan backend
// skips it.
func WindowJobs(dev record.Device, l1 int64) []engine.Planned {
	lv := divergentLevels(dev, l1, 0)[0]
	return []engine.Planned{{Key: Key(GroupWindow, ""), Job: WindowJob(Suite, lv)}}
}

// WindowJob measures the window writes into lv's footprint and a quarter
// of it at each count of WindowWarps: one throughput record a window, in
// lines per clock per SM, whose sweep holds every count and whose value
// is the most warps' (the median of its launches, each a sample).
func WindowJob(suite string, lv DivergentLevel) engine.Job {
	j := &cudagpu.PTXJob{Module: "window", AnyCUDA: true}
	j.Kernels = func() []*ptx.Kernel { return []*ptx.Kernel{cudagpu.WindowKernel(windowKernel)} }
	for _, w := range []struct {
		bytes int64
		what  string
	}{{lv.Footprint, lv.Note}, {lv.Footprint / 4, "a quarter of " + lv.Note}} {
		note := fmt.Sprintf("every lane of every warp on every SM stores a 32-bit word with st.global.u32 at (its global thread index + iteration × the grid's threads) mod the window's words, so each warp writes one whole line an iteration and every SM's warps write the lines of one %s window (%s) in turn; one block of 32 × warps threads per SM (as many blocks as SMs) at %s warps per SM; each warp times its own %d iterations with %%clock64; a launch's figure is warps ÷ the mean over warps of cycles per iteration",
			cudagpu.SizeName(w.bytes), w.what, countList(WindowWarps), windowIters)
		rec := record.Record{ID: WindowID(w.bytes), Suite: suite, Subject: WindowSubject(w.bytes), Group: GroupWindow,
			Quantity: record.Throughput, Unit: "lines/clock/SM", Note: note}
		bytes := w.bytes
		j.Items = append(j.Items, cudagpu.Item{Rec: rec, Run: func(ctx context.Context, r *engine.Runner, c *engine.Compiled, rec *record.Record) error {
			return window(ctx, r, c, bytes, rec)
		}})
	}
	return j
}

// window fills rec: the window writes into bytes (a power of two, at
// least a line) at each count of WindowWarps, each count launched once
// untimed and then the fewest samples a figure gets (stats.Until's Min)
// times.
func window(ctx context.Context, r *engine.Runner, c *engine.Compiled, bytes int64, rec *record.Record) error {
	words := bytes / 4
	if words < 32 || words > 1<<31 || bits.OnesCount64(uint64(words)) != 1 {
		return fmt.Errorf("window writes: a window of %d bytes is not a power of two from 128 bytes to 8 GiB", bytes)
	}
	d := r.GPU.Device()
	if d.SMs <= 0 {
		return fmt.Errorf("window writes: the device reports no SM count")
	}
	maxWarps := slices.Max(WindowWarps)
	bufs, free, err := engine.AllocBuffers(r.GPU, int(bytes), 8*maxWarps*d.SMs)
	if err != nil {
		return fmt.Errorf("window writes, %s: %w", cudagpu.SizeName(bytes), err)
	}
	defer free()
	buf, out := bufs[0], bufs[1]
	n := r.Config.Until.MinOrDefault()
	return warpSweep(ctx, r, c, rec, WindowWarps, n, windowKernel, []string{"STG"}, func(w int) ([]float64, error) {
		return warpLineRates(ctx, r, c, windowKernel, out, w, n, windowIters, 1, func() []any {
			return []any{buf.Ptr(), uint32(words - 1), uint32(windowIters), out.Ptr()}
		})
	})
}
