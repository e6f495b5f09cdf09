package cudagpu

import (
	"fmt"
	"strings"

	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/ptx"
)

// chain is one chain's registers inside a kernel: vals[0] is the latest
// value, vals[1] the one before, vals[2] the one before that.
type chain struct {
	vals []ptx.Reg
	p    ptx.Reg
	t, u ptx.Reg
	lane ptx.Reg
}

// emitStep writes step number i of s's chain c into k.
func emitStep(k *ptx.Kernel, s kernel.Step, c *chain, ops [4]ptx.Reg, i int) {
	n := len(c.vals)
	d := c.vals[n-1] // the oldest value is overwritten
	val := func(j int) string {
		if j < n {
			return c.vals[j].String()
		}
		return ""
	}
	r := strings.NewReplacer(
		"{x}", val(0), "{y}", val(1), "{z}", val(2), "{d}", d.String(),
		"{a}", ops[i%4].String(), "{b}", ops[(i+1)%4].String(),
		"{a0}", ops[0].String(), "{a1}", ops[1].String(), "{a2}", ops[2].String(), "{a3}", ops[3].String(),
		"{p}", c.p.String(), "{t}", c.t.String(), "{u}", c.u.String(), "{l}", c.lane.String(),
	)
	forms := strings.Split(s.Template, "||")
	for _, line := range strings.Split(strings.TrimSpace(forms[i%len(forms)]), "\n") {
		if line = strings.TrimSpace(line); line != "" {
			k.Raw(r.Replace(line))
		}
	}
	// Rotate: the written register becomes the latest value.
	copy(c.vals[1:], c.vals[:n-1])
	c.vals[0] = d
}

// chainParams are the kernel parameters every chain kernel takes, in order:
// out (u64), sink (u64), count (u32), then for each instruction x0, a0..a3
// and guard (see stepArgs).
type chainParams struct {
	out, sink, count, x0, guard ptx.Param
	a                           [4]ptx.Param
}

func declareParams(k *ptx.Kernel, s kernel.Step) chainParams {
	var p chainParams
	p.out = k.Param("out", ptx.U64)
	p.sink = k.Param("sink", ptx.U64)
	p.count = k.Param("count", ptx.U32)
	declareStepParams(k, s, "", &p)
	return p
}

// declareStepParams declares one instruction's x0, a0..a3 and guard.
func declareStepParams(k *ptx.Kernel, s kernel.Step, prefix string, p *chainParams) {
	p.x0 = k.Param(prefix+"x0", s.Type)
	for i := range p.a {
		p.a[i] = k.Param(fmt.Sprintf("%sa%d", prefix, i), s.OperandType())
	}
	p.guard = k.Param(prefix+"guard", s.Type)
}

// newChains allocates n chains. Chain j's registers start from x0 (and a0,
// a1 for the older values of multi-register chains) with their low bits
// XORed with j*32 + lane: independent chains hold different values, and no
// chain is warp-uniform, which would let ptxas move it to the uniform
// datapath instead of the SM's vector pipelines.
func newChains(k *ptx.Kernel, s kernel.Step, x0 ptx.Reg, ops [4]ptx.Reg, n int) []*chain {
	lane := k.Read(ptx.LaneID)
	starts := []ptx.Reg{x0, ops[0], ops[1]}
	cs := make([]*chain, n)
	for j := range cs {
		c := &chain{p: k.Reg(ptx.Pred), lane: lane}
		// Temporaries are zeroed: templates may read them before
		// writing them.
		if s.Temp != "" {
			c.t = k.Reg(s.Temp)
			k.Op(fmt.Sprintf("mov.b%d", s.Temp.Bits()), c.t, ptx.Int(0))
		}
		if s.Temp2 != "" {
			c.u = k.Reg(s.Temp2)
			k.Op(fmt.Sprintf("mov.b%d", s.Temp2.Bits()), c.u, ptx.Int(0))
		}
		for v := range s.Registers() {
			r := k.Reg(s.Type)
			varyBits(k, r, starts[v], lane, j)
			if s.LaneHigh && s.Type.Bits() == 64 {
				hi := k.Reg(ptx.U64)
				k.Op("cvt.u64.u32", hi, lane)
				k.Op("shl.b64", hi, hi, ptx.Int(32))
				k.Op("xor.b64", r, r, hi)
			}
			c.vals = append(c.vals, r)
		}
		cs[j] = c
	}
	return cs
}

// varyBits sets dst = src XOR (j*32 + lane) in the low bits, going through
// a bit register so float registers are handled too. j < 0 XORs lane alone.
func varyBits(k *ptx.Kernel, dst, src, lane ptx.Reg, j int) {
	bits := src.Type().Bits()
	b := ptx.Type(fmt.Sprintf("b%d", bits))
	v := lane
	if j >= 0 {
		v = k.Reg(ptx.U32)
		k.Op("or.b32", v, lane, ptx.Int(int64(j*32)))
	}
	switch bits {
	case 64:
		w := k.Reg(ptx.U64)
		k.Op("cvt.u64.u32", w, v)
		v = w
	case 16:
		w := k.Reg(ptx.U16)
		k.Op("cvt.u16.u32", w, v)
		v = w
	}
	tmp := k.Reg(b)
	k.Op("mov."+string(b), tmp, src)
	k.Op("xor."+string(b), tmp, tmp, v)
	k.Op("mov."+string(b), dst, tmp)
}

