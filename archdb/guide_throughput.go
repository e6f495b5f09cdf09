package archdb

// GuideSource cites the table that Guide and GuideRow return: the document,
// the section, the table's title and the edition and address of the copy.
//
// From CUDA 13.0 the CUDA C++ Programming Guide is a legacy document,
// replaced by a restructured "CUDA Programming Guide" that no longer carries
// this table; NVIDIA now keeps a throughput table in the CUDA C++ Best
// Practices Guide ("Throughput of Native Arithmetic Instructions", 12.1.1),
// whose 13.x edition has different rows and, for compute capability 12.0,
// at least one different number. That later table is not used here.
const GuideSource = "NVIDIA CUDA C++ Programming Guide, Performance Guidelines > Maximize Instruction Throughput > " +
	"Arithmetic Instructions, table \"Throughput of Native Arithmetic Instructions (Number of Results per Clock Cycle " +
	"per Multiprocessor)\", CUDA 12.8.1 edition (section 5.4.1, Table 4), " +
	"https://docs.nvidia.com/cuda/archive/12.8.1/cuda-c-programming-guide/index.html#arithmetic-instructions" +
	" (values transcribed from public copies that cite this edition; cells no copy confirmed are absent)"

// Class names a row of the guide's throughput table. The strings are stable
// identifiers, safe to store in results and compare across versions.
type Class string

// The rows of the table, in the guide's order as far as the copies read show
// it (warp vote's place among the warp rows is not certain).
const (
	FP16FMA      Class = "fp16-fma"
	FP32FMA      Class = "fp32-fma"
	FP64FMA      Class = "fp64-fma"
	FP32MUFU     Class = "fp32-mufu"
	Int32Add     Class = "int32-add"
	Int32Mul     Class = "int32-mul"
	Int24Mul     Class = "int24-mul"
	Int32Shift   Class = "int32-shift"
	Int32Compare Class = "int32-compare"
	Int32Brev    Class = "int32-brev"
	Int32BFE     Class = "int32-bfe"
	Int32Logic   Class = "int32-logic"
	Int32CLZ     Class = "int32-clz"
	Int32Popc    Class = "int32-popc"
	WarpShuffle  Class = "warp-shuffle"
	WarpReduce   Class = "warp-reduce"
	WarpVote     Class = "warp-vote"
	SAD          Class = "sad"
	VAbsDiff2    Class = "video-absdiff2"
	VAbsDiff4    Class = "video-absdiff4"
	VideoOther   Class = "video-other"
	CvtNarrowInt Class = "cvt-narrow-int"
	Cvt64        Class = "cvt-64"
	CvtOther     Class = "cvt-other"
	DPX16        Class = "dpx16"
	DPX32        Class = "dpx32"
)

// Cell is one entry of the table: what the guide documents for one row and
// one compute capability.
//
// Exactly one of three states holds: a rate (PerSM > 0), "multiple
// instructions" (Multiple: no native instruction, the operation is emulated,
// and the guide gives no rate), or "N/A" (NA: the guide says the operation
// does not exist on that architecture). PerSM is 0 in the last two.
type Cell struct {
	Class Class
	// Row is the row's label as the guide words it.
	Row string
	// Column is the guide's column the compute capability falls in, such as
	// "7.x" for 7.5 or "5.0, 5.2" for 5.2.
	Column string
	// PerSM is in results per clock cycle per multiprocessor (per-thread
	// results, so a warp instruction on 32 lanes is 32 results). Divide by
	// 32 for warp instructions per clock per SM.
	PerSM    float64
	Multiple bool
	NA       bool
	// Note is the footnote or remark that applies to this cell, if any.
	Note string
}

// Classes returns every row of the table in the guide's order, including
// rows for which this package has no cell at all.
func Classes() []Class {
	rs := rows()
	cs := make([]Class, len(rs))
	for i, r := range rs {
		cs[i] = r.class
	}
	return cs
}

// Guide returns the guide's entry for a compute capability ("9.0", "7.5")
// and a row. Compute capabilities that the guide groups under one column
// ("5.0, 5.2"; "7.x" for 7.0, 7.2 and 7.5) map to that column, with any
// footnote the guide gives for the specific one applied (FP64 on 7.5 is 2,
// not the column's 32). ok is false for a compute capability the guide has
// no column for (8.7, 10.0, 12.0, and anything unknown), for an unknown
// class, and for a cell this package could not confirm.
func Guide(cc string, class Class) (c Cell, ok bool) {
	col, ok := column(cc)
	if !ok {
		return Cell{}, false
	}
	label, ok := rowLabel(class)
	if !ok {
		return Cell{}, false
	}
	v, ok := table()[class][col]
	if o, has := overrides()[cc][class]; has {
		v, ok = o, true
	}
	if !ok {
		return Cell{}, false
	}
	return Cell{Class: class, Row: label, Column: col, PerSM: v.perSM, Multiple: v.multiple, NA: v.na, Note: v.note}, true
}

