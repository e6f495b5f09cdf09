package vk

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/ptx"
	"github.com/gpuarch/gpuarch/record"
)

// Features is what the SPIR-V code generator may use: the device's
// features as the Vulkan backend enabled them. A kernel that needs more
// fails to lower with an error saying "not supported by this device",
// which the runner records as skipped.
type Features struct {
	// SubgroupSize is the size kernels are compiled for.
	SubgroupSize int
	// SMBuiltins: SPV_NV_shader_sm_builtins (warp records say which SM
	// and warp slot ran them).
	SMBuiltins bool
	// DeviceClock: VK_KHR_shader_clock's device-scope clock.
	DeviceClock bool
	// Timestamps: the kernels read no clock (the device lacks
	// VK_KHR_shader_clock, or timing by timestamps was asked for); the
	// backend times whole dispatches with GPU timestamps and fills the
	// timer fields in (see timestamps.go). Each kernel is announced by a
	// "; gpuarch timing:" comment line saying how.
	Timestamps bool
	// VulkanMemoryModel: the vulkanMemoryModel and
	// vulkanMemoryModelDeviceScope features are enabled.
	VulkanMemoryModel     bool
	Float16, Float64      bool
	Int8, Int16, Int64    bool
	IntegerDotProduct     bool
	SubgroupExtendedTypes bool
	// CooperativeMatrix lists the cooperative-matrix forms kernels may
	// use: the subgroup-scope combinations the driver lists, with the
	// cooperativeMatrix feature enabled; empty without
	// VK_KHR_cooperative_matrix.
	CooperativeMatrix []kernel.CoopMat
	// BFloat16: VK_KHR_shader_bfloat16's bfloat16 type and cooperative
	// matrices (shaderBFloat16Type, shaderBFloat16CooperativeMatrix)
	// are enabled.
	BFloat16 bool
	// Float8: VK_EXT_shader_float8's e4m3 and e5m2 types and cooperative
	// matrices (shaderFloat8, shaderFloat8CooperativeMatrix) are enabled.
	Float8 bool
	// SubgroupOps are the supported subgroup operation classes, named as
	// the vulkan package names them ("basic", "vote", "arithmetic",
	// "ballot", "shuffle", "shuffle_relative", "clustered", "quad").
	SubgroupOps []string
}

// Codegen writes gpuarch's probe kernels as SPIR-V assembly: the Vulkan
// backend's engine.Codegen. Its kernels take the arguments the PTX ones
// take, in the same order, as push constants (u32 for values of 32 bits
// or fewer, u64 otherwise, each aligned to its size), and reach memory
// through buffer device addresses.
//
// Step templates are SPIR-V assembly lines with placeholders:
//
//	{d}          the step's result: a fresh id, the chain's new value
//	{x} {y} {z}  the chain's latest values (see kernel.Step)
//	{a} {b} {a0}..{a3}  the operands, as in PTX templates
//	{t} {u} {p} {q}     fresh ids for temporaries, one set per step
//	{l}          the invocation's index in its subgroup (u32)
//	{T} {O}      the ids of the chain's and the operands' types
//	{ty:NAME}    the id of a type by its neutral name (u32, f16x2, bool)
//	{k:NAME:V}   the id of a constant of type NAME with bit pattern V
//	             (decimal or 0x hex)
//	{glsl}       the GLSL.std.450 extended instruction set
//	{sg}         the Subgroup scope (a u32 constant 3)
//
// Capabilities and extensions are declared from what the kernel's text
// uses (see requirements).
type Codegen struct {
	Features Features
}

// ISA implements engine.Codegen.
func (Codegen) ISA() string { return kernel.ISASPIRV }

// Language implements engine.Codegen: modules kept as NAME.spvasm and
// NAME.spv, timed by VK_KHR_shader_clock's subgroup and device clocks.
// The global chase declares no workgroup memory.
func (Codegen) Language() engine.Language {
	return engine.Language{SourceExt: ".spvasm", BinaryExt: ".spv", Compiler: "the Vulkan driver's pipeline compiler", CycleClock: "the subgroup clock", Timer: "the device clock"}
}

