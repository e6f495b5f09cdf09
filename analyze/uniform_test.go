package analyze

import (
	"math"
	"slices"
	"testing"
)

// TestUniformPaths: a switch on the loop counter's low bits (a chain of
// compares, every lane the same) runs one case an iteration, so each
// case is a path of its own; the same if/else on the lane's parity or on
// loaded data may split the warp and keeps both sides, and a uniform
// if without an else keeps its block (counted as run).
func TestUniformPaths(t *testing.T) {
	l := listing(t, "uniform.sass")
	tests := []struct {
		kernel string
		// want lists each path's own blocks (start offsets of the
		// blocks not every path runs); nil for no split.
		want [][]int
	}{
		{"counter", [][]int{{0x50, 0x70}, {0x50, 0x90}, {0xb0}}},
		{"lane", nil},
		{"loaded", nil},
		{"ifthen", nil},
		// A float compare of loaded data's absolute values
		// (|R8|.reuse, an operand sass.Use does not parse).
		{"absolute", nil},
	}
	for _, tt := range tests {
		t.Run(tt.kernel, func(t *testing.T) {
			f, ok := l.Function(tt.kernel)
			if !ok {
				t.Fatalf("no function %s", tt.kernel)
			}
			g, err := BuildGraph(f)
			if err != nil {
				t.Fatal(err)
			}
			loops, _ := g.Loops()
			if len(loops) != 1 {
				t.Fatalf("%d loops, want 1", len(loops))
			}
			lp := loops[0]
			body := g.Body(lp)
			lanes := laneAddresses(f.Instructions, [][2]int{{body[0].Offset, body[len(body)-1].Offset}})
			paths := g.UniformPaths(lp, func(off int) bool { return lanes[off].uniformBranch })
			var got [][]int
			for _, p := range paths {
				var own []int
				for _, b := range p {
					in := 0
					for _, q := range paths {
						if slices.Contains(q, b) {
							in++
						}
					}
					if in < len(paths) {
						own = append(own, g.Blocks[b].StartOffset)
					}
				}
				got = append(got, own)
			}
			slices.SortFunc(got, slices.Compare)
			if !slices.EqualFunc(got, tt.want, slices.Equal) {
				t.Errorf("paths' own blocks %#x, want %#x", got, tt.want)
			}
		})
	}
}

// TestPredictIterationPaths: the counter's switch is predicted as the
// mean of its three paths (each predicted alone, named by its own
// blocks), below the whole body's cycles, the bound the slowest path's.
func TestPredictIterationPaths(t *testing.T) {
	if testing.Short() {
		t.Skip("fits the H100 record's machine: seconds")
	}
	l := listing(t, "uniform.sass")
	f, _ := l.Function("counter")
	g, err := BuildGraph(f)
	if err != nil {
		t.Fatal(err)
	}
	loops, _ := g.Loops()
	body := g.Body(loops[0])
	lanes := laneAddresses(f.Instructions, [][2]int{{body[0].Offset, body[len(body)-1].Offset}})
	m := h100(t)
	whole, err := analyzeLoopBlock(m, body, 1, 1, DefaultLevel, PatternAuto, lanes)
	if err != nil {
		t.Fatal(err)
	}
	r, n, err := predictIteration(m, g, loops[0], 1, 1, DefaultLevel, PatternAuto, lanes)
	if err != nil {
		t.Fatal(err)
	}
	if n != 3 || len(r.Paths) != 3 {
		t.Fatalf("%d paths, %d reported, want 3", n, len(r.Paths))
	}
	var sum, most float64
	bound := ""
	for _, p := range r.Paths {
		sum += p.Cycles
		if p.Cycles > most {
			most, bound = p.Cycles, p.Bound
		}
	}
	if math.Abs(r.Cycles-sum/3) > 1e-9 || r.Cycles >= whole.Cycles || r.Bound != bound {
		t.Errorf("%.1f cycles (bound %q), paths %+v, whole body %.1f: want the paths' mean, below the whole, the slowest's bound", r.Cycles, r.Bound, r.Paths, whole.Cycles)
	}
}
