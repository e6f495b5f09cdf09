package vk_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/backend/vk"
	"github.com/gpuarch/gpuarch/backend/vk/vktest"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/measure/mma"
	"github.com/gpuarch/gpuarch/spirv"
)

// TestGoldenSPIRVValidates assembles the golden modules and has
// SPIRV-Tools' validator check them against Vulkan 1.2's rules. The
// cooperative-matrix modules are checked only by a validator that knows
// SPV_KHR_cooperative_matrix (SPIRV-Tools from mid-2023 on); an older one
// (Debian 12 ships v2023.1) says so and the test is skipped.
func TestGoldenSPIRVValidates(t *testing.T) {
	files, err := filepath.Glob("testdata/*.spvasm")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden modules: %v", err)
	}
	coopMat := vktest.KnowsCoopMat()
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			words, err := spirv.Assemble(string(src), spirv.V1_5)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(string(src), "CooperativeMatrixKHR") && coopMat != nil {
				t.Skipf("assembled but not validated: %v", coopMat)
			}
			if err := spirv.Validate(context.Background(), words, "vulkan1.2"); errors.Is(err, spirv.ErrNoValidator) {
				t.Skip(err)
			} else if err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestCoopMatValidates has SPIRV-Tools' validator check the
// cooperative-matrix modules of every form the code generator writes, at
// the grid's accumulator counts, where the local validator knows the
// extension.
func TestCoopMatValidates(t *testing.T) {
	if err := vktest.KnowsCoopMat(); err != nil {
		t.Skipf("not validated: %v", err)
	}
	forms := []kernel.CoopMat{
		{M: 16, N: 16, K: 16, A: "f16", B: "f16", C: "f32", Result: "f32"},
		{M: 16, N: 8, K: 16, A: "f16", B: "f16", C: "f16", Result: "f16"},
		{M: 16, N: 8, K: 32, A: "s8", B: "s8", C: "s32", Result: "s32", Saturating: true},
		{M: 16, N: 16, K: 32, A: "u8", B: "u8", C: "u32", Result: "u32"},
		{M: 8, N: 8, K: 16, A: "f16", B: "f16", C: "f32", Result: "f32"},
		{M: 16, N: 16, K: 16, A: "bf16", B: "bf16", C: "f32", Result: "f32"},
		{M: 16, N: 16, K: 32, A: "e4m3", B: "e4m3", C: "f32", Result: "f32"},
		{M: 16, N: 16, K: 32, A: "e5m2", B: "e5m2", C: "f16", Result: "f16"},
	}
	feat := vk.Features{SubgroupSize: 32, SMBuiltins: true, DeviceClock: true, VulkanMemoryModel: true, Float16: true, Int8: true, Int16: true, Int64: true,
		SubgroupOps: []string{"basic"}, CooperativeMatrix: forms, BFloat16: true, Float8: true}
	for _, cm := range forms {
		t.Run(cm.Name(), func(t *testing.T) {
			src, err := vk.Codegen{Features: feat}.Module(mma.CoopMatKernels(cm, mma.CoopMatGrid(), []int{0, 32, 64}))
			if err != nil {
				t.Fatal(err)
			}
			words, err := spirv.Assemble(src, spirv.V1_5)
			if err != nil {
				t.Fatal(err)
			}
			if err := spirv.Validate(context.Background(), words, "vulkan1.3"); err != nil {
				t.Fatal(err)
			}
		})
	}
}
