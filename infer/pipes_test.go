package infer

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
)

// machine is a synthetic GPU with known pipelines, used to generate the
// measurements the inference must see through.
type machine struct {
	issue float64
	pipe  map[string]string  // class -> pipeline
	rate  map[string]float64 // class -> warp instructions per clock per SM
	// extra is a resource outside the pipelines: cycles per warp
	// instruction per SM each class holds it (none when nil).
	extra map[string]float64
}

// run is the machine's rate for a mix, with multiplicative noise.
func (m machine) run(counts map[string]int, noise float64, r *rand.Rand) float64 {
	total := 0
	load := map[string]float64{}
	for c, n := range counts {
		total += n
		load[m.pipe[c]] += float64(n) / m.rate[c]
	}
	t := float64(total) / m.issue
	x := 0.0
	for c, n := range counts {
		x += float64(n) * m.extra[c]
	}
	t = math.Max(t, x)
	for _, l := range load {
		t = math.Max(t, l)
	}
	return float64(total) / t * (1 + noise*r.NormFloat64())
}

func (m machine) classes() []Class {
	var cs []Class
	for c, r := range m.rate {
		cs = append(cs, Class{Name: c, Rate: r})
	}
	sort.Slice(cs, func(i, j int) bool { return cs[i].Name < cs[j].Name })
	return cs
}

// balancedMixes makes, for every pair, the mix whose two loads are equal
// (counts proportional to rates), as the pipes suite does.
func (m machine) balancedMixes(noise float64, r *rand.Rand) []Mix {
	cs := m.classes()
	var out []Mix
	for i := range cs {
		for j := i + 1; j < len(cs); j++ {
			a, b := cs[i], cs[j]
			na, nb := 1, 1
			if a.Rate >= b.Rate {
				na = min(8, int(math.Round(a.Rate/b.Rate)))
			} else {
				nb = min(8, int(math.Round(b.Rate/a.Rate)))
			}
			counts := map[string]int{a.Name: na, b.Name: nb}
			out = append(out, Mix{ID: fmt.Sprintf("%s:%d+%s:%d", a.Name, na, b.Name, nb), Counts: counts, Rate: m.run(counts, noise, r)})
		}
	}
	return out
}

// hopperLike is a made-up layout in the spirit of a recent NVIDIA SM:
// issue-rate FP32, half-rate pipelines for integer multiply, logic and FP64,
// and a sixteenth-rate special-function unit shared by several classes.
func hopperLike() machine {
	return machine{
		issue: 4,
		pipe: map[string]string{
			"FFMA": "fma", "FADD": "fma", "IMAD": "fmaheavy", "LOP3": "alu", "IADD3": "alu", "SHF": "alu",
			"DFMA": "fp64", "MUFU": "xu", "POPC": "xu", "F2I": "xu",
		},
		rate: map[string]float64{
			"FFMA": 4, "FADD": 4, "IMAD": 2, "LOP3": 2, "IADD3": 2, "SHF": 2,
			"DFMA": 2, "MUFU": 0.5, "POPC": 0.5, "F2I": 0.5,
		},
	}
}

func pipelineOf(l *Layout, class string) Pipeline {
	for _, p := range l.Pipelines {
		for _, c := range p.Classes {
			if c == class {
				return p
			}
		}
	}
	return Pipeline{}
}

func TestInferRecoversPipelines(t *testing.T) {
	tests := []struct {
		name  string
		noise float64
	}{
		{"exact", 0},
		{"1% noise", 0.01},
		{"3% noise", 0.03},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(7, 11))
			m := hopperLike()
			l, err := Infer(m.issue, m.classes(), m.balancedMixes(tc.noise, r))
			if err != nil {
				t.Fatal(err)
			}
			same := func(a, b string) bool { return pipelineOf(l, a).Name == pipelineOf(l, b).Name }
			for _, want := range [][2]string{{"LOP3", "IADD3"}, {"IADD3", "SHF"}, {"MUFU", "POPC"}, {"POPC", "F2I"}} {
				if !same(want[0], want[1]) {
					t.Errorf("%s and %s share a pipeline, inferred apart: %+v", want[0], want[1], l.Pipelines)
				}
			}
			for _, apart := range [][2]string{{"LOP3", "IMAD"}, {"DFMA", "IMAD"}, {"MUFU", "LOP3"}, {"DFMA", "MUFU"}} {
				if same(apart[0], apart[1]) {
					t.Errorf("%s and %s are on separate pipelines, inferred together", apart[0], apart[1])
				}
			}
			// FFMA and FADD both run at the issue rate: no mix can tell
			// whether they share, and the inference must say so.
			for _, p := range l.Pairs {
				if p.A == "FADD" && p.B == "FFMA" && p.Verdict != Undecidable {
					t.Errorf("FADD/FFMA: verdict %s (%s), want undecidable", p.Verdict, p.Evidence)
				}
			}
			for _, p := range l.Pipelines {
				if !p.Consistent {
					t.Errorf("pipeline %s is inconsistent", p.Name)
				}
			}
			if l.Extra != nil {
				t.Errorf("the pipelines explain every mix, yet an extra resource was fitted: %+v", l.Extra)
			}
		})
	}
}

