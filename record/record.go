// Package record defines the results gpuarch writes: one typed Record per
// measured quantity, gathered in a Run with the device and tool that produced
// them. Everything downstream (reports, comparisons, inference) reads these
// types and never the driver, so a report can be made, and tested, on a
// machine without a GPU.
//
// A Run is self-describing and mergeable: it names its schema version, the
// device by UUID and the tool version, and every Record carries its own
// provenance (the kernel's PTX hash, launch shape, machine-code counts and
// the clock measured while it ran). Units are canonical (cycles, hertz,
// seconds, bytes) and named in each record; scaling is for display only.
// The schema is documented in docs/SCHEMA.md.
package record

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gpuarch/gpuarch/stats"
)

// SchemaVersion is the version of the JSON layout written by this package.
// Readers reject other versions rather than guess.
const SchemaVersion = 1

// Run is one invocation of gpuarch on one GPU.
type Run struct {
	Schema   int       `json:"schema"`
	Tool     Tool      `json:"tool"`
	Started  time.Time `json:"started"`
	Finished time.Time `json:"finished"`
	// Complete is false when the run was interrupted (Ctrl-C, a hung
	// kernel) and holds only what was measured before that, or when it
	// ended without measuring a single record.
	Complete bool `json:"complete"`
	// Done are the keys of the jobs an incomplete run has finished
	// (measured or not), so that `run --resume` skips them; a complete
	// run leaves it out.
	Done   []string `json:"done,omitempty"`
	Suites []string `json:"suites"`
	Device Device   `json:"device"`
	// Warmup describes how the clocks were brought up before measuring.
	Warmup *Clock `json:"warmup,omitempty"`
	// Health is what the driver said of the GPU's condition before and
	// after the run: other processes on it, utilization, ECC errors,
	// performance state (nil where it cannot say).
	Health *HealthPair `json:"health,omitempty"`
	// Quick says the run was `gpuarch run --quick`: a health check with
	// few shapes and repeats, whose records keep the full run's IDs.
	Quick    bool     `json:"quick,omitempty"`
	Records  []Record `json:"records"`
	Warnings []string `json:"warnings,omitempty"`
	// Notes say how the run was taken where that is not obvious: how the
	// Vulkan backend kept the GPU busy between its dispatches.
	Notes []string `json:"notes,omitempty"`
	// Elapsed is the wall time of the run in seconds, compilation included.
	ElapsedSeconds float64 `json:"elapsed_seconds"`
	// Time is where each suite's time went, the sum of its records'
	// costs (SuiteTimes); absent in runs recorded before records had
	// costs.
	Time []SuiteTime `json:"time,omitempty"`
}

// Tool identifies the gpuarch build and the host that ran it.
type Tool struct {
	Name      string `json:"name"`
	Version   string `json:"version"`
	GoVersion string `json:"go_version"`
	Host      string `json:"host,omitempty"`
	Backend   string `json:"backend"` // "cuda" or "vulkan"
}

// Device describes the GPU as the driver reports it.
type Device struct {
	Name              string `json:"name"`
	UUID              string `json:"uuid"`
	PCIBusID          string `json:"pci_bus_id,omitempty"`
	Ordinal           int    `json:"ordinal"`
	ComputeCapability string `json:"compute_capability"` // "9.0"
	// DriverVersion is the driver's own version string ("580.159.03"),
	// from NVML; empty when NVML is unavailable.
	DriverVersion string `json:"driver_version,omitempty"`
	// CUDAVersion is the CUDA API version of the driver, 1000*major +
	// 10*minor (13000 for 13.0).
	CUDAVersion int    `json:"cuda_version"`
	PTXVersion  string `json:"ptx_version"` // the .version probes were emitted with
	PTXTarget   string `json:"ptx_target"`  // the .target probes were emitted with
	SMs         int    `json:"sms"`
	// SubPartitions is the number of warp schedulers per SM: 4 on every
	// NVIDIA GPU since Maxwell (compute capability 5.0), per NVIDIA's
	// architecture whitepapers; not something the driver reports.
	SubPartitions int   `json:"sub_partitions"`
	WarpSize      int   `json:"warp_size"`
	MemoryBytes   int64 `json:"memory_bytes"`
	// Attributes holds every device attribute the driver answered, by its
	// CUDA name without the CU_DEVICE_ATTRIBUTE_ prefix.
	Attributes map[string]int `json:"attributes,omitempty"`
	// MaxSMClockHz and MaxMemClockHz are NVML's maximum clocks.
	MaxSMClockHz  float64 `json:"max_sm_clock_hz,omitempty"`
	MaxMemClockHz float64 `json:"max_mem_clock_hz,omitempty"`
	PowerLimitW   float64 `json:"power_limit_w,omitempty"`
	// Backend is the API the device was measured through: "cuda" or
	// "vulkan" (empty in files written before there was a choice:
	// "cuda").
	Backend string `json:"backend,omitempty"`
	// Vendor is the GPU's maker as its driver says ("NVIDIA", "AMD",
	// "Intel", "Apple", "Mesa" for a CPU implementation).
	Vendor string `json:"vendor,omitempty"`
	// Units names the device's units in its vendor's words; nil means
	// NVIDIA's (SM, warp).
	Units *Units `json:"units,omitempty"`
	// MaxWarpsPerSM is the most subgroups one core holds, where the
	// driver says (Vulkan: VK_NV_shader_sm_builtins' warps per SM); CUDA
	// records keep it in Attributes.
	MaxWarpsPerSM int `json:"max_warps_per_sm,omitempty"`
	// CoresSource says where SMs came from when it is not the CUDA
	// driver's attribute.
	CoresSource string `json:"cores_source,omitempty"`
	// TimerTicksPerNs is the rate of the in-kernel timer that
	// WarpRecords' nanosecond fields are read from: %globaltimer counts
	// nanoseconds (1, also meant by 0); Vulkan's device clock counts at
	// a rate the backend measures against the GPU's timestamps.
	TimerTicksPerNs float64 `json:"timer_ticks_per_ns,omitempty"`
	// MaxLoopIterations, when set, is how many iterations a kernel loop
	// may run before the driver ends it (lavapipe ends every shader loop
	// after 65535): probes size their loops below it.
	MaxLoopIterations int `json:"max_loop_iterations,omitempty"`
	// Vulkan is what a Vulkan driver reported; nil for other backends.
	Vulkan *VulkanDevice `json:"vulkan,omitempty"`
}

