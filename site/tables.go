package site

import (
	"fmt"
	"math"
	"strings"

	"github.com/gpuarch/gpuarch/archdb"
	"github.com/gpuarch/gpuarch/infer"
	"github.com/gpuarch/gpuarch/measure/alu"
	"github.com/gpuarch/gpuarch/measure/memory"
	"github.com/gpuarch/gpuarch/measure/mma"
	"github.com/gpuarch/gpuarch/measure/warp"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/report"
)

// table is a table of the memory, matrix and architecture pages: a few
// heading columns, then one cell per site column (GPU and backend), or
// per reference column (archdb's) before them. It is rendered as HTML and
// exported as CSV and JSON.
type table struct {
	// ID names the table in the page and its exports
	// ("memory-bandwidth").
	ID, Title, Caption string
	// Head names the heading columns; Refs the reference columns that
	// follow them (another source's values, as text).
	Head []string
	Refs []string
	// Cols are the site's columns the cells are of.
	Cols []*column
	Rows []trow
	// Note is said under the table (a source).
	Note string
}

// trow is one row of a table.
type trow struct {
	Head []string
	Refs []string
	// Cells has one cell per column.
	Cells []tcell
}

// tcell is one measured cell: its text, the number behind it, where it
// links (the record's page, relative to the site's root) and whether the
// record was ok.
type tcell struct {
	Text   string
	Value  float64 // NaN where there is none
	Unit   string
	Status string
	ID     string
	Href   string
}

// empty is a cell with nothing measured.
var empty = tcell{Value: math.NaN()}

// recordCell is the cell of one record: its value in its unit where ok,
// else its status.
func recordCell(c *column, r *record.Record, text func(*record.Record) string) tcell {
	if r == nil {
		return empty
	}
	cell := tcell{Value: math.NaN(), Unit: r.Unit, Status: string(r.Status), ID: r.ID, Href: c.pageOf(r)}
	if r.Status != record.StatusOK {
		cell.Text = string(r.Status)
		return cell
	}
	cell.Value = r.Value
	if text != nil {
		cell.Text = text(r)
	} else {
		cell.Text = format(r.Value)
	}
	return cell
}

// groupTable tabulates the records of a memory group, paired across
// columns as the instruction table pairs them (by operation, else
// subject), the value in each record's unit.
func groupTable(cols []*column, id, title, caption, group string) (*table, []*row) {
	rows := buildRows(cols, []string{memory.Suite}, func(r *record.Record) bool {
		return r.Suite == memory.Suite && r.Group == group && (r.Quantity == record.Latency || r.Quantity == record.Throughput)
	})
	if len(rows) == 0 {
		return nil, nil
	}
	t := &table{ID: id, Title: title, Caption: caption, Head: []string{"Measurement", "Unit"}, Cols: cols}
	for _, rw := range rows {
		tr := trow{Head: []string{subjectOf(rw), unitsOf(rw)}}
		for _, c := range cols {
			p := rw.Cells[c.Index]
			r := p.TP
			if r == nil {
				r = p.Lat
			}
			tr.Cells = append(tr.Cells, recordCell(c, r, nil))
		}
		t.Rows = append(t.Rows, tr)
	}
	return t, rows
}

// subjectOf names a row by its subjects (one per kernel language where
// they differ), else its name.
func subjectOf(rw *row) string {
	all := append(append([]string{}, rw.PTX...), rw.SPIRV...)
	var uniq []string
	for _, s := range all {
		uniq = addOnce(uniq, s)
	}
	if len(uniq) == 0 {
		return rw.Name
	}
	return strings.Join(uniq, " / ")
}

// unitsOf is the units a row's records are in, one per distinct unit.
func unitsOf(rw *row) string {
	var us []string
	for _, p := range rw.Cells {
		for _, r := range []*record.Record{p.Lat, p.TP} {
			if r != nil && r.Unit != "" {
				us = addOnce(us, r.Unit)
			}
		}
	}
	return strings.Join(us, "; ")
}

