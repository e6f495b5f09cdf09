package report

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/gpuarch/gpuarch/infer"
	"github.com/gpuarch/gpuarch/mdtext"
	"github.com/gpuarch/gpuarch/measure/memory"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/stats"
)

// bandwidthPlotName is the file bandwidth against footprint is drawn to.
const bandwidthPlotName = "memory-bandwidth.svg"

// bwCurve is one path's bandwidth against footprint.
type bwCurve struct {
	path     string
	note     string
	points   []record.CurvePoint // sorted by footprint
	gbps     map[int64]float64   // GB/s at each footprint
	recs     map[int64]*record.Record
	notTaken []string // points that failed or were skipped, with why, as table cells
}

// bandwidthCurves gathers the bandwidth-curve records into one curve per
// path, in the order the paths first appear.
func bandwidthCurves(run *record.Run) []*bwCurve {
	var out []*bwCurve
	by := map[string]*bwCurve{}
	for _, r := range memoryGroup(run, memory.GroupBandwidthCurve) {
		path := ""
		if f := strings.Fields(r.Subject); len(f) > 0 {
			path = f[0]
		}
		c, ok := by[path]
		if !ok {
			c = &bwCurve{path: path, note: r.Note, gbps: map[int64]float64{}, recs: map[int64]*record.Record{}}
			by[path] = c
			out = append(out, c)
		}
		if r.Status != record.StatusOK || r.Curve == nil || len(r.Curve.Points) == 0 {
			c.notTaken = append(c.notTaken, fmt.Sprintf("%s: %s %s", mdtext.Cell(r.Subject), r.Status, oneLine(r.Reason)))
			continue
		}
		p := r.Curve.Points[0]
		c.points = append(c.points, p)
		if _, ok := c.recs[p.Bytes]; !ok {
			c.recs[p.Bytes] = r
		}
		if r.Through != nil {
			c.gbps[p.Bytes] = r.Through.ResultsPerSecond / 1e9
		}
	}
	for _, c := range out {
		sort.SliceStable(c.points, func(i, j int) bool { return c.points[i].Bytes < c.points[j].Bytes })
		c.points = mergeFootprints(c.points)
	}
	return out
}

// mergeFootprints keeps one point per footprint: requested footprints that
// round to the same covered one (whole loop iterations per block) were
// measured several times, and their median stands for them.
func mergeFootprints(ps []record.CurvePoint) []record.CurvePoint {
	var out []record.CurvePoint
	for i := 0; i < len(ps); {
		j := i
		var vs []float64
		for ; j < len(ps) && ps[j].Bytes == ps[i].Bytes; j++ {
			vs = append(vs, ps[j].Value)
		}
		p := ps[i]
		p.Value = stats.Median(vs)
		out = append(out, p)
		i = j
	}
	return out
}

// writeBandwidthCurves tabulates bandwidth against footprint and links the
// plot.
func writeBandwidthCurves(b *strings.Builder, run *record.Run) {
	curves := bandwidthCurves(run)
	if len(curves) == 0 {
		return
	}
	b.WriteString("#### Bandwidth against footprint\n\n")
	b.WriteString("One access shape at every footprint, so that only the footprint changes: `ld.cg` over one buffer all SMs share (the L2, then DRAM), and `ld.ca` with each SM streaming its own region (the L1, then the L2). Records `memory/bandwidth curve/<path> <bytes>` name the footprint asked for; the tables and the plot give the footprint covered, each block's region rounded down to whole loop iterations (so at a few MiB several asked footprints can share one covered footprint, and their median stands for them); the dashed lines in the plot are the capacities the latency chase detected.\n\n")
	warm := run.Warmup.ReferenceHz()
	for _, c := range curves {
		fmt.Fprintf(b, "%s (%s):\n\n| Footprint | Bytes/clk/SM | GB/s | Clock (MHz) |\n| --- | ---: | ---: | ---: |\n", mdtext.Code(c.path), mdtext.Escape(c.note))
		for _, p := range c.points {
			clock := ""
			if hz := c.clockHz(p.Bytes); hz > 0 {
				clock = fmt.Sprintf("%.0f", hz/1e6)
				if slowClock(hz, warm) {
					clock = "**" + clock + "**"
				}
			}
			fmt.Fprintf(b, "| %s | %s | %.0f | %s |\n", record.SizeString(float64(p.Bytes)), linked(c.recs[p.Bytes], fmt.Sprintf("%.1f", p.Value))+spread(c.recs[p.Bytes]), c.gbps[p.Bytes], clock)
		}
		for _, n := range c.notTaken {
			fmt.Fprintf(b, "| %s | | | |\n", n)
		}
		b.WriteString("\n")
		if line := spreadNote(slices.Collect(maps.Values(c.recs))); line != "" {
			b.WriteString(line + "\n\n")
		}
		if line := c.slowClockLine(warm); line != "" {
			b.WriteString(line + "\n\n")
		}
		if c.path == "ld.cg" {
			if line := partitionLine(c, l2Knee(run)); line != "" {
				b.WriteString(line + "\n\n")
			}
		}
	}
	fmt.Fprintf(b, "![Bandwidth against footprint](%s/%s)\n\n", PlotDir, bandwidthPlotName)
}

