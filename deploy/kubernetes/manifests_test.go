// Package kubernetes_test validates the Kubernetes manifests against the
// API's own types (k8s.io/api, generated from the same definitions as
// the API server's schema): strict decoding refuses unknown or mistyped
// fields, and the checks below what the API server, the NVIDIA device
// plugin and an operator who keeps GPUs busy require: no long-lived pod
// holds a GPU, every pod runs locked down.
package kubernetes_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/util/validation"
	"sigs.k8s.io/yaml"
)

// object is one decoded manifest document.
type object struct {
	file, kind, name string
	value            any
	// pod is the pod template of a workload, and longLived says its
	// pods run until deleted (Deployment, DaemonSet, StatefulSet,
	// ReplicaSet, a bare Pod) rather than to completion.
	pod       *corev1.PodTemplateSpec
	longLived bool
}

// manifests decodes every document of every manifest, strictly, into the
// API type its kind names.
func manifests(t *testing.T) []object {
	t.Helper()
	files, _ := filepath.Glob("*.yaml")
	var out []object
	for _, f := range files {
		if f == "kustomization.yaml" {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, doc := range strings.Split(string(b), "\n---\n") {
			var meta struct {
				APIVersion string `json:"apiVersion"`
				Kind       string `json:"kind"`
			}
			if err := yaml.Unmarshal([]byte(doc), &meta); err != nil {
				t.Fatalf("%s, document %d: %v", f, i+1, err)
			}
			o := object{file: f, kind: meta.Kind}
			want := map[string]string{"Job": "batch/v1", "CronJob": "batch/v1", "Deployment": "apps/v1", "DaemonSet": "apps/v1",
				"Service": "v1", "ServiceAccount": "v1", "Namespace": "v1", "ConfigMap": "v1", "Pod": "v1",
				"ClusterRole": "rbac.authorization.k8s.io/v1", "ClusterRoleBinding": "rbac.authorization.k8s.io/v1",
				"Role": "rbac.authorization.k8s.io/v1", "RoleBinding": "rbac.authorization.k8s.io/v1"}[meta.Kind]
			if want == "" || meta.APIVersion != want {
				t.Fatalf("%s, document %d: kind %q, apiVersion %q: not a kind this test knows, or the wrong version (want %q)", f, i+1, meta.Kind, meta.APIVersion, want)
			}
			decode := func(v any) {
				if err := yaml.UnmarshalStrict([]byte(doc), v); err != nil {
					t.Fatalf("%s, document %d: not a valid %s %s: %v", f, i+1, meta.APIVersion, meta.Kind, err)
				}
				o.value = v
			}
			switch meta.Kind {
			case "Job":
				var j batchv1.Job
				decode(&j)
				o.name, o.pod = j.Name, &j.Spec.Template
			case "CronJob":
				var c batchv1.CronJob
				decode(&c)
				o.name, o.pod = c.Name, &c.Spec.JobTemplate.Spec.Template
			case "Deployment":
				var d appsv1.Deployment
				decode(&d)
				o.name, o.pod, o.longLived = d.Name, &d.Spec.Template, true
				if d.Spec.Selector == nil || !labels.SelectorFromSet(d.Spec.Selector.MatchLabels).Matches(labels.Set(d.Spec.Template.Labels)) {
					t.Errorf("%s: the selector does not match the pod template's labels (the API server refuses it)", f)
				}
			case "DaemonSet":
				var d appsv1.DaemonSet
				decode(&d)
				o.name, o.pod, o.longLived = d.Name, &d.Spec.Template, true
			case "Pod":
				var p corev1.Pod
				decode(&p)
				o.name, o.pod, o.longLived = p.Name, &corev1.PodTemplateSpec{ObjectMeta: p.ObjectMeta, Spec: p.Spec}, true
			case "Service":
				var s corev1.Service
				decode(&s)
				o.name = s.Name
			case "ServiceAccount":
				var s corev1.ServiceAccount
				decode(&s)
				o.name = s.Name
			case "Namespace":
				var n corev1.Namespace
				decode(&n)
				o.name = n.Name
			case "ClusterRole", "Role":
				var r rbacv1.ClusterRole
				decode(&r)
				o.name = r.Name
			case "ClusterRoleBinding", "RoleBinding":
				var r rbacv1.ClusterRoleBinding
				decode(&r)
				o.name = r.Name
			}
			if errs := validation.IsDNS1123Subdomain(o.name); len(errs) > 0 {
				t.Errorf("%s: name %q: %v", f, o.name, errs)
			}
			out = append(out, o)
		}
	}
	if len(out) == 0 {
		t.Fatal("no manifests")
	}
	return out
}

func TestManifests(t *testing.T) {
	objs := manifests(t)
	kinds := map[string]int{}
	for _, o := range objs {
		kinds[o.kind]++
		if o.pod == nil {
			continue
		}
		if p := o.pod.Spec.RestartPolicy; !o.longLived && p != corev1.RestartPolicyNever && p != corev1.RestartPolicyOnFailure {
			t.Errorf("%s: a Job's pods must restart Never or OnFailure, not %q", o.file, p)
		}
		mounts := map[string]bool{}
		for _, v := range o.pod.Spec.Volumes {
			mounts[v.Name] = true
		}
		for _, c := range o.pod.Spec.Containers {
			if c.Image == "" {
				t.Errorf("%s: container %s has no image", o.file, c.Name)
			}
			for _, m := range c.VolumeMounts {
				if !mounts[m.Name] {
					t.Errorf("%s: volume mount %q names no volume", o.file, m.Name)
				}
			}
		}
	}
	for _, k := range []string{"CronJob", "Job", "Deployment", "Service"} {
		if kinds[k] == 0 {
			t.Errorf("no %s among the manifests", k)
		}
	}
}

// The bar of issue 37: no long-lived pod requests GPUs. The GPUs are
// held by the per-node Jobs only, which run to completion (restart
// Never, a deadline) and run gpuarch-fleet measure itself (no shell that
// could loop or sleep); the scheduler's CronJob asks for none.
func TestNoLongLivedPodRequestsGPUs(t *testing.T) {
	for _, o := range manifests(t) {
		if o.pod == nil {
			continue
		}
		gpus := int64(0)
		for _, c := range append(append([]corev1.Container{}, o.pod.Spec.InitContainers...), o.pod.Spec.Containers...) {
			for _, l := range []corev1.ResourceList{c.Resources.Limits, c.Resources.Requests} {
				if q, ok := l["nvidia.com/gpu"]; ok {
					gpus += q.Value()
				}
			}
		}
		switch {
		case gpus == 0:
		case o.longLived:
			t.Errorf("%s: %s %s is long-lived and requests %d GPU(s): it would hold them while it waits", o.file, o.kind, o.name, gpus)
		case o.kind == "CronJob":
			t.Errorf("%s: the scheduler's CronJob requests %d GPU(s); only the per-node Jobs may", o.file, gpus)
		case o.kind == "Job":
			j := o.value.(*batchv1.Job)
			if j.Spec.ActiveDeadlineSeconds == nil || *j.Spec.ActiveDeadlineSeconds > 24*3600 {
				t.Errorf("%s: a Job that requests GPUs needs a deadline of at most a day (it waits for busy GPUs holding none, and gives up)", o.file)
			}
			if o.pod.Spec.RestartPolicy != corev1.RestartPolicyNever {
				t.Errorf("%s: a Job that requests GPUs must not restart its pod in place", o.file)
			}
			for _, c := range o.pod.Spec.Containers {
				cmd := strings.Join(append(append([]string{}, c.Command...), c.Args...), " ")
				if !strings.HasPrefix(cmd, "/usr/local/bin/gpuarch-fleet measure") || strings.Contains(cmd, "sleep") {
					t.Errorf("%s: the GPU Job runs %q, not gpuarch-fleet measure", o.file, cmd)
				}
			}
		}
		if o.kind == "DaemonSet" {
			t.Errorf("%s: a DaemonSet keeps a pod on every node: the fleet is measured by per-node Jobs", o.file)
		}
	}
}

// Every pod runs as a non-root user, with a read-only root file system,
// no privilege and no capability, under the runtime's seccomp profile,
// and nothing of the host's.
func TestPodsAreLockedDown(t *testing.T) {
	for _, o := range manifests(t) {
		if o.pod == nil {
			continue
		}
		s := o.pod.Spec
		where := o.file + ": " + o.kind + " " + o.name
		if sc := s.SecurityContext; sc == nil || sc.RunAsNonRoot == nil || !*sc.RunAsNonRoot || sc.RunAsUser == nil || *sc.RunAsUser == 0 {
			t.Errorf("%s: the pod does not run as a non-root user (runAsNonRoot, runAsUser)", where)
		} else if sc.SeccompProfile == nil || sc.SeccompProfile.Type != corev1.SeccompProfileTypeRuntimeDefault {
			t.Errorf("%s: no RuntimeDefault seccomp profile", where)
		}
		if s.HostNetwork || s.HostPID || s.HostIPC {
			t.Errorf("%s: shares the host's network, PIDs or IPC", where)
		}
		for _, v := range s.Volumes {
			if v.HostPath != nil {
				t.Errorf("%s: mounts the host's %s", where, v.HostPath.Path)
			}
		}
		for _, c := range append(append([]corev1.Container{}, s.InitContainers...), s.Containers...) {
			sc := c.SecurityContext
			switch {
			case sc == nil:
				t.Errorf("%s, container %s: no security context", where, c.Name)
			case sc.ReadOnlyRootFilesystem == nil || !*sc.ReadOnlyRootFilesystem:
				t.Errorf("%s, container %s: the root file system is writable", where, c.Name)
			case sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation:
				t.Errorf("%s, container %s: privilege escalation is allowed", where, c.Name)
			case sc.Privileged != nil && *sc.Privileged:
				t.Errorf("%s, container %s: privileged", where, c.Name)
			case sc.Capabilities == nil || !slices.Contains(sc.Capabilities.Drop, "ALL") || len(sc.Capabilities.Add) > 0:
				t.Errorf("%s, container %s: capabilities not all dropped", where, c.Name)
			}
		}
	}
}

// The per-node Job stores its runs in the store whose URL comes from a
// secret, and the scheduler reads it where kustomization.yaml's ConfigMap
// puts it.
func TestWiring(t *testing.T) {
	var cron *batchv1.CronJob
	var job *batchv1.Job
	for _, o := range manifests(t) {
		switch v := o.value.(type) {
		case *batchv1.CronJob:
			cron = v
		case *batchv1.Job:
			job = v
		}
		if o.pod != nil {
			for _, c := range o.pod.Spec.Containers {
				for _, e := range c.Env {
					if e.Name == "GPUARCH_DB" && (e.ValueFrom == nil || e.ValueFrom.SecretKeyRef == nil) {
						t.Errorf("%s: GPUARCH_DB does not come from a secret (the store's URL holds a password)", o.file)
					}
				}
			}
		}
	}
	if cron == nil || job == nil {
		t.Fatal("no CronJob or no Job template")
	}
	if !slices.ContainsFunc(job.Spec.Template.Spec.Containers[0].Env, func(e corev1.EnvVar) bool { return e.Name == "GPUARCH_DB" }) {
		t.Error("the per-node Job has no GPUARCH_DB, which gpuarch-fleet measure stores into")
	}
	var k struct {
		Resources          []string `json:"resources"`
		ConfigMapGenerator []struct {
			Name  string   `json:"name"`
			Files []string `json:"files"`
		} `json:"configMapGenerator"`
	}
	b, err := os.ReadFile("kustomization.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(b, &k); err != nil {
		t.Fatal(err)
	}
	for _, r := range k.Resources {
		if _, err := os.Stat(r); err != nil {
			t.Errorf("kustomization.yaml: %v", err)
		}
	}
	if len(k.ConfigMapGenerator) != 1 || !slices.Equal(k.ConfigMapGenerator[0].Files, []string{"job.yaml"}) {
		t.Fatalf("kustomization.yaml should make job.yaml a ConfigMap: %+v", k.ConfigMapGenerator)
	}
	pod := cron.Spec.JobTemplate.Spec.Template.Spec
	cmd := strings.Join(pod.Containers[0].Command, " ")
	var mount string
	for _, v := range pod.Volumes {
		if v.ConfigMap != nil && v.ConfigMap.Name == k.ConfigMapGenerator[0].Name {
			for _, m := range pod.Containers[0].VolumeMounts {
				if m.Name == v.Name {
					mount = m.MountPath
				}
			}
		}
	}
	if mount == "" || !strings.Contains(cmd, "--template "+mount+"/job.yaml") {
		t.Errorf("the scheduler runs %q but the template ConfigMap is mounted at %q", cmd, mount)
	}
	if pod.ServiceAccountName == "" {
		t.Error("the scheduler has no service account to list nodes and make Jobs with")
	}
}

// Strict decoding refuses what the API server would: an unknown field, a
// value of the wrong type.
func TestStrictDecodingCatches(t *testing.T) {
	for _, doc := range []string{
		"apiVersion: batch/v1\nkind: Job\nmetadata: {name: x}\nspec: {template: {spec: {containerz: []}}}\n",
		"apiVersion: batch/v1\nkind: Job\nmetadata: {name: x}\nspec: {backoffLimit: many}\n",
	} {
		var j batchv1.Job
		if err := yaml.UnmarshalStrict([]byte(doc), &j); err == nil {
			t.Errorf("accepted:\n%s", doc)
		}
	}
}
