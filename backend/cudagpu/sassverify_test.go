package cudagpu

import (
	"context"
	"testing"

	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/sass"
)

// countingDisasm is an nvdisasm stand-in that counts its calls.
type countingDisasm struct{ calls int }

func (d *countingDisasm) Disassemble(context.Context, []byte) (*sass.Listing, error) {
	d.calls++
	return &sass.Listing{Functions: []sass.Function{{Name: "k"}}}, nil
}

func TestDisassembleOnlyCachesNvdisasm(t *testing.T) {
	t.Setenv(engine.CacheEnv, t.TempDir())
	d := &countingDisasm{}
	tc := &Toolchain{Disasm: d}
	for range 2 {
		if _, err := tc.disassemble(context.Background(), []byte("cubin")); err != nil {
			t.Fatal(err)
		}
	}
	if d.calls != 2 {
		t.Fatalf("a disassembler other than nvdisasm was called %d times for two requests; want 2 (not cached)", d.calls)
	}
}
