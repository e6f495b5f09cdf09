package alu

import (
	"context"

	"github.com/gpuarch/gpuarch/probe"
	"github.com/gpuarch/gpuarch/record"
)

// Run measures each entry and hands every record to emit as soon as it
// exists, so a caller can save results as they come. It stops early only
// when the run cannot go on (cancelled, or a kernel hung); the error says
// why and everything emitted so far stands.
func Run(ctx context.Context, r *probe.Runner, specs []probe.ChainSpec, emit func(record.Record)) error {
	for _, s := range specs {
		if err := ctx.Err(); err != nil {
			return err
		}
		recs, err := r.Chain(ctx, s)
		for _, rec := range recs {
			emit(rec)
		}
		if err != nil {
			return err
		}
	}
	return nil
}
