package probe

import (
	"context"
	"encoding/binary"
	"fmt"
	"slices"
	"sort"

	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/measure/async"
	"github.com/gpuarch/gpuarch/ptx"
	"github.com/gpuarch/gpuarch/record"
)

// ClusterTraceBytes is what ClusterTraceKernel writes per block: %smid,
// %cluster_ctarank, %clusterid.x, the block's linear index (u32 each),
// then %globaltimer at its start and end (u64 each).
const ClusterTraceBytes = 32

// ClusterTraceKernel builds the cluster placement trace: thread 0 of every
// block spins for spin nanoseconds and writes where and when it ran (see
// clusterTraceBytes) at out + its linear block index. Parameters: out
// (u64), spin (u32).
func ClusterTraceKernel(name string) *ptx.Kernel {
	k := ptx.NewKernel(name)
	outP, spinP := k.Param("out", ptx.U64), k.Param("spin", ptx.U32)
	tid := k.Read(ptx.TidX)
	ifThread(k, tid, 0, func() {
		spin := k.Load(spinP)
		t0 := k.Read(ptx.GlobalTimer)
		until := k.Reg(ptx.U64)
		k.Op("cvt.u64.u32", until, spin)
		k.Op("add.u64", until, until, t0)
		top := k.NewLabel("spin")
		k.Mark(top)
		t1 := k.Read(ptx.GlobalTimer)
		p := k.Reg(ptx.Pred)
		k.Op("setp.lt.u64", p, t1, until)
		k.PredOp("@"+p.String(), "bra", top)
		var idx [6]ptx.Reg
		for i, sr := range []string{"%ctaid.x", "%ctaid.y", "%ctaid.z", "%nctaid.x", "%nctaid.y"} {
			idx[i] = k.Reg(ptx.U32)
			k.Op("mov.u32", idx[i], ptx.Imm(sr))
		}
		lin := k.Reg(ptx.U32)
		k.Op("mad.lo.u32", lin, idx[2], idx[4], idx[1])
		k.Op("mad.lo.u32", lin, lin, idx[3], idx[0])
		off := k.Reg(ptx.U64)
		k.Op("mul.wide.u32", off, lin, ptx.Int(ClusterTraceBytes))
		a := k.Reg(ptx.U64)
		k.Op("add.u64", a, k.Load(outP), off)
		k.Op("st.global.u32", ptx.Addr{Base: a}, k.Read(ptx.SMID))
		k.Op("st.global.u32", ptx.Addr{Base: a, Offset: 4}, k.Read(ptx.ClusterCtaRank))
		k.Op("st.global.u32", ptx.Addr{Base: a, Offset: 8}, k.Read(ptx.ClusterIDX))
		k.Op("st.global.u32", ptx.Addr{Base: a, Offset: 12}, lin)
		k.Op("st.global.u64", ptx.Addr{Base: a, Offset: 16}, t0)
		k.Op("st.global.u64", ptx.Addr{Base: a, Offset: 24}, t1)
	})
	return k
}

// clusterSync is barrier.cluster's arrive (release) and wait (acquire):
// every thread of every block of the cluster must run it.
func clusterSync(k *ptx.Kernel) {
	k.Raw("barrier.cluster.arrive.release;")
	k.Raw("barrier.cluster.wait.acquire;")
}

// DSMRingElems and DSMRingStride are the pointer ring of the DSM chase
// (DSMChaseKernel): DSMRingElems words DSMRingStride (128) bytes apart, each holding the next one's offset.
const (
	DSMRingStride = 128
	DSMRingElems  = 64
)

