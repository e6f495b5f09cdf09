package cudagpu

import (
	"testing"

	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/ptx"
)

// The fetch test's module written through the PTX Codegen is the one the
// CUDA backend compiled before (ThroughputKernel alone), so its records
// keep their module hash.
func TestCodeSizeModulePTXUnchanged(t *testing.T) {
	fma := PTX{}.FMAStep()
	got, err := PTX{Version: "9.0", Target: "sm_90"}.Module([]kernel.Spec{kernel.ThroughputChainSpec{Name: "code_2048_ilp8", Step: fma, ILP: 8, Unroll: 16}})
	if err != nil {
		t.Fatal(err)
	}
	m := &ptx.Module{Version: "9.0", Target: "sm_90"}
	m.Add(ThroughputKernel("code_2048_ilp8", fma, 8, 16))
	if got != m.String() {
		t.Error("the code-size module differs from ThroughputKernel's")
	}
}
