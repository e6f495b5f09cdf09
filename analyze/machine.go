package analyze

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/gpuarch/gpuarch/infer"
	"github.com/gpuarch/gpuarch/measure/alu"
	"github.com/gpuarch/gpuarch/measure/async"
	"github.com/gpuarch/gpuarch/measure/dispatch"
	"github.com/gpuarch/gpuarch/measure/memory"
	"github.com/gpuarch/gpuarch/measure/mma"
	"github.com/gpuarch/gpuarch/measure/warp"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/report"
	"github.com/gpuarch/gpuarch/sass"
)

// Measured is what a results file says about one SASS opcode.
type Measured struct {
	// Opcode is the opcode the records measured ("FFMA", "MUFU.EX2",
	// "HMMA.16816.F32").
	Opcode string `json:"opcode"`
	// LatencyCycles is the dependent-chain latency; 0 when not measured.
	LatencyCycles float64 `json:"latency_cycles,omitempty"`
	// Rate is warp instructions per clock per SM at full occupancy; 0
	// when not measured.
	Rate float64 `json:"rate,omitempty"`
	// LatencyRecord and RateRecord are the IDs of the records the numbers
	// come from.
	LatencyRecord string `json:"latency_record,omitempty"`
	RateRecord    string `json:"rate_record,omitempty"`
}

// Level is a memory level's measured latency and bandwidth.
type Level struct {
	Name string `json:"name"`
	// LatencyCycles is the pointer-chase latency of one load (the L1's,
	// a loop's load where Machine.loopL1Latency derives it); 0 when not
	// measured.
	LatencyCycles float64 `json:"latency_cycles,omitempty"`
	// ReadBytesPerClock and WriteBytesPerClock are per SM; 0 when not
	// measured.
	ReadBytesPerClock float64 `json:"read_bytes_per_clock_per_sm,omitempty"`
	// CachedReadBytesPerClock is the L2's read bandwidth for loads
	// that also fill the L1 (ld.ca, a plain LDG: the memory suite's "L2
	// read, ld.ca" record), per SM; 0 when not measured.
	CachedReadBytesPerClock float64 `json:"cached_read_bytes_per_clock_per_sm,omitempty"`
	WriteBytesPerClock      float64 `json:"write_bytes_per_clock_per_sm,omitempty"`
	// DivergentCycles is the cycles one SM takes per warp load whose 32
	// lanes each touch their own 128-byte line: the slower of the load/
	// store unit's rate (the memory suite's "global access" records,
	// lanes 128 bytes apart, one warp, for the L1 and L2) and the level's
	// delivery of such lines to every SM at once (its "transfer unit"
	// records, for the L2 and DRAM); 0 when not measured.
	DivergentCycles float64 `json:"divergent_cycles_per_warp_load,omitempty"`
	// Loaded is the loaded latency of divergent warp loads: the memory
	// suite's divergent chase (every lane its own line, each warp one
	// such load in flight) at each count of warps per SM, ascending; it
	// stands in for LatencyCycles + the lanes' issue and DivergentCycles
	// where measured. Empty when not measured.
	Loaded []LoadedPoint `json:"divergent_loaded,omitempty"`
	// WavefrontCycles is the latency each wavefront of a warp load adds
	// after its first (a conflicted or wide shared load's wavefronts
	// leave the banks one after another): from ldmatrix's latencies at
	// one and four 128-byte wavefronts (see sharedLatency); shared only,
	// 0 when not measured.
	WavefrontCycles float64 `json:"wavefront_cycles,omitempty"`
	// WarpLoadCycles maps an access pattern, "<width>-byte stride
	// <lanes' stride in widths>" or "<width>-byte broadcast", to the
	// cycles one SM takes per warp load of it (the memory suite's
	// "shared banks" records); shared only, empty when not measured.
	WarpLoadCycles map[string]float64 `json:"warp_load_cycles,omitempty"`
	// TransferBytesPerClock maps a lane spacing in bytes to the useful
	// bytes per clock per SM the level delivers to every SM at once
	// when each warp load's 4-byte lanes are that far apart (the memory
	// suite's "transfer unit" records); L2 and DRAM only.
	TransferBytesPerClock map[int]float64 `json:"transfer_bytes_per_clock,omitempty"`
	// SpreadCycles is the cycles one SM takes per warp load whose
	// 4-byte lanes span Lines 128-byte lines with no two lanes' words of
	// different lines in one bank (the memory suite's "global banks"
	// records, "other banks", ld.ca): what the L1's tag stage takes for
	// the lines, beyond the data banks; ascending in lines. L1 only,
	// empty when not measured.
	SpreadCycles []LinePoint `json:"spread_cycles,omitempty"`
	// BankWavefrontCycles is the cycles per data wavefront when the
	// lines' words share banks (the "global banks" records, "same
	// banks": one wavefront a line), per line of the record with the
	// most lines; L1 only, 0 when not measured.
	BankWavefrontCycles float64 `json:"bank_wavefront_cycles,omitempty"`
	bankLines           float64
	// ScatterLines maps a scattered write's instruction (memory.
	// ScatterStore, ScatterAddU32, ScatterAddF32) to the lines per clock
	// per SM the level took from warps whose 32 lanes each wrote their
	// own hashed line, at each count of warps per SM (the memory suite's
	// "scattered writes" records; Cycles holds lines/clock/SM); L2 and
	// DRAM only, empty when not measured.
	ScatterLines map[string][]LoadedPoint `json:"scatter_lines_per_clock,omitempty"`
	// Waits are the memory suite's loads waited on together (one warp
	// per SM, on every SM, waiting each iteration on Loads coalesced loads
	// of Width bytes a lane, Store after them): cycles an iteration; L2
	// and DRAM only, empty when not measured.
	Waits []WaitPoint `json:"waits,omitempty"`
	// Streams are the memory suite's streams at warps (StreamCurve): the
	// reads alone and the copy, at each width; L2 and DRAM only, empty
	// when not measured.
	Streams []StreamCurve `json:"streams,omitempty"`
	// CapacityBytes is the footprint at which the pointer chase leaves
	// the level's latency plateau (the L1 from global ld.ca's curve, the
	// L2 from global ld.cg's): an access whose whole loop stays within it
	// is served by the level; 0 when not measured.
	CapacityBytes float64 `json:"capacity_bytes,omitempty"`
	// Records are the IDs the numbers come from.
	Records []string `json:"records,omitempty"`
}

// LinePoint is the cycles one SM took per warp load spanning Lines lines.
type LinePoint struct {
	Lines  float64 `json:"lines"`
	Cycles float64 `json:"cycles"`
}

// spreadAt is the L1's cycles per warp load spanning lines lines, banks
// apart (SpreadCycles), interpolated linearly between the measured line
// counts, below the first the first's, beyond the last growing in
// proportion to the lines; ok false when not measured.
func (l Level) spreadAt(lines float64) (float64, bool) {
	pts := l.SpreadCycles
	if len(pts) == 0 {
		return 0, false
	}
	if lines <= pts[0].Lines {
		return pts[0].Cycles, true
	}
	for i := 1; i < len(pts); i++ {
		if a, b := pts[i-1], pts[i]; lines <= b.Lines {
			return a.Cycles + (b.Cycles-a.Cycles)*(lines-a.Lines)/(b.Lines-a.Lines), true
		}
	}
	last := pts[len(pts)-1]
	return last.Cycles * lines / last.Lines, true
}

// gridAtomicRate is the rate of the whole GPU's atomics on one address
// that global atomic in takes: the float adds' record for a float add
// where measured, else the integer adds' (0 where neither is).
func (m *Machine) gridAtomicRate(in sass.Instruction) float64 {
	if strings.Contains(in.Opcode, ".ADD.F32") && m.GridAtomicRateF32 > 0 {
		return m.GridAtomicRateF32
	}
	return m.GridAtomicRate
}

// warpWordRate is the rate of WarpWordRate's record for global atomic
// in: the float adds' for a float add.
func (m *Machine) warpWordRate(in sass.Instruction) float64 {
	if strings.Contains(in.Opcode, ".ADD.F32") && m.WarpWordRateF32 > 0 {
		return m.WarpWordRateF32
	}
	return m.WarpWordRate
}

// scatterCycles is the cycles one SM takes per warp write of instr whose
// lanes write lines lines of their own, with warps per SM writing:
// lines over the level's scattered-write rate at those warps
// (interpolated linearly between the measured counts, the nearest beyond
// them); ok false when not measured.
func (l Level) scatterCycles(instr string, lines, warps float64) (float64, bool) {
	pts := l.ScatterLines[instr]
	if len(pts) == 0 {
		return 0, false
	}
	rate := pts[len(pts)-1].Cycles
	if warps <= pts[0].Warps {
		rate = pts[0].Cycles
	}
	for i := 1; i < len(pts); i++ {
		if a, b := pts[i-1], pts[i]; warps >= a.Warps && warps <= b.Warps {
			rate = a.Cycles + (b.Cycles-a.Cycles)*(warps-a.Warps)/(b.Warps-a.Warps)
			break
		}
	}
	if rate <= 0 {
		return 0, false
	}
	return lines / rate, true
}

// LoadedPoint is the cycles one warp's divergent load took, on average,
// while Warps warps per SM each kept one in flight.
type LoadedPoint struct {
	Warps  float64 `json:"warps"`
	Cycles float64 `json:"cycles"`
}

