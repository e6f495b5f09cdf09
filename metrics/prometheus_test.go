package metrics

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestPrometheusScrapesGpuarchMetrics runs `gpuarch metrics` on a store of
// a synthetic fleet (twelve healthy H100s and one whose DRAM bandwidth is
// 30% low, three full runs each, and one GPU with a single run), has a
// real Prometheus server (Debian's prometheus package) scrape it every
// second, and asks Prometheus, in PromQL, for the slow GPU's DRAM read
// bandwidth and outlier flag, for a run added while it serves, and for
// every query of the Grafana dashboard.
func TestPrometheusScrapesGpuarchMetrics(t *testing.T) {
	prom, err := exec.LookPath("prometheus")
	if err != nil {
		t.Skipf("the Prometheus server is not installed (Debian: apt-get install prometheus; .ci/run installs it): %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	dir := t.TempDir()
	gpus := append(healthy(12), gpuRun{node: "node07", uuid: "GPU-bad", scale: map[string]float64{"memory/bandwidth/DRAM read": 0.7}})
	db := fleet(t, gpus, repeat(13, 3))
	addRuns(t, db, []gpuRun{{node: "node08", uuid: "GPU-new"}}, []int{1}, time.Date(2026, 11, 10, 0, 0, 0, 0, time.UTC))

	// gpuarch metrics, on a port of its choosing.
	bin := filepath.Join(dir, "gpuarch")
	build := exec.CommandContext(ctx, filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-o", bin, "../cmd/gpuarch")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build gpuarch: %v\n%s", err, out)
	}
	target := startMetrics(t, ctx, bin, db)

	// Prometheus, scraping it every second.
	promAddr := freeAddr(t)
	conf := filepath.Join(dir, "prometheus.yml")
	text := fmt.Sprintf("global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\nscrape_configs:\n  - job_name: gpuarch\n    static_configs:\n      - targets: [%q]\n", target)
	if err := os.WriteFile(conf, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var promLog strings.Builder
	cmd := exec.CommandContext(ctx, prom, "--config.file="+conf, "--storage.tsdb.path="+filepath.Join(dir, "tsdb"),
		"--web.listen-address="+promAddr, "--log.level=warn")
	cmd.Stdout, cmd.Stderr = &promLog, &promLog
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
	})
	api := "http://" + promAddr
	if v, err := exec.Command(prom, "--version").CombinedOutput(); err == nil {
		t.Logf("%s", strings.SplitN(string(v), "\n", 2)[0])
	}

	t.Run("DRAM bandwidth and outlier flag", func(t *testing.T) {
		got := await(t, ctx, api, `gpuarch_figure{uuid="GPU-bad",figure="DRAM read bandwidth",kind="full"}`, &promLog)
		if len(got) != 1 || math.Abs(got[0].value/(0.7*11.75)-1) > 0.02 {
			t.Errorf("the slow GPU's DRAM read bandwidth: %+v, want one value near %.2f bytes/clock/SM", got, 0.7*11.75)
		}
		if got[0].metric["node"] != "node07" || got[0].metric["model"] != h100 || got[0].metric["driver"] != driver || got[0].metric["record"] != "memory/bandwidth/DRAM read" {
			t.Errorf("labels %v", got[0].metric)
		}
		if flag := query(t, ctx, api, `gpuarch_outlier{uuid="GPU-bad",kind="full"}`); len(flag) != 1 || flag[0].value != 1 {
			t.Errorf("the slow GPU's outlier flag: %+v, want 1", flag)
		}
		if why := query(t, ctx, api, `gpuarch_figure_worse{uuid="GPU-bad"} == 1`); len(why) != 1 || why[0].metric["figure"] != "DRAM read bandwidth" {
			t.Errorf("the figures worse: %+v, want DRAM read bandwidth alone", why)
		}
		if v := query(t, ctx, api, `gpuarch_verdict{uuid="GPU-bad"}`); len(v) != 1 || v[0].metric["verdict"] != "outlier" || !strings.Contains(v[0].metric["reason"], "DRAM read bandwidth -30") {
			t.Errorf("the slow GPU's verdict: %+v", v)
		}
		if n := query(t, ctx, api, `count(gpuarch_outlier{kind="full"} == 0)`); len(n) != 1 || n[0].value != 12 {
			t.Errorf("GPUs ok: %+v, want the 12 healthy ones", n)
		}
		// One run is too few to judge: unknown, and no outlier flag.
		if v := query(t, ctx, api, `gpuarch_verdict{uuid="GPU-new"}`); len(v) != 1 || v[0].metric["verdict"] != "unknown" {
			t.Errorf("a GPU with one run: %+v, want unknown", v)
		}
		if flag := query(t, ctx, api, `gpuarch_outlier{uuid="GPU-new"}`); len(flag) != 0 {
			t.Errorf("a GPU with one run has an outlier flag: %+v", flag)
		}
	})

	t.Run("a run added to the store is scraped", func(t *testing.T) {
		addRuns(t, db, []gpuRun{{node: "node08", uuid: "GPU-new", quick: true}}, []int{1}, time.Date(2026, 11, 11, 0, 0, 0, 0, time.UTC))
		got := await(t, ctx, api, `gpuarch_figure{uuid="GPU-new",kind="quick",figure="L2 read bandwidth, own lines"}`, &promLog)
		if len(got) != 1 {
			t.Errorf("the new quick run: %+v", got)
		}
	})

	t.Run("the Grafana dashboard's queries", func(t *testing.T) {
		for _, q := range dashboardQueries(t) {
			expr := strings.NewReplacer("$model", ".*", "$kind", ".*", "$node", ".*").Replace(q)
			if _, err := queryErr(ctx, api, expr); err != nil {
				t.Errorf("%s: %v", q, err)
			}
		}
		for _, q := range []string{`gpuarch_verdict{verdict="outlier",model=~".*",kind=~".*",node=~".*"}`} {
			if len(query(t, ctx, api, q)) == 0 {
				t.Errorf("the dashboard's %s finds nothing", q)
			}
		}
	})
}

