package memory

import (
	"fmt"
	"testing"

	"github.com/gpuarch/gpuarch/backend/cudagpu"

	"github.com/google/go-cmp/cmp"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/ptx"
)

// The bank module written through the PTX Codegen (BankLoads kernels) is
// byte for byte the module the CUDA backend compiled before the kind
// existed, so CUDA records keep their module hash.
func TestBankModulePTXUnchanged(t *testing.T) {
	cg := cudagpu.PTX{Version: "9.0", Target: "sm_90"}
	got, err := cg.Module(bankKernels())
	if err != nil {
		t.Fatal(err)
	}
	m := &ptx.Module{Version: "9.0", Target: "sm_90"}
	m.Add(cudagpu.BankKernel("banks_w4", 4))
	m.Add(cudagpu.BankKernel("banks_w8", 8))
	m.Add(cudagpu.BankKernel("banks_w16", 16))
	for _, op := range []string{"ca", "cg"} {
		for _, w := range []int{4, 8, 16} {
			m.Add(cudagpu.GlobalAccessKernel(fmt.Sprintf("access_%s_w%d", op, w), w, op))
		}
	}
	m.Declare(".extern .shared .align 16 .b8 " + ptx.DynamicShared + "[];")
	if d := cmp.Diff(m.String(), got); d != "" {
		t.Errorf("bank module (-before +now):\n%s", d)
	}
	for _, k := range []kernel.Spec{
		kernel.BankLoadsSpec{Name: "x", Width: 32},
		kernel.BankLoadsSpec{Name: "x", Width: 4, CacheOp: "lu"},
	} {
		if _, err := cg.Module([]kernel.Spec{k}); err == nil {
			t.Errorf("%+v: written", k)
		}
	}
}

// Every case names the kernel the module holds, and its operation is
// its ID within the suite on every backend.
func TestBankCaseKernels(t *testing.T) {
	names := map[string]bool{}
	for _, k := range bankKernels() {
		names[k.KernelName()] = true
	}
	for _, c := range []BankCase{
		{Subject: "4-byte stride 3", Width: 4, Stride: 3},
		{Subject: "16-byte stride 1", Width: 16, Stride: 1},
		{Subject: "ld.cg 4-byte lanes 8 bytes apart", Width: 4, Stride: 2, CacheOp: "cg"},
		{Subject: "ld.ca 4 lines, same banks", Width: 4, Stride: 1, CacheOp: "ca", Group: 8, Jump: 128},
	} {
		if !names[c.kernel()] {
			t.Errorf("%s: kernel %s is not in the module", c.Subject, c.kernel())
		}
		if want := c.id("memory")[len("memory/"):]; c.op() != want {
			t.Errorf("%s: op %q, want %q", c.Subject, c.op(), want)
		}
	}
}