// WaitPoint is one loads-waited-on-together record: a warp's cycles an
// iteration waiting on Loads coalesced loads of Width bytes a lane, with
// Store (memory.WaitsStoreOther, memory.WaitsStoreSame or none) after
// them; Cycles is the record's less its probe's xor of the loaded words
// (Machine.probeXor).
type WaitPoint struct {
	Loads  int     `json:"loads"`
	Width  int     `json:"width"`
	Store  string  `json:"store,omitempty"`
	Cycles float64 `json:"cycles"`
}

// waitAt is the loads-waited-on-together cycles of loads loads each
// delivering sectors 32-byte sectors (4, 8 and 16 sectors are the
// coalesced 4-, 8- and 16-byte records, counts between interpolated
// linearly; fewer than four taken as four, more than sixteen as
// sixteen), with store after them, interpolated linearly between the
// measured counts of loads (beyond the most, the most's); ok false where
// the records are not there.
func (l Level) waitAt(loads, sectors float64, store string) (float64, bool) {
	// at is the record of n loads of width bytes a lane, read as the
	// least of it and of every record of more loads or wider lanes:
	// a warp waiting on more, or on more sectors, never waits less, so
	// a record above one of those is taken as that one's noise (the
	// H200's two 4-byte loads at 347 cycles against two 8-byte ones at
	// 341).
	at := func(n, width int) (float64, bool) {
		var v float64
		var own bool
		for _, p := range l.Waits {
			if p.Store != store || p.Loads < n || p.Width < width {
				continue
			}
			own = own || p.Loads == n && p.Width == width
			if v == 0 || p.Cycles < v {
				v = p.Cycles
			}
		}
		return v, own
	}
	// bySectors interpolates a count's records over the sectors: a
	// coalesced load of w bytes a lane delivers w sectors.
	bySectors := func(n int) (float64, bool) {
		x := min(max(sectors, 4), 16)
		var px, pv float64
		for _, w := range []int{4, 8, 16} {
			v, ok := at(n, w)
			if !ok {
				continue
			}
			if x <= float64(w) {
				if px == 0 {
					return v, true
				}
				return pv + (v-pv)*(x-px)/(float64(w)-px), true
			}
			px, pv = float64(w), v
		}
		return pv, px > 0
	}
	var counts []int
	for _, p := range l.Waits {
		if p.Store == store && !slices.Contains(counts, p.Loads) {
			counts = append(counts, p.Loads)
		}
	}
	slices.Sort(counts)
	loads = max(loads, 1)
	var prevN int
	var prevV float64
	for _, n := range counts {
		v, ok := bySectors(n)
		if !ok {
			continue
		}
		if loads <= float64(n) {
			if prevN == 0 {
				return v, true
			}
			return prevV + (v-prevV)*(loads-float64(prevN))/float64(n-prevN), true
		}
		prevN, prevV = n, v
	}
	return prevV, prevN > 0
}

// waitExtra is what a warp waiting on loads coalesced loads together,
// each delivering sectors sectors, with store after them, waits beyond
// one 4-byte load alone (the record of one load of 4 bytes a lane, which
// a chase's single line stands for): the loads' record of their count
// and sectors less that one, plus what the store adds to one load of
// their sectors (its record less the one without it); ok false where not
// measured.
func (l Level) waitExtra(loads, sectors float64, store string) (float64, bool) {
	base, ok := l.waitAt(1, 4, "")
	v, vok := l.waitAt(loads, sectors, "")
	if !ok || !vok {
		return 0, false
	}
	extra := v - base
	if store != "" {
		with, wok := l.waitAt(1, sectors, store)
		alone, aok := l.waitAt(1, sectors, "")
		if !wok || !aok {
			return 0, false
		}
		extra += with - alone
	}
	return extra, true
}

// loadedAt is the loaded latency of a divergent warp load at warps per
// SM, interpolated linearly between the measured counts; below the first
// it is the first's, beyond the last the level delivers lines at the
// last's rate, so the latency grows in proportion to the warps. ok is
// false when the level has no such measurement.
func (l Level) loadedAt(warps float64) (float64, bool) {
	pts := l.Loaded
	if len(pts) == 0 {
		return 0, false
	}
	if warps <= pts[0].Warps {
		return pts[0].Cycles, true
	}
	for i := 1; i < len(pts); i++ {
		if a, b := pts[i-1], pts[i]; warps <= b.Warps {
			return a.Cycles + (b.Cycles-a.Cycles)*(warps-a.Warps)/(b.Warps-a.Warps), true
		}
	}
	last := pts[len(pts)-1]
	return last.Cycles * warps / last.Warps, true
}

// Limits are an SM's occupancy limits, from the device's attributes where
// the results file has them, else sm_90's (see SM90Limits).
type Limits struct {
	MaxWarps       int `json:"max_warps_per_sm"`
	MaxBlocks      int `json:"max_blocks_per_sm"`
	Registers      int `json:"registers_per_sm"`
	RegisterUnit   int `json:"register_allocation_unit"`
	SharedBytes    int `json:"shared_bytes_per_sm"`
	SharedReserved int `json:"shared_reserved_per_block"`
	SubPartitions  int `json:"sub_partitions"`
	// MaxThreadsPerBlock is the largest block a launch may have.
	MaxThreadsPerBlock int `json:"max_threads_per_block"`
}

// SM90Limits are the occupancy rules of compute capability 9.0 (CUDA C++
// Programming Guide, "Technical Specifications per Compute Capability"):
// 64 warps, 32 blocks, 64 Ki registers allocated 256 per warp, 228 KiB of
// shared memory with 1 KiB reserved per block, 4 schedulers, blocks of up
// to 1024 threads.
var SM90Limits = Limits{MaxWarps: 64, MaxBlocks: 32, Registers: 65536, RegisterUnit: 256,
	SharedBytes: 233472, SharedReserved: 1024, SubPartitions: 4, MaxThreadsPerBlock: 1024}

