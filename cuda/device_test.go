package cuda

import (
	"testing"
)

func TestFormatUUID(t *testing.T) {
	tests := []struct {
		raw  [16]byte
		want string
	}{
		{[16]byte{}, "GPU-00000000-0000-0000-0000-000000000000"},
		{
			[16]byte{0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0, 0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef},
			"GPU-12345678-9abc-def0-0123-456789abcdef",
		},
		{
			[16]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff},
			"GPU-ffffffff-ffff-ffff-ffff-ffffffffffff",
		},
	}
	for _, tt := range tests {
		if got := formatUUID(tt.raw); got != tt.want {
			t.Errorf("formatUUID(% x) = %q, want %q", tt.raw, got, tt.want)
		}
	}
}

func TestAttributeString(t *testing.T) {
	tests := []struct {
		a    Attribute
		want string
	}{
		{MaxThreadsPerBlock, "MAX_THREADS_PER_BLOCK"},
		{MaxSharedMemoryPerBlock, "MAX_SHARED_MEMORY_PER_BLOCK"},
		{TotalConstantMemory, "TOTAL_CONSTANT_MEMORY"},
		{WarpSize, "WARP_SIZE"},
		{MaxRegistersPerBlock, "MAX_REGISTERS_PER_BLOCK"},
		{ClockRate, "CLOCK_RATE"},
		{MultiprocessorCount, "MULTIPROCESSOR_COUNT"},
		{MemoryClockRate, "MEMORY_CLOCK_RATE"},
		{GlobalMemoryBusWidth, "GLOBAL_MEMORY_BUS_WIDTH"},
		{L2CacheSize, "L2_CACHE_SIZE"},
		{MaxThreadsPerMultiprocessor, "MAX_THREADS_PER_MULTIPROCESSOR"},
		{ComputeCapabilityMajor, "COMPUTE_CAPABILITY_MAJOR"},
		{ComputeCapabilityMinor, "COMPUTE_CAPABILITY_MINOR"},
		{MaxSharedMemoryPerMultiprocessor, "MAX_SHARED_MEMORY_PER_MULTIPROCESSOR"},
		{MaxRegistersPerMultiprocessor, "MAX_REGISTERS_PER_MULTIPROCESSOR"},
		{MaxSharedMemoryPerBlockOptin, "MAX_SHARED_MEMORY_PER_BLOCK_OPTIN"},
		{MaxBlocksPerMultiprocessor, "MAX_BLOCKS_PER_MULTIPROCESSOR"},
		{MaxPersistingL2CacheSize, "MAX_PERSISTING_L2_CACHE_SIZE"},
		{ReservedSharedMemoryPerBlock, "RESERVED_SHARED_MEMORY_PER_BLOCK"},
		{ECCEnabled, "ECC_ENABLED"},
		{ClusterLaunch, "CLUSTER_LAUNCH"},
		{GPUPCIDeviceID, "GPU_PCI_DEVICE_ID"},
		{Attribute(0), "Attribute(0)"},
		{Attribute(9999), "Attribute(9999)"},
	}
	for _, tt := range tests {
		if got := tt.a.String(); got != tt.want {
			t.Errorf("Attribute(%d).String() = %q, want %q", int(tt.a), got, tt.want)
		}
	}
}

// TestAttributeTable checks that the table has no duplicate values or
// names, so that Attributes() never overwrites one entry with another.
func TestAttributeTable(t *testing.T) {
	values := map[Attribute]string{}
	names := map[string]Attribute{}
	for _, info := range attributeTable() {
		if prev, ok := values[info.attr]; ok {
			t.Errorf("value %d is both %s and %s", int(info.attr), prev, info.name)
		}
		if prev, ok := names[info.name]; ok {
			t.Errorf("name %s is both %d and %d", info.name, int(prev), int(info.attr))
		}
		values[info.attr] = info.name
		names[info.name] = info.attr
	}
}

func TestFuncAttributeString(t *testing.T) {
	tests := []struct {
		a    FuncAttribute
		want string
	}{
		{FuncMaxThreadsPerBlock, "MAX_THREADS_PER_BLOCK"},
		{FuncSharedSizeBytes, "SHARED_SIZE_BYTES"},
		{FuncConstSizeBytes, "CONST_SIZE_BYTES"},
		{FuncLocalSizeBytes, "LOCAL_SIZE_BYTES"},
		{FuncNumRegs, "NUM_REGS"},
		{FuncPTXVersion, "PTX_VERSION"},
		{FuncBinaryVersion, "BINARY_VERSION"},
		{FuncMaxDynamicSharedSizeBytes, "MAX_DYNAMIC_SHARED_SIZE_BYTES"},
		{FuncAttribute(99), "FuncAttribute(99)"},
	}
	for _, tt := range tests {
		if got := tt.a.String(); got != tt.want {
			t.Errorf("FuncAttribute(%d).String() = %q, want %q", int(tt.a), got, tt.want)
		}
	}
}
