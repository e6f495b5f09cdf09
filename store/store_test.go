package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gpuarch/gpuarch/compare"
	"github.com/gpuarch/gpuarch/record"
)

// run makes a run of one GPU whose FFMA throughput is tp.
func run(node, uuid, driver string, day int, tp float64) *record.Run {
	return &record.Run{
		Tool:     record.Tool{Name: "gpuarch", Version: "test", Host: node, Backend: "cuda"},
		Started:  time.Date(2026, 11, day, 12, 0, 0, 0, time.UTC),
		Complete: true,
		Device:   record.Device{Name: "NVIDIA H200", UUID: uuid, DriverVersion: driver},
		Records: []record.Record{
			{ID: "alu/fma.rn.f32/throughput", Suite: "alu", Op: "fma.f32", Quantity: record.Throughput, Unit: "warp instructions/clock/SM", Status: record.StatusOK, Value: tp},
			{ID: "alu/fma.rn.f32/latency", Suite: "alu", Op: "fma.f32", Quantity: record.Latency, Unit: "cycles", Status: record.StatusOK, Value: 4},
			{ID: "alu/broken/latency", Suite: "alu", Status: record.StatusFailed, Reason: "no"},
		},
	}
}

func open(t *testing.T) *Store {
	t.Helper()
	return openAt(t, filepath.Join(t.TempDir(), "runs.db"))
}

// openAt opens a store for writing, closed when the test ends.
func openAt(t *testing.T, path string) *Store {
	t.Helper()
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// TestAddListSet runs on an SQLite file and on a real PostgreSQL server
// (started here from the machine's installation; .ci/run installs it).
func TestAddListSet(t *testing.T) {
	eachDialect(t, func(t *testing.T, fresh func(*testing.T) string) { testAddListSet(t, openAt(t, fresh(t))) })
}

func testAddListSet(t *testing.T, s *Store) {
	ctx := context.Background()
	// A fleet of four nodes, one slow GPU, two drivers.
	fleet := []*record.Run{
		run("n1", "GPU-1", "580.1", 1, 3.95), run("n2", "GPU-2", "580.1", 1, 3.94), run("n3", "GPU-3", "580.1", 2, 3.96),
		run("n4", "GPU-4", "590.2", 3, 3.10), run("n4", "GPU-4", "590.2", 4, 3.12), run("n4", "GPU-4", "590.2", 5, 3.11),
	}
	for i, r := range fleet {
		if _, err := s.Add(ctx, r, fmt.Sprintf("run%d.json", i)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Add(ctx, fleet[0], "again.json"); !errors.Is(err, ErrDuplicate) {
		t.Errorf("adding a run twice: %v, want ErrDuplicate", err)
	}
	for _, tc := range []struct {
		filter string
		want   int
	}{
		{"", 6}, {"node=n4", 3}, {"driver=580.1", 3}, {"model=NVIDIA H200,since=2026-11-02", 4},
		{"until=2026-11-02", 2}, {"uuid=GPU-2", 1}, {"backend=vulkan", 0},
	} {
		f, err := ParseFilter(tc.filter)
		if err != nil {
			t.Fatal(err)
		}
		runs, err := s.List(ctx, f)
		if err != nil || len(runs) != tc.want {
			t.Errorf("List(%q) = %d runs, %v; want %d", tc.filter, len(runs), err, tc.want)
		}
		for _, r := range runs {
			if r.Records != 2 || r.Model != "NVIDIA H200" {
				t.Errorf("List(%q): %+v: want the 2 measured records of an H200", tc.filter, r)
			}
		}
	}
	// The slow GPU against the rest of the fleet: its throughput is lower,
	// significantly so; the latency is the same.
	slow, n, err := s.Set(ctx, Filter{UUID: "GPU-4"})
	if err != nil || n != 3 {
		t.Fatalf("set of GPU-4: %d runs, %v", n, err)
	}
	rest, n, err := s.Set(ctx, Filter{Driver: "580.1"})
	if err != nil || n != 3 {
		t.Fatalf("set of driver 580.1: %d runs, %v", n, err)
	}
	if got := rest.Records[1]; got.ID != "alu/fma.rn.f32/throughput" || got.Value != 3.95 || len(got.Samples) != 3 {
		t.Errorf("the fleet's throughput record: %+v", got)
	}
	res, err := compare.Runs(rest, slow, 0.1)
	if err != nil {
		t.Fatal(err)
	}
	var md strings.Builder
	if err := res.WriteMarkdown(&md, "driver 580.1", "GPU-4", true); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "| `alu/fma.rn.f32/throughput` |") || !strings.Contains(md.String(), "-21.") {
		t.Errorf("comparison lacks the slow GPU's throughput:\n%s", md.String())
	}
	if _, _, err := s.Set(ctx, Filter{Node: "nowhere"}); err == nil {
		t.Error("a set of no runs")
	}
}

func TestBadInput(t *testing.T) {
	ctx := context.Background()
	if _, err := Open(ctx, "postgres://gpuarch:secret@db/fleet"); err == nil || strings.Contains(err.Error(), "secret") {
		t.Errorf("Open(postgres URL) = %v: want a clear error without the password", err)
	}
	s := open(t)
	r := run("n1", "", "580.1", 1, 3.9)
	if _, err := s.Add(ctx, r, "anonymous.json"); err == nil {
		t.Error("a run without a GPU UUID was stored")
	}
	notDB := filepath.Join(t.TempDir(), "not.db")
	if err := writeFile(notDB, "this is not a database, but a text file long enough to have a header"); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(ctx, notDB); err == nil {
		t.Error("a text file opened as a store")
	}
}

func writeFile(path, text string) error { return os.WriteFile(path, []byte(text), 0o644) }
