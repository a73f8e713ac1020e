package highlight

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2"

	"github.com/acap-workbench/workbench/policy"
)

const sample = "##ACAP version=1.1\n" +
	"# a comment\n" +
	"User-agent: *\n" +
	"ACAP-crawler: *\n" +
	"ACAP-disallow-crawl: /private/*.html$\n" +
	"ACAP-allow-index: /news/ time-limit=7-days\n" +
	"Disallow: /tmp/ stray\n"

func TestLexerRoundTrip(t *testing.T) {
	inputs := []string{
		"",
		sample,
		"\ufeffUser-agent: *\r\nDisallow: /\r\n",
		"no newline at end",
		"weird\x00bytes\xff\xfe: <script>\n",
	}
	for _, in := range inputs {
		it, err := NewLexer().Tokenise(nil, in)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, tok := range it.Tokens() {
			b.WriteString(tok.Value)
		}
		if b.String() != in {
			t.Errorf("round trip of %q gave %q", in, b.String())
		}
	}
}

func TestLexerTokenTypes(t *testing.T) {
	tests := []struct {
		line string
		text string
		want chroma.TokenType
	}{
		{"# a comment\n", "# a comment", chroma.CommentSingle},
		{"##ACAP version=1.1\n", "##ACAP version=1.1", chroma.CommentPreproc},
		{"User-agent: *\n", "User-agent", chroma.NameTag},
		{"User-agent: *\n", ":", chroma.Punctuation},
		{"ACAP-disallow-crawl: /private/*.html$\n", "*", chroma.Operator},
		{"ACAP-disallow-crawl: /private/*.html$\n", "$", chroma.Operator},
		{"ACAP-disallow-crawl: /private/*.html$\n", "/private/", chroma.LiteralStringOther},
	}
	for _, tc := range tests {
		it, _ := NewLexer().Tokenise(nil, tc.line)
		found := false
		for _, tok := range it.Tokens() {
			if tok.Value == tc.text {
				found = true
				if tok.Type != tc.want {
					t.Errorf("%q in %q: type %v, want %v", tc.text, tc.line, tok.Type, tc.want)
				}
			}
		}
		if !found {
			t.Errorf("no token %q in %q (tokens %v)", tc.text, tc.line, it.Tokens())
		}
	}
}

func TestTokenTypeCoversEveryKind(t *testing.T) {
	seen := map[chroma.TokenType]bool{}
	for k := policy.TokError; k <= policy.TokPunct; k++ {
		tt := TokenType(k)
		if tt == chroma.Text {
			t.Errorf("kind %v has no colour", k)
		}
		seen[tt] = true
		if tt != chroma.TextWhitespace && Light.Get(tt).Colour == Light.Get(chroma.Background).Colour && tt != chroma.Other {
			t.Errorf("kind %v (%v) is not coloured in the light style", k, tt)
		}
	}
	if len(seen) < 10 {
		t.Errorf("only %d distinct chroma types", len(seen))
	}
}

func TestLineEscapes(t *testing.T) {
	evil := []string{
		"# <script>alert(1)</script>\n",
		`User-agent: "><img src=x onerror=alert(1)>` + "\n",
		"Disallow: /</textarea><b>x\n",
		"Allow: /a&b'c\n",
	}
	for _, in := range evil {
		out := Line(in, policy.Pos{Offset: 10, Line: 2, Col: 1})
		for _, bad := range []string{"<script", "<img", "</textarea", "<b>", `"><`} {
			if strings.Contains(out, bad) {
				t.Errorf("Line(%q) = %q contains %q unescaped", in, out, bad)
			}
		}
		if strings.Contains(out, "\n") {
			t.Errorf("Line(%q) kept the newline: %q", in, out)
		}
		if got := PlainText(out); got != strings.TrimSuffix(in, "\n") {
			t.Errorf("text of Line(%q) = %q", in, got)
		}
	}
}