// Machine is the measured model of one GPU that predictions use.
type Machine struct {
	Device string `json:"device"`
	// Arch is "sm_90" for compute capability 9.0.
	Arch string `json:"arch"`
	// Source is the results file read.
	Source string `json:"source,omitempty"`
	// Issue is warp instructions issued per clock per SM (schedulers).
	Issue  float64 `json:"issue"`
	Limits Limits  `json:"limits"`
	// Opcodes maps measured opcodes to their numbers.
	Opcodes map[string]Measured `json:"-"`
	// PairClasses maps opcodes the alu suite measured only in pairs
	// (ISETP and SEL, FSETP and FSEL: a compare and a select) to the
	// layout class whose pipeline they are taken to share
	// (compareClasses); PairRecords are those pairs' records.
	PairClasses map[string]string `json:"-"`
	PairRecords []string          `json:"-"`
	// SequenceClasses maps opcodes no record classes alone (IADD3 and
	// LEA on the H100 and H200) to the layout class whose pipeline an
	// alu suite sequence's rate says they share (sequenceClasses);
	// SequenceRecords are those sequences' records.
	SequenceClasses map[string]string `json:"-"`
	SequenceRecords []string          `json:"-"`
	// Immediate maps base opcodes ("SHFL") to the smallest latency a
	// record measured for a form with an immediate operand (the alu and
	// warp suites' "[imm]" subjects: shfl.sync.bfly with a constant lane
	// mask is 24 cycles where a register mask is 26); an instruction of
	// that base with an immediate operand takes it when it is smaller.
	Immediate map[string]Measured `json:"-"`
	// Levels maps "shared", "L1", "L2", "DRAM" to their numbers.
	Levels map[string]Level `json:"levels"`
	// ALU is the pipeline layout and the replay's fitted issue model.
	ALU *report.ALUModel `json:"-"`
	// LoopControlCycles is what a loop's control (counter, compare, the
	// taken back-branch) adds per iteration to one warp in order beyond
	// its instructions' latencies; CrossPipeCycles is what a dependent
	// step from one layout pipeline to another adds. Both come from
	// records (see control); 0 when the results file lacks them.
	LoopControlCycles float64 `json:"loop_control_cycles,omitempty"`
	CrossPipeCycles   float64 `json:"cross_pipe_cycles,omitempty"`
	// BranchCycles is the fewest cycles from a taken back-branch's issue
	// to the next iteration's first instruction, what the model of
	// machine code with control fields (stall counts and scoreboards)
	// adds for a loop's branch; from the same record as
	// LoopControlCycles (see control), 0 when the results file lacks it.
	BranchCycles float64 `json:"branch_cycles,omitempty"`
	// ControlRecords are the IDs the two come from.
	ControlRecords []string `json:"control_records,omitempty"`
	// Copies maps a cp.async form and level, "cg 16 B, L2", to its
	// measured latency from issue to the copy's data visible in shared
	// memory (the async suite's cp.async latency records: commit_group
	// and wait_group 0 around one warp's copy): when a scoreboard set
	// by LDGDEPBAR is released. Empty when not measured.
	Copies map[string]Measured `json:"copies,omitempty"`
	// CopyBytesPerClock maps a cp.async level, "L2", to the bytes per
	// clock per SM its copies read at (the async suite's cp.async
	// bandwidth records).
	CopyBytesPerClock map[string]float64 `json:"copy_bytes_per_clock,omitempty"`
	// Barrier is the cycles per bar.sync of a block of warps (the
	// dispatch suite's barrier records: a block's warps passing
	// barriers back to back, unrolled), ascending in warps: what a warp
	// waits at __syncthreads for the block's other warps to arrive and
	// the barrier to release them. Empty when not measured.
	Barrier []LoadedPoint `json:"barrier,omitempty"`
	// Atomics maps a global atomic's subject, "atom.global.add.f32",
	// to the latency of its old value (the dispatch suite's atomic
	// latency records). Empty when not measured.
	Atomics map[string]Measured `json:"atomics,omitempty"`
	// GridAtomicRate is the atomics per clock per SM the dispatch suite
	// measured with every thread of the GPU adding to one address
	// ("atom.global.add.u32, one address for the GPU"): each SM's share
	// of what the L2 performs on one line for the whole grid; 0 when
	// not measured. GridAtomicRecord is its ID.
	GridAtomicRate   float64 `json:"grid_atomic_rate,omitempty"`
	GridAtomicRecord string  `json:"grid_atomic_record,omitempty"`
	// GridAtomicRateF32 and GridAtomicRecordF32 are the same for float
	// adds ("atom.global.add.f32, one address for the GPU"): the L2
	// performs a word's float adds slower than its integer ones.
	GridAtomicRateF32   float64 `json:"grid_atomic_rate_f32,omitempty"`
	GridAtomicRecordF32 string  `json:"grid_atomic_record_f32,omitempty"`
	// WarpWordRate is the atomics per clock per SM the dispatch suite
	// measured with every warp of the GPU adding its 32 lanes to a word
	// of its own ("atom.global.add.u32, 32 lanes one address"): what an
	// SM gets where its warps' lanes pile onto words no other SM
	// touches; WarpWordRateF32 the same for float adds; the records'
	// IDs beside them. 0 when not measured.
	WarpWordRate      float64 `json:"warp_word_rate,omitempty"`
	WarpWordRecord    string  `json:"warp_word_record,omitempty"`
	WarpWordRateF32   float64 `json:"warp_word_rate_f32,omitempty"`
	WarpWordRecordF32 string  `json:"warp_word_record_f32,omitempty"`
	// MatchAny is match.sync.any (MATCH.ANY) on keys of as many distinct
	// values among a warp's lanes (the warp suite's "match.sync.any.b32,
	// <k> distinct values", its chain's other instructions taken off,
	// and its plain record, every lane's value its own, at 32),
	// ascending in Distinct. Empty when not measured.
	MatchAny []MatchPoint `json:"match_any,omitempty"`
	// SharedAtomics maps a shared atomic's subject, uncontended
	// ("atom.shared.add.f32") or with a warp's lanes on one word
	// ("atom.shared.add.f32, 32 lanes one address"), to its one warp's
	// latency (the dispatch suite's atomic records) and its rate with
	// every warp of the GPU doing the same: atomics (lanes) per clock per
	// SM, not warp instructions.
	// Empty when not measured.
	SharedAtomics map[string]Measured `json:"shared_atomics,omitempty"`
	// ConstPassLatency is the cycles one warp's constant load takes for
	// each distinct address of its lanes past the first, and
	// ConstPassCycles what each distinct address holds a scheduler's
	// constant cache (one address served at a time); ConstSource names
	// the measurement. No record of the results file measures a
	// divergent constant load: they are the probe's of
	// scripts/analyze/probes (constPasses), 0 where none was made for
	// the architecture.
	ConstPassLatency float64 `json:"const_pass_latency,omitempty"`
	ConstPassCycles  float64 `json:"const_pass_cycles,omitempty"`
	ConstSource      string  `json:"const_source,omitempty"`
	// ConstLatency is the memory suite's constant-space chase at its
	// smallest footprint (one warp's dependent constant loads at a
	// register's index, every lane one address): the latency of every
	// LDC, indexed or at a fixed offset. ConstLatencyRecord is its ID;
	// 0 when not measured.
	ConstLatency       float64 `json:"const_latency,omitempty"`
	ConstLatencyRecord string  `json:"const_latency_record,omitempty"`
	// Window is what the memory suite's window writes measured (see
	// WindowWrites); nil where not measured.
	Window *WindowWrites `json:"window_writes,omitempty"`
	// Warnings say what the results file lacks.
	Warnings []string `json:"warnings,omitempty"`
}

// constPasses are the constant cache's costs per distinct address of a
// warp's constant load, by architecture, from scripts/analyze/probes
// (const_lat and const_tp: lane l reading word (l mod k) of a 2 KiB
// table, k = 1 to 32 distinct words): measured on an H200 (driver
// 580.159.04, 1980 MHz) on 2026-11-26. One warp's dependent chain took
// 34.3 cycles a load at one address and 11.0 more for each further
// distinct address (45.3, 67.2, 111.2, 199.1, 375.0 cycles at 2, 4, 8,
// 16, 32), whether the words were on one 128-byte line or 128 bytes
// apart; 32 warps per SM (8 a scheduler) took 8.0 cycles a scheduler
// per distinct address (129, 256, 512, 1024, 2048 cycles a warp
// iteration at 2 to 32 addresses): each scheduler's constant cache
// serves one address at a time.
var constPasses = map[string]struct{ latency, cycles float64 }{
	"sm_90": {latency: 11.0, cycles: 8.0},
}

// constSource names where constPasses' figures come from.
const constSource = "scripts/analyze/probes (const_lat, const_tp), H200, 2026-11-26: no record of the results file measures a divergent constant load"

// NewMachine reads the model from a run. It fails only when the run has
// no device name or no pipes suite layout; missing opcodes and memory
// levels become warnings and "not measured" cells.
func NewMachine(run *record.Run, source string) (*Machine, error) {
	if run == nil {
		return nil, fmt.Errorf("no results")
	}
	m := &Machine{Device: run.Device.Name, Source: source, Issue: float64(max(1, run.Device.SubPartitions)),
		Opcodes: map[string]Measured{}, Immediate: map[string]Measured{}, Levels: map[string]Level{}, Limits: SM90Limits}
	if cc := run.Device.ComputeCapability; cc != "" {
		m.Arch = "sm_" + strings.ReplaceAll(cc, ".", "")
	}
	m.limits(run.Device)
	alu, err := report.ALU(run)
	if err != nil {
		return nil, fmt.Errorf("results %s: %w", source, err)
	}
	m.ALU = alu
	m.opcodes(run)
	m.sequenceOpcodes(run)
	m.compareClasses(run)
	m.sequenceClasses(run)
	m.matchAny(run)
	m.levels(run)
	m.loopL1Latency(run)
	m.sharedLatency(run)
	m.control(run)
	m.copies(run)
	m.barriers(run)
	m.atomics(run)
	m.windowWrites(run)
	for i := range run.Records {
		if r := &run.Records[i]; r.ID == memory.LatencyID(memory.PathConstant) && r.Status == record.StatusOK && r.Value > 0 {
			m.ConstLatency, m.ConstLatencyRecord = r.Value, r.ID
		}
	}
	if c, ok := constPasses[m.Arch]; ok {
		m.ConstPassLatency, m.ConstPassCycles, m.ConstSource = c.latency, c.cycles, constSource
	}
	return m, nil
}

// atomics reads the dispatch suite's latency records of global atomics
// whose old value is used, "atom.global.add.f32" (one warp's chain of
// them), into Atomics, and its throughput of the whole GPU on one
// address into GridAtomicRate (GridAtomicRateF32 for float adds).
func (m *Machine) atomics(run *record.Run) {
	for i := range run.Records {
		r := &run.Records[i]
		if r.Suite == dispatch.Suite && r.Group == dispatch.GroupAtomic && r.Status == record.StatusOK && r.Value > 0 &&
			r.Quantity == record.Throughput {
			switch r.Subject {
			case "atom.global.add.u32, " + dispatch.OneGPUWord:
				m.GridAtomicRate, m.GridAtomicRecord = r.Value, r.ID
				continue
			case "atom.global.add.f32, " + dispatch.OneGPUWord:
				m.GridAtomicRateF32, m.GridAtomicRecordF32 = r.Value, r.ID
				continue
			case "atom.global.add.u32, " + dispatch.OneWarpWord:
				m.WarpWordRate, m.WarpWordRecord = r.Value, r.ID
			case "atom.global.add.f32, " + dispatch.OneWarpWord:
				m.WarpWordRateF32, m.WarpWordRecordF32 = r.Value, r.ID
			}
		}
		if r.Suite == dispatch.Suite && r.Group == dispatch.GroupAtomic && r.Status == record.StatusOK && r.Value > 0 &&
			strings.HasPrefix(r.Subject, dispatch.SharedAtomicPrefix) {
			m.sharedAtomic(r)
			continue
		}
		if r.Suite != dispatch.Suite || r.Group != dispatch.GroupAtomic || r.Status != record.StatusOK || r.Value <= 0 ||
			r.Quantity != record.Latency || !dispatch.IsGlobalAtomic(r.Subject) {
			continue
		}
		if m.Atomics == nil {
			m.Atomics = map[string]Measured{}
		}
		m.Atomics[r.Subject] = Measured{Opcode: "ATOMG", LatencyCycles: r.Value, LatencyRecord: r.ID}
	}
}

// MatchPoint is match.sync.any's latency and rate (warp instructions per
// clock per SM) on a key of Distinct values among a warp's lanes.
type MatchPoint struct {
	Distinct      float64 `json:"distinct"`
	LatencyCycles float64 `json:"latency_cycles,omitempty"`
	Rate          float64 `json:"rate,omitempty"`
	LatencyRecord string  `json:"latency_record,omitempty"`
	RateRecord    string  `json:"rate_record,omitempty"`
}

