package infer

// Memory hierarchy levels from a footprint sweep.
//
// A pointer chase over a growing footprint gives a latency curve that
// climbs a staircase: flat plateaus (L1, L2, perhaps a near and a far L2
// partition, DRAM, DRAM with TLB misses) joined by knees where the
// footprint outgrows a level. Levels finds the plateaus and places each
// knee; LevelsFalling does the same for bandwidth curves, which step down.
//
// The analysis works on y = ln(value) against x = log2(bytes), so that
// steps are relative and knees are placed in log footprint:
//
//  1. Cleaning: a single point more than minStep outside the range of its
//     two neighbours (at an end, twice that outside its neighbour and
//     their trend) is replaced (one point cannot be a level), then a
//     running median of 3 removes smaller outliers.
//  2. Tolerance: the noise σ is estimated from second differences (which a
//     straight ramp does not inflate); a plateau's points must lie within
//     max(3%, 2σ) of its median, capped at half of minStep so that a step
//     always breaks a plateau.
//  3. Runs: starting from single points, the two adjacent runs with the
//     closest medians are joined, as long as every point of the joined run
//     stays within the tolerance of its median. Runs of two or more points
//     are plateau candidates; the rest are knee points.
//  4. Ramp rejection: a candidate is dropped (its points become knee
//     points) unless it is flatter than two thirds of the slope of the
//     transition it lies on (from the previous candidate's last point to
//     the next one's first), its own slope counted with two standard
//     errors of noise. A steady or slowly bending ramp breaks into short
//     runs as steep as the ramp; a real plateau, even a short shoulder
//     such as a far L2 partition between two knees, is much flatter than
//     its knees.
//  5. Merging: adjacent candidates whose medians differ by less than
//     minStep become one (with the knee points between them). Steps 4 and
//     5 repeat, one change at a time, until nothing changes. Each plateau
//     is then trimmed of end points beyond the tolerance of its median
//     that are not in a flat run of 3 or more (knee tails).
//  6. Knees: each capacity is where the curve crosses the geometric mean
//     of the two plateau values (the midpoint in y), at the split between
//     consecutive points that leaves the fewest points on the wrong side
//     (robust to noise), interpolated in log2(bytes). The same split at
//     25% and 75% of the step measures how far the knee spreads.
//
// Points before the first plateau or after the last that differ from it
// by minStep or more mean the curve is still changing at that end: they
// are reported as an unresolved level.
//
// Limits: a plateau needs two points within the tolerance, so a level
// narrower than about two sample spacings (a far L2 partition one octave
// wide, between knees of about an octave each, sampled at fewer than 4
// points per octave) can be missed; and an outlier right beside a knee,
// where it happens to lie near the knee's own next value, can make a
// two-point level, which is then reported unresolved.

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/gpuarch/gpuarch/stats"
)

// Point is one footprint's measurement.
type Point struct {
	// Bytes is the footprint in bytes.
	Bytes float64
	// Value is the measurement: cycles per load for a latency curve, bytes
	// per clock for a bandwidth curve.
	Value float64
}

// Level is a plateau found in a curve.
type Level struct {
	// Value is the median of the plateau's measured values, in the curve's
	// unit (cycles for latency, bytes per clock for bandwidth). For a
	// level at either end of a curve that is still changing there, it is
	// the value at the end footprint (cleaned of outliers): a bound on the
	// plateau that was not reached.
	Value float64
	// From and To are the smallest and largest footprints in the plateau,
	// in bytes.
	From, To float64
	// Capacity is the footprint, in bytes, at which the curve leaves this
	// plateau: where it crosses the geometric mean of this plateau's value
	// and the next one's, interpolated in log(bytes) and kept between To
	// and the next level's From. Where the level on one side is a curve
	// still changing at an end of the sweep, whose plateau value is
	// unknown, it is where the curve is half the smallest step (a factor
	// sqrt(1+minStep)) away from the plateau on the other side: where it
	// leaves this plateau, or reaches the next. 0 for the last level.
	Capacity float64
	// Points is how many measurements the plateau holds (from From to To,
	// including points of a sub-threshold step merged into it).
	Points int
	// Resolved is false when the data cannot pin the level down: fewer
	// than 3 points, a knee to the next level whose 25%–75% rise spans
	// more than a factor of 2 in footprint (for a logistic knee, a 10%–90%
	// rise over more than a factor of 4), a plateau that drifts by more
	// than half of minStep (between the medians of its first and last
	// thirds), a curve still changing at that end, or no plateau at all.
	Resolved bool
	// Note says why a level is unresolved, and remarks on a capacity
	// estimated from a plateau's onset rather than a midpoint.
	Note string
}

