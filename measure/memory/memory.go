// Package memory is the memory-hierarchy suite: pointer-chase latency
// against footprint through the L1 path (ld.ca), around it (ld.cg),
// through the constant cache and in shared memory, from 256 bytes to
// gigabytes, so that reports can detect each level's capacity and latency
// rather than assume them; then bandwidth per level sized from what was
// detected, shared-memory banks, divergent global loads and the
// instruction-fetch cliff, the loaded latency of divergent loads and the
// rate of scattered writes (a line per lane).
// Every probe runs through CUDA and through Vulkan; what Vulkan cannot
// express (the constant cache, the L1/shared carve-out) is skipped there,
// with why, and so are the divergent chase and the scattered writes, which
// are written in PTX alone.
// One package holds the whole domain: its plan (this file), its jobs
// (chase.go, stream.go, banks.go, divergent.go, scatter.go, codesize.go),
// which describe their kernels neutrally (kernel.ChaseSpec,
// kernel.StreamLoopSpec, kernel.BankLoadsSpec) for each backend's lowering
// to write, but for the divergent chase and the scattered writes, written
// in PTX (cudagpu.PTXJob), and the code-size test,
// the engine's throughput chain (engine.LoopBodyJob), and the names of its
// records (names.go).
package memory

import (
	"fmt"
	"slices"
	"time"

	"github.com/gpuarch/gpuarch/engine"
	"github.com/gpuarch/gpuarch/infer"
	"github.com/gpuarch/gpuarch/kernel"
	"github.com/gpuarch/gpuarch/measure/alu"
	"github.com/gpuarch/gpuarch/record"
)

// Paths are the ways the chase reaches memory. The L1 path is chased by
// one thread up to 16 MiB (beyond the L1, where the L2 answers); the path
// around L1 splits footprints above 4 MiB into one chain per SM, so that
// a pass over gigabytes stays short. The constant path chases a 64 KiB
// constant table, all one module may declare.
var Paths = []ChasePath{
	{Name: PathShared, Space: "shared"},
	{Name: PathL1, Space: "global", CacheOp: "ca", MaxBytes: 16 << 20},
	{Name: PathL2, Space: "global", CacheOp: "cg", OneChainUpTo: 4 << 20},
	{Name: PathConstant, Space: "const"},
}

// CarveoutShared are the shared-memory sizes (bytes per block) the L1
// chase is repeated with: each forces the L1/shared carve-out to give
// shared memory at least that much, and the chase finds the L1 left. The
// largest is the most one block may opt in to on Hopper (227 KiB).
var CarveoutShared = []int{32 << 10, 64 << 10, 100 << 10, 132 << 10, 164 << 10, 196 << 10, 227 << 10}

// CarveoutPercents are the preferred carve-outs (percent of the most shared
// memory an SM can have) the L1 chase is repeated with, set explicitly on
// the kernel (CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT) while its
// blocks hold no shared memory: the L1 each leaves shows the
// configurations the driver rounds the preference to.
var CarveoutPercents = []int{0, 10, 25, 50, 75, 100}

// chasePaths are Paths and the L1 chase at each carve-out, forced by
// shared memory held (measure/memory's CarveoutPath) and preferred
// explicitly (PreferPath) (footprints up to 512 KiB, past any L1).
func chasePaths() []ChasePath {
	out := append([]ChasePath{}, Paths...)
	for _, s := range CarveoutShared {
		out = append(out, ChasePath{Name: CarveoutPath(s >> 10), Space: "global", CacheOp: "ca",
			MaxBytes: 512 << 10, SharedBytes: s})
	}
	for _, p := range CarveoutPercents {
		out = append(out, ChasePath{Name: PreferPath(p), Space: "global", CacheOp: "ca",
			MaxBytes: 512 << 10, Carveout: engine.Carveout{Set: true, Percent: p}})
	}
	return out
}

// TLBPath chases one load per 2 MiB page (the large pages device memory
// is mapped with), each 64 bytes further into its page than the last so
// that the few lines touched spread over the L2's sets: they stay in the
// L2, and latency steps where the pages outgrow each TLB level's reach.
// The method is Jia et al.'s ("Dissecting the NVIDIA Volta GPU
// Architecture via Microbenchmarking", 2018, section on TLBs).
var TLBPath = ChasePath{Name: PathTLB, Space: "global", CacheOp: "cg", Stride: 2<<20 + 64}

