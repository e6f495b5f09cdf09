package site

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"

	"github.com/gpuarch/gpuarch/record"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if d := cmp.Diff(string(want), string(got)); d != "" {
		t.Errorf("%s differs (-want +got):\n%s", path, d)
	}
}

func f(v float64) *float64 { return &v }

// clock is a measured SM clock for synthetic records.
var clock = &record.Clock{Hz: 1.98e9, Source: "%clock64 over %globaltimer"}

// latency and throughput make synthetic alu records.
func latency(subject, op string, cycles float64, sass *record.CodeCheck) record.Record {
	return record.Record{ID: "alu/" + subject + "/latency", Suite: "alu", Subject: subject, Group: "f32", Op: op, Quantity: record.Latency,
		Status: record.StatusOK, Value: cycles, Unit: "cycles", Samples: []float64{cycles, cycles, cycles},
		Summary: &record.Summary{N: 3, Median: cycles, Min: cycles, Max: cycles},
		Latency: &record.LatencyDetail{Cycles: cycles, AdjustedCycles: cycles, RawCycles: cycles, R2: 1,
			Points: []record.Point{{Length: 0, Samples: []float64{2}, Median: 2}, {Length: 32, Samples: []float64{2 + 32*cycles}, Median: 2 + 32*cycles}}},
		Code: sass, Provenance: record.Provenance{Module: strings.ReplaceAll(subject, ".", "_"), PTXSHA256: "ab12", Clock: clock, Time: time.Date(2026, 11, 25, 22, 0, 0, 0, time.UTC)}}
}

func throughput(subject, op string, perClock float64, sass *record.CodeCheck) record.Record {
	return record.Record{ID: "alu/" + subject + "/throughput", Suite: "alu", Subject: subject, Group: "f32", Op: op, Quantity: record.Throughput,
		Status: record.StatusOK, Value: perClock, Unit: "warp instructions/clock/SM", Samples: []float64{perClock},
		Through: &record.ThroughputDetail{WarpInstPerClockPerSM: perClock, ResultsPerClockPerSM: 32 * perClock, CyclesPerWarpInst: 4 / perClock,
			Best: record.Shape{WarpsPerSM: 32, ILP: 4, BlocksPerSM: 4, ThreadsPerBlk: 256, StepsPerIter: 64, Iterations: 100},
			Sweep: []record.SweepPoint{{Shape: record.Shape{WarpsPerSM: 8, ILP: 1}, WarpInstPerClockPerSM: perClock / 4}, {Shape: record.Shape{WarpsPerSM: 32, ILP: 1}, WarpInstPerClockPerSM: perClock / 2},
				{Shape: record.Shape{WarpsPerSM: 8, ILP: 4}, WarpInstPerClockPerSM: perClock / 2}, {Shape: record.Shape{WarpsPerSM: 32, ILP: 4}, WarpInstPerClockPerSM: perClock}}},
		Code: sass, Provenance: record.Provenance{Module: strings.ReplaceAll(subject, ".", "_"), PTXSHA256: "ab12", Clock: clock, Time: time.Date(2026, 11, 25, 22, 0, 0, 0, time.UTC)}}
}

// chase is a synthetic latency curve: 30 cycles to 64 KiB, then 300.
func chase(subject, op string) record.Record {
	var pts []record.CurvePoint
	for b := int64(1 << 10); b <= 1<<24; b *= 2 {
		v := 30.0
		if b > 1<<16 {
			v = 300
		}
		pts = append(pts, record.CurvePoint{Bytes: b, Value: v, Min: v, Max: v, Stride: 128, Chains: 1})
	}
	return record.Record{ID: "memory/latency/" + subject, Suite: "memory", Subject: subject, Group: "latency", Op: op, Quantity: record.Curve,
		Status: record.StatusOK, Value: 30, Unit: "cycles per load", Curve: &record.CurveDetail{Path: subject, Points: pts}}
}

