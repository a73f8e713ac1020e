package highlight

import (
	"strings"

	"github.com/alecthomas/chroma/v2"
	chtml "github.com/alecthomas/chroma/v2/formatters/html"

	"github.com/acap-workbench/workbench/policy"
)

// formatter writes class-based HTML without the surrounding <pre>; every
// token value is HTML-escaped by chroma.
var formatter = chtml.New(chtml.WithClasses(true), chtml.PreventSurroundingPre(true))

// Line returns the highlighted HTML for one line of a file (with or without
// its trailing newline, which is not part of the output). start is where the
// line begins in the file; only a line at offset 0 can hold a BOM.
func Line(line string, start policy.Pos) string {
	return LineSlice(line, start, 0, len(line))
}

// LineSlice returns the highlighted HTML of the bytes [a, b) of a line: the
// line is scanned whole, as Line does, so the colours are the same, and
// the tokens are cut to the range. The editor draws only the columns in
// view of a very long line.
func LineSlice(line string, start policy.Pos, a, b int) string {
	src := []byte(line)
	toks := policy.ScanLine(src, start.Offset)
	ct := Tokens(src, toks)
	// Drop the newline: each line is its own element.
	for len(ct) > 0 && ct[len(ct)-1].Type == chroma.TextWhitespace && strings.ContainsAny(ct[len(ct)-1].Value, "\r\n") {
		v := strings.TrimRight(ct[len(ct)-1].Value, "\r\n")
		if v == "" {
			ct = ct[:len(ct)-1]
		} else {
			ct[len(ct)-1].Value = v
			break
		}
	}
	flattenDense(ct)
	if a > 0 || b < len(line) {
		var cut []chroma.Token
		off := 0
		for _, t := range ct {
			n := len(t.Value)
			if x, y := max(off, a), min(off+n, b); x < y {
				t.Value = t.Value[x-off : y-off]
				cut = append(cut, t)
			}
			off += n
		}
		ct = cut
	}
	if len(ct) == 0 {
		return ""
	}
	var out strings.Builder
	out.Grow((b - a) * 3)
	writeTokens(&out, ct)
	return out.String()
}

// File highlights a whole file, one element per line, as a complete
// <pre class="chroma"> block (used for static rendering and tests).
func File(src []byte) (string, error) {
	var b strings.Builder
	f := chtml.New(chtml.WithClasses(true))
	it, err := NewLexer().Tokenise(nil, string(src))
	if err != nil {
		return "", err
	}
	if err := f.Format(&b, Light, it); err != nil {
		return "", err
	}
	return b.String(), nil
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
