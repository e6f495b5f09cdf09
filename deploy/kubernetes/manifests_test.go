// Package kubernetes_test validates the Kubernetes manifests against the
// API's own types (k8s.io/api, generated from the same definitions as
// the API server's schema): strict decoding refuses unknown or mistyped
// fields, and the checks below what the API server and the NVIDIA device
// plugin require of a GPU workload.
package kubernetes_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/util/validation"
	"sigs.k8s.io/yaml"
)

func TestManifests(t *testing.T) {
	for _, tc := range []struct {
		file string
		kind string
	}{{"job.yaml", "Job"}, {"daemonset.yaml", "DaemonSet"}} {
		t.Run(tc.file, func(t *testing.T) {
			b, err := os.ReadFile(tc.file)
			if err != nil {
				t.Fatal(err)
			}
			var meta struct {
				APIVersion string `json:"apiVersion"`
				Kind       string `json:"kind"`
			}
			if err := yaml.Unmarshal(b, &meta); err != nil || meta.Kind != tc.kind {
				t.Fatalf("kind %q (%v), want %s", meta.Kind, err, tc.kind)
			}
			var pod corev1.PodTemplateSpec
			switch tc.kind {
			case "Job":
				var j batchv1.Job
				if err := yaml.UnmarshalStrict(b, &j); err != nil {
					t.Fatalf("not a valid batch/v1 Job: %v", err)
				}
				if meta.APIVersion != "batch/v1" {
					t.Errorf("apiVersion %q", meta.APIVersion)
				}
				if p := j.Spec.Template.Spec.RestartPolicy; p != corev1.RestartPolicyNever && p != corev1.RestartPolicyOnFailure {
					t.Errorf("a Job's pods must restart Never or OnFailure, not %q", p)
				}
				checkName(t, j.Name)
				pod = j.Spec.Template
			case "DaemonSet":
				var d appsv1.DaemonSet
				if err := yaml.UnmarshalStrict(b, &d); err != nil {
					t.Fatalf("not a valid apps/v1 DaemonSet: %v", err)
				}
				if meta.APIVersion != "apps/v1" {
					t.Errorf("apiVersion %q", meta.APIVersion)
				}
				if d.Spec.Selector == nil || !labels.SelectorFromSet(d.Spec.Selector.MatchLabels).Matches(labels.Set(d.Spec.Template.Labels)) {
					t.Error("the selector does not match the pod template's labels (the API server refuses it)")
				}
				if p := d.Spec.Template.Spec.RestartPolicy; p != "" && p != corev1.RestartPolicyAlways {
					t.Errorf("a DaemonSet's pods must restart Always, not %q", p)
				}
				checkName(t, d.Name)
				pod = d.Spec.Template
			}
			checkPod(t, pod.Spec)
		})
	}
}

func checkName(t *testing.T, name string) {
	t.Helper()
	if errs := validation.IsDNS1123Subdomain(name); len(errs) > 0 {
		t.Errorf("name %q: %v", name, errs)
	}
}

// checkPod checks the gpuarch container: an image, a command that runs
// gpuarch on every GPU and adds the runs to the store, the store's URL
// from a secret, and GPUs from the NVIDIA device plugin.
func checkPod(t *testing.T, spec corev1.PodSpec) {
	t.Helper()
	if len(spec.Containers) != 1 {
		t.Fatalf("%d containers, want the gpuarch one", len(spec.Containers))
	}
	c := spec.Containers[0]
	if c.Image == "" {
		t.Error("no image")
	}
	script := strings.Join(append(append([]string{}, c.Command...), c.Args...), " ")
	for _, want := range []string{"gpuarch run --gpu all", "gpuarch db add --db \"$GPUARCH_DB\""} {
		if !strings.Contains(script, want) {
			t.Errorf("the command does not %q: %s", want, script)
		}
	}
	var db *corev1.EnvVar
	for i := range c.Env {
		if c.Env[i].Name == "GPUARCH_DB" {
			db = &c.Env[i]
		}
	}
	if db == nil || db.ValueFrom == nil || db.ValueFrom.SecretKeyRef == nil {
		t.Error("GPUARCH_DB does not come from a secret (the store's URL holds a password)")
	}
	gpus, ok := c.Resources.Limits["nvidia.com/gpu"]
	if !ok || gpus.Value() < 1 {
		t.Error("no nvidia.com/gpu limit: the device plugin gives the pod no GPU")
	}
	mounts := map[string]bool{}
	for _, v := range spec.Volumes {
		mounts[v.Name] = true
	}
	for _, m := range c.VolumeMounts {
		if !mounts[m.Name] {
			t.Errorf("volume mount %q names no volume", m.Name)
		}
	}
}

// The Dockerfile the manifests' image comes from copies the static binary.
func TestDockerfile(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(".", "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "COPY bin/gpuarch /usr/local/bin/gpuarch") {
		t.Error("the Dockerfile does not install the binary where the manifests run it")
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
