package vk

import (
	"errors"
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/backend/cudagpu"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/measure/mma"
	"github.com/gpuarch/gpuarch/spirv"
)

// Forms an H100's driver lists (among others), for the tests.
var (
	cmF16F32 = kernel.CoopMat{M: 16, N: 16, K: 16, A: "f16", B: "f16", C: "f32", Result: "f32"}
	cmF16F16 = kernel.CoopMat{M: 16, N: 16, K: 16, A: "f16", B: "f16", C: "f16", Result: "f16"}
	cmS8S32  = kernel.CoopMat{M: 16, N: 16, K: 32, A: "s8", B: "s8", C: "s32", Result: "s32", Saturating: true}
	cmU8U32  = kernel.CoopMat{M: 16, N: 8, K: 32, A: "u8", B: "u8", C: "u32", Result: "u32"}
	cmBF16   = kernel.CoopMat{M: 16, N: 16, K: 16, A: "bf16", B: "bf16", C: "f32", Result: "f32"}
	cmMixed  = kernel.CoopMat{M: 16, N: 16, K: 16, A: "f16", B: "f16", C: "f16", Result: "f32"}
	cmE4M3   = kernel.CoopMat{M: 16, N: 16, K: 32, A: "e4m3", B: "e4m3", C: "f32", Result: "f32"}
	cmPacked = kernel.CoopMat{M: 16, N: 16, K: 32, A: "s8packed", B: "s8packed", C: "s32", Result: "s32"}
)

// nvidiaCM is an NVIDIA device with VK_KHR_cooperative_matrix.
func nvidiaCM() Features {
	f := nvidia
	f.CooperativeMatrix = []kernel.CoopMat{cmF16F32, cmF16F16, cmS8S32, cmU8U32, cmBF16, cmMixed, cmE4M3, cmPacked}
	return f
}

func TestCoopMatModule(t *testing.T) {
	tests := []struct {
		name string
		cm   kernel.CoopMat
		// want are substrings of the module; operands the MulAdd's
		// CooperativeMatrixOperands ("" for none).
		want     []string
		operands string
	}{
		{"f16 to f32", cmF16F32, []string{
			"%cm_f16_16x16_a = OpTypeCooperativeMatrixKHR %f16 %k_u32_3 %k_u32_16 %k_u32_16 %k_u32_0",
			"%cm_f16_16x16_b = OpTypeCooperativeMatrixKHR %f16 %k_u32_3 %k_u32_16 %k_u32_16 %k_u32_1",
			"%cm_f32_16x16_acc = OpTypeCooperativeMatrixKHR %f32 %k_u32_3 %k_u32_16 %k_u32_16 %k_u32_2",
			"OpCapability Float16",
			"OpCapability VulkanMemoryModel",
			"OpMemoryModel PhysicalStorageBuffer64 Vulkan",
		}, ""},
		{"f16 to f16", cmF16F16, []string{"%cm_f16_16x16_acc = OpTypeCooperativeMatrixKHR %f16"}, ""},
		{"s8 to s32 saturating", cmS8S32, []string{"OpCapability Int8", "%cm_u8_16x32_a = OpTypeCooperativeMatrixKHR %u8"},
			"MatrixASignedComponentsKHR|MatrixBSignedComponentsKHR|MatrixCSignedComponentsKHR|MatrixResultSignedComponentsKHR|SaturatingAccumulationKHR"},
		{"bf16 to f32", cmBF16, []string{"OpCapability BFloat16TypeKHR", "OpCapability BFloat16CooperativeMatrixKHR", `OpExtension "SPV_KHR_bfloat16"`,
			"%bf16 = OpTypeFloat 16 BFloat16KHR", "%cm_bf16_16x16_a = OpTypeCooperativeMatrixKHR %bf16"}, ""},
		{"e4m3 to f32", cmE4M3, []string{"OpCapability Float8EXT", "OpCapability Float8CooperativeMatrixEXT", `OpExtension "SPV_EXT_float8"`,
			"%e4m3 = OpTypeFloat 8 Float8E4M3EXT", "%cm_e4m3_16x32_a = OpTypeCooperativeMatrixKHR %e4m3"}, ""},
		{"u8 to u32, 16x8", cmU8U32, []string{"%cm_u32_16x8_acc = OpTypeCooperativeMatrixKHR %u32 %k_u32_3 %k_u32_16 %k_u32_8 %k_u32_2"}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			feat := nvidiaCM()
			feat.BFloat16, feat.Float8 = true, true
			src, err := Codegen{Features: feat}.Module(mma.CoopMatKernels(tc.cm, []mma.CoopMatShape{{Subgroups: 4, GroupsPerSM: 1, ILP: 2}, {Subgroups: 8, GroupsPerSM: 2, ILP: 4}}, []int{0, 3, 8}))
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range append(tc.want, "OpCapability CooperativeMatrixKHR", `OpExtension "SPV_KHR_cooperative_matrix"`) {
				if !strings.Contains(src, w) {
					t.Errorf("module lacks %q", w)
				}
			}
			// Each kernel's multiply-adds: the chains' lengths, and
			// ILP × unroll in the throughput loops (2 × 16, 4 × 8).
			per := map[string]int{}
			fn := ""
			for _, line := range strings.Split(src, "\n") {
				if f := strings.Fields(line); len(f) >= 3 && f[2] == "OpFunction" {
					fn = strings.TrimPrefix(f[0], "%")
				}
				if strings.Contains(line, "OpCooperativeMatrixMulAddKHR") {
					per[fn]++
					if tc.operands != "" && !strings.HasSuffix(line, " "+tc.operands) {
						t.Errorf("multiply-add without operands %s: %s", tc.operands, line)
					}
				}
			}
			base := engine.KernelName(tc.cm.Name())
			for k, n := range map[string]int{"_lat_n0": 0, "_lat_n3": 3, "_lat_n8": 8, "_tp_ilp2": 32, "_tp_ilp4": 32, "_init": 0} {
				if per[base+k] != n {
					t.Errorf("%s%s holds %d multiply-adds, want %d", base, k, per[base+k], n)
				}
			}
			// Loads before, stores after: 3 loads per latency kernel,
			// 2 + ILP per throughput kernel; a guarded store per
			// accumulator.
			if n := strings.Count(src, "OpCooperativeMatrixLoadKHR"); n != 3*3+(2+2)+(2+4) {
				t.Errorf("%d loads, want %d", n, 3*3+4+6)
			}
			if n := strings.Count(src, "OpCooperativeMatrixStoreKHR"); n != 3+2+4 {
				t.Errorf("%d stores, want %d", n, 3+2+4)
			}
			if _, err := spirv.Assemble(src, spirv.V1_5); err != nil {
				t.Fatalf("assemble: %v", err)
			}
		})
	}
}

