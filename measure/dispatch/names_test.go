package dispatch

import (
	"testing"

	"github.com/gpuarch/gpuarch/record"
)

// TestIDs pins the builders to IDs and subjects of the recorded runs
// (results/): a builder that changed would rename recorded records.
func TestIDs(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{TraceID("one warp per block"), "dispatch/dispatch/one warp per block"},
		{LaunchID("one empty kernel, launch and wait"), "dispatch/launch/one empty kernel, launch and wait"},
		{BranchID(NoBranch), "dispatch/branch/no branch (the body alone)"},
		{FenceID("fence.sc.gpu"), "dispatch/fence/fence.sc.gpu"},
		{BarSyncID(16), "dispatch/barrier/bar.sync, 16 warps"},
		{BarSyncSubject(16), "bar.sync, 16 warps"},
		{ExecBarrierID(4), "dispatch/barrier/execution only, 4 warps"},
		{ExecBarrierSubject(4), "barrier, execution only, 4 warps"},
		{AtomicID("atom.global.add.u32, "+OneGPUWord, record.Throughput), "dispatch/atom.global.add.u32, one address for the GPU/throughput"},
		{Key(GroupLaunch), "dispatch/launch"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
