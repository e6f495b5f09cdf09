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
