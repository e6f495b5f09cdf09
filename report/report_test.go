package report

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/gpuarch/gpuarch/infer"
	"github.com/gpuarch/gpuarch/measure/memory"
	"github.com/gpuarch/gpuarch/record"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if d := cmp.Diff(string(want), string(got)); d != "" {
		t.Errorf("%s differs (-want +got):\n%s", path, d)
	}
}

func f(v float64) *float64 { return &v }

// synthetic is a small run with one occupancy grid and a few mixes: enough
// for every pipes section.
func synthetic() *record.Run {
	solo := func(class, subject string, rate float64) record.Record {
		return record.Record{ID: "pipes/mix/" + class + ":1", Suite: "pipes", Subject: class, Quantity: record.Mix, Status: record.StatusOK,
			Value: rate, Mix: &record.MixDetail{Role: "solo", Parts: []record.MixPart{{Subject: subject, Count: 1}}}}
	}
	mix := func(role, id string, rate float64, parts ...record.MixPart) record.Record {
		return record.Record{ID: "pipes/mix/" + id, Suite: "pipes", Subject: id, Quantity: record.Mix, Status: record.StatusOK,
			Value: rate, Mix: &record.MixDetail{Role: role, Parts: parts}}
	}
	p := func(s string, n int) record.MixPart { return record.MixPart{Subject: s, Count: n} }
	return &record.Run{
		Schema: record.SchemaVersion, Complete: true,
		Device: record.Device{Name: "Test GPU", ComputeCapability: "9.0", SMs: 2, SubPartitions: 4, WarpSize: 32},
		Records: []record.Record{
			{ID: "alu/fma.rn.f32/latency", Suite: "alu", Subject: "fma.rn.f32", Group: "f32", Quantity: record.Latency, Status: record.StatusOK, Value: 4,
				Latency: &record.LatencyDetail{Cycles: 4, AdjustedCycles: 3.98}},
			{ID: "pipes/fma.rn.f32/occupancy", Suite: "pipes", Subject: "fma.rn.f32", Quantity: record.Occupancy, Status: record.StatusOK, Value: 3.95,
				Code: &record.CodeCheck{Status: "verified", Found: 256, Needed: 256, Counts: map[string]int{"FFMA": 256, "ISETP.GT.U32.AND": 1, "BRA": 1}},
				Occup: &record.OccupancyDetail{ILPs: []int{1, 4}, WarpsPerSM: []int{1, 4, 64},
					IPC: [][]*float64{{f(0.25), f(0.99), f(1.99)}, {f(0.96), f(3.82), f(3.95)}}, Skipped: []string{"128 warps per SM: the SM holds at most 64"}, ClockHz: 1.98e9}},
			solo("FFMA", "fma.rn.f32", 3.95), solo("IMAD", "mad.lo.s32", 2), solo("LOP3", "xor.b32", 2), solo("MUFU", "ex2.approx.ftz.f32", 0.5),
			mix("pair", "FFMA:2+IMAD:1", 3/1.01, p("fma.rn.f32", 2), p("mad.lo.s32", 1)),
			mix("pair", "FFMA:2+LOP3:1", 3.95, p("fma.rn.f32", 2), p("xor.b32", 1)),
			mix("pair", "IMAD:1+LOP3:1", 3.97, p("mad.lo.s32", 1), p("xor.b32", 1)),
			mix("pair", "FFMA:8+MUFU:1", 9/2.25, p("fma.rn.f32", 8), p("ex2.approx.ftz.f32", 1)),
			mix("pair", "IMAD:4+MUFU:1", 5/2.0, p("mad.lo.s32", 4), p("ex2.approx.ftz.f32", 1)),
			mix("pair", "LOP3:4+MUFU:1", 5/2.0, p("xor.b32", 4), p("ex2.approx.ftz.f32", 1)),
			mix("held-out", "IMAD:3+LOP3:1", 2.66, p("mad.lo.s32", 3), p("xor.b32", 1)),
		},
	}
}

