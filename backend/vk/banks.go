package vk

import (
	"fmt"

	"github.com/gpuarch/gpuarch/kernel"
)

// The access-pattern kernels in SPIR-V: cudagpu.BankKernel and
// cudagpu.GlobalAccessKernel, lane for lane. A lane is the invocation's
// index in its subgroup (SubgroupLocalInvocationId), so the pattern is a
// subgroup's whatever its width; nothing here assumes a bank count or
// width, which the stride sweep finds.

// bankLoadsPerIter is how many independent loads one loop iteration of an
// access kernel makes (the PTX kernels' 32).
const bankLoadsPerIter = 32

// bankElems is where lane*stride wraps in the shared pattern (probe's
// bankElems: the PTX kernel's "and 1023").
const bankElems = 1024

// bankKernel is cudagpu.BankKernel or, with k.CacheOp "ca" or "cg",
// cudagpu.GlobalAccessKernel in SPIR-V.
func bankKernel(m *module, k kernel.BankLoadsSpec) error {
	elem, ok := map[int]string{4: "u32", 8: "u32x2", 16: "u32x4"}[k.Width]
	if !ok {
		return fmt.Errorf("access width %d: not 4, 8 or 16 bytes", k.Width)
	}
	switch k.CacheOp {
	case "":
		sharedBankKernel(m, k.Name, elem, k.Width)
		return nil
	case "ca", "cg":
		return globalAccessKernel(m, k.Name, elem, k.Width, k.CacheOp)
	}
	return fmt.Errorf("unknown cache operator %q", k.CacheOp)
}

// sharedBankKernel has every invocation load width bytes at element
// (lane*stride) mod 1024 of the workgroup array (sized by the launch's
// shared bytes), 32 volatile loads per loop iteration for iters
// iterations; invocation 0 stores the workgroup's subgroup-clock cycles
// at out, and out+8 gets the loads' XOR where it equals guard (so no load
// can be dropped). Stride 0 is a broadcast. Volatile loads, as PTX's
// ld.volatile.shared: the compiler may neither merge the 32 loads of one
// address nor hoist them out of the loop.
//
// Parameters, as probe's: out (u64), stride (u32), iters (u32), guard
// (u32).
func sharedBankKernel(m *module, name, elem string, width int) {
	f := m.newFn(name, []string{"out", "stride", "iters", "guard"}, []bool{true, false, false, false})
	u32 := m.typ("u32")
	lane := f.builtin("SubgroupLocalInvocationId", "u32")
	stride := f.param("stride")
	idx := f.def("ix", "OpIMul %s %s %s", u32, lane, stride)
	// zero is 0 at run time (strides stay below 2^16), which the
	// compiler cannot know: NVIDIA's Vulkan compiler was seen to hoist
	// Volatile workgroup loads of one address out of the loop (0.002
	// cycles a load on an H100), so each load's index depends on the
	// loads before the iteration (acc & zero) and differs from the
	// other loads' by i*zero, as the global kernel's addresses do.
	zero := f.def("z", "OpShiftRightLogical %s %s %s", u32, stride, m.konst("u32", 16))
	arr := f.sharedArrayOf(elem, lanesOf(width))
	var base string
	f.timedLoadsAt(lane, func(acc string) {
		base = f.def("b", "OpIAdd %s %s %s", u32, idx, f.def("t", "OpBitwiseAnd %s %s %s", u32, acc, zero))
	}, func(i int) string {
		e := base
		if i > 0 {
			e = f.def("e", "OpIAdd %s %s %s", u32, base, f.def("k", "OpIMul %s %s %s", u32, zero, m.konst("u32", uint64(i))))
		}
		e = f.def("e", "OpBitwiseAnd %s %s %s", u32, e, m.konst("u32", bankElems-1))
		ptr := f.def("sp", "OpAccessChain %s %s %s", m.pointer("Workgroup", m.typ(elem)), arr, e)
		return f.def("ld", "OpLoad %s %s Volatile", m.typ(elem), ptr)
	}, elem)
	f.finish()
}

