package analyze

import (
	"cmp"
	"fmt"
	"maps"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/gpuarch/gpuarch/sass"
)

// What an access reaches over the whole loop: the lane follower
// (laneAddresses) says where a warp's 32 lanes fall in one iteration; the
// reach walker says where every lane of every warp falls over every
// iteration, which is what decides the level that serves it. A load of
// a[(k + lane) & 8191] touches 32 KiB however large the buffer behind a,
// and a gather x[idx[j]] whose indices come from such a window touches at
// most as many lines as the window holds indices, whatever level the
// loop's other data needs (an embedding table's rows picked by a small
// table of ids, a sparse matrix's vector at its column indices).
//
// It is an interval analysis of the registers (each value an interval
// over one kernel parameter or none, widened at the loop heads) with a
// count of distinct values beside it: the number of values a register
// takes over all lanes, iterations and blocks, where bounded (a load's
// value takes at most as many values as the words its address reaches).

// rval is what the reach walker knows of a register: over every lane,
// iteration and block its value is base (a kernel parameter's, the same
// for the whole grid; "" for none) plus something in [lo, hi] where
// bounded, and takes at most distinct values (0: no bound known).
type rval struct {
	base     string
	bounded  bool
	lo, hi   int64
	distinct int64
}

// maxDistinct caps the distinct values counted (beyond it: no bound).
const maxDistinct = int64(1) << 40

func rconst(c int64) rval { return rval{bounded: true, lo: c, hi: c, distinct: 1} }

// rparam is a kernel parameter's value: one value for the grid.
func rparam(name string) rval { return rval{base: name, bounded: true, distinct: 1} }

func (v rval) isConst() (int64, bool) {
	if v.bounded && v.base == "" && v.lo == v.hi {
		return v.lo, true
	}
	return 0, false
}

// product is the distinct values of a function of values with a and b
// distinct values (0: unknown).
func product(a, b int64) int64 {
	if a <= 0 || b <= 0 {
		return 0
	}
	if hi, lo := bits.Mul64(uint64(a), uint64(b)); hi != 0 || lo > uint64(maxDistinct) {
		return 0
	}
	return a * b
}

func radd(a, b rval) rval {
	r := rval{distinct: product(a.distinct, b.distinct)}
	if a.base != "" && b.base != "" {
		return r
	}
	r.base = a.base + b.base
	if a.bounded && b.bounded {
		r.bounded, r.lo, r.hi = true, a.lo+b.lo, a.hi+b.hi
	}
	return r
}

func rneg(a rval) rval {
	r := rval{distinct: a.distinct}
	if a.bounded && a.base == "" {
		r.bounded, r.lo, r.hi = true, -a.hi, -a.lo
	}
	return r
}

// rmul is a × b: exact where one is a constant, an interval where both
// are non-negative intervals of no parameter.
func rmul(a, b rval) rval {
	if _, ok := a.isConst(); ok {
		a, b = b, a
	}
	if c, ok := b.isConst(); ok {
		switch {
		case c == 1:
			return a
		case c == 0:
			return rconst(0)
		}
		r := rval{distinct: a.distinct}
		if a.bounded && a.base == "" {
			r.bounded, r.lo, r.hi = true, a.lo*c, a.hi*c
			if c < 0 {
				r.lo, r.hi = r.hi, r.lo
			}
		}
		return r
	}
	r := rval{distinct: product(a.distinct, b.distinct)}
	if a.bounded && b.bounded && a.base == "" && b.base == "" && a.lo >= 0 && b.lo >= 0 {
		if hi, lo := bits.Mul64(uint64(a.hi), uint64(b.hi)); hi == 0 && lo < 1<<62 {
			r.bounded, r.lo, r.hi = true, a.lo*b.lo, int64(lo)
		}
	}
	return r
}

// rshr is a 32-bit a >> s (logical): a non-negative interval's ends
// shifted, any other value below 2^(32-s).
func rshr(a rval, s int64) rval {
	if s <= 0 || s >= 32 {
		return rval{distinct: a.distinct}
	}
	r := rval{distinct: a.distinct, bounded: true, hi: int64(1)<<(32-s) - 1}
	if a.bounded && a.base == "" && a.lo >= 0 {
		r.lo, r.hi = a.lo>>s, min(r.hi, a.hi>>s)
	}
	return r
}