func TestPipesSectionsGolden(t *testing.T) {
	var b strings.Builder
	if err := Markdown(&b, synthetic()); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"## ALU bottlenecks", "### `fma.rn.f32`", "| [4](#r-pipes-fma-rn-f32-occupancy) | 0.96 | 3.82 | 3.95 |", "### Best rates against the documented peak",
		"## ALU layout", "| FFMA | 3.95 | IMAD: 51%, FFMA (own): 49% |", "### Prediction check", "skipped: 128 warps per SM"} {
		if !strings.Contains(out, want) {
			t.Errorf("document lacks %q", want)
		}
	}
	golden(t, "synthetic.md", []byte(out))
}

func TestOccupancyPlotGolden(t *testing.T) {
	run := synthetic()
	r, _ := run.Find("pipes/fma.rn.f32/occupancy")
	svg, err := occupancyPlot(r)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(svg), "<?xml") || !strings.Contains(string(svg), "ILP 4") {
		t.Fatalf("not an SVG with a legend: %.200s", svg)
	}
	golden(t, "occupancy.svg", svg)
}

func TestWritePlots(t *testing.T) {
	dir := t.TempDir()
	files, err := WritePlots(dir, synthetic())
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 || filepath.Base(files[0]) != "occupancy-fma.rn.f32.svg" {
		t.Errorf("files %v", files)
	}
}

func TestCodeSizeCliff(t *testing.T) {
	row := func(bytes int64, v float64) record.Record {
		return record.Record{ID: "memory/code size/x", Suite: "memory", Group: "code size", Subject: "fma.rn.f32", Status: record.StatusOK,
			Value: v, Curve: &record.CurveDetail{Points: []record.CurvePoint{{Bytes: bytes, Value: v}}}}
	}
	// Vulkan records: the driver's size of the whole kernel, or none.
	driver := func(r record.Record) record.Record { r.Curve.Path = "kernel"; return r }
	unsized := func(steps int, v float64) record.Record {
		r := driver(row(0, v))
		r.Curve.Points[0].Elements = steps
		return r
	}
	tests := []struct {
		name string
		recs []record.Record
		want string
	}{
		{"cliff", []record.Record{row(4<<10, 3.9), row(64<<10, 3.8), row(128<<10, 2.0), row(256<<10, 1.0)}, "up to a 64 KiB loop body and first falls more than 10% below it at 128 KiB (51%)"},
		{"flat", []record.Record{row(4<<10, 3.9), row(64<<10, 3.8)}, "no fetch cliff in this range"},
		{"unsized (no driver size)", []record.Record{unsized(64, 3.9), unsized(1024, 1.0)}, "| 1024 steps |"},
		{"unsized: no cliff read", []record.Record{unsized(64, 3.9), unsized(1024, 1.0)}, "no instruction-cache size is read"},
		{"unsized: said first", []record.Record{unsized(64, 3.9), unsized(1024, 1.0)}, "bodies are sized in chain steps). While"},
		{"driver's kernel size", []record.Record{driver(row(4<<10, 3.9)), driver(row(64<<10, 3.8))}, "what the driver reports of the whole kernel's machine code"},
		{"failed row", []record.Record{row(4<<10, 3.9), {ID: "memory/code size/8192", Suite: "memory", Group: "code size", Status: record.StatusFailed, Reason: "launch failed"}}, "| memory/code size/8192 | failed | launch failed |"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			writeCodeSize(&b, &record.Run{Records: tt.recs})
			if !strings.Contains(b.String(), tt.want) {
				t.Errorf("want %q in:\n%s", tt.want, b.String())
			}
		})
	}
}

func TestLatencyHiding(t *testing.T) {
	row := func(level string, n int, v, hz float64) record.Record {
		return record.Record{Suite: "memory", Group: "latency hiding", Subject: fmt.Sprintf("%s, %d FFMA per load", level, n), Status: record.StatusOK,
			Value: v, Curve: &record.CurveDetail{Points: []record.CurvePoint{{Value: v, Elements: n}}},
			Provenance: record.Provenance{Clock: &record.Clock{Hz: hz}}}
	}
	run := &record.Run{Warmup: &record.Clock{Hz: 1980e6}, Records: []record.Record{
		row("L2", 0, 36, 1980e6), row("L2", 4, 35, 1980e6), row("L2", 8, 33, 1975e6), row("L2", 16, 20, 1980e6), row("L2", 32, 10, 1980e6),
		row("DRAM", 0, 17, 735e6), row("DRAM", 4, 17, 690e6), row("DRAM", 8, 14, 645e6), row("DRAM", 16, 17, 600e6), row("DRAM", 32, 9, 525e6),
	}}
	var b strings.Builder
	writeLatencyHiding(&b, run)
	for _, want := range []string{
		"| L2 | 36.0 (100%) | 35.0 (97%) | 33.0 (92%) | 20.0 (56%) | 10.0 (28%) | 8 | 8.9 | 1975–1980 |",
		// A dip ends the run of hidden points even if a later one recovers.
		"| DRAM | 17.0 (100%) | 17.0 (100%) | 14.0 (82%) | 17.0 (100%) | 9.0 (53%) | 4 |",
		"| **525–735** |",
		"\nDRAM ran at an SM clock more than 10% off the warm-up's 1980 MHz (**bold**)",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("want %q in:\n%s", want, b.String())
		}
	}
}

