package async

import (
	"context"
	"encoding/binary"
	"fmt"
	"slices"
	"sort"

	"github.com/gpuarch/gpuarch/backend/cudagpu"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/ptx"
	"github.com/gpuarch/gpuarch/record"
)

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
func ClusterJob(suite string, plan ClusterPlan) engine.Job {
	j := &cudagpu.PTXJob{Module: "cluster"}
	j.Kernels = func() []*ptx.Kernel {
		ks := []*ptx.Kernel{cudagpu.ClusterTraceKernel("cluster_trace"), cudagpu.DSMChaseKernel("dsm_chase", false), cudagpu.DSMChaseKernel("dsm_chase_local", true),
			cudagpu.DSMPingPongKernel("dsm_pingpong"), cudagpu.ClusterBarrierKernel("cluster_barrier")}
		for _, w := range plan.Widths {
			ks = append(ks, cudagpu.DSMStreamKernel(fmt.Sprintf("dsm_ld%d", w), w, false))
		}
		ks = append(ks, cudagpu.DSMStreamKernel("dsm_st16", 16, true))
		return ks
	}
	rec := func(subject, group string, q record.Quantity, unit, note string) record.Record {
		return record.Record{ID: ID(subject, string(q)), Suite: suite, Subject: subject, Group: group, Quantity: q, Unit: unit, Note: note}
	}
	j.Items = append(j.Items, cudagpu.Item{Rec: rec("cluster shapes", GroupCluster, record.Amount, "blocks per cluster",
		"each shape launched (cuLaunchKernelEx with a cluster dimension; above 8 blocks with the non-portable size allowed) with one block per SM (over half the SM's shared memory) and with 128-thread blocks without shared memory; max active is the driver's count (cuOccupancyMaxActiveClusters), seen at once is the most clusters a traced launch of that many had running together; the value is the largest cluster that launched"),
		Run: func(ctx context.Context, r *engine.Runner, c *engine.Compiled, rec *record.Record) error {
			return clusterShapes(ctx, r, c, plan, rec)
		}})
	j.Items = append(j.Items, cudagpu.Item{Rec: rec("GPCs", GroupCluster, record.Amount, "groups of SMs",
		"launches of clusters of every size, one block per SM, traced (%smid, %cluster_ctarank): SMs that shared a cluster are joined; a cluster never spans GPCs, so each group is within one GPC"),
		Run: func(ctx context.Context, r *engine.Runner, c *engine.Compiled, rec *record.Record) error {
			return clusterGroups(ctx, r, c, plan, rec)
		}})
	for _, v := range []struct {
		subject string
		local   bool
		target  uint32
	}{{SharedOwnBlock, true, 0}, {"ld.shared::cluster, own block", false, 0}, {"ld.shared::cluster, other SM", false, 1}} {
		v := v
		j.Items = append(j.Items, cudagpu.Item{Rec: rec(v.subject, GroupDSM, record.Latency, "cycles",
			"thread 0 of rank 0 of a cluster of 2 follows a ring of offsets in a block's shared memory (64 words 128 bytes apart), one add and one dependent load a step; cycles per step"),
			Run: func(ctx context.Context, r *engine.Runner, c *engine.Compiled, rec *record.Record) error {
				return dsmChase(ctx, r, c, v.local, v.target, rec)
			}})
	}
	for _, v := range []struct {
		subject string
		target  uint32
	}{{"st.shared::cluster round trip, same SM", 0}, {"st.shared::cluster round trip, other SM", 1}} {
		v := v
		j.Items = append(j.Items, cudagpu.Item{Rec: rec(v.subject, GroupDSM, record.Latency, "cycles",
			"one-way store latency: a thread stores a count into its partner's flag (st.relaxed.cluster.shared::cluster) and polls its own until the partner, polling, stores it back; half the round trip (same SM: two warps of one block through the cluster window; other SM: two blocks of a cluster of 2)"),
			Run: func(ctx context.Context, r *engine.Runner, c *engine.Compiled, rec *record.Record) error {
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
			j.Items = append(j.Items, cudagpu.Item{Rec: rec(subject, GroupDSM, record.Throughput, "bytes/clock/SM",
				fmt.Sprintf("every thread of 1024-thread blocks (one per SM, clusters of each size) %ss %d bytes %d times a loop iteration from the next block's shared memory in its cluster (ld/st.shared::cluster through mapa), sweeping %d KiB; bytes over each SM's span of %%clock64; the value is the best cluster size; series own block: the same through the cluster window to the block's own memory", what, w, cudagpu.DSMUnroll, cudagpu.DSMRegion>>10)),
				Run: func(ctx context.Context, r *engine.Runner, c *engine.Compiled, rec *record.Record) error {
					return dsmStream(ctx, r, c, plan.Sizes, w, store, rec)
				}})
		}
	}
	j.Items = append(j.Items, cudagpu.Item{Rec: rec("barrier.cluster", GroupCluster, record.Latency, "cycles per barrier",
		"barrier.cluster.arrive then barrier.cluster.wait by every thread of 128-thread blocks, eight a loop iteration; the value is a cluster of 2, the sweep every size"),
		Run: func(ctx context.Context, r *engine.Runner, c *engine.Compiled, rec *record.Record) error {
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
		e := b[i*cudagpu.ClusterTraceBytes:]
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

func clusterLauncher(c *engine.Compiled) (engine.ClusterLauncher, error) {
	cl, ok := c.Prog.(engine.ClusterLauncher)
	if !ok {
		return nil, fmt.Errorf("this backend cannot launch thread-block clusters")
	}
	return cl, nil
}

func clusterShapes(ctx context.Context, r *engine.Runner, c *engine.Compiled, plan ClusterPlan, rec *record.Record) error {
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
			out, err := r.GPU.Alloc(n * blocks * cudagpu.ClusterTraceBytes)
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
				if engine.Fatal(err) {
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

func clusterGroups(ctx context.Context, r *engine.Runner, c *engine.Compiled, plan ClusterPlan, rec *record.Record) error {
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
			out, err := r.GPU.Alloc(n * size * cudagpu.ClusterTraceBytes)
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

func dsmChase(ctx context.Context, r *engine.Runner, c *engine.Compiled, local bool, target uint32, rec *record.Record) error {
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
	g := engine.Grid{Blocks: 2, Threads: 32, SharedBytes: cudagpu.AsyncData + cudagpu.DSMRingElems*cudagpu.DSMRingStride, Cluster: 2}
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
	cudagpu.Verified(rec, c.Verifier().Clocked(kernel, expect, 8))
	return nil
}

func dsmPingPong(ctx context.Context, r *engine.Runner, c *engine.Compiled, target uint32, rec *record.Record) error {
	out, err := r.GPU.Alloc(64)
	if err != nil {
		return err
	}
	defer out.Free()
	const iters = 512
	g := engine.Grid{Blocks: 2, Threads: 64, SharedBytes: cudagpu.AsyncData + 256, Cluster: 2}
	if err := c.MedianCycles(ctx, r, "dsm_pingpong", g, out, iters*2, rec, out.Ptr(), uint32(iters), target); err != nil {
		return err
	}
	cudagpu.Verified(rec, c.Verifier().Clocked("dsm_pingpong", []string{"ST"}, 1))
	return nil
}

func dsmStream(ctx context.Context, r *engine.Runner, c *engine.Compiled, sizes []int, width int, store bool, rec *record.Record) error {
	d := r.GPU.Device()
	kernel := fmt.Sprintf("dsm_ld%d", width)
	if store {
		kernel = "dsm_st16"
	}
	const threads, iters = 1024, 256
	shared := max(oneBlockPerSM(d), cudagpu.AsyncData+cudagpu.DSMRegion)
	sw := cudagpu.NewSweeper(rec, &record.SweepDetail{X: "cluster size", Series: "peer"})
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
			if cl, ok := c.Prog.(engine.ClusterLauncher); ok {
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
			out, err := r.GPU.Alloc(blocks * threads / 32 * engine.WarpRecordBytes)
			if err != nil {
				return err
			}
			g := engine.Grid{Blocks: blocks, Threads: threads, SharedBytes: shared, Cluster: size}
			rates, err := sw.Launch(ctx, r, c, kernel, g, out, float64(iters*cudagpu.DSMUnroll*32*width), nil, out.Ptr(), uint32(iters), shift)
			out.Free()
			if err != nil {
				if engine.Fatal(err) {
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
	cudagpu.Verified(rec, c.Verifier().Clocked(kernel, expect, cudagpu.DSMUnroll))
	return nil
}

func clusterBarrier(ctx context.Context, r *engine.Runner, c *engine.Compiled, sizes []int, rec *record.Record) error {
	out, err := r.GPU.Alloc(64)
	if err != nil {
		return err
	}
	defer out.Free()
	const iters = 256
	rec.Sweep = &record.SweepDetail{X: "cluster size"}
	for _, size := range sizes {
		var one record.Record
		g := engine.Grid{Blocks: size, Threads: 128, Cluster: size}
		pt := record.ParamPoint{X: float64(size)}
		if err := c.MedianCycles(ctx, r, "cluster_barrier", g, out, iters*kernel.SyncUnroll, &one, out.Ptr(), uint32(iters)); err != nil {
			if engine.Fatal(err) {
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
	cudagpu.Verified(rec, c.Verifier().Clocked("cluster_barrier", []string{"UCGABAR_ARV", "UCGABAR_WAIT", "CGABAR"}, kernel.SyncUnroll))
	return nil
}