// Stamp implements engine.Codegen: the record names its source language
// and that source's hash.
func (Codegen) Stamp(p *record.Provenance, hash string) {
	p.Source, p.SourceSHA256 = kernel.ISASPIRV, hash
}

// FMAStep implements engine.Codegen: GLSL.std.450 Fma, which drivers
// compile to a fused multiply-add.
func (Codegen) FMAStep() kernel.Step {
	return kernel.Step{ISA: kernel.ISASPIRV, Template: "{d} = OpExtInst {T} {glsl} Fma {x} {a0} {a1}", Type: ptx.F32,
		X0: 0x3f800000, A: [4]uint64{0x3f7ff972, 0x3a83126f, 0, 0}}
}

// Module implements engine.Codegen.
func (c Codegen) Module(kernels []kernel.Spec) (string, error) {
	m := newModule(c.Features)
	m.capability("Shader")
	m.capability("Int64")
	m.capability("PhysicalStorageBufferAddresses")
	m.capability("GroupNonUniform")
	if c.Features.SMBuiltins {
		m.capability("ShaderSMBuiltinsNV")
		m.extension("SPV_NV_shader_sm_builtins")
	}
	// The workgroup width is specialization constant 0 (WorkgroupSize
	// overrides every entry point's LocalSize): one module serves every
	// launch width.
	wx := "%wg_x"
	m.decos = append(m.decos, "OpDecorate "+wx+" SpecId 0", "OpDecorate %wg_size BuiltIn WorkgroupSize")
	m.global(wx, fmt.Sprintf("OpSpecConstant %s %d", m.typ("u32"), max(1, c.Features.SubgroupSize)))
	one := m.konst("u32", 1)
	m.global("%wg_size", fmt.Sprintf("OpSpecConstantComposite %s %s %s %s", m.typ("u32x3"), wx, one, one))
	for _, k := range kernels {
		name := k.KernelName()
		for _, s := range kernel.Steps(k) {
			if s.ISA != kernel.ISASPIRV {
				return "", fmt.Errorf("kernel %s: its step is written in %q, not SPIR-V", name, s.ISA)
			}
		}
		if n := timingNote(k); c.Features.Timestamps && n != "" {
			m.notes = append(m.notes, n)
		}
		if c.Features.Timestamps && clockOnly(k.Kind()) {
			return "", fmt.Errorf("kernel %s: %w: it is timed by the shader clock, which this device lacks (or timing by timestamps was asked for)", name, kernel.ErrUnsupported)
		}
		if err := k.LowerTo(lowering{m}); err != nil {
			return "", fmt.Errorf("kernel %s: %w", name, err)
		}
	}
	requirements(m)
	if m.err != nil {
		return "", m.err
	}
	return m.text(), nil
}

// lowering is the Vulkan backend's kernel.Lowerer: it writes each kernel
// into a SPIR-V module.
type lowering struct{ m *module }

var _ kernel.Lowerer = lowering{}

