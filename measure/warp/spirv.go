package warp

import (
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/ptx"
)

// The SPIR-V catalog: Vulkan's subgroup operations, with the chains of the
// PTX entries that do the same (their neutral Op names match), so both
// backends time the same dependence on one GPU. Lane operands stay below
// 8, the smallest subgroup the catalog runs on (lavapipe, Intel's SIMD8),
// since a lane beyond the subgroup gives an undefined value.

// spv builds a SPIR-V catalog entry.
func spv(group, name, op, tmpl string, t ptx.Type, x0 uint64, a [4]uint64, note string) engine.ChainSpec {
	return engine.ChainSpec{
		Suite: Suite, Subject: name, Group: group, Op: op, Note: note,
		Step: kernel.Step{ISA: kernel.ISASPIRV, Template: tmpl, Type: t, X0: x0, A: a},
	}
}

// spvLanes are rotating lane offsets and XOR masks.
var spvLanes = [4]uint64{1, 2, 4, 1}

const spvFold = "the result is the same in every invocation, so each step XORs the invocation's index back in"

func spvShuffles() []engine.ChainSpec {
	u32 := ptx.U32
	return []engine.ChainSpec{
		spv("shuffle", "OpGroupNonUniformShuffle.u32", "shuffle.idx.b32", "{t} = OpBitwiseXor {ty:u32} {l} {a}\n{d} = OpGroupNonUniformShuffle {T} {sg} {x} {t}", u32, 0x12345678, [4]uint64{1, 5, 3, 6},
			"the source invocation is the invocation's index XOR a rotating constant, computed off the chain"),
		spv("shuffle", "OpGroupNonUniformShuffleUp.u32", "shuffle.up.b32", "{d} = OpGroupNonUniformShuffleUp {T} {sg} {x} {a}", u32, 0x12345678, spvLanes, ""),
		spv("shuffle", "OpGroupNonUniformShuffleDown.u32", "shuffle.down.b32", "{d} = OpGroupNonUniformShuffleDown {T} {sg} {x} {a}", u32, 0x12345678, spvLanes, ""),
		spv("shuffle", "OpGroupNonUniformShuffleXor.u32", "shuffle.bfly.b32", "{d} = OpGroupNonUniformShuffleXor {T} {sg} {x} {a}", u32, 0x12345678, spvLanes, ""),
		spv("shuffle", "OpGroupNonUniformShuffleXor.u64", "", "{d} = OpGroupNonUniformShuffleXor {T} {sg} {x} {a}", ptx.U64, 0x123456789abcdef, spvLanes,
			"a 64-bit payload in one instruction (subgroup extended types); the driver decides how many shuffles it takes"),
		spv("shuffle", "OpGroupNonUniformBroadcastFirst.u32", "", "{t} = OpGroupNonUniformBroadcastFirst {T} {sg} {x}\n{d} = OpBitwiseXor {T} {t} {l}", u32, 0x12345678, [4]uint64{}, spvFold),
		spv("quad", "OpGroupNonUniformQuadSwap.u32 [horizontal]", "", "{d} = OpGroupNonUniformQuadSwap {T} {sg} {x} {k:u32:0}", u32, 0x12345678, [4]uint64{}, ""),
		spv("quad", "OpGroupNonUniformQuadBroadcast.u32", "", "{t} = OpGroupNonUniformQuadBroadcast {T} {sg} {x} {k:u32:1}\n{d} = OpBitwiseXor {T} {t} {l}", u32, 0x12345678, [4]uint64{},
			"the value is the same in the four invocations of a quad, so each step XORs the invocation's index back in"),
	}
}

// spvVoteNote mirrors voteNote.
const spvVoteNote = "each step makes the condition from the value (a compare), votes, and folds the vote back into the value (a select and an add, or a XOR): the vote is the same in every invocation"

func spvVotes() []engine.ChainSpec {
	u32 := ptx.U32
	thresholds := [4]uint64{0x80000000, 0x40000000, 0xc0000000, 0x20000000}
	vote := func(name, op string) engine.ChainSpec {
		return spv("vote", "OpGroupNonUniform"+name, op,
			"{p} = OpULessThan {ty:bool} {x} {a}\n{q} = OpGroupNonUniform"+name+" {ty:bool} {sg} {p}\n{t} = OpSelect {T} {q} {k:u32:3} {k:u32:5}\n{d} = OpIAdd {T} {x} {t}",
			u32, 0x12345678, thresholds, spvVoteNote)
	}
	return []engine.ChainSpec{
		spv("vote", "OpGroupNonUniformBallot", "ballot.b32",
			"{p} = OpULessThan {ty:bool} {x} {a}\n{t} = OpGroupNonUniformBallot {ty:u32x4} {sg} {p}\n{u} = OpCompositeExtract {ty:u32} {t} 0\n{d} = OpBitwiseXor {T} {u} {x}",
			u32, 0x12345678, thresholds, spvVoteNote+"; the first 32 bits of the ballot are kept"),
		vote("Any", "vote.any"), vote("All", "vote.all"), vote("AllEqual", "vote.uni"),
		spv("vote", "OpGroupNonUniformElect", "elect", "{p} = OpGroupNonUniformElect {ty:bool} {sg}\n{t} = OpSelect {T} {p} {k:u32:3} {k:u32:5}\n{d} = OpIAdd {T} {x} {t}", u32, 0x12345678, [4]uint64{},
			"each step folds the elected condition into the value (a select and an add): elect takes no input from the chain, so the latency is the fold's and only the throughput is elect's"),
	}
}

