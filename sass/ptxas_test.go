package sass

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakePtxas writes a shell script named ptxas into a fresh folder: it
// runs body with the arguments ptxas gets and returns its path.
func fakePtxas(t *testing.T, body string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "ptxas")
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestAssemble(t *testing.T) {
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh to run the fake ptxas")
	}
	// The fake copies the PTX (its last argument) to the -o file and
	// prints what a real ptxas -v prints.
	const copyIn = `out=""; arch=""
for a in "$@"; do case "$a" in -arch=*) arch=${a#-arch=};; esac; done
while [ $# -gt 1 ]; do if [ "$1" = "-o" ]; then out=$2; fi; shift; done
cp "$1" "$out"
echo "ptxas info    : Compiling entry function 'k' for '$arch'"
echo "ptxas info    : Used 168 registers"`
	tests := []struct {
		name, body, arch   string
		wantCubin, wantLog string
		wantErr            string
	}{
		{"compiles", copyIn, "sm_90a", ".version 9.0", "for 'sm_90a'", ""},
		{"fails", `echo "ptxas fatal   : Unsupported .version 9.9" >&2; exit 255`, "sm_90", "", "Unsupported .version 9.9", "Unsupported .version 9.9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := &Assembler{Path: fakePtxas(t, tt.body)}
			cubin, log, err := a.Assemble(context.Background(), ".version 9.0\n", tt.arch)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Assemble error = %v, want one mentioning %q", err, tt.wantErr)
				}
			} else if err != nil {
				t.Fatalf("Assemble: %v", err)
			}
			if !strings.HasPrefix(string(cubin), tt.wantCubin) || !strings.Contains(log, tt.wantLog) {
				t.Errorf("Assemble = %q, log %q; want %q and a log with %q", cubin, log, tt.wantCubin, tt.wantLog)
			}
		})
	}
}

func TestFindAssemblerAbsent(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	if _, err := FindAssembler(); !errors.Is(err, ErrNoAssembler) {
		t.Errorf("FindAssembler with no ptxas on the PATH = %v, want ErrNoAssembler", err)
	}
}
