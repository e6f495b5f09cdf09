package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/gpuarch/gpuarch/cmd/gpuarch/internal/outdir"
	"github.com/gpuarch/gpuarch/compare"
	"github.com/gpuarch/gpuarch/cuda"
	"github.com/gpuarch/gpuarch/mdtext"
	"github.com/gpuarch/gpuarch/probe/vk"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/stats"
	"github.com/gpuarch/gpuarch/suites/links"
)

// parseGPUs reads --gpu: a device number, "all", or a comma-separated
// list of numbers.
func (e *Env) parseGPUs(backend, s string) ([]int, error) {
	s = strings.TrimSpace(s)
	if s == "all" {
		n, err := e.DeviceCount(backend)
		if err != nil {
			return nil, err
		}
		if n == 0 {
			return nil, fmt.Errorf("the %s backend sees no device", backend)
		}
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out, nil
	}
	var out []int
	for _, part := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(part))
		if err != nil || n < 0 {
			return nil, &UsageError{fmt.Sprintf("--gpu %q: give a device number, a list such as 0,2, or all", s)}
		}
		if slices.Contains(out, n) {
			return nil, &UsageError{fmt.Sprintf("--gpu %q names device %d twice", s, n)}
		}
		out = append(out, n)
	}
	return out, nil
}

// deviceCount is how many devices a backend sees.
func deviceCount(backend string) (int, error) {
	if backend == backendSimulated {
		return simulatedGPUs, nil
	}
	if backend == backendVulkan {
		_, devs, err := vk.Devices()
		return len(devs), err
	}
	d, err := cuda.Open()
	if err != nil {
		return 0, err
	}
	return d.DeviceCount()
}

// HostSummary is the summary a run of several GPUs writes beside their
// folders.
const HostSummary = "summary.md"

// measureHost measures several GPUs at once, one worker per GPU, each into
// out/gpu<N>, and writes a summary that sets every GPU against its
// siblings. A GPU that fails loses no other GPU's results.
func (e *Env) measureHost(ctx context.Context, req WorkRequest, gpus []int, out *outdir.Output) error {
	var mu sync.Mutex // one progress line at a time
	var wg sync.WaitGroup
	runs := make([]*record.Run, len(gpus))
	errs := make([]error, len(gpus))
	priors := make([]*record.Run, len(gpus))
	for i, n := range gpus {
		r := req
		r.GPU = n
		var err error
		if priors[i], err = readPrior(out, filepath.Join(fmt.Sprintf("gpu%d", n), ResultsJSON), r); err != nil {
			return err
		}
	}
	for i, n := range gpus {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sub := *e
			sub.Stderr = &prefixWriter{w: e.Stderr, prefix: fmt.Sprintf("gpu%d ", n), mu: &mu}
			r := req
			r.GPU = n
			dir := filepath.Join(out.Dir(), fmt.Sprintf("gpu%d", n))
			if errs[i] = os.MkdirAll(dir, outdir.DirMode); errs[i] == nil {
				runs[i], errs[i] = sub.measure(ctx, r, dir, priors[i])
			}
			if r.Quick && runs[i] != nil && len(runs[i].Records) > 0 {
				sub.Stdout = io.Discard
				if err := sub.writeQuickFile(runs[i], dir); err != nil && errs[i] == nil {
					errs[i] = err
				}
			}
			if runs[i] == nil || len(runs[i].Records) == 0 {
				os.Remove(dir) // only an empty folder goes
			}
			if errs[i] != nil {
				errs[i] = fmt.Errorf("gpu %d: %w", n, errs[i])
			}
		}()
	}
	wg.Wait()
	var peers *links.Matrix
	if ctx.Err() == nil && (req.Quick || slices.Contains(req.Suites, links.Suite)) {
		// After the GPUs' own runs, so that no probe shares a GPU with
		// the copies.
		m, err := e.measurePeers(ctx, req, gpus)
		if err != nil {
			errs = append(errs, fmt.Errorf("peer links: %w", err))
		}
		if peers = m; m != nil {
			if err := writeJSON(filepath.Join(out.Dir(), LinksJSON), m); err != nil {
				errs = append(errs, err)
			}
		}
	}
	complete := ctx.Err() == nil
	for _, r := range runs {
		complete = complete && r != nil && r.Complete
	}
	if complete || slices.ContainsFunc(runs, func(r *record.Run) bool { return r != nil && len(r.Records) > 0 }) {
		md, err := writeHostFiles(out.Dir(), gpus, runs, errs, peers)
		fmt.Fprint(e.Stdout, md)
		errs = append(errs, err)
	}
	return finishOut(out, complete, runs, errors.Join(errs...))
}

