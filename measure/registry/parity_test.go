package registry

import (
	"testing"

	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/measure/alu"
	"github.com/gpuarch/gpuarch/measure/warp"
)

// TestCatalogParity checks that the instruction catalogs of the two kernel
// languages are kept in step: every entry with an Op has a twin of that
// Op in the other language's catalog (the pairing compare and the site
// set side by side), and every entry without one states why (Alone).
func TestCatalogParity(t *testing.T) {
	catalogs := []struct {
		name  string
		of    func(string) []engine.ChainSpec
		alone func(string, engine.ChainSpec) string
	}{
		{"alu", alu.CatalogFor, alu.Alone},
		{"warp", warp.CatalogFor, warp.Alone},
	}
	other := map[string]string{kernel.ISAPTX: kernel.ISASPIRV, kernel.ISASPIRV: kernel.ISAPTX}
	for _, c := range catalogs {
		for isa, twin := range other {
			ops := map[string]bool{}
			for _, s := range c.of(twin) {
				ops[s.Op] = true
			}
			for _, s := range c.of(isa) {
				switch {
				case s.Op != "" && !ops[s.Op]:
					t.Errorf("%s %s: %s has Op %q, which no %s entry has", c.name, isa, s.Subject, s.Op, twin)
				case s.Op == "" && c.alone(isa, s) == "":
					t.Errorf("%s %s: %s (group %s) has no %s twin and no reason why: give it an Op shared with its twin, or state why in %s's Alone", c.name, isa, s.Subject, s.Group, twin, c.name)
				}
			}
		}
	}
}

// TestAloneReasonsUsed checks that every stated reason still explains an
// entry: a group of PTX entries without a SPIR-V twin, a SPIR-V entry
// without a PTX one.
func TestAloneReasonsUsed(t *testing.T) {
	for _, c := range []struct {
		name    string
		of      func(string) []engine.ChainSpec
		reasons func() ([]string, []string)
	}{
		{"alu", alu.CatalogFor, alu.AloneReasons},
		{"warp", warp.CatalogFor, warp.AloneReasons},
	} {
		used := map[string]bool{}
		for _, s := range c.of(kernel.ISAPTX) {
			if s.Op == "" {
				used["ptx "+s.Group] = true
			}
		}
		for _, s := range c.of(kernel.ISASPIRV) {
			if s.Op == "" {
				used["spirv "+s.Subject] = true
			}
		}
		groups, subjects := c.reasons()
		for _, g := range groups {
			if !used["ptx "+g] {
				t.Errorf("%s states why group %q has no SPIR-V twin, but no PTX entry of it lacks one", c.name, g)
			}
		}
		for _, s := range subjects {
			if !used["spirv "+s] {
				t.Errorf("%s states why %q has no PTX twin, but no such SPIR-V entry lacks one", c.name, s)
			}
		}
	}
}