// Tuning of the analysis (see the comment at the top of this file).
const (
	levelsMinPoints   = 4       // fewest points analysed at all
	resolvedMinPoints = 3       // fewest points in a resolved plateau
	minTolerance      = 0.03    // smallest tolerance, relative
	noiseTolerance    = 2.0     // tolerance in estimated noise σ
	rampRatio         = 2.0 / 3 // a plateau is less steep than this fraction of its transition
	slopeErrors       = 2.0     // standard errors of noise added to a plateau's slope
	maxKneeOctaves    = 1.0     // widest 25%–75% rise of a resolved knee, in octaves
)

// Levels finds the plateaus of a curve that rises with footprint
// (latency), ordered by footprint. minStep is the smallest relative rise
// between consecutive plateaus that counts as a new level (0.15 = 15%).
// The curve needs at least 4 points with distinct, positive, finite
// footprints and positive, finite values; the time taken grows with the
// square of their number (sweeps hold tens to hundreds).
func Levels(points []Point, minStep float64) ([]Level, error) {
	return levels(points, minStep, 1)
}

// LevelsFalling finds the plateaus of a curve that falls with footprint
// (bandwidth): the analysis of Levels on the reciprocal values (clocks
// per byte), which rise. Values are reported in the input unit; the
// capacities are the same as Levels would give on the reciprocals, since
// the geometric mean of two values is the reciprocal of the geometric
// mean of their reciprocals.
func LevelsFalling(points []Point, minStep float64) ([]Level, error) {
	return levels(points, minStep, -1)
}

// curve is a sorted, transformed curve under analysis.
type curve struct {
	b    []float64 // bytes
	x    []float64 // log2(bytes)
	y    []float64 // sign * ln(value)
	s    []float64 // y cleaned of spikes and smoothed by a running median of 3
	v    []float64 // the measured values
	sign float64   // +1 for rising curves, -1 for falling ones
	tol  float64   // tolerance of a plateau, in y
	sd   float64   // estimated standard deviation of the noise on y
	step float64   // ln(1+minStep)
	// long marks the points of runs of resolvedMinPoints or more: flat
	// stretches that trimming keeps.
	long []bool
}

// span is a contiguous range of points, first to last inclusive.
type span struct {
	first, last int
	med         float64 // median of s over the span
}

func levels(points []Point, minStep float64, sign float64) ([]Level, error) {
	if math.IsNaN(minStep) || math.IsInf(minStep, 0) || minStep <= 0 {
		return nil, fmt.Errorf("levels: minStep %v is not a positive number", minStep)
	}
	if len(points) < levelsMinPoints {
		return nil, fmt.Errorf("levels: need at least %d points, have %d", levelsMinPoints, len(points))
	}
	for i, p := range points {
		if !(p.Bytes > 0) || math.IsInf(p.Bytes, 0) {
			return nil, fmt.Errorf("levels: point %d: footprint %v bytes is not a positive finite number", i, p.Bytes)
		}
		if !(p.Value > 0) || math.IsInf(p.Value, 0) {
			return nil, fmt.Errorf("levels: point %d (%v bytes): value %v is not a positive finite number", i, p.Bytes, p.Value)
		}
	}
	sorted := slices.Clone(points)
	slices.SortStableFunc(sorted, func(a, b Point) int { return cmp.Compare(a.Bytes, b.Bytes) })
	for i := 1; i < len(sorted); i++ {
		if math.Log2(sorted[i].Bytes) == math.Log2(sorted[i-1].Bytes) {
			return nil, fmt.Errorf("levels: footprint %v bytes appears more than once; combine repeats (e.g. their median) first", sorted[i].Bytes)
		}
	}
	c := newCurve(sorted, minStep, sign)
	return c.levels(), nil
}

