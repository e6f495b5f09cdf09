package engine

import (
	"context"
	"slices"
	"sort"

	"github.com/gpuarch/gpuarch/record"
)

// Machine-code check outcomes (record.CodeCheck's Status): CodeVerified
// says the machine code holds what the kernel was written to run; a job's
// record is invalid where its check is CodeInvalid; CodeNotVerified says the
// machine code could not be read, with why in the check's note.
const (
	CodeVerified    = "verified"
	CodeInvalid     = "invalid"
	CodeNotVerified = "not verified"
)

// Verifier checks a compiled module's machine code for what its kernels
// were written to run. How depends on the backend (readMachineCode): a
// program whose driver reports what it compiled answers for itself
// (CodeReporter), else the runner's CodeReader reads the module's binary
// (a disassembler's listing); without either, nothing is verified and the
// records say why.
type Verifier interface {
	// Chain checks a chain module (see ChainCheck).
	Chain(c ChainCheck) (lat, tp *record.CodeCheck)
	// Kernel checks kernel's timed loop against spec's expectations:
	// needed instructions, steps chain steps an iteration, the kernel
	// launched threads wide.
	Kernel(kernel string, spec ChainSpec, needed, steps, threads int) *record.CodeCheck
	// Loop checks that kernel's loop body holds the instructions of
	// expect needed times, steps chain steps an iteration.
	Loop(kernel string, expect []string, needed, steps int) *record.CodeCheck
	// Clocked checks that kernel's timed region (between its first and
	// last clock reads) holds at least needed instructions of the
	// expected families: the check of a kernel timed by one block.
	Clocked(kernel string, expect []string, needed int) *record.CodeCheck
	// LoopText is kernel's timed loop, an instruction a line; nil where
	// the machine code cannot say.
	LoopText(kernel string) []string
}

// CodeReporter is implemented by programs whose backend reads their
// machine code itself (a driver that reports what it compiled).
type CodeReporter interface {
	MachineCode() Verifier
}

// CodeReader reads a compiled program's machine code into a Verifier: the
// runner's way (Runner.Code) for programs that do not report their own,
// a disassembler over the program's binary.
type CodeReader interface {
	ReadCode(ctx context.Context, prog Program) Verifier
}

// NotVerified is the Verifier of machine code that cannot be read: every
// check is not verified, with why.
func NotVerified(why string) Verifier { return unverified{note: why} }

// noCodeReader is why nothing is verified on a runner without a
// CodeReader, for programs that do not report their machine code.
const noCodeReader = "machine code not verified: the runner has no way to read it"

// ChainCheck is a chain module to verify: its spec, its latency kernels
// by length (Lengths ascending) and its throughput kernels by ILP with
// the steps each chain unrolls an iteration, a warp's threads and the
// widest launch's.
type ChainCheck struct {
	Spec          ChainSpec
	Latency       map[int]string // length -> kernel
	Throughput    map[int]string // ILP -> kernel
	Unroll        map[int]int    // ILP -> unrolled steps per chain per iteration
	Lengths, ILPs []int
	Warp, Threads int
}

// Longest is the longest latency kernel's length.
func (c ChainCheck) Longest() int { return c.Lengths[len(c.Lengths)-1] }

// readMachineCode has the backend's way of reading prog's machine code
// answer for it: the driver's report where the program gives one, else
// the runner's CodeReader.
func (r *Runner) readMachineCode(ctx context.Context, prog Program) Verifier {
	if rp, ok := prog.(CodeReporter); ok {
		return rp.MachineCode()
	}
	if r.Code == nil {
		return unverified{note: noCodeReader}
	}
	return r.Code.ReadCode(ctx, prog)
}

// Verifier is c's Verifier: the one its machine code was read into, or,
// for a module that never compiled, one that verifies nothing.
func (c *Compiled) Verifier() Verifier {
	if c.code == nil {
		return unverified{note: "the module did not compile"}
	}
	return c.code
}

// checkChain checks a chain probe's machine code into its latency and
// throughput records, marking each invalid whose code lacks the
// instruction.
func (r *Runner) checkChain(ctx context.Context, spec ChainSpec, cs *chainSet, prog Program, lat, tp *record.Record) {
	lengths := slices.Clone(r.Config.LatencyLengths)
	sort.Ints(lengths)
	threads := r.threadCounts()
	c := ChainCheck{Spec: spec, Latency: cs.latency, Throughput: cs.throughput, Unroll: cs.unroll, Lengths: lengths, ILPs: r.ilps(spec), Warp: r.WarpSize(), Threads: threads[len(threads)-1]}
	lat.Code, tp.Code = r.readMachineCode(ctx, prog).Chain(c)
	for _, rec := range []*record.Record{lat, tp} {
		if rec.Code.Status == CodeInvalid {
			rec.Status, rec.Reason = record.StatusInvalid, "machine code: "+rec.Code.Note
		}
	}
}

// unverified is the Verifier of machine code that cannot be read: every
// check is not verified, with note saying why.
type unverified struct{ note string }

// Chain implements Verifier.
func (u unverified) Chain(c ChainCheck) (lat, tp *record.CodeCheck) {
	return u.Loop("", c.Spec.Expect, 0, 0), u.Loop("", c.Spec.Expect, 0, 0)
}

// Kernel implements Verifier.
func (u unverified) Kernel(kernel string, spec ChainSpec, _, _, _ int) *record.CodeCheck {
	return u.Loop(kernel, spec.Expect, 0, 0)
}

// Loop implements Verifier.
func (u unverified) Loop(kernel string, expect []string, _, _ int) *record.CodeCheck {
	return &record.CodeCheck{Status: CodeNotVerified, Expected: expect, Kernel: kernel, Note: u.note}
}

// Clocked implements Verifier.
func (u unverified) Clocked(kernel string, expect []string, _ int) *record.CodeCheck {
	return u.Loop(kernel, expect, 0, 0)
}

// LoopText implements Verifier.
func (unverified) LoopText(string) []string { return nil }
