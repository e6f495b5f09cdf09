package record

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// ErrSchema is wrapped by Decode when a file was written with another schema
// version.
var ErrSchema = errors.New("unsupported results schema")

// Encode writes run as indented JSON.
func Encode(w io.Writer, run *Run) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(run); err != nil {
		return fmt.Errorf("encode results: %w", err)
	}
	return nil
}

// Decode reads a run, rejecting unknown fields, other schema versions and
// trailing data, so a malformed or foreign file is an error, never a run
// with silently missing numbers.
func Decode(r io.Reader) (*Run, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("read results: %w", err)
	}
	// The version first: a file of another version may have other fields.
	var head struct {
		Schema *int `json:"schema"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, fmt.Errorf("not a gpuarch results file: %w", err)
	}
	if head.Schema == nil {
		return nil, errors.New("not a gpuarch results file: no \"schema\" field")
	}
	if *head.Schema != SchemaVersion {
		return nil, fmt.Errorf("%w: version %d (this gpuarch reads version %d)", ErrSchema, *head.Schema, SchemaVersion)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var run Run
	if err := dec.Decode(&run); err != nil {
		return nil, fmt.Errorf("malformed results: %w", err)
	}
	if dec.More() {
		return nil, errors.New("malformed results: trailing data after the JSON object")
	}
	if err := run.Validate(); err != nil {
		return nil, fmt.Errorf("malformed results: %w", err)
	}
	return &run, nil
}

// Validate checks the invariants every reader relies on.
func (run *Run) Validate() error {
	seen := map[string]bool{}
	for i, r := range run.Records {
		if r.ID == "" {
			return fmt.Errorf("record %d has no id", i)
		}
		if seen[r.ID] {
			return fmt.Errorf("record id %q appears twice", r.ID)
		}
		seen[r.ID] = true
		switch r.Status {
		case StatusOK, StatusInvalid, StatusFailed, StatusSkipped:
		default:
			return fmt.Errorf("record %q has unknown status %q", r.ID, r.Status)
		}
	}
	return nil
}

// ReadFile decodes the run in path; errors name the file.
func ReadFile(path string) (*Run, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	run, err := Decode(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return run, nil
}

// WriteFile writes run to path atomically: a reader (or a crash) sees the old
// file or the new one, never half of one. The folder must exist.
func WriteFile(path string, run *Run) error {
	var buf bytes.Buffer
	if err := Encode(&buf, run); err != nil {
		return err
	}
	return writeAtomic(path, buf.Bytes())
}

// writeAtomic writes data to a temporary file beside path and renames it.
func writeAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	tmp := f.Name()
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// Find returns the record with the given id.
func (run *Run) Find(id string) (*Record, bool) {
	for i := range run.Records {
		if run.Records[i].ID == id {
			return &run.Records[i], true
		}
	}
	return nil, false
}
