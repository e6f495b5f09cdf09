package outdir

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// now is the clock of every Begin here: its folders are stamped
// 20261125T222231Z.
var now = time.Date(2026, 11, 25, 22, 22, 31, 0, time.UTC)

const stamp = "20261125T222231Z"

func clock() time.Time { return now }

// Results files: an old complete and an old interrupted run (DIR's), a
// new complete and a new interrupted one (the staging folder's).
const (
	oldDone = `{"schema":1,"started":"2026-11-24T10:00:00Z","complete":true,"records":[{"id":"old"}]}`
	oldPart = `{"schema":1,"started":"2026-11-24T11:00:00Z","complete":false,"records":[{"id":"old"}]}`
	newDone = `{"schema":1,"started":"2026-11-25T22:22:31Z","complete":true,"records":[{"id":"a"},{"id":"b"}]}`
	newPart = `{"schema":1,"started":"2026-11-25T22:22:31Z","complete":false,"records":[{"id":"a"}]}`
)

// oldRun is a complete one-GPU run with a user's file beside it.
var oldRun = files{
	"results.json":   oldDone,
	"results.md":     "old md",
	"results.html":   "old html",
	"plots/o.svg":    "old only",
	"plots/both.svg": "old both",
	"quick.md":       "old quick",
	"notes.txt":      "the user's",
}

// newRun is what a complete run writes into the staging folder.
var newRun = files{
	"results.json":   newDone,
	"results.md":     "new md",
	"results.html":   "new html",
	"plots/n.svg":    "new only",
	"plots/both.svg": "new both",
}

// multiRun is a complete two-GPU run.
var multiRun = files{
	"gpu0/results.json": newDone,
	"gpu0/results.md":   "gpu0 md",
	"gpu1/results.json": newDone,
	"summary.json":      `{"gpus":[]}`,
	"summary.md":        "summary",
	"links.json":        "{}",
}

// files are a folder's files: path (slash-separated) to contents. A path
// ending in "/" is an empty folder.
type files map[string]string

func (f files) with(more files) files {
	out := maps.Clone(f)
	maps.Copy(out, more)
	return out
}

func (f files) without(paths ...string) files {
	out := maps.Clone(f)
	for _, p := range paths {
		delete(out, p)
	}
	return out
}

// under returns f's files under the folder name.
func (f files) under(name string) files {
	out := files{}
	for p, c := range f {
		out[name+"/"+p] = c
	}
	return out
}

func write(t *testing.T, dir string, f files) {
	t.Helper()
	for p, c := range f {
		path := filepath.Join(dir, filepath.FromSlash(p))
		if strings.HasSuffix(p, "/") {
			if err := os.MkdirAll(path, DirMode); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(path), DirMode); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(c), FileMode); err != nil {
			t.Fatal(err)
		}
	}
}

// read returns every file under dir, and every empty folder; nil if dir is
// missing.
func read(t *testing.T, dir string) files {
	t.Helper()
	return walk(t, dir, func(b []byte) string { return string(b) })
}

// hashes returns the SHA-256 of every file under dir (and every empty
// folder, as ""): two equal results mean a byte-identical tree.
func hashes(t *testing.T, dir string) files {
	t.Helper()
	return walk(t, dir, func(b []byte) string {
		sum := sha256.Sum256(b)
		return hex.EncodeToString(sum[:])
	})
}

