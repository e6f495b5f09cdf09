package probe

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"slices"
	"sort"
	"strings"

	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/sass"
)

// SASS check outcomes.
const (
	sassVerified    = "verified"
	sassInvalid     = "invalid"
	sassNotVerified = "not verified"
)

// verify checks the machine code of a chain module: the longest latency
// kernel must hold at least length*PerStep expected opcodes between its
// clock reads, and every throughput kernel's loop body at least its steps
// per iteration times PerStep. It also derives what one step compiled to.
func (r *Runner) verify(ctx context.Context, spec ChainSpec, cs *chainSet, prog Program) (lat, tp *record.SASS) {
	if in, ok := prog.(Inspector); ok {
		return r.inspectChain(in, spec, cs)
	}
	lat = &record.SASS{Status: sassNotVerified, Expected: spec.Expect}
	tp = &record.SASS{Status: sassNotVerified, Expected: spec.Expect}
	if r.Disasm == nil {
		lat.Note, tp.Note = sass.ErrNoDisassembler.Error(), sass.ErrNoDisassembler.Error()
		return lat, tp
	}
	listing, err := r.disassemble(ctx, prog.Binary())
	if err != nil {
		lat.Note = "disassembly failed: " + err.Error()
		tp.Note = lat.Note
		return lat, tp
	}
	lengths := slices.Clone(r.Config.LatencyLengths)
	sort.Ints(lengths)
	longest := lengths[len(lengths)-1]
	*lat = CheckRegion(listing, cs.latency[longest], (*sass.Function).ClockRegion, spec.Expect, longest*spec.perStep())
	if len(lengths) >= 2 && lat.Status == sassVerified {
		lat.PerStep, lat.Sequence = perStep(listing, cs.latency[lengths[len(lengths)-2]], cs.latency[longest], lengths[len(lengths)-2], longest)
	}
	// Throughput: every ILP kernel must hold its whole body; report the
	// first that does not.
	*tp = record.SASS{Status: sassVerified, Expected: spec.Expect}
	for _, ilp := range r.ilps(spec) {
		k := cs.throughput[ilp]
		c := CheckRegion(listing, k, (*sass.Function).LoopBody, spec.Expect, ilp*cs.unroll[ilp]*spec.perStep())
		if c.Status != sassVerified || tp.Kernel == "" {
			*tp = c
		}
		if c.Status != sassVerified {
			break
		}
	}
	tp.Sequence, tp.PerStep = lat.Sequence, lat.PerStep
	return lat, tp
}

// CheckRegion counts the expected opcodes in one region of a kernel.
func CheckRegion(l *sass.Listing, kernel string, region func(*sass.Function) ([]sass.Instruction, bool), expect []string, needed int) record.SASS {
	out := record.SASS{Expected: expect, Needed: needed, Kernel: kernel}
	fn, ok := l.Function(kernel)
	if !ok {
		out.Status, out.Note = sassInvalid, fmt.Sprintf("kernel %s is not in the disassembly", kernel)
		return out
	}
	instrs, ok := region(fn)
	if !ok {
		out.Status, out.Note = sassInvalid, fmt.Sprintf("kernel %s: the timed region (clock reads or loop) was not found", kernel)
		return out
	}
	counts := sass.CountsOf(instrs)
	out.Counts = counts
	for _, e := range expect {
		out.Found += counts.Matching(e)
	}
	if out.Found < needed {
		out.Status = sassInvalid
		out.Note = fmt.Sprintf("%s has %d of the %d %s the chain needs; the timed region holds %s",
			kernel, out.Found, needed, strings.Join(expect, "/"), counts)
		return out
	}
	out.Status = sassVerified
	return out
}

// perStep derives what one chain step compiled to from the difference of the
// clock regions of two chain lengths, and orders the opcodes as they first
// appear in the longer kernel.
func perStep(l *sass.Listing, shortK, longK string, short, long int) (map[string]float64, string) {
	fs, ok1 := l.Function(shortK)
	fl, ok2 := l.Function(longK)
	if !ok1 || !ok2 || long == short {
		return nil, ""
	}
	rs, ok1 := fs.ClockRegion()
	rl, ok2 := fl.ClockRegion()
	if !ok1 || !ok2 {
		return nil, ""
	}
	diff := sass.CountsOf(rl).Sub(sass.CountsOf(rs))
	per := map[string]float64{}
	for op, n := range diff {
		if v := float64(n) / float64(long-short); v > 0.01 {
			per[op] = math.Round(v*100) / 100
		}
	}
	// Order by first appearance in the long kernel's region.
	var order []string
	for _, in := range rl {
		if _, ok := per[in.Opcode]; ok && !slices.Contains(order, in.Opcode) {
			order = append(order, in.Opcode)
		}
	}
	var parts []string
	for _, op := range order {
		n := per[op]
		switch {
		case n == 1:
			parts = append(parts, op)
		case n == math.Trunc(n):
			parts = append(parts, fmt.Sprintf("%d×%s", int(n), op))
		default:
			parts = append(parts, fmt.Sprintf("%.2f×%s", n, op))
		}
	}
	return per, strings.Join(parts, " + ")
}

