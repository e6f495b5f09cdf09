package report

import (
	"bytes"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	goldhtml "github.com/yuin/goldmark/renderer/html"
	"golang.org/x/net/html"

	"github.com/gpuarch/gpuarch/record"
)

// hostile are strings a results file may hold that try to become markup:
// issue 30's device name that ran a script, links, table breakers.
var hostile = []string{
	"<script>alert(1)</script>",
	`"><img src=x onerror=alert(1)>`,
	"|a|b|",
	"`x` ``y``",
	"</code><script>alert(1)</script>",
	"line one\nline two\n# heading\n| a | b |\n| --- | --- |",
	"[x](javascript:alert(1))",
	"<a href=\"javascript:alert(1)\">x</a>",
	"<http://x.example> <x@y.example>",
	"*em* __strong__ ~~del~~ \\",
	"- [ ] task\n1. item\n> quote",
	"[x]: javascript:alert(1)\n\n[x]",
	"&lt;script&gt; &#60;script&#62;",
	"<!-- comment --> <?php ?> <![CDATA[ x ]]>",
	"</td></tr></table><svg onload=alert(1)>",
}

// pageTags are the elements a report's page may hold: its own frame, what
// goldmark makes of the report's Markdown, and the plots' SVG.
var pageTags = map[string]bool{
	"html": true, "head": true, "meta": true, "title": true, "style": true, "body": true, "nav": true, "main": true,
	"a": true, "strong": true, "em": true, "del": true, "code": true, "pre": true, "p": true, "br": true, "hr": true,
	"h1": true, "h2": true, "h3": true, "h4": true, "ul": true, "ol": true, "li": true, "blockquote": true,
	"table": true, "thead": true, "tbody": true, "tr": true, "th": true, "td": true,
	"figure": true, "figcaption": true, "svg": true, "g": true, "path": true, "text": true, "rect": true, "circle": true, "line": true,
}

// foreignMarkup returns the first element or attribute in page that the
// report does not make itself (a tag outside pageTags, an event handler,
// a script or data URL), or "".
func foreignMarkup(page string) string {
	z := html.NewTokenizer(strings.NewReader(page))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return ""
		case html.StartTagToken, html.SelfClosingTagToken:
			tok := z.Token()
			if !pageTags[tok.Data] && !(tok.Data == "img" && plotImage(tok)) {
				return tok.String()
			}
			for _, a := range tok.Attr {
				v := strings.ToLower(strings.TrimSpace(a.Val))
				if strings.HasPrefix(a.Key, "on") || (a.Key == "href" || a.Key == "src") &&
					(strings.HasPrefix(v, "javascript:") || strings.HasPrefix(v, "vbscript:") || strings.HasPrefix(v, "data:")) {
					return tok.String()
				}
			}
		}
	}
}

// plotImage says whether an img element is a link to one of the
// report's plots, which the Markdown holds and the page inlines.
func plotImage(tok html.Token) bool {
	for _, a := range tok.Attr {
		if a.Key == "src" {
			return strings.HasPrefix(a.Val, PlotDir+"/") && !strings.Contains(a.Val, "..")
		}
	}
	return false
}

// delimiterRow matches a GitHub-flavoured table's second line.
var delimiterRow = regexp.MustCompile(`^\|( *:?-+:? *\|)+$`)

// brokenTable returns the first table line of md that a string broke out
// of its cell: a row with more cells than its header (the surplus is
// dropped), or a run of rows without a header and delimiter row (a line
// break ended the table).
func brokenTable(md string) string {
	lines := strings.Split(md, "\n")
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "|") {
			continue
		}
		j := i
		for j < len(lines) && strings.HasPrefix(lines[j], "|") {
			j++
		}
		if j-i < 2 || !delimiterRow.MatchString(lines[i+1]) {
			return lines[i]
		}
		head := cells(lines[i])
		for _, l := range lines[i+2 : j] {
			if cells(l) > head {
				return l
			}
		}
		i = j
	}
	return ""
}

// cells counts a table row's cells as GitHub-flavoured Markdown splits
// it: at each | not after a backslash.
func cells(row string) int {
	n := 0
	for i := 1; i < len(row); i++ {
		if row[i] == '|' && row[i-1] != '\\' {
			n++
		}
	}
	return n
}

// recorded is a sample of the recorded H200 runs, CUDA and Vulkan: the
// first record of each suite, group, quantity and status.
var recorded = sync.OnceValues(func() ([]*record.Run, error) {
	var out []*record.Run
	for _, path := range []string{"../results/NVIDIA-H200/results.json.gz", "../results/NVIDIA-H200/vulkan/results.json.gz"} {
		run, err := record.ReadFile(path)
		if err != nil {
			return nil, err
		}
		seen := map[string]bool{}
		var keep []record.Record
		for _, r := range run.Records {
			k := r.Suite + "|" + r.Group + "|" + string(r.Quantity) + "|" + string(r.Status)
			if !seen[k] && (r.Dispatch == nil || len(r.Dispatch.Trace) < 5000) {
				seen[k] = true
				keep = append(keep, r)
			}
		}
		run.Records = keep
		out = append(out, run)
	}
	return out, nil
})

