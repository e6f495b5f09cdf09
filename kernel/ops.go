package kernel

import "fmt"

// Branch is one control-flow pattern the branch probe times: each loop
// iteration runs a body of bodyOps dependent IMADs under it.
type Branch struct {
	// Mode: "none" (the body, no branch), "uniform" (the warp branches
	// around the body when (i & mask) != 0, mask a parameter: 0 never
	// skips, all ones skips all but iteration 0), "divergent" (Paths
	// paths, lane l taking path (l + i) mod Paths: the warp runs every
	// path in turn), "predicated" (two paths computed by every lane and
	// one selected).
	Mode  string
	Paths int
	// Mask is the uniform branch's mask (see Mode).
	Mask uint32
	Name string
}

// Fence is one fence the fence probe times: its name, its PTX, and its
// SPIR-V form, the scope of an OpMemoryBarrier with acquire-release
// semantics on storage-buffer memory ("Workgroup", "Device",
// "QueueFamily"). A fence with neither is the control: the store alone.
// Op names the fence whatever the language, to pair backends.
type Fence struct{ Name, PTX, Scope, Op string }

// CoopMat is one cooperative-matrix multiply-add form, as a Vulkan driver
// lists it (VK_KHR_cooperative_matrix): Result (M×N) = A (M×K) · B (K×N)
// + C, one subgroup's instruction. Types are named as record.CooperativeMatrix
// names them: "f16", "f32", "s8", "u32"...
type CoopMat struct {
	M, N, K         int
	A, B, C, Result string
	// Saturating: the driver lists the form with saturating
	// accumulation, and kernels ask for it.
	Saturating bool
}

// Name is how records name the form: "coopmat 16x16x16 f32+=f16*f16",
// with " sat" for saturating accumulation.
func (c CoopMat) Name() string {
	acc := c.Result
	if c.C != c.Result {
		acc = c.C + "->" + c.Result
	}
	s := fmt.Sprintf("coopmat %dx%dx%d %s+=%s*%s", c.M, c.N, c.K, acc, c.A, c.B)
	if c.Saturating {
		s += " sat"
	}
	return s
}

// FlopsPerInstr is the arithmetic of one multiply-add: 2·M·N·K.
func (c CoopMat) FlopsPerInstr() int { return 2 * c.M * c.N * c.K }

// Op is the backend-neutral operation the form performs, the one the
// CUDA backend's mma records of the same types carry: "mma.f32+=f16*f16".
// Shapes differ between APIs (mma.sync m16n8k16, coopmat 16×16×16), so
// the operation names the math and compare sets rates side by side.
func (c CoopMat) Op() string { return MatrixOp(c.Result, c.A, c.B) }

// MatrixOp names a matrix multiply-accumulate by its types: acc += a*b.
func MatrixOp(acc, a, b string) string { return fmt.Sprintf("mma.%s+=%s*%s", acc, a, b) }

// Atomic is one atomic operation the atomics probe chains: PTX space
// ("shared" or "global"), operation ("add", "min", "exch", "cas") and
// type ("u32", "s32", "f32", "b32", "u64"). Aggregated sums a warp's
// values with redux.sync and has one elected lane add the sum (the
// warp-aggregated atomic compilers emit for a uniform address).
type Atomic struct {
	Space, Op, Type string
	Aggregated      bool
}

// Name is the PTX instruction, e.g. "atom.global.add.u32".
func (a Atomic) Name() string { return fmt.Sprintf("atom.%s.%s.%s", a.Space, a.Op, a.Type) }
