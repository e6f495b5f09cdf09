package vk

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gpuarch/gpuarch/backend/drivercode"
	"github.com/gpuarch/gpuarch/backend/nvsensors"
	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/nvml"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/spirv"
	"github.com/gpuarch/gpuarch/stats"
	"github.com/gpuarch/gpuarch/vulkan"
)

// pushBytes is the push-constant range every pipeline declares: the
// minimum maxPushConstantsSize Vulkan guarantees, enough for every probe's
// arguments.
const pushBytes = 128

// GPU is a Vulkan device as the runner's engine.GPU.
type GPU struct {
	inst  *vulkan.Instance
	dev   *vulkan.Device
	info  record.Device
	cg    Codegen
	nv    *nvml.Lib    // NVIDIA devices: sensors through NVML; nil otherwise
	nvdev *nvml.Device // likewise

	launched atomic.Int64 // ns in launches and their waits (Busy)
	// fullSubgroups and requireSize say which subgroup controls
	// pipelines use.
	fullSubgroups, requireSize bool
	// timestamps: kernels read no clock and dispatches are timed by GPU
	// timestamps (see timestamps.go).
	timestamps bool
	mu         sync.Mutex
	buffers    map[engine.Ptr]*vulkan.Buffer // by address, for fillTimes
	// busy keeps the GPU loaded while the probes leave it idle (see
	// keeper); nil where it does not run.
	busy *keeper
}

// Options are choices made when opening a device.
type Options struct {
	// Timing is TimingAuto, TimingClock or TimingTimestamps.
	Timing string
}

// Devices lists the Vulkan devices the loader sees, for `gpuarch info`.
func Devices() (loader string, devs []vulkan.PhysicalDevice, err error) {
	inst, err := vulkan.Open()
	if err != nil {
		return "", nil, err
	}
	defer inst.Close()
	return inst.LoaderVersion(), inst.Devices(), nil
}

// Open opens Vulkan device number index with the default options.
func Open(ctx context.Context, index int) (*GPU, error) {
	return OpenWith(ctx, index, Options{})
}

// OpenWith opens Vulkan device number index, measures its device clock's
// rate against the GPU's timestamps, and describes it. Its errors say
// what is missing: the loader, a device, or a feature gpuarch's kernels
// need.
func OpenWith(ctx context.Context, index int, opt Options) (*GPU, error) {
	switch opt.Timing {
	case TimingAuto, TimingClock, TimingTimestamps:
	default:
		return nil, fmt.Errorf("unknown timing %q (auto, clock or timestamps)", opt.Timing)
	}
	inst, err := vulkan.Open()
	if err != nil {
		return nil, err
	}
	devs := inst.Devices()
	if index < 0 || index >= len(devs) {
		inst.Close()
		return nil, fmt.Errorf("Vulkan device %d does not exist: the loader reports %d device(s), numbered from 0 (gpuarch info --backend vulkan lists them)", index, len(devs))
	}
	pd := devs[index]
	clock := pd.Features.ShaderSubgroupClock && pd.Features.ShaderDeviceClock
	if opt.Timing == TimingClock && !clock {
		inst.Close()
		return nil, fmt.Errorf("%s: %w: timing by the shader clock was asked for, but the device lacks VK_KHR_shader_clock's subgroup and device clocks (subgroup %v, device %v)",
			pd.Name, vulkan.ErrUnsupported, pd.Features.ShaderSubgroupClock, pd.Features.ShaderDeviceClock)
	}
	if err := usable(pd); err != nil {
		inst.Close()
		return nil, fmt.Errorf("%s: %w", pd.Name, err)
	}
	dev, err := inst.OpenDevice(index)
	if err != nil {
		inst.Close()
		return nil, fmt.Errorf("%s: %w", pd.Name, err)
	}
	g := &GPU{inst: inst, dev: dev, timestamps: !clock || opt.Timing == TimingTimestamps, buffers: map[engine.Ptr]*vulkan.Buffer{}}
	g.describe(inst, dev)
	if err := g.calibrate(ctx); err != nil {
		g.Close()
		return nil, fmt.Errorf("%s: measure the device clock: %w", pd.Name, err)
	}
	if keepBusy(pd) {
		k, err := g.startKeeper(ctx)
		if err != nil {
			g.Close()
			return nil, fmt.Errorf("%s: the load that keeps the clock up between dispatches: %w", pd.Name, err)
		}
		g.busy = k
	}
	return g, nil
}

// usable checks what gpuarch's kernels cannot do without.
func usable(pd vulkan.PhysicalDevice) error {
	switch {
	case !pd.Features.BufferDeviceAddress:
		return fmt.Errorf("%w: the device lacks buffer device addresses (bufferDeviceAddress), which gpuarch's kernels use to reach memory", vulkan.ErrUnsupported)
	case !pd.Features.ShaderInt64:
		return fmt.Errorf("%w: the device lacks 64-bit integers in shaders (shaderInt64)", vulkan.ErrUnsupported)
	}
	return nil
}