// synthetic is a CUDA run and a Vulkan run of one GPU, every string a
// page shows holding s (after the text a section may look for).
func synthetic(s string) []Input {
	ffma := &record.CodeCheck{Status: "verified", Expected: []string{"FFMA"}, Found: 32, Needed: 32, Kernel: "lat_fma" + s, Sequence: "FFMA" + s,
		PerStep: map[string]float64{"FFMA": 1}, Counts: map[string]int{"FFMA": 32}, Source: "nvdisasm"}
	mufu := &record.CodeCheck{Status: "verified", Expected: []string{"MUFU.EX2"}, Found: 32, Needed: 32, PerStep: map[string]float64{"MUFU.EX2": 1, "FMUL": 1}}
	cuda := &record.Run{Schema: 1, Tool: record.Tool{Name: "gpuarch", Backend: "cuda"}, Complete: true,
		Device: record.Device{Name: "NVIDIA H200" + s, UUID: "GPU-1" + s, DriverVersion: "580" + s, ComputeCapability: "9.0", CUDAVersion: 13000, SMs: 132, SubPartitions: 4, WarpSize: 32,
			Attributes: map[string]int{"MAX_THREADS_PER_MULTIPROCESSOR": 2048, "L2_CACHE_SIZE": 60 << 20}},
		Warmup: clock,
		Records: []record.Record{
			latency("fma.rn.f32", "fma.f32", 4, ffma), throughput("fma.rn.f32", "fma.f32", 3.95, ffma),
			latency("ex2.approx.f32"+s, "exp2.f32", 17, mufu), throughput("ex2.approx.f32"+s, "exp2.f32", 0.5, mufu),
			{ID: "alu/div.rn.f32/latency", Suite: "alu", Subject: "div.rn.f32", Group: "precise", Quantity: record.Latency, Status: record.StatusInvalid,
				Reason: "machine code lacks the chain" + s, Unit: "cycles"},
			chase("global ld.ca", "chase global ld.ca"),
			{ID: "memory/bandwidth/L1 read", Suite: "memory", Subject: "L1 read", Group: "bandwidth", Quantity: record.Throughput, Status: record.StatusOK,
				Value: 118.5, Unit: "bytes/clock/SM" + s, Through: &record.ThroughputDetail{ResultsPerSecond: 3e13}},
			{ID: "mma/mma m16n8k16 f32+=f16/throughput", Suite: "mma", Subject: "mma m16n8k16 f32+=f16", Group: "mma.sync", Op: "mma.f32+=f16*f16",
				Quantity: record.Throughput, Status: record.StatusOK, Value: 2730.7, Unit: "operations/clock/SM",
				Through: &record.ThroughputDetail{Reference: &record.Reference{Class: "tensor f16", Source: "whitepaper" + s, ResultsPerClockPerSM: 4096, Ratio: 2730.7 / 4096}}},
		}}
	vk := &record.Run{Schema: 1, Tool: record.Tool{Name: "gpuarch", Backend: "vulkan"}, Complete: true,
		Device: record.Device{Name: "NVIDIA H200" + s, Backend: "vulkan", SMs: 132, Vulkan: &record.VulkanDevice{APIVersion: "1.4", DriverName: "NVIDIA" + s, Timing: "shader clock"}},
		Records: []record.Record{
			latency("Fma.f32", "fma.f32", 4, &record.CodeCheck{Status: "verified", BinaryBytesPerStep: f(16), Statistics: map[string]float64{"Register Count": 16}}),
			throughput("Fma.f32", "fma.f32", 3.91, nil),
			latency("OpFDiv.f32"+s, "", 40, nil),
			chase("global ld.ca", "chase global ld.ca"),
		}}
	for i := range vk.Records {
		vk.Records[i].Provenance.PTXSHA256, vk.Records[i].Provenance.Source, vk.Records[i].Provenance.SourceSHA256 = "", "spirv", "cd34"
	}
	return []Input{{Run: cuda, Source: "results/h200" + s + "/results.json"}, {Run: vk, Source: "results/h200/vulkan/results.json"}}
}

func TestRowsPairByOperation(t *testing.T) {
	s := newSite(synthetic(""), Options{})
	var names []string
	for _, rw := range s.inst {
		names = append(names, rw.Key)
	}
	want := []string{"op:alu/fma.f32", "op:alu/exp2.f32", "ptx:alu/div.rn.f32", "spir-v:alu/OpFDiv.f32", "op:mma/mma.f32+=f16*f16"}
	if d := cmp.Diff(want, names); d != "" {
		t.Errorf("rows (-want +got):\n%s", d)
	}
	fma := s.inst[0]
	if fma.Cells[0].Lat == nil || fma.Cells[1].Lat == nil || fma.Cells[0].TP == nil || fma.Cells[1].TP == nil {
		t.Errorf("fma.f32 does not pair the CUDA and Vulkan records: %+v", fma.Cells)
	}
	if d := cmp.Diff([]string{"fma.rn.f32"}, fma.PTX); d != "" {
		t.Error(d)
	}
	if d := cmp.Diff([]string{"Fma.f32"}, fma.SPIRV); d != "" {
		t.Error(d)
	}
	if fma.Unit != "FP32" || s.inst[1].Unit != "SFU" {
		t.Errorf("units %q and %q, want FP32 and SFU", fma.Unit, s.inst[1].Unit)
	}
}

