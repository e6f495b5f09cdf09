package sass

import (
	"encoding/binary"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
)

// word builds a 16-byte instruction from its two little-endian halves, as
// a hex dump of a .text section shows them.
func word(lo, hi uint64) []byte {
	b := make([]byte, InstructionBytes)
	binary.LittleEndian.PutUint64(b, lo)
	binary.LittleEndian.PutUint64(b[8:], hi)
	return b
}

// TestDecodeControl decodes instruction words copied from the committed
// validation corpus's cubin (analyze/testdata/corpus/NVIDIA-H200/
// kernels.cubin, sm_90, CUDA 13), whose listing nvdisasm printed beside
// it.
func TestDecodeControl(t *testing.T) {
	none := NoBarrier
	tests := []struct {
		name   string
		lo, hi uint64
		want   Control
		text   string
	}{
		{"stencil5 0x270 LDS R6, [R5] sets write barrier 0", 0x0000000005067984, 0x000e280000000800,
			Control{Stall: 4, Yield: true, WriteBarrier: 0, ReadBarrier: none}, "B------:R-:W0:Y:S04"},
		{"stencil5 0x2b0 LDS R15, [R5+0x10] sets write barrier 4", 0x00001000050f7984, 0x000f220000000800,
			Control{Stall: 1, Yield: true, WriteBarrier: 4, ReadBarrier: none}, "B------:R-:W4:Y:S01"},
		{"stencil5 0x2c0 FFMA waits on barrier 0, stall 4 before the dependent FFMA", 0x3dcccccd06067823, 0x001fc80000000009,
			Control{Stall: 4, WriteBarrier: none, ReadBarrier: none, Wait: 0x01}, "B0-----:R-:W-:-:S04"},
		{"stencil5 0x2f0 FFMA waits on barrier 3", 0x3e4ccccd0d067823, 0x008fc80000000006,
			Control{Stall: 4, WriteBarrier: none, ReadBarrier: none, Wait: 0x08}, "B---3--:R-:W-:-:S04"},
		{"chase 0x130 LDG.E.64 sets write barrier 5 and read barrier 0", 0x0000000604027981, 0x000162000c1e1b00,
			Control{Stall: 1, Yield: true, WriteBarrier: 5, ReadBarrier: 0}, "B------:R0:W5:Y:S01"},
		{"chase 0x160 BRA waits on read barrier 0", 0xfffffffc00e88947, 0x001fea000383ffff,
			Control{Stall: 5, Yield: true, WriteBarrier: none, ReadBarrier: none, Wait: 0x01}, "B0-----:R-:W-:Y:S05"},
		{"int_hash 0x190 ISETP stalls 13 before the branch reads its predicate", 0x000000070400720c, 0x000fda0003f06270,
			Control{Stall: 13, WriteBarrier: none, ReadBarrier: none}, "B------:R-:W-:-:S13"},
		{"online_softmax 0x150 FADD R5, -R9.reuse, R7 reuses operand 0", 0x0000000709057221, 0x041fe20000000100,
			Control{Stall: 1, Yield: true, WriteBarrier: none, ReadBarrier: none, Wait: 0x01, Reuse: 0x1}, "B0-----:R-:W-:Y:S01"},
		{"online_softmax 0x1d0 MUFU.EX2 sets write barrier 0, stall 8", 0x0000000500077308, 0x000e300000000800,
			Control{Stall: 8, Yield: true, WriteBarrier: 0, ReadBarrier: none}, "B------:R-:W0:Y:S08"},
		{"mma_loop 0x230 HMMA R12.reuse, R20.reuse waits on barrier 5", 0x000000140c08723c, 0x0e0fea0000001808,
			Control{Stall: 5, Yield: true, WriteBarrier: none, ReadBarrier: none, Wait: 0x20, Reuse: 0x3}, "B-----5:R-:W-:Y:S05"},
		{"mma_loop 0x260 BRA stall 12", 0xfffffffc00ec8947, 0x000fd8000383ffff,
			Control{Stall: 12, WriteBarrier: none, ReadBarrier: none}, "B------:R-:W-:-:S12"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := DecodeControl(word(tc.lo, tc.hi))
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
			if s := got.String(); s != tc.text {
				t.Errorf("String() = %q, want %q", s, tc.text)
			}
		})
	}
	if _, err := DecodeControl(make([]byte, 8)); err == nil {
		t.Error("an 8-byte word decoded")
	}
}