// poisoned is a deep enough copy of run whose every string a document
// shows holds s: the device's and tool's names, each record's subject
// (s appended, so that sections still find their records), reason, note,
// warnings, unit, machine code and reference data.
func poisoned(run *record.Run, s string) *record.Run {
	out := *run
	d := &out.Device
	d.Name, d.UUID, d.DriverVersion, d.ComputeCapability, d.PTXVersion, d.PTXTarget = s, s, s, "9.0"+s, s, s
	if d.Vulkan != nil {
		v := *d.Vulkan
		v.DriverName, v.DriverInfo, v.APIVersion, v.LoaderVersion, v.SubgroupClock, v.CooperativeMatrix2 = s, s, s, s, s, s
		d.Vulkan = &v
		d.CoresSource = s
	}
	d.Units = &record.Units{Core: "SM" + s, Cores: s, Subgroup: s, Subgroups: s}
	out.Tool = record.Tool{Name: s, Version: s, GoVersion: s, Backend: d.Backend}
	if out.Warmup != nil {
		w := *out.Warmup
		w.Source = s
		out.Warmup = &w
	}
	out.Warnings = []string{s}
	out.Records = make([]record.Record, len(run.Records))
	for i, r := range run.Records {
		r.Subject += s
		if r.Suite == "alu" || r.Suite == "warp" {
			r.Group += s
		}
		r.Reason, r.Warnings, r.Unit = s, []string{s}, r.Unit+s
		if r.Note != "" {
			r.Note = s
		}
		if r.Op != "" {
			r.Op += s
		}
		r.Provenance.Module = s
		if r.Code != nil {
			x := *r.Code
			x.Sequence, x.Note, x.Status = x.Sequence+s, s, s
			x.Expected = append([]string{s}, x.Expected...)
			x.Counts = map[string]int{s: 1}
			for k, v := range r.Code.Counts {
				x.Counts[k] = v
			}
			r.Code = &x
		}
		if r.Through != nil && r.Through.Reference != nil {
			t, ref := *r.Through, *r.Through.Reference
			ref.Class, ref.Row, ref.Source, ref.Reason, ref.Flag = s, s, s, s, true
			t.Reference = &ref
			r.Through = &t
		}
		if r.Occup != nil {
			o := *r.Occup
			o.Skipped = []string{s}
			r.Occup = &o
		}
		if r.Curve != nil {
			c := *r.Curve
			c.Path += s
			c.Skipped = []string{s}
			r.Curve = &c
		}
		if r.Sweep != nil {
			w := *r.Sweep
			w.X, w.Series = s, s
			r.Sweep = &w
		}
		out.Records[i] = r
	}
	return &out
}

// checkEscaped renders run, with a library measurement, as Markdown and as
// a page (as HTML does, rendering the Markdown once; with its plots where
// plots is set), and fails where a string from it became markup or broke
// a table.
func checkEscaped(t *testing.T, run *record.Run, s string, plots bool) {
	t.Helper()
	lib := &Library{GPU: s, Tool: s, Method: s, Time: s, OtherGPU: true}
	lib.Results = append(lib.Results, struct {
		DType    string   `json:"dtype"`
		TFLOPS   float64  `json:"tflops"`
		ClockMHz *float64 `json:"sm_clock_mhz_after"`
		Error    string   `json:"error"`
	}{DType: s, Error: s})
	var md bytes.Buffer
	if err := MarkdownWith(&md, run, lib); err != nil {
		t.Fatal(err)
	}
	if l := brokenTable(md.String()); l != "" {
		t.Errorf("%q broke a table: %q", s, l)
	}
	// The Markdown alone, rendered by a renderer that passes raw HTML
	// (as some viewers of .md files do): it must hold none from s.
	unsafe := goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithRendererOptions(goldhtml.WithUnsafe()))
	var raw bytes.Buffer
	if err := unsafe.Convert(md.Bytes(), &raw); err != nil {
		t.Fatal(err)
	}
	if m := foreignMarkup(raw.String()); m != "" {
		t.Errorf("%q: the Markdown holds %s", s, m)
	}
	var drawn []Plot
	if plots {
		var err error
		if drawn, err = Plots(run); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range drawn {
		if m := foreignMarkup(string(p.SVG)); m != "" {
			t.Errorf("%q: plot %s holds %s", s, p.Name, m)
		}
	}
	var page bytes.Buffer
	if err := Page(&page, md.Bytes(), drawn, run.Device.Name); err != nil {
		t.Fatal(err)
	}
	if m := foreignMarkup(page.String()); m != "" {
		t.Errorf("%q: the page holds %s", s, m)
	}
}

