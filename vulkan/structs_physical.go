package vulkan

import "unsafe"

// C mirrors of the physical-device queries: properties, limits, features,
// memory and queue families. See structs.go for the conventions.

// extensionProperties mirrors VkExtensionProperties.
type extensionProperties struct {
	extensionName [256]byte
	specVersion   uint32
}

// physicalDeviceLimits mirrors VkPhysicalDeviceLimits.
type physicalDeviceLimits struct {
	maxImageDimension1D                             uint32
	maxImageDimension2D                             uint32
	maxImageDimension3D                             uint32
	maxImageDimensionCube                           uint32
	maxImageArrayLayers                             uint32
	maxTexelBufferElements                          uint32
	maxUniformBufferRange                           uint32
	maxStorageBufferRange                           uint32
	maxPushConstantsSize                            uint32
	maxMemoryAllocationCount                        uint32
	maxSamplerAllocationCount                       uint32
	bufferImageGranularity                          uint64
	sparseAddressSpaceSize                          uint64
	maxBoundDescriptorSets                          uint32
	maxPerStageDescriptorSamplers                   uint32
	maxPerStageDescriptorUniformBuffers             uint32
	maxPerStageDescriptorStorageBuffers             uint32
	maxPerStageDescriptorSampledImages              uint32
	maxPerStageDescriptorStorageImages              uint32
	maxPerStageDescriptorInputAttachments           uint32
	maxPerStageResources                            uint32
	maxDescriptorSetSamplers                        uint32
	maxDescriptorSetUniformBuffers                  uint32
	maxDescriptorSetUniformBuffersDynamic           uint32
	maxDescriptorSetStorageBuffers                  uint32
	maxDescriptorSetStorageBuffersDynamic           uint32
	maxDescriptorSetSampledImages                   uint32
	maxDescriptorSetStorageImages                   uint32
	maxDescriptorSetInputAttachments                uint32
	maxVertexInputAttributes                        uint32
	maxVertexInputBindings                          uint32
	maxVertexInputAttributeOffset                   uint32
	maxVertexInputBindingStride                     uint32
	maxVertexOutputComponents                       uint32
	maxTessellationGenerationLevel                  uint32
	maxTessellationPatchSize                        uint32
	maxTessellationControlPerVertexInputComponents  uint32
	maxTessellationControlPerVertexOutputComponents uint32
	maxTessellationControlPerPatchOutputComponents  uint32
	maxTessellationControlTotalOutputComponents     uint32
	maxTessellationEvaluationInputComponents        uint32
	maxTessellationEvaluationOutputComponents       uint32
	maxGeometryShaderInvocations                    uint32
	maxGeometryInputComponents                      uint32
	maxGeometryOutputComponents                     uint32
	maxGeometryOutputVertices                       uint32
	maxGeometryTotalOutputComponents                uint32
	maxFragmentInputComponents                      uint32
	maxFragmentOutputAttachments                    uint32
	maxFragmentDualSrcAttachments                   uint32
	maxFragmentCombinedOutputResources              uint32
	maxComputeSharedMemorySize                      uint32
	maxComputeWorkGroupCount                        [3]uint32
	maxComputeWorkGroupInvocations                  uint32
	maxComputeWorkGroupSize                         [3]uint32
	subPixelPrecisionBits                           uint32
	subTexelPrecisionBits                           uint32
	mipmapPrecisionBits                             uint32
	maxDrawIndexedIndexValue                        uint32
	maxDrawIndirectCount                            uint32
	maxSamplerLodBias                               float32
	maxSamplerAnisotropy                            float32
	maxViewports                                    uint32
	maxViewportDimensions                           [2]uint32
	viewportBoundsRange                             [2]float32
	viewportSubPixelBits                            uint32
	minMemoryMapAlignment                           uintptr
	minTexelBufferOffsetAlignment                   uint64
	minUniformBufferOffsetAlignment                 uint64
	minStorageBufferOffsetAlignment                 uint64
	minTexelOffset                                  int32
	maxTexelOffset                                  uint32
	minTexelGatherOffset                            int32
	maxTexelGatherOffset                            uint32
	minInterpolationOffset                          float32
	maxInterpolationOffset                          float32
	subPixelInterpolationOffsetBits                 uint32
	maxFramebufferWidth                             uint32
	maxFramebufferHeight                            uint32
	maxFramebufferLayers                            uint32
	framebufferColorSampleCounts                    uint32
	framebufferDepthSampleCounts                    uint32
	framebufferStencilSampleCounts                  uint32
	framebufferNoAttachmentsSampleCounts            uint32
	maxColorAttachments                             uint32
	sampledImageColorSampleCounts                   uint32
	sampledImageIntegerSampleCounts                 uint32
	sampledImageDepthSampleCounts                   uint32
	sampledImageStencilSampleCounts                 uint32
	storageImageSampleCounts                        uint32
	maxSampleMaskWords                              uint32
	timestampComputeAndGraphics                     bool32
	timestampPeriod                                 float32
	maxClipDistances                                uint32
	maxCullDistances                                uint32
	maxCombinedClipAndCullDistances                 uint32
	discreteQueuePriorities                         uint32
	pointSizeRange                                  [2]float32
	lineWidthRange                                  [2]float32
	pointSizeGranularity                            float32
	lineWidthGranularity                            float32
	strictLines                                     bool32
	standardSampleLocations                         bool32
	optimalBufferCopyOffsetAlignment                uint64
	optimalBufferCopyRowPitchAlignment              uint64
	nonCoherentAtomSize                             uint64
}

