// Package compare sets two results files side by side: every quantity both
// measured, its change, and whether it changed. Two GPUs, two drivers or
// two runs of one. It decides as benchstat does (medians, and a
// Mann-Whitney U test through golang.org/x/perf/benchmath, which assumes
// nothing about the samples' distribution), with one more condition: the
// change must exceed the figure's noise floor, so that a difference the
// test finds in figures that never move (0.01% on a throughput whose seven
// samples agree to the last digit) is not called a change.
//
// # When a figure changed
//
// A figure "changed" when both hold:
//
//   - the U test on A's and B's samples rejects "no difference" at alpha;
//   - its median moved by more than its noise floor (Row.Floor).
//
// A figure's noise floor is relative to its median, and the largest of:
//
//   - Each side's own noise (NoiseFloor): the larger half of the 95%
//     confidence interval of its samples' median, over the median
//     (stats.RelativeNoise; the samples' whole range where 5 or fewer give
//     no interval); for a host-side figure (HostSide) at least the
//     interquartile range of its samples over their median.
//   - The variability between runs, where it is known: each figure's
//     spread over repeat runs of A's GPU model (Options.Repeats, Spread:
//     the range of the runs' values over their median, runs far off the
//     rest left out), where they measured it with A's and B's kernel; or
//     Options.Between, built by Between from several runs of the same
//     kernels on one model (twice the median absolute deviation of the
//     runs' values over their median, robust to one sick GPU among
//     siblings). For two runs both are their relative difference.
//   - A minimum effect, DefaultMinEffect (3%) unless Options.MinEffect says
//     otherwise. One run's samples miss what moves between runs. Two
//     back-to-back full runs on one H200 (compare/testdata/back-to-back,
//     2026-11-26) moved a tested device figure by up to 1.7% ("memory/global
//     access/ld.cg 4-byte lanes 32 bytes apart", four samples a run, p
//     0.029), and the recorded H200's two runs (results/NVIDIA-H200,
//     results and repeat-results) by up to 1.1% beyond its own noise, where
//     the kernel was the same; the SM clock a boosted GPU settles at (1980
//     or 1995 MHz) alone moves every figure counted in SM cycles but paced
//     off the SM clock (the L2, DRAM) by 0.75%. 3% is about twice the
//     largest of those.
//
// A difference the test finds within the floor is not a change: "varies
// between runs" where it is beyond each run's own noise and the minimum
// but within the figure's variability between runs (listed by Notable,
// with that spread, so that a figure such as the H100's shared-lines L2
// read, which came out 37.7 or about 46 B/clock/SM from run to run, is
// reported with its spread rather than flagged), "within noise"
// otherwise.
//
// # Repeat runs are not the pair compared
//
// A floor measured from the two runs being compared is their own
// difference, not a noise floor: it would call every change "within the
// variability between runs". So B is never among the repeat runs a
// comparison uses (A may be: a baseline beside its repeats says nothing
// of B), and where the runs given are only A and B the document says so
// first and uses none (Result.Repeats). gpuarch compare takes the repeat
// runs recorded beside A (results/<GPU>/results.json and
// repeat-results.json) unless --between names others: compare of those
// two recorded runs therefore has no floor between runs, and
// results/<GPU>/compare/repeat.md is written with --between
// results/<GPU>/compare/earlier-runs.json.gz, the model's runs recorded
// before (2026-11-25 and 26; nine H100s, six H200s and the two runs of
// testdata/back-to-back). With them, 5 of the H100's 1483 figures and 2
// of the H200's changed between the recorded back-to-back runs (L2
// latency hiding and bandwidth-curve points at the L2's edge, a little
// beyond every earlier run), 99.7% moved by no more than their floor, and
// the shared-lines L2 read (-19%), the .sys fences (+11.7%) and the other
// L2 figures that moved vary between runs.
//
// # Host-side figures
//
// A host-side figure (HostSide: host copies, the round trip, anything
// timed on the host's clock, launch costs) moves between runs with the
// host's state, far beyond what one run's samples show: in the two
// back-to-back runs of one idle H200 the round trip moved +35%, pageable
// copies -28% and -30%, one launch and wait +24%, while their samples'
// interquartile ranges were 6% to 17%. So a host-side figure is tested
// only where its variability between runs is known: when each side's
// samples are runs' values (Options.RunsA and RunsB, as db compare sets
// them) or Options.Between has it. Otherwise it is not tested, and shown
// as such where it differs much.
//
// # Figures that cannot be tested
//
// A figure with fewer than two samples on a side (bandwidths, curve
// points, matrix peaks, counts, each measured once), with too few for the
// U test ever to reach alpha (3 against 3 at 0.05), or host-side without
// a known variability between runs, is not tested: its verdict says so,
// and it is never "changed". Nor is it hidden: the default view (Notable)
// ranks the changed figures and the untested ones that differ by more
// than LargeUntested (10%) and their floor, together, by their change over
// their noise floor, each labelled as what it is. 10% is above every
// untested device figure's change between the recorded H200's two runs
// where the kernel was the same (0.75% at most); the back-to-back runs
// of one H200 moved three more: the knee of a power-of-two sweep (bytes in
// flight for 95%, 64 KiB to 32 KiB) and two points of the bandwidth curve
// at the L2's edge (5 and 6.7 MB, ±14%), which show, labelled untested,
// beside the host-side ones. Between GPU models (H100 against H200) the
// DRAM figures move 30% to 50%, and rank among the first rows.
//
// # What measured A and B
//
// Before any table, the Markdown says when A and B differ in GPU model,
// driver, backend or gpuarch version (Result.Mismatch), and how many
// figures were measured by kernels that differ between them: such changes
// are between GPUs, drivers or probes, not between runs.
//
// Runs of two backends (CUDA and Vulkan on one GPU) measure different
// instructions under different names: their records are paired by the
// neutral operation they perform (record.Record.Op), and each pair is also
// checked against a tolerance fit for the question "do the two APIs see
// the same hardware": latencies within half a cycle, throughputs within
// 3%.
package compare

