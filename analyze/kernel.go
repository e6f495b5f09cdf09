package analyze

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/gpuarch/gpuarch/sass"
)

// Options are what the user sets; Validate says which values are allowed.
type Options struct {
	// WarpsPerSM is the occupancy to predict at; 0 computes it from the
	// kernel's registers and shared memory (see Occupancy).
	WarpsPerSM int
	// ThreadsPerBlock is the launch's block size for the occupancy
	// computation, 1 to the device's most (DefaultThreadsPerBlock when
	// the user does not say). It is checked even where WarpsPerSM makes
	// it unused: a block size no launch can have is a mistake.
	ThreadsPerBlock int
	// Level is the memory level global accesses hit; "" means
	// DefaultLevel.
	Level string
	// Pattern is the global loads' access pattern: PatternAuto ("",
	// coalesced except pointer chases), PatternCoalesced or
	// PatternDivergent.
	Pattern string
}

// Resources are what a kernel uses per thread and per block, from its
// cubin; zero where unknown.
type Resources struct {
	Registers   int `json:"registers"`
	SharedBytes int `json:"shared_bytes"`
	// Source says where the numbers come from ("cubin", "listing").
	Source string `json:"source,omitempty"`
}

// KernelReport is the analysis of one kernel.
type KernelReport struct {
	Name      string       `json:"name"`
	Resources Resources    `json:"resources"`
	Occupancy *Occupancy   `json:"occupancy,omitempty"`
	Loops     []LoopReport `json:"loops"`
	// Mix counts the kernel's instructions by opcode when no loop can be
	// predicted: what can still be said.
	Mix   map[string]int `json:"mix,omitempty"`
	Notes []string       `json:"notes,omitempty"`
}

// Report is the analysis of every kernel of a listing.
type Report struct {
	Machine *Machine       `json:"machine"`
	Kernels []KernelReport `json:"kernels"`
	// Warnings are about the input as a whole.
	Warnings []string `json:"warnings,omitempty"`
}

// Analyze predicts every innermost loop of every function in the listing,
// and every loop whose nested loops lie off its main path (Graph.MainPath).
// res gives each kernel's registers and shared memory where known (nil:
// none). Bad options are an error wrapping ErrOptions (Options.Validate
// against m.Limits), with no report. A kernel with no loop, with indirect
// branches or with irreducible flow is reported with notes and its
// instruction mix; when no kernel of the listing has a loop that could be
// predicted, Analyze returns that report together with an error wrapping
// ErrNoLoop, so a caller shows what can be said and still fails.
func Analyze(m *Machine, l *sass.Listing, res map[string]Resources, opt Options) (*Report, error) {
	if err := opt.Validate(m.Limits); err != nil {
		return nil, err
	}
	if opt.Level == "" {
		opt.Level = DefaultLevel
	}
	rep := &Report{Machine: m}
	found := 0
	for fi := range l.Functions {
		f := &l.Functions[fi]
		k, inner := analyzeKernel(m, f, KernelReport{Name: f.Name, Resources: res[f.Name]}, opt)
		rep.Kernels = append(rep.Kernels, k)
		found += inner
	}
	predicted := 0
	for _, k := range rep.Kernels {
		predicted += len(k.Loops)
	}
	switch {
	case len(rep.Kernels) == 0:
		rep.Warnings = append(rep.Warnings, "the listing holds no function")
		return rep, fmt.Errorf("%w: the listing holds no function", ErrNoLoop)
	case found == 0:
		return rep, fmt.Errorf("%w: no kernel of the listing has a loop (a backward branch), so there is no iteration to predict; the report gives each kernel's instruction mix", ErrNoLoop)
	case predicted == 0:
		return rep, fmt.Errorf("%w: none of the %d innermost loops found could be predicted (the report's notes say why)", ErrNoLoop, found)
	}
	return rep, nil
}