func TestPredictHeldOutMixes(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	m := hopperLike()
	cs := m.classes()
	l, err := Infer(m.issue, cs, m.balancedMixes(0.01, r))
	if err != nil {
		t.Fatal(err)
	}
	// Mixes the inference never saw: skewed pairs and triples.
	var held []Mix
	for _, counts := range []map[string]int{
		{"IMAD": 1, "LOP3": 3}, {"DFMA": 2, "FFMA": 2}, {"MUFU": 1, "FFMA": 3, "LOP3": 1},
		{"IADD3": 1, "SHF": 1, "LOP3": 1}, {"F2I": 1, "IMAD": 4, "DFMA": 4},
	} {
		held = append(held, Mix{ID: fmt.Sprint(counts), Counts: counts, Rate: m.run(counts, 0.01, r)})
	}
	checks, err := l.Validate(held)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range checks {
		if math.Abs(c.Error) > 0.10 {
			t.Errorf("%s: predicted %.3f, measured %.3f (%+.1f%%)", c.ID, c.Predicted, c.Measured, 100*c.Error)
		}
	}
}

// TestExtraResource: a machine whose FP32 and integer instructions also
// compete for a resource outside their pipelines (as register-file reads
// might). The pipelines alone mispredict its mixes; the fitted resource
// must bring held-out mixes within 10%.
func TestExtraResource(t *testing.T) {
	m := hopperLike()
	m.extra = map[string]float64{"FFMA": 0.25, "FADD": 0.2, "LOP3": 0.3, "IADD3": 0.35, "SHF": 0.1, "IMAD": 0.1, "DFMA": 0.3}
	r := rand.New(rand.NewPCG(5, 9))
	l, err := Infer(m.issue, m.classes(), m.balancedMixes(0.01, r))
	if err != nil {
		t.Fatal(err)
	}
	if l.Extra == nil {
		t.Fatal("no extra resource fitted")
	}
	if l.Extra.After >= l.Extra.Before/2 {
		t.Errorf("the resource cut the training error from %.3f only to %.3f", l.Extra.Before, l.Extra.After)
	}
	if len(l.Extra.Validation) < 2 || l.Extra.Validation[len(l.Extra.Cost)] >= l.Extra.Validation[0] {
		t.Errorf("cross-validated errors %v do not favour the %d resources chosen", l.Extra.Validation, len(l.Extra.Cost))
	}
	var held []Mix
	for _, counts := range []map[string]int{
		{"FFMA": 1, "IADD3": 1}, {"FFMA": 1, "LOP3": 3}, {"FADD": 3, "IADD3": 1}, {"FFMA": 1, "IMAD": 1, "LOP3": 1},
		{"DFMA": 1, "IADD3": 2}, {"FFMA": 2, "SHF": 1, "MUFU": 1},
	} {
		held = append(held, Mix{ID: fmt.Sprint(counts), Counts: counts, Rate: m.run(counts, 0, r)})
	}
	checks, err := l.Validate(held)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range checks {
		if math.Abs(c.Error) > 0.10 {
			t.Errorf("%s: predicted %.3f, measured %.3f (%+.1f%%)", c.ID, c.Predicted, c.Measured, 100*c.Error)
		}
	}
	if len(l.Extra.Explained) == 0 {
		t.Error("no mix named as explained by the resource")
	}
}

