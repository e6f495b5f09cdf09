package cuda

import (
	"bytes"
	"strings"
	"testing"
)

func TestPackArgs(t *testing.T) {
	tests := []struct {
		name string
		args []any
		want [][]byte
	}{
		{"none", nil, [][]byte{}},
		{"uint32", []any{uint32(0x11223344)}, [][]byte{{0x44, 0x33, 0x22, 0x11}}},
		{"int32 negative", []any{int32(-2)}, [][]byte{{0xfe, 0xff, 0xff, 0xff}}},
		{"float32", []any{float32(1.0)}, [][]byte{{0x00, 0x00, 0x80, 0x3f}}},
		{"uint64", []any{uint64(0x0102030405060708)}, [][]byte{{8, 7, 6, 5, 4, 3, 2, 1}}},
		{"int64 negative", []any{int64(-1)}, [][]byte{{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}}},
		{"float64", []any{float64(-2.0)}, [][]byte{{0, 0, 0, 0, 0, 0, 0x00, 0xc0}}},
		{"device pointer", []any{DevicePtr(0x7f0000001000)}, [][]byte{{0x00, 0x10, 0x00, 0x00, 0x00, 0x7f, 0, 0}}},
		{
			"mixed",
			[]any{DevicePtr(0x10), uint32(3), float32(0)},
			[][]byte{{0x10, 0, 0, 0, 0, 0, 0, 0}, {3, 0, 0, 0}, {0, 0, 0, 0}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := packArgs(tt.args)
			if err != nil {
				t.Fatalf("packArgs(%v): %v", tt.args, err)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("packArgs(%v) gave %d values, want %d", tt.args, len(got), len(tt.want))
			}
			for i := range got {
				if !bytes.Equal(got[i], tt.want[i]) {
					t.Errorf("argument %d = % x, want % x", i, got[i], tt.want[i])
				}
			}
		})
	}
}

func TestPackArgsRejects(t *testing.T) {
	tests := []struct {
		name string
		args []any
		want []string // substrings of the error
	}{
		{"int", []any{uint32(1), 5}, []string{"argument 1", "type int"}},
		{"uint", []any{uint(5)}, []string{"argument 0", "type uint"}},
		{"pointer", []any{uint64(1), uint64(2), new(int32)}, []string{"argument 2", "*int32"}},
		{"nil", []any{nil}, []string{"argument 0", "<nil>"}},
		{"uint16", []any{uint16(1)}, []string{"argument 0", "uint16"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := packArgs(tt.args)
			if err == nil {
				t.Fatalf("packArgs(%v) succeeded, want an error", tt.args)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

func TestDim3(t *testing.T) {
	tests := []struct {
		d    Dim3
		want string
	}{
		{D1(128), "(128,1,1)"},
		{Dim3{2, 3, 4}, "(2,3,4)"},
	}
	for _, tt := range tests {
		if got := tt.d.String(); got != tt.want {
			t.Errorf("%#v.String() = %q, want %q", tt.d, got, tt.want)
		}
	}
}
