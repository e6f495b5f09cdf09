package vulkan

import (
	"slices"
	"unsafe"
)

// chainLayout says which feature structures a device's VkPhysicalDeviceFeatures2
// chain holds. A feature promoted to core is read from the
// VkPhysicalDeviceVulkan1xFeatures structure when the effective API version
// has it, and from its extension's structure otherwise; the spec forbids
// chaining both for one device.
type chainLayout struct {
	core12 bool // VkPhysicalDeviceVulkan11Features and ...12Features
	core13 bool // VkPhysicalDeviceVulkan13Features

	storage16     bool // 1.1 core before 1.2's Vulkan11Features
	storage8      bool // VK_KHR_8bit_storage
	float16Int8   bool // VK_KHR_shader_float16_int8
	bda           bool // VK_KHR_buffer_device_address
	memoryModel   bool // VK_KHR_vulkan_memory_model
	extendedTypes bool // VK_KHR_shader_subgroup_extended_types
	sizeControl   bool // VK_EXT_subgroup_size_control
	dotProduct    bool // VK_KHR_shader_integer_dot_product
	clock         bool // VK_KHR_shader_clock
	executable    bool // VK_KHR_pipeline_executable_properties
	smBuiltins    bool // VK_NV_shader_sm_builtins
	coopMatrix    bool // VK_KHR_cooperative_matrix
	bfloat16      bool // VK_KHR_shader_bfloat16
	float8        bool // VK_EXT_shader_float8

	// spirv14 is VK_KHR_spirv_1_4 with VK_KHR_shader_float_controls on a
	// 1.1 device (SPIR-V 1.4 and 1.5 are core in 1.2); portability is
	// VK_KHR_portability_subset, which must be enabled where offered.
	spirv14     bool
	portability bool
}

// layoutFor picks the feature structures for a device of effective API
// version api whose extensions are reported by has.
func layoutFor(api uint32, has func(string) bool) chainLayout {
	core12, core13 := api >= apiVersion12, api >= apiVersion13
	return chainLayout{
		core12:        core12,
		core13:        core13,
		storage16:     !core12 && (api >= apiVersion11 || has(ext16BitStorage)),
		storage8:      !core12 && has(ext8BitStorage),
		float16Int8:   !core12 && has(extShaderFloat16Int8),
		bda:           !core12 && has(extBufferDeviceAddress),
		memoryModel:   !core12 && has(extVulkanMemoryModel),
		extendedTypes: !core12 && has(extSubgroupExtendedTypes),
		sizeControl:   !core13 && has(extSubgroupSizeControl),
		dotProduct:    !core13 && has(extShaderIntegerDotProduct),
		clock:         has(extShaderClock),
		executable:    has(extPipelineExecutable),
		smBuiltins:    has(extSMBuiltins),
		coopMatrix:    has(extCooperativeMatrix),
		bfloat16:      has(extShaderBfloat16),
		float8:        has(extShaderFloat8),
		spirv14:       !core12 && has(extSPIRV14) && has(extShaderFloatControls),
		portability:   has(extPortabilitySubset),
	}
}

// featureChain holds every feature structure the package queries or
// enables. Structures the layout leaves out stay zero and unlinked, so a
// feature reads as supported when either its core or its extension
// structure says so. A featureChain points into itself: allocate it with
// newFeatureChain and do not copy it.
type featureChain struct {
	base          physicalDeviceFeatures2
	v11           physicalDeviceVulkan11Features
	v12           physicalDeviceVulkan12Features
	v13           physicalDeviceVulkan13Features
	storage16     physicalDevice16BitStorageFeatures
	storage8      physicalDevice8BitStorageFeatures
	float16Int8   physicalDeviceShaderFloat16Int8Features
	bda           physicalDeviceBufferDeviceAddressFeatures
	memoryModel   physicalDeviceVulkanMemoryModelFeatures
	extendedTypes physicalDeviceShaderSubgroupExtendedTypesFeatures
	sizeControl   physicalDeviceSubgroupSizeControlFeatures
	dotProduct    physicalDeviceShaderIntegerDotProductFeatures
	clock         physicalDeviceShaderClockFeaturesKHR
	executable    physicalDevicePipelineExecutablePropertiesFeaturesKHR
	smBuiltins    physicalDeviceShaderSMBuiltinsFeaturesNV
	coopMatrix    physicalDeviceCooperativeMatrixFeaturesKHR
	bfloat16      physicalDeviceShaderBfloat16FeaturesKHR
	float8        physicalDeviceShaderFloat8FeaturesEXT
}

