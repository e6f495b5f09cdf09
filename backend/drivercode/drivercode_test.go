package drivercode

import (
	"errors"
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/engine"

	"github.com/google/go-cmp/cmp"
)

// fakeInspector answers Inspect with a fixed report per kernel.
type fakeInspector map[string]*MachineCode

func (f fakeInspector) Inspect(kernel string, threads int) (*MachineCode, error) {
	if mc, ok := f[kernel]; ok {
		return mc, nil
	}
	return nil, errors.New("no such pipeline")
}

func TestMnemonics(t *testing.T) {
	listing := `; AMD disassembly
main:
  s_mov_b32 s0, 0
  v_fma_f32 v1, v1, v2, v3      ; d2960001
  v_fmac_f32 v4, v5, v6
BB0_1:
  // comment
  # another
  (p0) mad(16) g10<1>F g2<8,8,1>F
  @p0 FFMA R1, R2, R3, R4
  s_endpgm`
	got := mnemonics(listing)
	want := []string{"s_mov_b32", "v_fma_f32", "v_fmac_f32", "mad(16)", "FFMA", "s_endpgm"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("mnemonics (-want +got):\n%s", d)
	}
}

func TestInspectKernel(t *testing.T) {
	spec := engine.ChainSpec{Subject: "Fma.f32", ExpectISA: map[string][]string{"amdgcn": {"v_fma_f32", "v_fmac_f32"}}}
	stats := map[string]float64{"Register Count": 12}
	in := fakeInspector{
		"stats":   {Source: "VK_KHR_pipeline_executable_properties", Statistics: stats, Representations: []string{"NVVM IR"}},
		"enough":  {Source: "driver", ISA: "amdgcn", Listing: "v_fma_f32 v1, v1, v2, v3\nv_fmac_f32 v1, v2, v3\nv_fma_f32 v1, v1, v2, v3\ns_endpgm"},
		"few":     {Source: "driver", ISA: "amdgcn", Listing: "v_fma_f32 v1, v1, v2, v3\ns_endpgm"},
		"unknown": {Source: "driver", ISA: "intel", Listing: "mad(16) g1 g2 g3 g4"},
	}
	tests := []struct {
		kernel, status, note string
		found                int
	}{
		{"stats", engine.CodeNotVerified, "reports 1 statistics and representations NVVM IR", 0},
		{"enough", engine.CodeVerified, "", 3},
		{"few", engine.CodeInvalid, "has 1 of the 3", 1},
		{"unknown", engine.CodeNotVerified, "names no intel instructions", 0},
		{"missing", engine.CodeNotVerified, "no such pipeline", 0},
	}
	for _, tc := range tests {
		t.Run(tc.kernel, func(t *testing.T) {
			got := InspectKernel(in, spec, tc.kernel, 32, 3)
			if got.Status != tc.status || got.Found != tc.found || !strings.Contains(got.Note, tc.note) {
				t.Errorf("status %q found %d note %q; want %q, %d, note containing %q", got.Status, got.Found, got.Note, tc.status, tc.found, tc.note)
			}
			if tc.kernel == "stats" && got.Statistics["Register Count"] != 12 {
				t.Errorf("statistics not kept: %v", got.Statistics)
			}
		})
	}
}

// TestGrowth: a driver that shows only statistics still tells a folded
// chain by its binary's size.
func TestGrowth(t *testing.T) {
	size := func(n float64) *MachineCode {
		return &MachineCode{Source: "VK_KHR_pipeline_executable_properties", Statistics: map[string]float64{binarySize: n}}
	}
	tests := []struct {
		name        string
		short, long float64
		status      string
		per         float64
	}{
		{"one instruction a step", 896, 896 + 256*16, engine.CodeNotVerified, 16},
		{"folded", 1024, 1024, engine.CodeInvalid, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := fakeInspector{"short": size(tc.short), "long": size(tc.long)}
			c := InspectKernel(in, engine.ChainSpec{}, "long", 32, 256)
			Growth(in, c, "short", 32, 0, 256)
			if c.Status != tc.status || c.BinaryBytesPerStep == nil || *c.BinaryBytesPerStep != tc.per {
				t.Errorf("status %q, bytes per step %v, note %q; want %q, %v", c.Status, c.BinaryBytesPerStep, c.Note, tc.status, tc.per)
			}
		})
	}
}
