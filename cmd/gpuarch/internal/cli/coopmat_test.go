package cli

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/backend/cudagpu"
	"github.com/gpuarch/gpuarch/backend/vk"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/measure/mma"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/vulkan"
)

// `info --backend vulkan` lists every cooperative-matrix combination a
// driver reports, and VK_NV_cooperative_matrix2's limits.
func TestVulkanInfoCooperativeMatrix(t *testing.T) {
	l := &vulkanList{Loader: "1.3.280", Devices: []vulkan.PhysicalDevice{{
		Name: "NVIDIA H100 80GB HBM3", Vendor: "NVIDIA", Type: "discrete GPU", APIVersion: "1.4.312",
		Extensions: []string{"VK_KHR_cooperative_matrix", "VK_NV_cooperative_matrix2"},
		CooperativeMatrix: &vulkan.CooperativeMatrix{SupportedStages: []string{"compute"},
			Properties: []vulkan.CooperativeMatrixProperties{
				{M: 16, N: 16, K: 16, A: "f16", B: "f16", C: "f32", Result: "f32", Scope: "subgroup"},
				{M: 16, N: 8, K: 32, A: "s8", B: "s8", C: "s32", Result: "s32", SaturatingAccumulation: true, Scope: "subgroup"},
			},
			NV2: &vulkan.CooperativeMatrix2{WorkgroupScopeMaxWorkgroupSize: 256, FlexibleDimensionsMaxDimension: 8192, WorkgroupScopeReservedSharedMemory: 1024,
				FlexibleDimensions: []vulkan.CooperativeMatrixFlexible{{MGranularity: 16, NGranularity: 16, KGranularity: 16, A: "f16", B: "f16", C: "f32", Result: "f32", Scope: "workgroup", WorkgroupInvocations: 128}}}},
	}}}
	var b bytes.Buffer
	if err := l.writeText(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"cooperative matrix    2 combinations, stages compute",
		"16x16x16 f16*f16+f32->f32 subgroup",
		"16x8x32 s8*s8+s32->s32 subgroup saturating",
		"cooperative matrix 2  workgroup scope up to 256 invocations (1024 bytes of shared memory reserved), flexible dimensions up to 8192, 1 flexible combinations",
		"16n x 16n x 16n f16*f16+f32->f32 workgroup, 128 invocations",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("info lacks %q:\n%s", want, b.String())
		}
	}
}

// TestVulkanMMAOnLavapipe runs `run --backend vulkan --suite mma` for
// real on the first Vulkan device: on one without cooperative matrices
// (lavapipe) its records are skipped, saying why, the run completes and
// the report says so.
func TestVulkanMMAOnLavapipe(t *testing.T) {
	_, devs, err := vk.Devices()
	if err != nil {
		t.Skipf("no Vulkan device (%v); .ci/run installs Mesa's lavapipe", err)
	}
	if len(devs) == 0 || devs[0].CooperativeMatrix != nil {
		t.Skip("the first Vulkan device has cooperative matrices; this test is for one without")
	}
	var stdout, stderr bytes.Buffer
	cfg := engine.DefaultConfig()
	cfg.LatencyLengths, cfg.LatencyRepeats, cfg.Repeats, cfg.TargetCycles, cfg.ClockMicros = []int{0, 16, 32}, 3, 3, 2e5, 200
	e := &Env{Stdout: &stdout, Stderr: &stderr, OpenGPU: openGPU, DefaultBackend: defaultBackend, VulkanDevices: vk.Devices,
		Disassembler: func() (cudagpu.Disassembler, error) { return nil, errors.New("not used") }, Config: cfg}
	e.Worker = e.work
	dir := t.TempDir()
	// Every record is skipped, saying why: the run measured nothing, and
	// its exit status says so.
	if err := e.Run(context.Background(), []string{"run", "--backend", "vulkan", "--suite", "mma", "--coopmat-grid", "4/1/2", "--out", dir}); ExitCode(err) != ExitNothingMeasured {
		t.Fatalf("%v (exit %d, want %d)\n%s", err, ExitCode(err), ExitNothingMeasured, stderr.String())
	}
	run, err := record.ReadFile(filepath.Join(dir, ResultsJSON))
	if err != nil {
		t.Fatal(err)
	}
	if run.Complete || len(run.Records) != 2 {
		t.Fatalf("complete %v, %d records; want a run that measured nothing (not complete), with 2 records", run.Complete, len(run.Records))
	}
	for _, r := range run.Records {
		if r.Suite != mma.Suite || r.Status != record.StatusSkipped || !strings.HasPrefix(r.Reason, "not supported by this device: ") {
			t.Errorf("%s: %s: %s", r.ID, r.Status, r.Reason)
		}
	}
	md, err := os.ReadFile(filepath.Join(dir, ResultsMD))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"cooperative matrices (VK_KHR_cooperative_matrix", "The driver lists no cooperative matrices", "skipped: not supported by this device"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("the report lacks %q", want)
		}
	}
}

func TestCoopMatGridFlag(t *testing.T) {
	e := &Env{Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}, OpenGPU: openGPU, DefaultBackend: defaultBackend}
	err := e.Run(context.Background(), []string{"run", "--backend", "vulkan", "--suite", "mma", "--coopmat-grid", "4,8/1", "--out", t.TempDir()})
	if err == nil || ExitCode(err) != 2 || !strings.Contains(err.Error(), "subgroups/workgroups/accumulators") {
		t.Errorf("err = %v (exit %d), want a usage error", err, ExitCode(err))
	}
}