// matchAny reads MatchAny from the warp suite: each record of keys of
// few distinct values less its chain's other opcodes' measured latencies
// (two LOP3s a step), its rate as measured (the match is the chain's
// slowest instruction by far); the plain MATCH.ANY record at 32. It runs
// after opcodes, whose table it reads.
func (m *Machine) matchAny(run *record.Run) {
	byK := map[float64]MatchPoint{}
	for i := range run.Records {
		r := &run.Records[i]
		if r.Suite != warp.Suite || r.Status != record.StatusOK || r.Value <= 0 || r.Code == nil {
			continue
		}
		var k float64
		if _, err := fmt.Sscanf(r.Subject, "match.sync.any.b32, %g distinct values", &k); err != nil || k < 1 {
			continue
		}
		p := byK[k]
		p.Distinct = k
		switch {
		case r.Quantity == record.Latency:
			rest := 0.0
			for op, n := range r.Code.PerStep {
				if op == "MATCH.ANY" {
					continue
				}
				e, ok := m.lookupPrefix(op)
				if !ok || e.LatencyCycles <= 0 {
					rest = math.NaN()
				}
				rest += float64(n) * e.LatencyCycles
			}
			if math.IsNaN(rest) || r.Value-rest <= 0 {
				continue
			}
			p.LatencyCycles, p.LatencyRecord = r.Value-rest, r.ID
		case r.Quantity == record.Throughput && strings.HasPrefix(r.Unit, "warp instructions"):
			p.Rate, p.RateRecord = r.Value, r.ID
		default:
			continue
		}
		byK[k] = p
	}
	if len(byK) == 0 {
		return
	}
	if e, ok := m.Opcodes["MATCH.ANY"]; ok {
		byK[32] = MatchPoint{Distinct: 32, LatencyCycles: e.LatencyCycles, Rate: e.Rate, LatencyRecord: e.LatencyRecord, RateRecord: e.RateRecord}
	}
	for _, k := range slices.Sorted(maps.Keys(byK)) {
		m.MatchAny = append(m.MatchAny, byK[k])
	}
}

// matchAt is MATCH.ANY's latency and rate on a key of d distinct values,
// each interpolated linearly in d between the measured counts (the rate
// as its time per instruction); ok false where fewer than two are
// measured.
func (m *Machine) matchAt(d float64) (lat, rate float64, src string, ok bool) {
	var pts []MatchPoint
	for _, p := range m.MatchAny {
		if p.LatencyCycles > 0 && p.Rate > 0 {
			pts = append(pts, p)
		}
	}
	if len(pts) < 2 {
		return 0, 0, "", false
	}
	d = min(max(d, pts[0].Distinct), pts[len(pts)-1].Distinct)
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		if d > b.Distinct && i < len(pts)-1 {
			continue
		}
		f := (d - a.Distinct) / (b.Distinct - a.Distinct)
		lat = a.LatencyCycles + f*(b.LatencyCycles-a.LatencyCycles)
		rate = 1 / (1/a.Rate + f*(1/b.Rate-1/a.Rate))
		src = fmt.Sprintf("%s and %s, a key of %.1f distinct values", a.LatencyRecord, b.LatencyRecord, d)
		return lat, rate, src, true
	}
	return 0, 0, "", false
}

// sharedAtomic files a shared atomic's latency or rate record r into
// SharedAtomics.
func (m *Machine) sharedAtomic(r *record.Record) {
	if m.SharedAtomics == nil {
		m.SharedAtomics = map[string]Measured{}
	}
	e := m.SharedAtomics[r.Subject]
	e.Opcode = "ATOMS"
	switch r.Quantity {
	case record.Latency:
		e.LatencyCycles, e.LatencyRecord = r.Value, r.ID
	case record.Throughput:
		e.Rate, e.RateRecord = r.Value, r.ID
	default:
		return
	}
	m.SharedAtomics[r.Subject] = e
}

// sharedAtomicSubject is the dispatch suite's subject that measured
// shared atomic in: a compare-and-store spin loop (ATOMS.CAST.SPIN, the
// loop compilers emit for the atomics shared memory has no instruction
// for) is "atom.shared.add.f32" (32-bit) or "atom.shared.add.u64" (.64),
// the loops those atomics compile to; else the operation and type of its
// modifiers ("atom.shared.cas.b32" for ATOMS.CAS, "atom.shared.add.u32"
// for ATOMS.ADD); spin is true for the spin loop.
func sharedAtomicSubject(in sass.Instruction) (subject string, spin bool) {
	wide := strings.Contains(in.Opcode, ".64")
	if strings.Contains(in.Opcode, ".CAST") {
		if wide {
			return dispatch.SharedAtomicPrefix + "add.u64", true
		}
		return dispatch.SharedAtomicPrefix + "add.f32", true
	}
	op, typ := "add", "u32"
	for _, x := range strings.Split(in.Opcode, ".")[1:] {
		switch x {
		case "ADD", "MIN", "MAX", "EXCH", "CAS", "AND", "OR", "XOR", "INC", "DEC":
			op = strings.ToLower(x)
		case "S32":
			typ = "s32"
		}
	}
	switch op {
	case "cas", "exch", "and", "or", "xor":
		typ = "b32"
	case "inc", "dec":
		op = "add"
	}
	if wide {
		typ = "u64"
	}
	return dispatch.SharedAtomicPrefix + op + "." + typ, false
}

// sharedAtomicAt is the record of shared atomic in (sharedAtomicSubject),
// else of any shared atomic of its operation, else the uncontended
// integer add's; ok false where none is measured. contended picks the
// record of a warp's 32 lanes on one word.
func (m *Machine) sharedAtomicAt(in sass.Instruction, contended bool) (Measured, bool) {
	subject, spin := sharedAtomicSubject(in)
	suffix := ""
	if contended {
		suffix = ", " + dispatch.OneWarpWord
	}
	if e, ok := m.SharedAtomics[subject+suffix]; ok {
		return e, true
	}
	if spin {
		return Measured{}, false
	}
	op, _, _ := strings.Cut(strings.TrimPrefix(subject, dispatch.SharedAtomicPrefix), ".")
	for _, k := range slices.Sorted(maps.Keys(m.SharedAtomics)) {
		if strings.HasPrefix(k, dispatch.SharedAtomicPrefix+op+".") && strings.HasSuffix(k, suffix) && (contended || !strings.Contains(k, ",")) {
			return m.SharedAtomics[k], true
		}
	}
	e, ok := m.SharedAtomics[dispatch.SharedAtomicPrefix+"add.u32"+suffix]
	return e, ok
}

// sharedLaneStep is what each lane past the first added to shared
// atomic in's latency in the record of a warp's 32 lanes on one word
// (the word's atomics performed one after another), with where it comes
// from; ok false where either record is missing.
func (m *Machine) sharedLaneStep(in sass.Instruction) (float64, string, bool) {
	e, ok1 := m.sharedAtomicAt(in, false)
	e32, ok32 := m.sharedAtomicAt(in, true)
	if !ok1 || !ok32 || e32.LatencyCycles <= e.LatencyCycles {
		return 0, "", false
	}
	return (e32.LatencyCycles - e.LatencyCycles) / 31, fmt.Sprintf("%s less %s, a 31st", e32.LatencyRecord, e.LatencyRecord), true
}

// atomicLatency is the latency of global atomic in's old value: the
// record of its operation and type ("atom.global.add.f32" for
// ATOMG.E.ADD.F32...), else of its operation, else the smallest of any;
// ok false where none is measured.
func (m *Machine) atomicLatency(in sass.Instruction) (Measured, bool) {
	mods := strings.Split(in.Opcode, ".")[1:]
	op, typ := "", "u32"
	for _, x := range mods {
		switch x {
		case "ADD", "MIN", "MAX", "EXCH", "CAS", "AND", "OR", "XOR", "INC", "DEC":
			if op == "" {
				op = strings.ToLower(x)
			}
		case "F32", "F64", "S32", "U64", "S64", "F16x2", "BF16x2":
			typ = strings.ToLower(x)
		case "64":
			typ = "u64"
		}
	}
	if op == "" {
		op = "add"
	}
	if e, ok := m.Atomics["atom.global."+op+"."+typ]; ok {
		return e, true
	}
	var best Measured
	found := false
	for _, prefix := range []string{"atom.global." + op + ".", "atom.global."} {
		for _, k := range slices.Sorted(maps.Keys(m.Atomics)) {
			if e := m.Atomics[k]; strings.HasPrefix(k, prefix) && (!found || e.LatencyCycles < best.LatencyCycles) {
				best, found = e, true
			}
		}
		if found {
			return best, true
		}
	}
	return Measured{}, false
}

// copyLatency matches the async suite's cp.async latency subjects,
// "cp.async.cg 16 B, L2", and bandwidth subjects, "cp.async.cg 16 B read,
// L2".
var (
	copyLatency   = regexp.MustCompile(`^cp\.async\.(ca|cg) (\d+) B, (L1|L2|DRAM)$`)
	copyBandwidth = regexp.MustCompile(`^cp\.async\.(ca|cg) (\d+) B read, (L1|L2|DRAM)$`)
)

