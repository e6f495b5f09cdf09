package site

import (
	_ "embed"
	"html/template"
	"strings"
)

// The site's style and script, written beside the pages.
var (
	//go:embed assets/site.css
	siteCSS string
	//go:embed assets/site.js
	siteJS string
)

// pages are the site's templates; html/template escapes every string
// they are given.
var pages = template.Must(template.New("site").Funcs(template.FuncMap{
	"join": strings.Join,
}).Parse(templates))

const templates = `
{{define "head"}}<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}} · gpuarch</title>
<link rel="stylesheet" href="{{.Root}}site.css">
</head>
<body>
<a class="skip" href="#main">Skip to the content</a>
<header>
<p class="brand"><a href="{{.Root}}index.html">gpuarch</a>: GPUs side by side</p>
<nav aria-label="Pages">
<ul>
<li><a href="{{.Root}}index.html"{{if eq .Nav "inst"}} aria-current="page"{{end}}>Instructions</a></li>
<li><a href="{{.Root}}memory.html"{{if eq .Nav "memory"}} aria-current="page"{{end}}>Memory</a></li>
<li><a href="{{.Root}}matrix.html"{{if eq .Nav "matrix"}} aria-current="page"{{end}}>Matrix units</a></li>
<li><a href="{{.Root}}architecture.html"{{if eq .Nav "arch"}} aria-current="page"{{end}}>Architectures</a></li>
<li><a href="{{.Root}}gpus.html"{{if eq .Nav "gpus"}} aria-current="page"{{end}}>The GPUs</a></li>
</ul>
</nav>
</header>
<main id="main" tabindex="-1">
{{end}}

{{define "foot"}}</main>
<footer><p>Written by <code>gpuarch site</code>{{with .Version}} {{.}}{{end}} from {{.Runs}} run(s). Every figure links to the record it comes from; reference data is labelled with its source.</p></footer>
{{if .Script}}<script src="{{.Root}}site.js" defer></script>
{{end}}</body>
</html>
{{end}}

{{define "index"}}{{template "head" .}}
<h1>Instructions across GPUs</h1>
<p>One row per operation: PTX and SPIR-V instructions that perform the same neutral operation share a row, as <code>gpuarch compare</code> pairs them. Each GPU and backend has three columns: latency (a dependent chain, cycles), throughput (at the best occupancy and ILP, in the row's unit, per clock per SM) and what one step compiled to. Every figure links to its record: the samples, the clock, the fit or the sweep, the machine code. {{.Measured}} figures from {{len .Cols}} runs; <a href="gpus.html">the GPUs</a> says which.</p>
<form id="controls" class="controls" hidden>
<div class="field"><label for="q">Filter by name</label><input id="q" type="search" autocomplete="off" spellcheck="false" placeholder="fma, shfl, cvt.f32"></div>
<div class="field"><label for="unit">Unit (from the machine code)</label><select id="unit"><option value="">any</option>{{range .Units}}<option>{{.}}</option>{{end}}</select></div>
<div class="field"><label for="family">Type</label><select id="family"><option value="">any</option>{{range .Families}}<option>{{.}}</option>{{end}}</select></div>
<div class="field"><label for="width">Width</label><select id="width"><option value="">any</option>{{range .Widths}}<option value="{{.}}">{{.}} bits</option>{{end}}</select></div>
<div class="field"><label for="suite">Suite</label><select id="suite"><option value="">any</option>{{range .Suites}}<option>{{.}}</option>{{end}}</select></div>
<fieldset class="gpus"><legend>GPUs shown</legend>{{range .Cols}}<label><input type="checkbox" name="gpu" value="{{.Key}}" checked> {{.Label}}</label>{{end}}</fieldset>
<fieldset class="pair"><legend>Two GPUs, with the change per row</legend>
<label for="a">A</label> <select id="a"><option value="">none</option>{{range .Cols}}<option value="{{.Key}}">{{.Label}}</option>{{end}}</select>
<label for="b">B</label> <select id="b"><option value="">none</option>{{range .Cols}}<option value="{{.Key}}">{{.Label}}</option>{{end}}</select>
</fieldset>
<div class="field buttons"><button type="button" id="reset">Show everything</button> <a id="permalink" href="#">Permalink to this view</a></div>
</form>
<p id="count" role="status" aria-live="polite">{{len .Rows}} operations</p>
<p class="exports">This table as <a href="data/instructions.csv">CSV</a> or <a href="data/instructions.json">JSON</a>.</p>
<div class="scroll">
<table id="inst" class="inst" data-cols="{{.Keys}}">
<caption class="sr">Latency, throughput and machine code of every operation on every GPU and backend; sort by a column with its header's button.</caption>
<thead>
<tr><th scope="col" rowspan="2" class="name"><button type="button" data-sort="name">Operation</button></th><th scope="col" rowspan="2"><button type="button" data-sort="ptx">PTX</button></th><th scope="col" rowspan="2"><button type="button" data-sort="spirv">SPIR-V</button></th><th scope="col" rowspan="2"><button type="button" data-sort="unit">Unit</button></th>
{{range .Cols}}<th scope="colgroup" colspan="3" class="c{{.Index}} grp" data-key="{{.Key}}" title="{{.Label}}">{{.Short}}<br><span class="sub">{{.Sub}}</span></th>{{end}}<th scope="colgroup" colspan="2" class="d grp">B against A</th></tr>
<tr>{{range .Cols}}<th scope="col" class="c{{.Index}}"><button type="button" data-sort="{{.Key}}.lat">Latency</button></th><th scope="col" class="c{{.Index}}"><button type="button" data-sort="{{.Key}}.tp">Throughput</button></th><th scope="col" class="c{{.Index}}"><button type="button" data-sort="{{.Key}}.code">Machine code</button></th>{{end}}<th scope="col" class="d"><button type="button" data-sort="d.lat">Latency</button></th><th scope="col" class="d"><button type="button" data-sort="d.tp">Throughput</button></th></tr>
</thead>
<tbody>
{{range .Rows}}<tr data-s="{{.Search}}" data-u="{{.Unit}}" data-f="{{.Families}}" data-w="{{.Widths}}" data-g="{{.Suite}}"><th scope="row"><code>{{.Name}}</code><span class="units">{{.Units}}</span></th><td>{{.PTX}}</td><td>{{.SPIRV}}</td><td>{{.Unit}}</td>{{range .Cells}}{{template "value" .Lat}}{{template "value" .TP}}<td>{{if .CodeHref}}<a href="{{.CodeHref}}"{{with .CodeTitle}} title="{{.}}"{{end}}>{{.Code}}</a>{{end}}</td>{{end}}<td class="d"></td><td class="d"></td></tr>
{{end}}</tbody>
</table>
</div>
{{template "foot" .}}{{end}}

{{define "value"}}{{if .Href}}<td{{with .Class}} class="{{.}}"{{end}}{{with .V}} data-v="{{.}}"{{end}}><a href="{{.Href}}"{{with .Title}} title="{{.}}"{{end}}>{{.Text}}</a></td>{{else}}<td></td>{{end}}{{end}}

{{define "table"}}<section id="{{.ID}}">
<h2>{{.Title}}</h2>
{{with .Caption}}<p>{{.}}</p>{{end}}
<p class="exports">This table as <a href="{{.Root}}data/{{.ID}}.csv">CSV</a> or <a href="{{.Root}}data/{{.ID}}.json">JSON</a>.</p>
<div class="scroll"><table>
<thead><tr>{{range .Head}}<th scope="col">{{.}}</th>{{end}}{{range .Refs}}<th scope="col" class="ref">{{.}}</th>{{end}}{{range .Cols}}<th scope="col" title="{{.Label}}">{{.Short}}<br><span class="sub">{{.Sub}}</span></th>{{end}}</tr></thead>
<tbody>
{{$root := .Root}}{{range .Rows}}<tr>{{range $i, $h := .Head}}{{if eq $i 0}}<th scope="row">{{$h}}</th>{{else}}<td>{{$h}}</td>{{end}}{{end}}{{range .Refs}}<td class="ref n">{{.}}</td>{{end}}{{range .Cells}}<td class="n{{if eq .Status "driver"}} drv{{end}}">{{if .Href}}<a href="{{$root}}{{.Href}}">{{.Text}}</a>{{else}}{{.Text}}{{end}}</td>{{end}}</tr>
{{end}}</tbody>
</table></div>
{{with .Note}}<p class="note">{{.}}</p>{{end}}
</section>
{{end}}

{{define "memory"}}{{template "head" .}}
<h1>Memory across GPUs</h1>
<p>Every GPU's pointer chases on one plot per path, each curve's levels marked where it leaves them (the footprint on the axis); bandwidth against footprint, a panel per kind of footprint; then each level's latency and every memory measurement, a column per GPU and backend.</p>
{{range .Figures}}<figure>{{.SVG}}<figcaption>{{.Title}}</figcaption></figure>
{{end}}
{{template "table" .Levels}}
{{range .Tables}}{{template "table" .}}{{end}}
{{template "foot" .}}{{end}}

{{define "tables"}}{{template "head" .}}
<h1>{{.Title}}</h1>
{{with .Intro}}<p>{{.}}</p>{{end}}
{{range .Tables}}{{template "table" .}}{{end}}
{{template "foot" .}}{{end}}

{{define "gpus"}}{{template "head" .}}
<h1>The measured GPUs</h1>
<p>Each column of the site is one run: a GPU measured through one backend.</p>
<p class="exports">This table as <a href="data/gpus.csv">CSV</a> or <a href="data/gpus.json">JSON</a>.</p>
<div class="scroll"><table>
<thead><tr><th scope="col">Column</th><th scope="col">GPU</th><th scope="col">Backend</th><th scope="col">Driver</th><th scope="col">API</th><th scope="col">Timing</th><th scope="col">Units</th><th scope="col">Clock (warm-up)</th><th scope="col">Started</th><th scope="col">Records</th><th scope="col">From</th></tr></thead>
<tbody>
{{range .GPUs}}<tr><th scope="row"><code>{{.Key}}</code></th><td>{{.Dev}}</td><td>{{.Sub}}</td><td>{{.Driver}}</td><td>{{.API}}</td><td>{{.Timing}}</td><td>{{.Cores}}</td><td>{{.Clock}}</td><td>{{.Started}}</td><td>{{.Records}}</td><td><code>{{.Source}}</code></td></tr>
{{end}}</tbody>
</table></div>
{{template "foot" .}}{{end}}

{{define "kv"}}<table class="kv"><tbody>{{range .}}{{if .V}}<tr><th scope="row">{{.K}}</th><td>{{.V}}</td></tr>{{end}}{{end}}</tbody></table>{{end}}

{{define "record"}}{{template "head" .}}
<p class="crumbs"><a href="{{.Back}}">Back to the table</a> · {{.Col.Label}}</p>
<h1><code>{{.Heading}}</code> <span class="sub">{{.Rec.Quantity}} on {{.Col.Label}}</span></h1>
{{if .Value}}<p class="value">{{.Value}}</p>{{else}}<p class="value st">{{.Status}}{{with .Reason}}: {{.}}{{end}}</p>{{end}}
{{with .Note}}<p>{{.}}</p>{{end}}
{{with .Warnings}}<ul class="warnings">{{range .}}<li>{{.}}</li>{{end}}</ul>{{end}}
{{with .Others}}<section><h2>On every GPU</h2>
<div class="scroll"><table><thead><tr><th scope="col">GPU and backend</th><th scope="col">Value</th><th scope="col">Against this one</th></tr></thead><tbody>
{{range .}}<tr{{if .This}} class="this"{{end}}><th scope="row">{{.Label}}</th><td class="n">{{if .This}}{{.Text}} (this record){{else}}<a href="{{.Href}}">{{.Text}}</a>{{end}}</td><td class="n">{{.Change}}</td></tr>
{{end}}</tbody></table></div></section>{{end}}
<section><h2>The measurement</h2>
{{template "kv" .Facts}}
{{with .Samples}}<p>Samples: {{.}}</p>{{end}}
{{with .Clock}}<h3>Clock</h3>{{template "kv" .}}{{end}}
{{with .Method}}<h3>How it was measured</h3>{{template "kv" .}}{{end}}
{{range .Charts}}<figure>{{.}}</figure>{{end}}
{{if .Points}}<details><summary>Every point ({{len .Points}})</summary><div class="scroll"><table><thead><tr>{{range .PointsHead}}<th scope="col">{{.}}</th>{{end}}</tr></thead><tbody>
{{range .Points}}<tr>{{range .}}<td class="n">{{.}}</td>{{end}}</tr>
{{end}}</tbody></table></div></details>{{end}}
</section>
<section><h2>The kernel and its machine code</h2>
{{template "kv" .Source}}
{{with .SourceNote}}<p>The {{.Lang}} text is not kept in results files: <code>gpuarch run --artifacts DIR</code> keeps every probe module's source and binary (this one as <code>{{.File}}</code>) beside the run; the hash above identifies it.</p>{{end}}
{{with .Code}}{{template "kv" .}}{{else}}<p>No machine code was read for this record.</p>{{end}}
{{with .PerStep}}<h3>Opcodes per chain step</h3>{{template "kv" .}}{{end}}
{{with .Counts}}<h3>Opcodes in the timed region</h3>{{template "kv" .}}{{end}}
{{with .Statistics}}<h3>The driver's statistics</h3>{{template "kv" .}}{{end}}
{{with .Loop}}<h3>The timed loop</h3><pre>{{join . "\n"}}</pre>{{end}}
</section>
{{template "foot" .}}{{end}}
`
