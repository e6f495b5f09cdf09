package analyze

import (
	"fmt"
	"maps"
	"math"
	"math/bits"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/gpuarch/gpuarch/sass"
)

// Lane addresses: each register's value for the 32 lanes of a warp, as
// far as the listing shows it, and from it each memory access's
// addresses, so that bank conflicts and coalescing are computed rather
// than assumed.
//
// A value is base + d[lane]: d is 32 concrete offsets and base is either a
// known constant or unknown but the same for every lane of the warp (a
// kernel parameter, the block index, the loop counter), with the largest
// power of two it is known to be a multiple of. S2R of the lane index
// gives d = lane, base 0; of threadIdx.x d = lane and a base that is a
// multiple of 32 (blocks taken one-dimensional with a multiple of 32
// threads, stated as an assumption). Moves, IMAD, IMAD.WIDE, IADD3, VIADD,
// LEA, SHF, and LOP3 AND masks carry d through, with uniform-register
// (U-prefixed) forms evaluated the same way; an operation the evaluator
// cannot follow on a value that varies across lanes makes it unknown, and
// one on uniform values makes an unknown uniform. Loops are evaluated to a
// fixed point: a register whose lane offsets change from one iteration to
// the next by a constant keeps them (its base becomes unknown), one that
// changes otherwise becomes unknown.

// lval is one register's value across a warp's lanes.
type lval struct {
	// rank says the value is a warp-uniform mask (a ballot) with only
	// the bits of the lanes below each lane kept (mask & ((1 << lane) -
	// 1)): its population count is the lane's rank among the mask's
	// lanes, as a stream compaction writes its kept values.
	rank bool
	// ok is false when the lanes' offsets are unknown.
	ok bool
	d  [32]int64
	// known says base is the value's constant part; otherwise it is
	// unknown, uniform over the warp, a multiple of align.
	known bool
	base  int64
	align int64
	// assume lists the assumptions the value rests on.
	assume []string
	// sym names an unknown base, so that two iterations' values of one
	// address can be subtracted: the base is sym's value plus off. 0 is
	// no name (then no such difference is known).
	sym uint64
	off int64
	// maskSym, for a named value formed by an AND with a run-time mask
	// (a kernel parameter's m in x & m), names that mask: the same mask
	// applied again to the value plus a constant leaves the name and
	// offset as they are ((j ± 1) & m with j = x & m is j ± 1), as the
	// mask is taken not to wrap the lanes' addresses.
	maskSym uint64
	// scrambled marks a value unknown because lanes' values went
	// through an operation that is not affine in them (a hash, a product
	// of two lane-varying values): taken as scattered addresses.
	scrambled bool
	// near, for a scrambled value with a span, says the span is a
	// lane-varying followed value's spread widened by a bounded unknown
	// (e >> 2 plus a loaded bit): each lane lies near its own place in
	// lane order, not anywhere in a window every lane shares.
	near bool
	// span, for a scrambled value, bounds its lanes' part: each lane's
	// value is a uniform base plus something in [0, span) (a logical
	// shift right or an AND mask bounds it); 0 for no bound.
	span int64
	// under, for an unknown base, bounds it: the base is in [0, under)
	// (a bit reversal's of a base above its lanes' bits); 0 for no
	// bound.
	under int64
	// warp says the value may differ from one warp of a block to
	// another beyond what its lanes' offsets say (it was computed from
	// the thread index's warp part): false for a value every warp of a
	// block shares (a loop counter, a shared word's address from
	// uniform values).
	warp bool
	// whole, for a scrambled value with a span, says the value lies in
	// a window of span the same in every block (a logical shift right
	// or an AND mask of it puts it in [0, span), adding constants moves
	// the window), rather than over a uniform base that may differ.
	whole bool
	// vals, for a scrambled value, lists what each lane's value may be
	// over its base (known: base; else unknown, uniform, a multiple of
	// align): one of them, each equally likely, chosen by each lane
	// apart (a select on loaded data, as a binary search's). nil where
	// not known.
	vals []int64
	// block says the value may differ from one block to another: it
	// was computed from the block index (SR_CTAID), except where the
	// result lies wholly in a fixed window (whole).
	block bool
	// grp, for an unknown value (ok false), groups the lanes that share
	// an unknown part: lanes grp[l] alike took one value from a load at
	// one address, and each lane's value is its group's plus gd[l]
	// (lanes that load an index per half-warp get two rows). nil where
	// the lanes are not so grouped.
	grp *[32]uint8
	gd  [32]int64
	// below, for a value whose lanes are followed, bounds every lane's
	// value to [0, below): an AND with a low constant mask (2^n - 1)
	// that the lanes do not wrap, (x - 1) & 1023; 0 where not known.
	below int64
	// flt marks a floating-point value the lanes' integers were
	// converted to (I2FP) and then scaled and offset by warp-uniform
	// values: every lane's value lies within fspan of every other's.
	// fknown, for a warp-uniform float (an immediate), says fval is its
	// value.
	flt    bool
	fspan  float64
	fknown bool
	fval   float64
	// flanes, for a float value (flt), says fd holds each lane's value
	// over one unknown warp-uniform float: the lanes' integers
	// converted (I2FP) and then scaled and offset by warp-uniform
	// constants, as a rotated or resampled coordinate is.
	flanes bool
	fd     [32]float64
	// fsym names a float's unknown warp-uniform part (flanes), as sym
	// does an integer's: two floats of one name and the same fd are
	// one value. 0 for no name.
	fsym uint64
	// hsym, for a scrambled value, names its lanes' unknown part (a
	// hash of each lane's own, as an instruction computed it), so that
	// two values of one name are lane by lane hoff apart: a bilinear
	// sample's img[b] and img[b + 1] on one line in every lane but the
	// one at its line's end. 0 for no name.
	hsym uint64
	hoff int64
	// hmask, for a named hash, names the mask it was last ANDed with
	// (a run-time mask's sym, or a constant's), kept through constant
	// additions: that mask applied again keeps the name and offset
	// ((j + 1) & m beside j = h & m, a table's next entry), as
	// maskSym does for a lane-followed value. 0 for none.
	hmask uint64
	// pred marks a predicate whose lanes are known (ISETP of followed
	// values): d[l] is 1 where lane l's predicate is true (known, base
	// 0).
	pred bool
}

// groups is how many groups of lanes v's grp holds, 0 for none.
func (v lval) groups() int {
	if v.grp == nil {
		return 0
	}
	seen := map[uint8]bool{}
	for _, g := range v.grp {
		seen[g] = true
	}
	return len(seen)
}

// groupedVal is the value lanes load from the lane addresses a: each
// group of lanes at one address shares one unknown value. ok false where
// a's lanes are neither known nor grouped, or where every lane has an
// address of its own.
func groupedVal(a lval) (lval, bool) {
	var keys [32]string
	if varying, ok := laneKeys(a, &keys); !ok || !varying {
		return lval{}, false
	}
	g, ok := lanePartition(keys)
	if !ok {
		return lval{}, false
	}
	return lval{grp: g, assume: append(slices.Clone(a.assume), "lanes that load one address share its value")}, true
}

// sharedLanes groups the lanes whose sources, srcs (arg evaluates the
// i-th; predicates aside), are alike in every one (laneKeys). ok false
// where a source's lanes are neither known nor grouped, where none
// varies, or where every lane is a group of its own.
func sharedLanes(srcs []string, arg func(int) lval) (*[32]uint8, bool) {
	var keys [32]string
	varying := false
	for i, op := range srcs {
		if predReg.MatchString(strings.Trim(strings.TrimSpace(op), "!~")) {
			continue
		}
		v, ok := laneKeys(arg(i), &keys)
		if !ok {
			return nil, false
		}
		varying = varying || v
	}
	if !varying {
		return nil, false
	}
	return lanePartition(keys)
}

// laneKeys appends to each lane's key what tells a's lanes apart: known
// lanes their offsets, grouped ones their group and offset, nothing for
// a uniform value. varying says a's lanes differ; ok false where they
// are neither known nor grouped.
func laneKeys(a lval, keys *[32]string) (varying, ok bool) {
	switch {
	case a.grp != nil:
		for l := range keys {
			keys[l] += fmt.Sprintf("g%d/%d,", a.grp[l], a.gd[l])
		}
		return true, true
	case a.ok && a.uniform():
		return false, true
	case a.ok:
		for l := range keys {
			keys[l] += fmt.Sprintf("d%d,", a.d[l])
		}
		return true, true
	}
	return false, false
}

// lanePartition groups the lanes by their keys: ok false where all
// lanes are one group or each its own.
func lanePartition(keys [32]string) (*[32]uint8, bool) {
	g := partitionOf(func(l int) string { return keys[l] })
	if n := (lval{grp: g}).groups(); n < 2 || n >= 32 {
		return nil, false
	}
	return g, true
}

// partitionOf groups a warp's lanes by key: lanes with one key share a
// group.
func partitionOf(key func(l int) string) *[32]uint8 {
	ids := map[string]uint8{}
	var g [32]uint8
	for l := range g {
		k := key(l)
		id, ok := ids[k]
		if !ok {
			id = uint8(len(ids))
			ids[k] = id
		}
		g[l] = id
	}
	return &g
}

// groupAdd is a + b where one is grouped (grp) and the other's lanes are
// known: the group's unknown part keeps its lanes' grouping, their
// offsets adding b's. ok false otherwise.
func groupAdd(a, b lval) (lval, bool) {
	if a.grp == nil {
		a, b = b, a
	}
	if a.grp == nil || b.grp != nil || !b.ok {
		return lval{}, false
	}
	r := lval{grp: a.grp, gd: a.gd, assume: joinAssume(a, b), block: a.block || b.block}
	for l := range r.gd {
		r.gd[l] += b.d[l]
	}
	return r, true
}

// groupMul is a × c for grouped a and a uniform known constant c: the
// groups kept, their lanes' offsets scaled. ok false otherwise.
func groupMul(a, b lval) (lval, bool) {
	if a.grp == nil {
		a, b = b, a
	}
	if a.grp == nil || !b.ok || !b.known || !b.uniform() {
		return lval{}, false
	}
	c := b.base + b.d[0]
	r := lval{grp: a.grp, gd: a.gd, assume: joinAssume(a, b), block: a.block}
	for l := range r.gd {
		r.gd[l] *= c
	}
	return r, true
}

// spanOf is v's bound on its lanes' part: a known value's spread, a
// scrambled one's span, 0 for none.
func spanOf(v lval) int64 {
	if v.ok {
		return slices.Max(v.d[:]) - slices.Min(v.d[:]) + 1
	}
	return v.span
}

const bigAlign = int64(1) << 40

func (v lval) uniform() bool {
	if !v.ok {
		return false
	}
	for _, x := range v.d {
		if x != v.d[0] {
			return false
		}
	}
	return true
}

// floatAlike reports whether v is a float the same in every lane (an
// integer warp-uniform value made a float): what any operation makes of
// it alone is warp-uniform too (MUFU.RCP of a grid's thread count).
func (v lval) floatAlike() bool {
	if !v.flt || v.fspan != 0 {
		return false
	}
	for _, d := range v.fd {
		if d != v.fd[0] {
			return false
		}
	}
	return true
}

// alignment is the power of two the value's base is a multiple of.
func (v lval) alignment() int64 {
	if v.known {
		return lowbit(v.base)
	}
	return max(1, v.align)
}

func lowbit(x int64) int64 {
	if x == 0 {
		return bigAlign
	}
	return int64(1) << bits.TrailingZeros64(uint64(x))
}

func constVal(c int64) lval { return lval{ok: true, known: true, base: c} }

func uniformVal(align int64, assume ...string) lval {
	return lval{ok: true, align: max(1, align), assume: assume}
}

// symOf names a derived unknown base: the same operation on the same
// names gives the same name (FNV-1a over the parts), 0 where a part has
// no name.
func symOf(parts ...any) uint64 {
	h := uint64(14695981039346656037)
	for _, p := range parts {
		if p == uint64(0) {
			return 0
		}
		for _, b := range []byte(fmt.Sprint(p)) {
			h ^= uint64(b)
			h *= 1099511628211
		}
		h ^= '|'
	}
	if h == 0 {
		h = 1
	}
	return h
}

// named is v with its unknown base named.
func named(v lval, sym uint64) lval {
	v.sym, v.off = sym, 0
	return v
}

func unknownVal(assume ...string) lval { return lval{assume: assume} }

func joinAssume(vs ...lval) []string {
	var out []string
	for _, v := range vs {
		for _, a := range v.assume {
			if !slices.Contains(out, a) {
				out = append(out, a)
			}
		}
	}
	return out
}

func addVal(a, b lval) lval {
	r := addLanes(a, b)
	if g, ok := groupAdd(a, b); ok && !r.ok {
		r.grp, r.gd = g.grp, g.gd
	}
	return r
}

// addLanes is addVal without the groups of lanes.
func addLanes(a, b lval) lval {
	if r, ok := addChoice(a, b); ok {
		return r
	}
	r := lval{ok: a.ok && b.ok, assume: joinAssume(a, b), scrambled: a.scrambled || b.scrambled}
	if !r.ok {
		if sa, sb := spanOf(a), spanOf(b); sa > 0 && sb > 0 && (a.scrambled || b.scrambled) {
			r.span = sa + sb - 1
			r.whole = (a.whole || a.known) && (b.whole || b.known)
			laneOrder := func(x lval) bool { return x.ok && !x.uniform() || x.near }
			r.near = laneOrder(a) && (b.scrambled || b.uniform()) || laneOrder(b) && (a.scrambled || a.uniform())
		}
		if b.hsym != 0 {
			a, b = b, a
		}
		if a.hsym != 0 && b.ok && b.uniform() {
			// A named hash plus a warp-uniform value: the name kept
			// (a constant) or combined with the other's.
			r.hsym, r.hoff, r.hmask = a.hsym, a.hoff+b.base+b.d[0], a.hmask
			if !b.known {
				r.hmask = 0
				r.hsym, r.hoff = symOf("add", a.hsym, b.sym), a.hoff+b.off+b.d[0]
			}
		}
		return r
	}
	for i := range r.d {
		r.d[i] = a.d[i] + b.d[i]
	}
	switch {
	case a.known && b.known:
		r.known, r.base = true, a.base+b.base
	case a.known:
		r.sym, r.off, r.maskSym = b.sym, b.off+a.base, b.maskSym
	case b.known:
		r.sym, r.off, r.maskSym = a.sym, a.off+b.base, a.maskSym
	default:
		r.sym, r.off = symOf("add", min(a.sym, b.sym), max(a.sym, b.sym)), a.off+b.off
	}
	if !r.known {
		r.align = min(a.alignment(), b.alignment())
	}
	return r
}

func negVal(a lval) lval {
	r := a
	r.below = 0
	r.fval = -a.fval
	for i := range r.d {
		r.d[i] = -a.d[i]
		r.fd[i] = -a.fd[i]
	}
	r.fsym = symOf("fneg", a.fsym)
	r.base = -a.base
	r.sym, r.off = symOf("neg", a.sym), -a.off
	return r
}

// maxChoices bounds the values a choice keeps (vals): beyond it the
// value is only scattered over its span.
const maxChoices = 4096

// choiceVal is a value each lane takes from a or b by a predicate that
// varies with data (SEL, or a predicated write over an older value):
// both uniform with known bases, or with the same named unknown base;
// otherwise scattered over what the two spans say, or unknown.
func choiceVal(a, b lval) lval {
	as := joinAssume(a, b)
	if a.ok && b.ok && a.uniform() && b.uniform() {
		switch {
		case a.known && b.known:
			return choiceOf(lval{known: true, assume: as}, []int64{a.base + a.d[0], b.base + b.d[0]})
		case !a.known && !b.known && a.sym != 0 && a.sym == b.sym:
			// Over the smaller of the two (each a multiple of its
			// own alignment), the other's distance above it.
			if b.off < a.off {
				a, b = b, a
			}
			r := lval{align: min(a.alignment(), b.alignment()), sym: a.sym, off: a.off, assume: as}
			return choiceOf(r, []int64{a.d[0], b.off - a.off + b.d[0]})
		}
	}
	if len(a.vals) > 0 && b.ok && b.uniform() && b.known && a.known {
		return choiceOf(lval{known: true, base: a.base, assume: as}, append(slices.Clone(a.vals), b.base+b.d[0]-a.base))
	}
	if len(b.vals) > 0 && a.ok && a.uniform() && a.known && b.known {
		return choiceOf(lval{known: true, base: b.base, assume: as}, append(slices.Clone(b.vals), a.base+a.d[0]-b.base))
	}
	return lval{assume: as, scrambled: true}
}

