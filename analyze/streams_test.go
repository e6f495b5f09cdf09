package analyze

import (
	"math"
	"testing"

	"github.com/gpuarch/gpuarch/measure/memory"
	"github.com/gpuarch/gpuarch/record"
)

// A level's copies at warps give a stream's cycles an iteration by the
// lines it keeps in flight: a curve's own lines at its own warps are
// its measured cycles, other lines take the rate at as many lines in
// flight, between curves linear in the lines.
func TestStreamCycles(t *testing.T) {
	l := Level{Streams: []StreamCurve{
		// 4-byte copy: 2 lines a warp iteration, 800 cycles at one warp,
		// 1000 at 32.
		{Lines: 2, Copy: true, Record: "c4", Points: []LoadedPoint{{1, 2.0 / 800}, {32, 64.0 / 1000}}},
		// 16-byte copy: 8 lines, 900 cycles at one warp, 2800 at 32.
		{Lines: 8, Copy: true, Record: "c16", Points: []LoadedPoint{{1, 8.0 / 900}, {32, 256.0 / 2800}}},
		{Lines: 1, Record: "r4", Points: []LoadedPoint{{1, 1.0 / 700}}},
	}}
	c4, c16 := l.Streams[0], l.Streams[1]
	for _, tc := range []struct {
		name         string
		lines, warps float64
		want         float64
		recs         int
	}{
		{"the 4-byte copy's own point", 2, 32, 1000, 1},
		{"the 16-byte copy's own point", 8, 1, 900, 2},
		// Below the first warps the rate grows with them: one warp's
		// latency whatever the lines.
		{"fewer lines than any curve", 1, 1, 800, 1},
		// 8 lines at 32 warps: 4 times the 4-byte copy's lines in
		// flight, beyond its last point (saturated).
		{"more lines than the 16-byte copy", 16, 32, 16 * 32 / c16.rateAt(64), 1},
		{"between the curves", 5, 8, c4.cyclesFor(5, 8) + (c16.cyclesFor(5, 8)-c4.cyclesFor(5, 8))*0.5, 2},
	} {
		got, recs, ok := l.streamCycles(tc.lines, tc.warps, true)
		if !ok || math.Abs(got-tc.want) > 1e-6*tc.want || len(recs) != tc.recs {
			t.Errorf("%s: %.3f %v %v, want %.3f from %d records", tc.name, got, recs, ok, tc.want, tc.recs)
		}
	}
	if _, _, ok := l.streamCycles(0.5, 32, true); ok {
		t.Error("half a line a warp iteration taken as a stream")
	}
	if _, _, ok := (Level{}).streamCycles(2, 32, true); ok {
		t.Error("a level without the records gave a stream's cycles")
	}
}

// The results' streams at warps become the level's curves: the copy's
// lines twice the reads', failed points and other records left out.
func TestMachineStreams(t *testing.T) {
	rec := func(level string, width int, store string, pts ...record.ParamPoint) record.Record {
		return record.Record{ID: memory.StreamWarpsID(level, width, store), Suite: memory.Suite, Group: memory.GroupStreamWarps,
			Subject: memory.StreamWarpsSubject(level, width, store), Quantity: record.Throughput, Status: record.StatusOK,
			Sweep: &record.SweepDetail{Points: pts}}
	}
	run := &record.Run{Records: []record.Record{
		rec(memory.LevelDRAM, 16, memory.WaitsStoreOther, record.ParamPoint{X: 32, Value: 0.09}, record.ParamPoint{X: 1, Value: 0.009}, record.ParamPoint{X: 8, Failed: "timed out"}),
		rec(memory.LevelL2, 4, memory.WaitsNoStore, record.ParamPoint{X: 1, Value: 0.003}),
		rec(memory.LevelL1, 4, memory.WaitsStoreOther, record.ParamPoint{X: 1, Value: 0.1}),
	}}
	m := &Machine{Levels: map[string]Level{}}
	m.levels(run)
	d := m.Levels["DRAM"].Streams
	if len(d) != 1 || d[0].Lines != 8 || !d[0].Copy || len(d[0].Points) != 2 || d[0].Points[0].Warps != 1 {
		t.Errorf("DRAM streams %+v", d)
	}
	if s := m.Levels["L2"].Streams; len(s) != 1 || s[0].Lines != 1 || s[0].Copy {
		t.Errorf("L2 streams %+v", s)
	}
	if s := m.Levels["L1"].Streams; len(s) != 0 {
		t.Errorf("L1 streams %+v", s)
	}
}

