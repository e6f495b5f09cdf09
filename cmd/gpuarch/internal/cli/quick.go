package cli

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/gpuarch/gpuarch/mdtext"
	"github.com/gpuarch/gpuarch/probe"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/suites/alu"
	"github.com/gpuarch/gpuarch/suites/links"
	"github.com/gpuarch/gpuarch/suites/memory"
	"github.com/gpuarch/gpuarch/suites/mma"
)

// The quick health check (`run --quick`) runs a few of the full run's
// jobs with fewer shapes and repeats: the SM clock (the warm-up), FFMA
// latency and peak, the f16 tensor-core peak, L2 and DRAM read bandwidth,
// load latency at one footprint per level, and the host links. Every
// record keeps the full run's ID, so it sets itself beside the recorded
// results of its model (quickFigures).

// quickConfig is the measurement configuration of --quick: three chain
// lengths, three repeats, the occupancies where FFMA peaks.
func quickConfig(c probe.Config) probe.Config {
	c.LatencyLengths = []int{0, 64, 128}
	c.LatencyRepeats = 3
	c.ILPs = []int{4, 8}
	c.WarpsPerSM = []int{8, 16}
	c.Repeats = 3
	return c
}

// quickFootprints are the chase footprints of --quick: 16 KiB (in the
// L1), 8 MiB (in the L2 of every GPU since Ampere's A100) and 1 GiB
// (DRAM); each is a point of the full run's curves (Footprints holds every
// power of two).
var quickFootprints = []int64{16 << 10, 8 << 20, 1 << 30}

// quickMMA is the tensor-core form --quick measures.
const quickMMA = "mma m16n8k16 f32+=f16"

// quickJobs plans --quick for dev.
func quickJobs(dev record.Device, isa string) ([]probe.Planned, error) {
	fma := map[string]string{probe.ISAPTX: "fma.rn.f32", probe.ISASPIRV: "Fma.f32"}[isa]
	specs, err := alu.LookupIn(alu.CatalogFor(isa), []string{fma})
	if err != nil {
		return nil, fmt.Errorf("quick: %w", err)
	}
	out := []probe.Planned{{Key: alu.Key(specs[0].Subject), Job: probe.ChainJob(specs[0])}}
	if isa == probe.ISAPTX {
		for _, m := range mma.Forms() {
			if m.Name == quickMMA {
				// The full run's best shape on H100 and H200, and one
				// beside it.
				peak, src := mma.Peak(dev, m)
				shapes := []probe.MMAShape{{WarpsPerSM: 8, ILP: 4}, {WarpsPerSM: 16, ILP: 2}}
				out = append(out, probe.Planned{Key: mma.Suite + "/" + m.Name, Job: probe.MMAJob(mma.Suite, m, shapes, peak, src)})
			}
		}
	}
	var paths []probe.ChasePath
	for _, p := range memory.Paths {
		if p.Name == "global ld.ca" || p.Name == "global ld.cg" {
			paths = append(paths, p)
		}
	}
	out = append(out, probe.Planned{Key: memory.Suite + "/latency", Job: probe.ChaseJob(memory.Suite, paths, quickFootprints)})
	for _, s := range memory.BandwidthStreams(dev, 0, 0) {
		switch s.Subject {
		case "L2 read":
			// The full run's peak is at half of the L2 (a quarter of it
			// and half sized from the driver's L2 here), with blocks
			// moving to the next block's lines each pass, 8 to 16 bytes
			// per thread at 32 to 64 warps per SM (46 and 45 B/clk/SM on
			// an H100; a quarter of the L2 read 38).
			s.Footprints = s.Footprints[2:]
			s.Rotations = []int{1}
			s.Shapes = []probe.StreamShape{{Width: 8, WarpsPerSM: 64}, {Width: 16, WarpsPerSM: 32}}
		case "DRAM read":
			s.Shapes = []probe.StreamShape{{Width: 8, WarpsPerSM: 64}, {Width: 16, WarpsPerSM: 32}}
		default:
			continue
		}
		out = append(out, probe.Planned{Key: memory.Suite + "/bandwidth/" + s.Subject, Job: probe.BandwidthJob(memory.Suite, s)})
	}
	return out, nil
}

// QuickFigure is one figure of the health check beside the recorded
// results of the same model.
type QuickFigure struct {
	Name  string  `json:"name"`
	ID    string  `json:"id"`
	Bytes int64   `json:"bytes,omitempty"` // the curve point, for curves
	Unit  string  `json:"unit"`
	Value float64 `json:"value"`
	// Reference is the recorded value (0: none), Delta the relative
	// difference from it.
	Reference float64 `json:"reference,omitempty"`
	Delta     float64 `json:"delta,omitempty"`
}

