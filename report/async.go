package report

import (
	"fmt"
	"math"
	"strings"

	"github.com/gpuarch/gpuarch/archdb"
	"github.com/gpuarch/gpuarch/mdtext"
	"github.com/gpuarch/gpuarch/measure/async"
	"github.com/gpuarch/gpuarch/record"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// asyncRecords are the async suite's records of group, in run order.
func asyncRecords(run *record.Run, group string) []*record.Record {
	var out []*record.Record
	for i := range run.Records {
		r := &run.Records[i]
		if r.Suite == async.Suite && (group == "" || r.Group == group) {
			out = append(out, r)
		}
	}
	return out
}

// asyncValue is a record's value as the table shows it, or its status.
func asyncValue(r *record.Record, format string) string {
	if r.Status != record.StatusOK {
		return fmt.Sprintf("%s", r.Status)
	}
	return linked(r, fmt.Sprintf(format, r.Value))
}

// machineCode names what the timed region held of the expected families,
// as a table cell.
func machineCode(r *record.Record) string {
	s := r.Code
	if s == nil {
		return "—"
	}
	var parts []string
	for op, n := range s.Counts {
		for _, e := range s.Expected {
			if op == e || strings.HasPrefix(op, e+".") {
				parts = append(parts, fmt.Sprintf("%s×%d", op, n))
				break
			}
		}
	}
	if len(parts) == 0 {
		return mdtext.Cell(s.Status)
	}
	sortStrings(parts)
	return mdtext.Cell(strings.Join(parts, ", "))
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// gbps converts a bytes/clock/SM record to GB/s over the whole GPU at the
// record's clock.
func gbps(run *record.Run, r *record.Record) string {
	if r.Status != record.StatusOK || r.Provenance.Clock == nil || run.Device.SMs == 0 {
		return "—"
	}
	return fmt.Sprintf("%.0f", r.Value*float64(run.Device.SMs)*r.Provenance.Clock.Hz/1e9)
}

// writeAsync is the async suite's section.
func writeAsync(b *strings.Builder, run *record.Run) {
	all := asyncRecords(run, "")
	if len(all) == 0 {
		return
	}
	b.WriteString("## Asynchronous data movement, clusters and the uniform datapath\n\n")
	b.WriteString("Hopper's copy engines and the work around them (the async suite), timed inside the kernels in SM cycles. Each latency is a dependent chain (the next copy's address adds the word the last one copied) less the same chain without the copy; each bandwidth is bytes over each SM's own span of `%clock64`, median over SMs, at the best point of a sweep (the whole sweep is in the JSON and the plots). The machine-code column is what the timed region held of the instruction under test.\n\n")
	if len(all) > 0 && all[0].Status == record.StatusSkipped && allSkipped(all) {
		fmt.Fprintf(b, "Not measured: %s.\n\n", mdtext.Escape(all[0].Reason))
		return
	}
	latencyTable := func(title string, rs []*record.Record) {
		if len(rs) == 0 {
			return
		}
		fmt.Fprintf(b, "### %s\n\n| Operation | Cycles | Machine code | How |\n| --- | ---: | --- | --- |\n", title)
		for _, r := range rs {
			fmt.Fprintf(b, "| %s | %s | %s | %s |\n", mdtext.Cell(r.Subject), asyncValue(r, "%.1f"), machineCode(r), oneLine(orDash(r.Note+reasonOf(r))))
		}
		b.WriteString("\n")
	}
	var cp, tma, bw []*record.Record
	for _, r := range append(asyncRecords(run, async.GroupCpAsync), asyncRecords(run, async.GroupTMA)...) {
		switch {
		case r.Quantity == record.Latency && r.Group == async.GroupCpAsync:
			cp = append(cp, r)
		case r.Quantity == record.Latency:
			tma = append(tma, r)
		default:
			bw = append(bw, r)
		}
	}
	latencyTable("cp.async (LDGSTS): issue to visibility", cp)
	latencyTable("Tensor Memory Accelerator: issue to completion", tma)
	latencyTable("mbarrier", asyncRecords(run, async.GroupMbarrier))
	if len(bw) > 0 {
		b.WriteString("### Asynchronous copy bandwidth\n\n| Stream | Bytes/clock/SM | GB/s | Best point | Machine code |\n| --- | ---: | ---: | --- | --- |\n")
		for _, r := range bw {
			if r.Quantity == record.Amount {
				fmt.Fprintf(b, "| %s | %s %s | | %s | %s |\n", mdtext.Cell(r.Subject), asyncValue(r, "%.0f"), mdtext.Cell(r.Unit), bestPoint(r), machineCode(r))
				continue
			}
			fmt.Fprintf(b, "| %s | %s | %s | %s | %s |\n", mdtext.Cell(r.Subject), asyncValue(r, "%.1f"), gbps(run, r), bestPoint(r), machineCode(r))
		}
		b.WriteString("\n")
		for _, r := range bw {
			if r.Sweep != nil && r.Status == record.StatusOK {
				fmt.Fprintf(b, "![%s](%s/%s)\n\n", mdtext.Cell(r.Subject), PlotDir, sweepPlotName(r))
			}
		}
	}
	writeClusters(b, run)
	uni := asyncRecords(run, async.GroupUniform)
	if len(uni) > 0 {
		b.WriteString("### Uniform datapath\n\nChains on values that are the same in every lane and that ptxas can see are (from %ctaid.y and %nctaid.x), whose result a uniform consumer needs (the address of a load), so that ptxas keeps them in uniform registers; whether it did is what the machine-code column says. A record whose chain ptxas kept on the vector datapath is invalid, with its time shown for what it is. The latency is one warp's cycles per step, the loop's control included; the throughput is warp instructions per clock per SM with every SM full; *beside* rows run uniform chains and vector chains in one loop, 1 when the two run side by side on separate pipelines, 0 when they take turns.\n\n| Operation | Quantity | Value | Unit | Machine code | Status |\n| --- | --- | ---: | --- | --- | --- |\n")
		for _, r := range uni {
			fmt.Fprintf(b, "| %s | %s | %s | %s | %s | %s |\n", mdtext.Cell(r.Subject), mdtext.Cell(string(r.Quantity)), linked(r, trim(r.Value)), mdtext.Cell(r.Unit), machineCode(r), statusCell(r))
		}
		b.WriteString("\n")
	}
	latencyTable("setmaxnreg", asyncRecords(run, async.GroupSetmaxnreg))
	if pipe := asyncRecords(run, async.GroupPipeline); len(pipe) > 0 {
		b.WriteString("### TMA → shared memory → wgmma pipeline\n\n| Pipeline | Value | Unit | Best point | How |\n| --- | ---: | --- | --- | --- |\n")
		for _, r := range pipe {
			fmt.Fprintf(b, "| %s | %s | %s | %s | %s |\n", mdtext.Cell(r.Subject), asyncValue(r, "%.0f"), mdtext.Cell(r.Unit), bestPoint(r), oneLine(orDash(r.Note+reasonOf(r))))
		}
		b.WriteString("\n")
		for _, r := range pipe {
			if r.Sweep != nil && r.Status == record.StatusOK {
				fmt.Fprintf(b, "![%s](%s/%s)\n\n", mdtext.Cell(r.Subject), PlotDir, sweepPlotName(r))
			}
		}
	}
	writeStudies(b, all)
}

func allSkipped(rs []*record.Record) bool {
	for _, r := range rs {
		if r.Status != record.StatusSkipped {
			return false
		}
	}
	return true
}

func reasonOf(r *record.Record) string {
	if r.Status == record.StatusOK || r.Reason == "" {
		return ""
	}
	return " — " + string(r.Status) + ": " + r.Reason
}

// bestPoint writes the sweep point a record's value is, as a table cell.
func bestPoint(r *record.Record) string {
	s := r.Sweep
	if s == nil || r.Status != record.StatusOK || s.Best >= len(s.Points) {
		return "—"
	}
	p := s.Points[s.Best]
	out := fmt.Sprintf("%g %s", p.X, s.X)
	if p.Series != "" {
		out += ", " + p.Series
	}
	return mdtext.Cell(out)
}

// writeClusters is the clusters and distributed shared memory part.
func writeClusters(b *strings.Builder, run *record.Run) {
	cl := asyncRecords(run, async.GroupCluster)
	dsm := asyncRecords(run, async.GroupDSM)
	if len(cl)+len(dsm) == 0 {
		return
	}
	b.WriteString("### Thread-block clusters and distributed shared memory\n\n")
	for _, r := range cl {
		switch {
		case r.Clusters != nil && len(r.Clusters.Shapes) > 0:
			b.WriteString("| Cluster shape | Non-portable | One block per SM: fit at once (driver) | Seen at once | 128-thread blocks: fit at once | Launched |\n| --- | --- | ---: | --- | ---: | --- |\n")
			shapes := r.Clusters.Shapes
			for i := 0; i < len(shapes); i += 2 {
				big := shapes[i]
				small := record.ClusterShape{}
				if i+1 < len(shapes) {
					small = shapes[i+1]
				}
				yes := "no"
				if big.Launched || small.Launched {
					yes = "yes"
				} else if big.Why != "" {
					yes = "no: " + mdtext.Cell(big.Why)
				}
				seen := mdtext.Cell(big.Why)
				if !big.Launched {
					seen = "—"
				}
				np := ""
				if big.NonPortable {
					np = "yes"
				}
				fmt.Fprintf(b, "| %d×%d×%d | %s | %d | %s | %d | %s |\n", big.X, big.Y, big.Z, np, big.MaxActive, seen, small.MaxActive, yes)
			}
			fmt.Fprintf(b, "\nLargest cluster launched: %s blocks.\n\n", asyncValue(r, "%.0f"))
		case r.Clusters != nil && len(r.Clusters.Groups) > 0:
			var sizes []string
			for _, g := range r.Clusters.Groups {
				sizes = append(sizes, fmt.Sprint(len(g)))
			}
			fmt.Fprintf(b, "Placement: over %d traced launches of every cluster size (one block per SM), the SMs that shared a cluster form %s groups of %s SMs. A cluster never spans GPCs, so each group lies within one GPC; groups the launches never joined (SMs that only ever shared clusters of 2) may still share a GPC.\n\n",
				r.Clusters.Launches, linked(r, fmt.Sprint(len(r.Clusters.Groups))), strings.Join(sizes, ", "))
		case r.Sweep != nil:
			fmt.Fprintf(b, "`barrier.cluster` (arrive then wait, every thread of 128-thread blocks): %s cycles for a cluster of 2;", asyncValue(r, "%.0f"))
			for _, p := range r.Sweep.Points {
				if p.Failed == "" {
					fmt.Fprintf(b, " %g blocks %.0f;", p.X, p.Value)
				} else {
					fmt.Fprintf(b, " %g blocks failed (%s);", p.X, mdtext.Escape(p.Failed))
				}
			}
			b.WriteString(" the cost of one barrier of `bar.sync` for a block is in the dispatch section.\n\n")
		}
	}
	if len(dsm) > 0 {
		b.WriteString("| Distributed shared memory | Value | Unit | Best point | Machine code | How |\n| --- | ---: | --- | --- | --- | --- |\n")
		for _, r := range dsm {
			fmt.Fprintf(b, "| %s | %s | %s | %s | %s | %s |\n", mdtext.Cell(r.Subject), asyncValue(r, "%.1f"), mdtext.Cell(r.Unit), bestPoint(r), machineCode(r), oneLine(orDash(r.Note+reasonOf(r))))
		}
		b.WriteString("\n")
		for _, r := range dsm {
			if r.Sweep != nil && r.Status == record.StatusOK {
				fmt.Fprintf(b, "![%s](%s/%s)\n\n", mdtext.Cell(r.Subject), PlotDir, sweepPlotName(r))
			}
		}
	}
}

// writeStudies sets published Hopper figures beside ours.
func writeStudies(b *strings.Builder, rs []*record.Record) {
	var rows []string
	for _, f := range archdb.HopperStudies {
		var ours string
		// The first record of the quantity, in run order.
		for _, r := range rs {
			if r.Status == record.StatusOK && strings.HasPrefix(r.Subject, f.Quantity) {
				ours = linked(r, fmt.Sprintf("%s %s", trim(r.Value), mdtext.Cell(r.Unit)))
				break
			}
		}
		rows = append(rows, fmt.Sprintf("| %s | %s | %.4g %s | %s | %s |", f.Quantity, orDash(ours), f.Value, f.Unit, f.GPU, f.Source))
	}
	if len(rows) == 0 {
		return
	}
	b.WriteString("### Beside published Hopper studies\n\nReference data, not measured here: what studies of other Hopper parts report, with their sources. Whole-GPU figures compare with ours times the SM count and clock (the GB/s column above).\n\n| Quantity | Here | Published | Part | Source |\n| --- | --- | --- | --- | --- |\n")
	b.WriteString(strings.Join(rows, "\n") + "\n\n")
}

// sweepPlotName is the file a record's sweep is drawn to.
func sweepPlotName(r *record.Record) string { return "sweep-" + slug(r.ID) + ".svg" }

// sweepPlot draws a record's sweep: one line per series against X.
func sweepPlot(r *record.Record) ([]byte, error) {
	s := r.Sweep
	p := plot.New()
	p.Title.Text = r.Subject
	p.X.Label.Text = s.X
	p.Y.Label.Text = r.Unit
	if s.Y != "" {
		p.Y.Label.Text = s.Y
	}
	p.Y.Min = 0
	var order []string
	series := map[string]plotter.XYs{}
	top, xmax, xmin := 0.0, 0.0, math.Inf(1)
	for _, pt := range s.Points {
		if pt.Failed != "" {
			continue
		}
		if _, ok := series[pt.Series]; !ok {
			order = append(order, pt.Series)
		}
		series[pt.Series] = append(series[pt.Series], plotter.XY{X: pt.X, Y: pt.Value})
		top, xmax, xmin = max(top, pt.Value), max(xmax, pt.X), min(xmin, pt.X)
	}
	p.Y.Max = top * 1.1
	if xmax >= 8 && xmin > 0 { // a log scale has no 0
		p.X.Scale, p.X.Tick.Marker = plot.LogScale{}, logTicks125{}
	}
	p.Legend.Top, p.Legend.Left = false, false
	for i, name := range order {
		label := name
		if label == "" {
			label = r.Subject
		} else if s.Series != "" {
			label = s.Series + " " + name
		}
		if err := addCurve(p, series[name], palette[i%len(palette)], label); err != nil {
			return nil, err
		}
	}
	if math.IsNaN(p.Y.Max) || p.Y.Max == 0 {
		p.Y.Max = 1
	}
	return renderSVG(p, 7*vg.Inch, 4*vg.Inch)
}

// asyncPlots draws every sweep of the async suite.
func asyncPlots(run *record.Run) ([]Plot, error) {
	var out []Plot
	for _, r := range asyncRecords(run, "") {
		if r.Sweep == nil || r.Status != record.StatusOK || len(r.Sweep.Points) < 2 {
			continue
		}
		svg, err := sweepPlot(r)
		if err != nil {
			return out, fmt.Errorf("plot %s: %w", r.ID, err)
		}
		out = append(out, Plot{sweepPlotName(r), svg})
	}
	return out, nil
}
