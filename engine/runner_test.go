package engine_test

import (
	"context"
	"errors"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gpuarch/gpuarch/backend/cudagpu"
	"github.com/gpuarch/gpuarch/backend/sim"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/measure/dispatch"
	"github.com/gpuarch/gpuarch/measure/mma"
	"github.com/gpuarch/gpuarch/ptx"
	"github.com/gpuarch/gpuarch/record"
)

func fmaSpec() engine.ChainSpec {
	return engine.ChainSpec{
		Suite: "alu", Subject: "fma.rn.f32", Group: "f32",
		Step:   kernel.Step{Template: "fma.rn.f32 {d}, {x}, {a0}, {a1};", Type: ptx.F32, X0: 0x3f800000, A: [4]uint64{0x3f7fbe77, 0x3a83126f}},
		Expect: []string{"FFMA"},
	}
}

func testConfig() engine.Config {
	c := engine.DefaultConfig()
	c.LatencyRepeats, c.Repeats = 3, 3
	return c
}

func TestChainOnFakeGPU(t *testing.T) {
	tests := []struct {
		name             string
		latency, peak    float64
		wantTP, wantBest float64 // warp inst/clk/SM; best warps per SM times ILP is at least wantBest
	}{
		{"ffma-like", 4, 4, 4, 16},
		{"mufu-like", 18, 0.5, 0.5, 9},
		{"dfma-like", 8, 2, 2, 16},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := sim.New()
			g.Latency, g.Peak = tc.latency, tc.peak
			r := &engine.Runner{GPU: g, Config: testConfig()}
			recs, err := r.Chain(context.Background(), fmaSpec())
			if err != nil {
				t.Fatal(err)
			}
			if len(recs) != 2 {
				t.Fatalf("got %d records", len(recs))
			}
			lat, tp := recs[0], recs[1]
			for _, rec := range recs {
				if rec.Status != record.StatusOK {
					t.Fatalf("%s: status %s: %s", rec.ID, rec.Status, rec.Reason)
				}
				if rec.Code == nil || rec.Code.Status != "not verified" {
					t.Errorf("%s: without a disassembler the SASS status must be \"not verified\", got %+v", rec.ID, rec.Code)
				}
			}
			if math.Abs(lat.Value-tc.latency) > 1e-9 || math.Abs(lat.Latency.AdjustedCycles-tc.latency) > 1e-9 {
				t.Errorf("latency %v (adjusted %v), want %v", lat.Value, lat.Latency.AdjustedCycles, tc.latency)
			}
			if math.Abs(lat.Latency.InterceptCycles-g.Overhead) > 1e-6 {
				t.Errorf("intercept %v, want %v", lat.Latency.InterceptCycles, g.Overhead)
			}
			if math.Abs(tp.Value-tc.wantTP) > 1e-6*tc.wantTP {
				t.Errorf("throughput %v warp inst/clk/SM, want %v", tp.Value, tc.wantTP)
			}
			if got := tp.Through.ResultsPerClockPerSM; math.Abs(got-32*tc.wantTP) > 1e-4 {
				t.Errorf("results/clk/SM %v, want %v", got, 32*tc.wantTP)
			}
			if got := tp.Through.CyclesPerWarpInst; math.Abs(got-4/tc.wantTP) > 1e-6 {
				t.Errorf("cycles per warp instruction %v, want %v", got, 4/tc.wantTP)
			}
			best := tp.Through.Best
			if float64(best.WarpsPerSM*best.ILP) < tc.wantBest {
				t.Errorf("best shape %+v cannot hide latency %v", best, tc.latency)
			}
			if hz := tp.Provenance.Clock.Hz; math.Abs(hz-g.ClockHz) > 1e-3*g.ClockHz {
				t.Errorf("clock %v, want %v", hz, g.ClockHz)
			}
			if lat.Provenance.PTXSHA256 == "" || len(lat.Provenance.PTXSHA256) != 64 {
				t.Errorf("PTX hash %q", lat.Provenance.PTXSHA256)
			}
			if tp.Through.Control == nil {
				t.Error("no control measurement")
			}
		})
	}
}

