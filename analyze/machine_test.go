package analyze

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/gpuarch/gpuarch/infer"
	"github.com/gpuarch/gpuarch/measure/memory"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/report"
	"github.com/gpuarch/gpuarch/sass"
)

func TestLoadedAt(t *testing.T) {
	l := Level{Loaded: []LoadedPoint{{Warps: 1, Cycles: 360}, {Warps: 4, Cycles: 364}, {Warps: 16, Cycles: 680}, {Warps: 32, Cycles: 1560}}}
	for _, tt := range []struct {
		name  string
		warps float64
		want  float64
	}{
		{"below the first count: the first's", 0.5, 360},
		{"a measured count", 16, 680},
		{"between counts: linear", 24, 1120},
		{"beyond the last: the last's lines per clock", 64, 3120},
	} {
		got, ok := l.loadedAt(tt.warps)
		if !ok || math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("%s: loadedAt(%v) = %v, %v, want %v", tt.name, tt.warps, got, ok, tt.want)
		}
	}
	if _, ok := (Level{}).loadedAt(8); ok {
		t.Error("a level without the divergent chase answered")
	}
}

// TestMachineReadsDivergentChase reads the divergent chase's latency
// sweep into the level it names, in order of warps, leaving out failed
// points and the throughput record.
func TestMachineReadsDivergentChase(t *testing.T) {
	sweep := &record.SweepDetail{X: "warps per SM", Points: []record.ParamPoint{
		{X: 8, Value: 410}, {X: 1, Value: 360}, {X: 4, Failed: "launch failed"}, {X: 2, Value: 359},
	}}
	run := &record.Run{Device: record.Device{Name: "GPU", ComputeCapability: "9.0"}, Records: []record.Record{
		{ID: "memory/divergent loads/L2, a line per lane/latency", Suite: "memory", Group: "divergent loads", Subject: "L2, a line per lane",
			Quantity: record.Latency, Status: record.StatusOK, Value: 360, Sweep: sweep},
		{ID: "memory/divergent loads/L2, a line per lane/throughput", Suite: "memory", Group: "divergent loads", Subject: "L2, a line per lane",
			Quantity: record.Throughput, Status: record.StatusOK, Value: 0.6, Sweep: &record.SweepDetail{Points: []record.ParamPoint{{X: 1, Value: 0.1}}}},
	}}
	m := &Machine{Levels: map[string]Level{}}
	m.levels(run)
	got := m.Levels["L2"].Loaded
	want := []LoadedPoint{{1, 360}, {2, 359}, {8, 410}}
	if len(got) != len(want) {
		t.Fatalf("loaded points %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("point %d: %v, want %v", i, got[i], want[i])
		}
	}
}