// rlop is LOP3's result (PTX ISA, lop3: the table indexed by a, b, c as
// 0xF0, 0xCC, 0xAA), bounded bit by bit: a constant's bits are known, a
// non-negative interval's are zero above its top bit, a result bit can be
// one only where some choice of the unknown input bits gives one. Its
// distinct values are at most the product of its inputs'.
func rlop(lut int64, a, b, c rval) rval {
	ops := [3]rval{a, b, c}
	r := rval{distinct: product(product(a.distinct, b.distinct), c.distinct)}
	top := -1
	for bit := 31; bit >= 0 && top < 0; bit-- {
		// For each input: may its bit be 0, may it be 1?
		var may0, may1 [3]bool
		for j, v := range ops {
			switch k, isConst := v.isConst(); {
			case isConst:
				one := k>>bit&1 == 1
				may0[j], may1[j] = !one, one
			case v.bounded && v.base == "" && v.lo >= 0 && v.hi < int64(1)<<32:
				may0[j], may1[j] = true, bits.Len64(uint64(v.hi)) > bit
			default:
				may0[j], may1[j] = true, true
			}
		}
		for idx := range 8 {
			x, y, z := idx>>2&1 == 1, idx>>1&1 == 1, idx&1 == 1
			ok := (x && may1[0] || !x && may0[0]) && (y && may1[1] || !y && may0[1]) && (z && may1[2] || !z && may0[2])
			if ok && lut>>idx&1 == 1 {
				top = bit
				break
			}
		}
	}
	if top < 31 {
		r.bounded, r.lo, r.hi = true, 0, int64(1)<<(top+1)-1
		// Where the result is zero wherever a constant input's bit
		// is (an AND with a mask), its bits are the constant's at
		// most: no larger than it.
		for j, m := range [3]int64{0xf0, 0xcc, 0xaa} {
			if k, ok := ops[j].isConst(); ok && k >= 0 && lut&^m&0xff == 0 {
				r.hi = min(r.hi, k)
			}
		}
	}
	return r
}

// rjoin is a value that is a or b: the intervals' union, the distinct
// values' sum.
func rjoin(a, b rval) rval {
	if a == b {
		return a
	}
	r := rval{}
	if a.distinct > 0 && b.distinct > 0 && a.distinct+b.distinct <= maxDistinct {
		r.distinct = a.distinct + b.distinct
	}
	if a.bounded && b.bounded && a.base == b.base {
		r.base, r.bounded, r.lo, r.hi = a.base, true, min(a.lo, b.lo), max(a.hi, b.hi)
	}
	return r
}

// reachState is the registers' rvals during the walk.
type reachState map[string]rval

// operand is one source operand's rval.
func (s reachState) operand(op string) rval {
	op = strings.TrimSpace(op)
	op = strings.TrimSuffix(op, ".reuse")
	op = strings.TrimSuffix(op, ".64")
	switch {
	case op == "RZ" || op == "URZ":
		return rconst(0)
	case strings.HasPrefix(op, "-"):
		return rneg(s.operand(op[1:]))
	case strings.HasPrefix(op, "~") || strings.HasPrefix(op, "|") || strings.HasPrefix(op, "!"):
		return rval{distinct: s.operand(strings.Trim(op, "~|!")).distinct}
	case regReg.MatchString(op):
		return s[op] // unknown where never written
	}
	if m := constRef.FindStringSubmatch(op); m != nil && m[1] == "0x0" {
		return rparam(op) // a kernel parameter, or the launch's dimensions
	}
	if v, err := strconv.ParseInt(op, 0, 64); err == nil {
		if strings.HasPrefix(op, "0x") && v >= 1<<31 && v < 1<<32 {
			v -= 1 << 32 // a 32-bit immediate, sign-extended
		}
		return rconst(v)
	}
	return rval{}
}

