package memory

import (
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/record"
)

// A chase point whose own cycles over nanoseconds put it well off the
// warm-up clock is named in the record's warning; points near it, points
// without a clock and runs without a warm-up say nothing.
func TestOffClock(t *testing.T) {
	pt := func(bytes int64, hz float64) record.CurvePoint { return record.CurvePoint{Bytes: bytes, ClockHz: hz} }
	for _, tc := range []struct {
		name string
		pts  []record.CurvePoint
		warm float64
		want []string // "" for no warning
	}{
		{"steady", []record.CurvePoint{pt(1<<20, 1975e6), pt(2<<20, 1980e6), pt(4<<20, 0)}, 1980e6, nil},
		{"no warm-up", []record.CurvePoint{pt(1<<20, 900e6)}, 0, nil},
		{"one SM at a lowered clock", []record.CurvePoint{pt(1<<20, 1500e6), pt(2<<20, 1455e6), pt(64<<20, 1980e6)}, 1980e6,
			[]string{"warm-up's 1980 MHz by more than 10% at 1 MiB, 2 MiB (1455–1500 MHz", "the L2, DRAM"}},
		{"many points", []record.CurvePoint{pt(1<<20, 900e6), pt(2<<20, 900e6), pt(3<<20, 900e6), pt(4<<20, 900e6), pt(5<<20, 900e6), pt(6<<20, 900e6), pt(7<<20, 900e6)}, 1980e6,
			[]string{"at 1 MiB, 2 MiB, 3 MiB, … (7 in all) …, 7 MiB (900 MHz"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := offClock(tc.pts, tc.warm)
			if len(tc.want) == 0 {
				if got != "" {
					t.Fatalf("warned %q", got)
				}
				return
			}
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("warning %q lacks %q", got, w)
				}
			}
		})
	}
}
