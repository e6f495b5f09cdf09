package compare

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"github.com/gpuarch/gpuarch/infer"
	"github.com/gpuarch/gpuarch/mdtext"
	"github.com/gpuarch/gpuarch/measure/alu"
	"github.com/gpuarch/gpuarch/measure/warp"
	"github.com/gpuarch/gpuarch/record"
)

// Tolerances of a cross-backend comparison.
const (
	LatencyTolerance    = 0.5  // cycles
	ThroughputTolerance = 0.03 // relative
	// SystemTolerance is the relative tolerance of the figures of
	// memory, synchronisation, occupancy grids and mixes, whose kernels
	// the two APIs' compilers shape differently around the operation.
	SystemTolerance = 0.05
)

// opKey keys a record by suite, neutral operation and quantity; "" for a
// record with no operation, which has no counterpart in another backend.
func opKey(r *record.Record) string {
	if r.Op == "" {
		return ""
	}
	return record.MakeID(r.Suite, "", r.Op, string(r.Quantity))
}

// codeOf says what a record's kernel compiled to: its machine code per
// chain step where the code was read ("IADD3 0.55 + IMAD.IADD 0.45"), else
// the driver's statistics (binary growth per step, registers), else "".
func codeOf(r *record.Record) string {
	s := r.Code
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
	instruction := a.Suite == alu.Suite || a.Suite == warp.Suite
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
		verdict := verdictText(row)
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