func TestChainFailures(t *testing.T) {
	tests := []struct {
		name       string
		setup      func(g *sim.GPU)
		wantStatus record.Status
		wantReason string
	}{
		{"unsupported instruction", func(g *sim.GPU) {
			g.CompileErr = errors.New("cuLinkAddData: CUDA_ERROR_INVALID_PTX (218)\nptxas error: Feature 'f64 ops' requires .target sm_13 or higher")
		}, record.StatusSkipped, "not supported"},
		{"broken PTX", func(g *sim.GPU) {
			g.CompileErr = errors.New("cuLinkAddData: CUDA_ERROR_INVALID_PTX (218)\nptxas error: syntax error at 'foo'")
		}, record.StatusFailed, "PTX JIT failed"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := sim.New()
			tc.setup(g)
			r := &engine.Runner{GPU: g, Config: testConfig(), Artifacts: t.TempDir()}
			recs, err := r.Chain(context.Background(), fmaSpec())
			if err != nil {
				t.Fatalf("a failing probe must not stop the run: %v", err)
			}
			for _, rec := range recs {
				if rec.Status != tc.wantStatus || !strings.Contains(rec.Reason, tc.wantReason) {
					t.Errorf("%s: %s %q, want %s containing %q", rec.ID, rec.Status, rec.Reason, tc.wantStatus, tc.wantReason)
				}
			}
			// The PTX that did not compile is kept to debug; there is
			// no machine code.
			kept, _ := filepath.Glob(filepath.Join(r.Artifacts, "*"))
			if len(kept) != 1 || filepath.Ext(kept[0]) != ".ptx" {
				t.Errorf("artifacts kept: %q, want the one module's PTX", kept)
			}
		})
	}
}

func TestChainFaultStopsProcess(t *testing.T) {
	g := sim.New()
	r := &engine.Runner{GPU: g, Config: testConfig()}
	// Compile the clock kernel first so the fault hits the latency kernel.
	if _, err := r.Clock(context.Background()); err != nil {
		t.Fatal(err)
	}
	g.LaunchErr = sim.ErrFault
	recs, err := r.Chain(context.Background(), fmaSpec())
	if !errors.Is(err, engine.ErrPoisoned) {
		t.Fatalf("err = %v: a fault must end this process's measurements", err)
	}
	for _, rec := range recs {
		if rec.Status != record.StatusFailed || !strings.Contains(rec.Reason, "ILLEGAL_ADDRESS") {
			t.Errorf("%s: %s %q, want failed with the driver's error", rec.ID, rec.Status, rec.Reason)
		}
	}
}

func TestChainHangKeepsLatency(t *testing.T) {
	g := sim.New()
	g.FailKernel, g.LaunchErr = "tp_", engine.ErrHung
	r := &engine.Runner{GPU: g, Config: testConfig()}
	recs, err := r.Chain(context.Background(), fmaSpec())
	if !errors.Is(err, engine.ErrHung) {
		t.Fatalf("err = %v, want ErrHung", err)
	}
	if recs[0].Status != record.StatusOK || recs[1].Status != record.StatusFailed {
		t.Errorf("statuses %s, %s: the measured latency must survive a hang in the throughput kernels", recs[0].Status, recs[1].Status)
	}
}

func TestChainHangStopsRun(t *testing.T) {
	g := sim.New()
	r := &engine.Runner{GPU: g, Config: testConfig()}
	if _, err := r.Clock(context.Background()); err != nil {
		t.Fatal(err)
	}
	g.LaunchErr = engine.ErrHung
	recs, err := r.Chain(context.Background(), fmaSpec())
	if !errors.Is(err, engine.ErrHung) {
		t.Fatalf("err = %v, want ErrHung", err)
	}
	if len(recs) != 2 || recs[0].Status != record.StatusFailed {
		t.Errorf("records %+v", recs)
	}
}

