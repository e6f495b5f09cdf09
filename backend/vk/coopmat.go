package vk

import (
	"fmt"
	"slices"

	"github.com/gpuarch/gpuarch/kernel"
)

// Cooperative-matrix kernels (SPV_KHR_cooperative_matrix). They load A, B
// and C with OpCooperativeMatrixLoadKHR from the data buffer CoopMatInit
// fills (kernel.CoopMatDataBytes: A, B and C regions, row-major), outside
// the timed region, run OpCooperativeMatrixMulAddKHR chains whose result
// is the next step's accumulator, and store the results with
// OpCooperativeMatrixStoreKHR under a guard the host never meets, so
// nothing is dead.
//
// Component types: f16, f32, f64 and the integers, bf16 where
// VK_KHR_shader_bfloat16 was enabled (SPV_KHR_bfloat16's OpTypeFloat 16
// BFloat16KHR), and e4m3 and e5m2 where VK_EXT_shader_float8 was
// (SPV_EXT_float8's OpTypeFloat 8 Float8E4M3EXT, Float8E5M2EXT); other
// forms are skipped, saying why. SPV_KHR_cooperative_matrix requires the
// Vulkan memory model, which these modules declare.
//
// Loads and stores go through a pointer into a runtime array of 32-bit
// words in a Block structure, as glslang writes buffer references, so
// that no 8- or 16-bit storage capability is needed: the extension lets
// the pointer's element type differ from the matrix's, the stride then
// counting 32-bit words.

// Matrix uses (the CooperativeMatrixUse operand of
// OpTypeCooperativeMatrixKHR).
const (
	useA   = 0
	useB   = 1
	useAcc = 2
)

// coopMatTypes are the ids one form's kernels use.
type coopMatTypes struct {
	a, b, acc                string
	strideA, strideB, stride int    // row strides, in 32-bit words
	rowBytes                 uint64 // bytes of one accumulator row
	operands                 string // the MulAdd's CooperativeMatrixOperands, "" for none
}

// coopMat checks that the device lists cm at subgroup scope and declares
// its matrix types.
func (m *module) coopMat(cm kernel.CoopMat) (coopMatTypes, error) {
	var t coopMatTypes
	if len(m.feat.CooperativeMatrix) == 0 {
		return t, fmt.Errorf("%w: the device has no cooperative matrices (VK_KHR_cooperative_matrix and its cooperativeMatrix feature)", kernel.ErrUnsupported)
	}
	if !slices.Contains(m.feat.CooperativeMatrix, cm) {
		return t, fmt.Errorf("%w: the driver does not list %s at subgroup scope among its %d cooperative-matrix combinations", kernel.ErrUnsupported, cm.Name(), len(m.feat.CooperativeMatrix))
	}
	if !m.feat.VulkanMemoryModel {
		return t, fmt.Errorf("%w: SPIR-V with cooperative matrices must use the Vulkan memory model, and the device lacks it (vulkanMemoryModel, vulkanMemoryModelDeviceScope)", kernel.ErrUnsupported)
	}
	if cm.C != cm.Result {
		return t, fmt.Errorf("%w: %s accumulates %s into %s; a chain needs the result to be the next accumulator (C and Result of one type)", kernel.ErrUnsupported, cm.Name(), cm.C, cm.Result)
	}
	for _, e := range []string{cm.A, cm.B, cm.C} {
		switch e {
		case "f16", "f32", "f64", "s8", "u8", "s16", "u16", "s32", "u32", "s64", "u64":
		case "bf16":
			if !m.feat.BFloat16 {
				return t, fmt.Errorf("%w: bf16 elements (%s) need VK_KHR_shader_bfloat16's shaderBFloat16Type and shaderBFloat16CooperativeMatrix, which the device lacks", kernel.ErrUnsupported, cm.Name())
			}
		case "e4m3", "e5m2":
			if !m.feat.Float8 {
				return t, fmt.Errorf("%w: %s elements (%s) need VK_EXT_shader_float8's shaderFloat8 and shaderFloat8CooperativeMatrix, which the device lacks", kernel.ErrUnsupported, e, cm.Name())
			}
		default:
			return t, fmt.Errorf("%w: %s elements (%s) are of a type gpuarch's SPIR-V does not declare", kernel.ErrUnsupported, e, cm.Name())
		}
	}
	stride := func(cols int, elem string) (int, error) {
		bits := cols * kernel.ElemBits(elem)
		if bits%32 != 0 {
			return 0, fmt.Errorf("%w: a row of %d %s elements is not a whole number of 32-bit words", kernel.ErrUnsupported, cols, elem)
		}
		return bits / 32, nil
	}
	var err error
	if t.strideA, err = stride(cm.K, cm.A); err != nil {
		return t, err
	}
	if t.strideB, err = stride(cm.N, cm.B); err != nil {
		return t, err
	}
	if t.stride, err = stride(cm.N, cm.C); err != nil {
		return t, err
	}
	t.rowBytes = uint64(4 * t.stride)
	m.capability("CooperativeMatrixKHR")
	m.extension("SPV_KHR_cooperative_matrix")
	// SPV_KHR_cooperative_matrix: a shader declaring the capability uses
	// the Vulkan memory model.
	m.vulkanModel = true
	m.capability("VulkanMemoryModel")
	t.a = m.coopMatType(cm.A, cm.M, cm.K, useA)
	t.b = m.coopMatType(cm.B, cm.K, cm.N, useB)
	t.acc = m.coopMatType(cm.C, cm.M, cm.N, useAcc)
	var ops []string
	for _, o := range []struct {
		elem, name string
	}{{cm.A, "MatrixASignedComponentsKHR"}, {cm.B, "MatrixBSignedComponentsKHR"}, {cm.C, "MatrixCSignedComponentsKHR"}, {cm.Result, "MatrixResultSignedComponentsKHR"}} {
		if o.elem[0] == 's' {
			ops = append(ops, o.name)
		}
	}
	if cm.Saturating {
		ops = append(ops, "SaturatingAccumulationKHR")
	}
	for i, o := range ops {
		if i > 0 {
			t.operands += "|"
		}
		t.operands += o
	}
	return t, nil
}

