package warp

import (
	"regexp"
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/backend/cudagpu"
	"github.com/gpuarch/gpuarch/ptx"
)

var leftover = regexp.MustCompile(`\{[a-z][0-9]?\}`)

func TestCatalogEntries(t *testing.T) {
	seen := map[string]bool{}
	groups := map[string]int{}
	for _, s := range Catalog() {
		t.Run(s.Subject, func(t *testing.T) {
			if seen[s.Subject] {
				t.Fatalf("duplicate entry %q", s.Subject)
			}
			seen[s.Subject] = true
			groups[s.Group]++
			if s.Suite != Suite || s.Group == "" || len(s.Expect) == 0 {
				t.Errorf("suite %q group %q expect %v", s.Suite, s.Group, s.Expect)
			}
			if err := s.Step.Validate(); err != nil {
				t.Fatal(err)
			}
			// Every synchronizing step names the whole warp.
			if strings.Contains(s.Step.Template, ".sync") && !strings.Contains(s.Step.Template, ".sync.aligned") && !strings.Contains(s.Step.Template, full) {
				t.Errorf("template %q has no full member mask", s.Step.Template)
			}
			// Uniform results must be made lane-dependent again, and
			// the note must say how.
			uniform := strings.Contains(s.Step.Template, "redux") || strings.Contains(s.Step.Template, "vote") ||
				strings.Contains(s.Step.Template, "bfly.b32 {t}, {d}")
			if uniform && s.Note == "" {
				t.Error("a step with a warp-uniform result has no note")
			}
			for _, k := range []*ptx.Kernel{cudagpu.LatencyKernel("lat", s.Step, 8), cudagpu.ThroughputKernel("tp", s.Step, 2, 4)} {
				src := (&ptx.Module{Version: "9.0", Target: "sm_90", Kernels: []*ptx.Kernel{k}}).String()
				if m := leftover.FindString(src); m != "" {
					t.Errorf("placeholder %s left in the PTX", m)
				}
			}
		})
	}
	for _, g := range []string{"shuffle", "quad", "vote", "reduce", "match", "warp reduction", "quad reduction", "warp scan", "matrix fragment"} {
		if groups[g] == 0 {
			t.Errorf("no %s entries", g)
		}
	}
}

func TestButterflyAndScan(t *testing.T) {
	b := butterfly("add.s32", 16, 8, 4, 2, 1)
	if n := strings.Count(b, "shfl.sync.bfly"); n != 5 {
		t.Errorf("butterfly has %d shuffles, want 5", n)
	}
	s := scan("add.s32")
	if n := strings.Count(s, "@{p} add.s32"); n != 5 {
		t.Errorf("scan has %d predicated adds, want 5", n)
	}
}
