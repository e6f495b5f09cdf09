package vk

import (
	"regexp"
	"slices"
	"strings"
)

// opRequirement is what a kernel using an instruction needs: a
// capability, and the subgroup operation class the device must support
// ("" when none).
type opRequirement struct {
	capability, class string
}

// subgroupOps maps subgroup instructions to their capability and the
// Vulkan subgroup feature class that allows them (Vulkan specification,
// "Subgroup Operations"; SPIR-V specification, "Non-Uniform
// Instructions").
var subgroupOps = map[string]opRequirement{
	"OpGroupNonUniformElect":            {"GroupNonUniform", "basic"},
	"OpGroupNonUniformAll":              {"GroupNonUniformVote", "vote"},
	"OpGroupNonUniformAny":              {"GroupNonUniformVote", "vote"},
	"OpGroupNonUniformAllEqual":         {"GroupNonUniformVote", "vote"},
	"OpGroupNonUniformBroadcast":        {"GroupNonUniformBallot", "ballot"},
	"OpGroupNonUniformBroadcastFirst":   {"GroupNonUniformBallot", "ballot"},
	"OpGroupNonUniformBallot":           {"GroupNonUniformBallot", "ballot"},
	"OpGroupNonUniformInverseBallot":    {"GroupNonUniformBallot", "ballot"},
	"OpGroupNonUniformBallotBitExtract": {"GroupNonUniformBallot", "ballot"},
	"OpGroupNonUniformBallotBitCount":   {"GroupNonUniformBallot", "ballot"},
	"OpGroupNonUniformBallotFindLSB":    {"GroupNonUniformBallot", "ballot"},
	"OpGroupNonUniformBallotFindMSB":    {"GroupNonUniformBallot", "ballot"},
	"OpGroupNonUniformShuffle":          {"GroupNonUniformShuffle", "shuffle"},
	"OpGroupNonUniformShuffleXor":       {"GroupNonUniformShuffle", "shuffle"},
	"OpGroupNonUniformShuffleUp":        {"GroupNonUniformShuffleRelative", "shuffle_relative"},
	"OpGroupNonUniformShuffleDown":      {"GroupNonUniformShuffleRelative", "shuffle_relative"},
	"OpGroupNonUniformQuadBroadcast":    {"GroupNonUniformQuad", "quad"},
	"OpGroupNonUniformQuadSwap":         {"GroupNonUniformQuad", "quad"},
}

// arithmetic are the subgroup reductions and scans.
var arithmetic = regexp.MustCompile(`OpGroupNonUniform(IAdd|FAdd|IMul|FMul|SMin|UMin|FMin|SMax|UMax|FMax|BitwiseAnd|BitwiseOr|BitwiseXor|LogicalAnd|LogicalOr|LogicalXor) \S+ \S+ (\w+)`)

// dotProducts are the integer dot-product instructions (SPV_KHR_integer_dot_product).
var dotProducts = regexp.MustCompile(`Op(S|U|SU)Dot(AccSat)?(KHR)? `)

// requirements declares the capabilities and extensions the module's
// functions use, and records an error for those the device lacks.
func requirements(m *module) {
	text := strings.Join(m.funcs, "\n")
	for _, line := range m.funcs {
		fields := strings.Fields(line)
		op := ""
		for _, f := range fields {
			if strings.HasPrefix(f, "Op") {
				op = f
				break
			}
		}
		if r, ok := subgroupOps[op]; ok {
			m.needSubgroup(r)
		}
	}
	for _, sm := range arithmetic.FindAllStringSubmatch(text, -1) {
		if sm[2] == "ClusteredReduce" {
			m.needSubgroup(opRequirement{"GroupNonUniformClustered", "clustered"})
		} else {
			m.needSubgroup(opRequirement{"GroupNonUniformArithmetic", "arithmetic"})
		}
	}
	if dotProducts.MatchString(text) {
		m.need(m.feat.IntegerDotProduct, "DotProduct", "integer dot products (shaderIntegerDotProduct)")
		m.capability("DotProductInputAll")
		if strings.Contains(text, "PackedVectorFormat4x8Bit") {
			m.capability("DotProductInput4x8BitPacked")
		}
		m.extension("SPV_KHR_integer_dot_product")
	}
}

// needSubgroup declares a subgroup capability, recording an error when the
// device does not support its class of operations.
func (m *module) needSubgroup(r opRequirement) {
	ok := r.class == "basic" || slices.Contains(m.feat.SubgroupOps, r.class)
	m.need(ok, r.capability, "subgroup "+r.class+" operations")
}
