package cuda

import (
	"context"
	"encoding/binary"
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ebitengine/purego"
)

// buildFake compiles testdata/fakecuda.c into a shared library in a
// fresh directory, so that each test loads its own copy with its own
// state, and returns its path. It skips the test without a C compiler.
func buildFake(t *testing.T, defines ...string) string {
	t.Helper()
	cc, err := exec.LookPath("cc")
	if err != nil {
		t.Skip("no C compiler to build the fake libcuda: skipping")
	}
	lib := filepath.Join(t.TempDir(), "libcuda.so.1")
	args := append([]string{"-shared", "-fPIC", "-O1", "-o", lib, filepath.Join("testdata", "fakecuda.c")}, defines...)
	if out, err := exec.Command(cc, args...).CombinedOutput(); err != nil {
		t.Fatalf("building the fake libcuda: %v\n%s", err, out)
	}
	return lib
}

// fakeFunc binds a test-only function of the fake library.
func fakeFunc(t *testing.T, lib string, fptr any, name string) {
	t.Helper()
	h, err := purego.Dlopen(lib, purego.RTLD_NOW|purego.RTLD_GLOBAL)
	if err != nil {
		t.Fatal(err)
	}
	addr, err := purego.Dlsym(h, name)
	if err != nil {
		t.Fatal(err)
	}
	purego.RegisterFunc(fptr, addr)
}

func TestFakeDriver(t *testing.T) {
	lib := buildFake(t)
	d, err := OpenLibrary(lib)
	if err != nil {
		t.Fatalf("OpenLibrary(fake): %v", err)
	}
	if v, err := d.Version(); err != nil || v != 13000 {
		t.Errorf("Version() = %d, %v", v, err)
	}
	if n, err := d.DeviceCount(); err != nil || n != 1 {
		t.Errorf("DeviceCount() = %d, %v", n, err)
	}
	if _, err := d.Device(1); err == nil {
		t.Error("Device(1) of a one-device driver succeeded")
	}
	dev, err := d.Device(0)
	if err != nil {
		t.Fatalf("Device(0): %v", err)
	}

	strs := []struct {
		name string
		get  func() (string, error)
		want string
	}{
		{"Name", dev.Name, "Fake GPU 7"},
		{"UUID", dev.UUID, "GPU-a0a1a2a3-a4a5-a6a7-a8a9-aaabacadaeaf"},
		{"PCIBusID", dev.PCIBusID, "0000:07:00.0"},
	}
	for _, s := range strs {
		if got, err := s.get(); err != nil || got != s.want {
			t.Errorf("%s() = %q, %v; want %q", s.name, got, err, s.want)
		}
	}
	if mem, err := dev.TotalMem(); err != nil || mem != 80<<30 {
		t.Errorf("TotalMem() = %d, %v", mem, err)
	}
	if major, minor, err := dev.ComputeCapability(); err != nil || major != 9 || minor != 0 {
		t.Errorf("ComputeCapability() = %d.%d, %v", major, minor, err)
	}
	attrs, err := dev.Attributes()
	if err != nil {
		t.Fatalf("Attributes: %v", err)
	}
	if got, ok := attrs["MULTIPROCESSOR_COUNT"]; !ok || got != 1016 {
		t.Errorf("MULTIPROCESSOR_COUNT = %d, %v; want 1016", got, ok)
	}
	if _, ok := attrs["CAN_TEX2D_GATHER"]; ok {
		t.Error("Attributes kept an attribute the driver rejected")
	}
	if want := len(attributeTable()) - 1; len(attrs) != want {
		t.Errorf("Attributes returned %d entries, want %d", len(attrs), want)
	}
	_, err = dev.Attribute(Attribute(9999))
	var cerr *Error
	if !errors.As(err, &cerr) || cerr.Func != "cuDeviceGetAttribute" || cerr.Name != "CUDA_ERROR_INVALID_VALUE" ||
		cerr.Message != "invalid argument" || !strings.Contains(err.Error(), "Attribute(9999)") {
		t.Errorf("Attribute(9999) error = %v", err)
	}
}

func TestFakeErrorNames(t *testing.T) {
	d, err := OpenLibrary(buildFake(t))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		code int32
		want string
	}{
		{218, "cuX: CUDA_ERROR_INVALID_PTX (218): a PTX JIT compilation failed"},
		{700, "cuX: CUDA_ERROR_ILLEGAL_ADDRESS (700): an illegal memory access was encountered"},
		{4242, "cuX: CUDA_ERROR_4242 (4242)"},
	}
	for _, tt := range tests {
		if got := d.check("cuX", tt.code).Error(); got != tt.want {
			t.Errorf("check(%d) = %q, want %q", tt.code, got, tt.want)
		}
	}
	if err := d.check("cuX", 0); err != nil {
		t.Errorf("check(0) = %v, want nil", err)
	}
}

