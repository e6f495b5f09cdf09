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

	"github.com/gpuarch/gpuarch/backend/vk"
	"github.com/gpuarch/gpuarch/cmd/gpuarch/internal/outdir"
	"github.com/gpuarch/gpuarch/compare"
	"github.com/gpuarch/gpuarch/cuda"
	"github.com/gpuarch/gpuarch/mdtext"
	"github.com/gpuarch/gpuarch/measure/links"
	memname "github.com/gpuarch/gpuarch/measure/memory"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/stats"
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

// hostAlpha is the significance level of the host summary's U tests:
// benchstat's, as compare's and --quick's. The noise floor, not a
// stricter alpha, keeps a GPU's many figures from deciding by chance (a
// figure must also move beyond it); at 0.01 a GPU of three samples a
// figure could not be tested against two siblings at all (the U test's
// smallest p with 3 and 6 samples is 2/84, 0.024).
const hostAlpha = 0.05

// hostUntestedShare is how far (relative, and beyond its noise floor) a
// figure of the whole GPU that could not be tested must be worse than its
// siblings' for the GPU to be marked VerdictUntested (FigureDiff.Flagged);
// the table lists untested figures from compare.LargeUntested (10%) on.
// The host summary sets every figure side by side, and some untested
// ones differ between healthy GPUs by more than 10%: two idle H200s of
// one host (2026-11-26) were 22.5% apart at a point of the bandwidth
// curve at the L2's edge (42 MB) and 12.5% in the uniform ld.const
// throughput, each measured once. 25% is above those; the tensor-core
// peak of a GPU that another process keeps busy is 43% down.
const hostUntestedShare = 0.25

// hostTolerance is the least change against its siblings' by which a
// figure of the whole GPU can make it an outlier (or "differs, for the
// better"), when the change is beyond its noise floor too: healthy GPUs of
// one model differ steadily by a few percent, each figure measured to a
// fraction of that, so a test finds the differences and the noise floor
// does not cover them. On four idle H200s of one host (2026-11-26, five
// full runs, results/NVIDIA-H200/host-4gpu) one GPU's L2 write bandwidth
// was 5.3-5.5% below its three siblings' in every run, its L2 transfer
// unit 3.5-5.9% and its DRAM write 3.1-4.1%, another's one-address global
// atomics 3.0-4.7%; beside another process the loaded GPU's tensor-core
// peak was 43-51% down. Differences within it are listed, not decided on.
const hostTolerance = 0.10

// whyFigures is how many figures the Why column names before "and N
// more" (summary.json has them all).
const whyFigures = 3

// HostSummaryJSON is the host summary as JSON, beside summary.md.
const HostSummaryJSON = "summary.json"

// The verdicts of a GPU in the host summary (GPUSummary.Verdict).
const (
	VerdictLike     = "like its siblings"
	VerdictOutlier  = "outlier"
	VerdictUntested = "differs, not tested"
	VerdictBetter   = "differs, for the better"
	VerdictAlone    = "no sibling to compare with"
	VerdictFailed   = "failed"
)

// GPUSummary is one GPU's line of the host summary.
type GPUSummary struct {
	GPU     int     `json:"gpu"`
	Device  string  `json:"device,omitempty"`
	UUID    string  `json:"uuid,omitempty"`
	ClockHz float64 `json:"clock_hz,omitempty"`
	Records int     `json:"records"`
	// Differing are the GPU's own figures (not host-side) that differ
	// from its siblings': the U test finds it and the change exceeds the
	// figure's noise floor, better or worse.
	Differing []string `json:"differing,omitempty"`
	// Verdict is one of the Verdict constants; Outlier says it is
	// VerdictOutlier: a figure of Differing is worse (Figures with
	// Decides), and only then.
	Verdict string `json:"verdict"`
	Outlier bool   `json:"outlier"`
	// Figures are every figure that differs from the siblings': those
	// of Differing, the untested ones that differ by more than
	// compare.LargeUntested and their floor, and the host-side ones,
	// which never decide.
	Figures []FigureDiff `json:"figures,omitempty"`
	// Reasons are what may explain an outlier: a clock below its
	// siblings', throttle reasons, other processes, utilization, ECC
	// errors, a performance state other than P0.
	Reasons []string `json:"reasons,omitempty"`
	Error   string   `json:"error,omitempty"`
}

