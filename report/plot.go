package report

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/gpuarch/gpuarch/infer"
	"github.com/gpuarch/gpuarch/measure/dispatch"
	"github.com/gpuarch/gpuarch/measure/memory"
	"github.com/gpuarch/gpuarch/record"
)

// PlotDir is the folder, beside the Markdown, that plots are written to.
const PlotDir = "plots"

// plotName is the file an occupancy record's plot is written to.
func plotName(r *record.Record) string {
	return "occupancy-" + slug(r.Subject) + ".svg"
}

// slug makes a file-name-safe form of s: letters, digits and dots, a dot
// only between two other characters (never "..", which reads as a parent
// folder, nor a leading dot, which hides the file), '_' for the rest.
func slug(s string) string {
	b := []byte(s)
	for i, c := range b {
		dot := c == '.' && i > 0 && i+1 < len(b) && b[i-1] != '.'
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || dot) {
			b[i] = '_'
		}
	}
	return string(b)
}

// palette has one color per ILP line.
var palette = []color.Color{
	color.RGBA{31, 119, 180, 255}, color.RGBA{255, 127, 14, 255}, color.RGBA{44, 160, 44, 255},
	color.RGBA{214, 39, 40, 255}, color.RGBA{148, 103, 189, 255}, color.RGBA{140, 86, 75, 255},
}

// occupancyPlot draws warp instructions per clock per SM against warps per
// SM, one line per ILP, as the seeds' four graphs do.
func occupancyPlot(r *record.Record) ([]byte, error) {
	o := r.Occup
	p := plot.New()
	p.Title.Text = r.Subject + " — throughput against occupancy"
	p.X.Label.Text = "warps per SM"
	p.Y.Label.Text = "warp instructions per clock per SM"
	p.Y.Min = 0
	p.X.Scale = plot.LogScale{}
	var ticks []plot.Tick
	for _, w := range o.WarpsPerSM {
		ticks = append(ticks, plot.Tick{Value: float64(w), Label: fmt.Sprint(w)})
	}
	p.X.Tick.Marker = plot.ConstantTicks(ticks)
	if n := len(o.WarpsPerSM); n > 0 {
		// The axis spans the grid, however few of its cells ran (a
		// log axis over one point has no extent).
		p.X.Min, p.X.Max = float64(o.WarpsPerSM[0]), float64(max(o.WarpsPerSM[n-1], o.WarpsPerSM[0]+1))
	}
	top := 0.0
	for _, row := range o.IPC {
		for _, v := range row {
			if v != nil {
				top = max(top, *v)
			}
		}
	}
	step := 1.0
	for _, s := range []float64{0.5, 0.25, 0.1, 0.05} {
		if top/s < 8 {
			step = s
		}
	}
	p.Y.Max = math.Ceil(top/step) * step
	var yt []plot.Tick
	for y := 0.0; y <= p.Y.Max+step/2; y += step {
		yt = append(yt, plot.Tick{Value: y, Label: fmt.Sprintf("%.2f", y)})
	}
	p.Y.Tick.Marker = plot.ConstantTicks(yt)
	p.Legend.Top, p.Legend.Left = false, false
	for i, ilp := range o.ILPs {
		var pts plotter.XYs
		for j, w := range o.WarpsPerSM {
			if v := o.IPC[i][j]; v != nil {
				pts = append(pts, plotter.XY{X: float64(w), Y: *v})
			}
		}
		if len(pts) == 0 {
			continue
		}
		line, points, err := plotter.NewLinePoints(pts)
		if err != nil {
			return nil, err
		}
		c := palette[i%len(palette)]
		line.Color, points.Color = c, c
		p.Add(line, points)
		p.Legend.Add(fmt.Sprintf("ILP %d", ilp), line, points)
	}
	return renderSVG(p, 7*vg.Inch, 4*vg.Inch)
}

// addCurve draws pts as a line with small round markers in color c and
// names the line in the legend.
func addCurve(p *plot.Plot, pts plotter.XYs, c color.Color, label string) error {
	line, points, err := plotter.NewLinePoints(pts)
	if err != nil {
		return err
	}
	line.Color, points.Color = c, c
	points.Shape = draw.CircleGlyph{}
	points.Radius = vg.Points(1.5)
	p.Add(line, points)
	p.Legend.Add(label, line)
	return nil
}

