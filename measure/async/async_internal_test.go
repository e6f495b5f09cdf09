package async

import (
	"testing"

	"github.com/gpuarch/gpuarch/backend/cudagpu"
)

func TestSizeNames(t *testing.T) {
	for _, n := range []int{16, 1 << 10, 24 << 10, 1 << 20} {
		if got := parseSize(cudagpu.SizeName(n)); got != n {
			t.Errorf("%d -> %q -> %d", n, cudagpu.SizeName(n), got)
		}
	}
}

// Clusters at once: the most whose first-start..last-end spans overlap.
func TestAtOnce(t *testing.T) {
	tr := []traceEntry{
		{cluster: 0, t0: 0, t1: 10}, {cluster: 0, t0: 1, t1: 12},
		{cluster: 1, t0: 5, t1: 20},
		{cluster: 2, t0: 12, t1: 30}, // starts as cluster 0 ends: not together
		{cluster: 3, t0: 25, t1: 26},
	}
	if got := atOnce(tr); got != 2 {
		t.Errorf("%d at once, want 2", got)
	}
}

// Every rank's tensor tile moves the 1 KiB box over the footprint, its
// innermost box a multiple of 16 bytes, its strides whole rows.
func TestTensorTile(t *testing.T) {
	for rank := 1; rank <= 5; rank++ {
		tile, outer := tensorTile(rank, 256<<20)
		if len(tile.Dims) != rank || len(tile.Box) != rank || len(tile.Strides) != rank-1 {
			t.Fatalf("rank %d: %+v", rank, tile)
		}
		box, elems := uint64(1), uint64(1)
		for i, b := range tile.Box {
			box *= uint64(b)
			elems *= tile.Dims[i]
			if uint64(b) > tile.Dims[i] {
				t.Errorf("rank %d: box %v exceeds dims %v", rank, tile.Box, tile.Dims)
			}
		}
		if box*4 != 1024 || elems*4 != 256<<20 || tile.Box[0]*4%16 != 0 || outer != tile.Dims[rank-1] {
			t.Errorf("rank %d: box %d bytes, %d elements, inner %d bytes", rank, box*4, elems, tile.Box[0]*4)
		}
		for _, s := range tile.Strides {
			if s%16 != 0 {
				t.Errorf("rank %d: stride %d", rank, s)
			}
		}
	}
}
