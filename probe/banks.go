package probe

import (
	"context"
	"encoding/binary"
	"fmt"

	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/measure/memory"
	"github.com/gpuarch/gpuarch/ptx"
	"github.com/gpuarch/gpuarch/record"
)

// BankKernel builds the shared-memory bank probe: a block of 8 warps (two
// per scheduler, so issue is never the limit), each lane loading width
// bytes at element (lane*stride) mod 1024 of dynamic shared memory, 32
// independent volatile loads per loop iteration for iters iterations;
// out[0] (u64) gets the block's cycles. stride 0 makes every lane load the
// same word (a broadcast). The time per warp load is then the shared
// memory's interval for that access pattern: an n-way bank conflict replays
// the access n times.
//
// Parameters: out (u64), stride (u32), iters (u32), guard (u32).
func BankKernel(name string, width int) *ptx.Kernel {
	k := ptx.NewKernel(name)
	outP, strideP, itersP, guardP := k.Param("out", ptx.U64), k.Param("stride", ptx.U32), k.Param("iters", ptx.U32), k.Param("guard", ptx.U32)
	stride, iters := k.Load(strideP), k.Load(itersP)
	lane := k.Read(ptx.LaneID)
	idx, addr, base := k.Reg(ptx.U32), k.Reg(ptx.U32), k.Reg(ptx.U32)
	k.Op("mul.lo.u32", idx, lane, stride)
	k.Op("and.b32", idx, idx, ptx.Int(1023))
	k.Op("mov.u32", base, ptx.Imm(ptx.DynamicShared))
	k.Op("mad.lo.u32", addr, idx, ptx.Int(int64(width)), base)
	acc := k.Reg(ptx.U32)
	k.Op("mov.u32", acc, lane)
	vals, suffix, dst := loadDest(k, width)
	k.Op("bar.sync", ptx.Int(0))
	c0 := k.Read(ptx.Clock64)
	k.Loop(iters, func() {
		for range 32 {
			k.Raw(fmt.Sprintf("ld.volatile.shared.%s %s, [%s];", suffix, dst, addr))
			for _, v := range vals {
				k.Op("xor.b32", acc, acc, v)
			}
		}
	})
	blockCycles(k, c0, outP, guardP, acc)
	return k
}

// blockCycles ends an access kernel: after a barrier, thread 0 stores the
// block's cycles since c0 to out[0], and any thread whose acc equals the
// guard stores it to out[1] (so the loads cannot be dropped).
func blockCycles(k *ptx.Kernel, c0 ptx.Reg, outP, guardP ptx.Param, acc ptx.Reg) {
	k.Op("bar.sync", ptx.Int(0))
	c1 := k.Read(ptx.Clock64)
	out := k.Load(outP)
	dt := k.Reg(ptx.U64)
	k.Op("sub.u64", dt, c1, c0)
	first := k.Reg(ptx.Pred)
	k.Op("setp.eq.u32", first, k.Read(ptx.TidX), ptx.Int(0))
	k.PredOp("@"+first.String(), "st.global.u64", ptx.Addr{Base: out}, dt)
	guard := k.Load(guardP)
	k.StoreIfEqual(ptx.Addr{Base: out, Offset: 8}, acc, guard)
}

// accessLines is how many 128-byte-apart copies of a warp's access pattern
// one loop iteration of GlobalAccessKernel loads.
const accessLines = 32

