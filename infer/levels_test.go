package infer

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

const (
	kib = 1 << 10
	mib = 1 << 20
	gib = 1 << 30
)

// knee is a step of a synthetic memory hierarchy.
type knee struct {
	bytes   float64 // capacity: where ln(value) is halfway through the step
	value   float64 // the plateau after the step
	octaves float64 // footprint octaves over which the step goes from 1% to 99% (of ln value)
}

// hierarchy is a synthetic latency (or bandwidth) curve with known
// levels: plateaus joined by logistic steps in ln(value) against
// log2(bytes), and optionally a steady climb with no plateau at the end.
type hierarchy struct {
	first float64 // the first plateau's value
	knees []knee
	// Beyond riseFrom bytes (if nonzero) the value grows by risePerOctave
	// (relative) per octave of footprint, without end.
	riseFrom, risePerOctave float64
}

// at is the curve's exact value at a footprint in bytes.
func (h hierarchy) at(bytes float64) float64 {
	x := math.Log2(bytes)
	y := math.Log(h.first)
	prev := h.first
	for _, k := range h.knees {
		w := k.octaves / (2 * math.Log(99)) // logistic scale: 1% to 99% over k.octaves
		y += (math.Log(k.value) - math.Log(prev)) / (1 + math.Exp(-(x-math.Log2(k.bytes))/w))
		prev = k.value
	}
	if h.riseFrom > 0 && bytes > h.riseFrom {
		y += math.Log1p(h.risePerOctave) * math.Log2(bytes/h.riseFrom)
	}
	return math.Exp(y)
}

// sweep measures the curve at perOctave log-spaced footprints from 2^lo to
// 2^hi bytes, with multiplicative Gaussian noise of relative deviation
// noise (r may be nil without noise), and the points named in outliers
// multiplied by their factors.
func (h hierarchy) sweep(lo, hi, perOctave int, noise float64, outliers map[int]float64, r *rand.Rand) []Point {
	var pts []Point
	for i := 0; i <= (hi-lo)*perOctave; i++ {
		b := math.Exp2(float64(lo) + float64(i)/float64(perOctave))
		v := h.at(b)
		if noise > 0 {
			v *= 1 + noise*r.NormFloat64()
		}
		if f, ok := outliers[i]; ok {
			v *= f
		}
		pts = append(pts, Point{Bytes: b, Value: v})
	}
	return pts
}

// flatAt reports whether the curve is flat (within 1%) for an octave on
// either side of a footprint: a point there is inside a plateau.
func (h hierarchy) flatAt(bytes float64) bool {
	v := h.at(bytes)
	return math.Abs(math.Log(h.at(bytes/2)/v)) < 0.01 && math.Abs(math.Log(h.at(bytes*2)/v)) < 0.01
}

// The hierarchies of the tests, in the spirit of a recent NVIDIA GPU. A
// sharp knee goes from 1% to 99% of its step within one octave.
const sharp = 1.0

func threeLevels() hierarchy {
	return hierarchy{first: 35, knees: []knee{{256 * kib, 270, sharp}, {50 * mib, 650, sharp}}}
}

func nearFarL2() hierarchy {
	return hierarchy{first: 35, knees: []knee{{256 * kib, 220, sharp}, {25 * mib, 300, sharp}, {50 * mib, 650, sharp}}}
}

func withTLB() hierarchy {
	return hierarchy{first: 35, knees: []knee{{256 * kib, 270, sharp}, {50 * mib, 650, sharp}, {1 * gib, 900, sharp}}}
}

func stillRising() hierarchy {
	h := threeLevels()
	h.riseFrom, h.risePerOctave = 256*mib, 0.3
	return h
}

func wideKnee() hierarchy {
	return hierarchy{first: 35, knees: []knee{{256 * kib, 270, sharp}, {50 * mib, 650, 6}}}
}

func subStep() hierarchy {
	return hierarchy{first: 35, knees: []knee{{256 * kib, 270, sharp}, {8 * mib, 297, sharp}, {50 * mib, 650, sharp}}}
}

