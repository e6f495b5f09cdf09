package vulkan

import (
	"slices"
	"testing"
	"unsafe"

	"github.com/google/go-cmp/cmp"
)

// chainTypes walks a pNext chain from head and returns the sTypes.
func chainTypes(head unsafe.Pointer) []uint32 {
	var types []uint32
	for p := head; p != nil; p = (*structHeader)(p).pNext {
		types = append(types, (*structHeader)(p).sType)
	}
	return types
}

// hasOnly returns a has func that reports the named extensions.
func hasOnly(exts ...string) func(string) bool {
	return func(name string) bool { return slices.Contains(exts, name) }
}

func TestFeatureChainLayout(t *testing.T) {
	tests := []struct {
		name string
		api  uint32
		exts []string
		want []uint32
	}{
		{
			name: "1.3 with clock and executables",
			api:  apiVersion13,
			exts: []string{extShaderClock, extPipelineExecutable, extSubgroupSizeControl, extBufferDeviceAddress},
			want: []uint32{stPhysicalDeviceFeatures2, stPhysicalDeviceVulkan11Features, stPhysicalDeviceVulkan12Features,
				stPhysicalDeviceVulkan13Features, stPhysicalDeviceShaderClockFeaturesKHR, stPhysicalDevicePipelineExecutablePropertiesFeats},
		},
		{
			name: "1.2 with subgroup size control and SM builtins",
			api:  apiVersion12,
			exts: []string{extSubgroupSizeControl, extShaderIntegerDotProduct, extSMBuiltins, extCooperativeMatrix, extShaderBfloat16, extShaderFloat8},
			want: []uint32{stPhysicalDeviceFeatures2, stPhysicalDeviceVulkan11Features, stPhysicalDeviceVulkan12Features,
				stPhysicalDeviceSubgroupSizeControlFeatures, stPhysicalDeviceShaderIntegerDotProductFeatures,
				stPhysicalDeviceShaderSMBuiltinsFeaturesNV, stPhysicalDeviceCooperativeMatrixFeaturesKHR, stPhysicalDeviceShaderBfloat16FeaturesKHR,
				stPhysicalDeviceShaderFloat8FeaturesEXT},
		},
		{
			name: "1.1 with extensions",
			api:  apiVersion11,
			exts: []string{extBufferDeviceAddress, extShaderFloat16Int8, ext8BitStorage, extVulkanMemoryModel, extSubgroupExtendedTypes},
			want: []uint32{stPhysicalDeviceFeatures2, stPhysicalDevice16BitStorageFeatures, stPhysicalDevice8BitStorageFeatures,
				stPhysicalDeviceShaderFloat16Int8Features, stPhysicalDeviceBufferDeviceAddressFeatures,
				stPhysicalDeviceVulkanMemoryModelFeatures, stPhysicalDeviceShaderSubgroupExtendedTypes},
		},
		{
			name: "1.1 bare",
			api:  apiVersion11,
			want: []uint32{stPhysicalDeviceFeatures2, stPhysicalDevice16BitStorageFeatures},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newFeatureChain(layoutFor(tt.api, hasOnly(tt.exts...)))
			if diff := cmp.Diff(tt.want, chainTypes(unsafe.Pointer(&c.base))); diff != "" {
				t.Errorf("chain sTypes (-want +got):\n%s", diff)
			}
		})
	}
}

