// Command gpuarch-fleet runs gpuarch across a Kubernetes cluster's GPU
// nodes without a controller and without a GPU held idle. It ships in
// gpuarch's image beside gpuarch, and has two commands:
//
//	gpuarch-fleet schedule --template job.yaml [--only idle,cordoned] [--period day]
//
// run once per period by a CronJob (cronjob.yaml), lists the GPU nodes
// and the pods, and creates one Job per node to measure, from the
// template: pinned to the node, asking for all its GPUs, named for the
// period and the node so that a node is measured at most once a period.
// The scheduler's own pod asks for no GPU and ends when the Jobs are made;
// each Job's pod holds its node's GPUs only from its start to its end,
// and a pod that waits for busy GPUs holds none.
//
//	gpuarch-fleet measure [--out /results] [--allow-interrupted] [-- RUN FLAGS]
//
// is the Job's command: `gpuarch run --gpu all` into a new folder, then
// `gpuarch db add` of whatever was measured into the store named by
// $GPUARCH_DB, without a shell (the image has none). Its exit status is
// gpuarch run's (3: some records failed; 4: nothing measured), else db
// add's.
//
// gpuarch-fleet is a separate binary, not a gpuarch command, because it
// is deployment glue: it knows the Kubernetes API and the NVIDIA device
// plugin's resource, which gpuarch does not.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"syscall"
	"text/tabwriter"
	"time"

	batchv1 "k8s.io/api/batch/v1"
	"sigs.k8s.io/yaml"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	if err != nil {
		var ex *exitError
		if errors.As(err, &ex) {
			os.Exit(ex.code)
		}
		fmt.Fprintln(os.Stderr, "gpuarch-fleet:", err)
		os.Exit(1)
	}
}

// exitError carries a child's exit status through.
type exitError struct{ code int }

func (e *exitError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

const usage = "usage: gpuarch-fleet schedule [flags] | gpuarch-fleet measure [flags] [-- run flags] (-h for a command's flags)"

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return errors.New(usage)
	}
	switch args[0] {
	case "schedule":
		return schedule(ctx, args[1:], stdout, stderr)
	case "measure":
		return measure(ctx, args[1:], stdout, stderr)
	case "-h", "--help", "help":
		fmt.Fprintln(stdout, usage)
		return nil
	}
	return fmt.Errorf("unknown command %q; %s", args[0], usage)
}

func schedule(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("schedule", flag.ContinueOnError)
	fs.SetOutput(stderr)
	api := fs.String("api", "", "the API server's URL, such as http://127.0.0.1:8001 from `kubectl proxy` (default: the pod's own, with its service account)")
	tmplPath := fs.String("template", "/etc/gpuarch/job.yaml", "the Job each node gets (job.yaml)")
	namespace := fs.String("namespace", os.Getenv("POD_NAMESPACE"), "the namespace to make the Jobs in (default: $POD_NAMESPACE)")
	onlyFlag := fs.String("only", "", "measure only nodes that are idle (no other pod holds or waits for a GPU), cordoned, or idle,cordoned (default: every ready GPU node)")
	selector := fs.String("selector", "nvidia.com/gpu.present=true", "label selector of the GPU nodes (\"\": every node with allocatable nvidia.com/gpu)")
	periodKind := fs.String("period", "day", "the period a node is measured once in: day, week or hour (the Jobs' names carry it)")
	dryRun := fs.Bool("dry-run", false, "print the plan and the Jobs (YAML) instead of making them")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("schedule takes no arguments, got %q", fs.Args())
	}
	only, err := ParseOnly(*onlyFlag)
	if err != nil {
		return err
	}
	period, err := Period(*periodKind, time.Now())
	if err != nil {
		return err
	}
	b, err := os.ReadFile(*tmplPath)
	if err != nil {
		return fmt.Errorf("the Job template: %w", err)
	}
	var tmpl batchv1.Job
	if err := yaml.UnmarshalStrict(b, &tmpl); err != nil {
		return fmt.Errorf("the Job template %s is not a batch/v1 Job: %w", *tmplPath, err)
	}
	if *namespace == "" && !*dryRun {
		return errors.New("no --namespace (nor $POD_NAMESPACE) to make the Jobs in")
	}
	var a *API
	if *api != "" {
		a = &API{Base: *api}
	} else if a, err = InCluster(); err != nil {
		return err
	}
	nodes, err := a.Nodes(ctx, *selector)
	if err != nil {
		return err
	}
	pods, err := a.ActivePods(ctx)
	if err != nil {
		return err
	}
	decisions := Plan(nodes, pods, &tmpl, only, period)
	return apply(ctx, a, *namespace, decisions, *dryRun, stdout)
}

