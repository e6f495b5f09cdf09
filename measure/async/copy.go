package async

import (
	"context"
	"fmt"
	"strings"

	"github.com/gpuarch/gpuarch/backend/cudagpu"
	"github.com/gpuarch/gpuarch/cuda"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/ptx"
	"github.com/gpuarch/gpuarch/record"
)

// CopyLatency is one latency record of the async suite: a copy, where
// its data lives ("L2" or "L1": the same address every step; "DRAM": a
// new one 64 KiB + 128 B on each step, within a footprint of 256 MiB) and
// the TMA's transfer size.
type CopyLatency struct {
	Copy  cudagpu.AsyncCopy
	Level string
	Bytes int
}

// asyncFootprint is the far chains' footprint: well past the L2.
const asyncFootprint = 256 << 20

// tensorTile is the tensor map of rank r the tensor latency kernels read
// through: 4-byte elements over footprint bytes, rows of 1024 elements
// (dimensions 1..r-2 of 4 each), and a 1 KiB box; it returns the tile
// and the outermost dimension's size.
func tensorTile(rank int, footprint int) (cuda.TensorTile, uint64) {
	boxes := map[int][]uint32{1: {256}, 2: {64, 4}, 3: {16, 4, 4}, 4: {16, 4, 2, 2}, 5: {8, 4, 2, 2, 2}}
	elems := uint64(footprint / 4)
	t := cuda.TensorTile{Type: cuda.TensorUint32, Box: boxes[rank], L2Promotion: 2}
	if rank == 1 {
		t.Dims = []uint64{elems}
		return t, elems
	}
	dims := []uint64{1024}
	for len(dims) < rank-1 {
		dims = append(dims, 4)
	}
	inner := uint64(1)
	for _, d := range dims {
		inner *= d
	}
	dims = append(dims, elems/inner)
	stride := uint64(4)
	for _, d := range dims[:rank-1] {
		stride *= d
		t.Strides = append(t.Strides, stride)
	}
	t.Dims = dims
	return t, dims[rank-1]
}

// CopyLatencyJob measures each case's latency: the chain's cycles per
// step less its control's.
func CopyLatencyJob(suite string, cases []CopyLatency) engine.Job {
	j := &cudagpu.PTXJob{Module: "async_latency"}
	j.Kernels = func() []*ptx.Kernel {
		var ks []*ptx.Kernel
		seen := map[string]bool{}
		for _, c := range cases {
			for _, ctl := range []bool{false, true} {
				n := asyncLatencyKernel(c.Copy, ctl)
				if !seen[n] {
					seen[n] = true
					ks = append(ks, cudagpu.AsyncLatencyKernel(n, c.Copy, ctl))
				}
			}
		}
		return ks
	}
	for _, c := range cases {
		c := c
		subject := asyncSubject(c)
		j.Items = append(j.Items, cudagpu.Item{
			Rec: record.Record{ID: LatencyID(subject), Suite: suite, Subject: subject, Group: groupOf(c.Copy), Op: c.Copy.Kind,
				Quantity: record.Latency, Unit: "cycles", Note: asyncLatencyNote(c)},
			Run: func(ctx context.Context, r *engine.Runner, cp *engine.Compiled, rec *record.Record) error {
				return asyncLatency(ctx, r, cp, c, rec)
			},
		})
	}
	return j
}

// groupOf is the record group of a copy.
func groupOf(a cudagpu.AsyncCopy) string {
	if a.Kind == "cp.async" {
		return GroupCpAsync
	}
	return GroupTMA
}

func asyncLatencyKernel(a cudagpu.AsyncCopy, control bool) string {
	if !control {
		return a.Kernel() + "_lat"
	}
	if a.Coords() {
		return "coords_ctl"
	}
	if a.SingleThread() {
		return "one_ctl"
	}
	return "lanes_ctl"
}

func asyncSubject(c CopyLatency) string {
	a := c.Copy
	var s string
	switch a.Kind {
	case "cp.async":
		s = fmt.Sprintf("cp.async.%s %d B", a.CacheOp, a.Width)
		if a.WaitAll {
			s += ", wait_all"
		}
	case "tensor", "tensor store":
		s = fmt.Sprintf("%s %dD, %s", a.Kind, a.Rank, cudagpu.SizeName(c.Bytes))
	default:
		s = fmt.Sprintf("%s, %s", a.Kind, cudagpu.SizeName(c.Bytes))
	}
	return s + ", " + c.Level
}

