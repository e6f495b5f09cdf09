package infer

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/sass"
)

// handLayout is a layout with a spread class, written out as Infer would
// leave it: IMAD on a half-rate pipeline, LOP3 on another, DFMA on a
// third, and FFMA at the issue rate through IMAD's pipeline and one of its
// own.
func handLayout() *Layout {
	l := &Layout{
		Issue: 4,
		Pipelines: []Pipeline{
			{Name: "IMAD", Classes: []string{"IMAD"}, Rate: 2, Consistent: true},
			{Name: "LOP3", Classes: []string{"LOP3"}, Rate: 2, Consistent: true},
			{Name: "DFMA", Classes: []string{"DFMA"}, Rate: 2, Consistent: true},
			{Name: "FFMA (own)", Rate: 2, Own: "FFMA", Consistent: true},
		},
		Flexible: []Flexible{{Name: "FFMA", Rate: 4, Pipelines: []string{"IMAD", "FFMA (own)"}, Share: []float64{0.5, 0.5}}},
		rate:     map[string]float64{"IMAD": 2, "LOP3": 2, "DFMA": 2, "FFMA": 4},
		allowed:  map[string][]int{"IMAD": {0}, "LOP3": {1}, "DFMA": {2}, "FFMA": {0, 3}},
	}
	return l
}

// loopOf repeats the instructions of round over chains independent
// chains, rounds times: {i} and {j} are chain c's registers R(8+2c) and
// R(40+2c), both in the even bank.
func loopOf(chains, rounds int, round ...string) []string {
	var out []string
	for range rounds {
		for c := range chains {
			r := strings.NewReplacer("{i}", fmt.Sprintf("R%d", 8+2*c), "{j}", fmt.Sprintf("R%d", 40+2*c))
			for _, in := range round {
				out = append(out, r.Replace(in))
			}
		}
	}
	return out
}

var lat = map[string]float64{"IMAD": 4, "LOP3": 4, "DFMA": 8, "FFMA": 4}

func TestReplay(t *testing.T) {
	l := handLayout()
	// R3 and R5 are loop-invariant sources in the odd bank.
	imad, lop := "IMAD {i}, {i}, R3, UR4", "LOP3.LUT {j}, {j}, R3, UR4, 0x96, !PT"
	conflict := "LOP3.LUT {j}, {j}, R3, R5, 0x96, !PT" // two reads from the odd bank
	tests := []struct {
		name  string
		body  []string
		warps int
		model IssueModel
		want  float64 // warp instructions per clock per SM
	}{
		{"IMAD alone fills its pipeline", loopOf(4, 8, imad), 32, IssueModel{}, 2},
		{"IMAD and LOP3 overlap to the issue rate", loopOf(4, 8, imad, lop), 32, IssueModel{}, 4},
		{"FFMA reaches the issue rate through two pipelines", loopOf(4, 8, "FFMA {i}, {i}, R3, UR4"), 32, IssueModel{}, 4},
		{"FFMA and IMAD, first free pipeline", loopOf(4, 8, "FFMA {j}, {j}, R3, UR4", imad), 32, IssueModel{}, 4},
		{"FFMA and IMAD, pipelines in turn", loopOf(4, 8, "FFMA {j}, {j}, R3, UR4", imad), 32, IssueModel{Alternate: true}, 8.0 / 3},
		{"one chain per scheduler is latency-bound", loopOf(1, 32, imad), 4, IssueModel{}, 1},
		{"two registers from one bank cost a cycle more", loopOf(4, 8, conflict, imad), 32, IssueModel{BankPenalty: 1}, 8.0 / 3},
		{"the bank costs nothing when ignored", loopOf(4, 8, conflict, imad), 32, IssueModel{}, 4},
		{"reused operands do not conflict", loopOf(4, 8, "LOP3.LUT {j}, {j}, R3.reuse, R5.reuse, 0x96, !PT", imad), 32, IssueModel{BankPenalty: 1}, 4},
		{"half a cycle per extra read", loopOf(4, 8, conflict, imad), 32, IssueModel{BankPenalty: 0.5}, 8.0 / 2.5},
		{"unknown instructions take issue slots", loopOf(4, 8, imad, "NOP", "NOP", "NOP"), 32, IssueModel{}, 1},
		{"DFMA reads both registers of each pair", loopOf(4, 8, "DFMA {i}, {i}, R2, UR4", lop), 32, IssueModel{BankPenalty: 1}, 8.0 / 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			counted := 0
			for _, in := range tt.body {
				if !strings.HasPrefix(in, "NOP") {
					counted++
				}
			}
			got, err := l.Replay(Loop{ID: tt.name, Body: tt.body, WarpsPerSM: tt.warps, Counted: counted}, lat, tt.model)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(got.Rate-tt.want) > 0.03*tt.want {
				t.Errorf("rate %.3f, want %.3f (%+v)", got.Rate, tt.want, got)
			}
			if sum := got.Issued + got.Register + got.Pipeline + got.Dependency; math.Abs(sum-1) > 1e-9 {
				t.Errorf("cycle shares sum to %.3f", sum)
			}
		})
	}
}

