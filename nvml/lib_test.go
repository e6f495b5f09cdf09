package nvml

import (
	"errors"
	"flag"
	"path/filepath"
	"strings"
	"testing"
)

// update is accepted so that "go test ./... -update" runs across the module;
// this package has no golden files.
var _ = flag.Bool("update", false, "rewrite golden files (none in this package)")

func TestOpenLibraryMissing(t *testing.T) {
	tests := []struct {
		name string
		path string
	}{
		{name: "absent file", path: filepath.Join(t.TempDir(), "libnvidia-ml.so.1")},
		{name: "absent soname", path: "libnvidia-ml-does-not-exist.so.1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := OpenLibrary(tt.path)
			if err == nil {
				l.Close()
				t.Fatalf("OpenLibrary(%q) succeeded", tt.path)
			}
			if !errors.Is(err, ErrNoLibrary) {
				t.Errorf("OpenLibrary(%q) error = %v, want it to wrap ErrNoLibrary", tt.path, err)
			}
			for _, want := range []string{"libnvidia-ml.so.1 was not found: is the NVIDIA driver installed?", tt.path} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not contain %q", err, want)
				}
			}
		})
	}
}

func TestOpenLibraryNotNVML(t *testing.T) {
	l, err := OpenLibrary("libc.so.6")
	if errors.Is(err, ErrNoLibrary) {
		t.Skip("libc.so.6 cannot be loaded here: skipping")
	}
	if err == nil {
		l.Close()
		t.Fatal("OpenLibrary(libc.so.6) succeeded")
	}
	if !strings.Contains(err.Error(), "not NVML: nvmlInit_v2") {
		t.Errorf("error = %q, want it to name the missing nvmlInit_v2", err)
	}
}

// TestOpen smoke-tests a real driver when there is one.
func TestOpen(t *testing.T) {
	l, err := Open()
	if errors.Is(err, ErrNoLibrary) {
		t.Skip("no NVIDIA driver (libnvidia-ml.so.1): skipping")
	}
	if errors.Is(err, &Error{Code: CodeDriverNotLoaded}) {
		t.Skipf("libnvidia-ml.so.1 is installed but the driver is not loaded: skipping (%v)", err)
	}
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer func() {
		if err := l.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	}()
	v, err := l.DriverVersion()
	if err != nil || v == "" {
		t.Errorf("DriverVersion() = %q, %v", v, err)
	}
	cuda, err := l.CUDADriverVersion()
	if err != nil || cuda < 10000 {
		t.Errorf("CUDADriverVersion() = %d, %v", cuda, err)
	}
	t.Logf("driver %s, CUDA %d.%d", v, cuda/1000, cuda%1000/10)
	d, err := l.DeviceByIndex(0)
	if errors.Is(err, &Error{Code: CodeGPUNotFound}) || errors.Is(err, &Error{Code: CodeInvalidArgument}) {
		t.Skipf("no GPU: skipping the device checks (%v)", err)
	}
	if err != nil {
		t.Fatalf("DeviceByIndex(0): %v", err)
	}
	name, err := d.Name()
	if err != nil || name == "" {
		t.Errorf("Name() = %q, %v", name, err)
	}
	sm, err := d.Clock(ClockSM)
	if err != nil || sm <= 0 {
		t.Errorf("Clock(ClockSM) = %d, %v", sm, err)
	}
	maxSM, err := d.MaxClock(ClockSM)
	if err != nil || maxSM < sm {
		t.Errorf("MaxClock(ClockSM) = %d, %v (current %d)", maxSM, err, sm)
	}
	s, err := d.Sample()
	if err != nil {
		t.Errorf("Sample: %v", err)
	}
	t.Logf("%s: SM clock %d MHz of %d, sample %+v", name, sm, maxSM, s)
	if _, err := l.DeviceByUUID("GPU-00000000-0000-0000-0000-000000000000"); err == nil {
		t.Error("DeviceByUUID of a zero UUID succeeded")
	}
}
