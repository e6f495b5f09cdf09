package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/gpuarch/gpuarch/backend/sim"
	aluname "github.com/gpuarch/gpuarch/measure/alu"
	"github.com/gpuarch/gpuarch/measure/links"
	mmaname "github.com/gpuarch/gpuarch/measure/mma"
	"github.com/gpuarch/gpuarch/record"
)

// quickEnv is a test Env of two simulated GPUs.
func quickEnv() (*Env, func() string) {
	gpus := []*sim.GPU{sim.New(), sim.New()}
	for i, g := range gpus {
		g.UUID = fmt.Sprintf("GPU-simulated-%d", i)
	}
	e, _, stderr := testEnv(nil)
	withGPUs(e, gpus...)
	return e, stderr.String
}

// withGPUs makes gpus the devices e opens, numbered in order.
func withGPUs[G Device](e *Env, gpus ...G) {
	e.OpenGPU = func(_ context.Context, tg Target) (Device, error) {
		if tg.GPU >= len(gpus) {
			return nil, fmt.Errorf("no GPU %d", tg.GPU)
		}
		return gpus[tg.GPU], nil
	}
	e.DeviceCount = func(string) (int, error) { return len(gpus), nil }
}

// readSummary reads the host summary a run with --gpu all wrote into out.
func readSummary(t *testing.T, out string) HostSummaryData {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(out, HostSummaryJSON))
	if err != nil {
		t.Fatal(err)
	}
	var sum HostSummaryData
	if err := json.Unmarshal(b, &sum); err != nil {
		t.Fatal(err)
	}
	return sum
}

// fullIDs are the record IDs of the recorded H200 full run (results/), and the IDs
// of the links suite's host records (recorded since).
func fullIDs(t *testing.T) map[string]bool {
	t.Helper()
	// The recorded run, as results.json or results.json.gz.
	path, err := record.Locate(filepath.Join("..", "..", "..", "..", "results", "NVIDIA-H200"))
	if err != nil {
		t.Fatal(err)
	}
	h200, err := record.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, r := range h200.Records {
		ids[r.ID] = true
	}
	for _, r := range links.MeasureHost(context.Background(), nil, links.FullPlan(), record.Provenance{}) {
		ids[r.ID] = true
	}
	return ids
}

