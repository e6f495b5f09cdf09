package cuda

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
)

// openGPU opens the real driver and retains device 0's primary context on
// the test's locked OS thread, or skips the test when there is no driver
// or no GPU.
func openGPU(t *testing.T) (*Driver, Device, *Context) {
	t.Helper()
	d, err := Open()
	switch {
	case errors.Is(err, ErrNoDriver):
		t.Skip("no NVIDIA driver (libcuda.so.1): skipping GPU test")
	case errors.Is(err, ErrNoDevice):
		t.Skip("no CUDA-capable GPU: skipping GPU test")
	case err != nil:
		t.Fatalf("Open: %v", err)
	}
	runtime.LockOSThread()
	t.Cleanup(runtime.UnlockOSThread)
	dev, err := d.Device(0)
	if err != nil {
		t.Fatalf("Device(0): %v", err)
	}
	ctx, err := dev.RetainPrimaryContext()
	if err != nil {
		t.Fatalf("RetainPrimaryContext: %v", err)
	}
	t.Cleanup(func() {
		if err := ctx.Release(); err != nil {
			t.Errorf("Release: %v", err)
		}
	})
	return d, dev, ctx
}

// ptxVersionFor returns the oldest PTX ISA version that can target
// sm_<major><minor>, so that the test PTX is accepted by the oldest driver
// that supports the device.
func ptxVersionFor(major, minor int) string {
	switch sm := major*10 + minor; {
	case sm >= 110:
		return "9.0"
	case sm == 103 || sm == 121:
		return "8.8"
	case sm >= 120:
		return "8.7"
	case sm >= 100:
		return "8.6"
	case sm >= 89:
		return "7.8"
	case sm >= 87:
		return "7.4"
	case sm >= 86:
		return "7.1"
	case sm >= 80:
		return "7.0"
	case sm >= 75:
		return "6.3"
	case sm >= 70:
		return "6.0"
	default:
		return "5.0"
	}
}

// storeValuePTX is a kernel that stores its second parameter at the
// address in its first.
func storeValuePTX(major, minor int) string {
	return fmt.Sprintf(`.version %s
.target sm_%d%d
.address_size 64

.visible .entry store_value(
	.param .u64 out,
	.param .u32 value
)
{
	.reg .b32 %%r<2>;
	.reg .b64 %%rd<3>;

	ld.param.u64 %%rd1, [out];
	ld.param.u32 %%r1, [value];
	cvta.to.global.u64 %%rd2, %%rd1;
	st.global.u32 [%%rd2], %%r1;
	ret;
}
`, ptxVersionFor(major, minor), major, minor)
}

func TestOpen(t *testing.T) {
	d, err := Open()
	switch {
	case errors.Is(err, ErrNoDriver):
		t.Logf("Open: %v", err)
		t.Skip("no NVIDIA driver (libcuda.so.1): skipping GPU test")
	case errors.Is(err, ErrNoDevice):
		t.Logf("Open: %v", err)
		t.Skip("no CUDA-capable GPU: skipping GPU test")
	case err != nil:
		t.Fatalf("Open failed with neither ErrNoDriver nor ErrNoDevice: %v", err)
	}
	v, err := d.Version()
	if err != nil {
		t.Fatalf("Version: %v", err)
	}
	n, err := d.DeviceCount()
	if err != nil {
		t.Fatalf("DeviceCount: %v", err)
	}
	t.Logf("driver %s supports CUDA %d.%d and sees %d device(s)", d.Path(), v/1000, v%1000/10, n)
	if v < 1000 || n < 1 {
		t.Errorf("version %d, %d devices: implausible", v, n)
	}
}

func TestGPUDevice(t *testing.T) {
	_, dev, ctx := openGPU(t)
	name, err := dev.Name()
	if err != nil || name == "" {
		t.Fatalf("Name() = %q, %v", name, err)
	}
	uuid, err := dev.UUID()
	if err != nil || !strings.HasPrefix(uuid, "GPU-") || len(uuid) != len("GPU-00000000-0000-0000-0000-000000000000") {
		t.Errorf("UUID() = %q, %v", uuid, err)
	}
	bus, err := dev.PCIBusID()
	if err != nil || bus == "" {
		t.Errorf("PCIBusID() = %q, %v", bus, err)
	}
	mem, err := dev.TotalMem()
	if err != nil || mem == 0 {
		t.Errorf("TotalMem() = %d, %v", mem, err)
	}
	major, minor, err := dev.ComputeCapability()
	if err != nil || major < 3 {
		t.Fatalf("ComputeCapability() = %d.%d, %v", major, minor, err)
	}
	attrs, err := dev.Attributes()
	if err != nil {
		t.Fatalf("Attributes: %v", err)
	}
	if attrs["WARP_SIZE"] != 32 || attrs["MULTIPROCESSOR_COUNT"] < 1 {
		t.Errorf("WARP_SIZE = %d, MULTIPROCESSOR_COUNT = %d", attrs["WARP_SIZE"], attrs["MULTIPROCESSOR_COUNT"])
	}
	free, total, err := ctx.MemGetInfo()
	if err != nil || free == 0 || free > total {
		t.Errorf("MemGetInfo() = %d, %d, %v", free, total, err)
	}
	t.Logf("%s (%s, %s): sm_%d%d, %d SMs, %d MiB, %d attributes", name, uuid, bus, major, minor,
		attrs["MULTIPROCESSOR_COUNT"], mem>>20, len(attrs))
}

