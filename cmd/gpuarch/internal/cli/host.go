package cli

import (
	"bytes"
	"context"
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

	"github.com/gpuarch/gpuarch/compare"
	"github.com/gpuarch/gpuarch/cuda"
	"github.com/gpuarch/gpuarch/probe/vk"
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
func (e *Env) measureHost(ctx context.Context, req WorkRequest, gpus []int, out string) error {
	var mu sync.Mutex // one progress line at a time
	var wg sync.WaitGroup
	runs := make([]*record.Run, len(gpus))
	errs := make([]error, len(gpus))
	for i, n := range gpus {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sub := *e
			sub.Stderr = &prefixWriter{w: e.Stderr, prefix: fmt.Sprintf("gpu%d ", n), mu: &mu}
			r := req
			r.GPU = n
			runs[i], errs[i] = sub.measure(ctx, r, filepath.Join(out, fmt.Sprintf("gpu%d", n)))
			if errs[i] != nil {
				errs[i] = fmt.Errorf("gpu %d: %w", n, errs[i])
			}
		}()
	}
	wg.Wait()
	var b strings.Builder
	writeHostSummary(&b, gpus, runs, errs)
	if err := os.WriteFile(filepath.Join(out, HostSummary), []byte(b.String()), 0o644); err != nil {
		errs = append(errs, fmt.Errorf("write the host summary: %w", err))
	}
	fmt.Fprint(e.Stdout, b.String())
	return errors.Join(errs...)
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

// writeHostSummary sets each GPU against the pooled samples of its
// siblings (compare's statistics, alpha 0.01): the figures that differ
// significantly and by more than 5%, with the clock and the sensors
// beside them.
func writeHostSummary(b *strings.Builder, gpus []int, runs []*record.Run, errs []error) {
	b.WriteString("# Host summary\n\n")
	fmt.Fprintf(b, "%d GPUs measured at once, one worker each. Each GPU is compared with the pooled samples of the others (median change, Mann-Whitney U test at alpha 0.01); a figure counts when the test says it differs and it is more than %.0f%% away. Each GPU's document is in its folder (gpu<N>/results.md).\n\n", len(gpus), 100*outlierShare)
	b.WriteString("| GPU | Device | UUID | SM clock after warm-up | Power, temperature, throttle | Records | Differing figures | Largest differences | Verdict |\n| --- | --- | --- | ---: | --- | ---: | ---: | --- | --- |\n")
	for i, n := range gpus {
		r := runs[i]
		if r == nil || len(r.Records) == 0 {
			why := "no record"
			if errs[i] != nil {
				why = errs[i].Error()
			}
			fmt.Fprintf(b, "| %d | — | — | — | — | 0 | — | — | failed: %s |\n", n, strings.ReplaceAll(why, "|", "/"))
			continue
		}
		clock, sensors := "—", "—"
		if w := r.Warmup; w != nil {
			clock = fmt.Sprintf("%.0f MHz", w.Hz/1e6)
			if s := w.After; s != nil {
				sensors = fmt.Sprintf("%.0f W, %.0f °C, %s", s.PowerW, s.TempC, orNone(strings.Join(s.Throttle, ", ")))
			}
		}
		var siblings []*record.Run
		for j, o := range runs {
			if j != i && o != nil && len(o.Records) > 0 {
				siblings = append(siblings, o)
			}
		}
		differ, worst, verdict := "—", "—", "no sibling to compare with"
		if len(siblings) > 0 {
			rows := differingRows(pool(siblings), r)
			differ = strconv.Itoa(len(rows))
			verdict = "like its siblings"
			if len(rows) > 0 {
				verdict = "**outlier**"
				var parts []string
				for _, row := range rows[:min(3, len(rows))] {
					parts = append(parts, fmt.Sprintf("`%s` %+.1f%%", row.ID, 100*row.Delta))
				}
				worst = strings.Join(parts, ", ")
			}
		}
		fmt.Fprintf(b, "| %d | %s | %s | %s | %s | %d | %s | %s | %s |\n", n, r.Device.Name, r.Device.UUID, clock, sensors, len(r.Records), differ, worst, verdict)
	}
	b.WriteString("\n")
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