// spvReductions are subgroup reductions and scans: on NVIDIA the PTX
// redux.sync and the five-shuffle sequences are their counterparts.
func spvReductions() []engine.ChainSpec {
	u32, f32 := ptx.U32, ptx.F32
	var out []engine.ChainSpec
	for _, r := range []struct{ op, neutral string }{
		{"IAdd", "redux.add.u32"}, {"UMin", "redux.min.u32"}, {"UMax", "redux.max.u32"}, {"SMin", "redux.min.s32"}, {"SMax", "redux.max.s32"},
		{"BitwiseAnd", "redux.and.b32"}, {"BitwiseOr", "redux.or.b32"}, {"BitwiseXor", "redux.xor.b32"},
	} {
		out = append(out, spv("reduce", "OpGroupNonUniform"+r.op+" Reduce.u32", r.neutral,
			"{t} = OpGroupNonUniform"+r.op+" {T} {sg} Reduce {x}\n{d} = OpBitwiseXor {T} {t} {l}", u32, 0x12345678, [4]uint64{}, spvFold))
	}
	floatFold := "{u} = OpFMul {T} {t} {a}\n{q} = OpBitcast {ty:u32} {u}\n{p} = OpBitwiseXor {ty:u32} {q} {l}\n{d} = OpBitcast {T} {p}"
	th32 := [4]uint64{f32Th32, f32Th32, f32Th32, f32Th32}
	out = append(out,
		spv("reduce", "OpGroupNonUniformFAdd Reduce.f32", "warp.sum.f32", "{t} = OpGroupNonUniformFAdd {T} {sg} Reduce {x}\n"+floatFold, f32, f32One, th32,
			"each step scales the sum by a (1/32, so values stay in range) and XORs the invocation's index into its low bits: the sum is the same in every invocation"),
		spv("reduce", "OpGroupNonUniformFAdd ClusteredReduce 4.f32", "quad.sum.f32", "{t} = OpGroupNonUniformFAdd {T} {sg} ClusteredReduce {x} {k:u32:4}\n"+floatFold, f32, f32One,
			[4]uint64{f32Quarter, f32Quarter, f32Quarter, f32Quarter}, "a sum over clusters of four invocations, scaled by 1/4 and the index XORed back in, as the PTX quad sum"),
		spv("scan", "OpGroupNonUniformIAdd InclusiveScan.u32", "scan.inclusive.add.s32", "{d} = OpGroupNonUniformIAdd {T} {sg} InclusiveScan {x}", u32, 0x12345678, [4]uint64{}, "values differ by invocation already"),
		spv("scan", "OpGroupNonUniformIAdd ExclusiveScan.u32", "scan.exclusive.add.s32", "{d} = OpGroupNonUniformIAdd {T} {sg} ExclusiveScan {x}", u32, 0x12345678, [4]uint64{}, "values differ by invocation already"),
		spv("scan", "OpGroupNonUniformFAdd InclusiveScan.f32", "scan.inclusive.add.f32", "{t} = OpGroupNonUniformFAdd {T} {sg} InclusiveScan {x}\n{d} = OpFMul {T} {t} {a}", f32, f32One, th32,
			"floating-point scans scale by 1/32 each step to stay in range"),
	)
	return out
}

// SPIRVCatalog is the SPIR-V subgroup catalog, in groups.
func SPIRVCatalog() []engine.ChainSpec {
	var out []engine.ChainSpec
	for _, part := range [][]engine.ChainSpec{spvShuffles(), spvVotes(), spvReductions()} {
		out = append(out, part...)
	}
	return twinWeights(out, Catalog())
}

// twinWeights gives each SPIR-V entry without a weight the weight of its
// PTX twin (the entry of the same Op): the same operation on the same
// machine, about as many machine instructions a step (a subgroup scan is
// the five shuffles and adds of the PTX scan), so that its loop bodies
// hold about BodySteps machine instructions, not ten times as many. With
// weight 1, a loop body of 256 scans made NVIDIA's Vulkan driver compile
// each scan module for 25 to 32 s (H200, 580 driver), the warp suite's
// whole wall time.
func twinWeights(spv, ptx []engine.ChainSpec) []engine.ChainSpec {
	weight := map[string]int{}
	for _, s := range ptx {
		if s.Op != "" && s.Weight > 0 {
			weight[s.Op] = s.Weight
		}
	}
	for i := range spv {
		if spv[i].Weight == 0 {
			spv[i].Weight = weight[spv[i].Op]
		}
	}
	return spv
}

// CatalogFor is the catalog written in a kernel language.
func CatalogFor(isa string) []engine.ChainSpec {
	if isa == kernel.ISASPIRV {
		return SPIRVCatalog()
	}
	return Catalog()
}