// memoryGroups are the memory suite's groups the memory page tabulates,
// with their titles and what they say.
var memoryGroups = []struct{ group, id, title, caption string }{
	{"bandwidth", "memory-bandwidth", "Bandwidth per level", "Read and write streams sized from each GPU's detected levels: bytes per clock per SM (or the record's unit)."},
	{"banks", "memory-banks", "Shared-memory banks", "Shared (workgroup) memory accessed with lanes a stride apart: what bank conflicts cost."},
	{"global banks", "memory-global-banks", "L1 banks", "Grouped global loads through the L1: lines per clock when the words fall in different banks, or one."},
	{"transfer unit", "memory-transfer-unit", "Transfer units", "Strided streams: the bytes each level moves per request, from where the bandwidth stops falling."},
	{"global access", "memory-global-access", "Global access patterns", "Lanes' addresses spread over lines: what a warp load costs."},
	{"divergent loads", "memory-divergent", "Divergent loads", "Every lane its own line: loaded latency and throughput."},
	{"scattered writes", "memory-scatter", "Scattered writes", "Every lane its own hashed word, so its own line: stores and reductions taken in, lines per clock per SM."},
	{"latency hiding", "memory-latency-hiding", "Latency hiding", "Bandwidth with independent FFMAs after every load."},
	{"code size", "memory-code-size", "Instruction fetch", "FFMA issue rate against the loop body's size."},
	{"bandwidth curve", "memory-bandwidth-curve", "Bandwidth against footprint, every point", "Each point of the plot above."},
}

// latencyCurveRows pairs the memory suite's latency curves across
// columns (by operation, else subject).
func latencyCurveRows(cols []*column) []*row {
	return buildRows(cols, []string{memory.Suite}, func(r *record.Record) bool {
		return r.Suite == memory.Suite && r.Group == memory.GroupLatency && r.Quantity == record.Curve
	})
}

// curveOf is a row's curve record in column c (the buildRows' TP slot).
func curveOf(rw *row, c *column) *record.Record { return rw.Cells[c.Index].TP }

// curvePoints are a curve record's points for infer.
func curvePoints(r *record.Record) []infer.Point {
	out := make([]infer.Point, 0, len(r.Curve.Points))
	for _, p := range r.Curve.Points {
		out = append(out, infer.Point{Bytes: float64(p.Bytes), Value: p.Value})
	}
	return out
}

// levelsOf are the levels a curve record shows, as the documents detect
// them; nil where it has none or is not ok.
func levelsOf(r *record.Record) []infer.Level {
	if r == nil || r.Status != record.StatusOK || r.Curve == nil {
		return nil
	}
	ls, err := infer.Levels(curvePoints(r), report.LevelStep)
	if err != nil {
		return nil
	}
	return ls
}

// levelsText writes levels as "30 ≤ 238 KiB · 281 ≤ 36.6 MiB · 669":
// each level's latency up to the footprint where the curve leaves it.
func levelsText(ls []infer.Level) string {
	parts := make([]string, len(ls))
	for i, l := range ls {
		parts[i] = format(l.Value)
		if l.Capacity > 0 {
			parts[i] += " ≤ " + record.SizeString(l.Capacity)
		}
	}
	return strings.Join(parts, " · ")
}

// levelsTable tabulates every latency curve's levels on every column.
func levelsTable(cols []*column, rows []*row) *table {
	t := &table{ID: "memory-levels", Title: "Levels of every latency curve",
		Caption: "Each level's latency in cycles per dependent load (≤ the footprint where the curve leaves it), as each GPU's document detects them.",
		Head:    []string{"Chase", "Unit"}, Cols: cols}
	for _, rw := range rows {
		tr := trow{Head: []string{subjectOf(rw), unitsOf(rw)}}
		for _, c := range cols {
			r := curveOf(rw, c)
			cell := recordCell(c, r, func(r *record.Record) string {
				if ls := levelsOf(r); len(ls) > 0 {
					return levelsText(ls)
				}
				return "no levels found"
			})
			if ls := levelsOf(r); len(ls) > 0 {
				cell.Value = ls[0].Value
			}
			tr.Cells = append(tr.Cells, cell)
		}
		t.Rows = append(t.Rows, tr)
	}
	return t
}

