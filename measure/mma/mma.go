// Package mma is the matrix-unit suite: every tensor-core instruction
// form the GPU supports — warp-level mma.sync (f16, bf16, tf32, f64, s8,
// u8, s4, e4m3, e5m2) and its 2:4-sparse mma.sp, and on sm_90 the
// warpgroup wgmma.mma_async with operands from shared memory (SS) or A
// from registers (RS) — measured for latency, throughput across warps and
// accumulators per warp, and share of the documented dense peak, on
// random data and on zeros, with the clock and power seen meanwhile.
//
// Through Vulkan the suite measures every cooperative matrix
// (VK_KHR_cooperative_matrix) the driver lists at subgroup scope instead:
// latency by dependent chains, throughput over a grid of subgroups per
// workgroup, workgroups per SM and accumulators per subgroup (see
// CoopMatJobs). Each type combination's throughput record carries the
// neutral operation ("mma.f32+=f16*f16") the CUDA record of the same
// math carries, so compare sets the two APIs' per-SM rates side by side.
package mma

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/gpuarch/gpuarch/archdb"
	"github.com/gpuarch/gpuarch/backend/cudagpu"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/ptx"
	"github.com/gpuarch/gpuarch/record"
)

// syncForm builds an mma.sync form: "mma m<M>n<N>k<K> <acc>+=<in>".
func syncForm(m, n, k int, acc, in string, regsA, regsB, regsD int, frag, accType ptx.Type, elem string, expect ...string) cudagpu.MMA {
	return cudagpu.MMA{
		Name: fmt.Sprintf("mma m%dn%dk%d %s+=%s", m, n, k, acc, in), Group: GroupMMASync,
		Instr: fmt.Sprintf("mma.sync.aligned.m%dn%dk%d.row.col.%s.%s.%s.%s", m, n, k, acc, in, in, acc),
		M:     m, N: n, K: k, RegsA: regsA, RegsB: regsB, RegsD: regsD, Frag: frag, Acc: accType, Elem: elem, Expect: expect,
	}
}

// sparseForm builds an mma.sp form with ordered metadata (2:4: elements 0 and
// 1 of every 4) and selector 0.
func sparseForm(m, n, k int, acc, in string, accType ptx.Type, elem string, expect ...string) cudagpu.MMA {
	return cudagpu.MMA{
		Name: fmt.Sprintf("mma.sp m%dn%dk%d %s+=%s (2:4)", m, n, k, acc, in), Group: GroupSparse,
		Instr: fmt.Sprintf("mma.sp::ordered_metadata.sync.aligned.m%dn%dk%d.row.col.%s.%s.%s.%s", m, n, k, acc, in, in, acc),
		M:     m, N: n, K: k, RegsA: 4, RegsB: 4, RegsD: 4, Frag: ptx.B32, Acc: accType, Elem: elem, Tail: ", 0x0", Expect: expect,
	}
}

// wgmmaForm builds a wgmma.mma_async form for a 64×n tile: SS (A and B from
// shared memory) or RS (A from registers). tail are the immediates after
// scale-d (scales and transposes, as the type allows).
func wgmmaForm(n, k int, acc, in string, rs bool, accType ptx.Type, elem, tailSS, tailRS string, expect ...string) cudagpu.MMA {
	src, regsA, tail := "SS", 0, tailSS
	if rs {
		src, regsA, tail = "RS", 4, tailRS
	}
	return cudagpu.MMA{
		Name: fmt.Sprintf("wgmma m64n%dk%d %s+=%s %s", n, k, acc, in, src), Group: GroupWGMMA,
		Instr: fmt.Sprintf("wgmma.mma_async.sync.aligned.m64n%dk%d.%s.%s.%s", n, k, acc, in, in),
		M:     64, N: n, K: k, RegsA: regsA, RegsD: n / 2, Frag: ptx.B32, Acc: accType, Elem: elem, Tail: tail, Expect: expect,
		Target: "sm_90a",
	}
}