// Units are a device's parts in its vendor's words.
type Units struct {
	// Core is one compute unit ("SM", "CU", "EU", "core") and Cores
	// its plural.
	Core  string `json:"core"`
	Cores string `json:"cores"`
	// Subgroup is what runs in lockstep ("warp", "wavefront",
	// "subgroup") and Subgroups its plural.
	Subgroup  string `json:"subgroup"`
	Subgroups string `json:"subgroups"`
}

// UnitsOf returns d's units, NVIDIA's when the record does not say.
func (d Device) UnitsOf() Units {
	if d.Units != nil {
		return *d.Units
	}
	return Units{Core: "SM", Cores: "SMs", Subgroup: "warp", Subgroups: "warps"}
}

// BackendOf is d's backend, "cuda" for records written before Backend.
func (d Device) BackendOf() string {
	if d.Backend == "" {
		return "cuda"
	}
	return d.Backend
}

// MaxSharedPerBlock is the most shared (workgroup) memory one block may
// use, in bytes, as the device's API states it (CUDA's opt-in maximum,
// Vulkan's maxComputeSharedMemorySize); 0 when the record does not say.
func (d Device) MaxSharedPerBlock() int64 {
	if v := d.Attributes["MAX_SHARED_MEMORY_PER_BLOCK_OPTIN"]; v > 0 {
		return int64(v)
	}
	if d.Vulkan != nil {
		return int64(d.Vulkan.Limits["maxComputeSharedMemorySize"])
	}
	return 0
}

// MaxBlockThreads is the most invocations one block (workgroup) may
// have where the API states a limit below what CUDA allows (Vulkan's
// maxComputeWorkGroupInvocations); 0 when it states none.
func (d Device) MaxBlockThreads() int {
	if d.Vulkan != nil {
		return int(d.Vulkan.Limits["maxComputeWorkGroupInvocations"])
	}
	return 0
}

// TimestampClock says whether the device's kernels are timed by GPU
// timestamps around whole dispatches rather than by an in-kernel clock,
// and if so what the backend found its subgroup clock to count.
func (d Device) TimestampClock() (clock string, ok bool) {
	if d.Vulkan != nil && d.Vulkan.Timing == "timestamps" {
		return d.Vulkan.SubgroupClock, true
	}
	return "", false
}

// VulkanDevice is what a Vulkan driver reported about a device, for the
// record: the versions, the subgroup model, the features gpuarch enabled
// and the timing it could use.
type VulkanDevice struct {
	APIVersion    string `json:"api_version"`
	LoaderVersion string `json:"loader_version,omitempty"`
	DriverName    string `json:"driver_name,omitempty"`
	DriverInfo    string `json:"driver_info,omitempty"`
	DriverID      uint32 `json:"driver_id,omitempty"`
	VendorID      uint32 `json:"vendor_id"`
	DeviceID      uint32 `json:"device_id"`
	Type          string `json:"type"`
	// SubgroupSize is the size kernels were compiled for; Min and Max
	// the range the device supports.
	SubgroupSize       int      `json:"subgroup_size"`
	SubgroupMin        int      `json:"subgroup_min,omitempty"`
	SubgroupMax        int      `json:"subgroup_max,omitempty"`
	SubgroupOperations []string `json:"subgroup_operations,omitempty"`
	// Enabled lists the optional features and extensions gpuarch
	// enabled; Extensions the device's extensions that matter to it.
	Enabled    []string `json:"enabled,omitempty"`
	Extensions []string `json:"extensions,omitempty"`
	// Limits holds the limits that shape probes, by Vulkan's names.
	Limits map[string]float64 `json:"limits,omitempty"`
	// Timing is how kernels were timed: "shader clock" (cycles from
	// VK_KHR_shader_clock's subgroup clock, nanoseconds from its device
	// clock) or "timestamps" (the GPU's timestamps around dispatches).
	Timing string `json:"timing"`
	// SubgroupClock says what the subgroup clock was found to count,
	// as measured against the device clock and the GPU's timestamps.
	SubgroupClock string `json:"subgroup_clock,omitempty"`
	// CooperativeMatrix lists every matrix multiply-add combination
	// VK_KHR_cooperative_matrix's driver reports, in its order; empty
	// without the extension.
	CooperativeMatrix []CooperativeMatrix `json:"cooperative_matrix,omitempty"`
	// CooperativeMatrix2 states VK_NV_cooperative_matrix2's limits, where
	// the device has it.
	CooperativeMatrix2 string `json:"cooperative_matrix2,omitempty"`
}