// physicalDeviceSparseProperties mirrors VkPhysicalDeviceSparseProperties.
type physicalDeviceSparseProperties struct {
	residencyStandard2DBlockShape            bool32
	residencyStandard2DMultisampleBlockShape bool32
	residencyStandard3DBlockShape            bool32
	residencyAlignedMipSize                  bool32
	residencyNonResidentStrict               bool32
}

// physicalDeviceProperties mirrors VkPhysicalDeviceProperties.
type physicalDeviceProperties struct {
	apiVersion        uint32
	driverVersion     uint32
	vendorID          uint32
	deviceID          uint32
	deviceType        uint32
	deviceName        [256]byte
	pipelineCacheUUID [16]uint8
	limits            physicalDeviceLimits
	sparseProperties  physicalDeviceSparseProperties
}

// physicalDeviceProperties2 mirrors VkPhysicalDeviceProperties2.
type physicalDeviceProperties2 struct {
	sType      uint32
	pNext      unsafe.Pointer
	properties physicalDeviceProperties
}

// conformanceVersion mirrors VkConformanceVersion.
type conformanceVersion struct {
	major    uint8
	minor    uint8
	subminor uint8
	patch    uint8
}

// physicalDeviceDriverProperties mirrors VkPhysicalDeviceDriverProperties.
type physicalDeviceDriverProperties struct {
	sType              uint32
	pNext              unsafe.Pointer
	driverID           uint32
	driverName         [256]byte
	driverInfo         [256]byte
	conformanceVersion conformanceVersion
}

// physicalDeviceIDProperties mirrors VkPhysicalDeviceIDProperties.
type physicalDeviceIDProperties struct {
	sType           uint32
	pNext           unsafe.Pointer
	deviceUUID      [16]uint8
	driverUUID      [16]uint8
	deviceLUID      [8]uint8
	deviceNodeMask  uint32
	deviceLUIDValid bool32
}

// physicalDeviceSubgroupProperties mirrors VkPhysicalDeviceSubgroupProperties.
type physicalDeviceSubgroupProperties struct {
	sType                     uint32
	pNext                     unsafe.Pointer
	subgroupSize              uint32
	supportedStages           uint32
	supportedOperations       uint32
	quadOperationsInAllStages bool32
}

// physicalDeviceSubgroupSizeControlProperties mirrors VkPhysicalDeviceSubgroupSizeControlProperties.
type physicalDeviceSubgroupSizeControlProperties struct {
	sType                        uint32
	pNext                        unsafe.Pointer
	minSubgroupSize              uint32
	maxSubgroupSize              uint32
	maxComputeWorkgroupSubgroups uint32
	requiredSubgroupSizeStages   uint32
}

// physicalDevicePCIBusInfoPropertiesEXT mirrors VkPhysicalDevicePCIBusInfoPropertiesEXT.
type physicalDevicePCIBusInfoPropertiesEXT struct {
	sType       uint32
	pNext       unsafe.Pointer
	pciDomain   uint32
	pciBus      uint32
	pciDevice   uint32
	pciFunction uint32
}

