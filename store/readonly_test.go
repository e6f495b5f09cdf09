package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// snapshot describes a folder's files (name, size, modification time and
// a hash of the bytes), to show that a reader wrote nothing there.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, e := range es {
		fi, err := e.Info()
		if err != nil {
			t.Fatal(err)
		}
		desc := fmt.Sprintf("%v %d %v", fi.Mode(), fi.Size(), fi.ModTime())
		if fi.Mode().IsRegular() {
			b, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			desc += fmt.Sprintf(" %x", sha256.Sum256(b))
		}
		out[e.Name()] = desc
	}
	return out
}

// walMode says whether an SQLite file's header says WAL mode.
func walMode(t *testing.T, path string) bool {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	hdr := make([]byte, 100)
	if _, err := io.ReadFull(f, hdr); err != nil {
		t.Fatal(err)
	}
	return hdr[18] == 2
}

// fill makes a store at path holding n runs and closes it.
func fill(t *testing.T, path string, n int) {
	t.Helper()
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if _, err := s.Add(context.Background(), run("n1", fmt.Sprintf("GPU-%d", i), "580.1", i+1, 3.9), fmt.Sprintf("run%d.json", i)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
}

// readOnly checks a store opened by OpenReadOnly: it lists n runs, and
// neither Add nor a raw INSERT writes it.
func readOnly(t *testing.T, s *Store, n int) {
	t.Helper()
	ctx := context.Background()
	if runs, err := s.List(ctx, Filter{}); err != nil || len(runs) != n {
		t.Errorf("List = %d runs, %v; want %d", len(runs), err, n)
	}
	if _, k, err := s.Set(ctx, Filter{}); err != nil || k != n {
		t.Errorf("Set = %d runs, %v; want %d", k, err, n)
	}
	if _, err := s.Add(ctx, run("n9", "GPU-new", "580.1", 28, 3.9), "new.json"); err == nil || !strings.Contains(err.Error(), "read-only") {
		t.Errorf("Add on a read-only store = %v, want an error saying it is read-only", err)
	}
	if _, err := s.db.ExecContext(ctx, `INSERT INTO quantities (rid, op, quantity, unit) VALUES ('x', 'x', 'x', 'x')`); err == nil {
		t.Error("the read-only store's connection wrote a row")
	}
}

// TestOpenReadOnlySQLite opens files of every kind read-only: what is not
// a store is an error, and nothing in the folder changes, not even by
// -wal and -shm files appearing.
func TestOpenReadOnlySQLite(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name  string
		make  func(t *testing.T, path string) // makes what is at path
		runs  int
		wrong error
	}{
		{name: "missing file", make: func(*testing.T, string) {}, wrong: ErrNoStore},
		{name: "folder", make: func(t *testing.T, path string) { os.Mkdir(path, 0o755) }, wrong: ErrNotStore},
		{name: "empty file", make: func(t *testing.T, path string) { writeFile(path, "") }, wrong: ErrNotStore},
		{name: "text file", make: func(t *testing.T, path string) {
			writeFile(path, "this is not a database, but a text file long enough to have a header, as long as SQLite's header, which is a hundred bytes")
		}, wrong: ErrNotStore},
		{name: "another SQLite database", make: func(t *testing.T, path string) {
			db, err := sql.Open("sqlite", "file:"+path)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			if _, err := db.Exec(`CREATE TABLE runs (x TEXT)`); err != nil {
				t.Fatal(err)
			}
		}, wrong: ErrNotStore},
		{name: "store closed by its writer", runs: 2, make: func(t *testing.T, path string) {
			fill(t, path, 2)
			if walMode(t, path) {
				t.Error("Close left the store in WAL mode")
			}
		}},
		{name: "store left in WAL mode", runs: 2, make: func(t *testing.T, path string) {
			// As Close left stores before it switched modes: OpenReadOnly
			// reads it as immutable.
			fill(t, path, 2)
			db, err := sql.Open("sqlite", "file:"+path+"?_pragma=journal_mode(WAL)")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := db.Exec(`SELECT count(*) FROM runs`); err != nil {
				t.Fatal(err)
			}
			db.Close()
			if !walMode(t, path) {
				t.Fatal("the store is not in WAL mode")
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "runs.db")
			tc.make(t, path)
			before := snapshot(t, dir)
			s, err := OpenReadOnly(ctx, path)
			if tc.wrong != nil {
				if !errors.Is(err, tc.wrong) {
					t.Errorf("OpenReadOnly = %v, want %v", err, tc.wrong)
				}
				if err != nil {
					t.Log(err)
				}
			} else {
				if err != nil {
					t.Fatal(err)
				}
				readOnly(t, s, tc.runs)
				if err := s.Close(); err != nil {
					t.Error(err)
				}
			}
			if diff := cmp.Diff(before, snapshot(t, dir)); diff != "" {
				t.Errorf("the folder changed (-before +after):\n%s", diff)
			}
		})
	}
	t.Run("missing file message", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "typo.db")
		_, err := OpenReadOnly(ctx, path)
		if want := "store: no results store at " + path + " (db add creates one)"; err == nil || err.Error() != want {
			t.Errorf("OpenReadOnly = %v, want %q", err, want)
		}
	})
	t.Run("store with its writer open", func(t *testing.T) {
		// The writer's -wal and -shm files are there: the reader reads
		// through them, and sees what the writer adds later.
		path := filepath.Join(t.TempDir(), "runs.db")
		fill(t, path, 2)
		w := openAt(t, path)
		if _, err := w.Add(ctx, run("n2", "GPU-2", "580.1", 3, 3.9), "run2.json"); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(path + "-wal"); err != nil {
			t.Fatalf("the writer has no -wal file: %v", err)
		}
		r, err := OpenReadOnly(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		readOnly(t, r, 3)
		if _, err := w.Add(ctx, run("n2", "GPU-3", "580.1", 4, 3.9), "run3.json"); err != nil {
			t.Fatal(err)
		}
		if runs, err := r.List(ctx, Filter{}); err != nil || len(runs) != 4 {
			t.Errorf("after the writer's Add, List = %d runs, %v; want 4", len(runs), err)
		}
	})
}

