package analyze

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/gpuarch/gpuarch/infer"
	"github.com/gpuarch/gpuarch/sass"
)

// barrierLine is the dispatch suite's barrier records (Machine.Barrier)
// as a line in the block's warps: a bar.sync of w warps takes fixed +
// perWarp·w cycles from one release to the next with nothing between
// (on the H100 13.3 + 2.0·w: the barrier counts its warps' arrivals one
// after another, two cycles each). Least squares over the records; ok
// false with fewer than two.
func (m *Machine) barrierLine() (fixed, perWarp float64, ok bool) {
	pts := m.Barrier
	if len(pts) < 2 {
		return 0, 0, false
	}
	var sx, sy, sxx, sxy float64
	for _, p := range pts {
		sx += p.Warps
		sy += p.Cycles
		sxx += p.Warps * p.Warps
		sxy += p.Warps * p.Cycles
	}
	n := float64(len(pts))
	den := n*sxx - sx*sx
	if den == 0 {
		return 0, 0, false
	}
	perWarp = (n*sxy - sx*sy) / den
	fixed = (sy - perWarp*sx) / n
	if perWarp < 0 || fixed < 0 {
		return 0, 0, false
	}
	return fixed, perWarp, true
}

// barrierPhases is the cycles per iteration of a loop whose body holds a
// block-wide barrier, with W warps per SM in blocks of bw warps, by
// simulating every warp of the SM cycle by cycle as its control fields
// direct (stall counts, scoreboards released at the measured latencies,
// lat), each scheduler issuing one instruction a clock from its warps in
// turn (warp w on scheduler w mod schedulers), the SM's shared-memory
// banks serving one access at a time at its bank cost (sharedCost, 0 for
// other instructions: a load's result waits for the accesses ahead of it)
// and each block's barrier counting its warps' arrivals one after another
// at the records' cycles per warp, then releasing them all the records'
// fixed cycles after the last (barrierLine).
//
// Between two barriers the warps of a block start together, so what one
// warp alone overlaps with the others' work (the barrier's count of the
// warps, the issue of the phase) they meet at once: the barrier's count
// starts only when the first warp of the phase arrives, and the warps
// arrive only once the scheduler has issued their phases. One warp in
// order (the barrier record added whole) and the throughput bounds
// (which take issue and barriers as overlapping) each miss one side of
// it. ok false where the body has no barrier, no control fields or the
// barrier records lack a line.
func (lm *loopModel) barrierPhases(lat, sharedCost []float64, W, bw int) (float64, bool) {
	if !lm.controlled() || W < 1 {
		return 0, false
	}
	has := false
	for _, in := range lm.body {
		if isBarrier(in) {
			has = true
		}
	}
	if !has {
		return 0, false
	}
	fixed, perWarp, ok := lm.m.barrierLine()
	if !ok {
		return 0, false
	}
	if bw < 1 || bw > W {
		bw = W
	}
	S := max(1, int(math.Round(lm.m.Issue)))
	ctl := lm.controls()
	n := len(lm.body)
	const iters = 8
	type warp struct {
		pc, it  int
		ready   float64
		release [sass.Barriers]float64
		sets    [sass.Barriers][]float64
		waiting bool
		starts  []float64 // the cycle each iteration's first instruction issued
	}
	ws := make([]warp, W)
	blocks := (W + bw - 1) / bw
	arrived := make([]int, blocks)
	counted := make([]float64, blocks) // when each block's barrier finishes counting its last arrival
	sharedFree := 0.0
	free := make([]float64, S) // when each scheduler may issue next
	last := make([]int, S)     // each scheduler's warp issued last
	for s := range last {
		last[s] = -1
	}
	// eligible is when warp w may issue its next instruction (its stall
	// count and scoreboards), +Inf while it waits at a barrier or has
	// finished.
	eligible := func(w int) float64 {
		x := &ws[w]
		if x.it >= iters || x.waiting {
			return math.Inf(1)
		}
		e := x.ready
		c := ctl[x.pc]
		for b := range sass.Barriers {
			if c.Waits(b) {
				e = math.Max(e, x.release[b])
			}
		}
		if sb, k, ok := depbar(lm.body[x.pc]); ok && k > 0 && len(x.sets[sb]) > k {
			e = math.Max(e, x.sets[sb][len(x.sets[sb])-1-k])
		}
		return e
	}
	done := 0
	for done < W {
		// The next issue of the SM: the earliest any scheduler can
		// issue; on a scheduler, the first warp in turn that is
		// eligible by then.
		bestT, bestW, bestS := math.Inf(1), -1, -1
		for s := range S {
			first := math.Inf(1)
			for w := s; w < W; w += S {
				first = math.Min(first, eligible(w))
			}
			if math.IsInf(first, 1) {
				continue
			}
			at := math.Max(free[s], first)
			if at >= bestT {
				continue
			}
			// Greedy then oldest: the warp that issued last while
			// it can, else the oldest (the lowest) that can.
			if w := last[s]; w >= 0 && eligible(w) <= at {
				bestT, bestW, bestS = at, w, s
				continue
			}
			for w := s; w < W; w += S {
				if eligible(w) <= at {
					bestT, bestW, bestS = at, w, s
					break
				}
			}
		}
		if bestW < 0 {
			return 0, false // every warp waits: a barrier no warp can release
		}
		t, w, s := bestT, bestW, bestS
		x := &ws[w]
		c := ctl[x.pc]
		in := lm.body[x.pc]
		if x.pc == 0 {
			x.starts = append(x.starts, t)
		}
		result := t + lat[x.pc]
		if sharedCost[x.pc] > 0 {
			start := math.Max(t, sharedFree)
			sharedFree = start + sharedCost[x.pc]
			result += start - t
		}
		if c.WriteBarrier < sass.Barriers {
			x.release[c.WriteBarrier] = math.Max(x.release[c.WriteBarrier], result)
			x.sets[c.WriteBarrier] = append(x.sets[c.WriteBarrier], result)
		}
		if c.ReadBarrier < sass.Barriers {
			x.release[c.ReadBarrier] = math.Max(x.release[c.ReadBarrier], t+1)
		}
		x.ready = t + math.Max(1, float64(c.Stall))
		if lm.takenBranch(x.pc) {
			x.ready = math.Max(x.ready, t+lm.m.BranchCycles)
		}
		free[s] = t + 1
		last[s] = w
		if isBarrier(in) {
			b := w / bw
			counted[b] = math.Max(counted[b], t) + perWarp
			arrived[b]++
			x.waiting = true
			members := min(bw, W-b*bw)
			if arrived[b] == members {
				rel := counted[b] + fixed
				for v := b * bw; v < b*bw+members; v++ {
					ws[v].waiting = false
					ws[v].ready = math.Max(ws[v].ready, rel)
				}
				arrived[b] = 0
			}
		}
		x.pc++
		if x.pc == n {
			x.pc = 0
			x.it++
			if x.it == iters {
				done++
			}
		}
	}
	if done < W {
		return 0, false
	}
	// Each warp's cycles per iteration over the second half of its
	// iterations, averaged over the warps (as the harness's clock reads
	// around each warp's loop are).
	total := 0.0
	for _, x := range ws {
		a, b := iters/2, iters-1
		total += (x.starts[b] - x.starts[a]) / float64(b-a)
	}
	return total / float64(W), true
}

