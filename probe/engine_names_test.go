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
// accounting and the backend boundary. They name no kernel language and
// no backend: what the engine says of one it asks the backend
// (Codegen.Language, Codegen.Stamp, the optional capabilities of GPU and
// Program).
var engineFiles = []string{
	"account.go", "cache.go", "clockcheck.go", "compile.go", "gpu.go", "nice_linux.go", "nice_other.go",
	"pipeline.go", "placement.go", "runner.go", "throughput.go", "warps.go",
}

// notYetEngine are engine files that still speak one backend's terms,
// each with what keeps it so; the test fails when one of them no longer
// needs its place here.
var notYetEngine = map[string]string{
	"verify.go": "machine-code verification reads the disassembler's SASS listing (its regions, opcodes, register banks) and caches it by nvdisasm's identity: the CUDA backend's verifier, not yet an interface the backend implements",
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
	for f, why := range notYetEngine {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !backendNames.Match(src) {
			t.Errorf("%s names no backend any more: move it to engineFiles (it was listed as not yet because %s)", f, why)
		}
	}
}
