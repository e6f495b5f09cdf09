package report

import (
	"fmt"
	"strings"

	"github.com/gpuarch/gpuarch/mdtext"
	"github.com/gpuarch/gpuarch/record"
)

// anchor is the fragment a record's row in the Records appendix carries:
// "r-" and the ID with every run of other characters than letters and
// digits made one "-".
func anchor(id string) string {
	var b strings.Builder
	b.WriteString("r-")
	dash := false
	for _, c := range strings.ToLower(id) {
		if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' {
			b.WriteRune(c)
			dash = false
		} else if !dash {
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}

// linked makes text a link to r's row in the Records appendix (text alone
// for a nil record).
func linked(r *record.Record, text string) string {
	if r == nil || r.ID == "" || text == "" || text == "—" {
		return text
	}
	return fmt.Sprintf("[%s](#%s)", text, anchor(r.ID))
}

// writeRecords is the Records appendix: every record of the run with an
// anchor the document's numbers link to, its value, unit, status and the
// module and clock it came from.
func writeRecords(b *strings.Builder, run *record.Run) {
	if len(run.Records) == 0 {
		return
	}
	b.WriteString("## Records\n\n")
	fmt.Fprintf(b, "Every record of the run (%d), as results.json holds it; the numbers in the tables above link here. Value in the record's unit; the module names the PTX (kept with `--artifacts`), the clock is the one measured with the record.\n\n", len(run.Records))
	b.WriteString("| Record | Value | Unit | Status | Module | Clock |\n| --- | ---: | --- | --- | --- | ---: |\n")
	for i := range run.Records {
		r := &run.Records[i]
		value := "—"
		if r.Status == record.StatusOK {
			value = trim(r.Value)
		}
		clock := "—"
		if c := r.Provenance.Clock; c != nil && c.Hz > 0 {
			clock = fmt.Sprintf("%.0f MHz", c.Hz/1e6)
		}
		fmt.Fprintf(b, "| <a id=\"%s\"></a>%s | %s | %s | %s | %s | %s |\n", anchor(r.ID), mdtext.CellCode(r.ID), value, mdtext.Cell(orDash(r.Unit)), r.Status, mdtext.Cell(orDash(r.Provenance.Module)), clock)
	}
	b.WriteString("\n")
}
