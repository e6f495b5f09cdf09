package mma

import (
	"regexp"
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/probe"
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
			k := probe.MMAKernel("k", m, 2, 4)
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
		k := probe.FragmentKernel("k", f, 2, 4)
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
