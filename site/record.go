package site

import (
	"fmt"
	"html/template"
	"math"
	"net/url"
	"sort"
	"strings"

	"github.com/gpuarch/gpuarch/infer"
	"github.com/gpuarch/gpuarch/measure/memory"
	"github.com/gpuarch/gpuarch/measure/pipes"
	"github.com/gpuarch/gpuarch/record"
)

// kv is a labelled value of a record's page.
type kv struct{ K, V string }

// recordView is a record's page.
type recordView struct {
	frame
	Col                         colView
	Rec                         *record.Record
	Heading                     string
	Value, Status, Reason, Note string
	Facts                       []kv
	Samples                     string
	Clock                       []kv
	Method                      []kv
	Points                      [][]string
	PointsHead                  []string
	Charts                      []template.HTML
	Code                        []kv
	PerStep, Counts             []kv
	Loop                        []string
	Statistics                  []kv
	Source                      []kv
	SourceNote                  *sourceNote
	Others                      []otherView
	Warnings                    []string
	Back                        string
}

// otherView is the same record on another column.
type otherView struct {
	Label, Text, Href, Change string
	This                      bool
}

func (s *site) writeRecord(r *record.Record) error {
	c := s.recordCol[r]
	page := c.page(r)
	if page == "" {
		return nil
	}
	root := "../../"
	v := recordView{frame: s.frame(r.Subject+" — "+string(r.Quantity)+" — "+c.Label(), "", root), Col: s.colViews()[c.Index], Rec: r}
	v.Heading = r.Subject
	v.Status, v.Reason, v.Note, v.Warnings = string(r.Status), r.Reason, r.Note, r.Warnings
	if r.Status == record.StatusOK {
		v.Value = format(r.Value) + " " + r.Unit
	}
	q := r.Subject
	if rw := s.rowOf[r]; rw != nil {
		q = rw.Name
	}
	v.Back = root + "index.html#" + (url.Values{"q": {q}}).Encode()
	if r.Suite == memory.Suite {
		v.Back = root + "memory.html"
	}
	v.Facts = []kv{{"Record", r.ID}, {"Suite", r.Suite}, {"Group", r.Group}, {"Operation", r.Op}, {"Quantity", string(r.Quantity)}, {"Unit", r.Unit}}
	if sm := r.Summary; sm != nil {
		f := []kv{{"Samples", fmt.Sprint(sm.N)}, {"Median", format(sm.Median)}}
		if sm.Lo != nil && sm.Hi != nil {
			f = append(f, kv{"95% confidence interval", format(*sm.Lo) + " – " + format(*sm.Hi)})
		} else {
			f = append(f, kv{"95% confidence interval", "too few samples for one"})
		}
		f = append(f, kv{"Range", format(sm.Min) + " – " + format(sm.Max)}, kv{"Spread", fmt.Sprintf("%.2g%%", 100*sm.Spread)})
		v.Facts = append(v.Facts, f...)
	}
	if len(r.Samples) > 0 {
		parts := make([]string, len(r.Samples))
		for i, x := range r.Samples {
			parts[i] = format(x)
		}
		v.Samples = strings.Join(parts, ", ")
	}
	v.Clock = clockFacts(r.Provenance.Clock)
	s.method(&v, r, c)
	v.Code, v.PerStep, v.Counts, v.Loop, v.Statistics = codeFacts(r.Code)
	v.Source, v.SourceNote = sourceFacts(r)
	v.Others = s.others(r)
	return s.render(page, "record", v)
}

