package analyze

import (
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/gpuarch/gpuarch/sass"
)

// Block is a basic block: instructions First..Last (indices into the
// function's instructions, inclusive) entered only at First.
type Block struct {
	Index       int   `json:"index"`
	First       int   `json:"first"`
	Last        int   `json:"last"`
	StartOffset int   `json:"start_offset"`
	Succs       []int `json:"succs,omitempty"`
	Preds       []int `json:"preds,omitempty"`
	// Reachable is false for blocks no path from the entry reaches (the
	// self-branch and NOPs nvdisasm prints after the last EXIT).
	Reachable bool `json:"reachable"`
}

// Graph is a function's control-flow graph.
type Graph struct {
	Func   *sass.Function `json:"-"`
	Blocks []Block        `json:"blocks"`
	// Indirect lists the offsets of indirect branches (BRX, JMX): their
	// targets are unknown, so the graph ends there.
	Indirect []int `json:"indirect,omitempty"`
	// Unresolved lists branches whose target label is not in the listing.
	Unresolved []int `json:"unresolved,omitempty"`
	// idom[b] is b's immediate dominator, -1 for the entry and
	// unreachable blocks.
	idom []int
	// blockOf maps instruction indices to blocks.
	blockOf []int
}

// control says how an instruction ends a block.
type control int

const (
	flowNone     control = iota // falls through
	flowBranch                  // branches to a known target; conditional if guarded
	flowStop                    // ends the thread (EXIT, RET, trap); conditional if guarded
	flowIndirect                // branches to a computed target (BRX, JMX)
)

// classify says how in changes control flow and, for a branch, its target
// offset (ok false when unresolved).
func classify(f *sass.Function, in sass.Instruction) (c control, conditional bool, target int, ok bool) {
	if in.Predicate == "@!PT" {
		return flowNone, false, 0, false // never taken
	}
	if in.Base() == "BRA" && strings.Contains(in.Opcode, ".DIV") {
		// "BRA.DIV UR5, `(.L_x_9)": taken only where the warp has
		// diverged, to the compiler's fallback for a warp-synchronous
		// operation (shuffles, votes, match) done lane group by lane
		// group; a converged warp falls through. Taken as never taken,
		// so that the fallback, whose branch back into the fast path
		// makes the flow irreducible, is no part of a loop.
		return flowNone, false, 0, false
	}
	guarded := in.Predicate != "" && in.Predicate != "@PT"
	switch in.Base() {
	case "BRA", "JMP":
		target, ok = f.BranchTarget(in)
		// "BRA.U !UP0, `(.L_x_2)": a predicate operand before the label
		// makes the branch conditional too.
		ops := strings.Split(in.Operands, ",")
		if len(ops) > 1 {
			first := strings.TrimLeft(strings.TrimSpace(ops[0]), "!")
			if first != "PT" && first != "UPT" && predicateOperand.MatchString(first) {
				guarded = true
			}
		}
		return flowBranch, guarded, target, ok
	case "EXIT", "RET", "KILL", "BPT":
		return flowStop, guarded, 0, false
	case "BRX", "JMX":
		return flowIndirect, guarded, 0, false
	}
	return flowNone, false, 0, false
}

var predicateOperand = regexp.MustCompile(`^U?P[0-9]+$`)

// BuildGraph splits f into basic blocks and links them. A branch to its
// own offset (the trap nvdisasm prints after the last EXIT) ends the
// thread rather than looping. It fails on a function with no instructions.
func BuildGraph(f *sass.Function) (*Graph, error) {
	n := len(f.Instructions)
	if n == 0 {
		return nil, fmt.Errorf("function %s: no instructions", f.Name)
	}
	index := map[int]int{} // offset -> instruction index
	for i, in := range f.Instructions {
		index[in.Offset] = i
	}
	g := &Graph{Func: f}
	leader := make([]bool, n)
	leader[0] = true
	for i, in := range f.Instructions {
		c, _, target, ok := classify(f, in)
		if c == flowNone {
			continue
		}
		if i+1 < n {
			leader[i+1] = true
		}
		switch {
		case c == flowIndirect:
			g.Indirect = append(g.Indirect, in.Offset)
		case c == flowBranch && !ok:
			g.Unresolved = append(g.Unresolved, in.Offset)
		case c == flowBranch:
			if t, found := index[target]; found {
				leader[t] = true
			} else {
				g.Unresolved = append(g.Unresolved, in.Offset)
			}
		}
	}
	g.blockOf = make([]int, n)
	for i := range n {
		if leader[i] {
			g.Blocks = append(g.Blocks, Block{Index: len(g.Blocks), First: i, StartOffset: f.Instructions[i].Offset})
		}
		g.blockOf[i] = len(g.Blocks) - 1
		g.Blocks[len(g.Blocks)-1].Last = i
	}
	link := func(a, b int) {
		if !slices.Contains(g.Blocks[a].Succs, b) {
			g.Blocks[a].Succs = append(g.Blocks[a].Succs, b)
			g.Blocks[b].Preds = append(g.Blocks[b].Preds, a)
		}
	}
	for bi := range g.Blocks {
		b := &g.Blocks[bi]
		in := f.Instructions[b.Last]
		c, cond, target, ok := classify(f, in)
		fall := b.Last+1 < n
		switch c {
		case flowNone:
			if fall {
				link(bi, bi+1)
			}
		case flowBranch:
			t, found := index[target]
			if ok && found && target == in.Offset && !cond {
				continue // the self-branch trap
			}
			if ok && found {
				link(bi, g.blockOf[t])
			}
			if (cond || !ok || !found) && fall {
				link(bi, bi+1)
			}
		case flowStop, flowIndirect:
			if cond && fall {
				link(bi, bi+1)
			}
		}
	}
	g.dominators()
	return g, nil
}

