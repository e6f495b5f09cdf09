// Package site writes a static web site across many GPUs' results, as
// uops.info is for x86 cores: one instruction table across every GPU
// and backend, filtered and sorted in the browser, each cell linking to
// its record's page; memory, matrix-unit and architecture pages; CSV and
// JSON of every table.
//
// Its opinions: the site is one folder that works from disk and from any
// static host, and makes no request outside itself (no fonts, scripts or
// styles from elsewhere); every table is written in the HTML, so the site
// reads without JavaScript, and the one script (site.js) only adds
// filtering, sorting, column choice, a two-GPU view and permalinks; every
// string from a results file is escaped (html/template; CSV cells that a
// spreadsheet would read as a formula are quoted). Records of PTX and
// SPIR-V runs pair by the neutral operation they perform, as package
// compare pairs them, so a GPU's CUDA and Vulkan columns share rows. The
// site shows what results files hold: kernels' source is not among it
// (`gpuarch run --artifacts` keeps it), so a record's page gives its hash
// and machine code.
package site

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/gpuarch/gpuarch/archdb"
	"github.com/gpuarch/gpuarch/measure/memory"
	"github.com/gpuarch/gpuarch/record"
	"github.com/gpuarch/gpuarch/report"
)

// Marker is the file a built site holds, so that Build may replace the
// site a folder holds but nothing else.
const Marker = "gpuarch-site.json"

// Summary says what Build wrote.
type Summary struct {
	Columns, Rows, Pages, Files int
	Bytes                       int64
}

// site is everything a build renders.
type site struct {
	cols   []*column
	inst   []*row
	curves []*row
	// groups are the memory tables, in memoryGroups' order; matrix and
	// arch the other pages' tables.
	groups    []*table
	levels    *table
	matrix    *table
	arch      []*table
	rowOf     map[*record.Record]*row
	version   string
	files     int
	bytes     int64
	mu        sync.Mutex
	dir       string
	recorded  []*record.Record
	recordCol map[*record.Record]*column
}

// Options set what Build writes beyond the results.
type Options struct {
	// Version is gpuarch's, for the pages' footers.
	Version string
}

// Build writes the site of inputs into dir: index.html (the instruction
// table), memory.html, matrix.html, architecture.html, gpus.html, a page
// per record under r/, the exports under data/, site.css and site.js.
// dir is made if missing; a folder that holds anything but a site Build
// wrote before is refused, and a site Build wrote before is replaced.
func Build(dir string, inputs []Input, opts Options) (*Summary, error) {
	s, err := build(dir, inputs, opts)
	if err != nil {
		return nil, err
	}
	return &Summary{Columns: len(s.cols), Rows: len(s.inst), Pages: len(s.recorded), Files: s.files, Bytes: s.bytes}, nil
}

// build is Build, returning the site it wrote.
func build(dir string, inputs []Input, opts Options) (*site, error) {
	if len(inputs) == 0 {
		return nil, errors.New("site: no results to show")
	}
	if err := prepare(dir); err != nil {
		return nil, err
	}
	s := newSite(inputs, opts)
	s.dir = dir
	return s, s.write()
}

// newSite pairs the records of inputs into the site's tables.
func newSite(inputs []Input, opts Options) *site {
	s := &site{cols: newColumns(inputs), rowOf: map[*record.Record]*row{}, version: opts.Version, recordCol: map[*record.Record]*column{}}
	s.model()
	return s
}

