package record

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// ErrSchema is wrapped by Decode when a file was written with another schema
// version.
var ErrSchema = errors.New("unsupported results schema")

// MaxFileBytes is the most ReadFile and Decode read of one results file:
// 1 GiB. The largest recorded results.json is about 11 MB, so this leaves
// room for runs a hundred times larger, while a wrong path (/dev/zero, a
// disk image) is refused before it takes the machine's memory.
const MaxFileBytes = 1 << 30

// ReadLimited returns the contents of the regular file at path, refusing,
// with an error that names path, anything else: a directory, a device such
// as /dev/zero, a named pipe (which is never opened: opening one waits for
// a writer) or socket, and a file of more than limit bytes. The size is
// checked while reading, not only from the file's metadata, so a file that
// grows (or lies about its size) is still cut off at limit+1 bytes. Readers
// of files given on the command line (results, listings, kernels) use it
// so that every such file obeys one rule.
func ReadLimited(path string, limit int64) ([]byte, error) {
	// Stat before opening: open on a named pipe blocks until a writer
	// comes.
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := regular(path, fi, limit); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// The file opened may not be the one examined.
	if fi, err = f.Stat(); err != nil {
		return nil, err
	}
	if err := regular(path, fi, limit); err != nil {
		return nil, err
	}
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	if int64(len(b)) > limit {
		return nil, tooLarge(path, limit)
	}
	return b, nil
}

// regular refuses fi unless it is a regular file of at most limit bytes.
func regular(path string, fi os.FileInfo, limit int64) error {
	m := fi.Mode()
	if !m.IsRegular() {
		kind := "not a plain file"
		switch {
		case m.IsDir():
			kind = "a directory"
		case m&os.ModeNamedPipe != 0:
			kind = "a named pipe"
		case m&os.ModeSocket != 0:
			kind = "a socket"
		case m&os.ModeDevice != 0:
			kind = "a device"
		}
		return fmt.Errorf("%s is not a regular file (it is %s): give the path of a file", path, kind)
	}
	if fi.Size() > limit {
		return tooLarge(path, limit)
	}
	return nil
}

func tooLarge(path string, limit int64) error {
	return fmt.Errorf("%s is larger than %d bytes, the most gpuarch reads of one file: is it the file meant?", path, limit)
}

// Encode writes run as indented JSON.
func Encode(w io.Writer, run *Run) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(run); err != nil {
		return fmt.Errorf("encode results: %w", err)
	}
	return nil
}

// gzipMagic starts every gzip stream (RFC 1952).
var gzipMagic = []byte{0x1f, 0x8b}

// Decode reads a run, rejecting unknown fields, other schema versions and
// trailing data, so a malformed or foreign file is an error, never a run
// with silently missing numbers. A gzip-compressed run (a results.json.gz,
// as the recorded runs are kept) is read alike. It reads at most
// MaxFileBytes of r, and of the JSON inside a gzip stream.
func Decode(r io.Reader) (*Run, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read results: %w", err)
	}
	if len(data) > MaxFileBytes {
		return nil, fmt.Errorf("read results: more than %d bytes, the most gpuarch reads of one file", MaxFileBytes)
	}
	if bytes.HasPrefix(data, gzipMagic) {
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("read compressed results: %w", err)
		}
		if data, err = io.ReadAll(io.LimitReader(zr, MaxFileBytes+1)); err != nil {
			return nil, fmt.Errorf("read compressed results: %w", err)
		}
		if len(data) > MaxFileBytes {
			return nil, fmt.Errorf("read compressed results: more than %d bytes once decompressed, the most gpuarch reads of one file", MaxFileBytes)
		}
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

// ReadFile decodes the run in path; errors name the file. It reads only a
// regular file of at most MaxFileBytes (see ReadLimited).
func ReadFile(path string) (*Run, error) {
	b, err := ReadLimited(path, MaxFileBytes)
	if err != nil {
		return nil, err
	}
	run, err := Decode(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return run, nil
}

// FileMode is the mode of the files gpuarch writes: readable by all, as
// results are shared.
const FileMode = 0o644

// WriteFile writes run to path atomically: a reader (or a crash) sees the old
// file or the new one, never half of one. A path ending in ".gz" is
// written gzip-compressed. The folder must exist.
func WriteFile(path string, run *Run) error {
	var buf bytes.Buffer
	if strings.HasSuffix(path, ".gz") {
		zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		if err != nil {
			return err
		}
		if err := Encode(zw, run); err != nil {
			return err
		}
		if err := zw.Close(); err != nil {
			return fmt.Errorf("compress results: %w", err)
		}
		return writeAtomic(path, buf.Bytes())
	}
	if err := Encode(&buf, run); err != nil {
		return err
	}
	return writeAtomic(path, buf.Bytes())
}

// Names of a run's results file in its folder: written plain by a run,
// kept compressed where runs are recorded (results/<GPU>/).
const (
	ResultsName           = "results.json"
	CompressedResultsName = ResultsName + ".gz"
)

// Locate returns the results file in dir: results.json, or else
// results.json.gz; the error wraps fs.ErrNotExist when dir holds neither.
func Locate(dir string) (string, error) {
	for _, name := range []string{ResultsName, CompressedResultsName} {
		p := filepath.Join(dir, name)
		if _, err := os.Stat(p); err == nil || !errors.Is(err, fs.ErrNotExist) {
			return p, err
		}
	}
	return "", fmt.Errorf("%s holds no %s or %s: %w", dir, ResultsName, CompressedResultsName, fs.ErrNotExist)
}

// writeAtomic writes data to a temporary file beside path and renames it.
func writeAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	tmp := f.Name()
	// CreateTemp makes the file 0600; a results file is as readable as
	// the documents written beside it.
	if err := f.Chmod(FileMode); err != nil {
		f.Close()
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", path, err)
	}
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
