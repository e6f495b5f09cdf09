package vulkan

import (
	"bytes"
	"encoding/binary"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/*.spv from their .spvasm sources with spirv-as")

// spirvTarget is the environment the test shaders are assembled for:
// SPIR-V 1.5, which has PhysicalStorageBuffer64 addressing in core.
const spirvTarget = "vulkan1.2"

// loadSPIRV reads testdata/<name>.spv, assembled from <name>.spvasm, as
// SPIR-V words.
func loadSPIRV(t *testing.T, name string) []uint32 {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name+".spv"))
	if err != nil {
		t.Fatal(err)
	}
	if len(b)%4 != 0 {
		t.Fatalf("testdata/%s.spv is %d bytes, not a whole number of words", name, len(b))
	}
	words := make([]uint32, len(b)/4)
	for i := range words {
		words[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return words
}

// TestSPIRVUpToDate assembles every testdata/*.spvasm with spirv-as and
// checks that the committed .spv matches (or, with -update, rewrites it),
// and validates it with spirv-val when that is installed.
func TestSPIRVUpToDate(t *testing.T) {
	spirvAs, err := exec.LookPath("spirv-as")
	if err != nil {
		t.Skip("spirv-as is not on PATH (Debian: apt-get install spirv-tools): cannot check testdata/*.spv against their sources")
	}
	spirvVal, _ := exec.LookPath("spirv-val")
	sources, err := filepath.Glob(filepath.Join("testdata", "*.spvasm"))
	if err != nil || len(sources) == 0 {
		t.Fatalf("no testdata/*.spvasm: %v", err)
	}
	for _, src := range sources {
		name := strings.TrimSuffix(filepath.Base(src), ".spvasm")
		t.Run(name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), name+".spv")
			if b, err := exec.Command(spirvAs, "--target-env", spirvTarget, src, "-o", out).CombinedOutput(); err != nil {
				t.Fatalf("spirv-as %s: %v\n%s", src, err, b)
			}
			if spirvVal != "" {
				if b, err := exec.Command(spirvVal, "--target-env", spirvTarget, out).CombinedOutput(); err != nil {
					t.Fatalf("spirv-val %s: %v\n%s", src, err, b)
				}
			}
			got, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			committed := filepath.Join("testdata", name+".spv")
			if *update {
				if err := os.WriteFile(committed, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(committed)
			if err != nil {
				t.Fatalf("%v (run go test ./vulkan -run TestSPIRVUpToDate -update)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from what spirv-as makes of %s: run go test ./vulkan -run TestSPIRVUpToDate -update", committed, src)
			}
		})
	}
}
