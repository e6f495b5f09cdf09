package async

import (
	"context"
	"fmt"

	"github.com/gpuarch/gpuarch/backend/cudagpu"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/ptx"
	"github.com/gpuarch/gpuarch/record"
)

// overlapWindow is the footprint the overlap probe's copies sweep: 64
// KiB, which stays in L2 once the first launch has read it (cp.async.cg
// skips L1).
const overlapWindow = 64 << 10

func overlapKernel(ffma int) string { return fmt.Sprintf("cp_async_overlap_%d", ffma) }

// OverlapJob measures how much independent arithmetic one warp's
// cp.async from L2 hides: its loop's cycles against the FFMA each copy
// overlaps (counts), the value the most FFMA that leave the loop within
// 5% of the copy alone.
func OverlapJob(suite string, counts []int) engine.Job {
	j := &cudagpu.PTXJob{Module: "async_overlap"}
	j.Kernels = func() []*ptx.Kernel {
		var ks []*ptx.Kernel
		for _, n := range counts {
			ks = append(ks, cudagpu.CpAsyncOverlapKernel(overlapKernel(n), n))
		}
		return ks
	}
	subject := "cp.async.cg 16 B from L2, FFMA hidden"
	j.Items = append(j.Items, cudagpu.Item{Rec: record.Record{ID: AmountID(subject), Suite: suite, Subject: subject, Group: GroupCpAsync,
		Quantity: record.Amount, Unit: "FFMA per copy",
		Note: fmt.Sprintf("one warp: each loop iteration every lane issues one 16-byte cp.async.cg from a %s window in L2, commits it, runs independent FFMA (%d chains, pinned between the copy and its wait by a volatile shared load they start from and a volatile shared store they end in) and waits for the copy (wait_group 0); the sweep is cycles per iteration against the FFMA per copy; the value is the most FFMA whose iteration stays within 5%% of the copy alone (the arithmetic the copy's latency hides)", cudagpu.SizeName(overlapWindow), cudagpu.OverlapChains)},
		Run: func(ctx context.Context, r *engine.Runner, c *engine.Compiled, rec *record.Record) error {
			return overlap(ctx, r, c, counts, rec)
		}})
	return j
}

func overlap(ctx context.Context, r *engine.Runner, c *engine.Compiled, counts []int, rec *record.Record) error {
	bufs, free, err := engine.AllocBuffers(r.GPU, overlapWindow, 64)
	if err != nil {
		return err
	}
	defer free()
	buf, out := bufs[0], bufs[1]
	const iters = 512
	rec.Sweep = &record.SweepDetail{X: "FFMA per copy", Y: "cycles per iteration"}
	base := -1.0
	for _, n := range counts {
		var one record.Record
		pt := record.ParamPoint{X: float64(n)}
		g := engine.Grid{Blocks: 1, Threads: 32, SharedBytes: cudagpu.OverlapScratch + 32*4}
		if err := c.MedianCycles(ctx, r, overlapKernel(n), g, out, iters, &one, out.Ptr(), buf.Ptr(), uint32(iters), uint32(overlapWindow-1)); err != nil {
			if engine.Fatal(err) {
				return err
			}
			pt.Failed = err.Error()
			rec.Sweep.Points = append(rec.Sweep.Points, pt)
			continue
		}
		pt.Value, pt.Min, pt.Max = one.Value, one.Summary.Min, one.Summary.Max
		rec.Sweep.Points = append(rec.Sweep.Points, pt)
		if n == 0 {
			base = one.Value
		}
		if base > 0 && one.Value <= 1.05*base {
			rec.Value, rec.Samples, rec.Summary = float64(n), []float64{float64(n)}, nil
			rec.Sweep.Best = len(rec.Sweep.Points) - 1
		}
	}
	if base <= 0 {
		rec.Status, rec.Reason = record.StatusFailed, "the copy alone was not measured"
		return nil
	}
	last := counts[len(counts)-1]
	if rec.Value == float64(last) {
		rec.Note += fmt.Sprintf("; even %d FFMA did not slow the loop: the value is a lower bound", last)
	}
	cudagpu.Verified(rec, c.Verifier().Clocked(overlapKernel(last), []string{"LDGSTS", "FFMA"}, 1))
	return nil
}
