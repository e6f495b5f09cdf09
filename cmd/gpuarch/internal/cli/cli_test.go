package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/backend/cudagpu"
	"github.com/gpuarch/gpuarch/engine"

	"github.com/google/go-cmp/cmp"
	"github.com/gpuarch/gpuarch/backend/sim"
	"github.com/gpuarch/gpuarch/backend/vk"
	"github.com/gpuarch/gpuarch/cuda"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/measure/alu"
	"github.com/gpuarch/gpuarch/measure/mma"
	"github.com/gpuarch/gpuarch/measure/pipes"
	"github.com/gpuarch/gpuarch/measure/warp"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/report"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// testEnv runs workers in-process on a simulated GPU.
func testEnv(gpu *sim.GPU) (*Env, *bytes.Buffer, *bytes.Buffer) {
	var stdout, stderr bytes.Buffer
	cfg := engine.DefaultConfig()
	cfg.LatencyRepeats, cfg.Repeats = 3, 3
	cfg.ILPs, cfg.WarpsPerSM = []int{1, 4}, []int{4, 16}
	e := &Env{
		Stdout: &stdout, Stderr: &stderr,
		DefaultBackend: func() string { return backendCUDA },
		OpenGPU: func(context.Context, Target) (Device, error) {
			if gpu == nil {
				return nil, fmt.Errorf("%w (dlopen libcuda.so.1: not found)", cuda.ErrNoDriver)
			}
			return gpu, nil
		},
		Disassembler: func() (cudagpu.Disassembler, error) { return nil, errors.New("nvdisasm is not on the PATH") },
		Config:       cfg,
	}
	e.Worker = e.work
	return e, &stdout, &stderr
}

// A run that finds no GPU writes no results: not a folder it would have
// made, and not over results already in the folder it was given.
func TestNoDriverWritesNothing(t *testing.T) {
	dir := t.TempDir()
	fresh := filepath.Join(dir, "new")
	old := filepath.Join(dir, "old")
	if err := os.MkdirAll(old, 0o755); err != nil {
		t.Fatal(err)
	}
	kept := []byte(`{"earlier": "results"}`)
	if err := os.WriteFile(filepath.Join(old, ResultsJSON), kept, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{fresh, old} {
		e, _, _ := testEnv(nil)
		if err := e.Run(context.Background(), []string{"run", "--out", out}); err == nil {
			t.Fatal("a run without a driver succeeded")
		}
	}
	if _, err := os.Stat(fresh); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the run made %s: %v", fresh, err)
	}
	if b, err := os.ReadFile(filepath.Join(old, ResultsJSON)); err != nil || !bytes.Equal(b, kept) {
		t.Errorf("the earlier results became %q (%v)", b, err)
	}
}

func TestNoDriver(t *testing.T) {
	for _, args := range [][]string{{"info"}, {"inst", "fma.rn.f32"}, {"run", "--out", t.TempDir()}} {
		t.Run(args[0], func(t *testing.T) {
			e, _, _ := testEnv(nil)
			err := e.Run(context.Background(), args)
			if err == nil || !strings.Contains(err.Error(), "is the NVIDIA driver installed?") {
				t.Fatalf("err = %v", err)
			}
			if ExitCode(err) != 1 {
				t.Errorf("exit code %d", ExitCode(err))
			}
		})
	}
}

// TestRealDriverAbsent runs the real command line on this machine: in CI
// there is no driver, and the message must say so in one sentence.
func TestRealDriverAbsent(t *testing.T) {
	if cuda.Available() {
		// libcuda.so.1 loads (a driver, or a toolkit's driver package
		// on a machine without a GPU): the test is for machines
		// without one.
		t.Skip("libcuda.so.1 loads on this machine: this test is for machines without a CUDA driver")
	}
	var out, errOut bytes.Buffer
	err := Run(context.Background(), []string{"info", "--backend", "cuda", "--no-measure"}, &out, &errOut)
	if err == nil || !strings.Contains(err.Error(), "libcuda.so.1 was not found: is the NVIDIA driver installed?") {
		t.Fatalf("err = %v", err)
	}
	if got := defaultBackend(); got != backendVulkan {
		t.Errorf("without a CUDA driver the default backend is %q, want vulkan", got)
	}
}

func TestUsageErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
		code int
	}{
		{"no command", nil, "no command", 2},
		{"unknown command", []string{"frobnicate"}, `unknown command "frobnicate"`, 2},
		{"unknown instruction", []string{"inst", "fma.rn.f3"}, `unknown instruction "fma.rn.f3"; closest known: fma.rn.f32`, 1},
		{"inst without names", []string{"inst"}, "needs at least one instruction", 2},
		{"bad flag", []string{"run", "--frob"}, "unknown flag: --frob", 2},
		{"unknown suite", []string{"run", "--suite", "alu,tensor"}, `unknown suite "tensor"`, 2},
		{"report without file", []string{"report"}, "exactly one results file", 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Chdir(t.TempDir()) // a run that should not start writes nothing here if it does
			e, _, _ := testEnv(sim.New())
			err := e.Run(context.Background(), tc.args)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want it to contain %q", err, tc.want)
			}
			if got := ExitCode(err); got != tc.code {
				t.Errorf("exit code %d, want %d", got, tc.code)
			}
		})
	}
}

func TestUnwritableOut(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, "file")
	if err := os.WriteFile(blocker, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	opened := false
	e, _, _ := testEnv(sim.New())
	e.OpenGPU = func(context.Context, Target) (Device, error) { opened = true; return sim.New(), nil }
	err := e.Run(context.Background(), []string{"run", "--out", filepath.Join(blocker, "sub")})
	if err == nil || !strings.Contains(err.Error(), "cannot create the output folder") {
		t.Fatalf("err = %v", err)
	}
	if opened {
		t.Error("the GPU was opened before the output folder was checked")
	}
}

// countStatus counts a run's records of a status.
func countStatus(run *record.Run, s record.Status) int {
	n := 0
	for _, r := range run.Records {
		if r.Status == s {
			n++
		}
	}
	return n
}

// runIn runs args with --out set to a new folder and reads back the
// results. A run whose records partly failed ends with ExitSomeFailed, and
// the error counts the failed records the file holds.
func runIn(t *testing.T, e *Env, stderr fmt.Stringer, args ...string) *record.Run {
	t.Helper()
	out := t.TempDir()
	runErr := e.Run(context.Background(), append(args, "--out", out))
	var failed *FailedError
	if runErr != nil && !errors.As(runErr, &failed) {
		t.Fatalf("%v\n%s", runErr, stderr)
	}
	run, err := record.ReadFile(filepath.Join(out, ResultsJSON))
	if err != nil {
		t.Fatal(err)
	}
	if n := countStatus(run, record.StatusFailed); (n > 0) != (failed != nil) || (failed != nil && (failed.Failed != n || ExitCode(runErr) != ExitSomeFailed)) {
		t.Errorf("%d records failed, and the run ended with %v (exit %d)", n, runErr, ExitCode(runErr))
	}
	if _, err := os.Stat(filepath.Join(out, ResultsMD)); err != nil {
		t.Error(err)
	}
	return run
}

func TestRunOnSimulatedGPU(t *testing.T) {
	gpu := sim.New()
	e, _, stderr := testEnv(gpu)
	run := runIn(t, e, stderr, "run", "--suite", "alu")
	if !run.Complete || len(run.Records) != 2*len(alu.Catalog()) {
		t.Errorf("complete=%v with %d records, want %d", run.Complete, len(run.Records), 2*len(alu.Catalog()))
	}
	for _, r := range run.Records {
		if r.Status != record.StatusOK {
			t.Errorf("%s: %s %s", r.ID, r.Status, r.Reason)
		}
	}
	if run.Warmup == nil || run.Device.Name != "Fake GPU" {
		t.Errorf("warm-up %v, device %q", run.Warmup, run.Device.Name)
	}
	if !gpu.Closed {
		t.Error("the GPU was not closed")
	}
}

func TestPipesOnSimulatedGPU(t *testing.T) {
	e, _, stderr := testEnv(sim.New())
	run := runIn(t, e, stderr, "run", "--suite", "pipes")
	by := map[record.Quantity]int{}
	roles := map[string]int{}
	for _, r := range run.Records {
		if r.Status != record.StatusOK {
			t.Errorf("%s: %s %s", r.ID, r.Status, r.Reason)
		}
		by[r.Quantity]++
		if r.Mix != nil {
			roles[r.Mix.Role]++
		}
	}
	if by[record.Occupancy] < 10 || roles["solo"] != len(pipes.Classes(kernel.ISAPTX)) || roles["pair"] == 0 || roles["held-out"] == 0 {
		t.Errorf("records by quantity %v, mixes by role %v", by, roles)
	}
	occ, ok := run.Find("pipes/fma.rn.f32/occupancy")
	if !ok || len(occ.Occup.IPC) != len(pipes.ILPs) || len(occ.Occup.IPC[0]) != len(pipes.Warps) {
		t.Fatalf("occupancy grid: %+v", occ)
	}
	if occ.Occup.IPC[0][0] == nil || *occ.Occup.IPC[0][0] <= 0 {
		t.Error("no rate at 1 warp, ILP 1")
	}
}

