package cuda

import "fmt"

// Attribute is a device attribute (CUdevice_attribute). Values are those of
// cuda.h; the names in [Attribute.String] drop the CU_DEVICE_ATTRIBUTE_
// prefix.
type Attribute int

// Device attributes that gpuarch reads by name. [Device.Attributes] reads
// every attribute in the package's table, named or not.
const (
	MaxThreadsPerBlock               Attribute = 1   // threads per block
	MaxBlockDimX                     Attribute = 2   // block dimension X
	MaxBlockDimY                     Attribute = 3   // block dimension Y
	MaxBlockDimZ                     Attribute = 4   // block dimension Z
	MaxGridDimX                      Attribute = 5   // grid dimension X
	MaxGridDimY                      Attribute = 6   // grid dimension Y
	MaxGridDimZ                      Attribute = 7   // grid dimension Z
	MaxSharedMemoryPerBlock          Attribute = 8   // bytes of shared memory per block without opt-in
	TotalConstantMemory              Attribute = 9   // bytes of constant memory
	WarpSize                         Attribute = 10  // threads per warp
	MaxRegistersPerBlock             Attribute = 12  // 32-bit registers per block
	ClockRate                        Attribute = 13  // typical SM clock in kHz
	MultiprocessorCount              Attribute = 16  // SMs on the device
	KernelExecTimeout                Attribute = 17  // 1 if a watchdog limits kernel run time
	Integrated                       Attribute = 18  // 1 if the GPU shares memory with the host
	ComputeMode                      Attribute = 20  // CUcomputemode
	ConcurrentKernels                Attribute = 31  // 1 if kernels can run concurrently
	ECCEnabled                       Attribute = 32  // 1 if ECC is on
	PCIBusID                         Attribute = 33  // PCI bus number
	PCIDeviceID                      Attribute = 34  // PCI device (slot) number
	MemoryClockRate                  Attribute = 36  // peak memory clock in kHz
	GlobalMemoryBusWidth             Attribute = 37  // memory bus width in bits
	L2CacheSize                      Attribute = 38  // bytes of L2 cache
	MaxThreadsPerMultiprocessor      Attribute = 39  // resident threads per SM
	AsyncEngineCount                 Attribute = 40  // copy engines
	UnifiedAddressing                Attribute = 41  // 1 if host and device share an address space
	PCIDomainID                      Attribute = 50  // PCI domain number
	ComputeCapabilityMajor           Attribute = 75  // compute capability major
	ComputeCapabilityMinor           Attribute = 76  // compute capability minor
	GlobalL1CacheSupported           Attribute = 79  // 1 if globals can be cached in L1
	LocalL1CacheSupported            Attribute = 80  // 1 if locals can be cached in L1
	MaxSharedMemoryPerMultiprocessor Attribute = 81  // bytes of shared memory per SM
	MaxRegistersPerMultiprocessor    Attribute = 82  // 32-bit registers per SM
	ManagedMemory                    Attribute = 83  // 1 if managed memory can be allocated
	SingleToDoublePrecisionPerfRatio Attribute = 87  // FP32 to FP64 throughput ratio
	ComputePreemptionSupported       Attribute = 90  // 1 if compute preemption is supported
	CooperativeLaunch                Attribute = 95  // 1 if cooperative launches are supported
	MaxSharedMemoryPerBlockOptin     Attribute = 97  // bytes of shared memory per block with opt-in
	MaxBlocksPerMultiprocessor       Attribute = 106 // resident blocks per SM
	MaxPersistingL2CacheSize         Attribute = 108 // bytes of L2 that can be set aside for persisting accesses
	MaxAccessPolicyWindowSize        Attribute = 109 // bytes in an access policy window
	ReservedSharedMemoryPerBlock     Attribute = 111 // bytes of shared memory the driver reserves per block
	MemoryPoolsSupported             Attribute = 115 // 1 if cuMemAllocAsync is supported
	ClusterLaunch                    Attribute = 120 // 1 if thread block clusters are supported
	MemSyncDomainCount               Attribute = 126 // memory synchronization domains
	TensorMapAccessSupported         Attribute = 127 // 1 if tensor maps (TMA) are supported
	MulticastSupported               Attribute = 132 // 1 if NVLink switch multicast is supported
	MPSEnabled                       Attribute = 133 // 1 if contexts are shared through MPS
	GPUPCIDeviceID                   Attribute = 139 // PCI device ID << 16 | vendor ID
	GPUPCISubsystemID                Attribute = 140 // PCI subsystem ID << 16 | subsystem vendor ID
)