// apply makes each decision's Job (a Job already made this period is no
// error) and prints what became of every node; with dryRun it prints the
// Jobs instead. It fails when some Job could not be made.
func apply(ctx context.Context, a *API, namespace string, decisions []Decision, dryRun bool, stdout io.Writer) error {
	w := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "node\taction\tjob\twhy")
	var errs []error
	var jobs []*batchv1.Job
	for _, d := range decisions {
		if !d.Measure {
			fmt.Fprintf(w, "%s\tskipped\t-\t%s\n", d.Node, d.Reason)
			continue
		}
		action := "scheduled"
		switch {
		case dryRun:
			action = "would schedule"
			jobs = append(jobs, d.Job)
		default:
			err := a.CreateJob(ctx, namespace, d.Job)
			var st *StatusError
			switch {
			case errors.As(err, &st) && st.Code == 409:
				action = "already scheduled this period"
			case err != nil:
				action = "failed"
				d.Reason = err.Error()
				errs = append(errs, fmt.Errorf("node %s: %w", d.Node, err))
			}
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", d.Node, action, d.Job.Name, d.Reason)
	}
	if err := w.Flush(); err != nil {
		return err
	}
	for _, j := range jobs {
		j.APIVersion, j.Kind = "batch/v1", "Job"
		b, err := yaml.Marshal(j)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "---\n%s", b)
	}
	return errors.Join(errs...)
}

func measure(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("measure", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gpuarch := fs.String("gpuarch", "/usr/local/bin/gpuarch", "the gpuarch binary")
	out := fs.String("out", "/results", "the folder each run's new folder goes in")
	allowInterrupted := fs.Bool("allow-interrupted", false, "store an interrupted run too (marked interrupted)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	db := os.Getenv("GPUARCH_DB")
	if db == "" {
		return errors.New("$GPUARCH_DB names no store (set it from the store's secret)")
	}
	dir := filepath.Join(*out, "run-"+time.Now().UTC().Format("20060102T150405Z"))
	status := 0
	runArgs := append([]string{"run", "--gpu", "all", "--out", dir}, fs.Args()...)
	if err := command(ctx, stdout, stderr, *gpuarch, runArgs...); err != nil {
		var ex *exitError
		if !errors.As(err, &ex) {
			return err
		}
		status = ex.code
	}
	// Whatever was measured goes into the store, even after a failure.
	files, _ := filepath.Glob(filepath.Join(dir, "gpu*", "results.json"))
	if one := filepath.Join(dir, "results.json"); exists(one) {
		files = append(files, one)
	}
	if len(files) > 0 {
		add := []string{"db", "add", "--db", db}
		if *allowInterrupted {
			add = append(add, "--allow-interrupted")
		}
		err := command(ctx, stdout, stderr, *gpuarch, append(add, files...)...)
		if err != nil && status == 0 {
			return err
		}
	}
	if status != 0 {
		return &exitError{status}
	}
	return nil
}

// command runs a program, its output going to stdout and stderr; a
// non-zero exit is an *exitError (a signal's death, 128 plus the signal).
func command(ctx context.Context, stdout, stderr io.Writer, name string, args ...string) error {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = 30 * time.Second
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code := ee.ExitCode()
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			code = 128 + int(ws.Signal())
		}
		return &exitError{code}
	}
	return err
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
