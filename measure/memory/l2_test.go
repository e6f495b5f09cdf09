package memory

import (
	"testing"
)

func TestL2FootprintsAroundTheKnee(t *testing.T) {
	for _, tc := range []struct {
		name string
		knee int64
	}{
		{"H100's all-SM knee", 32<<20 + 600<<10},
		{"no knee", 0},
		{"a small L2", 2 << 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fs := L2Footprints(tc.knee)
			knee := tc.knee
			if knee <= 0 {
				knee = 32 << 20
			}
			fine := 0
			for i, f := range fs {
				if i > 0 && f <= fs[i-1] {
					t.Fatalf("footprints not rising at %d: %d after %d", i, f, fs[i-1])
				}
				if f >= knee/2 && f <= 4*knee {
					fine++
					if i > 0 && fs[i-1] >= knee/2 && float64(f)/float64(fs[i-1]) > 1.04 {
						t.Errorf("%d after %d: more than 4%% apart between half and four times the knee", f, fs[i-1])
					}
				}
			}
			if fine < 3*24 {
				t.Errorf("%d footprints between half and four times the knee, want 24 per octave", fine)
			}
			if last := fs[len(fs)-1]; last < 15*knee {
				t.Errorf("largest footprint %d, want about 16 times the knee (%d) for DRAM's plateau", last, 16*knee)
			}
		})
	}
}
