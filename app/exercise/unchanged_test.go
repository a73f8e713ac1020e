package exercise

import (
	"strings"
	"testing"
)

// TestUnchangedCheck asks the "unchanged" and "max_lines" checks of an
// exercise about edits that keep every answer and edits that do not: a
// change fails with its witness path and both answers.
func TestUnchangedCheck(t *testing.T) {
	ex := loadAll(t)["versions-lines-that-do-nothing.json"]
	if ex == nil {
		t.Fatal("versions-lines-that-do-nothing.json is missing")
	}
	without := func(lines ...string) string {
		s := ex.Robots
		for _, l := range lines {
			s = strings.Replace(s, l+"\n", "", 1)
		}
		return s
	}
	for _, tc := range []struct {
		name, text string
		same       bool
		path       string // in the explanation of a change
		lines      string // the Got of max_lines
	}{
		{"the start", ex.Robots, true, "", "10 lines"},
		{"the solution", ex.Solution, true, "", "6 lines"},
		{"star at the end dropped", strings.Replace(ex.Robots, "/tmp*", "/tmp", 1), true, "", "10 lines"},
		{"the Allow that matters removed", without("Allow: /files/public/"), false, "/files/public/", "9 lines"},
		{"/search kept, the shorter removed", without("Disallow: /search"), false, "/search", "9 lines"},
		{"the cart opened", without("Disallow: /cart"), false, "/cart", "9 lines"},
		{"every rule removed", "User-agent: *\n", false, "", "1 lines"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var un, ml *Result
			rs := Run(ex, []byte(tc.text))
			for i := range rs {
				switch {
				case strings.HasPrefix(rs[i].Question, "Does every crawler read your file"):
					un = &rs[i]
				case strings.HasPrefix(rs[i].Question, "Does the file say it in at most"):
					ml = &rs[i]
				}
			}
			if un == nil || ml == nil {
				t.Fatalf("checks missing: %+v", rs)
			}
			if un.Pass != tc.same {
				t.Errorf("unchanged: pass %v, want %v (%s: %s)", un.Pass, tc.same, un.Got, un.Explanation)
			}
			if !tc.same && (!strings.Contains(un.Explanation, tc.path) || !strings.Contains(un.Explanation, "the starting file answers")) {
				t.Errorf("explanation %q does not give the path %q and both answers", un.Explanation, tc.path)
			}
			if ml.Got != tc.lines || ml.Pass != (tc.lines == "6 lines" || tc.lines == "1 lines") {
				t.Errorf("max_lines: %s (pass %v)", ml.Got, ml.Pass)
			}
		})
	}
}