func TestReplayLimit(t *testing.T) {
	l := handLayout()
	for _, tt := range []struct {
		name, want string
		body       []string
		warps      int
		model      IssueModel
	}{
		{"pipeline", "busy pipelines", loopOf(4, 8, "IMAD {i}, {i}, R3, UR4"), 32, IssueModel{}},
		{"latency", "dependencies", loopOf(1, 32, "IMAD {i}, {i}, R3, UR4"), 4, IssueModel{}},
		{"registers", "register reads", loopOf(4, 8, "LOP3.LUT {j}, {j}, R3, R5, 0x96, !PT", "FFMA {i}, {i}, R3, R5"), 32, IssueModel{BankPenalty: 1}},
		{"issue", "issue", loopOf(4, 8, "IMAD {i}, {i}, R3, UR4", "LOP3.LUT {j}, {j}, R3, UR4, 0x96, !PT"), 32, IssueModel{}},
	} {
		got, err := l.Replay(Loop{ID: tt.name, Body: tt.body, WarpsPerSM: tt.warps, Counted: len(tt.body)}, lat, tt.model)
		if err != nil {
			t.Fatal(err)
		}
		if got.Limit() != tt.want {
			t.Errorf("%s: limit %q, want %q (%+v)", tt.name, got.Limit(), tt.want, got)
		}
	}
}

// TestFitReplayRecoversModel replays synthetic loops under a known model,
// adds noise, and checks that the fit finds the model back.
func TestFitReplayRecoversModel(t *testing.T) {
	l := handLayout()
	rng := rand.New(rand.NewPCG(4, 2))
	bodies := [][]string{
		loopOf(4, 8, "FFMA {j}, {j}, R3, UR4", "IMAD {i}, {i}, R3, UR4"),
		loopOf(4, 8, "FFMA {j}, {j}, R3, UR4", "FFMA {j}, {j}, R3, UR5", "IMAD {i}, {i}, R3, UR4"),
		loopOf(4, 8, "LOP3.LUT {j}, {j}, R3, R5, 0x96, !PT", "IMAD {i}, {i}, R3, UR4"),
		loopOf(4, 8, "LOP3.LUT {j}, {j}, R3, R5, R7, 0x96, !PT", "DFMA {i}, {i}, R2, UR4"),
		loopOf(4, 8, "FFMA {i}, {i}, R3, R5", "LOP3.LUT {j}, {j}, R3, UR4, 0x96, !PT"),
		loopOf(4, 8, "FFMA {j}, {j}, R3.reuse, R5", "IMAD {i}, {i}, R3, UR4", "IMAD {i}, {i}, R5, UR4"),
	}
	for _, truth := range []IssueModel{{BankPenalty: 0.5, Alternate: true}, {BankPenalty: 1}, {}} {
		var loops []Loop
		for i, body := range bodies {
			lp := Loop{ID: fmt.Sprint(i), Body: body, WarpsPerSM: 32, Counted: len(body)}
			r, err := l.Replay(lp, lat, truth)
			if err != nil {
				t.Fatal(err)
			}
			lp.Rate = r.Rate * (1 + 0.005*rng.NormFloat64())
			loops = append(loops, lp)
		}
		fit, err := l.FitReplay(loops, lat)
		if err != nil {
			t.Fatal(err)
		}
		if fit.Model != truth {
			t.Errorf("fitted %v, want %v (tried %+v)", fit.Model, truth, fit.Tried)
		}
		if len(fit.Tried) != len(Models()) || fit.Tried[0].Model != fit.Model {
			t.Errorf("tried %+v: want every model, the chosen first", fit.Tried)
		}
	}
}

