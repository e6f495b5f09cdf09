package probe

import (
	"context"
	"encoding/binary"
	"time"

	"github.com/gpuarch/gpuarch/ptx"
	"github.com/gpuarch/gpuarch/record"
)

// Provenance is a record's Provenance from the module c compiled.
func (c *Compiled) Provenance(module string) record.Provenance {
	return record.Provenance{Module: module, PTXSHA256: c.Hash, CompileSeconds: c.Compile.Seconds(), Time: time.Now().UTC()}
}

// MeasureEach makes one record per item with mk and has do fill it: a
// module that did not compile marks every record with its failure, an
// error marks the item's record failed, and a fatal one stops the job.
func MeasureEach[T any](c *Compiled, items []T, mk func(T) record.Record, do func(T, *record.Record) error) ([]record.Record, error) {
	var recs []record.Record
	for _, it := range items {
		rec := mk(it)
		if f := c.Failure; f != nil {
			rec.Status, rec.Reason = f.Status, f.Reason
			recs = append(recs, rec)
			continue
		}
		err := do(it, &rec)
		if err != nil {
			rec.Status, rec.Reason = record.StatusFailed, err.Error()
		}
		recs = append(recs, rec)
		if err != nil && Fatal(err) {
			return recs, err
		}
	}
	return recs, c.FatalErr
}

// storeCycles ends a one-block timing kernel: thread 0 stores c1 - c0 at
// out and keep (a value whose computation must not be dropped, or an
// invalid Reg for none) after it.
func storeCycles(k *ptx.Kernel, outP ptx.Param, c0, c1, keep ptx.Reg) {
	tid := k.Read(ptx.TidX)
	first := k.Reg(ptx.Pred)
	k.Op("setp.eq.u32", first, tid, ptx.Int(0))
	k.If(first, func() {
		dt := k.Reg(ptx.U64)
		k.Op("sub.u64", dt, c1, c0)
		out := k.Load(outP)
		k.Op("st.global.u64", ptx.Addr{Base: out}, dt)
		if keep != (ptx.Reg{}) {
			k.Op("st.global.u32", ptx.Addr{Base: out, Offset: 8}, keep)
		}
	})
}

// MedianCycles launches a one-block timing kernel (see storeCycles) five
// times and sets rec's samples and value to its cycles per iteration.
func (c *Compiled) MedianCycles(ctx context.Context, r *Runner, kernel string, g Grid, out Buffer, iters int, rec *record.Record, args ...any) error {
	var samples []float64
	for range 5 {
		if err := c.Prog.Launch(ctx, kernel, g, r.Config.LaunchTimeout, args...); err != nil {
			return err
		}
		b, err := out.Read()
		if err != nil {
			return err
		}
		samples = append(samples, float64(binary.LittleEndian.Uint64(b))/float64(iters))
	}
	rec.Samples, rec.Summary = samples, Summarize(samples)
	rec.Value = rec.Summary.Median
	return nil
}
