package record

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func sample() *Run {
	lo, hi := 3.99, 4.01
	return &Run{
		Schema:  SchemaVersion,
		Tool:    Tool{Name: "gpuarch", Version: "test", GoVersion: "go1.26", Backend: "cuda"},
		Started: time.Date(2026, 11, 21, 5, 52, 0, 0, time.UTC),
		Device:  Device{Name: "NVIDIA H200", UUID: "GPU-x", ComputeCapability: "9.0", SMs: 132, Attributes: map[string]int{"WARP_SIZE": 32}},
		Records: []Record{{
			ID: "alu/fma.rn.f32/latency", Suite: "alu", Subject: "fma.rn.f32", Quantity: Latency, Status: StatusOK,
			Value: 4, Unit: "cycles", Samples: []float64{4, 4, 4},
			Summary: &Summary{N: 3, Median: 4, Lo: &lo, Hi: &hi},
			Latency: &LatencyDetail{Cycles: 4, Points: []Point{{Length: 32, Samples: []float64{126}, Median: 126}}},
			Code:    &CodeCheck{Status: "verified", Expected: []string{"FFMA"}, Found: 256, Needed: 256, PerStep: map[string]float64{"FFMA": 1}},
			Provenance: Provenance{Module: "fma_rn_f32", PTXSHA256: strings.Repeat("ab", 32),
				Clock: &Clock{Hz: 1.98e9, Source: "test", Before: &Sensors{PowerW: 120, Throttle: []string{"SwPowerCap"}}}},
		}},
	}
}

func TestRoundTrip(t *testing.T) {
	run := sample()
	path := filepath.Join(t.TempDir(), "results.json")
	if err := WriteFile(path, run); err != nil {
		t.Fatal(err)
	}
	got, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(run, got); d != "" {
		t.Errorf("round trip changed the run (-want +got):\n%s", d)
	}
}

// TestRecordedRun reads a run recorded on an H200 and writes it back
// byte for byte: the schema holds every field the tool writes.
func TestRecordedRun(t *testing.T) {
	b, err := os.ReadFile("testdata/h200.json")
	if err != nil {
		t.Fatal(err)
	}
	// The recorded run is kept compressed: compare with what is inside.
	if zr, err := gzip.NewReader(bytes.NewReader(b)); err == nil {
		if b, err = io.ReadAll(zr); err != nil {
			t.Fatal(err)
		}
	}
	run, err := Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if run.Device.Name != "NVIDIA H200" || len(run.Records) == 0 {
		t.Fatalf("device %q, %d records", run.Device.Name, len(run.Records))
	}
	var out bytes.Buffer
	if err := Encode(&out, run); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(string(b), out.String()); d != "" {
		t.Errorf("re-encoding changed the file (-recorded +re-encoded):\n%s", d)
	}
	if r, ok := run.Find("alu/fma.rn.f32/latency"); !ok || r.Status != StatusOK {
		t.Errorf("Find: %v %v", r, ok)
	}
}

func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		name, in, want string
		schema         bool
	}{
		{"empty", "", "not a gpuarch results file", false},
		{"not JSON", "hello", "not a gpuarch results file", false},
		{"no schema", `{"records": []}`, `no "schema" field`, false},
		{"newer schema", `{"schema": 2, "whatever": 1}`, "version 2", true},
		{"truncated", `{"schema": 1, "records": [{"id": "a"`, "not a gpuarch results file: unexpected end", false},
		{"unknown field", `{"schema": 1, "recordz": []}`, "unknown field", false},
		{"trailing data", `{"schema": 1} {}`, "after top-level value", false},
		{"duplicate id", `{"schema": 1, "records": [{"id": "a", "status": "ok"}, {"id": "a", "status": "ok"}]}`, "appears twice", false},
		{"bad status", `{"schema": 1, "records": [{"id": "a", "status": "great"}]}`, "unknown status", false},
		{"no id", `{"schema": 1, "records": [{"status": "ok"}]}`, "has no id", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode(strings.NewReader(tc.in))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want %q", err, tc.want)
			}
			if errors.Is(err, ErrSchema) != tc.schema {
				t.Errorf("errors.Is(err, ErrSchema) = %v", !tc.schema)
			}
		})
	}
}

func TestWriteFileKeepsOldOnFailure(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "results.json")
	if err := WriteFile(path, sample()); err != nil {
		t.Fatal(err)
	}
	bad := sample()
	bad.Records[0].Value = math.Inf(1) // JSON cannot hold it
	if err := WriteFile(path, bad); err == nil {
		t.Fatal("writing +Inf succeeded")
	}
	if _, err := ReadFile(path); err != nil {
		t.Errorf("a failed write damaged the previous file: %v", err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*tmp*")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

func FuzzDecode(f *testing.F) {
	b, err := os.ReadFile("testdata/h200.json")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Add([]byte(`{"schema": 1}`))
	f.Add([]byte(`{"schema": 1, "records": [{"id": "a", "status": "ok"}]}`))
	f.Fuzz(func(t *testing.T, in []byte) {
		run, err := Decode(bytes.NewReader(in))
		if err != nil {
			return
		}
		// Whatever decodes must validate and encode again.
		if err := run.Validate(); err != nil {
			t.Fatalf("decoded run does not validate: %v", err)
		}
		var out bytes.Buffer
		if err := Encode(&out, run); err != nil {
			t.Fatalf("decoded run does not encode: %v", err)
		}
	})
}

func TestTraceJSON(t *testing.T) {
	tr := Trace{{3, 0, 12, 0, 0, 20032}, {131, 63, 527, 31, 96, 40448}}
	b, err := json.Marshal(tr)
	if err != nil {
		t.Fatal(err)
	}
	if want := `"3 0 12 0 0 20032;131 63 527 31 96 40448"`; string(b) != want {
		t.Errorf("marshalled %s, want %s", b, want)
	}
	var back Trace
	if err := json.Unmarshal(b, &back); err != nil || len(back) != 2 || back[1] != tr[1] {
		t.Errorf("round trip: %v, %v", back, err)
	}
	for _, bad := range []string{`"1 2 3"`, `"1 2 3 4 5 x"`, `[1,2]`} {
		if err := json.Unmarshal([]byte(bad), &back); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
	if err := json.Unmarshal([]byte(`""`), &back); err != nil || back != nil {
		t.Errorf("empty trace: %v, %v", back, err)
	}
}
