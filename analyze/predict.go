package analyze

import (
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/gpuarch/gpuarch/infer"
	"github.com/gpuarch/gpuarch/measure/memory"
	"github.com/gpuarch/gpuarch/measure/pipes"
	"github.com/gpuarch/gpuarch/sass"
)

// DefaultLevel is the memory level global loads are assumed to hit when
// the user does not say: the first level, as llvm-mca and uiCA assume
// every load hits the L1.
const DefaultLevel = "L1"

// Bound is one limit on a loop's cycles per iteration per warp.
type Bound struct {
	// Name says what limits: "issue", "pipeline FMNMX / LOP3",
	// "register banks", "dependency chain", "one warp in order",
	// "unit HMMA", "memory L2".
	Name string `json:"name"`
	// Kind is the bound class: "alu" (issue, pipelines, units, register
	// banks, dependencies) or "memory:<level>".
	Kind string `json:"kind"`
	// Cycles is per loop iteration per warp.
	Cycles float64 `json:"cycles"`
	// Detail says how Cycles was computed.
	Detail string `json:"detail"`
}

// Row is one instruction of a loop, as uiCA and llvm-mca tabulate them.
type Row struct {
	Offset      int    `json:"offset"`
	Instruction string `json:"instruction"`
	// Pipeline is the layout pipeline(s), the unit or memory level it
	// uses, "" for an issue slot only.
	Pipeline string `json:"pipeline,omitempty"`
	// LatencyCycles and Rate (warp instructions per clock per SM) are
	// measured values, nil when not measured.
	LatencyCycles *float64 `json:"latency_cycles"`
	Rate          *float64 `json:"rate"`
	// Source names the record or level the numbers come from.
	Source string `json:"source,omitempty"`
	// Adds is the cycles per iteration per warp the instruction adds to
	// the deciding bound.
	Adds float64 `json:"adds_cycles"`
	// Critical is true when the instruction is on the loop-carried
	// critical path.
	Critical bool `json:"critical"`
	// Control is the instruction's control fields in CuAssembler's
	// notation (sass.Control.String), "" when the input had none.
	Control string `json:"control,omitempty"`
	// Lanes is what a memory access's addresses across a warp's lanes
	// show ("lane stride 128 B: 32-way conflict, 32 wavefronts"), ""
	// for other instructions.
	Lanes string `json:"lanes,omitempty"`
}

// WhatIf is a change and the prediction it gives.
type WhatIf struct {
	Change string  `json:"change"`
	Cycles float64 `json:"cycles"`
	Bound  string  `json:"bound"`
	// IterationsPerKcycle is the SM's loop iterations (all warps) per
	// 1000 clocks: what the change does to throughput.
	IterationsPerKcycle float64 `json:"sm_iterations_per_kcycle"`
}

// LoopReport is the prediction for one innermost loop.
type LoopReport struct {
	StartOffset  int `json:"start_offset"`
	EndOffset    int `json:"end_offset"`
	Depth        int `json:"depth"`
	Blocks       int `json:"blocks"`
	Instructions int `json:"instructions"`
	WarpsPerSM   int `json:"warps_per_sm"`
	// Level is the memory level global accesses are assumed to hit.
	Level string `json:"level"`
	// Cycles is the prediction, per iteration per warp.
	Cycles float64 `json:"cycles_per_iteration"`
	// IterationsPerKcycle is Cycles as the SM's throughput.
	IterationsPerKcycle float64 `json:"sm_iterations_per_kcycle"`
	// Bound is the deciding bound's name and Kind its class.
	Bound string `json:"bound"`
	Kind  string `json:"kind"`
	// Replay is the cycle-by-cycle replay's cycles and its shares.
	Replay Replay   `json:"replay"`
	Bounds []Bound  `json:"bounds"`
	Rows   []Row    `json:"instructions_table"`
	WhatIf []WhatIf `json:"what_if"`
	Notes  []string `json:"notes,omitempty"`
	// Paths, where uniform branches choose between arms of code, are
	// the paths an iteration may take, each predicted alone: Cycles is
	// their mean, Bound the slowest's (predictIteration).
	Paths []PathReport `json:"paths,omitempty"`
}

// PathReport is one path through a loop's iteration where its uniform
// branches choose between arms of code, and its prediction.
type PathReport struct {
	// Blocks are the start offsets of the path's own blocks: those not
	// every path runs.
	Blocks       []int   `json:"blocks"`
	Instructions int     `json:"instructions"`
	Cycles       float64 `json:"cycles_per_iteration"`
	Bound        string  `json:"bound"`
	Kind         string  `json:"kind"`
}

// Replay is what the cycle-by-cycle replay found.
type Replay struct {
	Cycles float64 `json:"cycles"`
	// WarpsPerScheduler is how many warps the replay ran on its one
	// scheduler: round(warps per SM / schedulers), at least 1.
	WarpsPerScheduler int     `json:"warps_per_scheduler"`
	Limit             string  `json:"limit"`
	Issued            float64 `json:"issued_share"`
	Register          float64 `json:"register_share"`
	Pipeline          float64 `json:"pipeline_share"`
	Dependency        float64 `json:"dependency_share"`
	Model             string  `json:"issue_model"`
}

// loopModel is a loop body compiled against a machine.
type loopModel struct {
	m    *Machine
	body []sass.Instruction
	uses []sass.Use
	// class is each instruction's layout class, "" for none; pipe its
	// pipeline(s) (Machine.pipeOf).
	class   []string
	pipe    []string
	mem     []*memOp
	classes []string
	// divergent marks global loads taken to touch one line per lane;
	// chased those of them whose address was loaded in the loop (a
	// pointer chase); hashed those chased loads whose address mixes the
	// loaded value (hashedChases).
	divergent, chased, hashed []bool
	// lanes maps memory accesses' offsets to their addresses across a
	// warp's lanes, where the listing shows them (see laneAddresses);
	// nil when only the loop body is known.
	lanes map[int]laneAccess
	// blockWarps is the warps of a block, whose barriers a warp waits
	// at for the others; 0 when not known (the SM's warps taken as one
	// block).
	blockWarps int
	// barrier is what one bar.sync holds a warp at the warps predicted
	// (Machine.barrierAt of the block's warps), set by predict; 0 where
	// not measured.
	barrier float64
	// warps is the warps per SM predicted at, set by predict (the
	// stretch of a grid-stride loop's index the SM and the grid cover
	// an iteration: gridNeighbours); 0 before.
	warps int
}

// isBarrier reports whether in is a block-wide barrier a warp waits at
// (BAR.SYNC, BAR.RED; not BAR.ARV, which only arrives).
func isBarrier(in sass.Instruction) bool {
	return in.Base() == "BAR" && !strings.Contains(in.Opcode, ".ARV")
}

// depbar reads DEPBAR.LE SBn, k: the scoreboard n whose count the warp
// waits to fall to k; ok false for other instructions.
func depbar(in sass.Instruction) (sb, k int, ok bool) {
	if in.Base() != "DEPBAR" {
		return 0, 0, false
	}
	f := strings.Split(in.Operands, ",")
	if len(f) != 2 {
		return 0, 0, false
	}
	if _, err := fmt.Sscanf(strings.TrimSpace(f[0]), "SB%d", &sb); err != nil || sb < 0 || sb >= sass.Barriers {
		return 0, 0, false
	}
	v, err := strconv.ParseInt(strings.TrimSpace(f[1]), 0, 32)
	if err != nil || v < 0 {
		return 0, 0, false
	}
	return sb, int(v), true
}

// controls is the body's control fields as the warp obeys them: a
// DEPBAR.LE SBn, 0x0 (cp.async.wait_group 0) waits for scoreboard n as a
// wait mask does, which its own control fields do not show.
func (lm *loopModel) controls() []sass.Control {
	out := make([]sass.Control, len(lm.body))
	for i, in := range lm.body {
		out[i] = *in.Control
		if sb, k, ok := depbar(in); ok && k == 0 {
			out[i].Wait |= 1 << sb
		}
	}
	return out
}

// copyGroup is the latency of the cp.async group LDGDEPBAR i commits:
// the slowest of the LDGSTS issued since the previous LDGDEPBAR (the
// loop taken round), each at the async suite's cp.async record of its
// form (.BYPASS is cp.async.cg, else .ca), width and the level that
// serves it (levelOf: the L2 a .cg copy's where the L1 is assumed); ok
// false where none is measured.
func (lm *loopModel) copyGroup(i int, level string) (float64, string, bool) {
	n := len(lm.body)
	best, src, found := 0.0, "", false
	for k := 1; k < n; k++ {
		j := (i - k + n) % n
		in := lm.body[j]
		if in.Base() == "LDGDEPBAR" {
			break
		}
		if in.Base() != "LDGSTS" || lm.mem[j] == nil {
			continue
		}
		form := "ca"
		if strings.Contains(in.Opcode, ".BYPASS") {
			form = "cg"
		}
		if e, ok := lm.m.copyLatencyAt(form, lm.mem[j].bytes, lm.levelOf(j, level)); ok && e.LatencyCycles > best {
			best, src, found = e.LatencyCycles, e.LatencyRecord, true
		}
	}
	return best, src, found
}

// access is instruction i's lane addresses, ok false where not known.
func (lm *loopModel) access(i int) (laneAccess, bool) {
	la, ok := lm.lanes[lm.body[i].Offset]
	return la, ok && la.known
}

// ldsmMatrices is the 8×8 matrices an LDSM loads (.M88.1, .2 or .4), 0
// for other instructions.
func ldsmMatrices(in sass.Instruction) int {
	if in.Base() != "LDSM" {
		return 0
	}
	mods := strings.Split(in.Opcode, ".")
	switch mods[len(mods)-1] {
	case "2":
		return 2
	case "4":
		return 4
	}
	return 1
}

// wavefronts is the wavefronts shared access i takes, from its lanes'
// addresses (sharedWavefrontCount), or, where they are scattered (a hash
// of the lane), the expected most lanes in one of the 32 banks; ok false
// where neither is known.
func (lm *loopModel) wavefronts(i int) (float64, bool) {
	op := lm.mem[i]
	if op == nil || op.space != "shared" {
		return 0, false
	}
	la, ok := lm.access(i)
	if !ok {
		if la := lm.lanes[lm.body[i].Offset]; la.scattered && len(la.vals) > 0 && la.valsAlign >= 128 && ldsmMatrices(lm.body[i]) == 0 {
			// Each lane picks its address among the choices its
			// selects allow (a binary search's probes): the
			// expected wavefronts of 32 independent picks.
			return max(choiceWavefronts(la.vals, op.bytes), float64(32*op.bytes)/128), true
		}
		if la := lm.lanes[lm.body[i].Offset]; la.scattered && ldsmMatrices(lm.body[i]) == 0 {
			w := expectedMaxLoad(32, 32)
			if words := (la.span + 3) / 4; la.span > 0 && words < 32*32 {
				w = scatteredWavefronts(int(words))
			}
			return max(w, float64(32*op.bytes)/128), true
		}
		return 0, false
	}
	return float64(sharedWavefrontCount(la.offsets, op.bytes, ldsmMatrices(lm.body[i]))), true
}

func (lm *loopModel) hasWavefronts(i int) bool {
	_, ok := lm.wavefronts(i)
	return ok
}

// gridWordsAtomic is, for a global atomic whose lanes address a few
// words that every block shares (the lanes' offsets known, the base
// computed without the block index, or only through a value the same in
// every block: the lane's, a warp's index under a mask) with two lanes
// or more on one of them, its cycles per warp request on one SM and the
// lines the words lie on: the grid's requests on those words
// (wordPasses), one pass where the atomic is predicated (taken as the
// warp's one lane adding its sum, as warp-aggregated atomics do:
// stated), the passes at the grid's one-address rate per SM spread over
// the atomic units of the lines (atomicUnits), a float add's chains on
// each word at the float adds' (Machine.gridAtomicCost). ok is false for other accesses, for lanes each on a
// word of their own, for a compare-and-swap the loop branches around (a
// maximum's update, which the data skips once the word holds the
// largest: not followed), or where that record is missing.
func (lm *loopModel) gridWordsAtomic(i int) (cycles, passes, lines float64, ok bool) {
	rate := lm.m.gridAtomicRate(lm.body[i])
	la, known := lm.access(i)
	if !lm.globalAtomic(i) || rate <= 0 || !known || la.block {
		return 0, 0, 0, false
	}
	if lm.guarded(i) {
		if strings.Contains(lm.body[i].Opcode, ".CAS") {
			return 0, 0, 0, false
		}
		for _, o := range la.offsets {
			if o != la.offsets[0] {
				return 0, 0, 0, false
			}
		}
		// The warp's one lane a request; the grid's spread over the
		// window's lines and words (the reach's distinct words, at
		// least one a line).
		lines := lm.gridAtomicLines(i, 1)
		words := lines
		if r := la.reach; float64(r.distinct) > words {
			words = min(float64(r.distinct), lines*128/float64(max(lm.mem[i].bytes, 4)))
		}
		return lm.m.gridAtomicCost(lm.body[i], 1, atomicUnits(lines), 1, words), 1, lines, true
	}
	passes, lines, ok = wordPasses(la, lm.mem[i].bytes)
	if !ok {
		return 0, 0, 0, false
	}
	size := int64(max(lm.mem[i].bytes, 4))
	words := map[int64]bool{}
	for _, o := range la.offsets {
		words[floorDiv(o, size)] = true
	}
	lines = lm.gridAtomicLines(i, lines)
	return lm.m.gridAtomicCost(lm.body[i], passes, atomicUnits(lines), 32, float64(len(words))), passes, lines, true
}

// gridAtomicLines is the lines of the windows every block shares that
// the loop's global atomics on the window of atomic i's base reach
// together over the grid, its lanes and iterations, at least own (i's
// own request's): two histograms' atomics side by side (a minimum's bins
// and a maximum's, 4 lines each) spread over the atomic units of their
// 8 lines, not each over its 4; a warp's one atomic a turn on one of 8
// counters a line apart ((k & 7) * 32 words), over those 8 lines. An
// atomic's window holds as many lines as its reach's distinct words, as
// its extent spans or as its lanes' spread does, the fewest; overlapping
// windows count once (a window wider than the 32 lines atomicUnits'
// probe spread a grid's atomics over is taken as the probe's are: a
// unit per four lines, extrapolated). Where i's reach is not bounded,
// own.
func (lm *loopModel) gridAtomicLines(i int, own float64) float64 {
	r := lm.lanes[lm.body[i].Offset].reach
	if !r.bounded || r.base == "" {
		return own
	}
	type window struct {
		lo, hi int64
		lines  float64
	}
	var ws []window
	for j := range lm.body {
		la := lm.lanes[lm.body[j].Offset]
		rj := la.reach
		if !lm.globalAtomic(j) || la.block || !rj.bounded || rj.base != r.base || rj.distinct <= 0 {
			continue
		}
		size := int64(max(lm.mem[j].bytes, 4))
		lo, hi := floorDiv(rj.lo, 128), floorDiv(rj.hi+size-1, 128)
		n := min(rj.distinct, hi-lo+1)
		if la.scattered && la.span > 0 {
			// The lanes' own spread bounds it too (the reach's
			// interval can be the wider).
			n = min(n, (la.span+127)/128)
		}
		ws = append(ws, window{lo, hi, float64(n)})
	}
	sort.Slice(ws, func(a, b int) bool { return ws[a].lo < ws[b].lo })
	total := 0.0
	for k := 0; k < len(ws); {
		cur := ws[k]
		for k++; k < len(ws) && ws[k].lo <= cur.hi; k++ {
			cur.hi, cur.lines = max(cur.hi, ws[k].hi), max(cur.lines, ws[k].lines)
		}
		total += cur.lines
	}
	return max(own, total)
}

// gridAtomicCost is the cycles one SM takes per warp request of global
// atomic in whose passes (lanes on one word one after another, a
// sector's distinct words together) the whole grid makes on words
// distinct words of a window of units atomic units: each pass at the
// grid's one-address rate over the units. For a float add, the passes
// run at the integer adds' rate (the atomic units' probe was of integer
// adds; a float add costs the L2 more only where it waits on the one
// before on the same word) and the lanes' chains on each word at the
// float adds' one-address rate, the slower of the two: 32 lanes on one
// word take the float record's time, on 64 words the integer passes'.
func (m *Machine) gridAtomicCost(in sass.Instruction, passes, units, lanes, words float64) float64 {
	if strings.Contains(in.Opcode, ".ADD.F32") && m.GridAtomicRateF32 > 0 && m.GridAtomicRate > 0 && words > 0 {
		return max(passes/(m.GridAtomicRate*units), lanes/(words*m.GridAtomicRateF32))
	}
	return passes / (m.gridAtomicRate(in) * units)
}

