package vk

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/measure/mma"

	"github.com/google/go-cmp/cmp"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/ptx"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// nvidia and lavapipe are the features of the two devices the Vulkan
// backend was run on (an H100/H200, and Mesa's CPU implementation).
var (
	nvidia = Features{SubgroupSize: 32, SMBuiltins: true, DeviceClock: true, VulkanMemoryModel: true, Float16: true, Float64: true, Int8: true, Int16: true, Int64: true,
		IntegerDotProduct: true, SubgroupExtendedTypes: true, SubgroupOps: []string{"basic", "vote", "arithmetic", "ballot", "shuffle", "shuffle_relative", "clustered", "quad"}}
	lavapipe = Features{SubgroupSize: 8, DeviceClock: true, VulkanMemoryModel: true, Float16: true, Float64: true, Int8: true, Int16: true, Int64: true,
		IntegerDotProduct: true, SubgroupOps: []string{"basic", "vote", "arithmetic", "ballot", "shuffle", "shuffle_relative", "quad"}}
)

// timestamps is a device timed by timestamps: no shader clock.
var timestamps = Features{SubgroupSize: 32, Int64: true, Timestamps: true, SubgroupOps: []string{"basic"}}

// In timestamp mode the kernels read no clock, and the module says how
// the backend fills each kernel's times in.
func TestTimingNotes(t *testing.T) {
	add := kernel.Step{ISA: kernel.ISASPIRV, Template: "{d} = OpIAdd {T} {y} {x}", Type: ptx.U32, X0: 1, A: [4]uint64{2}}
	src, err := Codegen{Features: timestamps}.Module([]kernel.Spec{
		kernel.LatencyChainSpec{Name: "lat", Step: add, Length: 2},
		kernel.ThroughputChainSpec{Name: "tp", Step: add, ILP: 1, Unroll: 1},
		kernel.ClockSpinSpec{Name: "spin"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(src, "ShaderClockKHR") || strings.Contains(src, "OpReadClockKHR") {
		t.Error("a module for timestamps reads the shader clock")
	}
	want := map[string]timedKernel{"lat": {latency: true, count: 2}, "tp": {count: 2}, "spin": {count: 1}}
	if d := cmp.Diff(want, timingNotes(src), cmp.AllowUnexported(timedKernel{})); d != "" {
		t.Errorf("timing notes (-want +got):\n%s", d)
	}
	withClock, err := Codegen{Features: nvidia}.Module([]kernel.Spec{kernel.ClockSpinSpec{Name: "spin"}})
	if err != nil {
		t.Fatal(err)
	}
	if n := timingNotes(withClock); len(n) != 0 {
		t.Errorf("a module timed by the shader clock has timing notes %v", n)
	}
}

// TestGoldenSPIRV pins the SPIR-V the backend writes: a change to the
// generator shows up as a diff here, to be read and accepted with -update.
func TestGoldenSPIRV(t *testing.T) {
	fma := Codegen{}.FMAStep()
	add := kernel.Step{ISA: kernel.ISASPIRV, Template: "{d} = OpIAdd {T} {y} {x}", Type: ptx.U32, X0: 1, A: [4]uint64{2}}
	tests := []struct {
		name    string
		feat    Features
		kernels []kernel.Spec
	}{
		{"chain_fma_f32_nvidia", nvidia, []kernel.Spec{
			kernel.LatencyChainSpec{Name: "lat_n4", Step: fma, Length: 4},
			kernel.ThroughputChainSpec{Name: "tp_ilp2", Step: fma, ILP: 2, Unroll: 2},
			kernel.ThroughputChainSpec{Name: "tp_control", Step: fma},
		}},
		{"chain_add_u32_lavapipe", lavapipe, []kernel.Spec{
			kernel.LatencyChainSpec{Name: "lat_n2", Step: add, Length: 2},
			kernel.ThroughputChainSpec{Name: "tp_ilp1", Step: add, ILP: 1, Unroll: 3},
		}},
		{"clock_nvidia", nvidia, []kernel.Spec{kernel.ClockSpinSpec{Name: "gpuarch_clock"}}},
		{"control_nvidia", nvidia, []kernel.Spec{
			kernel.BranchLoopSpec{Name: "branch_divergent_2", Branch: kernel.Branch{Mode: "divergent", Paths: 2}},
			kernel.BranchLoopSpec{Name: "branch_uniform_0", Branch: kernel.Branch{Mode: "uniform"}},
			kernel.BranchLoopSpec{Name: "branch_predicated_2", Branch: kernel.Branch{Mode: "predicated", Paths: 2}},
			kernel.FenceLoopSpec{Name: "fence_device", Fence: kernel.Fence{Name: "device", Scope: "Device"}},
			kernel.LaunchStampSpec{Name: "launch_stamp"},
		}},
		{"mix_fma_f32_add_u32_nvidia", nvidia, []kernel.Spec{
			kernel.MixLoopSpec{Name: "mix_ilp2", Unroll: 2, Parts: []kernel.Part{{Step: fma, Count: 2, ILP: 2}, {Step: add, Count: 1, ILP: 2}}},
		}},
		{"banks_lavapipe", lavapipe, []kernel.Spec{
			kernel.BankLoadsSpec{Name: "banks_w8", Width: 8},
			kernel.BankLoadsSpec{Name: "access_cg_w4", Width: 4, CacheOp: "cg"},
		}},
		{"coopmat_f16_f32_nvidia", nvidiaCM(), mma.CoopMatKernels(cmF16F32, []mma.CoopMatShape{{Subgroups: 4, GroupsPerSM: 1, ILP: 2}}, []int{0, 2})},
		{"coopmat_s8_s32_sat_nvidia", nvidiaCM(), []kernel.Spec{kernel.CoopMatLatencySpec{Name: "lat_n2", Matrix: cmS8S32, Length: 2}}},
		{"timestamps_add_u32", timestamps, []kernel.Spec{
			kernel.LatencyChainSpec{Name: "lat_n2", Step: add, Length: 2},
			kernel.ThroughputChainSpec{Name: "tp_ilp1", Step: add, ILP: 1, Unroll: 3},
			kernel.ClockSpinSpec{Name: "gpuarch_clock"},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Codegen{Features: tc.feat}.Module(tc.kernels)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", tc.name+".spvasm")
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

func TestModuleErrors(t *testing.T) {
	step := func(tmpl string, ty ptx.Type) kernel.Step {
		return kernel.Step{ISA: kernel.ISASPIRV, Template: tmpl, Type: ty}
	}
	noF64 := lavapipe
	noF64.Float64 = false
	tests := []struct {
		name string
		feat Features
		step kernel.Step
		want string
	}{
		{"PTX step", nvidia, kernel.Step{Template: "add.s32 {d}, {x}, {a};", Type: ptx.S32}, "not SPIR-V"},
		{"no result", nvidia, step("OpStore {x} {a}", ptx.U32), "never defines {d}"},
		{"unknown placeholder", nvidia, step("{d} = OpIAdd {T} {x} {w}", ptx.U32), "unknown placeholder {w}"},
		{"no type", nvidia, step("{d} = OpIAdd {T} {x} {a}", ""), "no chain type"},
		{"no float64", noF64, step("{d} = OpFAdd {T} {x} {a}", ptx.F64), "not supported by this device: 64-bit floats"},
		{"no clustered", lavapipe, step("{d} = OpGroupNonUniformIAdd {T} {sg} ClusteredReduce {x} {k:u32:4}", ptx.U32), "subgroup clustered operations"},
		{"bf16", nvidia, step("{d} = OpFAdd {T} {x} {a}", ptx.BF16), "bf16 is not supported"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Codegen{Features: tc.feat}.Module([]kernel.Spec{kernel.LatencyChainSpec{Name: "k", Step: tc.step, Length: 2}})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want one containing %q", err, tc.want)
			}
		})
	}
}
