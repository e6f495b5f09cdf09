package analyze

import (
	"math"
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/measure/memory"
	"github.com/gpuarch/gpuarch/record"
)

func TestWindowBytes(t *testing.T) {
	for _, tt := range []struct {
		subject string
		want    int64
		ok      bool
	}{
		{memory.WindowSubject(32 << 10), 32 << 10, true},
		{memory.WindowSubject(8 << 10), 8 << 10, true},
		{memory.WindowSubject(2 << 20), 2 << 20, true},
		{memory.WindowSubject(256), 256, true},
		{"64 B window", 0, false},
		{"x KiB window", 0, false},
		{"8 GB window", 0, false},
		{"8", 0, false},
	} {
		got, ok := windowBytes(tt.subject)
		if got != tt.want || ok != tt.ok {
			t.Errorf("windowBytes(%q) = %d, %v, want %d, %v", tt.subject, got, ok, tt.want, tt.ok)
		}
	}
}

func TestDistinctLines(t *testing.T) {
	for _, tt := range []struct {
		name                  string
		sms                   int
		threads, elem, window int64
		want                  float64
	}{
		// 132 SMs × 512 threads of 4-byte words is a multiple of an 8 KiB
		// window's 2048 words: each SM writes the same 16 lines again.
		{"the grid a multiple of the window", 132, 512, 4, 8 << 10, 16},
		// 132 × 128 threads move 512 words on each iteration: four
		// places of the SM's 4 lines.
		{"four places", 132, 128, 4, 8 << 10, 16},
		{"32 warps into 8 KiB", 132, 1024, 4, 8 << 10, 32},
		// A 32 KiB window at one warp: 4224 words on of 8192, 64
		// places of one line.
		{"one warp, 32 KiB", 132, 32, 4, 32 << 10, 64},
		// float2 into 16 KiB at 4 warps (copy_f2_stream): 128 threads
		// of 8 bytes, 2048 elements, 512 on each iteration.
		{"float2 at 4 warps", 132, 128, 8, 16 << 10, 32},
		{"never more than the window", 132, 4096, 16, 8 << 10, 64},
		// A float3 field into 16 KiB at 8 warps: the masked index
		// reaches 1024 elements of 12 bytes, a multiple of the grid's
		// 33792 threads, so each SM writes its 256 × 12 bytes again.
		{"float3 field at 8 warps", 132, 256, 12, 16 << 10, 24},
		{"no SMs", 0, 32, 4, 8 << 10, 0},
		{"window under a line", 132, 32, 4, 64, 0},
	} {
		if got := distinctLines(tt.sms, tt.threads, tt.elem, tt.window); got != tt.want {
			t.Errorf("%s: distinctLines = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// windowRun is a run with the two window writes records, their sweeps
// the H100's medians of e4d150f's results (lines per clock per SM).
func windowRun(sms int) *record.Run {
	rec := func(bytes int64, vals []float64) record.Record {
		sw := &record.SweepDetail{X: "warps per SM"}
		for i, w := range []float64{1, 4, 8, 16, 32} {
			sw.Points = append(sw.Points, record.ParamPoint{X: w, Value: vals[i]})
		}
		return record.Record{ID: memory.WindowID(bytes), Suite: memory.Suite, Group: memory.GroupWindow,
			Subject: memory.WindowSubject(bytes), Status: record.StatusOK, Quantity: record.Throughput,
			Value: vals[4], Sweep: sw}
	}
	return &record.Run{Device: record.Device{Name: "test", SMs: sms}, Records: []record.Record{
		rec(32<<10, []float64{0.0291, 0.0649, 0.0571, 0.0540, 0.0579}),
		rec(8<<10, []float64{0.0291, 0.1165, 0.1910, 0.3190, 0.0170}),
	}}
}

// TestMachineReadsWindowWrites derives the cost of a write to a line many
// SMs write from the record point with the most writers a line (8 KiB at
// 32 warps: 66 writes a line an iteration in 1882 cycles), and the lines
// an SM's writes are combined within from the points that ran at least
// twice as fast as that says (8 KiB at 4 to 16 warps, 16 lines each),
// the fewest beyond them from the points that did not.
func TestMachineReadsWindowWrites(t *testing.T) {
	m := &Machine{}
	m.windowWrites(windowRun(132))
	w := m.Window
	if w == nil {
		t.Fatal("no window writes read")
	}
	want := 32 / 0.0170 / (132 * 32 / 64.0)
	if math.Abs(w.LineWriteCycles-want) > 1e-9 {
		t.Errorf("LineWriteCycles = %v, want %v", w.LineWriteCycles, want)
	}
	if w.CombinedLines != 16 || w.FootprintBytes != 32<<10 || w.SMs != 132 || len(w.Records) != 2 {
		t.Errorf("window writes %+v: want 16 combined lines, a 32 KiB footprint, 132 SMs, 2 records", w)
	}
	// The fewest lines beyond 16 that ran slow: 8 KiB at 32 warps.
	if w.SlowLines != 32 {
		t.Errorf("SlowLines = %v, want 32", w.SlowLines)
	}
	// The fastest an SM's lines went at a point not combined: 32 KiB at
	// 4 warps, 4 lines in 4 / 0.0649 cycles (8 KiB's fast points are
	// combined and do not count).
	if want := 1 / 0.0649; math.Abs(w.SMLineCycles-want) > 1e-9 {
		t.Errorf("SMLineCycles = %v, want %v", w.SMLineCycles, want)
	}
	m = &Machine{}
	m.windowWrites(windowRun(0))
	if m.Window != nil {
		t.Error("window writes read without the device's SM count")
	}
	m = &Machine{}
	m.windowWrites(&record.Run{Device: record.Device{SMs: 132}})
	if m.Window != nil {
		t.Error("window writes read from a run without them")
	}
}

// TestWindowArrays checks how many arrays of the footprint a loop's
// global accesses are taken to address at the L1 level: a stream triad
// three (each at its lanes' own offsets), a copy two, and a stencil
// whose loads all sit at offsets from their base (j = i + kT + 1025, the
// centre 4100 bytes on) and whose store writes the second half at the
// centre's offset two: the store's base is an array of its own wherever
// in it the store writes.
func TestWindowArrays(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the corpus: seconds")
	}
	tests := []struct {
		corpus, kernel string
		want           int
	}{
		{"corpus35", "stream_triad_float_three_arrays", 3},
		{"corpus36", "stream_copy_float4_ldg_readonly_path", 2},
		{"corpus35", "stencil_global_1d_9point_radius4", 2},
		{"corpus36", "stencil_global_2d_5point_pitch1024", 2},
	}
	for _, tc := range tests {
		t.Run(tc.kernel, func(t *testing.T) {
			lm := corpusLoopOn(t, tc.corpus, "NVIDIA-H200", tc.kernel)
			n := 0
			for i, op := range lm.mem {
				if op == nil || !op.store || op.space != "global" {
					continue
				}
				la, ok := lm.access(i)
				if !ok {
					t.Fatalf("store at %#x: lanes not followed", lm.body[i].Offset)
				}
				n++
				if got := lm.windowArrays(la); got != tc.want {
					t.Errorf("store at %#x: %d arrays, want %d", lm.body[i].Offset, got, tc.want)
				}
			}
			if n == 0 {
				t.Fatal("no global store in the loop")
			}
		})
	}
}

// TestWindowLoop checks that whether an SM's window writes are combined
// before the L2 is asked of all the loop's window stores together: six
// arrays' stores at 4 warps each span 8 lines of its own 4 KiB window,
// within the 16 an SM combines, but 48 together, which are not (the
// H200 measured the loop at 31 cycles a line an SM, near the record's
// uncombined points' 22 to 29); a triad's one store (an 8 KiB window of
// its four) at 4 warps spans 16 lines and is combined, at 32 warps 32
// and is not.
func TestWindowLoop(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the corpus: seconds")
	}
	tests := []struct {
		corpus, kernel string
		warps          float64
		want           bool
		span           string
	}{
		{"corpus38", "soa_six_arrays_particle_spring_update", 4, true, "span 48 lines"},
		{"corpus35", "stream_triad_float_three_arrays", 4, false, ""},
		{"corpus35", "stream_triad_float_three_arrays", 32, true, "span 32 lines"},
	}
	for _, tc := range tests {
		lm := corpusLoopOn(t, tc.corpus, "NVIDIA-H200", tc.kernel)
		b, per, ok := lm.windowLoop("L1", tc.warps)
		if ok != tc.want {
			t.Errorf("%s at %.0f warps: window bound %v, want %v", tc.kernel, tc.warps, ok, tc.want)
			continue
		}
		if !ok {
			continue
		}
		if !strings.Contains(b.Detail, tc.span) || b.Cycles <= 0 || len(per) == 0 {
			t.Errorf("%s at %.0f warps: %.1f cycles, %d stores, %q: want %q", tc.kernel, tc.warps, b.Cycles, len(per), b.Detail, tc.span)
		}
	}
	// At the L2 level no store wraps onto the window.
	lm := corpusLoopOn(t, "corpus38", "NVIDIA-H200", "soa_six_arrays_particle_spring_update")
	if _, _, ok := lm.windowLoop("L2", 4); ok {
		t.Error("a window bound at the L2 level")
	}
}

// TestWindowRecordFields: the stores of an array of structures' fields
// write the same lines an iteration, so the window bound is what the
// costliest of them takes alone (corpus43's six 4-byte fields of a
// 32-byte record, corpus41's two 16-byte ones); six arrays' stores
// (corpus38's structure of arrays) write lines of their own and add up.
func TestWindowRecordFields(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the corpus: seconds")
	}
	for _, tc := range []struct {
		corpus, kernel string
		stores         int
		combined       bool
	}{
		{"corpus43", "global_aos_particles_eight_float_records_32_bytes_update", 6, true},
		{"corpus41", "global_float4_aos_particles_pos_vel_records_symplectic_euler", 2, true},
		{"corpus38", "soa_six_arrays_particle_spring_update", 6, false},
	} {
		lm := corpusLoopOn(t, tc.corpus, "NVIDIA-H200", tc.kernel)
		b, per, ok := lm.windowLoop("L1", 4)
		if !ok || len(per) != tc.stores {
			t.Errorf("%s: window bound %v over %d stores, want %d", tc.kernel, ok, len(per), tc.stores)
			continue
		}
		most := 0.0
		for _, c := range per {
			most = max(most, c)
		}
		if combined := math.Abs(b.Cycles-most) < 1e-6; combined != tc.combined {
			t.Errorf("%s: %.1f cycles, its costliest store %.1f: combined %v, want %v", tc.kernel, b.Cycles, most, combined, tc.combined)
		}
	}
}
