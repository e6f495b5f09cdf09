package cuda

import (
	"errors"
	"strings"
	"testing"

	"github.com/ebitengine/purego"
)

func TestOpenLibraryMissing(t *testing.T) {
	_, err := OpenLibrary("/nonexistent/libcuda.so.1")
	if err == nil {
		t.Fatal("OpenLibrary of a missing file succeeded")
	}
	if !errors.Is(err, ErrNoDriver) {
		t.Errorf("error %v does not wrap ErrNoDriver", err)
	}
	for _, want := range []string{"is the NVIDIA driver installed", "/nonexistent/libcuda.so.1"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %q", err, want)
		}
	}
}

// TestSymbolSignatures registers every driver function type against a
// real C function, without calling it, so that a signature purego cannot
// marshal (an unsupported type, too many arguments) fails here rather
// than when a GPU machine first opens the driver.
func TestSymbolSignatures(t *testing.T) {
	libc, err := purego.Dlopen("libc.so.6", purego.RTLD_NOW|purego.RTLD_GLOBAL)
	if err != nil {
		t.Skipf("no libc.so.6 to borrow a function address from: %v", err)
	}
	addr, err := purego.Dlsym(libc, "abs")
	if err != nil {
		t.Skipf("no abs in libc.so.6: %v", err)
	}
	var d Driver
	syms := d.symbols()
	if len(syms) == 0 {
		t.Fatal("no symbols")
	}
	for _, s := range syms {
		t.Run(s.names[0], func(t *testing.T) {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("purego cannot register %T: %v", s.fptr, r)
				}
			}()
			purego.RegisterFunc(s.fptr, addr)
		})
	}
}

func TestSymbolNamesAreUnique(t *testing.T) {
	var d Driver
	seen := map[string]bool{}
	for _, s := range d.symbols() {
		for _, name := range s.names {
			if seen[name] {
				t.Errorf("symbol %s is bound twice", name)
			}
			seen[name] = true
		}
	}
}
