package analyze

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/gpuarch/gpuarch/record"
)

// FindResults is the recorded results file to predict machine code of
// arch ("sm_90", "sm_90a"; "" when the input does not say) from, in a
// gpuarch checkout: dir or the nearest of its parents holding
// results/<name>/results.json files. Of those, it keeps the CUDA runs
// (device backend "cuda", or "" in older files) of a GPU whose compute
// capability is arch's ("9.0" for sm_90 and sm_90a; every one for arch
// ""), reading only each file's header. model is the GPU the code is
// for, as its driver names it ("NVIDIA H200"); a caller passes the GPU of
// the machine it runs on when that GPU runs arch's code, else "".
//
// With model, the run of that GPU is the answer, and its absence an error
// listing what is recorded. Without, a single run for arch is the answer;
// several are an error naming them, since a cubin does not say which GPU
// model it is for (the H100 and the H200 both run sm_90). Every error
// says to pass a results file instead.
func FindResults(dir, arch, model string) (string, error) {
	cc := ""
	if arch != "" {
		var ok bool
		if cc, ok = computeCapability(arch); !ok {
			return "", fmt.Errorf("architecture %q: want sm_<major><minor>, as sm_90", arch)
		}
	}
	root, files, err := resultsTree(dir)
	if err != nil {
		return "", err
	}
	var cuda, cands []recorded
	for _, p := range files {
		r := recorded{path: p, rel: p}
		if rel, err := filepath.Rel(root, p); err == nil {
			r.rel = rel
		}
		d, err := readDevice(p)
		if err != nil {
			// A file that is not a results file of this version is
			// not a candidate; its name goes into the errors below.
			r.err = err
			cuda = append(cuda, r)
			continue
		}
		if d.Backend != "" && d.Backend != "cuda" {
			continue
		}
		r.dev = d
		cuda = append(cuda, r)
		if cc == "" || d.ComputeCapability == cc {
			cands = append(cands, r)
		}
	}
	where := filepath.Join(root, "results")
	code := arch + " machine code"
	if arch == "" {
		code = "machine code of an unknown architecture"
	}
	if len(cands) == 0 {
		return "", fmt.Errorf("no recorded results for %s in %s (recorded: %s): measure a GPU that runs it with gpuarch run and pass --results FILE", archOrUnknown(arch), where, describe(cuda, "no CUDA run"))
	}
	if model != "" {
		var hits []recorded
		for _, r := range cands {
			if strings.EqualFold(r.dev.Name, model) || filepath.Base(filepath.Dir(r.path)) == model {
				hits = append(hits, r)
			}
		}
		switch len(hits) {
		case 1:
			return hits[0].path, nil
		case 0:
			return "", fmt.Errorf("no recorded results for %s in %s (recorded for %s: %s): measure it with gpuarch run, or pass --results FILE", model, where, code, describe(cands, ""))
		}
		return "", fmt.Errorf("results for %s are recorded %d times in %s (%s): pass --results FILE", model, len(hits), where, describe(hits, ""))
	}
	if len(cands) == 1 {
		return cands[0].path, nil
	}
	return "", fmt.Errorf("results for %s are recorded for %d GPUs in %s (%s), and a cubin does not say which GPU model it is for: pass --results FILE (or run on the GPU itself)", code, len(cands), where, describe(cands, ""))
}

// DefaultResults is FindResults(root, arch, ""): the one recorded run
// for arch, an error when there are several.
//
// Deprecated: use FindResults, which takes the GPU model the code is for.
func DefaultResults(root, arch string) (string, error) {
	return FindResults(root, arch, "")
}

// recorded is a results file FindResults considered.
type recorded struct {
	path string
	// rel is path from the checkout's root.
	rel string
	dev record.Device
	// err says why the file's header could not be read.
	err error
}

// describe lists runs for an error message, none when there are none.
func describe(rs []recorded, none string) string {
	if len(rs) == 0 {
		return none
	}
	var out []string
	for _, r := range rs {
		switch {
		case r.err != nil:
			out = append(out, fmt.Sprintf("%s unreadable: %v", r.rel, r.err))
		case r.dev.ComputeCapability != "":
			out = append(out, fmt.Sprintf("%s, compute capability %s: %s", r.dev.Name, r.dev.ComputeCapability, r.rel))
		default:
			out = append(out, fmt.Sprintf("%s: %s", r.dev.Name, r.rel))
		}
	}
	return strings.Join(out, "; ")
}

// resultsTree finds the nearest of dir and its parents that holds
// results/*/results.json (or results.json.gz), and those files, sorted.
func resultsTree(dir string) (root string, files []string, err error) {
	start, err := filepath.Abs(dir)
	if err != nil {
		return "", nil, fmt.Errorf("find results: %w", err)
	}
	for d := start; ; {
		dirs, _ := filepath.Glob(filepath.Join(d, "results", "*"))
		var files []string
		for _, g := range dirs {
			if p, err := record.Locate(g); err == nil {
				files = append(files, p)
			}
		}
		if len(files) > 0 {
			sort.Strings(files)
			return d, files, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", nil, fmt.Errorf("no results/<GPU>/results.json in %s or its parents (a gpuarch checkout has them): pass --results FILE", start)
		}
		d = parent
	}
}

// readDevice decodes the schema and device of a results file, reading
// no further than them (they come first in what record.Encode writes).
func readDevice(path string) (record.Device, error) {
	f, err := os.Open(path)
	if err != nil {
		return record.Device{}, err
	}
	defer f.Close()
	var r io.Reader = bufio.NewReader(f)
	if head, _ := r.(*bufio.Reader).Peek(2); len(head) == 2 && head[0] == 0x1f && head[1] == 0x8b {
		// A recorded run kept compressed (results.json.gz).
		zr, err := gzip.NewReader(r)
		if err != nil {
			return record.Device{}, fmt.Errorf("read compressed results: %w", err)
		}
		r = zr
	}
	dec := json.NewDecoder(r)
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return record.Device{}, errors.New("not a gpuarch results file: not a JSON object")
	}
	var schema *int
	var dev *record.Device
	for dec.More() && (schema == nil || dev == nil) {
		t, err := dec.Token()
		if err != nil {
			return record.Device{}, fmt.Errorf("malformed results: %w", err)
		}
		switch t {
		case "schema":
			err = dec.Decode(&schema)
		case "device":
			err = dec.Decode(&dev)
		default:
			var skip json.RawMessage
			err = dec.Decode(&skip)
		}
		if err != nil {
			return record.Device{}, fmt.Errorf("malformed results: %w", err)
		}
	}
	switch {
	case schema == nil:
		return record.Device{}, errors.New("not a gpuarch results file: no \"schema\" field")
	case *schema != record.SchemaVersion:
		return record.Device{}, fmt.Errorf("%w: version %d (this gpuarch reads version %d)", record.ErrSchema, *schema, record.SchemaVersion)
	case dev == nil:
		return record.Device{}, errors.New("malformed results: no \"device\" field")
	}
	return *dev, nil
}

// computeCapability is arch's compute capability: "9.0" for sm_90 and
// sm_90a, "10.0" for sm_100f.
func computeCapability(arch string) (string, bool) {
	s, ok := strings.CutPrefix(arch, "sm_")
	s = strings.TrimRight(s, "abcdefghijklmnopqrstuvwxyz")
	if !ok || len(s) < 2 || strings.Trim(s, "0123456789") != "" {
		return "", false
	}
	return s[:len(s)-1] + "." + s[len(s)-1:], true
}

func archOrUnknown(a string) string {
	if a == "" {
		return "an unknown architecture"
	}
	return a
}