// newFeatureChain returns a zeroed chain with the structures of l linked
// behind base.
func newFeatureChain(l chainLayout) *featureChain {
	f := &featureChain{}
	c := newChain(unsafe.Pointer(&f.base), stPhysicalDeviceFeatures2)
	c.add(l.core12, unsafe.Pointer(&f.v11), stPhysicalDeviceVulkan11Features)
	c.add(l.core12, unsafe.Pointer(&f.v12), stPhysicalDeviceVulkan12Features)
	c.add(l.core13, unsafe.Pointer(&f.v13), stPhysicalDeviceVulkan13Features)
	c.add(l.storage16, unsafe.Pointer(&f.storage16), stPhysicalDevice16BitStorageFeatures)
	c.add(l.storage8, unsafe.Pointer(&f.storage8), stPhysicalDevice8BitStorageFeatures)
	c.add(l.float16Int8, unsafe.Pointer(&f.float16Int8), stPhysicalDeviceShaderFloat16Int8Features)
	c.add(l.bda, unsafe.Pointer(&f.bda), stPhysicalDeviceBufferDeviceAddressFeatures)
	c.add(l.memoryModel, unsafe.Pointer(&f.memoryModel), stPhysicalDeviceVulkanMemoryModelFeatures)
	c.add(l.extendedTypes, unsafe.Pointer(&f.extendedTypes), stPhysicalDeviceShaderSubgroupExtendedTypes)
	c.add(l.sizeControl, unsafe.Pointer(&f.sizeControl), stPhysicalDeviceSubgroupSizeControlFeatures)
	c.add(l.dotProduct, unsafe.Pointer(&f.dotProduct), stPhysicalDeviceShaderIntegerDotProductFeatures)
	c.add(l.clock, unsafe.Pointer(&f.clock), stPhysicalDeviceShaderClockFeaturesKHR)
	c.add(l.executable, unsafe.Pointer(&f.executable), stPhysicalDevicePipelineExecutablePropertiesFeats)
	c.add(l.smBuiltins, unsafe.Pointer(&f.smBuiltins), stPhysicalDeviceShaderSMBuiltinsFeaturesNV)
	c.add(l.coopMatrix, unsafe.Pointer(&f.coopMatrix), stPhysicalDeviceCooperativeMatrixFeaturesKHR)
	c.add(l.bfloat16, unsafe.Pointer(&f.bfloat16), stPhysicalDeviceShaderBfloat16FeaturesKHR)
	c.add(l.float8, unsafe.Pointer(&f.float8), stPhysicalDeviceShaderFloat8FeaturesEXT)
	return f
}

// featureBit is one VkBool32 the package may enable: have points into the
// queried chain, set into the chain given to vkCreateDevice, and ext is
// the extension to enable with it ("" for core).
type featureBit struct {
	name      string
	have, set *bool32
	ext       string
}

