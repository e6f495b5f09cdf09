package cli

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gpuarch/gpuarch/backend/sim"
)

// Every command's --help exits 0 and shows its positional arguments, and
// its examples where it has them.
func TestHelpExitsZero(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"--help"}, []string{"Usage:", "run", "analyze", "Exit status"}},
		{[]string{"help", "run"}, []string{"gpuarch run [flags]", "--force", "--resume", "Examples:"}},
		{[]string{"run", "--help"}, []string{"gpuarch run [flags]", "Examples:"}},
		{[]string{"inst", "--help"}, []string{"gpuarch inst [flags] NAME...", "Examples:"}},
		{[]string{"info", "-h"}, []string{"gpuarch info [flags]", "--gpu"}},
		{[]string{"list", "--help"}, []string{"gpuarch list [flags]"}},
		{[]string{"report", "--help"}, []string{"gpuarch report [flags] RESULTS.json", "--library-any-gpu"}},
		{[]string{"analyze", "--help"}, []string{"gpuarch analyze [flags] KERNEL", "--validate DIR"}},
		{[]string{"summary", "--help"}, []string{"gpuarch summary DIR"}},
		{[]string{"compare", "--help"}, []string{"gpuarch compare [flags] A.json B.json", "--alpha"}},
		{[]string{"db", "--help"}, []string{"gpuarch db add|list|compare", "never create or write a store"}},
		{[]string{"db", "add", "--help"}, []string{"gpuarch db add [flags] RESULTS.json...", "--allow-interrupted", "--db"}},
		{[]string{"db", "compare", "--help"}, []string{"FILTER-A FILTER-B"}},
		{[]string{"completion", "bash", "--help"}, []string{"bash"}},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			e, stdout, _ := testEnv(nil)
			if err := e.Run(context.Background(), tc.args); err != nil {
				t.Fatalf("exit %d: %v", ExitCode(err), err)
			}
			for _, w := range tc.want {
				if !strings.Contains(stdout.String(), w) {
					t.Errorf("the help lacks %q:\n%s", w, stdout)
				}
			}
		})
	}
}

