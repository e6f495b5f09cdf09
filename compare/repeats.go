package compare

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/stats"
)

// Repeats are runs of one GPU model that should agree with each other
// (repeat runs, back to back or on other days), kept to give each figure's
// noise floor its variability between runs (Options.Repeats): the spread
// of the figure over them (Spread). Files say where each run came from
// (its file, the same for the runs of one file), for the document; a
// missing or short Files leaves a run named by its GPU and start alone.
//
// RunsWith uses only the runs of A's GPU model and backend, each once,
// and never B: a spread over runs that include B holds the very change
// being judged (over A and B alone it is their own difference, which
// would call every change "within the variability between runs"). A may
// be among them, as the baseline of a benchmark is among its repeats:
// its spread beside other runs says nothing of B. What RunsWith left out,
// and why, is in Result.Repeats; with fewer than two runs left it uses
// none, and says so.
type Repeats struct {
	Runs  []*record.Run
	Files []string
}

// RepeatRun names one repeat run in the document: its file, its GPU and
// start, and whether it is A.
type RepeatRun struct {
	File    string
	GPU     string // the GPU's UUID, else its model
	Started time.Time
	A       bool
	// Why says why the run was left out ("" where used).
	Why string
}

// String is "GPU-d799e619, 2026-11-26 04:30" (with ", A" for A, and why
// it was left out).
func (r RepeatRun) String() string {
	gpu := r.GPU
	if len(gpu) > 12 && strings.HasPrefix(gpu, "GPU-") {
		gpu = gpu[:12]
	}
	s := gpu + ", " + r.Started.UTC().Format("2006-01-02 15:04")
	if r.A {
		s += ", A"
	}
	if r.Why != "" {
		s += ": " + r.Why
	}
	return s
}

// RepeatUse says which repeat runs a comparison's floors came from
// (Options.Repeats), and which were left out.
type RepeatUse struct {
	// Given is how many runs Options.Repeats held.
	Given int
	// Used are the runs the spread was measured over.
	Used []RepeatRun
	// Left are the runs left out, each with why (Why: "B itself, ...",
	// "another GPU model (NVIDIA H200)", "another backend (vulkan)",
	// "the same run as another given").
	Left []RepeatRun
	// Figures is how many figures they gave a spread (measured by at
	// least two of them with one kernel, and that kernel A's and B's).
	Figures int
	// Pair is set when A and B were both among the runs given, and no
	// other run of the model: the floors would have been measured from
	// the pair compared, and none is used.
	Pair bool
}

// repeatFloors is a comparison's spread between runs from its repeat
// runs: the spread by ID (relative to the runs' median, median by ID),
// and a record of each figure, whose kernel A's and B's must match for
// the spread to count.
type repeatFloors struct {
	spread Floors
	median map[string]float64
	ref    map[string]*record.Record
}

// of is the spread of a's figure where the repeat runs measured it with
// a's and b's kernel, NaN otherwise, relative to a's value as a change is:
// the runs' range over a's value rather than over their median, so that
// two runs lying at either end of the range are within it whichever is
// A (the H100's L2 read takes 37.7 or 45.8 B/clock/SM from run to run: a
// range of 19% of the runs' median is 21% of the lower value).
func (f *repeatFloors) of(a, b *record.Record) float64 {
	if f == nil {
		return math.NaN()
	}
	ref, ok := f.ref[a.ID]
	s, have := f.spread[a.ID]
	if !ok || !have || ref.Unit != a.Unit || kernelsDiffer(ref, a) || kernelsDiffer(ref, b) {
		return math.NaN()
	}
	if m, av := math.Abs(f.median[a.ID]), math.Abs(runFigure(a)); m > 0 && av > 0 && !math.IsNaN(m) {
		return s * m / av
	}
	return s
}

// sameRun says whether x and y are one run: the same value, or the same
// GPU (UUID) started at the same instant (one run read from two files).
func sameRun(x, y *record.Run) bool {
	return x == y || !x.Started.IsZero() && x.Started.Equal(y.Started) && x.Device.UUID == y.Device.UUID
}