// analyzeKernel predicts f's innermost loops and those whose nested loops
// lie off their main path; inner is how many it found, predicted or not.
func analyzeKernel(m *Machine, f *sass.Function, k KernelReport, opt Options) (_ KernelReport, inner int) {
	warps := opt.WarpsPerSM
	if warps == 0 {
		occ, err := ComputeOccupancy(m.Limits, k.Resources, opt.ThreadsPerBlock)
		if err != nil {
			k.Notes = append(k.Notes, err.Error())
			warps = m.Limits.MaxWarps
		} else {
			k.Occupancy = &occ
			warps = occ.WarpsPerSM
		}
	} else {
		k.Occupancy = &Occupancy{WarpsPerSM: warps, Limiter: "given (--warps)"}
	}
	g, err := BuildGraph(f)
	if err != nil {
		k.Notes = append(k.Notes, err.Error())
		return k, 0
	}
	mix := func() {
		k.Mix = map[string]int{}
		for _, in := range f.Instructions {
			k.Mix[in.Opcode]++
		}
	}
	if len(g.Indirect) > 0 {
		var offs []string
		for _, o := range g.Indirect {
			offs = append(offs, fmt.Sprintf("%#04x", o))
		}
		k.Notes = append(k.Notes, fmt.Sprintf("indirect branches (BRX/JMX) at %s: their targets are computed at run time, so the control flow past them is unknown; loops found elsewhere are still predicted, loops through them are not", strings.Join(offs, ", ")))
	}
	if len(g.Unresolved) > 0 {
		k.Notes = append(k.Notes, fmt.Sprintf("%d branches whose target is not in the listing (no label): treated as falling through", len(g.Unresolved)))
	}
	loops, irreducible := g.Loops()
	if len(irreducible) > 0 {
		k.Notes = append(k.Notes, fmt.Sprintf("%d backward branches into blocks that do not dominate them (irreducible control flow): not loops this analysis can predict", len(irreducible)))
	}
	// Innermost loops, and loops whose nested loops lie off their main
	// path (a special case's slow path): those iterate through the
	// main path alone.
	var predicted []Loop
	var ranges [][2]int
	skips := map[int]bool{} // headers of loops whose nested loops are skipped
	for _, lp := range loops {
		it := g.Iteration(lp, loops, opt.ThreadsPerBlock)
		nested := g.NestedRun(lp, loops) && len(it.Trips) == 0
		if nested && len(it.Blocks) == len(lp.Blocks) {
			continue // every iteration runs a nested loop of unknown trip count
		}
		skips[lp.Header] = nested
		predicted = append(predicted, it)
		body := g.Body(it)
		ranges = append(ranges, [2]int{body[0].Offset, body[len(body)-1].Offset})
	}
	lanes := laneAddresses(f.Instructions, ranges)
	for _, lp := range predicted {
		inner++
		var spins map[int]int
		if !skips[lp.Header] {
			lp, spins = g.spinRounds(lp, loops, lanes)
		}
		body := g.Body(lp)
		lr, paths, err := predictIteration(m, g, lp, warps, (opt.ThreadsPerBlock+31)/32, opt.Level, opt.Pattern, lanes)
		if err != nil {
			k.Notes = append(k.Notes, fmt.Sprintf("loop at %#04x: %v", lp.StartOffset, err))
			continue
		}
		lr.StartOffset, lr.EndOffset, lr.Depth, lr.Blocks = lp.StartOffset, lp.EndOffset, lp.Depth, len(lp.Blocks)
		if len(lp.SpecialGuards) > 0 {
			var offs []string
			for _, o := range lp.SpecialGuards {
				offs = append(offs, fmt.Sprintf("%#04x", o))
			}
			lr.Notes = append(lr.Notes, fmt.Sprintf("assumed: the branches at %s guard a math library's special cases (an absolute value beyond a range limit: infinity, an overflow or reduction threshold, a subnormal) that do not run; the blocks only they lead to are left out", strings.Join(offs, ", ")))
		}
		if len(lp.PeriodicGuards) > 0 {
			var offs []string
			for _, o := range slices.Sorted(maps.Keys(lp.PeriodicGuards)) {
				offs = append(offs, fmt.Sprintf("%#04x (once in %d)", o, lp.PeriodicGuards[o]))
			}
			lr.Notes = append(lr.Notes, fmt.Sprintf("assumed: the branches at %s guard blocks that run once in that many iterations (the loop counter's low bits equal to a constant); those blocks are left out of the iteration", strings.Join(offs, ", ")))
		}
		if lp.waitKept {
			lr.Notes = append(lr.Notes, fmt.Sprintf("assumed: the switch of cp.async waits (cuda::pipeline's consumer_wait) takes its case of %d batches left in flight (DEPBAR.LE SB0, %d: those committed before the loop and in an iteration, less the one waited for); its other cases are left out", lp.waitK, lp.waitK))
		}
		if lr.Blocks > 1 && paths == 0 {
			lr.Notes = append(lr.Notes, fmt.Sprintf("assumed: all %d blocks of the loop run each iteration (conditional code counted as taken)", lr.Blocks))
		}
		var calls []string
		for _, in := range body {
			if len(g.callee(in)) > 0 {
				calls = append(calls, fmt.Sprintf("%#04x", in.Offset))
			}
		}
		switch {
		case len(calls) > 0 && paths > 0:
			lr.Notes = append(lr.Notes, fmt.Sprintf("assumed: the calls at %s run the compiler's 64-bit integer division routine, counted after each call on the paths through it (where a uniform branch chooses between the routine and the 32-bit path beside it, each is a path of its own)", strings.Join(calls, ", ")))
		case len(calls) > 0:
			lr.Notes = append(lr.Notes, fmt.Sprintf("assumed: the calls at %s run the compiler's 64-bit integer division routine, counted in the iteration after each call (operands beyond 32 bits; the 32-bit path beside it is counted too)", strings.Join(calls, ", ")))
		}
		if len(lp.Trips) > 0 {
			var trips []string
			offs := slices.Sorted(maps.Keys(lp.Trips))
			for _, o := range offs {
				trips = append(trips, fmt.Sprintf("%#04x %d times", o, lp.Trips[o]))
			}
			lr.Notes = append(lr.Notes, fmt.Sprintf("assumed: the loops nested in this one run their bodies each iteration as their counters say for blocks of %d threads (a counter from a constant or the block's size, stepped by a constant, against a constant; a loop that may also leave early on data is taken at its counter's bound, a warp running until its last lane leaves): at %s", opt.ThreadsPerBlock, strings.Join(trips, ", ")))
		}
		nested := skips[lp.Header]
		if !lp.Innermost && !nested && len(lp.Trips) == 0 {
			var runs []string
			for _, o := range slices.Sorted(maps.Keys(spins)) {
				runs = append(runs, fmt.Sprintf("%#04x %d time%s", o, spins[o], plural(spins[o])))
			}
			lr.Notes = append(lr.Notes, fmt.Sprintf("assumed: the compare-and-swap retry loops nested in this one run twice an iteration where a warp's lanes may share a word (the corpora's shared retry loops measured about one round more wherever lanes collided, however many shared a word), once where none does, every lane shares one (a leader's update) or the word is global, no other warp changing it in between: %s", strings.Join(runs, ", ")))
		}
		if nested {
			lr.Notes = append(lr.Notes, "assumed: the loops nested in this one lie off its main path (a conditional slow path, predicted above or below as a loop of its own) and do not run: the blocks that lead only into them or come only out of them are left out too")
		}
		k.Loops = append(k.Loops, *lr)
	}
	if inner == 0 {
		k.Notes = append(k.Notes, "no loop: the control flow has no back edge, so there is no iteration to predict; the instruction mix below is what can still be said")
		mix()
	}
	return k, inner
}

