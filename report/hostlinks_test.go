package report

import (
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/measure/links"
	"github.com/gpuarch/gpuarch/record"
)

// hostLinksRun is a fixed links run: pinned copies both ways at three
// sizes, pageable copies failed one way, the round trip.
func hostLinksRun() *record.Run {
	curve := func(subject string, gbs ...float64) record.Record {
		r := record.Record{ID: "links/host/" + subject, Suite: links.Suite, Group: links.GroupHost, Subject: subject,
			Quantity: record.Curve, Unit: "bytes/second", Status: record.StatusOK, Curve: &record.CurveDetail{Path: subject}}
		for i, v := range gbs {
			r.Curve.Points = append(r.Curve.Points, record.CurvePoint{Bytes: int64(64<<10) << (6 * i), Value: v * 1e9})
		}
		r.Value = r.Curve.Points[len(r.Curve.Points)-1].Value
		return r
	}
	failed := curve("pageable device to host", 1)
	failed.Status, failed.Reason, failed.Curve = record.StatusFailed, "mapping 268435456 bytes of pageable host memory: cannot allocate memory", nil
	return &record.Run{Device: record.Device{Name: "NVIDIA H200"}, Records: []record.Record{
		curve("pinned host to device", 6.2, 48.1, 55.3),
		curve("pinned device to host", 7.0, 50.4, 55.9),
		curve("pageable host to device", 3.1, 20.5, 24.0),
		failed,
		{ID: "links/host/round trip latency", Suite: links.Suite, Group: links.GroupHost, Subject: "round trip latency",
			Quantity: record.Latency, Unit: "seconds", Status: record.StatusOK, Value: 9.84e-6},
	}}
}

func TestHostLinksGolden(t *testing.T) {
	var b strings.Builder
	writeHostLinks(&b, hostLinksRun())
	golden(t, "links.md", []byte(b.String()))
	for _, want := range []string{"## Host links", "| 4 MiB |", "| 256 MiB |", "[55.3](#r-links-host-pinned-host-to-device)", "pageable device to host: failed", "9.8](#r-links-host-round-trip-latency) µs"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the section lacks %q:\n%s", want, b.String())
		}
	}
	// A run without the links suite has no section.
	b.Reset()
	writeHostLinks(&b, synthetic())
	if b.Len() != 0 {
		t.Errorf("a run without links records has a section:\n%s", b.String())
	}
}
