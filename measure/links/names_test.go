package links

import (
	"testing"

	"github.com/gpuarch/gpuarch/measure/memory"
)

// TestIDs pins the builders to IDs and subjects of the recorded runs
// (results/): a builder that changed would rename recorded records.
func TestIDs(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{HostID(Pinned, HostToDevice), "links/host/pinned host to device"},
		{HostID(Pageable, DeviceToHost), "links/host/pageable device to host"},
		{RoundTripID, "links/host/round trip latency"},
		{HostPrefix, "links/host/"},
		{PeerID(0, 1, PeerCopyBandwidth), "links/peer/0->1/copy bandwidth"},
		{PeerSubject(1, 0, PeerCopyLatency), "1->0 copy latency"},
		{PeerLatencyID(memory.PathL2), "links/latency/global ld.cg"},
		{PeerStreamID(memory.DRAMWrite), "links/peer SM/DRAM write"},
		{Key(GroupHost), "links/host"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
