package report

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/gpuarch/gpuarch/infer"
	"github.com/gpuarch/gpuarch/mdtext"
	"github.com/gpuarch/gpuarch/measure/memory"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/stats"
)

// transferPaths gathers the transfer-unit records by path ("L2", "DRAM"),
// in the order the paths first appear, each sorted by spacing.
func transferPaths(run *record.Run) (paths []string, by map[string][]*record.Record) {
	by = map[string][]*record.Record{}
	for _, r := range memoryGroup(run, memory.GroupTransferUnit) {
		if r.Curve == nil || len(r.Curve.Points) == 0 {
			continue
		}
		p := r.Curve.Path
		if _, ok := by[p]; !ok {
			paths = append(paths, p)
		}
		by[p] = append(by[p], r)
	}
	for _, p := range paths {
		rs := by[p]
		sort.SliceStable(rs, func(i, j int) bool { return rs[i].Curve.Points[0].Stride < rs[j].Curve.Points[0].Stride })
	}
	return paths, by
}

// transferUnit runs the unit detection on one path's records.
func transferUnit(rs []*record.Record) (infer.Unit, error) {
	var pts []infer.SpacingPoint
	for _, r := range rs {
		if r.Status == record.StatusOK {
			pts = append(pts, infer.SpacingPoint{Spacing: r.Curve.Points[0].Stride, Value: r.Value})
		}
	}
	return infer.TransferUnit(pts)
}

// unitLine says what a path's unit detection found, as a list item's text.
func unitLine(path string, u infer.Unit, err error) string {
	path = mdtext.Escape(path)
	switch {
	case err != nil:
		return fmt.Sprintf("%s: not resolved (%s)", path, oneLine(err.Error()))
	case u.Resolved:
		return fmt.Sprintf("%s moves %d-byte units: the useful bandwidth halves with each doubling of the lane spacing up to %d bytes and stops falling there (bandwidth ratio per doubling: %s)", path, u.Bytes, u.Bytes, infer.RatioString(u.Ratios))
	}
	return fmt.Sprintf("%s: not resolved (%s; ratio per doubling: %s)", path, oneLine(u.Note), infer.RatioString(u.Ratios))
}