// inspectChain checks a chain module through the driver's own report of
// what it compiled (see Inspector): where the driver gives machine code in
// a family the spec has expectations for, the longest latency kernel and
// every throughput kernel must hold enough of the expected mnemonics
// (counted over the whole kernel: such listings have no clock-read
// markers gpuarch knows); otherwise the records keep the driver's
// statistics and say the code could not be checked.
func (r *Runner) inspectChain(in Inspector, spec ChainSpec, cs *chainSet) (lat, tp *record.SASS) {
	lengths := slices.Clone(r.Config.LatencyLengths)
	sort.Ints(lengths)
	longest := lengths[len(lengths)-1]
	lat = inspectKernel(in, spec, cs.latency[longest], r.warpSize(), longest*spec.perStep())
	if len(lengths) >= 2 && lat.Status == sassNotVerified {
		growth(in, lat, cs.latency[lengths[0]], r.warpSize(), lengths[0], longest)
	}
	tp = &record.SASS{Status: sassVerified}
	threads := r.threadCounts()
	for _, ilp := range r.ilps(spec) {
		c := inspectKernel(in, spec, cs.throughput[ilp], threads[len(threads)-1], ilp*cs.unroll[ilp]*spec.perStep())
		if c.Status != sassVerified || tp.Kernel == "" {
			tp = c
		}
		if c.Status != sassVerified {
			break
		}
	}
	if lat.Status == sassInvalid && tp.Status != sassInvalid {
		tp.Status, tp.Note = sassInvalid, lat.Note
	}
	return lat, tp
}

// binarySize is the statistic drivers name the size of a compiled kernel
// (NVIDIA's).
const binarySize = "Binary Size"

// minBytesPerStep is the least a chain step can add to a binary: the
// shortest instruction of the GPU instruction sets gpuarch meets (4 bytes:
// AMD's and Intel's compact encodings; NVIDIA's are 16).
const minBytesPerStep = 4

// growth checks, where the driver gives no machine code but reports its
// binary's size, that the latency kernel's binary grows with the chain: a
// chain the compiler folded or removed leaves it as large as the short
// kernel's, and the record is then invalid. It records the bytes per step.
func growth(in Inspector, c *record.SASS, shortKernel string, threads, short, long int) {
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
		c.Status = sassInvalid
		c.Note = fmt.Sprintf("the driver's binary does not grow with the chain (%s %.0f bytes at %d steps, %.0f at %d: %.2f bytes a step): the compiler folded or removed the chain", binarySize, short0, short, long0, long, per)
		return
	}
	c.Note += fmt.Sprintf("; its binary grows %.3g bytes a chain step (%s at %d and %d steps)", per, binarySize, short, long)
}

// inspectKernel checks one kernel from the driver's report.
func inspectKernel(in Inspector, spec ChainSpec, kernel string, threads, needed int) *record.SASS {
	out := &record.SASS{Status: sassNotVerified, Kernel: kernel, Needed: needed}
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
		out.Status = sassInvalid
		out.Note = fmt.Sprintf("%s has %d of the %d %s the chain needs; it holds %s", kernel, out.Found, needed, strings.Join(expect, "/"), counts)
		return out
	}
	out.Status = sassVerified
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

// checkChain checks a chain probe's machine code into its latency and
// throughput records, marking each invalid whose code lacks the
// instruction.
func (r *Runner) checkChain(ctx context.Context, spec ChainSpec, cs *chainSet, prog Program, lat, tp *record.Record) {
	lat.SASS, tp.SASS = r.verify(ctx, spec, cs, prog)
	for _, rec := range []*record.Record{lat, tp} {
		if rec.SASS.Status == sassInvalid {
			rec.Status, rec.Reason = record.StatusInvalid, "machine code: "+rec.SASS.Note
		}
	}
}

// Disassembler turns machine code into a listing. The sass package's
// nvdisasm wrapper implements it.
type Disassembler interface {
	Disassemble(ctx context.Context, binary []byte) (*sass.Listing, error)
}

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

// machineCode is what verification keeps of a compiled module: the
// disassembler's listing, nil without one.
type machineCode struct {
	listing *sass.Listing
}

