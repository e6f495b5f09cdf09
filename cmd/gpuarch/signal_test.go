package main

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// These tests run the gpuarch binary on the simulated GPUs and stop it as
// a user or a batch system would, mid-run, in a folder that holds a
// complete run: that run must stay byte-identical.

// build compiles the binary once per test binary.
func build(t *testing.T) string {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("signals and /proc are Linux's")
	}
	bin := filepath.Join(t.TempDir(), "gpuarch")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-o", bin, ".")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// hashes hashes every file under dir by its path relative to dir, leaving
// out the folders a stopped run leaves beside a complete one.
func hashes(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if d.IsDir() {
			if strings.HasPrefix(rel, "interrupted-") || strings.HasPrefix(rel, "run-") || strings.HasPrefix(rel, ".gpuarch-partial-") {
				return filepath.SkipDir
			}
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		out[rel] = hex.EncodeToString(sum[:])
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// started runs the binary and returns once its progress has counted n
// jobs; the rest of its stderr is drained in the background.
func started(t *testing.T, bin string, n int, args ...string) (*exec.Cmd, <-chan error) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(stderr)
	want := "] [" + strconv.Itoa(n) + "] "
	deadline := time.AfterFunc(2*time.Minute, func() { cmd.Process.Kill() })
	for sc.Scan() {
		if strings.Contains(sc.Text(), want) {
			break
		}
	}
	deadline.Stop()
	go io.Copy(io.Discard, stderr)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	return cmd, done
}

// wait waits for the process to end and returns its exit status.
func wait(t *testing.T, cmd *exec.Cmd, done <-chan error) int {
	t.Helper()
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		cmd.Process.Kill()
		t.Fatal("the run did not end within 2 minutes of its signal")
	}
	return cmd.ProcessState.ExitCode()
}

// children are the process IDs whose parent is pid.
func children(pid int) []int {
	var out []int
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		child, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces.
		s := string(b)
		fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(fields) > 1 && fields[1] == strconv.Itoa(pid) {
			out = append(out, child)
		}
	}
	return out
}

func TestStoppedRunKeepsCompleteRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := build(t)
	out := filepath.Join(t.TempDir(), "results")
	if b, err := exec.Command(bin, "run", "--backend", "simulated", "--suite", "warp", "--out", out).CombinedOutput(); err != nil {
		t.Fatalf("the complete run: %v\n%s", err, b)
	}
	before := hashes(t, out)
	args := []string{"run", "--backend", "simulated", "--suite", "alu", "--out", out, "--force"}

	t.Run("SIGINT", func(t *testing.T) {
		cmd, done := started(t, bin, 5, args...)
		if err := cmd.Process.Signal(os.Interrupt); err != nil {
			t.Fatal(err)
		}
		if code := wait(t, cmd, done); code != 130 {
			t.Errorf("exit status %d, want 130", code)
		}
		if d := cmp.Diff(before, hashes(t, out)); d != "" {
			t.Errorf("the complete run changed (-before +after):\n%s", d)
		}
		kept, _ := filepath.Glob(filepath.Join(out, "interrupted-*", "results.json"))
		if len(kept) == 0 {
			t.Error("the interrupted run was not kept beside the complete one")
		}
	})

	t.Run("SIGKILL of the worker, then SIGTERM", func(t *testing.T) {
		cmd, done := started(t, bin, 5, args...)
		workers := children(cmd.Process.Pid)
		if len(workers) == 0 {
			t.Fatal("no worker process found")
		}
		for _, w := range workers {
			syscall.Kill(w, syscall.SIGKILL)
		}
		time.Sleep(500 * time.Millisecond) // a new worker takes over
		if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		if code := wait(t, cmd, done); code != 130 {
			t.Errorf("exit status %d, want 130", code)
		}
		if d := cmp.Diff(before, hashes(t, out)); d != "" {
			t.Errorf("the complete run changed (-before +after):\n%s", d)
		}
	})

	t.Run("SIGKILL of gpuarch, then --resume", func(t *testing.T) {
		cmd, done := started(t, bin, 5, args...)
		for _, w := range children(cmd.Process.Pid) {
			syscall.Kill(w, syscall.SIGKILL)
		}
		cmd.Process.Kill()
		wait(t, cmd, done)
		if d := cmp.Diff(before, hashes(t, out)); d != "" {
			t.Errorf("the complete run changed (-before +after):\n%s", d)
		}
		// The killed run's folder is resumed, and placed beside the
		// complete run, which --resume never replaces.
		if b, err := exec.Command(bin, "run", "--backend", "simulated", "--suite", "alu", "--out", out, "--resume").CombinedOutput(); err != nil {
			t.Fatalf("--resume: %v\n%s", err, b)
		}
		if d := cmp.Diff(before, hashes(t, out)); d != "" {
			t.Errorf("the complete run changed on resume (-before +after):\n%s", d)
		}
		if runs, _ := filepath.Glob(filepath.Join(out, "run-*", "results.json")); len(runs) != 1 {
			t.Errorf("resumed runs beside the complete one: %q", runs)
		}
	})
}