// writeTransferUnit tabulates the useful bandwidth of strided 4-byte loads
// and names the unit each level moves (the sector size).
func writeTransferUnit(b *strings.Builder, run *record.Run) {
	paths, by := transferPaths(run)
	if len(paths) == 0 {
		return
	}
	b.WriteString("### Transfer unit (sector size)\n\n")
	b.WriteString("Every SM streams 4-byte loads whose lanes are a fixed distance apart, from the L2 (`ld.cg` over half the detected L2) and from DRAM (2 GiB); the useful bandwidth counts only the 4 bytes each lane asked for. While the spacing is below the unit a level moves, doubling it doubles the units each useful byte costs and halves the bandwidth; from the unit on, each lane costs one unit and the bandwidth stays flat. Records `memory/transfer unit/<level>, lanes <n> bytes apart`.\n\n")
	spacing := map[int]bool{}
	for _, p := range paths {
		for _, r := range by[p] {
			spacing[r.Curve.Points[0].Stride] = true
		}
	}
	var ss []int
	for s := range spacing {
		ss = append(ss, s)
	}
	sort.Ints(ss)
	b.WriteString("| Lanes apart | 32-byte sectors per warp load | 128-byte lines |")
	for _, p := range paths {
		fmt.Fprintf(b, " %s useful bytes/clk/SM |", mdtext.Cell(p))
	}
	b.WriteString("\n| ---: | ---: | ---: |" + strings.Repeat(" ---: |", len(paths)) + "\n")
	for _, s := range ss {
		row := accessRow{width: 4, spacing: s}
		fmt.Fprintf(b, "| %d B | %d | %d |", s, row.distinct(32), row.distinct(128))
		for _, p := range paths {
			cell := "—"
			for _, r := range by[p] {
				if r.Curve.Points[0].Stride != s {
					continue
				}
				if r.Status == record.StatusOK {
					cell = linked(r, fmt.Sprintf("%.2f", r.Value)) + spread(r)
				} else {
					cell = fmt.Sprintf("%s: %s", r.Status, oneLine(r.Reason))
				}
			}
			fmt.Fprintf(b, " %s |", cell)
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
	var all []*record.Record
	for _, p := range paths {
		all = append(all, by[p]...)
	}
	if line := spreadNote(all); line != "" {
		b.WriteString(line + "\n\n")
	}
	for _, p := range paths {
		u, err := transferUnit(by[p])
		fmt.Fprintf(b, "- %s.\n", unitLine(p, u, err))
	}
	b.WriteString("\n")
}

// globalBankPair is one line count of the L1 bank test: the cycles per
// warp load when the lines' lanes share banks and when they do not, by
// cache operator.
type globalBankPair struct {
	lines       int
	same, other map[string]float64
	recs        map[string]*record.Record // by kind + op
}

// globalBankPairs gathers the "global banks" records by line count.
func globalBankPairs(run *record.Run) []*globalBankPair {
	var out []*globalBankPair
	by := map[int]*globalBankPair{}
	for _, r := range memoryGroup(run, memory.GroupGlobalBanks) {
		if r.Status != record.StatusOK {
			continue
		}
		var op, kind string
		var lines int
		if _, err := fmt.Sscanf(r.Subject, memory.GlobalBankFormat, &op, &lines, &kind); err != nil {
			continue
		}
		p, ok := by[lines]
		if !ok {
			p = &globalBankPair{lines: lines, same: map[string]float64{}, other: map[string]float64{}, recs: map[string]*record.Record{}}
			by[lines] = p
			out = append(out, p)
		}
		if kind == "same" {
			p.same[op] = r.Value
		} else {
			p.other[op] = r.Value
		}
		p.recs[kind+op] = r
	}
	sort.Slice(out, func(i, j int) bool { return out[i].lines < out[j].lines })
	return out
}

// writeGlobalBanks tabulates the L1 bank test and says whether lines that
// share banks cost more than lines that do not.
func writeGlobalBanks(b *strings.Builder, run *record.Run) {
	pairs := globalBankPairs(run)
	if len(pairs) == 0 {
		return
	}
	b.WriteString("#### The L1's banks under global loads\n\n")
	b.WriteString("4-byte lanes side by side in groups, each group on a line of its own: at the same offset in every line (the groups use the same 4-byte banks) or at offsets that give every lane a bank of its own. Same setup as above (8 warps, data resident). Records `memory/global banks/<pattern>`.\n\n")
	b.WriteString("| Lines per warp load | `ld.ca` same banks | `ld.ca` other banks | `ld.cg` same banks | `ld.cg` other banks |\n| ---: | ---: | ---: | ---: | ---: |\n")
	cell := func(p *globalBankPair, kind, op string) string {
		m := p.same
		if kind == "other" {
			m = p.other
		}
		if v, ok := m[op]; ok {
			return linked(p.recs[kind+op], fmt.Sprintf("%.2f", v))
		}
		return "—"
	}
	for _, p := range pairs {
		fmt.Fprintf(b, "| %d | %s | %s | %s | %s |\n", p.lines, cell(p, "same", "ca"), cell(p, "other", "ca"), cell(p, "same", "cg"), cell(p, "other", "cg"))
	}
	b.WriteString("\n")
	for _, op := range []string{"ca", "cg"} {
		if line := bankVerdict(pairs, op); line != "" {
			b.WriteString(line + "\n\n")
		}
	}
}

// bankVerdict says what one cache operator's bank test shows: whether
// lines on the same banks cost more than lines on different ones, and how
// many lines a clock the path serves when their banks differ.
func bankVerdict(pairs []*globalBankPair, op string) string {
	var ratios []float64
	perClock, sameCost := 0.0, 0.0 // most lines a clock on other banks; same-bank cycles per line
	n := 0
	for _, p := range pairs {
		s, o := p.same[op], p.other[op]
		if s <= 0 || o <= 0 {
			continue
		}
		ratios = append(ratios, s/o)
		perClock = math.Max(perClock, float64(p.lines)/o)
		sameCost += s / float64(p.lines)
		n++
	}
	if n == 0 {
		return ""
	}
	sameCost /= float64(n)
	worst := 0.0
	for _, r := range ratios {
		worst = math.Max(worst, math.Abs(r-1))
	}
	if worst <= 0.1 {
		return fmt.Sprintf("`ld.%s`: lines on the same banks cost what lines on different banks cost (within %.0f%%): the path takes a load line by line, about %.2f cycles a line, whatever banks the lines use.", op, 100*worst, sameCost)
	}
	return fmt.Sprintf("`ld.%s`: lines whose words fall in the same banks cost up to %.1f× lines on different banks (median %.1f×): words of different lines in one bank are read one after another (%.2f cycles per line when every line uses the same banks), while lines on different banks are read together, up to %.1f lines a clock. The divergent loads above put as many of their words in one bank as they touch lines (lanes 8 to 128 bytes apart), so the per-line cost they show is this bank conflict, not a limit on lines.",
		op, 1+worst, stats.Median(ratios), sameCost, perClock)
}

// partitionStep is the smallest difference between the L2's near and far
// footprints' bandwidth reported as a step: the curve's points scatter by
// several percent from run to run.
const partitionStep = 0.10

// rangeString prints the range of values.
func rangeString(v []float64) string {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, x := range v {
		lo, hi = math.Min(lo, x), math.Max(hi, x)
	}
	return fmt.Sprintf("%.1f–%.1f", lo, hi)
}

// l2Knee is the L2 capacity the ld.cg latency chase detected (0 if none).
func l2Knee(run *record.Run) float64 {
	for _, r := range latencyCurves(run) {
		if r.Subject != memory.PathL2 {
			continue
		}
		if ls, err := infer.Levels(curvePoints(r), levelStep); err == nil && len(ls) > 1 && ls[0].Resolved {
			return ls[0].Capacity
		}
	}
	return 0
}

// partitionLine compares the ld.cg bandwidth curve's points within half
// the detected L2 with those from there to the L2's knee: a step between
// them is the cost of reaching the far partition's data.
func partitionLine(c *bwCurve, knee float64) string {
	if knee <= 0 {
		return ""
	}
	var near, far []float64
	for _, p := range c.points {
		switch b := float64(p.Bytes); {
		case b <= knee/2:
			near = append(near, p.Value)
		case b <= knee:
			far = append(far, p.Value)
		}
	}
	if len(near) == 0 || len(far) == 0 {
		return ""
	}
	n, f := stats.Median(near), stats.Median(far)
	verdict := "no step larger than the points' scatter: no partition effect on bandwidth shows"
	if d := (n - f) / f; math.Abs(d) > partitionStep {
		verdict = fmt.Sprintf("footprints beyond half the L2 stream %.0f%% %s", 100*math.Abs(d), map[bool]string{true: "slower", false: "faster"}[d > 0])
	}
	return fmt.Sprintf("Within the L2 (where a partitioned L2's near and far halves would part): median %.1f bytes/clk/SM over %d footprints up to half the detected L2 (%s; %s), %.1f over %d from there to the L2's knee (%s; %s); %s. Below 16 MiB the blocks share their regions, several SMs reading each line.",
		n, len(near), record.SizeString(knee/2), rangeString(near), f, len(far), record.SizeString(knee), rangeString(far), verdict)
}
