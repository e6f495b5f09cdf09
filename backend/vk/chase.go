package vk

import (
	"fmt"

	"github.com/gpuarch/gpuarch/kernel"
)

// The pointer chase in SPIR-V: the same chains, built and followed the
// same way as probe's PTX kernels (ChaseInitKernel, ChaseKernel), so that
// both backends chase identical permutations. Global chains hold 64-bit
// device addresses; a workgroup-memory chain holds 32-bit word indexes
// into the workgroup array, whose length is specialization constant 1
// (set from the launch's shared bytes).

// sharedWordsSpecID is the specialization constant that sizes a kernel's
// workgroup array, in 32-bit words.
const sharedWordsSpecID = 1

// chaseParams are the chase's arguments, in probe's order: base (u64,
// global only), elems, bits, stride, chains, seed (u32), then what the
// kernel adds.
func chaseParams(space string, extra []string, extraWide []bool) ([]string, []bool) {
	names := []string{"elems", "bits", "stride", "chains", "seed"}
	wide := []bool{false, false, false, false, false}
	if space != "shared" {
		names, wide = append([]string{"base"}, names...), append([]bool{true}, wide...)
	}
	return append(names, extra...), append(wide, extraWide...)
}

// scramble writes g(x), the chase's bijective mix on [0, 2^bits),
// repeated (cycle-walked) while the result is not below elems; see
// probe's scramble for the PTX it matches.
func (f *fn) scramble(x, elems, bits, seed string) string {
	m := f.m
	u32 := m.typ("u32")
	one := m.konst("u32", 1)
	mask := f.def("mask", "OpShiftLeftLogical %s %s %s", u32, one, bits)
	mask = f.def("mask", "OpISub %s %s %s", u32, mask, one)
	h1 := f.def("h1", "OpShiftRightLogical %s %s %s", u32, bits, one)
	h1 = f.def("h1", "OpExtInst %s %s UMax %s %s", u32, m.glslSet(), h1, one)
	h2 := f.def("h2", "OpIAdd %s %s %s", u32, h1, one)
	out := f.doWhile([]string{x}, []string{"u32"}, func(in []string) ([]string, string) {
		y := f.def("y", "OpBitwiseXor %s %s %s", u32, in[0], seed)
		y = f.def("y", "OpBitwiseAnd %s %s %s", u32, y, mask)
		y = f.def("y", "OpIMul %s %s %s", u32, y, m.konst("u32", 0x9E3779B1))
		y = f.def("y", "OpBitwiseAnd %s %s %s", u32, y, mask)
		t := f.def("t", "OpShiftRightLogical %s %s %s", u32, y, h1)
		y = f.def("y", "OpBitwiseXor %s %s %s", u32, y, t)
		y = f.def("y", "OpIMul %s %s %s", u32, y, m.konst("u32", 0x85EBCA6B))
		y = f.def("y", "OpBitwiseAnd %s %s %s", u32, y, mask)
		t = f.def("t", "OpShiftRightLogical %s %s %s", u32, y, h2)
		y = f.def("y", "OpBitwiseXor %s %s %s", u32, y, t)
		again := f.def("again", "OpUGreaterThanEqual %s %s %s", m.typ("bool"), y, elems)
		return []string{y}, again
	})
	return out[0]
}

// next is (i + chains) mod elems, for i < elems.
func (f *fn) nextLink(i, chains, elems string) string {
	m := f.m
	u32 := m.typ("u32")
	n := f.def("nx", "OpIAdd %s %s %s", u32, i, chains)
	wraps := f.def("wr", "OpUGreaterThanEqual %s %s %s", m.typ("bool"), n, elems)
	back := f.def("nx", "OpISub %s %s %s", u32, n, elems)
	return f.def("nx", "OpSelect %s %s %s %s", u32, wraps, back, n)
}

// globalElement is base + g*stride, a device address.
func (f *fn) globalElement(base, g, stride string) string {
	m := f.m
	u64 := m.typ("u64")
	g64 := f.def("g64", "OpUConvert %s %s", u64, g)
	s64 := f.def("s64", "OpUConvert %s %s", u64, stride)
	off := f.def("off", "OpIMul %s %s %s", u64, g64, s64)
	return f.def("el", "OpIAdd %s %s %s", u64, base, off)
}

// sharedElement is g*stride/4, a word index into the workgroup array.
func (f *fn) sharedElement(g, stride string) string {
	u32 := f.m.typ("u32")
	w := f.def("sw", "OpShiftRightLogical %s %s %s", u32, stride, f.m.konst("u32", 2))
	return f.def("el", "OpIMul %s %s %s", u32, g, w)
}

// sharedArray declares the kernel's workgroup array of u32 words (see
// sharedArrayOf) and returns the variable.
func (f *fn) sharedArray() string { return f.sharedArrayOf("u32", 1) }

