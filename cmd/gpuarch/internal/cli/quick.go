package cli

import (
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/gpuarch/gpuarch/compare"
	"github.com/gpuarch/gpuarch/mdtext"
	aluname "github.com/gpuarch/gpuarch/measure/alu"
	linkname "github.com/gpuarch/gpuarch/measure/links"
	memname "github.com/gpuarch/gpuarch/measure/memory"
	mmaname "github.com/gpuarch/gpuarch/measure/mma"
	"github.com/gpuarch/gpuarch/record"
)

// The quick health check (`run --quick`) is planned by the suites
// (registry.Quick); this file sets its records beside the recorded results
// of the GPU's model (quickFigures).

// QuickFigure is one figure of the health check beside the recorded
// results of the same model.
type QuickFigure struct {
	Name  string  `json:"name"`
	ID    string  `json:"id"`
	Bytes int64   `json:"bytes,omitempty"` // the curve point, for curves
	Unit  string  `json:"unit"`
	Value float64 `json:"value"`
	// Reference is the recorded value (0: none), Delta the relative
	// difference from it (medians of the samples where both have them).
	Reference float64 `json:"reference,omitempty"`
	Delta     float64 `json:"delta,omitempty"`
	// NoiseFloor is the relative change the figure must exceed to count
	// (package compare: each side's own noise, the variability between
	// the model's recorded runs where there are several, the minimum
	// effect). Tested says the U test ran on both sides' samples, P is
	// its p-value then; NotTested says why it did not.
	NoiseFloor float64 `json:"noise_floor,omitempty"`
	Tested     bool    `json:"tested,omitempty"`
	P          float64 `json:"p,omitempty"`
	NotTested  string  `json:"not_tested,omitempty"`
	// Flag is FlagWorse, FlagUntested or "".
	Flag string `json:"flag,omitempty"`
	// HostSide says the figure is measured through the host
	// (compare.HostSide): its flag is the host's as much as the GPU's,
	// and under --gpu all the other GPUs' workers used the host at the
	// same time (the host summary keeps such figures out of verdicts).
	HostSide bool `json:"host_side,omitempty"`
}

// The flags of a quick figure against the recorded results.
const (
	// FlagWorse: tested, changed beyond its noise floor, for the worse.
	FlagWorse = "worse"
	// FlagUntested: too few samples to test, and worse by more than
	// compare.LargeUntested and its noise floor; never for a host-side
	// figure (QuickFigure.HostSide), whose change the table shows
	// unflagged.
	FlagUntested = "differs, not tested"
)

// quickAlpha is the significance level of the health check's U tests, as
// benchstat's.
const quickAlpha = 0.05

// quickWant is one figure of the health check: a record, or its curve's
// point at bytes.
type quickWant struct {
	name, id string
	bytes    int64
}

// quickWants are the health check's figures.
var quickWants = []quickWant{
	{"FFMA latency", aluname.LatencyID(aluname.FmaF32), 0},
	{"FFMA peak", aluname.ThroughputID(aluname.FmaF32), 0},
	{"tensor-core f16 peak", mmaname.ThroughputID(mmaname.MMAF16), 0},
	{"L2 read bandwidth, own lines", memname.BandwidthID(memname.L2ReadOwnLines), 0},
	{"DRAM read bandwidth", memname.BandwidthID(memname.DRAMRead), 0},
	{"L1 load latency (16 KiB, ld.ca)", memname.LatencyID(memname.PathL1), 16 << 10},
	{"L2 load latency (8 MiB, ld.cg)", memname.LatencyID(memname.PathL2), 8 << 20},
	{"DRAM load latency (1 GiB, ld.cg)", memname.LatencyID(memname.PathL2), 1 << 30},
	{"pinned host to device, 256 MiB", linkname.HostID(linkname.Pinned, linkname.HostToDevice), 0},
	{"pinned device to host, 256 MiB", linkname.HostID(linkname.Pinned, linkname.DeviceToHost), 0},
	{"host round trip", linkname.RoundTripID, 0},
}

// key is the want's ID in the runs quickFigures compares: the record's,
// with the curve point's footprint after it.
func (w quickWant) key() string {
	if w.bytes == 0 {
		return w.id
	}
	return fmt.Sprintf("%s at %d bytes", w.id, w.bytes)
}

// figureRun is the health check's figures of run as records, one a
// figure keyed by quickWant.key, with their samples (a curve's point has
// none), so that package compare can set two side by side. Provenance
// stays (what the record was timed with, its kernel's hash) where keep
// says so: between the recorded runs of a model, the kernels' hashes say
// whether their variability is the GPU's; the quick run's kernels are
// its own, never the full run's.
func figureRun(run *record.Run, keep bool) *record.Run {
	out := &record.Run{Device: run.Device, Tool: run.Tool}
	for _, w := range quickWants {
		r, ok := figure(run, w.id, w.bytes)
		if !ok {
			continue
		}
		if !keep {
			r.Provenance = record.Provenance{Timing: r.Provenance.Timing}
		}
		r.ID = w.key()
		out.Records = append(out.Records, r)
	}
	return out
}

