package site

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/gpuarch/gpuarch/record"
)

// column is one run: a GPU measured through one backend, a column group
// of every table.
type column struct {
	Index int
	// Key names the column in file names and permalinks
	// ("NVIDIA-H200-cuda"): unique in a site.
	Key string
	// Device is the GPU's name, Short a shorter one for headers ("H200"),
	// Backend "CUDA" or "Vulkan", Variant what else sets the run apart
	// ("timestamps": kernels timed by GPU timestamps).
	Device, Short, Backend, Variant string
	// ISA is the kernel language: "PTX" or "SPIR-V".
	ISA    string
	Source string
	Run    *record.Run
	// pages names each record's page in this column, by record ID;
	// taken holds the names given.
	pages map[string]string
	taken map[string]bool
}

// Label is the column's name in full: "NVIDIA H200 · CUDA".
func (c *column) Label() string {
	s := c.Device + " · " + c.Backend
	if c.Variant != "" {
		s += " (" + c.Variant + ")"
	}
	return s
}

// Sub is the column's second header line: "CUDA", "Vulkan, timestamps".
func (c *column) Sub() string {
	if c.Variant != "" {
		return c.Backend + ", " + c.Variant
	}
	return c.Backend
}

// newColumns makes the columns of inputs, in order, with unique keys.
func newColumns(inputs []Input) []*column {
	var cols []*column
	used := map[string]bool{}
	for i, in := range inputs {
		d := in.Run.Device
		backend := in.Run.Tool.Backend
		if backend == "" {
			backend = d.BackendOf()
		}
		c := &column{Index: i, Device: orDash(d.Name), Source: in.Source, Run: in.Run, pages: map[string]string{}, taken: map[string]bool{}}
		switch backend {
		case "cuda":
			c.Backend, c.ISA = "CUDA", "PTX"
		case "vulkan":
			c.Backend, c.ISA = "Vulkan", "SPIR-V"
			if d.Vulkan != nil && d.Vulkan.Timing == "timestamps" {
				c.Variant = "timestamps"
			}
		default:
			c.Backend, c.ISA = backend, backend
		}
		if in.Variant != "" {
			c.Variant = in.Variant
		}
		c.Short = shortName(d.Name)
		key := keySlug(c.Short + " " + backend + " " + c.Variant)
		base := key
		for n := 2; used[key]; n++ {
			key = fmt.Sprintf("%s-%d", base, n)
		}
		used[key] = true
		c.Key = key
		cols = append(cols, c)
	}
	return cols
}

// shortName is a GPU's name for a narrow header: without the maker and
// what follows a parenthesis ("NVIDIA H100 80GB HBM3" -> "H100 80GB
// HBM3", "llvmpipe (LLVM 15.0.6, 256 bits)" -> "llvmpipe").
func shortName(name string) string {
	s := strings.TrimSpace(name)
	for _, p := range []string{"NVIDIA ", "AMD ", "Intel(R) ", "Intel ", "Apple "} {
		s = strings.TrimPrefix(s, p)
	}
	if i := strings.Index(s, " ("); i > 0 {
		s = s[:i]
	}
	if s == "" {
		return orDash(name)
	}
	return s
}

func orDash(s string) string {
	if strings.TrimSpace(s) == "" {
		return "—"
	}
	return s
}

// keySlug makes a column's key of s: letters, digits and '.' kept, runs
// of anything else one '-' ("H100 80GB HBM3 cuda" -> "H100-80GB-HBM3-cuda").
func keySlug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.TrimSpace(s) {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
		if b.Len() >= 60 {
			break
		}
	}
	if out := strings.Trim(b.String(), "."); out != "" {
		return out
	}
	return "gpu"
}

// fileSlug makes s safe as a file name and a URL part: letters, digits,
// '.', '-' and '_' kept, runs of anything else one '_'; at most 100
// bytes; never empty, "." or "..".
func fileSlug(s string) string {
	var b strings.Builder
	under := false
	for _, r := range s {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '-' || r == '_'
		if ok {
			b.WriteRune(r)
			under = false
		} else if !under {
			b.WriteByte('_')
			under = true
		}
		if b.Len() >= 100 {
			break
		}
	}
	out := strings.Trim(b.String(), ".")
	if out == "" {
		out = "_"
	}
	return out
}