func newCurve(pts []Point, minStep, sign float64) *curve {
	n := len(pts)
	c := &curve{
		b:    make([]float64, n),
		x:    make([]float64, n),
		y:    make([]float64, n),
		v:    make([]float64, n),
		sign: sign,
		step: math.Log1p(minStep),
	}
	for i, p := range pts {
		c.b[i] = p.Bytes
		c.x[i] = math.Log2(p.Bytes)
		c.y[i] = sign * math.Log(p.Value)
		c.v[i] = p.Value
	}
	c.s = smooth3(despike(c.x, c.y, c.step))
	c.sd = noise(c.y)
	c.tol = math.Min(math.Max(math.Log1p(minTolerance), noiseTolerance*c.sd), c.step/2)
	return c
}

// despike replaces each single point that sticks out: an interior point
// lying more than step outside the range of its two neighbours (the
// previous one as cleaned) by their interpolation, and an end point lying
// more than twice step outside the range of its neighbour and the line
// through its two neighbours (judged by one side only, it must stick out
// further) by its neighbour. Such a point cannot be a level (that takes
// two points); left in place beside a knee, the running median would copy
// its neighbour and fake a two-point plateau there.
func despike(x, y []float64, step float64) []float64 {
	n := len(y)
	out := slices.Clone(y)
	outside := func(v, a, b, by float64) bool { return v > math.Max(a, b)+by || v < math.Min(a, b)-by }
	// extrapolate continues the line through points i and j to point k.
	extrapolate := func(i, j, k int) float64 { return out[i] + (out[i]-out[j])*(x[k]-x[i])/(x[i]-x[j]) }
	for i := 1; i < n-1; i++ {
		// out[i-1] is already cleaned: a spike does not make its
		// successor look like one.
		if outside(y[i], out[i-1], y[i+1], step) {
			f := (x[i] - x[i-1]) / (x[i+1] - x[i-1])
			out[i] = out[i-1] + f*(y[i+1]-out[i-1])
		}
	}
	// The ends last, against cleaned neighbours.
	if n >= 3 && outside(y[0], out[1], extrapolate(1, 2, 0), 2*step) {
		out[0] = out[1]
	}
	if n >= 3 && outside(y[n-1], out[n-2], extrapolate(n-2, n-3, n-1), 2*step) {
		out[n-1] = out[n-2]
	}
	return out
}

// smooth3 is a running median of 3; the end points, which have one
// neighbour, are kept (despike has dealt with outliers there).
func smooth3(y []float64) []float64 {
	s := slices.Clone(y)
	for i := 1; i < len(y)-1; i++ {
		s[i] = median3(y[i-1], y[i], y[i+1])
	}
	return s
}

func median3(a, b, c float64) float64 {
	return math.Max(math.Min(a, b), math.Min(math.Max(a, b), c))
}

// noise estimates the standard deviation of the noise on y from its second
// differences: for independent noise of deviation σ each has deviation
// σ√6, and a straight stretch of curve adds nothing to them. The median
// absolute second difference is 0.6745·σ√6 for Gaussian noise.
func noise(y []float64) float64 {
	if len(y) < 3 {
		return 0
	}
	d := make([]float64, 0, len(y)-2)
	for i := 1; i < len(y)-1; i++ {
		d = append(d, math.Abs(y[i+1]-2*y[i]+y[i-1]))
	}
	return stats.Median(d) / (0.6745 * math.Sqrt(6))
}

// median returns the median of s over [first, last].
func (c *curve) median(first, last int) float64 { return stats.Median(c.s[first : last+1]) }