// sharedCosts is each instruction's cycles at the SM's shared-memory
// banks, as the shared memory bound counts them: a load (or an access
// whose wavefronts the lanes show) at its bank record or wavefronts
// (sharedCycles), another store at the level's bytes per clock; 0 for
// instructions that do not access shared memory.
func (lm *loopModel) sharedCosts() []float64 {
	out := make([]float64, len(lm.body))
	L := lm.m.Levels["shared"]
	for i, op := range lm.mem {
		if op == nil || op.space != "shared" {
			continue
		}
		if !op.store || lm.hasWavefronts(i) {
			if _, wc, ok := lm.sharedCycles(i); ok {
				out[i] = wc
				continue
			}
		}
		if L.ReadBytesPerClock > 0 {
			out[i] = float64(32*op.bytes) / L.ReadBytesPerClock
		}
	}
	return out
}

// freshSectors is, for each global load whose lanes' addresses are known
// relative to a named base, the 32-byte sectors it reads that no earlier
// load of the same iteration from that base read (the fields of one
// structure, a float3's three words, a stencil's neighbours): those come
// from the L1, where the earlier load brought them, not from the level
// assumed. Loads whose sectors are all their own are left out.
func (lm *loopModel) freshSectors() map[int]int {
	out := map[int]int{}
	seen := map[string]map[int64]bool{}
	// trip counts an instruction's copies: the copies of a nested
	// loop's body (Graph.Iteration's trips) read where its counter has
	// moved, each trip's loads compared with the same trip's.
	trip := map[int]int{}
	for i, op := range lm.mem {
		if op == nil || op.store || op.space != "global" || lm.divergent[i] {
			continue
		}
		la, ok := lm.access(i)
		if !ok || la.base == "" {
			continue
		}
		key := fmt.Sprintf("%s#%d", la.base, trip[lm.body[i].Offset])
		trip[lm.body[i].Offset]++
		if seen[key] == nil {
			seen[key] = map[int64]bool{}
		}
		got := seen[key]
		mine := la.sectorsAt(la.baseOff, op.bytes)
		n := 0
		for sct := range mine {
			if !got[sct] {
				n++
			}
		}
		for sct := range mine {
			got[sct] = true
		}
		if n < len(mine) {
			out[i] = n
		}
	}
	return out
}