func TestReplayErrors(t *testing.T) {
	l := handLayout()
	for _, tt := range []struct {
		name string
		loop Loop
	}{
		{"empty body", Loop{ID: "x", WarpsPerSM: 8, Counted: 1}},
		{"not machine code", Loop{ID: "x", Body: []string{"IMAD R1, R1, R2, R3", "@@ nonsense"}, WarpsPerSM: 8, Counted: 1}},
		{"no warps", Loop{ID: "x", Body: []string{"IMAD R1, R1, R2, R3"}, Counted: 1}},
		{"nothing counted", Loop{ID: "x", Body: []string{"IMAD R1, R1, R2, R3"}, WarpsPerSM: 8}},
	} {
		if _, err := l.Replay(tt.loop, lat, IssueModel{}); err == nil {
			t.Errorf("%s: no error", tt.name)
		}
	}
	if _, err := l.FitReplay(nil, lat); err == nil {
		t.Error("FitReplay of no loops: no error")
	}
	if _, err := l.ReplayAll([]Loop{{ID: "bad", Body: []string{"@@"}, WarpsPerSM: 8, Counted: 1}}, lat, IssueModel{}); err == nil {
		t.Error("ReplayAll of a bad loop: no error")
	}
}

func TestClassOf(t *testing.T) {
	classes := []string{"IADD3.X", "IDP.4A", "LOP3", "HFMA2", "IMAD", "F2I"}
	for op, want := range map[string]string{
		"LOP3.LUT": "LOP3", "IDP.4A.U8.U8": "IDP.4A", "IADD3.X": "IADD3.X", "IADD3": "", "HFMA2.MMA": "HFMA2",
		"IMAD.MOV.U32": "IMAD", "F2I.TRUNC.NTZ": "F2I", "F2IP": "", "UIADD3": "",
	} {
		if got := ClassOf(op, classes); got != want {
			t.Errorf("ClassOf(%s) = %q, want %q", op, got, want)
		}
	}
}

func TestReplayLoopControl(t *testing.T) {
	l := handLayout()
	body := []string{"IMAD R2, R2, R3, UR4"}
	for _, tt := range []struct {
		name        string
		warps       int
		loopControl float64
		want        float64
	}{
		{"no loop control: the latency", 4, 0, 1},
		{"a warp waits out the back-branch", 4, 8, 4.0 / 9},
		{"another warp issues meanwhile", 8, 8, 8.0 / 9},
	} {
		got, err := l.Replay(Loop{ID: tt.name, Body: body, WarpsPerSM: tt.warps, Counted: 1, LoopControl: tt.loopControl}, lat, IssueModel{})
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(got.Rate-tt.want) > 0.03*tt.want {
			t.Errorf("%s: rate %.3f, want %.3f", tt.name, got.Rate, tt.want)
		}
	}
}