// pageOf names a record's page in column c (inside the site:
// "r/<column>/<record>.html"), unique within the column: a record ID
// whose slug another ID of the column already took gets a hash of the
// ID added.
func (c *column) pageOf(r *record.Record) string {
	if p, ok := c.pages[r.ID]; ok {
		return p
	}
	name := fileSlug(r.ID)
	p := "r/" + c.Key + "/" + name + ".html"
	if c.taken[p] {
		sum := sha256.Sum256([]byte(r.ID))
		p = "r/" + c.Key + "/" + name + "-" + hex.EncodeToString(sum[:8]) + ".html"
	}
	c.pages[r.ID], c.taken[p] = p, true
	return p
}

// page is the page pageOf gave r, "" where it gave none; it writes
// nothing, so pages may be rendered at once.
func (c *column) page(r *record.Record) string {
	if r == nil {
		return ""
	}
	return c.pages[r.ID]
}

// instructionSuites are the suites whose latency and throughput records
// the instruction table holds, in its order.
var instructionSuites = []string{"alu", "warp", "mma", "async", "dispatch"}

// inInstructionTable says whether r belongs in the instruction table.
func inInstructionTable(r *record.Record) bool {
	if r.Quantity != record.Latency && r.Quantity != record.Throughput {
		return false
	}
	for _, s := range instructionSuites {
		if r.Suite == s {
			return true
		}
	}
	return false
}

// pair is one quantity's records in one column: latency and throughput.
type pair struct {
	Lat, TP *record.Record
}

// row is one operation across every column: records paired by the
// neutral operation they perform where each column has one record of it
// (as compare pairs PTX and SPIR-V records), by subject otherwise.
type row struct {
	Key string
	// Name is the operation ("fma.f32"), or the subject where the row
	// pairs by subject.
	Name  string
	Op    string
	Suite string
	Group string
	// Subjects are the instructions measured, per kernel language, in
	// the order the columns hold them.
	PTX, SPIRV []string
	// Unit is the kind of unit the machine code runs on, from its
	// opcodes ("FP32", "SFU", "tensor"); "" where no machine code was
	// read.
	Unit string
	// Types are the data types the names hold ("f32", "s32"), Families
	// their kinds ("float", "int", "bits") and Widths their bits.
	Types    []string
	Families []string
	Widths   []int
	Cells    []pair // one per column
}

// search is the row's text for the name filter, lower case.
func (r *row) search() string {
	parts := append([]string{r.Name, r.Op}, r.PTX...)
	parts = append(parts, r.SPIRV...)
	return strings.ToLower(strings.Join(parts, " "))
}

// keyFunc keys a column's records into rows: by suite and operation where
// the column holds one subject of that operation, else by kernel language,
// suite and subject.
func keyFunc(c *column, recs []*record.Record) func(*record.Record) string {
	type named struct{ suite, name string }
	opOf := map[named]string{}              // suite, subject -> op
	subjects := map[named]map[string]bool{} // suite, op -> subjects
	for _, r := range recs {
		k := named{r.Suite, r.Subject}
		if opOf[k] == "" && r.Op != "" {
			opOf[k] = r.Op
		}
	}
	for k, op := range opOf {
		ok := named{k.suite, op}
		if subjects[ok] == nil {
			subjects[ok] = map[string]bool{}
		}
		subjects[ok][k.name] = true
	}
	isa := strings.ToLower(c.ISA)
	return func(r *record.Record) string {
		if op := opOf[named{r.Suite, r.Subject}]; op != "" && len(subjects[named{r.Suite, op}]) == 1 {
			return "op:" + record.MakeID(r.Suite, "", op, "")
		}
		return isa + ":" + record.MakeID(r.Suite, "", r.Subject, "")
	}
}

// buildRows pairs the records select picks from every column into rows,
// in the order of suites, then as the columns first hold them.
func buildRows(cols []*column, suites []string, selectRec func(*record.Record) bool) []*row {
	by := map[string]*row{}
	var rows []*row
	for _, c := range cols {
		var recs []*record.Record
		for i := range c.Run.Records {
			if r := &c.Run.Records[i]; selectRec(r) {
				recs = append(recs, r)
			}
		}
		key := keyFunc(c, recs)
		for _, r := range recs {
			k := key(r)
			rw, ok := by[k]
			if !ok {
				rw = &row{Key: k, Suite: r.Suite, Group: r.Group, Cells: make([]pair, len(cols))}
				if strings.HasPrefix(k, "op:") {
					rw.Name, rw.Op = r.Op, r.Op
				} else {
					rw.Name = r.Subject
				}
				by[k] = rw
				rows = append(rows, rw)
			}
			if rw.Group == "" {
				rw.Group = r.Group
			}
			if c.ISA == "SPIR-V" {
				rw.SPIRV = addOnce(rw.SPIRV, r.Subject)
			} else {
				rw.PTX = addOnce(rw.PTX, r.Subject)
			}
			p := &rw.Cells[c.Index]
			switch {
			case r.Quantity == record.Latency && p.Lat == nil:
				p.Lat = r
			case r.Quantity != record.Latency && p.TP == nil:
				p.TP = r
			}
		}
	}
	order := map[string]int{}
	for i, s := range suites {
		order[s] = i + 1
	}
	sort.SliceStable(rows, func(i, j int) bool { return order[rows[i].Suite] < order[rows[j].Suite] })
	for _, rw := range rows {
		rw.Unit = unitOf(rw)
		rw.Types, rw.Families, rw.Widths = typesOf(append(append([]string{rw.Op}, rw.PTX...), rw.SPIRV...))
	}
	return rows
}

