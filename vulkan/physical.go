package vulkan

import (
	"fmt"
	"slices"
	"unsafe"
)

// PhysicalDevice is what the driver reports about one Vulkan device, read
// once by [Open]. It is a plain value that [Instance.Devices] and
// [Device.Info] copy deeply. It encodes to JSON with snake_case keys
// ("vendor_id", "subgroup", "max_compute_shared_memory_size"), sizes in
// bytes; the UUIDs encode as arrays of 16 numbers.
type PhysicalDevice struct {
	// Index is the device's position in the loader's enumeration order,
	// the argument to [Instance.OpenDevice].
	Index int `json:"index"`

	Name     string `json:"name"`
	VendorID uint32 `json:"vendor_id"`
	DeviceID uint32 `json:"device_id"`
	// Vendor names VendorID: "NVIDIA", "AMD", "Intel", "Apple", "ARM",
	// "Qualcomm", "Mesa" (0x10005, lavapipe), ..., else "0x<hex>".
	Vendor string `json:"vendor"`
	// Type is "discrete GPU", "integrated GPU", "virtual GPU", "CPU" or
	// "other".
	Type string `json:"type"`
	// APIVersion is the Vulkan version the driver implements, such as
	// "1.4.312". The package uses at most 1.3 of it (see [Open]).
	APIVersion string `json:"api_version"`

	// DriverVersionRaw is VkPhysicalDeviceProperties::driverVersion and
	// DriverVersion its decoding by the vendor's convention: NVIDIA's
	// proprietary driver packs 10.8.8.6 bits ("570.133.20.0"), Intel's
	// Windows driver 18.14 bits; everyone else, Mesa included,
	// VK_MAKE_VERSION's major.minor.patch.
	DriverVersionRaw uint32 `json:"driver_version_raw"`
	DriverVersion    string `json:"driver_version"`

	// DriverID is the VkDriverId (4 is NVIDIA's proprietary driver, 13
	// lavapipe), DriverName and DriverInfo the driver's own strings, and
	// ConformanceVersion the conformance test suite version it passed, as
	// "major.minor.subminor.patch". All come from
	// VkPhysicalDeviceDriverProperties (core 1.2, or VK_KHR_driver_properties)
	// and are zero when the device has neither.
	DriverID           uint32 `json:"driver_id"`
	DriverName         string `json:"driver_name"`
	DriverInfo         string `json:"driver_info"`
	ConformanceVersion string `json:"conformance_version"`

	// DeviceUUID and DriverUUID come from VkPhysicalDeviceIDProperties
	// (core 1.1). DeviceUUID matches the UUID CUDA and NVML report for the
	// same NVIDIA GPU.
	DeviceUUID [16]byte `json:"device_uuid"`
	DriverUUID [16]byte `json:"driver_uuid"`

	// PCIBus is the device's PCI address, "0000:17:00.0", from
	// VK_EXT_pci_bus_info; "" without that extension.
	PCIBus string `json:"pci_bus,omitempty"`

	Limits   Limits   `json:"limits"`
	Subgroup Subgroup `json:"subgroup"`
	// Features lists what the device supports, not what [Instance.OpenDevice]
	// enabled: see [Device.Enabled] for that.
	Features Features `json:"features"`
	// Extensions is every device extension name, sorted.
	Extensions []string `json:"extensions"`

	// SMBuiltins holds VK_NV_shader_sm_builtins' properties; nil when the
	// device lacks the extension.
	SMBuiltins *SMBuiltins `json:"sm_builtins,omitempty"`
	// AMDCore holds VK_AMD_shader_core_properties' properties; nil when the
	// device lacks the extension.
	AMDCore *AMDCoreProperties `json:"amd_core,omitempty"`
	// CooperativeMatrix lists VK_KHR_cooperative_matrix's shapes and
	// types; nil when the device lacks the extension.
	CooperativeMatrix *CooperativeMatrix `json:"cooperative_matrix,omitempty"`

	MemoryHeaps   []MemoryHeap  `json:"memory_heaps"`
	QueueFamilies []QueueFamily `json:"queue_families"`
}

