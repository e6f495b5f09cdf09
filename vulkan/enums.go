package vulkan

// Enum and flag values from vulkan_core.h, written out by hand because
// the package is built without the headers. Each group names the C type
// it comes from; values added after header 1.3.239 (cooperative matrix,
// subgroup rotate) were checked against the current Vulkan registry.

// VkStructureType.
const (
	stApplicationInfo                                 = 0
	stInstanceCreateInfo                              = 1
	stDeviceQueueCreateInfo                           = 2
	stDeviceCreateInfo                                = 3
	stSubmitInfo                                      = 4
	stMemoryAllocateInfo                              = 5
	stFenceCreateInfo                                 = 8
	stQueryPoolCreateInfo                             = 11
	stBufferCreateInfo                                = 12
	stShaderModuleCreateInfo                          = 16
	stPipelineShaderStageCreateInfo                   = 18
	stComputePipelineCreateInfo                       = 29
	stPipelineLayoutCreateInfo                        = 30
	stCommandPoolCreateInfo                           = 39
	stCommandBufferAllocateInfo                       = 40
	stCommandBufferBeginInfo                          = 42
	stMemoryBarrier                                   = 46
	stPhysicalDeviceVulkan11Features                  = 49
	stPhysicalDeviceVulkan12Features                  = 51
	stPhysicalDeviceVulkan13Features                  = 53
	stPhysicalDeviceFeatures2                         = 1000059000
	stPhysicalDeviceProperties2                       = 1000059001
	stMemoryAllocateFlagsInfo                         = 1000060000
	stPhysicalDeviceIDProperties                      = 1000071004
	stPhysicalDeviceShaderFloat16Int8Features         = 1000082000
	stPhysicalDevice16BitStorageFeatures              = 1000083000
	stPhysicalDeviceSubgroupProperties                = 1000094000
	stPhysicalDeviceShaderBfloat16FeaturesKHR         = 1000141000
	stPhysicalDeviceShaderSMBuiltinsFeaturesNV        = 1000154000
	stPhysicalDeviceShaderSMBuiltinsPropertiesNV      = 1000154001
	stPhysicalDeviceShaderSubgroupExtendedTypes       = 1000175000
	stPhysicalDevice8BitStorageFeatures               = 1000177000
	stPhysicalDeviceShaderClockFeaturesKHR            = 1000181000
	stPhysicalDeviceShaderCorePropertiesAMD           = 1000185000
	stPhysicalDeviceDriverProperties                  = 1000196000
	stPhysicalDeviceVulkanMemoryModelFeatures         = 1000211000
	stPhysicalDevicePCIBusInfoPropertiesEXT           = 1000212000
	stPhysicalDeviceSubgroupSizeControlProperties     = 1000225000
	stPipelineShaderStageRequiredSubgroupSizeInfo     = 1000225001
	stPhysicalDeviceSubgroupSizeControlFeatures       = 1000225002
	stPhysicalDeviceShaderCoreProperties2AMD          = 1000227000
	stBufferDeviceAddressInfo                         = 1000244001
	stPhysicalDeviceBufferDeviceAddressFeatures       = 1000257000
	stPhysicalDevicePipelineExecutablePropertiesFeats = 1000269000
	stPipelineInfoKHR                                 = 1000269001
	stPipelineExecutablePropertiesKHR                 = 1000269002
	stPipelineExecutableInfoKHR                       = 1000269003
	stPipelineExecutableStatisticKHR                  = 1000269004
	stPipelineExecutableInternalRepresentationKHR     = 1000269005
	stPhysicalDeviceShaderIntegerDotProductFeatures   = 1000280000
	stPhysicalDeviceCooperativeMatrixFeaturesKHR      = 1000506000
	stCooperativeMatrixPropertiesKHR                  = 1000506001
	stPhysicalDeviceCooperativeMatrixPropertiesKHR    = 1000506002
	stPhysicalDeviceShaderFloat8FeaturesEXT           = 1000567000
	stCooperativeMatrixFlexibleDimensionsPropsNV      = 1000593001
	stPhysicalDeviceCooperativeMatrix2PropertiesNV    = 1000593002
)

// VkResult codes the package treats specially.
const (
	resultSuccess             = 0
	resultNotReady            = 1
	resultTimeout             = 2
	resultIncomplete          = 5
	resultErrorInitFailed     = -3
	resultErrorDeviceLost     = -4
	resultErrorExtNotPresent  = -7
	resultErrorFeatNotPresent = -8
	resultErrorIncompatDriver = -9
)

// Versions, as VK_MAKE_API_VERSION(0, major, minor, 0).
const (
	apiVersion11 = 1<<22 | 1<<12
	apiVersion12 = 1<<22 | 2<<12
	apiVersion13 = 1<<22 | 3<<12
)