func TestFakeInitErrors(t *testing.T) {
	t.Run("no device", func(t *testing.T) {
		lib := buildFake(t)
		var set func(int32)
		fakeFunc(t, lib, &set, "fake_set_init_result")
		set(100)
		_, err := OpenLibrary(lib)
		if !errors.Is(err, ErrNoDevice) {
			t.Fatalf("error %v does not wrap ErrNoDevice", err)
		}
		var cerr *Error
		if !errors.As(err, &cerr) || cerr.Func != "cuInit" || cerr.Code != 100 {
			t.Errorf("error %v does not carry cuInit's *Error", err)
		}
	})
	t.Run("stub library", func(t *testing.T) {
		_, err := OpenLibrary(buildFake(t, "-DSTUB"))
		if !errors.Is(err, ErrNoDriver) || !strings.Contains(err.Error(), "stub") {
			t.Errorf("error %v does not wrap ErrNoDriver and mention the stub", err)
		}
	})
	t.Run("missing symbol", func(t *testing.T) {
		_, err := OpenLibrary(buildFake(t, "-DOMIT_LAUNCH"))
		if err == nil || !strings.Contains(err.Error(), "cuLaunchKernel") || errors.Is(err, ErrNoDriver) {
			t.Errorf("error %v does not name cuLaunchKernel", err)
		}
	})
}

