package vulkan

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// samplePhysicalDevice is a device as an NVIDIA driver reports one.
func samplePhysicalDevice() PhysicalDevice {
	return PhysicalDevice{
		Index: 0, Name: "NVIDIA H100 80GB HBM3", VendorID: 0x10de, DeviceID: 0x2330, Vendor: "NVIDIA", Type: "discrete GPU",
		APIVersion: "1.4.312", DriverVersionRaw: 570<<22 | 133<<14 | 20<<6, DriverVersion: "570.133.20.0",
		DriverID: 4, DriverName: "NVIDIA", DriverInfo: "570.133.20", ConformanceVersion: "1.4.1.0",
		DeviceUUID: [16]byte{1, 2, 3}, PCIBus: "0000:17:00.0",
		Limits: Limits{MaxComputeSharedMemorySize: 49152, MaxComputeWorkGroupInvocations: 1024, TimestampPeriod: 1},
		Subgroup: Subgroup{Size: 32, SupportedStages: []string{"compute"}, SupportedOperations: []string{"basic", "vote"},
			MinSize: 32, MaxSize: 32, RequiredSizeStages: []string{"compute"}},
		Features:      Features{ShaderInt64: true, BufferDeviceAddress: true, ShaderSubgroupClock: true},
		Extensions:    []string{"VK_KHR_shader_clock", "VK_NV_shader_sm_builtins"},
		SMBuiltins:    &SMBuiltins{SMCount: 132, WarpsPerSM: 64},
		MemoryHeaps:   []MemoryHeap{{Size: 80 << 30, DeviceLocal: true}},
		QueueFamilies: []QueueFamily{{Flags: []string{"graphics", "compute", "transfer"}, Count: 16, TimestampValidBits: 64}},
	}
}

func TestPhysicalDeviceJSON(t *testing.T) {
	p := samplePhysicalDevice()
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	for _, want := range []string{`"vendor_id":4318`, `"api_version":"1.4.312"`, `"pci_bus":"0000:17:00.0"`,
		`"sm_builtins":{"sm_count":132,"warps_per_sm":64}`, `"max_compute_shared_memory_size":49152`,
		`"shader_subgroup_clock":true`, `"timestamp_valid_bits":64`, `"required_size_stages":["compute"]`} {
		if !strings.Contains(text, want) {
			t.Errorf("JSON lacks %s:\n%s", want, text)
		}
	}
	if strings.Contains(text, "amd_core") {
		t.Errorf("JSON has amd_core for a device without it:\n%s", text)
	}
	var back PhysicalDevice
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(p, back); diff != "" {
		t.Errorf("JSON round trip (-want +got):\n%s", diff)
	}
}

func TestPhysicalDeviceClone(t *testing.T) {
	p := samplePhysicalDevice()
	q := p.clone()
	if diff := cmp.Diff(p, q); diff != "" {
		t.Fatalf("clone differs (-want +got):\n%s", diff)
	}
	q.Extensions[0] = "x"
	q.Subgroup.SupportedOperations[0] = "x"
	q.QueueFamilies[0].Flags[0] = "x"
	q.MemoryHeaps[0].Size = 1
	q.SMBuiltins.SMCount = 1
	if diff := cmp.Diff(samplePhysicalDevice(), p); diff != "" {
		t.Errorf("changing the clone changed the original (-want +got):\n%s", diff)
	}
}

func TestHasExtension(t *testing.T) {
	p := samplePhysicalDevice()
	tests := []struct {
		name string
		want bool
	}{
		{"VK_KHR_shader_clock", true},
		{"VK_NV_shader_sm_builtins", true},
		{"VK_KHR_shader", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := p.HasExtension(tt.name); got != tt.want {
			t.Errorf("HasExtension(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
}
