package archdb

import (
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestGuideCells(t *testing.T) {
	tests := []struct {
		name     string
		cc       string
		class    Class
		perSM    float64
		multiple bool
		na       bool
		column   string
	}{
		{"Hopper FP32", "9.0", FP32FMA, 128, false, false, "9.0"},
		{"Hopper FP64", "9.0", FP64FMA, 64, false, false, "9.0"},
		{"Hopper FP16", "9.0", FP16FMA, 256, false, false, "9.0"},
		{"Hopper MUFU", "9.0", FP32MUFU, 16, false, false, "9.0"},
		{"Hopper DPX 16-bit", "9.0", DPX16, 128, false, false, "9.0"},
		{"Hopper DPX 32-bit", "9.0", DPX32, 64, false, false, "9.0"},
		{"Hopper shuffle", "9.0", WarpShuffle, 32, false, false, "9.0"},
		{"A100 FP32", "8.0", FP32FMA, 64, false, false, "8.0"},
		{"A100 FP64", "8.0", FP64FMA, 32, false, false, "8.0"},
		{"A100 bit field extract", "8.0", Int32BFE, 0, true, false, "8.0"},
		{"GA10x FP64", "8.6", FP64FMA, 2, false, false, "8.6"},
		{"GA10x FP32", "8.6", FP32FMA, 128, false, false, "8.6"},
		{"Ada FP16", "8.9", FP16FMA, 128, false, false, "8.9"},
		{"Ada FP64", "8.9", FP64FMA, 2, false, false, "8.9"},
		{"Volta FP32", "7.0", FP32FMA, 64, false, false, "7.x"},
		{"Turing FP32", "7.5", FP32FMA, 64, false, false, "7.x"},
		{"Volta FP64", "7.0", FP64FMA, 32, false, false, "7.x"},
		{"Turing FP64 footnote", "7.5", FP64FMA, 2, false, false, "7.x"},
		{"GP100 FP16", "6.0", FP16FMA, 128, false, false, "6.0"},
		{"GP10x FP16", "6.1", FP16FMA, 2, false, false, "6.1"},
		{"Maxwell FP16 is N/A", "5.2", FP16FMA, 0, false, true, "5.0, 5.2"},
		{"Maxwell FP32", "5.0", FP32FMA, 128, false, false, "5.0, 5.2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, ok := Guide(tt.cc, tt.class)
			if !ok {
				t.Fatalf("Guide(%q, %q) not found", tt.cc, tt.class)
			}
			if c.PerSM != tt.perSM || c.Multiple != tt.multiple || c.NA != tt.na || c.Column != tt.column || c.Class != tt.class {
				t.Errorf("Guide(%q, %q) = %+v, want PerSM %v Multiple %v NA %v Column %q",
					tt.cc, tt.class, c, tt.perSM, tt.multiple, tt.na, tt.column)
			}
		})
	}
}

func TestGuideAbsent(t *testing.T) {
	tests := []struct {
		name  string
		cc    string
		class Class
	}{
		{"unknown compute capability", "42.0", FP32FMA},
		{"empty compute capability", "", FP32FMA},
		{"no column for Orin", "8.7", FP32FMA},
		{"no column for Blackwell", "10.0", FP32FMA},
		{"no column for consumer Blackwell", "12.0", FP32FMA},
		{"unknown class", "9.0", Class("fp8-fma")},
		{"unconfirmed cell: 64-bit conversions", "9.0", Cvt64},
		{"unconfirmed cell: integer multiply on 8.6", "8.6", Int32Mul},
		{"unconfirmed cell: DPX before Hopper", "8.0", DPX16},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if c, ok := Guide(tt.cc, tt.class); ok {
				t.Errorf("Guide(%q, %q) = %+v, want absent", tt.cc, tt.class, c)
			}
		})
	}
	if r := GuideRow("42.0"); r != nil {
		t.Errorf("GuideRow(unknown) = %v, want nil", r)
	}
}