// sharedWord returns a pointer to word i of the workgroup array.
func (f *fn) sharedWord(arr, i string) string {
	return f.def("sp", "OpAccessChain %s %s %s", f.m.pointer("Workgroup", f.m.typ("u32")), arr, i)
}

// chaseInitKernel is cudagpu.ChaseInitKernel: invocation i (over the
// dispatch) stores at element g(i) of base the address of element
// g((i+chains) mod elems) of vbase.
func chaseInitKernel(m *module, name string) {
	names, wide := chaseParams("global", []string{"vbase"}, []bool{true})
	f := m.newFn(name, names, wide)
	u32 := m.typ("u32")
	base, elems, bits, stride, chains, seed := f.param("base"), f.param("elems"), f.param("bits"), f.param("stride"), f.param("chains"), f.param("seed")
	vbase := f.param("vbase")
	local := f.builtin("LocalInvocationId", "u32x3")
	tid := f.def("tid", "OpCompositeExtract %s %s 0", u32, local)
	wg := f.workgroupX()
	i := f.def("i", "OpIMul %s %s %s", u32, wg, "%wg_x")
	i = f.def("i", "OpIAdd %s %s %s", u32, i, tid)
	in := f.def("in", "OpULessThan %s %s %s", m.typ("bool"), i, elems)
	f.ifThen(in, func() {
		gi := f.scramble(i, elems, bits, seed)
		gn := f.scramble(f.nextLink(i, chains, elems), elems, bits, seed)
		f.store(f.globalElement(base, gi, stride), f.globalElement(vbase, gn, stride), "u64")
	})
	f.finish()
}

// chaseKernel is cudagpu.ChaseKernel: subgroup w of workgroup c follows
// chain c+w with its first invocation, a warm
// pass of steps loads then a timed one, and stores the timed pass's
// subgroup-clock cycles at out + 8c. cacheOp "cg" makes each load visible
// at device scope (see below); "ca" loads are plain. Space "shared" builds the chain
// in the workgroup array with every invocation, then invocation 0 chases
// it.
func chaseKernel(m *module, name, space, cacheOp string) error {
	switch {
	case space == "const":
		return fmt.Errorf("%w: Vulkan has no constant-cache address space for a pointer chase", kernel.ErrUnsupported)
	case space == "global" && cacheOp != "ca" && cacheOp != "cg":
		return fmt.Errorf("unknown cache operator %q", cacheOp)
	case space != "global" && space != "shared":
		return fmt.Errorf("unknown space %q", space)
	}
	names, wide := chaseParams(space, []string{"steps", "out", "guard"}, []bool{false, true, true})
	f := m.newFn(name, names, wide)
	u32, u64 := m.typ("u32"), m.typ("u64")
	elems, bits, stride, chains, seed := f.param("elems"), f.param("bits"), f.param("stride"), f.param("chains"), f.param("seed")
	steps := f.param("steps")
	chain := f.workgroupX()
	var start, ty string
	var load func(p string) string
	if space == "shared" {
		arr := f.sharedArray()
		local := f.builtin("LocalInvocationId", "u32x3")
		tid := f.def("tid", "OpCompositeExtract %s %s 0", u32, local)
		// Invocation tid builds links tid, tid+n, ... (n the width).
		count := f.def("cnt", "OpISub %s %s %s", u32, elems, tid)
		count = f.def("cnt", "OpIAdd %s %s %s", u32, count, "%wg_x")
		count = f.def("cnt", "OpISub %s %s %s", u32, count, m.konst("u32", 1))
		count = f.def("cnt", "OpUDiv %s %s %s", u32, count, "%wg_x")
		inside := f.def("ins", "OpULessThan %s %s %s", m.typ("bool"), tid, elems)
		count = f.def("cnt", "OpSelect %s %s %s %s", u32, inside, count, m.konst("u32", 0))
		f.loop(count, []string{tid}, []string{"u32"}, func(in []string) []string {
			gi := f.scramble(in[0], elems, bits, seed)
			gn := f.scramble(f.nextLink(in[0], chains, elems), elems, bits, seed)
			f.emit("OpStore %s %s", f.sharedWord(arr, f.sharedElement(gi, stride)), f.sharedElement(gn, stride))
			return []string{f.def("i", "OpIAdd %s %s %s", u32, in[0], "%wg_x")}
		})
		workgroup := m.konst("u32", 2)
		f.emit("OpControlBarrier %s %s %s", workgroup, workgroup, m.konst("u32", 0x108)) // AcquireRelease | WorkgroupMemory
		first := f.def("first", "OpIEqual %s %s %s", m.typ("bool"), tid, m.konst("u32", 0))
		f.ifThen(first, func() {
			f.timedChase(f.sharedElement(f.scramble(chain, elems, bits, seed), stride), "u32", steps, chain, func(p string) string {
				return f.def("ld", "OpLoad %s %s", u32, f.sharedWord(arr, p))
			})
		})
		f.finish()
		return nil
	}
	// Subgroup w of a workgroup follows chain workgroup+w with its first
	// invocation (see cudagpu.ChaseKernel).
	sg := f.builtin("SubgroupId", "u32")
	chain = f.def("chain", "OpIAdd %s %s %s", u32, chain, sg)
	lane := f.builtin("SubgroupLocalInvocationId", "u32")
	first := f.def("first", "OpIEqual %s %s %s", m.typ("bool"), lane, m.konst("u32", 0))
	ty = "u64"
	access := "Aligned 8"
	if cacheOp == "cg" {
		var err error
		if access, err = m.aroundL1(8); err != nil {
			return err
		}
	}
	load = func(p string) string {
		ptr := f.def("gp", "OpConvertUToPtr %s %s", m.pointer("PhysicalStorageBuffer", u64), p)
		return f.def("ld", "OpLoad %s %s %s", u64, ptr, access)
	}
	f.ifThen(first, func() {
		start = f.globalElement(f.param("base"), f.scramble(chain, elems, bits, seed), stride)
		f.timedChase(start, ty, steps, chain, load)
	})
	f.finish()
	return nil
}

