package analyze

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// StreamCurve is one streams-at-warps record of a level (the memory
// suite's "streams at warps"): every SM's warps streaming coalesced lines
// through the level, each warp's iteration waiting for its load, Lines
// 128-byte lines a warp iteration read (and, for a copy, as many
// written), at each count of warps per SM.
type StreamCurve struct {
	// Lines are the lines a warp's iteration moves: read, plus written
	// for a copy.
	Lines float64 `json:"lines"`
	// Copy says the iteration stores its load's value to another line.
	Copy bool `json:"copy,omitempty"`
	// Points are the lines per clock per SM (Cycles) at each count of
	// warps, ascending.
	Points []LoadedPoint `json:"points"`
	Record string        `json:"record"`
}

// rateAt is the curve's lines per clock per SM with warps warps' lines
// in flight: interpolated linearly between the measured counts, below the
// first in proportion to the warps (each warp's line one latency), beyond
// the last the last's (the level saturated).
func (c StreamCurve) rateAt(warps float64) float64 {
	pts := c.Points
	if warps <= pts[0].Warps {
		return pts[0].Cycles * warps / pts[0].Warps
	}
	for i := 1; i < len(pts); i++ {
		if a, b := pts[i-1], pts[i]; warps <= b.Warps {
			return a.Cycles + (b.Cycles-a.Cycles)*(warps-a.Warps)/(b.Warps-a.Warps)
		}
	}
	return pts[len(pts)-1].Cycles
}

// cyclesFor is a warp's cycles an iteration moving lines lines at warps
// warps per SM by the curve: the rate the curve measured with the same
// lines in flight (warps × lines over its own lines a warp).
func (c StreamCurve) cyclesFor(lines, warps float64) float64 {
	return lines * warps / c.rateAt(warps*lines/c.Lines)
}

// streamCycles is what a warp's iteration that streams lines lines
// through the level (written ones among them where copy) takes at warps
// warps per SM, by the level's streams at warps of that kind: each
// curve's cycles with the loop's lines in flight (cyclesFor), between
// the two curves whose lines a warp bracket the loop's linear in the
// lines, beyond them the nearest's. It names the curves' records; ok
// false where the level has none of that kind or lines is below one (a
// warp that meets a new line only every few iterations waits on no
// stream).
func (l Level) streamCycles(lines, warps float64, copy bool) (float64, []string, bool) {
	var cs []StreamCurve
	for _, c := range l.Streams {
		if c.Copy == copy {
			cs = append(cs, c)
		}
	}
	if len(cs) == 0 || lines < 1 || warps <= 0 {
		return 0, nil, false
	}
	slices.SortFunc(cs, func(a, b StreamCurve) int { return cmp.Compare(a.Lines, b.Lines) })
	if lines <= cs[0].Lines {
		return cs[0].cyclesFor(lines, warps), []string{cs[0].Record}, true
	}
	for i := 1; i < len(cs); i++ {
		if a, b := cs[i-1], cs[i]; lines <= b.Lines {
			ca, cb := a.cyclesFor(lines, warps), b.cyclesFor(lines, warps)
			return ca + (cb-ca)*(lines-a.Lines)/(b.Lines-a.Lines), []string{a.Record, b.Record}, true
		}
	}
	last := cs[len(cs)-1]
	return last.cyclesFor(lines, warps), []string{last.Record}, true
}

// readBesideWrites is the cycles an SM takes per line a stream reads
// while it writes too: the level's copy at the most lines and warps
// measured (every SM's warps each reading a line and writing another,
// the level saturated), its cycles per line read and written less a
// written line's alone (the write record's): on the L2 a read beside
// writes costs the SM less than the read record's rate alone says (1.9
// cycles a line on an H100, against 2.8), the writes' slower path
// setting the pace. ok is false where the level has no copy or the
// write record leaves nothing for the read.
func (l Level) readBesideWrites() (cycles float64, rec string, ok bool) {
	var best StreamCurve
	for _, c := range l.Streams {
		if c.Copy && len(c.Points) > 0 && (best.Record == "" || c.Lines > best.Lines) {
			best = c
		}
	}
	if best.Record == "" || l.WriteBytesPerClock <= 0 {
		return 0, "", false
	}
	last := best.Points[len(best.Points)-1]
	if last.Cycles <= 0 {
		return 0, "", false
	}
	c := 2/last.Cycles - 128/l.WriteBytesPerClock
	if c <= 0 {
		return 0, "", false
	}
	return c, best.Record, true
}

// streamSuffix ends the name of a stream bound (streamBound).
const streamSuffix = " streams at these warps"

// streamBound is the bound of a loop at level whose global accesses at
// key (the level itself, L2 or DRAM) are coalesced streams: read bytes
// and write bytes (0 for none) a warp iteration, no divergent
// loads or atomics there. It takes the level's streams at warps, the
// copy's where the loop writes, at the loop's lines and W warps
// (Level.streamCycles): the measured rate of the level's reads and
// writes together at that concurrency, where the read and write records
// (each alone, at the level's peak) say nothing of how the two share it
// or of a stream's wait below its peak. ok is false elsewhere.
func (lm *loopModel) streamBound(key, level string, read, write float64, divergent, atomics map[string]float64, W float64) (Bound, bool) {
	if key != level || (key != "L2" && key != "DRAM") || read <= 0 || write <= 0 || divergent[key+" divergent"] > 0 {
		return Bound{}, false
	}
	for k := range atomics {
		if lv, _, _ := strings.Cut(k, " "); lv == key {
			return Bound{}, false
		}
	}
	if l := lm.m.Levels[key]; l.ReadBytesPerClock > 1.25*l.WriteBytesPerClock && read > write {
		// Where the level reads much faster than it writes (the
		// L2), a loop that reads more than it writes overlaps the
		// extra reads with the writes more than the copy does:
		// vadd_f4's two reads and a write run in 1398 cycles at 32
		// warps on an H100, the copy's rate says 1897.
		return Bound{}, false
	}
	for _, in := range lm.body {
		if in.Base() == "LDGSTS" {
			// cp.async keeps its stages' lines in flight beyond
			// the iteration: more than a stream that waits.
			return Bound{}, false
		}
	}
	lines := (read + write) / 128
	c, recs, ok := lm.m.Levels[key].streamCycles(lines, W, true)
	if !ok {
		return Bound{}, false
	}
	return Bound{Name: "memory " + key + streamSuffix, Kind: "memory:" + key, Cycles: c,
		Detail: fmt.Sprintf("%.2f lines read and written a warp iteration at %.0f warps per SM: the level's copies at warps (%s) with as many lines in flight", lines, W, strings.Join(recs, ", "))}, true
}
