package engine

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/gpuarch/gpuarch/record"
)

// The clock check: a record in cycles of a level off the SM clock (the
// L2, DRAM), or in bytes or operations per SM clock, is that clock's, so a
// record whose kernels ran more than record.OffClockShare off the
// warm-up's clock is not the GPU's figure. The runner checks every job's
// records as they come (RunEvents): where one ran off the clock, it warms
// the GPU up again and takes the job once more, keeps of each record the
// take that ran at the clock, and marks one off it in both takes invalid
// (OffClockReason), which keeps it out of the headline tables; its value,
// samples and clock stay in the record. Backend-neutral: it reads only
// the clocks records carry.

// OffClockReason begins the Reason of a record the clock check marked
// invalid.
const OffClockReason = record.OffClockReason

// RecordClockHz is the SM clock a record says its kernels ran at (Hz):
// its provenance clock where that was measured in-kernel (Clock.Measured),
// 0 where it has none.
func RecordClockHz(rec record.Record) float64 {
	if c := rec.Provenance.Clock; c.Measured() {
		return c.Hz
	}
	return 0
}

// OffClockRecord says whether rec is a measured record (status ok) whose
// kernels ran more than record.OffClockShare off warm (Hz), and how far:
// "ran at 810 MHz, 59% under the warm-up's 1980 MHz". A record without a
// clock, or a warm of 0, is never off; nor is one under the warm-up clock
// whose clock readings name a power or thermal limit (HeldBy), or whose
// kernels started on a GPU at the warm-up clock (its sensors' reading before
// them; startedWarm): its own load took the clock down, as the matrix
// units' does, and a warm-up cannot bring it back (the record says so:
// NoteHeld). An idle GPU's clock, which the check is for, is low before
// the kernel starts.
func OffClockRecord(rec record.Record, warm float64) (string, bool) {
	hz := RecordClockHz(rec)
	if rec.Status != record.StatusOK || !record.OffClock(hz, hz, warm) {
		return "", false
	}
	if hz < warm && (HeldBy(rec) != "" || startedWarm(rec, warm)) {
		return "", false
	}
	way := "under"
	if hz > warm {
		way = "over"
	}
	return fmt.Sprintf("ran at %.0f MHz, %.0f%% %s the warm-up's %.0f MHz", hz/1e6, 100*math.Abs(hz-warm)/warm, way, warm/1e6), true
}

// limits are the clock-limiting reasons (as the sensors name them) that hold a
// working GPU below its clock: its power cap and its thermal limits.
var limits = []string{"SwPowerCap", "HwPowerBrakeSlowdown", "SwThermalSlowdown", "HwThermalSlowdown", "HwSlowdown"}

// HeldBy returns the power or thermal limits rec's clock readings (before,
// during and after its kernels) name, joined by ", "; "" when none.
func HeldBy(rec record.Record) string {
	c := rec.Provenance.Clock
	if c == nil {
		return ""
	}
	var out []string
	for _, s := range []*record.Sensors{c.Before, c.During, c.After} {
		if s == nil {
			continue
		}
		for _, t := range s.Throttle {
			if slices.Contains(limits, t) && !slices.Contains(out, t) {
				out = append(out, t)
			}
		}
	}
	return strings.Join(out, ", ")
}

// startedWarm says whether the sensors read the SM clock at the warm-up clock
// (within 3%) just before rec's kernels ran.
func startedWarm(rec record.Record, warm float64) bool {
	c := rec.Provenance.Clock
	return c != nil && c.Before != nil && c.Before.SMClockHz >= 0.97*warm
}

// NoteHeld adds to each record of recs that ran more than
// record.OffClockShare under warm, held there by a power or thermal limit
// (HeldBy) or by its own load (startedWarm), a warning saying so: its
// figure is the GPU's at the clock that load allows.
func NoteHeld(recs []record.Record, warm float64) {
	for i := range recs {
		rec := &recs[i]
		hz := RecordClockHz(*rec)
		if rec.Status != record.StatusOK || hz >= warm || !record.OffClock(hz, hz, warm) {
			continue
		}
		why := ""
		switch held := HeldBy(*rec); {
		case held != "":
			why = "held there by the GPU's " + held + " under this load"
		case startedWarm(*rec, warm):
			why = "its own load took the clock down (its sensors read the warm-up clock just before it)"
		default:
			continue
		}
		rec.Warnings = append(rec.Warnings, fmt.Sprintf("ran at %.0f MHz, %.0f%% under the warm-up's %.0f MHz, %s: the figure is the GPU's at that clock",
			hz/1e6, 100*(warm-hz)/warm, warm/1e6, why))
	}
}

// MarkOffClock makes rec, which ran off the warm-up clock as why says,
// invalid for it: Reason OffClockReason and why, the rest of the record
// as measured.
func MarkOffClock(rec *record.Record, why string) {
	rec.Status = record.StatusInvalid
	rec.Reason = fmt.Sprintf("%s: %s (more than %.0f%% off)", OffClockReason, why, 100*record.OffClockShare)
}

// retakeBudget bounds the time a run spends taking jobs again: a GPU whose
// clock no warm-up brings back (held by a power limit, shared with another
// process) would otherwise measure everything twice.
const retakeBudget = 90 * time.Second

