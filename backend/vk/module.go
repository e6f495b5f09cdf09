package vk

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/spirv"
)

// module accumulates one SPIR-V module as assembly text, in the section
// order the SPIR-V specification requires: capabilities, extensions, the
// extended instruction import, the memory model, entry points, execution
// modes, decorations, then types, constants and global variables, then
// functions. Types and constants are declared once, on first use, under
// readable ids (%u32, %k_u32_3).
type module struct {
	feat    Features
	caps    []string
	exts    []string
	glsl    bool
	entries []string
	modes   []string
	decos   []string
	globals []string
	funcs   []string
	notes   []string // comment lines after the header
	// vulkanModel: the module uses the Vulkan memory model (for loads
	// made visible at device scope), not GLSL450's.
	vulkanModel bool
	declared    map[string]bool
	fresh       int
	err         error // the first type or constant the device cannot have
}

func newModule(f Features) *module {
	return &module{feat: f, declared: map[string]bool{}}
}

// capability declares a capability once.
func (m *module) capability(c string) {
	if !slices.Contains(m.caps, c) {
		m.caps = append(m.caps, c)
	}
}

// extension declares an extension once.
func (m *module) extension(e string) {
	if !slices.Contains(m.exts, e) {
		m.exts = append(m.exts, e)
	}
}

// fail records the first error of the module.
func (m *module) fail(format string, args ...any) {
	if m.err == nil {
		m.err = fmt.Errorf(format, args...)
	}
}

// global adds a global declaration under id unless it exists.
func (m *module) global(id, decl string) string {
	if !m.declared[id] {
		m.declared[id] = true
		m.globals = append(m.globals, fmt.Sprintf("%s = %s", id, decl))
	}
	return id
}

// scalar describes a neutral scalar type name.
type scalar struct {
	float  bool
	bits   int
	isBool bool
}

// parseScalar reads "f32", "u16", "s64", "b32", "bool" or "pred".
func parseScalar(name string) (scalar, bool) {
	switch name {
	case "bool", "pred":
		return scalar{isBool: true, bits: 1}, true
	}
	if len(name) < 2 {
		return scalar{}, false
	}
	bits, err := strconv.Atoi(name[1:])
	if err != nil {
		return scalar{}, false
	}
	switch name[0] {
	case 'f':
		if bits == 16 || bits == 32 || bits == 64 {
			return scalar{float: true, bits: bits}, true
		}
	case 'u', 's', 'b':
		if bits == 8 || bits == 16 || bits == 32 || bits == 64 {
			return scalar{bits: bits}, true
		}
	}
	return scalar{}, false
}

// canonical is a neutral type's SPIR-V identity: signed, unsigned and
// untyped integers of one width are one SPIR-V type (unsigned), since
// SPIR-V's integer instructions say how they read their operands.
func canonical(name string) string {
	base, n, vec := strings.Cut(name, "x")
	if s, ok := parseScalar(base); ok && !s.float && !s.isBool {
		base = fmt.Sprintf("u%d", s.bits)
	}
	if base == "pred" {
		base = "bool"
	}
	if vec {
		return base + "x" + n
	}
	return base
}

// typ returns the id of a neutral type: a scalar ("f32", "u64", "bool")
// or a vector of one ("f16x2", "u32x4"). Types the device cannot have
// record an error and still return an id, so callers go on.
func (m *module) typ(name string) string {
	name = canonical(name)
	id := "%" + name
	if m.declared[id] {
		return id
	}
	if base, n, ok := strings.Cut(name, "x"); ok {
		count, err := strconv.Atoi(n)
		if err != nil || count < 2 || count > 4 {
			m.fail("type %s: not a vector of 2 to 4 components", name)
			return id
		}
		return m.global(id, fmt.Sprintf("OpTypeVector %s %d", m.typ(base), count))
	}
	s, ok := parseScalar(name)
	switch {
	case !ok:
		m.fail("type %s is not supported by the SPIR-V code generator", name)
		return id
	case s.isBool:
		return m.global(id, "OpTypeBool")
	case s.float:
		switch s.bits {
		case 16:
			m.need(m.feat.Float16, "Float16", "16-bit floats (shaderFloat16)")
		case 64:
			m.need(m.feat.Float64, "Float64", "64-bit floats (shaderFloat64)")
		}
		return m.global(id, fmt.Sprintf("OpTypeFloat %d", s.bits))
	}
	switch s.bits {
	case 8:
		m.need(m.feat.Int8, "Int8", "8-bit integers (shaderInt8)")
	case 16:
		m.need(m.feat.Int16, "Int16", "16-bit integers (shaderInt16)")
	case 64:
		m.need(m.feat.Int64, "Int64", "64-bit integers (shaderInt64)")
	}
	return m.global(id, fmt.Sprintf("OpTypeInt %d 0", s.bits))
}

// need declares capability c when the device has it (ok), and records
// that it does not otherwise (an error wrapping kernel.ErrUnsupported).
func (m *module) need(ok bool, c, what string) {
	if !ok && m.err == nil {
		m.err = fmt.Errorf("%w: %s", kernel.ErrUnsupported, what)
	}
	m.capability(c)
}

// konst returns the id of a constant of a neutral scalar type whose bit
// pattern is bits (the low bits for narrower types).
func (m *module) konst(name string, bits uint64) string {
	name = canonical(name)
	t := m.typ(name)
	s, ok := parseScalar(name)
	if !ok || s.isBool {
		m.fail("constant of type %s: not a number type", name)
		return "%k_invalid"
	}
	if s.bits < 64 {
		bits &= 1<<s.bits - 1
	}
	id := fmt.Sprintf("%%k_%s_%d", name, bits)
	if !s.float {
		return m.global(id, fmt.Sprintf("OpConstant %s %d", t, bits))
	}
	return m.global(id, fmt.Sprintf("OpConstant %s %s", t, spirv.FloatLiteral(bits, s.bits)))
}

// pointer returns the id of a pointer type.
func (m *module) pointer(storage, pointee string) string {
	id := fmt.Sprintf("%%ptr_%s_%s", storage, strings.TrimPrefix(pointee, "%"))
	return m.global(id, fmt.Sprintf("OpTypePointer %s %s", storage, pointee))
}

// builtin returns an Input variable decorated with a built-in of a type.
func (m *module) builtin(name, ty string) string {
	id := "%bi_" + name
	if !m.declared[id] {
		m.decos = append(m.decos, fmt.Sprintf("OpDecorate %s BuiltIn %s", id, name))
		m.global(id, fmt.Sprintf("OpVariable %s Input", m.pointer("Input", m.typ(ty))))
	}
	return id
}

// text renders the module.
func (m *module) text() string {
	var b strings.Builder
	b.WriteString("; SPIR-V written by gpuarch\n")
	for _, n := range m.notes {
		fmt.Fprintf(&b, "; %s\n", n)
	}
	for _, c := range m.caps {
		fmt.Fprintf(&b, "OpCapability %s\n", c)
	}
	for _, e := range m.exts {
		fmt.Fprintf(&b, "OpExtension %q\n", e)
	}
	if m.glsl {
		b.WriteString("%glsl = OpExtInstImport \"GLSL.std.450\"\n")
	}
	model := "GLSL450"
	if m.vulkanModel {
		model = "Vulkan"
	}
	fmt.Fprintf(&b, "OpMemoryModel PhysicalStorageBuffer64 %s\n", model)
	for _, sec := range [][]string{m.entries, m.modes, m.decos, m.globals, m.funcs} {
		for _, l := range sec {
			b.WriteString(l)
			b.WriteByte('\n')
		}
	}
	return b.String()
}
