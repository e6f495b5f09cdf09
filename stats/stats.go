// Package stats holds the estimators gpuarch reports numbers with: a
// least-squares line over chain lengths (slope = cost per step, intercept =
// fixed overhead) and sample summaries (median, a distribution-free
// confidence interval, relative spread).
//
// Opinions, as benchstat has them: raw samples are kept by the caller and
// summaries are derived from them; the center is the median, not the mean,
// because a shared GPU produces outliers on one side only; the confidence
// interval makes no normality assumption (golang.org/x/perf/benchmath's
// AssumeNothing); problems are returned as warnings beside the numbers, not
// as errors.
package stats

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"golang.org/x/perf/benchmath"
)

// Confidence is the confidence level of reported intervals.
const Confidence = 0.95

// Summary describes a sample of repeated measurements in their own unit.
type Summary struct {
	N      int     `json:"n"`
	Median float64 `json:"median"`
	// Lo and Hi bound the confidence interval of the median at the level
	// Confidence; both are NaN when the sample is too small to give one
	// (Warnings says so).
	Lo  float64 `json:"lo"`
	Hi  float64 `json:"hi"`
	Min float64 `json:"min"`
	Max float64 `json:"max"`
	// Spread is (Max-Min)/|Median|: 0.02 means the slowest and fastest
	// repeats lie 2% apart.
	Spread   float64  `json:"spread"`
	Warnings []string `json:"warnings,omitempty"`
}

// ErrEmpty is returned when there is nothing to summarise or fit.
var ErrEmpty = errors.New("no samples")

// Summarize computes a Summary. maxSpread > 0 adds a warning when the
// relative spread exceeds it.
func Summarize(samples []float64, maxSpread float64) (Summary, error) {
	if len(samples) == 0 {
		return Summary{}, ErrEmpty
	}
	for _, v := range samples {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return Summary{}, fmt.Errorf("sample %v is not a finite number", v)
		}
	}
	s := benchmath.NewSample(slices.Clone(samples), &benchmath.DefaultThresholds)
	sum := benchmath.AssumeNothing.Summary(s, Confidence)
	out := Summary{
		N:      len(samples),
		Median: sum.Center,
		Lo:     sum.Lo,
		Hi:     sum.Hi,
		Min:    s.Values[0],
		Max:    s.Values[len(s.Values)-1],
	}
	if math.IsInf(out.Lo, 0) || math.IsInf(out.Hi, 0) || math.IsNaN(out.Lo) || math.IsNaN(out.Hi) {
		out.Lo, out.Hi = math.NaN(), math.NaN()
	}
	if out.Median != 0 {
		out.Spread = (out.Max - out.Min) / math.Abs(out.Median)
	}
	for _, w := range append(s.Warnings, sum.Warnings...) {
		out.Warnings = append(out.Warnings, w.Error())
	}
	if maxSpread > 0 && out.Spread > maxSpread {
		out.Warnings = append(out.Warnings, fmt.Sprintf("spread %.1f%% exceeds %.1f%%", 100*out.Spread, 100*maxSpread))
	}
	return out, nil
}

// Median returns the median of xs (NaN for an empty slice).
func Median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// Mean returns the arithmetic mean of xs (NaN for an empty slice).
func Mean(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// Line is a least-squares fit y = Intercept + Slope*x.
type Line struct {
	Slope     float64 `json:"slope"`
	Intercept float64 `json:"intercept"`
	// RMSResidual is the root mean square of y - fit(y), in y's unit.
	RMSResidual float64 `json:"rms_residual"`
	// R2 is the coefficient of determination (1 for a perfect line).
	R2 float64 `json:"r2"`
	// MaxRelResidual is the largest |y - fit(y)| / |y| over the points with
	// y != 0: how far the worst point strays, relative to its size.
	MaxRelResidual float64 `json:"max_rel_residual"`
}

// Fit fits a line to the points by ordinary least squares. It needs at least
// two distinct x values.
func Fit(xs, ys []float64) (Line, error) {
	if len(xs) != len(ys) {
		return Line{}, fmt.Errorf("fit: %d x values but %d y values", len(xs), len(ys))
	}
	n := float64(len(xs))
	if len(xs) < 2 {
		return Line{}, fmt.Errorf("fit: %w: need at least 2 points, have %d", ErrEmpty, len(xs))
	}
	var mx, my float64
	for i := range xs {
		mx += xs[i]
		my += ys[i]
	}
	mx /= n
	my /= n
	var sxx, sxy, syy float64
	for i := range xs {
		dx, dy := xs[i]-mx, ys[i]-my
		sxx += dx * dx
		sxy += dx * dy
		syy += dy * dy
	}
	if sxx == 0 {
		return Line{}, errors.New("fit: all x values are equal")
	}
	l := Line{Slope: sxy / sxx}
	l.Intercept = my - l.Slope*mx
	var sse float64
	for i := range xs {
		r := ys[i] - (l.Intercept + l.Slope*xs[i])
		sse += r * r
		if ys[i] != 0 {
			l.MaxRelResidual = math.Max(l.MaxRelResidual, math.Abs(r/ys[i]))
		}
	}
	l.RMSResidual = math.Sqrt(sse / n)
	if syy > 0 {
		l.R2 = 1 - sse/syy
	} else {
		l.R2 = 1
	}
	return l, nil
}

// Quantile returns the q-quantile (0 <= q <= 1) of xs, interpolating
// linearly between order statistics (R's type 7, NumPy's default); NaN for
// an empty slice or a q outside [0, 1].
func Quantile(xs []float64, q float64) float64 {
	if len(xs) == 0 || q < 0 || q > 1 || math.IsNaN(q) {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	h := q * float64(len(s)-1)
	i := int(math.Floor(h))
	if i >= len(s)-1 {
		return s[len(s)-1]
	}
	return s[i] + (h-float64(i))*(s[i+1]-s[i])
}

// RelativeNoise is how far the median of samples can be trusted, relative
// to its size: the larger distance from the median to an end of its
// distribution-free confidence interval at level Confidence, over
// |median|. With 6 to 8 samples that interval at 95% is the samples'
// whole range, and with 2 to 5 none exists (the median cannot be bounded
// at 95% by so few): there the whole range stands in for it, the interval
// the next few samples would give. 0 when every sample is equal; NaN for
// fewer than 2 samples, a median of 0 or a sample that is not finite.
func RelativeNoise(samples []float64) float64 {
	if len(samples) < 2 {
		return math.NaN()
	}
	s, err := Summarize(samples, 0)
	if err != nil || s.Median == 0 {
		return math.NaN()
	}
	lo, hi := s.Lo, s.Hi
	if math.IsNaN(lo) || math.IsNaN(hi) {
		lo, hi = s.Min, s.Max
	}
	return math.Max(s.Median-lo, hi-s.Median) / math.Abs(s.Median)
}

// RelativeIQR is the samples' interquartile range (Quantile 0.75 less
// 0.25) over |median|: the spread of their middle half. NaN for fewer than
// 2 samples or a median of 0.
func RelativeIQR(samples []float64) float64 {
	m := Median(samples)
	if len(samples) < 2 || m == 0 {
		return math.NaN()
	}
	return (Quantile(samples, 0.75) - Quantile(samples, 0.25)) / math.Abs(m)
}
