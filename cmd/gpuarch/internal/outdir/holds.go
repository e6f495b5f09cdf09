package outdir

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Names of the files and folders that make up a run inside its folder.
const (
	// ResultsJSON is a one-GPU run's results; its "complete" field says
	// whether the run ended.
	ResultsJSON = "results.json"
	// SummaryJSON is a multi-GPU run's host summary, written when every
	// GPU's run has ended (or was cut short); it seals the run.
	SummaryJSON = "summary.json"
)

// State is what an output folder holds.
type State int

const (
	// Empty: the folder is missing or holds no results.json (neither its
	// own nor a gpu<N>/ folder's).
	Empty State = iota
	// Interrupted: a run that did not end ("complete": false), or a
	// multi-GPU run not sealed by summary.json.
	Interrupted
	// Complete: a run that ended.
	Complete
	// Unreadable: a results.json that cannot be read or decoded, or has
	// no boolean "complete" field. It is protected as a complete run is:
	// it may be one that this gpuarch cannot read.
	Unreadable
)

func (s State) String() string {
	switch s {
	case Empty:
		return "empty"
	case Interrupted:
		return "interrupted"
	case Complete:
		return "complete"
	case Unreadable:
		return "unreadable"
	}
	return fmt.Sprintf("State(%d)", int(s))
}

// Protected reports whether a run in this state is replaced only with
// Options.Force: a complete run, or one that cannot be read.
func (s State) Protected() bool { return s == Complete || s == Unreadable }

// Holds says what dir holds, by this rule:
//
//   - dir/results.json exists: a one-GPU run, Complete or Interrupted as its
//     "complete" field says, Unreadable if it cannot be read or decoded or
//     has no boolean "complete" field. gpu<N>/ folders beside it are not
//     looked at.
//   - otherwise, the gpu<N>/ folders (N decimal) holding a results.json
//     make a multi-GPU run: Unreadable if any of those is; Complete if all
//     say complete and dir/summary.json exists; Interrupted otherwise.
//   - neither: Empty (summary.json alone, a multi-GPU run whose every GPU
//     failed before measuring, counts as Empty).
//
// A missing dir is Empty. The error is for a dir that cannot be listed or
// is not a folder; an unreadable results.json is a State, not an error.
// Holds reads the whole of each results.json (it is JSON: there is no
// cheaper way to know it is whole).
func Holds(dir string) (State, error) {
	h, err := inspect(dir)
	return h.state, err
}

// holding is what inspect learns of a folder.
type holding struct {
	state State
	// multi: the run is a multi-GPU one (gpu<N>/results.json).
	multi bool
	// started is the earliest "started" time of its results (zero if
	// none says).
	started time.Time
	// mod is the latest modification time of its results.json files.
	mod time.Time
	// reason says why the run is Unreadable.
	reason error
}

func inspect(dir string) (holding, error) {
	fi, err := os.Stat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return holding{}, nil
	}
	if err != nil {
		return holding{}, err
	}
	if !fi.IsDir() {
		return holding{}, fmt.Errorf("%s is not a folder", dir)
	}
	if h, ok := readResults(filepath.Join(dir, ResultsJSON)); ok {
		return h, nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return holding{}, err
	}
	h := holding{multi: true}
	n, all := 0, true
	for _, e := range entries {
		if !e.IsDir() || !isGPUName(e.Name()) {
			continue
		}
		g, ok := readResults(filepath.Join(dir, e.Name(), ResultsJSON))
		if !ok {
			continue
		}
		n++
		all = all && g.state == Complete
		if g.state == Unreadable && h.reason == nil {
			h.reason = fmt.Errorf("%s/%w", e.Name(), g.reason)
		}
		if !g.started.IsZero() && (h.started.IsZero() || g.started.Before(h.started)) {
			h.started = g.started
		}
		if g.mod.After(h.mod) {
			h.mod = g.mod
		}
	}
	switch {
	case n == 0:
		return holding{}, nil
	case h.reason != nil:
		h.state = Unreadable
	case all && exists(filepath.Join(dir, SummaryJSON)):
		h.state = Complete
	default:
		h.state = Interrupted
	}
	return h, nil
}

// readResults reads the results.json at path; ok is false when there is
// none.
func readResults(path string) (h holding, ok bool) {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return holding{}, false
	}
	h.state = Unreadable
	if err != nil {
		h.reason = err
		return h, true
	}
	h.mod = fi.ModTime()
	if fi.IsDir() {
		h.reason = fmt.Errorf("%s is a folder", ResultsJSON)
		return h, true
	}
	data, err := os.ReadFile(path)
	if err != nil {
		h.reason = err
		return h, true
	}
	complete, started, err := decode(data)
	if err != nil {
		h.reason = fmt.Errorf("%s: %w", ResultsJSON, err)
		return h, true
	}
	h.state, h.started = Interrupted, started
	if complete {
		h.state = Complete
	}
	return h, true
}

// decode reads the "complete" field of a results.json, and its "started"
// time when that is one (zero otherwise). Other fields are not looked at.
func decode(data []byte) (complete bool, started time.Time, err error) {
	var head struct {
		Complete *bool           `json:"complete"`
		Started  json.RawMessage `json:"started"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return false, time.Time{}, fmt.Errorf("not a results file: %w", err)
	}
	if head.Complete == nil {
		return false, time.Time{}, errors.New(`not a results file: no boolean "complete" field`)
	}
	_ = json.Unmarshal(head.Started, &started) // a time if it is one
	return *head.Complete, started, nil
}

// isGPUName reports whether name is gpu<N>, N decimal.
func isGPUName(name string) bool {
	num, ok := strings.CutPrefix(name, "gpu")
	if !ok || num == "" {
		return false
	}
	for _, c := range num {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}