func TestMemoryOnSimulatedGPU(t *testing.T) {
	gpu := sim.New() // allocations above 1 GiB fail, as on a small card
	e, _, stderr := testEnv(gpu)
	run := runIn(t, e, stderr, "run", "--suite", "memory")
	cg, ok := run.Find("memory/latency/global ld.cg")
	if !ok || cg.Status != record.StatusOK || len(cg.Curve.Points) == 0 {
		t.Fatalf("ld.cg curve: %+v", cg)
	}
	if len(cg.Curve.Skipped) == 0 || !strings.Contains(cg.Curve.Skipped[0], "could be allocated") {
		t.Errorf("footprints beyond the allocatable memory were not skipped with the reason: %q", cg.Curve.Skipped)
	}
	last := cg.Curve.Points[len(cg.Curve.Points)-1]
	if last.Bytes > 1<<30 || last.Value != 650 {
		t.Errorf("last point %+v: want at most 1 GiB, at the simulated DRAM latency", last)
	}
	if c, ok := run.Find("memory/latency/global ld.ca, 100 KiB shared"); !ok || c.Status != record.StatusOK || c.Curve.Points[len(c.Curve.Points)-1].Bytes > 512<<10 {
		t.Errorf("carve-out chase should stop at 512 KiB: %+v", c)
	}
	if c, ok := run.Find("memory/latency/constant"); !ok || c.Status != record.StatusOK || c.Curve.Points[len(c.Curve.Points)-1].Bytes != 64<<10 {
		t.Errorf("constant curve should end at the 64 KiB table: %+v", c)
	}
	if r, ok := run.Find("memory/shared banks/4-byte stride 32"); !ok || r.Status != record.StatusOK || r.Value <= 0 {
		t.Errorf("bank record: %+v", r)
	}
	var md strings.Builder
	if err := report.Markdown(&md, run); err != nil {
		t.Fatal(err)
	}
	if r, ok := run.Find("memory/code size/4096"); !ok || r.Status != record.StatusOK || r.Curve == nil || r.Curve.Points[0].Bytes <= 0 {
		t.Errorf("code-size record: %+v", r)
	}
	if !strings.Contains(md.String(), "`ld.ca`: a coalesced warp load (128 bytes) takes 1.00 cycles (128 bytes a clock); as the lanes spread, the cost follows the 32-byte sectors they touch, 0.25–0.25 cycles each") {
		t.Errorf("the report does not infer 32-byte sectors from the simulated L1:\n%s", md.String())
	}
	if r, ok := run.Find("memory/bandwidth curve/ld.cg 16777216 bytes"); !ok || r.Status != record.StatusOK || r.Curve == nil || r.Curve.Points[0].Value <= 0 {
		t.Errorf("bandwidth curve point: %+v", r)
	}
	if r, ok := run.Find("memory/bandwidth curve/ld.cg 4294967296 bytes"); !ok || r.Status != record.StatusSkipped || !strings.Contains(r.Reason, "could not be allocated") {
		t.Errorf("a footprint beyond the device's memory should be skipped with the reason: %+v", r)
	}
	if !strings.Contains(md.String(), "#### Bandwidth against footprint") {
		t.Errorf("the report has no bandwidth curve:\n%s", md.String())
	}
	if r, ok := run.Find("memory/latency hiding/L2, 8 FFMA per load"); !ok || r.Status != record.StatusOK || r.Curve.Points[0].Elements != 8 {
		t.Errorf("latency-hiding record: %+v", r)
	}
	if !strings.Contains(md.String(), "### Latency hiding") {
		t.Errorf("the report has no latency-hiding section:\n%s", md.String())
	}
	if !strings.Contains(md.String(), "### Instruction fetch") {
		t.Errorf("the report has no instruction-fetch section:\n%s", md.String())
	}
	if r, ok := run.Find("memory/latency/global ld.ca, carve-out 25%"); !ok || r.Status != record.StatusOK {
		t.Errorf("preferred carve-out chase: %+v", r)
	}
	if r, ok := run.Find("memory/latency/global ld.cg, one load per 2 MiB page"); !ok || r.Status != record.StatusOK || len(r.Curve.Skipped) == 0 {
		t.Errorf("TLB chase (footprints beyond the simulated 1 GiB must be skipped): %+v", r)
	}
	if !strings.Contains(md.String(), "| TLB reach (one load per 2 MiB page, data in the L2) | 270 cycles to") {
		t.Errorf("the report does not find the simulated TLB step:\n%s", md.String())
	}
	if r, ok := run.Find("memory/transfer unit/L2, lanes 64 bytes apart"); !ok || r.Status != record.StatusOK || r.Curve.Points[0].Stride != 64 {
		t.Errorf("transfer-unit record: %+v", r)
	}
	if r, ok := run.Find("memory/global banks/ld.ca 4 lines, other banks"); !ok || r.Status != record.StatusOK || r.Value <= 0 {
		t.Errorf("global bank record: %+v", r)
	}
	if !strings.Contains(md.String(), "32 banks of 4 bytes") {
		t.Errorf("the report does not infer 32 banks from the simulated conflicts:\n%s", md.String())
	}
	for _, name := range []string{"shared read", "L1 read", "L2 read", "DRAM read", "DRAM write"} {
		r, ok := run.Find("memory/bandwidth/" + name)
		if !ok {
			t.Errorf("no %s record", name)
			continue
		}
		if name != "DRAM read" && name != "DRAM write" && r.Status != record.StatusOK {
			t.Errorf("%s: %s %s", name, r.Status, r.Reason)
		}
	}
}