// CooperativeMatrix is one combination a Vulkan driver lists for
// cooperative matrices: Result (M×N) = A (M×K) · B (K×N) + C at Scope
// ("subgroup", "workgroup"). Types are named as gpuarch names them
// ("f16", "bf16", "f32", "s8", "u32", "e4m3"...).
type CooperativeMatrix struct {
	M          int    `json:"m"`
	N          int    `json:"n"`
	K          int    `json:"k"`
	A          string `json:"a"`
	B          string `json:"b"`
	C          string `json:"c"`
	Result     string `json:"result"`
	Saturating bool   `json:"saturating,omitempty"`
	Scope      string `json:"scope"`
}

// Status says whether a record holds a number to trust.
type Status string

// Record statuses. Only StatusOK records carry a Value that reports show as a
// measurement; the others say why not in Reason.
const (
	StatusOK      Status = "ok"      // measured and verified
	StatusInvalid Status = "invalid" // measured, but failed its own checks (machine code, spread, fit)
	StatusFailed  Status = "failed"  // could not be measured (JIT error, fault, timeout)
	StatusSkipped Status = "skipped" // not applicable to this GPU or driver
)

// Quantity names what a record measures.
type Quantity string

// Quantities measured so far.
const (
	Latency    Quantity = "latency"
	Throughput Quantity = "throughput"
	ClockRate  Quantity = "clock"
	// Occupancy is throughput over a grid of warps per SM and ILP.
	Occupancy Quantity = "occupancy"
	// Mix is the throughput of several instructions interleaved.
	Mix Quantity = "mix"
	// Curve is a quantity measured over memory footprints.
	Curve Quantity = "curve"
	// Dispatch is a launch's trace: where and when every warp ran.
	Dispatch Quantity = "dispatch"
	// Launch is the cost of launching kernels.
	Launch Quantity = "launch"
	// Amount is a size or count a probe found (bytes in flight, SMs per
	// GPC), or a configuration's outcome (clusters that fit at once).
	Amount Quantity = "amount"
)

// Record is one measured quantity.
type Record struct {
	// ID is unique within a run and stable across runs, e.g.
	// "alu/fma.rn.f32/latency", in MakeID's shape; reports link to it.
	ID      string `json:"id"`
	Suite   string `json:"suite"`
	Subject string `json:"subject"` // what was measured: an instruction, a memory level
	Group   string `json:"group,omitempty"`
	// Op is the backend-neutral operation the subject performs
	// ("fma.f32", "shuffle.b32"), so records of two backends on one GPU
	// can be set side by side; empty when it has no counterpart.
	Op       string   `json:"op,omitempty"`
	Quantity Quantity `json:"quantity"`
	// Note says how the quantity was measured when that is not obvious.
	Note   string `json:"note,omitempty"`
	Status Status `json:"status"`
	Reason string `json:"reason,omitempty"`
	// Value is the headline figure in Unit: the latency in cycles, the
	// throughput in warp instructions per clock per SM.
	Value float64 `json:"value"`
	Unit  string  `json:"unit"`
	// Samples are the raw repeated measurements Value was summarised
	// from, in Unit.
	Samples    []float64         `json:"samples,omitempty"`
	Summary    *Summary          `json:"summary,omitempty"`
	Latency    *LatencyDetail    `json:"latency,omitempty"`
	Through    *ThroughputDetail `json:"throughput,omitempty"`
	Occup      *OccupancyDetail  `json:"occupancy,omitempty"`
	Mix        *MixDetail        `json:"mix,omitempty"`
	Curve      *CurveDetail      `json:"curve,omitempty"`
	Dispatch   *DispatchDetail   `json:"dispatch,omitempty"`
	Launch     *LaunchDetail     `json:"launch,omitempty"`
	Sweep      *SweepDetail      `json:"sweep,omitempty"`
	Clusters   *ClusterDetail    `json:"clusters,omitempty"`
	Code       *CodeCheck        `json:"sass,omitempty"`
	Provenance Provenance        `json:"provenance"`
	Warnings   []string          `json:"warnings,omitempty"`
}

// Summary is the median and confidence interval of Samples (see package
// stats). Lo and Hi are absent when there were too few samples for an
// interval at 95% confidence.
type Summary struct {
	N      int      `json:"n"`
	Median float64  `json:"median"`
	Lo     *float64 `json:"lo,omitempty"`
	Hi     *float64 `json:"hi,omitempty"`
	Min    float64  `json:"min"`
	Max    float64  `json:"max"`
	Spread float64  `json:"spread"`
}

