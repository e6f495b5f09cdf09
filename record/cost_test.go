package record

import "testing"

func TestSuiteTimes(t *testing.T) {
	c := func(w, g float64) Provenance {
		return Provenance{Cost: &Cost{WallSeconds: w, GPUSeconds: g, HostSeconds: w - g}}
	}
	recs := []Record{
		{Suite: "alu", Provenance: c(1, 0.5)},
		{Suite: "memory", Provenance: c(2, 1)},
		{Suite: "alu", Provenance: c(1, 0.25)},
		{Suite: "alu"}, // recorded before costs
	}
	got := SuiteTimes(recs)
	if len(got) != 2 || got[0].Suite != "alu" || got[0].Records != 2 || got[0].WallSeconds != 2 || got[0].GPUSeconds != 0.75 || got[1].Suite != "memory" {
		t.Fatalf("SuiteTimes = %+v", got)
	}
	if SuiteTimes([]Record{{Suite: "alu"}}) != nil {
		t.Fatal("a run without costs has suite times")
	}
}
