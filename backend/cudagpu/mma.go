package cudagpu

import (
	"fmt"
	"strings"

	"github.com/gpuarch/gpuarch/ptx"
)

// MMA is one matrix-unit instruction form: a warp's mma.sync (or sparse
// mma.sp) on register fragments, or a warpgroup's wgmma.mma_async with B
// (and, for SS, A) read from shared memory through matrix descriptors.
type MMA struct {
	// Name is how records name it; Group "mma.sync", "mma.sp" or
	// "wgmma".
	Name, Group string
	// Instr is the PTX instruction with its qualifiers, e.g.
	// "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32".
	Instr   string
	M, N, K int
	// RegsA and RegsB are the A and B fragment registers per thread (0:
	// from shared memory, wgmma), RegsD the accumulator's.
	RegsA, RegsB, RegsD int
	// Frag is the fragments' register type (b32 or f64), Acc the
	// accumulator's (f32, b32 for packed f16, s32, f64).
	Frag, Acc ptx.Type
	// Elem is the input element kind, for random data: f16, bf16, tf32,
	// f64, s8, u8, s4, e4m3, e5m2.
	Elem string
	// Tail is the operand text after the accumulator operand(s): sparse
	// metadata and selector, or wgmma's scale and transpose immediates.
	Tail string
	// Expect are the SASS opcode families that implement it.
	Expect []string
	// Target overrides the module target (wgmma needs "sm_90a").
	Target string
	// Op is the backend-neutral operation of the form's throughput
	// record (see MatrixOp), set on one form per type combination so
	// that records of other backends (Vulkan cooperative matrices) pair
	// with it; "" for the others.
	Op string
	// Power marks the form whose long runs also sample the board's power
	// (one form per input type): they run longer, as NVML's reading
	// trails the load.
	Power bool
	// Long marks the forms whose rates come from long runs (about 2·10⁸
	// cycles, the sustained rate; the power forms' longer) in a default
	// run: one form per matrix unit. The others take their rate from a
	// run as long as the sweep's, and say so, unless Config.MMALong asks
	// for every form's long runs.
	Long bool
}

// Wgmma reports whether the form is a warpgroup instruction (its Instr
// is a wgmma).
func (m MMA) Wgmma() bool { return strings.HasPrefix(m.Instr, "wgmma.") }

// sparse reports whether the form is a sparse mma.sp, which takes
// metadata and a selector (Tail) after its operands.
func (m MMA) sparse() bool { return strings.HasPrefix(m.Instr, "mma.sp") }

// FlopsPerInstr is the arithmetic one instruction does: 2·M·N·K (a
// multiply and an add per product), for a warp (mma) or a warpgroup
// (wgmma). Sparse forms count the dense-equivalent K they cover, as
// datasheets do.
func (m MMA) FlopsPerInstr() int { return 2 * m.M * m.N * m.K }

// ThreadsPerInstr is 32 for a warp instruction, 128 for a warpgroup's.
func (m MMA) ThreadsPerInstr() int {
	if m.Wgmma() {
		return 128
	}
	return 32
}

// element is how random data of a kind is made: each element of bits
// bits is or | (hash & mask), so values stay finite and in range.
type element struct {
	bits     int
	or, mask uint64
}

var elements = map[string]element{
	"f16":  {16, 0x3800, 0x3ff},        // [0.5, 1)
	"bf16": {16, 0x3f00, 0x7f},         // [0.5, 1)
	"tf32": {32, 0x3f000000, 0x7fffff}, // [0.5, 1)
	"f64":  {64, 0x3fe0000000000000, 0xfffffffffffff},
	"s8":   {8, 0, 0xff},
	"u8":   {8, 0, 0xff},
	"s4":   {4, 0, 0xf},
	"e4m3": {8, 0x30, 0x7}, // [0.5, 1)
	"e5m2": {8, 0x38, 0x3}, // [0.5, 1)
}

