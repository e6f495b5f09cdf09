package drivercode

import (
	"errors"
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/engine"
)

// inspected is a program whose driver reports mc (or err) of every kernel.
type inspected struct {
	engine.Program
	mc  *MachineCode
	err error
}

func (p inspected) Inspect(string, int) (*MachineCode, error) { return p.mc, p.err }

// The code size a Vulkan record gives (ReportedSize, the Vulkan
// backend's KernelSizer) is the driver's Binary Size where it reports one,
// else the kernel's SPIR-V instruction count, and the record says which.
func TestCodeSizeFromDriver(t *testing.T) {
	src := "; SPIR-V written by gpuarch\nOpCapability Shader\n%other = OpFunction %void None %fn_void\n%e1 = OpLabel\nOpReturn\nOpFunctionEnd\n" +
		"%code_1024_ilp4 = OpFunction %void None %fn_void\n%e2 = OpLabel\n; a comment\n%v3 = OpIAdd %u32 %a %b\n\nOpReturn\nOpFunctionEnd\n"
	stats := func(s map[string]float64) *MachineCode {
		return &MachineCode{Source: "VK_KHR_pipeline_executable_properties", Statistics: s}
	}
	tests := []struct {
		name      string
		prog      Inspector
		wantBytes int64
		wantHow   string
	}{
		{"binary size", inspected{mc: stats(map[string]float64{"Binary Size": 5120, "Register Count": 40})}, 5120, `5120 bytes, the driver's "Binary Size" statistic`},
		{"other statistics", inspected{mc: stats(map[string]float64{"Register Count": 40})}, 0, "5 SPIR-V instructions in the kernel"},
		{"no report", inspected{err: errors.New("the device lacks VK_KHR_pipeline_executable_properties")}, 0, "5 SPIR-V instructions in the kernel"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			bytes, how, chk := ReportedSize(tc.prog, src, "code_1024_ilp4", 256, engine.ChainSpec{Subject: "Fma.f32"}, 64)
			if bytes != tc.wantBytes || !strings.Contains(how, tc.wantHow) {
				t.Errorf("ReportedSize = %d, %q; want %d, %q", bytes, how, tc.wantBytes, tc.wantHow)
			}
			if chk == nil {
				t.Error("no machine-code check")
			}
		})
	}
}