// physicalDeviceShaderSMBuiltinsPropertiesNV mirrors VkPhysicalDeviceShaderSMBuiltinsPropertiesNV.
type physicalDeviceShaderSMBuiltinsPropertiesNV struct {
	sType            uint32
	pNext            unsafe.Pointer
	shaderSMCount    uint32
	shaderWarpsPerSM uint32
}

// physicalDeviceShaderCorePropertiesAMD mirrors VkPhysicalDeviceShaderCorePropertiesAMD.
type physicalDeviceShaderCorePropertiesAMD struct {
	sType                      uint32
	pNext                      unsafe.Pointer
	shaderEngineCount          uint32
	shaderArraysPerEngineCount uint32
	computeUnitsPerShaderArray uint32
	simdPerComputeUnit         uint32
	wavefrontsPerSimd          uint32
	wavefrontSize              uint32
	sgprsPerSimd               uint32
	minSgprAllocation          uint32
	maxSgprAllocation          uint32
	sgprAllocationGranularity  uint32
	vgprsPerSimd               uint32
	minVgprAllocation          uint32
	maxVgprAllocation          uint32
	vgprAllocationGranularity  uint32
}

// physicalDeviceShaderCoreProperties2AMD mirrors VkPhysicalDeviceShaderCoreProperties2AMD.
type physicalDeviceShaderCoreProperties2AMD struct {
	sType                  uint32
	pNext                  unsafe.Pointer
	shaderCoreFeatures     uint32
	activeComputeUnitCount uint32
}

// memoryType mirrors VkMemoryType.
type memoryType struct {
	propertyFlags uint32
	heapIndex     uint32
}

// memoryHeap mirrors VkMemoryHeap.
type memoryHeap struct {
	size  uint64
	flags uint32
}

// physicalDeviceMemoryProperties mirrors VkPhysicalDeviceMemoryProperties.
type physicalDeviceMemoryProperties struct {
	memoryTypeCount uint32
	memoryTypes     [32]memoryType
	memoryHeapCount uint32
	memoryHeaps     [16]memoryHeap
}

// extent3D mirrors VkExtent3D.
type extent3D struct {
	width  uint32
	height uint32
	depth  uint32
}

// queueFamilyProperties mirrors VkQueueFamilyProperties.
type queueFamilyProperties struct {
	queueFlags                  uint32
	queueCount                  uint32
	timestampValidBits          uint32
	minImageTransferGranularity extent3D
}

// physicalDeviceFeatures mirrors VkPhysicalDeviceFeatures.
type physicalDeviceFeatures struct {
	robustBufferAccess                      bool32
	fullDrawIndexUint32                     bool32
	imageCubeArray                          bool32
	independentBlend                        bool32
	geometryShader                          bool32
	tessellationShader                      bool32
	sampleRateShading                       bool32
	dualSrcBlend                            bool32
	logicOp                                 bool32
	multiDrawIndirect                       bool32
	drawIndirectFirstInstance               bool32
	depthClamp                              bool32
	depthBiasClamp                          bool32
	fillModeNonSolid                        bool32
	depthBounds                             bool32
	wideLines                               bool32
	largePoints                             bool32
	alphaToOne                              bool32
	multiViewport                           bool32
	samplerAnisotropy                       bool32
	textureCompressionETC2                  bool32
	textureCompressionASTC_LDR              bool32
	textureCompressionBC                    bool32
	occlusionQueryPrecise                   bool32
	pipelineStatisticsQuery                 bool32
	vertexPipelineStoresAndAtomics          bool32
	fragmentStoresAndAtomics                bool32
	shaderTessellationAndGeometryPointSize  bool32
	shaderImageGatherExtended               bool32
	shaderStorageImageExtendedFormats       bool32
	shaderStorageImageMultisample           bool32
	shaderStorageImageReadWithoutFormat     bool32
	shaderStorageImageWriteWithoutFormat    bool32
	shaderUniformBufferArrayDynamicIndexing bool32
	shaderSampledImageArrayDynamicIndexing  bool32
	shaderStorageBufferArrayDynamicIndexing bool32
	shaderStorageImageArrayDynamicIndexing  bool32
	shaderClipDistance                      bool32
	shaderCullDistance                      bool32
	shaderFloat64                           bool32
	shaderInt64                             bool32
	shaderInt16                             bool32
	shaderResourceResidency                 bool32
	shaderResourceMinLod                    bool32
	sparseBinding                           bool32
	sparseResidencyBuffer                   bool32
	sparseResidencyImage2D                  bool32
	sparseResidencyImage3D                  bool32
	sparseResidency2Samples                 bool32
	sparseResidency4Samples                 bool32
	sparseResidency8Samples                 bool32
	sparseResidency16Samples                bool32
	sparseResidencyAliased                  bool32
	variableMultisampleRate                 bool32
	inheritedQueries                        bool32
}

