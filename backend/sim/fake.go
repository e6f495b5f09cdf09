// Package sim provides a simulated GPU for tests of the runner, the
// suites and the command line: a dependent step costs Latency cycles, an SM
// issues at most Peak warp instructions per clock, and kernels are
// recognised by the names the probe package gives them.
package sim

import (
	"context"
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/gpuarch/gpuarch/probe"
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

	bufs map[probe.Ptr][]byte
	next probe.Ptr
}

// New returns a GPU that behaves like an FFMA pipe: latency 4, 4 warp
// instructions per clock per SM, on 4 SMs at 1.98 GHz.
func New() *GPU {
	return &GPU{SMs: 4, Latency: 4, Peak: 4, Overhead: 40, ClockHz: 1.98e9, BodySteps: 256, SharedPerSM: 233472, MaxAlloc: 1 << 30,
		bufs: map[probe.Ptr][]byte{}, next: 0x1000}
}

// Device implements probe.GPU.
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

// Codegen implements probe.GPU: the simulated GPU recognises kernels by
// name, and takes PTX like the CUDA backend.
func (g *GPU) Codegen() probe.Codegen {
	d := g.Device()
	return probe.PTX{Version: d.PTXVersion, Target: d.PTXTarget}
}

// SetsCarveout implements probe.CarveoutSetter: the simulated GPU takes
// the carve-out the CUDA backend sets.
func (g *GPU) SetsCarveout() bool { return true }

// Compile implements probe.GPU.
func (g *GPU) Compile(_ context.Context, name, source string) (probe.Program, error) {
	if g.CompileErr != nil {
		return nil, g.CompileErr
	}
	return &program{g: g, src: source}, nil
}

// Alloc implements probe.GPU.
func (g *GPU) Alloc(n int) (probe.Buffer, error) {
	if g.MaxAlloc > 0 && n > g.MaxAlloc {
		return nil, fmt.Errorf("fake: cuMemAlloc: CUDA_ERROR_OUT_OF_MEMORY (2): %d bytes", n)
	}
	p := g.next
	g.next += probe.Ptr(n + 256)
	if n <= 64<<20 { // larger buffers only hold chains the model simulates
		g.bufs[p] = make([]byte, n)
	}
	return &buffer{g: g, p: p}, nil
}

// Sensors implements probe.GPU.
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
	p probe.Ptr
}

func (b *buffer) Ptr() probe.Ptr { return b.p }
func (b *buffer) Read() ([]byte, error) {
	return append([]byte(nil), b.g.bufs[b.p]...), nil
}
func (b *buffer) Clear() error { clear(b.g.bufs[b.p]); return nil }
func (b *buffer) Free() error  { delete(b.g.bufs, b.p); return nil }

type program struct {
	g   *GPU
	src string
}

func (p *program) Binary() []byte             { return []byte("fake cubin") }
func (p *program) CompileTime() time.Duration { return 50 * time.Millisecond }
func (p *program) Close() error               { return nil }