func TestPartialSharing(t *testing.T) {
	// B's mix with A lands halfway between the hypotheses: neither shared
	// nor independent.
	cs := []Class{{"A", 1}, {"B", 1}}
	ind, shr := times(4, 1, 1, 1, 1)
	l, err := Infer(4, cs, []Mix{{ID: "A+B", Counts: map[string]int{"A": 1, "B": 1}, Rate: 2 / ((ind + shr) / 2)}})
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Pairs) != 1 || l.Pairs[0].Verdict != Partial {
		t.Fatalf("pairs %+v, want one partial", l.Pairs)
	}
	if len(l.Pipelines) != 2 {
		t.Errorf("a partial verdict must not merge pipelines: %+v", l.Pipelines)
	}
}

func TestInconsistentGroupFlagged(t *testing.T) {
	// A~B and B~C measured shared, but A and C overlap: the group cannot
	// be one pipeline, and the layout must say so.
	cs := []Class{{"A", 1}, {"B", 1}, {"C", 1}}
	sh := func(id string, a, b string) Mix {
		_, shr := times(4, 1, 1, 1, 1)
		return Mix{ID: id, Counts: map[string]int{a: 1, b: 1}, Rate: 2 / shr}
	}
	ind, _ := times(4, 1, 1, 1, 1)
	mixes := []Mix{sh("AB", "A", "B"), sh("BC", "B", "C"), {ID: "AC", Counts: map[string]int{"A": 1, "C": 1}, Rate: 2 / ind}}
	l, err := Infer(4, cs, mixes)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Pipelines) != 1 || l.Pipelines[0].Consistent {
		t.Errorf("pipelines %+v, want one inconsistent group", l.Pipelines)
	}
}

// TestFlexibleClass: a class at the issue rate that shares a half-rate
// pipeline with IMAD must be given a share of that pipeline, fitted from the
// mix, plus one of its own for the rest.
func TestFlexibleClass(t *testing.T) {
	cs := []Class{{"FFMA", 4}, {"IMAD", 2}, {"LOP3", 2}}
	m := func(id string, counts map[string]int, rate float64) Mix {
		return Mix{ID: id, Counts: counts, Rate: rate}
	}
	mixes := []Mix{
		m("FFMA:2+IMAD:1", map[string]int{"FFMA": 2, "IMAD": 1}, 3/1.01), // additive: shares IMAD's pipe
		m("FFMA:2+LOP3:1", map[string]int{"FFMA": 2, "LOP3": 1}, 4),      // overlaps LOP3's
		m("IMAD:1+LOP3:1", map[string]int{"IMAD": 1, "LOP3": 1}, 4),
	}
	l, err := Infer(4, cs, mixes)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Flexible) != 1 || l.Flexible[0].Name != "FFMA" || len(l.Flexible[0].Pipelines) != 2 {
		t.Fatalf("flexible %+v, want FFMA on IMAD's pipeline and its own", l.Flexible)
	}
	// FFMA:2 + IMAD:1 took 1.01 cycles on IMAD's pipeline (2 per clock):
	// IMAD 0.5 of them, so FFMA's share is (1.01-0.5)*2/2 = 0.51, capped
	// at the 0.5 its rate allows.
	if sh := l.Flexible[0].Share[0]; math.Abs(sh-0.5) > 1e-9 {
		t.Errorf("FFMA's share of IMAD's pipeline = %v, want 0.5", sh)
	}
	tests := []struct {
		counts map[string]int
		want   float64
	}{
		{map[string]int{"FFMA": 1}, 4},                  // half on each pipeline: the issue rate
		{map[string]int{"IMAD": 1}, 2},                  // its pipeline alone
		{map[string]int{"FFMA": 2, "IMAD": 2}, 4 / 1.5}, // IMAD's pipeline: 0.5 + 1 cycles
		{map[string]int{"FFMA": 1, "IMAD": 3}, 4 / 1.75},
		{map[string]int{"LOP3": 1, "IMAD": 1}, 4}, // separate pipelines, issue-bound
		{map[string]int{"FFMA": 1, "LOP3": 1}, 4}, // FFMA never needs LOP3's pipeline
		{map[string]int{"IMAD": 3, "LOP3": 1}, 8.0 / 3},
	}
	for _, tc := range tests {
		got, err := l.Predict(tc.counts)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(got-tc.want) > 1e-6 {
			t.Errorf("Predict(%v) = %.4f, want %.4f", tc.counts, got, tc.want)
		}
	}
}

