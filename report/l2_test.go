package report

import (
	"testing"

	"github.com/gpuarch/gpuarch/infer"
)

func TestOneSML2(t *testing.T) {
	lv := func(v, capacity float64) infer.Level {
		return infer.Level{Value: v, Capacity: capacity, To: capacity, Points: 5, Resolved: true}
	}
	for _, tc := range []struct {
		name     string
		levels   []infer.Level
		capacity float64 // 0: no L2 read
		l2Levels int
	}{
		{"near, far, DRAM", []infer.Level{lv(270, 24<<20), lv(420, 48<<20), lv(650, 0)}, 48 << 20, 2},
		{"one L2 level", []infer.Level{lv(270, 50<<20), lv(650, 0)}, 50 << 20, 1},
		{"levels rise and fall (a CPU)", []infer.Level{lv(63, 70<<10), lv(100, 97<<10), lv(63, 111<<10), lv(66, 0)}, 0, 0},
		{"DRAM only", []infer.Level{lv(650, 0)}, 0, 0},
		{"last L2 level of two points", []infer.Level{lv(270, 24<<20), {Value: 420, Capacity: 48 << 20, Points: 2}, lv(650, 0)}, 0, 0},
		{"last L2 level drifting (unresolved)", []infer.Level{lv(270, 24<<20), {Value: 420, Capacity: 48 << 20, To: 48 << 20, Points: 17}, lv(650, 0)}, 48 << 20, 2},
		{"a two-point level between near and far", []infer.Level{lv(273, 26<<20), {Value: 355, Capacity: 31 << 20, Points: 2}, lv(457, 48<<20), lv(631, 0)}, 48 << 20, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := oneSML2(tc.levels, nil)
			if tc.capacity == 0 {
				if got != nil {
					t.Fatalf("read an L2 of %v bytes, want none", got.capacity)
				}
				return
			}
			if got == nil || got.capacity != tc.capacity || len(got.levels) != tc.l2Levels {
				t.Fatalf("got %+v, want capacity %v over %d levels", got, tc.capacity, tc.l2Levels)
			}
		})
	}
}

// The capacity is where the last L2 plateau ends, between its last point
// and the next footprint, not the midpoint knee to DRAM beyond it.
func TestOneSML2CapacityIsThePlateausEnd(t *testing.T) {
	ls := []infer.Level{
		{Value: 273, To: 24 << 20, Capacity: 26 << 20, Points: 31, Resolved: true},
		{Value: 457, To: 49 << 20, Capacity: 56 << 20, Points: 17},
		{Value: 631, From: 58 << 20},
	}
	pts := []infer.Point{{Bytes: 24 << 20}, {Bytes: 49 << 20}, {Bytes: 51 << 20}, {Bytes: 58 << 20}}
	got := oneSML2(ls, pts)
	if got == nil || got.capacity < 49<<20 || got.capacity > 51<<20 || got.knee != 56<<20 {
		t.Fatalf("got %+v, want a capacity between 49 and 51 MiB and the knee at 56 MiB", got)
	}
}
