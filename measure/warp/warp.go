// Package warp is the warp-level domain (its catalogs, plan and record
// names, names.go): the instructions by which a warp's
// lanes exchange values (shuffles, votes, matches, reductions) and the
// sequences programs build from them (warp reductions, prefix sums, the
// quad-sized forms), measured for latency and throughput with the same
// dependent chains and SASS check as the ALU suite (see package alu), as
// the seeds' SIMD-group tables are.
//
// A warp-level result is often the same in every lane; a chain of such
// values would let ptxas move the chain to the uniform datapath, so steps
// whose result is uniform mix the lane back in ({l}, see kernel.Step), and
// the notes say so.
package warp

import (
	"fmt"
	"strings"

	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/ptx"
)

// Bit patterns of the constants the chains use.
const (
	f32One     = 0x3f800000
	f32Th32    = 0x3d000000 // 1/32
	f32Quarter = 0x3e800000 // 1/4
	f16One     = 0x3c00
	f16Th32    = 0x2800 // 1/32
)

// full is the member mask of every lane.
const full = "0xffffffff"

// entry builds a catalog entry.
func entry(group, name, tmpl string, t ptx.Type, x0 uint64, a [4]uint64, expect ...string) engine.ChainSpec {
	return engine.ChainSpec{
		Suite: Suite, Subject: name, Group: group,
		Step:   kernel.Step{Template: tmpl, Type: t, X0: x0, A: a},
		Expect: expect,
	}
}

// with sets a spec's temporaries, note, weight and expected count per step.
func with(s engine.ChainSpec, temp, temp2 ptx.Type, note string, weight, perStep int) engine.ChainSpec {
	s.Step.Temp, s.Step.Temp2 = temp, temp2
	s.Note, s.Weight, s.PerStep = note, weight, perStep
	return s
}

// wide gives a 64-bit chain 32-bit lane operands and a lane-dependent
// high half (see kernel.Step.LaneHigh).
func wide(s engine.ChainSpec) engine.ChainSpec {
	s.Step.Operand = ptx.U32
	s.Step.LaneHigh = true
	return s
}

// lanes are rotating lane operands: offsets, xor masks and source lanes.
var lanes = [4]uint64{1, 2, 4, 8}

// quad is the shfl.sync c operand of a 4-lane segment: segment mask
// (32-4)<<8 and, for idx, bfly and down, the clamp 0x1f.
const (
	quadClamp = "0x1c1f"
	quadUp    = "0x1c00"
)

