// Package report turns recorded runs into documents. It reads records only:
// nothing here touches a GPU, so every output is testable with golden files
// on recorded results.
//
// Opinions: a number is shown only for a record whose status is ok; any
// other record shows its status and why. Every row names the record ids it
// came from, so a reader can find the samples and provenance in the JSON.
// Units are scaled for display only. Every string that comes from a file
// (a results file, a library measurement) is escaped where it is written
// (package mdtext), so that the document shows it as text: a device name
// holding a tag or a subject holding a | is shown, not obeyed.
package report

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gpuarch/gpuarch/compare"
	"github.com/gpuarch/gpuarch/mdtext"
	"github.com/gpuarch/gpuarch/measure/alu"
	"github.com/gpuarch/gpuarch/measure/warp"
	"github.com/gpuarch/gpuarch/record"
)

// Markdown writes the document for run.
func Markdown(w io.Writer, run *record.Run) error { return MarkdownWith(w, run, nil) }

// MarkdownWith is Markdown with a library GEMM measurement (nil: none) set
// beside the matrix units' rates. It refuses a measurement taken on
// another GPU than the run's (Library.Check) unless lib.OtherGPU says the
// caller allows it; the document says on which GPU it was taken.
func MarkdownWith(w io.Writer, run *record.Run, lib *Library) error {
	return MarkdownOf(w, run, Extras{Library: lib})
}

// Extras are what a document sets beside the run's own records.
type Extras struct {
	// Library is a library GEMM measurement (nil: none; see
	// MarkdownWith).
	Library *Library
	// Repeats are other runs of the model, for the section on
	// variability between runs (nil: no section).
	Repeats *compare.Repeats
}

// MarkdownOf is Markdown with x set beside the run's records.
func MarkdownOf(w io.Writer, run *record.Run, x Extras) error {
	lib := x.Library
	if lib != nil && !lib.OtherGPU {
		if err := lib.Check(run.Device); err != nil {
			return err
		}
	}
	var b strings.Builder
	d := run.Device
	fmt.Fprintf(&b, "# %s — microarchitecture measurements\n\n", mdtext.Escape(orDash(d.Name)))
	writeOverview(&b, run)
	// The seeds' order: the chip beside others (on-chip memory,
	// operations per clock), bottlenecks, layout, instruction tables, then
	// the rest.
	writeCrossVendor(&b, run)
	pd := gatherPipes(run)
	pm := inferPipes(run, pd)
	writeBottlenecks(&b, run, pd, pm)
	writeOperands(&b, pd)
	writeLayout(&b, run, pd, pm)
	writeALU(&b, run)
	writeWarp(&b, run)
	vars := variationsOf(run, x.Repeats)
	writeMemory(&b, run, vars)
	writeDispatch(&b, run)
	writeMMA(&b, run, lib)
	writeAsync(&b, run)
	writeHostLinks(&b, run)
	writePower(&b, run)
	writeTime(&b, run)
	writeVariability(&b, run, vars)
	writeNotes(&b, run)
	writeSources(&b, run)
	writeRecords(&b, run)
	_, err := io.WriteString(w, b.String())
	return err
}

// cellUnits is u with every name escaped for a table cell or the middle of
// a line: a results file names its units.
func cellUnits(u record.Units) record.Units {
	c := mdtext.Cell
	return record.Units{Core: c(u.Core), Cores: c(u.Cores), Subgroup: c(u.Subgroup), Subgroups: c(u.Subgroups)}
}

