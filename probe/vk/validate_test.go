package vk_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/spirv"
)

// TestGoldenSPIRVValidates assembles the golden modules and has
// SPIRV-Tools' validator check them against Vulkan 1.2's rules. The
// cooperative-matrix modules are checked only by a validator that knows
// SPV_KHR_cooperative_matrix (SPIRV-Tools from mid-2023 on); an older one
// (Debian 12 ships v2023.1) says so and the test is skipped.
func TestGoldenSPIRVValidates(t *testing.T) {
	files, err := filepath.Glob("testdata/*.spvasm")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden modules: %v", err)
	}
	coopMat := knowsCoopMat()
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			words, err := spirv.Assemble(string(src), spirv.V1_5)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(string(src), "CooperativeMatrixKHR") && coopMat != nil {
				t.Skipf("assembled but not validated: %v", coopMat)
			}
			if err := spirv.Validate(context.Background(), words, "vulkan1.2"); errors.Is(err, spirv.ErrNoValidator) {
				t.Skip(err)
			} else if err != nil {
				t.Fatal(err)
			}
		})
	}
}

// knowsCoopMat returns nil when the local spirv-val accepts a module
// declaring SPV_KHR_cooperative_matrix, and why not otherwise.
func knowsCoopMat() error {
	words, err := spirv.Assemble("OpCapability Shader\nOpCapability CooperativeMatrixKHR\nOpExtension \"SPV_KHR_cooperative_matrix\"\nOpMemoryModel Logical GLSL450\n", spirv.V1_5)
	if err != nil {
		return err
	}
	err = spirv.Validate(context.Background(), words, "vulkan1.2")
	if err == nil || errors.Is(err, spirv.ErrNoValidator) {
		return err
	}
	version := "spirv-val"
	if out, e := exec.Command("spirv-val", "--version").Output(); e == nil {
		version = strings.SplitN(strings.TrimSpace(string(out)), "\n", 2)[0]
	}
	return errors.New(version + " predates SPV_KHR_cooperative_matrix (" + err.Error() + ")")
}