func shuffles() []engine.ChainSpec {
	b32, b64, u32 := ptx.B32, ptx.B64, ptx.U32
	return []engine.ChainSpec{
		with(entry("shuffle", "shfl.sync.idx.b32", "xor.b32 {t}, {l}, {a};\nshfl.sync.idx.b32 {d}, {x}, {t}, 0x1f, "+full+";", b32, 0x12345678, [4]uint64{1, 5, 11, 22}, "SHFL.IDX"),
			u32, "", "the source lane is the lane XOR a rotating constant, computed off the chain (a constant source lane would make every value warp-uniform)", 0, 0),
		entry("shuffle", "shfl.sync.up.b32", "shfl.sync.up.b32 {d}, {x}, {a}, 0, "+full+";", b32, 0x12345678, lanes, "SHFL.UP"),
		entry("shuffle", "shfl.sync.down.b32", "shfl.sync.down.b32 {d}, {x}, {a}, 0x1f, "+full+";", b32, 0x12345678, lanes, "SHFL.DOWN"),
		entry("shuffle", "shfl.sync.bfly.b32", "shfl.sync.bfly.b32 {d}, {x}, {a}, 0x1f, "+full+";", b32, 0x12345678, lanes, "SHFL.BFLY"),
		entry("shuffle", "shfl.sync.bfly.b32 [imm]", "shfl.sync.bfly.b32 {d}, {x}, 1, 0x1f, "+full+";||shfl.sync.bfly.b32 {d}, {x}, 2, 0x1f, "+full+";", b32, 0x12345678, [4]uint64{}, "SHFL.BFLY"),
		with(wide(entry("shuffle", "shfl.sync.bfly 64-bit", "mov.b64 {{t}, {u}}, {x};\nshfl.sync.bfly.b32 {t}, {t}, {a}, 0x1f, "+full+";\nshfl.sync.bfly.b32 {u}, {u}, {a}, 0x1f, "+full+";\nmov.b64 {d}, {{t}, {u}};",
			b64, 0x123456789abcdef, lanes, "SHFL.BFLY")), b32, b32, "a 64-bit payload is two 32-bit shuffles (PTX has no 64-bit shfl)", 2, 2),
		with(wide(entry("shuffle", "shfl.sync.up 64-bit", "mov.b64 {{t}, {u}}, {x};\nshfl.sync.up.b32 {t}, {t}, {a}, 0, "+full+";\nshfl.sync.up.b32 {u}, {u}, {a}, 0, "+full+";\nmov.b64 {d}, {{t}, {u}};",
			b64, 0x123456789abcdef, lanes, "SHFL.UP")), b32, b32, "a 64-bit payload is two 32-bit shuffles (PTX has no 64-bit shfl)", 2, 2),
		// Quad (4-lane) forms: the segment is set through c.
		entry("quad", "shfl.sync.idx.b32 [quad]", "shfl.sync.idx.b32 {d}, {x}, {a}, "+quadClamp+", "+full+";", b32, 0x12345678, [4]uint64{1, 2, 3, 1}, "SHFL.IDX"),
		entry("quad", "shfl.sync.bfly.b32 [quad]", "shfl.sync.bfly.b32 {d}, {x}, {a}, "+quadClamp+", "+full+";", b32, 0x12345678, [4]uint64{1, 2, 3, 1}, "SHFL.BFLY"),
		entry("quad", "shfl.sync.up.b32 [quad]", "shfl.sync.up.b32 {d}, {x}, {a}, "+quadUp+", "+full+";", b32, 0x12345678, [4]uint64{1, 2, 1, 2}, "SHFL.UP"),
		entry("quad", "shfl.sync.down.b32 [quad]", "shfl.sync.down.b32 {d}, {x}, {a}, "+quadClamp+", "+full+";", b32, 0x12345678, [4]uint64{1, 2, 1, 2}, "SHFL.DOWN"),
	}
}

// voteNote explains the vote chains' extra instructions.
const voteNote = "each step makes the predicate from the value (a compare), votes, and folds the vote back into the value (a select and an add, or a XOR): the vote's result is the same in every lane"

func votes() []engine.ChainSpec {
	u32, b32 := ptx.U32, ptx.B32
	thresholds := [4]uint64{0x80000000, 0x40000000, 0xc0000000, 0x20000000}
	pred := func(mode string) engine.ChainSpec {
		return with(entry("vote", "vote.sync."+mode+".pred",
			"setp.lt.u32 {p}, {x}, {a};\nvote.sync."+mode+".pred {p}, {p}, "+full+";\nselp.u32 {t}, 3, 5, {p};\nadd.u32 {d}, {x}, {t};",
			u32, 0x12345678, thresholds, "VOTE"), u32, "", voteNote, 4, 0)
	}
	return []engine.ChainSpec{
		with(entry("vote", "vote.sync.ballot.b32", "setp.lt.u32 {p}, {x}, {a};\nvote.sync.ballot.b32 {t}, {p}, "+full+";\nxor.b32 {d}, {t}, {x};",
			u32, 0x12345678, thresholds, "VOTE"), b32, "", voteNote, 3, 0),
		pred("any"), pred("all"), pred("uni"),
		with(entry("vote", "elect.sync", "elect.sync {t}|{p}, "+full+";\nselp.u32 {u}, 3, 5, {p};\nadd.u32 {d}, {x}, {u};", u32, 0x12345678, [4]uint64{}, "ELECT"),
			b32, u32, "each step folds the elected predicate into the value (a select and an add): elect.sync takes no input from the chain, so the latency is the fold's and only the throughput is elect's", 3, 0),
	}
}

// reduxNote explains the reduction chains' XOR.
const reduxNote = "each step XORs the lane into the reduced value, which is the same in every lane"