// attributeInfo names one CUdevice_attribute value.
type attributeInfo struct {
	attr Attribute
	name string
}

// attributeTable lists every CUdevice_attribute in cuda.h up to CUDA 13,
// without the deprecated aliases that share a value with another name.
// Names drop the CU_DEVICE_ATTRIBUTE_ prefix.
func attributeTable() []attributeInfo {
	return []attributeInfo{
		{1, "MAX_THREADS_PER_BLOCK"},
		{2, "MAX_BLOCK_DIM_X"},
		{3, "MAX_BLOCK_DIM_Y"},
		{4, "MAX_BLOCK_DIM_Z"},
		{5, "MAX_GRID_DIM_X"},
		{6, "MAX_GRID_DIM_Y"},
		{7, "MAX_GRID_DIM_Z"},
		{8, "MAX_SHARED_MEMORY_PER_BLOCK"},
		{9, "TOTAL_CONSTANT_MEMORY"},
		{10, "WARP_SIZE"},
		{11, "MAX_PITCH"},
		{12, "MAX_REGISTERS_PER_BLOCK"},
		{13, "CLOCK_RATE"},
		{14, "TEXTURE_ALIGNMENT"},
		{15, "GPU_OVERLAP"},
		{16, "MULTIPROCESSOR_COUNT"},
		{17, "KERNEL_EXEC_TIMEOUT"},
		{18, "INTEGRATED"},
		{19, "CAN_MAP_HOST_MEMORY"},
		{20, "COMPUTE_MODE"},
		{21, "MAXIMUM_TEXTURE1D_WIDTH"},
		{22, "MAXIMUM_TEXTURE2D_WIDTH"},
		{23, "MAXIMUM_TEXTURE2D_HEIGHT"},
		{24, "MAXIMUM_TEXTURE3D_WIDTH"},
		{25, "MAXIMUM_TEXTURE3D_HEIGHT"},
		{26, "MAXIMUM_TEXTURE3D_DEPTH"},
		{27, "MAXIMUM_TEXTURE2D_LAYERED_WIDTH"},
		{28, "MAXIMUM_TEXTURE2D_LAYERED_HEIGHT"},
		{29, "MAXIMUM_TEXTURE2D_LAYERED_LAYERS"},
		{30, "SURFACE_ALIGNMENT"},
		{31, "CONCURRENT_KERNELS"},
		{32, "ECC_ENABLED"},
		{33, "PCI_BUS_ID"},
		{34, "PCI_DEVICE_ID"},
		{35, "TCC_DRIVER"},
		{36, "MEMORY_CLOCK_RATE"},
		{37, "GLOBAL_MEMORY_BUS_WIDTH"},
		{38, "L2_CACHE_SIZE"},
		{39, "MAX_THREADS_PER_MULTIPROCESSOR"},
		{40, "ASYNC_ENGINE_COUNT"},
		{41, "UNIFIED_ADDRESSING"},
		{42, "MAXIMUM_TEXTURE1D_LAYERED_WIDTH"},
		{43, "MAXIMUM_TEXTURE1D_LAYERED_LAYERS"},
		{44, "CAN_TEX2D_GATHER"},
		{45, "MAXIMUM_TEXTURE2D_GATHER_WIDTH"},
		{46, "MAXIMUM_TEXTURE2D_GATHER_HEIGHT"},
		{47, "MAXIMUM_TEXTURE3D_WIDTH_ALTERNATE"},
		{48, "MAXIMUM_TEXTURE3D_HEIGHT_ALTERNATE"},
		{49, "MAXIMUM_TEXTURE3D_DEPTH_ALTERNATE"},
		{50, "PCI_DOMAIN_ID"},
		{51, "TEXTURE_PITCH_ALIGNMENT"},
		{52, "MAXIMUM_TEXTURECUBEMAP_WIDTH"},
		{53, "MAXIMUM_TEXTURECUBEMAP_LAYERED_WIDTH"},
		{54, "MAXIMUM_TEXTURECUBEMAP_LAYERED_LAYERS"},
		{55, "MAXIMUM_SURFACE1D_WIDTH"},
		{56, "MAXIMUM_SURFACE2D_WIDTH"},
		{57, "MAXIMUM_SURFACE2D_HEIGHT"},
		{58, "MAXIMUM_SURFACE3D_WIDTH"},
		{59, "MAXIMUM_SURFACE3D_HEIGHT"},
		{60, "MAXIMUM_SURFACE3D_DEPTH"},
		{61, "MAXIMUM_SURFACE1D_LAYERED_WIDTH"},
		{62, "MAXIMUM_SURFACE1D_LAYERED_LAYERS"},
		{63, "MAXIMUM_SURFACE2D_LAYERED_WIDTH"},
		{64, "MAXIMUM_SURFACE2D_LAYERED_HEIGHT"},
		{65, "MAXIMUM_SURFACE2D_LAYERED_LAYERS"},
		{66, "MAXIMUM_SURFACECUBEMAP_WIDTH"},
		{67, "MAXIMUM_SURFACECUBEMAP_LAYERED_WIDTH"},
		{68, "MAXIMUM_SURFACECUBEMAP_LAYERED_LAYERS"},
		{69, "MAXIMUM_TEXTURE1D_LINEAR_WIDTH"},
		{70, "MAXIMUM_TEXTURE2D_LINEAR_WIDTH"},
		{71, "MAXIMUM_TEXTURE2D_LINEAR_HEIGHT"},
		{72, "MAXIMUM_TEXTURE2D_LINEAR_PITCH"},
		{73, "MAXIMUM_TEXTURE2D_MIPMAPPED_WIDTH"},
		{74, "MAXIMUM_TEXTURE2D_MIPMAPPED_HEIGHT"},
		{75, "COMPUTE_CAPABILITY_MAJOR"},
		{76, "COMPUTE_CAPABILITY_MINOR"},
		{77, "MAXIMUM_TEXTURE1D_MIPMAPPED_WIDTH"},
		{78, "STREAM_PRIORITIES_SUPPORTED"},
		{79, "GLOBAL_L1_CACHE_SUPPORTED"},
		{80, "LOCAL_L1_CACHE_SUPPORTED"},
		{81, "MAX_SHARED_MEMORY_PER_MULTIPROCESSOR"},
		{82, "MAX_REGISTERS_PER_MULTIPROCESSOR"},
		{83, "MANAGED_MEMORY"},
		{84, "MULTI_GPU_BOARD"},
		{85, "MULTI_GPU_BOARD_GROUP_ID"},
		{86, "HOST_NATIVE_ATOMIC_SUPPORTED"},
		{87, "SINGLE_TO_DOUBLE_PRECISION_PERF_RATIO"},
		{88, "PAGEABLE_MEMORY_ACCESS"},
		{89, "CONCURRENT_MANAGED_ACCESS"},
		{90, "COMPUTE_PREEMPTION_SUPPORTED"},
		{91, "CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM"},
		{92, "CAN_USE_STREAM_MEM_OPS_V1"},
		{93, "CAN_USE_64_BIT_STREAM_MEM_OPS_V1"},
		{94, "CAN_USE_STREAM_WAIT_VALUE_NOR_V1"},
		{95, "COOPERATIVE_LAUNCH"},
		{96, "COOPERATIVE_MULTI_DEVICE_LAUNCH"},
		{97, "MAX_SHARED_MEMORY_PER_BLOCK_OPTIN"},
		{98, "CAN_FLUSH_REMOTE_WRITES"},
		{99, "HOST_REGISTER_SUPPORTED"},
		{100, "PAGEABLE_MEMORY_ACCESS_USES_HOST_PAGE_TABLES"},
		{101, "DIRECT_MANAGED_MEM_ACCESS_FROM_HOST"},
		{102, "VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED"},
		{103, "HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED"},
		{104, "HANDLE_TYPE_WIN32_HANDLE_SUPPORTED"},
		{105, "HANDLE_TYPE_WIN32_KMT_HANDLE_SUPPORTED"},
		{106, "MAX_BLOCKS_PER_MULTIPROCESSOR"},
		{107, "GENERIC_COMPRESSION_SUPPORTED"},
		{108, "MAX_PERSISTING_L2_CACHE_SIZE"},
		{109, "MAX_ACCESS_POLICY_WINDOW_SIZE"},
		{110, "GPU_DIRECT_RDMA_WITH_CUDA_VMM_SUPPORTED"},
		{111, "RESERVED_SHARED_MEMORY_PER_BLOCK"},
		{112, "SPARSE_CUDA_ARRAY_SUPPORTED"},
		{113, "READ_ONLY_HOST_REGISTER_SUPPORTED"},
		{114, "TIMELINE_SEMAPHORE_INTEROP_SUPPORTED"},
		{115, "MEMORY_POOLS_SUPPORTED"},
		{116, "GPU_DIRECT_RDMA_SUPPORTED"},
		{117, "GPU_DIRECT_RDMA_FLUSH_WRITES_OPTIONS"},
		{118, "GPU_DIRECT_RDMA_WRITES_ORDERING"},
		{119, "MEMPOOL_SUPPORTED_HANDLE_TYPES"},
		{120, "CLUSTER_LAUNCH"},
		{121, "DEFERRED_MAPPING_CUDA_ARRAY_SUPPORTED"},
		{122, "CAN_USE_64_BIT_STREAM_MEM_OPS"},
		{123, "CAN_USE_STREAM_WAIT_VALUE_NOR"},
		{124, "DMA_BUF_SUPPORTED"},
		{125, "IPC_EVENT_SUPPORTED"},
		{126, "MEM_SYNC_DOMAIN_COUNT"},
		{127, "TENSOR_MAP_ACCESS_SUPPORTED"},
		{128, "HANDLE_TYPE_FABRIC_SUPPORTED"},
		{129, "UNIFIED_FUNCTION_POINTERS"},
		{130, "NUMA_CONFIG"},
		{131, "NUMA_ID"},
		{132, "MULTICAST_SUPPORTED"},
		{133, "MPS_ENABLED"},
		{134, "HOST_NUMA_ID"},
		{135, "D3D12_CIG_SUPPORTED"},
		{136, "MEM_DECOMPRESS_ALGORITHM_MASK"},
		{137, "MEM_DECOMPRESS_MAXIMUM_LENGTH"},
		{138, "VULKAN_CIG_SUPPORTED"},
		{139, "GPU_PCI_DEVICE_ID"},
		{140, "GPU_PCI_SUBSYSTEM_ID"},
		{141, "HOST_NUMA_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED"},
		{142, "HOST_NUMA_MEMORY_POOLS_SUPPORTED"},
		{143, "HOST_NUMA_MULTINODE_IPC_SUPPORTED"},
		{144, "HOST_MEMORY_POOLS_SUPPORTED"},
		{145, "HOST_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED"},
		{146, "HOST_ALLOC_DMA_BUF_SUPPORTED"},
		{147, "ONLY_PARTIAL_HOST_NATIVE_ATOMIC_SUPPORTED"},
	}
}