// wantLines fails t for each of wants that got does not contain.
func wantLines(t *testing.T, got string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(got, want) {
			t.Errorf("want %q in:\n%s", want, got)
		}
	}
}

func TestLoadedLatency(t *testing.T) {
	lat := func(level string, pts ...record.ParamPoint) record.Record {
		return record.Record{ID: "memory/divergent loads/" + level + ", a line per lane/latency", Suite: "memory", Group: "divergent loads",
			Subject: level + ", a line per lane", Quantity: record.Latency, Status: record.StatusOK, Sweep: &record.SweepDetail{Points: pts}}
	}
	failed := lat("DRAM")
	failed.Status, failed.Reason, failed.Sweep = record.StatusFailed, "out of memory", nil
	run := &record.Run{Records: []record.Record{
		lat("L2", record.ParamPoint{X: 1, Value: 360}, record.ParamPoint{X: 32, Value: 1600}, record.ParamPoint{X: 2, Failed: "timed out"}),
		{Suite: "memory", Group: "divergent loads", Subject: "L2, a line per lane", Quantity: record.Throughput, Status: record.StatusOK},
		failed,
	}}
	var b strings.Builder
	writeLoadedLatency(&b, run)
	wantLines(t, b.String(),
		"| Warps per SM | L2 cycles | L2 lines/clock/SM | DRAM cycles | DRAM lines/clock/SM |",
		"| 1 | [360](#r-memory-divergent-loads-l2-a-line-per-lane-latency) | 0.089 | — | — |",
		"| 2 | — | — | — | — |",
		"| 32 | [1600](#r-memory-divergent-loads-l2-a-line-per-lane-latency) | 0.640 | — | — |",
		"- DRAM, a line per lane: failed, out of memory")
	var none strings.Builder
	writeLoadedLatency(&none, &record.Run{})
	if none.Len() != 0 {
		t.Errorf("a run without the chase wrote %q", none.String())
	}
}

func TestScatter(t *testing.T) {
	rec := func(level, instr string, pts ...record.ParamPoint) record.Record {
		return record.Record{ID: memory.ScatterID(level, instr), Suite: memory.Suite, Group: memory.GroupScatter, Subject: memory.ScatterSubject(level, instr),
			Quantity: record.Throughput, Status: record.StatusOK, Sweep: &record.SweepDetail{Points: pts, Best: len(pts) - 1}}
	}
	failed := rec(memory.LevelDRAM, memory.ScatterAddF32)
	failed.Status, failed.Reason, failed.Sweep = record.StatusFailed, "out of memory", nil
	run := &record.Run{Records: []record.Record{
		failed,
		rec(memory.LevelDRAM, memory.ScatterStore, record.ParamPoint{X: 1, Value: 0.0757}, record.ParamPoint{X: 4, Failed: "timed out"}, record.ParamPoint{X: 32, Value: 0.0570}),
		rec(memory.LevelL2, memory.ScatterAddU32, record.ParamPoint{X: 1, Value: 0.457}, record.ParamPoint{X: 4, Value: 0.381}, record.ParamPoint{X: 32, Value: 0.3632}),
	}}
	var b strings.Builder
	writeScatter(&b, run)
	wantLines(t, b.String(),
		"### Scattered writes",
		"| Level, instruction | 1 warp per SM | 4 warps per SM | 32 warps per SM |",
		"| L2, red.global.add.u32 | 0.457 (70) | 0.381 (336) | [0.363](#r-memory-scattered-writes-l2-red-global-add-u32-a-line-per-lane) (2819) |",
		"| DRAM, st.global.u32 | 0.076 (423) | — | [0.057](#r-memory-scattered-writes-dram-st-global-u32-a-line-per-lane) (17965) |",
		"- DRAM, red.global.add.f32, a line per lane: failed, out of memory")
	if got := b.String(); strings.Index(got, "| L2,") > strings.Index(got, "| DRAM,") {
		t.Errorf("DRAM before the L2:\n%s", got)
	}
	var none strings.Builder
	writeScatter(&none, &record.Run{})
	if none.Len() != 0 {
		t.Errorf("a run without the scattered writes wrote %q", none.String())
	}
}