// Plot is one figure of a report: its file name under PlotDir and its SVG.
type Plot struct {
	Name string
	SVG  []byte
}

// WritePlots writes every plot of run into dir/plots and returns the files
// written.
func WritePlots(dir string, run *record.Run) ([]string, error) {
	plots, err := Plots(run)
	if err != nil {
		return nil, err
	}
	return SavePlots(dir, plots)
}

// SavePlots writes plots into dir/plots and returns the files written.
func SavePlots(dir string, plots []Plot) ([]string, error) {
	if len(plots) > 0 {
		if err := os.MkdirAll(filepath.Join(dir, PlotDir), 0o755); err != nil {
			return nil, err
		}
	}
	var files []string
	for _, p := range plots {
		path := filepath.Join(dir, PlotDir, p.Name)
		if err := os.WriteFile(path, p.SVG, 0o644); err != nil {
			return files, err
		}
		files = append(files, path)
	}
	return files, nil
}

// logTicks125 marks a log axis at 1, 2 and 5 times each power of ten,
// labelled, and at the other integer multiples, unlabelled: a latency
// axis from 25 to 800 cycles reads 50, 100, 200, 500, where plot.LogTicks
// labels only 100.
type logTicks125 struct{}

// Ticks implements plot.Ticker.
func (logTicks125) Ticks(lo, hi float64) []plot.Tick {
	if lo <= 0 || hi <= lo {
		return nil
	}
	// Over more than three decades 2 and 5 go unlabelled, and over more
	// than eight, every decade but each every'th, so labels never crowd.
	decades := math.Log10(hi / lo)
	every := max(1, int(math.Ceil(decades/8)))
	var ts []plot.Tick
	for e := math.Floor(math.Log10(lo)); math.Pow(10, e) <= hi; e++ {
		p := math.Pow(10, e)
		for m := 1; m <= 9; m++ {
			v := float64(m) * p
			if v < lo || v > hi {
				continue
			}
			t := plot.Tick{Value: v}
			switch {
			case m == 1 && int(e)%every == 0, (m == 2 || m == 5) && decades <= 3:
				t.Label = strconv.FormatFloat(v, 'g', -1, 64)
			case decades > 8 && m > 1:
				continue // no minor ticks over so many decades
			}
			ts = append(ts, t)
		}
	}
	return ts
}

// Plots people can read. Every figure here keeps its legend beside the
// data, never over it (renderSVG and FootprintFigure lay it out to the
// right of the plot area, in a part of the SVG of its own, class
// "legend"); marks on a curve, such as where a latency curve leaves a
// level, are labelled on the axis they mark, not in the legend; and an
// axis means one thing: a figure whose curves measure footprints of two
// kinds (each SM's own region, one buffer the whole GPU shares) draws a
// panel for each.

// LevelStep is the smallest rise between plateaus that the documents
// count as a memory level (infer.Levels' minStep).
const LevelStep = levelStep

// curveColors colour the lines of a footprint figure, one per label (ten
// before they repeat, with a dash pattern then).
var curveColors = []color.Color{
	color.RGBA{31, 119, 180, 255}, color.RGBA{255, 127, 14, 255}, color.RGBA{44, 160, 44, 255},
	color.RGBA{214, 39, 40, 255}, color.RGBA{148, 103, 189, 255}, color.RGBA{140, 86, 75, 255},
	color.RGBA{227, 119, 194, 255}, color.RGBA{127, 127, 127, 255}, color.RGBA{188, 189, 34, 255},
	color.RGBA{23, 190, 207, 255},
}

// markColor draws the marks a figure takes from elsewhere (another
// figure's knees).
var markColor = color.Gray{Y: 90}

// FootprintCurve is one line of a footprint figure: a value against
// footprint in bytes.
type FootprintCurve struct {
	Label  string
	Points []infer.Point
	// Knees are the footprints (bytes) where the curve leaves a level:
	// each is drawn as a dashed line in the curve's colour from the axis
	// up to the curve, and labelled with its size on the footprint axis.
	Knees []float64
}

// FootprintMark is a footprint marked across a whole panel, such as a
// capacity another figure detected: a dashed grey line, with Label on
// the footprint axis ("ld.ca knee 238 KiB").
type FootprintMark struct {
	Bytes float64
	Label string
}

