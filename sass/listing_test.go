package sass

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// analysis is what the golden files record about each function besides the
// parsed instructions.
type analysis struct {
	Name          string `json:"name"`
	Counts        Counts `json:"counts"`
	ClockRegionOK bool   `json:"clock_region_ok"`
	ClockRegion   string `json:"clock_region,omitempty"`
	LoopBodyOK    bool   `json:"loop_body_ok"`
	LoopBody      string `json:"loop_body,omitempty"`
}

// goldenDump is the JSON written to testdata/<name>.golden.
type goldenDump struct {
	Analysis []analysis `json:"analysis"`
	Listing  *Listing   `json:"listing"`
}

func dumpListing(t *testing.T, l *Listing) []byte {
	t.Helper()
	d := goldenDump{Listing: l}
	for i := range l.Functions {
		f := &l.Functions[i]
		a := analysis{Name: f.Name, Counts: f.Counts()}
		if r, ok := f.ClockRegion(); ok {
			a.ClockRegionOK, a.ClockRegion = true, Sequence(r)
		}
		if b, ok := f.LoopBody(); ok {
			a.LoopBodyOK, a.LoopBody = true, Sequence(b)
		}
		d.Analysis = append(d.Analysis, a)
	}
	b, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		t.Fatalf("marshal: %v", err)
	}
	return append(b, '\n')
}

func TestParseListingGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.sass"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no testdata/*.sass files")
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".sass")
		t.Run(name, func(t *testing.T) {
			text, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			l, err := ParseListing(string(text))
			if err != nil {
				t.Fatalf("ParseListing: %v", err)
			}
			got := dumpListing(t, l)
			golden := filepath.Join("testdata", name+".golden")
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./sass -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from the parse (-want +got):\n%s", golden, cmp.Diff(string(want), string(got)))
			}
		})
	}
}

