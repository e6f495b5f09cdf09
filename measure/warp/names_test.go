package warp

import "testing"

// TestIDs pins the builders to IDs of the recorded runs (results/): a
// builder that changed would rename recorded records.
func TestIDs(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{LatencyID(ShflBflyB32), "warp/shfl.sync.bfly.b32/latency"},
		{ThroughputID("OpGroupNonUniformBallot"), "warp/OpGroupNonUniformBallot/throughput"},
		{Key(ShflBflyB32), "warp/shfl.sync.bfly.b32"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