func TestEstimateLatency(t *testing.T) {
	lengths := []int{0, 32, 64, 128, 256}
	samples := make([][]float64, len(lengths))
	for i, n := range lengths {
		for rep := range 5 {
			samples[i] = append(samples[i], 37+4.0*float64(n)+float64(rep%2))
		}
	}
	est, err := engine.EstimateLatency(lengths, samples)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(est.Detail.Cycles-4) > 1e-9 {
		t.Errorf("slope %v", est.Detail.Cycles)
	}
	if want := (37 + 4.0*256 - 37) / 256; math.Abs(est.Detail.AdjustedCycles-want) > 1e-9 {
		t.Errorf("adjusted %v, want %v", est.Detail.AdjustedCycles, want)
	}
	if want := (37 + 4.0*256 + 1) / 256; math.Abs(est.Detail.RawCycles-want) > 0.01 {
		t.Errorf("raw %v, want %v", est.Detail.RawCycles, want)
	}
	if len(est.Slopes) != 5 {
		t.Errorf("%d per-repeat slopes", len(est.Slopes))
	}
	if len(est.Warnings) != 0 {
		t.Errorf("warnings on linear data: %q", est.Warnings)
	}
	// The control group is not on the line and must not bend it.
	samples[0] = []float64{2, 2, 2, 2, 2}
	if est, err = engine.EstimateLatency(lengths, samples); err != nil || math.Abs(est.Detail.Cycles-4) > 1e-9 {
		t.Errorf("control point moved the slope: %v, %v", est.Detail.Cycles, err)
	}
	// A non-linear curve is flagged.
	samples[4] = []float64{5000, 5000, 5000, 5000, 5000}
	est, err = engine.EstimateLatency(lengths, samples)
	if err != nil {
		t.Fatal(err)
	}
	if len(est.Warnings) == 0 {
		t.Error("no warning for non-linear timings")
	}
	if _, err := engine.EstimateLatency([]int{0, 8}, [][]float64{{1}, {2}}); err == nil {
		t.Error("one length above 0: no error")
	}
}

func TestRateOfUnevenPlacement(t *testing.T) {
	// SM 0 ran 3 warps, SM 1 ran 1 warp for a third of the time: both at
	// the same rate, which uneven placement must not hide.
	ws := []engine.WarpRecord{
		{StartCycle: 100, EndCycle: 400, StartNs: 0, EndNs: 150, SM: 0},
		{StartCycle: 100, EndCycle: 400, StartNs: 0, EndNs: 150, SM: 0},
		{StartCycle: 100, EndCycle: 400, StartNs: 0, EndNs: 150, SM: 0},
		{StartCycle: 50, EndCycle: 150, StartNs: 0, EndNs: 50, SM: 1},
	}
	r, err := engine.RateOf(ws, 100)
	if err != nil {
		t.Fatal(err)
	}
	if r.PerSM != 1 || r.MinSM != 1 || r.MaxSM != 1 || r.SMs != 2 {
		t.Errorf("rate %+v, want 1 warp inst/clk on 2 SMs", r)
	}
	if math.Abs(r.ClockHz-2e9) > 1 {
		t.Errorf("clock %v, want 2 GHz", r.ClockHz)
	}
}

func TestDecodeWarpsErrors(t *testing.T) {
	buf := make([]byte, 2*engine.WarpRecordBytes)
	sim.WriteWarp(buf, 0, 10, 20, 1, 2, 0)
	if _, err := engine.DecodeWarps(buf, 2); err == nil || !strings.Contains(err.Error(), "warp 1 wrote no record") {
		t.Errorf("missing warp: err = %v", err)
	}
	sim.WriteWarp(buf, 1, 30, 20, 1, 2, 0)
	if _, err := engine.DecodeWarps(buf, 2); err == nil || !strings.Contains(err.Error(), "end before start") {
		t.Errorf("backwards warp: err = %v", err)
	}
	if _, err := engine.DecodeWarps(buf, 3); err == nil {
		t.Error("short buffer: no error")
	}
	// A 32-bit counter that passed 2^32 during the warp (lavapipe).
	sim.WriteWarp(buf, 1, 1<<32-100, 50, 1<<32-10, 5, 0)
	ws, err := engine.DecodeWarps(buf, 2)
	if err != nil || ws[1].EndCycle-ws[1].StartCycle != 150 || ws[1].EndNs-ws[1].StartNs != 15 {
		t.Errorf("wrapped 32-bit counter: %+v, %v", ws, err)
	}
}

func TestStepValidate(t *testing.T) {
	tests := []struct {
		name string
		step kernel.Step
		ok   bool
	}{
		{"fma", kernel.Step{Template: "fma.rn.f32 {d}, {x}, {a0}, {a1};", Type: ptx.F32}, true},
		{"two-register", kernel.Step{Template: "add.s32 {d}, {y}, {x};", Type: ptx.S32}, true},
		{"temp without type", kernel.Step{Template: "cvt.rn.f32.s32 {t}, {x};\nmov.b32 {d}, {t};", Type: ptx.S32}, false},
		{"no destination", kernel.Step{Template: "add.s32 {x}, {x}, {a};", Type: ptx.S32}, false},
		{"unknown placeholder", kernel.Step{Template: "add.s32 {d}, {x}, {q};", Type: ptx.S32}, false},
		{"no type", kernel.Step{Template: "add.s32 {d}, {x}, {a};"}, false},
		{"empty", kernel.Step{Type: ptx.S32}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.step.Validate(); (err == nil) != tc.ok {
				t.Errorf("Validate() = %v, want ok=%v", err, tc.ok)
			}
		})
	}
}

