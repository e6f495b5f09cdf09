package site

import (
	"fmt"
	"html/template"
	"math"
	"strconv"
	"strings"
)

// A chart is a small line plot for a record's page: a few series of
// points, written as compact SVG (a record's page holds one or two, and a
// site thousands of pages, so gonum's SVG, ten times the size, is kept
// for the figures the memory page and the documents draw). Its legend
// sits to the right of the data, never over it; the data and the legend
// are groups of classes "data" and "legend".
type chart struct {
	Title, XLabel, YLabel string
	LogX, LogY            bool
	// ZeroY starts a linear value axis at 0.
	ZeroY  bool
	Series []series
}

// series is one line of a chart; Dashed draws it dashed without markers
// (a fit), Points markers without a line.
type series struct {
	Label          string
	X, Y           []float64
	Dashed, Points bool
}

// chartColors are the series' colours (as report's footprint figures).
var chartColors = []string{"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"}

// Chart geometry, in SVG user units (CSS pixels at 100%).
const (
	chartW, chartH          = 520.0, 280.0
	padL, padR, padT, padB  = 64.0, 12.0, 28.0, 46.0
	legendGap, legendEntryH = 16.0, 18.0
	charWidth               = 7.2 // a generous width of a 12px character
)

// svg writes the chart, escaping every label.
func (c chart) svg() template.HTML {
	xlo, xhi, ylo, yhi := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	n := 0
	for _, s := range c.Series {
		for i := range s.X {
			x, y := s.X[i], s.Y[i]
			if !finite(x) || !finite(y) || c.LogX && x <= 0 || c.LogY && y <= 0 {
				continue
			}
			xlo, xhi, ylo, yhi = math.Min(xlo, x), math.Max(xhi, x), math.Min(ylo, y), math.Max(yhi, y)
			n++
		}
	}
	if n == 0 {
		return ""
	}
	if c.ZeroY && !c.LogY {
		ylo = math.Min(0, ylo)
	}
	if xhi == xlo {
		xlo, xhi = pad(xlo, c.LogX)
	}
	if yhi == ylo {
		ylo, yhi = pad(ylo, c.LogY)
	}
	if !c.LogY {
		yhi += (yhi - ylo) * 0.05
	}
	legendW := 0.0
	for _, s := range c.Series {
		legendW = math.Max(legendW, 34+charWidth*float64(len([]rune(s.Label))))
	}
	if len(c.Series) < 2 && c.Series[0].Label == "" {
		legendW = 0
	}
	width := chartW + legendW
	if legendW > 0 {
		width += legendGap
	}
	height := math.Max(chartH, padT+legendEntryH*float64(len(c.Series))+8)
	x0, x1, y0, y1 := padL, chartW-padR, height-padB, padT
	sx := scale(xlo, xhi, x0, x1, c.LogX)
	sy := scale(ylo, yhi, y0, y1, c.LogY)

	var b strings.Builder
	e := template.HTMLEscapeString
	fmt.Fprintf(&b, `<svg class="chart" viewBox="0 0 %s %s" width="%s" height="%s" role="img" aria-label="%s"><title>%s</title>`,
		num(width), num(height), num(width), num(height), e(c.Title), e(c.Title))
	fmt.Fprintf(&b, `<text x="%s" y="16" text-anchor="middle" class="t">%s</text>`, num((x0+x1)/2), e(c.Title))
	// Axes, ticks and labels.
	fmt.Fprintf(&b, `<g class="axes"><path d="M%s %sH%sM%s %sV%s"/>`, num(x0), num(y0), num(x1), num(x0), num(y0), num(y1))
	for _, t := range ticks(xlo, xhi, c.LogX, 8) {
		x := sx(t)
		fmt.Fprintf(&b, `<path d="M%s %sv5"/><text x="%s" y="%s" text-anchor="middle">%s</text>`, num(x), num(y0), num(x), num(y0+17), e(tickLabel(t)))
	}
	yticks := ticks(ylo, yhi, c.LogY, 6)
	if c.LogY {
		yticks = decimalTicks(ylo, yhi)
	}
	for _, t := range yticks {
		y := sy(t)
		fmt.Fprintf(&b, `<path d="M%s %sh-5"/><text x="%s" y="%s" text-anchor="end">%s</text>`, num(x0), num(y), num(x0-8), num(y+4), e(tickLabel(t)))
	}
	fmt.Fprintf(&b, `<text x="%s" y="%s" text-anchor="middle">%s</text>`, num((x0+x1)/2), num(height-8), e(c.XLabel))
	fmt.Fprintf(&b, `<text transform="translate(14 %s) rotate(-90)" text-anchor="middle">%s</text></g>`, num((y0+y1)/2), e(c.YLabel))
	// Data.
	b.WriteString(`<g class="data">`)
	for i, s := range c.Series {
		col := chartColors[i%len(chartColors)]
		var d strings.Builder
		var marks strings.Builder
		for j := range s.X {
			x, y := s.X[j], s.Y[j]
			if !finite(x) || !finite(y) || c.LogX && x <= 0 || c.LogY && y <= 0 {
				continue
			}
			if d.Len() == 0 {
				d.WriteByte('M')
			} else {
				d.WriteByte('L')
			}
			px, py := num(sx(x)), num(sy(y))
			d.WriteString(px + " " + py)
			if !s.Dashed {
				fmt.Fprintf(&marks, `<circle cx="%s" cy="%s" r="2.2"/>`, px, py)
			}
		}
		if d.Len() == 0 {
			continue
		}
		switch {
		case s.Points:
			fmt.Fprintf(&b, `<g fill="%s">%s</g>`, col, marks.String())
		case s.Dashed:
			fmt.Fprintf(&b, `<path d="%s" fill="none" stroke="%s" stroke-dasharray="4 3"/>`, d.String(), col)
		default:
			fmt.Fprintf(&b, `<path d="%s" fill="none" stroke="%s"/><g fill="%s">%s</g>`, d.String(), col, col, marks.String())
		}
	}
	b.WriteString(`</g>`)
	if legendW > 0 {
		lx := chartW + legendGap
		b.WriteString(`<g class="legend">`)
		for i, s := range c.Series {
			col := chartColors[i%len(chartColors)]
			y := padT + legendEntryH*float64(i) + 6
			dash := ""
			if s.Dashed {
				dash = ` stroke-dasharray="4 3"`
			}
			if s.Points {
				fmt.Fprintf(&b, `<circle cx="%s" cy="%s" r="3" fill="%s"/>`, num(lx+11), num(y), col)
			} else {
				fmt.Fprintf(&b, `<path d="M%s %sh22" stroke="%s"%s/>`, num(lx), num(y), col, dash)
			}
			fmt.Fprintf(&b, `<text x="%s" y="%s">%s</text>`, num(lx+28), num(y+4), e(s.Label))
		}
		b.WriteString(`</g>`)
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// pad widens a one-value range.
func pad(v float64, log bool) (float64, float64) {
	if log {
		return v / 2, v * 2
	}
	if v == 0 {
		return 0, 1
	}
	return v - math.Abs(v)*0.5, v + math.Abs(v)*0.5
}

// scale maps [lo, hi] onto [a, b], logarithmically where log.
func scale(lo, hi, a, b float64, log bool) func(float64) float64 {
	if log {
		l, h := math.Log(lo), math.Log(hi)
		return func(v float64) float64 { return a + (math.Log(v)-l)/(h-l)*(b-a) }
	}
	return func(v float64) float64 { return a + (v-lo)/(hi-lo)*(b-a) }
}

// ticks are at most about n round values in [lo, hi]: powers of two
// (then four, sixteen) on a log axis, 1-2-5 steps on a linear one.
func ticks(lo, hi float64, log bool, n int) []float64 {
	var out []float64
	if log {
		a, b := math.Ceil(math.Log2(lo)-1e-9), math.Floor(math.Log2(hi)+1e-9)
		step := 1.0
		for (b-a)/step+1 > float64(n) {
			step *= 2
		}
		for e := math.Ceil(a/step) * step; e <= b; e += step {
			out = append(out, math.Exp2(e))
		}
		return out
	}
	span := hi - lo
	raw := span / float64(n)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := mag
	for _, m := range []float64{1, 2, 5, 10} {
		if m*mag >= raw {
			step = m * mag
			break
		}
	}
	for v := math.Ceil(lo/step) * step; v <= hi+step*1e-9; v += step {
		out = append(out, v)
	}
	return out
}

// decimalTicks mark a log axis of values (not sizes) at 1, 2 and 5 times
// the powers of ten in [lo, hi], or every integer multiple where those
// are fewer than three, or only the powers where they are more than ten.
func decimalTicks(lo, hi float64) []float64 {
	pick := func(ms []float64) []float64 {
		var out []float64
		for e := math.Floor(math.Log10(lo)); math.Pow(10, e) <= hi; e++ {
			for _, m := range ms {
				if v := m * math.Pow(10, e); v >= lo*(1-1e-9) && v <= hi*(1+1e-9) {
					out = append(out, v)
				}
			}
		}
		return out
	}
	out := pick([]float64{1, 2, 5})
	switch {
	case len(out) < 3:
		out = pick([]float64{1, 2, 3, 4, 5, 6, 7, 8, 9})
	case len(out) > 10:
		out = pick([]float64{1})
	}
	return out
}

// tickLabel writes a tick's value: binary sizes for powers of two from
// 1024, else a short number.
func tickLabel(v float64) string {
	if v >= 1024 && v == math.Exp2(math.Round(math.Log2(v))) {
		switch {
		case v >= 1<<30:
			return strconv.FormatFloat(v/(1<<30), 'g', 4, 64) + " Gi"
		case v >= 1<<20:
			return strconv.FormatFloat(v/(1<<20), 'g', 4, 64) + " Mi"
		default:
			return strconv.FormatFloat(v/(1<<10), 'g', 4, 64) + " Ki"
		}
	}
	return strconv.FormatFloat(v, 'g', 4, 64)
}

// num writes a coordinate.
func num(v float64) string { return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64) }