// choiceOf is a scrambled value over r's base taking one of vals.
func choiceOf(r lval, vals []int64) lval {
	r.ok, r.scrambled = false, true
	if len(vals) > maxChoices {
		vals = nil
	}
	r.vals = vals
	if len(vals) == 0 {
		return r
	}
	lo, hi := slices.Min(vals), slices.Max(vals)
	r.span = hi - lo + 1
	if r.known {
		r.whole = true
		if lo != 0 {
			// The smallest choice into the known base.
			for i := range r.vals {
				r.vals[i] -= lo
			}
			r.base += lo
		}
	}
	return r
}

// addChoice is a + b where one is a choice (vals) and the other a
// uniform value or another choice (the lanes' choices independent: every
// sum); ok false where neither is a choice.
func addChoice(a, b lval) (lval, bool) {
	if len(a.vals) == 0 && len(b.vals) == 0 {
		return lval{}, false
	}
	if len(a.vals) == 0 {
		a, b = b, a
	}
	as := joinAssume(a, b)
	// An unknown base keeps its alignment: constants go into the
	// choices.
	var vals []int64
	var shift int64
	var r lval
	switch {
	case b.ok && b.uniform():
		vals = slices.Clone(a.vals)
		b = lval{ok: true, known: b.known, base: b.base + b.d[0], align: b.align, sym: b.sym, off: b.off + b.d[0]}
		if !b.known {
			b.off -= b.d[0]
			shift = b.d[0]
		}
	case len(b.vals) > 0 && len(a.vals)*len(b.vals) <= maxChoices:
		for _, x := range a.vals {
			for _, y := range b.vals {
				vals = append(vals, x+y)
			}
		}
	default:
		return lval{}, false
	}
	switch {
	case a.known && b.known:
		r = lval{known: true, base: a.base + b.base}
	case b.known:
		r, shift = lval{align: a.alignment(), sym: a.sym, off: a.off}, shift+b.base
	case a.known:
		r, shift = lval{align: b.alignment(), sym: b.sym, off: b.off}, shift+a.base
	default:
		r = lval{align: min(a.alignment(), b.alignment()), sym: symOf("add", min(a.sym, b.sym), max(a.sym, b.sym)), off: a.off + b.off}
	}
	for i := range vals {
		vals[i] += shift
	}
	r.assume = as
	return choiceOf(r, vals), true
}

// mulVal is a × b where one of them is a uniform constant, or both are
// uniform; otherwise the product's lane offsets are unknown.
func mulVal(a, b lval) lval {
	r := mulLanes(a, b)
	if g, ok := groupMul(a, b); ok && !r.ok {
		r.grp, r.gd = g.grp, g.gd
	}
	return r
}

// mulLanes is mulVal without the groups of lanes.
func mulLanes(a, b lval) lval {
	as := joinAssume(a, b)
	if len(b.vals) > 0 {
		a, b = b, a
	}
	if len(a.vals) > 0 && b.ok && b.known && b.uniform() {
		c := b.base + b.d[0]
		r := lval{assume: as, known: a.known, base: a.base * c, sym: a.sym, off: a.off * c}
		if !a.known {
			r.align = min(bigAlign, a.alignment()*lowbit(c))
			if c != 1 {
				r.sym = symOf("mul", a.sym, c)
			}
		}
		vals := make([]int64, len(a.vals))
		for i, x := range a.vals {
			vals[i] = x * c
		}
		return choiceOf(r, vals)
	}
	if !a.ok || !b.ok {
		r := lval{assume: as, scrambled: a.scrambled || b.scrambled}
		if a.ok && a.known && a.uniform() {
			a, b = b, a
		}
		if b.ok && b.known && b.uniform() && a.span > 0 && b.base+b.d[0] >= 0 {
			r.span = (a.span-1)*(b.base+b.d[0]) + 1
			r.whole, r.near = a.whole, a.near
		}
		if b.ok && b.known && b.uniform() && a.hsym != 0 {
			c := b.base + b.d[0]
			r.hsym, r.hoff = symOf("mul", a.hsym, c), a.hoff*c
		}
		return r
	}
	if b.known && b.uniform() {
		a, b = b, a
	}
	if a.known && a.uniform() {
		c := a.base + a.d[0]
		r := lval{ok: true, assume: as}
		for i := range r.d {
			r.d[i] = b.d[i] * c
		}
		if b.known {
			r.known, r.base = true, b.base*c
		} else {
			r.align = min(bigAlign, b.alignment()*lowbit(c))
			r.sym, r.off = b.sym, b.off*c
			if c != 1 {
				r.sym = symOf("mul", b.sym, c)
			}
		}
		return r
	}
	if a.uniform() && b.uniform() {
		r := lval{ok: true, align: min(bigAlign, a.alignment()*b.alignment()), assume: as}
		if a.off == 0 && b.off == 0 {
			r.sym = symOf("mul2", min(a.sym, b.sym), max(a.sym, b.sym))
		}
		return r
	}
	return lval{assume: as, scrambled: true}
}

func shlVal(a lval, s int64) lval {
	if s < 0 || s > 40 {
		return lval{assume: a.assume}
	}
	return mulVal(a, constVal(int64(1)<<s))
}

// shrVal is a >> s (logical) where it can be said per lane.
func shrVal(a lval, s int64) lval {
	if !a.ok || s < 0 || s > 40 {
		r := lval{assume: a.assume, scrambled: a.scrambled || a.ok}
		if s > 0 && s < 32 {
			r.span = int64(1) << (32 - s) // a 32-bit value shifted right
			r.whole = true
		}
		return r
	}
	if a.uniform() {
		if a.known {
			return constVal((a.base + a.d[0]) >> s)
		}
		return uniformVal(1, a.assume...)
	}
	r := lval{ok: true, assume: a.assume}
	if a.known {
		r.known = true
		for i := range r.d {
			r.d[i] = (a.base + a.d[i]) >> s
		}
		return r
	}
	// (base + d) >> s = base >> s + d >> s when base is a multiple of
	// 2^s and every d is non-negative, or when base is below 2^u
	// (u >= s) and every d a non-negative multiple of 2^u: their bits
	// do not meet.
	if al := a.alignment(); al < int64(1)<<s {
		if within(a.d[:], al) {
			// Every lane in [base, base + A) with base a multiple
			// of A, which divides 2^s: all in one run of 2^s, the
			// shift the same for every lane (a row index p >> 10 of
			// a warp's consecutive p).
			r := uniformVal(1, a.assume...)
			r.warp, r.block = a.warp, a.block
			r.sym = symOf("shr", a.sym, s)
			return r
		}
		if a.under >= int64(1)<<s {
			apart := true
			for _, x := range a.d {
				apart = apart && x >= 0 && x%a.under == 0
			}
			if apart {
				for i := range r.d {
					r.d[i] = a.d[i] >> s
				}
				r.align, r.under = 1, a.under>>s
				return r
			}
		}
		if s <= 6 {
			// A few low bits of the base reach into the lanes'
			// part: floor((base + d) / 2^s) is base's part plus
			// (d - min d + the base's low bits) >> s, the low
			// bits taken at their mean (a column index >> 2
			// over a rotating offset: runs of lanes on one word).
			mn := slices.Min(a.d[:])
			for i := range r.d {
				r.d[i] = (a.d[i] - mn + int64(1)<<(s-1)) >> s
			}
			r.align = 1
			r.assume = append(slices.Clip(a.assume), fmt.Sprintf("an unaligned base's low %d bits taken at their mean under a shift right", s))
			return r
		}
		return lval{assume: a.assume, scrambled: true, span: int64(1) << max(0, 32-s), whole: true}
	}
	for i := range r.d {
		if a.d[i] < 0 {
			return lval{assume: a.assume, scrambled: true, span: int64(1) << max(0, 32-s), whole: true}
		}
		r.d[i] = a.d[i] >> s
	}
	r.align = max(1, a.alignment()>>s)
	return r
}

// within says every offset of d lies in [0, a).
func within(d []int64, a int64) bool {
	for _, x := range d {
		if x < 0 || x >= a {
			return false
		}
	}
	return true
}

// brevVal is a 32-bit value's bits reversed (BREV) where it can be said
// per lane: lanes known outright; or lane offsets in [0, A) over an
// unknown base that is a multiple of A, whose bits the reversal keeps
// apart: the offsets reversed, over a base reversed below 2^32/A.
func brevVal(a lval) lval {
	if !a.ok {
		return lval{assume: a.assume, scrambled: a.scrambled}
	}
	rev := func(x int64) int64 { return int64(bits.Reverse32(uint32(x))) }
	if a.known {
		r := lval{ok: true, known: true, assume: a.assume}
		for i := range r.d {
			r.d[i] = rev(a.base + a.d[i])
		}
		return r
	}
	if a.uniform() {
		return uniformVal(1, a.assume...)
	}
	A := a.alignment()
	if A > int64(1)<<32 {
		A = int64(1) << 32
	}
	r := lval{ok: true, align: 1, assume: a.assume}
	for i, x := range a.d {
		if x < 0 || x >= A {
			return lval{assume: a.assume, scrambled: true}
		}
		r.d[i] = rev(x)
	}
	r.under = max(1, (int64(1)<<32)/A)
	return r
}

// assumeRuntimeMask is the assumption an AND with a mask the listing does
// not give (a kernel parameter) rests on.
const assumeRuntimeMask = "a run-time AND mask keeps the lanes' offsets (no wrap within a warp)"

// andVal is a & m for a uniform mask m.
func andVal(a, m lval) lval {
	as := joinAssume(a, m)
	if !a.ok || !m.ok || !m.uniform() {
		if a.ok && m.ok && a.uniform() && !m.uniform() {
			return andVal(m, a)
		}
		r := lval{assume: as, scrambled: a.scrambled || m.scrambled || (a.ok && m.ok)}
		if !a.ok && a.span > 0 && runtimeMask(m) {
			// A bounded value under a run-time mask that keeps the
			// lanes' offsets: its window kept.
			r.span, r.whole, r.near = a.span, a.whole, a.near
			r.assume = append(r.assume, assumeRuntimeMask)
		}
		if m.ok && m.known && m.uniform() && m.base+m.d[0] >= 0 {
			r.span = m.base + m.d[0] + 1
			r.whole = true
			if a.span > 0 {
				r.span = min(r.span, a.span)
			}
		}
		if a.hsym != 0 && m.ok && m.uniform() && (m.known || m.sym != 0) {
			// Named hashes under one mask keep their distance, the
			// mask taken not to wrap it ((b + 1) & m beside b & m).
			key := m.sym
			if m.known {
				key = symOf("const", m.base+m.d[0])
			} else if !slices.Contains(r.assume, assumeRuntimeMask) {
				r.assume = append(r.assume, assumeRuntimeMask)
			}
			r.hsym, r.hoff, r.hmask = symOf("and", a.hsym, key), a.hoff, key
			if a.hmask == key {
				// Already under this mask: (j + 1) & m is j + 1.
				r.hsym = a.hsym
			}
		}
		return r
	}
	if !m.known {
		// An AND clears bits, never sets them: the result is a
		// multiple of whatever power of two a is.
		if a.uniform() {
			r := uniformVal(max(a.alignment(), m.alignment()), as...)
			if a.sym != 0 && m.sym != 0 {
				// Named as a lane-varying value's AND is, so that
				// a row's base (row ± 1024) & m keeps its offset.
				r.sym, r.off, r.maskSym = maskedName(a, m)
				r.assume = append(r.assume, assumeRuntimeMask)
			}
			r.warp, r.block = a.warp, a.block
			return r
		}
		// A mask the listing does not give (a kernel parameter):
		// taken to keep the lanes' offsets (no wrap within a warp).
		r := a
		r.known, r.base, r.align = false, 0, a.alignment()
		r.sym, r.off, r.maskSym = maskedName(a, m)
		r.assume = append(as, assumeRuntimeMask)
		return r
	}
	mask := m.base + m.d[0]
	r := lval{ok: true, assume: as}
	if a.known {
		r.known = true
		for i := range r.d {
			r.d[i] = (a.base + a.d[i]) & mask
		}
		return r
	}
	// Lane offsets relative to the lowest lane's, that part moved
	// into the base.
	if mn := slices.Min(a.d[:]); mn != 0 {
		for i := range a.d {
			a.d[i] -= mn
		}
		a.align = min(a.alignment(), lowbit(mn))
	}
	keeps := true
	top := int64(0)
	for i := range r.d {
		if a.d[i] < 0 {
			return lval{assume: as}
		}
		keeps = keeps && a.d[i]&mask == a.d[i]
		top = max(top, a.d[i])
		r.d[i] = a.d[i] & mask
	}
	al := a.alignment()
	switch {
	case top < al:
		// base's bits lie above every lane's offset: (base + d) & m
		// = (base & m) + (d & m) exactly.
	case keeps:
		r.assume = append(r.assume, fmt.Sprintf("the AND mask %#x does not wrap the lanes' addresses within a warp", mask))
	default:
		// A mask of contiguous bits above a few low ones (0x3c)
		// keeps a field: ((x >> lo) & (mask >> lo)) << lo, the
		// shift over the unaligned base as shrVal takes it.
		if lo := lowbit(mask); lo > 1 && lo <= 64 && (mask/lo)&(mask/lo+1) == 0 {
			n := int64(bits.TrailingZeros64(uint64(lo)))
			return shlVal(andVal(shrVal(a, n), constVal(mask/lo)), n)
		}
		if mask > 0 && mask&(mask+1) == 0 {
			// A low mask the lanes wrap ((k + lane) & 15, a ring
			// of counters): (base + d) mod 2^n is the lanes'
			// d mod 2^n rotated by the base's part, which moves
			// which lane has which value, not how many share
			// one; taken with that part 0.
			r.known = true
			r.assume = append(r.assume, fmt.Sprintf("an AND mask %#x the lanes wrap: the values taken with the loop's part 0 (it rotates them, not how many lanes share one)", mask))
			return r
		}
		return lval{assume: as, scrambled: true}
	}
	if mask >= 0 && mask < al {
		r.known, r.base = true, 0
		return r
	}
	r.align = max(al, lowbit(mask))
	if mask > 0 && mask&(mask+1) == 0 {
		r.below = mask + 1
	}
	if a.uniform() && mask > 0 {
		// A warp's one value under a constant mask: at most the
		// mask, in every block ((gw + k) * 32 & 0x7e0, a warp's
		// counter among 64 a line apart).
		r.under = mask + 1
	}
	// Named with the offset kept: the stride across iterations read
	// from it holds until the mask wraps the address.
	r.sym, r.off = symOf("and", a.sym, mask), a.off
	return r
}

// maskedName names a & m for a run-time mask m: a's own name where a is
// already a value under m plus a constant (the mask taken not to wrap
// it: a stencil's (j - 1) & m beside j = x & m), else the AND's.
func maskedName(a, m lval) (sym uint64, off int64, mask uint64) {
	if a.sym != 0 && m.sym != 0 && a.maskSym == m.sym {
		return a.sym, a.off, m.sym
	}
	return symOf("and", a.sym, m.sym), a.off, m.sym
}

// lut3 applies LOP3's truth table to three words (PTX ISA, lop3: the
// table indexed by a, b, c as 0xF0, 0xCC, 0xAA).
func lut3(lut int64, a, b, c uint32) uint32 {
	var r uint32
	for idx := range 8 {
		if lut>>idx&1 == 0 {
			continue
		}
		t := ^uint32(0)
		for bit, x := range []uint32{a, b, c} {
			if idx>>(2-bit)&1 == 1 {
				t &= x
			} else {
				t &= ^x
			}
		}
		r |= t
	}
	return r
}

