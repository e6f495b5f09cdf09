package sass

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// ParseInstruction parses one instruction as Instruction.String prints it
// (and nvdisasm, after the offset): "@!P0 FFMA R4, R4, R14.reuse, R15".
func ParseInstruction(s string) (Instruction, error) {
	in, ok := parseInstruction(s)
	if !ok {
		return Instruction{}, fmt.Errorf("not a SASS instruction: %q", s)
	}
	return in, nil
}

// File is a register file.
type File string

// Register files an operand can name.
const (
	General        File = "R"  // per-thread 32-bit registers
	Uniform        File = "UR" // per-warp uniform registers
	Predicate      File = "P"  // per-thread predicates
	UniformPredict File = "UP" // per-warp uniform predicates
)

// Reg is one register.
type Reg struct {
	File  File
	Index int
}

func (r Reg) String() string { return string(r.File) + strconv.Itoa(r.Index) }

// Source is a register an instruction reads, and whether ptxas marked it
// .reuse: read from the operand reuse cache, not the register file.
type Source struct {
	Reg
	Reuse bool
}

// Use is what an instruction writes and reads. The zero registers (RZ,
// URZ, PT, UPT) are neither; a 64-bit operand is both registers of its
// pair.
type Use struct {
	Writes []Reg
	Reads  []Source
}

// regOperand matches a register operand with its decorations: "-R5",
// "|R3|", "!P0", "R14.reuse", "R2.H1", "UR4", "RZ", "PT".
var regOperand = regexp.MustCompile(`^[-!~|]*(UR|UP|R|P)([0-9]+|Z|T)((?:\.[A-Za-z0-9_]+)*)\|?$`)

// noDestination are base opcodes whose operands are all read: stores,
// branches, barriers.
var noDestination = map[string]bool{
	"BRA": true, "BRX": true, "JMP": true, "CALL": true, "RET": true, "EXIT": true, "BAR": true, "NOP": true,
	"ST": true, "STG": true, "STS": true, "STL": true, "RED": true, "REDG": true, "MEMBAR": true, "WARPSYNC": true,
	"BSYNC": true, "BSSY": true, "DEPBAR": true, "ERRBAR": true, "CCTL": true, "YIELD": true,
}

// predicateFirst are base opcodes whose destinations are a predicate
// then a register or predicate: SHFL.UP PT, R4, R9, 0x1, RZ writes PT
// (lane in range) and R4; PLOP3.LUT P0, PT, ... writes two predicates.
var predicateFirst = map[string]bool{"SHFL": true, "PLOP3": true}

// wideOps are base opcodes whose register operands are all 64-bit pairs.
var wideOps = map[string]bool{"DFMA": true, "DADD": true, "DMUL": true, "DMNMX": true, "DSETP": true}

// Use returns the registers the instruction writes and reads, from the
// convention nvdisasm prints: destinations first (two predicates for
// the SETP family; a register followed by the predicates it sets, as
// IADD3's carries), sources after. The guard predicate is read. Wide
// operands are known for the FP64 arithmetic (every operand a pair),
// .WIDE multiplies and CS2R (the destination a pair); conversions to or
// from 64-bit types are taken as 32-bit.
func (i Instruction) Use() Use {
	var u Use
	if p := strings.TrimPrefix(strings.TrimPrefix(i.Predicate, "@"), "!"); p != "" {
		if r, _, ok := parseReg(p); ok {
			u.Reads = append(u.Reads, Source{Reg: r})
		}
	}
	base := i.Base()
	wide := wideOps[base]
	// CS2R without .32 reads a 64-bit special register into a pair
	// (CS2R R10, SRZ zeroes R10 and R11).
	wideDst := wide || strings.Contains(i.Opcode, ".WIDE") || base == "CS2R" && !strings.Contains(i.Opcode, ".32")
	var toks []string
	if strings.TrimSpace(i.Operands) != "" {
		toks = strings.Split(i.Operands, ",")
	}
	dsts := 0
	switch {
	case noDestination[base]:
	case strings.HasSuffix(base, "SETP"), predicateFirst[base]:
		dsts = 2
	default:
		dsts = 1
		// Predicates right after the destination are written too
		// (IADD3 R6, P0, P1, R6, R7, RZ).
		for k := 1; k < len(toks); k++ {
			t := strings.TrimSpace(toks[k])
			if r, _, ok := parseReg(t); !zeroPredicate(t) && (!ok || r.File != Predicate) {
				break
			}
			dsts++
		}
	}
	for k, t := range toks {
		t = strings.TrimSpace(t)
		r, reuse, ok := parseReg(t)
		if !ok {
			continue
		}
		if k < dsts {
			u.Writes = append(u.Writes, r)
			if wideDst && (r.File == General || r.File == Uniform) {
				u.Writes = append(u.Writes, Reg{File: r.File, Index: r.Index + 1})
			}
			continue
		}
		u.Reads = append(u.Reads, Source{Reg: r, Reuse: reuse})
		if wide && (r.File == General || r.File == Uniform) {
			u.Reads = append(u.Reads, Source{Reg: Reg{File: r.File, Index: r.Index + 1}, Reuse: reuse})
		}
	}
	return u
}

func zeroPredicate(t string) bool {
	t = strings.TrimLeft(strings.TrimSpace(t), "!")
	return t == "PT" || t == "UPT"
}

// parseReg parses a register operand; the zero registers and anything that
// is not a register (immediates, constant-bank operands, special
// registers) give ok false.
func parseReg(t string) (r Reg, reuse, ok bool) {
	m := regOperand.FindStringSubmatch(t)
	if m == nil || m[2] == "Z" || m[2] == "T" {
		return Reg{}, false, false
	}
	n, err := strconv.Atoi(m[2])
	if err != nil {
		return Reg{}, false, false
	}
	return Reg{File: File(m[1]), Index: n}, strings.Contains(m[3], ".reuse"), true
}

// RegisterBanks is the register file's banks per scheduler since Volta:
// two, a register's bank being its index's parity (Jia et al.,
// "Dissecting the NVIDIA Volta GPU Architecture via Microbenchmarking",
// 2018).
const RegisterBanks = 2

// BankReads is the most general registers the instruction reads from the
// register file (not the reuse cache) in any one of banks banks, a
// register's bank being its index modulo banks: the read cycles it needs
// if each bank delivers one operand a cycle.
func (u Use) BankReads(banks int) int {
	if banks < 1 {
		banks = 1
	}
	per := make([]int, banks)
	seen := map[int]bool{}
	for _, s := range u.Reads {
		if s.File != General || s.Reuse || seen[s.Index] {
			continue
		}
		seen[s.Index] = true
		per[s.Index%banks]++
	}
	most := 0
	for _, n := range per {
		most = max(most, n)
	}
	return most
}