// startMetrics starts `gpuarch metrics` on db and returns the address it
// serves on.
func startMetrics(t *testing.T, ctx context.Context, bin, db string) string {
	t.Helper()
	cmd := exec.CommandContext(ctx, bin, "metrics", "--db", db, "--listen", "127.0.0.1:0", "--refresh", "1s")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
	})
	lines := bufio.NewScanner(stderr)
	if !lines.Scan() {
		t.Fatalf("gpuarch metrics said nothing: %v", lines.Err())
	}
	m := regexp.MustCompile(`http://([^/]+)/metrics`).FindStringSubmatch(lines.Text())
	if m == nil {
		t.Fatalf("gpuarch metrics: %s", lines.Text())
	}
	go io.Copy(io.Discard, stderr)
	return m[1]
}

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

type sample struct {
	metric map[string]string
	value  float64
}

// queryErr asks Prometheus an instant PromQL query.
func queryErr(ctx context.Context, api, q string) ([]sample, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, api+"/api/v1/query?query="+url.QueryEscape(q), nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var body struct {
		Status string `json:"status"`
		Error  string `json:"error"`
		Data   struct {
			ResultType string `json:"resultType"`
			Result     []struct {
				Metric map[string]string `json:"metric"`
				Value  []any             `json:"value"`
			} `json:"result"`
		} `json:"data"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		return nil, fmt.Errorf("%s: %w", resp.Status, err)
	}
	if body.Status != "success" {
		return nil, fmt.Errorf("%s: %s", resp.Status, body.Error)
	}
	var out []sample
	for _, r := range body.Data.Result {
		s := sample{metric: r.Metric, value: math.NaN()}
		if len(r.Value) == 2 {
			if v, ok := r.Value[1].(string); ok {
				s.value, _ = strconv.ParseFloat(v, 64)
			}
		}
		out = append(out, s)
	}
	return out, nil
}

func query(t *testing.T, ctx context.Context, api, q string) []sample {
	t.Helper()
	out, err := queryErr(ctx, api, q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return out
}

// await asks q until it has an answer (Prometheus starting, its first
// scrapes).
func await(t *testing.T, ctx context.Context, api, q string, log *strings.Builder) []sample {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		out, err := queryErr(ctx, api, q)
		if err == nil && len(out) > 0 {
			return out
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			t.Fatalf("no answer to %s within a minute (last error %v)\nprometheus:\n%s", q, err, log.String())
		}
		time.Sleep(250 * time.Millisecond)
	}
}

// dashboardQueries are the PromQL expressions of the Grafana dashboard's
// panels and variables.
func dashboardQueries(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "deploy", "grafana", "gpuarch.json"))
	if err != nil {
		t.Fatal(err)
	}
	var d struct {
		Panels []struct {
			Title   string `json:"title"`
			Targets []struct {
				Expr string `json:"expr"`
			} `json:"targets"`
		} `json:"panels"`
	}
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatalf("the dashboard is not JSON: %v", err)
	}
	var out []string
	for _, p := range d.Panels {
		for _, tg := range p.Targets {
			out = append(out, tg.Expr)
		}
	}
	if len(out) == 0 {
		t.Fatal("the dashboard has no queries")
	}
	return out
}
