// Package vktest holds test helpers for code that writes SPIR-V through
// package vk: lowering whole catalogs and having SPIRV-Tools' validator
// check them.
package vktest

import (
	"context"
	"errors"
	"os/exec"
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/backend/vk"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/spirv"
)

// AllFeatures is a device with every feature the SPIR-V code generator
// knows, subgroups of 32.
var AllFeatures = vk.Features{SubgroupSize: 32, SMBuiltins: true, DeviceClock: true, Float16: true, Float64: true,
	Int8: true, Int16: true, Int64: true, IntegerDotProduct: true, SubgroupExtendedTypes: true,
	SubgroupOps: []string{"basic", "vote", "arithmetic", "ballot", "shuffle", "shuffle_relative", "clustered", "quad"}}

// ValidateCatalog lowers every entry's latency, throughput and control
// kernels, assembles them and has SPIRV-Tools' validator (Vulkan 1.2
// rules) check them: one subtest per entry. Where spirv-val is not
// installed the modules are still assembled, and the test says what it
// could not check.
func ValidateCatalog(t *testing.T, specs []engine.ChainSpec) {
	t.Helper()
	cg := vk.Codegen{Features: AllFeatures}
	for _, s := range specs {
		t.Run(s.Subject, func(t *testing.T) {
			src, err := cg.Module([]kernel.Spec{
				kernel.LatencyChainSpec{Name: "lat", Step: s.Step, Length: 4},
				kernel.ThroughputChainSpec{Name: "tp", Step: s.Step, ILP: 2, Unroll: 3},
				kernel.ThroughputChainSpec{Name: "ctl", Step: s.Step},
			})
			if err != nil {
				t.Fatal(err)
			}
			words, err := spirv.Assemble(src, spirv.V1_5)
			if err != nil {
				t.Fatal(err)
			}
			if err := spirv.Validate(context.Background(), words, "vulkan1.2"); errors.Is(err, spirv.ErrNoValidator) {
				t.Skip(err)
			} else if err != nil {
				t.Fatal(err)
			}
		})
	}
}

// KnowsCoopMat returns nil when the local spirv-val accepts a module
// declaring SPV_KHR_cooperative_matrix (SPIRV-Tools from mid-2023 on),
// or when there is no spirv-val, and why not otherwise.
func KnowsCoopMat() error {
	words, err := spirv.Assemble(`OpCapability Shader
OpCapability VulkanMemoryModel
OpCapability CooperativeMatrixKHR
OpExtension "SPV_KHR_cooperative_matrix"
OpMemoryModel Logical Vulkan
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 32 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd
`, spirv.V1_5)
	if err != nil {
		return err
	}
	err = spirv.Validate(context.Background(), words, "vulkan1.2")
	if err == nil || errors.Is(err, spirv.ErrNoValidator) {
		return err
	}
	version := "spirv-val"
	if out, e := exec.Command("spirv-val", "--version").Output(); e == nil {
		version = strings.SplitN(strings.TrimSpace(string(out)), "\n", 2)[0]
	}
	return errors.New(version + " predates SPV_KHR_cooperative_matrix (" + err.Error() + ")")
}
