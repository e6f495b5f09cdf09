package analyze

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/gpuarch/gpuarch/sass"
)

// laneStrides reads, for each shared-memory access of a function, how
// many bytes apart consecutive lanes' addresses are, where the listing
// shows it: it follows each register as lane × k + a value uniform over
// the warp, from S2R SR_TID.X or SR_LANEID (k = 1) through moves, adds,
// shifts, LEA and AND masks that keep a lane's bits, in program order
// (a loop's induction registers keep the k their preamble gave them). A
// register written any other way is unknown, and so is an access whose
// address reads one. The map is keyed by instruction offset.
func laneStrides(ins []sass.Instruction) map[int]int64 {
	k := map[string]int64{}
	val := func(op string) (int64, bool) {
		op = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(op), ".reuse"))
		switch {
		case op == "RZ" || strings.HasPrefix(op, "UR") || strings.HasPrefix(op, "c["):
			return 0, true
		case strings.HasPrefix(op, "-") || strings.HasPrefix(op, "~") || strings.HasPrefix(op, "|"):
			return 0, false
		case regReg.MatchString(op):
			v, ok := k[op]
			return v, ok
		}
		if _, err := strconv.ParseInt(op, 0, 64); err == nil {
			return 0, true
		}
		return 0, false
	}
	imm := func(op string) (int64, bool) {
		v, err := strconv.ParseInt(strings.TrimSpace(op), 0, 64)
		return v, err == nil
	}
	out := map[int]int64{}
	for _, in := range ins {
		ops := strings.Split(in.Operands, ",")
		if op, ok := memoryOp(in); ok && op.space == "shared" {
			if s, ok := addressStride(in.Operands, val); ok {
				out[in.Offset] = s
			}
			if op.store {
				continue
			}
		}
		if len(ops) == 0 || !regReg.MatchString(strings.TrimSpace(ops[0])) {
			continue
		}
		dst := strings.TrimSpace(ops[0])
		src := ops[1:]
		v, ok := int64(0), false
		arg := func(i int) (int64, bool) {
			if i >= len(src) {
				return 0, false
			}
			return val(src[i])
		}
		switch {
		case in.Opcode == "S2R" && len(src) == 1:
			switch s := strings.TrimSpace(src[0]); {
			case s == "SR_TID.X" || s == "SR_LANEID":
				v, ok = 1, true
			case strings.HasPrefix(s, "SR_CTAID"):
				v, ok = 0, true
			}
		case in.Opcode == "MOV" && len(src) >= 1:
			v, ok = arg(0)
		case in.Opcode == "IMAD.MOV.U32" && len(src) == 3:
			a, oka := arg(0)
			b, okb := arg(1)
			c, okc := arg(2)
			v, ok = c, oka && okb && okc && a == 0 && b == 0
		case in.Opcode == "SHF.L.U32" && len(src) == 3:
			a, oka := arg(0)
			s, oks := imm(src[1])
			v, ok = a<<s, oka && oks && s >= 0 && s < 32
		case in.Opcode == "IMAD.SHL.U32" && len(src) == 3:
			a, oka := arg(0)
			s, oks := imm(src[1])
			v, ok = a*s, oka && oks
		case in.Opcode == "LEA" && len(src) == 3:
			a, oka := arg(0)
			b, okb := arg(1)
			s, oks := imm(src[2])
			v, ok = a<<s+b, oka && okb && oks && s >= 0 && s < 32
		case (in.Opcode == "IADD3" || in.Opcode == "VIADD" || in.Opcode == "IMAD.IADD") && len(src) >= 2:
			ok = true
			for i := range src {
				a, oka := arg(i)
				v, ok = v+a, ok && oka
			}
		case in.Opcode == "LOP3.LUT" && len(src) == 5 && strings.TrimSpace(src[3]) == "0xc0" && strings.TrimSpace(src[2]) == "RZ":
			// a AND mask: the lanes' bits survive when the mask
			// keeps the 5 bits a lane index moves.
			a, oka := arg(0)
			mask, okm := imm(src[1])
			v, ok = a, oka && okm && (a == 0 || mask&(31*a) == 31*a)
		}
		if ok && in.Predicate == "" {
			k[dst] = v
		} else {
			delete(k, dst)
		}
	}
	return out
}

var (
	regReg  = regexp.MustCompile(`^R[0-9]+$`)
	bracket = regexp.MustCompile(`\[([^\]]*)\]`)
)

// addressStride is the lane coefficient of the registers inside an
// operand list's last bracketed address.
func addressStride(operands string, val func(string) (int64, bool)) (int64, bool) {
	m := bracket.FindAllStringSubmatch(operands, -1)
	if len(m) == 0 {
		return 0, false
	}
	sum := int64(0)
	for _, term := range strings.Split(m[len(m)-1][1], "+") {
		v, ok := val(term)
		if !ok {
			return 0, false
		}
		sum += v
	}
	return sum, true
}