// quickFigures lists the health check's figures, each set beside its
// recorded value from ref (nil: none recorded) by package compare's rule:
// flagged FlagWorse where the U test on both sides' samples finds a
// difference beyond the figure's noise floor, for the worse, and
// FlagUntested where a figure too sparsely sampled to test is worse by
// more than compare.LargeUntested and its floor. repeats are more
// recorded runs of the model (repeat-results.json beside ref), whose
// variability between runs raises the floors.
func quickFigures(run, ref *record.Run, repeats ...*record.Run) []QuickFigure {
	rows := map[string]compare.Row{}
	if ref != nil {
		o := compare.Options{Alpha: quickAlpha}
		if len(repeats) > 0 {
			recorded := []*record.Run{figureRun(ref, true)}
			for _, r := range repeats {
				recorded = append(recorded, figureRun(r, true))
			}
			o.Between = compare.Between(recorded...)
		}
		if res, err := compare.RunsWith(figureRun(ref, false), figureRun(run, false), o); err == nil {
			for _, row := range res.Rows {
				rows[row.ID] = row
			}
		}
	}
	var out []QuickFigure
	for _, w := range quickWants {
		r, ok := figure(run, w.id, w.bytes)
		if !ok {
			continue
		}
		f := QuickFigure{Name: w.name, ID: w.id, Bytes: w.bytes, Unit: r.Unit, Value: r.Value}
		f.HostSide, _ = compare.HostSide(&r)
		row, ok := rows[w.key()]
		if ok && row.A != 0 && !math.IsNaN(row.A) && !math.IsNaN(row.Delta) {
			f.Reference, f.Delta, f.NoiseFloor = row.A, row.Delta, row.Floor
			f.Value = row.B // the median of its samples, where both have them
			switch {
			case row.Tested():
				f.Tested, f.P = true, row.P
			case row.Untested():
				f.NotTested = quickNotTested(row)
			}
			switch {
			case row.Verdict == compare.Changed && worseWay(f.Unit, f.Delta):
				f.Flag = FlagWorse
			case row.LargeUntested() && worseWay(f.Unit, f.Delta) && !f.HostSide:
				f.Flag = FlagUntested
			}
		}
		out = append(out, f)
	}
	return out
}

// quickNotTested says why a quick figure (B) was not tested against the
// recorded one (A).
func quickNotTested(row compare.Row) string {
	switch {
	case row.Note == compare.HostSideUntested:
		return row.Note
	case row.NA < 2 && row.NB < 2:
		return "not tested: one sample a side"
	case row.NB < 2:
		return "not tested: one sample here"
	case row.NA < 2:
		return "not tested: one sample recorded"
	}
	return fmt.Sprintf("not tested: too few samples (%d here, %d recorded)", row.NB, row.NA)
}

// figure is a record, or its curve's point at bytes as a record of its
// own (its value and the point's samples, where it has them).
func figure(run *record.Run, id string, bytes int64) (record.Record, bool) {
	for _, r := range run.Records {
		if r.ID != id || r.Status != record.StatusOK {
			continue
		}
		if bytes == 0 {
			return r, true
		}
		if r.Curve != nil {
			for _, p := range r.Curve.Points {
				if p.Bytes == bytes {
					c := r
					c.Value, c.Samples, c.Curve = p.Value, p.Samples, nil
					return c, true
				}
			}
		}
	}
	return record.Record{}, false
}

// referenceFor is where the recorded results of dev's model would be
// under dir (results/<model>/results.json, the model's name with spaces as
// dashes), whether or not they are there; "" for no dir.
func referenceFor(dir string, dev record.Device) string {
	if dir == "" {
		return ""
	}
	name := strings.ReplaceAll(strings.TrimSpace(dev.Name), " ", "-")
	if p, err := record.Locate(filepath.Join(dir, name)); err == nil {
		return p // results.json, or the recorded results.json.gz
	}
	return filepath.Join(dir, name, ResultsJSON)
}

// quickFile is the health check's summary beside results.json.
const quickFile = "quick.md"

// quickLimit is the health check's budget per GPU.
const quickLimit = 30 * time.Second

// repeatsBeside reads the model's repeat runs beside its recorded results
// at refPath (repeat-results.json, or .json.gz): more runs of the same
// model, whose differences are the variability between runs. A file that
// cannot be read is left out: the floors then stand without it.
func repeatsBeside(refPath string) []*record.Run {
	if refPath == "" {
		return nil
	}
	for _, name := range []string{"repeat-" + record.ResultsName, "repeat-" + record.CompressedResultsName} {
		// One run or several (compare.ReadRuns reads both).
		if runs, err := compare.ReadRuns(filepath.Join(filepath.Dir(refPath), name)); err == nil {
			return runs
		}
	}
	return nil
}