func walk(t *testing.T, dir string, f func([]byte) string) files {
	t.Helper()
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	out := files{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil || rel == "." {
			return err
		}
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if entries, err := os.ReadDir(path); err == nil && len(entries) == 0 {
				out[rel+"/"] = ""
			}
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		out[rel] = f(b)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// top returns the files of f outside the top-level folders whose names
// start with one of prefixes.
func (f files) top(prefixes ...string) files {
	out := files{}
	for p, c := range f {
		first, _, _ := strings.Cut(p, "/")
		skip := false
		for _, pre := range prefixes {
			skip = skip || strings.HasPrefix(first, pre) && first != p
		}
		if !skip {
			out[p] = c
		}
	}
	return out
}

func TestHolds(t *testing.T) {
	tests := []struct {
		name    string
		files   files // nil: dir missing
		want    State
		wantErr bool
	}{
		{name: "missing", want: Empty},
		{name: "empty", files: files{}, want: Empty},
		{name: "other files only", files: files{"notes.txt": "x", "plots/a.svg": "a"}, want: Empty},
		{name: "complete", files: oldRun, want: Complete},
		{name: "interrupted", files: files{"results.json": oldPart}, want: Interrupted},
		{name: "other fields ignored", files: files{"results.json": `{"complete": true, "future": [1, 2]}`}, want: Complete},
		{name: "not JSON", files: files{"results.json": "{\"complete\": tr"}, want: Unreadable},
		{name: "empty results.json", files: files{"results.json": ""}, want: Unreadable},
		{name: "no complete field", files: files{"results.json": `{"schema": 1}`}, want: Unreadable},
		{name: "complete not a boolean", files: files{"results.json": `{"complete": "yes"}`}, want: Unreadable},
		{name: "an array", files: files{"results.json": `[true]`}, want: Unreadable},
		{name: "results.json a folder", files: files{"results.json/x": "x"}, want: Unreadable},
		{name: "multi-GPU complete", files: multiRun, want: Complete},
		{name: "multi-GPU without summary", files: multiRun.without("summary.json"), want: Interrupted},
		{name: "multi-GPU, one GPU interrupted", files: multiRun.with(files{"gpu1/results.json": newPart}), want: Interrupted},
		{name: "multi-GPU, one GPU unreadable", files: multiRun.with(files{"gpu1/results.json": "?"}), want: Unreadable},
		{name: "multi-GPU, one GPU failed without results", files: multiRun.with(files{"gpu2/": ""}), want: Complete},
		{name: "summary only", files: files{"summary.json": "{}", "summary.md": "all failed"}, want: Empty},
		{name: "not a gpu folder", files: files{"gpux/results.json": newDone, "summary.json": "{}"}, want: Empty},
		{name: "results.json decides over gpu folders", files: multiRun.with(files{"results.json": oldPart}), want: Interrupted},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "out")
			if tt.files != nil {
				write(t, dir, tt.files.with(files{".keep/": ""}))
			}
			got, err := Holds(dir)
			if err != nil || got != tt.want {
				t.Errorf("Holds = %v, %v; want %v", got, err, tt.want)
			}
		})
	}
	t.Run("not a folder", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "file")
		write(t, filepath.Dir(path), files{"file": "x"})
		if _, err := Holds(path); err == nil {
			t.Error("Holds of a file: no error")
		}
	})
}

