package async

import (
	"context"
	"fmt"
	"strings"

	"github.com/gpuarch/gpuarch/backend/cudagpu"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/ptx"
	"github.com/gpuarch/gpuarch/record"
)

// PipelinePlan is the TMA -> wgmma sweep: stage counts and how many times
// each stage's data is run through the tensor cores.
type PipelinePlan struct {
	Stages, Reuse []int
}

func pipeKernelName(stages, reuse int) string { return fmt.Sprintf("tma_wgmma_s%d_r%d", stages, reuse) }

// pipeFootprint is the pipeline's source: 8 MiB every SM reads, in L2.
const pipeFootprint = 8 << 20

// SetmaxnregJob measures setmaxnreg's cost (sm_90a) and what the
// register cap at entry does to occupancy. The module is compiled whole
// by the Runner's Assembler (engine.Runner.Assembler).
func SetmaxnregJob(suite string) engine.Job {
	j := &cudagpu.PTXJob{Module: "setmaxnreg", Target: "sm_90a", Whole: true}
	j.Kernels = func() []*ptx.Kernel {
		return []*ptx.Kernel{cudagpu.SetmaxnregKernel("setmaxnreg_exchange", true), cudagpu.SetmaxnregKernel("setmaxnreg_pair", false)}
	}
	for _, v := range []struct {
		subject, kernel, note string
		threads               int
	}{
		{"setmaxnreg dec+inc, one warpgroup", "setmaxnreg_pair", "one warpgroup under a 168-register cap (.maxnreg) gives registers back (setmaxnreg.dec 64) and takes them again (inc 168), in a loop; cycles per pair, the loop included", 128},
		{"setmaxnreg exchange, 3 warpgroups", "setmaxnreg_exchange", "three warpgroups under a 168-register cap: warpgroup 0 decreases to 40 and increases to 168 while warpgroups 1 and 2 increase to 232 and decrease to 168, as a warp-specialised kernel's producer and consumers do, each round fenced by two named barriers (bar.sync 1 and 2, all 384 threads) so no warpgroup waits on one that has left; cycles per round seen by warpgroup 0, the barriers included", 384},
	} {
		v := v
		j.Items = append(j.Items, cudagpu.Item{Rec: record.Record{ID: LatencyID(v.subject), Suite: suite, Subject: v.subject, Group: GroupSetmaxnreg,
			Quantity: record.Latency, Unit: "cycles", Note: v.note},
			Run: func(ctx context.Context, r *engine.Runner, c *engine.Compiled, rec *record.Record) error {
				out, err := r.GPU.Alloc(64)
				if err != nil {
					return err
				}
				defer out.Free()
				const iters = 512
				if err := c.MedianCycles(ctx, r, v.kernel, engine.Grid{Blocks: 1, Threads: v.threads}, out, iters, rec, out.Ptr(), uint32(iters)); err != nil {
					return err
				}
				if n, err := c.Prog.MaxBlocksPerSM(v.kernel, v.threads, 0); err == nil {
					rec.Note += fmt.Sprintf("; the driver fits %d such blocks per SM", n)
				}
				rec.Note += "; " + cudagpu.WhyCompiledWhole
				cudagpu.Verified(rec, c.Verifier().Clocked(v.kernel, []string{"USETMAXREG"}, 2))
				if rec.Status == record.StatusInvalid && strings.Contains(c.Log(), "setmaxnreg") {
					rec.Reason += "; ptxas said: " + oneLineOf(c.Log(), "setmaxnreg")
				}
				return nil
			}})
	}
	return j
}

// oneLineOf is the first line of log that holds what.
func oneLineOf(log, what string) string {
	for _, line := range strings.Split(log, "\n") {
		if strings.Contains(line, what) {
			return strings.TrimSpace(line)
		}
	}
	return ""
}