func addOnce(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

// units name the unit an opcode runs on, by its prefix, first match
// winning. This is what the machine code says an instruction is, not a
// pipeline inferred from measurements (the pipes suite's document does
// that per GPU).
var units = []struct{ prefix, unit string }{
	{"HMMA", "tensor"}, {"HGMMA", "tensor"}, {"IMMA", "tensor"}, {"IGMMA", "tensor"}, {"DMMA", "tensor"}, {"QGMMA", "tensor"}, {"BMMA", "tensor"}, {"OMMA", "tensor"},
	{"LDSM", "memory"}, {"STSM", "memory"}, {"MUFU", "SFU"},
	{"DFMA", "FP64"}, {"DADD", "FP64"}, {"DMUL", "FP64"}, {"DSETP", "FP64"}, {"DMNMX", "FP64"},
	{"HFMA2", "FP16"}, {"HADD2", "FP16"}, {"HMUL2", "FP16"}, {"HMNMX2", "FP16"}, {"HSETP2", "FP16"}, {"HSET2", "FP16"},
	{"FFMA", "FP32"}, {"FADD", "FP32"}, {"FMUL", "FP32"}, {"FMNMX", "FP32"}, {"FSETP", "FP32"}, {"FSEL", "FP32"}, {"FSWZADD", "FP32"}, {"FCHK", "FP32"},
	{"IMAD.MOV", ""}, {"UMOV", ""}, {"MOV", ""}, {"NOP", ""},
	{"IMAD", "IMAD"}, {"IDP", "IMAD"}, {"IMUL", "IMAD"},
	{"SHFL", "warp"}, {"VOTE", "warp"}, {"REDUX", "warp"}, {"MATCH", "warp"}, {"CREDUX", "warp"},
	{"I2F", "conversion"}, {"F2I", "conversion"}, {"F2F", "conversion"}, {"I2FP", "conversion"}, {"F2FP", "conversion"}, {"FRND", "conversion"}, {"I2I", "conversion"},
	{"ATOM", "memory"}, {"RED", "memory"}, {"LD", "memory"}, {"ST", "memory"}, {"UBLKCP", "memory"}, {"UTMA", "memory"}, {"LDGSTS", "memory"},
	{"BAR", "sync"}, {"MEMBAR", "sync"}, {"SYNCS", "sync"}, {"WARPSYNC", "sync"}, {"ERRBAR", "sync"}, {"CCTL", "sync"},
	{"BRA", "branch"}, {"BSSY", "branch"}, {"BSYNC", "branch"}, {"CALL", "branch"}, {"RET", "branch"}, {"EXIT", "branch"},
	{"U", "uniform"},
	{"IADD", "integer"}, {"LOP", "integer"}, {"SHF", "integer"}, {"ISETP", "integer"}, {"IMNMX", "integer"}, {"VIMNMX", "integer"}, {"PRMT", "integer"},
	{"SEL", "integer"}, {"LEA", "integer"}, {"POPC", "integer"}, {"FLO", "integer"}, {"BREV", "integer"}, {"BMSK", "integer"}, {"IABS", "integer"},
	{"VABSDIFF", "integer"}, {"SGXT", "integer"}, {"PLOP3", "integer"}, {"P2R", "integer"}, {"R2P", "integer"}, {"VIADD", "integer"},
}

// unitFor is the unit of one opcode ("" for none known).
func unitFor(op string) string {
	for _, u := range units {
		if strings.HasPrefix(op, u.prefix) {
			return u.unit
		}
	}
	return ""
}

// unitOf is the unit of a row's machine code, from the first record
// with machine code: that of the instruction its check expected, else of
// the opcode with the most instances per step (or in the timed region).
func unitOf(rw *row) string {
	for _, p := range rw.Cells {
		for _, r := range []*record.Record{p.Lat, p.TP} {
			if r == nil || r.Code == nil {
				continue
			}
			for _, op := range r.Code.Expected {
				if u := unitFor(op); u != "" && u != "branch" {
					return u
				}
			}
			counts := r.Code.PerStep
			if len(counts) == 0 {
				counts = map[string]float64{}
				for op, n := range r.Code.Counts {
					counts[op] = float64(n)
				}
			}
			best, most := "", 0.0
			for op, n := range counts {
				u := unitFor(op)
				if u == "" || u == "branch" {
					continue
				}
				if n > most || n == most && op < best {
					best, most = op, n
				}
			}
			if best != "" {
				return unitFor(best)
			}
		}
	}
	return ""
}

// typeToken matches a data type in an instruction's name.
var typeToken = regexp.MustCompile(`^(bf|tf|f|s|u|b|i|e4m|e5m)(\d+)(x\d+)?$`)

// typesOf finds the data types names hold ("fma.rn.f32", "cvt.rn.f16.s32",
// "coopmat 16x16x16 f32+=f16*f16"), their kinds and widths.
func typesOf(names []string) (types, families []string, widths []int) {
	seen := map[string]bool{}
	for _, n := range names {
		for _, tok := range strings.FieldsFunc(n, func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
		}) {
			tok = strings.ToLower(tok)
			m := typeToken.FindStringSubmatch(tok)
			if m == nil || seen[tok] {
				continue
			}
			bits, err := strconv.Atoi(m[2])
			if err != nil {
				continue
			}
			family := ""
			switch m[1] {
			case "f", "bf", "tf":
				family = "float"
			case "e4m", "e5m":
				family, bits = "float", 8
			case "s", "i", "u":
				family = "int"
			case "b":
				family = "bits"
			}
			if bits != 8 && bits != 16 && bits != 32 && bits != 64 {
				continue
			}
			seen[tok] = true
			types = append(types, tok)
			if !contains(families, family) {
				families = append(families, family)
			}
			if !containsInt(widths, bits) {
				widths = append(widths, bits)
			}
		}
	}
	sort.Ints(widths)
	return types, families, widths
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func containsInt(list []int, v int) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// format writes a figure to four significant digits (whole numbers from
// 1000), without exponents for the magnitudes records hold.
func format(v float64) string {
	switch a := math.Abs(v); {
	case math.IsNaN(v) || math.IsInf(v, 0):
		return "—"
	case a >= 1e7 || a < 1e-4 && a > 0:
		return strconv.FormatFloat(v, 'g', 4, 64)
	case a >= 1000:
		return strconv.FormatFloat(v, 'f', 0, 64)
	default:
		return strconv.FormatFloat(v, 'g', 4, 64)
	}
}

// code says what a record's kernel compiled to: the machine code of one
// chain step where it was read ("FFMA", "0.50×HFMA2.MMA + 0.50×HFMA2"),
// the opcodes of the timed region, else what the driver reported (its
// binary's growth per step, registers), else "".
func code(r *record.Record) string {
	if r == nil || r.Code == nil {
		return ""
	}
	s := r.Code
	if s.Sequence != "" {
		return s.Sequence
	}
	if len(s.PerStep) > 0 {
		ops := sortedKeys(s.PerStep)
		parts := make([]string, len(ops))
		for i, op := range ops {
			parts[i] = fmt.Sprintf("%s×%s", format(s.PerStep[op]), op)
		}
		return strings.Join(parts, " + ")
	}
	if len(s.Counts) > 0 {
		ops := sortedKeys(s.Counts)
		sort.SliceStable(ops, func(i, j int) bool { return s.Counts[ops[i]] > s.Counts[ops[j]] })
		if len(ops) > 4 {
			ops = ops[:4]
		}
		return strings.Join(ops, ", ")
	}
	var parts []string
	if s.BinaryBytesPerStep != nil {
		parts = append(parts, fmt.Sprintf("binary +%s B/step", format(*s.BinaryBytesPerStep)))
	}
	if v, ok := s.Statistics["Register Count"]; ok {
		parts = append(parts, fmt.Sprintf("%s registers", format(v)))
	}
	return strings.Join(parts, ", ")
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// rowCode is a cell's machine code: the latency record's (the chain's),
// else the throughput record's.
func rowCode(p pair) (string, *record.Record) {
	if c := code(p.Lat); c != "" {
		return c, p.Lat
	}
	return code(p.TP), p.TP
}
