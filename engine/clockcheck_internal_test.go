package engine

import (
	"slices"
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/record"
)

// TestPickTakes checks how two takes of a job merge: a record under the
// clock by the same amount in both, the second after a warm-up that
// brought the clock back, is its load's clock (kept, saying so); the same
// without the clock back, or with the takes' clocks apart, is invalid;
// a record held under by a power limit is never off.
func TestPickTakes(t *testing.T) {
	const warm = 1.98e9
	at := func(hz float64, throttle ...string) record.Record {
		c := &record.Clock{Hz: hz, Source: "in-kernel"}
		if len(throttle) > 0 {
			c.After = &record.Sensors{Throttle: throttle}
		}
		return record.Record{ID: "mma/x/throughput", Status: record.StatusOK, Value: 1, Provenance: record.Provenance{Clock: c}}
	}
	for _, tt := range []struct {
		name          string
		first, second record.Record
		back          bool
		status        record.Status
		hz            float64
		note          string
	}{
		{"held by its load", at(1.70e9), at(1.71e9), true, record.StatusOK, 1.71e9, "the clock this load holds the GPU at"},
		{"clock not back", at(1.70e9), at(1.71e9), false, record.StatusInvalid, 1.71e9, ""},
		{"takes apart", at(1.20e9), at(1.70e9), true, record.StatusInvalid, 1.70e9, ""},
		{"back at the clock", at(0.90e9), at(1.97e9), true, record.StatusOK, 1.97e9, "taken again after a warm-up"},
		{"power cap", at(1.60e9, "SwPowerCap"), at(1.60e9, "SwPowerCap"), true, record.StatusOK, 1.60e9, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := pickTakes([]record.Record{tt.first}, []record.Record{tt.second}, warm, tt.back)
			if len(got) != 1 {
				t.Fatalf("%d records, want 1", len(got))
			}
			r := got[0]
			if r.Status != tt.status || RecordClockHz(r) != tt.hz {
				t.Errorf("status %s (%s) at %.0f MHz, want %s at %.0f MHz", r.Status, r.Reason, RecordClockHz(r)/1e6, tt.status, tt.hz/1e6)
			}
			if tt.note != "" && !slices.ContainsFunc(r.Warnings, func(w string) bool { return strings.Contains(w, tt.note) }) {
				t.Errorf("warnings %q lack %q", r.Warnings, tt.note)
			}
		})
	}
}

// TestNoteHeld: a record held under the warm-up clock by a power or
// thermal limit says so; one within 10%, or without a limit, does not.
func TestNoteHeld(t *testing.T) {
	recs := []record.Record{
		{Status: record.StatusOK, Provenance: record.Provenance{Clock: &record.Clock{Hz: 1.6e9, Source: "in-kernel", During: &record.Sensors{Throttle: []string{"SwPowerCap", "GpuIdle"}}}}},
		{Status: record.StatusOK, Provenance: record.Provenance{Clock: &record.Clock{Hz: 1.9e9, Source: "in-kernel", During: &record.Sensors{Throttle: []string{"SwPowerCap"}}}}},
		{Status: record.StatusOK, Provenance: record.Provenance{Clock: &record.Clock{Hz: 1.6e9, Source: "in-kernel"}}},
		{Status: record.StatusOK, Provenance: record.Provenance{Clock: &record.Clock{Hz: 1.78e9, Source: "in-kernel", Before: &record.Sensors{SMClockHz: 1.98e9}}}},
		{Status: record.StatusOK, Provenance: record.Provenance{Clock: &record.Clock{Hz: 0.9e9, Source: "in-kernel", Before: &record.Sensors{SMClockHz: 0.4e9}}}},
	}
	NoteHeld(recs, 1.98e9)
	want := []int{1, 0, 0, 1, 0}
	for i, r := range recs {
		if len(r.Warnings) != want[i] {
			t.Errorf("record %d: warnings %q, want %d", i, r.Warnings, want[i])
		}
	}
	if w := recs[0].Warnings; len(w) == 1 && !strings.Contains(w[0], "held there by the GPU's SwPowerCap under this load") {
		t.Errorf("warning %q", w[0])
	}
}
