package analyze

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/gpuarch/gpuarch/sass"
)

// Measurement is one measured loop: a corpus kernel at one occupancy.
type Measurement struct {
	Kernel          string
	WarpsPerSM      int
	ThreadsPerBlock int
	// Level is the memory level the kernel's footprint was sized for
	// ("" for kernels that touch no global memory in their loop).
	Level string
	// Cycles is the measured cycles per iteration per warp.
	Cycles float64
	// Half is the corpus half the kernel belongs to ("dev" or
	// "heldout", or "heldout2" and "heldout3" for the second and third
	// corpora, from the corpus's split.txt), "" where there is none.
	Half string
}

// ReadMeasurements reads the harness's CSV: a header naming at least
// kernel, warps_per_sm, threads_per_block, level and cycles_per_iter.
func ReadMeasurements(r io.Reader) ([]Measurement, error) {
	rows, err := csv.NewReader(r).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("measurements: %w", err)
	}
	if len(rows) < 2 {
		return nil, errors.New("measurements: no rows")
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[strings.TrimSpace(h)] = i
	}
	for _, h := range []string{"kernel", "warps_per_sm", "threads_per_block", "level", "cycles_per_iter"} {
		if _, ok := col[h]; !ok {
			return nil, fmt.Errorf("measurements: no %q column", h)
		}
	}
	var out []Measurement
	for n, row := range rows[1:] {
		if len(row) != len(rows[0]) {
			return nil, fmt.Errorf("measurements line %d: %d fields, want %d", n+2, len(row), len(rows[0]))
		}
		w, err1 := strconv.Atoi(row[col["warps_per_sm"]])
		t, err2 := strconv.Atoi(row[col["threads_per_block"]])
		c, err3 := strconv.ParseFloat(row[col["cycles_per_iter"]], 64)
		if err := errors.Join(err1, err2, err3); err != nil {
			return nil, fmt.Errorf("measurements line %d: %w", n+2, err)
		}
		out = append(out, Measurement{Kernel: row[col["kernel"]], WarpsPerSM: w, ThreadsPerBlock: t, Level: row[col["level"]], Cycles: c})
	}
	return out, nil
}

// Check is one measured loop and its prediction.
type Check struct {
	Measurement
	Predicted float64 `json:"predicted"`
	Bound     string  `json:"bound"`
	// Class is the goal the harness sized the loop for: "alu" for a
	// loop that touches no global memory (level "-" or ""), else
	// "memory:<level>". Each loop is judged against its own goal, not
	// against the bound its prediction happens to name.
	Class string `json:"class"`
	// Error is (predicted - measured) / measured.
	Error float64 `json:"error"`
}

// Summary is the accuracy over a set of checks, as BHive's tools report
// theirs: mean and worst absolute relative error and Kendall's tau.
type Summary struct {
	Class     string  `json:"class"`
	N         int     `json:"n"`
	MeanError float64 `json:"mean_abs_error"`
	// Bias is the signed mean error: negative when the class is
	// predicted too fast.
	Bias     float64 `json:"signed_mean_error"`
	WorstErr float64 `json:"worst_abs_error"`
	Worst    string  `json:"worst"`
	Tau      float64 `json:"kendall_tau"`
}

// Validation is the outcome of a corpus comparison.
type Validation struct {
	Checks  []Check   `json:"checks"`
	Summary []Summary `json:"summary"`
	Skipped []string  `json:"skipped,omitempty"`
	// Controlled is how many checks were predicted with the cubin's
	// control fields; the others from the listing alone.
	Controlled int `json:"controlled"`
}

