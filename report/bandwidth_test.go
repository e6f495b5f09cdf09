package report

import (
	"fmt"
	"math"
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

// A latency level whose chases ran off the warm-up clock says so, and its
// nanoseconds use the clock its chases ran at.
func TestLatencyLevelClock(t *testing.T) {
	var pts []record.CurvePoint
	for i := range 12 {
		bytes := int64(math.Round((1 << 20) * math.Pow(2, float64(i)/2))) // 1 MiB to 45 MiB, half-octave steps
		v, hz := 210.0, 1.5e9
		if bytes > 8<<20 {
			v, hz = 650, 1.98e9
		}
		pts = append(pts, record.CurvePoint{Bytes: bytes, Value: v, Min: v, Max: v, ClockHz: hz})
	}
	run := &record.Run{Warmup: &record.Clock{Hz: 1.98e9}, Records: []record.Record{{
		ID: "memory/latency/global ld.cg, one SM", Suite: "memory", Group: "latency", Subject: "global ld.cg, one SM",
		Quantity: record.Curve, Status: record.StatusOK, Unit: "cycles per load", Value: 210,
		Curve: &record.CurveDetail{Path: "global ld.cg, one SM", ClockHz: 1.98e9, Points: pts},
	}}}
	var b strings.Builder
	writeMemory(&b, run, nil)
	got := b.String()
	for _, w := range []string{
		"| 140 |", // 210 cycles at 1500 MHz
		"ran at an SM clock of 1500 MHz, not the warm-up's 1980 MHz",
	} {
		if !strings.Contains(got, w) {
			t.Errorf("lacks %q:\n%s", w, got)
		}
	}
	if n := strings.Count(got, "ran at an SM clock of"); n != 1 {
		t.Errorf("%d levels flagged, want the first only:\n%s", n, got)
	}
}

// The document's header counts the records whose kernels ran off the
// warm-up clock, by suite; a run whose warm-up clock could not be
// measured (lavapipe's clock kernel does not spin) says nothing.
func TestClockSpread(t *testing.T) {
	rec := func(suite string, hz float64) record.Record {
		return record.Record{Suite: suite, Status: record.StatusOK, Provenance: record.Provenance{Clock: &record.Clock{Hz: hz}}}
	}
	recs := []record.Record{rec("alu", 1980e6), rec("alu", 1975e6), rec("memory", 345e6), rec("memory", 630e6), rec("mma", 1500e6),
		{Suite: "memory", Status: record.StatusFailed, Provenance: record.Provenance{Clock: &record.Clock{Hz: 100e6}}}}
	for _, tc := range []struct {
		name, source string
		want         string
	}{
		{"measured", "the subgroup clock over the device clock, one subgroup spinning 2000 µs on each of 132 SMs (median)",
			"within 10% of the warm-up's in 2 of 5 records; the others, by suite: memory 2 (345–630 MHz), mma 1 (1500–1500 MHz)."},
		{"no spin", "the subgroup clock over the device clock in one subgroup on each of 2 CPU threads (median), over 55 ns: the kernel did not spin the 2000 µs asked", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := clockSpread(&record.Run{Warmup: &record.Clock{Hz: 1980e6, Source: tc.source}, Records: recs})
			if tc.want == "" && got != "" || !strings.HasPrefix(got, tc.want) {
				t.Errorf("got %q, want it to start %q", got, tc.want)
			}
		})
	}
}