// Limits is the part of VkPhysicalDeviceLimits a compute probe needs.
type Limits struct {
	// MaxComputeSharedMemorySize is the most workgroup (shared) memory one
	// workgroup may declare, in bytes.
	MaxComputeSharedMemorySize     uint32    `json:"max_compute_shared_memory_size"`
	MaxComputeWorkGroupInvocations uint32    `json:"max_compute_work_group_invocations"`
	MaxComputeWorkGroupSize        [3]uint32 `json:"max_compute_work_group_size"`
	MaxComputeWorkGroupCount       [3]uint32 `json:"max_compute_work_group_count"`
	// MaxPushConstantsSize is in bytes.
	MaxPushConstantsSize uint32 `json:"max_push_constants_size"`
	// MaxStorageBufferRange is in bytes.
	MaxStorageBufferRange uint32 `json:"max_storage_buffer_range"`
	// TimestampPeriod is the number of nanoseconds per timestamp tick.
	TimestampPeriod float32 `json:"timestamp_period"`
	// TimestampComputeAndGraphics reports whether every graphics and
	// compute queue supports timestamps.
	TimestampComputeAndGraphics bool `json:"timestamp_compute_and_graphics"`
	// MinStorageBufferOffsetAlignment is in bytes.
	MinStorageBufferOffsetAlignment uint64 `json:"min_storage_buffer_offset_alignment"`
}

// Subgroup describes the device's subgroups (warps, wavefronts).
type Subgroup struct {
	// Size is the default subgroup size (VkPhysicalDeviceSubgroupProperties).
	Size uint32 `json:"size"`
	// SupportedStages names the shader stages with subgroup operations:
	// "compute", "fragment", ...
	SupportedStages []string `json:"supported_stages"`
	// SupportedOperations names the subgroup operation classes: "basic",
	// "vote", "arithmetic", "ballot", "shuffle", "shuffle_relative",
	// "clustered", "quad", "rotate", "rotate_clustered", "partitioned_nv".
	SupportedOperations       []string `json:"supported_operations"`
	QuadOperationsInAllStages bool     `json:"quad_operations_in_all_stages"`

	// MinSize, MaxSize, MaxComputeWorkgroupSubgroups and RequiredSizeStages
	// come from VkPhysicalDeviceSubgroupSizeControlProperties (core 1.3, or
	// VK_EXT_subgroup_size_control) and are zero without either. A
	// pipeline's RequiredSubgroupSize must lie in [MinSize, MaxSize] and
	// RequiredSizeStages must include "compute".
	MinSize                      uint32   `json:"min_size"`
	MaxSize                      uint32   `json:"max_size"`
	MaxComputeWorkgroupSubgroups uint32   `json:"max_compute_workgroup_subgroups"`
	RequiredSizeStages           []string `json:"required_size_stages"`
}

// Features lists optional device features that matter to compute probes.
// Each is true when the device supports it.
type Features struct {
	ShaderFloat64               bool `json:"shader_float64"`
	ShaderInt64                 bool `json:"shader_int64"`
	ShaderInt16                 bool `json:"shader_int16"`
	ShaderFloat16               bool `json:"shader_float16"`
	ShaderInt8                  bool `json:"shader_int8"`
	BufferDeviceAddress         bool `json:"buffer_device_address"`
	ShaderSubgroupClock         bool `json:"shader_subgroup_clock"`    // VK_KHR_shader_clock
	ShaderDeviceClock           bool `json:"shader_device_clock"`      // VK_KHR_shader_clock
	PipelineExecutableInfo      bool `json:"pipeline_executable_info"` // VK_KHR_pipeline_executable_properties
	SubgroupSizeControl         bool `json:"subgroup_size_control"`
	ComputeFullSubgroups        bool `json:"compute_full_subgroups"`
	ShaderIntegerDotProduct     bool `json:"shader_integer_dot_product"`
	VulkanMemoryModel           bool `json:"vulkan_memory_model"`
	StorageBuffer8BitAccess     bool `json:"storage_buffer_8bit_access"`
	StorageBuffer16BitAccess    bool `json:"storage_buffer_16bit_access"`
	StoragePushConstant16       bool `json:"storage_push_constant_16"`
	ShaderSubgroupExtendedTypes bool `json:"shader_subgroup_extended_types"`
	CooperativeMatrix           bool `json:"cooperative_matrix"` // VK_KHR_cooperative_matrix
	// BFloat16CooperativeMatrix: VK_KHR_shader_bfloat16's bfloat16 type
	// and its cooperative matrices.
	BFloat16CooperativeMatrix bool `json:"bfloat16_cooperative_matrix,omitempty"`
	// Float8CooperativeMatrix: VK_EXT_shader_float8's e4m3 and e5m2 types
	// and their cooperative matrices.
	Float8CooperativeMatrix bool `json:"float8_cooperative_matrix,omitempty"`
}