// Forms returns the instruction forms measured, in report order.
func Forms() []cudagpu.MMA {
	b32, f32, f64, s32 := ptx.B32, ptx.F32, ptx.F64, ptx.S32
	out := []cudagpu.MMA{
		syncForm(16, 8, 16, "f32", "f16", 4, 2, 4, b32, f32, "f16", "HMMA"),
		syncForm(16, 8, 16, "f16", "f16", 4, 2, 2, b32, b32, "f16", "HMMA"),
		syncForm(16, 8, 8, "f32", "f16", 2, 1, 4, b32, f32, "f16", "HMMA"),
		syncForm(16, 8, 16, "f32", "bf16", 4, 2, 4, b32, f32, "bf16", "HMMA"),
		syncForm(16, 8, 8, "f32", "tf32", 4, 2, 4, b32, f32, "tf32", "HMMA"),
		syncForm(16, 8, 4, "f32", "tf32", 2, 1, 4, b32, f32, "tf32", "HMMA"),
		syncForm(8, 8, 4, "f64", "f64", 1, 1, 2, f64, f64, "f64", "DMMA"),
		syncForm(16, 8, 16, "f64", "f64", 8, 4, 4, f64, f64, "f64", "DMMA"),
		syncForm(16, 8, 32, "s32", "s8", 4, 2, 4, b32, s32, "s8", "IMMA"),
		syncForm(16, 8, 32, "s32", "u8", 4, 2, 4, b32, s32, "u8", "IMMA"),
		syncForm(16, 8, 64, "s32", "s4", 4, 2, 4, b32, s32, "s4", "IMMA"),
		syncForm(16, 8, 32, "f32", "e4m3", 4, 2, 4, b32, f32, "e4m3", "QMMA", "HMMA"),
		syncForm(16, 8, 32, "f32", "e5m2", 4, 2, 4, b32, f32, "e5m2", "QMMA", "HMMA"),
		sparseForm(16, 8, 32, "f32", "f16", f32, "f16", "HMMA"),
		sparseForm(16, 8, 64, "s32", "s8", s32, "s8", "IMMA"),
	}
	// The first mma.sync form of each type combination names its
	// operation, for pairing with other backends.
	seen := map[string]bool{}
	for i := range out {
		m := &out[i]
		if m.Group != GroupMMASync {
			continue
		}
		acc := strings.Fields(m.Name)[2] // "f32+=f16"
		res, in, _ := strings.Cut(acc, "+=")
		if op := kernel.MatrixOp(res, in, in); !seen[op] {
			seen[op], m.Op = true, op
		}
	}
	// SS and RS at every N from 8 to 256 for each input type (RS takes no
	// transpose for A).
	for _, t := range []struct {
		acc, in        string
		k              int
		accType        ptx.Type
		tailSS, tailRS string
		expect         string
	}{
		{"f32", "f16", 16, f32, ", 1, 1, 0, 0", ", 1, 1, 0", "HGMMA"},
		{"f32", "bf16", 16, f32, ", 1, 1, 0, 0", ", 1, 1, 0", "HGMMA"},
		{"f32", "tf32", 8, f32, ", 1, 1", ", 1, 1", "HGMMA"},
		{"f32", "e4m3", 32, f32, ", 1, 1", ", 1, 1", "QGMMA"},
		{"f32", "e5m2", 32, f32, ", 1, 1", ", 1, 1", "QGMMA"},
		{"s32", "s8", 32, s32, "", "", "IGMMA"},
	} {
		for _, n := range []int{8, 16, 32, 64, 128, 256} {
			out = append(out,
				wgmmaForm(n, t.k, t.acc, t.in, false, t.accType, t.in, t.tailSS, "", t.expect),
				wgmmaForm(n, t.k, t.acc, t.in, true, t.accType, t.in, "", t.tailRS, t.expect))
		}
	}
	markPower(out)
	markLong(out)
	return out
}

