package ui

import (
	"strconv"
	"strings"
)

// maxLineDiff bounds the lines LineDiff compares with a longest common
// subsequence (its table grows with the product of the two counts).
const maxLineDiff = 2000

// LineDiff returns the change from old to new as one <pre>: removed
// lines (−), added lines (+) and, around them, a little context, with
// each line's number in new (or in old, for a removed line). Every line
// is escaped; label names the block for assistive technology.
func LineDiff(old, new, label string) string {
	ol, nl := splitLines(old), splitLines(new)
	type row = diffRow
	var rows []row
	if len(ol) > maxLineDiff || len(nl) > maxLineDiff {
		for i, l := range ol {
			rows = append(rows, row{'-', l, i + 1})
		}
		for i, l := range nl {
			rows = append(rows, row{'+', l, i + 1})
		}
	} else {
		// lcs[i][j]: the longest common subsequence of ol[i:] and nl[j:].
		lcs := make([][]int32, len(ol)+1)
		for i := range lcs {
			lcs[i] = make([]int32, len(nl)+1)
		}
		for i := len(ol) - 1; i >= 0; i-- {
			for j := len(nl) - 1; j >= 0; j-- {
				if sameLine(ol[i], nl[j]) {
					lcs[i][j] = lcs[i+1][j+1] + 1
				} else {
					lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
				}
			}
		}
		i, j := 0, 0
		for i < len(ol) || j < len(nl) {
			switch {
			case i < len(ol) && j < len(nl) && sameLine(ol[i], nl[j]):
				rows = append(rows, row{' ', nl[j], j + 1})
				i, j = i+1, j+1
			case i < len(ol) && (j == len(nl) || lcs[i+1][j] >= lcs[i][j+1]):
				rows = append(rows, row{'-', ol[i], i + 1})
				i++
			default:
				rows = append(rows, row{'+', nl[j], j + 1})
				j++
			}
		}
	}
	return renderDiff(rows, label, "No differences: your file is the solution, line for line.")
}

// diffChunk is the number of rows of a chunk of a long diff (see
// renderDiff); app.css gives a chunk its height before it is drawn.
const diffChunk = 50

// diffRow is a line of a diff: op ' ' (context), '+' or '-', its text, and
// its line number (0: none shown).
type diffRow struct {
	op   byte
	text string
	num  int
}

// renderDiff writes rows as one <pre>: each changed line with diffContext
// lines around it, gaps marked "…", each line escaped, the sign hidden from
// assistive technology and said in words instead; none when nothing
// changed. label names the block.
func renderDiff(rows []diffRow, label, none string) string {
	return diffOpen(label, "", false) + strings.Join(diffPieces(rows, none), "") + `</pre>`
}

// diffOpen is the start tag of a diff's <pre>: id when not empty, and
// aria-busy when busy (rows are still to be appended).
func diffOpen(label, id string, busy bool) string {
	attrs := ""
	if id != "" {
		attrs += ` id="` + id + `"`
	}
	if busy {
		attrs += ` aria-busy="true"`
	}
	return `<pre class="diff"` + attrs + ` tabindex="0" aria-label="` + escape(label) + `">`
}

// diffPiece is the most chunks (diffChunk rows each) in a piece of a diff
// drawn later (see diffPieces): the browser parsed academia.edu's
// conversion, 3,000 rows of diff, in 44–45 ms, and its focus on the new
// report laid that out in 38–41 ms more.
const diffPiece = 10

// diffPieces returns the rows of renderDiff's <pre> as pieces of HTML, in
// order, each whole elements of at most diffPiece chunks: a long diff's
// later pieces are appended to it a frame apart (converter.show).
func diffPieces(rows []diffRow, none string) []string {
	show := make([]bool, len(rows))
	changed := false
	for i, r := range rows {
		if r.op != ' ' {
			changed = true
			for k := max(0, i-diffContext); k <= min(len(rows)-1, i+diffContext); k++ {
				show[k] = true
			}
		}
	}
	var lines []string // the rows drawn, gaps included
	gap := false
	for i, r := range rows {
		if !show[i] {
			gap = true
			continue
		}
		if gap && len(lines) > 0 {
			lines = append(lines, `<span class="d-gap">…</span>`)
		}
		gap = false
		lines = append(lines, diffLine(r))
	}
	if !changed {
		lines = append(lines, `<span class="d-ctx">`+escape(none)+`</span>`)
	}
	// A long diff is drawn in chunks that the browser lays out only when
	// scrolled near (content-visibility in app.css): a few thousand rows
	// otherwise cost the frame that shows them. The rows after the last
	// whole chunk are drawn as they are, in the last piece.
	var pieces []string
	var b strings.Builder
	i, chunks := 0, 0
	if len(lines) > 2*diffChunk {
		for ; i+diffChunk <= len(lines); i += diffChunk {
			if chunks == diffPiece {
				pieces = append(pieces, b.String())
				b.Reset()
				chunks = 0
			}
			b.WriteString(`<span class="d-chunk">` + strings.Join(lines[i:i+diffChunk], "") + `</span>`)
			chunks++
		}
	}
	b.WriteString(strings.Join(lines[i:], ""))
	return append(pieces, b.String())
}

// diffLine is one row of a diff: its number, its sign (said in words to
// assistive technology) and its text, escaped.
func diffLine(r diffRow) string {
	cls, sign, word := "d-ctx", " ", ""
	switch r.op {
	case '+':
		cls, sign, word = "d-add", "+", "added: "
	case '-':
		cls, sign, word = "d-del", "−", "removed: "
	}
	num := ""
	if r.num > 0 {
		num = strconv.Itoa(r.num)
	}
	s := `<span class="` + cls + `"><span class="d-num">` + num + `</span><span class="d-sign" aria-hidden="true">` + sign + `</span>`
	if word != "" {
		s += `<span class="sr-only">` + word + `</span>`
	}
	return s + escape(strings.TrimRight(r.text, "\r\n")) + "</span>"
}