// TestSequenceOpcodes reads a warp chain of three opcodes a step, two of
// them measured alone: the third's latency is the chain's less theirs,
// its rate the chain's (the others issue four times as fast); a chain
// with two unmeasured opcodes measures neither.
func TestSequenceOpcodes(t *testing.T) {
	alone := func(id, op string, q record.Quantity, v float64) record.Record {
		unit := "cycles"
		if q == record.Throughput {
			unit = "warp instructions/clock/SM"
		}
		return record.Record{ID: id, Suite: "alu", Quantity: q, Unit: unit, Status: record.StatusOK, Value: v,
			Code: &record.CodeCheck{PerStep: map[string]float64{op: 1}}}
	}
	chain := func(id string, q record.Quantity, v float64, ops ...string) record.Record {
		r := alone(id, ops[0], q, v)
		r.Suite = "warp"
		for _, op := range ops[1:] {
			r.Code.PerStep[op] = 1
		}
		return r
	}
	run := &record.Run{Records: []record.Record{
		alone("alu/imad/latency", "IMAD", record.Latency, 4),
		alone("alu/imad/throughput", "IMAD", record.Throughput, 2),
		alone("alu/lop3/latency", "LOP3.LUT", record.Latency, 4),
		alone("alu/lop3/throughput", "LOP3.LUT", record.Throughput, 2),
		chain("warp/redux/latency", record.Latency, 47, "REDUX.SUM", "IMAD.U32", "LOP3.LUT"),
		chain("warp/redux/throughput", record.Throughput, 0.5, "REDUX.SUM", "IMAD.U32", "LOP3.LUT"),
		chain("warp/two unknown/latency", record.Latency, 60, "MATCH.ANY", "VOTE.ANY", "LOP3.LUT"),
	}}
	m := &Machine{Opcodes: map[string]Measured{}, Immediate: map[string]Measured{}}
	m.opcodes(run)
	m.sequenceOpcodes(run)
	e, ok := m.Opcodes["REDUX.SUM"]
	if !ok || e.LatencyCycles != 39 || e.Rate != 0.5 {
		t.Errorf("REDUX.SUM: %+v (found %v), want latency 39 (47 - 4 - 4) and rate 0.5", e, ok)
	}
	for _, op := range []string{"MATCH.ANY", "VOTE.ANY"} {
		if _, ok := m.Opcodes[op]; ok {
			t.Errorf("%s measured from a chain with two unmeasured opcodes", op)
		}
	}
	// Another form of the same base (MATCH.ANY, measured on lanes whose
	// values all differ) does not stand in for the chain's unmeasured
	// opcode: MATCH.ALL is the chain less LOP3.
	run = &record.Run{Records: []record.Record{
		alone("alu/lop3/latency", "LOP3.LUT", record.Latency, 4),
		alone("warp/match.sync.any.b32/latency", "MATCH.ANY", record.Latency, 369),
		chain("warp/match.sync.all.b32/latency", record.Latency, 34, "MATCH.ALL", "LOP3.LUT"),
	}}
	m = &Machine{Opcodes: map[string]Measured{}, Immediate: map[string]Measured{}}
	m.opcodes(run)
	m.sequenceOpcodes(run)
	if e, ok := m.Lookup("MATCH.ALL"); !ok || e.LatencyCycles != 30 {
		t.Errorf("MATCH.ALL: %+v (found %v), want latency 30 (34 - 4), not MATCH.ANY's 369", e, ok)
	}
}

// match.sync.any's records on keys of few distinct values are the chain
// less its two LOP3s, the plain record the point at 32, and matchAt
// interpolates between them, the rate as time per instruction.
func TestMatchAny(t *testing.T) {
	rec := func(k int, q record.Quantity, v float64) record.Record {
		unit := "cycles"
		if q == record.Throughput {
			unit = "warp instructions/clock/SM"
		}
		return record.Record{ID: fmt.Sprintf("warp/%d/%s", k, q), Suite: "warp", Subject: fmt.Sprintf("match.sync.any.b32, %d distinct values", k),
			Quantity: q, Unit: unit, Status: record.StatusOK, Value: v,
			Code: &record.CodeCheck{PerStep: map[string]float64{"MATCH.ANY": 1, "LOP3.LUT": 2}}}
	}
	run := &record.Run{Records: []record.Record{
		{ID: "alu/lop3/latency", Suite: "alu", Quantity: record.Latency, Unit: "cycles", Status: record.StatusOK, Value: 4,
			Code: &record.CodeCheck{PerStep: map[string]float64{"LOP3.LUT": 1}}},
		{ID: "warp/any/latency", Suite: "warp", Quantity: record.Latency, Unit: "cycles", Status: record.StatusOK, Value: 369,
			Code: &record.CodeCheck{PerStep: map[string]float64{"MATCH.ANY": 1}}},
		{ID: "warp/any/throughput", Suite: "warp", Quantity: record.Throughput, Unit: "warp instructions/clock/SM", Status: record.StatusOK, Value: 1.0 / 64,
			Code: &record.CodeCheck{PerStep: map[string]float64{"MATCH.ANY": 1}}},
		rec(1, record.Latency, 36), rec(1, record.Throughput, 0.5),
		rec(8, record.Latency, 113), rec(8, record.Throughput, 1.0/16),
	}}
	m := &Machine{Opcodes: map[string]Measured{}, Immediate: map[string]Measured{}}
	m.opcodes(run)
	m.sequenceOpcodes(run)
	m.matchAny(run)
	if len(m.MatchAny) != 3 || m.MatchAny[0].LatencyCycles != 28 || m.MatchAny[2].Distinct != 32 {
		t.Fatalf("MatchAny = %+v, want 1 (36 - 2×4 = 28), 8 and 32 distinct", m.MatchAny)
	}
	for _, c := range []struct{ d, lat, rate float64 }{
		{1, 28, 0.5}, {8, 105, 1.0 / 16}, {20, 105 + (369-105)*12.0/24, 1 / (16 + 48*12.0/24)}, {32, 369, 1.0 / 64},
	} {
		lat, rate, _, ok := m.matchAt(c.d)
		if !ok || math.Abs(lat-c.lat) > 1e-9 || math.Abs(rate-c.rate) > 1e-9 {
			t.Errorf("matchAt(%g) = %g, %g (%v), want %g, %g", c.d, lat, rate, ok, c.lat, c.rate)
		}
	}
}

