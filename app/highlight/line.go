// Package highlight colours robots.txt files: the policy package's scanner
// gives the tokens, and each becomes a span whose class is the one chroma's
// HTML formatter gives its chroma token type (the style sheet, CSS, is
// chroma's). In the browser the spans are written here, without chroma:
// importing chroma's core package would put it and regexp2 into app.wasm
// with their start-up, some 0.6 MB of code, for no regular-expression lexer.
// Outside the browser (chroma.go, style.go) the package also adapts the
// scanner as a chroma.Lexer, and its tests check that Line writes what
// chroma's formatter writes, byte for byte.
package highlight

import (
	"strings"

	"github.com/acap-workbench/workbench/policy"
)

// classes gives each token kind the class chroma's formatter writes for the
// chroma token type TokenType maps it to (chroma.StandardTypes); "" is
// chroma.Text, written without a span.
var classes = [...]string{
	policy.TokError:      "err",
	policy.TokSpace:      "w",
	policy.TokNewline:    "w",
	policy.TokBOM:        "x",
	policy.TokComment:    "c1",
	policy.TokVersion:    "cp",
	policy.TokField:      "nt",
	policy.TokColon:      "p",
	policy.TokValue:      "s",
	policy.TokPattern:    "sx",
	policy.TokWildcard:   "o",
	policy.TokAnchor:     "o",
	policy.TokQualName:   "na",
	policy.TokEquals:     "o",
	policy.TokQualValue:  "ss",
	policy.TokSetRef:     "nv",
	policy.TokLocalUsage: "nf",
	policy.TokUsage:      "nb",
	policy.TokPunct:      "p",
}

// class is the class of a token kind's span ("" for none).
func class(k policy.TokenKind) string {
	if int(k) < len(classes) {
		return classes[k]
	}
	return ""
}

// Line returns the highlighted HTML for one line of a file (with or without
// its trailing newline, which is not part of the output). start is where the
// line begins in the file; only a line at offset 0 can hold a BOM.
func Line(line string, start policy.Pos) string {
	return LineSlice(line, start, 0, len(line))
}

// span is a piece of a line and its class.
type span struct {
	class string
	text  string
}

// LineSlice returns the highlighted HTML of the bytes [a, b) of a line: the
// line is scanned whole, as Line does, so the colours are the same, and
// the tokens are cut to the range. The editor draws only the columns in
// view of a very long line.
func LineSlice(line string, start policy.Pos, a, b int) string {
	src := []byte(line)
	toks := policy.ScanLine(src, start.Offset)
	base := 0
	if len(toks) > 0 {
		base = int(toks[0].Off)
	}
	ct := make([]span, 0, len(toks))
	for _, t := range toks {
		ct = append(ct, span{class(t.Kind), line[int(t.Off)-base : int(t.End)-base]})
	}
	// Drop the newline: each line is its own element.
	for len(ct) > 0 && ct[len(ct)-1].class == "w" && strings.ContainsAny(ct[len(ct)-1].text, "\r\n") {
		v := strings.TrimRight(ct[len(ct)-1].text, "\r\n")
		if v == "" {
			ct = ct[:len(ct)-1]
		} else {
			ct[len(ct)-1].text = v
			break
		}
	}
	if a > 0 || b < len(line) {
		var cut []span
		off := 0
		for _, t := range ct {
			n := len(t.text)
			if x, y := max(off, a), min(off+n, b); x < y {
				t.text = t.text[x-off : y-off]
				cut = append(cut, t)
			}
			off += n
		}
		ct = cut
	}
	if len(ct) == 0 {
		return ""
	}
	// As chroma's formatter writes them (SplitTokensIntoLines, then each
	// piece escaped in its span): a value is cut after each newline it
	// holds, an empty tail is not written, and a last line made of one
	// empty token is dropped.
	var out strings.Builder
	out.Grow((b - a) * 3)
	var pieces []span
	last := 0 // where the last line's pieces begin
	for _, t := range ct {
		for {
			i := strings.IndexByte(t.text, '\n')
			if i < 0 {
				pieces = append(pieces, t)
				break
			}
			pieces = append(pieces, span{t.class, t.text[:i+1]})
			last = len(pieces)
			if t.text = t.text[i+1:]; t.text == "" {
				break
			}
		}
	}
	if len(pieces) == last+1 && pieces[last].text == "" {
		pieces = pieces[:last]
	}
	for _, p := range pieces {
		writeSpan(&out, p)
	}
	return out.String()
}

// writeSpan writes a piece: its text escaped as html.EscapeString does,
// in a span of its class if it has one.
func writeSpan(out *strings.Builder, p span) {
	if p.class != "" {
		out.WriteString(`<span class="`)
		out.WriteString(p.class)
		out.WriteString(`">`)
	}
	out.WriteString(escape(p.text))
	if p.class != "" {
		out.WriteString("</span>")
	}
}

var escaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;")

func escape(s string) string { return escaper.Replace(s) }

// PlainText returns the text a highlighted line shows: its tags removed and
// the escapes of chroma's formatter undone, so that
// PlainText(Line(s, pos)) == s for a line without its newline.
func PlainText(html string) string {
	var b strings.Builder
	in := false
	for _, r := range html {
		switch {
		case r == '<':
			in = true
		case r == '>':
			in = false
		case !in:
			b.WriteRune(r)
		}
	}
	return unescaper.Replace(b.String())
}

var unescaper = strings.NewReplacer("&lt;", "<", "&gt;", ">", "&#34;", `"`, "&#39;", "'", "&amp;", "&")