// SMBuiltins holds VkPhysicalDeviceShaderSMBuiltinsPropertiesNV.
type SMBuiltins struct {
	// SMCount is the number of streaming multiprocessors.
	SMCount uint32 `json:"sm_count"`
	// WarpsPerSM is the most warps one SM runs at once.
	WarpsPerSM uint32 `json:"warps_per_sm"`
}

// AMDCoreProperties holds VkPhysicalDeviceShaderCorePropertiesAMD, and the
// active compute unit count from VK_AMD_shader_core_properties2.
type AMDCoreProperties struct {
	ShaderEngineCount          uint32 `json:"shader_engine_count"`
	ShaderArraysPerEngineCount uint32 `json:"shader_arrays_per_engine_count"`
	ComputeUnitsPerShaderArray uint32 `json:"compute_units_per_shader_array"`
	SimdPerComputeUnit         uint32 `json:"simd_per_compute_unit"`
	WavefrontsPerSimd          uint32 `json:"wavefronts_per_simd"`
	WavefrontSize              uint32 `json:"wavefront_size"`
	SgprsPerSimd               uint32 `json:"sgprs_per_simd"`
	MinSgprAllocation          uint32 `json:"min_sgpr_allocation"`
	MaxSgprAllocation          uint32 `json:"max_sgpr_allocation"`
	SgprAllocationGranularity  uint32 `json:"sgpr_allocation_granularity"`
	VgprsPerSimd               uint32 `json:"vgprs_per_simd"`
	MinVgprAllocation          uint32 `json:"min_vgpr_allocation"`
	MaxVgprAllocation          uint32 `json:"max_vgpr_allocation"`
	VgprAllocationGranularity  uint32 `json:"vgpr_allocation_granularity"`
	// ActiveComputeUnitCount is 0 without VK_AMD_shader_core_properties2.
	ActiveComputeUnitCount uint32 `json:"active_compute_unit_count"`
}

// MemoryHeap is one VkMemoryHeap.
type MemoryHeap struct {
	// Size is in bytes.
	Size        uint64 `json:"size"`
	DeviceLocal bool   `json:"device_local"`
}

// QueueFamily is one VkQueueFamilyProperties.
type QueueFamily struct {
	// Flags names the queue capabilities: "graphics", "compute",
	// "transfer", "sparse_binding", "protected", "video_decode", ...
	Flags []string `json:"flags"`
	// Count is the number of queues in the family.
	Count uint32 `json:"count"`
	// TimestampValidBits is how many low bits of a timestamp are valid;
	// 0 means the family's queues do not support timestamps.
	TimestampValidBits uint32 `json:"timestamp_valid_bits"`
}

// HasExtension reports whether the device offers the named extension.
func (p PhysicalDevice) HasExtension(name string) bool {
	_, found := slices.BinarySearch(p.Extensions, name)
	return found
}

// clone returns a deep copy, so that a caller cannot change the copy a
// [Device] keeps.
func (p PhysicalDevice) clone() PhysicalDevice {
	q := p
	q.Subgroup.SupportedStages = slices.Clone(p.Subgroup.SupportedStages)
	q.Subgroup.SupportedOperations = slices.Clone(p.Subgroup.SupportedOperations)
	q.Subgroup.RequiredSizeStages = slices.Clone(p.Subgroup.RequiredSizeStages)
	q.Extensions = slices.Clone(p.Extensions)
	q.MemoryHeaps = slices.Clone(p.MemoryHeaps)
	q.QueueFamilies = make([]QueueFamily, len(p.QueueFamilies))
	for i, f := range p.QueueFamilies {
		f.Flags = slices.Clone(f.Flags)
		q.QueueFamilies[i] = f
	}
	if p.SMBuiltins != nil {
		sm := *p.SMBuiltins
		q.SMBuiltins = &sm
	}
	if p.AMDCore != nil {
		amd := *p.AMDCore
		q.AMDCore = &amd
	}
	q.CooperativeMatrix = p.CooperativeMatrix.clone()
	return q
}

