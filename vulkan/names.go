package vulkan

import (
	"fmt"
	"math/bits"
)

// formatAPIVersion formats a VK_MAKE_API_VERSION value as
// "major.minor.patch", ignoring the variant bits (always 0 for Vulkan).
func formatAPIVersion(v uint32) string {
	return fmt.Sprintf("%d.%d.%d", v>>22&0x7f, v>>12&0x3ff, v&0xfff)
}

// formatDriverVersion decodes VkPhysicalDeviceProperties::driverVersion,
// whose encoding is the vendor's choice. NVIDIA's proprietary driver packs
// 10.8.8.6 bits (570.133.20.0); Intel's Windows driver 18.14 bits
// (101.5333). Everyone else, Mesa's drivers included (RADV, ANV, NVK,
// lavapipe), uses VK_MAKE_VERSION's 10.10.12 bits. driverID is
// VkDriverId, or 0 when the device has no VkPhysicalDeviceDriverProperties;
// then NVIDIA's PCI vendor ID stands for its proprietary driver.
func formatDriverVersion(raw, vendorID, driverID uint32) string {
	switch {
	case driverID == driverIDNvidiaProprietary || driverID == 0 && vendorID == vendorIDNvidia:
		return fmt.Sprintf("%d.%d.%d.%d", raw>>22&0x3ff, raw>>14&0xff, raw>>6&0xff, raw&0x3f)
	case driverID == driverIDIntelProprietaryWin:
		return fmt.Sprintf("%d.%d", raw>>14, raw&0x3fff)
	default:
		return fmt.Sprintf("%d.%d.%d", raw>>22, raw>>12&0x3ff, raw&0xfff)
	}
}

// vendorName names the vendor of a VkPhysicalDeviceProperties::vendorID:
// a PCI vendor ID, or a Khronos VkVendorId (0x10000 and up) for vendors
// without one. Unknown IDs are formatted in hex.
func vendorName(id uint32) string {
	switch id {
	case 0x10de:
		return "NVIDIA"
	case 0x1002, 0x1022:
		return "AMD"
	case 0x8086:
		return "Intel"
	case 0x106b:
		return "Apple"
	case 0x13b5:
		return "ARM"
	case 0x5143:
		return "Qualcomm"
	case 0x1010:
		return "Imagination"
	case 0x14e4:
		return "Broadcom"
	case 0x1ae0:
		return "Google"
	case 0x1414:
		return "Microsoft"
	case 0x144d:
		return "Samsung"
	case 0x19e5:
		return "Huawei"
	case 0x10001:
		return "Vivante"
	case 0x10002:
		return "VeriSilicon"
	case 0x10003:
		return "Kazan"
	case 0x10004:
		return "Codeplay"
	case 0x10005:
		return "Mesa"
	case 0x10006:
		return "PoCL"
	case 0x10007:
		return "Mobileye"
	}
	return fmt.Sprintf("0x%04x", id)
}

// deviceTypeName names a VkPhysicalDeviceType.
func deviceTypeName(t uint32) string {
	switch t {
	case 1:
		return "integrated GPU"
	case 2:
		return "discrete GPU"
	case 3:
		return "virtual GPU"
	case 4:
		return "CPU"
	}
	return "other"
}

// flagName is one named bit of a Vulkan flags type.
type flagName struct {
	bit  uint32
	name string
}

// shaderStageNames names VkShaderStageFlagBits.
var shaderStageNames = []flagName{
	{0x1, "vertex"},
	{0x2, "tessellation_control"},
	{0x4, "tessellation_evaluation"},
	{0x8, "geometry"},
	{0x10, "fragment"},
	{0x20, "compute"},
	{0x40, "task"},
	{0x80, "mesh"},
	{0x100, "raygen"},
	{0x200, "any_hit"},
	{0x400, "closest_hit"},
	{0x800, "miss"},
	{0x1000, "intersection"},
	{0x2000, "callable"},
	{0x4000, "subpass_shading_huawei"},
	{0x80000, "cluster_culling_huawei"},
}

// subgroupOperationNames names VkSubgroupFeatureFlagBits.
var subgroupOperationNames = []flagName{
	{0x1, "basic"},
	{0x2, "vote"},
	{0x4, "arithmetic"},
	{0x8, "ballot"},
	{0x10, "shuffle"},
	{0x20, "shuffle_relative"},
	{0x40, "clustered"},
	{0x80, "quad"},
	{0x100, "partitioned_nv"},
	{0x200, "rotate"},
	{0x400, "rotate_clustered"},
}

// queueFlagNames names VkQueueFlagBits.
var queueFlagNames = []flagName{
	{0x1, "graphics"},
	{0x2, "compute"},
	{0x4, "transfer"},
	{0x8, "sparse_binding"},
	{0x10, "protected"},
	{0x20, "video_decode"},
	{0x40, "video_encode"},
	{0x100, "optical_flow_nv"},
	{0x400, "data_graph_arm"},
}

// flagNames lists the names of the bits set in flags, in the order of
// table; a bit the table lacks is written as its hex value. The tables
// above are never written.
func flagNames(flags uint32, table []flagName) []string {
	var names []string
	known := uint32(0)
	for _, f := range table {
		known |= f.bit
		if flags&f.bit != 0 {
			names = append(names, f.name)
		}
	}
	for rest := flags &^ known; rest != 0; rest &= rest - 1 {
		names = append(names, fmt.Sprintf("0x%x", uint32(1)<<bits.TrailingZeros32(rest)))
	}
	return names
}

// cString returns s as a NUL-terminated byte slice for a C call.
func cString(s string) []byte {
	b := make([]byte, len(s)+1)
	copy(b, s)
	return b
}

// trimC returns the text in a fixed C char array up to its first NUL.
func trimC(b []byte) string {
	for i, c := range b {
		if c == 0 {
			return string(b[:i])
		}
	}
	return string(b)
}