// matrixTable tabulates every matrix form's rate on every column with
// its share of the GPU's documented peak for the input type.
func matrixTable(cols []*column) (*table, []*row) {
	rows := buildRows(cols, []string{mma.Suite}, func(r *record.Record) bool {
		return r.Suite == mma.Suite && r.Group != mma.GroupFragment && r.Quantity == record.Throughput && !strings.HasSuffix(r.Subject, mma.ZerosSuffix)
	})
	t := &table{ID: "matrix", Title: "Matrix units: rate and share of peak",
		Caption: "Operations (a multiply-add counts two) per clock per SM at the best shape, and in brackets the share of the documented dense peak for the input type where one is documented for the GPU (reference data, cited on each record's page).",
		Head:    []string{"Form", "Operation"}, Cols: cols}
	for _, rw := range rows {
		tr := trow{Head: []string{subjectOf(rw), rw.Op}}
		for _, c := range cols {
			tr.Cells = append(tr.Cells, recordCell(c, rw.Cells[c.Index].TP, func(r *record.Record) string {
				s := format(r.Value)
				if share, ok := peakShare(r); ok {
					s += fmt.Sprintf(" (%.1f%%)", 100*share)
				}
				return s
			}))
		}
		t.Rows = append(t.Rows, tr)
	}
	return t, rows
}

// peakShare is a throughput record's rate over its documented peak.
func peakShare(r *record.Record) (float64, bool) {
	if r.Through == nil || r.Through.Reference == nil || r.Through.Reference.ResultsPerClockPerSM <= 0 || r.Through.Reference.Ratio <= 0 {
		return 0, false
	}
	return r.Through.Reference.Ratio, true
}

// resultsOf finds a column's ok throughput record of an operation (alu or
// warp suites), by its neutral op or its PTX subject.
func resultsOf(c *column, op, subject string) *record.Record {
	for i := range c.Run.Records {
		r := &c.Run.Records[i]
		if (r.Suite == alu.Suite || r.Suite == warp.Suite) && r.Quantity == record.Throughput && r.Status == record.StatusOK && r.Through != nil &&
			(op != "" && r.Op == op || r.Subject == subject) {
			return r
		}
	}
	return nil
}

// memoryRecord is a column's ok record of a memory group by subject.
func memoryRecord(c *column, group, subject string) *record.Record {
	for i := range c.Run.Records {
		r := &c.Run.Records[i]
		if r.Suite == memory.Suite && r.Group == group && r.Subject == subject && r.Status == record.StatusOK {
			return r
		}
	}
	return nil
}

// crossTable is one of the seeds' cross-vendor tables with a column per
// run: what each measured (linked), its driver's attributes, or nothing.
func crossTable(cols []*column, id string, t archdb.CrossTable, cell func(c *column, quantity string) tcell) *table {
	out := &table{ID: id, Title: t.Title, Caption: "The reference columns are reference data, the seed document's values as it gives them: " + archdb.CrossSource + ". The measured columns link to their records; a value in italics is the driver's.",
		Head: []string{"Per core"}, Refs: t.Columns, Cols: cols, Note: t.Footnote}
	for _, r := range t.Rows {
		tr := trow{Head: []string{r.Quantity}, Refs: r.Values}
		for _, c := range cols {
			tr.Cells = append(tr.Cells, cell(c, r.Quantity))
		}
		out.Rows = append(out.Rows, tr)
	}
	return out
}

// opsRows are the operations tables' rows: the neutral operation and PTX
// subject that measure them, and whether a multiply-add counts two.
var opsRows = map[string]struct {
	op, subject string
	fma         bool
}{
	"F16 OPs (FMA)": {"fma.f16x2", "fma.rn.f16x2", true}, "F32 OPs (FMA)": {"fma.f32", "fma.rn.f32", true}, "F64 OPs (FMA)": {"fma.f64", "fma.rn.f64", true},
	"F16 Adds": {"add.f16x2", "add.rn.f16x2", false}, "F32 Adds": {"add.f32", "add.rn.f32", false}, "F64 Adds": {"add.f64", "add.rn.f64", false},
	"F32 Exp2": {"exp2.f32", "ex2.approx.ftz.f32", false}, "F32 Recip": {"rcp.f32", "rcp.approx.ftz.f32", false}, "F32 Rsqrt": {"rsqrt.f32", "rsqrt.approx.ftz.f32", false},
	"F32 Sine": {"sin.f32", "sin.approx.f32", false},
	"I16 Adds": {"add.i16", "add.s16", false}, "I32 Adds": {"add.i32", "add.s32", false}, "I32 Muls": {"mul.lo.i32", "mul.lo.s32", false},
	"I64 Adds": {"add.i64", "add.s64", false}, "I64 Muls": {"mul.lo.i64", "mul.lo.s64", false},
}