// physical is one enumerated physical device: what the package reports and
// what it needs to open the device.
type physical struct {
	handle uintptr
	// api is the effective API version: the lower of the device's and the
	// instance's. Core structures and commands above it must not be used.
	api      uint32
	info     PhysicalDevice
	layout   chainLayout
	features *featureChain // as queried: what the device supports
	memory   physicalDeviceMemoryProperties
	families []queueFamilyProperties
	// requiredSizeStages is the raw VkShaderStageFlags behind
	// info.Subgroup.RequiredSizeStages.
	requiredSizeStages uint32
}

// propertyChain is the VkPhysicalDeviceProperties2 chain the package
// queries; only the structures the device supports are linked.
type propertyChain struct {
	base        physicalDeviceProperties2
	driver      physicalDeviceDriverProperties
	id          physicalDeviceIDProperties
	subgroup    physicalDeviceSubgroupProperties
	sizeControl physicalDeviceSubgroupSizeControlProperties
	pci         physicalDevicePCIBusInfoPropertiesEXT
	sm          physicalDeviceShaderSMBuiltinsPropertiesNV
	amd         physicalDeviceShaderCorePropertiesAMD
	amd2        physicalDeviceShaderCoreProperties2AMD
	coopMatrix  physicalDeviceCooperativeMatrixPropertiesKHR
	coopMatrix2 physicalDeviceCooperativeMatrix2PropertiesNV
}

// queryPhysical reads everything the package reports about one device.
// instanceAPI is the API version the instance was created with.
func queryPhysical(fn *instanceFuncs, handle uintptr, index int, instanceAPI uint32) (*physical, error) {
	var props physicalDeviceProperties
	fn.vkGetPhysicalDeviceProperties(handle, &props)
	p := &physical{handle: handle, api: min(props.apiVersion, instanceAPI)}

	exts, err := deviceExtensions(fn, handle)
	if err != nil {
		return nil, fmt.Errorf("device %d (%s): %w", index, trimC(props.deviceName[:]), err)
	}
	has := func(name string) bool { _, ok := slices.BinarySearch(exts, name); return ok }

	// Properties, through VkPhysicalDeviceProperties2 and a chain of the
	// structures this device's version and extensions provide.
	pc := &propertyChain{}
	c := newChain(unsafe.Pointer(&pc.base), stPhysicalDeviceProperties2)
	c.add(p.api >= apiVersion12 || has(extDriverProperties), unsafe.Pointer(&pc.driver), stPhysicalDeviceDriverProperties)
	c.add(p.api >= apiVersion11, unsafe.Pointer(&pc.id), stPhysicalDeviceIDProperties)
	c.add(p.api >= apiVersion11, unsafe.Pointer(&pc.subgroup), stPhysicalDeviceSubgroupProperties)
	c.add(p.api >= apiVersion13 || has(extSubgroupSizeControl), unsafe.Pointer(&pc.sizeControl), stPhysicalDeviceSubgroupSizeControlProperties)
	c.add(has(extPCIBusInfo), unsafe.Pointer(&pc.pci), stPhysicalDevicePCIBusInfoPropertiesEXT)
	c.add(has(extSMBuiltins), unsafe.Pointer(&pc.sm), stPhysicalDeviceShaderSMBuiltinsPropertiesNV)
	c.add(has(extAMDShaderCore), unsafe.Pointer(&pc.amd), stPhysicalDeviceShaderCorePropertiesAMD)
	c.add(has(extAMDShaderCore2), unsafe.Pointer(&pc.amd2), stPhysicalDeviceShaderCoreProperties2AMD)
	c.add(has(extCooperativeMatrix), unsafe.Pointer(&pc.coopMatrix), stPhysicalDeviceCooperativeMatrixPropertiesKHR)
	c.add(has(extCooperativeMatrix2), unsafe.Pointer(&pc.coopMatrix2), stPhysicalDeviceCooperativeMatrix2PropertiesNV)
	fn.vkGetPhysicalDeviceProperties2(handle, &pc.base)

	// Features, likewise.
	p.layout = layoutFor(p.api, has)
	p.features = newFeatureChain(p.layout)
	fn.vkGetPhysicalDeviceFeatures2(handle, &p.features.base)

	fn.vkGetPhysicalDeviceMemoryProperties(handle, &p.memory)
	var n uint32
	fn.vkGetPhysicalDeviceQueueFamilyProperties(handle, &n, nil)
	p.families = make([]queueFamilyProperties, n)
	if n > 0 {
		fn.vkGetPhysicalDeviceQueueFamilyProperties(handle, &n, &p.families[0])
		p.families = p.families[:n]
	}

	p.requiredSizeStages = pc.sizeControl.requiredSubgroupSizeStages
	p.info = describe(index, pc, p, exts, has)
	if has(extCooperativeMatrix) {
		props, err := queryCooperativeMatrix(fn, handle)
		if err != nil {
			return nil, fmt.Errorf("device %d (%s): %w", index, p.info.Name, err)
		}
		cm := &CooperativeMatrix{SupportedStages: flagNames(pc.coopMatrix.cooperativeMatrixSupportedStages, shaderStageNames), Properties: props}
		if has(extCooperativeMatrix2) {
			nv := &pc.coopMatrix2
			cm.NV2 = &CooperativeMatrix2{
				WorkgroupScopeMaxWorkgroupSize:     nv.cooperativeMatrixWorkgroupScopeMaxWorkgroupSize,
				FlexibleDimensionsMaxDimension:     nv.cooperativeMatrixFlexibleDimensionsMaxDimension,
				WorkgroupScopeReservedSharedMemory: nv.cooperativeMatrixWorkgroupScopeReservedSharedMemory,
			}
			if cm.NV2.FlexibleDimensions, err = queryCooperativeMatrixFlexible(fn, handle); err != nil {
				return nil, fmt.Errorf("device %d (%s): %w", index, p.info.Name, err)
			}
		}
		p.info.CooperativeMatrix = cm
	}
	return p, nil
}