// dominators marks reachable blocks and computes immediate dominators with
// the iterative algorithm of Cooper, Harvey and Kennedy ("A Simple, Fast
// Dominance Algorithm", 2001) over reverse postorder.
func (g *Graph) dominators() {
	nb := len(g.Blocks)
	post := make([]int, 0, nb)
	seen := make([]bool, nb)
	var dfs func(int)
	dfs = func(b int) {
		seen[b] = true
		for _, s := range g.Blocks[b].Succs {
			if !seen[s] {
				dfs(s)
			}
		}
		post = append(post, b)
	}
	dfs(0)
	order := make([]int, nb) // postorder number
	for i, b := range post {
		order[b] = i
		g.Blocks[b].Reachable = true
	}
	g.idom = make([]int, nb)
	for i := range g.idom {
		g.idom[i] = -1
	}
	g.idom[0] = 0
	intersect := func(a, b int) int {
		for a != b {
			for order[a] < order[b] {
				a = g.idom[a]
			}
			for order[b] < order[a] {
				b = g.idom[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for i := len(post) - 1; i >= 0; i-- {
			b := post[i]
			if b == 0 {
				continue
			}
			nd := -1
			for _, p := range g.Blocks[b].Preds {
				if !g.Blocks[p].Reachable || g.idom[p] < 0 {
					continue
				}
				if nd < 0 {
					nd = p
				} else {
					nd = intersect(p, nd)
				}
			}
			if nd >= 0 && g.idom[b] != nd {
				g.idom[b] = nd
				changed = true
			}
		}
	}
	g.idom[0] = -1
}

// Dominates reports whether block a dominates block b (every path from the
// entry to b passes through a); false for unreachable blocks.
func (g *Graph) Dominates(a, b int) bool {
	if !g.Blocks[a].Reachable || !g.Blocks[b].Reachable {
		return false
	}
	for b >= 0 {
		if a == b {
			return true
		}
		b = g.idom[b]
	}
	return false
}

// Loop is a natural loop: a header and every block that reaches a back
// edge's source without passing through the header.
type Loop struct {
	// Header is the block every iteration enters through.
	Header int `json:"header"`
	// Latches are the sources of the back edges to Header.
	Latches []int `json:"latches"`
	// Blocks are the loop's blocks in program order, Header included.
	Blocks []int `json:"blocks"`
	// Depth is 1 for an outermost loop.
	Depth int `json:"depth"`
	// Innermost is true when no other loop is nested in this one.
	Innermost bool `json:"innermost"`
	// StartOffset and EndOffset are the byte offsets of the loop's first
	// instruction and of its last one.
	StartOffset int `json:"start_offset"`
	EndOffset   int `json:"end_offset"`
	// SpecialGuards, for a loop Iteration left a math library's
	// special cases out of (SpecialCases), are the offsets of the
	// branches that guard them.
	SpecialGuards []int `json:"special_guards,omitempty"`
	// PeriodicGuards, for a loop Iteration left a block out of that
	// runs once in many iterations (PeriodicCases), maps the offset
	// of each branch that guards one to its period.
	PeriodicGuards map[int]int `json:"periodic_guards,omitempty"`
	// waitKept says Iteration kept one case of a switch of cp.async
	// waits (PipelineWaits), waitK that case's count of batches left in
	// flight (DEPBAR.LE SB0, k).
	waitKept bool
	waitK    int
	// Trips, for a loop whose nested loops Iteration found the trip
	// counts of (TripCount), maps each nested loop's start offset to
	// its count: an iteration runs that loop's blocks that many times.
	Trips map[int]int `json:"trips,omitempty"`
	// repeats maps the blocks of those nested loops to their loop's
	// header and count.
	repeats map[int][2]int
}

// Loops finds the natural loops of g from its back edges (edges to a
// block that dominates their source), loops sharing a header merged, in
// program order of their headers. irreducible lists the retreating edges
// whose target does not dominate their source (control flow with no
// single loop header), as [from, to] block pairs.
func (g *Graph) Loops() (loops []Loop, irreducible [][2]int) {
	byHeader := map[int]*Loop{}
	var headers []int
	for bi, b := range g.Blocks {
		if !b.Reachable {
			continue
		}
		for _, s := range b.Succs {
			switch {
			case g.Dominates(s, bi):
				lp, ok := byHeader[s]
				if !ok {
					lp = &Loop{Header: s}
					byHeader[s] = lp
					headers = append(headers, s)
				}
				lp.Latches = append(lp.Latches, bi)
			case g.Blocks[s].StartOffset <= b.StartOffset && g.Blocks[s].Reachable:
				irreducible = append(irreducible, [2]int{bi, s})
			}
		}
	}
	slices.Sort(headers)
	for _, h := range headers {
		lp := byHeader[h]
		in := g.reachedBack(lp.Latches, h, func(p int) bool { return g.Blocks[p].Reachable })
		in[h] = true
		for b := range in {
			lp.Blocks = append(lp.Blocks, b)
		}
		slices.Sort(lp.Blocks)
		lp.StartOffset = g.Blocks[lp.Blocks[0]].StartOffset
		last := g.Blocks[lp.Blocks[len(lp.Blocks)-1]].Last
		lp.EndOffset = g.Func.Instructions[last].Offset
		loops = append(loops, *lp)
	}
	for i := range loops {
		loops[i].Depth = 1
		loops[i].Innermost = true
		for j := range loops {
			if i == j {
				continue
			}
			if slices.Contains(loops[j].Blocks, loops[i].Header) {
				loops[i].Depth++ // j contains i
			}
			if slices.Contains(loops[i].Blocks, loops[j].Header) {
				loops[i].Innermost = false // i contains j
			}
		}
	}
	return loops, irreducible
}

// Body returns the loop's instructions in program order, its blocks
// concatenated.
// The blocks of a nested loop whose trip count Iteration found run that
// many times, the loop's blocks over again each time.
func (g *Graph) Body(lp Loop) []sass.Instruction {
	if len(lp.repeats) == 0 {
		return g.BodyOf(lp.Blocks)
	}
	var out []sass.Instruction
	for k := 0; k < len(lp.Blocks); {
		r, ok := lp.repeats[lp.Blocks[k]]
		if !ok {
			out = append(out, g.BodyOf(lp.Blocks[k:k+1])...)
			k++
			continue
		}
		// The run of blocks of one nested loop.
		end := k
		for end < len(lp.Blocks) && lp.repeats[lp.Blocks[end]] == r {
			end++
		}
		for range r[1] {
			out = append(out, g.BodyOf(lp.Blocks[k:end])...)
		}
		k = end
	}
	return out
}

// SpinLoop reports whether lp is a compare-and-swap retry loop: innermost,
// with a compare-and-swap (ATOMS.CAST.SPIN, the loop compilers emit for
// the atomics shared memory has no instruction for; a CAS a program
// retries until it succeeds) that decides whether it goes round again.
// Such a loop is not a slow path: it runs once a pass of the loop around
// it where no other thread changed the word in between, and its atomic's
// record is of one such pass.
func (g *Graph) SpinLoop(lp Loop) bool {
	if !lp.Innermost {
		return false
	}
	for _, in := range g.Body(lp) {
		switch in.Base() {
		case "ATOMS", "ATOMG", "ATOM":
			if strings.Contains(in.Opcode, ".CAS") {
				return true
			}
		}
	}
	return false
}

// SpinRounds returns lp with the blocks of each shared-memory
// compare-and-swap retry loop nested in it (SpinLoop) run as many times
// an iteration as rounds says for that loop's compare-and-swap (1 leaves
// them once), and the rounds taken, by the nested loop's start offset.
// Global ones run once (their loops commonly leave early: a maximum's
// once the word is above the lane's value).
func (g *Graph) SpinRounds(lp Loop, loops []Loop, rounds func(cas sass.Instruction) int) (Loop, map[int]int) {
	taken := map[int]int{}
	for _, o := range loops {
		if o.Header == lp.Header || !slices.Contains(lp.Blocks, o.Header) || !g.SpinLoop(o) {
			continue
		}
		i := slices.IndexFunc(g.Body(o), func(in sass.Instruction) bool {
			return in.Base() == "ATOMS" && strings.Contains(in.Opcode, ".CAS")
		})
		if i < 0 {
			continue // a global one: taken once
		}
		n := rounds(g.Body(o)[i])
		taken[o.StartOffset] = n
		if n <= 1 {
			continue
		}
		rep := maps.Clone(lp.repeats)
		if rep == nil {
			rep = map[int][2]int{}
		}
		for _, b := range o.Blocks {
			rep[b] = [2]int{o.Header, n}
		}
		lp.repeats = rep
	}
	return lp, taken
}

// NestedRun reports whether an iteration of lp runs a loop nested in it
// that is no spin loop (SpinLoop): one whose trip count the analysis
// does not know.
func (g *Graph) NestedRun(lp Loop, loops []Loop) bool {
	for _, o := range loops {
		if o.Header != lp.Header && slices.Contains(lp.Blocks, o.Header) && !g.SpinLoop(o) {
			return true
		}
	}
	return false
}

// MainPath is lp with the loops nested in it taken as not run: its blocks
// on some path from the header to a latch that enters no nested loop
// (nil where no such path exists: every iteration runs a nested loop).
// A loop whose inner loop is the slow path of a special case (sinf's
// Payne-Hanek reduction for huge arguments) iterates through the fast
// path alone; the blocks that only lead into the inner loop (its set-up)
// or only come out of it are left out with it.
func (g *Graph) MainPath(lp Loop, loops []Loop) []int {
	nested := map[int]bool{}
	for _, o := range loops {
		if o.Header != lp.Header && slices.Contains(lp.Blocks, o.Header) && !g.SpinLoop(o) {
			for _, b := range o.Blocks {
				nested[b] = true
			}
		}
	}
	in := map[int]bool{}
	for _, b := range lp.Blocks {
		in[b] = !nested[b]
	}
	// Forward from the header, not across back edges to it.
	fwd := map[int]bool{lp.Header: true}
	stack := []int{lp.Header}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, s := range g.Blocks[b].Succs {
			if in[s] && !fwd[s] && s != lp.Header {
				fwd[s] = true
				stack = append(stack, s)
			}
		}
	}
	// Backward from the latches, not through the header's predecessors.
	back := map[int]bool{}
	for _, l := range lp.Latches {
		if in[l] && fwd[l] && !back[l] {
			back[l] = true
			stack = append(stack, l)
		}
	}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if b == lp.Header {
			continue
		}
		for _, p := range g.Blocks[b].Preds {
			if in[p] && fwd[p] && !back[p] {
				back[p] = true
				stack = append(stack, p)
			}
		}
	}
	var out []int
	for _, b := range lp.Blocks {
		if fwd[b] && back[b] {
			out = append(out, b)
		}
	}
	if !back[lp.Header] {
		return nil
	}
	return out
}

// BodyOf returns the instructions of blocks in program order, each
// call to a general-path routine (generalCallee) followed by the
// routine's instructions, as the warp runs them.
func (g *Graph) BodyOf(blocks []int) []sass.Instruction {
	var out []sass.Instruction
	for _, b := range blocks {
		for _, in := range g.Func.Instructions[g.Blocks[b].First : g.Blocks[b].Last+1] {
			out = append(out, in)
			out = append(out, g.callee(in)...)
		}
	}
	return out
}

// callee is the instructions a CALL runs where it calls a general-path
// routine (generalCallee) of the function's listing: from the routine's
// label to its first RET, inclusive; nil for other instructions and
// other calls (a math library's slow paths, taken only for operands
// out of the fast path's range).
func (g *Graph) callee(in sass.Instruction) []sass.Instruction {
	if in.Base() != "CALL" || in.Predicate == "@!PT" {
		return nil
	}
	m := branchLabel.FindStringSubmatch(in.Operands)
	if m == nil || !generalCallee(m[1]) {
		return nil
	}
	off, ok := g.Func.Labels[m[1]]
	if !ok {
		return nil
	}
	ins := g.Func.Instructions
	start := slices.IndexFunc(ins, func(x sass.Instruction) bool { return x.Offset == off })
	if start < 0 {
		return nil
	}
	for i := start; i < len(ins); i++ {
		switch ins[i].Base() {
		case "RET":
			return ins[start : i+1]
		case "CALL", "EXIT", "BRX", "JMX":
			return nil // not the straight routine taken for one
		}
	}
	return nil
}

var branchLabel = regexp.MustCompile("`\\(([^)]+)\\)")

// generalCallee reports whether a called label is one of the CUDA
// compiler's routines for 64-bit integer division and remainder
// ("$__internal_1_$__cuda_sm20_div_u64"): the code taken whenever an
// operand does not fit 32 bits (the 32-bit path beside it is inlined),
// so on 64-bit data on every iteration; or one of its sub-byte matrix
// routines ("$__internal_2_$__cuda_sm_9x_mma_sub_byte_internal_m16n8k64_s4_s4"):
// sm_90 has no 4-bit IMMA, and mma.sync on .s4/.u4 operands becomes a
// call to straight code that unpacks them to bytes (LOP3, SHF, IMAD) for
// two 8-bit IMMAs, every time; or double precision pow's core
// ("$kernel$__internal_accurate_pow"), called for every base but 0 (its
// one forward branch, a special case's few instructions, taken as run).
// The library's other routines
// (__cuda_sm3x_div_rn_noftz_f32_slowpath, __cuda_sm20_div_rn_f64_full,
// __cuda_sm20_sqrt_rn_f32_slowpath) are slow paths for operands outside
// the inlined fast path's range.
func generalCallee(label string) bool {
	i := strings.LastIndex(label, "$")
	name := label[i+1:]
	if strings.HasPrefix(name, "__cuda_sm_9x_mma_sub_byte_internal_") || name == "__internal_accurate_pow" {
		return true
	}
	for _, r := range []string{"div_u64", "rem_u64", "div_s64", "rem_s64"} {
		if strings.HasPrefix(name, "__cuda_") && strings.HasSuffix(name, "_"+r) {
			return true
		}
	}
	return false
}

// Iteration is what one iteration of lp runs, as a loop of its own: lp
// itself where it is innermost or all the loops nested in it are spin
// loops (SpinLoop: each taken once through); else its main path
// (MainPath) where one skips the loops nested in it; else all its
// blocks, each nested loop taken once through. The blocks of a math
// library's special cases are left out of each (SpecialCases).
//
// Where every loop nested in lp that runs is innermost with a trip
// count TripCount finds for blocks of threads (0: not known), an
// iteration runs all of lp's blocks, each nested loop's its trip count
// times (Trips).
func (g *Graph) Iteration(lp Loop, loops []Loop, threads int) Loop {
	if !lp.Innermost && g.NestedRun(lp, loops) {
		special, _ := g.SpecialCases(lp)
		if trips, repeats, ok := g.nestedTrips(lp, loops, threads, special); ok {
			lp.Trips, lp.repeats = trips, repeats
		} else if mp := g.MainPath(lp, loops); mp != nil {
			lp.Blocks = mp
		}
	}
	if drop, guards := g.SpecialCases(lp); len(drop) > 0 {
		lp.Blocks = slices.DeleteFunc(slices.Clone(lp.Blocks), func(b int) bool { return slices.Contains(drop, b) })
		lp.SpecialGuards = guards
	}
	if drop, guards := g.PeriodicCases(lp); len(drop) > 0 {
		lp.Blocks = slices.DeleteFunc(slices.Clone(lp.Blocks), func(b int) bool { return slices.Contains(drop, b) })
		lp.PeriodicGuards = guards
	}
	if drop, k, ok := g.PipelineWaits(lp); ok {
		lp.Blocks = slices.DeleteFunc(slices.Clone(lp.Blocks), func(b int) bool { return slices.Contains(drop, b) })
		lp.waitKept, lp.waitK = true, k
	}
	return lp
}

// PipelineWaits returns the blocks of lp that wait on another count of
// cp.async batches than its iterations do, and that count. libcu++'s
// cuda::pipeline of thread scope compiles consumer_wait to a switch on
// the batches the thread has in flight, each case a block of one
// DEPBAR.LE SB0, k (k = 0 to 8) and a branch to the join: a warp runs
// one case an iteration. Where the loop is entered with P batches
// committed (LDGDEPBAR before the loop, in straight-line code) and
// commits C an iteration, consumer_wait waits for the oldest, leaving k
// = P + C - 1 in flight: the other cases, and the compares that lead
// only to them, do not run. ok is false where the loop has no such switch
// (two cases or more), the prologue's commits are not straight-line, or
// no case has that k.
func (g *Graph) PipelineWaits(lp Loop) (drop []int, k int, ok bool) {
	ins := g.Func.Instructions
	cases := map[int]int{} // block: its k
	commits := 0
	for _, b := range lp.Blocks {
		blk := g.Blocks[b]
		body := ins[blk.First : blk.Last+1]
		for _, in := range body {
			if in.Base() == "LDGDEPBAR" {
				commits++
			}
		}
		if last := body[len(body)-1]; last.Base() == "BRA" && last.Predicate == "" {
			body = body[:len(body)-1]
		}
		if len(body) != 1 || body[0].Opcode != "DEPBAR.LE" || body[0].Predicate != "" {
			continue
		}
		if sb, n, ok := depbar(body[0]); ok && sb == 0 {
			cases[b] = n
		}
	}
	if len(cases) < 2 || commits == 0 {
		return nil, 0, false
	}
	before := 0
	for _, in := range ins {
		if in.Offset >= lp.StartOffset {
			break
		}
		if in.Base() == "LDGDEPBAR" {
			before++
		}
		if t, ok := g.Func.BranchTarget(in); in.Base() == "BRA" && ok && t <= in.Offset {
			return nil, 0, false // a loop before this one: its commits not counted
		}
	}
	k = before + commits - 1
	if !slices.Contains(slices.Collect(maps.Values(cases)), k) {
		return nil, 0, false
	}
	// The cases and the compares that lead only to the other cases
	// are left out: the blocks from which some case is reached (back
	// from the cases, not across the back edges) but not one of k.
	in := map[int]bool{}
	for _, b := range lp.Blocks {
		in[b] = true
	}
	reaching := func(keep func(n int) bool) map[int]bool {
		var from []int
		for b, n := range cases {
			if keep(n) {
				from = append(from, b)
			}
		}
		return g.reachedBack(from, lp.Header, func(p int) bool { return in[p] })
	}
	toK := reaching(func(n int) bool { return n == k })
	toAny := reaching(func(int) bool { return true })
	for _, b := range lp.Blocks {
		if toAny[b] && !toK[b] {
			drop = append(drop, b)
		}
	}
	return drop, k, true
}

// reachedBack is the blocks reached from the blocks from through their
// predecessors that keep accepts, not past stop (reached, but not gone
// back from): a loop's body back from its latches to its header, or
// the blocks that lead to some of its blocks.
func (g *Graph) reachedBack(from []int, stop int, keep func(p int) bool) map[int]bool {
	seen := map[int]bool{}
	stack := slices.Clone(from)
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		if b == stop {
			continue
		}
		for _, p := range g.Blocks[b].Preds {
			if !seen[p] && keep(p) {
				stack = append(stack, p)
			}
		}
	}
	return seen
}