func TestFaultGoesOnInNewWorker(t *testing.T) {
	gpu := sim.New()
	gpu.FailKernel, gpu.LaunchErr = "lat_add_s32_n", sim.ErrFault
	e, _, stderr := testEnv(gpu)
	workers := 0
	e.Worker = func(ctx context.Context, req WorkRequest, send func(WorkMessage)) error {
		workers++
		return e.work(ctx, req, send)
	}
	run := runIn(t, e, stderr, "run", "--suite", "alu")
	if workers != 2 {
		t.Errorf("%d workers, want 2 (one more after the fault)", workers)
	}
	if len(run.Records) != 2*len(alu.Catalog()) {
		t.Errorf("%d records, want %d", len(run.Records), 2*len(alu.Catalog()))
	}
	for _, r := range run.Records {
		failed := r.Subject == "add.s32"
		if failed != (r.Status == record.StatusFailed) {
			t.Errorf("%s: %s %s", r.ID, r.Status, r.Reason)
		}
		if failed && !strings.Contains(r.Reason, "CUDA_ERROR_ILLEGAL_ADDRESS") {
			t.Errorf("%s: reason %q lacks the driver's error", r.ID, r.Reason)
		}
	}
	if !run.Complete || len(run.Warnings) == 0 {
		t.Errorf("complete=%v warnings=%q", run.Complete, run.Warnings)
	}
}

func TestInterruptKeepsResults(t *testing.T) {
	e, _, _ := testEnv(sim.New())
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	inner := e.Worker
	e.Worker = func(ctx2 context.Context, req WorkRequest, send func(WorkMessage)) error {
		n := 0
		return inner(ctx2, req, func(m WorkMessage) {
			send(m)
			if m.Type == "record" {
				if n++; n == 6 {
					cancel() // Ctrl-C after three instructions
				}
			}
		})
	}
	out := t.TempDir()
	err := e.Run(ctx, []string{"run", "--suite", "alu", "--out", out})
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "kept in "+out) {
		t.Fatalf("err = %v", err)
	}
	if ExitCode(err) != 130 {
		t.Errorf("exit code %d, want 130", ExitCode(err))
	}
	run, rerr := record.ReadFile(filepath.Join(out, ResultsJSON))
	if rerr != nil {
		t.Fatal(rerr)
	}
	if run.Complete || len(run.Records) < 6 {
		t.Errorf("complete=%v with %d records", run.Complete, len(run.Records))
	}
	if _, err := os.Stat(filepath.Join(out, ResultsMD)); err != nil {
		t.Errorf("no Markdown after the interruption: %v", err)
	}
}

