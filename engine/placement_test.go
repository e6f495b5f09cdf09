package engine

import (
	"strings"
	"testing"
)

// TestPlacement: a launch ran as its shape asked when every SM held the
// warps asked for, all at once; otherwise the reason names the SM.
func TestPlacement(t *testing.T) {
	w := func(sm uint32, start, end uint64) WarpRecord {
		return WarpRecord{SM: sm, StartNs: start, EndNs: end, StartCycle: start, EndCycle: end}
	}
	tests := []struct {
		name     string
		ws       []WarpRecord
		warps    int
		together bool
		want     string // a substring of the reason; "" for none
	}{
		{"two SMs, two warps each, at once", []WarpRecord{w(0, 0, 10), w(0, 1, 11), w(1, 0, 10), w(1, 2, 12)}, 2, true, ""},
		{"an SM with three warps", []WarpRecord{w(0, 0, 10), w(0, 1, 11), w(0, 1, 11), w(1, 0, 10)}, 2, true, "SM 0 ran 3 warps"},
		{"one after another on an SM", []WarpRecord{w(0, 0, 10), w(0, 11, 20), w(1, 0, 10), w(1, 0, 10)}, 2, true, "warps of SM 0 did not all run at once"},
		{"one after another, not checked", []WarpRecord{w(0, 0, 10), w(0, 11, 20)}, 2, false, ""},
		{"no SM ids, at once", []WarpRecord{w(NoSM, 0, 10), w(NoSM, 5, 15)}, 1, true, ""},
		{"no SM ids, in turn", []WarpRecord{w(NoSM, 0, 10), w(NoSM, 15, 25)}, 1, true, "warps of the device"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := placement(tc.ws, tc.warps, tc.together)
			if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
				t.Errorf("placement = %q, want %q", got, tc.want)
			}
		})
	}
}
