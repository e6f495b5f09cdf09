// The pipes suite's record names (see the package comment in pipes.go):
// an instruction's throughput over the occupancy grid,
// "pipes/<subject>/occupancy" (record.MakeID's shape, the measure a
// Quantity), and the mixes of instruction classes,
// "pipes/mix/<classes>" (a family, no measure:
// "pipes/mix/FFMA:1+FADD:1").

package pipes

import (
	"strings"

	"github.com/gpuarch/gpuarch/measure/alu"
	"github.com/gpuarch/gpuarch/record"
)

// Suite is the name the suite's records carry.
const Suite = "pipes"

// Groups (record.Record.Group) of the suite's records.
const (
	// GroupMix are the mixes of instruction classes.
	GroupMix = "mix"
	// GroupOperands are FFMA's operand forms.
	GroupOperands = "operands"
)

// OccupancyID is the ID of an instruction's occupancy grid; it is also
// the key of the job that measures it.
func OccupancyID(subject string) string {
	return record.MakeID(Suite, "", subject, string(record.Occupancy))
}

// MixID is the ID of a mix of classes, "<class>:<count>" joined by "+"
// ("FFMA:1+FADD:1"); it is also the key of the job that measures it. A
// class's rate alone is MixID of "<class>:1".
func MixID(mix string) string { return record.MakeID(Suite, GroupMix, mix, "") }

// MixName is MixID less the suite ("mix/FFMA:1+FADD:1"): the name the
// mix's job is given, from which its kernels are named.
func MixName(mix string) string { return strings.TrimPrefix(MixID(mix), Suite+"/") }

// OperandsPrefix begins the subject of an FFMA operand form: FFMA's
// instruction, then the form ("fma.rn.f32 x*y+z (3 registers)").
const OperandsPrefix = alu.FmaF32 + " "

// OperandsSubject is the subject of an FFMA operand form.
func OperandsSubject(form string) string { return OperandsPrefix + form }
