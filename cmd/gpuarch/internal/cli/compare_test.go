package cli

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gpuarch/gpuarch/compare"
	"github.com/gpuarch/gpuarch/record"
)

// The recorded H100's folder: its results, its repeat run straight after,
// and its earlier recorded runs (compare/earlier-runs.json.gz).
var h100Dir = filepath.Join("..", "..", "..", "..", "results", "NVIDIA-H100-80GB-HBM3")

// TestCompareBetweenRuns: compare takes each figure's variability between
// runs from the repeat runs beside A, or from --between; never from B, and
// it says so when the runs found are A and B themselves.
func TestCompareBetweenRuns(t *testing.T) {
	a, b := filepath.Join(h100Dir, "results.json.gz"), filepath.Join(h100Dir, "repeat-results.json.gz")
	earlier := filepath.Join(h100Dir, "compare", "earlier-runs.json.gz")
	// A run of the H100 that is neither A nor its repeat: the repeat
	// taken an hour later.
	newRun := filepath.Join(t.TempDir(), "results.json")
	first, err := record.ReadFile(a)
	if err != nil {
		t.Fatal(err)
	}
	run, err := record.ReadFile(b)
	if err != nil {
		t.Fatal(err)
	}
	// How the document cites the recorded runs (GPU, start).
	aCited := compare.RepeatRun{GPU: first.Device.UUID, Started: first.Started, A: true}.String()
	bCited := compare.RepeatRun{GPU: run.Device.UUID, Started: run.Started}.String()
	run.Started = run.Started.Add(time.Hour)
	if err := record.WriteFile(newRun, run); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		args    []string
		want    []string
		notWant []string
		// l2 is the floor the shared-lines L2 read's row must name
		// where it is listed.
		l2 string
	}{
		{
			name:    "the runs beside A are the pair compared: no floor from them, said first",
			args:    []string{"compare", a, b},
			want:    []string{"**No variability between runs is used: the repeat runs given are A and B themselves.**"},
			notWant: []string{"(between runs)"},
		},
		{
			name: "the earlier runs of the model: the shared-lines L2 read varies between runs",
			args: []string{"compare", a, b, "--between", earlier},
			want: []string{"each figure's spread over 9 runs of the NVIDIA H100 80GB HBM3 other than B", "(between runs)"},
			l2:   "(between runs)",
		},
		{
			name: "B given among them is left out",
			args: []string{"compare", a, b, "--between", b, "--between", earlier},
			want: []string{"other than B", "B itself, whose difference from A is what is judged", "(between runs)"},
			l2:   "(between runs)",
		},
		{
			name:    "--between none",
			args:    []string{"compare", a, b, "--between", "none"},
			want:    []string{"No variability between runs is known here"},
			notWant: []string{"varies ±"},
		},
		{
			name: "a new run against the recorded one: A and its repeat beside it give the floors",
			args: []string{"compare", a, newRun},
			want: []string{"each figure's spread over 2 runs of the NVIDIA H100 80GB HBM3 other than B",
				"repeat-results.json.gz` (" + bCited + ")", "(" + aCited + ")"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			e, stdout, _ := testEnv(nil)
			if err := e.Run(context.Background(), tc.args); err != nil {
				t.Fatal(err)
			}
			for _, s := range tc.want {
				if !strings.Contains(stdout.String(), s) {
					t.Errorf("compare %q lacks %q:\n%s", tc.args[1:], s, stdout.String())
				}
			}
			for _, s := range tc.notWant {
				if strings.Contains(stdout.String(), s) {
					t.Errorf("compare %q says %q:\n%s", tc.args[1:], s, stdout.String())
				}
			}
			for _, line := range strings.Split(stdout.String(), "\n") {
				if tc.l2 != "" && strings.HasPrefix(line, "| `memory/bandwidth/L2 read` |") && !strings.Contains(line, tc.l2) {
					t.Errorf("compare %q: the shared-lines L2 read's row %q lacks %q", tc.args[1:], line, tc.l2)
				}
			}
		})
	}
	e, _, _ := testEnv(nil)
	for _, args := range [][]string{{"compare", a, b, "--between", "none", "--between", earlier}} {
		if err := e.Run(context.Background(), args); ExitCode(err) != ExitUsage {
			t.Errorf("%q: %v, want a usage error", args, err)
		}
	}
	if err := e.Run(context.Background(), []string{"compare", a, b, "--between", "testdata/missing.json"}); ExitCode(err) != ExitError {
		t.Errorf("--between a missing file: %v, want an error", err)
	}
}