// nestedTrips is the trip count of each loop nested in lp that is no
// spin loop and not in a math library's special case (its header among
// the blocks special), by start offset, and by block; ok false where one
// is not innermost or its count is not known.
func (g *Graph) nestedTrips(lp Loop, loops []Loop, threads int, special []int) (map[int]int, map[int][2]int, bool) {
	trips, repeats := map[int]int{}, map[int][2]int{}
	for _, o := range loops {
		if o.Header == lp.Header || !slices.Contains(lp.Blocks, o.Header) || g.SpinLoop(o) || slices.Contains(special, o.Header) {
			continue
		}
		n, ok := g.TripCount(o, threads)
		if !ok {
			return nil, nil, false
		}
		trips[o.StartOffset] = n
		for _, b := range o.Blocks {
			repeats[b] = [2]int{o.Header, n}
		}
	}
	return trips, repeats, len(trips) > 0
}

// SpecialCases returns the blocks of lp that run only in a math
// library's special case, and the offsets of the branches that guard
// them. A guard is a conditional branch on a predicate that FSETP or
// DSETP set, in the branch's block, from an absolute value against a
// constant that marks a range limit: infinity (|x| = ∞, NaN), a large
// magnitude (above 2: expf's overflow at 88.7, sinf's Payne-Hanek
// reduction beyond 105615, the high word of a double's 709.8 compared as
// a float, 4.19) or a subnormal one (below 2^-100: 1.18e-38); or that
// ISETP sets from a float's bits or a double's high word against the
// top of the exponent range (floatBitsLimit: logf's test against
// infinity's bits). The side taken beyond the limit is the special case: a successor entered from
// the branch alone, and the blocks it dominates. User code compares |x|
// with small limits (1, 0.5), which are left alone, as are comparisons
// with other registers and predicates combined with others (the
// .AND/.OR's third source not PT). A branch with a predicate operand
// besides its guard ("@P0 BRA P2, target", fp64 division's test of both
// operands' range) is read by its guard alone: the other predicate only
// sends more lanes to the side the guard's failing sends them to, as
// the compiler emits it.
func (g *Graph) SpecialCases(lp Loop) (drop []int, guards []int) {
	f := g.Func
	in := map[int]bool{}
	for _, b := range lp.Blocks {
		in[b] = true
	}
	return g.guardedRegions(lp, func(bi int, pred string, takenWhenTrue bool) (bool, bool) {
		b := g.Blocks[bi]
		special, ok := specialWhenTrue(f.Instructions[b.First:b.Last], pred)
		if !ok && !writesPred(f.Instructions[b.First:b.Last], pred) {
			// Set before the branch's block: in the nearest block
			// of the loop that dominates it and writes the
			// predicate, where no other block of the loop it
			// dominates writes it too (sincosf's one test of |x|
			// against the reduction threshold, read by the sine's
			// branch and again by the cosine's).
			special, ok = g.dominatingSpecial(lp, bi, pred, in)
		}
		// The special side: the branch's target where the branch is
		// taken in the special case, else the block it falls into.
		return takenWhenTrue == special, ok
	})
}

