package memory

import (
	"testing"

	"github.com/gpuarch/gpuarch/record"
)

// TestIDs pins the builders to IDs and subjects of the recorded runs
// (results/): a builder that changed would rename recorded records.
func TestIDs(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{LatencyID(PathL1), "memory/latency/global ld.ca"},
		{LatencyID(PathTLB), "memory/latency/global ld.cg, one load per 2 MiB page"},
		{LatencyID(PathOneSM), "memory/latency/global ld.cg, one SM"},
		{LatencyID(CarveoutPath(100)), "memory/latency/global ld.ca, 100 KiB shared"},
		{LatencyID(PreferPath(25)), "memory/latency/global ld.ca, carve-out 25%"},
		{BandwidthID(L2ReadOwnLines), "memory/bandwidth/L2 read, own lines"},
		{BandwidthID(DRAMRead), "memory/bandwidth/DRAM read"},
		{SharedBankID(StrideSubject(4, 17)), "memory/shared banks/4-byte stride 17"},
		{SharedBankID(Broadcast), "memory/shared banks/4-byte broadcast"},
		{ID(GroupGlobalAccess, AccessSubject("cg", 4, 128)), "memory/global access/ld.cg 4-byte lanes 128 bytes apart"},
		{ID(GroupGlobalBanks, GlobalBankSubject("ca", 8, "other")), "memory/global banks/ld.ca 8 lines, other banks"},
		{ID(GroupTransferUnit, TransferSubject(LevelDRAM, 64)), "memory/transfer unit/DRAM, lanes 64 bytes apart"},
		{ID(GroupLatencyHiding, HidingSubject(LevelL2, 16)), "memory/latency hiding/L2, 16 FFMA per load"},
		{ID(GroupBandwidthCurve, CurveSubject(1048576)), "memory/bandwidth curve/ld.cg 1048576 bytes"},
		{ID(GroupBandwidthCurve, CurvePerSMSubject(32768)), "memory/bandwidth curve/ld.ca 32768 bytes per SM"},
		{CodeSizeID(12288), "memory/code size/12288"},
		{DivergentID(LevelDRAM, record.Throughput), "memory/divergent loads/DRAM, a line per lane/throughput"},
		{ScatterID(LevelL2, ScatterAddU32), "memory/scattered writes/L2, red.global.add.u32, a line per lane"},
		{ScatterID(LevelDRAM, ScatterAddF32), "memory/scattered writes/DRAM, red.global.add.f32, a line per lane"},
		{ScatterID(LevelDRAM, ScatterStore), "memory/scattered writes/DRAM, st.global.u32, a line per lane"},
		{ScatterSubject(LevelL2, ScatterStore), "L2, st.global.u32, a line per lane"},
		{Key(GroupScatter, ""), "memory/scattered writes"},
		{Key(GroupTransferUnit, LevelL2), "memory/transfer unit/L2"},
		{Key(GroupLatency, ""), "memory/latency"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

func TestWaitsSubjectRoundTrip(t *testing.T) {
	for _, c := range []struct {
		level        string
		loads, width int
		store        string
		want         string
	}{
		{"L2", 1, 4, WaitsNoStore, "L2, 1 load of 4 B a lane"},
		{"DRAM", 8, 16, WaitsNoStore, "DRAM, 8 loads of 16 B a lane"},
		{"L2", 1, 16, WaitsStoreOther, "L2, 1 load of 16 B a lane, stored to another line"},
		{"DRAM", 1, 4, WaitsStoreSame, "DRAM, 1 load of 4 B a lane, stored back to its line"},
		{"L1", 1, 4, WaitsOneLane, "L1, 1 load of 4 B a lane, lane 0 alone"},
	} {
		got := WaitsSubject(c.level, c.loads, c.width, c.store)
		if got != c.want {
			t.Errorf("WaitsSubject(%q, %d, %d, %q) = %q, want %q", c.level, c.loads, c.width, c.store, got, c.want)
		}
		lv, n, w, st, ok := ParseWaitsSubject(got)
		if !ok || lv != c.level || n != c.loads || w != c.width || st != c.store {
			t.Errorf("ParseWaitsSubject(%q) = %q %d %d %q %v", got, lv, n, w, st, ok)
		}
	}
	for _, bad := range []string{"", "L2", "L2, 2 load of 4 B a lane", "L2, 1 load of 4 B a lane, stored somewhere", "L2, x loads of 4 B a lane"} {
		if _, _, _, _, ok := ParseWaitsSubject(bad); ok {
			t.Errorf("ParseWaitsSubject(%q) ok, want not", bad)
		}
	}
}