// LatencyDetail holds how a latency was estimated: one warp runs dependent
// chains of several lengths, timed in-kernel with %clock64; the slope of a
// least-squares line over the lengths is the latency and the intercept the
// fixed overhead of reading the clock. Length 0 is the control group: the
// same kernel without the instruction under test.
type LatencyDetail struct {
	// Cycles is the fitted slope: cycles per dependent step.
	Cycles float64 `json:"cycles"`
	// AdjustedCycles is (T(Lmax) - T(0)) / Lmax: the longest chain's time
	// minus the control group's, per step, as the seeds' "adjusted
	// latency" subtracts a control group. It agrees with Cycles when the
	// cost per step is constant; a gap means it is not.
	AdjustedCycles float64 `json:"adjusted_cycles"`
	// RawCycles is T(Lmax) / Lmax with nothing subtracted.
	RawCycles       float64 `json:"raw_cycles"`
	InterceptCycles float64 `json:"intercept_cycles"`
	RMSResidual     float64 `json:"rms_residual_cycles"`
	R2              float64 `json:"r2"`
	Points          []Point `json:"points"`
	// Seconds is Cycles at the measured SM clock.
	Seconds float64 `json:"seconds,omitempty"`
}

// Point is one chain length with its repeated timings in cycles.
type Point struct {
	Length  int       `json:"length"`
	Samples []float64 `json:"samples"`
	Median  float64   `json:"median"`
}

// ThroughputDetail holds how a throughput was found: every SM is filled
// with warps running independent chains (ILP) in a loop; warps per SM and ILP
// are swept and the best shape is repeated. Per SM, the rate is the warp
// instructions its warps executed over the cycles from the first warp's
// start to the last warp's end, on that SM's own clock; the median over SMs
// is the sample.
type ThroughputDetail struct {
	// WarpInstPerClockPerSM is Value: warp instructions per clock per SM.
	WarpInstPerClockPerSM float64 `json:"warp_inst_per_clock_per_sm"`
	// ResultsPerClockPerSM counts per-thread results (2 per thread for a
	// packed f16x2 instruction): the unit of the CUDA C++ Programming
	// Guide's arithmetic throughput table.
	ResultsPerClockPerSM float64 `json:"results_per_clock_per_sm"`
	// CyclesPerWarpInst is the issue interval of one warp instruction on
	// one SM sub-partition: SubPartitions / WarpInstPerClockPerSM.
	CyclesPerWarpInst float64 `json:"cycles_per_warp_inst_per_subpartition"`
	// ResultsPerSecond is the whole GPU's rate at the measured clock (for
	// bandwidth records: bytes per second).
	ResultsPerSecond float64      `json:"results_per_second,omitempty"`
	Best             Shape        `json:"best"`
	Sweep            []SweepPoint `json:"sweep"`
	// SMsSeen is how many distinct SMs ran warps of the best shape.
	SMsSeen int `json:"sms_seen"`
	// Control is the same loop with the instruction removed, at the best
	// shape: what the loop itself costs.
	Control *Control `json:"control,omitempty"`
	// Reference is the vendor's documented rate for this kind of
	// instruction, shown beside the measurement, never in its place.
	Reference *Reference `json:"reference,omitempty"`
}

// Reference is documented (not measured) throughput with its source, and
// how the measurement compares with it.
type Reference struct {
	// Class and Row name the row of the source's table.
	Class  string `json:"class"`
	Row    string `json:"row"`
	Source string `json:"source"`
	// ResultsPerClockPerSM is the documented rate; 0 when the source says
	// the operation takes multiple instructions (Multiple).
	ResultsPerClockPerSM float64 `json:"results_per_clock_per_sm,omitempty"`
	Multiple             bool    `json:"multiple,omitempty"`
	// Ratio is measured over documented results per clock per SM.
	Ratio float64 `json:"ratio,omitempty"`
	// Flag is set when the measurement differs from the documented rate by
	// more than 10%; Reason gives the likely cause.
	Flag   bool   `json:"flag,omitempty"`
	Reason string `json:"reason,omitempty"`
}

// OccupancyDetail is a throughput grid: warp instructions per clock per SM
// at each ILP (rows) and warps per SM (columns), every SM holding exactly
// that many warps (blocks of at most 8 warps, and a dynamic shared memory
// spoiler that lets no more blocks fit).
type OccupancyDetail struct {
	ILPs       []int `json:"ilps"`
	WarpsPerSM []int `json:"warps_per_sm"`
	// IPC[i][j] is for ILPs[i] and WarpsPerSM[j]; null where the shape
	// could not run (Skipped says why).
	IPC     [][]*float64 `json:"ipc"`
	Skipped []string     `json:"skipped,omitempty"`
	// ClockHz is the median SM clock over the grid's kernels.
	ClockHz float64 `json:"clock_hz,omitempty"`
	// Reuse and BankConflicts are, per ILP, the kernel's source operands
	// per step read from the reuse cache and register reads per step
	// beyond the first from one bank (see SASS); the record's SASS is
	// the best cell's kernel's.
	Reuse         []float64 `json:"reuse_per_step,omitempty"`
	BankConflicts []float64 `json:"bank_conflicts_per_step,omitempty"`
}

