package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/yaml"
)

// gpuNode is a ready node with gpus GPUs.
func gpuNode(name string, gpus int64, cordoned bool) corev1.Node {
	n := corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: name, Labels: map[string]string{"nvidia.com/gpu.present": "true"}}}
	n.Spec.Unschedulable = cordoned
	n.Status.Allocatable = corev1.ResourceList{GPU: *resource.NewQuantity(gpus, resource.DecimalSI), corev1.ResourceCPU: resource.MustParse("64")}
	n.Status.Conditions = []corev1.NodeCondition{{Type: corev1.NodeReady, Status: corev1.ConditionTrue}}
	return n
}

// gpuPod is a pod on node taking gpus GPUs (by limit), in phase.
func gpuPod(name, node string, gpus int64, phase corev1.PodPhase, lbls map[string]string) corev1.Pod {
	p := corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "train", Labels: lbls}}
	p.Spec.NodeName = node
	c := corev1.Container{Name: "c", Image: "x"}
	if gpus > 0 {
		c.Resources.Limits = corev1.ResourceList{GPU: *resource.NewQuantity(gpus, resource.DecimalSI)}
	}
	p.Spec.Containers = []corev1.Container{c}
	p.Status.Phase = phase
	return p
}

// template is the repository's job.yaml.
func template(t *testing.T) *batchv1.Job {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "job.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var j batchv1.Job
	if err := yaml.UnmarshalStrict(b, &j); err != nil {
		t.Fatal(err)
	}
	return &j
}

// The cluster the schedule tests see: a, b, c have 8 GPUs; b runs a
// training pod on 4 of them; c is cordoned and idle; d is cordoned with a
// training pod still on it; e is not ready; cpu has no GPU; f ran a pod
// that finished, and holds a gpuarch pod of an earlier period.
func cluster() ([]corev1.Node, []corev1.Pod) {
	notReady := gpuNode("e", 8, false)
	notReady.Status.Conditions[0].Status = corev1.ConditionFalse
	nodes := []corev1.Node{gpuNode("b", 8, false), gpuNode("a", 8, false), gpuNode("c", 8, true), gpuNode("d", 4, true),
		notReady, gpuNode("cpu", 0, false), gpuNode("f", 2, false)}
	pods := []corev1.Pod{
		gpuPod("train-1", "b", 4, corev1.PodRunning, nil),
		gpuPod("cpu-only", "a", 0, corev1.PodRunning, nil),
		gpuPod("train-2", "d", 4, corev1.PodRunning, nil),
		gpuPod("done", "f", 2, corev1.PodSucceeded, nil),
		gpuPod("gpuarch-old", "f", 2, corev1.PodPending, map[string]string{AppLabel: AppNode}),
		gpuPod("waiting", "", 8, corev1.PodPending, nil),
	}
	return nodes, pods
}

func TestPlanPicksNodes(t *testing.T) {
	nodes, pods := cluster()
	for _, tc := range []struct {
		name    string
		only    string
		measure []string
	}{
		{"every ready GPU node", "", []string{"a", "b", "c", "d", "f"}},
		{"idle nodes: no other pod holds a GPU there", "idle", []string{"a", "c", "f"}},
		{"cordoned nodes, busy or not", "cordoned", []string{"c", "d"}},
		{"idle or cordoned", "idle,cordoned", []string{"a", "c", "d", "f"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			only, err := ParseOnly(tc.only)
			if err != nil {
				t.Fatal(err)
			}
			var got, all []string
			for _, d := range Plan(nodes, pods, template(t), only, "d20261125") {
				all = append(all, d.Node)
				if d.Measure {
					got = append(got, d.Node)
				} else if d.Job != nil || d.Reason == "" {
					t.Errorf("%s skipped without a reason, or with a Job", d.Node)
				}
			}
			if !slices.Equal(got, tc.measure) {
				t.Errorf("measured %v, want %v", got, tc.measure)
			}
			if !slices.Equal(all, []string{"a", "b", "c", "cpu", "d", "e", "f"}) {
				t.Errorf("decided on %v, want every node once, in name order", all)
			}
		})
	}
}