// String returns the attribute's cuda.h name without the
// CU_DEVICE_ATTRIBUTE_ prefix, such as "MULTIPROCESSOR_COUNT", or
// "Attribute(N)" for a value the package does not know.
func (a Attribute) String() string {
	for _, info := range attributeTable() {
		if info.attr == a {
			return info.name
		}
	}
	return fmt.Sprintf("Attribute(%d)", int(a))
}

// FuncAttribute is a kernel attribute (CUfunction_attribute). The
// constants carry a Func prefix to keep them apart from the device
// attributes of the same name.
type FuncAttribute int

// Kernel attributes, with the values of cuda.h.
const (
	FuncMaxThreadsPerBlock                FuncAttribute = 0  // largest block the kernel can be launched with
	FuncSharedSizeBytes                   FuncAttribute = 1  // bytes of static shared memory
	FuncConstSizeBytes                    FuncAttribute = 2  // bytes of user constant memory
	FuncLocalSizeBytes                    FuncAttribute = 3  // bytes of local memory per thread
	FuncNumRegs                           FuncAttribute = 4  // registers per thread
	FuncPTXVersion                        FuncAttribute = 5  // PTX ISA version, major*10+minor
	FuncBinaryVersion                     FuncAttribute = 6  // SASS architecture, major*10+minor
	FuncCacheModeCA                       FuncAttribute = 7  // 1 if compiled with -dlcm=ca
	FuncMaxDynamicSharedSizeBytes         FuncAttribute = 8  // largest dynamic shared memory allowed at launch
	FuncPreferredSharedMemoryCarveout     FuncAttribute = 9  // preferred shared memory carveout, percent
	FuncClusterSizeMustBeSet              FuncAttribute = 10 // 1 if the kernel must be launched with a cluster size
	FuncRequiredClusterWidth              FuncAttribute = 11 // required cluster width in blocks
	FuncRequiredClusterHeight             FuncAttribute = 12 // required cluster height in blocks
	FuncRequiredClusterDepth              FuncAttribute = 13 // required cluster depth in blocks
	FuncNonPortableClusterSizeAllowed     FuncAttribute = 14 // 1 if non-portable cluster sizes are allowed
	FuncClusterSchedulingPolicyPreference FuncAttribute = 15 // CUclusterSchedulingPolicy
)

