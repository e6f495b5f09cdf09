package analyze

import (
	"math"
	"testing"

	"github.com/gpuarch/gpuarch/sass"
)

// TestSectorPasses checks the expected passes of a grid's atomic request
// against cases worked by hand: one word is 32 passes (every lane its
// own), a window wider than a warp's lanes about one pass per distinct
// sector touched.
func TestSectorPasses(t *testing.T) {
	tests := []struct {
		name             string
		words, perSector int
		lo, hi           float64
	}{
		{"one word", 1, 8, 32, 32},
		// Two words of one sector: the larger of two binomial
		// halves of 32, E = 16 + E|X-16| ≈ 18.3.
		{"two words, one sector", 2, 8, 18, 18.6},
		// 16 words in two sectors (global_counter16): the most of 16
		// lanes on 8 words, about 4.3, twice.
		{"16 words, two sectors", 16, 8, 8, 9},
		// 256 words, 32 sectors (hist_global256): about 20.6 distinct
		// sectors, a few with two lanes on one word.
		{"256 words, 32 sectors", 256, 8, 20.5, 23},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := sectorPasses(tc.words, tc.perSector)
			if got < tc.lo || got > tc.hi {
				t.Errorf("sectorPasses(%d, %d) = %.2f, want [%.1f, %.1f]", tc.words, tc.perSector, got, tc.lo, tc.hi)
			}
			if again := sectorPasses(tc.words, tc.perSector); again != got {
				t.Errorf("not deterministic: %v then %v", got, again)
			}
		})
	}
}

// TestAtomicUnits checks the L2 atomic units a window spreads over.
func TestAtomicUnits(t *testing.T) {
	tests := []struct {
		lines, want float64
	}{{1, 1}, {2, 1}, {4, 1}, {8, 2}, {32, 8}}
	for _, tc := range tests {
		if got := atomicUnits(tc.lines); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("atomicUnits(%v) = %v, want %v", tc.lines, got, tc.want)
		}
	}
}

// TestIndexedConstant checks which constant loads the constant cache
// serves per lane: those at a register's index.
func TestIndexedConstant(t *testing.T) {
	tests := []struct {
		ops  string
		want bool
	}{
		{"R4, c[0x3][R4]", true},
		{"R4, c[0x3][R4+0x10]", true},
		{"R1, c[0x0][0x28]", false},
		{"R4, c[0x3][RZ]", false},
	}
	for _, tc := range tests {
		in, err := sass.ParseInstruction("LDC " + tc.ops + " ;")
		if err != nil {
			t.Fatal(err)
		}
		if got := indexedConstant(in); got != tc.want {
			t.Errorf("indexedConstant(%q) = %v, want %v", tc.ops, got, tc.want)
		}
	}
}

// TestGridAtomicCost checks a grid's atomic request's cost: an integer
// add's passes at the integer one-address rate over the units; a float
// add's passes at that rate too, or its lanes' chains on each word at the
// float one-address rate where slower: 32 lanes on one word are the
// float record's, on 64 words the integer passes'.
func TestGridAtomicCost(t *testing.T) {
	m := &Machine{GridAtomicRate: 0.005, GridAtomicRateF32: 0.002}
	add := sass.Instruction{Opcode: "REDG.E.ADD.STRONG.GPU"}
	fadd := sass.Instruction{Opcode: "REDG.E.ADD.F32.FTZ.RN.STRONG.GPU"}
	tests := []struct {
		name                        string
		in                          sass.Instruction
		passes, units, lanes, words float64
		want                        float64
	}{
		{"integer, one word", add, 32, 1, 32, 1, 32 / 0.005},
		{"integer, 64 words over 2 units", add, 13, 2, 32, 64, 13 / (0.005 * 2)},
		{"float, one word: its chain", fadd, 32, 1, 32, 1, 32 / 0.002},
		{"float, 64 words: the passes", fadd, 13, 1, 32, 64, 13 / 0.005},
		{"float, two words: their chains", fadd, 16, 1, 32, 2, 16 / 0.002},
	}
	for _, tc := range tests {
		if got := m.gridAtomicCost(tc.in, tc.passes, tc.units, tc.lanes, tc.words); math.Abs(got-tc.want) > 1e-9*tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