// parseSize reads what sizeName writes.
func parseSize(s string) int {
	var n int
	var unit string
	if _, err := fmt.Sscanf(s, "%d %s", &n, &unit); err != nil {
		return 0
	}
	return n * map[string]int{"B": 1, "KiB": 1 << 10, "MiB": 1 << 20}[unit]
}

func asyncLatencyNote(c CopyLatency) string {
	where := "the same address every step"
	if c.Level == "DRAM" {
		where = fmt.Sprintf("a new address each step (64 KiB + 128 B on, within %s)", cudagpu.SizeName(asyncFootprint))
	}
	switch c.Copy.Kind {
	case "cp.async":
		wait := "cp.async.commit_group and cp.async.wait_group 0"
		if c.Copy.WaitAll {
			wait = "cp.async.wait_all"
		}
		return fmt.Sprintf("one warp, every lane copying %d bytes global to shared; issue to visibility (%s), from a chain whose next address adds the copied word, less the same chain without the copy; %s", c.Copy.Width, wait, where)
	case "bulk store", "tensor store":
		return fmt.Sprintf("one thread; issue to completion of the bulk group (cp.async.bulk.commit_group, wait_group 0: the writes done), chained through the next address, less the chain without the copy; %s", where)
	}
	return fmt.Sprintf("one thread; mbarrier.arrive.expect_tx, the copy, and mbarrier.try_wait.parity until the phase completes with the bytes in shared memory, chained through the copied word into the next address, less the chain without the copy; %s", where)
}

// asyncIters is how many loop iterations a latency launch runs.
func asyncIters(level string) int {
	if level == "DRAM" {
		return 64
	}
	return 256
}

func asyncLatency(ctx context.Context, r *engine.Runner, c *engine.Compiled, lc CopyLatency, rec *record.Record) error {
	footprint := asyncFootprint
	bufs, free, err := engine.AllocBuffers(r.GPU, footprint, 64)
	if err != nil {
		return err
	}
	defer free()
	buf, out := bufs[0], bufs[1]
	a := lc.Copy
	var mask, delta uint32
	args := []any{}
	if a.Coords() {
		tm, ok := r.GPU.(cudagpu.TensorMapper)
		if !ok {
			rec.Status, rec.Reason = record.StatusSkipped, "this GPU's driver encodes no tensor maps"
			return nil
		}
		tile, outer := tensorTile(a.Rank, footprint)
		m, err := tm.TensorMap(buf, tile)
		if err != nil {
			return err
		}
		if lc.Level == "DRAM" {
			mask, delta = uint32(outer/2-1), uint32(outer/64+1)
			if a.Rank == 1 {
				delta = (64<<10 + 128) / 4
			}
		}
		args = append(args, m)
	} else if lc.Level == "DRAM" {
		mask, delta = uint32(footprint/2-1), 64<<10+128
	}
	threads := r.WarpSize()
	g := engine.Grid{Blocks: 1, Threads: threads, SharedBytes: cudagpu.AsyncData + max(lc.Bytes, 16*threads)}
	iters := asyncIters(lc.Level)
	launch := func(kernel string, into *record.Record) error {
		return c.MedianCycles(ctx, r, kernel, g, out, iters*cudagpu.AsyncSteps, into, append([]any{out.Ptr(), buf.Ptr(), uint32(iters), mask, delta, uint32(lc.Bytes)}, args...)...)
	}
	var full, ctl record.Record
	if err := launch(asyncLatencyKernel(a, false), &full); err != nil {
		return err
	}
	if err := launch(asyncLatencyKernel(a, true), &ctl); err != nil {
		return err
	}
	rec.Samples = make([]float64, len(full.Samples))
	for i, v := range full.Samples {
		rec.Samples[i] = v - ctl.Value
	}
	engine.SetSamples(rec, rec.Samples)
	rec.Latency = &record.LatencyDetail{Cycles: rec.Value, RawCycles: full.Value, AdjustedCycles: rec.Value}
	cudagpu.Verified(rec, c.Verifier().Clocked(asyncLatencyKernel(a, false), a.Expect(), cudagpu.AsyncSteps))
	return nil
}