func bandwidth() hierarchy {
	return hierarchy{first: 120, knees: []knee{{256 * kib, 40, sharp}, {50 * mib, 10, sharp}}}
}

// wantLevel is a level a synthetic curve must show.
type wantLevel struct {
	value    float64 // plateau value; 0: not checked
	capacity float64 // bytes; 0: the last level
	// unresolved, when set, is a substring the level's Note must hold,
	// and the level must be unresolved; otherwise it must be resolved,
	// unless anyResolution is set.
	unresolved    string
	anyResolution bool
}

// levelErrors compares found levels with the wanted ones: the same count,
// each value within 5%, each capacity within a factor of 1.5 (0 for the
// last level), and the resolution. It returns what differs.
func levelErrors(got []Level, want []wantLevel) []string {
	if len(got) != len(want) {
		return []string{fmt.Sprintf("found %d levels, want %d", len(got), len(want))}
	}
	var errs []string
	for i, w := range want {
		g := got[i]
		if w.value != 0 && math.Abs(g.Value/w.value-1) > 0.05 {
			errs = append(errs, fmt.Sprintf("level %d: value %.4g, want %.4g ± 5%%", i, g.Value, w.value))
		}
		switch {
		case w.capacity == 0 && g.Capacity != 0:
			errs = append(errs, fmt.Sprintf("level %d: capacity %.4g bytes, want 0 (the last level)", i, g.Capacity))
		case w.capacity != 0 && (g.Capacity <= 0 || math.Abs(math.Log(g.Capacity/w.capacity)) > math.Log(1.5)):
			errs = append(errs, fmt.Sprintf("level %d: capacity %.4g bytes, want %.4g within a factor of 1.5", i, g.Capacity, w.capacity))
		}
		switch {
		case w.unresolved != "":
			if g.Resolved || !strings.Contains(g.Note, w.unresolved) {
				errs = append(errs, fmt.Sprintf("level %d: resolved %v, note %q; want unresolved with %q", i, g.Resolved, g.Note, w.unresolved))
			}
		case !w.anyResolution && !g.Resolved:
			errs = append(errs, fmt.Sprintf("level %d: unresolved (%s), want resolved", i, g.Note))
		}
	}
	return errs
}

func describe(ls []Level) string {
	var b strings.Builder
	for i, l := range ls {
		fmt.Fprintf(&b, "  %d: value %.4g, %.4g to %.4g bytes, capacity %.4g bytes, %d points, resolved %v %s\n",
			i, l.Value, l.From, l.To, l.Capacity, l.Points, l.Resolved, l.Note)
	}
	return b.String()
}