// runs splits the smoothed curve into runs of points that agree: starting
// from single points, it joins the two adjacent runs whose medians are
// closest, as long as every point of the joined run lies within the
// tolerance of its median, until no two can be joined. Joining closest
// values first makes the split independent of the order the curve is read
// in: a point between two plateaus goes with the one it is closer to.
func (c *curve) runs() []span {
	n := len(c.s)
	out := make([]span, n)
	for i := range out {
		out[i] = span{first: i, last: i, med: c.s[i]}
	}
	// join[i] is the run out[i] and out[i+1] would make, if allowed.
	join := make([]*span, n-1)
	try := func(i int) {
		a, b := out[i], out[i+1]
		m := span{first: a.first, last: b.last, med: c.median(a.first, b.last)}
		for _, v := range c.s[m.first : m.last+1] {
			if math.Abs(v-m.med) > c.tol {
				join[i] = nil
				return
			}
		}
		join[i] = &m
	}
	for i := range join {
		try(i)
	}
	for {
		best, cost := -1, math.Inf(1)
		for i, j := range join {
			if j != nil {
				if d := math.Abs(out[i+1].med - out[i].med); d < cost {
					best, cost = i, d
				}
			}
		}
		if best < 0 {
			return out
		}
		out[best] = *join[best]
		out = slices.Delete(out, best+1, best+2)
		join = slices.Delete(join, best, best+1)
		if best > 0 {
			try(best - 1)
		}
		if best < len(join) {
			try(best)
		}
	}
}

// slope is the least-squares slope of s against x over a span, in y per
// octave (0 for a single point).
func (c *curve) slope(first, last int) float64 {
	if last <= first {
		return 0
	}
	l, err := stats.Fit(c.x[first:last+1], c.s[first:last+1])
	if err != nil {
		return 0
	}
	return l.Slope
}

// steepness is the slope of s over a span along direction dir (y per
// octave), plus slopeErrors standard errors of it from the estimated
// noise: how steep the span may be, so that two points of a noisy ramp
// that happen to agree do not pass for a plateau.
func (c *curve) steepness(first, last int, dir float64) float64 {
	if last <= first {
		return 0
	}
	xs := c.x[first : last+1]
	var mx, sxx float64
	for _, x := range xs {
		mx += x
	}
	mx /= float64(len(xs))
	for _, x := range xs {
		sxx += (x - mx) * (x - mx)
	}
	return dir*c.slope(first, last) + slopeErrors*c.sd/math.Sqrt(sxx)
}

// rampScore is how steep candidate i is relative to the transition it
// lies on: its own steepness along the transition's direction over the
// slope from the previous candidate's last point to the next one's first.
// Where the curve is still changing beyond the first or last candidate
// (its end point differs from the candidate by minStep or more), that end
// point stands for the missing neighbour; otherwise the knee on the one
// side is the transition. NaN when the candidate lies on no transition: it
// has no neighbour, is a peak or a dip between its neighbours, or differs
// from each by less than minStep (merging deals with that).
func (c *curve) rampScore(cands []span, i int) float64 {
	n := len(c.s)
	r := cands[i]
	prev, next := span{first: -1}, span{first: -1}
	switch {
	case i > 0:
		prev = cands[i-1]
	case math.Abs(c.s[0]-r.med) >= c.step:
		prev = span{first: 0, last: 0, med: c.s[0]}
	}
	switch {
	case i < len(cands)-1:
		next = cands[i+1]
	case math.Abs(c.s[n-1]-r.med) >= c.step:
		next = span{first: n - 1, last: n - 1, med: c.s[n-1]}
	}
	lo, hi := r.last, r.first
	var dir, diff float64
	if prev.first >= 0 {
		lo = prev.last
		d := r.med - prev.med
		dir, diff = math.Copysign(1, d), math.Abs(d)
	}
	if next.first >= 0 {
		hi = next.first
		d := next.med - r.med
		if dir != 0 && dir*d <= 0 {
			return math.NaN()
		}
		dir, diff = math.Copysign(1, d), math.Max(diff, math.Abs(d))
	}
	if dir == 0 || diff < c.step || lo == hi {
		return math.NaN()
	}
	around := dir * (c.s[hi] - c.s[lo]) / (c.x[hi] - c.x[lo])
	if around <= 0 {
		return math.Inf(1)
	}
	return c.steepness(r.first, r.last, dir) / around
}