// A device that lacks the extension or the form gets an error wrapping
// kernel.ErrUnsupported, which jobs turn into skipped records.
func TestCoopMatUnsupported(t *testing.T) {
	ts := nvidiaCM()
	ts.Timestamps = true
	noModel := nvidiaCM()
	noModel.VulkanMemoryModel = false
	tests := []struct {
		name string
		feat Features
		cm   kernel.CoopMat
		want string
	}{
		{"no extension", lavapipe, cmF16F32, "no cooperative matrices"},
		{"not listed", nvidiaCM(), kernel.CoopMat{M: 8, N: 8, K: 8, A: "f16", B: "f16", C: "f32", Result: "f32"}, "does not list coopmat 8x8x8 f32+=f16*f16"},
		{"bfloat16", nvidiaCM(), cmBF16, "need VK_KHR_shader_bfloat16"},
		{"float8", nvidiaCM(), cmE4M3, "need VK_EXT_shader_float8"},
		{"packed int8", nvidiaCM(), cmPacked, "are of a type gpuarch's SPIR-V does not declare"},
		{"C is not Result", nvidiaCM(), cmMixed, "C and Result of one type"},
		{"timestamps", ts, cmF16F32, "shader clock"},
		{"no Vulkan memory model", noModel, cmF16F32, "Vulkan memory model"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Codegen{Features: tc.feat}.Module(mma.CoopMatKernels(tc.cm, []mma.CoopMatShape{{Subgroups: 4, GroupsPerSM: 1, ILP: 1}}, []int{0, 4}))
			if !errors.Is(err, kernel.ErrUnsupported) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want ErrUnsupported containing %q", err, tc.want)
			}
		})
	}
	// A throughput kernel needs accumulators.
	_, err := Codegen{Features: nvidiaCM()}.Module([]kernel.Spec{kernel.CoopMatThroughputSpec{Name: "k", Matrix: cmF16F32}})
	if err == nil || errors.Is(err, kernel.ErrUnsupported) {
		t.Errorf("ILP 0: err = %v, want a plain error", err)
	}
}

// The PTX code generator refuses cooperative-matrix kernels.
func TestCoopMatNotPTX(t *testing.T) {
	for _, k := range []kernel.Spec{
		kernel.CoopMatInitSpec{Name: "k", Matrix: cmF16F32},
		kernel.CoopMatLatencySpec{Name: "k", Matrix: cmF16F32, Length: 1},
		kernel.CoopMatThroughputSpec{Name: "k", Matrix: cmF16F32, ILP: 1, Unroll: 1},
	} {
		_, err := cudagpu.PTX{Version: "8.0", Target: "sm_90"}.Module([]kernel.Spec{k})
		if err == nil || !strings.Contains(err.Error(), "SPIR-V") {
			t.Errorf("kind %d: err = %v", k.Kind(), err)
		}
	}
}
