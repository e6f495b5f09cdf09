package report

import (
	"errors"
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/record"
)

// TestLibraryGPU checks that a library measurement is matched to the run's
// GPU by UUID where both have one, else by name, and that the document
// says on which GPU it was taken, never "this machine".
func TestLibraryGPU(t *testing.T) {
	h200 := record.Device{Name: "NVIDIA H200", UUID: "GPU-6a1f0c2e-0000-4000-8000-000000000001"}
	tests := []struct {
		name     string
		lib      Library
		run      record.Device
		refused  bool   // Check fails, and MarkdownWith without OtherGPU
		wording  string // what the document says, with OtherGPU set where refused
		mentions []string
	}{
		{"same GPU", Library{GPU: "NVIDIA H200", GPUUUID: "6A1F0C2E-0000-4000-8000-000000000001"}, h200, false,
			"measured on NVIDIA H200 (the same GPU)", nil},
		{"same model, no UUID in the measurement", Library{GPU: "NVIDIA H200"}, h200, false,
			"measured on a NVIDIA H200 (the same model; not this run's GPU, or no UUID to tell)", nil},
		{"same model, no UUID in the run", Library{GPU: "NVIDIA H200", GPUUUID: "GPU-1"}, record.Device{Name: "NVIDIA H200"}, false,
			"measured on a NVIDIA H200 (the same model; not this run's GPU, or no UUID to tell)", nil},
		{"another GPU of the model", Library{GPU: "NVIDIA H200", GPUUUID: "GPU-ffff"}, h200, true,
			"measured on another GPU, NVIDIA H200, not the NVIDIA H200 of this document", []string{"GPU-ffff", h200.UUID}},
		{"another model", Library{GPU: "NVIDIA H100 80GB HBM3"}, h200, true,
			"measured on another GPU, NVIDIA H100 80GB HBM3, not the NVIDIA H200 of this document", []string{"NVIDIA H100 80GB HBM3", "NVIDIA H200"}},
		{"another model, escaped", Library{GPU: "<b>GPU</b>"}, h200, true,
			`measured on another GPU, \<b>GPU\</b>, not the NVIDIA H200 of this document`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lib := tt.lib
			lib.Size, lib.Tool, lib.Method, lib.Time = 8192, "scripts/cublas_gemm.py", "CUDA events", "now"
			lib.Results = append(lib.Results, struct {
				DType    string   `json:"dtype"`
				TFLOPS   float64  `json:"tflops"`
				ClockMHz *float64 `json:"sm_clock_mhz_after"`
				Error    string   `json:"error"`
			}{DType: "float16", TFLOPS: 754})
			err := lib.Check(tt.run)
			if (err != nil) != tt.refused {
				t.Fatalf("Check = %v, want refused %v", err, tt.refused)
			}
			var other *OtherGPUError
			if err != nil && !errors.As(err, &other) {
				t.Errorf("Check = %T, want an *OtherGPUError", err)
			}
			for _, m := range tt.mentions {
				if !strings.Contains(err.Error(), m) {
					t.Errorf("Check = %q, which does not name %q", err, m)
				}
			}
			run := mmaRun(tt.run)
			var b strings.Builder
			if err := MarkdownWith(&b, run, &lib); (err != nil) != tt.refused {
				t.Fatalf("MarkdownWith without OtherGPU = %v, want refused %v", err, tt.refused)
			}
			lib.OtherGPU = tt.refused
			b.Reset()
			if err := MarkdownWith(&b, run, &lib); err != nil {
				t.Fatal(err)
			}
			doc := b.String()
			if !strings.Contains(doc, "through the library, "+tt.wording+", by scripts/cublas_gemm.py (CUDA events; now): float16 754 TFLOP/s.") {
				t.Errorf("the document does not say %q:\n%s", tt.wording, libraryLine(doc))
			}
			if strings.Contains(doc, "this machine") {
				t.Errorf("the document says \"this machine\": %s", libraryLine(doc))
			}
		})
	}
}

// mmaRun is a run of d with one f16 wgmma throughput record, beside which
// the library measurement is written.
func mmaRun(d record.Device) *record.Run {
	return &record.Run{Device: d, Records: []record.Record{{ID: "mma/wgmma m64n256k16 f32+=f16 SS/throughput", Suite: "mma", Subject: "wgmma m64n256k16 f32+=f16 SS",
		Group: "wgmma", Quantity: record.Throughput, Status: record.StatusOK, Value: 4096,
		Through: &record.ThroughputDetail{ResultsPerSecond: 900e12}, Provenance: record.Provenance{Clock: &record.Clock{Hz: 1.7e9}}}}}
}

// libraryLine is the document's line about the library measurement.
func libraryLine(doc string) string {
	for _, l := range strings.Split(doc, "\n") {
		if strings.Contains(l, "through the library") {
			return l
		}
	}
	return "(none)"
}
