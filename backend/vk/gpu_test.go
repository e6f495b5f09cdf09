package vk_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gpuarch/gpuarch/backend/vk"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/measure/dispatch"
	"github.com/gpuarch/gpuarch/measure/memory"
	"github.com/gpuarch/gpuarch/measure/pipes"
	"github.com/gpuarch/gpuarch/ptx"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/stats"
	"github.com/gpuarch/gpuarch/vulkan"
)

// openDevice opens Vulkan device 0 (lavapipe in CI), or skips.
func openDevice(t *testing.T) *vk.GPU {
	t.Helper()
	g, err := vk.Open(context.Background(), 0)
	switch {
	case errors.Is(err, vulkan.ErrNoLoader), errors.Is(err, vulkan.ErrNoDevice):
		t.Skipf("no Vulkan device to run kernels on (%v); .ci/run installs Mesa's lavapipe", err)
	case err != nil:
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	return g
}

// smallConfig keeps real runs on a CPU implementation short.
func smallConfig() engine.Config {
	cfg := engine.DefaultConfig()
	cfg.LatencyLengths = []int{0, 16, 32, 64}
	cfg.LatencyRepeats, cfg.Repeats = 3, 3
	cfg.ILPs, cfg.WarpsPerSM = []int{1, 4}, []int{4, 8}
	cfg.BodySteps, cfg.TargetCycles, cfg.ClockMicros = 64, 2e5, 200
	return cfg
}

// TestChainsOnVulkan runs real SPIR-V chains through the runner on the
// first Vulkan device: every record is measured, carries the SPIR-V hash
// and says what the driver let it see of the machine code.
func TestChainsOnVulkan(t *testing.T) {
	g := openDevice(t)
	d := g.Device()
	if d.Backend != "vulkan" || d.Vulkan == nil || d.WarpSize <= 0 || d.TimerTicksPerNs <= 0 {
		t.Fatalf("device record %+v", d)
	}
	r := &engine.Runner{GPU: g, Config: smallConfig()}
	ctx := context.Background()
	if _, err := r.Warmup(ctx, 0, 200*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	steps := []engine.ChainSpec{
		{Suite: "alu", Subject: "Fma.f32", Op: "fma.f32", Step: g.Codegen().FMAStep()},
		{Suite: "alu", Subject: "OpIMul.u32", Step: kernel.Step{ISA: kernel.ISASPIRV, Template: "{d} = OpIMul {T} {y} {x}", Type: ptx.U32, X0: 3, A: [4]uint64{2}}},
		{Suite: "warp", Subject: "OpGroupNonUniformShuffleXor.u32", Step: kernel.Step{ISA: kernel.ISASPIRV,
			Template: "{d} = OpGroupNonUniformShuffleXor {T} {sg} {x} {a}", Type: ptx.U32, X0: 0x12345678, A: [4]uint64{1, 2, 4, 1}}},
	}
	for _, s := range steps {
		recs, err := r.Chain(ctx, s)
		if err != nil {
			t.Fatal(err)
		}
		for _, rec := range recs {
			if rec.Status != record.StatusOK {
				t.Errorf("%s: %s: %s", rec.ID, rec.Status, rec.Reason)
				continue
			}
			if len(rec.Samples) == 0 || rec.Provenance.Source != kernel.ISASPIRV || len(rec.Provenance.SourceSHA256) != 64 || rec.Op != s.Op {
				t.Errorf("%s: samples %v, provenance %+v, op %q", rec.ID, rec.Samples, rec.Provenance, rec.Op)
			}
			if rec.Code == nil || rec.Code.Status == "" || (rec.Code.Status != "verified" && rec.Code.Note == "") {
				t.Errorf("%s: machine-code check %+v says nothing", rec.ID, rec.Code)
			}
		}
		if tp := recs[1]; tp.Status == record.StatusOK && (tp.Through == nil || tp.Value <= 0) {
			t.Errorf("%s: throughput %v, detail %+v", tp.ID, tp.Value, tp.Through)
		}
	}
}

// TestUnsupportedIsSkipped: an operation the device lacks is skipped with
// the reason, and the run goes on.
func TestUnsupportedIsSkipped(t *testing.T) {
	g := openDevice(t)
	bf := engine.ChainSpec{Suite: "alu", Subject: "OpFAdd.bf16", Step: kernel.Step{ISA: kernel.ISASPIRV, Template: "{d} = OpFAdd {T} {x} {a}", Type: ptx.BF16}}
	recs, err := (&engine.Runner{GPU: g, Config: smallConfig()}).Chain(context.Background(), bf)
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range recs {
		if rec.Status == record.StatusOK || !strings.Contains(rec.Reason, "not supported") {
			t.Errorf("%s: %s: %s", rec.ID, rec.Status, rec.Reason)
		}
	}
	feat := g.Codegen().(vk.Codegen).Features
	if !contains(feat.SubgroupOps, "clustered") {
		cl := engine.ChainSpec{Suite: "warp", Subject: "clustered", Step: kernel.Step{ISA: kernel.ISASPIRV,
			Template: "{d} = OpGroupNonUniformIAdd {T} {sg} ClusteredReduce {x} {k:u32:4}", Type: ptx.U32}}
		recs, err := (&engine.Runner{GPU: g, Config: smallConfig()}).Chain(context.Background(), cl)
		if err != nil {
			t.Fatal(err)
		}
		if recs[0].Status != record.StatusSkipped {
			t.Errorf("clustered reduction on a device without them: %s: %s", recs[0].Status, recs[0].Reason)
		}
	}
}

// TestRejectedModule: SPIR-V the driver or the assembler refuses fails
// the probe with the reason, and the next probe still runs.
func TestRejectedModule(t *testing.T) {
	g := openDevice(t)
	_, err := g.Compile(context.Background(), "bad", "OpCapability Shader\nOpFrobnicate %x\n")
	if err == nil {
		t.Fatal("a malformed module compiled")
	}
	bad := engine.ChainSpec{Suite: "alu", Subject: "bad", Step: kernel.Step{ISA: kernel.ISASPIRV, Template: "{d} = OpFAdd {T} {x} {glsl}", Type: ptx.F32}}
	r := &engine.Runner{GPU: g, Config: smallConfig()}
	recs, err := r.Chain(context.Background(), bad)
	if err != nil {
		t.Fatal(err)
	}
	if recs[0].Status != record.StatusFailed || recs[0].Reason == "" {
		t.Errorf("an invalid module: %s: %q", recs[0].Status, recs[0].Reason)
	}
	good := engine.ChainSpec{Suite: "alu", Subject: "Fma.f32", Step: g.Codegen().FMAStep()}
	if recs, err := r.Chain(context.Background(), good); err != nil || recs[0].Status != record.StatusOK {
		t.Errorf("the probe after a rejected one: %v, %+v", err, recs)
	}
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// TestChaseOnVulkan chases pointers through workgroup memory and global
// memory (plain and volatile loads) on the first Vulkan device; the
// constant-cache path is skipped with the reason.
func TestChaseOnVulkan(t *testing.T) {
	g := openDevice(t)
	r := &engine.Runner{GPU: g, Config: smallConfig()}
	paths := []memory.ChasePath{
		{Name: "shared", Space: "shared"},
		{Name: "global ld.ca", Space: "global", CacheOp: "ca"},
		{Name: "global ld.cg", Space: "global", CacheOp: "cg", OneChainUpTo: 64 << 10},
		{Name: "constant", Space: "const"},
		{Name: "global ld.ca, 32 KiB shared", Space: "global", CacheOp: "ca", SharedBytes: 32 << 10},
	}
	var recs []record.Record
	job := memory.ChaseJob("memory", paths, []int64{1 << 10, 16 << 10, 256 << 10})
	if err := r.Run(context.Background(), []engine.Job{job}, func(rec record.Record) { recs = append(recs, rec) }); err != nil {
		t.Fatal(err)
	}
	if len(recs) != len(paths) {
		t.Fatalf("%d records for %d paths", len(recs), len(paths))
	}
	for _, rec := range recs {
		switch rec.Subject {
		case "constant", "global ld.ca, 32 KiB shared":
			if rec.Status != record.StatusSkipped || rec.Reason == "" {
				t.Errorf("%s: %s (%s), want skipped with a reason", rec.ID, rec.Status, rec.Reason)
			}
			continue
		}
		if rec.Status != record.StatusOK || rec.Curve == nil || len(rec.Curve.Points) == 0 {
			t.Errorf("%s: %s: %s", rec.ID, rec.Status, rec.Reason)
			continue
		}
		for _, p := range rec.Curve.Points {
			if !(p.Value > 0) {
				t.Errorf("%s at %d bytes: %g cycles per load", rec.ID, p.Bytes, p.Value)
			}
		}
		if rec.Provenance.Source != kernel.ISASPIRV {
			t.Errorf("%s: provenance %+v", rec.ID, rec.Provenance)
		}
		t.Logf("%s: %+v", rec.Subject, rec.Curve.Points)
	}
}

// TestStreamOnVulkan streams through workgroup memory and global memory
// (plain loads, loads around the L1, stores) on the first Vulkan device.
func TestStreamOnVulkan(t *testing.T) {
	g := openDevice(t)
	r := &engine.Runner{GPU: g, Config: smallConfig()}
	shapes := []memory.StreamShape{{Width: 4, WarpsPerSM: 8}, {Width: 16, WarpsPerSM: 8}}
	var jobs []engine.Job
	for _, s := range []memory.Stream{
		{Subject: "shared read", Op: "lds", Footprint: 16 << 10, PerBlock: true, Passes: 8, Shapes: shapes},
		{Subject: "L1 read", Op: "ld.ca", Footprint: 32 << 10, PerBlock: true, Passes: 8, Shapes: shapes},
		{Subject: "L2 read", Op: "ld.cg", Footprint: 1 << 20, Passes: 2, Shapes: shapes},
		{Subject: "L2 write", Op: "st", Footprint: 1 << 20, Passes: 2, Shapes: shapes},
		{Subject: "L1 read, 2 FMAs a load", Op: "ld.ca", Footprint: 32 << 10, PerBlock: true, Passes: 8, Shapes: shapes, ALUPerAccess: 2},
	} {
		jobs = append(jobs, memory.BandwidthJob("memory", s))
	}
	var recs []record.Record
	if err := r.Run(context.Background(), jobs, func(rec record.Record) { recs = append(recs, rec) }); err != nil {
		t.Fatal(err)
	}
	if len(recs) != len(jobs) {
		t.Fatalf("%d records for %d streams", len(recs), len(jobs))
	}
	for _, rec := range recs {
		if rec.Status != record.StatusOK || !(rec.Value > 0) || rec.Through == nil || len(rec.Through.Sweep) != len(shapes) {
			t.Errorf("%s: %s, %g bytes/clock/SM: %s", rec.ID, rec.Status, rec.Value, rec.Reason)
		}
		t.Logf("%s: %.3g bytes/clock/SM, %.3g bytes/s", rec.Subject, rec.Value, rec.Through.ResultsPerSecond)
	}
}

// TestSyncOnVulkan times barriers and atomics on the first Vulkan device;
// a float atomic, which gpuarch does not enable there, is skipped.
func TestSyncOnVulkan(t *testing.T) {
	g := openDevice(t)
	r := &engine.Runner{GPU: g, Config: smallConfig()}
	add := kernel.Atomic{Space: "shared", Op: "add", Type: "u32"}
	agg := kernel.Atomic{Space: "global", Op: "add", Type: "u32", Aggregated: true}
	cases := []dispatch.AtomicCase{
		{Atomic: add, Ways: 1},
		{Atomic: add, Ways: 1, Full: true},
		{Atomic: kernel.Atomic{Space: "global", Op: "cas", Type: "b32"}, Ways: 32},
		{Atomic: agg, Ways: 32, Full: true},
		{Atomic: kernel.Atomic{Space: "global", Op: "add", Type: "f32"}, Ways: 1},
	}
	var recs []record.Record
	if err := r.Run(context.Background(), []engine.Job{dispatch.SyncJob("dispatch", []int{1, 2}, cases)}, func(rec record.Record) { recs = append(recs, rec) }); err != nil {
		t.Fatal(err)
	}
	// Two block sizes of the barrier with memory semantics and of the
	// one without, then the atomics.
	if len(recs) != 4+len(cases) {
		t.Fatalf("%d records", len(recs))
	}
	if !strings.Contains(recs[2].Subject, kernel.ExecutionOnly) {
		t.Errorf("record 2 is %q, not the barrier without memory semantics", recs[2].Subject)
	}
	for _, rec := range recs {
		want := record.StatusOK
		if strings.Contains(rec.Subject, "f32") {
			want = record.StatusSkipped
		}
		if rec.Status != want || want == record.StatusOK && !(rec.Value > 0) {
			t.Errorf("%s: %s, %g: %s", rec.ID, rec.Status, rec.Value, rec.Reason)
		}
		t.Logf("%s: %.3g %s", rec.Subject, rec.Value, rec.Unit)
	}
}

// TestPipesOnVulkan measures an occupancy grid and a mix on the first
// Vulkan device: the one-subgroup cells run (a CPU thread runs one
// workgroup at a time under lavapipe, so larger cells may be skipped,
// each with why), and the mix's operations name its record.
func TestPipesOnVulkan(t *testing.T) {
	g := openDevice(t)
	r := &engine.Runner{GPU: g, Config: smallConfig()}
	fma := engine.ChainSpec{Suite: "pipes", Subject: "Fma.f32", Op: "fma.f32", Step: g.Codegen().FMAStep()}
	mul := engine.ChainSpec{Suite: "pipes", Subject: "OpIMul.u32", Op: "mul.lo.i32",
		Step: kernel.Step{ISA: kernel.ISASPIRV, Template: "{d} = OpIMul {T} {y} {x}", Type: ptx.U32, X0: 3, A: [4]uint64{2}}}
	jobs := []engine.Job{
		pipes.OccupancyJob(fma, []int{1, 2, 8}, []int{1, 4}),
		pipes.MixJob("pipes", "mix", "mix/x", "fma + mul", "pair", []pipes.MixPart{{Spec: fma, Count: 2}, {Spec: mul, Count: 1}},
			[]pipes.MixShape{{Warps: 1, ILP: 8}, {Warps: 8, ILP: 2}}),
	}
	var recs []record.Record
	if err := r.Run(context.Background(), jobs, func(rec record.Record) { recs = append(recs, rec) }); err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 {
		t.Fatalf("%d records", len(recs))
	}
	occ, mix := recs[0], recs[1]
	if occ.Status != record.StatusOK || occ.Occup == nil || occ.Op != "fma.f32" {
		t.Fatalf("%s: %s: %s (%+v)", occ.ID, occ.Status, occ.Reason, occ.Occup)
	}
	for i := range occ.Occup.ILPs {
		if v := occ.Occup.IPC[i][0]; v == nil || !(*v > 0) {
			t.Errorf("%s: no rate at one subgroup, ILP %d", occ.ID, occ.Occup.ILPs[i])
		}
	}
	cells := 0
	for _, row := range occ.Occup.IPC {
		for _, v := range row {
			if v != nil {
				cells++
			}
		}
	}
	if cells+len(occ.Occup.Skipped) != len(occ.Occup.ILPs)*len(occ.Occup.WarpsPerSM) {
		t.Errorf("%d cells measured and %d skipped of %d", cells, len(occ.Occup.Skipped), len(occ.Occup.ILPs)*len(occ.Occup.WarpsPerSM))
	}
	if mix.Status != record.StatusOK || !(mix.Value > 0) || mix.Op != "fma.f32:2+mul.lo.i32:1" {
		t.Errorf("%s: %s %g, op %q: %s", mix.ID, mix.Status, mix.Value, mix.Op, mix.Reason)
	}
	t.Logf("occupancy best %.3g, skipped %q; mix %.3g", occ.Value, occ.Occup.Skipped, mix.Value)
}

// TestLaunchOnVulkan times dispatches submitted one by one, recorded in
// one command buffer, and submitted and waited for, on the first Vulkan
// device; several queues are not written yet and say so.
func TestLaunchOnVulkan(t *testing.T) {
	g := openDevice(t)
	r := &engine.Runner{GPU: g, Config: smallConfig()}
	cases := []dispatch.LaunchCase{
		{Subject: "one submit each", Batch: engine.Batch{Launches: 20, Streams: 1}},
		{Subject: "one command buffer", Batch: engine.Batch{Launches: 20, Streams: 1, Graph: true}},
		{Subject: "submit and wait", Batch: engine.Batch{Launches: 1, Streams: 1, Spin: true}, Repeats: 5},
		{Subject: "two queues", Batch: engine.Batch{Launches: 4, Streams: 2}},
	}
	var recs []record.Record
	if err := r.Run(context.Background(), []engine.Job{dispatch.LaunchJob("dispatch", cases)}, func(rec record.Record) { recs = append(recs, rec) }); err != nil {
		t.Fatal(err)
	}
	if len(recs) != len(cases) {
		t.Fatalf("%d records for %d cases", len(recs), len(cases))
	}
	for i, rec := range recs[:3] {
		if rec.Status != record.StatusOK || !(rec.Value > 0) || rec.Launch == nil || len(rec.Launch.Kernels) != cases[i].Batch.Launches {
			t.Errorf("%s: %s %g: %s", rec.ID, rec.Status, rec.Value, rec.Reason)
			continue
		}
		// Dispatches ran one after another: each started after the one
		// before it ended.
		for k := 1; k < len(rec.Launch.Kernels); k++ {
			if rec.Launch.Kernels[k][0] < rec.Launch.Kernels[k-1][1] {
				t.Errorf("%s: dispatch %d started at %d ns, before dispatch %d ended at %d", rec.ID, k, rec.Launch.Kernels[k][0], k-1, rec.Launch.Kernels[k-1][1])
				break
			}
		}
		t.Logf("%s: %.3g µs per launch", rec.Subject, rec.Value)
	}
	if rec := recs[3]; rec.Status != record.StatusSkipped || !strings.Contains(rec.Reason, "not supported") {
		t.Errorf("%s: %s: %s", rec.ID, rec.Status, rec.Reason)
	}
}

// TestBanksOnVulkan runs the access-pattern probe on the first Vulkan
// device: shared-memory strides, widths and a broadcast, and global
// patterns through and around the L1, each a cost per subgroup load with
// the operation that pairs it with the CUDA record.
func TestBanksOnVulkan(t *testing.T) {
	g := openDevice(t)
	r := &engine.Runner{GPU: g, Config: smallConfig()}
	cases := []memory.BankCase{
		{Subject: "4-byte stride 1", Width: 4, Stride: 1},
		{Subject: "4-byte stride 32", Width: 4, Stride: 32},
		{Subject: "4-byte broadcast", Width: 4, Stride: 0},
		{Subject: "8-byte stride 1", Width: 8, Stride: 1},
		{Subject: "16-byte stride 2", Width: 16, Stride: 2},
		{Subject: "ld.ca 4-byte lanes 4 bytes apart", Width: 4, Stride: 1, CacheOp: "ca"},
		{Subject: "ld.cg 16-byte lanes 16 bytes apart", Width: 16, Stride: 1, CacheOp: "cg"},
		{Subject: "ld.ca 2 lines, other banks", Width: 4, Stride: 1, CacheOp: "ca", Group: 16, Jump: 192},
	}
	var recs []record.Record
	if err := r.Run(context.Background(), []engine.Job{memory.BankJob("memory", cases)}, func(rec record.Record) { recs = append(recs, rec) }); err != nil {
		t.Fatal(err)
	}
	if len(recs) != len(cases) {
		t.Fatalf("%d records for %d cases", len(recs), len(cases))
	}
	for i, rec := range recs {
		c := cases[i]
		wantOp := "shared banks/" + c.Subject
		if c.CacheOp != "" {
			wantOp = strings.TrimPrefix(rec.ID, "memory/")
		}
		if rec.Status != record.StatusOK || !(rec.Value > 0) || len(rec.Samples) != stats.DefaultUntil.Min+1 || rec.Op != wantOp || rec.Provenance.Source != kernel.ISASPIRV {
			t.Errorf("%s: %s, %g %s, op %q, provenance %+v: %s", rec.ID, rec.Status, rec.Value, rec.Unit, rec.Op, rec.Provenance, rec.Reason)
		}
		t.Logf("%s: %.3g %s", rec.ID, rec.Value, rec.Unit)
	}
}

// TestCodeSizeOnVulkan runs the instruction-fetch test at two small body
// sizes on the first Vulkan device: each record is a rate with the code
// size the driver reports, or the SPIR-V instruction count, saying which.
func TestCodeSizeOnVulkan(t *testing.T) {
	g := openDevice(t)
	r := &engine.Runner{GPU: g, Config: smallConfig()}
	spec := engine.ChainSpec{Suite: "memory", Subject: "Fma.f32", Op: "fma.f32", Step: g.Codegen().FMAStep()}
	sizes := []int{1 << 10, 4 << 10}
	var jobs []engine.Job
	for _, n := range sizes {
		jobs = append(jobs, memory.CodeSizeJob(spec, n, 8, 4))
	}
	var recs []record.Record
	if err := r.Run(context.Background(), jobs, func(rec record.Record) { recs = append(recs, rec) }); err != nil {
		t.Fatal(err)
	}
	if len(recs) != len(sizes) {
		t.Fatalf("%d records for %d sizes", len(recs), len(sizes))
	}
	for i, rec := range recs {
		if rec.Status != record.StatusOK || !(rec.Value > 0) || rec.Curve == nil || len(rec.Curve.Points) != 1 || len(rec.Samples) != stats.DefaultUntil.Min {
			t.Errorf("%s: %s, %g: %s", rec.ID, rec.Status, rec.Value, rec.Reason)
			continue
		}
		p := rec.Curve.Points[0]
		if p.Elements != sizes[i]/16 || rec.Op != fmt.Sprintf("code size/%d", sizes[i]) || rec.Provenance.Source != kernel.ISASPIRV {
			t.Errorf("%s: %d steps, op %q, provenance %+v", rec.ID, p.Elements, rec.Op, rec.Provenance)
		}
		if !strings.Contains(rec.Note, "code size: ") || (p.Bytes > 0) != strings.Contains(rec.Note, "Binary Size") {
			t.Errorf("%s: %d bytes, note %q", rec.ID, p.Bytes, rec.Note)
		}
		t.Logf("%s: %.3g %s; %s; machine code %+v", rec.ID, rec.Value, rec.Unit, rec.Note, rec.Code)
	}
}

// TestStreamRotation: a stream of stores with rotate 1 moves each pass to
// the next region, with rotate 0 it stays on its own; one workgroup, four
// regions, two passes, so exactly the regions the passes reach are
// written (the stored value is the invocation index plus one's bits, never
// zero in the lanes past the first).
func TestStreamRotation(t *testing.T) {
	g := openDevice(t)
	k := kernel.StreamLoopSpec{Name: "stream_st_w4", Op: "st", Width: 4, Unroll: 8}
	src, err := g.Codegen().Module([]kernel.Spec{k})
	if err != nil {
		t.Fatal(err)
	}
	prog, err := g.Compile(context.Background(), "rotation", src)
	if err != nil {
		t.Fatal(err)
	}
	defer prog.Close()
	const threads, regions = 32, 4
	region := uint64(threads * 4 * 8) // one loop iteration
	for _, tc := range []struct {
		rotate  uint32
		written []bool
	}{
		{0, []bool{true, false, false, false}},
		{1, []bool{true, true, false, false}},
		{3, []bool{true, false, false, true}},
	} {
		buf, err := g.Alloc(int(region * regions))
		if err != nil {
			t.Fatal(err)
		}
		out, err := g.Alloc(engine.WarpRecordBytes * 8)
		if err != nil {
			t.Fatal(err)
		}
		if err := errors.Join(buf.Clear(), out.Clear()); err != nil {
			t.Fatal(err)
		}
		sink := out.Ptr() // the guard never matches: nothing is stored there
		args := []any{out.Ptr(), sink, uint32(2), uint64(buf.Ptr()), region, uint32(regions), uint32(0x7fc00bad), uint32(4), tc.rotate}
		if err := prog.Launch(context.Background(), k.Name, engine.Grid{Blocks: 1, Threads: threads}, 10*time.Second, args...); err != nil {
			t.Fatal(err)
		}
		b, err := buf.Read()
		if err != nil {
			t.Fatal(err)
		}
		for i, want := range tc.written {
			// Lane 1's first word in the region: 1, when written.
			got := b[uint64(i)*region+4] != 0
			if got != want {
				t.Errorf("rotate %d: region %d written %v, want %v", tc.rotate, i, got, want)
			}
		}
		buf.Free()
		out.Free()
	}
}

// TestKeepBusy: with the keeper on (forced on lavapipe, where it does not
// run by default), the GPU is loaded while no probe dispatches, the
// probes' kernels still measure what they measure, and Close stops it.
func TestKeepBusy(t *testing.T) {
	t.Setenv(vk.KeepBusyEnv, "1")
	g := openDevice(t)
	if _, _, on := g.KeepBusyLoads(); !on {
		t.Fatalf("%s=1, yet no keeper: %s", vk.KeepBusyEnv, g.KeptBusy())
	}
	r := &engine.Runner{GPU: g, Config: smallConfig()}
	ctx := context.Background()
	if _, err := r.Warmup(ctx, 0, 100*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	recs, err := r.Chain(ctx, engine.ChainSpec{Suite: "alu", Subject: "Fma.f32", Op: "fma.f32", Step: g.Codegen().FMAStep()})
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range recs {
		if rec.Status != record.StatusOK || rec.Value <= 0 {
			t.Errorf("%s: %s %v: %s", rec.ID, rec.Status, rec.Value, rec.Reason)
		}
	}
	before, _, _ := g.KeepBusyLoads()
	deadline := time.Now().Add(5 * time.Second)
	for n, _, _ := g.KeepBusyLoads(); n < before+3 && time.Now().Before(deadline); n, _, _ = g.KeepBusyLoads() {
		time.Sleep(5 * time.Millisecond)
	}
	if n, took, _ := g.KeepBusyLoads(); n < before+3 || took <= 0 {
		t.Errorf("idle for up to 5 s, the GPU ran %d loads (%d before), %v in all", n, before, took)
	}
	if !strings.Contains(g.KeptBusy(), "loads") {
		t.Errorf("KeptBusy: %q", g.KeptBusy())
	}
	if err := g.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
}
