package spirv

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Disassemble writes a module as assembly text that Assemble reads back
// into the same words: one instruction a line, ids as their numbers (%5),
// after a header comment. It fails on a malformed module (bad header,
// an instruction running past the end, an unknown opcode, operands that
// do not fit the grammar).
func Disassemble(words []uint32) (string, error) {
	if len(words) < 5 {
		return "", fmt.Errorf("spirv: %d words is too short for a header", len(words))
	}
	if words[0] != Magic {
		return "", fmt.Errorf("spirv: bad magic number %#08x", words[0])
	}
	var b strings.Builder
	fmt.Fprintf(&b, "; SPIR-V %d.%d\n; Generator: %#x\n; Bound: %d\n; Schema: %d\n", words[1]>>16&0xff, words[1]>>8&0xff, words[2], words[3], words[4])
	d := &disassembler{t: grammarTables(), types: map[uint32]numType{}, extSets: map[uint32]string{}}
	for i := 5; i < len(words); {
		n := int(words[i] >> 16)
		op := uint16(words[i])
		if n == 0 || i+n > len(words) {
			return "", fmt.Errorf("spirv: word %d: an instruction of %d words runs past the module's end", i, n)
		}
		line, err := d.instruction(op, words[i+1:i+n])
		if err != nil {
			return "", fmt.Errorf("spirv: word %d: %w", i, err)
		}
		b.WriteString(line)
		b.WriteByte('\n')
		i += n
	}
	return b.String(), nil
}

// disassembler is one Disassemble call's state.
type disassembler struct {
	t       *tables
	types   map[uint32]numType
	extSets map[uint32]string
}

// decoding is one instruction being decoded.
type decoding struct {
	d          *disassembler
	in         *instruction
	w          []uint32
	i          int
	result     string
	resultType uint32
	extSet     uint32
	parts      []string
}

func (dc *decoding) more() bool { return dc.i < len(dc.w) }

func (dc *decoding) word() (uint32, error) {
	if !dc.more() {
		return 0, fmt.Errorf("%s: operands end early", dc.in.name)
	}
	v := dc.w[dc.i]
	dc.i++
	return v, nil
}

func (d *disassembler) instruction(op uint16, w []uint32) (string, error) {
	in, ok := d.t.byOpcode[op]
	if !ok {
		return "", fmt.Errorf("unknown opcode %d", op)
	}
	dc := &decoding{d: d, in: in, w: w}
	for _, o := range in.operands {
		if err := dc.operand(o); err != nil {
			return "", err
		}
	}
	if dc.more() {
		return "", fmt.Errorf("%s: %d words left after its operands", in.name, len(w)-dc.i)
	}
	switch in.name {
	case "OpTypeInt":
		d.types[w[0]] = numType{width: int(w[1]), signed: w[2] != 0}
	case "OpTypeFloat":
		d.types[w[0]] = numType{float: true, width: int(w[1])}
	case "OpExtInstImport":
		d.extSets[w[0]] = decodeString(w[1:])
	}
	line := strings.Join(append([]string{in.name}, dc.parts...), " ")
	if dc.result != "" {
		line = dc.result + " = " + line
	}
	return line, nil
}

func (dc *decoding) operand(o operand) error {
	switch o.quantifier {
	case '?':
		if !dc.more() {
			return nil
		}
	case '*':
		for dc.more() {
			if err := dc.one(o.kind); err != nil {
				return err
			}
		}
		return nil
	}
	return dc.one(o.kind)
}

