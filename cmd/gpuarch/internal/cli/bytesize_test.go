package cli

import "testing"

func TestByteSizeFlag(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64 // 0: an error
	}{
		{"4096", 4096},
		{"64KiB", 64 << 10},
		{"256MiB", 256 << 20},
		{"4GiB", 4 << 30},
		{"2G", 2 << 30},
		{"512 M", 512 << 20},
		{"100B", 100},
		{"0", 0},
		{"-1MiB", 0},
		{"lots", 0},
		{"1.5GiB", 0},
		{"", 0},
		{"9999999999GiB", 0},
	} {
		var b byteSize
		err := b.Set(tc.in)
		switch {
		case tc.want == 0 && err == nil:
			t.Errorf("%q: %d, want an error", tc.in, b)
		case tc.want != 0 && (err != nil || int64(b) != tc.want):
			t.Errorf("%q: %d, %v; want %d", tc.in, b, err, tc.want)
		}
	}
}