func loadOperands(k *ptx.Kernel, s kernel.Step, p chainParams) (x0, guard ptx.Reg, ops [4]ptx.Reg) {
	x0 = k.Load(p.x0)
	var zero ptx.Reg
	if s.RegOperands {
		zero = k.Read(ptx.DynamicSmemSize)
	}
	for i := range ops {
		ops[i] = k.Load(p.a[i])
		if s.RegOperands {
			r := k.Reg(ops[i].Type())
			varyBits(k, r, ops[i], zero, -1)
			ops[i] = r
		}
	}
	guard = k.Load(p.guard)
	return
}

// keepAlive stores every chain value to sink under a guard it never equals.
func keepAlive(k *ptx.Kernel, p chainParams, cs []*chain, guard ptx.Reg) {
	sink := k.Load(p.sink)
	for _, c := range cs {
		for _, v := range c.vals {
			k.StoreIfEqual(ptx.Addr{Base: sink}, v, guard)
		}
	}
}

// LatencyKernel builds the kernel that times one chain of the given length.
// The timed region runs count times (the host passes 2) so the last pass,
// whose time is stored, runs from a warm instruction cache. Thread 0 stores
// the cycles of the last pass as a u64 at out[0]. Length 0 is the control
// group: the same kernel without the instruction.
func LatencyKernel(name string, s kernel.Step, length int) *ptx.Kernel {
	k := ptx.NewKernel(name)
	p := declareParams(k, s)
	x0, guard, ops := loadOperands(k, s, p)
	cs := newChains(k, s, x0, ops, 1)
	count := k.Load(p.count)
	var c0, c1 ptx.Reg
	c0, c1 = k.Reg(ptx.U64), k.Reg(ptx.U64)
	k.Loop(count, func() {
		k.Op("mov.u64", c0, ptx.Clock64)
		for i := range length {
			emitStep(k, s, cs[0], ops, i)
		}
		k.Op("mov.u64", c1, ptx.Clock64)
	})
	tid := k.Read(ptx.TidX)
	first := k.Reg(ptx.Pred)
	k.Op("setp.eq.u32", first, tid, ptx.Int(0))
	k.If(first, func() {
		out := k.Load(p.out)
		dt := k.Reg(ptx.U64)
		k.Op("sub.u64", dt, c1, c0)
		k.Op("st.global.u64", ptx.Addr{Base: out}, dt)
	})
	keepAlive(k, p, cs, guard)
	return k
}

// ThroughputKernel builds the kernel that runs ilp independent chains, unroll
// steps each per loop iteration, for count iterations. Lane 0 of every warp
// writes a warp record at out + WarpRecordBytes*globalWarp. ilp == 0 builds
// the control kernel: the same loop with no instruction in it, whose
// counter is kept alive so the compiler cannot delete the empty loop.
func ThroughputKernel(name string, s kernel.Step, ilp, unroll int) *ptx.Kernel {
	return MixKernel(name, []kernel.Part{{Step: s, Count: ilp, ILP: ilp}}, unroll)
}

// MixKernel builds a throughput kernel whose loop body runs rounds rounds,
// each interleaving every part's Count steps, so the instructions compete
// for the SM as a program mixing them would. The first part's parameters
// are named as in ThroughputKernel; part i > 0's carry the prefix "pI_".
// Arguments: out, sink, count, then stepArgs of each part in order.
func MixKernel(name string, parts []kernel.Part, rounds int) *ptx.Kernel {
	k := ptx.NewKernel(name)
	var p chainParams
	p.out = k.Param("out", ptx.U64)
	p.sink = k.Param("sink", ptx.U64)
	p.count = k.Param("count", ptx.U32)
	type live struct {
		part   kernel.Part
		params chainParams
		guard  ptx.Reg
		ops    [4]ptx.Reg
		chains []*chain
		steps  int
	}
	ls := make([]*live, len(parts))
	for i, part := range parts {
		l := &live{part: part, params: p}
		prefix := ""
		if i > 0 {
			prefix = fmt.Sprintf("p%d_", i)
		}
		declareStepParams(k, part.Step, prefix, &l.params)
		ls[i] = l
	}
	for _, l := range ls {
		var x0 ptx.Reg
		x0, l.guard, l.ops = loadOperands(k, l.part.Step, l.params)
		l.chains = newChains(k, l.part.Step, x0, l.ops, l.part.ILP)
	}
	count := k.Load(p.count)
	k.Op("bar.sync", ptx.Int(0))
	c0, g0 := k.Read(ptx.Clock64), k.Read(ptx.GlobalTimer)
	i := k.Loop(count, func() {
		for range rounds {
			for _, l := range ls {
				for range l.part.Count {
					// Round-robin over the part's chains across
					// rounds, so a part with fewer steps per round
					// than chains still uses every chain.
					c := l.chains[l.steps%len(l.chains)]
					emitStep(k, l.part.Step, c, l.ops, l.steps/len(l.chains))
					l.steps++
				}
			}
		}
	})
	c1, g1 := k.Read(ptx.Clock64), k.Read(ptx.GlobalTimer)
	writeWarpRecord(k, p.out, c0, c1, g0, g1)
	empty := true
	for _, l := range ls {
		keepAlive(k, l.params, l.chains, l.guard)
		empty = empty && l.part.Count == 0
	}
	if empty {
		// The loop's only result is its counter: store it where a
		// guard that never matches says so.
		never := k.Reg(ptx.U32)
		k.Op("xor.b32", never, count, ptx.Int(-1))
		sink := k.Load(p.sink)
		k.StoreIfEqual(ptx.Addr{Base: sink}, i, never)
	}
	return k
}