func TestInstPrintsTable(t *testing.T) {
	e, stdout, _ := testEnv(sim.New())
	if err := e.Run(context.Background(), []string{"inst", "ex2.approx.f32", "fma.rn.f32", "shfl.sync.bfly.b32"}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| `ex2.approx.f32` |", "| `fma.rn.f32` |", "## Instruction throughput and latency", "| `shfl.sync.bfly.b32` |"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
}

// TestReportGolden renders the recorded H200 run: a change to the report
// shows as a diff to read and accept with -update.
func TestReportGolden(t *testing.T) {
	e, stdout, _ := testEnv(nil)
	if err := e.Run(context.Background(), []string{"report", "testdata/h200.json"}); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "h200.md")
	if *update {
		if err := os.WriteFile(golden, stdout.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if d := cmp.Diff(string(want), stdout.String()); d != "" {
		t.Errorf("report differs from %s (-want +got):\n%s", golden, d)
	}
}

func TestReportBadFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		name, path, want string
	}{
		{"missing", filepath.Join(dir, "nope.json"), "no such file"},
		{"truncated", write("trunc.json", `{"schema": 1, "records": [`), "trunc.json: not a gpuarch results file"},
		{"other schema", write("v9.json", `{"schema": 9}`), "v9.json: unsupported results schema: version 9"},
		{"not results", write("x.json", `{"hello": 1}`), `x.json: not a gpuarch results file: no "schema" field`},
		{"unknown field", write("u.json", `{"schema": 1, "surprise": true}`), `unknown field "surprise"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e, _, _ := testEnv(nil)
			err := e.Run(context.Background(), []string{"report", tc.path})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want %q", err, tc.want)
			}
		})
	}
}

func TestSummaryLine(t *testing.T) {
	run := &record.Run{Records: []record.Record{
		{ID: "memory/latency hiding/L2, 0 FFMA per load", Quantity: record.Throughput, Status: record.StatusOK, Value: 34, Unit: "bytes/clock/SM"},
		{ID: "memory/latency hiding/L2, 8 FFMA per load", Quantity: record.Throughput, Status: record.StatusOK, Value: 25, Unit: "bytes/clock/SM"},
		{ID: "memory/latency hiding/L20", Quantity: record.Throughput, Status: record.StatusOK, Value: 1, Unit: "bytes/clock/SM"},
		{ID: "alu/add.s32/latency", Quantity: record.Latency, Status: record.StatusOK, Value: 2.5},
		{ID: "alu/add.s32/throughput", Quantity: record.Throughput, Status: record.StatusFailed},
	}}
	tests := []struct{ key, want string }{
		{"memory/latency hiding/L2", "34 bytes/clock/SM, 25 bytes/clock/SM"},
		{"alu/add.s32", "latency 2.50 cycles, throughput failed"},
		{"alu/add", ""},
	}
	for _, tt := range tests {
		if got := summaryLine(run, tt.key); got != tt.want {
			t.Errorf("summaryLine(%q) = %q, want %q", tt.key, got, tt.want)
		}
	}
}

func TestWarpAndDispatchOnSimulatedGPU(t *testing.T) {
	e, _, stderr := testEnv(sim.New())
	run := runIn(t, e, stderr, "run", "--suite", "warp,dispatch")
	if n := len(warp.Catalog()); countSuite(run, warp.Suite) != 2*n {
		t.Errorf("%d warp records, want %d", countSuite(run, warp.Suite), 2*n)
	}
	for _, r := range run.Records {
		if r.Status != record.StatusOK {
			t.Errorf("%s: %s %s", r.ID, r.Status, r.Reason)
		}
	}
	d, ok := run.Find("dispatch/dispatch/one warp per block")
	if !ok || d.Dispatch == nil || len(d.Dispatch.Trace) != d.Dispatch.Blocks || d.Value != float64(d.Dispatch.DriverBlocksPerSM) {
		t.Fatalf("dispatch record: %+v", d)
	}
	c, ok := run.Find("dispatch/launch/5 ms kernels, 256 streams")
	if !ok || c.Value != 128 || c.Unit != "kernels at once" || len(c.Samples) != 0 {
		t.Errorf("the simulated GPU runs 128 kernels at once (a count, no samples); record: %+v", c)
	}
	// Samples are in the record's unit, as the value is.
	if l, ok := run.Find("dispatch/launch/one empty kernel, launch and wait"); !ok || l.Unit != "µs per launch" || len(l.Samples) == 0 ||
		slices.Max(l.Samples) < l.Value || slices.Min(l.Samples) > l.Value {
		t.Errorf("launch-and-wait record: value %v %s, samples %v", l.Value, l.Unit, l.Samples)
	}
	var md strings.Builder
	if err := report.Markdown(&md, run); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## Warp-level communication", "### Block placement", "agrees with the driver's occupancy answer",
		"Placement is breadth-first", "### Launch costs", "### Barriers", "### Atomics", "### Branches and fences"} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, md.String())
		}
	}
}

func countSuite(run *record.Run, suite string) int {
	n := 0
	for _, r := range run.Records {
		if r.Suite == suite {
			n++
		}
	}
	return n
}

func TestMMAOnSimulatedGPU(t *testing.T) {
	e, _, stderr := testEnv(sim.New())
	run := runIn(t, e, stderr, "run", "--suite", "mma")
	frag := 0
	for _, f := range mma.Fragments() {
		frag += 2
		if f.Store {
			frag-- // no latency for stores
		}
	}
	if n := countSuite(run, mma.Suite); n != 3*len(mma.Forms())+frag {
		t.Errorf("%d mma records, want 3 per form and %d for fragment moves (%d)", n, frag, 3*len(mma.Forms())+frag)
	}
	for _, r := range run.Records {
		if r.Status != record.StatusOK {
			t.Errorf("%s: %s %s", r.ID, r.Status, r.Reason)
		}
	}
	r, ok := run.Find("mma/wgmma m64n256k16 f32+=f16 SS/throughput")
	if !ok || r.Through == nil || r.Through.Reference == nil || r.Through.Reference.ResultsPerClockPerSM != 4096 || r.Value <= 0 {
		t.Fatalf("wgmma record: %+v", r)
	}
	var md strings.Builder
	if err := report.Markdown(&md, run); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "## Matrix units") || !strings.Contains(md.String(), "| `wgmma m64n256k16 f32+=f16 SS` |") {
		t.Errorf("the report has no matrix-unit table:\n%s", md.String())
	}
}

func TestCompareRecorded(t *testing.T) {
	e, stdout, _ := testEnv(sim.New())
	if err := e.Run(context.Background(), []string{"compare", "testdata/h200.json", "testdata/h200.json"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout.String(), "No quantity changed significantly.") || !strings.Contains(stdout.String(), "CUDA 13.0") {
		t.Errorf("a run against itself:\n%s", stdout.String())
	}
	for _, args := range [][]string{{"compare", "testdata/h200.json"}, {"compare", "testdata/h200.json", "testdata/missing.json"}} {
		if err := e.Run(context.Background(), args); err == nil {
			t.Errorf("%v succeeded", args)
		}
	}
}

func TestVariabilityRecorded(t *testing.T) {
	e, stdout, _ := testEnv(nil)
	if err := e.Run(context.Background(), []string{"variability", "testdata/h200.json", "testdata/h200.json"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout.String(), "# Run-to-run variability: NVIDIA H200") || !strings.Contains(stdout.String(), "**0** vary more between runs than within one") {
		t.Errorf("a run beside itself:\n%s", stdout.String())
	}
	for _, tt := range []struct {
		args []string
		exit int
	}{
		{[]string{"variability", "testdata/h200.json"}, ExitUsage},
		{[]string{"variability", "testdata/h200.json", "testdata/missing.json"}, ExitError},
		{[]string{"variability", "testdata/h200.json", "../../../../results/NVIDIA-H100-80GB-HBM3/results.json.gz"}, ExitUsage},
	} {
		if err := e.Run(context.Background(), tt.args); ExitCode(err) != tt.exit {
			t.Errorf("%v: %v (exit %d), want exit %d", tt.args, err, ExitCode(err), tt.exit)
		}
	}
}

// TestReportHTMLGolden pins the HTML page of the recorded run down.
func TestReportHTMLGolden(t *testing.T) {
	e, _, _ := testEnv(nil)
	dir := t.TempDir()
	if err := e.Run(context.Background(), []string{"report", "--out", dir, "testdata/h200.json"}); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(dir, ResultsHTML))
	if err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "h200.html")
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if string(want) != string(got) {
		t.Errorf("the HTML page differs from %s (go test -update rewrites it; read the diff first)", golden)
	}
}

// TestVulkanInstOnLavapipe runs `inst --backend vulkan` for real, in
// process, on the first Vulkan device (Mesa's lavapipe in CI): SPIR-V
// kernels are generated, compiled by the driver and timed, by the shader
// clock and by the timestamp fallback, and the table names the backend.
func TestVulkanInstOnLavapipe(t *testing.T) {
	if _, _, err := vk.Devices(); err != nil {
		t.Skipf("no Vulkan device (%v); .ci/run installs Mesa's lavapipe", err)
	}
	for _, timing := range []string{"clock", "timestamps"} {
		t.Run(timing, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			cfg := engine.DefaultConfig()
			cfg.LatencyLengths, cfg.LatencyRepeats, cfg.Repeats = []int{0, 32, 64}, 3, 3
			cfg.ILPs, cfg.WarpsPerSM, cfg.BodySteps, cfg.TargetCycles, cfg.ClockMicros = []int{1, 4}, []int{4}, 64, 2e5, 200
			e := &Env{Stdout: &stdout, Stderr: &stderr, OpenGPU: openGPU, DefaultBackend: defaultBackend, VulkanDevices: vk.Devices,
				Disassembler: func() (cudagpu.Disassembler, error) { return nil, errors.New("not used") }, Config: cfg}
			e.Worker = e.work
			dir := t.TempDir()
			err := e.Run(context.Background(), []string{"inst", "--backend", "vulkan", "--timing", timing, "--out", dir, "Fma.f32", "OpGroupNonUniformShuffleXor.u32"})
			// A latency drowned in noise fails its check (below), and the
			// run then ends with exit status 3, its results written.
			if err != nil && !(timing == "timestamps" && ExitCode(err) == ExitSomeFailed) {
				t.Fatalf("%v\n%s", err, stderr.String())
			}
			run, err := record.ReadFile(filepath.Join(dir, ResultsJSON))
			if err != nil {
				t.Fatal(err)
			}
			if run.Tool.Backend != "vulkan" || run.Device.Backend != "vulkan" || len(run.Records) != 4 {
				t.Fatalf("backend %q/%q, %d records", run.Tool.Backend, run.Device.Backend, len(run.Records))
			}
			wantTiming := map[string]string{"clock": "shader clock", "timestamps": "timestamps"}[timing]
			if got := run.Device.Vulkan.Timing; got != wantTiming {
				t.Errorf("device timing %q, want %q", got, wantTiming)
			}
			for _, r := range run.Records {
				// Timed by whole dispatches on a CPU shared with the other
				// tests, a latency may drown in noise: then the record must
				// say so, failed, rather than give a figure.
				noisy := timing == "timestamps" && r.Status == record.StatusFailed && strings.Contains(r.Reason, "non-positive latency")
				if !noisy && (r.Status != record.StatusOK || !(r.Value > 0)) {
					t.Errorf("%s: %s, %g: %s", r.ID, r.Status, r.Value, r.Reason)
				}
				if stamped := strings.HasPrefix(r.Provenance.Timing, "timestamps"); stamped != (timing == "timestamps") {
					t.Errorf("%s: provenance timing %q with --timing %s", r.ID, r.Provenance.Timing, timing)
				}
			}
			for _, s := range []string{"backend vulkan", "`Fma.f32`", "SPIR-V 1.5 written by gpuarch"} {
				if !strings.Contains(stdout.String(), s) {
					t.Errorf("the table lacks %q", s)
				}
			}
		})
	}
	var stderr bytes.Buffer
	e := &Env{Stdout: &stderr, Stderr: &stderr, OpenGPU: openGPU, DefaultBackend: defaultBackend}
	if err := e.Run(context.Background(), []string{"inst", "--backend", "cuda", "--timing", "timestamps", "Fma.f32"}); err == nil || !strings.Contains(err.Error(), "for the Vulkan backend") {
		t.Errorf("--backend cuda --timing timestamps: %v", err)
	}
}

func TestBackendChoice(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"PTX name on vulkan", []string{"inst", "--backend", "vulkan", "fma.rn.f32"}, "fma.rn.f32 is in the cuda catalog (ptx), not the vulkan one: run with --backend cuda, or name its spirv counterpart Fma.f32"},
		{"SPIR-V name on cuda", []string{"inst", "--backend", "cuda", "Fma.f32"}, "Fma.f32 is in the vulkan catalog"},
		{"unknown backend", []string{"run", "--backend", "metal"}, `unknown backend "metal"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Chdir(t.TempDir()) // a run that should not start writes nothing here if it does
			e, _, _ := testEnv(sim.New())
			err := e.Run(context.Background(), tc.args)
			if err == nil || !strings.Contains(err.Error(), tc.want) || ExitCode(err) != 2 {
				t.Errorf("err = %v (exit %d), want a usage error containing %q", err, ExitCode(err), tc.want)
			}
		})
	}
	var out bytes.Buffer
	e, _, _ := testEnv(sim.New())
	e.Stdout = &out
	if err := e.Run(context.Background(), []string{"list", "--backend", "vulkan"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "Fma.f32") || !strings.Contains(out.String(), "op fma.f32") || strings.Contains(out.String(), "wgmma") {
		t.Errorf("list --backend vulkan:\n%s", out.String())
	}
}

