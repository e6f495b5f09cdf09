// Package compare sets two results files side by side: every quantity both
// measured, its change, and whether the change is significant given both
// runs' samples, as benchstat decides it (medians, and a Mann-Whitney U
// test through golang.org/x/perf/benchmath, which assumes nothing about
// the samples' distribution). Two GPUs, two drivers or two runs of one.
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
	"io"
	"math"
	"sort"
	"strings"

	"golang.org/x/perf/benchmath"

	"github.com/gpuarch/gpuarch/infer"
	"github.com/gpuarch/gpuarch/mdtext"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/stats"
)

// Verdict says what a row's comparison found.
type Verdict string

// Verdicts.
const (
	Changed     Verdict = "changed"      // the U test rejects "no difference"
	Same        Verdict = "same"         // it does not
	TooFew      Verdict = "too few"      // too few samples to tell (see Row.Note)
	OnlyA       Verdict = "only in A"    // measured in one run only
	OnlyB       Verdict = "only in B"    // measured in the other only
	StatusDiffs Verdict = "status"       // measured in both, ok in one only
	Differs     Verdict = "differs"      // no samples, and the values differ
	Unchanged   Verdict = "no change"    // no samples, and the values are equal
	Unitless    Verdict = "unit differs" // the two runs measured it in different units
)

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

// Result is a comparison of two runs.
type Result struct {
	A, B  record.Device
	Alpha float64
	// CrossBackend is set when the runs used two backends: rows pair
	// records by operation.
	CrossBackend       bool
	BackendA, BackendB string
	Rows               []Row
}

// Tolerances of a cross-backend comparison.
const (
	LatencyTolerance    = 0.5  // cycles
	ThroughputTolerance = 0.03 // relative
	// SystemTolerance is the relative tolerance of the figures of
	// memory, synchronisation, occupancy grids and mixes, whose kernels
	// the two APIs' compilers shape differently around the operation.
	SystemTolerance = 0.05
)

