package vulkan

import (
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// openInstance opens the system's Vulkan loader, or skips the test when
// there is no loader or no device.
func openInstance(t *testing.T) *Instance {
	t.Helper()
	in, err := Open()
	switch {
	case errors.Is(err, ErrNoLoader):
		t.Skipf("no Vulkan loader: skipping device test (%v)", err)
	case errors.Is(err, ErrNoDevice):
		t.Skipf("no Vulkan device: skipping device test (%v)", err)
	case err != nil:
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() {
		if err := in.Close(); err != nil {
			t.Errorf("Instance.Close: %v", err)
		}
	})
	return in
}

// openDevice opens device 0, or skips the test when there is none or it
// cannot run gpuarch kernels.
func openDevice(t *testing.T) *Device {
	t.Helper()
	in := openInstance(t)
	d, err := in.OpenDevice(0)
	switch {
	case errors.Is(err, ErrUnsupported):
		t.Skipf("device 0 cannot run gpuarch kernels: %v", err)
	case err != nil:
		t.Fatalf("OpenDevice(0): %v", err)
	}
	t.Cleanup(func() {
		if err := d.Close(); err != nil {
			t.Errorf("Device.Close: %v", err)
		}
	})
	return d
}

// isLavapipe reports whether p is Mesa's CPU driver.
func isLavapipe(p PhysicalDevice) bool {
	return p.DriverID == 13 || strings.Contains(p.Name, "llvmpipe")
}

func TestDevices(t *testing.T) {
	in := openInstance(t)
	if v := in.LoaderVersion(); !regexp.MustCompile(`^1\.\d+\.\d+$`).MatchString(v) {
		t.Errorf("LoaderVersion() = %q, want 1.x.y", v)
	}
	devs := in.Devices()
	if len(devs) == 0 {
		t.Fatal("Devices() is empty, but Open succeeded")
	}
	sawLavapipe := false
	for i, p := range devs {
		t.Logf("device %d: %s (%s %s), Vulkan %s, driver %s %s (%s), subgroup %d [%d, %d], features %+v, PCI %q, heaps %+v, queues %+v",
			i, p.Name, p.Vendor, p.Type, p.APIVersion, p.DriverName, p.DriverVersion, p.DriverInfo,
			p.Subgroup.Size, p.Subgroup.MinSize, p.Subgroup.MaxSize, p.Features, p.PCIBus, p.MemoryHeaps, p.QueueFamilies)
		if p.Index != i {
			t.Errorf("device %d has Index %d", i, p.Index)
		}
		if p.Name == "" || p.Vendor == "" || p.Type == "" {
			t.Errorf("device %d: empty name, vendor or type: %+v", i, p)
		}
		if !regexp.MustCompile(`^1\.\d+\.\d+$`).MatchString(p.APIVersion) {
			t.Errorf("device %d: APIVersion %q, want 1.x.y", i, p.APIVersion)
		}
		if !slices.IsSorted(p.Extensions) || len(p.Extensions) == 0 {
			t.Errorf("device %d: extensions not sorted or empty: %q", i, p.Extensions)
		}
		for _, ext := range p.Extensions {
			if !p.HasExtension(ext) {
				t.Errorf("device %d: HasExtension(%q) is false", i, ext)
			}
		}
		if p.HasExtension("VK_NOT_an_extension") {
			t.Errorf("device %d: HasExtension reports a made-up name", i)
		}
		if p.Subgroup.Size == 0 || !slices.Contains(p.Subgroup.SupportedOperations, "basic") {
			t.Errorf("device %d: subgroup %+v, want a size and basic operations", i, p.Subgroup)
		}
		if len(p.QueueFamilies) == 0 || len(p.MemoryHeaps) == 0 {
			t.Errorf("device %d: no queue families or memory heaps", i)
		}
		if p.Limits.MaxComputeWorkGroupInvocations < 128 || p.Limits.MaxPushConstantsSize < 128 || p.Limits.TimestampPeriod <= 0 {
			t.Errorf("device %d: limits below Vulkan's minimums: %+v", i, p.Limits)
		}
		if p.HasExtension(extSMBuiltins) != (p.SMBuiltins != nil) || p.HasExtension(extAMDShaderCore) != (p.AMDCore != nil) {
			t.Errorf("device %d: vendor properties do not match the extensions", i)
		}
		if cm := p.CooperativeMatrix; p.HasExtension(extCooperativeMatrix) != (cm != nil) || cm != nil && p.HasExtension(extCooperativeMatrix2) != (cm.NV2 != nil) {
			t.Errorf("device %d: cooperative-matrix properties %+v do not match the extensions", i, cm)
		}
		if cm := p.CooperativeMatrix; cm != nil {
			for _, c := range cm.Properties {
				if c.M <= 0 || c.N <= 0 || c.K <= 0 || c.Scope == "" || c.A == "" {
					t.Errorf("device %d: cooperative matrix %s", i, c)
				}
			}
		}
		if !isLavapipe(p) {
			continue
		}
		sawLavapipe = true
		if p.Vendor != "Mesa" || p.Type != "CPU" || p.DriverName != "llvmpipe" || !strings.HasPrefix(p.DriverInfo, "Mesa ") {
			t.Errorf("lavapipe: vendor %q, type %q, driver %q %q", p.Vendor, p.Type, p.DriverName, p.DriverInfo)
		}
		if !p.Features.ShaderSubgroupClock || !p.Features.ShaderDeviceClock || !p.Features.BufferDeviceAddress || !p.Features.ShaderInt64 {
			t.Errorf("lavapipe features %+v, want the shader clock, buffer device addresses and int64", p.Features)
		}
		if p.Features.PipelineExecutableInfo {
			t.Errorf("lavapipe reports pipelineExecutableInfo, which its Mesa release lacks")
		}
		if p.ConformanceVersion == "" || p.DeviceUUID == ([16]byte{}) {
			t.Errorf("lavapipe: conformance %q, device UUID %x", p.ConformanceVersion, p.DeviceUUID)
		}
	}
	if !sawLavapipe {
		t.Log("no lavapipe device: its checks were skipped")
	}

	// Devices returns copies.
	devs[0].Extensions[0] = "changed"
	if in.Devices()[0].Extensions[0] == "changed" {
		t.Error("Devices() shares its slices with the instance")
	}
}

func TestOpenDevice(t *testing.T) {
	d := openDevice(t)
	info := d.Info()
	enabled := d.Enabled()
	t.Logf("%s: enabled %q", info.Name, enabled)
	for _, want := range []string{"shaderInt64", "bufferDeviceAddress"} {
		if !slices.Contains(enabled, want) {
			t.Errorf("Enabled() = %q, want %q in it", enabled, want)
		}
	}
	if info.Features.ShaderSubgroupClock && !slices.Contains(enabled, "shaderSubgroupClock") {
		t.Errorf("Enabled() = %q lacks shaderSubgroupClock, which the device has", enabled)
	}
	if info.HasExtension(extShaderClock) && !slices.Contains(enabled, extShaderClock) {
		t.Errorf("Enabled() = %q lacks %s, which the device has", enabled, extShaderClock)
	}
	if slices.Contains(enabled, "robustBufferAccess") {
		t.Error("robustBufferAccess was enabled")
	}
	enabled[0] = "changed"
	if d.Enabled()[0] == "changed" {
		t.Error("Enabled() shares its slice with the device")
	}
	if _, err := d.in.OpenDevice(len(d.in.phys)); err == nil {
		t.Error("OpenDevice of an index past the end succeeded")
	}
}
