package probe

import (
	"context"
	"fmt"

	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/measure/dispatch"
	"github.com/gpuarch/gpuarch/ptx"
	"github.com/gpuarch/gpuarch/record"
)

// bodyOps is the length of each path: long enough that ptxas keeps the
// branch rather than predicating both sides.
const bodyOps = 8

// BranchKernel builds the branch probe for b's mode and paths: one warp
// runs iters iterations and lane 0 stores the loop's cycles at out.
// Conditions depend on the iteration, so ptxas cannot hoist them out of
// the loop. Parameters: out (u64), iters (u32), mask (u32).
func BranchKernel(name string, b kernel.Branch) *ptx.Kernel {
	k := ptx.NewKernel(name)
	outP, itersP, maskP := k.Param("out", ptx.U64), k.Param("iters", ptx.U32), k.Param("mask", ptx.U32)
	iters, mask := k.Load(itersP), k.Load(maskP)
	lane := k.Read(ptx.LaneID)
	acc := k.Reg(ptx.U32)
	k.Op("mov.u32", acc, lane)
	body := func(mul int64) {
		for range bodyOps {
			k.Op("mad.lo.u32", acc, acc, ptx.Int(mul), mask)
		}
	}
	i := k.Reg(ptx.U32)
	k.Op("mov.u32", i, ptx.Int(0))
	c0 := k.Read(ptx.Clock64)
	k.Loop(iters, func() {
		k.Op("add.u32", i, i, ptx.Int(1))
		p := k.Reg(ptx.Pred)
		switch b.Mode {
		case "none":
			body(3)
		case "uniform":
			t := k.Reg(ptx.U32)
			k.Op("and.b32", t, i, mask)
			k.Op("setp.ne.u32", p, t, ptx.Int(0))
			skip := k.NewLabel("skip")
			k.PredOp("@"+p.String(), "bra.uni", skip)
			body(3)
			k.Mark(skip)
		case "divergent":
			sel := k.Reg(ptx.U32)
			k.Op("add.u32", sel, lane, i)
			k.Op("and.b32", sel, sel, ptx.Int(int64(b.Paths-1)))
			for path := range b.Paths {
				next := k.NewLabel("path")
				k.Op("setp.ne.u32", p, sel, ptx.Int(int64(path)))
				k.PredOp("@"+p.String(), "bra", next)
				body(int64(3 + 2*path))
				k.Mark(next)
			}
		case "predicated":
			sel := k.Reg(ptx.U32)
			k.Op("add.u32", sel, lane, i)
			k.Op("and.b32", sel, sel, ptx.Int(1))
			k.Op("setp.ne.u32", p, sel, ptx.Int(0))
			other := k.Reg(ptx.U32)
			k.Op("mov.u32", other, acc)
			body(3)
			keep := acc
			acc = other
			body(5)
			acc = keep
			k.Op("selp.b32", acc, acc, other, p)
		}
	})
	storeCycles(k, outP, c0, k.Read(ptx.Clock64), acc)
	return k
}

// FenceKernel builds the fence probe: one warp stores to global memory
// and then runs fence (a PTX membar or fence instruction; "" for none),
// iters times; lane 0 stores the loop's cycles at out. Parameters: out
// (u64), buf (u64), iters (u32).
func FenceKernel(name, fence string) *ptx.Kernel {
	k := ptx.NewKernel(name)
	outP, bufP, itersP := k.Param("out", ptx.U64), k.Param("buf", ptx.U64), k.Param("iters", ptx.U32)
	iters := k.Load(itersP)
	lane := k.Read(ptx.LaneID)
	off, addr := k.Reg(ptx.U64), k.Reg(ptx.U64)
	k.Op("mul.wide.u32", off, lane, ptx.Int(4))
	k.Op("add.u64", addr, k.Load(bufP), off)
	c0 := k.Read(ptx.Clock64)
	cnt := k.Loop(iters, func() {
		k.Op("st.global.u32", ptx.Addr{Base: addr}, lane)
		if fence != "" {
			k.Raw(fence + ";")
		}
	})
	storeCycles(k, outP, c0, k.Read(ptx.Clock64), cnt)
	return k
}

