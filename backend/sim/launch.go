package sim

import (
	"encoding/binary"
	"fmt"

	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
)

// launch is one launch of a kernel on the simulated GPU. As a
// kernel.Lowerer it runs a kernel by its kind (a kind added to the
// Lowerer does not compile here until the simulated GPU runs it). A
// kernel of no module its Codegen wrote is refused (unknown).
type launch struct {
	p    *program
	name string
	grid engine.Grid
	args []any
	out  []byte
}

var _ kernel.Lowerer = (*launch)(nil)

var le = binary.LittleEndian

// LatencyChain: the clock reads' overhead and Latency a step.
func (l *launch) LatencyChain(k kernel.LatencyChainSpec) error {
	le.PutUint64(l.out, uint64(l.p.g.Overhead+l.p.g.Latency*float64(k.Length)))
	return nil
}

// ThroughputChain: k.ILP chains, steps sized as the runner sizes a
// single instruction's body (BodySteps).
func (l *launch) ThroughputChain(k kernel.ThroughputChainSpec) error {
	l.issue(k.ILP)
	return nil
}

// MixLoop: as a throughput kernel of its first part's chains, the same
// shape of answer, which is all the command-line tests need.
func (l *launch) MixLoop(k kernel.MixLoopSpec) error {
	ilp := 0
	if len(k.Parts) > 0 {
		ilp = k.Parts[0].ILP
	}
	l.issue(ilp)
	return nil
}

// StreamLoop: at the issue peak.
func (l *launch) StreamLoop(kernel.StreamLoopSpec) error {
	l.issue(0)
	return nil
}

// issue writes the warp records of a loop of ilp chains (0: one
// instruction an iteration) at the SM's peak rate, or at the chains'
// latency where they cannot fill it. args: out, sink, iterations, ...
func (l *launch) issue(ilp int) {
	g := l.p.g
	blocks, threads := l.grid.Blocks, l.grid.Threads
	steps := 0
	if ilp > 0 {
		steps = ilp * max(1, g.BodySteps/ilp)
	}
	warps := blocks * threads / 32
	perSM := float64(warps / g.SMs)
	peak := g.Peak
	if g.PeakOf != nil {
		if v := g.PeakOf(l.name); v > 0 {
			peak = v
		}
	}
	rate := peak
	if ilp > 0 {
		rate = min(peak, perSM*float64(ilp)/g.Latency)
	}
	inst := float64(l.args[2].(uint32)) * float64(max(steps, 1))
	span := perSM * inst / rate
	for w := range warps {
		sm := uint32((w * 32 / threads) % g.SMs)
		WriteWarp(l.out, w, 1000, 1000+uint64(span), 7000, 7000+uint64(span/g.ClockHz*1e9), sm)
	}
}

// ClockSpin: blocks go round-robin over SMs, as many at once as
// MaxBlocksPerSM says; each later wave starts when the one before ends,
// every warp spinning args[1] timer ticks (ns; SpinFraction of them where
// set) and writing its warp record with the slot, block and warp it ran
// as. args: out, ticks.
func (l *launch) ClockSpin(kernel.ClockSpinSpec) error {
	g, blocks, threads := l.p.g, l.grid.Blocks, l.grid.Threads
	fit, _ := l.p.MaxBlocksPerSM(l.name, threads, l.grid.SharedBytes)
	ns := uint64(l.args[1].(uint32))
	if g.SpinFraction > 0 {
		ns = uint64(float64(ns) * g.SpinFraction)
	}
	cycles := func(t uint64) uint64 { return uint64(float64(t) * g.ClockHz / 1e9) }
	wpb := (threads + 31) / 32
	for b := range blocks {
		wave := uint64(b / (g.SMs * fit))
		start := 5000 + wave*(ns+700) + uint64(b%(g.SMs*fit))*20
		for w := range wpb {
			i := b*wpb + w
			WriteWarp(l.out, i, cycles(start), cycles(start+ns), start, start+ns, uint32(b%g.SMs))
			rec := l.out[i*engine.WarpRecordBytes:]
			le.PutUint32(rec[36:], uint32((b/g.SMs)%fit*wpb+w))
			le.PutUint32(rec[40:], uint32(b))
			le.PutUint32(rec[44:], uint32(w))
		}
	}
	return nil
}

// ChaseInit: the chain lives only in the latency model (MemoryLatency).
func (l *launch) ChaseInit(kernel.ChaseInitSpec) error { return nil }

// Chase: MemoryLatency of the footprint, a step. args: [base,] elems,
// bits, stride, chains, seed, steps, out, guard.
func (l *launch) Chase(k kernel.ChaseSpec) error {
	g := l.p.g
	i := 0
	if k.Space != "shared" {
		i = 1
	}
	elems, stride, chains := l.args[i].(uint32), l.args[i+2].(uint32), l.args[i+3].(uint32)
	steps := l.args[i+5].(uint32)
	out := g.bufs[l.args[i+6].(engine.Ptr)]
	per := g.MemoryLatency(float64(elems)*float64(stride), l.name, int(stride), l.grid.Blocks == 1 && chains > 1)
	for c := range chains {
		cycles := per * float64(steps)
		le.PutUint64(out[8*c:], uint64(cycles))
		le.PutUint64(out[8*(kernel.ChaseSlots+int(c)):], uint64(cycles/g.ClockHz*1e9))
	}
	return nil
}

