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
// Throughput records get NVIDIA's documented rate beside them (see
// Reference).
func Run(ctx context.Context, r *probe.Runner, specs []probe.ChainSpec, emit func(record.Record)) error {
	cc := r.GPU.Device().ComputeCapability
	return r.Chains(ctx, specs, func(rec record.Record) {
		if rec.Quantity == record.Throughput && rec.Through != nil {
			rec.Through.Reference = Reference(cc, &rec)
		}
		emit(rec)
	})
}