// missFraction is the share of the iterations in which global load i,
// at the L2 or the DRAM, reads lines the iteration before did not read:
// each lane's address moves by the load's iteration stride, so with a
// stride of s bytes (|s| < 128) a lane enters a new 128-byte line once in
// 128/|s| iterations, and the others find its line in the L1 (a thread
// walking its own row, 4 bytes an iteration: one in 32). 1 where the
// stride is not known or at least a line, for stores and atomics, and at
// the L1. The L1 is taken to hold the lines the warps reuse. Times the
// share of its lines no other load of its group brings to the SM
// (gridNeighbour).
func (lm *loopModel) missFraction(i int, level string) float64 {
	level = lm.levelOf(i, level)
	op := lm.mem[i]
	if op == nil || op.store || op.space != "global" || (level != "L2" && level != "DRAM") {
		return 1
	}
	if w, ok := lm.windowShare(i); ok {
		return w
	}
	f := 1.0
	if g, ok := lm.gridNeighbour(i); ok {
		// The other warps' loads of its group bring the rest.
		f = g.fresh
	}
	la, ok := lm.access(i)
	if !ok || !la.iterKnown {
		return f
	}
	s := la.iterStride
	if s < 0 {
		s = -s
	}
	return f * min(1, float64(s)/128)
}

// windowShare is, for a gather whose lanes scatter over a window of a
// known span (an index loaded and masked or shifted to its bits, added
// to a base: x[(i & ~4095) + (col[i] >> 20)], a banded sparse row's
// columns around its row), the share of its lanes the level serves: the
// window taken as formed on the thread's grid-stride index, so that
// span / width consecutive threads share one, the SM's block of threads
// reads each of the windows it falls in through the L1 and brings from
// the level the lines its lanes' draws are expected to touch (n lines
// of the window drawn t times: n (1 - e^(-t/n))), the L1 serving the
// rest. ok false for other loads, for windows every block shares
// (gridScatterAtomic and the grid's shared windows cost those) and for
// windows larger than the L1 holds.
func (lm *loopModel) windowShare(i int) (float64, bool) {
	op := lm.mem[i]
	la, ok := lm.lanes[lm.body[i].Offset]
	if !ok || op == nil || !lm.divergent[i] || lm.chased[i] && !lm.hashed[i] || !la.scattered || la.span <= 0 || la.shared || !la.block || !cachedLoad(lm.body[i]) {
		return 0, false
	}
	l1 := lm.m.Levels["L1"].CapacityBytes
	block := float64(lm.sectorWarps() * 32)
	if l1 <= 0 || float64(la.span) > l1 || block <= 0 {
		return 0, false
	}
	threads := float64(la.span) / float64(op.bytes) // sharing one window
	lines := float64((la.span + 127) / 128)
	draws := min(block, threads) // of one window by the block
	windows := block / draws
	fetched := windows * lines * (1 - math.Exp(-draws/lines))
	return min(1, fetched/block), true
}