// plateaus finds the plateau spans: runs of two or more points, with ramp
// pieces dropped and sub-threshold steps merged.
func (c *curve) plateaus() []span {
	var cands []span
	c.long = make([]bool, len(c.s))
	for _, r := range c.runs() {
		if r.last > r.first {
			cands = append(cands, r)
		}
		for i := r.first; i <= r.last; i++ {
			c.long[i] = r.last-r.first+1 >= resolvedMinPoints
		}
	}
	for {
		worst, score := -1, rampRatio
		for i := range cands {
			if sc := c.rampScore(cands, i); sc >= score {
				worst, score = i, sc
			}
		}
		if worst >= 0 {
			cands = slices.Delete(cands, worst, worst+1)
			continue
		}
		closest, diff := -1, c.step
		for i := 0; i+1 < len(cands); i++ {
			if d := math.Abs(cands[i+1].med - cands[i].med); d < diff {
				closest, diff = i, d
			}
		}
		if closest < 0 {
			return cands
		}
		m := span{first: cands[closest].first, last: cands[closest+1].last}
		m.med = c.median(m.first, m.last)
		cands = slices.Replace(cands, closest, closest+2, m)
	}
}

// trim drops from either end of a plateau the points farther than the
// tolerance from its median that are not part of a flat stretch (a run of
// resolvedMinPoints or more): the tails of knees that merging took in, not
// the flat parts of a step smaller than minStep. It keeps at least one
// point, and updates the median.
func (c *curve) trim(p span) span {
	t := p
	for t.first < t.last && !c.long[t.first] && math.Abs(c.s[t.first]-p.med) > c.tol {
		t.first++
	}
	for t.last > t.first && !c.long[t.last] && math.Abs(c.s[t.last]-p.med) > c.tol {
		t.last--
	}
	t.med = c.median(t.first, t.last)
	return t
}

// cross returns the position (log2 bytes) where the curve crosses level t
// between points lo and hi: the split between consecutive points that
// leaves the fewest points on the wrong side of t (below it after the
// split or above it before, for a curve that rises in y; the reverse for
// dir < 0), interpolated linearly between the two points where they
// straddle t. Among equally good splits, the middle one is taken.
func (c *curve) cross(t, dir float64, lo, hi int) float64 {
	if hi <= lo {
		return c.x[lo]
	}
	above := func(i int) bool { return dir*(c.s[i]-t) >= 0 }
	below := 0 // points below t in [lo, hi]
	for i := lo; i <= hi; i++ {
		if !above(i) {
			below++
		}
	}
	best, aboveBefore, belowBefore := math.MaxInt, 0, 0
	var ks []int
	for k := lo; k < hi; k++ {
		if above(k) {
			aboveBefore++
		} else {
			belowBefore++
		}
		switch e := aboveBefore + below - belowBefore; {
		case e < best:
			best, ks = e, []int{k}
		case e == best:
			ks = append(ks, k)
		}
	}
	k := ks[(len(ks)-1)/2]
	a, b := c.s[k], c.s[k+1]
	if !above(k) && above(k+1) && a != b {
		return c.x[k] + (t-a)/(b-a)*(c.x[k+1]-c.x[k])
	}
	return (c.x[k] + c.x[k+1]) / 2
}

