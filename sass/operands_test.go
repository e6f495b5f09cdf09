package sass

import (
	"os"
	"reflect"
	"testing"
)

func TestUse(t *testing.T) {
	r := func(i int) Reg { return Reg{File: General, Index: i} }
	src := func(i int, reuse bool) Source { return Source{Reg: r(i), Reuse: reuse} }
	tests := []struct {
		text   string
		writes []Reg
		reads  []Source
		banks  int // BankReads(2)
	}{
		{"FFMA R24, R24, R14, R15", []Reg{r(24)}, []Source{src(24, false), src(14, false), src(15, false)}, 2},
		{"FFMA R4, R4, R14.reuse, R15.reuse", []Reg{r(4)}, []Source{src(4, false), src(14, true), src(15, true)}, 1},
		{"FADD R26, R26, UR6", []Reg{r(26)}, []Source{src(26, false), {Reg: Reg{File: Uniform, Index: 6}}}, 1},
		{"FFMA R0, R0, R0, R0", []Reg{r(0)}, []Source{src(0, false), src(0, false), src(0, false)}, 1},
		{"IMAD R5, R5, R2.reuse, UR5", []Reg{r(5)}, []Source{src(5, false), src(2, true), {Reg: Reg{File: Uniform, Index: 5}}}, 1},
		{"LOP3.LUT R3, R3, R16, R17, 0x96, !PT", []Reg{r(3)}, []Source{src(3, false), src(16, false), src(17, false)}, 2},
		{"DFMA R10, R10, UR6, R16.reuse", []Reg{r(10), r(11)},
			[]Source{src(10, false), src(11, false), {Reg: Reg{File: Uniform, Index: 6}}, {Reg: Reg{File: Uniform, Index: 7}}, src(16, true), src(17, true)}, 1},
		{"IADD3 R6, P0, PT, R6, R7, RZ", []Reg{r(6), {File: Predicate, Index: 0}}, []Source{src(6, false), src(7, false)}, 1},
		{"IADD3.X R4, R4, R5, RZ, P0, !PT", []Reg{r(4)}, []Source{src(4, false), src(5, false), {Reg: Reg{File: Predicate, Index: 0}}}, 1},
		{"ISETP.GT.U32.AND P0, PT, R2, 0x1, PT", []Reg{{File: Predicate, Index: 0}}, []Source{src(2, false)}, 1},
		{"@P0 BRA `(.L_x_1)", nil, []Source{{Reg: Reg{File: Predicate, Index: 0}}}, 0},
		{"UIADD3 UR4, UR4, 0x1, URZ", []Reg{{File: Uniform, Index: 4}}, []Source{{Reg: Reg{File: Uniform, Index: 4}}}, 0},
		{"IMAD.WIDE.U32 R2, R3, 0x4, R4", []Reg{r(2), r(3)}, []Source{src(3, false), src(4, false)}, 1},
		{"MUFU.EX2 R3, |R3|", []Reg{r(3)}, []Source{src(3, false)}, 1},
		{"CS2R R10, SRZ", []Reg{r(10), r(11)}, nil, 0},
		{"CS2R.32 R4, SR_CLOCKLO", []Reg{r(4)}, nil, 0},
		{"STG.E [R2.64], R5", nil, []Source{src(5, false)}, 1},
		{"HFMA2 R0, -R0.H0_H0, R2, R4", []Reg{r(0)}, []Source{src(0, false), src(2, false), src(4, false)}, 3},
		{"SHFL.UP PT, R4, R9, 0x1, RZ", []Reg{r(4)}, []Source{src(9, false)}, 1},
		{"SHFL.BFLY P0, R5, R4, 0x10, 0x1f", []Reg{{File: Predicate, Index: 0}, r(5)}, []Source{src(4, false)}, 1},
		{"NOP", nil, nil, 0},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			in, err := ParseInstruction(tt.text)
			if err != nil {
				t.Fatal(err)
			}
			u := in.Use()
			if !reflect.DeepEqual(u.Writes, tt.writes) {
				t.Errorf("writes = %v, want %v", u.Writes, tt.writes)
			}
			if !reflect.DeepEqual(u.Reads, tt.reads) {
				t.Errorf("reads = %v, want %v", u.Reads, tt.reads)
			}
			if got := u.BankReads(2); got != tt.banks {
				t.Errorf("BankReads(2) = %d, want %d", got, tt.banks)
			}
		})
	}
}

func TestParseInstructionRejects(t *testing.T) {
	for _, s := range []string{"", "   ", "not an instruction", "@@P0 FFMA R1, R2, R3, R4", "123 R1"} {
		if _, err := ParseInstruction(s); err == nil {
			t.Errorf("ParseInstruction(%q) = nil error, want one", s)
		}
	}
}

// TestLoopTextRoundTrip checks the form records keep loop bodies in: every
// instruction of a real listing's loop, printed by String, parses back to
// itself (offsets aside).
func TestLoopTextRoundTrip(t *testing.T) {
	b, err := os.ReadFile("testdata/loop_fadd.sass")
	if err != nil {
		t.Fatal(err)
	}
	l, err := ParseListing(string(b))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, fn := range l.Functions {
		body, ok := fn.LoopBody()
		if !ok {
			continue
		}
		for _, in := range body {
			back, err := ParseInstruction(in.String())
			if err != nil {
				t.Fatal(err)
			}
			in.Offset = 0
			if back != in {
				t.Errorf("%q parsed back as %+v, want %+v", in.String(), back, in)
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no loop in testdata/loop_fadd.sass")
	}
}
