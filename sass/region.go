package sass

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// IsClockRead reports whether the instruction reads the SM cycle counter:
// CS2R, S2R or S2UR with SR_CLOCKLO or SR_CLOCKHI as source. clock64() on
// sm_70 and later compiles to "CS2R R4, SR_CLOCKLO ;"; clock() to
// "CS2R.32 R4, SR_CLOCKLO ;" or an S2R. %globaltimer (SR_GLOBALTIMERLO) is
// not the SM clock and does not count.
func (i Instruction) IsClockRead() bool {
	switch i.Base() {
	case "CS2R", "S2R", "S2UR":
		return strings.Contains(i.Operands, "SR_CLOCK")
	}
	return false
}

// ClockRegion returns the instructions strictly between the first and the
// last clock read of the function (see [Instruction.IsClockRead]); clock
// reads in between are part of the region. ok is false when the function
// reads the clock fewer than two times.
func (f *Function) ClockRegion() (instrs []Instruction, ok bool) {
	first, last := -1, -1
	for i, in := range f.Instructions {
		if in.IsClockRead() {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 || first == last {
		return nil, false
	}
	return slices.Clone(f.Instructions[first+1 : last]), true
}

// LoopBody returns the body of the loop closed by the last backward branch
// of the function: the instructions from the branch target up to, and not
// including, the BRA itself. A branch is backward when its target offset is
// below its own; a BRA to itself (the trap nvdisasm prints after EXIT) is
// not a loop, nor is a branch guarded by @!PT (never taken). ok is false when
// there is no backward branch, or when its target cannot be resolved.
//
// With nested loops, the last backward branch in program order usually
// closes the outer loop, so its body contains the inner one.
func (f *Function) LoopBody() (instrs []Instruction, ok bool) {
	for i := len(f.Instructions) - 1; i >= 0; i-- {
		br := f.Instructions[i]
		if br.Base() != "BRA" || br.Predicate == "@!PT" {
			continue
		}
		target, ok := f.BranchTarget(br)
		if !ok || target >= br.Offset {
			continue
		}
		var body []Instruction
		for _, in := range f.Instructions[:i] {
			if in.Offset >= target {
				body = append(body, in)
			}
		}
		return body, true
	}
	return nil, false
}

// branchOperand matches the label of a branch: "`(.L_x_3)" or "(.L_3)".
var branchOperand = regexp.MustCompile("`?\\(([^()]+)\\)")

// BranchTarget resolves the target offset of a branch, printed as a label
// ("BRA `(.L_x_3) ;", "BRA.U !UP0, `(.L_x_2) ;") or, by cuobjdump, as an
// offset ("BRA 0x100 ;").
func (f *Function) BranchTarget(br Instruction) (int, bool) {
	if m := branchOperand.FindAllStringSubmatch(br.Operands, -1); m != nil {
		off, ok := f.Labels[strings.TrimSpace(m[len(m)-1][1])]
		return off, ok
	}
	fields := strings.Split(br.Operands, ",")
	last := strings.TrimSpace(fields[len(fields)-1])
	if off, ok := f.Labels[last]; ok {
		return off, true
	}
	if hex, ok := strings.CutPrefix(last, "0x"); ok {
		off, err := strconv.ParseInt(hex, 16, 32)
		return int(off), err == nil
	}
	return 0, false
}
