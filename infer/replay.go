package infer

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/gpuarch/gpuarch/sass"
)

// Replaying machine code on the inferred layout.
//
// Predict sees a mix as its instruction counts. The machine code says more:
// the order ptxas chose (it may interleave two classes for half the loop
// and leave the rest to one of them), which instruction waits for which,
// and which registers each reads from the register file. Replay runs a
// loop body, as measured, on one scheduler of the inferred layout cycle by
// cycle, the way simulators of the GPU's pipeline do (GPGPU-Sim,
// Accel-Sim) and llvm-mca does for CPU ports, with what the layout does
// not say (how register reads cost and how an instruction spread over
// pipelines picks one) chosen by fitting the pairs' mixes.

// IssueModel is what the replay takes beyond the inferred layout.
type IssueModel struct {
	// BankPenalty is the issue cycles an instruction costs per register
	// read beyond the first from its busiest register bank: 0 ignores
	// the register file, 1 reads one operand per bank a cycle.
	BankPenalty float64
	// Alternate makes an instruction spread over several pipelines take
	// them in turn, warp by warp, instead of the first one free.
	Alternate bool
}

func (m IssueModel) String() string {
	d := "first free pipeline"
	if m.Alternate {
		d = "pipelines in turn"
	}
	return fmt.Sprintf("bank penalty %.2f, %s", m.BankPenalty, d)
}

// Loop is a mix's measured loop body.
type Loop struct {
	ID string
	// Body is the timed loop's machine code, an instruction a line.
	Body []string
	// WarpsPerSM is the occupancy it ran at.
	WarpsPerSM int
	// Counted is how many of Body's instructions a loop iteration counts
	// toward Rate (the mix's own; the loop counter and branch are not).
	Counted int
	// Rate is the measured rate, warp instructions per clock per SM.
	Rate float64
	// Latencies, when set, holds one latency in cycles per Body
	// instruction, overriding the class's where positive: what the
	// caller knows of instructions outside the layout (loads at a memory
	// level, tensor and shuffle instructions).
	Latencies []float64
	// LoopControl, when positive, is the cycles a warp waits after
	// issuing Body's last instruction (the taken back-branch) before it
	// can issue the next iteration's first; other warps issue meanwhile.
	LoopControl float64
	// Controls, when set, holds the control fields of every Body
	// instruction (sass.Control, from the cubin): each warp then issues
	// as they direct, an instruction its predecessor's stall count after
	// it and once the scoreboard barriers it waits on are released (a
	// write barrier its setter's latency after issue, a read barrier
	// the cycle after), in place of tracking registers; and after the
	// taken back-branch, Body's last instruction, no sooner than Branch
	// cycles (LoopControl is then unused).
	Controls []sass.Control
	Branch   float64
	// Occupancies, when set, holds per Body instruction the cycles it
	// holds its pipeline where positive and longer than the pipeline's
	// own interval: what the caller measured of an instruction slower
	// than its class (IMAD.WIDE and IMAD.HI at half the IMAD
	// pipeline's rate).
	Occupancies []float64
}

// Replayed is what the replay of a loop found.
type Replayed struct {
	// Rate is the predicted rate, warp instructions (counted ones) per
	// clock per SM.
	Rate float64
	// Share of the cycles by what happened: an instruction issued, the
	// register file was still reading an earlier one's operands, a
	// ready instruction's pipelines were all busy, every warp waited on
	// a result.
	Issued, Register, Pipeline, Dependency float64
}

// Limit names what held the replay's cycles most, beside issuing.
func (r Replayed) Limit() string {
	type part struct {
		name string
		v    float64
	}
	ps := []part{{"register reads", r.Register}, {"busy pipelines", r.Pipeline}, {"dependencies", r.Dependency}}
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].v > ps[j].v })
	if ps[0].v < 0.02 {
		return "issue"
	}
	return ps[0].name
}

