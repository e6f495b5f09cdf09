package mma_test

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gpuarch/gpuarch/backend/drivercode"
	"github.com/gpuarch/gpuarch/backend/sim"
	"github.com/gpuarch/gpuarch/backend/vk"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/measure/mma"
	"github.com/gpuarch/gpuarch/record"
)

// matrixGPU simulates a Vulkan device with cooperative matrices running
// the SPIR-V the vk Codegen writes: a multiply-add takes latency cycles
// to its result, an SM completes at most peak operations a cycle, the
// clock is 1.5 GHz, and the compiled binary grows bytesPerStep a
// multiply-add (0: a compiler that folded the chains).
type matrixGPU struct {
	latency, peak, bytesPerStep float64
	sms                         int
	bufs                        map[engine.Ptr][]byte
	next                        engine.Ptr
}

const simHz = 1.5e9

var simForm = kernel.CoopMat{M: 16, N: 16, K: 16, A: "f16", B: "f16", C: "f32", Result: "f32"}

func (g *matrixGPU) Device() record.Device {
	return record.Device{Name: "Simulated", Backend: "vulkan", SMs: g.sms, WarpSize: 32, MaxWarpsPerSM: 64, ComputeCapability: "9.0", TimerTicksPerNs: 1,
		Vulkan: &record.VulkanDevice{Timing: "shader clock", Limits: map[string]float64{"maxComputeSharedMemorySize": 49152}}}
}

func (g *matrixGPU) Codegen() engine.Codegen {
	return vk.Codegen{Features: vk.Features{SubgroupSize: 32, SMBuiltins: true, DeviceClock: true, VulkanMemoryModel: true, Float16: true, Int8: true, Int64: true,
		SubgroupOps: []string{"basic"}, CooperativeMatrix: []kernel.CoopMat{simForm}}}
}

func (g *matrixGPU) Compile(_ context.Context, _, source string) (engine.Program, error) {
	return &matrixProgram{g: g, steps: stepsPerKernel(source)}, nil
}

// stepsPerKernel counts each entry point's multiply-adds.
func stepsPerKernel(src string) map[string]int {
	out := map[string]int{}
	fn := ""
	for _, line := range strings.Split(src, "\n") {
		if f := strings.Fields(line); len(f) >= 3 && f[2] == "OpFunction" {
			fn = strings.TrimPrefix(f[0], "%")
			out[fn] = 0
		}
		if strings.Contains(line, "OpCooperativeMatrixMulAddKHR") {
			out[fn]++
		}
	}
	return out
}

func (g *matrixGPU) Alloc(n int) (engine.Buffer, error) {
	g.next += 1 << 20
	g.bufs[g.next] = make([]byte, n)
	return &simBuffer{g, g.next}, nil
}

func (g *matrixGPU) Sensors() *record.Sensors { return nil }

type simBuffer struct {
	g *matrixGPU
	p engine.Ptr
}

func (b *simBuffer) Ptr() engine.Ptr       { return b.p }
func (b *simBuffer) Read() ([]byte, error) { return append([]byte(nil), b.g.bufs[b.p]...), nil }
func (b *simBuffer) Clear() error          { clear(b.g.bufs[b.p]); return nil }
func (b *simBuffer) Free() error           { delete(b.g.bufs, b.p); return nil }

type matrixProgram struct {
	g     *matrixGPU
	steps map[string]int
}

var ilpOf = regexp.MustCompile(`_tp_ilp(\d+)$`)

func (p *matrixProgram) Binary() []byte             { return []byte("spirv") }
func (p *matrixProgram) CompileTime() time.Duration { return time.Millisecond }
func (p *matrixProgram) Close() error               { return nil }
func (p *matrixProgram) MaxBlocksPerSM(string, int, int) (int, error) {
	return 0, engine.ErrNoOccupancy
}
func (p *matrixProgram) FillSymbol(string, engine.Ptr, int) error { return fmt.Errorf("no symbols") }
func (p *matrixProgram) LaunchBatch(context.Context, string, engine.Grid, engine.Batch, time.Duration, func(int) []any) (time.Duration, time.Duration, error) {
	return 0, 0, fmt.Errorf("no batches")
}

func (p *matrixProgram) Launch(_ context.Context, kernel string, grid engine.Grid, _ time.Duration, args ...any) error {
	g := p.g
	out := g.bufs[args[0].(engine.Ptr)]
	warps := grid.Blocks * grid.Threads / 32
	write := func(w int, cycles float64, sm int) {
		sim.WriteWarp(out, w, 1000, 1000+uint64(cycles), 500, 500+uint64(cycles/simHz*1e9), uint32(sm))
	}
	switch {
	case kernel == "gpuarch_clock":
		for w := range warps {
			write(w, float64(args[1].(uint32))*simHz/1e9, w%g.sms)
		}
	case strings.HasSuffix(kernel, "_init"):
	case strings.Contains(kernel, "_lat_n"):
		// Two passes; the second's cycles: a chain, plus the clock reads.
		binary.LittleEndian.PutUint64(out, uint64(40+g.latency*float64(p.steps[kernel])))
	case ilpOf.MatchString(kernel):
		ilp, _ := strconv.Atoi(ilpOf.FindStringSubmatch(kernel)[1])
		iters := float64(args[3].(uint32))
		perWarp := iters * float64(p.steps[kernel]) * float64(simForm.FlopsPerInstr())
		perSM := float64(warps) / float64(g.sms)
		// Each subgroup's chains are latency-bound; the SM caps the sum.
		rate := math.Min(g.peak, perSM*float64(ilp)*float64(simForm.FlopsPerInstr())/g.latency)
		for w := range warps {
			write(w, perWarp*perSM/rate, w%g.sms)
		}
	default:
		return fmt.Errorf("unknown kernel %s", kernel)
	}
	return nil
}