// blockWordsAtomic is, for a global atomic whose lanes address a few
// words of the block's own (the base computed from the block index: a
// block's total) with two lanes or more on one of them, its cycles per
// warp request on one SM: its passes (wordPasses) at the rate the
// dispatch suite measured with every warp of the GPU adding its lanes to
// a word of its own (Machine.warpWordRate). Where the block's warps share
// the word the L2 also takes their requests one after another, which
// that record (a word a warp) does not hold. ok is false for other
// accesses or where the record is missing.
func (lm *loopModel) blockWordsAtomic(i int) (cycles, passes float64, ok bool) {
	rate := lm.m.warpWordRate(lm.body[i])
	la, known := lm.access(i)
	if !lm.globalAtomic(i) || rate <= 0 || !known || !la.block || lm.guarded(i) {
		return 0, 0, false
	}
	passes, _, ok = wordPasses(la, lm.mem[i].bytes)
	if !ok {
		return 0, 0, false
	}
	return passes / rate, passes, true
}

// globalAtomic reports whether instruction i is a global atomic.
func (lm *loopModel) globalAtomic(i int) bool {
	op := lm.mem[i]
	return op != nil && op.space == "global" && isAtomic(lm.body[i])
}

// wordPasses is the passes the L2 makes over a warp's atomic request of
// width bytes whose lanes' offsets are known: for each 32-byte sector,
// as many as the most lanes on one of its words (a word's atomics one
// after another: the dispatch suite's "32 lanes one address" against its
// one-lane records; sectorPasses' probe), and the 128-byte lines the
// words lie on. ok is false where no two lanes share a word.
func wordPasses(la laneAccess, width int) (passes, lines float64, ok bool) {
	t := tallyWords(la.offsets[:], width)
	if t.deepest < 2 {
		return 0, 0, false
	}
	return float64(t.passes), float64(t.lines), true
}

// wordTally is what tallyWords counts of lanes' atomics: the L2's passes
// (for each 32-byte sector, the most lanes on one of its words), the
// most lanes on one word, and the 128-byte lines.
type wordTally struct{ passes, deepest, lines int }

// tallyWords counts the words, sectors and lines of lanes at offsets, each
// width bytes (at least a word).
func tallyWords(offsets []int64, width int) wordTally {
	size := int64(max(width, 4))
	words := map[int64]int{}
	most := map[int64]int{}
	lineSet := map[int64]bool{}
	var t wordTally
	for _, o := range offsets {
		w := floorDiv(o, size)
		words[w]++
		t.deepest = max(t.deepest, words[w])
		sec := floorDiv(o, 32)
		most[sec] = max(most[sec], words[w])
		lineSet[floorDiv(o, 128)] = true
	}
	for _, n := range most {
		t.passes += n
	}
	t.lines = len(lineSet)
	return t
}

// scatteredWrite is what global store or atomic i costs the SM per warp
// at level lv with W warps per SM where its lanes each write a line of
// their own (addresses hashed per lane, over no window the whole grid
// shares, or lanes followed 128 bytes or more apart), or groups of them
// one hashed address each (the groups' lines, and an atomic's further
// passes over their words at the L2's rate): the lines over the level's
// scattered-write rate at W (Level.scatterCycles), a returning atomic's
// at the most warps measured; ok false for other accesses or where the
// rate was not measured.
func (lm *loopModel) scatteredWrite(i int, lv string, W float64) (float64, bool) {
	op := lm.mem[i]
	if op == nil || op.space != "global" || !op.store || (lv != "L2" && lv != "DRAM") {
		return 0, false
	}
	instr := memory.ScatterStore
	switch in := lm.body[i]; in.Base() {
	case "STG", "ST":
	case "RED", "REDG", "ATOMG", "ATOM":
		instr = memory.ScatterAddU32
		if strings.Contains(in.Opcode, ".F32") || strings.Contains(in.Opcode, ".FADD") {
			instr = memory.ScatterAddF32
		} else if op.returns && len(lm.m.Levels[lv].ScatterLines[memory.ScatterAtomAddU32]) > 0 {
			instr = memory.ScatterAtomAddU32
		}
	default:
		return 0, false
	}
	if !lm.lineEachLane(i) {
		return 0, false
	}
	if pts := lm.m.Levels[lv].ScatterLines[instr]; instr == memory.ScatterAtomAddU32 {
		// The probe's warps each wait for an atomic's old value before
		// their next: with few warps its lines a clock are that wait
		// (scatteredAtomicLatency takes it so), not a rate the level
		// holds to. Its most warps' is the rate.
		W = max(W, pts[len(pts)-1].Warps)
	}
	lines, passes := 32.0, 32.0
	if la := lm.lanes[lm.body[i].Offset]; la.scattered && la.groups > 0 && la.groups < 32 {
		// Lanes in groups, each group at one hashed address (a
		// segment's keys, runs of 8 lanes on one word): the lines
		// the groups touch, and for an atomic the passes the L2
		// makes over their words (a word's lanes one after
		// another: groupedPasses).
		_, n := la.groupedSectors(op.bytes)
		lines, passes = float64(n), float64(n)
		if isAtomic(lm.body[i]) {
			passes = max(passes, la.groupedPasses(op.bytes))
		}
	}
	c, ok := lm.m.Levels[lv].scatterCycles(instr, lines, W)
	if extra := passes - lines; ok && extra > 0 {
		// The record's lanes each did one atomic on a line of their
		// own: each line's first pass rides with its line at the
		// level's rate; the passes beyond it are the L2's atomic
		// units' work on a line already there, at the L2's rate
		// (at the L2 the sum is the passes at its rate).
		l2, ok2 := lm.m.Levels["L2"].scatterCycles(instr, extra, W)
		if !ok2 {
			return 0, false
		}
		c += l2
	}
	return c, ok
}

// gridScatterAtomic is, for a global atomic whose lanes scatter over a
// window every block shares (a hashed bin of a global histogram), its
// cycles per warp request on one SM, its passes and the window's lines:
// the whole grid's atomics land on the window's lines, the L2 performing
// a line's one after another, each SM getting its share of the rate
// measured with every thread of the GPU on one address over the
// window's atomic units (atomicUnits). ok is false for other accesses or
// where that record is missing.
func (lm *loopModel) gridScatterAtomic(i int) (cycles, passes, lines float64, ok bool) {
	op := lm.mem[i]
	rate := lm.m.gridAtomicRate(lm.body[i])
	la := lm.lanes[lm.body[i].Offset]
	if op == nil || op.space != "global" || !isAtomic(lm.body[i]) || rate <= 0 || !la.scattered || !la.shared || la.span <= 0 {
		return 0, 0, 0, false
	}
	lines = float64((la.span + 127) / 128)
	words := int((la.span + int64(op.bytes) - 1) / int64(op.bytes))
	passes = sectorPasses(words, 32/op.bytes)
	if lm.matchLeader(i) {
		// Only the first lane of each group of equal keys writes:
		// one lane a word.
		passes = leaderPasses(words, 32/op.bytes)
	}
	lines = lm.gridAtomicLines(i, lines)
	return lm.m.gridAtomicCost(lm.body[i], passes, atomicUnits(lines), 32, float64(words)), passes, lines, true
}

// gridScatterSlower reports whether atomic i, scattered over a window
// every block shares past the 32 lines atomicUnits' probe spread a grid's
// atomics over (lineEachLane takes it as lines of their own, at the
// scattered writes' rate, sc cycles a request), takes longer on the
// window's atomic units (gridScatterAtomic): 4096 bins of 16 KiB, 128
// lines, hold the grid's adds longer than lines of their own would. The
// slower of the two is the cost.
func (lm *loopModel) gridScatterSlower(i int, sc float64) bool {
	ac, _, _, ok := lm.gridScatterAtomic(i)
	return ok && ac > sc
}

// lineEachLane reports whether global access i touches a line per lane:
// lanes hashed over a window no block shares with another or over one
// every block shares past 32 lines, or known offsets a line or more
// apart.
func (lm *loopModel) lineEachLane(i int) bool {
	la := lm.lanes[lm.body[i].Offset]
	switch {
	case la.scattered && len(la.vals) == 0 && (!la.shared || la.span > 32*128):
		// A window every block shares past 32 lines (the most the
		// probe of atomicUnits spread a grid's atomics over) is
		// taken as lines of their own too: the scattered writes'
		// record, over a window far larger than the lanes, holds.
		return true
	case la.known:
		_, l := globalSectors(la.placed(), lm.mem[i].bytes)
		return l == 32
	}
	return false
}

// atomicFetches reports whether global atomic i, served at level lv,
// reads its lines from the DRAM as well as writing them back: the L2
// performs an atomic on the line's data, so where the lines come from
// the DRAM it reads each before it writes it back (a store of whole
// sectors needs no read). corpus20's red_f32_coalesced_private_addr at
// the DRAM at 32 warps: −59% without the read, −27% with it (H200).
func (lm *loopModel) atomicFetches(i int, lv string) bool {
	return lv == "DRAM" && lm.globalAtomic(i)
}

// rewrittenSectors is, for a plain global store i whose lines an earlier
// store of the iteration writes (sameLines: one base, the same lanes'
// offsets, under a line apart, as an array of structures' fields are),
// the 32-byte sectors it writes that none of those did; ok false for
// other accesses.
func (lm *loopModel) rewrittenSectors(i int) (int, bool) {
	plainStore := func(j int) bool {
		op := lm.mem[j]
		return op != nil && op.store && op.space == "global" && !isAtomic(lm.body[j])
	}
	if !plainStore(i) {
		return 0, false
	}
	covered, first := lm.earlierSectors(i, plainStore)
	if first < 0 {
		return 0, false
	}
	n := 0
	for s := range lm.namedSectors(i) {
		if !covered[s] {
			n++
		}
	}
	return n, true
}

// loadedBefore reports whether an earlier load of the loop's body read
// global access i's lines in the same iteration (one base, the same
// lanes' offsets, under a line apart): a compare-and-swap after the
// load of its old value finds its lines in the L2.
func (lm *loopModel) loadedBefore(i int) bool {
	for j := i - 1; j >= 0; j-- {
		if op := lm.mem[j]; op != nil && !op.store && op.space == "global" && lm.readsLinesOf(j, i) {
			return true
		}
	}
	return false
}

// readsLinesOf reports whether access i of the body touches the lines
// earlier access j did in the same iteration: the same lanes' lines
// (sameLines), or the same address registers, none rewritten between.
func (lm *loopModel) readsLinesOf(j, i int) bool {
	if lm.body[j].Offset == lm.body[i].Offset {
		return false // one instruction in two trips of a nested loop: its counter moved
	}
	return lm.sameLines(j, i) || (j < i && sameAddress(lm.body[j], lm.body[i]) && !lm.writesBetween(j, i))
}

// sameAddress reports whether a and b address memory through the same
// registers and displacement ([R4.64] and [R4]).
func sameAddress(a, b sass.Instruction) bool {
	ta, oka := addressTerms(a)
	tb, okb := addressTerms(b)
	if !oka || !okb || len(ta) != len(tb) {
		return false
	}
	for k := range ta {
		if strings.TrimSuffix(ta[k].operand, ".64") != strings.TrimSuffix(tb[k].operand, ".64") || ta[k].scale != tb[k].scale {
			return false
		}
	}
	return true
}

// writesBetween reports whether an instruction of the body after j and
// before i writes a register that instruction i's address reads.
func (lm *loopModel) writesBetween(j, i int) bool {
	regs := addressRegs(lm.body[i])
	for k := j + 1; k < i; k++ {
		for _, w := range lm.uses[k].Writes {
			if slices.Contains(regs, w) {
				return true
			}
		}
	}
	return false
}

// scatteredAtomicLatency is the latency of returning global atomic i
// whose lanes each hit a line of their own, at the level lv that holds
// the lines (the L2 where the L1 is assumed: atomics are performed in
// the L2): one warp per SM's cycles an iteration in the memory suite's
// returning scattered atomics (memory.ScatterAtomAddU32), less the four
// dependent integer operations of its hash at IMAD's measured latency;
// ok false where not measured or the lanes are not a line each.
func (lm *loopModel) scatteredAtomicLatency(i int, lv string) (float64, string, bool) {
	if lv == "L1" || (lv == "DRAM" && lm.loadedBefore(i)) {
		lv = "L2"
	}
	pts := lm.m.Levels[lv].ScatterLines[memory.ScatterAtomAddU32]
	if len(pts) == 0 || pts[0].Cycles <= 0 || !lm.lineEachLane(i) {
		return 0, "", false
	}
	c := 32 / pts[0].Cycles
	if e, ok := lm.m.Lookup("IMAD"); ok && c > 4*e.LatencyCycles {
		c -= 4 * e.LatencyCycles
	}
	return c, fmt.Sprintf("level %s, a line per lane (returning scattered atomics at %.0f warp per SM)", lv, pts[0].Warps), true
}

// streamLoad reports whether instruction j is a plain coalesced global
// load (LDG) served by level at, the loop's global accesses taken to hit
// level: one the loads-waited-on-together records stand for, not a
// divergent or chased one.
func (lm *loopModel) streamLoad(j int, level, at string) bool {
	op := lm.mem[j]
	return op != nil && !op.store && op.space == "global" && lm.body[j].Base() == "LDG" &&
		!lm.divergent[j] && !lm.chased[j] && lm.levelOf(j, level) == at
}

// waitSpan is how many instructions after load j of the body (round the
// loop) the first that waits on its scoreboard comes: the instructions
// issued while it is in flight; the body's length where the control
// fields do not say (its result waited on a whole iteration later).
func (lm *loopModel) waitSpan(j int, ctl []sass.Control) int {
	n := len(lm.body)
	if ctl == nil || ctl[j].WriteBarrier == sass.NoBarrier {
		return n
	}
	for d := 1; d <= n; d++ {
		if ctl[(j+d)%n].Wait&(1<<ctl[j].WriteBarrier) != 0 {
			return d
		}
	}
	return n
}

// waitGroup is what a warp waits on together with coalesced global load
// i, its level the L2 or DRAM where the loop's global accesses are taken
// to hit level: the plain loads at i's level in flight at
// once with it (each issued before the first instruction that waits on
// the other's scoreboard, from the control fields; every such load of the
// body where there are none), i counted, and the loop's store after them
// (memory.WaitsStoreSame where a global store of the body writes the
// lines one of them read, memory.WaitsStoreOther for any other global
// store, none else). The loads are counted by the sectors they read
// together (groupLoads): a stencil's rows of three neighbours, each row
// six sectors where three aligned loads of their own would be twelve.
// ok false where i is not such a load.
func (lm *loopModel) waitGroup(i int, level string) (loads float64, store string, ok bool) {
	at := lm.levelOf(i, level)
	if at != "L2" && at != "DRAM" || !lm.streamLoad(i, level, at) {
		return 0, "", false
	}
	var ctl []sass.Control
	if lm.controlled() {
		ctl = lm.controls()
	}
	n := len(lm.body)
	di := lm.waitSpan(i, ctl)
	var group []int
	for j := range lm.body {
		if !lm.streamLoad(j, level, at) {
			continue
		}
		if j == i || (j-i+n)%n < di || (i-j+n)%n < lm.waitSpan(j, ctl) {
			group = append(group, j)
		}
	}
	for k, op := range lm.mem {
		if op == nil || !op.store || op.returns || op.space != "global" || isAtomic(lm.body[k]) {
			continue
		}
		if store == "" {
			store = memory.WaitsStoreOther
		}
		for _, j := range group {
			if lm.readsLinesOf(j, k) {
				store = memory.WaitsStoreSame
			}
		}
	}
	return lm.groupLoads(i, group), store, true
}

// groupLoads is how many of load i's requests the loads of group read
// together: their distinct 32-byte sectors over those i's own request
// reads (the records' loads each read their own lines, as many sectors
// as i's: waitExtra takes those apart), at least 1. Loads of one named base (laneAccess.iterSym) share sectors
// where their lanes' words do; a load not so named counts its own.
func (lm *loopModel) groupLoads(i int, group []int) float64 {
	type sector struct {
		sym uint64
		n   int64
	}
	seen := map[sector]bool{}
	alone := 0
	for _, j := range group {
		la, ok := lm.access(j)
		switch {
		case !ok:
			alone += lm.mem[j].bytes
			continue
		case la.iterSym == 0:
			n, _ := globalSectors(la.placed(), lm.mem[j].bytes)
			alone += n
			continue
		}
		for n := range lm.namedSectors(j) {
			seen[sector{la.iterSym, n}] = true
		}
	}
	per := lm.mem[i].bytes
	if la, ok := lm.access(i); ok {
		per, _ = globalSectors(la.placed(), lm.mem[i].bytes)
	}
	return max(1, float64(len(seen)+alone)/float64(max(1, per)))
}

// branchedAround reports whether instruction i sits between a
// predicated branch of the loop body that is not its back edge and the
// BSYNC that rejoins it: code a condition may skip (if (lane == 0) ...).
// A nested loop's back edge, after which the body goes on at an earlier
// offset (its blocks over again: a compare-and-swap's next round), skips
// nothing.
func (lm *loopModel) branchedAround(i int) bool {
	for j := i - 1; j >= 0; j-- {
		in := lm.body[j]
		if in.Base() == "BSYNC" {
			return false
		}
		if in.Base() == "BRA" && in.Predicate != "" && in.Predicate != "@PT" && j != len(lm.body)-1 && lm.body[j+1].Offset > in.Offset {
			for k := i + 1; k < len(lm.body); k++ {
				if lm.body[k].Base() == "BSYNC" {
					return true
				}
			}
			return false
		}
	}
	return false
}

