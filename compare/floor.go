package compare

import (
	"math"
	"strings"

	"github.com/gpuarch/gpuarch/measure/links"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/stats"
)

// NoiseFloor is a record's own noise, relative to its median: the larger
// half of the 95% confidence interval of its samples' median over the
// median (stats.RelativeNoise), and for a host-side record (HostSide) at
// least its samples' interquartile range over their median (see the
// package documentation). NaN for a record with fewer than two samples.
func NoiseFloor(r *record.Record) float64 {
	n := stats.RelativeNoise(r.Samples)
	if host, _ := HostSide(r); host {
		if iqr := stats.RelativeIQR(r.Samples); iqr > n {
			n = iqr
		}
	}
	return n
}

// Why a figure is host-side (HostSide).
const (
	HostLinks  = "a copy between host memory and the GPU, through the host's memory and PCIe root, which the host's GPUs share"
	HostClock  = "timed on the host's clock"
	HostLaunch = "a launch cost: the host's wall time per launch, through the driver on the host's CPUs"
)

// HostSide says whether a record's figure is measured through the host,
// so that the other GPUs of the host, measured at the same time, move it
// as much as the GPU itself does, and why. Host-side are, by these record
// fields:
//
//   - the links suite's host records (IDs under links.HostPrefix: host to
//     device and device to host copies, the round trip), HostLinks;
//   - any record timed on the host's clock (Provenance.Timing
//     "host clock"), HostClock;
//   - launch costs: records of Quantity launch in a unit of time per
//     launch ("µs per launch"; not "kernels at once", which the GPU's own
//     time stamps count), HostLaunch.
//
// Everything else is timed on the GPU (its cycle counter, %globaltimer,
// its timestamps or CUDA events around work on it alone).
func HostSide(r *record.Record) (bool, string) {
	switch {
	case strings.HasPrefix(r.ID, links.HostPrefix):
		return true, HostLinks
	case r.Provenance.Timing == "host clock":
		return true, HostClock
	case r.Quantity == record.Launch && strings.HasSuffix(r.Unit, "per launch"):
		return true, HostLaunch
	}
	return false, ""
}

// Floors are relative noise floors by record ID (see Between).
type Floors map[string]float64

// of is id's floor, NaN where none is known.
func (f Floors) of(id string) float64 {
	if v, ok := f[id]; ok {
		return v
	}
	return math.NaN()
}

// Between measures how much each figure varies between runs that should
// agree (repeat runs of one GPU, or GPUs of one model): twice the median
// absolute deviation of the runs' values (each run's median of its
// samples, else its Value) from their median, over that median; for two
// runs, their relative difference. A figure counts where at least two
// runs measured it and all of them with the same kernel (their PTX or
// kernel source hashes agree): between different kernels the variability
// is the code's. The median absolute deviation, not the range, so that
// one sick run among several does not raise the floor the others are
// held to.
func Between(runs ...*record.Run) Floors {
	out := Floors{}
	for id, vals := range runValues(runs) {
		m := stats.Median(vals)
		if m == 0 || math.IsNaN(m) {
			continue
		}
		dev := make([]float64, len(vals))
		for i, v := range vals {
			dev[i] = math.Abs(v - m)
		}
		out[id] = 2 * stats.Median(dev) / math.Abs(m)
	}
	return out
}

// runFigure is what a run measured of a record's figure, to set beside
// other runs': the median of its samples, else its value.
func runFigure(r *record.Record) float64 {
	if len(r.Samples) > 0 {
		return stats.Median(r.Samples)
	}
	return r.Value
}

// kernelsDiffer says whether two records were measured by different
// kernels, as far as their provenance tells (PTX or kernel source hashes
// that both have and that differ).
func kernelsDiffer(a, b *record.Record) bool {
	pa, pb := a.Provenance, b.Provenance
	return pa.PTXSHA256 != "" && pb.PTXSHA256 != "" && pa.PTXSHA256 != pb.PTXSHA256 ||
		pa.SourceSHA256 != "" && pb.SourceSHA256 != "" && pa.SourceSHA256 != pb.SourceSHA256
}