// predictIteration predicts an iteration of it at warps per SM: the
// body of all its blocks (analyzeLoopBlock), or, where its uniform
// branches choose between arms of code (Graph.UniformPaths: a warp runs
// one arm an iteration), each path's body on its own, the iteration the
// mean of the paths' cycles, each path taken as likely as another (a
// switch on the loop counter's bits visits its cases in turn). The
// report's tables are the whole body's; its cycles, throughput, bound,
// Paths and a note are the paths'. paths is how many were averaged, 0
// for the whole body alone (also where a path could not be predicted).
func predictIteration(m *Machine, g *Graph, it Loop, warps, blockWarps int, level, pattern string, lanes map[int]laneAccess) (_ *LoopReport, paths int, _ error) {
	r, err := analyzeLoopBlock(m, g.Body(it), warps, blockWarps, level, pattern, lanes)
	if err != nil {
		return nil, 0, err
	}
	arms := g.UniformPaths(it, func(off int) bool { return lanes[off].uniformBranch })
	if arms == nil {
		return r, 0, nil
	}
	// Each path is named by its own blocks: those not every path runs.
	common := map[int]int{}
	for _, blocks := range arms {
		for _, b := range blocks {
			common[b]++
		}
	}
	var ps []PathReport
	var sum float64
	slowest := 0
	for _, blocks := range arms {
		pr := PathReport{}
		for _, b := range blocks {
			if common[b] < len(arms) {
				pr.Blocks = append(pr.Blocks, g.Blocks[b].StartOffset)
			}
		}
		p := it
		p.Blocks = blocks
		body := g.Body(p)
		lr, err := analyzeLoopBlock(m, body, warps, blockWarps, level, pattern, lanes)
		if err != nil {
			return r, 0, nil // the whole body's prediction stands
		}
		pr.Instructions, pr.Cycles, pr.Bound, pr.Kind = len(body), lr.Cycles, lr.Bound, lr.Kind
		sum += pr.Cycles
		ps = append(ps, pr)
		if pr.Cycles > ps[slowest].Cycles {
			slowest = len(ps) - 1
		}
	}
	var what []string
	for _, p := range ps {
		var own []string
		for _, o := range p.Blocks {
			own = append(own, fmt.Sprintf("%#04x", o))
		}
		what = append(what, fmt.Sprintf("through %s, %d instructions: %.1f (%s)", strings.Join(own, ", "), p.Instructions, p.Cycles, p.Bound))
	}
	r.Notes = append(r.Notes, fmt.Sprintf("assumed: the loop's uniform branches (predicates the same in every lane) take one arm of code an iteration, not both: the prediction is the mean of its %d paths, each as likely (the bound named is the slowest path's; the tables are every block's, %.1f cycles together): %s", len(ps), r.Cycles, strings.Join(what, "; ")))
	r.Cycles = sum / float64(len(ps))
	r.IterationsPerKcycle = 1000 * float64(warps) / r.Cycles
	r.Bound, r.Kind, r.Paths = ps[slowest].Bound, ps[slowest].Kind, ps
	return r, len(ps), nil
}