func TestStreamWarps(t *testing.T) {
	rec := func(level string, width int, store string, pts ...record.ParamPoint) record.Record {
		return record.Record{ID: memory.StreamWarpsID(level, width, store), Suite: memory.Suite, Group: memory.GroupStreamWarps,
			Subject: memory.StreamWarpsSubject(level, width, store), Quantity: record.Throughput, Status: record.StatusOK,
			Sweep: &record.SweepDetail{Points: pts, Best: len(pts) - 1}}
	}
	failed := rec(memory.LevelL2, 8, memory.WaitsNoStore)
	failed.Status, failed.Reason, failed.Sweep = record.StatusFailed, "timed out", nil
	run := &record.Run{Records: []record.Record{
		rec(memory.LevelDRAM, 4, memory.WaitsStoreOther, record.ParamPoint{X: 1, Value: 0.00255}, record.ParamPoint{X: 32, Value: 0.0588}),
		failed,
		rec(memory.LevelL2, 16, memory.WaitsNoStore, record.ParamPoint{X: 1, Value: 0.0117}, record.ParamPoint{X: 32, Value: 0.256}),
	}}
	var b strings.Builder
	writeStreamWarps(&b, run)
	wantLines(t, b.String(),
		"### Streams at warps",
		"| Level, stream | 1 warp per SM | 32 warps per SM |",
		// 4 lines a warp iteration (16 B lanes): 4 × 32 ÷ 0.256 = 500.
		"| L2, 1 load of 16 B a lane | 0.012 (342) | [0.256](#r-memory-streams-at-warps-l2-1-load-of-16-b-a-lane) (500) |",
		// A copy of 4 B lanes, 2 lines: 2 ÷ 0.00255 = 784.
		"| DRAM, 1 load of 4 B a lane, stored to another line | 0.003 (784) | [0.059](#r-memory-streams-at-warps-dram-1-load-of-4-b-a-lane-stored-to-another-line) (1088) |",
		"- L2, 1 load of 8 B a lane: failed, timed out")
	var none strings.Builder
	writeStreamWarps(&none, &record.Run{})
	if none.Len() != 0 {
		t.Errorf("a run without the streams at warps wrote %q", none.String())
	}
}