// TestMixKernelUsesEveryChain: a part with one step per round and four
// chains must still advance all four chains, or the mix runs at ILP 1.
func TestMixKernelUsesEveryChain(t *testing.T) {
	step := kernel.Step{Template: "fma.rn.f32 {d}, {x}, {a0}, {a1};", Type: ptx.F32}
	k := cudagpu.MixKernel("m", []kernel.Part{{Step: step, Count: 1, ILP: 4}}, 8)
	src := k.String()
	written := map[string]bool{}
	for _, line := range strings.Split(src, "\n") {
		if f := strings.Fields(line); len(f) > 1 && f[0] == "fma.rn.f32" {
			written[strings.TrimSuffix(f[1], ",")] = true
		}
	}
	if len(written) != 4 {
		t.Errorf("the loop writes %d chains (%v), want 4", len(written), written)
	}
}

// TestRateOfDevice: without SM ids, the rate is every warp's instructions
// over the launch's span on the device timer, at the warps' own clock.
func TestRateOfDevice(t *testing.T) {
	// Four warps on a 2 GHz clock whose spans overlap: the launch takes
	// 2000 ns from the first start to the last end, 4000 cycles.
	mk := func(g0, g1 uint64) engine.WarpRecord {
		return engine.WarpRecord{StartCycle: 100 + 2*g0, EndCycle: 100 + 2*g1, StartNs: g0, EndNs: g1, SM: engine.NoSM}
	}
	ws := []engine.WarpRecord{mk(1000, 2000), mk(1500, 3000), mk(1000, 2500), mk(2000, 3000)}
	r, err := engine.RateOfDevice(ws, 1000, 2)
	if err != nil {
		t.Fatal(err)
	}
	// 4 warps × 1000 instructions / 4000 cycles / 2 cores.
	if math.Abs(r.PerSM-0.5) > 1e-9 || math.Abs(r.ClockHz-2e9) > 1 || r.SMs != 2 {
		t.Errorf("rate %+v, want 0.5 per core at 2 GHz on 2 cores", r)
	}
	if _, err := engine.RateOfDevice(nil, 1, 1); err == nil {
		t.Error("no records: no error")
	}
	flat := []engine.WarpRecord{{StartCycle: 1, EndCycle: 2, StartNs: 5, EndNs: 5, SM: engine.NoSM}}
	if _, err := engine.RateOfDevice(flat, 1, 1); err == nil {
		t.Error("empty span: no error")
	}
}

// TestPTXCodegen: the CUDA backend's code generator writes the kernels
// the builders write, and refuses a step in another language.
func TestPTXCodegen(t *testing.T) {
	cg := cudagpu.PTX{Version: "9.0", Target: "sm_90"}
	fma := cg.FMAStep()
	got, err := cg.Module([]kernel.Spec{
		kernel.LatencyChainSpec{Name: "lat", Step: fma, Length: 4},
		kernel.ThroughputChainSpec{Name: "tp", Step: fma, ILP: 2, Unroll: 3},
		kernel.ClockSpinSpec{Name: "clk"},
	})
	if err != nil {
		t.Fatal(err)
	}
	m := &ptx.Module{Version: "9.0", Target: "sm_90"}
	m.Add(cudagpu.LatencyKernel("lat", fma, 4))
	m.Add(cudagpu.ThroughputKernel("tp", fma, 2, 3))
	m.Add(cudagpu.ClockKernel("clk"))
	if got != m.String() {
		t.Error("the PTX code generator's module differs from the builders'")
	}
	spirv := kernel.Step{ISA: kernel.ISASPIRV, Template: "{d} = OpFAdd {T} {x} {a}", Type: ptx.F32}
	if _, err := cg.Module([]kernel.Spec{kernel.LatencyChainSpec{Name: "x", Step: spirv, Length: 1}}); err == nil || !strings.Contains(err.Error(), "not PTX") {
		t.Errorf("a SPIR-V step lowered to PTX: err = %v", err)
	}
	bad := kernel.Step{Template: "add.s32 {x}, {x}, {a};", Type: ptx.S32}
	if _, err := cg.Module([]kernel.Spec{kernel.LatencyChainSpec{Name: "x", Step: bad, Length: 1}}); err == nil {
		t.Error("an invalid template lowered")
	}
}