// VkInstanceCreateFlagBits.
const instanceCreateEnumeratePortability = 0x1

// VkQueueFlagBits.
const queueCompute = 0x2

// VkMemoryPropertyFlagBits.
const (
	memoryDeviceLocal       = 0x1
	memoryHostVisible       = 0x2
	memoryHostCoherent      = 0x4
	memoryHostCached        = 0x8
	memoryLazilyAllocated   = 0x10
	memoryProtected         = 0x20
	memoryDeviceCoherentAMD = 0x40
	memoryDeviceUncachedAMD = 0x80
)

// VkMemoryHeapFlagBits.
const memoryHeapDeviceLocal = 0x1

// VkMemoryAllocateFlagBits.
const memoryAllocateDeviceAddress = 0x2

// VkBufferUsageFlagBits.
const (
	bufferUsageTransferSrc   = 0x1
	bufferUsageTransferDst   = 0x2
	bufferUsageStorage       = 0x20
	bufferUsageDeviceAddress = 0x20000
)

// VkSharingMode, VkCommandBufferLevel, VkQueryType, VkPipelineBindPoint.
const (
	sharingModeExclusive       = 0
	commandBufferLevelPrimary  = 0
	queryTypeTimestamp         = 2
	pipelineBindPointCompute   = 1
	commandBufferOneTimeSubmit = 0x1 // VkCommandBufferUsageFlagBits
	commandPoolTransient       = 0x1 // VkCommandPoolCreateFlagBits
)

// VkQueryResultFlagBits.
const (
	queryResult64   = 0x1
	queryResultWait = 0x2
)

// VkPipelineStageFlagBits.
const (
	stageTopOfPipe    = 0x1
	stageBottomOfPipe = 0x2000
	stageHost         = 0x4000
	stageAllCommands  = 0x10000
)

// VkAccessFlagBits.
const (
	accessHostRead    = 0x2000
	accessMemoryRead  = 0x8000
	accessMemoryWrite = 0x10000
)

// VkShaderStageFlagBits.
const shaderStageCompute = 0x20

// VkPipelineCreateFlagBits.
const (
	pipelineCaptureStatistics              = 0x40
	pipelineCaptureInternalRepresentations = 0x80
)

// VkPipelineShaderStageCreateFlagBits.
const shaderStageRequireFullSubgroups = 0x2

// VkPipelineExecutableStatisticFormatKHR.
const (
	statisticBool32  = 0
	statisticInt64   = 1
	statisticUint64  = 2
	statisticFloat64 = 3
)

// VkDriverId values that change how driverVersion is encoded.
const (
	driverIDNvidiaProprietary          = 4
	driverIDIntelProprietaryWin        = 5
	vendorIDNvidia              uint32 = 0x10de
)

// wholeSize is VK_WHOLE_SIZE.
const wholeSize = ^uint64(0)

// spirvMagic is the first word of every SPIR-V module.
const spirvMagic = 0x07230203

// Device extension names the package queries or enables.
const (
	extPortabilityEnumeration  = "VK_KHR_portability_enumeration"
	extPortabilitySubset       = "VK_KHR_portability_subset"
	extDriverProperties        = "VK_KHR_driver_properties"
	extPCIBusInfo              = "VK_EXT_pci_bus_info"
	extSMBuiltins              = "VK_NV_shader_sm_builtins"
	extAMDShaderCore           = "VK_AMD_shader_core_properties"
	extAMDShaderCore2          = "VK_AMD_shader_core_properties2"
	extShaderClock             = "VK_KHR_shader_clock"
	extPipelineExecutable      = "VK_KHR_pipeline_executable_properties"
	extCooperativeMatrix       = "VK_KHR_cooperative_matrix"
	extCooperativeMatrix2      = "VK_NV_cooperative_matrix2"
	extShaderBfloat16          = "VK_KHR_shader_bfloat16"
	extShaderFloat8            = "VK_EXT_shader_float8"
	extBufferDeviceAddress     = "VK_KHR_buffer_device_address"
	extShaderFloat16Int8       = "VK_KHR_shader_float16_int8"
	ext8BitStorage             = "VK_KHR_8bit_storage"
	ext16BitStorage            = "VK_KHR_16bit_storage"
	extVulkanMemoryModel       = "VK_KHR_vulkan_memory_model"
	extSubgroupExtendedTypes   = "VK_KHR_shader_subgroup_extended_types"
	extSubgroupSizeControl     = "VK_EXT_subgroup_size_control"
	extShaderIntegerDotProduct = "VK_KHR_shader_integer_dot_product"
	extSPIRV14                 = "VK_KHR_spirv_1_4"
	extShaderFloatControls     = "VK_KHR_shader_float_controls"
)
