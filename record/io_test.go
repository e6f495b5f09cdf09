package record

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadLimited(t *testing.T) {
	dir := t.TempDir()
	file := func(name string, n int) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(strings.Repeat("x", n)), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		name  string
		path  string
		limit int64
		want  string // "" for success, else a part of the error
	}{
		{"small file", file("small", 10), 100, ""},
		{"exactly the limit", file("exact", 100), 100, ""},
		{"one byte over", file("over", 101), 100, "larger than 100 bytes"},
		{"empty file", file("empty", 0), 100, ""},
		{"directory", dir, 100, "is not a regular file (it is a directory)"},
		{"device", "/dev/zero", MaxFileBytes, "is not a regular file (it is a device)"},
		{"missing", filepath.Join(dir, "missing"), 100, "no such file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := os.Stat(tt.path); tt.want != "no such file" && err != nil {
				t.Skipf("%s: %v", tt.path, err)
			}
			b, err := ReadLimited(tt.path, tt.limit)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("ReadLimited(%s) = %v", tt.path, err)
				}
				if fi, _ := os.Stat(tt.path); int64(len(b)) != fi.Size() {
					t.Errorf("read %d bytes of %d", len(b), fi.Size())
				}
				return
			}
			if err == nil {
				t.Fatalf("ReadLimited(%s) read %d bytes, want an error", tt.path, len(b))
			}
			if !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), tt.path) {
				t.Errorf("ReadLimited(%s) = %q, want an error naming the path and saying %q", tt.path, err, tt.want)
			}
			if tt.want == "no such file" && !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("ReadLimited(%s) = %v, want fs.ErrNotExist", tt.path, err)
			}
		})
	}
}

// TestReadFileRefusesDevice is issue 30's `gpuarch report /dev/zero`, which
// read until the process died of memory.
func TestReadFileRefusesDevice(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip(err)
	}
	_, err := ReadFile("/dev/zero")
	if err == nil || !strings.Contains(err.Error(), "/dev/zero is not a regular file") {
		t.Errorf("ReadFile(/dev/zero) = %v, want a refusal naming it", err)
	}
}

// A run written to a .gz path is compressed, reads back the same, and
// Locate finds it where no results.json is.
func TestCompressedResults(t *testing.T) {
	dir := t.TempDir()
	run := &Run{Schema: SchemaVersion, Complete: true, Records: []Record{{ID: "alu/x/latency", Status: StatusOK, Value: 4}}}
	gz := filepath.Join(dir, CompressedResultsName)
	if err := WriteFile(gz, run); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(gz)
	if err != nil || !bytes.HasPrefix(b, gzipMagic) {
		t.Fatalf("%v: %q is not gzip", err, b[:min(len(b), 4)])
	}
	got, err := ReadFile(gz)
	if err != nil || !got.Complete || len(got.Records) != 1 || got.Records[0].Value != 4 {
		t.Fatalf("read back: %v, %+v", err, got)
	}
	if p, err := Locate(dir); err != nil || p != gz {
		t.Errorf("Locate = %q, %v; want %q", p, err, gz)
	}
	plain := filepath.Join(dir, ResultsName)
	if err := WriteFile(plain, run); err != nil {
		t.Fatal(err)
	}
	if p, err := Locate(dir); err != nil || p != plain {
		t.Errorf("Locate = %q, %v; want the plain file %q first", p, err, plain)
	}
	if _, err := Locate(t.TempDir()); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Locate of an empty folder: %v", err)
	}
	// A gzip stream of garbage is an error, not a run.
	var junk bytes.Buffer
	zw := gzip.NewWriter(&junk)
	zw.Write([]byte("not json"))
	zw.Close()
	if _, err := Decode(&junk); err == nil {
		t.Error("a compressed non-run decoded")
	}
}
