package pipes

import (
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/kernel"
)

func TestFirstJobs(t *testing.T) {
	tests := []struct {
		isa  string
		want []string
		not  []string
	}{
		{kernel.ISAPTX, []string{"pipes/fma.rn.f32/occupancy", "pipes/mad.lo.s64/occupancy", "pipes/mix/FFMA:1", "pipes/mix/MUFU:1",
			"pipes/fma.rn.f32 x*x+c (1 register, immediate)/occupancy"}, nil},
		// SPIR-V: the entries with a PTX counterpart, classes named by
		// operation; no operand forms (PTX operand syntax).
		{kernel.ISASPIRV, []string{"pipes/Fma.f32/occupancy", "pipes/OpIMul+OpIAdd.u32/occupancy", "pipes/Fma.f16x2/occupancy",
			"pipes/mix/fma.f32:1", "pipes/mix/exp2.f32:1", "pipes/mix/mad.lo.i32:1"},
			[]string{"pipes/mix/FFMA:1", "pipes/fma.rn.f32/occupancy"}},
	}
	for _, tc := range tests {
		t.Run(tc.isa, func(t *testing.T) {
			jobs, err := FirstJobs(tc.isa)
			if err != nil {
				t.Fatal(err)
			}
			keys := map[string]bool{}
			for _, j := range jobs {
				if keys[j.Key] {
					t.Errorf("duplicate key %s", j.Key)
				}
				keys[j.Key] = true
			}
			for _, want := range tc.want {
				if !keys[want] {
					t.Errorf("no job %s", want)
				}
			}
			for _, not := range tc.not {
				if keys[not] {
					t.Errorf("job %s in the %s plan", not, tc.isa)
				}
			}
		})
	}
}

func TestBalanced(t *testing.T) {
	tests := []struct {
		ra, rb float64
		na, nb int
	}{
		{4, 4, 1, 1}, {4, 2, 2, 1}, {2, 4, 1, 2}, {4, 0.5, 8, 1}, {4, 0.1, 8, 1}, {0.5, 2, 1, 4}, {3, 2, 2, 1},
	}
	for _, tc := range tests {
		if na, nb := Balanced(tc.ra, tc.rb); na != tc.na || nb != tc.nb {
			t.Errorf("Balanced(%v, %v) = %d:%d, want %d:%d", tc.ra, tc.rb, na, nb, tc.na, tc.nb)
		}
	}
}

func TestMixJobs(t *testing.T) {
	solo := map[string]float64{}
	for _, c := range Classes(kernel.ISAPTX) {
		solo[c] = 2
	}
	solo["FFMA"], solo["MUFU"] = 4, 0.5
	delete(solo, "POPC") // not measured: left out
	jobs, err := MixJobs(kernel.ISAPTX, solo)
	if err != nil {
		t.Fatal(err)
	}
	n := len(Classes(kernel.ISAPTX)) - 1
	pairs, held := 0, 0
	keys := map[string]bool{}
	for _, j := range jobs {
		if keys[j.Key] {
			t.Errorf("duplicate key %s", j.Key)
		}
		keys[j.Key] = true
		if strings.Contains(j.Key, "POPC") {
			t.Errorf("%s uses an unmeasured class", j.Key)
		}
	}
	for k := range keys {
		if strings.Count(k, "+") == 1 {
			pairs++
		} else {
			held++
		}
	}
	if pairs != 3*n*(n-1)/2 {
		t.Errorf("%d two-class mixes, want %d (two ratios learnt from and one held out for every pair)", pairs, 3*n*(n-1)/2)
	}
	for _, want := range []string{"pipes/mix/FFMA:8+MUFU:1", "pipes/mix/FFMA:1+MUFU:1", "pipes/mix/FFMA:1+MUFU:2", "pipes/mix/FFMA:2+IMAD:1", "pipes/mix/IMAD:1+LOP3:1", "pipes/mix/IMAD:1+LOP3:3", "pipes/mix/IMAD:3+LOP3:1"} {
		if !keys[want] {
			t.Errorf("no job %s", want)
		}
	}
	if held == 0 {
		t.Error("no triples")
	}
}

func TestOtherRatios(t *testing.T) {
	tests := []struct {
		na, nb         int
		sa, sb, ha, hb int
	}{
		{1, 1, 1, 3, 3, 1},
		{2, 1, 1, 1, 1, 2},
		{8, 1, 1, 1, 1, 2},
		{1, 4, 1, 1, 2, 1},
	}
	for _, tc := range tests {
		sa, sb, ha, hb := OtherRatios(tc.na, tc.nb)
		if sa != tc.sa || sb != tc.sb || ha != tc.ha || hb != tc.hb {
			t.Errorf("OtherRatios(%d, %d) = %d:%d, %d:%d; want %d:%d, %d:%d", tc.na, tc.nb, sa, sb, ha, hb, tc.sa, tc.sb, tc.ha, tc.hb)
		}
		if sa*tc.nb == sb*tc.na || ha*tc.nb == hb*tc.na || ha*sb == hb*sa {
			t.Errorf("OtherRatios(%d, %d): ratios repeat", tc.na, tc.nb)
		}
	}
}

// TestMixJobsSPIRV: the SPIR-V plan mixes the classes by operation, and
// its triples keep only those whose classes it has.
func TestMixJobsSPIRV(t *testing.T) {
	solo := map[string]float64{}
	for _, c := range Classes(kernel.ISASPIRV) {
		solo[c] = 2
	}
	jobs, err := MixJobs(kernel.ISASPIRV, solo)
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]bool{}
	for _, j := range jobs {
		keys[j.Key] = true
	}
	for _, want := range []string{"pipes/mix/fma.f32:1+mad.lo.i32:1", "pipes/mix/fma.f32:1+fma.f64:1+exp2.f32:1"} {
		if !keys[want] {
			t.Errorf("no job %s in %d", want, len(keys))
		}
	}
	for k := range keys {
		if strings.Contains(k, "LOP3") || strings.Contains(k, "FFMA") {
			t.Errorf("%s: a PTX class in the SPIR-V plan", k)
		}
	}
}
