// Package sim provides a simulated GPU for tests of the runner, the
// suites and the command line: a dependent step costs Latency cycles, an SM
// issues at most Peak warp instructions per clock. A kernel described by a
// kernel.Spec runs as its kind says (the GPU keeps the specs of every
// module its Codegen wrote); a kernel of a module written otherwise (the
// CUDA backend's PTX-only jobs) is refused, by name.
package sim

import (
	"context"
	"encoding/binary"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/gpuarch/gpuarch/backend/cudagpu"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/record"
)

// GPU is a simulated GPU. Set its fields before use.
type GPU struct {
	SMs       int
	Latency   float64 // cycles per dependent step
	Peak      float64 // warp instructions per clock per SM
	Overhead  float64 // cycles of clock-read overhead in latency kernels
	ClockHz   float64
	BodySteps int // must match the runner's Config.BodySteps
	// PeakOf, when set, is the issue rate (warp instructions per clock
	// per SM) of a throughput, occupancy or mix kernel by its name, in
	// place of Peak where it returns more than 0: a GPU whose pipes
	// differ.
	PeakOf func(kernel string) float64

	CompileErr error // returned by Compile
	LaunchErr  error // returned by the next Launch, then cleared
	// FailKernel, when set, makes launches of kernels whose name contains
	// it return LaunchErr (which then stays set).
	FailKernel string
	Closed     bool
	// SharedPerSM is the shared memory an SM offers to blocks.
	SharedPerSM int
	// MaxAlloc, when set, fails larger allocations as out of memory.
	MaxAlloc int
	// SpinFraction, when set, is the fraction of its count a dispatch
	// spin lasts (a kernel whose timer misleads it).
	SpinFraction float64
	// UUID, when set, replaces "GPU-fake" (several simulated GPUs).
	UUID string
	// SensorClocks, when set, are the SM clocks (Hz) successive sensor
	// readings report, the last repeated; without them there are no
	// sensors.
	SensorClocks []float64

	bufs map[engine.Ptr][]byte
	next engine.Ptr

	mu sync.Mutex
	// modules are the specs of each module's kernels by name, keyed by
	// the module's source, as Codegen wrote them.
	modules map[string]map[string]kernel.Spec
}

// New returns a GPU that behaves like an FFMA pipe: latency 4, 4 warp
// instructions per clock per SM, on 4 SMs at 1.98 GHz.
func New() *GPU {
	return &GPU{SMs: 4, Latency: 4, Peak: 4, Overhead: 40, ClockHz: 1.98e9, BodySteps: 256, SharedPerSM: 233472, MaxAlloc: 1 << 30,
		bufs: map[engine.Ptr][]byte{}, next: 0x1000}
}

// Device implements engine.GPU.
func (g *GPU) Device() record.Device {
	uuid := "GPU-fake"
	if g.UUID != "" {
		uuid = g.UUID
	}
	return record.Device{Name: "Fake GPU", UUID: uuid, ComputeCapability: "9.0", CUDAVersion: 13000,
		PTXVersion: "9.0", PTXTarget: "sm_90", SMs: g.SMs, SubPartitions: 4, WarpSize: 32,
		Attributes: map[string]int{"MAX_THREADS_PER_MULTIPROCESSOR": 2048, "MAX_SHARED_MEMORY_PER_MULTIPROCESSOR": g.SharedPerSM,
			"RESERVED_SHARED_MEMORY_PER_BLOCK": 1024, "MAX_SHARED_MEMORY_PER_BLOCK_OPTIN": g.SharedPerSM - 1024},
		MemoryBytes: 8 << 30}
}

// Codegen implements engine.GPU: PTX, as the CUDA backend writes it; the
// GPU keeps each module's kernel specs, so that a launch runs its
// kernel's kind.
func (g *GPU) Codegen() engine.Codegen {
	d := g.Device()
	return g.Wrap(cudagpu.PTX{Version: d.PTXVersion, Target: d.PTXTarget})
}