// FootprintPanel is one panel of a footprint figure: curves whose
// footprints mean one thing, said by XLabel.
type FootprintPanel struct {
	Title, XLabel, YLabel string
	// LogY draws the values on a log axis (latencies), else a linear one
	// from 0 (bandwidths).
	LogY   bool
	Curves []FootprintCurve
	Marks  []FootprintMark
}

// Figure sizes: the data panels' total width and the height, before the
// legend beside them.
const (
	figureWidth  = 8 * vg.Inch
	figureHeight = 4.5 * vg.Inch
)

// FootprintFigure draws panels side by side on log footprint axes, with
// one legend for all of them to the right of the data (a label keeps its
// colour across panels) and each curve's knees and each mark labelled on
// its panel's footprint axis (labels that would touch go to the next row
// down). A panel without points draws empty axes. The SVG's parts carry
// classes: "plots" the panels, "legend" the legend.
func FootprintFigure(title string, panels []FootprintPanel) ([]byte, error) {
	if len(panels) == 0 {
		return nil, fmt.Errorf("footprint figure %q: no panels", title)
	}
	colors := map[string]int{}
	var labels []string
	for _, pn := range panels {
		for _, c := range pn.Curves {
			if _, ok := colors[c.Label]; !ok {
				colors[c.Label] = len(labels)
				labels = append(labels, c.Label)
			}
		}
	}
	panelWidth := figureWidth / vg.Length(len(panels))
	var plots []*plot.Plot
	knees := false
	for _, pn := range panels {
		p, hasKnees, err := footprintPanel(pn, colors, panelWidth)
		if err != nil {
			return nil, err
		}
		knees = knees || hasKnees
		if len(panels) == 1 && title != "" {
			p.Title.Text = title
			if pn.Title != "" {
				p.Title.Text += ": " + pn.Title
			}
		}
		plots = append(plots, p)
	}
	leg := plot.NewLegend()
	for _, l := range labels {
		line, points := curveStyle(colors[l])
		leg.Add(l, line, points)
	}
	if knees {
		knee := plotter.NewFunction(func(float64) float64 { return 0 })
		knee.Color, knee.Dashes = markColor, []vg.Length{vg.Points(3), vg.Points(3)}
		leg.Add("knee: where a curve leaves a level", knee)
	}
	figTitle := ""
	if len(panels) > 1 {
		figTitle = title
	}
	return composeSVG(figTitle, plots, leg, figureWidth, figureHeight)
}

// curveStyle is the line and markers of the i-th label of a figure.
func curveStyle(i int) (*plotter.Line, *plotter.Scatter) {
	c := curveColors[i%len(curveColors)]
	line := &plotter.Line{LineStyle: draw.LineStyle{Color: c, Width: vg.Points(1)}}
	if n := i / len(curveColors); n > 0 {
		line.Dashes = []vg.Length{vg.Points(float64(2 + 2*n)), vg.Points(2)}
	}
	points := &plotter.Scatter{GlyphStyleFunc: func(int) draw.GlyphStyle {
		return draw.GlyphStyle{Color: c, Radius: vg.Points(1.5), Shape: draw.CircleGlyph{}}
	}}
	return line, points
}

