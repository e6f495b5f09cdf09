package report

import (
	"errors"
	"fmt"

	"github.com/gpuarch/gpuarch/infer"
	"github.com/gpuarch/gpuarch/record"
)

// ALUModel is what the report infers from a run's pipes suite, exported
// so that other tools (gpuarch analyze) predict from the very model the
// document describes instead of re-deriving it.
type ALUModel struct {
	// Layout is the inferred pipeline layout.
	Layout *infer.Layout
	// Latency maps the layout's classes to the measured latency, in
	// cycles, of the instruction each class was measured with.
	Latency map[string]float64
	// Issue is the issue model the replay was fitted to, and FitError its
	// mean relative error on the solo and pair mixes' loops.
	Issue    infer.IssueModel
	FitError float64
	// Fitted is how many loops the issue model was fitted to; 0 when the
	// run kept no loop bodies (Issue is then the zero model).
	Fitted int
}

// ALU infers the pipeline layout of run and fits the replay's issue model,
// as the report's "ALU layout" section does. It fails when the run has no
// pipes suite mixes or the inference fails.
func ALU(run *record.Run) (*ALUModel, error) {
	m := inferPipes(run, gatherPipes(run))
	if m == nil {
		return nil, errors.New("the results have no pipes suite mixes: no pipeline layout to predict from")
	}
	if m.err != nil {
		return nil, fmt.Errorf("pipeline inference: %w", m.err)
	}
	out := &ALUModel{Layout: m.layout, Latency: m.latency}
	if m.rp != nil && m.rp.err == nil {
		out.Issue = m.rp.fit.Model
		out.Fitted = m.rp.fitted
		if len(m.rp.fit.Tried) > 0 {
			out.FitError = m.rp.fit.Tried[0].Error
		}
	}
	return out, nil
}