// unitsOf names a vendor's parts in its own words.
func unitsOf(vendor string) *record.Units {
	switch vendor {
	case "NVIDIA":
		return &record.Units{Core: "SM", Cores: "SMs", Subgroup: "warp", Subgroups: "warps"}
	case "AMD":
		return &record.Units{Core: "CU", Cores: "CUs", Subgroup: "wavefront", Subgroups: "wavefronts"}
	case "Intel":
		return &record.Units{Core: "Xe core", Cores: "Xe cores", Subgroup: "subgroup", Subgroups: "subgroups"}
	case "Apple":
		return &record.Units{Core: "core", Cores: "cores", Subgroup: "SIMD-group", Subgroups: "SIMD-groups"}
	case "Mesa":
		return &record.Units{Core: "CPU thread", Cores: "CPU threads", Subgroup: "subgroup", Subgroups: "subgroups"}
	}
	return &record.Units{Core: "core", Cores: "cores", Subgroup: "subgroup", Subgroups: "subgroups"}
}

// interesting are the device extensions gpuarch's records keep.
var interesting = []string{
	"VK_KHR_shader_clock", "VK_KHR_pipeline_executable_properties", "VK_NV_shader_sm_builtins",
	"VK_AMD_shader_core_properties", "VK_AMD_shader_core_properties2", "VK_ARM_shader_core_builtins",
	"VK_KHR_cooperative_matrix", "VK_NV_cooperative_matrix2", "VK_KHR_shader_bfloat16", "VK_EXT_shader_float8", "VK_KHR_shader_integer_dot_product",
	"VK_EXT_subgroup_size_control", "VK_KHR_shader_subgroup_extended_types", "VK_EXT_calibrated_timestamps",
	"VK_KHR_buffer_device_address", "VK_EXT_pci_bus_info",
}

// describe fills the device record and the code generator's features.
func (g *GPU) describe(inst *vulkan.Instance, dev *vulkan.Device) {
	pd := dev.Info()
	enabled := dev.Enabled()
	has := func(name string) bool { return slices.Contains(enabled, name) }
	sg := int(pd.Subgroup.Size)
	g.requireSize = pd.Features.SubgroupSizeControl && slices.Contains(pd.Subgroup.RequiredSizeStages, "compute") && has("subgroupSizeControl")
	g.fullSubgroups = pd.Features.ComputeFullSubgroups && has("computeFullSubgroups")
	g.cg = Codegen{Features: Features{
		SubgroupSize:          sg,
		SMBuiltins:            pd.SMBuiltins != nil && has("VK_NV_shader_sm_builtins"),
		DeviceClock:           pd.Features.ShaderDeviceClock,
		Timestamps:            g.timestamps,
		Float16:               pd.Features.ShaderFloat16 && has("shaderFloat16"),
		Float64:               pd.Features.ShaderFloat64 && has("shaderFloat64"),
		Int8:                  pd.Features.ShaderInt8 && has("shaderInt8"),
		Int16:                 pd.Features.ShaderInt16 && has("shaderInt16"),
		Int64:                 pd.Features.ShaderInt64,
		IntegerDotProduct:     pd.Features.ShaderIntegerDotProduct && has("shaderIntegerDotProduct"),
		SubgroupExtendedTypes: pd.Features.ShaderSubgroupExtendedTypes && has("shaderSubgroupExtendedTypes"),
		VulkanMemoryModel:     has("vulkanMemoryModel") && has("vulkanMemoryModelDeviceScope"),
		SubgroupOps:           pd.Subgroup.SupportedOperations,
		CooperativeMatrix:     subgroupMatrices(pd, has("cooperativeMatrix")),
		BFloat16:              pd.Features.BFloat16CooperativeMatrix && has("shaderBFloat16Type") && has("shaderBFloat16CooperativeMatrix"),
		Float8:                pd.Features.Float8CooperativeMatrix && has("shaderFloat8") && has("shaderFloat8CooperativeMatrix"),
	}}
	d := &g.info
	d.Backend, d.Vendor, d.Units = "vulkan", pd.Vendor, unitsOf(pd.Vendor)
	d.Name, d.Ordinal, d.PCIBusID = pd.Name, pd.Index, pd.PCIBus
	d.UUID = uuidString(pd.DeviceUUID, pd.Vendor)
	d.WarpSize = sg
	d.DriverVersion = pd.DriverVersion
	for _, h := range pd.MemoryHeaps {
		if h.DeviceLocal {
			d.MemoryBytes += int64(h.Size)
		}
	}
	switch {
	case pd.SMBuiltins != nil:
		d.SMs, d.MaxWarpsPerSM = int(pd.SMBuiltins.SMCount), int(pd.SMBuiltins.WarpsPerSM)
		d.CoresSource = "VK_NV_shader_sm_builtins (shaderSMCount, shaderWarpsPerSM)"
	case pd.AMDCore != nil:
		a := pd.AMDCore
		d.SMs = int(a.ShaderEngineCount * a.ShaderArraysPerEngineCount * a.ComputeUnitsPerShaderArray)
		d.MaxWarpsPerSM = int(a.WavefrontsPerSimd * a.SimdPerComputeUnit)
		d.SubPartitions = int(a.SimdPerComputeUnit)
		d.CoresSource = "VK_AMD_shader_core_properties (engines × arrays × CUs per array)"
	case pd.DriverName == "llvmpipe":
		// lavapipe runs each workgroup on one thread of a pool of one
		// thread per host CPU, or LP_NUM_THREADS (Mesa's llvmpipe
		// documentation).
		d.SMs = runtime.NumCPU()
		d.CoresSource = "lavapipe: one thread per host CPU (Mesa's default)"
		if n, err := strconv.Atoi(os.Getenv("LP_NUM_THREADS")); err == nil && n > 0 {
			d.SMs = n
			d.CoresSource = "lavapipe: LP_NUM_THREADS"
		}
		d.SubPartitions = 1
		// llvmpipe ends every shader loop after 65535 iterations
		// (LP_MAX_TGSI_LOOP_ITERATIONS; seen here: a loop of 130000
		// iterations took as long as one of 65535).
		d.MaxLoopIterations = 65535
	default:
		d.CoresSource = "unknown: the driver does not say how many cores the device has"
	}
	if pd.Vendor == "NVIDIA" {
		// Four warp schedulers per SM on every NVIDIA GPU since Maxwell
		// (NVIDIA's architecture whitepapers), as the CUDA backend says.
		d.SubPartitions = 4
		g.attachNVML()
	}
	var exts []string
	for _, e := range interesting {
		if pd.HasExtension(e) {
			exts = append(exts, e)
		}
	}
	l := pd.Limits
	d.Vulkan = &record.VulkanDevice{
		APIVersion: pd.APIVersion, LoaderVersion: inst.LoaderVersion(), DriverName: pd.DriverName, DriverInfo: pd.DriverInfo,
		DriverID: pd.DriverID, VendorID: pd.VendorID, DeviceID: pd.DeviceID, Type: pd.Type,
		SubgroupSize: sg, SubgroupMin: int(pd.Subgroup.MinSize), SubgroupMax: int(pd.Subgroup.MaxSize),
		SubgroupOperations: pd.Subgroup.SupportedOperations, Enabled: enabled, Extensions: exts,
		Limits: map[string]float64{
			"maxComputeSharedMemorySize":     float64(l.MaxComputeSharedMemorySize),
			"maxComputeWorkGroupInvocations": float64(l.MaxComputeWorkGroupInvocations),
			"maxPushConstantsSize":           float64(l.MaxPushConstantsSize),
			"maxStorageBufferRange":          float64(l.MaxStorageBufferRange),
			"timestampPeriod":                float64(l.TimestampPeriod),
		},
		Timing: "shader clock",
	}
	if g.timestamps {
		d.Vulkan.Timing = "timestamps"
	}
	if cm := pd.CooperativeMatrix; cm != nil {
		for _, p := range cm.Properties {
			d.Vulkan.CooperativeMatrix = append(d.Vulkan.CooperativeMatrix, record.CooperativeMatrix{M: p.M, N: p.N, K: p.K,
				A: p.A, B: p.B, C: p.C, Result: p.Result, Saturating: p.SaturatingAccumulation, Scope: p.Scope})
		}
		if nv := cm.NV2; nv != nil {
			var flex []string
			for _, f := range nv.FlexibleDimensions {
				flex = append(flex, f.String())
			}
			d.Vulkan.CooperativeMatrix2 = fmt.Sprintf("VK_NV_cooperative_matrix2: workgroup scope up to %d invocations (%d bytes of shared memory reserved), flexible dimensions up to %d in %d combinations (%s)",
				nv.WorkgroupScopeMaxWorkgroupSize, nv.WorkgroupScopeReservedSharedMemory, nv.FlexibleDimensionsMaxDimension, len(flex), strings.Join(flex, "; "))
		}
	}
}