// copies reads the cp.async records (see Machine.Copies).
func (m *Machine) copies(run *record.Run) {
	for i := range run.Records {
		r := &run.Records[i]
		if r.Suite != async.Suite || r.Group != async.GroupCpAsync || r.Status != record.StatusOK || r.Value <= 0 {
			continue
		}
		if s := copyLatency.FindStringSubmatch(r.Subject); s != nil && r.Quantity == record.Latency {
			if m.Copies == nil {
				m.Copies = map[string]Measured{}
			}
			m.Copies[s[1]+" "+s[2]+" B, "+s[3]] = Measured{Opcode: "LDGSTS", LatencyCycles: r.Value, LatencyRecord: r.ID}
		}
		if s := copyBandwidth.FindStringSubmatch(r.Subject); s != nil && strings.HasPrefix(r.Unit, "bytes/clock") {
			if m.CopyBytesPerClock == nil {
				m.CopyBytesPerClock = map[string]float64{}
			}
			m.CopyBytesPerClock[s[3]] = max(m.CopyBytesPerClock[s[3]], r.Value)
		}
	}
}

// copyLatencyAt is the latency of a cp.async of form ("ca" or "cg") and
// bytes a lane at level: the record of that form, width and level, else
// the nearest width of the form at the level, else the other form's at
// the level; ok false where the level has no cp.async record.
func (m *Machine) copyLatencyAt(form string, bytes int, level string) (Measured, bool) {
	if e, ok := m.Copies[fmt.Sprintf("%s %d B, %s", form, bytes, level)]; ok {
		return e, true
	}
	other := map[string]string{"ca": "cg", "cg": "ca"}[form]
	for _, f := range []string{form, other} {
		var best Measured
		bestDiff := -1
		for _, k := range slices.Sorted(maps.Keys(m.Copies)) {
			var kf, kl string
			var kb int
			if _, err := fmt.Sscanf(strings.Replace(k, ",", "", 1), "%s %d B %s", &kf, &kb, &kl); err != nil || kf != f || kl != level {
				continue
			}
			if d := max(kb-bytes, bytes-kb); bestDiff < 0 || d < bestDiff {
				best, bestDiff = m.Copies[k], d
			}
		}
		if bestDiff >= 0 {
			return best, true
		}
	}
	return Measured{}, false
}

// barriers reads the bar.sync records (see Machine.Barrier).
func (m *Machine) barriers(run *record.Run) {
	for i := range run.Records {
		r := &run.Records[i]
		if r.Suite != dispatch.Suite || r.Group != dispatch.GroupBarrier || r.Status != record.StatusOK || r.Value <= 0 ||
			!strings.HasPrefix(r.Subject, dispatch.BarSyncPrefix) {
			continue
		}
		var n float64
		if _, err := fmt.Sscanf(strings.TrimPrefix(r.Subject, dispatch.BarSyncPrefix), "%g warps", &n); err != nil || n <= 0 {
			continue
		}
		m.Barrier = append(m.Barrier, LoadedPoint{Warps: n, Cycles: r.Value})
		m.ControlRecords = append(m.ControlRecords, r.ID)
	}
	slices.SortFunc(m.Barrier, func(a, b LoadedPoint) int { return cmp.Compare(a.Warps, b.Warps) })
}

// barrierAt is the cycles per bar.sync of a block of warps, interpolated
// linearly between the measured blocks and beyond the largest along its
// last two points' line (the barrier counts its warps' arrivals, so its
// cost grows by the same cycles a warp); ok false when not measured.
func (m *Machine) barrierAt(warps float64) (float64, bool) {
	pts := m.Barrier
	switch {
	case len(pts) == 0:
		return 0, false
	case warps <= pts[0].Warps || len(pts) == 1:
		return pts[0].Cycles, true
	}
	for i := 1; i < len(pts); i++ {
		if a, b := pts[i-1], pts[i]; warps <= b.Warps || i == len(pts)-1 {
			return a.Cycles + (b.Cycles-a.Cycles)*(warps-a.Warps)/(b.Warps-a.Warps), true
		}
	}
	return 0, false
}

func (m *Machine) limits(d record.Device) {
	a := d.Attributes
	set := func(dst *int, key string) {
		if v, ok := a[key]; ok && v > 0 {
			*dst = v
		}
	}
	if v, ok := a["MAX_THREADS_PER_MULTIPROCESSOR"]; ok && v > 0 && d.WarpSize > 0 {
		m.Limits.MaxWarps = v / d.WarpSize
	}
	set(&m.Limits.MaxBlocks, "MAX_BLOCKS_PER_MULTIPROCESSOR")
	set(&m.Limits.Registers, "MAX_REGISTERS_PER_MULTIPROCESSOR")
	set(&m.Limits.SharedBytes, "MAX_SHARED_MEMORY_PER_MULTIPROCESSOR")
	set(&m.Limits.SharedReserved, "RESERVED_SHARED_MEMORY_PER_BLOCK")
	set(&m.Limits.MaxThreadsPerBlock, "MAX_THREADS_PER_BLOCK")
	if d.SubPartitions > 0 {
		m.Limits.SubPartitions = d.SubPartitions
	}
}

// nonWork are opcodes a probe's loop carries besides the instruction
// under test.
var nonWork = map[string]bool{"NOP": true, "BRA": true, "ISETP": true, "UIADD3": true, "LDC": true, "ULDC": true, "IADD3": true, "EXIT": true, "UMOV": true, "MOV": true}

// mmaShape reads "m16n8k16" from an mma subject.
var mmaShape = regexp.MustCompile(`m(\d+)n(\d+)k(\d+)`)

// opcodes fills the opcode table from the alu, warp and mma suites: a
// record whose one chain step is one opcode (SASS per_step), or whose
// timed region holds one opcode of the expected kind, measures that
// opcode. Where several records measure one opcode the smallest latency
// and the largest rate are kept (the plain form of the instruction).
func (m *Machine) opcodes(run *record.Run) {
	for i := range run.Records {
		r := &run.Records[i]
		if r.Status != record.StatusOK || r.Code == nil || r.Value <= 0 {
			continue
		}
		switch r.Suite {
		case alu.Suite, warp.Suite, mma.Suite:
		default:
			continue
		}
		op := soleOpcode(r.Code)
		if op == "" {
			continue
		}
		if r.Quantity == record.Latency && strings.Contains(r.Subject, alu.ImmediateMark) {
			base, _, _ := strings.Cut(op, ".")
			if e, ok := m.Immediate[base]; !ok || r.Value < e.LatencyCycles {
				m.Immediate[base] = Measured{Opcode: op, LatencyCycles: r.Value, LatencyRecord: r.ID}
			}
		}
		e := m.Opcodes[op]
		e.Opcode = op
		switch r.Quantity {
		case record.Latency:
			if e.LatencyCycles == 0 || r.Value < e.LatencyCycles {
				e.LatencyCycles, e.LatencyRecord = r.Value, r.ID
			}
		case record.Throughput:
			rate := r.Value
			if strings.HasPrefix(r.Unit, "operations") {
				s := mmaShape.FindStringSubmatch(r.Subject)
				if s == nil || strings.Contains(r.Subject, mma.WarpgroupMark) || strings.Contains(r.Subject, mma.SparseMark) {
					continue
				}
				mm, _ := strconv.Atoi(s[1])
				nn, _ := strconv.Atoi(s[2])
				kk, _ := strconv.Atoi(s[3])
				rate = r.Value / float64(2*mm*nn*kk)
			} else if !strings.HasPrefix(r.Unit, "warp instructions") {
				continue
			}
			if rate > e.Rate {
				e.Rate, e.RateRecord = rate, r.ID
			}
		default:
			continue
		}
		m.Opcodes[op] = e
	}
}

// sequenceOpcodes measures, from the warp suite's chains of several
// opcodes a step (REDUX.SUM, then IMAD.U32 moving its uniform result to
// a lane register, then LOP3.LUT folding it back), the one opcode of a
// step that no record measures alone: its latency the chain's less the
// others' measured latencies, its rate the chain's where every other
// opcode issues at least twice as fast (the unmeasured one is then what
// limits the chain). Opcodes measured alone keep their own records.
func (m *Machine) sequenceOpcodes(run *record.Run) {
	type part struct {
		r             *record.Record
		target        string
		rest, slowest float64
	}
	// Every chain read against the table as the single-opcode records
	// left it, then the unmeasured opcodes filled in.
	var parts []part
	for i := range run.Records {
		r := &run.Records[i]
		if r.Status != record.StatusOK || r.Code == nil || r.Value <= 0 || r.Suite != warp.Suite || len(r.Code.PerStep) < 2 {
			continue
		}
		p := part{r: r, slowest: math.Inf(1)}
		ok := true
		for _, op := range slices.Sorted(maps.Keys(r.Code.PerStep)) {
			// Another form of the same base does not stand in here:
			// MATCH.ALL is not MATCH.ANY, whose record measures all
			// 32 lanes' values differing.
			e, measured := m.lookupPrefix(op)
			switch {
			case r.Code.PerStep[op] != 1:
				ok = false
			case !measured || e.LatencyCycles <= 0:
				ok = ok && p.target == ""
				p.target = op
			default:
				p.rest += e.LatencyCycles
				if e.Rate > 0 {
					p.slowest = min(p.slowest, e.Rate)
				}
			}
		}
		if ok && p.target != "" {
			parts = append(parts, p)
		}
	}
	for _, p := range parts {
		r := p.r
		e := m.Opcodes[p.target]
		e.Opcode = p.target
		switch {
		case r.Quantity == record.Latency && r.Value-p.rest > 0:
			if e.LatencyCycles == 0 || r.Value-p.rest < e.LatencyCycles {
				e.LatencyCycles, e.LatencyRecord = r.Value-p.rest, r.ID
			}
		case r.Quantity == record.Throughput && strings.HasPrefix(r.Unit, "warp instructions") && p.slowest >= 2*r.Value:
			if r.Value > e.Rate {
				e.Rate, e.RateRecord = r.Value, r.ID
			}
		default:
			continue
		}
		m.Opcodes[p.target] = e
	}
}