// GuideRow returns every cell the package holds for a compute capability,
// in the order of Classes; nil when the guide has no column for it.
func GuideRow(cc string) []Cell {
	var cells []Cell
	for _, class := range Classes() {
		if c, ok := Guide(cc, class); ok {
			cells = append(cells, c)
		}
	}
	return cells
}

type row struct {
	class Class
	label string
}

// rows is the table's first column, worded as the copies of the guide word
// it (the 12.x split of bit reverse from bit field extract/insert is
// paraphrased).
func rows() []row {
	return []row{
		{FP16FMA, "16-bit floating-point add, multiply, multiply-add"},
		{FP32FMA, "32-bit floating-point add, multiply, multiply-add"},
		{FP64FMA, "64-bit floating-point add, multiply, multiply-add"},
		{FP32MUFU, "32-bit floating-point reciprocal, reciprocal square root, base-2 logarithm (__log2f), base 2 exponential (exp2f), sine (__sinf), cosine (__cosf)"},
		{Int32Add, "32-bit integer add, extended-precision add, subtract, extended-precision subtract"},
		{Int32Mul, "32-bit integer multiply, multiply-add, extended-precision multiply-add"},
		{Int24Mul, "24-bit integer multiply (__[u]mul24)"},
		{Int32Shift, "32-bit integer shift"},
		{Int32Compare, "compare, minimum, maximum"},
		{Int32Brev, "32-bit integer bit reverse"},
		{Int32BFE, "Bit field extract/insert"},
		{Int32Logic, "32-bit bitwise AND, OR, XOR"},
		{Int32CLZ, "count of leading zeros, most significant non-sign bit"},
		{Int32Popc, "population count"},
		{WarpShuffle, "warp shuffle"},
		{WarpReduce, "warp reduce"},
		{WarpVote, "warp vote"},
		{SAD, "sum of absolute difference"},
		{VAbsDiff2, "SIMD video instructions vabsdiff2"},
		{VAbsDiff4, "SIMD video instructions vabsdiff4"},
		{VideoOther, "All other SIMD video instructions"},
		{CvtNarrowInt, "Type conversions from 8-bit and 16-bit integer to 32-bit types"},
		{Cvt64, "Type conversions from and to 64-bit types"},
		{CvtOther, "All other type conversions"},
		{DPX16, "16-bit DPX"},
		{DPX32, "32-bit DPX"},
	}
}

func rowLabel(class Class) (string, bool) {
	for _, r := range rows() {
		if r.class == class {
			return r.label, true
		}
	}
	return "", false
}

// column maps a compute capability to the guide's column label.
func column(cc string) (string, bool) {
	col, ok := map[string]string{
		"5.0": "5.0, 5.2", "5.2": "5.0, 5.2",
		"5.3": "5.3",
		"6.0": "6.0", "6.1": "6.1", "6.2": "6.2",
		"7.0": "7.x", "7.2": "7.x", "7.5": "7.x",
		"8.0": "8.0", "8.6": "8.6", "8.9": "8.9",
		"9.0": "9.0",
	}[cc]
	return col, ok
}

type value struct {
	perSM    float64
	multiple bool
	na       bool
	note     string
}

func rate(n float64) value { return value{perSM: n} }

const halfNote = "counts each half of a packed __half2 result, the form the guide recommends for this rate"