// clockFacts describe the clock measured around a record's kernels.
func clockFacts(cl *record.Clock) []kv {
	if cl == nil {
		return nil
	}
	out := []kv{{"SM clock", fmt.Sprintf("%.0f MHz", cl.Hz/1e6)}, {"Measured by", cl.Source}}
	sensors := func(name string, s *record.Sensors) {
		if s == nil {
			return
		}
		var parts []string
		if s.SMClockHz > 0 {
			parts = append(parts, fmt.Sprintf("SM %.0f MHz", s.SMClockHz/1e6))
		}
		if s.MemClockHz > 0 {
			parts = append(parts, fmt.Sprintf("memory %.0f MHz", s.MemClockHz/1e6))
		}
		if s.PowerW > 0 {
			parts = append(parts, fmt.Sprintf("%.0f W", s.PowerW))
		}
		if s.TempC > 0 {
			parts = append(parts, fmt.Sprintf("%.0f °C", s.TempC))
		}
		if len(s.Throttle) > 0 {
			parts = append(parts, "throttled: "+strings.Join(s.Throttle, ", "))
		}
		out = append(out, kv{"Driver's sensors " + name, strings.Join(parts, ", ")})
	}
	sensors("before", cl.Before)
	sensors("during", cl.During)
	sensors("after", cl.After)
	return out
}

