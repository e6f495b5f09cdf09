// Package mdtext writes strings that come from files (a device name, a
// record's subject, a driver's message) into Markdown so that they render
// as the text they are: never as HTML, a link, emphasis, a heading or a
// table's column.
//
// Opinions: escape only what would be read as Markdown where the string
// lands, so that ordinary text ("sm_90", "x & y", "[1 2 4]",
// "need >= 6 samples") reads in the .md file as it reads in the data and
// documents already written do not change; and give every place a string
// can land its own function, so a call site says where the text goes:
// Escape for running text (safe even at a line's start), Cell for a table
// cell (or the middle of a line), Code and CellCode for a code span. A line break in a string becomes a space everywhere: Markdown
// would read the next line as a block of its own (a heading, a quote, a
// list, raw HTML).
//
// What is escaped, and why ("escaped" means a backslash before the
// character, which CommonMark renders as the character itself):
//
//   - \ ` and | always: an escape, a code span, a table column.
//   - < before a letter, /, !, ? or the end, or starting "<a@b>": an HTML
//     tag, comment or autolink; "<-" or "a < b" stay.
//   - & before a letter, a digit, # or the end: an entity ("&lt;");
//     "x & y" stays.
//   - ] before ( or [ or the end: the end of a link's text.
//   - [ after !: an image's start, whose text a ] later in the line (the
//     end of the link a report wraps the string in) would close, taking
//     that link's destination as the image's ("<![CDATA[ x ]->" as a
//     link's text became an img tag; found by FuzzReportHTML).
//   - *, _ and ~ only where the string holds a run that could open
//     emphasis (or strikethrough) before one that could close it, by
//     CommonMark's flanking rules: "sm_90" and "x*y+z" stay, "*a*" does
//     not.
//   - # in a run that ends the string (but for blanks) after a blank
//     ("C #"): a heading's closing sequence.
//   - for Escape, at the string's start (where it may start a line or a
//     list item): # > + - = * _ ~ [ and the . or ) of "1." or "1)", which
//     would start a heading, quote, list, rule, task box or definition.
//
// Emphasis between two strings written into one paragraph is not
// prevented (each string is judged alone): it changes how text looks,
// never adds a tag other than em, strong or del.
package mdtext

import (
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark/util"
)

// Escape returns s as Markdown inline text that renders as s, with its
// line breaks as spaces and its leading blanks dropped (at the start of a
// line Markdown would read them as indentation; elsewhere a page shows
// them as one space). The result is safe anywhere in a line, its start or
// a list item's included; in a table cell use Cell.
func Escape(s string) string {
	return escape(strings.TrimLeft(flatten(s), " \t"), true)
}

// Cell returns s as the text of a GitHub-flavoured table cell: rendered as
// s, line breaks as spaces, every | escaped so it stays in its column.
// Cell does not escape what only the start of a line reads (a cell is
// never one), so it is also the function for text in the middle of a
// line.
func Cell(s string) string {
	return escape(flatten(s), false)
}

// Code returns s as a Markdown code span, backticks included, that shows s
// literally (line breaks as spaces): a code span interprets nothing, so
// only its delimiter must differ from every backtick run in s. The span of
// "" is "` `", which shows one space: Markdown has no empty code span. In
// a table cell use CellCode.
func Code(s string) string {
	s = flatten(s)
	if s == "" {
		return "` `"
	}
	longest, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	// CommonMark strips one space from each end of a span that has
	// both, and a backtick beside the fence would join it. Goldmark,
	// which renders our pages, strips nothing from a span that is all
	// white space in its sense (spaces and tabs), so that is not padded.
	pad := ""
	if s[0] == '`' || s[len(s)-1] == '`' || s[0] == ' ' && s[len(s)-1] == ' ' && !util.IsBlank([]byte(s)) {
		pad = " "
	}
	return fence + pad + s + pad + fence
}

// CellCode is Code for a table cell: GitHub-flavoured Markdown splits a
// row at every | before it reads code spans, and takes \| inside a span
// as |, so each | is written \|.
func CellCode(s string) string {
	return strings.ReplaceAll(Code(s), "|", `\|`)
}

// flatten turns line breaks (\r\n, \r, \n) into spaces.
func flatten(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	return strings.NewReplacer("\r\n", " ", "\r", " ", "\n", " ").Replace(s)
}