func reductions() []engine.ChainSpec {
	var out []engine.ChainSpec
	for _, op := range []string{"add.u32", "min.u32", "max.u32", "min.s32", "max.s32", "and.b32", "or.b32", "xor.b32"} {
		t := ptx.Type(op[strings.IndexByte(op, '.')+1:])
		out = append(out, with(entry("reduce", "redux.sync."+op, "redux.sync."+op+" {t}, {x}, "+full+";\nxor.b32 {d}, {t}, {l};", t, 0x12345678, [4]uint64{}, "REDUX"),
			t, "", reduxNote, 2, 0))
	}
	out = append(out,
		entry("match", "match.sync.any.b32", "match.sync.any.b32 {d}, {x}, "+full+";", ptx.B32, 0x12345678, [4]uint64{}, "MATCH.ANY"),
		with(entry("match", "match.sync.all.b32", "match.sync.all.b32 {t}, {x}, "+full+";\nxor.b32 {d}, {t}, {x};", ptx.B32, 0x12345678, [4]uint64{}, "MATCH.ALL"),
			ptx.B32, "", "each step XORs the result (the member mask or 0) into the value", 2, 0),
	)
	return append(out, matchDistinct()...)
}

// MatchDistinct are the counts of distinct values among a warp's 32 lanes
// match.sync.any is timed at besides all 32 (its plain record): it groups
// the lanes by value, and a key of few values (a bin, a bucket) is what
// programs pass it.
var MatchDistinct = []int{1, 2, 4, 8, 16}

// matchDistinctNote explains the chains of matchDistinct.
const matchDistinctNote = "each step matches the value's low bits (an AND with a0 = distinct - 1: the lanes' low bits take that many values) and keeps those bits under the member mask's others (an AND with a1 = its complement and an OR): every lane of a group gets the same new value, each group its own, so the lanes hold as many distinct values at every step"

// matchDistinct are match.sync.any's chains on keys of MatchDistinct
// values.
func matchDistinct() []engine.ChainSpec {
	var out []engine.ChainSpec
	for _, k := range MatchDistinct {
		mask := uint64(k - 1)
		out = append(out, with(entry("match", MatchDistinctSubject(k),
			"and.b32 {t}, {x}, {a0};\nmatch.sync.any.b32 {u}, {t}, "+full+";\nand.b32 {u}, {u}, {a1};\nor.b32 {d}, {u}, {t};",
			ptx.B32, 0x12345678, [4]uint64{mask, ^mask & 0xffffffff, 0, 0}, "MATCH.ANY"),
			ptx.B32, ptx.B32, matchDistinctNote, 3, 0))
	}
	return out
}

// MatchDistinctSubject is the subject of match.sync.any's record on a key
// of k distinct values: "match.sync.any.b32, <k> distinct values".
func MatchDistinctSubject(k int) string {
	return fmt.Sprintf("match.sync.any.b32, %d distinct values", k)
}

// butterfly is a warp (or, with fewer masks, quad) reduction by XOR
// shuffles: per mask, a shuffle and the combining instruction.
func butterfly(combine string, masks ...int) string {
	var b strings.Builder
	for _, m := range masks {
		fmt.Fprintf(&b, "shfl.sync.bfly.b32 {t}, {d}, %d, 0x1f, %s;\n%s {d}, {d}, {t};\n", m, full, combine)
	}
	return b.String()
}

// scan is an inclusive Hillis-Steele prefix scan by up-shuffles: lanes
// below the offset keep their value.
func scan(combine string) string {
	var b strings.Builder
	for _, off := range []int{1, 2, 4, 8, 16} {
		fmt.Fprintf(&b, "shfl.sync.up.b32 {t}|{p}, {d}, %d, 0, %s;\n@{p} %s {d}, {d}, {t};\n", off, full, combine)
	}
	return b.String()
}

// Notes on what the sequence chains add to keep values lane-varying and in
// range.
const (
	seqInt   = "the sum is the same in every lane, so each step XORs the lane back in"
	seqFloat = "each step scales the result by a (1/32 for a sum, so values stay in range) and XORs the lane into its low bits: the result is the same in every lane"
	seqScan  = "values differ by lane already; floating-point scans scale by 1/32 each step to stay in range"
)