// A worker's failure, already sent to its parent, keeps its exit code and
// is not printed again.
func TestReportedError(t *testing.T) {
	for _, tc := range []struct {
		err  error
		code int
	}{
		{&ReportedError{errors.New("no device")}, 1},
		{&ReportedError{fmt.Errorf("run: %w", context.Canceled)}, 130},
	} {
		if !Reported(tc.err) || ExitCode(tc.err) != tc.code {
			t.Errorf("%v: reported %v, exit %d; want true, %d", tc.err, Reported(tc.err), ExitCode(tc.err), tc.code)
		}
	}
	if Reported(errors.New("plain")) {
		t.Error("a plain error counted as reported")
	}
}

// The results store through the command line, on the recorded runs: add
// (twice: the second time says it holds them already), list, compare one
// GPU model's runs against another's.
func TestDB(t *testing.T) {
	db := filepath.Join(t.TempDir(), "fleet.db")
	h100 := filepath.Join("..", "..", "..", "..", "results", "NVIDIA-H100-80GB-HBM3", "results.json.gz")
	h200 := filepath.Join("..", "..", "..", "..", "results", "NVIDIA-H200", "results.json.gz")
	run := func(args ...string) string {
		t.Helper()
		e, stdout, _ := testEnv(nil)
		if err := e.Run(context.Background(), append([]string{"db"}, args...)); err != nil {
			t.Fatalf("db %v: %v", args, err)
		}
		return stdout.String()
	}
	if out := run("add", "--db", db, h100, h200); strings.Count(out, "run ") != 2 {
		t.Errorf("add: %s", out)
	}
	if out := run("add", "--db", db, h100); !strings.Contains(out, "already holds") {
		t.Errorf("adding again: %s", out)
	}
	if out := run("list", "--db", db, "--where", "model=NVIDIA H200"); !strings.Contains(out, "1 run(s)") || !strings.Contains(out, "NVIDIA H200") {
		t.Errorf("list: %s", out)
	}
	out := run("compare", "--db", db, "--all", "model=NVIDIA H100 80GB HBM3", "model=NVIDIA H200")
	if !strings.Contains(out, "`alu/fma.rn.f32/throughput`") || !strings.Contains(out, "(1 runs)") {
		t.Errorf("compare: %.500s", out)
	}
	e, _, _ := testEnv(nil)
	for _, args := range [][]string{{"db"}, {"db", "drop"}, {"db", "compare", "--db", db, "model=x"}, {"db", "list", "--db", db, "--where", "colour=red"}} {
		if err := e.Run(context.Background(), args); ExitCode(err) != 2 {
			t.Errorf("%v: %v, want a usage error", args, err)
		}
	}
	if err := e.Run(context.Background(), []string{"db", "add", "--db", db, filepath.Join(t.TempDir(), "missing.json")}); err == nil {
		t.Error("adding a missing file succeeded")
	}
}

