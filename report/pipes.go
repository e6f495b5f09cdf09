package report

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/gpuarch/gpuarch/archdb"
	"github.com/gpuarch/gpuarch/infer"
	"github.com/gpuarch/gpuarch/mdtext"
	"github.com/gpuarch/gpuarch/measure/alu"
	"github.com/gpuarch/gpuarch/measure/async"
	"github.com/gpuarch/gpuarch/measure/pipes"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/sass"
)

// pipesData gathers the pipes suite's records.
type pipesData struct {
	occupancy, operands []*record.Record
	solo, pairs, held   []*record.Record
}

func gatherPipes(run *record.Run) pipesData {
	var d pipesData
	for i := range run.Records {
		r := &run.Records[i]
		if r.Suite != pipes.Suite || r.Status != record.StatusOK {
			continue
		}
		switch {
		case r.Quantity == record.Occupancy && r.Group == pipes.GroupOperands:
			d.operands = append(d.operands, r)
		case r.Quantity == record.Occupancy:
			d.occupancy = append(d.occupancy, r)
		case r.Quantity == record.Mix && r.Mix != nil:
			switch r.Mix.Role {
			case "solo":
				d.solo = append(d.solo, r)
			case "pair":
				d.pairs = append(d.pairs, r)
			default:
				d.held = append(d.held, r)
			}
		}
	}
	return d
}

func cell(v *float64) string {
	if v == nil {
		return "—"
	}
	return fmt.Sprintf("%.2f", *v)
}

func writeBottlenecks(b *strings.Builder, run *record.Run, d pipesData, m *pipesModel) {
	b.WriteString("## ALU bottlenecks\n\n")
	if len(d.occupancy) == 0 {
		b.WriteString("The pipes suite was not run.\n\n")
		return
	}
	fmt.Fprintf(b, "Warp instructions per clock per SM (4 is one per scheduler per clock, the issue limit of %d schedulers) for a dependent chain of each instruction, at every ILP (independent chains per thread) and occupancy. Every SM holds exactly the stated number of warps: blocks of at most 8 warps, and a dynamic shared-memory spoiler that lets no more blocks fit, checked against each SM's warp count in the kernel's own records. Dips at occupancies that are not multiples of 4 (6, 12 warps) are likely the schedulers being unevenly loaded: if a block's warp w runs on scheduler w mod 4, as is widely reported, 6 warps give two schedulers twice the work of the others. Each grid's record is `pipes/<instruction>/occupancy`.\n\n", run.Device.SubPartitions)
	for _, r := range d.occupancy {
		writeGrid(b, r)
	}
	writePeaks(b, run, d, m)
}

