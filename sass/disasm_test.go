package sass

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestFindDisassembler(t *testing.T) {
	d, err := FindDisassembler()
	if _, lookErr := exec.LookPath("nvdisasm"); lookErr != nil {
		if !errors.Is(err, ErrNoDisassembler) {
			t.Fatalf("FindDisassembler error = %v, want it to wrap ErrNoDisassembler", err)
		}
		t.Skip("nvdisasm is not on the PATH: skipping")
	}
	if err != nil {
		t.Fatalf("FindDisassembler: %v", err)
	}
	if d.Path == "" {
		t.Error("FindDisassembler returned an empty path")
	}
}

// fakeNvdisasm writes a shell script standing in for nvdisasm. It records
// the cubin path it was given in dir/argfile, then runs body with the
// arguments in "$@".
func fakeNvdisasm(t *testing.T, body string) (d *Disassembler, argfile string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the fake nvdisasm is a shell script")
	}
	dir := t.TempDir()
	argfile = filepath.Join(dir, "argfile")
	script := "#!/bin/sh\n" +
		"for a in \"$@\"; do last=\"$a\"; done\n" +
		"echo \"$last\" > '" + argfile + "'\n" +
		"test -s \"$last\" || { echo \"no cubin at $last\" >&2; exit 3; }\n" +
		body + "\n"
	path := filepath.Join(dir, "nvdisasm")
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return &Disassembler{Path: path}, argfile
}

func TestDisassemble(t *testing.T) {
	listing, err := os.ReadFile(filepath.Join("testdata", "clock_ffma.sass"))
	if err != nil {
		t.Fatal(err)
	}
	printListing := "cat <<'LISTING'\n" + string(listing) + "LISTING"
	tests := []struct {
		name       string
		body       string
		cubin      []byte
		canceled   bool
		noDataflow bool
		wantFunc   string
		wantErr    string
	}{
		{
			name:     "prints a listing for -c",
			body:     `[ "$1" = "-c" ] || { echo "want -c, got $*" >&2; exit 2; }` + "\n" + printListing,
			cubin:    []byte("\x7fELF fake cubin"),
			wantFunc: "probe_ffma_latency",
		},
		{
			name:       "without dataflow analysis when asked",
			body:       `[ "$1" = "-c" ] && [ "$2" = "-ndf" ] || { echo "want -c -ndf, got $*" >&2; exit 2; }` + "\n" + printListing,
			cubin:      []byte("\x7fELF fake cubin"),
			noDataflow: true,
			wantFunc:   "probe_ffma_latency",
		},
		{
			name: "dataflow failure is retried with -ndf",
			body: `[ "$2" = "-ndf" ] || { echo "nvdisasm fatal : dataflow analysis failed" >&2; exit 1; }` +
				"\n" + printListing,
			cubin:    []byte("\x7fELF fake cubin"),
			wantFunc: "probe_ffma_latency",
		},
		{
			name:    "failure carries stderr",
			body:    `echo "nvdisasm fatal : Input file is not a cubin" >&2; exit 1`,
			cubin:   []byte("\x7fELF fake cubin"),
			wantErr: "Input file is not a cubin",
		},
		{
			name:    "no code printed",
			body:    `echo "	.elftype	@\"ET_EXEC\""`,
			cubin:   []byte("\x7fELF fake cubin"),
			wantErr: "no function found",
		},
		{
			name:    "empty output",
			body:    `exit 0`,
			cubin:   []byte("\x7fELF fake cubin"),
			wantErr: "printed no code",
		},
		{
			name:    "empty cubin",
			body:    printListing,
			cubin:   nil,
			wantErr: "empty cubin",
		},
		{
			name:     "canceled context",
			body:     printListing,
			cubin:    []byte("\x7fELF fake cubin"),
			canceled: true,
			wantErr:  "context canceled",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, argfile := fakeNvdisasm(t, tt.body)
			d.NoDataflow = tt.noDataflow
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tt.canceled {
				cancel()
			}
			l, err := d.Disassemble(ctx, tt.cubin)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Disassemble error = %v, want it to contain %q", err, tt.wantErr)
				}
			} else {
				if err != nil {
					t.Fatalf("Disassemble: %v", err)
				}
				if _, ok := l.Function(tt.wantFunc); !ok {
					t.Errorf("Disassemble: no function %q in %+v", tt.wantFunc, l)
				}
			}
			if arg, err := os.ReadFile(argfile); err == nil {
				tmp := strings.TrimSpace(string(arg))
				if _, err := os.Stat(tmp); !errors.Is(err, os.ErrNotExist) {
					t.Errorf("temporary cubin %s was not removed (stat: %v)", tmp, err)
				}
			}
		})
	}
}

func TestDisassembleWithoutPath(t *testing.T) {
	tests := []struct {
		name string
		d    *Disassembler
	}{
		{name: "nil disassembler", d: nil},
		{name: "empty path", d: &Disassembler{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := tt.d.Disassemble(context.Background(), []byte("x")); err == nil {
				t.Error("Disassemble succeeded without an nvdisasm path")
			}
		})
	}
}