// CopyStream is a bandwidth sweep: cp.async with groups in flight, or the
// TMA's loads (bulk or 2-D tensor) with stages in flight, over box sizes,
// from a footprint in L2 or DRAM.
type CopyStream struct {
	Kind  string // "cp.async", "bulk", "tensor"
	Level string // "L2" (16 MiB) or "DRAM" (1 GiB)
	// Depths are cp.async's groups in flight or the TMA's stages.
	Depths []int
	// Sizes are the TMA's bytes per copy (a 2-D box of 64 4-byte
	// elements by size/256 rows for tensors).
	Sizes []int
}

func (s CopyStream) footprint() int {
	if s.Level == "DRAM" {
		return 1 << 30
	}
	return 16 << 20
}

func asyncStreamKernel(kind string, depth int) string {
	return fmt.Sprintf("%s_stream_%d", strings.ReplaceAll(kind, ".", ""), depth)
}

// cpAsyncThreads is the block of a cp.async stream: 8 warps, one block per
// SM, each thread copying 16 bytes a group.
const cpAsyncThreads = 256

// CopyStreamJob measures each sweep's bandwidth in bytes per clock per
// SM at every depth (and size), the record's value its best point, and
// for DRAM sweeps of the TMA a second record: the fewest bytes in flight
// per SM that reach 95% of that best.
func CopyStreamJob(suite string, sweeps []CopyStream) engine.Job {
	j := &cudagpu.PTXJob{Module: "async_stream"}
	j.Kernels = func() []*ptx.Kernel {
		var ks []*ptx.Kernel
		seen := map[string]bool{}
		for _, s := range sweeps {
			for _, d := range s.Depths {
				n := asyncStreamKernel(s.Kind, d)
				if seen[n] {
					continue
				}
				seen[n] = true
				if s.Kind == "cp.async" {
					ks = append(ks, cudagpu.CpAsyncStreamKernel(n, d))
				} else {
					ks = append(ks, cudagpu.TMAStreamKernel(n, s.Kind == "tensor", d))
				}
			}
		}
		return ks
	}
	for _, s := range sweeps {
		s := s
		subject := fmt.Sprintf("%s read, %s", streamSubject(s.Kind), s.Level)
		x := "stages in flight"
		if s.Kind == "cp.async" {
			x = "groups in flight"
		}
		rec := record.Record{ID: BandwidthID(subject), Suite: suite, Subject: subject, Group: groupOf(cudagpu.AsyncCopy{Kind: s.Kind}), Op: s.Kind + " stream",
			Quantity: record.Throughput, Unit: "bytes/clock/SM", Note: streamNote(s)}
		var reach *record.Record
		if s.Kind != "cp.async" && s.Level == "DRAM" {
			reach = &record.Record{ID: InFlightID(subject), Suite: suite, Subject: InFlightSubject(subject), Group: GroupTMA,
				Quantity: record.Amount, Unit: "bytes", Note: "the fewest bytes in flight per SM (stages × copy size) whose rate is at least 95% of the sweep's best"}
		}
		j.Items = append(j.Items, cudagpu.Item{Rec: rec, Run: func(ctx context.Context, r *engine.Runner, c *engine.Compiled, rec *record.Record) error {
			return asyncStream(ctx, r, c, s, x, rec)
		}})
		if reach != nil {
			j.Items = append(j.Items, cudagpu.Item{Rec: *reach, Run: func(ctx context.Context, r *engine.Runner, c *engine.Compiled, rec *record.Record) error {
				return fewestInFlight(j, rec, subject)
			}})
		}
	}
	return j
}

// fewestInFlight fills the bytes-in-flight record from the sweep measured
// just before it: stages × copy size of the cheapest point within 95% of
// the best.
func fewestInFlight(j *cudagpu.PTXJob, rec *record.Record, subject string) error {
	j.CheapestAt95(rec, subject, func(p record.ParamPoint) float64 { return p.X * float64(parseSize(p.Series)) })
	return nil
}

func streamSubject(kind string) string {
	switch kind {
	case "cp.async":
		return "cp.async.cg 16 B"
	case "bulk":
		return "cp.async.bulk"
	}
	return "cp.async.bulk.tensor 2D"
}

