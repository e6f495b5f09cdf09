package report

import (
	"bytes"
	"fmt"
	"html"
	"io"
	"regexp"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"

	"github.com/gpuarch/gpuarch/record"
)

// HTML writes the report as one self-contained page: the Markdown
// document rendered (GitHub-flavoured tables, an id on every heading), a
// table of contents of its sections, and every plot's SVG inlined where
// the Markdown links it, so the page needs nothing beside itself.
func HTML(w io.Writer, run *record.Run, lib *Library) error {
	var md bytes.Buffer
	if err := MarkdownWith(&md, run, lib); err != nil {
		return err
	}
	plots, err := Plots(run)
	if err != nil {
		return err
	}
	return Page(w, md.Bytes(), plots, run.Device.Name)
}

// Page writes the HTML page of a report already rendered: md is its
// Markdown, plots the figures it links and device the GPU it describes.
// Callers that write the Markdown and the plots as files too use it to
// render each only once.
//
// Raw HTML in md is not passed through, but for the anchors the Records
// appendix gives its rows (<a id="r-…"></a>): inline HTML is shown as
// text, HTML blocks are left out. What a results file holds is escaped
// where the Markdown is written (package mdtext); this keeps a string
// that escaped it from becoming markup.
func Page(w io.Writer, md []byte, plots []Plot, device string) error {
	gm := goldmark.New(
		goldmark.WithExtensions(extension.GFM),
		goldmark.WithParserOptions(parser.WithAutoHeadingID()),
		goldmark.WithRendererOptions(renderer.WithNodeRenderers(util.Prioritized(anchorsOnly{}, 100))),
	)
	var body bytes.Buffer
	if err := gm.Convert(md, &body); err != nil {
		return fmt.Errorf("rendering the report as HTML: %w", err)
	}
	page := inlinePlots(body.String(), plots)
	title := fmt.Sprintf("%s — microarchitecture measurements", orDash(device))
	var b strings.Builder
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>%s</title>\n<style>%s</style>\n</head>\n<body>\n", html.EscapeString(title), pageStyle)
	b.WriteString(contents(page))
	b.WriteString("<main>\n")
	b.WriteString(page)
	b.WriteString("</main>\n</body>\n</html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// pageStyle is the page's whole style sheet.
const pageStyle = `
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0; display: flex; color: #1b1b1b; }
nav { position: sticky; top: 0; height: 100vh; overflow-y: auto; min-width: 15em; max-width: 18em; padding: 1em; background: #f4f5f7; font-size: 0.85em; box-sizing: border-box; }
nav a { display: block; color: #1f4e8c; text-decoration: none; margin: 0.2em 0; }
main { padding: 1em 2em; max-width: 110em; overflow-x: auto; }
table { border-collapse: collapse; margin: 0.5em 0 1.2em; font-size: 0.85em; }
th, td { border: 1px solid #d0d4da; padding: 0.2em 0.5em; vertical-align: top; }
th { background: #eef1f5; }
tr:nth-child(even) td { background: #fafbfc; }
code { font-family: ui-monospace, "SF Mono", Menlo, monospace; font-size: 0.95em; }
figure { margin: 1em 0; }
figure svg { max-width: 100%; height: auto; }
figcaption { font-size: 0.85em; color: #555; }
h1 { font-size: 1.6em; } h2 { margin-top: 2em; border-bottom: 1px solid #d0d4da; } h3 { margin-top: 1.5em; }
@media print { body { display: block; } nav { display: none; } main { max-width: none; padding: 0; } figure, tr { break-inside: avoid; } }
`

// imgTag matches the images the Markdown renders from its plot links.
var imgTag = regexp.MustCompile(`<img src="` + PlotDir + `/([^"]+)" alt="([^"]*)"\s*/?>`)

// inlinePlots replaces every plot image with the plot's SVG in a figure.
func inlinePlots(page string, plots []Plot) string {
	svg := map[string]string{}
	for _, p := range plots {
		s := string(p.SVG)
		if i := strings.Index(s, "<svg"); i >= 0 {
			s = s[i:] // drop the XML prolog and comments before the root
		}
		svg[p.Name] = strings.TrimSpace(s)
	}
	return imgTag.ReplaceAllStringFunc(page, func(tag string) string {
		m := imgTag.FindStringSubmatch(tag)
		s, ok := svg[m[1]]
		if !ok {
			return fmt.Sprintf("<p><em>plot %s was not drawn</em></p>", html.EscapeString(m[1]))
		}
		// The alt attribute is escaped for an attribute; escape it
		// again as text, whatever the Markdown renderer left in it.
		return fmt.Sprintf("<figure>%s<figcaption>%s</figcaption></figure>", s, html.EscapeString(html.UnescapeString(m[2])))
	})
}

// recordAnchor matches the raw HTML the report itself writes: the
// Records appendix's anchors (see writeRecords and anchor).
var recordAnchor = regexp.MustCompile(`^(<a id="r-[a-z0-9-]*">|</a>)$`)

// anchorsOnly renders inline raw HTML: the report's record anchors as
// they are, anything else as text.
type anchorsOnly struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (anchorsOnly) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindRawHTML, func(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkSkipChildren, nil
		}
		var raw bytes.Buffer
		segs := node.(*ast.RawHTML).Segments
		for i := range segs.Len() {
			seg := segs.At(i)
			raw.Write(seg.Value(source))
		}
		if recordAnchor.Match(raw.Bytes()) {
			_, err := w.Write(raw.Bytes())
			return ast.WalkSkipChildren, err
		}
		_, err := w.WriteString(html.EscapeString(raw.String()))
		return ast.WalkSkipChildren, err
	})
}

// heading2 matches the document's section headings.
var heading2 = regexp.MustCompile(`<h2 id="([^"]+)">(.*?)</h2>`)

// contents is a navigation list of the page's sections.
func contents(page string) string {
	var b strings.Builder
	b.WriteString("<nav>\n<strong>Sections</strong>\n")
	for _, m := range heading2.FindAllStringSubmatch(page, -1) {
		fmt.Fprintf(&b, "<a href=\"#%s\">%s</a>\n", m[1], m[2])
	}
	b.WriteString("</nav>\n")
	return b.String()
}
