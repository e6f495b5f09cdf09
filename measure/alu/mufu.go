package alu

import (
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/ptx"
)

// approx builds a bare approximate special-function chain.
func approx(group, name string, t ptx.Type, x0 uint64, weight int, expect ...string) engine.ChainSpec {
	return weighted(entry(group, name, name+" {d}, {x};", t, x0, [4]uint64{}, expect...), weight)
}

func mufuEntries() []engine.ChainSpec {
	const f64Two = 0x4000000000000000
	es := []engine.ChainSpec{
		approx("mufu", "rcp.approx.f32", ptx.F32, f32OneHlf, 4, "MUFU.RCP"),
		approx("mufu", "rsqrt.approx.f32", ptx.F32, f32Two, 4, "MUFU.RSQ"),
		approx("mufu", "sqrt.approx.f32", ptx.F32, f32Two, 4, "MUFU.SQRT", "MUFU.RSQ"),
		approx("mufu", "ex2.approx.f32", ptx.F32, f32Half, 3, "MUFU.EX2"),
		approx("mufu", "lg2.approx.f32", ptx.F32, f32Three, 3, "MUFU.LG2"),
		noted(withTemp(entry("mufu", "rcp.approx.ftz.f32", "rcp.approx.ftz.f32 {t}, {x};\nadd.rn.ftz.f32 {d}, {t}, {a0};", ptx.F32,
			f32OneHlf, [4]uint64{0x80000000}, "MUFU.RCP"), ptx.F32),
			"each step adds -0.0 (an FADD, 4 cycles of latency) after the rcp: ptxas folds rcp(rcp(x)) to x in a bare chain"),
		approx("mufu", "rsqrt.approx.ftz.f32", ptx.F32, f32Two, 1, "MUFU.RSQ"),
		approx("mufu", "sqrt.approx.ftz.f32", ptx.F32, f32Two, 1, "MUFU.SQRT", "MUFU.RSQ"),
		approx("mufu", "ex2.approx.ftz.f32", ptx.F32, f32Half, 1, "MUFU.EX2"),
		approx("mufu", "lg2.approx.ftz.f32", ptx.F32, f32Three, 1, "MUFU.LG2"),
		approx("mufu", "sin.approx.f32", ptx.F32, f32One, 2, "MUFU.SIN"),
		approx("mufu", "cos.approx.f32", ptx.F32, f32One, 2, "MUFU.COS"),
		approx("mufu", "tanh.approx.f32", ptx.F32, f32Half, 1, "MUFU.TANH"),
		approx("mufu", "ex2.approx.f16", ptx.F16, f16One, 1, "MUFU.EX2"),
		packed(approx("mufu", "ex2.approx.f16x2", ptx.F16x2, x2(f16One), 2, "MUFU.EX2")),
		approx("mufu", "tanh.approx.f16", ptx.F16, f16One, 1, "MUFU.TANH"),
		packed(approx("mufu", "tanh.approx.f16x2", ptx.F16x2, x2(f16One), 2, "MUFU.TANH")),
		approx("mufu", "tanh.approx.bf16", ptx.BF16, bf16One, 1, "MUFU.TANH"),
		approx("mufu", "ex2.approx.ftz.bf16", ptx.BF16, bf16One, 1, "MUFU.EX2"),
		approx("mufu", "rcp.approx.ftz.f64", ptx.F64, f64Two, 2, "MUFU.RCP64H"),
		approx("mufu", "rsqrt.approx.f64", ptx.F64, f64Two, 2, "MUFU.RSQ64H"),
	}
	return es
}

// preciseNote explains the IEEE-rounded sequences.
const preciseNote = "an IEEE-rounded sequence: the MUFU approximation refined with FMAs, with a slow path for special operands that normal values never take"

func preciseEntries() []engine.ChainSpec {
	es := []engine.ChainSpec{
		weighted(entry("precise", "div.rn.f32", "div.rn.f32 {d}, {x}, {a};", ptx.F32, f32One, alt(f32Up, f32Down), "MUFU.RCP"), 10),
		weighted(entry("precise", DivFullF32, "div.full.f32 {d}, {a}, {x};", ptx.F32, f32One, alt(f32Up, f32Down), "MUFU.RCP"), 6),
		weighted(entry("precise", DivApproxF32, "div.approx.f32 {d}, {a}, {x};", ptx.F32, f32One, alt(f32Up, f32Down), "MUFU.RCP"), 3),
		weighted(entry("precise", "rcp.rn.f32", "rcp.rn.f32 {d}, {x};", ptx.F32, f32OneHlf, [4]uint64{}, "MUFU.RCP"), 8),
		weighted(entry("precise", "sqrt.rn.f32", "sqrt.rn.f32 {d}, {x};", ptx.F32, f32Two, [4]uint64{}, "MUFU.RSQ"), 8),
		weighted(entry("precise", "div.rn.f64", "div.rn.f64 {d}, {x}, {a};", ptx.F64, f64One, alt(f64Up, f64Down), "MUFU.RCP64H"), 12),
		weighted(entry("precise", "rcp.rn.f64", "rcp.rn.f64 {d}, {x};", ptx.F64, 0x3ff8000000000000, [4]uint64{}, "MUFU.RCP64H"), 10),
		weighted(entry("precise", "sqrt.rn.f64", "sqrt.rn.f64 {d}, {x};", ptx.F64, 0x4000000000000000, [4]uint64{}, "MUFU.RSQ64H"), 12),
	}
	for i := range es {
		switch es[i].Subject {
		case DivFullF32:
			es[i] = noted(es[i], "full-range approximate division (2 ulp), the chain value as divisor (a / x): with a loop-invariant divisor ptxas hoists the reciprocal out of the loop")
		case DivApproxF32:
			es[i] = noted(es[i], "the chain value is the divisor (a / x): with a loop-invariant divisor ptxas hoists the reciprocal out of the loop")
		default:
			es[i] = noted(es[i], preciseNote)
		}
	}
	return es
}
