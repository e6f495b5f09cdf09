package report

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/gpuarch/gpuarch/infer"
	"github.com/gpuarch/gpuarch/mdtext"
	"github.com/gpuarch/gpuarch/measure/memory"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/spec"
)

// levelStep is the smallest rise between plateaus that counts as a level.
const levelStep = 0.15

// latencyCurves returns the memory suite's latency curves.
func latencyCurves(run *record.Run) []*record.Record {
	var out []*record.Record
	for i := range run.Records {
		r := &run.Records[i]
		if r.Suite == memory.Suite && r.Quantity == record.Curve && r.Status == record.StatusOK && r.Curve != nil && r.Group == memory.GroupLatency {
			out = append(out, r)
		}
	}
	return out
}

func curvePoints(r *record.Record) []infer.Point {
	pts := make([]infer.Point, len(r.Curve.Points))
	for i, p := range r.Curve.Points {
		pts[i] = infer.Point{Bytes: float64(p.Bytes), Value: p.Value}
	}
	return pts
}

// spreadIn is the range of per-chain latencies over a plateau's points.
func spreadIn(r *record.Record, l infer.Level) (lo, hi float64) {
	lo, hi = math.Inf(1), 0
	for _, p := range r.Curve.Points {
		if float64(p.Bytes) >= l.From && float64(p.Bytes) <= l.To {
			lo, hi = math.Min(lo, p.Min), math.Max(hi, p.Max)
		}
	}
	return lo, hi
}

// levelClockNote says that a level's points ran at an SM clock more than
// record.OffClockShare off warm (the warm-up's), where they did: the latency in
// cycles of a level off the SM clock is then that clock's, not the
// warm-up's.
func levelClockNote(r *record.Record, l infer.Level, warm float64) string {
	_, lo, hi := r.Curve.ClockIn(l.From, l.To)
	if !record.OffClock(lo, hi, warm) {
		return ""
	}
	return fmt.Sprintf("ran at an SM clock of %s MHz, not the warm-up's %.0f MHz (the L2's and DRAM's cycles fall with the SM clock; shared memory's and the L1's do not)", record.MHzSpan(lo, hi), warm/1e6)
}

func writeMemory(b *strings.Builder, run *record.Run, vars *variations) {
	curves := latencyCurves(run)
	b.WriteString("## Memory hierarchy\n\n")
	if len(curves) == 0 {
		b.WriteString("The memory suite was not run.\n\n")
		return
	}
	writeOnChip(b, run, curves)
	if run.Device.BackendOf() == "vulkan" {
		u := cellUnits(run.Device.UnitsOf())
		fmt.Fprintf(b, "Through Vulkan the chase is SPIR-V written by gpuarch, following the same permutations as the CUDA backend's, the cycles read from the subgroup clock: `global ld.ca` is plain loads through a buffer device address; `global ld.cg` makes each load visible at device scope (the Vulkan memory model's MakePointerVisible, as PTX's `ld.relaxed.gpu`), the one way SPIR-V has to ask for a load around a non-coherent L1, which a driver may still serve from the L1 (when the two paths' first plateaus agree, it did); `shared` chases in a workgroup array sized by a specialization constant, up to the device's maxComputeSharedMemorySize. Vulkan has no constant address space and no control of the L1/workgroup-memory split: those chases are skipped, and the L1 found is the split the driver chose for a kernel without workgroup memory, which need not be the largest L1 the %s can have.\n\n", u.Core)
	}
	b.WriteString("Latency of a dependent load against footprint (a pointer chase over a random cyclic permutation that visits every 32-byte sector of the footprint once per pass, built on the GPU), through the L1 path (`ld.ca`), around it (`ld.cg`), through the constant cache (`ld.const`, a 64 KiB table) and in shared memory; the L1 chase is repeated with blocks that hold a given amount of shared memory (`global ld.ca, <n> KiB shared`), which forces the L1/shared carve-out to leave shared memory at least that much. The driver picks the carve-out at each launch, and it may take more than one block needs (as many of these one-thread blocks as possible fit an SM), so the L1 found is what the chosen configuration leaves, not 256 KiB less n. The L1 chase is also repeated with the kernel's preferred carve-out set explicitly (`global ld.ca, carve-out <p>%`, p percent of the most shared memory an SM can have) while its blocks hold none. One chase loads once per 2 MiB page (`global ld.cg, one load per 2 MiB page`, each load 64 bytes further into its page): the few lines it touches stay in the L2, so its steps are the address translation's (TLB) reach, not a cache's. One thread chases footprints it can cover quickly; beyond 4 MiB the `ld.cg` chase splits into one chain per SM, whose spread shows how latency differs between SMs. One more `ld.cg` chase runs from one SM (`global ld.cg, one SM`: the 32 warps of one block each follow a part of the permutation), at 24 footprints per octave from half the all-SM knee to four times it: see the L2's partitions below. Levels are detected from the curves, not assumed: each plateau's latency and the footprint where the curve leaves it (the knee, where latency crosses halfway to the next plateau). Records `memory/latency/<path>`.\n\n")
	b.WriteString("| Path | Level | Latency (cycles) | Latency (ns) | Capacity (knee) | Across SMs (cycles) | Plateau | Note |\n| --- | ---: | ---: | ---: | --- | --- | --- | --- |\n")
	warm := run.Warmup.ReferenceHz()
	for _, r := range curves {
		levels, err := infer.Levels(curvePoints(r), levelStep)
		if err != nil {
			fmt.Fprintf(b, "| %s | — | — | — | — | — | — | levels not detected: %s |\n", mdtext.Cell(r.Subject), oneLine(err.Error()))
			continue
		}
		for i, l := range levels {
			// Nanoseconds at the clock the level's own chases ran at,
			// where they measured it, else the one read after the path.
			ns, hz := "—", r.Curve.ClockHz
			if own, _, _ := r.Curve.ClockIn(l.From, l.To); own > 0 {
				hz = own
			}
			if hz > 0 {
				ns = fmt.Sprintf("%.0f", l.Value/hz*1e9)
			}
			capacity := "beyond the largest footprint"
			if l.Capacity > 0 {
				capacity = record.SizeString(l.Capacity)
			}
			lo, hi := spreadIn(r, l)
			across := fmt.Sprintf("%.0f–%.0f", lo, hi)
			note := l.Note
			if !l.Resolved && note == "" {
				note = "unresolved"
			}
			if c := levelClockNote(r, l, warm); c != "" {
				note = strings.TrimPrefix(note+"; "+c, "; ")
			}
			fmt.Fprintf(b, "| %s | %d | %s | %s | %s | %s | %s – %s (%d points) | %s |\n",
				mdtext.Cell(r.Subject), i+1, linked(r, fmt.Sprintf("%.1f", l.Value)), ns, capacity, across, record.SizeString(l.From), record.SizeString(l.To), l.Points, oneLine(note))
		}
		for _, s := range r.Curve.Skipped {
			fmt.Fprintf(b, "| %s | | | | | | | skipped: %s |\n", mdtext.Cell(r.Subject), oneLine(s))
		}
	}
	writeL2Partitions(b, run, curves)
	fmt.Fprintf(b, "\n![Latency against footprint](%s/%s)\n\n", PlotDir, latencyPlotName)
	if _, carve := splitCarveout(curves); len(carve) > 0 {
		fmt.Fprintf(b, "![The L1 chase at each carve-out](%s/%s)\n\n", PlotDir, carveoutPlotName)
	}
	writeBandwidth(b, run, vars)
	writeBanks(b, run)
	writeGlobalAccess(b, run)
	// The L1's banks under global loads, a subsection of the divergent
	// global loads, whose setup it shares.
	writeGlobalBanks(b, run)
	writeLoadedLatency(b, run)
	writeScatter(b, run)
	writeWaits(b, run)
	writeStreamWarps(b, run)
	writeTransferUnit(b, run)
	writeLatencyHiding(b, run)
	writeCodeSize(b, run)
}

