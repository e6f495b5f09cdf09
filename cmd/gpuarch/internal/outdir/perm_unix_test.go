//go:build unix

package outdir

import (
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestPermissions checks the modes of what the package makes, under the
// usual umask 022: a copied file is FileMode even when its source was
// private (os.CreateTemp makes 0600 files).
func TestPermissions(t *testing.T) {
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	root := t.TempDir()
	dir := filepath.Join(root, "out")
	write(t, dir, files{"notes.txt": "x"})
	dead := filepath.Join(dir, StagingPrefix+stamp+"-1073741824")
	write(t, dead, files{"results.json": oldPart, "gpu0/results.md": "g"})
	if err := os.Chmod(filepath.Join(dead, "results.json"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(dead, "gpu0"), 0o700); err != nil {
		t.Fatal(err)
	}
	made := filepath.Join(root, "made", "out")
	fresh, err := Begin(made, Options{Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	o, err := Begin(dir, Options{Resume: true, Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	check := func(path string, want fs.FileMode) {
		t.Helper()
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if got := fi.Mode().Perm(); got != want {
			t.Errorf("%s: mode %v; want %v", path, got, want)
		}
	}
	check(made, DirMode)
	check(filepath.Dir(made), DirMode)
	check(fresh.Dir(), DirMode)
	check(o.Dir(), DirMode)
	check(filepath.Join(o.Dir(), "results.json"), FileMode)
	check(filepath.Join(o.Dir(), "gpu0"), DirMode)
	check(filepath.Join(o.Dir(), "gpu0", "results.md"), FileMode)
	where, err := o.Finish(false)
	if err != nil {
		t.Fatal(err)
	}
	check(where, DirMode)
	check(filepath.Join(where, "results.json"), FileMode)
}