import (
	"fmt"
	"math"
	"sort"

	"golang.org/x/perf/benchmath"

	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/stats"
)

// Verdict says what a row's comparison found.
type Verdict string

// Verdicts.
const (
	// Changed: the U test rejects "no difference" and the medians are
	// further apart than the figure's noise floor.
	Changed Verdict = "changed"
	// WithinNoise: the U test rejects "no difference", but the medians
	// are no further apart than the noise floor.
	WithinNoise Verdict = "within noise"
	// Varies: the U test rejects "no difference" and the medians are
	// further apart than each run's own noise and the minimum effect, but
	// not than the figure's spread between runs (Options.Repeats or
	// Between): it moved as much as it does from run to run.
	Varies Verdict = "varies between runs"
	Same   Verdict = "same"    // the U test does not reject "no difference"
	TooFew Verdict = "too few" // samples on both sides, too few to test (see Row.Note)
	// Differs and Unchanged are the verdicts of a figure with fewer than
	// two samples on a side, which is not tested: its values differ, or
	// are equal.
	Differs     Verdict = "differs"
	Unchanged   Verdict = "no change"
	OnlyA       Verdict = "only in A"    // measured in one run only
	OnlyB       Verdict = "only in B"    // measured in the other only
	StatusDiffs Verdict = "status"       // measured in both, ok in one only
	Unitless    Verdict = "unit differs" // the two runs measured it in different units
)

// DefaultMinEffect is the smallest relative change that counts when
// Options.MinEffect is 0 (see the package documentation for why 3%).
const DefaultMinEffect = 0.03

// HostSideUntested is the note of a host-side figure that was not tested
// for want of its variability between runs (see the package
// documentation).
const HostSideUntested = "not tested: host-side, and one run a side cannot tell how far it moves between runs"

// LargeUntested is how far (relative) an untested figure must differ, and
// beyond its noise floor, to be listed by Notable (see the package
// documentation for why 10%).
const LargeUntested = 0.10

