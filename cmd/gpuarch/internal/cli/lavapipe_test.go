package cli

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpuarch/gpuarch/backend/cudagpu"
	"github.com/gpuarch/gpuarch/backend/vk"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/record"
)

// TestVulkanRunAllSuitesOnLavapipe runs `run --backend vulkan` for real,
// every suite, on the first Vulkan device when it is Mesa's lavapipe (as
// in CI): each suite measures something or says why it could not, the
// run completes, and the document it writes names the CPU it ran on. The
// chains are short and footprints stop at 64 MiB (--max-footprint), so
// that the whole run takes a minute or two on a CPU; a full run records
// results/lavapipe.
func TestVulkanRunAllSuitesOnLavapipe(t *testing.T) {
	_, devs, err := vk.Devices()
	if err != nil {
		t.Skipf("no Vulkan device (%v); .ci/run installs Mesa's lavapipe", err)
	}
	if len(devs) == 0 || !strings.Contains(devs[0].Name, "llvmpipe") {
		t.Skip("the first Vulkan device is not lavapipe: a whole run on a GPU is the device machine's job")
	}
	if testing.Short() {
		t.Skip("a whole run on lavapipe takes minutes; -short skips it")
	}
	var stdout, stderr bytes.Buffer
	cfg := engine.DefaultConfig()
	cfg.LatencyLengths, cfg.LatencyRepeats, cfg.Repeats = []int{0, 16, 32}, 3, 3
	cfg.ILPs, cfg.WarpsPerSM, cfg.BodySteps, cfg.TargetCycles, cfg.ClockMicros = []int{1, 4}, []int{4, 8}, 64, 2e5, 200
	e := &Env{Stdout: &stdout, Stderr: &stderr, OpenGPU: openGPU, DefaultBackend: defaultBackend, VulkanDevices: vk.Devices,
		Disassembler: func() (cudagpu.Disassembler, error) { return nil, errors.New("not used") }, Config: cfg}
	e.Worker = e.work
	dir := t.TempDir()
	// lavapipe's compiler folds a few latency chains, which fail their
	// own check: the run ends with exit status 3, its results written.
	if err := e.Run(context.Background(), []string{"run", "--backend", "vulkan", "--max-footprint", "64MiB", "--out", dir}); err != nil && ExitCode(err) != ExitSomeFailed {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	run, err := record.ReadFile(filepath.Join(dir, ResultsJSON))
	if err != nil {
		t.Fatal(err)
	}
	if !run.Complete {
		t.Errorf("the run is not complete")
	}
	ok, other := map[string]int{}, map[string]int{}
	for _, r := range run.Records {
		switch {
		case r.Status == record.StatusOK:
			ok[r.Suite]++
		case r.Reason == "":
			t.Errorf("%s: %s without a reason", r.ID, r.Status)
		default:
			other[r.Suite]++
		}
	}
	for _, s := range backendSuites(backendVulkan) {
		// lavapipe has no cooperative matrices: the mma suite's records
		// are skipped, saying so; every other suite measures.
		if ok[s] == 0 && (s != "mma" || other[s] == 0) {
			t.Errorf("suite %s: no record measured (%d not)", s, other[s])
		}
	}
	md, err := os.ReadFile(filepath.Join(dir, ResultsMD))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"llvmpipe", "CPU threads", "above the run's largest footprint"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("the document lacks %q", want)
		}
	}
	for _, s := range backendSuites(backendVulkan) {
		if strings.Contains(string(md), "The "+s+" suite was not run") {
			t.Errorf("the document says the %s suite was not run", s)
		}
	}
}