func TestParseListing(t *testing.T) {
	tests := []struct {
		name    string
		text    string
		want    *Listing
		wantErr bool
	}{
		{
			name: "empty input",
			text: "",
			want: &Listing{},
		},
		{
			name:    "no function in non-empty input",
			text:    "\t.headerflags\t@\"EF_CUDA_SM90\"\n\t.elftype\t@\"ET_EXEC\"\n",
			wantErr: true,
		},
		{
			name:    "instructions without a function",
			text:    "        /*0000*/                   MOV R1, c[0x0][0x28] ;\n",
			wantErr: true,
		},
		{
			name: "section directive and predicated branch",
			text: "\t.section\t.text.k,\"ax\",@progbits\n" +
				"k:\n.text.k:\n" +
				"        /*0000*/                   MOV R1, c[0x0][0x28] ;\n" +
				".L_x_0:\n" +
				"        /*0010*/              @!P0 BRA `(.L_x_0) ;\n",
			want: &Listing{Functions: []Function{{
				Name: "k",
				Instructions: []Instruction{
					{Offset: 0x0, Opcode: "MOV", Operands: "R1, c[0x0][0x28]"},
					{Offset: 0x10, Predicate: "@!P0", Opcode: "BRA", Operands: "`(.L_x_0)"},
				},
				Labels: map[string]int{".L_x_0": 0x10},
			}}},
		},
		{
			name: "text label without section directive",
			text: "acos:\n.text.acos:\n" +
				"        /*0000*/               NOP;\n" +
				"        /*0010*/           @P0 EXIT ;\n",
			want: &Listing{Functions: []Function{{
				Name: "acos",
				Instructions: []Instruction{
					{Offset: 0x0, Opcode: "NOP"},
					{Offset: 0x10, Predicate: "@P0", Opcode: "EXIT"},
				},
			}}},
		},
		{
			name: "data section lines are not instructions",
			text: "\t.section\t.nv.info,\"\",@\"SHT_CUDA_INFO\"\n" +
				"        /*0000*/ \t.byte\t0x04, 0x2f\n" +
				"\t.section\t.text.k,\"ax\",@progbits\n" +
				"        /*0000*/                   EXIT ;\n" +
				"\t.section\t.nv.constant0.k,\"a\",@progbits\n" +
				"        /*0000*/                   EXIT ;\n",
			want: &Listing{Functions: []Function{{
				Name:         "k",
				Instructions: []Instruction{{Offset: 0x0, Opcode: "EXIT"}},
			}}},
		},
		{
			name: "dual-issue braces and encodings",
			text: "\t.section\t.text.k,\"ax\",@progbits\n" +
				"        /*0010*/         {         MOV R2, c[0x0][0x148] ;       /* 0x4c98078005270002 */\n" +
				"        /*0018*/                   S2R R0, SR_CLOCKLO         }  /* 0xf0c8000005070000 */\n" +
				"                                                                /* 0x001fd800fe2007f1 */\n",
			want: &Listing{Functions: []Function{{
				Name: "k",
				Instructions: []Instruction{
					{Offset: 0x10, Opcode: "MOV", Operands: "R2, c[0x0][0x148]"},
					{Offset: 0x18, Opcode: "S2R", Operands: "R0, SR_CLOCKLO"},
				},
			}}},
		},
		{
			name: "cuobjdump function header",
			text: "\tcode for sm_90\n\t\tFunction : _Z1kPf\n" +
				"\t.headerflags    @\"EF_CUDA_SM90 EF_CUDA_VIRTUAL_SM(EF_CUDA_SM90)\"\n" +
				"        /*0000*/                   LDC R1, c[0x0][0x28] ;   /* 0x00000a00ff017b82 */\n" +
				"        /*0010*/                   BRA 0x10;                /* 0xfffffffc00fc7947 */\n",
			want: &Listing{Functions: []Function{{
				Name: "_Z1kPf",
				Instructions: []Instruction{
					{Offset: 0x0, Opcode: "LDC", Operands: "R1, c[0x0][0x28]"},
					{Offset: 0x10, Opcode: "BRA", Operands: "0x10"},
				},
			}}},
		},
		{
			name: "a function reopened keeps one entry",
			text: "\t.section\t.text.a,\"ax\",@progbits\n" +
				"        /*0000*/                   NOP ;\n" +
				"\t.section\t.text.b,\"ax\",@progbits\n" +
				"        /*0000*/                   EXIT ;\n" +
				".text.a:\n" +
				"        /*0010*/                   EXIT ;\n",
			want: &Listing{Functions: []Function{
				{Name: "a", Instructions: []Instruction{{Offset: 0, Opcode: "NOP"}, {Offset: 0x10, Opcode: "EXIT"}}},
				{Name: "b", Instructions: []Instruction{{Offset: 0, Opcode: "EXIT"}}},
			}},
		},
		{
			name: "unparseable instruction lines are skipped",
			text: "\t.section\t.text.k,\"ax\",@progbits\n" +
				"        /*0000*/                   lowercase r1 ;\n" +
				"        /*0010*/              @@P0 EXIT ;\n" +
				"        /*0020*/                   /* only a comment */\n" +
				"        /*0030*/                   EXIT ;\n",
			want: &Listing{Functions: []Function{{
				Name:         "k",
				Instructions: []Instruction{{Offset: 0x30, Opcode: "EXIT"}},
			}}},
		},
		{
			name: "CRLF line endings",
			text: "\t.section\t.text.k,\"ax\",@progbits\r\n" +
				"        /*0000*/                   MUFU.EX2 R5, R4 ;\r\n",
			want: &Listing{Functions: []Function{{
				Name:         "k",
				Instructions: []Instruction{{Offset: 0, Opcode: "MUFU.EX2", Operands: "R5, R4"}},
			}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseListing(tt.text)
			if tt.wantErr {
				if err == nil {
					t.Fatalf("ParseListing succeeded with %+v, want an error", got)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseListing: %v", err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ParseListing (-want +got):\n%s", diff)
			}
		})
	}
}

func TestListingFunction(t *testing.T) {
	l := &Listing{Functions: []Function{{Name: "a"}, {Name: "b"}}}
	tests := []struct {
		name   string
		lookup string
		wantOK bool
	}{
		{name: "first", lookup: "a", wantOK: true},
		{name: "second", lookup: "b", wantOK: true},
		{name: "absent", lookup: "c", wantOK: false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, ok := l.Function(tt.lookup)
			if ok != tt.wantOK {
				t.Fatalf("Function(%q) ok = %v, want %v", tt.lookup, ok, tt.wantOK)
			}
			if ok && f.Name != tt.lookup {
				t.Errorf("Function(%q).Name = %q", tt.lookup, f.Name)
			}
		})
	}
}