func TestBegin(t *testing.T) {
	tests := []struct {
		name    string
		files   files // nil: dir missing
		opt     Options
		wantErr error  // nil: Begin succeeds
		wantMsg string // in the error
	}{
		{name: "missing folder"},
		{name: "empty folder", files: files{}},
		{name: "complete run", files: oldRun, wantErr: ErrExists,
			wantMsg: "holds a complete run (results.json of 2026-11-24 10:00:00 UTC): pass --force to replace it, --resume to continue an interrupted one, or choose another --out"},
		{name: "complete run, force", files: oldRun, opt: Options{Force: true}},
		{name: "interrupted run", files: files{"results.json": oldPart}},
		{name: "unreadable run", files: files{"results.json": "{"}, wantErr: ErrExists, wantMsg: "holds a run that cannot be read (results.json: not a results file"},
		{name: "unreadable run, force", files: files{"results.json": "{"}, opt: Options{Force: true}},
		{name: "multi-GPU complete run", files: multiRun, wantErr: ErrExists, wantMsg: "holds a complete run (results.json of 2026-11-25 22:22:31 UTC)"},
		{name: "multi-GPU interrupted run", files: multiRun.without("summary.json")},
		{name: "complete run, resume with nothing to resume", files: oldRun, opt: Options{Resume: true}, wantErr: ErrNothingToResume},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "out")
			if tt.files != nil {
				write(t, dir, tt.files.with(files{".keep/": ""}))
			}
			before := hashes(t, dir)
			tt.opt.Now = clock
			o, err := Begin(dir, tt.opt)
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) || !strings.Contains(err.Error(), tt.wantMsg) {
					t.Fatalf("Begin: %v; want %v, saying %q", err, tt.wantErr, tt.wantMsg)
				}
				if d := cmp.Diff(before, hashes(t, dir)); d != "" {
					t.Errorf("the folder changed (-before +after):\n%s", d)
				}
				return
			}
			if err != nil {
				t.Fatalf("Begin: %v", err)
			}
			want := filepath.Join(dir, StagingPrefix+stamp+"-"+strconv.Itoa(os.Getpid()))
			if o.Dir() != want || o.Resumed() != "" {
				t.Errorf("Dir, Resumed = %q, %q; want %q, \"\"", o.Dir(), o.Resumed(), want)
			}
			if d := cmp.Diff(before, hashes(t, dir).without(filepath.Base(want)+"/")); before != nil && d != "" {
				t.Errorf("Begin changed the folder beyond the staging folder (-before +after):\n%s", d)
			}
			if entries, err := os.ReadDir(o.Dir()); err != nil || len(entries) != 0 {
				t.Errorf("staging folder: %d entries, %v; want an empty folder", len(entries), err)
			}
		})
	}
	t.Run("not a folder", func(t *testing.T) {
		dir := t.TempDir()
		write(t, dir, files{"out": "x"})
		if _, err := Begin(filepath.Join(dir, "out"), Options{}); err == nil || errors.Is(err, ErrExists) {
			t.Errorf("Begin on a file: %v; want an error other than ErrExists", err)
		}
	})
	t.Run("two in the same second", func(t *testing.T) {
		dir := t.TempDir()
		a, err := Begin(dir, Options{Now: clock})
		if err != nil {
			t.Fatal(err)
		}
		b, err := Begin(dir, Options{Now: clock})
		if err != nil {
			t.Fatal(err)
		}
		if b.Dir() != a.Dir()+"-2" {
			t.Errorf("second staging folder %s; want %s-2", b.Dir(), a.Dir())
		}
	})
}

