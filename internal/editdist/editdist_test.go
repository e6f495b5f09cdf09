package editdist

import "testing"

func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"", "abc", 3},
		{"abc", "", 3},
		{"OpFAdd", "OpFAdd", 0},
		{"OpFAdd2", "OpFAdd", 1},
		{"kitten", "sitting", 3},
		{"fma.rn.f32", "fma.rz.f32", 1},
		{"Exp3", "Exp2", 1},
	} {
		if got := Distance(tc.a, tc.b); got != tc.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
		if got := Distance(tc.b, tc.a); got != tc.want {
			t.Errorf("Distance(%q, %q) = %d, not symmetric", tc.b, tc.a, got)
		}
	}
}