func TestFeatureEnable(t *testing.T) {
	tests := []struct {
		name         string
		api          uint32
		exts         []string
		set          func(q *featureChain)
		wantFeatures []string
		wantExts     []string
		wantHave     Features
	}{
		{
			name: "1.3 device like lavapipe",
			api:  apiVersion13,
			exts: []string{extShaderClock, extPortabilitySubset},
			set: func(q *featureChain) {
				q.base.features.shaderInt64 = vkTrue
				q.base.features.robustBufferAccess = vkTrue
				q.v12.bufferDeviceAddress = vkTrue
				q.v12.bufferDeviceAddressCaptureReplay = vkTrue
				q.v13.subgroupSizeControl = vkTrue
				q.clock.shaderSubgroupClock = vkTrue
				q.clock.shaderDeviceClock = vkTrue
			},
			wantFeatures: []string{"shaderInt64", "bufferDeviceAddress", "subgroupSizeControl", "shaderSubgroupClock", "shaderDeviceClock"},
			wantExts:     []string{extShaderClock, extPortabilitySubset},
			wantHave: Features{ShaderInt64: true, BufferDeviceAddress: true, SubgroupSizeControl: true,
				ShaderSubgroupClock: true, ShaderDeviceClock: true},
		},
		{
			name: "1.3 device with cooperative matrices and bfloat16",
			api:  apiVersion13,
			exts: []string{extCooperativeMatrix, extShaderBfloat16, extShaderFloat8},
			set: func(q *featureChain) {
				q.coopMatrix.cooperativeMatrix = vkTrue
				q.coopMatrix.cooperativeMatrixRobustBufferAccess = vkTrue
				q.bfloat16.shaderBFloat16Type = vkTrue
				q.bfloat16.shaderBFloat16CooperativeMatrix = vkTrue
				q.bfloat16.shaderBFloat16DotProduct = vkTrue
				q.float8.shaderFloat8 = vkTrue
				q.float8.shaderFloat8CooperativeMatrix = vkTrue
			},
			wantFeatures: []string{"cooperativeMatrix", "shaderBFloat16Type", "shaderBFloat16CooperativeMatrix", "shaderFloat8", "shaderFloat8CooperativeMatrix"},
			wantExts:     []string{extCooperativeMatrix, extShaderBfloat16, extShaderFloat8},
			wantHave:     Features{CooperativeMatrix: true, BFloat16CooperativeMatrix: true, Float8CooperativeMatrix: true},
		},
		{
			name: "1.1 device with extensions",
			api:  apiVersion11,
			exts: []string{extBufferDeviceAddress, extSubgroupSizeControl, extSPIRV14, extShaderFloatControls, extShaderFloat16Int8},
			set: func(q *featureChain) {
				q.base.features.shaderInt64 = vkTrue
				q.bda.bufferDeviceAddress = vkTrue
				q.sizeControl.computeFullSubgroups = vkTrue
				q.storage16.storageBuffer16BitAccess = vkTrue
			},
			wantFeatures: []string{"shaderInt64", "bufferDeviceAddress", "storageBuffer16BitAccess", "computeFullSubgroups"},
			wantExts:     []string{extSubgroupSizeControl, extBufferDeviceAddress, extShaderFloatControls, extSPIRV14},
			wantHave:     Features{ShaderInt64: true, BufferDeviceAddress: true, ComputeFullSubgroups: true, StorageBuffer16BitAccess: true},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := layoutFor(tt.api, hasOnly(tt.exts...))
			q := newFeatureChain(l)
			tt.set(q)
			if diff := cmp.Diff(tt.wantHave, q.supported()); diff != "" {
				t.Errorf("supported (-want +got):\n%s", diff)
			}
			e, features, exts := q.enable(l)
			if diff := cmp.Diff(tt.wantFeatures, features); diff != "" {
				t.Errorf("enabled features (-want +got):\n%s", diff)
			}
			slices.Sort(tt.wantExts)
			if diff := cmp.Diff(tt.wantExts, exts); diff != "" {
				t.Errorf("enabled extensions (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantHave, e.supported()); diff != "" {
				t.Errorf("the enabled chain turns on (-want +got):\n%s", diff)
			}
			if e.base.features.robustBufferAccess != 0 || e.v12.bufferDeviceAddressCaptureReplay != 0 || e.coopMatrix.cooperativeMatrixRobustBufferAccess != 0 || e.bfloat16.shaderBFloat16DotProduct != 0 {
				t.Error("enable turned on a feature the package does not use")
			}
			if diff := cmp.Diff(chainTypes(unsafe.Pointer(&q.base)), chainTypes(unsafe.Pointer(&e.base))); diff != "" {
				t.Errorf("the enabled chain's structures differ from the queried one's (-queried +enabled):\n%s", diff)
			}
		})
	}
}