// subgroupMatrices are the cooperative-matrix forms kernels may use: the
// subgroup-scope combinations the driver lists for compute shaders, when
// the cooperativeMatrix feature was enabled (enabled); none otherwise.
func subgroupMatrices(pd vulkan.PhysicalDevice, enabled bool) []kernel.CoopMat {
	cm := pd.CooperativeMatrix
	if !enabled || cm == nil || !slices.Contains(cm.SupportedStages, "compute") {
		return nil
	}
	var out []kernel.CoopMat
	for _, p := range cm.Properties {
		if p.Scope != "subgroup" {
			continue
		}
		out = append(out, kernel.CoopMat{M: p.M, N: p.N, K: p.K, A: p.A, B: p.B, C: p.C, Result: p.Result, Saturating: p.SaturatingAccumulation})
	}
	return out
}

// attachNVML finds the NVIDIA device in NVML by UUID, for sensors, the
// driver version and the compute capability; without NVML there are no
// sensor readings.
func (g *GPU) attachNVML() {
	lib, err := nvml.Open()
	if err != nil {
		return
	}
	nd, err := lib.DeviceByUUID(g.info.UUID)
	if err != nil {
		lib.Close()
		return
	}
	g.nv, g.nvdev = lib, nd
	d := &g.info
	if v, err := lib.DriverVersion(); err == nil {
		d.DriverVersion = v
	}
	if major, minor, err := nd.ComputeCapability(); err == nil {
		d.ComputeCapability = fmt.Sprintf("%d.%d", major, minor)
	}
	if mhz, err := nd.MaxClock(nvml.ClockSM); err == nil {
		d.MaxSMClockHz = float64(mhz) * 1e6
	}
	if mhz, err := nd.MaxClock(nvml.ClockMem); err == nil {
		d.MaxMemClockHz = float64(mhz) * 1e6
	}
	if mw, err := nd.PowerLimit(); err == nil {
		d.PowerLimitW = float64(mw) / 1e3
	}
}

