package record

import "strings"

// MakeID returns a record ID in the one shape every gpuarch record ID has:
//
//	<suite>/[<family>/]<subject>[/<measure>]
//
// suite is the record's Suite. family, where a suite measures many
// subjects the same way and would give two of them one name otherwise,
// is that kind of measurement, before the subject: memory's "latency"
// and "bandwidth" (so "memory/latency/global ld.ca" and
// "memory/bandwidth/L2 read"), dispatch's "launch" and "barrier", pipes'
// "mix". subject is what was measured: an instruction, a memory path, a
// case. measure, where one subject has several records, says which this
// one is, after the subject: a Quantity ("alu/fma.rn.f32/latency" and
// ".../throughput", "pipes/add.rn.f32/occupancy") or a suite's own word
// ("async/cp.async.bulk read, L2/bandwidth"). Empty parts are left out,
// so MakeID(suite, family, "", "") is the prefix of a family's IDs.
//
// The domains' names files (measure/<domain>/names.go) build every ID
// through MakeID, and everything that mints or selects a record by ID
// goes through those files. An ID is stable across runs: reports and
// comparisons of recorded runs select records by it, so a part that
// changes is a renamed record. A subject may contain "/" (alu's
// "OpFDiv.f32 [1/x]"), so an ID is built, never split.
func MakeID(suite, family, subject, measure string) string {
	parts := make([]string, 0, 4)
	for _, p := range []string{suite, family, subject, measure} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, "/")
}

// GuessSubject reads a subject back from an ID of suite, for records
// that keep no Subject (the store keeps IDs and values only): the ID
// after its suite, less its last part when it has several
// ("alu/fma.rn.f32/latency" -> "fma.rn.f32"). It is a guess, for
// display: an ID of a family and a subject gives the family
// ("memory/latency/global ld.ca" -> "latency"), and a subject holding
// "/" is cut at its last one.
func GuessSubject(id, suite string) string {
	rest := strings.TrimPrefix(id, MakeID(suite, "", "", "")+"/")
	if j := strings.LastIndex(rest, "/"); j > 0 {
		rest = rest[:j]
	}
	return rest
}
