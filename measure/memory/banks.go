package memory

import (
	"context"
	"encoding/binary"
	"fmt"

	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/record"
)

// BankCase is one access pattern of the bank probe: lanes width bytes
// wide, stride elements apart. CacheOp "" is shared memory; "ca" and "cg"
// are global memory through the L1 and around it (cudagpu.GlobalAccessKernel).
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
		return GroupBanks
	case c.Group > 0 && c.Group < 32:
		return GroupGlobalBanks
	}
	return GroupGlobalAccess
}

// family is the family of the case's record ID: its group, but
// SharedBanks for shared memory's.
func (c BankCase) family() string {
	if c.CacheOp == "" {
		return SharedBanks
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
// kernels (kernel.BankLoadsSpec), and a pattern a device cannot run (no loads around
// the L1, too little workgroup memory, no shader clock) is skipped with
// why.
func BankJob(suite string, cases []BankCase) engine.Job { return &bankJob{suite: suite, cases: cases} }

type bankJob struct {
	suite string
	cases []BankCase
	c     *engine.Compiled
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

func (j *bankJob) Prepare(ctx context.Context, r *engine.Runner) {
	cg := r.GPU.Codegen()
	j.unsupported = map[string]string{}
	var ks []kernel.Spec
	for _, k := range bankKernels() {
		// A kernel the device cannot have is skipped, not the module.
		if why := engine.Unsupported(cg, k); why != "" {
			j.unsupported[k.KernelName()] = why
			continue
		}
		ks = append(ks, k)
	}
	if len(ks) == 0 {
		// No module to compile: every case is skipped with its
		// kernel's reason (bankShape), and nothing is launched.
		j.c = &engine.Compiled{}
		return
	}
	j.c = r.CompileKernels(ctx, "banks", ks)
}

func (j *bankJob) Close() { j.c.Close() }

// bankShape is the block the bank kernels run as on this device, and
// why a case cannot run there ("" when it can).
func (j *bankJob) bankShape(r *engine.Runner, c BankCase) (threads int, skip string) {
	threads = bankThreads
	if most := r.GPU.Device().MaxBlockThreads(); most > 0 && most < threads {
		threads = max(r.WarpSize(), most/r.WarpSize()*r.WarpSize())
	}
	if why := j.unsupported[c.kernel()]; why != "" {
		return threads, why
	}
	if c.CacheOp == "" {
		need := int64(bankElems * c.Width)
		if most := r.GPU.Device().MaxSharedPerBlock(); most > 0 && need > most {
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

func (j *bankJob) Measure(ctx context.Context, r *engine.Runner) ([]record.Record, error) {
	var recs []record.Record
	prov := r.ProvenanceOf("banks", j.c.Hash)
	prov.CompileSeconds = j.c.Compile.Seconds()
	out, err := r.GPU.Alloc(64)
	if err != nil {
		return nil, err
	}
	defer out.Free()
	var buf engine.Buffer // for global patterns only
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
		g := engine.Grid{Blocks: 1, Threads: threads}
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
		// The first launch also warms the caches; the median of the
		// fewest samples a figure gets, and one more, discards it.
		for range r.Config.Until.MinOrDefault() + 1 {
			if err := j.c.Prog.Launch(ctx, c.kernel(), g, r.Config.LaunchTimeout, args...); err != nil {
				rec.Status, rec.Reason = record.StatusFailed, err.Error()
				recs = append(recs, rec)
				return recs, engine.FatalOrNil(err)
			}
			b, err := out.Read()
			if err != nil {
				return recs, err
			}
			samples = append(samples, float64(binary.LittleEndian.Uint64(b))/loads)
		}
		engine.SetSamples(&rec, samples)
		recs = append(recs, rec)
	}
	return recs, nil
}