// within2pct reports whether a lies within 2% of b: two rates or
// latencies taken as one.
func within2pct(a, b float64) bool { return math.Abs(a-b) <= 0.02*b }

// quarterRateClass is the layout class an opcode the pipes suite never
// mixed is taken to share a pipeline with, "" for none: the layout's
// slow pipeline (below one warp instruction a clock per SM: on the H100
// and H200 "F2I / MUFU / POPC" at 0.5, the SM's quarter-rate unit), where
// the opcode measured alone runs at that pipeline's rate within 2% (BREV,
// FLO, F2F, FRND, I2F.F64: conversions and bit scans at the same 16 lanes
// a clock). Measured together they do share it: bit_ops (BREV, POPC, FLO)
// runs at one of them a clock at 32 warps, and F2I with two F2F at one of
// the three (corpus3's quant_dequant).
//
// A form measured slower than that rate shares the pipeline where its
// rate and latency are those (within 2%) of a form the pipeline's
// classes hold by name: on the H100 and H200 the conversions between
// FP64 and 64-bit integers and FP64's rounding (I2F.F64.S64, FRND.F64)
// measure 0.444 a clock and 19 cycles, as F2I.S64.F64 does, a longer
// pass through the same unit (cvt_f64_round_modes, corpus12, runs at
// the unit's time for all of them together).
//
// A form not measured (F2F.BF16.F32) takes its base opcode's measured
// forms where every one of them is so placed.
func (m *Machine) quarterRateClass(opcode string) string {
	var forms []Measured
	if e, ok := m.Lookup(opcode); ok && e.Rate > 0 && (opcode == e.Opcode || strings.HasPrefix(opcode, e.Opcode+".")) {
		forms = []Measured{e}
	} else {
		base, _, _ := strings.Cut(opcode, ".")
		for k, e := range m.Opcodes {
			if b, _, _ := strings.Cut(k, "."); b == base && e.Rate > 0 {
				forms = append(forms, e)
			}
		}
	}
	if len(forms) == 0 {
		return ""
	}
	for _, p := range m.ALU.Layout.Pipelines {
		if p.Rate <= 0 || p.Rate >= 1 || len(p.Classes) == 0 {
			continue
		}
		// twin: a form the pipeline's classes hold by name with e's
		// rate and latency.
		twin := func(e Measured) bool {
			for k, t := range m.Opcodes {
				if t.Rate > 0 && within2pct(e.Rate, t.Rate) && within2pct(e.LatencyCycles, t.LatencyCycles) &&
					slices.Contains(p.Classes, infer.ClassOf(k, p.Classes)) {
					return true
				}
			}
			return false
		}
		all := true
		for _, e := range forms {
			all = all && (within2pct(e.Rate, p.Rate) || e.Rate < p.Rate && twin(e))
		}
		if all {
			return p.Classes[0]
		}
	}
	return ""
}

// bypassesL1 reports whether in is a global read the L2 serves whatever
// the footprint: a load that does not fill the L1 (cachedLoad) or a
// cp.async.cg copy (LDGSTS.E.BYPASS), which takes its 16 bytes around
// the L1.
func bypassesL1(in sass.Instruction) bool {
	switch in.Base() {
	case "LDG":
		return !cachedLoad(in)
	case "LDGSTS":
		return strings.Contains(in.Opcode, ".BYPASS")
	}
	return false
}

// cachedLoad reports whether in is a global load that fills the L1 (a
// plain LDG, as ld.ca and the default ld.global compile to, or a strong
// load at the SM's scope, LDG.E.STRONG.SM, which __ldca compiles to: the
// SM's L1 is coherent at that scope), not one that bypasses it (.CG,
// .BYPASS, a strong load at the GPU's or the system's scope).
func cachedLoad(in sass.Instruction) bool {
	if in.Base() != "LDG" {
		return false
	}
	if strings.Contains(in.Opcode, ".STRONG.SM") {
		return !strings.Contains(in.Opcode, ".CG")
	}
	for _, m := range []string{".CG", ".STRONG", ".BYPASS", ".NA"} {
		if strings.Contains(in.Opcode, m) {
			return false
		}
	}
	return true
}
