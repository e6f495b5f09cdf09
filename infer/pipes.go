// Package infer draws conclusions from measured records without touching a
// GPU: which instructions share an execution pipeline, each pipeline's
// rate, how many instructions it holds in flight (Little's law), and what a
// mix of instructions should achieve.
//
// The model, as uops.info infers CPU ports: an SM issues at most Issue warp
// instructions per clock (one per scheduler), and each instruction class c,
// run alone, completes Rate[c] warp instructions per clock per SM. A mix of
// counts n[c] then needs, per round, at least
//
//	T = max( sum(n) / Issue,  max over pipelines P of sum_{c in P} n[c] / Rate[c] )
//
// cycles. Two classes share a pipeline when the measured time of their mix
// is the sum of their separate times (beyond the issue bound), and are
// independent when it is the larger of the two. When both hypotheses give
// the same time (both classes issue-bound), the mix cannot decide, and the
// inference says so rather than guess.
package infer

import (
	"fmt"
	"math"
	"sort"
	"strings"
)

// Class is an instruction class measured alone.
type Class struct {
	Name string
	// Rate is warp instructions per clock per SM, run alone.
	Rate float64
}

// Mix is a measured mix: Counts per round by class name, and the measured
// rate in warp instructions (of all classes) per clock per SM.
type Mix struct {
	ID     string
	Counts map[string]int
	Rate   float64
}

// Cycles is the measured cycles per round of the mix (per SM, per warp
// that issues one round).
func (m Mix) Cycles() float64 { return float64(m.total()) / m.Rate }

func (m Mix) total() int {
	n := 0
	for _, c := range m.Counts {
		n += c
	}
	return n
}

// Verdict is what a pair's mixes say.
type Verdict string

// Verdicts.
const (
	Shared      Verdict = "shared"      // the pair's time adds up: one pipeline
	Independent Verdict = "independent" // the pair overlaps: separate pipelines
	Partial     Verdict = "partial"     // in between: a shared resource that is not the whole pipeline
	Undecidable Verdict = "undecidable" // both hypotheses predict the same time
)

// Pair is the inference about two classes.
type Pair struct {
	A, B    string
	Verdict Verdict
	// Score is 0 for a fully overlapped pair and 1 for a fully additive
	// one: (measured - independent) / (shared - independent), from the
	// mix that separates the hypotheses most.
	Score float64
	// Evidence names the mix and the three times behind the verdict.
	Evidence string
}

// Pipeline is a group of classes that compete for one resource.
type Pipeline struct {
	Name    string
	Classes []string
	// Rate is the fastest member's rate alone: the pipeline's throughput
	// in warp instructions per clock per SM.
	Rate float64
	// Consistent is false when a member is independent of another
	// member, so the grouping does not hold for every pair.
	Consistent bool
}

// Layout is the inferred pipeline layout.
type Layout struct {
	Issue     float64
	Pipelines []Pipeline
	Pairs     []Pair
}

// Thresholds separating the verdicts, and the smallest relative gap between
// the hypotheses a mix must show to decide anything.
const (
	sharedAbove      = 0.7
	independentBelow = 0.3
	minGap           = 0.05
)

// times returns the issue bound and the independent and shared
// predictions of a two-class mix.
func times(issue float64, na, nb int, ra, rb float64) (ind, shr float64) {
	iss := float64(na+nb) / issue
	ta, tb := float64(na)/ra, float64(nb)/rb
	return math.Max(iss, math.Max(ta, tb)), math.Max(iss, ta+tb)
}

