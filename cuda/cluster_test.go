package cuda

import (
	"runtime"
	"strings"
	"testing"
	"unsafe"
)

func TestCheckShapes(t *testing.T) {
	for _, c := range []struct {
		grid, block, cluster Dim3
		want                 string
	}{
		{Dim3{8, 1, 1}, D1(128), Dim3{2, 1, 1}, ""},
		{Dim3{8, 4, 1}, D1(128), Dim3{4, 2, 1}, ""},
		{Dim3{6, 1, 1}, D1(128), Dim3{4, 1, 1}, "does not divide"},
		{Dim3{8, 1, 1}, D1(128), Dim3{0, 1, 1}, "at least 1"},
	} {
		err := checkShapes("k", c.grid, c.block, c.cluster)
		if (c.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%v %v %v: %v, want %q", c.grid, c.block, c.cluster, err, c.want)
		}
	}
}

// A tensor map is packed whole and laid out 64-byte aligned, as
// CUtensorMap is declared; other arguments keep their 4 or 8 bytes.
func TestTensorMapArgument(t *testing.T) {
	var m TensorMap
	for i := range m {
		m[i] = byte(i)
	}
	vals, err := packArgs([]any{uint32(7), m, DevicePtr(0x1000)})
	if err != nil {
		t.Fatal(err)
	}
	if len(vals[0]) != 4 || len(vals[1]) != 128 || len(vals[2]) != 8 {
		t.Fatalf("sizes %d %d %d", len(vals[0]), len(vals[1]), len(vals[2]))
	}
	var pinner runtime.Pinner
	defer pinner.Unpin()
	ptrs := unsafe.Slice(paramPointers(vals, &pinner), 3)
	if uintptr(ptrs[1])%64 != 0 {
		t.Errorf("the tensor map's copy is at %p, not 64-byte aligned", ptrs[1])
	}
	got := unsafe.Slice((*byte)(ptrs[1]), 128)
	for i := range got {
		if got[i] != byte(i) {
			t.Fatalf("byte %d of the tensor map is %d", i, got[i])
		}
	}
	if *(*uint32)(ptrs[0]) != 7 || *(*uint64)(ptrs[2]) != 0x1000 {
		t.Errorf("scalars %d, %#x", *(*uint32)(ptrs[0]), *(*uint64)(ptrs[2]))
	}
}
