package kernel

import (
	"fmt"
	"regexp"
	"strings"
)

// Step is one link of a dependent chain: PTX that computes the chain's next
// value from its current one. The same step builds the latency kernels (one
// chain, several lengths) and the throughput kernels (ILP independent chains
// in a loop).
//
// Template placeholders:
//
//	{x}        the chain's latest value (read)
//	{y}        the value before it; a template that reads {y} makes a
//	           two-register chain: it writes {d}, which is {y}'s register,
//	           and the two swap after each step. x+=y, y+=x cannot be folded
//	           into a multiplication the way x+=a, x+=a, ... can.
//	{z}        the value two steps back; a template that reads {z} makes a
//	           three-register chain (x <- x op z), whose every value has two
//	           readers, so ptxas cannot fuse two logic steps into one LOP3.
//	{d}        the register the step writes: {x}, or the oldest register
//	           in a two- or three-register chain
//	{a}        an operand that rotates through a0..a3 from step to step
//	{b}        the operand after {a} in that rotation (a1 when {a} is a0)
//	{a0}..{a3} fixed operands, loaded from kernel parameters
//	{l}        the thread's lane (%laneid, u32, read once before the loop):
//	           warp-level steps mix it in so values stay lane-dependent
//	{p}        a predicate temporary
//	{t}        a temporary of type Temp
//	{u}        a second temporary, of type Temp2
//
// Lines are separated by newlines; each is one PTX instruction with its ';'.
// A template may hold several forms separated by "||": step i uses form
// i mod n, so a chain can alternate forms that ptxas cannot merge.
//
// A Step is written in one kernel language, ISA ("" is PTX); the Codegen
// of that language lowers it (see SPIR-V's own placeholders in package
// backend/vk). Types are named as PTX names them (f32, u64, f16x2...)
// whatever the language.
type Step struct {
	Template string
	// ISA is the template's language: "" or ISAPTX, or ISASPIRV.
	ISA     string
	Type    Type // the chain value's type
	Operand Type // the operands' type; "" means Type
	Temp    Type // {t}'s type; "" when unused
	Temp2   Type // {u}'s type; "" when unused
	// RegOperands makes the operands registers the compiler cannot see
	// through (each is XORed with %dynamic_smem_size, 0 at run time);
	// otherwise ptxas may read them straight from the constant bank, as
	// it does kernel parameters.
	RegOperands bool
	// LaneHigh also varies the high half of a 64-bit chain's initial
	// value by lane (normally only the low bits vary): a step that works
	// on the halves apart (two 32-bit shuffles) would otherwise find the
	// high half warp-uniform, and ptxas would drop its work.
	LaneHigh bool
	// X0 and A are the bit patterns of the initial chain value and of the
	// four operands, chosen so chains stay in range (no overflow to
	// infinity where that would change the machine's path).
	X0 uint64
	A  [4]uint64
}

// Lang is the language the step is written in: ISA, or ISAPTX when ISA is
// empty.
func (s Step) Lang() string {
	if s.ISA == "" {
		return ISAPTX
	}
	return s.ISA
}

// OperandType is the type of the operands a0..a3: Operand, or Type when
// Operand is not set.
func (s Step) OperandType() Type {
	if s.Operand == "" {
		return s.Type
	}
	return s.Operand
}

// Registers is how many values the chain keeps: 1, 2 (the template reads
// {y}) or 3 ({z}).
func (s Step) Registers() int {
	switch {
	case strings.Contains(s.Template, "{z}"):
		return 3
	case strings.Contains(s.Template, "{y}"):
		return 2
	}
	return 1
}

// Part is one instruction of a mixed kernel: each round of the loop body
// runs Count steps of it, spread round-robin over ILP independent chains.
type Part struct {
	Step  Step
	Count int
	ILP   int
}

var placeholder = regexp.MustCompile(`\{[a-z][0-9]?\}`)

// Validate checks that the template uses only known placeholders and the
// types it needs are set.
func (s Step) Validate() error {
	if strings.TrimSpace(s.Template) == "" {
		return fmt.Errorf("empty template")
	}
	for _, form := range strings.Split(s.Template, "||") {
		if !strings.Contains(form, "{d}") {
			return fmt.Errorf("template form never writes {d}: %q", form)
		}
	}
	if s.Type == "" {
		return fmt.Errorf("template %q has no chain type", s.Template)
	}
	for _, m := range placeholder.FindAllString(s.Template, -1) {
		switch m {
		case "{x}", "{y}", "{z}", "{d}", "{a}", "{b}", "{a0}", "{a1}", "{a2}", "{a3}", "{p}", "{l}":
		case "{t}":
			if s.Temp == "" {
				return fmt.Errorf("template %q uses {t} but Temp is not set", s.Template)
			}
		case "{u}":
			if s.Temp2 == "" {
				return fmt.Errorf("template %q uses {u} but Temp2 is not set", s.Template)
			}
		default:
			return fmt.Errorf("template %q: unknown placeholder %s", s.Template, m)
		}
	}
	return nil
}
