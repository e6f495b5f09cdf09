package analyze

import (
	"strings"

	"github.com/gpuarch/gpuarch/sass"
)

// maxTrips caps the trip counts TripCount reports: an inner loop taken
// more often than that is left to be predicted as a loop of its own.
const maxTrips = 64

// TripCount is how many times innermost loop lp runs its body each time
// it is entered, where the analysis can tell: the loop leaves by its one
// latch's conditional branch on an integer comparison (ISETP) of a
// counter with zero or a constant; the counter changes once an iteration
// by a constant (an add, a shift by a constant: st >>= 1 halves it);
// and it starts from a constant or from the block's size (blockDim.x,
// threads) shifted or offset by constants, set before the loop. The
// classic tree reduction over a block (for st = blockDim.x/2; st > 0;
// st >>= 1) runs log2(threads) times. ok is false for other loops (a
// bound loaded or computed from data, a counter changed twice) and for
// counts beyond maxTrips.
func (g *Graph) TripCount(lp Loop, threads int) (int, bool) {
	if !lp.Innermost || len(lp.Latches) != 1 || threads <= 0 {
		return 0, false
	}
	f := g.Func
	latch := g.Blocks[lp.Latches[0]]
	br := f.Instructions[latch.Last]
	if br.Base() != "BRA" || br.Predicate == "" || br.Predicate == "@PT" {
		return 0, false
	}
	pred := strings.TrimPrefix(strings.TrimPrefix(br.Predicate, "@"), "!")
	takenIf := !strings.HasPrefix(br.Predicate, "@!")
	// The loop's instructions in program order, the branch last.
	var body []int
	for _, b := range lp.Blocks {
		for i := g.Blocks[b].First; i <= g.Blocks[b].Last; i++ {
			body = append(body, i)
		}
	}
	if body[len(body)-1] != latch.Last {
		return 0, false
	}
	// The comparison: the last instruction before the branch that
	// writes its predicate.
	cmpAt := -1
	for k := len(body) - 2; k >= 0; k-- {
		if in := f.Instructions[body[k]]; writesPredicate(in, pred) {
			cmpAt = k
			break
		}
	}
	if cmpAt < 0 {
		return 0, false
	}
	cmp := f.Instructions[body[cmpAt]]
	ops := operandList(cmp)
	if cmp.Base() != "ISETP" || cmp.Predicate != "" || len(ops) != 5 || ops[1] != "PT" || ops[4] != "PT" {
		return 0, false
	}
	// The counter: the register operand the loop changes; the bound:
	// a constant, or a register the loop does not write whose value
	// on entry is known (the block's size).
	writes := func(r string) int {
		n := 0
		for _, i := range body {
			if writesRegister(f.Instructions[i], r) {
				n++
			}
		}
		return n
	}
	// The count is the most any thread of the block runs (a counter
	// from the warp index, j = tid/32; j < 32; j += warps, runs 32/warps
	// times in each warp): the first and last lane of every warp.
	most := 0
	for w := 0; w < (threads+31)/32; w++ {
		for _, lane := range []int{0, 31} {
			n, ok := g.trips(lp, body, cmpAt, takenIf, writes, threads, uint32(32*w+lane))
			if !ok {
				n, ok = g.simulatedTrips(lp, body, cmpAt, takenIf, threads, uint32(32*w+lane))
			}
			if !ok {
				return 0, false
			}
			most = max(most, n)
		}
	}
	return most, most > 0
}