// TestQuickSimulated runs --quick on two simulated GPUs: each gets its
// results and quick.md, whose records carry the full run's IDs; without a
// recorded run of the model quick.md says where it looked, and with one it
// flags the figures worse beyond their noise floor and names the file;
// two identical simulated GPUs make no outlier.
func TestQuickSimulated(t *testing.T) {
	e, stderr := quickEnv()
	out, refDir := t.TempDir(), t.TempDir()
	start := time.Now()
	// The simulated L2 read fails on both GPUs: exit 3, results kept.
	if err := e.Run(context.Background(), []string{"run", "--quick", "--backend", "simulated", "--gpu", "all", "--reference", refDir, "--out", out}); ExitCode(err) != ExitSomeFailed {
		t.Fatalf("%v (exit %d)\n%s", err, ExitCode(err), stderr())
	}
	if d := time.Since(start); d > quickLimit {
		t.Errorf("--quick on simulated GPUs took %v, over its %v budget", d, quickLimit)
	}
	want := fullIDs(t)
	var run0 *record.Run
	for n := range 2 {
		dir := filepath.Join(out, fmt.Sprintf("gpu%d", n))
		run, err := record.ReadFile(filepath.Join(dir, ResultsJSON))
		if err != nil {
			t.Fatalf("gpu %d: %v", n, err)
		}
		if !run.Quick || len(run.Records) == 0 {
			t.Errorf("gpu %d: quick=%v with %d records", n, run.Quick, len(run.Records))
		}
		for _, r := range run.Records {
			if !want[r.ID] {
				t.Errorf("gpu %d: --quick wrote %q, an ID the full run does not write", n, r.ID)
			}
		}
		md, err := os.ReadFile(filepath.Join(dir, quickFile))
		if err != nil {
			t.Fatalf("gpu %d: %v", n, err)
		}
		looked := filepath.Join(refDir, "Fake-GPU", ResultsJSON)
		for _, s := range []string{"# Quick health check: Fake GPU (GPU-simulated-", "No recorded results of this model: `" + looked + "` does not exist", "| FFMA peak | `alu/fma.rn.f32/throughput` |"} {
			if !strings.Contains(string(md), s) {
				t.Errorf("gpu %d's quick.md lacks %q:\n%s", n, s, md)
			}
		}
		if strings.Contains(string(md), "**worse**") {
			t.Errorf("gpu %d: a figure is flagged without a reference:\n%s", n, md)
		}
		if n == 0 {
			run0 = run
		}
	}
	if _, err := os.Stat(filepath.Join(out, HostSummary)); err != nil {
		t.Errorf("no host summary: %v", err)
	}
	// Two identical simulated GPUs: neither is an outlier.
	for _, g := range readSummary(t, out).GPUs {
		if g.Outlier || g.Verdict != VerdictLike {
			t.Errorf("simulated GPU %d: %s (outlier %v), figures %+v", g.GPU, g.Verdict, g.Outlier, g.Figures)
		}
	}

	// A reference where FFMA's peak was 20% higher and its latency 20%
	// lower than now, the rest as measured; its FFMA samples three times
	// as many as the quick run's, so that the U test can reach alpha.
	ref := *run0
	ref.Records = append([]record.Record(nil), run0.Records...)
	changed := map[string]float64{"alu/fma.rn.f32/throughput": 1.2, "alu/fma.rn.f32/latency": 1 / 1.2}
	for i := range ref.Records {
		r := &ref.Records[i]
		if f, ok := changed[r.ID]; ok {
			if len(r.Samples) < 3 {
				t.Fatalf("the simulated %s has %d samples: too few to test", r.ID, len(r.Samples))
			}
			r.Value *= f
			var more []float64
			for range 3 {
				for _, v := range r.Samples {
					more = append(more, v*f)
				}
			}
			r.Samples = more
		}
	}
	refPath := filepath.Join(refDir, "Fake-GPU", ResultsJSON)
	if err := os.MkdirAll(filepath.Dir(refPath), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := writeJSON(refPath, &ref); err != nil {
		t.Fatal(err)
	}
	out = t.TempDir()
	if err := e.Run(context.Background(), []string{"run", "--quick", "--backend", "simulated", "--gpu", "0", "--reference", refDir, "--out", out}); ExitCode(err) != ExitSomeFailed {
		t.Fatalf("%v (exit %d)\n%s", err, ExitCode(err), stderr())
	}
	md, err := os.ReadFile(filepath.Join(out, quickFile))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(md), "Compared with the recorded results of this model: `"+refPath+"`") {
		t.Errorf("quick.md does not name the reference %s:\n%s", refPath, md)
	}
	flagged := map[string]bool{}
	for _, l := range strings.Split(string(md), "\n") {
		if strings.HasPrefix(l, "| ") && strings.Contains(l, "**worse**") {
			flagged[strings.Split(l, "`")[1]] = true
		}
	}
	for id := range changed {
		if !flagged[id] {
			t.Errorf("%s is not flagged worse:\n%s", id, md)
		}
	}
	if len(flagged) != len(changed) {
		t.Errorf("flagged %v, want only %v:\n%s", flagged, changed, md)
	}
}

