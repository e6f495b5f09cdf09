package probe

import (
	"errors"
	"fmt"

	"github.com/gpuarch/gpuarch/ptx"
	"github.com/gpuarch/gpuarch/record"
)

// KernelKind is what a probe kernel does, whatever language it is written
// in. The runner describes kernels by kind and shape; each backend's
// Codegen writes them in its own language.
type KernelKind int

// Kernel kinds the runner's chain, clock and warm-up measurements use.
const (
	// LatencyChain times one dependent chain of Length steps from one
	// subgroup (see LatencyKernel); Length 0 is the control group.
	LatencyChain KernelKind = iota + 1
	// ThroughputChain runs ILP independent chains, Unroll steps each per
	// loop iteration, and writes a warp record per subgroup (see
	// ThroughputKernel); ILP 0 is the control loop.
	ThroughputChain
	// ClockSpin has every subgroup spin on the in-kernel timer and write
	// a warp record (see ClockKernel).
	ClockSpin
	// ChaseInit builds pointer chains in global memory (see
	// ChaseInitKernel).
	ChaseInit
	// Chase follows a pointer chain in Space ("global" through CacheOp
	// "ca" or "cg", "shared", or "const") and times it (see ChaseKernel).
	Chase
	// ConstBase stores the constant table's address (see
	// ConstBaseKernel).
	ConstBase
	// StreamLoop streams over memory with Op ("ld.ca", "ld.cg", "st" or
	// "lds"), Width bytes an access, Unroll accesses in flight and ALU
	// independent FMAs after each, writing warp records (see
	// StreamKernel).
	StreamLoop
	// Barrier has every invocation of a workgroup run a loop of
	// workgroup barriers (see BarrierKernel).
	Barrier
	// AtomicChain chains atomics on Atomic (see AtomicKernel).
	AtomicChain
	// MixLoop interleaves Parts' chains in one loop, Unroll rounds per
	// iteration, writing a warp record per subgroup (see MixKernel).
	MixLoop
	// LaunchStamp has its first invocation store the device timer at its
	// start and after spinning a given time (see LaunchStampKernel).
	LaunchStamp
	// BranchLoop times Branch's control flow with one subgroup (see
	// BranchKernel).
	BranchLoop
	// FenceLoop times a store and Fence with one subgroup (see
	// FenceKernel).
	FenceLoop
	// BankLoads times one workgroup whose invocations load Width bytes
	// each in a pattern set at launch, 32 independent loads per loop
	// iteration: from shared (workgroup) memory when CacheOp is "" (see
	// BankKernel), else from global memory through the L1 ("ca") or
	// around it ("cg"; see GlobalAccessKernel).
	BankLoads
	// CoopMatInit fills a cooperative-matrix data buffer (see
	// CoopMatDataBytes) with small values of Matrix's A, B and C types.
	CoopMatInit
	// CoopMatLatency times, from one subgroup, a dependent chain of
	// Length cooperative-matrix multiply-adds of Matrix, each result the
	// next one's accumulator, as LatencyChain times a Step; Length 0 is
	// the control group.
	CoopMatLatency
	// CoopMatThroughput runs ILP independent accumulator chains of
	// Matrix, Unroll multiply-adds each per loop iteration, and writes a
	// warp record per subgroup, as ThroughputChain does.
	CoopMatThroughput
)

// KernelSpec is one kernel of a probe module, described neutrally.
type KernelSpec struct {
	Name string
	Kind KernelKind
	// Step is the chained instruction (LatencyChain, ThroughputChain).
	Step Step
	// Length is a latency chain's length.
	Length int
	// ILP and Unroll shape a throughput loop.
	ILP, Unroll int
	// Space and CacheOp say where a Chase kernel's loads go; CacheOp
	// also where a BankLoads kernel's do.
	Space, CacheOp string
	// Op, Width and ALU shape a StreamLoop kernel (with Unroll); Width
	// is also a BankLoads kernel's access width in bytes.
	Op         string
	Width, ALU int
	// Atomic is an AtomicChain kernel's operation.
	Atomic Atomic
	// Parts are a MixLoop kernel's instructions.
	Parts []Part
	// Branch is a BranchLoop kernel's pattern; Fence a FenceLoop's.
	Branch Branch
	Fence  Fence
	// Matrix is a cooperative-matrix kernel's form (CoopMatInit,
	// CoopMatLatency, CoopMatThroughput).
	Matrix CoopMat
}

