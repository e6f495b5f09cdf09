package sass

import (
	"testing"
)

// fn builds a function from instructions 16 bytes apart, as on sm_70 and
// later.
func fn(labels map[string]int, instrs ...Instruction) *Function {
	for i := range instrs {
		instrs[i].Offset = 16 * i
	}
	return &Function{Name: "k", Instructions: instrs, Labels: labels}
}

func op(opcode, operands string) Instruction {
	return Instruction{Opcode: opcode, Operands: operands}
}

func pred(p, opcode, operands string) Instruction {
	return Instruction{Predicate: p, Opcode: opcode, Operands: operands}
}

func TestClockRegion(t *testing.T) {
	tests := []struct {
		name   string
		f      *Function
		want   string
		wantOK bool
	}{
		{
			name: "CS2R brackets",
			f: fn(nil,
				op("LDC", "R1, c[0x0][0x28]"),
				op("CS2R", "R4, SR_CLOCKLO"),
				op("FFMA", "R5, R5, R7, 0.5"),
				op("FFMA", "R5, R5, R7, 0.5"),
				op("CS2R", "R6, SR_CLOCKLO"),
				op("EXIT", ""),
			),
			want:   "FFMA + FFMA",
			wantOK: true,
		},
		{
			name: "S2UR and S2R brackets, middle reads included",
			f: fn(nil,
				op("S2UR", "UR4, SR_CLOCKLO"),
				op("MUFU.EX2", "R5, R4"),
				op("S2R", "R8, SR_CLOCKLO"),
				op("MUFU.EX2", "R5, R5"),
				op("CS2R.32", "R9, SR_CLOCKLO"),
			),
			want:   "MUFU.EX2 + S2R + MUFU.EX2",
			wantOK: true,
		},
		{
			name: "adjacent reads give an empty region",
			f: fn(nil,
				op("CS2R", "R4, SR_CLOCKLO"),
				op("CS2R", "R6, SR_CLOCKLO"),
			),
			want:   "",
			wantOK: true,
		},
		{
			name: "one read",
			f: fn(nil,
				op("CS2R", "R4, SR_CLOCKLO"),
				op("FFMA", "R5, R5, R7, 0.5"),
			),
			wantOK: false,
		},
		{
			name: "global timer and SRZ are not clock reads",
			f: fn(nil,
				op("CS2R", "R4, SR_GLOBALTIMERLO"),
				op("FFMA", "R5, R5, R7, 0.5"),
				op("CS2R", "R6, SRZ"),
			),
			wantOK: false,
		},
		{
			name:   "no instructions",
			f:      fn(nil),
			wantOK: false,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := tt.f.ClockRegion()
			if ok != tt.wantOK {
				t.Fatalf("ClockRegion() ok = %v, want %v", ok, tt.wantOK)
			}
			if s := Sequence(got); s != tt.want {
				t.Errorf("ClockRegion() = %q, want %q", s, tt.want)
			}
		})
	}
}

func TestClockRegionIsACopy(t *testing.T) {
	f := fn(nil,
		op("CS2R", "R4, SR_CLOCKLO"),
		op("FFMA", "R5, R5, R7, 0.5"),
		op("CS2R", "R6, SR_CLOCKLO"),
	)
	r, ok := f.ClockRegion()
	if !ok {
		t.Fatal("ClockRegion() ok = false")
	}
	r[0].Opcode = "NOP"
	if f.Instructions[1].Opcode != "FFMA" {
		t.Errorf("changing the region changed the function: %q", f.Instructions[1].Opcode)
	}
}

func TestLoopBody(t *testing.T) {
	tests := []struct {
		name   string
		f      *Function
		want   string
		wantOK bool
	}{
		{
			name: "labelled backward branch",
			f: fn(map[string]int{".L_x_3": 0x10},
				op("MOV", "R3, RZ"),
				op("IADD3", "R3, R3, 0x1, RZ"),
				op("FADD", "R5, R5, 1"),
				op("ISETP.GE.AND", "P0, PT, R3, R4, PT"),
				pred("@!P0", "BRA", "`(.L_x_3)"),
				op("EXIT", ""),
			),
			want:   "IADD3 + FADD + ISETP.GE.AND",
			wantOK: true,
		},
		{
			name: "uniform predicate operand",
			f: fn(map[string]int{".L_x_2": 0x0},
				op("FFMA", "R5, R5, R7, 0.5"),
				op("UISETP.NE.AND", "UP0, UPT, UR4, URZ, UPT"),
				op("BRA.U", "!UP0, `(.L_x_2)"),
			),
			want:   "FFMA + UISETP.NE.AND",
			wantOK: true,
		},
		{
			name: "numeric target from cuobjdump",
			f: fn(nil,
				op("MOV", "R3, RZ"),
				op("IADD3", "R3, R3, 0x1, RZ"),
				op("ISETP.GE.AND", "P0, PT, R3, R4, PT"),
				pred("@!P0", "BRA", "0x10"),
			),
			want:   "IADD3 + ISETP.GE.AND",
			wantOK: true,
		},
		{
			name: "label without backtick",
			f: fn(map[string]int{".L_1": 0x0},
				op("FADD", "R5, R5, 1"),
				pred("@P0", "BRA", "(.L_1)"),
			),
			want:   "FADD",
			wantOK: true,
		},
		{
			name: "last backward branch wins: outer loop of a nest",
			f: fn(map[string]int{".L_outer": 0x0, ".L_inner": 0x10},
				op("MOV", "R3, RZ"),
				op("FADD", "R5, R5, 1"),
				pred("@P0", "BRA", "`(.L_inner)"),
				op("IADD3", "R2, R2, 0x1, RZ"),
				pred("@P1", "BRA", "`(.L_outer)"),
			),
			want:   "MOV + FADD + BRA + IADD3",
			wantOK: true,
		},
		{
			name: "only forward branches and the trap after EXIT",
			f: fn(map[string]int{".L_x_1": 0x20, ".L_x_2": 0x30},
				pred("@P0", "BRA", "`(.L_x_1)"),
				op("FADD", "R5, R5, 1"),
				op("EXIT", ""),
				op("BRA", "`(.L_x_2)"),
			),
			wantOK: false,
		},
		{
			name: "never-taken branch",
			f: fn(map[string]int{".L_x_0": 0x0},
				op("FADD", "R5, R5, 1"),
				pred("@!PT", "BRA", "`(.L_x_0)"),
			),
			wantOK: false,
		},
		{
			name: "unknown label",
			f: fn(nil,
				op("FADD", "R5, R5, 1"),
				op("BRA", "`(.L_x_9)"),
			),
			wantOK: false,
		},
		{
			name: "indirect branch is not a loop",
			f: fn(nil,
				op("FADD", "R5, R5, 1"),
				op("BRX", "R2 -0x20"),
			),
			wantOK: false,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := tt.f.LoopBody()
			if ok != tt.wantOK {
				t.Fatalf("LoopBody() ok = %v, want %v", ok, tt.wantOK)
			}
			if s := Sequence(got); s != tt.want {
				t.Errorf("LoopBody() = %q, want %q", s, tt.want)
			}
		})
	}
}