// step is one instruction of a compiled loop.
type step struct {
	pipes   []int // candidate pipelines; none: an issue slot only
	class   int   // index for Alternate's turn; -1 when not spread
	latency int   // cycles until its results can be read
	reads   int   // register-file read cycles (BankReads)
	dst     []int // interned registers
	src     []int // interned registers
	// ctl is the control fields, nil when unknown.
	ctl *sass.Control
	// branch is true for a BRA.
	branch bool
	// occupy is the cycles the instruction holds its pipeline
	// (Loop.Occupancies); 0 for the pipeline's own interval.
	occupy float64
}

// MIOQueue is how many warp instructions of variable latency may wait
// for a busy pipeline without holding up the scheduler. Such
// instructions (those whose control fields set a scoreboard write
// barrier: MUFU, shuffles, shared and global memory) are dispatched
// through the MIO queue, and a warp stalls on one only when that queue is
// full (Nsight Compute's "MIO Throttle" stall reason: "waiting for the MIO
// instruction queue to be not full ... special math instructions, dynamic
// branches, as well as shared memory instructions"); fixed-latency
// instructions wait at their pipeline, as the pair mixes' fit confirms (a
// queue there fitted them worse). The depth is not measured: the
// analyze corpus predicts the same from 1 to 100, so the least is taken.
const MIOQueue = 1

// queued says whether s goes through the MIO queue: it has a write
// barrier, which only the control fields tell.
func (s *step) queued() bool { return s.ctl != nil && s.ctl.WriteBarrier != sass.NoBarrier }

// ClassOf maps an opcode to the class named by its opcode or an opcode
// prefix ("LOP3" for "LOP3.LUT", "IDP.4A" for "IDP.4A.U8.U8"), the
// longest that matches; "" when none does.
func ClassOf(op string, classes []string) string {
	best := ""
	for _, c := range classes {
		if (op == c || strings.HasPrefix(op, c+".")) && len(c) > len(best) {
			best = c
		}
	}
	return best
}

// compile turns a loop body into steps on l's pipelines. latency maps
// class names to their measured latency in cycles; an instruction of no
// known class is given the shortest latency known.
func (l *Layout) compile(body []string, latency map[string]float64, override []float64, controls []sass.Control) ([]step, error) {
	if len(body) == 0 {
		return nil, fmt.Errorf("empty loop body")
	}
	if override != nil && len(override) != len(body) {
		return nil, fmt.Errorf("%d latencies for %d instructions", len(override), len(body))
	}
	if controls != nil && len(controls) != len(body) {
		return nil, fmt.Errorf("%d control fields for %d instructions", len(controls), len(body))
	}
	var classes []string
	for c := range l.rate {
		classes = append(classes, c)
	}
	sort.Strings(classes)
	shortest := math.Inf(1)
	for _, v := range latency {
		if v > 0 {
			shortest = math.Min(shortest, v)
		}
	}
	if math.IsInf(shortest, 1) {
		shortest = 1
	}
	regs := map[sass.Reg]int{}
	intern := func(r sass.Reg) int {
		if i, ok := regs[r]; ok {
			return i
		}
		regs[r] = len(regs)
		return len(regs) - 1
	}
	flexIndex := map[string]int{}
	for i, f := range l.Flexible {
		flexIndex[f.Name] = i
	}
	out := make([]step, 0, len(body))
	for k, line := range body {
		in, err := sass.ParseInstruction(line)
		if err != nil {
			return nil, err
		}
		u := in.Use()
		s := step{class: -1, latency: int(math.Ceil(shortest)), reads: u.BankReads(sass.RegisterBanks)}
		if c := ClassOf(in.Opcode, classes); c != "" {
			s.pipes = l.candidates(c)
			if v, ok := latency[c]; ok && v > 0 {
				s.latency = int(math.Round(v))
			}
			if i, ok := flexIndex[c]; ok {
				s.class = i
			}
		}
		if override != nil && override[k] > 0 {
			s.latency = int(math.Round(override[k]))
		}
		if controls != nil {
			s.ctl = &controls[k]
		}
		s.branch = in.Base() == "BRA"
		for _, r := range u.Writes {
			s.dst = append(s.dst, intern(r))
		}
		for _, r := range u.Reads {
			s.src = append(s.src, intern(r.Reg))
		}
		out = append(out, s)
	}
	return out, nil
}