// describe builds the exported PhysicalDevice from the queried structures.
func describe(index int, pc *propertyChain, p *physical, exts []string, has func(string) bool) PhysicalDevice {
	props := &pc.base.properties
	lim := &props.limits
	cv := pc.driver.conformanceVersion
	info := PhysicalDevice{
		Index:            index,
		Name:             trimC(props.deviceName[:]),
		VendorID:         props.vendorID,
		DeviceID:         props.deviceID,
		Vendor:           vendorName(props.vendorID),
		Type:             deviceTypeName(props.deviceType),
		APIVersion:       formatAPIVersion(props.apiVersion),
		DriverVersionRaw: props.driverVersion,
		DriverVersion:    formatDriverVersion(props.driverVersion, props.vendorID, pc.driver.driverID),
		DriverID:         pc.driver.driverID,
		DriverName:       trimC(pc.driver.driverName[:]),
		DriverInfo:       trimC(pc.driver.driverInfo[:]),
		DeviceUUID:       pc.id.deviceUUID,
		DriverUUID:       pc.id.driverUUID,
		Limits: Limits{
			MaxComputeSharedMemorySize:      lim.maxComputeSharedMemorySize,
			MaxComputeWorkGroupInvocations:  lim.maxComputeWorkGroupInvocations,
			MaxComputeWorkGroupSize:         lim.maxComputeWorkGroupSize,
			MaxComputeWorkGroupCount:        lim.maxComputeWorkGroupCount,
			MaxPushConstantsSize:            lim.maxPushConstantsSize,
			MaxStorageBufferRange:           lim.maxStorageBufferRange,
			TimestampPeriod:                 lim.timestampPeriod,
			TimestampComputeAndGraphics:     lim.timestampComputeAndGraphics != 0,
			MinStorageBufferOffsetAlignment: lim.minStorageBufferOffsetAlignment,
		},
		Subgroup: Subgroup{
			Size:                         pc.subgroup.subgroupSize,
			SupportedStages:              flagNames(pc.subgroup.supportedStages, shaderStageNames),
			SupportedOperations:          flagNames(pc.subgroup.supportedOperations, subgroupOperationNames),
			QuadOperationsInAllStages:    pc.subgroup.quadOperationsInAllStages != 0,
			MinSize:                      pc.sizeControl.minSubgroupSize,
			MaxSize:                      pc.sizeControl.maxSubgroupSize,
			MaxComputeWorkgroupSubgroups: pc.sizeControl.maxComputeWorkgroupSubgroups,
			RequiredSizeStages:           flagNames(pc.sizeControl.requiredSubgroupSizeStages, shaderStageNames),
		},
		Features:   p.features.supported(),
		Extensions: exts,
	}
	if cv != (conformanceVersion{}) {
		info.ConformanceVersion = fmt.Sprintf("%d.%d.%d.%d", cv.major, cv.minor, cv.subminor, cv.patch)
	}
	if has(extPCIBusInfo) {
		info.PCIBus = fmt.Sprintf("%04x:%02x:%02x.%x", pc.pci.pciDomain, pc.pci.pciBus, pc.pci.pciDevice, pc.pci.pciFunction)
	}
	if has(extSMBuiltins) {
		info.SMBuiltins = &SMBuiltins{SMCount: pc.sm.shaderSMCount, WarpsPerSM: pc.sm.shaderWarpsPerSM}
	}
	if has(extAMDShaderCore) {
		a := &pc.amd
		info.AMDCore = &AMDCoreProperties{
			ShaderEngineCount:          a.shaderEngineCount,
			ShaderArraysPerEngineCount: a.shaderArraysPerEngineCount,
			ComputeUnitsPerShaderArray: a.computeUnitsPerShaderArray,
			SimdPerComputeUnit:         a.simdPerComputeUnit,
			WavefrontsPerSimd:          a.wavefrontsPerSimd,
			WavefrontSize:              a.wavefrontSize,
			SgprsPerSimd:               a.sgprsPerSimd,
			MinSgprAllocation:          a.minSgprAllocation,
			MaxSgprAllocation:          a.maxSgprAllocation,
			SgprAllocationGranularity:  a.sgprAllocationGranularity,
			VgprsPerSimd:               a.vgprsPerSimd,
			MinVgprAllocation:          a.minVgprAllocation,
			MaxVgprAllocation:          a.maxVgprAllocation,
			VgprAllocationGranularity:  a.vgprAllocationGranularity,
			ActiveComputeUnitCount:     pc.amd2.activeComputeUnitCount,
		}
	}
	for _, h := range p.memory.memoryHeaps[:min(p.memory.memoryHeapCount, uint32(len(p.memory.memoryHeaps)))] {
		info.MemoryHeaps = append(info.MemoryHeaps, MemoryHeap{Size: h.size, DeviceLocal: h.flags&memoryHeapDeviceLocal != 0})
	}
	for _, f := range p.families {
		info.QueueFamilies = append(info.QueueFamilies, QueueFamily{
			Flags:              flagNames(f.queueFlags, queueFlagNames),
			Count:              f.queueCount,
			TimestampValidBits: f.timestampValidBits,
		})
	}
	return info
}