func TestLevels(t *testing.T) {
	threeWant := []wantLevel{{value: 35, capacity: 256 * kib}, {value: 270, capacity: 50 * mib}, {value: 650}}
	for _, tc := range []struct {
		name      string
		h         hierarchy
		lo        int // smallest footprint 2^lo bytes (default 10)
		perOctave int
		noise     float64
		outliers  map[int]float64
		want      []wantLevel
	}{
		{
			name: "three levels exact", h: threeLevels(), perOctave: 3,
			want: threeWant,
		},
		{
			// Point 40 is 8 MiB, inside L2.
			name: "three levels with 2% noise and a 3x outlier", h: threeLevels(), perOctave: 3, noise: 0.02,
			outliers: map[int]float64{40: 3},
			want:     threeWant,
		},
		{
			// A 36% step, over a far partition flat for about half an
			// octave: two points at 4 per octave.
			name: "two-step L2", h: nearFarL2(), perOctave: 4,
			want: []wantLevel{
				{value: 35, capacity: 256 * kib}, {value: 220, capacity: 25 * mib},
				{value: 300, capacity: 50 * mib, unresolved: "only 2 points"}, {value: 650},
			},
		},
		{
			name: "TLB step after DRAM", h: withTLB(), perOctave: 3,
			want: []wantLevel{
				{value: 35, capacity: 256 * kib}, {value: 270, capacity: 50 * mib},
				{value: 650, capacity: gib}, {value: 900},
			},
		},
		{
			name: "single level", h: hierarchy{first: 40}, perOctave: 3, noise: 0.02,
			want: []wantLevel{{value: 40}},
		},
		{
			// DRAM's capacity is where the climb starts.
			name: "still rising at the end", h: stillRising(), perOctave: 3,
			want: []wantLevel{
				{value: 35, capacity: 256 * kib}, {value: 270, capacity: 50 * mib},
				{value: 650, capacity: 256 * mib}, {unresolved: "still rising at the largest footprint"},
			},
		},
		{
			name: "knee spread over six octaves", h: wideKnee(), perOctave: 3,
			want: []wantLevel{
				{value: 35, capacity: 256 * kib}, {value: 270, capacity: 50 * mib, unresolved: "knee to the next level spread"},
				{value: 650},
			},
		},
		{
			// A 10% step inside L2 is below minStep: one level, not flat.
			name: "step below minStep", h: subStep(), perOctave: 3,
			want: []wantLevel{
				{value: 35, capacity: 256 * kib}, {value: 270, capacity: 50 * mib, unresolved: "not flat"},
				{value: 650},
			},
		},
		{
			// The sweep starts at 128 KiB, on a knee spread over three
			// octaves around 256 KiB. With L1 unseen, the knee is where
			// the curve comes within a factor sqrt(1.15) of L2: at
			// 2^19.09 bytes for this logistic.
			name: "rising at the smallest footprint", lo: 17, perOctave: 3,
			h: hierarchy{first: 35, knees: []knee{{256 * kib, 270, 3}, {50 * mib, 650, sharp}}},
			want: []wantLevel{
				{capacity: 560 * kib, unresolved: "still rising at the smallest footprint"},
				{value: 270, capacity: 50 * mib}, {value: 650},
			},
		},
		{
			name: "no plateau", h: hierarchy{first: 35, riseFrom: 1, risePerOctave: 0.3}, perOctave: 3,
			want: []wantLevel{{unresolved: "no plateau"}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(1, 2))
			lo := tc.lo
			if lo == 0 {
				lo = 10
			}
			got, err := Levels(tc.h.sweep(lo, 33, tc.perOctave, tc.noise, tc.outliers, r), 0.15)
			if err != nil {
				t.Fatal(err)
			}
			if errs := levelErrors(got, tc.want); errs != nil {
				t.Errorf("%s\nlevels:\n%s", strings.Join(errs, "\n"), describe(got))
			}
		})
	}
}

func TestLevelsFalling(t *testing.T) {
	want := []wantLevel{{value: 120, capacity: 256 * kib}, {value: 40, capacity: 50 * mib}, {value: 10}}
	for _, tc := range []struct {
		name  string
		noise float64
	}{
		{"exact", 0},
		{"2% noise", 0.02},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(3, 4))
			got, err := LevelsFalling(bandwidth().sweep(10, 33, 3, tc.noise, nil, r), 0.15)
			if err != nil {
				t.Fatal(err)
			}
			if errs := levelErrors(got, want); errs != nil {
				t.Errorf("%s\nlevels:\n%s", strings.Join(errs, "\n"), describe(got))
			}
		})
	}
	t.Run("still falling", func(t *testing.T) {
		h := bandwidth()
		h.riseFrom, h.risePerOctave = 256*mib, -0.25
		got, err := LevelsFalling(h.sweep(10, 33, 3, 0, nil, rand.New(rand.NewPCG(5, 6))), 0.15)
		if err != nil {
			t.Fatal(err)
		}
		if errs := levelErrors(got, []wantLevel{
			{value: 120, capacity: 256 * kib}, {value: 40, capacity: 50 * mib},
			{value: 10, capacity: 256 * mib}, {unresolved: "still falling at the largest footprint"},
		}); errs != nil {
			t.Errorf("%s\nlevels:\n%s", strings.Join(errs, "\n"), describe(got))
		}
	})
}