// writeHostFiles writes the host summary of the runs into out (summary.md
// and summary.json) and returns its text.
func writeHostFiles(out string, gpus []int, runs []*record.Run, errs []error, peers *links.Matrix) (string, error) {
	md, sum := hostSummary(gpus, runs, errs, peers)
	if err := os.WriteFile(filepath.Join(out, HostSummary), []byte(md), outdir.FileMode); err != nil {
		return md, fmt.Errorf("write the host summary: %w", err)
	}
	return md, writeJSON(filepath.Join(out, HostSummaryJSON), sum)
}

// cmdSummary writes a multi-GPU run's host summary again from what its
// folder holds (gpu<N>/results.json, links.json), measuring nothing: after
// an upgrade of gpuarch, or for the folders of a run cut short.
func (e *Env) cmdSummary(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("summary: %w", err)
	}
	var gpus []int
	for _, d := range entries {
		num, ok := strings.CutPrefix(d.Name(), "gpu")
		if n, err := strconv.Atoi(num); ok && err == nil && d.IsDir() {
			gpus = append(gpus, n)
		}
	}
	if len(gpus) == 0 {
		return fmt.Errorf("summary: %s holds no gpu<N> folder of a multi-GPU run", dir)
	}
	slices.Sort(gpus)
	runs, errs := make([]*record.Run, len(gpus)), make([]error, len(gpus))
	for i, n := range gpus {
		if runs[i], errs[i] = record.ReadFile(filepath.Join(dir, fmt.Sprintf("gpu%d", n), ResultsJSON)); errs[i] != nil {
			errs[i] = fmt.Errorf("gpu %d: %w", n, errs[i])
		}
	}
	var peers *links.Matrix
	switch b, err := os.ReadFile(filepath.Join(dir, LinksJSON)); {
	case err == nil:
		peers = &links.Matrix{}
		if err := json.Unmarshal(b, peers); err != nil {
			return fmt.Errorf("summary: %s: %w", LinksJSON, err)
		}
	case !errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("summary: %w", err)
	}
	md, err := writeHostFiles(dir, gpus, runs, errs, peers)
	fmt.Fprint(e.Stdout, md)
	return err
}

// hostSummary is the host summary of the runs of gpus (a nil run: the
// GPU failed with errs' error at the same index) and the peer matrix (nil:
// not measured): summary.md's text and summary.json's data. It measures
// nothing.
func hostSummary(gpus []int, runs []*record.Run, errs []error, peers *links.Matrix) (string, *HostSummaryData) {
	var b strings.Builder
	sum := writeHostSummary(&b, gpus, runs, errs)
	writePeerMatrix(&b, peers)
	sum.Peers = peers
	return b.String(), sum
}

// prefixWriter writes whole lines, each after a prefix, under a lock.
type prefixWriter struct {
	w      io.Writer
	prefix string
	mu     *sync.Mutex
	buf    []byte
}

func (p *prefixWriter) Write(b []byte) (int, error) {
	p.buf = append(p.buf, b...)
	for {
		i := bytes.IndexByte(p.buf, '\n')
		if i < 0 {
			return len(b), nil
		}
		p.mu.Lock()
		_, err := io.WriteString(p.w, p.prefix+string(p.buf[:i+1]))
		p.mu.Unlock()
		p.buf = p.buf[i+1:]
		if err != nil {
			return len(b), err
		}
	}
}

// outlierShare is how far a GPU's figure must stray from its siblings',
// besides the U test's significance, for the summary to flag it.
const outlierShare = 0.05

