package cli

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gpuarch/gpuarch/backend/sim"
	"github.com/gpuarch/gpuarch/cmd/gpuarch/internal/outdir"
	"github.com/gpuarch/gpuarch/record"
)

// treeHashes hashes every file under dir, by path relative to it.
func treeHashes(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		rel, _ := filepath.Rel(dir, p)
		out[rel] = hex.EncodeToString(sum[:])
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// only keeps the hashes of the files directly in a run folder (not the
// interrupted-* or run-* folders placed beside it).
func only(h map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range h {
		if !strings.HasPrefix(k, outdir.InterruptedPrefix) && !strings.HasPrefix(k, outdir.RunPrefix) {
			out[k] = v
		}
	}
	return out
}

// completeRun runs the warp suite on a simulated GPU into out.
func completeRun(t *testing.T, out string) {
	t.Helper()
	e, _, stderr := testEnv(sim.New())
	if err := e.Run(context.Background(), []string{"run", "--suite", "warp", "--out", out}); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
}

// interruptAfter makes e's worker cancel the run after n jobs ended.
func interruptAfter(e *Env, n int) context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	jobs := 0
	e.Worker = func(ctx context.Context, req WorkRequest, send func(WorkMessage)) error {
		return e.work(ctx, req, func(m WorkMessage) {
			send(m)
			if m.Type == "done" {
				if jobs++; jobs == n {
					cancel()
				}
			}
		})
	}
	return ctx
}

// A run into a folder holding a complete run is refused before the GPU
// is opened, and the folder stays byte-identical; --force replaces it.
func TestRunKeepsCompleteRun(t *testing.T) {
	out := t.TempDir()
	completeRun(t, out)
	before := treeHashes(t, out)
	e, _, _ := testEnv(sim.New())
	opened := false
	e.OpenGPU = func(context.Context, Target) (Device, error) { opened = true; return sim.New(), nil }
	err := e.Run(context.Background(), []string{"run", "--suite", "warp", "--out", out})
	if !errors.Is(err, outdir.ErrExists) || ExitCode(err) == 0 || !strings.Contains(err.Error(), "--force") {
		t.Fatalf("err = %v (exit %d), want a refusal naming --force", err, ExitCode(err))
	}
	if opened {
		t.Error("the GPU was opened before the folder was checked")
	}
	if d := cmp.Diff(before, treeHashes(t, out)); d != "" {
		t.Errorf("the complete run changed (-before +after):\n%s", d)
	}
	e, _, stderr := testEnv(sim.New())
	if err := e.Run(context.Background(), []string{"run", "--suite", "alu", "--out", out, "--force"}); err != nil {
		t.Fatalf("--force: %v\n%s", err, stderr)
	}
	run, err := record.ReadFile(filepath.Join(out, ResultsJSON))
	if err != nil || !run.Complete || run.Suites[0] != "alu" {
		t.Fatalf("after --force: %v, %+v", err, run)
	}
}

// Interrupted over a complete run (with --force), a run is kept beside it,
// marked interrupted, and the complete run stays byte-identical; --resume
// then measures only what the interrupted run lacks.
func TestInterruptedRunGoesBeside(t *testing.T) {
	out := t.TempDir()
	completeRun(t, out)
	before := treeHashes(t, out)

	e, _, _ := testEnv(sim.New())
	ctx := interruptAfter(e, 3)
	err := e.Run(ctx, []string{"run", "--suite", "alu", "--out", out, "--force"})
	if ExitCode(err) != ExitInterrupted || !strings.Contains(err.Error(), outdir.InterruptedPrefix) {
		t.Fatalf("err = %v (exit %d), want an interruption kept in %s*", err, ExitCode(err), outdir.InterruptedPrefix)
	}
	if d := cmp.Diff(before, only(treeHashes(t, out))); d != "" {
		t.Errorf("the complete run changed (-before +after):\n%s", d)
	}
	beside, _ := filepath.Glob(filepath.Join(out, outdir.InterruptedPrefix+"*", ResultsJSON))
	if len(beside) != 1 {
		t.Fatalf("interrupted runs beside the complete one: %q", beside)
	}
	partial, err := record.ReadFile(beside[0])
	if err != nil || partial.Complete || len(partial.Done) < 3 || len(partial.Records) == 0 {
		t.Fatalf("the interrupted run: %v, complete %v, %d jobs done, %d records", err, partial.Complete, len(partial.Done), len(partial.Records))
	}

	// Resuming finishes it beside the complete run, which it may not
	// replace without --force.
	e, _, stderr := testEnv(sim.New())
	jobs := 0
	e.Worker = func(ctx context.Context, req WorkRequest, send func(WorkMessage)) error {
		return e.work(ctx, req, func(m WorkMessage) {
			if m.Type == "done" {
				jobs++
			}
			send(m)
		})
	}
	err = e.Run(context.Background(), []string{"run", "--suite", "alu", "--out", out, "--resume"})
	if err != nil {
		t.Fatalf("--resume: %v\n%s", err, stderr)
	}
	if d := cmp.Diff(before, only(treeHashes(t, out))); d != "" {
		t.Errorf("the complete run changed on resume (-before +after):\n%s", d)
	}
	done, _ := filepath.Glob(filepath.Join(out, outdir.RunPrefix+"*", ResultsJSON))
	if len(done) != 1 {
		t.Fatalf("resumed runs placed beside: %q", done)
	}
	full, err := record.ReadFile(done[0])
	if err != nil {
		t.Fatal(err)
	}
	ref := runIn(t, func() *Env { e, _, _ := testEnv(sim.New()); return e }(), stderr, "run", "--suite", "alu")
	if !full.Complete || len(full.Records) != len(ref.Records) || full.Done != nil {
		t.Errorf("resumed run: complete %v, %d records (a whole run has %d), done %d", full.Complete, len(full.Records), len(ref.Records), len(full.Done))
	}
	if jobs+len(partial.Done) != len(ref.Records)/2 {
		t.Errorf("the resumed run measured %d jobs after %d: %d in all, want %d", jobs, len(partial.Done), jobs+len(partial.Done), len(ref.Records)/2)
	}
	if left, _ := filepath.Glob(filepath.Join(out, outdir.InterruptedPrefix+"*")); len(left) != 0 {
		t.Errorf("the resumed folder is still there: %q", left)
	}
}