// matchLeader reports whether instruction i runs only in the first lane
// of each group of lanes with equal keys: branched around by a branch on
// the lane index against the first set bit of a MATCH.ANY's groups
// (ISETP lane, FLO.U32.SH(BREV(match)): `if (lane == __ffs(peers) - 1)`,
// a warp-aggregated atomic's leader).
func (lm *loopModel) matchLeader(i int) bool {
	if !lm.branchedAround(i) {
		return false
	}
	// from is the last instruction before k that wrote a register k
	// reads (its guard included) and that is, ok false for none.
	from := func(k int, is func(sass.Instruction) bool) (int, bool) {
		for _, r := range lm.body[k].Use().Reads {
			for j := k - 1; j >= 0; j-- {
				if slices.Contains(lm.body[j].Use().Writes, r.Reg) {
					if is(lm.body[j]) {
						return j, true
					}
					break
				}
			}
		}
		return 0, false
	}
	base := func(b string, mod string) func(sass.Instruction) bool {
		return func(in sass.Instruction) bool { return in.Base() == b && strings.Contains(in.Opcode, mod) }
	}
	for j := i - 1; j >= 0; j-- {
		if in := lm.body[j]; in.Base() != "BRA" || in.Predicate == "" || in.Predicate == "@PT" {
			continue
		}
		set, ok := from(j, base("ISETP", ""))
		if !ok {
			return false
		}
		flo, ok := from(set, base("FLO", ".SH"))
		if !ok {
			return false
		}
		brev, ok := from(flo, base("BREV", ""))
		if !ok {
			return false
		}
		_, ok = from(brev, base("MATCH", "ANY"))
		return ok
	}
	return false
}

// wordLanes is how many lanes of a warp shared atomic i puts on its
// busiest 4-byte word: 1 where it is predicated or branched around (a
// guarded update, taken as one lane's) or where the lanes' words are not
// followed (hashed: taken as distinct); else the most lanes on one word
// (32 for a warp-uniform address).
func (lm *loopModel) wordLanes(i int) int {
	if lm.guarded(i) {
		return 1
	}
	la, ok := lm.access(i)
	if !ok {
		if la, ok := lm.lanes[lm.body[i].Offset]; ok && la.groups > 0 {
			most, count := 1, map[[2]int64]int{}
			for l := range 32 {
				k := [2]int64{int64(la.groupOf[l]), la.groupOffsets[l] >> 2}
				count[k]++
				most = max(most, count[k])
			}
			return most
		}
		return 1
	}
	most, count := 1, map[int64]int{}
	for _, o := range la.offsets {
		count[o>>2]++
		most = max(most, count[o>>2])
	}
	return most
}

// spinPass is the compare-and-store spin loop around shared atomic i (an
// ATOMS.CAST.SPIN): from the shared load that reads the value it
// compares against (the loop's head: each pass reads the word anew) to
// the branch back after it, as compilers emit the loop; ok false where
// that shape is not found.
func (lm *loopModel) spinPass(i int) (from, to int, ok bool) {
	reads := lm.uses[i].Reads
	if len(reads) < 2 {
		return 0, 0, false
	}
	// ATOMS.CAST.SPIN Rd, [Ra], Rcompare, Rnew: the compared value is
	// the first register read besides the address.
	want := reads[0].Reg
	from = -1
	for j := i - 1; j >= 0 && j >= i-16 && from < 0; j-- {
		if lm.body[j].Base() == "LDS" && slices.Contains(lm.uses[j].Writes, want) {
			from = j
		}
	}
	for j := i + 1; j < len(lm.body) && j <= i+16 && from >= 0; j++ {
		switch lm.body[j].Base() {
		case "BRA":
			return from, j, true
		case "BSYNC", "BSSY":
			return 0, 0, false
		}
	}
	return 0, 0, false
}

// sharedAtomicLatency is the latency of shared atomic i's result (see
// Machine.sharedAtomicAt): an uncontended warp's record, plus, where k
// lanes of the warp address one word, k-1 times what each lane past the
// first added in the record of 32 lanes on one word (the word's atomics
// are performed one after another). A compare-and-store spin loop's
// record is the whole loop passed once (the load, the operation, the
// store, the compare and the branch back), so the ATOMS.CAST.SPIN itself
// takes that less what the loop's other instructions take (each its
// latency or its stall count, the larger): the pass as a whole costs the
// record. ok false where no record measures it.
func (lm *loopModel) sharedAtomicLatency(i int) (float64, string, bool) {
	in := lm.body[i]
	e, ok := lm.m.sharedAtomicAt(in, false)
	if !ok || e.LatencyCycles <= 0 {
		return 0, "", false
	}
	subject, spin := sharedAtomicSubject(in)
	c, src := e.LatencyCycles, e.LatencyRecord
	step, stepSrc, stepOK := lm.m.sharedLaneStep(in)
	if stepOK && spin && lm.guarded(i) && step < c {
		// One lane's compare-and-store loop (a guarded update): what
		// each lane past the first added in the record of 32 lanes on
		// one word, whose lanes' passes are made one after another. A
		// native atomic's one lane takes its record's latency, 32
		// lanes on distinct words being one pass (ATOMS.ADD: 28
		// cycles on the H100, where each lane past the first on one
		// word adds 1.9).
		c, src = step, stepSrc+": one lane's"
	}
	if spin {
		from, to, ok := lm.spinPass(i)
		if !ok {
			return 0, "", false
		}
		others := 0.0
		for j := from; j <= to; j++ {
			if j == i {
				continue
			}
			l, _, _ := lm.ownLatency(j, DefaultLevel)
			if ctl := lm.body[j].Control; ctl != nil {
				l = max(l, float64(ctl.Stall))
			}
			others += l
		}
		src = fmt.Sprintf("%s (%s: its loop passed once, %.0f cycles, less %.0f for the loop's other instructions)", src, subject, c, others)
		c = max(1, c-others)
	}
	if k := lm.wordLanes(i); k > 1 && stepOK {
		c += float64(k-1) * step
		src += fmt.Sprintf(", %d lanes on one word one after another (%s)", k, stepSrc)
	}
	return c, src, true
}

// sharedAtomicCycles is what shared atomic i holds the SM for per warp:
// its lanes over the rate of its record with every warp of the GPU doing
// the same, from the uncontended record's to the record's of 32 lanes on
// one word as more of the warp's lanes share one (wordLanes); one lane's
// where it is guarded. ok false where the rate is not measured.
func (lm *loopModel) sharedAtomicCycles(i int) (float64, bool) {
	op := lm.mem[i]
	if op == nil || op.space != "shared" || lm.body[i].Base() != "ATOMS" {
		return 0, false
	}
	e, ok := lm.m.sharedAtomicAt(lm.body[i], false)
	if !ok || e.Rate <= 0 {
		return 0, false
	}
	if lm.guarded(i) {
		return 1 / e.Rate, true
	}
	c := 32 / e.Rate
	if e32, ok := lm.m.sharedAtomicAt(lm.body[i], true); ok && e32.Rate > 0 {
		c += float64(lm.wordLanes(i)-1) / 31 * max(0, 32/e32.Rate-c)
	}
	return c, true
}

// blockWordAtomic is what shared atomic i holds its word for per warp
// where every warp of the block updates that one word (its lanes on one
// word whose address no warp's index reaches): its lanes (one where
// guarded) at what each lane past the first added in the record of 32
// lanes on one word, or, for an atomic the unit performs itself, at the
// rate of that record with every warp doing the same where faster. ok
// false for other accesses or where the records are missing.
func (lm *loopModel) blockWordAtomic(i int) (float64, bool) {
	op := lm.mem[i]
	if op == nil || op.space != "shared" || lm.body[i].Base() != "ATOMS" {
		return 0, false
	}
	la, ok := lm.access(i)
	if !ok || la.warp {
		return 0, false
	}
	for _, o := range la.offsets {
		if o>>2 != la.offsets[0]>>2 {
			return 0, false
		}
	}
	step, _, ok := lm.m.sharedLaneStep(lm.body[i])
	if !ok {
		return 0, false
	}
	if _, spin := sharedAtomicSubject(lm.body[i]); !spin && !strings.Contains(lm.body[i].Opcode, ".CAS") {
		// An atomic the unit performs itself (not a compare-and-store
		// whose each round waits on the one before) passes the unit
		// at the rate of the record with every warp's 32 lanes on one
		// word (1 lane a clock on the H100), one lane after another
		// but pipelined: the one warp's latency step (1.9 cycles a
		// lane) holds the unit for less than it waits.
		if e32, ok := lm.m.sharedAtomicAt(lm.body[i], true); ok && e32.Rate > 0 {
			step = min(step, 1/e32.Rate)
		}
	}
	if lm.guarded(i) {
		return step, true
	}
	return 32 * step, true
}

// guarded says whether instruction i runs for only some of the warp's
// lanes: predicated, or branched around (taken as one lane's, as a
// guarded update or a warp-aggregated atomic is).
func (lm *loopModel) guarded(i int) bool {
	p := lm.body[i].Predicate
	return (p != "" && p != "@PT") || lm.branchedAround(i)
}

// isAtomic says whether in is a global or generic atomic or reduction.
func isAtomic(in sass.Instruction) bool {
	switch in.Base() {
	case "RED", "REDG", "ATOMG", "ATOM":
		return true
	}
	return false
}

// choiceWavefronts is the expected wavefronts of a shared access of
// width bytes a lane whose 32 lanes each pick one of the byte offsets
// vals (over a base that is a multiple of 128 bytes), each equally
// likely: the most distinct words any bank must deliver (see
// meanMostPerBank).
func choiceWavefronts(vals []int64, width int) float64 {
	key := fmt.Sprint(width, vals)
	if v, ok := scatteredCache.Load(key); ok {
		return v.(float64)
	}
	rng := rand.New(rand.NewPCG(34, uint64(len(vals))))
	v := meanMostPerBank(func(touch func(word int64)) {
		o := vals[rng.IntN(len(vals))]
		for b := int64(0); b < int64(max(width, 4)); b += 4 {
			touch((o + b) >> 2)
		}
	})
	scatteredCache.Store(key, v)
	return v
}

// scatteredWavefronts is the expected wavefronts of a shared access whose
// 32 lanes each pick one of words consecutive 4-byte words at random:
// the most distinct words any bank must deliver (lanes on one word share
// it; see meanMostPerBank).
func scatteredWavefronts(words int) float64 {
	if v, ok := scatteredCache.Load(words); ok {
		return v.(float64)
	}
	rng := rand.New(rand.NewPCG(33, uint64(words)))
	v := meanMostPerBank(func(touch func(word int64)) { touch(int64(rng.IntN(words))) })
	scatteredCache.Store(words, v)
	return v
}

// meanMostPerBank is the mean, over 4096 draws, of the most distinct
// 4-byte words any of the 32 banks must deliver when each of a warp's 32
// lanes touches the words lane gives (drawn from the caller's generator of
// a fixed seed: the same answer every run).
func meanMostPerBank(lane func(touch func(word int64))) float64 {
	const draws = 4096
	total := 0
	for range draws {
		var seen [32]map[int64]bool
		most := 0
		touch := func(w int64) {
			bank := ((w % 32) + 32) % 32
			if seen[bank] == nil {
				seen[bank] = map[int64]bool{}
			}
			seen[bank][w] = true
			most = max(most, len(seen[bank]))
		}
		for range 32 {
			lane(touch)
		}
		total += most
	}
	return float64(total) / draws
}

var scatteredCache sync.Map

// sectorPasses is the expected passes the L2 makes over a warp's atomic
// request whose 32 lanes each pick one of words consecutive words at
// random (a hashed bin), perSector words to a 32-byte sector: for each
// sector the lanes touch, the most lanes on one of its words. Measured
// with scripts/analyze/probes (atom, every thread of the grid adding to
// a window of k words, lane l on word l mod k; H200, 2026-11-26): a
// request of 32 lanes on one word took 35.3 cycles, on 2 and 4 words of
// one sector 17.4 and 7.9 (the most lanes on a word: 16 and 8 passes),
// on 2, 4 and 8 words each in its own sector 35.7, 35.1 and 35.2 (2 × 16,
// 4 × 8 and 8 × 4 passes: the sectors one after another). Fewer than
// four lanes a word in one sector went faster than a pass each (k = 8
// to 32 words of one line: 2.4, 1.8 and 1.6 cycles, against 4.4): taken
// as passes all the same. Deterministic: the draws are seeded.
func sectorPasses(words, perSector int) float64 { return simulatedPasses(words, perSector, false) }

// leaderPasses is sectorPasses where only one lane of each distinct word
// writes (the leaders of a match's groups): the sectors 32 random lanes
// touch over words words, perSector a sector.
func leaderPasses(words, perSector int) float64 { return simulatedPasses(words, perSector, true) }

// simulatedPasses draws 32 random lanes over words words 4096 times and
// counts each draw's passes: per sector its busiest word's lanes, or one
// where leaders (one lane a word writes). Each count of words, sector
// size and kind is drawn once, from a seed of its own.
func simulatedPasses(words, perSector int, leaders bool) float64 {
	if words <= 1 {
		if leaders {
			return 1
		}
		return 32
	}
	seed := uint64(perSector)
	if leaders {
		seed++ // leaderPasses' own draws
	}
	key := passKey{words, perSector, leaders}
	if v, ok := sectorPassesCache.Load(key); ok {
		return v.(float64)
	}
	const draws = 4096
	rng := rand.New(rand.NewPCG(uint64(words), seed))
	total := 0
	count := make(map[int]int, 32)
	for range draws {
		clear(count)
		most := map[int]int{}
		for range 32 {
			w := rng.IntN(words)
			count[w]++
			most[w/perSector] = max(most[w/perSector], count[w])
		}
		for _, v := range most {
			if leaders {
				v = 1
			}
			total += v
		}
	}
	v := float64(total) / draws
	sectorPassesCache.Store(key, v)
	return v
}

// passKey is one simulatedPasses draw's arguments.
type passKey struct {
	words, perSector int
	leaders          bool
}

var sectorPassesCache sync.Map

// atomicUnits is how many of the L2's atomic units a window of lines
// 128-byte lines every block shares spreads over: one up to four lines,
// a unit per four lines beyond. The probe of sectorPasses with each
// word on its own line: requests of 32 passes (k words × 32/k lanes)
// over 2 lines took 40.6 cycles against 35.3 on one, over 4 lines 20.1,
// 8 lines 17.8, 16 lines 8.8 and 32 lines 4.3; with each word in its
// own sector, 2 lines 35.2, 4 lines 17.0, 8 lines 15.8. Four lines
// measured faster than this says (one unit; 1.8 to 2.1 measured).
func atomicUnits(lines float64) float64 {
	return max(1, lines/4)
}

// queuedWavefronts is the cycles shared load i waits behind the shared
// stores and atomics its warp issued since its previous shared load (the
// loop taken round): the banks serve one warp's accesses in order, a
// wavefront each WavefrontCycles, so a load behind a conflicted store
// waits for the store's wavefronts (transpose_naive: 32 of them).
func (lm *loopModel) queuedWavefronts(i int) float64 {
	L := lm.m.Levels["shared"]
	per := L.WavefrontCycles
	if per <= 0 {
		return 0
	}
	total := 0.0
	n := len(lm.body)
	for k := 1; k < n; k++ {
		j := (i - k + n) % n
		op := lm.mem[j]
		if op == nil || op.space != "shared" {
			continue
		}
		if !op.store {
			break
		}
		w, ok := lm.wavefronts(j)
		if !ok {
			w = 1
		}
		total += w * per
	}
	return total
}

// unqueued is lat with each shared load's wait behind its warp's stores
// (queuedWavefronts) taken out: the latencies of a replay that queues the
// accesses at the banks itself.
func (lm *loopModel) unqueued(lat []float64) []float64 {
	out := slices.Clone(lat)
	for i, op := range lm.mem {
		if op != nil && op.space == "shared" && !op.store {
			out[i] -= lm.queuedWavefronts(i)
		}
	}
	return out
}

// matchKey is MATCH.ANY i's latency and rate on its key's expected
// distinct values (laneAccess.distinct; Machine.matchAt); ok false for
// other instructions or where the records are missing.
func (lm *loopModel) matchKey(i int) (lat, rate float64, src string, ok bool) {
	la, found := lm.lanes[lm.body[i].Offset]
	if !found || la.distinct <= 0 {
		return 0, 0, "", false
	}
	return lm.m.matchAt(la.distinct)
}