// TestLevelsNoise repeats the curves over seeds and sampling densities,
// with noise and a 3x outlier inside a plateau, and requires every run to
// find the right levels, but for a few runs where noise can genuinely
// mislead.
func TestLevelsNoise(t *testing.T) {
	for _, tc := range []struct {
		name      string
		h         hierarchy
		falling   bool
		perOctave []int
		noise     float64
		want      []wantLevel
		// maxFailed is how many of the 50 runs may fail, where noise can
		// genuinely make a short ramp look flat or split a two-point
		// plateau.
		maxFailed int
	}{
		{
			name: "three levels", h: threeLevels(), perOctave: []int{2, 3, 4}, noise: 0.02,
			want: []wantLevel{{value: 35, capacity: 256 * kib}, {value: 270, capacity: 50 * mib}, {value: 650}},
		},
		{
			name: "TLB step", h: withTLB(), perOctave: []int{2, 3, 4}, noise: 0.02,
			want: []wantLevel{{value: 35, capacity: 256 * kib}, {value: 270, capacity: 50 * mib}, {value: 650, capacity: gib}, {value: 900}},
		},
		{
			// The far partition holds two points at 4 per octave (one
			// or two at 3); with 1% noise they sometimes disagree by
			// more than the 3% tolerance, and the knee point beside
			// them pairs with one instead.
			name: "two-step L2", h: nearFarL2(), perOctave: []int{4}, noise: 0.01,
			want:      []wantLevel{{value: 35, capacity: 256 * kib}, {value: 220, capacity: 25 * mib}, {value: 300, capacity: 50 * mib, anyResolution: true}, {value: 650}},
			maxFailed: 2,
		},
		{
			// DRAM may start with the slow end of the knee: not flat.
			name: "wide knee", h: wideKnee(), perOctave: []int{3, 4}, noise: 0.02,
			want: []wantLevel{{value: 35, capacity: 256 * kib}, {value: 270, capacity: 50 * mib, unresolved: "knee"}, {value: 650, anyResolution: true}},
		},
		{
			// Noise can flatten the last two points of the climb.
			name: "still rising", h: stillRising(), perOctave: []int{3, 4}, noise: 0.02,
			want:      []wantLevel{{value: 35, capacity: 256 * kib}, {value: 270, capacity: 50 * mib}, {value: 650, capacity: 256 * mib}, {unresolved: "still rising"}},
			maxFailed: 1,
		},
		{
			name: "bandwidth", h: bandwidth(), falling: true, perOctave: []int{2, 3, 4}, noise: 0.02,
			want: []wantLevel{{value: 120, capacity: 256 * kib}, {value: 40, capacity: 50 * mib}, {value: 10}},
		},
	} {
		for _, per := range tc.perOctave {
			t.Run(fmt.Sprintf("%s/%d per octave", tc.name, per), func(t *testing.T) {
				r := rand.New(rand.NewPCG(7, uint64(per)))
				failed := 0
				for run := range 50 {
					// One outlier, at a point inside a plateau.
					var flat []int
					for i := range (33-10)*per + 1 {
						if tc.h.flatAt(math.Exp2(10 + float64(i)/float64(per))) {
							flat = append(flat, i)
						}
					}
					outliers := map[int]float64{flat[r.IntN(len(flat))]: 3}
					pts := tc.h.sweep(10, 33, per, tc.noise, outliers, r)
					find := Levels
					if tc.falling {
						find = LevelsFalling
					}
					got, err := find(pts, 0.15)
					if err != nil {
						t.Fatal(err)
					}
					if errs := levelErrors(got, tc.want); errs != nil {
						failed++
						t.Logf("run %d: %s\nlevels:\n%s", run, strings.Join(errs, "\n"), describe(got))
					}
				}
				if failed > tc.maxFailed {
					t.Errorf("%d of 50 runs failed, want at most %d", failed, tc.maxFailed)
				}
			})
		}
	}
}

