// The memory suite's record names (see the package comment in memory.go).
// Its IDs are "memory/<family>/<subject>" (record.MakeID's shape with a
// family and no measure: "memory/latency/global ld.ca",
// "memory/bandwidth/DRAM read"), except the divergent chase's, which add
// the quantity ("memory/divergent loads/L2, a line per lane/latency"). The
// family is the records' group, but for the shared-memory bank patterns,
// whose group is "banks" and family "shared banks". The scattered writes'
// are "memory/scattered writes/<level>, <instruction>, a line per lane".

package memory

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gpuarch/gpuarch/backend/cudagpu"
	"github.com/gpuarch/gpuarch/record"
)

// Suite is the name the suite's records carry.
const Suite = "memory"

// Groups (record.Record.Group) of the suite's records, and the families
// of their IDs.
const (
	// GroupLatency are the pointer chases: latency against footprint.
	GroupLatency = "latency"
	// GroupBandwidth are the streams of each level at their best shape.
	GroupBandwidth = "bandwidth"
	// GroupBandwidthCurve is bandwidth against footprint, a record a point.
	GroupBandwidthCurve = "bandwidth curve"
	// GroupLatencyHiding is bandwidth with FFMAs after every load.
	GroupLatencyHiding = "latency hiding"
	// GroupTransferUnit is useful bandwidth against the lanes' spacing.
	GroupTransferUnit = "transfer unit"
	// GroupBanks are the shared-memory access patterns (their IDs'
	// family is SharedBanks).
	GroupBanks = "banks"
	// GroupGlobalAccess are the divergent global loads.
	GroupGlobalAccess = "global access"
	// GroupGlobalBanks are the global loads spanning several lines.
	GroupGlobalBanks = "global banks"
	// GroupCodeSize is throughput against loop-body size.
	GroupCodeSize = "code size"
	// GroupDivergent is the divergent chase under load.
	GroupDivergent = "divergent loads"
	// GroupScatter are the scattered writes: every lane its own hashed
	// word, so its own line.
	GroupScatter = "scattered writes"
	// GroupWaits are the coalesced loads one warp waits on together: a
	// stream's iteration at one warp per SM.
	GroupWaits = "loads waited on together"
	// GroupWindow are the window writes: every SM's warps write whole
	// lines into one window the size of the L1 footprint (or a part of
	// it), each line by many SMs.
	GroupWindow = "window writes"
	// GroupStreamWarps are the coalesced streams, read alone and copied,
	// at 1 to 32 warps per SM.
	GroupStreamWarps = "streams at warps"
)

// SharedBanks is the family of the GroupBanks records' IDs, and the name
// of the job that measures them.
const SharedBanks = "shared banks"

// Key is the key of one of the suite's jobs: a job's name, or a family
// and what of it the job measures (Key(GroupTransferUnit, LevelL2) is
// "memory/transfer unit/L2"). The job's records' IDs begin with its key,
// but for the TLB chase ("memory/tlb"), whose record is GroupLatency's.
func Key(job, part string) string { return record.MakeID(Suite, job, part, "") }

// ID is the ID of a record of family (a group but GroupBanks, GroupDivergent) and subject.
func ID(family, subject string) string { return record.MakeID(Suite, family, subject, "") }

// LatencyID is the ID of a chase's latency curve: "memory/latency/<path>".
func LatencyID(path string) string { return ID(GroupLatency, path) }

// BandwidthID is the ID of a level's stream: "memory/bandwidth/<subject>".
func BandwidthID(subject string) string { return ID(GroupBandwidth, subject) }

// SharedBankID is the ID of a shared-memory access pattern's record:
// "memory/shared banks/<subject>".
func SharedBankID(subject string) string { return ID(SharedBanks, subject) }

// CodeSizeID is the ID of the instruction-fetch record with a loop body
// of about bytes: "memory/code size/<bytes>".
func CodeSizeID(bytes int) string { return ID(GroupCodeSize, strconv.Itoa(bytes)) }

// DivergentID is the ID of the divergent chase's record of a quantity
// (record.Latency or record.Throughput) in a level.
func DivergentID(level string, q record.Quantity) string {
	return record.MakeID(Suite, GroupDivergent, DivergentSubject(level), string(q))
}

// DivergentSubject names a level's divergent-chase records: "<level>, a
// line per lane".
func DivergentSubject(level string) string { return level + ", a line per lane" }

// The scattered writes' instructions (ScatterSubject's instr).
const (
	// ScatterStore is a plain store of the lane's word.
	ScatterStore = "st.global.u32"
	// ScatterAddU32 and ScatterAddF32 add 1 to the lane's word, the old
	// value unused (a reduction, RED in the machine code).
	ScatterAddU32 = "red.global.add.u32"
	ScatterAddF32 = "red.global.add.f32"
	// ScatterAtomAddU32 adds 1 to the lane's word and returns the old
	// value (an atomic, ATOMG in the machine code), which the lane's
	// next address waits for: at one warp per SM the loop runs at the
	// returning atomic's latency.
	ScatterAtomAddU32 = "atom.global.add.u32"
)