func TestFinish(t *testing.T) {
	multiOld := multiRun.with(files{"gpu2/results.json": oldDone, "notes.txt": "the user's"})
	tests := []struct {
		name     string
		before   files // DIR before Begin; nil: missing
		opt      Options
		meantime files // written into DIR after Begin, by another process
		stage    files // what the run writes into Dir()
		complete bool
		where    string // relative to DIR; "" none, "." DIR
		after    files  // DIR afterwards; nil: missing
	}{
		{
			name:     "complete over nothing",
			stage:    newRun,
			complete: true,
			where:    ".",
			after:    newRun,
		},
		{
			name:     "complete over a complete run, force",
			before:   oldRun.with(files{"interrupted-20260101T000000Z/results.json": oldPart}),
			opt:      Options{Force: true},
			stage:    newRun,
			complete: true,
			where:    ".",
			after:    newRun.with(files{"notes.txt": "the user's", "interrupted-20260101T000000Z/results.json": oldPart}),
		},
		{
			name:     "complete over an interrupted run",
			before:   files{"results.json": oldPart, "results.md": "old", "plots/o.svg": "o"},
			stage:    newRun,
			complete: true,
			where:    ".",
			after:    newRun,
		},
		{
			name:     "complete over an unreadable run, force",
			before:   files{"results.json": "{", "results.md": "old"},
			opt:      Options{Force: true},
			stage:    newRun,
			complete: true,
			where:    ".",
			after:    newRun,
		},
		{
			name:     "complete run written meanwhile",
			before:   files{},
			meantime: oldRun,
			stage:    newRun,
			complete: true,
			where:    "run-" + stamp,
			after:    oldRun.with(newRun.under("run-" + stamp)),
		},
		{
			name:     "complete run written meanwhile, force",
			before:   files{},
			opt:      Options{Force: true},
			meantime: oldRun,
			stage:    newRun,
			complete: true,
			where:    ".",
			after:    newRun.with(files{"notes.txt": "the user's"}),
		},
		{
			name:   "interrupted over nothing",
			before: files{"notes.txt": "the user's"},
			stage:  newRun.with(files{"results.json": newPart}),
			where:  ".",
			after:  newRun.with(files{"results.json": newPart, "notes.txt": "the user's"}),
		},
		{
			name:   "interrupted over a complete run, even with force",
			before: oldRun,
			opt:    Options{Force: true},
			stage:  files{"results.json": newPart, "plots/n.svg": "n"},
			where:  "interrupted-" + stamp,
			after:  oldRun.with(files{"results.json": newPart, "plots/n.svg": "n"}.under("interrupted-" + stamp)),
		},
		{
			name:   "interrupted over an interrupted run",
			before: files{"results.json": oldPart},
			stage:  files{"results.json": newPart},
			where:  "interrupted-" + stamp,
			after:  files{"results.json": oldPart, "interrupted-" + stamp + "/results.json": newPart},
		},
		{
			name:   "interrupted beside one of the same second",
			before: oldRun.with(files{"interrupted-" + stamp + "/results.json": oldPart}),
			opt:    Options{Force: true},
			stage:  files{"results.json": newPart},
			where:  "interrupted-" + stamp + "-2",
			after:  oldRun.with(files{"interrupted-" + stamp + "/results.json": oldPart, "interrupted-" + stamp + "-2/results.json": newPart}),
		},
		{
			name:     "multi-GPU over a one-GPU run, force",
			before:   oldRun,
			opt:      Options{Force: true},
			stage:    multiRun,
			complete: true,
			where:    ".",
			after:    multiRun.with(files{"notes.txt": "the user's"}),
		},
		{
			name:     "one-GPU over a multi-GPU run, force",
			before:   multiOld,
			opt:      Options{Force: true},
			stage:    newRun,
			complete: true,
			where:    ".",
			after:    newRun.with(files{"notes.txt": "the user's"}),
		},
		{
			name:   "interrupted multi-GPU over a complete run",
			before: oldRun,
			opt:    Options{Force: true},
			stage:  multiRun.without("summary.json"),
			where:  "interrupted-" + stamp,
			after:  oldRun.with(multiRun.without("summary.json").under("interrupted-" + stamp)),
		},
		{
			name:     "nothing measured into a folder it made",
			stage:    files{},
			complete: true,
		},
		{
			name:   "nothing measured into a folder there",
			before: files{"notes.txt": "the user's"},
			stage:  files{"results.md": "no results.json"},
			after:  files{"notes.txt": "the user's"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "out")
			if tt.before != nil {
				write(t, dir, tt.before.with(files{".keep/": ""}))
			}
			tt.opt.Now = clock
			o, err := Begin(dir, tt.opt)
			if err != nil {
				t.Fatalf("Begin: %v", err)
			}
			write(t, dir, tt.meantime)
			write(t, o.Dir(), tt.stage)
			where, err := o.Finish(tt.complete)
			if err != nil {
				t.Fatalf("Finish: %v", err)
			}
			want := ""
			if tt.where != "" {
				want = filepath.Join(dir, tt.where)
			}
			if where != want {
				t.Errorf("Finish = %q; want %q", where, want)
			}
			got := read(t, dir).without(".keep/")
			if d := cmp.Diff(tt.after, got); d != "" {
				t.Errorf("the folder afterwards (-want +got):\n%s", d)
			}
			if err := o.Abandon(); err != nil || !equalDirs(t, dir, got) {
				t.Errorf("Abandon after Finish: %v, or it changed the folder", err)
			}
			if _, err := o.Finish(true); err == nil {
				t.Error("a second Finish: no error")
			}
		})
	}
}

func equalDirs(t *testing.T, dir string, want files) bool {
	return cmp.Equal(want, read(t, dir).without(".keep/"))
}

// kill stands for a SIGKILL of the process that began o: it leaves o's
// staging folder as it is, renamed to a process id that no process has.
func kill(t *testing.T, o *Output) string {
	t.Helper()
	dead := filepath.Join(filepath.Dir(o.Dir()), StagingPrefix+stamp+"-"+strconv.Itoa(1<<30))
	if err := os.Rename(o.Dir(), dead); err != nil {
		t.Fatal(err)
	}
	return dead
}