// run --gpu all measures every GPU at once, each into its own folder, and
// the host summary flags the GPU slower than its siblings.
func TestRunAllGPUs(t *testing.T) {
	gpus := []*sim.GPU{sim.New(), sim.New(), sim.New()}
	gpus[2].Peak = 2 // half the issue rate of its siblings
	e, stdout, stderr := testEnv(nil)
	// Not withGPUs: the test takes a GPU away later, and the devices
	// opened must follow gpus.
	e.OpenGPU = func(_ context.Context, tg Target) (Device, error) {
		if tg.GPU >= len(gpus) {
			return nil, fmt.Errorf("no GPU %d", tg.GPU)
		}
		return gpus[tg.GPU], nil
	}
	e.DeviceCount = func(string) (int, error) { return len(gpus), nil }
	out := t.TempDir()
	if err := e.Run(context.Background(), []string{"run", "--gpu", "all", "--suite", "warp", "--out", out}); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	for n := range gpus {
		run, err := record.ReadFile(filepath.Join(out, fmt.Sprintf("gpu%d", n), ResultsJSON))
		if err != nil || len(run.Records) == 0 {
			t.Errorf("gpu %d: %v", n, err)
		}
	}
	summary, err := os.ReadFile(filepath.Join(out, HostSummary))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(summary), "\n")
	var rows []string
	for _, l := range lines {
		if strings.HasPrefix(l, "| 0 |") || strings.HasPrefix(l, "| 1 |") || strings.HasPrefix(l, "| 2 |") {
			rows = append(rows, l)
		}
	}
	if len(rows) != 3 || strings.Contains(rows[0], "outlier") || strings.Contains(rows[1], "outlier") || !strings.Contains(rows[2], "**outlier**") {
		t.Errorf("summary rows:\n%s", strings.Join(rows, "\n"))
	}
	if !strings.Contains(stdout.String(), "# Host summary") || !strings.Contains(stderr.String(), "gpu2 ") {
		t.Error("the summary is not printed, or progress lines do not name their GPU")
	}
	// A GPU that cannot be used loses no other GPU's results.
	gpus = gpus[:2]
	e.DeviceCount = func(string) (int, error) { return 3, nil }
	out = t.TempDir()
	err = e.Run(context.Background(), []string{"run", "--gpu", "all", "--suite", "warp", "--out", out})
	if err == nil || !strings.Contains(err.Error(), "gpu 2") {
		t.Errorf("a run with a missing GPU: %v", err)
	}
	for n := range 2 {
		if _, err := record.ReadFile(filepath.Join(out, fmt.Sprintf("gpu%d", n), ResultsJSON)); err != nil {
			t.Errorf("gpu %d lost its results: %v", n, err)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(out, HostSummary)); !strings.Contains(string(b), "| 2 | — |") || !strings.Contains(string(b), "failed: gpu 2") {
		t.Errorf("the summary does not say GPU 2 failed:\n%s", b)
	}
	for _, bad := range []string{"0,0", "x", "-1"} {
		if err := e.Run(context.Background(), []string{"run", "--gpu", bad, "--out", t.TempDir()}); ExitCode(err) != 2 {
			t.Errorf("--gpu %s: %v, want a usage error", bad, err)
		}
	}
	if err := e.Run(context.Background(), []string{"inst", "--gpu", "0,1", "fma.rn.f32"}); ExitCode(err) != 2 {
		t.Errorf("inst on two GPUs: %v, want a usage error", err)
	}
}
