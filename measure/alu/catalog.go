// Package alu is the ALU instruction domain: the catalogs of PTX and
// SPIR-V instructions and short sequences measured for latency and
// throughput, the plan that runs them, and the names of the records they
// make (names.go). The chain jobs that measure them are the engine's
// (engine.ChainJob).
//
// Every entry is a chain step (see kernel.Step) with the SASS opcodes that
// must implement it. Operand patterns are chosen so that ptxas cannot fold
// the chain: floating-point chains alternate operands (IEEE arithmetic is
// not reassociated), integer chains are two-register chains (x += y; y += x)
// that have no closed form a compiler would use, logic chains are
// three-register chains (x <- x op x[-2]) that ptxas cannot fuse pairwise
// into one LOP3, every chain starts from lane-dependent values so it is not
// moved to the uniform datapath, and the SASS check proves each chain
// survived. Initial values keep floating-point chains in the
// normal range where the arithmetic allows it.
package alu

import (
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/ptx"
)

// f32/f64/f16 bit patterns of the constants used below.
const (
	f32One    = 0x3f800000
	f32Half   = 0x3f000000
	f32Quart  = 0x3e800000
	f32ThreeQ = 0x3f400000
	f32OneHlf = 0x3fc00000
	f32Two    = 0x40000000
	f32Three  = 0x40400000
	f32P999   = 0x3f7fbe77 // 0.999
	f32Milli  = 0x3a83126f // 0.001
	f32NMilli = 0xba83126f // -0.001
	f32Up     = 0x3f800347 // 1.0001
	f32Down   = 0x3f7ff972 // 0.9999

	f64One    = 0x3ff0000000000000
	f64P999   = 0x3feff7ced916872b
	f64Milli  = 0x3f50624dd2f1a9fc
	f64NMilli = 0xbf50624dd2f1a9fc
	f64Up     = 0x3ff00068db8bac71
	f64Down   = 0x3fefff2e48e8a71e

	f16One    = 0x3c00
	f16P999   = 0x3bfe // 0.999
	f16Milli  = 0x1419 // 0.001
	f16NMilli = 0x9419
	f16Up     = 0x3c01 // 1.001
	f16Down   = 0x3bfe // 0.999
)

// x2 packs one f16 pattern into both halves of an f16x2.
func x2(h uint64) uint64 { return h<<16 | h }

// alt is the operand quadruple p, q, p, q.
func alt(p, q uint64) [4]uint64 { return [4]uint64{p, q, p, q} }

// entry builds a catalog entry.
func entry(group, name, tmpl string, t ptx.Type, x0 uint64, a [4]uint64, expect ...string) engine.ChainSpec {
	return engine.ChainSpec{
		Suite: Suite, Subject: name, Group: group,
		Step:   kernel.Step{Template: tmpl, Type: t, X0: x0, A: a},
		Expect: expect,
	}
}

// withTemp sets the step's temporary type.
func withTemp(s engine.ChainSpec, t ptx.Type) engine.ChainSpec {
	s.Step.Temp = t
	return s
}

// withOperand sets the operands' type.
func withOperand(s engine.ChainSpec, t ptx.Type) engine.ChainSpec {
	s.Step.Operand = t
	return s
}

// weighted says one step compiles to about w machine instructions.
func weighted(s engine.ChainSpec, w int) engine.ChainSpec {
	s.Weight = w
	return s
}

// noted attaches a note on how the entry is measured.
func noted(s engine.ChainSpec, note string) engine.ChainSpec {
	s.Note = note
	return s
}

// logicNote explains the lop3 form two-input logic ops are measured in.
func logicNote(expr, lut string) string {
	return "measured as lop3.b32 with LUT " + lut + " (" + expr + ", a and b rotating): ptxas compiles every two-input logic op to LOP3.LUT and merges two dependent ones into one, so a chain of the bare PTX op would time half as many instructions"
}

// packed marks an instruction giving 2 results per thread.
func packed(s engine.ChainSpec) engine.ChainSpec {
	s.ResultsPerThread = 2
	return s
}

// regOps makes an entry's operands true registers (see kernel.Step).
func regOps(s engine.ChainSpec) engine.ChainSpec {
	s.Step.RegOperands = true
	return s
}

// rename gives an entry another name (for operand variants).
func rename(s engine.ChainSpec, name string) engine.ChainSpec {
	s.Subject = name
	return s
}

// oneChain measures throughput with one chain per thread only: ptxas packs
// two independent scalar 16-bit chains into one packed instruction.
func oneChain(s engine.ChainSpec) engine.ChainSpec {
	s.ILPs = []int{1}
	const why = "throughput uses one chain per thread (ILP 1, occupancy swept): ptxas packs two independent scalar 16-bit operations into one packed instruction"
	if s.Note == "" {
		s.Note = why
	} else {
		s.Note += "; " + why
	}
	return s
}

// Catalog returns the suite's entries in report order. Each call builds a
// fresh slice, so callers may modify what they get.
func Catalog() []engine.ChainSpec {
	var out []engine.ChainSpec
	for _, part := range [][]engine.ChainSpec{
		halfEntries(), floatEntries(), doubleEntries(), compareEntries(), convertEntries(),
		mufuEntries(), preciseEntries(), int16Entries(), int32Entries(), int64Entries(), bitEntries(), packedEntries(),
	} {
		out = append(out, part...)
	}
	return withOps(out)
}
