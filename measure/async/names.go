// The async suite's record names (see the package comment in async.go):
// "async/<subject>/<measure>" (record.MakeID's shape without a family),
// the measure a Quantity ("async/mbarrier.arrive/latency") or one of the
// suite's own words: MeasureBandwidth for a copy stream's bytes per clock,
// MeasureSize for the bytes in flight a stream needs, MeasureMix for the
// uniform datapath's overlap with the vector pipes.

package async

import "github.com/gpuarch/gpuarch/record"

// Suite is the name the suite's records carry.
const Suite = "async"

// Groups (record.Record.Group) of the suite's records.
const (
	GroupCpAsync    = "cp.async"
	GroupTMA        = "tma"
	GroupMbarrier   = "mbarrier"
	GroupUniform    = "uniform"
	GroupSetmaxnreg = "setmaxnreg"
	GroupPipeline   = "pipeline"
	GroupCluster    = "cluster"
	GroupDSM        = "dsm"
)

// The suite's own measures, beside record Quantities.
const (
	// MeasureBandwidth is a copy stream's rate (Quantity throughput).
	MeasureBandwidth = "bandwidth"
	// MeasureSize is the bytes in flight a stream needs (Quantity amount).
	MeasureSize = "size"
	// MeasureMix is the uniform datapath beside the vector pipes
	// (Quantity amount).
	MeasureMix = "mix"
)

// Key is the key of one of the suite's jobs ("async/latency").
func Key(job string) string { return record.MakeID(Suite, "", job, "") }

// ID is the ID of a subject's record of measure (a Quantity or one of the
// suite's Measure words).
func ID(subject, measure string) string { return record.MakeID(Suite, "", subject, measure) }

// LatencyID is the ID of a subject's latency record.
func LatencyID(subject string) string { return ID(subject, string(record.Latency)) }

// ThroughputID is the ID of a subject's throughput record.
func ThroughputID(subject string) string { return ID(subject, string(record.Throughput)) }

// AmountID is the ID of a subject's amount record.
func AmountID(subject string) string { return ID(subject, string(record.Amount)) }

// BandwidthID is the ID of a copy stream's rate.
func BandwidthID(subject string) string { return ID(subject, MeasureBandwidth) }

// MixID is the ID of the uniform datapath's overlap with a vector mix.
func MixID(subject string) string { return ID(subject, MeasureMix) }

// UniformSubject is the subject of an instruction run on the uniform
// datapath: "add.u32 (uniform)".
func UniformSubject(instr string) string { return instr + " (uniform)" }

// best95 is said of the fewest of something whose rate is at least 95% of
// a sweep's best, in IDs (short) and subjects (whole).
const (
	best95      = " for 95%"
	best95Whole = best95 + " of the best"
)

// InFlightSubject is the subject of the fewest bytes in flight at which a
// stream reaches 95% of its best: "<stream>, bytes in flight for 95% of
// the best".
func InFlightSubject(stream string) string { return stream + ", bytes in flight" + best95Whole }

// InFlightID is InFlightSubject's record's ID:
// "async/<stream>, bytes in flight for 95%/size".
func InFlightID(stream string) string { return ID(stream+", bytes in flight"+best95, MeasureSize) }

// StagesSubject is the subject of the fewest stages at which a pipeline
// reaches 95% of its best.
func StagesSubject(pipeline string) string { return pipeline + ", stages" + best95Whole }

// StagesID is StagesSubject's record's ID:
// "async/<pipeline>, stages for 95%/amount".
func StagesID(pipeline string) string {
	return ID(pipeline+", stages"+best95, string(record.Amount))
}

// SharedOwnBlock is the chase through a block's own shared memory with
// ld.shared, the baseline of the distributed shared memory's.
const SharedOwnBlock = "ld.shared, own block"
