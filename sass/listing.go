package sass

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
)

// Listing is a parsed disassembly: the functions in the order printed.
type Listing struct {
	Functions []Function `json:"functions"`
}

// Function returns the function with the given name.
func (l *Listing) Function(name string) (*Function, bool) {
	for i := range l.Functions {
		if l.Functions[i].Name == name {
			return &l.Functions[i], true
		}
	}
	return nil, false
}

// Function is one function of a listing: a kernel, or a device function with
// its own .text section.
type Function struct {
	Name         string        `json:"name"`
	Instructions []Instruction `json:"instructions"`
	// Labels maps each label printed inside the function (".L_x_3") to
	// the offset of the instruction that follows it. Labels after the last
	// instruction are not kept.
	Labels map[string]int `json:"labels,omitempty"`
}

// Instruction is one SASS instruction.
type Instruction struct {
	// Offset is the byte offset within the function, from /*0070*/.
	Offset int `json:"offset"`
	// Predicate is the guard as printed: "@P0", "@!PT", "@UP1", or "".
	Predicate string `json:"predicate,omitempty"`
	// Opcode is the full mnemonic with its modifiers: "FFMA.FTZ",
	// "MUFU.EX2", "IMAD.WIDE.U32".
	Opcode string `json:"opcode"`
	// Operands is the operand text as printed, without the final ';':
	// "R2, R2, R3, R4".
	Operands string `json:"operands,omitempty"`
	// Control is the scheduling information of the instruction's word
	// (stall cycles, scoreboard barriers), nil when unknown: a listing
	// prints none, a cubin has it (ParseControls, AttachControls).
	Control *Control `json:"control,omitempty"`
}

// Base returns the opcode without modifiers: "MUFU" for "MUFU.EX2".
func (i Instruction) Base() string {
	base, _, _ := strings.Cut(i.Opcode, ".")
	return base
}

// String returns the instruction as nvdisasm prints it, without offset.
func (i Instruction) String() string {
	s := i.Opcode
	if i.Predicate != "" {
		s = i.Predicate + " " + s
	}
	if i.Operands != "" {
		s += " " + i.Operands
	}
	return s + " ;"
}

var (
	// instructionLine matches "/*0070*/ <rest>": an offset comment first.
	// Encoding-only lines ("/* 0x000fe2... */") have a space after "/*"
	// and do not match.
	instructionLine = regexp.MustCompile(`^/\*([0-9a-fA-F]{1,8})\*/(.*)$`)
	// opcodePattern accepts SASS mnemonics ("IMAD.WIDE.U32",
	// "HMMA.16816.F32.BF16") and rejects data directives (".byte").
	opcodePattern    = regexp.MustCompile(`^[A-Z_][A-Z0-9_]*(\.[A-Za-z0-9_]+)*$`)
	predicatePattern = regexp.MustCompile(`^@!?[A-Z][A-Z0-9_]*$`)
	labelPattern     = regexp.MustCompile(`^[A-Za-z0-9_.$@]+$`)
)

// ParseListing parses the text nvdisasm prints (cuobjdump -sass output is
// accepted too). Functions start at a ".section .text.<name>" directive, a
// ".text.<name>:" label, or a cuobjdump "Function : <name>" line; lines that
// are not instructions of a code section are skipped. It returns an error
// only when non-empty input holds no function.
func ParseListing(text string) (*Listing, error) {
	p := listingParser{listing: &Listing{}, index: map[string]int{}, inCode: true}
	for line := range strings.Lines(text) {
		p.line(line)
	}
	if len(p.listing.Functions) == 0 && strings.TrimSpace(text) != "" {
		return nil, errors.New("parse listing: no function found (expected nvdisasm output with .text.<name> sections)")
	}
	return p.listing, nil
}

// listingParser holds the state of one ParseListing call.
type listingParser struct {
	listing *Listing
	// index maps function names to their position in listing.Functions.
	index map[string]int
	// cur is the position of the function being read, valid when started.
	cur     int
	started bool
	// inCode is false inside a non-code section (.nv.info, .debug_frame,
	// ...), whose data lines look like instructions.
	inCode bool
	// pending holds labels waiting for the next instruction's offset.
	pending []string
}

