package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/gpuarch/gpuarch/compare"
	"github.com/gpuarch/gpuarch/measure/links"
	memname "github.com/gpuarch/gpuarch/measure/memory"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/report"
)

// checkGolden compares got with testdata/name, which -update rewrites.
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	golden := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if d := cmp.Diff(string(want), string(got)); d != "" {
		t.Errorf("%s differs (-want +got; go test -update rewrites it, read the diff first):\n%s", golden, d)
	}
}

func TestReasons(t *testing.T) {
	const sibling = 1980e6
	warm := func(hz float64, throttle ...string) *record.Clock {
		return &record.Clock{Hz: hz, After: &record.Sensors{Throttle: throttle}}
	}
	healthy := func() *record.Health {
		return &record.Health{Processes: []record.Process{{PID: 4242}}, PState: 0}
	}
	with := func(f func(h *record.Health)) *record.HealthPair {
		h := healthy()
		f(h)
		return &record.HealthPair{Before: h, After: healthy()}
	}
	tests := []struct {
		name       string
		run        record.Run
		siblingsHz float64
		want       []string
	}{
		{
			name:       "nothing wrong",
			run:        record.Run{Warmup: warm(1980e6, "GpuIdle"), Health: &record.HealthPair{Before: healthy(), After: healthy()}},
			siblingsHz: sibling,
		},
		{
			name:       "no health reading, no sibling",
			run:        record.Run{Warmup: warm(1500e6)},
			siblingsHz: 0,
		},
		{
			name:       "clock within 3% of its siblings'",
			run:        record.Run{Warmup: warm(1930e6)},
			siblingsHz: sibling,
		},
		{
			name:       "lower clock",
			run:        record.Run{Warmup: warm(1800e6)},
			siblingsHz: sibling,
			want:       []string{"clock 1800 MHz, 9% below its siblings' median"},
		},
		{
			name:       "throttle reason, idle left out",
			run:        record.Run{Warmup: warm(1980e6, "GpuIdle", "SwPowerCap", "HwSlowdown")},
			siblingsHz: sibling,
			want:       []string{"throttle: SwPowerCap, HwSlowdown"},
		},
		{
			name: "other process",
			run: record.Run{Health: with(func(h *record.Health) {
				h.Processes = append(h.Processes, record.Process{PID: 999, UsedMemoryBytes: 1 << 30})
			})},
			want: []string{"1 other process(es) on the GPU besides gpuarch's worker (pids on it: 4242, 999)"},
		},
		{
			// gpuarch's own warm-up keeps the GPU busy: utilization alone
			// says nothing.
			name: "utilization without another process",
			run:  record.Run{Health: with(func(h *record.Health) { h.GPUUtilPercent = 35 })},
		},
		{
			name: "ECC errors",
			run:  record.Run{Health: with(func(h *record.Health) { h.ECCCorrected, h.ECCUncorrected = 12, 1 })},
			want: []string{"ECC errors: 12 corrected, 1 uncorrected"},
		},
		{
			name: "P-state",
			run:  record.Run{Health: with(func(h *record.Health) { h.PState = 2 })},
			want: []string{"performance state P2"},
		},
		{
			name: "P-state unread",
			run:  record.Run{Health: with(func(h *record.Health) { h.PState = -1 })},
		},
		{
			name: "only a reading after the run",
			run: record.Run{Health: &record.HealthPair{After: &record.Health{PState: 8, ECCCorrected: 3,
				Processes: []record.Process{{PID: 1}, {PID: 2}, {PID: 3}}}}},
			want: []string{"2 other process(es) on the GPU besides gpuarch's worker (pids on it: 1, 2, 3)",
				"ECC errors: 3 corrected, 0 uncorrected", "performance state P8"},
		},
		{
			name: "everything at once",
			run: record.Run{Warmup: warm(1500e6, "HwThermalSlowdown"), Health: with(func(h *record.Health) {
				h.Processes = append(h.Processes, record.Process{PID: 7})
				h.ECCUncorrected, h.PState, h.GPUUtilPercent = 2, 5, 90
			})},
			siblingsHz: sibling,
			want: []string{"clock 1500 MHz, 24% below its siblings' median", "throttle: HwThermalSlowdown",
				"1 other process(es) on the GPU besides gpuarch's worker (pids on it: 4242, 7), 90% utilization", "ECC errors: 0 corrected, 2 uncorrected",
				"performance state P5"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := reasons(&tt.run, tt.siblingsHz)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("reasons (-want +got):\n%s", diff)
			}
		})
	}
}

