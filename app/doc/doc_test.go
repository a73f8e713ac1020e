package doc

import (
	"fmt"
	"strconv"
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
		sameLines(t, tc.name, d, fresh)
	}
}

// sameLines compares the lines of d, their places and highlighting, with
// those of a document made afresh.
func sameLines(t *testing.T, name string, d, fresh *Doc) {
	t.Helper()
	if len(fresh.Lines) != len(d.Lines) {
		t.Fatalf("%s: %d lines, want %d", name, len(d.Lines), len(fresh.Lines))
	}
	for i := range d.Lines {
		g, w := d.Lines[i], fresh.Lines[i]
		if g.Start != w.Start || g.U16 != w.U16 || g.Raw != w.Raw || d.HTML(i) != fresh.HTML(i) {
			t.Fatalf("%s: line %d = %d %d %q %q, want %d %d %q %q", name, i, g.Start, g.U16, g.Raw, d.HTML(i), w.Start, w.U16, w.Raw, fresh.HTML(i))
		}
	}
	if d.Text() != fresh.Text() || d.Len() != len(fresh.Text()) {
		t.Fatalf("%s: text %q, want %q", name, d.Text(), fresh.Text())
	}
}

// TestEditMatchesUpdate makes edits with Edit and EditUTF16 and compares
// every line with a document made from the whole new text; the
// diagnostics after an edit stay on their lines until the next Check.
func TestEditMatchesUpdate(t *testing.T) {
	base := "\ufeffUser-agent: *\nDisallow: /a\n# é 😀 ü\nACAP-crawler: *\nACAP-disalow-crawl: /b\n"
	tests := []struct {
		name     string
		a, b     int // bytes of base replaced
		repl     string
		u16      bool // give a and b to EditUTF16 (converted here)
		moveDiag bool // the diagnostic on the ACAP-disalow line moves
	}{
		{"type a character", 20, 20, "x", false, false},
		{"insert a line", 15, 15, "Allow: /n\n", false, true},
		{"delete a line", 15, 28, "", false, true},
		{"join two lines", 27, 28, "", false, true},
		{"replace across lines", 5, 40, "Q\nR\nS", false, false},
		{"delete the BOM", 0, 3, "", false, false},
		{"type before the BOM", 0, 0, "#", false, false},
		{"append at the end", len(base), len(base), "Allow: /z", false, false},
		{"delete everything", 0, len(base), "", false, false},
		{"after multi-byte runes, in UTF-16", 44, 44, "ß", true, false},
		{"an emoji replaced, in UTF-16", 35, 39, "x\n", true, true},
	}
	for _, tc := range tests {
		d := New("robots.txt", base)
		var before policy.Diagnostic
		for _, g := range d.Diags {
			if strings.Contains(d.Lines[g.Pos.Line-1].Raw, "disalow") {
				before = g
			}
		}
		want := base[:tc.a] + tc.repl + base[tc.b:]
		if tc.u16 {
			d.EditUTF16(UTF16Index(base, tc.a), UTF16Index(base, tc.b), tc.repl)
		} else {
			d.Edit(tc.a, tc.b, tc.repl)
		}
		if !d.Stale {
			t.Errorf("%s: not stale after an edit", tc.name)
		}
		sameLines(t, tc.name, d, New("robots.txt", want))
		if tc.moveDiag {
			var after policy.Diagnostic
			for _, g := range d.Diags {
				if g.Message == before.Message {
					after = g
				}
			}
			if l := d.Lines[after.Pos.Line-1].Raw; !strings.Contains(l, "disalow") || want[after.Pos.Offset:after.Pos.Offset+4] != "ACAP" {
				t.Errorf("%s: the diagnostic moved to line %d %q, offset %d", tc.name, after.Pos.Line, l, after.Pos.Offset)
			}
		}
		d.Check()
		if d.Stale || len(d.Diags) != len(New("robots.txt", want).Diags) {
			t.Errorf("%s: after Check stale %v, %d diagnostics", tc.name, d.Stale, len(d.Diags))
		}
	}
}