// forPair picks the repeat runs a comparison of a and b may use (see
// Repeats) and measures their spread, figure by figure.
func (rp *Repeats) forPair(a, b *record.Run) (RepeatUse, *repeatFloors) {
	use := RepeatUse{Given: len(rp.Runs)}
	var keep []*record.Run
	isA, isB := false, false
	for i, run := range rp.Runs {
		if run == nil {
			continue
		}
		ref := RepeatRun{GPU: run.Device.UUID, Started: run.Started}
		if ref.GPU == "" {
			ref.GPU = run.Device.Name
		}
		if i < len(rp.Files) {
			ref.File = rp.Files[i]
		}
		var why string
		switch {
		case sameRun(run, b):
			why, isB = "B itself, whose difference from A is what is judged", true
		case sameRun(run, a):
			ref.A, isA = true, true
		case run.Device.Name != a.Device.Name:
			why = "another GPU model (" + run.Device.Name + ")"
		case backendOf(run) != backendOf(a):
			why = "another backend (" + backendOf(run) + ")"
		}
		for _, k := range keep {
			if why == "" && sameRun(run, k) {
				why = "the same run as another given"
			}
		}
		if why != "" {
			ref.Why = why
			use.Left = append(use.Left, ref)
			continue
		}
		keep = append(keep, run)
		use.Used = append(use.Used, ref)
	}
	use.Pair = isA && isB && len(keep) < 2
	if len(keep) < 2 {
		return use, nil
	}
	f := &repeatFloors{spread: Spread(keep...), median: map[string]float64{}, ref: map[string]*record.Record{}}
	for id := range f.spread {
		var vals []float64
		for _, run := range keep {
			if r, ok := run.Find(id); ok && r.Status == record.StatusOK {
				if f.ref[id] == nil {
					f.ref[id] = r
				}
				vals = append(vals, runFigure(r))
			}
		}
		f.median[id] = stats.Median(vals)
	}
	for i := range a.Records {
		if r := &a.Records[i]; r.Status == record.StatusOK {
			if rb, ok := b.Find(r.ID); ok && rb.Status == record.StatusOK && !math.IsNaN(f.of(r, rb)) {
				use.Figures++
			}
		}
	}
	return use, f
}

// fenceScale is the least interquartile range, relative to the median,
// that Spread's fences are drawn with (see Spread).
const fenceScale = 0.05

// Spread measures how far apart runs that should agree lie, figure by
// figure: the range of the runs' values (each run's median of its
// samples, else its value) over their median, once runs far apart from
// the rest are left out; for two runs, their relative difference, as
// Between gives. A figure counts where at least two runs measured it, all
// with the same kernel and unit.
//
// The range, not Between's median absolute deviation, because the floor
// says how far apart two healthy runs may lie, and some figures take one
// of two values from run to run: the H100's L2 read with blocks moving
// onto the lines the next block read came out 45.6 to 46.6 B/clock/SM in
// eight recorded runs and 37.7 to 37.8 in four, by one kernel, whose
// median absolute deviation (2.7% of the median over the nine runs
// before 2026-11-26) would call a healthy run of the other mode changed.
//
// Far apart is Tukey's "far out": more than three interquartile ranges
// beyond the quartiles, the interquartile range taken as at least 5% of
// the median (fenceScale). The fences keep one sick run among several
// from widening the floor (a .sys fence at 3061 cycles among runs at 1259
// to 1426); the least scale keeps the healthy tail of a figure whose runs
// mostly cluster (the bandwidth curve at 42 MB, past the H100's L2: seven
// runs at 25.4 to 26.0 B/clock/SM, three at 27.2 to 28.4, an
// interquartile range of 1.4%) from being fenced off as sick.
func Spread(runs ...*record.Run) Floors {
	out := Floors{}
	for id, vals := range runValues(runs) {
		m := stats.Median(vals)
		if m == 0 || math.IsNaN(m) {
			continue
		}
		q1, q3 := stats.Quantile(vals, 0.25), stats.Quantile(vals, 0.75)
		scale := math.Max(q3-q1, fenceScale*math.Abs(m))
		lo, hi := q1-3*scale, q3+3*scale
		in := slices.DeleteFunc(slices.Clone(vals), func(v float64) bool { return v < lo || v > hi })
		out[id] = (slices.Max(in) - slices.Min(in)) / math.Abs(stats.Median(in))
	}
	return out
}

