package infer

import "math"

// pairExcess is how far above the pipelines' time a pair's mix must be
// before its excess counts as a cost the pair shares.
const pairExcess = 1.03

// PairCost is what two classes cost each other beyond their pipelines: a
// mix holding both takes at least A cycles per instruction of the first
// and B per instruction of the second (per SM), fitted from the pair's
// mixes that took longer than the pipelines allow.
type PairCost struct {
	A, B  string
	CostA float64
	CostB float64
	// Mixes is how many mixes the costs were fitted from: with one, the
	// costs are the two classes' solo times scaled alike.
	Mixes int
}

// fitPairCosts fits a PairCost to every pair with mixes the pipelines
// underestimate: by least squares on the relative error when two or more
// ratios were measured (costs kept non-negative), or by scaling both solo
// times alike from one mix.
func (l *Layout) fitPairCosts(mixes []Mix) []PairCost {
	type obs struct {
		na, nb, t float64
	}
	by := map[[2]string][]obs{}
	var order [][2]string
	for _, m := range mixes {
		if len(m.Counts) != 2 {
			continue
		}
		base, err := l.pipelineCycles(m.Counts)
		if err != nil || m.Cycles() <= pairExcess*base {
			continue
		}
		var key [2]string
		i := 0
		for c := range m.Counts {
			key[i] = c
			i++
		}
		if key[0] > key[1] {
			key[0], key[1] = key[1], key[0]
		}
		if _, ok := by[key]; !ok {
			order = append(order, key)
		}
		by[key] = append(by[key], obs{float64(m.Counts[key[0]]), float64(m.Counts[key[1]]), m.Cycles()})
	}
	var out []PairCost
	for _, key := range order {
		os := by[key]
		ra, rb := l.rate[key[0]], l.rate[key[1]]
		pc := PairCost{A: key[0], B: key[1], Mixes: len(os)}
		distinct := false
		for _, o := range os[1:] {
			distinct = distinct || o.na*os[0].nb != o.nb*os[0].na
		}
		if distinct {
			// Minimize sum((na·α + nb·β)/t - 1)^2 over α, β >= 0.
			var saa, sab, sbb, sa, sb float64
			for _, o := range os {
				a, b := o.na/o.t, o.nb/o.t
				saa, sab, sbb, sa, sb = saa+a*a, sab+a*b, sbb+b*b, sa+a, sb+b
			}
			det := saa*sbb - sab*sab
			alpha, beta := (sa*sbb-sb*sab)/det, (sb*saa-sa*sab)/det
			switch {
			case det == 0 || alpha < 0 && beta < 0:
				distinct = false
			case alpha < 0:
				alpha, beta = 0, sb/sbb
			case beta < 0:
				alpha, beta = sa/saa, 0
			}
			pc.CostA, pc.CostB = alpha, beta
		}
		if !distinct {
			// One ratio: both solo times scaled by the largest excess.
			s := 0.0
			for _, o := range os {
				s = math.Max(s, o.t/(o.na/ra+o.nb/rb))
			}
			pc.CostA, pc.CostB = s/ra, s/rb
		}
		out = append(out, pc)
	}
	return out
}

// pairCycles is the largest pair cost of the pairs in a mix.
func (l *Layout) pairCycles(counts map[string]int) float64 {
	t := 0.0
	for _, pc := range l.PairCosts {
		na, oka := counts[pc.A]
		nb, okb := counts[pc.B]
		if oka && okb {
			t = math.Max(t, float64(na)*pc.CostA+float64(nb)*pc.CostB)
		}
	}
	return t
}
