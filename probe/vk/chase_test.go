package vk

import (
	"context"
	"errors"
	"testing"

	"github.com/gpuarch/gpuarch/probe"
	"github.com/gpuarch/gpuarch/spirv"
)

// The chase kernels assemble and validate, on a device with everything
// and on lavapipe's feature set; the constant space is not there.
func TestChaseModules(t *testing.T) {
	kernels := []probe.KernelSpec{
		{Name: "chase_init", Kind: probe.ChaseInit},
		{Name: "chase_ca", Kind: probe.Chase, Space: "global", CacheOp: "ca"},
		{Name: "chase_cg", Kind: probe.Chase, Space: "global", CacheOp: "cg"},
		{Name: "chase_shared", Kind: probe.Chase, Space: "shared"},
	}
	for _, feat := range []Features{nvidia, lavapipe} {
		src, err := Codegen{Features: feat}.Module(kernels)
		if err != nil {
			t.Fatal(err)
		}
		words, err := spirv.Assemble(src, spirv.V1_5)
		if err != nil {
			t.Fatalf("%v\n%s", err, src)
		}
		if err := spirv.Validate(context.Background(), words, "vulkan1.2"); err != nil && !errors.Is(err, spirv.ErrNoValidator) {
			t.Fatalf("%v\n%s", err, src)
		}
	}
	for _, tc := range []struct {
		feat Features
		k    probe.KernelSpec
	}{
		{nvidia, probe.KernelSpec{Name: "chase_const", Kind: probe.Chase, Space: "const"}},
		{nvidia, probe.KernelSpec{Name: "const_table_addr", Kind: probe.ConstBase}},
		{timestamps, probe.KernelSpec{Name: "chase_ca", Kind: probe.Chase, Space: "global", CacheOp: "ca"}},
	} {
		if _, err := (Codegen{Features: tc.feat}).Module([]probe.KernelSpec{tc.k}); !errors.Is(err, probe.ErrUnsupported) {
			t.Errorf("%s: %v, want ErrUnsupported", tc.k.Name, err)
		}
	}
}
