package infer

import "testing"

func TestFindSuperadditive(t *testing.T) {
	mix := func(id string, rate float64, counts map[string]int) Mix {
		return Mix{ID: id, Counts: counts, Rate: rate}
	}
	known := []Mix{
		mix("FADD", 4, map[string]int{"FADD": 1}),                     // 0.25 a round
		mix("IMAD", 2, map[string]int{"IMAD": 1}),                     // 0.5
		mix("FADD:1+IMAD:1", 4, map[string]int{"FADD": 1, "IMAD": 1}), // 0.5
		mix("FADD:2+IMAD:1", 4, map[string]int{"FADD": 2, "IMAD": 1}), // 0.75
	}
	tests := []struct {
		name      string
		m         Mix
		wantFound bool
		wantBound float64
	}{
		// 3 instructions at 2.5 a clock: 1.2 cycles; the parts allow 0.5 + 0.5.
		{"slower than its parts", mix("FADD:1+IMAD:2", 2.5, map[string]int{"FADD": 1, "IMAD": 2}), true, 1.0},
		{"within its parts", mix("FADD:1+IMAD:2", 3, map[string]int{"FADD": 1, "IMAD": 2}), false, 0},
		{"within the tolerance", mix("FADD:1+IMAD:2", 2.95, map[string]int{"FADD": 1, "IMAD": 2}), false, 0},
		{"a multiple of a known mix", mix("IMAD:2", 1, map[string]int{"IMAD": 2}), true, 1.0},
		{"no parts measured", mix("MUFU:1+IMAD:1", 0.1, map[string]int{"MUFU": 1, "IMAD": 1}), false, 0},
		{"tightest parts kept", mix("FADD:3+IMAD:2", 2, map[string]int{"FADD": 3, "IMAD": 2}), true, 1.25},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := FindSuperadditive([]Mix{tt.m}, known, 0.03)
			if (len(got) == 1) != tt.wantFound {
				t.Fatalf("found %+v, want found %v", got, tt.wantFound)
			}
			if tt.wantFound && (got[0].Bound < tt.wantBound-1e-9 || got[0].Bound > tt.wantBound+1e-9) {
				t.Errorf("bound %.3f from %s and %s, want %.3f", got[0].Bound, got[0].Parts[0].ID, got[0].Parts[1].ID, tt.wantBound)
			}
		})
	}
}