// DSMChaseKernel builds the distributed-shared-memory chase: every block
// of a cluster writes a ring of offsets into its shared memory, the
// cluster synchronises, and thread 0 of rank 0 follows the ring of the
// block of rank target (mapa.shared::cluster, then ld.shared::cluster),
// or its own through ld.shared when local. Thread 0 of every block
// writes its %smid at out + 16 + 4*rank. Parameters: out (u64), iters
// (u32), target (u32).
func DSMChaseKernel(name string, local bool) *ptx.Kernel {
	k := ptx.NewKernel(name)
	outP, itersP, targetP := k.Param("out", ptx.U64), k.Param("iters", ptx.U32), k.Param("target", ptx.U32)
	iters, target := k.Load(itersP), k.Load(targetP)
	tid, rank := k.Read(ptx.TidX), k.Read(ptx.ClusterCtaRank)
	base := sharedBase(k)
	data := k.Reg(ptx.U32)
	k.Op("add.u32", data, base, ptx.Int(AsyncData))
	ifThread(k, tid, 0, func() {
		for i := range DSMRingElems {
			k.Op("st.shared.u32", ptx.Addr{Base: data, Offset: int64(i * DSMRingStride)}, ptx.Int(int64((i+1)%DSMRingElems*DSMRingStride)))
		}
		o := k.Reg(ptx.U64)
		k.Op("mul.wide.u32", o, rank, ptx.Int(4))
		a := k.Reg(ptx.U64)
		k.Op("add.u64", a, k.Load(outP), o)
		k.Op("st.global.u32", ptx.Addr{Base: a, Offset: 16}, k.Read(ptx.SMID))
	})
	clusterSync(k)
	lead := k.Reg(ptx.U32)
	k.Op("or.b32", lead, tid, rank)
	off, c0, c1 := k.Reg(ptx.U32), k.Reg(ptx.U64), k.Reg(ptx.U64)
	k.Op("mov.u32", off, ptx.Int(0))
	ifThread(k, lead, 0, func() {
		rbase := k.Reg(ptx.U32)
		if local {
			k.Op("mov.u32", rbase, data)
		} else {
			k.Raw(fmt.Sprintf("mapa.shared::cluster.u32 %s, %s, %s;", rbase, data, target))
		}
		k.Op("mov.u64", c0, ptx.Clock64)
		k.Loop(iters, func() {
			for range 8 {
				a := k.Reg(ptx.U32)
				k.Op("add.u32", a, rbase, off)
				if local {
					k.Op("ld.shared.u32", off, ptx.Addr{Base: a})
				} else {
					k.Op("ld.shared::cluster.u32", off, ptx.Addr{Base: a})
				}
			}
		})
		k.Op("mov.u64", c1, ptx.Clock64)
		dt := k.Reg(ptx.U64)
		k.Op("sub.u64", dt, c1, c0)
		out := k.Load(outP)
		k.Op("st.global.u64", ptx.Addr{Base: out}, dt)
		k.Op("st.global.u32", ptx.Addr{Base: out, Offset: 8}, off)
	})
	clusterSync(k)
	return k
}