// prepare makes dir ready for a site: absent or empty, or holding a site
// Build wrote (whose files are removed).
func prepare(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return os.MkdirAll(dir, 0o755)
	}
	if err != nil {
		return err
	}
	if len(entries) == 0 {
		return nil
	}
	if _, err := os.Stat(filepath.Join(dir, Marker)); err != nil {
		return fmt.Errorf("site: %s holds files and no site gpuarch wrote (no %s): give an empty or new folder", dir, Marker)
	}
	for _, name := range []string{"r", "data"} {
		if err := os.RemoveAll(filepath.Join(dir, name)); err != nil {
			return err
		}
	}
	for _, name := range append([]string{Marker}, pageFiles...) {
		if err := os.Remove(filepath.Join(dir, name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return nil
}

// pageFiles are the files at the site's root besides the marker.
var pageFiles = []string{"index.html", "memory.html", "matrix.html", "architecture.html", "gpus.html", "site.css", "site.js"}

// model pairs every table's records.
func (s *site) model() {
	s.inst = buildRows(s.cols, instructionSuites, inInstructionTable)
	s.note(s.inst)
	s.curves = latencyCurveRows(s.cols)
	s.note(s.curves)
	s.levels = levelsTable(s.cols, s.curves)
	for _, g := range memoryGroups {
		if t, rows := groupTable(s.cols, g.id, g.title, g.caption, g.group); t != nil {
			s.groups = append(s.groups, t)
			s.note(rows)
		}
	}
	var mrows []*row
	s.matrix, mrows = matrixTable(s.cols)
	for _, rw := range mrows { // the instruction table's rows hold these records too
		for _, p := range rw.Cells {
			if p.TP != nil && s.rowOf[p.TP] == nil {
				s.rowOf[p.TP] = rw
			}
		}
	}
	s.arch = []*table{
		crossTable(s.cols, "architecture-on-chip", archdb.OnChipMemory(), onChipCell),
		crossTable(s.cols, "architecture-float", archdb.OpsPerCoreCycle(), opsCell),
		crossTable(s.cols, "architecture-int", archdb.IntOpsPerCoreCycle(), opsCell),
		datasheetTable(s.cols),
	}
}

// note remembers each record's row and column, and that it gets a page.
func (s *site) note(rows []*row) {
	for _, rw := range rows {
		for i, p := range rw.Cells {
			for _, r := range []*record.Record{p.Lat, p.TP} {
				if r != nil {
					if _, ok := s.rowOf[r]; !ok {
						s.rowOf[r] = rw
						s.recorded = append(s.recorded, r)
						s.recordCol[r] = s.cols[i]
						s.cols[i].pageOf(r)
					}
				}
			}
		}
	}
}

// write renders every file.
func (s *site) write() error {
	if err := s.file("site.css", []byte(siteCSS)); err != nil {
		return err
	}
	if err := s.file("site.js", []byte(siteJS)); err != nil {
		return err
	}
	steps := []func() error{s.writeIndex, s.writeMemory, s.writeMatrix, s.writeArchitecture, s.writeGPUs, s.writeExports, s.writeRecords}
	for _, step := range steps {
		if err := step(); err != nil {
			return err
		}
	}
	manifest := map[string]any{"generator": "gpuarch site", "version": s.version, "columns": s.columnsJSON()}
	b, err := json.MarshalIndent(manifest, "", "  ")
	if err != nil {
		return err
	}
	return s.file(Marker, append(b, '\n'))
}

// file writes one file of the site, its path relative to the root.
func (s *site) file(rel string, data []byte) error {
	path := filepath.Join(s.dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return err
	}
	s.mu.Lock()
	s.files++
	s.bytes += int64(len(data))
	s.mu.Unlock()
	return nil
}

// render executes a page template into a file.
func (s *site) render(rel, name string, data any) error {
	var b bytes.Buffer
	if err := pages.ExecuteTemplate(&b, name, data); err != nil {
		return fmt.Errorf("site: %s: %w", rel, err)
	}
	return s.file(rel, b.Bytes())
}

// frame is what every page's header and footer need.
type frame struct {
	Title, Nav, Root string
	Version          string
	Runs             int
	Script           bool
}

func (s *site) frame(title, nav, root string) frame {
	return frame{Title: title, Nav: nav, Root: root, Version: s.version, Runs: len(s.cols)}
}

// colView is a column as the pages show it.
type colView struct {
	Index                            int
	Key, Label, Short, Sub, ISA, Dev string
}

func (s *site) colViews() []colView {
	out := make([]colView, len(s.cols))
	for i, c := range s.cols {
		out[i] = colView{Index: i, Key: c.Key, Label: c.Label(), Short: c.Short, Sub: c.Sub(), ISA: c.ISA, Dev: c.Device}
	}
	return out
}

// valueView is one figure of the instruction table.
type valueView struct {
	Text, V, Href, Title, Class string
}

func valueOf(c *column, r *record.Record) valueView {
	if r == nil {
		return valueView{}
	}
	v := valueView{Href: c.pageOf(r)}
	if r.Status != record.StatusOK {
		v.Text, v.Class = string(r.Status), "st"
		if r.Reason != "" {
			v.Title = string(r.Status) + ": " + oneLine(r.Reason)
		}
		return v
	}
	v.Text, v.V = format(r.Value), strconv.FormatFloat(r.Value, 'g', -1, 64)
	if r.Code != nil && r.Code.Status == "invalid" {
		v.Class, v.Title = "st", "machine code invalid: "+oneLine(r.Code.Note)
	}
	return v
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 300 {
		return string(r[:300]) + "…"
	}
	return s
}

// instRowView is a row of the instruction table.
type instRowView struct {
	Name, Units, PTX, SPIRV, Unit, Suite string
	Search, Families, Widths             string
	Cells                                []instCellView
}

type instCellView struct {
	I                int
	Lat, TP          valueView
	Code, CodeTitle  string
	CodeHref         string
	LatUnit, TPUnits string
}

// maxCode is how much of a machine-code sequence a cell shows.
const maxCode = 48

func (s *site) instRows() []instRowView {
	out := make([]instRowView, len(s.inst))
	for i, rw := range s.inst {
		v := instRowView{Name: rw.Name, PTX: strings.Join(rw.PTX, ", "), SPIRV: strings.Join(rw.SPIRV, ", "), Unit: rw.Unit, Suite: rw.Suite,
			Search: rw.search(), Families: strings.Join(rw.Families, " "), Units: instUnits(rw)}
		var ws []string
		for _, w := range rw.Widths {
			ws = append(ws, fmt.Sprint(w))
		}
		v.Widths = strings.Join(ws, " ")
		for j, c := range s.cols {
			p := rw.Cells[j]
			cv := instCellView{I: j, Lat: valueOf(c, p.Lat), TP: valueOf(c, p.TP)}
			if text, r := rowCode(p); text != "" {
				cv.Code, cv.CodeHref = text, c.pageOf(r)
				if len([]rune(text)) > maxCode {
					cv.Code, cv.CodeTitle = string([]rune(text)[:maxCode])+"…", text
				}
			}
			v.Cells = append(v.Cells, cv)
		}
		out[i] = v
	}
	return out
}

// instUnits says a row's units: "cycles · warp instructions/clock/SM".
func instUnits(rw *row) string {
	var lat, tp []string
	for _, p := range rw.Cells {
		if p.Lat != nil && p.Lat.Unit != "" {
			lat = addOnce(lat, p.Lat.Unit)
		}
		if p.TP != nil && p.TP.Unit != "" {
			tp = addOnce(tp, p.TP.Unit)
		}
	}
	var parts []string
	if len(lat) > 0 {
		parts = append(parts, strings.Join(lat, ", "))
	}
	if len(tp) > 0 {
		parts = append(parts, strings.Join(tp, ", "))
	}
	return strings.Join(parts, " · ")
}

// indexView is the instruction table's page.
type indexView struct {
	frame
	Cols                    []colView
	Rows                    []instRowView
	Units, Families, Suites []string
	Widths                  []int
	Keys                    string
	Measured                int
}

func (s *site) writeIndex() error {
	v := indexView{frame: s.frame("Instructions across GPUs", "inst", ""), Cols: s.colViews(), Rows: s.instRows()}
	v.Script = true
	var keys []string
	for _, c := range s.cols {
		keys = append(keys, c.Key)
	}
	v.Keys = strings.Join(keys, " ")
	for _, rw := range s.inst {
		if rw.Unit != "" {
			v.Units = addOnce(v.Units, rw.Unit)
		}
		for _, f := range rw.Families {
			v.Families = addOnce(v.Families, f)
		}
		for _, w := range rw.Widths {
			if !containsInt(v.Widths, w) {
				v.Widths = append(v.Widths, w)
			}
		}
		v.Suites = addOnce(v.Suites, rw.Suite)
		for _, p := range rw.Cells {
			if p.Lat != nil {
				v.Measured++
			}
			if p.TP != nil {
				v.Measured++
			}
		}
	}
	sortStrings(v.Units)
	sortStrings(v.Families)
	sortInts(v.Widths)
	return s.render("index.html", "index", v)
}

// tableView is a table as a page shows it.
type tableView struct {
	*table
	Cols []colView
	Root string
}

func (s *site) tableView(t *table, root string) tableView {
	return tableView{table: t, Cols: s.colViews(), Root: root}
}

// figure is an SVG drawn by package report, inlined.
type figure struct {
	Title string
	SVG   template.HTML
}

// inline keeps an SVG document's <svg> element (and what follows).
func inline(svg []byte) template.HTML {
	s := string(svg)
	if i := strings.Index(s, "<svg"); i >= 0 {
		s = s[i:]
	}
	return template.HTML(strings.TrimSpace(s)) // #nosec: gonum writes labels escaped (tested)
}

type memoryView struct {
	frame
	Figures []figure
	Levels  tableView
	Tables  []tableView
}

// mainChase says whether a latency curve is one of the main chases
// (shared, global ld.ca, ld.cg, constant), drawn across GPUs; the rest
// (carve-outs, one SM, one load per page) are tabulated.
func mainChase(name string) bool { return !strings.Contains(name, ",") }

func (s *site) writeMemory() error {
	v := memoryView{frame: s.frame("Memory across GPUs", "memory", ""), Levels: s.tableView(s.levels, "")}
	for _, rw := range s.curves {
		name := subjectOf(rw)
		if !mainChase(name) {
			continue
		}
		var recs []*record.Record
		label := map[*record.Record]string{}
		for _, c := range s.cols {
			if r := curveOf(rw, c); r != nil && r.Status == record.StatusOK && r.Curve != nil && len(r.Curve.Points) > 0 {
				recs = append(recs, r)
				label[r] = c.Label()
			}
		}
		if len(recs) == 0 {
			continue
		}
		svg, err := report.FootprintFigure("Load latency against footprint: "+name, []report.FootprintPanel{
			report.LatencyPanel("", recs, func(r *record.Record) string { return label[r] })})
		if err != nil {
			return err
		}
		v.Figures = append(v.Figures, figure{Title: "Load latency against footprint: " + name, SVG: inline(svg)})
	}
	if svg, ok, err := s.bandwidthFigure(); err != nil {
		return err
	} else if ok {
		v.Figures = append(v.Figures, figure{Title: "Read bandwidth against footprint", SVG: inline(svg)})
	}
	for _, t := range s.groups {
		v.Tables = append(v.Tables, s.tableView(t, ""))
	}
	return s.render("memory.html", "memory", v)
}

// bandwidthFigure draws every run's bandwidth curves, a panel per kind
// of footprint.
func (s *site) bandwidthFigure() ([]byte, bool, error) {
	var perSM, shared []report.FootprintCurve
	for _, c := range s.cols {
		curves := map[string]*report.FootprintCurve{}
		var order []string
		own := map[string]bool{}
		for i := range c.Run.Records {
			r := &c.Run.Records[i]
			if r.Suite != memory.Suite || r.Group != memory.GroupBandwidthCurve || r.Status != record.StatusOK || r.Curve == nil || len(r.Curve.Points) == 0 {
				continue
			}
			path := strings.Fields(r.Subject)[0]
			fc, ok := curves[path]
			if !ok {
				fc = &report.FootprintCurve{Label: c.Label() + " " + path}
				curves[path] = fc
				order = append(order, path)
				own[path] = report.PerSMFootprint(r)
			}
			p := r.Curve.Points[0]
			fc.Points = append(fc.Points, pointOf(p.Bytes, p.Value))
		}
		for _, path := range order {
			fc := curves[path]
			sortPoints(fc.Points)
			if own[path] {
				perSM = append(perSM, *fc)
			} else {
				shared = append(shared, *fc)
			}
		}
	}
	panels := report.BandwidthPanels(perSM, shared)
	if len(panels) == 0 {
		return nil, false, nil
	}
	svg, err := report.FootprintFigure("Read bandwidth against footprint", panels)
	return svg, err == nil, err
}

type pageView struct {
	frame
	Tables []tableView
	Intro  string
}

func (s *site) writeMatrix() error {
	v := pageView{frame: s.frame("Matrix units across GPUs", "matrix", ""), Tables: []tableView{s.tableView(s.matrix, "")}}
	v.Intro = "Documented peaks: " + archdb.TensorSource + "."
	return s.render("matrix.html", "tables", v)
}

func (s *site) writeArchitecture() error {
	v := pageView{frame: s.frame("Architectures: reference tables beside the measured GPUs", "arch", "")}
	for _, t := range s.arch {
		v.Tables = append(v.Tables, s.tableView(t, ""))
	}
	return s.render("architecture.html", "tables", v)
}

// gpuView is one run on the GPUs page.
type gpuView struct {
	colView
	Driver, API, Clock, Cores, Started, Source, Records, Timing string
}

func (s *site) gpuViews() []gpuView {
	var out []gpuView
	for i, c := range s.cols {
		d := c.Run.Device
		g := gpuView{colView: s.colViews()[i], Driver: orDash(d.DriverVersion), Source: c.Source}
		switch {
		case d.Vulkan != nil:
			g.API = "Vulkan " + d.Vulkan.APIVersion + ", " + d.Vulkan.DriverName + " " + d.Vulkan.DriverInfo
			g.Timing = d.Vulkan.Timing
		case d.CUDAVersion > 0:
			g.API = fmt.Sprintf("CUDA %d.%d, compute capability %s", d.CUDAVersion/1000, d.CUDAVersion%1000/10, d.ComputeCapability)
			g.Timing = "%clock64 in the kernel"
		}
		if hz := c.Run.Warmup.ReferenceHz(); hz > 0 {
			g.Clock = fmt.Sprintf("%.0f MHz", hz/1e6)
		}
		if d.SMs > 0 {
			g.Cores = fmt.Sprintf("%d %s", d.SMs, d.UnitsOf().Cores)
		}
		if !c.Run.Started.IsZero() {
			g.Started = c.Run.Started.UTC().Format("2006-01-02 15:04 UTC")
		}
		ok := 0
		for _, r := range c.Run.Records {
			if r.Status == record.StatusOK {
				ok++
			}
		}
		g.Records = fmt.Sprintf("%d of %d ok", ok, len(c.Run.Records))
		out = append(out, g)
	}
	return out
}

type gpusView struct {
	frame
	GPUs []gpuView
}

func (s *site) writeGPUs() error {
	return s.render("gpus.html", "gpus", gpusView{frame: s.frame("The measured GPUs", "gpus", ""), GPUs: s.gpuViews()})
}

// writeRecords writes every record's page, on every core.
func (s *site) writeRecords() error {
	work := make(chan *record.Record)
	errs := make(chan error, 1)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range work {
				if err := s.writeRecord(r); err != nil {
					select {
					case errs <- err:
					default:
					}
				}
			}
		}()
	}
	for _, r := range s.recorded {
		work <- r
	}
	close(work)
	wg.Wait()
	select {
	case err := <-errs:
		return err
	default:
		return nil
	}
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

func sortInts(s []int) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