// TLBFootprints are the TLB chase's footprints: four per octave from 8 MiB
// (three pages) to 64 GiB (those that do not fit free memory are skipped).
func TLBFootprints() []int64 { return OctaveFootprints(8<<20, 64<<30, 4) }

// L2Path chases from one SM: footprints above 1 MiB are split into 32
// chains that the 32 warps of one block follow, so every load comes from
// the same SM. The all-SM ld.cg chase sees a partitioned L2 (NVIDIA's
// since the A100: two halves, each SM attached to one) as one level whose
// knee is the capacity the SMs' near copies leave; from one SM, data
// homed in the far half cannot be kept near it, so between the near
// plateau and DRAM the curve holds a far-partition level, and the L2's
// whole capacity is where that level ends. The method is Chips and
// Cheese's ("Nvidia's H100: Funny L2, and Tons of Bandwidth", 2023: a
// latency test from one SM, far L2 partition past the near one).
var L2Path = ChasePath{Name: PathOneSM, Space: "global", CacheOp: "cg", OneChainUpTo: 1 << 20, Warps: 32}

// L2Footprints are the one-SM chase's footprints around the L2's
// all-SM knee (bytes): 24 per octave (2.9% apart) from half the knee to
// four times it, where the near and far partitions and DRAM part, and
// four per octave from 1 MiB up to there and from there to 16 times the
// knee (DRAM's plateau). Without a knee, the driver's L2 size stands in
// for it, and without that 32 MiB.
func L2Footprints(knee int64) []int64 {
	if knee <= 0 {
		knee = 32 << 20
	}
	lo, hi := knee/2, 4*knee
	var out []int64
	for _, f := range OctaveFootprints(1<<20, lo, 4) {
		if f < lo {
			out = append(out, f)
		}
	}
	out = append(out, OctaveFootprints(lo, hi, 24)...)
	for _, f := range OctaveFootprints(hi, 16*knee, 4) {
		if f > out[len(out)-1] {
			out = append(out, f)
		}
	}
	return out
}

// L2Jobs plans the one-SM chase (L2Path) around knee, the all-SM ld.cg
// chase's L2 capacity (0 when none was found: the driver's L2 size, if it
// says, stands in).
func L2Jobs(dev record.Device, knee int64) []engine.Planned {
	if knee <= 0 {
		knee = int64(dev.Attributes["L2_CACHE_SIZE"])
	}
	return []engine.Planned{{Key: LatencyID(L2Path.Name), Job: ChaseJob(Suite, []ChasePath{L2Path}, L2Footprints(knee))}}
}

// Footprints are four per octave from 256 bytes (below the smallest
// constant cache) to 4 GiB.
func Footprints() []int64 { return OctaveFootprints(256, 4<<30, 4) }

// BankCases are the shared-memory access patterns: 4-byte words at
// strides 1 to 32 and 64 (an n-way conflict where n lanes share a bank),
// a broadcast of each width (a register tile's operand that every lane
// reads: one LDS.128 for the warp), and 8- and 16-byte accesses at unit
// stride and stride 2.
func BankCases() []BankCase {
	var cs []BankCase
	for s := 1; s <= 32; s++ {
		cs = append(cs, BankCase{Subject: StrideSubject(4, s), Width: 4, Stride: s})
	}
	return append(cs,
		BankCase{Subject: StrideSubject(4, 64), Width: 4, Stride: 64},
		BankCase{Subject: Broadcast, Width: 4, Stride: 0},
		BankCase{Subject: BroadcastSubject(8), Width: 8, Stride: 0},
		BankCase{Subject: BroadcastSubject(16), Width: 16, Stride: 0},
		BankCase{Subject: StrideSubject(8, 1), Width: 8, Stride: 1},
		BankCase{Subject: StrideSubject(8, 2), Width: 8, Stride: 2},
		BankCase{Subject: StrideSubject(16, 1), Width: 16, Stride: 1},
		BankCase{Subject: StrideSubject(16, 2), Width: 16, Stride: 2},
	)
}