// DSMPingPongKernel builds the store round trip: thread 0 of rank 0 stores
// a count into its partner's flag in shared memory (st.relaxed.cluster
// .shared::cluster through mapa) and spins on its own flag until the
// partner stores the count back; the partner is thread 0 of rank target,
// or, when target is 0, warp 1 of rank 0 through the same cluster
// window. Launch 64 threads a block. Parameters: out (u64), iters (u32),
// target (u32).
func DSMPingPongKernel(name string) *ptx.Kernel {
	k := ptx.NewKernel(name)
	outP, itersP, targetP := k.Param("out", ptx.U64), k.Param("iters", ptx.U32), k.Param("target", ptx.U32)
	iters, target := k.Load(itersP), k.Load(targetP)
	tid, rank := k.Read(ptx.TidX), k.Read(ptx.ClusterCtaRank)
	base := sharedBase(k)
	flag0, flag1 := k.Reg(ptx.U32), k.Reg(ptx.U32)
	k.Op("add.u32", flag0, base, ptx.Int(AsyncData))     // rank 0 waits here
	k.Op("add.u32", flag1, base, ptx.Int(AsyncData+128)) // the partner waits here
	ifThread(k, tid, 0, func() {
		k.Op("st.shared.u32", ptx.Addr{Base: flag0}, ptx.Int(0))
		k.Op("st.shared.u32", ptx.Addr{Base: flag1}, ptx.Int(0))
	})
	clusterSync(k)
	// Roles: leader is tid 0 of rank 0; partner is tid 0 of rank target
	// (target > 0) or tid 32 of rank 0 (target 0).
	lead, partner := k.Reg(ptx.Pred), k.Reg(ptx.Pred)
	who := k.Reg(ptx.U32)
	k.Op("or.b32", who, tid, rank)
	k.Op("setp.eq.u32", lead, who, ptx.Int(0))
	ptid, prank := k.Reg(ptx.U32), k.Reg(ptx.U32)
	z := k.Reg(ptx.Pred)
	k.Op("setp.eq.u32", z, target, ptx.Int(0))
	k.Raw(fmt.Sprintf("selp.u32 %s, 32, 0, %s;", ptid, z))
	k.Op("mov.u32", prank, target)
	pt, pr := k.Reg(ptx.Pred), k.Reg(ptx.Pred)
	k.Op("setp.eq.u32", pt, tid, ptid)
	k.Op("setp.eq.u32", pr, rank, prank)
	k.Raw(fmt.Sprintf("and.pred %s, %s, %s;", partner, pt, pr))
	there, back := k.Reg(ptx.U32), k.Reg(ptx.U32)
	k.Raw(fmt.Sprintf("mapa.shared::cluster.u32 %s, %s, %s;", there, flag1, target)) // the partner's flag
	zero := k.Reg(ptx.U32)
	k.Op("mov.u32", zero, ptx.Int(0))
	k.Raw(fmt.Sprintf("mapa.shared::cluster.u32 %s, %s, %s;", back, flag0, zero)) // rank 0's flag
	poll := func(flag, want ptx.Reg) {
		v, p := k.Reg(ptx.U32), k.Reg(ptx.Pred)
		top := k.NewLabel("poll")
		k.Mark(top)
		k.Op("ld.volatile.shared.u32", v, ptx.Addr{Base: flag})
		k.Op("setp.ne.u32", p, v, want)
		k.PredOp("@"+p.String(), "bra", top)
	}
	c0, c1 := k.Reg(ptx.U64), k.Reg(ptx.U64)
	skipLead := k.NewLabel("notlead")
	k.PredOp("@!"+lead.String(), "bra", skipLead)
	k.Op("mov.u64", c0, ptx.Clock64)
	k.LoopIndexed(iters, func(i ptx.Reg) {
		n := k.Reg(ptx.U32)
		k.Op("add.u32", n, i, ptx.Int(1))
		k.Raw(fmt.Sprintf("st.relaxed.cluster.shared::cluster.u32 [%s], %s;", there, n))
		poll(flag0, n)
	})
	k.Op("mov.u64", c1, ptx.Clock64)
	dt := k.Reg(ptx.U64)
	k.Op("sub.u64", dt, c1, c0)
	k.Op("st.global.u64", ptx.Addr{Base: k.Load(outP)}, dt)
	k.Mark(skipLead)
	skipPartner := k.NewLabel("notpartner")
	k.PredOp("@!"+partner.String(), "bra", skipPartner)
	k.LoopIndexed(iters, func(i ptx.Reg) {
		n := k.Reg(ptx.U32)
		k.Op("add.u32", n, i, ptx.Int(1))
		poll(flag1, n)
		k.Raw(fmt.Sprintf("st.relaxed.cluster.shared::cluster.u32 [%s], %s;", back, n))
	})
	k.Mark(skipPartner)
	clusterSync(k)
	return k
}

// DSMUnroll is how many independent DSM accesses a stream iteration holds.
const DSMUnroll = 8

// DSMRegion is the bytes of the partner's shared memory a DSM stream
// sweeps.
const DSMRegion = 32 << 10