// markLong picks the forms whose long runs a default run makes: one type
// per matrix unit, the first f16 form of each instruction group (mma.sync,
// mma.sp, and for wgmma the widest SS form) and f64's first mma.sync form
// (the FP64 tensor datapath, DMMA). The power forms among them sample
// power. The rest take their rates from a run as long as the sweep's
// (run --mma-long makes every form's long runs).
func markLong(forms []cudagpu.MMA) {
	seen := map[string]bool{}
	for i := range forms {
		m := &forms[i]
		if m.Wgmma() && !(m.N == 256 && strings.HasSuffix(m.Name, " SS")) || m.Elem != "f16" && m.Elem != "f64" {
			continue
		}
		if unit := m.Group + " " + m.Elem; !seen[unit] && (m.Elem == "f16" || m.Group == GroupMMASync) {
			seen[unit], m.Long = true, true
		}
	}
}

// markPower picks the forms whose long runs sample the board's power:
// for each input type the widest SS wgmma (the peak form), and for f64,
// which has no wgmma, mma.sync m8n8k4; the f16 mma.sync m16n8k16 too, to
// set the warp-level instruction's energy beside the warpgroup's.
func markPower(forms []cudagpu.MMA) {
	for i := range forms {
		m := &forms[i]
		switch {
		case m.Group == GroupWGMMA && m.N == 256 && strings.HasSuffix(m.Name, " SS"):
			m.Power = true
		case m.Group == GroupMMASync && (m.Name == "mma m8n8k4 f64+=f64" || m.Name == "mma m16n8k16 f32+=f16"):
			m.Power = true
		}
	}
}

// Shapes are the throughput configurations tried for a form: 4 to 16
// warps per SM with 1 to 4 accumulators each for mma.sync; one or two
// warpgroups per SM for wgmma, with two accumulators where they fit the
// registers (N up to 64).
func Shapes(m cudagpu.MMA) []Shape {
	if m.Wgmma() {
		s := []Shape{{WarpsPerSM: 4, ILP: 1}, {WarpsPerSM: 8, ILP: 1}}
		if m.N <= 64 {
			s = append(s, Shape{WarpsPerSM: 4, ILP: 2}, Shape{WarpsPerSM: 8, ILP: 2})
		}
		return s
	}
	var s []Shape
	for _, w := range []int{4, 8, 16} {
		for _, ilp := range []int{1, 2, 4} {
			s = append(s, Shape{WarpsPerSM: w, ILP: ilp})
		}
	}
	return s
}

// Jobs returns the suite's jobs for dev, each form with the documented
// dense peak for its input type where archdb has one: the PTX forms and
// fragment moves on the CUDA backend, the cooperative matrices
// (CoopMatJobs) on the Vulkan one.
func Jobs(dev record.Device) []engine.Planned {
	if dev.BackendOf() == "vulkan" {
		return CoopMatJobs(dev, CoopMatGrid())
	}
	var out []engine.Planned
	for _, m := range Forms() {
		peak, source := Peak(dev, m)
		out = append(out, engine.Planned{Key: Key(m.Name), Job: FormJob(Suite, m, Shapes(m), peak, source)})
	}
	for _, f := range Fragments() {
		out = append(out, engine.Planned{Key: Key(f.Name()), Job: FragmentJob(Suite, f)})
	}
	return out
}

// Peak is the documented dense peak of form m on dev (operations per clock
// per SM; 0 where archdb has none) and its source.
func Peak(dev record.Device, m cudagpu.MMA) (float64, string) {
	peak, _ := archdb.TensorPeak(dev.ComputeCapability, m.Elem)
	source := archdb.TensorSource
	if m.Group == GroupSparse {
		// 2:4 sparsity doubles the documented dense-equivalent rate.
		peak *= 2
		source += "; sparse: twice the dense rate, as the whitepaper's sparse figures are"
	}
	return peak, source
}

// Fragments are the fragment moves measured: ldmatrix of 1, 2 and 4
// matrices (and 4 transposed) and stmatrix of 1, 2 and 4.
func Fragments() []cudagpu.Fragment {
	return []cudagpu.Fragment{
		{Count: 1}, {Count: 2}, {Count: 4}, {Count: 4, Trans: true},
		{Store: true, Count: 1}, {Store: true, Count: 2}, {Store: true, Count: 4},
	}
}

