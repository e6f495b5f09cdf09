package probe_test

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/gpuarch/gpuarch/probe"
	"github.com/gpuarch/gpuarch/ptx"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestGoldenPTX pins the generated kernels down: a change to the generator
// shows up as a diff here, to be read and accepted with -update.
func TestGoldenPTX(t *testing.T) {
	fma := probe.Step{Template: "fma.rn.f32 {d}, {x}, {a0}, {a1};", Type: ptx.F32, X0: 0x3f800000}
	add := probe.Step{Template: "add.s32 {d}, {y}, {x};", Type: ptx.S32, X0: 1, A: [4]uint64{2}}
	cvt := probe.Step{Template: "cvt.rn.f32.s32 {t}, {x};\nmov.b32 {d}, {t};", Type: ptx.S32, Temp: ptx.F32}
	tests := []struct {
		name   string
		kernel *ptx.Kernel
	}{
		{"latency_fma_f32_n4", probe.LatencyKernel("lat_fma_rn_f32_n4", fma, 4)},
		{"latency_control_n0", probe.LatencyKernel("lat_fma_rn_f32_n0", fma, 0)},
		{"throughput_add_s32_ilp2", probe.ThroughputKernel("tp_add_s32_ilp2", add, 2, 3)},
		{"throughput_cvt_ilp1", probe.ThroughputKernel("tp_cvt_rn_f32_s32_ilp1", cvt, 1, 2)},
		{"throughput_control", probe.ThroughputKernel("tp_fma_rn_f32_control", fma, 0, 0)},
		{"clock", probe.ClockKernel("gpuarch_clock")},
		{"stream_ld_cg_w4", probe.StreamKernel("stream_ld_cg_w4", "ld.cg", 4, 8, 0)},
		{"access_ca_w4", probe.GlobalAccessKernel("access_ca_w4", 4, "ca")},
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
