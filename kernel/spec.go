package kernel

import "errors"

// Kind is what a probe kernel does, whatever language it is written
// in. The runner describes kernels by kind and shape; each backend's
// Codegen writes them in its own language.
type Kind int

// Kernel kinds the runner's chain, clock and warm-up measurements use.
const (
	// LatencyChain times one dependent chain of Length steps from one
	// subgroup (PTX: cudagpu.LatencyKernel); Length 0 is the control group.
	LatencyChain Kind = iota + 1
	// ThroughputChain runs ILP independent chains, Unroll steps each per
	// loop iteration, and writes a warp record per subgroup (see
	// ThroughputKernel); ILP 0 is the control loop.
	ThroughputChain
	// ClockSpin has every subgroup spin on the in-kernel timer and write
	// a warp record (PTX: cudagpu.ClockKernel).
	ClockSpin
	// ChaseInit builds pointer chains in global memory (see
	// ChaseInitKernel).
	ChaseInit
	// Chase follows a pointer chain in Space ("global" through CacheOp
	// "ca" or "cg", "shared", or "const") and times it (PTX: cudagpu.ChaseKernel).
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
	// workgroup barriers (PTX: cudagpu.BarrierKernel).
	Barrier
	// AtomicChain chains atomics on Atomic (PTX: cudagpu.AtomicKernel).
	AtomicChain
	// MixLoop interleaves Parts' chains in one loop, Unroll rounds per
	// iteration, writing a warp record per subgroup (PTX: cudagpu.MixKernel).
	MixLoop
	// LaunchStamp has its first invocation store the device timer at its
	// start and after spinning a given time (PTX: cudagpu.LaunchStampKernel).
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
	// around it ("cg"; PTX: cudagpu.GlobalAccessKernel).
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
	// MatrixLoop runs a loop of the matrix units' instructions in a form
	// only one backend writes, which no neutral description covers (the
	// CUDA backend's mma.sync, mma.sp, wgmma and ldmatrix/stmatrix forms:
	// Form is that backend's description of the instruction): ILP
	// independent chains, Unroll instructions each an iteration, a warp
	// record per subgroup; Chain, where above 0, marks a latency loop of
	// Chain dependent instructions an iteration.
	MatrixLoop
)

// Spec is one kernel of a probe module, described neutrally: a
// value of one of the spec types below, one per kind, each holding what
// its kind needs and nothing else. A backend lowers each through its
// Lowerer, whose method for the kind the spec calls.
type Spec interface {
	// KernelName is the kernel's entry point in its module.
	KernelName() string
	// Kind is the kernel's kind.
	Kind() Kind
	// LowerTo writes the kernel with l's method for its kind.
	LowerTo(l Lowerer) error
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

// MatrixLoopSpec is a MatrixLoop kernel. Form is the backend's own
// description of the instruction (a backend that does not know its type
// refuses the kernel); Target, where set, is the machine target the
// module must be compiled for (an architecture-specific one: "sm_90a");
// every MatrixLoop module declares the dynamic shared memory its loads
// and stores use, 128-byte aligned.
type MatrixLoopSpec struct {
	Name        string
	Form        any
	ILP, Unroll int
	Chain       int
	Target      string
}

// KernelName and Kind implement Spec.
func (k LatencyChainSpec) KernelName() string { return k.Name }

func (k ThroughputChainSpec) KernelName() string { return k.Name }

func (k ClockSpinSpec) KernelName() string { return k.Name }

func (k ChaseInitSpec) KernelName() string { return k.Name }

func (k ChaseSpec) KernelName() string { return k.Name }

func (k ConstBaseSpec) KernelName() string { return k.Name }

func (k StreamLoopSpec) KernelName() string { return k.Name }

func (k BarrierSpec) KernelName() string { return k.Name }

func (k AtomicChainSpec) KernelName() string { return k.Name }

func (k MixLoopSpec) KernelName() string { return k.Name }

func (k LaunchStampSpec) KernelName() string { return k.Name }

func (k BranchLoopSpec) KernelName() string { return k.Name }

func (k FenceLoopSpec) KernelName() string { return k.Name }

func (k BankLoadsSpec) KernelName() string { return k.Name }

func (k CoopMatInitSpec) KernelName() string { return k.Name }

func (k CoopMatLatencySpec) KernelName() string { return k.Name }

func (k CoopMatThroughputSpec) KernelName() string { return k.Name }
func (k MatrixLoopSpec) KernelName() string        { return k.Name }

func (LatencyChainSpec) Kind() Kind { return LatencyChain }

func (ThroughputChainSpec) Kind() Kind { return ThroughputChain }

func (ClockSpinSpec) Kind() Kind { return ClockSpin }

func (ChaseInitSpec) Kind() Kind { return ChaseInit }

func (ChaseSpec) Kind() Kind { return Chase }

func (ConstBaseSpec) Kind() Kind { return ConstBase }

func (StreamLoopSpec) Kind() Kind { return StreamLoop }

func (BarrierSpec) Kind() Kind { return Barrier }

func (AtomicChainSpec) Kind() Kind { return AtomicChain }

func (MixLoopSpec) Kind() Kind { return MixLoop }

func (LaunchStampSpec) Kind() Kind { return LaunchStamp }

func (BranchLoopSpec) Kind() Kind { return BranchLoop }

func (FenceLoopSpec) Kind() Kind { return FenceLoop }

func (BankLoadsSpec) Kind() Kind { return BankLoads }

func (CoopMatInitSpec) Kind() Kind { return CoopMatInit }

func (CoopMatLatencySpec) Kind() Kind { return CoopMatLatency }

func (CoopMatThroughputSpec) Kind() Kind { return CoopMatThroughput }
func (MatrixLoopSpec) Kind() Kind        { return MatrixLoop }

// Steps are the instructions a kernel chains: a chain's Step, a mix's
// Parts' steps; none for other kinds.
func Steps(k Spec) []Step {
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

// Kernel languages.
const (
	ISAPTX   = "ptx"
	ISASPIRV = "spirv"
)

// ErrUnsupported is what a Codegen wraps when the device lacks what a
// kernel needs (a type, a class of subgroup operations): the runner
// records the probe as skipped, not failed.
var ErrUnsupported = errors.New("not supported by this device")

// ExecutionOnly is the Op of a Barrier kernel whose barrier synchronises
// execution only, with no memory semantics; its records name it so
// (measure/dispatch's ExecBarrierSubject).
const ExecutionOnly = "execution only"

// SyncUnroll is how many barriers (or chained atomics) a barrier
// (atomics) probe's loop iteration holds, so that the loop's own
// instructions, which a warp may issue only once the last one is done,
// are a small part of each one's time.
const SyncUnroll = 8

// BranchBodyOps is the length of each path of a BranchLoop kernel, in
// dependent multiply-adds: long enough that a compiler keeps the branch
// rather than predicating both sides.
const BranchBodyOps = 8