// HostSummaryJSON is the host summary as JSON, beside summary.md.
const HostSummaryJSON = "summary.json"

// GPUSummary is one GPU's line of the host summary.
type GPUSummary struct {
	GPU       int      `json:"gpu"`
	Device    string   `json:"device,omitempty"`
	UUID      string   `json:"uuid,omitempty"`
	ClockHz   float64  `json:"clock_hz,omitempty"`
	Records   int      `json:"records"`
	Differing []string `json:"differing,omitempty"`
	Outlier   bool     `json:"outlier"`
	// Reasons are what may explain an outlier: a clock below its
	// siblings', throttle reasons, other processes, utilization, ECC
	// errors, a performance state other than P0.
	Reasons []string `json:"reasons,omitempty"`
	Error   string   `json:"error,omitempty"`
}

// HostSummary is what summary.md says, for programs.
type HostSummaryData struct {
	GPUs  []GPUSummary  `json:"gpus"`
	Peers *links.Matrix `json:"peers,omitempty"`
}

// writeHostSummary sets each GPU against the pooled samples of its
// siblings (compare's statistics, alpha 0.01): the figures that differ
// significantly and by more than 5%, with the clock and the sensors
// beside them, and for an outlier the reasons the driver gives.
func writeHostSummary(b *strings.Builder, gpus []int, runs []*record.Run, errs []error) *HostSummaryData {
	sum := &HostSummaryData{}
	b.WriteString("# Host summary\n\n")
	fmt.Fprintf(b, "%d GPUs measured at once, one worker each. Each GPU is compared with the pooled samples of the others (median change, Mann-Whitney U test at alpha 0.01); a figure counts when the test says it differs and it is more than %.0f%% away, and a GPU is an outlier when a figure that counts is worse (a latency higher, a rate lower). Each GPU's document is in its folder (gpu<N>/results.md).\n\n", len(gpus), 100*outlierShare)
	b.WriteString("| GPU | Device | UUID | SM clock after warm-up | Power, temperature, throttle | Records | Differing figures | Largest differences | Verdict | Why |\n| --- | --- | --- | ---: | --- | ---: | ---: | --- | --- | --- |\n")
	// siblingsClock is the median warm-up clock of the GPUs other than
	// i's (0 where none has one).
	siblingsClock := func(i int) float64 {
		var clocks []float64
		for j, r := range runs {
			if j != i && r != nil && r.Warmup != nil && r.Warmup.Hz > 0 {
				clocks = append(clocks, r.Warmup.Hz)
			}
		}
		if len(clocks) == 0 {
			return 0
		}
		return stats.Median(clocks)
	}
	for i, n := range gpus {
		r := runs[i]
		g := GPUSummary{GPU: n}
		if r == nil || len(r.Records) == 0 {
			why := "no record"
			if errs[i] != nil {
				why = errs[i].Error()
			}
			g.Error = why
			sum.GPUs = append(sum.GPUs, g)
			fmt.Fprintf(b, "| %d | — | — | — | — | 0 | — | — | failed: %s | — |\n", n, mdtext.Cell(why))
			continue
		}
		g.Device, g.UUID, g.Records = r.Device.Name, r.Device.UUID, len(r.Records)
		clock, sensors := "—", "—"
		if w := r.Warmup; w != nil {
			g.ClockHz = w.Hz
			clock = fmt.Sprintf("%.0f MHz", w.Hz/1e6)
			if s := w.After; s != nil {
				sensors = fmt.Sprintf("%.0f W, %.0f °C, %s", s.PowerW, s.TempC, mdtext.Cell(orNone(strings.Join(s.Throttle, ", "))))
			}
		}
		var siblings []*record.Run
		for j, o := range runs {
			if j != i && o != nil && len(o.Records) > 0 {
				siblings = append(siblings, o)
			}
		}
		differ, worst, verdict := "—", "—", "no sibling to compare with"
		hostOnly := false
		if len(siblings) > 0 {
			rows := differingRows(pool(siblings), r)
			differ = strconv.Itoa(len(rows))
			verdict = "like its siblings"
			if len(rows) > 0 {
				// With two GPUs every difference shows on both
				// sides: only the one a figure is worse on is the
				// outlier.
				verdict = "differs, for the better"
				hostOnly = true
				for _, row := range rows {
					if worse(row.Unit, row.Delta, outlierShare) {
						verdict, g.Outlier = "**outlier**", true
						hostOnly = hostOnly && strings.HasPrefix(row.ID, links.HostPrefix)
					}
				}
				hostOnly = hostOnly && g.Outlier
				var parts []string
				for _, row := range rows[:min(3, len(rows))] {
					parts = append(parts, fmt.Sprintf("%s %+.1f%%", mdtext.CellCode(row.ID), 100*row.Delta))
				}
				for _, row := range rows {
					g.Differing = append(g.Differing, row.ID)
				}
				worst = strings.Join(parts, ", ")
			}
		}
		g.Reasons = reasons(r, siblingsClock(i))
		if hostOnly {
			// The workers copy to and from the host at the same
			// time: their host links contend in the host's memory
			// and PCIe root, the GPUs themselves alike.
			g.Reasons = append(g.Reasons, "only host-link figures are worse, which the GPUs' workers measured at the same time through one host")
		}
		why := "—"
		if g.Outlier || len(g.Reasons) > 0 {
			why = mdtext.Cell(orNone(strings.Join(g.Reasons, "; ")))
		}
		sum.GPUs = append(sum.GPUs, g)
		fmt.Fprintf(b, "| %d | %s | %s | %s | %s | %d | %s | %s | %s | %s |\n", n, mdtext.Cell(r.Device.Name), mdtext.Cell(r.Device.UUID), clock, sensors, len(r.Records), differ, worst, verdict, why)
	}
	b.WriteString("\n")
	return sum
}