// method fills what a record's detail says of how it was measured: the
// fit of a latency, the shape of a throughput, a curve's points, a
// sweep's, with their charts.
func (s *site) method(v *recordView, r *record.Record, c *column) {
	u := c.Run.Device.UnitsOf()
	if l := r.Latency; l != nil {
		v.Method = append(v.Method, kv{"Fitted slope (cycles per step)", format(l.Cycles)}, kv{"Adjusted (longest chain less the control)", format(l.AdjustedCycles)},
			kv{"Raw (longest chain / length)", format(l.RawCycles)}, kv{"Intercept (cycles)", format(l.InterceptCycles)},
			kv{"RMS residual (cycles)", format(l.RMSResidual)}, kv{"R²", fmt.Sprintf("%.6f", l.R2)})
		if l.Seconds > 0 {
			v.Method = append(v.Method, kv{"At the measured clock", fmt.Sprintf("%.3g ns", l.Seconds*1e9)})
		}
		v.PointsHead = []string{"Chain length", "Median (cycles)", "Samples"}
		meas := series{Label: "median time", Points: true}
		for _, p := range l.Points {
			v.Points = append(v.Points, []string{fmt.Sprint(p.Length), format(p.Median), joinFormat(p.Samples)})
			meas.X, meas.Y = append(meas.X, float64(p.Length)), append(meas.Y, p.Median)
		}
		if len(l.Points) > 1 {
			fit := series{Label: fmt.Sprintf("fit: %s + %s × length", format(l.InterceptCycles), format(l.Cycles)), Dashed: true}
			for _, x := range []float64{meas.X[0], meas.X[len(meas.X)-1]} {
				fit.X, fit.Y = append(fit.X, x), append(fit.Y, l.InterceptCycles+l.Cycles*x)
			}
			v.Charts = append(v.Charts, chart{Title: "Cycles against chain length", XLabel: "dependent steps", YLabel: "cycles", ZeroY: true, Series: []series{meas, fit}}.svg())
		}
	}
	if t := r.Through; t != nil {
		v.Method = append(v.Method, kv{"Warp instructions per clock per " + u.Core, format(t.WarpInstPerClockPerSM)},
			kv{"Results per clock per " + u.Core, format(t.ResultsPerClockPerSM)})
		if t.CyclesPerWarpInst > 0 {
			v.Method = append(v.Method, kv{"Cycles per warp instruction per sub-partition", format(t.CyclesPerWarpInst)})
		}
		if t.ResultsPerSecond > 0 {
			v.Method = append(v.Method, kv{"Whole GPU, per second", fmt.Sprintf("%.4g", t.ResultsPerSecond)})
		}
		b := t.Best
		v.Method = append(v.Method, kv{"Best shape", fmt.Sprintf("%d %s per %s, ILP %d, %d blocks of %d threads, %d steps per iteration, %d iterations",
			b.WarpsPerSM, u.Subgroups, u.Core, b.ILP, b.BlocksPerSM, b.ThreadsPerBlk, b.StepsPerIter, b.Iterations)})
		if t.SMsSeen > 0 {
			v.Method = append(v.Method, kv{u.Cores + " seen", fmt.Sprint(t.SMsSeen)})
		}
		if t.Control != nil {
			v.Method = append(v.Method, kv{"Control (loop without the instruction)", fmt.Sprintf("%s cycles per iteration, %.1f%% of the kernel's", format(t.Control.CyclesPerIteration), 100*t.Control.OverheadShare)})
		}
		if ref := t.Reference; ref != nil {
			doc := "several instructions"
			if !ref.Multiple {
				doc = format(ref.ResultsPerClockPerSM) + " results per clock per SM"
			}
			line := fmt.Sprintf("%s (%s; %s)", doc, ref.Row, ref.Source)
			if ref.Ratio > 0 {
				line += fmt.Sprintf("; measured %.1f%% of it", 100*ref.Ratio)
			}
			if ref.Reason != "" {
				line += "; " + ref.Reason
			}
			v.Method = append(v.Method, kv{"Documented (reference data)", line})
		}
		if len(t.Sweep) > 0 {
			v.Charts = append(v.Charts, sweepChart(r.Subject+": throughput against occupancy, one line per ILP", t.Sweep, u))
		}
	}
	if occ := occupancyOf(c, r); occ != nil {
		v.Charts = append(v.Charts, occupancyChart(occ, u))
	}
	if cv := r.Curve; cv != nil {
		v.Method = append(v.Method, kv{"Path", cv.Path})
		if cv.ClockHz > 0 {
			v.Method = append(v.Method, kv{"SM clock after the curve", fmt.Sprintf("%.0f MHz", cv.ClockHz/1e6)})
		}
		for _, sk := range cv.Skipped {
			v.Method = append(v.Method, kv{"Skipped", sk})
		}
		v.PointsHead = []string{"Footprint", "Value", "Min", "Max", "Stride (B)", "Chains", "Clock (MHz)"}
		line := series{Label: r.Subject}
		for _, p := range cv.Points {
			clock := ""
			if p.ClockHz > 0 {
				clock = fmt.Sprintf("%.0f", p.ClockHz/1e6)
			}
			v.Points = append(v.Points, []string{record.SizeString(float64(p.Bytes)), format(p.Value), format(p.Min), format(p.Max), fmt.Sprint(p.Stride), fmt.Sprint(p.Chains), clock})
			line.X, line.Y = append(line.X, float64(p.Bytes)), append(line.Y, p.Value)
		}
		if len(cv.Points) > 1 && r.Quantity == record.Curve {
			ch := chart{Title: r.Subject + " against footprint", XLabel: "footprint (bytes)", YLabel: r.Unit, LogX: true, LogY: r.Group == memory.GroupLatency, Series: []series{line}}
			if ls := levelsOf(r); len(ls) > 0 {
				ch.Series[0].Label = r.Subject + ": " + levelsText(ls)
				v.Method = append(v.Method, kv{"Levels", levelsText(ls)})
			}
			v.Charts = append(v.Charts, ch.svg())
		}
	}
	if sw := r.Sweep; sw != nil {
		by := map[string]*series{}
		var order []string
		for _, p := range sw.Points {
			if p.Failed != "" {
				continue
			}
			sr, ok := by[p.Series]
			if !ok {
				label := p.Series
				if sw.Series != "" && label != "" {
					label = sw.Series + " " + label
				}
				sr = &series{Label: label}
				by[p.Series] = sr
				order = append(order, p.Series)
			}
			sr.X, sr.Y = append(sr.X, p.X), append(sr.Y, p.Value)
		}
		var ss []series
		for _, k := range order {
			ss = append(ss, *by[k])
		}
		y := r.Unit
		if sw.Y != "" {
			y = sw.Y
		}
		if len(ss) > 0 {
			v.Charts = append(v.Charts, chart{Title: r.Subject + " against " + sw.X, XLabel: sw.X, YLabel: y, ZeroY: true, LogX: logAxis(ss), Series: ss}.svg())
		}
	}
}