// guardedRegions returns the blocks of lp on one side of its conditional
// branches, and the offsets of those branches: for each block of lp that
// ends in a conditional branch on a predicate (pred, the branch taken
// when it is true where takenWhenTrue), side says whether the side left
// out is the one the branch takes (dropTaken) or the one it falls into,
// ok false to leave both. The side left out must be entered from the
// branch alone, be neither the header nor a latch's way, and goes with
// the blocks it dominates.
func (g *Graph) guardedRegions(lp Loop, side func(bi int, pred string, takenWhenTrue bool) (dropTaken, ok bool)) (drop []int, guards []int) {
	f := g.Func
	in := map[int]bool{}
	for _, b := range lp.Blocks {
		in[b] = true
	}
	dropped := map[int]bool{}
	for _, bi := range lp.Blocks {
		b := g.Blocks[bi]
		br := f.Instructions[b.Last]
		if br.Base() != "BRA" || br.Predicate == "" || br.Predicate == "@PT" || len(b.Succs) != 2 {
			continue
		}
		pred := strings.TrimPrefix(strings.TrimPrefix(br.Predicate, "@"), "!")
		dropTaken, ok := side(bi, pred, !strings.HasPrefix(br.Predicate, "@!"))
		if !ok {
			continue
		}
		target, ok := f.BranchTarget(br)
		if !ok {
			continue
		}
		s := -1
		for _, succ := range b.Succs {
			if (g.Blocks[succ].StartOffset == target) == dropTaken {
				s = succ
			}
		}
		region, ok := g.sideRegion(lp, in, s)
		if !ok {
			continue
		}
		for _, c := range region {
			dropped[c] = true
		}
		guards = append(guards, br.Offset)
	}
	for _, b := range lp.Blocks {
		if dropped[b] {
			drop = append(drop, b)
		}
	}
	return drop, guards
}