// physicalDeviceFeatures2 mirrors VkPhysicalDeviceFeatures2.
type physicalDeviceFeatures2 struct {
	sType    uint32
	pNext    unsafe.Pointer
	features physicalDeviceFeatures
}

// physicalDeviceVulkan11Features mirrors VkPhysicalDeviceVulkan11Features.
type physicalDeviceVulkan11Features struct {
	sType                              uint32
	pNext                              unsafe.Pointer
	storageBuffer16BitAccess           bool32
	uniformAndStorageBuffer16BitAccess bool32
	storagePushConstant16              bool32
	storageInputOutput16               bool32
	multiview                          bool32
	multiviewGeometryShader            bool32
	multiviewTessellationShader        bool32
	variablePointersStorageBuffer      bool32
	variablePointers                   bool32
	protectedMemory                    bool32
	samplerYcbcrConversion             bool32
	shaderDrawParameters               bool32
}

// physicalDeviceVulkan12Features mirrors VkPhysicalDeviceVulkan12Features.
type physicalDeviceVulkan12Features struct {
	sType                                              uint32
	pNext                                              unsafe.Pointer
	samplerMirrorClampToEdge                           bool32
	drawIndirectCount                                  bool32
	storageBuffer8BitAccess                            bool32
	uniformAndStorageBuffer8BitAccess                  bool32
	storagePushConstant8                               bool32
	shaderBufferInt64Atomics                           bool32
	shaderSharedInt64Atomics                           bool32
	shaderFloat16                                      bool32
	shaderInt8                                         bool32
	descriptorIndexing                                 bool32
	shaderInputAttachmentArrayDynamicIndexing          bool32
	shaderUniformTexelBufferArrayDynamicIndexing       bool32
	shaderStorageTexelBufferArrayDynamicIndexing       bool32
	shaderUniformBufferArrayNonUniformIndexing         bool32
	shaderSampledImageArrayNonUniformIndexing          bool32
	shaderStorageBufferArrayNonUniformIndexing         bool32
	shaderStorageImageArrayNonUniformIndexing          bool32
	shaderInputAttachmentArrayNonUniformIndexing       bool32
	shaderUniformTexelBufferArrayNonUniformIndexing    bool32
	shaderStorageTexelBufferArrayNonUniformIndexing    bool32
	descriptorBindingUniformBufferUpdateAfterBind      bool32
	descriptorBindingSampledImageUpdateAfterBind       bool32
	descriptorBindingStorageImageUpdateAfterBind       bool32
	descriptorBindingStorageBufferUpdateAfterBind      bool32
	descriptorBindingUniformTexelBufferUpdateAfterBind bool32
	descriptorBindingStorageTexelBufferUpdateAfterBind bool32
	descriptorBindingUpdateUnusedWhilePending          bool32
	descriptorBindingPartiallyBound                    bool32
	descriptorBindingVariableDescriptorCount           bool32
	runtimeDescriptorArray                             bool32
	samplerFilterMinmax                                bool32
	scalarBlockLayout                                  bool32
	imagelessFramebuffer                               bool32
	uniformBufferStandardLayout                        bool32
	shaderSubgroupExtendedTypes                        bool32
	separateDepthStencilLayouts                        bool32
	hostQueryReset                                     bool32
	timelineSemaphore                                  bool32
	bufferDeviceAddress                                bool32
	bufferDeviceAddressCaptureReplay                   bool32
	bufferDeviceAddressMultiDevice                     bool32
	vulkanMemoryModel                                  bool32
	vulkanMemoryModelDeviceScope                       bool32
	vulkanMemoryModelAvailabilityVisibilityChains      bool32
	shaderOutputViewportIndex                          bool32
	shaderOutputLayer                                  bool32
	subgroupBroadcastDynamicId                         bool32
}