// line handles one line of input.
func (p *listingParser) line(raw string) {
	line := strings.TrimSpace(raw)
	if line == "" {
		return
	}
	if m := instructionLine.FindStringSubmatch(line); m != nil {
		p.instruction(m[1], m[2])
		return
	}
	line = strings.TrimSpace(stripComments(line))
	if line == "" {
		return
	}
	fields := strings.Fields(line)
	switch {
	case fields[0] == ".section":
		if len(fields) < 2 {
			return
		}
		name, _, _ := strings.Cut(fields[1], ",")
		if fn, ok := strings.CutPrefix(name, ".text."); ok && fn != "" {
			p.begin(fn)
			return
		}
		p.inCode = false
		p.started = false
		p.pending = nil
	case fields[0] == "Function" && len(fields) >= 3 && fields[1] == ":":
		// cuobjdump -sass: "Function : _Z6kernelPf".
		p.begin(fields[2])
	case len(fields) == 1 && strings.HasSuffix(line, ":"):
		p.label(strings.TrimSuffix(line, ":"))
	}
}

// begin makes fn the current function, creating it on first sight.
func (p *listingParser) begin(fn string) {
	p.inCode = true
	p.pending = nil
	i, ok := p.index[fn]
	if !ok {
		i = len(p.listing.Functions)
		p.index[fn] = i
		p.listing.Functions = append(p.listing.Functions, Function{Name: fn})
	}
	p.cur, p.started = i, true
}

// label handles "name:" on its own line.
func (p *listingParser) label(name string) {
	if !labelPattern.MatchString(name) {
		return
	}
	if fn, ok := strings.CutPrefix(name, ".text."); ok && fn != "" {
		p.begin(fn)
		return
	}
	if !p.inCode {
		return
	}
	if !p.started {
		// A symbol label ("kernel:") ahead of its code, with no section
		// directive before it.
		if !strings.HasPrefix(name, ".") {
			p.begin(name)
		}
		return
	}
	if name == p.listing.Functions[p.cur].Name {
		return
	}
	p.pending = append(p.pending, name)
}

// instruction handles a line that starts with an offset comment.
func (p *listingParser) instruction(hexOffset, rest string) {
	if !p.inCode || !p.started {
		return
	}
	offset, err := strconv.ParseInt(hexOffset, 16, 64)
	if err != nil {
		return
	}
	in, ok := parseInstruction(rest)
	if !ok {
		return
	}
	in.Offset = int(offset)
	f := &p.listing.Functions[p.cur]
	for _, l := range p.pending {
		if f.Labels == nil {
			f.Labels = map[string]int{}
		}
		f.Labels[l] = in.Offset
	}
	p.pending = nil
	f.Instructions = append(f.Instructions, in)
}

// parseInstruction parses the text after the offset comment:
// "@!P0 BRA `(.L_x_1) ;", "{ IADD R0, R0, 0x1 ;", "MOV R1, c[0x0][0x28] ; /* 0x... */".
func parseInstruction(rest string) (Instruction, bool) {
	s := strings.TrimSpace(stripComments(rest))
	s = strings.TrimSpace(strings.TrimPrefix(s, "{"))
	if before, _, ok := strings.Cut(s, ";"); ok {
		s = before
	} else if !strings.Contains(s, "{") {
		s = strings.TrimSuffix(s, "}")
	}
	s = strings.TrimSpace(s)
	var in Instruction
	if strings.HasPrefix(s, "@") {
		pred, after, _ := strings.Cut(s, " ")
		if !predicatePattern.MatchString(pred) {
			return Instruction{}, false
		}
		in.Predicate = pred
		s = strings.TrimSpace(after)
	}
	op, operands, _ := strings.Cut(s, " ")
	if !opcodePattern.MatchString(op) {
		return Instruction{}, false
	}
	in.Opcode = op
	in.Operands = strings.TrimSpace(operands)
	return in, true
}

// stripComments removes "/* ... */" comments and a trailing "// ..." comment.
// An unterminated "/*" drops the rest of the line.
func stripComments(s string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, "/*")
		j := strings.Index(s, "//")
		if j >= 0 && (i < 0 || j < i) {
			b.WriteString(s[:j])
			return b.String()
		}
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		end := strings.Index(s[i+2:], "*/")
		if end < 0 {
			return b.String()
		}
		b.WriteByte(' ')
		s = s[i+2+end+2:]
	}
}
