package engine_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gpuarch/gpuarch/backend/sim"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/record"
)

// warmsBack is the simulated GPU whose clock a warm-up kernel sets to
// back (where back is above 0): a clock that fell while the GPU idled.
type warmsBack struct {
	*sim.GPU
	back float64
}

func (g *warmsBack) Compile(ctx context.Context, name, source string) (engine.Program, error) {
	p, err := g.GPU.Compile(ctx, name, source)
	if err != nil {
		return nil, err
	}
	return warmsBackProgram{p, g}, nil
}

type warmsBackProgram struct {
	engine.Program
	g *warmsBack
}

func (p warmsBackProgram) Launch(ctx context.Context, kernel string, grid engine.Grid, timeout time.Duration, args ...any) error {
	if kernel == "gpuarch_warmup" && p.g.back > 0 {
		p.g.ClockHz = p.g.back
	}
	return p.Program.Launch(ctx, kernel, grid, timeout, args...)
}

// TestClockCheck: a job whose records ran off the warm-up clock is taken
// again after a warm-up; a record still off then is invalid, saying so,
// with its value and clock kept; one at the clock is left alone.
func TestClockCheck(t *testing.T) {
	tests := []struct {
		name      string
		ran, back float64 // the clock after the warm-up, and what a warm-up brings back
		again     bool
		status    record.Status
		warning   string
	}{
		{"at the clock", 1.98e9, 0, false, record.StatusOK, ""},
		{"back after a warm-up", 0.9e9, 1.98e9, true, record.StatusOK, "taken again after a warm-up: the first take ran at 900 MHz, 55% under the warm-up's 1980 MHz"},
		{"off in both takes", 0.9e9, 0, true, record.StatusInvalid, ""},
		{"within 10%", 1.85e9, 0, false, record.StatusOK, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := &warmsBack{GPU: sim.New()}
			var lines []string
			r := &engine.Runner{GPU: g, Config: testConfig(), Progress: func(s string) { lines = append(lines, s) }}
			if _, err := r.Warmup(context.Background(), 0, 10*time.Millisecond); err != nil {
				t.Fatal(err)
			}
			g.ClockHz, g.back = tc.ran, tc.back
			var recs []record.Record
			if err := r.Run(context.Background(), []engine.Job{engine.ChainJob(fmaSpec())}, func(rec record.Record) { recs = append(recs, rec) }); err != nil {
				t.Fatal(err)
			}
			again := slices.ContainsFunc(lines, func(s string) bool { return strings.HasPrefix(s, "clock check:") })
			if again != tc.again {
				t.Errorf("taken again: %v, want %v (%q)", again, tc.again, lines)
			}
			if len(recs) != 2 {
				t.Fatalf("got %d records, want a latency and a throughput", len(recs))
			}
			for _, rec := range recs {
				if rec.Status != tc.status {
					t.Errorf("%s: status %s (%s), want %s", rec.ID, rec.Status, rec.Reason, tc.status)
				}
				if rec.Value <= 0 || engine.RecordClockHz(rec) <= 0 {
					t.Errorf("%s: value %g at %g Hz: the measurement must stay in the record", rec.ID, rec.Value, engine.RecordClockHz(rec))
				}
				if tc.status == record.StatusInvalid && !strings.HasPrefix(rec.Reason, engine.OffClockReason+": ran at 900 MHz, 55% under the warm-up's 1980 MHz") {
					t.Errorf("%s: reason %q", rec.ID, rec.Reason)
				}
				if tc.warning != "" && !slices.Contains(rec.Warnings, tc.warning) {
					t.Errorf("%s: warnings %q, want %q", rec.ID, rec.Warnings, tc.warning)
				}
			}
		})
	}
}

// TestOffClockRecord: only measured records with an in-kernel clock are
// checked.
func TestOffClockRecord(t *testing.T) {
	clk := func(hz float64, src string) record.Provenance {
		return record.Provenance{Clock: &record.Clock{Hz: hz, Source: src}}
	}
	capped := func(hz float64, reason string) record.Provenance {
		return record.Provenance{Clock: &record.Clock{Hz: hz, Source: "in-kernel", After: &record.Sensors{Throttle: []string{reason}}}}
	}
	tests := []struct {
		name string
		rec  record.Record
		want bool
	}{
		{"under", record.Record{Status: record.StatusOK, Provenance: clk(1.7e9, "in-kernel")}, true},
		{"over", record.Record{Status: record.StatusOK, Provenance: clk(2.2e9, "in-kernel")}, true},
		{"within", record.Record{Status: record.StatusOK, Provenance: clk(1.8e9, "in-kernel")}, false},
		{"skipped", record.Record{Status: record.StatusSkipped, Provenance: clk(0.3e9, "in-kernel")}, false},
		{"no clock", record.Record{Status: record.StatusOK}, false},
		{"timestamps", record.Record{Status: record.StatusOK, Provenance: clk(0.3e9, record.ClockNotInKernel+": NVML")}, false},
		{"under, at the power cap", record.Record{Status: record.StatusOK, Provenance: capped(1.6e9, "SwPowerCap")}, false},
		{"under, a thermal limit", record.Record{Status: record.StatusOK, Provenance: capped(1.6e9, "HwThermalSlowdown")}, false},
		{"under, idle", record.Record{Status: record.StatusOK, Provenance: capped(0.8e9, "GpuIdle")}, true},
		{"over, at the power cap", record.Record{Status: record.StatusOK, Provenance: capped(2.3e9, "SwPowerCap")}, true},
		{"under, its load on a warm GPU", record.Record{Status: record.StatusOK, Provenance: record.Provenance{Clock: &record.Clock{Hz: 1.78e9 - 1e7, Source: "inside the matrix kernel", Before: &record.Sensors{SMClockHz: 1.98e9}}}}, false},
		{"under, started on an idle GPU", record.Record{Status: record.StatusOK, Provenance: record.Provenance{Clock: &record.Clock{Hz: 0.93e9, Source: "in-kernel", Before: &record.Sensors{SMClockHz: 0.405e9}}}}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			why, off := engine.OffClockRecord(tc.rec, 1.98e9)
			if off != tc.want || off != (why != "") {
				t.Errorf("off %v (%q), want %v", off, why, tc.want)
			}
		})
	}
}