// spinRounds is SpinRounds with each compare-and-swap's rounds from its
// lanes' addresses (casRounds, to the nearest whole round), for a loop
// that runs no other nested loop (none of known trip count).
func (g *Graph) spinRounds(lp Loop, loops []Loop, lanes map[int]laneAccess) (Loop, map[int]int) {
	if lp.Innermost || len(lp.Trips) > 0 {
		return lp, nil
	}
	return g.SpinRounds(lp, loops, func(cas sass.Instruction) int {
		op, _ := memoryOp(cas)
		return int(math.Round(casRounds(lanes[cas.Offset], op.bytes)))
	})
}

// Occupancy is how many warps of a kernel an SM holds, and what limits it.
type Occupancy struct {
	WarpsPerSM      int    `json:"warps_per_sm"`
	BlocksPerSM     int    `json:"blocks_per_sm,omitempty"`
	ThreadsPerBlock int    `json:"threads_per_block,omitempty"`
	Limiter         string `json:"limiter"`
}

// ComputeOccupancy applies the driver's occupancy rules: blocks per SM
// limited by warps (MaxWarps), blocks (MaxBlocks), registers (each warp's
// allocation rounded up to RegisterUnit, a scheduler's quarter of the
// register file holding whole warps) and shared memory (each block's plus
// SharedReserved). A kernel whose registers are unknown is limited by the
// others, and the result says so. threadsPerBlock must be 1 to
// MaxThreadsPerBlock (1024 where that is 0).
func ComputeOccupancy(lim Limits, res Resources, threadsPerBlock int) (Occupancy, error) {
	most := lim.MaxThreadsPerBlock
	if most <= 0 {
		most = 1024
	}
	if threadsPerBlock < 1 || threadsPerBlock > most {
		return Occupancy{}, fmt.Errorf("occupancy: %d threads per block: want 1 to %d", threadsPerBlock, most)
	}
	warpsPerBlock := (threadsPerBlock + 31) / 32
	type limit struct {
		name   string
		blocks int
	}
	ls := []limit{
		{"warps per SM", lim.MaxWarps / warpsPerBlock},
		{"blocks per SM", lim.MaxBlocks},
	}
	if res.Registers > 0 {
		unit := max(1, lim.RegisterUnit)
		perWarp := (res.Registers*32 + unit - 1) / unit * unit
		sub := max(1, lim.SubPartitions)
		warpsPerSub := lim.Registers / sub / perWarp
		ls = append(ls, limit{fmt.Sprintf("registers (%d per thread)", res.Registers), warpsPerSub * sub / warpsPerBlock})
	}
	perBlock := res.SharedBytes + lim.SharedReserved
	if res.SharedBytes > 0 && perBlock > 0 {
		ls = append(ls, limit{fmt.Sprintf("shared memory (%d bytes per block)", res.SharedBytes), lim.SharedBytes / perBlock})
	}
	sort.SliceStable(ls, func(i, j int) bool { return ls[i].blocks < ls[j].blocks })
	b := ls[0]
	if b.blocks < 1 {
		return Occupancy{}, fmt.Errorf("occupancy: no block of %d threads fits an SM (limited by %s)", threadsPerBlock, b.name)
	}
	o := Occupancy{WarpsPerSM: b.blocks * warpsPerBlock, BlocksPerSM: b.blocks, ThreadsPerBlock: threadsPerBlock, Limiter: b.name}
	if res.Registers == 0 {
		o.Limiter += "; registers unknown"
	}
	return o, nil
}
