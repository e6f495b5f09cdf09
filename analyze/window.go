package analyze

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/gpuarch/gpuarch/measure/memory"
	"github.com/gpuarch/gpuarch/record"
)

// WindowWrites is what the memory suite's window writes measured: every
// SM's warps writing whole lines into one window of the L1 footprint, so
// that each line of the window is written by many SMs an iteration.
// Global stores write through to the L2, which takes one line's writes
// one after another: a loop whose footprint fits the L1 (every SM's
// accesses wrap onto the same window) waits on them as the SMs × warps
// writing each line grow. Both H100 and H200 records show it: about 28
// cycles a write a line with 66 SMs' warps on each line of an 8 KiB
// window, where an SM's writes stayed within 16 lines at most 4 (its
// repeated writes to so few lines are combined before the L2).
type WindowWrites struct {
	// LineWriteCycles is the cycles the L2 takes per write of one line
	// of the window: the record point with the most writers a line,
	// its cycles an iteration over the writes each line takes then.
	LineWriteCycles float64 `json:"line_write_cycles"`
	// SMLineCycles is the fewest cycles an SM took per line it wrote
	// (its warps' lines an iteration) at any record point whose writes
	// were not combined: the fastest the L2 took the window's lines
	// from every SM at once. However few SMs share a line, an SM's
	// window writes take at least that each (the H200's 32 KiB window:
	// 22.4 cycles a line at 4 warps, its fastest; at 8 warps its 4
	// writers a line at LineWriteCycles would take 110 cycles for the
	// SM's 8 lines, where it measured 184). 0 where no point qualifies.
	SMLineCycles float64 `json:"sm_line_cycles,omitempty"`
	// CombinedLines is the most lines an SM wrote again and again (its
	// warps' lines over every iteration) at a point that ran at least
	// twice as fast as LineWriteCycles says: an SM's writes within so
	// few lines are combined before they reach the L2. 0 where no point
	// did.
	CombinedLines float64 `json:"combined_lines,omitempty"`
	// SlowLines is the fewest lines an SM wrote again and again at a
	// point that did not run so fast: writes within fewer lines than
	// that, and more than CombinedLines, are taken as combined too (the
	// records bracket the SM's reach between the two). 0 where no point
	// beyond CombinedLines was slow.
	SlowLines float64 `json:"slow_lines,omitempty"`
	// FootprintBytes is the L1 footprint the window writes took (the
	// largest record's window): the window a loop at the L1 level is
	// taken to wrap onto, its arrays each a share of it.
	FootprintBytes int64 `json:"footprint_bytes"`
	// SMs is the device's SM count, every one of which writes the
	// window.
	SMs int `json:"sms"`
	// Records are the IDs read.
	Records []string `json:"records"`
}

// windowCost is what one window store costs an SM an iteration: line,
// its writes on each line of its window one after another
// (LineWriteCycles each); smLines, the lines its warps write an
// iteration, which the L2 takes at no more than the fastest rate it took
// an SM's window lines (SMLineCycles); distinct, the lines of its window the
// SM writes over every iteration (distinctLines).
type windowCost struct{ line, smLines, distinct float64 }

// windowPoint is one point of a window writes record: warps per SM
// writing a window of the given lines.
type windowPoint struct {
	warps, lines, cycles, writers, distinct float64
}

// windowWrites reads the memory suite's window writes records (see
// WindowWrites); m.Window stays nil where they are missing or the device's
// SM count is unknown.
func (m *Machine) windowWrites(run *record.Run) {
	sms := run.Device.SMs
	if sms <= 0 {
		return
	}
	w := &WindowWrites{SMs: sms}
	var pts []windowPoint
	for i := range run.Records {
		r := &run.Records[i]
		if r.Suite != memory.Suite || r.Group != memory.GroupWindow || r.Status != record.StatusOK || r.Sweep == nil {
			continue
		}
		bytes, ok := windowBytes(r.Subject)
		if !ok {
			continue
		}
		w.Records = append(w.Records, r.ID)
		w.FootprintBytes = max(w.FootprintBytes, bytes)
		lines := float64(bytes / 128)
		for _, p := range r.Sweep.Points {
			if p.Value <= 0 || p.X < 1 {
				continue
			}
			// One line a warp an iteration: warps lines an SM, every
			// SM's on the window's lines.
			pts = append(pts, windowPoint{
				warps:    p.X,
				lines:    lines,
				cycles:   p.X / p.Value,
				writers:  float64(sms) * p.X / lines,
				distinct: distinctLines(sms, 32*int64(p.X), 4, bytes),
			})
		}
	}
	var most windowPoint
	for _, p := range pts {
		if p.writers > most.writers {
			most = p
		}
	}
	if most.writers <= 0 {
		return
	}
	w.LineWriteCycles = most.cycles / most.writers
	for _, p := range pts {
		if p.cycles < 0.5*p.writers*w.LineWriteCycles {
			w.CombinedLines = max(w.CombinedLines, p.distinct)
		}
	}
	for _, p := range pts {
		if p.cycles >= 0.5*p.writers*w.LineWriteCycles && p.distinct > w.CombinedLines && (w.SlowLines == 0 || p.distinct < w.SlowLines) {
			w.SlowLines = p.distinct
		}
	}
	for _, p := range pts {
		// One line a warp: the SM's lines an iteration are its warps.
		if c := p.cycles / p.warps; p.cycles >= 0.5*p.writers*w.LineWriteCycles && (w.SMLineCycles == 0 || c < w.SMLineCycles) {
			w.SMLineCycles = c
		}
	}
	m.Window = w
}