// trips is TripCount for the thread of index tid.
func (g *Graph) trips(lp Loop, body []int, cmpAt int, takenIf bool, writes func(string) int, threads int, tid uint32) (int, bool) {
	f := g.Func
	cmp := f.Instructions[body[cmpAt]]
	ops := operandList(cmp)
	known := func(r string) (uint32, bool) { return g.valueBefore(lp.StartOffset, r, threads, tid, 8) }
	counter, bound, counterFirst := "", int64(0), true
	for side, o := range ops[2:4] {
		other := ops[3-side]
		if !isRegister(o) || writes(o) != 1 {
			continue
		}
		if v, ok := constantOperand(other); ok {
			counter, bound, counterFirst = o, v, side == 0
			break
		}
		if isRegister(other) && writes(other) == 0 {
			if v, ok := known(other); ok {
				counter, bound, counterFirst = o, int64(v), side == 0
				break
			}
		}
	}
	if counter == "" {
		return 0, false
	}
	invariant := func(r string) (uint32, bool) {
		if writes(r) != 0 {
			return 0, false
		}
		return known(r)
	}
	stepAt, step := -1, func(v uint32) uint32 { return v }
	for k, i := range body {
		in := f.Instructions[i]
		if !writesRegister(in, counter) {
			continue
		}
		s, ok := counterStep(in, counter, invariant)
		if stepAt >= 0 || !ok {
			return 0, false
		}
		stepAt, step = k, s
	}
	if stepAt < 0 {
		return 0, false
	}
	start, ok := known(counter)
	if !ok {
		return 0, false
	}
	v := start
	for n := 1; n <= maxTrips; n++ {
		before := v
		v = step(v)
		c := v
		if cmpAt < stepAt {
			c = before
		}
		a, b := int64(c), bound
		if !counterFirst {
			a, b = bound, int64(c)
		}
		if compare(cmp.Opcode, a, b) != takenIf {
			return n, true
		}
	}
	return 0, false
}

// operandList splits an instruction's operands.
func operandList(in sass.Instruction) []string {
	if in.Operands == "" {
		return nil
	}
	ops := strings.Split(in.Operands, ",")
	for i := range ops {
		ops[i] = strings.TrimSpace(ops[i])
	}
	return ops
}

// isRegister reports whether o is a general or uniform register (R0,
// UR4), not RZ or URZ.
func isRegister(o string) bool { return regReg.MatchString(o) }

// constantOperand is the value of RZ (URZ) or an integer immediate, as
// the lane evaluator reads operands.
func constantOperand(o string) (int64, bool) {
	v := laneState{}.operand(o, false)
	if !v.ok || !v.known || !v.uniform() {
		return 0, false
	}
	return v.base + v.d[0], true
}

// writesPredicate reports whether in sets predicate p (its first
// destination).
func writesPredicate(in sass.Instruction, p string) bool {
	ops := operandList(in)
	return len(ops) > 0 && ops[0] == p && strings.HasSuffix(in.Base(), "SETP")
}

// writesRegister reports whether in writes register or predicate r: a
// destination, or another register of the pair a 64-bit result fills
// (sass.Use: CS2R R10, SRZ zeroes R10 and R11).
func writesRegister(in sass.Instruction, r string) bool {
	if strings.HasPrefix(in.Base(), "ST") || in.Base() == "BRA" {
		return false
	}
	for _, w := range in.Use().Writes {
		if w.String() == r {
			return true
		}
	}
	return false
}

// counterStep is how in, unpredicated, changes counter r: r = r >> c or
// r << c (SHF), r = r + c (IADD3, VIADD, with a constant or a register
// the loop does not change whose value invariant knows), r = r + (x >>
// (32 - s)) (LEA.HI with RZ: j += blockDim.x / 32).
func counterStep(in sass.Instruction, r string, invariant func(string) (uint32, bool)) (func(uint32) uint32, bool) {
	if in.Predicate != "" {
		return nil, false
	}
	ops := operandList(in)
	for i := range ops {
		ops[i] = operandName(ops[i])
	}
	opc := in.Opcode
	if strings.HasPrefix(r, "UR") {
		opc = strings.TrimPrefix(opc, "U") // USHF, UIADD3 on a uniform counter
	}
	switch {
	case opc == "SHF.R.U32.HI" && len(ops) == 4 && ops[1] == "RZ" && ops[3] == r:
		if c, ok := constantOperand(ops[2]); ok && c > 0 && c < 32 {
			return func(v uint32) uint32 { return v >> c }, true
		}
	case opc == "SHF.L.U32" && len(ops) == 4 && ops[1] == r && ops[3] == "RZ":
		if c, ok := constantOperand(ops[2]); ok && c > 0 && c < 32 {
			return func(v uint32) uint32 { return v << c }, true
		}
	case opc == "IADD3" && len(ops) == 4 && ops[3] == "RZ":
		for _, pair := range [][2]string{{ops[1], ops[2]}, {ops[2], ops[1]}} {
			if c, ok := operandValue(pair[1], invariant); ok && pair[0] == r {
				return func(v uint32) uint32 { return v + c }, true
			}
		}
	case opc == "VIADD" && len(ops) == 3 && ops[1] == r:
		if c, ok := operandValue(ops[2], invariant); ok {
			return func(v uint32) uint32 { return v + c }, true
		}
	case opc == "LEA.HI" && len(ops) == 5 && ops[2] == r && ops[3] == "RZ":
		x, ok1 := operandValue(ops[1], invariant)
		sh, ok2 := constantOperand(ops[4])
		if ok1 && ok2 && sh > 0 && sh < 32 {
			c := x >> (32 - sh)
			return func(v uint32) uint32 { return v + c }, true
		}
	}
	return nil, false
}

