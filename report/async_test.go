package report

import (
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/record"
)

// A sweep whose parameter starts at 0 draws on a linear axis (a log one
// has no 0), with the sweep's own unit on the Y axis.
func TestSweepPlotFromZero(t *testing.T) {
	r := &record.Record{ID: "async/x/amount", Subject: "cp.async hidden", Unit: "FFMA per copy", Sweep: &record.SweepDetail{
		X: "FFMA per copy", Y: "cycles per iteration",
		Points: []record.ParamPoint{{X: 0, Value: 330}, {X: 64, Value: 340}, {X: 768, Value: 1080}, {X: 1024, Failed: "not run"}},
	}}
	svg, err := sweepPlot(r)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(svg), "cycles per iteration") {
		t.Error("the plot's Y axis does not name the sweep's unit")
	}
}