func TestLevelsErrors(t *testing.T) {
	good := []Point{{1024, 35}, {2048, 35}, {4096, 36}, {8192, 35}, {16384, 270}}
	with := func(i int, p Point) []Point {
		pts := append([]Point(nil), good...)
		pts[i] = p
		return pts
	}
	for _, tc := range []struct {
		name    string
		points  []Point
		minStep float64
		want    string // substring of the error
	}{
		{"fewer than 4 points", good[:3], 0.15, "at least 4 points"},
		{"NaN value", with(2, Point{4096, math.NaN()}), 0.15, "point 2 (4096 bytes): value NaN"},
		{"zero value", with(1, Point{2048, 0}), 0.15, "point 1 (2048 bytes): value 0"},
		{"negative value", with(3, Point{8192, -1}), 0.15, "point 3 (8192 bytes): value -1"},
		{"infinite value", with(0, Point{1024, math.Inf(1)}), 0.15, "point 0 (1024 bytes): value +Inf"},
		{"zero footprint", with(4, Point{0, 270}), 0.15, "point 4: footprint 0 bytes"},
		{"NaN footprint", with(4, Point{math.NaN(), 270}), 0.15, "point 4: footprint NaN bytes"},
		{"repeated footprint", with(4, Point{8192, 270}), 0.15, "footprint 8192 bytes appears more than once"},
		{"zero minStep", good, 0, "minStep 0"},
		{"NaN minStep", good, math.NaN(), "minStep NaN"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, find := range []func([]Point, float64) ([]Level, error){Levels, LevelsFalling} {
				got, err := find(tc.points, tc.minStep)
				if err == nil {
					t.Fatalf("no error; levels:\n%s", describe(got))
				}
				if !strings.Contains(err.Error(), tc.want) {
					t.Errorf("error %q does not say %q", err, tc.want)
				}
			}
		})
	}
}

// FuzzLevels checks that no point set makes Levels or LevelsFalling panic,
// and that what they find is consistent: levels in order of footprint,
// From <= To, Capacity between To and the next level's From (0 for the
// last), positive finite values, and a note on every unresolved level.
func FuzzLevels(f *testing.F) {
	enc := func(pts []Point) []byte {
		var b []byte
		for _, p := range pts {
			// One byte of log2(bytes)*4 and two of ln(value)*32+2048.
			lv := int(math.Round(math.Log(p.Value)*32)) + 2048
			b = append(b, byte(math.Round(math.Log2(p.Bytes)*4)), byte(lv>>8), byte(lv))
		}
		return b
	}
	f.Add(enc(threeLevels().sweep(10, 33, 3, 0, nil, nil)), 0.15)
	f.Add(enc(nearFarL2().sweep(10, 33, 4, 0, nil, nil)), 0.15)
	f.Add(enc(stillRising().sweep(10, 33, 2, 0, nil, nil)), 0.3)
	f.Add([]byte{40, 8, 0, 41, 8, 0, 42, 8, 0, 43, 8, 0}, 0.15)
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17}, 1e-9)
	f.Fuzz(func(t *testing.T, data []byte, minStep float64) {
		// At most 200 points: the analysis is quadratic in their number.
		var pts []Point
		for i := 0; i+3 <= min(len(data), 600); i += 3 {
			lv := float64(int(data[i+1])<<8|int(data[i+2])) - 2048
			pts = append(pts, Point{Bytes: math.Exp2(float64(data[i]) / 4), Value: math.Exp(lv / 32)})
		}
		for _, find := range []func([]Point, float64) ([]Level, error){Levels, LevelsFalling} {
			ls, err := find(pts, minStep)
			if err != nil {
				continue
			}
			if len(ls) == 0 {
				t.Fatalf("no levels and no error")
			}
			for i, l := range ls {
				bad := func(what string) {
					t.Fatalf("level %d: %s\nlevels:\n%s", i, what, describe(ls))
				}
				if !(l.From <= l.To) {
					bad("From > To")
				}
				if !(l.Value > 0) || math.IsInf(l.Value, 0) {
					bad("value not positive and finite")
				}
				if l.Points < 1 {
					bad("no points")
				}
				if !l.Resolved && l.Note == "" {
					bad("unresolved without a note")
				}
				if i == len(ls)-1 {
					if l.Capacity != 0 {
						bad("last level with a capacity")
					}
					continue
				}
				if !(l.Capacity >= l.To) || !(l.Capacity <= ls[i+1].From) {
					bad("capacity outside [To, next From]")
				}
				if !(ls[i+1].From > l.To) {
					bad("levels overlap")
				}
			}
		}
	})
}