// An operation two subjects of one run perform pairs by subject, so that
// neither is lost (cp.async of several sizes share one operation).
func TestRowsOfSharedOperation(t *testing.T) {
	in := synthetic("")
	run := in[0].Run
	run.Records = append(run.Records, latency("fma.rn.ftz.f32", "fma.f32", 4, nil))
	s := newSite(in, Options{})
	got := map[string]bool{}
	for _, rw := range s.inst {
		got[rw.Key] = true
	}
	for _, k := range []string{"ptx:alu/fma.rn.f32", "ptx:alu/fma.rn.ftz.f32", "op:alu/fma.f32"} {
		if !got[k] {
			t.Errorf("no row %s in %v", k, got)
		}
	}
}

func TestTypesOf(t *testing.T) {
	for _, tc := range []struct {
		names    []string
		types    []string
		families []string
		widths   []int
	}{
		{[]string{"fma.rn.f32"}, []string{"f32"}, []string{"float"}, []int{32}},
		{[]string{"cvt.rn.f16.s32", "OpConvertSToF.f16.s32"}, []string{"f16", "s32"}, []string{"float", "int"}, []int{16, 32}},
		{[]string{"fma.rn.f16x2"}, []string{"f16x2"}, []string{"float"}, []int{16}},
		{[]string{"shfl.sync.bfly.b32"}, []string{"b32"}, []string{"bits"}, []int{32}},
		{[]string{"coopmat 16x16x16 f32+=f16*f16"}, []string{"f32", "f16"}, []string{"float"}, []int{16, 32}},
		{[]string{"mma m16n8k32 s32+=e4m3"}, []string{"s32", "e4m3"}, []string{"int", "float"}, []int{8, 32}},
		{[]string{"vote.any"}, nil, nil, nil},
	} {
		types, families, widths := typesOf(tc.names)
		if d := cmp.Diff(tc.types, types); d != "" {
			t.Errorf("%v types: %s", tc.names, d)
		}
		if d := cmp.Diff(tc.families, families); d != "" {
			t.Errorf("%v families: %s", tc.names, d)
		}
		if d := cmp.Diff(tc.widths, widths); d != "" {
			t.Errorf("%v widths: %s", tc.names, d)
		}
	}
}

func TestFormat(t *testing.T) {
	for v, want := range map[float64]string{4: "4", 3.953543915896514: "3.954", 126.53: "126.5", 2730.67: "2731", 0.00012: "0.00012", 6.5e13: "6.5e+13", 0: "0"} {
		if got := format(v); got != want {
			t.Errorf("format(%v) = %q, want %q", v, got, want)
		}
	}
}

