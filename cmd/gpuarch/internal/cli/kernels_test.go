package cli

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gpuarch/gpuarch/backend/cudagpu"
	"github.com/gpuarch/gpuarch/backend/sim"
	"github.com/gpuarch/gpuarch/backend/vk"
	"github.com/gpuarch/gpuarch/backend/vk/vktest"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/measure/pipes"
	"github.com/gpuarch/gpuarch/measure/registry"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/spirv"
)

var dumpKernels = flag.String("dump-kernels", "", "TestEveryGeneratedKernel: write every generated module's source under this folder")

// TestEveryGeneratedKernel has every suite of a full run generate every
// kernel module it compiles, on a simulated GPU dressed as the recorded
// H100 (its device record, and its solo pipe rates, from which the pipes
// suite plans its mixes), through the CUDA backend, the Vulkan backend,
// and the Vulkan backend timed by GPU timestamps, and compares each list
// of modules with its golden file in testdata/kernels: one line per
// distinct module (the run's section, the module's name, the SHA-256 and
// length of its source). It is the proof that a refactor changed no
// kernel: a line that differs is a kernel that changed. The SPIR-V
// modules are also assembled and checked by spirv-val where it is
// installed.
//
// The simulated GPU measures nothing real, so a shape that a suite
// derives from results comes from the simulated ones: testdata/kernels/
// README.md says what that implies.
//
// The golden files hold hashes only (the sources are about 50 MB of PTX
// and 35 MB of SPIR-V, 7 MB gzipped): a failure keeps the new and changed
// modules' sources in a folder it names, and -dump-kernels writes them
// all, to compare with those of the golden version.
func TestEveryGeneratedKernel(t *testing.T) {
	if testing.Short() {
		t.Skip("a simulated full run of every suite through both backends takes a minute; -short skips it")
	}
	for _, l := range []struct {
		name, device, timing, ext string
		runs                      func(kernelFile) []kernelRun
	}{
		{"ptx", "h100-cuda.json", "", ".ptx", cudaRuns},
		{"spirv", "h100-vulkan.json", "", ".spvasm", vulkanRuns},
		{"spirv-timestamps", "h100-vulkan.json", "timestamps", ".spvasm", vulkanRuns},
	} {
		t.Run(l.name, func(t *testing.T) {
			t.Parallel()
			start := time.Now()
			f := readKernelFile(t, l.device)
			if l.timing != "" {
				v := *f.Device.Vulkan
				v.Timing = l.timing
				f.Device.Vulkan = &v
			}
			var sections []kernelSection
			for _, run := range l.runs(f) {
				secs, err := run(t)
				if err != nil {
					t.Fatal(err)
				}
				for _, s := range secs {
					t.Logf("%s: %d modules compiled", s.name, len(s.modules))
					sections = append(sections, kernelSection{s.name, distinct(s.modules)})
				}
			}
			t.Logf("%.1f s to generate", time.Since(start).Seconds())
			if *dumpKernels != "" {
				if err := writeKernels(filepath.Join(*dumpKernels, l.name), l.ext, sections); err != nil {
					t.Fatal(err)
				}
			}
			if f.Device.BackendOf() == backendVulkan {
				validateSPIRV(t, l.name, sections)
			}
			compareListing(t, filepath.Join("testdata", "kernels", l.name+".txt"), listing(f, sections), l.ext, sections)
			t.Logf("%.1f s in all", time.Since(start).Seconds())
		})
	}
}

// kernelFile is what testdata/kernels/*.json hold: a recorded device and
// its solo pipe rates, copied from a results file (From).
type kernelFile struct {
	From   string             `json:"from"`
	Device record.Device      `json:"device"`
	Solo   map[string]float64 `json:"solo"`
}

func readKernelFile(t *testing.T, name string) kernelFile {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "kernels", name))
	if err != nil {
		t.Fatal(err)
	}
	var f kernelFile
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return f
}

// kernelRun is a run on a fresh simulated GPU, whose compiled modules it
// returns by section.
type kernelRun func(t *testing.T) ([]kernelSection, error)

