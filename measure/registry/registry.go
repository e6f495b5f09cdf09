// Package registry is the registry of gpuarch's measurement suites: the
// ordered list a run goes through, each suite with the kernel languages it
// has plans for, the earlier results it needs, and how it measures a full
// run and its share of the quick health check. The suites' plans live in
// the domain packages (measure/alu, measure/warp, measure/memory, ...); this package
// only orders and connects them, so that the CLI's worker, `--quick` and
// the lists of suites a backend runs are loops over All.
package registry

import (
	"fmt"
	"maps"
	"slices"

	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/measure/alu"
	"github.com/gpuarch/gpuarch/measure/async"
	"github.com/gpuarch/gpuarch/measure/dispatch"
	"github.com/gpuarch/gpuarch/measure/links"
	"github.com/gpuarch/gpuarch/measure/memory"
	"github.com/gpuarch/gpuarch/measure/mma"
	"github.com/gpuarch/gpuarch/measure/pipes"
	"github.com/gpuarch/gpuarch/measure/warp"
	"github.com/gpuarch/gpuarch/record"
)

// Session is what a suite measures through: the device, its kernel
// language, what the user limited, what earlier workers measured, and the
// two ways to measure (jobs on the GPU, and the host links).
type Session struct {
	// Device is the GPU measured.
	Device record.Device
	// ISA is the kernel language of its backend (kernel.ISAPTX or
	// kernel.ISASPIRV).
	ISA string
	// Subjects limits the instruction suites (alu, warp) to these
	// instructions; empty for all.
	Subjects []string
	// CoopMatGrid is the cooperative-matrix throughput grid
	// (mma.ParseCoopMatGrid) for SPIR-V; "" for the default.
	CoopMatGrid string
	// Known are the solo rates of the pipes suite's classes measured by
	// an earlier worker of the same run (a worker that died part way).
	Known map[string]float64
	// Measure runs planned jobs, skipping those the run has done, and
	// hands every record to hook (nil: none) before it is kept.
	Measure func(planned []engine.Planned, hook func(*record.Record)) error
	// HostLinks measures the host<->device links by plan (it needs the
	// GPU itself, not a kernel).
	HostLinks func(plan links.Plan)
}

// Suite is one measurement suite.
type Suite struct {
	// Name is the suite's name, the first part of its records' IDs.
	Name string
	// ISAs are the kernel languages the suite has plans for.
	ISAs []string
	// Needs says which earlier results the suite's later jobs are
	// planned from; "" when none.
	Needs string
	// Full measures the suite in a full run.
	Full func(s *Session) error
	// Quick measures the suite's share of the quick health check, on
	// any backend (it says itself what a backend cannot do); nil when
	// it has none.
	Quick func(s *Session) error
}

var (
	both    = []string{kernel.ISAPTX, kernel.ISASPIRV}
	ptxOnly = []string{kernel.ISAPTX}
)

// All returns every suite in the order a run measures them (a new slice
// each call).
func All() []Suite {
	return []Suite{
		{Name: alu.Suite, ISAs: both, Full: fullALU, Quick: quickALU},
		{Name: pipes.Suite, ISAs: both, Full: fullPipes,
			Needs: "the solo rates of the classes it mixes, measured by its first jobs (and an earlier worker's, Session.Known)"},
		{Name: memory.Suite, ISAs: both, Full: fullMemory, Quick: quickMemory,
			Needs: "the L1 and L2 sizes its pointer chases found, for the footprints of its streams"},
		{Name: warp.Suite, ISAs: both, Full: fullWarp},
		{Name: dispatch.Suite, ISAs: both, Full: jobs(dispatch.Jobs)},
		{Name: mma.Suite, ISAs: both, Full: fullMMA, Quick: quickMMA},
		{Name: async.Suite, ISAs: ptxOnly, Full: jobs(async.Jobs)},
		{Name: links.Suite, ISAs: ptxOnly, Full: func(s *Session) error { s.HostLinks(links.FullPlan()); return nil },
			Quick: func(s *Session) error { s.HostLinks(links.QuickPlan()); return nil }},
	}
}