// AccessSpacings are the distances in bytes between neighbouring lanes'
// 4-byte loads in the global-access test: 0 (all lanes read one word),
// then 4 (fully coalesced: one 128-byte line) up to 256 (every lane in a
// line of its own).
var AccessSpacings = []int{0, 4, 8, 16, 32, 64, 128, 256}

// AccessCases are the divergent global loads: 4-byte lanes at each of
// AccessSpacings and 16-byte lanes side by side, through the L1 (ld.ca)
// and around it (ld.cg). What a warp load costs as its lanes spread shows
// the size of the unit each level moves (a 32-byte sector or a 128-byte
// line) and how many it serves a clock.
func AccessCases() []BankCase {
	var cs []BankCase
	for _, op := range []string{"ca", "cg"} {
		for _, sp := range AccessSpacings {
			cs = append(cs, BankCase{Subject: AccessSubject(op, 4, sp), Width: 4, Stride: sp / 4, CacheOp: op})
		}
		cs = append(cs, BankCase{Subject: AccessSubject(op, 16, 16), Width: 16, Stride: 1, CacheOp: op})
	}
	return cs
}

// GlobalBankCases ask whether the L1's banks matter once a warp's load
// spans several lines: 4-byte lanes side by side in groups, each group on
// its own line, either at the same offset in every line (the groups hit
// the same banks) or at offsets that give every lane a bank of its own.
// Equal costs mean the L1 serves a request line by line whatever banks the
// lines use.
func GlobalBankCases() []BankCase {
	var cs []BankCase
	for _, op := range []string{"ca", "cg"} {
		for _, c := range []struct {
			lines, group, same, other int
		}{{2, 16, 128, 192}, {4, 8, 128, 160}, {8, 4, 128, 144}, {32, 1, 128, 132}} {
			cs = append(cs,
				BankCase{Subject: GlobalBankSubject(op, c.lines, "same"), Width: 4, Stride: 1, CacheOp: op, Group: c.group, Jump: c.same},
				BankCase{Subject: GlobalBankSubject(op, c.lines, "other"), Width: 4, Stride: 1, CacheOp: op, Group: c.group, Jump: c.other})
		}
	}
	return cs
}

// CodeSizes are the loop-body sizes of the instruction-fetch test: from
// well inside the smallest instruction cache (NVIDIA's L0, tens of KiB, per
// Jia et al., "Dissecting the NVIDIA Volta GPU Architecture via
// Microbenchmarking", 2018) to beyond a 128 KiB L1.5/L1 instruction cache.
var CodeSizes = []int{2 << 10, 4 << 10, 8 << 10, 12 << 10, 16 << 10, 24 << 10, 32 << 10, 36 << 10, 40 << 10, 44 << 10, 48 << 10,
	64 << 10, 96 << 10, 128 << 10, 192 << 10, 256 << 10, 384 << 10}

// codeSubjects are the instruction the fetch test repeats, by kernel
// language: a 32-bit fused multiply-add (PTX's fma.rn.f32, SPIR-V's
// GLSL.std.450 Fma), which issues at the full rate of one warp
// instruction per clock per SM sub-partition, so any shortfall of fetch
// shows.
var codeSubjects = map[string]string{kernel.ISAPTX: alu.FmaF32, kernel.ISASPIRV: alu.FmaF32SPIRV}

// Jobs returns the suite's jobs that need nothing measured first, for a
// backend whose kernel language is isa (kernel.ISAPTX or kernel.ISASPIRV;
// "" is PTX).
func Jobs(isa string) ([]engine.Planned, error) {
	if isa == "" {
		isa = kernel.ISAPTX
	}
	subject, ok := codeSubjects[isa]
	if !ok {
		return nil, fmt.Errorf("memory suite: no instruction-fetch test in kernel language %q", isa)
	}
	specs, err := alu.LookupIn(alu.CatalogFor(isa), []string{subject})
	if err != nil {
		return nil, fmt.Errorf("memory suite: %w", err)
	}
	fma := specs[0]
	fma.Suite = Suite
	out := []engine.Planned{
		{Key: Key(GroupLatency, ""), Job: ChaseJob(Suite, chasePaths(), Footprints())},
		{Key: Key("tlb", ""), Job: ChaseJob(Suite, []ChasePath{TLBPath}, TLBFootprints())},
		{Key: Key(SharedBanks, ""), Job: BankJob(Suite, BankCases())},
		{Key: Key(GroupGlobalAccess, ""), Job: BankJob(Suite, AccessCases())},
		{Key: Key(GroupGlobalBanks, ""), Job: BankJob(Suite, GlobalBankCases())},
	}
	for _, n := range CodeSizes {
		out = append(out, engine.Planned{Key: CodeSizeID(n), Job: CodeSizeJob(fma, n, 32, 8)})
	}
	return out, nil
}

