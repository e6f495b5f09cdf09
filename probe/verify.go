package probe

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/sass"
)

// SASS check outcomes.
const (
	sassVerified    = "verified"
	sassInvalid     = "invalid"
	sassNotVerified = "not verified"
)

// verify checks the machine code of a chain module: the longest latency
// kernel must hold at least length*PerStep expected opcodes between its
// clock reads, and every throughput kernel's loop body at least its steps
// per iteration times PerStep. It also derives what one step compiled to.
func (r *Runner) verify(ctx context.Context, spec ChainSpec, cs *chainSet, prog Program) (lat, tp *record.SASS) {
	lat = &record.SASS{Status: sassNotVerified, Expected: spec.Expect}
	tp = &record.SASS{Status: sassNotVerified, Expected: spec.Expect}
	if r.Disasm == nil {
		lat.Note, tp.Note = sass.ErrNoDisassembler.Error(), sass.ErrNoDisassembler.Error()
		return lat, tp
	}
	listing, err := r.Disasm.Disassemble(ctx, prog.Binary())
	if err != nil {
		lat.Note = "disassembly failed: " + err.Error()
		tp.Note = lat.Note
		return lat, tp
	}
	lengths := slices.Clone(r.Config.LatencyLengths)
	sort.Ints(lengths)
	longest := lengths[len(lengths)-1]
	*lat = CheckRegion(listing, cs.latency[longest], (*sass.Function).ClockRegion, spec.Expect, longest*spec.perStep())
	if len(lengths) >= 2 && lat.Status == sassVerified {
		lat.PerStep, lat.Sequence = perStep(listing, cs.latency[lengths[len(lengths)-2]], cs.latency[longest], lengths[len(lengths)-2], longest)
	}
	// Throughput: every ILP kernel must hold its whole body; report the
	// first that does not.
	*tp = record.SASS{Status: sassVerified, Expected: spec.Expect}
	for _, ilp := range r.ilps(spec) {
		k := cs.throughput[ilp]
		c := CheckRegion(listing, k, (*sass.Function).LoopBody, spec.Expect, ilp*cs.unroll[ilp]*spec.perStep())
		if c.Status != sassVerified || tp.Kernel == "" {
			*tp = c
		}
		if c.Status != sassVerified {
			break
		}
	}
	tp.Sequence, tp.PerStep = lat.Sequence, lat.PerStep
	return lat, tp
}

// CheckRegion counts the expected opcodes in one region of a kernel.
func CheckRegion(l *sass.Listing, kernel string, region func(*sass.Function) ([]sass.Instruction, bool), expect []string, needed int) record.SASS {
	out := record.SASS{Expected: expect, Needed: needed, Kernel: kernel}
	fn, ok := l.Function(kernel)
	if !ok {
		out.Status, out.Note = sassInvalid, fmt.Sprintf("kernel %s is not in the disassembly", kernel)
		return out
	}
	instrs, ok := region(fn)
	if !ok {
		out.Status, out.Note = sassInvalid, fmt.Sprintf("kernel %s: the timed region (clock reads or loop) was not found", kernel)
		return out
	}
	counts := sass.CountsOf(instrs)
	out.Counts = counts
	for _, e := range expect {
		out.Found += counts.Matching(e)
	}
	if out.Found < needed {
		out.Status = sassInvalid
		out.Note = fmt.Sprintf("%s has %d of the %d %s the chain needs; the timed region holds %s",
			kernel, out.Found, needed, strings.Join(expect, "/"), counts)
		return out
	}
	out.Status = sassVerified
	return out
}

// perStep derives what one chain step compiled to from the difference of the
// clock regions of two chain lengths, and orders the opcodes as they first
// appear in the longer kernel.
func perStep(l *sass.Listing, shortK, longK string, short, long int) (map[string]float64, string) {
	fs, ok1 := l.Function(shortK)
	fl, ok2 := l.Function(longK)
	if !ok1 || !ok2 || long == short {
		return nil, ""
	}
	rs, ok1 := fs.ClockRegion()
	rl, ok2 := fl.ClockRegion()
	if !ok1 || !ok2 {
		return nil, ""
	}
	diff := sass.CountsOf(rl).Sub(sass.CountsOf(rs))
	per := map[string]float64{}
	for op, n := range diff {
		if v := float64(n) / float64(long-short); v > 0.01 {
			per[op] = math.Round(v*100) / 100
		}
	}
	// Order by first appearance in the long kernel's region.
	var order []string
	for _, in := range rl {
		if _, ok := per[in.Opcode]; ok && !slices.Contains(order, in.Opcode) {
			order = append(order, in.Opcode)
		}
	}
	var parts []string
	for _, op := range order {
		n := per[op]
		switch {
		case n == 1:
			parts = append(parts, op)
		case n == math.Trunc(n):
			parts = append(parts, fmt.Sprintf("%d×%s", int(n), op))
		default:
			parts = append(parts, fmt.Sprintf("%.2f×%s", n, op))
		}
	}
	return per, strings.Join(parts, " + ")
}
