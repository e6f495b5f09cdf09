package vulkan

import (
	"fmt"
	"strings"
	"unsafe"

	"github.com/ebitengine/purego"
)

// DefaultLibrary is the soname of the Vulkan loader that [Open] loads.
const DefaultLibrary = "libvulkan.so.1"

// The function tables below mirror the C prototypes in vulkan_core.h.
// VkResult is a C enum (int32); dispatchable handles are uintptr and
// non-dispatchable handles uint64 (see structs.go); VkAllocationCallbacks
// pointers are always NULL and typed unsafe.Pointer; size_t is uintptr.

// globalFuncs are the commands vkGetInstanceProcAddr resolves with a NULL
// instance.
type globalFuncs struct {
	vkGetInstanceProcAddr                  func(instance uintptr, name string) uintptr
	vkEnumerateInstanceVersion             func(version *uint32) int32
	vkEnumerateInstanceExtensionProperties func(layer *byte, count *uint32, props *extensionProperties) int32
	vkCreateInstance                       func(info *instanceCreateInfo, alloc unsafe.Pointer, instance *uintptr) int32
}

// instanceFuncs are the instance-level commands, resolved with
// vkGetInstanceProcAddr(instance, name).
type instanceFuncs struct {
	vkDestroyInstance                        func(instance uintptr, alloc unsafe.Pointer)
	vkEnumeratePhysicalDevices               func(instance uintptr, count *uint32, devices *uintptr) int32
	vkGetPhysicalDeviceProperties            func(phys uintptr, props *physicalDeviceProperties)
	vkGetPhysicalDeviceProperties2           func(phys uintptr, props *physicalDeviceProperties2)
	vkGetPhysicalDeviceFeatures2             func(phys uintptr, features *physicalDeviceFeatures2)
	vkGetPhysicalDeviceMemoryProperties      func(phys uintptr, props *physicalDeviceMemoryProperties)
	vkGetPhysicalDeviceQueueFamilyProperties func(phys uintptr, count *uint32, props *queueFamilyProperties)
	vkEnumerateDeviceExtensionProperties     func(phys uintptr, layer *byte, count *uint32, props *extensionProperties) int32
	vkCreateDevice                           func(phys uintptr, info *deviceCreateInfo, alloc unsafe.Pointer, device *uintptr) int32
	vkGetDeviceProcAddr                      func(device uintptr, name string) uintptr
	// vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR is nil where no
	// driver offers VK_KHR_cooperative_matrix.
	vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR func(phys uintptr, count *uint32, props *cooperativeMatrixPropertiesKHR) int32
	// vkGetPhysicalDeviceCooperativeMatrixFlexibleDimensionsPropertiesNV
	// is nil where no driver offers VK_NV_cooperative_matrix2.
	vkGetPhysicalDeviceCooperativeMatrixFlexibleDimensionsPropertiesNV func(phys uintptr, count *uint32, props *cooperativeMatrixFlexibleDimensionsPropertiesNV) int32
}

