package engine

import (
	"strings"

	"github.com/gpuarch/gpuarch/kernel"
)

// ChainSpec is one instruction (or short sequence) measured by dependent
// chains.
type ChainSpec struct {
	Suite   string
	Subject string // the instruction as users name it, e.g. "fma.rn.f32"
	Group   string // e.g. "f32"
	// Op is the backend-neutral operation ("fma.f32"), shared by the
	// entries of every kernel language that perform it; empty when the
	// entry has no counterpart in another language.
	Op   string
	Step kernel.Step
	// Expect lists the opcodes of the GPU's native instruction set, as its
	// disassembler names them (prefix match: "MUFU" matches
	// "MUFU.EX2") any of which implements the instruction.
	Expect []string
	// ExpectISA lists, per other machine-code family (as a driver's report
	// names it), the mnemonics (prefix match) any of which implements the
	// instruction, for drivers that report their machine code.
	ExpectISA map[string][]string
	// PerStep is how many expected opcodes each step must produce
	// (default 1).
	PerStep int
	// ResultsPerThread is how many results one instruction gives a thread
	// (2 for f16x2; default 1).
	ResultsPerThread int
	// Weight is about how many machine instructions one step becomes;
	// loop bodies hold BodySteps/Weight steps (default 1).
	Weight int
	// Note says how the chain measures the instruction when that is not
	// obvious (a helper instruction in the step, another form of it); it is
	// copied into every record.
	Note string
	// ILPs, when set, replaces Config.ILPs for this instruction (for
	// instructions that the compiler would merge across independent chains).
	ILPs []int
}

// KernelName turns an instruction name into an identifier fragment of every kernel language:
// "fma.rn.f32" -> "fma_rn_f32", "setp+selp" -> "setp_selp".
func KernelName(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	return b.String()
}

// WarpRecordBytes is the size of the per-warp timing record the throughput
// and clock kernels write: start and end cycle counter, start and end
// nanosecond timer (u64 each), then the SM, the warp's slot on it, the
// block and the warp's
// index in its block (u32 each).
const WarpRecordBytes = 48