// summaryRun is a GPU's run of one figure with ten samples around value.
func summaryRun(n int, hz, value float64, throttle []string, h *record.HealthPair) *record.Run {
	samples := make([]float64, 10)
	for i := range samples {
		samples[i] = value * (1 + float64(i-5)/1000)
	}
	dev := record.Device{Name: "NVIDIA H200", UUID: "GPU-0000000" + string(rune('0'+n))}
	return &record.Run{
		Device: dev,
		Tool:   record.Tool{Name: "gpuarch", Version: "test", Backend: backendCUDA},
		Warmup: &record.Clock{Hz: hz, After: &record.Sensors{PowerW: 420, TempC: 51, Throttle: throttle}},
		Health: h,
		Records: []record.Record{
			{ID: "alu/fma.rn.f32/throughput", Suite: "alu", Subject: "fma.rn.f32", Quantity: record.Throughput,
				Unit: "warp instructions/clock/SM", Status: record.StatusOK, Value: samples[5], Samples: samples},
			{ID: "alu/fma.rn.f32/latency", Suite: "alu", Subject: "fma.rn.f32", Quantity: record.Latency,
				Unit: "cycles", Status: record.StatusOK, Value: 4, Samples: []float64{4, 4, 4, 4, 4, 4, 4, 4, 4, 4}},
		},
	}
}

// summaryPeers is a fixed matrix of two GPUs joined by 18 NVLinks.
func summaryPeers() *links.Matrix {
	m := &links.Matrix{GPUs: []record.Device{{Name: "NVIDIA H200", UUID: "GPU-00000000"}, {Name: "NVIDIA H200", UUID: "GPU-00000001"}}}
	for _, p := range [][2]int{{0, 1}, {1, 0}} {
		topo := links.Topology{CanAccessPeer: true, PerformanceRank: 0, NativeAtomics: true, Ancestor: "SYS (across NUMA nodes)", NvLinks: 18}
		topo.Link = links.LinkName(topo)
		pair := links.Pair{Src: p[0], Dst: p[1], Topology: topo, Records: []record.Record{
			{ID: links.PeerID(p[0], p[1], links.PeerCopyBandwidth), Status: record.StatusOK, Value: 370e9, Unit: "bytes/second"},
			{ID: links.PeerID(p[0], p[1], links.PeerCopyLatency), Status: record.StatusOK, Value: 2.5e-6, Unit: "seconds"},
			{ID: links.Suite + "/peer SM/DRAM read", Status: record.StatusOK, Value: 41.5, Unit: "bytes/clock/SM"},
			{ID: links.Suite + "/peer SM/DRAM write", Status: record.StatusFailed, Reason: "test"},
			{ID: links.Suite + "/latency/global ld.cg", Status: record.StatusOK, Value: 2100, Unit: "cycles per load"},
		}}
		m.Pairs = append(m.Pairs, pair)
	}
	return m
}