// FigureDiff is one figure of a GPU set against the pooled samples of
// its siblings.
type FigureDiff struct {
	ID   string `json:"id"`
	Unit string `json:"unit"`
	// Change is the GPU's median over its siblings' less 1; NoiseFloor
	// the relative change the figure must exceed to count (see package
	// compare), and FloorFrom what set it.
	Change     float64 `json:"change"`
	NoiseFloor float64 `json:"noise_floor"`
	FloorFrom  string  `json:"floor_from"`
	// Tested says the U test could run (samples enough on both sides);
	// P is its p-value then. NotTested says why not otherwise.
	Tested    bool    `json:"tested"`
	P         float64 `json:"p,omitempty"`
	NotTested string  `json:"not_tested,omitempty"`
	// Worse says the change is for the worse (a latency higher, a rate
	// lower); Decides that the figure makes the GPU an outlier: tested,
	// beyond its floor, worse, and not host-side.
	Worse   bool `json:"worse"`
	Decides bool `json:"decides,omitempty"`
	// HostSide says the figure is measured through the host, which its
	// siblings' workers used at the same time (HostSideWhy: how): it is
	// shown, never in the verdict.
	HostSide    bool   `json:"host_side,omitempty"`
	HostSideWhy string `json:"host_side_why,omitempty"`
	// OneSM says the figure is measured on one SM (oneSM): where that SM
	// sits on the chip differs between healthy GPUs, so it is shown and
	// never in the verdict.
	OneSM bool `json:"one_sm,omitempty"`
	// Placed says the figure's value depends on where its buffer's pages
	// fall among the L2's slices (placed): shown, never in the verdict.
	Placed bool `json:"placed,omitempty"`
	// WithinTolerance says the change, tested and beyond the figure's
	// noise floor, is within hostTolerance: shown, never in the verdict.
	WithinTolerance bool `json:"within_tolerance,omitempty"`
	// Amount says the figure is a discrete outcome (record.Amount: a size
	// a sweep found, a count), which moves by whole steps of its search:
	// shown, never in the verdict.
	Amount bool `json:"amount,omitempty"`
	// Flagged says the figure marks the GPU VerdictUntested: a figure of
	// the whole GPU, not tested, worse by more than hostUntestedShare and
	// its floor.
	Flagged bool `json:"flagged,omitempty"`
}

// inVerdict says whether the figure is one that can decide the GPU's
// verdict: of the whole GPU, measured on the GPU, not a discrete outcome.
func (f FigureDiff) inVerdict() bool { return !f.HostSide && !f.OneSM && !f.Placed && !f.Amount }

// HostSummary is what summary.md says, for programs.
type HostSummaryData struct {
	GPUs  []GPUSummary  `json:"gpus"`
	Peers *links.Matrix `json:"peers,omitempty"`
}