// word is a 32-bit (or, for f64, 64-bit) pattern of random elements:
// the hash's successive bits fill each element's mask.
func (e element) word(k *ptx.Kernel, h ptx.Reg, width int) ptx.Reg {
	if width == 64 {
		w := k.Reg(ptx.B64)
		k.Op("cvt.u64.u32", w, h)
		k.Op("shl.b64", w, w, ptx.Int(20))
		k.Op("and.b64", w, w, ptx.Int(int64(e.mask)))
		k.Op("or.b64", w, w, ptx.Int(int64(e.or)))
		return w
	}
	var mask, or uint64
	for off := 0; off < 32; off += e.bits {
		mask |= e.mask << off
		or |= e.or << off
	}
	w := k.Reg(ptx.B32)
	k.Op("and.b32", w, h, ptx.Int(int64(uint32(mask))))
	k.Op("or.b32", w, w, ptx.Int(int64(uint32(or))))
	return w
}

// hashReg sets r to a hash of (seed, thread, i) when seed is not 0 and to
// 0 when it is (the zero-data run).
func hashReg(k *ptx.Kernel, seed, tid ptx.Reg, i int, e element, t ptx.Type) ptx.Reg {
	h := k.Reg(ptx.U32)
	k.Op("mad.lo.u32", h, tid, ptx.Int(0x9E3779B1&0x7fffffff), seed)
	k.Op("add.u32", h, h, ptx.Int(int64(i)*0x85EB))
	t2 := k.Reg(ptx.U32)
	k.Op("shr.u32", t2, h, ptx.Int(15))
	k.Op("xor.b32", h, h, t2)
	k.Op("mul.lo.u32", h, h, ptx.Int(0x2C1B3C6D))
	k.Op("shr.u32", t2, h, ptx.Int(12))
	k.Op("xor.b32", h, h, t2)
	width := 32
	if t.Bits() == 64 {
		width = 64
	}
	w := e.word(k, h, width)
	zero := k.Reg(ptx.Pred)
	k.Op("setp.eq.u32", zero, seed, ptx.Int(0))
	out := k.Reg(t)
	if width == 64 {
		k.Op("selp.b64", out, ptx.Int(0), w, zero)
	} else {
		k.Op("selp.b32", out, ptx.Int(0), w, zero)
	}
	return out
}

func regList(rs []ptx.Reg) string {
	s := make([]string, len(rs))
	for i, r := range rs {
		s[i] = r.String()
	}
	return "{" + strings.Join(s, ", ") + "}"
}

// WgmmaShared is the dynamic shared memory (bytes) a wgmma kernel of
// MMAKernel uses, which its launch must give it: A's tile at 0, B's at
// wgmmaB, with room for the descriptors' strides.
const (
	WgmmaShared = 32 << 10
	wgmmaB      = 12 << 10
	// Core-matrix strides of the no-swizzle descriptors (bytes).
	wgmmaLBO = 128
	wgmmaSBO = 256
)

