package pipes

import "testing"

// TestIDs pins the builders to IDs of the recorded runs (results/): a
// builder that changed would rename recorded records.
func TestIDs(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{OccupancyID("add.rn.f32"), "pipes/add.rn.f32/occupancy"},
		{OccupancyID(OperandsSubject("x*y+z (3 registers)")), "pipes/fma.rn.f32 x*y+z (3 registers)/occupancy"},
		{MixID("FFMA:1+FADD:3"), "pipes/mix/FFMA:1+FADD:3"},
		{MixName("FFMA:1"), "mix/FFMA:1"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
