package vk_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/gpuarch/gpuarch/spirv"
)

// TestGoldenSPIRVValidates assembles the golden modules and has
// SPIRV-Tools' validator check them against Vulkan 1.2's rules.
func TestGoldenSPIRVValidates(t *testing.T) {
	files, err := filepath.Glob("testdata/*.spvasm")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden modules: %v", err)
	}
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
			if err := spirv.Validate(context.Background(), words, "vulkan1.2"); errors.Is(err, spirv.ErrNoValidator) {
				t.Skip(err)
			} else if err != nil {
				t.Fatal(err)
			}
		})
	}
}
