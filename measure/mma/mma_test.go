package mma

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/backend/cudagpu"
	"github.com/gpuarch/gpuarch/ptx"
	"github.com/gpuarch/gpuarch/record"
)

var leftover = regexp.MustCompile(`\{[a-z][0-9]?\}`)

func TestForms(t *testing.T) {
	seen := map[string]bool{}
	for _, m := range Forms() {
		t.Run(m.Name, func(t *testing.T) {
			if seen[m.Name] {
				t.Fatalf("%s twice", m.Name)
			}
			seen[m.Name] = true
			if len(m.Expect) == 0 || m.RegsD == 0 || m.FlopsPerInstr() != 2*m.M*m.N*m.K {
				t.Errorf("form %+v", m)
			}
			// The accumulator holds M×N values over the threads.
			per := m.M * m.N / m.ThreadsPerInstr()
			if m.Acc == ptx.B32 && strings.Contains(m.Instr, ".f16.f16.f16.f16") {
				per /= 2 // packed f16x2
			}
			if m.Acc == ptx.F64 && m.RegsD != per || m.Acc != ptx.F64 && m.RegsD != per {
				t.Errorf("%d accumulator registers, want %d", m.RegsD, per)
			}
			k := cudagpu.MMAKernel("k", m, 2, 4)
			src := (&ptx.Module{Version: "9.0", Target: "sm_90a", Kernels: []*ptx.Kernel{k}}).String()
			if n := strings.Count(src, m.Instr+" "); n != 8 {
				t.Errorf("kernel holds %d %s, want 8 (2 accumulators × 4)", n, m.Instr)
			}
			if m.Wgmma() != strings.Contains(src, "wgmma.commit_group") {
				t.Error("wgmma groups are not committed (or an mma.sync kernel commits)")
			}
			if leftover.MatchString(src) {
				t.Error("placeholder left")
			}
		})
	}
}

func TestFlops(t *testing.T) {
	for _, c := range []struct {
		name string
		want int
	}{{"mma m16n8k16 f32+=f16", 4096}, {"wgmma m64n256k16 f32+=f16 SS", 524288}, {"mma m8n8k4 f64+=f64", 512}} {
		for _, m := range Forms() {
			if m.Name == c.name && m.FlopsPerInstr() != c.want {
				t.Errorf("%s: %d FLOP per instruction, want %d", c.name, m.FlopsPerInstr(), c.want)
			}
		}
	}
}

func TestJobs(t *testing.T) {
	jobs := Jobs(record.Device{ComputeCapability: "9.0"})
	if len(jobs) != len(Forms())+len(Fragments()) {
		t.Errorf("%d jobs for %d forms and %d fragment moves", len(jobs), len(Forms()), len(Fragments()))
	}
	for _, f := range Fragments() {
		k := cudagpu.FragmentKernel("k", f, 2, 4)
		src := (&ptx.Module{Version: "9.0", Target: "sm_90", Kernels: []*ptx.Kernel{k}}).String()
		if n := strings.Count(src, f.Name()+" "); n != 8 {
			t.Errorf("%s: kernel holds %d, want 8 (2 chains × 4)", f.Name(), n)
		}
	}
	for _, m := range Forms() {
		for _, s := range Shapes(m) {
			if m.Wgmma() && s.WarpsPerSM%4 != 0 {
				t.Errorf("%s: %d warps is not whole warpgroups", m.Name, s.WarpsPerSM)
			}
			if m.RegsD*s.ILP > 160 {
				t.Errorf("%s: %d accumulator registers per thread", m.Name, m.RegsD*s.ILP)
			}
		}
	}
}

// The first mma.sync form of each type combination names its operation,
// and no two forms name the same one.
func TestFormOps(t *testing.T) {
	ops := map[string]string{}
	for _, m := range Forms() {
		if m.Op == "" {
			continue
		}
		if prev, ok := ops[m.Op]; ok {
			t.Errorf("%s and %s both perform %s", prev, m.Name, m.Op)
		}
		ops[m.Op] = m.Name
	}
	for op, name := range map[string]string{
		"mma.f32+=f16*f16": "mma m16n8k16 f32+=f16", "mma.f16+=f16*f16": "mma m16n8k16 f16+=f16",
		"mma.s32+=s8*s8": "mma m16n8k32 s32+=s8", "mma.f32+=bf16*bf16": "mma m16n8k16 f32+=bf16",
	} {
		if ops[op] != name {
			t.Errorf("%s is performed by %q, want %q", op, ops[op], name)
		}
	}
}