// A node's Job: pinned to it, every GPU it has, the cordon tolerated
// where it is cordoned, named for the period and the node.
func TestPlanMakesTheNodesJob(t *testing.T) {
	nodes, pods := cluster()
	var c, a *batchv1.Job
	for _, d := range Plan(nodes, pods, template(t), Only{}, "d20261125") {
		switch d.Node {
		case "c":
			c = d.Job
		case "a":
			a = d.Job
		}
	}
	if c == nil || a == nil {
		t.Fatal("no Job for a or c")
	}
	if c.Name != "gpuarch-d20261125-c" || c.Labels[PeriodLabel] != "d20261125" || c.Annotations[NodeAnno] != "c" || c.Spec.Template.Labels[AppLabel] != AppNode {
		t.Errorf("name %q, labels %v, annotations %v", c.Name, c.Labels, c.Annotations)
	}
	terms := c.Spec.Template.Spec.Affinity.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms
	if len(terms) != 1 || len(terms[0].MatchFields) != 1 || terms[0].MatchFields[0].Key != "metadata.name" || !slices.Equal(terms[0].MatchFields[0].Values, []string{"c"}) {
		t.Errorf("not pinned to c: %+v", terms)
	}
	if q := c.Spec.Template.Spec.Containers[0].Resources.Limits[GPU]; q.Value() != 8 {
		t.Errorf("asks for %v GPUs, want the node's 8", q.String())
	}
	tolerates := func(j *batchv1.Job) bool {
		return slices.ContainsFunc(j.Spec.Template.Spec.Tolerations, func(t corev1.Toleration) bool { return t.Key == unschedulable })
	}
	if !tolerates(c) || tolerates(a) {
		t.Errorf("the cordon is tolerated on c %v and on a %v, want on c only", tolerates(c), tolerates(a))
	}
	if tmpl := template(t); tmpl.Spec.Template.Spec.Affinity != nil || tmpl.Name != "gpuarch-node" {
		t.Error("Plan changed the template")
	}
}

func TestJobName(t *testing.T) {
	long := strings.Repeat("gpu-node-in-rack-", 5) + "42.cluster.example.com"
	for _, tc := range []struct{ node, want string }{
		{"gpu042", "gpuarch-d20261125-gpu042"},
		{"GPU_042.example", "gpuarch-d20261125-gpu-042-example-"},
		{long, "gpuarch-d20261125-gpu-node-in-rack-gpu-node-in-rack-gp-9cef60c4"},
	} {
		got := JobName("d20261125", tc.node)
		if !strings.HasPrefix(got, tc.want) || len(got) > 63 || strings.HasSuffix(got, "-") {
			t.Errorf("JobName(%q) = %q, want %q... in 63 characters", tc.node, got, tc.want)
		}
	}
	if JobName("d1", "a.b") == JobName("d1", "a-b") {
		t.Error("two nodes, one Job name")
	}
}

func TestPeriod(t *testing.T) {
	at := time.Date(2026, 11, 25, 23, 30, 0, 0, time.FixedZone("x", -3600))
	for kind, want := range map[string]string{"day": "d20261126", "hour": "h2026112600", "week": "w2026-48"} {
		if got, err := Period(kind, at); err != nil || got != want {
			t.Errorf("Period(%s) = %q, %v; want %q", kind, got, err, want)
		}
	}
	if _, err := Period("month", at); err == nil {
		t.Error("a month period was accepted")
	}
	if _, err := ParseOnly("busy"); err == nil {
		t.Error("--only busy was accepted")
	}
}

// fakeAPI answers the scheduler's three calls as the API server would,
// decoding each Job strictly, and refusing a Job name it already holds.
type fakeAPI struct {
	nodes []corev1.Node
	pods  []corev1.Pod
	mu    sync.Mutex
	jobs  map[string]*batchv1.Job
	calls []string
}

func (f *fakeAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, r.Method+" "+r.URL.Path)
	page := func(items any) {
		json.NewEncoder(w).Encode(map[string]any{"metadata": map[string]string{}, "items": items})
	}
	switch {
	case r.Method == http.MethodGet && r.URL.Path == "/api/v1/nodes":
		if r.URL.Query().Get("labelSelector") != "nvidia.com/gpu.present=true" {
			http.Error(w, "unexpected selector", http.StatusBadRequest)
			return
		}
		page(f.nodes)
	case r.Method == http.MethodGet && r.URL.Path == "/api/v1/pods":
		var active []corev1.Pod
		for _, p := range f.pods {
			if p.Status.Phase != corev1.PodSucceeded && p.Status.Phase != corev1.PodFailed {
				active = append(active, p)
			}
		}
		page(active)
	case r.Method == http.MethodPost && r.URL.Path == "/apis/batch/v1/namespaces/gpuarch/jobs":
		b, _ := io.ReadAll(r.Body)
		var j batchv1.Job
		if err := yaml.UnmarshalStrict(b, &j); err != nil || j.Kind != "Job" {
			http.Error(w, `{"message":"bad Job"}`, http.StatusBadRequest)
			return
		}
		if _, dup := f.jobs[j.Name]; dup {
			w.WriteHeader(http.StatusConflict)
			io.WriteString(w, `{"kind":"Status","message":"jobs.batch \"`+j.Name+`\" already exists"}`)
			return
		}
		f.jobs[j.Name] = &j
		w.WriteHeader(http.StatusCreated)
		w.Write(b)
	default:
		http.Error(w, "not found", http.StatusNotFound)
	}
}