// PipeRate is the rate, warp instructions per clock per SM, of the one
// pipeline opcode's class issues to; ok false for an opcode of no class
// or of a class spread over several.
func (l *Layout) PipeRate(opcode string) (float64, bool) {
	var classes []string
	for c := range l.rate {
		classes = append(classes, c)
	}
	c := ClassOf(opcode, classes)
	if c == "" {
		return 0, false
	}
	ps := l.candidates(c)
	if len(ps) != 1 {
		return 0, false
	}
	return l.Pipelines[ps[0]].Rate, true
}

// candidates are the pipelines a class may issue to: a spread class's own
// pipeline first, then the ones it shares.
func (l *Layout) candidates(c string) []int {
	ps := append([]int(nil), l.allowed[c]...)
	sort.SliceStable(ps, func(i, j int) bool { return l.Pipelines[ps[i]].Own == c && l.Pipelines[ps[j]].Own != c })
	return ps
}

// Replay runs loop on one scheduler of the layout with model m: the
// scheduler's share of the SM's warps, each running the body from the top,
// one instruction issued a cycle at most, greedy-then-oldest (the warp
// that issued last keeps issuing while it can, as GPGPU-Sim's GTO
// scheduler). An instruction issues when its sources are ready (latency
// after their producer issued), a candidate pipeline is free (each takes a
// warp instruction every Issue/rate cycles; an instruction of variable
// latency, known from its control fields, may queue behind MIOQueue
// others and starts when the pipeline takes it) and the register file has read
// the operands of the one before (1 + BankPenalty × (BankReads - 1)
// cycles). The first pass of every warp warms up; the rate is taken over
// two more.
func (l *Layout) Replay(loop Loop, latency map[string]float64, m IssueModel) (Replayed, error) {
	prog, err := l.compile(loop.Body, latency, loop.Latencies, loop.Controls)
	if err != nil {
		return Replayed{}, fmt.Errorf("loop %s: %w", loop.ID, err)
	}
	if loop.Occupancies != nil {
		if len(loop.Occupancies) != len(prog) {
			return Replayed{}, fmt.Errorf("loop %s: %d occupancies for %d instructions", loop.ID, len(loop.Occupancies), len(prog))
		}
		for k, o := range loop.Occupancies {
			prog[k].occupy = max(0, o)
		}
	}
	return l.replay(prog, loop, m)
}