// Sizes returns the L1 and L2 capacities the chase detected: the first
// knee of the ld.ca and of the ld.cg curves, 0 where none was found.
func Sizes(recs []record.Record) (l1, l2 int64) {
	knee := func(path string) int64 {
		for _, r := range recs {
			if r.Suite != Suite || r.Subject != path || r.Curve == nil || r.Status != record.StatusOK {
				continue
			}
			pts := make([]infer.Point, len(r.Curve.Points))
			for i, p := range r.Curve.Points {
				pts[i] = infer.Point{Bytes: float64(p.Bytes), Value: p.Value}
			}
			if ls, err := infer.Levels(pts, 0.15); err == nil && len(ls) > 1 && ls[0].Resolved {
				return int64(ls[0].Capacity)
			}
		}
		return 0
	}
	return knee(PathL1), knee(PathL2)
}

// BandwidthJobs plans the bandwidth streams, sized from the detected
// capacities (l1, l2 in bytes; 0 when not detected): the L1 test keeps
// every SM's blocks within half its L1, the L2 test streams over half the
// L2, the DRAM test over 2 GiB (and at least 16 times the L2). Without a
// detected L2 the driver's L2 size is used, and the record says so.
func BandwidthJobs(dev record.Device, l1, l2 int64) []engine.Planned {
	var out []engine.Planned
	for _, s := range BandwidthStreams(dev, l1, l2) {
		out = append(out, engine.Planned{Key: BandwidthID(s.Subject), Job: BandwidthJob(Suite, s)})
	}
	dram, l2foot, note := bandwidthFootprints(dev, l2)
	return append(out, transferUnitJobs(l2foot, note, dram)...)
}

// bandwidthFootprints are the DRAM footprint and the transfer-unit test's
// L2 footprint (half the L2), with the note saying where the L2 size came
// from.
func bandwidthFootprints(dev record.Device, l2 int64) (dram, l2half int64, note string) {
	note = "footprint: half the L2 capacity the latency chase detected"
	if l2 <= 0 {
		l2 = int64(dev.Attributes["L2_CACHE_SIZE"])
		note = "footprint: half the driver's L2 size (the chase detected no L2 capacity)"
	}
	return max(int64(2)<<30, 16*l2), max(StreamChunk, l2/2/StreamChunk*StreamChunk), note
}