func TestWaits(t *testing.T) {
	rec := func(level string, loads, width int, store string, v float64) record.Record {
		return record.Record{ID: memory.WaitsID(level, loads, width, store), Suite: memory.Suite, Group: memory.GroupWaits,
			Subject: memory.WaitsSubject(level, loads, width, store), Quantity: record.Latency, Status: record.StatusOK, Value: v}
	}
	failed := rec(memory.LevelDRAM, 8, 16, memory.WaitsNoStore, 0)
	failed.Status, failed.Reason = record.StatusInvalid, "machine code: <none>"
	run := &record.Run{Records: []record.Record{
		rec(memory.LevelDRAM, 1, 4, memory.WaitsNoStore, 705.2),
		failed,
		rec(memory.LevelL2, 1, 4, memory.WaitsNoStore, 306.4),
		rec(memory.LevelL2, 1, 16, memory.WaitsNoStore, 342.8),
		rec(memory.LevelL2, 2, 8, memory.WaitsNoStore, 336.6),
		rec(memory.LevelL2, 1, 16, memory.WaitsStoreSame, 417.5),
		rec(memory.LevelL1, 1, 4, memory.WaitsOneLane, 51.0),
		rec(memory.LevelL1, 1, 4, memory.WaitsNoStore, 57.0),
	}}
	var b strings.Builder
	writeWaits(&b, run)
	wantLines(t, b.String(),
		"### Loads waited on together",
		"| Level, loads | 4 B a lane | 8 B a lane | 16 B a lane |",
		"| L1, 1 load, lane 0 alone | [51](#r-memory-loads-waited-on-together-l1-1-load-of-4-b-a-lane-lane-0-alone) | — | — |",
		"| L1, 1 load | [57](#r-memory-loads-waited-on-together-l1-1-load-of-4-b-a-lane) | — | — |",
		"| L2, 1 load | [306](#r-memory-loads-waited-on-together-l2-1-load-of-4-b-a-lane) | — | [343](#r-memory-loads-waited-on-together-l2-1-load-of-16-b-a-lane) |",
		"| L2, 2 loads | — | [337](#r-memory-loads-waited-on-together-l2-2-loads-of-8-b-a-lane) | — |",
		"| L2, 1 load, stored back to its line | — | — | [418](#r-memory-loads-waited-on-together-l2-1-load-of-16-b-a-lane-stored-back-to-its-line) |",
		"| DRAM, 1 load | [705](#r-memory-loads-waited-on-together-dram-1-load-of-4-b-a-lane) | — | — |",
		"- DRAM, 8 loads of 16 B a lane: invalid, machine code: \\<none>")
	if got := b.String(); strings.Index(got, "| L2, 1 load |") > strings.Index(got, "| DRAM,") || strings.Index(got, "| L1, 1 load |") > strings.Index(got, "| L2,") {
		t.Errorf("levels out of order (L1, L2, DRAM):\n%s", got)
	}
	var none strings.Builder
	writeWaits(&none, &record.Run{})
	if none.Len() != 0 {
		t.Errorf("a run without the loads waited on together wrote %q", none.String())
	}
}