// lop3Val is LOP3.LUT of a, b, c, where it can be said per lane: every
// input known per lane, or each an unknown uniform part above a common
// power of two and lane offsets below it (then the bits of the two parts
// never meet, and the lanes' offsets are the table applied to theirs).
func lop3Val(lut int64, a, b, c lval) lval {
	r := lop3Lanes(lut, a, b, c)
	if r.ok && !r.known {
		// Bits no lane can have set (an AND with 0x30 clears the
		// low four) make the unknown base a multiple of the lowest
		// bit that can be.
		if p := lop3Bits(lut, a, b, c); p != 0 {
			r.align = max(r.alignment(), int64(p&-p))
		}
	}
	if !r.ok && r.span == 0 {
		// A hash of bounded values stays bounded: (v >> 19) ^ (k & 7)
		// is below 2^13 whatever k.
		if s := lop3Span(lut, a, b, c); s > 0 {
			r.span, r.whole = s, true
		}
	}
	return r
}

// lop3Select recognises LOP3.LUT with table lut as a select by a constant
// mask: one input a known warp-uniform constant m, and the result x's
// bits where m has a one and y's where it has a zero ((x & m) | (y & ~m),
// the bit field insert ptxas makes of (hi << n) | (lo & (2^n - 1))).
func lop3Select(lut int64, a, b, c lval) (x, y lval, m int64, ok bool) {
	in := []lval{a, b, c}
	for ci, cv := range in {
		if !cv.ok || !cv.known || !cv.uniform() {
			continue
		}
		others := [2]int{(ci + 1) % 3, (ci + 2) % 3}
		for _, o := range [][2]int{others, {others[1], others[0]}} {
			xi, yi := o[0], o[1]
			sel := true
			for bits := range uint32(4) {
				xb, yb := bits&1, bits>>1
				for _, mb := range []uint32{0, 1} {
					var w [3]uint32
					w[xi], w[yi], w[ci] = xb, yb, mb
					want := yb
					if mb == 1 {
						want = xb
					}
					if lut3(lut, w[0], w[1], w[2])&1 != want {
						sel = false
					}
				}
			}
			if sel {
				return in[xi], in[yi], int64(uint32(cv.base + cv.d[0])), true
			}
		}
	}
	return lval{}, lval{}, 0, false
}

// lop3OrMasked recognises LOP3.LUT with table lut as x | (y & m): one
// input a known warp-uniform constant m, and x a value none of whose
// lanes can have a bit of m set: a warp-uniform base a multiple of a
// power of two above m (row | ((col + 1) & 63) with the row a multiple of
// 64), or known lanes below m's bits (((x - 1) & 1023) | (p & ~1023), a
// column wrapped in its row OR-ed onto the row).
func lop3OrMasked(lut int64, a, b, c lval) (x, y lval, m int64, ok bool) {
	in := []lval{a, b, c}
	for ci, cv := range in {
		if !cv.ok || !cv.known || !cv.uniform() {
			continue
		}
		mask := int64(uint32(cv.base + cv.d[0]))
		others := [2]int{(ci + 1) % 3, (ci + 2) % 3}
		for _, o := range [][2]int{others, {others[1], others[0]}} {
			xi, yi := o[0], o[1]
			xv := in[xi]
			aligned := xv.ok && !xv.known && xv.uniform() && xv.alignment() > mask
			if mask <= 0 || !aligned && (!xv.ok || possibleBits(xv)&uint32(mask) != 0) {
				continue
			}
			if orOfAnd(lut, xi, yi, ci) {
				return xv, in[yi], mask, true
			}
		}
	}
	return lval{}, lval{}, 0, false
}

// lop3OrRuntimeMasked recognises LOP3.LUT with table lut as x | (y & m)
// for a run-time mask m (runtimeMask), where no bit of x can meet one of
// y & m as andVal takes it (disjointBits): x and y & m, whose OR is then
// their sum.
func lop3OrRuntimeMasked(lut int64, a, b, c lval) (x, ym lval, ok bool) {
	in := []lval{a, b, c}
	for ci, cv := range in {
		if !runtimeMask(cv) {
			continue
		}
		others := [2]int{(ci + 1) % 3, (ci + 2) % 3}
		for _, o := range [][2]int{others, {others[1], others[0]}} {
			xi, yi := o[0], o[1]
			if !orOfAnd(lut, xi, yi, ci) {
				continue
			}
			if m := andVal(in[yi], cv); m.ok && disjointBits(in[xi], m) {
				return in[xi], m, true
			}
		}
	}
	return lval{}, lval{}, false
}

// lop3UnderMask recognises LOP3.LUT with table lut as g(x, y) & m: input
// k a run-time mask (runtimeMask), every entry with its bit clear 0. g
// is returned as a table of the three inputs that ignores input k (its
// entries with k's bit set, copied to those without).
func lop3UnderMask(lut int64, a, b, c lval) (k int, g int64, ok bool) {
	for k, v := range []lval{a, b, c} {
		if !runtimeMask(v) {
			continue
		}
		bit := 1 << (2 - k) // input k's bit in a table index
		g, ok = 0, true
		for idx := range 8 {
			switch {
			case idx&bit == 0 && lut>>idx&1 != 0:
				ok = false
			case lut>>(idx|bit)&1 != 0:
				g |= 1 << idx
			}
		}
		if ok {
			return k, g, true
		}
	}
	return 0, 0, false
}

// zeroExtended is the bound of a load's zero-extended value, 2^8 for
// .U8 and 2^16 for .U16, 0 for any other.
func zeroExtended(opcode string) int64 {
	for _, f := range strings.Split(opcode, ".")[1:] {
		switch f {
		case "U8":
			return 1 << 8
		case "U16":
			return 1 << 16
		}
	}
	return 0
}

// orOfAnd reports whether LOP3's table lut is input xi | (input yi &
// input ci), the inputs numbered as LOP3's operands.
func orOfAnd(lut int64, xi, yi, ci int) bool {
	for bits := range uint32(8) {
		var w [3]uint32
		w[xi], w[yi], w[ci] = bits&1, bits>>1&1, bits>>2&1
		if lut3(lut, w[0], w[1], w[2])&1 != w[xi]|(w[yi]&w[ci]) {
			return false
		}
	}
	return true
}

// runtimeMask reports whether v is a warp-uniform value the listing does
// not give (a mask from a kernel parameter).
func runtimeMask(v lval) bool { return v.ok && !v.known && v.uniform() }

// disjointBits reports whether no lane of a and b can have a bit set in
// both: one a warp-uniform unknown multiple of a power of two above every
// bit the other may have, or their possible bits apart.
func disjointBits(a, b lval) bool {
	above := func(x, y lval) bool {
		return x.ok && !x.known && x.uniform() && (y.ok || y.whole) && int64(possibleBits(y)) < x.alignment()
	}
	return above(a, b) || above(b, a) || possibleBits(a)&possibleBits(b) == 0
}

// possibleBits is the bits v may have set in some lane: a known value's
// bits over its lanes, below a whole scrambled value's span, an unknown
// base's above its alignment with its lanes' offsets' below, every bit
// otherwise.
func possibleBits(v lval) uint32 {
	switch {
	case v.ok && v.known:
		var m uint32
		for _, d := range v.d {
			m |= uint32(v.base + d)
		}
		return m
	case !v.ok && v.whole && v.span > 0 && v.span <= 1<<32:
		return uint32((int64(1) << bits.Len64(uint64(v.span-1))) - 1)
	case v.ok && v.below > 0 && v.below <= 1<<32:
		return uint32((int64(1) << bits.Len64(uint64(v.below-1))) - 1)
	case v.ok && !v.known && v.alignment() > 1 && v.alignment() <= 1<<32 && slices.Min(v.d[:]) >= 0 && slices.Max(v.d[:]) < v.alignment():
		// An unknown base, a multiple of its alignment, plus lanes'
		// offsets below it: the base's bits lie above the offsets'
		// (a tile's fields above the lane, mat << 20 | lane).
		m := ^uint32(v.alignment() - 1)
		for _, d := range v.d {
			m |= uint32(d)
		}
		return m
	}
	return ^uint32(0)
}

// lop3Bits is the bits LOP3.LUT with table lut may set in some lane,
// given the bits each input may have set (possibleBits): each result bit
// reads only its inputs' bits there.
func lop3Bits(lut int64, a, b, c lval) uint32 {
	may1 := [3]uint32{possibleBits(a), possibleBits(b), possibleBits(c)}
	some, _ := lop3Outcomes(lut, may1, [3]uint32{^uint32(0), ^uint32(0), ^uint32(0)})
	return some
}

// lop3Outcomes is, for LOP3.LUT with table lut, the bits some assignment
// of its inputs' bits can set and the bits every assignment sets, where
// input k's bit j may be one where may1[k] has it and zero where may0[k]
// has it.
func lop3Outcomes(lut int64, may1, may0 [3]uint32) (some, every uint32) {
	for j := range 32 {
		all := true
		for x := range uint32(8) {
			ok := true
			for k := range 3 {
				bit := x >> (2 - k) & 1
				if bit == 1 && may1[k]>>j&1 == 0 || bit == 0 && may0[k]>>j&1 == 0 {
					ok = false
				}
			}
			if !ok {
				continue
			}
			if lut3(lut, (x>>2&1)<<j, (x>>1&1)<<j, (x&1)<<j)>>j&1 == 1 {
				some |= 1 << j
			} else {
				all = false
			}
		}
		if all {
			every |= 1 << j
		}
	}
	return some, every
}

// lop3Span bounds the value LOP3.LUT with table lut makes of a, b and c:
// 2^n where no bit at n or above can be set (lop3Bits); 0 for no bound.
//
// Bits every lane has set whatever the inputs (an OR with 0x100 of a
// byte: bins 256 to 511) raise the bound's floor: the value is then the
// uniform floor plus something below the possible bits' value less it.
func lop3Span(lut int64, a, b, c lval) int64 {
	p := lop3Bits(lut, a, b, c)
	n := bits.Len32(p)
	if n >= 32 {
		return 0
	}
	if f := lop3Forced(lut, a, b, c); f != 0 && f&^p == 0 {
		return int64(p-f) + 1
	}
	return int64(1) << n
}

// forcedBits is the bits v has set in every lane: a known value's bits
// common to its lanes, none otherwise.
func forcedBits(v lval) uint32 {
	if !v.ok || !v.known {
		return 0
	}
	m := ^uint32(0)
	for _, d := range v.d {
		m &= uint32(v.base + d)
	}
	return m
}

// lop3Forced is the bits LOP3.LUT with table lut sets in every lane,
// whatever its inputs' bits that may vary (possibleBits, forcedBits).
func lop3Forced(lut int64, a, b, c lval) uint32 {
	in := [3]lval{a, b, c}
	var may1, may0 [3]uint32
	for k, v := range in {
		may1[k], may0[k] = possibleBits(v), ^forcedBits(v)
	}
	_, every := lop3Outcomes(lut, may1, may0)
	return every
}

// lop3Lanes is lop3Val without its bound on a scrambled result.
func lop3Lanes(lut int64, a, b, c lval) lval {
	as := joinAssume(a, b, c)
	in := []lval{a, b, c}
	allKnown := true
	for _, v := range in {
		if !v.ok {
			return lval{assume: as, scrambled: a.scrambled || b.scrambled || c.scrambled}
		}
		allKnown = allKnown && v.known
	}
	w := func(v lval, l int) uint32 { return uint32(v.base + v.d[l]) }
	r := lval{ok: true, assume: as}
	if allKnown {
		r.known = true
		for l := range r.d {
			r.d[l] = int64(lut3(lut, w(a, l), w(b, l), w(c, l)))
		}
		return r
	}
	// The common power of two: the smallest alignment of the unknown
	// bases, the lanes' offsets (made non-negative) below it.
	A := bigAlign
	norm := make([]lval, 3)
	for k, v := range in {
		if v.known {
			norm[k] = v
			continue
		}
		mn := slices.Min(v.d[:])
		n := v
		for l := range n.d {
			n.d[l] -= mn
		}
		n.align = min(v.alignment(), lowbit(mn))
		norm[k] = n
		A = min(A, n.align)
	}
	if A >= 1<<32 {
		A = 1 << 31
	}
	lo := uint32(A - 1)
	var his [3]uint32
	for k, v := range norm {
		if v.known {
			for l := range v.d {
				x := w(v, l)
				if l > 0 && x&^lo != his[k] {
					if p, ok := lop3Permuted(lut, in); ok {
						return p
					}
					return lval{assume: as, scrambled: true} // high bits vary by lane
				}
				his[k] = x &^ lo
			}
		}
	}
	for k, v := range norm {
		for l := range v.d {
			// An unknown input's lanes reach above A only where the
			// table never reads its bits there (an OR of a masked
			// lane index into a tile's row: (k & 0x30) | (lane & 15)).
			if !v.known && (v.d[l] < 0 || v.d[l] >= A && !lop3Ignores(lut, norm, his, lo, k)) {
				if p, ok := lop3Permuted(lut, in); ok {
					return p
				}
				return lval{assume: as, scrambled: true}
			}
		}
	}
	for l := range r.d {
		var x [3]uint32
		for k, v := range norm {
			if v.known {
				x[k] = w(v, l) & lo
			} else {
				x[k] = uint32(v.d[l]) & lo
			}
		}
		r.d[l] = int64(lut3(lut, x[0], x[1], x[2]) & lo)
	}
	// The high part: known where the table does not depend on the
	// unknown inputs' high bits (an AND with a mask below A), else
	// unknown, named by the inputs.
	// Each unknown input's high bits all zeros or all ones, every
	// combination of them (the table is bitwise: each bit position
	// then meets every assignment of the unknowns' bits there); the
	// part is known only where all give one result (two unknowns set
	// alike would hide an XOR of them).
	// The name reads the known inputs' high bits too: (r | 8 | y) and
	// (r | 16 | y), two rows of one tile, are two values.
	var parts []any
	var unknown []int
	for k, v := range norm {
		if !v.known {
			unknown = append(unknown, k)
			parts = append(parts, v.sym, v.off)
		} else if his[k] != 0 {
			parts = append(parts, "k", k, his[k])
		}
	}
	// An unknown base's bits lie at its own alignment and above (its
	// lanes' offsets below A): the bits between are zero, so a table
	// that meets them only there leaves the result aligned as far as
	// the bits it can set (a tile's fields OR'd above the lane, mat <<
	// 20 | lane, stay a multiple of 2^20 over the lane).
	var first, vary uint32
	constant := true
	for combo := range 1 << len(unknown) {
		h := his
		for j, k := range unknown {
			h[k] = 0
			if combo>>j&1 == 1 {
				h[k] = ^uint32(min(norm[k].align, 1<<31)-1) &^ lo
			}
		}
		res := lut3(lut, h[0], h[1], h[2]) &^ lo
		if combo == 0 {
			first = res
		} else if res != first {
			constant = false
			vary |= res ^ first
		}
	}
	if constant {
		r.known, r.base = true, int64(first)
		return r
	}
	r.align = max(A, min(lowbit(int64(first|vary)), 1<<31))
	r.sym = symOf(append([]any{"lop", lut}, parts...)...)
	if lut == 0xc0 && len(parts) == 2 {
		// An AND of one unknown base with a known mask (x & m, the
		// third input zero): named with the unknown's offset kept, as
		// andVal does, so that the stride across iterations read from
		// it holds until the mask wraps the address.
		var mask uint32
		for k, v := range norm {
			if v.known {
				mask |= his[k] | w(v, 0)&lo
			} else {
				r.sym, r.off = symOf("lop", lut, v.sym, "mask"), v.off
			}
		}
		r.sym = symOf(r.sym, mask)
	}
	return r
}