// uuidString formats a device UUID as 8-4-4-4-12 hex digits, with
// NVIDIA's "GPU-" prefix for NVIDIA devices so that it matches the CUDA
// backend's and NVML's.
func uuidString(u [16]byte, vendor string) string {
	h := fmt.Sprintf("%x", u[:])
	s := h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
	if vendor == "NVIDIA" {
		return "GPU-" + s
	}
	return s
}

// calibrate measures the device clock's ticks per nanosecond: one
// subgroup runs an FMA loop of two lengths between the GPU's timestamps;
// the difference of the device-clock spans over the difference of the
// times, median of three, cancels the dispatch's own cost. (A loop of
// work, not a spin on the clock: lavapipe moves clock reads out of loops,
// so a spin there ends at once.) It also says what the subgroup clock
// counts.
func (g *GPU) calibrate(ctx context.Context) error {
	if g.timestamps {
		d := &g.info
		d.TimerTicksPerNs = 1
		why := "the device has no VK_KHR_shader_clock"
		if g.dev.Info().Features.ShaderSubgroupClock && g.dev.Info().Features.ShaderDeviceClock {
			why = "timing by timestamps was asked for"
		}
		rate := "no clock rate is known, so cycles are nanoseconds (1 GHz)"
		if g.nvdev != nil {
			rate = "cycles are nanoseconds times the SM clock NVML reports at each dispatch"
		}
		d.Vulkan.SubgroupClock = fmt.Sprintf("not read: %s; every dispatch is timed whole by GPU timestamps (timestampPeriod %.4g ns), and %s",
			why, g.dev.Info().Limits.TimestampPeriod, rate)
		return nil
	}
	step := g.cg.FMAStep()
	src, err := g.cg.Module([]kernel.Spec{kernel.ThroughputChainSpec{Name: "calibrate", Step: step, ILP: 1, Unroll: calibrationUnroll}})
	if err != nil {
		return err
	}
	prog, err := g.compile(src)
	if err != nil {
		return err
	}
	defer prog.Close()
	p, err := prog.pipeline("calibrate", g.info.WarpSize, 0)
	if err != nil {
		return err
	}
	out, err := g.dev.Alloc(engine.WarpRecordBytes)
	if err != nil {
		return err
	}
	defer out.Free()
	sink, err := g.dev.Alloc(256)
	if err != nil {
		return err
	}
	defer sink.Free()
	// run times n iterations: GPU nanoseconds, device-clock ticks and
	// subgroup-clock cycles of the loop.
	run := func(n int) (ns, ticks, cycles float64, err error) {
		push, err := pack([]any{out.Address(), sink.Address(), uint32(n), uint32(step.X0),
			uint32(step.A[0]), uint32(step.A[1]), uint32(step.A[2]), uint32(step.A[3]), uint32(0x7fc00bad)})
		if err != nil {
			return 0, 0, 0, err
		}
		ns, ok, err := g.dev.Dispatch(ctx, p, 1, push, 60*time.Second)
		if err != nil {
			return 0, 0, 0, err
		}
		if !ok {
			return 0, 0, 0, errors.New("the queue has no timestamps")
		}
		b, err := out.Read()
		if err != nil {
			return 0, 0, 0, err
		}
		ws, err := engine.DecodeWarps(b, 1)
		if err != nil {
			return 0, 0, 0, err
		}
		w := ws[0]
		return ns, float64(w.EndNs - w.StartNs), float64(w.EndCycle - w.StartCycle), nil
	}
	limit := g.info.MaxLoopIterations
	if limit <= 0 {
		limit = 1 << 24
	}
	// A pilot, run twice so that a driver compiling at first use (lavapipe)
	// is not timed, sizes the loops to last about 5 and 20 ms.
	const pilot = 256
	var t float64
	for range 2 {
		if t, _, _, err = run(pilot); err != nil {
			return err
		}
	}
	long := int(math.Min(float64(limit), math.Max(4*pilot, pilot*20e6/math.Max(t, 1))))
	short := long / 4
	var rates, cpt []float64
	var last string
	for range 5 {
		t1, g1, _, err := run(short)
		if err != nil {
			return err
		}
		t2, g2, c2, err := run(long)
		if err != nil {
			return err
		}
		if t2 <= t1 || g2 <= g1 {
			last = fmt.Sprintf("%.0f then %.0f ns, %.0f then %.0f device-clock ticks", t1, t2, g1, g2)
			continue
		}
		rates, cpt = append(rates, (g2-g1)/(t2-t1)), append(cpt, c2/g2)
	}
	if len(rates) < 3 {
		return fmt.Errorf("loops four times longer took no longer in %d of 5 tries (last: %s)", 5-len(rates), last)
	}
	d := &g.info
	d.TimerTicksPerNs = stats.Median(rates)
	hz := stats.Median(cpt) * d.TimerTicksPerNs * 1e9
	d.Vulkan.SubgroupClock = fmt.Sprintf("while one %s ran loops of %d and %d FMA steps, the subgroup clock counted %.0f MHz and the device clock %.4g ticks per ns of the GPU's timestamps (timestampPeriod %.4g ns)",
		d.UnitsOf().Subgroup, calibrationUnroll*short, calibrationUnroll*long, hz/1e6, d.TimerTicksPerNs, g.dev.Info().Limits.TimestampPeriod)
	return nil
}

// calibrationUnroll is how many FMA steps each iteration of the
// calibration loop holds: enough that a loop lavapipe lets run (65535
// iterations) lasts milliseconds.
const calibrationUnroll = 256

