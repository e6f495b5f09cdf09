// Package infer draws conclusions from measured records without touching a
// GPU: which instructions share an execution pipeline, each pipeline's
// rate, how many instructions it holds in flight (Little's law), and what a
// mix of instructions should achieve.
//
// The model, as uops.info infers CPU ports: an SM issues at most Issue warp
// instructions per clock (one per scheduler); each instruction class c, run
// alone, completes Rate[c] warp instructions per clock per SM. Two classes
// share a pipeline when the measured time of their mix is the sum of their
// separate times (beyond the issue bound), and are independent when it is
// the larger of the two. When both hypotheses give the same time (both
// classes issue-bound), the mix cannot decide, and the inference says so
// rather than guess.
//
// Classes at about half the issue rate or slower ("blocking" classes) fill
// their pipeline alone: those measured to share are grouped into one
// pipeline. A faster class can only be reaching its rate through more than
// one pipeline: it takes a share of every pipeline it was measured to share
// (fitted from that pair's mix), and a pipeline of its own for the rest. A
// mix's time is then the largest of the issue bound, each class's own rate
// and each pipeline's load.
//
// Counts are not all a mix's machine code says: Replay runs a measured loop
// body on the inferred pipelines cycle by cycle (dependencies, register
// banks, the order ptxas chose), with an issue model fitted to the pairs'
// loops (FitReplay), and FindSuperadditive names the mixes no model that
// sums costs can predict.
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
	// Mix is the mix the verdict comes from.
	Mix Mix
}

// Pipeline is an execution resource and the classes that use only it.
type Pipeline struct {
	Name    string
	Classes []string
	// Rate is the pipeline's capacity in warp instructions per clock per
	// SM: its fastest member's rate alone, or, for a flexible class's own
	// pipeline, what the class reaches beyond the shared pipelines.
	Rate float64
	// Own names the flexible class this pipeline was inferred for.
	Own string
	// Consistent is false when two members were measured independent,
	// so the grouping does not hold for every pair.
	Consistent bool
}

// Flexible is a class faster than any one pipeline it shares: it spreads
// over Pipelines.
type Flexible struct {
	Name      string
	Rate      float64
	Pipelines []string
	// Share is the fraction of the class's instructions each pipeline
	// takes, fitted from the pair mix that showed the sharing; the rest
	// go to the class's own pipeline.
	Share []float64
}

// Layout is the inferred pipeline layout.
type Layout struct {
	Issue     float64
	Pipelines []Pipeline
	Flexible  []Flexible
	Pairs     []Pair
	// Extra holds resources outside the pipelines, fitted where the pairs'
	// mixes take longer than the pipelines explain; nil when the
	// pipelines explain them.
	Extra *Extra
	// PairCosts are what pairs whose mixes the pipelines underestimate
	// cost each other (see PairCost).
	PairCosts []PairCost
	rate      map[string]float64
	allowed   map[string][]int // class -> indices into Pipelines
	share     map[string]map[int]float64
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
		p.Mix = m
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
	l.build(classes)
	var train []Mix
	for _, m := range mixes {
		if len(m.Counts) == 2 && m.Rate > 0 {
			train = append(train, m)
		}
	}
	l.PairCosts = l.fitPairCosts(train)
	l.Extra = l.fitExtra(train)
	return l, nil
}

// blocking reports whether a class fills a pipeline alone.
func (l *Layout) blocking(rate float64) bool { return rate <= 0.55*l.Issue }