// Shared atomics take the dispatch suite's records: a compare-and-store
// spin loop its float add's (or, 64-bit, its u64 add's), others their
// operation's.
func TestSharedAtomicSubject(t *testing.T) {
	for _, c := range []struct {
		op, want string
		spin     bool
	}{
		{"ATOMS.CAST.SPIN", "atom.shared.add.f32", true},
		{"ATOMS.CAST.SPIN.64", "atom.shared.add.u64", true},
		{"ATOMS.ADD", "atom.shared.add.u32", false},
		{"ATOMS.CAS", "atom.shared.cas.b32", false},
		{"ATOMS.POPC.INC.32", "atom.shared.add.u32", false},
		{"ATOMS.MAX.S32", "atom.shared.max.s32", false},
		{"ATOMS.EXCH", "atom.shared.exch.b32", false},
	} {
		got, spin := sharedAtomicSubject(sass.Instruction{Opcode: c.op})
		if got != c.want || spin != c.spin {
			t.Errorf("%s: %q, %v; want %q, %v", c.op, got, spin, c.want, c.spin)
		}
	}
}

func TestWaitExtra(t *testing.T) {
	l := Level{Waits: []WaitPoint{
		{Loads: 1, Width: 4, Cycles: 300}, {Loads: 1, Width: 8, Cycles: 320}, {Loads: 1, Width: 16, Cycles: 340},
		{Loads: 2, Width: 4, Cycles: 340}, {Loads: 2, Width: 16, Cycles: 360},
		{Loads: 4, Width: 4, Cycles: 380}, {Loads: 4, Width: 16, Cycles: 400},
		{Loads: 1, Width: 4, Store: "stored to another line", Cycles: 310},
		{Loads: 1, Width: 16, Store: "stored to another line", Cycles: 360},
		{Loads: 1, Width: 4, Store: "stored back to its line", Cycles: 350},
	}}
	for _, tt := range []struct {
		name           string
		loads, sectors float64
		store          string
		want           float64
		ok             bool
	}{
		{"one 4-byte load: the base itself", 1, 4, "", 0, true},
		{"a byte a lane: taken as four sectors", 1, 1, "", 0, true},
		{"one 16-byte load", 1, 16, "", 40, true},
		{"sectors between the records: linear", 1, 12, "", 30, true},
		{"more sectors than the widest: its value", 1, 32, "", 40, true},
		{"two loads", 2, 4, "", 40, true},
		{"two loads, 8 bytes (no such record): between 4 and 16", 2, 8, "", 40 + 20.0/3, true},
		{"three loads: between two and four", 3, 16, "", 80, true},
		{"more loads than measured: the most's", 8, 4, "", 80, true},
		{"a copy adds its store's record less the load's", 1, 16, "stored to another line", 40 + 20, true},
		{"two loads and a copy", 2, 4, "stored to another line", 40 + 10, true},
		{"in place at 4 bytes", 1, 4, "stored back to its line", 50, true},
		{"in place at 16 bytes: the widest measured store record, 4 bytes", 1, 16, "stored back to its line", 50, true},
	} {
		got, ok := l.waitExtra(tt.loads, tt.sectors, tt.store)
		if ok != tt.ok || math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("%s: waitExtra(%v, %v, %q) = %v, %v; want %v, %v", tt.name, tt.loads, tt.sectors, tt.store, got, ok, tt.want, tt.ok)
		}
	}
	if _, ok := (Level{}).waitExtra(2, 4, ""); ok {
		t.Error("a level without the records gave an extra")
	}
	// A record above one of more loads or wider lanes is read as that
	// one (the H200's two 4-byte loads, 347 cycles, against two 8-byte
	// ones, 341).
	noisy := Level{Waits: []WaitPoint{
		{Loads: 1, Width: 4, Cycles: 301}, {Loads: 2, Width: 4, Cycles: 347}, {Loads: 2, Width: 8, Cycles: 341},
	}}
	if got, ok := noisy.waitExtra(2, 4, ""); !ok || got != 40 {
		t.Errorf("two 4-byte loads beside a faster record of two 8-byte ones: %v, %v; want 40, true", got, ok)
	}
}

