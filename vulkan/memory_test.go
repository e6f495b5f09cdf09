package vulkan

import "testing"

// memoryProps builds a VkPhysicalDeviceMemoryProperties from (flags, heap)
// pairs and heap sizes.
func memoryProps(types [][2]uint32, heaps ...uint64) *physicalDeviceMemoryProperties {
	p := &physicalDeviceMemoryProperties{memoryTypeCount: uint32(len(types)), memoryHeapCount: uint32(len(heaps))}
	for i, t := range types {
		p.memoryTypes[i] = memoryType{propertyFlags: t[0], heapIndex: t[1]}
	}
	for i, size := range heaps {
		p.memoryHeaps[i] = memoryHeap{size: size}
	}
	return p
}

func TestPickMemoryType(t *testing.T) {
	const (
		dl  = memoryDeviceLocal
		hv  = memoryHostVisible
		hc  = memoryHostCoherent
		hca = memoryHostCached
		amd = memoryDeviceCoherentAMD | memoryDeviceUncachedAMD
	)
	lavapipe := memoryProps([][2]uint32{{dl | hv | hc | hca, 0}}, 2<<30)
	discrete := memoryProps([][2]uint32{
		{0, 1},             // 0: system memory, not mappable
		{dl, 0},            // 1: VRAM
		{hv | hc, 1},       // 2: system memory, write-combined
		{hv | hc | hca, 1}, // 3: system memory, cached
		{dl | hv | hc, 2},  // 4: BAR window
	}, 80<<30, 128<<30, 256<<20)
	radv := memoryProps([][2]uint32{
		{dl | amd, 0}, // 0: uncached VRAM
		{dl, 0},       // 1: VRAM
		{hv | hc | amd, 1},
		{hv | hc, 1},
	}, 16<<30, 32<<30)
	heaps := memoryProps([][2]uint32{{dl, 0}, {dl, 1}}, 1<<30, 8<<30)
	odd := memoryProps([][2]uint32{
		{dl | memoryProtected, 0},
		{dl | memoryLazilyAllocated, 0},
		{hv, 1}, // visible but not coherent
	}, 1<<30, 1<<30)

	tests := []struct {
		name     string
		props    *physicalDeviceMemoryProperties
		typeBits uint32
		use      memoryUse
		want     int
	}{
		{"lavapipe device", lavapipe, 0x1, useDevice, 0},
		{"lavapipe staging", lavapipe, 0x1, useStaging, 0},
		{"discrete device prefers VRAM over BAR", discrete, 0x1f, useDevice, 1},
		{"discrete device without VRAM allowed", discrete, 0x1d &^ 0x2, useDevice, 4},
		{"discrete staging prefers cached system memory", discrete, 0x1f, useStaging, 3},
		{"discrete staging without cached", discrete, 0x17, useStaging, 2},
		{"discrete staging only BAR", discrete, 0x10, useStaging, 4},
		{"discrete device only system memory", discrete, 0x1, useDevice, 0},
		{"AMD uncached last", radv, 0x3, useDevice, 1},
		{"AMD uncached when alone", radv, 0x1, useDevice, 0},
		{"AMD staging avoids uncached", radv, 0xc, useStaging, 3},
		{"larger heap wins a tie", heaps, 0x3, useDevice, 1},
		{"no allowed type", discrete, 0, useDevice, -1},
		{"protected and lazy never", odd, 0x3, useDevice, -1},
		{"staging needs coherent", odd, 0x4, useStaging, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := pickMemoryType(tt.props, tt.typeBits, tt.use); got != tt.want {
				t.Errorf("pickMemoryType(bits %#x, %v) = %d, want %d", tt.typeBits, tt.use, got, tt.want)
			}
		})
	}
}

func TestPickQueueFamily(t *testing.T) {
	tests := []struct {
		name     string
		families []queueFamilyProperties
		want     int
	}{
		{"none", nil, -1},
		{"lavapipe", []queueFamilyProperties{{queueFlags: 0x7, queueCount: 1, timestampValidBits: 64}}, 0},
		{"NVIDIA", []queueFamilyProperties{
			{queueFlags: 0xf, queueCount: 16, timestampValidBits: 64},
			{queueFlags: 0xc, queueCount: 2, timestampValidBits: 64},
			{queueFlags: 0xe, queueCount: 8, timestampValidBits: 64},
		}, 0},
		{"compute without timestamps first", []queueFamilyProperties{
			{queueFlags: 0x4, queueCount: 1, timestampValidBits: 64},
			{queueFlags: 0x2, queueCount: 1},
			{queueFlags: 0x3, queueCount: 1, timestampValidBits: 36},
		}, 2},
		{"no timestamps anywhere", []queueFamilyProperties{
			{queueFlags: 0x4, queueCount: 1},
			{queueFlags: 0x2, queueCount: 1},
		}, 1},
		{"no compute", []queueFamilyProperties{{queueFlags: 0x5, queueCount: 1, timestampValidBits: 64}}, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := pickQueueFamily(tt.families); got != tt.want {
				t.Errorf("pickQueueFamily = %d, want %d", got, tt.want)
			}
		})
	}
}
