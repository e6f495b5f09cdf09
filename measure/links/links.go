// Package links is the links suite: how fast data moves between a GPU and
// its host, and between the GPUs of one host, as NVIDIA's nvbandwidth
// measures it. Copies are the copy engines' (cuMemcpy*Async on a stream of
// their own), timed by CUDA events around a batch of them; host memory is
// pinned (cuMemHostAlloc) or pageable (an anonymous mmap, which the driver
// stages through its own pinned buffers). Bandwidth is a curve over sizes
// from 4 KiB to 256 MiB, its value the largest size's; latency is the
// median round trip of a 4-byte copy there and back.
//
// Opinions. The links are a suite of their own, not part of dispatch:
// dispatch is how the GPU schedules kernels, the links are how the GPU is
// attached to the host and its siblings (PCIe, NVLink-C2C, NVLink), and a
// fleet compares them separately (one node's slow PCIe slot). The peer
// matrix belongs to the host, not to one GPU, so it is written beside the
// GPUs' results (links.json) rather than into one of them. Nothing here
// creates NVLink multicast objects: on shared machines they can take GPUs
// out of service.
package links

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/stats"
)

// HostCopier is what a backend offers to time copies between the host and
// one GPU. The CUDA backend implements it.
type HostCopier interface {
	// TimeHostCopies times reps back-to-back copies of bytes in dir
	// (HostToDevice or DeviceToHost) from host memory of kind (Pinned or
	// Pageable), on one stream between two events, and returns the GPU
	// time of the batch, repeated rounds times.
	TimeHostCopies(ctx context.Context, dir, kind string, bytes, reps, rounds int) ([]time.Duration, error)
	// TimeRoundTrip times rounds of one bytes-long copy to the device and
	// back from pinned memory, each on the host's clock.
	TimeRoundTrip(ctx context.Context, bytes, rounds int) ([]time.Duration, error)
}

// Sizes are the copy sizes of the bandwidth curves: 4 KiB to 256 MiB, a
// factor of 4 apart.
func Sizes() []int {
	var out []int
	for b := 4 << 10; b <= 256<<20; b *= 4 {
		out = append(out, b)
	}
	return out
}

// Plan says how much a host measurement does.
type Plan struct {
	Sizes  []int
	Rounds int
	// Directions and Kinds measured (default: both of each).
	Directions, Kinds []string
}

// FullPlan is the full run's plan: every size, 5 rounds.
func FullPlan() Plan { return Plan{Sizes: Sizes(), Rounds: 5} }

// QuickPlan is --quick's: pinned memory at 64 KiB, 4 MiB and 256 MiB, 5
// rounds (a sample each, as every figure has at least five; two more
// than before cost about 0.1 s). The 256 MiB point is the records' value,
// as in the full run.
func QuickPlan() Plan {
	return Plan{Sizes: []int{64 << 10, 4 << 20, 256 << 20}, Rounds: 5, Kinds: []string{Pinned}}
}

// reps is how many copies of bytes one timed batch holds: enough for
// about 64 MiB, at least 2 and at most 256, so small copies are timed over
// many and events' half-microsecond resolution does not matter.
func reps(bytes int) int { return min(256, max(2, (64<<20)/bytes)) }

// MeasureHost measures gpu's host links by plan. A GPU that cannot copy
// (a backend without copies) gets its records skipped, with why.
func MeasureHost(ctx context.Context, gpu any, plan Plan, prov record.Provenance) []record.Record {
	dirs, kinds := plan.Directions, plan.Kinds
	if len(dirs) == 0 {
		dirs = []string{HostToDevice, DeviceToHost}
	}
	if len(kinds) == 0 {
		kinds = []string{Pinned, Pageable}
	}
	c, ok := gpu.(HostCopier)
	var out []record.Record
	for _, kind := range kinds {
		for _, dir := range dirs {
			rec := record.Record{ID: HostID(kind, dir), Suite: Suite, Subject: HostSubject(kind, dir), Group: GroupHost, Op: "host/" + HostSubject(kind, dir),
				Quantity: record.Curve, Unit: "bytes/second", Status: record.StatusOK, Provenance: prov,
				Note: fmt.Sprintf("copy-engine copies (cuMemcpy%sAsync) on one stream, timed by CUDA events around a batch of copies (about 64 MiB, at least 2), median of %d batches; the value is the largest size's", map[string]string{HostToDevice: "HtoD", DeviceToHost: "DtoH"}[dir], plan.Rounds)}
			rec.Provenance.Module, rec.Provenance.Timing = "copy engine", "CUDA events"
			if !ok {
				rec.Status, rec.Reason = record.StatusSkipped, "this backend cannot time host copies"
				out = append(out, rec)
				continue
			}
			rec.Curve = &record.CurveDetail{Path: kind + " " + dir}
			for _, b := range plan.Sizes {
				n := reps(b)
				ts, err := c.TimeHostCopies(ctx, dir, kind, b, n, plan.Rounds)
				if err != nil {
					rec.Status, rec.Reason = record.StatusFailed, err.Error()
					break
				}
				rates := make([]float64, 0, len(ts))
				for _, t := range ts {
					if t > 0 {
						rates = append(rates, float64(b)*float64(n)/t.Seconds())
					}
				}
				if len(rates) == 0 {
					rec.Status, rec.Reason = record.StatusFailed, fmt.Sprintf("%d-byte copies took no measurable time", b)
					break
				}
				rec.Curve.Points = append(rec.Curve.Points, record.CurvePoint{Bytes: int64(b), Value: stats.Median(rates),
					Min: slices.Min(rates), Max: slices.Max(rates), Elements: n})
				rec.Samples = rates // the largest size's, for comparisons
			}
			if rec.Status == record.StatusOK && len(rec.Curve.Points) > 0 {
				rec.Value = rec.Curve.Points[len(rec.Curve.Points)-1].Value
			}
			out = append(out, rec)
		}
	}
	lat := record.Record{ID: RoundTripID, Suite: Suite, Subject: RoundTrip, Group: GroupHost, Op: "host/" + RoundTrip,
		Quantity: record.Latency, Unit: "seconds", Status: record.StatusOK, Provenance: prov,
		Note: "a 4-byte copy from pinned memory to the device and back (cuMemcpyHtoDAsync, cuMemcpyDtoHAsync, then waiting on the stream), median on the host's clock"}
	lat.Provenance.Module, lat.Provenance.Timing = "copy engine", "host clock"
	if !ok {
		lat.Status, lat.Reason = record.StatusSkipped, "this backend cannot time host copies"
		return append(out, lat)
	}
	ts, err := c.TimeRoundTrip(ctx, 4, 5*plan.Rounds)
	if err != nil {
		lat.Status, lat.Reason = record.StatusFailed, err.Error()
		return append(out, lat)
	}
	for _, t := range ts {
		lat.Samples = append(lat.Samples, t.Seconds())
	}
	lat.Value = stats.Median(lat.Samples)
	return append(out, lat)
}
