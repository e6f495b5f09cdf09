package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gpuarch/gpuarch/probe"
	"github.com/gpuarch/gpuarch/probe/probetest"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/suites/alu"
	"github.com/gpuarch/gpuarch/suites/links"
	"github.com/gpuarch/gpuarch/suites/memory"
	"github.com/gpuarch/gpuarch/suites/mma"
)

// Every job --quick plans is one the full run plans, under the same key.
func TestQuickKeysInFullRun(t *testing.T) {
	dev := probetest.New().Device()
	full := map[string]bool{}
	for _, s := range alu.CatalogFor(probe.ISAPTX) {
		full[alu.Key(s.Subject)] = true
	}
	chase, err := memory.Jobs(probe.ISAPTX)
	if err != nil {
		t.Fatal(err)
	}
	for _, list := range [][]probe.Planned{mma.Jobs(dev), chase, memory.BandwidthJobs(dev, 0, 0)} {
		for _, p := range list {
			full[p.Key] = true
		}
	}
	quick, err := quickJobs(dev, probe.ISAPTX)
	if err != nil {
		t.Fatal(err)
	}
	if len(quick) < 5 {
		t.Fatalf("--quick plans %d jobs, want FFMA, the tensor-core form, the chase and two bandwidths", len(quick))
	}
	for _, p := range quick {
		if !full[p.Key] {
			t.Errorf("--quick plans %q, which the full run does not", p.Key)
		}
	}
}

// quickEnv is a test Env of two simulated GPUs.
func quickEnv() (*Env, func() string) {
	gpus := []*probetest.GPU{probetest.New(), probetest.New()}
	for i, g := range gpus {
		g.UUID = fmt.Sprintf("GPU-simulated-%d", i)
	}
	e, _, stderr := testEnv(nil)
	e.OpenGPU = func(_ context.Context, tg Target) (Device, error) {
		if tg.GPU >= len(gpus) {
			return nil, fmt.Errorf("no GPU %d", tg.GPU)
		}
		return gpus[tg.GPU], nil
	}
	e.DeviceCount = func(string) (int, error) { return len(gpus), nil }
	return e, stderr.String
}

// fullIDs are the record IDs of the recorded H200 full run, and the IDs
// of the links suite's host records (recorded since).
func fullIDs(t *testing.T) map[string]bool {
	t.Helper()
	h200, err := record.ReadFile(filepath.Join("testdata", "h200.json"))
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
// flags the figures more than 5% worse and names the file.
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

	// A reference where FFMA's peak was 20% higher and its latency 20%
	// lower than now, the rest as measured.
	ref := *run0
	ref.Records = append([]record.Record(nil), run0.Records...)
	changed := map[string]float64{"alu/fma.rn.f32/throughput": 1.2, "alu/fma.rn.f32/latency": 1 / 1.2}
	for i := range ref.Records {
		if f, ok := changed[ref.Records[i].ID]; ok {
			ref.Records[i].Value *= f
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
		if strings.Contains(l, "**worse**") {
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

// quickRun is a fixed health check: FFMA, L1 and DRAM latency, and host
// copies.
func quickRun(scale float64) *record.Run {
	curve := func(points ...record.CurvePoint) *record.CurveDetail { return &record.CurveDetail{Points: points} }
	return &record.Run{
		Device:         record.Device{Name: "NVIDIA H200", UUID: "GPU-00000000", DriverVersion: "580.65"},
		Tool:           record.Tool{Name: "gpuarch", Version: "v0.9.0"},
		Started:        time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC),
		ElapsedSeconds: 21.5,
		Quick:          true,
		Warmup:         &record.Clock{Hz: 1980e6, After: &record.Sensors{Throttle: []string{"SwPowerCap"}}},
		Records: []record.Record{
			{ID: "alu/fma.rn.f32/latency", Status: record.StatusOK, Value: 4 / scale, Unit: "cycles"},
			{ID: "alu/fma.rn.f32/throughput", Status: record.StatusOK, Value: 4 * scale, Unit: "warp instructions/clock/SM"},
			{ID: "memory/bandwidth/DRAM read", Status: record.StatusOK, Value: 30 * min(scale, 1.04), Unit: "bytes/clock/SM"},
			{ID: "memory/latency/global ld.cg", Status: record.StatusOK, Unit: "cycles per load",
				Curve: curve(record.CurvePoint{Bytes: 8 << 20, Value: 270}, record.CurvePoint{Bytes: 1 << 30, Value: 650 / scale})},
			{ID: links.HostID(links.Pinned, links.HostToDevice), Status: record.StatusOK, Value: 55e9, Unit: "bytes/second"},
			{ID: links.RoundTripID, Status: record.StatusSkipped, Unit: "seconds"},
		},
	}
}

// TestWriteQuickGolden pins quick.md down: against a reference 20% better
// in FFMA and DRAM latency (flagged) and 4% better in DRAM bandwidth (not),
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
			if tt.ref != nil && len(worse) != 3 {
				t.Errorf("quickWorse: %q, want FFMA's latency and peak and DRAM's latency", worse)
			}
		})
	}
}