func TestKilled(t *testing.T) {
	for _, force := range []bool{false, true} {
		t.Run("force="+strconv.FormatBool(force), func(t *testing.T) {
			dir := t.TempDir()
			write(t, dir, oldRun)
			before := hashes(t, dir)
			first, err := Begin(dir, Options{Force: true, Now: clock})
			if err != nil {
				t.Fatal(err)
			}
			partial := files{"results.json": newPart, "plots/": ""}
			write(t, first.Dir(), partial)
			if d := cmp.Diff(before, hashes(t, dir).top(StagingPrefix)); d != "" {
				t.Fatalf("the complete run changed while another wrote (-before +after):\n%s", d)
			}
			// The running process's staging folder is not resumed.
			if _, err := Begin(dir, Options{Resume: true, Now: clock}); !errors.Is(err, ErrNothingToResume) {
				t.Fatalf("Begin(Resume) beside a running run: %v; want ErrNothingToResume", err)
			}
			left := kill(t, first)
			if d := cmp.Diff(before, hashes(t, dir).top(StagingPrefix)); d != "" {
				t.Fatalf("the complete run changed after a SIGKILL (-before +after):\n%s", d)
			}

			o, err := Begin(dir, Options{Resume: true, Force: force, Now: clock})
			if err != nil {
				t.Fatalf("Begin(Resume): %v", err)
			}
			if o.Resumed() != left {
				t.Errorf("Resumed = %q; want %q", o.Resumed(), left)
			}
			if d := cmp.Diff(partial, read(t, o.Dir())); d != "" {
				t.Errorf("the copy (-want +got):\n%s", d)
			}
			if d := cmp.Diff(partial, read(t, left)); d != "" {
				t.Errorf("the run resumed from changed (-want +got):\n%s", d)
			}
			write(t, o.Dir(), newRun)
			where, err := o.Finish(true)
			if err != nil {
				t.Fatalf("Finish: %v", err)
			}
			if _, err := os.Stat(left); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("the run resumed from is still there: %v", err)
			}
			if force {
				if where != dir || !equalDirs(t, dir, newRun.with(files{"notes.txt": "the user's"})) {
					t.Errorf("Finish = %q; want the run in %s", where, dir)
				}
				return
			}
			beside := filepath.Join(dir, RunPrefix+stamp)
			if where != beside {
				t.Errorf("Finish = %q; want %q", where, beside)
			}
			if d := cmp.Diff(before, hashes(t, dir).top(RunPrefix)); d != "" {
				t.Errorf("the complete run changed (-before +after):\n%s", d)
			}
			if d := cmp.Diff(newRun, read(t, beside)); d != "" {
				t.Errorf("the run beside (-want +got):\n%s", d)
			}
		})
	}
}

