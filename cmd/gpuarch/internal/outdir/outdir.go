// Package outdir puts a run's results into its output folder (--out) so
// that no run is lost: not a complete run to a later one, not an
// interrupted run to anything.
//
// A run writes into a fresh staging folder, DIR/.gpuarch-partial-<UTC
// stamp>-<pid> (hidden, and inside DIR so that moving it is a rename on
// one file system), and Finish moves it into place when the run ends.
// Until then DIR is not touched: a process killed with SIGKILL leaves DIR
// as it was and its results so far in the staging folder, where --resume
// finds them.
//
// What a folder holds is a State (see Holds): Empty, Interrupted,
// Complete, or Unreadable (a results.json this package cannot decode,
// protected as a complete run is). The rules:
//
//   - Begin refuses, with an error wrapping ErrExists, a DIR holding a
//     Complete or Unreadable run, unless Options.Force (replace it) or
//     Options.Resume (continue an interrupted run; the complete one stays
//     unless Force) is given. It refuses before any GPU time is spent.
//   - A complete run (Finish(true)) moves into DIR, replacing the run there
//     if DIR is Empty or Interrupted, or with Force. If DIR holds a
//     Complete or Unreadable run and Force was not given (a run resumed
//     beside a complete one, or a complete run written by another process
//     meanwhile), it goes beside: DIR/run-<UTC stamp>.
//   - An interrupted run (Finish(false)) never replaces anything, not even
//     with Force: it moves into DIR only if DIR is Empty (or holds the
//     interrupted run it continued, which it contains), and otherwise
//     goes beside: DIR/interrupted-<UTC stamp>.
//   - A run that measured nothing (no results.json in the staging folder)
//     is removed, and so is DIR if Begin made it and it is left empty.
//
// Moving into DIR renames each top-level entry of the staging folder into
// DIR. The entries of the run DIR held before (results.json,
// summary.json, results.md, results.html, plots/, quick.md, summary.md,
// links.json, gpu<N>/) and any same-named entry are first renamed into a
// hidden DIR/.gpuarch-replaced-<stamp>-<pid> folder, removed at the end;
// other files in DIR, and the folders beside (run-*, interrupted-*), stay.
// The old results.json and summary.json go aside first and the new ones
// come in last, so at every moment a complete results.json in DIR (or a
// summary.json beside complete gpu<N>/results.json) means its whole run
// is there. A crash in the middle leaves DIR Empty or Interrupted, the new
// run's rest in the staging folder (resumable) and the old run's rest in
// the .gpuarch-replaced- folder, which is removed by hand.
//
// Resume continues the newest (by its results.json's modification time)
// of: DIR's own run if Interrupted, DIR/interrupted-*/ folders holding an
// interrupted run, and DIR/.gpuarch-partial-*/ staging folders holding a
// run (complete or not) whose process is no longer running. It copies,
// never moves, that run into the new staging folder, so an interruption
// of the resumed run loses nothing the first one had; after a successful
// Finish, the folder it continued is removed (unless it is DIR itself,
// whose run has been replaced by then or sits beside the new one).
//
// Everything this package creates has FileMode or DirMode (less the
// umask). It does not print, exit, or know anything of GPUs; the file
// names above are the whole of what it knows of a run.
package outdir

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gpuarch/gpuarch/record"
)

// Permissions of what a run writes. The caller writes its files in the
// staging folder with FileMode too (os.WriteFile(path, data, FileMode));
// a file made by os.CreateTemp is 0600 and must be chmod'ed to FileMode.
const (
	FileMode fs.FileMode = record.FileMode
	DirMode  fs.FileMode = 0o755
)

// Prefixes of the folders this package makes in DIR.
const (
	// StagingPrefix names a running (or killed) run's staging folder.
	StagingPrefix = ".gpuarch-partial-"
	// ReplacedPrefix names the folder a replaced run is moved into while
	// a new one moves in.
	ReplacedPrefix = ".gpuarch-replaced-"
	// InterruptedPrefix names an interrupted run kept beside DIR's run.
	InterruptedPrefix = "interrupted-"
	// RunPrefix names a complete run kept beside DIR's complete run.
	RunPrefix = "run-"
)

// stampLayout is the UTC time in the names above.
const stampLayout = "20060102T150405Z"

// ErrExists is wrapped by Begin's error when DIR holds a complete or
// unreadable run and Options.Force is not set. The error is an
// *ExistsError.
var ErrExists = errors.New("the output folder holds a complete run")