// accessRow is one global-access pattern: the cost through each cache
// operator, keyed "ca" and "cg".
type accessRow struct {
	width, spacing int
	cost           map[string]float64
	recs           map[string]*record.Record
	failed         map[string]string
}

// globalAccessRows gathers the global-access records by pattern, in order.
func globalAccessRows(run *record.Run) []*accessRow {
	var rows []*accessRow
	by := map[[2]int]*accessRow{}
	for _, r := range memoryGroup(run, memory.GroupGlobalAccess) {
		var op string
		var width, spacing int
		if _, err := fmt.Sscanf(r.Subject, memory.AccessFormat, &op, &width, &spacing); err != nil {
			continue
		}
		key := [2]int{width, spacing}
		row, ok := by[key]
		if !ok {
			row = &accessRow{width: width, spacing: spacing, cost: map[string]float64{}, recs: map[string]*record.Record{}, failed: map[string]string{}}
			by[key] = row
			rows = append(rows, row)
		}
		if r.Status == record.StatusOK {
			row.cost[op], row.recs[op] = r.Value, r
		} else {
			row.failed[op] = fmt.Sprintf("%s: %s", r.Status, oneLine(r.Reason))
		}
	}
	return rows
}

// distinct counts the unit-byte blocks a warp's 32 lanes touch.
func (a *accessRow) distinct(unit int) int {
	seen := map[int]bool{}
	for lane := range 32 {
		for b := lane * a.spacing; b < lane*a.spacing+a.width; b += unit {
			seen[b/unit] = true
		}
	}
	return len(seen)
}

// writeGlobalAccess tabulates divergent global loads and says where their
// cost stops growing: the spacing at which every lane has a unit of its
// own is the size of the unit the level moves.
func writeGlobalAccess(b *strings.Builder, run *record.Run) {
	rows := globalAccessRows(run)
	if len(rows) == 0 {
		return
	}
	b.WriteString("### Divergent global loads\n\n")
	b.WriteString("Cycles per warp load when the 32 lanes of a warp load from addresses a fixed distance apart, from one word (all lanes alike) through fully coalesced to a line per lane; 8 warps of one block on one SM, the data resident in the cache level, 32 independent loads per loop iteration (records `memory/global access/<pattern>`). Sectors and lines are the 32- and 128-byte blocks the warp's addresses touch.\n\n")
	b.WriteString("| Lanes | 32-byte sectors | 128-byte lines | `ld.ca` (L1) cycles | `ld.cg` (L2) cycles | Note |\n| --- | ---: | ---: | ---: | ---: | --- |\n")
	cell := func(r *accessRow, op string) string {
		if v, ok := r.cost[op]; ok {
			return linked(r.recs[op], fmt.Sprintf("%.2f", v))
		}
		return "—"
	}
	for _, r := range rows {
		var notes []string
		for _, op := range []string{"ca", "cg"} {
			if f, ok := r.failed[op]; ok {
				notes = append(notes, "ld."+op+" "+f)
			}
		}
		fmt.Fprintf(b, "| %d-byte, %d bytes apart | %d | %d | %s | %s | %s |\n", r.width, r.spacing, r.distinct(32), r.distinct(128),
			cell(r, "ca"), cell(r, "cg"), strings.Join(notes, "; "))
	}
	b.WriteString("\n")
	for _, op := range []string{"ca", "cg"} {
		if _, line := accessUnit(rows, op); line != "" {
			b.WriteString(line + "\n\n")
		}
	}
}