// operandValue is a constant operand's value, or a register's that
// invariant knows.
func operandValue(o string, invariant func(string) (uint32, bool)) (uint32, bool) {
	if c, ok := constantOperand(o); ok {
		return uint32(c), true
	}
	if isRegister(o) {
		return invariant(o)
	}
	return 0, false
}

// operandName is an operand as a register name: .reuse dropped, URZ
// taken as RZ.
func operandName(o string) string {
	o = strings.TrimSuffix(o, ".reuse")
	if o == "URZ" {
		return "RZ"
	}
	return o
}

// threadOperand is one thread's value of source operand o: the block's
// size (c[0x0][0x0], blockDim.x: threads), a constant, or a register's
// (general or uniform) as reg knows it.
func threadOperand(o string, threads int, reg func(string) (uint32, bool)) (uint32, bool) {
	if o == "c[0x0][0x0]" || o == "c[0x0][RZ]" {
		return uint32(threads), true
	}
	if c, ok := constantOperand(o); ok {
		return uint32(c), true
	}
	if isRegister(o) {
		return reg(o)
	}
	return 0, false
}

// compare evaluates ISETP's comparison (signed unless .U32) of a and b.
func compare(opcode string, a, b int64) bool {
	if !strings.Contains(opcode, ".U32") {
		a, b = int64(int32(uint32(a))), int64(int32(uint32(b)))
	} else {
		a, b = int64(uint32(a)), int64(uint32(b))
	}
	switch {
	case strings.Contains(opcode, ".NE."):
		return a != b
	case strings.Contains(opcode, ".EQ."):
		return a == b
	case strings.Contains(opcode, ".LT."):
		return a < b
	case strings.Contains(opcode, ".LE."):
		return a <= b
	case strings.Contains(opcode, ".GT."):
		return a > b
	case strings.Contains(opcode, ".GE."):
		return a >= b
	}
	return false
}

// valueBefore is the value register r (general or uniform) holds on
// reaching offset at in the thread of index tid, from the last
// instruction before it in program order that writes r: a constant
// (MOV, IMAD.MOV.U32, IMAD.U32, UMOV), the thread index (S2R SR_TID.X),
// the block's size (c[0x0][0x0], blockDim.x: threads), a register so
// known, or such a value shifted (SHF, USHF) or offset by a constant
// (IADD3, UIADD3, VIADD). depth bounds the search.
func (g *Graph) valueBefore(at int, r string, threads int, tid uint32, depth int) (uint32, bool) {
	if depth <= 0 {
		return 0, false
	}
	ins := g.Func.Instructions
	i := len(ins) - 1
	for i >= 0 && ins[i].Offset >= at {
		i--
	}
	for ; i >= 0; i-- {
		in := ins[i]
		if !writesRegister(in, r) {
			continue
		}
		if in.Predicate != "" {
			return 0, false
		}
		ops := operandList(in)
		for k := range ops {
			ops[k] = strings.TrimSuffix(ops[k], ".reuse")
		}
		if in.Base() == "CS2R" && len(ops) == 2 && ops[1] == "SRZ" {
			return 0, true // both registers of the pair zeroed
		}
		if ops[0] != r {
			return 0, false // a wide result's upper register
		}
		value := func(o string) (uint32, bool) {
			return threadOperand(o, threads, func(r string) (uint32, bool) {
				return g.valueBefore(in.Offset, r, threads, tid, depth-1)
			})
		}
		switch {
		case in.Opcode == "S2R" && len(ops) == 2 && ops[1] == "SR_TID.X":
			return tid, true
		case (in.Opcode == "MOV" || in.Opcode == "UMOV" || in.Opcode == "ULDC" || in.Opcode == "LDC") && len(ops) == 2:
			return value(ops[1])
		case (in.Opcode == "IMAD.MOV.U32" || in.Opcode == "IMAD.U32") && len(ops) == 4 && ops[1] == "RZ" && ops[2] == "RZ":
			return value(ops[3])
		}
		return evalScalar(in.Opcode, ops[1:], value)
	}
	return 0, false
}

