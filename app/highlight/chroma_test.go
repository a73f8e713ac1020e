//go:build !wasm

package highlight

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2"

	"github.com/acap-workbench/workbench/policy"
)

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

// chromaLineSlice is LineSlice as it was written with chroma: the policy
// tokens as chroma tokens, cut the same way, through chroma's HTML formatter.
// Line must write exactly what it writes.
func chromaLineSlice(line string, start policy.Pos, a, b int) string {
	src := []byte(line)
	ct := Tokens(src, policy.ScanLine(src, start.Offset))
	for len(ct) > 0 && ct[len(ct)-1].Type == chroma.TextWhitespace && strings.ContainsAny(ct[len(ct)-1].Value, "\r\n") {
		v := strings.TrimRight(ct[len(ct)-1].Value, "\r\n")
		if v == "" {
			ct = ct[:len(ct)-1]
		} else {
			ct[len(ct)-1].Value = v
			break
		}
	}
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
	if err := formatter.Format(&out, Light, chroma.Literator(ct...)); err != nil {
		panic(err)
	}
	return out.String()
}

// checkLikeChroma compares Line and LineSlice with chroma's formatter on
// every line of src, whole and cut at a few places.
func checkLikeChroma(t *testing.T, name, src string) {
	t.Helper()
	off := 0
	for i, l := range strings.SplitAfter(src, "\n") {
		pos := policy.Pos{Offset: off, Line: i + 1, Col: 1}
		off += len(l)
		if got, want := Line(l, pos), chromaLineSlice(l, pos, 0, len(l)); got != want {
			t.Fatalf("%s, line %d %q:\n got %q\nwant %q", name, i+1, l, got, want)
		}
		n := len(l)
		for _, ab := range [][2]int{{0, n / 2}, {n / 3, n}, {1, n - 1}, {n / 4, 3 * n / 4}} {
			a, b := ab[0], ab[1]
			if a < 0 || b > n || a > b {
				continue
			}
			if got, want := LineSlice(l, pos, a, b), chromaLineSlice(l, pos, a, b); got != want {
				t.Fatalf("%s, line %d %q [%d:%d]:\n got %q\nwant %q", name, i+1, l, a, b, got, want)
			}
		}
	}
}

// TestLineMatchesChroma: the browser's formatter (line.go) writes what
// chroma's wrote, on every token kind, escapes, odd bytes and every file
// the repository holds for the app and the tests.
func TestLineMatchesChroma(t *testing.T) {
	for k := policy.TokError; k <= policy.TokPunct+1; k++ {
		tt := TokenType(k)
		var b strings.Builder
		if err := formatter.Format(&b, Light, chroma.Literator(chroma.Token{Type: tt, Value: "a<&"})); err != nil {
			t.Fatal(err)
		}
		var got strings.Builder
		writeSpan(&got, span{class(k), "a<&"})
		if got.String() != b.String() {
			t.Errorf("kind %v: %q, chroma %q", k, got.String(), b.String())
		}
	}
	inputs := []string{
		"", "\n", "\r\n", "\r", sample,
		"\ufeffUser-agent: *\r\nDisallow: /\r\n",
		"no newline at end",
		"weird\x00bytes\xff\xfe: <script>\n",
		"# <script>alert(1)</script>\n",
		"User-agent: \"><img src=x onerror=alert(1)>\n",
		"Disallow: /</textarea><b>x\n",
		"Allow: /a&b'c\n",
		"Content-Signal: search=yes, ai-train=no\n",
		"Content-Usage: /x train-ai=n, search=y\n",
		"ACAP-resource-set: news /news/ /sport/\nACAP-allow-present-snippet: the-acap:resource-set:news (mine) max-length=20\n",
		"ACAP-usage-definition: mine present-snippet, index\n",
		"Disallow: /a\rAllow: /b\r\n\r\n  \t# c\r",
	}
	for i, in := range inputs {
		checkLikeChroma(t, "input "+string(rune('a'+i)), in)
	}
	// Files of the site and of the tests, the corpus of real files included.
	n := 0
	for _, dir := range []string{"../../web/samples", "../../web/gallery", "../../policy/testdata"} {
		err := filepath.WalkDir(dir, func(f string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			if st, err := d.Info(); err != nil || st.Size() > 1<<20 {
				return err
			}
			data, err := os.ReadFile(f)
			if err != nil {
				return err
			}
			checkLikeChroma(t, f, string(data))
			n++
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if n < 300 {
		t.Errorf("only %d files compared", n)
	}
}

// FuzzLineMatchesChroma: on any line and any cut, Line writes what chroma's
// formatter wrote.
func FuzzLineMatchesChroma(f *testing.F) {
	f.Add(sample, 0, 10, 3)
	f.Add("\ufeffUser-agent: *\r\n", 0, 0, 5)
	f.Add("Disallow: /a\rAllow: /b<&'\"", 1, 2, 9)
	f.Fuzz(func(t *testing.T, s string, off, a, b int) {
		if off < 0 || a < 0 || b > len(s) || a > b {
			return
		}
		pos := policy.Pos{Offset: off % 3, Line: 1, Col: 1}
		if got, want := LineSlice(s, pos, a, b), chromaLineSlice(s, pos, a, b); got != want {
			t.Fatalf("LineSlice(%q, %d, %d, %d):\n got %q\nwant %q", s, off%3, a, b, got, want)
		}
	})
}
