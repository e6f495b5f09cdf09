package warp

import (
	"maps"
	"slices"

	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/measure/alu"
)

// Alone says why an entry of the catalog of kernel language isa has no
// counterpart in the other language's catalog (no Op): "" when no reason
// is stated, which the parity test refuses (see alu.AloneIn).
func Alone(isa string, s engine.ChainSpec) string { return alu.AloneIn(isa, s, ptxAlone, spirvAlone) }

// ptxAlone are the PTX groups whose entries without an Op have no SPIR-V
// twin, with why.
var ptxAlone = map[string]string{
	"shuffle":         "64-bit shuffles: PTX shuffles 32 bits, so a 64-bit payload is two shfl.sync; SPIR-V's 64-bit shuffle is one instruction whose count the driver chooses, measured by its own entry",
	"quad":            "shfl.sync within quads: SPIR-V's quad operations (OpGroupNonUniformQuadSwap, QuadBroadcast) are measured by their own entries, whose chains differ",
	"match":           "match.sync has no SPIR-V instruction in Vulkan's core or KHR extensions",
	"warp reduction":  "reductions of s32, min, product and f16x2: not in the SPIR-V catalog yet (OpGroupNonUniformIAdd, SMin, FMul; SPIR-V has no packed f16x2 reduction)",
	"warp scan":       "an f16x2 scan: SPIR-V has no packed f16x2 group operation",
	"matrix fragment": "movmatrix transposes an mma.sync fragment, which Vulkan's cooperative matrices keep opaque",
}

// spirvAlone are the SPIR-V entries with no PTX twin, with why.
var spirvAlone = map[string]string{
	"OpGroupNonUniformShuffleXor.u64":            "a 64-bit payload in one instruction; PTX's is two 32-bit shuffles (the shfl.sync.bfly 64-bit entry)",
	"OpGroupNonUniformQuadSwap.u32 [horizontal]": "a quad swap, which PTX writes as a shfl.sync.bfly within quads (its own entry, another chain)",
	"OpGroupNonUniformQuadBroadcast.u32":         "its chain XORs the invocation's index back in (the value is the same across the quad), unlike PTX's quad shuffle entries",
	"OpGroupNonUniformBroadcastFirst.u32":        "its chain XORs the invocation's index back in (the value is the same in every invocation); PTX has no broadcast-first instruction",
}

// AloneReasons returns the keys of the reason tables Alone reads: the
// PTX groups and the SPIR-V subjects it states a reason for, so that a
// test can check each still explains an entry.
func AloneReasons() (ptxGroups, spirvSubjects []string) {
	return slices.Sorted(maps.Keys(ptxAlone)), slices.Sorted(maps.Keys(spirvAlone))
}
