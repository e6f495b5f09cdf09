package async

import (
	"context"

	"github.com/gpuarch/gpuarch/backend/cudagpu"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/ptx"
	"github.com/gpuarch/gpuarch/record"
)

// MbarrierOps are the mbarrier operations the mbarrier probe times, each
// from one thread, kernel.SyncUnroll a loop iteration.
var MbarrierOps = []string{"arrive", "arrive.expect_tx", "test_wait", "try_wait", "arrive then wait", "phase flip between warps"}

func mbarKernelName(op string) string {
	return "mbar_" + map[string]string{"arrive": "arrive", "arrive.expect_tx": "expect", "test_wait": "test", "try_wait": "try",
		"arrive then wait": "flip", "phase flip between warps": "pingpong"}[op]
}

// MbarrierJob measures each mbarrier operation in cycles per operation
// from one thread (the phase flip between warps: per flip, half a round
// trip).
func MbarrierJob(suite string) engine.Job {
	j := &cudagpu.PTXJob{Module: "mbarrier"}
	j.Kernels = func() []*ptx.Kernel {
		var ks []*ptx.Kernel
		for _, op := range MbarrierOps {
			ks = append(ks, cudagpu.MbarrierKernel(mbarKernelName(op), op))
		}
		return ks
	}
	notes := map[string]string{
		"arrive":                   "mbarrier.arrive from one thread on a barrier expecting one arrival (each completes a phase), eight a loop iteration",
		"arrive.expect_tx":         "mbarrier.arrive.expect_tx of 0 bytes from one thread, each completing a phase, eight a loop iteration",
		"test_wait":                "mbarrier.test_wait.parity on a phase already complete (returns at once), eight a loop iteration, results summed",
		"try_wait":                 "mbarrier.try_wait.parity on a phase already complete (returns at once), eight a loop iteration, results summed",
		"arrive then wait":         "one thread arrives (completing the phase) and polls with try_wait.parity until it sees it complete: the phase flip seen by the thread that caused it",
		"phase flip between warps": "a thread of warp 0 arrives on barrier A and waits on B; a thread of warp 1 waits on A and then arrives on B: half the round trip, the time from an arrive to a waiting warp seeing the phase complete",
	}
	for _, op := range MbarrierOps {
		op := op
		subject := "mbarrier." + op
		if op == "arrive then wait" || op == "phase flip between warps" {
			subject = "mbarrier phase flip, " + map[string]string{"arrive then wait": "same thread", "phase flip between warps": "between warps"}[op]
		}
		j.Items = append(j.Items, cudagpu.Item{Rec: record.Record{ID: LatencyID(subject), Suite: suite, Subject: subject, Group: GroupMbarrier,
			Quantity: record.Latency, Unit: "cycles per operation", Note: notes[op]},
			Run: func(ctx context.Context, r *engine.Runner, c *engine.Compiled, rec *record.Record) error {
				out, err := r.GPU.Alloc(64)
				if err != nil {
					return err
				}
				defer out.Free()
				const iters = 256
				per := iters * kernel.SyncUnroll
				if op == "phase flip between warps" {
					per *= 2
				}
				if err := c.MedianCycles(ctx, r, mbarKernelName(op), engine.Grid{Blocks: 1, Threads: 64, SharedBytes: 64}, out, per, rec, out.Ptr(), uint32(iters)); err != nil {
					return err
				}
				cudagpu.Verified(rec, c.Verifier().Clocked(mbarKernelName(op), []string{"SYNCS"}, kernel.SyncUnroll))
				return nil
			}})
	}
	return j
}