// BandwidthStreams are the streams BandwidthJobs measures, one job each,
// by subject ("L2 read", "DRAM read"...): --quick runs some of them with
// fewer shapes.
func BandwidthStreams(dev record.Device, l1, l2 int64) []Stream {
	l2note := "footprints: a sixteenth to half the L2 capacity the all-SM latency chase detected (the best kept)"
	if l2 <= 0 {
		l2 = int64(dev.Attributes["L2_CACHE_SIZE"])
		l2note = "footprints: a sixteenth to half the driver's L2 size (the chase detected no L2 capacity; the best kept)"
	}
	l1note := "per-block region: an eighth of the L1 capacity the latency chase detected (at most 4 blocks per SM)"
	if l1 <= 0 {
		l1 = 128 << 10
		l1note = "per-block region: 8 KiB (the chase detected no L1 capacity)"
	}
	round := func(b int64) int64 { return max(StreamChunk, b/StreamChunk*StreamChunk) }
	dram := max(int64(2)<<30, 16*l2)
	l2foot := []int64{round(l2 / 16), round(l2 / 8), round(l2 / 4), round(l2 / 2)}
	sweep := func(warps ...int) []StreamShape {
		var out []StreamShape
		for _, w := range []int{4, 8, 16} {
			for _, n := range warps {
				out = append(out, StreamShape{Width: w, WarpsPerSM: n})
			}
		}
		return out
	}
	streams := []Stream{
		{Subject: SharedRead, Op: "lds", Footprint: 32 << 10, PerBlock: true, Passes: 256, Shapes: sweep(16, 32, 48),
			Note: "per-block region: 32 KiB of dynamic shared memory, conflict-free consecutive accesses"},
		// Up to 4 blocks per SM, each with an eighth of the L1, long
		// enough that the blocks' staggered starts and ends vanish.
		{Subject: L1Read, Op: "ld.ca", Footprint: round(l1 / 8), PerBlock: true, Passes: 2048, Shapes: sweep(8, 16, 32), Note: l1note},
		// The L2's peak over footprints from a sixteenth of it to half,
		// each run at least 2 ms long, with the blocks on their own
		// lines and moving on to the next block's each pass: lines that
		// one SM after another reads are served faster than lines each
		// SM keeps to itself (on an H100 9.8 TB/s against 7.8, in a
		// CUDA test written for this in the same call, where the
		// independent L2 benchmark's blocks sharing chunks read 8.2).
		{Subject: L2Read, Op: "ld.cg", Footprints: l2foot, OwnRegions: true, Rotations: []int{0, 1}, MinSpan: 2 * time.Millisecond, Passes: 16, Shapes: sweep(16, 32, 64),
			Note: l2note + "; blocks on their own lines or on the next block's each pass"},
		{Subject: L2ReadOwnLines, Op: "ld.cg", Footprints: l2foot, OwnRegions: true, MinSpan: 2 * time.Millisecond, Passes: 16, Shapes: sweep(16, 32, 64),
			Note: l2note + "; every block on its own lines every pass"},
		// Loads through the L1 (the default path, which the L2's
		// partitions may serve differently from ld.cg), with the
		// carve-out giving shared memory all it can so that the L1 left
		// is far smaller than what each SM reads in a pass: it cannot
		// serve a pass from the last one.
		{Subject: L2ReadCA, Op: "ld.ca", Footprints: l2foot[2:], OwnRegions: true, Rotations: []int{0, 1}, MinSpan: 2 * time.Millisecond, Passes: 16, Shapes: sweep(16, 32, 64),
			Carveout: engine.Carveout{Set: true, Percent: 100}, Note: l2note + "; a quarter and half only, the carve-out at 100% shared memory"},
		{Subject: L2Write, Op: "st", Footprints: l2foot, OwnRegions: true, Rotations: []int{0, 1}, MinSpan: 2 * time.Millisecond, Passes: 16, Shapes: sweep(16, 32, 64),
			Note: l2note + "; blocks on their own lines or on the next block's each pass"},
		{Subject: DRAMRead, Op: "ld.cg", Footprint: dram, Passes: 2, Shapes: sweep(16, 32, 64), Note: "footprint: 2 GiB, many times the L2"},
		{Subject: DRAMWrite, Op: "st", Footprint: dram, Passes: 2, Shapes: sweep(16, 32, 64), Note: "footprint: 2 GiB, many times the L2"},
	}
	return streams
}

// TransferSpacings are the distances between neighbouring lanes' 4-byte
// loads in the transfer-unit test.
var TransferSpacings = []int{4, 8, 16, 32, 64, 128, 256}