// simulatedTrips is TripCount for the thread of index tid where trips
// finds no counter changed in place: the loop's instructions that the
// comparison's registers come from (its backward slice in the body) run
// for the thread from the values the registers hold before the loop
// (valueBefore), iteration after iteration, until the comparison lets
// the branch fall through. It follows a counter kept in two registers
// (s2 = s << 1; ...; s = s2, with the comparison on s2, as nvcc writes
// for s <<= 1 in uniform registers), and a bisection: where a choice of
// the slice depends on data (a predicate set from a loaded value picks
// which end of [lo, hi) moves to the middle, SEL or a predicated move),
// the loop is run with every such choice one way and then the other, and
// the count is the mean of the two, rounded up, where both end (a binary
// search over n keys: log2(n) or one more either way). ok is false where
// a value the comparison needs is not known (before the loop, or from an
// instruction it does not evaluate: it evaluates moves, adds, shifts by
// constants and selects), where a run does not end within maxTrips, and
// where a choice decides whether the loop ends at all.
func (g *Graph) simulatedTrips(lp Loop, body []int, cmpAt int, takenIf bool, threads int, tid uint32) (int, bool) {
	a, okA := g.simulate(lp, body, cmpAt, takenIf, threads, tid, false)
	b, okB := g.simulate(lp, body, cmpAt, takenIf, threads, tid, true)
	if !okA || !okB {
		return 0, false
	}
	return (a + b + 1) / 2, true
}

