package memory

import (
	"encoding/binary"
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/backend/cudagpu"
	"github.com/gpuarch/gpuarch/record"
)

func TestLineRate(t *testing.T) {
	b := make([]byte, 8*4)
	// Four warps at 2 per SM: 256, 512, 768, 512 cycles an iteration,
	// 512 on average, so 64 lines per 512 cycles.
	for i, c := range []uint64{256, 512, 768, 512} {
		binary.LittleEndian.PutUint64(b[8*i:], c*scatterIters)
	}
	if got, err := lineRate(b, 4, 2, scatterIters, 32); err != nil || got != 0.125 {
		t.Errorf("rate %v, %v, want 0.125", got, err)
	}
	binary.LittleEndian.PutUint64(b[8:], 0)
	if _, err := lineRate(b, 4, 2, scatterIters, 32); err == nil || !strings.Contains(err.Error(), "warp 1") {
		t.Errorf("a warp without time: %v", err)
	}
	if _, err := lineRate(b[:8], 4, 2, scatterIters, 32); err == nil {
		t.Error("too few bytes: no error")
	}
}

// The job plans a record for every level and instruction, named as
// names.go has them, each written by its own kernel of the module.
func TestScatterJob(t *testing.T) {
	levels := []DivergentLevel{{Name: LevelL2, Footprint: 8 << 20, Note: "a quarter of the L2"}, {Name: LevelDRAM, Footprint: 2 << 30, Note: "the DRAM streams' footprint"}}
	j := ScatterJob(Suite, levels).(*cudagpu.PTXJob)
	if len(j.Items) != len(levels)*len(ScatterInstrs) {
		t.Fatalf("%d records, want %d", len(j.Items), len(levels)*len(ScatterInstrs))
	}
	kernels := map[string]bool{}
	for _, k := range j.Kernels() {
		kernels[k.Name()] = true
	}
	for i, it := range j.Items {
		lv, instr := levels[i/len(ScatterInstrs)], ScatterInstrs[i%len(ScatterInstrs)]
		rec := it.Rec
		if rec.ID != ScatterID(lv.Name, instr) || rec.Subject != ScatterSubject(lv.Name, instr) || rec.Group != GroupScatter ||
			rec.Quantity != record.Throughput || rec.Unit != "lines/clock/SM" {
			t.Errorf("record %d: %+v", i, rec)
		}
		for _, w := range []string{cudagpu.SizeName(lv.Footprint), lv.Note, instr, "seeded anew for every launch", "1, 4 and 32 warps per SM"} {
			if !strings.Contains(rec.Note, w) {
				t.Errorf("%s: note %q lacks %q", rec.ID, rec.Note, w)
			}
		}
		if !kernels[scatterKernel(instr)] {
			t.Errorf("%s: no kernel %s in %v", rec.ID, scatterKernel(instr), kernels)
		}
	}
}

// The window job plans a record for the L1 footprint's window and a
// quarter of it, named as names.go has them, written by the module's one
// kernel.
func TestWindowJob(t *testing.T) {
	lv := DivergentLevel{Name: LevelL1, Footprint: 32 << 10, Note: "an eighth of the L1"}
	j := WindowJob(Suite, lv).(*cudagpu.PTXJob)
	want := []int64{32 << 10, 8 << 10}
	if len(j.Items) != len(want) {
		t.Fatalf("%d records, want %d", len(j.Items), len(want))
	}
	if ks := j.Kernels(); len(ks) != 1 || ks[0].Name() != windowKernel {
		t.Errorf("kernels %v, want %s alone", ks, windowKernel)
	}
	for i, it := range j.Items {
		rec := it.Rec
		if rec.ID != WindowID(want[i]) || rec.Subject != WindowSubject(want[i]) || rec.Group != GroupWindow ||
			rec.Quantity != record.Throughput || rec.Unit != "lines/clock/SM" {
			t.Errorf("record %d: %+v", i, rec)
		}
		for _, w := range []string{cudagpu.SizeName(want[i]), lv.Note, "st.global.u32", "1, 4, 8, 16 and 32 warps per SM"} {
			if !strings.Contains(rec.Note, w) {
				t.Errorf("%s: note %q lacks %q", rec.ID, rec.Note, w)
			}
		}
	}
}

// The streams at warps plan a record for each level, variant and width,
// named as names.go has them and read back by ParseWaitsSubject, each
// written by a kernel of the module.
func TestStreamWarpsJob(t *testing.T) {
	levels := []DivergentLevel{{Name: LevelL2, Footprint: 12 << 20, Note: "a quarter of the L2"}, {Name: LevelDRAM, Footprint: 2 << 30, Note: "the DRAM streams' footprint"}}
	j := StreamWarpsJob(Suite, levels).(*cudagpu.PTXJob)
	if want := len(levels) * len(StreamStores) * len(StreamWidths); len(j.Items) != want {
		t.Fatalf("%d records, want %d", len(j.Items), want)
	}
	kernels := map[string]bool{}
	for _, k := range j.Kernels() {
		kernels[k.Name()] = true
	}
	for _, it := range j.Items {
		rec := it.Rec
		level, loads, width, store, ok := ParseWaitsSubject(rec.Subject)
		if !ok || loads != 1 || rec.ID != StreamWarpsID(level, width, store) || rec.Group != GroupStreamWarps ||
			rec.Quantity != record.Throughput || rec.Unit != "lines/clock/SM" {
			t.Errorf("record %+v", rec)
			continue
		}
		if k := (waitsVariant{loads: 1, width: width, store: store}).kernel(); !kernels[k] {
			t.Errorf("%s: no kernel %s in %v", rec.ID, k, kernels)
		}
		for _, w := range []string{"1, 2, 4, 8, 16 and 32 warps per SM", level} {
			if !strings.Contains(rec.Note, w) {
				t.Errorf("%s: note %q lacks %q", rec.ID, rec.Note, w)
			}
		}
	}
}
