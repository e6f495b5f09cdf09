package spirv

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/gpuarch/gpuarch/internal/editdist"
)

// token is one word of an assembly line: an id (%name), a string literal
// (its unquoted text), "=", or any other word.
type token struct {
	text  string
	col   int
	isStr bool
}

// tokenize splits one line into tokens, dropping a ";" comment.
func tokenize(line string, lineNo int) ([]token, error) {
	var toks []token
	i := 0
	for i < len(line) {
		c := line[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case c == ';':
			return toks, nil
		case c == '"':
			var b strings.Builder
			start := i
			i++
			closed := false
			for i < len(line) {
				if line[i] == '\\' && i+1 < len(line) {
					b.WriteByte(line[i+1])
					i += 2
					continue
				}
				if line[i] == '"' {
					closed = true
					i++
					break
				}
				b.WriteByte(line[i])
				i++
			}
			if !closed {
				return nil, &SyntaxError{lineNo, start + 1, "unterminated string"}
			}
			toks = append(toks, token{text: b.String(), col: start + 1, isStr: true})
		default:
			start := i
			for i < len(line) && line[i] != ' ' && line[i] != '\t' && line[i] != '\r' && line[i] != ';' && line[i] != '"' {
				i++
			}
			toks = append(toks, token{text: line[start:i], col: start + 1})
		}
	}
	return toks, nil
}

// numType is a scalar numeric type declared in the module.
type numType struct {
	float  bool
	width  int
	signed bool
}

// assembler is one Assemble call's state.
type assembler struct {
	t       *tables
	ids     map[string]uint32
	defined map[uint32]bool // result ids already defined
	types   map[uint32]numType
	extSets map[uint32]string
	words   []uint32
	line    int
}

// Assemble assembles SPIR-V assembly text (spirv-as syntax) into a module
// of the given version. Errors are *SyntaxError naming the line.
func Assemble(src string, v Version) ([]uint32, error) {
	a := &assembler{t: grammarTables(), ids: map[string]uint32{}, defined: map[uint32]bool{}, types: map[uint32]numType{}, extSets: map[uint32]string{}}
	a.words = []uint32{Magic, v.Word(), 0, 0, 0}
	for i, line := range strings.Split(src, "\n") {
		a.line = i + 1
		toks, err := tokenize(line, a.line)
		if err != nil {
			return nil, err
		}
		if len(toks) == 0 {
			continue
		}
		if err := a.instruction(toks); err != nil {
			return nil, err
		}
	}
	a.words[3] = uint32(len(a.ids)) + 1
	return a.words, nil
}

func (a *assembler) errorf(col int, format string, args ...any) error {
	return &SyntaxError{a.line, col, fmt.Sprintf(format, args...)}
}

// id returns the number of an id token, numbering new ids in order of
// first appearance.
func (a *assembler) id(t token) (uint32, error) {
	if t.isStr || len(t.text) < 2 || t.text[0] != '%' {
		return 0, a.errorf(t.col, "expected an id (%%name), found %q", t.text)
	}
	name := t.text[1:]
	for _, r := range name {
		if !(r == '_' || r == '.' || r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return 0, a.errorf(t.col, "%q is not a valid id", t.text)
		}
	}
	if n, ok := a.ids[name]; ok {
		return n, nil
	}
	n := uint32(len(a.ids)) + 1
	a.ids[name] = n
	return n, nil
}

// cursor walks an instruction's operand tokens.
type cursor struct {
	toks []token
	i    int
	end  int // the column after the last token, for "missing" errors
}

func (c *cursor) more() bool { return c.i < len(c.toks) }
func (c *cursor) next() token {
	t := c.toks[c.i]
	c.i++
	return t
}