func (l lowering) LatencyChain(k kernel.LatencyChainSpec) error { return latencyKernel(l.m, k) }
func (l lowering) ThroughputChain(k kernel.ThroughputChainSpec) error {
	return throughputKernel(l.m, k)
}
func (l lowering) ClockSpin(k kernel.ClockSpinSpec) error { clockKernel(l.m, k.Name); return nil }
func (l lowering) ChaseInit(k kernel.ChaseInitSpec) error { chaseInitKernel(l.m, k.Name); return nil }
func (l lowering) Chase(k kernel.ChaseSpec) error {
	return chaseKernel(l.m, k.Name, k.Space, k.CacheOp)
}
func (l lowering) StreamLoop(k kernel.StreamLoopSpec) error { return streamKernel(l.m, k) }
func (l lowering) Barrier(k kernel.BarrierSpec) error       { barrierKernel(l.m, k.Name, k.Op); return nil }
func (l lowering) AtomicChain(k kernel.AtomicChainSpec) error {
	return atomicKernel(l.m, k.Name, k.Atomic)
}
func (l lowering) MixLoop(k kernel.MixLoopSpec) error { return mixKernel(l.m, k) }
func (l lowering) LaunchStamp(k kernel.LaunchStampSpec) error {
	launchStampKernel(l.m, k.Name)
	return nil
}
func (l lowering) BranchLoop(k kernel.BranchLoopSpec) error {
	return branchKernel(l.m, k.Name, k.Branch)
}
func (l lowering) FenceLoop(k kernel.FenceLoopSpec) error     { return fenceKernel(l.m, k.Name, k.Fence) }
func (l lowering) BankLoads(k kernel.BankLoadsSpec) error     { return bankKernel(l.m, k) }
func (l lowering) CoopMatInit(k kernel.CoopMatInitSpec) error { return coopMatInitKernel(l.m, k) }
func (l lowering) CoopMatLatency(k kernel.CoopMatLatencySpec) error {
	return coopMatLatencyKernel(l.m, k)
}
func (l lowering) CoopMatThroughput(k kernel.CoopMatThroughputSpec) error {
	return coopMatThroughputKernel(l.m, k)
}

// MatrixLoop refuses: the matrix-unit forms it carries are another
// backend's instructions; Vulkan reaches the matrix units through
// cooperative matrices (CoopMatLatency, CoopMatThroughput).
func (l lowering) MatrixLoop(k kernel.MatrixLoopSpec) error {
	return fmt.Errorf("%w: %s is written in another backend's matrix instructions; Vulkan's are cooperative matrices", kernel.ErrUnsupported, k.Name)
}

// ConstBase refuses: SPIR-V for Vulkan has no constant address space.
func (l lowering) ConstBase(kernel.ConstBaseSpec) error {
	return fmt.Errorf("%w: Vulkan has no constant address space to chase", kernel.ErrUnsupported)
}

// chain is one dependent chain's current values, latest first.
type chain struct{ vals []string }

// stepEnv is what a step's template reads beside its chain.
type stepEnv struct {
	step kernel.Step
	ops  [4]string
	lane string
}

var (
	typePlaceholder  = regexp.MustCompile(`\{ty:([a-z0-9]+)\}`)
	constPlaceholder = regexp.MustCompile(`\{k:([a-z0-9]+):(0x[0-9a-fA-F]+|[0-9]+)\}`)
	anyPlaceholder   = regexp.MustCompile(`\{[^{}]*\}`)
)

// validateStep checks a SPIR-V template: every form defines {d}, and only
// known placeholders appear.
func validateStep(s kernel.Step) error {
	if strings.TrimSpace(s.Template) == "" {
		return fmt.Errorf("empty template")
	}
	if s.Type == "" {
		return fmt.Errorf("template %q has no chain type", s.Template)
	}
	for _, ty := range []string{string(s.Type), string(s.OperandType())} {
		if totalBits(ty) == 0 {
			return fmt.Errorf("type %s is not supported by the SPIR-V code generator", ty)
		}
	}
	for _, form := range strings.Split(s.Template, "||") {
		if !regexp.MustCompile(`(?m)^\s*\{d\}\s*=`).MatchString(form) {
			return fmt.Errorf("template form never defines {d}: %q", form)
		}
	}
	for _, p := range anyPlaceholder.FindAllString(s.Template, -1) {
		switch {
		case typePlaceholder.MatchString(p), constPlaceholder.MatchString(p):
		default:
			switch p {
			case "{d}", "{x}", "{y}", "{z}", "{a}", "{b}", "{a0}", "{a1}", "{a2}", "{a3}",
				"{t}", "{u}", "{p}", "{q}", "{l}", "{T}", "{O}", "{glsl}", "{sg}":
			default:
				return fmt.Errorf("template %q: unknown placeholder %s", s.Template, p)
			}
		}
	}
	return nil
}