// Row is one quantity in both runs.
type Row struct {
	ID     string
	Unit   string
	A, B   float64 // medians of the samples (or the values)
	NA, NB int     // sample counts
	// Delta is (B - A) / A; NaN when A is 0 or a side is missing.
	Delta   float64
	P       float64 // the U test's p-value (1 without a test)
	Verdict Verdict
	Note    string
	// Floor is the row's noise floor, a relative change: the largest
	// of A's and B's own noise (NoiseFloor), the variability between runs
	// (Options.Between) and the minimum effect. FloorFrom says which it
	// is: "A's samples", "B's samples", "between runs" or "minimum".
	Floor     float64
	FloorFrom string
	// HostSide says the figure is timed through the host (see HostSide);
	// Why says how.
	HostSide bool
	// KernelsDiffer says the two records' kernels differ (their PTX or
	// kernel source hashes): a change may be the probe's.
	KernelsDiffer bool
	// SubjectA and SubjectB are the two records' subjects when the runs
	// are of two backends (paired by operation).
	SubjectA, SubjectB string
	// Tolerance says what agreement means for the row, across backends;
	// Within whether the two medians agree that well.
	Tolerance string
	Within    bool
	// CodeA and CodeB say what each side's kernel compiled to, across
	// backends: the machine code per step where it was read, else the
	// driver's statistics (see codeOf).
	CodeA, CodeB string
}

// Tested reports whether the row's change was tested: both sides had
// samples enough for the U test to reach alpha.
func (r Row) Tested() bool {
	return r.Verdict == Changed || r.Verdict == Varies || r.Verdict == WithinNoise || r.Verdict == Same
}

// Untested reports whether the row is a figure both runs measured whose
// change could not be tested (one sample on a side, or too few).
func (r Row) Untested() bool {
	return r.Verdict == Differs || r.Verdict == Unchanged || r.Verdict == TooFew
}

// LargeUntested reports whether the row is untested and differs by more
// than LargeUntested and its noise floor.
func (r Row) LargeUntested() bool {
	return r.Untested() && !math.IsNaN(r.Delta) && math.Abs(r.Delta) > math.Max(LargeUntested, r.Floor)
}

// Score is the row's change over its noise floor (the minimum effect
// where no floor is set): how many floors apart A and B are. 0 where the
// change is unknown.
func (r Row) Score() float64 {
	if math.IsNaN(r.Delta) {
		return 0
	}
	f := r.Floor
	if !(f > 0) {
		f = DefaultMinEffect
	}
	return math.Abs(r.Delta) / f
}

// Result is a comparison of two runs.
type Result struct {
	A, B  record.Device
	Alpha float64
	// MinEffect is the minimum effect the floors were held to.
	MinEffect float64
	// CrossBackend is set when the runs used two backends: rows pair
	// records by operation.
	CrossBackend       bool
	BackendA, BackendB string
	// ToolA and ToolB are the gpuarch versions that measured each run
	// ("" where a side does not say, as a set of stored runs).
	ToolA, ToolB string
	// RunsA and RunsB are Options.RunsA and RunsB.
	RunsA, RunsB int
	// Repeats says which of Options.Repeats gave the floors their
	// variability between runs, and which were left out; nil without
	// Options.Repeats or across backends.
	Repeats *RepeatUse
	// BetweenKnown says some variability between runs was known
	// (Options.Between, or a spread over Options.Repeats).
	BetweenKnown bool
	Rows         []Row
}

// Options set how Runs decides.
type Options struct {
	// Alpha is the significance level of the U test (0.05 as benchstat).
	Alpha float64
	// MinEffect is the smallest relative change that counts; 0 means
	// DefaultMinEffect.
	MinEffect float64
	// Between holds the variability between runs of each figure, by
	// record ID (see Between); nil where none is known.
	Between Floors
	// Repeats, where set, are repeat runs of A's GPU model whose spread
	// (Spread) over the runs other than A and B raises each figure's
	// floor where they measured it with A's and B's kernel (see Repeats).
	// Not used across backends.
	Repeats *Repeats
	// NoiseA, where set, is A's own noise by record ID, in place of
	// NoiseFloor of A's samples: for an A that pools the samples of
	// several GPUs (a GPU's siblings), whose spread between them is not
	// noise of one and would let one sick sibling widen the floor (give
	// the variability between them in Between instead).
	NoiseA Floors
	// RunsA and RunsB, where a side pools several runs (db compare: each
	// record's samples are the runs' values), say how many; 0 for a
	// results file, whose samples are repeats within its run.
	RunsA, RunsB int

	rep *repeatFloors // Repeats' spread for the pair RunsWith compares
}

