package report

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

// Library is a library GEMM measurement taken beside a run (see
// scripts/cublas_gemm.py): what NVIDIA's own library reaches on a whole
// matrix product, for the matrix-unit section to set beside the
// instruction rates.
type Library struct {
	Tool    string `json:"tool"`
	GPU     string `json:"gpu"`
	Torch   string `json:"torch"`
	CUDA    string `json:"cuda"`
	Size    int    `json:"m_n_k"`
	Method  string `json:"method"`
	Time    string `json:"time"`
	Results []struct {
		DType    string   `json:"dtype"`
		TFLOPS   float64  `json:"tflops"`
		ClockMHz *float64 `json:"sm_clock_mhz_after"`
		Error    string   `json:"error"`
	} `json:"results"`
}

// ReadLibrary reads a library measurement file.
func ReadLibrary(path string) (*Library, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("library measurement: %w", err)
	}
	var l Library
	if err := json.Unmarshal(b, &l); err != nil {
		return nil, fmt.Errorf("library measurement %s: %w", path, err)
	}
	if l.GPU == "" || len(l.Results) == 0 {
		return nil, fmt.Errorf("library measurement %s: no GPU or no results", path)
	}
	return &l, nil
}

// PublicWgmmaTFLOPS is the dense f16 wgmma rate public microbenchmarks
// report on an H200, quoted as reference data (not measured here) with
// where the figure comes from.
const (
	PublicWgmmaTFLOPS = 930.0
	PublicWgmmaSource = "public microbenchmarks of dense f16 wgmma on an H200, as quoted in gpuarch's issue 7 (reference, not measured here)"
)

// writeLibrary sets the library's GEMM rates and the public microbenchmark
// figure beside the best measured wgmma rate.
func writeLibrary(b *strings.Builder, lib *Library, rows []*mmaRow) {
	var best *mmaRow
	for _, r := range rows {
		if r.group == "wgmma" && strings.Contains(r.name, "+=f16 ") && r.tp != nil && r.tp.Through != nil &&
			(best == nil || r.tp.Through.ResultsPerSecond > best.tp.Through.ResultsPerSecond) {
			best = r
		}
	}
	if best == nil {
		return
	}
	fmt.Fprintf(b, "Beside the best f16 `wgmma` here (`%s`: %.0f TFLOP/s at %s): %.0f TFLOP/s from %s", best.name,
		best.tp.Through.ResultsPerSecond/1e12, sensorsCell(best.tp), PublicWgmmaTFLOPS, PublicWgmmaSource)
	if lib == nil {
		b.WriteString(".\n\n")
		return
	}
	var parts []string
	for _, r := range lib.Results {
		if r.Error != "" {
			parts = append(parts, fmt.Sprintf("%s: not measured (%s)", r.DType, oneLine(r.Error)))
			continue
		}
		clock := ""
		if r.ClockMHz != nil {
			clock = fmt.Sprintf(", SM clock %.0f MHz after", *r.ClockMHz)
		}
		parts = append(parts, fmt.Sprintf("%s %.0f TFLOP/s%s", r.DType, r.TFLOPS, clock))
	}
	fmt.Fprintf(b, "; and a whole %d³ GEMM through the library, measured on this machine (%s, %s; %s; %s): %s.\n\n",
		lib.Size, lib.GPU, oneLine(lib.Tool), oneLine(lib.Method), lib.Time, strings.Join(parts, ", "))
}