// Infer builds the layout. issue is the SM's issue rate in warp
// instructions per clock (4 on NVIDIA GPUs since Volta: one per scheduler);
// mixes of two classes are the evidence; mixes of other sizes are ignored
// here (they are for Predict to be checked against).
func Infer(issue float64, classes []Class, mixes []Mix) (*Layout, error) {
	if issue <= 0 {
		return nil, fmt.Errorf("issue rate %v is not positive", issue)
	}
	rate := map[string]float64{}
	for _, c := range classes {
		if c.Rate <= 0 {
			return nil, fmt.Errorf("class %s has no positive rate", c.Name)
		}
		rate[c.Name] = c.Rate
	}
	type best struct {
		gap float64
		p   Pair
	}
	pairs := map[[2]string]*best{}
	for _, m := range mixes {
		if len(m.Counts) != 2 || m.Rate <= 0 {
			continue
		}
		names := make([]string, 0, 2)
		for n := range m.Counts {
			names = append(names, n)
		}
		sort.Strings(names)
		a, b := names[0], names[1]
		ra, oka := rate[a]
		rb, okb := rate[b]
		if !oka || !okb {
			return nil, fmt.Errorf("mix %s uses a class measured alone nowhere (%s, %s)", m.ID, a, b)
		}
		ind, shr := times(issue, m.Counts[a], m.Counts[b], ra, rb)
		gap := (shr - ind) / ind
		key := [2]string{a, b}
		cur, ok := pairs[key]
		if !ok {
			cur = &best{gap: -1}
			pairs[key] = cur
		}
		if gap <= cur.gap {
			continue
		}
		p := Pair{A: a, B: b}
		meas := m.Cycles()
		p.Evidence = fmt.Sprintf("%s: %.3g cycles per round measured; %.3g if independent, %.3g if shared", m.ID, meas, ind, shr)
		if gap < minGap {
			p.Verdict = Undecidable
			p.Evidence += fmt.Sprintf(" (both bounded by issue: %.3g)", float64(m.total())/issue)
		} else {
			p.Score = (meas - ind) / (shr - ind)
			switch {
			case p.Score >= sharedAbove:
				p.Verdict = Shared
			case p.Score <= independentBelow:
				p.Verdict = Independent
			default:
				p.Verdict = Partial
			}
		}
		cur.gap, cur.p = gap, p
	}
	l := &Layout{Issue: issue}
	for _, b := range pairs {
		l.Pairs = append(l.Pairs, b.p)
	}
	sort.Slice(l.Pairs, func(i, j int) bool {
		if l.Pairs[i].A != l.Pairs[j].A {
			return l.Pairs[i].A < l.Pairs[j].A
		}
		return l.Pairs[i].B < l.Pairs[j].B
	})
	l.Pipelines = group(classes, l.Pairs)
	return l, nil
}

// group joins classes linked by shared verdicts (union-find) and checks
// each group against the pairs' independent verdicts.
func group(classes []Class, pairs []Pair) []Pipeline {
	parent := map[string]string{}
	var find func(string) string
	find = func(x string) string {
		if parent[x] == x {
			return x
		}
		parent[x] = find(parent[x])
		return parent[x]
	}
	for _, c := range classes {
		parent[c.Name] = c.Name
	}
	for _, p := range pairs {
		if p.Verdict == Shared {
			parent[find(p.A)] = find(p.B)
		}
	}
	members := map[string][]string{}
	for _, c := range classes {
		r := find(c.Name)
		members[r] = append(members[r], c.Name)
	}
	rate := map[string]float64{}
	for _, c := range classes {
		rate[c.Name] = c.Rate
	}
	var out []Pipeline
	for _, ms := range members {
		sort.Strings(ms)
		p := Pipeline{Classes: ms, Consistent: true}
		in := map[string]bool{}
		for _, m := range ms {
			in[m] = true
			p.Rate = math.Max(p.Rate, rate[m])
		}
		for _, pr := range pairs {
			if in[pr.A] && in[pr.B] && pr.Verdict == Independent {
				p.Consistent = false
			}
		}
		p.Name = strings.Join(ms, " / ")
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Rate != out[j].Rate {
			return out[i].Rate > out[j].Rate
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// Predict returns the rate (warp instructions per clock per SM) the layout
// predicts for a mix.
func (l *Layout) Predict(counts map[string]int, classes []Class) (float64, error) {
	rate := map[string]float64{}
	for _, c := range classes {
		rate[c.Name] = c.Rate
	}
	total := 0
	for _, n := range counts {
		total += n
	}
	t := float64(total) / l.Issue
	seen := map[string]bool{}
	for _, p := range l.Pipelines {
		var load float64
		for _, c := range p.Classes {
			if n, ok := counts[c]; ok {
				load += float64(n) / rate[c]
				seen[c] = true
			}
		}
		t = math.Max(t, load)
	}
	for c := range counts {
		if !seen[c] {
			return 0, fmt.Errorf("class %s is in no pipeline", c)
		}
	}
	if t == 0 {
		return 0, fmt.Errorf("empty mix")
	}
	return float64(total) / t, nil
}

// Check is a mix held out of the inference, predicted and measured.
type Check struct {
	ID                  string
	Measured, Predicted float64
	// Error is (predicted - measured) / measured.
	Error float64
}

// Validate predicts every mix and compares with the measurement.
func (l *Layout) Validate(mixes []Mix, classes []Class) ([]Check, error) {
	var out []Check
	for _, m := range mixes {
		p, err := l.Predict(m.Counts, classes)
		if err != nil {
			return nil, fmt.Errorf("mix %s: %w", m.ID, err)
		}
		out = append(out, Check{ID: m.ID, Measured: m.Rate, Predicted: p, Error: (p - m.Rate) / m.Rate})
	}
	return out, nil
}

// Concurrency is Little's law: the warp instructions a pipeline holds in
// flight per SM to sustain its rate, latency (cycles) times rate (warp
// instructions per clock per SM).
func Concurrency(latencyCycles, rate float64) float64 { return latencyCycles * rate }