// ConstBase: the constant table at 0x10000.
func (l *launch) ConstBase(kernel.ConstBaseSpec) error {
	le.PutUint64(l.out, 0x10000)
	return nil
}

// Barrier: 20 cycles plus 2 a warp per barrier. args: out, iters.
func (l *launch) Barrier(kernel.BarrierSpec) error {
	iters := uint64(l.args[1].(uint32))
	le.PutUint64(l.out, iters*uint64(20+2*l.grid.Threads/32))
	return nil
}

// AtomicChain: 100 cycles a dependent atomic, times the lanes on one
// word. args: out, buf, iters, ways.
func (l *launch) AtomicChain(kernel.AtomicChainSpec) error {
	g := l.p.g
	iters, ways := uint64(l.args[2].(uint32)), uint64(min(l.args[3].(uint32), 32))
	span := iters * 100 * ways
	for w := range l.grid.Blocks * l.grid.Threads / 32 {
		WriteWarp(l.out, w, 1000, 1000+span, 500, 500+uint64(float64(span)/g.ClockHz*1e9), uint32((w*32/l.grid.Threads)%g.SMs))
	}
	return nil
}

// LaunchStamp: stamped by LaunchBatch.
func (l *launch) LaunchStamp(kernel.LaunchStampSpec) error { return nil }

// BranchLoop: 40 cycles an iteration. args: out, iters, mask.
func (l *launch) BranchLoop(kernel.BranchLoopSpec) error {
	le.PutUint64(l.out, uint64(l.args[1].(uint32))*40)
	return nil
}

// FenceLoop: 100 cycles an iteration. args: out, buf, iters.
func (l *launch) FenceLoop(kernel.FenceLoopSpec) error {
	le.PutUint64(l.out, uint64(l.args[2].(uint32))*100)
	return nil
}

// BankLoads: from shared memory, 32 banks of 4 bytes (a stride-s word
// access is a gcd(s, 32)-way conflict; args: out, stride, iters, guard);
// from global memory, the L1 ("ca") delivering four 32-byte sectors a
// clock, the L2 ("cg") two (args: out, buf, stride, iters, zero, guard,
// group, jump).
func (l *launch) BankLoads(k kernel.BankLoadsSpec) error {
	if k.CacheOp == "" {
		stride, iters := int(l.args[1].(uint32)), int(l.args[2].(uint32))
		ways := 1
		if stride > 0 {
			ways = gcd(stride*k.Width/4, 32) * k.Width / 4
		}
		le.PutUint64(l.out, uint64(iters*32*8*ways))
		return nil
	}
	stride, iters := int(l.args[2].(uint32)), int(l.args[3].(uint32))
	group, jump := int(l.args[6].(uint32)), int(l.args[7].(uint32))
	sectors := map[int]bool{}
	for lane := range 32 {
		sectors[((lane%group)*stride*k.Width+(lane/group)*jump)/32] = true
	}
	perClock := 4.0
	if k.CacheOp == "cg" {
		perClock = 2
	}
	cost := max(1, float64(len(sectors))/perClock)
	le.PutUint64(l.out, uint64(float64(iters*32*8)*cost))
	return nil
}

// errCoopMat refuses the cooperative-matrix kinds, as the PTX the
// simulated GPU takes does.
var errCoopMat = fmt.Errorf("%w: the simulated GPU runs PTX, which has no cooperative matrices", kernel.ErrUnsupported)

func (l *launch) CoopMatInit(kernel.CoopMatInitSpec) error             { return errCoopMat }
func (l *launch) CoopMatLatency(kernel.CoopMatLatencySpec) error       { return errCoopMat }
func (l *launch) CoopMatThroughput(kernel.CoopMatThroughputSpec) error { return errCoopMat }

// MatrixLoop: 32 cycles an instruction group per warp, whatever the
// form; a latency loop (Chain dependent instructions an iteration) 32
// cycles each and 10 for the loop. Arguments: out, iters, seed.
func (l *launch) MatrixLoop(k kernel.MatrixLoopSpec) error {
	g, blocks, threads := l.p.g, l.grid.Blocks, l.grid.Threads
	iters := uint64(l.args[1].(uint32))
	span := iters * 32
	if k.Chain > 0 {
		span = iters * uint64(10+32*k.Chain)
	}
	for w := range blocks * threads / 32 {
		WriteWarp(l.out, w, 1000, 1000+span, 500, 500+uint64(float64(span)/g.ClockHz*1e9), uint32((w*32/threads)%g.SMs))
	}
	return nil
}