func TestInferErrors(t *testing.T) {
	if _, err := Infer(0, nil, nil); err == nil {
		t.Error("zero issue rate accepted")
	}
	if _, err := Infer(4, []Class{{"A", 0}}, nil); err == nil {
		t.Error("zero class rate accepted")
	}
	_, err := Infer(4, []Class{{"A", 1}}, []Mix{{ID: "A+Z", Counts: map[string]int{"A": 1, "Z": 1}, Rate: 1}})
	if err == nil || !strings.Contains(err.Error(), "measured alone nowhere") {
		t.Errorf("unknown class: err = %v", err)
	}
	l := &Layout{Issue: 4}
	if _, err := l.Predict(map[string]int{"Q": 1}); err == nil {
		t.Error("predicting an unknown class succeeded")
	}
}

func TestConcurrency(t *testing.T) {
	if got := Concurrency(4, 4); got != 16 {
		t.Errorf("Little's law: 4 cycles × 4 per clock = %v, want 16", got)
	}
}

// TestPairCosts: a pair measured at two ratios whose mixes take longer
// than the pipelines allow gets per-instruction costs that reproduce both
// and predict a third ratio; a pair measured once scales its solo times.
func TestPairCosts(t *testing.T) {
	cs := []Class{{"A", 4}, {"B", 4}, {"C", 2}}
	// A and B issue at the full rate alone, but each A also costs 0.4
	// and each B 0.3 cycles of something they share.
	cost := func(na, nb int) float64 { return math.Max(float64(na+nb)/4, 0.4*float64(na)+0.3*float64(nb)) }
	mix := func(na, nb int) Mix {
		return Mix{ID: fmt.Sprintf("A:%d+B:%d", na, nb), Counts: map[string]int{"A": na, "B": nb}, Rate: float64(na+nb) / cost(na, nb)}
	}
	mixes := []Mix{mix(1, 1), mix(1, 3), {ID: "A+C", Counts: map[string]int{"A": 1, "C": 1}, Rate: 2 / 0.9}}
	l, err := Infer(4, cs, mixes)
	if err != nil {
		t.Fatal(err)
	}
	var ab, ac *PairCost
	for i, pc := range l.PairCosts {
		switch pc.A + pc.B {
		case "AB":
			ab = &l.PairCosts[i]
		case "AC":
			ac = &l.PairCosts[i]
		}
	}
	if ab == nil || math.Abs(ab.CostA-0.4) > 1e-9 || math.Abs(ab.CostB-0.3) > 1e-9 || ab.Mixes != 2 {
		t.Fatalf("A-B pair cost %+v, want 0.4 and 0.3 from 2 mixes", ab)
	}
	if got, err := l.Predict(map[string]int{"A": 3, "B": 1}); err != nil || math.Abs(got-4/cost(3, 1)) > 1e-9 {
		t.Errorf("A:3+B:1 predicted %v (%v), want %v", got, err, 4/cost(3, 1))
	}
	// One mix: both solo times (0.25 and 0.5) scaled to its 0.9 cycles.
	if ac == nil || math.Abs(ac.CostA-0.3) > 1e-9 || math.Abs(ac.CostB-0.6) > 1e-9 || ac.Mixes != 1 {
		t.Errorf("A-C pair cost %+v, want 0.3 and 0.6 from 1 mix", ac)
	}
}

// TestNoShareOfAPartlyOverlappedPipeline: FFMA's mix with LOP3 adds up,
// but its mix with SHF, on the same pipeline, overlaps: FFMA does not run
// on that pipeline, so it takes no share of it.
func TestNoShareOfAPartlyOverlappedPipeline(t *testing.T) {
	cs := []Class{{"FFMA", 4}, {"LOP3", 2}, {"SHF", 2}}
	mixes := []Mix{
		{ID: "FFMA:2+LOP3:1", Counts: map[string]int{"FFMA": 2, "LOP3": 1}, Rate: 3 / 1.0},
		{ID: "FFMA:2+SHF:1", Counts: map[string]int{"FFMA": 2, "SHF": 1}, Rate: 3 / 0.75},
		{ID: "LOP3:1+SHF:1", Counts: map[string]int{"LOP3": 1, "SHF": 1}, Rate: 2 / 1.0},
	}
	l, err := Infer(4, cs, mixes)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range l.Flexible {
		for _, p := range f.Pipelines {
			if strings.Contains(p, "LOP3") {
				t.Errorf("FFMA takes a share of %s", p)
			}
		}
	}
	// FFMA:1+SHF:1 overlaps: the issue bound.
	if got, _ := l.Predict(map[string]int{"FFMA": 1, "SHF": 1}); math.Abs(got-4) > 1e-9 {
		t.Errorf("FFMA:1+SHF:1 predicted %v, want 4", got)
	}
}
