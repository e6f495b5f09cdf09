package infer

import (
	"fmt"
	"math"
	"sort"
)

// SpacingPoint is the useful bandwidth of a strided stream: 4-byte (or
// other narrow) loads, neighbouring lanes Spacing bytes apart.
type SpacingPoint struct {
	Spacing int
	Value   float64
}

// Unit is what a spacing sweep says about the block a memory level moves.
type Unit struct {
	// Bytes is the unit's size: the spacing from which the useful
	// bandwidth stops falling (0 when unresolved).
	Bytes int
	// Resolved is false when the sweep never flattens (the unit is at
	// least the widest spacing) or never falls (no sign of a unit).
	Resolved bool
	// Ratios are, for each pair of neighbouring spacings, the bandwidth
	// ratio per doubling of the spacing, in order.
	Ratios []float64
	// Note says why a sweep is unresolved.
	Note string
}

// Thresholds on the bandwidth ratio between a spacing and its double:
// above fallAbove the doubling cost twice the units (the spacing is below
// the unit); below flatBelow it cost none (at or beyond the unit).
const (
	fallAbove = 1.5
	flatBelow = 1.25
)

// TransferUnit finds the unit a level moves from useful bandwidth against
// lane spacing: while the spacing is below the unit, doubling it doubles
// the units per useful byte and halves the bandwidth; from the unit on,
// every lane takes one unit and the bandwidth stays. The unit is the first
// spacing from which the bandwidth stays flat, after at least one step
// that halved it per doubling. Spacings need not double from one point to
// the next: each step's ratio is taken per doubling.
func TransferUnit(points []SpacingPoint) (Unit, error) {
	if len(points) < 3 {
		return Unit{}, fmt.Errorf("%d spacings: need at least 3", len(points))
	}
	ps := append([]SpacingPoint(nil), points...)
	sort.Slice(ps, func(i, j int) bool { return ps[i].Spacing < ps[j].Spacing })
	var u Unit
	fell := false
	for i := 0; i+1 < len(ps); i++ {
		a, b := ps[i], ps[i+1]
		if a.Spacing <= 0 || b.Spacing <= a.Spacing {
			return Unit{}, fmt.Errorf("spacings %d and %d: need positive, distinct spacings", a.Spacing, b.Spacing)
		}
		if a.Value <= 0 || b.Value <= 0 {
			return Unit{}, fmt.Errorf("spacing %d or %d has no positive bandwidth", a.Spacing, b.Spacing)
		}
		r := math.Pow(a.Value/b.Value, 1/math.Log2(float64(b.Spacing)/float64(a.Spacing)))
		u.Ratios = append(u.Ratios, r)
		switch {
		case r >= fallAbove:
			fell = true
		case r <= flatBelow && fell && u.Bytes == 0:
			u.Bytes, u.Resolved = a.Spacing, true
		case r <= flatBelow && !fell && u.Bytes == 0:
			// Flat before any fall: the unit is at most this spacing.
		default:
			if u.Bytes == 0 && fell {
				u.Note = fmt.Sprintf("from %d to %d bytes the bandwidth fell %.2f× per doubling: the unit lies between, or neither a whole unit nor none was added", a.Spacing, b.Spacing, r)
			}
		}
	}
	switch {
	case u.Bytes > 0:
		u.Note = ""
	case !fell:
		u.Note = fmt.Sprintf("the bandwidth never halves between spacings %d and %d bytes: no unit in this range (or another limit hides it)", ps[0].Spacing, ps[len(ps)-1].Spacing)
	case u.Note == "":
		u.Note = fmt.Sprintf("the bandwidth still falls at %d bytes: the unit is at least that", ps[len(ps)-1].Spacing)
	}
	return u, nil
}

// RatioString prints a unit's ratios for notes.
func RatioString(rs []float64) string {
	s := ""
	for i, r := range rs {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%.2f", math.Round(r*100)/100)
	}
	return s
}
