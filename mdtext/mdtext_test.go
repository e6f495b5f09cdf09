package mdtext

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	goldhtml "github.com/yuin/goldmark/renderer/html"
	"golang.org/x/net/html"
)

func TestEscape(t *testing.T) {
	tests := []struct {
		name, in, escape, cell string
	}{
		{"plain", "NVIDIA H100 80GB HBM3", "NVIDIA H100 80GB HBM3", "NVIDIA H100 80GB HBM3"},
		{"intraword underscores", "sm_90 mma_mma_m16n8k64_s32__s4_lat", "sm_90 mma_mma_m16n8k64_s32__s4_lat", "sm_90 mma_mma_m16n8k64_s32__s4_lat"},
		{"lone star", "fma.rn.f32 x*y+z (3 registers)", "fma.rn.f32 x*y+z (3 registers)", "fma.rn.f32 x*y+z (3 registers)"},
		{"spaced stars", "x * (1/a) * 2", "x * (1/a) * 2", "x * (1/a) * 2"},
		{"openers without closers", "(__log2f), (__sinf)", "(__log2f), (__sinf)", "(__log2f), (__sinf)"},
		{"emphasis", "*a* and _b_", `\*a\* and \_b\_`, `\*a\* and \_b\_`},
		{"strong", "__init__", `\_\_init\_\_`, `\_\_init\_\_`},
		{"strikethrough", "~~gone~~", `\~\~gone\~\~`, `\~\~gone\~\~`},
		{"lone tilde", "~(x | a | b)", `\~(x \| a \| b)`, `~(x \| a \| b)`},
		{"arrows and comparisons", "x <- -min(x, a); need >= 6; a < b", "x <- -min(x, a); need >= 6; a < b", "x <- -min(x, a); need >= 6; a < b"},
		{"tag", "<script>alert(1)</script>", `\<script>alert(1)\</script>`, `\<script>alert(1)\</script>`},
		{"comment and declaration", "<!-- x --> <?php <!DOCTYPE", `\<!-- x --> \<?php \<!DOCTYPE`, `\<!-- x --> \<?php \<!DOCTYPE`},
		{"autolink", "<http://x.example>", `\<http://x.example>`, `\<http://x.example>`},
		{"email autolink", "<0@0> <-@x>", `\<0@0> \<-@x>`, `\<0@0> \<-@x>`},
		{"trailing angle", "a<", `a\<`, `a\<`},
		{"ampersands", "x & a & b", "x & a & b", "x & a & b"},
		{"entity", "&lt;b&gt; &#60; &", `\&lt;b\&gt; \&#60; \&`, `\&lt;b\&gt; \&#60; \&`},
		{"brackets", "[1 2 4 8 16] steps", `\[1 2 4 8 16] steps`, "[1 2 4 8 16] steps"},
		{"link", "[x](javascript:alert(1))", `\[x\](javascript:alert(1))`, `[x\](javascript:alert(1))`},
		{"reference", "[x][y]", `\[x\][y\]`, `[x\][y\]`},
		{"trailing bracket", "fma.rn.f32 [reg]", `fma.rn.f32 [reg\]`, `fma.rn.f32 [reg\]`},
		{"image", "![x](y)", `!\[x\](y)`, `!\[x\](y)`},
		{"image opened, closed by the link around it", "<![CDATA[ x ]->", `\<!\[CDATA[ x ]->`, `\<!\[CDATA[ x ]->`},
		{"pipes and backslashes", `a|b\c`, `a\|b\\c`, `a\|b\\c`},
		{"backticks", "`x`", "\\`x\\`", "\\`x\\`"},
		{"newlines", "a\nb\r\nc\rd", "a b c d", "a b c d"},
		{"heading", "# x", `\# x`, "# x"},
		{"indented heading", "   # x", `\# x`, "   # x"},
		{"quote", "> x", `\> x`, "> x"},
		{"list", "- x", `\- x`, "- x"},
		{"star list", "* x", `\* x`, "* x"},
		{"ordered list", "1. x", `1\. x`, "1. x"},
		{"ordered list paren", "12)", `12\)`, "12)"},
		{"version", "580.159.04", "580.159.04", "580.159.04"},
		{"fraction", "0.50×HFMA2.MMA + 0.50×HADD2", "0.50×HFMA2.MMA + 0.50×HADD2", "0.50×HFMA2.MMA + 0.50×HADD2"},
		{"task box", "[x] done", `\[x] done`, "[x] done"},
		{"rule", "---", `\---`, "---"},
		{"setext", "=", `\=`, "="},
		{"hash mid-line", "a #1", "a #1", "a #1"},
		{"closing hashes", "a ## #", `a ## \#`, `a ## \#`},
		{"closing hash run", "C# ##", `C# \#\#`, `C# \#\#`},
		{"hashes alone", "##", `\#\#`, `\#\#`},
		{"closing hash, blanks after", "[ # ", `\[ \# `, `[ \# `},
		{"empty", "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Escape(tt.in); got != tt.escape {
				t.Errorf("Escape(%q) = %q, want %q", tt.in, got, tt.escape)
			}
			if got := Cell(tt.in); got != tt.cell {
				t.Errorf("Cell(%q) = %q, want %q", tt.in, got, tt.cell)
			}
			checkRendered(t, tt.in)
		})
	}
}