// cudaRuns are what a CUDA GPU compiles: a full run (every suite, in one
// worker as `run` has it), the health check (`run --quick`), and the
// memory probes `run --gpu all` sends across each link between GPUs
// (peerSMJobs).
func cudaRuns(f kernelFile) []kernelRun {
	full := WorkRequest{Backend: backendCUDA, Suites: backendSuites(backendCUDA), Config: engine.DefaultConfig()}
	quick := WorkRequest{Backend: backendCUDA, Suites: []string{"quick"}, Quick: true, Config: registry.QuickConfig(engine.DefaultConfig())}
	return []kernelRun{workRun(f, full), workRun(f, quick), func(t *testing.T) ([]kernelSection, error) {
		// As cudagpu.Peers.SMAccess runs them, on the GPU that loads.
		g := newKernelGPU(f)
		r := &engine.Runner{GPU: g, Config: engine.DefaultConfig()}
		if _, err := r.Warmup(context.Background(), 200*time.Millisecond, 2*time.Second); err != nil {
			return nil, err
		}
		var jobs []engine.Job
		for _, p := range peerSMJobs(g.Device()) {
			jobs = append(jobs, p.Job)
		}
		err := r.Run(context.Background(), jobs, func(record.Record) {})
		return []kernelSection{{"links peers", g.compiled()}}, err
	}}
}

// vulkanRuns are what a Vulkan device compiles: a full run and the health
// check, timed as f's device record says (the shader clock, or GPU
// timestamps: --timing timestamps, the fallback where the shader clock is
// missing, which writes other kernels).
func vulkanRuns(f kernelFile) []kernelRun {
	timing := vk.TimingAuto
	if f.Device.Vulkan.Timing == "timestamps" {
		timing = vk.TimingTimestamps
	}
	full := WorkRequest{Backend: backendVulkan, Timing: timing, Suites: backendSuites(backendVulkan), Config: engine.DefaultConfig()}
	quick := WorkRequest{Backend: backendVulkan, Timing: timing, Suites: []string{"quick"}, Quick: true, Config: registry.QuickConfig(engine.DefaultConfig())}
	return []kernelRun{workRun(f, full), workRun(f, quick)}
}

// workRun runs req in-process as a worker does, on a fresh simulated GPU
// dressed as f's device, and sorts the modules it compiled into sections:
// "warm-up" (the warm-up and clock kernels), then one per suite, or a
// single section "quick" for the health check. A job's modules are all
// compiled before the job starts and after the jobs of earlier suites end
// (the runner compiles ahead only among the jobs of one call), so a module
// belongs to the suite of the next job to start.
func workRun(f kernelFile, req WorkRequest) kernelRun {
	return func(t *testing.T) ([]kernelSection, error) {
		g := newKernelGPU(f)
		var stderr strings.Builder
		e := &Env{
			Stdout: &strings.Builder{}, Stderr: &stderr,
			OpenGPU:      func(context.Context, Target) (Device, error) { return g, nil },
			Disassembler: func() (cudagpu.Disassembler, error) { return nil, errors.New("the listing needs no machine code") },
			Assembler:    func() (cudagpu.Assembler, error) { return kernelAssembler{}, nil },
		}
		type mark struct {
			n       int // modules compiled before the message
			section string
		}
		var marks []mark
		err := e.work(context.Background(), req, func(m WorkMessage) {
			switch m.Type {
			case "warmup":
				marks = append(marks, mark{g.count(), "warm-up"})
			case "start":
				suite, _, _ := strings.Cut(m.Key, "/")
				if !slices.Contains(req.Suites, suite) && !req.Quick {
					t.Errorf("job %s is of no suite asked for (%v)", m.Key, req.Suites)
				}
				marks = append(marks, mark{g.count(), suite})
			}
			// The mixes are planned from the solo rates: they must be
			// the recorded ones.
			if r := m.Record; r != nil && pipes.IsSolo(r) {
				if want := f.Solo[r.Subject]; math.Abs(r.Value-want) > 1e-3*want {
					t.Errorf("%s: the simulated solo rate is %g, the recorded one %g", r.ID, r.Value, want)
				}
			}
		})
		if err != nil {
			log := stderr.String()
			return nil, fmt.Errorf("%w\n%s", err, log[max(0, len(log)-2000):])
		}
		mods := g.compiled()
		if req.Quick {
			return []kernelSection{{"quick", mods}}, nil
		}
		var out []kernelSection
		from := 0
		for i, m := range marks {
			to := m.n
			if i == len(marks)-1 {
				to = len(mods) // nothing compiles after the last job starts, but if it did
			}
			if len(out) > 0 && out[len(out)-1].name == m.section {
				out[len(out)-1].modules = append(out[len(out)-1].modules, mods[from:to]...)
			} else {
				out = append(out, kernelSection{m.section, slices.Clone(mods[from:to])})
			}
			from = to
		}
		return out, nil
	}
}

