package registry

import (
	"fmt"

	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/measure/alu"
	"github.com/gpuarch/gpuarch/measure/memory"
	"github.com/gpuarch/gpuarch/measure/mma"
)

// The quick health check (`run --quick`) runs a few of the full run's
// jobs with fewer shapes and repeats: the SM clock (the warm-up), FFMA
// latency and peak, the f16 tensor-core peak, L2 and DRAM read bandwidth,
// load latency at one footprint per level, and the host links. Every
// record keeps the full run's ID, so it sets itself beside the recorded
// results of its model.

// QuickConfig is the measurement configuration of the quick check: three
// chain lengths, five repeats (the fewest from which a figure's median
// gets a 95% interval), the occupancies where FFMA peaks.
func QuickConfig(c engine.Config) engine.Config {
	c.LatencyLengths = []int{0, 64, 128}
	c.LatencyRepeats = 5
	c.ILPs = []int{4, 8}
	c.WarpsPerSM = []int{8, 16}
	c.Repeats = 5
	return c
}

// quickALU measures FFMA's latency and peak.
func quickALU(s *Session) error {
	fma := map[string]string{kernel.ISAPTX: alu.FmaF32, kernel.ISASPIRV: alu.FmaF32SPIRV}[s.ISA]
	specs, err := alu.LookupIn(alu.CatalogFor(s.ISA), []string{fma})
	if err != nil {
		return err
	}
	return s.Measure([]engine.Planned{{Key: alu.Key(specs[0].Subject), Job: engine.ChainJob(specs[0])}}, nil)
}

// quickMMA measures the f16 tensor-core peak (PTX only: the cooperative
// matrices' shapes depend on the driver).
func quickMMA(s *Session) error {
	if s.ISA != kernel.ISAPTX {
		return nil
	}
	for _, m := range mma.Forms() {
		if m.Name != mma.MMAF16 {
			continue
		}
		// The full run's best shape on H100 and H200, and one beside it;
		// the rate from the long run (0.1 s: long enough that a GPU
		// time-sliced with another process shows it, as a sweep's run of
		// 2·10⁶ cycles does not), without the power run (a second).
		m.Long, m.Power = true, false
		peak, src := mma.Peak(s.Device, m)
		shapes := []mma.Shape{{WarpsPerSM: 8, ILP: 4}, {WarpsPerSM: 16, ILP: 2}}
		return s.Measure([]engine.Planned{{Key: mma.Key(m.Name), Job: mma.FormJob(mma.Suite, m, shapes, peak, src)}}, nil)
	}
	return fmt.Errorf("no form %s in the plan", mma.MMAF16)
}

// quickMemory measures L1 and L2 load latency at one footprint per level
// and L2 (own lines) and DRAM read bandwidth at the full run's best shapes.
func quickMemory(s *Session) error {
	var paths []memory.ChasePath
	for _, p := range memory.Paths {
		if p.Name == memory.PathL1 || p.Name == memory.PathL2 {
			paths = append(paths, p)
		}
	}
	out := []engine.Planned{{Key: memory.Key(memory.GroupLatency, ""), Job: memory.ChaseJob(memory.Suite, paths, memory.QuickFootprints())}}
	for _, st := range memory.BandwidthStreams(s.Device, 0, 0) {
		switch st.Subject {
		case memory.L2ReadOwnLines:
			// Each block on its own lines, not the shared-lines L2 read:
			// that one moves by a fifth between runs of one GPU with
			// timing no kernel controls (46.9 and 37.8 B/clk/SM back to
			// back on an H100), too loose for a health check, while the
			// own-lines rate repeats within 2% and is flat across the
			// full run's shapes at half of the L2 (a quarter of it and
			// half sized from the driver's L2 here): 28.6 to 29.1
			// B/clk/SM on an H100, 32.0 to 33.6 on an H200, at 16 to 64
			// warps per SM.
			st.Footprints = st.Footprints[2:]
			st.Shapes = []memory.StreamShape{{Width: 16, WarpsPerSM: 16}, {Width: 16, WarpsPerSM: 32}, {Width: 8, WarpsPerSM: 64}}
		case memory.DRAMRead:
			st.Shapes = []memory.StreamShape{{Width: 8, WarpsPerSM: 64}, {Width: 16, WarpsPerSM: 32}}
		default:
			continue
		}
		out = append(out, engine.Planned{Key: memory.BandwidthID(st.Subject), Job: memory.BandwidthJob(memory.Suite, st)})
	}
	return s.Measure(out, nil)
}
