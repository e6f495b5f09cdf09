package cudagpu_test

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/gpuarch/gpuarch/backend/cudagpu"

	"github.com/google/go-cmp/cmp"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/ptx"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestGoldenPTX pins the generated kernels down: a change to the generator
// shows up as a diff here, to be read and accepted with -update.
func TestGoldenPTX(t *testing.T) {
	fma := kernel.Step{Template: "fma.rn.f32 {d}, {x}, {a0}, {a1};", Type: ptx.F32, X0: 0x3f800000}
	add := kernel.Step{Template: "add.s32 {d}, {y}, {x};", Type: ptx.S32, X0: 1, A: [4]uint64{2}}
	cvt := kernel.Step{Template: "cvt.rn.f32.s32 {t}, {x};\nmov.b32 {d}, {t};", Type: ptx.S32, Temp: ptx.F32}
	hmma := cudagpu.MMA{Name: "mma m16n8k16 f32+=f16", Group: "mma.sync", Instr: "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32",
		M: 16, N: 8, K: 16, RegsA: 4, RegsB: 2, RegsD: 4, Frag: ptx.B32, Acc: ptx.F32, Elem: "f16", Expect: []string{"HMMA"}}
	hgmma := cudagpu.MMA{Name: "wgmma m64n16k16 f32+=f16 SS", Group: "wgmma", Instr: "wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16",
		M: 64, N: 16, K: 16, RegsD: 8, Frag: ptx.B32, Acc: ptx.F32, Elem: "f16", Tail: ", 1, 1, 0, 0", Expect: []string{"HGMMA"}, Target: "sm_90a"}
	tests := []struct {
		name   string
		kernel *ptx.Kernel
	}{
		{"latency_fma_f32_n4", cudagpu.LatencyKernel("lat_fma_rn_f32_n4", fma, 4)},
		{"latency_control_n0", cudagpu.LatencyKernel("lat_fma_rn_f32_n0", fma, 0)},
		{"throughput_add_s32_ilp2", cudagpu.ThroughputKernel("tp_add_s32_ilp2", add, 2, 3)},
		{"throughput_cvt_ilp1", cudagpu.ThroughputKernel("tp_cvt_rn_f32_s32_ilp1", cvt, 1, 2)},
		{"throughput_control", cudagpu.ThroughputKernel("tp_fma_rn_f32_control", fma, 0, 0)},
		{"clock", cudagpu.ClockKernel("gpuarch_clock")},
		{"stream_ld_cg_w4", cudagpu.StreamKernel("stream_ld_cg_w4", "ld.cg", 4, 8, 0)},
		{"access_ca_w4", cudagpu.GlobalAccessKernel("access_ca_w4", 4, "ca")},
		{"mma_m16n8k16_f16_ilp2", cudagpu.MMAKernel("mma_m16n8k16_f16_ilp2", hmma, 2, 2)},
		{"wgmma_m64n16k16_f16", cudagpu.MMAKernel("wgmma_m64n16k16_f16", hgmma, 1, 2)},
		{"ldmatrix_x4", cudagpu.FragmentKernel("ldmatrix_x4", cudagpu.Fragment{Count: 4}, 1, 2)},
		{"branch_divergent_4", cudagpu.BranchKernel("branch_divergent_4", kernel.Branch{Mode: "divergent", Paths: 4})},
		{"divergent_chase", cudagpu.DivergentChaseKernel("divergent_chase")},
		{"scatter_red_global_add_f32", cudagpu.ScatterKernel("scatter_red_global_add_f32", "red.global.add.f32")},
		{"scatter_st_global_u32", cudagpu.ScatterKernel("scatter_st_global_u32", "st.global.u32")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := &ptx.Module{Version: "9.0", Target: "sm_90"}
			m.Add(tc.kernel)
			got := m.String()
			path := filepath.Join("testdata", tc.name+".ptx")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if d := cmp.Diff(string(want), got); d != "" {
				t.Errorf("%s differs from the golden file (-want +got):\n%s", path, d)
			}
		})
	}
}