// instruction assembles one line.
func (a *assembler) instruction(toks []token) error {
	var result *token
	if len(toks) >= 2 && toks[1].text == "=" && !toks[1].isStr {
		result = &toks[0]
		toks = toks[2:]
		if len(toks) == 0 {
			return a.errorf(result.col, "%s = needs an instruction", result.text)
		}
	}
	op := toks[0]
	in, ok := a.t.byName[op.text]
	if !ok || op.isStr {
		return a.errorf(op.col, "unknown opcode %s%s", op.text, suggest(op.text, a.t.opnames))
	}
	c := &cursor{toks: toks[1:], end: op.col + len(op.text)}
	if len(toks) > 1 {
		last := toks[len(toks)-1]
		c.end = last.col + len(last.text)
	}
	e := &encoding{a: a, in: in, c: c}
	hasResult := false
	for _, o := range in.operands {
		if o.kind == "IdResult" {
			hasResult = true
		}
	}
	switch {
	case hasResult && result == nil:
		return a.errorf(op.col, "%s needs a result id (%%name = %s ...)", in.name, in.name)
	case !hasResult && result != nil:
		return a.errorf(result.col, "%s has no result, but %s is assigned to it", in.name, result.text)
	}
	e.result = result
	if result != nil {
		// Ids are numbered in text order: the result before its operands.
		n, err := a.id(*result)
		if err != nil {
			return err
		}
		if a.defined[n] {
			return a.errorf(result.col, "%s is defined twice", result.text)
		}
		a.defined[n] = true
	}
	words := []uint32{0}
	e.out = &words
	for _, o := range in.operands {
		if err := e.operand(o); err != nil {
			return err
		}
	}
	if c.more() {
		t := c.next()
		return a.errorf(t.col, "%s: too many operands: %q is left over", in.name, t.text)
	}
	if len(words) > 0xffff {
		return a.errorf(op.col, "%s: %d words do not fit an instruction", in.name, len(words))
	}
	words[0] = uint32(len(words))<<16 | uint32(in.opcode)
	a.words = append(a.words, words...)
	return e.declare(words)
}

// encoding is one instruction being encoded.
type encoding struct {
	a          *assembler
	in         *instruction
	c          *cursor
	out        *[]uint32
	result     *token
	resultType uint32
	hasType    bool
	extSet     uint32
}

func (e *encoding) emit(w ...uint32) { *e.out = append(*e.out, w...) }

// operand encodes one operand of the grammar, honouring its quantifier.
func (e *encoding) operand(o operand) error {
	switch o.quantifier {
	case '?':
		if !e.c.more() {
			return nil
		}
		return e.one(o.kind)
	case '*':
		for e.c.more() {
			if err := e.one(o.kind); err != nil {
				return err
			}
		}
		return nil
	}
	if o.kind != "IdResult" && !e.c.more() {
		return e.a.errorf(e.c.end, "%s: missing operand (%s)", e.in.name, o.kind)
	}
	return e.one(o.kind)
}

// one encodes one operand of a kind.
func (e *encoding) one(kind string) error {
	a := e.a
	switch kind {
	case "IdResult":
		n, err := a.id(*e.result)
		if err != nil {
			return err
		}
		e.emit(n)
		return nil
	case "IdResultType", "IdRef", "IdScope", "IdMemorySemantics":
		n, err := a.id(e.c.next())
		if err != nil {
			return err
		}
		if kind == "IdResultType" {
			e.resultType, e.hasType = n, true
		}
		if kind == "IdRef" && e.in.name == "OpExtInst" && e.extSet == 0 {
			e.extSet = n
		}
		e.emit(n)
		return nil
	case "LiteralInteger":
		t := e.c.next()
		v, err := a.integer(t, 32, true) // a word; negative values in two's complement
		if err != nil {
			return err
		}
		e.emit(uint32(v))
		return nil
	case "LiteralFloat":
		t := e.c.next()
		w, err := a.float(t, 32)
		if err != nil {
			return err
		}
		e.emit(uint32(w))
		return nil
	case "LiteralString":
		t := e.c.next()
		if !t.isStr {
			return a.errorf(t.col, "%s: expected a string literal, found %q", e.in.name, t.text)
		}
		e.emit(stringWords(t.text)...)
		return nil
	case "LiteralContextDependentNumber":
		return e.number(e.c.next())
	case "LiteralExtInstInteger":
		t := e.c.next()
		if n, err := strconv.ParseUint(t.text, 0, 32); err == nil && !t.isStr {
			e.emit(uint32(n))
			return nil
		}
		if set := a.extSets[e.extSet]; set == "GLSL.std.450" {
			if n, ok := a.t.glslByName[t.text]; ok {
				e.emit(n)
				return nil
			}
			return a.errorf(t.col, "unknown GLSL.std.450 instruction %s%s", t.text, suggest(t.text, glslNames(a.t)))
		}
		return a.errorf(t.col, "%q: extended instructions of this set are named by number", t.text)
	case "LiteralSpecConstantOpInteger":
		t := e.c.next()
		var in *instruction
		for _, name := range []string{t.text, "Op" + t.text} {
			if i, ok := a.t.byName[name]; ok {
				in = i
			}
		}
		if n, err := strconv.ParseUint(t.text, 0, 16); err == nil && !t.isStr {
			in = a.t.byOpcode[uint16(n)]
		}
		if in == nil {
			return a.errorf(t.col, "%s: unknown opcode %s", e.in.name, t.text)
		}
		e.emit(uint32(in.opcode))
		// The operation's own operands follow, less its result type and id.
		for _, o := range specOperands(in) {
			if err := e.operand(o); err != nil {
				return err
			}
		}
		return nil
	}
	k, ok := a.t.kinds[kind]
	if !ok {
		return a.errorf(e.c.end, "%s: the grammar has no operand kind %s", e.in.name, kind)
	}
	switch k.category {
	case catComposite:
		for _, part := range k.bases {
			if !e.c.more() {
				return a.errorf(e.c.end, "%s: %s needs %d values", e.in.name, kind, len(k.bases))
			}
			if err := e.one(part); err != nil {
				return err
			}
		}
		return nil
	case catValueEnum, catBitEnum:
		return e.enum(k, e.c.next())
	}
	return a.errorf(e.c.end, "%s: cannot encode operand kind %s", e.in.name, kind)
}