// GlobalAccessKernel builds the global-memory counterpart of BankKernel:
// 8 warps of one block, each lane loading width bytes at byte
// (lane mod group)*stride*width + (lane/group)*jump of buf through the cache operator op ("ca" through
// the L1, "cg" around it), 32 independent loads per iteration at
// 128-byte steps. Each iteration's addresses depend on the previous
// iteration's data through a runtime zero, so the compiler can neither
// hoist nor merge the loads. The block's cycles per warp load then show
// what a divergent access costs: how many sectors or lines it touches.
//
// Parameters: out (u64), buf (u64), stride (u32), iters (u32), zero (u32),
// guard (u32), group (u32, lanes; 32 for one group), jump (u32, bytes).
func GlobalAccessKernel(name string, width int, op string) *ptx.Kernel {
	k := ptx.NewKernel(name)
	outP, bufP, strideP, itersP := k.Param("out", ptx.U64), k.Param("buf", ptx.U64), k.Param("stride", ptx.U32), k.Param("iters", ptx.U32)
	zeroP, guardP := k.Param("zero", ptx.U32), k.Param("guard", ptx.U32)
	groupP, jumpP := k.Param("group", ptx.U32), k.Param("jump", ptx.U32)
	buf, stride, iters, zero := k.Load(bufP), k.Load(strideP), k.Load(itersP), k.Load(zeroP)
	group, jump := k.Load(groupP), k.Load(jumpP)
	lane := k.Read(ptx.LaneID)
	// idx = (lane mod group)*stride*width + (lane / group)*jump
	idx, off, g := k.Reg(ptx.U32), k.Reg(ptx.U32), k.Reg(ptx.U32)
	k.Op("rem.u32", idx, lane, group)
	k.Op("mul.lo.u32", idx, idx, stride)
	k.Op("mul.lo.u32", idx, idx, ptx.Int(int64(width)))
	k.Op("div.u32", g, lane, group)
	k.Op("mad.lo.u32", idx, g, jump, idx)
	acc := k.Reg(ptx.U32)
	k.Op("mov.u32", acc, lane)
	vals, suffix, dst := loadDest(k, width)
	wide, addr := k.Reg(ptx.U64), k.Reg(ptx.U64)
	k.Op("bar.sync", ptx.Int(0))
	c0 := k.Read(ptx.Clock64)
	k.Loop(iters, func() {
		k.Op("and.b32", off, acc, zero)
		k.Op("add.u32", off, off, idx)
		k.Op("cvt.u64.u32", wide, off)
		k.Op("add.u64", addr, buf, wide)
		for i := range accessLines {
			k.Raw(fmt.Sprintf("ld.global.%s.%s %s, [%s+%d];", op, suffix, dst, addr, 128*i))
			for _, v := range vals {
				k.Op("xor.b32", acc, acc, v)
			}
		}
	})
	blockCycles(k, c0, outP, guardP, acc)
	return k
}

// loadDest declares the registers one width-byte load fills and returns
// them, the ld type suffix ("u32", "v2.u32", "v4.u32") and the destination
// operand ("%r1" or "{%r1, %r2}").
func loadDest(k *ptx.Kernel, width int) (vals []ptx.Reg, suffix, dst string) {
	vals = make([]ptx.Reg, width/4)
	for i := range vals {
		vals[i] = k.Reg(ptx.U32)
	}
	suffix = bankSuffix[width]
	dst = vals[0].String()
	if len(vals) > 1 {
		dst = "{" + join(regNames(vals)) + "}"
	}
	return vals, suffix, dst
}

// bankSuffix is the ld type suffix of a load of each width in bytes.
var bankSuffix = map[int]string{4: "u32", 8: "v2.u32", 16: "v4.u32"}

func regNames(rs []ptx.Reg) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.String()
	}
	return out
}

// BankCase is one access pattern of the bank probe: lanes width bytes
// wide, stride elements apart. CacheOp "" is shared memory; "ca" and "cg"
// are global memory through the L1 and around it (GlobalAccessKernel).
//
// Group and Jump split a global pattern's lanes into groups of Group lanes
// (0: one group of 32), group g starting Jump*g bytes further: lanes 0-15
// on one line's first half and 16-31 on the next line's first (Jump 128)
// or second half (Jump 192) tell whether two lines cost more when they
// share the L1's banks.
type BankCase struct {
	Subject       string
	Width, Stride int
	CacheOp       string
	Group, Jump   int
}