// capitalize returns s with its first letter in upper case.
func capitalize(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

func writeOverview(b *strings.Builder, run *record.Run) {
	d := run.Device
	u := cellUnits(d.UnitsOf())
	c := mdtext.Cell
	fmt.Fprintf(b, "| | |\n| --- | --- |\n")
	row := func(k, v string) { fmt.Fprintf(b, "| %s | %s |\n", k, v) }
	cc := ""
	if d.ComputeCapability != "" {
		cc = "compute capability " + c(d.ComputeCapability) + ", "
	}
	cores := fmt.Sprintf("%d %s", d.SMs, u.Cores)
	if d.SMs == 0 {
		cores = u.Cores + " not reported by the driver"
	}
	row("GPU", fmt.Sprintf("%s (%s%s)", c(d.Name), cc, cores))
	row("UUID", c(d.UUID))
	if v := d.Vulkan; d.BackendOf() == "vulkan" && v != nil {
		row("Driver", fmt.Sprintf("%s, %s %s (Vulkan %s, loader %s)", c(orDash(d.DriverVersion)), c(v.DriverName), c(v.DriverInfo), c(v.APIVersion), c(orDash(v.LoaderVersion))))
		row("Kernels", fmt.Sprintf("SPIR-V 1.5 written by gpuarch, compiled by the driver into one pipeline per kernel and workgroup width; %d-wide %s", v.SubgroupSize, u.Subgroups))
		if d.CoresSource != "" {
			row(c(capitalize(d.UnitsOf().Cores)), c(d.CoresSource))
		}
		if v.Timing == "timestamps" {
			row("Timing", "GPU timestamps around each whole dispatch, every record marked so; the subgroup clock "+c(orDash(v.SubgroupClock)))
		} else {
			row("Timing", fmt.Sprintf("%s: cycles from VK_KHR_shader_clock's subgroup clock, nanoseconds from its device clock; %s", c(v.Timing), c(orDash(v.SubgroupClock))))
		}
		row("Machine code", machineCodeSummary(run))
	} else {
		row("Driver", fmt.Sprintf("%s (CUDA %d.%d)", c(orDash(d.DriverVersion)), d.CUDAVersion/1000, d.CUDAVersion%1000/10))
		row("PTX", fmt.Sprintf(".version %s, .target %s, JIT-compiled by the driver", c(d.PTXVersion), c(d.PTXTarget)))
	}
	if run.Warmup != nil {
		row(u.Core+" clock after warm-up", fmt.Sprintf("%.0f MHz (measured: %s)", run.Warmup.Hz/1e6, c(run.Warmup.Source)))
		if s := clockSpread(run); s != "" {
			row(u.Core+" clock across records", s)
		}
	}
	if d.MaxSMClockHz > 0 {
		row(u.Core+" clock, NVML maximum", fmt.Sprintf("%.0f MHz", d.MaxSMClockHz/1e6))
	}
	row("Tool", fmt.Sprintf("%s %s (%s), backend %s", c(run.Tool.Name), c(run.Tool.Version), c(run.Tool.GoVersion), c(run.Tool.Backend)))
	row("Run", fmt.Sprintf("%s, %.1f s, %s", run.Started.UTC().Format("2006-01-02 15:04 MST"), run.ElapsedSeconds, completeness(run)))
	b.WriteString("\n")
}

// clockSpread says how many records' kernels ran within OffClockShare of
// the warm-up clock, by the clock each record measured while it ran, and
// for each suite with others how many and at what clocks: a figure in
// cycles of a level off the SM clock, or in bytes per SM clock from one,
// is that clock's. "" where no record measured a clock or the warm-up
// could not be measured.
func clockSpread(run *record.Run) string {
	warm := run.Warmup.ReferenceHz()
	if warm <= 0 {
		return ""
	}
	type span struct {
		n      int
		lo, hi float64
	}
	var total, within, marked int
	off := map[string]*span{}
	var suites []string
	for _, r := range run.Records {
		c := r.Provenance.Clock
		if r.Status == record.StatusInvalid && strings.HasPrefix(r.Reason, record.OffClockReason) {
			marked++
		}
		if r.Status != record.StatusOK || c == nil || c.Hz <= 0 {
			continue
		}
		total++
		if !record.OffClock(c.Hz, c.Hz, warm) {
			within++
			continue
		}
		sp, ok := off[r.Suite]
		if !ok {
			sp = &span{lo: c.Hz, hi: c.Hz}
			off[r.Suite] = sp
			suites = append(suites, r.Suite)
		}
		sp.n++
		sp.lo, sp.hi = min(sp.lo, c.Hz), max(sp.hi, c.Hz)
	}
	if total == 0 && marked == 0 {
		return ""
	}
	out := fmt.Sprintf("within %.0f%% of the warm-up's in %d of %d records", 100*record.OffClockShare, within, total)
	if marked > 0 {
		out += fmt.Sprintf("; %d more ran off it in two takes, the second after a warm-up, and are marked invalid, out of the tables (Notes lists them)", marked)
	}
	if len(suites) == 0 {
		return out
	}
	parts := make([]string, len(suites))
	for i, su := range suites {
		sp := off[su]
		parts[i] = fmt.Sprintf("%s %d (%.0f–%.0f MHz)", mdtext.Cell(su), sp.n, sp.lo/1e6, sp.hi/1e6)
	}
	return out + "; the others, by suite: " + strings.Join(parts, ", ") + ". A power limit lowers the clock under heavy load; some drivers (NVIDIA's Vulkan driver) lower it when the GPU is barely busy. Cycles of the L1 and shared memory, and instruction figures, hold at any clock; those of the L2 and DRAM, and bytes per SM clock from them, are the clock's each record gives"
}

// machineCodeSummary says what the driver let gpuarch see of the machine
// code of a Vulkan run's probes, as a table cell.
func machineCodeSummary(run *record.Run) string {
	var verified, listed, stats, none int
	note := ""
	for _, r := range run.Records {
		s := r.Code
		if s == nil {
			continue
		}
		switch {
		case s.Status == "verified":
			verified++
		case len(s.Counts) > 0:
			listed++
		case len(s.Statistics) > 0:
			stats++
			note = s.Note
		default:
			none++
			if note == "" {
				note = s.Note
			}
		}
	}
	switch {
	case verified+listed > 0:
		return fmt.Sprintf("the driver's machine code: %d records checked against the catalog's expectations, %d counted without one", verified, listed)
	case stats > 0:
		return "the driver reports statistics, not machine code (" + mdtext.Cell(note) + "): probes are not verified against their machine code; the tables' Machine code column shows how much the driver's binary grew per chain step (\"+16 B/step\": one 16-byte instruction on NVIDIA GPUs since Volta), a chain that did not grow is marked invalid, and the statistics are kept in every record"
	case none > 0:
		return mdtext.Cell(note)
	}
	return "—"
}

func completeness(run *record.Run) string {
	if run.Complete {
		return "complete"
	}
	return "**incomplete** (interrupted: holds what was measured before)"
}

// aluRow pairs the latency and throughput records of one instruction.
type aluRow struct {
	subject, group string
	lat, tp        *record.Record
}

func aluRows(run *record.Run, suite string) []aluRow {
	var rows []aluRow
	idx := map[string]int{}
	for i := range run.Records {
		r := &run.Records[i]
		if r.Suite != suite {
			continue
		}
		j, ok := idx[r.Subject]
		if !ok {
			j = len(rows)
			idx[r.Subject] = j
			rows = append(rows, aluRow{subject: r.Subject, group: r.Group})
		}
		switch r.Quantity {
		case record.Latency:
			rows[j].lat = r
		case record.Throughput:
			rows[j].tp = r
		}
	}
	return rows
}

func writeALU(b *strings.Builder, run *record.Run) {
	rows := aluRows(run, alu.Suite)
	b.WriteString("## Instruction throughput and latency\n\n")
	if len(rows) == 0 {
		b.WriteString("The ALU suite was not run.\n\n")
		return
	}
	u := cellUnits(run.Device.UnitsOf())
	if run.Device.BackendOf() == "vulkan" {
		fmt.Fprintf(b, "SPIR-V instructions (and GLSL.std.450 functions) as the Vulkan driver compiles them. Throughput is per %[1]s per clock at the best of the %[2]s-per-%[1]s × ILP sweep, as results (one per invocation, two for a two-wide vector) and as cycles per %[2]s instruction on one of the %[1]s's %[3]d schedulers. "+
			"Latency is the slope of cycles against dependent-chain length (one %[2]s, the subgroup clock in-kernel); adjusted latency subtracts the control group (the same kernel without the instruction) from the longest chain instead of fitting. "+
			"Machine code is what one chain step compiled to where the driver shows it. † marks a row measured in a form explained under Notes; ⚠ a number with a warning. "+
			"Each row's records are `alu/<instruction>/latency` and `alu/<instruction>/throughput` in results.json; `gpuarch compare` sets them beside another backend's by operation.\n\n", u.Core, u.Subgroup, max(1, run.Device.SubPartitions))
	} else {
		b.WriteString("Throughput is per SM per clock at the best of the warps-per-SM × ILP sweep, as results (per-thread results, the CUDA C++ Programming Guide's unit) and as cycles per warp instruction on one of the SM's sub-partitions. " +
			"*Documented* is NVIDIA's published rate for the instruction's class (reference data, not measured; ≠ marks a measurement more than 10% away, with the likely reason under Notes). " +
			"Latency is the slope of cycles against dependent-chain length (one warp, %clock64 in-kernel); adjusted latency subtracts the control group (the same kernel without the instruction) from the longest chain instead of fitting. " +
			"SASS is what one chain step compiled to. † marks a row measured in a form explained under Notes; ⚠ a number with a warning. " +
			"Each row's records are `alu/<instruction>/latency` and `alu/<instruction>/throughput` in results.json.\n\n")
	}
	writeChainTable(b, rows, u, run.Device.BackendOf())
	writeSequences(b, rows)
}

// writeWarp writes the warp-level suite's table: the seeds' SIMD-group
// communication section.
func writeWarp(b *strings.Builder, run *record.Run) {
	rows := aluRows(run, warp.Suite)
	b.WriteString("## Warp-level communication\n\n")
	if len(rows) == 0 {
		b.WriteString("The warp suite was not run.\n\n")
		return
	}
	u := cellUnits(run.Device.UnitsOf())
	if run.Device.BackendOf() == "vulkan" {
		fmt.Fprintf(b, "Vulkan's subgroup operations across a %[1]d-wide %[2]s (every invocation taking part): shuffles, votes, ballots, reductions, clustered (quad) reductions and scans, measured as the instruction table above is: throughput as results per %[3]s per clock (one per invocation) and cycles per %[2]s instruction, latency as the slope of cycles against chain length. Where a step needs more than the instruction (a compare before a vote, the invocation's index mixed back into a uniform result), the row is marked † and the note says what. Records `warp/<instruction>/latency` and `warp/<instruction>/throughput`.\n\n", run.Device.WarpSize, u.Subgroup, u.Core)
	} else {
		b.WriteString("Shuffles, votes, matches and reductions across a warp's 32 lanes (all lanes taking part), their quad (4-lane) forms, and the reductions and prefix scans programs build from them, measured as the instruction table above is: throughput as results per SM per clock (one per lane) and cycles per warp instruction on one sub-partition, latency as the slope of cycles against chain length. Where a step needs more than the instruction (a compare before a vote, the lane mixed back into a warp-uniform result), the row is marked † and the note says what; the sequence table shows each step's machine code. Records `warp/<instruction>/latency` and `warp/<instruction>/throughput`.\n\n")
	}
	writeChainTable(b, rows, u, run.Device.BackendOf())
	writeSequences(b, rows)
}

// writeChainTable writes the rows of chain-measured instructions, grouped;
// u's names are escaped (cellUnits).
func writeChainTable(b *strings.Builder, rows []aluRow, u record.Units, backend string) {
	code := "SASS"
	if backend != "cuda" {
		code = "Machine code"
	}
	fmt.Fprintf(b, "| Instruction | %s | Results/clk/%s | Documented | Cycles/%s inst | Latency (cycles) | Adjusted latency |\n", code, u.Core, u.Subgroup)
	b.WriteString("| --- | --- | ---: | ---: | ---: | ---: | ---: |\n")
	group := ""
	for _, r := range rows {
		if r.group != group {
			group = r.group
			fmt.Fprintf(b, "| **%s** | | | | | | |\n", mdtext.Cell(group))
		}
		seq := "—"
		if s := sassOf(r); s != nil && s.Sequence != "" {
			seq = mdtext.Cell(s.Sequence)
		} else if s != nil && s.BinaryBytesPerStep != nil {
			// The driver shows no machine code; its binary's growth per
			// chain step says how much code one step became.
			seq = fmt.Sprintf("+%.3g B/step", *s.BinaryBytesPerStep)
			if s.Status == "invalid" {
				seq += " (invalid)"
			}
		} else if s != nil && s.Status != "verified" {
			seq = "(" + mdtext.Cell(s.Status) + ")"
		}
		name := mdtext.CellCode(r.subject)
		if (r.lat != nil && r.lat.Note != "") || (r.tp != nil && r.tp.Note != "") {
			name += " †"
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s | %s | %s |\n",
			name, seq, tpResults(r.tp), documented(r.tp), tpCycles(r.tp), latValue(r.lat, false), latValue(r.lat, true))
	}
	b.WriteString("\n")
}

// documented shows the reference rate of a throughput record.
func documented(r *record.Record) string {
	if r == nil || r.Through == nil || r.Through.Reference == nil {
		return "—"
	}
	ref := r.Through.Reference
	v := "multiple instr."
	if !ref.Multiple {
		v = trim(ref.ResultsPerClockPerSM)
	}
	if ref.Flag {
		v += " ≠"
	}
	return v
}

// writeSequences lists the instructions that are not one machine
// instruction, as the seeds' "Instruction Sequence -> Actual Instructions".
func writeSequences(b *strings.Builder, rows []aluRow) {
	var lines []string
	for _, r := range rows {
		s := sassOf(r)
		if s == nil || len(s.PerStep) == 0 {
			continue
		}
		total := 0.0
		for _, n := range s.PerStep {
			total += n
		}
		if len(s.PerStep) == 1 && total == 1 {
			continue
		}
		lines = append(lines, fmt.Sprintf("| %s | %s | %.3g |\n", mdtext.CellCode(r.subject), mdtext.Cell(s.Sequence), total))
	}
	if len(lines) == 0 {
		return
	}
	b.WriteString("### Instruction sequences → machine instructions\n\n")
	b.WriteString("PTX instructions (and sequences) that are not one SASS instruction, from the difference between two chain lengths' machine code. Fractions mean ptxas alternates forms from step to step.\n\n")
	b.WriteString("| Instruction | Machine instructions per step | Count |\n| --- | --- | ---: |\n")
	for _, l := range lines {
		b.WriteString(l)
	}
	b.WriteString("\n")
}

func sassOf(r aluRow) *record.CodeCheck {
	if r.lat != nil && r.lat.Code != nil {
		return r.lat.Code
	}
	if r.tp != nil {
		return r.tp.Code
	}
	return nil
}

func statusCell(r *record.Record) string {
	if r == nil {
		return "—"
	}
	return r.Status.String()
}

func tpResults(r *record.Record) string {
	if r == nil || r.Status != record.StatusOK || r.Through == nil {
		return statusCell(r)
	}
	return linked(r, trim(r.Through.ResultsPerClockPerSM)) + warnMark(r)
}

func tpCycles(r *record.Record) string {
	if r == nil || r.Status != record.StatusOK || r.Through == nil {
		return statusCell(r)
	}
	return fmt.Sprintf("%.2f", r.Through.CyclesPerWarpInst)
}

func latValue(r *record.Record, adjusted bool) string {
	if r == nil || r.Status != record.StatusOK || r.Latency == nil {
		return statusCell(r)
	}
	if adjusted {
		return fmt.Sprintf("%.2f", r.Latency.AdjustedCycles)
	}
	return linked(r, fmt.Sprintf("%.2f", r.Latency.Cycles)) + warnMark(r)
}

func warnMark(r *record.Record) string {
	if len(r.Warnings) > 0 {
		return " ⚠"
	}
	return ""
}

// trim prints a rate with as many decimals as its size deserves.
func trim(v float64) string {
	switch {
	case v >= 100:
		return fmt.Sprintf("%.1f", v)
	case v >= 10:
		return fmt.Sprintf("%.2f", v)
	case v == 0 || math.Abs(v) >= 0.1:
		return fmt.Sprintf("%.3f", v)
	default:
		// Small quantities (seconds of a round trip) keep three
		// significant digits.
		return fmt.Sprintf("%.3g", v)
	}
}

func writeNotes(b *strings.Builder, run *record.Run) {
	type note struct{ id, text string }
	var notes []note
	noted := map[string]bool{}
	for _, r := range run.Records {
		if r.Note != "" && !noted[r.Subject] {
			noted[r.Subject] = true
			notes = append(notes, note{record.MakeID(r.Suite, "", r.Subject, ""), "note: " + oneLine(r.Note)})
		}
		if r.Status != record.StatusOK {
			notes = append(notes, note{r.ID, fmt.Sprintf("%s: %s", r.Status, oneLine(r.Reason))})
		}
		for _, w := range r.Warnings {
			notes = append(notes, note{r.ID, "warning: " + oneLine(w)})
		}
		if r.Through != nil && r.Through.Reference != nil && r.Through.Reference.Flag {
			ref := r.Through.Reference
			notes = append(notes, note{r.ID, fmt.Sprintf("≠ documented (%s: %s): measured/documented = %.2f; likely: %s",
				oneLine(ref.Class), oneLine(ref.Row), ref.Ratio, oneLine(ref.Reason))})
		}
	}
	for _, n := range run.Notes {
		notes = append(notes, note{"run", "note: " + oneLine(n)})
	}
	for _, w := range run.Warnings {
		notes = append(notes, note{"run", "warning: " + oneLine(w)})
	}
	if len(notes) == 0 {
		return
	}
	sort.SliceStable(notes, func(i, j int) bool { return notes[i].id < notes[j].id })
	b.WriteString("## Notes, failures and warnings\n\n")
	for _, n := range notes {
		fmt.Fprintf(b, "- %s %s\n", mdtext.Code(n.id), n.text)
	}
	b.WriteString("\n")
}

// oneLine is a message from a file (a note, a reason, a warning, an error)
// on one line of at most about 400 bytes, escaped for a table cell or the
// middle of a line (mdtext.Cell).
func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 400 {
		s = s[:400] + "…"
	}
	return mdtext.Cell(s)
}

// writeSources cites the reference data the document shows.
func writeSources(b *strings.Builder, run *record.Run) {
	seen := map[string]bool{}
	var srcs []string
	for _, r := range run.Records {
		if r.Through != nil && r.Through.Reference != nil && !seen[r.Through.Reference.Source] {
			seen[r.Through.Reference.Source] = true
			srcs = append(srcs, r.Through.Reference.Source)
		}
	}
	if len(srcs) == 0 {
		return
	}
	b.WriteString("## Reference data\n\n")
	for _, s := range srcs {
		fmt.Fprintf(b, "- Documented rates: %s\n", mdtext.Escape(s))
	}
	b.WriteString("\n")
}
