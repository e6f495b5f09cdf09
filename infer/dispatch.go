package infer

import (
	"fmt"
	"math"
	"sort"

	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/stats"
)

// WarpSpan is one warp of a dispatch trace: where it ran and when, in
// nanoseconds of %globaltimer from the launch's first warp start.
type WarpSpan struct {
	SM, Slot, Block, WarpInBlock int
	Start, End                   float64
}

// Spread is a quantity's smallest, median and largest value over SMs.
type Spread struct{ Min, Median, Max float64 }

func spreadOf(v []float64) Spread {
	if len(v) == 0 {
		return Spread{}
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	return Spread{Min: s[0], Median: stats.Median(s), Max: s[len(s)-1]}
}

// Timeline is what a dispatch trace shows about how the GPU placed and ran
// a launch's blocks.
type Timeline struct {
	Blocks, Warps int
	// SMs is how many SMs ran at least one warp.
	SMs int
	// BlocksPerSM and WarpsPerSM are the most blocks and warps resident
	// on an SM at one time, over the SMs used.
	BlocksPerSM, WarpsPerSM Spread
	// FirstWaveSMs is how many distinct SMs the first SMs blocks (in
	// block order) landed on: all of them when the GPU spreads blocks
	// across SMs before doubling up.
	FirstWaveSMs int
	// FirstBlocks are the SMs of blocks 0, 1, ... (up to 16).
	FirstBlocks []int
	// Fill is the time until every SM used had started its first block.
	Fill float64
	// FirstWave is the time until the last block of the first wave (the
	// first SMs × median resident blocks, in block order) started, and
	// Refill the time from the first to the last start of the blocks
	// after them; the rates are those blocks per microsecond (0 when
	// they all started within one tick of the timer).
	FirstWave, WaveRate, Refill, RefillRate float64
	// Resolution is the timer's tick: the smallest difference between
	// two distinct start times.
	Resolution float64
	// Paired is the share of the first blocks (in pairs 2k, 2k+1) placed
	// on the two SMs of one pair (2s, 2s+1); PairStride the most common
	// distance between successive pairs' SMs.
	Paired     float64
	PairStride int
	// Drain is the time from the first SM finishing its last block to
	// the last SM finishing.
	Drain float64
	// Span is first warp start to last warp end.
	Span float64
	// Turnaround is the median time between a block ending on an SM and
	// the next block starting there, over every such pair (0 when no SM
	// ran blocks one after another).
	Turnaround float64
	// Waves is how many times over the blocks filled the GPU: blocks over
	// SMs × median resident blocks.
	Waves float64
}

type blockSpan struct {
	sm, block  int
	start, end float64
	warps      int
}

// maxOverlap is the most intervals open at once.
func maxOverlap(starts, ends []float64) int {
	s, e := append([]float64(nil), starts...), append([]float64(nil), ends...)
	sort.Float64s(s)
	sort.Float64s(e)
	best, open, j := 0, 0, 0
	for _, t := range s {
		// An interval that ends when another starts does not overlap it.
		for j < len(e) && e[j] <= t {
			open--
			j++
		}
		open++
		best = max(best, open)
	}
	return best
}

// AnalyzeTimeline summarizes a dispatch trace. Warps of one block must
// share an SM (they always do on NVIDIA GPUs); a trace where they do not
// is an error, as is an empty one.
func AnalyzeTimeline(ws []WarpSpan) (Timeline, error) {
	if len(ws) == 0 {
		return Timeline{}, fmt.Errorf("empty trace")
	}
	t0, t1 := math.Inf(1), math.Inf(-1)
	blocks := map[int]*blockSpan{}
	perSM := map[int][]int{} // warp indices by SM
	for i, w := range ws {
		if w.End < w.Start {
			return Timeline{}, fmt.Errorf("warp %d of block %d ends before it starts", w.WarpInBlock, w.Block)
		}
		t0, t1 = math.Min(t0, w.Start), math.Max(t1, w.End)
		b, ok := blocks[w.Block]
		if !ok {
			b = &blockSpan{sm: w.SM, block: w.Block, start: w.Start, end: w.End}
			blocks[w.Block] = b
		}
		if b.sm != w.SM {
			return Timeline{}, fmt.Errorf("block %d ran on SMs %d and %d", w.Block, b.sm, w.SM)
		}
		b.start, b.end = math.Min(b.start, w.Start), math.Max(b.end, w.End)
		b.warps++
		perSM[w.SM] = append(perSM[w.SM], i)
	}
	tl := Timeline{Blocks: len(blocks), Warps: len(ws), SMs: len(perSM), Span: t1 - t0}
	bySM := map[int][]*blockSpan{}
	var order []*blockSpan
	for _, b := range blocks {
		bySM[b.sm] = append(bySM[b.sm], b)
		order = append(order, b)
	}
	sort.Slice(order, func(i, j int) bool { return order[i].block < order[j].block })
	var resB, resW, firsts, lasts, turns []float64
	for sm, bs := range bySM {
		var s, e []float64
		for _, b := range bs {
			s, e = append(s, b.start), append(e, b.end)
		}
		resB = append(resB, float64(maxOverlap(s, e)))
		s, e = s[:0], e[:0]
		for _, i := range perSM[sm] {
			s, e = append(s, ws[i].Start), append(e, ws[i].End)
		}
		resW = append(resW, float64(maxOverlap(s, e)))
		sort.Slice(bs, func(i, j int) bool { return bs[i].start < bs[j].start })
		firsts = append(firsts, bs[0].start-t0)
		last := 0.0
		for _, b := range bs {
			last = math.Max(last, b.end)
		}
		lasts = append(lasts, last)
		// Turnaround: the k-th block to start after the SM's resident
		// ones takes the slot freed k-th, as a queue would.
		r := int(resB[len(resB)-1])
		var ends []float64
		for _, b := range bs {
			ends = append(ends, b.end)
		}
		sort.Float64s(ends)
		for k := r; k < len(bs); k++ {
			turns = append(turns, bs[k].start-ends[k-r])
		}
	}
	tl.BlocksPerSM, tl.WarpsPerSM = spreadOf(resB), spreadOf(resW)
	fill := spreadOf(firsts)
	tl.Fill = fill.Max
	var starts []float64
	for _, b := range order {
		starts = append(starts, b.start)
	}
	sort.Float64s(starts)
	tl.Resolution = math.Inf(1)
	for i := 1; i < len(starts); i++ {
		if d := starts[i] - starts[i-1]; d > 0 {
			tl.Resolution = math.Min(tl.Resolution, d)
		}
	}
	if math.IsInf(tl.Resolution, 1) {
		tl.Resolution = 0
	}
	wave := int(float64(tl.SMs) * spreadOf(resB).Median)
	rate := func(bs []*blockSpan) (span, perUs float64) {
		if len(bs) == 0 {
			return 0, 0
		}
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, b := range bs {
			lo, hi = math.Min(lo, b.start), math.Max(hi, b.start)
		}
		if hi > lo {
			perUs = float64(len(bs)) / ((hi - lo) / 1000)
		}
		return hi - lo, perUs
	}
	if wave > 0 && wave <= len(order) {
		for _, b := range order[:wave] {
			tl.FirstWave = math.Max(tl.FirstWave, b.start-t0)
		}
		if tl.FirstWave > 0 {
			tl.WaveRate = float64(wave) / (tl.FirstWave / 1000)
		}
		tl.Refill, tl.RefillRate = rate(order[wave:])
	}
	pairs, paired := 0, 0
	strides := map[int]int{}
	for k := 0; k+1 < min(len(order), tl.SMs); k += 2 {
		a, b := order[k].sm, order[k+1].sm
		pairs++
		if a/2 == b/2 && a != b {
			paired++
		}
		if k >= 2 {
			strides[min(a, b)/2*2-min(order[k-2].sm, order[k-1].sm)/2*2]++
		}
	}
	if pairs > 0 {
		tl.Paired = float64(paired) / float64(pairs)
	}
	best := 0
	for s, n := range strides {
		if n > best || n == best && s < tl.PairStride {
			tl.PairStride, best = s, n
		}
	}
	ls := spreadOf(lasts)
	tl.Drain = ls.Max - ls.Min
	if len(turns) > 0 {
		tl.Turnaround = stats.Median(turns)
	}
	seen := map[int]bool{}
	for i, b := range order {
		if i < tl.SMs {
			seen[b.sm] = true
		}
		if i < 16 {
			tl.FirstBlocks = append(tl.FirstBlocks, b.sm)
		}
	}
	tl.FirstWaveSMs = len(seen)
	if tl.BlocksPerSM.Median > 0 {
		tl.Waves = float64(tl.Blocks) / (float64(tl.SMs) * tl.BlocksPerSM.Median)
	}
	return tl, nil
}

// LaunchStats is what a batch of launches' device-side times show.
type LaunchStats struct {
	// StartGap is the median time between consecutive kernels' starts,
	// IdleGap the median time from a kernel's end to the next one's
	// start (negative when they overlap), in the order they started.
	StartGap, IdleGap float64
	// Concurrent is the most kernels running at one time.
	Concurrent int
}

// AnalyzeLaunches summarizes kernels' start and end times (any unit).
func AnalyzeLaunches(starts, ends []float64) (LaunchStats, error) {
	if len(starts) != len(ends) || len(starts) == 0 {
		return LaunchStats{}, fmt.Errorf("%d starts and %d ends: need as many of each, at least one", len(starts), len(ends))
	}
	idx := make([]int, len(starts))
	for i := range idx {
		if ends[i] < starts[i] {
			return LaunchStats{}, fmt.Errorf("kernel %d ends before it starts", i)
		}
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return starts[idx[a]] < starts[idx[b]] })
	var sg, ig []float64
	for k := 1; k < len(idx); k++ {
		p, c := idx[k-1], idx[k]
		sg = append(sg, starts[c]-starts[p])
		ig = append(ig, starts[c]-ends[p])
	}
	st := LaunchStats{Concurrent: maxOverlap(starts, ends)}
	if len(sg) > 0 {
		st.StartGap, st.IdleGap = stats.Median(sg), stats.Median(ig)
	}
	return st, nil
}

// TraceSpans turns a dispatch record's trace into the spans
// AnalyzeTimeline takes.
func TraceSpans(d *record.DispatchDetail) []WarpSpan {
	ws := make([]WarpSpan, len(d.Trace))
	for i, t := range d.Trace {
		ws[i] = WarpSpan{SM: int(t[0]), Slot: int(t[1]), Block: int(t[2]), WarpInBlock: int(t[3]), Start: float64(t[4]), End: float64(t[5])}
	}
	return ws
}

// LaunchStatsOf analyzes a launch record's kernel times.
func LaunchStatsOf(d *record.LaunchDetail) (LaunchStats, error) {
	s, e := make([]float64, len(d.Kernels)), make([]float64, len(d.Kernels))
	for i, k := range d.Kernels {
		s[i], e[i] = float64(k[0]), float64(k[1])
	}
	return AnalyzeLaunches(s, e)
}