// FillSymbol accepts copies into the constant chase's 64 KiB table.
func (p *program) FillSymbol(symbol string, _ probe.Ptr, bytes int) error {
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
func (p *program) LaunchBatch(ctx context.Context, kernel string, grid probe.Grid, b probe.Batch, timeout time.Duration, args func(i int) []any) (queued, total time.Duration, err error) {
	for i := range b.Launches {
		a := args(i)
		if err := p.Launch(ctx, kernel, grid, timeout, a...); err != nil {
			return 0, 0, err
		}
		if kernel != "launch_stamp" {
			continue
		}
		out := p.g.bufs[a[0].(probe.Ptr)]
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

func (p *program) Launch(_ context.Context, kernel string, grid probe.Grid, _ time.Duration, args ...any) error {
	blocks, threads := grid.Blocks, grid.Threads
	g := p.g
	if g.FailKernel != "" && strings.Contains(kernel, g.FailKernel) {
		return g.LaunchErr
	}
	if err := g.LaunchErr; err != nil && g.FailKernel == "" {
		g.LaunchErr = nil
		return err
	}
	le := binary.LittleEndian
	var out []byte
	if p, ok := args[0].(probe.Ptr); ok {
		out = g.bufs[p]
	}
	switch {
	case strings.HasPrefix(kernel, "branch_"):
		// args: out, iters, mask. 40 cycles an iteration.
		le.PutUint64(out, uint64(args[1].(uint32))*40)
	case strings.HasPrefix(kernel, "fence_"):
		// args: out, buf, iters. 100 cycles an iteration.
		le.PutUint64(out, uint64(args[2].(uint32))*100)
	case kernel == "barrier":
		// args: out, iters. 20 cycles plus 2 a warp per barrier.
		iters := uint64(args[1].(uint32))
		le.PutUint64(out, iters*uint64(20+2*threads/32))
	case strings.HasPrefix(kernel, "atomic_"):
		// args: out, buf, iters, ways. 100 cycles a dependent atomic,
		// times the lanes on one word.
		iters, ways := uint64(args[2].(uint32)), uint64(min(args[3].(uint32), 32))
		span := iters * 100 * ways
		for w := range blocks * threads / 32 {
			WriteWarp(out, w, 1000, 1000+span, 500, 500+uint64(float64(span)/g.ClockHz*1e9), uint32((w*32/threads)%g.SMs))
		}
		// Stamped by LaunchBatch.
	case strings.HasPrefix(kernel, "mma_") || strings.HasPrefix(kernel, "frag_"):
		// args: out, iters, seed. 32 cycles an instruction group per
		// warp, whatever the shape; a latency kernel ("_latN", N
		// dependent instructions an iteration) 32 cycles each and 10
		// for the loop.
		iters := uint64(args[1].(uint32))
		span := iters * 32
		if i := strings.LastIndex(kernel, "_lat"); i >= 0 {
			n, _ := strconv.Atoi(kernel[i+4:])
			span = iters * uint64(10+32*n)
		}
		for w := range blocks * threads / 32 {
			WriteWarp(out, w, 1000, 1000+span, 500, 500+uint64(float64(span)/g.ClockHz*1e9), uint32((w*32/threads)%g.SMs))
		}
	case kernel == "launch_stamp":
		// Stamped by LaunchBatch.
	case kernel == "dispatch_spin":
		// Blocks go round-robin over SMs, as many at once as
		// MaxBlocksPerSM says; each later wave starts when the one
		// before ends, every warp spinning count timer ticks (ns).
		fit, _ := p.MaxBlocksPerSM(kernel, threads, grid.SharedBytes)
		ns := uint64(args[1].(uint32))
		if g.SpinFraction > 0 {
			ns = uint64(float64(ns) * g.SpinFraction)
		}
		wpb := (threads + 31) / 32
		for b := range blocks {
			wave := uint64(b / (g.SMs * fit))
			start := 5000 + wave*(ns+700) + uint64(b%(g.SMs*fit))*20
			for w := range wpb {
				i := b*wpb + w
				WriteWarp(out, i, start*2, (start+ns)*2, start, start+ns, uint32(b%g.SMs))
				rec := out[i*probe.WarpRecordBytes:]
				le.PutUint32(rec[36:], uint32((b/g.SMs)%fit*wpb+w))
				le.PutUint32(rec[40:], uint32(b))
				le.PutUint32(rec[44:], uint32(w))
			}
		}
	case kernel == "gpuarch_clock":
		ns := float64(args[1].(uint32)) // timer ticks: nanoseconds
		for w := range blocks {
			WriteWarp(out, w, 1000, 1000+uint64(ns*g.ClockHz/1e9), 5000, 5000+uint64(ns), uint32(w%g.SMs))
		}
	case strings.HasPrefix(kernel, "lat_"):
		n, _ := strconv.Atoi(kernel[strings.LastIndex(kernel, "_n")+2:])
		le.PutUint64(out, uint64(g.Overhead+g.Latency*float64(n)))
	case strings.HasPrefix(kernel, "tp_") || strings.HasPrefix(kernel, "occ_") || strings.HasPrefix(kernel, "mix_") ||
		strings.HasPrefix(kernel, "stream_") || strings.HasPrefix(kernel, "code_") || kernel == "gpuarch_warmup":
		// Steps per iteration as the runner sizes single-instruction
		// bodies; mixes get the same shape of answer, which is all the
		// command-line tests need.
		ilp, steps := 0, 0
		if i := strings.LastIndex(kernel, "_ilp"); i >= 0 {
			ilp, _ = strconv.Atoi(kernel[i+4:])
			steps = ilp * max(1, g.BodySteps/ilp)
		}
		warps := blocks * threads / 32
		perSM := float64(warps / g.SMs)
		peak := g.Peak
		if g.PeakOf != nil {
			if v := g.PeakOf(kernel); v > 0 {
				peak = v
			}
		}
		rate := peak
		if ilp > 0 {
			rate = min(peak, perSM*float64(ilp)/g.Latency)
		}
		inst := float64(args[2].(uint32)) * float64(max(steps, 1))
		span := perSM * inst / rate
		for w := range warps {
			sm := uint32((w * 32 / threads) % g.SMs)
			WriteWarp(out, w, 1000, 1000+uint64(span), 7000, 7000+uint64(span/g.ClockHz*1e9), sm)
		}
	case strings.HasPrefix(kernel, "banks_w"):
		// args: out, stride, iters, guard. 32 banks of 4 bytes: a
		// stride-s word access is a gcd(s, 32)-way conflict.
		width, _ := strconv.Atoi(kernel[len("banks_w"):])
		stride, iters := int(args[1].(uint32)), int(args[2].(uint32))
		ways := 1
		if stride > 0 {
			ways = gcd(stride*width/4, 32) * width / 4
		}
		le.PutUint64(out, uint64(iters*32*8*ways))
	case strings.HasPrefix(kernel, "access_"):
		// args: out, buf, stride, iters, zero, guard, group, jump. The
		// L1 ("ca") delivers four 32-byte sectors a clock, the L2 ("cg")
		// two.
		op, w, _ := strings.Cut(kernel[len("access_"):], "_w")
		width, _ := strconv.Atoi(w)
		stride, iters := int(args[2].(uint32)), int(args[3].(uint32))
		group, jump := int(args[6].(uint32)), int(args[7].(uint32))
		sectors := map[int]bool{}
		for lane := range 32 {
			sectors[((lane%group)*stride*width+(lane/group)*jump)/32] = true
		}
		perClock := 4.0
		if op == "cg" {
			perClock = 2
		}
		cost := max(1, float64(len(sectors))/perClock)
		le.PutUint64(out, uint64(float64(iters*32*8)*cost))
	case kernel == "const_table_addr":
		le.PutUint64(out, 0x10000)
	case kernel == "chase_init":
		// The chain lives only in the model below.
	case strings.HasPrefix(kernel, "chase_"):
		// args: [base,] elems, bits, stride, chains, seed, steps, out, guard.
		i := 0
		if kernel != "chase_shared" {
			i = 1
		}
		elems, stride, chains := args[i].(uint32), args[i+2].(uint32), args[i+3].(uint32)
		steps := args[i+5].(uint32)
		out = g.bufs[args[i+6].(probe.Ptr)]
		per := g.MemoryLatency(float64(elems)*float64(stride), kernel, int(stride), blocks == 1 && chains > 1)
		for c := range chains {
			cycles := per * float64(steps)
			le.PutUint64(out[8*c:], uint64(cycles))
			le.PutUint64(out[8*(probe.ChaseSlots+int(c)):], uint64(cycles/g.ClockHz*1e9))
		}
	default:
		return fmt.Errorf("fake: unknown kernel %s", kernel)
	}
	return nil
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
	b := out[w*probe.WarpRecordBytes:]
	le := binary.LittleEndian
	le.PutUint64(b[0:], c0)
	le.PutUint64(b[8:], c1)
	le.PutUint64(b[16:], g0)
	le.PutUint64(b[24:], g1)
	le.PutUint32(b[32:], sm)
}

// ErrFault is what a faulting kernel returns.
var ErrFault = fmt.Errorf("%w: cuEventQuery: CUDA_ERROR_ILLEGAL_ADDRESS (700): an illegal memory access was encountered", probe.ErrPoisoned)
