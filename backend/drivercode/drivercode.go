// Package drivercode verifies machine code through the driver's own
// report of what it compiled (Vulkan's
// VK_KHR_pipeline_executable_properties): the engine.Verifier of the
// Vulkan backend's programs (Reported), the size of a kernel a driver
// reports (ReportedSize, its engine.KernelSizer), and the checks the
// cooperative-matrix job makes of its kernels (InspectKernel, Growth). It
// names no backend's types: any program whose driver reports its code is
// an Inspector.
package drivercode

import (
	"fmt"
	"strings"

	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/sass"
)

// Inspector is implemented by programs whose driver reports what it
// compiled, per kernel and launch width (Vulkan's
// VK_KHR_pipeline_executable_properties).
type Inspector interface {
	Inspect(kernel string, threads int) (*MachineCode, error)
}

// MachineCode is what a driver reported of one compiled kernel.
type MachineCode struct {
	// Source names the mechanism ("VK_KHR_pipeline_executable_properties").
	Source string
	// Statistics are the driver's statistics by name.
	Statistics map[string]float64
	// Representations names everything the driver returned.
	Representations []string
	// ISA is the machine-code family of Listing ("amdgcn", "intel"),
	// and Listing the machine code as text; both empty when the driver
	// gives none (NVIDIA returns statistics only).
	ISA     string
	Listing string
}

// reported is the Verifier of a program whose driver reports each
// kernel's machine code (Inspector).
type reported struct{ in Inspector }

// Reported is the Verifier of a program whose driver reports each
// kernel's machine code: a backend's CodeReporter answers with it.
func Reported(in Inspector) engine.Verifier { return reported{in} }

// Chain implements Verifier: a chain module through the driver's own report of
// what it compiled (see Inspector): where the driver gives machine code in
// a family the spec has expectations for, the longest latency kernel and
// every throughput kernel must hold enough of the expected mnemonics
// (counted over the whole kernel: such listings have no clock-read
// markers gpuarch knows); otherwise the records keep the driver's
// statistics and say the code could not be checked.
func (v reported) Chain(ch engine.ChainCheck) (lat, tp *record.CodeCheck) {
	in, spec, lengths, longest := v.in, ch.Spec, ch.Lengths, ch.Longest()
	lat = InspectKernel(in, spec, ch.Latency[longest], ch.Warp, longest*spec.OpcodesPerStep())
	if len(lengths) >= 2 && lat.Status == engine.CodeNotVerified {
		Growth(in, lat, ch.Latency[lengths[0]], ch.Warp, lengths[0], longest)
	}
	tp = &record.CodeCheck{Status: engine.CodeVerified}
	for _, ilp := range ch.ILPs {
		c := InspectKernel(in, spec, ch.Throughput[ilp], ch.Threads, ilp*ch.Unroll[ilp]*spec.OpcodesPerStep())
		if c.Status != engine.CodeVerified || tp.Kernel == "" {
			tp = c
		}
		if c.Status != engine.CodeVerified {
			break
		}
	}
	if lat.Status == engine.CodeInvalid && tp.Status != engine.CodeInvalid {
		tp.Status, tp.Note = engine.CodeInvalid, lat.Note
	}
	return lat, tp
}

// Kernel implements Verifier: the driver's report of kernel launched
// threads wide, against spec's expectations for the driver's instruction
// set.
func (v reported) Kernel(kernel string, spec engine.ChainSpec, needed, _, threads int) *record.CodeCheck {
	return InspectKernel(v.in, spec, kernel, threads, needed)
}

// Loop implements Verifier: a loop body is not found in a driver's report
// (it is counted whole, in Kernel), so nothing is verified.
func (reported) Loop(kernel string, expect []string, _, _ int) *record.CodeCheck {
	return &record.CodeCheck{Status: engine.CodeNotVerified, Expected: expect, Kernel: kernel, Note: sass.ErrNoDisassembler.Error()}
}

// Clocked implements Verifier: a clock region is not found in a driver's
// report, so nothing is verified.
func (v reported) Clocked(kernel string, expect []string, needed int) *record.CodeCheck {
	return v.Loop(kernel, expect, needed, 0)
}

// LoopText implements Verifier: none from a driver's report.
func (reported) LoopText(string) []string { return nil }

// binarySize is the statistic drivers name the size of a compiled kernel
// (NVIDIA's).
const binarySize = "Binary Size"

// minBytesPerStep is the least a chain step can add to a binary: the
// shortest instruction of the GPU instruction sets gpuarch meets (4 bytes:
// AMD's and Intel's compact encodings; NVIDIA's are 16).
const minBytesPerStep = 4