// steps are the instructions a kernel chains: its Step (LatencyChain,
// ThroughputChain) or its Parts' (MixLoop).
func (k KernelSpec) steps() []Step {
	switch k.Kind {
	case LatencyChain, ThroughputChain:
		return []Step{k.Step}
	case MixLoop:
		out := make([]Step, len(k.Parts))
		for i, p := range k.Parts {
			out[i] = p.Step
		}
		return out
	}
	return nil
}

// Codegen lowers kernel descriptions to one backend's kernel language: PTX
// for CUDA, SPIR-V assembly for Vulkan. The kernels it writes take the
// same arguments in the same order whatever the language (see
// LatencyKernel, ThroughputKernel and ClockKernel), so the runner launches
// them without knowing which it has.
type Codegen interface {
	// ISA names the kernel language: "ptx" or "spirv". A Step is written
	// in one language (Step.ISA) and only that language's Codegen can
	// lower it.
	ISA() string
	// Module writes kernels as one module's source text.
	Module(kernels []KernelSpec) (string, error)
	// FMAStep is a 32-bit floating-point multiply-add chain step in this
	// language, the load that warms the GPU up.
	FMAStep() Step
	// Language says how records and kept files name this language's
	// modules and in-kernel clocks, and what its lowerings can do.
	Language() Language
	// Stamp puts the hash of a module's source in a record's provenance.
	Stamp(p *record.Provenance, hash string)
}

// Language is what the engine needs to say of a kernel language without
// naming it: the backend's Codegen describes its own.
type Language struct {
	// SourceExt and BinaryExt are the extensions of a module's kept
	// source and machine code (Runner.Artifacts).
	SourceExt, BinaryExt string
	// CycleClock and Timer name the in-kernel cycle counter and
	// nanosecond timer in records' clock sources.
	CycleClock, Timer string
	// Compiler names what compiles the language's modules on the device
	// ("PTX JIT"), in the reason of a module that did not compile.
	Compiler string
	// SharedChase says whether the global chase kernels declare dynamic
	// shared memory, so that a chase can hold shared memory it does not
	// use to move the L1/shared carve-out.
	SharedChase bool
}

// ClockSource is how records name a clock measured inside a kernel:
// cycles over the timer, where (what ran: "the kernel", "the mix kernel
// (median over SMs)").
func (l Language) ClockSource(where string) string {
	return l.CycleClock + " over " + l.Timer + " inside " + where
}

// PTX is the Codegen of the CUDA backend: PTX of the given .version and
// .target.
type PTX struct {
	Version, Target string
}

// ISA implements Codegen.
func (PTX) ISA() string { return ISAPTX }

// Language implements Codegen: modules kept as NAME.ptx and NAME.cubin,
// timed by %clock64 and %globaltimer.
func (PTX) Language() Language {
	return Language{SourceExt: ".ptx", BinaryExt: ".cubin", Compiler: "PTX JIT", CycleClock: "%clock64", Timer: "%globaltimer", SharedChase: true}
}

// Stamp implements Codegen: a PTX module's hash is the record's
// PTXSHA256.
func (PTX) Stamp(p *record.Provenance, hash string) { p.PTXSHA256 = hash }

// Kernel languages.
const (
	ISAPTX   = "ptx"
	ISASPIRV = "spirv"
)

// FMAStep implements Codegen.
func (PTX) FMAStep() Step {
	return Step{Template: "fma.rn.f32 {d}, {x}, {a0}, {a1};", Type: ptx.F32, X0: 0x3f800000, A: [4]uint64{0x3f7ff972, 0x3a83126f, 0, 0}}
}

