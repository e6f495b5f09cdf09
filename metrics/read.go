// Package metrics sets a results store before Prometheus: each GPU's
// latest full and quick figures, and a verdict of the GPU against its
// model's other GPUs, in the Prometheus text format (through the
// Prometheus client library, on a registry of the caller's: no global
// state), so that the dashboards and alerts operators already keep for
// their GPUs (NVIDIA's dcgm-exporter, Grafana) show gpuarch's too.
//
// Opinions:
//
//   - Only the headline figures are exported (Figures: the quick health
//     check's, by record ID), not a full run's 1,400 records: a fleet of
//     a thousand GPUs stays at tens of thousands of series.
//   - A figure is the record's headline value as the store keeps it, in
//     the record's canonical unit (its unit label); curves are not kept
//     by the store, so a chase's figure is its first level (the L1 for
//     ld.ca, the L2 for ld.cg) and there is no DRAM load latency here.
//   - Like is compared with like: a GPU's full runs with its model's
//     other GPUs' full runs, quick with quick, on one backend; the GPU's
//     runs are taken out of the model's pool, so it is not compared with
//     itself. A figure counts against the GPU when the Mann-Whitney U
//     test (package compare) finds it changed at Options.Alpha and it is
//     more than Options.Share worse, as the host summary decides; figures
//     measured through the host's links never decide (other GPUs share
//     them).
//   - A verdict needs samples. The store keeps one value per run, so the
//     samples are runs; when the runs on either side are too few for the
//     U test ever to reach Alpha, the verdict is Unknown, never OK.
//   - The store is read at start and then every refresh interval, not at
//     every scrape: the figures change when a run is added (daily, per
//     GPU), a fleet's read is thousands of queries, and a scrape should
//     not wait on them nor load a PostgreSQL store for every Prometheus
//     server that scrapes it.
package metrics

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/gpuarch/gpuarch/compare"
	"github.com/gpuarch/gpuarch/measure/alu"
	"github.com/gpuarch/gpuarch/measure/links"
	"github.com/gpuarch/gpuarch/measure/memory"
	"github.com/gpuarch/gpuarch/measure/mma"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/stats"
	"github.com/gpuarch/gpuarch/store"
)

// Figure is one headline figure exported per GPU.
type Figure struct {
	// Name is the figure in words, the same for every backend ("DRAM
	// read bandwidth"): the figure label, what dashboards select by.
	Name string
	// ID is its record ID in a run ("memory/bandwidth/DRAM read").
	ID string
	// HigherWorse says a larger value is worse (a latency); otherwise a
	// smaller one is (a rate).
	HigherWorse bool
	// Host says the figure is measured through the host's links, which
	// the GPUs of a host share: it never decides a verdict.
	Host bool
}

// Figures returns the figures exported: the quick health check's (`gpuarch
// run --quick`), which full runs measure too under the same IDs, with the
// Vulkan backend's IDs of the same figures. Each call returns a new slice.
//
// The IDs are built by the measurement domains' names (measure/<domain>),
// as the quick check builds them; a test checks them against a recorded
// quick run.
func Figures() []Figure {
	return []Figure{
		{Name: "FFMA latency", ID: alu.LatencyID(alu.FmaF32), HigherWorse: true},
		{Name: "FFMA peak", ID: alu.ThroughputID(alu.FmaF32)},
		{Name: "FFMA latency", ID: alu.LatencyID(alu.FmaF32SPIRV), HigherWorse: true},
		{Name: "FFMA peak", ID: alu.ThroughputID(alu.FmaF32SPIRV)},
		{Name: "tensor-core f16 peak", ID: mma.ThroughputID(mma.MMAF16)},
		{Name: "tensor-core f16 peak", ID: mma.ThroughputID(mma.CoopMatF16)},
		{Name: "L2 read bandwidth, own lines", ID: memory.BandwidthID(memory.L2ReadOwnLines)},
		{Name: "DRAM read bandwidth", ID: memory.BandwidthID(memory.DRAMRead)},
		{Name: "L1 load latency", ID: memory.LatencyID(memory.PathL1), HigherWorse: true},
		{Name: "L2 load latency", ID: memory.LatencyID(memory.PathL2), HigherWorse: true},
		{Name: "pinned host to device bandwidth", ID: links.HostID(links.Pinned, links.HostToDevice), Host: true},
		{Name: "pinned device to host bandwidth", ID: links.HostID(links.Pinned, links.DeviceToHost), Host: true},
		{Name: "host round trip latency", ID: links.RoundTripID, HigherWorse: true, Host: true},
	}
}

// Kind is the kind of run a GPU's figures come from.
type Kind string

// Kinds: the store's complete runs and its quick runs.
const (
	Full  Kind = "full"
	Quick Kind = "quick"
)

func (k Kind) state() store.State {
	if k == Quick {
		return store.StateQuick
	}
	return store.StateComplete
}

