package alu

import (
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/backend/cudagpu"
	"github.com/gpuarch/gpuarch/ptx"
)

func TestCatalogEntries(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range Catalog() {
		t.Run(s.Subject, func(t *testing.T) {
			if seen[s.Subject] {
				t.Fatalf("duplicate entry %q", s.Subject)
			}
			seen[s.Subject] = true
			if s.Suite != Suite || s.Group == "" {
				t.Errorf("suite %q group %q", s.Suite, s.Group)
			}
			if len(s.Expect) == 0 {
				t.Error("no expected SASS opcode")
			}
			for _, e := range s.Expect {
				if e != strings.ToUpper(e) {
					t.Errorf("expected opcode %q is not SASS-style upper case", e)
				}
			}
			if err := s.Step.Validate(); err != nil {
				t.Fatal(err)
			}
			// The instruction the entry is named for appears in its
			// template, unless a note explains the form measured.
			op := strings.SplitN(s.Subject, "+", 2)[0]
			op, _, _ = strings.Cut(op, " ") // "fma.rn.f32 [imm]" is fma.rn.f32
			if !strings.Contains(s.Step.Template, op) && s.Note == "" {
				t.Errorf("template %q does not use %s and no note says why", s.Step.Template, op)
			}
			checkPTX(t, cudagpu.LatencyKernel("lat", s.Step, 8))
			checkPTX(t, cudagpu.ThroughputKernel("tp", s.Step, 2, 4))
		})
	}
	if len(seen) < 20 {
		t.Errorf("the catalog has %d entries, the foundation needs about 20", len(seen))
	}
}

var leftover = regexp.MustCompile(`\{[a-z][0-9]?\}`)

// checkPTX checks what can be checked of generated PTX without a compiler:
// no placeholder left, every line of the body one statement, every register
// used declared.
func checkPTX(t *testing.T, k *ptx.Kernel) {
	t.Helper()
	src := (&ptx.Module{Version: "9.0", Target: "sm_90", Kernels: []*ptx.Kernel{k}}).String()
	if m := leftover.FindString(src); m != "" {
		t.Errorf("placeholder %s left in\n%s", m, src)
	}
	body := src[strings.Index(src, "{"):]
	for _, line := range strings.Split(body, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line == "{" || line == "}" || strings.HasSuffix(line, ":") || strings.HasPrefix(line, "//") {
			continue
		}
		if !strings.HasSuffix(line, ";") {
			t.Errorf("line %q is not a statement", line)
		}
	}
	declared := map[string]int{}
	for _, m := range regexp.MustCompile(`\.reg \.\w+ (%[a-z]+)<(\d+)>;`).FindAllStringSubmatch(src, -1) {
		n := 0
		for _, c := range m[2] {
			n = n*10 + int(c-'0')
		}
		declared[m[1]] = n
	}
	for _, m := range regexp.MustCompile(`(%(?:p|h|r|rd|f|fd))(\d+)\b`).FindAllStringSubmatch(body, -1) {
		n := 0
		for _, c := range m[2] {
			n = n*10 + int(c-'0')
		}
		if max, ok := declared[m[1]]; !ok || n >= max {
			t.Errorf("register %s%s is not declared", m[1], m[2])
		}
	}
}

func TestLookup(t *testing.T) {
	tests := []struct {
		name    string
		names   []string
		want    []string
		closest []string
	}{
		{"known", []string{"fma.rn.f32", "ex2.approx.f32"}, []string{"fma.rn.f32", "ex2.approx.f32"}, nil},
		{"typo", []string{"fma.rn.f3"}, nil, []string{"fma.rn.f32", "fma.rn.f64"}},
		{"prefix", []string{"ex2"}, nil, []string{"ex2.approx.f32", "ex2.approx.ftz.f32"}},
		{"nothing close", []string{"tensor.core.magic"}, nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Lookup(tc.names)
			if tc.want != nil {
				if err != nil {
					t.Fatal(err)
				}
				for i, s := range got {
					if s.Subject != tc.want[i] {
						t.Errorf("entry %d = %s, want %s", i, s.Subject, tc.want[i])
					}
				}
				return
			}
			var ue *UnknownError
			if !errors.As(err, &ue) {
				t.Fatalf("err = %v, want *UnknownError", err)
			}
			for _, c := range tc.closest {
				if !strings.Contains(strings.Join(ue.Closest, " "), c) {
					t.Errorf("closest %v lacks %s", ue.Closest, c)
				}
			}
			if tc.closest == nil && len(ue.Closest) != 0 {
				t.Errorf("closest %v for a name like nothing known", ue.Closest)
			}
		})
	}
}