// TestHostSummaryGolden pins down summary.md and summary.json for a fixed
// host: GPUs 0 and 2 healthy, GPU 1 slower with a lower clock and a
// throttle reason, another process, ECC errors and P2, GPU 3 failed to
// open; and the links between GPUs 0 and 1.
func TestHostSummaryGolden(t *testing.T) {
	before := &record.Health{Time: time.Date(2026, 11, 25, 8, 0, 0, 0, time.UTC), PState: 2, ECCCorrected: 4,
		Processes: []record.Process{{PID: 4242}, {PID: 999, UsedMemoryBytes: 8 << 30}}, GPUUtilPercent: 60}
	runs := []*record.Run{
		summaryRun(0, 1980e6, 4, []string{"GpuIdle"}, &record.HealthPair{Before: &record.Health{Processes: []record.Process{{PID: 4241}}}}),
		summaryRun(1, 1710e6, 3.5, []string{"SwPowerCap"}, &record.HealthPair{Before: before}),
		summaryRun(2, 1965e6, 4, nil, nil),
		nil,
	}
	errs := []error{nil, nil, nil, errors.New("gpu 3: open: CUDA_ERROR_NO_DEVICE (100)")}
	md, sum := hostSummary([]int{0, 1, 2, 3}, runs, errs, summaryPeers())
	checkGolden(t, "summary.md", []byte(md))
	js, err := json.MarshalIndent(sum, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "summary.json", append(js, '\n'))

	// What the golden files say, checked by name so that -update cannot
	// silently accept a regression.
	if len(sum.GPUs) != 4 || sum.GPUs[0].Outlier || !sum.GPUs[1].Outlier || sum.GPUs[2].Outlier || sum.GPUs[3].Error == "" {
		t.Fatalf("summary %+v: want GPU 1 an outlier and GPU 3 failed", sum.GPUs)
	}
	if len(sum.GPUs[0].Reasons) != 0 || len(sum.GPUs[2].Reasons) != 0 {
		t.Errorf("GPU 0's reasons %q, GPU 2's %q: want none", sum.GPUs[0].Reasons, sum.GPUs[2].Reasons)
	}
	if want := "clock 1710 MHz, 13% below its siblings' median"; len(sum.GPUs[1].Reasons) == 0 || sum.GPUs[1].Reasons[0] != want {
		t.Errorf("GPU 1's reasons %q: want first %q", sum.GPUs[1].Reasons, want)
	}
	for _, want := range []string{"| Why |", "**outlier**", "throttle: SwPowerCap", "performance state P2", "## Links between GPUs", "| 0 -> 1 | NVLink x18 |"} {
		if !strings.Contains(md, want) {
			t.Errorf("summary.md lacks %q", want)
		}
	}
}

// A clock below its one sibling's by more than 3% is a reason: the median
// is the siblings', not the host's with the GPU itself in it (which, for
// two GPUs, halves the gap).
func TestHostSummarySiblingsClock(t *testing.T) {
	runs := []*record.Run{summaryRun(0, 2000e6, 4, nil, nil), summaryRun(1, 1920e6, 4, nil, nil)}
	_, sum := hostSummary([]int{0, 1}, runs, []error{nil, nil}, nil)
	if len(sum.GPUs[0].Reasons) != 0 {
		t.Errorf("GPU 0's reasons %q: want none", sum.GPUs[0].Reasons)
	}
	if want := []string{"clock 1920 MHz, 4% below its siblings' median"}; !cmp.Equal(want, sum.GPUs[1].Reasons) {
		t.Errorf("GPU 1's reasons %q, want %q", sum.GPUs[1].Reasons, want)
	}
	md, _ := hostSummary([]int{0, 1}, runs, []error{nil, nil}, &links.Matrix{Note: "the simulated backend cannot copy between GPUs"})
	if !strings.Contains(md, "## Links between GPUs\n\nthe simulated backend cannot copy between GPUs\n") {
		t.Errorf("the peer matrix's note is not in the summary:\n%s", md)
	}
	if bytes.Contains([]byte(md), []byte("| Source -> destination |")) {
		t.Error("a matrix with no pairs has a table")
	}
}

// With two GPUs a difference shows on both: only the GPU whose figure is
// worse (here a lower rate) is the outlier; the other differs for the
// better.
func TestHostSummaryTwoGPUs(t *testing.T) {
	runs := []*record.Run{summaryRun(0, 1980e6, 4, nil, nil), summaryRun(1, 1980e6, 3.5, nil, nil)}
	md, sum := hostSummary([]int{0, 1}, runs, []error{nil, nil}, nil)
	if sum.GPUs[0].Outlier || !sum.GPUs[1].Outlier {
		t.Errorf("outliers %v, %v: want GPU 1 alone", sum.GPUs[0].Outlier, sum.GPUs[1].Outlier)
	}
	if len(sum.GPUs[0].Differing) != 1 || !strings.Contains(md, "differs, for the better") {
		t.Errorf("GPU 0 differs in %q; summary:\n%s", sum.GPUs[0].Differing, md)
	}
}