func kindOf(st store.State) (Kind, bool) {
	switch st {
	case store.StateComplete:
		return Full, true
	case store.StateQuick:
		return Quick, true
	}
	return "", false
}

// State is a verdict's outcome.
type State string

// States of a verdict.
const (
	OK      State = "ok"      // no figure significantly worse than the model's other GPUs
	Outlier State = "outlier" // some figure is
	Unknown State = "unknown" // too few runs to tell, or no figure to compare
)

// Options are how verdicts are decided.
type Options struct {
	// Alpha is the U test's significance level (0: 0.01, as the host
	// summary).
	Alpha float64
	// Share is how much worse a figure must be to count (0: 0.05).
	Share float64
}

func (o Options) withDefaults() Options {
	if o.Alpha == 0 {
		o.Alpha = 0.01
	}
	if o.Share == 0 {
		o.Share = 0.05
	}
	return o
}

// GPU is one GPU's latest run of one kind on one backend, its figures and
// its verdict.
type GPU struct {
	Node, UUID, Model, Driver, Backend string
	Kind                               Kind
	// RunID is the store's id of the run the figures come from, Started
	// when it started.
	RunID   int64
	Started time.Time
	Values  []Value
	Verdict Verdict
}

// Value is a figure's value in a run, in the record's unit.
type Value struct {
	Figure Figure
	Unit   string
	Value  float64
}

// Verdict is a GPU set against its model's other GPUs: its runs of one
// kind on one backend against theirs.
type Verdict struct {
	State State
	// Reason says why: the figures that are worse, with their change
	// ("DRAM read bandwidth -30.1%"), or why there is no verdict.
	Reason string
	// Runs are the GPU's runs compared, Others its model's other GPUs'.
	Runs, Others int
	// Figures are the figures compared, in Figures' order.
	Figures []FigureVerdict
}

// FigureVerdict is one figure of a verdict.
type FigureVerdict struct {
	Figure Figure
	// Change is the GPU's median against the others' median, relative
	// ((gpu - others) / others).
	Change float64
	// P is the U test's p-value.
	P float64
	// Decides says the runs on both sides are enough for the U test to
	// reach Alpha, and the figure is not a host-side one.
	Decides bool
	// Worse says the figure counts against the GPU: significant, beyond
	// Share, and in the worse direction.
	Worse bool
}

// Read reads every GPU's latest full and quick run from s, with their
// verdicts, sorted by model, node, UUID, backend and kind. Interrupted and
// simulated runs are left out: they are not measurements of a healthy
// whole run.
func Read(ctx context.Context, s *store.Store, opts Options) ([]GPU, error) {
	opts = opts.withDefaults()
	runs, err := s.List(ctx, store.Filter{State: store.StateAny})
	if err != nil {
		return nil, err
	}
	type key struct {
		uuid, backend string
		kind          Kind
	}
	latest := map[key]store.RunInfo{}
	for _, r := range runs { // oldest first: the last one wins
		if k, ok := kindOf(r.State); ok {
			latest[key{r.UUID, r.Backend, k}] = r
		}
	}
	figs := Figures()
	var gpus []GPU
	for k, r := range latest {
		set, _, err := s.Set(ctx, store.Filter{ID: r.ID, State: r.State})
		if err != nil {
			return nil, fmt.Errorf("metrics: run %d: %w", r.ID, err)
		}
		g := GPU{Node: r.Node, UUID: r.UUID, Model: r.Model, Driver: r.Driver, Backend: r.Backend, Kind: k.kind, RunID: r.ID, Started: r.Started}
		byID := records(set)
		for _, f := range figs {
			if rec, ok := byID[f.ID]; ok {
				g.Values = append(g.Values, Value{Figure: f, Unit: rec.Unit, Value: rec.Value})
			}
		}
		gpus = append(gpus, g)
	}
	sort.Slice(gpus, func(i, j int) bool {
		a, b := gpus[i], gpus[j]
		return strings.Join([]string{a.Model, a.Node, a.UUID, a.Backend, string(a.Kind)}, "\x00") <
			strings.Join([]string{b.Model, b.Node, b.UUID, b.Backend, string(b.Kind)}, "\x00")
	})
	// The model's pool, once per model, backend and kind.
	type group struct {
		model, backend string
		kind           Kind
	}
	type pool struct {
		set *record.Run
		n   int
	}
	pools := map[group]pool{}
	for i := range gpus {
		g := &gpus[i]
		gk := group{g.Model, g.Backend, g.Kind}
		p, ok := pools[gk]
		if !ok {
			set, n, err := s.Set(ctx, store.Filter{Model: g.Model, Backend: g.Backend, State: g.Kind.state()})
			if err != nil {
				return nil, fmt.Errorf("metrics: the runs of %s (%s, %s): %w", g.Model, g.Backend, g.Kind, err)
			}
			p = pool{set, n}
			pools[gk] = p
		}
		mine, n, err := s.Set(ctx, store.Filter{UUID: g.UUID, Model: g.Model, Backend: g.Backend, State: g.Kind.state()})
		if err != nil {
			return nil, fmt.Errorf("metrics: the runs of %s (%s, %s): %w", g.UUID, g.Backend, g.Kind, err)
		}
		g.Verdict, err = judge(mine, n, p.set, p.n, figs, opts)
		if err != nil {
			return nil, fmt.Errorf("metrics: %s: %w", g.UUID, err)
		}
	}
	return gpus, nil
}

