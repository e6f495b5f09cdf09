package alu

import (
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/ptx"
)

// roundNote explains the bare rounding chains.
const roundNote = "a bare chain: rounding an integral value again changes nothing, which ptxas could exploit; the SASS check shows it did not"

// floatFamily builds add/sub/mul/fma/min/max/abs/neg and the rounding
// conversions of f32 or f64.
func floatFamily(group, ty string, t ptx.Type, one, milli, nmilli, up, down, p999 uint64, fop, mop, aop, mnmx, rnd string) []engine.ChainSpec {
	return []engine.ChainSpec{
		entry(group, "add.rn."+ty, "add.rn."+ty+" {d}, {x}, {a};", t, one, alt(milli, nmilli), aop),
		entry(group, "sub.rn."+ty, "sub.rn."+ty+" {d}, {x}, {a};", t, one, alt(milli, nmilli), aop),
		entry(group, "mul.rn."+ty, "mul.rn."+ty+" {d}, {x}, {a};", t, one, alt(up, down), mop),
		entry(group, "fma.rn."+ty, "fma.rn."+ty+" {d}, {x}, {a0}, {a1};", t, one, [4]uint64{p999, milli}, fop),
		rename(regOps(entry(group, "fma.rn."+ty, "fma.rn."+ty+" {d}, {x}, {a0}, {a1};", t, one, [4]uint64{p999, milli}, fop)), "fma.rn."+ty+" [reg]"),
		noted(withTemp(entry(group, "min."+ty, "min."+ty+" {t}, {x}, {a};\nneg."+ty+" {d}, {t};", t,
			one, [4]uint64{p999, milli, up, nmilli}, mnmx), t), minMaxNote),
		noted(withTemp(entry(group, "max."+ty, "max."+ty+" {t}, {x}, {a};\nneg."+ty+" {d}, {t};", t,
			one, [4]uint64{p999, milli, up, nmilli}, mnmx), t), minMaxNote),
		noted(withTemp(entry(group, "abs."+ty, "abs."+ty+" {t}, {x};\nadd.rn."+ty+" {d}, {t}, {a};", t,
			one, alt(milli, nmilli), aop), t), modifierNote("abs", aop)),
		noted(withTemp(entry(group, "neg."+ty, "neg."+ty+" {t}, {x};\nadd.rn."+ty+" {d}, {t}, {a};", t,
			one, alt(milli, nmilli), aop), t), modifierNote("neg", aop)),
		noted(entry(group, "cvt.rni."+ty+"."+ty, "cvt.rni."+ty+"."+ty+" {d}, {x};", t, one, [4]uint64{}, rnd), roundNote),
		noted(entry(group, "cvt.rzi."+ty+"."+ty, "cvt.rzi."+ty+"."+ty+" {d}, {x};", t, one, [4]uint64{}, rnd), roundNote),
		noted(entry(group, "cvt.rmi."+ty+"."+ty, "cvt.rmi."+ty+"."+ty+" {d}, {x};", t, one, [4]uint64{}, rnd), roundNote),
		noted(entry(group, "cvt.rpi."+ty+"."+ty, "cvt.rpi."+ty+"."+ty+" {d}, {x};", t, one, [4]uint64{}, rnd), roundNote),
		noted(withTemp(entry(group, "fract."+ty, "cvt.rmi."+ty+"."+ty+" {t}, {x};\nsub.rn."+ty+" {d}, {x}, {t};", t,
			one, [4]uint64{}, rnd), t), "a sequence: x - cvt.rmi(x), as fract() is written"),
	}
}

func floatEntries() []engine.ChainSpec {
	es := floatFamily("f32", "f32", ptx.F32, f32One, f32Milli, f32NMilli, f32Up, f32Down, f32P999, "FFMA", "FMUL", "FADD", "FMNMX", "FRND")
	return append(es,
		rename(entry("f32", "fma.rn.f32", "fma.rn.f32 {d}, {x}, 0f3F7FBE77, 0f3A83126F;", ptx.F32, f32One, [4]uint64{}, "FFMA"), "fma.rn.f32 [imm]"),
		rename(entry("f32", "add.rn.f32", "add.rn.f32 {d}, {x}, 0f3A83126F;", ptx.F32, f32One, [4]uint64{}, "FADD"), "add.rn.f32 [imm]"),
		rename(entry("f32", "mul.rn.f32", "mul.rn.f32 {d}, {x}, 0f3F7FF972;", ptx.F32, f32One, [4]uint64{}, "FMUL"), "mul.rn.f32 [imm]"),
		rename(regOps(entry("f32", "add.rn.f32", "add.rn.f32 {d}, {x}, {a};", ptx.F32, f32One, alt(f32Milli, f32NMilli), "FADD")), "add.rn.f32 [reg]"),
		entry("f32", "copysign.f32", "copysign.f32 {d}, {a}, {x};", ptx.F32, f32One, alt(f32Milli, f32NMilli), "LOP3", "FSEL"),
	)
}

func doubleEntries() []engine.ChainSpec {
	return floatFamily("f64", "f64", ptx.F64, f64One, f64Milli, f64NMilli, f64Up, f64Down, f64P999, "DFMA", "DMUL", "DADD", "DSETP", "FRND")
}
