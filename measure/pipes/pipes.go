// Package pipes is the suite behind the seeds' "ALU bottlenecks" and "ALU
// layout" sections: throughput of the core arithmetic instructions over a
// grid of warps per SM and instruction-level parallelism, the effect of
// operand forms on FFMA, and the mixes of instruction pairs from which
// package infer deduces which instructions share a pipeline.
//
// Mixes are planned in two steps: every class is first measured alone
// (FirstJobs), then each pair is mixed in the ratio of their solo rates, so
// that both would take the same time alone and sharing shows most clearly
// (MixJobs). Other mixes (equal counts, skewed counts, triples) are measured
// too and held out of the inference, to check its predictions.
package pipes

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/measure/alu"
	"github.com/gpuarch/gpuarch/ptx"
	"github.com/gpuarch/gpuarch/record"
)

// Warps and ILPs span the occupancy grid: 1 to 64 warps per SM (the most an
// SM of compute capability 9.0 holds; larger shapes are skipped with the
// reason), and 1 to 16 independent chains per thread.
var (
	Warps = []int{1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64}
	ILPs  = []int{1, 2, 3, 4, 8, 16}
)

// occupancySubjects are the instructions of the occupancy grids.
var occupancySubjects = []string{
	"add.rn.f32", "mul.rn.f32", "fma.rn.f32", "fma.rn.f16x2", "fma.rn.f64",
	"add.s16", "add.s32", "add.s64", "mad.lo.s16", "mad.lo.s32", "mad.lo.s64",
}

// class is an instruction class of the mixes: a short name (the machine
// instruction it compiles to on NVIDIA GPUs), the PTX catalog entry that
// produces it, and the neutral operation (see engine.ChainSpec.Op) by which
// the SPIR-V catalog's entry is found.
type class struct{ name, subject, op string }

// classes are chosen to compile to one machine instruction each, from
// different corners of the SM.
var classes = []class{
	{"FFMA", "fma.rn.f32", "fma.f32"}, {"FADD", "add.rn.f32", "add.f32"}, {"HFMA2", "fma.rn.f16x2", "fma.f16x2"}, {"DFMA", "fma.rn.f64", "fma.f64"},
	{"IMAD", "mad.lo.s32", "mad.lo.i32"}, {"IADD3.X", "addc.cc.u32", ""}, {"LOP3", "xor.b32", ""}, {"SHF", "shf.l.wrap.b32", ""},
	{"FMNMX", "min.f32", "min.f32"}, {"MUFU", "ex2.approx.ftz.f32", "exp2.f32"}, {"F2I", "cvt.rzi.s32.f32", "cvt.rzi.s32.f32"}, {"I2FP", "cvt.rn.f32.s32", "cvt.f32.s32"},
	{"POPC", "popc.b32", "popc.b32"}, {"IDP.4A", "dp4a.u32.u32", ""},
	// Half-rate instructions of their own that loops mix with the
	// others (a ReLU's HMNMX2 after HFMA2, byte permutes, integer
	// clamps): measured alone at the LOP3 pipeline's rate, which pipeline
	// they take only their pairs tell. PTX only (no SPIR-V operation).
	{"HMNMX2", "min.f16x2", ""}, {"PRMT", "prmt.b32", ""}, {"VIMNMX", "min.s32", ""},
}

// classesFor are the classes measurable in a kernel language: in PTX all
// of them, by their NVIDIA names; in SPIR-V those with an operation the
// SPIR-V catalog has, named by that operation (which machine instruction
// it becomes is the driver's choice, and the vendor's).
func classesFor(isa string) []class {
	if isa != kernel.ISASPIRV {
		return classes
	}
	have := map[string]string{}
	for _, s := range alu.SPIRVCatalog() {
		if s.Op != "" {
			have[s.Op] = s.Subject
		}
	}
	var out []class
	for _, c := range classes {
		if sub, ok := have[c.op]; ok && c.op != "" {
			out = append(out, class{name: c.op, subject: sub, op: c.op})
		}
	}
	return out
}

// Classes returns the mix classes' names in order, for a kernel language.
func Classes(isa string) []string {
	cs := classesFor(isa)
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.name
	}
	return out
}

// mixShapes are the shapes each mix is tried at.
var mixShapes = []MixShape{{Warps: 32, ILP: 4}, {Warps: 64, ILP: 2}}