// transferUnitJobs plan the transfer-unit test: 4-byte loads with the
// lanes of a warp TransferSpacings bytes apart, streamed at full speed
// from the L2 and from DRAM. While the spacing is below the unit a level
// moves, doubling it doubles the units each useful byte costs and halves
// the useful bandwidth; beyond the unit every lane costs one unit and the
// useful bandwidth stays flat. The L2 test runs 8 warps per SM so that a
// block's loop iteration (256 lanes × spacing × 8) keeps the footprint
// within the L2 up to 128-byte spacing.
func transferUnitJobs(l2foot int64, l2note string, dram int64) []engine.Planned {
	var l2, dr []Stream
	for _, sp := range TransferSpacings {
		if sp <= 128 {
			l2 = append(l2, Stream{Subject: TransferSubject(LevelL2, sp), Op: "ld.cg", Footprint: l2foot, Passes: 16,
				Spacing: sp, Group: GroupTransferUnit, CurvePath: LevelL2, Replace: true, Shapes: []StreamShape{{Width: 4, WarpsPerSM: 8}},
				Note: l2note + "; a new buffer for each sample; 4-byte loads, 8 warps per SM"})
		}
		dr = append(dr, Stream{Subject: TransferSubject(LevelDRAM, sp), Op: "ld.cg", Footprint: dram, Passes: 1,
			Spacing: sp, Group: GroupTransferUnit, CurvePath: LevelDRAM, Shapes: []StreamShape{{Width: 4, WarpsPerSM: 32}},
			Note: "footprint: 2 GiB, many times the L2; 4-byte loads, 32 warps per SM"})
	}
	return []engine.Planned{
		{Key: Key(GroupTransferUnit, LevelL2), Job: StreamsJob(Suite, l2)},
		{Key: Key(GroupTransferUnit, LevelDRAM), Job: StreamsJob(Suite, dr)},
	}
}

// BandwidthCurveJobs plans bandwidth against footprint, one point a job,
// at one shape a path so that the points differ only in footprint: ld.cg
// with 4-byte accesses and 32 warps per SM over one buffer shared by all
// SMs, from 1 MiB (below 16 MiB the blocks share whole loop iterations'
// regions, several SMs reading each) to 4 GiB, crossing the L2 (and any
// step between its partitions); and ld.ca with
// 16-byte accesses and 8 warps per SM, each SM streaming its own region
// of 32 KiB to 2 MiB in whole 32 KiB loop iterations, crossing the L1.
// Records carry the footprint really covered. Every ld.cg point runs for
// at least 2 ms (more passes where the first run was shorter), so that
// launch and the blocks' staggered starts, which scattered the DRAM
// points by 15% when a point lasted microseconds, vanish. Each ld.cg
// sample is taken on a buffer of its own (Stream.Replace), so a
// point's interval holds the spread that the footprint's placement in
// physical memory gives near the L2's capacity.
func BandwidthCurveJobs() []engine.Planned {
	var out []engine.Planned
	add := func(s Stream) {
		out = append(out, engine.Planned{Key: ID(GroupBandwidthCurve, s.Subject), Job: BandwidthJob(Suite, s)})
	}
	for _, f := range OctaveFootprints(1<<20, 4<<30, 3) {
		add(Stream{Subject: CurveSubject(f), Op: "ld.cg", Footprint: f, CurvePath: "ld.cg", Group: GroupBandwidthCurve, Replace: true,
			Passes: 2, MinSpan: 2 * time.Millisecond, Shapes: []StreamShape{{Width: 4, WarpsPerSM: 32}},
			Note: "one buffer shared by all SMs, a new one for each sample; 4-byte accesses, 32 warps per SM"})
	}
	for _, k := range []int64{1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 16, 24, 32, 64} {
		f := k * 32 << 10
		add(Stream{Subject: CurvePerSMSubject(f), Op: "ld.ca", Footprint: f, PerBlock: true, CurvePath: "ld.ca", Group: GroupBandwidthCurve,
			Passes: int(min(max(int64(64<<20)/f, 2), 1024)), Shapes: []StreamShape{{Width: 16, WarpsPerSM: 8}},
			Note: "each SM streams its own region; 16-byte accesses, 8 warps per SM"})
	}
	return out
}

// HidingALU are the FFMAs per load the latency-hiding test tries.
var HidingALU = []int{0, 1, 2, 4, 8, 16, 32, 64}

