package cudagpu

import (
	"errors"
	"fmt"

	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/ptx"
	"github.com/gpuarch/gpuarch/record"
)

// PTX is the Codegen of the CUDA backend: PTX of the given .version and
// .target.
type PTX struct {
	Version, Target string
}

// ISA implements Codegen.
func (PTX) ISA() string { return kernel.ISAPTX }

// Language implements Codegen: modules kept as NAME.ptx and NAME.cubin,
// timed by %clock64 and %globaltimer.
func (PTX) Language() engine.Language {
	return engine.Language{SourceExt: ".ptx", BinaryExt: ".cubin", Compiler: "PTX JIT", CycleClock: "%clock64", Timer: "%globaltimer", SharedChase: true}
}

// Stamp implements Codegen: a PTX module's hash is the record's
// PTXSHA256.
func (PTX) Stamp(p *record.Provenance, hash string) { p.PTXSHA256 = hash }

// FMAStep implements Codegen.
func (PTX) FMAStep() kernel.Step {
	return kernel.Step{Template: "fma.rn.f32 {d}, {x}, {a0}, {a1};", Type: ptx.F32, X0: 0x3f800000, A: [4]uint64{0x3f7ff972, 0x3a83126f, 0, 0}}
}

// Module implements Codegen.
func (c PTX) Module(kernels []kernel.Spec) (string, error) {
	m := &ptx.Module{Version: c.Version, Target: c.Target}
	l := &ptxLowering{m: m}
	for _, k := range kernels {
		name := k.KernelName()
		for _, s := range kernel.Steps(k) {
			if isa := s.Lang(); isa != kernel.ISAPTX {
				return "", fmt.Errorf("kernel %s: its step is written in %s, not PTX", name, isa)
			}
			if err := s.Validate(); err != nil {
				return "", fmt.Errorf("kernel %s: %w", name, err)
			}
		}
		if err := k.LowerTo(l); err != nil {
			return "", fmt.Errorf("kernel %s: %w", name, err)
		}
	}
	// Every chase module declares the dynamic shared array (the global
	// chases hold shared memory they do not use, to move the carve-out).
	if l.konst || hasKind(kernels, kernel.Chase) || hasKind(kernels, kernel.StreamLoop) || hasKind(kernels, kernel.Barrier) || hasKind(kernels, kernel.AtomicChain) || hasKind(kernels, kernel.BankLoads) {
		m.Declare(".extern .shared .align 16 .b8 " + ptx.DynamicShared + "[];")
	}
	if l.konst {
		m.Declare(fmt.Sprintf(".const .align 8 .b8 %s[%d];", ConstTable, ConstTableBytes))
	}
	// The matrix units' loops load and store fragments in dynamic shared
	// memory, 128-byte aligned for wgmma's descriptors.
	if l.matrix {
		m.Declare(".extern .shared .align 128 .b8 " + ptx.DynamicShared + "[];")
	}
	if l.target != "" {
		m.Target = l.target
	}
	return m.String(), nil
}

// ptxLowering is the CUDA backend's kernel.Lowerer: it adds each kernel
// to a PTX module, noting whether the module needs the constant table.
type ptxLowering struct {
	m     *ptx.Module
	konst bool
	// matrix is whether the module holds matrix-unit loops, target the
	// machine target one of them asked for ("" for the device's).
	matrix bool
	target string
}

var _ kernel.Lowerer = (*ptxLowering)(nil)

func (l *ptxLowering) LatencyChain(k kernel.LatencyChainSpec) error {
	l.m.Add(LatencyKernel(k.Name, k.Step, k.Length))
	return nil
}

func (l *ptxLowering) ThroughputChain(k kernel.ThroughputChainSpec) error {
	l.m.Add(ThroughputKernel(k.Name, k.Step, k.ILP, k.Unroll))
	return nil
}

func (l *ptxLowering) ClockSpin(k kernel.ClockSpinSpec) error {
	l.m.Add(ClockKernel(k.Name))
	return nil
}

func (l *ptxLowering) ChaseInit(k kernel.ChaseInitSpec) error {
	l.m.Add(ChaseInitKernel(k.Name))
	return nil
}