// logAxis says whether a chart's X values span enough, all above 0, for
// a log axis.
func logAxis(ss []series) bool {
	lo, hi := math.Inf(1), 0.0
	for _, s := range ss {
		for _, x := range s.X {
			lo, hi = math.Min(lo, x), math.Max(hi, x)
		}
	}
	return lo > 0 && hi/lo >= 8
}

func joinFormat(vs []float64) string {
	parts := make([]string, len(vs))
	for i, x := range vs {
		parts[i] = format(x)
	}
	return strings.Join(parts, ", ")
}

// sweepChart draws a throughput sweep: warp instructions per clock per SM
// against warps per SM, one line per ILP.
func sweepChart(title string, sweep []record.SweepPoint, u record.Units) template.HTML {
	by := map[int]*series{}
	var ilps []int
	for _, p := range sweep {
		if p.Skipped != "" || p.WarpInstPerClockPerSM <= 0 {
			continue
		}
		s, ok := by[p.Shape.ILP]
		if !ok {
			s = &series{Label: fmt.Sprintf("ILP %d", p.Shape.ILP)}
			by[p.Shape.ILP] = s
			ilps = append(ilps, p.Shape.ILP)
		}
		s.X, s.Y = append(s.X, float64(p.Shape.WarpsPerSM)), append(s.Y, p.WarpInstPerClockPerSM)
	}
	sort.Ints(ilps)
	var ss []series
	for _, i := range ilps {
		ss = append(ss, *by[i])
	}
	if len(ss) == 0 {
		return ""
	}
	return chart{Title: title, XLabel: u.Subgroups + " per " + u.Core, YLabel: u.Subgroup + " instructions per clock per " + u.Core, LogX: logAxis(ss), ZeroY: true, Series: ss}.svg()
}

// occupancyOf is the pipes suite's occupancy grid of a throughput
// record's instruction in the same run, if it has one.
func occupancyOf(c *column, r *record.Record) *record.Record {
	if r.Quantity != record.Throughput || r.Suite == pipes.Suite {
		return nil
	}
	for i := range c.Run.Records {
		o := &c.Run.Records[i]
		if o.Suite == pipes.Suite && o.Quantity == record.Occupancy && o.Status == record.StatusOK && o.Occup != nil &&
			(o.Subject == r.Subject || r.Op != "" && o.Op == r.Op) {
			return o
		}
	}
	return nil
}

// occupancyChart draws an occupancy grid: one line per ILP, every SM
// holding exactly the stated warps.
func occupancyChart(o *record.Record, u record.Units) template.HTML {
	g := o.Occup
	var ss []series
	for i, ilp := range g.ILPs {
		s := series{Label: fmt.Sprintf("ILP %d", ilp)}
		for j, w := range g.WarpsPerSM {
			if i < len(g.IPC) && j < len(g.IPC[i]) && g.IPC[i][j] != nil {
				s.X, s.Y = append(s.X, float64(w)), append(s.Y, *g.IPC[i][j])
			}
		}
		if len(s.X) > 0 {
			ss = append(ss, s)
		}
	}
	if len(ss) == 0 {
		return ""
	}
	return chart{Title: o.Subject + ": exact occupancy grid (pipes suite, " + o.ID + ")", XLabel: u.Subgroups + " per " + u.Core + " (exactly)", YLabel: u.Subgroup + " instructions per clock per " + u.Core,
		LogX: logAxis(ss), ZeroY: true, Series: ss}.svg()
}

