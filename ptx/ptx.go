// Package ptx is a small builder for PTX, NVIDIA's virtual instruction set,
// sized for writing microbenchmark kernels rather than compilers.
//
// It knows registers and their declarations, kernel parameters, labels,
// counted loops that ptxas is told not to unroll, the special registers a
// probe reads (%clock64, %globaltimer, %smid, %warpid) and stores guarded by a
// condition the compiler cannot decide, which keep results alive without ever
// writing in practice. It does not check instruction semantics: the driver's
// JIT compiler does, and its log is what a user sees when a probe is wrong.
//
// Output is deterministic: the same calls produce the same text, so a PTX
// hash identifies a probe and golden files can pin generators down.
package ptx

import (
	"fmt"
	"sort"
	"strings"

	"github.com/gpuarch/gpuarch/kernel"
)

// Type is a PTX fundamental type as written after the dot: "f32", "b64",
// "pred", the neutral kernel.Type. Packed types such as f16x2 live in
// 32-bit registers; Reg picks the register class from the type.
type Type = kernel.Type

// The PTX types probes use.
const (
	Pred   = kernel.Pred
	B8     = kernel.B8
	B16    = kernel.B16
	B32    = kernel.B32
	B64    = kernel.B64
	U16    = kernel.U16
	U32    = kernel.U32
	U64    = kernel.U64
	S16    = kernel.S16
	S32    = kernel.S32
	S64    = kernel.S64
	F16    = kernel.F16
	BF16   = kernel.BF16
	F16x2  = kernel.F16x2
	BF16x2 = kernel.BF16x2
	F32    = kernel.F32
	F64    = kernel.F64
)

// regClass returns the declared register type and the name prefix for t.
// Integers and packed halves share untyped bit registers; floats keep their
// own class so the PTX reads naturally.
func regClass(t Type) (decl Type, prefix string) {
	switch t {
	case Pred:
		return Pred, "%p"
	case F32:
		return F32, "%f"
	case F64:
		return F64, "%fd"
	}
	switch t.Bits() {
	case 16:
		return B16, "%h"
	case 64:
		return B64, "%rd"
	default:
		return B32, "%r"
	}
}

// Operand is anything that can stand in an instruction's operand list.
type Operand interface {
	operand() string
}

// Reg is a virtual register allocated by a Kernel.
type Reg struct {
	name string
	typ  Type
}

func (r Reg) operand() string { return r.name }

// String returns the register's PTX name, e.g. "%f3".
func (r Reg) String() string { return r.name }

// Type returns the type the register was allocated for.
func (r Reg) Type() Type { return r.typ }

// Imm is an immediate operand written exactly as given ("1", "0f3F800000").
type Imm string

func (i Imm) operand() string { return string(i) }

// Int returns an integer immediate.
func Int(v int64) Imm { return Imm(fmt.Sprint(v)) }

// Addr is a memory operand "[reg+offset]".
type Addr struct {
	Base   Reg
	Offset int64
}

func (a Addr) operand() string {
	if a.Offset == 0 {
		return "[" + a.Base.name + "]"
	}
	return fmt.Sprintf("[%s+%d]", a.Base.name, a.Offset)
}

// Special is a PTX special register.
type Special string

// Special registers read by probes.
const (
	Clock64     Special = "%clock64"     // per-SM cycle counter, 64 bits
	GlobalTimer Special = "%globaltimer" // global nanosecond timer, 64 bits
	SMID        Special = "%smid"        // SM the warp runs on
	WarpID      Special = "%warpid"      // warp slot within the SM (volatile)
	NWarpID     Special = "%nwarpid"     // number of warp slots per SM
	LaneID      Special = "%laneid"
	TidX        Special = "%tid.x"
	NtidX       Special = "%ntid.x"
	CtaidX      Special = "%ctaid.x"
	CtaidY      Special = "%ctaid.y"
	NctaidX     Special = "%nctaid.x"
	// DynamicSmemSize is the launch's dynamic shared memory in bytes: a
	// value the compiler cannot know (0 for launches without any).
	DynamicSmemSize Special = "%dynamic_smem_size"
	// Thread-block clusters (sm_90): the block's rank in its cluster, the
	// cluster's size in blocks, and the cluster's index in the grid.
	ClusterCtaRank  Special = "%cluster_ctarank"
	ClusterNCtaRank Special = "%cluster_nctarank"
	ClusterIDX      Special = "%clusterid.x"
)

