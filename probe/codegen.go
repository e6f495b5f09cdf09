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

// KernelSpec is one kernel of a probe module, described neutrally: a
// value of one of the spec types below, one per kind, each holding what
// its kind needs and nothing else. A backend's Codegen lowers each by its
// type (a type switch: see TestEveryKindLowered).
type KernelSpec interface {
	// KernelName is the kernel's entry point in its module.
	KernelName() string
	// Kind is the kernel's kind.
	Kind() KernelKind
}

// LatencyChainSpec is a LatencyChain kernel: one dependent chain of
// Length Steps from one subgroup (Length 0 is the control group).
type LatencyChainSpec struct {
	Name   string
	Step   Step
	Length int
}

// ThroughputChainSpec is a ThroughputChain kernel: ILP independent
// chains of Step, Unroll steps each per loop iteration (ILP 0 is the
// control loop).
type ThroughputChainSpec struct {
	Name        string
	Step        Step
	ILP, Unroll int
}

// ClockSpinSpec is a ClockSpin kernel.
type ClockSpinSpec struct{ Name string }

// ChaseInitSpec is a ChaseInit kernel.
type ChaseInitSpec struct{ Name string }

// ChaseSpec is a Chase kernel: a pointer chase in Space ("global",
// "shared" or "const"), global loads through CacheOp ("ca" or "cg").
type ChaseSpec struct {
	Name           string
	Space, CacheOp string
}

// ConstBaseSpec is a ConstBase kernel.
type ConstBaseSpec struct{ Name string }

// StreamLoopSpec is a StreamLoop kernel: Op ("ld.ca", "ld.cg", "st" or
// "lds"), Width bytes an access, Unroll accesses in flight and ALU
// independent FMAs after each.
type StreamLoopSpec struct {
	Name               string
	Op                 string
	Width, Unroll, ALU int
}

// BarrierSpec is a Barrier kernel; Op ExecutionOnly asks for a barrier
// that orders execution only, "" for one that orders memory too.
type BarrierSpec struct {
	Name string
	Op   string
}

// AtomicChainSpec is an AtomicChain kernel of Atomic.
type AtomicChainSpec struct {
	Name   string
	Atomic Atomic
}

// MixLoopSpec is a MixLoop kernel: Parts' chains in one loop, Unroll
// rounds an iteration.
type MixLoopSpec struct {
	Name   string
	Parts  []Part
	Unroll int
}

// LaunchStampSpec is a LaunchStamp kernel.
type LaunchStampSpec struct{ Name string }

// BranchLoopSpec is a BranchLoop kernel of Branch's pattern.
type BranchLoopSpec struct {
	Name   string
	Branch Branch
}

// FenceLoopSpec is a FenceLoop kernel of Fence.
type FenceLoopSpec struct {
	Name  string
	Fence Fence
}

// BankLoadsSpec is a BankLoads kernel: Width bytes a lane, from shared
// memory (CacheOp "") or global memory through the L1 ("ca") or around it
// ("cg").
type BankLoadsSpec struct {
	Name    string
	Width   int
	CacheOp string
}

// CoopMatInitSpec is a CoopMatInit kernel of Matrix's types.
type CoopMatInitSpec struct {
	Name   string
	Matrix CoopMat
}

// CoopMatLatencySpec is a CoopMatLatency kernel: Length dependent
// multiply-adds of Matrix (0: the control group).
type CoopMatLatencySpec struct {
	Name   string
	Matrix CoopMat
	Length int
}

// CoopMatThroughputSpec is a CoopMatThroughput kernel: ILP accumulator
// chains of Matrix, Unroll multiply-adds each an iteration.
type CoopMatThroughputSpec struct {
	Name        string
	Matrix      CoopMat
	ILP, Unroll int
}

// KernelName and Kind implement KernelSpec.
func (k LatencyChainSpec) KernelName() string      { return k.Name }
func (k ThroughputChainSpec) KernelName() string   { return k.Name }
func (k ClockSpinSpec) KernelName() string         { return k.Name }
func (k ChaseInitSpec) KernelName() string         { return k.Name }
func (k ChaseSpec) KernelName() string             { return k.Name }
func (k ConstBaseSpec) KernelName() string         { return k.Name }
func (k StreamLoopSpec) KernelName() string        { return k.Name }
func (k BarrierSpec) KernelName() string           { return k.Name }
func (k AtomicChainSpec) KernelName() string       { return k.Name }
func (k MixLoopSpec) KernelName() string           { return k.Name }
func (k LaunchStampSpec) KernelName() string       { return k.Name }
func (k BranchLoopSpec) KernelName() string        { return k.Name }
func (k FenceLoopSpec) KernelName() string         { return k.Name }
func (k BankLoadsSpec) KernelName() string         { return k.Name }
func (k CoopMatInitSpec) KernelName() string       { return k.Name }
func (k CoopMatLatencySpec) KernelName() string    { return k.Name }
func (k CoopMatThroughputSpec) KernelName() string { return k.Name }