// Wrap returns cg with the simulated GPU keeping the specs of every
// module cg writes, so that a launch of one of its kernels runs the
// kernel's kind whatever cg's language: a test that dresses the
// simulated GPU as another backend writes its modules through Wrap.
func (g *GPU) Wrap(cg engine.Codegen) engine.Codegen { return codegen{Codegen: cg, g: g} }

// codegen is a Codegen whose modules' kernel specs the simulated GPU
// keeps.
type codegen struct {
	engine.Codegen
	g *GPU
}

// Module implements engine.Codegen.
func (c codegen) Module(kernels []kernel.Spec) (string, error) {
	src, err := c.Codegen.Module(kernels)
	if err != nil {
		return "", err
	}
	specs := make(map[string]kernel.Spec, len(kernels))
	for _, k := range kernels {
		specs[k.KernelName()] = k
	}
	c.g.mu.Lock()
	defer c.g.mu.Unlock()
	if c.g.modules == nil {
		c.g.modules = map[string]map[string]kernel.Spec{}
	}
	c.g.modules[src] = specs
	return src, nil
}

// SetsCarveout implements engine.CarveoutSetter: the simulated GPU takes
// the carve-out the CUDA backend sets.
func (g *GPU) SetsCarveout() bool { return true }

// Compile implements engine.GPU.
func (g *GPU) Compile(_ context.Context, name, source string) (engine.Program, error) {
	if g.CompileErr != nil {
		return nil, g.CompileErr
	}
	g.mu.Lock()
	specs := g.modules[source]
	g.mu.Unlock()
	return &program{g: g, src: source, specs: specs}, nil
}

// Alloc implements engine.GPU.
func (g *GPU) Alloc(n int) (engine.Buffer, error) {
	if g.MaxAlloc > 0 && n > g.MaxAlloc {
		return nil, fmt.Errorf("fake: cuMemAlloc: CUDA_ERROR_OUT_OF_MEMORY (2): %d bytes", n)
	}
	p := g.next
	g.next += engine.Ptr(n + 256)
	if n <= 64<<20 { // larger buffers only hold chains the model simulates
		g.bufs[p] = make([]byte, n)
	}
	return &buffer{g: g, p: p}, nil
}

// Sensors implements engine.GPU.
func (g *GPU) Sensors() *record.Sensors {
	if len(g.SensorClocks) == 0 {
		return nil
	}
	hz := g.SensorClocks[0]
	if len(g.SensorClocks) > 1 {
		g.SensorClocks = g.SensorClocks[1:]
	}
	return &record.Sensors{SMClockHz: hz}
}

// MemoryLatency is the simulated latency in cycles of a load from a
// footprint: 30 cycles in shared memory, otherwise 32 (L1, through ld.ca,
// up to 200 KiB), 270 (L2, up to 32 MiB) and 650 beyond. A chase with one
// element per page or more (stride of 1 MiB or more) stays in the L2 and
// sees the TLBs instead: 270 cycles up to 64 MiB, 400 to 4 GiB, 600
// beyond. Chains followed from one SM (oneSM) see a partitioned 48 MiB
// L2: 270 cycles up to 24 MiB (the near half), 420 to 48 MiB (the far
// half), then 650.
func (g *GPU) MemoryLatency(bytes float64, kernel string, stride int, oneSM bool) float64 {
	switch {
	case oneSM && stride < 1<<20 && bytes <= 24<<20:
		return 270
	case oneSM && stride < 1<<20 && bytes <= 48<<20:
		return 420
	case stride >= 1<<20 && bytes <= 64<<20:
		return 270
	case stride >= 1<<20 && bytes <= 4<<30:
		return 400
	case stride >= 1<<20:
		return 600
	case kernel == "chase_shared":
		return 30
	case kernel == "chase_const" && bytes <= 2<<10:
		return 12
	case kernel == "chase_const":
		return 40
	case kernel == "chase_ca" && bytes <= 200<<10:
		return 32
	case bytes <= 32<<20:
		return 270
	}
	return 650
}

// Close records that the GPU was closed.
func (g *GPU) Close() error { g.Closed = true; return nil }

type buffer struct {
	g *GPU
	p engine.Ptr
}

