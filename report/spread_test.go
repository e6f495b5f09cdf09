package report

import (
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/record"
)

func TestSpread(t *testing.T) {
	lo, hi := 99.0, 101.0
	repeated := &record.Record{Value: 100, Summary: &record.Summary{N: 6, Median: 100, Lo: &lo, Hi: &hi}}
	one := &record.Record{Value: 100}
	if got := spread(repeated); got != " ±1.0%" {
		t.Errorf("spread = %q; want ±1.0%%", got)
	}
	if got := spread(one); got != "" {
		t.Errorf("a single sample's spread = %q; want none", got)
	}
	if got := spreadNote([]*record.Record{one}); got != "" {
		t.Errorf("note without repeated figures: %q", got)
	}
	if got := spreadNote([]*record.Record{one, repeated}); !strings.Contains(got, "median of 6 samples") {
		t.Errorf("note = %q", got)
	}
}
