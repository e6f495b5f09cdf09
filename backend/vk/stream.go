package vk

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gpuarch/gpuarch/kernel"
)

// streamKernel is cudagpu.StreamKernel in SPIR-V: workgroup b streams over
// a region region bytes long, passes times, in pass p the one at base +
// ((b + p*rotate) mod regions)*region; invocation t touches offsets (j*width + t)*spacing,
// unroll accesses per loop iteration, each followed by alu independent
// FMAs on four chains that never wait for memory; every subgroup writes a
// warp record. op "ld.ca" is plain loads, "ld.cg" loads made visible at
// device scope (see chaseKernel), "st" stores, and "lds" loads from the
// workgroup array (its bytes the launch's shared bytes).
//
// Parameters, as probe's: out (u64), sink (u64), passes (u32), base
// (u64), region (u64, bytes), regions (u32), guard (u32), spacing (u32),
// rotate (u32).
func streamKernel(m *module, k kernel.StreamLoopSpec) error {
	elem, ok := map[int]string{4: "u32", 8: "u32x2", 16: "u32x4"}[k.Width]
	switch {
	case !ok:
		return fmt.Errorf("stream width %d: not 4, 8 or 16 bytes", k.Width)
	case k.Op != "ld.ca" && k.Op != "ld.cg" && k.Op != "st" && k.Op != "lds":
		return fmt.Errorf("unknown stream operation %q", k.Op)
	}
	access := fmt.Sprintf("Aligned %d", k.Width)
	if k.Op == "ld.cg" {
		var err error
		if access, err = m.aroundL1(k.Width); err != nil {
			return err
		}
	}
	f := m.newFn(k.Name, []string{"out", "sink", "passes", "base", "region", "regions", "guard", "spacing", "rotate"},
		[]bool{true, true, false, true, true, false, false, false, false})
	u32, u64, f32 := m.typ("u32"), m.typ("u64"), m.typ("f32")
	passes, regions, spacing := f.param("passes"), f.param("regions"), f.param("spacing")
	region := f.param("region")
	local := f.builtin("LocalInvocationId", "u32x3")
	tid := f.def("tid", "OpCompositeExtract %s %s 0", u32, local)
	wide := func(v string) string { return f.def("w", "OpUConvert %s %s", u64, v) }
	// The invocation's first byte less its slot's offset; the slot is
	// (workgroup + pass*rotate) mod regions, carried from pass to pass.
	first := m.konst("u64", 0)
	var arr string
	if k.Op == "lds" {
		arr = f.sharedArrayOf(elem, lanesOf(k.Width))
	} else {
		first = f.param("base")
	}
	first = f.def("st", "OpIAdd %s %s %s", u64, first, f.def("to", "OpIMul %s %s %s", u64, wide(tid), wide(spacing)))
	slot := f.def("slot", "OpUMod %s %s %s", u32, f.workgroupX(), regions)
	step := f.def("step", "OpIMul %s %s %s", u64, wide("%wg_x"), wide(spacing))
	chunk := f.def("chunk", "OpIMul %s %s %s", u64, step, m.konst("u64", uint64(k.Unroll)))
	iters := f.def("iters", "OpUDiv %s %s %s", u64, region, chunk)
	iters = f.def("iters", "OpUConvert %s %s", u32, iters)
	iters = f.def("iters", "OpExtInst %s %s UMax %s %s", u32, m.glslSet(), iters, m.konst("u32", 1))
	// The stored value, and the loads' first values: the invocation index.
	lanes := lanesOf(k.Width)
	value := tid
	if lanes > 1 {
		parts := make([]string, lanes)
		for i := range parts {
			parts[i] = tid
		}
		value = f.def("val", "OpCompositeConstruct %s %s", m.typ(elem), strings.Join(parts, " "))
	}
	carried, types := []string{slot, tid}, []string{"u32", "u32"}
	if k.ALU > 0 {
		ft := f.def("ft", "OpConvertUToF %s %s", f32, tid)
		for range 4 {
			carried, types = append(carried, ft), append(types, "f32")
		}
	}
	workgroup := m.konst("u32", 2)
	f.emit("OpControlBarrier %s %s %s", workgroup, workgroup, m.konst("u32", 0x108)) // AcquireRelease | WorkgroupMemory
	c0, g0 := f.clock(false), f.clock(true)
	fmaA, fmaB := m.konst("f32", 0x3F7FBE77), m.konst("f32", 0x3A83126F)
	out, _ := f.loop(passes, carried, types, func(in []string) []string {
		slot, start := in[0], first
		if k.Op != "lds" {
			start = f.def("st", "OpIAdd %s %s %s", u64, first, f.def("so", "OpIMul %s %s %s", u64, wide(slot), region))
			slot = f.def("slot", "OpUMod %s %s %s", u32, f.def("slot", "OpIAdd %s %s %s", u32, slot, f.param("rotate")), regions)
		}
		inner, _ := f.loop(iters, append([]string{start}, in[1:]...), append([]string{"u64"}, types[1:]...), func(in []string) []string {
			addr, acc, fs := in[0], in[1], append([]string(nil), in[2:]...)
			next := 0
			for u := range k.Unroll {
				a := addr
				if u > 0 {
					a = f.def("a", "OpIAdd %s %s %s", u64, addr, f.def("uo", "OpIMul %s %s %s", u64, step, m.konst("u64", uint64(u))))
				}
				var got string
				switch k.Op {
				case "st":
					p := f.def("gp", "OpConvertUToPtr %s %s", m.pointer("PhysicalStorageBuffer", m.typ(elem)), a)
					f.emit("OpStore %s %s %s", p, value, access)
				case "lds":
					i := f.def("ix", "OpUConvert %s %s", u32, a)
					i = f.def("ix", "OpUDiv %s %s %s", u32, i, m.konst("u32", uint64(k.Width)))
					p := f.def("sp", "OpAccessChain %s %s %s", m.pointer("Workgroup", m.typ(elem)), arr, i)
					got = f.def("ld", "OpLoad %s %s", m.typ(elem), p)
				default:
					p := f.def("gp", "OpConvertUToPtr %s %s", m.pointer("PhysicalStorageBuffer", m.typ(elem)), a)
					got = f.def("ld", "OpLoad %s %s %s", m.typ(elem), p, access)
				}
				for range k.ALU {
					j := next % len(fs)
					next++
					fs[j] = f.def("fma", "OpExtInst %s %s Fma %s %s %s", f32, m.glslSet(), fs[j], fmaA, fmaB)
				}
				if got != "" {
					for c := range lanes {
						v := got
						if lanes > 1 {
							v = f.def("c", "OpCompositeExtract %s %s %d", u32, got, c)
						}
						acc = f.def("acc", "OpBitwiseXor %s %s %s", u32, acc, v)
					}
				}
			}
			return append([]string{f.def("addr", "OpIAdd %s %s %s", u64, addr, chunk), acc}, fs...)
		})
		return append([]string{slot}, inner[1:]...)
	})
	c1, g1 := f.clock(false), f.clock(true)
	acc := out[1]
	for _, v := range out[2:] {
		acc = f.def("acc", "OpBitwiseXor %s %s %s", u32, acc, f.def("fb", "OpBitcast %s %s", u32, v))
	}
	f.warpRecord(c0, c1, g0, g1)
	f.storeIfEqual(f.param("sink"), acc, "u32", f.param("guard"), "u32")
	f.finish()
	return nil
}

