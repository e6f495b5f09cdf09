package report

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/gpuarch/gpuarch/infer"
	"github.com/gpuarch/gpuarch/mdtext"
	"github.com/gpuarch/gpuarch/measure/dispatch"
	"github.com/gpuarch/gpuarch/record"
)

// dispatchRecords returns the dispatch suite's records of one group.
func dispatchRecords(run *record.Run, group string) []*record.Record {
	return suiteGroup(run, dispatch.Suite, group)
}

// timelinePlotName is the file a dispatch record's timeline is drawn to.
func timelinePlotName(r *record.Record) string { return "dispatch-" + slug(r.Subject) + ".svg" }

// timelineSMs is how many SMs a timeline plot shows (the lowest ids):
// enough to see the pattern, few enough to see each warp.
const timelineSMs = 8

func writeDispatch(b *strings.Builder, run *record.Run) {
	traces, launches := dispatchRecords(run, dispatch.GroupDispatch), dispatchRecords(run, dispatch.GroupLaunch)
	barriers, atomics := dispatchRecords(run, dispatch.GroupBarrier), dispatchRecords(run, dispatch.GroupAtomic)
	branches, fences := dispatchRecords(run, dispatch.GroupBranch), dispatchRecords(run, dispatch.GroupFence)
	b.WriteString("## Dispatch, launch and synchronization\n\n")
	if len(traces)+len(launches)+len(barriers)+len(atomics)+len(branches)+len(fences) == 0 {
		b.WriteString("The dispatch suite was not run.\n\n")
		return
	}
	if len(traces) > 0 {
		writeTraces(b, run, traces)
	}
	if len(launches) > 0 {
		writeLaunches(b, launches)
	}
	if len(barriers) > 0 {
		writeBarriers(b, barriers)
	}
	if len(atomics) > 0 {
		writeAtomics(b, atomics)
	}
	if len(branches)+len(fences) > 0 {
		writeControl(b, branches, fences)
	}
}

// writeControl tabulates the branch and fence records, each against its
// baseline (the body alone; the store alone).
func writeControl(b *strings.Builder, branches, fences []*record.Record) {
	b.WriteString("### Branches and fences\n\n")
	b.WriteString("One warp, cycles per loop iteration (median of five launches). Branch conditions depend on the iteration, so the compiler cannot hoist them; every path is 8 dependent IMADs (about 32 cycles), and divergent lanes take path (lane + iteration) mod n, so the warp runs all n in turn. Fences follow a store of one word per lane to global memory. Records `dispatch/branch/<pattern>` and `dispatch/fence/<fence>`.\n\n")
	table := func(head string, rs []*record.Record) {
		if len(rs) == 0 {
			return
		}
		base := rs[0]
		fmt.Fprintf(b, "| %s | Cycles per iteration | Beyond %s |\n| --- | ---: | ---: |\n", head, mdtext.CellCode(base.Subject))
		for _, r := range rs {
			extra := "—"
			if r != base && r.Status == record.StatusOK && base.Status == record.StatusOK {
				extra = fmt.Sprintf("%+.1f", r.Value-base.Value)
			}
			fmt.Fprintf(b, "| %s | %s | %s |\n", mdtext.Cell(r.Subject), valueCell(r, "%.1f"), extra)
		}
		b.WriteString("\n")
	}
	table("Control flow", branches)
	table("Fence after a store", fences)
}

// valueCell prints a record's value or its status.
func valueCell(r *record.Record, format string) string {
	if r == nil {
		return "—"
	}
	if r.Status != record.StatusOK {
		return linked(r, string(r.Status))
	}
	return linked(r, fmt.Sprintf(format, r.Value))
}

func writeBarriers(b *strings.Builder, rs []*record.Record) {
	b.WriteString("### Barriers\n\n")
	b.WriteString("One block of n warps running `bar.sync` in a loop, eight to an iteration so that the loop's own instructions (which issue only once a barrier lets the warp go) are a small part of the figure, %clock64 around 2048 of them; the median of five launches. Records `dispatch/barrier/bar.sync, <n> warps`.\n\n| Warps in the block | Cycles per `bar.sync` |\n| ---: | ---: |\n")
	for _, r := range rs {
		fmt.Fprintf(b, "| %s | %s |\n", mdtext.Cell(strings.TrimSuffix(strings.TrimPrefix(r.Subject, dispatch.BarSyncPrefix), " warps")), valueCell(r, "%.1f"))
	}
	b.WriteString("\n")
}