func TestCoopMatJobs(t *testing.T) {
	cm := func(m, n, k int, a, c string, sat bool, scope string) record.CooperativeMatrix {
		return record.CooperativeMatrix{M: m, N: n, K: k, A: a, B: a, C: c, Result: c, Saturating: sat, Scope: scope}
	}
	tests := []struct {
		name string
		list []record.CooperativeMatrix
		want []string // job keys, in order
	}{
		{"none listed", nil, []string{"mma/coopmat 16x16x16 f32+=f16*f16"}},
		{"H100-like", []record.CooperativeMatrix{
			cm(16, 16, 16, "f16", "f16", false, "subgroup"),
			cm(16, 16, 16, "f16", "f32", false, "subgroup"),
			cm(16, 8, 16, "f16", "f32", false, "subgroup"),
			cm(16, 8, 32, "s8", "s32", true, "subgroup"),
			cm(16, 8, 32, "s8", "s32", false, "subgroup"),
			cm(16, 16, 16, "f16", "f32", false, "subgroup"), // listed twice
			cm(64, 64, 16, "f16", "f32", false, "workgroup"),
		}, []string{
			"mma/coopmat 16x16x16 f16+=f16*f16", "mma/coopmat 16x16x16 f32+=f16*f16", "mma/coopmat 16x8x16 f32+=f16*f16",
			"mma/coopmat 16x8x32 s32+=s8*s8 sat", "mma/coopmat 16x8x32 s32+=s8*s8",
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dev := record.Device{Backend: "vulkan", ComputeCapability: "9.0", Vulkan: &record.VulkanDevice{CooperativeMatrix: tc.list}}
			jobs := Jobs(dev)
			var keys []string
			for _, j := range jobs {
				keys = append(keys, j.Key)
			}
			if strings.Join(keys, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("jobs\n%s\nwant\n%s", strings.Join(keys, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
	if n := len(CoopMatGrid()); n != 24 {
		t.Errorf("grid of %d shapes, want 2 × 3 × 4", n)
	}
	for _, s := range CoopMatGrid() {
		if s.Subgroups < 4 || s.ILP < 1 || s.GroupsPerSM < 1 || s.Subgroups*s.GroupsPerSM > 32 {
			t.Errorf("shape %+v", s)
		}
	}
}

func TestParseCoopMatGrid(t *testing.T) {
	tests := []struct {
		in      string
		n       int
		wantErr string
	}{
		{"", 24, ""},
		{"4/1/2", 1, ""},
		{"4,8/2/1,2,4,8", 8, ""},
		{"4,8/2", 0, "want subgroups/workgroups/accumulators"},
		{"4/0/1", 0, `"0" is not a number from 1 to 64`},
		{"4/x/1", 0, `"x" is not a number`},
	}
	for _, tc := range tests {
		got, err := ParseCoopMatGrid(tc.in)
		switch {
		case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
			t.Errorf("%q: err = %v, want %q", tc.in, err, tc.wantErr)
		case tc.wantErr == "" && (err != nil || len(got) != tc.n):
			t.Errorf("%q: %d shapes (%v), want %d", tc.in, len(got), err, tc.n)
		}
	}
	if got, _ := ParseCoopMatGrid("8/2/4"); got[0] != (CoopMatShape{Subgroups: 8, GroupsPerSM: 2, ILP: 4}) {
		t.Errorf("8/2/4 is %+v", got[0])
	}
}

// TestPowerForms checks that one form per input type samples power: the
// widest SS wgmma of each, f64's mma.sync, and the f16 mma.sync beside
// its warpgroup form.
func TestPowerForms(t *testing.T) {
	var got []string
	for _, m := range Forms() {
		if m.Power {
			got = append(got, m.Name)
		}
	}
	want := []string{
		"mma m16n8k16 f32+=f16", "mma m8n8k4 f64+=f64",
		"wgmma m64n256k16 f32+=f16 SS", "wgmma m64n256k16 f32+=bf16 SS", "wgmma m64n256k8 f32+=tf32 SS",
		"wgmma m64n256k32 f32+=e4m3 SS", "wgmma m64n256k32 f32+=e5m2 SS", "wgmma m64n256k32 s32+=s8 SS",
	}
	if !slices.Equal(got, want) {
		t.Errorf("power forms = %q, want %q", got, want)
	}
}

func TestLongFormsOneTypePerUnit(t *testing.T) {
	var long, power []string
	for _, m := range Forms() {
		if m.Long {
			long = append(long, m.Name)
			if m.Power {
				power = append(power, m.Name)
			}
		}
	}
	want := []string{"mma m16n8k16 f32+=f16", "mma m8n8k4 f64+=f64", "mma.sp m16n8k32 f32+=f16 (2:4)", "wgmma m64n256k16 f32+=f16 SS"}
	if !slices.Equal(long, want) {
		t.Errorf("long forms %q; want %q", long, want)
	}
	if len(power) != 3 {
		t.Errorf("power forms of a default run %q; want mma.sync f16 and f64 and wgmma f16", power)
	}
}