// Device implements engine.GPU.
func (g *GPU) Device() record.Device { return g.info }

// Codegen implements engine.GPU.
func (g *GPU) Codegen() engine.Codegen { return g.cg }

// Sensors implements engine.GPU: NVML's readings on NVIDIA devices, none
// elsewhere (Vulkan has no sensor API).
func (g *GPU) Sensors() *record.Sensors {
	if g.nvdev == nil {
		return nil
	}
	return nvsensors.Read(g.nvdev)
}

// Close releases the device, the instance and NVML.
func (g *GPU) Close() error {
	var errs []error
	if g.busy != nil {
		errs = append(errs, g.busy.close())
		g.busy = nil
	}
	if g.dev != nil {
		errs = append(errs, g.dev.Close())
	}
	if g.inst != nil {
		errs = append(errs, g.inst.Close())
	}
	if g.nv != nil {
		errs = append(errs, g.nv.Close())
	}
	return errors.Join(errs...)
}

// wrap maps Vulkan errors to the runner's sentinels.
func wrap(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, vulkan.ErrTimeout):
		return fmt.Errorf("%w: %w", engine.ErrHung, err)
	case errors.Is(err, vulkan.ErrDeviceLost):
		return fmt.Errorf("%w: %w", engine.ErrPoisoned, err)
	}
	return err
}

// Compile implements engine.GPU: the SPIR-V assembly is assembled and made
// a shader module; pipelines are built per kernel and width (Prepare, or
// on first launch).
func (g *GPU) Compile(ctx context.Context, name, source string) (engine.Program, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	p, err := g.compile(source)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return p, nil
}

func (g *GPU) compile(source string) (*program, error) {
	t0 := time.Now()
	words, err := spirv.Assemble(source, spirv.V1_5)
	if err != nil {
		return nil, fmt.Errorf("assemble SPIR-V: %w", err)
	}
	sh, err := g.dev.CreateShader(words)
	if err != nil {
		return nil, wrap(err)
	}
	p := &program{g: g, shader: sh, words: words, source: source, compile: time.Since(t0), pipes: map[pipeKey]*vulkan.Pipeline{}}
	if g.timestamps {
		p.timed = timingNotes(source)
	}
	return p, nil
}

// Alloc implements engine.GPU.
func (g *GPU) Alloc(bytes int) (engine.Buffer, error) {
	b, err := g.dev.Alloc(bytes)
	if err != nil {
		return nil, wrap(err)
	}
	g.mu.Lock()
	g.buffers[engine.Ptr(b.Address())] = b
	g.mu.Unlock()
	return buffer{b, g}, nil
}

// buffer returns the buffer at an address.
func (g *GPU) buffer(p engine.Ptr) *vulkan.Buffer {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.buffers[p]
}

type buffer struct {
	b *vulkan.Buffer
	g *GPU
}

func (b buffer) Ptr() engine.Ptr       { return engine.Ptr(b.b.Address()) }
func (b buffer) Read() ([]byte, error) { d, err := b.b.Read(); return d, wrap(err) }
func (b buffer) Clear() error          { return wrap(b.b.Zero()) }

func (b buffer) Free() error {
	b.g.mu.Lock()
	delete(b.g.buffers, b.Ptr())
	b.g.mu.Unlock()
	return wrap(b.b.Free())
}

// pipeKey names a pipeline: a kernel at a workgroup width, with a
// workgroup array of sharedWords (specialization constant 1; kernels
// without the array ignore it).
type pipeKey struct {
	kernel      string
	threads     int
	sharedWords int
}

// program is a compiled module: its shader and the pipelines built from
// it so far.
type program struct {
	g       *GPU
	shader  *vulkan.Shader
	words   []uint32
	mu      sync.Mutex
	compile time.Duration
	pipes   map[pipeKey]*vulkan.Pipeline
	timed   map[string]timedKernel // timestamp mode: kernels whose times the backend fills in
	source  string                 // the SPIR-V assembly it was assembled from
}

func (p *program) Binary() []byte { return spirv.Bytes(p.words) }

func (p *program) CompileTime() time.Duration {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.compile
}

// pipeline returns the kernel's pipeline for a width and workgroup array,
// building it once.
func (p *program) pipeline(kernel string, threads, sharedWords int) (*vulkan.Pipeline, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	k := pipeKey{kernel, threads, sharedWords}
	if pl, ok := p.pipes[k]; ok {
		return pl, nil
	}
	spec := vulkan.PipelineSpec{Shader: p.shader, Entry: kernel, PushConstantBytes: pushBytes,
		Specialization: []uint32{uint32(threads), uint32(max(1, sharedWords))}, Capture: true}
	if sg := p.g.info.WarpSize; threads%sg == 0 {
		if p.g.requireSize {
			spec.RequiredSubgroupSize = uint32(sg)
		}
		spec.FullSubgroups = p.g.fullSubgroups
	}
	pl, err := p.g.dev.CreatePipeline(spec)
	if err != nil {
		return nil, fmt.Errorf("build the pipeline of %s at %d invocations: %w", kernel, threads, wrap(err))
	}
	p.compile += pl.CompileTime()
	p.pipes[k] = pl
	return pl, nil
}

// Prepare implements engine.Preparer.
func (p *program) Prepare(kernel string, threads, sharedBytes int) error {
	_, err := p.pipeline(kernel, threads, (sharedBytes+3)/4)
	return err
}