func TestLibraryBesideWgmma(t *testing.T) {
	tp := &record.Record{Suite: "mma", Subject: "wgmma m64n256k16 f32+=f16 SS", Group: "wgmma", Quantity: record.Throughput, Status: record.StatusOK,
		Value: 4096, Through: &record.ThroughputDetail{ResultsPerSecond: 900e12}, Provenance: record.Provenance{Clock: &record.Clock{Hz: 1.7e9}}}
	rows := []*mmaRow{{name: tp.Subject, group: "wgmma", tp: tp}}
	dir := t.TempDir()
	path := filepath.Join(dir, "lib.json")
	if err := os.WriteFile(path, []byte(`{"gpu":"G","tool":"t","method":"m","m_n_k":8192,"time":"now","results":[{"dtype":"float16","tflops":808.6,"sm_clock_mhz_after":1545},{"dtype":"float8","error":"no"}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	lib, err := ReadLibrary(path)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	writeLibrary(&b, lib, rows, record.Device{Name: "G"})
	for _, want := range []string{"900 TFLOP/s at 1700 MHz", "930 TFLOP/s from public microbenchmarks", "float16 809 TFLOP/s, SM clock 1545 MHz after", "float8: not measured (no)"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("missing %q in %s", want, b.String())
		}
	}
	if _, err := ReadLibrary(filepath.Join(dir, "missing.json")); err == nil {
		t.Error("a missing file was read")
	}
	if err := os.WriteFile(path, []byte(`{"gpu":""}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadLibrary(path); err == nil || !strings.Contains(err.Error(), "no GPU or no results") {
		t.Errorf("an empty measurement: %v", err)
	}
}

func TestHTMLGolden(t *testing.T) {
	var b strings.Builder
	if err := HTML(&b, synthetic(), nil); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"<!DOCTYPE html>", "<nav>", `<a href="#alu-layout">ALU layout</a>`, "<table>", "<figure><svg", "</svg><figcaption>"} {
		if !strings.Contains(out, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if strings.Contains(out, "<img ") || strings.Contains(out, "<?xml") {
		t.Error("a plot was linked rather than inlined")
	}
	golden(t, "synthetic.html", []byte(out))
}

func TestCrossVendorColumn(t *testing.T) {
	run := synthetic()
	run.Records = append(run.Records, record.Record{ID: "alu/fma.rn.f32/throughput", Suite: "alu", Subject: "fma.rn.f32", Quantity: record.Throughput,
		Status: record.StatusOK, Through: &record.ThroughputDetail{ResultsPerClockPerSM: 126.5}})
	var b strings.Builder
	writeCrossVendor(&b, run)
	for _, want := range []string{"## Compared with other architectures", "| F32 OPs (FMA) | 128 | 256 |", "| **253** |", "| Shared Banks |", "### Data-center GPUs", "| FP32 ops/clk | 128 | 128 | 256 | 256 | 128 | 256 | **253** |"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("lacks %q:\n%s", want, b.String())
		}
	}
}

func TestRecordLinks(t *testing.T) {
	if got := anchor("alu/fma.rn.f32/latency"); got != "r-alu-fma-rn-f32-latency" {
		t.Errorf("anchor = %q", got)
	}
	if got := anchor("mma/wgmma m64n256k16 f32+=f16 SS/throughput"); got != "r-mma-wgmma-m64n256k16-f32-f16-ss-throughput" {
		t.Errorf("anchor = %q", got)
	}
	var b strings.Builder
	if err := Markdown(&b, synthetic()); err != nil {
		t.Fatal(err)
	}
	// The instruction table's latency links to the record's row, which
	// carries the anchor.
	for _, want := range []string{"[4.00](#r-alu-fma-rn-f32-latency)", `<a id="r-alu-fma-rn-f32-latency"></a>` + "`alu/fma.rn.f32/latency`"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("document lacks %q", want)
		}
	}
}

// withLoops gives every mix of run a loop body: its parts' instructions
// interleaved over four chains, as the pipes suite's kernels are.
func withLoops(run *record.Run, bad string) *record.Run {
	op := map[string]string{
		"fma.rn.f32": "FFMA R%d, R%d, R3, UR4", "mad.lo.s32": "IMAD R%d, R%d, R3, UR4",
		"xor.b32": "LOP3.LUT R%d, R%d, R3, UR4, 0x96, !PT", "ex2.approx.ftz.f32": "MUFU.EX2 R%d, R%d",
	}
	for i := range run.Records {
		r := &run.Records[i]
		if r.Mix == nil {
			continue
		}
		var body []string
		for round := range 8 {
			for pi, p := range r.Mix.Parts {
				for k := range p.Count {
					reg := 8 + 2*((round*p.Count+k)%4) + 16*pi
					body = append(body, fmt.Sprintf(op[p.Subject], reg, reg))
				}
			}
		}
		if bad != "" && r.Subject == bad {
			body = append(body, "@@ not machine code")
		}
		r.Code = &record.CodeCheck{Status: "verified", Loop: body}
		r.Mix.Best = record.Shape{WarpsPerSM: 32, StepsPerIter: len(body)}
	}
	return run
}

func TestReplaySection(t *testing.T) {
	var b strings.Builder
	if err := Markdown(&b, withLoops(synthetic(), "")); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"### Replaying the machine code", "(chosen)", "- Replaying each mix's machine code on the pipelines",
		"| Held-out mix (largest errors first) | Measured | From counts | Error | Replayed | Error | Replay's limit |",
		"| Mix | Role | Measured | From counts | Replayed |"} {
		if !strings.Contains(out, want) {
			t.Errorf("document lacks %q", want)
		}
	}
	b.Reset()
	if err := Markdown(&b, withLoops(synthetic(), "FFMA:2+IMAD:1")); err != nil {
		t.Fatal(err)
	}
	if out := b.String(); !strings.Contains(out, "The mixes' loops could not be replayed: loop FFMA:2+IMAD:1:") {
		t.Errorf("a malformed loop is not reported:\n%s", out[strings.Index(out, "## ALU layout"):])
	}
}

func TestReplayLimit(t *testing.T) {
	bc := 0.25
	s := &record.CodeCheck{Found: 256, BankConflicts: &bc}
	model := infer.IssueModel{BankPenalty: 0.75, Alternate: true}
	got := replayLimit(infer.Replayed{Rate: 3.9, Issued: 0.97, Register: 0.03}, s, 3.89, 3.94, 4, model)
	for _, want := range []string{"issue and register reads: ", "4 other instructions beside the 256 under test (issue bound 3.940)",
		"loses 3.0% of its cycles waiting on register reads (0.25 bank conflicts a step)", "giving 3.900 against the 3.890 measured"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q lacks %q", got, want)
		}
	}
	got = replayLimit(infer.Replayed{Rate: 1, Issued: 0.25, Dependency: 0.75}, s, 1, 3.9, 0, model)
	if !strings.HasPrefix(got, "dependencies: replaying") || strings.Contains(got, "issue bound") {
		t.Errorf("latency-bound replay: %q", got)
	}
}