// Runs compares every record of a and b by ID, in a's order then b's
// extra ones, at significance level alpha (0.05 as benchstat), with the
// default minimum effect and no known variability between runs.
func Runs(a, b *record.Run, alpha float64) (*Result, error) {
	return RunsWith(a, b, Options{Alpha: alpha})
}

// RunsWith compares every record of a and b by ID (by operation across
// two backends), in a's order then b's extra ones, as o says.
func RunsWith(a, b *record.Run, o Options) (*Result, error) {
	if a == nil || b == nil {
		return nil, fmt.Errorf("compare: a run is missing")
	}
	if o.Alpha <= 0 || o.Alpha >= 1 {
		return nil, fmt.Errorf("compare: significance level %v is not between 0 and 1", o.Alpha)
	}
	if o.MinEffect < 0 || o.MinEffect >= 1 {
		return nil, fmt.Errorf("compare: minimum effect %v is not between 0 and 1", o.MinEffect)
	}
	if o.MinEffect == 0 {
		o.MinEffect = DefaultMinEffect
	}
	res := &Result{A: a.Device, B: b.Device, Alpha: o.Alpha, MinEffect: o.MinEffect, BackendA: backendOf(a), BackendB: backendOf(b),
		ToolA: a.Tool.Version, ToolB: b.Tool.Version, RunsA: o.RunsA, RunsB: o.RunsB}
	res.CrossBackend = res.BackendA != res.BackendB
	o.rep = nil
	if o.Repeats != nil && !res.CrossBackend {
		use, f := o.Repeats.forPair(a, b)
		res.Repeats, o.rep = &use, f
	}
	res.BetweenKnown = len(o.Between) > 0 || o.rep != nil && use(res.Repeats)
	key := func(r *record.Record) string { return r.ID }
	if res.CrossBackend {
		key = opKey
	}
	byB := map[string]*record.Record{}
	for i := range b.Records {
		if k := key(&b.Records[i]); k != "" {
			byB[k] = &b.Records[i]
		}
	}
	seen := map[string]bool{}
	for i := range a.Records {
		ra := &a.Records[i]
		k := key(ra)
		if k == "" || seen[k] {
			continue
		}
		seen[k] = true
		rb, ok := byB[k]
		if !ok {
			rw := oneSided(k, ra, OnlyA)
			rw.SubjectA = crossSubject(res, ra)
			res.Rows = append(res.Rows, rw)
			continue
		}
		rw := o.row(ra, rb)
		if res.CrossBackend {
			rw.ID, rw.SubjectA, rw.SubjectB = k, ra.Subject, rb.Subject
			rw.Tolerance, rw.Within = tolerance(ra, rw)
			rw.CodeA, rw.CodeB = codeOf(ra), codeOf(rb)
			rw.KernelsDiffer = false // two backends' kernels always differ
		}
		res.Rows = append(res.Rows, rw)
		if res.CrossBackend {
			res.Rows = append(res.Rows, levelRows(k, ra, rb, a.Warmup.ReferenceHz(), b.Warmup.ReferenceHz())...)
		}
	}
	for i := range b.Records {
		rb := &b.Records[i]
		if k := key(rb); k != "" && !seen[k] {
			seen[k] = true
			rw := oneSided(k, rb, OnlyB)
			rw.SubjectB = crossSubject(res, rb)
			res.Rows = append(res.Rows, rw)
		}
	}
	return res, nil
}

// oneSided is the row of a quantity only one run holds (v is OnlyA or
// OnlyB). A record that did not measure (skipped, failed) shows no value
// and says why, rather than its zero value.
func oneSided(id string, r *record.Record, v Verdict) Row {
	val := r.Value
	var note string
	if r.Status != record.StatusOK {
		val = math.NaN()
		note = string(r.Status)
		if r.Reason != "" {
			note += " (" + r.Reason + ")"
		}
	}
	host, _ := HostSide(r)
	row := Row{ID: id, Unit: r.Unit, A: math.NaN(), B: math.NaN(), Delta: math.NaN(), P: 1, Verdict: v, Note: note, HostSide: host}
	if v == OnlyA {
		row.A = val
	} else {
		row.B = val
	}
	return row
}