func TestUncovered(t *testing.T) {
	for _, tc := range []struct {
		lo, hi int64
		cover  [][2]int64
		want   int64
	}{
		{0, 10, nil, 10},
		{0, 10, [][2]int64{{-5, 3}}, 7},
		{0, 10, [][2]int64{{8, 20}, {-5, 3}}, 5},
		{0, 10, [][2]int64{{2, 4}, {3, 6}}, 6},
		{0, 10, [][2]int64{{-1, 11}}, 0},
		{0, 10, [][2]int64{{10, 12}, {-4, 0}}, 10},
	} {
		if got := uncovered(tc.lo, tc.hi, tc.cover); got != tc.want {
			t.Errorf("uncovered(%d, %d, %v) = %d, want %d", tc.lo, tc.hi, tc.cover, got, tc.want)
		}
	}
}

// A value under a run-time mask plus a constant, masked again by the
// same mask, keeps its name and offset: a stencil's (j - 1) & m beside
// j = x & m are one name 1 apart.
func TestMaskedName(t *testing.T) {
	x := lval{ok: true, align: 32, sym: symOf("x")}
	for l := range x.d {
		x.d[l] = int64(l)
	}
	m := named(uniformVal(1), symOf("mask"))
	j := andVal(x, m)
	left := andVal(addLanes(j, constVal(-1)), m)
	if j.sym == 0 || left.sym != j.sym || left.off != j.off-1 {
		t.Errorf("j: %x%+d, (j - 1) & m: %x%+d", j.sym, j.off, left.sym, left.off)
	}
	other := andVal(addLanes(j, constVal(1)), named(uniformVal(1), symOf("another mask")))
	if other.sym == j.sym {
		t.Errorf("(j + 1) & another mask named as j")
	}
}

func TestZeroExtended(t *testing.T) {
	for _, tc := range []struct {
		opcode string
		want   int64
	}{
		{"LDG.E.U8", 256},
		{"LDS.U16", 65536},
		{"LDG.E.U8.CONSTANT", 256},
		{"LDG.E.S8", 0},
		{"LDG.E", 0},
		{"LDG.E.128", 0},
	} {
		if got := zeroExtended(tc.opcode); got != tc.want {
			t.Errorf("zeroExtended(%q) = %d, want %d", tc.opcode, got, tc.want)
		}
	}
}

// A read beside writes costs what the level's copy with the most lines,
// at its most warps, takes per line read and written less a written
// line's cost at the write record: 256 lines in 1265 cycles a copy (8
// lines × 32 warps, half of them written) is 9.88 cycles a pair, less
// 128/16 = 8 for the write, 1.88 for the read.
func TestReadBesideWrites(t *testing.T) {
	copyAt := func(lines, rate float64, rec string) StreamCurve {
		return StreamCurve{Lines: lines, Copy: true, Record: rec, Points: []LoadedPoint{{1, lines / 900}, {32, rate}}}
	}
	for _, tc := range []struct {
		name string
		l    Level
		want float64
		rec  string
	}{
		{"the widest copy's last point", Level{WriteBytesPerClock: 16, Streams: []StreamCurve{
			copyAt(2, 64.0/1000, "c4"), copyAt(8, 256.0/1265, "c16"), {Lines: 4, Record: "r16", Points: []LoadedPoint{{32, 0.5}}},
		}}, 2*1265.0/256 - 8, "c16"},
		{"no write record", Level{Streams: []StreamCurve{copyAt(8, 256.0/1265, "c16")}}, 0, ""},
		{"no copy", Level{WriteBytesPerClock: 16, Streams: []StreamCurve{{Lines: 4, Record: "r16", Points: []LoadedPoint{{32, 0.5}}}}}, 0, ""},
		// A copy faster than its writes alone leaves nothing to the read.
		{"copy faster than its writes", Level{WriteBytesPerClock: 16, Streams: []StreamCurve{copyAt(8, 0.3, "c16")}}, 0, ""},
	} {
		got, rec, ok := tc.l.readBesideWrites()
		if ok != (tc.rec != "") || math.Abs(got-tc.want) > 1e-9 || rec != tc.rec {
			t.Errorf("%s: %v %q %v, want %v %q", tc.name, got, rec, ok, tc.want, tc.rec)
		}
	}
}
