package cudagpu_test

import (
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/backend/cudagpu"
	"github.com/gpuarch/gpuarch/measure/async"
	"github.com/gpuarch/gpuarch/record"
)

func TestNeedsHopper(t *testing.T) {
	for _, c := range []struct {
		backend, cc  string
		archSpecific bool
		want         string // "" or a phrase of the reason
	}{
		{"cuda", "9.0", false, ""},
		{"cuda", "9.0", true, ""},
		{"cuda", "10.0", false, ""},
		{"cuda", "10.0", true, "sm_90a"},
		{"cuda", "8.6", false, "9.0 or later"},
		{"vulkan", "9.0", false, "vulkan backend"},
	} {
		got := cudagpu.NeedsHopper(record.Device{Backend: c.backend, ComputeCapability: c.cc}, c.archSpecific)
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("%s %s arch-specific %v: %q, want %q", c.backend, c.cc, c.archSpecific, got, c.want)
		}
	}
}

// The kernels carry what the machine-code checks look for, and the
// tensor copies their rank.
func TestAsyncKernels(t *testing.T) {
	for _, c := range []struct {
		kernel string
		want   []string
	}{
		{cudagpu.AsyncLatencyKernel("k", cudagpu.AsyncCopy{Kind: "cp.async", Width: 8, CacheOp: "ca"}, false).String(), []string{"cp.async.ca.shared.global", ", 8;", "cp.async.wait_group 0;"}},
		{cudagpu.AsyncLatencyKernel("k", cudagpu.AsyncCopy{Kind: "cp.async", Width: 16, CacheOp: "cg", WaitAll: true}, false).String(), []string{"cp.async.cg.shared.global", "cp.async.wait_all;"}},
		{cudagpu.AsyncLatencyKernel("k", cudagpu.AsyncCopy{Kind: "tensor", Rank: 3}, false).String(), []string{".param .align 64 .b8 k_tmap[128]", "cvta.param.u64", "cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes", "mbarrier.try_wait.parity"}},
		{cudagpu.AsyncLatencyKernel("k", cudagpu.AsyncCopy{Kind: "bulk store"}, false).String(), []string{"cp.async.bulk.global.shared::cta.bulk_group", "cp.async.bulk.wait_group 0;"}},
		{cudagpu.TMAStreamKernel("k", true, 4).String(), []string{"cp.async.bulk.tensor.2d", "mbarrier.init.shared::cta.b64"}},
		{cudagpu.DSMChaseKernel("k", false).String(), []string{"mapa.shared::cluster.u32", "ld.shared::cluster.u32", "barrier.cluster.arrive.release;"}},
		{cudagpu.DSMStreamKernel("k", 16, true).String(), []string{"st.shared::cluster.v4.u32"}},
		{cudagpu.SetmaxnregKernel("k", true).String(), []string{".maxnreg 168", ".maxntid 384, 1, 1", ".minnctapersm 1", "setmaxnreg.inc.sync.aligned.u32 232;", "bar.sync 1, 384;"}},
		{cudagpu.TMAWgmmaKernel("k", 1, 1).String(), []string{"wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16", "wgmma.wait_group.sync.aligned 0;"}},
		{cudagpu.TMAWgmmaKernel("k", 4, 2).String(), []string{"wgmma.wait_group.sync.aligned 1;", "cp.async.bulk.shared::cluster.global"}},
		{cudagpu.MbarrierKernel("k", "test_wait").String(), []string{"mbarrier.test_wait.parity.shared::cta.b64"}},
		{cudagpu.CpAsyncOverlapKernel("k", 8).String(), []string{"cp.async.cg.shared.global", "cp.async.commit_group;", "fma.rn.f32", "cp.async.wait_group 0;"}},
		{cudagpu.TMAMulticastKernel("k", 4).String(), []string{".multicast::cluster", "mapa.shared::cluster.u32", "mbarrier.arrive.shared::cluster.b64 _,", "%cluster_nctarank", "barrier.cluster.wait.acquire;"}},
		// Uniform chains start from %ctaid.y (S2UR) and end in an address.
		{cudagpu.UniformKernel("k", async.UniformOps[2], 1, 0, "").String(), []string{"%ctaid.y", "shf.l.wrap.b32", "ld.global.u32"}},
		{cudagpu.UniformKernel("k", async.UniformOps[0], 4, 4, "fma.rn.f32").String(), []string{"fma.rn.f32", "add.u32"}},
	} {
		for _, w := range c.want {
			if !strings.Contains(c.kernel, w) {
				t.Errorf("kernel lacks %q:\n%s", w, c.kernel)
			}
		}
	}
	if n := strings.Count(cudagpu.TMAWgmmaKernel("k", 4, 2).String(), "wgmma.mma_async"); n != 8 {
		t.Errorf("reuse 2 holds %d wgmma, want 8", n)
	}
}

// The uniform constant chain loads through the constant table from a
// uniform start and ends in an address.
func TestUniformConstKernel(t *testing.T) {
	k := cudagpu.UniformConstKernel("k", 4).String()
	for _, w := range []string{"%ctaid.y", "mov.u64", cudagpu.ConstTable, "ld.const.u64", "ld.global.u32"} {
		if !strings.Contains(k, w) {
			t.Errorf("kernel lacks %q:\n%s", w, k)
		}
	}
	if n := strings.Count(k, "ld.const.u64"); n != 32 {
		t.Errorf("%d constant loads a loop iteration, want 4 chains × 8", n)
	}
	if init := cudagpu.UniformConstInitKernel("i").String(); !strings.Contains(init, "rem.u32") || !strings.Contains(init, "st.global.u64") {
		t.Errorf("init kernel does not close the ring:\n%s", init)
	}
}
