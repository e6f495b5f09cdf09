package kubernetes_test

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// The Dockerfile puts both binaries where the manifests run them, on a
// base without a shell, as a non-root user.
func TestDockerfile(t *testing.T) {
	b, err := os.ReadFile("Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"COPY bin/gpuarch /usr/local/bin/gpuarch\n",
		"COPY bin/gpuarch-fleet /usr/local/bin/gpuarch-fleet\n",
		"ARG BASE=gcr.io/distroless/base-debian12:nonroot\n",
		"USER 65532:65532\n",
	} {
		if !strings.Contains(string(b), want) {
			t.Errorf("the Dockerfile lacks %q", want)
		}
	}
}

// TestImageBuild builds the image with buildah (Debian's package; .ci/run
// installs it), on a base made here of the build machine's glibc alone
// (there is no registry to pull distroless from), and runs both binaries
// in it as its non-root user: gpuarch needs glibc's dynamic loader (purego)
// and nothing else. It skips without buildah or root.
func TestImageBuild(t *testing.T) {
	if _, err := exec.LookPath("buildah"); err != nil {
		t.Skipf("buildah is not installed (Debian: apt-get install buildah; .ci/run installs it): %v", err)
	}
	if os.Geteuid() != 0 {
		t.Skip("buildah's chroot isolation takes root here (CI runs as root)")
	}
	libs := map[string]string{"/lib64/ld-linux-x86-64.so.2": "/lib64/"}
	for _, l := range []string{"libc.so.6", "libdl.so.2", "libpthread.so.0"} {
		libs["/lib/x86_64-linux-gnu/"+l] = "/lib/x86_64-linux-gnu/"
	}
	for l := range libs {
		if _, err := os.Stat(l); err != nil {
			t.Skipf("no %s to make a glibc base from (this test knows Debian's amd64 layout): %v", l, err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	dir := t.TempDir()
	bin := filepath.Join(dir, "context", "bin")
	for name, pkg := range map[string]string{"gpuarch": "../../cmd/gpuarch", "gpuarch-fleet": "./gpuarch-fleet"} {
		build := exec.CommandContext(ctx, filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-o", filepath.Join(bin, name), pkg)
		build.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("build %s: %v\n%s", name, err, out)
		}
	}
	storage := []string{"--storage-driver", "vfs", "--root", filepath.Join(dir, "root"), "--runroot", filepath.Join(dir, "runroot")}
	buildah := func(args ...string) string {
		t.Helper()
		out, err := exec.CommandContext(ctx, "buildah", append(append([]string{}, storage...), args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("buildah %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return strings.TrimSpace(string(out))
	}
	t.Cleanup(func() {
		exec.Command("buildah", append(append([]string{}, storage...), "rm", "--all")...).Run()
		// vfs layers hold no mounts, but may hold read-only folders.
		exec.Command("chmod", "-R", "u+w", dir).Run()
	})

	// The base: glibc's loader and libraries, nothing else.
	base := buildah("from", "scratch")
	for l, to := range libs {
		real, err := filepath.EvalSymlinks(l)
		if err != nil {
			t.Fatal(err)
		}
		buildah("copy", base, real, to+filepath.Base(l))
	}
	buildah("commit", "--quiet", base, "localhost/gpuarch-test-glibc")

	buildah("bud", "--isolation", "chroot", "--quiet", "--build-arg", "BASE=localhost/gpuarch-test-glibc",
		"-f", filepath.Join(mustAbs(t, "."), "Dockerfile"), "-t", "localhost/gpuarch:test", filepath.Join(dir, "context"))
	var img struct {
		OCIv1 struct {
			Config struct {
				User       string   `json:"User"`
				Entrypoint []string `json:"Entrypoint"`
			} `json:"config"`
		} `json:"OCIv1"`
	}
	if err := json.Unmarshal([]byte(buildah("inspect", "--type", "image", "localhost/gpuarch:test")), &img); err != nil {
		t.Fatal(err)
	}
	if c := img.OCIv1.Config; c.User != "65532:65532" || strings.Join(c.Entrypoint, " ") != "/usr/local/bin/gpuarch" {
		t.Errorf("image user %q, entrypoint %q", c.User, c.Entrypoint)
	}
	ctr := buildah("from", "localhost/gpuarch:test")
	if out := buildah("run", "--isolation", "chroot", ctr, "--", "/usr/local/bin/gpuarch", "version"); !strings.Contains(out, "gpuarch") {
		t.Errorf("gpuarch version in the image: %q", out)
	}
	if out := buildah("run", "--isolation", "chroot", ctr, "--", "/usr/local/bin/gpuarch-fleet", "help"); !strings.Contains(out, "gpuarch-fleet schedule") {
		t.Errorf("gpuarch-fleet help in the image: %q", out)
	}
	if out, err := exec.CommandContext(ctx, "buildah", append(append([]string{}, storage...), "run", "--isolation", "chroot", ctr, "--", "/bin/sh", "-c", "true")...).CombinedOutput(); err == nil {
		t.Errorf("the image has a shell: %s", out)
	}
}

func mustAbs(t *testing.T, p string) string {
	t.Helper()
	a, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