func TestCode(t *testing.T) {
	tests := []struct {
		name, in, code, cell string
	}{
		{"plain", "fma.rn.f32", "`fma.rn.f32`", "`fma.rn.f32`"},
		{"html", "</code><script>", "`</code><script>`", "`</code><script>`"},
		{"backtick", "a`b", "``a`b``", "``a`b``"},
		{"backtick run", "a``b`", "``` a``b` ```", "``` a``b` ```"},
		{"leading backtick", "`x", "`` `x ``", "`` `x ``"},
		{"spaces both ends", " x ", "`  x  `", "`  x  `"},
		{"only spaces", "  ", "`  `", "`  `"},
		{"pipe", "a|b", "`a|b`", "`a\\|b`"},
		{"escaped pipe", `a\|b`, "`a\\|b`", "`a\\\\|b`"},
		{"newline", "a\nb", "`a b`", "`a b`"},
		{"empty", "", "` `", "` `"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Code(tt.in); got != tt.code {
				t.Errorf("Code(%q) = %q, want %q", tt.in, got, tt.code)
			}
			if got := CellCode(tt.in); got != tt.cell {
				t.Errorf("CellCode(%q) = %q, want %q", tt.in, got, tt.cell)
			}
			checkRendered(t, tt.in)
		})
	}
}

// hostile are strings that try to become HTML or Markdown structure.
var hostile = []string{
	"<script>alert(1)</script>",
	`"><img src=x onerror=alert(1)>`,
	"|a|b|",
	"``",
	"</code><script>",
	"a\n# b\n<script>x</script>\n---",
	"[x](javascript:alert(1))",
	"<a href=\"javascript:alert(1)\">x</a>",
	"&lt;script&gt;",
	"*a* __b__ ~~c~~ `d`",
	"\\",
	"- [ ] task",
	"[x]: javascript:alert(1)",
	"<http://x.example>",
	"www.example.com and http://example.com/a_b*c*",
	"a <!-- b --> c",
	" \t ", // all white space: goldmark strips nothing from such a code span
}

func FuzzMarkdownEscape(f *testing.F) {
	for _, s := range hostile {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 1<<10 {
			// Escaping is local; a long string would time goldmark,
			// which is superlinear on some (a run of 20,000 ~ takes
			// 0.3 s), and make a busy machine's worker look hung.
			t.Skip("longer than 1 KiB")
		}
		checkRendered(t, s)
	})
}

// renderers are the two ways a page may render Markdown: raw HTML off
// (what report.Page does) and passed through.
var renderers = map[string]goldmark.Markdown{
	"safe":   goldmark.New(goldmark.WithExtensions(extension.GFM)),
	"unsafe": goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithRendererOptions(goldhtml.WithUnsafe())),
}

// checkRendered renders s in every place the package escapes for, with
// and without raw HTML, and checks that it makes no element of its own
// and, where s is valid UTF-8 without NUL (CommonMark replaces both),
// that it shows as its text.
func checkRendered(t *testing.T, s string) {
	t.Helper()
	text := utf8.ValidString(s) && !strings.ContainsRune(s, 0)
	flat := flatten(s)
	blanks := " \t"
	para := strings.TrimLeft(flat, " \t")
	code := flat
	if code == "" {
		code = " "
	}
	cases := []struct {
		md   string
		tag  string   // the element whose text is checked
		want []string // its text, one per element
	}{
		{"x " + Escape(s) + " y", "p", []string{"x " + para + " y"}},
		{"- " + Escape(s), "li", []string{strings.TrimRight(para, blanks)}},
		{"# " + Escape(s) + " z", "h1", []string{strings.TrimLeft(para+" z", blanks)}},
		{"# " + Escape(s), "h1", []string{strings.Trim(para, blanks)}},
		{"x " + Escape(s), "p", []string{strings.TrimRight("x "+para, blanks)}},
		{"| a | b |\n| --- | --- |\n| " + Cell(s) + " | " + CellCode(s) + " |", "td", []string{strings.Trim(flat, blanks), code}},
		{"x " + Code(s) + " y", "code", []string{code}},
	}
	for name, gm := range renderers {
		for _, c := range cases {
			var out bytes.Buffer
			if err := gm.Convert([]byte(c.md), &out); err != nil {
				t.Fatal(err)
			}
			got, bad := texts(out.String(), c.tag)
			if bad != "" {
				t.Errorf("%s: %q became %q: element %s from the text", name, c.md, out.String(), bad)
			}
			if text && strings.Join(got, "\x00") != strings.Join(c.want, "\x00") {
				t.Errorf("%s: %q became %q: text %q, want %q", name, c.md, out.String(), got, c.want)
			}
		}
	}
}

// texts returns the text of each tag element in page, and the first
// element that the Markdown skeleton does not make (an a from a linkified
// web address is allowed, but not to a script).
func texts(page, tag string) (out []string, bad string) {
	allowed := map[string]bool{"p": true, "h1": true, "ul": true, "li": true, "table": true, "thead": true, "tbody": true, "tr": true, "th": true, "td": true, "code": true, "a": true}
	z := html.NewTokenizer(strings.NewReader(page))
	depth := 0
	var cur strings.Builder
	for {
		switch z.Next() {
		case html.ErrorToken:
			return out, bad
		case html.StartTagToken, html.SelfClosingTagToken:
			tok := z.Token()
			if !allowed[tok.Data] && bad == "" {
				bad = tok.String()
			}
			for _, a := range tok.Attr {
				if a.Key == "href" && !(strings.HasPrefix(a.Val, "http://") || strings.HasPrefix(a.Val, "https://") || strings.HasPrefix(a.Val, "mailto:")) && bad == "" {
					bad = tok.String()
				}
			}
			if tok.Data == tag {
				depth++
			}
		case html.EndTagToken:
			if z.Token().Data == tag {
				depth--
				if depth == 0 {
					out = append(out, cur.String())
					cur.Reset()
				}
			}
		case html.TextToken:
			if depth > 0 {
				cur.WriteString(z.Token().Data)
			}
		case html.CommentToken:
			if bad == "" {
				bad = "comment " + z.Token().String()
			}
		}
	}
}
