package vulkan

import (
	"encoding/json"
	"testing"
)

func TestCooperativeMatrixProperties(t *testing.T) {
	// What NVIDIA's driver lists first on Hopper, and types the package
	// must name or show raw.
	raw := []cooperativeMatrixPropertiesKHR{
		{mSize: 16, nSize: 16, kSize: 16, aType: 0, bType: 0, cType: 1, resultType: 1, scope: 3},
		{mSize: 16, nSize: 8, kSize: 32, aType: 3, bType: 3, cType: 5, resultType: 5, saturatingAccumulation: vkTrue, scope: 3},
		{mSize: 16, nSize: 16, kSize: 16, aType: 1000141000, bType: 1000141000, cType: 1, resultType: 1, scope: 2},
		{mSize: 16, nSize: 16, kSize: 32, aType: 1000491002, bType: 1000491003, cType: 1, resultType: 1, scope: 3},
		{mSize: 8, nSize: 8, kSize: 8, aType: 99, bType: 7, cType: 9, resultType: 9, scope: 4},
	}
	want := []string{
		"16x16x16 f16*f16+f32->f32 subgroup",
		"16x8x32 s8*s8+s32->s32 subgroup saturating",
		"16x16x16 bf16*bf16+f32->f32 workgroup",
		"16x16x32 e4m3*e5m2+f32->f32 subgroup",
		"8x8x8 0x63*u8+u32->u32 0x4",
	}
	got := cooperativeMatrixProperties(raw)
	if len(got) != len(want) {
		t.Fatalf("%d combinations, want %d", len(got), len(want))
	}
	for i, w := range want {
		if s := got[i].String(); s != w {
			t.Errorf("combination %d: %q, want %q", i, s, w)
		}
	}
	b, err := json.Marshal(got[0])
	if err != nil {
		t.Fatal(err)
	}
	if s := string(b); s != `{"m":16,"n":16,"k":16,"a":"f16","b":"f16","c":"f32","result":"f32","scope":"subgroup"}` {
		t.Errorf("JSON %s", s)
	}
}

func TestCooperativeMatrixClone(t *testing.T) {
	var nilCM *CooperativeMatrix
	if nilCM.clone() != nil {
		t.Error("nil clones to non-nil")
	}
	c := &CooperativeMatrix{SupportedStages: []string{"compute"}, Properties: []CooperativeMatrixProperties{{M: 16}}, NV2: &CooperativeMatrix2{FlexibleDimensionsMaxDimension: 256}}
	d := c.clone()
	d.SupportedStages[0], d.Properties[0].M, d.NV2.FlexibleDimensionsMaxDimension = "x", 8, 1
	if c.SupportedStages[0] != "compute" || c.Properties[0].M != 16 || c.NV2.FlexibleDimensionsMaxDimension != 256 {
		t.Error("the clone shares memory with the original")
	}
}

func TestCooperativeMatrixFlexible(t *testing.T) {
	got := cooperativeMatrixFlexible([]cooperativeMatrixFlexibleDimensionsPropertiesNV{
		{mGranularity: 16, nGranularity: 16, kGranularity: 16, aType: 0, bType: 0, cType: 1, resultType: 1, scope: 2, workgroupInvocations: 128},
		{mGranularity: 16, nGranularity: 8, kGranularity: 32, aType: 3, bType: 3, cType: 5, resultType: 5, saturatingAccumulation: vkTrue, scope: 3},
	})
	want := []string{"16n x 16n x 16n f16*f16+f32->f32 workgroup, 128 invocations", "16n x 8n x 32n s8*s8+s32->s32 subgroup saturating"}
	if len(got) != len(want) {
		t.Fatalf("%d combinations", len(got))
	}
	for i, w := range want {
		if got[i].String() != w {
			t.Errorf("combination %d: %q, want %q", i, got[i], w)
		}
	}
}
