package slurm_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"
)

// TestNodeCoverage runs gpuarch-nodes end to end on a Slurm cluster this
// test starts from the machine's slurm-wlm and munge packages: one
// slurmctld and a slurmd per node, all on this machine (slurmd -N; Debian's
// Slurm allows several), on the simulated GPUs. node1 has two CPUs, so a
// job array could put two tasks on it and none on node2; node3 is down;
// node9 is no node of the cluster.
func TestNodeCoverage(t *testing.T) {
	for _, tool := range []string{"sbatch", "sinfo", "scontrol", "slurmctld", "slurmd", "munged"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed (Debian: apt-get install slurm-wlm munge; .ci/run installs them): %v", tool, err)
		}
	}
	if os.Geteuid() != 0 {
		t.Skip("starting slurmd takes root (CI runs as root)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	dir, err := os.MkdirTemp("", "gpuarch-slurm-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	bin := filepath.Join(dir, "gpuarch")
	build := exec.CommandContext(ctx, filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-o", bin, "../../cmd/gpuarch")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build gpuarch: %v\n%s", err, out)
	}
	conf := startCluster(t, ctx, dir, []node{{"node1", 2, true}, {"node2", 1, true}, {"node3", 1, false}})
	script, _ := filepath.Abs("gpuarch-nodes")

	// sweep runs gpuarch-nodes --wait with args, gpuarch being the
	// binary (or a wrapper), and returns the sweep's folder, the
	// listing it printed and its error.
	sweep := func(t *testing.T, gpuarch, out string, args ...string) (string, map[string][2]string, error) {
		t.Helper()
		cmd := exec.CommandContext(ctx, script, append([]string{"--wait"}, args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "SLURM_CONF="+conf, "GPUARCH="+gpuarch, "GPUARCH_OUT="+out,
			"GPUARCH_ARGS=--backend simulated --suite warp", "GPUARCH_DB_ARGS=--allow-simulated")
		b, err := cmd.CombinedOutput()
		t.Logf("gpuarch-nodes %s:\n%s", strings.Join(args, " "), b)
		sweeps, _ := filepath.Glob(filepath.Join(out, "sweep-*"))
		if len(sweeps) != 1 {
			t.Fatalf("sweep folders %v, want one", sweeps)
		}
		logs := func() {
			files, _ := filepath.Glob(filepath.Join(sweeps[0], "*.log"))
			for _, l := range files {
				c, _ := os.ReadFile(l)
				t.Logf("%s:\n%s", l, c)
			}
		}
		tsv, rerr := os.ReadFile(filepath.Join(sweeps[0], "nodes.tsv"))
		if rerr != nil {
			logs()
			t.Fatalf("no listing: %v", rerr)
		}

		listing := map[string][2]string{}
		for i, line := range strings.Split(strings.TrimSpace(string(tsv)), "\n") {
			f := strings.SplitN(line, "\t", 3)
			if i == 0 || len(f) != 3 {
				continue
			}
			if _, dup := listing[f[0]]; dup {
				t.Errorf("%s listed twice", f[0])
			}
			listing[f[0]] = [2]string{f[1], f[2]}
			if f[1] == "failed" {
				defer logs()
			}
		}
		return sweeps[0], listing, err
	}
	runsIn := func(t *testing.T, db string) string {
		t.Helper()
		b, err := exec.CommandContext(ctx, bin, "db", "list", "--db", db).CombinedOutput()
		if err != nil {
			t.Fatalf("db list: %v\n%s", err, b)
		}
		return string(b)
	}

	t.Run("each node of a list measured once", func(t *testing.T) {
		out := filepath.Join(dir, "list")
		s, listing, err := sweep(t, bin, out, "node[1-2]")
		if err != nil {
			t.Errorf("gpuarch-nodes: %v", err)
		}
		for _, n := range []string{"node1", "node2"} {
			st := listing[n]
			if st[0] != "measured" || !strings.Contains(st[1], "on "+n+" by job") {
				t.Errorf("%s: %q, want measured on %s", n, st, n)
			}
			for _, f := range []string{"gpu0/results.json", "gpu1/results.json", "summary.md"} {
				if _, err := os.Stat(filepath.Join(s, n, f)); err != nil {
					t.Errorf("%s: %v", n, err)
				}
			}
		}
		if len(listing) != 2 {
			t.Errorf("listing %v, want node1 and node2", listing)
		}
		if runs := runsIn(t, filepath.Join(out, "fleet.db")); !strings.Contains(runs, "4 run(s)") {
			t.Errorf("the store holds, after two nodes of two GPUs:\n%s", runs)
		}
		if folders := subdirs(t, s); strings.Join(folders, " ") != "node1 node2" {
			t.Errorf("run folders %v, want one per node", folders)
		}
	})

	t.Run("a partition, with a node down, a node failing and a name that is no node", func(t *testing.T) {
		killer := filepath.Join(dir, "gpuarch-killed-on-node2")
		wrapper := "#!/bin/sh\nif [ \"$SLURMD_NODENAME\" = node2 ] && [ \"$1\" = run ]; then kill -9 $$; fi\nexec " + bin + " \"$@\"\n"
		if err := os.WriteFile(killer, []byte(wrapper), 0o755); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, "partition")
		_, listing, err := sweep(t, killer, out, "--partition", "test", "node9")
		if err == nil {
			t.Error("gpuarch-nodes succeeded with a node failed and two skipped")
		}
		want := map[string]string{"node1": "measured", "node2": "failed", "node3": "skipped", "node9": "skipped"}
		for n, st := range want {
			if listing[n][0] != st {
				t.Errorf("%s: %q, want %s", n, listing[n], st)
			}
		}
		if len(listing) != len(want) {
			t.Errorf("listing %v, want %v", listing, want)
		}
		if !strings.Contains(listing["node3"][1], "down") || !strings.Contains(listing["node9"][1], "not a node") {
			t.Errorf("reasons: node3 %q, node9 %q", listing["node3"][1], listing["node9"][1])
		}
		if runs := runsIn(t, filepath.Join(out, "fleet.db")); !strings.Contains(runs, "2 run(s)") {
			t.Errorf("the store after node2's task was killed holds, want node1's two runs:\n%s", runs)
		}
	})

	t.Run("the listing of a sweep is written again from its folder", func(t *testing.T) {
		sweeps, _ := filepath.Glob(filepath.Join(dir, "list", "sweep-*"))
		if len(sweeps) != 1 {
			t.Skip("no sweep to list")
		}
		b, err := exec.CommandContext(ctx, script, "--report", sweeps[0]).CombinedOutput()
		if err != nil || !strings.Contains(string(b), "2 node(s): 2 measured, 0 skipped, 0 failed") {
			t.Errorf("gpuarch-nodes --report: %v\n%s", err, b)
		}
	})
}

