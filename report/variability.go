package report

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/gpuarch/gpuarch/compare"
	"github.com/gpuarch/gpuarch/mdtext"
	"github.com/gpuarch/gpuarch/record"
)

// maxVariations is how many figures the section lists (largest first);
// the rest are counted.
const maxVariations = 40

// writeVariability writes the section "Variability between runs" (issue
// 32): every figure that run and the repeat runs of its model (such as
// repeat-results.json beside a recorded results file) measured with the
// same kernel and that varies more between runs than within one
// (compare.Variation.MoreBetween), largest first, with this run's value,
// so that a figure such as the shared-lines L2 read, which depends on
// timing no kernel controls, is read with its spread between runs, not
// as one run's value. Runs of another model or backend are left out, and
// so is a repeat run that is run itself (same GPU and start). Nothing is
// written without at least one other run.
func writeVariability(b *strings.Builder, run *record.Run, reps *compare.Repeats) {
	if reps == nil {
		return
	}
	runs := []*record.Run{run}
	var names []string
	for i, r := range reps.Runs {
		if r == nil || r.Device.Name != run.Device.Name || r.Device.BackendOf() != run.Device.BackendOf() ||
			(r.Device.UUID == run.Device.UUID && r.Started.Equal(run.Started)) {
			continue
		}
		runs = append(runs, r)
		name := "—"
		if i < len(reps.Files) {
			name = reps.Files[i]
		}
		names = append(names, fmt.Sprintf("%s (%s)", mdtext.CellCode(name), mdtext.Cell(compare.RepeatRun{GPU: r.Device.UUID, Started: r.Started}.String())))
	}
	if len(runs) < 2 {
		return
	}
	var more []compare.Variation
	for _, v := range compare.Variability(runs...) {
		if v.MoreBetween() {
			more = append(more, v)
		}
	}
	sort.SliceStable(more, func(i, j int) bool { return more[i].Between > more[j].Between })
	b.WriteString("## Variability between runs\n\n")
	fmt.Fprintf(b, "This run is set beside %d other run(s) of the %s: %s. ", len(runs)-1, mdtext.Cell(run.Device.Name), strings.Join(names, "; "))
	fmt.Fprintf(b, "%d figures vary more between runs than within one (between runs: the range of the runs' values over their median, far-off runs left out, the floor `gpuarch compare` takes from repeat runs; within a run: the larger half of the 95%% confidence interval of the median): for these the spread between runs, not one run's ±, is how far this run's figure can be trusted.\n\n", len(more))
	if len(more) == 0 {
		return
	}
	b.WriteString("| Figure | Unit | This run | Between runs (range) | Within a run | Runs |\n| --- | --- | ---: | ---: | ---: | ---: |\n")
	for i, v := range more {
		if i == maxVariations {
			fmt.Fprintf(b, "\n%d more vary more between runs than within one (gpuarch variability lists them all).\n", len(more)-maxVariations)
			break
		}
		this := "—"
		if r, ok := run.Find(v.ID); ok && r.Status == record.StatusOK {
			this = fmt.Sprintf("%.4g", r.Value)
		}
		within := "—"
		if !math.IsNaN(v.Within) {
			within = fmt.Sprintf("±%.1f%%", 100*v.Within)
		}
		host := ""
		if v.HostSide {
			host = " (host-side)"
		}
		fmt.Fprintf(b, "| %s%s | %s | %s | %.1f%% | %s | %d |\n", mdtext.CellCode(v.ID), host, mdtext.Cell(v.Unit), this, 100*v.Between, within, v.Runs)
	}
	b.WriteString("\n")
}
