package compare

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/gpuarch/gpuarch/mdtext"
	"github.com/gpuarch/gpuarch/record"
)

// Mismatch says, a sentence each, how A and B differ in what measured
// them: the GPU model, or the GPU of one model (its UUID), the driver, the
// backend, the gpuarch version (where both sides name one), and how many
// figures both measured with kernels that differ. Empty when they agree. Strings from the files are escaped
// for Markdown.
func (r *Result) Mismatch() []string {
	var out []string
	e := mdtext.Escape
	two := func(a, b string) string { return e(a) + " and " + e(b) }
	if r.A.Name != r.B.Name {
		out = append(out, fmt.Sprintf("A and B are different GPU models (%s): the changes below are between GPUs, not runs.", two(r.A.Name, r.B.Name)))
	}
	if r.A.Name == r.B.Name && r.A.UUID != "" && r.B.UUID != "" && r.A.UUID != r.B.UUID {
		out = append(out, fmt.Sprintf("A and B are two GPUs of one model (%s): the changes below are between GPUs, not runs, and latencies measured on one SM differ between healthy GPUs (membar.gl 416 and 573 cycles on two idle H200s of one host).", two(r.A.UUID, r.B.UUID)))
	}
	if r.A.DriverVersion != "" && r.B.DriverVersion != "" && r.A.DriverVersion != r.B.DriverVersion {
		out = append(out, fmt.Sprintf("A and B ran different drivers (%s): a change may be the driver's.", two(r.A.DriverVersion, r.B.DriverVersion)))
	}
	if r.BackendA != r.BackendB {
		out = append(out, fmt.Sprintf("A and B were measured through different backends (%s): records are paired by the operation they perform.", two(r.BackendA, r.BackendB)))
	}
	if r.ToolA != "" && r.ToolB != "" && r.ToolA != r.ToolB {
		out = append(out, fmt.Sprintf("A and B were measured by different gpuarch versions (%s): a change may be the method's.", two(r.ToolA, r.ToolB)))
	}
	n := 0
	for _, row := range r.Rows {
		if row.KernelsDiffer {
			n++
		}
	}
	if n > 0 {
		out = append(out, fmt.Sprintf("%d of the figures both measured were measured by kernels that differ between A and B (their PTX or kernel source): their changes may be the probes', not the GPU's.", n))
	}
	return out
}

