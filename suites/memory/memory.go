// Package memory is the memory-hierarchy suite: pointer-chase latency
// against footprint through the L1 path (ld.ca), around it (ld.cg) and in
// shared memory, from 1 KiB to gigabytes, so that reports can detect each
// level's capacity and latency rather than assume them.
package memory

import (
	"github.com/gpuarch/gpuarch/probe"
)

// Suite is the name records of this suite carry.
const Suite = "memory"

// Paths are the ways the chase reaches memory. The L1 path is chased by
// one thread up to 16 MiB (beyond the L1, where the L2 answers); the path
// around L1 splits footprints above 4 MiB into one chain per SM, so that
// a pass over gigabytes stays short.
var Paths = []probe.ChasePath{
	{Name: "shared", Space: "shared"},
	{Name: "global ld.ca", Space: "global", CacheOp: "ca", MaxBytes: 16 << 20},
	{Name: "global ld.cg", Space: "global", CacheOp: "cg", OneChainUpTo: 4 << 20},
}

// Footprints are four per octave from 1 KiB to 4 GiB.
func Footprints() []int64 { return probe.Footprints(1<<10, 4<<30, 4) }

// Jobs returns the suite's jobs.
func Jobs() []probe.Planned {
	return []probe.Planned{{Key: Suite + "/latency", Job: probe.ChaseJob(Suite, Paths, Footprints())}}
}