// codeFacts describe the machine-code check of a record.
func codeFacts(s *record.CodeCheck) (facts, perStep, counts []kv, loop []string, stats []kv) {
	if s == nil {
		return
	}
	facts = []kv{{"Check", s.Status}, {"Note", s.Note}, {"Expected", strings.Join(s.Expected, ", ")}}
	if s.Needed > 0 || s.Found > 0 {
		facts = append(facts, kv{"Found in the timed region", fmt.Sprintf("%d of %d needed", s.Found, s.Needed)})
	}
	facts = append(facts, kv{"Kernel checked", s.Kernel}, kv{"One step compiles to", s.Sequence}, kv{"Read from", s.Source})
	if s.Reuse > 0 {
		facts = append(facts, kv{"Operands from the reuse cache per step", format(s.Reuse)})
	}
	if s.BankConflicts != nil {
		facts = append(facts, kv{"Register-bank conflicts per step", format(*s.BankConflicts)})
	}
	if s.BinaryBytesPerStep != nil {
		facts = append(facts, kv{"Binary growth per step", format(*s.BinaryBytesPerStep) + " bytes"})
	}
	for _, op := range sortedKeys(s.PerStep) {
		perStep = append(perStep, kv{op, format(s.PerStep[op])})
	}
	ops := sortedKeys(s.Counts)
	sort.SliceStable(ops, func(i, j int) bool { return s.Counts[ops[i]] > s.Counts[ops[j]] })
	for _, op := range ops {
		counts = append(counts, kv{op, fmt.Sprint(s.Counts[op])})
	}
	for _, k := range sortedKeys(s.Statistics) {
		stats = append(stats, kv{k, format(s.Statistics[k])})
	}
	return facts, perStep, counts, s.Loop, stats
}

// sourceNote says where a record's kernel source is kept.
type sourceNote struct{ Lang, File string }

// sourceFacts describe the kernel a record came from: results files keep
// its hash, not its text.
func sourceFacts(r *record.Record) ([]kv, *sourceNote) {
	p := r.Provenance
	lang, hash, ext := "PTX", p.PTXSHA256, ".ptx"
	if p.SourceSHA256 != "" || p.Source != "" {
		lang, hash, ext = p.Source, p.SourceSHA256, ".spvasm"
		if lang == "spirv" {
			lang = "SPIR-V assembly"
		}
	}
	facts := []kv{{"Module", p.Module}, {lang + " SHA-256", hash}, {"Kernels", strings.Join(p.Kernels, ", ")}}
	if p.CompileSeconds > 0 {
		facts = append(facts, kv{"Compiled in", fmt.Sprintf("%.3f s", p.CompileSeconds)})
	}
	if p.Timing != "" {
		facts = append(facts, kv{"Timed by", p.Timing})
	}
	if !p.Time.IsZero() {
		facts = append(facts, kv{"Measured at", p.Time.UTC().Format("2006-01-02 15:04:05 UTC")})
	}
	if p.Module == "" {
		return facts, nil
	}
	return facts, &sourceNote{Lang: lang, File: p.Module + ext}
}

// others is the record's row on every column: the same quantity,
// linked, with its change from this record.
func (s *site) others(r *record.Record) []otherView {
	rw := s.rowOf[r]
	if rw == nil {
		return nil
	}
	var out []otherView
	for i, c := range s.cols {
		p := rw.Cells[i]
		o := p.TP
		if r.Quantity == record.Latency {
			o = p.Lat
		}
		if o == nil {
			continue
		}
		v := otherView{Label: c.Label(), Href: "../../" + c.page(o), This: o == r}
		v.Text = string(o.Status)
		if o.Status == record.StatusOK {
			v.Text = format(o.Value) + " " + o.Unit
			if r.Status == record.StatusOK && o != r && r.Value != 0 && o.Unit == r.Unit {
				v.Change = change((o.Value - r.Value) / r.Value)
			}
		}
		if o.Quantity == record.Curve {
			if ls := levelsOf(o); len(ls) > 0 {
				v.Text = levelsText(ls)
			}
		}
		out = append(out, v)
	}
	return out
}

// change writes a relative change: "+11.0%", "−1.8%", "±0.0%".
func change(d float64) string {
	switch p := 100 * d; {
	case p >= 0.05:
		return fmt.Sprintf("+%.1f%%", p)
	case p <= -0.05:
		return fmt.Sprintf("−%.1f%%", -p)
	}
	return "±0.0%"
}

// pointOf is an infer point.
func pointOf(bytes int64, v float64) infer.Point { return infer.Point{Bytes: float64(bytes), Value: v} }

// sortPoints orders points by footprint.
func sortPoints(ps []infer.Point) {
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].Bytes < ps[j].Bytes })
}