// address is the rval of a memory instruction's address (the last
// bracket's terms summed).
func (s reachState) address(in sass.Instruction) rval {
	terms, ok := addressTerms(in)
	if !ok {
		return rval{}
	}
	sum := rconst(0)
	for _, t := range terms {
		sum = radd(sum, rmul(s.operand(t.operand), rconst(t.scale)))
	}
	return sum
}

// step evaluates one instruction into s.
func (s reachState) step(in sass.Instruction) {
	if first, _, _ := strings.Cut(in.Operands, ","); predReg.MatchString(strings.TrimSpace(first)) && !predicateThenRegister(in) {
		return // a compare: it writes predicates alone
	}
	ops := splitOperands(in.Operands)
	if len(ops) == 0 || !regReg.MatchString(ops[0]) {
		return
	}
	dst, src := ops[0], ops[1:]
	regs := 1
	if strings.Contains(in.Opcode, ".128") {
		regs = 4
	} else if strings.Contains(in.Opcode, ".64") || strings.Contains(in.Opcode, ".WIDE") {
		regs = 2
	}
	var v rval
	pair := rval{}
	if op, isMem := memoryOp(in); isMem {
		// A loaded value takes at most as many values as the
		// words its address reaches (an atomic's old value: no
		// bound).
		switch a := s.address(in); {
		case op.store:
		case a.bounded && op.bytes > 0:
			v.distinct = (a.hi-a.lo)/int64(op.bytes) + 1
		default:
			v.distinct = a.distinct
		}
		pair = v
	} else {
		opc := in.Opcode
		if strings.HasPrefix(dst, "UR") && strings.HasPrefix(opc, "U") {
			opc = opc[1:]
		}
		arg := func(i int) rval {
			if i >= len(src) {
				return rval{}
			}
			return s.operand(src[i])
		}
		imm := func(i int) (int64, bool) { return arg(i).isConst() }
		base, _, _ := strings.Cut(opc, ".")
		switch {
		case (opc == "S2R" || opc == "S2UR") && len(src) == 1:
			switch r := strings.TrimSpace(src[0]); {
			case r == "SR_LANEID":
				v = rval{bounded: true, hi: 31, distinct: 32}
			case strings.HasPrefix(r, "SR_TID."):
				v = rval{bounded: true, hi: 1023, distinct: 1024}
			}
		case (base == "MOV" || base == "MOV32I" || base == "LDC" || base == "LDC.64") && len(src) >= 1:
			v = arg(0)
		case opc == "IMAD.SHL.U32" || opc == "IMAD.SHL":
			v = rmul(arg(0), arg(1))
		case opc == "IMAD.MOV.U32" || opc == "IMAD.MOV" || opc == "IMAD.IADD" || opc == "IMAD" || opc == "IMAD.U32" ||
			opc == "IMAD.LO" || opc == "IMAD.LO.U32" || strings.HasPrefix(opc, "IMAD.WIDE"):
			v = radd(rmul(arg(0), arg(1)), arg(2))
		case base == "IADD3" && !strings.HasPrefix(opc, "IADD3.X") || opc == "VIADD" || opc == "IADD":
			v = rconst(0)
			for i := range src {
				v = radd(v, arg(i))
			}
		case opc == "LEA" && len(src) == 3:
			if sh, ok := imm(2); ok && sh >= 0 && sh < 32 {
				v = radd(rmul(arg(0), rconst(int64(1)<<sh)), arg(1))
			}
		case opc == "LEA.HI" && len(src) == 4 && strings.TrimSpace(src[2]) == "RZ":
			// b + (a >> (32 - sh)): a hash's top bits over a base
			// (C + 1024 + (h >> 22)), as the lane follower reads it.
			if sh, ok := imm(3); ok && sh > 0 && sh < 32 {
				v = radd(rshr(arg(0), 32-sh), arg(1))
			}
		case (opc == "SHF.L.U32" || opc == "SHF.L.W.U32") && len(src) == 3:
			if sh, ok := imm(1); ok && sh >= 0 && sh < 32 {
				v = rmul(arg(0), rconst(int64(1)<<sh))
				v = rlop(0xf0, v, rconst(0), rconst(0)) // a 32-bit result
			}
		case opc == "SHF.R.U32.HI" && len(src) == 3 && strings.TrimSpace(src[0]) == "RZ":
			if sh, ok := imm(1); ok {
				v = rshr(arg(2), sh)
			}
		case opc == "LOP3.LUT" && len(src) >= 4:
			if lut, ok := imm(3); ok {
				v = rlop(lut, arg(0), arg(1), arg(2))
			}
		case base == "SEL" && len(src) >= 2:
			// One of two values, as a predicate picks.
			v = rjoin(arg(0), arg(1))
		default:
			// Not followed: a function of its sources, no bounds; of
			// a predicate's too (splitOperands leaves them out), whose
			// values are not counted.
			v.distinct = 1
			for _, o := range operandList(in)[1:] {
				if o := strings.TrimSpace(o); predReg.MatchString(o) && strings.TrimPrefix(o, "!") != "PT" {
					v.distinct = 0
				}
			}
			for i := range src {
				if strings.HasPrefix(src[i], "SR_") || strings.HasPrefix(src[i], "`") {
					v.distinct = 0
					continue
				}
				v.distinct = product(v.distinct, arg(i).distinct)
			}
		}
		if strings.HasPrefix(opc, "IMAD.WIDE") || opc == "LDC.64" || opc == "LDC" && regs == 2 {
			// The high word of a 64-bit value: a parameter's own,
			// or not followed.
			pair = rval{}
			if p := strings.TrimSpace(src[0]); constRef.MatchString(p) {
				pair = rparam(p + ".hi")
			}
		}
	}
	set := func(r string, x rval) {
		if in.Predicate != "" {
			x = rjoin(s[r], x)
		}
		s[r] = x.bound()
	}
	set(dst, v)
	if n, err := strconv.Atoi(strings.TrimLeft(dst, "UR")); err == nil && regs > 1 {
		p := "R"
		if strings.HasPrefix(dst, "UR") {
			p = "UR"
		}
		for k := 1; k < regs; k++ {
			set(p+strconv.Itoa(n+k), pair)
		}
	}
}

