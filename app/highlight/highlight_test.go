package highlight

import (
	"fmt"
	"strings"
	"testing"

	"github.com/acap-workbench/workbench/policy"
)

const sample = "##ACAP version=1.1\n" +
	"# a comment\n" +
	"User-agent: *\n" +
	"ACAP-crawler: *\n" +
	"ACAP-disallow-crawl: /private/*.html$\n" +
	"ACAP-allow-index: /news/ time-limit=7-days\n" +
	"Disallow: /tmp/ stray\n"

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

// classesOf lists, for each character shown, the class of its span.
func classesOf(html string) string {
	var out []string
	cls := ""
	for i := 0; i < len(html); {
		switch {
		case strings.HasPrefix(html[i:], `<span class="`):
			j := strings.IndexByte(html[i+13:], '"')
			cls = html[i+13 : i+13+j]
			i = strings.IndexByte(html[i:], '>') + i + 1
		case strings.HasPrefix(html[i:], "</span>"):
			cls = ""
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
