package memory

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/backend/sim"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/record"
)

// curve makes a latency curve with an L1 plateau of 32 cycles up to l1
// bytes, then 280 up to l2, then 650.
func curve(path string, l1, l2 int64) record.Record {
	var pts []record.CurvePoint
	for _, f := range Footprints() {
		v := 650.0
		switch {
		case path == "global ld.ca" && f <= l1:
			v = 32
		case f <= l2:
			v = 280
		}
		pts = append(pts, record.CurvePoint{Bytes: f, Value: v})
	}
	return record.Record{ID: Suite + "/latency/" + path, Suite: Suite, Subject: path, Status: record.StatusOK, Curve: &record.CurveDetail{Points: pts}}
}

func TestSizes(t *testing.T) {
	recs := []record.Record{curve("global ld.ca", 200<<10, 30<<20), curve("global ld.cg", 0, 30<<20)}
	l1, l2 := Sizes(recs)
	within := func(got, want int64) bool {
		return float64(got) > 0.8*float64(want) && float64(got) < 1.5*float64(want)
	}
	if !within(l1, 200<<10) || !within(l2, 30<<20) {
		t.Errorf("Sizes = %d, %d; want about %d, %d", l1, l2, 200<<10, 30<<20)
	}
	if l1, l2 := Sizes(nil); l1 != 0 || l2 != 0 {
		t.Errorf("no curves: %d, %d", l1, l2)
	}
}

func TestBandwidthJobsSizing(t *testing.T) {
	dev := record.Device{Attributes: map[string]int{"L2_CACHE_SIZE": 50 << 20}}
	jobs := BandwidthJobs(dev, 0, 0)
	if len(jobs) != 10 {
		t.Fatalf("%d jobs, want 10 (eight streams, two transfer-unit families)", len(jobs))
	}
	for _, j := range jobs {
		if !strings.HasPrefix(j.Key, Suite+"/bandwidth/") && !strings.HasPrefix(j.Key, Suite+"/transfer unit/") {
			t.Errorf("key %s", j.Key)
		}
	}
}

func TestJobsKeysUnique(t *testing.T) {
	jobs, err := Jobs("")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, j := range jobs {
		if seen[j.Key] {
			t.Errorf("key %q planned twice: a resumed run would skip one", j.Key)
		}
		seen[j.Key] = true
	}
	if want := 5 + len(CodeSizes); len(jobs) != want {
		t.Errorf("%d jobs, want %d (latency, TLB, banks, global access, global banks, one per code size)", len(jobs), want)
	}
}

// Each kernel language gets the fetch test written in it; an unknown
// language is an error.
func TestJobsFor(t *testing.T) {
	for _, tc := range []struct {
		isa, subject string
	}{{"", "fma.rn.f32"}, {kernel.ISAPTX, "fma.rn.f32"}, {kernel.ISASPIRV, "Fma.f32"}} {
		jobs, err := Jobs(tc.isa)
		if err != nil {
			t.Fatalf("%q: %v", tc.isa, err)
		}
		if len(jobs) != 5+len(CodeSizes) {
			t.Errorf("%q: %d jobs", tc.isa, len(jobs))
		}
		var recs []record.Record
		r := &engine.Runner{GPU: sim.New(), Config: engine.DefaultConfig()}
		last := jobs[len(jobs)-1]
		if tc.isa == kernel.ISASPIRV {
			// The simulated GPU takes PTX: the SPIR-V job fails to
			// write its module, and says so.
			if err := r.Run(context.Background(), []engine.Job{last.Job}, func(rec record.Record) { recs = append(recs, rec) }); err != nil {
				t.Fatal(err)
			}
			if len(recs) != 1 || recs[0].Subject != tc.subject || recs[0].Status != record.StatusFailed || !strings.Contains(recs[0].Reason, "not PTX") {
				t.Errorf("%q: %+v", tc.isa, recs)
			}
			continue
		}
		if err := r.Run(context.Background(), []engine.Job{last.Job}, func(rec record.Record) { recs = append(recs, rec) }); err != nil {
			t.Fatal(err)
		}
		if len(recs) != 1 || recs[0].Subject != tc.subject || recs[0].Op != fmt.Sprintf("code size/%d", CodeSizes[len(CodeSizes)-1]) {
			t.Errorf("%q: %+v", tc.isa, recs)
		}
	}
	if _, err := Jobs("metal"); err == nil {
		t.Error("Jobs(metal) planned a fetch test")
	}
}

func TestAccessCases(t *testing.T) {
	for _, c := range AccessCases() {
		if c.CacheOp != "ca" && c.CacheOp != "cg" {
			t.Errorf("%s: cache operator %q", c.Subject, c.CacheOp)
		}
		if span := 32 * c.Stride * c.Width; span > 32<<10 {
			t.Errorf("%s: a warp spans %d bytes, beyond the probe's buffer", c.Subject, span)
		}
	}
}