// accessReach walks a function's instructions in order, each of loops
// (first and last instruction offsets) to a fixed point with the values a
// loop changes widened, and gives each memory access's address over
// every lane, iteration and block, keyed by offset.
func accessReach(ins []sass.Instruction, loops [][2]int) map[int]rval {
	out := map[int]rval{}
	s := reachState{}
	heads := map[int]reachState{}
	rounds := map[int]int{}
	written := map[int]map[string]bool{}
	for i := 0; i < len(ins); i++ {
		in := ins[i]
		for _, lp := range loops {
			if _, ok := heads[lp[0]]; !ok && in.Offset == lp[0] {
				heads[lp[0]] = maps.Clone(s)
			}
		}
		if _, ok := memoryOp(in); ok {
			out[in.Offset] = s.address(in)
		}
		s.step(in)
		for _, lp := range loops {
			if in.Offset >= lp[0] && in.Offset <= lp[1] {
				if written[lp[0]] == nil {
					written[lp[0]] = map[string]bool{}
				}
				for _, w := range in.Use().Writes {
					written[lp[0]][w.String()] = true
				}
			}
		}
		for _, lp := range loops {
			if in.Offset != lp[1] {
				continue
			}
			h := heads[lp[0]]
			merged := maps.Clone(h)
			changed := false
			for r, v := range s {
				old := h[r]
				if old == v && !written[lp[0]][r] {
					continue
				}
				m := rjoin(old, v)
				if written[lp[0]][r] {
					// What a register the loop writes takes over
					// all its iterations: the interval's values at
					// most (a count of distinct values does not add
					// up over iterations: a pointer chase's address
					// would count its own loaded values).
					m.distinct = 0
					m = m.bound()
				}
				if rounds[lp[0]] >= 2 {
					m = rval{} // widened: it keeps changing
				}
				if m != old {
					merged[r], changed = m, true
				}
			}
			if changed && rounds[lp[0]] < 4 {
				rounds[lp[0]]++
				heads[lp[0]] = merged
				s = maps.Clone(merged)
				i = instructionAt(ins, lp[0]) - 1 // walk the loop again
			}
		}
	}
	return out
}