// MixDetail says what a mixed kernel interleaved: each round of its loop
// body runs every part's Count instructions.
type MixDetail struct {
	// Role is "solo" (one instruction alone), "pair" (evidence for the
	// pipeline inference) or "held-out" (kept out of the inference to
	// test its predictions).
	Role  string    `json:"role"`
	Parts []MixPart `json:"parts"`
	Best  Shape     `json:"best"`
	// Sweep has one point per shape tried, in the job's order; the
	// record's SASS (and its Loop) describe the best shape's kernel.
	Sweep []SweepPoint `json:"sweep"`
	// CyclesPerRound is the SM's cycles for one round of every warp at
	// the best shape: sum of counts / warp instructions per clock, times
	// warps per SM.
	CyclesPerRound float64 `json:"cycles_per_round"`
}

// DispatchDetail is one launch's trace: every warp's SM, slot, block and
// start and end time. The placement policy, resident blocks and fill and
// drain times are not stored: reports derive them (package infer).
type DispatchDetail struct {
	ThreadsPerBlock int `json:"threads_per_block"`
	Blocks          int `json:"blocks"`
	SharedBytes     int `json:"shared_bytes,omitempty"`
	// SpinNs is how long every warp spins on %globaltimer.
	SpinNs int64 `json:"spin_ns"`
	// DriverBlocksPerSM is the driver's occupancy answer for the shape.
	DriverBlocksPerSM int `json:"driver_blocks_per_sm"`
	// Trace has one row per warp: SM, warp slot (%warpid), block, warp
	// in block, start and end in nanoseconds after the launch's first
	// warp start (%globaltimer).
	Trace Trace `json:"trace"`
}

// Trace is a dispatch trace's rows. In JSON it is one string, rows
// separated by ";" and fields by " " ("3 0 12 0 0 20032;..."): tens of
// thousands of rows stay one line of a readable file instead of eight
// lines each.
type Trace [][6]int64

// MarshalJSON writes the rows as one string.
func (t Trace) MarshalJSON() ([]byte, error) {
	var b strings.Builder
	for i, row := range t {
		if i > 0 {
			b.WriteByte(';')
		}
		for j, v := range row {
			if j > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.FormatInt(v, 10))
		}
	}
	return json.Marshal(b.String())
}

// UnmarshalJSON reads the string MarshalJSON writes.
func (t *Trace) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return fmt.Errorf("dispatch trace: %w", err)
	}
	*t = nil
	if s == "" {
		return nil
	}
	for i, row := range strings.Split(s, ";") {
		f := strings.Fields(row)
		if len(f) != 6 {
			return fmt.Errorf("dispatch trace row %d: %d fields, want 6", i, len(f))
		}
		var r [6]int64
		for j, v := range f {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				return fmt.Errorf("dispatch trace row %d: %w", i, err)
			}
			r[j] = n
		}
		*t = append(*t, r)
	}
	return nil
}

// LaunchDetail is a batch of kernel launches: how they were queued, what
// the host spent, and when each kernel ran on the GPU.
type LaunchDetail struct {
	Launches int  `json:"launches"`
	Streams  int  `json:"streams"`
	Graph    bool `json:"graph,omitempty"`
	// SpinNs is how long each kernel's one warp spins (0: empty kernel).
	SpinNs int64 `json:"spin_ns,omitempty"`
	// HostQueuedNs and HostTotalNs are the host's time per launch
	// queueing them and until all had finished (wall clock).
	HostQueuedNs float64 `json:"host_queued_ns"`
	HostTotalNs  float64 `json:"host_total_ns"`
	// Kernels has each kernel's start and end (%globaltimer, ns after
	// the first start), in launch order.
	Kernels [][2]int64 `json:"kernels"`
}

// CurveDetail is a measurement over footprints, such as pointer-chase
// latency: each point is one footprint in bytes with the median over the
// chains that ran it. Levels are not stored: reports detect them (package
// infer), so better detection applies to old runs too.
type CurveDetail struct {
	// Path names what was measured, e.g. "global ld.ca", "shared".
	Path   string       `json:"path"`
	Points []CurvePoint `json:"points"`
	// ClockHz is the SM clock measured after the curve's kernels, for
	// converting cycles to seconds where a point has no clock of its own.
	ClockHz float64  `json:"clock_hz,omitempty"`
	Skipped []string `json:"skipped,omitempty"`
}

// ClockIn is the SM clock the points from footprint from to to (bytes,
// inclusive) ran at, as the points measured it: the median, lowest and
// highest; zeros where none of them did.
func (c *CurveDetail) ClockIn(from, to float64) (median, lo, hi float64) {
	var hz []float64
	for _, p := range c.Points {
		if p.ClockHz > 0 && float64(p.Bytes) >= from && float64(p.Bytes) <= to {
			hz = append(hz, p.ClockHz)
		}
	}
	if len(hz) == 0 {
		return 0, 0, 0
	}
	return stats.Median(hz), slices.Min(hz), slices.Max(hz)
}

