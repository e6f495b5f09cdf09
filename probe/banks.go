package probe

import (
	"context"
	"encoding/binary"
	"fmt"
	"time"

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
	vals := make([]ptx.Reg, width/4)
	for i := range vals {
		vals[i] = k.Reg(ptx.U32)
	}
	suffix := map[int]string{4: "u32", 8: "v2.u32", 16: "v4.u32"}[width]
	dst := vals[0].String()
	if len(vals) > 1 {
		dst = "{" + join(regNames(vals)) + "}"
	}
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
	return k
}

func regNames(rs []ptx.Reg) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.String()
	}
	return out
}

// BankCase is one access pattern of the bank probe.
type BankCase struct {
	Subject       string
	Width, Stride int
}

// BankJob measures shared-memory access patterns: cycles per warp load.
func BankJob(suite string, cases []BankCase) Job { return &bankJob{suite: suite, cases: cases} }

type bankJob struct {
	suite string
	cases []BankCase
	c     *compiled
}

func (j *bankJob) prepare(ctx context.Context, r *Runner) {
	m := r.module(BankKernel("banks_w4", 4), BankKernel("banks_w8", 8), BankKernel("banks_w16", 16))
	m.Declare(".extern .shared .align 16 .b8 " + ptx.DynamicShared + "[];")
	j.c = r.compileSource(ctx, "banks", m.String())
}

func (j *bankJob) close() { j.c.close() }

func (j *bankJob) measure(ctx context.Context, r *Runner) ([]record.Record, error) {
	var recs []record.Record
	prov := record.Provenance{Module: "banks", PTXSHA256: j.c.hash, CompileSeconds: j.c.compile.Seconds(), Time: time.Now().UTC()}
	out, err := r.GPU.Alloc(64)
	if err != nil {
		return nil, err
	}
	defer out.Free()
	const iters = 256
	for _, c := range j.cases {
		rec := record.Record{ID: j.suite + "/shared banks/" + c.Subject, Suite: j.suite, Subject: c.Subject, Group: "banks",
			Quantity: record.Throughput, Unit: "cycles per warp load", Status: record.StatusOK, Provenance: prov}
		if f := j.c.failure; f != nil {
			rec.Status, rec.Reason = f.Status, f.Reason
			recs = append(recs, rec)
			continue
		}
		g := Grid{Blocks: 1, Threads: 256, SharedBytes: 1024 * c.Width}
		kernel := fmt.Sprintf("banks_w%d", c.Width)
		var samples []float64
		for range 3 {
			if err := j.c.prog.Launch(ctx, kernel, g, r.Config.LaunchTimeout, out.Ptr(), uint32(c.Stride), uint32(iters), uint32(0x7fc00bad)); err != nil {
				rec.Status, rec.Reason = record.StatusFailed, err.Error()
				recs = append(recs, rec)
				return recs, fatalOrNil(err)
			}
			b, err := out.Read()
			if err != nil {
				return recs, err
			}
			samples = append(samples, float64(binary.LittleEndian.Uint64(b))/(iters*32*8))
		}
		rec.Samples = samples
		rec.Summary = summary(samples)
		rec.Value = rec.Summary.Median
		recs = append(recs, rec)
	}
	return recs, nil
}