// compareMinMax names, for the compare opcodes, the layout class of the
// minimum of the same type: NVIDIA's throughput table lists 32-bit
// integer compare with minimum and maximum (64 results a clock per SM on
// compute capability 9.0; CUDA C++ Programming Guide, "Arithmetic
// Instructions"), and a float's compare with its minimum likewise.
var compareMinMax = map[string]string{"ISETP": "VIMNMX", "FSETP": "FMNMX"}

// compareClasses files, from the alu suite's throughput records of a
// compare and a select measured together (setp.lt.s32+selp.s32 as ISETP
// + SEL, slct.f32.f32 as FSETP + FSEL), the pipeline both take where no
// record measures either alone: two instructions a step at half the rate
// of one pipeline of the layout (within 2%) share one pipeline, as two on
// different pipelines would run at the full rate; which one, the pair's
// rate does not tell where several pipelines run at it, and the compare
// is taken into its type's minimum's (compareMinMax). An opcode the
// pipes suite classed keeps its class.
func (m *Machine) compareClasses(run *record.Run) {
	for i := range run.Records {
		r := &run.Records[i]
		if r.Status != record.StatusOK || r.Suite != alu.Suite || r.Quantity != record.Throughput || r.Code == nil || len(r.Code.PerStep) != 2 || r.Value <= 0 {
			continue
		}
		ops := slices.Sorted(maps.Keys(r.Code.PerStep))
		class := ""
		for _, op := range ops {
			base, _, _ := strings.Cut(op, ".")
			if c, ok := compareMinMax[base]; ok {
				class = c
			}
		}
		pipe := m.pipelineOfClass(class, "|")
		rate := 0.0
		for _, p := range m.ALU.Layout.Pipelines {
			if slices.Contains(p.Classes, class) {
				rate = p.Rate
			}
		}
		if class == "" || pipe == "" || !within2pct(2*r.Value, rate) {
			continue
		}
		ok := true
		for _, op := range ops {
			ok = ok && r.Code.PerStep[op] == 1 && m.pipeOf(op) == ""
		}
		if !ok {
			continue
		}
		if m.PairClasses == nil {
			m.PairClasses = map[string]string{}
		}
		for _, op := range ops {
			base, _, _ := strings.Cut(op, ".")
			m.PairClasses[base] = class
		}
		m.PairRecords = append(m.PairRecords, r.ID)
	}
}

// sequenceClasses files, from the alu suite's throughput records of a
// sequence of several opcodes a step, the opcodes of it no layout class
// or pair holds: where the sequence's rate times the classed opcodes on
// one pipeline and the unclassed ones together is that pipeline's rate
// (within 2%), for that pipeline only, and the classed ones alone fill
// none at that rate, the unclassed opcodes are taken onto it. On the
// H100 vabsdiff.s32 compiles to PRMT, IADD3, LEA.HI.X.SX32, ISETP and
// IMAD.MOV a step at 0.498 a clock per SM: PRMT and ISETP on the 1.99 pipeline leave it at half its rate, and
// IADD3 and LEA with them make it a quarter, as measured; on another
// pipeline (IMAD's, with IMAD.MOV) the two would make it 0.66.
func (m *Machine) sequenceClasses(run *record.Run) {
	for i := range run.Records {
		r := &run.Records[i]
		if r.Status != record.StatusOK || r.Suite != alu.Suite || r.Quantity != record.Throughput || r.Code == nil || len(r.Code.PerStep) < 3 || r.Value <= 0 {
			continue
		}
		perPipe := map[string]float64{}
		var loose []string
		ok := true
		for _, op := range slices.Sorted(maps.Keys(r.Code.PerStep)) {
			n := r.Code.PerStep[op]
			base, _, _ := strings.Cut(op, ".")
			switch p := m.pipeOf(op); {
			case n != 1:
				ok = false
			case p == "":
				loose = append(loose, base)
			case strings.Contains(p, "|"):
				ok = false // a flexible class: which pipeline is not known
			case p != "":
				perPipe[p]++
			}
		}
		if !ok || len(loose) == 0 {
			continue
		}
		var found []infer.Pipeline
		explained := false
		for _, p := range m.ALU.Layout.Pipelines {
			with := r.Value * (perPipe[p.Name] + float64(len(loose)))
			explained = explained || within2pct(r.Value*perPipe[p.Name], p.Rate)
			if len(p.Classes) > 0 && within2pct(with, p.Rate) {
				found = append(found, p)
			}
		}
		if explained || len(found) != 1 {
			// The classed opcodes fill a pipeline at the sequence's
			// rate already (the others may be anywhere), or the rate
			// does not pick one.
			continue
		}
		if m.SequenceClasses == nil {
			m.SequenceClasses = map[string]string{}
		}
		for _, b := range loose {
			m.SequenceClasses[b] = found[0].Classes[0]
		}
		m.SequenceRecords = append(m.SequenceRecords, r.ID)
	}
}

// soleOpcode is the one opcode a record measured, "" when it measured a
// sequence.
func soleOpcode(s *record.CodeCheck) string {
	if len(s.PerStep) > 0 {
		if len(s.PerStep) != 1 {
			return ""
		}
		for op, n := range s.PerStep {
			if n == 1 {
				return op
			}
		}
		return ""
	}
	found := ""
	for op := range s.Counts {
		base, _, _ := strings.Cut(op, ".")
		if nonWork[base] {
			continue
		}
		ok := false
		for _, e := range s.Expected {
			if base == e || strings.HasPrefix(op, e) {
				ok = true
			}
		}
		if !ok {
			continue
		}
		if found != "" {
			return ""
		}
		found = op
	}
	return found
}

// Lookup finds the measured numbers for an opcode: the opcode itself, the
// longest measured prefix of it on modifier boundaries ("FFMA.FTZ" takes
// FFMA's), else the measured form of its base opcode with the smallest
// latency ("IADD3" takes "IADD3.X"'s). ok is false when nothing matches.
func (m *Machine) Lookup(opcode string) (Measured, bool) {
	if e, ok := m.lookupPrefix(opcode); ok {
		return e, true
	}
	// No prefix measured: the same base opcode with other modifiers
	// (IADD3 takes IADD3.X's), the form with the smallest latency.
	base, _, _ := strings.Cut(opcode, ".")
	var best Measured
	found := false
	for _, op := range m.sortedOpcodes() {
		e := m.Opcodes[op]
		if b, _, _ := strings.Cut(op, "."); b != base || e.LatencyCycles == 0 {
			continue
		}
		if !found || e.LatencyCycles < best.LatencyCycles {
			best, found = e, true
		}
	}
	return best, found
}

// lookupPrefix is Lookup without its last resort: opcode's record, or
// that of the longest prefix of its modifiers measured; ok false where
// none is (the same base with other modifiers does not stand in).
func (m *Machine) lookupPrefix(opcode string) (Measured, bool) {
	for op := opcode; ; {
		if e, ok := m.Opcodes[op]; ok {
			return e, true
		}
		i := strings.LastIndex(op, ".")
		if i < 0 {
			return Measured{}, false
		}
		op = op[:i]
	}
}