// quickFigures lists the health check's figures, with each one's recorded
// value from ref (nil: none recorded).
func quickFigures(run, ref *record.Run) []QuickFigure {
	type want struct {
		name, id string
		bytes    int64
	}
	wants := []want{
		{"FFMA latency", "alu/fma.rn.f32/latency", 0},
		{"FFMA peak", "alu/fma.rn.f32/throughput", 0},
		{"tensor-core f16 peak", mma.Suite + "/" + quickMMA + "/throughput", 0},
		{"L2 read bandwidth", "memory/bandwidth/L2 read", 0},
		{"DRAM read bandwidth", "memory/bandwidth/DRAM read", 0},
		{"L1 load latency (16 KiB, ld.ca)", "memory/latency/global ld.ca", 16 << 10},
		{"L2 load latency (8 MiB, ld.cg)", "memory/latency/global ld.cg", 8 << 20},
		{"DRAM load latency (1 GiB, ld.cg)", "memory/latency/global ld.cg", 1 << 30},
		{"pinned host to device, 256 MiB", links.HostID(links.Pinned, links.HostToDevice), 0},
		{"pinned device to host, 256 MiB", links.HostID(links.Pinned, links.DeviceToHost), 0},
		{"host round trip", links.RoundTripID, 0},
	}
	var out []QuickFigure
	for _, w := range wants {
		v, unit, ok := figure(run, w.id, w.bytes)
		if !ok {
			continue
		}
		f := QuickFigure{Name: w.name, ID: w.id, Bytes: w.bytes, Unit: unit, Value: v}
		if ref != nil {
			if r, _, ok := figure(ref, w.id, w.bytes); ok && r != 0 {
				f.Reference, f.Delta = r, v/r-1
			}
		}
		out = append(out, f)
	}
	return out
}

// figure is a record's value, or its curve's value at bytes.
func figure(run *record.Run, id string, bytes int64) (float64, string, bool) {
	for _, r := range run.Records {
		if r.ID != id || r.Status != record.StatusOK {
			continue
		}
		if bytes == 0 {
			return r.Value, r.Unit, true
		}
		if r.Curve != nil {
			for _, p := range r.Curve.Points {
				if p.Bytes == bytes {
					return p.Value, r.Unit, true
				}
			}
		}
	}
	return 0, "", false
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

// writeQuick writes the health check's table: each figure beside the
// recorded results of its model, flagged where it is more than 5% worse.
// refPath is where the recorded results were looked for ("" for nowhere),
// ref what was read there (nil: nothing).
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
	switch {
	case ref == nil && refPath == "":
		b.WriteString("No recorded results to compare with (no --reference folder): the figures stand alone.\n\n")
	case ref == nil:
		fmt.Fprintf(b, "No recorded results of this model: %s does not exist (--reference names the folder of <model>/results.json). The figures stand alone.\n\n", mdtext.Code(refPath))
	default:
		fmt.Fprintf(b, "Compared with the recorded results of this model: %s (gpuarch %s, driver %s, %s). A figure more than 5%% worse is flagged.\n\n",
			mdtext.Code(refPath), mdtext.Cell(ref.Tool.Version), mdtext.Cell(orNone(ref.Device.DriverVersion)), ref.Started.Format("2006-01-02"))
	}
	b.WriteString("| Figure | Record | Value | Unit | Recorded | Change | |\n| --- | --- | ---: | --- | ---: | ---: | --- |\n")
	for _, f := range quickFigures(run, ref) {
		recorded, change, flag := "—", "—", ""
		if f.Reference != 0 {
			recorded, change = fmt.Sprintf("%.4g", f.Reference), fmt.Sprintf("%+.1f%%", 100*f.Delta)
			if worse(f.Unit, f.Delta, 0.05) {
				flag = "**worse**"
			}
		}
		fmt.Fprintf(b, "| %s | %s | %.4g | %s | %s | %s | %s |\n", f.Name, mdtext.CellCode(f.ID), f.Value, mdtext.Cell(f.Unit), recorded, change, flag)
	}
	b.WriteString("\n")
}

// worse says whether a change of delta (relative) in a figure of unit is
// for the worse by more than share: latencies (cycles, seconds) are worse
// higher, everything else (rates, bandwidths) lower.
func worse(unit string, delta, share float64) bool {
	if strings.Contains(unit, "cycles") || unit == "seconds" {
		return delta > share
	}
	return delta < -share
}

// quickVerdict says whether any figure is flagged worse.
func quickWorse(run, ref *record.Run) []string {
	var out []string
	for _, f := range quickFigures(run, ref) {
		if f.Reference == 0 {
			continue
		}
		if worse(f.Unit, f.Delta, 0.05) {
			out = append(out, fmt.Sprintf("%s %+.1f%%", f.Name, 100*f.Delta))
		}
	}
	return slices.Clip(out)
}