// writeHostSummary sets each GPU against the pooled samples of its
// siblings (judgeGPU): the figures that decide, the ones that differ
// untested, and the host-side ones apart, with the clock and the sensors
// beside them, and the reasons the driver gives.
func writeHostSummary(b *strings.Builder, gpus []int, runs []*record.Run, errs []error) *HostSummaryData {
	sum := &HostSummaryData{}
	b.WriteString("# Host summary\n\n")
	fmt.Fprintf(b, "%d GPUs measured at once, one worker each. Each GPU is compared with the pooled samples of the others (median change, Mann-Whitney U test at alpha %.2g). A figure decides when the test finds a difference and the change exceeds the figure's noise floor: the largest of each side's own noise (the 95%% confidence interval of its median), the spread between the siblings' values where there are two or more (twice their median absolute deviation) and %.0f%%, and the change exceeds a tolerance of %.0f%% too (healthy GPUs of one model differ steadily by a few percent: within it a difference is listed, not decided on). A GPU is an outlier when a figure that decides is worse (a latency higher, a rate lower), and the Why column names it. Host-side figures (host copies and the round trip, anything timed on the host's clock, launch costs) are measured through the host that every worker used at the same time: they are shown in their own column and never decide. Figures of one SM (latencies of one warp, block or cluster, latency curves, and the bank probes, which run one block), points of the bandwidth curve and discrete outcomes (sizes a sweep found, counts) are shown but do not decide either: the first depend on where that SM sits on the chip, which differs between healthy GPUs, the second on where the buffer's pages fall among the L2's slices, which differs from run to run while one run's samples agree, the third move by whole steps of their search. A figure with one sample, or too few to test, cannot decide either: it is listed where it differs by more than %.0f%% and its floor, and where a figure of the whole GPU is worse by more than %.0f%% the GPU is marked \"differs, not tested\" with the figure named. Each GPU's document is in its folder (gpu<N>/results.md).\n\n",
		len(gpus), hostAlpha, 100*compare.DefaultMinEffect, 100*hostTolerance, 100*compare.LargeUntested, 100*hostUntestedShare)
	b.WriteString("| GPU | Device | UUID | SM clock after warm-up | Power, temperature, throttle | Records | Differing figures | Largest differences | Host-side, not in the verdict | Verdict | Why |\n| --- | --- | --- | ---: | --- | ---: | ---: | --- | --- | --- | --- |\n")
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
			g.Error, g.Verdict = why, VerdictFailed
			sum.GPUs = append(sum.GPUs, g)
			fmt.Fprintf(b, "| %d | — | — | — | — | 0 | — | — | — | failed: %s | — |\n", n, mdtext.Cell(why))
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
		differ, largest, host := "—", "—", "—"
		g.Verdict = VerdictAlone
		if len(siblings) > 0 {
			g.Figures, g.Verdict = judgeGPU(siblings, r)
			g.Outlier = g.Verdict == VerdictOutlier
			var device, hostSide []string
			untested, oneSMs := 0, 0
			for _, f := range g.Figures {
				switch {
				case f.HostSide:
					hostSide = append(hostSide, figureText(f))
					continue
				case f.OneSM, f.Placed, f.Amount:
					oneSMs++
				case f.Tested:
					g.Differing = append(g.Differing, f.ID)
				default:
					untested++
				}
				device = append(device, figureText(f))
			}
			differ = strconv.Itoa(len(g.Differing))
			var also []string
			if untested > 0 {
				also = append(also, fmt.Sprintf("%d not tested", untested))
			}
			if oneSMs > 0 {
				also = append(also, fmt.Sprintf("%d of one SM, placement or discrete", oneSMs))
			}
			if len(also) > 0 {
				differ += " (+" + strings.Join(also, ", +") + ")"
			}
			if len(device) > 0 {
				largest = strings.Join(device[:min(3, len(device))], ", ")
			}
			if len(hostSide) > 0 {
				host = strings.Join(hostSide[:min(3, len(hostSide))], ", ")
			}
		}
		g.Reasons = reasons(r, siblingsClock(i))
		var why []string
		more := 0
		for _, f := range g.Figures {
			if f.Decides || f.Flagged && g.Verdict == VerdictUntested {
				if len(why) == whyFigures {
					more++
					continue
				}
				why = append(why, figureWhy(f))
			}
		}
		if more > 0 {
			why = append(why, fmt.Sprintf("and %d more", more))
		}
		for _, reason := range g.Reasons {
			why = append(why, mdtext.Cell(reason))
		}
		verdict := g.Verdict
		if g.Verdict == VerdictOutlier || g.Verdict == VerdictUntested {
			verdict = "**" + verdict + "**"
		}
		sum.GPUs = append(sum.GPUs, g)
		fmt.Fprintf(b, "| %d | %s | %s | %s | %s | %d | %s | %s | %s | %s | %s |\n", n, mdtext.Cell(r.Device.Name), mdtext.Cell(r.Device.UUID), clock, sensors, len(r.Records), differ, largest, host, verdict, orDash(strings.Join(why, "; ")))
	}
	b.WriteString("\n")
	return sum
}

// figureText is a figure's change for the summary's table:
// "`id` -30.0%", with "(one SM, not in the verdict)" for a figure of one
// SM and "(not tested: ...)" where another figure of the GPU's own was
// not tested (host-side ones are in a column that decides nothing).
func figureText(f FigureDiff) string {
	s := fmt.Sprintf("%s %+.1f%%", mdtext.CellCode(f.ID), 100*f.Change)
	switch {
	case f.HostSide:
	case f.OneSM:
		s += " (one SM, not in the verdict)"
	case f.Placed:
		s += " (placement, not in the verdict)"
	case f.Amount:
		s += " (a discrete outcome, not in the verdict)"
	case f.WithinTolerance:
		s += fmt.Sprintf(" (within the %.0f%% tolerance)", 100*hostTolerance)
	case !f.Tested:
		s += " (" + mdtext.Cell(f.NotTested) + ")"
	}
	return s
}