// reasons are what the driver says may slow a GPU down: a clock more than
// 3% below siblingsHz, the median of its siblings' (0: none), throttle
// reasons other than idle, other compute processes than gpuarch's (with
// the utilization then), ECC
// errors, a performance state other than P0.
func reasons(r *record.Run, siblingsHz float64) []string {
	var out []string
	if w := r.Warmup; w != nil && siblingsHz > 0 && w.Hz < 0.97*siblingsHz {
		out = append(out, fmt.Sprintf("clock %.0f MHz, %.0f%% below its siblings' median", w.Hz/1e6, 100*(1-w.Hz/siblingsHz)))
	}
	if w := r.Warmup; w != nil && w.After != nil {
		var th []string
		for _, t := range w.After.Throttle {
			if t != "GpuIdle" {
				th = append(th, t)
			}
		}
		if len(th) > 0 {
			out = append(out, "throttle: "+strings.Join(th, ", "))
		}
	}
	if r.Health == nil {
		return out
	}
	for _, h := range []*record.Health{r.Health.Before, r.Health.After} {
		if h == nil {
			continue
		}
		// gpuarch's worker is one of the processes on its GPU.
		if n := len(h.Processes) - 1; n > 0 {
			var pids []string
			for _, p := range h.Processes {
				pids = append(pids, strconv.Itoa(p.PID))
			}
			why := fmt.Sprintf("%d other process(es) on the GPU besides gpuarch's worker (pids on it: %s)", n, strings.Join(pids, ", "))
			// Utilization counts gpuarch's own warm-up too: it says
			// something only beside another process.
			if h.GPUUtilPercent > 0 {
				why += fmt.Sprintf(", %d%% utilization", h.GPUUtilPercent)
			}
			out = append(out, why)
		}
		if h.ECCUncorrected > 0 || h.ECCCorrected > 0 {
			out = append(out, fmt.Sprintf("ECC errors: %d corrected, %d uncorrected", h.ECCCorrected, h.ECCUncorrected))
		}
		if h.PState > 0 {
			out = append(out, fmt.Sprintf("performance state P%d", h.PState))
		}
		break // the reading before the run; after it only if none before
	}
	return out
}