// kernelGPU is the simulated GPU dressed as a recorded device: it
// describes itself as that device, writes kernels as that device's
// backend does, issues each class of instruction at the device's recorded
// solo rate, and keeps every module compiled through it, by the driver's
// JIT or, for CUDA, by ptxas (kernelAssembler and LoadCubin).
type kernelGPU struct {
	*sim.GPU
	dev record.Device
	cg  engine.Codegen

	mu      sync.Mutex
	modules []kernelModule
}

// kernelModule is a compiled module.
type kernelModule struct {
	name, source string
}

func newKernelGPU(f kernelFile) *kernelGPU {
	dev := f.Device
	fake := sim.New()
	fake.SMs, fake.MaxAlloc = dev.SMs, 0
	if v := dev.Attributes["MAX_SHARED_MEMORY_PER_MULTIPROCESSOR"]; v > 0 {
		fake.SharedPerSM = v
	}
	solo := map[string]float64{}
	for class, rate := range f.Solo {
		solo["mix_"+engine.KernelName("mix/"+class+":1")+"_w"] = rate
	}
	fake.PeakOf = func(kernel string) float64 {
		if i := strings.LastIndex(kernel, "_w"); i >= 0 {
			return solo[kernel[:i+2]]
		}
		return 0
	}
	g := &kernelGPU{GPU: fake, dev: dev, cg: fake.Wrap(cudagpu.PTX{Version: dev.PTXVersion, Target: dev.PTXTarget})}
	if dev.BackendOf() == backendVulkan {
		g.cg = fake.Wrap(vk.Codegen{Features: vulkanFeatures(dev)})
	}
	return g
}

// Device implements engine.GPU.
func (g *kernelGPU) Device() record.Device { return g.dev }

// Codegen implements engine.GPU.
func (g *kernelGPU) Codegen() engine.Codegen { return g.cg }

// Compile implements engine.GPU.
func (g *kernelGPU) Compile(ctx context.Context, name, source string) (engine.Program, error) {
	g.mu.Lock()
	g.modules = append(g.modules, kernelModule{name, source})
	g.mu.Unlock()
	return g.GPU.Compile(ctx, name, source)
}

// LoadCubin implements cudagpu.CubinLoader: the "cubin" is the PTX
// kernelAssembler was given.
func (g *kernelGPU) LoadCubin(ctx context.Context, name string, cubin []byte) (engine.Program, error) {
	return g.Compile(ctx, name, string(cubin))
}

func (g *kernelGPU) count() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.modules)
}

func (g *kernelGPU) compiled() []kernelModule {
	g.mu.Lock()
	defer g.mu.Unlock()
	return slices.Clone(g.modules)
}

// kernelAssembler stands in for ptxas, which a real run has for the
// modules compiled as one whole program: its "cubin" is the PTX.
type kernelAssembler struct{}

func (kernelAssembler) Assemble(_ context.Context, source, _ string) ([]byte, string, error) {
	return []byte(source), "", nil
}

// vulkanFeatures are the code generator's features as the Vulkan backend
// enables them on a recorded device (vk's GPU.describe, from what the
// record keeps: the features and extensions enabled, the subgroup
// operations, the cooperative-matrix forms listed, and the timing).
func vulkanFeatures(d record.Device) vk.Features {
	v := d.Vulkan
	has := func(name string) bool { return slices.Contains(v.Enabled, name) }
	f := vk.Features{
		SubgroupSize:          v.SubgroupSize,
		SMBuiltins:            has("VK_NV_shader_sm_builtins"),
		DeviceClock:           has("shaderDeviceClock"),
		Timestamps:            v.Timing == "timestamps",
		Float16:               has("shaderFloat16"),
		Float64:               has("shaderFloat64"),
		Int8:                  has("shaderInt8"),
		Int16:                 has("shaderInt16"),
		Int64:                 has("shaderInt64"),
		IntegerDotProduct:     has("shaderIntegerDotProduct"),
		SubgroupExtendedTypes: has("shaderSubgroupExtendedTypes"),
		VulkanMemoryModel:     has("vulkanMemoryModel") && has("vulkanMemoryModelDeviceScope"),
		SubgroupOps:           v.SubgroupOperations,
		BFloat16:              has("shaderBFloat16Type") && has("shaderBFloat16CooperativeMatrix"),
		Float8:                has("shaderFloat8") && has("shaderFloat8CooperativeMatrix"),
	}
	if has("cooperativeMatrix") {
		for _, m := range v.CooperativeMatrix {
			if m.Scope == "subgroup" {
				f.CooperativeMatrix = append(f.CooperativeMatrix, kernel.CoopMat{M: m.M, N: m.N, K: m.K, A: m.A, B: m.B, C: m.C, Result: m.Result, Saturating: m.Saturating})
			}
		}
	}
	return f
}