// emitStep writes step number i of c and advances the chain.
func (f *fn) emitStep(env stepEnv, c *chain, i int) {
	s := env.step
	n := len(c.vals)
	d := f.id("v")
	val := func(j int) string {
		if j < n {
			return c.vals[j]
		}
		return "%undefined"
	}
	if strings.Contains(s.Template, "{glsl}") {
		f.m.glsl = true
	}
	// The ids, types and constants are made whether the step uses them or
	// not, in this order, so the module's numbering does not depend on
	// the template.
	t, u, p, q := f.id("t"), f.id("u"), f.id("p"), f.id("q")
	typ, opTyp := f.m.typ(string(s.Type)), f.m.typ(string(s.OperandType()))
	sg := f.m.konst("u32", 3)
	value := func(name string) (string, bool) {
		switch name {
		case "d":
			return d, true
		case "x", "y", "z":
			return val(int(name[0] - 'x')), true
		case "a":
			return env.ops[i%4], true
		case "b":
			return env.ops[(i+1)%4], true
		case "a0", "a1", "a2", "a3":
			return env.ops[name[1]-'0'], true
		case "t":
			return t, true
		case "u":
			return u, true
		case "p":
			return p, true
		case "q":
			return q, true
		case "l":
			return env.lane, true
		case "T":
			return typ, true
		case "O":
			return opTyp, true
		case "glsl":
			return "%glsl", true
		case "sg":
			return sg, true
		}
		return "", false
	}
	forms := strings.Split(s.Template, "||")
	for _, line := range strings.Split(strings.TrimSpace(forms[i%len(forms)]), "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		line = typePlaceholder.ReplaceAllStringFunc(line, func(p string) string {
			return f.m.typ(typePlaceholder.FindStringSubmatch(p)[1])
		})
		line = constPlaceholder.ReplaceAllStringFunc(line, func(p string) string {
			sm := constPlaceholder.FindStringSubmatch(p)
			v, err := strconv.ParseUint(sm[2], 0, 64)
			if err != nil {
				f.m.fail("constant %s: %v", p, err)
			}
			return f.m.konst(sm[1], v)
		})
		f.emit("%s", substitute(line, value))
	}
	copy(c.vals[1:], c.vals[:n-1])
	c.vals[0] = d
}

// substitute replaces each {name} in line for which value has a value,
// leaving other braces as they are (a strings.Replacer built for every
// step was a second of a Vulkan run's compile time).
func substitute(line string, value func(name string) (string, bool)) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(line, '{')
		if i < 0 {
			b.WriteString(line)
			return b.String()
		}
		j := strings.IndexByte(line[i:], '}')
		if j < 0 {
			b.WriteString(line)
			return b.String()
		}
		if v, ok := value(line[i+1 : i+j]); ok {
			b.WriteString(line[:i])
			b.WriteString(v)
			line = line[i+j+1:]
			continue
		}
		b.WriteString(line[:i+1])
		line = line[i+1:]
	}
}

// chainParams are the chain kernels' push constants, as probe's stepArgs
// passes them.
func chainParams(s kernel.Step) ([]string, []bool) {
	names, wide := stepParams(s, "")
	return append([]string{"out", "sink", "count"}, names...), append([]bool{true, true, false}, wide...)
}

// stepParams are one step's push constants (x0, a0..a3, guard), named
// with prefix.
func stepParams(s kernel.Step, prefix string) ([]string, []bool) {
	var names []string
	for _, n := range []string{"x0", "a0", "a1", "a2", "a3", "guard"} {
		names = append(names, prefix+n)
	}
	w := totalBits(string(s.Type)) == 64
	ow := totalBits(string(s.OperandType())) == 64
	return names, []bool{w, ow, ow, ow, ow, w}
}