// levels reads the memory levels: latency from the pointer-chase curves'
// plateaus (shared; the L1 from global ld.ca's first; the L2 and DRAM
// from global ld.cg's first and last) and bandwidth from the bandwidth
// records.
func (m *Machine) levels(run *record.Run) {
	lv := func(name string) Level {
		l := m.Levels[name]
		l.Name = name
		return l
	}
	for i := range run.Records {
		r := &run.Records[i]
		if r.Suite != memory.Suite || r.Status != record.StatusOK {
			continue
		}
		switch {
		case r.Quantity == record.Curve && r.Group == memory.GroupLatency && r.Curve != nil:
			pts := make([]infer.Point, len(r.Curve.Points))
			for j, p := range r.Curve.Points {
				pts[j] = infer.Point{Bytes: float64(p.Bytes), Value: p.Value}
			}
			ls, err := infer.Levels(pts, 0.15)
			if err != nil || len(ls) == 0 {
				continue
			}
			set := func(name string, v float64) {
				l := lv(name)
				l.LatencyCycles = v
				l.Records = append(l.Records, r.ID)
				m.Levels[name] = l
			}
			capacity := func(name string) {
				if l := lv(name); len(ls) > 1 && ls[0].Capacity > 0 {
					l.CapacityBytes = ls[0].Capacity
					m.Levels[name] = l
				}
			}
			switch r.Subject {
			case memory.PathShared:
				set("shared", ls[0].Value)
			case memory.PathL1:
				set("L1", ls[0].Value)
				capacity("L1")
			case memory.PathL2:
				set("L2", ls[0].Value)
				capacity("L2")
				if len(ls) > 1 {
					set("DRAM", ls[len(ls)-1].Value)
				}
			}
		case r.Group == memory.GroupGlobalAccess && r.Value > 0 && r.Unit == "cycles per warp load" &&
			strings.HasSuffix(r.Subject, " "+memory.AccessLanes(4, 128)):
			name := map[string]string{"ld.ca": "L1", "ld.cg": "L2"}[strings.Fields(r.Subject)[0]]
			if name == "" {
				continue
			}
			// The load/store unit's side: one line a cycle or so,
			// whichever level serves the lines.
			l := lv(name)
			l.DivergentCycles = max(l.DivergentCycles, r.Value)
			l.Records = append(l.Records, r.ID)
			m.Levels[name] = l
		case r.Group == memory.GroupGlobalBanks && r.Value > 0 && r.Unit == "cycles per warp load" && memory.GlobalBankCacheOp(r.Subject) == "ca":
			var lines int
			var kind string
			if _, err := fmt.Sscanf(r.Subject, strings.ReplaceAll(memory.GlobalBankFormat, "ld.%s ", "ld.ca "), &lines, &kind); err != nil || lines <= 0 {
				continue
			}
			l := lv("L1")
			switch kind {
			case "other":
				l.SpreadCycles = append(l.SpreadCycles, LinePoint{Lines: float64(lines), Cycles: r.Value})
				slices.SortFunc(l.SpreadCycles, func(a, b LinePoint) int { return cmp.Compare(a.Lines, b.Lines) })
			case "same":
				if n := float64(lines); n >= l.bankLines {
					l.BankWavefrontCycles, l.bankLines = r.Value/n, n
				}
			default:
				continue
			}
			l.Records = append(l.Records, r.ID)
			m.Levels["L1"] = l
		case r.Group == memory.GroupTransferUnit && r.Value > 0 && strings.HasPrefix(r.Unit, "bytes/clock") &&
			r.Subject != memory.TransferSubject(memory.LevelL2, 128) && r.Subject != memory.TransferSubject(memory.LevelDRAM, 128):
			var name string
			var spacing int
			if _, err := fmt.Sscanf(strings.Replace(r.Subject, ",", " ", 1), "%s lanes %d bytes apart", &name, &spacing); err == nil && spacing > 0 {
				l := lv(name)
				if l.TransferBytesPerClock == nil {
					l.TransferBytesPerClock = map[int]float64{}
				}
				l.TransferBytesPerClock[spacing] = r.Value
				l.Records = append(l.Records, r.ID)
				m.Levels[name] = l
			}
		case r.Group == memory.GroupTransferUnit && r.Value > 0 && strings.HasPrefix(r.Unit, "bytes/clock") &&
			(r.Subject == memory.TransferSubject(memory.LevelL2, 128) || r.Subject == memory.TransferSubject(memory.LevelDRAM, 128)):
			// The level's side: every SM streaming 4-byte lanes 128
			// bytes apart, 128 useful bytes a warp load, so the rate at
			// which the level delivers a line per lane. A divergent
			// load passes both this and the load/store unit: the
			// slower of the two bounds it.
			name, _, _ := strings.Cut(r.Subject, ",")
			l := lv(name)
			l.DivergentCycles = max(l.DivergentCycles, 32*4/r.Value)
			if l.TransferBytesPerClock == nil {
				l.TransferBytesPerClock = map[int]float64{}
			}
			l.TransferBytesPerClock[128] = r.Value
			l.Records = append(l.Records, r.ID)
			m.Levels[name] = l
		case r.Group == memory.GroupDivergent && r.Quantity == record.Latency && r.Sweep != nil:
			name, _, _ := strings.Cut(r.Subject, ",")
			l := lv(name)
			l.Loaded = sweepPoints(r.Sweep)
			l.Records = append(l.Records, r.ID)
			m.Levels[name] = l
		case r.Group == memory.GroupScatter && r.Sweep != nil:
			name, rest, _ := strings.Cut(r.Subject, ", ")
			instr, _, _ := strings.Cut(rest, ", ")
			if r.Subject != memory.ScatterSubject(name, instr) {
				continue
			}
			pts := sweepPoints(r.Sweep)
			if len(pts) == 0 {
				continue
			}
			l := lv(name)
			if l.ScatterLines == nil {
				l.ScatterLines = map[string][]LoadedPoint{}
			}
			l.ScatterLines[instr] = pts
			l.Records = append(l.Records, r.ID)
			m.Levels[name] = l
		case r.Group == memory.GroupStreamWarps && r.Status == record.StatusOK && r.Sweep != nil:
			name, loads, width, store, ok := memory.ParseWaitsSubject(r.Subject)
			if !ok || loads != 1 || (name != "L2" && name != "DRAM") || (store != memory.WaitsNoStore && store != memory.WaitsStoreOther) {
				continue
			}
			c := StreamCurve{Lines: float64(32*width) / 128, Copy: store == memory.WaitsStoreOther, Record: r.ID}
			if c.Copy {
				c.Lines *= 2
			}
			if c.Points = sweepPoints(r.Sweep); len(c.Points) == 0 {
				continue
			}
			l := lv(name)
			l.Streams = append(l.Streams, c)
			l.Records = append(l.Records, r.ID)
			m.Levels[name] = l
		case r.Group == memory.GroupWaits && r.Value > 0:
			name, loads, width, store, ok := memory.ParseWaitsSubject(r.Subject)
			if !ok || (name != "L2" && name != "DRAM") {
				continue
			}
			l := lv(name)
			l.Waits = append(l.Waits, WaitPoint{Loads: loads, Width: width, Store: store, Cycles: r.Value - m.probeXor(loads*width/4)})
			l.Records = append(l.Records, r.ID)
			m.Levels[name] = l
		case r.Group == memory.GroupBanks && r.Value > 0 && r.Unit == "cycles per warp load" && strings.Contains(r.Subject, memory.WidthMark):
			l := lv("shared")
			if l.WarpLoadCycles == nil {
				l.WarpLoadCycles = map[string]float64{}
			}
			l.WarpLoadCycles[r.Subject] = r.Value
			l.Records = append(l.Records, r.ID)
			m.Levels["shared"] = l
		case r.Group == memory.GroupBandwidth && r.Value > 0:
			name, dir, _ := strings.Cut(r.Subject, " ")
			if name != "shared" && name != "L1" && name != "L2" && name != "DRAM" {
				continue
			}
			l := lv(name)
			switch dir {
			case "read":
				l.ReadBytesPerClock = r.Value
			case "write":
				l.WriteBytesPerClock = r.Value
			case "read, ld.ca":
				l.CachedReadBytesPerClock = r.Value
			default:
				continue
			}
			l.Records = append(l.Records, r.ID)
			m.Levels[name] = l
		}
	}
	for _, name := range LevelNames {
		l, ok := m.Levels[name]
		switch {
		case !ok:
			m.Warnings = append(m.Warnings, fmt.Sprintf("memory level %s: not measured in this results file", name))
		case l.LatencyCycles == 0:
			m.Warnings = append(m.Warnings, fmt.Sprintf("memory level %s: latency not measured", name))
		case l.ReadBytesPerClock == 0:
			m.Warnings = append(m.Warnings, fmt.Sprintf("memory level %s: bandwidth not measured", name))
		}
	}
}

// probeXor is what a loads-waited-on-together probe's own xor of the
// words it loads (words of them) adds to an iteration: it xors each word
// into the next index (cudagpu.WaitsKernel), which ptxas compiles to a
// tree of three-input LOP3s (the record of one load of 16 bytes a lane
// holds three LOP3s: the mask and two levels for four words), each level
// a LOP3's latency on the way to the next load. Left in, it would count
// as the loads' own: one load of 16 bytes would wait two LOP3s longer
// than one of 4 for its data alone. 0 where LOP3 is not measured.
func (m *Machine) probeXor(words int) float64 {
	e, ok := m.Lookup("LOP3.LUT")
	if !ok || e.LatencyCycles <= 0 {
		return 0
	}
	var levels int
	for reach := 1; reach < words; reach *= 3 {
		levels++
	}
	return float64(levels) * e.LatencyCycles
}

// loopL1Latency sets the L1's latency to what a warp's load shows in a
// loop, where its value goes through integer operations to the next
// load's address, rather than the pointer chase's, where it feeds the
// next load's address itself. The memory suite's loads waited on
// together time one 4-byte load a lane an iteration, the next index an
// add, a mask and an address computation after it, in the L1 and in the
// L2: the same machine code, so the same cycles beside the load at both
// levels. Taking the L2's load as its chase's latency (its chase, at
// some 285 cycles, and the probe agree within a few cycles however the
// probe's other instructions are replayed) leaves those cycles, and the
// L1's load is its record less them: 55.4 − (302.3 − 284.9) = 37.9
// cycles on an H100 at 1980 MHz, against the chase's 32 (which a load
// feeding the next load's address itself, no instruction between,
// shows). The latency stays the chase's where a record is missing or the
// figure would not exceed it.
func (m *Machine) loopL1Latency(run *record.Run) {
	l1, l2 := m.Levels["L1"], m.Levels["L2"]
	if l1.LatencyCycles <= 0 || l2.LatencyCycles <= 0 {
		return
	}
	// The L2's one 4-byte load is among its waits (no xor to take out).
	w2, ok := l2.waitAt(1, 4, memory.WaitsNoStore)
	if !ok || w2 <= 0 {
		return
	}
	id := memory.WaitsID("L1", 1, 4, memory.WaitsNoStore)
	for i := range run.Records {
		r := &run.Records[i]
		if r.ID != id || r.Status != record.StatusOK || r.Value <= 0 {
			continue
		}
		if v := r.Value - (w2 - l2.LatencyCycles); v > l1.LatencyCycles {
			l1.LatencyCycles = v
			l1.Records = append(l1.Records, r.ID, memory.WaitsID("L2", 1, 4, memory.WaitsNoStore))
			m.Levels["L1"] = l1
		}
		return
	}
}