// writeWarpRecord stores a warp record from lane 0.
func writeWarpRecord(k *ptx.Kernel, outParam ptx.Param, c0, c1, g0, g1 ptx.Reg) {
	tid, ntid, ctaid := k.Read(ptx.TidX), k.Read(ptx.NtidX), k.Read(ptx.CtaidX)
	smid, slot := k.Read(ptx.SMID), k.Read(ptx.WarpID)
	lane := k.Reg(ptx.U32)
	k.Op("and.b32", lane, tid, ptx.Int(31))
	first := k.Reg(ptx.Pred)
	k.Op("setp.eq.u32", first, lane, ptx.Int(0))
	k.If(first, func() {
		gtid := k.Reg(ptx.U32)
		k.Op("mad.lo.u32", gtid, ctaid, ntid, tid)
		warp := k.Reg(ptx.U32)
		k.Op("shr.u32", warp, gtid, ptx.Int(5))
		off := k.Reg(ptx.U64)
		k.Op("mul.wide.u32", off, warp, ptx.Int(engine.WarpRecordBytes))
		base := k.Load(outParam)
		addr := k.Reg(ptx.U64)
		k.Op("add.u64", addr, base, off)
		k.Op("st.global.u64", ptx.Addr{Base: addr}, c0)
		k.Op("st.global.u64", ptx.Addr{Base: addr, Offset: 8}, c1)
		k.Op("st.global.u64", ptx.Addr{Base: addr, Offset: 16}, g0)
		k.Op("st.global.u64", ptx.Addr{Base: addr, Offset: 24}, g1)
		k.Op("st.global.u32", ptx.Addr{Base: addr, Offset: 32}, smid)
		k.Op("st.global.u32", ptx.Addr{Base: addr, Offset: 36}, slot)
		k.Op("st.global.u32", ptx.Addr{Base: addr, Offset: 40}, ctaid)
		wib := k.Reg(ptx.U32)
		k.Op("shr.u32", wib, tid, ptx.Int(5))
		k.Op("st.global.u32", ptx.Addr{Base: addr, Offset: 44}, wib)
	})
}

// ClockKernel builds a kernel in which every warp spins on %globaltimer for
// count timer ticks (nanoseconds) and writes a warp record: %clock64
// cycles over %globaltimer nanoseconds is the SM clock. Parameters: out
// (u64), count (u32).
func ClockKernel(name string) *ptx.Kernel {
	k := ptx.NewKernel(name)
	out := k.Param("out", ptx.U64)
	ticks := k.Param("count", ptx.U32)
	n := k.Load(ticks)
	ns := k.Reg(ptx.U64)
	k.Op("cvt.u64.u32", ns, n)
	c0, g0 := k.Read(ptx.Clock64), k.Read(ptx.GlobalTimer)
	spinUntil(k, g0, ns, "bra.uni")
	c1, g1 := k.Read(ptx.Clock64), k.Read(ptx.GlobalTimer)
	writeWarpRecord(k, out, c0, c1, g0, g1)
	return k
}

// spinUntil emits a loop that re-reads %globaltimer until ns nanoseconds
// (a u64 register) have passed since start, branching back with branch
// ("bra" or "bra.uni"), and returns the register holding the last read.
func spinUntil(k *ptx.Kernel, start, ns ptx.Reg, branch string) ptx.Reg {
	g, dt := k.Reg(ptx.U64), k.Reg(ptx.U64)
	again := k.Reg(ptx.Pred)
	top := k.NewLabel("spin")
	k.Mark(top)
	k.Op("mov.u64", g, ptx.GlobalTimer)
	k.Op("sub.u64", dt, g, start)
	k.Op("setp.lt.u64", again, dt, ns)
	k.PredOp("@"+again.String(), branch, top)
	return g
}
