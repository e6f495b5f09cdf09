package site

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"math"
	"strconv"

	"github.com/gpuarch/gpuarch/record"
)

// The exports: every table as CSV (one line a row, a group of columns per
// GPU and backend) and JSON (the same, nested), under data/.

// columnJSON describes a site column in the exports.
type columnJSON struct {
	Key     string `json:"key"`
	Label   string `json:"label"`
	Device  string `json:"device"`
	Backend string `json:"backend"`
	Variant string `json:"variant,omitempty"`
	ISA     string `json:"isa"`
	Driver  string `json:"driver,omitempty"`
	UUID    string `json:"uuid,omitempty"`
	Source  string `json:"source"`
}

func (s *site) columnsJSON() []columnJSON {
	out := make([]columnJSON, len(s.cols))
	for i, c := range s.cols {
		out[i] = columnJSON{Key: c.Key, Label: c.Label(), Device: c.Device, Backend: c.Backend, Variant: c.Variant, ISA: c.ISA,
			Driver: c.Run.Device.DriverVersion, UUID: c.Run.Device.UUID, Source: c.Source}
	}
	return out
}

// figureJSON is one record's figure in the exports.
type figureJSON struct {
	Record string   `json:"record"`
	Value  *float64 `json:"value"`
	Unit   string   `json:"unit"`
	Status string   `json:"status"`
	Page   string   `json:"page"`
}

func (s *site) figure(c *column, r *record.Record) *figureJSON {
	if r == nil {
		return nil
	}
	f := &figureJSON{Record: r.ID, Unit: r.Unit, Status: string(r.Status), Page: c.page(r)}
	if r.Status == record.StatusOK && finite(r.Value) {
		v := r.Value
		f.Value = &v
	}
	return f
}

type instCellJSON struct {
	Latency    *figureJSON `json:"latency,omitempty"`
	Throughput *figureJSON `json:"throughput,omitempty"`
	Code       string      `json:"machine_code,omitempty"`
}

type instRowJSON struct {
	Key      string                  `json:"key"`
	Name     string                  `json:"name"`
	Op       string                  `json:"op,omitempty"`
	Suite    string                  `json:"suite"`
	Group    string                  `json:"group,omitempty"`
	Unit     string                  `json:"unit,omitempty"`
	Types    []string                `json:"types,omitempty"`
	Families []string                `json:"families,omitempty"`
	Widths   []int                   `json:"widths,omitempty"`
	PTX      []string                `json:"ptx,omitempty"`
	SPIRV    []string                `json:"spirv,omitempty"`
	Cells    map[string]instCellJSON `json:"cells"`
}

type tableJSON struct {
	ID      string         `json:"id"`
	Title   string         `json:"title"`
	Caption string         `json:"caption,omitempty"`
	Head    []string       `json:"head"`
	Refs    []string       `json:"reference_columns,omitempty"`
	Columns []columnJSON   `json:"columns"`
	Rows    []tableRowJSON `json:"rows"`
	Note    string         `json:"note,omitempty"`
}

type tableRowJSON struct {
	Head  []string             `json:"head"`
	Refs  []string             `json:"reference,omitempty"`
	Cells map[string]*cellJSON `json:"cells"`
}

type cellJSON struct {
	Text   string   `json:"text"`
	Value  *float64 `json:"value"`
	Unit   string   `json:"unit,omitempty"`
	Status string   `json:"status,omitempty"`
	Record string   `json:"record,omitempty"`
	Page   string   `json:"page,omitempty"`
}

// writeExports writes every table's CSV and JSON.
func (s *site) writeExports() error {
	if err := s.writeInstructionExports(); err != nil {
		return err
	}
	tables := append([]*table{s.levels}, s.groups...)
	tables = append(tables, s.matrix)
	tables = append(tables, s.arch...)
	for _, t := range tables {
		if err := s.writeTableExports(t); err != nil {
			return err
		}
	}
	cols, err := json.MarshalIndent(s.columnsJSON(), "", " ")
	if err != nil {
		return err
	}
	if err := s.file("data/gpus.json", append(cols, '\n')); err != nil {
		return err
	}
	var lines [][]string
	lines = append(lines, []string{"key", "label", "device", "backend", "variant", "isa", "driver", "uuid", "source"})
	for _, c := range s.columnsJSON() {
		lines = append(lines, []string{c.Key, c.Label, c.Device, c.Backend, c.Variant, c.ISA, c.Driver, c.UUID, c.Source})
	}
	return s.writeCSV("data/gpus.csv", lines)
}

