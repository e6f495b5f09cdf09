package vulkan

import (
	"fmt"
	"slices"
)

// CooperativeMatrix is what VK_KHR_cooperative_matrix (and, where present,
// VK_NV_cooperative_matrix2) says about a device's matrix multiply-add in
// shaders: every shape and type combination the driver lists.
type CooperativeMatrix struct {
	// SupportedStages names the shader stages that may use cooperative
	// matrices ("compute", ...).
	SupportedStages []string `json:"supported_stages"`
	// Properties are the combinations of vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR,
	// in the driver's order.
	Properties []CooperativeMatrixProperties `json:"properties"`
	// NV2 holds VK_NV_cooperative_matrix2's limits; nil without the
	// extension.
	NV2 *CooperativeMatrix2 `json:"nv2,omitempty"`
}

// CooperativeMatrixProperties is one VkCooperativeMatrixPropertiesKHR:
// Result = A (M×K) · B (K×N) + C (M×N) at Scope.
type CooperativeMatrixProperties struct {
	M int `json:"m"`
	N int `json:"n"`
	K int `json:"k"`
	// A, B, C and Result name component types as gpuarch names types:
	// "f16", "f32", "f64", "bf16", "e4m3", "e5m2", "s8" ... "s64", "u8"
	// ... "u64", "s8packed", "u8packed", or "0x<hex>" for a VkComponentTypeKHR
	// the package does not know.
	A      string `json:"a"`
	B      string `json:"b"`
	C      string `json:"c"`
	Result string `json:"result"`
	// SaturatingAccumulation: the integer add saturates (the SPIR-V
	// MatrixResultSaturatingAccumulation operand is then required).
	SaturatingAccumulation bool `json:"saturating_accumulation,omitempty"`
	// Scope is "subgroup", "workgroup", "device", "queue_family", or
	// "0x<hex>".
	Scope string `json:"scope"`
}

// String is the combination as one line: "16x16x16 f16*f16+f32->f32 subgroup".
func (p CooperativeMatrixProperties) String() string {
	s := fmt.Sprintf("%dx%dx%d %s*%s+%s->%s %s", p.M, p.N, p.K, p.A, p.B, p.C, p.Result, p.Scope)
	if p.SaturatingAccumulation {
		s += " saturating"
	}
	return s
}

// CooperativeMatrix2 holds VkPhysicalDeviceCooperativeMatrix2PropertiesNV.
type CooperativeMatrix2 struct {
	// WorkgroupScopeMaxWorkgroupSize is the most invocations of a
	// workgroup that uses workgroup-scope matrices.
	WorkgroupScopeMaxWorkgroupSize uint32 `json:"workgroup_scope_max_workgroup_size"`
	// FlexibleDimensionsMaxDimension is the largest M, N or K of a
	// flexible-dimensions matrix.
	FlexibleDimensionsMaxDimension uint32 `json:"flexible_dimensions_max_dimension"`
	// WorkgroupScopeReservedSharedMemory is the shared memory, in bytes,
	// the driver reserves for workgroup-scope matrices.
	WorkgroupScopeReservedSharedMemory uint32 `json:"workgroup_scope_reserved_shared_memory"`
	// FlexibleDimensions are the combinations of
	// vkGetPhysicalDeviceCooperativeMatrixFlexibleDimensionsPropertiesNV:
	// types whose M, N and K may be any multiple of a granularity.
	FlexibleDimensions []CooperativeMatrixFlexible `json:"flexible_dimensions,omitempty"`
}

// CooperativeMatrixFlexible is one VkCooperativeMatrixFlexibleDimensionsPropertiesNV:
// M, N and K any multiple of MGranularity, NGranularity and KGranularity,
// at Scope, in workgroups of WorkgroupInvocations (workgroup scope).
type CooperativeMatrixFlexible struct {
	MGranularity           int    `json:"m_granularity"`
	NGranularity           int    `json:"n_granularity"`
	KGranularity           int    `json:"k_granularity"`
	A                      string `json:"a"`
	B                      string `json:"b"`
	C                      string `json:"c"`
	Result                 string `json:"result"`
	SaturatingAccumulation bool   `json:"saturating_accumulation,omitempty"`
	Scope                  string `json:"scope"`
	WorkgroupInvocations   int    `json:"workgroup_invocations,omitempty"`
}

// String is the combination as one line: "16n x 16n x 16n f16*f16+f32->f32
// workgroup, 128 invocations".
func (p CooperativeMatrixFlexible) String() string {
	s := fmt.Sprintf("%dn x %dn x %dn %s*%s+%s->%s %s", p.MGranularity, p.NGranularity, p.KGranularity, p.A, p.B, p.C, p.Result, p.Scope)
	if p.WorkgroupInvocations > 0 {
		s += fmt.Sprintf(", %d invocations", p.WorkgroupInvocations)
	}
	if p.SaturatingAccumulation {
		s += " saturating"
	}
	return s
}

