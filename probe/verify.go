package probe

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
// (Inspector), else the runner's Disassembler reads the module's binary;
// without either, nothing is verified and the records say why.
type Verifier interface {
	// Chain checks a chain module (see chainCheck).
	Chain(c chainCheck) (lat, tp *record.CodeCheck)
	// Kernel checks kernel's timed loop against spec's expectations:
	// needed instructions, steps chain steps an iteration, the kernel
	// launched threads wide.
	Kernel(kernel string, spec ChainSpec, needed, steps, threads int) *record.CodeCheck
	// Loop checks that kernel's loop body holds the instructions of
	// expect needed times, steps chain steps an iteration.
	Loop(kernel string, expect []string, needed, steps int) *record.CodeCheck
	// LoopText is kernel's timed loop, an instruction a line; nil where
	// the machine code cannot say.
	LoopText(kernel string) []string
}

// chainCheck is a chain module to verify: its spec and kernels, the
// latency kernels' lengths (ascending), the throughput kernels' ILPs, a
// warp's threads and the widest launch's.
type chainCheck struct {
	spec          ChainSpec
	cs            *chainSet
	lengths, ilps []int
	warp, threads int
}

// longest is the longest latency kernel's length.
func (c chainCheck) longest() int { return c.lengths[len(c.lengths)-1] }

// readMachineCode has the backend's way of reading prog's machine code
// answer for it: the driver's report where the program gives one, else
// the disassembler's listing (listed).
func (r *Runner) readMachineCode(ctx context.Context, prog Program) Verifier {
	if in, ok := prog.(Inspector); ok {
		return reported{in}
	}
	return r.listed(ctx, prog)
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
	c := chainCheck{spec: spec, cs: cs, lengths: lengths, ilps: r.ilps(spec), warp: r.WarpSize(), threads: threads[len(threads)-1]}
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
func (u unverified) Chain(c chainCheck) (lat, tp *record.CodeCheck) {
	return u.Loop("", c.spec.Expect, 0, 0), u.Loop("", c.spec.Expect, 0, 0)
}

// Kernel implements Verifier.
func (u unverified) Kernel(kernel string, spec ChainSpec, _, _, _ int) *record.CodeCheck {
	return u.Loop(kernel, spec.Expect, 0, 0)
}

// Loop implements Verifier.
func (u unverified) Loop(kernel string, expect []string, _, _ int) *record.CodeCheck {
	return &record.CodeCheck{Status: CodeNotVerified, Expected: expect, Kernel: kernel, Note: u.note}
}

// LoopText implements Verifier.
func (unverified) LoopText(string) []string { return nil }