// Validate predicts every measurement's timed loop (the innermost loop
// between the kernel's clock reads, else its first innermost loop) from
// listing and compares. Kernels missing from the listing, or with no loop,
// are skipped and listed.
func Validate(m *Machine, l *sass.Listing, ms []Measurement) (*Validation, error) {
	v := &Validation{}
	for _, x := range ms {
		f, ok := l.Function(x.Kernel)
		if !ok {
			v.Skipped = append(v.Skipped, x.Kernel+": not in the listings")
			continue
		}
		g, it, lanes, err := timedIteration(f, x.ThreadsPerBlock)
		if err != nil {
			v.Skipped = append(v.Skipped, x.Kernel+": "+err.Error())
			continue
		}
		level := x.Level
		if level == "" || level == "-" {
			level = DefaultLevel
		}
		r, _, err := predictIteration(m, g, it, x.WarpsPerSM, (x.ThreadsPerBlock+31)/32, level, PatternAuto, lanes)
		if err != nil {
			v.Skipped = append(v.Skipped, fmt.Sprintf("%s at %d warps: %v", x.Kernel, x.WarpsPerSM, err))
			continue
		}
		if len(r.Rows) > 0 && r.Rows[0].Control != "" {
			v.Controlled++
		}
		v.Checks = append(v.Checks, Check{Measurement: x, Predicted: r.Cycles, Bound: r.Bound, Class: goalClass(x.Level), Error: (r.Cycles - x.Cycles) / x.Cycles})
	}
	if len(v.Checks) == 0 {
		return v, errors.New("validate: no measurement could be predicted")
	}
	classes := map[string][]Check{"all": v.Checks}
	for _, c := range v.Checks {
		classes[c.Class] = append(classes[c.Class], c)
		if c.Half != "" {
			// The halves, and each class within them: the model
			// is worked on against "dev" alone; "heldout" is the
			// figure to quote.
			classes[c.Half] = append(classes[c.Half], c)
			classes[c.Half+" "+c.Class] = append(classes[c.Half+" "+c.Class], c)
		}
	}
	for _, name := range sortedKeys(classes) {
		v.Summary = append(v.Summary, summarize(name, classes[name]))
	}
	return v, nil
}

// goalClass is the class of a loop the harness sized for level: "alu"
// for "-" or "", else "memory:<level>".
func goalClass(level string) string {
	if level == "" || level == "-" {
		return "alu"
	}
	return "memory:" + level
}

// timedLoop is the loop body a corpus kernel times, and the lanes'
// addresses the function's accesses take in it (laneAddresses).
func timedLoop(f *sass.Function, threads int) ([]sass.Instruction, map[int]laneAccess, error) {
	g, it, lanes, err := timedIteration(f, threads)
	if err != nil {
		return nil, nil, err
	}
	return g.Body(it), lanes, nil
}

// timedIteration is timedLoop's iteration before it is made a body: the
// function's graph, the loop's iteration and the lanes' addresses.
func timedIteration(f *sass.Function, threads int) (*Graph, Loop, map[int]laneAccess, error) {
	g, err := BuildGraph(f)
	if err != nil {
		return nil, Loop{}, nil, err
	}
	loops, _ := g.Loops()
	first, last := -1, -1
	for _, in := range f.Instructions {
		if in.IsClockRead() {
			if first < 0 {
				first = in.Offset
			}
			last = in.Offset
		}
	}
	// The loop the clock reads time: the outermost between them (the
	// first innermost loop where none lies between them).
	var pick *Loop
	for i := range loops {
		lp := &loops[i]
		if first >= 0 && lp.StartOffset > first && lp.EndOffset < last && (pick == nil || lp.Depth < pick.Depth) {
			pick = lp
		}
	}
	if pick == nil {
		for i := range loops {
			if loops[i].Innermost {
				pick = &loops[i]
				break
			}
		}
	}
	if pick == nil {
		return nil, Loop{}, nil, errors.New("no loop")
	}
	it := g.Iteration(*pick, loops, threads)
	body := g.Body(it)
	lanes := laneAddresses(f.Instructions, [][2]int{{body[0].Offset, body[len(body)-1].Offset}})
	it, _ = g.spinRounds(it, loops, lanes)
	return g, it, lanes, nil
}

func summarize(class string, cs []Check) Summary {
	s := Summary{Class: class, N: len(cs)}
	var pred, meas []float64
	for _, c := range cs {
		e := math.Abs(c.Error)
		s.MeanError += e
		s.Bias += c.Error
		if e >= s.WorstErr {
			s.WorstErr = e
			s.Worst = fmt.Sprintf("%s at %d warps/SM", c.Kernel, c.WarpsPerSM)
		}
		pred = append(pred, c.Predicted)
		meas = append(meas, c.Cycles)
	}
	s.MeanError /= float64(len(cs))
	s.Bias /= float64(len(cs))
	s.Tau = KendallTau(pred, meas)
	return s
}

// KendallTau is Kendall's rank correlation tau-b of x and y (equal
// length): +1 when they order every pair alike, -1 when oppositely; 0 for
// fewer than two pairs that are not tied.
func KendallTau(x, y []float64) float64 {
	var conc, disc, tx, ty float64
	for i := range x {
		for j := i + 1; j < len(x); j++ {
			a, b := sign(x[i]-x[j]), sign(y[i]-y[j])
			switch {
			case a == 0 && b == 0:
			case a == 0:
				tx++
			case b == 0:
				ty++
			case a == b:
				conc++
			default:
				disc++
			}
		}
	}
	den := math.Sqrt((conc + disc + tx) * (conc + disc + ty))
	if den == 0 {
		return 0
	}
	return (conc - disc) / den
}