// ScatterSubject names the scattered writes of instr in a level:
// "<level>, <instr>, a line per lane" ("L2, red.global.add.u32, a line per
// lane").
func ScatterSubject(level, instr string) string { return level + ", " + instr + ", a line per lane" }

// ScatterID is the ID of the scattered writes' record of instr in a level:
// "memory/scattered writes/<level>, <instr>, a line per lane".
func ScatterID(level, instr string) string { return ID(GroupScatter, ScatterSubject(level, instr)) }

// WindowSubject names the window writes into a window of bytes: "32 KiB
// window, st.global.u32, a line per warp, every SM".
func WindowSubject(bytes int64) string {
	return cudagpu.SizeName(bytes) + " window, st.global.u32, a line per warp, every SM"
}

// WindowID is the ID of the window writes' record into a window of bytes:
// "memory/window writes/<WindowSubject>".
func WindowID(bytes int64) string { return ID(GroupWindow, WindowSubject(bytes)) }

// What the loads waited on together do with the first load's value, or
// which lanes load (WaitsSubject's store).
const (
	// WaitsNoStore keeps the values in registers.
	WaitsNoStore = ""
	// WaitsStoreOther stores the first load's value to a line of another
	// buffer (a copy).
	WaitsStoreOther = "stored to another line"
	// WaitsStoreSame stores it back where it was read (an update in
	// place).
	WaitsStoreSame = "stored back to its line"
	// WaitsOneLane keeps the value, and only lane 0 of each warp loads:
	// one load of 4 bytes' baseline, against which a warp's 32 lanes on
	// one line are timed.
	WaitsOneLane = "lane 0 alone"
)

// WaitsSubject names the record of loads coalesced loads of width bytes a
// lane waited on together in a level, with store (WaitsNoStore,
// WaitsStoreOther, WaitsStoreSame) after them: "L2, 2 loads of 16 B a
// lane", "DRAM, 1 load of 4 B a lane, stored back to its line", "L1, 1
// load of 4 B a lane, lane 0 alone".
func WaitsSubject(level string, loads, width int, store string) string {
	noun := "loads"
	if loads == 1 {
		noun = "load"
	}
	s := fmt.Sprintf("%s, %d %s of %d B a lane", level, loads, noun, width)
	if store != WaitsNoStore {
		s += ", " + store
	}
	return s
}

// ParseWaitsSubject reads WaitsSubject's subject back; ok false for any
// other.
func ParseWaitsSubject(subject string) (level string, loads, width int, store string, ok bool) {
	level, rest, found := strings.Cut(subject, ", ")
	if !found {
		return "", 0, 0, "", false
	}
	for _, st := range []string{WaitsNoStore, WaitsStoreOther, WaitsStoreSame, WaitsOneLane} {
		head := rest
		if st != WaitsNoStore {
			var cut bool
			if head, cut = strings.CutSuffix(rest, ", "+st); !cut {
				continue
			}
		}
		var noun string
		if n, err := fmt.Sscanf(head, "%d %s of %d B a lane", &loads, &noun, &width); err == nil && n == 3 &&
			WaitsSubject(level, loads, width, st) == subject {
			return level, loads, width, st, true
		}
	}
	return "", 0, 0, "", false
}

// WaitsID is the ID of WaitsSubject's record: "memory/loads waited on
// together/<subject>".
func WaitsID(level string, loads, width int, store string) string {
	return ID(GroupWaits, WaitsSubject(level, loads, width, store))
}

// StreamWarpsSubject names the streams at warps' record of one load of
// width bytes a lane in a level, its value kept (WaitsNoStore) or copied
// (WaitsStoreOther): WaitsSubject's "DRAM, 1 load of 4 B a lane, stored
// to another line", read back by ParseWaitsSubject.
func StreamWarpsSubject(level string, width int, store string) string {
	return WaitsSubject(level, 1, width, store)
}

// StreamWarpsID is the ID of StreamWarpsSubject's record: "memory/streams
// at warps/<subject>".
func StreamWarpsID(level string, width int, store string) string {
	return ID(GroupStreamWarps, StreamWarpsSubject(level, width, store))
}

// The levels of the hierarchy, as subjects and curve paths name them.
const (
	LevelL1   = "L1"
	LevelL2   = "L2"
	LevelDRAM = "DRAM"
)

