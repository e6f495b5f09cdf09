package cli

import (
	"fmt"
	"path/filepath"

	"github.com/gpuarch/gpuarch/compare"
	"github.com/gpuarch/gpuarch/record"
)

// betweenNone is the --between value that gives compare no repeat runs.
const betweenNone = "none"

// repeatName is the file of a model's repeat runs beside its recorded
// results (results/<GPU>/repeat-results.json, or .json.gz).
const repeatName = "repeat-" + record.ResultsName

// cmdCompare sets results file b beside a (compare.RunsWith), each
// figure's noise floor raised by its spread over repeat runs of A's GPU
// model: the runs in the between files, or, where none is given, those
// recorded beside a (repeatsNear). "none" among between gives none.
func (e *Env) cmdCompare(a, b string, between []string, alpha float64, all bool) error {
	if err := checkAlpha(alpha); err != nil {
		return err
	}
	runs := make([]*record.Run, 2)
	for i, path := range []string{a, b} {
		r, err := record.ReadFile(path)
		if err != nil {
			return err
		}
		runs[i] = r
	}
	rp, err := repeatsFrom("--between", between, a)
	if err != nil {
		return err
	}
	res, err := compare.RunsWith(runs[0], runs[1], compare.Options{Alpha: alpha, Repeats: rp})
	if err != nil {
		return err
	}
	return res.WriteMarkdown(e.Stdout, a, b, all)
}

// repeatsFrom reads the repeat runs a flag named (files, each a results
// file or several runs): none for betweenNone alone, those recorded beside
// near (repeatsNear) where no file is named. betweenNone beside files is
// a usage error.
func repeatsFrom(flag string, files []string, near string) (*compare.Repeats, error) {
	switch {
	case len(files) == 1 && files[0] == betweenNone:
		return nil, nil
	case len(files) == 0:
		return repeatsNear(near), nil
	}
	rp := &compare.Repeats{}
	for _, path := range files {
		if path == betweenNone {
			return nil, usagef("%s %s gives no runs, and cannot stand beside files", flag, betweenNone)
		}
		if err := addRuns(rp, path); err != nil {
			return nil, err
		}
	}
	return rp, nil
}

// addRuns adds the runs in the file at path (compare.ReadRuns: a results
// file, or several runs) to rp.
func addRuns(rp *compare.Repeats, path string) error {
	runs, err := compare.ReadRuns(path)
	if err != nil {
		return err
	}
	for _, r := range runs {
		rp.Runs = append(rp.Runs, r)
		rp.Files = append(rp.Files, path)
	}
	return nil
}

// repeatsNear reads the runs recorded beside the results file at path, as
// results/<GPU>/ keeps them: the folder's results file (results.json, or
// .json.gz) and its repeat runs (repeat-results.json, or .json.gz, one run
// or several). compare uses those of A's model and backend other than B
// (A among them, as a baseline beside its repeats), and says when they
// were only A and B. A file that cannot be read is left out; nil where
// none is found.
func repeatsNear(path string) *compare.Repeats {
	dir := filepath.Dir(path)
	rp := &compare.Repeats{}
	if p, err := record.Locate(dir); err == nil {
		_ = addRuns(rp, p)
	}
	for _, name := range []string{repeatName, repeatName + ".gz"} {
		if err := addRuns(rp, filepath.Join(dir, name)); err == nil {
			break
		}
	}
	if len(rp.Runs) == 0 {
		return nil
	}
	return rp
}

// cmdVariability writes how much each figure varies between the runs in
// paths (repeat runs of one GPU model; a file may hold several, as save
// writes them): compare.WriteVariability. Runs of different GPU models
// are refused: their differences are the models'. With save set it also
// writes the runs, reduced to what compare and variability read, into
// that one file (compare.WriteRuns), for compare --between.
func (e *Env) cmdVariability(paths []string, save string, all bool) error {
	var runs []*record.Run
	var names []string
	for _, p := range paths {
		rs, err := compare.ReadRuns(p)
		if err != nil {
			return err
		}
		for i, r := range rs {
			if len(runs) > 0 && r.Device.Name != runs[0].Device.Name {
				return usagef("%s is of a %s and %s of a %s: variability is between runs of one GPU model", names[0], runs[0].Device.Name, p, r.Device.Name)
			}
			name := p
			if len(rs) > 1 {
				name = fmt.Sprintf("%s, run %d", p, i+1)
			}
			runs, names = append(runs, r), append(names, name)
		}
	}
	if len(runs) < 2 {
		return usagef("%s holds one run: variability needs two or more runs of one GPU model", paths[0])
	}
	if save != "" {
		if err := compare.WriteRuns(save, runs); err != nil {
			return err
		}
	}
	return compare.WriteVariability(e.Stdout, runs, names, all)
}