// featureBits lists every feature the package enables when the device has
// it, in the order [Device.Enabled] reports them. A feature appears once
// per structure that can hold it; only the linked one can be non-zero.
func featureBits(q, e *featureChain) []featureBit {
	return []featureBit{
		{"shaderInt64", &q.base.features.shaderInt64, &e.base.features.shaderInt64, ""},
		{"shaderFloat64", &q.base.features.shaderFloat64, &e.base.features.shaderFloat64, ""},
		{"shaderInt16", &q.base.features.shaderInt16, &e.base.features.shaderInt16, ""},

		{"bufferDeviceAddress", &q.v12.bufferDeviceAddress, &e.v12.bufferDeviceAddress, ""},
		{"bufferDeviceAddress", &q.bda.bufferDeviceAddress, &e.bda.bufferDeviceAddress, extBufferDeviceAddress},
		{"shaderFloat16", &q.v12.shaderFloat16, &e.v12.shaderFloat16, ""},
		{"shaderFloat16", &q.float16Int8.shaderFloat16, &e.float16Int8.shaderFloat16, extShaderFloat16Int8},
		{"shaderInt8", &q.v12.shaderInt8, &e.v12.shaderInt8, ""},
		{"shaderInt8", &q.float16Int8.shaderInt8, &e.float16Int8.shaderInt8, extShaderFloat16Int8},
		{"storageBuffer8BitAccess", &q.v12.storageBuffer8BitAccess, &e.v12.storageBuffer8BitAccess, ""},
		{"storageBuffer8BitAccess", &q.storage8.storageBuffer8BitAccess, &e.storage8.storageBuffer8BitAccess, ext8BitStorage},
		{"storageBuffer16BitAccess", &q.v11.storageBuffer16BitAccess, &e.v11.storageBuffer16BitAccess, ""},
		{"storageBuffer16BitAccess", &q.storage16.storageBuffer16BitAccess, &e.storage16.storageBuffer16BitAccess, ""},
		{"storagePushConstant16", &q.v11.storagePushConstant16, &e.v11.storagePushConstant16, ""},
		{"storagePushConstant16", &q.storage16.storagePushConstant16, &e.storage16.storagePushConstant16, ""},
		{"vulkanMemoryModel", &q.v12.vulkanMemoryModel, &e.v12.vulkanMemoryModel, ""},
		{"vulkanMemoryModel", &q.memoryModel.vulkanMemoryModel, &e.memoryModel.vulkanMemoryModel, extVulkanMemoryModel},
		{"vulkanMemoryModelDeviceScope", &q.v12.vulkanMemoryModelDeviceScope, &e.v12.vulkanMemoryModelDeviceScope, ""},
		{"vulkanMemoryModelDeviceScope", &q.memoryModel.vulkanMemoryModelDeviceScope, &e.memoryModel.vulkanMemoryModelDeviceScope, extVulkanMemoryModel},
		{"shaderSubgroupExtendedTypes", &q.v12.shaderSubgroupExtendedTypes, &e.v12.shaderSubgroupExtendedTypes, ""},
		{"shaderSubgroupExtendedTypes", &q.extendedTypes.shaderSubgroupExtendedTypes, &e.extendedTypes.shaderSubgroupExtendedTypes, extSubgroupExtendedTypes},

		{"subgroupSizeControl", &q.v13.subgroupSizeControl, &e.v13.subgroupSizeControl, ""},
		{"subgroupSizeControl", &q.sizeControl.subgroupSizeControl, &e.sizeControl.subgroupSizeControl, extSubgroupSizeControl},
		{"computeFullSubgroups", &q.v13.computeFullSubgroups, &e.v13.computeFullSubgroups, ""},
		{"computeFullSubgroups", &q.sizeControl.computeFullSubgroups, &e.sizeControl.computeFullSubgroups, extSubgroupSizeControl},
		{"shaderIntegerDotProduct", &q.v13.shaderIntegerDotProduct, &e.v13.shaderIntegerDotProduct, ""},
		{"shaderIntegerDotProduct", &q.dotProduct.shaderIntegerDotProduct, &e.dotProduct.shaderIntegerDotProduct, extShaderIntegerDotProduct},
		{"maintenance4", &q.v13.maintenance4, &e.v13.maintenance4, ""},

		{"shaderSubgroupClock", &q.clock.shaderSubgroupClock, &e.clock.shaderSubgroupClock, extShaderClock},
		{"shaderDeviceClock", &q.clock.shaderDeviceClock, &e.clock.shaderDeviceClock, extShaderClock},
		{"pipelineExecutableInfo", &q.executable.pipelineExecutableInfo, &e.executable.pipelineExecutableInfo, extPipelineExecutable},
		{"shaderSMBuiltins", &q.smBuiltins.shaderSMBuiltins, &e.smBuiltins.shaderSMBuiltins, extSMBuiltins},
		{"cooperativeMatrix", &q.coopMatrix.cooperativeMatrix, &e.coopMatrix.cooperativeMatrix, extCooperativeMatrix},
		{"shaderBFloat16Type", &q.bfloat16.shaderBFloat16Type, &e.bfloat16.shaderBFloat16Type, extShaderBfloat16},
		{"shaderBFloat16CooperativeMatrix", &q.bfloat16.shaderBFloat16CooperativeMatrix, &e.bfloat16.shaderBFloat16CooperativeMatrix, extShaderBfloat16},
		{"shaderFloat8", &q.float8.shaderFloat8, &e.float8.shaderFloat8, extShaderFloat8},
		{"shaderFloat8CooperativeMatrix", &q.float8.shaderFloat8CooperativeMatrix, &e.float8.shaderFloat8CooperativeMatrix, extShaderFloat8},
	}
}