// quickRun is a fixed health check: FFMA latency and peak with five
// samples each, DRAM bandwidth measured once, L2 and DRAM latency (curve
// points, measured once), and host copies.
func quickRun(scale float64) *record.Run {
	curve := func(points ...record.CurvePoint) *record.CurveDetail { return &record.CurveDetail{Points: points} }
	five := func(v float64) []float64 { return []float64{v * 0.999, v * 0.9995, v, v * 1.0005, v * 1.001} }
	return &record.Run{
		Device:         record.Device{Name: "NVIDIA H200", UUID: "GPU-00000000", DriverVersion: "580.65"},
		Tool:           record.Tool{Name: "gpuarch", Version: "v0.9.0"},
		Started:        time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC),
		ElapsedSeconds: 21.5,
		Quick:          true,
		Warmup:         &record.Clock{Hz: 1980e6, After: &record.Sensors{Throttle: []string{"SwPowerCap"}}},
		Records: []record.Record{
			{ID: "alu/fma.rn.f32/latency", Status: record.StatusOK, Value: 4 / scale, Unit: "cycles", Samples: five(4 / scale)},
			{ID: "alu/fma.rn.f32/throughput", Status: record.StatusOK, Value: 4 * scale, Unit: "warp instructions/clock/SM", Samples: five(4 * scale)},
			{ID: "memory/bandwidth/DRAM read", Status: record.StatusOK, Value: 30 * min(scale, 1.04), Unit: "bytes/clock/SM"},
			{ID: "memory/latency/global ld.cg", Status: record.StatusOK, Unit: "cycles per load",
				Curve: curve(record.CurvePoint{Bytes: 8 << 20, Value: 270}, record.CurvePoint{Bytes: 1 << 30, Value: 650 / scale})},
			{ID: links.HostID(links.Pinned, links.HostToDevice), Status: record.StatusOK, Value: 55e9, Unit: "bytes/second"},
			{ID: links.RoundTripID, Status: record.StatusSkipped, Unit: "seconds"},
		},
	}
}

// TestWriteQuickGolden pins quick.md down: against a reference 20% better
// in FFMA latency and peak (five samples a side: tested, flagged worse),
// in DRAM latency (a curve point measured once: flagged differs, not
// tested) and 4% better in DRAM bandwidth (measured once, not flagged);
// and with no reference.
func TestWriteQuickGolden(t *testing.T) {
	tests := []struct {
		name, golden, refPath string
		ref                   *record.Run
	}{
		{"reference", "quick.md", "results/NVIDIA-H200/results.json", quickRun(1.2)},
		{"missing reference", "quick-noref.md", "results/NVIDIA-H200/results.json", nil},
		{"no reference folder", "quick-nodir.md", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			writeQuick(&b, quickRun(1), tt.refPath, tt.ref)
			checkGolden(t, tt.golden, []byte(b.String()))
			worse := quickWorse(quickRun(1), tt.ref)
			if tt.ref == nil && len(worse) != 0 {
				t.Errorf("quickWorse without a reference: %q", worse)
			}
			if tt.ref != nil && len(worse) != 2 {
				t.Errorf("quickWorse: %q, want FFMA's latency and peak", worse)
			}
			flags := map[string]string{}
			for _, f := range quickFigures(quickRun(1), tt.ref) {
				flags[f.Name] = f.Flag
			}
			want := map[string]string{"FFMA latency": "", "FFMA peak": "", "DRAM read bandwidth": "", "L2 load latency (8 MiB, ld.cg)": "",
				"DRAM load latency (1 GiB, ld.cg)": "", "pinned host to device, 256 MiB": ""}
			if tt.ref != nil {
				want["FFMA latency"], want["FFMA peak"], want["DRAM load latency (1 GiB, ld.cg)"] = FlagWorse, FlagWorse, FlagUntested
			}
			if diff := cmp.Diff(want, flags); diff != "" {
				t.Errorf("flags (-want +got):\n%s", diff)
			}
		})
	}
}