// MachineCode implements engine.CodeReporter: the driver's report.
func (p *matrixProgram) MachineCode() engine.Verifier { return drivercode.Reported(p) }

// Inspect implements drivercode.Inspector: NVIDIA-like statistics only.
func (p *matrixProgram) Inspect(kernel string, _ int) (*drivercode.MachineCode, error) {
	size := 2048 + p.g.bytesPerStep*float64(p.steps[kernel])
	return &drivercode.MachineCode{Source: "VK_KHR_pipeline_executable_properties", Statistics: map[string]float64{"Binary Size": size, "Register Count": 90}}, nil
}

func runCoopMat(t *testing.T, g *matrixGPU) []record.Record {
	t.Helper()
	cfg := engine.DefaultConfig()
	cfg.LatencyRepeats, cfg.Repeats = 3, 3
	r := &engine.Runner{GPU: g, Config: cfg}
	shapes := []mma.CoopMatShape{{Subgroups: 4, GroupsPerSM: 1, ILP: 1}, {Subgroups: 4, GroupsPerSM: 2, ILP: 4}, {Subgroups: 8, GroupsPerSM: 4, ILP: 8}, {Subgroups: 8, GroupsPerSM: 16, ILP: 1}}
	var recs []record.Record
	job := mma.CoopMatJob("mma", simForm, simForm.Op(), shapes, 4096, "whitepaper")
	if err := r.Run(context.Background(), []engine.Job{job}, func(rec record.Record) { recs = append(recs, rec) }); err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 {
		t.Fatalf("%d records", len(recs))
	}
	return recs
}

// The job's method on a simulated device with known answers: the latency
// is the chain's slope, the throughput the SM's cap at the best shape,
// as a share of the documented peak, with the binary's growth per step.
func TestCoopMatJobSimulated(t *testing.T) {
	g := &matrixGPU{latency: 33, peak: 2048, bytesPerStep: 32, sms: 4, bufs: map[engine.Ptr][]byte{}}
	recs := runCoopMat(t, g)
	lat, tp := recs[0], recs[1]
	for _, rec := range recs {
		if rec.Status != record.StatusOK {
			t.Fatalf("%s: %s: %s", rec.ID, rec.Status, rec.Reason)
		}
		if rec.Code == nil || rec.Code.BinaryBytesPerStep == nil || math.Abs(*rec.Code.BinaryBytesPerStep-32) > 0.01 {
			t.Errorf("%s: machine-code check %+v, want 32 bytes a step", rec.ID, rec.Code)
		}
		if rec.Provenance.Source != kernel.ISASPIRV || len(rec.Provenance.SourceSHA256) != 64 {
			t.Errorf("%s: provenance %+v", rec.ID, rec.Provenance)
		}
	}
	if lat.ID != "mma/coopmat 16x16x16 f32+=f16*f16/latency" || math.Abs(lat.Value-33) > 0.01 || lat.Op != "" {
		t.Errorf("latency %s = %v (op %q), want 33 cycles and no op", lat.ID, lat.Value, lat.Op)
	}
	if lat.Latency == nil || lat.Latency.Seconds <= 0 {
		t.Errorf("latency detail %+v", lat.Latency)
	}
	if tp.Unit != "operations/clock/SM" || tp.Op != "mma.f32+=f16*f16" || math.Abs(tp.Value-2048)/2048 > 0.01 {
		t.Errorf("throughput %v %s (op %q), want 2048 operations/clock/SM", tp.Value, tp.Unit, tp.Op)
	}
	d := tp.Through
	if d == nil || d.Reference == nil || math.Abs(d.Reference.Ratio-0.5) > 0.01 || len(d.Sweep) != 4 {
		t.Fatalf("throughput detail %+v", d)
	}
	// 4 subgroups of 1 chain reach 4·8192/33 ≈ 993 a cycle: not the best.
	if d.Best.ILP == 1 && d.Best.WarpsPerSM == 4 {
		t.Errorf("best shape %+v", d.Best)
	}
	if want := 2048 * 4 * simHz; math.Abs(d.ResultsPerSecond-want)/want > 0.01 {
		t.Errorf("%.4g operations/s, want %.4g", d.ResultsPerSecond, want)
	}
	if last := d.Sweep[3]; last.Skipped == "" {
		t.Errorf("128 subgroups per SM tried on a device of 64: %+v", last)
	}
}

// A compiler that folds the chains (the binary does not grow) makes the
// records invalid, never numbers.
func TestCoopMatJobFolded(t *testing.T) {
	g := &matrixGPU{latency: 33, peak: 2048, bytesPerStep: 0, sms: 4, bufs: map[engine.Ptr][]byte{}}
	for _, rec := range runCoopMat(t, g) {
		if rec.Status != record.StatusInvalid || !strings.Contains(rec.Reason, "does not grow") {
			t.Errorf("%s: %s: %s", rec.ID, rec.Status, rec.Reason)
		}
	}
}