// Every cell holds exactly one state, with a finite non-negative rate, and
// comes back with its row's label and column.
func TestCellsWellFormed(t *testing.T) {
	ccs := []string{"5.0", "5.2", "5.3", "6.0", "6.1", "6.2", "7.0", "7.2", "7.5", "8.0", "8.6", "8.9", "9.0"}
	for _, cc := range ccs {
		row := GuideRow(cc)
		if len(row) == 0 {
			t.Errorf("GuideRow(%q) is empty", cc)
		}
		for _, c := range row {
			states := 0
			if c.PerSM > 0 {
				states++
			}
			if c.Multiple {
				states++
			}
			if c.NA {
				states++
			}
			if states != 1 {
				t.Errorf("%s %s: %d states set in %+v, want exactly one", cc, c.Class, states, c)
			}
			if math.IsNaN(c.PerSM) || math.IsInf(c.PerSM, 0) || c.PerSM < 0 {
				t.Errorf("%s %s: PerSM = %v", cc, c.Class, c.PerSM)
			}
			if c.Row == "" || c.Column == "" {
				t.Errorf("%s %s: missing row label or column in %+v", cc, c.Class, c)
			}
		}
	}
}

func TestClasses(t *testing.T) {
	cs := Classes()
	if len(cs) == 0 {
		t.Fatal("Classes() is empty")
	}
	seen := map[Class]bool{}
	for _, c := range cs {
		if seen[c] {
			t.Errorf("class %q listed twice", c)
		}
		seen[c] = true
		if c == "" || strings.ToLower(string(c)) != string(c) || strings.ContainsAny(string(c), " _") {
			t.Errorf("class %q is not a lower-case, dash-separated identifier", c)
		}
		if l, ok := rowLabel(c); !ok || l == "" {
			t.Errorf("class %q has no row label", c)
		}
	}
	// Every class the table holds cells for is a listed row.
	for c := range table() {
		if !seen[c] {
			t.Errorf("table has cells for %q, which Classes does not list", c)
		}
	}
	for cc, m := range overrides() {
		if _, ok := column(cc); !ok {
			t.Errorf("override for %q, which has no column", cc)
		}
		for c := range m {
			if !seen[c] {
				t.Errorf("override for unlisted class %q", c)
			}
		}
	}
	// Every column label the table uses is one that column() produces.
	cols := map[string]bool{}
	for _, cc := range []string{"5.0", "5.3", "6.0", "6.1", "6.2", "7.0", "8.0", "8.6", "8.9", "9.0"} {
		col, _ := column(cc)
		cols[col] = true
	}
	for c, m := range table() {
		for col := range m {
			if !cols[col] {
				t.Errorf("%s: unknown column label %q", c, col)
			}
		}
	}
}

// GuideRow follows the order of Classes, returns the same cells as Guide and
// is the same on every call.
func TestGuideRowOrder(t *testing.T) {
	index := map[Class]int{}
	for i, c := range Classes() {
		index[c] = i
	}
	for _, cc := range []string{"5.2", "7.5", "8.0", "8.6", "8.9", "9.0"} {
		row := GuideRow(cc)
		for i := 1; i < len(row); i++ {
			if index[row[i-1].Class] >= index[row[i].Class] {
				t.Errorf("GuideRow(%q): %s before %s, out of table order", cc, row[i-1].Class, row[i].Class)
			}
		}
		for _, c := range row {
			g, ok := Guide(cc, c.Class)
			if !ok || !cmp.Equal(g, c) {
				t.Errorf("GuideRow(%q) has %+v, Guide gives %+v, %v", cc, c, g, ok)
			}
		}
		if diff := cmp.Diff(row, GuideRow(cc)); diff != "" {
			t.Errorf("GuideRow(%q) differs between calls (-first +second):\n%s", cc, diff)
		}
	}
	// Changing what a caller was given does not change the package's data.
	row := GuideRow("9.0")
	row[0].PerSM = -1
	if c, _ := Guide("9.0", row[0].Class); c.PerSM < 0 {
		t.Error("a caller's edit leaked into the table")
	}
}

