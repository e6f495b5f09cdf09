package analyze

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLoadEmpty checks that a kernel file or listing with nothing in it is
// an error naming the file, not an empty report.
func TestLoadEmpty(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	cubin := filepath.Join("testdata", "corpus", "NVIDIA-H200", "kernels.cubin")
	noCode := "\t.section\t.text.foo,\"ax\",@progbits\n\t.sectioninfo\t@\"SHI_REGISTERS=12\"\nfoo:\n.text.foo:\n"
	tests := []struct {
		name, path, listing string
		err                 error
		want                string
	}{
		{"empty file", write("empty.cubin", ""), "", ErrEmpty, "empty.cubin is empty: nothing to analyze"},
		{"whitespace file", write("blank.sass", " \n\t\n\n"), "", ErrEmpty, "blank.sass is empty: nothing to analyze"},
		{"listing without instructions", write("nocode.sass", noCode), "", ErrEmpty, "nocode.sass holds no instruction (listing): nothing to analyze"},
		{"listing without functions", write("header.sass", "\t.headerflags\t@\"EF_CUDA_SM90\"\n"), "", nil, "no function found"},
		{"empty --sass", cubin, write("empty.sass", ""), ErrEmpty, "listing " + filepath.Join(dir, "empty.sass") + " is empty: nothing to analyze"},
		{"whitespace --sass", cubin, write("blank2.sass", "\n   \n"), ErrEmpty, "blank2.sass is empty: nothing to analyze"},
		{"--sass without instructions", cubin, write("nocode2.sass", noCode), ErrEmpty, "nocode2.sass holds no instruction: nothing to analyze"},
		{"directory", dir, "", nil, "is a directory"},
		{"device", os.DevNull, "", nil, "not a regular file"},
		{"--sass directory", cubin, dir, nil, "is a directory"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in, err := Load(context.Background(), tc.path, tc.listing, "", Tools{})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Load = %v, %v; want an error containing %q", in, err, tc.want)
			}
			if tc.err != nil && !errors.Is(err, tc.err) {
				t.Errorf("error %v does not wrap %v", err, tc.err)
			}
		})
	}
}

func TestReadLimited(t *testing.T) {
	p := filepath.Join(t.TempDir(), "k.sass")
	if err := os.WriteFile(p, []byte("0123456789"), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := readLimited(p, 10); err != nil || string(b) != "0123456789" {
		t.Errorf("at the limit: %q, %v", b, err)
	}
	if _, err := readLimited(p, 9); err == nil || !strings.Contains(err.Error(), "is 10 bytes, more than") {
		t.Errorf("past the limit: %v", err)
	}
	if got := sizeName(maxBinaryBytes) + ", " + sizeName(maxListingBytes); got != "1 GiB, 256 MiB" {
		t.Errorf("limits %s", got)
	}
}
