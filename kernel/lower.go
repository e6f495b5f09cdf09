package kernel

// Lowerer writes kernels in one backend's language: one method per kind.
// A kind added here fails to compile in every backend until the backend
// lowers it or refuses it (an error wrapping ErrUnsupported that says
// why), so a backend that fell behind is found by the compiler, not by a
// run on a GPU.
type Lowerer interface {
	LatencyChain(LatencyChainSpec) error
	ThroughputChain(ThroughputChainSpec) error
	ClockSpin(ClockSpinSpec) error
	ChaseInit(ChaseInitSpec) error
	Chase(ChaseSpec) error
	ConstBase(ConstBaseSpec) error
	StreamLoop(StreamLoopSpec) error
	Barrier(BarrierSpec) error
	AtomicChain(AtomicChainSpec) error
	MixLoop(MixLoopSpec) error
	LaunchStamp(LaunchStampSpec) error
	BranchLoop(BranchLoopSpec) error
	FenceLoop(FenceLoopSpec) error
	BankLoads(BankLoadsSpec) error
	CoopMatInit(CoopMatInitSpec) error
	CoopMatLatency(CoopMatLatencySpec) error
	CoopMatThroughput(CoopMatThroughputSpec) error
	MatrixLoop(MatrixLoopSpec) error
}

// LowerTo implements Spec for each kind: it hands the spec to its
// Lowerer method.
func (k LatencyChainSpec) LowerTo(l Lowerer) error      { return l.LatencyChain(k) }
func (k ThroughputChainSpec) LowerTo(l Lowerer) error   { return l.ThroughputChain(k) }
func (k ClockSpinSpec) LowerTo(l Lowerer) error         { return l.ClockSpin(k) }
func (k ChaseInitSpec) LowerTo(l Lowerer) error         { return l.ChaseInit(k) }
func (k ChaseSpec) LowerTo(l Lowerer) error             { return l.Chase(k) }
func (k ConstBaseSpec) LowerTo(l Lowerer) error         { return l.ConstBase(k) }
func (k StreamLoopSpec) LowerTo(l Lowerer) error        { return l.StreamLoop(k) }
func (k BarrierSpec) LowerTo(l Lowerer) error           { return l.Barrier(k) }
func (k AtomicChainSpec) LowerTo(l Lowerer) error       { return l.AtomicChain(k) }
func (k MixLoopSpec) LowerTo(l Lowerer) error           { return l.MixLoop(k) }
func (k LaunchStampSpec) LowerTo(l Lowerer) error       { return l.LaunchStamp(k) }
func (k BranchLoopSpec) LowerTo(l Lowerer) error        { return l.BranchLoop(k) }
func (k FenceLoopSpec) LowerTo(l Lowerer) error         { return l.FenceLoop(k) }
func (k BankLoadsSpec) LowerTo(l Lowerer) error         { return l.BankLoads(k) }
func (k CoopMatInitSpec) LowerTo(l Lowerer) error       { return l.CoopMatInit(k) }
func (k CoopMatLatencySpec) LowerTo(l Lowerer) error    { return l.CoopMatLatency(k) }
func (k CoopMatThroughputSpec) LowerTo(l Lowerer) error { return l.CoopMatThroughput(k) }
func (k MatrixLoopSpec) LowerTo(l Lowerer) error        { return l.MatrixLoop(k) }