func TestHostileStringsEscaped(t *testing.T) {
	runs, err := recorded()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range hostile {
		for _, run := range runs {
			checkEscaped(t, poisoned(run, s), s, true)
		}
		checkEscaped(t, poisoned(synthetic(), s), s, true)
	}
	// Issue 30: the device name in the page's title, heading and tables.
	run := synthetic()
	run.Device.Name = "<script>alert(1)</script>"
	var page strings.Builder
	if err := HTML(&page, run, nil); err != nil {
		t.Fatal(err)
	}
	if m := foreignMarkup(page.String()); m != "" || strings.Contains(page.String(), "<script") {
		t.Errorf("the page holds %s", m)
	}
	for _, want := range []string{"<title>&lt;script&gt;alert(1)&lt;/script&gt; — microarchitecture measurements</title>", "<h1 id=\"", "&lt;script&gt;alert(1)&lt;/script&gt; — microarchitecture measurements</h1>"} {
		if !strings.Contains(page.String(), want) {
			t.Errorf("the page lacks %q", want)
		}
	}
}

// TestPageRawHTML checks that Page shows raw HTML in the Markdown as text,
// but for the Records appendix's anchors, and escapes the figure captions
// it makes of image descriptions.
func TestPageRawHTML(t *testing.T) {
	md := "| Record |\n| --- |\n| <a id=\"r-alu-x\"></a>`alu/x` |\n\n" +
		"a <script>alert(1)</script> b <a id=\"r-x\" onclick=\"alert(1)\">c</a> d <img src=x onerror=alert(1)>\n\n" +
		"<div>block</div>\n\n" +
		"![\\<b>caption\\</b> & more](plots/p.svg)\n"
	var b strings.Builder
	if err := Page(&b, []byte(md), []Plot{{Name: "p.svg", SVG: []byte("<svg></svg>")}}, "GPU"); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, want := range []string{
		`<td><a id="r-alu-x"></a><code>alu/x</code></td>`,
		"a &lt;script&gt;alert(1)&lt;/script&gt; b &lt;a id=&#34;r-x&#34; onclick=&#34;alert(1)&#34;&gt;c</a> d &lt;img src=x onerror=alert(1)&gt;",
		"<figure><svg></svg><figcaption>&lt;b&gt;caption&lt;/b&gt; &amp; more</figcaption></figure>",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q:\n%s", want, page)
		}
	}
	if m := foreignMarkup(page); m != "" || strings.Contains(page, "<div") {
		t.Errorf("page holds %s", m)
	}
}

// TestPlotLabelsEscaped checks that gonum's SVG writes the labels a plot
// takes from a file (subjects, sweep parameters) as text.
func TestPlotLabelsEscaped(t *testing.T) {
	const s = "<script>alert(1)</script>"
	occ := &record.Record{ID: "pipes/x/occupancy", Subject: s, Occup: &record.OccupancyDetail{ILPs: []int{1}, WarpsPerSM: []int{1, 2}, IPC: [][]*float64{{f(1), f(2)}}}}
	sweep := &record.Record{ID: "async/x", Subject: s, Unit: s, Sweep: &record.SweepDetail{X: s, Y: s, Series: s,
		Points: []record.ParamPoint{{X: 1, Value: 1, Series: s}, {X: 2, Value: 2, Series: s}}}}
	lat := &record.Record{ID: "memory/latency/x", Subject: s, Curve: &record.CurveDetail{Points: []record.CurvePoint{{Bytes: 1024, Value: 30}, {Bytes: 1 << 20, Value: 200}}}}
	plots := map[string]func() ([]byte, error){
		"occupancy": func() ([]byte, error) { return occupancyPlot(occ) },
		"sweep":     func() ([]byte, error) { return sweepPlot(sweep) },
		"latency":   func() ([]byte, error) { return latencyPlot([]*record.Record{lat}, s) },
	}
	for name, draw := range plots {
		svg, err := draw()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if strings.Contains(string(svg), "<script") || !strings.Contains(string(svg), "&lt;script&gt;") {
			t.Errorf("%s plot: the label is not escaped text", name)
		}
		if m := foreignMarkup(string(svg)); m != "" {
			t.Errorf("%s plot holds %s", name, m)
		}
	}
}

func FuzzReportHTML(f *testing.F) {
	for _, s := range hostile {
		f.Add(s)
	}
	runs, err := recorded()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 1<<10 {
			// s lands in every record: a long one makes a large
			// document that checks nothing more.
			t.Skip("longer than 1 KiB")
		}
		// One run an input, and no plots (TestPlotLabelsEscaped and
		// TestHostileStringsEscaped check those), so that the fuzzer
		// tries more inputs.
		checkEscaped(t, poisoned(runs[len(s)%len(runs)], s), s, false)
	})
}