// TestReplayControls replays loops with control fields: a warp issues each
// instruction its predecessor's stall count after it and waits on the
// scoreboard barriers, whatever its registers say.
func TestReplayControls(t *testing.T) {
	l := handLayout()
	none := sass.NoBarrier
	stall := func(s int) sass.Control { return sass.Control{Stall: s, WriteBarrier: none, ReadBarrier: none} }
	// A load of latency 30 on barrier 0 and the IMAD that waits on it.
	load := sass.Control{Stall: 1, WriteBarrier: 0, ReadBarrier: none}
	use := sass.Control{Stall: 1, WriteBarrier: none, ReadBarrier: none, Wait: 1}
	queued := func(b int) sass.Control { return sass.Control{Stall: 1, WriteBarrier: b, ReadBarrier: none} }
	tests := []struct {
		name     string
		body     []string
		controls []sass.Control
		lat      []float64
		warps    int
		branch   float64
		want     float64 // cycles per iteration per warp
	}{
		{"stall counts add up", []string{"IMAD R8, R8, R3, UR4", "LOP3.LUT R10, R10, R3, UR4, 0x96, !PT", "BRA `(.L_x_1)"},
			[]sass.Control{stall(4), stall(5), stall(2)}, nil, 1, 0, 11},
		{"stalls, not registers: independent instructions wait too", []string{"IMAD R8, R9, R3, UR4", "IMAD R10, R11, R3, UR4", "BRA `(.L_x_1)"},
			[]sass.Control{stall(6), stall(6), stall(1)}, nil, 1, 0, 13},
		{"the branch's delay when longer than its stall", []string{"IMAD R8, R8, R3, UR4", "BRA `(.L_x_1)"},
			[]sass.Control{stall(4), stall(5)}, nil, 1, 10, 14},
		{"the branch's stall when longer than its delay", []string{"IMAD R8, R8, R3, UR4", "BRA `(.L_x_1)"},
			[]sass.Control{stall(4), stall(12)}, nil, 1, 10, 16},
		{"a wait on a scoreboard takes the setter's latency", []string{"LDS R8, [R2]", "IMAD R10, R8, R3, UR4", "BRA `(.L_x_1)"},
			[]sass.Control{load, use, stall(1)}, []float64{30, 4, 1}, 1, 0, 32},
		{"other warps issue while one waits", []string{"LDS R8, [R2]", "IMAD R10, R8, R3, UR4", "BRA `(.L_x_1)"},
			[]sass.Control{load, use, stall(1)}, []float64{30, 4, 1}, 8, 0, 32},
		// DFMA's pipeline takes one every 2 cycles: the second waits
		// for it at the scheduler, unless it has a write barrier (an
		// instruction of variable latency), which queues.
		{"a busy pipeline holds up the warp", []string{"DFMA R8, R4, R6, R8", "DFMA R10, R4, R6, R10", "IMAD R12, R12, R3, UR4", "BRA `(.L_x_1)"},
			[]sass.Control{stall(1), stall(1), stall(1), stall(1)}, nil, 1, 0, 5},
		{"a queued instruction does not", []string{"DFMA R8, R4, R6, R8", "DFMA R10, R4, R6, R10", "IMAD R12, R12, R3, UR4", "BRA `(.L_x_1)"},
			[]sass.Control{queued(0), queued(1), stall(1), stall(1)}, nil, 1, 0, 4},
		{"its result comes its latency after it starts", []string{"DFMA R8, R4, R6, R8", "DFMA R10, R4, R6, R10", "IMAD R12, R10, R3, UR4", "BRA `(.L_x_1)"},
			[]sass.Control{queued(0), queued(1), {Stall: 1, WriteBarrier: none, ReadBarrier: none, Wait: 2}, stall(1)}, []float64{8, 8, 4, 1}, 1, 0, 12},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := l.Replay(Loop{ID: tt.name, Body: tt.body, WarpsPerSM: tt.warps, Counted: len(tt.body), Latencies: tt.lat,
				Controls: tt.controls, Branch: tt.branch}, lat, IssueModel{})
			if err != nil {
				t.Fatal(err)
			}
			// Rate is warp instructions per clock per SM over the
			// replay's warps (round(warps/4), at least 1) on one of
			// Issue schedulers.
			w := math.Max(1, math.Round(float64(tt.warps)/l.Issue))
			cycles := float64(len(tt.body)) * w * l.Issue / got.Rate
			if math.Abs(cycles-tt.want) > 0.02*tt.want {
				t.Errorf("%.2f cycles per iteration, want %.2f (%+v)", cycles, tt.want, got)
			}
		})
	}
	if _, err := l.Replay(Loop{ID: "short", Body: []string{"NOP"}, WarpsPerSM: 1, Counted: 1, Controls: []sass.Control{}}, lat, IssueModel{}); err == nil {
		t.Error("controls of the wrong length accepted")
	}
}

// TestReplayOccupancies checks that an instruction the caller measured
// slower than its pipeline (IMAD.WIDE at half the IMAD pipeline's rate)
// holds the pipeline as long as its own rate says, and that a wrong
// count of occupancies is an error.
func TestReplayOccupancies(t *testing.T) {
	l := handLayout()
	body := loopOf(4, 8, "IMAD {i}, {i}, R3, UR4")
	plain, err := l.Replay(Loop{ID: "imad", Body: body, WarpsPerSM: 32, Counted: len(body)}, lat, IssueModel{})
	if err != nil {
		t.Fatal(err)
	}
	occ := make([]float64, len(body))
	for i := range occ {
		occ[i] = 4 // the issue width over a rate of 1 a clock per SM
	}
	slow, err := l.Replay(Loop{ID: "imad.wide", Body: body, WarpsPerSM: 32, Counted: len(body), Occupancies: occ}, lat, IssueModel{})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(plain.Rate-2) > 0.06 || math.Abs(slow.Rate-1) > 0.03 {
		t.Errorf("rates %.3f and %.3f, want 2 (the pipeline's) and 1 (each instruction holding it 4 cycles)", plain.Rate, slow.Rate)
	}
	if _, err := l.Replay(Loop{ID: "short", Body: body, WarpsPerSM: 32, Counted: len(body), Occupancies: occ[:1]}, lat, IssueModel{}); err == nil {
		t.Error("one occupancy for a longer body: no error")
	}
}