// sideRegion is the side of a conditional branch of lp that starts at
// block s: s and the blocks of lp it dominates. ok is false where s is
// not in lp (in), is its header, is entered from more than the branch,
// or the side holds a latch (the way back to the header).
func (g *Graph) sideRegion(lp Loop, in map[int]bool, s int) (region []int, ok bool) {
	if s < 0 || !in[s] || s == lp.Header || len(g.Blocks[s].Preds) != 1 {
		return nil, false
	}
	for _, c := range lp.Blocks {
		if g.Dominates(s, c) {
			if slices.Contains(lp.Latches, c) {
				return nil, false
			}
			region = append(region, c)
		}
	}
	return region, true
}

// maxUniformPaths bounds the paths UniformPaths enumerates: a loop whose
// uniform branches make more is taken whole, every block run.
const maxUniformPaths = 16

// UniformPaths returns the paths an iteration of lp may take where its
// uniform branches choose between two arms of code (uniform reports, by a
// branch's offset, whether its predicate is the same in every lane of a
// warp): an if/else whose sides each lead to blocks of their own
// (sideRegion), or a switch's chain of them. A warp runs one arm of such
// a branch an iteration, not both, so each path is lp's blocks less the
// arms not taken. nil where lp has no such branch or more than
// maxUniformPaths paths. A uniform branch around a block of its own
// (an if without an else) is not split: that block is counted as run,
// as every conditional block is.
func (g *Graph) UniformPaths(lp Loop, uniform func(off int) bool) [][]int {
	f := g.Func
	in := map[int]bool{}
	for _, b := range lp.Blocks {
		in[b] = true
	}
	paths := [][]int{lp.Blocks}
	for _, bi := range lp.Blocks {
		b := g.Blocks[bi]
		br := f.Instructions[b.Last]
		if br.Base() != "BRA" || br.Predicate == "" || br.Predicate == "@PT" || len(b.Succs) != 2 || !uniform(br.Offset) {
			continue
		}
		arm0, ok0 := g.sideRegion(lp, in, b.Succs[0])
		arm1, ok1 := g.sideRegion(lp, in, b.Succs[1])
		if !ok0 || !ok1 {
			continue
		}
		var next [][]int
		for _, p := range paths {
			if !slices.Contains(p, bi) {
				next = append(next, p)
				continue
			}
			for _, arm := range [][]int{arm0, arm1} {
				next = append(next, slices.DeleteFunc(slices.Clone(p), func(c int) bool { return slices.Contains(arm, c) }))
			}
		}
		if len(next) > maxUniformPaths {
			return nil
		}
		paths = next
	}
	if len(paths) < 2 {
		return nil
	}
	return paths
}

