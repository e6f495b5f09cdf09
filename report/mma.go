package report

import (
	"fmt"
	"sort"
	"strings"

	"github.com/gpuarch/gpuarch/mdtext"
	"github.com/gpuarch/gpuarch/measure/mma"
	"github.com/gpuarch/gpuarch/record"
)

// mmaRow is one matrix instruction form's records.
type mmaRow struct {
	name          string
	group         string
	lat, tp, zero *record.Record
}

func mmaRows(run *record.Run) []*mmaRow {
	var rows []*mmaRow
	by := map[string]*mmaRow{}
	for i := range run.Records {
		r := &run.Records[i]
		if r.Suite != mma.Suite || r.Group == mma.GroupFragment {
			continue
		}
		name, zero := strings.CutSuffix(r.Subject, mma.ZerosSuffix)
		row, ok := by[name]
		if !ok {
			row = &mmaRow{name: name, group: r.Group}
			by[name] = row
			rows = append(rows, row)
		}
		switch {
		case zero:
			row.zero = r
		case r.Quantity == record.Latency:
			row.lat = r
		default:
			row.tp = r
		}
	}
	return rows
}

// sensorsCell prints the in-kernel clock and NVML's power after a run.
func sensorsCell(r *record.Record) string {
	if r == nil || r.Status != record.StatusOK || r.Provenance.Clock == nil {
		return "—"
	}
	c := r.Provenance.Clock
	s := fmt.Sprintf("%.0f MHz", c.Hz/1e6)
	switch {
	case c.During != nil && c.During.PowerW > 0:
		s += fmt.Sprintf(", %.0f W", c.During.PowerW)
	case c.After != nil && c.After.PowerW > 0:
		s += fmt.Sprintf(", %.0f W after", c.After.PowerW)
	}
	return s
}

func writeMMA(b *strings.Builder, run *record.Run, lib *Library) {
	rows := mmaRows(run)
	b.WriteString("## Matrix units\n\n")
	if len(rows) == 0 {
		b.WriteString("The mma suite was not run.\n\n")
		return
	}
	cuda := false
	for _, r := range rows {
		cuda = cuda || r.group != coopMatGroup
	}
	writeCoopMatIntro(b, run, rows)
	if !cuda {
		b.WriteString("| Form | Code | Latency (cycles) | Best (subgroups/SM × accumulators) | Ops/clk/SM | TOPS | Share of peak | Clock |\n")
		b.WriteString("| --- | --- | ---: | --- | ---: | ---: | ---: | --- |\n")
		for _, r := range rows {
			writeCoopMatRow(b, r)
		}
		b.WriteString("\n")
		if line := coopMatVerdict(rows); line != "" {
			b.WriteString(line + "\n\n")
		}
		return
	}
	b.WriteString("Every tensor-core instruction form: warp-level `mma.sync` (and 2:4-sparse `mma.sp`, whose operations count the dense-equivalent K, as datasheets do) on register fragments, and the warpgroup's `wgmma.mma_async` with A and B from shared memory (SS) or A from registers (RS), groups of four fenced, committed and waited for. Latency is one warp (or warpgroup) accumulating into one accumulator, cycles per instruction (for wgmma, with a commit and wait after each). Throughput is operations (a multiply-add counts two) per clock per SM at the best of the warps-per-SM × accumulators sweep, on random values (finite, in [0.5, 1) for floating point) over about 2·10⁸ cycles, then on zeros at the same shape; the clock is measured in the kernel. One form per input type (the widest SS wgmma; mma.sync for f64, and f16's m16n8k16) runs for about 1.2·10⁹ cycles instead, with NVML's power sampled during the run (the Power section). *Share* is of the documented dense peak for the input type (reference data: ")
	if src := firstReferenceSource(rows); src != "" {
		b.WriteString(mdtext.Escape(src))
	} else {
		b.WriteString("none for this GPU")
	}
	b.WriteString("). Records `mma/<form>/latency`, `mma/<form>/throughput` and `mma/<form>, zeros/throughput`.\n\n")
	if n := shortRuns(rows); n > 0 {
		fmt.Fprintf(b, "This run made the long runs for one type per matrix unit (the first f16 form of each instruction group, the widest SS one for wgmma, and f64's `mma m8n8k4`; the power forms among them sampled power); the other %d forms' rates, marked *(short)*, come from a run of about 2·10⁶ cycles at the best shape, at most 0.05%% under the long runs' on an H200 (156 records). `gpuarch run --mma-long` makes every form's long runs.\n\n", n)
	}
	b.WriteString("| Form | SASS | Latency (cycles) | Best (warps/SM × accumulators) | Ops/clk/SM | TOPS | Share of peak | Clock, power | Zeros: ops/clk/SM | Zeros: clock, power |\n")
	b.WriteString("| --- | --- | ---: | --- | ---: | ---: | ---: | --- | ---: | --- |\n")
	group := ""
	var notes []string
	for _, r := range rows {
		if r.group != group {
			group = r.group
			fmt.Fprintf(b, "| **%s** | | | | | | | | | |\n", mdtext.Cell(group))
		}
		sass := "—"
		if r.tp != nil && r.tp.Code != nil && len(r.tp.Code.Counts) > 0 {
			sass = mdtext.Cell(strings.Join(mmaOpcodes(r.tp.Code), ", "))
		} else if c := coopMatCode(r); c != "" {
			sass = c
		}
		lat := valueCell(r.lat, "%.1f")
		if r.tp == nil || r.tp.Status != record.StatusOK || r.tp.Through == nil {
			why := "—"
			if r.tp != nil {
				why = fmt.Sprintf("%s: %s", r.tp.Status, oneLine(r.tp.Reason))
			}
			fmt.Fprintf(b, "| %s | %s | %s | %s | | | | | | |\n", mdtext.CellCode(r.name), sass, lat, why)
			if n := emulatedNote(r); n != "" {
				notes = append(notes, fmt.Sprintf("- %s: %s", mdtext.Code(r.name), n))
			}
			continue
		}
		t := r.tp.Through
		share := "—"
		if t.Reference != nil && t.Reference.ResultsPerClockPerSM > 0 {
			share = fmt.Sprintf("%.1f%%", 100*t.Reference.Ratio)
		}
		rate := linked(r.tp, fmt.Sprintf("%.0f", r.tp.Value))
		if shortRun(r.tp) {
			rate += " *(short)*"
		}
		fmt.Fprintf(b, "| %s | %s | %s | %d × %d | %s | %.1f | %s | %s | %s | %s |\n", mdtext.CellCode(r.name), sass, lat, t.Best.WarpsPerSM, t.Best.ILP,
			rate, t.ResultsPerSecond/1e12, share, sensorsCell(r.tp), valueCell(r.zero, "%.0f"), sensorsCell(r.zero))
	}
	b.WriteString("\n")
	if len(notes) > 0 {
		b.WriteString(strings.Join(notes, "\n") + "\n\n")
	}
	if line := mmaVerdict(rows, run.Device.SubPartitions); line != "" {
		b.WriteString(line + "\n\n")
	}
	writeLibrary(b, lib, rows, run.Device)
	writeFragments(b, run)
}

