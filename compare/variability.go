package compare

import (
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/gpuarch/gpuarch/mdtext"
	"github.com/gpuarch/gpuarch/record"
)

// Variation is one figure's variability between runs of one GPU set
// beside its noise within one run.
type Variation struct {
	ID   string `json:"id"`
	Unit string `json:"unit"`
	// Runs is how many runs measured the figure (with the same kernel).
	Runs int `json:"runs"`
	// Values are each run's figure (the median of its samples, else its
	// value), in the order the runs were given.
	Values []float64 `json:"values"`
	// Between is the relative variability between the runs, by Spread's
	// rule, the one compare's floors take from repeat runs: the range of
	// the runs' values, runs far apart from the rest left out, over their
	// median; the relative difference of two runs.
	Between float64 `json:"between"`
	// Within is the figure's largest noise floor within one run
	// (NoiseFloor); NaN where no run has samples enough.
	Within float64 `json:"within"`
	// HostSide says the figure is measured through the host (HostSide).
	HostSide bool `json:"host_side,omitempty"`
}

// MoreBetween says the figure varies more between runs than within one:
// by more than its within-run floor, or, where no run has samples enough
// for one, by more than DefaultMinEffect.
func (v Variation) MoreBetween() bool {
	if math.IsNaN(v.Within) {
		return v.Between > DefaultMinEffect
	}
	return v.Between > v.Within
}

// Variability sets each figure that at least two of runs measured with
// the same kernel beside its noise within a run, in ID order. The runs
// should agree: repeat runs of one GPU model.
func Variability(runs ...*record.Run) []Variation {
	between := Spread(runs...)
	var out []Variation
	for _, id := range slices.Sorted(maps.Keys(between)) {
		v := Variation{ID: id, Between: between[id], Within: math.NaN()}
		for _, run := range runs {
			if run == nil {
				continue
			}
			r, ok := run.Find(id)
			if !ok || r.Status != record.StatusOK {
				continue
			}
			v.Runs++
			v.Unit = r.Unit
			v.Values = append(v.Values, runFigure(r))
			if f := NoiseFloor(r); !math.IsNaN(f) && (math.IsNaN(v.Within) || f > v.Within) {
				v.Within = f
			}
			v.HostSide, _ = HostSide(r)
		}
		out = append(out, v)
	}
	return out
}

// WriteVariability writes the variability of runs as Markdown: a summary,
// then the figures that vary more between runs than within one, largest
// first (all of them with all set).
func WriteVariability(w io.Writer, runs []*record.Run, names []string, all bool) error {
	vs := Variability(runs...)
	var b strings.Builder
	dev := "—"
	if len(runs) > 0 {
		dev = mdtext.Cell(runs[0].Device.Name)
	}
	fmt.Fprintf(&b, "# Run-to-run variability: %s\n\n", dev)
	b.WriteString("| Run | File | Started | gpuarch | Driver | SM clock after warm-up |\n| ---: | --- | --- | --- | --- | ---: |\n")
	for i, r := range runs {
		clock := "—"
		if r.Warmup != nil {
			clock = fmt.Sprintf("%.0f MHz", r.Warmup.Hz/1e6)
		}
		name := ""
		if i < len(names) {
			name = names[i]
		}
		fmt.Fprintf(&b, "| %d | %s | %s | %s | %s | %s |\n", i+1, mdtext.CellCode(name), r.Started.UTC().Format("2006-01-02 15:04"),
			mdtext.Cell(r.Tool.Version), mdtext.Cell(orDash(r.Device.DriverVersion)), clock)
	}
	var more []Variation
	within, untested := 0, 0
	for _, v := range vs {
		switch {
		case v.MoreBetween():
			more = append(more, v)
		case math.IsNaN(v.Within):
			untested++
		default:
			within++
		}
	}
	fmt.Fprintf(&b, "\n%d figures were measured by at least two of these runs with the same kernel. Between runs, a figure's variability is the range of its runs' medians over their median, runs more than three interquartile ranges (at least 5%% of the median) beyond the quartiles left out (for two runs, their relative difference): the floor compare takes from these runs; within a run, its noise floor is the larger half of its samples' 95%% confidence interval of the median (the interquartile range for figures timed through the host).\n\n", len(vs))
	fmt.Fprintf(&b, "- **%d** vary between runs by no more than their noise within one.\n", within)
	fmt.Fprintf(&b, "- **%d** vary more between runs than within one: their spread between runs, not one run's interval, is how far a single run's figure can be trusted. They are listed below, largest first.\n", len(more))
	if untested > 0 {
		fmt.Fprintf(&b, "- %d have too few samples in every run for a noise floor within one, and vary by no more than %.0f%%.\n", untested, 100*DefaultMinEffect)
	}
	list := more
	if all {
		list = vs
	}
	slices.SortStableFunc(list, func(a, c Variation) int { return cmpDesc(a.Between, c.Between) })
	if len(list) > 0 {
		b.WriteString("\n| Figure | Unit | Runs | Values | Between runs | Within a run | Host-side |\n| --- | --- | ---: | --- | ---: | ---: | --- |\n")
		for _, v := range list {
			vals := make([]string, len(v.Values))
			for i, x := range v.Values {
				vals[i] = fmt.Sprintf("%.4g", x)
			}
			in := "—"
			if !math.IsNaN(v.Within) {
				in = fmt.Sprintf("±%.2f%%", 100*v.Within)
			}
			host := ""
			if v.HostSide {
				host = "yes"
			}
			fmt.Fprintf(&b, "| %s | %s | %d | %s | %.2f%% | %s | %s |\n", mdtext.CellCode(v.ID), mdtext.Cell(v.Unit), v.Runs, strings.Join(vals, ", "), 100*v.Between, in, host)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// cmpDesc orders larger values first, NaN last.
func cmpDesc(a, b float64) int {
	switch {
	case math.IsNaN(a) && math.IsNaN(b):
		return 0
	case math.IsNaN(a):
		return 1
	case math.IsNaN(b):
		return -1
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}
