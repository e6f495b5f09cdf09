package vk

import (
	"fmt"

	"github.com/gpuarch/gpuarch/kernel"
)

// mixKernel is cudagpu.MixKernel in SPIR-V: every part's ILP chains, a
// loop whose body runs k.Unroll rounds, each interleaving every part's
// Count steps (round-robin over the part's chains), between a workgroup
// barrier and the end; every subgroup writes a warp record. Push
// constants: out, sink, count, then each part's x0, a0..a3 and guard, as
// probe passes them.
func mixKernel(m *module, k kernel.MixLoopSpec) error {
	names, wide := []string{"out", "sink", "count"}, []bool{true, true, false}
	for i, p := range k.Parts {
		if err := validateStep(p.Step); err != nil {
			return fmt.Errorf("part %d: %w", i, err)
		}
		n, w := stepParams(p.Step, fmt.Sprintf("p%d_", i))
		names, wide = append(names, n...), append(wide, w...)
	}
	f := m.newFn(k.Name, names, wide)
	type live struct {
		part           kernel.Part
		env            stepEnv
		chains         []*chain
		guard, guardTy string
		first, steps   int // the part's first carried value; its steps so far
	}
	var (
		ls             []*live
		carried, types []string
	)
	for i, p := range k.Parts {
		l := &live{part: p, first: len(carried)}
		l.env, l.chains, l.guard, l.guardTy = f.loadChainInputs(p.Step, max(1, p.ILP), fmt.Sprintf("p%d_", i))
		for _, c := range l.chains {
			carried = append(carried, c.vals...)
			for range c.vals {
				types = append(types, string(p.Step.Type))
			}
		}
		ls = append(ls, l)
	}
	count := f.param("count")
	workgroup := m.konst("u32", 2)
	f.emit("OpControlBarrier %s %s %s", workgroup, workgroup, m.konst("u32", 0x108)) // AcquireRelease | WorkgroupMemory
	c0, g0 := f.clock(false), f.clock(true)
	out, counter := f.loop(count, carried, types, func(in []string) []string {
		end := make([]string, len(in))
		for _, l := range ls {
			regs := l.part.Step.Registers()
			for j, c := range l.chains {
				c.vals = append([]string(nil), in[l.first+j*regs:l.first+(j+1)*regs]...)
			}
		}
		for range k.Unroll {
			for _, l := range ls {
				for range l.part.Count {
					c := l.chains[l.steps%len(l.chains)]
					f.emitStep(l.env, c, l.steps/len(l.chains))
					l.steps++
				}
			}
		}
		for _, l := range ls {
			regs := l.part.Step.Registers()
			for j, c := range l.chains {
				copy(end[l.first+j*regs:], c.vals)
			}
		}
		return end
	})
	c1, g1 := f.clock(false), f.clock(true)
	f.warpRecord(c0, c1, g0, g1)
	sink := f.param("sink")
	empty := true
	for _, l := range ls {
		n := len(l.chains) * l.part.Step.Registers()
		for _, v := range out[l.first : l.first+n] {
			f.storeIfEqual(sink, v, string(l.part.Step.Type), l.guard, l.guardTy)
		}
		empty = empty && l.part.Count == 0
	}
	if empty {
		never := f.def("never", "OpNot %s %s", m.typ("u32"), count)
		f.storeIfEqual(sink, counter, "u32", never, "u32")
	}
	f.finish()
	return nil
}
