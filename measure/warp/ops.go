package warp

import "github.com/gpuarch/gpuarch/engine"

// ptxOps gives the PTX entries that have a SPIR-V counterpart their
// neutral operation (see engine.ChainSpec.Op): Vulkan's subgroup reductions
// and scans stand for PTX's redux.sync and the shuffle sequences.
var ptxOps = map[string]string{
	"shfl.sync.idx.b32": "shuffle.idx.b32", "shfl.sync.up.b32": "shuffle.up.b32", "shfl.sync.down.b32": "shuffle.down.b32",
	"shfl.sync.bfly.b32":   "shuffle.bfly.b32",
	"vote.sync.ballot.b32": "ballot.b32", "vote.sync.any.pred": "vote.any", "vote.sync.all.pred": "vote.all", "vote.sync.uni.pred": "vote.uni",
	"elect.sync":         "elect",
	"redux.sync.add.u32": "redux.add.u32", "redux.sync.min.u32": "redux.min.u32", "redux.sync.max.u32": "redux.max.u32",
	"redux.sync.min.s32": "redux.min.s32", "redux.sync.max.s32": "redux.max.s32",
	"redux.sync.and.b32": "redux.and.b32", "redux.sync.or.b32": "redux.or.b32", "redux.sync.xor.b32": "redux.xor.b32",
	"warp sum f32": "warp.sum.f32", "quad sum f32": "quad.sum.f32",
	"inclusive scan s32": "scan.inclusive.add.s32", "exclusive scan s32": "scan.exclusive.add.s32", "inclusive scan f32": "scan.inclusive.add.f32",
}

// withOps sets the neutral operation of every PTX entry ptxOps names.
func withOps(specs []engine.ChainSpec) []engine.ChainSpec {
	for i := range specs {
		if op, ok := ptxOps[specs[i].Subject]; ok {
			specs[i].Op = op
		}
	}
	return specs
}
