package sass

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCountsMatching(t *testing.T) {
	c := Counts{
		"MUFU.EX2":       3,
		"MUFU.RCP":       1,
		"IMAD":           2,
		"IMAD.WIDE":      1,
		"IMAD.MOV.U32":   4,
		"IMADSP":         5,
		"FFMA.FTZ":       8,
		"FFMA":           1,
		"HMMA.16816.F32": 2,
	}
	tests := []struct {
		name string
		op   string
		want int
	}{
		{name: "base counts every variant", op: "MUFU", want: 4},
		{name: "full opcode counts only itself", op: "MUFU.EX2", want: 3},
		{name: "base with and without modifiers", op: "IMAD", want: 7},
		{name: "prefix without a dot does not match", op: "IMADS", want: 0},
		{name: "modifier prefix", op: "IMAD.MOV", want: 4},
		{name: "plain and modified FFMA", op: "FFMA", want: 9},
		{name: "numeric modifier", op: "HMMA.16816", want: 2},
		{name: "absent", op: "DFMA", want: 0},
		{name: "empty op matches nothing", op: "", want: 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := c.Matching(tt.op); got != tt.want {
				t.Errorf("Matching(%q) = %d, want %d", tt.op, got, tt.want)
			}
		})
	}
}

func TestCountsSub(t *testing.T) {
	tests := []struct {
		name string
		c, o Counts
		want Counts
	}{
		{
			name: "probe minus baseline",
			c:    Counts{"FFMA": 8, "CS2R": 2, "EXIT": 1},
			o:    Counts{"CS2R": 2, "EXIT": 1},
			want: Counts{"FFMA": 8},
		},
		{
			name: "negative differences are kept",
			c:    Counts{"FADD": 1},
			o:    Counts{"FADD": 3, "MOV": 1},
			want: Counts{"FADD": -2, "MOV": -1},
		},
		{
			name: "equal counts give an empty result",
			c:    Counts{"NOP": 2},
			o:    Counts{"NOP": 2},
			want: Counts{},
		},
		{
			name: "nil operands",
			c:    nil,
			o:    nil,
			want: Counts{},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.c.Sub(tt.o)); diff != "" {
				t.Errorf("Sub (-want +got):\n%s", diff)
			}
		})
	}
}

func TestCountsOfAndString(t *testing.T) {
	instrs := []Instruction{
		{Opcode: "FMUL"}, {Opcode: "MUFU.EX2"}, {Predicate: "@!P0", Opcode: "FMUL"},
	}
	tests := []struct {
		name       string
		instrs     []Instruction
		wantCounts Counts
		wantString string
		wantSeq    string
	}{
		{
			name:       "exp2 sequence",
			instrs:     instrs,
			wantCounts: Counts{"FMUL": 2, "MUFU.EX2": 1},
			wantString: "FMUL:2 MUFU.EX2:1",
			wantSeq:    "FMUL + MUFU.EX2 + FMUL",
		},
		{
			name:       "no instructions",
			instrs:     nil,
			wantCounts: Counts{},
			wantString: "",
			wantSeq:    "",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := CountsOf(tt.instrs)
			if diff := cmp.Diff(tt.wantCounts, got); diff != "" {
				t.Errorf("CountsOf (-want +got):\n%s", diff)
			}
			if s := got.String(); s != tt.wantString {
				t.Errorf("String() = %q, want %q", s, tt.wantString)
			}
			if s := Sequence(tt.instrs); s != tt.wantSeq {
				t.Errorf("Sequence() = %q, want %q", s, tt.wantSeq)
			}
			f := &Function{Instructions: tt.instrs}
			if diff := cmp.Diff(tt.wantCounts, f.Counts()); diff != "" {
				t.Errorf("Function.Counts (-want +got):\n%s", diff)
			}
		})
	}
}