// readMachineCode disassembles a compiled module's binary into c's
// listing where the runner has a disassembler.
func (r *Runner) readMachineCode(ctx context.Context, c *compiled) {
	if r.Disasm != nil {
		if l, err := r.disassemble(ctx, c.prog.Binary()); err == nil {
			c.listing = l
		}
	}
}

// reusePerStep counts source operands carrying .reuse in a loop body, per
// step.
func reusePerStep(body []sass.Instruction, steps int) float64 {
	n := 0
	for _, in := range body {
		n += strings.Count(in.Operands, ".reuse")
	}
	return float64(n) / float64(max(1, steps))
}

// bankConflictsPerStep is the register-file reads per step beyond one from
// an instruction's busiest bank (sass.Use.BankReads), over the loop body.
func bankConflictsPerStep(body []sass.Instruction, steps int) float64 {
	n := 0
	for _, in := range body {
		n += max(0, in.Use().BankReads(sass.RegisterBanks)-1)
	}
	return float64(n) / float64(max(1, steps))
}

// checkLoop verifies a kernel's loop body holds each expected opcode family
// at least needed times, and counts operand reuse.
func (c *compiled) checkLoop(kernel string, expect []string, needed, steps int) *record.SASS {
	if c.listing == nil {
		return &record.SASS{Status: sassNotVerified, Expected: expect, Kernel: kernel, Note: sass.ErrNoDisassembler.Error()}
	}
	chk := CheckRegion(c.listing, kernel, (*sass.Function).LoopBody, expect, needed)
	if fn, ok := c.listing.Function(kernel); ok {
		if body, ok := fn.LoopBody(); ok {
			chk.Reuse = reusePerStep(body, steps)
			bc := bankConflictsPerStep(body, steps)
			chk.BankConflicts = &bc
		}
	}
	return &chk
}

// check is checkLoop where the machine code is disassembled here, and
// the driver's own report (see Inspector) where the backend gives one:
// spec's expectations for the driver's instruction set, or its statistics.
func (c *compiled) check(kernel string, spec ChainSpec, needed, steps, threads int) *record.SASS {
	if in, ok := c.prog.(Inspector); ok {
		return inspectKernel(in, spec, kernel, threads, needed)
	}
	return c.checkLoop(kernel, spec.Expect, needed, steps)
}

// loopText is kernel's timed loop body, an instruction a line; nil without
// a listing.
func (c *compiled) loopText(kernel string) []string {
	if c.listing == nil {
		return nil
	}
	fn, ok := c.listing.Function(kernel)
	if !ok {
		return nil
	}
	body, ok := fn.LoopBody()
	if !ok {
		return nil
	}
	out := make([]string, len(body))
	for i, in := range body {
		out[i] = in.String()
	}
	return out
}

// disassemble is r.Disasm.Disassemble through the cache of listings
// (r.Listings, for nvdisasm only): a listing is JSON under
// CacheKey(binary, "listing", the disassembler and its executable's size
// and time). nvdisasm runs as a process per module;
// a full CUDA run spent about 400 s of CPU time on it, the same in a
// second run whose modules all came from the cache.
func (r *Runner) disassemble(ctx context.Context, binary []byte) (*sass.Listing, error) {
	// Only nvdisasm's listings are kept: another disassembler (a test's)
	// may answer differently for the same binary.
	var c *ModuleCache
	if _, ok := r.Disasm.(*sass.Disassembler); ok {
		c = r.Listings
	}
	key := ""
	if c != nil {
		key = CacheKey(string(binary), "listing", disassemblerID(r.Disasm))
		if b, ok := c.Get(key); ok {
			var l sass.Listing
			if err := json.Unmarshal(b, &l); err == nil && len(l.Functions) > 0 {
				return &l, nil
			}
		}
	}
	l, err := r.Disasm.Disassemble(ctx, binary)
	if err != nil || c == nil {
		return l, err
	}
	if b, err := json.Marshal(l); err == nil {
		_ = c.Put(key, b) // a cache that cannot be written is no failure
	}
	return l, nil
}

// disassemblerID names a disassembler for cache keys: its type and
// settings, and for nvdisasm the size and time of its executable, which
// change when the toolkit does.
func disassemblerID(d Disassembler) string {
	id := fmt.Sprintf("%T %+v", d, d)
	if s, ok := d.(*sass.Disassembler); ok && s != nil {
		if fi, err := os.Stat(s.Path); err == nil {
			id += fmt.Sprintf(" %d %d", fi.Size(), fi.ModTime().UnixNano())
		}
	}
	return id
}
