package vulkan

import (
	"slices"
	"testing"
)

func TestFormatAPIVersion(t *testing.T) {
	tests := []struct {
		v    uint32
		want string
	}{
		{apiVersion11, "1.1.0"},
		{apiVersion13 | 230, "1.3.230"},
		{1<<22 | 4<<12 | 312, "1.4.312"},
		{7<<29 | 1<<22 | 2<<12 | 1, "1.2.1"}, // the variant bits are not the major version
	}
	for _, tt := range tests {
		if got := formatAPIVersion(tt.v); got != tt.want {
			t.Errorf("formatAPIVersion(%#x) = %q, want %q", tt.v, got, tt.want)
		}
	}
}

func TestFormatDriverVersion(t *testing.T) {
	nvidia := func(a, b, c, d uint32) uint32 { return a<<22 | b<<14 | c<<6 | d }
	tests := []struct {
		name     string
		raw      uint32
		vendor   uint32
		driverID uint32
		want     string
	}{
		{"NVIDIA proprietary", nvidia(570, 133, 20, 0), 0x10de, driverIDNvidiaProprietary, "570.133.20.0"},
		{"NVIDIA without driver properties", nvidia(535, 104, 5, 0), 0x10de, 0, "535.104.5.0"},
		{"NVK uses VK_MAKE_VERSION", 25<<22 | 1<<12 | 3, 0x10de, 24, "25.1.3"},
		{"Intel on Windows", 101<<14 | 5333, 0x8086, driverIDIntelProprietaryWin, "101.5333"},
		{"Intel ANV on Linux", 24<<22 | 2<<12 | 8, 0x8086, 6, "24.2.8"},
		{"RADV", 24<<22 | 0<<12 | 5, 0x1002, 3, "24.0.5"},
		{"lavapipe", 1, 0x10005, 13, "0.0.1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := formatDriverVersion(tt.raw, tt.vendor, tt.driverID); got != tt.want {
				t.Errorf("formatDriverVersion(%#x, %#x, %d) = %q, want %q", tt.raw, tt.vendor, tt.driverID, got, tt.want)
			}
		})
	}
}

func TestVendorName(t *testing.T) {
	tests := []struct {
		id   uint32
		want string
	}{
		{0x10de, "NVIDIA"},
		{0x1002, "AMD"},
		{0x8086, "Intel"},
		{0x106b, "Apple"},
		{0x13b5, "ARM"},
		{0x5143, "Qualcomm"},
		{0x10005, "Mesa"},
		{0xabcd, "0xabcd"},
	}
	for _, tt := range tests {
		if got := vendorName(tt.id); got != tt.want {
			t.Errorf("vendorName(%#x) = %q, want %q", tt.id, got, tt.want)
		}
	}
}

func TestDeviceTypeName(t *testing.T) {
	want := []string{"other", "integrated GPU", "discrete GPU", "virtual GPU", "CPU", "other"}
	for i, w := range want {
		if got := deviceTypeName(uint32(i)); got != w {
			t.Errorf("deviceTypeName(%d) = %q, want %q", i, got, w)
		}
	}
}

func TestFlagNames(t *testing.T) {
	tests := []struct {
		name  string
		flags uint32
		table []flagName
		want  []string
	}{
		{"none", 0, queueFlagNames, nil},
		{"universal queue", 0x7, queueFlagNames, []string{"graphics", "compute", "transfer"}},
		{"unknown bit", 0x2 | 0x8000, queueFlagNames, []string{"compute", "0x8000"}},
		{"compute and fragment", 0x30, shaderStageNames, []string{"fragment", "compute"}},
		{"lavapipe subgroups", 0xbf, subgroupOperationNames,
			[]string{"basic", "vote", "arithmetic", "ballot", "shuffle", "shuffle_relative", "quad"}},
		{"rotate and partitioned", 0x700, subgroupOperationNames, []string{"partitioned_nv", "rotate", "rotate_clustered"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := flagNames(tt.flags, tt.table); !slices.Equal(got, tt.want) {
				t.Errorf("flagNames(%#x) = %q, want %q", tt.flags, got, tt.want)
			}
		})
	}
}

func TestTrimC(t *testing.T) {
	tests := []struct {
		in   []byte
		want string
	}{
		{[]byte("llvmpipe\x00junk"), "llvmpipe"},
		{[]byte("\x00"), ""},
		{[]byte("full"), "full"},
	}
	for _, tt := range tests {
		if got := trimC(tt.in); got != tt.want {
			t.Errorf("trimC(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestTicksToNanos(t *testing.T) {
	tests := []struct {
		name       string
		start, end uint64
		bits       uint32
		period     float32
		want       float64
	}{
		{"64 valid bits", 1000, 3000, 64, 1, 2000},
		{"period", 1000, 3000, 64, 0.5, 1000},
		{"wrap at 36 bits", 1<<36 - 10, 30, 36, 1, 40},
		{"wrap at 64 bits", ^uint64(0) - 9, 10, 64, 1, 20},
		{"high garbage above valid bits", 0xff00_0000_0000_0010, 0x0000_0000_0000_0020, 32, 1, 16},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ticksToNanos(tt.start, tt.end, tt.bits, tt.period); got != tt.want {
				t.Errorf("ticksToNanos(%d, %d, %d, %v) = %v, want %v", tt.start, tt.end, tt.bits, tt.period, got, tt.want)
			}
		})
	}
}