// Launch implements engine.Program.
func (p *program) Launch(ctx context.Context, kernel string, g engine.Grid, timeout time.Duration, args ...any) error {
	if g.Carveout.Set {
		return fmt.Errorf("launch %s: the L1/shared carve-out cannot be set through Vulkan", kernel)
	}
	if most := p.g.info.Vulkan.Limits["maxComputeSharedMemorySize"]; float64(g.SharedBytes) > most {
		return fmt.Errorf("launch %s: %d bytes of workgroup memory, the device allows %.0f", kernel, g.SharedBytes, most)
	}
	pl, err := p.pipeline(kernel, g.Threads, (g.SharedBytes+3)/4)
	if err != nil {
		return err
	}
	defer p.g.account(time.Now())
	push, err := pack(args)
	if err != nil {
		return fmt.Errorf("launch %s: %w", kernel, err)
	}
	defer p.g.busy.dispatching()()
	ns, ok, err := p.g.dev.Dispatch(ctx, pl, uint32(g.Blocks), push, timeout)
	if err != nil {
		return fmt.Errorf("launch %s: %w", kernel, wrap(err))
	}
	if !p.g.timestamps {
		return nil
	}
	if !ok {
		return fmt.Errorf("launch %s: %w: the device has no VK_KHR_shader_clock and its compute queue writes no timestamps: gpuarch has no way to time kernels on it", kernel, vulkan.ErrUnsupported)
	}
	if err := p.fillTimes(kernel, g, ns, p.g.cyclesPerNs(), args); err != nil {
		return fmt.Errorf("launch %s: timing by timestamps: %w", kernel, err)
	}
	return nil
}

// cyclesPerNs is the SM clock NVML reports now, in cycles per ns, where
// NVML is attached, and 1 elsewhere (timestamp mode: see calibrate).
func (g *GPU) cyclesPerNs() float64 {
	if g.nvdev != nil {
		if mhz, err := g.nvdev.Clock(nvml.ClockSM); err == nil && mhz > 0 {
			return float64(mhz) / 1e3
		}
	}
	return 1
}

// pack lays launch arguments out as the kernels' push constants: in
// order, u32 at 4-byte and u64 at 8-byte alignment.
func pack(args []any) ([]byte, error) {
	b := make([]byte, 0, pushBytes)
	put := func(size int, v uint64) {
		for len(b)%size != 0 {
			b = append(b, 0)
		}
		if size == 4 {
			b = binary.LittleEndian.AppendUint32(b, uint32(v))
		} else {
			b = binary.LittleEndian.AppendUint64(b, v)
		}
	}
	for i, a := range args {
		switch v := a.(type) {
		case uint32:
			put(4, uint64(v))
		case uint64:
			put(8, v)
		case engine.Ptr:
			put(8, uint64(v))
		default:
			return nil, fmt.Errorf("argument %d: %T is not a u32, u64 or device address", i, a)
		}
	}
	if len(b) > pushBytes {
		return nil, fmt.Errorf("%d bytes of arguments exceed the %d-byte push-constant range", len(b), pushBytes)
	}
	return b, nil
}

// MaxBlocksPerSM implements engine.Program: Vulkan has no occupancy
// calculation.
func (p *program) MaxBlocksPerSM(string, int, int) (int, error) {
	return 0, fmt.Errorf("vulkan: %w", engine.ErrNoOccupancy)
}

// FillSymbol implements engine.Program: SPIR-V modules have no device
// globals to fill.
func (p *program) FillSymbol(symbol string, _ engine.Ptr, _ int) error {
	return fmt.Errorf("fill %s: module globals are not available on the Vulkan backend", symbol)
}

// LaunchBatch implements engine.Program: a batch on one stream is one
// submit per dispatch; a graph, the dispatches recorded into one command
// buffer; several streams (several queues) are not written yet.
func (p *program) LaunchBatch(ctx context.Context, name string, g engine.Grid, b engine.Batch, timeout time.Duration, args func(int) []any) (time.Duration, time.Duration, error) {
	if b.Streams > 1 {
		return 0, 0, fmt.Errorf("launch %s on %d streams: %w: gpuarch submits to one queue", name, b.Streams, kernel.ErrUnsupported)
	}
	pl, err := p.pipeline(name, g.Threads, (g.SharedBytes+3)/4)
	if err != nil {
		return 0, 0, err
	}
	defer p.g.account(time.Now())
	pushes := make([][]byte, max(1, b.Launches))
	for i := range pushes {
		if pushes[i], err = pack(args(i)); err != nil {
			return 0, 0, fmt.Errorf("launch %s: %w", name, err)
		}
	}
	mode := vulkan.SubmitEach
	if b.Graph {
		mode = vulkan.OneCommandBuffer
	}
	defer p.g.busy.dispatching()()
	q, t, err := p.g.dev.DispatchBatch(ctx, pl, uint32(g.Blocks), pushes, mode, timeout)
	if err != nil {
		return q, t, fmt.Errorf("launch %s (%s): %w", name, mode, wrap(err))
	}
	return q, t, nil
}

// MachineCode implements engine.CodeReporter: the program's machine code
// is what the driver reports of it (Inspect).
func (p *program) MachineCode() engine.Verifier { return drivercode.Reported(p) }