func TestFileSlugAndKeys(t *testing.T) {
	for in, want := range map[string]string{"alu/fma.rn.f32/latency": "alu_fma.rn.f32_latency", "../../etc/passwd": "_.._etc_passwd", "": "_", "..": "_", "<script>": "_script_"} {
		if got := fileSlug(in); got != want {
			t.Errorf("fileSlug(%q) = %q, want %q", in, got, want)
		}
	}
	in := synthetic("")
	in = append(in, in[0]) // the same run twice
	cols := newColumns(in)
	var keys []string
	for _, c := range cols {
		keys = append(keys, c.Key)
	}
	if d := cmp.Diff([]string{"H200-cuda", "H200-vulkan", "H200-cuda-2"}, keys); d != "" {
		t.Errorf("keys: %s", d)
	}
	// Two IDs with one slug get two pages.
	c := cols[0]
	a, b := c.pageOf(&record.Record{ID: "a/b"}), c.pageOf(&record.Record{ID: "a b"})
	if a == b || c.pageOf(&record.Record{ID: "a/b"}) != a {
		t.Errorf("pages %q and %q", a, b)
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	write := func(rel string, run *record.Run) {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(run)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	in := synthetic("")
	write("gpu/results.json", in[0].Run)
	write("gpu/vulkan/results.json", in[1].Run)
	quick := *in[0].Run
	quick.Quick = true
	write("gpu/quick/results.json", &quick)
	write("gpu/other.json", in[0].Run)
	if err := os.MkdirAll(filepath.Join(dir, "old"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := record.WriteFile(filepath.Join(dir, "old", "results.json.gz"), in[1].Run); err != nil { // as results/ keeps runs
		t.Fatal(err)
	}
	inputs, notes, err := Load([]string{dir, filepath.Join(dir, "gpu/results.json")})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, i := range inputs {
		got = append(got, strings.TrimPrefix(i.Source, dir+"/"))
	}
	if d := cmp.Diff([]string{"gpu/results.json", "gpu/vulkan/results.json", "old/results.json.gz"}, got); d != "" {
		t.Errorf("inputs: %s", d)
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "quick") {
		t.Errorf("notes %q", notes)
	}
	if _, _, err := Load([]string{filepath.Join(dir, "gpu", "quick")}); err == nil {
		t.Error("a folder of quick runs alone gave a site")
	}
	if _, _, err := Load([]string{filepath.Join(dir, "missing")}); err == nil {
		t.Error("a missing path was accepted")
	}
	if err := os.WriteFile(filepath.Join(dir, "bad.json"), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := Load([]string{filepath.Join(dir, "bad.json")}); err == nil {
		t.Error("a file that does not parse was accepted")
	}
}

func TestBuildReplacesOnlyASite(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Build(dir, synthetic(""), Options{}); err == nil || !strings.Contains(err.Error(), Marker) {
		t.Fatalf("a folder of other files was written over: %v", err)
	}
	site := filepath.Join(dir, "site")
	if _, err := Build(site, synthetic(""), Options{}); err != nil {
		t.Fatal(err)
	}
	stale := filepath.Join(site, "r", "H200-cuda", "stale.html")
	if err := os.WriteFile(stale, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	sum, err := Build(site, synthetic(""), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a page of the old site survived: %v", err)
	}
	if sum.Columns != 2 || sum.Rows != 5 || sum.Pages == 0 {
		t.Errorf("summary %+v", sum)
	}
}

// TestGolden keeps what a reader sees of a small site: the instruction
// table, a record's page, the memory page's levels and the exports.
func TestGolden(t *testing.T) {
	dir := t.TempDir()
	if _, err := Build(dir, synthetic(""), Options{Version: "test"}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"index.html", "r/H200-cuda/alu_fma.rn.f32_throughput.html", "data/instructions.csv", "data/instructions.json", "data/memory-levels.csv", "data/matrix.json"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		golden(t, strings.ReplaceAll(name, "/", "-"), b)
	}
}

// hostile are strings a results file may hold that would be markup,
// script, a link or a formula if written as they are.
var hostile = []string{
	`<script>window.__pwned=1</script>`,
	`"><img src=x onerror="window.__pwned=1">`,
	`javascript:window.__pwned=1`,
	`=HYPERLINK("http://example.com")`,
	`</svg><script>window.__pwned=1</script>`,
	"{{.Title}} ]]> <!-- -->",
}

// TestHostileStringsEscaped builds a site whose every string holds each
// hostile string, and checks that no page holds an element, attribute or
// link the site did not write, and that no CSV cell starts a formula.
func TestHostileStringsEscaped(t *testing.T) {
	for _, h := range hostile {
		t.Run(h, func(t *testing.T) {
			dir := t.TempDir()
			if _, err := Build(dir, synthetic(h), Options{}); err != nil {
				t.Fatal(err)
			}
			err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
				if err != nil || d.IsDir() {
					return err
				}
				b, err := os.ReadFile(path)
				if err != nil {
					return err
				}
				switch filepath.Ext(path) {
				case ".html":
					if m := foreign(string(b)); m != "" {
						t.Errorf("%s holds %s", path, m)
					}
				case ".csv":
					lines, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
					if err != nil {
						t.Errorf("%s: %v", path, err)
					}
					for _, line := range lines {
						for _, cell := range line {
							if strings.HasPrefix(cell, "=") {
								t.Errorf("%s: a cell starts a formula: %q", path, cell)
							}
						}
					}
				case ".json":
					if !json.Valid(b) {
						t.Errorf("%s is not JSON", path)
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}

// siteTags are the elements the site writes.
var siteTags = map[string]bool{
	"html": true, "head": true, "meta": true, "title": true, "link": true, "body": true, "a": true, "header": true, "p": true, "nav": true, "ul": true, "li": true,
	"main": true, "footer": true, "code": true, "script": true, "h1": true, "h2": true, "h3": true, "form": true, "div": true, "label": true, "input": true, "select": true,
	"option": true, "fieldset": true, "legend": true, "button": true, "table": true, "caption": true, "thead": true, "tbody": true, "tr": true, "th": true, "td": true,
	"span": true, "br": true, "section": true, "figure": true, "figcaption": true, "svg": true, "g": true, "path": true, "text": true, "circle": true, "details": true,
	"summary": true, "pre": true, "small": true,
}

// foreign returns the first element or attribute of page that the site
// does not write: an unknown element, an event handler, a script other
// than site.js, a link to script or data.
func foreign(page string) string {
	z := html.NewTokenizer(strings.NewReader(page))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return ""
		case html.StartTagToken, html.SelfClosingTagToken:
			tok := z.Token()
			if !siteTags[tok.Data] {
				return tok.String()
			}
			for _, a := range tok.Attr {
				v := strings.ToLower(strings.TrimSpace(a.Val))
				if strings.HasPrefix(a.Key, "on") || (a.Key == "href" || a.Key == "src") && (strings.Contains(v, ":") && !strings.HasPrefix(v, "#")) {
					return tok.String()
				}
			}
			if tok.Data == "script" {
				src := ""
				for _, a := range tok.Attr {
					if a.Key == "src" {
						src = a.Val
					}
				}
				if !strings.HasSuffix(src, "site.js") || strings.Contains(src, ":") {
					return tok.String()
				}
			}
		}
	}
}