// lop3Permuted is LOP3.LUT of lanes' values and one warp-uniform unknown
// u whose value only permutes the lanes' results: a swizzled tile's
// column (c ^ lane) & 31 for a uniform c. For some n (at most 10) the
// result's bits from 2^n up must not depend on any unknown bits (u's,
// or those of the other inputs' unknown bases, each a multiple of 2^n
// with its lanes' offsets below 2^n), and every u below 2^n (a multiple
// of its alignment) must give the lanes the same values in some order;
// the lanes' values are then u = 0's, over an unknown base that moves no
// bank or line (bigAlign), the assignment of values to lanes not being
// known. ok false otherwise.
func lop3Permuted(lut int64, in []lval) (lval, bool) {
	u := -1
	for k, v := range in {
		switch {
		case !v.ok:
			return lval{}, false
		case v.known || !v.uniform() || v.alignment() >= 1<<10:
		case u >= 0:
			return lval{}, false
		default:
			u = k
		}
	}
	if u < 0 {
		return lval{}, false
	}
	for n := 1; n <= 10; n++ {
		if r, ok := lop3PermutedBelow(lut, in, u, n); ok {
			return r, true
		}
	}
	return lval{}, false
}

// lop3PermutedBelow is lop3Permuted for one n: ok false where the
// result's bits from 2^n up depend on unknown bits, or where u's values
// below 2^n do not only permute the lanes' results.
func lop3PermutedBelow(lut int64, in []lval, u, n int) (lval, bool) {
	lo := uint32(1)<<n - 1
	// Each input's per-lane bits: all of a known one's, the low n of
	// one over an unknown base (a multiple of 2^n, its offsets below
	// it); which inputs have unknown high bits.
	var low [3][32]uint32
	var unknownHi []int
	for k, v := range in {
		switch {
		case k == u:
			unknownHi = append(unknownHi, k)
		case v.known:
			for l := range low[k] {
				low[k][l] = uint32(v.base + v.d[l])
			}
		default:
			if v.alignment() < int64(lo)+1 {
				return lval{}, false
			}
			for l := range low[k] {
				if v.d[l] < 0 || v.d[l] > int64(lo) {
					return lval{}, false
				}
				low[k][l] = uint32(v.d[l])
			}
			unknownHi = append(unknownHi, k)
		}
	}
	eval := func(x uint32, l int, combo int) uint32 {
		var w [3]uint32
		for k := range in {
			w[k] = low[k][l]
			if k == u {
				w[k] = x & lo
			}
		}
		for j, k := range unknownHi {
			if combo>>j&1 == 1 {
				w[k] |= ^lo
			}
		}
		return lut3(lut, w[0], w[1], w[2])
	}
	var first [32]uint32
	for l := range first {
		first[l] = eval(0, l, 0)
		for combo := 1; combo < 1<<len(unknownHi); combo++ {
			if eval(0, l, combo)&^lo != first[l]&^lo {
				return lval{}, false
			}
		}
	}
	want := slices.Sorted(slices.Values(first[:]))
	step := uint32(max(1, in[u].alignment()))
	for x := step; x <= lo; x += step {
		got := make([]uint32, 32)
		for l := range got {
			got[l] = eval(x, l, 0)
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			return lval{}, false
		}
	}
	r := lval{ok: true, align: bigAlign, assume: joinAssume(in...)}
	r.assume = append(r.assume, "a LOP3 of the lanes' values with a warp-uniform unknown only permutes them (a swizzle): its lanes taken in one order")
	for l, x := range first {
		r.d[l] = int64(x)
	}
	r.sym = symOf("lop-perm", lut, in[u].sym, in[u].off)
	return r, true
}

// lop3Ignores says whether LOP3's result bits from lo up do not depend on
// unknown input k's bits there, whatever the other unknown inputs' bits:
// the known inputs' bits there are his (bitwise, so every choice of the
// other unknowns' bits is tried as all zeros or all ones).
func lop3Ignores(lut int64, norm []lval, his [3]uint32, lo uint32, k int) bool {
	var others []int
	for j, v := range norm {
		if j != k && !v.known {
			others = append(others, j)
		}
	}
	for pick := range 1 << len(others) {
		var h0, h1 [3]uint32
		for j, v := range norm {
			if v.known {
				h0[j], h1[j] = his[j], his[j]
			}
		}
		for n, j := range others {
			if pick>>n&1 == 1 {
				h0[j], h1[j] = ^lo, ^lo
			}
		}
		h1[k] = ^lo
		if lut3(lut, h0[0], h0[1], h0[2])&^lo != lut3(lut, h1[0], h1[1], h1[2])&^lo {
			return false
		}
	}
	return true
}

// mergeVal is the value a register has at a loop's head: one value on
// entry, another after an iteration.
func mergeVal(a, b lval) lval {
	if !a.ok && !b.ok && reflect.DeepEqual(a, b) {
		return a // a register the loop does not write
	}
	if a.flt && b.flt && a.flanes && b.flanes && a.fd == b.fd {
		// A float the loop moves alike in every lane (a sampler's
		// coordinate, u += 0.73): its lanes' offsets stay, over a
		// base that differs by iteration.
		return lval{flt: true, fspan: math.Max(a.fspan, b.fspan), flanes: true, fd: a.fd,
			fsym: symOf("fmerge", a.fsym, b.fsym), assume: joinAssume(a, b)}
	}
	if !a.ok || !b.ok {
		r := lval{assume: joinAssume(a, b), scrambled: a.scrambled || b.scrambled}
		if !b.ok && b.whole && b.span > 0 && (a.ok || a.whole && a.span > 0) {
			// A bounded hash carried round the loop (an index
			// into a table picked by the data): every iteration
			// after the first in its window.
			r.span, r.whole = max(b.span, a.span), true
		}
		return r
	}
	c := b.d[0] - a.d[0]
	for i := range a.d {
		if b.d[i]-a.d[i] != c {
			// The lanes move apart by different amounts from
			// one iteration to the next (a per-lane generator,
			// x = x·a + c): past the first iterations their
			// values are taken as scattered.
			return lval{assume: joinAssume(a, b), scrambled: !a.uniform() || !b.uniform()}
		}
	}
	if c == 0 && a.known && b.known && a.base == b.base {
		return a
	}
	if c == 0 && !a.known && !b.known && a.sym != 0 && a.sym == b.sym && a.off == b.off && a.alignment() == b.alignment() {
		return a // one value that the loop does not change (a shared window's base)
	}
	r := lval{ok: true, d: a.d, assume: joinAssume(a, b)}
	r.align = min(a.alignment(), b.alignment(), lowbit(c))
	if a.known && b.known {
		r.align = min(r.align, lowbit(b.base-a.base+c))
	}
	return r
}

func sameVal(a, b lval) bool {
	if a.ok != b.ok || a.block != b.block {
		return false
	}
	if !a.ok {
		return true
	}
	return a.d == b.d && a.known == b.known && (a.known && a.base == b.base || !a.known && a.align == b.align)
}

// laneState holds the registers' values during the walk.
type laneState map[string]lval

var (
	regReg   = regexp.MustCompile(`^U?R[0-9]+$`)
	predReg  = regexp.MustCompile(`^!?U?P[T0-9]+$`)
	bracket  = regexp.MustCompile(`\[([^\]]*)\]`)
	constRef = regexp.MustCompile(`^c\[(0x[0-9a-f]+)\]\[(0x[0-9a-f]+|RZ)\]$`)
)

// Assumptions the evaluator states where it makes them.
const (
	assumeTid   = "blocks one-dimensional with a multiple of 32 threads (threadIdx.x of lane 0 a multiple of 32)"
	assumePtr   = "64-bit kernel parameters are pointers aligned to 256 bytes (cudaMalloc's alignment)"
	assumeCarry = "64-bit address arithmetic carries into the high word alike for every lane"
	assumeClamp = "a clamp of lanes' values (IMNMX) to a bound leaves every lane of a warp unclamped (a border few warps reach)"
	assumeRound = "a float coordinate rounded to an integer (F2I) moves by its lanes' offsets rounded to the nearest (each lane within one of it)"
)

// operand is one source operand's value in state s.
func (s laneState) operand(op string, wide bool) lval {
	op = strings.TrimSpace(op)
	op = strings.TrimSuffix(op, ".reuse")
	op = strings.TrimSuffix(op, ".64")
	switch {
	case op == "RZ" || op == "URZ":
		return constVal(0)
	case strings.HasPrefix(op, "-"):
		return negVal(s.operand(op[1:], wide))
	case strings.HasPrefix(op, "~") || strings.HasPrefix(op, "|") || strings.HasPrefix(op, "!"):
		v := s.operand(strings.Trim(op, "~|!"), wide)
		if v.uniform() {
			return uniformVal(1, v.assume...)
		}
		return unknownVal(v.assume...)
	case regReg.MatchString(op):
		if v, ok := s[op]; ok {
			return v
		}
		if strings.HasPrefix(op, "UR") {
			return named(uniformVal(1), symOf("reg", op)) // a uniform register is one value a warp
		}
		return unknownVal()
	}
	if m := constRef.FindStringSubmatch(op); m != nil {
		off, _ := strconv.ParseInt(m[2], 0, 64)
		switch {
		case m[1] == "0x0" && (m[2] == "RZ" || off == 0):
			// blockDim.x.
			return named(uniformVal(32, assumeTid), symOf("c", op))
		case m[1] == "0x0" && off >= 0x210 && wide:
			return named(uniformVal(256, assumePtr), symOf("c", op))
		}
		return named(uniformVal(1), symOf("c", op))
	}
	if v, err := strconv.ParseInt(op, 0, 64); err == nil {
		if strings.HasPrefix(op, "0x") && v >= 1<<31 && v < 1<<32 {
			v -= 1 << 32 // a 32-bit immediate, sign-extended
		}
		return constVal(v)
	}
	if v, err := strconv.ParseUint(op, 0, 64); err == nil {
		return constVal(int64(v))
	}
	if f, err := strconv.ParseFloat(op, 64); err == nil {
		// A float immediate (FADD R7, R7, 0.5): one value a warp.
		return lval{ok: true, align: 1, flt: true, fknown: true, fval: f}
	}
	return unknownVal()
}

// floatArith is FADD, FMUL or FFMA (base, with n sources read by arg) of
// floats whose lanes' spread is known, by warp-uniform values: the
// result's spread; ok false for anything else.
func floatArith(base string, n int, arg func(int) lval) (lval, bool) {
	switch {
	case base == "FADD" && n >= 2:
		return floatAdd(arg(0), arg(1))
	case base == "FMUL" && n >= 2:
		return floatMul(arg(0), arg(1))
	case base == "FFMA" && n >= 3:
		if p, ok := floatMul(arg(0), arg(1)); ok {
			return floatAdd(p, arg(2))
		}
	}
	return lval{}, false
}

// halfBits is the IEEE half-precision encoding of the decimal t as
// nvdisasm prints a half immediate; ok false where t is no half exactly.
func halfBits(t string) (uint16, bool) {
	f, err := strconv.ParseFloat(t, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, false
	}
	var sign uint16
	if math.Signbit(f) {
		sign, f = 0x8000, -f
	}
	if f == 0 {
		return sign, true
	}
	if f < 0x1p-14 {
		m := f * 0x1p24 // a subnormal: m × 2^-24
		if m != math.Trunc(m) || m > 1023 {
			return 0, false
		}
		return sign | uint16(m), true
	}
	fr, exp := math.Frexp(f) // f = fr × 2^exp, fr in [0.5, 1)
	e := exp - 1 + 15
	m := (2*fr - 1) * 1024
	if e < 1 || e > 30 || m != math.Trunc(m) {
		return 0, false
	}
	return sign | uint16(e)<<10 | uint16(m), true
}

// floatSpan is how far apart v's lanes may be as a float: a float value's
// spread (flt), 0 for a warp-uniform value; ok false for anything else.
func floatSpan(v lval) (float64, bool) {
	switch {
	case v.flt:
		return v.fspan, true
	case v.uniform():
		return 0, true
	}
	return 0, false
}

// floatConst is v's value as a warp-uniform float: an immediate's, or a
// known register's bits read as a float32 (MOV R20, 0x3f2aaaab); ok false
// where it is not known.
func floatConst(v lval) (float64, bool) {
	switch {
	case v.flt && v.fknown:
		return v.fval, true
	case !v.flt && v.ok && v.known && v.uniform():
		return float64(math.Float32frombits(uint32(v.base + v.d[0]))), true
	}
	return 0, false
}

// floatVal is a float whose lanes lie within span of each other (a
// warp-uniform one for 0); an infinite or NaN span is no value.
func floatVal(span float64, assume []string) lval {
	if math.IsInf(span, 0) || math.IsNaN(span) || span > 1<<30 {
		return unknownVal(assume...)
	}
	return lval{flt: true, fspan: span, assume: assume}
}

// floatMul is a × b where one of them is a known warp-uniform float: the
// other's spread scaled; ok false otherwise.
func floatMul(a, b lval) (lval, bool) {
	for _, p := range [][2]lval{{a, b}, {b, a}} {
		sp, ok1 := floatSpan(p[0])
		c, ok2 := floatConst(p[1])
		if ok1 && ok2 {
			v := floatVal(sp*math.Abs(c), joinAssume(a, b))
			if fd, ok := floatLanes(p[0]); ok && v.flt {
				v.flanes, v.fsym = true, symOf("fmul", floatName(p[0]), c)
				for l := range fd {
					v.fd[l] = fd[l] * c
				}
			}
			return v, true
		}
	}
	return lval{}, false
}

// floatAdd is a + b, each a float of known spread or warp-uniform: the
// spreads add; ok false otherwise.
func floatAdd(a, b lval) (lval, bool) {
	sa, ok1 := floatSpan(a)
	sb, ok2 := floatSpan(b)
	if !ok1 || !ok2 || !(a.flt || b.flt) {
		return lval{}, false
	}
	v := floatVal(sa+sb, joinAssume(a, b))
	fa, oka := floatLanes(a)
	fb, okb := floatLanes(b)
	if oka && okb && v.flt {
		na, nb := floatName(a), floatName(b)
		v.flanes, v.fsym = true, symOf("fadd", min(na, nb), max(na, nb))
		for l := range fa {
			v.fd[l] = fa[l] + fb[l]
		}
	}
	return v, true
}

// floatName names v's warp-uniform part as a float (floatLanes): a
// constant by its value, a float by its fsym, a uniform integer by its
// name and offset; 0 where it has none.
func floatName(v lval) uint64 {
	switch {
	case v.flt && v.fknown:
		return symOf("f", v.fval)
	case v.flt:
		return v.fsym
	case v.known:
		return symOf("k", v.base+v.d[0])
	}
	return symOf("u", v.sym, v.off)
}

// floatLanes is each lane's float value over a warp-uniform one: a
// float's fd where its lanes are followed (flanes), zero for a
// warp-uniform value; ok false otherwise.
func floatLanes(v lval) ([32]float64, bool) {
	switch {
	case v.flt && v.flanes:
		return v.fd, true
	case v.flt && v.fspan == 0, !v.flt && v.uniform():
		return [32]float64{}, true
	}
	return [32]float64{}, false
}

// lastOperand is the last of a comma-separated operand list.
func lastOperand(ops string) string {
	i := strings.LastIndex(ops, ",")
	return strings.TrimSpace(ops[i+1:])
}

// regs is the operand list split, predicates (carry outs and ins) and
// trailing !PT dropped.
func splitOperands(s string) []string {
	var out []string
	for _, op := range strings.Split(s, ",") {
		op = strings.TrimSpace(op)
		if op == "" || predReg.MatchString(op) {
			continue
		}
		out = append(out, op)
	}
	return out
}

// lanesAtOrAbove reports whether v is, in each lane, the mask of the
// lanes at or above it (-1 << lane).
func lanesAtOrAbove(v lval) bool {
	if !v.ok || !v.known {
		return false
	}
	for l := range v.d {
		if uint32(v.base+v.d[l]) != uint32(0xffffffff)<<l {
			return false
		}
	}
	return true
}

