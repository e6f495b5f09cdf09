package report

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/gpuarch/gpuarch/mdtext"
	"github.com/gpuarch/gpuarch/measure/mma"
	"github.com/gpuarch/gpuarch/record"
)

// Library is a library GEMM measurement taken beside a run (see
// scripts/cublas_gemm.py): what NVIDIA's own library reaches on a whole
// matrix product, for the matrix-unit section to set beside the
// instruction rates.
//
// A measurement belongs beside a run of the GPU it was taken on: Check
// says whether it was, and the document says on which GPU it was taken,
// never that it was "this machine".
type Library struct {
	Tool string `json:"tool"`
	// GPU is the GPU's name as PyTorch gives it ("NVIDIA H200"), and
	// GPUUUID its UUID as NVML writes it ("GPU-…"; "" in files written
	// before the script recorded it).
	GPU     string `json:"gpu"`
	GPUUUID string `json:"gpu_uuid,omitempty"`
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
	// OtherGPU is set by the caller, never read from the file: the user
	// asked for a measurement that Check refuses (taken on another GPU
	// than the run's) to be shown anyway (gpuarch report
	// --library-any-gpu). MarkdownWith refuses such a measurement
	// without it; with it, the document says the measurement is another
	// GPU's.
	OtherGPU bool `json:"-"`
}

// MaxLibraryBytes is the largest library measurement ReadLibrary reads:
// the script writes about a kilobyte.
const MaxLibraryBytes = 1 << 20

// ReadLibrary reads a library measurement file: a regular file of at most
// MaxLibraryBytes (see record.ReadLimited) naming a GPU and holding
// results.
func ReadLibrary(path string) (*Library, error) {
	b, err := record.ReadLimited(path, MaxLibraryBytes)
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

// OtherGPUError is Check's error: the measurement was taken on another GPU
// than the run's.
type OtherGPUError struct {
	Library, LibraryUUID string // the measurement's GPU
	Run, RunUUID         string // the run's
}

func (e *OtherGPUError) Error() string {
	name := func(n, uuid string) string {
		if uuid == "" {
			return fmt.Sprintf("%q", n)
		}
		return fmt.Sprintf("%q (%s)", n, uuid)
	}
	return fmt.Sprintf("the library measurement was taken on %s, not on this run's GPU, %s: measure the library on the run's GPU, or pass --library-any-gpu to show it marked as another GPU's",
		name(e.Library, e.LibraryUUID), name(e.Run, e.RunUUID))
}

// Check returns nil when the measurement was taken on d: the same UUID
// where both the measurement and d name one, else the same GPU name. Its
// error, an *OtherGPUError, names both GPUs.
func (l *Library) Check(d record.Device) error {
	if l.sameGPU(d) || l.sameModel(d) && (l.GPUUUID == "" || d.UUID == "") {
		return nil
	}
	return &OtherGPUError{Library: l.GPU, LibraryUUID: l.GPUUUID, Run: d.Name, RunUUID: d.UUID}
}

// sameGPU says whether l and d name the same GPU by UUID.
func (l *Library) sameGPU(d record.Device) bool {
	norm := func(u string) string { return strings.TrimPrefix(strings.ToLower(strings.TrimSpace(u)), "gpu-") }
	return l.GPUUUID != "" && d.UUID != "" && norm(l.GPUUUID) == norm(d.UUID)
}

// sameModel says whether l and d name the same GPU model.
func (l *Library) sameModel(d record.Device) bool {
	return strings.EqualFold(strings.TrimSpace(l.GPU), strings.TrimSpace(d.Name))
}

// where says on which GPU the measurement was taken, beside a run of d.
func (l *Library) where(d record.Device) string {
	name := mdtext.Escape(l.GPU)
	switch {
	case l.sameGPU(d):
		return fmt.Sprintf("measured on %s (the same GPU)", name)
	case l.Check(d) == nil:
		return fmt.Sprintf("measured on a %s (the same model; not this run's GPU, or no UUID to tell)", name)
	}
	return fmt.Sprintf("measured on another GPU, %s, not the %s of this document", name, mdtext.Escape(orDash(d.Name)))
}

// PublicWgmmaTFLOPS is the dense f16 wgmma rate public microbenchmarks
// report on an H200, quoted as reference data (not measured here) with
// where the figure comes from.
const (
	PublicWgmmaTFLOPS = 930.0
	PublicWgmmaSource = "public microbenchmarks of dense f16 wgmma on an H200, as quoted in gpuarch's issue 7 (reference, not measured here)"
)

// writeLibrary sets the library's GEMM rates (measured on a GPU it names,
// beside a run of d) and the public microbenchmark figure beside the best
// measured wgmma rate.
func writeLibrary(b *strings.Builder, lib *Library, rows []*mmaRow, d record.Device) {
	var best *mmaRow
	for _, r := range rows {
		if r.group == mma.GroupWGMMA && strings.Contains(r.name, "+=f16 ") && r.tp != nil && r.tp.Through != nil &&
			(best == nil || r.tp.Through.ResultsPerSecond > best.tp.Through.ResultsPerSecond) {
			best = r
		}
	}
	if best == nil {
		return
	}
	fmt.Fprintf(b, "Beside the best f16 `wgmma` here (%s: %.0f TFLOP/s at %s): %.0f TFLOP/s from %s", mdtext.Code(best.name),
		best.tp.Through.ResultsPerSecond/1e12, sensorsCell(best.tp), PublicWgmmaTFLOPS, PublicWgmmaSource)
	if lib == nil {
		b.WriteString(".\n\n")
		return
	}
	var parts []string
	for _, r := range lib.Results {
		if r.Error != "" {
			parts = append(parts, fmt.Sprintf("%s: not measured (%s)", mdtext.Escape(r.DType), oneLine(r.Error)))
			continue
		}
		clock := ""
		if r.ClockMHz != nil {
			clock = fmt.Sprintf(", SM clock %.0f MHz after", *r.ClockMHz)
		}
		parts = append(parts, fmt.Sprintf("%s %.0f TFLOP/s%s", mdtext.Escape(r.DType), r.TFLOPS, clock))
	}
	fmt.Fprintf(b, "; and a whole %d³ GEMM through the library, %s, by %s (%s; %s): %s.\n\n",
		lib.Size, lib.where(d), oneLine(lib.Tool), oneLine(lib.Method), mdtext.Escape(lib.Time), strings.Join(parts, ", "))
}
