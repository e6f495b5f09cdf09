package alu

import "testing"

// TestIDs pins the builders to IDs of the recorded runs (results/): a
// builder that changed would rename recorded records.
func TestIDs(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{LatencyID(FmaF32), "alu/fma.rn.f32/latency"},
		{ThroughputID(FmaF32), "alu/fma.rn.f32/throughput"},
		{ThroughputID(FmaF32SPIRV), "alu/Fma.f32/throughput"},
		{LatencyID("OpFDiv.f32 [1/x]"), "alu/OpFDiv.f32 [1/x]/latency"},
		{Key(AddS32), "alu/add.s32"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
