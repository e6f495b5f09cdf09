package mma

import (
	"testing"

	"github.com/gpuarch/gpuarch/record"
)

// TestIDs pins the builders to IDs and subjects of the recorded runs
// (results/): a builder that changed would rename recorded records.
func TestIDs(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{ID("wgmma m64n256k16 f32+=f16 RS", record.Throughput), "mma/wgmma m64n256k16 f32+=f16 RS/throughput"},
		{ID(ZerosSubject("mma m8n8k4 f64+=f64"), record.Throughput), "mma/mma m8n8k4 f64+=f64, zeros/throughput"},
		{LatencyID(LdmatrixX4), "mma/ldmatrix.sync.aligned.m8n8.x4.shared.b16/latency"},
		{Key("mma m16n8k16 f32+=f16"), "mma/mma m16n8k16 f32+=f16"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