func (s Special) operand() string { return string(s) }

// Type is the width a special register is read with.
func (s Special) Type() Type {
	if s == Clock64 || s == GlobalTimer {
		return U64
	}
	return U32
}

// Param is a kernel parameter.
type Param struct {
	Name string
	Type Type
	// Bytes and Align declare an opaque byte-array parameter instead
	// (".param .align 64 .b8 name[128]", a CUtensorMap): its address, not
	// its value, is what instructions take.
	Bytes, Align int
}

func (p Param) operand() string { return "[" + p.Name + "]" }

// Label is a branch target inside a kernel.
type Label string

func (l Label) operand() string { return string(l) }

// Kernel accumulates the body of one .entry function.
type Kernel struct {
	name   string
	params []Param
	// directives are performance-tuning directives written between the
	// parameter list and the body (".maxnreg 128").
	directives []string
	regs       map[Type]int // next index per declared register class
	body       []string
	labels     int
}

// NewKernel starts an entry function with the given name.
func NewKernel(name string) *Kernel {
	return &Kernel{name: name, regs: map[Type]int{}}
}

// Name returns the entry function's name.
func (k *Kernel) Name() string { return k.name }

// Param declares a kernel parameter; parameters appear in call order.
func (k *Kernel) Param(name string, t Type) Param {
	p := Param{Name: k.name + "_" + name, Type: t}
	k.params = append(k.params, p)
	return p
}

// ParamBytes declares an opaque parameter of bytes bytes aligned to align
// (a tensor map: 128 bytes, 64-aligned), whose address instructions such
// as cp.async.bulk.tensor take: write it with Param.Name as operand.
func (k *Kernel) ParamBytes(name string, bytes, align int) Param {
	p := Param{Name: k.name + "_" + name, Type: B8, Bytes: bytes, Align: align}
	k.params = append(k.params, p)
	return p
}

// Directive adds a performance-tuning directive of the entry function,
// written as PTX has it: ".maxnreg 168", ".reqnctapercluster 2, 1, 1",
// ".explicitcluster".
func (k *Kernel) Directive(d string) { k.directives = append(k.directives, d) }

// Reg allocates a fresh register for values of type t.
func (k *Kernel) Reg(t Type) Reg {
	decl, prefix := regClass(t)
	n := k.regs[decl]
	k.regs[decl] = n + 1
	return Reg{name: fmt.Sprintf("%s%d", prefix, n), typ: t}
}

// Op appends one instruction: the opcode with its type suffixes
// ("fma.rn.f32") followed by its operands.
func (k *Kernel) Op(opcode string, operands ...Operand) {
	k.PredOp("", opcode, operands...)
}

// PredOp appends one instruction guarded by a predicate written as "@%p1" or
// "@!%p1"; an empty guard means none.
func (k *Kernel) PredOp(guard, opcode string, operands ...Operand) {
	var b strings.Builder
	b.WriteByte('\t')
	if guard != "" {
		b.WriteString(guard)
		b.WriteByte(' ')
	}
	b.WriteString(opcode)
	for i, o := range operands {
		if i == 0 {
			b.WriteByte(' ')
		} else {
			b.WriteString(", ")
		}
		b.WriteString(o.operand())
	}
	b.WriteByte(';')
	k.body = append(k.body, b.String())
}

// Raw appends one line of PTX as given (indented); templates use it.
func (k *Kernel) Raw(line string) {
	k.body = append(k.body, "\t"+line)
}

// Comment appends a PTX comment line.
func (k *Kernel) Comment(text string) {
	k.body = append(k.body, "\t// "+text)
}

// Load reads a parameter into a new register of the parameter's type.
func (k *Kernel) Load(p Param) Reg {
	r := k.Reg(p.Type)
	k.Op("ld.param."+string(paramType(p.Type)), r, p)
	return r
}

// Read copies a special register into a new register.
func (k *Kernel) Read(s Special) Reg {
	t := s.Type()
	r := k.Reg(t)
	k.Op("mov."+string(t), r, s)
	return r
}

// NewLabel returns a fresh label name; place it with Mark.
func (k *Kernel) NewLabel(hint string) Label {
	k.labels++
	return Label(fmt.Sprintf("$L_%s_%d", hint, k.labels))
}

// Mark places a label at the current position.
func (k *Kernel) Mark(l Label) {
	k.body = append(k.body, string(l)+":")
}