// ErrNothingToResume is wrapped by Begin's error when Options.Resume is
// set and there is no interrupted run to continue.
var ErrNothingToResume = errors.New("no interrupted run to resume")

// ExistsError is Begin's refusal to write over a run.
type ExistsError struct {
	Dir   string
	State State // Complete or Unreadable
	// Started is when the run started, from its results.json (zero if
	// unknown).
	Started time.Time
	// Reason is why an Unreadable run cannot be read.
	Reason error
}

func (e *ExistsError) Error() string {
	if e.State == Unreadable {
		return fmt.Sprintf("%s holds a run that cannot be read (%v): pass --force to replace it, or choose another --out", e.Dir, e.Reason)
	}
	of := ""
	if !e.Started.IsZero() {
		of = fmt.Sprintf(" (results.json of %s)", e.Started.UTC().Format("2006-01-02 15:04:05 UTC"))
	}
	return fmt.Sprintf("%s holds a complete run%s: pass --force to replace it, --resume to continue an interrupted one, or choose another --out", e.Dir, of)
}

// Is makes errors.Is(err, ErrExists) true.
func (e *ExistsError) Is(target error) bool { return target == ErrExists }

// Options are Begin's choices.
type Options struct {
	// Force allows a complete run to replace the complete (or
	// unreadable) run in DIR.
	Force bool
	// Resume continues an interrupted run (see the package comment).
	Resume bool
	// Now is the clock the folder names are stamped with (time.Now if
	// nil).
	Now func() time.Time
}

// Output is a run being written: into Dir() until Finish or Abandon.
// It is not safe for concurrent use.
type Output struct {
	dir, stage string
	created    bool // Begin made dir
	force      bool
	resumed    string // the folder continued, "" if none
	now        func() time.Time
	done       bool
}

// Begin prepares to write a run into dir, before any GPU time is spent:
// it makes dir (DirMode) if missing, refuses a dir holding a complete or
// unreadable run without opt.Force or opt.Resume (an error wrapping
// ErrExists; dir is left untouched), finds the run to continue with
// opt.Resume (ErrNothingToResume if none), and makes the staging folder,
// which proves dir writable. With opt.Resume the run continued is copied
// into the staging folder.
func Begin(dir string, opt Options) (*Output, error) {
	if dir == "" {
		return nil, errors.New("no output folder given")
	}
	o := &Output{dir: dir, force: opt.Force, now: opt.Now}
	if o.now == nil {
		o.now = time.Now
	}
	h, err := inspect(dir)
	if err != nil {
		return nil, fmt.Errorf("the output folder: %w", err)
	}
	if h.state.Protected() && !opt.Force && !opt.Resume {
		return nil, &ExistsError{Dir: dir, State: h.state, Started: h.started, Reason: h.reason}
	}
	if opt.Resume {
		list, err := Resumable(dir)
		if err != nil {
			return nil, err
		}
		if len(list) == 0 {
			return nil, fmt.Errorf("%w in %s: no results.json with \"complete\": false in it or in its %s*/ folders", ErrNothingToResume, dir, InterruptedPrefix)
		}
		o.resumed = list[0]
	}
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		if err := os.MkdirAll(dir, DirMode); err != nil {
			return nil, fmt.Errorf("cannot create the output folder: %w", err)
		}
		o.created = true
	}
	stage, err := reserve(dir, fmt.Sprintf("%s%s-%d", StagingPrefix, o.stamp(), os.Getpid()))
	if err != nil {
		o.removeCreated()
		return nil, fmt.Errorf("cannot write in the output folder %s: %w", dir, err)
	}
	o.stage = stage
	if o.resumed != "" {
		keep := func(string) bool { return true }
		if o.resumed == dir {
			keep = isRunEntry
		}
		if err := copyTree(o.resumed, stage, keep); err != nil {
			os.RemoveAll(stage)
			o.removeCreated()
			return nil, fmt.Errorf("copy the interrupted run in %s: %w", o.resumed, err)
		}
	}
	return o, nil
}

// Dir is the staging folder the run writes everything into (results.json
// after each record, then the documents), with FileMode and DirMode.
func (o *Output) Dir() string { return o.stage }

// Resumed is the folder of the run this one continues ("" if none): DIR
// itself, DIR/interrupted-<stamp> or DIR/.gpuarch-partial-<stamp>-<pid>.
// Its run has been copied into Dir() already: the records to skip are
// those of Dir()'s results.json (or gpu<N>/results.json for a multi-GPU
// run).
func (o *Output) Resumed() string { return o.resumed }