// ControlJob times branches and fences with one warp: cycles per loop
// iteration, the median of five launches.
func ControlJob(suite string, branches []kernel.Branch, fences []kernel.Fence) Job {
	return &controlJob{suite: suite, branches: branches, fences: fences}
}

type controlJob struct {
	suite    string
	branches []kernel.Branch
	fences   []kernel.Fence
	c        *compiled
}

func branchKernelName(b kernel.Branch) string {
	return fmt.Sprintf("branch_%s_%d", b.Mode, b.Paths)
}

func (j *controlJob) Prepare(ctx context.Context, r *Runner) {
	var ks []kernel.Spec
	seen := map[string]bool{}
	for _, b := range j.branches {
		if n := branchKernelName(b); !seen[n] {
			seen[n] = true
			ks = append(ks, kernel.BranchLoopSpec{Name: n, Branch: b})
		}
	}
	for i, f := range j.fences {
		ks = append(ks, kernel.FenceLoopSpec{Name: fmt.Sprintf("fence_%d", i), Fence: f})
	}
	j.c = r.compileKernels(ctx, "control", ks)
}

func (j *controlJob) Close() { j.c.close() }

const controlIters = 2048

func (j *controlJob) Measure(ctx context.Context, r *Runner) ([]record.Record, error) {
	prov := j.c.provenance("control")
	bufs, free, err := allocBuffers(r.GPU, 64, 4096)
	if err != nil {
		return nil, err
	}
	defer free()
	out, buf := bufs[0], bufs[1]
	var recs []record.Record
	add := func(rec record.Record, kernel string, expect string, args ...any) error {
		var err error
		if f := j.c.failure; f != nil {
			rec.Status, rec.Reason = f.Status, f.Reason
		} else if err = j.c.medianCycles(ctx, r, kernel, Grid{Blocks: 1, Threads: r.warpSize()}, out, controlIters, &rec, args...); err != nil {
			rec.Status, rec.Reason = record.StatusFailed, err.Error()
		} else if _, driver := j.c.prog.(Inspector); driver {
			rec.Code = j.c.verifier().Kernel(kernel, ChainSpec{Expect: []string{expect}}, 0, 1, r.warpSize())
		} else if expect != "" {
			rec.Code = j.c.verifier().Loop(kernel, []string{expect}, 1, 1)
			if rec.Code.Status == codeInvalid {
				rec.Status, rec.Reason = record.StatusInvalid, "machine code: "+rec.Code.Note
			}
		}
		recs = append(recs, rec)
		if err != nil && Fatal(err) {
			return err
		}
		return nil
	}
	for _, b := range j.branches {
		rec := record.Record{ID: dispatch.BranchID(b.Name), Suite: j.suite, Subject: b.Name, Group: dispatch.GroupBranch, Op: "branch " + b.Name,
			Quantity: record.Latency, Unit: "cycles per iteration", Status: record.StatusOK, Provenance: prov,
			Note: fmt.Sprintf("one warp; each path is %d dependent IMADs", bodyOps)}
		expect := "BRA"
		if b.Mode == "none" || b.Mode == "predicated" {
			expect = ""
		}
		if err := add(rec, branchKernelName(b), expect, out.Ptr(), uint32(controlIters), b.Mask); err != nil {
			return recs, err
		}
	}
	for i, f := range j.fences {
		rec := record.Record{ID: dispatch.FenceID(f.Name), Suite: j.suite, Subject: f.Name, Group: dispatch.GroupFence, Op: f.Op,
			Quantity: record.Latency, Unit: "cycles per iteration", Status: record.StatusOK, Provenance: prov,
			Note: "one warp; each iteration stores a word per lane to global memory, then runs the fence"}
		expect := ""
		if f.PTX != "" || f.Scope != "" {
			expect = "MEMBAR"
		}
		if err := add(rec, fmt.Sprintf("fence_%d", i), expect, out.Ptr(), buf.Ptr(), uint32(controlIters)); err != nil {
			return recs, err
		}
	}
	return recs, j.c.fatalErr
}
