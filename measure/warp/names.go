// The warp-level suite's record names (see the package comment in
// warp.go): the latency and throughput of each warp-level instruction or
// sequence, "warp/<subject>/latency" and "warp/<subject>/throughput"
// (record.MakeID's shape, the measure a Quantity).

package warp

import "github.com/gpuarch/gpuarch/record"

// Suite is the name the suite's records carry.
const Suite = "warp"

// Key is the key of the job that measures subject: the prefix of its
// records' IDs.
func Key(subject string) string { return record.MakeID(Suite, "", subject, "") }

// LatencyID is the ID of a subject's latency record.
func LatencyID(subject string) string {
	return record.MakeID(Suite, "", subject, string(record.Latency))
}

// ThroughputID is the ID of a subject's throughput record.
func ThroughputID(subject string) string {
	return record.MakeID(Suite, "", subject, string(record.Throughput))
}

// Instructions that code outside the catalogs names (the records'
// subject).
const (
	// ShflBflyB32 is the butterfly shuffle of a 32-bit word.
	ShflBflyB32 = "shfl.sync.bfly.b32"
)