// opsCell is a run's value of an operations table's row: results per
// clock per SM (twice that for a multiply-add).
func opsCell(c *column, quantity string) tcell {
	o, ok := opsRows[quantity]
	if !ok {
		return empty
	}
	r := resultsOf(c, o.op, o.subject)
	if r == nil {
		return empty
	}
	v := r.Through.ResultsPerClockPerSM
	if o.fma {
		v *= 2
	}
	cell := recordCell(c, r, nil)
	cell.Value, cell.Text, cell.Unit = v, fmt.Sprintf("%.0f", v), "operations/clock/SM"
	return cell
}

// onChipCell is a run's value of the on-chip memory table's row, where
// the run measured it (or its driver says it).
func onChipCell(c *column, quantity string) tcell {
	a := c.Run.Device.Attributes
	driver := func(v float64, text string) tcell {
		return tcell{Text: text, Value: v, Status: "driver"}
	}
	switch quantity {
	case "Max Threads":
		if v := a["MAX_THREADS_PER_MULTIPROCESSOR"]; v > 0 {
			return driver(float64(v), fmt.Sprintf("32-%d", v))
		}
	case "Register File":
		if v := a["MAX_REGISTERS_PER_MULTIPROCESSOR"]; v > 0 {
			return driver(float64(4*v/1024), fmt.Sprintf("%d KB", 4*v/1024))
		}
	case "Shared Memory":
		if v := a["MAX_SHARED_MEMORY_PER_MULTIPROCESSOR"]; v > 0 {
			return driver(float64(v/1024), fmt.Sprintf("0-%d KB", v/1024))
		}
	case "Data Cache":
		for i := range c.Run.Records {
			r := &c.Run.Records[i]
			if r.Suite == memory.Suite && r.Group == memory.GroupLatency && r.Quantity == record.Curve && r.Subject == memory.PathL1 {
				if ls := levelsOf(r); len(ls) > 1 && ls[0].Capacity > 0 {
					cell := recordCell(c, r, nil)
					cell.Value, cell.Text, cell.Unit = ls[0].Capacity, record.SizeString(ls[0].Capacity), "bytes"
					return cell
				}
			}
		}
	case "SIMD Shuffle BW/Cycle":
		if r := resultsOf(c, "shuffle.bfly.b32", "shfl.sync.bfly.b32"); r != nil {
			cell := recordCell(c, r, nil)
			cell.Value = 4 * r.Through.ResultsPerClockPerSM
			cell.Text, cell.Unit = fmt.Sprintf("%.0f B", cell.Value), "bytes/clock/SM"
			return cell
		}
	case "Shared BW/Cycle", "On-Core Data BW/Cycle":
		subject := "shared read"
		if quantity == "On-Core Data BW/Cycle" {
			subject = "L1 read"
		}
		if r := memoryRecord(c, "bandwidth", subject); r != nil {
			cell := recordCell(c, r, nil)
			cell.Text = fmt.Sprintf("%.1f B", r.Value)
			return cell
		}
	}
	return empty
}

