package async

import (
	"testing"

	"github.com/gpuarch/gpuarch/record"
)

// TestIDs pins the builders to IDs and subjects of the recorded runs
// (results/): a builder that changed would rename recorded records.
func TestIDs(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{LatencyID(SharedOwnBlock), "async/ld.shared, own block/latency"},
		{BandwidthID("cp.async.bulk read, L2"), "async/cp.async.bulk read, L2/bandwidth"},
		{InFlightID("cp.async.bulk read, DRAM"), "async/cp.async.bulk read, DRAM, bytes in flight for 95%/size"},
		{InFlightSubject("cp.async.bulk read, DRAM"), "cp.async.bulk read, DRAM, bytes in flight for 95% of the best"},
		{StagesID("TMA -> wgmma pipeline, each stage used 4×"), "async/TMA -> wgmma pipeline, each stage used 4×, stages for 95%/amount"},
		{StagesSubject("TMA -> wgmma pipeline, each stage used 4×"), "TMA -> wgmma pipeline, each stage used 4×, stages for 95% of the best"},
		{ID(UniformSubject("add.u32"), string(record.Throughput)), "async/add.u32 (uniform)/throughput"},
		{MixID("UIADD3 beside FFMA"), "async/UIADD3 beside FFMA/mix"},
		{AmountID("GPCs"), "async/GPCs/amount"},
		{Key("latency"), "async/latency"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