// CoopMatShapes is every combination of subgroups per workgroup,
// workgroups per SM and accumulators per subgroup.
func CoopMatShapes(subgroups, groupsPerSM, ilps []int) []CoopMatShape {
	var out []CoopMatShape
	for _, s := range subgroups {
		for _, g := range groupsPerSM {
			for _, i := range ilps {
				out = append(out, CoopMatShape{Subgroups: s, GroupsPerSM: g, ILP: i})
			}
		}
	}
	return out
}

// CoopMatGrid is the throughput grid a run tries: 4 or 8 subgroups per
// workgroup, 1, 2 or 4 workgroups per SM (4 to 32 subgroups per SM), and
// 1 to 8 independent accumulators per subgroup, enough for the tensor
// cores of an H100 to be fed as mma.sync's best shapes feed them.
func CoopMatGrid() []CoopMatShape {
	return CoopMatShapes([]int{4, 8}, []int{1, 2, 4}, []int{1, 2, 4, 8})
}

// ParseCoopMatGrid reads a throughput grid written as subgroups per
// workgroup/workgroups per SM/accumulators per subgroup, each a
// comma-separated list of positive numbers ("4,8/1,2,4/2,4,8"); "" is
// CoopMatGrid.
func ParseCoopMatGrid(s string) ([]CoopMatShape, error) {
	if s == "" {
		return CoopMatGrid(), nil
	}
	parts := strings.Split(s, "/")
	if len(parts) != 3 {
		return nil, fmt.Errorf("cooperative-matrix grid %q: want subgroups/workgroups/accumulators, such as 4,8/1,2,4/1,2,4,8", s)
	}
	var lists [3][]int
	for i, p := range parts {
		for _, f := range strings.Split(p, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n < 1 || n > 64 {
				return nil, fmt.Errorf("cooperative-matrix grid %q: %q is not a number from 1 to 64", s, f)
			}
			lists[i] = append(lists[i], n)
		}
	}
	return CoopMatShapes(lists[0], lists[1], lists[2]), nil
}

// CoopMatDefault is the form measured, to be reported skipped, on a
// device that lists no cooperative matrices: f16 inputs accumulated in
// f32, 16×16×16, which every driver with the extension offers.
var CoopMatDefault = kernel.CoopMat{M: 16, N: 16, K: 16, A: "f16", B: "f16", C: "f32", Result: "f32"}

// CoopMatJobs returns a job per cooperative-matrix combination the
// device's driver lists at subgroup scope (record.VulkanDevice), in the
// driver's order, measured over shapes, with the documented dense peak of
// its A type where archdb has one. The first combination of each
// type triple (not saturating) names the operation its throughput record
// pairs by. A device that lists none gets CoopMatDefault's job, whose
// records say why it is skipped.
func CoopMatJobs(dev record.Device, shapes []CoopMatShape) []engine.Planned {
	var forms []kernel.CoopMat
	if v := dev.Vulkan; v != nil {
		for _, p := range v.CooperativeMatrix {
			if p.Scope != "subgroup" {
				continue
			}
			cm := kernel.CoopMat{M: p.M, N: p.N, K: p.K, A: p.A, B: p.B, C: p.C, Result: p.Result, Saturating: p.Saturating}
			if !slices.Contains(forms, cm) {
				forms = append(forms, cm)
			}
		}
	}
	if len(forms) == 0 {
		forms = []kernel.CoopMat{CoopMatDefault}
	}
	seen := map[string]bool{}
	var out []engine.Planned
	for _, cm := range forms {
		op := ""
		if o := cm.Op(); !cm.Saturating && cm.A == cm.B && cm.C == cm.Result && !seen[o] {
			seen[o], op = true, o
		}
		peak, _ := archdb.TensorPeak(dev.ComputeCapability, cm.A)
		out = append(out, engine.Planned{Key: Key(cm.Name()), Job: CoopMatJob(Suite, cm, op, shapes, peak, archdb.TensorSource)})
	}
	return out
}
