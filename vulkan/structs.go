package vulkan

import "unsafe"

// The types in this file and in structs_physical.go mirror the C
// structures of vulkan_core.h field for field, under the C field names,
// for the LP64 ABI of linux/amd64, linux/arm64 and darwin/arm64: pointers
// and size_t are 8 bytes; VkBool32, uint32_t, enums and flags 4;
// VkDeviceSize and non-dispatchable handles (VkBuffer, VkPipeline, ...) 8,
// kept as uint64; dispatchable handles (VkInstance, VkPhysicalDevice,
// VkDevice, VkQueue, VkCommandBuffer) are C pointers, kept as uintptr. Go
// aligns these fields as C does, so no padding fields are needed;
// layout_test.go checks every offset and size against values compiled from
// the header.
//
// Fields that hold pointers are typed Go pointers or unsafe.Pointer, so that
// the garbage collector sees the Go memory a pNext chain or an array refers
// to while a call is made.

// bool32 is VkBool32: 0 or 1 in four bytes.
type bool32 uint32

// vkTrue is VK_TRUE.
const vkTrue bool32 = 1

// structHeader is the head every extensible Vulkan structure starts with,
// used to walk and link pNext chains.
type structHeader struct {
	sType uint32
	pNext unsafe.Pointer
}

// chain links structures into a pNext chain that starts at head: each
// added structure's sType is set and it is appended at the tail.
type chain struct {
	tail *structHeader
}

// newChain starts a chain at head, which must point to a structure that
// begins with sType and pNext, and sets head's sType.
func newChain(head unsafe.Pointer, sType uint32) *chain {
	h := (*structHeader)(head)
	h.sType = sType
	return &chain{tail: h}
}

// add appends the structure at p, with its sType, when on is true.
func (c *chain) add(on bool, p unsafe.Pointer, sType uint32) {
	if !on {
		return
	}
	h := (*structHeader)(p)
	h.sType = sType
	h.pNext = nil
	c.tail.pNext = p
	c.tail = h
}

// applicationInfo mirrors VkApplicationInfo.
type applicationInfo struct {
	sType              uint32
	pNext              unsafe.Pointer
	pApplicationName   *byte
	applicationVersion uint32
	pEngineName        *byte
	engineVersion      uint32
	apiVersion         uint32
}

// instanceCreateInfo mirrors VkInstanceCreateInfo.
type instanceCreateInfo struct {
	sType                   uint32
	pNext                   unsafe.Pointer
	flags                   uint32
	pApplicationInfo        *applicationInfo
	enabledLayerCount       uint32
	ppEnabledLayerNames     **byte
	enabledExtensionCount   uint32
	ppEnabledExtensionNames **byte
}

// deviceQueueCreateInfo mirrors VkDeviceQueueCreateInfo.
type deviceQueueCreateInfo struct {
	sType            uint32
	pNext            unsafe.Pointer
	flags            uint32
	queueFamilyIndex uint32
	queueCount       uint32
	pQueuePriorities *float32
}

// deviceCreateInfo mirrors VkDeviceCreateInfo.
type deviceCreateInfo struct {
	sType                   uint32
	pNext                   unsafe.Pointer
	flags                   uint32
	queueCreateInfoCount    uint32
	pQueueCreateInfos       *deviceQueueCreateInfo
	enabledLayerCount       uint32
	ppEnabledLayerNames     **byte
	enabledExtensionCount   uint32
	ppEnabledExtensionNames **byte
	pEnabledFeatures        *physicalDeviceFeatures
}

// bufferCreateInfo mirrors VkBufferCreateInfo.
type bufferCreateInfo struct {
	sType                 uint32
	pNext                 unsafe.Pointer
	flags                 uint32
	size                  uint64
	usage                 uint32
	sharingMode           uint32
	queueFamilyIndexCount uint32
	pQueueFamilyIndices   *uint32
}

// memoryRequirements mirrors VkMemoryRequirements.
type memoryRequirements struct {
	size           uint64
	alignment      uint64
	memoryTypeBits uint32
}

// memoryAllocateInfo mirrors VkMemoryAllocateInfo.
type memoryAllocateInfo struct {
	sType           uint32
	pNext           unsafe.Pointer
	allocationSize  uint64
	memoryTypeIndex uint32
}

// memoryAllocateFlagsInfo mirrors VkMemoryAllocateFlagsInfo.
type memoryAllocateFlagsInfo struct {
	sType      uint32
	pNext      unsafe.Pointer
	flags      uint32
	deviceMask uint32
}

// bufferDeviceAddressInfo mirrors VkBufferDeviceAddressInfo.
type bufferDeviceAddressInfo struct {
	sType  uint32
	pNext  unsafe.Pointer
	buffer uint64
}

// bufferCopy mirrors VkBufferCopy.
type bufferCopy struct {
	srcOffset uint64
	dstOffset uint64
	size      uint64
}

// memoryBarrier mirrors VkMemoryBarrier.
type memoryBarrier struct {
	sType         uint32
	pNext         unsafe.Pointer
	srcAccessMask uint32
	dstAccessMask uint32
}

// commandPoolCreateInfo mirrors VkCommandPoolCreateInfo.
type commandPoolCreateInfo struct {
	sType            uint32
	pNext            unsafe.Pointer
	flags            uint32
	queueFamilyIndex uint32
}

