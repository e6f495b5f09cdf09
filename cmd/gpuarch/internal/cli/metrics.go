package cli

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/spf13/cobra"

	"github.com/gpuarch/gpuarch/metrics"
	"github.com/gpuarch/gpuarch/store"
)

// metricsCommand is `gpuarch metrics`: the results store for Prometheus.
func (e *Env) metricsCommand() *cobra.Command {
	var path, listen string
	var refresh time.Duration
	var once bool
	var opts metrics.Options
	c := &cobra.Command{
		Use:   "metrics [flags]",
		Short: "serve the results store's figures and verdicts to Prometheus",
		Long: `metrics serves, in the Prometheus text format on http://LISTEN/metrics, each
GPU's latest full and quick figures from the results store (DRAM and L2 read
bandwidth, FFMA and tensor-core peaks, load latencies, host links), labelled
by node, GPU UUID, model, driver, backend and record, and each GPU's verdict
against its model's other GPUs (ok, outlier with the figures that are worse,
or unknown while the runs are too few for the test). It only reads the
store, at start and then every --refresh; --once prints the metrics instead.`,
		Example: `  gpuarch metrics --db postgres://gpuarch@db/fleet --listen :9469
  gpuarch metrics --db fleet.db --once > /var/lib/node_exporter/gpuarch.prom`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if refresh <= 0 {
				return usagef("--refresh %v: give a positive duration, such as 5m", refresh)
			}
			if err := checkAlpha(opts.Alpha); err != nil {
				return err
			}
			if opts.Share <= 0 || opts.Share >= 1 {
				return usagef("--share %v: give a share between 0 and 1, such as 0.05", opts.Share)
			}
			return e.serveMetrics(c.Context(), path, listen, refresh, once, opts)
		},
	}
	fs := c.Flags()
	fs.StringVar(&path, "db", "gpuarch.db", "the store: an SQLite file, or a PostgreSQL URL (postgres://user:password@host/database); only read")
	fs.StringVar(&listen, "listen", ":9469", "the address to serve /metrics on")
	fs.DurationVar(&refresh, "refresh", 5*time.Minute, "how often the store is read again")
	fs.BoolVar(&once, "once", false, "read the store once, print the metrics and exit")
	fs.Float64Var(&opts.Alpha, "alpha", 0.01, "significance level of the Mann-Whitney U test of a GPU's runs against its model's other GPUs'")
	fs.Float64Var(&opts.Share, "share", 0.05, "how much worse a figure must be to make a GPU an outlier")
	return c
}

// serveMetrics reads the store, then prints the metrics (once) or serves
// them until ctx ends, reading the store again every refresh.
func (e *Env) serveMetrics(ctx context.Context, path, listen string, refresh time.Duration, once bool, opts metrics.Options) error {
	exp := metrics.NewExporter(func(ctx context.Context) (*store.Store, error) { return store.OpenReadOnly(ctx, path) }, opts)
	if err := exp.Refresh(ctx); err != nil {
		return err
	}
	if once {
		return exp.WriteText(e.Stdout)
	}
	ln, err := net.Listen("tcp", listen)
	if err != nil {
		return fmt.Errorf("metrics: %w", err)
	}
	mux := http.NewServeMux()
	mux.Handle("/metrics", exp.Handler())
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		fmt.Fprintln(w, "gpuarch metrics: see /metrics")
	})
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(e.Stderr, "gpuarch: serving the figures of %d GPU run(s) on http://%s/metrics, reading the store every %v\n", len(exp.Snapshot()), ln.Addr(), refresh)
	go func() {
		t := time.NewTicker(refresh)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				if err := exp.Refresh(ctx); err != nil && ctx.Err() == nil {
					fmt.Fprintf(e.Stderr, "gpuarch: metrics: reading the store failed, serving the last read: %v\n", err)
				}
			}
		}
	}()
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return fmt.Errorf("metrics: %w", err)
	case <-ctx.Done():
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := srv.Shutdown(shut); err != nil && !errors.Is(err, http.ErrServerClosed) {
			return fmt.Errorf("metrics: %w", err)
		}
		return nil
	}
}