// loadChainInputs loads x0, the operands and the guard (the push
// constants named with prefix), and starts n chains whose values vary by
// chain and lane (see probe's newChains).
func (f *fn) loadChainInputs(s kernel.Step, n int, prefix string) (env stepEnv, chains []*chain, guard, guardTy string) {
	_, wide := stepParams(s, prefix)
	raw := func(i int) string { return rawType(wide[i]) }
	t, o := string(s.Type), string(s.OperandType())
	x0 := f.convert(f.param(prefix+"x0"), raw(0), t)
	for i := range env.ops {
		env.ops[i] = f.convert(f.param(fmt.Sprintf("%sa%d", prefix, i)), raw(1), o)
	}
	guard, guardTy = f.param(prefix+"guard"), raw(5)
	env.step = s
	env.lane = f.builtin("SubgroupLocalInvocationId", "u32")
	starts := []string{x0, env.ops[0], env.ops[1]}
	if o != t {
		starts = []string{x0, x0, x0}
	}
	for j := range n {
		c := &chain{}
		for v := range s.Registers() {
			c.vals = append(c.vals, f.vary(starts[v], t, env.lane, j, s.LaneHigh))
		}
		chains = append(chains, c)
	}
	return env, chains, guard, guardTy
}

// vary XORs (j*32 + lane) into the low bits of v (type ty), and with
// high, the lane into the high half of a 64-bit value: independent
// chains hold different values and none is the same in every lane.
func (f *fn) vary(v, ty, lane string, j int, high bool) string {
	u := uintOf(ty)
	bits := f.bitsOf(v, ty)
	mix := lane
	if j > 0 {
		mix = f.def("mx", "OpBitwiseOr %s %s %s", f.m.typ("u32"), lane, f.m.konst("u32", uint64(j*32)))
	}
	if u != "u32" {
		mix = f.def("mx", "OpUConvert %s %s", f.m.typ(u), mix)
	}
	x := f.def("vy", "OpBitwiseXor %s %s %s", f.m.typ(u), bits, mix)
	if high && u == "u64" {
		hi := f.def("hi", "OpUConvert %s %s", f.m.typ("u64"), lane)
		hi = f.def("hi", "OpShiftLeftLogical %s %s %s", f.m.typ("u64"), hi, f.m.konst("u32", 32))
		x = f.def("vy", "OpBitwiseXor %s %s %s", f.m.typ("u64"), x, hi)
	}
	return f.fromBits(x, ty)
}

// loop writes a loop that runs count (a u32) iterations. carried are the
// values the iterations pass on (initial ids and types: neutral names,
// or ids of types such as cooperative matrices); body receives
// the values at the top of an iteration and returns those at its end.
// It returns the values after the loop and the iteration counter's id at
// the loop's exit.
func (f *fn) loop(count string, carried []string, types []string, body func(in []string) []string) (out []string, counter string) {
	header, bodyL, merge := f.id("hdr"), f.id("body"), f.id("merge")
	pre := f.label
	f.emit("OpBranch %s", header)
	// The body is written first, into its own lines, so that the
	// header's OpPhi instructions can name the values it ends with.
	saved := f.lines
	f.lines = nil
	phis := make([]string, len(carried))
	for i := range phis {
		phis[i] = f.id("phi")
	}
	i := f.id("i")
	f.block(bodyL)
	end := body(phis)
	next := f.def("inext", "OpIAdd %s %s %s", f.m.typ("u32"), i, f.m.konst("u32", 1))
	back := f.label // the body may have opened blocks of its own
	f.emit("OpBranch %s", header)
	bodyLines := f.lines
	f.lines = saved
	f.block(header)
	f.emit("%s = OpPhi %s %s %s %s %s", i, f.m.typ("u32"), f.m.konst("u32", 0), pre, next, back)
	for k, p := range phis {
		ty := types[k]
		if !strings.HasPrefix(ty, "%") { // a neutral type's name, not an id
			ty = f.m.typ(ty)
		}
		f.emit("%s = OpPhi %s %s %s %s %s", p, ty, carried[k], pre, end[k], back)
	}
	more := f.def("more", "OpULessThan %s %s %s", f.m.typ("bool"), i, count)
	f.emit("OpLoopMerge %s %s DontUnroll", merge, bodyL) // as PTX's .pragma "nounroll"
	f.emit("OpBranchConditional %s %s %s", more, bodyL, merge)
	f.lines = append(f.lines, bodyLines...)
	f.block(merge)
	return phis, i
}

