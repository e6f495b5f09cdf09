package site

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	"github.com/gpuarch/gpuarch/record"
)

// Input is one run the site shows: a GPU measured through one backend.
type Input struct {
	Run *record.Run
	// Source says where the run came from (a file's path, a store's
	// filter), for the site's list of GPUs.
	Source string
	// Variant, where set, names what sets the run apart from others of
	// its GPU and backend in the column's label ("stored runs").
	Variant string
}

// StoreSet makes an Input of a set of stored runs (store.Set merges them
// into one run): the store keeps each record's ID, operation, unit and
// values, not its subject, details or machine code, so the subject is
// read back from the ID ("alu/fma.rn.f32/latency" -> "fma.rn.f32") and
// the record pages show the values alone.
func StoreSet(run *record.Run, source string) Input {
	for i := range run.Records {
		r := &run.Records[i]
		if r.Subject == "" {
			r.Subject = record.GuessSubject(r.ID, r.Suite)
		}
	}
	return Input{Run: run, Source: source, Variant: "stored runs"}
}

// Load reads results files and folders of them, in the order given: a
// folder contributes every results.json below it (or results.json.gz,
// as recorded runs are kept, where a folder has no results.json), in
// lexical order of path. Quick runs (`run --quick`, a health check whose records keep the
// full run's IDs) are left out of a folder, each with a note saying so;
// a quick run named as a file is kept. A path that is neither a results
// file nor a folder holding one is an error, and so is a file that does
// not parse.
func Load(paths []string) (inputs []Input, notes []string, err error) {
	seen := map[string]bool{}
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, notes, err
		}
		if !st.IsDir() {
			if seen[filepath.Clean(p)] {
				continue
			}
			seen[filepath.Clean(p)] = true
			run, err := record.ReadFile(p)
			if err != nil {
				return nil, notes, fmt.Errorf("%s: %w", p, err)
			}
			inputs = append(inputs, Input{Run: run, Source: p})
			continue
		}
		var files []string
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil || !d.IsDir() {
				return err
			}
			if f, err := record.Locate(path); err == nil {
				files = append(files, f)
			}
			return nil
		})
		if err != nil {
			return nil, notes, err
		}
		sort.Strings(files)
		found := 0
		for _, f := range files {
			if seen[filepath.Clean(f)] {
				continue
			}
			seen[filepath.Clean(f)] = true
			run, err := record.ReadFile(f)
			if err != nil {
				return nil, notes, fmt.Errorf("%s: %w", f, err)
			}
			found++
			if run.Quick {
				notes = append(notes, fmt.Sprintf("%s: a quick run (a health check), left out; name the file to include it", f))
				continue
			}
			inputs = append(inputs, Input{Run: run, Source: f})
		}
		if found == 0 {
			return nil, notes, fmt.Errorf("%s: no %s or %s below this folder", p, record.ResultsName, record.CompressedResultsName)
		}
	}
	if len(inputs) == 0 {
		return nil, notes, fmt.Errorf("no results to show")
	}
	return inputs, notes, nil
}