// enum encodes an enumerant (or, for a bit enum, several joined by "|")
// and the operands its enumerants take.
func (e *encoding) enum(k *operandKind, t token) error {
	a := e.a
	names := a.t.enumByName[k.name]
	var parts []string
	if k.category == catBitEnum {
		parts = strings.Split(t.text, "|")
	} else {
		parts = []string{t.text}
	}
	var value uint32
	var used []*enumerant
	for _, p := range parts {
		if en, ok := names[p]; ok && !t.isStr {
			value |= en.value
			used = append(used, en)
			continue
		}
		if n, err := strconv.ParseUint(p, 0, 32); err == nil && !t.isStr {
			value |= uint32(n)
			if en, ok := a.t.enumByValue[k.name][uint32(n)]; ok {
				used = append(used, en)
			}
			continue
		}
		return a.errorf(t.col, "%s: %q is not a %s (such as %s)", e.in.name, p, k.name, examples(k))
	}
	e.emit(value)
	// Parameters follow in the order of the enumerants' values (bit
	// order for a bit enum).
	sort.Slice(used, func(i, j int) bool { return used[i].value < used[j].value })
	for _, en := range used {
		for _, p := range en.params {
			if err := e.operand(p); err != nil {
				return err
			}
		}
	}
	return nil
}

// examples lists a few enumerants of a kind, for error messages.
func examples(k *operandKind) string {
	var names []string
	for _, en := range k.enumerants {
		if len(names) == 4 {
			names = append(names, "...")
			break
		}
		names = append(names, en.name)
	}
	return strings.Join(names, ", ")
}

// number encodes an OpConstant or OpSpecConstant literal in the width and
// kind of the instruction's result type.
func (e *encoding) number(t token) error {
	a := e.a
	nt, ok := a.types[e.resultType]
	if !e.hasType || !ok {
		return a.errorf(t.col, "%s: the result type of %q is not a declared integer or float type", e.in.name, t.text)
	}
	var v uint64
	var err error
	if nt.float {
		v, err = a.float(t, nt.width)
	} else {
		v, err = a.integer(t, nt.width, nt.signed)
	}
	if err != nil {
		return err
	}
	if nt.width == 64 {
		e.emit(uint32(v), uint32(v>>32))
		return nil
	}
	e.emit(uint32(v))
	return nil
}

// integer parses an integer literal of a width: decimal or 0x hex, negative
// only where signed (two's complement; sign-extended to 32 bits for
// narrower signed types, as SPIR-V requires).
func (a *assembler) integer(t token, width int, signed bool) (uint64, error) {
	if t.isStr {
		return 0, a.errorf(t.col, "expected a number, found the string %q", t.text)
	}
	if strings.HasPrefix(t.text, "-") {
		n, err := strconv.ParseInt(t.text, 0, width)
		if err != nil {
			return 0, a.errorf(t.col, "%q is not a %d-bit signed integer", t.text, width)
		}
		if !signed {
			return 0, a.errorf(t.col, "%q is negative, but the type is unsigned", t.text)
		}
		if width < 32 {
			return uint64(uint32(int32(n))), nil
		}
		return uint64(n) & mask(width), nil
	}
	n, err := strconv.ParseUint(t.text, 0, width)
	if err != nil {
		return 0, a.errorf(t.col, "%q is not a %d-bit integer", t.text, width)
	}
	return n, nil
}

func mask(width int) uint64 {
	if width >= 64 {
		return math.MaxUint64
	}
	return 1<<width - 1
}