// escape writes s with a backslash before every character that would be
// read as Markdown; lineStart applies the rules for a string that may
// start a line.
func escape(s string, lineStart bool) string {
	emph := emphasis(s)
	var b strings.Builder
	b.Grow(len(s) + len(s)/8)
	list := 0 // at a line start, the . or ) of an ordered list marker
	if lineStart {
		list = listMarker(s)
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		last := i+1 == len(s)
		var next byte
		if !last {
			next = s[i+1]
		}
		var esc bool
		switch c {
		case '\\', '`', '|':
			esc = true
		case '<':
			esc = last || next == '/' || next == '!' || next == '?' || isLetter(next) || emailAutolink(s[i:])
		case '&':
			esc = last || next == '#' || isLetter(next) || isDigit(next)
		case ']':
			esc = last || next == '(' || next == '['
		case '*', '_', '~':
			esc = emph[c] || lineStart && i == 0
		case '#':
			esc = lineStart && i == 0 || closingHashes(s, i)
		case '[':
			esc = lineStart && i == 0 || i > 0 && s[i-1] == '!'
		case '>', '+', '-', '=':
			esc = lineStart && i == 0
		case '.', ')':
			esc = list > 0 && i == list
		}
		if esc {
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	return b.String()
}

// closingHashes says whether the # at s[i] is in a run of them that ends
// s (but for blanks) after a blank: at the end of a heading's line,
// Markdown would drop it as the heading's closing sequence.
func closingHashes(s string, i int) bool {
	j := i
	for j > 0 && s[j-1] == '#' {
		j--
	}
	if j > 0 && s[j-1] != ' ' && s[j-1] != '\t' {
		return false
	}
	return strings.Trim(strings.TrimLeft(s[i:], "#"), " \t") == ""
}

// emailAutolink says whether s starts with an email autolink:
// "<" and a run without blanks or angle brackets holding an "@", then ">".
func emailAutolink(s string) bool {
	at := false
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '@':
			at = true
		case '>':
			return at
		case ' ', '\t', '<':
			return false
		}
	}
	return false
}

// listMarker returns the index of the . or ) that makes s's start an
// ordered list marker ("1. ", "12)" alone), or 0.
func listMarker(s string) int {
	i := 0
	for i < len(s) && i < 10 && isDigit(s[i]) {
		i++
	}
	if i == 0 || i > 9 || i == len(s) || s[i] != '.' && s[i] != ')' {
		return 0
	}
	if i+1 == len(s) || s[i+1] == ' ' || s[i+1] == '\t' {
		return i
	}
	return 0
}

// emphasis says which of *, _ and ~ s must escape: those of which s holds
// a run that can open emphasis before a run that can close it, by
// CommonMark's flanking rules with s's ends taken as spaces (as goldmark
// takes a line's). In a string that is not valid UTF-8, whose characters
// renderers read differently, it escapes all three.
func emphasis(s string) map[byte]bool {
	var out map[byte]bool
	for _, c := range []byte{'*', '_', '~'} {
		if strings.IndexByte(s, c) < 0 {
			continue
		}
		if !utf8.ValidString(s) {
			if out == nil {
				out = map[byte]bool{}
			}
			out[c] = true
			continue
		}
		opened := false
		for i := 0; i < len(s); {
			if s[i] != c {
				i++
				continue
			}
			j := i
			for j < len(s) && s[j] == c {
				j++
			}
			before, after := ' ', ' '
			if i > 0 {
				before, _ = utf8.DecodeLastRuneInString(s[:i])
			}
			if j < len(s) {
				after, _ = utf8.DecodeRuneInString(s[j:])
			}
			open, close := flanking(c, before, after)
			if close && opened {
				if out == nil {
					out = map[byte]bool{}
				}
				out[c] = true
				break
			}
			opened = opened || open
			i = j
		}
	}
	return out
}

// flanking says whether a run of c between before and after can open and
// close emphasis (CommonMark 0.31, section 6.2, as goldmark implements
// it).
func flanking(c byte, before, after rune) (open, close bool) {
	beforeSpace, afterSpace := util.IsSpaceRune(before), util.IsSpaceRune(after)
	beforePunct, afterPunct := util.IsPunctRune(before), util.IsPunctRune(after)
	left := !afterSpace && (!afterPunct || beforeSpace || beforePunct)
	right := !beforeSpace && (!beforePunct || afterSpace || afterPunct)
	if c == '_' {
		return left && (!right || beforePunct), right && (!left || afterPunct)
	}
	return left, right
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
