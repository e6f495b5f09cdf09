package cli

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/gpuarch/gpuarch/backend/cudagpu"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/gpuarch/gpuarch/backend/sim"
	"github.com/gpuarch/gpuarch/backend/vk"
	"github.com/gpuarch/gpuarch/cuda"
	"github.com/gpuarch/gpuarch/measure/alu"
	"github.com/gpuarch/gpuarch/measure/registry"
	"github.com/gpuarch/gpuarch/measure/warp"
)

// Backends gpuarch measures through. "simulated" is the tests' simulated
// GPU (two of them), for trying the pipeline where there is no GPU (a
// cluster's job scripts, say): its numbers are not measurements, and its
// records say backend "simulated" and device "Fake GPU".
const (
	backendAuto      = "auto"
	backendCUDA      = "cuda"
	backendVulkan    = "vulkan"
	backendSimulated = "simulated"
)

// simulatedGPUs is how many GPUs the simulated backend has.
const simulatedGPUs = 2

// Target names the device to open: a backend, the device's number among
// the backend's, and how to time kernels (Vulkan: "" or "auto", "clock",
// "timestamps").
type Target struct {
	Backend string
	GPU     int
	Timing  string
	// GPUs are the devices a run measures at once (GPU is the first).
	GPUs []int
}

// openGPU opens a device of a backend.
func openGPU(ctx context.Context, t Target) (Device, error) {
	switch t.Backend {
	case backendCUDA:
		return cudagpu.Open(t.GPU)
	case backendVulkan:
		return vk.OpenWith(ctx, t.GPU, vk.Options{Timing: t.Timing})
	case backendSimulated:
		if t.GPU >= simulatedGPUs {
			return nil, fmt.Errorf("simulated GPU %d does not exist: there are %d, numbered from 0", t.GPU, simulatedGPUs)
		}
		g := sim.New()
		g.UUID = fmt.Sprintf("GPU-simulated-%d", t.GPU)
		return g, nil
	}
	return nil, usagef("unknown backend %q (backends: %s)", t.Backend, strings.Join(backendNames, ", "))
}

// timingFlag declares --timing.
func timingFlag(fs *pflag.FlagSet) *string {
	return fs.String("timing", "auto", "how Vulkan kernels are timed: "+strings.Join(timings, ", ")+" (clock: VK_KHR_shader_clock in the kernel; timestamps: GPU timestamps around whole dispatches, the fallback where the shader clock is missing)")
}

// timings are the values --timing takes.
var timings = []string{"auto", vk.TimingClock, vk.TimingTimestamps}

// resolveTiming checks a --timing value.
func resolveTiming(name string) (string, error) {
	switch name {
	case "auto", "":
		return vk.TimingAuto, nil
	case vk.TimingClock, vk.TimingTimestamps:
		return name, nil
	}
	return "", usagef("unknown timing %q (timings: %s)", name, strings.Join(timings, ", "))
}

// defaultBackend is cuda where the CUDA driver library loads, vulkan
// elsewhere.
func defaultBackend() string {
	if cuda.Available() {
		return backendCUDA
	}
	return backendVulkan
}

// backendNames are the values --backend takes, everywhere it is taken.
// "simulated" is the tests' simulated GPU (two of them): its numbers are
// not measurements.
var backendNames = []string{backendAuto, backendCUDA, backendVulkan, backendSimulated}

// backendFlag declares --backend on c, with its completion.
func backendFlag(c *cobra.Command) *string {
	b := c.Flags().String("backend", backendAuto, "the GPU API to measure through: "+strings.Join(backendNames, ", ")+" (auto: cuda where the CUDA driver is installed, else vulkan; simulated: the tests' two simulated GPUs, whose numbers are not measurements)")
	_ = c.RegisterFlagCompletionFunc("backend", completeWords(backendNames...))
	return b
}

// resolveBackend turns a --backend value into a backend.
func (e *Env) resolveBackend(name string) (string, error) {
	switch name {
	case backendAuto, "":
		return e.DefaultBackend(), nil
	case backendCUDA, backendVulkan, backendSimulated:
		return name, nil
	}
	return "", usagef("unknown backend %q (backends: %s)", name, strings.Join(backendNames, ", "))
}

// isaOf is the kernel language of a backend.
func isaOf(backend string) string {
	if backend == backendVulkan {
		return kernel.ISASPIRV
	}
	return kernel.ISAPTX
}

// backendSuites are the suites a backend runs by default, in run order:
// those with plans for its kernel language (registry.For). Through Vulkan
// the memory suite runs every probe it has through CUDA (pointer chases,
// bandwidth streams, shared-memory banks, global access patterns, the
// instruction-fetch cliff; the paths Vulkan cannot reach, the constant
// cache and carve-out preferences, say so in their records), the pipes
// suite its occupancy grids and the mixes of the classes with a SPIR-V
// counterpart, the dispatch suite its placement traces, launch costs,
// barriers, atomics, branches and fences, and the matrix suite the
// cooperative matrices the driver lists (VK_KHR_cooperative_matrix; a
// device without them gets its records skipped, with why).
func backendSuites(backend string) []string { return registry.For(isaOf(backend)) }

// chainCatalog is the instruction catalog (alu and warp) of a backend.
func chainCatalog(backend string) []engine.ChainSpec {
	isa := isaOf(backend)
	return append(alu.CatalogFor(isa), warp.CatalogFor(isa)...)
}

// otherBackend names the entries of the other backend's catalog that a
// name matches, to say where an unknown name belongs.
func otherBackend(backend string, names []string) error {
	other := backendVulkan
	if backend == backendVulkan {
		other = backendCUDA
	}
	cat := chainCatalog(backend)
	for _, n := range names {
		for _, s := range chainCatalog(other) {
			if s.Subject != n {
				continue
			}
			msg := fmt.Sprintf("%s is in the %s catalog (%s), not the %s one: run with --backend %s", n, other, isaOf(other), backend, other)
			if s.Op != "" {
				for _, t := range cat {
					if t.Op == s.Op {
						msg += fmt.Sprintf(", or name its %s counterpart %s", isaOf(backend), t.Subject)
						break
					}
				}
			}
			return &UsageError{msg}
		}
	}
	return nil
}

// checkSuites refuses suites the backend cannot run yet.
func checkSuites(backend string, names []string) error {
	avail := backendSuites(backend)
	var missing []string
	for _, n := range names {
		if !slices.Contains(avail, n) {
			missing = append(missing, n)
		}
	}
	if len(missing) > 0 {
		return &UsageError{fmt.Sprintf("suite %s is not available on the %s backend yet (it runs: %s)", strings.Join(missing, ", "), backend, strings.Join(avail, ", "))}
	}
	return nil
}