// DSMStreamKernel builds the DSM bandwidth stream: every thread of every
// block loads (or stores) width bytes dsmUnroll times a loop iteration
// from the shared memory of the block shift ranks on in its cluster
// (0: its own, through the cluster window), sweeping dsmRegion bytes.
// Lane 0 of every warp writes a warp record. Parameters: out (u64),
// iters (u32), shift (u32).
func DSMStreamKernel(name string, width int, store bool) *ptx.Kernel {
	k := ptx.NewKernel(name)
	outP, itersP, shiftP := k.Param("out", ptx.U64), k.Param("iters", ptx.U32), k.Param("shift", ptx.U32)
	iters, shift := k.Load(itersP), k.Load(shiftP)
	tid, ntid, rank, n := k.Read(ptx.TidX), k.Read(ptx.NtidX), k.Read(ptx.ClusterCtaRank), k.Read(ptx.ClusterNCtaRank)
	base := sharedBase(k)
	peer := k.Reg(ptx.U32)
	k.Op("add.u32", peer, rank, shift)
	k.Op("rem.u32", peer, peer, n)
	data, rbase := k.Reg(ptx.U32), k.Reg(ptx.U32)
	k.Op("add.u32", data, base, ptx.Int(AsyncData))
	k.Raw(fmt.Sprintf("mapa.shared::cluster.u32 %s, %s, %s;", rbase, data, peer))
	off, step := k.Reg(ptx.U32), k.Reg(ptx.U32)
	k.Op("mul.lo.u32", off, tid, ptx.Int(int64(width)))
	k.Op("mul.lo.u32", step, ntid, ptx.Int(int64(width)))
	vec, regs := "", 1
	switch width {
	case 8:
		vec, regs = ".v2", 2
	case 16:
		vec, regs = ".v4", 4
	}
	acc := make([]ptx.Reg, regs)
	for i := range acc {
		acc[i] = k.Reg(ptx.U32)
		k.Op("mov.u32", acc[i], tid)
	}
	list := func(rs []ptx.Reg) string {
		if len(rs) == 1 {
			return rs[0].String()
		}
		return regList(rs)
	}
	clusterSync(k)
	c0, t0 := k.Read(ptx.Clock64), k.Read(ptx.GlobalTimer)
	k.Loop(iters, func() {
		for range DSMUnroll {
			a := k.Reg(ptx.U32)
			k.Op("add.u32", a, rbase, off)
			if store {
				k.Raw(fmt.Sprintf("st.shared::cluster%s.u32 [%s], %s;", vec, a, list(acc)))
			} else {
				v := make([]ptx.Reg, regs)
				for i := range v {
					v[i] = k.Reg(ptx.U32)
				}
				k.Raw(fmt.Sprintf("ld.shared::cluster%s.u32 %s, [%s];", vec, list(v), a))
				for i := range v {
					k.Op("xor.b32", acc[i], acc[i], v[i])
				}
			}
			k.Op("add.u32", off, off, step)
			k.Op("and.b32", off, off, ptx.Int(DSMRegion-1))
		}
	})
	c1, t1 := k.Read(ptx.Clock64), k.Read(ptx.GlobalTimer)
	clusterSync(k)
	writeWarpRecord(k, outP, c0, c1, t0, t1)
	// Keep the loads: store the sum when it equals iters+1... never.
	never := k.Reg(ptx.Pred)
	k.Op("setp.eq.u32", never, acc[0], ptx.Int(0x7fffffff))
	k.If(never, func() { k.Op("st.global.u32", ptx.Addr{Base: k.Load(outP)}, acc[0]) })
	return k
}

// ClusterBarrierKernel builds the barrier.cluster probe: every thread of
// every block runs iters iterations of kernel.SyncUnroll barrier.cluster
// arrive-and-wait pairs; thread 0 of rank 0 stores the loop's cycles.
// Parameters: out (u64), iters (u32).
func ClusterBarrierKernel(name string) *ptx.Kernel {
	k := ptx.NewKernel(name)
	outP, itersP := k.Param("out", ptx.U64), k.Param("iters", ptx.U32)
	iters := k.Load(itersP)
	clusterSync(k)
	c0 := k.Read(ptx.Clock64)
	k.Loop(iters, func() {
		for range kernel.SyncUnroll {
			k.Raw("barrier.cluster.arrive;")
			k.Raw("barrier.cluster.wait;")
		}
	})
	c1 := k.Read(ptx.Clock64)
	who := k.Reg(ptx.U32)
	k.Op("or.b32", who, k.Read(ptx.TidX), k.Read(ptx.ClusterCtaRank))
	ifThread(k, who, 0, func() {
		dt := k.Reg(ptx.U64)
		k.Op("sub.u64", dt, c1, c0)
		k.Op("st.global.u64", ptx.Addr{Base: k.Load(outP)}, dt)
	})
	return k
}

// ClusterPlan says what the cluster job measures.
type ClusterPlan struct {
	// Shapes are the cluster shapes whose launch and occupancy are tried.
	Shapes [][3]int
	// Sizes are the 1-D cluster sizes of the DSM streams and barriers.
	Sizes []int
	// Widths are the DSM stream's access widths in bytes.
	Widths []int
}

