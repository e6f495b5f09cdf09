package analyze

import (
	"strings"

	"github.com/gpuarch/gpuarch/sass"
)

// memOp says what a memory instruction moves.
type memOp struct {
	// space is "global" or "shared".
	space string
	store bool
	// returns marks an atomic whose old value (or, for a shared
	// compare-and-store, its success) a register receives (ATOMG, ATOMS
	// with a destination other than RZ): a store that the warp may wait
	// on as on a load.
	returns bool
	// bytes is per lane.
	bytes int
}

// atomicReturns reports whether atomic in writes its old value to a
// register: its first operand after any predicate is a register other
// than RZ.
func atomicReturns(in sass.Instruction) bool {
	for _, f := range strings.Split(in.Operands, ",") {
		f = strings.TrimSpace(f)
		if f == "PT" || (len(f) > 1 && f[0] == 'P' && f[1] >= '0' && f[1] <= '9') || strings.HasPrefix(f, "!P") {
			continue
		}
		return strings.HasPrefix(f, "R") && f != "RZ"
	}
	return false
}

// memoryOp classifies in as a load or store, false for other
// instructions. Generic LD/ST are taken as global, local LDL/STL as
// global (they go through the L1), LDGSTS as a global load.
func memoryOp(in sass.Instruction) (memOp, bool) {
	var op memOp
	switch in.Base() {
	case "LDG", "LD", "LDL", "LDGSTS":
		op = memOp{space: "global"}
	case "STG", "ST", "STL", "RED", "REDG", "ATOMG", "ATOM":
		op = memOp{space: "global", store: true}
	case "LDS", "LDSM":
		op = memOp{space: "shared"}
	case "STS", "ATOMS":
		op = memOp{space: "shared", store: true}
	default:
		return memOp{}, false
	}
	if b := in.Base(); b == "ATOMG" || b == "ATOM" || b == "ATOMS" {
		op.returns = atomicReturns(in)
	}
	op.bytes = 4
	mods := strings.Split(in.Opcode, ".")[1:]
	for _, m := range mods {
		switch m {
		case "U8", "S8":
			op.bytes = 1
		case "U16", "S16":
			op.bytes = 2
		case "64":
			op.bytes = 8
		case "128":
			op.bytes = 16
		}
	}
	if in.Base() == "LDSM" && len(mods) > 0 {
		// LDSM.16.M88.4: four 8×8 matrices of 16-bit values, 16 bytes a lane.
		op.bytes = 4
		switch mods[len(mods)-1] {
		case "2":
			op.bytes = 8
		case "4":
			op.bytes = 16
		}
	}
	return op, true
}

// indexedConstant reports whether in reads constant memory at an address
// held in a register (LDC R4, c[0x3][R4]): each lane its own index, which
// the constant cache serves one distinct address at a time.
func indexedConstant(in sass.Instruction) bool {
	return in.Base() == "LDC" && strings.Contains(in.Operands, "][R") && !strings.Contains(in.Operands, "][RZ")
}