// dominatingSpecial is specialWhenTrue for a predicate a branch in
// block bi of lp reads but its block does not set: the nearest block of
// the loop that dominates bi and writes it, ok false where a block of
// the loop that it dominates, laid out between the two, writes it too.
func (g *Graph) dominatingSpecial(lp Loop, bi int, pred string, in map[int]bool) (special, ok bool) {
	f := g.Func
	for d := g.idom[bi]; d >= 0 && in[d]; d = g.idom[d] {
		blk := g.Blocks[d]
		body := f.Instructions[blk.First : blk.Last+1]
		if !writesPred(body, pred) {
			if d == lp.Header {
				return false, false
			}
			continue
		}
		for _, c := range lp.Blocks {
			cb := g.Blocks[c]
			between := cb.StartOffset > blk.StartOffset && cb.StartOffset < g.Blocks[bi].StartOffset
			if between && g.Dominates(d, c) && writesPred(f.Instructions[cb.First:cb.Last+1], pred) {
				return false, false
			}
		}
		return specialWhenTrue(body, pred)
	}
	return false, false
}

// writesPred reports whether an instruction of block writes predicate
// pred.
func writesPred(block []sass.Instruction, pred string) bool {
	return slices.ContainsFunc(block, func(in sass.Instruction) bool { return writesRegister(in, pred) })
}