// writeLoadedLatency tabulates the divergent chase: per level, the cycles
// one warp's divergent load took and the lines delivered per clock per
// SM at each count of warps.
func writeLoadedLatency(b *strings.Builder, run *record.Run) {
	var lat []*record.Record
	for _, r := range memoryGroup(run, memory.GroupDivergent) {
		if r.Quantity == record.Latency {
			lat = append(lat, r)
		}
	}
	if len(lat) == 0 {
		return
	}
	b.WriteString("### Divergent loads under load\n\n")
	b.WriteString("Every lane of every warp chases its own 128-byte lines along one random cycle sized for the level, with the default global load (`ld.global.ca`), each warp keeping one such load (32 lines) in flight; warps per SM from 1 up. A warp load waits for the slowest of its 32 lines, so one warp's takes longer than the single-line latency above; with more warps, lines queue for the SM's misses and the level's delivery, and the cycles per load grow while the lines per clock (32 × warps ÷ cycles) level off. This is the loaded latency a gather or a pointer-chasing loop sees, and what `gpuarch analyze` costs a divergent load at with the loop's warps (records `memory/divergent loads/<level>, a line per lane/latency` and `/throughput`; each point is the mean over all warps).\n\n")
	var warps []float64
	var failed []string
	b.WriteString("| Warps per SM |")
	for _, r := range lat {
		level, _, _ := strings.Cut(r.Subject, ",")
		fmt.Fprintf(b, " %s cycles | %s lines/clock/SM |", mdtext.Cell(level), mdtext.Cell(level))
		if r.Status != record.StatusOK || r.Sweep == nil {
			failed = append(failed, fmt.Sprintf("%s: %s, %s", mdtext.Escape(r.Subject), r.Status, oneLine(r.Reason)))
			continue
		}
		for _, p := range r.Sweep.Points {
			if !slices.Contains(warps, p.X) {
				warps = append(warps, p.X)
			}
		}
	}
	b.WriteString("\n| ---: |" + strings.Repeat(" ---: | ---: |", len(lat)) + "\n")
	slices.Sort(warps)
	for _, w := range warps {
		fmt.Fprintf(b, "| %.0f |", w)
		for _, r := range lat {
			cell := " — | — |"
			if r.Status == record.StatusOK && r.Sweep != nil {
				for _, p := range r.Sweep.Points {
					if p.X == w && p.Failed == "" && p.Value > 0 {
						cell = fmt.Sprintf(" %s | %.3f |", linked(r, fmt.Sprintf("%.0f", p.Value)), 32*w/p.Value)
					}
				}
			}
			b.WriteString(cell)
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
	writeFailedList(b, failed)
}

// writeScatter tabulates the scattered writes: per level and
// instruction, the lines per clock per SM at each count of warps.
func writeScatter(b *strings.Builder, run *record.Run) {
	var rows []sweepRow
	for _, level := range []string{memory.LevelL1, memory.LevelL2, memory.LevelDRAM} {
		for _, instr := range memory.ScatterInstrs {
			for _, r := range memoryGroup(run, memory.GroupScatter) {
				if r.Subject == memory.ScatterSubject(level, instr) {
					rows = append(rows, sweepRow{level + ", " + instr, r, 32})
				}
			}
		}
	}
	if len(rows) == 0 {
		return
	}
	b.WriteString("### Scattered writes\n\n")
	b.WriteString("Every lane of every warp writes its own 32-bit word at a hashed index, so almost always a line of its own, with a plain store (`st.global.u32`) or an add whose old value is unused (`red.global.add.u32`, `red.global.add.f32`: RED in the machine code), over a footprint inside the L2 (a quarter of it) or many times it (the DRAM streams'); one block of 32 × warps threads per SM, the hash seeded anew for every launch. A warp does not wait for its writes, so even one warp per SM shows how fast the SM and the level take lines in: lines per clock per SM at each count of warps, the median of five launches, with the cycles one warp's 32 writes took in parentheses (32 × warps ÷ lines per clock). This is what scattered stores and atomics (a histogram, a scatter-add) cost (records `memory/scattered writes/<level>, <instruction>, a line per lane`; the value is the most warps').\n\n")
	writeWarpSweeps(b, "Level, instruction", rows)
}

// writeStreamWarps tabulates the streams at warps: per level, variant
// and width, the lines read and written per clock per SM at each count
// of warps.
func writeStreamWarps(b *strings.Builder, run *record.Run) {
	var rows []sweepRow
	for _, level := range []string{memory.LevelL2, memory.LevelDRAM} {
		for _, st := range memory.StreamStores {
			for _, w := range memory.StreamWidths {
				for _, r := range memoryGroup(run, memory.GroupStreamWarps) {
					if r.Subject == memory.StreamWarpsSubject(level, w, st) {
						lines := float64(32*w) / 128
						if st == memory.WaitsStoreOther {
							lines *= 2
						}
						rows = append(rows, sweepRow{r.Subject, r, lines})
					}
				}
			}
		}
	}
	if len(rows) == 0 {
		return
	}
	b.WriteString("### Streams at warps\n\n")
	b.WriteString("The loads waited on together's one-load stream, its value kept or copied to a second region, at 1 to 32 warps per SM (one block of 32 × warps threads per SM), in a region of the L2 that every launch reads again and in the DRAM: the lines read and written per clock per SM at each count of warps, the median of five launches, with the cycles of one warp's iteration in parentheses. A copy shares the level between its reads and its writes; set beside the reads alone, it shows what the mix costs at each concurrency. `gpuarch analyze` takes a loop that streams reads and writes through the L2 or the DRAM at the copy's rate at the loop's warps and lanes' width (records `memory/streams at warps/<level>, 1 load of <w> B a lane[, stored to another line]`; the value is the most warps').\n\n")
	writeWarpSweeps(b, "Level, stream", rows)
}

// sweepRow is one record of a table of sweeps over warps per SM: its
// name, and the lines a warp's iteration moves (the parenthesis' cycles
// an iteration are lines × warps ÷ the point's lines per clock).
type sweepRow struct {
	name  string
	r     *record.Record
	lines float64
}

// writeWarpSweeps writes rows' sweeps over warps per SM as one table, its
// first column headed head: a column for each count of warps any of them
// measured.
func writeWarpSweeps(b *strings.Builder, head string, rows []sweepRow) {
	var warps []float64
	for _, rw := range rows {
		if r := rw.r; r.Status == record.StatusOK && r.Sweep != nil {
			for _, p := range r.Sweep.Points {
				if !slices.Contains(warps, p.X) {
					warps = append(warps, p.X)
				}
			}
		}
	}
	slices.Sort(warps)
	b.WriteString("| " + head + " |")
	for _, w := range warps {
		if w == 1 {
			b.WriteString(" 1 warp per SM |")
			continue
		}
		fmt.Fprintf(b, " %.0f warps per SM |", w)
	}
	b.WriteString("\n| --- |" + strings.Repeat(" ---: |", len(warps)) + "\n")
	var failed []string
	for _, rw := range rows {
		r := rw.r
		if r.Status != record.StatusOK || r.Sweep == nil {
			failed = append(failed, fmt.Sprintf("%s: %s, %s", mdtext.Escape(r.Subject), r.Status, oneLine(r.Reason)))
			continue
		}
		fmt.Fprintf(b, "| %s |", mdtext.Cell(rw.name))
		for _, w := range warps {
			cell := " — |"
			for i, p := range r.Sweep.Points {
				if p.X != w || p.Failed != "" || p.Value <= 0 {
					continue
				}
				v := fmt.Sprintf("%.3f", p.Value)
				if i == r.Sweep.Best {
					v = linked(r, v)
				}
				cell = fmt.Sprintf(" %s (%.0f) |", v, rw.lines*w/p.Value)
			}
			b.WriteString(cell)
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
	writeFailedList(b, failed)
}

// writeWaits tabulates the loads waited on together: per level, count
// of loads and store, the cycles an iteration at each width.
func writeWaits(b *strings.Builder, run *record.Run) {
	recs := memoryGroup(run, memory.GroupWaits)
	if len(recs) == 0 {
		return
	}
	type key struct {
		level        string
		loads, width int
		store        string
	}
	byKey := map[key]*record.Record{}
	var failed []string
	for _, r := range recs {
		lv, n, w, st, ok := memory.ParseWaitsSubject(r.Subject)
		switch {
		case !ok:
			continue
		case r.Status != record.StatusOK || r.Value <= 0:
			failed = append(failed, fmt.Sprintf("%s: %s, %s", mdtext.Escape(r.Subject), r.Status, oneLine(r.Reason)))
		default:
			byKey[key{lv, n, w, st}] = r
		}
	}
	b.WriteString("### Loads waited on together\n\n")
	b.WriteString("One warp per SM, on every SM, streams coalesced loads from several buffers and waits for all of them before its next iteration (the next index adds their xor), as a rolled stream loop does (`y = a·x + y` waits on x and y): cycles an iteration, the median of five launches of each warp's mean. A warp waits for the slowest of its requests, so two loads take longer than one; a store after them, to another line (a copy) or back to the line just read (an update in place), delays the next iteration's loads. The row *lane 0 alone* is one 4-byte load's kernel with only lane 0 of each warp loading (the other lanes' loads predicated off, the machine code the same): set beside the first row, what a warp's 32 lanes on one line add to one lane's load. In the L1 every SM reads the same few lines, so no stores are timed there (every SM's would land on the same lines). `gpuarch analyze` adds what a loop's loads in flight together and its store cost beyond one 4-byte load, and what 32 lanes add to one, to the chase's latency (records `memory/loads waited on together/<level>, <n> loads of <w> B a lane[, <store>]`).\n\n")
	b.WriteString("| Level, loads | 4 B a lane | 8 B a lane | 16 B a lane |\n| --- | ---: | ---: | ---: |\n")
	for _, lv := range []string{memory.LevelL1, memory.LevelL2, memory.LevelDRAM} {
		for _, st := range []string{memory.WaitsOneLane, memory.WaitsNoStore, memory.WaitsStoreOther, memory.WaitsStoreSame} {
			for _, n := range memory.WaitsLoads {
				var cells []string
				seen := false
				for _, w := range memory.WaitsWidths {
					cell := "—"
					if r := byKey[key{lv, n, w, st}]; r != nil {
						cell, seen = linked(r, fmt.Sprintf("%.0f", r.Value)), true
					}
					cells = append(cells, cell)
				}
				if !seen {
					continue
				}
				name := strings.Replace(memory.WaitsSubject(lv, n, 4, st), " of 4 B a lane", "", 1)
				fmt.Fprintf(b, "| %s | %s |\n", mdtext.Cell(name), strings.Join(cells, " | "))
			}
		}
	}
	b.WriteString("\n")
	writeFailedList(b, failed)
}

// fetchCliff is where loop-body size starts to cost throughput: full is
// the largest body before the cliff still within 3% of the smallest body's
// rate, cliff the first more than 10% below it, at ratio of that rate.
// unsized says a measured body has no size in bytes (a Vulkan driver that
// reports no machine-code size): no cliff is read from such records.
type fetchCliff struct {
	full, cliff, ratio float64
	unsized            bool
}

// codeCliff finds the instruction-fetch cliff in code-size records (in
// order of size); cliff is 0 when there is none.
func codeCliff(rows []*record.Record) fetchCliff {
	var c fetchCliff
	base := 0.0
	for _, r := range rows {
		if r.Status != record.StatusOK || r.Curve == nil || len(r.Curve.Points) == 0 {
			continue
		}
		size := float64(r.Curve.Points[0].Bytes)
		if size <= 0 {
			return fetchCliff{unsized: true}
		}
		if base == 0 {
			base = r.Value
		}
		if r.Value >= 0.97*base {
			c.full = size
		}
		if r.Value < 0.9*base {
			c.cliff, c.ratio = size, r.Value/base
			return c
		}
	}
	return fetchCliff{}
}

// memoryGroup returns the memory suite's records of one group, in order.
func memoryGroup(run *record.Run, group string) []*record.Record {
	return suiteGroup(run, memory.Suite, group)
}

// suiteGroup returns a suite's records of one group, in order.
func suiteGroup(run *record.Run, suite, group string) []*record.Record {
	var rows []*record.Record
	for i := range run.Records {
		r := &run.Records[i]
		if r.Suite == suite && r.Group == group {
			rows = append(rows, r)
		}
	}
	return rows
}

// codeSizeRecords returns the run's instruction-fetch records.
func codeSizeRecords(run *record.Run) []*record.Record {
	return memoryGroup(run, memory.GroupCodeSize)
}

// writeCodeSize tabulates throughput against loop-body size and names the
// first size where fetch no longer keeps up (the seeds' instruction-cache
// cliff): a drop of more than a tenth below the smallest body's rate.
func writeCodeSize(b *strings.Builder, run *record.Run) {
	rows := codeSizeRecords(run)
	if len(rows) == 0 {
		return
	}
	b.WriteString("### Instruction fetch\n\n")
	how := "the body's size is read from the machine code, 16 bytes an instruction"
	if c := rows[0].Curve; c != nil && c.Path == "kernel" {
		how = "the size is what the driver reports of the whole kernel's machine code"
		if len(c.Points) > 0 && c.Points[0].Bytes <= 0 {
			how = "the driver reports no machine-code size, so bodies are sized in chain steps"
		}
	}
	fmt.Fprintf(b, "Throughput of %s with loop bodies of growing machine-code size (%s; %s). While the body fits an instruction cache, issue runs at full rate; past it, fetch starves issue. Records `memory/code size/<bytes>`.\n\n", mdtext.Code(rows[0].Subject), mdtext.Escape(rows[0].Note), how)
	b.WriteString("| Loop body | Warp instructions/clk/SM | Relative to the smallest body |\n| --- | ---: | ---: |\n")
	base := 0.0
	for _, r := range rows {
		if r.Status != record.StatusOK || r.Curve == nil || len(r.Curve.Points) == 0 {
			fmt.Fprintf(b, "| %s | %s | %s |\n", mdtext.Cell(r.ID), r.Status, oneLine(r.Reason))
			continue
		}
		if base == 0 {
			base = r.Value
		}
		size := record.SizeString(float64(r.Curve.Points[0].Bytes))
		if r.Curve.Points[0].Bytes <= 0 {
			size = fmt.Sprintf("%d steps", r.Curve.Points[0].Elements)
		}
		fmt.Fprintf(b, "| %s | %s | %.0f%% |\n", size, linked(r, fmt.Sprintf("%.2f", r.Value)), 100*r.Value/base)
	}
	c := codeCliff(rows)
	switch {
	case c.unsized:
		b.WriteString("\nThe driver reports no machine-code size, so the bodies are given in chain steps (each record's note counts its kernel's SPIR-V instructions) and no instruction-cache size is read from them.\n\n")
	case c.cliff > 0:
		fmt.Fprintf(b, "\nThroughput holds within 3%% of the smallest body's up to a %s loop body and first falls more than 10%% below it at %s (%.0f%%).\n\n",
			record.SizeString(c.full), record.SizeString(c.cliff), 100*c.ratio)
	default:
		b.WriteString("\nThroughput stays within 10% of the smallest body's at every size measured: no fetch cliff in this range.\n\n")
	}
}

// writeBanks tabulates the shared-memory access patterns and infers the
// bank count: with B banks of 4 bytes, lanes at a stride of s words
// collide gcd(s, B) at a time.
func writeBanks(b *strings.Builder, run *record.Run) {
	cost := map[string]float64{}
	recs := map[string]*record.Record{}
	var order []string
	for _, r := range memoryGroup(run, memory.GroupBanks) {
		if r.Status == record.StatusOK {
			cost[r.Subject], recs[r.Subject] = r.Value, r
			order = append(order, r.Subject)
		}
	}
	unit, ok := cost[memory.StrideSubject(4, 1)]
	if !ok || unit <= 0 {
		return
	}
	b.WriteString("### Shared memory banks\n\n")
	b.WriteString("Cycles per warp load when the 32 lanes of a warp read 4-byte words a stride apart (8 warps keep the pipe busy; records `memory/shared banks/<pattern>`). An n-way bank conflict costs n times the conflict-free load.\n\n")
	b.WriteString("| Pattern | Cycles per warp load | Relative to stride 1 |\n| --- | ---: | ---: |\n")
	worst, banks := 0.0, 0
	for _, name := range order {
		fmt.Fprintf(b, "| %s | %s | %.1f× |\n", mdtext.Cell(name), linked(recs[name], fmt.Sprintf("%.2f", cost[name])), cost[name]/unit)
	}
	for s := 1; s <= 64; s++ {
		v, ok := cost[memory.StrideSubject(4, s)]
		if ok && v > worst*1.05 {
			worst, banks = v, s
		}
	}
	fmt.Fprintf(b, "\nThe worst conflict (%.0f-way, %.1f cycles) first appears at a stride of %d words: %d banks of 4 bytes, as a warp's 32 lanes at that stride all fall in one bank.", worst/unit, worst, banks, banks)
	if w8, ok := cost[memory.StrideSubject(8, 1)]; ok {
		fmt.Fprintf(b, " A warp's 8-byte loads at unit stride take %.1f× a 4-byte load (256 bytes over the banks' %d bytes per pass).", w8/unit, 4*banks)
	}
	b.WriteString("\n\n")
}

// writeBandwidth tabulates the bandwidth records, each with its ±
// within the run and, where repeat runs show it varies more between runs,
// that spread (vars).
func writeBandwidth(b *strings.Builder, run *record.Run, vars *variations) {
	rows := memoryGroup(run, memory.GroupBandwidth)
	if len(rows) == 0 {
		return
	}
	peak := spec.New(run.Device, nil).MemoryBandwidth
	b.WriteString("### Bandwidth\n\n")
	b.WriteString("Each level streamed by every SM at access widths of 4, 8 and 16 bytes per thread and three occupancies per level (8 to 64 warps per SM; each record holds its sweep), keeping the best. For the L2 and DRAM (one buffer every SM reads) GB/s are all bytes over the first warp's start to the last one's end, and bytes/clk/SM that rate divided by the SMs and by the SM clock measured in the same kernel (the *Clock* column), so the two convert exactly; the L2 is streamed at several footprints, from a sixteenth to half the capacity the all-SM chase detected, each run at least 2 ms long, and its peak kept. For the L1 and shared memory (a region per block) bytes/clk/SM are each SM's bytes over its own cycles, and GB/s that times the SMs and the clock. Records `memory/bandwidth/<level>`.\n\n")
	b.WriteString("| Level | Bytes/clk/SM | GB/s | Clock (MHz) | Share of the DRAM interface | Best (bytes/thread × warps/SM) | Best footprint | Footprint |\n| --- | ---: | ---: | ---: | ---: | --- | --- | --- |\n")
	for _, r := range rows {
		if r.Status != record.StatusOK || r.Through == nil {
			fmt.Fprintf(b, "| %s | %s | | | | | | %s |\n", mdtext.Cell(r.Subject), r.Status, oneLine(r.Reason))
			continue
		}
		share := "—"
		if strings.HasPrefix(r.Subject, memory.LevelDRAM) && peak > 0 {
			share = fmt.Sprintf("%.1f%% of %.2f TB/s", 100*r.Through.ResultsPerSecond/peak, peak/1e12)
		}
		clock, foot := "—", "—"
		if c := r.Provenance.Clock; c != nil && c.Hz > 0 {
			clock = fmt.Sprintf("%.0f", c.Hz/1e6)
		}
		if r.Through.Best.Bytes > 0 {
			foot = record.SizeString(float64(r.Through.Best.Bytes))
		}
		shape := fmt.Sprintf("%d × %d", r.Through.Best.ILP, r.Through.Best.WarpsPerSM)
		if r.Through.Best.Rotate > 0 {
			shape += ", on the next block's lines each pass"
		}
		fmt.Fprintf(b, "| %s | %s | %.0f | %s | %s | %s | %s | %s |\n", mdtext.Cell(r.Subject), linked(r, fmt.Sprintf("%.1f", r.Value))+spread(r)+vars.between(r), r.Through.ResultsPerSecond/1e9, clock, share,
			shape, foot, oneLine(r.Note))
	}
	if line := spreadNote(rows); line != "" {
		b.WriteString("\n" + line)
		if vars != nil && len(vars.more) > 0 {
			b.WriteString(" A figure that varies more between runs than within one says by how much (the range of the runs' values over their median, see *Variability between runs*): that, not its ± within this run, is how far it can be trusted.")
		}
	}
	b.WriteString("\nThe DRAM interface's rate is 2 (double data rate) × the memory clock × the bus width, from the driver's attributes (see the spec sheet).")
	writeL2Sharing(b, run)
	b.WriteString("\n\n")
	writeBandwidthCurves(b, run)
}

// bestRotated says whether the L2's best read (through the L1 or around
// it, whichever is higher) had blocks moving on to other blocks' lines.
func bestRotated(run *record.Run) bool {
	var best *record.Record
	for _, r := range memoryGroup(run, memory.GroupBandwidth) {
		if (r.Subject == memory.L2Read || r.Subject == memory.L2ReadCA) && r.Status == record.StatusOK && r.Through != nil && (best == nil || r.Value > best.Value) {
			best = r
		}
	}
	return best != nil && best.Through.Best.Rotate > 0
}

// writeL2Sharing says what sharing lines between SMs does to the L2's
// read rate, where the run streamed the L2 both ways: blocks that each
// keep to their own lines, and blocks that move on each pass to the lines
// the next block read the pass before.
func writeL2Sharing(b *strings.Builder, run *record.Run) {
	var peak, own *record.Record
	for _, r := range memoryGroup(run, memory.GroupBandwidth) {
		if r.Status != record.StatusOK || r.Through == nil {
			continue
		}
		switch r.Subject {
		case memory.L2Read:
			peak = r
		case memory.L2ReadOwnLines:
			own = r
		}
	}
	if peak == nil || own == nil {
		return
	}
	sharedBest, ownBest := 0.0, own.Value
	for _, p := range peak.Through.Sweep {
		if p.Skipped == "" && p.Shape.Rotate > 0 {
			sharedBest = max(sharedBest, p.WarpInstPerClockPerSM)
		}
	}
	if sharedBest <= 0 || ownBest <= 0 {
		return
	}
	fmt.Fprintf(b, " The L2 was read two ways: every block on its own lines pass after pass (`L2 read, own lines`, %.1f B/clk/SM at best), and every block moving on each pass to the lines the next block, on another SM, read the pass before (%.1f B/clk/SM at best, in `L2 read`'s sweep), so that each line is read by one SM after another, as operands a whole grid shares are (the tiles of a matrix product).", ownBest, sharedBest)
	switch ratio := sharedBest / ownBest; {
	case ratio > 1.05:
		fmt.Fprintf(b, " Lines that other SMs read moments before are served %.0f%% faster than lines only one SM reads: the L2 delivers more than its rate for unshared lines when SMs share data (a benchmark whose blocks share chunks measures this too). How much more depends on how close in time the SMs ask for the same lines, which no kernel controls: the same pattern written another way, or run through another API, can read differently by a quarter or more (gpuarch's recorded H100 and H200 runs keep such a test, compare/l2patterns.txt), while the own-lines rate holds within a few percent. NVIDIA does not document how its L2 serves lines several SMs read; take the own-lines rate for data each SM reads alone, and the shared rate as what data a grid shares can reach.", 100*(ratio-1))
	case ratio < 0.95:
		fmt.Fprintf(b, " Lines other SMs read moments before are served %.0f%% slower than lines only one SM reads.", 100*(1-ratio))
	default:
		b.WriteString(" The two rates are within 5%: sharing lines between SMs neither helps nor hurts this L2.")
	}
}

// latencyPlotName is the file the latency curves are drawn to, and
// carveoutPlotName the file the L1 chases at each carve-out are.
const (
	latencyPlotName  = "memory-latency.svg"
	carveoutPlotName = "memory-latency-carveout.svg"
)

// splitCarveout separates the carve-out chases (the L1 chase repeated at
// each shared-memory configuration, "global ld.ca, ...") from the rest, so
// each plot stays readable.
func splitCarveout(curves []*record.Record) (main, carve []*record.Record) {
	for _, r := range curves {
		if strings.HasPrefix(r.Subject, memory.CarveoutPrefix) {
			carve = append(carve, r)
		} else {
			main = append(main, r)
		}
	}
	return main, carve
}

// latencyPlot draws every latency curve against footprint on log axes, with
// the detected knees marked.
func latencyPlot(curves []*record.Record, title string) ([]byte, error) {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "footprint (bytes)"
	p.Y.Label.Text = "cycles per dependent load"
	p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
	var xt []plot.Tick
	for e := 10; e <= 36; e += 2 {
		xt = append(xt, plot.Tick{Value: math.Exp2(float64(e)), Label: record.SizeString(math.Exp2(float64(e)))})
	}
	p.X.Tick.Marker = plot.ConstantTicks(xt)
	p.Y.Tick.Marker = logTicks125{}
	p.Legend.Top, p.Legend.Left = true, true
	for i, r := range curves {
		var pts plotter.XYs
		for _, q := range r.Curve.Points {
			pts = append(pts, plotter.XY{X: float64(q.Bytes), Y: q.Value})
		}
		c := palette[i%len(palette)]
		if err := addCurve(p, pts, c, r.Subject); err != nil {
			return nil, err
		}
		if levels, err := infer.Levels(curvePoints(r), levelStep); err == nil {
			for _, l := range levels {
				if l.Capacity <= 0 {
					continue
				}
				knee, err := plotter.NewLine(plotter.XYs{{X: l.Capacity, Y: l.Value}, {X: l.Capacity, Y: l.Value * 2}})
				if err != nil {
					return nil, err
				}
				knee.Color, knee.Dashes = c, []vg.Length{vg.Points(3), vg.Points(3)}
				p.Add(knee)
			}
		}
	}
	return renderSVG(p, 8*vg.Inch, 4.5*vg.Inch)
}

// writeOnChip is the seeds' on-chip memory table for this GPU: each cell
// measured, or the driver's attribute where only the driver knows it, and
// said which.
func writeOnChip(b *strings.Builder, run *record.Run, curves []*record.Record) {
	d := run.Device
	attr := func(name string) int { return d.Attributes[name] }
	measured := func(v string) string { return v + " (measured)" }
	driver := func(v string) string { return v + " (driver)" }
	rows := [][2]string{}
	add := func(k, v string) { rows = append(rows, [2]string{k, v}) }
	// set replaces a row (the measured L2 size over the driver's).
	set := func(k, v string) {
		for i := range rows {
			if rows[i][0] == k {
				rows[i][1] = v
				return
			}
		}
		add(k, v)
	}
	if v := attr("MAX_THREADS_PER_MULTIPROCESSOR"); v > 0 {
		add("Max threads", driver(fmt.Sprint(v)))
	}
	if v := attr("MAX_REGISTERS_PER_MULTIPROCESSOR"); v > 0 {
		add("Register file", driver(record.SizeString(float64(4*v))))
	}
	if v := attr("MAX_SHARED_MEMORY_PER_MULTIPROCESSOR"); v > 0 {
		add("Shared memory", driver(record.SizeString(float64(v))))
	}
	var carve, prefer []string
	for _, r := range curves {
		ls, err := infer.Levels(curvePoints(r), levelStep)
		if err == nil && len(ls) == 1 && strings.HasPrefix(r.Subject, memory.TLBPrefix) {
			add("TLB reach (one load per 2 MiB page, data in the L2)", measured(fmt.Sprintf("beyond %s: no step (%.0f cycles throughout)", record.SizeString(ls[0].To), ls[0].Value)))
			continue
		}
		if err != nil || len(ls) < 2 {
			continue
		}
		if pct, ok := strings.CutPrefix(r.Subject, memory.PreferPrefix); ok {
			if ls[0].Capacity > 0 {
				prefer = append(prefer, fmt.Sprintf("%s: %s", mdtext.Cell(pct), record.SizeString(ls[0].Capacity)))
			}
			continue
		}
		if strings.HasPrefix(r.Subject, memory.TLBPrefix) {
			var parts []string
			for _, l := range ls {
				if l.Capacity > 0 && l.Resolved {
					parts = append(parts, fmt.Sprintf("%.0f cycles to %s", l.Value, record.SizeString(l.Capacity)))
				}
			}
			if last := ls[len(ls)-1]; len(parts) > 0 && last.Capacity == 0 {
				parts = append(parts, fmt.Sprintf("%.0f cycles beyond, to %s", last.Value, record.SizeString(last.To)))
			}
			if len(parts) > 0 {
				add("TLB reach (one load per 2 MiB page, data in the L2)", measured(strings.Join(parts, "; then ")))
			}
			continue
		}
		if shared, ok := strings.CutPrefix(r.Subject, memory.CarveoutPrefix); ok && ls[0].Capacity > 0 {
			carve = append(carve, fmt.Sprintf("%s: %s", mdtext.Cell(strings.TrimSuffix(shared, " shared")), record.SizeString(ls[0].Capacity)))
			continue
		}
		if r.Subject == oneSMPath {
			if l2 := oneSML2(ls, curvePoints(r)); l2 != nil {
				add("L2 cache from one SM", measured(l2.summary()))
				v := fmt.Sprintf("%s (measured: where the last L2 level's plateau from one SM ends)", record.SizeString(l2.capacity))
				if d := attr("L2_CACHE_SIZE"); d > 0 {
					v += fmt.Sprintf("; %s (driver; measured/driver %.3f)", record.SizeString(float64(d)), l2.capacity/float64(d))
				}
				set("L2 cache size", v)
			}
			continue
		}
		switch r.Subject {
		case memory.PathL1:
			add("Data cache (L1)", measured(fmt.Sprintf("%s, %.0f cycles", record.SizeString(ls[0].Capacity), ls[0].Value)))
		case memory.PathL2:
			add("L2 cache, every SM reading", measured(fmt.Sprintf("%s effective (the knee), %.0f cycles", record.SizeString(ls[0].Capacity), ls[0].Value)))
			if v := attr("L2_CACHE_SIZE"); v > 0 {
				add("L2 cache size", driver(record.SizeString(float64(v))))
			} else {
				add("L2 cache size", "— (the driver does not say)")
			}
		case memory.PathShared:
			add("Shared memory latency", measured(fmt.Sprintf("%.0f cycles", ls[0].Value)))
		case memory.PathConstant:
			var parts []string
			for _, l := range ls {
				if l.Capacity > 0 && l.Resolved {
					parts = append(parts, fmt.Sprintf("%s, %.0f cycles", record.SizeString(l.Capacity), l.Value))
				}
			}
			if last := ls[len(ls)-1]; len(parts) > 0 && last.Capacity == 0 {
				parts = append(parts, fmt.Sprintf("%.0f cycles beyond, to %s", last.Value, record.SizeString(last.To)))
			}
			if len(parts) > 0 {
				add("Constant cache", measured(strings.Join(parts, "; then ")))
			}
		}
	}
	if len(carve) > 0 {
		add("L1 while each block holds n of shared memory (n: L1 knee; the driver picks the carve-out)", measured(strings.Join(carve, ", ")))
	}
	if len(prefer) > 0 {
		add("L1 at each preferred carve-out (percent of the most shared memory: L1 knee)", measured(strings.Join(prefer, ", ")))
	}
	for _, r := range curves {
		if r.Subject == memory.PathShared && len(r.Curve.Points) > 0 {
			add("Shared memory latency", measured(fmt.Sprintf("%.0f cycles", r.Curve.Points[0].Value)))
		}
	}
	bw := memoryValues(run, memory.GroupBandwidth)
	if n := sharedBanks(run); n > 0 {
		add("Shared bank size", measured("4 B"))
		add("Shared banks", measured(fmt.Sprint(n)))
	}
	for _, k := range []struct{ read, viaL1 string }{{memory.SharedRead, ""}, {memory.L1Read, ""}, {memory.L2Read, memory.L2ReadCA}, {memory.DRAMRead, ""}} {
		if v, ok := bw[k.read]; ok {
			name := strings.TrimSuffix(k.read, " read")
			how := ""
			if w, ok := bw[k.viaL1]; ok && k.viaL1 != "" && w > v {
				v, how = w, ", loads through the L1"
			}
			if k.read == memory.L2Read && bestRotated(run) {
				how += ", lines read by one SM after another"
			}
			add(strings.ToUpper(name[:1])+name[1:]+" BW/cycle", measured(fmt.Sprintf("%.1f B per SM%s", v, how)))
		}
	}
	if c := codeCliff(codeSizeRecords(run)); c.unsized {
		add("Instruction cache", "not resolved (the driver reports no machine-code size)")
	} else if c.cliff > 0 {
		add("Instruction cache", measured(fmt.Sprintf("full issue rate up to a %s loop body, %.0f%% at %s", record.SizeString(c.full), 100*c.ratio, record.SizeString(c.cliff))))
	} else {
		add("Instruction cache", "not resolved (no fetch cliff in the sizes measured)")
	}
	paths, by := transferPaths(run)
	for _, p := range paths {
		if u, err := transferUnit(by[p]); err == nil && u.Resolved {
			add(mdtext.Cell(p)+" transfer unit (sector)", measured(fmt.Sprintf("%d B", u.Bytes)))
		}
	}
	if unit, _ := accessUnit(globalAccessRows(run), "ca"); unit > 0 {
		add("L1 cache line", measured(fmt.Sprintf("%d B (a divergent load costs in proportion to the %d-byte blocks it touches; the bank test shows why)", unit, unit)))
	} else {
		add("L1 cache line", "not measured (no divergent-load records)")
	}
	b.WriteString("### On-chip memory\n\n")
	fmt.Fprintf(b, "| Per SM | %s |\n| --- | --- |\n", mdtext.Cell(d.Name))
	seen := map[string]bool{}
	for _, r := range rows {
		if seen[r[0]] {
			continue
		}
		seen[r[0]] = true
		fmt.Fprintf(b, "| %s | %s |\n", r[0], r[1])
	}
	b.WriteString("\n")
}

// memoryValues maps a memory group's ok records' subjects to their values.
func memoryValues(run *record.Run, group string) map[string]float64 {
	out := map[string]float64{}
	for _, r := range memoryGroup(run, group) {
		if r.Status == record.StatusOK {
			out[r.Subject] = r.Value
		}
	}
	return out
}

// sharedBanks is the bank count the stride sweep shows: the largest
// 4-byte stride up to 64 whose cost still grew (0 without the sweep).
func sharedBanks(run *record.Run) int {
	banks := memoryValues(run, memory.GroupBanks)
	if banks[memory.StrideSubject(4, 1)] <= 0 {
		return 0
	}
	n, worst := 0, 0.0
	for s := 1; s <= 64; s++ {
		if v, ok := banks[memory.StrideSubject(4, s)]; ok && v > worst*1.05 {
			n, worst = s, v
		}
	}
	return n
}

// accessUnit says which block size a path's cost follows as the lanes
// spread (4-byte lanes 8 bytes apart or more, beyond the fixed cost of a
// coalesced load): the size whose cycles per block touched varies least.
// It returns "" when the records are too few to tell.
func accessUnit(rows []*accessRow, op string) (unit int, line string) {
	coalesced := 0.0
	type fit struct{ lo, hi float64 }
	fits := map[int]*fit{}
	for _, r := range rows {
		v, ok := r.cost[op]
		if !ok || r.width != 4 {
			continue
		}
		if r.spacing == 4 {
			coalesced = v
		}
		if r.spacing < 8 || r.spacing > 128 {
			continue
		}
		for _, unit := range []int{32, 128} {
			per := v / float64(r.distinct(unit))
			if f, ok := fits[unit]; ok {
				f.lo, f.hi = min(f.lo, per), max(f.hi, per)
			} else {
				fits[unit] = &fit{per, per}
			}
		}
	}
	s, l := fits[32], fits[128]
	if coalesced <= 0 || s == nil || l == nil || s.lo <= 0 || l.lo <= 0 {
		return 0, ""
	}
	follow, other, fu, ou := l, s, "128-byte lines", "32-byte sectors"
	unit = 128
	if s.hi/s.lo < l.hi/l.lo {
		follow, other, fu, ou = s, l, ou, fu
		unit = 32
	}
	return unit, fmt.Sprintf("`ld.%s`: a coalesced warp load (128 bytes) takes %.2f cycles (%.0f bytes a clock); as the lanes spread, the cost follows the %s they touch, %.2f–%.2f cycles each, not the %s (%.2f–%.2f cycles each).",
		op, coalesced, 128/coalesced, fu, follow.lo, follow.hi, ou, other.lo, other.hi)
}

// oneSMPath is the one-SM chase's path (measure/memory's L2Path).
const oneSMPath = memory.PathOneSM

// l2Levels are the L2 levels the one-SM chase found: the resolved levels
// below the curve's last (DRAM), and the L2's capacity.
type l2Levels struct {
	levels []infer.Level
	dram   infer.Level
	// capacity is where the last L2 level's plateau ends: between its
	// last point and the next footprint measured (their geometric mean).
	// Past its capacity a cache still hits for part of a footprint (its
	// replacement is not LRU), so the midpoint knee to DRAM (knee) lies
	// beyond it.
	capacity, knee float64
}

// minL2Points is the fewest points an L2 level from one SM needs. A level
// that drifts is still one: from one SM, the footprints past the near
// partition are a mix of near and far hits whose share moves with the
// footprint, so the far level rises across its span (by 12% on an H100)
// and is not flat enough to be resolved, yet it ends where DRAM begins.
const minL2Points = 3

// oneSML2 reads the L2 levels from the one-SM chase's levels and points;
// nil when the curve has no level of minL2Points below DRAM, or the
// levels do not rise one after another.
func oneSML2(ls []infer.Level, pts []infer.Point) *l2Levels {
	if len(ls) < 2 || ls[len(ls)-2].Points < minL2Points || !infer.Rising(ls) {
		return nil
	}
	l := &l2Levels{dram: ls[len(ls)-1]}
	for _, lv := range ls[:len(ls)-1] {
		if lv.Points >= minL2Points {
			l.levels = append(l.levels, lv)
		}
	}
	last := ls[len(ls)-2]
	l.knee, l.capacity = last.Capacity, last.To
	next := math.Inf(1)
	for _, p := range pts {
		if p.Bytes > last.To {
			next = min(next, p.Bytes)
		}
	}
	if !math.IsInf(next, 1) {
		l.capacity = math.Sqrt(last.To * next)
	}
	return l
}

// summary is the levels in one line: "near 262 cycles to 24 MiB; far …".
func (l *l2Levels) summary() string {
	var parts []string
	for i, lv := range l.levels {
		name := fmt.Sprintf("level %d", i+1)
		if len(l.levels) == 2 {
			name = [2]string{"near", "far"}[i]
		}
		end := lv.Capacity
		if i == len(l.levels)-1 {
			end = l.capacity
		}
		parts = append(parts, fmt.Sprintf("%s %.0f cycles to %s", name, lv.Value, record.SizeString(end)))
	}
	return strings.Join(parts, "; ") + fmt.Sprintf("; DRAM %.0f cycles beyond", l.dram.Value)
}

// writeL2Partitions explains what the one-SM chase found against the
// all-SM one: a partitioned L2's near and far halves, and its size.
func writeL2Partitions(b *strings.Builder, run *record.Run, curves []*record.Record) {
	var one, all *record.Record
	for _, r := range curves {
		switch r.Subject {
		case oneSMPath:
			one = r
		case memory.PathL2:
			all = r
		}
	}
	if one == nil {
		return
	}
	b.WriteString("\n**The L2's partitions.** ")
	ls, err := infer.Levels(curvePoints(one), levelStep)
	var l2 *l2Levels
	if err == nil {
		l2 = oneSML2(ls, curvePoints(one))
	}
	if l2 == nil {
		fmt.Fprintf(b, "The chase from one SM (`%s`) found no resolved staircase of levels below DRAM (each level slower than the one before), so it sizes no L2 and shows no partition.\n", oneSMPath)
		return
	}
	allKnee := 0.0
	if all != nil {
		if la, err := infer.Levels(curvePoints(all), levelStep); err == nil && len(la) > 1 {
			allKnee = la[0].Capacity
		}
	}
	driver := float64(run.Device.Attributes["L2_CACHE_SIZE"])
	switch len(l2.levels) {
	case 1:
		fmt.Fprintf(b, "From one SM the L2 is one level, %.0f cycles up to %s, then DRAM (%.0f cycles): no partition shows in latency.", l2.levels[0].Value, record.SizeString(l2.capacity), l2.dram.Value)
	default:
		near, far := l2.levels[0], l2.levels[len(l2.levels)-1]
		fmt.Fprintf(b, "From one SM the L2 shows as %d levels: %.0f cycles up to %s, then %.0f cycles (%.0f%% more) up to %s, then DRAM (%.0f cycles). ",
			len(l2.levels), near.Value, record.SizeString(near.Capacity), far.Value, 100*(far.Value/near.Value-1), record.SizeString(l2.capacity), l2.dram.Value)
		b.WriteString("This is how a partitioned L2 looks from one SM (NVIDIA's A100 whitepaper, 2020: the L2 is divided into two partitions, each caching data for the SMs of the GPCs directly connected to it): the first level is what the SM's own partition serves; past it, lines the near partition no longer holds come from the far one, across the crossbar between them, and the curve meets DRAM only once the whole L2 is outgrown.")
	}
	fmt.Fprintf(b, " The L2's capacity is where the last L2 level's plateau ends (between its last point and the next footprint): %s", record.SizeString(l2.capacity))
	if driver > 0 {
		fmt.Fprintf(b, " against the driver's %s (%+.1f%%)", record.SizeString(driver), 100*(l2.capacity/driver-1))
	}
	fmt.Fprintf(b, "; the knee to DRAM (latency halfway) is further, at %s, because past its capacity the L2 still serves part of the footprint (its replacement is not least-recently-used, which a cyclic chase would defeat at once).", record.SizeString(l2.knee))
	if allKnee > 0 {
		fmt.Fprintf(b, " With every SM reading (`global ld.cg`, one chain per SM), the knee is at %s (%.0f%% of that capacity): when SMs attached to both partitions read the same lines, both partitions hold them, so the GPU as a whole keeps less on chip than the L2's capacity, and that knee is what a kernel reading from every SM sees.", record.SizeString(allKnee), 100*allKnee/l2.capacity)
	}
	b.WriteString(" In the bandwidth curve, a partitioned L2 shows as the rate falling once the footprint outgrows the near copies, before DRAM (see below).\n")
}

// writeFailedList lists a table's failed records under it, a line each.
func writeFailedList(b *strings.Builder, failed []string) {
	for _, f := range failed {
		fmt.Fprintf(b, "- %s\n", f)
	}
	if len(failed) > 0 {
		b.WriteString("\n")
	}
}