// physicalDeviceVulkan13Features mirrors VkPhysicalDeviceVulkan13Features.
type physicalDeviceVulkan13Features struct {
	sType                                              uint32
	pNext                                              unsafe.Pointer
	robustImageAccess                                  bool32
	inlineUniformBlock                                 bool32
	descriptorBindingInlineUniformBlockUpdateAfterBind bool32
	pipelineCreationCacheControl                       bool32
	privateData                                        bool32
	shaderDemoteToHelperInvocation                     bool32
	shaderTerminateInvocation                          bool32
	subgroupSizeControl                                bool32
	computeFullSubgroups                               bool32
	synchronization2                                   bool32
	textureCompressionASTC_HDR                         bool32
	shaderZeroInitializeWorkgroupMemory                bool32
	dynamicRendering                                   bool32
	shaderIntegerDotProduct                            bool32
	maintenance4                                       bool32
}

// physicalDevice16BitStorageFeatures mirrors VkPhysicalDevice16BitStorageFeatures.
type physicalDevice16BitStorageFeatures struct {
	sType                              uint32
	pNext                              unsafe.Pointer
	storageBuffer16BitAccess           bool32
	uniformAndStorageBuffer16BitAccess bool32
	storagePushConstant16              bool32
	storageInputOutput16               bool32
}

// physicalDevice8BitStorageFeatures mirrors VkPhysicalDevice8BitStorageFeatures.
type physicalDevice8BitStorageFeatures struct {
	sType                             uint32
	pNext                             unsafe.Pointer
	storageBuffer8BitAccess           bool32
	uniformAndStorageBuffer8BitAccess bool32
	storagePushConstant8              bool32
}

// physicalDeviceShaderFloat16Int8Features mirrors VkPhysicalDeviceShaderFloat16Int8Features.
type physicalDeviceShaderFloat16Int8Features struct {
	sType         uint32
	pNext         unsafe.Pointer
	shaderFloat16 bool32
	shaderInt8    bool32
}

// physicalDeviceBufferDeviceAddressFeatures mirrors VkPhysicalDeviceBufferDeviceAddressFeatures.
type physicalDeviceBufferDeviceAddressFeatures struct {
	sType                            uint32
	pNext                            unsafe.Pointer
	bufferDeviceAddress              bool32
	bufferDeviceAddressCaptureReplay bool32
	bufferDeviceAddressMultiDevice   bool32
}

// physicalDeviceVulkanMemoryModelFeatures mirrors VkPhysicalDeviceVulkanMemoryModelFeatures.
type physicalDeviceVulkanMemoryModelFeatures struct {
	sType                                         uint32
	pNext                                         unsafe.Pointer
	vulkanMemoryModel                             bool32
	vulkanMemoryModelDeviceScope                  bool32
	vulkanMemoryModelAvailabilityVisibilityChains bool32
}

// physicalDeviceShaderSubgroupExtendedTypesFeatures mirrors VkPhysicalDeviceShaderSubgroupExtendedTypesFeatures.
type physicalDeviceShaderSubgroupExtendedTypesFeatures struct {
	sType                       uint32
	pNext                       unsafe.Pointer
	shaderSubgroupExtendedTypes bool32
}

// physicalDeviceSubgroupSizeControlFeatures mirrors VkPhysicalDeviceSubgroupSizeControlFeatures.
type physicalDeviceSubgroupSizeControlFeatures struct {
	sType                uint32
	pNext                unsafe.Pointer
	subgroupSizeControl  bool32
	computeFullSubgroups bool32
}

// physicalDeviceShaderIntegerDotProductFeatures mirrors VkPhysicalDeviceShaderIntegerDotProductFeatures.
type physicalDeviceShaderIntegerDotProductFeatures struct {
	sType                   uint32
	pNext                   unsafe.Pointer
	shaderIntegerDotProduct bool32
}