// KernelSize implements engine.KernelSizer: the size the driver reports of
// the kernel, else its SPIR-V instruction count.
func (p *program) KernelSize(kernel string, threads int, spec engine.ChainSpec, needed int) (int64, string, *record.CodeCheck) {
	return drivercode.ReportedSize(p, p.source, kernel, threads, spec, needed)
}

// Inspect implements drivercode.Inspector: the driver's report of the
// kernel's pipeline at a width.
func (p *program) Inspect(kernel string, threads int) (*drivercode.MachineCode, error) {
	pl, err := p.pipeline(kernel, threads, 0)
	if err != nil {
		return nil, err
	}
	exes, err := pl.Executables()
	if err != nil {
		return nil, err
	}
	mc := &drivercode.MachineCode{Source: "VK_KHR_pipeline_executable_properties", Statistics: map[string]float64{}}
	for _, e := range exes {
		for _, s := range e.Statistics {
			mc.Statistics[s.Name] = s.Value
		}
		for _, r := range e.Representations {
			mc.Representations = append(mc.Representations, r.Name)
			if r.IsText && isMachineCode(r.Name) && mc.Listing == "" {
				mc.Listing = string(r.Data)
				mc.ISA = isaFamily(p.g.info.Vendor)
			}
		}
	}
	sort.Strings(mc.Representations)
	return mc, nil
}

// isMachineCode tells a representation holding machine code (RADV's
// "Assembly", ANV's "... assembly") from the compiler's IRs.
func isMachineCode(name string) bool {
	n := strings.ToLower(name)
	return strings.Contains(n, "assembly") || strings.Contains(n, "disassembly") || strings.Contains(n, "isa")
}

// isaFamily names a vendor's machine-code family for catalog
// expectations.
func isaFamily(vendor string) string {
	switch vendor {
	case "AMD":
		return "amdgcn"
	case "Intel":
		return "intel"
	}
	return strings.ToLower(vendor)
}

// Close implements engine.Program.
func (p *program) Close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, pl := range p.pipes {
		pl.Destroy()
	}
	p.pipes = nil
	if p.shader != nil {
		p.shader.Destroy()
		p.shader = nil
	}
	return nil
}

// keeper keeps the GPU loaded whenever the probes leave it idle: NVIDIA's
// Vulkan driver lowers the SM clock within a second of light use (the
// recorded H200 run: its warm-up reached 1980 MHz, and the occupancy
// sweeps that followed, whose pipelines the driver builds between
// dispatches, ran at 405-930 MHz; 272 of its 489 clocked records ran more
// than 10% off the warm-up's clock), where the CUDA driver holds it. Once
// no probe has dispatched for keepIdle, a goroutine dispatches a light FMA
// load (keepWarps subgroups on every core, one dependent chain each, about
// keepLoad long) again and again until a probe dispatches. The load goes
// through the one queue, with the barrier every submission begins with, and
// each dispatch is waited for under the device's lock: it never runs beside
// a probe's kernel, and a probe's dispatch waits at most one load (about
// keepLoad) to start. Its memory traffic is a few bytes per subgroup, so a
// cache a probe warmed stays warm; only the instruction cache holds its
// code. Host timings (DispatchBatch's) start after the lock is taken, so
// a load never falls in them.
type keeper struct {
	dev       *vulkan.Device
	prog      *program
	pipe      *vulkan.Pipeline
	out, sink *vulkan.Buffer
	blocks    uint32
	push      []byte // the load's arguments, its loop sized to keepLoad
	// last is when a probe's dispatch last ended (Unix ns); active counts
	// the probes' dispatches under way.
	last   atomic.Int64
	active atomic.Int32
	// loads and loadNs count the loads dispatched and the GPU time they
	// took (ns, by the GPU's timestamps where it has them).
	loads, loadNs atomic.Int64
	stop, done    chan struct{}
	err           error // why the keeper stopped early; read after done
}

const (
	// keepIdle is how long the probes may leave the GPU idle before the
	// keeper loads it: longer than the host's work between the dispatches
	// of one measurement (tens of µs), shorter than a pipeline build or a
	// module's compilation (ms to s).
	keepIdle = time.Millisecond
	// keepLoad is about how long one load lasts: as long as a probe's
	// dispatch may wait for it to start.
	keepLoad = time.Millisecond
	// keepWarps is how many subgroups of each workgroup run the load, one
	// workgroup per core: one per NVIDIA SM sub-partition.
	keepWarps = 4
	// keepKernel is the load's kernel.
	keepKernel = "gpuarch_keep_busy"
)

// KeepBusyEnv names the environment variable that switches the keeper
// off ("0") where it would run, or on ("1") for a CPU device (lavapipe,
// whose clock no driver lowers, so it does not run there by default).
const KeepBusyEnv = "GPUARCH_VULKAN_KEEP_BUSY"

// keepBusy says whether the keeper runs on a device.
func keepBusy(pd vulkan.PhysicalDevice) bool {
	switch os.Getenv(KeepBusyEnv) {
	case "0":
		return false
	case "1":
		return true
	}
	return pd.Type != "CPU"
}

// KeptBusy says how the GPU was kept loaded between the probes'
// dispatches, for a run's notes: how many loads and how much GPU time,
// or that it was not.
func (g *GPU) KeptBusy() string {
	loads, took, on := g.KeepBusyLoads()
	if !on {
		return fmt.Sprintf("the GPU was not kept busy between dispatches (a CPU device, or %s=0)", KeepBusyEnv)
	}
	return fmt.Sprintf("between the probes' dispatches, once idle for %v, the GPU ran a light FMA load (%d subgroups per core, about %v each): %d loads, %.2f s of GPU time",
		keepIdle, keepWarps, keepLoad, loads, took.Seconds())
}

