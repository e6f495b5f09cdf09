package probe

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// backendNames matches what names a kernel language, a backend, its
// toolchain or its in-kernel registers.
var backendNames = regexp.MustCompile(`(?i)\b(ptx\w*|spir-?v\w*|vulkan|vk_\w+|cuda|sass|cubin|nvdisasm|nvml|nvidia|amdgcn|lavapipe)\b|%clock64|%globaltimer|%smid|%warpid`)

// engineFiles are the engine's files: the runner, its compile pipeline,
// the throughput and warp-record helpers, the clock check, time
// accounting, the backend boundary and machine-code verification's
// interface (Verifier; its two ways, a disassembler's listing and a
// driver's report, are sassverify.go and inspect.go). They name no kernel
// language and no backend: what the engine says of one it asks the
// backend (Codegen.Language, Codegen.Stamp, the optional capabilities of
// GPU and Program).
var engineFiles = []string{
	"account.go", "cache.go", "clockcheck.go", "compile.go", "gpu.go", "nice_linux.go", "nice_other.go",
	"pipeline.go", "placement.go", "runner.go", "throughput.go", "verify.go", "warps.go",
}

// TestEngineNamesNoBackend checks that the engine's files name no kernel
// language or backend, in code or comments (issue 31).
func TestEngineNamesNoBackend(t *testing.T) {
	for _, f := range engineFiles {
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