// kernel names the case's kernel.
func (c BankCase) kernel() string {
	if c.CacheOp == "" {
		return fmt.Sprintf("banks_w%d", c.Width)
	}
	return fmt.Sprintf("access_%s_w%d", c.CacheOp, c.Width)
}

// group is the case's record group: "banks" (shared memory), "global
// access" or, for a grouped global pattern, "global banks".
func (c BankCase) group() string {
	switch {
	case c.CacheOp == "":
		return memory.GroupBanks
	case c.Group > 0 && c.Group < 32:
		return memory.GroupGlobalBanks
	}
	return memory.GroupGlobalAccess
}

// family is the family of the case's record ID: its group, but
// memory.SharedBanks for shared memory's.
func (c BankCase) family() string {
	if c.CacheOp == "" {
		return memory.SharedBanks
	}
	return c.group()
}

// id is the case's record ID within suite.
func (c BankCase) id(suite string) string { return record.MakeID(suite, c.family(), c.Subject, "") }

// op is the case's backend-neutral operation (record.Record.Op): its ID
// within the suite, which both backends give the same case.
func (c BankCase) op() string { return record.MakeID("", c.family(), c.Subject, "") }

// BankJob measures shared- and global-memory access patterns: cycles per
// warp (subgroup) load. Every backend runs it: each Codegen writes the
// kernels (BankLoads), and a pattern a device cannot run (no loads around
// the L1, too little workgroup memory, no shader clock) is skipped with
// why.
func BankJob(suite string, cases []BankCase) Job { return &bankJob{suite: suite, cases: cases} }

type bankJob struct {
	suite string
	cases []BankCase
	c     *Compiled
	// unsupported says, by kernel, why it is not in the module.
	unsupported map[string]string
}

// accessBufBytes holds the widest global pattern the buffer allows (32
// lanes 32 KiB apart, with its 32 copies 128 bytes apart).
const accessBufBytes = 1 << 20

// bankElems is how many elements of the access width the shared pattern
// spans: lane*stride wraps at it, and the kernel needs bankElems*width
// bytes of shared memory.
const bankElems = 1024

// bankThreads is the block of the bank kernels: 8 warps of 32, two per
// NVIDIA scheduler.
const bankThreads = 256

// bankKernels are the bank module's kernels, shared patterns first.
func bankKernels() []kernel.Spec {
	var ks []kernel.Spec
	for _, w := range []int{4, 8, 16} {
		ks = append(ks, kernel.BankLoadsSpec{Name: fmt.Sprintf("banks_w%d", w), Width: w})
	}
	for _, op := range []string{"ca", "cg"} {
		for _, w := range []int{4, 8, 16} {
			ks = append(ks, kernel.BankLoadsSpec{Name: fmt.Sprintf("access_%s_w%d", op, w), Width: w, CacheOp: op})
		}
	}
	return ks
}

func (j *bankJob) Prepare(ctx context.Context, r *Runner) {
	cg := r.GPU.Codegen()
	j.unsupported = map[string]string{}
	var ks []kernel.Spec
	for _, k := range bankKernels() {
		// A kernel the device cannot have is skipped, not the module.
		if why := Unsupported(cg, k); why != "" {
			j.unsupported[k.KernelName()] = why
			continue
		}
		ks = append(ks, k)
	}
	if len(ks) == 0 {
		// No module to compile: every case is skipped with its
		// kernel's reason (bankShape), and nothing is launched.
		j.c = &Compiled{}
		return
	}
	j.c = r.CompileKernels(ctx, "banks", ks)
}

func (j *bankJob) Close() { j.c.Close() }