func (l *ptxLowering) Chase(k kernel.ChaseSpec) error {
	l.m.Add(ChaseKernel(k.Name, k.Space, k.CacheOp))
	l.konst = l.konst || k.Space == "const"
	return nil
}

func (l *ptxLowering) ConstBase(k kernel.ConstBaseSpec) error {
	l.m.Add(ConstBaseKernel(k.Name))
	l.konst = true
	return nil
}

func (l *ptxLowering) StreamLoop(k kernel.StreamLoopSpec) error {
	l.m.Add(StreamKernel(k.Name, k.Op, k.Width, k.Unroll, k.ALU))
	return nil
}

func (l *ptxLowering) Barrier(k kernel.BarrierSpec) error {
	if k.Op == kernel.ExecutionOnly {
		return fmt.Errorf("%w: PTX's bar.sync always orders memory among the block", kernel.ErrUnsupported)
	}
	l.m.Add(BarrierKernel(k.Name))
	return nil
}

func (l *ptxLowering) AtomicChain(k kernel.AtomicChainSpec) error {
	l.m.Add(AtomicKernel(k.Name, k.Atomic))
	return nil
}

func (l *ptxLowering) MixLoop(k kernel.MixLoopSpec) error {
	l.m.Add(MixKernel(k.Name, k.Parts, k.Unroll))
	return nil
}

func (l *ptxLowering) LaunchStamp(k kernel.LaunchStampSpec) error {
	l.m.Add(LaunchStampKernel(k.Name))
	return nil
}

func (l *ptxLowering) BranchLoop(k kernel.BranchLoopSpec) error {
	l.m.Add(BranchKernel(k.Name, k.Branch))
	return nil
}

func (l *ptxLowering) FenceLoop(k kernel.FenceLoopSpec) error {
	if k.Fence.PTX == "" && k.Fence.Scope != "" {
		return fmt.Errorf("%w: fence %s has no PTX form", kernel.ErrUnsupported, k.Fence.Name)
	}
	l.m.Add(FenceKernel(k.Name, k.Fence.PTX))
	return nil
}

func (l *ptxLowering) BankLoads(k kernel.BankLoadsSpec) error {
	if _, ok := bankSuffix[k.Width]; !ok {
		return fmt.Errorf("access width %d: not 4, 8 or 16 bytes", k.Width)
	}
	switch k.CacheOp {
	case "":
		l.m.Add(BankKernel(k.Name, k.Width))
	case "ca", "cg":
		l.m.Add(GlobalAccessKernel(k.Name, k.Width, k.CacheOp))
	default:
		return fmt.Errorf("unknown cache operator %q", k.CacheOp)
	}
	return nil
}

// errCoopMatPTX refuses the cooperative-matrix kinds.
var errCoopMatPTX = errors.New("cooperative matrices are a Vulkan (SPIR-V) kernel; PTX reaches the matrix units through mma.sync and wgmma (MMAKernel)")

func (l *ptxLowering) CoopMatInit(kernel.CoopMatInitSpec) error       { return errCoopMatPTX }
func (l *ptxLowering) CoopMatLatency(kernel.CoopMatLatencySpec) error { return errCoopMatPTX }
func (l *ptxLowering) CoopMatThroughput(kernel.CoopMatThroughputSpec) error {
	return errCoopMatPTX
}

// MatrixLoop lowers the matrix units' loops the CUDA backend writes
// itself: an MMA form (mma.sync, mma.sp, wgmma: MMAKernel) or a fragment
// move (ldmatrix, stmatrix: FragmentKernel); any other form is refused.
func (l *ptxLowering) MatrixLoop(k kernel.MatrixLoopSpec) error {
	switch f := k.Form.(type) {
	case MMA:
		l.m.Add(MMAKernel(k.Name, f, k.ILP, k.Unroll))
	case Fragment:
		l.m.Add(FragmentKernel(k.Name, f, k.ILP, k.Unroll))
	default:
		return fmt.Errorf("%w: a matrix loop of %T is not a PTX form", kernel.ErrUnsupported, k.Form)
	}
	l.matrix = true
	if k.Target != "" {
		l.target = k.Target
	}
	return nil
}

func hasKind(ks []kernel.Spec, kind kernel.Kind) bool {
	for _, k := range ks {
		if k.Kind() == kind {
			return true
		}
	}
	return false
}