// A compare-and-store spin loop passed once costs its record: the
// ATOMS.CAST.SPIN takes the record less the loop's load and add; a
// guarded one (one lane's) what each lane past the first added in the
// record of 32 lanes on one word.
func TestSpinLoopLatency(t *testing.T) {
	const spin = `
        /*0000*/                   LDS R14, [R11] ;
        /*0010*/                   FADD R15, R13, R14 ;
        /*0020*/                   ATOMS.CAST.SPIN R15, [R11], R14, R15 ;
        /*0030*/                   ISETP.EQ.U32.AND P1, PT, R15, 0x1, PT ;
        /*0040*/              @!P1 BRA 0x0 ;
        /*0050*/                   BSYNC B0 ;
`
	const guarded = `
        /*0000*/                   BSSY B0, 0x70 ;
        /*0010*/               @P1 BRA 0x70 ;
        /*0020*/                   LDS R14, [R11] ;
        /*0030*/                   FADD R15, R13, R14 ;
        /*0040*/                   ATOMS.CAST.SPIN R15, [R11], R14, R15 ;
        /*0050*/                   ISETP.EQ.U32.AND P1, PT, R15, 0x1, PT ;
        /*0060*/              @!P1 BRA 0x20 ;
        /*0070*/                   BSYNC B0 ;
`
	m := &Machine{
		ALU:     &report.ALUModel{Layout: &infer.Layout{}},
		Opcodes: map[string]Measured{"FADD": {Opcode: "FADD", LatencyCycles: 4}},
		Levels:  map[string]Level{"shared": {Name: "shared", LatencyCycles: 30}},
		SharedAtomics: map[string]Measured{
			"atom.shared.add.f32":                       {LatencyCycles: 194, Rate: 4.5},
			"atom.shared.add.f32, 32 lanes one address": {LatencyCycles: 3042, Rate: 0.33},
		},
	}
	for _, c := range []struct {
		name, listing string
		want          float64
	}{
		{"every lane", spin, 194 - 30 - 4},
		{"one lane", guarded, (3042-194)/31.0 - 30 - 4},
	} {
		t.Run(c.name, func(t *testing.T) {
			l, err := sass.ParseListing(".text.k:\n" + c.listing)
			if err != nil {
				t.Fatal(err)
			}
			lm := newLoopModel(m, l.Functions[0].Instructions, PatternAuto)
			for i, in := range lm.body {
				if in.Base() != "ATOMS" {
					continue
				}
				got, _, ok := lm.ownLatency(i, DefaultLevel)
				if !ok || math.Abs(got-c.want) > 1e-9 {
					t.Errorf("ATOMS.CAST.SPIN latency %g (%v), want %g", got, ok, c.want)
				}
			}
		})
	}
}

// TestCompareClasses checks the pipeline the compares and selects the
// alu suite measured only in pairs are given: on the H100, ISETP + SEL
// and FSETP + FSEL run at one pair a clock per SM, half the rate of the
// pipeline of VIMNMX and FMNMX (2 a clock), so both take it; an opcode the
// pipes suite classed keeps its own class.
func TestCompareClasses(t *testing.T) {
	if testing.Short() {
		t.Skip("fits the replay's issue model to the H100 record: seconds")
	}
	m := h100(t)
	for op, want := range map[string]string{"ISETP": "VIMNMX", "SEL": "VIMNMX", "FSETP": "FMNMX", "FSEL": "FMNMX"} {
		if got := m.PairClasses[op]; got != want {
			t.Errorf("%s: class %q, want %q", op, got, want)
		}
		if m.pipeOf(op) != m.pipeOf("LOP3.LUT") {
			t.Errorf("%s: pipeline %q, want LOP3's %q", op, m.pipeOf(op), m.pipeOf("LOP3.LUT"))
		}
	}
	if _, ok := m.PairClasses["LOP3"]; ok {
		t.Error("LOP3, classed by the pipes suite, given a pair's class")
	}
	if len(m.PairRecords) == 0 {
		t.Error("no pair records named")
	}
}