// A GPU worse only in host-link figures is no outlier: the workers share
// the host while they measure, so the figure is shown as host-side and
// decides nothing.
func TestHostSummaryHostLinksOnly(t *testing.T) {
	runs := []*record.Run{summaryRun(0, 1980e6, 4, nil, nil), summaryRun(1, 1980e6, 4, nil, nil)}
	for i, v := range []float64{40e9, 30e9} {
		samples := make([]float64, 10)
		for k := range samples {
			samples[k] = v * (1 + float64(k-5)/1000)
		}
		runs[i].Records = append(runs[i].Records, record.Record{ID: links.HostID("pageable", "device to host"), Suite: links.Suite, Group: "host",
			Quantity: record.Throughput, Unit: "bytes/second", Status: record.StatusOK, Value: samples[5], Samples: samples})
	}
	md, sum := hostSummary([]int{0, 1}, runs, []error{nil, nil}, nil)
	for i, g := range sum.GPUs {
		if g.Outlier || g.Verdict != VerdictLike || len(g.Differing) != 0 {
			t.Errorf("GPU %d: %s (outlier %v), differing %q: want like its siblings", i, g.Verdict, g.Outlier, g.Differing)
		}
		if len(g.Figures) != 1 || !g.Figures[0].HostSide || g.Figures[0].Decides || g.Figures[0].HostSideWhy != compare.HostLinks {
			t.Errorf("GPU %d's figures %+v: want the host link alone, host-side", i, g.Figures)
		}
	}
	if !strings.Contains(md, "| `links/host/pageable device to host` -25.0% | like its siblings | — |") {
		t.Errorf("the host link is not shown host-side:\n%s", md)
	}
}

// TestSummaryCommand writes a host summary again from a run's folder: the
// GPUs' results and the peer matrix; a folder without gpu<N> folders and
// a malformed links.json are errors.
func TestSummaryCommand(t *testing.T) {
	dir := t.TempDir()
	for n, v := range []float64{4, 3.5} {
		gd := filepath.Join(dir, "gpu"+string(rune('0'+n)))
		if err := os.MkdirAll(gd, 0o755); err != nil {
			t.Fatal(err)
		}
		run := summaryRun(n, 1980e6, v, nil, nil)
		run.Schema = record.SchemaVersion
		if err := writeJSON(filepath.Join(gd, ResultsJSON), run); err != nil {
			t.Fatal(err)
		}
	}
	if err := writeJSON(filepath.Join(dir, LinksJSON), summaryPeers()); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	e := &Env{Stdout: &stdout, Stderr: &stderr}
	if err := e.Run(context.Background(), []string{"summary", dir}); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	md, err := os.ReadFile(filepath.Join(dir, HostSummary))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"2 GPUs measured at once", "**outlier**", "| 0 -> 1 | NVLink x18 |"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("summary.md lacks %q:\n%s", want, md)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, HostSummaryJSON)); err != nil {
		t.Error(err)
	}
	if err := e.Run(context.Background(), []string{"summary", t.TempDir()}); err == nil || !strings.Contains(err.Error(), "no gpu<N> folder") {
		t.Errorf("an empty folder: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, LinksJSON), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := e.Run(context.Background(), []string{"summary", dir}); err == nil || !strings.Contains(err.Error(), LinksJSON) {
		t.Errorf("a malformed links.json: %v", err)
	}
}

// Strings from results files are escaped in the host summary and in
// quick.md: rendered as a page, no tag from them survives.
func TestHostileStringsInSummaries(t *testing.T) {
	const evil = "<script>alert(1)</script>|`x`"
	hostile := func(r *record.Run) *record.Run {
		r.Device.Name, r.Device.UUID, r.Device.DriverVersion, r.Tool.Version = evil, evil, evil, evil
		r.Warmup.After = &record.Sensors{Throttle: []string{evil}}
		return r
	}
	runs := []*record.Run{hostile(summaryRun(0, 1980e6, 4, nil, nil)), hostile(summaryRun(1, 1980e6, 2, nil, nil))}
	md, _ := hostSummary([]int{0, 1}, runs, []error{nil, nil}, &links.Matrix{Note: evil})
	var quick strings.Builder
	writeQuick(&quick, hostile(quickRun(1)), evil, hostile(quickRun(1)))
	for name, text := range map[string]string{"summary.md": md, "quick.md": quick.String()} {
		var page bytes.Buffer
		if err := report.Page(&page, []byte(text), nil, evil); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(page.String(), "<script") {
			t.Errorf("%s keeps a tag from the file:\n%s", name, page.String())
		}
		for _, line := range strings.Split(text, "\n") {
			if strings.HasPrefix(line, "| 0 |") && strings.Count(line, "|")-strings.Count(line, `\|`) != 12 {
				t.Errorf("%s: a string from the file split a table row: %s", name, line)
			}
		}
	}
}