// WriteMarkdown writes the comparison: first how A and B differ in what
// measured them (Mismatch), then the two devices, the counts of each
// verdict and the rule, and a table: by default the changed rows and the
// large untested ones, ranked by change over noise floor (Notable); every
// row, in the runs' order, with all. A and B name the two files. Strings
// from the files, and the names, are escaped (package mdtext), so the
// document shows them as text.
func (r *Result) WriteMarkdown(w io.Writer, nameA, nameB string, all bool) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s against %s\n\n", mdtext.Escape(nameB), mdtext.Escape(nameA))
	if m := r.Mismatch(); len(m) > 0 {
		b.WriteString(strings.Join(m, " ") + "\n\n")
	}
	fmt.Fprintf(&b, "A: %s. B: %s.\n\n", describe(r.A, r.BackendA), describe(r.B, r.BackendB))
	if r.CrossBackend {
		return r.writeCross(w, &b, all)
	}
	counts := r.Counts()
	var parts []string
	for _, v := range []Verdict{Changed, Varies, WithinNoise, Same, TooFew, Differs, Unchanged, StatusDiffs, Unitless, OnlyA, OnlyB} {
		if n := counts[v]; n > 0 && v == Varies {
			parts = append(parts, plural(n, "varies", "vary")+" between runs")
		} else if n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, v))
		}
	}
	fmt.Fprintf(&b, "%d quantities: %s. A figure changed when the Mann-Whitney U test on its samples finds a difference at alpha %.2g (as benchstat does) and its median moved by more than its noise floor: the largest of each run's own noise (the 95%% confidence interval of its median; for a host-side figure also its samples' interquartile range), the variability between runs where known, and %.0f%%; one that moved beyond its own noise but within its variability between runs varies between runs, and is listed with that spread. A figure with fewer than two samples on a side, too few for the test to reach alpha, or host-side (timed through the host) without its variability between runs, is not tested: never called changed, it is listed when it differs by more than %.0f%% and its floor.\n\n",
		len(r.Rows), strings.Join(parts, ", "), r.Alpha, 100*r.MinEffect, 100*LargeUntested)
	if in, n := r.WithinFloor(); n > 0 {
		fmt.Fprintf(&b, "%d of the %d figures both measured (%.1f%%) moved by no more than their noise floor.\n\n", in, n, 100*float64(in)/float64(n))
	}
	r.writeBetween(&b)
	if r.RunsA > 0 || r.RunsB > 0 {
		fmt.Fprintf(&b, "A pools %s and B %s: each figure's samples are the runs' values.", runs(r.RunsA), runs(r.RunsB))
		if p := MinP(r.RunsA, r.RunsB); p >= r.Alpha {
			with := runs(r.RunsA) + " a side"
			if r.RunsA != r.RunsB {
				with = runs(r.RunsA) + " and " + runs(r.RunsB)
			}
			fmt.Fprintf(&b, " With %s no figure can be tested at alpha %.2g (the U test's smallest p is %.2g): the differences below are untested; store more runs of each to test them.", with, r.Alpha, p)
		}
		b.WriteString("\n\n")
	}
	rows := r.Rows
	if !all {
		rows = r.Notable()
		changed, large, varies := 0, 0, 0
		for _, row := range rows {
			switch row.Verdict {
			case Changed:
				changed++
			case Varies:
				varies++
			default:
				large++
			}
		}
		if len(rows) == 0 {
			fmt.Fprintf(&b, "No quantity changed significantly. No figure changed beyond its noise floor, and no untested figure differs by more than %.0f%%.\n", 100*LargeUntested)
			_, err := io.WriteString(w, b.String())
			return err
		}
		var also []string
		if large > 0 {
			also = append(also, plural(large, "untested figure differs", "untested figures differ")+fmt.Sprintf(" by more than %.0f%%", 100*LargeUntested))
		}
		if varies > 0 {
			also = append(also, plural(varies, "figure moved beyond its own noise but within its", "figures moved beyond their own noise but within their")+" variability between runs")
		}
		switch {
		case changed == 0:
			fmt.Fprintf(&b, "No figure changed beyond its noise floor; %s, ranked by change over noise floor (every quantity with --all):\n\n", and(also))
		case large == 0 && varies == 0:
			fmt.Fprintf(&b, "%s, ranked by change over noise floor; no untested figure differs by more than %.0f%% (every quantity with --all):\n\n", plural(changed, "figure changed", "figures changed"), 100*LargeUntested)
		default:
			fmt.Fprintf(&b, "%s, ranked by change over noise floor (every quantity with --all):\n\n", and(append([]string{plural(changed, "figure changed", "figures changed")}, also...)))
		}
	}
	b.WriteString("| Quantity | Unit | A | B | Change | Noise floor | p | Verdict |\n| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |\n")
	for _, row := range rows {
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s |\n", mdtext.CellCode(row.ID), mdtext.Cell(row.Unit), num(row.A), num(row.B), pct(row.Delta), floor(row), pval(row), mdtext.Cell(verdictText(row)))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// verdictText is a row's verdict as the table shows it: the verdict, its
// note, and whether the figure is host-side or its kernels differ.
func verdictText(row Row) string {
	v := string(row.Verdict)
	switch {
	case row.Verdict == Varies:
		v = fmt.Sprintf("varies ±%.1f%% between runs", 100*row.Floor)
	case strings.HasPrefix(row.Note, "not tested"):
		v = row.Note
		if row.Verdict == Unchanged {
			v = "no change, " + v
		}
	case row.Note != "":
		v += ": " + row.Note
	}
	if row.HostSide {
		v += "; host-side"
	}
	if row.KernelsDiffer {
		v += "; kernels differ"
	}
	return v
}

// floor writes a row's noise floor and what set it.
func floor(r Row) string {
	if !(r.Floor > 0) || math.IsNaN(r.Delta) {
		return "—"
	}
	return fmt.Sprintf("±%.1f%% (%s)", 100*r.Floor, r.FloorFrom)
}

func runs(n int) string { return plural(n, "run", "runs") }

// and joins phrases: "a", "a and b", "a, b and c".
func and(parts []string) string {
	if len(parts) < 2 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// writeBetween says where the floors' variability between runs came
// from: which repeat runs (Options.Repeats), which were left out and why,
// and when the runs given were A and B themselves; or that none was known.
func (r *Result) writeBetween(b *strings.Builder) {
	// list names runs by file: "a.json.gz: GPU-1, 2026-11-25 07:28; GPU-2, ...".
	list := func(rs []RepeatRun) string {
		var groups []string
		for i := 0; i < len(rs); {
			j := i
			var each []string
			for ; j < len(rs) && rs[j].File == rs[i].File; j++ {
				each = append(each, mdtext.Escape(rs[j].String()))
			}
			g := strings.Join(each, "; ")
			if rs[i].File != "" {
				g = fmt.Sprintf("%s (%s)", mdtext.Code(rs[i].File), g)
			}
			groups = append(groups, g)
			i = j
		}
		return strings.Join(groups, "; ")
	}
	u := r.Repeats
	switch {
	case u == nil && r.BetweenKnown, r.RunsA > 0 || r.RunsB > 0:
		return
	case u == nil:
		b.WriteString("No variability between runs is known here (no repeat runs of A's model: gpuarch compare takes them from repeat-results.json beside A, or --between): each floor is one run's noise or the minimum, and a figure that moves between runs more than within one may show as changed.\n\n")
		return
	case len(u.Used) >= 2:
		fmt.Fprintf(b, "Variability between runs (floors marked \"between runs\"): each figure's spread over %d runs of the %s other than B, where they measured it with A's and B's kernel (%d figures): the range of the runs' values over their median, runs far off the rest (more than three interquartile ranges, at least 5%% of the median, beyond the quartiles) left out. The runs: %s.",
			len(u.Used), mdtext.Escape(r.A.Name), u.Figures, list(u.Used))
	case u.Pair:
		fmt.Fprintf(b, "**No variability between runs is used: the repeat runs given are A and B themselves.** A spread measured from the two runs compared is their own difference, not a noise floor, so none is taken from them; each floor is one run's noise or the minimum. Give other runs of the %s (compare --between) for floors that hold the variability between runs.", mdtext.Escape(r.A.Name))
	default:
		fmt.Fprintf(b, "No variability between runs is used: fewer than two of the %s given are runs of the %s other than B.", runs(u.Given), mdtext.Escape(r.A.Name))
	}
	if len(u.Left) > 0 {
		fmt.Fprintf(b, " Left out: %s.", list(u.Left))
	}
	b.WriteString("\n\n")
}

// plural is "1 run", "2 runs".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
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
	if !r.Tested() {
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
