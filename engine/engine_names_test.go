package engine

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// backendNames matches what names a kernel language, a backend, its
// toolchain or its in-kernel registers.
var backendNames = regexp.MustCompile(`(?i)\b(ptx\w*|spir-?v\w*|vulkan|vk_\w+|cuda|sass|cubin|nvdisasm|nvml|nvidia|amdgcn|lavapipe)\b|%clock64|%globaltimer|%smid|%warpid`)

// TestEngineNamesNoBackend checks that no file of the engine names a
// kernel language or backend, in code or comments (issue 31): what it
// says of one it asks the backend (Codegen.Language, Codegen.Stamp, the
// optional capabilities of GPU and Program).
func TestEngineNamesNoBackend(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue // tests drive the engine through real backends' lowerings
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(src), "\n") {
			if m := backendNames.FindString(line); m != "" {
				t.Errorf("%s:%d names %q: ask the backend (Codegen.Language, a capability) rather than name it in the engine", f, i+1, m)
			}
		}
	}
}