// datasheetTable sets the vendors' figures for data-center GPUs beside
// every run's measurements.
func datasheetTable(cols []*column) *table {
	ds := archdb.Datasheets()
	t := &table{ID: "architecture-datasheets", Title: "Data-center GPUs: vendors' figures and measurements",
		Caption: "Per SM (NVIDIA) or compute unit (AMD) per clock, from the vendors' stated peaks (reference data, sources below); the measured columns link to their records. Operations count a fused multiply-add as two.",
		Head:    []string{""}, Cols: cols}
	for _, d := range ds {
		t.Refs = append(t.Refs, d.GPU+" ("+d.Architecture+")")
	}
	ref := func(f func(archdb.Datasheet) string) []string {
		out := make([]string, len(ds))
		for i, d := range ds {
			out[i] = f(d)
		}
		return out
	}
	rate := func(v float64, format string) string {
		if v == 0 {
			return "—"
		}
		return fmt.Sprintf(format, v)
	}
	opsOf := func(op, subject string) func(c *column) tcell {
		return func(c *column) tcell {
			r := resultsOf(c, op, subject)
			if r == nil {
				return empty
			}
			cell := recordCell(c, r, nil)
			cell.Value = 2 * r.Through.ResultsPerClockPerSM
			cell.Text, cell.Unit = fmt.Sprintf("%.0f", cell.Value), "operations/clock/SM"
			return cell
		}
	}
	bestMMA := func(substr string) func(c *column) tcell {
		return func(c *column) tcell {
			var best *record.Record
			for i := range c.Run.Records {
				r := &c.Run.Records[i]
				if r.Suite == mma.Suite && r.Quantity == record.Throughput && r.Status == record.StatusOK && r.Group != mma.GroupFragment &&
					strings.Contains(r.Subject, substr) && !strings.HasSuffix(r.Subject, mma.ZerosSuffix) && (best == nil || r.Value > best.Value) {
					best = r
				}
			}
			if best == nil {
				return empty
			}
			cell := recordCell(c, best, nil)
			cell.Text = fmt.Sprintf("%.0f", best.Value)
			return cell
		}
	}
	add := func(label string, refs []string, f func(c *column) tcell) {
		tr := trow{Head: []string{label}, Refs: refs}
		for _, c := range cols {
			tr.Cells = append(tr.Cells, f(c))
		}
		t.Rows = append(t.Rows, tr)
	}
	add("SMs / CUs", ref(func(d archdb.Datasheet) string { return fmt.Sprintf("%d %s", d.Units, d.UnitName) }), func(c *column) tcell {
		if c.Run.Device.SMs <= 0 {
			return empty
		}
		u := c.Run.Device.UnitsOf()
		return tcell{Text: fmt.Sprintf("%d %s", c.Run.Device.SMs, u.Core), Value: float64(c.Run.Device.SMs), Status: "driver"}
	})
	add("Clock of the rates", ref(func(d archdb.Datasheet) string { return fmt.Sprintf("%.0f MHz", d.BoostMHz) }), func(c *column) tcell {
		if hz := c.Run.Warmup.ReferenceHz(); hz > 0 {
			return tcell{Text: fmt.Sprintf("%.0f MHz", hz/1e6), Value: hz, Unit: "hertz", Status: "ok"}
		}
		return empty
	})
	add("FP32 ops/clk", ref(func(d archdb.Datasheet) string { return rate(d.FP32, "%.0f") }), opsOf("fma.f32", "fma.rn.f32"))
	add("FP64 ops/clk", ref(func(d archdb.Datasheet) string { return rate(d.FP64, "%.0f") }), opsOf("fma.f64", "fma.rn.f64"))
	add("Tensor FP16 ops/clk, dense", ref(func(d archdb.Datasheet) string { return rate(d.TensorFP16, "%.0f") }), bestMMA("+=f16"))
	add("Tensor FP64 ops/clk", ref(func(d archdb.Datasheet) string { return rate(d.TensorFP64, "%.0f") }), bestMMA("f64+=f64"))
	add("L2", ref(func(d archdb.Datasheet) string { return orDash(d.L2) }), func(c *column) tcell {
		if v := c.Run.Device.Attributes["L2_CACHE_SIZE"]; v > 0 {
			return tcell{Text: record.SizeString(float64(v)), Value: float64(v), Unit: "bytes", Status: "driver"}
		}
		return empty
	})
	add("Memory TB/s", ref(func(d archdb.Datasheet) string { return rate(d.MemoryTBs, "%.2f") }), func(c *column) tcell {
		r := memoryRecord(c, "bandwidth", "DRAM read")
		if r == nil || r.Through == nil {
			return empty
		}
		cell := recordCell(c, r, nil)
		cell.Value, cell.Text, cell.Unit = r.Through.ResultsPerSecond/1e12, fmt.Sprintf("%.2f", r.Through.ResultsPerSecond/1e12), "terabytes/second"
		return cell
	})
	var src []string
	for _, d := range ds {
		src = append(src, d.GPU+": "+d.Source)
	}
	t.Note = "Sources: " + strings.Join(src, "; ") + "."
	return t
}