// reachBytes is the bytes access la of width bytes a lane reaches over
// the whole loop: its addresses' interval, or where only their count is
// bounded, the lines of one warp request for each of its distinct
// addresses' warp requests (distinct over the lanes' distinct offsets;
// a line each where the lanes are not followed); ok false where neither
// is known.
func reachBytes(la laneAccess, width int) (int64, bool) {
	a := la.reach
	switch {
	case a.bounded && (a.base != "" || a.lo >= 0):
		return a.hi - a.lo + int64(width), true
	case a.distinct > 0 && a.distinct <= maxDistinct/128:
		if !la.known {
			return 128 * a.distinct, true
		}
		offs := map[int64]bool{}
		lines := map[int64]bool{}
		for _, o := range la.offsets {
			offs[o] = true
			for b := o &^ 127; b < o+int64(width); b += 128 {
				lines[b] = true
			}
		}
		requests := (a.distinct + int64(len(offs)) - 1) / int64(len(offs))
		return requests * int64(len(lines)) * 128, true
	}
	return 0, false
}

// bound narrows v's distinct values to its interval's.
func (v rval) bound() rval {
	if v.bounded && (v.distinct <= 0 || v.distinct > v.hi-v.lo+1) && v.hi-v.lo < maxDistinct {
		v.distinct = v.hi - v.lo + 1
	}
	return v
}

// levelOf is the level that serves global access i under the loop's
// assumed level: the L2 for a load around the L1 where the L1 is assumed;
// the L1 for a load through it whose whole loop's
// addresses (reachBytes) fit the L1's measured capacity, the L2 for one
// that fits the L2's, else level. Accesses not followed keep level.
func (lm *loopModel) levelOf(i int, level string) string {
	op := lm.mem[i]
	if op != nil && op.space == "global" && level == "L1" && bypassesL1(lm.body[i]) {
		// ld.global.cg (LDG.E.CG), .volatile, the strong loads and
		// cp.async.cg (LDGSTS.E.BYPASS) bypass the L1 whatever the
		// footprint: the L2 serves them.
		return "L2"
	}
	if op == nil || op.space != "global" || level == "L1" || level == "shared" {
		return level
	}
	if !op.store && cachedLoad(lm.body[i]) && lm.neighbour(i) >= 0 {
		return "L1"
	}
	if g, ok := lm.gridNeighbour(i); ok && level == "DRAM" && g.inL2 {
		return "L2"
	}
	bytes, ok := reachBytes(lm.lanes[lm.body[i].Offset], op.bytes)
	if !ok {
		return level
	}
	switch l1, l2 := lm.m.Levels["L1"], lm.m.Levels["L2"]; {
	case !op.store && cachedLoad(lm.body[i]) && l1.CapacityBytes > 0 && float64(bytes) <= l1.CapacityBytes:
		return "L1"
	case level == "DRAM" && l2.CapacityBytes > 0 && float64(bytes) <= l2.CapacityBytes:
		return "L2"
	}
	return level
}

// neighbour is the index of an earlier load of the loop's body whose lines
// global load i reads again in the same iteration, -1 for none: both
// through the L1, their addresses one unknown base apart by less than a
// line (a stencil's in[i-1], in[i], in[i+1]), with the same lanes'
// offsets. What the first brings into the L1 serves the second: on the
// lines the earlier loads touch, the sectors they read; on the lines
// beyond, the next warp's of the block, which reads them in the same
// iteration.
//
// Where the block is one warp (blockWarps), no other warp reads the
// sectors beyond the earlier loads': a load that reads any such sector
// is served by the level, not the L1 (a 15-tap filter's x[j + 1] to
// x[j + 7] beside x[j - 7]'s, at one warp an SM, reach the next line).
func (lm *loopModel) neighbour(i int) int {
	covered, first := lm.earlierSectors(i, func(j int) bool {
		op := lm.mem[j]
		return op != nil && !op.store && op.space == "global" && cachedLoad(lm.body[j])
	})
	if first < 0 {
		return first
	}
	touched := map[int64]bool{} // the covered sectors' lines
	for s := range covered {
		touched[s>>2] = true
	}
	// On the lines the earlier loads touch, the L1 holds the sectors
	// they read, no others: a line's other sectors come from the level
	// (an array of 64-byte structures, one field read and then another
	// of the same lanes' structures, in the other sector of each
	// half-line). On lines they do not touch, a block of several warps
	// is taken to have them from the next warp's loads (a stencil's
	// in[i + 1] reaching the line in[i] reads in the next warp); a
	// one-warp block has no such warp.
	several := lm.sectorWarps() != 1
	for s := range lm.namedSectors(i) {
		if covered[s] {
			continue
		}
		if !several || touched[s>>2] {
			return -1
		}
	}
	return first
}

