package ui

import (
	"strconv"
	"strings"
	"testing"
)

// TestDiffChunks: a long diff is drawn in chunks of diffChunk rows, with
// every row drawn once and in order; a short one has no chunk.
func TestDiffChunks(t *testing.T) {
	for _, tt := range []struct {
		added, chunks int
	}{
		{3, 0},
		{2*diffChunk - 1, 0}, // with the line of context: 2 × diffChunk rows
		{2 * diffChunk, 2},
		{5*diffChunk + 7, 5},
	} {
		var nl []string
		var added []int
		for i := 0; i < tt.added; i++ {
			nl = append(nl, "Disallow: /p"+strconv.Itoa(i)+"/<x>")
			added = append(added, i+2)
		}
		old := "User-agent: *\n"
		html := Diff(old, old+strings.Join(nl, "\n")+"\n", added)
		if n := strings.Count(html, `<span class="d-chunk">`); n != tt.chunks {
			t.Errorf("%d rows: %d chunks, want %d", tt.added, n, tt.chunks)
		}
		if n := strings.Count(html, `class="d-add"`); n != tt.added {
			t.Errorf("%d rows: %d rows drawn", tt.added, n)
		}
		at := 0
		for i, l := range nl {
			k := strings.Index(html[at:], ">"+escape(l)+"</span>")
			if k < 0 {
				t.Fatalf("%d rows: row %d missing or out of order", tt.added, i+1)
			}
			at += k + 1
		}
		if strings.Contains(html, "<x>") {
			t.Errorf("%d rows: a line drawn as markup", tt.added)
		}
		if strings.Count(html, "<span") != strings.Count(html, "</span>") {
			t.Errorf("%d rows: spans not balanced", tt.added)
		}
	}
}
