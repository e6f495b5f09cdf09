package slurm_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestJobArray runs gpuarch.sbatch end to end on a one-node Slurm
// cluster this test starts from the machine's slurm-wlm and munge
// packages, on the simulated GPUs: an array of two tasks, each measuring
// both GPUs of "its node" and adding them to one store.
func TestJobArray(t *testing.T) {
	for _, tool := range []string{"sbatch", "slurmctld", "slurmd", "munged", "squeue"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed (Debian: apt-get install slurm-wlm munge): %v", tool, err)
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
	conf := startCluster(t, ctx, dir)
	sbatch := func(gpuarch, out string) error {
		cmd := exec.CommandContext(ctx, "sbatch", "--wait", "--array=0-1", "--chdir", dir, "--output", filepath.Join(dir, "task-%a.log"), "gpuarch.sbatch")
		cmd.Dir, _ = os.Getwd()
		cmd.Env = append(os.Environ(), "SLURM_CONF="+conf, "GPUARCH="+gpuarch, "GPUARCH_OUT="+out, "GPUARCH_ARGS=--backend simulated --suite warp", "GPUARCH_DB_ARGS=--allow-simulated")
		b, err := cmd.CombinedOutput()
		if err != nil {
			logs, _ := filepath.Glob(filepath.Join(dir, "task-*.log"))
			text := []string{string(b)}
			for _, l := range logs {
				c, _ := os.ReadFile(l)
				text = append(text, l+":\n"+string(c))
			}
			return fmt.Errorf("%w\n%s", err, strings.Join(text, "\n"))
		}
		return nil
	}
	out := filepath.Join(dir, "runs")
	if err := sbatch(bin, out); err != nil {
		t.Fatalf("sbatch: %v", err)
	}
	tasks, _ := filepath.Glob(filepath.Join(out, "*_*_*"))
	if len(tasks) != 2 {
		t.Fatalf("task folders %v, want 2", tasks)
	}
	for _, task := range tasks {
		for _, f := range []string{"gpu0/results.json", "gpu1/results.json", "summary.md"} {
			if _, err := os.Stat(filepath.Join(task, f)); err != nil {
				t.Errorf("%s: %v", task, err)
			}
		}
	}
	list, err := exec.CommandContext(ctx, bin, "db", "list", "--db", filepath.Join(out, "fleet.db")).CombinedOutput()
	if err != nil || !strings.Contains(string(list), "4 run(s)") {
		t.Errorf("the store after the array: %v\n%s", err, list)
	}

	// A task killed mid-run fails the array and loses no other task's
	// results.
	killer := filepath.Join(dir, "gpuarch-killed-in-task-1")
	script := "#!/bin/sh\nif [ \"$SLURM_ARRAY_TASK_ID\" = 1 ] && [ \"$1\" = run ]; then kill -9 $$; fi\nexec " + bin + " \"$@\"\n"
	if err := os.WriteFile(killer, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	out = filepath.Join(dir, "runs-with-a-failure")
	if err := sbatch(killer, out); err == nil {
		t.Error("an array with a killed task succeeded")
	}
	list, err = exec.CommandContext(ctx, bin, "db", "list", "--db", filepath.Join(out, "fleet.db")).CombinedOutput()
	if err != nil || !strings.Contains(string(list), "2 run(s)") || !strings.Contains(string(list), "_0_") {
		t.Errorf("the store after an array with a killed task: %v\n%s", err, list)
	}
}

// startCluster starts munged, slurmctld and slurmd for one node in dir,
// on ports and a socket of their own, and returns the configuration's
// path; they stop when the test ends.
func startCluster(t *testing.T, ctx context.Context, dir string) string {
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
	run("munged", "--force", "--key-file", keyFile, "--socket", sock, "--pid-file", filepath.Join(dir, "munge", "munged.pid"),
		"--log-file", filepath.Join(dir, "munge", "munged.log"), "--seed-file", filepath.Join(dir, "munge", "seed"))
	port := 17000 + os.Getpid()%2000*2
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
SlurmdSpoolDir=%[3]s/spool
SlurmctldPidFile=%[3]s/slurmctld.pid
SlurmdPidFile=%[3]s/slurmd.pid
SlurmctldLogFile=%[3]s/slurmctld.log
SlurmdLogFile=%[3]s/slurmd.log
SlurmctldPort=%[4]d
SlurmdPort=%[5]d
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
NodeName=%[1]s CPUs=%[6]d State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
`, host, sock, dir, port, port+1, runtime.NumCPU())
	if err := os.WriteFile(conf, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	run("slurmctld", "-f", conf)
	run("slurmd", "-f", conf)
	t.Cleanup(func() {
		for _, pid := range []string{"slurmd.pid", "slurmctld.pid", "munge/munged.pid"} {
			if b, err := os.ReadFile(filepath.Join(dir, pid)); err == nil {
				exec.Command("kill", strings.TrimSpace(string(b))).Run()
			}
		}
	})
	// Wait for the node to be idle.
	deadline := time.Now().Add(30 * time.Second)
	for {
		cmd := exec.CommandContext(ctx, "sinfo", "-h", "-o", "%t")
		cmd.Env = append(os.Environ(), "SLURM_CONF="+conf)
		b, _ := cmd.Output()
		if strings.Contains(string(b), "idle") {
			return conf
		}
		if time.Now().After(deadline) {
			log, _ := os.ReadFile(filepath.Join(dir, "slurmctld.log"))
			t.Fatalf("the node did not come up: sinfo says %q\n%s", b, log)
		}
		time.Sleep(200 * time.Millisecond)
	}
}
