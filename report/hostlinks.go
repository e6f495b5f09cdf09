package report

import (
	"fmt"
	"strings"

	"github.com/gpuarch/gpuarch/mdtext"
	"github.com/gpuarch/gpuarch/measure/links"
	"github.com/gpuarch/gpuarch/record"
)

// writeHostLinks is the links suite's section: copy bandwidth between the
// host and the GPU by size, one column per memory kind and direction, and
// the round trip. The links between GPUs belong to the host, not to one
// GPU: they are in links.json and summary.md beside the GPUs' folders.
func writeHostLinks(b *strings.Builder, run *record.Run) {
	var curves []*record.Record
	var roundTrip *record.Record
	for i := range run.Records {
		r := &run.Records[i]
		if r.Suite != links.Suite || r.Group != links.GroupHost {
			continue
		}
		if r.Quantity == record.Latency {
			roundTrip = r
		} else {
			curves = append(curves, r)
		}
	}
	if len(curves) == 0 && roundTrip == nil {
		return
	}
	b.WriteString("## Host links\n\n")
	b.WriteString("Copy-engine copies between host memory and the GPU's, in GB/s (10⁹ bytes per second) by copy size: pinned memory (cuMemHostAlloc) and pageable memory the driver stages. Each figure is the median of batches timed by CUDA events; a record's value is its largest size's. The links between GPUs are in the host's summary.md and links.json.\n\n")
	var sizes []int64
	seen := map[int64]bool{}
	var measured []*record.Record
	for _, r := range curves {
		if r.Status != record.StatusOK || r.Curve == nil {
			fmt.Fprintf(b, "- %s: %s (%s).\n", mdtext.Escape(r.Subject), r.Status, mdtext.Escape(orDash(r.Reason)))
			continue
		}
		measured = append(measured, r)
		for _, p := range r.Curve.Points {
			if !seen[p.Bytes] {
				seen[p.Bytes] = true
				sizes = append(sizes, p.Bytes)
			}
		}
	}
	if len(measured) < len(curves) {
		b.WriteString("\n")
	}
	if len(measured) > 0 {
		b.WriteString("| Size |")
		for _, r := range measured {
			fmt.Fprintf(b, " %s |", mdtext.Cell(r.Subject))
		}
		b.WriteString("\n| ---: |" + strings.Repeat(" ---: |", len(measured)) + "\n")
		for _, s := range sizes {
			fmt.Fprintf(b, "| %s |", sizeName(s))
			for _, r := range measured {
				v := "—"
				for _, p := range r.Curve.Points {
					if p.Bytes == s {
						v = linked(r, fmt.Sprintf("%.1f", p.Value/1e9))
					}
				}
				fmt.Fprintf(b, " %s |", v)
			}
			b.WriteString("\n")
		}
		b.WriteString("\n")
	}
	if r := roundTrip; r != nil {
		if r.Status == record.StatusOK {
			fmt.Fprintf(b, "Round trip of a 4-byte copy to the GPU and back: %s µs (median on the host's clock).\n\n", linked(r, fmt.Sprintf("%.1f", r.Value*1e6)))
		} else {
			fmt.Fprintf(b, "Round trip: %s (%s).\n\n", r.Status, mdtext.Escape(orDash(r.Reason)))
		}
	}
}

// sizeName writes a power-of-two size in KiB, MiB or GiB.
func sizeName(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d B", n)
}