// The figures of a simulated GPU for the verdict tests: each is measured
// with samples (a count of 0: one value, no samples) spread by a relative
// noise around its value, host-side ones among them.
var simFigures = []struct {
	rec     record.Record
	samples int
	noise   float64 // relative, each sample uniform within ±noise
}{
	{record.Record{ID: "alu/fma.rn.f32/throughput", Quantity: record.Throughput, Unit: "warp instructions/clock/SM", Value: 3.953}, 7, 0.0005},
	{record.Record{ID: "alu/fma.rn.f32/latency", Quantity: record.Latency, Unit: "cycles", Value: 4}, 7, 0},
	{record.Record{ID: "mma/mma m16n8k16 f32+=f16/throughput", Quantity: record.Throughput, Unit: "operations/clock/SM", Value: 2731}, 5, 0.001},
	{record.Record{ID: "memory/bandwidth/DRAM read", Quantity: record.Throughput, Unit: "bytes/clock/SM", Value: 17.4}, 0, 0},
	{record.Record{ID: "async/cp.async.cg 16 B, wait_all, L2/latency", Quantity: record.Latency, Unit: "cycles", Value: 330}, 5, 0.002},
	{record.Record{ID: "dispatch/launch/one empty kernel, launch and wait", Quantity: record.Launch, Unit: "µs per launch", Value: 16.5}, 101, 0.08},
	{record.Record{ID: links.RoundTripID, Suite: links.Suite, Group: "host", Quantity: record.Latency, Unit: "seconds", Value: 12.5e-6,
		Provenance: record.Provenance{Timing: "host clock"}}, 25, 0.06},
	{record.Record{ID: links.HostID(links.Pinned, links.HostToDevice), Suite: links.Suite, Group: "host", Quantity: record.Curve, Unit: "bytes/second", Value: 55e9}, 5, 0.002},
	{record.Record{ID: simL2Write, Suite: memname.Suite, Group: memname.GroupBandwidth, Quantity: record.Throughput, Unit: "bytes/clock/SM", Value: 31.2}, 5, 0.002},
	{record.Record{ID: simBanks, Suite: memname.Suite, Group: memname.GroupGlobalBanks, Quantity: record.Throughput, Unit: "cycles per warp load", Value: 18.5}, 5, 0.002},
	{record.Record{ID: simCurve, Suite: memname.Suite, Group: memname.GroupBandwidthCurve, Quantity: record.Throughput, Unit: "bytes/clock/SM", Value: 27.4}, 5, 0.003},
}

const (
	simL2Write = "memory/bandwidth/L2 write"
	simBanks   = "memory/global banks/ld.cg 2 lines, other banks"
	simCurve   = "memory/bandwidth curve/ld.cg 42275840 bytes"
	simTensor  = "mma/mma m16n8k16 f32+=f16/throughput"
	simLaunch  = "dispatch/launch/one empty kernel, launch and wait"
)

// simRun is simulated GPU n's run: every figure of simFigures at its value
// times scale[id] (1 where absent), with samples drawn from a generator
// seeded by n; oneSample lists figures measured once (no samples).
func simRun(n int, scale map[string]float64, oneSample ...string) *record.Run {
	rng := rand.New(rand.NewPCG(uint64(n), 32))
	run := &record.Run{
		Device: record.Device{Name: "NVIDIA H200", UUID: fmt.Sprintf("GPU-sim-%d", n)},
		Tool:   record.Tool{Name: "gpuarch", Version: "test", Backend: backendCUDA},
		Warmup: &record.Clock{Hz: 1980e6, After: &record.Sensors{PowerW: 120, TempC: 35}},
	}
	for _, f := range simFigures {
		r := f.rec
		r.Status = record.StatusOK
		if s, ok := scale[r.ID]; ok {
			r.Value *= s
		}
		if !slices.Contains(oneSample, r.ID) {
			for range f.samples {
				r.Samples = append(r.Samples, r.Value*(1+f.noise*(2*rng.Float64()-1)))
			}
		}
		run.Records = append(run.Records, r)
	}
	return run
}