// oneSM says whether a record is measured on one SM: a latency (one
// warp's dependent chain, or one block's, one cluster's) or a latency
// curve (a pointer chase). Its value depends on where that SM sits on the
// chip relative to the L2's slices and the memory controllers, which
// differs between healthy GPUs of a model: two idle H200s of one host
// (2026-11-26) measured membar.gl in 416 and 573 cycles and a global
// atomic in 287 and 488 (each GPU within 1% of that alone and with the
// other one busy), cp.async from the L2 in 330 and 315 cycles and vavrg4
// in 71 and 64, while the throughputs and bandwidths that every SM runs
// agreed within 4.5%, but for points of the bandwidth curve at the L2's
// edge and the uniform ld.const (measured once).
//
// The shared- and global-bank probes run one block, so their throughputs
// are one SM's too: on four idle H200s of one host (2026-11-26) one GPU's
// two-line global loads ran 8.5-9.8% slower than its siblings' in each of
// five runs.
func oneSM(r *record.Record) bool {
	if r.Quantity == record.Latency || r.Quantity == record.Curve {
		return true
	}
	return r.Suite == memname.Suite && (r.Group == memname.GroupBanks || r.Group == memname.GroupGlobalBanks || r.Group == memname.GroupGlobalAccess)
}

// placed says whether a record's value depends on where its buffer's
// pages fall among the L2's slices, which no kernel controls and the
// samples of one run (one allocation) do not show: the points of the
// bandwidth curve, whose footprints reach the capacities of the caches.
// On four idle H200s of one host (2026-11-26, five full runs) a point
// from 1 to 53 MB was 3-19% off its siblings' on some GPU in every run, a
// different GPU and footprint each time, while each run's samples agreed
// within 0.5%; one H200 moved 17.7% at 42 MB between two runs
// (results/NVIDIA-H200/variability.md). The level's own bandwidths
// (memname.GroupBandwidth), at footprints well inside it, decide.
func placed(r *record.Record) bool {
	return r.Suite == memname.Suite && r.Group == memname.GroupBandwidthCurve
}

// figureWhy says why a figure makes its GPU an outlier, or marks it as
// differing untested: its change against its noise floor.
func figureWhy(f FigureDiff) string {
	if f.Tested {
		return fmt.Sprintf("%s %+.1f%%, beyond its noise floor of %.1f%% (%s; p %.2g)", mdtext.CellCode(f.ID), 100*f.Change, 100*f.NoiseFloor, mdtext.Cell(f.FloorFrom), f.P)
	}
	return fmt.Sprintf("%s %+.1f%% (noise floor %.1f%%), %s", mdtext.CellCode(f.ID), 100*f.Change, 100*f.NoiseFloor, mdtext.Cell(f.NotTested))
}

