package infer

import (
	"sort"
	"strconv"
	"strings"
)

// Superadditive is a mix measured slower than two measured mixes whose
// counts add up to its own. Every model that sums what instructions cost
// on resources (the pipelines, the issue limit, the fitted extras, the
// pairs' costs) is subadditive: a round of y+z takes at most a round of y
// and then one of z, T(y+z) ≤ T(y) + T(z). A mix that breaks this bound
// cannot be predicted by any such model, however its costs are fitted.
type Superadditive struct {
	Mix   Mix
	Parts [2]Mix
	// Bound is the parts' cycles per round together, T(y) + T(z); the
	// mix took Mix.Cycles().
	Bound float64
}

// countsKey is a canonical name of a mix's counts.
func countsKey(c map[string]int) string {
	keys := make([]string, 0, len(c))
	for k, n := range c {
		if n > 0 {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(k + ":" + strconv.Itoa(c[k]) + "+")
	}
	return b.String()
}

// FindSuperadditive returns the mixes that took more than 1+tolerance
// times the cycles of two known mixes adding up to them, with the parts
// that bound them tightest, in the order of mixes.
func FindSuperadditive(mixes, known []Mix, tolerance float64) []Superadditive {
	byKey := map[string]Mix{}
	for _, k := range known {
		if k.Rate <= 0 {
			continue
		}
		key := countsKey(k.Counts)
		if old, ok := byKey[key]; !ok || k.Cycles() < old.Cycles() {
			byKey[key] = k
		}
	}
	keys := make([]string, 0, len(byKey))
	for k := range byKey {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var out []Superadditive
	for _, m := range mixes {
		if m.Rate <= 0 {
			continue
		}
		best := Superadditive{Mix: m}
		for _, key := range keys {
			y := byKey[key]
			rest := map[string]int{}
			for c, n := range m.Counts {
				rest[c] = n
			}
			fits := true
			for c, n := range y.Counts {
				rest[c] -= n
				fits = fits && rest[c] >= 0
			}
			if !fits {
				continue
			}
			z, ok := byKey[countsKey(rest)]
			if !ok {
				continue
			}
			if b := y.Cycles() + z.Cycles(); best.Bound == 0 || b < best.Bound {
				best.Bound, best.Parts = b, [2]Mix{y, z}
			}
		}
		if best.Bound > 0 && m.Cycles() > (1+tolerance)*best.Bound {
			out = append(out, best)
		}
	}
	return out
}