// backendOf is a run's backend ("cuda" for files from before the choice).
func backendOf(r *record.Run) string {
	if r.Tool.Backend != "" {
		return r.Tool.Backend
	}
	return r.Device.BackendOf()
}

// row compares one quantity measured in both runs.
func (o *Options) row(a, b *record.Record) Row {
	r := Row{ID: a.ID, Unit: a.Unit, A: a.Value, B: b.Value, NA: len(a.Samples), NB: len(b.Samples), P: 1}
	r.HostSide, _ = HostSide(a)
	r.KernelsDiffer = kernelsDiffer(a, b)
	switch {
	case a.Unit != b.Unit:
		r.Verdict, r.Note = Unitless, fmt.Sprintf("%s against %s", a.Unit, b.Unit)
		r.Delta = math.NaN()
		return r
	case a.Status != record.StatusOK || b.Status != record.StatusOK:
		r.Delta = math.NaN()
		if a.Status != b.Status {
			r.Verdict, r.Note = StatusDiffs, fmt.Sprintf("%s against %s", a.Status, b.Status)
		} else {
			r.Verdict, r.Note = Same, fmt.Sprintf("%s in both", a.Status)
		}
		return r
	}
	if len(a.Samples) > 0 && len(b.Samples) > 0 {
		r.A, r.B = stats.Median(a.Samples), stats.Median(b.Samples)
	}
	r.Delta = delta(r.A, r.B)
	r.Floor, r.FloorFrom = o.MinEffect, "minimum"
	for _, f := range []struct {
		v    float64
		from string
	}{{o.noiseA(a), "A's samples"}, {NoiseFloor(b), "B's samples"}} {
		if f.v > r.Floor {
			r.Floor, r.FloorFrom = f.v, f.from
		}
	}
	own := r.Floor // the floor without the variability between runs
	between := o.between(a, b)
	if between > r.Floor {
		r.Floor, r.FloorFrom = between, "between runs"
	}
	if r.HostSide && o.RunsA == 0 && o.RunsB == 0 && math.IsNaN(between) && r.NA >= 2 && r.NB >= 2 {
		r.Verdict = Differs
		if r.A == r.B {
			r.Verdict = Unchanged
		}
		r.Note = HostSideUntested
		return r
	}
	if r.NA < 2 || r.NB < 2 {
		if r.A == r.B {
			r.Verdict = Unchanged
		} else {
			r.Verdict = Differs
		}
		r.Note = "not tested: " + sampleCounts(r.NA, r.NB)
		return r
	}
	if allEqual(a.Samples, b.Samples) {
		// No test can run (every rank ties), and none is needed.
		r.Verdict, r.Note = Same, "every sample of both is "+fmt.Sprintf("%.4g", r.A)
		return r
	}
	if p := MinP(r.NA, r.NB); p >= o.Alpha {
		r.Verdict = TooFew
		r.Note = fmt.Sprintf("not tested: %d and %d samples cannot reach alpha %g (the U test's smallest p is %.2g)", r.NA, r.NB, o.Alpha, p)
		return r
	}
	th := benchmath.DefaultThresholds
	th.CompareAlpha = o.Alpha
	c := benchmath.AssumeNothing.Compare(benchmath.NewSample(a.Samples, &th), benchmath.NewSample(b.Samples, &th))
	// benchmath's exact test gives p 0 where samples tie; no arrangement
	// of these samples can give less than MinP.
	r.P = math.Max(c.P, MinP(r.NA, r.NB))
	switch {
	case c.P < o.Alpha && math.Abs(r.Delta) > r.Floor:
		r.Verdict = Changed
	case c.P < o.Alpha && r.FloorFrom == "between runs" && math.Abs(r.Delta) > own:
		r.Verdict = Varies
	case c.P < o.Alpha:
		r.Verdict = WithinNoise
	case len(c.Warnings) > 0:
		r.Verdict, r.Note = TooFew, "not tested: "+c.Warnings[0].Error()
	default:
		r.Verdict = Same
	}
	return r
}

