package vk

import (
	"fmt"

	"github.com/gpuarch/gpuarch/kernel"
)

// barrierKernel is cudagpu.BarrierKernel in SPIR-V: every invocation of the
// workgroup runs iters loop iterations of kernel.SyncUnroll workgroup
// barriers (OpControlBarrier, workgroup execution and memory scope, as
// GLSL's barrier()), and invocation 0
// stores the loop's subgroup-clock cycles at out; with op
// kernel.ExecutionOnly the barriers have no memory semantics. Parameters:
// out (u64), iters (u32).
func barrierKernel(m *module, name string, op string) {
	f := m.newFn(name, []string{"out", "iters"}, []bool{true, false})
	workgroup := m.konst("u32", 2)
	sem := m.konst("u32", 0x108) // AcquireRelease | WorkgroupMemory
	if op == kernel.ExecutionOnly {
		sem = m.konst("u32", 0) // None
	}
	f.emit("OpControlBarrier %s %s %s", workgroup, workgroup, sem)
	c0 := f.clock(false)
	f.loop(f.param("iters"), nil, nil, func([]string) []string {
		for range kernel.SyncUnroll {
			f.emit("OpControlBarrier %s %s %s", workgroup, workgroup, sem)
		}
		return nil
	})
	c1 := f.clock(false)
	f.storeFirst(c0, c1)
	f.finish()
}

// storeFirst has invocation 0 of the workgroup store c1 - c0 at out.
func (f *fn) storeFirst(c0, c1 string) {
	m := f.m
	first := f.def("first", "OpIEqual %s %s %s", m.typ("bool"), f.builtin("LocalInvocationIndex", "u32"), m.konst("u32", 0))
	f.ifThen(first, func() {
		f.store(f.param("out"), f.def("dt", "OpISub %s %s %s", m.typ("u64"), c1, c0), "u64")
	})
}

// atomicKernel is cudagpu.AtomicKernel in SPIR-V: every invocation chains
// iters loop iterations of kernel.SyncUnroll atomics, each taking the
// value the last returned, on the 8-byte word (invocation / ways) of buf
// (global: the dispatch's invocation index; shared: the workgroup's, in
// the workgroup array), and every subgroup writes a warp record. Relaxed
// atomics at workgroup scope in workgroup memory and device scope in
// global memory, as PTX's atom defaults. Aggregated sums the subgroup's values and has the elected
// invocation add the sum, broadcasting the old value back (the subgroup
// operations it needs are checked as every kernel's are). 32-bit integer
// operations only: float atomics and 64-bit ones need features gpuarch
// does not enable (ErrUnsupported). Parameters: out (u64), buf (u64),
// iters (u32), ways (u32).
func atomicKernel(m *module, name string, a kernel.Atomic) error {
	op, ok := map[string]string{"add": "OpAtomicIAdd", "exch": "OpAtomicExchange", "cas": "OpAtomicCompareExchange"}[a.Op]
	switch {
	case a.Type == "f32" || a.Type == "u64":
		return fmt.Errorf("%w: %s atomics need a Vulkan feature gpuarch does not enable (%s)", kernel.ErrUnsupported, a.Type,
			map[string]string{"f32": "VK_EXT_shader_atomic_float", "u64": "shaderBufferInt64Atomics"}[a.Type])
	case a.Space != "shared" && a.Space != "global":
		return fmt.Errorf("unknown atomic space %q", a.Space)
	case a.Op == "min" || a.Op == "max":
		op = map[string]string{"mins32": "OpAtomicSMin", "minu32": "OpAtomicUMin", "maxs32": "OpAtomicSMax", "maxu32": "OpAtomicUMax"}[a.Op+a.Type]
		ok = op != ""
	}
	if !ok {
		return fmt.Errorf("unknown atomic %s.%s", a.Op, a.Type)
	}
	if a.Aggregated && a.Op != "add" {
		return fmt.Errorf("a subgroup-aggregated atomic is an add, not %s", a.Op)
	}
	f := m.newFn(name, []string{"out", "buf", "iters", "ways"}, []bool{true, true, false, false})
	u32, u64, boolT := m.typ("u32"), m.typ("u64"), m.typ("bool")
	ways := f.param("ways")
	tid := f.builtin("LocalInvocationIndex", "u32")
	idx := tid
	if a.Space == "global" {
		idx = f.def("gi", "OpIMul %s %s %s", u32, f.workgroupX(), "%wg_x")
		idx = f.def("gi", "OpIAdd %s %s %s", u32, idx, tid)
	}
	idx = f.def("ix", "OpUDiv %s %s %s", u32, idx, ways)
	var ptr, scope string
	if a.Space == "shared" {
		arr := f.sharedArray()
		word := f.def("wd", "OpIMul %s %s %s", u32, idx, m.konst("u32", 2)) // 8-byte words of the u32 array
		ptr = f.sharedWord(arr, word)
		scope = m.konst("u32", 2) // Workgroup
	} else {
		off := f.def("off", "OpIMul %s %s %s", u64, f.def("w", "OpUConvert %s %s", u64, idx), m.konst("u64", 8))
		at := f.def("at", "OpIAdd %s %s %s", u64, f.param("buf"), off)
		ptr = f.def("gp", "OpConvertUToPtr %s %s", m.pointer("PhysicalStorageBuffer", u32), at)
		scope = m.konst("u32", 1) // Device
	}
	relaxed := m.konst("u32", 0)
	atomic := func(v string) string {
		if a.Op == "cas" {
			// PTX's atom.cas v, [a], v, 7: compare with v, store 7.
			return f.def("old", "OpAtomicCompareExchange %s %s %s %s %s %s %s", u32, ptr, scope, relaxed, relaxed, m.konst("u32", 7), v)
		}
		return f.def("old", "%s %s %s %s %s %s", op, u32, ptr, scope, relaxed, v)
	}
	workgroup := m.konst("u32", 2)
	f.emit("OpControlBarrier %s %s %s", workgroup, workgroup, m.konst("u32", 0x108))
	c0, g0 := f.clock(false), f.clock(true)
	step := func(v string) string {
		if !a.Aggregated {
			return atomic(v)
		}
		sg := m.konst("u32", 3)
		sum := f.def("sum", "OpGroupNonUniformIAdd %s %s Reduce %s", u32, sg, v)
		lead := f.def("lead", "OpGroupNonUniformElect %s %s", boolT, sg)
		then, after := f.id("then"), f.id("after")
		from := f.label
		f.emit("OpSelectionMerge %s None", after)
		f.emit("OpBranchConditional %s %s %s", lead, then, after)
		f.block(then)
		old := atomic(sum)
		f.emit("OpBranch %s", after)
		f.block(after)
		got := f.def("got", "OpPhi %s %s %s %s %s", u32, old, then, m.konst("u32", 0), from)
		return f.def("v", "OpGroupNonUniformBroadcastFirst %s %s %s", u32, sg, got)
	}
	out, _ := f.loop(f.param("iters"), []string{tid}, []string{"u32"}, func(in []string) []string {
		v := in[0]
		for range kernel.SyncUnroll {
			v = step(v)
		}
		return []string{v}
	})
	c1, g1 := f.clock(false), f.clock(true)
	f.warpRecord(c0, c1, g0, g1)
	// Keep the chain: store it when ways is 0, which the host never
	// passes and the compiler cannot rule out.
	never := f.def("never", "OpIEqual %s %s %s", boolT, ways, relaxed)
	f.ifThen(never, func() { f.store(f.param("buf"), out[0], "u32") })
	f.finish()
	return nil
}