// bankShape is the block the bank kernels run as on this device, and
// why a case cannot run there ("" when it can).
func (j *bankJob) bankShape(r *Runner, c BankCase) (threads int, skip string) {
	threads = bankThreads
	if most := r.GPU.Device().MaxBlockThreads(); most > 0 && most < threads {
		threads = max(r.WarpSize(), most/r.WarpSize()*r.WarpSize())
	}
	if why := j.unsupported[c.kernel()]; why != "" {
		return threads, why
	}
	if c.CacheOp == "" {
		need := int64(bankElems * c.Width)
		if most := r.maxSharedPerBlock(); most > 0 && need > most {
			return threads, fmt.Sprintf("%v: the pattern needs %d bytes of shared memory per block, the device allows %d", kernel.ErrUnsupported, need, most)
		}
	}
	return threads, ""
}

// note says how a global pattern loads.
func (c BankCase) note(isa string) string {
	how := "ld.global." + c.CacheOp
	if isa != kernel.ISAPTX {
		how = map[string]string{"ca": "plain loads (through the L1)", "cg": "loads made visible at device scope (around the L1)"}[c.CacheOp]
	}
	s := fmt.Sprintf("%s, %d-byte lanes %d bytes apart", how, c.Width, c.Width*c.Stride)
	if c.Group > 0 && c.Group < 32 {
		s += fmt.Sprintf(", in groups of %d lanes %d bytes apart", c.Group, c.Jump)
	}
	return s
}

func (j *bankJob) Measure(ctx context.Context, r *Runner) ([]record.Record, error) {
	var recs []record.Record
	prov := r.ProvenanceOf("banks", j.c.Hash)
	prov.CompileSeconds = j.c.Compile.Seconds()
	out, err := r.GPU.Alloc(64)
	if err != nil {
		return nil, err
	}
	defer out.Free()
	var buf Buffer // for global patterns only
	for _, c := range j.cases {
		if c.CacheOp != "" && buf == nil {
			if buf, err = r.GPU.Alloc(accessBufBytes); err != nil {
				return nil, err
			}
			defer buf.Free()
		}
	}
	const iters = 256
	const guard = uint32(0x7fc00bad)
	isa := r.GPU.Codegen().ISA()
	for _, c := range j.cases {
		rec := record.Record{ID: c.id(j.suite), Suite: j.suite, Subject: c.Subject, Group: c.group(), Op: c.op(),
			Quantity: record.Throughput, Unit: "cycles per warp load", Status: record.StatusOK, Provenance: prov}
		if c.CacheOp != "" {
			rec.Note = c.note(isa)
		}
		if f := j.c.Failure; f != nil {
			rec.Status, rec.Reason = f.Status, f.Reason
			recs = append(recs, rec)
			continue
		}
		threads, skip := j.bankShape(r, c)
		if skip != "" {
			rec.Status, rec.Reason = record.StatusSkipped, skip
			recs = append(recs, rec)
			continue
		}
		g := Grid{Blocks: 1, Threads: threads}
		args := []any{out.Ptr(), uint32(c.Stride), uint32(iters), guard}
		if c.CacheOp == "" {
			g.SharedBytes = bankElems * c.Width
		} else {
			// One group is the whole warp, whatever its width.
			group := c.Group
			if group <= 0 || group >= 32 {
				group = max(32, r.WarpSize())
			}
			args = []any{out.Ptr(), buf.Ptr(), uint32(c.Stride), uint32(iters), uint32(0), guard, uint32(group), uint32(c.Jump)}
		}
		loads := float64(iters * 32 * (threads / r.WarpSize()))
		var samples []float64
		// The first launch also warms the caches; the median of four
		// discards it.
		for range 4 {
			if err := j.c.Prog.Launch(ctx, c.kernel(), g, r.Config.LaunchTimeout, args...); err != nil {
				rec.Status, rec.Reason = record.StatusFailed, err.Error()
				recs = append(recs, rec)
				return recs, FatalOrNil(err)
			}
			b, err := out.Read()
			if err != nil {
				return recs, err
			}
			samples = append(samples, float64(binary.LittleEndian.Uint64(b))/loads)
		}
		rec.Samples = samples
		rec.Summary = Summarize(samples)
		rec.Value = rec.Summary.Median
		recs = append(recs, rec)
	}
	return recs, nil
}