// deviceFuncs are the device-level commands, resolved with
// vkGetDeviceProcAddr(device, name) so that calls skip the loader's
// dispatch trampoline. The executable-properties commands are nil unless
// VK_KHR_pipeline_executable_properties was enabled.
type deviceFuncs struct {
	vkDestroyDevice    func(device uintptr, alloc unsafe.Pointer)
	vkDeviceWaitIdle   func(device uintptr) int32
	vkGetDeviceQueue   func(device uintptr, family, index uint32, queue *uintptr)
	vkQueueSubmit      func(queue uintptr, count uint32, submits *submitInfo, fence uint64) int32
	vkQueueWaitIdle    func(queue uintptr) int32
	vkCreateFence      func(device uintptr, info *fenceCreateInfo, alloc unsafe.Pointer, fence *uint64) int32
	vkDestroyFence     func(device uintptr, fence uint64, alloc unsafe.Pointer)
	vkResetFences      func(device uintptr, count uint32, fences *uint64) int32
	vkWaitForFences    func(device uintptr, count uint32, fences *uint64, waitAll uint32, timeoutNanos uint64) int32
	vkGetFenceStatus   func(device uintptr, fence uint64) int32
	vkCreateQueryPool  func(device uintptr, info *queryPoolCreateInfo, alloc unsafe.Pointer, pool *uint64) int32
	vkDestroyQueryPool func(device uintptr, pool uint64, alloc unsafe.Pointer)

	vkGetQueryPoolResults func(device uintptr, pool uint64, first, count uint32, dataSize uintptr, data unsafe.Pointer, stride uint64, flags uint32) int32

	vkCreateBuffer                func(device uintptr, info *bufferCreateInfo, alloc unsafe.Pointer, buffer *uint64) int32
	vkDestroyBuffer               func(device uintptr, buffer uint64, alloc unsafe.Pointer)
	vkGetBufferMemoryRequirements func(device uintptr, buffer uint64, req *memoryRequirements)
	vkAllocateMemory              func(device uintptr, info *memoryAllocateInfo, alloc unsafe.Pointer, memory *uint64) int32
	vkFreeMemory                  func(device uintptr, memory uint64, alloc unsafe.Pointer)
	vkBindBufferMemory            func(device uintptr, buffer, memory, offset uint64) int32
	vkMapMemory                   func(device uintptr, memory, offset, size uint64, flags uint32, data *unsafe.Pointer) int32
	vkUnmapMemory                 func(device uintptr, memory uint64)
	vkGetBufferDeviceAddress      func(device uintptr, info *bufferDeviceAddressInfo) uint64

	vkCreateShaderModule     func(device uintptr, info *shaderModuleCreateInfo, alloc unsafe.Pointer, module *uint64) int32
	vkDestroyShaderModule    func(device uintptr, module uint64, alloc unsafe.Pointer)
	vkCreatePipelineLayout   func(device uintptr, info *pipelineLayoutCreateInfo, alloc unsafe.Pointer, layout *uint64) int32
	vkDestroyPipelineLayout  func(device uintptr, layout uint64, alloc unsafe.Pointer)
	vkCreateComputePipelines func(device uintptr, cache uint64, count uint32, infos *computePipelineCreateInfo, alloc unsafe.Pointer, pipelines *uint64) int32
	vkDestroyPipeline        func(device uintptr, pipeline uint64, alloc unsafe.Pointer)

	vkCreateCommandPool      func(device uintptr, info *commandPoolCreateInfo, alloc unsafe.Pointer, pool *uint64) int32
	vkDestroyCommandPool     func(device uintptr, pool uint64, alloc unsafe.Pointer)
	vkResetCommandPool       func(device uintptr, pool uint64, flags uint32) int32
	vkAllocateCommandBuffers func(device uintptr, info *commandBufferAllocateInfo, cmds *uintptr) int32
	vkBeginCommandBuffer     func(cmd uintptr, info *commandBufferBeginInfo) int32
	vkEndCommandBuffer       func(cmd uintptr) int32

	vkCmdPipelineBarrier func(cmd uintptr, srcStages, dstStages, dependencyFlags uint32,
		memoryBarrierCount uint32, memoryBarriers *memoryBarrier,
		bufferBarrierCount uint32, bufferBarriers unsafe.Pointer,
		imageBarrierCount uint32, imageBarriers unsafe.Pointer)
	vkCmdCopyBuffer     func(cmd uintptr, src, dst uint64, count uint32, regions *bufferCopy)
	vkCmdFillBuffer     func(cmd uintptr, dst, offset, size uint64, data uint32)
	vkCmdBindPipeline   func(cmd uintptr, bindPoint uint32, pipeline uint64)
	vkCmdPushConstants  func(cmd uintptr, layout uint64, stages, offset, size uint32, values unsafe.Pointer)
	vkCmdDispatch       func(cmd uintptr, x, y, z uint32)
	vkCmdResetQueryPool func(cmd uintptr, pool uint64, first, count uint32)
	vkCmdWriteTimestamp func(cmd uintptr, stage uint32, pool uint64, query uint32)

	vkGetPipelineExecutablePropertiesKHR              func(device uintptr, info *pipelineInfoKHR, count *uint32, props *pipelineExecutablePropertiesKHR) int32
	vkGetPipelineExecutableStatisticsKHR              func(device uintptr, info *pipelineExecutableInfoKHR, count *uint32, stats *pipelineExecutableStatisticKHR) int32
	vkGetPipelineExecutableInternalRepresentationsKHR func(device uintptr, info *pipelineExecutableInfoKHR, count *uint32, reps *pipelineExecutableInternalRepresentationKHR) int32
}

// symbol binds one Go function field to the first of names that resolves.
// An optional symbol that resolves to nothing leaves its field nil.
type symbol struct {
	fptr     any
	names    []string
	optional bool
}

