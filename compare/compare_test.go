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
		{ID: "unmeasured", Unit: "cycles", Status: record.StatusSkipped, Reason: "needs PTX"},
	}}
	b.Records[3].Value = 8
	res, err := Runs(a, b, 0.05)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]Verdict{"up10": Changed, "same": Same, "few": TooFew, "untested": Differs, "broken": StatusDiffs, "gone": OnlyA, "new": OnlyB, "unmeasured": OnlyB}
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
	for _, s := range []string{"# b.json against a.json", "8 quantities: 1 changed", "| `up10` | cycles |", "+10."} {
		if !strings.Contains(md.String(), s) {
			t.Errorf("Markdown lacks %q:\n%s", s, md.String())
		}
	}
	if strings.Contains(md.String(), "`same`") {
		t.Error("an unchanged row is listed without all")
	}
	// The untested figures that differ by more than LargeUntested are
	// listed too, labelled, ranked with the changed one by change over
	// floor: few (+100%), untested (+14%), up10 (+10%, floor 2%).
	for _, s := range []string{"1 figure changed and 2 untested figures differ by more than 10%",
		"| `few` | cycles | 10.05 | 20.1 | +100.00% | ±3.0% (minimum) | — | not tested: 2 and 2 samples cannot reach alpha 0.05",
		"| `untested` | cycles | 7 | 8 | +14.29% | ±3.0% (minimum) | — | not tested: no samples a side |"} {
		if !strings.Contains(md.String(), s) {
			t.Errorf("Markdown lacks %q:\n%s", s, md.String())
		}
	}
	if i, j := strings.Index(md.String(), "`few`"), strings.Index(md.String(), "`up10`"); i > j {
		t.Errorf("few (+100%%) ranks below up10 (+10%%):\n%s", md.String())
	}
	var full strings.Builder
	if err := res.WriteMarkdown(&full, "a.json", "b.json", true); err != nil {
		t.Fatal(err)
	}
	// A record only one run holds, which did not measure, shows no value.
	if s := "| `unmeasured` | cycles | — | — | — | — | — | only in B: skipped (needs PTX) |"; !strings.Contains(full.String(), s) {
		t.Errorf("Markdown lacks %q:\n%s", s, full.String())
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

// TestCrossBackend pairs the records of a CUDA and a Vulkan run by
// operation and checks each pair against the tolerance.
func TestCrossBackend(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	mk := func(subject, op string, q record.Quantity, unit string, s []float64) record.Record {
		rr := rec("alu/"+subject+"/"+string(q), s)
		rr.Suite, rr.Subject, rr.Op, rr.Quantity, rr.Unit = "alu", subject, op, q, unit
		return rr
	}
	const tp = "warp instructions/clock/SM"
	a := &record.Run{Tool: record.Tool{Backend: "cuda"}, Records: []record.Record{
		mk("fma.rn.f32", "fma.f32", record.Latency, "cycles", samples(r, 7, 4.0, 0.001)),
		mk("fma.rn.f32", "fma.f32", record.Throughput, tp, samples(r, 7, 3.95, 0.002)),
		mk("ex2.approx.ftz.f32", "exp2.f32", record.Latency, "cycles", samples(r, 7, 17, 0.001)),
		mk("mul.hi.u32", "", record.Latency, "cycles", samples(r, 7, 9, 0.001)),
		mk("add.rn.f64", "add.f64", record.Latency, "cycles", samples(r, 7, 8, 0.001)),
	}}
	b := &record.Run{Tool: record.Tool{Backend: "vulkan"}, Records: []record.Record{
		mk("Fma.f32", "fma.f32", record.Latency, "cycles", samples(r, 7, 4.2, 0.001)),
		mk("Fma.f32", "fma.f32", record.Throughput, tp, samples(r, 7, 3.70, 0.002)),
		mk("Exp2.f32", "exp2.f32", record.Latency, "cycles", samples(r, 7, 18, 0.001)),
		mk("Trunc.f32", "trunc.f32", record.Latency, "cycles", samples(r, 7, 6, 0.001)),
	}}
	bytes := 16.0
	a.Records[1].Code = &record.CodeCheck{PerStep: map[string]float64{"FFMA": 1}}
	b.Records[1].Code = &record.CodeCheck{BinaryBytesPerStep: &bytes, Statistics: map[string]float64{"Register Count": 24, "Local Memory Size": 1 << 36}}
	res, err := Runs(a, b, 0.05)
	if err != nil {
		t.Fatal(err)
	}
	if !res.CrossBackend {
		t.Fatal("runs of cuda and vulkan not compared across backends")
	}
	type want struct {
		verdict   Verdict
		tolerance bool
		within    bool
		subjects  [2]string
	}
	wants := map[string]want{
		"alu/fma.f32/latency":    {Changed, true, true, [2]string{"fma.rn.f32", "Fma.f32"}},
		"alu/fma.f32/throughput": {Changed, true, false, [2]string{"fma.rn.f32", "Fma.f32"}},
		"alu/exp2.f32/latency":   {Changed, true, false, [2]string{"ex2.approx.ftz.f32", "Exp2.f32"}},
		"alu/add.f64/latency":    {OnlyA, false, false, [2]string{"add.rn.f64", ""}},
		"alu/trunc.f32/latency":  {OnlyB, false, false, [2]string{"", "Trunc.f32"}},
	}
	if len(res.Rows) != len(wants) {
		t.Errorf("%d rows, want %d (a record without an operation has no counterpart)", len(res.Rows), len(wants))
	}
	for _, row := range res.Rows {
		w, ok := wants[row.ID]
		if !ok {
			t.Errorf("unexpected row %s", row.ID)
			continue
		}
		if row.Verdict != w.verdict || (row.Tolerance != "") != w.tolerance || row.Within != w.within || [2]string{row.SubjectA, row.SubjectB} != w.subjects {
			t.Errorf("%s: verdict %s, tolerance %q, within %v, subjects %q %q; want %+v", row.ID, row.Verdict, row.Tolerance, row.Within, row.SubjectA, row.SubjectB, w)
		}
	}
	if checked, within := res.Agreement(); checked != 3 || within != 1 {
		t.Errorf("agreement %d of %d, want 1 of 3", within, checked)
	}
	var md strings.Builder
	if err := res.WriteMarkdown(&md, "cuda.json", "vulkan.json", false); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"1 of 3 figures", "| `alu/fma.f32` | latency | `fma.rn.f32` | `Fma.f32` |", "✓ ±0.5 cycle", "✗ ±3%",
		"| `alu/fma.f32` | throughput | FFMA 1 per step | binary +16 B per step, register count 24 |"} {
		if !strings.Contains(md.String(), s) {
			t.Errorf("Markdown lacks %q:\n%s", s, md.String())
		}
	}
}