// coopMatType declares a subgroup-scope cooperative matrix type.
func (m *module) coopMatType(elem string, rows, cols, use int) string {
	id := fmt.Sprintf("%%cm_%s_%dx%d_%s", canonical(elem), rows, cols, []string{"a", "b", "acc"}[use])
	if m.declared[id] {
		return id
	}
	return m.global(id, fmt.Sprintf("OpTypeCooperativeMatrixKHR %s %s %s %s %s",
		m.coopMatElem(elem), m.konst("u32", 3), m.konst("u32", uint64(rows)), m.konst("u32", uint64(cols)), m.konst("u32", uint64(use))))
}

// coopMatElem is the id of a matrix component type: a neutral type, or
// bfloat16 (SPV_KHR_bfloat16) or float8 (SPV_EXT_float8), which no other
// kernel uses.
func (m *module) coopMatElem(elem string) string {
	switch elem {
	case "bf16":
		m.capability("BFloat16TypeKHR")
		m.capability("BFloat16CooperativeMatrixKHR")
		m.extension("SPV_KHR_bfloat16")
		return m.global("%bf16", "OpTypeFloat 16 BFloat16KHR")
	case "e4m3", "e5m2":
		m.capability("Float8EXT")
		m.capability("Float8CooperativeMatrixEXT")
		m.extension("SPV_EXT_float8")
		enc := map[string]string{"e4m3": "Float8E4M3EXT", "e5m2": "Float8E5M2EXT"}[elem]
		return m.global("%"+elem, "OpTypeFloat 8 "+enc)
	}
	return m.typ(elem)
}

// coopMatBuffer is the pointer type of the words matrices are loaded
// from and stored to: a Block structure holding a runtime array of u32.
func (m *module) coopMatBuffer() string {
	if !m.declared["%CMWords"] {
		u32 := m.typ("u32")
		m.global("%cm_words", "OpTypeRuntimeArray "+u32)
		m.global("%CMWords", "OpTypeStruct %cm_words")
		m.decos = append(m.decos, "OpDecorate %cm_words ArrayStride 4", "OpMemberDecorate %CMWords 0 Offset 0", "OpDecorate %CMWords Block")
	}
	return m.pointer("PhysicalStorageBuffer", "%CMWords")
}

// coopMatPtr is a pointer to the word at a device address plus offset.
func (f *fn) coopMatPtr(base string, offset uint64) string {
	m := f.m
	p := f.def("cmb", "OpConvertUToPtr %s %s", m.coopMatBuffer(), f.addr(base, offset))
	zero := m.konst("u32", 0)
	return f.def("cmp", "OpAccessChain %s %s %s %s", m.pointer("PhysicalStorageBuffer", m.typ("u32")), p, zero, zero)
}