// sharedArrayOf declares the kernel's workgroup array as elements of
// type elem, each perWord 32-bit words; its length in words is
// specialization constant 1, so the launch's shared bytes size it. It
// returns the variable.
func (f *fn) sharedArrayOf(elem string, perWord int) string {
	m := f.m
	words := "%wg_words"
	if !m.declared[words] {
		m.decos = append(m.decos, fmt.Sprintf("OpDecorate %s SpecId %d", words, sharedWordsSpecID))
		m.global(words, fmt.Sprintf("OpSpecConstant %s 1", m.typ("u32")))
	}
	n := words
	if perWord > 1 {
		n = m.global("%wg_len_"+elem, fmt.Sprintf("OpSpecConstantOp %s UDiv %s %s", m.typ("u32"), words, m.konst("u32", uint64(perWord))))
	}
	arr := m.global("%wg_array_"+elem, fmt.Sprintf("OpTypeArray %s %s", m.typ(elem), n))
	v := m.global("%wg_"+elem, fmt.Sprintf("OpVariable %s Workgroup", m.pointer("Workgroup", arr)))
	if !slices.Contains(f.iface, v) {
		f.iface = append(f.iface, v)
	}
	return v
}

// lanesOf is how many 32-bit words an access of width bytes holds.
func lanesOf(width int) int { return width / 4 }