// LatencyHidingJobs plans the Haswell post's block-read test for each
// level: 4-byte loads at full occupancy (64 warps per SM), each followed
// by n independent FFMAs for n in HidingALU, sized from the detected
// capacities like BandwidthJobs (l1, l2 in bytes; 0 when not detected).
// Bandwidth stays flat while the arithmetic hides under the loads and
// falls once the FFMAs take longer than the loads they follow.
func LatencyHidingJobs(dev record.Device, l1, l2 int64) []engine.Planned {
	if l2 <= 0 {
		l2 = int64(dev.Attributes["L2_CACHE_SIZE"])
	}
	if l1 <= 0 {
		l1 = 128 << 10
	}
	round := func(b int64) int64 { return max(StreamChunk, b/StreamChunk*StreamChunk) }
	levels := []struct {
		name, op string
		foot     int64
		perBlock bool
		passes   int
		note     string
	}{
		// 8 blocks of 8 warps per SM, each with a sixteenth of the L1.
		{LevelL1, "ld.ca", round(l1 / 16), true, 256, "each block streams a sixteenth of the detected L1"},
		{LevelL2, "ld.cg", round(l2 / 2), false, 16, "one buffer of half the detected L2, a new one for each sample"},
		{LevelDRAM, "ld.cg", max(int64(2)<<30, 16*l2), false, 2, "one buffer of 2 GiB"},
	}
	var out []engine.Planned
	for _, lv := range levels {
		var ss []Stream
		for _, n := range HidingALU {
			ss = append(ss, Stream{Subject: HidingSubject(lv.name, n), Op: lv.op, Footprint: lv.foot,
				PerBlock: lv.perBlock, Passes: lv.passes, MinSpan: 2 * time.Millisecond, ALUPerAccess: n, Group: GroupLatencyHiding, CurvePath: lv.name, Replace: lv.name == LevelL2,
				Shapes: []StreamShape{{Width: 4, WarpsPerSM: 64}},
				Note:   lv.note + "; 4-byte loads, 64 warps per SM"})
		}
		out = append(out, engine.Planned{Key: Key(GroupLatencyHiding, lv.name), Job: StreamsJob(Suite, ss)})
	}
	return out
}

// DivergentJobs plans the divergent chase (DivergentJob): every lane
// its own 128-byte line, at 1 to 64 warps per SM, in an eighth of the
// detected L1 (the L1 test's region), a quarter of the detected L2 (well
// inside the near copies of a partitioned L2) and the DRAM streams'
// footprint, sized like BandwidthJobs (l1, l2 in bytes; 0 when not
// detected). It is written in PTX: the Vulkan backend skips it.
func DivergentJobs(dev record.Device, l1, l2 int64) []engine.Planned {
	return []engine.Planned{{Key: Key(GroupDivergent, ""), Job: DivergentJob(Suite, divergentLevels(dev, l1, l2))}}
}

// divergentLevels are the levels DivergentJobs chases in and their
// footprints.
func divergentLevels(dev record.Device, l1, l2 int64) []DivergentLevel {
	l1note, l2note := "an eighth of the L1 the latency chase detected", "a quarter of the L2 the latency chase detected"
	if l1 <= 0 {
		l1, l1note = 256<<10, "an eighth of 256 KiB (the chase detected no L1 capacity)"
	}
	if l2 <= 0 {
		l2, l2note = int64(dev.Attributes["L2_CACHE_SIZE"]), "a quarter of the driver's L2 size (the chase detected no L2 capacity)"
	}
	line := func(b int64) int64 { return max(32<<10, b/128*128) }
	dram, _, _ := bandwidthFootprints(dev, l2)
	return []DivergentLevel{
		{Name: LevelL1, Footprint: line(l1 / 8), Note: l1note},
		{Name: LevelL2, Footprint: line(l2 / 4), Note: l2note},
		{Name: LevelDRAM, Footprint: dram, Note: "the DRAM streams' footprint, many times the L2"},
	}
}

// ScatterJobs plans the scattered writes (ScatterJob): every lane its own
// hashed word, so its own line, written with each of ScatterInstrs at 1, 4
// and 32 warps per SM, over the divergent chase's L2 and DRAM footprints
// (a quarter of the detected L2, and the DRAM streams' footprint), sized
// from l2 (bytes; 0 when not detected) like DivergentJobs. It is written
// in PTX: the Vulkan backend skips it.
func ScatterJobs(dev record.Device, l2 int64) []engine.Planned {
	return []engine.Planned{{Key: Key(GroupScatter, ""), Job: ScatterJob(Suite, scatterLevels(dev, l2))}}
}

// scatterLevels are the levels ScatterJobs writes in: divergentLevels'
// L2 and DRAM.
func scatterLevels(dev record.Device, l2 int64) []DivergentLevel {
	return slices.DeleteFunc(divergentLevels(dev, 0, l2), func(lv DivergentLevel) bool { return lv.Name == LevelL1 })
}