// allEqual says whether every value of xs and ys is the same.
func allEqual(xs, ys []float64) bool {
	for _, s := range [][]float64{xs, ys} {
		for _, v := range s {
			if v != xs[0] {
				return false
			}
		}
	}
	return true
}

// between is the variability between runs of a's figure: the larger of
// Options.Between's and the repeat runs' spread where they measured it
// with a's and b's kernel; NaN where neither knows it. The repeat runs'
// spread is how far apart the runs' values lay, each known only to its
// own noise, so A's and B's own noise widen it: two runs at either end of
// that range, each off by its noise, are within it.
func (o *Options) between(a, b *record.Record) float64 {
	v, s := o.Between.of(a.ID), o.rep.of(a, b)
	if !math.IsNaN(s) {
		for _, n := range []float64{o.noiseA(a), NoiseFloor(b)} {
			if !math.IsNaN(n) {
				s += n
			}
		}
	}
	switch {
	case math.IsNaN(v):
		return s
	case math.IsNaN(s):
		return v
	}
	return math.Max(v, s)
}

// use says whether repeat runs gave some figure a spread.
func use(u *RepeatUse) bool { return u != nil && u.Figures > 0 }

// noiseA is A's own noise: Options.NoiseA's where it has a's ID, else
// NoiseFloor's.
func (o *Options) noiseA(a *record.Record) float64 {
	if v, ok := o.NoiseA[a.ID]; ok {
		return v
	}
	return NoiseFloor(a)
}

// sampleCounts says why a row with fewer than two samples on a side is
// not tested.
func sampleCounts(na, nb int) string {
	count := func(n int) string {
		switch n {
		case 0:
			return "no samples"
		case 1:
			return "one sample"
		}
		return fmt.Sprintf("%d samples", n)
	}
	if na == nb {
		return count(na) + " a side"
	}
	return count(na) + " in A, " + count(nb) + " in B"
}

// MinP is the smallest p-value the two-sided U test can give with n1 and
// n2 samples (none tied): 2 / C(n1+n2, n1), at most 1. A test whose
// smallest p is not below alpha cannot find a change however far apart
// the samples lie.
func MinP(n1, n2 int) float64 {
	if n1 <= 0 || n2 <= 0 {
		return 1
	}
	lg := func(x int) float64 { v, _ := math.Lgamma(float64(x) + 1); return v }
	return math.Min(1, 2*math.Exp(-(lg(n1+n2)-lg(n1)-lg(n2))))
}

func delta(a, b float64) float64 {
	if a == 0 {
		if b == 0 {
			return 0
		}
		return math.NaN()
	}
	return (b - a) / a
}

// Significant returns the rows that changed (tested, beyond their noise
// floor), largest change first.
func (r *Result) Significant() []Row {
	var out []Row
	for _, row := range r.Rows {
		if row.Verdict == Changed {
			out = append(out, row)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return math.Abs(out[i].Delta) > math.Abs(out[j].Delta) })
	return out
}

// Notable returns the rows of the default view: those that changed, the
// untested ones that differ by more than LargeUntested and their floor
// (Row.LargeUntested), and those that vary between runs (moved beyond
// their own noise, within their spread between runs: shown with it, not
// called changed), ranked by their change over their noise floor
// (Row.Score), largest first.
func (r *Result) Notable() []Row {
	var out []Row
	for _, row := range r.Rows {
		if row.Verdict == Changed || row.Verdict == Varies || row.LargeUntested() {
			out = append(out, row)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Score() > out[j].Score() })
	return out
}

// WithinFloor counts the figures both runs measured whose change is
// known (total), and those that moved by no more than their noise floor
// (within): tested or not, the floor being each side's own noise, the
// variability between runs where known, and the minimum effect.
func (r *Result) WithinFloor() (within, total int) {
	for _, row := range r.Rows {
		if math.IsNaN(row.Delta) || row.Verdict == OnlyA || row.Verdict == OnlyB {
			continue
		}
		total++
		if math.Abs(row.Delta) <= row.Floor {
			within++
		}
	}
	return within, total
}

// Counts returns how many rows have each verdict.
func (r *Result) Counts() map[Verdict]int {
	out := map[Verdict]int{}
	for _, row := range r.Rows {
		out[row.Verdict]++
	}
	return out
}