// notTested says why a figure of a GPU (B) against its siblings' pool (A)
// was not tested.
func notTested(row compare.Row) string {
	switch {
	case row.Note == compare.HostSideUntested:
		return row.Note
	case row.NB < 2:
		return "not tested: one sample on this GPU"
	case row.NA < 2:
		return "not tested: one sample from its siblings"
	}
	return fmt.Sprintf("not tested: too few samples (%d on this GPU, %d from its siblings)", row.NB, row.NA)
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// judgeGPU sets run against the pooled samples of its siblings (at
// hostAlpha, each figure held to its noise floor, with the spread between
// the siblings' values where there are two or more: compare.Between) and
// returns every figure that differs, the ones that decide first, then by
// change over floor, and the GPU's verdict:
//
//   - VerdictOutlier when a tested figure of the whole GPU is worse beyond
//     its floor (FigureDiff.Decides);
//   - else VerdictUntested when an untested figure of the whole GPU is
//     worse by more than hostUntestedShare and its floor
//     (FigureDiff.Flagged);
//   - else VerdictBetter when a tested figure of the whole GPU is better
//     beyond its floor;
//   - else VerdictLike, the other differences listed.
//
// Host-side figures (compare.HostSide), figures of one SM (oneSM) and
// discrete outcomes (record.Amount) are listed and decide nothing: the
// siblings' workers used the host at the same time, where one SM sits
// differs between healthy GPUs, and an amount moves by its search's
// steps.
func judgeGPU(siblings []*record.Run, run *record.Run) ([]FigureDiff, string) {
	var between compare.Floors
	if len(siblings) >= 2 {
		between = compare.Between(siblings...)
	}
	res, err := compare.RunsWith(pool(siblings), run, compare.Options{Alpha: hostAlpha, Between: between, NoiseA: ownNoise(siblings)})
	if err != nil {
		return nil, VerdictLike
	}
	rows := slices.Clone(res.Rows)
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].Score() > rows[j].Score() })
	var out []FigureDiff
	verdict := VerdictLike
	rank := func(v string) int {
		return slices.Index([]string{VerdictLike, VerdictBetter, VerdictUntested, VerdictOutlier}, v)
	}
	for _, row := range rows {
		if row.Verdict != compare.Changed && !row.LargeUntested() {
			continue
		}
		f := FigureDiff{ID: row.ID, Unit: row.Unit, Change: row.Delta, NoiseFloor: row.Floor, FloorFrom: row.FloorFrom,
			Tested: row.Verdict == compare.Changed, Worse: worseWay(row.Unit, row.Delta)}
		if f.Tested {
			f.P = row.P
		} else {
			f.NotTested = notTested(row)
		}
		if r, ok := run.Find(row.ID); ok {
			f.HostSide, f.HostSideWhy = compare.HostSide(r)
			f.OneSM = !f.HostSide && oneSM(r)
			f.Placed = !f.HostSide && !f.OneSM && placed(r)
			f.Amount = r.Quantity == record.Amount
		}
		f.WithinTolerance = f.Tested && math.Abs(f.Change) <= hostTolerance
		v := VerdictLike
		switch {
		case !f.inVerdict():
		case f.WithinTolerance:
		case f.Tested && f.Worse:
			f.Decides, v = true, VerdictOutlier
		case f.Tested:
			v = VerdictBetter
		case f.Worse && math.Abs(f.Change) > math.Max(hostUntestedShare, f.NoiseFloor):
			f.Flagged, v = true, VerdictUntested
		}
		if rank(v) > rank(verdict) {
			verdict = v
		}
		out = append(out, f)
	}
	// The figures that decide first, then the rest of the whole GPU's,
	// then those of one SM, then the host-side ones; by change over floor
	// within each.
	order := func(f FigureDiff) int {
		switch {
		case f.Decides:
			return 0
		case f.HostSide:
			return 3
		case f.OneSM, f.Placed, f.Amount:
			return 2
		}
		return 1
	}
	sort.SliceStable(out, func(i, j int) bool { return order(out[i]) < order(out[j]) })
	return out, verdict
}

// ownNoise is the siblings' own noise by figure: the median over the
// siblings of each one's compare.NoiseFloor, so that the pool's floor is
// a GPU's noise and not the spread between the siblings (compare.Between
// holds that, robust to one sick sibling). A figure no sibling measured
// with samples has none.
func ownNoise(siblings []*record.Run) compare.Floors {
	by := map[string][]float64{}
	for _, s := range siblings {
		for i := range s.Records {
			r := &s.Records[i]
			if n := compare.NoiseFloor(r); r.Status == record.StatusOK && !math.IsNaN(n) {
				by[r.ID] = append(by[r.ID], n)
			}
		}
	}
	out := compare.Floors{}
	for id, ns := range by {
		out[id] = stats.Median(ns)
	}
	return out
}

// worseWay says whether a change of delta in a figure of unit is for the
// worse, however small: latencies and costs (cycles, seconds, time per
// launch) are worse higher, everything else (rates, bandwidths) lower.
func worseWay(unit string, delta float64) bool {
	if strings.Contains(unit, "cycles") || unit == "seconds" || strings.HasSuffix(unit, "per launch") {
		return delta > 0
	}
	return delta < 0
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
			val(smrec(links.PeerStreamID(memname.DRAMRead)), perSM), val(smrec(links.PeerStreamID(memname.DRAMWrite)), perSM), val(smrec(links.PeerLatencyID(memname.PathL2)), cyc))
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