// TestLoopL1Latency derives the L1's latency in a loop from the loads
// waited on together's one 4-byte load at the L1 and the L2 (the H100's
// 55.4 and 302.3 cycles an iteration) and the L2's chase latency, and
// takes the probe's xor of the words it loads out of its wider records.
func TestLoopL1Latency(t *testing.T) {
	rec := func(level string, loads, width int, v float64) record.Record {
		return record.Record{ID: memory.WaitsID(level, loads, width, memory.WaitsNoStore), Suite: memory.Suite,
			Group: memory.GroupWaits, Subject: memory.WaitsSubject(level, loads, width, memory.WaitsNoStore),
			Status: record.StatusOK, Value: v}
	}
	run := &record.Run{Records: []record.Record{
		rec("L1", 1, 4, 55.4), rec("L2", 1, 4, 302.3), rec("L2", 1, 16, 346.0), rec("L2", 2, 8, 341.9),
	}}
	for _, tt := range []struct {
		name        string
		l1, l2, lop float64
		want        float64
		wantWaits   []float64
	}{
		// 55.4 − (302.3 − 284.9): the two records' shared cycles.
		{"H100", 32, 284.9, 4, 55.4 - (302.3 - 284.9), []float64{302.3, 338.0, 333.9}},
		// A chase slower than the loop's figure stays.
		{"chase slower", 40, 284.9, 4, 40, []float64{302.3, 338.0, 333.9}},
		// LOP3 not measured: the records as they are.
		{"no LOP3", 32, 284.9, 0, 55.4 - (302.3 - 284.9), []float64{302.3, 346.0, 341.9}},
		{"no L2 latency", 32, 0, 4, 32, []float64{302.3, 338.0, 333.9}},
	} {
		m := &Machine{Levels: map[string]Level{"L1": {Name: "L1", LatencyCycles: tt.l1}, "L2": {Name: "L2", LatencyCycles: tt.l2}},
			Opcodes: map[string]Measured{}}
		if tt.lop > 0 {
			m.Opcodes["LOP3.LUT"] = Measured{LatencyCycles: tt.lop}
		}
		m.levels(run)
		m.loopL1Latency(run)
		if got := m.Levels["L1"].LatencyCycles; math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("%s: L1 latency %v, want %v", tt.name, got, tt.want)
		}
		var waits []float64
		for _, w := range m.Levels["L2"].Waits {
			waits = append(waits, w.Cycles)
		}
		if len(waits) != len(tt.wantWaits) {
			t.Fatalf("%s: L2 waits %v, want %v", tt.name, waits, tt.wantWaits)
		}
		for i := range waits {
			if math.Abs(waits[i]-tt.wantWaits[i]) > 1e-9 {
				t.Errorf("%s: L2 waits %v, want %v (the probe's xor levels out)", tt.name, waits, tt.wantWaits)
				break
			}
		}
	}
}

// TestSequenceClasses checks that the H100 record's vabsdiff.s32 sequence
// (PRMT, IADD3, LEA, ISETP and IMAD.MOV a step at a quarter of the 1.99
// pipeline's rate) puts IADD3 and LEA on PRMT's pipeline, and that
// cnot.b32's (IMAD.MOV, ISETP, SEL, VIADD at half of it, which ISETP and
// SEL alone explain) leaves VIADD unclassed.
func TestSequenceClasses(t *testing.T) {
	m := h100(t)
	alu := m.pipeOf("PRMT")
	if alu == "" {
		t.Fatal("PRMT has no pipeline")
	}
	for _, op := range []string{"IADD3", "LEA.HI.X.SX32", "LEA"} {
		if got := m.pipeOf(op); got != alu {
			t.Errorf("pipeOf(%s) = %q, want %q", op, got, alu)
		}
	}
	if got := m.pipeOf("VIADD"); got != "" {
		t.Errorf("pipeOf(VIADD) = %q, want none", got)
	}
	if len(m.SequenceRecords) != 1 || m.SequenceRecords[0] != "alu/vabsdiff.s32.s32.s32/throughput" {
		t.Errorf("sequence records %v, want the vabsdiff.s32 throughput", m.SequenceRecords)
	}
}