func (s *site) writeInstructionExports() error {
	var rows []instRowJSON
	head := []string{"key", "name", "op", "suite", "group", "unit", "types", "ptx", "spirv"}
	for _, c := range s.cols {
		head = append(head, c.Key+" latency", c.Key+" latency unit", c.Key+" latency status",
			c.Key+" throughput", c.Key+" throughput unit", c.Key+" throughput status", c.Key+" machine code")
	}
	lines := [][]string{head}
	for _, rw := range s.inst {
		j := instRowJSON{Key: rw.Key, Name: rw.Name, Op: rw.Op, Suite: rw.Suite, Group: rw.Group, Unit: rw.Unit, Types: rw.Types, Families: rw.Families,
			Widths: rw.Widths, PTX: rw.PTX, SPIRV: rw.SPIRV, Cells: map[string]instCellJSON{}}
		line := []string{rw.Key, rw.Name, rw.Op, rw.Suite, rw.Group, rw.Unit, join(rw.Types), join(rw.PTX), join(rw.SPIRV)}
		for i, c := range s.cols {
			p := rw.Cells[i]
			codeText, _ := rowCode(p)
			if p.Lat != nil || p.TP != nil {
				j.Cells[c.Key] = instCellJSON{Latency: s.figure(c, p.Lat), Throughput: s.figure(c, p.TP), Code: codeText}
			}
			line = append(line, csvFigure(p.Lat)...)
			line = append(line, csvFigure(p.TP)...)
			line = append(line, codeText)
		}
		rows = append(rows, j)
		lines = append(lines, line)
	}
	b, err := json.MarshalIndent(map[string]any{"columns": s.columnsJSON(), "rows": rows}, "", " ")
	if err != nil {
		return err
	}
	if err := s.file("data/instructions.json", append(b, '\n')); err != nil {
		return err
	}
	return s.writeCSV("data/instructions.csv", lines)
}

// csvFigure is a record's value, unit and status as CSV cells.
func csvFigure(r *record.Record) []string {
	if r == nil {
		return []string{"", "", ""}
	}
	v := ""
	if r.Status == record.StatusOK && finite(r.Value) {
		v = strconv.FormatFloat(r.Value, 'g', -1, 64)
	}
	return []string{v, r.Unit, string(r.Status)}
}

func join(list []string) string {
	var b bytes.Buffer
	for i, s := range list {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(s)
	}
	return b.String()
}

func (s *site) writeTableExports(t *table) error {
	j := tableJSON{ID: t.ID, Title: t.Title, Caption: t.Caption, Head: t.Head, Refs: t.Refs, Note: t.Note}
	for _, c := range t.Cols {
		j.Columns = append(j.Columns, s.columnsJSON()[c.Index])
	}
	head := append(append([]string{}, t.Head...), t.Refs...)
	for _, c := range t.Cols {
		head = append(head, c.Key, c.Key+" value", c.Key+" unit", c.Key+" status")
	}
	lines := [][]string{head}
	for _, r := range t.Rows {
		jr := tableRowJSON{Head: r.Head, Refs: r.Refs, Cells: map[string]*cellJSON{}}
		line := append(append([]string{}, r.Head...), r.Refs...)
		for i, c := range t.Cols {
			cell := r.Cells[i]
			v := ""
			var vp *float64
			if !math.IsNaN(cell.Value) && finite(cell.Value) {
				x := cell.Value
				vp = &x
				v = strconv.FormatFloat(x, 'g', -1, 64)
			}
			if cell.Text != "" || cell.Status != "" {
				jr.Cells[c.Key] = &cellJSON{Text: cell.Text, Value: vp, Unit: cell.Unit, Status: cell.Status, Record: cell.ID, Page: cell.Href}
			}
			line = append(line, cell.Text, v, cell.Unit, cell.Status)
		}
		j.Rows = append(j.Rows, jr)
		lines = append(lines, line)
	}
	b, err := json.MarshalIndent(j, "", " ")
	if err != nil {
		return err
	}
	if err := s.file("data/"+t.ID+".json", append(b, '\n')); err != nil {
		return err
	}
	return s.writeCSV("data/"+t.ID+".csv", lines)
}

// writeCSV writes lines as CSV, each cell a spreadsheet would read as a
// formula (starting =, +, -, @, tab or carriage return, and not a number)
// quoted with a leading apostrophe, as OWASP advises.
func (s *site) writeCSV(rel string, lines [][]string) error {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	for _, line := range lines {
		safe := make([]string, len(line))
		for i, cell := range line {
			safe[i] = csvSafe(cell)
		}
		if err := w.Write(safe); err != nil {
			return err
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return err
	}
	return s.file(rel, b.Bytes())
}

func csvSafe(cell string) string {
	if cell == "" {
		return cell
	}
	switch cell[0] {
	case '=', '+', '-', '@', '\t', '\r':
		if _, err := strconv.ParseFloat(cell, 64); err != nil {
			return "'" + cell
		}
	}
	return cell
}