func (b *buffer) Ptr() engine.Ptr { return b.p }
func (b *buffer) Read() ([]byte, error) {
	return append([]byte(nil), b.g.bufs[b.p]...), nil
}
func (b *buffer) Clear() error { clear(b.g.bufs[b.p]); return nil }
func (b *buffer) Free() error  { delete(b.g.bufs, b.p); return nil }

type program struct {
	g   *GPU
	src string
	// specs are the module's kernels that Codegen described, by name.
	specs map[string]kernel.Spec
}

func (p *program) Binary() []byte             { return []byte("fake cubin") }
func (p *program) CompileTime() time.Duration { return 50 * time.Millisecond }
func (p *program) Close() error               { return nil }

// FillSymbol accepts copies into the constant chase's 64 KiB table.
func (p *program) FillSymbol(symbol string, _ engine.Ptr, bytes int) error {
	if !strings.Contains(p.src, symbol) || bytes > 64<<10 {
		return fmt.Errorf("fake: no room for %d bytes in %q", bytes, symbol)
	}
	return nil
}
func (p *program) MaxBlocksPerSM(_ string, _, sharedBytes int) (int, error) {
	if sharedBytes > 0 {
		return max(1, p.g.SharedPerSM/(sharedBytes+1024)), nil
	}
	return 8, nil
}

// LaunchBatch runs every launch at once. The simulated GPU starts one
// stream's kernels 3 µs apart, each running 1 µs past its spin, and runs
// up to 128 kernels from different streams at once, 50 ns apart; the host
// spends 2 µs queueing each launch (a graph: 0.5 µs).
func (p *program) LaunchBatch(ctx context.Context, kernel string, grid engine.Grid, b engine.Batch, timeout time.Duration, args func(i int) []any) (queued, total time.Duration, err error) {
	for i := range b.Launches {
		a := args(i)
		if err := p.Launch(ctx, kernel, grid, timeout, a...); err != nil {
			return 0, 0, err
		}
		if kernel != "launch_stamp" {
			continue
		}
		out := p.g.bufs[a[0].(engine.Ptr)]
		spin := uint64(a[2].(uint32))
		start := uint64(1000 + 3000*i)
		if b.Streams > 1 {
			start = uint64(1000+50*(i%128)) + uint64(i/128)*(spin+2000)
		}
		binary.LittleEndian.PutUint64(out[16*i:], start)
		binary.LittleEndian.PutUint64(out[16*i+8:], start+spin+1000)
	}
	per := 2 * time.Microsecond
	if b.Graph {
		per = 500 * time.Nanosecond
	}
	return per * time.Duration(b.Launches), 3 * time.Microsecond * time.Duration(b.Launches), nil
}

func (p *program) Launch(_ context.Context, name string, grid engine.Grid, _ time.Duration, args ...any) error {
	g := p.g
	if g.FailKernel != "" && strings.Contains(name, g.FailKernel) {
		return g.LaunchErr
	}
	if err := g.LaunchErr; err != nil && g.FailKernel == "" {
		g.LaunchErr = nil
		return err
	}
	l := &launch{p: p, name: name, grid: grid, args: args}
	if ptr, ok := args[0].(engine.Ptr); ok {
		l.out = g.bufs[ptr]
	}
	if k, ok := p.specs[name]; ok {
		return k.LowerTo(l)
	}
	return fmt.Errorf("fake: unknown kernel %s (no spec of its module: not written by the simulated GPU's Codegen)", name)
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// WriteWarp encodes one warp record as the probe kernels write it (slot,
// block and warp in block left zero).
func WriteWarp(out []byte, w int, c0, c1, g0, g1 uint64, sm uint32) {
	b := out[w*engine.WarpRecordBytes:]
	le := binary.LittleEndian
	le.PutUint64(b[0:], c0)
	le.PutUint64(b[8:], c1)
	le.PutUint64(b[16:], g0)
	le.PutUint64(b[24:], g1)
	le.PutUint32(b[32:], sm)
}

// ErrFault is what a faulting kernel returns.
var ErrFault = fmt.Errorf("%w: cuEventQuery: CUDA_ERROR_ILLEGAL_ADDRESS (700): an illegal memory access was encountered", engine.ErrPoisoned)