// TestHashedChases tells a chase whose next address hashes the loaded
// value (lowbias32's xor and multiply: its lines fall at random, as a
// hashed gather's) from one that only scales it (p = next[p]: the
// divergent chase's record).
func TestHashedChases(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		want       bool
	}{
		{"p = next[p]", `
        /*0100*/                   IMAD.WIDE.U32 R2, R4, 0x8, R6 ;
        /*0110*/                   LDG.E.64 R4, desc[UR4][R2.64] ;
`, false},
		{"p = next[p] & m", `
        /*0100*/                   LOP3.LUT R8, R4, UR5, RZ, 0xc0, !PT ;
        /*0110*/                   IMAD.WIDE.U32 R2, R8, 0x4, R6 ;
        /*0120*/                   LDG.E R4, desc[UR4][R2.64] ;
`, false},
		{"x = lowbias32(x ^ v)", `
        /*0100*/                   LOP3.LUT R9, R9, R4, RZ, 0x3c, !PT ;
        /*0110*/                   SHF.R.U32.HI R8, RZ, 0x10, R9 ;
        /*0120*/                   LOP3.LUT R8, R8, R9, RZ, 0x3c, !PT ;
        /*0130*/                   IMAD R9, R8, 0x7feb352d, RZ ;
        /*0140*/                   LOP3.LUT R8, R9, UR5, RZ, 0xc0, !PT ;
        /*0150*/                   IMAD.WIDE.U32 R2, R8, 0x4, R6 ;
        /*0160*/                   LDG.E R4, desc[UR4][R2.64] ;
`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := sass.ParseListing("        .text.k:\n.L_x_1:\n" + tc.body + "        /*0200*/                   BRA `(.L_x_1) ;\n")
			if err != nil {
				t.Fatal(err)
			}
			lm := newLoopModel(&Machine{ALU: &report.ALUModel{Layout: &infer.Layout{}}}, l.Functions[0].Instructions, PatternAuto)
			for i, in := range lm.body {
				if in.Base() != "LDG" {
					continue
				}
				if !lm.chased[i] {
					t.Fatalf("%s: not taken as a chase", in)
				}
				if lm.hashed[i] != tc.want {
					t.Errorf("%s: hashed %v, want %v", in, lm.hashed[i], tc.want)
				}
			}
		})
	}
}

// TestCoalescedRedRidesWithItsRequest: a coalesced REDG's data goes with
// the request to the L2's slices, so at the L2 it is costed on the
// atomics' station (the transfer-unit rate of its lanes' spacing) and not
// also as an L2 write beside it; at the DRAM the lines it dirties are
// written back, so the DRAM's write stays (red.sass: corpus30's
// gatomic_add_u32_coalesced_distinct).
func TestCoalescedRedRidesWithItsRequest(t *testing.T) {
	if testing.Short() {
		t.Skip("fits the replay's issue model to the H100 record: seconds")
	}
	m := h100(t)
	bounds := func(level string) map[string]float64 {
		rep, err := Analyze(m, listing(t, "red.sass"), nil, Options{WarpsPerSM: 8, ThreadsPerBlock: 1024, Level: level})
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Kernels) != 1 || len(rep.Kernels[0].Loops) != 1 {
			t.Fatalf("%s: want one kernel with one loop, got %+v", level, rep.Kernels)
		}
		out := map[string]float64{}
		for _, b := range rep.Kernels[0].Loops[0].Bounds {
			out[b.Name] = b.Cycles
		}
		return out
	}
	l2 := bounds("L2")
	if l2["memory L2 atomics"] <= 0 {
		t.Errorf("at the L2: no atomics' station in %v", l2)
	}
	if l2["memory L2 write"] > 0 {
		t.Errorf("at the L2: the RED's data costed as a write too (%v cycles)", l2["memory L2 write"])
	}
	dram := bounds("DRAM")
	if dram["memory DRAM write"] <= 0 {
		t.Errorf("at the DRAM: the lines the RED dirties not written back: %v", dram)
	}
}

