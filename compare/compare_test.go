package compare

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/record"
)

// samples draws n values around center with relative noise.
func samples(r *rand.Rand, n int, center, noise float64) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = center * (1 + noise*r.NormFloat64())
	}
	return out
}

func rec(id string, s []float64) record.Record {
	v := 0.0
	if len(s) > 0 {
		v = s[0]
	}
	return record.Record{ID: id, Unit: "cycles", Status: record.StatusOK, Samples: s, Value: v}
}

func TestRuns(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	a := &record.Run{Records: []record.Record{
		rec("up10", samples(r, 8, 100, 0.005)),
		rec("same", samples(r, 8, 50, 0.01)),
		rec("few", []float64{10, 10.1}),
		rec("untested", nil),
		{ID: "broken", Unit: "cycles", Status: record.StatusOK, Value: 1, Samples: []float64{1, 1, 1, 1, 1}},
		rec("gone", samples(r, 5, 1, 0.01)),
	}}
	a.Records[3].Value = 7
	b := &record.Run{Records: []record.Record{
		rec("up10", samples(r, 8, 110, 0.005)),
		rec("same", samples(r, 8, 50, 0.01)),
		rec("few", []float64{20, 20.2}),
		rec("untested", nil),
		{ID: "broken", Unit: "cycles", Status: record.StatusFailed},
		rec("new", samples(r, 5, 1, 0.01)),
	}}
	b.Records[3].Value = 8
	res, err := Runs(a, b, 0.05)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]Verdict{"up10": Changed, "same": Same, "few": TooFew, "untested": Differs, "broken": StatusDiffs, "gone": OnlyA, "new": OnlyB}
	if len(res.Rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(res.Rows), len(want))
	}
	for _, row := range res.Rows {
		if row.Verdict != want[row.ID] {
			t.Errorf("%s: verdict %s (p %.3f, %s), want %s", row.ID, row.Verdict, row.P, row.Note, want[row.ID])
		}
	}
	sig := res.Significant()
	if len(sig) != 1 || sig[0].ID != "up10" || math.Abs(sig[0].Delta-0.10) > 0.01 {
		t.Errorf("significant rows %+v, want up10 at about +10%%", sig)
	}
	var md strings.Builder
	if err := res.WriteMarkdown(&md, "a.json", "b.json", false); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"# b.json against a.json", "7 quantities: 1 changed", "| `up10` | cycles |", "+10."} {
		if !strings.Contains(md.String(), s) {
			t.Errorf("Markdown lacks %q:\n%s", s, md.String())
		}
	}
	if strings.Contains(md.String(), "`same`") {
		t.Error("an unchanged row is listed without all")
	}
}

func TestRunsErrors(t *testing.T) {
	if _, err := Runs(nil, &record.Run{}, 0.05); err == nil {
		t.Error("a missing run accepted")
	}
	if _, err := Runs(&record.Run{}, &record.Run{}, 1.5); err == nil {
		t.Error("alpha 1.5 accepted")
	}
}