// shapesFor are the mix shapes in a kernel language: through Vulkan also
// one subgroup per core at ILP 8, the only shape a device whose cores run
// one workgroup at a time (a CPU's threads, under lavapipe) can hold.
func shapesFor(isa string) []MixShape {
	if isa == kernel.ISASPIRV {
		return append(slices.Clone(mixShapes), MixShape{Warps: 1, ILP: 8})
	}
	return mixShapes
}

func lookup(isa string, subjects ...string) ([]engine.ChainSpec, error) {
	specs, err := alu.LookupIn(alu.CatalogFor(isa), subjects)
	if err != nil {
		return nil, fmt.Errorf("pipes suite: %w", err)
	}
	for i := range specs {
		specs[i].Suite = Suite
	}
	return specs, nil
}

// occupancyFor are the occupancy grids' catalog entries in a kernel
// language: in SPIR-V, the entries whose operation is that of a PTX
// subject's.
func occupancyFor(isa string) ([]engine.ChainSpec, error) {
	specs, err := lookup(kernel.ISAPTX, occupancySubjects...)
	if err != nil || isa != kernel.ISASPIRV {
		return specs, err
	}
	var out []engine.ChainSpec
	for _, s := range specs {
		for _, v := range alu.SPIRVCatalog() {
			if s.Op != "" && v.Op == s.Op {
				v.Suite = Suite
				out = append(out, v)
				break
			}
		}
	}
	return out, nil
}

// operandForms are FFMA with one, two and three distinct register operands,
// an immediate and constant-bank operands: the seeds report that x*x+1
// runs faster at ILP 1 than x*y+z because it needs less register-file
// bandwidth.
func operandForms() []engine.ChainSpec {
	form := func(name, tmpl string, regs bool, a [4]uint64) engine.ChainSpec {
		return engine.ChainSpec{
			Suite: Suite, Subject: OperandsSubject(name), Group: GroupOperands,
			Step:   kernel.Step{Template: tmpl, Type: ptx.F32, X0: 0x3f000000, A: a, RegOperands: regs},
			Expect: []string{"FFMA"},
		}
	}
	const (
		p999  = 0x3f7fbe77 // 0.999
		milli = 0x3a83126f // 0.001
		nhalf = 0xbf000000 // -0.5
	)
	return []engine.ChainSpec{
		form("x*y+z (3 registers)", "fma.rn.f32 {d}, {x}, {a}, {b};", true, [4]uint64{p999, milli, p999, milli}),
		form("x*y+z (y, z constant bank)", "fma.rn.f32 {d}, {x}, {a0}, {a1};", false, [4]uint64{p999, milli}),
		form("x*y+x (2 registers)", "fma.rn.f32 {d}, {x}, {a0}, {x};", true, [4]uint64{nhalf}),
		form("x*x+x (1 register)", "fma.rn.f32 {d}, {x}, {x}, {x};", false, [4]uint64{}),
		form("x*x+c (1 register, immediate)", "fma.rn.f32 {d}, {x}, {x}, 0f3DCCCCCD;", false, [4]uint64{}),
	}
}