// runValues is each figure's value in every run that measured it (its
// runFigure), by ID, for the figures at least two runs measured, all with
// the same kernel and unit.
func runValues(runs []*record.Run) map[string][]float64 {
	type acc struct {
		vals []float64
		rec  *record.Record
		bad  bool
	}
	by := map[string]*acc{}
	for _, run := range runs {
		if run == nil {
			continue
		}
		for i := range run.Records {
			r := &run.Records[i]
			if r.Status != record.StatusOK {
				continue
			}
			a := by[r.ID]
			if a == nil {
				a = &acc{rec: r}
				by[r.ID] = a
			} else if kernelsDiffer(a.rec, r) || a.rec.Unit != r.Unit {
				a.bad = true
			}
			a.vals = append(a.vals, runFigure(r))
		}
	}
	out := map[string][]float64{}
	for id, a := range by {
		if !a.bad && len(a.vals) >= 2 {
			out[id] = a.vals
		}
	}
	return out
}

// ReadRuns reads every run in the file at path: a results file, or
// several runs one after the other (as WriteRuns writes them), plain or
// gzip-compressed. Each run is checked as record.Decode checks a results
// file; errors name the file and the run.
func ReadRuns(path string) ([]*record.Run, error) {
	data, err := record.ReadLimited(path, record.MaxFileBytes)
	if err != nil {
		return nil, err
	}
	if bytes.HasPrefix(data, []byte{0x1f, 0x8b}) {
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if data, err = io.ReadAll(io.LimitReader(zr, record.MaxFileBytes+1)); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if len(data) > record.MaxFileBytes {
			return nil, fmt.Errorf("%s: more than %d bytes once decompressed, the most gpuarch reads of one file", path, record.MaxFileBytes)
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	var out []*record.Run
	for {
		var raw json.RawMessage
		if err := dec.Decode(&raw); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, fmt.Errorf("%s: run %d: not a gpuarch results file: %w", path, len(out)+1, err)
		}
		run, err := record.Decode(bytes.NewReader(raw))
		if err != nil {
			return nil, fmt.Errorf("%s: run %d: %w", path, len(out)+1, err)
		}
		out = append(out, run)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s holds no run", path)
	}
	return out, nil
}

// WriteRuns writes runs one after the other into the file at path, each
// reduced to what compare's floors and variability read (Reduce);
// gzip-compressed where path ends in ".gz". ReadRuns reads it back.
func WriteRuns(path string, runs []*record.Run) error {
	var buf bytes.Buffer
	for _, run := range runs {
		if err := record.Encode(&buf, Reduce(run)); err != nil {
			return err
		}
	}
	data := buf.Bytes()
	if strings.HasSuffix(path, ".gz") {
		var z bytes.Buffer
		zw, err := gzip.NewWriterLevel(&z, gzip.BestCompression)
		if err != nil {
			return err
		}
		if _, err := zw.Write(data); err != nil {
			return err
		}
		if err := zw.Close(); err != nil {
			return fmt.Errorf("compress runs: %w", err)
		}
		data = z.Bytes()
	}
	if err := os.WriteFile(path, data, record.FileMode); err != nil {
		return fmt.Errorf("write runs: %w", err)
	}
	return nil
}

// Reduce returns a copy of run holding what compare, its floors and
// variability read: the run's tool, times, device, warm-up clock and
// health, and per record its ID, suite, subject, group, operation,
// quantity, status, value, unit, samples and provenance (module, kernel
// hashes, timing, time). The details behind each value (chain lengths,
// sweeps, curves' points, machine code) are left out: a full run is 10 MB
// of JSON, its reduction about 0.6 MB (90 kB compressed).
func Reduce(run *record.Run) *record.Run {
	out := &record.Run{Schema: run.Schema, Tool: run.Tool, Started: run.Started, Finished: run.Finished, Complete: run.Complete,
		Suites: run.Suites, Device: run.Device, Warmup: run.Warmup, Health: run.Health, Quick: run.Quick, ElapsedSeconds: run.ElapsedSeconds}
	out.Records = make([]record.Record, len(run.Records))
	for i, r := range run.Records {
		out.Records[i] = record.Record{ID: r.ID, Suite: r.Suite, Subject: r.Subject, Group: r.Group, Op: r.Op, Quantity: r.Quantity,
			Status: r.Status, Reason: r.Reason, Value: r.Value, Unit: r.Unit, Samples: r.Samples,
			Provenance: record.Provenance{Module: r.Provenance.Module, PTXSHA256: r.Provenance.PTXSHA256, SourceSHA256: r.Provenance.SourceSHA256,
				Timing: r.Provenance.Timing, Time: r.Provenance.Time}}
	}
	return out
}