// KeepBusyLoads is how many loads the keeper has dispatched since the
// device was opened and their GPU time; on is false where no keeper runs.
func (g *GPU) KeepBusyLoads() (loads int, took time.Duration, on bool) {
	if g.busy == nil {
		return 0, 0, false
	}
	return int(g.busy.loads.Load()), time.Duration(g.busy.loadNs.Load()), true
}

// startKeeper builds the load, sizes its loop to last about keepLoad, and
// starts the goroutine that dispatches it.
func (g *GPU) startKeeper(ctx context.Context) (_ *keeper, err error) {
	step := g.cg.FMAStep()
	src, err := g.cg.Module([]kernel.Spec{kernel.ThroughputChainSpec{Name: keepKernel, Step: step, ILP: 1, Unroll: 64}})
	if err != nil {
		return nil, err
	}
	k := &keeper{dev: g.dev, blocks: uint32(max(1, g.info.SMs)), stop: make(chan struct{}), done: make(chan struct{})}
	defer func() {
		if err != nil {
			close(k.done)
			k.release()
		}
	}()
	if k.prog, err = g.compile(src); err != nil {
		return nil, err
	}
	if k.pipe, err = k.prog.pipeline(keepKernel, keepWarps*g.info.WarpSize, 0); err != nil {
		return nil, err
	}
	if k.out, err = g.dev.Alloc(int(k.blocks) * keepWarps * engine.WarpRecordBytes); err != nil {
		return nil, err
	}
	if k.sink, err = g.dev.Alloc(256); err != nil {
		return nil, err
	}
	args := func(n int) ([]byte, error) {
		return pack([]any{k.out.Address(), k.sink.Address(), uint32(n), uint32(step.X0),
			uint32(step.A[0]), uint32(step.A[1]), uint32(step.A[2]), uint32(step.A[3]), uint32(0x7fc00bad)})
	}
	// A pilot, twice so that a driver compiling at first use is not
	// timed, sizes the loop.
	const pilot = 1024
	if k.push, err = args(pilot); err != nil {
		return nil, err
	}
	var took time.Duration
	for range 2 {
		if took, err = k.load(ctx); err != nil {
			return nil, err
		}
	}
	limit := g.info.MaxLoopIterations
	if limit <= 0 {
		limit = 1 << 24
	}
	n := int(math.Min(float64(limit), math.Max(1, pilot*float64(keepLoad)/math.Max(float64(took), 1))))
	if k.push, err = args(n); err != nil {
		return nil, err
	}
	k.loads.Store(0)
	k.loadNs.Store(0)
	k.last.Store(time.Now().UnixNano())
	go k.run()
	return k, nil
}

// load dispatches the load once and waits for it; it returns its GPU
// time (the host's where the queue has no timestamps).
func (k *keeper) load(ctx context.Context) (time.Duration, error) {
	t0 := time.Now()
	ns, ok, err := k.dev.Dispatch(ctx, k.pipe, k.blocks, k.push, 10*time.Second)
	if err != nil {
		return 0, wrap(err)
	}
	took := time.Since(t0)
	if ok {
		took = time.Duration(ns)
	}
	k.loads.Add(1)
	k.loadNs.Add(int64(took))
	return took, nil
}

// dispatching marks a probe's dispatch under way; the function it returns
// marks it ended. A nil keeper does nothing.
func (k *keeper) dispatching() func() {
	if k == nil {
		return func() {}
	}
	k.active.Add(1)
	return func() {
		k.last.Store(time.Now().UnixNano())
		k.active.Add(-1)
	}
}

// run loads the GPU whenever no probe has dispatched for keepIdle, until
// close; an error (a hung or lost device) stops it for good.
func (k *keeper) run() {
	defer close(k.done)
	t := time.NewTimer(keepIdle)
	defer t.Stop()
	for {
		wait := keepIdle
		if k.active.Load() == 0 {
			idle := time.Duration(time.Now().UnixNano() - k.last.Load())
			if idle >= keepIdle {
				select {
				case <-k.stop:
					return
				default:
				}
				if _, err := k.load(context.Background()); err != nil {
					k.err = err
					return
				}
				continue
			}
			wait = keepIdle - idle
		}
		t.Reset(wait)
		select {
		case <-k.stop:
			return
		case <-t.C:
		}
	}
}

// close stops the goroutine and frees the load's resources. It returns
// the error that stopped the keeper early, if one did, unless that error
// was a probe's too (a hung or lost device says so there).
func (k *keeper) close() error {
	select {
	case <-k.stop:
	default:
		close(k.stop)
	}
	<-k.done
	k.release()
	if k.err != nil && !errors.Is(k.err, engine.ErrHung) && !errors.Is(k.err, engine.ErrPoisoned) {
		return fmt.Errorf("keeping the GPU busy: %w", k.err)
	}
	return nil
}

// release frees what startKeeper made.
func (k *keeper) release() {
	if k.prog != nil {
		k.prog.Close()
		k.prog = nil
	}
	for _, b := range []**vulkan.Buffer{&k.out, &k.sink} {
		if *b != nil {
			(*b).Free()
			*b = nil
		}
	}
}
