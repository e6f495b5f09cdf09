package metrics

import (
	"context"
	"flag"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/store"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// The exported figures' CUDA IDs are those of a recorded quick run (the
// quick check's list lives in cmd/gpuarch, unexported).
func TestFiguresAreRecordedQuickFigures(t *testing.T) {
	path, err := record.Locate(filepath.Join("..", "results", "NVIDIA-H100-80GB-HBM3", "quick"))
	if err != nil {
		t.Fatal(err)
	}
	run, err := record.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ok := records(run)
	for _, f := range Figures() {
		if strings.Contains(f.ID, "Fma.f32") || strings.Contains(f.ID, "coopmat") {
			continue // the Vulkan backend's
		}
		if _, found := ok[f.ID]; !found {
			t.Errorf("figure %q (%s) is not a measured record of the recorded quick run", f.Name, f.ID)
		}
	}
}

func TestVerdicts(t *testing.T) {
	bad := map[string]float64{"memory/bandwidth/DRAM read": 0.7}
	for _, tc := range []struct {
		name   string
		gpus   []gpuRun
		runs   []int
		uuid   string
		kind   Kind
		state  State
		reason []string // substrings of the reason
		worse  []string // figures that count against it
	}{
		{
			name: "a GPU with DRAM 30% slow among twelve is an outlier, for that figure",
			gpus: append(healthy(12), gpuRun{node: "node07", uuid: "GPU-bad", scale: bad}), runs: repeat(13, 3),
			uuid: "GPU-bad", kind: Full, state: Outlier,
			reason: []string{"DRAM read bandwidth -30"},
			worse:  []string{"DRAM read bandwidth"},
		},
		{
			name: "its healthy siblings are ok",
			gpus: append(healthy(12), gpuRun{node: "node07", uuid: "GPU-bad", scale: bad}), runs: repeat(13, 3),
			uuid: "GPU-0003", kind: Full, state: OK, reason: []string{"no figure more than 5% worse"},
		},
		{
			name: "one run each is too few to tell, however slow",
			gpus: append(healthy(12), gpuRun{node: "node07", uuid: "GPU-bad", scale: bad}), runs: repeat(13, 1),
			uuid: "GPU-bad", kind: Full, state: Unknown, reason: []string{"too few runs"},
		},
		{
			name: "a GPU alone of its model is unknown, not ok",
			gpus: []gpuRun{{node: "node01", uuid: "GPU-alone"}}, runs: []int{5},
			uuid: "GPU-alone", kind: Full, state: Unknown, reason: []string{"no figure to compare"},
		},
		{
			name: "a slower host link decides nothing (the host's GPUs share it)",
			gpus: append(healthy(12), gpuRun{node: "node07", uuid: "GPU-link", scale: map[string]float64{"links/host/pinned host to device": 0.5}}), runs: repeat(13, 3),
			uuid: "GPU-link", kind: Full, state: OK,
		},
		{
			name: "a latency is worse higher",
			gpus: append(healthy(12), gpuRun{node: "node07", uuid: "GPU-lat", scale: map[string]float64{"memory/latency/global ld.cg": 1.2}}), runs: repeat(13, 3),
			uuid: "GPU-lat", kind: Full, state: Outlier, reason: []string{"L2 load latency +20"}, worse: []string{"L2 load latency"},
		},
		{
			name: "a faster GPU is no outlier",
			gpus: append(healthy(12), gpuRun{node: "node07", uuid: "GPU-fast", scale: map[string]float64{"memory/bandwidth/DRAM read": 1.3}}), runs: repeat(13, 3),
			uuid: "GPU-fast", kind: Full, state: OK,
		},
		{
			name: "a significant change within 5% decides nothing",
			gpus: append(healthy(12), gpuRun{node: "node07", uuid: "GPU-near", scale: map[string]float64{"memory/bandwidth/DRAM read": 0.97}}), runs: repeat(13, 3),
			uuid: "GPU-near", kind: Full, state: OK,
		},
		{
			name: "quick runs are judged against quick runs",
			gpus: append(healthy(12), gpuRun{node: "node07", uuid: "GPU-q", quick: true, scale: bad}), runs: repeat(13, 3),
			uuid: "GPU-q", kind: Quick, state: Unknown, reason: []string{"no figure to compare"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := fleet(t, tc.gpus, tc.runs)
			gpus := read(t, path)
			g := find(t, gpus, tc.uuid, tc.kind)
			if g.Verdict.State != tc.state || g.Verdict.Runs != tc.runs[len(tc.runs)-1] {
				t.Errorf("verdict %s (%s) of %d run(s), want %s of %d", g.Verdict.State, g.Verdict.Reason, g.Verdict.Runs, tc.state, tc.runs[len(tc.runs)-1])
			}
			for _, r := range tc.reason {
				if !strings.Contains(g.Verdict.Reason, r) {
					t.Errorf("reason %q lacks %q", g.Verdict.Reason, r)
				}
			}
			var worse []string
			for _, f := range g.Verdict.Figures {
				if f.Worse {
					worse = append(worse, f.Figure.Name)
				}
			}
			if diff := cmp.Diff(tc.worse, worse); diff != "" {
				t.Errorf("figures worse (-want +got):\n%s", diff)
			}
		})
	}
}

// The figures are the latest run's, of each kind, and interrupted and
// simulated runs are left out.
func TestLatestRunOfEachKind(t *testing.T) {
	gpus := []gpuRun{{node: "node01", uuid: "GPU-a"}, {node: "node01", uuid: "GPU-a", quick: true, scale: map[string]float64{"memory/bandwidth/DRAM read": 0.5}}}
	path := fleet(t, gpus, []int{2, 1})
	ctx := context.Background()
	s, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	late := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	interrupted := gpuRun{node: "node09", uuid: "GPU-a"}.run(nil, late)
	interrupted.Complete = false
	if _, err := s.AddWith(ctx, interrupted, "interrupted.json", store.AddOptions{AllowInterrupted: true}); err != nil {
		t.Fatal(err)
	}
	sim := gpuRun{node: "node09", uuid: "GPU-sim"}.run(nil, late)
	sim.Tool.Backend, sim.Device.Backend = "simulated", "simulated"
	if _, err := s.AddWith(ctx, sim, "sim.json", store.AddOptions{AllowSimulated: true}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	got := read(t, path)
	if len(got) != 2 {
		t.Fatalf("%d GPU runs, want GPU-a's full and quick: %+v", len(got), got)
	}
	full, quick := find(t, got, "GPU-a", Full), find(t, got, "GPU-a", Quick)
	if want := time.Date(2026, 11, 2, 3, 0, 0, 0, time.UTC); !full.Started.Equal(want) || full.Node != "node01" {
		t.Errorf("full run started %v on %s, want the latest complete one, %v on node01", full.Started, full.Node, want)
	}
	if v := value(quick, "DRAM read bandwidth"); math.Abs(v/11.75-0.5) > 0.02 {
		t.Errorf("quick DRAM read bandwidth %v, want about half of 11.75", v)
	}
	if len(full.Values) != 9 {
		t.Errorf("%d figures, want the 9 of Figures the runs hold: %+v", len(full.Values), full.Values)
	}
}

// The text a scrape gets, for a small fleet: one outlier, its siblings,
// one GPU too new to judge.
func TestMetricsText(t *testing.T) {
	gpus := append(healthy(12), gpuRun{node: "node07", uuid: "GPU-bad", scale: map[string]float64{"memory/bandwidth/DRAM read": 0.7}})
	path := fleet(t, gpus, repeat(13, 3))
	addRuns(t, path, []gpuRun{{node: "node08", uuid: "GPU-new"}}, []int{1}, time.Date(2026, 11, 10, 0, 0, 0, 0, time.UTC))
	exp := NewExporter(func(ctx context.Context) (*store.Store, error) { return store.OpenReadOnly(ctx, path) }, Options{})
	clock := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	exp.now = func() time.Time { return clock }
	if err := exp.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := exp.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	// Keep the golden file small: the outlier, one sibling and the new GPU.
	var lines []string
	keep := regexp.MustCompile(`^#|uuid="GPU-(bad|0000|new)"|^gpuarch_store`)
	for _, l := range strings.Split(b.String(), "\n") {
		if keep.MatchString(l) {
			lines = append(lines, l)
		}
	}
	golden(t, filepath.Join("testdata", "metrics.txt"), strings.Join(lines, "\n")+"\n")
	for _, want := range []string{
		`gpuarch_outlier{backend="cuda",driver="580.159.03",kind="full",model="NVIDIA H100 80GB HBM3",node="node07",uuid="GPU-bad"} 1`,
		`gpuarch_figure_worse{backend="cuda",driver="580.159.03",figure="DRAM read bandwidth",kind="full",model="NVIDIA H100 80GB HBM3",node="node07",record="memory/bandwidth/DRAM read",uuid="GPU-bad"} 1`,
		`gpuarch_verdict{backend="cuda",driver="580.159.03",kind="full",model="NVIDIA H100 80GB HBM3",node="node08",reason="too few runs to tell`,
		`gpuarch_verdict_runs{backend="cuda",driver="580.159.03",kind="full",model="NVIDIA H100 80GB HBM3",node="node07",of="others",uuid="GPU-bad"} 37`,
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the metrics lack %s", want)
		}
	}
	if strings.Contains(b.String(), `gpuarch_outlier{backend="cuda",driver="580.159.03",kind="full",model="NVIDIA H100 80GB HBM3",node="node08"`) {
		t.Error("a GPU too new to judge has an outlier flag")
	}
}

// A store that cannot be read keeps the last read's figures and says so.
func TestStoreDown(t *testing.T) {
	path := fleet(t, healthy(2), []int{1, 1})
	fail := false
	exp := NewExporter(func(ctx context.Context) (*store.Store, error) {
		if fail {
			return store.OpenReadOnly(ctx, path+".missing")
		}
		return store.OpenReadOnly(ctx, path)
	}, Options{})
	if err := exp.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	fail = true
	if err := exp.Refresh(context.Background()); err == nil {
		t.Fatal("a missing store read")
	}
	var b strings.Builder
	if err := exp.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"gpuarch_store_up 0", "gpuarch_store_read_failures_total 1", `uuid="GPU-0001"`} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("lacks %q:\n%s", want, b.String())
		}
	}
}