// Growth checks, where the driver gives no machine code but reports its
// binary's size, that the latency kernel's binary grows with the chain: a
// chain the compiler folded or removed leaves it as large as the short
// kernel's (shortKernel, of short steps, against c's kernel of long), and
// c is then invalid. It records the bytes per step in c; where either
// size is missing it leaves c as it is.
func Growth(in Inspector, c *record.CodeCheck, shortKernel string, threads, short, long int) {
	long0, ok := c.Statistics[binarySize]
	if !ok || long <= short {
		return
	}
	mc, err := in.Inspect(shortKernel, threads)
	if err != nil {
		return
	}
	short0, ok := mc.Statistics[binarySize]
	if !ok {
		return
	}
	per := (long0 - short0) / float64(long-short)
	c.BinaryBytesPerStep = &per
	if per < minBytesPerStep {
		c.Status = engine.CodeInvalid
		c.Note = fmt.Sprintf("the driver's binary does not grow with the chain (%s %.0f bytes at %d steps, %.0f at %d: %.2f bytes a step): the compiler folded or removed the chain", binarySize, short0, short, long0, long, per)
		return
	}
	c.Note += fmt.Sprintf("; its binary grows %.3g bytes a chain step (%s at %d and %d steps)", per, binarySize, short, long)
}

// InspectKernel checks one kernel from the driver's report (in, the
// program's Inspector, at threads per block): at least needed
// instructions of spec's expected families for the driver's ISA in its
// listing. Where the driver gives no listing, or names an ISA spec has no
// families for, the check is CodeNotVerified, with why.
func InspectKernel(in Inspector, spec engine.ChainSpec, kernel string, threads, needed int) *record.CodeCheck {
	out := &record.CodeCheck{Status: engine.CodeNotVerified, Kernel: kernel, Needed: needed}
	mc, err := in.Inspect(kernel, threads)
	if err != nil {
		out.Note = "machine code not available: " + err.Error()
		return out
	}
	out.Source, out.Statistics = mc.Source, mc.Statistics
	if mc.Listing == "" {
		out.Note = "machine code not available from this driver: it reports " + describeReport(mc)
		return out
	}
	out.Source += ": " + mc.ISA
	counts := sass.Counts{}
	for _, m := range mnemonics(mc.Listing) {
		counts[m]++
	}
	out.Counts = counts
	expect := spec.ExpectISA[mc.ISA]
	out.Expected = expect
	if len(expect) == 0 {
		out.Note = fmt.Sprintf("the driver's %s machine code is counted, but this entry names no %s instructions to look for", mc.ISA, mc.ISA)
		return out
	}
	for _, e := range expect {
		out.Found += counts.Matching(e)
	}
	if out.Found < needed {
		out.Status = engine.CodeInvalid
		out.Note = fmt.Sprintf("%s has %d of the %d %s the chain needs; it holds %s", kernel, out.Found, needed, strings.Join(expect, "/"), counts)
		return out
	}
	out.Status = engine.CodeVerified
	return out
}

// describeReport says what a driver reported when it gave no machine code.
func describeReport(mc *MachineCode) string {
	var parts []string
	if len(mc.Statistics) > 0 {
		parts = append(parts, fmt.Sprintf("%d statistics", len(mc.Statistics)))
	}
	if len(mc.Representations) > 0 {
		parts = append(parts, "representations "+strings.Join(mc.Representations, ", "))
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, " and ")
}

// mnemonics returns the first word of every line of a machine-code
// listing that looks like an instruction: lines that are not blank,
// comments (";", "//", "#") or labels (ending in ":").
func mnemonics(listing string) []string {
	var out []string
	for _, line := range strings.Split(listing, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, ";") || strings.HasPrefix(line, "//") || strings.HasPrefix(line, "#") || strings.HasSuffix(line, ":") {
			continue
		}
		f := strings.Fields(line)
		m := strings.TrimSuffix(f[0], ",")
		if strings.HasPrefix(m, "(") || strings.HasPrefix(m, "@") { // a predicate before the mnemonic
			if len(f) < 2 {
				continue
			}
			m = f[1]
		}
		out = append(out, m)
	}
	return out
}

// ReportedSize is a KernelSizer's answer for a program whose driver
// reports its machine code (in) and whose module is SPIR-V assembly
// (source): the kernel's size as the driver reports it, else 0, saying
// where the size came from (the kernel's SPIR-V instruction count where
// the driver gives none), and the check of the driver's machine code.
func ReportedSize(in Inspector, source, kernel string, threads int, spec engine.ChainSpec, needed int) (int64, string, *record.CodeCheck) {
	chk := InspectKernel(in, spec, kernel, threads, needed)
	if v := chk.Statistics[binarySize]; v > 0 {
		return int64(v), fmt.Sprintf("%.0f bytes, the driver's %q statistic of the whole kernel", v, binarySize), chk
	}
	return 0, fmt.Sprintf("%d SPIR-V instructions in the kernel (the driver reports no machine-code size)", functionInstructions(source, kernel)), chk
}

// functionInstructions counts the instructions of one function of a
// SPIR-V assembly module: the lines from its OpFunction to its
// OpFunctionEnd, labels included.
func functionInstructions(src, name string) int {
	n, in := 0, false
	for _, line := range strings.Split(src, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "%"+name+" = OpFunction "):
			in = true
		case !in || line == "" || strings.HasPrefix(line, ";"):
			continue
		}
		n++
		if line == "OpFunctionEnd" {
			return n
		}
	}
	return n
}