// The quick check's tensor-core peak 43% below the recorded one, each
// measured once (as today): it cannot be tested, so it is not "worse",
// but it is flagged, named, as "differs, not tested"; with five samples a
// side it is tested, and worse.
func TestQuickSlowTensorCore(t *testing.T) {
	id := mmaname.ThroughputID(mmaname.MMAF16)
	tensor := func(v float64, samples int) *record.Run {
		r := &record.Run{Device: record.Device{Name: "NVIDIA H200"}, Records: []record.Record{{ID: id, Status: record.StatusOK, Unit: "operations/clock/SM", Value: v}}}
		for i := range samples {
			r.Records[0].Samples = append(r.Records[0].Samples, v*(1+float64(i-samples/2)/1000))
		}
		return r
	}
	for _, tc := range []struct {
		name    string
		samples int
		flag    string
	}{{"measured once", 0, FlagUntested}, {"five samples", 5, FlagWorse}} {
		t.Run(tc.name, func(t *testing.T) {
			figs := quickFigures(tensor(1558, tc.samples), tensor(2731, tc.samples))
			if len(figs) != 1 || figs[0].Flag != tc.flag || figs[0].Tested != (tc.samples > 0) {
				t.Fatalf("figures %+v: want flagged %q", figs, tc.flag)
			}
			var b strings.Builder
			writeQuick(&b, tensor(1558, tc.samples), "results/NVIDIA-H200/results.json", tensor(2731, tc.samples))
			if !strings.Contains(b.String(), "| tensor-core f16 peak | `"+id+"` | 1558 |") || !strings.Contains(b.String(), "**"+tc.flag+"**") {
				t.Errorf("quick.md:\n%s", b.String())
			}
		})
	}
}

// A figure of the recorded run's model that its repeat run measured
// differently (same kernel) has that variability as its noise floor.
func TestQuickFloorFromRepeatRuns(t *testing.T) {
	ref, repeat := quickRun(1), quickRun(1)
	for i := range repeat.Records {
		if r := &repeat.Records[i]; r.ID == "alu/fma.rn.f32/throughput" {
			for k := range r.Samples {
				r.Samples[k] *= 1.06
			}
		}
	}
	run := quickRun(1)
	for i := range run.Records {
		if r := &run.Records[i]; r.ID == "alu/fma.rn.f32/throughput" {
			for k := range r.Samples {
				r.Samples[k] *= 0.96
			}
		}
	}
	for _, f := range quickFigures(run, ref, repeat) {
		if f.Name != "FFMA peak" {
			continue
		}
		if f.Flag != "" || math.Abs(f.NoiseFloor-0.06/1.03) > 1e-3 {
			t.Errorf("FFMA peak -4%% against a model whose runs differ by 6%%: flag %q, floor %.4f", f.Flag, f.NoiseFloor)
		}
	}
	for _, f := range quickFigures(run, ref) {
		if f.Name == "FFMA peak" && f.Flag != FlagWorse {
			t.Errorf("without the repeat run, FFMA peak -4%% is %q, want worse", f.Flag)
		}
	}
}

// A host-side figure of one run a side is not tested (how far it moves
// between runs is unknown) and not flagged, its change shown; with the
// model's repeat runs it is tested, and its flag says host-side.
func TestQuickHostSideFlag(t *testing.T) {
	trip := func(v float64) *record.Run {
		r := &record.Run{Device: record.Device{Name: "NVIDIA H200"}, Records: []record.Record{{ID: links.RoundTripID, Status: record.StatusOK, Unit: "seconds", Value: v,
			Provenance: record.Provenance{Timing: "host clock"}}}}
		for i := range 15 {
			r.Records[0].Samples = append(r.Records[0].Samples, v*(1+float64(i-7)/200))
		}
		return r
	}
	var b strings.Builder
	writeQuick(&b, trip(18e-6), "results/NVIDIA-H200/results.json", trip(12e-6))
	if !strings.Contains(b.String(), "| host round trip | `links/host/round trip latency` | 1.8e-05 | seconds | 1.2e-05 | +50.0% | ±3.5% | host-side, not tested |") {
		t.Errorf("quick.md:\n%s", b.String())
	}
	// With the model's recorded runs' variability between them known, it
	// is tested.
	repeat := trip(11e-6)
	figs := quickFigures(trip(18e-6), trip(12e-6), repeat)
	if len(figs) != 1 || figs[0].Flag != FlagWorse || !figs[0].HostSide || math.Abs(figs[0].NoiseFloor-1.0/11.5) > 1e-3 {
		t.Errorf("with a repeat run: %+v", figs)
	}
}