// retakeOffClock is the clock check of one job's records (recs, as measure
// returned them with err), before the job is closed. Where none ran off
// the warm-up clock, or the warm-up's clock was not measured, it returns
// them as they are. Otherwise it prepares the job again, warms the GPU up
// until its clock is back (as keepWarm does), measures the job again, and
// returns of each record the take that ran at the clock; a record off it
// in both takes is marked (MarkOffClock). Once the run has spent
// retakeBudget on this, records off the clock are marked without a second
// take, saying so.
func (r *Runner) retakeOffClock(ctx context.Context, j Job, recs []record.Record, err error) ([]record.Record, error) {
	warm := r.warmHz
	if err != nil || warm <= 0 || !r.warmMeasured || ctx.Err() != nil {
		return recs, err
	}
	NoteHeld(recs, warm)
	var off []string
	for _, rec := range recs {
		if why, ok := OffClockRecord(rec, warm); ok {
			off = append(off, rec.ID+" "+why)
		}
	}
	if len(off) == 0 {
		return recs, nil
	}
	if r.retaken >= retakeBudget {
		for i := range recs {
			if why, ok := OffClockRecord(recs[i], warm); ok {
				MarkOffClock(&recs[i], why+fmt.Sprintf("; not taken again: the run had spent %.0f s taking records again", r.retaken.Seconds()))
			}
		}
		return recs, nil
	}
	start := time.Now()
	defer func() { r.retaken += time.Since(start) }()
	r.progress("clock check: %d of %d records ran off the warm-up clock (%s); taking them again", len(off), len(recs), strings.Join(off, "; "))
	j.Close()
	j.Prepare(ctx, r)
	back := r.rewarmFully(ctx)
	again, err := j.Measure(ctx, r)
	if err != nil {
		// The second take broke off: the first one's records stand,
		// marked where they ran off the clock.
		for i := range recs {
			if why, ok := OffClockRecord(recs[i], warm); ok {
				MarkOffClock(&recs[i], why+"; taking it again failed: "+err.Error())
			}
		}
		if Fatal(err) {
			return recs, err
		}
		return recs, nil
	}
	return pickTakes(recs, again, warm, back), nil
}

// pickTakes merges two takes of one job's records by ID, in the second
// take's order (records only the first has follow): a record at the
// clock in the second take is taken from it, else one at the clock in the
// first; a record under the clock by the same amount in both takes, the
// second after a warm-up that brought the clock back (back), is the
// second's, saying that its load holds the GPU there; any other record
// off the clock in both takes is the second's (the first's where only it
// was measured), marked with both clocks; a record neither take measured
// is the second's.
func pickTakes(first, second []record.Record, warm float64, back bool) []record.Record {
	byID := map[string]int{}
	for i, rec := range first {
		byID[rec.ID] = i
	}
	used := make([]bool, len(first))
	out := make([]record.Record, 0, max(len(first), len(second)))
	for _, rec := range second {
		i, had := byID[rec.ID]
		if !had {
			if why, off := OffClockRecord(rec, warm); off {
				MarkOffClock(&rec, why+", taken after a warm-up")
			}
			out = append(out, rec)
			continue
		}
		used[i] = true
		f := first[i]
		whyF, offF := OffClockRecord(f, warm)
		whyS, offS := OffClockRecord(rec, warm)
		okF, okS := f.Status == record.StatusOK && !offF, rec.Status == record.StatusOK && !offS
		switch {
		case okS:
			if offF {
				rec.Warnings = append(rec.Warnings, "taken again after a warm-up: the first take "+whyF)
			}
		case okF:
			rec = f
		case back && offS && offF && f.Status == record.StatusOK && steady(RecordClockHz(f), RecordClockHz(rec)) && RecordClockHz(rec) < warm:
			// Under the clock by the same amount before and after a
			// warm-up that brought the clock back: the load holds the
			// GPU there, though its readings name no limit (read after
			// the kernel, once the limit had let go).
			rec.Warnings = append(rec.Warnings, fmt.Sprintf("%s in both takes (the first at %.0f MHz), the second after a full warm-up: the clock this load holds the GPU at, not an idle one", whyS, RecordClockHz(f)/1e6))
		case offS:
			MarkOffClock(&rec, whyS+fmt.Sprintf(", taken again after a warm-up (the first take: %.0f MHz)", RecordClockHz(f)/1e6))
		case offF:
			second := rec2reason(rec)
			rec = f
			MarkOffClock(&rec, whyF+"; taking it again did not measure it ("+second+")")
		}
		out = append(out, rec)
	}
	for i, rec := range first {
		if used[i] {
			continue
		}
		if why, off := OffClockRecord(rec, warm); off {
			MarkOffClock(&rec, why+"; taking it again did not give it")
		}
		out = append(out, rec)
	}
	return out
}

// steady says whether two takes' clocks agree within 3%: a clock the
// load holds, not one an idle GPU happened to fall to.
func steady(a, b float64) bool { return a > 0 && b > 0 && math.Abs(a-b) <= 0.03*math.Max(a, b) }

// rec2reason is a record's status and reason, for a message.
func rec2reason(rec record.Record) string {
	if rec.Reason == "" {
		return string(rec.Status)
	}
	return string(rec.Status) + ": " + rec.Reason
}

// rewarmFully warms the GPU up until its clock is back within 3% of the
// warm-up's, stops rising (after rewarmMin), or rewarmFor passes, whatever
// its sensors say: the clock check found it off. It says whether the
// clock came back.
func (r *Runner) rewarmFully(ctx context.Context) (back bool) {
	warm := r.warmHz
	target := 0.97 * warm
	c, err := r.warm(ctx, func(hz float64, settled bool, elapsed time.Duration) bool {
		return hz >= target || settled && elapsed >= rewarmMin || elapsed >= rewarmFor
	})
	if err != nil {
		r.progress("clock check: warm-up: %v", err)
	}
	r.warmHz = warm
	return err == nil && c != nil && c.Hz >= target
}
