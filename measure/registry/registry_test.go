package registry

import (
	"slices"
	"testing"

	"github.com/gpuarch/gpuarch/backend/sim"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/measure/links"
	"github.com/gpuarch/gpuarch/record"
)

// planned runs fn on a session that records the keys of the jobs it
// plans (measuring none) and the host-link plans it asks for.
func planned(t *testing.T, isa string, fn func(*Session) error) (keys []string, hostPlans int) {
	t.Helper()
	s := &Session{
		Device: sim.New().Device(),
		ISA:    isa,
		Measure: func(p []engine.Planned, _ func(*record.Record)) error {
			for _, j := range p {
				keys = append(keys, j.Key)
			}
			return nil
		},
		HostLinks: func(links.Plan) { hostPlans++ },
	}
	if err := fn(s); err != nil {
		t.Fatal(err)
	}
	return keys, hostPlans
}

// TestRegistry checks the list itself: unique names, a full plan each,
// and the suites each kernel language runs.
func TestRegistry(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range All() {
		if seen[s.Name] || s.Full == nil || len(s.ISAs) == 0 {
			t.Errorf("suite %q: repeated, or without a full plan or a kernel language", s.Name)
		}
		seen[s.Name] = true
	}
	for _, tt := range []struct {
		isa  string
		want []string
	}{
		{kernel.ISAPTX, []string{"alu", "pipes", "memory", "warp", "dispatch", "mma", "async", "links"}},
		{kernel.ISASPIRV, []string{"alu", "pipes", "memory", "warp", "dispatch", "mma"}},
	} {
		if got := For(tt.isa); !slices.Equal(got, tt.want) {
			t.Errorf("For(%s) = %v, want %v", tt.isa, got, tt.want)
		}
	}
	if _, err := Lookup("nosuch"); err == nil {
		t.Error("Lookup of an unknown suite gave no error")
	}
}

// TestQuickKeysInFullRun checks that every job the quick check plans is
// one the full run plans, under the same key, so its records set
// themselves beside a full run's.
func TestQuickKeysInFullRun(t *testing.T) {
	for _, isa := range []string{kernel.ISAPTX, kernel.ISASPIRV} {
		t.Run(isa, func(t *testing.T) {
			full := map[string]bool{}
			for _, name := range For(isa) {
				s, err := Lookup(name)
				if err != nil {
					t.Fatal(err)
				}
				keys, _ := planned(t, isa, s.Full)
				for _, k := range keys {
					full[k] = true
				}
			}
			quick, hosts := planned(t, isa, Quick)
			want := 4 // FFMA, the chase and two bandwidths
			if isa == kernel.ISAPTX {
				want++ // the tensor-core form
			}
			if len(quick) != want || hosts != 1 {
				t.Fatalf("the quick check plans %d jobs and %d host measurements, want %d and 1", len(quick), hosts, want)
			}
			for _, k := range quick {
				if !full[k] {
					t.Errorf("the quick check plans %q, which the full run does not", k)
				}
			}
		})
	}
}