// globalAccessKernel has every invocation load width bytes at byte
// (lane mod group)*stride*width + (lane/group)*jump of buf, 32 loads per
// iteration 128 bytes apart, through the L1 (cacheOp "ca": plain loads)
// or around it ("cg": loads made visible at device scope, see aroundL1).
// Each iteration's addresses depend on the last one's data through a
// runtime zero, so the compiler can neither hoist nor merge the loads.
//
// Parameters, as probe's: out (u64), buf (u64), stride (u32), iters
// (u32), zero (u32), guard (u32), group (u32, lanes), jump (u32, bytes).
func globalAccessKernel(m *module, name, elem string, width int, cacheOp string) error {
	access := fmt.Sprintf("Aligned %d", width)
	if cacheOp == "cg" {
		var err error
		if access, err = m.aroundL1(width); err != nil {
			return err
		}
	}
	f := m.newFn(name, []string{"out", "buf", "stride", "iters", "zero", "guard", "group", "jump"},
		[]bool{true, true, false, false, false, false, false, false})
	u32, u64 := m.typ("u32"), m.typ("u64")
	buf, stride, zero, group, jump := f.param("buf"), f.param("stride"), f.param("zero"), f.param("group"), f.param("jump")
	lane := f.builtin("SubgroupLocalInvocationId", "u32")
	idx := f.def("ix", "OpUMod %s %s %s", u32, lane, group)
	idx = f.def("ix", "OpIMul %s %s %s", u32, idx, stride)
	idx = f.def("ix", "OpIMul %s %s %s", u32, idx, m.konst("u32", uint64(width)))
	g := f.def("g", "OpUDiv %s %s %s", u32, lane, group)
	g = f.def("g", "OpIMul %s %s %s", u32, g, jump)
	idx = f.def("ix", "OpIAdd %s %s %s", u32, idx, g)
	ptrTy := m.pointer("PhysicalStorageBuffer", m.typ(elem))
	var base string
	f.timedLoadsAt(lane, func(acc string) {
		off := f.def("off", "OpBitwiseAnd %s %s %s", u32, acc, zero)
		off = f.def("off", "OpIAdd %s %s %s", u32, off, idx)
		base = f.def("ad", "OpIAdd %s %s %s", u64, buf, f.def("w", "OpUConvert %s %s", u64, off))
	}, func(i int) string {
		p := f.def("gp", "OpConvertUToPtr %s %s", ptrTy, f.addr(base, uint64(128*i)))
		return f.def("ld", "OpLoad %s %s %s", m.typ(elem), p, access)
	}, elem)
	f.finish()
	return nil
}

// timedLoadsAt writes the access kernels' timed part: a workgroup barrier
// and a subgroup-clock read, a loop of iters iterations each running top
// (given the loads' XOR so far) then 32 loads (load(i) for the i-th, of
// type elem) XORed into the accumulator, which starts as the lane; then
// a barrier and a clock read, invocation 0 storing the cycles at out, and
// the accumulator stored at out+8 when it equals guard.
func (f *fn) timedLoadsAt(lane string, top func(acc string), load func(i int) string, elem string) {
	m := f.m
	u32 := m.typ("u32")
	workgroup := m.konst("u32", 2)
	sem := m.konst("u32", 0x108) // AcquireRelease | WorkgroupMemory
	f.emit("OpControlBarrier %s %s %s", workgroup, workgroup, sem)
	c0 := f.clock(false)
	lanes := lanesOf(widthOf(elem))
	out, _ := f.loop(f.param("iters"), []string{lane}, []string{"u32"}, func(in []string) []string {
		acc := in[0]
		top(acc)
		for i := range bankLoadsPerIter {
			v := load(i)
			for c := range lanes {
				w := v
				if lanes > 1 {
					w = f.def("c", "OpCompositeExtract %s %s %d", u32, v, c)
				}
				acc = f.def("acc", "OpBitwiseXor %s %s %s", u32, acc, w)
			}
		}
		return []string{acc}
	})
	f.emit("OpControlBarrier %s %s %s", workgroup, workgroup, sem)
	c1 := f.clock(false)
	f.storeFirst(c0, c1)
	f.storeIfEqual(f.addr(f.param("out"), 8), out[0], "u32", f.param("guard"), "u32")
}

// widthOf is the bytes of an access element type (u32, u32x2, u32x4).
func widthOf(elem string) int { return totalBits(elem) / 8 }
