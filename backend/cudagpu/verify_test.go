package cudagpu_test

import (
	"os"
	"testing"

	"github.com/gpuarch/gpuarch/backend/cudagpu"
	"github.com/gpuarch/gpuarch/sass"
)

// The listings in testdata are nvdisasm's output for modules gpuarch
// generated and the driver JIT-compiled on an H200 (CUDA 13.0, sm_90).
func realListing(t *testing.T, name string) *sass.Listing {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name + ".nvdisasm")
	if err != nil {
		t.Fatal(err)
	}
	l, err := sass.ParseListing(string(b))
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func TestCheckRegionOnRealMachineCode(t *testing.T) {
	tests := []struct {
		name, listing, kernel string
		region                func(*sass.Function) ([]sass.Instruction, bool)
		expect                []string
		needed                int
		wantStatus            string
	}{
		{"latency chain", "fma_rn_f32", "lat_fma_rn_f32_n256", (*sass.Function).ClockRegion, []string{"FFMA"}, 256, "verified"},
		{"latency chain needs more", "fma_rn_f32", "lat_fma_rn_f32_n256", (*sass.Function).ClockRegion, []string{"FFMA"}, 257, "invalid"},
		{"wrong opcode", "fma_rn_f32", "lat_fma_rn_f32_n128", (*sass.Function).ClockRegion, []string{"DFMA"}, 128, "invalid"},
		{"throughput loop", "fma_rn_f32", "tp_fma_rn_f32_ilp8", (*sass.Function).LoopBody, []string{"FFMA"}, 256, "verified"},
		{"control loop is empty", "fma_rn_f32", "tp_fma_rn_f32_control", (*sass.Function).LoopBody, []string{"FFMA"}, 1, "invalid"},
		{"lop3 chain", "xor_b32", "lat_xor_b32_n256", (*sass.Function).ClockRegion, []string{"LOP3"}, 256, "verified"},
		{"missing kernel", "xor_b32", "lat_nothing", (*sass.Function).ClockRegion, []string{"LOP3"}, 1, "invalid"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := cudagpu.CheckRegion(realListing(t, tc.listing), tc.kernel, tc.region, tc.expect, tc.needed)
			if got.Status != tc.wantStatus {
				t.Errorf("status %q (%s), want %q; counts %v", got.Status, got.Note, tc.wantStatus, got.Counts)
			}
		})
	}
}

func TestControlLoopSurvives(t *testing.T) {
	// The control kernel's loop must stay in the machine code, or the
	// calibration would time nothing.
	fn, ok := realListing(t, "fma_rn_f32").Function("tp_fma_rn_f32_control")
	if !ok {
		t.Fatal("no control kernel")
	}
	body, ok := fn.LoopBody()
	if !ok || len(body) == 0 {
		t.Fatalf("the control loop was compiled away: %v", fn.Instructions)
	}
}