func writeGrid(b *strings.Builder, r *record.Record) {
	o := r.Occup
	fmt.Fprintf(b, "### %s\n\n", mdtext.Code(r.Subject))
	if r.Code != nil && r.Code.Sequence != "" {
		fmt.Fprintf(b, "Machine code per step: %s. ", mdtext.Escape(r.Code.Sequence))
	}
	if o.ClockHz > 0 {
		fmt.Fprintf(b, "SM clock %.0f MHz.", o.ClockHz/1e6)
	}
	b.WriteString("\n\n| ILP \\ warps/SM |")
	for _, w := range o.WarpsPerSM {
		fmt.Fprintf(b, " %d |", w)
	}
	b.WriteString("\n| --- |" + strings.Repeat(" ---: |", len(o.WarpsPerSM)) + "\n")
	for i, ilp := range o.ILPs {
		fmt.Fprintf(b, "| %s |", linked(r, fmt.Sprint(ilp)))
		for j := range o.WarpsPerSM {
			fmt.Fprintf(b, " %s |", cell(o.IPC[i][j]))
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(b, "\n![%s: warp instructions per clock per SM against warps per SM](%s/%s)\n\n", mdtext.Cell(r.Subject), PlotDir, plotName(r))
	for _, s := range o.Skipped {
		fmt.Fprintf(b, "- skipped: %s\n", mdtext.Escape(s))
	}
	if len(o.Skipped) > 0 {
		b.WriteString("\n")
	}
}

// peakTargets are the instructions whose best rate the document compares
// with the documented one, and the results one warp instruction gives.
var peakTargets = []struct {
	subject string
	class   archdb.Class
	results float64 // per-thread results per instruction in the documented unit
	label   string
}{
	{"fma.rn.f32", archdb.FP32FMA, 1, "FFMA"},
	{"fma.rn.f64", archdb.FP64FMA, 1, "DFMA"},
	{"mad.lo.s32", archdb.Int32Mul, 1, "IMAD"},
	{"fma.rn.f16x2", archdb.FP16FMA, 2, "HFMA2"},
}

func writePeaks(b *strings.Builder, run *record.Run, d pipesData, m *pipesModel) {
	var rows []string
	for _, t := range peakTargets {
		var r *record.Record
		for _, o := range d.occupancy {
			if o.Subject == t.subject {
				r = o
			}
		}
		cellDoc, ok := archdb.Guide(run.Device.ComputeCapability, t.class)
		if r == nil || !ok || cellDoc.PerSM == 0 {
			continue
		}
		best, warps, ilp := bestCell(r.Occup)
		at := fmt.Sprintf("%d × %d", warps, ilp)
		results := best * float64(run.Device.WarpSize) * t.results
		ratio := results / cellDoc.PerSM
		rows = append(rows, fmt.Sprintf("| %s (`%s`) | %s | %.1f | %.0f | %.1f%% | %s | %s |\n",
			t.label, t.subject, linked(r, fmt.Sprintf("%.3f", best)), results, cellDoc.PerSM, 100*ratio, at, limit(run, r, best, cellDoc.PerSM/t.results, m)))
	}
	if len(rows) == 0 {
		return
	}
	b.WriteString("### Best rates against the documented peak\n\n")
	b.WriteString("The best cell of each grid, in per-thread results per clock per SM, beside NVIDIA's documented rate (reference data, see Reference data), and what the record shows holds it below 100%.\n\n")
	b.WriteString("| Instruction | Warp inst/clk/SM | Results/clk/SM | Documented | Share | At (warps/SM × ILP) | What limits it |\n| --- | ---: | ---: | ---: | ---: | --- | --- |\n")
	for _, row := range rows {
		b.WriteString(row)
	}
	b.WriteString("\n")
}

// bestCell returns the grid's best rate and the warps per SM and ILP it
// was measured at.
func bestCell(o *record.OccupancyDetail) (best float64, warps, ilp int) {
	for i, l := range o.ILPs {
		for j, w := range o.WarpsPerSM {
			if v := o.IPC[i][j]; v != nil && *v > best {
				best, warps, ilp = *v, w, l
			}
		}
	}
	return best, warps, ilp
}

// limit explains a best rate from the record: the loop body's machine code
// (with N instructions under test and K others, a loop issuing at the
// schedulers' rate reaches at most N/(N+K) of it), and the grid's shape
// (a rate still rising at the largest ILP is latency-bound).
func limit(run *record.Run, r *record.Record, best float64, documented float64, m *pipesModel) string {
	s := r.Code
	if s == nil || s.Needed == 0 || len(s.Counts) == 0 {
		return "machine code not available"
	}
	total := 0
	for _, n := range s.Counts {
		total += n
	}
	other := total - s.Found
	issue := float64(run.Device.SubPartitions)
	bound := issue * float64(s.Needed) / float64(total)
	o := r.Occup
	rowBest := func(i int) float64 {
		m := 0.0
		for _, v := range o.IPC[i] {
			if v != nil {
				m = math.Max(m, *v)
			}
		}
		return m
	}
	last := len(o.ILPs) - 1
	rising := last > 0 && rowBest(last) >= best*0.999 && rowBest(last-1) < 0.98*best
	switch {
	case best*float64(run.Device.WarpSize) >= 0.995*documented:
		return "nothing: at the documented rate"
	case other > 0 && math.Abs(best-bound)/bound < 0.01:
		return fmt.Sprintf("issue: the loop body holds %d other instructions beside the %d under test, so at %.0f per clock the bound is %.3f; measured %.3f", other, s.Found, issue, bound, best)
	case rising:
		return fmt.Sprintf("latency: the rate still rises at the largest ILP tried (%d chains: %.3f, against %.3f at ILP %d), so more independent work per warp would go faster; the loop's instructions bound it only at %.3f", o.ILPs[last], rowBest(last), rowBest(last-1), o.ILPs[last-1], bound)
	case best < 0.55*issue:
		return fmt.Sprintf("the pipeline, which accepts one warp instruction every %.1f cycles per scheduler; the loop's %d other instructions issue in its idle slots, so they do not explain the %.1f%% below the documented rate", issue/best, other, 100*(1-best*float64(run.Device.WarpSize)/documented))
	}
	got, replayed := m.replayGrid(r)
	// The replay explains the shortfall when it lands nearer the
	// measurement than half the gap below the issue bound.
	if gap := bound - best; replayed && gap > 0.005*bound && math.Abs(got.Rate-best) < gap/2 {
		return replayLimit(got, s, best, bound, other, m.rp.fit.Model)
	}
	out := fmt.Sprintf("not explained by the record: %.1f%% of the issue rate, and the loop's %d other instructions bound it only at %.3f", 100*best/issue, other, bound)
	if replayed {
		out += fmt.Sprintf("; replaying its machine code on the inferred pipelines gives %.3f", got.Rate)
	}
	return out
}

// replayLimit says what the replay of a grid's best kernel loses its
// cycles to, beside the loop's other instructions.
func replayLimit(got infer.Replayed, s *record.CodeCheck, best, bound float64, other int, model infer.IssueModel) string {
	var causes, losses []string
	if other > 0 {
		causes = append(causes, "issue")
	}
	for _, c := range []struct {
		name  string
		share float64
	}{{"register reads", got.Register}, {"busy pipelines", got.Pipeline}, {"dependencies", got.Dependency}} {
		if c.share < 0.005 {
			continue
		}
		causes = append(causes, c.name)
		loss := fmt.Sprintf("%.1f%% of its cycles waiting on %s", 100*c.share, c.name)
		if c.name == "register reads" && s.BankConflicts != nil {
			loss += fmt.Sprintf(" (%.2f bank conflicts a step)", *s.BankConflicts)
		}
		losses = append(losses, loss)
	}
	out := strings.Join(causes, " and ") + ": "
	if other > 0 {
		out += fmt.Sprintf("the loop holds %d other instructions beside the %d under test (issue bound %.3f), and ", other, s.Found, bound)
	}
	out += fmt.Sprintf("replaying the kernel's machine code on the inferred pipelines (ALU layout; %s)", model)
	if len(losses) > 0 {
		out += " loses " + strings.Join(losses, ", ") + ","
	}
	return out + fmt.Sprintf(" giving %.3f against the %.3f measured", got.Rate, best)
}

// replayGrid replays a grid's best kernel (the record keeps its machine
// code) at its occupancy with the issue model fitted to the mixes; false
// when there is no layout, fit or machine code.
func (m *pipesModel) replayGrid(r *record.Record) (infer.Replayed, bool) {
	if m == nil || m.err != nil || m.rp == nil || m.rp.err != nil || r.Code == nil || len(r.Code.Loop) == 0 || r.Code.Found == 0 {
		return infer.Replayed{}, false
	}
	best, warps, _ := bestCell(r.Occup)
	got, err := m.layout.Replay(infer.Loop{ID: r.Subject, Body: r.Code.Loop, WarpsPerSM: warps, Counted: r.Code.Found, Rate: best}, m.latency, m.rp.fit.Model)
	return got, err == nil
}

func writeOperands(b *strings.Builder, d pipesData) {
	if len(d.operands) == 0 {
		return
	}
	b.WriteString("### Operand effects\n\n")
	b.WriteString("FFMA chains whose steps read one, two or three distinct registers, immediates or constant-bank operands. *Reuse* counts source operands per step that ptxas marked `.reuse` (read from the operand reuse cache instead of the register file); *bank conflicts* count the register reads per step beyond the first from one of the register file's two banks (register index parity) within an instruction, in the ILP-1 kernel's machine code. The seeds report that (x·x)+1 outruns (x·y)+z at ILP 1 on Apple GPUs because it needs less register bandwidth; these rows show what this GPU does.\n\n")
	warps := d.operands[0].Occup.WarpsPerSM
	b.WriteString("| Form | Reuse/step | Bank conflicts/step | ILP 1 best | ILP 2 best | ILP 1 at")
	for _, w := range warps {
		fmt.Fprintf(b, " %d |", w)
	}
	b.WriteString("\n| --- | ---: | ---: | ---: | ---: |" + strings.Repeat(" ---: |", len(warps)) + "\n")
	for _, r := range d.operands {
		o := r.Occup
		reuse, conflicts := 0.0, "—"
		if r.Code != nil {
			reuse = r.Code.Reuse
		}
		if len(o.Reuse) > 0 {
			reuse = o.Reuse[0]
		}
		if c, ok := ilp1Conflicts(r); ok {
			conflicts = fmt.Sprintf("%.2f", c)
		}
		rowBest := func(i int) string {
			if i >= len(o.IPC) {
				return "—"
			}
			best := 0.0
			for _, v := range o.IPC[i] {
				if v != nil {
					best = math.Max(best, *v)
				}
			}
			return fmt.Sprintf("%.2f", best)
		}
		fmt.Fprintf(b, "| %s | %.2f | %s | %s | %s |", linked(r, mdtext.CellCode(strings.TrimPrefix(r.Subject, pipes.OperandsPrefix))), reuse, conflicts, rowBest(0), rowBest(1))
		for j := range warps {
			fmt.Fprintf(b, " %s |", cell(o.IPC[0][j]))
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
	writeBankFinding(b, d.operands)
}

// ilp1Conflicts is the bank conflicts per step of a grid's ILP-1 kernel:
// from the grid's per-ILP list, or, in records that predate it, from the
// SASS check (then of the first ILP's kernel).
func ilp1Conflicts(r *record.Record) (float64, bool) {
	o := r.Occup
	if len(o.BankConflicts) > 0 && len(o.ILPs) > 0 && o.ILPs[0] == 1 {
		return o.BankConflicts[0], true
	}
	if len(o.BankConflicts) == 0 && r.Code != nil && r.Code.BankConflicts != nil && len(r.Code.Loop) == 0 {
		return *r.Code.BankConflicts, true
	}
	return 0, false
}

// writeBankFinding compares, at ILP 1, the operand forms whose machine code
// reads a register bank twice in every step with those that never do.
func writeBankFinding(b *strings.Builder, forms []*record.Record) {
	var with, without []float64
	for _, r := range forms {
		c, ok := ilp1Conflicts(r)
		if !ok || len(r.Occup.IPC) == 0 {
			continue
		}
		best := 0.0
		for _, v := range r.Occup.IPC[0] {
			if v != nil {
				best = math.Max(best, *v)
			}
		}
		switch {
		case c >= 0.95:
			with = append(with, best)
		case c <= 0.05:
			without = append(without, best)
		}
	}
	if len(with) == 0 || len(without) == 0 {
		return
	}
	lo, hi := slices.Min(with), slices.Max(with)
	free := slices.Max(without)
	fmt.Fprintf(b, "At ILP 1, the forms whose every FFMA reads two of its registers from one bank peak at %.2f–%.2f warp instructions per clock per SM, %.0f%% of the %.2f the conflict-free forms reach: ", lo, hi, 100*hi/free, free)
	if hi <= 0.55*free {
		b.WriteString("half, as if a bank delivers one register a clock and such an FFMA takes two clocks to collect its operands.\n\n")
	} else {
		b.WriteString("the conflicts cost less than a clock each.\n\n")
	}
}

// mixCounts turns a mix record's parts into counts by class. Parts name
// ALU instructions; solo records map them to class names.
func mixCounts(r *record.Record, classOf map[string]string) map[string]int {
	out := map[string]int{}
	for _, p := range r.Mix.Parts {
		out[classOf[p.Subject]] += p.Count
	}
	return out
}

// pipesModel is what the report infers from the pipes suite once and
// uses in several sections: the layout, the mixes' classes and the issue
// model fitted for replaying machine code.
type pipesModel struct {
	layout  *infer.Layout
	err     error // the inference's failure
	classOf map[string]string
	latency map[string]float64 // by class
	// subjectLatency maps the alu suite's instructions to their latency.
	subjectLatency map[string]float64
	rp             *replayed
}

// inferPipes infers the layout from the solo and pair mixes and fits the
// replay to them; nil when the suite measured no mix.
func inferPipes(run *record.Run, d pipesData) *pipesModel {
	if len(d.solo) == 0 {
		return nil
	}
	m := &pipesModel{classOf: map[string]string{}}
	var classes []infer.Class
	for _, r := range d.solo {
		m.classOf[r.Mix.Parts[0].Subject] = r.Subject
		classes = append(classes, infer.Class{Name: r.Subject, Rate: r.Value})
	}
	issue := float64(max(1, run.Device.SubPartitions))
	m.layout, m.err = infer.Infer(issue, classes, m.toMixes(d.pairs))
	if m.err != nil {
		return m
	}
	m.subjectLatency = latencies(run)
	m.latency = classLatencies(d, m.subjectLatency)
	m.rp = replayMixes(m.layout, d, m.latency)
	return m
}

func (m *pipesModel) toMixes(rs []*record.Record) []infer.Mix {
	var ms []infer.Mix
	for _, r := range rs {
		ms = append(ms, infer.Mix{ID: r.Subject, Counts: mixCounts(r, m.classOf), Rate: r.Value})
	}
	return ms
}

func writeLayout(b *strings.Builder, run *record.Run, d pipesData, m *pipesModel) {
	if m == nil {
		return
	}
	l, classOf := m.layout, m.classOf
	issue := float64(max(1, run.Device.SubPartitions))
	b.WriteString("## ALU layout\n\n")
	if m.err != nil {
		fmt.Fprintf(b, "The pipeline inference failed: %s\n\n", oneLine(m.err.Error()))
		return
	}
	fmt.Fprintf(b, "Inferred from %d mixes of instruction pairs, two ratios per pair: the ratio of the two instructions' rates alone (so that both would take the same time) and a second one. The model: an SM issues at most %.0f warp instructions per clock (one per scheduler); a pair shares a pipeline when its mix takes the sum of the two times, and not when it takes the larger; when both hypotheses give the same time (both instructions issue-bound), the data cannot decide, and the layout says so instead of guessing. Instructions at half the issue rate or slower fill a pipeline alone and are grouped by what they share; a faster instruction must be reaching its rate through several pipelines, so it takes a share (fitted from the pair's mix) of every pipeline whose every member it was measured to share (one it overlaps in part is not its pipeline), and a pipeline of its own for the rest. %s\n\n", len(d.pairs), issue, classNaming(run))
	latency := m.subjectLatency
	b.WriteString("| Pipeline (instructions that use only it) | Warp inst/clk/SM | Results/clk/SM | Latency (cycles) | In flight per SM (Little's law) | Consistent |\n| --- | ---: | ---: | ---: | ---: | --- |\n")
	for _, p := range l.Pipelines {
		if p.Own != "" {
			continue
		}
		lat, in := "—", "—"
		if v, ok := pipelineLatency(p, d, latency); ok {
			lat = fmt.Sprintf("%.1f", v)
			in = fmt.Sprintf("%.1f", infer.Concurrency(v, p.Rate))
		}
		cons := "yes"
		if !p.Consistent {
			cons = "**no**: a member overlaps another"
		}
		fmt.Fprintf(b, "| %s | %.2f | %.0f | %s | %s | %s |\n", mdtext.Cell(p.Name), p.Rate, p.Rate*float64(run.Device.WarpSize), lat, in, cons)
	}
	b.WriteString("\nIn flight per SM is latency × rate: the warp instructions that must be in flight on an SM to keep the pipeline busy (independent instructions across warps and ILP).\n\n")
	writeUniformBeside(b, run)
	if len(l.Flexible) > 0 {
		b.WriteString("| Instruction spread over several pipelines | Warp inst/clk/SM alone | Share of its instructions on each pipeline |\n| --- | ---: | --- |\n")
		for _, f := range l.Flexible {
			var ps []string
			for i, name := range f.Pipelines {
				ps = append(ps, fmt.Sprintf("%s: %.0f%%", mdtext.Cell(name), 100*f.Share[i]))
			}
			fmt.Fprintf(b, "| %s | %.2f | %s |\n", mdtext.Cell(f.Name), f.Rate, strings.Join(ps, ", "))
		}
		b.WriteString("\nShares of shared pipelines are fitted from the pair's mix: the cycles it took beyond the other instruction's own. A share above 100% of what one pipeline allows, or shares summing past 100%, mean the instruction costs more than its pipeline slots (a resource the model does not name).\n\n")
	}
	writeExtra(b, l)
	writePairCosts(b, l)
	writePairMatrix(b, l)
	writeReplay(b, l, m.rp)
	writeChecks(b, l, m.toMixes(d.held), append(m.toMixes(d.solo), m.toMixes(d.pairs)...), m.rp)
	writeMixTable(b, d, l, classOf, m.rp)
}

// classLatencies maps mix classes to the measured latency of the
// instruction each was measured with.
func classLatencies(d pipesData, lat map[string]float64) map[string]float64 {
	out := map[string]float64{}
	for _, r := range d.solo {
		if v, ok := lat[r.Mix.Parts[0].Subject]; ok {
			out[r.Subject] = v
		}
	}
	return out
}

// mixLoop is a mix record's loop body as package infer replays it: the
// machine code of the shape it ran best at, whose rate is the record's
// value; false when the record keeps none.
func mixLoop(r *record.Record) (infer.Loop, bool) {
	if r.Code == nil || len(r.Code.Loop) == 0 || r.Value <= 0 {
		return infer.Loop{}, false
	}
	return infer.Loop{ID: r.Subject, Body: r.Code.Loop, WarpsPerSM: r.Mix.Best.WarpsPerSM,
		Counted: r.Mix.Best.StepsPerIter, Rate: r.Value}, true
}

// replayed is the replay of every mix with a loop body.
type replayed struct {
	fit    infer.ReplayFit
	err    error
	byID   map[string]infer.Replayed
	fitted int // loops the model was fitted to
}

// replayMixes fits the issue model to the solo and pair mixes' loops and
// replays every mix under it.
func replayMixes(l *infer.Layout, d pipesData, latency map[string]float64) *replayed {
	rp := &replayed{byID: map[string]infer.Replayed{}}
	var train, all []infer.Loop
	for _, set := range [][]*record.Record{d.solo, d.pairs, d.held} {
		for _, r := range set {
			lp, ok := mixLoop(r)
			if !ok {
				continue
			}
			all = append(all, lp)
			if r.Mix.Role != "held-out" {
				train = append(train, lp)
			}
		}
	}
	if len(train) == 0 {
		return nil
	}
	rp.fitted = len(train)
	if rp.fit, rp.err = l.FitReplay(train, latency); rp.err != nil {
		return rp
	}
	got, err := l.ReplayAll(all, latency, rp.fit.Model)
	if err != nil {
		rp.err = err
		return rp
	}
	for i, lp := range all {
		rp.byID[lp.ID] = got[i]
	}
	return rp
}

// writeReplay explains the replay of the machine code and the issue model
// fitted for it.
func writeReplay(b *strings.Builder, l *infer.Layout, rp *replayed) {
	if rp == nil {
		return
	}
	b.WriteString("### Replaying the machine code\n\n")
	if rp.err != nil {
		fmt.Fprintf(b, "The mixes' loops could not be replayed: %s\n\n", oneLine(rp.err.Error()))
		return
	}
	fmt.Fprintf(b, "Counts alone miss what the machine code decides: the order ptxas chose (it may interleave two instructions for half the loop and leave the rest to one of them), which instruction waits for which, and which registers each reads. Every mix record keeps its timed loop body as disassembled, and the layout replays it cycle by cycle on one scheduler, as GPU simulators do: the scheduler's share of the warps, one instruction issued a clock at most, the warp that issued last first (greedy-then-oldest); an instruction issues when its sources are ready (their producer's measured latency after it issued), one of its pipelines is free (each takes a warp instruction every %.0f/rate clocks, its rate being per SM) and the register file has read the operands of the one before. Registers sit in %d banks by index; an instruction that reads several registers from one bank (not marked `.reuse`, which the operand reuse cache serves) takes longer to collect its operands. What the layout cannot say — what an extra read from one bank costs, and how an instruction spread over pipelines picks one — is chosen by replaying the %d solo and pair mixes (the inference's evidence) under each model below and keeping the one with the smallest mean error; the held-out mixes play no part. Each loop is replayed at the shape it ran best at (the record keeps that kernel's machine code) and compared with the record's rate.\n\n",
		l.Issue, sass.RegisterBanks, rp.fitted)
	b.WriteString("| Issue model | Mean error on the fitted mixes |\n| --- | ---: |\n")
	for i, t := range rp.fit.Tried {
		name := t.Model.String()
		if i == 0 {
			name = "**" + name + "** (chosen)"
		}
		fmt.Fprintf(b, "| %s | %.1f%% |\n", name, 100*t.Error)
	}
	b.WriteString("\n")
}

// latencies maps ALU instruction subjects to their measured latency.
func latencies(run *record.Run) map[string]float64 {
	out := map[string]float64{}
	for _, r := range run.Records {
		if r.Suite == alu.Suite && r.Quantity == record.Latency && r.Status == record.StatusOK {
			out[r.Subject] = r.Value
		}
	}
	return out
}

// pipelineLatency is the largest latency among a pipeline's classes, from
// the alu suite's records of the instructions they were measured with.
func pipelineLatency(p infer.Pipeline, d pipesData, lat map[string]float64) (float64, bool) {
	found, worst := false, 0.0
	for _, r := range d.solo {
		for _, c := range p.Classes {
			if r.Subject == c {
				if v, ok := lat[r.Mix.Parts[0].Subject]; ok {
					found, worst = true, math.Max(worst, v)
				}
			}
		}
	}
	return worst, found
}

// writeExtra describes the resources fitted beyond the pipelines, or says
// that none was needed.
func writeExtra(b *strings.Builder, l *infer.Layout) {
	x := l.Extra
	if x == nil {
		b.WriteString("The pipelines explain the pairs' mixes: no resource beyond them was fitted.\n\n")
		return
	}
	b.WriteString("### Beyond the pipelines\n\n")
	var cv []string
	for k, v := range x.Validation {
		cv = append(cv, fmt.Sprintf("%d: %.1f%%", k, 100*v))
	}
	fmt.Fprintf(b, "The pipelines alone predict the pairs' mixes with a root-mean-square error of %.1f%%: some mixes take longer than their busiest pipeline allows, so the instructions also hold a resource no pipeline names (register-file reads, dispatch or operand collection; the data cannot say which). Its cost per instruction is fitted to the pairs' mixes, and the number of such resources chosen by five-fold cross-validation on them (held-out error by count, %s): %d, bringing the error to %.1f%%. A mix then takes at least, for each resource, the sum of its instructions' costs.\n\n",
		100*x.Before, strings.Join(cv, ", "), len(x.Cost), 100*x.After)
	var names []string
	for c := range x.Cost[0] {
		names = append(names, c)
	}
	sort.Strings(names)
	b.WriteString("| Instruction |")
	for k := range x.Cost {
		fmt.Fprintf(b, " Resource %d: cycles per warp instruction per SM (share of its time alone) |", k+1)
	}
	b.WriteString("\n| --- |" + strings.Repeat(" ---: |", len(x.Cost)) + "\n")
	for _, c := range names {
		fmt.Fprintf(b, "| %s |", mdtext.Cell(c))
		for _, cost := range x.Cost {
			fmt.Fprintf(b, " %.3f (%.0f%%) |", cost[c], 100*cost[c]*l.Rate(c))
		}
		b.WriteString("\n")
	}
	if n := len(x.Explained); n > 0 {
		var shown []string
		for _, id := range x.Explained[:min(n, 10)] {
			shown = append(shown, mdtext.Escape(id))
		}
		fmt.Fprintf(b, "\nThe resource bounds %d of the pairs' mixes; the most affected: %s.\n", n, strings.Join(shown, ", "))
	}
	b.WriteString("\n")
}

// writePairCosts lists what pairs cost each other beyond their pipelines.
func writePairCosts(b *strings.Builder, l *infer.Layout) {
	if len(l.PairCosts) == 0 {
		return
	}
	b.WriteString("### What pairs cost each other\n\n")
	b.WriteString("Pairs whose mixes took longer than the pipelines allow: a mix holding both takes at least, per round, its count of each times the cost below (cycles per warp instruction per SM), fitted to the pair's two ratios by least squares (from one ratio, both instructions' solo times scaled alike). The prediction takes the largest of the pipelines, the resources above and these.\n\n")
	b.WriteString("| Pair | Cost of the first | Cost of the second | Mixes fitted |\n| --- | ---: | ---: | ---: |\n")
	for _, pc := range l.PairCosts {
		fmt.Fprintf(b, "| %s + %s | %.3f | %.3f | %d |\n", mdtext.Cell(pc.A), mdtext.Cell(pc.B), pc.CostA, pc.CostB, pc.Mixes)
	}
	b.WriteString("\n")
}

func writePairMatrix(b *strings.Builder, l *infer.Layout) {
	names := map[string]bool{}
	verdict := map[[2]string]infer.Verdict{}
	for _, p := range l.Pairs {
		names[p.A], names[p.B] = true, true
		verdict[[2]string{p.A, p.B}], verdict[[2]string{p.B, p.A}] = p.Verdict, p.Verdict
	}
	var ns []string
	for n := range names {
		ns = append(ns, n)
	}
	sort.Strings(ns)
	b.WriteString("### Evidence: what each pair's mix says\n\n")
	b.WriteString("**S** shared, **·** independent, **p** partially shared, **?** undecidable (both issue-bound).\n\n|  |")
	for _, n := range ns {
		fmt.Fprintf(b, " %s |", mdtext.Cell(n))
	}
	b.WriteString("\n| --- |" + strings.Repeat(" :---: |", len(ns)) + "\n")
	sym := map[infer.Verdict]string{infer.Shared: "**S**", infer.Independent: "·", infer.Partial: "p", infer.Undecidable: "?"}
	for _, a := range ns {
		fmt.Fprintf(b, "| %s |", mdtext.Cell(a))
		for _, c := range ns {
			v, ok := verdict[[2]string{a, c}]
			switch {
			case a == c:
				b.WriteString(" — |")
			case !ok:
				b.WriteString("  |")
			default:
				fmt.Fprintf(b, " %s |", sym[v])
			}
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
	for _, p := range l.Pairs {
		if p.Verdict == infer.Independent {
			continue
		}
		fmt.Fprintf(b, "- %s + %s: **%s** (score %.2f) — %s\n", mdtext.Escape(p.A), mdtext.Escape(p.B), p.Verdict, p.Score, oneLine(p.Evidence))
	}
	b.WriteString("\n")
}

func writeChecks(b *strings.Builder, l *infer.Layout, held, known []infer.Mix, rp *replayed) {
	if len(held) == 0 {
		return
	}
	checks, err := l.Validate(held)
	if err != nil {
		fmt.Fprintf(b, "The held-out mixes could not be predicted: %s\n\n", oneLine(err.Error()))
		return
	}
	b.WriteString("### Prediction check\n\n")
	fmt.Fprintf(b, "The layout predicts %d mixes it was not built from (each pair at a third ratio, and triples).\n\n", len(checks))
	type row struct {
		id                  string
		measured, predicted float64
		replayed            float64
		limit               string
		hasReplay           bool
	}
	var rows []row
	var counts, replays []float64
	for _, c := range checks {
		r := row{id: c.ID, measured: c.Measured, predicted: c.Predicted}
		counts = append(counts, c.Error)
		if rp != nil && rp.err == nil {
			if got, ok := rp.byID[c.ID]; ok {
				r.replayed, r.limit, r.hasReplay = got.Rate, got.Limit(), true
				replays = append(replays, (got.Rate-c.Measured)/c.Measured)
			}
		}
		rows = append(rows, r)
	}
	summary := func(errs []float64) string {
		var sum, worst float64
		within := 0
		for _, e := range errs {
			e = math.Abs(e)
			sum += e
			worst = math.Max(worst, e)
			if e <= 0.10 {
				within++
			}
		}
		return fmt.Sprintf("mean error %.1f%%, largest %.1f%%, %d of %d within 10%%", 100*sum/float64(len(errs)), 100*worst, within, len(errs))
	}
	fmt.Fprintf(b, "- From the instruction counts (pipelines, the resources beyond them and the pairs' costs): %s.\n", summary(counts))
	if len(replays) > 0 {
		fmt.Fprintf(b, "- Replaying each mix's machine code on the pipelines (%s): %s.\n", rp.fit.Model, summary(replays))
	}
	b.WriteString("\n")
	if sup := infer.FindSuperadditive(held, known, superTolerance); len(sup) > 0 {
		fmt.Fprintf(b, "%d of the held-out mixes took more than %.0f%% longer than two measured mixes that add up to them. A round of y+z takes at most a round of y and then one of z in any model that sums what instructions cost on resources (pipelines, issue slots, register reads), so no such model, the count model here included, can predict these; the replay, which follows the machine code, can only where the order or the operands explain them:\n\n", len(sup), 100*superTolerance)
		for _, x := range sup {
			fmt.Fprintf(b, "- %s: %.3f cycles a round, while %s (%.3f) and %s (%.3f) take %.3f together (%+.0f%%).\n",
				mdtext.Escape(x.Mix.ID), x.Mix.Cycles(), mdtext.Escape(x.Parts[0].ID), x.Parts[0].Cycles(), mdtext.Escape(x.Parts[1].ID), x.Parts[1].Cycles(), x.Bound, 100*(x.Mix.Cycles()/x.Bound-1))
		}
		b.WriteString("\n")
	}
	key := func(r row) float64 {
		if r.hasReplay {
			return math.Abs(r.replayed-r.measured) / r.measured
		}
		return math.Abs(r.predicted-r.measured) / r.measured
	}
	sort.SliceStable(rows, func(i, j int) bool { return key(rows[i]) > key(rows[j]) })
	if len(replays) == 0 {
		b.WriteString("| Held-out mix (largest errors first) | Measured | Predicted | Error |\n| --- | ---: | ---: | ---: |\n")
	} else {
		b.WriteString("| Held-out mix (largest errors first) | Measured | From counts | Error | Replayed | Error | Replay's limit |\n| --- | ---: | ---: | ---: | ---: | ---: | --- |\n")
	}
	for i, r := range rows {
		if i == 16 {
			break
		}
		fmt.Fprintf(b, "| %s | %.3f | %.3f | %+.1f%% |", mdtext.Cell(r.id), r.measured, r.predicted, 100*(r.predicted-r.measured)/r.measured)
		switch {
		case len(replays) == 0:
		case r.hasReplay:
			fmt.Fprintf(b, " %.3f | %+.1f%% | %s |", r.replayed, 100*(r.replayed-r.measured)/r.measured, mdtext.Cell(r.limit))
		default:
			b.WriteString(" — | — | — |")
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
}

// superTolerance is how much slower than its parts a mix must run to be
// reported as beyond every additive model: more than run-to-run noise
// (a percent or two between back-to-back runs).
const superTolerance = 0.05

func writeMixTable(b *strings.Builder, d pipesData, l *infer.Layout, classOf map[string]string, rp *replayed) {
	replay := rp != nil && rp.err == nil && len(rp.byID) > 0
	b.WriteString("### Mixed workloads\n\n")
	if !replay {
		b.WriteString("Every mix measured, in warp instructions (of all its instructions) per clock per SM, beside the inferred layout's prediction. Records `pipes/mix/<mix>`.\n\n")
		b.WriteString("| Mix | Role | Measured | Predicted |\n| --- | --- | ---: | ---: |\n")
	} else {
		b.WriteString("Every mix measured, in warp instructions (of all its instructions) per clock per SM, beside the inferred layout's predictions from the counts and from replaying the mix's machine code. Records `pipes/mix/<mix>`.\n\n")
		b.WriteString("| Mix | Role | Measured | From counts | Replayed |\n| --- | --- | ---: | ---: | ---: |\n")
	}
	all := append(append(append([]*record.Record{}, d.solo...), d.pairs...), d.held...)
	for _, r := range all {
		pred := "—"
		if v, err := l.Predict(mixCounts(r, classOf)); err == nil {
			pred = fmt.Sprintf("%.3f", v)
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s |", mdtext.Cell(r.Subject), mdtext.Cell(r.Mix.Role), linked(r, fmt.Sprintf("%.3f", r.Value)), pred)
		if replay {
			if got, ok := rp.byID[r.Subject]; ok {
				fmt.Fprintf(b, " %.3f |", got.Rate)
			} else {
				b.WriteString(" — |")
			}
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
}

// classNaming says how a run's mix classes are named: by NVIDIA machine
// instruction (PTX kernels), or by operation (SPIR-V kernels, whose
// machine instructions are the driver's choice).
func classNaming(run *record.Run) string {
	if run.Device.BackendOf() == "vulkan" {
		return "Classes are named by the operation their SPIR-V performs: which machine instruction each becomes is the driver's choice."
	}
	return "Classes are named by the machine instruction they compile to."
}

// writeUniformBeside sets the uniform datapath (the async suite's
// records) beside the inferred vector pipelines: each uniform
// instruction's rate and latency, and how much of a vector loop its
// chains hide when the two are interleaved in one loop.
func writeUniformBeside(b *strings.Builder, run *record.Run) {
	var mixes, chains []*record.Record
	for _, r := range asyncRecords(run, async.GroupUniform) {
		switch {
		case r.Status != record.StatusOK:
		case r.Quantity == record.Amount:
			mixes = append(mixes, r)
		default:
			chains = append(chains, r)
		}
	}
	order, rows := pairLatency(chains, func(r *record.Record) string { return r.Op })
	if len(order)+len(mixes) == 0 {
		return
	}
	b.WriteString("The uniform datapath (the warp's scalar unit, measured by the async suite on chains ptxas kept in uniform registers) beside these pipelines:\n\n| Uniform instruction | Warp inst/clk/SM | Latency (cycles per step, loop included) |\n| --- | ---: | ---: |\n")
	for _, op := range order {
		w := rows[op]
		tp, lat := "—", "—"
		if w.tp != nil {
			tp = linked(w.tp, fmt.Sprintf("%.2f", w.tp.Value))
		}
		if w.lat != nil {
			lat = linked(w.lat, fmt.Sprintf("%.1f", w.lat.Value))
		}
		fmt.Fprintf(b, "| %s | %s | %s |\n", mdtext.Cell(op), tp, lat)
	}
	b.WriteString("\n")
	for _, r := range mixes {
		fmt.Fprintf(b, "- %s: the two loops interleaved hide %s of the shorter one (1 when they run side by side on separate pipelines, 0 when they take turns on one).\n", mdtext.Escape(r.Subject), linked(r, fmt.Sprintf("%.0f%%", 100*r.Value)))
	}
	if len(mixes) > 0 {
		b.WriteString("\n")
	}
}