func sign(v float64) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// LoadCorpus reads a corpus directory as scripts/analyze/device.sh writes
// it: measured.csv and one nvdisasm listing per kernel file (*.sass), with
// the control fields of the cubin beside it (the same name, .cubin) where
// there is one.
func LoadCorpus(dir string) (*sass.Listing, []Measurement, error) {
	f, err := os.Open(filepath.Join(dir, "measured.csv"))
	if err != nil {
		return nil, nil, fmt.Errorf("corpus: %w", err)
	}
	defer f.Close()
	ms, err := ReadMeasurements(f)
	if err != nil {
		return nil, nil, fmt.Errorf("corpus %s: %w", dir, err)
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.sass"))
	if err != nil || len(files) == 0 {
		return nil, nil, fmt.Errorf("corpus %s: no *.sass listings", dir)
	}
	sort.Strings(files)
	all := &sass.Listing{}
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, nil, fmt.Errorf("corpus: %w", err)
		}
		l, err := sass.ParseListing(string(b))
		if err != nil {
			return nil, nil, fmt.Errorf("corpus %s: %w", p, err)
		}
		// The listing's cubin, where the corpus has it, gives the
		// instructions' control fields.
		if cb, err := os.ReadFile(strings.TrimSuffix(p, ".sass") + ".cubin"); err == nil {
			codes, err := sass.ParseControls(cb)
			if err != nil {
				return nil, nil, fmt.Errorf("corpus %s: %w", p, err)
			}
			l.AttachControls(codes)
		}
		all.Functions = append(all.Functions, l.Functions...)
	}
	split, err := readSplit(dir)
	if err != nil {
		return nil, nil, err
	}
	for i := range ms {
		ms[i].Half = split[ms[i].Kernel]
	}
	return all, ms, nil
}

// readSplit reads the corpus's split into a development and a held-out
// half: split.txt in dir or its parent, lines "<kernel> <half> ...", #
// for comments; a half is "dev", "heldout", or "heldout<n>" for a set of
// loops written and held out later (corpus2's "heldout2", corpus3's
// "heldout3"). No file is no split (nil).
func readSplit(dir string) (map[string]string, error) {
	var b []byte
	var err error
	for _, p := range []string{filepath.Join(dir, "split.txt"), filepath.Join(dir, "..", "split.txt")} {
		if b, err = os.ReadFile(p); err == nil {
			break
		}
	}
	if err != nil {
		return nil, nil
	}
	out := map[string]string{}
	for n, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 2 || (!strings.HasPrefix(f[1], "dev") && !strings.HasPrefix(f[1], "heldout")) {
			return nil, fmt.Errorf("corpus split line %d: want \"<kernel> dev|heldout|dev<n>|heldout<n>\", got %q", n+1, line)
		}
		out[f[0]] = f[1]
	}
	return out, nil
}

// WriteText writes the checks and summaries for people.
func (v *Validation) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%-22s %-7s %6s %-7s %10s %10s %8s  %s\n", "Kernel", "Half", "Warps", "Level", "Measured", "Predicted", "Error", "Bound")
	for _, c := range v.Checks {
		fmt.Fprintf(&b, "%-22s %-7s %6d %-7s %10.1f %10.1f %+7.1f%%  %s\n", c.Kernel, c.Half, c.WarpsPerSM, c.Level, c.Cycles, c.Predicted, 100*c.Error, c.Bound)
	}
	b.WriteString("\nClass                  N   Mean |err|  Signed mean  Worst |err|  Kendall tau  Worst case\n")
	for _, s := range v.Summary {
		fmt.Fprintf(&b, "%-20s %3d   %9.1f%%  %+10.1f%%  %10.1f%%  %11.2f  %s\n", s.Class, s.N, 100*s.MeanError, 100*s.Bias, 100*s.WorstErr, s.Tau, s.Worst)
	}
	switch v.Controlled {
	case len(v.Checks):
		b.WriteString("control fields: from the cubins beside the listings, for every loop\n")
	case 0:
		b.WriteString("control fields: none (no cubin beside the listings): one warp in order from measured latencies alone\n")
	default:
		fmt.Fprintf(&b, "control fields: for %d of %d loops (the others' listings have no cubin beside them)\n", v.Controlled, len(v.Checks))
	}
	for _, s := range v.Skipped {
		fmt.Fprintf(&b, "skipped: %s\n", s)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