// Finish moves the run out of the staging folder by the package's rules
// and returns the folder where it now is: DIR, DIR/run-<stamp> or
// DIR/interrupted-<stamp>; "" with no error when the staging folder holds
// no results.json (nothing was measured: it is removed). complete says
// whether the run ended; its results.json should say the same. On error
// the message says where the run's files are. Finish is called once;
// after it, Abandon does nothing.
func (o *Output) Finish(complete bool) (string, error) {
	if o.done {
		return "", errors.New("outdir: Finish after Finish or Abandon")
	}
	o.done = true
	if _, err := os.Stat(o.stage); err != nil {
		return "", fmt.Errorf("the run's staging folder: %w", err)
	}
	run, err := inspect(o.stage)
	if err != nil {
		return "", fmt.Errorf("the run's staging folder: %w", err)
	}
	if run.state == Empty {
		err := os.RemoveAll(o.stage)
		o.removeCreated()
		return "", err
	}
	there, err := inspect(o.dir)
	if err != nil {
		return "", fmt.Errorf("the output folder (the run is in %s): %w", o.stage, err)
	}
	var into bool
	prefix := RunPrefix
	if complete {
		into = !there.state.Protected() || o.force
	} else {
		prefix = InterruptedPrefix
		into = there.state == Empty || (there.state == Interrupted && o.resumed == o.dir)
	}
	where := o.dir
	if into {
		err = o.moveInto()
	} else {
		where, err = reserveRename(o.stage, o.dir, prefix+o.stamp())
		if err != nil {
			err = fmt.Errorf("move the run in %s beside %s's: %w", o.stage, o.dir, err)
		}
	}
	if err != nil {
		return "", err
	}
	if o.resumed != "" && o.resumed != o.dir {
		if err := os.RemoveAll(o.resumed); err != nil {
			return where, fmt.Errorf("the run is in %s, but the run it continued could not be removed: %w", where, err)
		}
	}
	return where, nil
}

// Abandon removes the staging folder, and DIR if Begin made it and it is
// left empty: for a run that failed before measuring anything. After
// Finish it does nothing, so it may be deferred.
func (o *Output) Abandon() error {
	if o.done {
		return nil
	}
	o.done = true
	err := os.RemoveAll(o.stage)
	o.removeCreated()
	return err
}

// Resumable lists the runs Begin with Options.Resume would consider in
// dir, the one it continues first (see the package comment). A missing
// dir has none.
func Resumable(dir string) ([]string, error) {
	type cand struct {
		path string
		mod  time.Time
	}
	var cands []cand
	h, err := inspect(dir)
	if err != nil {
		return nil, err
	}
	if h.state == Interrupted {
		cands = append(cands, cand{dir, h.mod})
	}
	entries, err := os.ReadDir(dir)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	for _, e := range entries {
		name := e.Name()
		if !e.IsDir() {
			continue
		}
		staging := strings.HasPrefix(name, StagingPrefix)
		if !staging && !strings.HasPrefix(name, InterruptedPrefix) {
			continue
		}
		if staging && running(name) {
			continue
		}
		path := filepath.Join(dir, name)
		h, err := inspect(path)
		if err != nil {
			return nil, err
		}
		if h.state == Interrupted || staging && h.state == Complete {
			cands = append(cands, cand{path, h.mod})
		}
	}
	slices.SortStableFunc(cands, func(a, b cand) int { return b.mod.Compare(a.mod) })
	var out []string
	for _, c := range cands {
		out = append(out, c.path)
	}
	return out, nil
}

// running reports whether the process that named a staging folder
// (.gpuarch-partial-<stamp>-<pid>[-<n>]) still runs. A name it cannot
// read counts as not running.
func running(name string) bool {
	parts := strings.Split(strings.TrimPrefix(name, StagingPrefix), "-")
	if len(parts) < 2 {
		return false
	}
	pid, err := strconv.Atoi(parts[1])
	if err != nil || pid <= 0 {
		return false
	}
	return pid == os.Getpid() || alive(pid)
}

// isRunEntry reports whether name, in DIR, belongs to DIR's run: these are
// what a replaced run loses and what resuming from DIR copies.
func isRunEntry(name string) bool {
	switch name {
	case ResultsJSON, SummaryJSON, "results.md", "results.html", "plots", "quick.md", "summary.md", "links.json":
		return true
	}
	return isGPUName(name)
}