// commandBufferAllocateInfo mirrors VkCommandBufferAllocateInfo.
type commandBufferAllocateInfo struct {
	sType              uint32
	pNext              unsafe.Pointer
	commandPool        uint64
	level              uint32
	commandBufferCount uint32
}

// commandBufferBeginInfo mirrors VkCommandBufferBeginInfo.
type commandBufferBeginInfo struct {
	sType            uint32
	pNext            unsafe.Pointer
	flags            uint32
	pInheritanceInfo unsafe.Pointer // const VkCommandBufferInheritanceInfo*, NULL for primary buffers
}

// submitInfo mirrors VkSubmitInfo.
type submitInfo struct {
	sType                uint32
	pNext                unsafe.Pointer
	waitSemaphoreCount   uint32
	pWaitSemaphores      *uint64
	pWaitDstStageMask    *uint32
	commandBufferCount   uint32
	pCommandBuffers      *uintptr
	signalSemaphoreCount uint32
	pSignalSemaphores    *uint64
}

// fenceCreateInfo mirrors VkFenceCreateInfo.
type fenceCreateInfo struct {
	sType uint32
	pNext unsafe.Pointer
	flags uint32
}

// queryPoolCreateInfo mirrors VkQueryPoolCreateInfo.
type queryPoolCreateInfo struct {
	sType              uint32
	pNext              unsafe.Pointer
	flags              uint32
	queryType          uint32
	queryCount         uint32
	pipelineStatistics uint32
}

// shaderModuleCreateInfo mirrors VkShaderModuleCreateInfo.
type shaderModuleCreateInfo struct {
	sType    uint32
	pNext    unsafe.Pointer
	flags    uint32
	codeSize uintptr
	pCode    *uint32
}

// pushConstantRange mirrors VkPushConstantRange.
type pushConstantRange struct {
	stageFlags uint32
	offset     uint32
	size       uint32
}

// pipelineLayoutCreateInfo mirrors VkPipelineLayoutCreateInfo.
type pipelineLayoutCreateInfo struct {
	sType                  uint32
	pNext                  unsafe.Pointer
	flags                  uint32
	setLayoutCount         uint32
	pSetLayouts            *uint64
	pushConstantRangeCount uint32
	pPushConstantRanges    *pushConstantRange
}

// specializationMapEntry mirrors VkSpecializationMapEntry.
type specializationMapEntry struct {
	constantID uint32
	offset     uint32
	size       uintptr
}

// specializationInfo mirrors VkSpecializationInfo.
type specializationInfo struct {
	mapEntryCount uint32
	pMapEntries   *specializationMapEntry
	dataSize      uintptr
	pData         unsafe.Pointer
}

// pipelineShaderStageCreateInfo mirrors VkPipelineShaderStageCreateInfo.
type pipelineShaderStageCreateInfo struct {
	sType               uint32
	pNext               unsafe.Pointer
	flags               uint32
	stage               uint32
	module              uint64
	pName               *byte
	pSpecializationInfo *specializationInfo
}

// pipelineShaderStageRequiredSubgroupSizeCreateInfo mirrors VkPipelineShaderStageRequiredSubgroupSizeCreateInfo.
type pipelineShaderStageRequiredSubgroupSizeCreateInfo struct {
	sType                uint32
	pNext                unsafe.Pointer
	requiredSubgroupSize uint32
}

// computePipelineCreateInfo mirrors VkComputePipelineCreateInfo.
type computePipelineCreateInfo struct {
	sType              uint32
	pNext              unsafe.Pointer
	flags              uint32
	stage              pipelineShaderStageCreateInfo
	layout             uint64
	basePipelineHandle uint64
	basePipelineIndex  int32
}

// pipelineInfoKHR mirrors VkPipelineInfoKHR.
type pipelineInfoKHR struct {
	sType    uint32
	pNext    unsafe.Pointer
	pipeline uint64
}

// pipelineExecutablePropertiesKHR mirrors VkPipelineExecutablePropertiesKHR.
type pipelineExecutablePropertiesKHR struct {
	sType        uint32
	pNext        unsafe.Pointer
	stages       uint32
	name         [256]byte
	description  [256]byte
	subgroupSize uint32
}

// pipelineExecutableInfoKHR mirrors VkPipelineExecutableInfoKHR.
type pipelineExecutableInfoKHR struct {
	sType           uint32
	pNext           unsafe.Pointer
	pipeline        uint64
	executableIndex uint32
}

// pipelineExecutableStatisticKHR mirrors VkPipelineExecutableStatisticKHR.
type pipelineExecutableStatisticKHR struct {
	sType       uint32
	pNext       unsafe.Pointer
	name        [256]byte
	description [256]byte
	format      uint32
	// value is the C union VkPipelineExecutableStatisticValueKHR
	// (b32, i64, u64, f64): 8 bytes, 8-byte aligned; format says which
	// member holds the value.
	value uint64
}

// pipelineExecutableInternalRepresentationKHR mirrors VkPipelineExecutableInternalRepresentationKHR.
type pipelineExecutableInternalRepresentationKHR struct {
	sType       uint32
	pNext       unsafe.Pointer
	name        [256]byte
	description [256]byte
	isText      bool32
	dataSize    uintptr
	pData       unsafe.Pointer
}
