package alu

import (
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/ptx"
)

// bf16 bit patterns.
const (
	bf16One    = 0x3f80
	bf16P996   = 0x3f7f // 0.996
	bf16Milli  = 0x3a83 // 0.001
	bf16NMilli = 0xba83
	bf16Up     = 0x3f81 // 1.0078
	bf16Down   = 0x3f7f // 0.996
)

// minMaxNote explains the negation in min/max chains.
const minMaxNote = "each step negates the result (x <- -min(x, a)): min and max are idempotent and associative, so a bare chain could be folded; the negation is meant to fold into the next step's operand (the SASS column shows whether it did)"

// modifierNote explains abs/neg chains.
func modifierNote(op, carrier string) string {
	return "each step also adds a rotating operand: " + op + " is normally an operand modifier, so it is timed as part of the " + carrier + " it folds into (the SASS column shows whether it needed an instruction of its own)"
}

// halfFamily builds the add/sub/mul/fma/min/max/abs/neg entries of one
// 16-bit type. x2 says whether the type is packed (two results per thread).
func halfFamily(group, ty string, t ptx.Type, one, milli, nmilli, up, down, p999 uint64, pack bool) []engine.ChainSpec {
	v := func(h uint64) uint64 {
		if pack {
			return x2(h)
		}
		return h
	}
	suffix := ".rn." + ty
	add, mul, fma := []string{"HADD2", "HFMA2"}, []string{"HMUL2", "HFMA2"}, []string{"HFMA2"}
	es := []engine.ChainSpec{
		entry(group, "add"+suffix, "add"+suffix+" {d}, {x}, {a};", t, v(one), alt(v(milli), v(nmilli)), add...),
		entry(group, "sub"+suffix, "sub"+suffix+" {d}, {x}, {a};", t, v(one), alt(v(milli), v(nmilli)), add...),
		entry(group, "mul"+suffix, "mul"+suffix+" {d}, {x}, {a};", t, v(one), alt(v(up), v(down)), mul...),
		entry(group, "fma"+suffix, "fma"+suffix+" {d}, {x}, {a0}, {a1};", t, v(one), [4]uint64{v(p999), v(milli)}, fma...),
		noted(withTemp(entry(group, "min."+ty, "min."+ty+" {t}, {x}, {a};\nneg."+ty+" {d}, {t};", t,
			v(one), [4]uint64{v(p999), v(milli), v(up), v(nmilli)}, "HMNMX2"), t), minMaxNote),
		noted(withTemp(entry(group, "max."+ty, "max."+ty+" {t}, {x}, {a};\nneg."+ty+" {d}, {t};", t,
			v(one), [4]uint64{v(p999), v(milli), v(up), v(nmilli)}, "HMNMX2"), t), minMaxNote),
		noted(withTemp(entry(group, "abs."+ty, "abs."+ty+" {t}, {x};\nadd"+suffix+" {d}, {t}, {a};", t,
			v(one), alt(v(milli), v(nmilli)), add...), t), modifierNote("abs", "HADD2")),
		noted(withTemp(entry(group, "neg."+ty, "neg."+ty+" {t}, {x};\nadd"+suffix+" {d}, {t}, {a};", t,
			v(one), alt(v(milli), v(nmilli)), add...), t), modifierNote("neg", "HADD2")),
	}
	for i := range es {
		if pack {
			es[i] = packed(es[i])
		} else {
			es[i] = oneChain(es[i])
		}
	}
	return es
}

func halfEntries() []engine.ChainSpec {
	var es []engine.ChainSpec
	es = append(es, halfFamily("f16x2", "f16x2", ptx.F16x2, f16One, f16Milli, f16NMilli, f16Up, f16Down, f16P999, true)...)
	es = append(es, halfFamily(GroupF16, "f16", ptx.F16, f16One, f16Milli, f16NMilli, f16Up, f16Down, f16P999, false)...)
	es = append(es, halfFamily("bf16x2", "bf16x2", ptx.BF16x2, bf16One, bf16Milli, bf16NMilli, bf16Up, bf16Down, bf16P996, true)...)
	es = append(es, halfFamily(GroupBF16, "bf16", ptx.BF16, bf16One, bf16Milli, bf16NMilli, bf16Up, bf16Down, bf16P996, false)...)
	return es
}
