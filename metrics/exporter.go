package metrics

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/prometheus/common/expfmt"

	"github.com/gpuarch/gpuarch/store"
)

// Exporter is a prometheus.Collector of a results store's figures and
// verdicts. It serves the snapshot its last Refresh read; a Refresh that
// fails keeps the previous snapshot (gpuarch_store_up says so), since the
// figures change only when runs are added.
type Exporter struct {
	open func(context.Context) (*store.Store, error)
	opts Options
	now  func() time.Time

	mu       sync.Mutex
	gpus     []GPU
	read     time.Time // when the snapshot was read (zero: never)
	duration time.Duration
	up       bool
	failures int

	figure, started, verdict, runs, outlier, change, worse *prometheus.Desc
	storeUp, storeRead, storeDuration, storeFailures       *prometheus.Desc
}

// gpuLabels label every per-GPU metric.
func gpuLabels() []string { return []string{"node", "uuid", "model", "driver", "backend", "kind"} }

// NewExporter returns an Exporter that reads the store open opens (a new
// connection each Refresh, closed after it: an SQLite file may change
// between reads, and a PostgreSQL connection is not held between them).
// It has read nothing until Refresh.
func NewExporter(open func(context.Context) (*store.Store, error), opts Options) *Exporter {
	with := func(extra ...string) []string { return append(gpuLabels(), extra...) }
	return &Exporter{
		open: open, opts: opts.withDefaults(), now: time.Now,
		figure: prometheus.NewDesc("gpuarch_figure",
			"A headline figure of the GPU's latest run of its kind (full or quick), in the record's canonical unit (the unit label).",
			with("record", "figure", "unit"), nil),
		started: prometheus.NewDesc("gpuarch_run_started_timestamp_seconds",
			"When the GPU's latest run of its kind, whose figures gpuarch_figure gives, started (Unix time).",
			gpuLabels(), nil),
		verdict: prometheus.NewDesc("gpuarch_verdict",
			"The GPU against its model's other GPUs, runs of one kind and backend against theirs: always 1, the verdict (ok, outlier, unknown) and the reason in its labels.",
			with("verdict", "reason"), nil),
		runs: prometheus.NewDesc("gpuarch_verdict_runs",
			"The runs a verdict compared: the GPU's (of=\"gpu\") and its model's other GPUs' (of=\"others\").",
			with("of"), nil),
		outlier: prometheus.NewDesc("gpuarch_outlier",
			"1 when some figure of the GPU is significantly worse than its model's other GPUs', 0 when none is; absent when there are too few runs to tell (gpuarch_verdict{verdict=\"unknown\"}).",
			gpuLabels(), nil),
		change: prometheus.NewDesc("gpuarch_figure_change_ratio",
			"The GPU's median of a figure against its model's other GPUs' median: (gpu - others) / others.",
			with("record", "figure"), nil),
		worse: prometheus.NewDesc("gpuarch_figure_worse",
			"1 when the figure counts against the GPU (U test significant and beyond the share, in the worse direction), 0 when it does not; absent for figures that cannot decide (too few runs, or measured through the host's links).",
			with("record", "figure"), nil),
		storeUp: prometheus.NewDesc("gpuarch_store_up",
			"1 when the last read of the results store succeeded, 0 when it failed (the metrics are then the last good read's).", nil, nil),
		storeRead: prometheus.NewDesc("gpuarch_store_read_timestamp_seconds",
			"When the figures served were read from the store (Unix time).", nil, nil),
		storeDuration: prometheus.NewDesc("gpuarch_store_read_duration_seconds",
			"How long the last successful read of the store took.", nil, nil),
		storeFailures: prometheus.NewDesc("gpuarch_store_read_failures_total",
			"Reads of the store that failed since the exporter started.", nil, nil),
	}
}