// Module implements Codegen.
func (c PTX) Module(kernels []KernelSpec) (string, error) {
	m := &ptx.Module{Version: c.Version, Target: c.Target}
	konst := false
	for _, k := range kernels {
		for _, s := range k.steps() {
			if isa := s.isa(); isa != ISAPTX {
				return "", fmt.Errorf("kernel %s: its step is written in %s, not PTX", k.Name, isa)
			}
			if err := s.Validate(); err != nil {
				return "", fmt.Errorf("kernel %s: %w", k.Name, err)
			}
		}
		switch k.Kind {
		case LatencyChain:
			m.Add(LatencyKernel(k.Name, k.Step, k.Length))
		case ThroughputChain:
			m.Add(ThroughputKernel(k.Name, k.Step, k.ILP, k.Unroll))
		case ClockSpin:
			m.Add(ClockKernel(k.Name))
		case ChaseInit:
			m.Add(ChaseInitKernel(k.Name))
		case Chase:
			m.Add(ChaseKernel(k.Name, k.Space, k.CacheOp))
			konst = konst || k.Space == "const"
		case ConstBase:
			m.Add(ConstBaseKernel(k.Name))
			konst = true
		case StreamLoop:
			m.Add(StreamKernel(k.Name, k.Op, k.Width, k.Unroll, k.ALU))
		case Barrier:
			if k.Op == ExecutionOnly {
				return "", fmt.Errorf("kernel %s: %w: PTX's bar.sync always orders memory among the block", k.Name, ErrUnsupported)
			}
			m.Add(BarrierKernel(k.Name))
		case AtomicChain:
			m.Add(AtomicKernel(k.Name, k.Atomic))
		case MixLoop:
			m.Add(MixKernel(k.Name, k.Parts, k.Unroll))
		case LaunchStamp:
			m.Add(LaunchStampKernel(k.Name))
		case BranchLoop:
			m.Add(BranchKernel(k.Name, k.Branch))
		case FenceLoop:
			if k.Fence.PTX == "" && k.Fence.Scope != "" {
				return "", fmt.Errorf("kernel %s: %w: fence %s has no PTX form", k.Name, ErrUnsupported, k.Fence.Name)
			}
			m.Add(FenceKernel(k.Name, k.Fence.PTX))
		case BankLoads:
			if _, ok := bankSuffix[k.Width]; !ok {
				return "", fmt.Errorf("kernel %s: access width %d: not 4, 8 or 16 bytes", k.Name, k.Width)
			}
			switch k.CacheOp {
			case "":
				m.Add(BankKernel(k.Name, k.Width))
			case "ca", "cg":
				m.Add(GlobalAccessKernel(k.Name, k.Width, k.CacheOp))
			default:
				return "", fmt.Errorf("kernel %s: unknown cache operator %q", k.Name, k.CacheOp)
			}
		case CoopMatInit, CoopMatLatency, CoopMatThroughput:
			return "", fmt.Errorf("kernel %s: cooperative matrices are a Vulkan (SPIR-V) kernel; PTX reaches the matrix units through mma.sync and wgmma (MMAKernel)", k.Name)
		default:
			return "", fmt.Errorf("kernel %s: unknown kind %d", k.Name, k.Kind)
		}
	}
	// Every chase module declares the dynamic shared array (the global
	// chases hold shared memory they do not use, to move the carve-out).
	if konst || hasKind(kernels, Chase) || hasKind(kernels, StreamLoop) || hasKind(kernels, Barrier) || hasKind(kernels, AtomicChain) || hasKind(kernels, BankLoads) {
		m.Declare(".extern .shared .align 16 .b8 " + ptx.DynamicShared + "[];")
	}
	if konst {
		m.Declare(fmt.Sprintf(".const .align 8 .b8 %s[%d];", ConstTable, ConstTableBytes))
	}
	return m.String(), nil
}

func hasKind(ks []KernelSpec, kind KernelKind) bool {
	for _, k := range ks {
		if k.Kind == kind {
			return true
		}
	}
	return false
}

// unsupported says why a backend cannot write a kernel for its device
// (an ErrUnsupported from its Codegen), or "": jobs skip such a kernel's
// records rather than lose the whole module.
func unsupported(cg Codegen, k KernelSpec) string {
	if _, err := cg.Module([]KernelSpec{k}); errors.Is(err, ErrUnsupported) {
		return err.Error()
	}
	return ""
}