// Names returns the names of every suite, in run order.
func Names() []string {
	var out []string
	for _, s := range All() {
		out = append(out, s.Name)
	}
	return out
}

// For returns the names of the suites with plans for isa, in run order:
// what a backend of that kernel language runs by default.
func For(isa string) []string {
	var out []string
	for _, s := range All() {
		if slices.Contains(s.ISAs, isa) {
			out = append(out, s.Name)
		}
	}
	return out
}

// Lookup returns the suite of a name.
func Lookup(name string) (Suite, error) {
	for _, s := range All() {
		if s.Name == name {
			return s, nil
		}
	}
	return Suite{}, fmt.Errorf("unknown suite %q (suites: %v)", name, Names())
}

// Quick measures the health check: every suite's quick share, in run
// order.
func Quick(s *Session) error {
	for _, su := range All() {
		if su.Quick == nil {
			continue
		}
		if err := su.Quick(s); err != nil {
			return fmt.Errorf("quick %s: %w", su.Name, err)
		}
	}
	return nil
}

// jobs is a suite measured by one list of jobs planned from the device.
func jobs(plan func(record.Device) []engine.Planned) func(*Session) error {
	return func(s *Session) error { return s.Measure(plan(s.Device), nil) }
}

// chains plans one chain job per instruction of a catalog, limited to the
// session's subjects.
func chains(specs []engine.ChainSpec, subjects []string, key func(string) string) []engine.Planned {
	if len(subjects) > 0 {
		specs = alu.Pick(specs, subjects)
	}
	planned := make([]engine.Planned, len(specs))
	for i, sp := range specs {
		planned[i] = engine.Planned{Key: key(sp.Subject), Job: engine.ChainJob(sp)}
	}
	return planned
}

func fullALU(s *Session) error {
	dev := s.Device
	return s.Measure(chains(alu.CatalogFor(s.ISA), s.Subjects, alu.Key), func(r *record.Record) { alu.AnnotateDevice(dev, r) })
}

func fullWarp(s *Session) error {
	return s.Measure(chains(warp.CatalogFor(s.ISA), s.Subjects, warp.Key), nil)
}

func fullMMA(s *Session) error {
	planned := mma.Jobs(s.Device)
	if s.ISA == kernel.ISASPIRV && s.CoopMatGrid != "" {
		shapes, err := mma.ParseCoopMatGrid(s.CoopMatGrid)
		if err != nil {
			return err
		}
		planned = mma.CoopMatJobs(s.Device, shapes)
	}
	return s.Measure(planned, nil)
}

func fullPipes(s *Session) error {
	first, err := pipes.FirstJobs(s.ISA)
	if err != nil {
		return err
	}
	solo := maps.Clone(s.Known)
	if solo == nil {
		solo = map[string]float64{}
	}
	if err := s.Measure(first, func(r *record.Record) {
		if pipes.IsSolo(r) {
			solo[r.Subject] = r.Value
		}
	}); err != nil {
		return err
	}
	mixes, err := pipes.MixJobs(s.ISA, solo)
	if err != nil {
		return err
	}
	return s.Measure(mixes, nil)
}

func fullMemory(s *Session) error {
	var chased []record.Record
	first, err := memory.Jobs(s.ISA)
	if err != nil {
		return err
	}
	if err := s.Measure(first, func(r *record.Record) { chased = append(chased, *r) }); err != nil {
		return err
	}
	dev := s.Device
	l1, l2 := memory.Sizes(chased)
	later := append(memory.L2Jobs(dev, l2), memory.BandwidthJobs(dev, l1, l2)...)
	later = append(later, memory.BandwidthCurveJobs()...)
	later = append(later, memory.LatencyHidingJobs(dev, l1, l2)...)
	later = append(later, memory.DivergentJobs(dev, l1, l2)...)
	later = append(later, memory.ScatterJobs(dev, l2)...)
	later = append(later, memory.WindowJobs(dev, l1)...)
	later = append(later, memory.StreamWarpsJobs(dev, l2)...)
	return s.Measure(append(later, memory.WaitsJobs(dev, l1, l2)...), nil)
}