// windowBytes reads the window's size from a window writes record's
// subject (memory.WindowSubject: "8 KiB window, ...").
func windowBytes(subject string) (int64, bool) {
	f := strings.Fields(subject)
	if len(f) < 2 {
		return 0, false
	}
	n, err := strconv.ParseInt(f[0], 10, 64)
	if err != nil || n <= 0 {
		return 0, false
	}
	switch strings.TrimSuffix(f[1], ",") {
	case "B":
	case "KiB":
		n <<= 10
	case "MiB":
		n <<= 20
	default:
		return 0, false
	}
	if n < 128 {
		return 0, false
	}
	return n, true
}

// distinctLines is how many lines of a window of window bytes one SM
// writes over every iteration of a grid-stride loop: each of the grid's
// sms × threads threads (an SM's consecutive) writes element (its global
// index + iteration × the grid's threads) masked to the window's
// elements of elem bytes (a power of two of them, the most that fit).
// The SM's threads write threads × elem bytes an iteration;
// the grid's threads move that stretch on by their count modulo the
// window each iteration, so it visits window ÷ gcd(window, that) places.
func distinctLines(sms int, threads, elem, window int64) float64 {
	if sms <= 0 || threads <= 0 || elem <= 0 || window < 128 {
		return 0
	}
	// The index is masked to a power of two: the window's elements are
	// the most such that fit it.
	n := int64(1)
	for 2*n*elem <= window {
		n *= 2
	}
	shift := (int64(sms) * threads) % n
	places := int64(1)
	if shift != 0 {
		places = n / gcd(n, shift)
	}
	lines := math.Max(1, float64(n*elem)/128)
	per := math.Max(1, float64(threads*elem)/128)
	return math.Min(lines, per*float64(places))
}

// gcd is the greatest common divisor of a and b (both above zero).
func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// windowArrays is how many arrays of store st's allocation (the kernel
// parameter its address is formed from, laneAccess.reach's base) the
// loop's global accesses address: the distinct bases (laneAccess.iterSym)
// some load takes at its lanes' own offsets (iterOff 0) or some store
// writes at any offset (a stencil's output, V[j] with j = i + kT + 1025,
// is an array of its own however far in). Loads only at offsets from a
// base (a stencil's neighbours, each wrapped by the mask apart) are
// taken as the array some other load reads at 0, as the array a store
// writes where it is theirs, or else as one array; gathers (lanes not
// followed, or scattered by a hash or a computed index) are taken as one
// array together; any other access whose base is not named counts as
// one of its own. Accesses of other allocations (a table beside the
// footprint) are not counted.
func (lm *loopModel) windowArrays(st laneAccess) int {
	zero := map[uint64]bool{}
	off := map[uint64]bool{}
	var own int
	var unnamed, loadAtZero bool
	for i, op := range lm.mem {
		if op == nil || op.space != "global" {
			continue
		}
		la, ok := lm.access(i)
		if ok && la.reach.base != st.reach.base {
			continue
		}
		switch {
		case !ok || la.scattered:
			unnamed = true
		case la.iterSym == 0:
			own++
		case la.iterOff == 0 || op.store:
			zero[la.iterSym] = true
			loadAtZero = loadAtZero || !op.store
		default:
			off[la.iterSym] = true
		}
	}
	n := own + len(zero)
	for sym := range off {
		if !loadAtZero && !zero[sym] {
			n++
			break
		}
	}
	if unnamed {
		n++
	}
	return max(1, n)
}