// TestParseControlsCorpus reads the corpus cubin whole and checks the
// fields against its nvdisasm listing: every function's instructions get
// one, and the shared loads of the stencil's loop set barriers 0 to 4
// that its FFMAs wait on in turn.
func TestParseControlsCorpus(t *testing.T) {
	b, err := os.ReadFile("../analyze/testdata/corpus/NVIDIA-H200/kernels.cubin")
	if err != nil {
		t.Skip(err)
	}
	text, err := os.ReadFile("../analyze/testdata/corpus/NVIDIA-H200/kernels.sass")
	if err != nil {
		t.Fatal(err)
	}
	codes, err := ParseControls(b)
	if err != nil {
		t.Fatal(err)
	}
	l, err := ParseListing(string(text))
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, f := range l.Functions {
		total += len(f.Instructions)
	}
	if n := l.AttachControls(codes); n != total {
		t.Errorf("attached %d of %d instructions", n, total)
	}
	f, ok := l.Function("stencil5")
	if !ok {
		t.Fatal("no stencil5")
	}
	var lds, waits []int
	for _, in := range f.Instructions {
		switch {
		case in.Opcode == "LDS" && in.Offset >= 0x270:
			lds = append(lds, in.Control.WriteBarrier)
		case in.Opcode == "FFMA":
			waits = append(waits, int(in.Control.Wait))
			if in.Control.Stall < 1 {
				t.Errorf("%s: stall %d", in, in.Control.Stall)
			}
		}
	}
	if got, want := lds, []int{0, 1, 2, 3, 4}; !slices.Equal(got, want) {
		t.Errorf("LDS write barriers %v, want %v", got, want)
	}
	if got, want := waits, []int{1, 2, 4, 8, 16}; !slices.Equal(got, want) {
		t.Errorf("FFMA wait masks %v, want %v", got, want)
	}
}

func TestParseControlsErrors(t *testing.T) {
	tests := []struct {
		name string
		b    []byte
		want string
	}{
		{"empty", nil, "empty input"},
		{"not ELF", []byte("hello"), "not an ELF file"},
		{"sm_61 keeps no control fields in its words", testCubin(7, 0x3d053d).bytes(), ErrNoControl.Error()},
		{"code not a whole number of instructions", ragged.bytes(), "not a whole number"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseControls(tc.b)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
	if _, err := ParseControls(testCubin(7, 0x3d053d).bytes()); !errors.Is(err, ErrNoControl) {
		t.Errorf("sm_61: %v, want ErrNoControl", err)
	}
	got, err := ParseControls(testCubin(8, 0x06005a04).bytes())
	if err != nil {
		t.Fatal(err)
	}
	if len(got["k1"]) != 4 || len(got["k2"]) != 8 {
		t.Errorf("%d and %d words, want 4 and 8", len(got["k1"]), len(got["k2"]))
	}
}

// ragged is an sm_90 cubin whose k1 has 60 bytes of code.
var ragged = func() testELF {
	e := testCubin(8, 0x06005a04)
	e.sections[secTextK1-1].data = make([]byte, 60)
	return e
}()

func TestAttachControlsSkipsUnknown(t *testing.T) {
	l := &Listing{Functions: []Function{
		{Name: "k", Instructions: []Instruction{{Offset: 0, Opcode: "NOP"}, {Offset: 0x10, Opcode: "NOP"}, {Offset: 0x18, Opcode: "NOP"}, {Offset: 0x40, Opcode: "NOP"}}},
		{Name: "other", Instructions: []Instruction{{Offset: 0, Opcode: "NOP"}}},
	}}
	codes := map[string][]Control{"k": {{Stall: 1}, {Stall: 2}}}
	if n := l.AttachControls(codes); n != 2 {
		t.Errorf("attached %d, want 2", n)
	}
	if c := l.Functions[0].Instructions[1].Control; c == nil || c.Stall != 2 {
		t.Errorf("0x10 got %+v", c)
	}
	for _, in := range []Instruction{l.Functions[0].Instructions[2], l.Functions[0].Instructions[3], l.Functions[1].Instructions[0]} {
		if in.Control != nil {
			t.Errorf("%#x %s got %+v", in.Offset, in.Opcode, in.Control)
		}
	}
}

func FuzzParseControls(f *testing.F) {
	f.Add(testCubin(8, 0x06005a04).bytes())
	f.Add(testCubin(7, 0x3d053d).bytes())
	f.Add(ragged.bytes())
	f.Add(testCubin(8, 0x06005a04).bytes()[:100])
	f.Fuzz(func(t *testing.T, b []byte) {
		codes, err := ParseControls(b)
		if err != nil {
			return
		}
		for name, cs := range codes {
			for i, c := range cs {
				if c.Stall < 0 || c.Stall > 15 || c.WriteBarrier > 7 || c.ReadBarrier > 7 || c.Wait > 0x3f || c.Reuse > 0xf {
					t.Errorf("%s word %d: %+v out of range", name, i, c)
				}
			}
		}
	})
}
