package ui

import (
	"testing"

	"github.com/acap-workbench/workbench/policy"
)

// TestMarksHTML: the underline layer of a line, whole or for the columns
// drawn of a long line: the text up to the last mark, transparent, to
// place the marks.
func TestMarksHTML(t *testing.T) {
	d := func(line, a, b int, sev policy.Severity) policy.Diagnostic {
		return policy.Diagnostic{Pos: policy.Pos{Line: line, Col: a + 1}, End: policy.Pos{Line: line, Col: b + 1}, Severity: sev}
	}
	text := "0123456789abcdefghij"
	diags := []policy.Diagnostic{
		d(1, 2, 5, policy.SevWarning), // 234
		d(1, 12, 12, policy.SevInfo),  // empty, at c
		d(1, 15, 20, policy.SevError), // fghij
	}
	all := []int{0, 1, 2}
	for _, tc := range []struct {
		name     string
		from, to int
		ids      []int
		want     string
	}{
		{"whole", 0, -1, all, `01<span class="sq sq-warning">234</span>56789ab<span class="sq sq-info sq-empty"> </span>cde<span class="sq sq-error">fghij</span>`},
		{"columns 4 to 14", 4, 14, all, `<span class="sq sq-warning">4</span>56789ab<span class="sq sq-info sq-empty"> </span>`},
		{"a range ending where the columns start is left out", 5, 10, all, ``},
		{"columns past the end", 18, 40, all, `<span class="sq sq-error">ij</span>`},
		{"an empty mark at the last column drawn stays", 6, 12, []int{1}, `6789ab<span class="sq sq-info sq-empty"> </span>`},
		{"an empty mark past them does not", 6, 11, []int{1}, ``},
		{"no marks, no text", 0, -1, nil, ``},
	} {
		if got := marksHTML(text, tc.ids, diags, tc.from, tc.to); got != tc.want {
			t.Errorf("%s: got\n%s\nwant\n%s", tc.name, got, tc.want)
		}
	}
	if got := marksHTML(`a<b>&"c`, []int{0}, []policy.Diagnostic{d(1, 3, 6, policy.SevWarning)}, 0, -1); got != `a&lt;b<span class="sq sq-warning">&gt;&amp;&#34;</span>` {
		t.Errorf("escaping: got %s", got)
	}
}