func (c *curve) levels() []Level {
	n := len(c.x)
	bytes := func(i int) float64 { return c.b[i] }
	value := func(i int) float64 { return math.Exp(c.sign * c.s[i]) }
	word := func(dir float64) string {
		if dir*c.sign > 0 {
			return "rising"
		}
		return "falling"
	}
	ps := c.plateaus()
	if len(ps) == 0 {
		l := Level{Value: stats.Median(c.v), From: bytes(0), To: bytes(n - 1), Points: n}
		if d := c.s[n-1] - c.s[0]; math.Abs(d) >= c.step {
			l.Note = fmt.Sprintf("no plateau: the curve is still %s across all footprints", word(d))
		} else {
			l.Note = fmt.Sprintf("no plateau: no two neighbouring points agree within %.1f%%", 100*math.Expm1(c.tol))
		}
		return []Level{l}
	}
	for i := range ps {
		ps[i] = c.trim(ps[i])
	}

	// Levels as spans, with flags for unresolved ends.
	type lv struct {
		span
		end float64 // nonzero: a curve still changing at an end, in this direction
	}
	var ls []lv
	if first := ps[0]; first.first > 0 && math.Abs(first.med-c.s[0]) >= c.step {
		// The head ends where the curve comes within half a step.
		to := first.first - 1
		for to > 0 && math.Abs(c.s[to]-first.med) < c.step/2 {
			to--
		}
		ls = append(ls, lv{span: span{first: 0, last: to, med: c.s[0]}, end: first.med - c.s[0]})
	}
	for _, p := range ps {
		ls = append(ls, lv{span: p})
	}
	last := ps[len(ps)-1]
	tailRise := c.s[n-1] - last.med
	if last.last < n-1 && math.Abs(tailRise) >= c.step {
		// The tail starts where the curve has moved half a step away.
		from := last.last + 1
		for from < n-1 && math.Abs(c.s[from]-last.med) < c.step/2 {
			from++
		}
		ls = append(ls, lv{span: span{first: from, last: n - 1, med: c.s[n-1]}, end: tailRise})
	}

	out := make([]Level, len(ls))
	for i, l := range ls {
		lev := Level{From: bytes(l.first), To: bytes(l.last), Points: l.last - l.first + 1}
		var notes, remarks []string
		switch {
		case l.end != 0 && i == 0:
			lev.Value = value(l.first)
			notes = append(notes, "still "+word(l.end)+" at the smallest footprint")
		case l.end != 0:
			lev.Value = value(l.last)
			notes = append(notes, "still "+word(l.end)+" at the largest footprint")
		default:
			lev.Value = stats.Median(c.v[l.first : l.last+1])
			if lev.Points < resolvedMinPoints {
				notes = append(notes, fmt.Sprintf("only %d points", lev.Points))
			}
			if l.last > l.first {
				// Drift: the median of the plateau's last third less that of its first.
				k := max(1, lev.Points/3)
				drift := c.median(l.last-k+1, l.last) - c.median(l.first, l.first+k-1)
				if math.Abs(drift) > c.step/2 {
					notes = append(notes, fmt.Sprintf("not flat: changes by %+.0f%% across the plateau", 100*math.Expm1(c.sign*drift)))
				}
			}
		}
		if i+1 < len(ls) {
			next := ls[i+1]
			dir := 1.0
			if next.med < l.med {
				dir = -1
			}
			var x float64
			switch {
			case next.end != 0:
				// The next plateau is never reached: place the knee
				// where the curve leaves this one.
				x = c.cross(l.med+dir*c.step/2, dir, l.first, n-1)
				remarks = append(remarks, "capacity is where the curve leaves the plateau; the next level is not reached")
			case l.end != 0:
				// This plateau is not seen: place the knee where the
				// curve reaches the next one.
				x = c.cross(next.med-dir*c.step/2, dir, 0, next.last)
			default:
				lo, hi := l.first, next.last
				x = c.cross((l.med+next.med)/2, dir, lo, hi)
				x25 := c.cross(l.med+(next.med-l.med)/4, dir, lo, hi)
				x75 := c.cross(l.med+3*(next.med-l.med)/4, dir, lo, hi)
				if w := math.Abs(x75 - x25); w > maxKneeOctaves {
					notes = append(notes, fmt.Sprintf("knee to the next level spread over a factor of %.1f in footprint (25%%–75%% of the step)", math.Exp2(w)))
				}
			}
			lev.Capacity = math.Min(math.Max(math.Exp2(x), lev.To), bytes(next.first))
		}
		lev.Resolved = len(notes) == 0
		lev.Note = strings.Join(append(notes, remarks...), "; ")
		out[i] = lev
	}
	return out
}

// Rising reports whether every level's value is above the one before: a
// staircase, as a memory hierarchy's latency curve is. A curve whose
// levels rise and fall (a CPU's, whose caches the chase's threads share
// with everything else) is not one, and names no cache by its steps.
func Rising(ls []Level) bool {
	for i := 1; i < len(ls); i++ {
		if ls[i].Value <= ls[i-1].Value {
			return false
		}
	}
	return len(ls) > 0
}
