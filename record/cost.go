package record

// SuiteTime is where one suite's time went: the sum of its records'
// Cost. Seconds throughout.
type SuiteTime struct {
	Suite string `json:"suite"`
	// Records counts the records charged.
	Records int `json:"records"`
	Cost
}

// SuiteTimes sums the records' costs by suite, in the order the suites
// first appear; records without a cost (runs recorded before costs were)
// are left out, and a run without any gives nil.
func SuiteTimes(recs []Record) []SuiteTime {
	var out []SuiteTime
	at := map[string]int{}
	for _, r := range recs {
		c := r.Provenance.Cost
		if c == nil {
			continue
		}
		i, ok := at[r.Suite]
		if !ok {
			i = len(out)
			at[r.Suite] = i
			out = append(out, SuiteTime{Suite: r.Suite})
		}
		t := &out[i]
		t.Records++
		t.WallSeconds += c.WallSeconds
		t.CompileSeconds += c.CompileSeconds
		t.GPUSeconds += c.GPUSeconds
		t.HostSeconds += c.HostSeconds
		t.CompileCPUSeconds += c.CompileCPUSeconds
	}
	return out
}