// cooperativeMatrixFlexible converts the driver's structures.
func cooperativeMatrixFlexible(raw []cooperativeMatrixFlexibleDimensionsPropertiesNV) []CooperativeMatrixFlexible {
	out := make([]CooperativeMatrixFlexible, 0, len(raw))
	for _, r := range raw {
		out = append(out, CooperativeMatrixFlexible{
			MGranularity: int(r.mGranularity), NGranularity: int(r.nGranularity), KGranularity: int(r.kGranularity),
			A: enumName(componentTypeNames, r.aType), B: enumName(componentTypeNames, r.bType),
			C: enumName(componentTypeNames, r.cType), Result: enumName(componentTypeNames, r.resultType),
			SaturatingAccumulation: r.saturatingAccumulation != 0,
			Scope:                  enumName(scopeNames, r.scope),
			WorkgroupInvocations:   int(r.workgroupInvocations),
		})
	}
	return out
}

// queryCooperativeMatrixFlexible lists VK_NV_cooperative_matrix2's
// flexible-dimension combinations; nil when the driver lacks the
// command.
func queryCooperativeMatrixFlexible(fn *instanceFuncs, handle uintptr) ([]CooperativeMatrixFlexible, error) {
	if fn.vkGetPhysicalDeviceCooperativeMatrixFlexibleDimensionsPropertiesNV == nil {
		return nil, nil
	}
	raw, err := enumerate("vkGetPhysicalDeviceCooperativeMatrixFlexibleDimensionsPropertiesNV", func(ps []cooperativeMatrixFlexibleDimensionsPropertiesNV) {
		for i := range ps {
			ps[i].sType = stCooperativeMatrixFlexibleDimensionsPropsNV
		}
	}, func(n *uint32, p *cooperativeMatrixFlexibleDimensionsPropertiesNV) int32 {
		return fn.vkGetPhysicalDeviceCooperativeMatrixFlexibleDimensionsPropertiesNV(handle, n, p)
	})
	if err != nil {
		return nil, err
	}
	return cooperativeMatrixFlexible(raw), nil
}

// componentTypeNames names VkComponentTypeKHR values.
var componentTypeNames = map[uint32]string{
	0: "f16", 1: "f32", 2: "f64",
	3: "s8", 4: "s16", 5: "s32", 6: "s64",
	7: "u8", 8: "u16", 9: "u32", 10: "u64",
	1000141000: "bf16",     // VK_COMPONENT_TYPE_BFLOAT16_KHR
	1000491000: "s8packed", // VK_COMPONENT_TYPE_SINT8_PACKED_NV
	1000491001: "u8packed", // VK_COMPONENT_TYPE_UINT8_PACKED_NV
	1000491002: "e4m3",     // VK_COMPONENT_TYPE_FLOAT8_E4M3_EXT
	1000491003: "e5m2",     // VK_COMPONENT_TYPE_FLOAT8_E5M2_EXT
}

// scopeNames names VkScopeKHR values.
var scopeNames = map[uint32]string{1: "device", 2: "workgroup", 3: "subgroup", 5: "queue_family"}

func enumName(names map[uint32]string, v uint32) string {
	if n, ok := names[v]; ok {
		return n
	}
	return fmt.Sprintf("0x%x", v)
}

// cooperativeMatrixProperties converts the driver's structures.
func cooperativeMatrixProperties(raw []cooperativeMatrixPropertiesKHR) []CooperativeMatrixProperties {
	out := make([]CooperativeMatrixProperties, 0, len(raw))
	for _, r := range raw {
		out = append(out, CooperativeMatrixProperties{
			M: int(r.mSize), N: int(r.nSize), K: int(r.kSize),
			A: enumName(componentTypeNames, r.aType), B: enumName(componentTypeNames, r.bType),
			C: enumName(componentTypeNames, r.cType), Result: enumName(componentTypeNames, r.resultType),
			SaturatingAccumulation: r.saturatingAccumulation != 0,
			Scope:                  enumName(scopeNames, r.scope),
		})
	}
	return out
}

// queryCooperativeMatrix lists a device's cooperative-matrix
// combinations; nil when the driver lacks the command.
func queryCooperativeMatrix(fn *instanceFuncs, handle uintptr) ([]CooperativeMatrixProperties, error) {
	if fn.vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR == nil {
		return nil, nil
	}
	raw, err := enumerate("vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR", func(ps []cooperativeMatrixPropertiesKHR) {
		for i := range ps {
			ps[i].sType = stCooperativeMatrixPropertiesKHR
		}
	}, func(n *uint32, p *cooperativeMatrixPropertiesKHR) int32 {
		return fn.vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR(handle, n, p)
	})
	if err != nil {
		return nil, err
	}
	return cooperativeMatrixProperties(raw), nil
}

// clone deep-copies c.
func (c *CooperativeMatrix) clone() *CooperativeMatrix {
	if c == nil {
		return nil
	}
	d := *c
	d.SupportedStages = slices.Clone(c.SupportedStages)
	d.Properties = slices.Clone(c.Properties)
	if c.NV2 != nil {
		nv := *c.NV2
		nv.FlexibleDimensions = slices.Clone(c.NV2.FlexibleDimensions)
		d.NV2 = &nv
	}
	return &d
}