// shflVal is a warp shuffle's result: x read from the lane src names
// (SHFL.IDX: lane src; BFLY: lane ^ src; DOWN: lane + src; UP: lane -
// src), c its clamp (0x1f for the whole warp; UP's 0). A lane whose
// source lies outside the warp keeps its own value. A value the same in
// every lane stays itself; any value read from one lane for the whole
// warp (an index the same in every lane: the leader's atomic ticket
// broadcast) is one value, unknown, the same in every lane. Lanes are
// followed where x's are and the source lanes are known; otherwise the
// result is unknown, scattered where x was.
func shflVal(opc string, x, src, c lval) lval {
	if x.uniform() {
		return x
	}
	mode := strings.TrimPrefix(strings.TrimPrefix(opc, "U"), "SHFL.")
	whole := c.known && c.uniform() && (mode == "UP" && c.base+c.d[0] == 0 || mode != "UP" && c.base+c.d[0] == 31)
	followed := x.ok && src.ok && src.known && whole
	if mode == "IDX" && src.uniform() && !followed {
		v := uniformVal(1, joinAssume(x, src)...)
		v.warp, v.block = x.warp || x.ok, x.block
		return v
	}
	if !followed {
		v := unknownVal(joinAssume(x, src)...)
		v.scrambled, v.warp, v.block = x.scrambled, x.warp, x.block
		return v
	}
	v := x
	for l := range v.d {
		n := int(src.base + src.d[l])
		from := l
		switch mode {
		case "IDX":
			from = n & 31
		case "BFLY":
			from = l ^ n&31
		case "DOWN":
			from = l + n
		case "UP":
			from = l - n
		}
		if from >= 0 && from < 32 {
			v.d[l] = x.d[from]
		}
	}
	return v
}

// predicateThenRegister reports whether in writes a register after the
// predicates it starts with: a shuffle's (SHFL.IDX PT, R17, R13, R16,
// 0x1f: the lane in range first), a returning atomic's (ATOMG.E.ADD PT,
// R13, [R6.64], R13), a LOP3 that also tests its result (LOP3.LUT P0,
// R18, R8, 0xc0000000, RZ, 0xc0, !PT). A compare (ISETP P0, PT, R4, R13,
// PT) writes predicates alone.
func predicateThenRegister(in sass.Instruction) bool {
	switch strings.TrimPrefix(in.Base(), "U") {
	case "SHFL", "LOP3", "ATOMG", "ATOM":
		ops := splitOperands(in.Operands)
		return len(ops) > 0 && regReg.MatchString(ops[0])
	}
	return false
}

// guardKey is the key under which s holds the value a guarded
// instruction (@!P0) wrote to register r, as the instructions under the
// same guard see it.
func guardKey(guard, r string) string { return guard + "|" + r }

// view is s as instruction in reads it: where in is guarded, the values
// the instructions under the same guard wrote since the guard's
// predicate was last set stand in for the registers' (merged) values,
// so that a store every eighth iteration sees the address the
// instructions guarded with it computed.
func (s laneState) view(in sass.Instruction) laneState {
	if in.Predicate == "" {
		return s
	}
	prefix := guardKey(in.Predicate, "")
	var v laneState
	for k, x := range s {
		if r, ok := strings.CutPrefix(k, prefix); ok {
			if v == nil {
				v = maps.Clone(s)
			}
			v[r] = x
		}
	}
	if v == nil {
		return s
	}
	return v
}

// forget drops the guarded values of register r (written unguarded), or
// of every register under predicate p's guards (p written).
func (s laneState) forget(r, p string) {
	for k := range s {
		g, reg, ok := strings.Cut(k, "|")
		if !ok {
			continue
		}
		if reg == r || p != "" && strings.TrimLeft(strings.TrimPrefix(g, "@"), "!") == p {
			delete(s, k)
		}
	}
}

// step evaluates one instruction, writing its destinations into s.
func (s laneState) step(in sass.Instruction) {
	if first, _, _ := strings.Cut(in.Operands, ","); predReg.MatchString(strings.TrimSpace(first)) {
		s.setPredicates(in)
		if !predicateThenRegister(in) {
			return
		}
	}
	rd := s.view(in)
	ops := splitOperands(in.Operands)
	if len(ops) == 0 || !regReg.MatchString(ops[0]) {
		return
	}
	dst, src := ops[0], ops[1:]
	if op, isMem := memoryOp(in); isMem {
		// A loaded value (or an atomic's old value) is not followed,
		// but a plain load at one address for the whole warp (every
		// lane the same offset: a broadcast) gives every lane the same
		// value: uniform, unknown (an index read once for the warp, as
		// an embedding row's). An atomic's old value differs per lane.
		loaded := unknownVal()
		if a := s.address(in); !op.store && a.ok && a.uniform() {
			loaded = uniformVal(1, append(a.assume, "a load at one address for the whole warp gives every lane the same value")...)
			loaded.block, loaded.warp = a.block, a.warp
		} else if g, ok := groupedVal(a); ok && !op.store {
			loaded = g
			loaded.block, loaded.warp = a.block, a.warp
		} else {
			loaded.warp = true // each lane's own value, each warp's own
			// Each lane's own data from global memory: where it
			// picks an address (a key's bin), the lanes scatter (a
			// shift or mask of it still bounds the window). Values
			// read from shared memory stay unknown: a block builds
			// its own tables there, often a permutation whose lanes
			// keep their banks apart (an affine linked list), unless
			// the lanes read it at scattered entries (a hashed
			// vertex's neighbour list): a table's values at random
			// entries are as random, whatever the table. An atomic
			// at one address for the whole warp returns tickets, not
			// data: unknown, not scattered.
			loaded.scrambled = (op.space != "shared" || a.scrambled) && !(op.returns && a.ok && a.uniform())
		}
		if n := zeroExtended(in.Opcode); n > 0 && !op.store && !isAtomic(in) {
			// A byte or a half-word zero-extended: below 2^8 or 2^16
			// whatever the data (a column offset read as a byte).
			if loaded.ok && loaded.uniform() {
				loaded.under = n
			} else if !loaded.ok {
				loaded.span, loaded.whole = n, true
			}
		}
		s[dst] = loaded
		// and the registers after it: a 64-bit access writes a pair, a
		// 128-bit one four (no more: the registers beyond keep their
		// values, as LDG.E.64 R12 beside a mask held in R15 does).
		regs := 1
		switch {
		case strings.Contains(in.Opcode, ".128"):
			regs = 4
		case strings.Contains(in.Opcode, ".64"):
			regs = 2
		}
		if n, err := strconv.Atoi(strings.TrimLeft(dst, "UR")); err == nil {
			for k := 1; k < regs; k++ {
				s[fmt.Sprintf("R%d", n+k)] = loaded
			}
		}
		return
	}
	opc := in.Opcode
	uni := strings.HasPrefix(dst, "UR")
	if uni && strings.HasPrefix(opc, "U") {
		opc = opc[1:]
	}
	if opc == "S2UR" {
		opc = "S2R"
	}
	wide := strings.Contains(opc, ".64") || strings.Contains(opc, ".WIDE")
	arg := func(i int) lval {
		if i >= len(src) {
			return unknownVal()
		}
		return rd.operand(src[i], wide)
	}
	imm := func(i int) (int64, bool) {
		v := arg(i)
		if v.known && v.uniform() {
			return v.base + v.d[0], true
		}
		return 0, false
	}
	hi := func() lval { return uniformVal(1, joinAssume(arg(0), arg(1), arg(2))...) }
	base, _, _ := strings.Cut(opc, ".")
	fv, fok := floatArith(base, len(src), arg)
	var v lval
	var pair *lval // the high word of a 64-bit result
	switch {
	case opc == "S2R" && len(src) == 1:
		switch r := strings.TrimSpace(src[0]); {
		case r == "SR_LANEID":
			v = lval{ok: true, known: true}
			for i := range v.d {
				v.d[i] = int64(i)
			}
		case r == "SR_TID.X":
			v = lval{ok: true, align: 32, assume: []string{assumeTid}, sym: symOf("sr", r)}
			if t, ok := s[nextWarpKey]; ok {
				v.off = t.off // the next warp's (warpStrides)
			}
			for i := range v.d {
				v.d[i] = int64(i)
			}
		case strings.HasPrefix(r, "SR_TID."):
			v = named(uniformVal(1, assumeTid), symOf("sr", r))
		case strings.HasPrefix(r, "SR_CTAID") || strings.HasPrefix(r, "SR_CgaCtaId") || strings.HasPrefix(r, "SR_NCTAID"):
			v = named(uniformVal(1), symOf("sr", r))
		default:
			v = unknownVal()
		}
	case base == "CS2R" && len(src) == 1:
		// A pair of registers (one with .32) from a special register:
		// SRZ zeroes them (a counter's start); a clock reads one value
		// for the warp.
		v = uniformVal(1)
		if strings.TrimSpace(src[0]) == "SRZ" {
			v = constVal(0)
		}
		if !strings.Contains(opc, ".32") {
			h := v
			pair = &h
		}
	case (base == "MOV" || base == "MOV32I" || base == "LDC") && len(src) >= 1:
		v = arg(0)
	case opc == "IMAD.MOV.U32" || opc == "IMAD.MOV":
		v = addVal(mulVal(arg(0), arg(1)), arg(2))
	case opc == "IMAD.SHL.U32" || opc == "IMAD.SHL":
		v = mulVal(arg(0), arg(1))
	case opc == "IMAD.IADD" || opc == "IMAD" || opc == "IMAD.U32" || opc == "IMAD.LO" || opc == "IMAD.LO.U32":
		v = addVal(mulVal(arg(0), arg(1)), arg(2))
	case strings.HasPrefix(opc, "IMAD.WIDE"):
		v = addVal(mulVal(arg(0), arg(1)), arg(2))
		h := hi()
		h.assume = append(h.assume, assumeCarry)
		pair = &h
	case opc == "LEA.HI" && len(src) == 4 && strings.TrimSpace(src[2]) == "RZ":
		// b + ({c, a} >> (32 - sh)) with c zero: a 32-bit shift and
		// add (LEA.HI.X, with its carry, is a 64-bit address's high
		// word, below).
		if sh, ok := imm(3); ok && sh > 0 && sh < 32 {
			hi := shrVal(arg(0), 32-sh)
			v = addVal(hi, arg(1))
			if b := arg(1); hi.whole && !v.ok && b.uniform() && !b.block {
				// A hash's top bits over a base every block shares
				// (cnt + (h >> 24)): a window the same in every block.
				v.whole = true
			}
		} else {
			v = unknownVal()
		}
	case strings.HasPrefix(opc, "IMAD.X") || strings.HasPrefix(opc, "IADD3.X") || strings.HasPrefix(opc, "LEA.HI") || strings.HasPrefix(opc, "SHF.L.U64.HI") || strings.HasPrefix(opc, "IMAD.HI"):
		if arg(0).ok && arg(1).ok && (len(src) < 3 || arg(2).ok) {
			v = hi()
			v.assume = append(v.assume, assumeCarry)
		} else {
			v = unknownVal()
		}
	case base == "IADD3" || opc == "VIADD" || base == "IADD":
		v = constVal(0)
		for i := range src {
			v = addVal(v, arg(i))
		}
	case opc == "LEA" && len(src) == 3:
		if sh, ok := imm(2); ok {
			v = addVal(shlVal(arg(0), sh), arg(1))
		} else {
			v = unknownVal()
		}
	case (opc == "SHF.L.U32" || opc == "SHF.L.W.U32") && len(src) == 3:
		a, b := arg(0), arg(1)
		if sh, ok := imm(1); ok {
			v = shlVal(a, sh)
		} else if a.ok && a.known && a.uniform() && b.ok && (b.known || opc == "SHF.L.W.U32" && b.alignment() >= 32) && strings.TrimSpace(src[2]) == "RZ" {
			// A constant shifted by each lane's own amount: -1 <<
			// lane, the mask of the lanes at or above each lane (the
			// wrapping shift reads the amount's low 5 bits: the
			// thread index's are the lane's).
			v = lval{ok: true, known: true}
			for l := range v.d {
				n := b.d[l]
				if b.known {
					n += b.base
				}
				v.d[l] = int64(uint32(a.base+a.d[0]) << (uint32(n) & 31))
			}
		} else {
			v = unknownVal()
		}
	case opc == "PRMT" && len(src) == 3:
		if sel, ok := imm(1); ok {
			v = prmtVal(arg(0), sel, arg(2))
		} else {
			v = unknownVal()
		}
	case base == "BREV" && len(src) == 1:
		v = brevVal(arg(0))
	case (opc == "SHF.R.U32.HI") && len(src) == 3 && src[0] == "RZ":
		if sh, ok := imm(1); ok {
			v = shrVal(arg(2), sh)
		} else {
			v = unknownVal()
		}
	case base == "SHFL" && len(src) >= 3:
		v = shflVal(opc, arg(0), arg(1), arg(2))
	case base == "POPC" && len(src) == 1 && arg(0).rank:
		// The lane's rank among a ballot's lanes: at most its lane
		// index, all of them where every lane is in the ballot (taken
		// so: the kept values land on consecutive words).
		v = lval{ok: true, known: true}
		for l := range v.d {
			v.d[l] = int64(l)
		}
	case base == "SEL" && len(src) == 2 && s.dataPredicate(lastOperand(in.Operands)):
		v = choiceVal(arg(1), arg(0))
	case base == "SEL" && len(src) == 2 && arg(0).ok && arg(1).ok && arg(0).uniform() != arg(1).uniform():
		// A test not on loaded data picks between a uniform value
		// and the lanes' own: taken as the lanes' (the other a
		// bounds check's or a special case's: a column past the
		// row's end read at 0, x % n's ~0 for a divisor of zero).
		v = arg(0)
		if v.uniform() {
			v = arg(1)
		}
		v.assume = append(slices.Clone(v.assume), "a select between a uniform value and the lanes' own, by a test not on loaded data, takes the lanes' (the uniform one a bounds check's or a special case's: a column past a row's end, a divisor of zero)")
	case base == "SEL" && len(src) == 2 && arg(0).ok && arg(1).ok && arg(0).uniform() && arg(1).uniform():
		// One of two warp-uniform values: a multiple of what both are
		// multiples of (USEL of a mask shifted up by 5 and zero, a
		// tile row's mask that keeps the lane's bits free).
		a, b := arg(0), arg(1)
		v = uniformVal(min(a.alignment(), b.alignment()), joinAssume(a, b)...)
		if a.known && b.known && a.base+a.d[0] == b.base+b.d[0] {
			v = a
		}
	case base == "HFMA2" && len(src) == 4 && strings.TrimLeft(strings.TrimSpace(src[0]), "-") == "RZ" && strings.TrimSpace(src[1]) == "RZ":
		// -RZ × RZ + (a, b): ptxas's way to set a register to a
		// 32-bit constant, its halves written as two halfs (0,
		// 9.5367431640625e-07 is 0x00000010).
		v = unknownVal()
		if hi, ok1 := halfBits(strings.TrimSpace(src[2])); ok1 {
			if lo, ok2 := halfBits(strings.TrimSpace(src[3])); ok2 {
				v = constVal(int64(uint32(hi)<<16 | uint32(lo)))
			}
		}
	case (base == "I2FP" || base == "I2F") && len(src) >= 1 && arg(0).ok:
		// An integer per lane made a float: its lanes' spread, and
		// each lane's offset.
		a := arg(0)
		v = floatVal(float64(slices.Max(a.d[:])-slices.Min(a.d[:])), a.assume)
		v.flanes, v.fsym = true, symOf("i2f", floatName(a))
		for l, d := range a.d {
			v.fd[l] = float64(d)
		}
	case (base == "I2FP" || base == "I2F") && len(src) >= 1 && arg(0).span > 0:
		// A bounded integer made a float: its lanes no further apart.
		v = floatVal(float64(arg(0).span), arg(0).assume)
	case fok:
		// A float coordinate scaled and offset (floatArith); other
		// float arithmetic as anything else, below.
		v = fv
	case base == "F2I" && len(src) >= 1 && arg(0).flt:
		// A float coordinate rounded to an integer (floorf of a
		// scaled index): lanes within its spread of each other,
		// over a base that differs by warp, block and iteration;
		// where each lane's offset is followed, that offset rounded
		// (the unknown base's fraction moves each lane by one at
		// most).
		if sp := arg(0).fspan; sp == 0 {
			v = uniformVal(1, arg(0).assume...)
		} else if a := arg(0); a.flanes {
			v = lval{ok: true, align: 1, warp: true, block: true, sym: symOf("f2i", opc, a.fsym), assume: append(slices.Clone(a.assume), assumeRound)}
			for l := range a.fd {
				v.d[l] = int64(math.Round(a.fd[l] - a.fd[0]))
			}
		} else {
			v = lval{scrambled: true, span: int64(sp) + 2, assume: arg(0).assume}
		}
	case (base == "VIMNMX" || base == "IMNMX") && len(src) >= 2 && !arg(0).ok && arg(0).span > 0 && arg(1).uniform():
		// A bounded value clamped: its lanes no further apart; a
		// clamp to [0, c] (.RELU with a constant) puts it in a
		// window every block shares.
		v = arg(0)
		if c, ok := imm(1); ok && strings.Contains(opc, ".RELU") && c >= 0 && c < 1<<31 {
			v.span, v.whole = c+1, true
		}
	case (base == "VIMNMX" || base == "IMNMX") && len(src) >= 2 && arg(0).ok && !arg(0).uniform() && arg(1).uniform():
		// Lanes' values clamped to a bound (an image's border): taken
		// as not reached within the warp, so the lanes keep their
		// offsets; a clamp to [0, c] (.RELU with a constant) bounds
		// them below c + 1.
		v = arg(0)
		v.assume = append(slices.Clone(v.assume), assumeClamp)
		if c, ok := imm(1); ok && strings.Contains(opc, ".RELU") && c >= 0 && c < 1<<31 {
			v.below = c + 1
		}
	case opc == "LOP3.LUT" && len(src) >= 4:
		lut, ok := imm(3)
		v = lval{}
		if ok {
			v = lop3Val(lut, arg(0), arg(1), arg(2))
		}
		if ok && lut == 0xfc && strings.TrimSpace(src[2]) == "RZ" && disjointBits(arg(0), arg(1)) {
			// x | y whose bits never meet (a row's base | a column
			// below it): their sum, named as the sum is (a row's
			// x - 1, x and x + 1 under one name).
			v = addVal(arg(0), arg(1))
		}
		if ok && lut == 0x30 && arg(0).uniform() && strings.TrimSpace(src[2]) == "RZ" && lanesAtOrAbove(arg(1)) {
			// mask & ~(-1 << lane): the mask's bits below each lane.
			v = lval{rank: true}
		}
		if ok && lut == 0xc0 && strings.TrimSpace(src[2]) == "RZ" && (!v.ok || runtimeMask(arg(0)) || runtimeMask(arg(1))) {
			// x & y, or x & m with a run-time mask: as andVal takes
			// it (the lanes' offsets kept, the alignment of either).
			v = andVal(arg(0), arg(1))
		}
		if !v.ok && ok && lut == 0x80 {
			// a & b & c with a run-time mask among them: the
			// other two's AND under that mask, as andVal takes it.
			for k := range 3 {
				if u := arg(k); runtimeMask(u) {
					x, y := arg((k+1)%3), arg((k+2)%3)
					if x.ok && x.known && x.uniform() {
						x, y = y, x
					}
					if y.ok && y.known && y.uniform() {
						// x & c & m: the run-time mask first, as
						// (x & m) & c is written elsewhere, so that
						// both are named alike.
						v = andVal(andVal(x, u), y)
					} else {
						v = andVal(andVal(x, y), u)
					}
					break
				}
			}
		}
		if !v.ok && ok {
			if x, ym, or := lop3OrRuntimeMasked(lut, arg(0), arg(1), arg(2)); or {
				// x | (y & m) with a run-time mask m, x's bits
				// apart from the masked value's (a column | a
				// neighbouring row's base wrapped by the
				// footprint's mask): their sum.
				v = addVal(x, ym)
			}
		}
		if !v.ok && !v.rank && ok {
			if k, g, under := lop3UnderMask(lut, arg(0), arg(1), arg(2)); under {
				// g(x, y) & m with a run-time mask m ((j | 1024) & m,
				// an index moved to the footprint's second half):
				// g of the other two, as LOP3 of them alone, then
				// the mask as andVal takes it.
				in := [3]lval{arg(0), arg(1), arg(2)}
				in[k] = constVal(0)
				if gv := lop3Val(g, in[0], in[1], in[2]); gv.ok {
					v = andVal(gv, arg(k))
				}
			}
		}
		if !v.ok && ok {
			if x, y, m, or := lop3OrMasked(lut, arg(0), arg(1), arg(2)); or {
				// x | (y & m) where x has none of m's bits (a row's
				// base | a column wrapped within it): their sum.
				v = addVal(x, andVal(y, constVal(m)))
			}
		}
		if !v.ok && ok {
			if x, y, m, sel := lop3Select(lut, arg(0), arg(1), arg(2)); sel {
				// (x & m) | (y & ~m): the two parts' bits never
				// meet, so the OR is their sum.
				v = addVal(andVal(x, constVal(m)), andVal(y, constVal(int64(^uint32(m)))))
			}
		}
		if !v.ok {
			v.scrambled = v.scrambled || !arg(0).uniform() || !arg(1).uniform() || !arg(2).uniform()
		}
	default:
		// Anything else: uniform when every source is, else unknown.
		all := true
		var vs []lval
		for i := range src {
			if strings.HasPrefix(src[i], "SR_") || strings.HasPrefix(src[i], "`") {
				continue
			}
			a := arg(i)
			vs = append(vs, a)
			if !a.uniform() && !a.floatAlike() {
				all = false
			}
		}
		if _, isMem := memoryOp(in); isMem {
			all = all && len(vs) > 0
		}
		if all && base != "S2R" && base != "CS2R" {
			v = uniformVal(1, joinAssume(vs...)...)
		} else {
			v = unknownVal()
			for _, a := range vs {
				// A lane-varying value through an operation
				// not followed (XOR, multiply-high, ...).
				v.scrambled = v.scrambled || a.scrambled || (a.ok && !a.uniform()) || (a.flt && a.fspan > 0)
			}
		}
		if wide || strings.HasSuffix(opc, ".64") {
			h := v
			pair = &h
		}
	}
	if !v.ok && v.grp == nil {
		// Lanes whose sources are alike get alike results, whatever
		// the operation: a mask, shift or hash of a row index loaded
		// per half-warp is still one value per half-warp.
		if g, ok := sharedLanes(src, arg); ok {
			v.grp, v.gd = g, [32]int64{}
		}
	}
	// The block index taints what is computed from it, except a value
	// confined to a window the same in every block (a hash's top bits,
	// a warp's counter index & 63) or known per lane (the global thread
	// index & 15: the lane's, in every block).
	if opc == "S2R" && len(src) == 1 && (strings.HasPrefix(strings.TrimSpace(src[0]), "SR_CTAID") || strings.HasPrefix(strings.TrimSpace(src[0]), "SR_CgaCtaId")) {
		v.block = true
	} else if !v.whole && !(v.ok && (v.known || v.below > 0 || v.uniform() && v.under > 0)) {
		for i := range src {
			v.block = v.block || arg(i).block
		}
	}
	// The thread index's warp part taints likewise, except a value
	// known per lane (the same in every warp: tid & 31).
	if (opc == "S2R" || opc == "CS2R") && len(src) == 1 && strings.HasPrefix(strings.TrimSpace(src[0]), "SR_TID") {
		v.warp = true
	} else if !(v.ok && v.known) {
		for i := range src {
			v.warp = v.warp || arg(i).warp
		}
	}
	if pair != nil {
		pair.block, pair.warp = v.block, v.warp
	}
	if !v.ok && v.scrambled && v.hsym == 0 && len(v.vals) == 0 {
		// A hash computed here: each lane's own value, named by
		// the instruction that made it.
		v.hsym, v.hoff = symOf("hash", in.Offset), 0
	}
	set := func(r string, x lval) {
		if in.Predicate != "" {
			s[guardKey(in.Predicate, r)] = x
		} else {
			s.forget(r, "")
		}
		if in.Predicate != "" {
			if old, ok := s[r]; ok {
				b, w := old.block || x.block, old.warp || x.warp
				act, known := s.predLanes(in.Predicate)
				switch {
				case s.dataPredicate(in.Predicate):
					x = choiceVal(old, x)
				case known && act == allLanes:
				case known && act == 0:
					x = old
				case known && old.ok && old.known && x.ok && x.known && !old.flt && !x.flt && !old.pred && !x.pred:
					// Lanes the guard keeps on take the new
					// value, the others keep theirs.
					y := lval{ok: true, known: true, assume: joinAssume(old, x)}
					for l := range y.d {
						y.d[l] = old.base + old.d[l]
						if act>>l&1 == 1 {
							y.d[l] = x.base + x.d[l]
						}
					}
					x = y
				default:
					x = mergeVal(old, x)
				}
				x.block, x.warp = b, w
			} else {
				x = unknownVal()
			}
		}
		s[r] = x
	}
	set(dst, v)
	if pair != nil {
		if n, err := strconv.Atoi(strings.TrimLeft(dst, "UR")); err == nil {
			p := "R"
			if uni {
				p = "UR"
			}
			set(fmt.Sprintf("%s%d", p, n+1), *pair)
		}
	}
}