// specialWhenTrue finds the last FSETP, DSETP or ISETP of block
// (instructions before its branch) that sets pred, and says whether
// pred true means the special case SpecialCases describes (ok false
// where it is no such comparison).
func specialWhenTrue(block []sass.Instruction, pred string) (special, ok bool) {
	for i := len(block) - 1; i >= 0; i-- {
		in := block[i]
		ops := strings.Split(in.Operands, ",")
		for j := range ops {
			ops[j] = strings.TrimSpace(ops[j])
		}
		if len(ops) == 0 || ops[0] != pred {
			if len(ops) > 1 && ops[1] == pred {
				return false, false
			}
			continue
		}
		base := in.Base()
		if (base != "FSETP" && base != "DSETP" && base != "ISETP") || in.Predicate != "" || len(ops) != 5 || ops[1] != "PT" || ops[4] != "PT" {
			return false, false
		}
		parts := strings.Split(in.Opcode, ".")
		if len(parts) < 3 {
			return false, false
		}
		cmp := parts[1]
		if base == "ISETP" {
			return floatBitsLimit(cmp, ops[2], ops[3])
		}
		a, c := ops[2], ops[3]
		if strings.HasPrefix(c, "|") {
			a, c = c, a
			// c cmp |x| is |x| cmp' c, the order reversed.
			switch cmp[0] {
			case 'L':
				cmp = "G" + cmp[1:]
			case 'G':
				cmp = "L" + cmp[1:]
			default:
				cmp = ""
			}
		}
		if !strings.HasPrefix(a, "|") || cmp == "" {
			return false, false
		}
		lim, err := strconv.ParseFloat(strings.TrimPrefix(strings.TrimSpace(c), "+"), 64)
		if err != nil {
			return false, false
		}
		lim = math.Abs(lim)
		above, below := cmp[0] == 'G', cmp[0] == 'L' // GT, GE, GTU, GEU; LT, LE, LTU, LEU
		switch {
		case math.IsInf(lim, 0):
			switch cmp {
			case "EQ", "EQU":
				return true, true
			case "NE", "NEU":
				return false, true
			}
			if above || below {
				return above, true
			}
		case lim > 2 && (above || below):
			return above, true
		case lim > 0 && lim < 0x1p-100 && (above || below):
			return below, true
		}
		return false, false
	}
	return false, false
}

// floatBitsLimit is specialWhenTrue for an ISETP that compares a
// register with an immediate at the top of a float's exponent range: a
// float's bits, or a double's high word, at or above 0x7f000000 are a
// magnitude beyond 2^127 (to 2^1023), infinity or NaN, and, compared
// unsigned, any negative number. logf and log1pf test their argument's
// bits against infinity's, 0x7f800000 (ISETP.GE.U32); the double
// logarithm its high word against 0x7fefffff. The side at or above the
// limit is the special case; a limit below 0x7f000000 (an exponent
// field's 0x7f or 0xfd, a user's count) is no such test.
func floatBitsLimit(cmp, a, c string) (special, ok bool) {
	if !strings.HasPrefix(a, "R") {
		return false, false
	}
	lim, err := strconv.ParseUint(strings.TrimPrefix(c, "0x"), 16, 64)
	if err != nil || !strings.HasPrefix(c, "0x") || lim < 0x7f000000 || lim > 0x7fffffff {
		return false, false
	}
	switch cmp {
	case "GE", "GT":
		return true, true
	case "LT", "LE":
		return false, true
	}
	return false, false
}
