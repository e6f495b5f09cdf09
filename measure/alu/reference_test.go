package alu

import (
	"math"
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/record"
)

func tpRecord(group, subject string, results float64, perStep map[string]float64, note string) *record.Record {
	return &record.Record{
		Suite: Suite, Group: group, Subject: subject, Quantity: record.Throughput, Status: record.StatusOK, Note: note,
		Through: &record.ThroughputDetail{ResultsPerClockPerSM: results},
		Code:    &record.CodeCheck{Status: "verified", PerStep: perStep},
	}
}

func TestReference(t *testing.T) {
	tests := []struct {
		name      string
		cc        string
		rec       *record.Record
		wantNil   bool
		wantRef   float64
		wantFlag  bool
		wantWords string
	}{
		{"ffma close to 128", "9.0", tpRecord("f32", "fma.rn.f32", 126.5, map[string]float64{"FFMA": 1}, ""), false, 128, false, ""},
		{"variant maps to its base", "9.0", tpRecord("f32", "fma.rn.f32 [imm]", 126.5, map[string]float64{"FFMA": 1}, ""), false, 128, false, ""},
		{"add split over two pipes", "9.0", tpRecord("int32", "add.s32", 126, map[string]float64{"IADD3": 0.5, "IMAD.IADD": 0.5}, ""),
			false, 64, true, "alternates forms that run on different pipelines"},
		{"faster with a helper instruction is not a split", "9.0", tpRecord("convert", "cvt.rn.f16.f32", 32, map[string]float64{"F2FP.F16.F32.PACK_AB": 1, "PRMT": 1}, "repacked"),
			false, 16, true, "faster than documented"},
		{"emulated sequence", "9.0", tpRecord("mufu", "rcp.approx.f32", 6, map[string]float64{"MUFU.RCP": 1, "FMUL": 2, "FSEL": 2, "FSETP": 2}, ""),
			false, 16, true, "one step is 7 machine instructions"},
		{"a note alone explains nothing", "9.0", tpRecord("f32", "abs.f32", 60, map[string]float64{"FADD": 1}, "each step also adds"),
			false, 128, true, "slower than documented with one machine instruction per step (FADD)"},
		{"scalar half counts one result", "9.0", tpRecord("f16", "add.rn.f16", 64, map[string]float64{"HADD2": 1}, ""),
			false, 256, true, "both halves of packed"},
		{"faster, one pipeline", "9.0", tpRecord("int32", "mul.lo.s32", 128, map[string]float64{"IMAD": 1}, ""),
			false, 64, true, "faster than documented"},
		{"slower, no explanation in the record", "9.0", tpRecord("f64", "add.rn.f64", 40, map[string]float64{"DADD": 1}, ""),
			false, 64, true, "slower than documented"},
		{"no documented row", "9.0", tpRecord("precise", "div.rn.f32", 3, nil, ""), true, 0, false, ""},
		{"unknown architecture", "42.0", tpRecord("f32", "fma.rn.f32", 126, nil, ""), true, 0, false, ""},
		{"f16 min has no row", "9.0", tpRecord("f16x2", "min.f16x2", 100, nil, ""), true, 0, false, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ref := Reference(tc.cc, tc.rec)
			if tc.wantNil {
				if ref != nil {
					t.Fatalf("got %+v, want none", ref)
				}
				return
			}
			if ref == nil {
				t.Fatal("no reference")
			}
			if ref.ResultsPerClockPerSM != tc.wantRef || ref.Source == "" || ref.Row == "" {
				t.Errorf("reference %+v, want %v with a source and row", ref, tc.wantRef)
			}
			if ref.Flag != tc.wantFlag || !strings.Contains(ref.Reason, tc.wantWords) {
				t.Errorf("flag %v reason %q, want %v containing %q", ref.Flag, ref.Reason, tc.wantFlag, tc.wantWords)
			}
			if want := tc.rec.Through.ResultsPerClockPerSM / tc.wantRef; math.Abs(ref.Ratio-want) > 1e-12 {
				t.Errorf("ratio %v, want %v", ref.Ratio, want)
			}
			if tc.rec.Through.ResultsPerClockPerSM == 0 {
				t.Error("the measurement was changed")
			}
		})
	}
}

func TestReferenceMultiple(t *testing.T) {
	// The 8.0 column documents bit-field extract as multiple instructions.
	rec := tpRecord("bitfield", "bfe.u32", 64, map[string]float64{"SHF.R.U32.HI": 1}, "")
	ref := Reference("8.0", rec)
	if ref == nil || !ref.Multiple {
		t.Fatalf("reference %+v, want a multiple-instructions cell", ref)
	}
	if !ref.Flag || !strings.Contains(ref.Reason, "documented as multiple instructions") {
		t.Errorf("one native instruction against a multiple-instruction row: flag %v %q", ref.Flag, ref.Reason)
	}
}

// Every catalog entry that NVIDIA's table documents maps to a row; the test
// pins the mapping's coverage so a renamed group cannot silently drop it.
func TestReferenceCoverage(t *testing.T) {
	mapped := 0
	for _, s := range Catalog() {
		if referenceClass(s.Group, s.Subject) != "" {
			mapped++
		}
	}
	if mapped < 100 {
		t.Errorf("only %d of %d entries map to a documented row", mapped, len(Catalog()))
	}
}