// float parses a floating-point literal (decimal, or hexadecimal with a
// binary exponent) into the bits of a float of a width; a hexadecimal
// literal without an exponent is the bits themselves.
func (a *assembler) float(t token, width int) (uint64, error) {
	if t.isStr {
		return 0, a.errorf(t.col, "expected a number, found the string %q", t.text)
	}
	if raw, ok := strings.CutPrefix(t.text, "0x"); ok && !strings.ContainsAny(raw, ".pP") {
		// A hexadecimal literal with no binary exponent is the float's
		// bits, which is how Disassemble writes NaNs and infinities.
		n, err := strconv.ParseUint(raw, 16, width)
		if err != nil {
			return 0, a.errorf(t.col, "%q is not the bits of a %d-bit float", t.text, width)
		}
		return n, nil
	}
	f, err := strconv.ParseFloat(t.text, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, a.errorf(t.col, "%q is not a finite floating-point number (write NaNs and infinities as their bits: 0x7fc00000)", t.text)
	}
	switch width {
	case 16:
		return uint64(halfBits(f)), nil
	case 32:
		return uint64(math.Float32bits(float32(f))), nil
	case 64:
		return math.Float64bits(f), nil
	}
	return 0, a.errorf(t.col, "%d-bit floats are not supported", width)
}

// halfBits rounds a float64 to the nearest IEEE binary16, ties to even.
func halfBits(f float64) uint16 {
	b := math.Float64bits(f)
	sign := uint16(b>>48) & 0x8000
	switch {
	case math.IsNaN(f):
		return sign | 0x7e00
	case math.IsInf(f, 0):
		return sign | 0x7c00
	}
	f = math.Abs(f)
	if f == 0 {
		return sign
	}
	if f >= 65520 { // rounds to infinity
		return sign | 0x7c00
	}
	exp := math.Ilogb(f)
	if exp < -14 { // subnormal: multiples of 2^-24
		return sign | uint16(math.RoundToEven(f*(1<<24)))
	}
	m := math.RoundToEven(f / math.Ldexp(1, exp) * 1024) // 1024..2048
	if m == 2048 {
		m, exp = 1024, exp+1
	}
	return sign | uint16(exp+15)<<10 | uint16(m-1024)
}

// stringWords encodes a literal string: UTF-8, NUL-terminated, padded to
// whole words.
func stringWords(s string) []uint32 {
	b := append([]byte(s), 0)
	for len(b)%4 != 0 {
		b = append(b, 0)
	}
	w := make([]uint32, len(b)/4)
	for i := range w {
		w[i] = uint32(b[4*i]) | uint32(b[4*i+1])<<8 | uint32(b[4*i+2])<<16 | uint32(b[4*i+3])<<24
	}
	return w
}

// declare records what later instructions need of this one: numeric
// types (for constants' widths) and extended instruction sets.
func (e *encoding) declare(words []uint32) error {
	a := e.a
	switch e.in.name {
	case "OpTypeInt":
		a.types[words[1]] = numType{width: int(words[2]), signed: words[3] != 0}
	case "OpTypeFloat":
		a.types[words[1]] = numType{float: true, width: int(words[2])}
	case "OpExtInstImport":
		a.extSets[words[1]] = decodeString(words[2:])
	}
	if e.in.name == "OpTypeInt" || e.in.name == "OpTypeFloat" {
		if w := int(words[2]); w != 8 && w != 16 && w != 32 && w != 64 {
			return a.errorf(1, "%s: width %d is not 8, 16, 32 or 64", e.in.name, w)
		}
	}
	return nil
}

// decodeString reads a literal string from words.
func decodeString(w []uint32) string {
	var b []byte
	for _, x := range w {
		for i := range 4 {
			c := byte(x >> (8 * i))
			if c == 0 {
				return string(b)
			}
			b = append(b, c)
		}
	}
	return string(b)
}

// glslNames lists GLSL.std.450's instruction names.
func glslNames(t *tables) []string {
	out := make([]string, 0, len(t.glslByName))
	for n := range t.glslByName {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// suggest returns " (did you mean X?)" for the closest of names by edit
// distance, or "" when none is close.
func suggest(s string, names []string) string {
	if len(s) > 64 { // no name is this long; spare the quadratic distance
		return ""
	}
	best, dist := "", len(s)/2+2
	for _, n := range names {
		if d := editdist.Distance(s, n); d < dist {
			best, dist = n, d
		}
	}
	if best == "" {
		return ""
	}
	return " (did you mean " + best + "?)"
}

// specOperands are the operands an OpSpecConstantOp takes after the
// opcode it names: that instruction's, less the result type and id.
func specOperands(in *instruction) []operand {
	var ops []operand
	for _, o := range in.operands {
		if o.kind != "IdResultType" && o.kind != "IdResult" {
			ops = append(ops, o)
		}
	}
	return ops
}
