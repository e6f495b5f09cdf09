package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"time"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
)

// GPU is the NVIDIA device plugin's resource.
const GPU corev1.ResourceName = "nvidia.com/gpu"

// Labels and annotations the scheduler puts on the Jobs it makes. The
// app label is also how it tells its own pods from other GPU work.
const (
	AppLabel      = "app.kubernetes.io/name"
	AppNode       = "gpuarch-node"
	PeriodLabel   = "gpuarch.io/period"
	NodeAnno      = "gpuarch.io/node"
	unschedulable = "node.kubernetes.io/unschedulable"
)

// Only says which GPU nodes a period measures.
type Only struct {
	// Idle: nodes where no pod but gpuarch's holds or waits for a GPU.
	// Cordoned: nodes marked unschedulable (kubectl cordon), as for
	// maintenance. Both: either. Neither: every ready GPU node.
	Idle, Cordoned bool
}

// ParseOnly reads --only: "", "idle", "cordoned" or "idle,cordoned".
func ParseOnly(s string) (Only, error) {
	var o Only
	for _, w := range strings.Split(s, ",") {
		switch strings.TrimSpace(w) {
		case "":
		case "idle":
			o.Idle = true
		case "cordoned":
			o.Cordoned = true
		default:
			return o, fmt.Errorf("--only %q: give idle, cordoned, or idle,cordoned (or nothing, for every GPU node)", s)
		}
	}
	return o, nil
}

// Decision is what the scheduler does with one node this period.
type Decision struct {
	Node    string
	Measure bool
	Reason  string
	// Job is the node's Job when Measure is set.
	Job *batchv1.Job
}

// Plan decides, for each node, whether this period measures it, and makes
// its Job from tmpl: named for the period and the node (so that a second
// run of the scheduler in the same period finds it made and makes no
// other), pinned to the node by node affinity on its name, asking for
// every GPU the node has (so that the pod starts only when all are free,
// and holds them only while it runs), tolerating the cordon when the node
// is cordoned. pods are the cluster's pods, to tell which nodes are idle.
// Decisions come in the nodes' name order.
func Plan(nodes []corev1.Node, pods []corev1.Pod, tmpl *batchv1.Job, only Only, period string) []Decision {
	busy := map[string]int64{}
	for i := range pods {
		p := &pods[i]
		if p.Spec.NodeName == "" || p.Status.Phase == corev1.PodSucceeded || p.Status.Phase == corev1.PodFailed || p.Labels[AppLabel] == AppNode {
			continue
		}
		busy[p.Spec.NodeName] += podGPUs(&p.Spec)
	}
	sorted := append([]corev1.Node(nil), nodes...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Name < sorted[j].Name })
	var out []Decision
	for i := range sorted {
		n := &sorted[i]
		d := Decision{Node: n.Name}
		gpus := n.Status.Allocatable[GPU]
		cordoned := n.Spec.Unschedulable
		switch {
		case gpus.Value() < 1:
			d.Reason = "no GPU (the device plugin reports no allocatable nvidia.com/gpu)"
		case !ready(n):
			d.Reason = "not ready"
		case (only.Idle || only.Cordoned) && !(only.Idle && busy[n.Name] == 0 || only.Cordoned && cordoned):
			what := []string{}
			if only.Idle {
				what = append(what, fmt.Sprintf("busy (other pods hold or wait for %d GPU(s))", busy[n.Name]))
			}
			if only.Cordoned {
				what = append(what, "not cordoned")
			}
			d.Reason = strings.Join(what, " and ")
		default:
			d.Measure = true
			d.Job = nodeJob(tmpl, n.Name, gpus, cordoned, period)
			d.Reason = fmt.Sprintf("%d GPU(s)", gpus.Value())
			if cordoned {
				d.Reason += ", cordoned"
			}
		}
		out = append(out, d)
	}
	return out
}

