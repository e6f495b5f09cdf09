package cudagpu

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"

	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/sass"
)

// This file is machine-code verification through a disassembler's SASS
// listing (nvdisasm): the CUDA backend's Verifier, which moves to
// backend/cudagpu with the PTX lowering.

// Disassembler turns machine code into a listing. The sass package's
// nvdisasm wrapper implements it.
type Disassembler interface {
	Disassemble(ctx context.Context, binary []byte) (*sass.Listing, error)
}

// Toolchain is the CUDA toolkit's tools a runner uses (Runner.Code): the
// disassembler that reads every module's machine code, the cache of its
// listings, and the assembler that compiles the modules the driver's
// linker would change (compileWhole). Any may be nil: without a
// disassembler nothing is verified, and records say why.
type Toolchain struct {
	Disasm Disassembler
	// Listings, when set, keeps the disassembler's listings on disk
	// beside the compiled modules, named by the binary and the
	// disassembler (see disassemble): a second run disassembles nothing.
	Listings *engine.ModuleCache
	// Assembler compiles what must be compiled as one whole program
	// (setmaxnreg); nil: those probes are skipped, with why.
	Assembler Assembler
}

// listed is the Verifier of a module disassembled into a SASS listing.
type listed struct{ l *sass.Listing }

// ReadCode implements CodeReader: prog's machine code through the
// disassembler; without one, or where it fails, nothing is verified, with
// why.
func (t *Toolchain) ReadCode(ctx context.Context, prog engine.Program) engine.Verifier {
	if t.Disasm == nil {
		return engine.NotVerified(sass.ErrNoDisassembler.Error())
	}
	l, err := t.disassemble(ctx, prog.Binary())
	if err != nil {
		return engine.NotVerified("disassembly failed: " + err.Error())
	}
	return &listed{l}
}

// Listing is c's SASS listing, nil where its machine code was not
// disassembled: the jobs written in PTX only read it directly.
func Listing(c *engine.Compiled) *sass.Listing {
	if v, ok := c.Verifier().(*listed); ok {
		return v.l
	}
	return nil
}

// Chain implements Verifier: the longest latency kernel must hold at
// least length×PerStep expected opcodes between its clock reads, and every
// throughput kernel's loop body at least its steps per iteration times
// PerStep. It also derives what one step compiled to, from the clock
// regions of the two longest latency kernels.
func (v *listed) Chain(c engine.ChainCheck) (lat, tp *record.CodeCheck) {
	spec, lengths, longest := c.Spec, c.Lengths, c.Longest()
	lat = &record.CodeCheck{}
	*lat = CheckRegion(v.l, c.Latency[longest], (*sass.Function).ClockRegion, spec.Expect, longest*spec.OpcodesPerStep())
	if len(lengths) >= 2 && lat.Status == engine.CodeVerified {
		lat.PerStep, lat.Sequence = perStep(v.l, c.Latency[lengths[len(lengths)-2]], c.Latency[longest], lengths[len(lengths)-2], longest)
	}
	// Throughput: every ILP kernel must hold its whole body; report the
	// first that does not.
	tp = &record.CodeCheck{Status: engine.CodeVerified, Expected: spec.Expect}
	for _, ilp := range c.ILPs {
		k := c.Throughput[ilp]
		chk := CheckRegion(v.l, k, (*sass.Function).LoopBody, spec.Expect, ilp*c.Unroll[ilp]*spec.OpcodesPerStep())
		if chk.Status != engine.CodeVerified || tp.Kernel == "" {
			*tp = chk
		}
		if chk.Status != engine.CodeVerified {
			break
		}
	}
	tp.Sequence, tp.PerStep = lat.Sequence, lat.PerStep
	return lat, tp
}

// Kernel implements Verifier: spec's expected opcodes in the loop body.
func (v *listed) Kernel(kernel string, spec engine.ChainSpec, needed, steps, _ int) *record.CodeCheck {
	return v.Loop(kernel, spec.Expect, needed, steps)
}

// Loop implements Verifier: each expected opcode family at least needed
// times in the loop body, with the operand reuse and register-bank
// conflicts a step.
func (v *listed) Loop(kernel string, expect []string, needed, steps int) *record.CodeCheck {
	chk := CheckRegion(v.l, kernel, (*sass.Function).LoopBody, expect, needed)
	if fn, ok := v.l.Function(kernel); ok {
		if body, ok := fn.LoopBody(); ok {
			chk.Reuse = reusePerStep(body, steps)
			bc := bankConflictsPerStep(body, steps)
			chk.BankConflicts = &bc
		}
	}
	return &chk
}

// Clocked implements Verifier: the expected opcode families in kernel's
// clock region.
func (v *listed) Clocked(kernel string, expect []string, needed int) *record.CodeCheck {
	chk := CheckRegion(v.l, kernel, (*sass.Function).ClockRegion, expect, needed)
	return &chk
}

// LoopText implements Verifier: the loop body's instructions.
func (v *listed) LoopText(kernel string) []string {
	fn, ok := v.l.Function(kernel)
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

// CheckRegion counts the expected opcodes in one region of a kernel.
func CheckRegion(l *sass.Listing, kernel string, region func(*sass.Function) ([]sass.Instruction, bool), expect []string, needed int) record.CodeCheck {
	out := record.CodeCheck{Expected: expect, Needed: needed, Kernel: kernel}
	fn, ok := l.Function(kernel)
	if !ok {
		out.Status, out.Note = engine.CodeInvalid, fmt.Sprintf("kernel %s is not in the disassembly", kernel)
		return out
	}
	instrs, ok := region(fn)
	if !ok {
		out.Status, out.Note = engine.CodeInvalid, fmt.Sprintf("kernel %s: the timed region (clock reads or loop) was not found", kernel)
		return out
	}
	counts := sass.CountsOf(instrs)
	out.Counts = counts
	for _, e := range expect {
		out.Found += counts.Matching(e)
	}
	if out.Found < needed {
		out.Status = engine.CodeInvalid
		out.Note = fmt.Sprintf("%s has %d of the %d %s the chain needs; the timed region holds %s",
			kernel, out.Found, needed, strings.Join(expect, "/"), counts)
		return out
	}
	out.Status = engine.CodeVerified
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

// disassemble is t.Disasm.Disassemble through the cache of listings
// (t.Listings, for nvdisasm only): a listing is JSON under
// CacheKey(binary, "listing", the disassembler and its executable's size
// and time). nvdisasm runs as a process per module;
// a full CUDA run spent about 400 s of CPU time on it, the same in a
// second run whose modules all came from the cache.
func (t *Toolchain) disassemble(ctx context.Context, binary []byte) (*sass.Listing, error) {
	// Only nvdisasm's listings are kept: another disassembler (a test's)
	// may answer differently for the same binary.
	var c *engine.ModuleCache
	if _, ok := t.Disasm.(*sass.Disassembler); ok {
		c = t.Listings
	}
	key := ""
	if c != nil {
		key = engine.CacheKey(string(binary), "listing", disassemblerID(t.Disasm))
		if b, ok := c.Get(key); ok {
			var l sass.Listing
			if err := json.Unmarshal(b, &l); err == nil && len(l.Functions) > 0 {
				return &l, nil
			}
		}
	}
	l, err := t.Disasm.Disassemble(ctx, binary)
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