func TestLineHasClasses(t *testing.T) {
	out := Line("User-agent: *  # hi\n", policy.Pos{Offset: 0, Line: 1, Col: 1})
	for _, want := range []string{`<span class="nt">User-agent</span>`, `<span class="c1"># hi</span>`} {
		if !strings.Contains(out, want) {
			t.Errorf("Line output %q lacks %q", out, want)
		}
	}
	if Line("\n", policy.Pos{Line: 1, Col: 1}) != "" {
		t.Error("an empty line should give empty HTML")
	}
}

func TestFileAndCSS(t *testing.T) {
	out, err := File([]byte(sample + "# <script>\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out, `<pre class="chroma">`) || strings.Contains(out, "<script>") {
		t.Errorf("File output wrong: %.200s", out)
	}
	css, err := CSS()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{".chroma .nt {", `[data-theme="dark"] .chroma .nt {`, "#0550ae", "#79c0ff"} {
		if !strings.Contains(css, want) {
			t.Errorf("CSS lacks %q", want)
		}
	}
}

func ExamplePlainText() {
	html := Line(`Disallow: /a<b>"c"`, policy.Pos{Line: 1, Col: 1})
	fmt.Println(PlainText(html))
	// Output: Disallow: /a<b>"c"
}

// TestLineSlice: a slice of a line is the same text, with the same
// colours, as that part of the whole line.
func TestLineSlice(t *testing.T) {
	lines := []string{
		"User-agent: *",
		"Disallow: /private/*.html$ # a comment",
		"ACAP-allow-index: /news/ time-limit=7-days",
		"<html><head><title>Not a robots.txt</title></head>",
		"Disallow: /" + strings.Repeat("*a", maxNested+1) + "$ # a path in one colour",
		"",
	}
	for _, l := range lines {
		whole := Line(l, policy.Pos{Line: 1, Col: 1})
		if PlainText(whole) != l {
			t.Fatalf("Line(%q) shows %q", l, PlainText(whole))
		}
		for a := 0; a <= len(l); a++ {
			for b := a; b <= len(l); b++ {
				got := LineSlice(l, policy.Pos{Line: 1, Col: 1}, a, b)
				if PlainText(got) != l[a:b] {
					t.Fatalf("LineSlice(%q, %d, %d) shows %q", l, a, b, PlainText(got))
				}
			}
		}
		// Each character keeps the class it has in the whole line.
		if len(l) > 0 {
			var parts string
			for a := 0; a < len(l); a++ {
				parts += LineSlice(l, policy.Pos{Line: 1, Col: 1}, a, a+1)
			}
			if classesOf(parts) != classesOf(whole) {
				t.Errorf("%q: classes differ between slices and the whole line:\n%s\n%s", l, classesOf(parts), classesOf(whole))
			}
		}
	}
}

// classesOf lists, for each character shown, the class of the innermost
// span around it.
func classesOf(html string) string {
	var out []string
	stack := []string{""}
	for i := 0; i < len(html); {
		cls := stack[len(stack)-1]
		switch {
		case strings.HasPrefix(html[i:], `<span class="`):
			j := strings.IndexByte(html[i+13:], '"')
			stack = append(stack, html[i+13:i+13+j])
			i = strings.IndexByte(html[i:], '>') + i + 1
		case strings.HasPrefix(html[i:], "</span>"):
			stack = stack[:len(stack)-1]
			i += 7
		case html[i] == '&':
			out = append(out, cls)
			i = strings.IndexByte(html[i:], ';') + i + 1
		default:
			out = append(out, cls)
			i++
		}
	}
	return strings.Join(out, ",")
}

// TestLineAsChroma: every line of the corpora shows the same text in the
// same colours as chroma's formatter writes it (once a run that nests more
// than maxNested tokens has its run's colour, flattenDense), with at most
// as many spans; a line of wildcards with one for its path.
func TestLineAsChroma(t *testing.T) {
	files, err := filepath.Glob("../../policy/testdata/corpus/*/*.txt")
	if err != nil || len(files) < 200 {
		t.Fatalf("corpus: %d files, %v", len(files), err)
	}
	lines := []string{"Disallow: /" + strings.Repeat("*a", 50) + "b$ # x", "\ufeffUser-agent: *", "Disallow: /a\x00b <x> & 'y' \"z\""}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, strings.Split(string(b), "\n")...)
	}
	checked, flattened := 0, 0
	for n, l := range lines {
		if len(l) > 4096 {
			continue
		}
		pos := policy.Pos{Offset: n, Line: n + 1, Col: 1}
		got := Line(l, pos)
		var want strings.Builder
		ct := Tokens([]byte(l), policy.ScanLine([]byte(l), pos.Offset))
		for len(ct) > 0 && ct[len(ct)-1].Type == chroma.TextWhitespace && strings.ContainsAny(ct[len(ct)-1].Value, "\r\n") {
			ct = ct[:len(ct)-1] // Line drops the line end
		}
		flat := slices.Clone(ct)
		flattenDense(flat)
		if !slices.Equal(flat, ct) {
			flattened++
		}
		ct = flat
		if err := formatter.Format(&want, Light, chroma.Literator(ct...)); err != nil {
			t.Fatal(err)
		}
		if PlainText(got) != PlainText(want.String()) || classesOf(got) != classesOf(want.String()) {
			t.Fatalf("line %q:\n got %s\nwant %s", l, got, want.String())
		}
		if g, w := strings.Count(got, "<span"), strings.Count(want.String(), "<span"); g > w {
			t.Fatalf("line %q: %d spans, chroma's %d", l, g, w)
		}
		checked++
	}
	wild := Line(lines[0], policy.Pos{Line: 1, Col: 1})
	if n := strings.Count(wild, "<span"); n > 8 {
		t.Errorf("a line of 50 wildcards has %d spans: %s", n, wild)
	}
	t.Logf("%d lines, %d with a run in one colour", checked, flattened)
	if flattened != 1 {
		t.Errorf("%d lines have a run in one colour, want only the line of wildcards: every line of the corpora keeps its colours", flattened)
	}
}