// coopMatLoad loads a row-major matrix of type ty whose rows are stride
// words apart.
func (f *fn) coopMatLoad(ty, ptr string, stride int) string {
	m := f.m
	return f.def("cm", "OpCooperativeMatrixLoadKHR %s %s %s %s Aligned 16", ty, ptr, m.konst("u32", 0), m.konst("u32", uint64(stride)))
}

// coopMatStore stores a row-major matrix.
func (f *fn) coopMatStore(ptr, v string, stride int) {
	m := f.m
	f.emit("OpCooperativeMatrixStoreKHR %s %s %s %s Aligned 16", ptr, v, m.konst("u32", 0), m.konst("u32", uint64(stride)))
}

// coopMatStep writes one multiply-add: acc' = a·b + acc.
func (f *fn) coopMatStep(t coopMatTypes, a, b, acc string) string {
	if t.operands == "" {
		return f.def("mad", "OpCooperativeMatrixMulAddKHR %s %s %s %s", t.acc, a, b, acc)
	}
	return f.def("mad", "OpCooperativeMatrixMulAddKHR %s %s %s %s %s", t.acc, a, b, acc, t.operands)
}

// coopMatParams are the cooperative-matrix chain kernels' push
// constants: out (u64), sink (u64), data (u64), count (u32), guard (u32).
// The results are stored at sink when guard is 1; the host passes 0.
var coopMatParams, coopMatWide = []string{"out", "sink", "data", "count", "guard"}, []bool{true, true, true, false, false}

// coopMatInitKernel fills the A, B and C regions of the data buffer: each
// invocation (global index g below words) writes word g of each region
// with kernel.CoopMatPattern of the region's type. Parameters: data (u64),
// words (u32).
func coopMatInitKernel(m *module, k kernel.CoopMatInitSpec) error {
	cm := k.Matrix
	if _, err := m.coopMat(cm); err != nil { // the same checks as the chains'
		return err
	}
	f := m.newFn(k.Name, []string{"data", "words"}, []bool{true, false})
	u32, u64 := m.typ("u32"), m.typ("u64")
	gv := f.builtin("GlobalInvocationId", "u32x3")
	g := f.def("g", "OpCompositeExtract %s %s 0", u32, gv)
	in := f.def("in", "OpULessThan %s %s %s", m.typ("bool"), g, f.param("words"))
	data := f.param("data")
	var err error
	f.ifThen(in, func() {
		off := f.def("off", "OpUConvert %s %s", u64, g)
		off = f.def("off", "OpShiftLeftLogical %s %s %s", u64, off, m.konst("u32", 2))
		base := f.def("at", "OpIAdd %s %s %s", u64, data, off)
		for r, elem := range []string{cm.A, cm.B, cm.C} {
			or, mask, ok := kernel.CoopMatPattern(elem)
			if !ok {
				err = fmt.Errorf("%w: gpuarch has no data pattern for %s elements", kernel.ErrUnsupported, elem)
				return
			}
			h := f.def("h", "OpIAdd %s %s %s", u32, g, m.konst("u32", uint64(r)<<16))
			h = f.def("h", "OpIMul %s %s %s", u32, h, m.konst("u32", 0x9E3779B1))
			h = f.def("h", "OpBitwiseXor %s %s %s", u32, h, f.def("hs", "OpShiftRightLogical %s %s %s", u32, h, m.konst("u32", 15)))
			h = f.def("h", "OpIMul %s %s %s", u32, h, m.konst("u32", 0x2C1B3C6D))
			h = f.def("h", "OpBitwiseXor %s %s %s", u32, h, f.def("hs", "OpShiftRightLogical %s %s %s", u32, h, m.konst("u32", 12)))
			w := f.def("w", "OpBitwiseAnd %s %s %s", u32, h, m.konst("u32", uint64(mask)))
			w = f.def("w", "OpBitwiseOr %s %s %s", u32, w, m.konst("u32", uint64(or)))
			f.store(f.addr(base, uint64(r*kernel.CoopMatRegion)), w, "u32")
		}
	})
	if err != nil {
		return err
	}
	f.finish()
	return nil
}