// The dispatch probe spins every warp for the time it asks, reads the
// residency the trace shows, and fails a trace whose warps did not last.
func TestDispatchSpinsAsAsked(t *testing.T) {
	for _, tc := range []struct {
		name     string
		fraction float64 // of the asked spin the warps last
		status   record.Status
	}{
		{"spins as asked", 0, record.StatusOK},
		{"spins end early", 0.005, record.StatusFailed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := sim.New()
			g.SpinFraction = tc.fraction
			r := &engine.Runner{GPU: g, Config: testConfig()}
			var recs []record.Record
			job := dispatch.DispatchJob("dispatch", []dispatch.DispatchStrategy{{Name: "one warp per block", Threads: 32, Waves: 2, SpinMicros: 20}})
			if err := r.Run(context.Background(), []engine.Job{job}, func(rec record.Record) { recs = append(recs, rec) }); err != nil {
				t.Fatal(err)
			}
			if len(recs) != 1 || recs[0].Status != tc.status {
				t.Fatalf("records %+v, want one %s", recs, tc.status)
			}
			if tc.status == record.StatusOK && recs[0].Value != float64(recs[0].Dispatch.DriverBlocksPerSM) {
				t.Errorf("%g blocks resident per SM, the fake fits %d", recs[0].Value, recs[0].Dispatch.DriverBlocksPerSM)
			}
		})
	}
}

// TestKeepWarm: a job that starts while the sensors say the clock fell
// below 90% of the warm-up's gets another warm-up first; one that starts
// at the warm clock does not.
func TestKeepWarm(t *testing.T) {
	tests := []struct {
		name   string
		clocks []float64
		again  bool
	}{
		{"at the warm clock", []float64{1.98e9}, false},
		{"idle clock", []float64{345e6, 1.98e9}, true},
		{"no sensors", nil, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := sim.New()
			var lines []string
			r := &engine.Runner{GPU: g, Config: testConfig(), Progress: func(s string) { lines = append(lines, s) }}
			if _, err := r.Warmup(context.Background(), 0, 10*time.Millisecond); err != nil {
				t.Fatal(err)
			}
			g.SensorClocks = tc.clocks
			lines = nil
			spec := engine.ChainSpec{Suite: "alu", Subject: "fma.rn.f32", Step: cudagpu.PTX{}.FMAStep()}
			if err := r.Run(context.Background(), []engine.Job{engine.ChainJob(spec)}, func(record.Record) {}); err != nil {
				t.Fatal(err)
			}
			again := slices.ContainsFunc(lines, func(s string) bool { return strings.HasPrefix(s, "warm-up again") })
			if again != tc.again {
				t.Errorf("warmed up again: %v, want %v (%q)", again, tc.again, lines)
			}
		})
	}
}

// TestMMALatencyIsASlope: the matrix latency is the slope of cycles
// against dependent instructions per iteration (32 on the simulated GPU),
// not one iteration's cycles (42 there, the loop's 10 included).
func TestMMALatencyIsASlope(t *testing.T) {
	g := sim.New()
	r := &engine.Runner{GPU: g, Config: testConfig()}
	m := cudagpu.MMA{Name: "mma m16n8k16 f32+=f16", Group: "mma.sync", Instr: "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32",
		M: 16, N: 8, K: 16, RegsA: 4, RegsB: 2, RegsD: 4, Frag: ptx.B32, Acc: ptx.F32, Elem: "f16", Expect: []string{"HMMA"}}
	var recs []record.Record
	job := mma.FormJob("mma", m, []mma.Shape{{WarpsPerSM: 4, ILP: 1}}, 0, "")
	if err := r.Run(context.Background(), []engine.Job{job}, func(rec record.Record) { recs = append(recs, rec) }); err != nil {
		t.Fatal(err)
	}
	lat := recs[0]
	if lat.Quantity != record.Latency || math.Abs(lat.Value-32) > 0.01 || lat.Latency == nil || math.Abs(lat.Latency.InterceptCycles-10) > 0.01 {
		t.Errorf("%s: %g cycles (%s), detail %+v", lat.ID, lat.Value, lat.Status, lat.Latency)
	}
}