func TestTLBPath(t *testing.T) {
	fs := TLBFootprints()
	if fs[0] < 2*TLBPath.Stride || fs[len(fs)-1] < 8<<30 {
		t.Errorf("TLB footprints %d to %d bytes: want at least two pages and several GiB", fs[0], fs[len(fs)-1])
	}
	// One load a page: the page index of element k must be k.
	const page = 2 << 20
	last := fs[len(fs)-1] / TLBPath.Stride
	if (last-1)*TLBPath.Stride/page != last-1 {
		t.Errorf("element %d of the largest footprint leaves its page", last-1)
	}
}

// TestGlobalBankCases checks each pair's geometry: both patterns touch the
// same number of 128-byte lines, the "same" one puts every group on the
// same 4-byte banks, the "other" one gives every lane a bank of its own.
func TestGlobalBankCases(t *testing.T) {
	for _, c := range GlobalBankCases() {
		lines, banks := map[int]bool{}, map[int]int{}
		for lane := range 32 {
			a := (lane%c.Group)*c.Stride*c.Width + (lane/c.Group)*c.Jump
			lines[a/128] = true
			banks[a%128/4]++
		}
		var want int
		if _, err := fmt.Sscanf(c.Subject[len("ld.ca "):], "%d lines", &want); err != nil {
			t.Fatalf("%s: %v", c.Subject, err)
		}
		if len(lines) != want {
			t.Errorf("%s touches %d lines", c.Subject, len(lines))
		}
		same := strings.HasSuffix(c.Subject, "same banks")
		if same && len(banks) != c.Group || !same && len(banks) != 32 {
			t.Errorf("%s uses %d banks", c.Subject, len(banks))
		}
	}
}

func TestDivergentJobsSizing(t *testing.T) {
	dev := record.Device{Attributes: map[string]int{"L2_CACHE_SIZE": 50 << 20}}
	if jobs := DivergentJobs(dev, 0, 0); len(jobs) != 1 || jobs[0].Key != Suite+"/divergent loads" {
		t.Fatalf("jobs %+v", jobs)
	}
	for _, tt := range []struct {
		name   string
		l1, l2 int64
		want   map[string]int64
		note   string // in the L2's note
	}{
		{"from the detected sizes", 256 << 10, 34 << 20, map[string]int64{"L1": 32 << 10, "L2": (34 << 20) / 4, "DRAM": 2 << 30}, "the latency chase detected"},
		{"from the driver's L2 and 256 KiB", 0, 0, map[string]int64{"L1": 32 << 10, "L2": (50 << 20) / 4, "DRAM": 2 << 30}, "the driver's L2 size"},
	} {
		for _, lv := range divergentLevels(dev, tt.l1, tt.l2) {
			if lv.Footprint != tt.want[lv.Name] || lv.Footprint%128 != 0 {
				t.Errorf("%s, %s: %d bytes, want %d", tt.name, lv.Name, lv.Footprint, tt.want[lv.Name])
			}
			if lv.Name == "L2" && !strings.Contains(lv.Note, tt.note) {
				t.Errorf("%s: L2 note %q, want %q in it", tt.name, lv.Note, tt.note)
			}
		}
	}
}

func TestScatterJobsSizing(t *testing.T) {
	dev := record.Device{Attributes: map[string]int{"L2_CACHE_SIZE": 50 << 20}}
	if jobs := ScatterJobs(dev, 0); len(jobs) != 1 || jobs[0].Key != Suite+"/scattered writes" {
		t.Fatalf("jobs %+v", jobs)
	}
	for _, tt := range []struct {
		name string
		l2   int64
		want map[string]int64
		note string // in the L2's note
	}{
		{"from the detected L2", 34 << 20, map[string]int64{"L2": (34 << 20) / 4, "DRAM": 2 << 30}, "the latency chase detected"},
		{"from the driver's L2", 0, map[string]int64{"L2": (50 << 20) / 4, "DRAM": 2 << 30}, "the driver's L2 size"},
		{"from a large L2", 256 << 20, map[string]int64{"L2": 64 << 20, "DRAM": 4 << 30}, "the latency chase detected"},
	} {
		levels := scatterLevels(dev, tt.l2)
		if len(levels) != 2 || levels[0].Name != "L2" || levels[1].Name != "DRAM" {
			t.Fatalf("%s: levels %+v, want the L2 and DRAM", tt.name, levels)
		}
		for _, lv := range levels {
			if lv.Footprint != tt.want[lv.Name] || lv.Footprint%4 != 0 || lv.Footprint/4 > 1<<32-1 {
				t.Errorf("%s, %s: %d bytes, want %d", tt.name, lv.Name, lv.Footprint, tt.want[lv.Name])
			}
			if lv.Name == "L2" && !strings.Contains(lv.Note, tt.note) {
				t.Errorf("%s: L2 note %q, want %q in it", tt.name, lv.Note, tt.note)
			}
		}
	}
}
