package main

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
)

// API is the least Kubernetes API client the scheduler needs: list nodes
// and pods, create Jobs. It speaks JSON over HTTPS with the pod's service
// account (InCluster), or plain HTTP to `kubectl proxy` (--api).
type API struct {
	Base   string // https://host:port, or http://127.0.0.1:8001
	Token  string
	Client *http.Client
}

// serviceAccount is where Kubernetes mounts a pod's credentials.
const serviceAccount = "/var/run/secrets/kubernetes.io/serviceaccount"

// InCluster is the API as seen from a pod, with its service account.
func InCluster() (*API, error) {
	host, port := os.Getenv("KUBERNETES_SERVICE_HOST"), os.Getenv("KUBERNETES_SERVICE_PORT")
	if host == "" || port == "" {
		return nil, errors.New("not in a Kubernetes pod (KUBERNETES_SERVICE_HOST is unset): give --api, such as http://127.0.0.1:8001 from `kubectl proxy`")
	}
	token, err := os.ReadFile(filepath.Join(serviceAccount, "token"))
	if err != nil {
		return nil, fmt.Errorf("the pod's service account token: %w (is automountServiceAccountToken off?)", err)
	}
	ca, err := os.ReadFile(filepath.Join(serviceAccount, "ca.crt"))
	if err != nil {
		return nil, fmt.Errorf("the cluster's CA: %w", err)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(ca) {
		return nil, errors.New("the cluster's CA certificate does not parse")
	}
	return &API{
		Base:   "https://" + net.JoinHostPort(host, port),
		Token:  strings.TrimSpace(string(token)),
		Client: &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}}},
	}, nil
}

// StatusError is a response of the API server other than success.
type StatusError struct {
	Code    int
	Message string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("%d %s: %s", e.Code, http.StatusText(e.Code), e.Message)
}

func (a *API) do(ctx context.Context, method, path string, body, out any) error {
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, strings.TrimRight(a.Base, "/")+path, r)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if a.Token != "" {
		req.Header.Set("Authorization", "Bearer "+a.Token)
	}
	client := a.Client
	if client == nil {
		client = &http.Client{Timeout: 30 * time.Second}
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 256<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode/100 != 2 {
		var st struct {
			Message string `json:"message"`
		}
		if json.Unmarshal(b, &st) != nil || st.Message == "" {
			st.Message = strings.TrimSpace(string(b))
		}
		return &StatusError{Code: resp.StatusCode, Message: st.Message}
	}
	if out != nil {
		return json.Unmarshal(b, out)
	}
	return nil
}

// list reads every page of a list (500 items a page).
func list[T any](ctx context.Context, a *API, path string, q url.Values) ([]T, error) {
	var all []T
	q.Set("limit", "500")
	for {
		var page struct {
			Metadata struct {
				Continue string `json:"continue"`
			} `json:"metadata"`
			Items []T `json:"items"`
		}
		if err := a.do(ctx, http.MethodGet, path+"?"+q.Encode(), nil, &page); err != nil {
			return nil, fmt.Errorf("GET %s: %w", path, err)
		}
		all = append(all, page.Items...)
		if page.Metadata.Continue == "" {
			return all, nil
		}
		q.Set("continue", page.Metadata.Continue)
	}
}

// Nodes lists the nodes a label selector picks ("" for all).
func (a *API) Nodes(ctx context.Context, selector string) ([]corev1.Node, error) {
	q := url.Values{}
	if selector != "" {
		q.Set("labelSelector", selector)
	}
	return list[corev1.Node](ctx, a, "/api/v1/nodes", q)
}

// ActivePods lists the pods of every namespace that are not finished.
func (a *API) ActivePods(ctx context.Context) ([]corev1.Pod, error) {
	q := url.Values{}
	q.Set("fieldSelector", "status.phase!=Succeeded,status.phase!=Failed")
	return list[corev1.Pod](ctx, a, "/api/v1/pods", q)
}

// CreateJob creates a Job in a namespace; a Job of that name already
// there gives a StatusError with Code 409.
func (a *API) CreateJob(ctx context.Context, namespace string, j *batchv1.Job) error {
	j.APIVersion, j.Kind = "batch/v1", "Job"
	return a.do(ctx, http.MethodPost, "/apis/batch/v1/namespaces/"+url.PathEscape(namespace)+"/jobs", j, nil)
}
