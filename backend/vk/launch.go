package vk

// spinUntil loops until the device timer has advanced ticks (a u64) past
// g0.
func (f *fn) spinUntil(g0, ticks string) {
	m := f.m
	header, cont, merge := f.id("spin"), f.id("again"), f.id("done")
	f.emit("OpBranch %s", header)
	f.block(header)
	f.emit("OpLoopMerge %s %s None", merge, cont)
	f.emit("OpBranch %s", cont)
	f.block(cont)
	g := f.clock(true)
	dt := f.def("dt", "OpISub %s %s %s", m.typ("u64"), g, g0)
	again := f.def("more", "OpULessThan %s %s %s", m.typ("bool"), dt, ticks)
	f.emit("OpBranchConditional %s %s %s", again, header, merge)
	f.block(merge)
}

// launchStampKernel is cudagpu.LaunchStampKernel in SPIR-V: the first
// invocation of the dispatch stores the device timer at its start and,
// after spinning spin ticks, at its end, at out + 16*index. Push
// constants: out (u64), index (u32), spin (u32, device-timer ticks).
func launchStampKernel(m *module, name string) {
	f := m.newFn(name, []string{"out", "index", "spin"}, []bool{true, false, false})
	u64 := m.typ("u64")
	g0 := f.clock(true)
	first := f.def("first", "OpIEqual %s %s %s", m.typ("bool"), f.builtin("LocalInvocationIndex", "u32"), m.konst("u32", 0))
	f.ifThen(first, func() {
		f.spinUntil(g0, f.def("ticks", "OpUConvert %s %s", u64, f.param("spin")))
		g1 := f.clock(true)
		off := f.def("off", "OpUConvert %s %s", u64, f.param("index"))
		off = f.def("off", "OpIMul %s %s %s", u64, off, m.konst("u64", 16))
		base := f.def("at", "OpIAdd %s %s %s", u64, f.param("out"), off)
		f.store(base, g0, "u64")
		f.store(f.addr(base, 8), g1, "u64")
	})
	f.finish()
}