// latencyKernel is cudagpu.LatencyKernel in SPIR-V: one chain of k.Length
// steps between two subgroup-clock reads, run count times; invocation 0
// stores the cycles of the last pass at out.
func latencyKernel(m *module, k kernel.LatencyChainSpec) error {
	if err := validateStep(k.Step); err != nil {
		return err
	}
	names, wide := chainParams(k.Step)
	f := m.newFn(k.Name, names, wide)
	env, chains, guard, guardTy := f.loadChainInputs(k.Step, 1, "")
	count := f.param("count")
	t := string(k.Step.Type)
	zero := m.konst("u64", 0)
	carried := append([]string{zero, zero}, chains[0].vals...)
	types := []string{"u64", "u64"}
	for range chains[0].vals {
		types = append(types, t)
	}
	out, _ := f.loop(count, carried, types, func(in []string) []string {
		c := &chain{vals: append([]string(nil), in[2:]...)}
		c0 := f.clock(false)
		for i := range k.Length {
			f.emitStep(env, c, i)
		}
		c1 := f.clock(false)
		return append([]string{c0, c1}, c.vals...)
	})
	first := f.def("first", "OpIEqual %s %s %s", m.typ("bool"), f.builtin("LocalInvocationIndex", "u32"), m.konst("u32", 0))
	f.ifThen(first, func() {
		dt := f.def("dt", "OpISub %s %s %s", m.typ("u64"), out[1], out[0])
		f.store(f.param("out"), dt, "u64")
	})
	sink := f.param("sink")
	for _, v := range out[2:] {
		f.storeIfEqual(sink, v, t, guard, guardTy)
	}
	f.finish()
	return nil
}

// throughputKernel is cudagpu.ThroughputKernel in SPIR-V: k.ILP chains,
// k.Unroll steps each per iteration of a loop run count times between a
// workgroup barrier and the end, every subgroup writing a warp record.
// ILP 0 is the control loop, whose counter is kept alive.
func throughputKernel(m *module, k kernel.ThroughputChainSpec) error {
	if err := validateStep(k.Step); err != nil {
		return err
	}
	names, wide := chainParams(k.Step)
	f := m.newFn(k.Name, names, wide)
	env, chains, guard, guardTy := f.loadChainInputs(k.Step, k.ILP, "")
	count := f.param("count")
	t := string(k.Step.Type)
	var carried, types []string
	for _, c := range chains {
		carried = append(carried, c.vals...)
		for range c.vals {
			types = append(types, t)
		}
	}
	workgroup := m.konst("u32", 2)
	f.emit("OpControlBarrier %s %s %s", workgroup, workgroup, m.konst("u32", 0x108)) // AcquireRelease | WorkgroupMemory
	c0, g0 := f.clock(false), f.clock(true)
	regs := k.Step.Registers()
	out, counter := f.loop(count, carried, types, func(in []string) []string {
		cs := make([]*chain, len(chains))
		for j := range cs {
			cs[j] = &chain{vals: append([]string(nil), in[j*regs:(j+1)*regs]...)}
		}
		steps := 0
		for range k.Unroll {
			for range k.ILP {
				c := cs[steps%len(cs)]
				f.emitStep(env, c, steps/len(cs))
				steps++
			}
		}
		var end []string
		for _, c := range cs {
			end = append(end, c.vals...)
		}
		return end
	})
	c1, g1 := f.clock(false), f.clock(true)
	f.warpRecord(c0, c1, g0, g1)
	sink := f.param("sink")
	for _, v := range out {
		f.storeIfEqual(sink, v, t, guard, guardTy)
	}
	if k.ILP == 0 {
		never := f.def("never", "OpNot %s %s", m.typ("u32"), count)
		f.storeIfEqual(sink, counter, "u32", never, "u32")
	}
	f.finish()
	return nil
}