// earlierSectors is the sectors (namedSectors) that the accesses before
// i in the body which keep selects and which read or write i's lines
// (sameLines) touch together, and the first of those accesses, -1 for
// none.
func (lm *loopModel) earlierSectors(i int, keep func(j int) bool) (map[int64]bool, int) {
	first := -1
	covered := map[int64]bool{}
	for j := range i {
		if !keep(j) || !lm.sameLines(j, i) {
			continue
		}
		if first < 0 {
			first = j
		}
		for s := range lm.namedSectors(j) {
			covered[s] = true
		}
	}
	return covered, first
}

// sectorWarps is the warps of a block on the SM at the warps predicted
// (lm.warps, at most blockWarps), 0 before predict sets them.
func (lm *loopModel) sectorWarps() int {
	bw := lm.warps
	if lm.blockWarps > 0 {
		bw = min(bw, lm.blockWarps)
	}
	return bw
}

// namedSectors is the 32-byte sectors access i reads, numbered from its
// named base (laneAccess.iterSym, taken 128-byte aligned): comparable
// between accesses of one name.
func (lm *loopModel) namedSectors(i int) map[int64]bool {
	la, ok := lm.lanes[lm.body[i].Offset]
	op := lm.mem[i]
	if !ok || op == nil {
		return map[int64]bool{}
	}
	return la.sectorsAt(la.iterOff, op.bytes)
}

// sectorsAt is the 32-byte sectors the lanes' words of width bytes
// cover, their offsets displaced by off (numbered from off's base).
func (la laneAccess) sectorsAt(off int64, width int) map[int64]bool {
	out := map[int64]bool{}
	for _, o := range la.offsets {
		for b := int64(0); b < int64(width); b += 4 {
			out[(off+o+b)>>5] = true
		}
	}
	return out
}

// gridShare is what gridNeighbour finds of a global load.
type gridShare struct {
	// fresh is the share of the load's lines its SM does not already
	// read in the iteration through an earlier load of the group: the
	// rest are in the L1.
	fresh float64
	// inL2 says an earlier load of the group reads the same lines of
	// the grid's stream close enough before (or after) that the L2
	// holds them: the load's misses are served there, not by the
	// DRAM.
	inL2 bool
}