// TestOpenReadOnlyPostgres opens a PostgreSQL database read-only: one
// without the tables is no store, and one with them reads but cannot be
// written, even by a raw INSERT.
func TestOpenReadOnlyPostgres(t *testing.T) {
	ctx := context.Background()
	fresh := postgresSchemas(t)
	if _, err := OpenReadOnly(ctx, fresh(t)); !errors.Is(err, ErrNotStore) {
		t.Errorf("OpenReadOnly(empty schema) = %v, want ErrNotStore", err)
	}
	url := fresh(t)
	fill(t, url, 2)
	s, err := OpenReadOnly(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	readOnly(t, s, 2)
}

// TestMigrate opens a store made before the state column: OpenReadOnly
// reads it as migrate would make it, without writing it; Open adds the
// column, marking the simulated GPU's run.
func TestMigrate(t *testing.T) {
	old, err := os.ReadFile("testdata/schema-af5c5d2.sql")
	if err != nil {
		t.Fatal(err)
	}
	eachDialect(t, func(t *testing.T, fresh func(*testing.T) string) {
		ctx := context.Background()
		path := fresh(t)
		raw := &Store{pg: isPostgres(path), name: path}
		ddl := strings.NewReplacer("{id}", "INTEGER PRIMARY KEY", "{real}", "REAL", "{blob}", "BLOB").Replace(string(old))
		driver := "sqlite"
		if raw.pg {
			driver = "pgx"
			ddl = strings.NewReplacer("{id}", "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY", "{real}", "DOUBLE PRECISION", "{blob}", "BYTEA").Replace(string(old))
		}
		if raw.db, err = sql.Open(driver, path); err != nil {
			t.Fatal(err)
		}
		for _, stmt := range strings.Split(ddl, ";") {
			if strings.TrimSpace(stmt) != "" {
				if _, err := raw.db.Exec(stmt); err != nil {
					t.Fatal(err)
				}
			}
		}
		var qid int64
		if err := raw.db.QueryRow(`INSERT INTO quantities (rid, op, quantity, unit) VALUES ('alu/fma.rn.f32/throughput', 'fma.f32', 'throughput', 'warp instructions/clock/SM') RETURNING id`).Scan(&qid); err != nil {
			t.Fatal(err)
		}
		vals := binary.LittleEndian.AppendUint64(binary.LittleEndian.AppendUint32(nil, uint32(qid)), math.Float64bits(3.9))
		for i, r := range []struct{ model, uuid, backend string }{{"NVIDIA H200", "GPU-1", "cuda"}, {"Fake GPU", "GPU-simulated-0", "simulated"}, {"Fake GPU", "GPU-fake", "cuda"}} {
			if _, err := raw.db.Exec(raw.q(`INSERT INTO runs (node, model, uuid, driver, backend, tool, started, elapsed, records, source, vals)
				VALUES ('n1', ?, ?, '580.1', ?, 'test', ?, 60, 1, ?, ?)`), r.model, r.uuid, r.backend, fmt.Sprintf("2026-11-0%dT12:00:00Z", i+1), fmt.Sprintf("old%d.json", i), vals); err != nil {
				t.Fatal(err)
			}
		}
		raw.db.Close()
		want := map[string]State{"old0.json": StateComplete, "old1.json": StateSimulated, "old2.json": StateSimulated}
		states := func(s *Store) {
			t.Helper()
			runs, err := s.List(ctx, Filter{})
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]State{}
			for _, r := range runs {
				got[r.Source] = r.State
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("states (-want +got):\n%s", diff)
			}
			if _, n, err := s.Set(ctx, Filter{}); err != nil || n != len(want)-2 {
				t.Errorf("Set = %d runs, %v; want the %d complete", n, err, len(want)-2)
			}
			if runs, err := s.List(ctx, Filter{State: StateSimulated}); err != nil || len(runs) != 2 {
				t.Errorf("List(state=simulated) = %d runs, %v; want 2", len(runs), err)
			}
		}

		var before map[string]string
		if !raw.pg {
			before = snapshot(t, filepath.Dir(path))
		}
		for range 2 { // a second time: the first did not migrate it
			r, err := OpenReadOnly(ctx, path)
			if err != nil {
				t.Fatal(err)
			}
			if r.hasState {
				t.Error("OpenReadOnly migrated the store")
			}
			states(r)
			r.Close()
		}
		if !raw.pg {
			if diff := cmp.Diff(before, snapshot(t, filepath.Dir(path))); diff != "" {
				t.Errorf("OpenReadOnly changed the folder (-before +after):\n%s", diff)
			}
		}

		w := openAt(t, path)
		if ok, err := w.hasColumn(ctx, "runs", "state"); err != nil || !ok {
			t.Fatalf("after Open, the state column is there: %v, %v", ok, err)
		}
		states(w)
		if _, err := w.Add(ctx, run("n2", "GPU-2", "580.1", 9, 3.9), "new.json"); err != nil {
			t.Fatal(err)
		}
		want["new.json"] = StateComplete
		states(w)
		w.Close()
		states(openAt(t, path)) // Open again: nothing left to migrate
	})
}

