package vk

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/spirv"
)

// The chase kernels assemble and validate, on a device with everything
// and on lavapipe's feature set; the constant space is not there.
func TestChaseModules(t *testing.T) {
	kernels := []kernel.Spec{
		kernel.ChaseInitSpec{Name: "chase_init"},
		kernel.ChaseSpec{Name: "chase_ca", Space: "global", CacheOp: "ca"},
		kernel.ChaseSpec{Name: "chase_cg", Space: "global", CacheOp: "cg"},
		kernel.ChaseSpec{Name: "chase_shared", Space: "shared"},
	}
	for _, feat := range []Features{nvidia, lavapipe} {
		assembleValid(t, feat, kernels)
	}
	for _, tc := range []struct {
		feat Features
		k    kernel.Spec
	}{
		{nvidia, kernel.ChaseSpec{Name: "chase_const", Space: "const"}},
		{nvidia, kernel.ConstBaseSpec{Name: "const_table_addr"}},
		{timestamps, kernel.ChaseSpec{Name: "chase_ca", Space: "global", CacheOp: "ca"}},
	} {
		if _, err := (Codegen{Features: tc.feat}).Module([]kernel.Spec{tc.k}); !errors.Is(err, kernel.ErrUnsupported) {
			t.Errorf("%s: %v, want ErrUnsupported", tc.k.KernelName(), err)
		}
	}
}

// The stream kernels of every operation and width assemble and validate.
func TestStreamModules(t *testing.T) {
	var ks []kernel.Spec
	for _, op := range []string{"ld.ca", "ld.cg", "st", "lds"} {
		for _, w := range []int{4, 8, 16} {
			for _, alu := range []int{0, 2} {
				ks = append(ks, kernel.StreamLoopSpec{Name: fmt.Sprintf("s_%s_%d_%d", strings.ReplaceAll(op, ".", "_"), w, alu), Op: op, Width: w, Unroll: 8, ALU: alu})
			}
		}
	}
	assembleValid(t, nvidia, ks)
	for _, k := range []kernel.Spec{
		kernel.StreamLoopSpec{Name: "bad_op", Op: "ld.lu", Width: 4, Unroll: 8},
		kernel.StreamLoopSpec{Name: "bad_width", Op: "ld.ca", Width: 32, Unroll: 8},
	} {
		if _, err := (Codegen{Features: nvidia}).Module([]kernel.Spec{k}); err == nil {
			t.Errorf("%s: written", k.KernelName())
		}
	}
}

// The barrier and atomic kernels assemble and validate; atomics the
// backend does not enable are unsupported.
func TestSyncModules(t *testing.T) {
	ks := []kernel.Spec{kernel.BarrierSpec{Name: "barrier"}}
	for _, space := range []string{"shared", "global"} {
		for _, op := range [][2]string{{"add", "u32"}, {"min", "s32"}, {"max", "u32"}, {"exch", "b32"}, {"cas", "b32"}} {
			a := kernel.Atomic{Space: space, Op: op[0], Type: op[1]}
			ks = append(ks, kernel.AtomicChainSpec{Name: fmt.Sprintf("atomic_%s_%s_%s", space, op[0], op[1]), Atomic: a})
		}
	}
	ks = append(ks, kernel.AtomicChainSpec{Name: "atomic_agg", Atomic: kernel.Atomic{Space: "global", Op: "add", Type: "u32", Aggregated: true}})
	assembleValid(t, nvidia, ks)
	for _, a := range []kernel.Atomic{{Space: "global", Op: "add", Type: "f32"}, {Space: "shared", Op: "add", Type: "u64"}} {
		k := kernel.AtomicChainSpec{Name: "x", Atomic: a}
		if _, err := (Codegen{Features: nvidia}).Module([]kernel.Spec{k}); !errors.Is(err, kernel.ErrUnsupported) {
			t.Errorf("%+v: %v, want ErrUnsupported", a, err)
		}
	}
}

// assembleValid writes kernels for a device, assembles them and has
// spirv-val (where installed) check them.
func assembleValid(t *testing.T, feat Features, kernels []kernel.Spec) {
	t.Helper()
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

// The access-pattern kernels (shared banks, global patterns through and
// around the L1) of every width assemble and validate on a device with
// everything and on lavapipe's feature set; loads around the L1 need the
// Vulkan memory model, and no kernel can run without the shader clock.
func TestBankModules(t *testing.T) {
	var ks []kernel.Spec
	for _, op := range []string{"", "ca", "cg"} {
		for _, w := range []int{4, 8, 16} {
			ks = append(ks, kernel.BankLoadsSpec{Name: fmt.Sprintf("b_%s_w%d", op, w), Width: w, CacheOp: op})
		}
	}
	for _, feat := range []Features{nvidia, lavapipe} {
		assembleValid(t, feat, ks)
	}
	noModel := nvidia
	noModel.VulkanMemoryModel = false
	assembleValid(t, noModel, ks[:6])
	for _, tc := range []struct {
		name        string
		feat        Features
		k           kernel.Spec
		unsupported bool
	}{
		{"around L1 without the memory model", noModel, kernel.BankLoadsSpec{Name: "x", Width: 4, CacheOp: "cg"}, true},
		{"no shader clock", timestamps, kernel.BankLoadsSpec{Name: "x", Width: 4}, true},
		{"width", nvidia, kernel.BankLoadsSpec{Name: "x", Width: 32}, false},
		{"cache operator", nvidia, kernel.BankLoadsSpec{Name: "x", Width: 4, CacheOp: "lu"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := (Codegen{Features: tc.feat}).Module([]kernel.Spec{tc.k})
			if err == nil || errors.Is(err, kernel.ErrUnsupported) != tc.unsupported {
				t.Errorf("err = %v, want unsupported %v", err, tc.unsupported)
			}
		})
	}
}
