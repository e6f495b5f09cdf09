package async

import (
	"context"
	"fmt"

	"github.com/gpuarch/gpuarch/backend/cudagpu"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/ptx"
	"github.com/gpuarch/gpuarch/record"
)

// MulticastPlan is the TMA multicast sweep: clusters of each size, one
// block per SM, each block keeping Stages stages of Stage bytes in
// flight, from each level.
type MulticastPlan struct {
	Sizes  []int    // cluster sizes (1: no multicast, the baseline)
	Levels []string // "L2", "DRAM"
	Stage  int      // bytes a stage delivers to each block
	Stages int      // stages in flight (a power of two)
}

func multicastKernel(stages int) string { return fmt.Sprintf("tma_multicast_%d", stages) }

// multicastFootprint is where a level's stages come from: 16 MiB stays in
// the 50 MiB L2, 1 GiB does not.
func multicastFootprint(level string) int {
	if level == "DRAM" {
		return 1 << 30
	}
	return 16 << 20
}

// MulticastJob measures, per level, the bytes per clock landing in each
// SM's shared memory through the TMA's multicast against the cluster
// size (the value is the best size), beside what each SM reads from L2
// (the same over the cluster size).
func MulticastJob(suite string, plan MulticastPlan) engine.Job {
	j := &cudagpu.PTXJob{Module: "async_multicast"}
	j.Kernels = func() []*ptx.Kernel {
		return []*ptx.Kernel{cudagpu.TMAMulticastKernel(multicastKernel(plan.Stages), plan.Stages)}
	}
	for _, level := range plan.Levels {
		level := level
		subject := fmt.Sprintf("cp.async.bulk multicast read, %s", level)
		j.Items = append(j.Items, cudagpu.Item{Rec: record.Record{ID: BandwidthID(subject), Suite: suite, Subject: subject, Group: GroupTMA, Op: "bulk multicast stream",
			Quantity: record.Throughput, Unit: "bytes/clock/SM",
			Note: fmt.Sprintf("clusters of n blocks, one block per SM: each block's thread loads 1/n of every %s stage (cp.async.bulk .multicast::cluster) into all n blocks' shared memory, %d stages in flight, each block refilling a slot once every block of the cluster has arrived on its empty mbarrier; clusters sweep %s together; bytes landing in each SM's shared memory over its span of %%clock64, median over SMs (each SM reads 1/n of them); the value is the best cluster size, n = 1 the plain TMA stream", cudagpu.SizeName(plan.Stage), plan.Stages, cudagpu.SizeName(multicastFootprint(level)))},
			Run: func(ctx context.Context, r *engine.Runner, c *engine.Compiled, rec *record.Record) error {
				return multicast(ctx, r, c, plan, level, rec)
			}})
	}
	return j
}

func multicast(ctx context.Context, r *engine.Runner, c *engine.Compiled, plan MulticastPlan, level string, rec *record.Record) error {
	d := r.GPU.Device()
	foot := multicastFootprint(level)
	buf, err := r.GPU.Alloc(foot)
	if err != nil {
		return err
	}
	defer buf.Free()
	kernel := multicastKernel(plan.Stages)
	const threads = 32
	shared := max(oneBlockPerSM(d), cudagpu.AsyncData+plan.Stages*plan.Stage)
	iters := max(64, (8<<20)/plan.Stage)
	sw := cudagpu.NewSweeper(rec, &record.SweepDetail{X: "cluster size", Series: "stage " + cudagpu.SizeName(plan.Stage)})
	for _, n := range plan.Sizes {
		pt := record.ParamPoint{X: float64(n), Series: "stage " + cudagpu.SizeName(plan.Stage)}
		blocks := d.SMs / n * n
		if cl, ok := c.Prog.(engine.ClusterLauncher); ok {
			switch m, err := cl.MaxActiveClusters(kernel, [3]int{n, 1, 1}, threads, shared, [3]int{n, 1, 1}); {
			case err != nil:
				pt.Failed = err.Error()
			case m == 0:
				pt.Failed = "no cluster of this size fits"
			default:
				blocks = min(blocks, m*n)
			}
		}
		if pt.Failed != "" {
			sw.Add(pt, nil, false)
			continue
		}
		out, err := r.GPU.Alloc(blocks * engine.WarpRecordBytes)
		if err != nil {
			return err
		}
		g := engine.Grid{Blocks: blocks, Threads: threads, SharedBytes: shared, Cluster: n}
		rates, err := sw.Launch(ctx, r, c, kernel, g, out, float64(iters*plan.Stage), nil, out.Ptr(), buf.Ptr(), uint32(iters), uint32(plan.Stage), uint32(foot-1))
		out.Free()
		if err != nil {
			if engine.Fatal(err) {
				return err
			}
			pt.Failed = err.Error()
		}
		sw.Add(pt, rates, err == nil)
	}
	if !sw.Finish("no cluster size measured", "multicast streams") {
		return nil
	}
	cudagpu.Verified(rec, c.Verifier().Clocked(kernel, []string{"UBLKCP"}, 1))
	return nil
}
