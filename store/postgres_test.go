package store

import (
	"database/sql"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// postgres is the PostgreSQL server the tests share, started by the first
// that needs it and stopped by TestMain.
var postgres struct {
	once sync.Once
	url  string
	skip string // why there is no server, when PostgreSQL is not installed
	err  error
	stop func()
}

func TestMain(m *testing.M) {
	code := m.Run()
	if postgres.stop != nil {
		postgres.stop()
	}
	os.Exit(code)
}

// startPostgres returns the URL of a PostgreSQL server started from the
// machine's installation (Debian's postgresql package) in a temporary
// folder, listening on a Unix socket only, the first time it is called;
// the server stops when the tests end. It skips when PostgreSQL is not
// installed.
func startPostgres(t *testing.T) string {
	t.Helper()
	postgres.once.Do(func() { postgres.url, postgres.skip, postgres.err = serve() })
	if postgres.skip != "" {
		t.Skip(postgres.skip)
	}
	if postgres.err != nil {
		t.Fatal(postgres.err)
	}
	return postgres.url
}

func serve() (url, skip string, err error) {
	initdbs, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(initdbs) == 0 {
		return "", "PostgreSQL is not installed (Debian: apt-get install postgresql; .ci/run installs it)", nil
	}
	sort.Strings(initdbs)
	bin := filepath.Dir(initdbs[len(initdbs)-1])
	dir, err := os.MkdirTemp("", "gpuarch-pg-")
	if err != nil {
		return "", "", err
	}
	cleanup := func() { os.RemoveAll(dir) }
	defer func() {
		if err != nil {
			cleanup()
		}
	}()
	// PostgreSQL refuses to run as root: as root, it runs as postgres.
	var prefix []string
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			return "", fmt.Sprintf("running as root and there is no postgres user to run the server as: %v", err), nil
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			return "", "", err
		}
		prefix = []string{"runuser", "-u", "postgres", "--"}
	}
	run := func(name string, args ...string) error {
		argv := append(append(append([]string{}, prefix...), filepath.Join(bin, name)), args...)
		out, err := exec.Command(argv[0], argv[1:]...).CombinedOutput()
		if err != nil {
			return fmt.Errorf("%s: %v\n%s", strings.Join(argv, " "), err, out)
		}
		return nil
	}
	data := filepath.Join(dir, "data")
	if err := run("initdb", "-D", data, "-A", "trust", "-U", "gpuarch", "--no-sync"); err != nil {
		return "", "", err
	}
	port := 20000 + os.Getpid()%20000
	opts := fmt.Sprintf("-k %s -p %d -c listen_addresses= -c fsync=off", dir, port)
	if err := run("pg_ctl", "-D", data, "-w", "-l", filepath.Join(dir, "log"), "-o", opts, "start"); err != nil {
		return "", "", err
	}
	postgres.stop = func() {
		_ = run("pg_ctl", "-D", data, "-m", "immediate", "stop")
		cleanup()
	}
	return fmt.Sprintf("postgres://gpuarch@/postgres?host=%s&port=%d&sslmode=disable", dir, port), "", nil
}

// eachDialect runs a test on SQLite and on PostgreSQL; fresh gives it a
// new, empty store's location each call: a file in a temporary folder, or
// a schema on the shared server (see postgresSchemas).
func eachDialect(t *testing.T, test func(t *testing.T, fresh func(t *testing.T) string)) {
	t.Run("sqlite", func(t *testing.T) {
		test(t, func(t *testing.T) string { return filepath.Join(t.TempDir(), "runs.db") })
	})
	t.Run("postgres", func(t *testing.T) { test(t, postgresSchemas(t)) })
}

// postgresSchemas returns a function that makes a new, empty schema on
// the shared server and returns its URL (the schema as the connection's
// search_path): a fresh store, much quicker to make than a database.
func postgresSchemas(t *testing.T) func(t *testing.T) string {
	url := startPostgres(t)
	admin, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Close() })
	return func(t *testing.T) string {
		schemas.Lock()
		schemas.n++
		name := fmt.Sprintf("store%d", schemas.n)
		schemas.Unlock()
		if _, err := admin.Exec("CREATE SCHEMA " + name); err != nil {
			t.Fatal(err)
		}
		return url + "&search_path=" + name
	}
}

// schemas numbers the schemas postgresSchemas makes.
var schemas struct {
	sync.Mutex
	n int
}