// FirstJobs are the jobs that need nothing measured before them, in a
// kernel language (kernel.ISAPTX or kernel.ISASPIRV): the occupancy grids,
// the operand forms (PTX) and every mix class alone.
func FirstJobs(isa string) ([]engine.Planned, error) {
	var out []engine.Planned
	specs, err := occupancyFor(isa)
	if err != nil {
		return nil, err
	}
	for _, s := range specs {
		out = append(out, engine.Planned{Key: OccupancyID(s.Subject), Job: OccupancyJob(s, Warps, ILPs)})
	}
	if isa != kernel.ISASPIRV {
		for _, s := range operandForms() {
			out = append(out, engine.Planned{Key: OccupancyID(s.Subject), Job: OccupancyJob(s, Warps, []int{1, 2})})
		}
	}
	for _, c := range classesFor(isa) {
		p, err := planMix(isa, "solo", map[string]int{c.name: 1})
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// mixID names a mix by its classes and counts in class order (see
// MixID).
func mixID(isa string, counts map[string]int) string {
	var parts []string
	for _, c := range classesFor(isa) {
		if n, ok := counts[c.name]; ok {
			parts = append(parts, fmt.Sprintf("%s:%d", c.name, n))
		}
	}
	return strings.Join(parts, "+")
}

// planMix plans the mix of counts (class -> count; a class alone is the
// solo mix) on isa's classes, its record in role (record.MixDetail.Role).
func planMix(isa, role string, counts map[string]int) (engine.Planned, error) {
	var parts []MixPart
	for _, c := range classesFor(isa) {
		n, ok := counts[c.name]
		if !ok {
			continue
		}
		specs, err := lookup(isa, c.subject)
		if err != nil {
			return engine.Planned{}, err
		}
		parts = append(parts, MixPart{Spec: specs[0], Count: n})
	}
	if len(parts) != len(counts) {
		return engine.Planned{}, fmt.Errorf("pipes suite: unknown class in %v", counts)
	}
	id := MixName(mixID(isa, counts))
	subject := strings.ReplaceAll(mixID(isa, counts), "+", " + ")
	if role == "solo" {
		subject = strings.TrimSuffix(subject, ":1") // the class's name
	}
	return engine.Planned{Key: MixID(mixID(isa, counts)), Job: MixJob(Suite, GroupMix, id, subject, role, parts, shapesFor(isa))}, nil
}

// IsSolo reports whether r measured one mix class alone; its Subject is
// then the class's name and its Value the class's rate.
func IsSolo(r *record.Record) bool {
	return r.Status == record.StatusOK && r.Mix != nil && r.Mix.Role == "solo" && r.Value > 0
}

// Balanced returns the counts that make two classes take the same time
// alone: proportional to their rates, at most 8 to 1.
func Balanced(ra, rb float64) (na, nb int) {
	if ra >= rb {
		return min(8, max(1, int(math.Round(ra/rb)))), 1
	}
	return 1, min(8, max(1, int(math.Round(rb/ra))))
}

// OtherRatios returns, for a pair balanced at na:nb, a second ratio the
// inference also learns from, and a third held out to test it: 1:3 and 3:1
// when the pair is balanced at 1:1; otherwise 1:1, and the slower class
// doubled against the faster (1:2). Two ratios per pair let the inference
// fit what each instruction of the pair costs the other.
func OtherRatios(na, nb int) (sa, sb, ha, hb int) {
	switch {
	case na == 1 && nb == 1:
		return 1, 3, 3, 1
	case na > 1:
		return 1, 1, 1, 2
	default:
		return 1, 1, 2, 1
	}
}

// MixJobs plans the pair mixes from the classes' solo rates (warp
// instructions per clock per SM, by class name): each pair balanced (the
// inference's evidence), plus held-out mixes to test its predictions. A
// class missing from solo is left out.
func MixJobs(isa string, solo map[string]float64) ([]engine.Planned, error) {
	var have []class
	for _, c := range classesFor(isa) {
		if solo[c.name] > 0 {
			have = append(have, c)
		}
	}
	var out []engine.Planned
	add := func(role string, counts map[string]int) error {
		p, err := planMix(isa, role, counts)
		if err == nil {
			out = append(out, p)
		}
		return err
	}
	for i := range have {
		for j := i + 1; j < len(have); j++ {
			a, b := have[i], have[j]
			na, nb := Balanced(solo[a.name], solo[b.name])
			if err := add("pair", map[string]int{a.name: na, b.name: nb}); err != nil {
				return nil, err
			}
			sa, sb, ha, hb := OtherRatios(na, nb)
			if err := add("pair", map[string]int{a.name: sa, b.name: sb}); err != nil {
				return nil, err
			}
			if err := add("held-out", map[string]int{a.name: ha, b.name: hb}); err != nil {
				return nil, err
			}
		}
	}
	// Triples across the SM, held out.
	for _, t := range [][3]string{
		{"FFMA", "IMAD", "LOP3"}, {"FFMA", "DFMA", "MUFU"}, {"HFMA2", "IMAD", "SHF"}, {"FADD", "LOP3", "F2I"},
		{"FFMA", "IADD3.X", "POPC"}, {"DFMA", "IMAD", "I2FP"}, {"FMNMX", "LOP3", "IDP.4A"}, {"HFMA2", "DFMA", "MUFU"},
	} {
		ok := true
		for i, n := range t {
			t[i] = nameIn(isa, n)
			ok = ok && solo[t[i]] > 0
		}
		if ok {
			if err := add("held-out", map[string]int{t[0]: 1, t[1]: 1, t[2]: 1}); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// nameIn is a class's name (by its NVIDIA name) in a kernel language, or
// "" where the language has no such class.
func nameIn(isa, name string) string {
	if isa != kernel.ISASPIRV {
		return name
	}
	for _, c := range classes {
		if c.name == name {
			return c.op
		}
	}
	return ""
}