// OffClockShare is how far (0.1: 10%) a kernel's SM clock may stray from
// its run's warm-up clock before the documents say so: cycles of a level
// off the SM clock (the L2, DRAM), and bytes per SM clock from one, move
// with it.
const OffClockShare = 0.1

// OffClockReason begins the Reason of a record the clock check marked
// invalid: its kernels ran more than OffClockShare off the warm-up clock
// in two takes, the second after a warm-up.
const OffClockReason = "off the warm-up clock"

// OffClock says whether clocks lo to hi stray more than OffClockShare from
// ref; false where either is unknown.
func OffClock(lo, hi, ref float64) bool {
	return ref > 0 && lo > 0 && (math.Abs(lo-ref) > OffClockShare*ref || math.Abs(hi-ref) > OffClockShare*ref)
}

// MHzSpan writes clocks lo to hi (Hz) in MHz: "345", or "345–390" where
// they differ.
func MHzSpan(lo, hi float64) string {
	if hi-lo >= 0.5e6 {
		return fmt.Sprintf("%.0f–%.0f", lo/1e6, hi/1e6)
	}
	return fmt.Sprintf("%.0f", lo/1e6)
}

// SweepDetail is a figure measured against a parameter of the probe
// (bytes in flight, pipeline stages, cluster size), in one or more series
// (box size, access width): every point the record's Value was chosen
// from.
type SweepDetail struct {
	// X names the parameter ("bytes in flight"), XUnit its unit
	// ("bytes", "" for a count); Series names what the series differ in.
	X      string `json:"x"`
	XUnit  string `json:"x_unit,omitempty"`
	Series string `json:"series,omitempty"`
	// Y is the unit of the points' values where it is not the record's
	// (a sweep of cycles behind a count).
	Y      string       `json:"y,omitempty"`
	Points []ParamPoint `json:"points"`
	// Best is the index of the point the record's Value is.
	Best int `json:"best"`
}

// ParamPoint is one measured point of a SweepDetail: the median over repeats,
// bounded by Min and Max; Failed says why a point has no value.
type ParamPoint struct {
	X      float64 `json:"x"`
	Series string  `json:"series,omitempty"`
	Value  float64 `json:"value"`
	Min    float64 `json:"min"`
	Max    float64 `json:"max"`
	Failed string  `json:"failed,omitempty"`
}

// ClusterDetail is what launches of thread-block clusters showed: the
// cluster shapes tried, whether each launched and how many ran at once,
// and the groups of SMs that clusters were placed within (the GPCs, as
// far as the launches could tell them apart).
type ClusterDetail struct {
	Shapes []ClusterShape `json:"shapes,omitempty"`
	// Groups are SM ids that shared a cluster in some launch, joined
	// transitively: a cluster never spans two GPCs, so each group lies
	// within one GPC (two groups may still share one).
	Groups [][]int `json:"groups,omitempty"`
	// Launches is how many cluster launches the groups were traced from.
	Launches int `json:"launches,omitempty"`
}

// ClusterShape is one cluster shape: blocks in x, y, z, whether a launch
// of it ran (with why not), the driver's count of such clusters that fit
// the GPU at once (cuOccupancyMaxActiveClusters), and the clusters seen
// running at once in a traced launch.
type ClusterShape struct {
	X           int    `json:"x"`
	Y           int    `json:"y"`
	Z           int    `json:"z"`
	NonPortable bool   `json:"non_portable,omitempty"`
	Launched    bool   `json:"launched"`
	Why         string `json:"why,omitempty"`
	MaxActive   int    `json:"max_active,omitempty"`
	// BlockThreads and SharedBytes are the blocks' shape the counts hold
	// for.
	BlockThreads int `json:"block_threads"`
	SharedBytes  int `json:"shared_bytes"`
}

// CurvePoint is one footprint of a curve.
type CurvePoint struct {
	Bytes int64   `json:"bytes"`
	Value float64 `json:"value"`
	// Min and Max bound the per-chain values.
	Min float64 `json:"min"`
	Max float64 `json:"max"`
	// Stride is the distance between consecutive elements in bytes,
	// Elements how many the footprint holds, Chains how many threads
	// chased disjoint parts of them at once.
	Stride   int `json:"stride"`
	Elements int `json:"elements"`
	Chains   int `json:"chains"`
	// ClockHz is the SM clock the point's kernel ran at, from its own
	// cycles over its own timer (0 where the kernel does not time both).
	ClockHz float64 `json:"clock_hz,omitempty"`
	// Samples are repeats of the point where it has them (the chase
	// points the quick check compares): Value first, then each further
	// launch's median over its chains.
	Samples []float64 `json:"samples,omitempty"`
}

// MixPart is one instruction of a mix.
type MixPart struct {
	Subject string `json:"subject"`
	Count   int    `json:"count"`
}