// summaryRow is GPU n's row of summary.md.
func summaryRow(t *testing.T, md string, n int) string {
	t.Helper()
	for _, l := range strings.Split(md, "\n") {
		if strings.HasPrefix(l, fmt.Sprintf("| %d |", n)) {
			return l
		}
	}
	t.Fatalf("summary.md has no row for GPU %d:\n%s", n, md)
	return ""
}

// whyCell is the last cell of a summary row: Why.
func whyCell(row string) string {
	cells := strings.Split(strings.TrimSuffix(strings.TrimSpace(row), "|"), " | ")
	return strings.TrimSpace(cells[len(cells)-1])
}

// TestHealthyPairWithHostNoiseHasNoOutlier: two identical idle GPUs whose
// only differences are host-side (the launch cost 12% higher, the round
// trip 20% higher and host copies 15% slower on one, as the workers
// contend for the host) and device figures within noise: neither is an
// outlier, and the host-side differences are shown as such.
func TestHealthyPairWithHostNoiseHasNoOutlier(t *testing.T) {
	runs := []*record.Run{
		simRun(0, nil),
		simRun(1, map[string]float64{simLaunch: 1.12, links.RoundTripID: 1.20, links.HostID(links.Pinned, links.HostToDevice): 0.85,
			"alu/fma.rn.f32/throughput": 0.999, simTensor: 1.004, "memory/bandwidth/DRAM read": 0.97}),
	}
	md, sum := hostSummary([]int{0, 1}, runs, []error{nil, nil}, nil)
	hostSide := map[string]bool{}
	for i, g := range sum.GPUs {
		if g.Outlier || g.Verdict != VerdictLike || len(g.Differing) != 0 {
			t.Errorf("GPU %d: %s (outlier %v), differing %q: want like its siblings\n%s", i, g.Verdict, g.Outlier, g.Differing, md)
		}
		for _, f := range g.Figures {
			if !f.HostSide || f.Decides {
				t.Errorf("GPU %d: %+v listed, want host-side figures alone", i, f)
			}
			hostSide[f.ID] = true
		}
		row := summaryRow(t, md, i)
		if why := whyCell(row); why != "—" {
			t.Errorf("GPU %d's Why is %q, want —", i, why)
		}
	}
	for _, id := range []string{simLaunch, links.RoundTripID, links.HostID(links.Pinned, links.HostToDevice)} {
		if !hostSide[id] {
			t.Errorf("%s is not shown host-side", id)
		}
	}
	if row := summaryRow(t, md, 1); !strings.Contains(row, "`links/host/round trip latency` +20.") || !strings.Contains(row, "| like its siblings |") {
		t.Errorf("GPU 1's row does not show the round trip host-side: %s", row)
	}
}

// TestSlowTensorCoreIsFlaggedByItsFigure: four GPUs of one host, all with
// host-side noise, one with its tensor-core peak 30% lower (five samples
// a GPU): that GPU, and only it, is the outlier, and its Why names the
// figure with its change and noise floor.
func TestSlowTensorCoreIsFlaggedByItsFigure(t *testing.T) {
	noise := []map[string]float64{
		{simLaunch: 0.9, links.RoundTripID: 1.13},
		{simLaunch: 1.1},
		{simLaunch: 1.05, links.RoundTripID: 1.22, simTensor: 0.7},
		{links.HostID(links.Pinned, links.HostToDevice): 0.8},
	}
	var runs []*record.Run
	for n, scale := range noise {
		runs = append(runs, simRun(n, scale))
	}
	md, sum := hostSummary([]int{0, 1, 2, 3}, runs, make([]error, 4), nil)
	for i, g := range sum.GPUs {
		if want := i == 2; g.Outlier != want {
			t.Errorf("GPU %d: %s (outlier %v), want outlier %v\n%s", i, g.Verdict, g.Outlier, want, md)
		}
	}
	g := sum.GPUs[2]
	if g.Verdict != VerdictOutlier || len(g.Figures) == 0 || g.Figures[0].ID != simTensor || !g.Figures[0].Decides || !g.Figures[0].Tested {
		t.Fatalf("GPU 2: %s, figures %+v: want the tensor core deciding", g.Verdict, g.Figures)
	}
	for _, f := range g.Figures[1:] {
		if f.Decides {
			t.Errorf("GPU 2: %s decides too", f.ID)
		}
	}
	why := whyCell(summaryRow(t, md, 2))
	if !strings.HasPrefix(why, "`mma/mma m16n8k16 f32+=f16/throughput` -30.0%, beyond its noise floor of 3.0%") {
		t.Errorf("GPU 2's Why %q does not name the tensor core first", why)
	}
	// Two GPUs alone: the other one differs, for the better.
	md, sum = hostSummary([]int{0, 1}, []*record.Run{simRun(0, nil), simRun(1, map[string]float64{simTensor: 0.7})}, make([]error, 2), nil)
	if sum.GPUs[0].Outlier || sum.GPUs[0].Verdict != VerdictBetter || !sum.GPUs[1].Outlier {
		t.Errorf("two GPUs: %s and %s, want for the better and outlier\n%s", sum.GPUs[0].Verdict, sum.GPUs[1].Verdict, md)
	}
}