// footprintPanel draws one panel, and says whether it marked a knee.
func footprintPanel(pn FootprintPanel, colors map[string]int, width vg.Length) (*plot.Plot, bool, error) {
	p := plot.New()
	p.Title.Text = pn.Title
	p.X.Label.Text, p.Y.Label.Text = pn.XLabel, pn.YLabel
	p.X.Scale = plot.LogScale{}
	xlo, xhi, ylo, yhi := math.Inf(1), 0.0, math.Inf(1), 0.0
	for _, c := range pn.Curves {
		for _, q := range c.Points {
			if q.Bytes > 0 && q.Value > 0 && !math.IsInf(q.Value, 0) {
				xlo, xhi = min(xlo, q.Bytes), max(xhi, q.Bytes)
				ylo, yhi = min(ylo, q.Value), max(yhi, q.Value)
			}
		}
	}
	for _, m := range pn.Marks {
		if m.Bytes > 0 {
			xlo, xhi = min(xlo, m.Bytes), max(xhi, m.Bytes)
		}
	}
	if xhi == 0 { // nothing to draw: empty axes over a usual span
		xlo, xhi, ylo, yhi = 1<<14, 1<<32, 1, 1
	}
	p.X.Min, p.X.Max = xlo/1.25, max(xhi*1.25, xlo*2)
	if pn.LogY {
		p.Y.Scale, p.Y.Tick.Marker = plot.LogScale{}, logTicks125{}
		p.Y.Min, p.Y.Max = ylo/1.2, max(yhi*1.2, ylo*1.5)
	} else {
		p.Y.Min, p.Y.Max = 0, yhi*1.08
	}
	var axis []axisMark
	knees := false
	for _, c := range pn.Curves {
		var pts plotter.XYs
		for _, q := range c.Points {
			if q.Bytes > 0 && (q.Value > 0 || !pn.LogY) && !math.IsInf(q.Value, 0) && !math.IsNaN(q.Value) {
				pts = append(pts, plotter.XY{X: q.Bytes, Y: q.Value})
			}
		}
		if len(pts) == 0 {
			continue
		}
		line, points := curveStyle(colors[c.Label])
		line.XYs, points.XYs = pts, pts
		p.Add(line, points)
		for _, k := range c.Knees {
			if k <= 0 {
				continue
			}
			y := valueAt(pts, k)
			knee, err := plotter.NewLine(plotter.XYs{{X: k, Y: p.Y.Min}, {X: k, Y: y}})
			if err != nil {
				return nil, false, err
			}
			knee.Color, knee.Dashes = line.Color, []vg.Length{vg.Points(3), vg.Points(3)}
			p.Add(knee)
			axis = append(axis, axisMark{bytes: k, label: record.SizeString(k)})
			knees = true
		}
	}
	for _, m := range pn.Marks {
		if m.Bytes <= 0 {
			continue
		}
		mark, err := plotter.NewLine(plotter.XYs{{X: m.Bytes, Y: p.Y.Min}, {X: m.Bytes, Y: p.Y.Max}})
		if err != nil {
			return nil, false, err
		}
		mark.Color, mark.Dashes = markColor, []vg.Length{vg.Points(3), vg.Points(3)}
		p.Add(mark)
		axis = append(axis, axisMark{bytes: m.Bytes, label: m.Label})
	}
	// The data area is the panel less its value axis and padding.
	p.X.Tick.Marker = footprintTicks(p.X.Min, p.X.Max, width-vg.Points(70), p.X.Tick.Label, axis)
	if len(axis) > 0 { // room between the marks' labels and the axis's own
		p.X.Label.Padding += vg.Points(5)
	}
	return p, knees, nil
}

// valueAt is the curve's value at footprint x, interpolated on log axes
// between the points around it (the nearest end outside them).
func valueAt(pts plotter.XYs, x float64) float64 {
	if x <= pts[0].X {
		return pts[0].Y
	}
	for i := 1; i < len(pts); i++ {
		if x <= pts[i].X {
			a, b := pts[i-1], pts[i]
			t := math.Log(x/a.X) / math.Log(b.X/a.X)
			if a.Y > 0 && b.Y > 0 {
				return a.Y * math.Pow(b.Y/a.Y, t)
			}
			return a.Y + t*(b.Y-a.Y)
		}
	}
	return pts[len(pts)-1].Y
}

// axisMark is a footprint labelled on the axis.
type axisMark struct {
	bytes float64
	label string
}

// labelRoom is how much wider than measured a tick label is taken to be:
// a browser without the plot's font draws it in a wider one.
const labelRoom = 1.35

// legendRoom is labelRoom for the legend, whose longer labels ("global
// ld.cg, one load per 2 MiB page") grow more in a wider font.
const legendRoom = 1.5