// enable returns the chain to pass to vkCreateDevice, with every feature of
// featureBits that q (the queried chain, with layout l) reports turned on
// and nothing else: robustBufferAccess and the like stay off because they
// change what a probe measures. It also returns the names of the enabled
// features, and the sorted extensions to enable.
func (q *featureChain) enable(l chainLayout) (e *featureChain, features, exts []string) {
	e = newFeatureChain(l)
	extSet := map[string]bool{}
	for _, b := range featureBits(q, e) {
		if *b.have == 0 {
			continue
		}
		*b.set = vkTrue
		if !slices.Contains(features, b.name) {
			features = append(features, b.name)
		}
		if b.ext != "" {
			extSet[b.ext] = true
		}
	}
	if l.spirv14 {
		extSet[extSPIRV14] = true
		extSet[extShaderFloatControls] = true
	}
	if l.portability {
		extSet[extPortabilitySubset] = true
	}
	for name := range extSet {
		exts = append(exts, name)
	}
	slices.Sort(exts)
	return e, features, exts
}

// supported reports the features the chain says the device has.
func (c *featureChain) supported() Features {
	on := func(v ...bool32) bool { return slices.ContainsFunc(v, func(b bool32) bool { return b != 0 }) }
	return Features{
		ShaderFloat64:               on(c.base.features.shaderFloat64),
		ShaderInt64:                 on(c.base.features.shaderInt64),
		ShaderInt16:                 on(c.base.features.shaderInt16),
		ShaderFloat16:               on(c.v12.shaderFloat16, c.float16Int8.shaderFloat16),
		ShaderInt8:                  on(c.v12.shaderInt8, c.float16Int8.shaderInt8),
		BufferDeviceAddress:         on(c.v12.bufferDeviceAddress, c.bda.bufferDeviceAddress),
		ShaderSubgroupClock:         on(c.clock.shaderSubgroupClock),
		ShaderDeviceClock:           on(c.clock.shaderDeviceClock),
		PipelineExecutableInfo:      on(c.executable.pipelineExecutableInfo),
		SubgroupSizeControl:         on(c.v13.subgroupSizeControl, c.sizeControl.subgroupSizeControl),
		ComputeFullSubgroups:        on(c.v13.computeFullSubgroups, c.sizeControl.computeFullSubgroups),
		ShaderIntegerDotProduct:     on(c.v13.shaderIntegerDotProduct, c.dotProduct.shaderIntegerDotProduct),
		VulkanMemoryModel:           on(c.v12.vulkanMemoryModel, c.memoryModel.vulkanMemoryModel),
		StorageBuffer8BitAccess:     on(c.v12.storageBuffer8BitAccess, c.storage8.storageBuffer8BitAccess),
		StorageBuffer16BitAccess:    on(c.v11.storageBuffer16BitAccess, c.storage16.storageBuffer16BitAccess),
		StoragePushConstant16:       on(c.v11.storagePushConstant16, c.storage16.storagePushConstant16),
		ShaderSubgroupExtendedTypes: on(c.v12.shaderSubgroupExtendedTypes, c.extendedTypes.shaderSubgroupExtendedTypes),
		CooperativeMatrix:           on(c.coopMatrix.cooperativeMatrix),
		BFloat16CooperativeMatrix:   on(c.bfloat16.shaderBFloat16CooperativeMatrix) && on(c.bfloat16.shaderBFloat16Type),
		Float8CooperativeMatrix:     on(c.float8.shaderFloat8CooperativeMatrix) && on(c.float8.shaderFloat8),
	}
}
