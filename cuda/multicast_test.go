package cuda

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoMulticastSymbol guards the links suite's promise: gpuarch never
// creates NVLink multicast objects, which on shared machines can take GPUs
// out of service. No driver function the package binds, required or
// optional, is a cuMulticast* one, and no source file of the package names
// one (a Dlsym of a literal would bypass the symbol lists).
func TestNoMulticastSymbol(t *testing.T) {
	d := &Driver{}
	for _, list := range [][]symbol{d.symbols(), d.optionalSymbols()} {
		for _, s := range list {
			for _, name := range s.names {
				if strings.HasPrefix(strings.ToLower(name), "cumulticast") {
					t.Errorf("the driver binds %s", name)
				}
			}
		}
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no source file of the cuda package found")
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(strings.ToLower(string(src)), "cumulticast") {
			t.Errorf("%s names a cuMulticast* function", f)
		}
	}
}