// The chase's paths (the GroupLatency records' subjects).
const (
	PathShared   = "shared"
	PathL1       = "global ld.ca"
	PathL2       = "global ld.cg"
	PathConstant = "constant"
	// PathOneSM is the L2 chase from one SM.
	PathOneSM = "global ld.cg, one SM"
	// PathTLB is the chase of one load per 2 MiB page.
	PathTLB = TLBPrefix + " 2 MiB page"
	// TLBPrefix begins PathTLB.
	TLBPrefix = "global ld.cg, one load per"
	// GlobalPrefix begins the names of the paths through global memory.
	GlobalPrefix = "global"
	// CarveoutPrefix begins the names of the L1 chases at each carve-out:
	// "global ld.ca, <n> KiB shared" (CarveoutPath) and PreferPrefix's.
	CarveoutPrefix = PathL1 + ", "
	// PreferPrefix begins the names of the preferred-carve-out chases:
	// "global ld.ca, carve-out <p>%" (PreferPath).
	PreferPrefix = CarveoutPrefix + "carve-out "
)

// CarveoutPath is the L1 chase whose blocks hold kib KiB of shared memory.
func CarveoutPath(kib int) string { return fmt.Sprintf("%s%d KiB shared", CarveoutPrefix, kib) }

// PreferPath is the L1 chase at a preferred carve-out of percent.
func PreferPath(percent int) string { return fmt.Sprintf("%s%d%%", PreferPrefix, percent) }

// The streams' subjects (GroupBandwidth).
const (
	SharedRead     = "shared read"
	L1Read         = "L1 read"
	L2Read         = "L2 read"
	L2ReadOwnLines = "L2 read, own lines"
	L2ReadCA       = "L2 read, ld.ca"
	L2Write        = "L2 write"
	DRAMRead       = "DRAM read"
	DRAMWrite      = "DRAM write"
)

// StrideSubject is a shared-memory pattern's subject: lanes reading
// width-byte words stride words apart ("4-byte stride 2"); Broadcast is
// every lane reading one word.
func StrideSubject(width, stride int) string { return fmt.Sprintf("%d-byte stride %d", width, stride) }

// Broadcast is the shared-memory pattern of every lane reading one word.
const Broadcast = "4-byte broadcast"

// BroadcastSubject is the shared-memory pattern of every lane reading the
// same width bytes ("16-byte broadcast").
func BroadcastSubject(width int) string { return fmt.Sprintf("%d-byte broadcast", width) }

// WidthMark is in the subject of every access pattern (shared or global),
// after the lanes' width: "4-byte stride 2", "ld.ca 4-byte lanes 8 bytes
// apart".
const WidthMark = "-byte "

// AccessFormat is the format of a global-access subject: the cache
// operator, the lanes' width and their spacing in bytes.
const AccessFormat = "ld.%s %d-byte lanes %d bytes apart"

// AccessSubject is a global-access subject: width-byte lanes spacing
// bytes apart, loaded with ld.<cacheOp>.
func AccessSubject(cacheOp string, width, spacing int) string {
	return fmt.Sprintf(AccessFormat, cacheOp, width, spacing)
}

// AccessLanes is what AccessSubject says of the lanes, after the cache
// operator.
func AccessLanes(width, spacing int) string {
	return fmt.Sprintf("%d-byte lanes %d bytes apart", width, spacing)
}

// GlobalBankCacheOp is the cache operator ("ca", "cg") of a global-banks
// subject, "" when subject is not one (GlobalBankFormat).
func GlobalBankCacheOp(subject string) string {
	for _, op := range []string{"ca", "cg"} {
		if strings.HasPrefix(subject, "ld."+op+" ") {
			return op
		}
	}
	return ""
}

// GlobalBankFormat is the format of a global-banks subject: the cache
// operator, the lines the warp spans, and "same" or "other" banks.
const GlobalBankFormat = "ld.%s %d lines, %s banks"

// GlobalBankSubject is a global-banks subject (kind "same" or "other").
func GlobalBankSubject(cacheOp string, lines int, kind string) string {
	return fmt.Sprintf(GlobalBankFormat, cacheOp, lines, kind)
}

// TransferSubject is a transfer-unit subject: a level's lanes spacing
// bytes apart.
func TransferSubject(level string, spacing int) string {
	return fmt.Sprintf("%s, lanes %d bytes apart", level, spacing)
}

// HidingSubject is a latency-hiding subject: a level with n FFMAs after
// every load.
func HidingSubject(level string, n int) string { return fmt.Sprintf("%s, %d FFMA per load", level, n) }

// CurveSubject is a bandwidth-curve subject of one buffer every SM reads
// (ld.cg) of bytes.
func CurveSubject(bytes int64) string { return fmt.Sprintf("ld.cg %d bytes", bytes) }

// CurvePerSMSubject is a bandwidth-curve subject of a region of bytes
// each SM streams (ld.ca).
func CurvePerSMSubject(bytes int64) string { return fmt.Sprintf("ld.ca %d bytes", bytes) + PerSMSuffix }

// PerSMSuffix ends the subject of a bandwidth-curve point whose footprint
// is each SM's own region.
const PerSMSuffix = " per SM"