// testdataPath is a file of testdata/ as an absolute path, for tests that
// change directory.
func testdataPath(t *testing.T, name string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// db add FILE --db other.db adds to other.db, not to ./gpuarch.db; report
// FILE --out DIR writes into DIR.
func TestFlagsAfterPositionalArguments(t *testing.T) {
	h200 := testdataPath(t, "h200.json")
	dir := t.TempDir()
	t.Chdir(dir)
	e, stdout, _ := testEnv(nil)
	if err := e.Run(context.Background(), []string{"db", "add", h200, "--db", "other.db"}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat("gpuarch.db"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("./gpuarch.db was made: %v", err)
	}
	stdout.Reset()
	if err := e.Run(context.Background(), []string{"db", "list", "--db", "other.db"}); err != nil || !strings.Contains(stdout.String(), "1 run(s)") {
		t.Errorf("list other.db: %v\n%s", err, stdout)
	}
	if err := e.Run(context.Background(), []string{"report", h200, "--out", "doc"}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join("doc", ResultsHTML)); err != nil {
		t.Error(err)
	}
}

// Read commands never create a store, and a filter whose value holds an
// unquoted space is refused instead of matching nothing.
func TestDBReadsOnly(t *testing.T) {
	dir := t.TempDir()
	typo := filepath.Join(dir, "typo.db")
	for _, args := range [][]string{
		{"db", "list", "--db", typo},
		{"db", "compare", "--db", typo, "model=a", "model=b"},
	} {
		e, _, _ := testEnv(nil)
		err := e.Run(context.Background(), args)
		if err == nil || !strings.Contains(err.Error(), "no results store") {
			t.Errorf("%v: %v, want an error saying there is no store", args, err)
		}
		if _, err := os.Stat(typo); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%v made %s", args, typo)
		}
	}
	e, _, _ := testEnv(nil)
	err := e.Run(context.Background(), []string{"db", "list", "--db", typo, "--where", "model=NVIDIA", "H200"})
	if ExitCode(err) != ExitUsage || !strings.Contains(err.Error(), "quote") {
		t.Errorf("an unquoted filter: %v (exit %d)", err, ExitCode(err))
	}
}

// One list of backends in the usage, the flag help and the error.
func TestOneListOfBackends(t *testing.T) {
	list := strings.Join(backendNames, ", ")
	e, stdout, _ := testEnv(nil)
	if err := e.Run(context.Background(), []string{"run", "--help"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout.String(), list) {
		t.Errorf("run --help does not list %q:\n%s", list, stdout)
	}
	for _, cmd := range []string{"run", "inst", "info", "list"} {
		err := e.Run(context.Background(), []string{cmd, "--backend", "metal", "x"})
		if cmd == "run" || cmd == "info" || cmd == "list" {
			err = e.Run(context.Background(), []string{cmd, "--backend", "metal"})
		}
		if ExitCode(err) != ExitUsage || !strings.Contains(err.Error(), "(backends: "+list+")") {
			t.Errorf("%s --backend metal: %v", cmd, err)
		}
	}
}

// Numeric and choice flags are checked before anything runs.
func TestFlagValuesChecked(t *testing.T) {
	kernel := filepath.Join(t.TempDir(), "k.sass")
	if err := os.WriteFile(kernel, []byte("\tFFMA R1, R2, R3, R4 ;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"alpha NaN", []string{"compare", "--alpha", "NaN", "a.json", "b.json"}, "--alpha NaN"},
		{"alpha 1", []string{"compare", "--alpha", "1", "a.json", "b.json"}, "between 0 and 1"},
		{"db alpha", []string{"db", "compare", "--alpha", "-1", "a=1", "b=2"}, "between 0 and 1"},
		{"launch timeout 0", []string{"run", "--launch-timeout", "0s"}, "positive duration"},
		{"launch timeout negative", []string{"inst", "--launch-timeout", "-1s", "fma.rn.f32"}, "positive duration"},
		{"gpu negative", []string{"info", "--gpu", "-1"}, "device number"},
		{"max footprint", []string{"run", "--max-footprint", "0"}, "size in bytes"},
		{"threads 5000", []string{"analyze", "--threads", "5000", kernel}, "--threads"},
		{"threads 0", []string{"analyze", "--threads", "0", kernel}, "--threads"},
		{"warps", []string{"analyze", "--warps", "-1", kernel}, "--warps"},
		{"level", []string{"analyze", "--level", "foo", kernel}, "--level"},
		{"pattern", []string{"analyze", "--pattern", "zigzag", kernel}, "--pattern"},
		{"force and resume", []string{"run", "--force", "--resume"}, "one of them"},
		{"timing", []string{"run", "--timing", "sundial"}, "timings: auto, clock, timestamps"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Chdir(t.TempDir())
			e, _, _ := testEnv(sim.New())
			err := e.Run(context.Background(), tc.args)
			if ExitCode(err) != ExitUsage || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v (exit %d), want a usage error containing %q", err, ExitCode(err), tc.want)
			}
		})
	}
}

// info takes --gpu as run does: all, or a list.
func TestInfoSeveralGPUs(t *testing.T) {
	e, stdout, _ := testEnv(nil)
	e.OpenGPU = openGPU
	e.DeviceCount = deviceCount
	if err := e.Run(context.Background(), []string{"info", "--backend", "simulated", "--gpu", "all", "--no-measure", "--json"}); err != nil {
		t.Fatal(err)
	}
	var sheets []map[string]any
	if err := json.Unmarshal(stdout.Bytes(), &sheets); err != nil || len(sheets) != simulatedGPUs {
		t.Errorf("%v: %d sheets\n%s", err, len(sheets), stdout)
	}
}

// analyze refuses empty inputs with a usage error.
func TestAnalyzeRefusesEmptyInput(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.cubin")
	blank := filepath.Join(dir, "blank.sass")
	noInst := filepath.Join(dir, "noinst.sass")
	for p, body := range map[string]string{empty: "", blank: " \n\t\n", noInst: "\t.text.k:\n"} {
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{
		{"analyze", empty},
		{"analyze", blank},
		{"analyze", noInst},
	} {
		e, _, _ := testEnv(nil)
		err := e.Run(context.Background(), args)
		if ExitCode(err) != ExitUsage || !strings.Contains(err.Error(), "nothing to analyze") {
			t.Errorf("%v: %v (exit %d)", args, err, ExitCode(err))
		}
	}
}

// analyze without --results takes the recorded results of this machine's
// GPU model, and says so where the kernel does not tell two recorded
// models apart.
func TestAnalyzeResultsOfItsModel(t *testing.T) {
	listing := filepath.Join(t.TempDir(), "loop.sass")
	body := "\t.text.k:\n.L_x_0:\n\t/*0000*/ FFMA R1, R2, R3, R1 ;\n\t/*0010*/ @P0 BRA `(.L_x_0) ;\n\t/*0020*/ EXIT ;\n"
	if err := os.WriteFile(listing, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(filepath.Join("..", "..", "..", "..")) // the checkout, with results/
	for _, tc := range []struct {
		name, local, want string
		fails             bool
	}{
		{"no GPU here", "", "NVIDIA-H100-80GB-HBM3", true},
		{"an H200 here", "NVIDIA H200", "NVIDIA-H200", false},
		{"an H100 here", "NVIDIA H100 80GB HBM3", "NVIDIA-H100-80GB-HBM3", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, stdout, _ := testEnv(nil)
			if tc.local != "" {
				e.LocalGPU = func() (string, string, error) { return tc.local, "9.0", nil }
			}
			err := e.Run(context.Background(), []string{"analyze", "--arch", "sm_90", "--json", listing})
			if tc.fails {
				if err == nil || !strings.Contains(err.Error(), "--results") || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("err = %v, want one naming the recorded models and --results", err)
				}
				return
			}
			if err != nil && !strings.Contains(err.Error(), "no loop") {
				t.Fatal(err)
			}
			if !strings.Contains(stdout.String(), filepath.Join("results", tc.want, "results.json.gz")) {
				t.Errorf("the prediction is not from %s's results:\n%.600s", tc.want, stdout)
			}
		})
	}
}

// report refuses what is not a results file of reasonable size at once.
func TestReportRefusesDevices(t *testing.T) {
	for _, p := range []string{"/dev/zero", t.TempDir()} {
		if _, err := os.Stat(p); err != nil {
			continue
		}
		e, _, _ := testEnv(nil)
		start := time.Now()
		err := e.Run(context.Background(), []string{"report", p})
		if err == nil || !strings.Contains(err.Error(), "regular file") || time.Since(start) > 5*time.Second {
			t.Errorf("report %s: %v after %v", p, err, time.Since(start))
		}
	}
}

// A library measurement of another GPU is refused unless asked for, and
// then named as another GPU's, never "this machine".
func TestReportLibraryOfAnotherGPU(t *testing.T) {
	lib := filepath.Join(t.TempDir(), "cublas.json")
	body := `{"tool": "cublas_gemm.py", "gpu": "NVIDIA H100 80GB HBM3", "gpu_uuid": "GPU-other", "torch": "2.9", "cuda": "13.0", "m_n_k": 8192, "method": "torch.matmul", "time": "2026-11-25T00:00:00Z",
		"results": [{"dtype": "float16", "tflops": 700, "sm_clock_mhz_after": 1980, "error": ""}]}`
	if err := os.WriteFile(lib, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	h200 := filepath.Join("testdata", "h200.json")
	e, stdout, _ := testEnv(nil)
	err := e.Run(context.Background(), []string{"report", h200, "--library", lib})
	if err == nil || ExitCode(err) != ExitError || !strings.Contains(err.Error(), "--library-any-gpu") {
		t.Fatalf("err = %v (exit %d), want a refusal naming --library-any-gpu", err, ExitCode(err))
	}
	stdout.Reset()
	if err := e.Run(context.Background(), []string{"report", h200, "--library", lib, "--library-any-gpu"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout.String(), "measured on another GPU, NVIDIA H100 80GB HBM3") || strings.Contains(stdout.String(), "this machine") {
		t.Errorf("the document does not name the other GPU:\n%s", grepLines(stdout.String(), "library"))
	}
}

// grepLines are the lines of s holding word.
func grepLines(s, word string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, word) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// db add refuses interrupted and simulated runs unless asked, keeps them
// marked, and db list shows each run's state.
func TestDBMarksInterruptedAndSimulatedRuns(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "fleet.db")
	simDir := filepath.Join(dir, "sim")
	completeRun(t, simDir) // the simulated GPU
	cut := filepath.Join(dir, "cut")
	e, _, _ := testEnv(sim.New())
	if err := e.Run(interruptAfter(e, 2), []string{"run", "--suite", "warp", "--out", cut}); ExitCode(err) != ExitInterrupted {
		t.Fatalf("the interrupted run: %v", err)
	}
	for _, f := range []string{filepath.Join(simDir, ResultsJSON), filepath.Join(cut, ResultsJSON)} {
		e, _, _ := testEnv(nil)
		if err := e.Run(context.Background(), []string{"db", "add", f, "--db", db}); err == nil || !strings.Contains(err.Error(), "--allow-") {
			t.Errorf("db add %s: %v, want a refusal naming the flag that keeps it", f, err)
		}
	}
	e, stdout, _ := testEnv(nil)
	if err := e.Run(context.Background(), []string{"db", "add", "--allow-simulated", "--allow-interrupted", "--db", db, filepath.Join(simDir, ResultsJSON)}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout.String(), "marked simulated") {
		t.Errorf("db add does not say the run is marked: %s", stdout)
	}
	stdout.Reset()
	if err := e.Run(context.Background(), []string{"db", "list", "--db", db}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout.String(), "state") || !strings.Contains(stdout.String(), "simulated") {
		t.Errorf("db list does not show the state:\n%s", stdout)
	}
}
