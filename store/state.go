package store

import (
	"errors"
	"fmt"

	"github.com/gpuarch/gpuarch/record"
)

// State says what kind of run a stored run is. The store keeps it beside
// each run (the runs table's state column), List shows it and Set leaves
// out every state but StateComplete unless its filter asks.
type State string

const (
	// StateComplete is a full run that finished.
	StateComplete State = "complete"
	// StateQuick is a finished `gpuarch run --quick`: a health check with
	// few shapes and repeats, whose records keep the full run's IDs but
	// rest on fewer samples. Add keeps it without being asked (quick runs
	// are real measurements, and a fleet's health checks are made to be
	// stored); Set leaves it out by default, so that a set of health
	// checks is not mixed with full runs unless a filter says state=quick
	// or state=any.
	StateQuick State = "quick"
	// StateInterrupted is a run stopped before its end (record.Run's
	// Complete is false): it holds only what was measured before that.
	StateInterrupted State = "interrupted"
	// StateSimulated is a run of the simulated GPU (backend "simulated",
	// device "Fake GPU"): its numbers are not measurements.
	StateSimulated State = "simulated"

	// StateAny is not a state but a filter's way to select every run.
	StateAny State = "any"
)

// states are the states a run can be in, for messages and parsing.
var states = []State{StateComplete, StateQuick, StateInterrupted, StateSimulated}

// StateOf is the state Add stores a run under. A simulated run is
// simulated even when it was interrupted or quick, and an interrupted run
// interrupted even when it was quick.
func StateOf(run *record.Run) State {
	switch {
	case backendOf(run) == simulated || run.Device.Backend == simulated || run.Device.Name == fakeGPU:
		return StateSimulated
	case !run.Complete:
		return StateInterrupted
	case run.Quick:
		return StateQuick
	}
	return StateComplete
}

// The simulated backend's marks in a run: its backend (record.Tool and
// record.Device) and the simulated GPU's name (package backend/sim).
const (
	simulated = "simulated"
	fakeGPU   = "Fake GPU"
)

// Errors of Add for runs it keeps only when asked (AddOptions), wrapped
// with the run's file and what to do.
var (
	ErrInterrupted = errors.New("the run was interrupted and holds only what it measured before it stopped")
	ErrSimulated   = errors.New("the run is of the simulated GPU: its numbers are not measurements")
)

// AddOptions says which runs AddWith keeps that Add refuses. A kept run
// is stored under its state (StateOf), which List shows and Set's default
// filter leaves out.
type AddOptions struct {
	AllowInterrupted bool // keep an interrupted run (StateInterrupted)
	AllowSimulated   bool // keep a run of the simulated GPU (StateSimulated)
}

// refuse returns the error for a run opts do not let AddWith keep, or
// nil.
func (opts AddOptions) refuse(run *record.Run, source string) error {
	var err error
	var flag string
	switch StateOf(run) {
	case StateInterrupted:
		if opts.AllowInterrupted {
			return nil
		}
		err, flag = ErrInterrupted, "--allow-interrupted"
	case StateSimulated:
		if opts.AllowSimulated {
			return nil
		}
		err, flag = ErrSimulated, "--allow-simulated"
	default:
		return nil
	}
	return fmt.Errorf("%w: %s (%s, %s); pass %s to keep it, marked %s", err, source, run.Device.Name, run.Device.UUID, flag, StateOf(run))
}

// parseState reads a filter's state: one of states, or "any".
func parseState(v string) (State, error) {
	if v == string(StateAny) {
		return StateAny, nil
	}
	for _, st := range states {
		if v == string(st) {
			return st, nil
		}
	}
	return "", fmt.Errorf("%q is not a state (complete, quick, interrupted, simulated or any)", v)
}
