package doc

import (
	"strings"
	"testing"

	"github.com/acap-workbench/workbench/app/highlight"
	"github.com/acap-workbench/workbench/policy"
)

func TestSplitLines(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", []string{""}},
		{"a", []string{"a"}},
		{"a\n", []string{"a\n", ""}},
		{"a\nb", []string{"a\n", "b"}},
		{"a\r\n\nb\n", []string{"a\r\n", "\n", "b\n", ""}},
	}
	for _, tc := range tests {
		got := SplitLines(tc.in)
		if strings.Join(got, "|") != strings.Join(tc.want, "|") || len(got) != len(tc.want) {
			t.Errorf("SplitLines(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestUpdateRescansOnlyChangedLines(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 200; i++ {
		b.WriteString("Disallow: /path/")
		b.WriteString(strings.Repeat("x", i%7))
		b.WriteString("\n")
	}
	text := "User-agent: *\n" + b.String()
	d := New("robots.txt", text)
	if d.Rescanned != len(d.Lines) {
		t.Fatalf("first update rescanned %d of %d lines", d.Rescanned, len(d.Lines))
	}
	tests := []struct {
		name string
		edit func(string) string
		want int
	}{
		{"type in line 50", func(s string) string {
			i := nthLine(s, 50)
			return s[:i+3] + "q" + s[i+3:]
		}, 1},
		{"insert a line", func(s string) string {
			i := nthLine(s, 10)
			return s[:i] + "Allow: /new\n" + s[i:]
		}, 1},
		{"delete a line", func(s string) string {
			i, j := nthLine(s, 20), nthLine(s, 21)
			return s[:i] + s[j:]
		}, 0},
		{"join two lines", func(s string) string {
			j := nthLine(s, 31)
			return s[:j-1] + s[j:]
		}, 1},
		{"no change", func(s string) string { return s }, 0},
	}
	for _, tc := range tests {
		text = tc.edit(text)
		d.Update(text)
		if d.Rescanned != tc.want {
			t.Errorf("%s: rescanned %d lines, want %d", tc.name, d.Rescanned, tc.want)
		}
		// The cache must equal a fresh highlight of every line.
		fresh := New("robots.txt", text)
		if len(fresh.Lines) != len(d.Lines) {
			t.Fatalf("%s: %d lines, want %d", tc.name, len(d.Lines), len(fresh.Lines))
		}
		for i := range d.Lines {
			if d.Lines[i] != fresh.Lines[i] {
				t.Fatalf("%s: line %d = %+v, want %+v", tc.name, i, d.Lines[i], fresh.Lines[i])
			}
		}
	}
}

func nthLine(s string, n int) int {
	off := 0
	for i := 0; i < n; i++ {
		off += strings.IndexByte(s[off:], '\n') + 1
	}
	return off
}

func TestLineHTMLMatchesWholeFileHighlight(t *testing.T) {
	text := "\ufeff##ACAP version=1.1\nUser-agent: *\nACAP-allow-crawl: /a/*.html$ # c\n"
	d := New("robots.txt", text)
	var got strings.Builder
	for _, l := range d.Lines {
		got.WriteString(l.HTML)
	}
	// Compare the visible text with the file, minus newlines.
	want := strings.ReplaceAll(text, "\n", "")
	if s := highlight.PlainText(got.String()); s != want {
		t.Errorf("text of lines = %q, want %q", s, want)
	}
	if d.Lines[0].HTML != highlight.Line(d.Lines[0].Raw, policy.Pos{Line: 1, Col: 1}) {
		t.Error("first line not highlighted at offset 0")
	}
}

func TestCheckFindsProblems(t *testing.T) {
	d := New("robots.txt", "User-agent: *\nDisalow: /x\nACAP-crawler *\n")
	if len(d.Diags) == 0 {
		t.Fatal("no diagnostics for a file with mistakes")
	}
	for _, g := range d.Diags {
		if !g.Pos.IsValid() {
			continue
		}
		found := false
		for _, id := range d.ByLine[g.Pos.Line-1] {
			if d.Diags[id].Message == g.Message {
				found = true
			}
		}
		if !found {
			t.Errorf("diagnostic %v not indexed by line", g)
		}
		if g.Message == "" {
			t.Errorf("diagnostic without message: %v", g)
		}
	}
	e, w, i := d.Counts()
	if e+w+i != len(d.Diags) {
		t.Error("counts do not add up")
	}
}

func TestApplyFix(t *testing.T) {
	text := "aaa bbb ccc"
	tests := []struct {
		name string
		fix  *policy.Fix
		want string
		ok   bool
		a, b int
		repl string
	}{
		{"one edit", &policy.Fix{Edits: []policy.Edit{{Start: 4, End: 7, New: "XY"}}}, "aaa XY ccc", true, 4, 7, "XY"},
		{"two edits", &policy.Fix{Edits: []policy.Edit{{Start: 8, End: 11, New: "z"}, {Start: 0, End: 1, New: ""}}}, "aa bbb z", true, 0, 11, "aa bbb z"},
		{"insert", &policy.Fix{Edits: []policy.Edit{{Start: 3, End: 3, New: ":"}}}, "aaa: bbb ccc", true, 3, 3, ":"},
		{"out of range", &policy.Fix{Edits: []policy.Edit{{Start: 3, End: 30, New: ":"}}}, "", false, 0, 0, ""},
		{"nil", nil, "", false, 0, 0, ""},
	}
	for _, tc := range tests {
		a, b, repl, ok := ApplyFix(text, tc.fix)
		if ok != tc.ok || a != tc.a || b != tc.b || repl != tc.repl {
			t.Errorf("%s: got %d %d %q %v", tc.name, a, b, repl, ok)
			continue
		}
		if ok {
			if got := text[:a] + repl + text[b:]; got != tc.want {
				t.Errorf("%s: result %q, want %q", tc.name, got, tc.want)
			}
		}
	}
}

func TestUTF16(t *testing.T) {
	s := "aé😀b\n"
	tests := []struct{ byteOff, u16 int }{{0, 0}, {1, 1}, {3, 2}, {7, 4}, {8, 5}, {9, 6}}
	for _, tc := range tests {
		if got := UTF16Index(s, tc.byteOff); got != tc.u16 {
			t.Errorf("UTF16Index(%d) = %d, want %d", tc.byteOff, got, tc.u16)
		}
		if got := ByteOffset(s, tc.u16); got != tc.byteOff {
			t.Errorf("ByteOffset(%d) = %d, want %d", tc.u16, got, tc.byteOff)
		}
	}
	if UTF16Index(s, 2) != 1 { // inside é
		t.Error("offset inside a rune should round down")
	}
}

func TestSetExtraMergesAndCheckDropsThem(t *testing.T) {
	src := "User-agent: *\nDisallow: /a/\n\nACAP-crawler: *\nACAP-allow-crawl: /a/\n"
	d := New("robots.txt", src)
	base := len(d.Diags)
	extra := policy.CheckDrift(d.File)
	if len(extra) == 0 {
		t.Fatal("test file shows no drift")
	}
	d.SetExtra(extra)
	d.SetExtra(extra) // twice: not doubled
	if len(d.Diags) != base+len(extra) {
		t.Fatalf("%d diagnostics after SetExtra, want %d", len(d.Diags), base+len(extra))
	}
	line := extra[0].Pos.Line - 1
	if len(d.ByLine[line]) == 0 {
		t.Errorf("drift warning not indexed by line %d", line+1)
	}
	d.Update(src + "# edited\n")
	if len(d.Diags) != base {
		t.Errorf("%d diagnostics after an edit, want the %d of Check", len(d.Diags), base)
	}
}