func TestGPUCompileLaunch(t *testing.T) {
	_, dev, ctx := openGPU(t)
	major, minor, err := dev.ComputeCapability()
	if err != nil {
		t.Fatal(err)
	}

	compiled, err := ctx.Compile(storeValuePTX(major, minor), "store_value.ptx", JITOptions{Verbose: true})
	if err != nil {
		t.Fatalf("Compile: %v", err)
	}
	if !strings.HasPrefix(string(compiled.Cubin), "\x7fELF") {
		t.Errorf("the cubin does not start with an ELF header: % x", compiled.Cubin[:min(4, len(compiled.Cubin))])
	}
	t.Logf("compiled %d bytes in %v; log:\n%s", len(compiled.Cubin), compiled.Duration, compiled.InfoLog)

	mod, err := ctx.LoadModule(compiled.Cubin)
	if err != nil {
		t.Fatalf("LoadModule: %v", err)
	}
	defer mod.Unload()
	fn, err := mod.Function("store_value")
	if err != nil {
		t.Fatalf("Function: %v", err)
	}
	if regs, err := fn.Attribute(FuncNumRegs); err != nil || regs < 1 {
		t.Errorf("NumRegs = %d, %v", regs, err)
	}
	if blocks, err := fn.MaxActiveBlocksPerSM(128, 0); err != nil || blocks < 1 {
		t.Errorf("MaxActiveBlocksPerSM = %d, %v", blocks, err)
	}
	if _, err := mod.Function("no_such_kernel"); err == nil {
		t.Error("Function(no_such_kernel) succeeded")
	}

	out, err := ctx.Alloc(4)
	if err != nil {
		t.Fatalf("Alloc: %v", err)
	}
	defer ctx.Free(out)
	if err := ctx.Memset(out, 0, 4); err != nil {
		t.Fatalf("Memset: %v", err)
	}

	stream, err := ctx.NewStream()
	if err != nil {
		t.Fatalf("NewStream: %v", err)
	}
	defer stream.Destroy()
	start, err := ctx.NewEvent()
	if err != nil {
		t.Fatalf("NewEvent: %v", err)
	}
	defer start.Destroy()
	stop, err := ctx.NewEvent()
	if err != nil {
		t.Fatalf("NewEvent: %v", err)
	}
	defer stop.Destroy()

	const want = 0xC0FFEE
	if err := start.Record(stream); err != nil {
		t.Fatalf("Record: %v", err)
	}
	if err := fn.Launch(D1(1), D1(1), 0, stream, out, uint32(want)); err != nil {
		t.Fatalf("Launch: %v", err)
	}
	if err := stop.Record(stream); err != nil {
		t.Fatalf("Record: %v", err)
	}
	if err := stop.Wait(context.Background(), 10*time.Second); err != nil {
		t.Fatalf("Wait: %v", err)
	}
	elapsed, err := stop.Elapsed(start)
	if err != nil || elapsed < 0 {
		t.Errorf("Elapsed = %v, %v", elapsed, err)
	}

	buf := make([]byte, 4)
	if err := ctx.CopyToHost(buf, out); err != nil {
		t.Fatalf("CopyToHost: %v", err)
	}
	if got := binary.LittleEndian.Uint32(buf); got != want {
		t.Errorf("the kernel stored %#x, want %#x", got, want)
	}

	// A host-to-device copy followed by a read back.
	if err := ctx.CopyToDevice(out, []byte{1, 2, 3, 4}); err != nil {
		t.Fatalf("CopyToDevice: %v", err)
	}
	if err := ctx.CopyToHost(buf, out); err != nil || string(buf) != "\x01\x02\x03\x04" {
		t.Errorf("read back % x, %v", buf, err)
	}
	if err := ctx.Synchronize(); err != nil {
		t.Errorf("Synchronize: %v", err)
	}
	t.Logf("store_value ran in %v of GPU time", elapsed)
}

func TestGPUCompileInvalidPTX(t *testing.T) {
	_, dev, ctx := openGPU(t)
	major, minor, err := dev.ComputeCapability()
	if err != nil {
		t.Fatal(err)
	}
	bad := fmt.Sprintf(".version %s\n.target sm_%d%d\n.address_size 64\nthis is not PTX;\n",
		ptxVersionFor(major, minor), major, minor)
	_, err = ctx.Compile(bad, "bad.ptx", JITOptions{})
	var cerr *Error
	if !errors.As(err, &cerr) {
		t.Fatalf("Compile of invalid PTX returned %v, want a *cuda.Error", err)
	}
	if cerr.Func != "cuLinkAddData" && cerr.Func != "cuLinkComplete" {
		t.Errorf("Func = %q, want cuLinkAddData or cuLinkComplete", cerr.Func)
	}
	if cerr.Log == "" {
		t.Errorf("the error has no compiler log: %v", cerr)
	}
	if IsSticky(err) {
		t.Errorf("a compile error is not sticky: %v", err)
	}
	t.Logf("invalid PTX: %v", err)
}

func TestGPUWaitUnrecorded(t *testing.T) {
	_, _, ctx := openGPU(t)
	ev, err := ctx.NewEvent()
	if err != nil {
		t.Fatal(err)
	}
	defer ev.Destroy()
	// An event never recorded counts as complete.
	if err := ev.Wait(context.Background(), time.Second); err != nil {
		t.Errorf("Wait on an unrecorded event: %v", err)
	}
}
