package vk

import (
	"fmt"
	"slices"
	"strings"
)

// fn writes one entry point's function in structured SPIR-V: values are
// SSA ids, loops carry chain values through OpPhi, and every branch is
// inside a selection or loop construct.
type fn struct {
	m     *module
	name  string
	lines []string
	// iface lists the global variables the entry point uses (SPIR-V 1.4
	// and later require every one in OpEntryPoint).
	iface []string
	pc    string // the push-constant variable
	pcTy  string
	pcMem []pcMember
	label string // the block being written
	vars  int    // where the entry block's next OpVariable goes in lines
}

// pcMember is one push-constant member: a raw u32 or u64 at Offset.
type pcMember struct {
	name   string
	wide   bool
	offset int
}

// newFn starts an entry point named name whose push constants are params
// (wide: a 64-bit value) laid out as the Vulkan backend packs launch
// arguments: in order, each aligned to its own size.
func (m *module) newFn(name string, params []string, wide []bool) *fn {
	f := &fn{m: m, name: name}
	off := 0
	for i, p := range params {
		size := 4
		if wide[i] {
			size = 8
		}
		off = (off + size - 1) / size * size
		f.pcMem = append(f.pcMem, pcMember{name: p, wide: wide[i], offset: off})
		off += size
	}
	if len(f.pcMem) > 0 {
		var types []string
		f.pcTy = "%PC_" + name
		for i, p := range f.pcMem {
			types = append(types, m.typ(rawType(p.wide)))
			m.decos = append(m.decos, fmt.Sprintf("OpMemberDecorate %s %d Offset %d", f.pcTy, i, p.offset))
		}
		m.decos = append(m.decos, fmt.Sprintf("OpDecorate %s Block", f.pcTy))
		m.global(f.pcTy, "OpTypeStruct "+strings.Join(types, " "))
		f.pc = m.global("%pc_"+name, fmt.Sprintf("OpVariable %s PushConstant", m.pointer("PushConstant", f.pcTy)))
		f.iface = append(f.iface, f.pc)
	}
	void := m.global("%void", "OpTypeVoid")
	fnTy := m.global("%fn_void", "OpTypeFunction "+void)
	f.emit("%%%s = OpFunction %s None %s", name, void, fnTy)
	f.block(f.id("entry"))
	f.vars = len(f.lines)
	return f
}

// local declares a Function-storage variable of type ty (u32), holding
// init, for values that selection constructs update (drivers keep such
// variables in registers). It must be called outside a loop's body,
// which is written apart from the function's lines.
func (f *fn) local(ty, init string) string {
	v := f.id("var")
	decl := fmt.Sprintf("%s = OpVariable %s Function", v, f.m.pointer("Function", f.m.typ(ty)))
	f.lines = slices.Insert(f.lines, f.vars, decl)
	f.vars++
	f.emit("OpStore %s %s", v, init)
	return v
}

func rawType(wide bool) string {
	if wide {
		return "u64"
	}
	return "u32"
}

// id returns a fresh id.
func (f *fn) id(prefix string) string {
	f.m.fresh++
	return fmt.Sprintf("%%%s%d", prefix, f.m.fresh)
}

func (f *fn) emit(format string, args ...any) {
	f.lines = append(f.lines, fmt.Sprintf(format, args...))
}

// def writes an instruction with a fresh result id and returns the id.
func (f *fn) def(prefix, format string, args ...any) string {
	id := f.id(prefix)
	f.emit("%s = %s", id, fmt.Sprintf(format, args...))
	return id
}

// block starts a block labelled l.
func (f *fn) block(l string) {
	f.emit("%s = OpLabel", l)
	f.label = l
}

// param loads push-constant member name as its raw u32 or u64.
func (f *fn) param(name string) string {
	for i, p := range f.pcMem {
		if p.name == name {
			ty := f.m.typ(rawType(p.wide))
			ptr := f.def("pp", "OpAccessChain %s %s %s", f.m.pointer("PushConstant", ty), f.pc, f.m.konst("u32", uint64(i)))
			return f.def(name+"_", "OpLoad %s %s", ty, ptr)
		}
	}
	f.m.fail("kernel %s has no parameter %s", f.name, name)
	return "%undefined"
}

// builtin loads a built-in input variable of type ty.
func (f *fn) builtin(name, ty string) string {
	v := f.m.builtin(name, ty)
	if !slices.Contains(f.iface, v) {
		f.iface = append(f.iface, v)
	}
	return f.def("bi", "OpLoad %s %s", f.m.typ(ty), v)
}

// workgroupX is the workgroup's index in the dispatch.
func (f *fn) workgroupX() string {
	v := f.builtin("WorkgroupId", "u32x3")
	return f.def("wg", "OpCompositeExtract %s %s 0", f.m.typ("u32"), v)
}