// Loop emits a counted loop that runs body count times (count >= 1 is the
// caller's promise; a zero count still runs once, as a do-while does). The
// loop carries `.pragma "nounroll"` so the body appears exactly once in the
// machine code, which is what SASS verification counts. It returns the loop
// counter, which equals count after the loop.
func (k *Kernel) Loop(count Reg, body func()) Reg {
	return k.LoopIndexed(count, func(Reg) { body() })
}

// LoopIndexed is Loop whose body sees the iteration's index (0 to
// count-1), which it must not write.
func (k *Kernel) LoopIndexed(count Reg, body func(i Reg)) Reg {
	i := k.Reg(U32)
	p := k.Reg(Pred)
	top := k.NewLabel("loop")
	k.Op("mov.u32", i, Int(0))
	k.Mark(top)
	k.Raw(`.pragma "nounroll";`)
	body(i)
	k.Op("add.u32", i, i, Int(1))
	k.Op("setp.lt.u32", p, i, count)
	k.PredOp("@"+p.name, "bra.uni", top)
	return i
}

// If runs body only when p is true.
func (k *Kernel) If(p Reg, body func()) {
	skip := k.NewLabel("skip")
	k.PredOp("@!"+p.name, "bra.uni", skip)
	body()
	k.Mark(skip)
}

// StoreIfEqual stores v at addr only when v equals guard, bit for bit. The
// host passes a guard the value never takes, so nothing is written in
// practice, but the compiler cannot prove that and must compute v: this is
// how probes keep their results alive.
func (k *Kernel) StoreIfEqual(addr Addr, v, guard Reg) {
	bits := "b" + fmt.Sprint(v.typ.Bits())
	p := k.Reg(Pred)
	k.Op("setp.eq."+bits, p, v, guard)
	k.PredOp("@"+p.name, "st.global."+bits, addr, v)
}

// String renders the entry function.
func (k *Kernel) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, ".visible .entry %s(", k.name)
	for i, p := range k.params {
		if i > 0 {
			b.WriteString(",")
		}
		if p.Bytes > 0 {
			fmt.Fprintf(&b, "\n\t.param .align %d .b8 %s[%d]", p.Align, p.Name, p.Bytes)
			continue
		}
		fmt.Fprintf(&b, "\n\t.param .%s %s", paramType(p.Type), p.Name)
	}
	b.WriteString("\n)\n")
	for _, d := range k.directives {
		b.WriteString(d + "\n")
	}
	b.WriteString("{\n")
	decls := make([]Type, 0, len(k.regs))
	for t := range k.regs {
		decls = append(decls, t)
	}
	sort.Slice(decls, func(i, j int) bool { return decls[i] < decls[j] })
	for _, t := range decls {
		_, prefix := regClass(t)
		fmt.Fprintf(&b, "\t.reg .%s %s<%d>;\n", t, prefix, k.regs[t])
	}
	for _, line := range k.body {
		b.WriteString(line)
		b.WriteByte('\n')
	}
	b.WriteString("\tret;\n}\n")
	return b.String()
}

// paramType maps a value type to a type PTX accepts for .param.
func paramType(t Type) Type {
	switch t {
	case F16x2, BF16x2:
		return B32
	case F16, BF16:
		return B16
	}
	return t
}

// Module is one PTX translation unit: a header, module-scope declarations
// (such as ".extern .shared .align 16 .b8 smem[];") and kernels.
type Module struct {
	Version string // PTX ISA version, e.g. "9.0"
	Target  string // e.g. "sm_90"
	Decls   []string
	Kernels []*Kernel
}

// DynamicShared is the module-scope declaration of the dynamic shared
// memory array probes address; Module.Declare adds it.
const DynamicShared = "gpuarch_smem"

// Declare adds a module-scope declaration once.
func (m *Module) Declare(decl string) {
	for _, d := range m.Decls {
		if d == decl {
			return
		}
	}
	m.Decls = append(m.Decls, decl)
}

// Add appends a kernel.
func (m *Module) Add(k *Kernel) { m.Kernels = append(m.Kernels, k) }

// String renders the module.
func (m *Module) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "//\n// Generated by gpuarch. Do not edit.\n//\n.version %s\n.target %s\n.address_size 64\n", m.Version, m.Target)
	for _, d := range m.Decls {
		b.WriteString(d + "\n")
	}
	for _, k := range m.Kernels {
		b.WriteByte('\n')
		b.WriteString(k.String())
	}
	return b.String()
}