// setPredicates notes, for an instruction that writes predicates
// (ISETP, FSETP, PLOP3, LOP3 into a predicate...), whether they vary with
// data: a register source whose lanes are not followed (a loaded value, a
// hash, a float made of a bounded one), or a predicate source that does.
// A float whose lanes are followed (flanes: a sampler's coordinate, u =
// lane + 0.37 moved 0.73 an iteration) or that is one value a warp is
// followed, as an integer lane index is: u >= 1000 ? u - 1000 : u is a
// wrap the lanes take together (their spread, 31, is far below the
// wrap's 1000), not a choice each lane makes apart. Such a predicate's selects
// (SEL, predicated writes) are choices each lane makes apart. Predicates
// from followed values are left as before (not tracked).
func (s laneState) setPredicates(in sass.Instruction) {
	var dsts []string
	data := false
	for k, op := range strings.Split(in.Operands, ",") {
		op = strings.TrimSpace(op)
		name := strings.TrimLeft(op, "!")
		switch {
		case op == "" || name == "PT" || name == "UPT":
		case predReg.MatchString(op) && len(dsts) == k:
			dsts = append(dsts, name)
		case predReg.MatchString(op):
			if v, ok := s[name]; ok && !v.ok {
				data = true
			}
		case regReg.MatchString(strings.TrimSuffix(op, ".reuse")):
			if v := s.operand(op, false); !v.ok && !(v.flt && (v.flanes || v.fspan == 0)) {
				data = true
			}
		}
	}
	lanes, known := [2]uint32{}, false
	if !data {
		lanes, known = s.comparedLanes(in)
	}
	for k, d := range dsts {
		s.forget("", d)
		switch {
		case data:
			s[d] = unknownVal()
		case known && k < 2:
			s[d] = predVal(lanes[k])
		default:
			delete(s, d)
		}
	}
}

// narrowSpan is the widest spread of a warp's lanes (in bytes, around a
// base not known) that spreadVal takes as lanes spread evenly: four
// lines.
const narrowSpan = 4 * 128

// assumeSpread is the assumption spreadVal rests on.
const assumeSpread = "lanes whose data-dependent addresses lie within a few lines of each other are spread evenly over them"

// spreadVal is an address whose lanes are not followed but each lies
// near its own place in lane order (lval.near), all within a.span bytes
// of a base not known (a sorted COO row, e >> 2 plus a loaded bit): each
// lane taken at its share of the span, words of width bytes in lane
// order, so that the request touches the lines and words such a span
// holds (a line or two, several lanes a word), not a line a lane. A
// loaded key's bins (a histogram's: no lane order) stay scattered over
// their window.
func spreadVal(a lval, width int64) lval {
	words := max(1, a.span/max(1, width))
	r := lval{ok: true, align: width, assume: append(slices.Clone(a.assume), assumeSpread), block: a.block, warp: a.warp}
	for l := range r.d {
		r.d[l] = int64(l) * words / 32 * width
	}
	return r
}