// globalSymbols lists the commands resolved with a NULL instance, except
// vkGetInstanceProcAddr itself, which comes from Dlsym.
// vkEnumerateInstanceVersion is optional: a Vulkan 1.0 loader lacks it.
func (g *globalFuncs) symbols() []symbol {
	return []symbol{
		{fptr: &g.vkEnumerateInstanceVersion, names: []string{"vkEnumerateInstanceVersion"}, optional: true},
		{fptr: &g.vkEnumerateInstanceExtensionProperties, names: []string{"vkEnumerateInstanceExtensionProperties"}},
		{fptr: &g.vkCreateInstance, names: []string{"vkCreateInstance"}},
	}
}

// symbols lists the instance-level commands.
func (f *instanceFuncs) symbols() []symbol {
	return []symbol{
		{fptr: &f.vkDestroyInstance, names: []string{"vkDestroyInstance"}},
		{fptr: &f.vkEnumeratePhysicalDevices, names: []string{"vkEnumeratePhysicalDevices"}},
		{fptr: &f.vkGetPhysicalDeviceProperties, names: []string{"vkGetPhysicalDeviceProperties"}},
		{fptr: &f.vkGetPhysicalDeviceProperties2, names: []string{"vkGetPhysicalDeviceProperties2", "vkGetPhysicalDeviceProperties2KHR"}},
		{fptr: &f.vkGetPhysicalDeviceFeatures2, names: []string{"vkGetPhysicalDeviceFeatures2", "vkGetPhysicalDeviceFeatures2KHR"}},
		{fptr: &f.vkGetPhysicalDeviceMemoryProperties, names: []string{"vkGetPhysicalDeviceMemoryProperties"}},
		{fptr: &f.vkGetPhysicalDeviceQueueFamilyProperties, names: []string{"vkGetPhysicalDeviceQueueFamilyProperties"}},
		{fptr: &f.vkEnumerateDeviceExtensionProperties, names: []string{"vkEnumerateDeviceExtensionProperties"}},
		{fptr: &f.vkCreateDevice, names: []string{"vkCreateDevice"}},
		{fptr: &f.vkGetDeviceProcAddr, names: []string{"vkGetDeviceProcAddr"}},
		{fptr: &f.vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR, names: []string{"vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR"}, optional: true},
		{fptr: &f.vkGetPhysicalDeviceCooperativeMatrixFlexibleDimensionsPropertiesNV, names: []string{"vkGetPhysicalDeviceCooperativeMatrixFlexibleDimensionsPropertiesNV"}, optional: true},
	}
}