// deviceExtensions lists a physical device's extension names, sorted.
func deviceExtensions(fn *instanceFuncs, handle uintptr) ([]string, error) {
	props, err := enumerate("vkEnumerateDeviceExtensionProperties", nil, func(n *uint32, p *extensionProperties) int32 {
		return fn.vkEnumerateDeviceExtensionProperties(handle, nil, n, p)
	})
	if err != nil {
		return nil, err
	}
	return extensionNames(props), nil
}

// extensionNames returns the sorted names in props.
func extensionNames(props []extensionProperties) []string {
	names := make([]string, len(props))
	for i := range props {
		names[i] = trimC(props[i].extensionName[:])
	}
	slices.Sort(names)
	return names
}

// enumerate runs Vulkan's two-call pattern: ask for the count, then for
// that many elements, and start over while the driver answers VK_INCOMPLETE
// (the count grew in between). call gets a nil element pointer on the first
// call. prepare, when not nil, initializes the elements before the second
// call (output structures need their sType).
func enumerate[T any](fn string, prepare func([]T), call func(count *uint32, elems *T) int32) ([]T, error) {
	for {
		var n uint32
		if err := check(fn, call(&n, nil)); err != nil {
			return nil, err
		}
		if n == 0 {
			return nil, nil
		}
		elems := make([]T, n)
		if prepare != nil {
			prepare(elems)
		}
		r := call(&n, &elems[0])
		if r == resultIncomplete {
			continue
		}
		if err := check(fn, r); err != nil {
			return nil, err
		}
		return elems[:n], nil
	}
}