// footprintTicks marks a log footprint axis from lo to hi bytes: a tick
// at every power of four, labelled as often as the labels fit
// (dataWidth long), and below those labels the marks' labels, each at its
// footprint, a row further down where it would touch another. Marks
// within 8% of each other share one label.
func footprintTicks(lo, hi float64, dataWidth vg.Length, sty text.Style, marks []axisMark) plot.ConstantTicks {
	octaves := math.Log2(hi / lo)
	perOctave := float64(dataWidth) / max(octaves, 1)
	width := func(s string) float64 {
		r := sty.Rectangle(s)
		return labelRoom * float64(r.Max.X-r.Min.X)
	}
	// Labels every 2, 4, 6... octaves, whichever first leaves room for
	// the widest ("256 KiB").
	step := 2
	for float64(step)*perOctave < width("256 KiB")+6 && step < 16 {
		step += 2
	}
	var ticks []plot.Tick
	for e := int(math.Ceil(math.Log2(lo))); float64(e) <= math.Log2(hi); e++ {
		if e%2 != 0 {
			continue
		}
		v := math.Exp2(float64(e))
		t := plot.Tick{Value: v}
		if e%step == 0 {
			t.Label = record.SizeString(v)
		}
		ticks = append(ticks, t)
	}
	sort.SliceStable(marks, func(i, j int) bool { return marks[i].bytes < marks[j].bytes })
	var merged []axisMark
	for _, m := range marks {
		if n := len(merged); n > 0 && m.bytes <= merged[n-1].bytes*1.08 && (m.label == merged[n-1].label || m.label == record.SizeString(m.bytes)) {
			continue
		}
		merged = append(merged, m)
	}
	// Rows of mark labels: each row's rightmost edge so far, in points
	// from lo.
	var rows []float64
	for _, m := range merged {
		x := math.Log2(m.bytes/lo) * perOctave
		w := width(m.label)
		row := 0
		for ; row < len(rows); row++ {
			if x-w/2 > rows[row]+4 {
				break
			}
		}
		if row == len(rows) {
			rows = append(rows, 0)
		}
		rows[row] = x + w/2
		ticks = append(ticks, plot.Tick{Value: m.bytes, Label: strings.Repeat("\n", row+1) + m.label})
	}
	return plot.ConstantTicks(ticks)
}

// renderSVG draws p as an SVG document, its plot area width by height,
// with p's legend, where it has one, beside the data rather than over it.
func renderSVG(p *plot.Plot, width, height vg.Length) ([]byte, error) {
	leg := p.Legend
	p.Legend = plot.NewLegend()
	return composeSVG("", []*plot.Plot{p}, leg, width, height)
}

// composeSVG draws plots side by side (aligned, width in all) under
// title, and the legend to their right, each part an SVG of its own
// nested in one document: the plots class "plots", the legend class
// "legend". The document grows to hold a legend taller than height.
func composeSVG(title string, plots []*plot.Plot, leg plot.Legend, width, height vg.Length) ([]byte, error) {
	// Entries half a line apart: a browser without the plot's font sets
	// taller lines than it measures.
	leg.Top, leg.Left, leg.Padding = true, true, vg.Points(6)
	lr := leg.Rectangle(draw.Canvas{})
	legendWidth, titleHeight := vg.Length(0), vg.Length(0)
	if lr.Max.X > lr.Min.X {
		legendWidth = vg.Length(legendRoom)*(lr.Max.X-lr.Min.X) + vg.Points(16)
		height = max(height, lr.Max.Y-lr.Min.Y+vg.Points(40))
	}
	if title != "" {
		titleHeight = vg.Points(20)
	}
	for _, p := range plots {
		// Room between the axes' labels and their ticks' labels, which a
		// browser without the plot's font draws larger than measured.
		p.X.Label.Padding += vg.Points(4)
		p.Y.Label.Padding += vg.Points(6)
	}
	body := vgsvg.New(width, height-titleHeight)
	dc := draw.New(body)
	if len(plots) == 1 {
		plots[0].Draw(dc)
	} else {
		tiles := draw.Tiles{Rows: 1, Cols: len(plots), PadX: vg.Points(12)}
		canvases := plot.Align([][]*plot.Plot{plots}, tiles, dc)
		for i, p := range plots {
			p.Draw(canvases[0][i])
		}
	}
	var parts []svgPart
	if title != "" {
		t := vgsvg.New(width, titleHeight)
		tc := draw.New(t)
		sty := plot.New().Title.TextStyle
		sty.XAlign, sty.YAlign = draw.XCenter, draw.YCenter
		tc.FillText(sty, vg.Point{X: width / 2, Y: titleHeight / 2}, title)
		parts = append(parts, svgPart{"title", 0, 0, width, titleHeight, t})
	}
	parts = append(parts, svgPart{"plots", 0, titleHeight, width, height - titleHeight, body})
	if legendWidth > 0 {
		l := vgsvg.New(legendWidth, height)
		lc := draw.New(l)
		// The legend starts level with the plots' data, below their
		// titles.
		leg.YOffs = -titleHeight - vg.Points(24)
		leg.XOffs = vg.Points(8)
		leg.Draw(lc)
		parts = append(parts, svgPart{"legend", width, 0, legendWidth, height, l})
	}
	return nestSVG(width+legendWidth, height, parts)
}