// physicalDeviceShaderClockFeaturesKHR mirrors VkPhysicalDeviceShaderClockFeaturesKHR.
type physicalDeviceShaderClockFeaturesKHR struct {
	sType               uint32
	pNext               unsafe.Pointer
	shaderSubgroupClock bool32
	shaderDeviceClock   bool32
}

// physicalDevicePipelineExecutablePropertiesFeaturesKHR mirrors VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR.
type physicalDevicePipelineExecutablePropertiesFeaturesKHR struct {
	sType                  uint32
	pNext                  unsafe.Pointer
	pipelineExecutableInfo bool32
}

// physicalDeviceShaderSMBuiltinsFeaturesNV mirrors VkPhysicalDeviceShaderSMBuiltinsFeaturesNV.
type physicalDeviceShaderSMBuiltinsFeaturesNV struct {
	sType            uint32
	pNext            unsafe.Pointer
	shaderSMBuiltins bool32
}

// physicalDeviceCooperativeMatrixFeaturesKHR mirrors
// VkPhysicalDeviceCooperativeMatrixFeaturesKHR (VK_KHR_cooperative_matrix,
// in the headers since 1.3.255).
type physicalDeviceCooperativeMatrixFeaturesKHR struct {
	sType                               uint32
	pNext                               unsafe.Pointer
	cooperativeMatrix                   bool32
	cooperativeMatrixRobustBufferAccess bool32
}

// cooperativeMatrixPropertiesKHR mirrors VkCooperativeMatrixPropertiesKHR
// (one matrix multiply-add shape and its component types, VkComponentTypeKHR,
// at a scope, VkScopeKHR).
type cooperativeMatrixPropertiesKHR struct {
	sType                  uint32
	pNext                  unsafe.Pointer
	mSize, nSize, kSize    uint32
	aType, bType           uint32
	cType, resultType      uint32
	saturatingAccumulation bool32
	scope                  uint32
}

// physicalDeviceCooperativeMatrixPropertiesKHR mirrors
// VkPhysicalDeviceCooperativeMatrixPropertiesKHR.
type physicalDeviceCooperativeMatrixPropertiesKHR struct {
	sType                            uint32
	pNext                            unsafe.Pointer
	cooperativeMatrixSupportedStages uint32
}

// physicalDeviceCooperativeMatrix2PropertiesNV mirrors
// VkPhysicalDeviceCooperativeMatrix2PropertiesNV (VK_NV_cooperative_matrix2).
type physicalDeviceCooperativeMatrix2PropertiesNV struct {
	sType                                               uint32
	pNext                                               unsafe.Pointer
	cooperativeMatrixWorkgroupScopeMaxWorkgroupSize     uint32
	cooperativeMatrixFlexibleDimensionsMaxDimension     uint32
	cooperativeMatrixWorkgroupScopeReservedSharedMemory uint32
}

// cooperativeMatrixFlexibleDimensionsPropertiesNV mirrors
// VkCooperativeMatrixFlexibleDimensionsPropertiesNV (VK_NV_cooperative_matrix2).
type cooperativeMatrixFlexibleDimensionsPropertiesNV struct {
	sType                           uint32
	pNext                           unsafe.Pointer
	mGranularity, nGranularity      uint32
	kGranularity                    uint32
	aType, bType, cType, resultType uint32
	saturatingAccumulation          bool32
	scope                           uint32
	workgroupInvocations            uint32
}

// physicalDeviceShaderBfloat16FeaturesKHR mirrors
// VkPhysicalDeviceShaderBfloat16FeaturesKHR (VK_KHR_shader_bfloat16).
type physicalDeviceShaderBfloat16FeaturesKHR struct {
	sType                           uint32
	pNext                           unsafe.Pointer
	shaderBFloat16Type              bool32
	shaderBFloat16DotProduct        bool32
	shaderBFloat16CooperativeMatrix bool32
}

// physicalDeviceShaderFloat8FeaturesEXT mirrors
// VkPhysicalDeviceShaderFloat8FeaturesEXT (VK_EXT_shader_float8).
type physicalDeviceShaderFloat8FeaturesEXT struct {
	sType                         uint32
	pNext                         unsafe.Pointer
	shaderFloat8                  bool32
	shaderFloat8CooperativeMatrix bool32
}