// TestReadOnlyPermissions reads stores in a folder and files without
// write permission, in both modes OpenReadOnly opens SQLite files in
// (rollback journal, and WAL without a -wal file). Root ignores
// permissions, so as root the reading runs in a child process, this test
// binary run as user nobody.
func TestReadOnlyPermissions(t *testing.T) {
	top, err := os.MkdirTemp("", "gpuarch-store-ro-")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(top, "ro")
	t.Cleanup(func() {
		os.Chmod(dir, 0o755)
		os.RemoveAll(top)
	})
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	fill(t, filepath.Join(dir, "rollback.db"), 2)
	wal := filepath.Join(dir, "wal.db")
	fill(t, wal, 3)
	db, err := sql.Open("sqlite", "file:"+wal+"?_pragma=journal_mode(WAL)")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`SELECT 1`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	for _, f := range []string{"rollback.db", "wal.db"} {
		if err := os.Chmod(filepath.Join(dir, f), 0o444); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, dir)
	if os.Geteuid() != 0 {
		readOnlyFolder(t, dir)
	} else {
		// A copy of this binary that nobody may run, in a folder nobody
		// may enter.
		if _, err := exec.LookPath("runuser"); err != nil {
			t.Skip("running as root, and there is no runuser to read the store as another user")
		}
		exe, err := os.Executable()
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(exe)
		if err != nil {
			t.Fatal(err)
		}
		bin := filepath.Join(top, "store.test")
		if err := os.WriteFile(bin, b, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(top, 0o755); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("runuser", "-u", "nobody", "--", bin, "-test.run=^TestReadOnlyChild$", "-test.v", "-test.count=1")
		cmd.Dir = top
		cmd.Env = append(os.Environ(), "GPUARCH_STORE_READONLY_DIR="+dir)
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "--- PASS: TestReadOnlyChild") {
			t.Errorf("reading as nobody: %v\n%s", err, out)
		}
	}
	if diff := cmp.Diff(before, snapshot(t, dir)); diff != "" {
		t.Errorf("the folder changed (-before +after):\n%s", diff)
	}
}

// TestReadOnlyChild is TestReadOnlyPermissions' reader, run as another
// user than root.
func TestReadOnlyChild(t *testing.T) {
	dir := os.Getenv("GPUARCH_STORE_READONLY_DIR")
	if dir == "" {
		t.Skip("run by TestReadOnlyPermissions")
	}
	readOnlyFolder(t, dir)
}

func readOnlyFolder(t *testing.T, dir string) {
	if err := os.WriteFile(filepath.Join(dir, "probe"), nil, 0o644); err == nil {
		t.Fatalf("uid %d may write %s: the test shows nothing", os.Geteuid(), dir)
	}
	for _, tc := range []struct {
		file string
		runs int
	}{{"rollback.db", 2}, {"wal.db", 3}} {
		t.Run(tc.file, func(t *testing.T) {
			s, err := OpenReadOnly(context.Background(), filepath.Join(dir, tc.file))
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			readOnly(t, s, tc.runs)
		})
	}
}