// svgPart is one part of a composed SVG: its class, where it sits and its
// own drawing.
type svgPart struct {
	class      string
	x, y, w, h vg.Length
	c          *vgsvg.Canvas
}

// nestSVG writes parts as nested <svg> elements of one document, w by h
// points.
func nestSVG(w, h vg.Length, parts []svgPart) ([]byte, error) {
	num := func(l vg.Length) string { return strconv.FormatFloat(l.Points(), 'g', 5, 64) }
	var b bytes.Buffer
	fmt.Fprintf(&b, "<?xml version=\"1.0\"?>\n<!-- Generated by SVGo and Plotinum VG, laid out by gpuarch -->\n<svg width=\"%spt\" height=\"%spt\" viewBox=\"0 0 %s %s\"\n\txmlns=\"http://www.w3.org/2000/svg\"\n\txmlns:xlink=\"http://www.w3.org/1999/xlink\">\n",
		num(w), num(h), num(w), num(h))
	for _, p := range parts {
		var doc bytes.Buffer
		if _, err := p.c.WriteTo(&doc); err != nil {
			return nil, err
		}
		s := doc.String()
		// The part's own <svg ...> opening tag gives way to ours.
		open := strings.Index(s, "<svg")
		end := strings.Index(s[max(open, 0):], ">")
		last := strings.LastIndex(s, "</svg>")
		if open < 0 || end < 0 || last < open {
			return nil, fmt.Errorf("plot: the SVG writer's output has no <svg> element")
		}
		// overflow: a label a browser draws wider than measured (without
		// the plot's font) is not cut off at its part's edge.
		fmt.Fprintf(&b, "<svg class=\"%s\" x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" viewBox=\"0 0 %s %s\" overflow=\"visible\">",
			p.class, num(p.x), num(p.y), num(p.w), num(p.h), num(p.w), num(p.h))
		b.WriteString(s[open+end+1 : last])
		b.WriteString("</svg>\n")
	}
	b.WriteString("</svg>\n")
	return b.Bytes(), nil
}

// Plots draws every plot of run.
func Plots(run *record.Run) ([]Plot, error) {
	var out []Plot
	for i := range run.Records {
		r := &run.Records[i]
		if r.Quantity != record.Occupancy || r.Status != record.StatusOK || r.Occup == nil {
			continue
		}
		svg, err := occupancyPlot(r)
		if err != nil {
			return out, fmt.Errorf("plot %s: %w", r.ID, err)
		}
		out = append(out, Plot{plotName(r), svg})
	}
	for _, r := range dispatchRecords(run, dispatch.GroupDispatch) {
		if r.Status != record.StatusOK || r.Dispatch == nil || len(r.Dispatch.Trace) == 0 {
			continue
		}
		svg, err := timelinePlot(r)
		if err != nil {
			return out, fmt.Errorf("plot %s: %w", r.ID, err)
		}
		out = append(out, Plot{timelinePlotName(r), svg})
	}
	if curves := latencyCurves(run); len(curves) > 0 {
		main, carve := splitCarveout(curves)
		for _, c := range []struct {
			name, title string
			curves      []*record.Record
		}{{latencyPlotName, "Load latency against footprint", main}, {carveoutPlotName, "The L1 chase at each carve-out", carve}} {
			if len(c.curves) == 0 {
				continue
			}
			svg, err := FootprintFigure(c.title, []FootprintPanel{LatencyPanel("", c.curves, func(r *record.Record) string { return r.Subject })})
			if err != nil {
				return out, fmt.Errorf("latency plot: %w", err)
			}
			out = append(out, Plot{c.name, svg})
		}
	}
	if curves := bandwidthCurves(run); len(curves) > 0 {
		svg, err := FootprintFigure("Read bandwidth against footprint", bandwidthPanels(curves, latencyCurves(run)))
		if err != nil {
			return out, fmt.Errorf("bandwidth plot: %w", err)
		}
		out = append(out, Plot{bandwidthPlotName, svg})
	}
	more, err := asyncPlots(run)
	return append(out, more...), err
}