// simulate runs the loop for simulatedTrips with every predicate it
// cannot evaluate taken as choice.
func (g *Graph) simulate(lp Loop, body []int, cmpAt int, takenIf bool, threads int, tid uint32, choice bool) (int, bool) {
	f := g.Func
	cmp := f.Instructions[body[cmpAt]]
	ops := operandList(cmp)
	reg := operandName
	// The slice: registers the comparison reads, and those the body's
	// writers of them read, to a fixed point.
	slice := map[string]bool{}
	for _, o := range ops[2:4] {
		if o = reg(o); isRegister(o) {
			slice[o] = true
		}
	}
	for grown := true; grown; {
		grown = false
		for _, i := range body {
			in := f.Instructions[i]
			ins := operandList(in)
			if len(ins) == 0 || !slice[reg(ins[0])] || !writesRegister(in, reg(ins[0])) {
				continue
			}
			for _, o := range ins[1:] {
				if o = reg(o); isRegister(o) && !slice[o] {
					slice[o], grown = true, true
				}
			}
		}
	}
	state := map[string]uint32{}
	for r := range slice {
		if v, ok := g.valueBefore(lp.StartOffset, r, threads, tid, 8); ok {
			state[r] = v
		}
	}
	preds := map[string]bool{"PT": true}
	value := func(o string) (uint32, bool) {
		return threadOperand(reg(o), threads, func(r string) (uint32, bool) {
			v, ok := state[r]
			return v, ok
		})
	}
	pred := func(p string) (bool, bool) {
		p = strings.TrimPrefix(p, "@")
		not := strings.HasPrefix(p, "!")
		v, ok := preds[strings.TrimPrefix(p, "!")]
		return v != not, ok
	}
	for n := 1; n <= maxTrips; n++ {
		for k, i := range body {
			in := f.Instructions[i]
			ins := operandList(in)
			if k == cmpAt {
				a, ok1 := value(ops[2])
				b, ok2 := value(ops[3])
				if !ok1 || !ok2 {
					return 0, false
				}
				if compare(cmp.Opcode, int64(a), int64(b)) != takenIf {
					return n, true
				}
				continue
			}
			if len(ins) > 1 && strings.HasSuffix(in.Base(), "SETP") && predReg.MatchString(ins[0]) {
				// A predicate the slice may choose by: the
				// comparison where its values are known, else
				// the run's choice.
				v := choice
				if in.Base() == "ISETP" && len(ins) == 5 && ins[1] == "PT" && ins[4] == "PT" {
					if a, ok1 := value(ins[2]); ok1 {
						if b, ok2 := value(ins[3]); ok2 {
							v = compare(in.Opcode, int64(a), int64(b))
						}
					}
				}
				preds[ins[0]] = v
				continue
			}
			if len(ins) == 0 || !slice[reg(ins[0])] || !writesRegister(in, reg(ins[0])) {
				continue
			}
			if in.Predicate != "" {
				run, ok := pred(in.Predicate)
				if !ok {
					return 0, false
				}
				if !run {
					continue
				}
			}
			var v uint32
			var ok bool
			if in.Base() == "SEL" && len(ins) == 4 {
				// SEL d, a, b, p: a where p, else b.
				var p bool
				if p, ok = pred(ins[3]); ok {
					src := ins[2]
					if p {
						src = ins[1]
					}
					v, ok = value(src)
				}
			} else {
				v, ok = evalScalar(in.Opcode, ins[1:], value)
			}
			if !ok {
				// Not evaluated (a load into a register the slice
				// also computes: mid's address, then the key at
				// it): unknown until written again, a failure only
				// where it is read before then.
				delete(state, reg(ins[0]))
				continue
			}
			state[reg(ins[0])] = v
		}
	}
	return 0, false
}

// evalScalar is what an instruction of opcode computes from its source
// operands srcs for one thread, where it is a move, an add, a multiply-
// add, a shift by a constant, a LEA or a LOP3 (general or uniform: UMOV,
// USHF, UIADD3, ULOP3 alike: n = 2 * blockDim.x & 0x7fffffff); ok false
// for others or for an operand value does not know.
func evalScalar(opcode string, srcs []string, value func(string) (uint32, bool)) (uint32, bool) {
	opc := strings.TrimPrefix(opcode, "U")
	if strings.HasPrefix(opc, "LOP3") && len(srcs) == 5 {
		srcs = srcs[:4] // the predicate operand (!PT) it also writes
	}
	vals := make([]uint32, len(srcs))
	for k, o := range srcs {
		v, ok := value(o)
		if !ok && !(opc == "IMAD.MOV.U32" && k < 2) {
			return 0, false
		}
		vals[k] = v
	}
	switch {
	case opc == "MOV" && len(vals) == 1:
		return vals[0], true
	case opc == "IMAD.MOV.U32" && len(vals) == 3:
		return vals[2], true
	case opc == "SHF.L.U32" && len(vals) == 3 && vals[1] < 32:
		return vals[0] << vals[1], true
	case opc == "SHF.R.U32.HI" && len(vals) == 3 && vals[1] < 32:
		return vals[2] >> vals[1], true
	case (opc == "IMAD.SHL.U32" || opc == "IMAD.IADD" || opc == "IMAD" || opc == "IMAD.U32") && len(vals) == 3:
		return vals[0]*vals[1] + vals[2], true
	case opc == "LEA" && len(vals) == 3 && vals[2] < 32:
		return vals[0]<<vals[2] + vals[1], true
	case opc == "LOP3.LUT" && len(vals) == 4:
		return lut3(int64(vals[3]), vals[0], vals[1], vals[2]), true
	case opc == "IADD3" && len(vals) == 3:
		return vals[0] + vals[1] + vals[2], true
	case opc == "VIADD" && len(vals) == 2:
		return vals[0] + vals[1], true
	}
	return 0, false
}