// Interrupted in an empty folder, the partial run is where it was asked
// for, marked interrupted, and --resume completes it in place.
func TestResumeInPlace(t *testing.T) {
	out := filepath.Join(t.TempDir(), "new")
	e, _, _ := testEnv(sim.New())
	if err := e.Run(interruptAfter(e, 2), []string{"run", "--suite", "warp", "--out", out}); ExitCode(err) != ExitInterrupted {
		t.Fatalf("err = %v (exit %d)", err, ExitCode(err))
	}
	partial, err := record.ReadFile(filepath.Join(out, ResultsJSON))
	if err != nil || partial.Complete {
		t.Fatalf("%v, complete %v", err, partial.Complete)
	}
	e, _, stderr := testEnv(sim.New())
	if err := e.Run(context.Background(), []string{"run", "--suite", "alu", "--out", out, "--resume"}); ExitCode(err) != ExitUsage || !strings.Contains(err.Error(), "same --suite") {
		t.Errorf("resuming with other suites: %v", err)
	}
	if err := e.Run(context.Background(), []string{"run", "--suite", "warp", "--out", out, "--resume"}); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	run, err := record.ReadFile(filepath.Join(out, ResultsJSON))
	if err != nil || !run.Complete || !run.Started.Equal(partial.Started) {
		t.Fatalf("%v: complete %v, started %v (the interrupted run started %v)", err, run.Complete, run.Started, partial.Started)
	}
	if err := run.Validate(); err != nil {
		t.Error(err)
	}
	if err := e.Run(context.Background(), []string{"run", "--suite", "warp", "--out", t.TempDir(), "--resume"}); ExitCode(err) != ExitUsage {
		t.Errorf("--resume of an empty folder: %v", err)
	}
}

// A run whose every record failed says so: not complete, exit status 4;
// one where some failed exits 3. Every file is written with one mode.
func TestFailedRunStatus(t *testing.T) {
	for _, tc := range []struct {
		name     string
		fail     func(n int) bool
		code     int
		complete bool
	}{
		{"every record failed", func(int) bool { return true }, ExitNothingMeasured, false},
		{"one record failed", func(n int) bool { return n == 1 }, ExitSomeFailed, true},
		{"none failed", func(int) bool { return false }, ExitOK, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, _, _ := testEnv(sim.New())
			n := 0
			e.Worker = func(ctx context.Context, req WorkRequest, send func(WorkMessage)) error {
				return e.work(ctx, req, func(m WorkMessage) {
					if m.Type == "record" {
						if n++; tc.fail(n) {
							m.Record.Status, m.Record.Reason = record.StatusFailed, "launch refused"
						}
					}
					send(m)
				})
			}
			out := t.TempDir()
			err := e.Run(context.Background(), []string{"run", "--suite", "warp", "--out", out})
			if ExitCode(err) != tc.code {
				t.Fatalf("err = %v: exit %d, want %d", err, ExitCode(err), tc.code)
			}
			run, err := record.ReadFile(filepath.Join(out, ResultsJSON))
			if err != nil || run.Complete != tc.complete {
				t.Fatalf("%v: complete %v, want %v", err, run.Complete, tc.complete)
			}
			for _, f := range []string{ResultsJSON, ResultsMD, ResultsHTML} {
				if st, err := os.Stat(filepath.Join(out, f)); err != nil || st.Mode().Perm() != outdir.FileMode {
					t.Errorf("%s: %v, mode %v, want %v", f, err, st.Mode().Perm(), outdir.FileMode)
				}
			}
		})
	}
}