func TestFakeContextModuleLaunch(t *testing.T) {
	lib := buildFake(t)
	var refs func() int32
	var summary func() string
	fakeFunc(t, lib, &refs, "fake_ctx_refs")
	fakeFunc(t, lib, &summary, "fake_launch_summary")

	d, err := OpenLibrary(lib)
	if err != nil {
		t.Fatal(err)
	}
	dev, err := d.Device(0)
	if err != nil {
		t.Fatal(err)
	}
	ctx, err := dev.RetainPrimaryContext()
	if err != nil {
		t.Fatalf("RetainPrimaryContext: %v", err)
	}
	if n := refs(); n != 1 {
		t.Errorf("%d references after retain, want 1", n)
	}
	if free, total, err := ctx.MemGetInfo(); err != nil || free != 1<<30 || total != 2<<30 {
		t.Errorf("MemGetInfo() = %d, %d, %v", free, total, err)
	}

	// Compile: the fake rejects anything not starting with .version,
	// writing to the error log whose address cuLinkCreate was given.
	_, err = ctx.Compile("garbage", "bad.ptx", JITOptions{})
	var cerr *Error
	if !errors.As(err, &cerr) || cerr.Func != "cuLinkAddData" || cerr.Code != 218 ||
		cerr.Log != "ptxas fatal   : bad.ptx, line 1; syntax error" {
		t.Fatalf("Compile(garbage) error = %#v", err)
	}
	if _, err := ctx.Compile(".version 8.0", "", JITOptions{OptimizationLevel: 9}); err == nil {
		t.Error("Compile with optimization level 9 succeeded")
	}
	compiled, err := ctx.Compile(".version 8.0\n", "ok.ptx", JITOptions{OptimizationLevel: 3, Verbose: true})
	if err != nil {
		t.Fatalf("Compile: %v", err)
	}
	if string(compiled.Cubin) != "\x7fELF fake cubin" || compiled.Duration <= 0 {
		t.Errorf("Compile() = %q in %v", compiled.Cubin, compiled.Duration)
	}

	if _, err := ctx.LoadModule([]byte("not elf")); !errors.As(err, &cerr) || cerr.Log != "not an ELF image" {
		t.Errorf("LoadModule(not elf) error = %v", err)
	}
	mod, err := ctx.LoadModule(compiled.Cubin)
	if err != nil {
		t.Fatalf("LoadModule: %v", err)
	}
	if _, _, err := mod.Global("missing"); !errors.As(err, &cerr) || cerr.Name != "CUDA_ERROR_NOT_FOUND" {
		t.Errorf("Global(missing) error = %v", err)
	}
	table, size, err := mod.Global("table")
	if err != nil || table == 0 || size != 64 {
		t.Fatalf("Global(table) = %v, %d, %v", table, size, err)
	}
	src, err := ctx.Alloc(128)
	if err != nil {
		t.Fatal(err)
	}
	if err := ctx.CopyOnDevice(table, src, 64); err != nil {
		t.Errorf("CopyOnDevice into the variable: %v", err)
	}
	if err := ctx.CopyOnDevice(table, src, 128); !errors.As(err, &cerr) || !strings.Contains(err.Error(), "copying 128 bytes on the device") {
		t.Errorf("CopyOnDevice past the variable's end: error = %v", err)
	}
	if _, err := mod.Function("missing"); !errors.As(err, &cerr) || cerr.Name != "CUDA_ERROR_NOT_FOUND" {
		t.Errorf("Function(missing) error = %v", err)
	}
	fn, err := mod.Function("store_value")
	if err != nil {
		t.Fatalf("Function: %v", err)
	}
	if n, err := fn.Attribute(FuncNumRegs); err != nil || n != 104 {
		t.Errorf("Attribute(NumRegs) = %d, %v", n, err)
	}
	if err := fn.SetAttribute(FuncMaxDynamicSharedSizeBytes, 100<<10); err != nil {
		t.Errorf("SetAttribute: %v", err)
	}
	if n, err := fn.MaxActiveBlocksPerSM(256, 2048); err != nil || n != 6 {
		t.Errorf("MaxActiveBlocksPerSM(256, 2048) = %d, %v; want 6", n, err)
	}

	out, err := ctx.Alloc(16)
	if err != nil {
		t.Fatalf("Alloc: %v", err)
	}
	if err := ctx.Memset(out, 0xab, 16); err != nil {
		t.Fatalf("Memset: %v", err)
	}
	stream, err := ctx.NewStream()
	if err != nil {
		t.Fatalf("NewStream: %v", err)
	}
	if err := fn.Launch(Dim3{2, 3, 4}, D1(32), 128, stream, out+4, uint32(0xC0FFEE)); err != nil {
		t.Fatalf("Launch: %v", err)
	}
	if got, want := summary(), "fn=0xf0 grid=2,3,4 block=32,1,1 shared=128 stream=0x5e extra=(nil)"; got != want {
		t.Errorf("the driver saw %q, want %q", got, want)
	}
	if err := stream.BeginCapture(); err != nil {
		t.Fatalf("BeginCapture: %v", err)
	}
	if err := fn.Launch(D1(1), D1(32), 0, stream, out+4, uint32(0xC0FFEE)); err != nil {
		t.Fatalf("Launch while capturing: %v", err)
	}
	g, err := stream.EndCapture()
	if err != nil {
		t.Fatalf("EndCapture: %v", err)
	}
	if err := g.Launch(stream); err != nil {
		t.Errorf("graph Launch: %v", err)
	}
	if err := g.Destroy(); err != nil {
		t.Errorf("graph Destroy: %v", err)
	}
	var nilStream *Stream
	if err := nilStream.BeginCapture(); err == nil {
		t.Error("capturing the default stream succeeded")
	}
	if err := fn.Launch(D1(1), D1(1), 0, nil, DevicePtr(0x10), uint32(1)); !IsSticky(err) {
		t.Errorf("a launch writing to a bad address returned %v, want a sticky error", err)
	}
	if !strings.Contains(summary(), "stream=(nil)") {
		t.Errorf("a nil *Stream did not reach the driver as the default stream: %s", summary())
	}
	if err := fn.Launch(D1(0), D1(1), 0, nil); err == nil {
		t.Error("a launch with an empty grid succeeded")
	}
	if err := fn.Launch(D1(1), D1(1), 0, nil, 5); err == nil || !strings.Contains(err.Error(), "argument 0 has type int") {
		t.Errorf("a launch with an int argument returned %v", err)
	}

	buf := make([]byte, 16)
	if err := ctx.CopyToHost(buf, out); err != nil {
		t.Fatalf("CopyToHost: %v", err)
	}
	if got := binary.LittleEndian.Uint32(buf[4:]); got != 0xC0FFEE || buf[0] != 0xab || buf[8] != 0xab {
		t.Errorf("device memory after the launch: % x", buf)
	}
	if err := ctx.CopyToDevice(out, []byte("hello")); err != nil {
		t.Fatalf("CopyToDevice: %v", err)
	}
	if err := ctx.CopyToHost(buf[:5], out); err != nil || string(buf[:5]) != "hello" {
		t.Errorf("read back %q, %v", buf[:5], err)
	}

	start, err := ctx.NewEvent()
	if err != nil {
		t.Fatal(err)
	}
	stop, err := ctx.NewEvent()
	if err != nil {
		t.Fatal(err)
	}
	if err := stop.Record(stream); err != nil {
		t.Fatal(err)
	}
	if done, err := stop.Query(); err != nil || done {
		t.Errorf("Query() right after Record = %v, %v; want not done", done, err)
	}
	if err := stop.Wait(context.Background(), time.Second); err != nil {
		t.Errorf("Wait: %v", err)
	}
	if el, err := stop.Elapsed(start); err != nil || el != 1500*time.Microsecond {
		t.Errorf("Elapsed() = %v, %v; want 1.5ms", el, err)
	}

	for _, cleanup := range []func() error{
		start.Destroy, stop.Destroy, stop.Destroy, stream.Synchronize, stream.Destroy, stream.Destroy,
		mod.Unload, mod.Unload, func() error { return ctx.Free(out) }, ctx.Synchronize,
	} {
		if err := cleanup(); err != nil {
			t.Errorf("cleanup: %v", err)
		}
	}
	if err := ctx.Release(); err != nil {
		t.Errorf("Release: %v", err)
	}
	if err := ctx.Release(); err == nil {
		t.Error("a second Release succeeded")
	}
	if n := refs(); n != 0 {
		t.Errorf("%d references after release, want 0", n)
	}

	// Reset destroys the context and drops this reference; retaining
	// again gives a working context.
	ctx2, err := dev.RetainPrimaryContext()
	if err != nil {
		t.Fatal(err)
	}
	if err := ctx2.Reset(); err != nil {
		t.Errorf("Reset: %v", err)
	}
	if n := refs(); n != 0 {
		t.Errorf("%d references after reset, want 0", n)
	}
	if err := ctx2.SetCurrent(); err == nil {
		t.Error("SetCurrent on a reset context succeeded")
	}
}