func (l *Layout) replay(prog []step, loop Loop, m IssueModel) (Replayed, error) {
	if loop.WarpsPerSM < 1 || loop.Counted < 1 {
		return Replayed{}, fmt.Errorf("loop %s: %d warps per SM, %d counted instructions", loop.ID, loop.WarpsPerSM, loop.Counted)
	}
	issue := math.Max(1, l.Issue)
	warps := max(1, int(math.Round(float64(loop.WarpsPerSM)/issue)))
	interval := make([]float64, len(l.Pipelines))
	for i, p := range l.Pipelines {
		interval[i] = issue / p.Rate
	}
	const eps = 1e-9
	nregs := 0
	for _, s := range prog {
		for _, r := range append(s.dst, s.src...) {
			nregs = max(nregs, r+1)
		}
	}
	ready := make([][]int, warps)                // cycle each register's value is ready
	release := make([][sass.Barriers]int, warps) // cycle each scoreboard barrier is released
	turn := make([][]int, warps)                 // Alternate's next pipeline per spread class
	pc := make([]int, warps)
	// next is the cycle each warp's next instruction has its registers
	// ready; only the warp's own issues change it.
	next := make([]int, warps)
	for w := range warps {
		ready[w] = make([]int, nregs)
		turn[w] = make([]int, len(l.Flexible))
	}
	busy := make([]float64, len(l.Pipelines)) // cycles each pipeline is still taken
	delay := make([]int, warps)               // cycles the warp's last instruction waited at its pipeline
	rf := 0.0                                 // cycles the register file is still reading
	n := len(prog)
	warm, total := warps*n, 3*warps*n
	issued, last := 0, 0
	var t0, i0 int
	var reg, pipe, dep int
	order := make([]int, 0, warps)
	for t := 1; issued < total; t++ {
		for i := range busy {
			busy[i] = math.Max(0, busy[i]-1)
		}
		rf = math.Max(0, rf-1)
		if issued >= warm && t0 == 0 {
			t0, i0, reg, pipe, dep = t, issued, 0, 0, 0
		}
		if rf >= 1-eps {
			reg++
			continue
		}
		order = append(order[:0], last)
		for w := range warps {
			if w != last {
				order = append(order, w)
			}
		}
		sawPipe, did := false, false
		for _, w := range order {
			if next[w] > t {
				continue
			}
			s := &prog[pc[w]%n]
			// room is how far a busy pipeline may be backed up
			// and still take s.
			room := 0.0
			if s.queued() {
				room = MIOQueue
			}
			p := -1
			switch {
			case len(s.pipes) == 0:
			case m.Alternate && s.class >= 0:
				c := s.pipes[turn[w][s.class]%len(s.pipes)]
				if busy[c] < 1-eps+room*interval[c] {
					p = c
				}
			default:
				for _, c := range s.pipes {
					if busy[c] < 1-eps+room*interval[c] {
						p = c
						break
					}
				}
			}
			if len(s.pipes) > 0 && p < 0 {
				sawPipe = true
				continue
			}
			delay[w] = 0
			if p >= 0 {
				// A queued instruction starts once the pipeline
				// has taken the ones before it.
				delay[w] = max(0, int(math.Ceil(busy[p]-1+eps)))
				busy[p] += math.Max(interval[p], s.occupy)
				if s.class >= 0 {
					turn[w][s.class]++
				}
			}
			rf += 1 + m.BankPenalty*float64(max(0, s.reads-1))
			for _, r := range s.dst {
				ready[w][r] = t + delay[w] + s.latency
			}
			pc[w]++
			switch c := s.ctl; {
			case c != nil:
				next[w] = controlledNext(prog, pc[w]%n, t, delay[w], &release[w], loop.Branch)
			default:
				next[w] = readyAt(&prog[pc[w]%n], ready[w])
				if pc[w]%n == 0 && loop.LoopControl > 0 {
					next[w] = max(next[w], t+1+int(math.Round(loop.LoopControl)))
				}
			}
			issued++
			last = w
			did = true
			break
		}
		switch {
		case did:
		case sawPipe:
			pipe++
		default:
			dep++
		}
		if issued >= total {
			cycles := float64(t - t0 + 1)
			ipc := float64(issued-i0) / cycles
			return Replayed{
				Rate:   issue * ipc * float64(loop.Counted) / float64(n),
				Issued: float64(issued-i0) / cycles, Register: float64(reg) / cycles,
				Pipeline: float64(pipe) / cycles, Dependency: float64(dep) / cycles,
			}, nil
		}
	}
	return Replayed{}, fmt.Errorf("loop %s: nothing to replay", loop.ID)
}

// controlledNext is the cycle a warp may issue prog[pc] when the
// instruction before it (prog[pc-1], wrapping) issued at t and started
// delay cycles later, under the control fields: that instruction's
// barriers set (release), its stall count, the branch's delay after the
// body's last instruction when it is a branch, and the barriers prog[pc]
// waits on.
func controlledNext(prog []step, pc, t, delay int, release *[sass.Barriers]int, branch float64) int {
	n := len(prog)
	prev := &prog[(pc+n-1)%n]
	c := prev.ctl
	if c.WriteBarrier < sass.Barriers {
		release[c.WriteBarrier] = max(release[c.WriteBarrier], t+delay+prev.latency)
	}
	if c.ReadBarrier < sass.Barriers {
		release[c.ReadBarrier] = max(release[c.ReadBarrier], t+1)
	}
	at := t + max(1, c.Stall)
	if pc == 0 && prev.branch {
		at = max(at, t+int(math.Round(branch)))
	}
	if w := prog[pc].ctl; w != nil {
		for b := range sass.Barriers {
			if w.Waits(b) {
				at = max(at, release[b])
			}
		}
	}
	return at
}