func subdirs(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() {
			out = append(out, e.Name())
		}
	}
	sort.Strings(out)
	return out
}

// node is a node of the test cluster: its name, CPUs, and whether its
// slurmd runs (one that does not is configured down).
type node struct {
	name string
	cpus int
	up   bool
}

// startCluster starts munged, slurmctld and one slurmd per node that is
// up, all on this machine (slurmd -N names the node each serves), on ports
// and a socket of their own, and returns the configuration's path; they
// stop when the test ends.
func startCluster(t *testing.T, ctx context.Context, dir string, nodes []node) string {
	t.Helper()
	host, _ := os.Hostname()
	host, _, _ = strings.Cut(host, ".")
	for _, d := range []string{"state", "spool", "munge"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	key := make([]byte, 1024)
	if f, err := os.Open("/dev/urandom"); err == nil {
		f.Read(key)
		f.Close()
	}
	keyFile := filepath.Join(dir, "munge", "munge.key")
	if err := os.WriteFile(keyFile, key, 0o400); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(dir, "munge", "munge.socket")
	run := func(name string, args ...string) {
		t.Helper()
		if b, err := exec.CommandContext(ctx, name, args...).CombinedOutput(); err != nil {
			t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, b)
		}
	}
	var pids []string
	t.Cleanup(func() {
		for _, pid := range pids {
			if b, err := os.ReadFile(filepath.Join(dir, pid)); err == nil {
				exec.Command("kill", strings.TrimSpace(string(b))).Run()
			}
		}
	})
	run("munged", "--force", "--key-file", keyFile, "--socket", sock, "--pid-file", filepath.Join(dir, "munge", "munged.pid"),
		"--log-file", filepath.Join(dir, "munge", "munged.log"), "--seed-file", filepath.Join(dir, "munge", "seed"))
	pids = append(pids, "munge/munged.pid")
	port := 17000 + os.Getpid()%1000*8
	conf := filepath.Join(dir, "slurm.conf")
	text := fmt.Sprintf(`ClusterName=gpuarchtest
SlurmctldHost=%[1]s
AuthType=auth/munge
AuthInfo=socket=%[2]s
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SlurmUser=root
SlurmdUser=root
StateSaveLocation=%[3]s/state
SlurmdSpoolDir=%[3]s/spool/%%n
SlurmctldPidFile=%[3]s/slurmctld.pid
SlurmdPidFile=%[3]s/slurmd-%%n.pid
SlurmctldLogFile=%[3]s/slurmctld.log
SlurmdLogFile=%[3]s/slurmd-%%n.log
SlurmctldPort=%[4]d
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
`, host, sock, dir, port)
	for i, n := range nodes {
		state := "UNKNOWN"
		if !n.up {
			state = "DOWN"
		}
		text += fmt.Sprintf("NodeName=%s NodeHostname=%s NodeAddr=127.0.0.1 Port=%d CPUs=%d State=%s\n", n.name, host, port+1+i, n.cpus, state)
	}
	text += "PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP\n"
	if err := os.WriteFile(conf, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	run("slurmctld", "-f", conf)
	pids = append(pids, "slurmctld.pid")
	for _, n := range nodes {
		if !n.up {
			continue
		}
		if err := os.MkdirAll(filepath.Join(dir, "spool", n.name), 0o700); err != nil {
			t.Fatal(err)
		}
		run("slurmd", "-f", conf, "-N", n.name)
		pids = append(pids, "slurmd-"+n.name+".pid")
	}
	// Wait for the nodes that run a slurmd to be idle.
	deadline := time.Now().Add(30 * time.Second)
	for {
		cmd := exec.CommandContext(ctx, "sinfo", "-h", "-N", "-o", "%N %t")
		cmd.Env = append(os.Environ(), "SLURM_CONF="+conf)
		b, _ := cmd.Output()
		idle := 0
		for _, line := range strings.Split(string(b), "\n") {
			if strings.HasSuffix(line, " idle") {
				idle++
			}
		}
		want := 0
		for _, n := range nodes {
			if n.up {
				want++
			}
		}
		if idle == want {
			return conf
		}
		if time.Now().After(deadline) {
			log, _ := os.ReadFile(filepath.Join(dir, "slurmctld.log"))
			t.Fatalf("the nodes did not come up: sinfo says %q\n%s", b, log)
		}
		time.Sleep(200 * time.Millisecond)
	}
}
