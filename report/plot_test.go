package report

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/gpuarch/gpuarch/infer"
	"github.com/gpuarch/gpuarch/record"
)

// twoLevels is a latency curve: 30 cycles to 64 KiB, then 300.
func twoLevels() []infer.Point {
	var pts []infer.Point
	for b := 1024.0; b <= 1<<24; b *= 2 {
		v := 30.0
		if b > 1<<16 {
			v = 300
		}
		pts = append(pts, infer.Point{Bytes: b, Value: v})
	}
	return pts
}

// part is a nested <svg> of a composed figure: its class and box.
var part = regexp.MustCompile(`<svg class="(\w+)" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"`)

type box struct{ x, y, w, h float64 }

func parts(t *testing.T, svg []byte) map[string]box {
	t.Helper()
	out := map[string]box{}
	for _, m := range part.FindAllStringSubmatch(string(svg), -1) {
		var v [4]float64
		for i := range v {
			v[i], _ = strconv.ParseFloat(m[i+2], 64)
		}
		out[m[1]] = box{v[0], v[1], v[2], v[3]}
	}
	return out
}

// The legend is a part of its own to the right of the plots, and knees
// are labelled on the footprint axis, not in the legend.
func TestFootprintFigureLayout(t *testing.T) {
	svg, err := FootprintFigure("Load latency against footprint", []FootprintPanel{{XLabel: "footprint (bytes)", YLabel: "cycles", LogY: true,
		Curves: []FootprintCurve{{Label: "global ld.ca", Points: twoLevels(), Knees: []float64{64 << 10}}, {Label: "shared", Points: twoLevels()[:6]}}}})
	if err != nil {
		t.Fatal(err)
	}
	p := parts(t, svg)
	plots, legend := p["plots"], p["legend"]
	if plots.w == 0 || legend.w == 0 {
		t.Fatalf("parts %v, want plots and legend", p)
	}
	if legend.x < plots.x+plots.w {
		t.Errorf("the legend (x %v) starts inside the plots (to %v)", legend.x, plots.x+plots.w)
	}
	s := string(svg)
	legendPart := s[strings.Index(s, `class="legend"`):]
	for _, want := range []string{"global ld.ca", "shared", "knee: where a curve leaves a level"} {
		if !strings.Contains(legendPart, ">"+want+"<") {
			t.Errorf("the legend lacks %q", want)
		}
	}
	plotPart := s[strings.Index(s, `class="plots"`):strings.Index(s, `class="legend"`)]
	if !strings.Contains(plotPart, ">64 KiB<") {
		t.Error("the knee at 64 KiB is not labelled on the axis")
	}
	if strings.Contains(legendPart, "KiB") {
		t.Error("the legend names a knee's size")
	}
}

// A bandwidth figure draws a panel per kind of footprint, each with its
// own axis, and marks each capacity only where its meaning is the axis's.
func TestBandwidthPanels(t *testing.T) {
	run := &record.Run{Records: []record.Record{
		{ID: "memory/latency/global ld.ca", Suite: "memory", Group: "latency", Subject: "global ld.ca", Quantity: record.Curve, Status: record.StatusOK, Curve: curveOf(twoLevels())},
		{ID: "memory/latency/global ld.cg", Suite: "memory", Group: "latency", Subject: "global ld.cg", Quantity: record.Curve, Status: record.StatusOK, Curve: curveOf(twoLevels())},
	}}
	for i, b := range []int64{1 << 15, 1 << 16, 1 << 18} {
		run.Records = append(run.Records,
			record.Record{ID: "memory/bandwidth curve/ld.ca " + strconv.Itoa(i), Suite: "memory", Group: "bandwidth curve", Subject: "ld.ca " + strconv.FormatInt(b, 10) + " bytes per SM",
				Note: "each SM streams its own region", Quantity: record.Throughput, Status: record.StatusOK, Curve: &record.CurveDetail{Points: []record.CurvePoint{{Bytes: b, Value: 100}}}},
			record.Record{ID: "memory/bandwidth curve/ld.cg " + strconv.Itoa(i), Suite: "memory", Group: "bandwidth curve", Subject: "ld.cg " + strconv.FormatInt(b<<8, 10) + " bytes",
				Note: "one buffer shared by all SMs", Quantity: record.Throughput, Status: record.StatusOK, Curve: &record.CurveDetail{Points: []record.CurvePoint{{Bytes: b << 8, Value: 30}}}})
	}
	panels := bandwidthPanels(bandwidthCurves(run), latencyCurves(run))
	if len(panels) != 2 {
		t.Fatalf("%d panels, want one per kind of footprint", len(panels))
	}
	if panels[0].XLabel == panels[1].XLabel || !strings.Contains(panels[0].XLabel, "per SM") || !strings.Contains(panels[1].XLabel, "whole GPU") {
		t.Errorf("axes %q and %q", panels[0].XLabel, panels[1].XLabel)
	}
	if len(panels[0].Curves) != 1 || panels[0].Curves[0].Label != "ld.ca" || len(panels[1].Curves) != 1 || panels[1].Curves[0].Label != "ld.cg" {
		t.Errorf("curves %+v / %+v", panels[0].Curves, panels[1].Curves)
	}
	if len(panels[0].Marks) != 1 || !strings.HasPrefix(panels[0].Marks[0].Label, "ld.ca knee") || len(panels[1].Marks) != 1 || !strings.HasPrefix(panels[1].Marks[0].Label, "ld.cg knee") {
		t.Errorf("marks %+v / %+v", panels[0].Marks, panels[1].Marks)
	}
	svg, err := FootprintFigure("Read bandwidth against footprint", panels)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "bandwidth.svg", svg)
}

