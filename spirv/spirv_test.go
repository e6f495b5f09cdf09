package spirv

import (
	"context"
	"errors"
	"flag"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/*.spv with spirv-as (SPIRV-Tools)")

// TestAssembleMatchesSpirvAs assembles each testdata/*.spvasm (and the
// vulkan package's test shaders) and compares the words with spirv-as's,
// kept beside them as .spv (-update rewrites this package's with
// spirv-as). Word 2, the generator's id, is the one word that differs by
// design.
func TestAssembleMatchesSpirvAs(t *testing.T) {
	files, err := filepath.Glob("testdata/*.spvasm")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata/*.spvasm: %v", err)
	}
	others, _ := filepath.Glob("../vulkan/testdata/*.spvasm")
	files = append(files, others...)
	for _, f := range files {
		t.Run(strings.TrimPrefix(f, "../"), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			got, err := Assemble(string(src), V1_5)
			if err != nil {
				t.Fatal(err)
			}
			golden := strings.TrimSuffix(f, ".spvasm") + ".spv"
			if *update && strings.HasPrefix(f, "testdata") {
				out, err := exec.Command("spirv-as", "--target-env", "vulkan1.2", f, "-o", golden).CombinedOutput()
				if err != nil {
					t.Fatalf("spirv-as: %v: %s", err, out)
				}
			}
			b, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update with spirv-as installed)", err)
			}
			want, err := Words(b)
			if err != nil {
				t.Fatal(err)
			}
			if got[2] != 0 {
				t.Errorf("generator word %#x, want 0 (no registered generator id)", got[2])
			}
			got[2] = want[2]
			if i := firstDiff(got, want); i >= 0 {
				t.Fatalf("word %d of %d: got %#08x, spirv-as wrote %#08x", i, len(want), at(got, i), at(want, i))
			}
			if err := Validate(context.Background(), got, "vulkan1.2"); errors.Is(err, ErrNoValidator) {
				t.Log(err)
			} else if err != nil {
				t.Error(err)
			}
		})
	}
}

func firstDiff(a, b []uint32) int {
	for i := range max(len(a), len(b)) {
		if at(a, i) != at(b, i) || i >= len(a) || i >= len(b) {
			return i
		}
	}
	return -1
}

func at(w []uint32, i int) uint32 {
	if i < len(w) {
		return w[i]
	}
	return 0
}

// Disassembling a module and assembling the text gives back its words.
func TestRoundTrip(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.spvasm")
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		w, err := Assemble(string(src), V1_5)
		if err != nil {
			t.Fatal(err)
		}
		text, err := Disassemble(w)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		back, err := Assemble(text, V1_5)
		if err != nil {
			t.Fatalf("%s: the disassembly does not assemble: %v\n%s", f, err, text)
		}
		if i := firstDiff(back, w); i >= 0 {
			t.Errorf("%s: word %d differs after the round trip: %#08x, was %#08x", f, i, at(back, i), at(w, i))
		}
	}
}

// module wraps constant declarations in the smallest module around them.
func module(decls string) string {
	return "OpCapability Shader\nOpCapability Float16\nOpCapability Float64\nOpCapability Int64\nOpCapability Int16\n" +
		"OpMemoryModel Logical GLSL450\n%f16 = OpTypeFloat 16\n%f32 = OpTypeFloat 32\n%f64 = OpTypeFloat 64\n" +
		"%i16 = OpTypeInt 16 1\n%u16 = OpTypeInt 16 0\n%i32 = OpTypeInt 32 1\n%u32 = OpTypeInt 32 0\n%i64 = OpTypeInt 64 1\n%u64 = OpTypeInt 64 0\n" + decls + "\n"
}

// Literals are encoded in the width and signedness of their type.
func TestLiterals(t *testing.T) {
	for _, tc := range []struct {
		decl string
		want []uint32
	}{
		{"OpConstant %f32 1", []uint32{0x3f800000}},
		{"OpConstant %f32 -0x1.8p+3", []uint32{0xc1400000}},
		{"OpConstant %f32 0.1", []uint32{0x3dcccccd}},
		{"OpConstant %f32 0x7fc00001", []uint32{0x7fc00001}}, // a NaN's bits
		{"OpConstant %f32 0xff800000", []uint32{0xff800000}}, // -inf
		{"OpConstant %f64 0.1", []uint32{0x9999999a, 0x3fb99999}},
		{"OpConstant %f16 1", []uint32{0x3c00}},
		{"OpConstant %f16 -2", []uint32{0xc000}},
		{"OpConstant %f16 65504", []uint32{0x7bff}},
		{"OpConstant %f16 65520", []uint32{0x7c00}},     // rounds to infinity
		{"OpConstant %f16 0x1p-24", []uint32{0x0001}},   // smallest subnormal
		{"OpConstant %f16 0x1p-25", []uint32{0x0000}},   // ties to even: 0
		{"OpConstant %f16 0x1.8p-24", []uint32{0x0002}}, // ties to even: 2
		{"OpConstant %f16 0x1.002p+0", []uint32{0x3c00}},
		{"OpConstant %f16 0x1.006p+0", []uint32{0x3c02}},
		{"OpConstant %f16 0x1.ffep+0", []uint32{0x4000}}, // carries into the exponent
		{"OpConstant %i16 -2", []uint32{0xfffffffe}},     // sign-extended
		{"OpConstant %u16 65535", []uint32{0x0000ffff}},
		{"OpConstant %i32 -2147483648", []uint32{0x80000000}},
		{"OpConstant %u32 0xffffffff", []uint32{0xffffffff}},
		{"OpConstant %i64 -1", []uint32{0xffffffff, 0xffffffff}},
		{"OpConstant %u64 0x123456789abcdef0", []uint32{0x9abcdef0, 0x12345678}},
	} {
		w, err := Assemble(module("%c = "+tc.decl), V1_5)
		if err != nil {
			t.Errorf("%s: %v", tc.decl, err)
			continue
		}
		got := w[len(w)-len(tc.want):]
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: %#x, want %#x", tc.decl, got, tc.want)
		}
		text, err := Disassemble(w)
		if err != nil {
			t.Fatalf("%s: %v", tc.decl, err)
		}
		back, err := Assemble(text, V1_5)
		if err != nil || !slices.Equal(back, w) {
			t.Errorf("%s: round trip through %q: %v", tc.decl, lastLine(text), err)
		}
	}
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	return s[strings.LastIndexByte(s, '\n')+1:]
}

// halfBits agrees with converting through float32 for every float16
// value and every midpoint between neighbours (ties to even).
func TestHalfBitsExhaustive(t *testing.T) {
	for h := range uint32(0x7c00) {
		f := halfValue(uint16(h))
		if got := halfBits(f); got != uint16(h) {
			t.Fatalf("halfBits(%v) = %#04x, want %#04x", f, got, h)
		}
		if got := halfBits(-f); got != uint16(h)|0x8000 {
			t.Fatalf("halfBits(%v) = %#04x, want %#04x", -f, got, h|0x8000)
		}
		if h == 0x7bff {
			break
		}
		mid := (f + halfValue(uint16(h+1))) / 2
		want := uint16(h)
		if h&1 == 1 {
			want++
		}
		if got := halfBits(mid); got != want {
			t.Fatalf("halfBits(%v), midway after %#04x = %#04x, want %#04x", mid, h, got, want)
		}
	}
	if got := halfBits(math.NaN()); got&0x7c00 != 0x7c00 || got&0x3ff == 0 {
		t.Errorf("halfBits(NaN) = %#04x, not a NaN", got)
	}
}

// Bad text is refused with the line, column and what was wrong.
func TestAssembleErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"OpCapability Shadr", `line 1:14: OpCapability: "Shadr" is not a Capability`},
		{"OpFAdd2 %a %b", "unknown opcode OpFAdd2 (did you mean OpFAdd?)"},
		{"%x = OpCapability Shader", "OpCapability has no result"},
		{"OpTypeInt 32 0", "OpTypeInt needs a result id"},
		{"%u = OpTypeInt 32", "missing operand"},
		{"%u = OpTypeInt 32 0 7", "too many operands"},
		{`OpEntryPoint GLCompute %m "main`, "unterminated string"},
		{"%u = OpTypeInt 32 0\n%c = OpConstant %u 4294967296", "line 2:20: \"4294967296\" is not a 32-bit integer"},
		{"%u = OpTypeInt 32 0\n%c = OpConstant %u -1", "negative, but the type is unsigned"},
		{"%f = OpTypeFloat 32\n%c = OpConstant %f nan", "not a finite floating-point number"},
		{"%f = OpTypeFloat 32\n%c = OpConstant %f 1.5.2", "not a finite floating-point number"},
		{"%f = OpTypeFloat 32\n%c = OpConstant %f 0x1ffffffff", "not the bits of a 32-bit float"},
		{"%c = OpConstant %nothing 1", "not a declared integer or float type"},
		{"%u = OpTypeInt 32 0\n%u = OpTypeInt 16 0", "defined twice"},
		{"OpName x \"y\"", "expected an id"},
		{"%g = OpExtInstImport \"GLSL.std.450\"\n%f = OpTypeFloat 32\n%r = OpExtInst %f %g Exp3 %f", "unknown GLSL.std.450 instruction Exp3 (did you mean Exp?)"},
		{"OpDecorate %x BuiltIn", "missing operand"},
		{"OpMemoryModel Logical GLSL450 Extra", "too many operands"},
	} {
		_, err := Assemble(tc.src, V1_5)
		var se *SyntaxError
		if err == nil || !errors.As(err, &se) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Assemble(%q) = %v, want a SyntaxError containing %q", tc.src, err, tc.want)
		}
	}
}

// Malformed words are refused, never read past.
func TestDisassembleErrors(t *testing.T) {
	head := []uint32{Magic, V1_5.Word(), 0, 10, 0}
	for _, tc := range []struct {
		name  string
		words []uint32
		want  string
	}{
		{"short", []uint32{Magic}, "too short"},
		{"magic", []uint32{1, 2, 3, 4, 5}, "bad magic"},
		{"zero length", append(slices.Clone(head), 0), "runs past"},
		{"past the end", append(slices.Clone(head), 3<<16|17), "runs past"},
		{"unknown opcode", append(slices.Clone(head), 1<<16|0xfff0), "unknown opcode"},
		{"operands end", append(slices.Clone(head), 2<<16|21, 1), "operands end early"}, // OpTypeInt %1, no width
		{"no NUL", append(slices.Clone(head), 2<<16|10, 0x41414141), "no terminating NUL"},
		{"constant type", append(slices.Clone(head), 4<<16|43, 9, 1, 0), "not a declared integer or float type"},
	} {
		_, err := Disassemble(tc.words)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Disassemble = %v, want an error containing %q", tc.name, err, tc.want)
		}
	}
	if _, err := Words([]byte{1, 2, 3}); err == nil {
		t.Error("Words accepted 3 bytes")
	}
	if _, err := Words(make([]byte, 20)); err == nil || !strings.Contains(err.Error(), "magic") {
		t.Errorf("Words of zeros = %v, want a bad magic number", err)
	}
}

// Words reads big-endian modules too.
func TestWordsByteOrder(t *testing.T) {
	w := []uint32{Magic, V1_5.Word(), 0, 1, 0}
	be := make([]byte, 20)
	for i, x := range w {
		be[4*i], be[4*i+1], be[4*i+2], be[4*i+3] = byte(x>>24), byte(x>>16), byte(x>>8), byte(x)
	}
	for _, b := range [][]byte{Bytes(w), be} {
		got, err := Words(b)
		if err != nil || !slices.Equal(got, w) {
			t.Errorf("Words(% x) = %#x, %v", b[:4], got, err)
		}
	}
}

func TestOpcode(t *testing.T) {
	if op, ok := Opcode("OpFAdd"); !ok || op != 129 {
		t.Errorf("Opcode(OpFAdd) = %d, %v; the specification says 129", op, ok)
	}
	if _, ok := Opcode("OpNothing"); ok {
		t.Error("Opcode(OpNothing) found")
	}
}

// seeds are the fuzzers' first inputs: the hand-written module (small
// ones, as the fuzzer minimizes every new input it finds) and one with
// a constant of each width.
func seeds(f *testing.F) []string {
	b, err := os.ReadFile("testdata/grammar.spvasm")
	if err != nil {
		f.Fatal(err)
	}
	return []string{string(b), module("%a = OpConstant %f16 0x1p-24\n%b = OpConstant %i64 -3\n%c = OpConstant %f64 0x7ff8000000000001")}
}

// Whatever text comes in, Assemble returns words or an error, and words
// it returns disassemble and assemble back to themselves.
func FuzzAssemble(f *testing.F) {
	for _, s := range seeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		w, err := Assemble(src, V1_5)
		if err != nil {
			return
		}
		text, err := Disassemble(w)
		if err != nil {
			t.Fatalf("assembled words do not disassemble: %v", err)
		}
		back, err := Assemble(text, V1_5)
		if err != nil {
			t.Fatalf("the disassembly does not assemble: %v\n%s", err, text)
		}
		if !slices.Equal(back, w) {
			t.Fatalf("round trip changed the words:\n%s", text)
		}
	})
}

// Whatever bytes come in, Disassemble returns text or an error, never
// reading past the module.
func FuzzDisassemble(f *testing.F) {
	for _, s := range seeds(f) {
		w, err := Assemble(s, V1_5)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(Bytes(w))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		w, err := Words(b)
		if err != nil {
			return
		}
		_, _ = Disassemble(w)
	})
}
