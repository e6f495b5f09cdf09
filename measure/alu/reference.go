package alu

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/gpuarch/gpuarch/archdb"
	"github.com/gpuarch/gpuarch/record"
)

// referenceClass maps a catalog entry to the row of NVIDIA's throughput
// table that documents it, or "" when no row does.
func referenceClass(group, subject string) archdb.Class {
	op, _, _ := strings.Cut(subject, " ")
	base := strings.SplitN(op, ".", 2)[0]
	switch group {
	case "f16x2", "f16", "bf16x2", "bf16":
		if base == "min" || base == "max" {
			return ""
		}
		return archdb.FP16FMA
	case "f32", "f64":
		switch base {
		case "add", "sub", "mul", "fma", "abs", "neg":
			if group == "f32" {
				return archdb.FP32FMA
			}
			return archdb.FP64FMA
		case "cvt", "fract":
			return archdb.CvtOther
		}
	case "mufu":
		if strings.HasSuffix(op, ".f32") {
			switch base {
			case "rcp", "rsqrt", "ex2", "lg2", "sin", "cos":
				return archdb.FP32MUFU
			}
		}
	case "int32":
		switch base {
		case "add", "sub", "addc":
			return archdb.Int32Add
		case "mul", "mad":
			return archdb.Int32Mul
		case "mul24", "mad24":
			return archdb.Int24Mul
		case "min", "max":
			return archdb.Int32Compare
		case "sad":
			return archdb.SAD
		}
	case "compare":
		if strings.Contains(op, "s32") {
			return archdb.Int32Compare
		}
	case "bitwise":
		return archdb.Int32Logic
	case "shift":
		if !strings.Contains(op, "64") {
			return archdb.Int32Shift
		}
	case "bitfield":
		switch base {
		case "bfe", "bfi":
			return archdb.Int32BFE
		case "brev":
			if strings.HasSuffix(op, "b32") {
				return archdb.Int32Brev
			}
		case "popc":
			if strings.HasSuffix(op, "b32") {
				return archdb.Int32Popc
			}
		case "clz", "bfind":
			if !strings.HasSuffix(op, "64") {
				return archdb.Int32CLZ
			}
		}
	case "convert":
		switch {
		case strings.Contains(op, "64"):
			return archdb.Cvt64
		case op == "cvt.s32.s16":
			return archdb.CvtNarrowInt
		}
		return archdb.CvtOther
	case "video":
		if strings.HasPrefix(op, "vabsdiff4") {
			return archdb.VAbsDiff4
		}
		return archdb.VideoOther
	case "dpx":
		if strings.Contains(op, "16x2") {
			return archdb.DPX16
		}
		return archdb.DPX32
	}
	return ""
}

// tolerance is how far a measurement may stray from the documented rate
// before the report flags it.
const tolerance = 0.10

// Reference compares a throughput record with NVIDIA's documented rate for
// its compute capability. It returns nil when the table has no cell for the
// instruction. The measured number is never changed.
func Reference(cc string, rec *record.Record) *record.Reference {
	class := referenceClass(rec.Group, rec.Subject)
	if class == "" {
		return nil
	}
	cell, ok := archdb.Guide(cc, class)
	if !ok || cell.NA {
		return nil
	}
	ref := &record.Reference{Class: string(class), Row: cell.Row, Source: archdb.GuideSource,
		ResultsPerClockPerSM: cell.PerSM, Multiple: cell.Multiple}
	if rec.Status != record.StatusOK || rec.Through == nil {
		return ref
	}
	seq, steps := sequenceOf(rec)
	measured := rec.Through.ResultsPerClockPerSM
	if cell.Multiple {
		if steps <= 1.05 {
			ref.Flag = true
			ref.Reason = fmt.Sprintf("documented as multiple instructions, but one step compiled to %s", seq)
		}
		return ref
	}
	ref.Ratio = measured / cell.PerSM
	if math.Abs(ref.Ratio-1) <= tolerance {
		return ref
	}
	ref.Flag = true
	ref.Reason = explain(rec, ref.Ratio, seq, steps)
	return ref
}

// explain gives the likely reason a measurement strays from the documented
// rate, from what the record itself shows.
func explain(rec *record.Record, ratio float64, seq string, steps float64) string {
	split := false // ptxas alternates forms: fractional counts per step
	if rec.Code != nil && len(rec.Code.PerStep) > 1 {
		for _, n := range rec.Code.PerStep {
			split = split || n != math.Trunc(n)
		}
	}
	scalarHalf := rec.Group == GroupF16 || rec.Group == GroupBF16
	switch {
	case scalarHalf && ratio < 1 && referenceClass(rec.Group, rec.Subject) == archdb.FP16FMA:
		return "the documented rate counts both halves of packed (x2) instructions; a scalar 16-bit instruction yields one result per thread"
	case steps > 1.05 && ratio < 1:
		return fmt.Sprintf("emulated or helped: one step is %.3g machine instructions (%s); the documented rate is for one native instruction", steps, seq)
	case ratio > 1 && split:
		return fmt.Sprintf("ptxas alternates forms that run on different pipelines (%s), so the operation beats one pipeline's documented rate", seq)
	case ratio > 1:
		return fmt.Sprintf("faster than documented: the table's row covers a slower form of the operation than the %s this compiles to, or is conservative for this GPU", seq)
	case rec.Through.Control != nil && rec.Through.Control.OverheadShare > 0.05:
		return fmt.Sprintf("the loop's own instructions take up to %.0f%% of the time at the best shape", 100*rec.Through.Control.OverheadShare)
	}
	return fmt.Sprintf("slower than documented with one machine instruction per step (%s): an issue, register-bandwidth or pipeline limit the table does not state", seq)
}

// sequenceOf returns the SASS sequence of one step and its instruction
// count.
func sequenceOf(rec *record.Record) (string, float64) {
	if rec.Code == nil || len(rec.Code.PerStep) == 0 {
		return "unknown machine code", 1
	}
	var n float64
	for _, v := range rec.Code.PerStep {
		n += v
	}
	seq := rec.Code.Sequence
	if seq == "" {
		ops := make([]string, 0, len(rec.Code.PerStep))
		for op := range rec.Code.PerStep {
			ops = append(ops, op)
		}
		sort.Strings(ops)
		seq = strings.Join(ops, " + ")
	}
	return seq, n
}