// coopMatLatencyKernel is LatencyChain for a cooperative matrix: one
// chain of k.Length multiply-adds between two subgroup-clock reads, run
// count times; invocation 0 stores the cycles of the last pass at out.
func coopMatLatencyKernel(m *module, k kernel.CoopMatLatencySpec) error {
	t, err := m.coopMat(k.Matrix)
	if err != nil {
		return err
	}
	f := m.newFn(k.Name, coopMatParams, coopMatWide)
	data := f.param("data")
	a := f.coopMatLoad(t.a, f.coopMatPtr(data, 0), t.strideA)
	b := f.coopMatLoad(t.b, f.coopMatPtr(data, kernel.CoopMatRegion), t.strideB)
	c := f.coopMatLoad(t.acc, f.coopMatPtr(data, 2*kernel.CoopMatRegion), t.stride)
	zero := m.konst("u64", 0)
	out, _ := f.loop(f.param("count"), []string{zero, zero, c}, []string{"u64", "u64", t.acc}, func(in []string) []string {
		acc := in[2]
		c0 := f.clock(false)
		for range k.Length {
			acc = f.coopMatStep(t, a, b, acc)
		}
		c1 := f.clock(false)
		return []string{c0, c1, acc}
	})
	first := f.def("first", "OpIEqual %s %s %s", m.typ("bool"), f.builtin("LocalInvocationIndex", "u32"), m.konst("u32", 0))
	f.ifThen(first, func() {
		dt := f.def("dt", "OpISub %s %s %s", m.typ("u64"), out[1], out[0])
		f.store(f.param("out"), dt, "u64")
	})
	f.coopMatKeep(t, []string{out[2]})
	f.finish()
	return nil
}

// coopMatThroughputKernel is ThroughputChain for a cooperative matrix:
// k.ILP accumulators, loaded from successive rows of the C region so that
// no two chains are the same computation, k.Unroll multiply-adds each per
// iteration of a loop run count times between a workgroup barrier and
// the end, every subgroup writing a warp record.
func coopMatThroughputKernel(m *module, k kernel.CoopMatThroughputSpec) error {
	if k.ILP < 1 || k.Unroll < 1 {
		return fmt.Errorf("a cooperative-matrix throughput kernel needs ILP and Unroll of 1 or more, not %d and %d", k.ILP, k.Unroll)
	}
	t, err := m.coopMat(k.Matrix)
	if err != nil {
		return err
	}
	if need := uint64(k.Matrix.M+k.ILP) * t.rowBytes; need > kernel.CoopMatRegion {
		return fmt.Errorf("%d accumulators of %s need %d bytes of the C region's %d", k.ILP, k.Matrix.Name(), need, kernel.CoopMatRegion)
	}
	f := m.newFn(k.Name, coopMatParams, coopMatWide)
	data := f.param("data")
	a := f.coopMatLoad(t.a, f.coopMatPtr(data, 0), t.strideA)
	b := f.coopMatLoad(t.b, f.coopMatPtr(data, kernel.CoopMatRegion), t.strideB)
	var accs, types []string
	for j := range k.ILP {
		accs = append(accs, f.coopMatLoad(t.acc, f.coopMatPtr(data, 2*kernel.CoopMatRegion+uint64(j)*t.rowBytes), t.stride))
		types = append(types, t.acc)
	}
	workgroup := m.konst("u32", 2)
	f.emit("OpControlBarrier %s %s %s", workgroup, workgroup, m.konst("u32", 0x108)) // AcquireRelease | WorkgroupMemory
	c0, g0 := f.clock(false), f.clock(true)
	out, _ := f.loop(f.param("count"), accs, types, func(in []string) []string {
		cur := append([]string(nil), in...)
		for range k.Unroll {
			for j := range cur {
				cur[j] = f.coopMatStep(t, a, b, cur[j])
			}
		}
		return cur
	})
	c1, g1 := f.clock(false), f.clock(true)
	f.warpRecord(c0, c1, g0, g1)
	f.coopMatKeep(t, out)
	f.finish()
	return nil
}

// coopMatKeep stores the accumulators at sink when guard is 1 (never:
// the host passes 0), so the chains must be computed.
func (f *fn) coopMatKeep(t coopMatTypes, accs []string) {
	m := f.m
	never := f.def("never", "OpIEqual %s %s %s", m.typ("bool"), f.param("guard"), m.konst("u32", 1))
	sink := f.param("sink")
	f.ifThen(never, func() {
		for _, acc := range accs {
			f.coopMatStore(f.coopMatPtr(sink, 0), acc, t.stride)
		}
	})
}