// gridNeighbour is what global load i shares with the other loads of
// its group: the loads through the L1 of one iteration whose lanes read
// consecutive words of their width on one named base (laneAccess.iterSym)
// at different offsets, an index that differs from warp to warp and
// from block to block (a stencil's in[j ± row], in[j ± plane]). The
// index is taken as a grid-stride loop's (each warp's 32 words follow
// the previous warp's, each block's warps the previous block's), so
// that what load i reads at offset d, the group's load at offset e
// reads in the same iteration in the warp (d - e) bytes on: within the
// SM's stretch (its block's warps × 32 words) from the L1, beyond it
// another SM's. fresh is the share of load i's stretch on the SM that
// no earlier load of the group covers; inL2 holds where an earlier one
// reads its lines at most half the L2's measured capacity away in the
// grid's stream. ok is false for loads outside any group, for the
// group's first load, and for those that share lines within one
// request (neighbour).
func (lm *loopModel) gridNeighbour(i int) (gridShare, bool) {
	op := lm.mem[i]
	if op == nil || op.store || op.space != "global" || !cachedLoad(lm.body[i]) || lm.warps <= 0 || lm.neighbour(i) >= 0 {
		return gridShare{}, false
	}
	la, ok := lm.lanes[lm.body[i].Offset]
	if !ok || la.iterSym == 0 || !la.warp || !la.block {
		return gridShare{}, false
	}
	if s, ok := la.stride(); !ok || s != int64(op.bytes) || !la.warpKnown || la.warpStride != 32*s {
		return gridShare{}, false
	}
	stretch := int64(lm.sectorWarps()) * 32 * int64(op.bytes)
	// sectors is a stretch from offset d as 32-byte sectors of the
	// named base (taken 128-byte aligned).
	sectors := func(d int64) [2]int64 { return [2]int64{d >> 5, (d + stretch + 31) >> 5} }
	// covered is the earlier loads' stretches' sectors.
	var covered [][2]int64
	var near bool
	l2 := lm.m.Levels["L2"].CapacityBytes
	for j := range i {
		oj := lm.mem[j]
		if oj == nil || oj.store || oj.space != "global" || !cachedLoad(lm.body[j]) || oj.bytes != op.bytes {
			continue
		}
		lj, ok := lm.lanes[lm.body[j].Offset]
		if !ok || lj.iterSym != la.iterSym || lj.offsets != la.offsets || lm.body[j].Offset == lm.body[i].Offset {
			continue
		}
		if lm.sameLines(j, i) {
			return gridShare{}, false // within a request's lines: neighbour's
		}
		covered = append(covered, sectors(lj.iterOff))
		if d := la.iterOff - lj.iterOff; l2 > 0 && float64(2*max(d, -d)) <= l2 {
			near = true
		}
	}
	if len(covered) == 0 {
		return gridShare{}, false
	}
	mine := sectors(la.iterOff)
	own := uncovered(mine[0], mine[1], covered)
	return gridShare{fresh: float64(own) / float64(mine[1]-mine[0]), inL2: near}, true
}

// uncovered is how much of [lo, hi) none of the intervals covers.
func uncovered(lo, hi int64, cover [][2]int64) int64 {
	cs := slices.Clone(cover)
	slices.SortFunc(cs, func(a, b [2]int64) int { return cmp.Compare(a[0], b[0]) })
	free, at := int64(0), lo
	for _, c := range cs {
		if c[1] <= at {
			continue
		}
		if c[0] >= hi {
			break
		}
		if c[0] > at {
			free += c[0] - at
		}
		at = max(at, c[1])
		if at >= hi {
			return free
		}
	}
	return free + max(0, hi-at)
}

// sameLines reports whether accesses j and i of the body are, within one
// iteration, on one named base with the same lanes' offsets and less
// than a line apart, or on one named hash (laneAccess.hsym) less than
// half a line apart: i reads lines j read (or the block's next warp's).
func (lm *loopModel) sameLines(j, i int) bool {
	if lm.body[j].Offset == lm.body[i].Offset {
		return false // one instruction in two trips of a nested loop: its counter moved
	}
	la, oki := lm.lanes[lm.body[i].Offset]
	lj, okj := lm.lanes[lm.body[j].Offset]
	if oki && okj && la.scattered && lj.scattered && la.hsym != 0 && la.hsym == lj.hsym {
		// One hash's lanes, a few bytes apart: each lane's word on its
		// line in the other unless it lies in the line's last d
		// bytes (img[b + 1] beside img[b]: 31 lanes in 32), taken as
		// the same lines where most lanes are (d under half a line).
		d := la.hoff - lj.hoff
		return d > -64 && d < 64
	}
	if !oki || !okj || la.iterSym == 0 || lj.iterSym != la.iterSym || lj.offsets != la.offsets {
		return false
	}
	d := la.iterOff - lj.iterOff
	return d > -128 && d < 128
}

// text says how an address's reach is bounded.
func (v rval) text() string {
	if v.bounded && (v.base != "" || v.lo >= 0) {
		return "an interval of addresses"
	}
	return fmt.Sprintf("at most %d distinct addresses: its index is loaded from a window of that many words", v.distinct)
}
