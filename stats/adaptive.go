package stats

import (
	"fmt"
	"math"
	"time"
)

// Until says when repeated measurements of one quantity are enough: at
// least Min samples, then more until the median's confidence interval
// (at the level Confidence) is no wider than RelWidth of the median, or
// Max samples have been taken, or Budget has passed since the first
// sample after the first Min. Zero fields take DefaultUntil's.
type Until struct {
	Min, Max int
	// RelWidth is the widest interval, Hi-Lo over |median|, that stops
	// the repetition (0.02: the median is known to within about ±1%).
	RelWidth float64
	// Budget bounds the time spent on samples beyond Min.
	Budget time.Duration
}

// DefaultUntil is what a figure gets unless it asks otherwise: 5 samples
// at least (a distribution-free interval of the median at 95% needs 6),
// at most 15, until the interval is within 2% of the median, at most
// a quarter of a second beyond the first 5.
var DefaultUntil = Until{Min: 5, Max: 15, RelWidth: 0.02, Budget: 250 * time.Millisecond}

func (u Until) withDefaults() Until {
	d := DefaultUntil
	if u.Min <= 0 {
		u.Min = d.Min
	}
	if u.Max <= 0 {
		u.Max = max(d.Max, u.Min)
	}
	u.Max = max(u.Max, u.Min)
	if u.RelWidth <= 0 {
		u.RelWidth = d.RelWidth
	}
	if u.Budget <= 0 {
		u.Budget = d.Budget
	}
	return u
}

// RelWidthOrDefault is u.RelWidth, or DefaultUntil's when it is unset.
func (u Until) RelWidthOrDefault() float64 { return u.withDefaults().RelWidth }

// MinOrDefault is u.Min, or DefaultUntil's when it is unset: the fewest
// samples any figure is given.
func (u Until) MinOrDefault() int { return u.withDefaults().Min }

// MaxOrDefault is u.Max, or DefaultUntil's when it is unset.
func (u Until) MaxOrDefault() int { return u.withDefaults().Max }

// Narrow reports whether samples' median is known to within relWidth:
// its confidence interval exists and is no wider than relWidth of the
// median.
func Narrow(samples []float64, relWidth float64) bool {
	s, err := Summarize(samples, 0)
	if err != nil || math.IsNaN(s.Lo) || math.IsNaN(s.Hi) {
		return false
	}
	if s.Median == 0 {
		return s.Hi == s.Lo
	}
	return (s.Hi-s.Lo)/math.Abs(s.Median) <= relWidth
}

// Repeat takes samples with take, after those already in have, until u
// says they are enough (see Until), and returns them all. An error from
// take ends the repetition: the samples so far come back with it. A take
// that returns a value that is not a finite number is an error too.
func Repeat(u Until, have []float64, take func() (float64, error)) ([]float64, error) {
	u = u.withDefaults()
	samples := have
	var start time.Time
	for len(samples) < u.Max {
		if len(samples) >= u.Min {
			if start.IsZero() {
				start = time.Now()
			}
			if Narrow(samples, u.RelWidth) || time.Since(start) >= u.Budget {
				break
			}
		}
		v, err := take()
		if err != nil {
			return samples, err
		}
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return samples, fmt.Errorf("sample %d is not a finite number (%v)", len(samples)+1, v)
		}
		samples = append(samples, v)
	}
	return samples, nil
}
