package analyze

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/record"
)

// writeResults writes a minimal valid results file for a device at
// root/rel.
func writeResults(t *testing.T, root, rel string, d record.Device) {
	t.Helper()
	p := filepath.Join(root, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := record.WriteFile(p, &record.Run{Schema: record.SchemaVersion, Device: d}); err != nil {
		t.Fatal(err)
	}
	if _, err := record.ReadFile(p); err != nil {
		t.Fatalf("the fake is not a valid results file: %v", err)
	}
}

func TestFindResults(t *testing.T) {
	h100 := record.Device{Name: "NVIDIA H100 80GB HBM3", ComputeCapability: "9.0", Backend: "cuda"}
	h200 := record.Device{Name: "NVIDIA H200", ComputeCapability: "9.0"} // written before backends: CUDA
	two := t.TempDir()
	writeResults(t, two, "results/NVIDIA-H100-80GB-HBM3/results.json", h100)
	writeResults(t, two, "results/NVIDIA-H200/results.json", h200)
	// Not candidates: Vulkan runs, nested runs, another architecture's.
	writeResults(t, two, "results/NVIDIA-H200-vk/results.json", record.Device{Name: "NVIDIA H200", ComputeCapability: "9.0", Backend: "vulkan"})
	writeResults(t, two, "results/NVIDIA-H200/quick/results.json", h200)
	writeResults(t, two, "results/lavapipe/results.json", record.Device{Name: "llvmpipe (LLVM 15.0.6, 256 bits)", Backend: "vulkan"})
	writeResults(t, two, "results/NVIDIA-A100/results.json", record.Device{Name: "NVIDIA A100-SXM4-80GB", ComputeCapability: "8.0", Backend: "cuda"})
	if err := os.WriteFile(filepath.Join(two, "results", "notes.json"), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(two, "results", "broken"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(two, "results", "broken", "results.json"), []byte("{\"schema\": 1,"), 0o644); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(two, "analyze", "testdata")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	one := t.TempDir()
	writeResults(t, one, "results/NVIDIA-H100-80GB-HBM3/results.json", h100)
	empty := t.TempDir()

	tests := []struct {
		name, dir, arch, model string
		// want is the file found, relative to dir's checkout; else
		// err holds substrings of the error.
		want string
		err  []string
	}{
		{"two sm_90 GPUs, no model", two, "sm_90", "", "", []string{"results for sm_90 machine code are recorded for 2 GPUs", "NVIDIA H100 80GB HBM3, compute capability 9.0: results/NVIDIA-H100-80GB-HBM3/results.json", "NVIDIA H200, compute capability 9.0: results/NVIDIA-H200/results.json", "a cubin does not say which GPU model it is for: pass --results FILE (or run on the GPU itself)"}},
		{"the H200", two, "sm_90", "NVIDIA H200", "results/NVIDIA-H200/results.json", nil},
		{"the H200, sm_90a", two, "sm_90a", "NVIDIA H200", "results/NVIDIA-H200/results.json", nil},
		{"the H100, other case", two, "sm_90", "nvidia h100 80gb hbm3", "results/NVIDIA-H100-80GB-HBM3/results.json", nil},
		{"the H100 by its folder", two, "sm_90", "NVIDIA-H100-80GB-HBM3", "results/NVIDIA-H100-80GB-HBM3/results.json", nil},
		{"from a subdirectory", sub, "sm_90", "NVIDIA H200", "results/NVIDIA-H200/results.json", nil},
		{"unknown model", two, "sm_90", "NVIDIA B200", "", []string{"no recorded results for NVIDIA B200 in " + filepath.Join(two, "results"), "recorded for sm_90 machine code: NVIDIA H100 80GB HBM3", "NVIDIA H200", "pass --results FILE"}},
		{"a GPU of another architecture", two, "sm_90", "NVIDIA A100-SXM4-80GB", "", []string{"no recorded results for NVIDIA A100-SXM4-80GB"}},
		{"the one sm_80 GPU", two, "sm_80", "", "results/NVIDIA-A100/results.json", nil},
		{"no sm_86 GPU", two, "sm_86", "", "", []string{"no recorded results for sm_86", "recorded: NVIDIA A100-SXM4-80GB, compute capability 8.0", "broken/results.json unreadable", "pass --results FILE"}},
		{"one sm_90 GPU, no model", one, "sm_90", "", "results/NVIDIA-H100-80GB-HBM3/results.json", nil},
		{"one sm_90 GPU, sm_90a", one, "sm_90a", "", "results/NVIDIA-H100-80GB-HBM3/results.json", nil},
		{"one sm_90 GPU, its model", one, "sm_90", "NVIDIA H100 80GB HBM3", "results/NVIDIA-H100-80GB-HBM3/results.json", nil},
		{"one sm_90 GPU, another model", one, "sm_90", "NVIDIA H200", "", []string{"no recorded results for NVIDIA H200"}},
		{"architecture unknown", one, "", "", "results/NVIDIA-H100-80GB-HBM3/results.json", nil},
		{"bad architecture", one, "compute_90", "", "", []string{`architecture "compute_90": want sm_<major><minor>`}},
		{"no checkout", empty, "sm_90", "", "", []string{"no results/<GPU>/results.json in " + empty + " or its parents", "pass --results FILE"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := FindResults(tc.dir, tc.arch, tc.model)
			if tc.err == nil {
				root := tc.dir
				if root == sub {
					root = two
				}
				if want := filepath.Join(root, tc.want); err != nil || got != want {
					t.Errorf("FindResults = %q, %v; want %q", got, err, want)
				}
				return
			}
			if err == nil {
				t.Fatalf("FindResults = %q, want an error", got)
			}
			for _, w := range tc.err {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q, want it to contain %q", err, w)
				}
			}
		})
	}
}

// TestFindResultsCheckout checks the checkout's own results: the H100 and
// the H200 both run sm_90, so the model decides.
func TestFindResultsCheckout(t *testing.T) {
	if p, err := FindResults("..", "sm_90", "NVIDIA H200"); err != nil || !strings.HasSuffix(p, filepath.Join("results", "NVIDIA-H200", "results.json.gz")) {
		t.Errorf("H200: %q, %v", p, err)
	}
	if p, err := FindResults(".", "sm_90a", "NVIDIA H100 80GB HBM3"); err != nil || !strings.HasSuffix(p, filepath.Join("results", "NVIDIA-H100-80GB-HBM3", "results.json.gz")) {
		t.Errorf("H100: %q, %v", p, err)
	}
	if _, err := DefaultResults("..", "sm_90"); err == nil || !strings.Contains(err.Error(), "a cubin does not say which GPU model") {
		t.Errorf("sm_90 without a model: %v", err)
	}
	if _, err := DefaultResults("..", "sm_80"); err == nil || !strings.Contains(err.Error(), "no recorded results for sm_80") {
		t.Errorf("sm_80: %v", err)
	}
}

func TestComputeCapability(t *testing.T) {
	for arch, want := range map[string]string{"sm_90": "9.0", "sm_90a": "9.0", "sm_80": "8.0", "sm_100a": "10.0", "sm_120f": "12.0", "sm_9": "", "sm_": "", "compute_90": "", "sm_+9": "", "": ""} {
		got, ok := computeCapability(arch)
		if got != want || ok != (want != "") {
			t.Errorf("computeCapability(%q) = %q, %v; want %q", arch, got, ok, want)
		}
	}
}

func TestMismatchGPU(t *testing.T) {
	tests := []struct {
		name, arch, model, want string
	}{
		{"same GPU", "sm_90", "NVIDIA H100 80GB HBM3", ""},
		{"same GPU, other case", "sm_90a", "nvidia h100 80gb hbm3", ""},
		{"no model", "sm_90", "", ""},
		{"other model", "sm_90", "NVIDIA H200", "the results are of NVIDIA H100 80GB HBM3, not of NVIDIA H200: the figures are another GPU model's"},
		{"other architecture first", "sm_80", "NVIDIA A100", "not of a GPU that runs sm_80"},
	}
	m := &Machine{Device: "NVIDIA H100 80GB HBM3", Arch: "sm_90"}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := m.MismatchGPU(tc.arch, tc.model)
			if tc.want == "" && got != "" || tc.want != "" && !strings.Contains(got, tc.want) {
				t.Errorf("MismatchGPU(%q, %q) = %q, want %q", tc.arch, tc.model, got, tc.want)
			}
		})
	}
}