// TestLevelRows: across backends, the levels of two latency curves pair
// by latency, the extra level of one is said, and each level's latency
// and capacity are checked against the tolerance.
func TestLevelRows(t *testing.T) {
	curve := func(steps ...[2]float64) *record.Record {
		r := &record.Record{Suite: "memory", Op: "chase global", Quantity: record.Curve, Status: record.StatusOK, Unit: "cycles per load", Curve: &record.CurveDetail{}}
		for b := int64(1 << 10); b <= 1<<30; b += b / 4 {
			v := 0.0
			for _, s := range steps {
				if float64(b) >= s[0] {
					v = s[1]
				}
			}
			r.Curve.Points = append(r.Curve.Points, record.CurvePoint{Bytes: b, Value: v})
		}
		return r
	}
	a := curve([2]float64{0, 30}, [2]float64{256 << 10, 280}, [2]float64{50 << 20, 700})
	// b sees a level between the two (as a far cache partition would),
	// and its first knee 30% earlier.
	b := curve([2]float64{0, 31}, [2]float64{180 << 10, 282}, [2]float64{20 << 20, 420}, [2]float64{51 << 20, 690})
	rows := levelRows("memory/chase global/curve", a, b, 0, 0)
	byID := map[string]Row{}
	for _, r := range rows {
		byID[r.ID] = r
	}
	for id, want := range map[string]bool{
		"memory/chase global/curve level 1":          true,
		"memory/chase global/curve level 1 capacity": false, // 30% apart
		"memory/chase global/curve level 2":          true,
		"memory/chase global/curve level 3":          true, // 700 pairs with 690, not 420
	} {
		r, ok := byID[id]
		if !ok || r.Within != want {
			t.Errorf("%s: %+v, want within %v", id, r, want)
		}
	}
	if r, ok := byID["memory/chase global/curve levels"]; !ok || r.A != 3 || r.B != 4 {
		t.Errorf("levels row %+v", r)
	}
}