// timedChase follows a chain from start for steps loads (the warm pass),
// then steps more between two subgroup-clock reads, and stores the
// cycles at out + 8*chain and the device clock's ticks over the same span
// at out + 8*(ChaseSlots+chain); the last pointer goes to out when it equals
// guard, so no load can be dropped.
func (f *fn) timedChase(start, ty, steps, chain string, load func(string) string) {
	m := f.m
	warm, _ := f.loop(steps, []string{start}, []string{ty}, func(in []string) []string { return []string{load(in[0])} })
	t0 := f.clock(true)
	c0 := f.clock(false)
	end, _ := f.loop(steps, warm, []string{ty}, func(in []string) []string { return []string{load(in[0])} })
	c1 := f.clock(false)
	t1 := f.clock(true)
	u64 := m.typ("u64")
	out := f.param("out")
	off := f.def("off", "OpUConvert %s %s", u64, chain)
	off = f.def("off", "OpIMul %s %s %s", u64, off, m.konst("u64", 8))
	at := f.def("at", "OpIAdd %s %s %s", u64, out, off)
	dt := f.def("dt", "OpISub %s %s %s", u64, c1, c0)
	f.store(at, dt, "u64")
	// The device clock's ticks over the same span, ChaseSlots words on:
	// the clock the chase ran at, point by point.
	dn := f.def("dn", "OpISub %s %s %s", u64, t1, t0)
	f.store(f.def("at", "OpIAdd %s %s %s", u64, at, m.konst("u64", 8*kernel.ChaseSlots)), dn, "u64")
	f.storeIfEqual(out, end[0], ty, f.param("guard"), "u64")
}

// doWhile writes a loop whose body runs at least once and repeats while
// the condition it returns holds. carried are the values the iterations
// pass on; it returns their values after the last iteration.
func (f *fn) doWhile(carried, types []string, body func(in []string) (out []string, again string)) []string {
	header, bodyL, cont, merge := f.id("dohdr"), f.id("dobody"), f.id("docont"), f.id("domerge")
	pre := f.label
	f.emit("OpBranch %s", header)
	saved := f.lines
	f.lines = nil
	phis := make([]string, len(carried))
	for i := range phis {
		phis[i] = f.id("dphi")
	}
	f.block(bodyL)
	out, again := body(phis)
	f.emit("OpBranch %s", cont)
	f.block(cont)
	f.emit("OpBranchConditional %s %s %s", again, header, merge)
	bodyLines := f.lines
	f.lines = saved
	f.block(header)
	for k, p := range phis {
		f.emit("%s = OpPhi %s %s %s %s %s", p, f.m.typ(types[k]), carried[k], pre, out[k], cont)
	}
	f.emit("OpLoopMerge %s %s None", merge, cont)
	f.emit("OpBranch %s", bodyL)
	f.lines = append(f.lines, bodyLines...)
	f.block(merge)
	return out
}

// glslSet imports GLSL.std.450 and returns its id.
func (m *module) glslSet() string {
	m.glsl = true
	return "%glsl"
}

// aroundL1 is the memory operand of a load of align bytes that goes
// around the L1: made visible at device scope (the Vulkan memory model's
// MakePointerVisible), as PTX's ld.relaxed.gpu is, which a GPU whose L1 is
// not coherent serves from the L2. It switches the module to the Vulkan
// memory model.
func (m *module) aroundL1(align int) (string, error) {
	if !m.feat.VulkanMemoryModel {
		return "", fmt.Errorf("%w: loads around the L1 need the Vulkan memory model with device scope (vulkanMemoryModel, vulkanMemoryModelDeviceScope)", kernel.ErrUnsupported)
	}
	m.vulkanModel = true
	m.capability("VulkanMemoryModel")
	m.capability("VulkanMemoryModelDeviceScope")
	return fmt.Sprintf("Aligned|MakePointerVisible|NonPrivatePointer %d %s", align, m.konst("u32", 1)), nil // scope Device
}