// build groups blocking classes linked by shared verdicts (union-find) into
// pipelines, then gives each flexible class the pipelines it shares and one
// of its own for the rest of its rate.
func (l *Layout) build(classes []Class) {
	l.rate = map[string]float64{}
	for _, c := range classes {
		l.rate[c.Name] = c.Rate
	}
	verdict := map[[2]string]Verdict{}
	for _, p := range l.Pairs {
		verdict[[2]string{p.A, p.B}], verdict[[2]string{p.B, p.A}] = p.Verdict, p.Verdict
	}
	parent := map[string]string{}
	var find func(string) string
	find = func(x string) string {
		if parent[x] == x {
			return x
		}
		parent[x] = find(parent[x])
		return parent[x]
	}
	var block, flex []string
	for _, c := range classes {
		if l.blocking(c.Rate) {
			block = append(block, c.Name)
			parent[c.Name] = c.Name
		} else {
			flex = append(flex, c.Name)
		}
	}
	for _, a := range block {
		for _, b := range block {
			if a < b && verdict[[2]string{a, b}] == Shared {
				parent[find(a)] = find(b)
			}
		}
	}
	members := map[string][]string{}
	for _, c := range block {
		members[find(c)] = append(members[find(c)], c)
	}
	for _, ms := range members {
		sort.Strings(ms)
		p := Pipeline{Classes: ms, Consistent: true, Name: strings.Join(ms, " / ")}
		for i, a := range ms {
			p.Rate = math.Max(p.Rate, l.rate[a])
			for _, b := range ms[i+1:] {
				if verdict[[2]string{a, b}] == Independent {
					p.Consistent = false
				}
			}
		}
		l.Pipelines = append(l.Pipelines, p)
	}
	sort.Slice(l.Pipelines, func(i, j int) bool {
		if l.Pipelines[i].Rate != l.Pipelines[j].Rate {
			return l.Pipelines[i].Rate > l.Pipelines[j].Rate
		}
		return l.Pipelines[i].Name < l.Pipelines[j].Name
	})
	l.allowed = map[string][]int{}
	for i, p := range l.Pipelines {
		for _, c := range p.Classes {
			l.allowed[c] = []int{i}
		}
	}
	evidence := map[[2]string]Pair{}
	for _, p := range l.Pairs {
		evidence[[2]string{p.A, p.B}], evidence[[2]string{p.B, p.A}] = p, p
	}
	l.share = map[string]map[int]float64{}
	shared := len(l.Pipelines) // pipelines of blocking classes
	sort.Strings(flex)
	for _, x := range flex {
		f := Flexible{Name: x, Rate: l.rate[x]}
		l.share[x] = map[int]float64{}
		total := 0.0
		for i := range shared {
			p := l.Pipelines[i]
			// A class that overlaps some members of a pipeline, even
			// in part, does not run on it: its conflicts with the
			// others are a resource outside the pipeline.
			if !usesPipeline(x, p, verdict) {
				continue
			}
			for _, m := range p.Classes {
				if verdict[[2]string{x, m}] != Shared {
					continue
				}
				// The pair's mix took T cycles a round on this
				// pipeline: m's instructions took nm/rate(m), so
				// x's share of it was the rest.
				ev := evidence[[2]string{x, m}].Mix
				nx, nm := float64(ev.Counts[x]), float64(ev.Counts[m])
				sh := (ev.Cycles() - nm/l.rate[m]) * p.Rate / nx
				sh = math.Min(math.Max(sh, 0), math.Min(1, p.Rate/l.rate[x]))
				l.allowed[x] = append(l.allowed[x], i)
				l.share[x][i] = sh
				f.Pipelines = append(f.Pipelines, p.Name)
				f.Share = append(f.Share, sh)
				total += sh
				break
			}
		}
		if rest := 1 - total; rest > 0.02 {
			l.Pipelines = append(l.Pipelines, Pipeline{Name: x + " (own)", Rate: rest * l.rate[x], Own: x, Consistent: true})
			l.allowed[x] = append(l.allowed[x], len(l.Pipelines)-1)
			l.share[x][len(l.Pipelines)-1] = rest
			f.Pipelines = append(f.Pipelines, x+" (own)")
			f.Share = append(f.Share, rest)
		}
		l.Flexible = append(l.Flexible, f)
	}
}

// usesPipeline reports whether class x was measured to share p with every
// member its mixes decide (undecidable pairs say nothing), and with one at
// least.
func usesPipeline(x string, p Pipeline, verdict map[[2]string]Verdict) bool {
	shared := false
	for _, m := range p.Classes {
		switch verdict[[2]string{x, m}] {
		case Shared:
			shared = true
		case Independent, Partial:
			return false
		}
	}
	return shared
}

// Predict returns the rate (warp instructions per clock per SM) the layout
// predicts for a mix: its instructions over the time a round takes, the
// largest of the issue bound, each class's own rate, and each pipeline's
// load, with a flexible class held to its fitted share of each pipeline (as
// hardware that alternates an instruction over pipelines regardless of
// what else runs would; on an H200 this predicted held-out mixes better
// than letting the class fill whichever pipeline is free), the fitted extra
// resources' loads, and the costs of every measured pair the mix holds.
func (l *Layout) Predict(counts map[string]int) (float64, error) {
	t, err := l.pipelineCycles(counts)
	if err != nil {
		return 0, err
	}
	total := 0
	for _, n := range counts {
		total += n
	}
	if l.Extra != nil {
		t = math.Max(t, l.Extra.cycles(counts))
	}
	t = math.Max(t, l.pairCycles(counts))
	return float64(total) / t, nil
}

// pipelineCycles is the time a round of the mix takes by the pipelines and
// the issue bound alone.
func (l *Layout) pipelineCycles(counts map[string]int) (float64, error) {
	total := 0
	t := 0.0
	load := make([]float64, len(l.Pipelines))
	for c, n := range counts {
		r, ok := l.rate[c]
		if !ok || len(l.allowed[c]) == 0 {
			return 0, fmt.Errorf("class %s is in no pipeline", c)
		}
		total += n
		t = math.Max(t, float64(n)/r)
		if sh, ok := l.share[c]; ok {
			for p, f := range sh {
				load[p] += f * float64(n) / l.Pipelines[p].Rate
			}
			continue
		}
		for _, p := range l.allowed[c] {
			load[p] += float64(n) / r
		}
	}
	if total == 0 {
		return 0, fmt.Errorf("empty mix")
	}
	t = math.Max(t, float64(total)/l.Issue)
	for _, v := range load {
		t = math.Max(t, v)
	}
	return t, nil
}

// Rate is a class's rate alone, in warp instructions per clock per SM (0
// for a class the layout does not know).
func (l *Layout) Rate(class string) float64 { return l.rate[class] }

// Check is a mix held out of the inference, predicted and measured.
type Check struct {
	ID                  string
	Measured, Predicted float64
	// Error is (predicted - measured) / measured.
	Error float64
}

// Validate predicts every mix and compares with the measurement.
func (l *Layout) Validate(mixes []Mix) ([]Check, error) {
	var out []Check
	for _, m := range mixes {
		p, err := l.Predict(m.Counts)
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