// minPeriod is the fewest iterations between two runs of a block that
// PeriodicCases leaves out of a loop's iteration: once in 32 or more, its
// cost spread over the iterations is a few percent of its own at most.
const minPeriod = 32

// PeriodicCases returns the blocks of innermost loop lp that run once
// every 2^n iterations of its counter (2^n at least minPeriod), and the
// branches that guard them with their periods: a conditional branch whose
// predicate the branch's block sets by ISETP.EQ or ISETP.NE of the
// counter's low n bits (LOP3 with 2^n - 1) against a constant below 2^n,
// the counter a register the loop steps by one once an iteration
// (`if ((k & 63) == 63)`, a Goertzel filter's power taken every 64th
// sample). The side the compare's equality sends the warp to, entered
// from the branch alone and not holding the latch, with the blocks it
// dominates, is left out; its cost over the period is small against the
// iteration's.
func (g *Graph) PeriodicCases(lp Loop) (drop []int, guards map[int]int) {
	f := g.Func
	if !lp.Innermost || len(lp.Blocks) < 2 {
		return nil, nil
	}
	var body []int
	for _, b := range lp.Blocks {
		for i := g.Blocks[b].First; i <= g.Blocks[b].Last; i++ {
			body = append(body, i)
		}
	}
	// stepsByOne reports whether the loop writes r once, by adding one.
	stepsByOne := func(r string) bool {
		n, one := 0, false
		for _, i := range body {
			ins := f.Instructions[i]
			if !writesRegister(ins, r) {
				continue
			}
			n++
			if st, ok := counterStep(ins, r, func(string) (uint32, bool) { return 0, false }); ok {
				one = st(0) == 1 && st(41) == 42
			}
		}
		return n == 1 && one
	}
	periods := map[int]int{}
	drop, offs := g.guardedRegions(lp, func(bi int, pred string, takenWhenTrue bool) (bool, bool) {
		b := g.Blocks[bi]
		// The compare: the block's last write of the predicate.
		cmpAt := -1
		for i := b.Last - 1; i >= b.First; i-- {
			if writesPredicate(f.Instructions[i], pred) {
				cmpAt = i
				break
			}
		}
		if cmpAt < 0 {
			return false, false
		}
		cmp := f.Instructions[cmpAt]
		ops := operandList(cmp)
		eq := strings.HasPrefix(cmp.Opcode, "ISETP.EQ.")
		if !(eq || strings.HasPrefix(cmp.Opcode, "ISETP.NE.")) || cmp.Predicate != "" || len(ops) != 5 || ops[1] != "PT" || ops[4] != "PT" || !isRegister(ops[2]) {
			return false, false
		}
		c, ok := constantOperand(ops[3])
		if !ok {
			return false, false
		}
		// The low bits: the last write of the compared register
		// before the compare, an AND of the counter with 2^n - 1.
		for i := cmpAt - 1; i >= b.First; i-- {
			ins := f.Instructions[i]
			if !writesRegister(ins, ops[2]) {
				continue
			}
			lo := operandList(ins)
			for k := range lo {
				lo[k] = operandName(lo[k])
			}
			if ins.Opcode != "LOP3.LUT" || ins.Predicate != "" || len(lo) != 6 || lo[3] != "RZ" || lo[4] != "0xc0" || !isRegister(lo[1]) {
				return false, false
			}
			m, ok := constantOperand(lo[2])
			if !ok || m+1 < minPeriod || m&(m+1) != 0 || c < 0 || c > m || !stepsByOne(lo[1]) {
				return false, false
			}
			periods[f.Instructions[b.Last].Offset] = int(m + 1)
			// The rare side: where the branch sends the warp when
			// the bits equal the constant.
			return takenWhenTrue == eq, true
		}
		return false, false
	})
	for _, o := range offs {
		if guards == nil {
			guards = map[int]int{}
		}
		guards[o] = periods[o]
	}
	return drop, guards
}