// Shape is a throughput launch shape.
type Shape struct {
	WarpsPerSM    int `json:"warps_per_sm"`
	ILP           int `json:"ilp"`
	BlocksPerSM   int `json:"blocks_per_sm"`
	ThreadsPerBlk int `json:"threads_per_block"`
	// StepsPerIter is the number of instructions under test per loop
	// iteration per thread (unroll times ILP).
	StepsPerIter int `json:"steps_per_iteration"`
	Iterations   int `json:"iterations"`
	// SharedBytes is the dynamic shared memory spoiler per block, when
	// the shape fixes occupancy exactly.
	SharedBytes int `json:"shared_bytes,omitempty"`
	// Bytes is the footprint a bandwidth stream covered at this shape,
	// where the sweep tries several.
	Bytes int64 `json:"bytes,omitempty"`
	// Rotate is how many regions a bandwidth stream's blocks moved on
	// each pass (0: every block read its own region every pass).
	Rotate int `json:"rotate,omitempty"`
}

// SweepPoint is one shape tried while searching for the best throughput.
type SweepPoint struct {
	Shape                 Shape   `json:"shape"`
	WarpInstPerClockPerSM float64 `json:"warp_inst_per_clock_per_sm,omitempty"`
	Skipped               string  `json:"skipped,omitempty"`
}

// Control is the calibration run of the loop without the instruction.
type Control struct {
	CyclesPerIteration float64 `json:"cycles_per_iteration"`
	// OverheadShare is the control's cycles over the measured kernel's:
	// an upper bound on how much of the time the loop itself took.
	OverheadShare float64 `json:"overhead_share"`
}

// CodeCheck is the machine-code check of a probe.
type CodeCheck struct {
	// Status: "verified", "invalid" (the instruction is missing or too
	// few copies) or "not verified" (no disassembler).
	Status   string   `json:"status"`
	Note     string   `json:"note,omitempty"`
	Expected []string `json:"expected"`
	// Found and Needed count expected opcodes in the timed region of the
	// kernel checked against the number the chain needs.
	Found  int    `json:"found"`
	Needed int    `json:"needed"`
	Kernel string `json:"kernel"`
	// Sequence is what one chain step compiled to, e.g. "FMUL + MUFU.EX2".
	Sequence string `json:"sequence,omitempty"`
	// PerStep counts each opcode per chain step.
	PerStep map[string]float64 `json:"per_step,omitempty"`
	// Counts are all opcodes in the timed region of Kernel.
	Counts map[string]int `json:"counts,omitempty"`
	// Reuse is how many source operands per step carry ptxas's .reuse
	// flag (read from the operand reuse cache, not the register file).
	Reuse float64 `json:"reuse_per_step,omitempty"`
	// BankConflicts is how many register reads per step come beyond the
	// first from one register bank (index parity) in an instruction,
	// not counting .reuse operands: the extra operand-collection cycles
	// if a bank delivers one register a cycle.
	BankConflicts *float64 `json:"bank_conflicts_per_step,omitempty"`
	// Source says where the machine code came from: "nvdisasm", or the
	// driver's report (VK_KHR_pipeline_executable_properties) and which
	// of its representations.
	Source string `json:"source,omitempty"`
	// BinaryBytesPerStep is how much the driver's compiled binary grows
	// per chain step, from its "Binary Size" statistic at two chain
	// lengths: where the driver shows no machine code, the sign the chain
	// survived compilation (16 bytes is one instruction on NVIDIA GPUs
	// since Volta).
	BinaryBytesPerStep *float64 `json:"binary_bytes_per_step,omitempty"`
	// Statistics are the driver's statistics of Kernel's compiled code
	// (registers, instructions...), by the driver's names, where it
	// reports them (Vulkan pipeline executable properties).
	Statistics map[string]float64 `json:"statistics,omitempty"`
	// Loop is the timed loop body of Kernel as nvdisasm prints it, one
	// instruction a line without offsets ("FFMA R4, R4, R14.reuse, R15"),
	// kept for mixes and occupancy grids: package infer replays it on the
	// inferred pipelines.
	Loop []string `json:"loop,omitempty"`
}

// Provenance ties a record to what produced it.
type Provenance struct {
	// Module names the kernel module. PTXSHA256 hashes a PTX module's
	// text; SourceSHA256 hashes the text of a module in another kernel
	// language, named by Source ("spirv": SPIR-V assembly).
	Module       string   `json:"module"`
	PTXSHA256    string   `json:"ptx_sha256,omitempty"`
	Source       string   `json:"source,omitempty"`
	SourceSHA256 string   `json:"source_sha256,omitempty"`
	Kernels      []string `json:"kernels,omitempty"`
	// Timing is how the record's kernels were timed when it is not the
	// in-kernel cycle counter: "timestamps" (the GPU's timestamps
	// around whole dispatches).
	Timing string `json:"timing,omitempty"`
	// CompileSeconds is the driver JIT's wall time for the module.
	CompileSeconds float64 `json:"compile_seconds"`
	// Clock is the SM clock measured around this record's kernels.
	Clock *Clock    `json:"clock,omitempty"`
	Time  time.Time `json:"time"`
	// Cost is this record's share of the time its job took (absent in
	// runs before it was recorded).
	Cost *Cost `json:"cost,omitempty"`
}

