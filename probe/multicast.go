package probe

import (
	"context"
	"fmt"

	"github.com/gpuarch/gpuarch/measure/async"
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

// Multicast's shared memory: full mbarriers from the base, empty ones
// multicastEmpty bytes on, data from asyncData.
const multicastEmpty = 512

// TMAMulticastKernel builds the TMA multicast stream a Hopper GEMM's
// operand loads run: in a cluster of n blocks (one per SM) each block's
// thread 0 loads its 1/n slice of every stage (cp.async.bulk
// .multicast::cluster) into the same slot of all n blocks' shared
// memory, completing on each block's full mbarrier for the slot, which
// expects the whole stage. Once a block has its stage, it arrives on the
// slot's empty mbarrier of every block of the cluster (mapa, then
// mbarrier.arrive with its default .release.cta: the probe reads none of
// the data, and a .release.cluster arrive costs about as much as a
// cluster barrier each); a block refills a slot only when its own empty
// mbarrier has all n arrivals, since its slice lands in every block.
// Clusters sweep the footprint together, stage after stage. With n = 1 it
// is the plain TMA stream. Lane 0 writes a warp record. Parameters: out
// (u64), buf (u64), iters (u32), size (u32: bytes a stage, a multiple of
// 16 × n), mask (u32: bytes).
func TMAMulticastKernel(name string, stages int) *ptx.Kernel {
	k := ptx.NewKernel(name)
	outP, bufP, itersP := k.Param("out", ptx.U64), k.Param("buf", ptx.U64), k.Param("iters", ptx.U32)
	sizeP, maskP := k.Param("size", ptx.U32), k.Param("mask", ptx.U32)
	iters, size, mask, buf := k.Load(itersP), k.Load(sizeP), k.Load(maskP), k.Load(bufP)
	tid, ctaid, nctaid := k.Read(ptx.TidX), k.Read(ptx.CtaidX), k.Read(ptx.NctaidX)
	rank, n := k.Read(ptx.ClusterCtaRank), k.Read(ptx.ClusterNCtaRank)
	base := sharedBase(k)
	empty := k.Reg(ptx.U32)
	k.Op("add.u32", empty, base, ptx.Int(multicastEmpty))
	ifThread(k, tid, 0, func() {
		initBarriers(k, base, stages, 1)
		for i := range stages {
			k.Raw(fmt.Sprintf("mbarrier.init.shared::cta.b64 [%s+%d], %s;", empty, 8*i, n))
		}
		k.Raw("fence.mbarrier_init.release.cluster;")
	})
	// No block may signal or fill another's shared memory before that
	// block has set its mbarriers up.
	clusterSync(k)
	slice, cmask, pos, step := k.Reg(ptx.U32), k.Reg(ptx.U32), k.Reg(ptx.U32), k.Reg(ptx.U32)
	k.Op("div.u32", slice, size, n)
	k.Op("shl.b32", cmask, ptx.Int(1), n)
	k.Op("sub.u32", cmask, cmask, ptx.Int(1))
	h := k.Reg(ptx.U16)
	k.Op("cvt.u16.u32", h, cmask)
	k.Op("div.u32", pos, ctaid, n)   // the cluster's first stage
	k.Op("div.u32", step, nctaid, n) // clusters in the grid
	own := k.Reg(ptx.U32)
	k.Op("mul.lo.u32", own, rank, slice)
	st := k.Reg(ptx.B64)
	issue := func(slot ptx.Reg) {
		bar, dst, off, g := k.Reg(ptx.U32), k.Reg(ptx.U32), k.Reg(ptx.U32), k.Reg(ptx.U64)
		k.Op("mad.lo.u32", bar, slot, ptx.Int(8), base)
		k.Op("mad.lo.u32", dst, slot, size, base)
		k.Op("add.u32", dst, dst, ptx.Int(AsyncData))
		k.Op("add.u32", dst, dst, own)
		k.Raw(fmt.Sprintf("mbarrier.arrive.expect_tx.shared::cta.b64 %s, [%s], %s;", st, bar, size))
		k.Op("mad.lo.u32", off, pos, size, own)
		k.Op("and.b32", off, off, mask)
		k.Op("cvt.u64.u32", g, off)
		k.Op("add.u64", g, g, buf)
		k.Raw(fmt.Sprintf("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%s], [%s], %s, [%s], %s;", dst, g, slice, bar, h))
		k.Op("add.u32", pos, pos, step)
	}
	// phase returns stage i's slot and the parity of its use of it.
	phase := func(i ptx.Reg) (slot, ph ptx.Reg) {
		slot, ph = k.Reg(ptx.U32), k.Reg(ptx.U32)
		k.Op("and.b32", slot, i, ptx.Int(int64(stages-1)))
		k.Op("shr.u32", ph, i, ptx.Int(int64(log2(stages))))
		k.Op("and.b32", ph, ph, ptx.Int(1))
		return slot, ph
	}
	waitOn := func(from, slot, ph ptx.Reg) {
		bar := k.Reg(ptx.U32)
		k.Op("mad.lo.u32", bar, slot, ptx.Int(8), from)
		waitParity(k, bar, ph)
	}
	c0, t0 := k.Read(ptx.Clock64), k.Read(ptx.GlobalTimer)
	ifThread(k, tid, 0, func() {
		fillRing(k, stages, issue)
		k.LoopIndexed(iters, func(i ptx.Reg) {
			slot, ph := phase(i)
			waitOn(base, slot, ph)
			local := k.Reg(ptx.U32)
			k.Op("mad.lo.u32", local, slot, ptx.Int(8), empty)
			k.LoopIndexed(n, func(peer ptx.Reg) {
				remote := k.Reg(ptx.U32)
				k.Raw(fmt.Sprintf("mapa.shared::cluster.u32 %s, %s, %s;", remote, local, peer))
				k.Raw(fmt.Sprintf("mbarrier.arrive.shared::cluster.b64 _, [%s];", remote))
			})
			waitOn(empty, slot, ph)
			issue(slot)
		})
		for s := range stages {
			i := k.Reg(ptx.U32)
			k.Op("add.u32", i, iters, ptx.Int(int64(s)))
			slot, ph := phase(i)
			waitOn(base, slot, ph)
		}
	})
	c1, t1 := k.Read(ptx.Clock64), k.Read(ptx.GlobalTimer)
	// No block may leave while another may still arrive on its mbarriers.
	clusterSync(k)
	writeWarpRecord(k, outP, c0, c1, t0, t1)
	return k
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
func MulticastJob(suite string, plan MulticastPlan) Job {
	j := &PTXJob{Module: "async_multicast"}
	j.Kernels = func() []*ptx.Kernel {
		return []*ptx.Kernel{TMAMulticastKernel(multicastKernel(plan.Stages), plan.Stages)}
	}
	for _, level := range plan.Levels {
		level := level
		subject := fmt.Sprintf("cp.async.bulk multicast read, %s", level)
		j.Items = append(j.Items, Item{Rec: record.Record{ID: async.BandwidthID(subject), Suite: suite, Subject: subject, Group: async.GroupTMA, Op: "bulk multicast stream",
			Quantity: record.Throughput, Unit: "bytes/clock/SM",
			Note: fmt.Sprintf("clusters of n blocks, one block per SM: each block's thread loads 1/n of every %s stage (cp.async.bulk .multicast::cluster) into all n blocks' shared memory, %d stages in flight, each block refilling a slot once every block of the cluster has arrived on its empty mbarrier; clusters sweep %s together; bytes landing in each SM's shared memory over its span of %%clock64, median over SMs (each SM reads 1/n of them); the value is the best cluster size, n = 1 the plain TMA stream", SizeName(plan.Stage), plan.Stages, SizeName(multicastFootprint(level)))},
			Run: func(ctx context.Context, r *Runner, c *Compiled, rec *record.Record) error {
				return multicast(ctx, r, c, plan, level, rec)
			}})
	}
	return j
}

func multicast(ctx context.Context, r *Runner, c *Compiled, plan MulticastPlan, level string, rec *record.Record) error {
	d := r.GPU.Device()
	foot := multicastFootprint(level)
	buf, err := r.GPU.Alloc(foot)
	if err != nil {
		return err
	}
	defer buf.Free()
	kernel := multicastKernel(plan.Stages)
	const threads = 32
	shared := max(oneBlockPerSM(d), AsyncData+plan.Stages*plan.Stage)
	iters := max(64, (8<<20)/plan.Stage)
	sw := NewSweeper(rec, &record.SweepDetail{X: "cluster size", Series: "stage " + SizeName(plan.Stage)})
	for _, n := range plan.Sizes {
		pt := record.ParamPoint{X: float64(n), Series: "stage " + SizeName(plan.Stage)}
		blocks := d.SMs / n * n
		if cl, ok := c.Prog.(ClusterLauncher); ok {
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
		out, err := r.GPU.Alloc(blocks * WarpRecordBytes)
		if err != nil {
			return err
		}
		g := Grid{Blocks: blocks, Threads: threads, SharedBytes: shared, Cluster: n}
		rates, err := sw.Launch(ctx, r, c, kernel, g, out, float64(iters*plan.Stage), nil, out.Ptr(), buf.Ptr(), uint32(iters), uint32(plan.Stage), uint32(foot-1))
		out.Free()
		if err != nil {
			if Fatal(err) {
				return err
			}
			pt.Failed = err.Error()
		}
		sw.Add(pt, rates, err == nil)
	}
	if !sw.Finish("no cluster size measured", "multicast streams") {
		return nil
	}
	Verified(rec, c.CheckClocked(kernel, []string{"UBLKCP"}, 1))
	return nil
}