// totalBits is the width in bits of a neutral scalar or vector type.
func totalBits(name string) int {
	base, n, vec := strings.Cut(canonical(name), "x")
	s, _ := parseScalar(base)
	if !vec {
		return s.bits
	}
	count := 0
	fmt.Sscanf(n, "%d", &count)
	return s.bits * count
}

// uintOf is the unsigned integer type as wide as a type.
func uintOf(name string) string { return fmt.Sprintf("u%d", totalBits(name)) }

// convert turns a raw parameter value (u32 or u64) into a value of type
// want, keeping the low bits.
func (f *fn) convert(raw, rawTy, want string) string {
	want = canonical(want)
	if want == rawTy {
		return raw
	}
	u := uintOf(want)
	v := raw
	if u != rawTy {
		v = f.def("cv", "OpUConvert %s %s", f.m.typ(u), raw)
	}
	if u == want {
		return v
	}
	return f.def("cv", "OpBitcast %s %s", f.m.typ(want), v)
}

// bitsOf reinterprets a value of type ty as an unsigned integer of its
// width.
func (f *fn) bitsOf(v, ty string) string {
	ty = canonical(ty)
	u := uintOf(ty)
	if u == ty {
		return v
	}
	return f.def("bits", "OpBitcast %s %s", f.m.typ(u), v)
}

// fromBits reinterprets an unsigned integer as type ty.
func (f *fn) fromBits(v, ty string) string {
	ty = canonical(ty)
	if uintOf(ty) == ty {
		return v
	}
	return f.def("fb", "OpBitcast %s %s", f.m.typ(ty), v)
}

// widen zero-extends an unsigned value of width bits to u32 (or keeps a
// u32 or u64 as it is).
func (f *fn) widen(v string, bits int) (string, string) {
	switch {
	case bits == 64:
		return v, "u64"
	case bits < 32:
		return f.def("wd", "OpUConvert %s %s", f.m.typ("u32"), v), "u32"
	}
	return v, "u32"
}

// store writes v (of type ty: u32 or u64) at a device address.
func (f *fn) store(addr, v, ty string) {
	align := 4
	if ty == "u64" {
		align = 8
	}
	ptr := f.def("ptr", "OpConvertUToPtr %s %s", f.m.pointer("PhysicalStorageBuffer", f.m.typ(ty)), addr)
	f.emit("OpStore %s %s Aligned %d", ptr, v, align)
}

// addr adds a byte offset to a device address.
func (f *fn) addr(base string, offset uint64) string {
	if offset == 0 {
		return base
	}
	return f.def("ad", "OpIAdd %s %s %s", f.m.typ("u64"), base, f.m.konst("u64", offset))
}

// ifThen writes a selection construct: body runs when cond holds.
func (f *fn) ifThen(cond string, body func()) {
	then, after := f.id("then"), f.id("after")
	f.emit("OpSelectionMerge %s None", after)
	f.emit("OpBranchConditional %s %s %s", cond, then, after)
	f.block(then)
	body()
	f.emit("OpBranch %s", after)
	f.block(after)
}

// storeIfEqual stores v (type ty) at sink when its bits equal guard (a raw
// parameter of guardTy): a store that never happens, which the compiler
// cannot prove, so v must be computed.
func (f *fn) storeIfEqual(sink, v, ty, guard, guardTy string) {
	bits, bty := f.widen(f.bitsOf(v, ty), totalBits(ty))
	g := guard
	if bty != guardTy {
		g = f.def("gd", "OpUConvert %s %s", f.m.typ(bty), guard)
	}
	eq := f.def("eq", "OpIEqual %s %s %s", f.m.typ("bool"), bits, g)
	f.ifThen(eq, func() { f.store(sink, bits, bty) })
}

// clock reads the subgroup clock (cycles) or the device clock.
func (f *fn) clock(device bool) string {
	if f.m.feat.Timestamps {
		return zero64(f.m)
	}
	f.m.capability("ShaderClockKHR")
	f.m.extension("SPV_KHR_shader_clock")
	scope := uint64(3) // Subgroup
	if device {
		if !f.m.feat.DeviceClock {
			return f.m.konst("u64", 0)
		}
		scope = 1 // Device
	}
	return f.def("clk", "OpReadClockKHR %s %s", f.m.typ("u64"), f.m.konst("u32", scope))
}

// finish ends the function and adds the entry point.
func (f *fn) finish() {
	f.emit("OpReturn")
	f.emit("OpFunctionEnd")
	f.m.entries = append(f.m.entries, fmt.Sprintf("OpEntryPoint GLCompute %%%s %q %s", f.name, f.name, strings.Join(f.iface, " ")))
	f.m.modes = append(f.m.modes, fmt.Sprintf("OpExecutionMode %%%s LocalSize %d 1 1", f.name, max(1, f.m.feat.SubgroupSize)))
	f.m.funcs = append(f.m.funcs, f.lines...)
}
