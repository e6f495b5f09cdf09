package warp

import (
	"testing"

	"github.com/gpuarch/gpuarch/probe"
)

// TestAloneReasonsUsed checks that every stated reason still explains an
// entry: a group of PTX entries without a SPIR-V twin, a SPIR-V entry
// without a PTX one.
func TestAloneReasonsUsed(t *testing.T) {
	used := map[string]bool{}
	for _, s := range CatalogFor(probe.ISAPTX) {
		if s.Op == "" {
			used["ptx "+s.Group] = true
		}
	}
	for _, s := range CatalogFor(probe.ISASPIRV) {
		if s.Op == "" {
			used["spirv "+s.Subject] = true
		}
	}
	for g := range ptxAlone {
		if !used["ptx "+g] {
			t.Errorf("ptxAlone states why group %q has no SPIR-V twin, but no PTX entry of it lacks one", g)
		}
	}
	for s := range spirvAlone {
		if !used["spirv "+s] {
			t.Errorf("spirvAlone states why %q has no PTX twin, but no such SPIR-V entry lacks one", s)
		}
	}
}