// table holds the cells, by row and column label.
//
// Provenance. The guide's page itself could not be read when this was
// written; every cell comes from copies of the table that cite it, and only
// cells those copies give are here:
//   - [A] a transcription citing the 12.8.1 edition (section 5.4.1, Table 4),
//     columns 8.0, 8.9 and 9.0;
//   - [B] a transcription citing the 12.6 edition (Table 4), columns 8.0,
//     8.6, 8.9 and 9.0;
//   - [C] copies of the 9.1, 10.x and 11.x editions, and the rates this
//     repository's spec package already shipped, for the floating-point,
//     special-function and integer-add rows, which read the same in every
//     edition seen, so they are taken as the 12.x values.
//
// Rows with no cell for a column were not found for a 12.x edition (the 10.x
// edition's values for 5.x to 7.x exist, but that edition merged rows that
// 12.x splits, so they are not carried over). 8.7 (Jetson Orin) has no
// column: no copy showed one. Do not fill gaps by analogy with a
// neighbouring column.
func table() map[Class]map[string]value {
	half := func(n float64) value { return value{perSM: n, note: halfNote} }
	multiple, notAvail := value{multiple: true}, value{na: true}
	return map[Class]map[string]value{
		FP16FMA: { // [A] 8.0, 8.9, 9.0; [B] 8.x, 9.0; [C] all
			"5.0, 5.2": notAvail, "5.3": half(256), "6.0": half(128), "6.1": half(2), "6.2": half(256),
			"7.x": half(128), "8.0": half(256), "8.6": half(256), "8.9": half(128), "9.0": half(256),
		},
		FP32FMA: { // [A] 8.0, 8.9, 9.0; [B] 8.x, 9.0; [C] all
			"5.0, 5.2": rate(128), "5.3": rate(128), "6.0": rate(64), "6.1": rate(128), "6.2": rate(128),
			"7.x": rate(64), "8.0": rate(64), "8.6": rate(128), "8.9": rate(128), "9.0": rate(128),
		},
		FP64FMA: { // [A] 8.0, 8.9, 9.0; [C] all; 7.5 in overrides
			"5.0, 5.2": rate(4), "5.3": rate(4), "6.0": rate(32), "6.1": rate(4), "6.2": rate(4),
			"7.x": {perSM: 32, note: "the guide's footnote gives 2 for compute capability 7.5"},
			"8.0": rate(32), "8.6": rate(2), "8.9": rate(2), "9.0": rate(64),
		},
		FP32MUFU: { // [A] 8.0, 8.9, 9.0; [C] 5.x to 8.6
			"5.0, 5.2": rate(32), "5.3": rate(32), "6.0": rate(16), "6.1": rate(32), "6.2": rate(32),
			"7.x": rate(16), "8.0": rate(16), "8.6": rate(16), "8.9": rate(16), "9.0": rate(16),
		},
		Int32Add: { // [A] 8.0, 8.9, 9.0; [B] 8.x, 9.0; [C] 5.x to 8.6
			"5.0, 5.2": rate(128), "5.3": rate(128), "6.0": rate(64), "6.1": rate(128), "6.2": rate(128),
			"7.x": rate(64), "8.0": rate(64), "8.6": rate(64), "8.9": rate(64), "9.0": rate(64),
		},
		Int32Mul: { // [A]
			"8.0": rate(64), "8.9": rate(64), "9.0": rate(64),
		},
		Int32Shift: { // [A] 8.0, 8.9, 9.0; [B]
			"8.0": rate(64), "8.6": rate(64), "8.9": rate(64), "9.0": rate(64),
		},
		Int32Compare: { // [A] 8.0, 8.9, 9.0; [B]
			"8.0": rate(64), "8.6": rate(64), "8.9": rate(64), "9.0": rate(64),
		},
		Int32BFE: { // [B] only
			"8.0": multiple, "8.6": multiple, "8.9": rate(64), "9.0": rate(64),
		},
		Int32Logic: { // [A] 8.0, 8.9, 9.0; [B]
			"8.0": rate(64), "8.6": rate(64), "8.9": rate(64), "9.0": rate(64),
		},
		Int32CLZ: { // [A]
			"8.0": rate(16), "8.9": rate(16), "9.0": rate(16),
		},
		Int32Popc: { // [A]
			"8.0": rate(16), "8.9": rate(16), "9.0": rate(16),
		},
		WarpShuffle: { // [A] 8.0, 8.9, 9.0; [B]
			"8.0": rate(32), "8.6": rate(32), "8.9": rate(32), "9.0": rate(32),
		},
		WarpReduce: { // [A]
			"8.0": rate(16), "8.9": rate(16), "9.0": rate(16),
		},
		WarpVote: { // [A] only
			"8.0": rate(64), "8.9": rate(64), "9.0": rate(64),
		},
		CvtNarrowInt: { // [B] only
			"8.0": rate(64), "8.6": rate(64), "8.9": rate(64), "9.0": rate(64),
		},
		CvtOther: { // [B] only
			"8.0": rate(16), "8.6": rate(16), "8.9": rate(16), "9.0": rate(16),
		},
		DPX16: { // [A]
			"9.0": rate(128),
		},
		DPX32: { // [A]
			"9.0": rate(64),
		},
	}
}

// overrides applies footnotes that single out one compute capability within
// a grouped column.
func overrides() map[string]map[Class]value {
	return map[string]map[Class]value{
		"7.5": {FP64FMA: {perSM: 2, note: "the guide's 7.x column reads 32; its footnote gives 2 for compute capability 7.5"}},
	}
}