// The columns the guide groups give the same cells for each member, except
// where a footnote singles one out.
func TestGroupedColumns(t *testing.T) {
	for _, c := range Classes() {
		a, okA := Guide("5.0", c)
		b, okB := Guide("5.2", c)
		if okA != okB || a != b {
			t.Errorf("%s: 5.0 %+v (%v) and 5.2 %+v (%v) differ", c, a, okA, b, okB)
		}
		v0, ok0 := Guide("7.0", c)
		v2, ok2 := Guide("7.2", c)
		if ok0 != ok2 || v0 != v2 {
			t.Errorf("%s: 7.0 %+v and 7.2 %+v differ", c, v0, v2)
		}
		v5, ok5 := Guide("7.5", c)
		if c != FP64FMA && (ok0 != ok5 || v0 != v5) {
			t.Errorf("%s: 7.0 %+v and 7.5 %+v differ with no footnote", c, v0, v5)
		}
	}
	if c, _ := Guide("7.5", FP64FMA); c.Note == "" {
		t.Error("7.5 FP64 does not carry the footnote that sets it")
	}
}

func TestGuideSource(t *testing.T) {
	for _, want := range []string{"CUDA C++ Programming Guide", "Arithmetic Instructions",
		"Throughput of Native Arithmetic Instructions", "12.8.1", "https://docs.nvidia.com/"} {
		if !strings.Contains(GuideSource, want) {
			t.Errorf("GuideSource does not name %q", want)
		}
	}
}

func TestTensorPeak(t *testing.T) {
	// The H100 SXM5's 989.4 dense FP16 TFLOPS at 132 SMs and 1830 MHz.
	if v, ok := TensorPeak("9.0", "f16"); !ok || math.Abs(v*132*1.83e9-989.4e12)/989.4e12 > 0.001 {
		t.Errorf("f16 peak %v per clock per SM does not give 989.4 TFLOPS", v)
	}
	if _, ok := TensorPeak("9.0", "s4"); ok {
		t.Error("Hopper documents no int4 tensor rate")
	}
	if _, ok := TensorPeak("7.0", "f16"); ok {
		t.Error("a compute capability without data returned a peak")
	}
}

func TestCrossTables(t *testing.T) {
	for _, tab := range []CrossTable{OnChipMemory(), OpsPerCoreCycle(), IntOpsPerCoreCycle()} {
		if len(tab.Rows) == 0 || tab.Title == "" {
			t.Errorf("empty table %+v", tab)
		}
		for _, r := range tab.Rows {
			if len(r.Values) != len(tab.Columns) {
				t.Errorf("%s / %s: %d values for %d columns", tab.Title, r.Quantity, len(r.Values), len(tab.Columns))
			}
		}
	}
}

// TestDatasheetsConsistent checks every per-clock rate against the peak its
// source states: units × clock × rate must give the stated TFLOPS.
func TestDatasheetsConsistent(t *testing.T) {
	stated := map[string][2]float64{ // FP32 and FP16-tensor TFLOPS and the clock they are stated at
		"Tesla V100 SXM2": {15.7, 125}, "A100 SXM4 40 GB": {19.5, 312}, "Instinct MI250X": {47.9, 383}, "Instinct MI300X": {163.4, 1307.4},
	}
	for _, d := range Datasheets() {
		if d.Source == "" || d.Units == 0 || d.BoostMHz == 0 {
			t.Errorf("%s: incomplete %+v", d.GPU, d)
		}
		s, ok := stated[d.GPU]
		if !ok {
			continue
		}
		k := float64(d.Units) * d.BoostMHz * 1e6 / 1e12
		if math.Abs(k*d.FP32-s[0])/s[0] > 0.02 || math.Abs(k*d.TensorFP16-s[1])/s[1] > 0.03 {
			t.Errorf("%s: %g FP32 and %g tensor TFLOPS from the per-clock rates, stated %v", d.GPU, k*d.FP32, k*d.TensorFP16, s)
		}
	}
}