func streamNote(s CopyStream) string {
	if s.Kind == "cp.async" {
		return fmt.Sprintf("one block of %d threads per SM, each copying 16 bytes a group into a ring of slots and waiting until at most depth-1 groups are pending (cp.async.wait_group); blocks sweep %s together; bytes over each SM's span of %%clock64, median over SMs; the value is the best depth", cpAsyncThreads, cudagpu.SizeName(s.footprint()))
	}
	return fmt.Sprintf("one block per SM, one thread keeping stages copies of a size in flight into a ring of shared-memory slots, each completing on its slot's mbarrier (arrive.expect_tx, try_wait.parity); blocks sweep %s together; bytes over each SM's span of %%clock64, median over SMs; the value is the best point of stages × size", cudagpu.SizeName(s.footprint()))
}

// asyncStreamIters is how many copies each block (cp.async: each thread)
// makes per launch: enough for about 256 KiB (cp.async: 4 KiB a group)
// per block, at least 64.
func asyncStreamIters(kind string, size int) int {
	if kind == "cp.async" {
		return 512
	}
	return max(64, min(2048, (8<<20)/size))
}

func asyncStream(ctx context.Context, r *engine.Runner, c *engine.Compiled, s CopyStream, x string, rec *record.Record) error {
	d := r.GPU.Device()
	buf, err := r.GPU.Alloc(s.footprint())
	if err != nil {
		return err
	}
	defer buf.Free()
	out, err := r.GPU.Alloc(d.SMs * 8 * engine.WarpRecordBytes)
	if err != nil {
		return err
	}
	defer out.Free()
	optin := d.Attributes["MAX_SHARED_MEMORY_PER_BLOCK_OPTIN"]
	sizes := s.Sizes
	if s.Kind == "cp.async" {
		sizes = []int{cpAsyncThreads * 16}
	}
	var tm cudagpu.TensorMapper
	if s.Kind == "tensor" {
		var ok bool
		if tm, ok = r.GPU.(cudagpu.TensorMapper); !ok {
			rec.Status, rec.Reason = record.StatusSkipped, "this GPU's driver encodes no tensor maps"
			return nil
		}
	}
	sw := cudagpu.NewSweeper(rec, &record.SweepDetail{X: x, Series: "bytes per copy"})
	for _, size := range sizes {
		var extra []any
		mask := uint32(s.footprint() - 1)
		if s.Kind == "tensor" {
			rows := uint64(s.footprint() / 256)
			m, err := tm.TensorMap(buf, cuda.TensorTile{Type: cuda.TensorUint32, Dims: []uint64{64, rows}, Strides: []uint64{256}, Box: []uint32{64, uint32(size / 256)}, L2Promotion: 2})
			if err != nil {
				return err
			}
			extra, mask = []any{m}, uint32(rows-1)
		}
		for _, depth := range s.Depths {
			pt := record.ParamPoint{X: float64(depth), Series: cudagpu.SizeName(size)}
			need := cudagpu.AsyncData + depth*size
			threads := 32
			if s.Kind == "cp.async" {
				threads = cpAsyncThreads
			}
			if need > optin {
				pt.Failed = fmt.Sprintf("%d bytes of shared memory, above the %d a block may have", need, optin)
				sw.Add(pt, nil, false)
				continue
			}
			g := engine.Grid{Blocks: d.SMs, Threads: threads, SharedBytes: max(need, oneBlockPerSM(d))}
			iters := asyncStreamIters(s.Kind, size)
			args := []any{out.Ptr(), buf.Ptr(), uint32(iters)}
			if s.Kind != "cp.async" {
				args = append(args, uint32(size))
			}
			args = append(append(args, mask), extra...)
			perWarp := float64(iters) * float64(size)
			if s.Kind == "cp.async" {
				perWarp = float64(iters) * 32 * 16
			}
			rates, err := sw.Launch(ctx, r, c, asyncStreamKernel(s.Kind, depth), g, out, perWarp, nil, args...)
			if err != nil {
				return err
			}
			sw.Add(pt, rates, true)
		}
	}
	if !sw.Finish("no point of the sweep fits a block's shared memory", "stream kernels") {
		return nil
	}
	expect := cudagpu.AsyncCopy{Kind: s.Kind}.Expect()
	cudagpu.Verified(rec, c.Verifier().Clocked(asyncStreamKernel(s.Kind, s.Depths[len(s.Depths)-1]), expect, 1))
	return nil
}