// Refresh reads the store anew. On failure the previous snapshot stays
// and the error is returned.
func (e *Exporter) Refresh(ctx context.Context) error {
	start := e.now()
	gpus, err := e.readStore(ctx)
	e.mu.Lock()
	defer e.mu.Unlock()
	e.up = err == nil
	if err != nil {
		e.failures++
		return err
	}
	e.gpus, e.read, e.duration = gpus, start, e.now().Sub(start)
	return nil
}

func (e *Exporter) readStore(ctx context.Context) ([]GPU, error) {
	s, err := e.open(ctx)
	if err != nil {
		return nil, err
	}
	defer s.Close()
	return Read(ctx, s, e.opts)
}

// Snapshot returns the GPUs the last successful Refresh read.
func (e *Exporter) Snapshot() []GPU {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.gpus
}

// Describe implements prometheus.Collector.
func (e *Exporter) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{e.figure, e.started, e.verdict, e.runs, e.outlier, e.change, e.worse,
		e.storeUp, e.storeRead, e.storeDuration, e.storeFailures} {
		ch <- d
	}
}

// Collect implements prometheus.Collector: the snapshot, as it was read.
func (e *Exporter) Collect(ch chan<- prometheus.Metric) {
	e.mu.Lock()
	gpus, read, duration, up, failures := e.gpus, e.read, e.duration, e.up, e.failures
	e.mu.Unlock()
	gauge := func(d *prometheus.Desc, v float64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v, labels...)
	}
	gauge(e.storeUp, b2f(up))
	ch <- prometheus.MustNewConstMetric(e.storeFailures, prometheus.CounterValue, float64(failures))
	if !read.IsZero() {
		gauge(e.storeRead, float64(read.UnixNano())/1e9)
		gauge(e.storeDuration, duration.Seconds())
	}
	for _, g := range gpus {
		labels := []string{g.Node, g.UUID, g.Model, g.Driver, g.Backend, string(g.Kind)}
		with := func(extra ...string) []string { return append(append([]string{}, labels...), extra...) }
		gauge(e.started, float64(g.Started.UnixNano())/1e9, labels...)
		for _, v := range g.Values {
			gauge(e.figure, v.Value, with(v.Figure.ID, v.Figure.Name, v.Unit)...)
		}
		gauge(e.verdict, 1, with(string(g.Verdict.State), g.Verdict.Reason)...)
		gauge(e.runs, float64(g.Verdict.Runs), with("gpu")...)
		gauge(e.runs, float64(g.Verdict.Others), with("others")...)
		if g.Verdict.State != Unknown {
			gauge(e.outlier, b2f(g.Verdict.State == Outlier), labels...)
		}
		for _, f := range g.Verdict.Figures {
			gauge(e.change, f.Change, with(f.Figure.ID, f.Figure.Name)...)
			if f.Decides {
				gauge(e.worse, b2f(f.Worse), with(f.Figure.ID, f.Figure.Name)...)
			}
		}
	}
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// Registry returns a new registry holding e (and nothing else: no Go
// runtime or process metrics, which are the host's exporters' business).
func (e *Exporter) Registry() *prometheus.Registry {
	reg := prometheus.NewPedanticRegistry()
	reg.MustRegister(e)
	return reg
}

// Handler serves e's registry in the Prometheus exposition formats.
func (e *Exporter) Handler() http.Handler {
	return promhttp.HandlerFor(e.Registry(), promhttp.HandlerOpts{ErrorHandling: promhttp.HTTPErrorOnError})
}

// WriteText writes e's metrics in the Prometheus text format, as a
// scrape would get them (for node_exporter's textfile collector, or a
// look).
func (e *Exporter) WriteText(w io.Writer) error {
	mfs, err := e.Registry().Gather()
	if err != nil {
		return fmt.Errorf("metrics: %w", err)
	}
	enc := expfmt.NewEncoder(w, expfmt.NewFormat(expfmt.TypeTextPlain))
	for _, mf := range mfs {
		if err := enc.Encode(mf); err != nil {
			return fmt.Errorf("metrics: %w", err)
		}
	}
	return nil
}