// ClusterJob measures thread-block clusters: which shapes launch and how
// many fit at once, how clusters are placed on the GPCs, distributed
// shared memory's latency and bandwidth, and barrier.cluster.
func ClusterJob(suite string, plan ClusterPlan) Job {
	j := &PTXJob{Module: "cluster"}
	j.Kernels = func() []*ptx.Kernel {
		ks := []*ptx.Kernel{ClusterTraceKernel("cluster_trace"), DSMChaseKernel("dsm_chase", false), DSMChaseKernel("dsm_chase_local", true),
			DSMPingPongKernel("dsm_pingpong"), ClusterBarrierKernel("cluster_barrier")}
		for _, w := range plan.Widths {
			ks = append(ks, DSMStreamKernel(fmt.Sprintf("dsm_ld%d", w), w, false))
		}
		ks = append(ks, DSMStreamKernel("dsm_st16", 16, true))
		return ks
	}
	rec := func(subject, group string, q record.Quantity, unit, note string) record.Record {
		return record.Record{ID: async.ID(subject, string(q)), Suite: suite, Subject: subject, Group: group, Quantity: q, Unit: unit, Note: note}
	}
	j.Items = append(j.Items, Item{Rec: rec("cluster shapes", async.GroupCluster, record.Amount, "blocks per cluster",
		"each shape launched (cuLaunchKernelEx with a cluster dimension; above 8 blocks with the non-portable size allowed) with one block per SM (over half the SM's shared memory) and with 128-thread blocks without shared memory; max active is the driver's count (cuOccupancyMaxActiveClusters), seen at once is the most clusters a traced launch of that many had running together; the value is the largest cluster that launched"),
		Run: func(ctx context.Context, r *Runner, c *Compiled, rec *record.Record) error {
			return clusterShapes(ctx, r, c, plan, rec)
		}})
	j.Items = append(j.Items, Item{Rec: rec("GPCs", async.GroupCluster, record.Amount, "groups of SMs",
		"launches of clusters of every size, one block per SM, traced (%smid, %cluster_ctarank): SMs that shared a cluster are joined; a cluster never spans GPCs, so each group is within one GPC"),
		Run: func(ctx context.Context, r *Runner, c *Compiled, rec *record.Record) error {
			return clusterGroups(ctx, r, c, plan, rec)
		}})
	for _, v := range []struct {
		subject string
		local   bool
		target  uint32
	}{{async.SharedOwnBlock, true, 0}, {"ld.shared::cluster, own block", false, 0}, {"ld.shared::cluster, other SM", false, 1}} {
		v := v
		j.Items = append(j.Items, Item{Rec: rec(v.subject, async.GroupDSM, record.Latency, "cycles",
			"thread 0 of rank 0 of a cluster of 2 follows a ring of offsets in a block's shared memory (64 words 128 bytes apart), one add and one dependent load a step; cycles per step"),
			Run: func(ctx context.Context, r *Runner, c *Compiled, rec *record.Record) error {
				return dsmChase(ctx, r, c, v.local, v.target, rec)
			}})
	}
	for _, v := range []struct {
		subject string
		target  uint32
	}{{"st.shared::cluster round trip, same SM", 0}, {"st.shared::cluster round trip, other SM", 1}} {
		v := v
		j.Items = append(j.Items, Item{Rec: rec(v.subject, async.GroupDSM, record.Latency, "cycles",
			"one-way store latency: a thread stores a count into its partner's flag (st.relaxed.cluster.shared::cluster) and polls its own until the partner, polling, stores it back; half the round trip (same SM: two warps of one block through the cluster window; other SM: two blocks of a cluster of 2)"),
			Run: func(ctx context.Context, r *Runner, c *Compiled, rec *record.Record) error {
				return dsmPingPong(ctx, r, c, v.target, rec)
			}})
	}
	for _, store := range []bool{false, true} {
		widths := plan.Widths
		what := "load"
		if store {
			widths, what = []int{16}, "store"
		}
		for _, w := range widths {
			w, store := w, store
			subject := fmt.Sprintf("DSM %s %d B", what, w)
			j.Items = append(j.Items, Item{Rec: rec(subject, async.GroupDSM, record.Throughput, "bytes/clock/SM",
				fmt.Sprintf("every thread of 1024-thread blocks (one per SM, clusters of each size) %ss %d bytes %d times a loop iteration from the next block's shared memory in its cluster (ld/st.shared::cluster through mapa), sweeping %d KiB; bytes over each SM's span of %%clock64; the value is the best cluster size; series own block: the same through the cluster window to the block's own memory", what, w, DSMUnroll, DSMRegion>>10)),
				Run: func(ctx context.Context, r *Runner, c *Compiled, rec *record.Record) error {
					return dsmStream(ctx, r, c, plan.Sizes, w, store, rec)
				}})
		}
	}
	j.Items = append(j.Items, Item{Rec: rec("barrier.cluster", async.GroupCluster, record.Latency, "cycles per barrier",
		"barrier.cluster.arrive then barrier.cluster.wait by every thread of 128-thread blocks, eight a loop iteration; the value is a cluster of 2, the sweep every size"),
		Run: func(ctx context.Context, r *Runner, c *Compiled, rec *record.Record) error {
			return clusterBarrier(ctx, r, c, plan.Sizes, rec)
		}})
	return j
}

