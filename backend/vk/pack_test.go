package vk

import (
	"testing"

	"github.com/gpuarch/gpuarch/engine"

	"github.com/google/go-cmp/cmp"
)

func TestPack(t *testing.T) {
	got, err := pack([]any{engine.Ptr(0x1122334455667788), uint32(7), uint64(9), uint32(1), uint32(2)})
	if err != nil {
		t.Fatal(err)
	}
	// u64 at 0, u32 at 8, u64 aligned to 16, u32 at 24 and 28.
	want := []byte{0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11, 7, 0, 0, 0, 0, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("pack (-want +got):\n%s", d)
	}
	if _, err := pack([]any{1.5}); err == nil {
		t.Error("a float argument packed")
	}
	if _, err := pack(make([]any, 33)); err == nil {
		t.Error("an untyped argument packed")
	}
}