// kernelSection is a run's distinct modules in listing order.
type kernelSection struct {
	name    string
	modules []kernelModule
}

// distinct sorts modules by name, then source, and drops repeats (the
// warm-up and clock modules are compiled again by each worker). The
// runner compiles ahead on several goroutines, so compile order is not
// stable.
func distinct(mods []kernelModule) []kernelModule {
	slices.SortFunc(mods, func(a, b kernelModule) int {
		if c := strings.Compare(a.name, b.name); c != 0 {
			return c
		}
		return strings.Compare(a.source, b.source)
	})
	return slices.Compact(mods)
}

func sourceSum(src string) string {
	sum := sha256.Sum256([]byte(src))
	return hex.EncodeToString(sum[:])
}

// listing is a golden file's text.
func listing(f kernelFile, sections []kernelSection) string {
	var b strings.Builder
	timing := ""
	if v := f.Device.Vulkan; v != nil {
		timing = ", timed by " + v.Timing
	}
	fmt.Fprintf(&b, "# Every kernel module gpuarch compiles on a simulated %s through the %s backend%s\n", f.Device.Name, f.Device.BackendOf(), timing)
	fmt.Fprintf(&b, "# (device and solo pipe rates from %s).\n", f.From)
	b.WriteString("# One line per distinct module: run, module, SHA-256 of its source, bytes. Written by\n")
	b.WriteString("# go test ./cmd/gpuarch/internal/cli -run TestEveryGeneratedKernel -update\n")
	for _, s := range sections {
		for _, m := range s.modules {
			fmt.Fprintf(&b, "%s\t%s\t%s\t%d\n", s.name, m.name, sourceSum(m.source), len(m.source))
		}
	}
	return b.String()
}

// compareListing compares a listing with its golden file, or rewrites the
// file with -update. A difference is told module by module, and the new
// sources are kept in a folder the failure names.
func compareListing(t *testing.T, path, got, ext string, sections []kernelSection) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -run TestEveryGeneratedKernel -update writes it)", err)
	}
	if string(want) == got {
		return
	}
	key := func(l string) string { // run and module
		f := strings.Split(l, "\t")
		if len(f) < 2 {
			return l
		}
		return f[0] + "\t" + f[1]
	}
	lines := func(s string) []string {
		var out []string
		sc := bufio.NewScanner(strings.NewReader(s))
		for sc.Scan() {
			if l := sc.Text(); l != "" && !strings.HasPrefix(l, "#") {
				out = append(out, l)
			}
		}
		return out
	}
	old, now := map[string][]string{}, map[string][]string{}
	var keys []string
	for _, l := range lines(string(want)) {
		if _, ok := old[key(l)]; !ok {
			keys = append(keys, key(l))
		}
		old[key(l)] = append(old[key(l)], l)
	}
	for _, l := range lines(got) {
		if _, ok := old[key(l)]; !ok {
			if _, ok := now[key(l)]; !ok {
				keys = append(keys, key(l))
			}
		}
		now[key(l)] = append(now[key(l)], l)
	}
	var diff []string
	for _, k := range keys {
		if slices.Equal(old[k], now[k]) {
			continue
		}
		for _, l := range old[k] {
			if !slices.Contains(now[k], l) {
				diff = append(diff, "- "+l)
			}
		}
		for _, l := range now[k] {
			if !slices.Contains(old[k], l) {
				diff = append(diff, "+ "+l)
			}
		}
	}
	const most = 40
	n := len(diff)
	if n > most {
		diff = append(diff[:most], fmt.Sprintf("... and %d more", n-most))
	}
	kept := "the new sources could not be kept"
	if dir, err := os.MkdirTemp("", "gpuarch-kernels-"); err == nil {
		var changed []kernelSection
		for _, sec := range sections {
			c := kernelSection{name: sec.name}
			for _, m := range sec.modules {
				k := sec.name + "\t" + m.name
				if !slices.Contains(old[k], fmt.Sprintf("%s\t%s\t%d", k, sourceSum(m.source), len(m.source))) {
					c.modules = append(c.modules, m)
				}
			}
			if len(c.modules) > 0 {
				changed = append(changed, c)
			}
		}
		// Laid out as -dump-kernels lays them out.
		sub := filepath.Join(dir, strings.TrimSuffix(filepath.Base(path), ".txt"))
		if err := writeKernels(sub, ext, changed); err == nil {
			kept = "the sources of the new and changed modules are in " + sub
		}
	}
	if len(diff) == 0 {
		diff = []string{"(only the header differs)"}
	}
	t.Errorf("generated kernels differ from %s (%d lines; - golden, + now):\n%s\n\n%s; to compare with the golden version's sources, run\n"+
		"  go test ./cmd/gpuarch/internal/cli -run TestEveryGeneratedKernel -dump-kernels DIR\n"+
		"in a checkout of the commit that wrote the golden file (git worktree add), then diff -r the two folders;\n"+
		"if the change is meant, go test ./cmd/gpuarch/internal/cli -run TestEveryGeneratedKernel -update rewrites the file",
		path, n, strings.Join(diff, "\n"), kept)
}

