package stats

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestFitKnownLine(t *testing.T) {
	tests := []struct {
		name             string
		slope, intercept float64
		noise            float64 // standard deviation of added noise
		tol              float64 // allowed |slope error|
	}{
		{"exact ffma-like", 4, 37, 0, 1e-12},
		{"exact mufu-like", 23.5, 120, 0, 1e-12},
		{"noisy", 8, 50, 0.5, 0.05},
		{"large intercept", 2, 5000, 3, 0.05},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(1, 2))
			var xs, ys []float64
			for _, n := range []float64{0, 64, 128, 256, 512} {
				for range 7 {
					xs = append(xs, n)
					ys = append(ys, tc.intercept+tc.slope*n+r.NormFloat64()*tc.noise)
				}
			}
			l, err := Fit(xs, ys)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(l.Slope-tc.slope) > tc.tol {
				t.Errorf("slope = %v, want %v ± %v", l.Slope, tc.slope, tc.tol)
			}
			if math.Abs(l.Intercept-tc.intercept) > 20*tc.tol+1e-9 {
				t.Errorf("intercept = %v, want %v", l.Intercept, tc.intercept)
			}
			if tc.noise == 0 && l.RMSResidual > 1e-9 {
				t.Errorf("residual = %v on exact data", l.RMSResidual)
			}
			if tc.noise > 0 && (l.RMSResidual < tc.noise/3 || l.RMSResidual > tc.noise*3) {
				t.Errorf("residual = %v, want about %v", l.RMSResidual, tc.noise)
			}
			if l.R2 < 0.99 {
				t.Errorf("R2 = %v", l.R2)
			}
		})
	}
}

func TestFitErrors(t *testing.T) {
	tests := []struct {
		name   string
		xs, ys []float64
	}{
		{"empty", nil, nil},
		{"one point", []float64{1}, []float64{2}},
		{"mismatch", []float64{1, 2}, []float64{2}},
		{"same x", []float64{3, 3, 3}, []float64{1, 2, 3}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Fit(tc.xs, tc.ys); err == nil {
				t.Error("no error")
			}
		})
	}
}

func TestSummarize(t *testing.T) {
	tests := []struct {
		name      string
		samples   []float64
		maxSpread float64
		median    float64
		spread    float64
		warn      bool
	}{
		{"tight", []float64{100, 101, 99, 100, 100, 100, 100}, 0.05, 100, 0.02, false},
		{"wide", []float64{100, 130, 90, 100, 100, 100, 100}, 0.05, 100, 0.4, true},
		{"few samples", []float64{5, 5}, 0, 5, 0, true}, // benchmath warns: too few for a CI (NaN bounds)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Summarize(tc.samples, tc.maxSpread)
			if err != nil {
				t.Fatal(err)
			}
			if s.Median != tc.median || math.Abs(s.Spread-tc.spread) > 1e-9 {
				t.Errorf("median %v spread %v, want %v %v", s.Median, s.Spread, tc.median, tc.spread)
			}
			if (len(s.Warnings) > 0) != tc.warn {
				t.Errorf("warnings %q, want any=%v", s.Warnings, tc.warn)
			}
			if !math.IsNaN(s.Lo) && (s.Lo > s.Median || s.Hi < s.Median) {
				t.Errorf("interval [%v, %v] excludes median %v", s.Lo, s.Hi, s.Median)
			}
		})
	}
	if s, _ := Summarize([]float64{1, 2, 3}, 0); !math.IsNaN(s.Lo) || !math.IsNaN(s.Hi) {
		t.Errorf("3 samples: interval [%v, %v], want NaN (none)", s.Lo, s.Hi)
	}
	if _, err := Summarize(nil, 0); err == nil {
		t.Error("empty sample: no error")
	}
	if _, err := Summarize([]float64{1, math.NaN()}, 0); err == nil {
		t.Error("NaN sample: no error")
	}
}

func TestMedian(t *testing.T) {
	if m := Median([]float64{3, 1, 2}); m != 2 {
		t.Errorf("odd median = %v", m)
	}
	if m := Median([]float64{4, 1, 2, 3}); m != 2.5 {
		t.Errorf("even median = %v", m)
	}
	if !math.IsNaN(Median(nil)) {
		t.Error("empty median not NaN")
	}
}

func TestQuantile(t *testing.T) {
	xs := []float64{4, 1, 3, 2, 5}
	for _, tc := range []struct {
		q, want float64
	}{{0, 1}, {0.25, 2}, {0.5, 3}, {0.75, 4}, {1, 5}, {0.1, 1.4}} {
		if got := Quantile(xs, tc.q); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("Quantile(%v, %v) = %v, want %v", xs, tc.q, got, tc.want)
		}
	}
	for _, q := range []float64{-0.1, 1.1, math.NaN()} {
		if got := Quantile(xs, q); !math.IsNaN(got) {
			t.Errorf("Quantile(q=%v) = %v, want NaN", q, got)
		}
	}
	if got := Quantile(nil, 0.5); !math.IsNaN(got) {
		t.Errorf("Quantile of nothing = %v, want NaN", got)
	}
}

// RelativeNoise is the confidence interval's larger half over the median
// where one exists, the range's otherwise, and NaN where nothing can be
// said.
func TestRelativeNoise(t *testing.T) {
	many := make([]float64, 30)
	for i := range many {
		many[i] = 100 + float64(i%10) - 4.5 // 95.5 .. 104.5, median 100
	}
	for _, tc := range []struct {
		name    string
		samples []float64
		want    float64 // NaN: NaN
		tol     float64
	}{
		{"one sample", []float64{4}, math.NaN(), 0},
		{"all equal", []float64{4, 4, 4, 4, 4, 4, 4}, 0, 1e-12},
		{"three samples: the range", []float64{99, 100, 102}, 0.02, 1e-12},
		{"seven samples: the interval is the range", []float64{98, 99, 100, 100, 100, 101, 103}, 0.03, 1e-12},
		{"thirty samples: narrower than the range", many, 0.02, 0.015},
		{"median zero", []float64{-1, 0, 1}, math.NaN(), 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := RelativeNoise(tc.samples)
			if math.IsNaN(tc.want) != math.IsNaN(got) || !math.IsNaN(got) && math.Abs(got-tc.want) > tc.tol {
				t.Errorf("RelativeNoise = %v, want %v ± %v", got, tc.want, tc.tol)
			}
		})
	}
	if r := RelativeNoise(many); r >= 0.045 {
		t.Errorf("thirty samples: %v, want less than the range's half (0.045)", r)
	}
}

func TestRelativeIQR(t *testing.T) {
	if got := RelativeIQR([]float64{90, 95, 100, 105, 110}); math.Abs(got-0.10) > 1e-12 {
		t.Errorf("RelativeIQR = %v, want 0.10", got)
	}
	if got := RelativeIQR([]float64{1}); !math.IsNaN(got) {
		t.Errorf("RelativeIQR of one sample = %v, want NaN", got)
	}
}