func (LatencyChainSpec) Kind() KernelKind      { return LatencyChain }
func (ThroughputChainSpec) Kind() KernelKind   { return ThroughputChain }
func (ClockSpinSpec) Kind() KernelKind         { return ClockSpin }
func (ChaseInitSpec) Kind() KernelKind         { return ChaseInit }
func (ChaseSpec) Kind() KernelKind             { return Chase }
func (ConstBaseSpec) Kind() KernelKind         { return ConstBase }
func (StreamLoopSpec) Kind() KernelKind        { return StreamLoop }
func (BarrierSpec) Kind() KernelKind           { return Barrier }
func (AtomicChainSpec) Kind() KernelKind       { return AtomicChain }
func (MixLoopSpec) Kind() KernelKind           { return MixLoop }
func (LaunchStampSpec) Kind() KernelKind       { return LaunchStamp }
func (BranchLoopSpec) Kind() KernelKind        { return BranchLoop }
func (FenceLoopSpec) Kind() KernelKind         { return FenceLoop }
func (BankLoadsSpec) Kind() KernelKind         { return BankLoads }
func (CoopMatInitSpec) Kind() KernelKind       { return CoopMatInit }
func (CoopMatLatencySpec) Kind() KernelKind    { return CoopMatLatency }
func (CoopMatThroughputSpec) Kind() KernelKind { return CoopMatThroughput }

// Steps are the instructions a kernel chains: a chain's Step, a mix's
// Parts' steps; none for other kinds.
func Steps(k KernelSpec) []Step {
	switch k := k.(type) {
	case LatencyChainSpec:
		return []Step{k.Step}
	case ThroughputChainSpec:
		return []Step{k.Step}
	case MixLoopSpec:
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
		name := k.KernelName()
		for _, s := range Steps(k) {
			if isa := s.isa(); isa != ISAPTX {
				return "", fmt.Errorf("kernel %s: its step is written in %s, not PTX", name, isa)
			}
			if err := s.Validate(); err != nil {
				return "", fmt.Errorf("kernel %s: %w", name, err)
			}
		}
		switch k := k.(type) {
		case LatencyChainSpec:
			m.Add(LatencyKernel(k.Name, k.Step, k.Length))
		case ThroughputChainSpec:
			m.Add(ThroughputKernel(k.Name, k.Step, k.ILP, k.Unroll))
		case ClockSpinSpec:
			m.Add(ClockKernel(k.Name))
		case ChaseInitSpec:
			m.Add(ChaseInitKernel(k.Name))
		case ChaseSpec:
			m.Add(ChaseKernel(k.Name, k.Space, k.CacheOp))
			konst = konst || k.Space == "const"
		case ConstBaseSpec:
			m.Add(ConstBaseKernel(k.Name))
			konst = true
		case StreamLoopSpec:
			m.Add(StreamKernel(k.Name, k.Op, k.Width, k.Unroll, k.ALU))
		case BarrierSpec:
			if k.Op == ExecutionOnly {
				return "", fmt.Errorf("kernel %s: %w: PTX's bar.sync always orders memory among the block", k.Name, ErrUnsupported)
			}
			m.Add(BarrierKernel(k.Name))
		case AtomicChainSpec:
			m.Add(AtomicKernel(k.Name, k.Atomic))
		case MixLoopSpec:
			m.Add(MixKernel(k.Name, k.Parts, k.Unroll))
		case LaunchStampSpec:
			m.Add(LaunchStampKernel(k.Name))
		case BranchLoopSpec:
			m.Add(BranchKernel(k.Name, k.Branch))
		case FenceLoopSpec:
			if k.Fence.PTX == "" && k.Fence.Scope != "" {
				return "", fmt.Errorf("kernel %s: %w: fence %s has no PTX form", k.Name, ErrUnsupported, k.Fence.Name)
			}
			m.Add(FenceKernel(k.Name, k.Fence.PTX))
		case BankLoadsSpec:
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
		case CoopMatInitSpec, CoopMatLatencySpec, CoopMatThroughputSpec:
			return "", fmt.Errorf("kernel %s: cooperative matrices are a Vulkan (SPIR-V) kernel; PTX reaches the matrix units through mma.sync and wgmma (MMAKernel)", name)
		default:
			return "", fmt.Errorf("kernel %s: unknown kind %d", name, k.Kind())
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
		if k.Kind() == kind {
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