// lanesText is what instruction i's lane addresses show, "" for no
// memory access: "lane stride 128 B: 32-way conflict, 32 wavefronts",
// "lane stride 8 B: 8 sectors, 2 lines per request".
func (lm *loopModel) lanesText(i int) string {
	op := lm.mem[i]
	if la, ok := lm.lanes[lm.body[i].Offset]; ok && la.distinct > 0 {
		return fmt.Sprintf("match key of %.1f distinct values among the lanes (counted where the lanes are followed, else expected of 32 draws among the values the key can take: a hash's, or up to 32 of a key read from memory)", la.distinct)
	}
	if op == nil {
		return ""
	}
	la, ok := lm.access(i)
	if !ok {
		switch g := lm.lanes[lm.body[i].Offset]; {
		case g.groups > 0 && op.space == "global":
			sec, lines := g.groupedSectors(op.bytes)
			return fmt.Sprintf("%d groups of lanes, each at one loaded value: %d sectors, %d line%s per request", g.groups, sec, lines, plural(lines))
		case (lm.divergent[i] || op.store && op.space == "global") && lm.lanes[lm.body[i].Offset].scattered && !lm.lanes[lm.body[i].Offset].shared:
			return "scattered (hashed per lane): taken as a line per lane"
		case lm.divergent[i]:
			return "address loaded in the loop: taken as a line per lane"
		case op.space == "shared" && lm.lanes[lm.body[i].Offset].scattered:
			w, _ := lm.wavefronts(i)
			if la := lm.lanes[lm.body[i].Offset]; len(la.vals) > 0 && la.valsAlign >= 128 {
				n := len(slices.Compact(slices.Sorted(slices.Values(la.vals))))
				return fmt.Sprintf("each lane one of %d addresses over %d bytes (selects on loaded data, each choice taken as equally likely): %.1f wavefronts expected", n, la.span, w)
			}
			return fmt.Sprintf("scattered (hashed per lane): random banks, %.1f wavefronts expected", w)
		case op.space == "global" && lm.lanes[lm.body[i].Offset].shared && isAtomic(lm.body[i]) && lm.m.gridAtomicRate(lm.body[i]) > 0:
			la := lm.lanes[lm.body[i].Offset]
			return fmt.Sprintf("scattered over %d bytes that every block shares: the grid's atomics on %d lines", la.span, (la.span+127)/128)
		case op.space == "global" && g.scattered && g.span > 0 && !lm.divergent[i]:
			return fmt.Sprintf("scattered over a window of %d bytes: %.1f lines expected, costed as one request's", g.span, expectedLines(g.span, op.bytes))
		}
		return "lanes not followed: taken as consecutive"
	}
	pat := lanePattern(la.offsets, la.active)
	if n := ldsmMatrices(lm.body[i]); n > 0 {
		pat = "ldmatrix rows, " + pat
	}
	iter := ""
	if la.iterKnown {
		iter = fmt.Sprintf("; %+d B an iteration", la.iterStride)
	}
	if op.space == "shared" {
		wf, _ := lm.wavefronts(i)
		w := int(wf)
		ideal := max(1, (32*op.bytes+127)/128)
		if n := ldsmMatrices(lm.body[i]); n > 0 {
			ideal = n
		}
		switch {
		case w > ideal:
			return fmt.Sprintf("%s: %d-way conflict, %d wavefronts%s", pat, (w+ideal-1)/ideal, w, iter)
		default:
			return fmt.Sprintf("%s: conflict-free, %d wavefront%s%s", pat, w, plural(w), iter)
		}
	}
	sec, lines := globalSectors(la.placed(), op.bytes)
	again := ""
	if j := lm.neighbour(i); j >= 0 && !op.store {
		again = fmt.Sprintf("; the lines of %#06x's load again, %+d B on (the L1 serves them)", lm.body[j].Offset, la.iterOff-lm.lanes[lm.body[j].Offset].iterOff)
	}
	return fmt.Sprintf("%s: %d sectors, %d line%s per request%s%s", pat, sec, lines, plural(lines), iter, again)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// bankPattern names instruction i's shared access as the bank records do
// ("16-byte stride 2", "4-byte broadcast"), "" when its lane stride is
// not known.
func (lm *loopModel) bankPattern(i int) string {
	op := lm.mem[i]
	la, ok := lm.access(i)
	if op == nil || !ok || op.bytes <= 0 {
		return ""
	}
	s, ok := la.stride()
	if !ok {
		return ""
	}
	switch {
	case s == 0:
		return fmt.Sprintf("%d-byte broadcast", op.bytes)
	case s > 0 && s%int64(op.bytes) == 0:
		return fmt.Sprintf("%d-byte stride %d", op.bytes, s/int64(op.bytes))
	}
	return ""
}

// sharedCycles is what one SM takes per warp load of shared load i, from
// the bank record of its width and lane stride, or of consecutive lanes
// where the listing does not show the stride, with the pattern it took;
// ok false where the bank records lack both.
func (lm *loopModel) sharedCycles(i int) (pattern string, cycles float64, ok bool) {
	L := lm.m.Levels["shared"]
	if p := lm.bankPattern(i); p != "" && ldsmMatrices(lm.body[i]) == 0 {
		if wc, ok := L.WarpLoadCycles[p]; ok {
			return p, wc, true
		}
	}
	if w, ok := lm.wavefronts(i); ok {
		// A pattern the bank records do not hold: its wavefronts,
		// each at a one-wavefront access's measured cost.
		if one, ok := L.WarpLoadCycles["4-byte stride 1"]; ok && one > 0 {
			return fmt.Sprintf("%.1f wavefronts", w), w * one, true
		}
	}
	p := fmt.Sprintf("%d-byte stride 1", lm.mem[i].bytes)
	wc, ok := L.WarpLoadCycles[p]
	return p, wc, ok
}

// sharedWavefronts is the cycles a shared load's last data comes after its
// first, beyond the latency record's (one wavefront, as the latency
// chase's single lane is), with the bank pattern it comes from: its
// wavefronts beyond the first (sharedCycles over a one-wavefront access's,
// 4-byte lanes at stride 1), each adding the level's WavefrontCycles (one
// cycle, the banks' rate, where that is not measured). 0 for other loads
// or where the bank records are missing.
func (lm *loopModel) sharedWavefronts(i int) (float64, string) {
	op := lm.mem[i]
	if op == nil || op.store || op.space != "shared" {
		return 0, ""
	}
	L := lm.m.Levels["shared"]
	one, ok := L.WarpLoadCycles["4-byte stride 1"]
	if !ok || one <= 0 {
		return 0, ""
	}
	pattern, wc, ok := lm.sharedCycles(i)
	if !ok {
		return 0, ""
	}
	per := L.WavefrontCycles
	if per <= 0 {
		per = one
	}
	n := math.Round(wc / one)
	if w, ok := lm.wavefronts(i); ok {
		n = w
	}
	return max(0, n-1) * per, pattern
}

// l1Spread is what one SM takes per warp load of global load i at the
// L1 where its lanes span several lines (their addresses known, or
// scattered by a hash and not a pointer chase), with the wavefronts that
// cost stands for and the lines: the L1 serves a warp's lines through
// the data banks shared memory uses, a wavefront for the most distinct
// words any bank holds (BankWavefrontCycles each, the "global banks"
// records of lines on the same banks), and resolves the lines' tags at
// the rate the records of lines on other banks measured (SpreadCycles):
// the slower of the two. Scattered lanes over a known span of words
// (a masked hash) touch the lines 32 random draws are expected to; over
// an unknown span, a line per lane in random banks. ok false for other
// accesses and where the records are missing.
func (lm *loopModel) l1Spread(i int, level string) (cycles, wavefronts, lines float64, ok bool) {
	level = lm.levelOf(i, level)
	op := lm.mem[i]
	if op == nil || op.store || op.space != "global" || level != "L1" {
		return 0, 0, 0, false
	}
	if la := lm.lanes[lm.body[i].Offset]; lm.chased[i] && !(la.scattered && (la.span > 0 || lm.hashed[i])) {
		// A pointer chase through raw addresses: the divergent
		// chase's record (its lanes' lines on one bank). A chase
		// through an index bounded to a table (a word of the table
		// picked by the loaded data), or through a hash of the loaded
		// value (lm.hashed), reads random words of its lines, as a
		// hashed gather does.
		return 0, 0, 0, false
	}
	L := lm.m.Levels["L1"]
	if L.BankWavefrontCycles <= 0 || len(L.SpreadCycles) == 0 {
		return 0, 0, 0, false
	}
	var banks float64
	if la, known := lm.access(i); known {
		_, n := globalSectors(la.placed(), op.bytes)
		if n < 2 {
			return 0, 0, 0, false
		}
		lines, banks = float64(n), float64(bankWavefronts(la.offsets[:], op.bytes))
		if lm.divergent[i] && banks >= lines {
			// A line per lane, all on one bank: what the divergent
			// chase measured (Level.Loaded).
			return 0, 0, 0, false
		}
	} else if la := lm.lanes[lm.body[i].Offset]; la.scattered {
		lines, banks = 32, expectedMaxLoad(32, 32)
		if la.span > 0 {
			words := (la.span + 3) / 4
			n := float64((la.span + 127) / 128)
			lines = expectedDistinct(n)
			if words < 32*32 {
				banks = scatteredWavefronts(int(words))
			}
		}
	} else {
		return 0, 0, 0, false
	}
	spread, _ := L.spreadAt(lines)
	cycles = max(banks*L.BankWavefrontCycles, spread)
	return cycles, cycles / L.BankWavefrontCycles, lines, true
}

// Access patterns of global loads (--pattern).
const (
	// PatternAuto is coalesced, except loads whose address comes from a
	// load of the same loop (a pointer chase: each lane follows its own
	// pointer), which are divergent.
	PatternAuto = ""
	// PatternCoalesced: each warp load touches 32 lanes × its width of
	// consecutive bytes.
	PatternCoalesced = "coalesced"
	// PatternDivergent: each lane of a warp load touches its own
	// 128-byte line.
	PatternDivergent = "divergent"
)

func newLoopModel(m *Machine, body []sass.Instruction, pattern string) *loopModel {
	lm := &loopModel{m: m, body: body}
	l := m.ALU.Layout
	for _, p := range l.Pipelines {
		lm.classes = append(lm.classes, p.Classes...)
	}
	for _, f := range l.Flexible {
		lm.classes = append(lm.classes, f.Name)
	}
	sort.Strings(lm.classes)
	for _, in := range body {
		lm.uses = append(lm.uses, withAddress(in))
		cls := infer.ClassOf(in.Opcode, lm.classes)
		if cls == "" {
			cls = m.derivedClass(in.Base())
		}
		lm.class = append(lm.class, cls)
		lm.pipe = append(lm.pipe, m.pipeOf(in.Opcode))
		if op, ok := memoryOp(in); ok && in.Predicate != "@!PT" {
			// (@!PT never runs: the compiler's padding.)
			lm.mem = append(lm.mem, &op)
		} else {
			lm.mem = append(lm.mem, nil)
			if c := lm.class[len(lm.class)-1]; c == "" {
				lm.class[len(lm.class)-1] = m.quarterRateClass(in.Opcode)
			}
		}
	}
	lm.divergent = make([]bool, len(body))
	chased := lm.chasedLoads()
	lm.chased = lm.pointerChases(chased)
	lm.hashed = lm.hashedChases()
	for i, op := range lm.mem {
		if op == nil || op.store || op.space != "global" {
			continue
		}
		switch pattern {
		case PatternDivergent:
			lm.divergent[i] = true
		case PatternAuto:
			lm.divergent[i] = chased[i]
		}
	}
	return lm
}

// divergentTogether is, for each divergent load of the loop that is no
// pointer chase (chased) and whose address no other divergent load's
// result of the iteration feeds, how many such loads at its level an
// iteration issues: they are in flight together, one warp's n loads
// as n warps' (a sparse row's eight gathers through their column
// indices). 0 for other instructions.
func (lm *loopModel) divergentTogether(level string) []int {
	out := make([]int, len(lm.body))
	fed := map[sass.Reg]bool{} // written from a divergent load's result
	var free []int
	for i, u := range lm.uses {
		from := false
		for _, r := range u.Reads {
			from = from || fed[r.Reg]
		}
		op := lm.mem[i]
		div := op != nil && !op.store && op.space == "global" && lm.divergent[i]
		if div && !from && !lm.chased[i] {
			free = append(free, i)
		}
		for _, w := range u.Writes {
			fed[w] = from || div
		}
	}
	count := map[string]int{}
	for _, i := range free {
		count[lm.levelOf(i, level)]++
	}
	for _, i := range free {
		out[i] = count[lm.levelOf(i, level)]
	}
	return out
}

// chasedLoads marks the loads whose address registers carry a value
// loaded in the loop, in this iteration or the one before: a dependent
// chain through memory, where each lane follows its own pointer.
func (lm *loopModel) chasedLoads() []bool {
	out := make([]bool, len(lm.body))
	tainted := map[sass.Reg]bool{}
	for range 2 {
		for i, u := range lm.uses {
			t := false
			for _, r := range u.Reads {
				if tainted[r.Reg] {
					t = true
				}
			}
			op := lm.mem[i]
			if op != nil && !op.store && t {
				out[i] = true
			}
			for _, w := range u.Writes {
				tainted[w] = t || (op != nil && !op.store)
			}
		}
	}
	return out
}

// pointerChases marks, of the loads whose address was loaded (loaded, as
// chasedLoads gives them), those of a pointer chase: a load whose address
// comes, through the registers of later iterations, from its own result
// (p = p->next), or from such a load's result. A gather through an index
// loaded from an address of its own (v = b[idx[k]]) is no chase: its
// lanes' lines are independent from one iteration to the next.
func (lm *loopModel) pointerChases(loaded []bool) []bool {
	out := make([]bool, len(lm.body))
	for j, op := range lm.mem {
		if op == nil || op.store || !loaded[j] {
			continue
		}
		// Follow load j's result around the loop once: does it
		// reach j's own address?
		tainted := map[sass.Reg]bool{}
		for _, w := range lm.uses[j].Writes {
			tainted[w] = true
		}
		for k := 1; k <= len(lm.body) && !out[j]; k++ {
			i := (j + k) % len(lm.body)
			t := false
			for _, r := range lm.uses[i].Reads {
				if tainted[r.Reg] {
					t = true
				}
			}
			if i == j && t {
				out[j] = true
			}
			for _, w := range lm.uses[i].Writes {
				tainted[w] = t
			}
		}
	}
	// Loads whose address comes from a chase's result are as
	// scattered as it.
	tainted := map[sass.Reg]bool{}
	for range 2 {
		for i, u := range lm.uses {
			t := false
			for _, r := range u.Reads {
				if tainted[r.Reg] {
					t = true
				}
			}
			op := lm.mem[i]
			if op != nil && !op.store && t && loaded[i] {
				out[i] = true
			}
			for _, w := range u.Writes {
				tainted[w] = t || out[i]
			}
		}
	}
	return out
}

// hashedChases marks the chased loads (lm.chased) whose address comes
// from the loaded value through a mixing step (hashes such as lowbias32
// or murmur's finalizer: an exclusive or, a multiply-high, a multiply by
// a large constant) rather than through address arithmetic alone (a
// scale, an add, a mask: p = next[p]). A hashed chase's lines fall at
// random over its footprint, as a hashed gather's do; a raw chase's are
// wherever its data put them, which the divergent chase's record (a line
// per lane, all on one L1 bank) stands for.
func (lm *loopModel) hashedChases() []bool {
	out := make([]bool, len(lm.body))
	for j, op := range lm.mem {
		if op == nil || op.store || !lm.chased[j] {
			continue
		}
		out[j] = lm.mixedFromLoad(j)
	}
	return out
}

// mixedFromLoad reports whether instruction j's registers, followed back
// through their writers in the loop (before j, round the back edge)
// until a load's result, pass a mixing step (mixing).
func (lm *loopModel) mixedFromLoad(j int) bool {
	n := len(lm.body)
	seen := map[[2]int]bool{}
	var walk func(at, depth int) bool
	walk = func(at, depth int) bool {
		if depth > 16 {
			return false
		}
		for _, r := range lm.uses[at].Reads {
			if r.File != sass.General {
				continue
			}
			for k := 1; k <= n; k++ {
				w := (at - k + n) % n
				if !slices.Contains(lm.uses[w].Writes, r.Reg) {
					continue
				}
				key := [2]int{w, r.Index}
				if seen[key] {
					break
				}
				seen[key] = true
				if op := lm.mem[w]; op != nil && !op.store {
					break // a load's result: the chase's start
				}
				if mixing(lm.body[w]) || walk(w, depth+1) {
					return true
				}
				break
			}
		}
		return false
	}
	return walk(j, 0)
}

// mixing reports whether in is a hash's mixing step: an exclusive or of
// its sources (LOP3 with an xor table), a multiply-high, or a multiply by
// a constant of more than one set bit beyond 64 (0x7feb352d), which no
// address's scale is.
func mixing(in sass.Instruction) bool {
	ops := splitOperands(in.Operands)
	switch base := in.Base(); {
	case base == "LOP3" && len(ops) >= 2:
		lut := strings.TrimSpace(ops[len(ops)-2])
		if v, err := strconv.ParseUint(strings.TrimPrefix(lut, "0x"), 16, 8); err == nil {
			switch v {
			case 0x3c, 0x5a, 0x66, 0x96, 0x69, 0xc3, 0xa5, 0x99:
				return true
			}
		}
	case strings.HasPrefix(in.Opcode, "IMAD.HI") || strings.HasPrefix(in.Opcode, "IMUL.HI"):
		return true
	case (base == "IMAD" || base == "IMUL") && !strings.Contains(in.Opcode, "WIDE") && len(ops) >= 3:
		c := strings.TrimSpace(ops[2])
		if v, err := strconv.ParseUint(strings.TrimPrefix(c, "0x"), 16, 32); err == nil && strings.HasPrefix(c, "0x") && v > 64 && v&(v-1) != 0 {
			return true
		}
	}
	return false
}

// levelFor is the level an access to space hits under the assumption.
func levelFor(space, level string) string {
	if space == "shared" {
		return "shared"
	}
	return level
}

// latency is instruction i's latency and where it comes from; ok false
// when not measured.
func (lm *loopModel) latency(i int, level string) (float64, string, bool) {
	c, src, ok := lm.ownLatency(i, level)
	if d, pattern, dok := lm.constDistinct(i); ok && dok && d > 1 && lm.m.ConstPassLatency > 0 {
		// The constant cache serves the lanes' distinct addresses
		// one after another.
		c, src = c+(d-1)*lm.m.ConstPassLatency, src+", "+pattern
	}
	return c, src, ok
}

// ownLatency is instruction i's latency from its records alone (see
// latency).
func (lm *loopModel) ownLatency(i int, level string) (float64, string, bool) {
	assumed := level
	level = lm.levelOf(i, level)
	if op := lm.mem[i]; op != nil {
		if op.store && op.returns && op.space == "global" {
			// A warp's atomics on a line per lane come back when
			// the slowest of the 32 does.
			if c, src, ok := lm.scatteredAtomicLatency(i, level); ok {
				return c, src, true
			}
			// The old value of a global atomic comes back from
			// the L2, where atomics are performed, whatever the
			// level assumed; at the DRAM, on lines no earlier load
			// of the iteration brought, no sooner than the L2
			// fetches them: a coalesced load's wait there (the
			// loads-waited-on-together record of one load of its
			// sectors).
			if e, ok := lm.m.atomicLatency(lm.body[i]); ok {
				if la, known := lm.access(i); known && level == "DRAM" && !lm.loadedBefore(i) {
					sec, _ := globalSectors(la.placed(), op.bytes)
					if w, ok := lm.m.Levels["DRAM"].waitAt(1, float64(sec), ""); ok && w > e.LatencyCycles {
						return w, fmt.Sprintf("level DRAM: the line fetched before the atomic (loads waited on together, 1 load of %d sectors)", sec), true
					}
				}
				return e.LatencyCycles, e.LatencyRecord, true
			}
		}
		if op.store && op.returns && op.space == "shared" {
			if c, src, ok := lm.sharedAtomicLatency(i); ok {
				return c, src, true
			}
		}
		if op.store {
			return 0, "", false
		}
		lv := lm.m.Levels[levelFor(op.space, level)]
		if _, wf, lines, ok := lm.l1Spread(i, level); ok && lv.LatencyCycles > 0 {
			// The last wavefront leaves the L1's data pipeline
			// a wavefront's latency after the one before.
			step := max(lv.DivergentCycles/32, lm.m.Levels["shared"].WavefrontCycles)
			return lv.LatencyCycles + max(0, wf-1)*step, fmt.Sprintf("level L1, %.0f lines, %.1f wavefronts", lines, wf), true
		}
		if c, ok := lv.loadedAt(1); ok && lm.divergent[i] {
			// Measured whole: one warp's divergent load waits for
			// the slowest of its 32 lines.
			return c, "level " + lv.Name + ", divergent (one warp's loaded latency)", true
		}
		if lm.divergent[i] && lv.LatencyCycles > 0 && lv.DivergentCycles > 0 {
			// The lanes' 32 lines leave the SM one after another:
			// the last arrives 31/32 of a divergent load's SM time
			// after the first. Lines the L1 serves pass its data
			// pipeline as shared memory's wavefronts do (one SRAM and
			// one pipeline for both on NVIDIA's GPUs since Volta), each
			// adding at least a wavefront's latency.
			step := lv.DivergentCycles / 32
			if lv.Name == "L1" {
				step = max(step, lm.m.Levels["shared"].WavefrontCycles)
			}
			return lv.LatencyCycles + 31*step, "level " + lv.Name + ", divergent", true
		}
		if lv.LatencyCycles > 0 {
			c, src := lv.LatencyCycles, "level "+lv.Name
			if extra, pattern := lm.sharedWavefronts(i); extra > 0 {
				c, src = c+extra, src+", "+pattern
			}
			if op.space == "shared" {
				if q := lm.queuedWavefronts(i); q > 0 {
					c, src = c+q, src+fmt.Sprintf(", %.0f behind its stores' wavefronts", q)
				}
			}
			if la, ok := lm.access(i); ok && op.space == "global" && lv.Name == "L1" {
				// Each line past the first leaves the L1's data
				// pipeline a wavefront later.
				if _, lines := globalSectors(la.placed(), op.bytes); lines > 1 {
					step := max(lv.DivergentCycles/32, lm.m.Levels["shared"].WavefrontCycles)
					c, src = c+float64(lines-1)*step, src+fmt.Sprintf(", %d lines", lines)
				}
			}
			if loads, store, ok := lm.waitGroup(i, assumed); ok {
				// A warp waits for the slowest of the requests it
				// has in flight: the memory suite's loads waited on
				// together, beyond one load of one line.
				sectors := float64(op.bytes)
				if la, ok := lm.access(i); ok {
					s, _ := globalSectors(la.placed(), op.bytes)
					sectors = float64(s)
				}
				if extra, ok := lv.waitExtra(loads, sectors, store); ok {
					c += extra
					src += fmt.Sprintf(", %.1f load(s) of %.0f sectors waited on together", loads, sectors)
					if store != "" {
						src += ", " + store
					}
					return c, src, true
				}
			}
			if la, ok := lm.access(i); ok && op.space == "global" && lv.Name != "L1" {
				// Each line past the first comes back later by
				// what the divergent chase's one warp (32 lines)
				// measured beyond one line's latency, per line.
				if one, ok := lv.loadedAt(1); ok && one > lv.LatencyCycles {
					if _, lines := globalSectors(la.placed(), op.bytes); lines > 1 && lines < 32 {
						step := (one - lv.LatencyCycles) / 31
						c, src = c+float64(lines-1)*step, src+fmt.Sprintf(", %d lines", lines)
					}
				}
			}
			return c, src, true
		}
		return 0, "", false
	}
	if lm.body[i].Base() == "LDC" && lm.m.ConstLatency > 0 {
		// A constant load, at a register's index or at a fixed
		// offset (a kernel parameter read again each iteration):
		// the constant cache's hit, the memory suite's constant
		// chase. Its write scoreboard is released then, not a
		// fixed-latency instruction's few cycles after issue.
		return lm.m.ConstLatency, lm.m.ConstLatencyRecord, true
	}
	if lm.body[i].Base() == "LDGDEPBAR" {
		// Its scoreboard is released when the group's copies are
		// in shared memory.
		if c, src, ok := lm.copyGroup(i, level); ok {
			return c, src, true
		}
	}
	if lat, _, src, ok := lm.matchKey(i); ok {
		return lat, src, true
	}
	if e, ok := lm.m.Lookup(lm.body[i].Opcode); ok && e.LatencyCycles > 0 {
		if imm, ok := lm.m.Immediate[lm.body[i].Base()]; ok && imm.LatencyCycles < e.LatencyCycles && hasImmediate(lm.body[i]) {
			return imm.LatencyCycles, imm.LatencyRecord, true
		}
		return e.LatencyCycles, e.LatencyRecord, true
	}
	if c := lm.class[i]; c != "" {
		if v, ok := lm.m.ALU.Latency[c]; ok && v > 0 {
			return v, "class " + c, true
		}
	}
	return 0, "", false
}

// constDistinct is the distinct addresses the lanes of constant load i
// (LDC at a register's index) read, with the pattern in words: the
// addresses' count where the lane follower knows them, the expected
// distinct draws of 32 lanes where it knows only that they scatter over a
// window (a hashed or data-picked index into a table), n(1 − (1 − 1/n)^32)
// for n addresses; ok false where neither is known.
func (lm *loopModel) constDistinct(i int) (float64, string, bool) {
	if !indexedConstant(lm.body[i]) || lm.lanes == nil {
		return 0, "", false
	}
	la, ok := lm.lanes[lm.body[i].Offset]
	if !ok {
		return 0, "", false
	}
	width := int64(4)
	if strings.Contains(lm.body[i].Opcode, ".64") {
		width = 8
	}
	switch {
	case la.known:
		seen := map[int64]bool{}
		for _, o := range la.offsets {
			seen[o] = true
		}
		d := float64(len(seen))
		return d, fmt.Sprintf("%.0f distinct constant address%s", d, plural(len(seen))), true
	case la.scattered && (len(la.vals) > 0 || la.span > 0):
		n := float64((la.span + width - 1) / width)
		if len(la.vals) > 0 {
			n = float64(len(la.vals))
		}
		d := expectedDistinct(n)
		return d, fmt.Sprintf("%.1f distinct constant addresses expected (32 lanes over %.0f)", d, n), true
	}
	return 0, "", false
}

// lineEach reports whether scattered access la of width bytes a lane is
// taken as a line per lane: its window unbounded, or wide enough that 32
// lanes are expected to touch 16 lines or more.
func (la laneAccess) lineEach(width int) bool {
	return la.span <= 0 || expectedLines(la.span, width) >= 16
}

// expectedLines is the distinct lines 32 lanes touch, each at a random
// word of width bytes in a window of span bytes: of n lines (the
// window's, one more for its unknown alignment).
func expectedLines(span int64, width int) float64 {
	return expectedDistinct(float64((span+int64(width)-1)/128 + 1))
}

// expectedDistinct is the distinct values 32 lanes take, each one of n
// equally likely values: each value missed by a lane with probability
// 1 - 1/n.
func expectedDistinct(n float64) float64 {
	return n * (1 - math.Pow(1-1/n, 32))
}

// rate is instruction i's measured rate alone, warp instructions per
// clock per SM.
func (lm *loopModel) rate(i int) (float64, string, bool) {
	if _, rate, src, ok := lm.matchKey(i); ok {
		return rate, src, true
	}
	// A rate is the form's own or a prefix's: another form of the base
	// opcode may run on other pipelines (IADD3 on two, IADD3.X on one).
	if e, ok := lm.m.Lookup(lm.body[i].Opcode); ok && e.Rate > 0 && (lm.body[i].Opcode == e.Opcode || strings.HasPrefix(lm.body[i].Opcode, e.Opcode+".")) {
		return e.Rate, e.RateRecord, true
	}
	if c := lm.class[i]; c != "" {
		if r := lm.m.ALU.Layout.Rate(c); r > 0 {
			return r, pipes.MixID(c), true
		}
	}
	return 0, "", false
}

// latencies is each instruction's latency for the replay and the
// dependency analyses: measured, or the shortest measured.
func (lm *loopModel) latencies(level string) []float64 {
	out := make([]float64, len(lm.body))
	short := lm.m.shortestLatency()
	for i := range lm.body {
		if v, _, ok := lm.latency(i, level); ok {
			out[i] = v
			if f := lm.missFraction(i, level); f < 1 {
				// The iterations that find the lines in the
				// L1 wait its latency.
				if v1, _, ok := lm.latency(i, "L1"); ok {
					out[i] = f*v + (1-f)*v1
				}
			}
		} else {
			out[i] = short
		}
	}
	return out
}

// chain is the loop-carried dependency analysis.
type chain struct {
	// recurrence is the cycles per iteration of the longest loop-carried
	// chain with unlimited issue; inOrder one warp's cycles per iteration
	// issuing in order, one instruction a clock.
	recurrence, inOrder float64
	critical            []bool
	// spans, with control fields, is the cycles each instruction holds
	// one warp in order (from its issue to the next instruction's), over
	// an iteration: they sum to inOrder. nil without control fields.
	spans []float64
}

// dependencies runs the body's dataflow for many iterations, once with
// unlimited issue (the recurrence: the critical path through
// loop-carried registers) and once in order at one instruction a clock
// (one warp alone), and marks the instructions on the critical path.
func (lm *loopModel) dependencies(lat []float64) chain {
	const iters = 48
	n := len(lm.body)
	type node struct{ it, i int }
	ready := map[sass.Reg]float64{}
	writer := map[sass.Reg]node{}
	finish := make([][]float64, iters)
	pred := make([][]node, iters)
	for it := range iters {
		finish[it] = make([]float64, n)
		pred[it] = make([]node, n)
		for i := range lm.body {
			start, from := 0.0, node{-1, -1}
			for _, s := range lm.uses[i].Reads {
				if t, ok := ready[s.Reg]; ok && t > start {
					start, from = t, writer[s.Reg]
				}
			}
			finish[it][i] = start + lat[i]
			pred[it][i] = from
			for _, w := range lm.uses[i].Writes {
				ready[w] = finish[it][i]
				writer[w] = node{it, i}
			}
		}
	}
	top := func(it int) (float64, int) {
		best, at := 0.0, 0
		for i, f := range finish[it] {
			if f > best {
				best, at = f, i
			}
		}
		return best, at
	}
	last, at := top(iters - 1)
	mid, _ := top(iters/2 - 1)
	c := chain{recurrence: (last - mid) / float64(iters-iters/2), critical: make([]bool, n)}
	var marked []int
	for nd := (node{iters - 1, at}); nd.it >= 0; nd = pred[nd.it][nd.i] {
		if nd.it == iters-2 {
			marked = append(marked, nd.i)
		}
		if nd.it < iters-3 {
			break
		}
	}
	if len(marked) == 0 {
		for nd := (node{iters - 1, at}); nd.it == iters-1; nd = pred[nd.it][nd.i] {
			marked = append(marked, nd.i)
		}
	}
	for _, i := range marked {
		c.critical[i] = true
	}

	// One warp in order. A source written on another layout pipeline
	// arrives CrossPipeCycles later (the alu suite's chains of two
	// pipelines' opcodes, see Machine.control), and the loop's control
	// and taken back-branch add LoopControlCycles an iteration (the
	// dispatch suite's "no branch" record: its body's dependent chain
	// hides the control from this model, which would predict the chain
	// alone, so the record's excess over the chain is added whole).
	ready = map[sass.Reg]float64{}
	from := map[sass.Reg]string{}
	t := 0.0
	var t0 float64
	for it := range iters {
		if it == iters/2 {
			t0 = t
		}
		for i := range lm.body {
			at := t + 1
			for _, s := range lm.uses[i].Reads {
				r := ready[s.Reg]
				if p := from[s.Reg]; p != "" && lm.pipe[i] != "" && p != lm.pipe[i] {
					r += lm.m.CrossPipeCycles
				}
				at = math.Max(at, r)
			}
			for _, w := range lm.uses[i].Writes {
				at = math.Max(at, ready[w])
			}
			t = at
			for _, w := range lm.uses[i].Writes {
				ready[w] = t + lat[i]
				from[w] = lm.pipe[i]
			}
			if isBarrier(lm.body[i]) && lm.barrier > 1 {
				// The block's warps arrive and are released.
				t += lm.barrier - 1
			}
		}
	}
	c.inOrder = (t-t0)/float64(iters-iters/2) + lm.m.LoopControlCycles
	if lm.controlled() {
		c.inOrder, c.spans = lm.inOrderControlled(lat, iters)
	}
	return c
}

// controlled reports whether every instruction of the body carries its
// control fields (the input was a cubin of sm_70 or later).
func (lm *loopModel) controlled() bool {
	for _, in := range lm.body {
		if in.Control == nil {
			return false
		}
	}
	return len(lm.body) > 0
}

// takenBranch reports whether instruction i of the body is a branch the
// iteration takes: the loop's back-branch (the body's last), or one the
// next instruction of the body does not follow in the listing (a guard
// jumping over a math library's special case left out, a nested loop's
// back-branch between two of its trips). The fetch goes to the target:
// as for the back-branch, the next instruction issues no sooner than
// BranchCycles after it. A branch followed by the instruction after it
// (an if's side kept with the other) is taken as falling through.
func (lm *loopModel) takenBranch(i int) bool {
	in := lm.body[i]
	if in.Base() != "BRA" {
		return false
	}
	return i == len(lm.body)-1 || lm.body[i+1].Offset != in.Offset+sass.InstructionBytes
}

// inOrderControlled is one warp's cycles per iteration issuing the body
// in order as the compiler's control fields direct (sass.Control; Jia et
// al., "Dissecting the NVIDIA Volta GPU Architecture via
// Microbenchmarking", 2018, and their Turing sequel): an instruction
// issues its predecessor's stall count after it (at least a cycle),
// once every scoreboard barrier in its wait mask is released. A
// barrier an instruction sets for writing is released when its result
// lands, its measured latency after issue (lat: loads at the level
// assumed, MUFU, shuffles...); one set for reading, the cycle after
// issue (the warp alone, its operands are read at once; no record
// measures it). Dependences on fixed-latency instructions are in the
// stall counts, so registers are not tracked. After a taken branch
// (takenBranch: the back-branch, the body's last instruction, or one
// that jumps over blocks left out) the next instruction issues no
// sooner than BranchCycles after it (Machine.control). It returns
// the cycles per iteration and each instruction's span of them, from its
// issue to the next instruction's, in the last iteration.
func (lm *loopModel) inOrderControlled(lat []float64, iters int) (float64, []float64) {
	var release [sass.Barriers]float64
	// sets holds each scoreboard's release times in the order they were
	// set, for DEPBAR.LE SBn, k (k > 0): the warp waits for all but the
	// k most recent.
	var sets [sass.Barriers][]float64
	ctl := lm.controls()
	t, t0 := 0.0, 0.0
	n := len(lm.body)
	issued := make([]float64, n+1)
	// The banks serve the warp's shared accesses one after another, a
	// wavefront each WavefrontCycles: banks is each access's share of
	// them. The wait behind earlier ones a latency holds
	// (queuedWavefronts) is replaced by the wait the replay finds (none
	// where the stores' wavefronts have drained by the load's issue: a
	// delay line's store a whole dependent step before).
	banks := make([]float64, n)
	if per := lm.m.Levels["shared"].WavefrontCycles; per > 0 {
		for i := range lm.body {
			if op := lm.mem[i]; op != nil && op.space == "shared" {
				w, ok := lm.wavefronts(i)
				if !ok {
					w = 1
				}
				banks[i] = w * per
			}
		}
	}
	own := lm.unqueued(lat)
	free := 0.0
	for it := range iters {
		if it == iters/2 {
			t0 = t
		}
		for i, in := range lm.body {
			c := ctl[i]
			for b := range sass.Barriers {
				if c.Waits(b) {
					t = math.Max(t, release[b])
				}
			}
			if sb, k, ok := depbar(in); ok && k > 0 && len(sets[sb]) > k {
				t = math.Max(t, sets[sb][len(sets[sb])-1-k])
			}
			issued[i] = t
			done := t + lat[i]
			if banks[i] > 0 {
				start := math.Max(t, free)
				free = start + banks[i]
				done = start + own[i]
			}
			if c.WriteBarrier < sass.Barriers {
				release[c.WriteBarrier] = math.Max(release[c.WriteBarrier], done)
				sets[c.WriteBarrier] = append(sets[c.WriteBarrier], done)
			}
			if c.ReadBarrier < sass.Barriers {
				release[c.ReadBarrier] = math.Max(release[c.ReadBarrier], t+1)
			}
			next := t + math.Max(1, float64(c.Stall))
			if isBarrier(in) {
				// The warp waits for the block's others and the
				// barrier's release: the barrier record at the
				// block's warps is the time from one barrier to
				// the next with nothing between.
				next = math.Max(next, t+lm.barrier)
			}
			if lm.takenBranch(i) {
				next = math.Max(next, t+lm.m.BranchCycles)
			}
			t = next
		}
	}
	// The next iteration's first instruction may wait on a barrier too.
	first := t
	for b := range sass.Barriers {
		if ctl[0].Waits(b) {
			first = math.Max(first, release[b])
		}
	}
	issued[n] = first
	spans := make([]float64, n)
	for i := range spans {
		spans[i] = issued[i+1] - issued[i]
	}
	return (t - t0) / float64(iters-iters/2), spans
}

// prediction is a loop's prediction at one occupancy and level.
type prediction struct {
	cycles float64
	bound  Bound
	bounds []Bound
	replay Replay
	chain  chain
	// pipeOf maps instructions to the bounds they load.
	load []map[string]float64
}

// predict predicts the loop at warps per SM with global accesses hitting
// level, under the issue model im.
func (lm *loopModel) predict(warps int, level string, im infer.IssueModel) (prediction, error) {
	m := lm.m
	n := len(lm.body)
	W := float64(warps)
	perSched := math.Max(1, W/m.Issue)
	lm.barrier = 0
	lm.warps = warps
	bw := W
	if lm.blockWarps > 0 {
		bw = math.Min(W, float64(lm.blockWarps))
	}
	if b, ok := m.barrierAt(bw); ok {
		lm.barrier = b
	}
	lat := lm.latencies(level)
	var p prediction
	p.load = make([]map[string]float64, n)
	for i := range p.load {
		p.load[i] = map[string]float64{}
	}
	add := func(b Bound) { p.bounds = append(p.bounds, b) }

	// Issue.
	add(Bound{Name: "issue", Kind: "alu", Cycles: float64(n) * perSched,
		Detail: fmt.Sprintf("%d instructions × max(1, %d warps / %.0f schedulers)", n, warps, m.Issue)})
	for i := range lm.body {
		p.load[i]["issue"] = perSched
	}

	// Pipelines of the layout.
	l := m.ALU.Layout
	pipeLoad := make([]float64, len(l.Pipelines))
	pipeIndex := map[string]int{}
	for j, pp := range l.Pipelines {
		pipeIndex[pp.Name] = j
	}
	flex := map[string]infer.Flexible{}
	for _, f := range l.Flexible {
		flex[f.Name] = f
	}
	perInstrPipe := make([]map[int]float64, n)
	for i, c := range lm.class {
		perInstrPipe[i] = map[int]float64{}
		if c == "" {
			continue
		}
		if f, ok := flex[c]; ok {
			for k, name := range f.Pipelines {
				if j, ok := pipeIndex[name]; ok {
					perInstrPipe[i][j] += f.Share[k]
				}
			}
			continue
		}
		for j, pp := range l.Pipelines {
			if slices.Contains(pp.Classes, c) {
				perInstrPipe[i][j] += lm.pipeShare(i, pp.Rate)
			}
		}
	}
	for i := range lm.body {
		for j, v := range perInstrPipe[i] {
			pipeLoad[j] += v
		}
	}
	for j, pp := range l.Pipelines {
		if pipeLoad[j] == 0 || pp.Rate <= 0 {
			continue
		}
		name := "pipeline " + pp.Name
		add(Bound{Name: name, Kind: "alu", Cycles: pipeLoad[j] * W / pp.Rate,
			Detail: fmt.Sprintf("%.2f warp instructions/iteration × %d warps / %.2f per clock per SM", pipeLoad[j], warps, pp.Rate)})
		for i := range lm.body {
			if v := perInstrPipe[i][j]; v > 0 {
				p.load[i][name] = v * W / pp.Rate
			}
		}
	}

	// Register banks.
	if im.BankPenalty > 0 {
		total := 0.0
		for i, u := range lm.uses {
			c := 1 + im.BankPenalty*float64(max(0, u.BankReads(sass.RegisterBanks)-1))
			total += c
			p.load[i]["register banks"] = c * perSched
		}
		add(Bound{Name: "register banks", Kind: "alu", Cycles: total * perSched,
			Detail: fmt.Sprintf("%.2f register-read cycles/iteration (1 + %.2f per extra read from one of %d banks) × max(1, warps/scheduler)", total, im.BankPenalty, sass.RegisterBanks)})
	}

	// Units outside the layout (tensor cores, shuffles, conversions the
	// pipes suite did not mix): measured rate alone.
	units := map[string]float64{}
	for i, in := range lm.body {
		if lm.class[i] != "" || lm.mem[i] != nil {
			continue
		}
		if r, _, ok := lm.rate(i); ok {
			name := "unit " + in.Base()
			units[name] += W / r
			p.load[i][name] = W / r
		}
	}
	for _, name := range sortedKeys(units) {
		add(Bound{Name: name, Kind: "alu", Cycles: units[name], Detail: "Σ warps / measured rate alone, over the loop's instructions of that unit"})
	}

	// Memory.
	// mem is one memory bound: bytes moved at the level's bandwidth,
	// and cycles per warp (bandwidth's share plus the shared loads
	// costed by their width's bank record).
	type mem struct{ bytes, bw, cycles float64 }
	mems := map[string]*mem{}
	divergent := map[string]float64{}
	atomics := map[string]float64{}
	var gridAtomics, gridLines, gridPasses, gridRate float64
	var blockAtomics, blockPasses, blockRate float64
	fresh := lm.freshSectors()
	together := lm.divergentTogether(level)
	for i, op := range lm.mem {
		if op == nil {
			continue
		}
		lv := levelFor(op.space, lm.levelOf(i, level))
		key := lv
		if op.store && op.space == "global" {
			if lv == "L1" {
				lv = "L2" // global stores write through to the L2
			}
			key = lv + " write"
		}
		L := m.Levels[lv]
		spread, _, _, spreadOK := lm.l1Spread(i, level)
		if lm.divergent[i] && !spreadOK {
			// Each warp keeps its divergent load in flight: at W
			// warps one takes the loaded latency measured at W
			// (the lines the level delivers per clock shared among
			// them), or, not measured, the SM's time per such load
			// times the warps. Where n such loads of an iteration
			// are in flight together (divergentTogether), the SM
			// holds n × W of them: each load's share is the loaded
			// latency at n × W warps' loads, over n.
			n := float64(max(1, together[i]))
			c, ok := L.loadedAt(n * W)
			c /= n
			if !ok && L.DivergentCycles > 0 {
				c, ok = L.DivergentCycles*W, true
			}
			if ok && (!lm.chased[i] || lm.hashed[i]) && L.DivergentCycles > 0 {
				// Loads that are no pointer chase (a strided or
				// hashed gather) measured slower than the chase's
				// dependent lines at 8 to 32 warps, at about the
				// rate the level's transfer-unit record (lanes 128
				// bytes apart, every SM streaming) delivers such
				// lines: the slower of the two. So did chases
				// whose next address is a hash of the loaded value
				// (their lines spread over the footprint as a
				// gather's do).
				c = max(c, L.DivergentCycles*W)
			}
			if f := lm.missFraction(i, level); ok && f < 1 {
				// The iterations that find the lines in the L1
				// take its divergent load instead.
				L1 := m.Levels["L1"]
				c1, ok1 := L1.loadedAt(n * W)
				c1 /= n
				if L1.DivergentCycles > 0 {
					c1, ok1 = max(c1, L1.DivergentCycles*W), true
				}
				if ok1 {
					c = f*c + (1-f)*c1
				}
			}
			if ok {
				key := lv + " divergent"
				divergent[key] += c
				p.load[i]["memory "+key] = c
				continue
			}
		}
		bw := L.ReadBytesPerClock
		if op.store && op.space == "global" {
			bw = L.WriteBytesPerClock
		} else if cachedLoad(lm.body[i]) && L.CachedReadBytesPerClock > 0 {
			// A plain LDG fills the L1 as it reads the level: the
			// record of such loads (ld.ca).
			bw = L.CachedReadBytesPerClock
		}
		if r := m.CopyBytesPerClock[lv]; r > 0 && lm.body[i].Base() == "LDGSTS" && !(level == "L1" && bypassesL1(lm.body[i])) {
			// cp.async reads at the rate the async suite measured
			// for it at the level. Not a .cg copy of an L1-sized
			// footprint, which the L2 serves (levelOf): every SM
			// reads the window's lines, as the L2's read record
			// reads lines other SMs just read, not the copy
			// record's lines of their own.
			bw = r
		}
		if bw <= 0 {
			continue
		}
		bytes := float64(32 * op.bytes)
		la, known := lm.access(i)
		lines := 0
		if known && op.space == "global" {
			// The sectors the lanes' addresses touch are what
			// moves between the levels.
			var sec int
			sec, lines = globalSectors(la.placed(), op.bytes)
			bytes = float64(32 * sec)
			own := float64(sec)
			if f, ok := fresh[i]; ok && f < sec && lv != "L1" {
				// The sectors an earlier load of the iteration
				// brought come from the L1.
				own = float64(f)
			}
			if n, ok := lm.rewrittenSectors(i); ok {
				// The sectors an earlier store of the iteration
				// wrote (a structure's fields, x, y and z 12
				// bytes a lane): the level takes their lines once.
				sec, own, bytes = n, float64(n), float64(32*n)
			}
			if f := lm.missFraction(i, level); f < 1 {
				// So do those the previous iterations brought.
				own *= f
			}
			if own < float64(sec) {
				bytes = 32 * own
				if l1 := m.Levels["L1"]; l1.ReadBytesPerClock > 0 {
					if mems["L1"] == nil {
						mems["L1"] = &mem{bw: l1.ReadBytesPerClock}
					}
					hit := 32 * (float64(sec) - own)
					mems["L1"].bytes += hit
					mems["L1"].cycles += hit / l1.ReadBytesPerClock
					p.load[i]["memory L1"] = hit / l1.ReadBytesPerClock * W
				}
			}
		}
		if mems[key] == nil {
			mems[key] = &mem{bw: bw}
		}
		mems[key].bytes += bytes
		c := bytes / bw
		switch {
		case op.space == "shared" && (!op.store || lm.hasWavefronts(i)):
			// The bank record of the access's width and lane
			// stride, or its wavefronts from the lanes' addresses
			// (consecutive lanes where neither is known), is what
			// one such warp access costs.
			if _, wc, ok := lm.sharedCycles(i); ok {
				c = wc
			}
		case spreadOK:
			// The L1's wavefronts for the lines and banks the
			// lanes touch (l1Spread), not its sectors' bytes at
			// the coalesced read rate: lanes on other banks of
			// several lines come in fewer wavefronts than
			// sectors (the "global banks" records: 8 lines of 32
			// sectors on other banks in 2.5 cycles on the H200,
			// where 1 KiB at its 118.5 bytes a clock would take
			// 8.6; a float3's 12-byte lanes, 3 lines, in about
			// 1.4).
			c = spread
		case lv == "L1" && lines > 1 && L.DivergentCycles > 0:
			// The L1 delivers a line a wavefront: at least the
			// divergent load's cost per line.
			c = max(c, float64(lines)*L.DivergentCycles/32)
		}
		if sc, ok := lm.scatteredWrite(i, lv, W); ok && !lm.gridScatterSlower(i, sc) {
			// Each lane's write to a line of its own: the rate the
			// memory suite's scattered writes measured at these
			// warps (a write fills no line the warp waits on: the
			// level is busy with them even from one warp).
			key = lv + " scattered writes"
			if mems[key] == nil {
				mems[key] = &mem{bw: bw}
			}
			mems[key].bytes += bytes
			mems[key].cycles += sc
			p.load[i]["memory "+key] = sc * W
			continue
		}
		mems[key].cycles += c
		p.load[i]["memory "+key] = c * W
		if op.space == "global" && isAtomic(lm.body[i]) && !known && m.gridAtomicRate(lm.body[i]) > 0 {
			// Atomics whose lanes scatter over a window the same in
			// every block (a hashed bin of a global histogram): the
			// whole grid's atomics land on the window's lines, and
			// the L2 performs one line's atomics one after another,
			// each SM getting its share of the rate measured with
			// every thread of the GPU on one address.
			if ac, passes, lines, ok := lm.gridScatterAtomic(i); ok {
				gridRate = passes / (ac * atomicUnits(lines)) // as costed
				gridAtomics += ac
				gridLines = max(gridLines, lines)
				gridPasses += passes
				p.load[i]["memory L2 atomics on the grid's lines"] = ac * W
			}
		}
		if ac, passes, lines, ok := lm.gridWordsAtomic(i); ok {
			gridRate = passes / (ac * atomicUnits(lines)) // as costed
			// Atomics on words every block shares (one global
			// total, a few hot counters): the whole grid's land
			// on them, which the L2 updates one pass after
			// another.
			gridAtomics += ac
			gridLines = max(gridLines, lines)
			gridPasses += passes
			p.load[i]["memory L2 atomics on the grid's lines"] = ac * W
			continue
		}
		if ac, passes, ok := lm.blockWordsAtomic(i); ok {
			// Atomics on a word of the block's own (the block's
			// total): each SM's pile onto its words.
			blockAtomics += ac
			blockPasses += passes
			blockRate = m.warpWordRate(lm.body[i])
			p.load[i]["memory L2 atomics on the block's words"] = ac * W
			continue
		}
		if lm.atomicFetches(i, lv) && known && L.ReadBytesPerClock > 0 {
			if mems[lv] == nil {
				mems[lv] = &mem{bw: L.ReadBytesPerClock}
			}
			mems[lv].bytes += bytes
			mems[lv].cycles += bytes / L.ReadBytesPerClock
			p.load[i]["memory "+lv] = bytes / L.ReadBytesPerClock * W
		}
		if b := lm.body[i].Base(); (b == "RED" || b == "REDG" || b == "ATOMG" || b == "ATOM") && known && lv != "L1" {
			// Atomics are performed at the L2: every request
			// passes its slices at the rate the transfer-unit
			// record measures for the lanes' spacing (the
			// spacing of 4-byte lanes that touches as many
			// sectors).
			if st, ok := la.stride(); ok && st > 0 {
				spacing := int(st) * 4 / op.bytes
				if r := m.Levels[lv].TransferBytesPerClock[spacing]; r > 0 {
					ac := 32 * 4 / r
					atomics[lv+" atomics"] += ac
					p.load[i]["memory "+lv+" atomics"] = ac * W
					if w := mems[key]; w != nil && lv == "L2" && key == lv+" write" {
						// The request's data rides with it to
						// the L2's slices: the atomics' station
						// is the L2's work on it, not a write
						// beside it (at the DRAM the lines it
						// dirties are written back: that write
						// stays).
						w.bytes -= bytes
						w.cycles -= c
						delete(p.load[i], "memory "+key)
						if w.bytes <= 0 {
							delete(mems, key) // no write left to bound
						}
					}
				}
			}
		}
	}
	// Stores at the L1 level: every SM's wrap onto one window, whose
	// lines the L2 writes one after another (windowLoop).
	if b, per, ok := lm.windowLoop(level, W); ok {
		for i, c := range per {
			p.load[i][b.Name] = c
		}
		add(b)
	}
	// Shared atomics: each warp's lanes at the rate the dispatch suite
	// measured with every warp doing the same (a compare-and-store spin
	// loop's, its whole loop's).
	var sharedAtomics float64
	for i := range lm.body {
		if c, ok := lm.sharedAtomicCycles(i); ok {
			sharedAtomics += c
			p.load[i]["memory shared atomics"] = c * W
		}
	}
	if sharedAtomics > 0 {
		add(Bound{Name: "memory shared atomics", Kind: "memory:shared", Cycles: sharedAtomics * W,
			Detail: fmt.Sprintf("%.2f cycles/iteration/warp (a warp's shared atomics, its lanes at the atomics per clock per SM the dispatch suite measured with every warp doing the same, from the uncontended record to that of 32 lanes on one word as more share one) × %d warps", sharedAtomics, warps)})
	}
	// A word every warp of a block updates (the block's total): its
	// atomics are performed one after another, the block's warps'
	// in turn (each block its own word, the blocks side by side).
	var blockWord float64
	for i := range lm.body {
		if c, ok := lm.blockWordAtomic(i); ok {
			blockWord += c
			p.load[i]["memory shared atomics on one word"] = c * bw
		}
	}
	if blockWord > 0 && bw > 1 {
		add(Bound{Name: "memory shared atomics on one word", Kind: "memory:shared", Cycles: blockWord * bw,
			Detail: fmt.Sprintf("%.1f cycles/iteration/warp (atomics on a shared word every warp of the block updates, performed one after another: each lane's what each lane past the first added in the dispatch suite's record of 32 lanes on one word) × %.0f warps of a block", blockWord, bw)})
	}
	// The constant cache: each scheduler's serves a warp's distinct
	// addresses one at a time.
	var constCycles, constAddrs float64
	for i := range lm.body {
		if d, _, ok := lm.constDistinct(i); ok && d > 1 && m.ConstPassCycles > 0 {
			constCycles += d * m.ConstPassCycles
			constAddrs += d
			p.load[i]["memory constant cache"] = d * m.ConstPassCycles * perSched
		}
	}
	if constCycles > 0 {
		add(Bound{Name: "memory constant cache", Kind: "memory:constant", Cycles: constCycles * perSched,
			Detail: fmt.Sprintf("%.1f distinct constant addresses a warp iteration × %.1f cycles each (%s) × max(1, %d warps / %.0f schedulers)", constAddrs, m.ConstPassCycles, m.ConstSource, warps, m.Issue)})
	}
	if gridAtomics > 0 {
		add(Bound{Name: "memory L2 atomics on the grid's lines", Kind: "memory:L2", Cycles: gridAtomics * W,
			Detail: fmt.Sprintf("%.1f cycles/iteration/warp (32 lanes' atomics on %.0f lines every block shares: %.1f passes a warp, a sector's lanes on distinct words in one pass and those on one word in one each, each pass the grid's at %.5f a clock per SM (the dispatch suite's one-address records: a float add's passes at the integer adds' rate, its chains on one word at its own), over %.0f atomic units) × %d warps", gridAtomics, gridLines, gridPasses, gridRate, atomicUnits(gridLines), warps)})
	}
	if blockAtomics > 0 {
		add(Bound{Name: "memory L2 atomics on the block's words", Kind: "memory:L2", Cycles: blockAtomics * W,
			Detail: fmt.Sprintf("%.1f cycles/iteration/warp (32 lanes' atomics on words of the block's own: %.1f passes a warp, those on one word in one each, at %.4f a clock per SM, the dispatch suite's record of every warp's lanes on a word of its own) × %d warps", blockAtomics, blockPasses, blockRate, warps)})
	}
	for _, key := range sortedKeys(atomics) {
		lv, _, _ := strings.Cut(key, " ")
		add(Bound{Name: "memory " + key, Kind: "memory:" + lv, Cycles: atomics[key] * W,
			Detail: fmt.Sprintf("%.2f cycles/iteration/warp (atomic requests at the %s's transfer-unit rate for their lanes' spacing) × %d warps", atomics[key], lv, warps)})
	}
	for _, key := range sortedKeys(mems) {
		mm := mems[key]
		lv, _, _ := strings.Cut(key, " ")
		var detail string
		switch {
		case strings.HasSuffix(key, " scattered writes"):
			detail = fmt.Sprintf("%.2f cycles/iteration/warp (writes of a line per lane at the %s's scattered-write rate with %d warps per SM, the memory suite's record) × %d warps", mm.cycles, lv, warps, warps)
		case key == "L1":
			detail = fmt.Sprintf("%.2f cycles/iteration/warp (%.0f bytes: loads over several lines at the L1's wavefronts for their lines and banks, the rest at %.1f bytes per clock per SM) × %d warps", mm.cycles, mm.bytes, mm.bw, warps)
		default:
			detail = fmt.Sprintf("%.2f cycles/iteration/warp (%.0f bytes: shared loads at their width's bank record, the rest at %.1f bytes per clock per SM) × %d warps", mm.cycles, mm.bytes, mm.bw, warps)
		}
		add(Bound{Name: "memory " + key, Kind: "memory:" + lv, Cycles: mm.cycles * W, Detail: detail})
	}

	for _, key := range sortedKeys(mems) {
		written := 0.0
		if w := mems[key+" write"]; w != nil {
			written = w.bytes
		}
		if b, ok := lm.streamBound(key, level, mems[key].bytes, written, divergent, atomics, W); ok {
			// The level's measured streams at the loop's warps
			// and lines in flight: its reads and writes together,
			// instead of the two records' sum.
			add(b)
			for i := range lm.body {
				if v := p.load[i]["memory "+key] + p.load[i]["memory "+key+" write"]; v > 0 {
					p.load[i][b.Name] = v
				}
			}
			continue
		}
		// A level that both reads and writes moves both through the
		// same slices and channels: the writes at the write record's
		// rate and the reads, one after the other, at what a read
		// adds beside writes in the level's copy (readBesideWrites),
		// else at the read record's rate (each record measured
		// alone).
		w, ok := mems[key+" write"]
		if r := mems[key]; ok && !strings.HasSuffix(key, " write") && key != "shared" {
			reading, how := r.cycles, "the read record's rate"
			if c, rec, ok := m.Levels[key].readBesideWrites(); ok {
				reading, how = r.bytes/128*c, fmt.Sprintf("%.2f cycles a line read beside writes, %s less its writes at the write record's rate", c, rec)
			}
			add(Bound{Name: "memory " + key + " reads and writes", Kind: "memory:" + key, Cycles: (reading + w.cycles) * W,
				Detail: fmt.Sprintf("(%.2f reading + %.2f writing) cycles/iteration/warp × %d warps: reads and writes share the level, the reads at %s", reading, w.cycles, warps, how)})
			for i := range lm.body {
				if v := p.load[i]["memory "+key] + p.load[i]["memory "+key+" write"]; v > 0 {
					p.load[i]["memory "+key+" reads and writes"] = v
				}
			}
		}
	}
	for _, key := range sortedKeys(divergent) {
		lv, _, _ := strings.Cut(key, " ")
		detail := fmt.Sprintf("divergent loads (a line per lane) × %d warps × %.1f cycles per such warp load per SM", warps, m.Levels[lv].DivergentCycles)
		if c, ok := m.Levels[lv].loadedAt(W); ok {
			detail = fmt.Sprintf("divergent loads (a line per lane) × %.1f cycles each: the loaded latency the divergent chase measured with %d warps per SM each keeping one in flight", c, warps)
		}
		add(Bound{Name: "memory " + key, Kind: "memory:" + lv, Cycles: divergent[key], Detail: detail})
		// Divergent loads and writes of a line per lane at the L2 (a
		// compare-and-swap after the load of its old value) take the
		// same slices' line requests, one after the other, as reads
		// and writes do. At the DRAM the load brings the line the
		// write then finds in the L2: they use different resources.
		if w := mems[lv+" scattered writes"]; lv == "L2" && w != nil && w.cycles > 0 {
			add(Bound{Name: "memory " + key + " loads and scattered writes", Kind: "memory:" + lv, Cycles: divergent[key] + w.cycles*W,
				Detail: fmt.Sprintf("(%.1f divergent loads + %.1f scattered writes) cycles/iteration × %d warps' share: a line per lane each, through the same slices", divergent[key], w.cycles*W, warps)})
			for i := range lm.body {
				if v := p.load[i]["memory "+key] + p.load[i]["memory "+lv+" scattered writes"]; v > 0 {
					p.load[i]["memory "+key+" loads and scattered writes"] = v
				}
			}
		}
	}

	// Dependencies.
	p.chain = lm.dependencies(lat)
	add(Bound{Name: "dependency chain", Kind: "alu", Cycles: p.chain.recurrence,
		Detail: "critical path through loop-carried registers, measured latencies, unlimited issue"})
	inOrder := fmt.Sprintf("one warp alone issuing in order, one instruction a clock, waiting on its sources (+%.1f a crossing between pipelines), + %.1f for the loop's control", m.CrossPipeCycles, m.LoopControlCycles)
	if lm.controlled() {
		inOrder = fmt.Sprintf("one warp alone issuing in order as the control fields direct: each instruction its predecessor's stall count after it, once the scoreboards it waits on are released (measured latencies), the next iteration %.1f after the taken branch", m.BranchCycles)
	}
	add(Bound{Name: "one warp in order", Kind: "alu", Cycles: p.chain.inOrder, Detail: inOrder})
	// The replays below queue the warps' shared accesses at the banks
	// themselves.
	unqueued := lm.unqueued(lat)
	if ph, ok := lm.barrierPhases(unqueued, lm.sharedCosts(), warps, int(bw)); ok {
		fixed, perWarp, _ := m.barrierLine()
		add(Bound{Name: "barrier phases", Kind: "alu", Cycles: ph,
			Detail: fmt.Sprintf("every warp of the SM simulated between the block's barriers: each scheduler issuing one instruction a clock as the control fields direct, the shared banks serving one access at a time, the barrier counting arrivals at %.1f cycles each and releasing %.1f after the last (the bar.sync records)", perWarp, fixed)})
	}
	for i, crit := range p.chain.critical {
		if crit {
			p.load[i]["dependency chain"] = lat[i]
			if p.chain.spans == nil {
				p.load[i]["one warp in order"] = lat[i]
			}
		}
	}
	for i, v := range p.chain.spans {
		p.load[i]["one warp in order"] = v
	}
	// Memory latency (Little's law per warp) is inside both dependency
	// bounds: loads carry the level's latency.

	// The replay.
	var body []string
	for _, in := range lm.body {
		body = append(body, strings.TrimSuffix(in.String(), " ;"))
	}
	loop := infer.Loop{ID: "loop", Body: body, WarpsPerSM: warps, Counted: n, Latencies: lat, LoopControl: m.LoopControlCycles}
	if lm.controlled() {
		loop.Latencies = unqueued
		loop.Controls = lm.controls()
		loop.LoopControl, loop.Branch = 0, m.BranchCycles
	}
	loop.Occupancies = lm.occupancies(l)
	got, err := l.Replay(loop, m.ALU.Latency, im)
	if err != nil {
		return p, fmt.Errorf("replay: %w", err)
	}
	wps := max(1, int(math.Round(W/m.Issue)))
	p.replay = Replay{WarpsPerScheduler: wps, Limit: got.Limit(), Issued: got.Issued, Register: got.Register,
		Pipeline: got.Pipeline, Dependency: got.Dependency, Model: im.String()}
	if got.Rate > 0 {
		p.replay.Cycles = float64(n) * float64(wps) * m.Issue / got.Rate
		// The replay runs round(W/4) warps on one scheduler; scale
		// to the warps asked for.
		p.replay.Cycles *= perSched / float64(wps)
	}

	if q, stations, ok := queueing(p.bounds, p.chain.inOrder, W, m.Issue); ok {
		add(q)
		for i := range p.load {
			for _, st := range stations {
				if v := p.load[i][st]; v > 0 {
					p.load[i][q.Name] += v
				}
			}
		}
	}
	sort.SliceStable(p.bounds, func(i, j int) bool { return p.bounds[i].Cycles > p.bounds[j].Cycles })
	p.bound = p.bounds[0]
	p.cycles = p.bound.Cycles
	if p.replay.Cycles > p.cycles {
		// The replay found the bounds interacting (ordering, latency
		// not covered by the warps there are): it decides, named by
		// what held its cycles and the analytic bound nearest.
		p.cycles = p.replay.Cycles
		if p.replay.Cycles > 1.1*p.bound.Cycles {
			p.bound = Bound{Name: "replay: " + p.replay.Limit + " (beyond " + p.bounds[0].Name + ")", Kind: p.bounds[0].Kind,
				Cycles: p.replay.Cycles, Detail: "cycle-by-cycle replay"}
		}
	}
	return p, nil
}

// queueing is the loop's cycles per iteration where its warps queue for
// the memory levels the throughput bounds count, by exact mean value
// analysis of a closed queueing network (Reiser and Lavenberg,
// "Mean-Value Analysis of Closed Multichain Queuing Networks", J. ACM
// 27(2), 1980; Lazowska et al., "Quantitative System Performance",
// 1984, chapter 6): one scheduler's warps (warps / schedulers, at least
// one) circulate through a delay, what one warp in order takes beyond
// its memory service (inOrder less the demands), and a station per
// global memory level, each taken as one server at the demand per warp
// its bound gives (a scheduler's share of the level). Between one warp
// alone (inOrder) and saturation (the level's bound) a warp waits for
// the others' requests ahead of its own, which the larger of the two
// does not count. Left out: the shared level and the issue and
// pipelines, whose contention the replay simulates cycle by cycle;
// divergent loads, whose loaded-latency records include their queueing;
// the writes on the grid's window, whose record is the whole GPU's
// writers queued on each line;
// and the combined reads-and-writes bound (its parts are stations). A
// level of many slices or channels queues less than one server does
// near saturation: there the analysis is high (cp_async at 16 and 32
// warps). It returns the stations' bound names too; ok false where there
// is no station.
func queueing(bounds []Bound, inOrder, W, schedulers float64) (Bound, []string, bool) {
	perSched := math.Max(1, W/schedulers)
	customers := max(1, int(math.Round(perSched)))
	var demands []float64
	var names []string
	kind, most := "", 0.0
	for _, b := range bounds {
		if !strings.HasPrefix(b.Kind, "memory:") || b.Kind == "memory:shared" || b.Cycles <= 0 ||
			strings.HasSuffix(b.Name, " divergent") || strings.HasSuffix(b.Name, " reads and writes") || strings.HasSuffix(b.Name, streamSuffix) ||
			strings.HasSuffix(b.Name, " on the grid's window") {
			continue
		}
		demands = append(demands, b.Cycles/perSched)
		names = append(names, b.Name)
		if b.Cycles > most {
			kind, most = b.Kind, b.Cycles
		}
	}
	if len(demands) == 0 || inOrder <= 0 {
		return Bound{}, nil, false
	}
	total := 0.0
	for _, d := range demands {
		total += d
	}
	delay := math.Max(0, inOrder-total)
	q := make([]float64, len(demands))
	var cycles float64
	for n := 1; n <= customers; n++ {
		r := make([]float64, len(demands))
		cycles = delay
		for k, d := range demands {
			r[k] = d * (1 + q[k])
			cycles += r[k]
		}
		x := float64(n) / cycles
		for k := range q {
			q[k] = x * r[k]
		}
	}
	return Bound{Name: "memory queueing", Kind: kind, Cycles: cycles,
		Detail: fmt.Sprintf("mean value analysis: %d warps a scheduler through one warp's %.1f cycles in order beyond its memory service and the queues of %s", customers, delay, strings.Join(names, ", "))}, names, true
}

func sortedKeys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// AnalyzeLoop predicts one loop body at warps per SM, global accesses
// hitting level ("shared", "L1", "L2" or "DRAM").
func AnalyzeLoop(m *Machine, body []sass.Instruction, warps int, level string) (*LoopReport, error) {
	return AnalyzeLoopPattern(m, body, warps, level, PatternAuto)
}

// AnalyzeLoopPattern is AnalyzeLoop with the global loads' access pattern
// given (PatternAuto, PatternCoalesced or PatternDivergent).
func AnalyzeLoopPattern(m *Machine, body []sass.Instruction, warps int, level, pattern string) (*LoopReport, error) {
	return analyzeLoop(m, body, warps, level, pattern, nil)
}

// analyzeLoop is AnalyzeLoopPattern with the memory accesses' lane
// addresses the whole function shows (laneAddresses), nil for none.
func analyzeLoop(m *Machine, body []sass.Instruction, warps int, level, pattern string, lanes map[int]laneAccess) (*LoopReport, error) {
	return analyzeLoopBlock(m, body, warps, 0, level, pattern, lanes)
}

// analyzeLoopBlock is analyzeLoop with the warps of a block given, whose
// barriers a warp waits at (0: the SM's warps are one block).
func analyzeLoopBlock(m *Machine, body []sass.Instruction, warps, blockWarps int, level, pattern string, lanes map[int]laneAccess) (*LoopReport, error) {
	switch pattern {
	case PatternAuto, PatternCoalesced, PatternDivergent:
	default:
		return nil, fmt.Errorf("access pattern %q: want %s or %s", pattern, PatternCoalesced, PatternDivergent)
	}
	if len(body) == 0 {
		return nil, fmt.Errorf("empty loop body")
	}
	if warps < 1 || warps > m.Limits.MaxWarps {
		return nil, fmt.Errorf("%d warps per SM: want 1 to %d", warps, m.Limits.MaxWarps)
	}
	if level == "" {
		level = DefaultLevel
	}
	if !slices.Contains(LevelNames, level) {
		return nil, fmt.Errorf("memory level %q: want one of %s", level, strings.Join(LevelNames, ", "))
	}
	lm := newLoopModel(m, body, pattern)
	lm.lanes = lanes
	lm.blockWarps = blockWarps
	if pattern == PatternAuto {
		for i, op := range lm.mem {
			if op == nil || op.store || op.space != "global" {
				continue
			}
			la, ok := lm.lanes[lm.body[i].Offset]
			if ok && la.known {
				// A line per lane, as the lanes' addresses show; or
				// fewer, as they show even where the address was
				// loaded in the loop (a row at an index the whole
				// warp loaded from one address: coalesced).
				_, lines := globalSectors(la.placed(), op.bytes)
				lm.divergent[i] = lines >= 32
			} else if ok && la.groups > 0 {
				// Groups of lanes each at one loaded value (an
				// index loaded per half-warp): their lines, not
				// one per lane.
				_, lines := la.groupedSectors(op.bytes)
				lm.divergent[i] = lines >= 32
			} else if ok && la.scattered {
				// Lanes scattered over a window of a few lines (a
				// float coordinate rounded, bounded by its spread)
				// touch those lines, not one each: a line per lane
				// only where 32 lanes over the window are expected
				// to touch 16 lines or more.
				lm.divergent[i] = la.lineEach(op.bytes)
			}
		}
	}
	im := m.ALU.Issue
	p, err := lm.predict(warps, level, im)
	if err != nil {
		return nil, err
	}
	r := &LoopReport{Instructions: len(body), WarpsPerSM: warps, Level: level, Cycles: p.cycles,
		IterationsPerKcycle: 1000 * float64(warps) / p.cycles, Bound: p.bound.Name, Kind: p.bound.Kind,
		Replay: p.replay, Bounds: p.bounds}
	deciding := p.bounds[0].Name
	for i, in := range body {
		row := Row{Offset: in.Offset, Instruction: strings.TrimSuffix(in.String(), " ;"), Critical: p.chain.critical[i]}
		if in.Control != nil {
			row.Control = in.Control.String()
		}
		var srcs []string
		if v, src, ok := lm.latency(i, level); ok {
			row.LatencyCycles = &v
			srcs = append(srcs, src)
		}
		if v, src, ok := lm.rate(i); ok && lm.mem[i] == nil {
			row.Rate = &v
			if !slices.Contains(srcs, src) {
				srcs = append(srcs, src)
			}
		}
		row.Source = strings.Join(srcs, ", ")
		row.Pipeline = lm.pipelineName(i, level)
		row.Lanes = lm.lanesText(i)
		if _, wf, lines, ok := lm.l1Spread(i, level); ok {
			if _, known := lm.access(i); !known {
				span := "a line per lane"
				if la := lm.lanes[in.Offset]; la.span > 0 {
					span = fmt.Sprintf("over %d bytes", la.span)
				}
				row.Lanes = fmt.Sprintf("scattered (hashed per lane, %s): %.1f lines and %.1f L1 wavefronts expected", span, lines, wf)
			}
		}
		row.Adds = p.load[i][deciding]
		r.Rows = append(r.Rows, row)
	}
	r.notes(lm, level)
	r.whatIf(lm, p, warps, level, im)
	return r, nil
}

// pipelineName says where instruction i executes.
func (lm *loopModel) pipelineName(i int, level string) string {
	level = lm.levelOf(i, level)
	if op := lm.mem[i]; op != nil {
		lv := levelFor(op.space, level)
		if op.store && op.space == "global" && lv == "L1" {
			lv = "L2"
		}
		return fmt.Sprintf("memory %s (%d B/lane)", lv, op.bytes)
	}
	c := lm.class[i]
	if c == "" {
		if _, _, ok := lm.rate(i); ok {
			return "unit " + lm.body[i].Base()
		}
		return ""
	}
	return lm.m.pipelineOfClass(c, " | ")
}

func (r *LoopReport) notes(lm *loopModel, level string) {
	var none []string
	for i, row := range r.Rows {
		if row.LatencyCycles == nil && (lm.mem[i] == nil || !lm.mem[i].store) {
			base := lm.body[i].Opcode
			if !slices.Contains(none, base) && !noResult[lm.body[i].Base()] {
				none = append(none, base)
			}
		}
	}
	var paired []string
	for i, in := range lm.body {
		if c, ok := lm.m.PairClasses[in.Base()]; ok && lm.class[i] == c && !slices.Contains(paired, in.Base()) {
			paired = append(paired, in.Base())
		}
	}
	var sequenced []string
	for i, in := range lm.body {
		if c, ok := lm.m.SequenceClasses[in.Base()]; ok && lm.class[i] == c && !slices.Contains(sequenced, in.Base()) {
			sequenced = append(sequenced, in.Base())
		}
	}
	var issueOnly []string
	for _, op := range none {
		base, _, _ := strings.Cut(op, ".")
		if !slices.Contains(paired, base) && !slices.Contains(sequenced, base) {
			issueOnly = append(issueOnly, op)
		}
	}
	if len(none) > 0 {
		what := "and an issue slot only"
		if len(issueOnly) < len(none) {
			what = "and an issue slot only, or the pipeline a pair or sequence record gives it"
		}
		r.Notes = append(r.Notes, fmt.Sprintf("not measured in the results file (replayed with the shortest measured latency, %.0f cycles, %s): %s",
			lm.m.shortestLatency(), what, strings.Join(none, ", ")))
	}
	if len(paired) > 0 {
		verb := "takes"
		if len(paired) > 1 {
			verb = "take"
		}
		r.Notes = append(r.Notes, fmt.Sprintf("assumed: %s %s the pipeline and latency of the minimum of their type: measured only as a compare and a select together (%s), two instructions a step at half that pipeline's rate; NVIDIA's throughput table lists compare with minimum and maximum",
			strings.Join(paired, ", "), verb, strings.Join(lm.m.PairRecords, ", ")))
	}
	if len(sequenced) > 0 {
		verb, pron := "takes", "it"
		if len(sequenced) > 1 {
			verb, pron = "take", "them"
		}
		r.Notes = append(r.Notes, fmt.Sprintf("assumed: %s %s the pipeline a sequence's rate calls for (%s): no record measures %s alone",
			strings.Join(sequenced, ", "), verb, strings.Join(lm.m.SequenceRecords, ", "), pron))
	}
	if !lm.controlled() {
		r.Notes = append(r.Notes, "no control fields (stall counts, scoreboards: a listing carries none; a cubin of sm_70 or later does): one warp in order is modelled from measured latencies and the loop-control record, less exactly; give the cubin")
	}
	hasGlobal := false
	for _, op := range lm.mem {
		if op != nil && op.space == "global" {
			hasGlobal = true
		}
	}
	var assumed []string
	followed := true
	for i, op := range lm.mem {
		if op == nil {
			continue
		}
		la, ok := lm.access(i)
		if !ok {
			followed = false
			continue
		}
		for _, a := range la.assume {
			if !slices.Contains(assumed, a) {
				assumed = append(assumed, a)
			}
		}
		if op.space == "global" && la.baseAlign < 128 && !slices.Contains(assumed, assumeLine) {
			assumed = append(assumed, assumeLine)
		}
	}
	if len(assumed) > 0 {
		r.Notes = append(r.Notes, "lane addresses assume: "+strings.Join(assumed, "; "))
	}
	for i, op := range lm.mem {
		if lv := lm.levelOf(i, level); op != nil && lv != level {
			if j := lm.neighbour(i); j >= 0 && !op.store && lv == "L1" {
				r.Notes = append(r.Notes, fmt.Sprintf("the access at %#04x reads the lines the load at %#04x brought in the same iteration: served by the L1, not the %s",
					lm.body[i].Offset, lm.body[j].Offset, level))
				continue
			}
			bytes, _ := reachBytes(lm.lanes[lm.body[i].Offset], op.bytes)
			r.Notes = append(r.Notes, fmt.Sprintf("the access at %#04x reaches %s over the whole loop (%s): served by the %s (measured capacity %s), not the %s",
				lm.body[i].Offset, sizeName(bytes), lm.lanes[lm.body[i].Offset].reach.text(), lv, sizeName(int64(lm.m.Levels[lv].CapacityBytes)), level))
		}
	}
	if hasGlobal && followed {
		r.Notes = append(r.Notes, fmt.Sprintf("assumed: global accesses hit the %s (set --level); global stores write through to the L2", level))
	} else if hasGlobal {
		r.Notes = append(r.Notes, fmt.Sprintf("assumed: global accesses hit the %s (set --level), each warp access whose lanes were not followed 32 lanes × its width of consecutive bytes (set --pattern); global stores write through to the L2", level))
		var chased []string
		for i, d := range lm.divergent {
			if d {
				chased = append(chased, fmt.Sprintf("%#04x", lm.body[i].Offset))
			}
		}
		if len(chased) > 0 {
			r.Notes = append(r.Notes, fmt.Sprintf("assumed divergent (a 128-byte line per lane; a load whose address was loaded in the loop is a pointer chase): the loads at %s", strings.Join(chased, ", ")))
		}
	}
}

// assumeLine is stated where a global access's base alignment is not
// known.
const assumeLine = "a global access's base is aligned to 128 bytes where the listing does not show it"

// noResult are opcodes that produce no register a later instruction
// waits on: their latency does not matter.
var noResult = map[string]bool{"BRA": true, "EXIT": true, "NOP": true, "BAR": true, "BSSY": true, "BSYNC": true,
	"WARPSYNC": true, "YIELD": true, "DEPBAR": true, "MEMBAR": true, "STG": true, "STS": true, "ST": true, "STL": true}

func (r *LoopReport) whatIf(lm *loopModel, p prediction, warps int, level string, im infer.IssueModel) {
	at := func(change string, w int, lv string, model infer.IssueModel) {
		q, err := lm.predict(w, lv, model)
		if err != nil {
			return
		}
		r.WhatIf = append(r.WhatIf, WhatIf{Change: change, Cycles: q.cycles, Bound: q.bound.Name, IterationsPerKcycle: 1000 * float64(w) / q.cycles})
	}
	var ws []int
	for _, w := range []int{warps / 2, warps * 2, lm.m.Limits.MaxWarps, 4, 1} {
		if w >= 1 && w <= lm.m.Limits.MaxWarps && w != warps && !slices.Contains(ws, w) {
			ws = append(ws, w)
		}
	}
	slices.Sort(ws)
	for _, w := range ws {
		at(fmt.Sprintf("occupancy %d → %d warps/SM", warps, w), w, level, im)
	}
	// Two independent chains: each dependency bound halves; the others
	// stay.
	rest := 0.0
	for _, b := range p.bounds {
		if b.Name != "dependency chain" && b.Name != "one warp in order" && b.Name != "memory queueing" {
			rest = math.Max(rest, b.Cycles)
		}
	}
	dep := math.Max(p.chain.recurrence, p.chain.inOrder)
	if dep > rest {
		c := math.Max(rest, dep/2)
		r.WhatIf = append(r.WhatIf, WhatIf{Change: "one more independent chain (ILP 2, same work per iteration): dependency bounds halve", Cycles: c,
			Bound: "estimate", IterationsPerKcycle: 1000 * float64(warps) / c})
	}
	if im.BankPenalty > 0 {
		for _, b := range p.bounds {
			if b.Name == "register banks" && b.Cycles > 0 {
				at("no register-bank conflicts (every extra read from .reuse or another bank)", warps, level, infer.IssueModel{Alternate: im.Alternate})
				break
			}
		}
	}
	hasGlobal := false
	for _, op := range lm.mem {
		if op != nil && op.space == "global" {
			hasGlobal = true
		}
	}
	if hasGlobal {
		for _, lv := range LevelNames[1:] {
			if lv != level {
				at("global accesses hit the "+lv, warps, lv, im)
			}
		}
	}
}

// immediate matches an integer or floating-point immediate operand.
var immediate = regexp.MustCompile(`^-?(0x[0-9a-fA-F]+|[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?)$`)

// hasImmediate reports whether one of in's operands is an immediate.
func hasImmediate(in sass.Instruction) bool {
	for _, op := range strings.Split(in.Operands, ",") {
		if immediate.MatchString(strings.TrimSpace(op)) {
			return true
		}
	}
	return false
}

// addressReg matches a register inside a memory operand's brackets:
// "[R2.64+0x8]", "desc[UR4][R2.64]".
var addressReg = regexp.MustCompile(`\b(UR|R)([0-9]+)(\.64)?`)

// withAddress is in's register use with the registers of its memory
// operands read too (sass.Use sees only plain register operands).
func withAddress(in sass.Instruction) sass.Use {
	u := in.Use()
	for _, r := range addressRegs(in) {
		u.Reads = append(u.Reads, sass.Source{Reg: r})
	}
	return u
}

// addressRegs are the registers in's memory operands read, both halves
// of a 64-bit pair ("[R2.64+0x8]" reads R2 and R3).
func addressRegs(in sass.Instruction) []sass.Reg {
	var regs []sass.Reg
	for _, op := range strings.Split(in.Operands, ",") {
		for _, br := range strings.Split(op, "[")[1:] {
			inner, _, _ := strings.Cut(br, "]")
			for _, m := range addressReg.FindAllStringSubmatch(inner, -1) {
				n, err := strconv.Atoi(m[2])
				if err != nil {
					continue
				}
				f := sass.General
				if m[1] == "UR" {
					f = sass.Uniform
				}
				regs = append(regs, sass.Reg{File: f, Index: n})
				if m[3] != "" {
					regs = append(regs, sass.Reg{File: f, Index: n + 1})
				}
			}
		}
	}
	return regs
}

// floorDiv is a / b rounded towards minus infinity (b > 0).
func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

// pipeShare is how many of its pipeline's issue slots instruction i
// takes: the pipeline's rate over the instruction's own measured rate
// where that is below 0.9 of it (as occupancies has it for the replay:
// F2I.S64.F64 at 0.444 a clock on the 0.5 quarter-rate unit), else 1.
func (lm *loopModel) pipeShare(i int, pipe float64) float64 {
	if own, _, ok := lm.rate(i); ok && own > 0 && own < 0.9*pipe {
		return pipe / own
	}
	return 1
}

// occupancies is, for the replay, each instruction's cycles on its
// pipeline where its own measured rate (the ALU suite's throughput of
// the instruction) is below its layout class's pipeline's: the issue
// width over that rate (IMAD.WIDE and IMAD.HI take the IMAD pipeline
// half as often as IMAD); 0 elsewhere, nil where none is slower.
func (lm *loopModel) occupancies(l *infer.Layout) []float64 {
	var out []float64
	for i, in := range lm.body {
		if lm.mem[i] != nil {
			continue
		}
		own, _, ok := lm.rate(i)
		pipe, okPipe := l.PipeRate(in.Opcode)
		if !ok || !okPipe || own <= 0 || own >= 0.9*pipe {
			continue
		}
		if out == nil {
			out = make([]float64, len(lm.body))
		}
		out[i] = max(1, lm.m.Issue) / own
	}
	return out
}