// oneBlockPerSM is dynamic shared memory enough to keep a second block of
// a kernel off an SM.
func oneBlockPerSM(d record.Device) int {
	half := d.Attributes["MAX_SHARED_MEMORY_PER_MULTIPROCESSOR"]/2 + 1024
	if opt := d.Attributes["MAX_SHARED_MEMORY_PER_BLOCK_OPTIN"]; opt > 0 {
		half = min(half, opt)
	}
	return half
}

// traceEntry is one block of a cluster trace.
type traceEntry struct {
	sm, rank, cluster uint32
	t0, t1            uint64
}

func decodeTrace(b []byte, n int) []traceEntry {
	out := make([]traceEntry, 0, n)
	for i := range n {
		e := b[i*ClusterTraceBytes:]
		out = append(out, traceEntry{sm: binary.LittleEndian.Uint32(e), rank: binary.LittleEndian.Uint32(e[4:]), cluster: binary.LittleEndian.Uint32(e[8:]),
			t0: binary.LittleEndian.Uint64(e[16:]), t1: binary.LittleEndian.Uint64(e[24:])})
	}
	return out
}

// atOnce is the most clusters of a trace running at the same time (a
// cluster runs from its first block's start to its last block's end).
func atOnce(tr []traceEntry) int {
	type span struct{ t0, t1 uint64 }
	spans := map[uint32]*span{}
	for _, e := range tr {
		s, ok := spans[e.cluster]
		if !ok {
			spans[e.cluster] = &span{e.t0, e.t1}
			continue
		}
		s.t0, s.t1 = min(s.t0, e.t0), max(s.t1, e.t1)
	}
	type ev struct {
		t     uint64
		delta int
	}
	var evs []ev
	for _, s := range spans {
		evs = append(evs, ev{s.t0, 1}, ev{s.t1, -1})
	}
	sort.Slice(evs, func(i, j int) bool {
		if evs[i].t != evs[j].t {
			return evs[i].t < evs[j].t
		}
		return evs[i].delta < evs[j].delta
	})
	cur, most := 0, 0
	for _, e := range evs {
		cur += e.delta
		most = max(most, cur)
	}
	return most
}

func clusterLauncher(c *Compiled) (ClusterLauncher, error) {
	cl, ok := c.Prog.(ClusterLauncher)
	if !ok {
		return nil, fmt.Errorf("this backend cannot launch thread-block clusters")
	}
	return cl, nil
}

func clusterShapes(ctx context.Context, r *Runner, c *Compiled, plan ClusterPlan, rec *record.Record) error {
	cl, err := clusterLauncher(c)
	if err != nil {
		return err
	}
	d := r.GPU.Device()
	det := &record.ClusterDetail{}
	largest := 0
	for _, shape := range plan.Shapes {
		blocks := shape[0] * shape[1] * shape[2]
		for _, cfg := range []struct{ threads, shared int }{{128, oneBlockPerSM(d)}, {128, 0}} {
			s := record.ClusterShape{X: shape[0], Y: shape[1], Z: shape[2], NonPortable: blocks > 8, BlockThreads: cfg.threads, SharedBytes: cfg.shared}
			n, err := cl.MaxActiveClusters("cluster_trace", shape, cfg.threads, cfg.shared, shape)
			if err != nil {
				s.Why = err.Error()
				det.Shapes = append(det.Shapes, s)
				continue
			}
			s.MaxActive = n
			if n == 0 {
				s.Why = "the driver says no cluster of this shape fits"
				det.Shapes = append(det.Shapes, s)
				continue
			}
			grid := [3]int{shape[0] * n, shape[1], shape[2]}
			out, err := r.GPU.Alloc(n * blocks * ClusterTraceBytes)
			if err != nil {
				return err
			}
			err = cl.LaunchClusters(ctx, "cluster_trace", grid, cfg.threads, cfg.shared, shape, r.OwnTimeout(), out.Ptr(), uint32(20000))
			if err == nil {
				var b []byte
				if b, err = out.Read(); err == nil {
					s.Launched = true
					if cfg.shared > 0 {
						s.Why = fmt.Sprintf("%d seen at once", atOnce(decodeTrace(b, n*blocks)))
					}
					largest = max(largest, blocks)
				}
			}
			out.Free()
			if err != nil {
				if Fatal(err) {
					return err
				}
				s.Why = err.Error()
			}
			det.Shapes = append(det.Shapes, s)
		}
	}
	rec.Clusters, rec.Value = det, float64(largest)
	if largest == 0 {
		rec.Status, rec.Reason = record.StatusFailed, "no cluster shape launched"
	}
	return nil
}