// busyGPU is a simulated GPU whose driver lists another compute process
// beside gpuarch's worker.
type busyGPU struct {
	*sim.GPU
	pids []int
}

// Health implements engine.HealthReader.
func (g busyGPU) Health() *record.Health {
	h := &record.Health{Time: time.Now().UTC()}
	for _, p := range g.pids {
		h.Processes = append(h.Processes, record.Process{PID: p})
	}
	return h
}

// TestQuickBusyGPUFlaggedWithoutProcessList runs `run --quick --gpu all`
// end to end on three simulated GPUs, the second issuing FFMA 30% slower
// (five samples a GPU, ten from its siblings: the U test can reach 0.05)
// with another process listed by its driver: that GPU, and only it, is
// the outlier, its Why naming FFMA's peak, with NVML's process list and
// without it (run --no-processes, issue 32's bar: a GPU slowed by another
// process is found by its figures); with --no-processes neither its
// records nor the summary hold the list.
func TestQuickBusyGPUFlaggedWithoutProcessList(t *testing.T) {
	for _, tt := range []struct {
		name        string
		args        []string
		wantProcess bool
	}{
		{"with the process list", nil, true},
		{"--no-processes", []string{"--no-processes"}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var gpus []busyGPU
			for i := range 3 {
				g := busyGPU{GPU: sim.New(), pids: []int{100 + i}}
				g.UUID = fmt.Sprintf("GPU-simulated-%d", i)
				gpus = append(gpus, g)
			}
			slow := gpus[1]
			slow.pids = append(slow.pids, 4242)
			gpus[1] = slow
			slow.PeakOf = func(kernel string) float64 {
				if strings.HasPrefix(kernel, "tp_fma_rn_f32") {
					return 0.7 * slow.Peak
				}
				return 0
			}
			e, _, stderr := testEnv(nil)
			withGPUs(e, gpus...)
			out := t.TempDir()
			args := append([]string{"run", "--quick", "--backend", "simulated", "--gpu", "all", "--reference", t.TempDir(), "--out", out}, tt.args...)
			// The simulated L2 read fails on every GPU: exit 3, results kept.
			if err := e.Run(context.Background(), args); ExitCode(err) != ExitSomeFailed {
				t.Fatalf("%v (exit %d)\n%s", err, ExitCode(err), stderr.String())
			}
			sum := readSummary(t, out)
			for _, g := range sum.GPUs {
				if want := g.GPU == 1; g.Outlier != want {
					t.Errorf("GPU %d: %s (outlier %v), want outlier %v", g.GPU, g.Verdict, g.Outlier, want)
				}
			}
			g := sum.GPUs[1]
			if len(g.Figures) == 0 || g.Figures[0].ID != aluname.ThroughputID(aluname.FmaF32) || !g.Figures[0].Decides {
				t.Errorf("GPU 1's figures %+v: want FFMA's peak deciding", g.Figures)
			}
			md, err := os.ReadFile(filepath.Join(out, HostSummary))
			if err != nil {
				t.Fatal(err)
			}
			if row := summaryRow(t, string(md), 1); !strings.Contains(whyCell(row), "`alu/fma.rn.f32/throughput` -30.0%, beyond its noise floor") {
				t.Errorf("GPU 1's Why does not name FFMA's peak: %s", row)
			}
			listed := strings.Contains(strings.Join(g.Reasons, "; "), "other process")
			if listed != tt.wantProcess {
				t.Errorf("GPU 1's reasons %q: the other process listed %v, want %v", g.Reasons, listed, tt.wantProcess)
			}
			run, err := record.ReadFile(filepath.Join(out, "gpu1", ResultsJSON))
			if err != nil {
				t.Fatal(err)
			}
			if run.Health == nil || run.Health.Before == nil {
				t.Fatalf("gpu1's results hold no health reading")
			}
			if got := len(run.Health.Before.Processes) > 0; got != tt.wantProcess {
				t.Errorf("gpu1's results hold processes %v, want %v", run.Health.Before.Processes, tt.wantProcess)
			}
		})
	}
}