// Runs compares every record of a and b by ID, in a's order then b's
// extra ones. alpha is the significance level (0.05 as benchstat).
func Runs(a, b *record.Run, alpha float64) (*Result, error) {
	if a == nil || b == nil {
		return nil, fmt.Errorf("compare: a run is missing")
	}
	if alpha <= 0 || alpha >= 1 {
		return nil, fmt.Errorf("compare: significance level %v is not between 0 and 1", alpha)
	}
	res := &Result{A: a.Device, B: b.Device, Alpha: alpha, BackendA: backendOf(a), BackendB: backendOf(b)}
	res.CrossBackend = res.BackendA != res.BackendB
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
		rw := row(ra, rb, alpha)
		if res.CrossBackend {
			rw.ID, rw.SubjectA, rw.SubjectB = k, ra.Subject, rb.Subject
			rw.Tolerance, rw.Within = tolerance(ra, rw)
			rw.CodeA, rw.CodeB = codeOf(ra), codeOf(rb)
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
	row := Row{ID: id, Unit: r.Unit, A: math.NaN(), B: math.NaN(), Delta: math.NaN(), P: 1, Verdict: v, Note: note}
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

// opKey keys a record by suite, neutral operation and quantity; "" for a
// record with no operation, which has no counterpart in another backend.
func opKey(r *record.Record) string {
	if r.Op == "" {
		return ""
	}
	return r.Suite + "/" + r.Op + "/" + string(r.Quantity)
}

// codeOf says what a record's kernel compiled to: its machine code per
// chain step where the code was read ("IADD3 0.55 + IMAD.IADD 0.45"), else
// the driver's statistics (binary growth per step, registers), else "".
func codeOf(r *record.Record) string {
	s := r.SASS
	if s == nil {
		return ""
	}
	if len(s.PerStep) > 0 {
		ops := make([]string, 0, len(s.PerStep))
		for op := range s.PerStep {
			ops = append(ops, op)
		}
		sort.Strings(ops)
		parts := make([]string, len(ops))
		for i, op := range ops {
			parts[i] = fmt.Sprintf("%s %.3g", op, s.PerStep[op])
		}
		return strings.Join(parts, " + ") + " per step"
	}
	if s.Sequence != "" {
		return s.Sequence
	}
	var parts []string
	if s.BinaryBytesPerStep != nil {
		parts = append(parts, fmt.Sprintf("binary +%.3g B per step", *s.BinaryBytesPerStep))
	}
	for _, k := range []string{"Register Count", "Shared Memory Size", "Local Memory Size", "Stack Size"} {
		if v, ok := s.Statistics[k]; ok && (k == "Register Count" || v > 0 && v < 1<<32) {
			parts = append(parts, fmt.Sprintf("%s %g", strings.ToLower(k), v))
		}
	}
	return strings.Join(parts, ", ")
}

// crossSubject is a record's subject in a cross-backend comparison.
func crossSubject(res *Result, r *record.Record) string {
	if res.CrossBackend {
		return r.Subject
	}
	return ""
}

// tolerance says how far two backends' figures may differ and whether
// they do: latency by cycles, throughput relatively.
func tolerance(a *record.Record, r Row) (string, bool) {
	if math.IsNaN(r.A) || math.IsNaN(r.B) || r.Verdict == StatusDiffs || r.Verdict == Unitless ||
		a.Status != record.StatusOK {
		return "", false
	}
	instruction := a.Suite == "alu" || a.Suite == "warp"
	relative := func(tol float64) (string, bool) {
		return fmt.Sprintf("±%.0f%%", 100*tol), math.Abs(r.Delta) <= tol
	}
	switch {
	case a.Quantity == record.Latency && instruction:
		return fmt.Sprintf("±%.1f cycle", LatencyTolerance), math.Abs(r.B-r.A) <= LatencyTolerance
	case a.Quantity == record.Throughput && instruction:
		return relative(ThroughputTolerance)
	case a.Quantity == record.Latency, a.Quantity == record.Throughput, a.Quantity == record.Occupancy, a.Quantity == record.Mix:
		return relative(SystemTolerance)
	}
	return "", false
}

// Agreement counts the rows checked against a tolerance and those within
// it (cross-backend comparisons).
func (r *Result) Agreement() (checked, within int) {
	for _, row := range r.Rows {
		if row.Tolerance != "" {
			checked++
			if row.Within {
				within++
			}
		}
	}
	return checked, within
}

// row compares one quantity measured in both runs.
func row(a, b *record.Record, alpha float64) Row {
	r := Row{ID: a.ID, Unit: a.Unit, A: a.Value, B: b.Value, NA: len(a.Samples), NB: len(b.Samples), P: 1}
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
	if len(a.Samples) == 0 || len(b.Samples) == 0 {
		switch {
		case r.A == r.B:
			r.Verdict = Unchanged
		default:
			r.Verdict = Differs
		}
		r.Note = "no repeated samples: the change is not tested"
		return r
	}
	th := benchmath.DefaultThresholds
	th.CompareAlpha = alpha
	c := benchmath.AssumeNothing.Compare(benchmath.NewSample(a.Samples, &th), benchmath.NewSample(b.Samples, &th))
	r.P = c.P
	switch {
	case c.P < alpha:
		r.Verdict = Changed
	case len(c.Warnings) > 0:
		r.Verdict, r.Note = TooFew, c.Warnings[0].Error()
	default:
		r.Verdict = Same
	}
	return r
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

// Significant returns the rows whose change the test found, largest first.
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

// Counts returns how many rows have each verdict.
func (r *Result) Counts() map[Verdict]int {
	out := map[Verdict]int{}
	for _, row := range r.Rows {
		out[row.Verdict]++
	}
	return out
}

// WriteMarkdown writes the comparison: the two devices, the counts of each
// verdict, and a table of the changed rows (every row with all), A and B
// naming the two files. Strings from the files, and the names, are
// escaped (package mdtext), so the document shows them as text.
func (r *Result) WriteMarkdown(w io.Writer, nameA, nameB string, all bool) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s against %s\n\n", mdtext.Escape(nameB), mdtext.Escape(nameA))
	fmt.Fprintf(&b, "A: %s. B: %s.\n\n", describe(r.A, r.BackendA), describe(r.B, r.BackendB))
	if r.CrossBackend {
		return r.writeCross(w, &b, all)
	}
	counts := r.Counts()
	var parts []string
	for _, v := range []Verdict{Changed, Same, TooFew, Differs, Unchanged, StatusDiffs, Unitless, OnlyA, OnlyB} {
		if n := counts[v]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, v))
		}
	}
	fmt.Fprintf(&b, "%d quantities: %s. Changes are medians of the repeated samples, tested with a Mann-Whitney U test at alpha %.2f (as benchstat does); a quantity without repeats shows its change untested.\n\n",
		len(r.Rows), strings.Join(parts, ", "), r.Alpha)
	rows := r.Significant()
	if all {
		rows = r.Rows
	}
	if len(rows) == 0 {
		b.WriteString("No quantity changed significantly.\n")
		_, err := io.WriteString(w, b.String())
		return err
	}
	b.WriteString("| Quantity | Unit | A | B | Change | p | Verdict |\n| --- | --- | ---: | ---: | ---: | ---: | --- |\n")
	for _, row := range rows {
		verdict := string(row.Verdict)
		if row.Note != "" {
			verdict += ": " + row.Note
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s |\n", mdtext.CellCode(row.ID), mdtext.Cell(row.Unit), num(row.A), num(row.B), pct(row.Delta), pval(row), mdtext.Cell(verdict))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func num(v float64) string {
	if math.IsNaN(v) {
		return "—"
	}
	return fmt.Sprintf("%.4g", v)
}

func pct(d float64) string {
	if math.IsNaN(d) {
		return "—"
	}
	return fmt.Sprintf("%+.2f%%", 100*d)
}

func pval(r Row) string {
	if r.NA == 0 || r.NB == 0 || r.Verdict == OnlyA || r.Verdict == OnlyB {
		return "—"
	}
	return fmt.Sprintf("%.3f", r.P)
}

// describe names a device and what measured it, escaped for the middle of
// a line.
func describe(d record.Device, backend string) string {
	e := mdtext.Escape
	switch backend {
	case "vulkan":
		api := ""
		if d.Vulkan != nil {
			api = fmt.Sprintf(", Vulkan %s, %s %s", e(d.Vulkan.APIVersion), e(d.Vulkan.DriverName), e(d.Vulkan.DriverInfo))
		}
		return fmt.Sprintf("%s (vulkan backend, driver %s%s)", e(d.Name), e(d.DriverVersion), api)
	}
	if d.CUDAVersion == 0 { // a set of stored runs, which keeps no CUDA version
		return fmt.Sprintf("%s (cuda backend, driver %s)", e(d.Name), e(d.DriverVersion))
	}
	return fmt.Sprintf("%s (cuda backend, driver %s, CUDA %s)", e(d.Name), e(d.DriverVersion), cudaVersion(d.CUDAVersion))
}

// writeCross writes a cross-backend comparison: every operation both
// measured, each backend's subject, and whether the two agree within the
// tolerance.
func (r *Result) writeCross(w io.Writer, b *strings.Builder, all bool) error {
	checked, within := r.Agreement()
	backendA, backendB := mdtext.Cell(r.BackendA), mdtext.Cell(r.BackendB)
	fmt.Fprintf(b, "Records are paired by the operation they perform (%s against %s). %d of %d figures measured by both agree within tolerance (latency ±%.1f cycle, throughput ±%.0f%%); the U test's verdict is shown beside it.\n\n",
		backendB, backendA, within, checked, LatencyTolerance, 100*ThroughputTolerance)
	b.WriteString("| Operation | Quantity | " + backendA + " subject | " + backendB + " subject | Unit | A | B | Change | Agree | Verdict |\n| --- | --- | --- | --- | --- | ---: | ---: | ---: | --- | --- |\n")
	for _, row := range r.Rows {
		if !all && row.Tolerance == "" && row.Verdict != StatusDiffs {
			continue
		}
		op, q := splitQuantity(row.ID)
		agree := "—"
		if row.Tolerance != "" {
			agree = "✓ " + row.Tolerance
			if !row.Within {
				agree = "✗ " + row.Tolerance
			}
		}
		verdict := string(row.Verdict)
		if row.Note != "" {
			verdict += ": " + row.Note
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", mdtext.CellCode(op), mdtext.Cell(q), mdtext.CellCode(orDash(row.SubjectA)), mdtext.CellCode(orDash(row.SubjectB)), mdtext.Cell(row.Unit),
			num(row.A), num(row.B), pct(row.Delta), agree, mdtext.Cell(verdict))
	}
	var differ []Row
	for _, row := range r.Rows {
		if row.Tolerance != "" && !row.Within {
			differ = append(differ, row)
		}
	}
	if len(differ) > 0 {
		b.WriteString("\nWhere they differ, what each backend's kernel compiled to (" + backendA + "'s machine code as read; " + backendB + "'s as its driver reports it):\n\n")
		b.WriteString("| Operation | Quantity | " + backendA + " | " + backendB + " |\n| --- | --- | --- | --- |\n")
		for _, row := range differ {
			op, q := splitQuantity(row.ID)
			fmt.Fprintf(b, "| %s | %s | %s | %s |\n", mdtext.CellCode(op), mdtext.Cell(q), mdtext.Cell(orDash(row.CodeA)), mdtext.Cell(orDash(row.CodeB)))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// splitQuantity splits a cross-backend row's key, "suite/op/quantity",
// into the operation and the quantity.
func splitQuantity(id string) (op, quantity string) {
	if i := strings.LastIndex(id, "/"); i >= 0 {
		return id[:i], id[i+1:]
	}
	return id, ""
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// cudaVersion prints the driver's CUDA version number (13000: "13.0").
func cudaVersion(v int) string { return fmt.Sprintf("%d.%d", v/1000, v%1000/10) }

// levelStep is the smallest relative rise between two memory levels, as
// the report detects them.
const levelStep = 0.15

// levelRows compares the levels two backends' latency curves of one
// operation show (see infer.Levels): each level's latency, and the
// footprint where the curve leaves it, within SystemTolerance. Levels pair
// in order; a curve with more levels than the other says so, and so does
// one whose chases ran more than record.OffClockShare off its run's warm-up clock
// (warmA, warmB) at some level.
func levelRows(k string, a, b *record.Record, warmA, warmB float64) []Row {
	if a.Quantity != record.Curve || a.Curve == nil || b.Curve == nil || a.Status != record.StatusOK || b.Status != record.StatusOK {
		return nil
	}
	la, errA := infer.Levels(points(a), levelStep)
	lb, errB := infer.Levels(points(b), levelStep)
	if errA != nil || errB != nil {
		return nil
	}
	var out []Row
	offA, offB := offClockLevels(la, a.Curve, warmA), offClockLevels(lb, b.Curve, warmB)
	if len(offA)+len(offB) > 0 {
		var notes []string
		for _, side := range []struct {
			name string
			off  []string
		}{{"A", offA}, {"B", offB}} {
			if len(side.off) > 0 {
				notes = append(notes, side.name+": "+strings.Join(side.off, "; "))
			}
		}
		out = append(out, Row{ID: k + " levels off the clock", Unit: "levels", A: float64(len(offA)), B: float64(len(offB)), Delta: math.NaN(), P: 1, Verdict: Differs,
			Note:     "their chases ran more than 10% off the run's warm-up clock, so the cycles of a level off the SM clock (the L2, DRAM; not shared memory or the L1) are not comparable there (" + strings.Join(notes, "; ") + ")",
			SubjectA: a.Subject, SubjectB: b.Subject})
	}
	add := func(id, unit string, x, y float64, note string) {
		r := Row{ID: id, Unit: unit, A: x, B: y, Delta: math.NaN(), P: 1, Verdict: Differs, Note: note,
			SubjectA: a.Subject, SubjectB: b.Subject}
		if x != 0 {
			r.Delta = (y - x) / x
		}
		if x == y {
			r.Verdict = Unchanged
		}
		r.Tolerance, r.Within = fmt.Sprintf("±%.0f%%", 100*SystemTolerance), math.Abs(r.Delta) <= SystemTolerance
		out = append(out, r)
	}
	// Each of a's levels pairs with b's nearest in latency (by ratio),
	// in order: a curve may show a level the other does not (a sweep
	// further into the TLB's reach, say).
	next := 0
	for i, x := range la {
		best := -1
		for j := next; j < len(lb); j++ {
			if best < 0 || math.Abs(math.Log(lb[j].Value/x.Value)) < math.Abs(math.Log(lb[best].Value/x.Value)) {
				best = j
			}
		}
		if best < 0 {
			break
		}
		y := lb[best]
		next = best + 1
		add(fmt.Sprintf("%s level %d", k, i+1), a.Unit, x.Value, y.Value, fmt.Sprintf("the plateau's latency (level %d of %d against %d of %d)", i+1, len(la), best+1, len(lb)))
		if x.Capacity > 0 && y.Capacity > 0 {
			add(fmt.Sprintf("%s level %d capacity", k, i+1), "bytes", x.Capacity, y.Capacity, "the footprint where the curve leaves the plateau")
		}
	}
	if len(la) != len(lb) {
		out = append(out, Row{ID: k + " levels", Unit: "levels", A: float64(len(la)), B: float64(len(lb)), Delta: math.NaN(), P: 1, Verdict: Differs,
			Note: "the two curves show different numbers of levels", SubjectA: a.Subject, SubjectB: b.Subject})
	}
	return out
}

// offClockLevels describes the levels whose chases ran more than
// record.OffClockShare off warm ("188 cycles from 1 MiB to 17.6 MiB at 345–390
// MHz").
func offClockLevels(ls []infer.Level, c *record.CurveDetail, warm float64) (off []string) {
	for _, l := range ls {
		_, lo, hi := c.ClockIn(l.From, l.To)
		if !record.OffClock(lo, hi, warm) {
			continue
		}
		off = append(off, fmt.Sprintf("%.0f cycles from %s to %s at %s MHz", l.Value, record.SizeString(l.From), record.SizeString(l.To), record.MHzSpan(lo, hi)))
	}
	return off
}

// points are a curve record's points for infer.
func points(r *record.Record) []infer.Point {
	out := make([]infer.Point, len(r.Curve.Points))
	for i, p := range r.Curve.Points {
		out[i] = infer.Point{Bytes: float64(p.Bytes), Value: p.Value}
	}
	return out
}