// TestHealthyGPUsWithSteadyDifferencesHaveNoOutlier: four idle GPUs of one
// host differ as the four H200s of results/NVIDIA-H200/host-4gpu did, in
// every one of five full runs: one GPU's L2 write 5.4% lower than its
// siblings' (each measured to 0.2%, so the test finds it), another's
// one-block global-bank loads 9% slower, a point of the bandwidth curve
// 15% off on a third. None is an outlier; each figure is listed with why
// it does not decide. An L2 write 15% lower does decide.
func TestHealthyGPUsWithSteadyDifferencesHaveNoOutlier(t *testing.T) {
	scales := []map[string]float64{
		{simBanks: 1.09, simLaunch: 1.1},
		{simL2Write: 0.946},
		{simCurve: 0.85, links.RoundTripID: 1.2},
		nil,
	}
	var runs []*record.Run
	for n, scale := range scales {
		runs = append(runs, simRun(n, scale))
	}
	md, sum := hostSummary([]int{0, 1, 2, 3}, runs, make([]error, 4), nil)
	want := map[int]struct {
		id    string
		check func(FigureDiff) bool
	}{
		0: {simBanks, func(f FigureDiff) bool { return f.OneSM }},
		1: {simL2Write, func(f FigureDiff) bool { return f.Tested && f.WithinTolerance }},
		2: {simCurve, func(f FigureDiff) bool { return f.Placed }},
	}
	for i, g := range sum.GPUs {
		if g.Outlier || g.Verdict != VerdictLike {
			t.Errorf("GPU %d: %s (outlier %v): want like its siblings\n%s", i, g.Verdict, g.Outlier, md)
		}
		w, ok := want[i]
		if !ok {
			continue
		}
		found := false
		for _, f := range g.Figures {
			if f.ID == w.id {
				found = true
				if f.Decides || !w.check(f) {
					t.Errorf("GPU %d: %+v: want it listed, not deciding, with why", i, f)
				}
			}
		}
		if !found {
			t.Errorf("GPU %d: %s is not listed among %+v", i, w.id, g.Figures)
		}
	}
	if row := summaryRow(t, md, 1); !strings.Contains(row, "(within the 10% tolerance)") {
		t.Errorf("GPU 1's row does not say the L2 write is within the tolerance: %s", row)
	}
	scales[1] = map[string]float64{simL2Write: 0.85}
	runs[1] = simRun(1, scales[1])
	_, sum = hostSummary([]int{0, 1, 2, 3}, runs, make([]error, 4), nil)
	if g := sum.GPUs[1]; !g.Outlier || g.Figures[0].ID != simL2Write {
		t.Errorf("an L2 write 15%% lower: %s, figures %+v: want an outlier by it", g.Verdict, g.Figures)
	}
}

// A tensor core 43% slower measured once (no samples, as --quick's is
// today) cannot be tested, so it makes no outlier; it is shown, named, as
// "differs, not tested".
func TestSlowTensorCoreWithOneSampleDiffersNotTested(t *testing.T) {
	var runs []*record.Run
	for n := range 4 {
		scale := map[string]float64{}
		if n == 1 {
			scale[simTensor] = 1558.0 / 2731
		}
		runs = append(runs, simRun(n, scale, simTensor))
	}
	md, sum := hostSummary([]int{0, 1, 2, 3}, runs, make([]error, 4), nil)
	for i, g := range sum.GPUs {
		want := VerdictLike
		if i == 1 {
			want = VerdictUntested
		}
		if g.Outlier || g.Verdict != want {
			t.Errorf("GPU %d: %s (outlier %v), want %s\n%s", i, g.Verdict, g.Outlier, want, md)
		}
	}
	row := summaryRow(t, md, 1)
	for _, s := range []string{"**differs, not tested**", "`mma/mma m16n8k16 f32+=f16/throughput` -43.0% (noise floor 3.0%), not tested: one sample on this GPU"} {
		if !strings.Contains(row, s) {
			t.Errorf("GPU 1's row lacks %q: %s", s, row)
		}
	}
}

