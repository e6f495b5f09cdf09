package record

import "testing"

func TestSizeString(t *testing.T) {
	tests := []struct {
		b    float64
		want string
	}{
		{512, "512 B"},
		{2304, "2.25 KiB"},
		{238 << 10, "238 KiB"},
		{1020 << 20, "1020 MiB"},
		{4 << 30, "4 GiB"},
		{4096 << 30, "4096 GiB"},
	}
	for _, tt := range tests {
		if got := SizeString(tt.b); got != tt.want {
			t.Errorf("SizeString(%v) = %q, want %q", tt.b, got, tt.want)
		}
	}
}

func TestClockIn(t *testing.T) {
	c := &CurveDetail{Points: []CurvePoint{
		{Bytes: 1 << 20, ClockHz: 345e6}, {Bytes: 2 << 20, ClockHz: 390e6}, {Bytes: 4 << 20},
		{Bytes: 8 << 20, ClockHz: 1980e6}, {Bytes: 16 << 20, ClockHz: 1975e6},
	}}
	for _, tc := range []struct {
		from, to    float64
		med, lo, hi float64
		off         bool // against 1980 MHz, 10%
	}{
		{1 << 20, 4 << 20, 367.5e6, 345e6, 390e6, true},
		{8 << 20, 16 << 20, 1977.5e6, 1975e6, 1980e6, false},
		{4 << 20, 4 << 20, 0, 0, 0, false}, // no point with a clock
		{1 << 20, 16 << 20, 1182.5e6, 345e6, 1980e6, true},
	} {
		med, lo, hi := c.ClockIn(tc.from, tc.to)
		if med != tc.med || lo != tc.lo || hi != tc.hi {
			t.Errorf("ClockIn(%v, %v) = %v, %v, %v; want %v, %v, %v", tc.from, tc.to, med, lo, hi, tc.med, tc.lo, tc.hi)
		}
		if got := OffClock(lo, hi, 1980e6); got != tc.off {
			t.Errorf("OffClock(%v, %v) = %v, want %v", lo, hi, got, tc.off)
		}
	}
}