// slowClock says whether a kernel's clock hz is more than
// record.OffClockShare under the warm-up's: bytes per SM clock from a
// level that is not on the SM clock (DRAM) rise as the SM clock falls.
func slowClock(hz, warm float64) bool {
	return warm > 0 && hz > 0 && hz < (1-record.OffClockShare)*warm
}

// clockHz is the SM clock measured in the kernel of the curve's point at
// footprint bytes; 0 where none was recorded.
func (c *bwCurve) clockHz(bytes int64) float64 {
	r := c.recs[bytes]
	if r == nil || r.Curve == nil {
		return 0
	}
	return r.Curve.ClockHz
}

// slowClockLine says which of the curve's points ran at an SM clock well
// under the warm-up's, and what that does to their bytes per clock; ""
// where none did.
func (c *bwCurve) slowClockLine(warm float64) string {
	var n int
	lowest := math.Inf(1)
	for _, p := range c.points {
		if hz := c.clockHz(p.Bytes); slowClock(hz, warm) {
			n++
			lowest = min(lowest, hz)
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("%d of these %d points ran at an SM clock under %.0f%% of the warm-up's %.0f MHz (**bold**; down to %.0f MHz). Bytes per SM clock hold across clocks only for a level on the SM clock (shared memory, the L1); DRAM is not, so its bytes per SM clock rise as the SM clock falls while its GB/s stay: compare those points by GB/s.",
		n, len(c.points), 100*(1-record.OffClockShare), warm/1e6, lowest/1e6)
}

// bandwidthPlot draws the bandwidth curves on a log footprint axis, with
// the L1 and L2 capacities the latency curves show marked.
func bandwidthPlot(curves []*bwCurve, latency []*record.Record) ([]byte, error) {
	p := plot.New()
	p.Title.Text = "Read bandwidth against footprint"
	p.X.Label.Text = "footprint (bytes)"
	p.Y.Label.Text = "bytes per clock per SM"
	p.X.Scale = plot.LogScale{}
	var xt []plot.Tick
	for e := 14; e <= 32; e += 2 {
		xt = append(xt, plot.Tick{Value: math.Exp2(float64(e)), Label: record.SizeString(math.Exp2(float64(e)))})
	}
	p.X.Tick.Marker = plot.ConstantTicks(xt)
	p.Legend.Top = true
	top := 0.0
	for i, c := range curves {
		if len(c.points) == 0 {
			continue
		}
		var pts plotter.XYs
		for _, q := range c.points {
			pts = append(pts, plotter.XY{X: float64(q.Bytes), Y: q.Value})
			top = max(top, q.Value)
		}
		if err := addCurve(p, pts, palette[i%len(palette)], c.path); err != nil {
			return nil, err
		}
	}
	for i, r := range latency {
		levels, err := infer.Levels(curvePoints(r), levelStep)
		if err != nil || !strings.HasPrefix(r.Subject, memory.GlobalPrefix) || len(levels) < 2 || levels[0].Capacity <= 0 {
			continue
		}
		knee, err := plotter.NewLine(plotter.XYs{{X: levels[0].Capacity, Y: 0}, {X: levels[0].Capacity, Y: top}})
		if err != nil {
			return nil, err
		}
		knee.Color, knee.Dashes = palette[(i+len(curves))%len(palette)], []vg.Length{vg.Points(3), vg.Points(3)}
		p.Add(knee)
		p.Legend.Add(r.Subject+" capacity (latency knee)", knee)
	}
	return renderSVG(p, 8*vg.Inch, 4.5*vg.Inch)
}

// writeLatencyHiding tabulates the latency-hiding records: each level's
// bandwidth with n FFMAs after every load, and the most FFMAs per load
// that still leave the bandwidth within a tenth of the loads' alone.
func writeLatencyHiding(b *strings.Builder, run *record.Run) {
	type level struct {
		name  string
		note  string
		byALU map[int]float64
		recs  map[int]*record.Record
		order []int
		fails []string
	}
	var levels []*level
	by := map[string]*level{}
	for _, r := range memoryGroup(run, memory.GroupLatencyHiding) {
		name, _, _ := strings.Cut(r.Subject, ",")
		lv, ok := by[name]
		if !ok {
			lv = &level{name: name, note: r.Note, byALU: map[int]float64{}, recs: map[int]*record.Record{}}
			by[name] = lv
			levels = append(levels, lv)
		}
		if r.Status != record.StatusOK || r.Curve == nil || len(r.Curve.Points) == 0 {
			lv.fails = append(lv.fails, fmt.Sprintf("%s: %s %s", mdtext.Cell(r.Subject), r.Status, oneLine(r.Reason)))
			continue
		}
		n := r.Curve.Points[0].Elements
		lv.byALU[n], lv.recs[n] = r.Value, r
		lv.order = append(lv.order, n)
	}
	if len(levels) == 0 {
		return
	}
	sort.Ints(levels[0].order)
	if len(levels[0].order) == 0 {
		return
	}
	b.WriteString("### Latency hiding\n\n")
	b.WriteString("The Haswell post's block-read test: every SM streams 4-byte loads at full occupancy (64 warps), each load followed by n independent FFMAs that never wait for it. While the arithmetic fits under the loads, bandwidth holds; once the FFMAs take longer than the loads, it falls. Bytes per clock per SM (and the share of the loads-only rate); records `memory/latency hiding/<level>, <n> FFMA per load`.\n\n")
	header := "| Level |"
	rule := "| --- |"
	for _, n := range levels[0].order {
		header += fmt.Sprintf(" %d |", n)
		rule += " ---: |"
	}
	b.WriteString(header + " Most FFMA per load within 90% | Crossover (FFMA per load) | Clock (MHz) |\n" + rule + " ---: | ---: | ---: |\n")
	warm := run.Warmup.ReferenceHz()
	var offLevels []string
	for _, lv := range levels {
		base := lv.byALU[0]
		row := "| " + mdtext.Cell(lv.name) + " |"
		// hidden is the largest n up to which every point holds 90%.
		hidden, holding := -1, true
		for _, n := range levels[0].order {
			v, ok := lv.byALU[n]
			switch {
			case !ok:
				row += " — |"
			case base > 0:
				row += fmt.Sprintf(" %s (%.0f%%) |", linked(lv.recs[n], fmt.Sprintf("%.1f", v)), 100*v/base)
				holding = holding && v >= 0.9*base
				if holding {
					hidden = n
				}
			default:
				row += fmt.Sprintf(" %s |", linked(lv.recs[n], fmt.Sprintf("%.1f", v)))
			}
		}
		cell := "—"
		if hidden >= 0 {
			cell = fmt.Sprint(hidden)
		}
		cross := "—"
		if x := crossover(lv.byALU, levels[0].order); x > 0 {
			cross = fmt.Sprintf("%.1f", x)
		}
		var recs []*record.Record
		for _, n := range lv.order {
			recs = append(recs, lv.recs[n])
		}
		clocks, off := clockRange(recs, warm)
		if off {
			offLevels = append(offLevels, mdtext.Escape(lv.name))
		}
		b.WriteString(row + " " + cell + " | " + cross + " | " + clocks + " |\n")
		for _, f := range lv.fails {
			fmt.Fprintf(b, "| %s | |\n", f)
		}
	}
	if len(offLevels) > 0 {
		fmt.Fprintf(b, "\n%s ran at an SM clock more than %.0f%% off the warm-up's %.0f MHz (**bold**): FFMAs per load are counted at the clock the kernels ran at, and a level off the SM clock (DRAM) delivers more bytes per SM clock at a lower one, so those rows leave fewer FFMAs per load than at the warm-up clock.\n",
			strings.Join(offLevels, ", "), 100*record.OffClockShare, warm/1e6)
	}
	b.WriteString("\nThe crossover is where the arithmetic's time meets the loads': the time per load grows by a fixed cost per FFMA once the FFMAs are the bottleneck (the slope between the two largest n), and the loads alone take 1/bandwidth; their ratio is how many FFMAs each load leaves room for. The 90% column is stricter: extra instructions in the loop body (address arithmetic, the FFMAs' issue slots) can cost bandwidth before the arithmetic is the bottleneck.\n\n")
}

// clockRange is the range of SM clocks the records' kernels ran at, in
// MHz, bold when any is more than record.OffClockShare off warm (the warm-up's);
// "—" where none recorded one.
func clockRange(recs []*record.Record, warm float64) (cell string, off bool) {
	var hz []float64
	for _, r := range recs {
		if r != nil && r.Provenance.Clock != nil && r.Provenance.Clock.Hz > 0 {
			hz = append(hz, r.Provenance.Clock.Hz)
		}
	}
	if len(hz) == 0 {
		return "—", false
	}
	lo, hi := slices.Min(hz), slices.Max(hz)
	cell = record.MHzSpan(lo, hi)
	if record.OffClock(lo, hi, warm) {
		return "**" + cell + "**", true
	}
	return cell, false
}

// crossover is the FFMAs per load at which the ALU-bound tail of the
// time-per-load line (1/bandwidth against n, through the two largest n)
// reaches the loads-only time; 0 when the data cannot say.
func crossover(byALU map[int]float64, order []int) float64 {
	if len(order) < 3 {
		return 0
	}
	n1, n2 := order[len(order)-2], order[len(order)-1]
	v0, v1, v2 := byALU[0], byALU[n1], byALU[n2]
	if v0 <= 0 || v1 <= 0 || v2 <= 0 || n1 <= 0 {
		return 0
	}
	slope := (1/v2 - 1/v1) / float64(n2-n1)
	if slope <= 0 {
		return 0
	}
	return (1 / v0) / slope
}