// String returns the attribute's cuda.h name without the
// CU_FUNC_ATTRIBUTE_ prefix, or "FuncAttribute(N)".
func (a FuncAttribute) String() string {
	switch a {
	case FuncMaxThreadsPerBlock:
		return "MAX_THREADS_PER_BLOCK"
	case FuncSharedSizeBytes:
		return "SHARED_SIZE_BYTES"
	case FuncConstSizeBytes:
		return "CONST_SIZE_BYTES"
	case FuncLocalSizeBytes:
		return "LOCAL_SIZE_BYTES"
	case FuncNumRegs:
		return "NUM_REGS"
	case FuncPTXVersion:
		return "PTX_VERSION"
	case FuncBinaryVersion:
		return "BINARY_VERSION"
	case FuncCacheModeCA:
		return "CACHE_MODE_CA"
	case FuncMaxDynamicSharedSizeBytes:
		return "MAX_DYNAMIC_SHARED_SIZE_BYTES"
	case FuncPreferredSharedMemoryCarveout:
		return "PREFERRED_SHARED_MEMORY_CARVEOUT"
	case FuncClusterSizeMustBeSet:
		return "CLUSTER_SIZE_MUST_BE_SET"
	case FuncRequiredClusterWidth:
		return "REQUIRED_CLUSTER_WIDTH"
	case FuncRequiredClusterHeight:
		return "REQUIRED_CLUSTER_HEIGHT"
	case FuncRequiredClusterDepth:
		return "REQUIRED_CLUSTER_DEPTH"
	case FuncNonPortableClusterSizeAllowed:
		return "NON_PORTABLE_CLUSTER_SIZE_ALLOWED"
	case FuncClusterSchedulingPolicyPreference:
		return "CLUSTER_SCHEDULING_POLICY_PREFERENCE"
	}
	return fmt.Sprintf("FuncAttribute(%d)", int(a))
}
