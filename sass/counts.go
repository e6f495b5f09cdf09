package sass

import (
	"fmt"
	"slices"
	"strings"
)

// Counts maps full opcodes ("FFMA.FTZ") to how many times they occur.
type Counts map[string]int

// CountsOf counts the opcodes of instrs.
func CountsOf(instrs []Instruction) Counts {
	c := Counts{}
	for _, in := range instrs {
		c[in.Opcode]++
	}
	return c
}

// Counts counts the opcodes of the whole function.
func (f *Function) Counts() Counts {
	return CountsOf(f.Instructions)
}

// Matching returns the number of instructions whose opcode is op or starts
// with op followed by a modifier: "MUFU" counts MUFU.EX2 and MUFU.RCP,
// "MUFU.EX2" counts only MUFU.EX2 (and MUFU.EX2.F16 if such a form exists),
// "IMAD" counts IMAD, IMAD.WIDE and IMAD.MOV.U32 but not IMADSP.
func (c Counts) Matching(op string) int {
	n := 0
	for k, v := range c {
		if k == op || strings.HasPrefix(k, op+".") {
			n += v
		}
	}
	return n
}

// Sub returns c minus o, keeping only the opcodes whose difference is not
// zero. A negative count means o had more of that opcode.
func (c Counts) Sub(o Counts) Counts {
	d := Counts{}
	for k, v := range c {
		d[k] += v
	}
	for k, v := range o {
		d[k] -= v
	}
	for k, v := range d {
		if v == 0 {
			delete(d, k)
		}
	}
	return d
}

// String lists the counts sorted by opcode: "FFMA:8 MUFU.EX2:1".
func (c Counts) String() string {
	keys := make([]string, 0, len(c))
	for k := range c {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s:%d", k, c[k])
	}
	return strings.Join(parts, " ")
}

// Sequence returns the opcodes of instrs in order, joined by " + ":
// "FMUL + MUFU.EX2 + FMUL".
func Sequence(instrs []Instruction) string {
	ops := make([]string, len(instrs))
	for i, in := range instrs {
		ops[i] = in.Opcode
	}
	return strings.Join(ops, " + ")
}
