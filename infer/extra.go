package infer

import (
	"math"
	"sort"
	"sync"
)

// Extra holds resources every class may draw on that no pipeline names:
// register-file read ports, dispatch slots, an operand collector. The
// pipelines explain a mix by its busiest pipeline; when pairs' mixes take
// longer than that, resources the classes hold besides their pipelines are
// the bottleneck, and their costs per class are fitted from those mixes, as
// uops.info fits the port usage an instruction's own port cannot account
// for. A mix's time is then at least, for every resource, the sum over its
// classes of count × cost.
//
// How many resources the data supports is chosen by cross-validation on
// the pairs' mixes alone: each count from none up to maxExtra is fitted
// on four fifths of the mixes and scored on the fifth left out, and a
// resource is added only when it lowers that held-out error by a fifth.
type Extra struct {
	// Cost[k][class] is the cycles per warp instruction, per SM, that the
	// class holds resource k. A class's cost never exceeds its time alone
	// (1/rate).
	Cost []map[string]float64
	// Before and After are the root-mean-square relative errors of the
	// pairs' mixes predicted without and with the resources.
	Before, After float64
	// Validation[k] is the cross-validated error with k resources.
	Validation []float64
	// Explained names the mixes the resources' load bounds, the most
	// affected first.
	Explained []string
}

// cycles is the largest resource load of a mix, in cycles per round.
func (e *Extra) cycles(counts map[string]int) float64 {
	t := 0.0
	for _, cost := range e.Cost {
		s := 0.0
		for c, n := range counts {
			s += float64(n) * cost[c]
		}
		t = math.Max(t, s)
	}
	return t
}

// Limits of the fit: the most resources tried, the error the pipelines
// must leave before any is (measurement noise alone, a percent or two,
// stays below it), and the share of the held-out error each added resource
// must remove.
const (
	maxExtra    = 3
	extraNeeded = 0.03
	extraGain   = 0.8
	folds       = 5
)

// sample is one mix prepared for fitting.
type sample struct {
	id         string
	base, meas float64
	class      []int // indices into the fit's classes
	n          []float64
}

// fitExtra chooses and fits the extra resources from the pairs' mixes; nil
// when the pipelines explain the mixes or no resource explains them
// better.
func (l *Layout) fitExtra(mixes []Mix) *Extra {
	index := map[string]int{}
	var names []string
	for _, m := range mixes {
		for c := range m.Counts {
			if _, ok := index[c]; !ok {
				index[c] = -1
				names = append(names, c)
			}
		}
	}
	sort.Strings(names)
	bound := make([]float64, len(names))
	for i, c := range names {
		index[c] = i
		bound[i] = 1 / l.rate[c]
	}
	var all []sample
	for _, m := range mixes {
		base, err := l.pipelineCycles(m.Counts)
		if err != nil {
			continue
		}
		s := sample{id: m.ID, base: base, meas: m.Cycles()}
		for c, n := range m.Counts {
			s.class = append(s.class, index[c])
			s.n = append(s.n, float64(n))
		}
		all = append(all, s)
	}
	if len(all) == 0 {
		return nil
	}
	before := rmsError(all, nil)
	if before <= extraNeeded {
		return nil
	}
	// Cross-validate each resource count. The fits of every count and
	// fold are independent, so they run at once (each a goroutine); their
	// errors are summed in order, so the result is the same as one by one.
	counts := 0
	if len(all) >= 2*folds {
		counts = maxExtra
	}
	foldErr := make([][folds]float64, counts)
	var wg sync.WaitGroup
	for k := 1; k <= counts; k++ {
		for f := range folds {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var train, test []sample
				for i, s := range all {
					if i%folds == f {
						test = append(test, s)
					} else {
						train = append(train, s)
					}
				}
				e := rmsError(test, fitCosts(train, bound, k))
				foldErr[k-1][f] = e * e * float64(len(test))
			}()
		}
	}
	wg.Wait()
	validation := []float64{before}
	chosen := 0
	for k := 1; k <= counts; k++ {
		sum := 0.0
		for _, e := range foldErr[k-1] {
			sum += e
		}
		v := math.Sqrt(sum / float64(len(all)))
		validation = append(validation, v)
		if v <= extraGain*validation[chosen] {
			chosen = k
		}
	}
	if chosen == 0 {
		return nil
	}
	cost := fitCosts(all, bound, chosen)
	e := &Extra{Before: before, After: rmsError(all, cost), Validation: validation}
	for _, row := range cost {
		m := map[string]float64{}
		for i, c := range names {
			m[c] = row[i]
		}
		e.Cost = append(e.Cost, m)
	}
	type hit struct {
		id    string
		ratio float64
	}
	var hits []hit
	for _, s := range all {
		if t := load(s, cost); t > 1.02*s.base {
			hits = append(hits, hit{s.id, t / s.base})
		}
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].ratio > hits[j].ratio })
	for _, h := range hits {
		e.Explained = append(e.Explained, h.id)
	}
	return e
}