// atomicColumns are the atomics table's columns: contention variant and
// quantity.
var atomicColumns = []struct {
	head, variant string
	q             record.Quantity
}{
	{"Latency (cycles)", "", record.Latency},
	{"Latency, 32 lanes one address", dispatch.OneWarpWord, record.Latency},
	{"Atomics/clk/SM", "", record.Throughput},
	{"Atomics/clk/SM, 32 lanes one address", dispatch.OneWarpWord, record.Throughput},
	{"Atomics/clk/SM, one address for the GPU", dispatch.OneGPUWord, record.Throughput},
}

func writeAtomics(b *strings.Builder, rs []*record.Record) {
	b.WriteString("### Atomics\n\n")
	b.WriteString("Each thread chains atomics (each takes the value the last returned; eight to a loop iteration, so the loop's own instructions are a small part) on an 8-byte word of its own, or with 32 lanes (a warp) or every thread of the GPU on one word. Latency is one warp's cycles per atomic; throughput is the whole GPU (64 warps per SM), atomics per clock per SM counting each lane's. The warp-aggregated rows sum the warp's values with `redux.sync` and have one elected lane add the sum, as compilers do for a warp-uniform address, counting 32 atomics for each. Records `dispatch/<atomic>[, <contention>]/<latency|throughput>`.\n\n")
	by := map[string]*record.Record{}
	var names []string
	for _, r := range rs {
		base := r.Subject
		variant := ""
		for _, c := range atomicColumns {
			if c.variant != "" && strings.HasSuffix(base, ", "+c.variant) {
				base, variant = strings.TrimSuffix(base, ", "+c.variant), c.variant
			}
		}
		if !slices.Contains(names, base) {
			names = append(names, base)
		}
		by[fmt.Sprintf("%s|%s|%s", base, variant, r.Quantity)] = r
	}
	b.WriteString("| Atomic |")
	for _, c := range atomicColumns {
		fmt.Fprintf(b, " %s |", c.head)
	}
	b.WriteString("\n| --- |" + strings.Repeat(" ---: |", len(atomicColumns)) + "\n")
	for _, n := range names {
		fmt.Fprintf(b, "| %s |", mdtext.CellCode(n))
		for _, c := range atomicColumns {
			format := "%.1f"
			if c.q == record.Throughput {
				format = "%.2f"
			}
			fmt.Fprintf(b, " %s |", valueCell(by[fmt.Sprintf("%s|%s|%s", n, c.variant, c.q)], format))
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
}

func us(ns float64) string { return fmt.Sprintf("%.2f", ns/1000) }

func writeTraces(b *strings.Builder, run *record.Run, rs []*record.Record) {
	b.WriteString("### Block placement\n\n")
	b.WriteString("Every warp of a launch records its SM (`%smid`), warp slot (`%warpid`), block and `%globaltimer` at start and end, spinning for a fixed time in between; each strategy launches twice the blocks the driver says fit the GPU at once. From the traces: the most blocks and warps resident on an SM at once (over the SMs), how many distinct SMs the first blocks (one per SM) landed on, the time until every SM had started a block (fill), the time until the whole first wave (SMs × resident blocks) had started and how long the second wave's starts were spread over (with the blocks per microsecond of each), the time from a block's end to the next block's start on its SM (turnaround), and the time between the first and the last SM finishing (drain). Records `dispatch/dispatch/<strategy>`, whose traces hold every warp.\n\n")
	b.WriteString("| Strategy | Threads × blocks | Driver: blocks/SM | Resident blocks/SM (min–median–max) | Resident warps/SM | First blocks on distinct SMs | Fill (µs) | First wave placed (µs; blocks/µs) | Second wave placed (µs; blocks/µs) | Turnaround (µs) | Drain (µs) | Span (µs) |\n")
	b.WriteString("| --- | --- | ---: | --- | ---: | --- | ---: | --- | --- | ---: | ---: | ---: |\n")
	var notes []string
	for _, r := range rs {
		if r.Status != record.StatusOK || r.Dispatch == nil {
			fmt.Fprintf(b, "| %s | %s: %s | | | | | | | | | |\n", mdtext.Cell(r.Subject), r.Status, oneLine(r.Reason))
			continue
		}
		d := r.Dispatch
		tl, err := infer.AnalyzeTimeline(infer.TraceSpans(d))
		if err != nil {
			fmt.Fprintf(b, "| %s | trace not analysed: %s | | | | | | | | | |\n", mdtext.Cell(r.Subject), oneLine(err.Error()))
			continue
		}
		shared := ""
		if d.SharedBytes > 0 {
			shared = fmt.Sprintf(" (+%s shared)", record.SizeString(float64(d.SharedBytes)))
		}
		fmt.Fprintf(b, "| %s | %d × %d%s | %d | %.0f–%.0f–%.0f | %.0f | %d of %d | %s | %s | %s | %s | %s | %s |\n",
			linked(r, mdtext.Cell(r.Subject)), d.ThreadsPerBlock, d.Blocks, shared, d.DriverBlocksPerSM, tl.BlocksPerSM.Min, tl.BlocksPerSM.Median, tl.BlocksPerSM.Max,
			tl.WarpsPerSM.Median, tl.FirstWaveSMs, tl.SMs, us(tl.Fill), rateCell(tl.FirstWave, tl.WaveRate), rateCell(tl.Refill, tl.RefillRate),
			us(tl.Turnaround), us(tl.Drain), us(tl.Span))
		agree := "agrees with"
		if tl.BlocksPerSM.Median != float64(d.DriverBlocksPerSM) || tl.BlocksPerSM.Min != tl.BlocksPerSM.Max {
			agree = "**differs from**"
		}
		notes = append(notes, fmt.Sprintf("- %s: %.0f blocks resident per SM (median; %.0f to %.0f) %s the driver's occupancy answer (%d): the smallest launch of this shape that fills the GPU has %.0f blocks (%d SMs × %.0f). Blocks 0–%d ran on SMs %s.",
			mdtext.Escape(r.Subject), tl.BlocksPerSM.Median, tl.BlocksPerSM.Min, tl.BlocksPerSM.Max, agree, d.DriverBlocksPerSM,
			float64(tl.SMs)*tl.BlocksPerSM.Median, tl.SMs, tl.BlocksPerSM.Median, len(tl.FirstBlocks)-1, intList(tl.FirstBlocks)))
	}
	b.WriteString("\n" + strings.Join(notes, "\n") + "\n\n")
	if tl, ok := firstTimeline(rs); ok {
		b.WriteString(placementPolicy(tl, rs[0].Subject) + "\n\n")
	}
	for _, r := range rs {
		if r.Status == record.StatusOK && r.Dispatch != nil {
			fmt.Fprintf(b, "![%s: warp slots of SMs 0–%d against time](%s/%s)\n\n", mdtext.Cell(r.Subject), timelineSMs-1, PlotDir, timelinePlotName(r))
		}
	}
}

// rateCell prints a placement time with its rate.
func rateCell(ns, perUs float64) string {
	if perUs == 0 {
		return us(ns)
	}
	return fmt.Sprintf("%s; %.0f", us(ns), perUs)
}

// placementPolicy says in words how a trace placed its first blocks.
func placementPolicy(tl infer.Timeline, subject string) string {
	var s string
	switch share := float64(tl.FirstWaveSMs) / float64(tl.SMs); {
	case share == 1:
		s = "Placement is breadth-first: every SM receives a block before any receives a second"
	case share >= 0.9:
		s = fmt.Sprintf("Placement is breadth-first but for a few SMs: %d of %d SMs had a block when %d had been placed", tl.FirstWaveSMs, tl.SMs, tl.SMs)
	default:
		s = fmt.Sprintf("Placement fills SMs before spreading: the first %d blocks landed on only %d SMs", tl.SMs, tl.FirstWaveSMs)
	}
	s += fmt.Sprintf(" (%s).", mdtext.Code(subject))
	if tl.Paired >= 0.75 {
		s += fmt.Sprintf(" Blocks go out two at a time to an even-odd pair of SMs (%.0f%% of the first pairs; a TPC's two SMs), successive pairs most often %d SMs apart.", 100*tl.Paired, tl.PairStride)
	}
	if tl.Resolution > 0 {
		s += fmt.Sprintf(" The timer ticks every %.0f ns, so shorter times read as 0 or one tick.", tl.Resolution)
	}
	return s
}

// firstTimeline analyses the first usable trace.
func firstTimeline(rs []*record.Record) (infer.Timeline, bool) {
	for _, r := range rs {
		if r.Status == record.StatusOK && r.Dispatch != nil {
			if tl, err := infer.AnalyzeTimeline(infer.TraceSpans(r.Dispatch)); err == nil {
				return tl, true
			}
		}
	}
	return infer.Timeline{}, false
}

func intList(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}

func writeLaunches(b *strings.Builder, rs []*record.Record) {
	b.WriteString("### Launch costs\n\n")
	b.WriteString("One-warp kernels that stamp `%globaltimer` at their start and end. Host figures are wall-clock time per launch, queueing (the launch calls; for a graph, its one launch) and until every kernel had finished; device figures are the median time between consecutive kernels' starts and from one kernel's end to the next one's start. Records `dispatch/launch/<batch>`.\n\n")
	b.WriteString("| Batch | Launches × streams | Host: queue per launch (µs) | Host: total per launch (µs) | GPU: start to start (µs) | GPU: end to next start (µs) | Kernels running at once |\n")
	b.WriteString("| --- | --- | ---: | ---: | ---: | ---: | ---: |\n")
	for _, r := range rs {
		if r.Status != record.StatusOK || r.Launch == nil {
			fmt.Fprintf(b, "| %s | %s: %s | | | | | |\n", mdtext.Cell(r.Subject), r.Status, oneLine(r.Reason))
			continue
		}
		d := r.Launch
		st, err := infer.LaunchStatsOf(d)
		if err != nil {
			fmt.Fprintf(b, "| %s | not analysed: %s | | | | | |\n", mdtext.Cell(r.Subject), oneLine(err.Error()))
			continue
		}
		how := fmt.Sprintf("%d × %d", d.Launches, d.Streams)
		if d.Graph {
			how += " (graph)"
		}
		gap, idle := "—", "—"
		if d.Launches > 1 {
			gap = us(st.StartGap)
		}
		if d.Launches > 1 && d.Streams == 1 {
			idle = us(st.IdleGap)
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s | %s | %d |\n", linked(r, mdtext.Cell(r.Subject)), how, us(d.HostQueuedNs), us(d.HostTotalNs), gap, idle, st.Concurrent)
	}
	b.WriteString("\n")
}

// timeline is a plotter drawing each warp as a horizontal line from its
// start to its end at its slot's row.
type timeline struct {
	segs []timelineSeg
}

type timelineSeg struct {
	row        float64
	start, end float64 // µs
	wave       int
}

func (t timeline) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	for _, s := range t.segs {
		st := draw.LineStyle{Color: palette[s.wave%len(palette)], Width: vg.Points(1.2)}
		y := trY(s.row)
		c.StrokeLine2(st, trX(s.start), y, trX(s.end), y)
	}
}

func (t timeline) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, ymin = math.Inf(1), math.Inf(1)
	xmax, ymax = math.Inf(-1), math.Inf(-1)
	for _, s := range t.segs {
		xmin, xmax = math.Min(xmin, s.start), math.Max(xmax, s.end)
		ymin, ymax = math.Min(ymin, s.row), math.Max(ymax, s.row)
	}
	return xmin, xmax, ymin - 1, ymax + 1
}

// timelinePlot draws the warps of the lowest-numbered SMs of a trace: one
// row per (SM, warp slot), one line per warp, colored by the wave its
// block started in.
func timelinePlot(r *record.Record) ([]byte, error) {
	d := r.Dispatch
	sms := map[int]bool{}
	for _, t := range d.Trace {
		sms[int(t[0])] = true
	}
	var ids []int
	for id := range sms {
		ids = append(ids, id)
	}
	sort.Ints(ids)
	if len(ids) > timelineSMs {
		ids = ids[:timelineSMs]
	}
	rank := map[int]int{}
	for i, id := range ids {
		rank[id] = i
	}
	slots := 0
	for _, t := range d.Trace {
		slots = max(slots, int(t[1])+1)
	}
	perWave := max(1, len(sms)*max(1, d.DriverBlocksPerSM))
	var tl timeline
	for _, t := range d.Trace {
		k, ok := rank[int(t[0])]
		if !ok {
			continue
		}
		tl.segs = append(tl.segs, timelineSeg{row: float64(k*slots) + float64(t[1]), start: float64(t[4]) / 1000, end: float64(t[5]) / 1000, wave: int(t[2]) / perWave})
	}
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: %d × %d threads (SMs %d–%d)", r.Subject, d.Blocks, d.ThreadsPerBlock, ids[0], ids[len(ids)-1])
	p.X.Label.Text = "µs after the first warp started"
	p.Y.Label.Text = fmt.Sprintf("SM × %d warp slots + slot", slots)
	p.Add(tl)
	return renderSVG(p, 7*vg.Inch, 4.5*vg.Inch)
}