// writeKernels writes every module's source under dir, one folder per
// run: RUN/MODULE.ptx or .spvasm (ext; MODULE-SHA.ptx where a run
// compiles two modules of one name).
func writeKernels(dir, ext string, sections []kernelSection) error {
	for _, s := range sections {
		sub := filepath.Join(dir, strings.ReplaceAll(s.name, " ", "_"))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			return err
		}
		for i, m := range s.modules {
			name := m.name
			if (i > 0 && s.modules[i-1].name == m.name) || (i+1 < len(s.modules) && s.modules[i+1].name == m.name) {
				name += "-" + sourceSum(m.source)[:12]
			}
			if err := os.WriteFile(filepath.Join(sub, name+ext), []byte(m.source), 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// invalidSPIRV are the modules (listing/section/module) that spirv-val is
// known to reject, and why they are let be.
var invalidSPIRV = map[string]string{}

// validateSPIRV assembles every SPIR-V module and has spirv-val check it
// against Vulkan 1.2's rules (1.3's for the cooperative-matrix modules),
// where spirv-val is installed and, for the cooperative-matrix modules,
// knows SPV_KHR_cooperative_matrix.
func validateSPIRV(t *testing.T, file string, sections []kernelSection) {
	t.Helper()
	type module struct{ key, source string }
	seen := map[string]bool{}
	var mods []module
	for _, s := range sections {
		for _, m := range s.modules {
			if sum := sourceSum(m.source); !seen[sum] {
				seen[sum] = true
				mods = append(mods, module{file + "/" + s.name + "/" + m.name, m.source})
			}
		}
	}
	coopMat := vktest.KnowsCoopMat()
	var (
		mu                  sync.Mutex
		noValidator         error
		checked, notChecked int
		next                = make(chan module)
		wg                  sync.WaitGroup
	)
	for range max(1, runtime.NumCPU()) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for m := range next {
				words, err := spirv.Assemble(m.source, spirv.V1_5)
				if err != nil {
					t.Errorf("%s: %v", m.key, err)
					continue
				}
				env := "vulkan1.2"
				if strings.Contains(m.source, "CooperativeMatrixKHR") {
					if coopMat != nil {
						mu.Lock()
						notChecked++
						mu.Unlock()
						continue
					}
					env = "vulkan1.3" // as backend/vk's TestCoopMatValidates checks them
				}
				err = spirv.Validate(context.Background(), words, env)
				mu.Lock()
				why, known := invalidSPIRV[m.key]
				switch {
				case errors.Is(err, spirv.ErrNoValidator):
					noValidator = err
					notChecked++
				case err != nil && known:
					t.Logf("%s: invalid, as known (%s): %v", m.key, why, err)
				case err != nil:
					t.Errorf("%s: %v", m.key, err)
				case known:
					t.Errorf("%s is valid now: take it out of invalidSPIRV", m.key)
				default:
					checked++
				}
				mu.Unlock()
			}
		}()
	}
	for _, m := range mods {
		next <- m
	}
	close(next)
	wg.Wait()
	switch {
	case noValidator != nil:
		t.Logf("%d SPIR-V modules assembled, none validated: %v", len(mods), noValidator)
	case notChecked > 0:
		t.Logf("%d SPIR-V modules validated; %d cooperative-matrix modules assembled but not validated: %v", checked, notChecked, coopMat)
	default:
		t.Logf("%d SPIR-V modules validated", checked)
	}
}
