package spirv

import (
	"sort"
	"sync"
)

// operand is one operand of an instruction or enumerant in the grammar:
// its kind and quantifier (0, '?' optional, '*' any number).
type operand struct {
	kind       string
	quantifier rune
}

// instruction is one instruction of the grammar.
type instruction struct {
	name     string
	opcode   uint16
	operands []operand
}

// Operand kind categories.
type category int

const (
	catBitEnum category = iota + 1
	catValueEnum
	catId
	catLiteral
	catComposite
)

// enumerant is one named value of an enum kind, with the operands that
// follow it.
type enumerant struct {
	name   string
	value  uint32
	params []operand
}

// operandKind is one operand kind of the grammar.
type operandKind struct {
	name       string
	category   category
	enumerants []enumerant
	bases      []string // a composite's parts
}

// extInst is one instruction of an extended instruction set.
type extInst struct {
	name   string
	number uint32
}

// tables indexes the generated grammar for lookups; built once.
type tables struct {
	byName       map[string]*instruction
	byOpcode     map[uint16]*instruction
	kinds        map[string]*operandKind
	enumByName   map[string]map[string]*enumerant // kind -> name
	enumByValue  map[string]map[uint32]*enumerant // kind -> value (the first name)
	glslByName   map[string]uint32
	glslByNumber map[uint32]string
	opnames      []string // sorted, for suggestions
}

var grammarTables = sync.OnceValue(func() *tables {
	t := &tables{byName: map[string]*instruction{}, byOpcode: map[uint16]*instruction{}, kinds: map[string]*operandKind{},
		enumByName: map[string]map[string]*enumerant{}, enumByValue: map[string]map[uint32]*enumerant{},
		glslByName: map[string]uint32{}, glslByNumber: map[uint32]string{}}
	for i := range instructionTable {
		in := &instructionTable[i]
		t.byName[in.name] = in
		if _, ok := t.byOpcode[in.opcode]; !ok {
			t.byOpcode[in.opcode] = in
		}
		t.opnames = append(t.opnames, in.name)
	}
	sort.Strings(t.opnames)
	for i := range kindTable {
		k := &kindTable[i]
		t.kinds[k.name] = k
		byName, byValue := map[string]*enumerant{}, map[uint32]*enumerant{}
		for j := range k.enumerants {
			e := &k.enumerants[j]
			byName[e.name] = e
			if _, ok := byValue[e.value]; !ok {
				byValue[e.value] = e
			}
		}
		t.enumByName[k.name], t.enumByValue[k.name] = byName, byValue
	}
	for _, e := range glslTable {
		t.glslByName[e.name] = e.number
		t.glslByNumber[e.number] = e.name
	}
	return t
})

// Opcode returns the opcode of an instruction name ("OpFAdd").
func Opcode(name string) (uint16, bool) {
	in, ok := grammarTables().byName[name]
	if !ok {
		return 0, false
	}
	return in.opcode, true
}