// warpRecord has each subgroup's first invocation store a warp record (see
// engine.WarpRecordBytes) at out: its clocks, then the SM and warp slot
// where SPV_NV_shader_sm_builtins tells them (engine.NoSM and the subgroup
// index otherwise), the workgroup and the subgroup's index in it.
func (f *fn) warpRecord(c0, c1, g0, g1 string) {
	m := f.m
	u32, u64 := m.typ("u32"), m.typ("u64")
	lane := f.builtin("SubgroupLocalInvocationId", "u32")
	first := f.def("lead", "OpIEqual %s %s %s", m.typ("bool"), lane, m.konst("u32", 0))
	f.ifThen(first, func() {
		wg := f.workgroupX()
		sg := f.builtin("SubgroupId", "u32")
		nsg := f.builtin("NumSubgroups", "u32")
		warp := f.def("warp", "OpIMul %s %s %s", u32, wg, nsg)
		warp = f.def("warp", "OpIAdd %s %s %s", u32, warp, sg)
		off := f.def("off", "OpUConvert %s %s", u64, warp)
		off = f.def("off", "OpIMul %s %s %s", u64, off, m.konst("u64", engine.WarpRecordBytes))
		base := f.def("rec", "OpIAdd %s %s %s", u64, f.param("out"), off)
		for i, v := range []string{c0, c1, g0, g1} {
			f.store(f.addr(base, uint64(8*i)), v, "u64")
		}
		sm, slot := m.konst("u32", engine.NoSM), sg
		if m.feat.SMBuiltins {
			sm, slot = f.builtin("SMIDNV", "u32"), f.builtin("WarpIDNV", "u32")
		}
		for i, v := range []string{sm, slot, wg, sg} {
			f.store(f.addr(base, uint64(32+4*i)), v, "u32")
		}
	})
}

// clockKernel is cudagpu.ClockKernel in SPIR-V: every subgroup spins until
// count ticks of the device clock have passed and writes a warp record.
func clockKernel(m *module, name string) {
	f := m.newFn(name, []string{"out", "count"}, []bool{true, false})
	if m.feat.Timestamps {
		// No clock to spin on: count dependent steps of about a cycle
		// each keep the subgroup busy at least count cycles.
		zero := m.konst("u32", 0)
		out, _ := f.loop(f.param("count"), []string{zero}, []string{"u32"}, func(in []string) []string {
			return []string{f.def("spin", "OpIAdd %s %s %s", m.typ("u32"), in[0], m.konst("u32", 3))}
		})
		// 3·count never equals NOT count (4·count is never -1 modulo
		// 2^32), so the store never happens but keeps the loop.
		never := f.def("never", "OpNot %s %s", m.typ("u32"), f.param("count"))
		f.storeIfEqual(f.param("out"), out[0], "u32", never, "u32")
		f.warpRecord(zero64(m), zero64(m), zero64(m), zero64(m))
		f.finish()
		return
	}
	ticks := f.def("ticks", "OpUConvert %s %s", m.typ("u64"), f.param("count"))
	c0, g0 := f.clock(false), f.clock(true)
	f.spinUntil(g0, ticks)
	c1, g1 := f.clock(false), f.clock(true)
	f.warpRecord(c0, c1, g0, g1)
	f.finish()
}

// zero64 is the u64 constant 0: the timer fields of kernels that read no
// clock.
func zero64(m *module) string { return m.konst("u64", 0) }

// clockOnly says whether kernels of a kind can only be timed in-kernel:
// their times come from many subgroups or one pass of several, which a
// dispatch's timestamps cannot tell apart (see timestamps.go).
func clockOnly(k kernel.Kind) bool {
	switch k {
	case kernel.Chase, kernel.StreamLoop, kernel.Barrier, kernel.AtomicChain, kernel.LaunchStamp, kernel.BranchLoop, kernel.FenceLoop, kernel.BankLoads, kernel.CoopMatLatency, kernel.CoopMatThroughput:
		return true
	}
	return false
}