func clusterGroups(ctx context.Context, r *Runner, c *Compiled, plan ClusterPlan, rec *record.Record) error {
	cl, err := clusterLauncher(c)
	if err != nil {
		return err
	}
	d := r.GPU.Device()
	parent := map[int]int{}
	var find func(int) int
	find = func(x int) int {
		if p, ok := parent[x]; ok && p != x {
			parent[x] = find(p)
			return parent[x]
		}
		parent[x] = x
		return x
	}
	shared := oneBlockPerSM(d)
	launches := 0
	// Large clusters first: they span a GPC; smaller ones then reach the
	// SMs the large ones left over.
	sizes := slices.Clone(plan.Sizes)
	slices.Sort(sizes)
	slices.Reverse(sizes)
	for _, size := range sizes {
		shape := [3]int{size, 1, 1}
		n, err := cl.MaxActiveClusters("cluster_trace", shape, 32, shared, shape)
		if err != nil || n == 0 {
			continue
		}
		for rep := range 3 {
			out, err := r.GPU.Alloc(n * size * ClusterTraceBytes)
			if err != nil {
				return err
			}
			err = cl.LaunchClusters(ctx, "cluster_trace", [3]int{n * size, 1, 1}, 32, shared, shape, r.OwnTimeout(), out.Ptr(), uint32(5000*(rep+1)))
			var b []byte
			if err == nil {
				b, err = out.Read()
			}
			out.Free()
			if err != nil {
				return err
			}
			launches++
			first := map[uint32]int{}
			for _, e := range decodeTrace(b, n*size) {
				sm := int(e.sm)
				find(sm)
				if f, ok := first[e.cluster]; ok {
					parent[find(sm)] = find(f)
				} else {
					first[e.cluster] = sm
				}
			}
		}
	}
	groups := map[int][]int{}
	for sm := range parent {
		root := find(sm)
		groups[root] = append(groups[root], sm)
	}
	det := &record.ClusterDetail{Launches: launches}
	for _, g := range groups {
		slices.Sort(g)
		det.Groups = append(det.Groups, g)
	}
	sort.Slice(det.Groups, func(i, j int) bool { return det.Groups[i][0] < det.Groups[j][0] })
	rec.Clusters, rec.Value = det, float64(len(det.Groups))
	if launches == 0 {
		rec.Status, rec.Reason = record.StatusFailed, "no cluster launch ran"
	}
	return nil
}

func dsmChase(ctx context.Context, r *Runner, c *Compiled, local bool, target uint32, rec *record.Record) error {
	out, err := r.GPU.Alloc(64)
	if err != nil {
		return err
	}
	defer out.Free()
	const iters = 256
	kernel := "dsm_chase"
	if local {
		kernel = "dsm_chase_local"
	}
	g := Grid{Blocks: 2, Threads: 32, SharedBytes: AsyncData + DSMRingElems*DSMRingStride, Cluster: 2}
	if err := c.MedianCycles(ctx, r, kernel, g, out, iters*8, rec, out.Ptr(), uint32(iters), target); err != nil {
		return err
	}
	b, err := out.Read()
	if err != nil {
		return err
	}
	sm0, sm1 := binary.LittleEndian.Uint32(b[16:]), binary.LittleEndian.Uint32(b[20:])
	rec.Note += fmt.Sprintf("; rank 0 ran on SM %d, rank 1 on SM %d", sm0, sm1)
	if !local && target == 1 && sm0 == sm1 {
		rec.Warnings = append(rec.Warnings, "both blocks of the cluster ran on one SM")
	}
	expect := []string{"LDS"}
	if !local {
		expect = []string{"LD"}
	}
	Verified(rec, c.CheckClocked(kernel, expect, 8))
	return nil
}

