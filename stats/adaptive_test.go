package stats

import (
	"errors"
	"math/rand"
	"testing"
	"time"
)

func TestRepeat(t *testing.T) {
	tests := []struct {
		name      string
		u         Until
		noise     float64 // relative, uniform
		wantMin   int
		wantMax   int
		wantError bool
	}{
		{name: "steady stops soon after the minimum", u: Until{}, noise: 0.001, wantMin: 6, wantMax: 6},
		{name: "noisy runs to the maximum", u: Until{Budget: time.Hour}, noise: 0.5, wantMin: 15, wantMax: 15},
		{name: "minimum kept", u: Until{Min: 9}, noise: 0, wantMin: 9, wantMax: 9},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewSource(1))
			got, err := Repeat(tc.u, nil, func() (float64, error) { return 100 * (1 + tc.noise*(rng.Float64()-0.5)), nil })
			if err != nil {
				t.Fatal(err)
			}
			if len(got) < tc.wantMin || len(got) > tc.wantMax {
				t.Fatalf("%d samples; want %d to %d", len(got), tc.wantMin, tc.wantMax)
			}
		})
	}
}

func TestRepeatBudget(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	got, err := Repeat(Until{Max: 1000, Budget: time.Millisecond}, nil, func() (float64, error) {
		time.Sleep(200 * time.Microsecond)
		return rng.Float64(), nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) < 5 || len(got) > 100 {
		t.Fatalf("%d samples within a 1 ms budget beyond the first 5", len(got))
	}
}

func TestRepeatKeepsWhatItHad(t *testing.T) {
	boom := errors.New("boom")
	n := 0
	got, err := Repeat(Until{}, []float64{1, 2}, func() (float64, error) {
		if n++; n > 2 {
			return 0, boom
		}
		return 3, nil
	})
	if !errors.Is(err, boom) || len(got) != 4 {
		t.Fatalf("got %v, %v; want the 4 samples taken before the error, and it", got, err)
	}
}
