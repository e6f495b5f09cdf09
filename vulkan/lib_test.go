package vulkan

import (
	"errors"
	"strings"
	"testing"

	"github.com/ebitengine/purego"
)

func TestOpenLibraryMissing(t *testing.T) {
	_, err := OpenLibrary("libdoes-not-exist.so.1")
	if err == nil {
		t.Fatal("OpenLibrary of a missing library succeeded")
	}
	if !errors.Is(err, ErrNoLoader) {
		t.Errorf("error %v does not wrap ErrNoLoader", err)
	}
	for _, want := range []string{"is a Vulkan loader installed", "libdoes-not-exist.so.1"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %q", err, want)
		}
	}
}

func TestOpenLibraryNotALoader(t *testing.T) {
	_, err := OpenLibrary("libc.so.6")
	if err == nil {
		t.Fatal("OpenLibrary(libc.so.6) succeeded")
	}
	if errors.Is(err, ErrNoLoader) {
		t.Skipf("no libc.so.6 here: %v", err)
	}
	if !strings.Contains(err.Error(), "not a Vulkan loader") {
		t.Errorf("error %q does not say the library is not a Vulkan loader", err)
	}
}

// allSymbols returns every symbol table the package binds.
func allSymbols() map[string][]symbol {
	var g globalFuncs
	var in instanceFuncs
	var d deviceFuncs
	return map[string][]symbol{"global": g.symbols(), "instance": in.symbols(), "device": d.symbols()}
}

// TestSymbolSignatures registers every function type against a real C
// function, without calling it, so that a signature purego cannot marshal
// (an unsupported type, too many arguments) fails here rather than on the
// first machine with a Vulkan driver.
func TestSymbolSignatures(t *testing.T) {
	libc, err := purego.Dlopen("libc.so.6", purego.RTLD_NOW|purego.RTLD_GLOBAL)
	if err != nil {
		t.Skipf("no libc.so.6 to borrow a function address from: %v", err)
	}
	addr, err := purego.Dlsym(libc, "abs")
	if err != nil {
		t.Skipf("no abs in libc.so.6: %v", err)
	}
	var g globalFuncs
	fptrs := []any{&g.vkGetInstanceProcAddr}
	for _, syms := range allSymbols() {
		for _, s := range syms {
			fptrs = append(fptrs, s.fptr)
		}
	}
	for _, fptr := range fptrs {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("purego cannot register %T: %v", fptr, r)
				}
			}()
			purego.RegisterFunc(fptr, addr)
		}()
	}
}

func TestSymbolNames(t *testing.T) {
	seen := map[string]string{}
	for table, syms := range allSymbols() {
		for _, s := range syms {
			if len(s.names) == 0 {
				t.Errorf("%s: a symbol has no names", table)
			}
			for _, name := range s.names {
				if !strings.HasPrefix(name, "vk") {
					t.Errorf("%s: symbol %q is not a Vulkan command", table, name)
				}
				if other, dup := seen[name]; dup {
					t.Errorf("%s is listed in %s and %s", name, other, table)
				}
				seen[name] = table
			}
		}
	}
}

func TestBindReportsMissing(t *testing.T) {
	var f deviceFuncs
	err := bind(f.symbols(), func(string) uintptr { return 0 }, "a test driver")
	if err == nil {
		t.Fatal("bind with nothing resolved succeeded")
	}
	for _, want := range []string{"a test driver", "vkCreateComputePipelines", "vkGetBufferDeviceAddress or vkGetBufferDeviceAddressKHR"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %q", err, want)
		}
	}
	if strings.Contains(err.Error(), "vkGetPipelineExecutablePropertiesKHR") {
		t.Errorf("error %q lists an optional command", err)
	}
}