// Over many random hosts, "outlier" never stands beside an empty Why:
// an outlier's Why names a figure that decided, and no host-side figure
// or untested one ever decides.
func TestOutlierAlwaysSaysWhy(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	outliers := 0
	for trial := range 60 {
		n := 2 + rng.IntN(3)
		var runs []*record.Run
		for g := range n {
			scale := map[string]float64{}
			var once []string
			for _, f := range simFigures {
				if rng.IntN(4) == 0 {
					scale[f.rec.ID] = 0.6 + 0.8*rng.Float64()
				}
				if rng.IntN(5) == 0 {
					once = append(once, f.rec.ID)
				}
			}
			runs = append(runs, simRun(100*trial+g, scale, once...))
		}
		gpus := make([]int, n)
		for i := range gpus {
			gpus[i] = i
		}
		md, sum := hostSummary(gpus, runs, make([]error, n), nil)
		for i, g := range sum.GPUs {
			decided := ""
			for _, f := range g.Figures {
				if f.Decides {
					if f.HostSide || !f.Tested || !f.Worse {
						t.Errorf("trial %d GPU %d: %+v decides", trial, i, f)
					}
					if decided == "" {
						decided = f.ID
					}
				}
			}
			if g.Outlier != (decided != "") {
				t.Errorf("trial %d GPU %d: outlier %v with deciding figure %q", trial, i, g.Outlier, decided)
			}
			if g.Outlier {
				outliers++
				if why := whyCell(summaryRow(t, md, i)); why == "—" || !strings.Contains(why, decided) {
					t.Errorf("trial %d GPU %d: an outlier whose Why is %q", trial, i, why)
				}
			}
		}
	}
	if outliers == 0 {
		t.Error("no trial made an outlier: the property was not exercised")
	}
}

// TestIdleH200PairOfOneHostHasNoOutlier sets side by side the full runs
// of two idle H200s of one host, joined by 18 NVLinks, measured at once
// (the device machine, 2026-11-26; kept with what the summary reads in
// compare/testdata/h200-pair): neither is an outlier nor marked. They
// differ, and the summary shows it: host-side figures (the round trip
// ±13%), figures of one SM (membar.gl 420 and 553 cycles, a global atomic
// 291 and 460: each GPU measured the same alone), and untested points of
// the bandwidth curve at the L2's edge (up to 22.5%).
func TestIdleH200PairOfOneHostHasNoOutlier(t *testing.T) {
	var runs []*record.Run
	for n := range 2 {
		run, err := record.ReadFile(filepath.Join("..", "..", "..", "..", "compare", "testdata", "h200-pair", fmt.Sprintf("gpu%d.json.gz", n)))
		if err != nil {
			t.Fatal(err)
		}
		runs = append(runs, run)
	}
	md, sum := hostSummary([]int{0, 1}, runs, make([]error, 2), nil)
	for i, g := range sum.GPUs {
		if g.Outlier || g.Verdict != VerdictLike {
			t.Errorf("GPU %d: %s (outlier %v)\n%s", i, g.Verdict, g.Outlier, summaryRow(t, md, i))
		}
		kinds := map[string]bool{}
		for _, f := range g.Figures {
			if f.Decides || f.Flagged {
				t.Errorf("GPU %d: %s decides", i, f.ID)
			}
			switch {
			case f.HostSide:
				kinds["host-side"] = true
			case f.OneSM:
				kinds["one SM"] = true
			case !f.Tested:
				kinds["untested"] = true
			}
		}
		for _, k := range []string{"host-side", "one SM", "untested"} {
			if !kinds[k] {
				t.Errorf("GPU %d lists no %s difference", i, k)
			}
		}
		if why := whyCell(summaryRow(t, md, i)); why != "—" {
			t.Errorf("GPU %d's Why: %q", i, why)
		}
	}
}