func TestResume(t *testing.T) {
	t.Run("nothing to resume", func(t *testing.T) {
		for name, f := range map[string]files{
			"missing":                   nil,
			"empty":                     {},
			"complete":                  oldRun,
			"unreadable":                {"results.json": "{"},
			"complete beside":           {"run-x/results.json": newDone, "interrupted-y/results.json": newDone},
			"other folders":             {"old/results.json": oldPart},
			"staging without a results": {StagingPrefix + stamp + "-1073741824/results.md": "x"},
		} {
			t.Run(name, func(t *testing.T) {
				dir := filepath.Join(t.TempDir(), "out")
				if f != nil {
					write(t, dir, f)
				}
				before := hashes(t, dir)
				_, err := Begin(dir, Options{Resume: true})
				if !errors.Is(err, ErrNothingToResume) {
					t.Errorf("Begin: %v; want ErrNothingToResume", err)
				}
				if d := cmp.Diff(before, hashes(t, dir)); d != "" {
					t.Errorf("the folder changed (-before +after):\n%s", d)
				}
			})
		}
	})
	own := files{"results.json": oldPart, "results.md": "old md", "plots/p.svg": "p", "gpu0/results.md": "g"}
	beside := files{"notes.txt": "the user's", "run-x/results.json": oldDone}
	for _, complete := range []bool{false, true} {
		t.Run("the folder's own run, complete="+strconv.FormatBool(complete), func(t *testing.T) {
			dir := t.TempDir()
			write(t, dir, own.with(beside))
			o, err := Begin(dir, Options{Resume: true, Now: clock})
			if err != nil {
				t.Fatal(err)
			}
			if o.Resumed() != dir {
				t.Errorf("Resumed = %q; want %q", o.Resumed(), dir)
			}
			if d := cmp.Diff(own, read(t, o.Dir())); d != "" {
				t.Errorf("the copy holds the run's files only (-want +got):\n%s", d)
			}
			next := files{"results.json": newPart, "plots/q.svg": "q"}
			if complete {
				next["results.json"] = newDone
			}
			write(t, o.Dir(), next)
			where, err := o.Finish(complete)
			if err != nil || where != dir {
				t.Fatalf("Finish = %q, %v; want %q", where, err, dir)
			}
			if d := cmp.Diff(own.with(next).with(beside), read(t, dir)); d != "" {
				t.Errorf("the folder afterwards (-want +got):\n%s", d)
			}
		})
	}
	t.Run("the newest", func(t *testing.T) {
		dir := t.TempDir()
		dead := StagingPrefix + "20261124T000000Z-1073741824"
		write(t, dir, oldRun.with(files{
			"interrupted-a/results.json": oldPart,
			"interrupted-b/results.json": newPart,
			"interrupted-b/results.md":   "b",
			dead + "/results.json":       oldPart,
			"interrupted-c/results.json": oldDone, // not an interrupted run
		}))
		for name, age := range map[string]time.Duration{"interrupted-a": 3 * time.Hour, "interrupted-b": time.Hour, dead: 2 * time.Hour, "interrupted-c": 0} {
			mod := now.Add(-age)
			if err := os.Chtimes(filepath.Join(dir, name, ResultsJSON), mod, mod); err != nil {
				t.Fatal(err)
			}
		}
		list, err := Resumable(dir)
		want := []string{filepath.Join(dir, "interrupted-b"), filepath.Join(dir, dead), filepath.Join(dir, "interrupted-a")}
		if err != nil || !cmp.Equal(list, want) {
			t.Errorf("Resumable = %q, %v; want %q", list, err, want)
		}
		before := hashes(t, dir)
		o, err := Begin(dir, Options{Resume: true, Now: clock})
		if err != nil || o.Resumed() != want[0] {
			t.Fatalf("Begin: %v, resumed %q; want %q", err, o.Resumed(), want[0])
		}
		// Interrupted again: beside, and the run it continued goes.
		where, err := o.Finish(false)
		if err != nil || where != filepath.Join(dir, InterruptedPrefix+stamp) {
			t.Fatalf("Finish = %q, %v", where, err)
		}
		after := hashes(t, dir)
		moved := files{}
		for p, h := range before {
			if strings.HasPrefix(p, "interrupted-b/") {
				moved[InterruptedPrefix+stamp+strings.TrimPrefix(p, "interrupted-b")] = h
				delete(before, p)
			}
		}
		if d := cmp.Diff(before.with(moved), after); d != "" {
			t.Errorf("the folder afterwards (-want +got):\n%s", d)
		}
	})
}

func TestAbandon(t *testing.T) {
	t.Run("a folder it made", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "out")
		o, err := Begin(dir, Options{})
		if err != nil {
			t.Fatal(err)
		}
		write(t, o.Dir(), files{"results.md": "x"})
		if err := o.Abandon(); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(dir); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("the folder Begin made is still there: %v", err)
		}
		if _, err := o.Finish(true); err == nil {
			t.Error("Finish after Abandon: no error")
		}
	})
	t.Run("staging folder gone", func(t *testing.T) {
		o, err := Begin(t.TempDir(), Options{})
		if err != nil {
			t.Fatal(err)
		}
		if err := os.RemoveAll(o.Dir()); err != nil {
			t.Fatal(err)
		}
		if where, err := o.Finish(true); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("Finish = %q, %v; want an error wrapping fs.ErrNotExist", where, err)
		}
	})
	t.Run("a folder there", func(t *testing.T) {
		dir := t.TempDir()
		write(t, dir, files{"results.json": oldPart})
		before := hashes(t, dir)
		o, err := Begin(dir, Options{Resume: true})
		if err != nil {
			t.Fatal(err)
		}
		if err := o.Abandon(); err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(before, hashes(t, dir)); d != "" {
			t.Errorf("the folder changed (-before +after):\n%s", d)
		}
	})
}