// TestFlattenDense: the wildcards of a path keep their colour up to
// maxNested of them; past that, the path is one span of one colour, and
// the rest of the line keeps its colours.
func TestFlattenDense(t *testing.T) {
	for _, c := range []struct {
		wildcards, spans int // wildcard spans
	}{{1, 1}, {maxNested, maxNested}, {maxNested + 1, 0}, {400, 0}} {
		l := "Disallow: /" + strings.Repeat("a*", c.wildcards) + "b$ # x"
		got := Line(l, policy.Pos{Line: 1, Col: 1})
		if PlainText(got) != l {
			t.Fatalf("%d wildcards: the line shows %q", c.wildcards, PlainText(got))
		}
		// The $ ends the path: it is not nested, and keeps its colour.
		if n := strings.Count(got, `<span class="o">*</span>`); n != c.spans || !strings.Contains(got, `<span class="o">$</span>`) || !strings.Contains(got, `<span class="c1"># x</span>`) {
			t.Errorf("%d wildcards: %d of them in spans of their own, want %d: %s", c.wildcards, n, c.spans, got)
		}
	}
}

// BenchmarkLineWildcards: a line of 400 wildcards written by chroma's
// formatter (a span a token) and by Line (nested).
func BenchmarkLineWildcards(b *testing.B) {
	l := "Disallow: /" + strings.Repeat("*a", 400) + "b"
	ct := Tokens([]byte(l), policy.ScanLine([]byte(l), 0))
	b.Run("chroma", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			var out strings.Builder
			if err := formatter.Format(&out, Light, chroma.Literator(ct...)); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("nested", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			var out strings.Builder
			writeTokens(&out, ct)
		}
	})
}
