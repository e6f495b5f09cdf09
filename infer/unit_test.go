package infer

import (
	"math/rand/v2"
	"testing"
)

// unitCurve is the useful bandwidth of a level that moves unit-byte
// blocks at peak bytes per clock, for 4-byte lanes at each spacing.
func unitCurve(unit int, peak, noise float64, r *rand.Rand, spacings ...int) []SpacingPoint {
	var ps []SpacingPoint
	for _, s := range spacings {
		cost := float64(min(s, unit)) / 4 // units' bytes per useful byte
		ps = append(ps, SpacingPoint{Spacing: s, Value: peak / cost * (1 + noise*r.NormFloat64())})
	}
	return ps
}

func TestTransferUnit(t *testing.T) {
	all := []int{4, 8, 16, 32, 64, 128, 256}
	r := rand.New(rand.NewPCG(1, 2))
	tests := []struct {
		name     string
		points   []SpacingPoint
		want     int
		resolved bool
	}{
		{"32-byte sectors", unitCurve(32, 36, 0, r, all...), 32, true},
		{"32-byte sectors, 3% noise", unitCurve(32, 36, 0.03, r, all...), 32, true},
		{"64-byte units", unitCurve(64, 18, 0.02, r, all...), 64, true},
		{"128-byte lines", unitCurve(128, 100, 0.02, r, all...), 128, true},
		{"still falling", unitCurve(512, 100, 0, r, all...), 0, false},
		{"never falls", unitCurve(4, 100, 0.01, r, all...), 0, false},
		{"gap in the sweep", unitCurve(32, 36, 0, r, 4, 8, 16, 32, 128, 256), 32, true},
		{"unit inside a gap", unitCurve(64, 36, 0, r, 4, 8, 16, 32, 256), 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			u, err := TransferUnit(tc.points)
			if err != nil {
				t.Fatal(err)
			}
			if u.Bytes != tc.want || u.Resolved != tc.resolved {
				t.Errorf("unit %d resolved %v (ratios %s, %s); want %d, %v", u.Bytes, u.Resolved, RatioString(u.Ratios), u.Note, tc.want, tc.resolved)
			}
			if !u.Resolved && u.Note == "" {
				t.Error("unresolved without a reason")
			}
		})
	}
}

func TestTransferUnitErrors(t *testing.T) {
	if _, err := TransferUnit([]SpacingPoint{{4, 1}, {8, 1}}); err == nil {
		t.Error("two points accepted")
	}
	if _, err := TransferUnit([]SpacingPoint{{4, 1}, {8, 0}, {16, 1}}); err == nil {
		t.Error("a zero bandwidth accepted")
	}
	if _, err := TransferUnit([]SpacingPoint{{4, 1}, {4, 1}, {16, 1}}); err == nil {
		t.Error("a repeated spacing accepted")
	}
}