// The scheduler end to end against a fake API server: one Job per idle
// or cordoned node, and a second run in the same period makes none.
func TestScheduleMakesOneJobPerNode(t *testing.T) {
	nodes, pods := cluster()
	api := &fakeAPI{nodes: nodes, pods: pods, jobs: map[string]*batchv1.Job{}}
	srv := httptest.NewServer(api)
	defer srv.Close()
	args := []string{"schedule", "--api", srv.URL, "--namespace", "gpuarch", "--template", filepath.Join("..", "job.yaml"), "--only", "idle,cordoned"}
	var out, errs strings.Builder
	if err := run(context.Background(), args, &out, &errs); err != nil {
		t.Fatalf("%v\n%s%s", err, out.String(), errs.String())
	}
	t.Logf("\n%s", out.String())
	var made []string
	for name, j := range api.jobs {
		made = append(made, j.Annotations[NodeAnno])
		if !strings.HasPrefix(name, "gpuarch-d") {
			t.Errorf("Job %s", name)
		}
	}
	slices.Sort(made)
	if !slices.Equal(made, []string{"a", "c", "d", "f"}) {
		t.Errorf("Jobs for %v, want a, c, d and f", made)
	}
	for _, want := range []string{"b     skipped", "busy (other pods hold or wait for 4 GPU(s)) and not cordoned", "cpu   skipped", "not ready", "a     scheduled"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the plan lacks %q", want)
		}
	}
	out.Reset()
	if err := run(context.Background(), args, &out, &errs); err != nil {
		t.Fatal(err)
	}
	if len(api.jobs) != 4 || strings.Count(out.String(), "already scheduled this period") != 4 {
		t.Errorf("a second run in the period: %d Jobs\n%s", len(api.jobs), out.String())
	}
	// --dry-run makes nothing and prints valid Jobs.
	out.Reset()
	api.jobs = map[string]*batchv1.Job{}
	if err := run(context.Background(), append(args, "--dry-run"), &out, &errs); err != nil {
		t.Fatal(err)
	}
	docs := strings.Split(out.String(), "---\n")
	if len(api.jobs) != 0 || len(docs) != 5 {
		t.Fatalf("--dry-run made %d Jobs and printed %d documents", len(api.jobs), len(docs)-1)
	}
	for _, d := range docs[1:] {
		var j batchv1.Job
		if err := yaml.UnmarshalStrict([]byte(d), &j); err != nil {
			t.Errorf("--dry-run printed an invalid Job: %v\n%s", err, d)
		}
	}
}

// measure runs gpuarch run, then db add of whatever it wrote, with no
// shell, and keeps gpuarch run's exit status.
func TestMeasure(t *testing.T) {
	for _, tc := range []struct {
		name    string
		status  int  // the fake gpuarch run's exit status
		writes  bool // it writes two GPUs' results
		want    int  // measure's exit status (0: success)
		adds    bool
		addFail bool
	}{
		{name: "measured and stored", writes: true, adds: true},
		{name: "some records failed: stored, exit 3", status: 3, writes: true, want: 3, adds: true},
		{name: "nothing measured: nothing stored, exit 4", status: 4, want: 4},
		{name: "the store refuses: exit 1", writes: true, want: 1, adds: true, addFail: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			log := filepath.Join(dir, "calls")
			fake := filepath.Join(dir, "gpuarch")
			script := "#!/bin/sh\necho \"$@\" >> " + log + "\n" +
				"if [ \"$1\" = run ]; then\n" +
				"  out=$5\n"
			if tc.writes {
				script += "  mkdir -p \"$out/gpu0\" \"$out/gpu1\" && echo '{}' > \"$out/gpu0/results.json\" && echo '{}' > \"$out/gpu1/results.json\"\n"
			}
			script += "  exit " + strconv.Itoa(tc.status) + "\nfi\n"
			if tc.addFail {
				script += "exit 1\n"
			}
			if err := os.WriteFile(fake, []byte(script), 0o755); err != nil {
				t.Fatal(err)
			}
			t.Setenv("GPUARCH_DB", "postgres://u:secret@db/fleet")
			var out strings.Builder
			err := run(context.Background(), []string{"measure", "--gpuarch", fake, "--out", filepath.Join(dir, "results"), "--", "--quick"}, &out, &out)
			got := 0
			if ex, ok := err.(*exitError); ok {
				got = ex.code
			} else if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("exit %d, want %d", got, tc.want)
			}
			b, _ := os.ReadFile(log)
			calls := strings.Split(strings.TrimSpace(string(b)), "\n")
			if !strings.HasPrefix(calls[0], "run --gpu all --out "+filepath.Join(dir, "results", "run-")) || !strings.HasSuffix(calls[0], " --quick") {
				t.Errorf("run call %q", calls[0])
			}
			added := len(calls) == 2 && strings.HasPrefix(calls[1], "db add --db postgres://u:secret@db/fleet ") && strings.Count(calls[1], "results.json") == 2
			if added != tc.adds {
				t.Errorf("calls %q: db add of both GPUs' results %v, want %v", calls, added, tc.adds)
			}
		})
	}
}