// latencyPair is one row's latency record and its other (throughput)
// record; either may be nil.
type latencyPair struct{ lat, tp *record.Record }

// pairLatency groups records by key, in the order keys first appear, each
// group's latency record beside its other one.
func pairLatency(recs []*record.Record, key func(*record.Record) string) ([]string, map[string]*latencyPair) {
	var order []string
	by := map[string]*latencyPair{}
	for _, r := range recs {
		k := key(r)
		w := by[k]
		if w == nil {
			w = &latencyPair{}
			by[k] = w
			order = append(order, k)
		}
		if r.Quantity == record.Latency {
			w.lat = r
		} else {
			w.tp = r
		}
	}
	return order, by
}

// writeFragments tabulates ldmatrix and stmatrix.
func writeFragments(b *strings.Builder, run *record.Run) {
	var frags []*record.Record
	for i := range run.Records {
		if r := &run.Records[i]; r.Suite == mma.Suite && r.Group == mma.GroupFragment {
			frags = append(frags, r)
		}
	}
	names, by := pairLatency(frags, func(r *record.Record) string { return r.Subject })
	if len(names) == 0 {
		return
	}
	b.WriteString("### Fragment loads and stores\n\n")
	b.WriteString("`ldmatrix` and `stmatrix` moving 8×8 b16 matrices between shared memory and registers, each lane addressing one 16-byte row (no bank conflicts). Latency: one warp, each load's address waiting for the last load's data (through an AND with a runtime zero and an add); the slope of cycles per loop iteration against 1 to 16 dependent loads per iteration, less the same slope of a control chain that has the AND and the add but a move in place of the load, so that neither the loop nor the address arithmetic is in the figure. Throughput: the whole GPU, the best of 4 to 32 warps per SM with 1 to 4 chains each. Records `mma/<instruction>/latency|throughput`.\n\n")
	b.WriteString("| Instruction | SASS | Latency (cycles) | Warp inst/clk/SM | Bytes/clk/SM | Best (warps/SM × chains) |\n| --- | --- | ---: | ---: | ---: | --- |\n")
	for _, n := range names {
		w := by[n]
		sass, bytes, best := "—", "—", "—"
		if w.tp != nil && w.tp.Code != nil && len(w.tp.Code.Counts) > 0 {
			sass = mdtext.Cell(strings.Join(mmaOpcodes(w.tp.Code), ", "))
		}
		if w.tp != nil && w.tp.Status == record.StatusOK && w.tp.Through != nil {
			bytes = fmt.Sprintf("%.0f", w.tp.Through.ResultsPerClockPerSM)
			best = fmt.Sprintf("%d × %d", w.tp.Through.Best.WarpsPerSM, w.tp.Through.Best.ILP)
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s | %s |\n", mdtext.CellCode(n), sass, valueCell(w.lat, "%.1f"), valueCell(w.tp, "%.3f"), bytes, best)
	}
	b.WriteString("\n")
}

// emulatedNote says why a form's machine code lacks its instruction, when
// the machine code shows: converted to another type, or a function call.
func emulatedNote(r *mmaRow) string {
	if r.tp == nil || r.tp.Code == nil {
		return ""
	}
	c := r.tp.Code.Counts
	for op := range c {
		switch {
		case strings.HasPrefix(op, "F2FP"):
			return "ptxas converts the inputs to f16 (F2FP) and runs HMMA, and, the fragments being the same every iteration, hoists the products out of the loop: this GPU has no native warp-level instruction for the type, and the chain cannot time one."
		case strings.HasPrefix(op, "CALL"):
			return "ptxas compiles it to a function call: this GPU has no native instruction for the type."
		}
	}
	return ""
}

// mmaVerdict compares the warp-level and warpgroup forms' best shares of
// the documented peak, and says what holds mma.sync back: the issue
// interval its best form reaches against the one the peak needs.
func mmaVerdict(rows []*mmaRow, subPartitions int) string {
	type best struct {
		share float64
		row   *mmaRow
	}
	var syncB, wgB, f64B best
	for _, r := range rows {
		if r.tp == nil || r.tp.Status != record.StatusOK || r.tp.Through == nil || r.tp.Through.Reference == nil {
			continue
		}
		s := r.tp.Through.Reference.Ratio
		switch {
		case strings.Contains(r.name, "f64"):
			if s > f64B.share {
				f64B = best{s, r}
			}
		case r.group == mma.GroupWGMMA:
			if s > wgB.share {
				wgB = best{s, r}
			}
		case r.group == mma.GroupMMASync:
			if s > syncB.share {
				syncB = best{s, r}
			}
		}
	}
	if syncB.row == nil || wgB.row == nil {
		return ""
	}
	line := fmt.Sprintf("For 16-bit, 8-bit and tf32 inputs the best warp-level form (%s) reaches %.1f%% of the documented peak and the best warpgroup form (%s) %.1f%%: the documented tensor rate is reached only by `wgmma`.",
		mdtext.Code(syncB.row.name), 100*syncB.share, mdtext.Code(wgB.row.name), 100*wgB.share)
	if rate, per := syncB.row.tp.Value, float64(mmaFlops(syncB.row.name)); rate > 0 && per > 0 {
		// Cycles between instructions on one sub-partition: the
		// instruction's operations over its share of the SM's rate.
		sp := float64(max(1, subPartitions))
		ref := syncB.row.tp.Through.Reference.ResultsPerClockPerSM
		line += fmt.Sprintf(" Its machine instruction issues once every %.1f cycles on each sub-partition, where the peak needs one every %.1f, while the same tensor units run at the full rate under `wgmma` (the latency, %s cycles, is hidden at the best shape).",
			per*sp/rate, per*sp/ref, valueCell(syncB.row.lat, "%.0f"))
	}
	if f64B.row != nil {
		line += fmt.Sprintf(" FP64 has no warpgroup form: %s reaches %.1f%% of the FP64 tensor peak.", mdtext.Code(f64B.row.name), 100*f64B.share)
	}
	return line
}

// mmaFlops reads M, N and K from a form's name ("mma m16n8k16 ...") and
// returns 2·M·N·K, or 0.
func mmaFlops(name string) int {
	var m, n, k int
	for _, f := range strings.Fields(name) {
		if _, err := fmt.Sscanf(f, "m%dn%dk%d", &m, &n, &k); err == nil {
			return 2 * m * n * k
		}
	}
	return 0
}

// mmaOpcodes lists the matrix opcodes a record's machine code holds.
func mmaOpcodes(s *record.CodeCheck) []string {
	var out []string
	for op, n := range s.Counts {
		for _, e := range s.Expected {
			if strings.HasPrefix(op, e) && n > 0 {
				out = append(out, op)
				break
			}
		}
	}
	if len(out) == 0 {
		return []string{"(none of " + strings.Join(s.Expected, "/") + ")"}
	}
	sort.Strings(out)
	return out
}

// shortRunMark is what the note of a matrix rate taken from a short run
// holds (measure/mma's ShortNote).
const shortRunMark = "run --mma-long"

// shortRun says whether rec's rate came from a short run.
func shortRun(rec *record.Record) bool {
	return rec != nil && strings.Contains(rec.Note, shortRunMark)
}

// shortRuns counts the forms whose random-data rate came from a short run.
func shortRuns(rows []*mmaRow) int {
	n := 0
	for _, r := range rows {
		if shortRun(r.tp) {
			n++
		}
	}
	return n
}

func firstReferenceSource(rows []*mmaRow) string {
	for _, r := range rows {
		if r.tp != nil && r.tp.Through != nil && r.tp.Through.Reference != nil {
			return r.tp.Through.Reference.Source
		}
	}
	return ""
}

// writePower is the seeds' power section from what was sampled: the
// board's power (NVML, median over the second half of each long matrix
// run) over the operations per second, on random data and on zeros.
func writePower(b *strings.Builder, run *record.Run) {
	b.WriteString("## Power\n\n")
	type row struct {
		name         string
		rand, zeroes *record.Record
	}
	var rows []row
	for _, r := range mmaRows(run) {
		if r.tp != nil && r.tp.Status == record.StatusOK && r.tp.Provenance.Clock != nil && r.tp.Provenance.Clock.During != nil && r.tp.Through != nil {
			rows = append(rows, row{r.name, r.tp, r.zero})
		}
	}
	if len(rows) == 0 {
		b.WriteString("No power was sampled (the mma suite was not run, or NVML was unavailable).\n\n")
		return
	}
	which := "one form per input type"
	if shortRuns(mmaRows(run)) > 0 {
		which = "for one type per matrix unit in this run (`gpuarch run --mma-long`: one form per input type)"
	}
	b.WriteString("The board's power as NVML reports it (the median of readings every 20 ms over the second half of a run of about 1.2·10⁹ cycles, " + which + ", so idle and memory power are included), over the operations per second it sustained: an upper bound on the energy of one operation. Zeros toggle fewer bits than random data. NVML's reading is an average that trails the load and, on A100 and H100, covers only part of each window (Yang et al., arXiv:2312.02741), so a run shorter than a second or so reads low.\n\n")
	b.WriteString("| Form | Random: W | pJ per operation | Zeros: W | pJ per operation |\n| --- | ---: | ---: | ---: | ---: |\n")
	cell := func(r *record.Record) (string, string) {
		if r == nil || r.Status != record.StatusOK || r.Provenance.Clock == nil || r.Provenance.Clock.During == nil || r.Through == nil || r.Through.ResultsPerSecond <= 0 {
			return "—", "—"
		}
		w := r.Provenance.Clock.During.PowerW
		return fmt.Sprintf("%.0f", w), fmt.Sprintf("%.2f", w/r.Through.ResultsPerSecond*1e12)
	}
	for _, r := range rows {
		rw, rp := cell(r.rand)
		zw, zp := cell(r.zeroes)
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s |\n", linked(r.rand, mdtext.CellCode(r.name)), rw, rp, zw, zp)
	}
	b.WriteString("\n")
}

// coopMatGroup is the group of the Vulkan backend's cooperative-matrix
// records.
const coopMatGroup = mma.GroupCoopMat

// writeCoopMatIntro says how the cooperative-matrix rows were measured
// and lists what the driver offers, when the run has such rows.
func writeCoopMatIntro(b *strings.Builder, run *record.Run, rows []*mmaRow) {
	n := 0
	for _, r := range rows {
		if r.group == coopMatGroup {
			n++
		}
	}
	if n == 0 {
		return
	}
	b.WriteString("Through Vulkan the matrix units are reached by cooperative matrices (VK_KHR_cooperative_matrix, subgroup scope), one row (group **coopmat**) per combination the driver lists. Latency is the slope of cycles over dependent chains of several lengths of `OpCooperativeMatrixMulAddKHR`, each result the next one's accumulator, run by one subgroup (length 0 is the control group). Throughput is operations (a multiply-add counts two) per clock per SM at the best of a grid of subgroups per workgroup × workgroups per SM × independent accumulators per subgroup, the whole GPU busy, A and B loaded before the timed loop and the results stored after it. The code column is what the driver let gpuarch see: the compiled binary's growth per multiply-add where it reports statistics only (NVIDIA: one HMMA is 16 bytes), its WMMA or DPAS instructions where it shows machine code. Records `mma/<form>/latency` and `mma/<form>/throughput`; each type combination's first throughput record carries the operation (`mma.f32+=f16*f16`) that the CUDA backend's `mma.sync` record of the same math carries, for `gpuarch compare`.\n\n")
	if v := run.Device.Vulkan; v != nil {
		var list []string
		for _, c := range v.CooperativeMatrix {
			s := fmt.Sprintf("%d×%d×%d %s·%s+%s→%s (%s)", c.M, c.N, c.K, c.A, c.B, c.C, c.Result, c.Scope)
			if c.Saturating {
				s += " saturating"
			}
			list = append(list, s)
		}
		if len(list) > 0 {
			fmt.Fprintf(b, "The driver lists %d combinations: %s.", len(list), mdtext.Escape(strings.Join(list, "; ")))
			if v.CooperativeMatrix2 != "" {
				fmt.Fprintf(b, " %s.", mdtext.Escape(v.CooperativeMatrix2))
			}
			b.WriteString("\n\n")
		} else {
			b.WriteString("The driver lists no cooperative matrices (the device lacks VK_KHR_cooperative_matrix).\n\n")
		}
	}
}

// writeCoopMatRow is one cooperative-matrix form in the Vulkan table.
func writeCoopMatRow(b *strings.Builder, r *mmaRow) {
	code := coopMatCode(r)
	if code == "" {
		code = "—"
	}
	lat := valueCell(r.lat, "%.1f")
	if r.tp == nil || r.tp.Status != record.StatusOK || r.tp.Through == nil {
		why := "—"
		if r.tp != nil {
			why = fmt.Sprintf("%s: %s", r.tp.Status, oneLine(r.tp.Reason))
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s | | | | |\n", mdtext.CellCode(r.name), code, lat, why)
		return
	}
	t := r.tp.Through
	share := "—"
	if t.Reference != nil && t.Reference.ResultsPerClockPerSM > 0 {
		share = fmt.Sprintf("%.1f%%", 100*t.Reference.Ratio)
	}
	fmt.Fprintf(b, "| %s | %s | %s | %d × %d (%d per workgroup) | %s | %.1f | %s | %s |\n", mdtext.CellCode(r.name), code, lat, t.Best.WarpsPerSM, t.Best.ILP,
		t.Best.WarpsPerSM/max(1, t.Best.BlocksPerSM), linked(r.tp, fmt.Sprintf("%.0f", r.tp.Value)), t.ResultsPerSecond/1e12, share, sensorsCell(r.tp))
}

// coopMatCode says what a cooperative-matrix form compiled to, from the
// driver's statistics: bytes of binary per multiply-add; "" when unknown.
func coopMatCode(r *mmaRow) string {
	if r.group != coopMatGroup {
		return ""
	}
	for _, rec := range []*record.Record{r.tp, r.lat} {
		if rec != nil && rec.Code != nil && rec.Code.BinaryBytesPerStep != nil {
			return fmt.Sprintf("binary +%.0f B per multiply-add", *rec.Code.BinaryBytesPerStep)
		}
	}
	return ""
}

// coopMatVerdict states the best cooperative-matrix share of the
// documented peak, with its shape.
func coopMatVerdict(rows []*mmaRow) string {
	var best *mmaRow
	for _, r := range rows {
		if r.group != coopMatGroup || r.tp == nil || r.tp.Status != record.StatusOK || r.tp.Through == nil || r.tp.Through.Reference == nil {
			continue
		}
		if best == nil || r.tp.Through.Reference.Ratio > best.tp.Through.Reference.Ratio {
			best = r
		}
	}
	if best == nil {
		return ""
	}
	t := best.tp.Through
	return fmt.Sprintf("The best cooperative matrix, %s, reaches %.1f%% of the documented dense peak for %s inputs at %d subgroups per SM (%d per workgroup) with %d accumulators each; `gpuarch compare` with a CUDA run of this GPU sets its rate beside `mma.sync`'s of the same types.",
		mdtext.Code(best.name), 100*t.Reference.Ratio, mdtext.Escape(strings.TrimPrefix(t.Reference.Class, "tensor ")), t.Best.WarpsPerSM, t.Best.WarpsPerSM/max(1, t.Best.BlocksPerSM), t.Best.ILP)
}