// windowWrite is what global store i costs the SM an iteration (all its
// warps' writes) at the L1 level, where the loop's footprint is taken to
// be the window writes' (every SM's accesses wrap onto it, each array a
// power-of-two share): the writes each line of the store's window takes
// an iteration (SMs × warps × the lines of one warp's request over the
// window's lines), one after another at LineWriteCycles each, and the
// lines it adds to the SM's. ok is false for other accesses and for lanes
// not evenly spaced by the store's width to a line (consecutive, or a
// field of an array of structures). Whether the SM's writes stay within
// the lines it combines before the L2 (CombinedLines) is the loop's
// question, over all its window stores (windowLoop). what says how it
// was counted.
func (lm *loopModel) windowWrite(i int, level string, warps float64) (cost windowCost, what string, ok bool) {
	w := lm.m.Window
	op := lm.mem[i]
	if w == nil || op == nil || !op.store || op.space != "global" || isAtomic(lm.body[i]) || level != "L1" || lm.guarded(i) {
		return windowCost{}, "", false
	}
	la, known := lm.access(i)
	if !known || la.scattered {
		return windowCost{}, "", false
	}
	st, ok := la.stride()
	if st < 0 {
		st = -st
	}
	if !ok || st < int64(op.bytes) || st > 128 {
		return windowCost{}, "", false
	}
	arrays := lm.windowArrays(la)
	share := int64(1)
	for share < int64(arrays) {
		share *= 2
	}
	window := w.FootprintBytes / share
	if window < 128 {
		return windowCost{}, "", false
	}
	// The lanes' elements, st bytes apart, on whole lines: the
	// grid-stride index is a multiple of the warp's lanes. A field of
	// an array of structures (st beyond the field's bytes) writes part
	// of each line its lanes reach, and the L2 takes each line's write
	// as it takes a whole line's.
	lines := max(1, int(32*st/128))
	threads := int64(32 * warps)
	distinct := distinctLines(w.SMs, threads, st, window)
	writers := float64(w.SMs) * warps * float64(lines) / float64(window/128)
	what = fmt.Sprintf("%d SMs × %.0f warps × %d lines a request on a %s window (the L1 footprint, %s, over %d arrays): %.1f writes a line an iteration × %.1f cycles each (the window writes' record)",
		w.SMs, warps, lines, record.SizeString(float64(window)), record.SizeString(float64(w.FootprintBytes)), arrays, writers, w.LineWriteCycles)
	return windowCost{line: writers * w.LineWriteCycles, smLines: warps * float64(lines), distinct: distinct}, what, true
}

// windowLoop is the bound of the loop's global stores at the L1 level
// (windowWrite), with what each store adds to it. A window's stores add
// up; different arrays' windows are different lines, written side by
// side. All of them pass the L2 at no more than the fastest rate it took
// an SM's window lines (SMLineCycles), which every store shares. ok is
// false where there is no window store, and where the SM's writes over
// every iteration, all its arrays' lines together, stay within the lines
// it combines before the L2 (CombinedLines, or fewer than SlowLines).
func (lm *loopModel) windowLoop(level string, warps float64) (b Bound, per map[int]float64, ok bool) {
	w := lm.m.Window
	window := map[string]float64{}
	arrays := map[string]float64{}
	per = map[int]float64{}
	own := map[int]windowCost{}
	var what []string
	var smLines float64
	// Stores of an iteration on the same lines (the fields of an array
	// of structures, each at the record's stride from the last lane's,
	// within one record of each other) write those lines once between
	// them: corpus41's float4 particle records (two 16-byte fields of a
	// 32-byte record) and corpus43's eight-float ones (six 4-byte
	// fields) took what their lines alone take at the SM's window rate,
	// not each store's. Each such group is counted once, at its
	// costliest store.
	type group struct {
		base string
		c    windowCost
	}
	groups := map[string]group{}
	for i := range lm.body {
		c, text, ok := lm.windowWrite(i, lm.levelOf(i, level), warps)
		if !ok {
			continue
		}
		la, _ := lm.access(i)
		gk := fmt.Sprint(i)
		if st, ok := la.stride(); ok && st > 0 && la.iterSym != 0 {
			gk = fmt.Sprint(la.reach.base, "|", la.iterSym, "|", st, "|", floorDiv(la.iterOff, st))
		}
		g := groups[gk]
		g.base = la.base
		g.c.line, g.c.smLines = max(g.c.line, c.line), max(g.c.smLines, c.smLines)
		groups[gk] = g
		// One array's stores share its lines; another's are its own.
		key := fmt.Sprint(la.reach.base, "|", la.iterSym)
		if la.iterSym == 0 {
			key = fmt.Sprint(i)
		}
		arrays[key] = max(arrays[key], c.distinct)
		if !slices.Contains(what, text) {
			what = append(what, text)
		}
		own[i] = c
	}
	for _, g := range groups {
		window[g.base] += g.c.line
		smLines += g.c.smLines
	}
	var distinct float64
	for _, d := range arrays {
		distinct += d
	}
	if len(own) == 0 || distinct <= w.CombinedLines || distinct < w.SlowLines {
		return Bound{}, nil, false
	}
	what = append(what, fmt.Sprintf("an SM's writes span %.0f lines, more than the %.0f it combines", distinct, w.CombinedLines))
	most := 0.0
	for _, c := range window {
		most = max(most, c)
	}
	if sm := smLines * w.SMLineCycles; sm > most {
		most = sm
		what = append(what, fmt.Sprintf("the SM's %.0f window lines an iteration × %.1f cycles each (the fastest the window writes' record took an SM's lines) take longer than any line's writers", smLines, w.SMLineCycles))
	}
	for i, c := range own {
		per[i] = max(c.line, c.smLines*w.SMLineCycles)
	}
	return Bound{Name: "memory L2 writes on the grid's window", Kind: "memory:L2", Cycles: most, Detail: strings.Join(what, "; ")}, per, true
}