// uniformSources reports whether every register in reads (its guard
// included) is the same in every lane of a warp: a uniform register, a
// predicate in preds (written from such sources), or a general register whose
// lanes are followed and equal (the loop counter, a kernel parameter, a
// value loaded at one address for the whole warp). Whatever it computes
// from them is then the same in every lane too.
func (s laneState) uniformSources(in sass.Instruction, preds map[string]bool) bool {
	reads := in.Use().Reads
	// sass.Use does not parse an operand with an absolute value before
	// a suffix (|R10|.reuse): such a token is never a destination, so
	// its register is taken as read.
	for _, t := range strings.Split(in.Operands, ",") {
		if m := modifiedReg.FindStringSubmatch(t); m != nil && strings.Contains(t, "|") {
			n, _ := strconv.Atoi(m[2])
			reads = append(reads, sass.Source{Reg: sass.Reg{File: sass.File(m[1]), Index: n}})
		}
	}
	for _, r := range reads {
		switch r.Reg.File {
		case sass.Uniform, sass.UniformPredict:
		case sass.Predicate:
			if !preds[r.Reg.String()] {
				return false
			}
		case sass.General:
			if v := s.operand(r.Reg.String(), false); !v.ok || !v.uniform() {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// modifiedReg finds a register within an operand token with modifiers.
var modifiedReg = regexp.MustCompile(`(UR|UP|R|P)([0-9]+)`)

// allLanes is the mask of a warp's 32 lanes.
const allLanes = ^uint32(0)

// predVal is a predicate true in the lanes of mask.
func predVal(mask uint32) lval {
	v := lval{ok: true, known: true, pred: true}
	for l := range v.d {
		v.d[l] = int64(mask >> l & 1)
	}
	return v
}

// predLanes is the mask of the lanes in which predicate operand p ("P4",
// "!P4", "PT", "@!P4") is true, where they are known: PT, or a
// predicate an ISETP of followed values wrote (comparedLanes).
func (s laneState) predLanes(p string) (uint32, bool) {
	p = strings.TrimPrefix(strings.TrimSpace(p), "@")
	neg := strings.HasPrefix(p, "!")
	p = strings.TrimPrefix(p, "!")
	var m uint32
	switch v, ok := s[p]; {
	case p == "PT":
		m = allLanes
	case ok && v.pred:
		for l := range v.d {
			m |= uint32(v.d[l]&1) << l
		}
	default:
		return 0, false
	}
	if neg {
		m = ^m
	}
	return m, true
}

// comparedLanes evaluates ISETP.cmp.bop Pd, Pe, Ra, Rb, Pc lane by lane
// where Ra and Rb are known in every lane (a lane index against a
// constant: if (lane < 8)) and Pc is known: Pd = (Ra cmp Rb) bop Pc and
// Pe = !(Ra cmp Rb) bop Pc (the PTX ISA's setp with a second
// destination). ok false for anything else.
func (s laneState) comparedLanes(in sass.Instruction) (out [2]uint32, ok bool) {
	ops := strings.Split(in.Operands, ",")
	if in.Base() != "ISETP" || in.Predicate != "" || len(ops) != 5 || strings.Contains(in.Opcode, ".EX") {
		return out, false
	}
	a, b := s.operand(ops[2], false), s.operand(ops[3], false)
	c, okc := s.predLanes(ops[4])
	if !a.ok || !a.known || !b.ok || !b.known || a.flt || b.flt || !okc {
		return out, false
	}
	var cmp uint32
	for l := range 32 {
		if compare(in.Opcode, a.base+a.d[l], b.base+b.d[l]) {
			cmp |= 1 << l
		}
	}
	for k, x := range [2]uint32{cmp, ^cmp} {
		switch {
		case strings.Contains(in.Opcode, ".OR"):
			out[k] = x | c
		case strings.Contains(in.Opcode, ".XOR"):
			out[k] = x ^ c
		default:
			out[k] = x & c
		}
	}
	return out, true
}

// dataPredicate says whether in's guard, or predicate operand p, varies
// with data (setPredicates).
func (s laneState) dataPredicate(p string) bool {
	p = strings.TrimLeft(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(p), "@")), "!")
	v, ok := s[p]
	return ok && !v.ok
}

// baseRegister is the register an address is formed on: "R4" in
// "R4.64+0x10".
var baseRegister = regexp.MustCompile(`^\s*(U?R[0-9]+)`)

// laneAccess is one memory instruction's addresses across a warp.
type laneAccess struct {
	// uniformBranch, for a conditional branch (no memory access),
	// says its predicate is the same in every lane of a warp (written
	// from uniformSources): the warp takes one side of it.
	uniformBranch bool
	// hsym and hoff, for scattered lanes, name the hash the address
	// was formed on and the bytes added to it (lval's): two accesses of
	// one hsym are lane by lane the difference of their hoffs apart.
	hsym uint64
	hoff int64
	// known is false where the lanes' offsets could not be followed.
	known bool
	// offsets are each lane's byte address relative to a uniform base.
	offsets [32]int64
	// baseAlign is the power of two the base is known to be a multiple
	// of (bigAlign when the address is a constant).
	baseAlign int64
	assume    []string
	// scattered marks unknown addresses computed from lane-varying
	// values by operations not affine in them (hashes); span bounds
	// their spread in bytes (0 for no bound).
	scattered bool
	span      int64
	// shared, for scattered addresses with a span, says the window they
	// fall in is the same in every block (no block index in its base):
	// the whole grid's accesses land on the same lines.
	shared bool
	// vals, for scattered addresses that are a choice of each lane's
	// (a select on loaded data), are the byte offsets a lane picks from,
	// each equally likely, over a base that is a multiple of valsAlign.
	vals      []int64
	valsAlign int64
	// iterStride is the bytes the access moves from one iteration of its
	// loop to the next (every lane alike), where iterKnown.
	iterStride int64
	iterKnown  bool
	// base names the uniform base the offsets are relative to, where
	// two accesses' offsets can be compared: "" for none, "const" for a
	// constant address (the offsets absolute), else the register the
	// address is formed on as last written ("R4#3"), with baseOff the
	// offsets' displacement from its value.
	base    string
	baseOff int64
	// block says the address may differ from one block to another (it
	// was computed from the block index); false for an address every
	// block shares (a kernel parameter's word: one global total).
	block bool
	// warp says the address may differ from one warp of a block to
	// another (computed from the thread index's warp part); false for
	// one every warp of a block shares (a block's shared total).
	warp bool
	// groupOf and groupOffsets, where groups > 0 (an address not known
	// per lane, but the same unknown for the lanes of each group: a
	// value loaded per half-warp in it), are each lane's group and its
	// offset within it.
	groups       int
	groupOf      [32]uint8
	groupOffsets [32]int64
	// reach is the address over every lane, iteration and block
	// (accessReach).
	reach rval
	// iterSym names the access's unknown base within one iteration of
	// its loop (the body walked from the loop's entry), iterOff its
	// displacement in bytes from it: two accesses of an iteration with
	// one name and the same lane offsets are iterOff apart. 0 for none.
	iterSym uint64
	iterOff int64
	// warpStride, where warpKnown, is the bytes the access's address
	// moves from one warp of a block to the next (its iterOff with
	// threadIdx.x 32 on): 32 lanes × the width for a grid-stride
	// index, a row's pitch for a row a warp.
	warpStride int64
	warpKnown  bool
	// misalign, for an access with iterSym whose base is not known to
	// be 128-byte aligned, is iterOff modulo 128: the named base taken
	// aligned rather than the access's own (a stencil's c - 1 reads 4
	// bytes before c's line, two lines a request where c reads one).
	misalign int64
	// distinct, for a MATCH.ANY (no memory access), is how many
	// distinct values its lanes' key is taken to hold: counted where
	// the lanes' values are followed, the groups of lanes that share one
	// where that is known, where a shift or a mask bounds it the
	// distinct values expected of 32 draws among those the key can take
	// (a hash's) or as many as it can take up to 32 (a key read from
	// memory); 32 otherwise.
	distinct float64
	// active, where the access's guard keeps some lanes off (a
	// predicate of the lane index), is the mask of the lanes it serves;
	// 0 for all of them.
	active uint32
}

// keyValues bounds how many values the 32-bit register def writes can
// take, whatever its sources: 2^(32-s) for a logical shift right by s
// (SHF.R.U32.HI Rd, RZ, s, Rx), 2^(bits set) for an AND with a constant
// mask (LOP3.LUT Rd, Rx, mask, RZ, 0xc0); 0 for no bound.
func keyValues(def sass.Instruction) float64 {
	ops := strings.Split(def.Operands, ",")
	for i := range ops {
		ops[i] = strings.TrimSpace(ops[i])
	}
	imm := func(s string) (uint64, bool) {
		v, err := strconv.ParseUint(strings.TrimPrefix(s, "0x"), 16, 32)
		return v, err == nil && strings.HasPrefix(s, "0x")
	}
	switch {
	case strings.HasPrefix(def.Opcode, "SHF.R.U32.HI") && len(ops) == 4 && ops[1] == "RZ":
		if n, ok := imm(ops[2]); ok && n < 32 {
			return math.Ldexp(1, 32-int(n))
		}
		if n, err := strconv.Atoi(ops[2]); err == nil && n >= 0 && n < 32 {
			return math.Ldexp(1, 32-n)
		}
	case def.Opcode == "LOP3.LUT" && len(ops) >= 5 && ops[3] == "RZ" && ops[4] == "0xc0":
		if m, ok := imm(ops[2]); ok {
			return math.Ldexp(1, bits.OnesCount64(m))
		}
	}
	return 0
}

// keyLoaded reports whether register r, as def last wrote it, is
// computed from a load's value (a key read from memory, shifted or
// masked), following the writes of its sources back a few steps; false
// for a value the listing computes from registers alone (a hash).
func keyLoaded(def map[string]sass.Instruction, r string) bool {
	seen := map[string]bool{}
	var from func(r string, depth int) bool
	from = func(r string, depth int) bool {
		in, ok := def[r]
		if !ok || seen[r] || depth > 8 {
			return false
		}
		seen[r] = true
		if op, mem := memoryOp(in); mem && !op.store || indexedConstant(in) {
			return true
		}
		ops := splitOperands(in.Operands)
		for _, o := range ops[min(1, len(ops)):] {
			o = strings.TrimSuffix(strings.Trim(strings.TrimSpace(o), "-~|!"), ".reuse")
			if regReg.MatchString(o) && from(o, depth+1) {
				return true
			}
		}
		return false
	}
	return from(r, 0)
}

// distinct is the expected count of distinct values among the 32 lanes
// of MATCH.ANY in's key (its last operand), which can take at most bound
// values (0 for no bound), loaded saying the key is read from memory
// (keyLoaded): see laneAccess.distinct.
func (s laneState) distinct(in sass.Instruction, bound float64, loaded bool) float64 {
	// A key a hash computes that can take n values is taken as 32
	// independent uniform draws among them (expectedDistinct: 20.3 of
	// 32, 25.3 of 64), as a hash's draws repeat. One read from memory
	// is taken as data that spreads over its values (min(32, n): the
	// lanes' keys as distinct as they can be, as lanes' hashed words
	// are for their atomics), which the listing cannot tell from
	// random data.
	draws := func(n float64) float64 { return max(1, expectedDistinct(n)) }
	if loaded {
		draws = func(n float64) float64 { return min(32, n) }
	}
	ops := strings.Split(in.Operands, ",")
	v := s.operand(ops[len(ops)-1], strings.Contains(in.Opcode, ".U64") || strings.Contains(in.Opcode, ".64"))
	switch {
	case v.ok:
		seen := map[int64]bool{}
		for _, d := range v.d {
			seen[d] = true
		}
		return float64(len(seen))
	case v.groups() > 0:
		return float64(v.groups())
	case v.scrambled && v.span > 0 && v.span < 1<<20:
		return draws(float64(v.span))
	case bound > 0:
		return draws(bound)
	}
	return 32
}

// iterationStride is how far an address moves from one iteration (a0) to
// the next (a1): the same shape across the lanes, and bases both known or
// both the same named unknown.
func iterationStride(a0, a1 lval) (int64, bool) {
	if !a0.ok || !a1.ok {
		return 0, false
	}
	c := a1.d[0] - a0.d[0]
	for l := range a0.d {
		if a1.d[l]-a0.d[l] != c {
			return 0, false
		}
	}
	switch {
	case a0.known && a1.known:
		return a1.base - a0.base + c, true
	case !a0.known && !a1.known && a0.sym != 0 && a0.sym == a1.sym:
		return a1.off - a0.off + c, true
	}
	return 0, false
}

// addressTerm is one term of a bracketed address: an operand times a
// scale (R2.X4 is R2 times 4).
type addressTerm struct {
	operand string
	scale   int64
}

// addressTerms splits the last bracketed address of in into its terms; ok
// false where in has none.
func addressTerms(in sass.Instruction) (terms []addressTerm, ok bool) {
	m := bracket.FindAllStringSubmatch(in.Operands, -1)
	if len(m) == 0 {
		return nil, false
	}
	for _, term := range strings.Split(m[len(m)-1][1], "+") {
		term = strings.TrimSpace(term)
		if term == "" {
			continue
		}
		scale := int64(1)
		for _, x := range []string{".X4", ".X8", ".X16"} {
			if strings.HasSuffix(term, x) {
				scale, _ = strconv.ParseInt(x[2:], 10, 64)
				term = strings.TrimSuffix(term, x)
			}
		}
		terms = append(terms, addressTerm{term, scale})
	}
	return terms, true
}

// address evaluates the last bracketed address of in.
func (s laneState) address(in sass.Instruction) lval {
	terms, ok := addressTerms(in)
	if !ok {
		return unknownVal()
	}
	s = s.view(in)
	sum := constVal(0)
	for _, t := range terms {
		x := s.operand(t.operand, strings.Contains(t.operand, ".64"))
		b, w := sum.block || x.block, sum.warp || x.warp
		sum = addVal(sum, mulVal(x, constVal(t.scale)))
		sum.block, sum.warp = b, w
	}
	return sum
}

// laneAddresses evaluates, for each memory access of a function, its
// addresses across a warp's lanes, walking the instructions in program
// order and each of loops (pairs of first and last instruction offsets)
// to a fixed point. The map is keyed by instruction offset.
func laneAddresses(ins []sass.Instruction, loops [][2]int) map[int]laneAccess {
	out := walkAddresses(ins, loops, laneState{})
	if !sharedNames(out) {
		return out
	}
	// The warp stride: the walk again as the block's next warp (its
	// threadIdx.x 32 on), each access's named offset compared (only
	// where two accesses share a name a line or more apart, as
	// gridNeighbour asks).
	next := walkAddresses(ins, loops, laneState{nextWarpKey: lval{off: 32}})
	for off, la := range out {
		if n, ok := next[off]; ok && la.iterSym != 0 && n.iterSym == la.iterSym {
			la.warpStride, la.warpKnown = n.iterOff-la.iterOff, true
			out[off] = la
		}
	}
	return out
}

// sharedNames reports whether two of the accesses share a name
// (laneAccess.iterSym) at offsets a line or more apart.
func sharedNames(out map[int]laneAccess) bool {
	offs := map[uint64][]int64{}
	for _, la := range out {
		if la.iterSym == 0 {
			continue
		}
		for _, o := range offs[la.iterSym] {
			if d := la.iterOff - o; d >= 128 || d <= -128 {
				return true
			}
		}
		offs[la.iterSym] = append(offs[la.iterSym], la.iterOff)
	}
	return false
}

// nextWarpKey is the lane state's entry that, where present, gives
// threadIdx.x's lane 0 its offset (off) from the name it has in the
// block's first warp: the walk as another warp of the block.
const nextWarpKey = "%next-warp"

// walkAddresses is laneAddresses' walk from state s.
func walkAddresses(ins []sass.Instruction, loops [][2]int, s laneState) map[int]laneAccess {
	out := map[int]laneAccess{}
	heads := map[int]laneState{}
	entries := map[int]laneState{}
	rounds := map[int]int{}
	written := map[string]int{}          // writes to each register so far
	def := map[string]sass.Instruction{} // the last write to each register
	guarded := map[int]uint32{}          // the lanes a guard keeps on, where some are off
	uniformPreds := map[string]bool{}    // predicates the same in every lane, as last written
	for i := 0; i < len(ins); i++ {
		in := ins[i]
		for _, lp := range loops {
			if in.Offset == lp[0] {
				if _, ok := heads[lp[0]]; !ok {
					heads[lp[0]] = maps.Clone(s)
					entries[lp[0]] = maps.Clone(s)
				}
			}
		}
		if in.Opcode == "MATCH.ANY" || strings.HasPrefix(in.Opcode, "MATCH.ANY.") {
			ops := strings.Split(in.Operands, ",")
			key := strings.TrimSuffix(strings.TrimSpace(ops[len(ops)-1]), ".reuse")
			out[in.Offset] = laneAccess{distinct: s.distinct(in, keyValues(def[key]), keyLoaded(def, key))}
		}
		if _, ok := memoryOp(in); ok || indexedConstant(in) {
			a := s.address(in)
			if op, ok := memoryOp(in); ok && !a.ok && a.scrambled && a.near && len(a.vals) == 0 && a.span > 0 && a.span <= narrowSpan {
				a = spreadVal(a, int64(op.bytes))
			}
			la := laneAccess{known: a.ok, assume: a.assume, scattered: !a.ok && a.scrambled, block: a.block, warp: a.warp && !(a.ok && a.known)}
			if n := a.groups(); n > 1 && n < 32 {
				la.groups, la.groupOf, la.groupOffsets = n, *a.grp, a.gd
			}
			if la.scattered {
				la.hsym, la.hoff = a.hsym, a.hoff
				la.span = a.span
				la.shared = a.span > 0 && !a.block
				if len(a.vals) > 0 {
					la.vals, la.valsAlign = a.vals, a.alignment()
					if a.known {
						la.valsAlign = lowbit(a.base)
					}
				}
			}
			if a.ok {
				la.offsets = a.d
				la.baseAlign = a.alignment()
				if a.known {
					for l := range la.offsets {
						la.offsets[l] += a.base
					}
					la.baseAlign = bigAlign
					la.base = "const"
				}
				delete(guarded, in.Offset)
				if act, ok := s.predLanes(in.Predicate); ok && in.Predicate != "" && act != allLanes && act != 0 {
					guarded[in.Offset] = act
				}
				if m := bracket.FindAllStringSubmatch(in.Operands, -1); !a.known && len(m) > 0 {
					// The register the address is formed on,
					// as last written: loads on it share a base.
					if r := baseRegister.FindStringSubmatch(m[len(m)-1][1]); r != nil {
						la.base, la.baseOff = fmt.Sprintf("%s#%d", r[1], written[r[1]]), a.off
					}
				}
			}
			out[in.Offset] = la
		}
		if in.Base() == "BRA" && in.Predicate != "" {
			p := strings.TrimPrefix(strings.TrimPrefix(in.Predicate, "@"), "!")
			out[in.Offset] = laneAccess{uniformBranch: p == "PT" || uniformPreds[p]}
		}
		uni := s.uniformSources(in, uniformPreds)
		s.step(in)
		for _, w := range in.Use().Writes {
			written[w.String()]++
			def[w.String()] = in
			if w.File == sass.Predicate {
				uniformPreds[w.String()] = uni
			}
		}
		for _, lp := range loops {
			if in.Offset != lp[1] {
				continue
			}
			h := heads[lp[0]]
			merged := maps.Clone(h)
			changed := false
			for r, v := range s {
				old, ok := h[r]
				if !ok {
					continue // first written in the loop
				}
				if (old.pred || v.pred) && !sameVal(old, v) {
					// A predicate whose lanes change from one
					// iteration to the next: not followed.
					delete(merged, r)
					changed = true
					continue
				}
				m := mergeVal(old, v)
				if rounds[lp[0]] >= 3 && !sameVal(m, old) {
					m = unknownVal(m.assume...)
				}
				m.block, m.warp = old.block || v.block, old.warp || v.warp
				if !sameVal(m, old) {
					changed = true
				}
				merged[r] = m
			}
			if changed && rounds[lp[0]] < 5 {
				rounds[lp[0]]++
				heads[lp[0]] = merged
				s = maps.Clone(merged)
				i = instructionAt(ins, lp[0]) - 1 // walk the loop again
			}
		}
	}
	// The stride across iterations: the body walked twice from the
	// state the loop is entered with, each access's two addresses
	// subtracted.
	for _, lp := range loops {
		st, ok := entries[lp[0]]
		if !ok {
			continue
		}
		st = maps.Clone(st)
		// An unknown base the loop is entered with and that has no
		// name (a warp index shifted out of threadIdx.x) is still one
		// value: named here, so that what the loop adds to it each
		// iteration shows as a stride.
		for r, v := range st {
			if v.ok && !v.known && v.sym == 0 {
				st[r] = named(v, symOf("entry", lp[0], r))
			}
		}
		var body []sass.Instruction
		for _, in := range ins {
			if in.Offset >= lp[0] && in.Offset <= lp[1] {
				body = append(body, in)
			}
		}
		first := map[int]lval{}
		for pass := range 2 {
			for _, in := range body {
				if _, ok := memoryOp(in); ok {
					a := st.address(in)
					if pass == 0 {
						first[in.Offset] = a
						if la, ok := out[in.Offset]; ok && la.nameBase(a) {
							out[in.Offset] = la
						}
					} else if la, ok := out[in.Offset]; ok {
						la.iterStride, la.iterKnown = iterationStride(first[in.Offset], a)
						out[in.Offset] = la
					}
				}
				st.step(in)
			}
		}
		iterationNames(body, entries[lp[0]], lp[0], out)
	}
	for off, r := range accessReach(ins, loops) {
		if la, ok := out[off]; ok {
			la.reach = r
			out[off] = la
		}
	}
	for off, act := range guarded {
		la := out[off]
		la.idle(act)
		out[off] = la
	}
	return out
}

// nameBase names la's base within one iteration (iterSym, iterOff,
// misalign) after address a, where a is a named unknown base plus la's
// own lanes' offsets; it reports whether it did.
func (la *laneAccess) nameBase(a lval) bool {
	if !a.ok || a.known || a.sym == 0 || !slices.Equal(a.d[:], la.offsets[:]) {
		return false
	}
	la.iterSym, la.iterOff = a.sym, a.off
	if la.baseAlign < 128 {
		la.misalign = ((a.off % 128) + 128) % 128
	}
	return true
}

// iterationNames names, within one iteration of the loop body entered
// with state st, the unknown bases no instruction named (a remainder by
// a run-time divisor, scaled by a record's size): each by the
// instruction that wrote it. The accesses formed on one such base (a
// record's fields, R8.64+0x4 ... R8.64+0x14) share its name in out
// (laneAccess.iterSym), iterOff apart, so that they are seen to read one
// record's lines. Names given only here: across iterations such a
// value is another (the stride is left as the walks found it).
func iterationNames(body []sass.Instruction, st laneState, loop int, out map[int]laneAccess) {
	if st == nil {
		return
	}
	st = maps.Clone(st)
	for _, in := range body {
		if _, ok := memoryOp(in); ok {
			if la, ok := out[in.Offset]; ok && la.iterSym == 0 && la.nameBase(st.address(in)) {
				out[in.Offset] = la
			}
		}
		st.step(in)
		if ops := splitOperands(in.Operands); len(ops) > 0 && regReg.MatchString(ops[0]) {
			if v, ok := st[ops[0]]; ok && v.ok && !v.known && v.sym == 0 {
				st[ops[0]] = named(v, symOf("iteration", loop, in.Offset, ops[0]))
			}
		}
	}
}

// sharedWavefrontCount is the wavefronts a shared access of width bytes a
// lane takes. A 4-byte access is served for the whole warp at once: the
// most distinct 4-byte words any one of the 32 banks must deliver (lanes
// reading one word share it: a broadcast), at least the access's bytes
// over the banks' 128 bytes. A wider access is served in phases of the
// lanes whose data fills the banks once (16 lanes of 8 bytes, 8 of 16),
// one after another, each its own most-loaded bank; a lane whose address
// an earlier phase already reads is served with it, but the warp takes
// at least its lanes' bytes over 128 (lanes 16 bytes wide reading eight
// addresses took four wavefronts in the corpus's register-tiled GEMMs;
// the broadcasts of every width have records of their own). ldmatrix (LDSM, matrices
// 8×8 of 16-bit values, 1, 2 or 4 of them) takes the row addresses of
// lanes 8m to 8m+7 for matrix m, each row 16 bytes, a phase per matrix.
// CUDA C++ Programming Guide, "Shared Memory" (compute capability 5.x and
// later): 32 banks of 4 bytes, one word per bank per clock, broadcast for
// one word; PTX ISA, ldmatrix: each of the eight threads of a group gives
// one row's address. The phases of wider accesses are the guide's rule
// for 64-bit accesses on compute capability 3.x (a half-warp a request)
// and what the corpus's 8-byte transposes measured: lanes 0-15 on one
// bank pair and lanes 16-31 on another took 32 wavefronts, not 16.
func sharedWavefrontCount(offsets [32]int64, width int, ldsm int) int {
	if ldsm > 0 {
		total := 0
		for m := range ldsm {
			total += bankWavefronts(offsets[8*m:8*m+8], 16)
		}
		return total
	}
	if width <= 4 {
		return bankWavefronts(offsets[:], width)
	}
	phase := max(1, 128/width)
	seen := map[int64]bool{}
	total := 0
	for p := 0; p < 32; p += phase {
		var lanes []int64
		for _, o := range offsets[p : p+phase] {
			if !seen[o] {
				lanes = append(lanes, o)
			}
		}
		for _, o := range offsets[p : p+phase] {
			seen[o] = true
		}
		if len(lanes) > 0 {
			total += bankWavefronts(lanes, width)
		}
	}
	return max(total, (32*width+127)/128)
}

// bankWavefronts is the wavefronts the lanes at offsets take when served
// together, each width bytes: the most distinct 4-byte words any one of
// the 32 banks must deliver, at least their bytes over the banks' 128.
func bankWavefronts(offsets []int64, width int) int {
	words := map[int64]map[int64]bool{}
	for _, o := range offsets {
		for b := int64(0); b < int64(width); b += 4 {
			word := (o + b) >> 2
			bank := ((word % 32) + 32) % 32
			if words[bank] == nil {
				words[bank] = map[int64]bool{}
			}
			words[bank][word] = true
		}
	}
	most := 1
	for _, ws := range words {
		most = max(most, len(ws))
	}
	return max(most, (len(offsets)*width+127)/128)
}

// globalSectors is the 32-byte sectors and 128-byte lines a global access
// of width bytes a lane touches, its base taken 128-byte aligned where the
// listing does not show it (CUDA C++ Best Practices Guide, "Coalesced
// Access to Global Memory": a warp's request is served in 32-byte
// sectors of 128-byte lines).
func globalSectors(offsets [32]int64, width int) (sectors, lines int) {
	sec, lin := map[int64]bool{}, map[int64]bool{}
	for _, o := range offsets {
		for b := int64(0); b < int64(width); b += 4 {
			sec[(o+b)>>5] = true
			lin[(o+b)>>7] = true
		}
	}
	return len(sec), len(lin)
}

// groupedSectors is globalSectors summed over an access's groups of
// lanes (laneAccess.groups), each group's lines taken apart from the
// others' (their bases unknown and independent), each base aligned to
// 128 bytes as an unknown global base is taken to be.
func (la laneAccess) groupedSectors(width int) (sectors, lines int) {
	for g := range la.groups {
		first := slices.Index(la.groupOf[:], uint8(g))
		if first < 0 {
			continue
		}
		// The group's lanes at their offsets, the others at its
		// first lane's (adding no sector).
		var offs [32]int64
		for l := range offs {
			offs[l] = la.groupOffsets[first]
			if int(la.groupOf[l]) == g {
				offs[l] = la.groupOffsets[l]
			}
		}
		s, n := globalSectors(offs, width)
		sectors, lines = sectors+s, lines+n
	}
	return sectors, lines
}

// groupedPasses is the passes the L2 makes over an atomic's groups of
// lanes (laneAccess.groups), each group's words apart from the others':
// for each 32-byte sector of a group, as many as the most of its lanes
// on one word (tallyWords, group by group).
func (la laneAccess) groupedPasses(width int) float64 {
	passes := 0
	for g := range la.groups {
		var offs []int64
		for l := range 32 {
			if int(la.groupOf[l]) == g && (la.active == 0 || la.active>>l&1 == 1) {
				offs = append(offs, la.groupOffsets[l])
			}
		}
		passes += tallyWords(offs, width).passes
	}
	return float64(passes)
}

// lanePattern names an access's lane offsets: "lane stride 128 B",
// "broadcast", "lanes at irregular offsets"; where a guard keeps some
// lanes off (active, a mask; 0 for all), those of the lanes it serves,
// with their number.
func lanePattern(offsets [32]int64, active uint32) string {
	if active == 0 {
		active = allLanes
	}
	var lanes []int
	for l := range 32 {
		if active>>l&1 == 1 {
			lanes = append(lanes, l)
		}
	}
	pat := "broadcast (every lane one address)"
	if len(lanes) > 1 {
		first, second := lanes[0], lanes[1]
		d := offsets[second] - offsets[first]
		s, whole := d/int64(second-first), d%int64(second-first) == 0
		for _, l := range lanes[1:] {
			if !whole || offsets[l]-offsets[first] != s*int64(l-first) {
				pat = "lanes at irregular offsets"
				break
			}
		}
		if pat != "lanes at irregular offsets" && s != 0 {
			pat = fmt.Sprintf("lane stride %d B", s)
		}
	}
	if len(lanes) < 32 {
		return fmt.Sprintf("%d of 32 lanes on (a guard on the lane index), %s", len(lanes), pat)
	}
	return pat
}

// stride is the lanes' common stride, false when they have none.
func (la laneAccess) stride() (int64, bool) {
	if !la.known {
		return 0, false
	}
	s := la.offsets[1] - la.offsets[0]
	for l := 1; l < 32; l++ {
		if la.offsets[l]-la.offsets[l-1] != s {
			return 0, false
		}
	}
	return s, true
}

// laneStrides is each shared access's lane stride, where the lanes have
// one, from laneAddresses over the whole function without loops.
func laneStrides(ins []sass.Instruction) map[int]int64 {
	out := map[int]int64{}
	for off, la := range laneAddresses(ins, nil) {
		if s, ok := la.stride(); ok {
			out[off] = s
		}
	}
	return out
}

// instructionAt is the index of the instruction at offset off in ins, -1
// where none is.
func instructionAt(ins []sass.Instruction, off int) int {
	return slices.IndexFunc(ins, func(in sass.Instruction) bool { return in.Offset == off })
}

// idle takes the lanes outside act, which the access's guard keeps
// off, out of its offsets: each is given the first active lane's
// offset, so that it adds no bank word, sector or line to the active
// lanes' (a Blelloch scan's if (lane < 32 / d) steps, fewer lanes
// further apart each time).
func (la *laneAccess) idle(act uint32) {
	first := la.offsets[bits.TrailingZeros32(act)]
	for l := range la.offsets {
		if act>>l&1 == 0 {
			la.offsets[l] = first
		}
	}
	la.active = act
}

// placed is the lanes' offsets with the access's displacement within a
// 128-byte line (misalign) added: what its sectors and lines are counted
// from.
func (la laneAccess) placed() [32]int64 {
	out := la.offsets
	for l := range out {
		out[l] += la.misalign
	}
	return out
}

// prmtVal is PRMT a, sel, b (PTX prmt.b32's default mode: each result
// byte i is byte sel[4i+2:4i] of the eight bytes b:a, a's bytes 0 to 3)
// where it moves each input's bytes as one block by whole bytes: (b <<
// 8) | (a & 0xff), which compilers emit for row × 256 + lane. The
// blocks never overlap, so the result is their sum. A selector that
// replicates a byte's sign (bit 3 of a nibble), uses a byte twice, or
// moves an input's bytes by different shifts is not followed.
func prmtVal(a lval, sel int64, b lval) lval {
	type block struct {
		shift  int64 // result byte minus input byte
		mask   int64 // the input's bytes used
		used   bool
		broken bool
	}
	var blocks [2]block
	seen := map[int64]bool{}
	for i := int64(0); i < 4; i++ {
		n := sel >> (4 * i) & 0xf
		if n&8 != 0 || seen[n] {
			return unknownVal(joinAssume(a, b)...)
		}
		seen[n] = true
		src, byt := n/4, n%4
		bl := &blocks[src]
		if bl.used && bl.shift != i-byt {
			bl.broken = true
		}
		bl.shift, bl.used = i-byt, true
		bl.mask |= 0xff << (8 * byt)
	}
	out := constVal(0)
	for k, in := range []lval{a, b} {
		bl := blocks[k]
		if !bl.used {
			continue
		}
		if bl.broken {
			return unknownVal(joinAssume(a, b)...)
		}
		piece := andVal(in, constVal(bl.mask))
		switch {
		case bl.shift > 0:
			piece = shlVal(piece, 8*bl.shift)
		case bl.shift < 0:
			piece = shrVal(piece, -8*bl.shift)
		}
		out = addVal(out, piece)
	}
	return out
}

// casRounds is the rounds a warp's compare-and-swap retry loop on shared
// memory takes on the addresses of la, width bytes a lane: one where no
// two of its lanes share a word, two where some may (the lanes that
// failed go round once more). The corpora's retry loops measured about
// one round more wherever lanes collided, however many shared a word:
// 32 lanes on 8 words 2.3 rounds, at random over 16 words 1.9 and over
// 128 words 2.0, where one lane's success a round would take 4, 4.8
// and 2.2. Lanes that all share one word are taken as one lane's
// update (a leader's, the warp's total): one round. Known lanes give
// the most that share a word; lanes scattered over span bytes (or
// among vals) the expected most of 32 lanes drawn at random
// (expectedMaxLoad); nothing known, one round.
func casRounds(la laneAccess, width int) float64 {
	width = max(width, 4)
	most := 1.0
	switch {
	case la.known:
		count := map[int64]int{}
		for l, o := range la.offsets {
			if la.active == 0 || la.active>>l&1 == 1 {
				count[o/int64(width)]++
				most = max(most, float64(count[o/int64(width)]))
			}
		}
		if len(count) == 1 {
			return 1
		}
	case la.scattered && len(la.vals) > 0:
		most = expectedMaxLoad(32, len(la.vals))
	case la.scattered && la.span > 0:
		most = expectedMaxLoad(32, int(max(1, la.span/int64(width))))
	}
	return min(most, 2)
}

// expectedMaxLoad is the expected most balls any one of m bins holds when
// n balls fall into them independently and uniformly (3.5 for 32 lanes
// on random banks of 32, the wavefronts of such an access): the sum over k ≥ 1
// of P(some bin holds k or more), with P(every bin holds fewer than k) =
// n! [x^n] (Σ_{j<k} (x/m)^j / j!)^m (the multinomial's exponential
// generating function, scaled by 1/m so that its coefficients stay
// bounded), the power taken by repeated squaring on polynomials cut at
// degree n.
func expectedMaxLoad(n, m int) float64 {
	if n <= 0 || m <= 0 {
		return 0
	}
	mul := func(a, b []float64) []float64 {
		out := make([]float64, n+1)
		for i, x := range a {
			if x == 0 {
				continue
			}
			for j := 0; i+j <= n; j++ {
				out[i+j] += x * b[j]
			}
		}
		return out
	}
	nfact := 1.0
	for i := 2; i <= n; i++ {
		nfact *= float64(i)
	}
	sum := 0.0
	for k := 1; k <= n; k++ {
		term := make([]float64, n+1)
		c := 1.0
		for j := 0; j < k && j <= n; j++ {
			term[j] = c
			c /= float64(m) * float64(j+1)
		}
		pow := make([]float64, n+1)
		pow[0] = 1
		for e := m; e > 0; e >>= 1 {
			if e&1 == 1 {
				pow = mul(pow, term)
			}
			term = mul(term, term)
		}
		below := nfact * pow[n] // P(every bin holds fewer than k)
		if below >= 1-1e-12 {
			break
		}
		sum += 1 - below
	}
	return sum
}