func curveOf(pts []infer.Point) *record.CurveDetail {
	c := &record.CurveDetail{}
	for _, p := range pts {
		c.Points = append(c.Points, record.CurvePoint{Bytes: int64(p.Bytes), Value: p.Value})
	}
	return c
}

// Labels of marks that would touch go to rows further down; no two in a
// row overlap.
func TestFootprintTicksStagger(t *testing.T) {
	sty := plot.New().X.Tick.Label
	marks := []axisMark{{30 << 20, "28.9 MiB"}, {35 << 20, "34.7 MiB"}, {66 << 20, "65.9 MiB"}, {94 << 20, "94.3 MiB"}, {238 << 10, "238 KiB"}, {240 << 10, "238 KiB"}}
	lo, hi, width := 256.0, float64(1<<36), 7*vg.Inch
	ticks := footprintTicks(lo, hi, width, sty, marks)
	perOctave := float64(width) / math.Log2(hi/lo)
	type span struct{ from, to float64 }
	rows := map[int][]span{}
	n := 0
	for _, tk := range ticks.Ticks(lo, hi) {
		if tk.Label == "" {
			continue
		}
		row := strings.Count(tk.Label, "\n")
		text := strings.TrimLeft(tk.Label, "\n")
		if row == 0 {
			continue
		}
		n++
		r := sty.Rectangle(text)
		x := math.Log2(tk.Value/lo) * perOctave
		w := float64(r.Max.X - r.Min.X)
		for _, s := range rows[row] {
			if x-w/2 < s.to && s.from < x+w/2 {
				t.Errorf("%q overlaps another label in row %d", text, row)
			}
		}
		rows[row] = append(rows[row], span{x - w/2, x + w/2})
	}
	if n != 5 {
		t.Errorf("%d mark labels, want 5 (two marks 1%% apart share one)", n)
	}
	if len(rows) < 2 {
		t.Errorf("marks 20%% apart were not staggered: rows %v", rows)
	}
}

// A log axis over fourteen decades labels few ticks.
func TestLogTicksSparse(t *testing.T) {
	labelled := 0
	for _, tk := range (logTicks125{}).Ticks(5, 5e14) {
		if tk.Label != "" {
			labelled++
		}
	}
	if labelled > 8 {
		t.Errorf("%d labels over 14 decades", labelled)
	}
	var got []string
	for _, tk := range (logTicks125{}).Ticks(25, 800) {
		if tk.Label != "" {
			got = append(got, tk.Label)
		}
	}
	if strings.Join(got, " ") != "50 100 200 500" {
		t.Errorf("labels from 25 to 800: %v", got)
	}
}

func TestFootprintFigureEscapesLabels(t *testing.T) {
	const s = "<script>alert(1)</script>"
	svg, err := FootprintFigure(s, []FootprintPanel{{Title: s, XLabel: s, YLabel: s, Curves: []FootprintCurve{{Label: s, Points: twoLevels(), Knees: []float64{1 << 16}}},
		Marks: []FootprintMark{{1 << 20, s}}}, {Title: s, Curves: []FootprintCurve{{Label: s + "2", Points: twoLevels()}}}})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(svg), "<script") || !strings.Contains(string(svg), "&lt;script&gt;") {
		t.Error("a label is not escaped text")
	}
	if m := foreignMarkup(string(svg)); m != "" {
		t.Errorf("the figure holds %s", m)
	}
}