// writePeerMatrix writes the peer matrix: per ordered pair the link the
// driver reports and the copy bandwidth and latency.
func writePeerMatrix(b *strings.Builder, m *links.Matrix) {
	if m == nil {
		return
	}
	b.WriteString("## Links between GPUs\n\n")
	if len(m.Pairs) == 0 {
		fmt.Fprintf(b, "%s\n\n", mdtext.Escape(orNone(m.Note)))
		return
	}
	b.WriteString("Copy-engine copies between every ordered pair (cuMemcpyPeerAsync, 256 MiB for bandwidth, 4 bytes for latency, GPU time by CUDA events), and SM loads and stores to the peer's memory where peer access is enabled; links.json holds every record.\n\n")
	b.WriteString("| Source -> destination | Link | Peer access | Rank | Native atomics | Copy bandwidth | Copy latency | SM read | SM write | SM load latency |\n| --- | --- | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |\n")
	for i := range m.Pairs {
		p := &m.Pairs[i]
		t := p.Topology
		val := func(r *record.Record, f func(float64) string) string {
			if r == nil || r.Status != record.StatusOK {
				return "—"
			}
			return f(r.Value)
		}
		gbs := func(v float64) string { return fmt.Sprintf("%.1f GB/s", v/1e9) }
		us := func(v float64) string { return fmt.Sprintf("%.2f µs", v*1e6) }
		smrec := func(id string) *record.Record {
			for j := range p.Records {
				if p.Records[j].ID == id {
					return &p.Records[j]
				}
			}
			return nil
		}
		perSM := func(v float64) string { return fmt.Sprintf("%.2f B/clk/SM", v) }
		cyc := func(v float64) string { return fmt.Sprintf("%.0f cycles", v) }
		fmt.Fprintf(b, "| %d -> %d | %s | %v | %d | %v | %s | %s | %s | %s | %s |\n", p.Src, p.Dst, links.LinkName(t), t.CanAccessPeer, t.PerformanceRank, t.NativeAtomics,
			val(p.Record(links.PeerCopyBandwidth), gbs), val(p.Record(links.PeerCopyLatency), us),
			val(smrec(links.Suite+"/peer SM/DRAM read"), perSM), val(smrec(links.Suite+"/peer SM/DRAM write"), perSM), val(smrec(links.Suite+"/latency/global ld.cg"), cyc))
	}
	b.WriteString("\n")
}

// writeJSON writes v, indented, to path.
func writeJSON(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("encode %s: %w", filepath.Base(path), err)
	}
	if err := os.WriteFile(path, append(data, '\n'), outdir.FileMode); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// pool merges runs into one whose records hold all their samples.
func pool(runs []*record.Run) *record.Run {
	byID := map[string]*record.Record{}
	var ids []string
	for _, r := range runs {
		for _, rec := range r.Records {
			if rec.Status != record.StatusOK {
				continue
			}
			p, ok := byID[rec.ID]
			if !ok {
				c := rec
				c.Samples = nil
				p = &c
				byID[rec.ID], ids = p, append(ids, rec.ID)
			}
			if len(rec.Samples) > 0 {
				p.Samples = append(p.Samples, rec.Samples...)
			} else {
				p.Samples = append(p.Samples, rec.Value)
			}
		}
	}
	out := &record.Run{Device: runs[0].Device, Tool: runs[0].Tool}
	for _, id := range ids {
		p := byID[id]
		p.Value = stats.Median(p.Samples)
		out.Records = append(out.Records, *p)
	}
	return out
}

// differingRows are the figures of run that differ from the pool
// significantly and by more than outlierShare, largest first.
func differingRows(pooled, run *record.Run) []compare.Row {
	res, err := compare.Runs(pooled, run, 0.01)
	if err != nil {
		return nil
	}
	var out []compare.Row
	for _, row := range res.Rows {
		if row.Verdict == compare.Changed && math.Abs(row.Delta) > outlierShare {
			out = append(out, row)
		}
	}
	sort.Slice(out, func(i, j int) bool { return math.Abs(out[i].Delta) > math.Abs(out[j].Delta) })
	return out
}