// The latency axis labels 1, 2 and 5 times each power of ten in range.
func TestLogTicks125(t *testing.T) {
	var labels []string
	for _, tk := range (logTicks125{}).Ticks(25, 800) {
		if tk.Label != "" {
			labels = append(labels, tk.Label)
		}
	}
	if got := strings.Join(labels, " "); got != "50 100 200 500" {
		t.Errorf("labels from 25 to 800: %q, want \"50 100 200 500\"", got)
	}
	if ts := (logTicks125{}).Ticks(0, 10); ts != nil {
		t.Errorf("a range from 0 has ticks %v", ts)
	}
}

// A Vulkan run's matrix section: the cooperative matrices the driver
// lists, each form's row with its code, best shape and share of the
// peak, and the verdict line.
func TestCoopMatSection(t *testing.T) {
	bytes := 32.0
	run := &record.Run{Device: record.Device{Backend: "vulkan", Vulkan: &record.VulkanDevice{
		CooperativeMatrix: []record.CooperativeMatrix{
			{M: 16, N: 16, K: 16, A: "f16", B: "f16", C: "f32", Result: "f32", Scope: "subgroup"},
			{M: 16, N: 8, K: 32, A: "s8", B: "s8", C: "s32", Result: "s32", Saturating: true, Scope: "subgroup"},
		},
		CooperativeMatrix2: "VK_NV_cooperative_matrix2: workgroup scope up to 256 invocations",
	}}}
	name := "coopmat 16x16x16 f32+=f16*f16"
	run.Records = []record.Record{
		{ID: "mma/" + name + "/latency", Suite: "mma", Subject: name, Group: "coopmat", Quantity: record.Latency, Status: record.StatusOK, Value: 33.2},
		{ID: "mma/" + name + "/throughput", Suite: "mma", Subject: name, Group: "coopmat", Quantity: record.Throughput, Status: record.StatusOK, Value: 2730,
			Code: &record.CodeCheck{BinaryBytesPerStep: &bytes},
			Through: &record.ThroughputDetail{ResultsPerSecond: 2730 * 132 * 1.755e9,
				Best:      record.Shape{WarpsPerSM: 16, ILP: 4, BlocksPerSM: 2},
				Reference: &record.Reference{Class: "tensor f16", ResultsPerClockPerSM: 4096, Ratio: 2730.0 / 4096}},
			Provenance: record.Provenance{Clock: &record.Clock{Hz: 1.755e9}}},
		{ID: "mma/coopmat 16x8x32 s32+=s8*s8 sat/throughput", Suite: "mma", Subject: "coopmat 16x8x32 s32+=s8*s8 sat", Group: "coopmat",
			Quantity: record.Throughput, Status: record.StatusSkipped, Reason: "not supported by this device: why"},
	}
	var b strings.Builder
	writeMMA(&b, run, nil)
	wantLines(t, b.String(),
		"The driver lists 2 combinations: 16×16×16 f16·f16+f32→f32 (subgroup); 16×8×32 s8·s8+s32→s32 (subgroup) saturating. VK_NV_cooperative_matrix2",
		"| `coopmat 16x16x16 f32+=f16*f16` | binary +32 B per multiply-add | [33.2](#r-mma-coopmat-16x16x16-f32-f16-f16-latency) | 16 × 4 (8 per workgroup) |",
		"| 632.4 | 66.7% | 1755 MHz |",
		"| `coopmat 16x8x32 s32+=s8*s8 sat` | — | — | skipped: not supported by this device: why |",
		"reaches 66.7% of the documented dense peak for f16 inputs at 16 subgroups per SM (8 per workgroup) with 4 accumulators each")
	if strings.Contains(b.String(), "warp-level `mma.sync`") {
		t.Error("a Vulkan run's section describes the CUDA forms")
	}
}