func TestMinP(t *testing.T) {
	for _, tc := range []struct {
		n1, n2 int
		want   float64
	}{
		{0, 5, 1}, {1, 1, 1}, {1, 3, 0.5}, {2, 2, 1.0 / 3}, {3, 10, 2.0 / 286}, {3, 36, 2.0 / 9139},
	} {
		if got := minP(tc.n1, tc.n2); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("minP(%d, %d) = %v, want %v", tc.n1, tc.n2, got, tc.want)
		}
	}
}

func TestWithout(t *testing.T) {
	got := without([]float64{1, 2, 2, 3, 4, 2}, []float64{2, 4, 9})
	if diff := cmp.Diff([]float64{1, 2, 3, 2}, got); diff != "" {
		t.Error(diff)
	}
}

func read(t *testing.T, path string) []GPU {
	t.Helper()
	ctx := context.Background()
	s, err := store.OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	gpus, err := Read(ctx, s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return gpus
}

func find(t *testing.T, gpus []GPU, uuid string, kind Kind) GPU {
	t.Helper()
	for _, g := range gpus {
		if g.UUID == uuid && g.Kind == kind {
			return g
		}
	}
	t.Fatalf("no %s run of %s", kind, uuid)
	return GPU{}
}

func value(g GPU, figure string) float64 {
	for _, v := range g.Values {
		if v.Figure.Name == figure {
			return v.Value
		}
	}
	return math.NaN()
}

func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s (-want +got):\n%s", path, diff)
	}
}