// MMAKernel builds the matrix-unit kernel for m: every warp (mma) or
// warpgroup (wgmma) keeps ilp independent accumulators and runs, per loop
// iteration, unroll instructions into each in turn; lane 0 of every warp
// writes a warp record. Fragments (and, for wgmma, the shared-memory
// tiles) hold random values of the element kind, or zeros when seed is 0.
// A wgmma iteration is fenced, committed and waited for as a group.
//
// Parameters: out (u64), iters (u32), seed (u32).
func MMAKernel(name string, m MMA, ilp, unroll int) *ptx.Kernel {
	k := ptx.NewKernel(name)
	outP, itersP, seedP := k.Param("out", ptx.U64), k.Param("iters", ptx.U32), k.Param("seed", ptx.U32)
	iters, seed := k.Load(itersP), k.Load(seedP)
	tid := k.Read(ptx.TidX)
	e := elements[m.Elem]
	frag := func(n int, salt int) []ptx.Reg {
		rs := make([]ptx.Reg, n)
		for i := range rs {
			rs[i] = hashReg(k, seed, tid, salt+i, e, m.Frag)
		}
		return rs
	}
	a, b := frag(m.RegsA, 0), frag(m.RegsB, 64)
	accs := make([][]ptx.Reg, ilp)
	for i := range accs {
		for range m.RegsD {
			r := k.Reg(m.Acc)
			k.Op(fmt.Sprintf("mov.b%d", m.Acc.Bits()), r, ptx.Int(0))
			accs[i] = append(accs[i], r)
		}
	}
	var descA, descB, scale ptx.Reg
	if m.Wgmma() {
		descA, descB, scale = wgmmaSetup(k, seed, tid, e)
	}
	meta := k.Reg(ptx.B32)
	k.Op("mov.b32", meta, ptx.Int(0x44444444)) // 2:4 sparsity: elements 0 and 1 of every 4
	k.Op("bar.sync", ptx.Int(0))
	c0, g0 := k.Read(ptx.Clock64), k.Read(ptx.GlobalTimer)
	k.Loop(iters, func() {
		if m.Wgmma() {
			k.Raw("wgmma.fence.sync.aligned;")
		}
		for range unroll {
			for _, d := range accs {
				dl := regList(d)
				switch {
				case m.Wgmma() && m.RegsA > 0:
					k.Raw(fmt.Sprintf("%s %s, %s, %s, %s%s;", m.Instr, dl, regList(a), descB, scale, m.Tail))
				case m.Wgmma():
					k.Raw(fmt.Sprintf("%s %s, %s, %s, %s%s;", m.Instr, dl, descA, descB, scale, m.Tail))
				case m.sparse():
					k.Raw(fmt.Sprintf("%s %s, %s, %s, %s, %s%s;", m.Instr, dl, regList(a), regList(b), dl, meta, m.Tail))
				default:
					k.Raw(fmt.Sprintf("%s %s, %s, %s, %s;", m.Instr, dl, regList(a), regList(b), dl))
				}
			}
		}
		if m.Wgmma() {
			k.Raw("wgmma.commit_group.sync.aligned;")
			k.Raw("wgmma.wait_group.sync.aligned 0;")
		}
	})
	c1, g1 := k.Read(ptx.Clock64), k.Read(ptx.GlobalTimer)
	writeWarpRecord(k, outP, c0, c1, g0, g1)
	// Keep every accumulator: store them when seed is 0xffffffff, which
	// the host never passes.
	never := k.Reg(ptx.Pred)
	k.Op("setp.eq.u32", never, seed, ptx.Int(-1))
	k.If(never, func() {
		out := k.Load(outP)
		for i, d := range accs {
			for j, r := range d {
				k.Op(fmt.Sprintf("st.global.b%d", m.Acc.Bits()), ptx.Addr{Base: out, Offset: int64(8 * (i*len(d) + j))}, r)
			}
		}
	})
	return k
}

// wgmmaSetup fills the shared-memory tiles (random or zero) and returns
// the A and B matrix descriptors and the scale-d predicate (accumulate).
// Descriptor layout (PTX ISA, "Matrix Descriptor Format"): start address
// >> 4 in bits 0-13, leading-dimension byte offset >> 4 in bits 16-29,
// stride-dimension byte offset >> 4 in bits 32-45, no swizzle (bits
// 62-63 zero).
func wgmmaSetup(k *ptx.Kernel, seed, tid ptx.Reg, e element) (descA, descB, scale ptx.Reg) {
	base := k.Reg(ptx.U32)
	k.Op("mov.u32", base, ptx.Imm(ptx.DynamicShared))
	// Each of the 128 threads fills wgmmaShared/128 bytes, a word at a time.
	words := WgmmaShared / 4 / 128
	for i := range words {
		w := hashReg(k, seed, tid, 1000+i, e, ptx.B32)
		addr := k.Reg(ptx.U32)
		k.Op("mad.lo.u32", addr, tid, ptx.Int(4), base)
		k.Op("st.shared.b32", ptx.Addr{Base: addr, Offset: int64(i * 128 * 4)}, w)
	}
	desc := func(off int) ptx.Reg {
		a := k.Reg(ptx.U32)
		k.Op("add.u32", a, base, ptx.Int(int64(off)))
		k.Op("shr.u32", a, a, ptx.Int(4))
		k.Op("and.b32", a, a, ptx.Int(0x3fff))
		d := k.Reg(ptx.B64)
		k.Op("cvt.u64.u32", d, a)
		k.Op("or.b64", d, d, ptx.Int(int64(wgmmaLBO>>4)<<16|int64(wgmmaSBO>>4)<<32))
		return d
	}
	descA, descB = desc(0), desc(wgmmaB)
	scale = k.Reg(ptx.Pred)
	k.Op("setp.ne.u32", scale, seed, ptx.Int(-1)) // true: accumulate
	return descA, descB, scale
}
