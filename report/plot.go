package report

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/gpuarch/gpuarch/record"
)

// PlotDir is the folder, beside the Markdown, that plots are written to.
const PlotDir = "plots"

// plotName is the file an occupancy record's plot is written to.
func plotName(r *record.Record) string {
	return "occupancy-" + slug(r.Subject) + ".svg"
}

// slug makes a file-name-safe form of s.
func slug(s string) string {
	b := []byte(s)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.') {
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

// renderSVG draws p as an SVG document of the given size.
func renderSVG(p *plot.Plot, width, height vg.Length) ([]byte, error) {
	w, err := p.WriterTo(width, height, "svg")
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if _, err := w.WriteTo(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
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
	for _, r := range dispatchRecords(run, "dispatch") {
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
			svg, err := latencyPlot(c.curves, c.title)
			if err != nil {
				return out, fmt.Errorf("latency plot: %w", err)
			}
			out = append(out, Plot{c.name, svg})
		}
	}
	if curves := bandwidthCurves(run); len(curves) > 0 {
		svg, err := bandwidthPlot(curves, latencyCurves(run))
		if err != nil {
			return out, fmt.Errorf("bandwidth plot: %w", err)
		}
		out = append(out, Plot{bandwidthPlotName, svg})
	}
	more, err := asyncPlots(run)
	return append(out, more...), err
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
	var ts []plot.Tick
	for e := math.Floor(math.Log10(lo)); math.Pow(10, e) <= hi; e++ {
		p := math.Pow(10, e)
		for m := 1; m <= 9; m++ {
			v := float64(m) * p
			if v < lo || v > hi {
				continue
			}
			t := plot.Tick{Value: v}
			if m == 1 || m == 2 || m == 5 {
				t.Label = strconv.FormatFloat(v, 'g', -1, 64)
			}
			ts = append(ts, t)
		}
	}
	return ts
}
