package vk

import (
	"fmt"

	"github.com/gpuarch/gpuarch/kernel"
)

// branchKernel is cudagpu.BranchKernel in SPIR-V: one subgroup runs iters
// iterations of b's control flow around bodies of dependent multiply-adds
// (acc = acc*m + mask), and invocation 0 stores the loop's cycles at out
// and its result after them. The value the bodies update lives in a
// Function variable, which selection constructs may write. Push
// constants: out (u64), iters (u32), mask (u32).
func branchKernel(m *module, name string, b kernel.Branch) error {
	if b.Mode == "divergent" && (b.Paths < 2 || b.Paths&(b.Paths-1) != 0) {
		return fmt.Errorf("divergent branch with %d paths: a power of two from 2 is needed", b.Paths)
	}
	f := m.newFn(name, []string{"out", "iters", "mask"}, []bool{true, false, false})
	u32, boolTy := m.typ("u32"), m.typ("bool")
	mask := f.param("mask")
	lane := f.builtin("SubgroupLocalInvocationId", "u32")
	acc := f.local("u32", lane)
	body := func(v string, mul uint64) {
		x := f.def("x", "OpLoad %s %s", u32, v)
		for range kernel.BranchBodyOps {
			x = f.def("x", "OpIMul %s %s %s", u32, x, m.konst("u32", mul))
			x = f.def("x", "OpIAdd %s %s %s", u32, x, mask)
		}
		f.emit("OpStore %s %s", v, x)
	}
	// Variables go in the entry block: the predicated mode's second path
	// is declared here, before the loop's body is written.
	var other string
	if b.Mode == "predicated" {
		other = f.local("u32", lane)
	}
	c0 := f.clock(false)
	zero := m.konst("u32", 0)
	f.loop(f.param("iters"), []string{zero}, []string{"u32"}, func(in []string) []string {
		it := f.def("it", "OpIAdd %s %s %s", u32, in[0], m.konst("u32", 1))
		switch b.Mode {
		case "none":
			body(acc, 3)
		case "uniform":
			t := f.def("t", "OpBitwiseAnd %s %s %s", u32, it, mask)
			run := f.def("run", "OpIEqual %s %s %s", boolTy, t, zero)
			f.ifThen(run, func() { body(acc, 3) })
		case "divergent":
			sel := f.def("sel", "OpIAdd %s %s %s", u32, lane, it)
			sel = f.def("sel", "OpBitwiseAnd %s %s %s", u32, sel, m.konst("u32", uint64(b.Paths-1)))
			for path := range b.Paths {
				on := f.def("on", "OpIEqual %s %s %s", boolTy, sel, m.konst("u32", uint64(path)))
				f.ifThen(on, func() { body(acc, uint64(3+2*path)) })
			}
		case "predicated":
			sel := f.def("sel", "OpIAdd %s %s %s", u32, lane, it)
			sel = f.def("sel", "OpBitwiseAnd %s %s %s", u32, sel, m.konst("u32", 1))
			p := f.def("p", "OpINotEqual %s %s %s", boolTy, sel, zero)
			f.emit("OpStore %s %s", other, f.def("x", "OpLoad %s %s", u32, acc))
			body(acc, 3)
			body(other, 5)
			a, o := f.def("a", "OpLoad %s %s", u32, acc), f.def("o", "OpLoad %s %s", u32, other)
			f.emit("OpStore %s %s", acc, f.def("s", "OpSelect %s %s %s %s", u32, p, a, o))
		default:
			m.fail("branch mode %q", b.Mode)
		}
		return []string{it}
	})
	c1 := f.clock(false)
	f.storeCycles(c0, c1, f.def("keep", "OpLoad %s %s", u32, acc))
	f.finish()
	return nil
}

// fenceScopes are the SPIR-V scopes a fence may name.
var fenceScopes = map[string]uint64{"Device": 1, "Workgroup": 2, "QueueFamily": 5}

// fenceKernel is cudagpu.FenceKernel in SPIR-V: one subgroup stores a word
// per invocation to buf, then runs an OpMemoryBarrier of fence's scope
// with acquire-release semantics on storage-buffer memory (made available
// and visible under the Vulkan memory model), iters times; invocation 0
// stores the loop's cycles at out. Push constants: out (u64), buf (u64),
// iters (u32).
func fenceKernel(m *module, name string, fence kernel.Fence) error {
	scope, ok := fenceScopes[fence.Scope]
	if fence.Scope != "" && !ok {
		return fmt.Errorf("fence %s: unknown scope %q", fence.Name, fence.Scope)
	}
	if fence.Scope == "" && fence.PTX != "" {
		return fmt.Errorf("%w: fence %s has no SPIR-V form", kernel.ErrUnsupported, fence.Name)
	}
	f := m.newFn(name, []string{"out", "buf", "iters"}, []bool{true, true, false})
	u64 := m.typ("u64")
	lane := f.builtin("SubgroupLocalInvocationId", "u32")
	off := f.def("off", "OpUConvert %s %s", u64, lane)
	off = f.def("off", "OpIMul %s %s %s", u64, off, m.konst("u64", 4))
	at := f.def("at", "OpIAdd %s %s %s", u64, f.param("buf"), off)
	sem := uint64(0x8 | 0x40) // AcquireRelease | UniformMemory
	if m.feat.VulkanMemoryModel && scope != 0 {
		m.vulkanModel = true
		m.capability("VulkanMemoryModel")
		if scope == 1 {
			m.capability("VulkanMemoryModelDeviceScope")
		}
		sem |= 0x2000 | 0x4000 // MakeAvailable | MakeVisible
	}
	c0 := f.clock(false)
	_, count := f.loop(f.param("iters"), nil, nil, func([]string) []string {
		f.store(at, lane, "u32")
		if fence.Scope != "" {
			f.emit("OpMemoryBarrier %s %s", m.konst("u32", scope), m.konst("u32", sem))
		}
		return nil
	})
	c1 := f.clock(false)
	f.storeCycles(c0, c1, count)
	f.finish()
	return nil
}

// storeCycles has invocation 0 store c1 - c0 at out and keep (a u32) at
// out + 8, as probe's storeCycles.
func (f *fn) storeCycles(c0, c1, keep string) {
	m := f.m
	first := f.def("first", "OpIEqual %s %s %s", m.typ("bool"), f.builtin("LocalInvocationIndex", "u32"), m.konst("u32", 0))
	f.ifThen(first, func() {
		out := f.param("out")
		f.store(out, f.def("dt", "OpISub %s %s %s", m.typ("u64"), c1, c0), "u64")
		f.store(f.addr(out, 8), keep, "u32")
	})
}