// TestEditSequence makes many pseudo-random edits one after the other and
// compares the document with one made from the whole text after each.
func TestEditSequence(t *testing.T) {
	text := "User-agent: *\nDisallow: /a\n\nACAP-crawler: *\nACAP-allow-index: /n/ time-limit=7-days\n"
	d := New("robots.txt", text)
	seed := uint32(7)
	rnd := func(n int) int {
		seed = seed*1664525 + 1013904223
		return int(seed>>8) % (n + 1)
	}
	pieces := []string{"", "x", "\n", "\r\n", "Allow: /y\n", "é", "😀", "#c\n\n", "\ufeff"}
	for i := 0; i < 400; i++ {
		a := rnd(len(text))
		b := min(len(text), a+rnd(8))
		// Keep the edit on rune boundaries, as a textarea does.
		for a > 0 && a < len(text) && text[a]&0xC0 == 0x80 {
			a--
		}
		for b < len(text) && text[b]&0xC0 == 0x80 {
			b++
		}
		repl := pieces[rnd(len(pieces)-1)]
		d.Edit(a, b, repl)
		text = text[:a] + repl + text[b:]
		sameLines(t, "edit "+itoa(i), d, New("robots.txt", text))
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

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
	for i := range d.Lines {
		got.WriteString(d.HTML(i))
	}
	// Compare the visible text with the file, minus newlines.
	want := strings.ReplaceAll(text, "\n", "")
	if s := highlight.PlainText(got.String()); s != want {
		t.Errorf("text of lines = %q, want %q", s, want)
	}
	if d.HTML(0) != highlight.Line(d.Lines[0].Raw, policy.Pos{Line: 1, Col: 1}) {
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
	src := "User-agent: bot\nDisallow: /a/\n\nACAP-crawler: bot\nACAP-allow-crawl: /a/\n"
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

// TestCheckReferencedFile checks a file that robots.txt refers to: the
// names robots.txt defines are not reported as undefined there, and those
// it does not define still are.
func TestCheckReferencedFile(t *testing.T) {
	main := policy.MustParse("ACAP-qualified-usage: snip present-snippet max-length=20-words\nACAP-crawler: *\nACAP-permissions-reference: /acap.txt\n")
	text := "ACAP-crawler: *\nACAP-allow-(snip): /\nACAP-allow-(nosuch): /\n"
	undefined := func(d *Doc) []int {
		var lines []int
		for _, g := range d.Diags {
			if g.Code == policy.CodeUndefinedUsage {
				lines = append(lines, g.Pos.Line)
			}
		}
		return lines
	}
	alone := New("/acap.txt", text)
	if got := fmt.Sprint(undefined(alone)); got != "[2 3]" {
		t.Errorf("checked alone: undefined on lines %s, want [2 3]", got)
	}
	ref := &Doc{Name: "/acap.txt", From: main}
	ref.Update(text)
	if got := fmt.Sprint(undefined(ref)); got != "[3]" {
		t.Errorf("checked as referenced: undefined on lines %s, want [3]", got)
	}
	if r := ref.File.FieldAt(2).Rules(); len(r) != 1 || r[0].Usage != policy.UsagePresentSnippet {
		t.Errorf("line 2 reads as %+v", r)
	}
}

func TestLooksBinary(t *testing.T) {
	png := "\uFFFDPNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00\x00\x00\x01\x00\x08\x06\x00\x00\x00\\r\uFFFDf"
	for _, tc := range []struct {
		name, text string
		want       bool
	}{
		{"robots.txt", "User-agent: *\nDisallow: /private/\n", false},
		{"empty", "", false},
		{"a stray NUL", "User-agent: *\nDisallow: /a\x00b\nAllow: /\n", false},
		{"Latin-1 accents read as UTF-8", "# caf\uFFFD\nUser-agent: *\nDisallow: /r\uFFFDsum\uFFFD/\n", false},
		{"png header", png, true},
		{"mostly replacement characters", "\uFFFD\uFFFD\uFFFDab\uFFFD", true},
	} {
		if got := LooksBinary(tc.text); got != tc.want {
			t.Errorf("%s: LooksBinary = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestTooLarge(t *testing.T) {
	msg := TooLarge("big.txt", 6_000_000)
	if msg != "“big.txt” is 5.8 MiB; the workbench opens files of at most 5.0 MiB. Your current text was kept." {
		t.Errorf("TooLarge = %q", msg)
	}
	if m := TooLarge("", MaxSize+1); !strings.Contains(m, "That file is 5.1 MiB") {
		t.Errorf("just over the limit: %q", m)
	}
}

func TestPlainTo(t *testing.T) {
	d := New("robots.txt", "Disallow: /a\nDisallow: /\u00e4\nAllow:\t/b\n"+strings.Repeat("x", 5000)+"\u00e9\n")
	tests := []struct {
		line, b int
		want    bool
	}{
		{0, 100, true},   // ASCII, with its line end
		{1, 11, true},    // up to the non-ASCII letter
		{1, 12, false},   // the letter's first byte
		{1, 11, true},    // asked again after the letter was found: the prefix is still plain
		{2, 6, true},     // before the tab
		{2, 7, false},    // the tab
		{3, 4000, true},  // only 4,000 bytes are read
		{3, 5000, true},  // and then 1,000 more
		{3, 5001, false}, // the é
	}
	for _, tt := range tests {
		if got := d.PlainTo(tt.line, tt.b); got != tt.want {
			t.Errorf("PlainTo(%d, %d) = %v, want %v", tt.line, tt.b, got, tt.want)
		}
	}
}

// TestCheckYielding: a check whose yields see no edit gives Check's
// result; one during which the text was edited leaves the document as it
// was, stale.
func TestCheckYielding(t *testing.T) {
	text := "User-agent: *\n" + strings.Repeat("Disallow: /"+strings.Repeat("*a", 400)+"b\n", 100) + "Disallow /typo\n"
	for _, edit := range []bool{false, true} {
		d := New("/robots.txt", text)
		want := New("/robots.txt", text)
		want.Check()
		yields := 0
		ok := d.CheckYielding(func() {
			if yields++; edit && yields == 1 {
				d.Edit(0, 0, "# new\n")
			}
		})
		switch {
		case yields == 0:
			t.Fatal("no yield for 80 KB of lines")
		case ok == edit:
			t.Errorf("edit %v: CheckYielding reported %v", edit, ok)
		case !edit && (d.Stale || len(d.Diags) != len(want.Diags) || len(d.Diags) == 0 || d.File == nil):
			t.Errorf("checked: stale %v, %d problems (Check: %d)", d.Stale, len(d.Diags), len(want.Diags))
		case edit && (!d.Stale || d.Text() != "# new\n"+text):
			t.Errorf("edited during the check: stale %v", d.Stale)
		}
	}
}