func (dc *decoding) one(kind string) error {
	d := dc.d
	switch kind {
	case "IdResult":
		v, err := dc.word()
		dc.result = fmt.Sprintf("%%%d", v)
		return err
	case "IdResultType", "IdRef", "IdScope", "IdMemorySemantics":
		v, err := dc.word()
		if kind == "IdResultType" {
			dc.resultType = v
		}
		if kind == "IdRef" && dc.in.name == "OpExtInst" && dc.extSet == 0 {
			dc.extSet = v
		}
		dc.parts = append(dc.parts, fmt.Sprintf("%%%d", v))
		return err
	case "LiteralInteger":
		v, err := dc.word()
		dc.parts = append(dc.parts, strconv.FormatUint(uint64(v), 10))
		return err
	case "LiteralFloat":
		v, err := dc.word()
		dc.parts = append(dc.parts, FloatLiteral(uint64(v), 32))
		return err
	case "LiteralString":
		start := dc.i
		for dc.more() {
			v := dc.w[dc.i]
			dc.i++
			if v>>24 == 0 || v>>16&0xff == 0 || v>>8&0xff == 0 || v&0xff == 0 {
				dc.parts = append(dc.parts, strconv.Quote(decodeString(dc.w[start:dc.i])))
				return nil
			}
		}
		return fmt.Errorf("%s: a string has no terminating NUL", dc.in.name)
	case "LiteralContextDependentNumber":
		return dc.number()
	case "LiteralExtInstInteger":
		v, err := dc.word()
		if name, ok := d.t.glslByNumber[v]; ok && d.extSets[dc.extSet] == "GLSL.std.450" {
			dc.parts = append(dc.parts, name)
		} else {
			dc.parts = append(dc.parts, strconv.FormatUint(uint64(v), 10))
		}
		return err
	case "LiteralSpecConstantOpInteger":
		v, err := dc.word()
		if err != nil {
			return err
		}
		in, ok := d.t.byOpcode[uint16(v)]
		if !ok || v > 0xffff {
			return fmt.Errorf("%s: unknown opcode %d", dc.in.name, v)
		}
		dc.parts = append(dc.parts, strings.TrimPrefix(in.name, "Op"))
		for _, o := range specOperands(in) {
			if err := dc.operand(o); err != nil {
				return err
			}
		}
		return nil
	}
	k, ok := d.t.kinds[kind]
	if !ok {
		return fmt.Errorf("%s: the grammar has no operand kind %s", dc.in.name, kind)
	}
	switch k.category {
	case catComposite:
		for _, part := range k.bases {
			if err := dc.one(part); err != nil {
				return err
			}
		}
		return nil
	case catValueEnum, catBitEnum:
		return dc.enum(k)
	}
	return fmt.Errorf("%s: cannot decode operand kind %s", dc.in.name, kind)
}

// enum decodes an enumerant (or a bit enum's set bits) and its operands.
func (dc *decoding) enum(k *operandKind) error {
	v, err := dc.word()
	if err != nil {
		return err
	}
	byValue := dc.d.t.enumByValue[k.name]
	var used []*enumerant
	var names []string
	if k.category == catValueEnum || v == 0 {
		if en, ok := byValue[v]; ok {
			used, names = append(used, en), append(names, en.name)
		} else {
			names = append(names, strconv.FormatUint(uint64(v), 10))
		}
	} else {
		rest := uint32(0)
		for bit := uint32(1); bit != 0; bit <<= 1 {
			if v&bit == 0 {
				continue
			}
			if en, ok := byValue[bit]; ok {
				used, names = append(used, en), append(names, en.name)
			} else {
				rest |= bit
			}
		}
		if rest != 0 {
			names = append(names, fmt.Sprintf("%#x", rest))
		}
	}
	dc.parts = append(dc.parts, strings.Join(names, "|"))
	for _, en := range used {
		for _, p := range en.params {
			if err := dc.operand(p); err != nil {
				return err
			}
		}
	}
	return nil
}

// number decodes a constant's literal by its result type.
func (dc *decoding) number() error {
	nt, ok := dc.d.types[dc.resultType]
	if !ok {
		return fmt.Errorf("%s: the result type %%%d is not a declared integer or float type", dc.in.name, dc.resultType)
	}
	lo, err := dc.word()
	if err != nil {
		return err
	}
	v := uint64(lo)
	if nt.width == 64 {
		hi, err := dc.word()
		if err != nil {
			return err
		}
		v |= uint64(hi) << 32
	}
	switch {
	case nt.float:
		dc.parts = append(dc.parts, FloatLiteral(v, nt.width))
	case nt.signed && nt.width < 64:
		dc.parts = append(dc.parts, strconv.FormatInt(int64(int32(lo)), 10))
	case nt.signed:
		dc.parts = append(dc.parts, strconv.FormatInt(int64(v), 10))
	default:
		dc.parts = append(dc.parts, strconv.FormatUint(v&mask(nt.width), 10))
	}
	return nil
}

// FloatLiteral writes a float's bit pattern of a width (16, 32 or 64)
// as a literal Assemble reads back to the same bits: a finite value as an
// exact hexadecimal float ("0x1.8p+00"), a NaN or an infinity as its bits
// ("0x7fc00000").
func FloatLiteral(bits uint64, width int) string {
	var f float64
	switch width {
	case 16:
		f = halfValue(uint16(bits))
	case 32:
		f = float64(math.Float32frombits(uint32(bits)))
	default:
		f = math.Float64frombits(bits)
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return fmt.Sprintf("0x%x", bits)
	}
	return strconv.FormatFloat(f, 'x', -1, 64)
}

// halfValue converts an IEEE binary16 bit pattern to a float64.
func halfValue(h uint16) float64 {
	sign := 1.0
	if h&0x8000 != 0 {
		sign = -1
	}
	exp := int(h>>10) & 0x1f
	frac := float64(h & 0x3ff)
	switch exp {
	case 0:
		return sign * math.Ldexp(frac, -24)
	case 0x1f:
		if frac == 0 {
			return math.Inf(int(sign))
		}
		return math.NaN()
	}
	return sign * math.Ldexp(1024+frac, exp-25)
}