func sequences() []engine.ChainSpec {
	b32, f32, f16x2 := ptx.B32, ptx.F32, ptx.F16x2
	all := []int{16, 8, 4, 2, 1}
	th32, h32 := [4]uint64{f32Th32, f32Th32, f32Th32, f32Th32}, [4]uint64{f16Th32<<16 | f16Th32, f16Th32<<16 | f16Th32, f16Th32<<16 | f16Th32, f16Th32<<16 | f16Th32}
	ones := [4]uint64{f32One, f32One, f32One, f32One}
	return []engine.ChainSpec{
		with(entry("warp reduction", "warp sum s32", butterfly("add.s32", all...)+"xor.b32 {d}, {d}, {l};", ptx.S32, 0x12345678, [4]uint64{}, "SHFL.BFLY"),
			b32, "", seqInt, 11, 5),
		with(entry("warp reduction", "warp min s32", butterfly("min.s32", all...)+"xor.b32 {d}, {d}, {l};", ptx.S32, 0x12345678, [4]uint64{}, "SHFL.BFLY"),
			b32, "", seqInt, 11, 5),
		with(entry("warp reduction", "warp sum f32", butterfly("add.f32", all...)+"mul.f32 {d}, {d}, {a};\nxor.b32 {d}, {d}, {l};", f32, f32One, th32, "SHFL.BFLY"),
			f32, "", seqFloat, 12, 5),
		with(entry("warp reduction", "warp product f32", butterfly("mul.f32", all...)+"mul.f32 {d}, {d}, {a};\nxor.b32 {d}, {d}, {l};", f32, f32One, ones, "SHFL.BFLY"),
			f32, "", seqFloat+" (a = 1 for the product)", 12, 5),
		with(entry("warp reduction", "warp sum f16x2", butterfly("add.rn.f16x2", all...)+"mul.rn.f16x2 {d}, {d}, {a};\nxor.b32 {d}, {d}, {l};", f16x2, x2(f16One), h32, "SHFL.BFLY"),
			f16x2, "", seqFloat+"; two f16 sums per lane", 12, 5),
		with(entry("quad reduction", "quad sum f32", butterfly("add.f32", 1, 2)+"mul.f32 {d}, {d}, {a};\nxor.b32 {d}, {d}, {l};", f32, f32One, [4]uint64{f32Quarter, f32Quarter, f32Quarter, f32Quarter}, "SHFL.BFLY"),
			f32, "", seqFloat+" (1/4 for a quad)", 6, 2),
		with(entry("warp scan", "inclusive scan s32", scan("add.s32"), ptx.S32, 0x12345678, [4]uint64{}, "SHFL.UP"),
			b32, "", seqScan, 10, 5),
		with(entry("warp scan", "inclusive scan f32", scan("add.f32")+"mul.f32 {d}, {d}, {a};", f32, f32One, th32, "SHFL.UP"),
			f32, "", seqScan, 11, 5),
		with(entry("warp scan", "inclusive scan f16x2", scan("add.rn.f16x2")+"mul.rn.f16x2 {d}, {d}, {a};", f16x2, x2(f16One), h32, "SHFL.UP"),
			f16x2, "", seqScan+"; two f16 scans per lane", 11, 5),
		with(entry("warp scan", "exclusive scan s32", scan("add.s32")+"shfl.sync.up.b32 {t}|{p}, {d}, 1, 0, "+full+";\nselp.b32 {d}, {t}, 0, {p};", ptx.S32, 0x12345678, [4]uint64{}, "SHFL.UP"),
			b32, "", seqScan+"; the exclusive scan shifts the inclusive one up a lane", 12, 6),
	}
}

// matrixFragments are the warp-level matrix-fragment instructions that
// need no memory: movmatrix transposes an 8×8 b16 fragment across the warp.
func matrixFragments() []engine.ChainSpec {
	return []engine.ChainSpec{
		entry("matrix fragment", "movmatrix.sync.aligned.m8n8.trans.b16", "movmatrix.sync.aligned.m8n8.trans.b16 {d}, {x};", ptx.B32, 0x12345678, [4]uint64{}, "MOVM"),
	}
}

// x2 packs one f16 pattern into both halves of an f16x2.
func x2(h uint64) uint64 { return h<<16 | h }

// Catalog returns the suite's entries in report order, freshly built.
func Catalog() []engine.ChainSpec {
	var out []engine.ChainSpec
	for _, part := range [][]engine.ChainSpec{shuffles(), votes(), reductions(), sequences(), matrixFragments()} {
		out = append(out, part...)
	}
	return withOps(out)
}
