package alu

import (
	"fmt"
	"sort"
	"strings"

	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/internal/editdist"
)

// Pick returns the entries of cat named in names, in catalog order;
// names cat lacks are left out.
func Pick(cat []engine.ChainSpec, names []string) []engine.ChainSpec {
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	var out []engine.ChainSpec
	for _, s := range cat {
		if want[s.Subject] {
			out = append(out, s)
		}
	}
	return out
}

// UnknownError reports instruction names the catalog does not hold, with
// the closest names it does.
type UnknownError struct {
	Name    string
	Closest []string
}

func (e *UnknownError) Error() string {
	if len(e.Closest) == 0 {
		return fmt.Sprintf("unknown instruction %q", e.Name)
	}
	return fmt.Sprintf("unknown instruction %q; closest known: %s", e.Name, strings.Join(e.Closest, ", "))
}

// Lookup returns the catalog entries with the given names, in the order
// given. The first unknown name is an *UnknownError.
func Lookup(names []string) ([]engine.ChainSpec, error) { return LookupIn(Catalog(), names) }

// LookupIn is Lookup in another catalog (the ALU and warp catalogs
// together, say).
func LookupIn(cat []engine.ChainSpec, names []string) ([]engine.ChainSpec, error) {
	by := make(map[string]engine.ChainSpec, len(cat))
	for _, s := range cat {
		by[s.Subject] = s
	}
	var out []engine.ChainSpec
	for _, n := range names {
		s, ok := by[n]
		if !ok {
			return nil, &UnknownError{Name: n, Closest: closest(n, cat, 5)}
		}
		out = append(out, s)
	}
	return out, nil
}

// closest returns up to n catalog names nearest to name by edit distance,
// names containing it first.
func closest(name string, cat []engine.ChainSpec, n int) []string {
	type cand struct {
		name string
		dist int
	}
	var cs []cand
	for _, s := range cat {
		d := editdist.Distance(name, s.Subject)
		if strings.Contains(s.Subject, name) || strings.Contains(name, s.Subject) {
			d = 0
		}
		cs = append(cs, cand{s.Subject, d})
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].dist < cs[j].dist })
	var out []string
	for _, c := range cs {
		if len(out) == n || c.dist > max(3, len(name)/2) {
			break
		}
		out = append(out, c.name)
	}
	return out
}