// A level whose chases ran well off their run's warm-up clock (NVIDIA's
// Vulkan driver lowering a GPU that one SM keeps busy) is named, with its
// clock, in a row of its own; the levels pair as before.
func TestLevelRowsOffClock(t *testing.T) {
	curve := func(steps ...[3]float64) *record.Record { // from bytes, cycles, clock
		r := &record.Record{Suite: "memory", Op: "chase global", Quantity: record.Curve, Status: record.StatusOK, Unit: "cycles per load", Curve: &record.CurveDetail{}}
		for b := int64(1 << 10); b <= 1<<30; b += b / 4 {
			var v, hz float64
			for _, s := range steps {
				if float64(b) >= s[0] {
					v, hz = s[1], s[2]
				}
			}
			r.Curve.Points = append(r.Curve.Points, record.CurvePoint{Bytes: b, Value: v, ClockHz: hz})
		}
		return r
	}
	a := curve([3]float64{0, 30, 1980e6}, [3]float64{256 << 10, 280, 1980e6}, [3]float64{50 << 20, 700, 1980e6})
	b := curve([3]float64{0, 30, 1980e6}, [3]float64{256 << 10, 188, 390e6}, [3]float64{16 << 20, 280, 1980e6}, [3]float64{50 << 20, 690, 1980e6})
	byID := map[string]Row{}
	for _, r := range levelRows("memory/chase global/curve", a, b, 1980e6, 1980e6) {
		byID[r.ID] = r
	}
	off, ok := byID["memory/chase global/curve levels off the clock"]
	if !ok || off.A != 0 || off.B != 1 || !strings.Contains(off.Note, "B: 188 cycles from") || !strings.Contains(off.Note, "at 390 MHz") {
		t.Errorf("off-clock row %+v", off)
	}
	if r, ok := byID["memory/chase global/curve level 2"]; !ok || !r.Within || r.B != 280 {
		t.Errorf("level 2 %+v, want 280 against 280", r)
	}
}

// The matrix units across backends: mma.sync's f16 throughput record
// (CUDA) pairs with the cooperative matrix of the same types (Vulkan) by
// their operation, whatever their shapes; latencies, forms without an
// operation and the zeros runs stay apart.
func TestCrossBackendMatrix(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	mk := func(subject, op string, q record.Quantity, s []float64) record.Record {
		rr := rec("mma/"+subject+"/"+string(q), s)
		rr.Suite, rr.Subject, rr.Op, rr.Quantity, rr.Unit = "mma", subject, op, q, "operations/clock/SM"
		return rr
	}
	a := &record.Run{Tool: record.Tool{Backend: "cuda"}, Records: []record.Record{
		mk("mma m16n8k16 f32+=f16", "", record.Latency, samples(r, 3, 33, 0.001)),
		mk("mma m16n8k16 f32+=f16", "mma.f32+=f16*f16", record.Throughput, samples(r, 3, 2730, 0.002)),
		mk("mma m16n8k16 f32+=f16, zeros", "", record.Throughput, samples(r, 3, 2730, 0.002)),
		mk("mma m16n8k8 f32+=f16", "", record.Throughput, samples(r, 3, 2600, 0.002)),
		mk("wgmma m64n256k16 f32+=f16 SS", "", record.Throughput, samples(r, 3, 4000, 0.002)),
	}}
	b := &record.Run{Tool: record.Tool{Backend: "vulkan"}, Records: []record.Record{
		mk("coopmat 16x16x16 f32+=f16*f16", "", record.Latency, samples(r, 3, 35, 0.001)),
		mk("coopmat 16x16x16 f32+=f16*f16", "mma.f32+=f16*f16", record.Throughput, samples(r, 3, 2720, 0.002)),
	}}
	res, err := Runs(a, b, 0.05)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rows) != 1 {
		t.Fatalf("%d rows, want the one pair: %+v", len(res.Rows), res.Rows)
	}
	row := res.Rows[0]
	if row.ID != "mma/mma.f32+=f16*f16/throughput" || row.SubjectA != "mma m16n8k16 f32+=f16" || row.SubjectB != "coopmat 16x16x16 f32+=f16*f16" || !row.Within {
		t.Errorf("row %+v", row)
	}
}