// TestTakenBranch checks which branches of an iteration's body are taken:
// a guard whose special case was left out jumps over it, an if's branch
// kept beside the side it skips falls through, and the back-branch is
// taken; in one warp's replay the instruction after a taken branch
// issues BranchCycles after it, not the branch's stall count.
func TestTakenBranch(t *testing.T) {
	l, err := sass.ParseListing("        .text.k:\n.L_x_1:\n" + `
        /*0100*/                   FSETP.GTU.AND P0, PT, |R3|, +INF , PT ;
        /*0110*/               @P0 BRA ` + "`(.L_x_2)" + ` ;
        /*0120*/                   FADD R3, R3, 1 ;
        /*0130*/                   FADD R3, R3, R3 ;
.L_x_2:
        /*0140*/               @P1 BRA ` + "`(.L_x_3)" + ` ;
        /*0150*/                   FADD R4, R4, 1 ;
.L_x_3:
        /*0160*/                   BRA ` + "`(.L_x_1)" + ` ;
`)
	if err != nil {
		t.Fatal(err)
	}
	body := l.Functions[0].Instructions
	// The guard's special side (0x120) left out, as Iteration leaves
	// a math library's special case out.
	body = slices.DeleteFunc(slices.Clone(body), func(in sass.Instruction) bool { return in.Offset == 0x120 })
	for i := range body {
		body[i].Control = &sass.Control{Stall: 2, WriteBarrier: sass.NoBarrier, ReadBarrier: sass.NoBarrier}
	}
	m := &Machine{ALU: &report.ALUModel{Layout: &infer.Layout{}}, BranchCycles: 10}
	lm := newLoopModel(m, body, PatternAuto)
	want := map[int]bool{0x110: true, 0x140: false, 0x160: true}
	for i, in := range lm.body {
		if w, ok := want[in.Offset]; ok && lm.takenBranch(i) != w {
			t.Errorf("%#x %s: taken %v, want %v", in.Offset, in, lm.takenBranch(i), w)
		}
		if _, ok := want[in.Offset]; !ok && lm.takenBranch(i) {
			t.Errorf("%#x %s: taken, is no branch", in.Offset, in)
		}
	}
	lat := make([]float64, len(lm.body))
	for i := range lat {
		lat[i] = 4
	}
	_, spans := lm.inOrderControlled(lat, 4)
	for i, in := range lm.body {
		if in.Offset == 0x110 && spans[i] < 10 {
			t.Errorf("the taken guard's span %v cycles, want BranchCycles (10) at least", spans[i])
		}
		if in.Offset == 0x140 && spans[i] >= 10 {
			t.Errorf("the branch falling through spans %v cycles, want its stall count", spans[i])
		}
	}
}

// TestL1Wavefronts checks a float3's three loads at the L1 (corpus3's
// normalize_f3: 12-byte lanes, three lines a request on other banks)
// cost the L1's wavefronts for their lines and banks (l1Spread, from
// the "global banks" records), less than their 12 sectors each at the
// L1's coalesced read rate.
func TestL1Wavefronts(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the corpus: seconds")
	}
	lm := corpusLoop(t, "corpus3", "normalize_f3")
	const warps = 32
	var spread float64
	n := 0
	for i := range lm.body {
		c, _, lines, ok := lm.l1Spread(i, "L1")
		if !ok {
			continue
		}
		if lines != 3 {
			t.Errorf("%s: %v lines, want 3", lm.body[i], lines)
		}
		spread += c
		n++
	}
	if n != 3 {
		t.Fatalf("%d loads over several lines, want 3", n)
	}
	r, err := analyzeLoop(lm.m, lm.body, warps, "L1", PatternAuto, lm.lanes)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(r.Bounds, func(b Bound) bool { return b.Name == "memory L1" })
	if i < 0 {
		t.Fatal("no memory L1 bound")
	}
	if got, want := r.Bounds[i].Cycles, spread*warps; math.Abs(got-want) > 1e-6*want {
		t.Errorf("memory L1 %.1f cycles, want the loads' wavefronts %.1f", got, want)
	}
	bw := lm.m.Levels["L1"].CachedReadBytesPerClock
	if bw <= 0 {
		bw = lm.m.Levels["L1"].ReadBytesPerClock
	}
	if bw <= 0 {
		t.Fatal("no L1 read rate")
	}
	if bytes := 3 * 12 * 32.0 / bw * warps; r.Bounds[i].Cycles >= bytes {
		t.Errorf("memory L1 %.1f cycles, not below the sectors at the coalesced rate (%.1f)", r.Bounds[i].Cycles, bytes)
	}
}

