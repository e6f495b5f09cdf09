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
// as one run's value. v is variationsOf's (nil: no other run of the model
// and backend, and nothing is written).
func writeVariability(b *strings.Builder, run *record.Run, v *variations) {
	if v == nil {
		return
	}
	more := v.more
	b.WriteString("## Variability between runs\n\n")
	fmt.Fprintf(b, "This run is set beside %d other run(s) of the %s: %s. ", v.others, mdtext.Cell(run.Device.Name), strings.Join(v.names, "; "))
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

// variations is what the repeat runs of run's model say of its figures:
// the figures that vary more between runs than within one
// (compare.Variation.MoreBetween), largest first, and by ID; others runs
// besides run, names them as the document cites them.
type variations struct {
	others int
	names  []string
	more   []compare.Variation
	byID   map[string]compare.Variation
}

// variationsOf sets run beside the repeat runs of reps of its model and
// backend (a repeat run that is run itself, same GPU and start, left
// out); nil without at least one other run.
func variationsOf(run *record.Run, reps *compare.Repeats) *variations {
	if reps == nil {
		return nil
	}
	runs := []*record.Run{run}
	v := &variations{byID: map[string]compare.Variation{}}
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
		v.names = append(v.names, fmt.Sprintf("%s (%s)", mdtext.CellCode(name), mdtext.Cell(compare.RepeatRun{GPU: r.Device.UUID, Started: r.Started}.String())))
	}
	if len(runs) < 2 {
		return nil
	}
	v.others = len(runs) - 1
	for _, x := range compare.Variability(runs...) {
		if x.MoreBetween() {
			v.more = append(v.more, x)
			v.byID[x.ID] = x
		}
	}
	sort.SliceStable(v.more, func(i, j int) bool { return v.more[i].Between > v.more[j].Between })
	return v
}

// between is " (x.x% between runs)" for a figure that varies more between
// runs than within one, so that a table showing its ± within a run does
// not overstate it (the shared-lines L2 read: ±0.2% in a run, 20%
// between two); "" otherwise, or without repeat runs.
func (v *variations) between(r *record.Record) string {
	if v == nil || r == nil {
		return ""
	}
	x, ok := v.byID[r.ID]
	if !ok {
		return ""
	}
	return fmt.Sprintf(" (%.1f%% between runs)", 100*x.Between)
}