func TestInstruction(t *testing.T) {
	tests := []struct {
		name       string
		in         Instruction
		wantBase   string
		wantString string
		wantClock  bool
	}{
		{
			name:       "plain",
			in:         Instruction{Opcode: "CS2R", Operands: "R4, SR_CLOCKLO"},
			wantBase:   "CS2R",
			wantString: "CS2R R4, SR_CLOCKLO ;",
			wantClock:  true,
		},
		{
			name:       "modifiers and predicate",
			in:         Instruction{Predicate: "@!P0", Opcode: "MUFU.EX2", Operands: "R5, R4"},
			wantBase:   "MUFU",
			wantString: "@!P0 MUFU.EX2 R5, R4 ;",
		},
		{
			name:       "no operands",
			in:         Instruction{Opcode: "EXIT"},
			wantBase:   "EXIT",
			wantString: "EXIT ;",
		},
		{
			name:       "32-bit clock read to a uniform register",
			in:         Instruction{Opcode: "S2UR", Operands: "UR4, SR_CLOCKLO"},
			wantBase:   "S2UR",
			wantString: "S2UR UR4, SR_CLOCKLO ;",
			wantClock:  true,
		},
		{
			name:       "global timer is not the SM clock",
			in:         Instruction{Opcode: "CS2R", Operands: "R4, SR_GLOBALTIMERLO"},
			wantBase:   "CS2R",
			wantString: "CS2R R4, SR_GLOBALTIMERLO ;",
		},
		{
			name:       "register zeroing idiom",
			in:         Instruction{Opcode: "CS2R", Operands: "R6, SRZ"},
			wantBase:   "CS2R",
			wantString: "CS2R R6, SRZ ;",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.in.Base(); got != tt.wantBase {
				t.Errorf("Base() = %q, want %q", got, tt.wantBase)
			}
			if got := tt.in.String(); got != tt.wantString {
				t.Errorf("String() = %q, want %q", got, tt.wantString)
			}
			if got := tt.in.IsClockRead(); got != tt.wantClock {
				t.Errorf("IsClockRead() = %v, want %v", got, tt.wantClock)
			}
		})
	}
}

func FuzzParseListing(f *testing.F) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.sass"))
	if err != nil {
		f.Fatal(err)
	}
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Add("")
	f.Add(".text.k:\n/*0000*/ @!P0 BRA `(.L_x_0) ;\n.L_x_0:\n")
	f.Add("\t.section\t.text.k\n/*0010*/ { /* unterminated\n/*zz*/ MOV\n")
	f.Fuzz(func(t *testing.T, text string) {
		l, err := ParseListing(text)
		if err != nil {
			return
		}
		for i := range l.Functions {
			fn := &l.Functions[i]
			_ = fn.Counts().Matching("MUFU")
			_, _ = fn.ClockRegion()
			_, _ = fn.LoopBody()
			for _, in := range fn.Instructions {
				if in.Opcode == "" {
					t.Fatalf("instruction with empty opcode in %q", fn.Name)
				}
			}
		}
	})
}