// records indexes a run's measured records by ID.
func records(run *record.Run) map[string]*record.Record {
	out := map[string]*record.Record{}
	for i := range run.Records {
		if r := &run.Records[i]; r.Status == record.StatusOK {
			out[r.ID] = r
		}
	}
	return out
}

// judge sets a GPU's runs (mine, n of them) against the others of its
// model: the pool of all the model's runs (poolN of them) less the GPU's.
func judge(mine *record.Run, n int, pool *record.Run, poolN int, figs []Figure, opts Options) (Verdict, error) {
	v := Verdict{State: Unknown, Runs: n, Others: poolN - n}
	gpuRecs, poolRecs := records(mine), records(pool)
	a := &record.Run{Device: pool.Device, Tool: pool.Tool} // the others
	b := &record.Run{Device: mine.Device, Tool: mine.Tool} // this GPU
	var compared []Figure
	for _, f := range figs {
		g, ok1 := gpuRecs[f.ID]
		p, ok2 := poolRecs[f.ID]
		if !ok1 || !ok2 {
			continue
		}
		others := without(p.Samples, g.Samples)
		if len(others) == 0 || len(g.Samples) == 0 {
			continue
		}
		a.Records = append(a.Records, record.Record{ID: f.ID, Unit: p.Unit, Status: record.StatusOK, Samples: others, Value: stats.Median(others)})
		b.Records = append(b.Records, record.Record{ID: f.ID, Unit: g.Unit, Status: record.StatusOK, Samples: g.Samples, Value: stats.Median(g.Samples)})
		compared = append(compared, f)
	}
	if len(compared) == 0 {
		v.Reason = "no figure to compare: no other GPU of its model has runs of this kind on this backend"
		return v, nil
	}
	res, err := compare.Runs(a, b, opts.Alpha)
	if err != nil {
		return v, err
	}
	rows := map[string]compare.Row{}
	for _, r := range res.Rows {
		rows[r.ID] = r
	}
	var worse []string
	decides := 0
	for _, f := range compared {
		r := rows[f.ID]
		fv := FigureVerdict{Figure: f, Change: r.Delta, P: r.P}
		fv.Decides = !f.Host && minP(r.NA, r.NB) < opts.Alpha
		if fv.Decides {
			decides++
			bad := r.Delta < 0
			if f.HigherWorse {
				bad = r.Delta > 0
			}
			fv.Worse = r.Verdict == compare.Changed && math.Abs(r.Delta) > opts.Share && bad
			if fv.Worse {
				worse = append(worse, fmt.Sprintf("%s %+.1f%%", f.Name, 100*r.Delta))
			}
		}
		v.Figures = append(v.Figures, fv)
	}
	switch {
	case len(worse) > 0:
		v.State = Outlier
		v.Reason = strings.Join(worse, ", ")
	case decides == 0:
		v.Reason = fmt.Sprintf("too few runs to tell: the U test cannot reach alpha %g with so few of this GPU or of its model's other GPUs", opts.Alpha)
	default:
		v.State = OK
		v.Reason = fmt.Sprintf("no figure more than %.0f%% worse", 100*opts.Share)
	}
	return v, nil
}

// without returns the samples of all less those of some (a multiset
// difference: each of some's values removes one equal value of all). The
// store keeps each run's value bit for bit, so a GPU's runs come out of
// its model's pool exactly.
func without(all, some []float64) []float64 {
	n := map[float64]int{}
	for _, x := range some {
		n[x]++
	}
	out := make([]float64, 0, len(all))
	for _, x := range all {
		if n[x] > 0 {
			n[x]--
			continue
		}
		out = append(out, x)
	}
	return out
}

// minP is the smallest two-sided p-value the Mann-Whitney U test can give
// samples of n1 and n2 values (all of one side below all of the other):
// 2 / C(n1+n2, n1). When it is not below alpha, no difference can be
// found, however large.
func minP(n1, n2 int) float64 {
	if n1 == 0 || n2 == 0 {
		return 1
	}
	// log C(n1+n2, n1)
	lg := func(x int) float64 { v, _ := math.Lgamma(float64(x) + 1); return v }
	return math.Min(1, 2*math.Exp(-(lg(n1+n2)-lg(n1)-lg(n2))))
}