// readyAt is the cycle every register s reads or writes is ready (a write
// waits for an earlier write of the same register to land).
func readyAt(s *step, ready []int) int {
	at := 0
	for _, r := range s.src {
		at = max(at, ready[r])
	}
	for _, r := range s.dst {
		at = max(at, ready[r])
	}
	return at
}

// Tried is one issue model and how well it replayed the fitting loops.
type Tried struct {
	Model IssueModel
	// Error is the mean absolute relative error of the replayed rates.
	Error float64
}

// ReplayFit is the issue model chosen for a layout.
type ReplayFit struct {
	Model IssueModel
	// Tried lists every model tried, the chosen one first.
	Tried []Tried
}

// Models are the issue models FitReplay chooses from: the register file
// ignored, or costing a quarter to a whole cycle per extra read from one
// bank; spread instructions taking the first free pipeline or taking
// them in turn.
func Models() []IssueModel {
	var out []IssueModel
	for _, alt := range []bool{false, true} {
		for _, p := range []float64{0, 0.25, 0.5, 0.75, 1} {
			out = append(out, IssueModel{BankPenalty: p, Alternate: alt})
		}
	}
	return out
}

// FitReplay replays loops (the pairs' mixes: the evidence the layout was
// inferred from) under every model of Models and keeps the one with the
// smallest mean error, the first listed on a tie.
func (l *Layout) FitReplay(loops []Loop, latency map[string]float64) (ReplayFit, error) {
	if len(loops) == 0 {
		return ReplayFit{}, fmt.Errorf("no loops to fit the issue model to")
	}
	progs := make([][]step, len(loops))
	for i, lp := range loops {
		p, err := l.compile(lp.Body, latency, lp.Latencies, lp.Controls)
		if err != nil {
			return ReplayFit{}, fmt.Errorf("loop %s: %w", lp.ID, err)
		}
		progs[i] = p
	}
	var fit ReplayFit
	for _, m := range Models() {
		got, err := l.replayAll(progs, loops, m)
		if err != nil {
			return ReplayFit{}, err
		}
		sum := 0.0
		for i, r := range got {
			sum += math.Abs(r.Rate-loops[i].Rate) / loops[i].Rate
		}
		fit.Tried = append(fit.Tried, Tried{Model: m, Error: sum / float64(len(loops))})
	}
	sort.SliceStable(fit.Tried, func(i, j int) bool { return fit.Tried[i].Error < fit.Tried[j].Error })
	fit.Model = fit.Tried[0].Model
	return fit, nil
}

// ReplayAll replays every loop under m, in parallel.
func (l *Layout) ReplayAll(loops []Loop, latency map[string]float64, m IssueModel) ([]Replayed, error) {
	progs := make([][]step, len(loops))
	for i, lp := range loops {
		p, err := l.compile(lp.Body, latency, lp.Latencies, lp.Controls)
		if err != nil {
			return nil, fmt.Errorf("loop %s: %w", lp.ID, err)
		}
		progs[i] = p
	}
	return l.replayAll(progs, loops, m)
}

func (l *Layout) replayAll(progs [][]step, loops []Loop, m IssueModel) ([]Replayed, error) {
	out := make([]Replayed, len(loops))
	errs := make([]error, len(loops))
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i], errs[i] = l.replay(progs[i], loops[i], m)
			}
		}()
	}
	for i := range loops {
		next <- i
	}
	close(next)
	wg.Wait()
	return out, errors.Join(errs...)
}