// isSeal reports whether name is a file whose presence says its run is
// whole: moved aside first and in last.
func isSeal(name string) bool { return name == ResultsJSON || name == SummaryJSON }

// moveInto replaces DIR's run with the staging folder's (see the package
// comment).
func (o *Output) moveInto() error {
	news, err := visible(o.stage)
	if err != nil {
		return err
	}
	olds, err := visible(o.dir)
	if err != nil {
		return err
	}
	olds = slices.DeleteFunc(olds, func(n string) bool { return !isRunEntry(n) && !slices.Contains(news, n) })
	// Seals last in, first out.
	seal := func(a, b string) int {
		sa, sb := isSeal(a), isSeal(b)
		switch {
		case sa == sb:
			return cmp.Compare(a, b)
		case sa:
			return 1
		}
		return -1
	}
	slices.SortFunc(news, seal)
	slices.SortFunc(olds, func(a, b string) int { return seal(b, a) })
	trash := ""
	if len(olds) > 0 {
		if trash, err = reserve(o.dir, fmt.Sprintf("%s%s-%d", ReplacedPrefix, o.stamp(), os.Getpid())); err != nil {
			return fmt.Errorf("cannot move the run in %s into %s: %w", o.stage, o.dir, err)
		}
	}
	for _, n := range olds {
		if err := rename(filepath.Join(o.dir, n), filepath.Join(trash, n)); err != nil {
			return fmt.Errorf("move the replaced run aside (its moved files are in %s; the new run is in %s): %w", trash, o.stage, err)
		}
	}
	for _, n := range news {
		if err := rename(filepath.Join(o.stage, n), filepath.Join(o.dir, n)); err != nil {
			return fmt.Errorf("move the run into %s (its other files are in %s): %w", o.dir, o.stage, err)
		}
	}
	err = os.RemoveAll(o.stage)
	if trash != "" {
		err = errors.Join(err, os.RemoveAll(trash))
	}
	return err
}

// rename is os.Rename; a test makes it fail.
var rename = os.Rename

func (o *Output) stamp() string { return o.now().UTC().Format(stampLayout) }

func (o *Output) removeCreated() {
	if o.created {
		_ = os.Remove(o.dir) // only an empty folder goes
	}
}

// visible lists dir's entries whose names do not start with ".": leftover
// temporary files and other runs' staging folders are not a run's.
func visible(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), ".") {
			out = append(out, e.Name())
		}
	}
	return out, nil
}

// reserve makes the folder dir/name (or name-2, name-3, ... if taken) and
// returns its path.
func reserve(dir, name string) (string, error) {
	for i := 1; ; i++ {
		path := filepath.Join(dir, suffixed(name, i))
		err := os.Mkdir(path, DirMode)
		if err == nil {
			return path, nil
		}
		if !errors.Is(err, fs.ErrExist) || i == 1000 {
			return "", err
		}
	}
}

// reserveRename renames the folder from to dir/name (or name-2, ... if
// taken) and returns its new path. os.Rename does not replace a folder.
func reserveRename(from, dir, name string) (string, error) {
	for i := 1; ; i++ {
		path := filepath.Join(dir, suffixed(name, i))
		if exists(path) {
			continue
		}
		err := rename(from, path)
		if err == nil {
			return path, nil
		}
		if !exists(path) || i == 1000 {
			return "", err
		}
	}
}

func suffixed(name string, i int) string {
	if i == 1 {
		return name
	}
	return fmt.Sprintf("%s-%d", name, i)
}

// copyTree copies the folders and regular files of src whose top-level
// names keep accepts into dst, which exists, with DirMode and FileMode.
// Names starting with "." (temporary files, staging folders) and other
// kinds of file (links, devices) are not copied.
func copyTree(src, dst string, keep func(string) bool) error {
	entries, err := os.ReadDir(src)
	if err != nil {
		return err
	}
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") || !keep(name) {
			continue
		}
		from, to := filepath.Join(src, name), filepath.Join(dst, name)
		switch {
		case e.IsDir():
			if err := os.Mkdir(to, DirMode); err != nil {
				return err
			}
			if err := copyTree(from, to, func(string) bool { return true }); err != nil {
				return err
			}
		case e.Type().IsRegular():
			if err := copyFile(from, to); err != nil {
				return err
			}
		}
	}
	return nil
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, FileMode)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
