package report

import (
	"fmt"
	"math"

	"github.com/gpuarch/gpuarch/record"
)

// spread is " ±x.x%": half the width of the 95% confidence interval of a
// repeated figure's median, relative to the median; "" for a record
// without such an interval (one sample, or runs recorded before figures
// were repeated).
func spread(r *record.Record) string {
	if r == nil || r.Summary == nil || r.Summary.Lo == nil || r.Summary.Hi == nil || r.Summary.Median == 0 {
		return ""
	}
	half := 50 * (*r.Summary.Hi - *r.Summary.Lo) / math.Abs(r.Summary.Median)
	if math.IsNaN(half) || math.IsInf(half, 0) {
		return ""
	}
	return fmt.Sprintf(" ±%.1f%%", half)
}

// spreadNote says what spread's ± means, with the range of sample counts
// of the records that have one; "" when none has.
func spreadNote(rs []*record.Record) string {
	lo, hi := 0, 0
	for _, r := range rs {
		if spread(r) == "" {
			continue
		}
		if lo == 0 || r.Summary.N < lo {
			lo = r.Summary.N
		}
		hi = max(hi, r.Summary.N)
	}
	switch {
	case lo == 0:
		return ""
	case lo == hi:
		return fmt.Sprintf("Each figure is the median of %d samples at the best shape (the sweep's own the first); ± is half its 95%% confidence interval, relative to it.", lo)
	}
	return fmt.Sprintf("Each figure is the median of %d to %d samples at the best shape (the sweep's own the first; more where the interval was wide); ± is half its 95%% confidence interval, relative to it.", lo, hi)
}