// writeQuick writes the health check's table: each figure beside the
// recorded results of its model, flagged by package compare's rule (see
// quickFigures), with the model's repeat runs beside refPath raising the
// noise floors (repeatsBeside). refPath is where the recorded results
// were looked for ("" for nowhere), ref what was read there (nil:
// nothing).
func writeQuick(b *strings.Builder, run *record.Run, refPath string, ref *record.Run) {
	fmt.Fprintf(b, "# Quick health check: %s (%s)\n\n", mdtext.Cell(run.Device.Name), mdtext.Cell(run.Device.UUID))
	clock := "—"
	if w := run.Warmup; w != nil {
		clock = fmt.Sprintf("%.0f MHz", w.Hz/1e6)
		if s := w.After; s != nil {
			clock += fmt.Sprintf(", throttle reasons: %s", mdtext.Cell(orNone(strings.Join(s.Throttle, ", "))))
		}
	}
	fmt.Fprintf(b, "Sustained SM clock after warm-up: %s. Took %.1f s (budget %.0f s).\n\n", clock, run.ElapsedSeconds, quickLimit.Seconds())
	if why := reasons(run, 0); len(why) > 0 {
		fmt.Fprintf(b, "What the driver reports that can slow this GPU: %s.\n\n", mdtext.Cell(strings.Join(why, "; ")))
	} else if run.Health != nil {
		b.WriteString("The driver reports nothing that would slow this GPU (no other compute process, no ECC errors, performance state P0).\n\n")
	}
	var repeats []*record.Run
	switch {
	case ref == nil && refPath == "":
		b.WriteString("No recorded results to compare with (no --reference folder): the figures stand alone.\n\n")
	case ref == nil:
		fmt.Fprintf(b, "No recorded results of this model: %s does not exist (--reference names the folder of <model>/results.json). The figures stand alone.\n\n", mdtext.Code(refPath))
	default:
		repeats = repeatsBeside(refPath)
		fmt.Fprintf(b, "Compared with the recorded results of this model: %s (gpuarch %s, driver %s, %s). A figure is flagged **%s** when the Mann-Whitney U test on its samples and the recorded ones finds a difference at alpha %.2g and it is worse by more than its noise floor (each side's own noise, the variability between the model's recorded runs where there are several, and %.0f%%). A figure with too few samples on a side to test is flagged **%s** where it is worse by more than %.0f%% and its floor.",
			mdtext.Code(refPath), mdtext.Cell(ref.Tool.Version), mdtext.Cell(orNone(ref.Device.DriverVersion)), ref.Started.Format("2006-01-02"),
			FlagWorse, quickAlpha, 100*compare.DefaultMinEffect, FlagUntested, 100*compare.LargeUntested)
		if len(repeats) > 0 {
			fmt.Fprintf(b, " The variability between runs is the model's %d recorded runs'.", 1+len(repeats))
		}
		b.WriteString(" Host-side figures (host copies, the round trip) are the host's as much as the GPU's, and move between runs with it by more than one run's samples show: they are tested only against the model's repeat runs, and with --gpu all the other GPUs' workers used the host at the same time.")
		b.WriteString("\n\n")
	}
	b.WriteString("| Figure | Record | Value | Unit | Recorded | Change | Noise floor | |\n| --- | --- | ---: | --- | ---: | ---: | ---: | --- |\n")
	for _, f := range quickFigures(run, ref, repeats...) {
		recorded, change, floor, flag := "—", "—", "—", ""
		if f.Reference != 0 {
			recorded, change = fmt.Sprintf("%.4g", f.Reference), fmt.Sprintf("%+.1f%%", 100*f.Delta)
			floor = fmt.Sprintf("±%.1f%%", 100*f.NoiseFloor)
			host := ""
			if f.HostSide {
				host = "host-side, "
			}
			switch {
			case f.Flag == FlagWorse:
				flag = fmt.Sprintf("**%s** (%sp %.2g)", FlagWorse, host, f.P)
			case f.Flag == FlagUntested:
				flag = fmt.Sprintf("**%s** (%s)", FlagUntested, mdtext.Cell(strings.TrimPrefix(f.NotTested, "not tested: ")))
			case f.HostSide && !f.Tested && math.Abs(f.Delta) > compare.LargeUntested:
				flag = "host-side, not tested"
			}
		}
		fmt.Fprintf(b, "| %s | %s | %.4g | %s | %s | %s | %s | %s |\n", f.Name, mdtext.CellCode(f.ID), f.Value, mdtext.Cell(f.Unit), recorded, change, floor, flag)
	}
	b.WriteString("\n")
}

// quickWorse lists the figures flagged worse against ref (tested, beyond
// their noise floor), each as "FFMA peak -16.7%".
func quickWorse(run, ref *record.Run) []string {
	var out []string
	for _, f := range quickFigures(run, ref) {
		if f.Flag == FlagWorse {
			out = append(out, fmt.Sprintf("%s %+.1f%%", f.Name, 100*f.Delta))
		}
	}
	return slices.Clip(out)
}
