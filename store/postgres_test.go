package store

import (
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// startPostgres starts a PostgreSQL server from the machine's
// installation (Debian's postgresql package) in a temporary folder,
// listening on a Unix socket only, and returns its URL; the server stops
// when the test ends. It skips when PostgreSQL is not installed.
func startPostgres(t *testing.T) string {
	t.Helper()
	initdbs, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(initdbs) == 0 {
		t.Skip("PostgreSQL is not installed (Debian: apt-get install postgresql; .ci/run installs it)")
	}
	sort.Strings(initdbs)
	bin := filepath.Dir(initdbs[len(initdbs)-1])
	dir, err := os.MkdirTemp("", "gpuarch-pg-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	// PostgreSQL refuses to run as root: as root, it runs as postgres.
	var prefix []string
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			t.Skipf("running as root and there is no postgres user to run the server as: %v", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			t.Fatal(err)
		}
		prefix = []string{"runuser", "-u", "postgres", "--"}
	}
	run := func(name string, args ...string) {
		t.Helper()
		argv := append(append(append([]string{}, prefix...), filepath.Join(bin, name)), args...)
		out, err := exec.Command(argv[0], argv[1:]...).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", strings.Join(argv, " "), err, out)
		}
	}
	data := filepath.Join(dir, "data")
	run("initdb", "-D", data, "-A", "trust", "-U", "gpuarch", "--no-sync")
	port := 20000 + os.Getpid()%20000
	opts := fmt.Sprintf("-k %s -p %d -c listen_addresses= -c fsync=off", dir, port)
	run("pg_ctl", "-D", data, "-w", "-l", filepath.Join(dir, "log"), "-o", opts, "start")
	t.Cleanup(func() {
		argv := append(append(append([]string{}, prefix...), filepath.Join(bin, "pg_ctl")), "-D", data, "-m", "immediate", "stop")
		_ = exec.Command(argv[0], argv[1:]...).Run()
	})
	return fmt.Sprintf("postgres://gpuarch@/postgres?host=%s&port=%d&sslmode=disable", dir, port)
}