// Mismatch says how the measured machine differs from the one machine
// code for arch ("sm_90", "sm_90a") runs on, or "" when it is that GPU's
// (the architecture's feature suffix aside) or arch is unknown: the
// predictions then use another machine's measurements.
func (m *Machine) Mismatch(arch string) string {
	if arch == "" {
		return ""
	}
	base := func(a string) string { return strings.TrimRight(a, "af") }
	switch {
	case m.Arch == "":
		return fmt.Sprintf("the results are of %s, which runs no %s machine code: every figure below is another machine's", m.Device, arch)
	case base(m.Arch) != base(arch):
		return fmt.Sprintf("the results are of %s (%s), not of a GPU that runs %s machine code: the figures are another architecture's", m.Device, m.Arch, arch)
	}
	return ""
}

// MismatchGPU is Mismatch, or, when the architecture matches and model
// (the GPU the code is for, as its driver names it: "NVIDIA H200") is
// not "", how the measured GPU differs from that one: the H100 and the
// H200 run the same machine code, at other clocks and memory speeds. ""
// when the results are of that GPU or model is "".
func (m *Machine) MismatchGPU(arch, model string) string {
	if w := m.Mismatch(arch); w != "" {
		return w
	}
	if model == "" || m.Device == "" || strings.EqualFold(m.Device, model) {
		return ""
	}
	return fmt.Sprintf("the results are of %s, not of %s: the figures are another GPU model's (pass --results FILE with %s's)", m.Device, model, model)
}

// sharedLatency refines the shared level's latency from records outside
// the memory suite, where the results file has them. The async suite's
// chain of ld.shared (LDS) is unrolled eight steps a loop iteration, so
// no loop control sits in it, as it does in the memory suite's chase of
// one load an iteration (30 cycles against 23 on the H100 and H200, and
// ldmatrix with one wavefront takes 23 too): the loop's own control is
// the model's to add, not the latency's. The mma suite's ldmatrix
// latencies with one and four wavefronts (x1, x4) give what each further
// wavefront of a load adds (2 cycles on both GPUs).
func (m *Machine) sharedLatency(run *record.Run) {
	l, ok := m.Levels["shared"]
	if !ok {
		return
	}
	var x1, x4 *record.Record
	for i := range run.Records {
		r := &run.Records[i]
		if r.Status != record.StatusOK || r.Value <= 0 {
			continue
		}
		switch r.ID {
		case async.LatencyID(async.SharedOwnBlock):
			l.LatencyCycles = r.Value
			l.Records = append(l.Records, r.ID)
		case mma.LatencyID(mma.LdmatrixX1):
			x1 = r
		case mma.LatencyID(mma.LdmatrixX4):
			x4 = r
		}
	}
	if x1 != nil && x4 != nil && x4.Value > x1.Value {
		l.WavefrontCycles = (x4.Value - x1.Value) / 3
		l.Records = append(l.Records, x1.ID, x4.ID)
	}
	m.Levels["shared"] = l
}

// LevelNames are the memory levels --level accepts, nearest first.
var LevelNames = []string{"shared", "L1", "L2", "DRAM"}

// shortestLatency is the smallest measured latency, what the replay gives
// an instruction with none.
func (m *Machine) shortestLatency() float64 {
	best := math.Inf(1)
	for _, e := range m.Opcodes {
		if e.LatencyCycles > 0 {
			best = math.Min(best, e.LatencyCycles)
		}
	}
	if math.IsInf(best, 1) {
		return 1
	}
	return best
}

// sortedOpcodes lists the table's opcodes.
func (m *Machine) sortedOpcodes() []string {
	var out []string
	for op := range m.Opcodes {
		out = append(out, op)
	}
	sort.Strings(out)
	return out
}

// pipeOf names the layout pipeline(s) an opcode issues to: its class's
// pipeline, or a flexible class's pipelines joined with "|"; "" when the
// opcode has no layout class (uniform, memory, control).
func (m *Machine) pipeOf(opcode string) string {
	l := m.ALU.Layout
	var classes []string
	for _, p := range l.Pipelines {
		classes = append(classes, p.Classes...)
	}
	for _, f := range l.Flexible {
		classes = append(classes, f.Name)
	}
	c := infer.ClassOf(opcode, classes)
	if c == "" {
		base, _, _ := strings.Cut(opcode, ".")
		c = m.derivedClass(base)
	}
	if c == "" {
		return ""
	}
	return m.pipelineOfClass(c, "|")
}

// derivedClass is the layout class a base opcode no record classes alone
// is taken into: a compare and select pair's (PairClasses), else a
// sequence's (SequenceClasses); "" for neither.
func (m *Machine) derivedClass(base string) string {
	if c := m.PairClasses[base]; c != "" {
		return c
	}
	return m.SequenceClasses[base]
}

// pipelineOfClass names the pipeline of layout class c, or a flexible
// class's pipelines joined with sep; "" when c is no class of the layout.
func (m *Machine) pipelineOfClass(c, sep string) string {
	l := m.ALU.Layout
	for _, f := range l.Flexible {
		if f.Name == c {
			return strings.Join(f.Pipelines, sep)
		}
	}
	for _, p := range l.Pipelines {
		if slices.Contains(p.Classes, c) {
			return p.Name
		}
	}
	return ""
}

// dependentOps reads "8 dependent IMADs" from a record's note.
var dependentOps = regexp.MustCompile(`(\d+) dependent ([A-Z][A-Z0-9.]*?)s\b`)

// control derives what a loop costs beyond its instructions' latencies,
// from records, never from the loops being predicted:
//
//   - LoopControlCycles, from the dispatch suite's "branch" group: its
//     "no branch (the body alone)" record times one warp running a loop
//     whose body is a chain of dependent instructions (the record's note
//     says how many of which, "8 dependent IMADs") plus the loop's own
//     control (counter, ISETP, the taken back-branch BRA), which does not
//     depend on the chain. The in-order model hides that control under
//     the chain's latencies, so it would predict n × latency(IMAD) = 32
//     cycles; the record measures 39. The difference is what a loop's
//     control and taken back-branch cost per iteration that the in-order
//     model does not see. (The "uniform branch, taken (the body skipped)"
//     record, about 40 cycles with no body, says the same: a loop's
//     control alone is not free.) The replay makes each warp wait
//     LoopControlCycles after its back-branch, other warps issuing
//     meanwhile (infer.Loop.LoopControl).
//   - CrossPipeCycles, from the alu suite's latency records whose chain
//     step alternates two opcodes on different layout pipelines
//     ("add.s16": IADD3 and IMAD.IADD; "neg.s32": IMAD.MOV and LOP3),
//     each opcode's own latency measured by another record: the step's
//     latency beyond the opcodes' own latencies, divided by the pipeline
//     crossings per step (2 × the rarer opcode's count), is the cost of
//     one crossing. The median over those records is kept.
func (m *Machine) control(run *record.Run) {
	var cross []float64
	var crossRecs []string
	for i := range run.Records {
		r := &run.Records[i]
		if r.Status != record.StatusOK || r.Value <= 0 || r.Quantity != record.Latency {
			continue
		}
		switch {
		case r.Suite == dispatch.Suite && r.Group == dispatch.GroupBranch && strings.HasPrefix(r.Subject, dispatch.NoBranch):
			s := dependentOps.FindStringSubmatch(r.Note)
			if s == nil {
				continue
			}
			n, _ := strconv.Atoi(s[1])
			e, ok := m.Lookup(s[2])
			if !ok || e.LatencyCycles <= 0 || n <= 0 {
				continue
			}
			if c := r.Value - float64(n)*e.LatencyCycles; c > 0 {
				m.LoopControlCycles = c
				m.ControlRecords = append(m.ControlRecords, r.ID, e.LatencyRecord)
			}
			if b := r.Value - float64(n-1)*e.LatencyCycles - 1; b > 1 {
				m.BranchCycles = b
			}
		case r.Suite == alu.Suite && r.Code != nil && len(r.Code.PerStep) == 2:
			var ops []string
			for op := range r.Code.PerStep {
				ops = append(ops, op)
			}
			sort.Strings(ops)
			a, b := ops[0], ops[1]
			pa, pb := m.pipeOf(a), m.pipeOf(b)
			if pa == "" || pb == "" || pa == pb {
				continue
			}
			ea, oka := m.Lookup(a)
			eb, okb := m.Lookup(b)
			if !oka || !okb || ea.LatencyCycles <= 0 || eb.LatencyCycles <= 0 || ea.LatencyRecord == r.ID || eb.LatencyRecord == r.ID {
				continue
			}
			ca, cb := r.Code.PerStep[a], r.Code.PerStep[b]
			crossings := 2 * math.Min(ca, cb)
			if crossings <= 0 {
				continue
			}
			cross = append(cross, (r.Value-ca*ea.LatencyCycles-cb*eb.LatencyCycles)/crossings)
			crossRecs = append(crossRecs, r.ID)
		}
	}
	if len(cross) > 0 {
		sort.Float64s(cross)
		m.CrossPipeCycles = math.Max(0, cross[len(cross)/2])
		m.ControlRecords = append(m.ControlRecords, crossRecs...)
	}
}

// sweepPoints is a sweep over warps per SM as points (Cycles holds the
// point's value), ascending in warps: the measured points, failed ones
// and those without a value left out.
func sweepPoints(sw *record.SweepDetail) []LoadedPoint {
	var pts []LoadedPoint
	for _, p := range sw.Points {
		if p.Failed == "" && p.Value > 0 && p.X > 0 {
			pts = append(pts, LoadedPoint{Warps: p.X, Cycles: p.Value})
		}
	}
	slices.SortFunc(pts, func(a, b LoadedPoint) int { return cmp.Compare(a.Warps, b.Warps) })
	return pts
}