// variability --save writes several runs into one file, which variability
// and compare --between read back.
func TestVariabilitySave(t *testing.T) {
	a, b := filepath.Join(h100Dir, "results.json.gz"), filepath.Join(h100Dir, "repeat-results.json.gz")
	saved := filepath.Join(t.TempDir(), "runs.json.gz")
	e, stdout, _ := testEnv(nil)
	if err := e.Run(context.Background(), []string{"variability", "--save", saved, a, b}); err != nil {
		t.Fatal(err)
	}
	first := stdout.String()
	stdout.Reset()
	if err := e.Run(context.Background(), []string{"variability", saved}); err != nil {
		t.Fatal(err)
	}
	cut := func(s string) string { return s[strings.Index(s, "\n\n1")+1:] } // past the table of files
	if cut(stdout.String()) != cut(first) {
		t.Errorf("the saved runs' variability differs from the files':\n%s\n---\n%s", first, stdout.String())
	}
	if !strings.Contains(stdout.String(), "runs.json.gz, run 2") {
		t.Errorf("the runs of one file are not told apart:\n%s", stdout.String())
	}
	if err := e.Run(context.Background(), []string{"variability", a}); ExitCode(err) != ExitUsage {
		t.Errorf("one run: %v, want a usage error", err)
	}
}

// TestReportRepeats: report states the figures that vary between runs
// from the repeat runs beside the results file, or from --repeats; none
// with --repeats none.
func TestReportRepeats(t *testing.T) {
	dir := t.TempDir()
	t0 := time.Date(2026, 11, 26, 6, 53, 0, 0, time.UTC)
	run := func(start time.Time, l2 float64) *record.Run {
		r := record.Record{ID: "memory/bandwidth/L2 read", Suite: "memory", Status: record.StatusOK, Unit: "bytes/clock/SM", Value: l2,
			Provenance: record.Provenance{PTXSHA256: "same kernel"}}
		for i := range 7 {
			r.Samples = append(r.Samples, l2*(1+float64(i-3)/1000))
		}
		return &record.Run{Schema: record.SchemaVersion, Device: record.Device{Name: "NVIDIA H100 80GB HBM3", UUID: "GPU-4c51db0f-1019"}, Started: start, Complete: true, Records: []record.Record{r}}
	}
	results, beside, other := filepath.Join(dir, "results.json"), filepath.Join(dir, repeatName), filepath.Join(dir, "other.json")
	for path, r := range map[string]*record.Run{results: run(t0, 46), beside: run(t0.Add(time.Minute), 37.8), other: run(t0.Add(time.Hour), 45.9)} {
		if err := record.WriteFile(path, r); err != nil {
			t.Fatal(err)
		}
	}
	const l2Row = "| `memory/bandwidth/L2 read` | bytes/clock/SM | 46 | 19.6% |"
	for _, tc := range []struct {
		name          string
		args          []string
		want, notWant []string
		usage         bool
	}{
		{name: "the repeat run beside the results", want: []string{"## Variability between runs", repeatName, l2Row}},
		{name: "--repeats names another file, in place of the one beside", args: []string{"--repeats", other},
			want: []string{"other.json", "0 figures vary more between runs than within one"}, notWant: []string{repeatName, l2Row}},
		{name: "--repeats none", args: []string{"--repeats", "none"}, notWant: []string{"## Variability between runs"}},
		{name: "none beside a file", args: []string{"--repeats", "none", "--repeats", other}, usage: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, stdout, _ := testEnv(nil)
			err := e.Run(context.Background(), append([]string{"report", results}, tc.args...))
			if tc.usage {
				if ExitCode(err) != ExitUsage {
					t.Fatalf("err %v (exit %d), want a usage error", err, ExitCode(err))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range tc.want {
				if !strings.Contains(stdout.String(), s) {
					t.Errorf("lacks %q:\n%s", s, stdout.String())
				}
			}
			for _, s := range tc.notWant {
				if strings.Contains(stdout.String(), s) {
					t.Errorf("has %q:\n%s", s, stdout.String())
				}
			}
		})
	}
}