// FuzzHolds checks that a results.json is Complete or Interrupted only when
// its "complete" field says so, and is never taken for no run at all.
func FuzzHolds(f *testing.F) {
	for _, s := range []string{oldDone, oldPart, "", "{", "null", `{"complete":null}`, `{"complete":1}`, `{"complete":false,"complete":true}`} {
		f.Add([]byte(s))
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := os.WriteFile(filepath.Join(dir, ResultsJSON), data, FileMode); err != nil {
			t.Fatal(err)
		}
		got, err := Holds(dir)
		if err != nil {
			t.Fatal(err)
		}
		var head struct {
			Complete *bool `json:"complete"`
		}
		want := Unreadable
		if json.Unmarshal(data, &head) == nil && head.Complete != nil {
			want = Interrupted
			if *head.Complete {
				want = Complete
			}
		}
		if got != want {
			t.Errorf("Holds(%q) = %v; want %v", data, got, want)
		}
	})
}

// TestFinishCrash stops Finish at each of its renames in turn, as a crash
// there would, and checks that the folder never says a run is complete
// that is not whole, and that no file of either run is lost.
func TestFinishCrash(t *testing.T) {
	oldMulti := multiRun.with(files{"gpu2/results.json": oldDone, "gpu0/results.json": oldDone})
	runEntries := func(f files) files {
		out := files{}
		for p, c := range f {
			first, _, _ := strings.Cut(p, "/")
			if isRunEntry(first) {
				out[p] = c
			}
		}
		return out
	}
	for _, tt := range []struct {
		name     string
		old, new files
	}{
		{"one GPU over one GPU", oldRun, newRun},
		{"multi-GPU over multi-GPU", oldMulti, multiRun},
		{"multi-GPU over one GPU", oldRun, multiRun},
		{"one GPU over multi-GPU", oldMulti, newRun},
	} {
		for k := 1; ; k++ {
			dir := t.TempDir()
			write(t, dir, tt.old)
			o, err := Begin(dir, Options{Force: true, Now: clock})
			if err != nil {
				t.Fatal(err)
			}
			write(t, o.Dir(), tt.new)
			calls := 0
			rename = func(from, to string) error {
				if calls++; calls == k {
					return errors.New("crash")
				}
				return os.Rename(from, to)
			}
			_, err = o.Finish(true)
			rename = os.Rename
			if err == nil {
				if !equalDirs(t, dir, tt.new.with(tt.old.without(keys(runEntries(tt.old))...))) {
					t.Errorf("%s: after a whole Finish: %v", tt.name, read(t, dir))
				}
				break
			}
			if !strings.Contains(err.Error(), o.Dir()) {
				t.Errorf("%s, crash at rename %d: %q does not say where the run is", tt.name, k, err)
			}
			inDir, inStage := read(t, dir), read(t, o.Dir())
			if st, _ := Holds(dir); st == Complete {
				got := runEntries(inDir)
				if !cmp.Equal(got, runEntries(tt.new)) && !cmp.Equal(got, runEntries(tt.old)) {
					t.Errorf("%s, crash at rename %d: the folder says complete but holds %v", tt.name, k, got)
				}
			}
			for p, c := range tt.new {
				if inDir[p] != c && inStage[p] != c {
					t.Errorf("%s, crash at rename %d: the new run's %s is lost", tt.name, k, p)
				}
			}
			var inTrash files
			if m, _ := filepath.Glob(filepath.Join(dir, ReplacedPrefix+"*")); len(m) == 1 {
				inTrash = read(t, m[0])
			}
			for p, c := range tt.old {
				if inDir[p] != c && inTrash[p] != c {
					t.Errorf("%s, crash at rename %d: the old run's %s is lost", tt.name, k, p)
				}
			}
		}
	}
}

func keys(f files) []string {
	var out []string
	for p := range f {
		out = append(out, p)
	}
	return out
}