// symbols lists the device-level commands. vkGetBufferDeviceAddress is
// core in 1.2; a 1.1 device offers it as the KHR alias.
func (f *deviceFuncs) symbols() []symbol {
	s := func(fptr any, names ...string) symbol { return symbol{fptr: fptr, names: names} }
	opt := func(fptr any, names ...string) symbol { return symbol{fptr: fptr, names: names, optional: true} }
	return []symbol{
		s(&f.vkDestroyDevice, "vkDestroyDevice"),
		s(&f.vkDeviceWaitIdle, "vkDeviceWaitIdle"),
		s(&f.vkGetDeviceQueue, "vkGetDeviceQueue"),
		s(&f.vkQueueSubmit, "vkQueueSubmit"),
		s(&f.vkQueueWaitIdle, "vkQueueWaitIdle"),
		s(&f.vkCreateFence, "vkCreateFence"),
		s(&f.vkDestroyFence, "vkDestroyFence"),
		s(&f.vkResetFences, "vkResetFences"),
		s(&f.vkWaitForFences, "vkWaitForFences"),
		s(&f.vkGetFenceStatus, "vkGetFenceStatus"),
		s(&f.vkCreateQueryPool, "vkCreateQueryPool"),
		s(&f.vkDestroyQueryPool, "vkDestroyQueryPool"),
		s(&f.vkGetQueryPoolResults, "vkGetQueryPoolResults"),

		s(&f.vkCreateBuffer, "vkCreateBuffer"),
		s(&f.vkDestroyBuffer, "vkDestroyBuffer"),
		s(&f.vkGetBufferMemoryRequirements, "vkGetBufferMemoryRequirements"),
		s(&f.vkAllocateMemory, "vkAllocateMemory"),
		s(&f.vkFreeMemory, "vkFreeMemory"),
		s(&f.vkBindBufferMemory, "vkBindBufferMemory"),
		s(&f.vkMapMemory, "vkMapMemory"),
		s(&f.vkUnmapMemory, "vkUnmapMemory"),
		s(&f.vkGetBufferDeviceAddress, "vkGetBufferDeviceAddress", "vkGetBufferDeviceAddressKHR"),

		s(&f.vkCreateShaderModule, "vkCreateShaderModule"),
		s(&f.vkDestroyShaderModule, "vkDestroyShaderModule"),
		s(&f.vkCreatePipelineLayout, "vkCreatePipelineLayout"),
		s(&f.vkDestroyPipelineLayout, "vkDestroyPipelineLayout"),
		s(&f.vkCreateComputePipelines, "vkCreateComputePipelines"),
		s(&f.vkDestroyPipeline, "vkDestroyPipeline"),

		s(&f.vkCreateCommandPool, "vkCreateCommandPool"),
		s(&f.vkDestroyCommandPool, "vkDestroyCommandPool"),
		s(&f.vkResetCommandPool, "vkResetCommandPool"),
		s(&f.vkAllocateCommandBuffers, "vkAllocateCommandBuffers"),
		s(&f.vkBeginCommandBuffer, "vkBeginCommandBuffer"),
		s(&f.vkEndCommandBuffer, "vkEndCommandBuffer"),
		s(&f.vkCmdPipelineBarrier, "vkCmdPipelineBarrier"),
		s(&f.vkCmdCopyBuffer, "vkCmdCopyBuffer"),
		s(&f.vkCmdFillBuffer, "vkCmdFillBuffer"),
		s(&f.vkCmdBindPipeline, "vkCmdBindPipeline"),
		s(&f.vkCmdPushConstants, "vkCmdPushConstants"),
		s(&f.vkCmdDispatch, "vkCmdDispatch"),
		s(&f.vkCmdResetQueryPool, "vkCmdResetQueryPool"),
		s(&f.vkCmdWriteTimestamp, "vkCmdWriteTimestamp"),

		opt(&f.vkGetPipelineExecutablePropertiesKHR, "vkGetPipelineExecutablePropertiesKHR"),
		opt(&f.vkGetPipelineExecutableStatisticsKHR, "vkGetPipelineExecutableStatisticsKHR"),
		opt(&f.vkGetPipelineExecutableInternalRepresentationsKHR, "vkGetPipelineExecutableInternalRepresentationsKHR"),
	}
}

// bind resolves every symbol with resolve, which returns 0 for a name it
// does not know, and registers the address into the symbol's Go function
// field. purego.RegisterFunc panics on a NULL address, so nothing is
// registered before it is checked. The error names every required command
// that did not resolve; what says where they were looked up.
func bind(syms []symbol, resolve func(name string) uintptr, what string) error {
	var missing []string
	for _, s := range syms {
		addr := uintptr(0)
		for _, name := range s.names {
			if addr = resolve(name); addr != 0 {
				break
			}
		}
		if addr == 0 {
			if !s.optional {
				missing = append(missing, strings.Join(s.names, " or "))
			}
			continue
		}
		purego.RegisterFunc(s.fptr, addr)
	}
	if len(missing) > 0 {
		return fmt.Errorf("%s does not provide %s: the Vulkan loader or driver is too old for gpuarch",
			what, strings.Join(missing, ", "))
	}
	return nil
}

// loadLibrary opens the loader at path and binds its global commands. On
// failure the library is closed again: nothing in it has run but its
// initializers. On success it stays loaded for the life of the process.
func loadLibrary(path string) (*globalFuncs, error) {
	handle, err := purego.Dlopen(path, purego.RTLD_NOW|purego.RTLD_LOCAL)
	if err != nil {
		return nil, fmt.Errorf("%w (dlopen %s: %v)", ErrNoLoader, path, err)
	}
	g := &globalFuncs{}
	addr, err := purego.Dlsym(handle, "vkGetInstanceProcAddr")
	if err != nil || addr == 0 {
		_ = purego.Dlclose(handle)
		return nil, fmt.Errorf("%s does not export vkGetInstanceProcAddr: it is not a Vulkan loader", path)
	}
	purego.RegisterFunc(&g.vkGetInstanceProcAddr, addr)
	resolve := func(name string) uintptr { return g.vkGetInstanceProcAddr(0, name) }
	if err := bind(g.symbols(), resolve, path); err != nil {
		_ = purego.Dlclose(handle)
		return nil, err
	}
	return g, nil
}