// LatencyPanel is a panel of latency curves (memory records of quantity
// curve), each labelled by label and its knees detected as the document
// detects them.
func LatencyPanel(title string, curves []*record.Record, label func(*record.Record) string) FootprintPanel {
	pn := FootprintPanel{Title: title, XLabel: "footprint (bytes)", YLabel: "cycles per dependent load", LogY: true}
	for _, r := range curves {
		if r.Curve == nil {
			continue
		}
		c := FootprintCurve{Label: label(r), Points: curvePoints(r)}
		if levels, err := infer.Levels(c.Points, levelStep); err == nil {
			for _, l := range levels {
				if l.Capacity > 0 {
					c.Knees = append(c.Knees, l.Capacity)
				}
			}
		}
		pn.Curves = append(pn.Curves, c)
	}
	return pn
}

// PerSMFootprint says whether a bandwidth record's footprint is each
// SM's own region ("ld.ca 32768 bytes per SM": every SM streams a region
// that large) rather than one buffer the whole GPU shares.
func PerSMFootprint(r *record.Record) bool {
	return strings.HasSuffix(r.Subject, memory.PerSMSuffix) || strings.Contains(r.Note, "its own region")
}

// Panels of bandwidth against footprint, by what a footprint means.
const (
	perSMTitle  = "each SM streams its own region"
	sharedTitle = "one buffer all SMs share"
	perSMAxis   = "footprint per SM (bytes)"
	sharedAxis  = "footprint, whole GPU (bytes)"
	bwAxis      = "bytes per clock per SM"
)

// BandwidthPanels are the panels of bandwidth curves: one of curves over
// each SM's own region (perSM), one over a buffer the whole GPU shares
// (shared), those without curves left out.
func BandwidthPanels(perSM, shared []FootprintCurve) []FootprintPanel {
	var out []FootprintPanel
	if len(perSM) > 0 {
		out = append(out, FootprintPanel{Title: perSMTitle, XLabel: perSMAxis, YLabel: bwAxis, Curves: perSM})
	}
	if len(shared) > 0 {
		out = append(out, FootprintPanel{Title: sharedTitle, XLabel: sharedAxis, YLabel: bwAxis, Curves: shared})
	}
	return out
}

// bandwidthPanels draws a run's bandwidth curves by what their footprint
// means, with the capacities the latency chases found marked where they
// mean the same: the L1's (global ld.ca's first knee, a per-SM size) over
// the per-SM regions, the L2's and beyond (global ld.cg's knees, sizes of
// what all SMs share) over the shared buffer.
func bandwidthPanels(curves []*bwCurve, latency []*record.Record) []FootprintPanel {
	var perSM, shared []FootprintCurve
	for _, c := range curves {
		fc := FootprintCurve{Label: c.path}
		for _, q := range c.points {
			fc.Points = append(fc.Points, infer.Point{Bytes: float64(q.Bytes), Value: q.Value})
		}
		if len(c.recs) > 0 && PerSMFootprint(firstRecord(c.recs)) || strings.Contains(c.note, "its own region") {
			perSM = append(perSM, fc)
		} else {
			shared = append(shared, fc)
		}
	}
	panels := BandwidthPanels(perSM, shared)
	for i := range panels {
		own := panels[i].Title == perSMTitle
		for _, r := range latency {
			levels, err := infer.Levels(curvePoints(r), levelStep)
			if err != nil || len(levels) < 2 {
				continue
			}
			switch {
			case own && r.Subject == memory.PathL1 && levels[0].Capacity > 0:
				panels[i].Marks = append(panels[i].Marks, FootprintMark{levels[0].Capacity, "ld.ca knee " + record.SizeString(levels[0].Capacity)})
			case !own && r.Subject == memory.PathL2:
				for _, l := range levels {
					if l.Capacity > 0 {
						panels[i].Marks = append(panels[i].Marks, FootprintMark{l.Capacity, "ld.cg knee " + record.SizeString(l.Capacity)})
					}
				}
			}
		}
	}
	if len(panels) == 0 { // every point failed: empty axes say so
		panels = []FootprintPanel{{Title: sharedTitle, XLabel: sharedAxis, YLabel: bwAxis}}
	}
	return panels
}

// firstRecord is the record of a curve's smallest footprint.
func firstRecord(recs map[int64]*record.Record) *record.Record {
	var best int64 = -1
	for b := range recs {
		if best < 0 || b < best {
			best = b
		}
	}
	return recs[best]
}