// Cost is where a job's time went, divided evenly among the records the job
// produced, so that a suite's records sum to the suite's time. Wall is
// Compile + GPU + Host; CompileCPU overlaps it (compilation runs on other
// cores, ahead of the GPU). All in seconds.
type Cost struct {
	// WallSeconds is the job's time on the measuring thread, the wait
	// for its compilation included.
	WallSeconds float64 `json:"wall_seconds"`
	// CompileSeconds is how long the GPU waited for the compiler.
	CompileSeconds float64 `json:"compile_seconds"`
	// GPUSeconds is the time in launches and the waits for them: the
	// GPU's busy time, plus each launch's latency.
	GPUSeconds float64 `json:"gpu_seconds"`
	// HostSeconds is the rest: reading results, allocations, clock
	// readings through the driver, estimation.
	HostSeconds float64 `json:"host_seconds"`
	// CompileCPUSeconds is the compile worker's time on the job's
	// modules (JIT, loading, disassembly), spent ahead of the GPU.
	CompileCPUSeconds float64 `json:"compile_cpu_seconds"`
}

// Clock is an SM clock measurement: %clock64 cycles over %globaltimer
// nanoseconds from a kernel that spins on every SM, plus what NVML said.
type Clock struct {
	Hz     float64 `json:"hz"`
	Source string  `json:"source"`
	// Before and After are NVML samples around the measurement.
	Before *Sensors `json:"before,omitempty"`
	After  *Sensors `json:"after,omitempty"`
	// During is the median of NVML samples taken over the second half of
	// a long measurement (each field's median), when it was sampled.
	During *Sensors `json:"during,omitempty"`
}

// Phrases a Clock's Source holds when the clock kernel could not measure
// the clock itself: GPU timestamps stood in for the in-kernel clock, or
// the kernel did not spin as long as asked (a driver that moved the timer
// read out of its loop).
const (
	ClockNotInKernel = "not measured in-kernel"
	ClockNotSpun     = "the kernel did not spin"
)

// Measured reports whether the clock came from a clock kernel that timed
// itself as asked, and so can stand as a reference for other kernels'
// clocks.
func (c *Clock) Measured() bool {
	return c != nil && c.Hz > 0 && !strings.Contains(c.Source, ClockNotInKernel) && !strings.Contains(c.Source, ClockNotSpun)
}

// ReferenceHz is the clock other kernels' clocks are compared with: Hz
// where the clock was Measured, 0 otherwise (and for a nil Clock).
func (c *Clock) ReferenceHz() float64 {
	if !c.Measured() {
		return 0
	}
	return c.Hz
}

// Sensors is an NVML reading.
type Sensors struct {
	SMClockHz  float64  `json:"sm_clock_hz,omitempty"`
	MemClockHz float64  `json:"mem_clock_hz,omitempty"`
	PowerW     float64  `json:"power_w,omitempty"`
	TempC      float64  `json:"temp_c,omitempty"`
	Throttle   []string `json:"throttle,omitempty"`
}

// LinkTopology is what the driver says of the link from one GPU to another.
type LinkTopology struct {
	// CanAccessPeer is cuDeviceCanAccessPeer.
	CanAccessPeer bool `json:"can_access_peer"`
	// PerformanceRank, NativeAtomics are cuDeviceGetP2PAttribute's
	// (rank: lower is better; -1 unread).
	PerformanceRank int  `json:"performance_rank"`
	NativeAtomics   bool `json:"native_atomics"`
	// Ancestor is NVML's closest common point of the PCIe tree ("SYS
	// (across NUMA nodes)"), "" where NVML cannot say.
	Ancestor string `json:"pcie_common_ancestor,omitempty"`
	// NvLinks counts the active NVLinks of the source GPU whose far end is
	// the destination GPU (0: none, or NVML cannot say).
	NvLinks int `json:"nvlinks,omitempty"`
	// Link sums it up (links.LinkName): "NVLink x18", "PCIe, SYS ...",
	// "none".
	Link string `json:"link"`
	// Unread names what the driver could not say.
	Unread []string `json:"unread,omitempty"`
}

// HealthPair is a GPU's Health sampled before and after a run.
type HealthPair struct {
	Before *Health `json:"before,omitempty"`
	After  *Health `json:"after,omitempty"`
}

// Health is the driver's view of a GPU's condition (NVML): what may
// explain a GPU slower than its siblings. Fields it could not read are
// zero and named in Unread.
type Health struct {
	Time    time.Time `json:"time"`
	Sensors *Sensors  `json:"sensors,omitempty"`
	// Processes are the compute processes with a context on the GPU,
	// gpuarch's own worker among them.
	Processes      []Process `json:"processes"`
	GPUUtilPercent int       `json:"gpu_util_percent"`
	MemUtilPercent int       `json:"mem_util_percent"`
	// ECC errors since the driver was loaded.
	ECCCorrected   uint64 `json:"ecc_corrected"`
	ECCUncorrected uint64 `json:"ecc_uncorrected"`
	// PState is the performance state, 0 (P0, fastest) to 15; -1 unread.
	PState int      `json:"pstate"`
	Unread []string `json:"unread,omitempty"`
}

// Process is a compute process on a GPU.
type Process struct {
	PID             int    `json:"pid"`
	UsedMemoryBytes uint64 `json:"used_memory_bytes,omitempty"`
}

// String returns the status as written in JSON.
func (s Status) String() string { return string(s) }