// PipelineJob measures the TMA -> wgmma pipeline (sm_90a) against its
// depth.
func PipelineJob(suite string, plan PipelinePlan) engine.Job {
	j := &cudagpu.PTXJob{Module: "async_90a", Target: "sm_90a"}
	j.Kernels = func() []*ptx.Kernel {
		var ks []*ptx.Kernel
		for _, r := range plan.Reuse {
			for _, s := range plan.Stages {
				ks = append(ks, cudagpu.TMAWgmmaKernel(pipeKernelName(s, r), s, r))
			}
		}
		return ks
	}
	for _, reuse := range plan.Reuse {
		reuse := reuse
		subject := fmt.Sprintf("TMA -> wgmma pipeline, each stage used %d×", reuse)
		j.Items = append(j.Items, cudagpu.Item{Rec: record.Record{ID: ThroughputID(subject), Suite: suite, Subject: subject, Group: GroupPipeline,
			Quantity: record.Throughput, Unit: "operations/clock/SM",
			Note: fmt.Sprintf("one block per SM: a producer thread copies 24 KiB stages (cp.async.bulk, from %s every SM reads, in L2) into a ring, each on its full mbarrier; a consumer warpgroup waits for each, runs %d wgmma m64n128k16 f32+=f16 over it, commits and releases the stage before it on its empty mbarrier (wgmma.wait_group 1); dense operations over the consumer warps' span of %%clock64, median over SMs; the value is the best stage count; bytes per operation fall as each stage is used more", cudagpu.SizeName(pipeFootprint), 4*reuse)},
			Run: func(ctx context.Context, r *engine.Runner, c *engine.Compiled, rec *record.Record) error {
				return pipeline(ctx, r, c, plan.Stages, reuse, rec)
			}})
		j.Items = append(j.Items, cudagpu.Item{Rec: record.Record{ID: StagesID(subject), Suite: suite, Subject: StagesSubject(subject), Group: GroupPipeline,
			Quantity: record.Amount, Unit: "stages", Note: "the fewest stages whose rate is at least 95% of the sweep's best: the depth from which the tensor cores stop waiting for data"},
			Run: func(ctx context.Context, r *engine.Runner, c *engine.Compiled, rec *record.Record) error {
				j.CheapestAt95(rec, subject, func(p record.ParamPoint) float64 { return p.X })
				return nil
			}})
	}
	return j
}

func pipeline(ctx context.Context, r *engine.Runner, c *engine.Compiled, stages []int, reuse int, rec *record.Record) error {
	d := r.GPU.Device()
	buf, err := r.GPU.Alloc(pipeFootprint + cudagpu.PipeStage) // the last stage may start just below the mask
	if err != nil {
		return err
	}
	defer buf.Free()
	warps := d.SMs * cudagpu.PipeThreads / 32
	out, err := r.GPU.Alloc(warps * engine.WarpRecordBytes)
	if err != nil {
		return err
	}
	defer out.Free()
	optin := d.Attributes["MAX_SHARED_MEMORY_PER_BLOCK_OPTIN"]
	sw := cudagpu.NewSweeper(rec, &record.SweepDetail{X: "stages"})
	const iters = 512
	for _, s := range stages {
		pt := record.ParamPoint{X: float64(s)}
		need := cudagpu.AsyncData + s*cudagpu.PipeStage
		if need > optin {
			pt.Failed = fmt.Sprintf("%d bytes of shared memory, above the %d a block may have", need, optin)
			sw.Add(pt, nil, false)
			continue
		}
		g := engine.Grid{Blocks: d.SMs, Threads: cudagpu.PipeThreads, SharedBytes: max(need, oneBlockPerSM(d))}
		consumers := func(w engine.WarpRecord) bool { return w.WarpInBlock < 4 }
		rates, err := sw.Launch(ctx, r, c, pipeKernelName(s, reuse), g, out, float64(iters*reuse*4*cudagpu.PipeOps/4), consumers, out.Ptr(), buf.Ptr(), uint32(iters), uint32(pipeFootprint-1))
		if err != nil {
			return err
		}
		sw.Add(pt, rates, true)
	}
	if !sw.Finish("no stage count fits a block's shared memory", "pipeline kernels") {
		return nil
	}
	cudagpu.Verified(rec, c.Verifier().Clocked(pipeKernelName(stages[len(stages)-1], reuse), []string{"HGMMA"}, 4*reuse))
	if rec.Status == record.StatusOK {
		chk := c.Verifier().Clocked(pipeKernelName(stages[len(stages)-1], reuse), []string{"UBLKCP"}, 1)
		if chk.Status == engine.CodeInvalid {
			cudagpu.Verified(rec, chk)
		}
	}
	return nil
}