// TestWindowShare checks a gather through a loaded column index within a
// 4096-float window of its row (corpus32's
// gather_index_then_value_window4096: x[(r & ~4095) + (col >> 20)]) is
// taken as the block's threads sharing the window's lines through the
// L1: 32 warps of a block draw 1024 times from its 128 lines, which the
// level serves once each (an eighth of the lanes); the index loads
// themselves are no such gather.
func TestWindowShare(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the corpus: seconds")
	}
	lm := corpusLoopOn(t, "corpus32", "NVIDIA-H200", "gather_index_then_value_window4096")
	lm.warps, lm.blockWarps = 32, 32
	var got []float64
	for i, op := range lm.mem {
		if op == nil || op.store || op.space != "global" {
			continue
		}
		f, ok := lm.windowShare(i)
		if !ok {
			f = -1
		}
		got = append(got, math.Round(f*1000)/1000)
	}
	want := 128 * (1 - math.Exp(-8)) / 1024
	if len(got) != 4 || got[0] != -1 || got[1] != -1 || math.Abs(got[2]-want) > 1e-3 || math.Abs(got[3]-want) > 1e-3 {
		t.Errorf("window shares %v, want [-1 -1 %.3f %.3f]", got, want, want)
	}
}

// TestReturningAtomicAtDRAM checks a returning coalesced atomic (ATOMG,
// its old value used: corpus32's atomg_add_u32_old_value_used) waits,
// at the DRAM, no less than a coalesced load of its sectors does there
// (the L2 fetches the line before performing it), and at the L2 the
// dispatch suite's atomic latency.
func TestReturningAtomicAtDRAM(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the corpus: seconds")
	}
	lm := corpusLoopOn(t, "corpus32", "NVIDIA-H200", "atomg_add_u32_old_value_used")
	i := slices.IndexFunc(lm.body, func(in sass.Instruction) bool { return in.Base() == "ATOMG" })
	if i < 0 {
		t.Fatal("no ATOMG in the loop")
	}
	e, ok := lm.m.atomicLatency(lm.body[i])
	if !ok {
		t.Fatal("no atomic latency record")
	}
	w, ok := lm.m.Levels["DRAM"].waitAt(1, 4, "")
	if !ok || w <= e.LatencyCycles {
		t.Fatalf("the DRAM's load wait %v (ok %v) not above the atomic's %v: nothing to check", w, ok, e.LatencyCycles)
	}
	if got, _, _ := lm.ownLatency(i, "DRAM"); got != w {
		t.Errorf("at the DRAM %v cycles, want the coalesced load's wait %v", got, w)
	}
	if got, _, _ := lm.ownLatency(i, "L2"); got != e.LatencyCycles {
		t.Errorf("at the L2 %v cycles, want the atomic record's %v", got, e.LatencyCycles)
	}
}

// TestConstantLoadLatency: a constant load waits the constant cache's
// hit (the memory suite's constant chase) whether its offset is fixed
// (a kernel parameter read again each iteration: triad_f4_stream's
// LDC.64 R18, c[0x0][0x248]) or a register's; other instructions are not
// affected.
func TestConstantLoadLatency(t *testing.T) {
	l, err := sass.ParseListing(`
        .text.k:
        /*0000*/                   LDC.64 R18, c[0x0][0x248] ;
        /*0010*/                   LDC R4, c[0x3][R2] ;
        /*0020*/                   IMAD.WIDE.U32 R18, R5, 0x10, R18 ;
`)
	if err != nil {
		t.Fatal(err)
	}
	m := &Machine{ALU: &report.ALUModel{Layout: &infer.Layout{}}, ConstLatency: 30, ConstLatencyRecord: "memory/latency/constant"}
	lm := newLoopModel(m, l.Functions[0].Instructions, PatternAuto)
	for i, in := range lm.body {
		c, src, ok := lm.latency(i, "L1")
		if constant := in.Base() == "LDC"; constant != (ok && c == 30 && src == m.ConstLatencyRecord) {
			t.Errorf("%s: latency %v from %q (known %v); constant load %v", in, c, src, ok, constant)
		}
	}
}