func dsmPingPong(ctx context.Context, r *Runner, c *Compiled, target uint32, rec *record.Record) error {
	out, err := r.GPU.Alloc(64)
	if err != nil {
		return err
	}
	defer out.Free()
	const iters = 512
	g := Grid{Blocks: 2, Threads: 64, SharedBytes: AsyncData + 256, Cluster: 2}
	if err := c.MedianCycles(ctx, r, "dsm_pingpong", g, out, iters*2, rec, out.Ptr(), uint32(iters), target); err != nil {
		return err
	}
	Verified(rec, c.CheckClocked("dsm_pingpong", []string{"ST"}, 1))
	return nil
}

func dsmStream(ctx context.Context, r *Runner, c *Compiled, sizes []int, width int, store bool, rec *record.Record) error {
	d := r.GPU.Device()
	kernel := fmt.Sprintf("dsm_ld%d", width)
	if store {
		kernel = "dsm_st16"
	}
	const threads, iters = 1024, 256
	shared := max(oneBlockPerSM(d), AsyncData+DSMRegion)
	sw := NewSweeper(rec, &record.SweepDetail{X: "cluster size", Series: "peer"})
	for _, peer := range []string{"next block", "own block"} {
		shift := uint32(1)
		if peer == "own block" {
			shift = 0
		}
		for _, size := range sizes {
			if size < 2 && shift == 1 {
				continue
			}
			pt := record.ParamPoint{X: float64(size), Series: peer}
			blocks := d.SMs / size * size
			if cl, ok := c.Prog.(ClusterLauncher); ok {
				if n, err := cl.MaxActiveClusters(kernel, [3]int{size, 1, 1}, threads, shared, [3]int{size, 1, 1}); err == nil && n > 0 {
					blocks = n * size
				} else if err != nil {
					pt.Failed = err.Error()
				} else {
					pt.Failed = "no cluster of this size fits"
				}
			}
			if pt.Failed != "" {
				sw.Add(pt, nil, false)
				continue
			}
			out, err := r.GPU.Alloc(blocks * threads / 32 * WarpRecordBytes)
			if err != nil {
				return err
			}
			g := Grid{Blocks: blocks, Threads: threads, SharedBytes: shared, Cluster: size}
			rates, err := sw.Launch(ctx, r, c, kernel, g, out, float64(iters*DSMUnroll*32*width), nil, out.Ptr(), uint32(iters), shift)
			out.Free()
			if err != nil {
				if Fatal(err) {
					return err
				}
				pt.Failed = err.Error()
			}
			sw.Add(pt, rates, shift == 1)
		}
	}
	if !sw.Finish("no cluster size measured", "DSM streams") {
		return nil
	}
	expect := []string{"LD"}
	if store {
		expect = []string{"ST"}
	}
	Verified(rec, c.CheckClocked(kernel, expect, DSMUnroll))
	return nil
}

func clusterBarrier(ctx context.Context, r *Runner, c *Compiled, sizes []int, rec *record.Record) error {
	out, err := r.GPU.Alloc(64)
	if err != nil {
		return err
	}
	defer out.Free()
	const iters = 256
	rec.Sweep = &record.SweepDetail{X: "cluster size"}
	for _, size := range sizes {
		var one record.Record
		g := Grid{Blocks: size, Threads: 128, Cluster: size}
		pt := record.ParamPoint{X: float64(size)}
		if err := c.MedianCycles(ctx, r, "cluster_barrier", g, out, iters*kernel.SyncUnroll, &one, out.Ptr(), uint32(iters)); err != nil {
			if Fatal(err) {
				return err
			}
			pt.Failed = err.Error()
		} else {
			pt.Value, pt.Min, pt.Max = one.Value, one.Summary.Min, one.Summary.Max
			// The value is a cluster of 2's, else the first size measured.
			if size == 2 || rec.Samples == nil {
				rec.Value, rec.Samples, rec.Summary = one.Value, one.Samples, one.Summary
				rec.Sweep.Best = len(rec.Sweep.Points)
			}
		}
		rec.Sweep.Points = append(rec.Sweep.Points, pt)
	}
	if rec.Samples == nil {
		rec.Status, rec.Reason = record.StatusFailed, "no cluster size measured"
		return nil
	}
	Verified(rec, c.CheckClocked("cluster_barrier", []string{"UCGABAR_ARV", "UCGABAR_WAIT", "CGABAR"}, kernel.SyncUnroll))
	return nil
}