// load is the largest resource load of a sample.
func load(s sample, cost [][]float64) float64 {
	t := 0.0
	for _, row := range cost {
		x := 0.0
		for j, c := range s.class {
			x += s.n[j] * row[c]
		}
		t = math.Max(t, x)
	}
	return t
}

// rmsError is the root-mean-square relative error of the samples' cycles
// predicted by the pipelines and the resources.
func rmsError(ss []sample, cost [][]float64) float64 {
	sum := 0.0
	for _, s := range ss {
		e := (math.Max(s.base, load(s, cost)) - s.meas) / s.meas
		sum += e * e
	}
	return math.Sqrt(sum / float64(len(ss)))
}

// fitCosts fits k resources' costs to the samples (the starts descend at
// once, each a goroutine), minimizing the squared
// relative error of the predicted cycles by coordinate descent: each cost
// in turn set to the best of a grid over its allowed range, then refined
// around it, until a sweep no longer helps. The loss is not convex (a mix's
// time is a maximum), so the descent starts from several points and keeps
// the best end: each resource's costs start at a fraction of the classes'
// bounds, the fractions spread so that resources start apart.
func fitCosts(ss []sample, bound []float64, k int) [][]float64 {
	starts := []float64{1, 0.75, 0.5, 0.25}
	costs := make([][][]float64, len(starts))
	losses := make([]float64, len(starts))
	var wg sync.WaitGroup
	for i, f := range starts {
		cost := make([][]float64, k)
		for r := range cost {
			cost[r] = make([]float64, len(bound))
			for c := range bound {
				// Resource r starts at fraction f for the classes
				// whose index falls in its share, lower elsewhere.
				g := f
				if k > 1 && c%k != r {
					g = f / 4
				}
				cost[r][c] = g * bound[c]
			}
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			costs[i], losses[i] = cost, descend(ss, bound, cost)
		}()
	}
	wg.Wait()
	// The first start that reaches the least loss, as in order.
	var best [][]float64
	bestLoss := math.Inf(1)
	for i, v := range losses {
		if v < bestLoss {
			best, bestLoss = costs[i], v
		}
	}
	return best
}

// descend runs the coordinate descent from cost, in place, and returns the
// final loss (the sum of squared relative errors).
func descend(ss []sample, bound []float64, cost [][]float64) float64 {
	k := len(cost)
	// loads[i][r] is sample i's load on resource r; uses[c] the samples
	// class c appears in, with its count.
	loads := make([][]float64, len(ss))
	type use struct {
		i int
		n float64
	}
	uses := make([][]use, len(bound))
	sq := func(i int, l []float64) float64 {
		t := ss[i].base
		for _, v := range l {
			t = math.Max(t, v)
		}
		e := (t - ss[i].meas) / ss[i].meas
		return e * e
	}
	total := 0.0
	for i, s := range ss {
		loads[i] = make([]float64, k)
		for j, c := range s.class {
			uses[c] = append(uses[c], use{i, s.n[j]})
			for r := range k {
				loads[i][r] += s.n[j] * cost[r][c]
			}
		}
		total += sq(i, loads[i])
	}
	const grid = 100
	// For the cost being varied, each sample using it keeps the largest
	// of its other loads (and its pipelines' time) and its current
	// squared error, so that a trial value costs one maximum per sample.
	others := make([]float64, len(ss))
	cur := make([]float64, len(ss))
	prepare := func(r, c int) {
		for _, u := range uses[c] {
			t := ss[u.i].base
			for q, v := range loads[u.i] {
				if q != r {
					t = math.Max(t, v)
				}
			}
			others[u.i], cur[u.i] = t, sq(u.i, loads[u.i])
		}
	}
	// delta is the change of the loss when cost[r][c] becomes v.
	delta := func(r, c int, v float64) float64 {
		d := 0.0
		for _, u := range uses[c] {
			t := math.Max(others[u.i], loads[u.i][r]+u.n*(v-cost[r][c]))
			e := (t - ss[u.i].meas) / ss[u.i].meas
			d += e*e - cur[u.i]
		}
		return d
	}
	for sweep := 0; sweep < 100; sweep++ {
		start := total
		for r := range k {
			for c := range bound {
				lo, hi := 0.0, bound[c]
				for round := 0; round < 3; round++ {
					prepare(r, c)
					bestV, bestD := cost[r][c], 0.0
					for g := 0; g <= grid; g++ {
						v := lo + (hi-lo)*float64(g)/grid
						if d := delta(r, c, v); d < bestD-1e-15 {
							bestV, bestD = v, d
						}
					}
					for _, u := range uses[c] {
						loads[u.i][r] += u.n * (bestV - cost[r][c])
					}
					cost[r][c] = bestV
					total += bestD
					step := (hi - lo) / grid
					lo, hi = math.Max(0, bestV-step), math.Min(bound[c], bestV+step)
				}
			}
		}
		if start-total <= 1e-9*start {
			break
		}
	}
	return total
}
