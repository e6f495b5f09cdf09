package report

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/record"
)

// curveRun is a run whose ld.cg bandwidth curve ran each footprint at the
// SM clock given (Hz), all streaming 3000 GB/s.
func curveRun(warm float64, clocks map[int64]float64) *record.Run {
	run := &record.Run{Warmup: &record.Clock{Hz: warm}}
	for _, bytes := range []int64{64 << 20, 512 << 20, 1 << 30} {
		hz := clocks[bytes]
		perSec := 3000e9
		run.Records = append(run.Records, record.Record{
			ID: fmt.Sprintf("memory/bandwidth curve/ld.cg %d bytes", bytes), Suite: "memory", Group: "bandwidth curve",
			Subject: fmt.Sprintf("ld.cg %d bytes", bytes), Quantity: record.Curve, Status: record.StatusOK,
			Value:   perSec / 132 / hz,
			Curve:   &record.CurveDetail{Path: "ld.cg", ClockHz: hz, Points: []record.CurvePoint{{Bytes: bytes, Value: perSec / 132 / hz}}},
			Through: &record.ThroughputDetail{ResultsPerSecond: perSec},
		})
	}
	return run
}

// A curve point whose kernel ran well under the warm-up clock is marked,
// and the table says why its bytes per clock rose; points at the warm-up
// clock say nothing.
func TestBandwidthCurveClock(t *testing.T) {
	for _, tc := range []struct {
		name   string
		clocks map[int64]float64
		want   []string
		absent []string
	}{
		{"steady clock", map[int64]float64{64 << 20: 1980e6, 512 << 20: 1975e6, 1 << 30: 1980e6},
			[]string{"| Footprint | Bytes/clk/SM | GB/s | Clock (MHz) |", "| 512 MiB | [11.5](", ") | 3000 | 1975 |"},
			[]string{"**", "points ran at an SM clock"}},
		{"clock fell on the large footprints", map[int64]float64{64 << 20: 1980e6, 512 << 20: 1485e6, 1 << 30: 1125e6},
			[]string{"| 64 MiB | [11.5](", "| 512 MiB | [15.3](", "| 1 GiB | [20.2](", ") | 3000 | 1980 |", ") | 3000 | **1485** |", ") | 3000 | **1125** |",
				"2 of these 3 points ran at an SM clock under 90% of the warm-up's 1980 MHz (**bold**; down to 1125 MHz)", "compare those points by GB/s"},
			nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			writeBandwidthCurves(&b, curveRun(1980e6, tc.clocks))
			got := b.String()
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("lacks %q:\n%s", w, got)
				}
			}
			for _, w := range tc.absent {
				if strings.Contains(got, w) {
					t.Errorf("holds %q:\n%s", w, got)
				}
			}
		})
	}
}
