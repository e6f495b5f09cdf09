package engine

import (
	"context"
	"errors"
	"time"

	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/record"
)

// GPU is what the runner needs from a device. Compile must be safe to call
// from several goroutines at once (the runner compiles ahead); everything
// else, and every Program's Launch, is called from the one goroutine that
// measures.
type GPU interface {
	// Device describes the GPU for records.
	Device() record.Device
	// Codegen writes kernels in the language Compile takes.
	Codegen() Codegen
	// Compile JIT-compiles a module. The error of a failed compile
	// carries the compiler's log.
	Compile(ctx context.Context, name, source string) (Program, error)
	// Alloc allocates zeroed device memory.
	Alloc(bytes int) (Buffer, error)
	// Sensors reads clocks, power and throttle reasons; nil when the
	// device cannot say.
	Sensors() *record.Sensors
}

// Program is a compiled module.
type Program interface {
	// Binary is the machine code the driver compiled, where it gives it.
	Binary() []byte
	// CompileTime is the JIT's wall time.
	CompileTime() time.Duration
	// Launch runs a kernel and waits for it, giving up after the timeout.
	// Arguments are uint32, uint64 or Ptr.
	Launch(ctx context.Context, kernel string, g Grid, timeout time.Duration, args ...any) error
	// MaxBlocksPerSM is the driver's occupancy answer for the kernel with
	// the given block size and dynamic shared memory per block.
	MaxBlocksPerSM(kernel string, threads, sharedBytes int) (int, error)
	// FillSymbol copies bytes of device memory at src into the module's
	// global or constant variable symbol.
	FillSymbol(symbol string, src Ptr, bytes int) error
	// LaunchBatch queues b.Launches launches of a kernel without waiting
	// between them, launch i taking args(i), then waits for them all. It
	// returns the host time spent queueing (the launch calls, or the
	// graph's capture-free launch) and until all had finished.
	LaunchBatch(ctx context.Context, kernel string, g Grid, b Batch, timeout time.Duration, args func(i int) []any) (queued, total time.Duration, err error)
	// Close releases the module.
	Close() error
}

// ErrNoOccupancy is what MaxBlocksPerSM wraps when the driver has no
// occupancy calculation: shapes are then launched unchecked.
var ErrNoOccupancy = errors.New("the driver has no occupancy calculation")

// Preparer is implemented by programs that build a kernel per launch width
// and dynamic shared memory (a pipeline per workgroup size and workgroup
// array): jobs name the launches they will make so they are built ahead,
// on a compile worker, off the goroutine that measures.
type Preparer interface {
	Prepare(kernel string, threads, sharedBytes int) error
}

// Batch is how LaunchBatch queues its launches: round-robin over Streams
// streams of their own (at least one), or, with Graph, captured once into
// a graph of launches on one stream and replayed as one launch. Spin waits for
// them by querying without sleeping (for round trips a sleep would swamp).
type Batch struct {
	Launches, Streams int
	Graph, Spin       bool
}

// Grid is a 1-D launch shape.
type Grid struct {
	Blocks, Threads int
	// SharedBytes is the dynamic shared memory per block: probes use it
	// as a spoiler that caps how many blocks fit on an SM.
	SharedBytes int
	// Carveout, when set, is the L1/shared split the kernel asks the
	// driver for.
	Carveout Carveout
	// Cluster, when above 0, launches the blocks as thread-block clusters
	// of Cluster blocks each (on a GPU whose programs are
	// ClusterLauncher); Blocks must be a multiple of it.
	Cluster int
}

// ClusterLauncher is implemented by programs that launch thread-block
// clusters of any shape and ask the driver how many fit at once. Shapes and grids are blocks in x, y,
// z; the grid must be a multiple of the shape.
type ClusterLauncher interface {
	LaunchClusters(ctx context.Context, kernel string, grid [3]int, threads, sharedBytes int, shape [3]int, timeout time.Duration, args ...any) error
	MaxActiveClusters(kernel string, grid [3]int, threads, sharedBytes int, shape [3]int) (int, error)
}

// CarveoutSetter is implemented by GPUs whose launches honour
// Grid.Carveout; on another a probe that needs a carve-out is skipped, with
// why (see carveoutSkip).
type CarveoutSetter interface {
	// SetsCarveout reports whether launches honour Grid.Carveout.
	SetsCarveout() bool
}

// SetsCarveout says whether g's launches honour Grid.Carveout (g is a
// CarveoutSetter that says so); a job skips what needs the carve-out where
// it does not.
func SetsCarveout(g GPU) bool {
	c, ok := g.(CarveoutSetter)
	return ok && c.SetsCarveout()
}

// HealthReader is implemented by GPUs whose driver reports their
// condition (clocks held back and why, errors, retired memory).
type HealthReader interface {
	Health() *record.Health
}

// Carveout is a preferred split of an SM's on-chip storage between the L1
// and shared memory: Percent of the most shared memory an SM can have
// (0 asks for the largest L1, 100 for the most shared memory). The driver
// takes it as a hint and rounds it to a configuration the SM supports. The
// zero value leaves the choice to the driver.
type Carveout struct {
	Set     bool
	Percent int
}

// Ptr is a device address passed as a kernel argument.
type Ptr uint64

// Buffer is device memory.
type Buffer interface {
	Ptr() Ptr
	// Read copies the whole buffer to the host.
	Read() ([]byte, error)
	// Clear zeroes it.
	Clear() error
	Free() error
}

// AllocBuffers allocates a buffer of each size, in order, and a function
// that frees them all; on an error it frees those it got.
func AllocBuffers(g GPU, sizes ...int) ([]Buffer, func(), error) {
	var bufs []Buffer
	free := func() {
		for _, b := range bufs {
			b.Free()
		}
	}
	for _, n := range sizes {
		b, err := g.Alloc(n)
		if err != nil {
			free()
			return nil, nil, err
		}
		bufs = append(bufs, b)
	}
	return bufs, free, nil
}

// Codegen lowers kernel descriptions to one backend's kernel language (a
// kernel.Lowerer per backend). The kernels it writes take the same
// arguments in the same order whatever the language (kernel.LatencyChain,
// ThroughputChain and ClockSpin), so the runner launches them without
// knowing which it has.
type Codegen interface {
	// ISA names the kernel language (kernel.ISAPTX...). A Step is written
	// in one language (Step.ISA) and only that language's Codegen can
	// lower it.
	ISA() string
	// Module writes kernels as one module's source text.
	Module(kernels []kernel.Spec) (string, error)
	// FMAStep is a 32-bit floating-point multiply-add chain step in this
	// language, the load that warms the GPU up.
	FMAStep() kernel.Step
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
	// (the driver's JIT), in the reason of a module that did not compile.
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

// Unsupported says why a backend cannot write a kernel for its device
// (an ErrUnsupported from its Codegen), or "": jobs skip such a kernel's
// records rather than lose the whole module.
func Unsupported(cg Codegen, k kernel.Spec) string {
	if _, err := cg.Module([]kernel.Spec{k}); errors.Is(err, kernel.ErrUnsupported) {
		return err.Error()
	}
	return ""
}
