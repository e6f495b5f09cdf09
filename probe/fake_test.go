package probe

import (
	"context"
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/gpuarch/gpuarch/record"
)

// fakeGPU simulates a GPU with a simple pipeline model, so the runner's
// flow and estimators are tested end to end without hardware: a dependent
// step costs latency cycles, and an SM issues at most peak warp
// instructions per clock.
type fakeGPU struct {
	sms       int
	latency   float64 // cycles per dependent step
	peak      float64 // warp instructions per clock per SM
	overhead  float64 // cycles of clock-read overhead in latency kernels
	clockHz   float64
	bodySteps int

	compileErr error // returned by Compile
	launchErr  error // returned by the next Launch, then cleared
	recovered  int

	bufs map[Ptr][]byte
	next Ptr
}

func newFake() *fakeGPU {
	return &fakeGPU{sms: 4, latency: 4, peak: 4, overhead: 40, clockHz: 1.98e9, bodySteps: 256,
		bufs: map[Ptr][]byte{}, next: 0x1000}
}

func (g *fakeGPU) Device() record.Device {
	return record.Device{Name: "Fake GPU", UUID: "GPU-fake", ComputeCapability: "9.0", CUDAVersion: 13000,
		PTXVersion: "9.0", PTXTarget: "sm_90", SMs: g.sms, SubPartitions: 4, WarpSize: 32,
		Attributes: map[string]int{"MAX_THREADS_PER_MULTIPROCESSOR": 2048}}
}

func (g *fakeGPU) Compile(_ context.Context, name, source string) (Program, error) {
	if g.compileErr != nil {
		return nil, g.compileErr
	}
	return &fakeProgram{g: g, src: source}, nil
}

func (g *fakeGPU) Alloc(n int) (Buffer, error) {
	p := g.next
	g.next += Ptr(n + 256)
	g.bufs[p] = make([]byte, n)
	return &fakeBuffer{g: g, p: p}, nil
}

func (g *fakeGPU) Sensors() *record.Sensors { return nil }
func (g *fakeGPU) Recover() error           { g.recovered++; return nil }

type fakeBuffer struct {
	g *fakeGPU
	p Ptr
}

func (b *fakeBuffer) Ptr() Ptr { return b.p }
func (b *fakeBuffer) Read() ([]byte, error) {
	return append([]byte(nil), b.g.bufs[b.p]...), nil
}
func (b *fakeBuffer) Clear() error { clear(b.g.bufs[b.p]); return nil }
func (b *fakeBuffer) Free() error  { delete(b.g.bufs, b.p); return nil }

type fakeProgram struct {
	g   *fakeGPU
	src string
}

func (p *fakeProgram) Binary() []byte             { return []byte("fake cubin") }
func (p *fakeProgram) CompileTime() time.Duration { return 50 * time.Millisecond }
func (p *fakeProgram) Close() error               { return nil }
func (p *fakeProgram) MaxBlocksPerSM(string, int) (int, error) {
	return 8, nil
}

func (p *fakeProgram) Launch(_ context.Context, kernel string, blocks, threads int, _ time.Duration, args ...any) error {
	g := p.g
	if err := g.launchErr; err != nil {
		g.launchErr = nil
		return err
	}
	out := g.bufs[args[0].(Ptr)]
	le := binary.LittleEndian
	switch {
	case kernel == "gpuarch_clock":
		us := float64(args[1].(uint32))
		for w := range blocks {
			writeWarp(out, w, 1000, 1000+uint64(us*g.clockHz/1e6), 5000, 5000+uint64(us*1000), uint32(w%g.sms))
		}
	case strings.HasPrefix(kernel, "lat_"):
		n, _ := strconv.Atoi(kernel[strings.LastIndex(kernel, "_n")+2:])
		le.PutUint64(out, uint64(g.overhead+g.latency*float64(n)))
	case strings.HasPrefix(kernel, "tp_") || kernel == "gpuarch_warmup":
		ilp, steps := 0, 0
		if i := strings.LastIndex(kernel, "_ilp"); i >= 0 {
			ilp, _ = strconv.Atoi(kernel[i+4:])
			steps = ilp * max(1, g.bodySteps/ilp)
		}
		warps := blocks * threads / 32
		perSM := float64(warps / g.sms)
		rate := g.peak
		if ilp > 0 {
			rate = min(g.peak, perSM*float64(ilp)/g.latency)
		}
		inst := float64(args[2].(uint32)) * float64(max(steps, 1))
		span := perSM * inst / rate
		for w := range warps {
			sm := uint32((w * 32 / threads) % g.sms)
			writeWarp(out, w, 1000, 1000+uint64(span), 7000, 7000+uint64(span/g.clockHz*1e9), sm)
		}
	default:
		return fmt.Errorf("fake: unknown kernel %s", kernel)
	}
	return nil
}

func writeWarp(out []byte, w int, c0, c1, g0, g1 uint64, sm uint32) {
	b := out[w*WarpRecordBytes:]
	le := binary.LittleEndian
	le.PutUint64(b[0:], c0)
	le.PutUint64(b[8:], c1)
	le.PutUint64(b[16:], g0)
	le.PutUint64(b[24:], g1)
	le.PutUint32(b[32:], sm)
}

var errFakeFault = fmt.Errorf("%w: cuLaunchKernel: CUDA_ERROR_ILLEGAL_ADDRESS (700)", ErrPoisoned)