// podGPUs is how many GPUs a pod takes: the larger of its containers' sum
// and its largest init container, each container's the larger of its
// request and limit (the device plugin's resources are given by limit).
func podGPUs(spec *corev1.PodSpec) int64 {
	one := func(c *corev1.Container) int64 {
		r, l := c.Resources.Requests[GPU], c.Resources.Limits[GPU]
		return max(r.Value(), l.Value())
	}
	var sum, init int64
	for i := range spec.Containers {
		sum += one(&spec.Containers[i])
	}
	for i := range spec.InitContainers {
		init = max(init, one(&spec.InitContainers[i]))
	}
	return max(sum, init)
}

func ready(n *corev1.Node) bool {
	for _, c := range n.Status.Conditions {
		if c.Type == corev1.NodeReady {
			return c.Status == corev1.ConditionTrue
		}
	}
	return false
}

// nodeJob is tmpl made the node's Job for the period.
func nodeJob(tmpl *batchv1.Job, node string, gpus resource.Quantity, cordoned bool, period string) *batchv1.Job {
	j := tmpl.DeepCopy()
	j.Name = JobName(period, node)
	j.GenerateName = ""
	j.ResourceVersion, j.UID = "", ""
	set := func(m *map[string]string, k, v string) {
		if *m == nil {
			*m = map[string]string{}
		}
		(*m)[k] = v
	}
	for _, m := range []*map[string]string{&j.Labels, &j.Spec.Template.Labels} {
		set(m, AppLabel, AppNode)
		set(m, PeriodLabel, period)
	}
	set(&j.Annotations, NodeAnno, node)
	pod := &j.Spec.Template.Spec
	pod.NodeName = "" // through the scheduler, which counts the GPUs
	pod.Affinity = &corev1.Affinity{NodeAffinity: &corev1.NodeAffinity{
		RequiredDuringSchedulingIgnoredDuringExecution: &corev1.NodeSelector{NodeSelectorTerms: []corev1.NodeSelectorTerm{{
			MatchFields: []corev1.NodeSelectorRequirement{{Key: "metadata.name", Operator: corev1.NodeSelectorOpIn, Values: []string{node}}},
		}}},
	}}
	if cordoned {
		pod.Tolerations = append(pod.Tolerations, corev1.Toleration{Key: unschedulable, Operator: corev1.TolerationOpExists, Effect: corev1.TaintEffectNoSchedule})
	}
	for i := range pod.Containers {
		c := &pod.Containers[i]
		if _, ok := c.Resources.Limits[GPU]; !ok && i > 0 {
			continue // GPUs go to the first container, or those that ask
		}
		if c.Resources.Limits == nil {
			c.Resources.Limits = corev1.ResourceList{}
		}
		c.Resources.Limits[GPU] = gpus.DeepCopy()
		if c.Resources.Requests != nil {
			delete(c.Resources.Requests, GPU)
		}
	}
	return j
}

// JobName is the Job of a node for a period: "gpuarch-<period>-<node>",
// the node's name cut and a hash of it added where the whole would not
// be a valid Job name (at most 63 characters, lower-case letters, digits
// and dashes).
func JobName(period, node string) string {
	prefix := "gpuarch-" + period + "-"
	slug := strings.Trim(regexp.MustCompile(`[^a-z0-9-]+`).ReplaceAllString(strings.ToLower(node), "-"), "-")
	if slug == node && len(prefix)+len(slug) <= 63 {
		return prefix + slug
	}
	sum := sha256.Sum256([]byte(node))
	h := hex.EncodeToString(sum[:])[:8]
	room := 63 - len(prefix) - len(h) - 1
	if len(slug) > room {
		slug = strings.TrimRight(slug[:room], "-")
	}
	return prefix + slug + "-" + h
}

// Period is the stamp of the period t falls in: d20261125 for a day,
// w2026-48 for an ISO week, h2026112513 for an hour (UTC).
func Period(kind string, t time.Time) (string, error) {
	t = t.UTC()
	switch kind {
	case "day":
		return t.Format("d20060102"), nil
	case "hour":
		return t.Format("h2006010215"), nil
	case "week":
		y, w := t.ISOWeek()
		return fmt.Sprintf("w%d-%02d", y, w), nil
	}
	return "", fmt.Errorf("--period %q: give day, week or hour", kind)
}
