package ui

import (
	"os"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/policy"
)

func TestPresenterToggle(t *testing.T) {
	for _, on := range []bool{false, true} {
		html := app.HTMLString(&PresenterToggle{On: on})
		tag := wkOpenTag(html, `id="wk-presenter"`)
		if !strings.HasPrefix(tag, "<button") || !strings.Contains(tag, "aria-pressed") || strings.Contains(tag, `"false"`) == on {
			t.Errorf("On=%v: %s", on, tag)
		}
		wkMustContain(t, html, ">Presenter</button>")
	}
	if PresenterOn() {
		t.Error("presenter mode on outside a browser")
	}
	SetPresenter(true) // a no-op outside a browser, never a panic
}

const wkPrintFile = "ACAP-crawler: *\nACAP-disallow-crawl: /private/\n# " + wkEvil + "\nACAP-allow-index: /news/ time-limit=7-days\n"

func TestPrintView(t *testing.T) {
	f := wkParse(t, wkPrintFile)
	pol := policy.NewPolicy(f)
	urls := []string{"/private/a.html", "/news/" + wkEvil}
	usages := []policy.Use{{Usage: policy.UsageCrawl}, {Usage: policy.UsageIndex}}
	var answers []policy.Answer
	for _, u := range urls {
		for _, us := range usages {
			answers = append(answers, pol.Decide(policy.Question{Crawler: "SearchBot1", URL: u, Usage: us.Usage}))
		}
	}
	problems := policy.CheckAll(f)
	base := PrintView{Name: "robots.txt", Text: wkPrintFile, Crawler: "SearchBot1", URLs: urls, Usages: usages, Answers: answers, File: f, Problems: problems}
	tests := []struct {
		name     string
		full     bool
		selected int
		explain  []int // the answers explained
	}{
		{"handout", false, 0, nil},
		{"the cell asked for", false, 4, []int{3}},
		{"every explanation", true, 0, []int{0, 1, 2, 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := base
			c.Full, c.Selected = tt.full, tt.selected
			html := app.HTMLString(&c)
			wkAssertEscaped(t, html)
			wkMustContain(t, html,
				`class="print-view"`, "<h1>robots.txt</h1>", ">The file</h2>", ">Problems</h2>", ">Simulation</h2>", ">What decided each answer</h2>",
				"1  ACAP-crawler: *\n", "2  ACAP-disallow-crawl: /private/\n", "3  # &lt;script&gt;", "4  ACAP-allow-index: /news/",
				"<caption>What SearchBot1 may do with each URL. ✓ yes, ◐ allowed with restrictions, ✕ no.</caption>",
				`scope="col"`, `scope="row"`, ">crawl</th>", ">index</th>",
				"<code>/private/a.html</code>", "✕ no</td>", "◐ limits</td>",
				// The deciding lines, each once per URL with the answers it gives.
				"<strong>line 2</strong>", "<code> ACAP-disallow-crawl: /private/</code>", " → crawl, index: ✕ no",
				"<strong>line 4</strong>", "index: ◐ limits (time-limit=7-days)",
			)
			if len(problems) > 0 {
				wkMustContain(t, html, wkEscapeText(problems[0].Message))
			} else {
				wkMustContain(t, html, "None found.")
			}
			n := strings.Count(html, `class="pv-explain"`)
			if n != len(tt.explain) {
				t.Errorf("%d explanations, want %d", n, len(tt.explain))
			}
			if (n > 0) != strings.Contains(html, ">Explanations</h2>") {
				t.Error("the explanations' heading does not follow them")
			}
			for _, k := range tt.explain {
				for _, s := range answers[k].Trace.Steps {
					if !strings.Contains(html, wkEscapeText(s.Text)) {
						t.Errorf("answer %d: step missing: %.60q", k, s.Text)
					}
					if s.Line > 0 && s.File == "" && !strings.Contains(html, "<li>line "+wkItoa(s.Line)+": ") {
						t.Errorf("answer %d: step's line %d missing", k, s.Line)
					}
				}
			}
		})
	}

	// With every usage, the line deciding most of them is said last, as
	// the other usages, once.
	all := policy.UsesOf(policy.KindACAP)
	var allAns []policy.Answer
	for _, us := range all {
		allAns = append(allAns, pol.Decide(policy.Question{Crawler: "SearchBot1", URL: "/news/a", Usage: us.Usage}))
	}
	wide := PrintView{Name: "robots.txt", Text: wkPrintFile, URLs: []string{"/news/a"}, Usages: all, Answers: allAns, File: f}
	html := app.HTMLString(&wide)
	if !strings.Contains(html, "→ the other 13 usages: ✓ yes") || strings.Count(html, "<li>") != 2 {
		t.Errorf("the deciding lines of 14 usages are not grouped: %s", html[strings.Index(html, "pv-deciders"):])
	}

	// Missing answers are shown as not asked, not made up.
	c := base
	c.Answers = answers[:1]
	html = app.HTMLString(&c)
	if n := strings.Count(html, "— not asked</td>"); n != 3 {
		t.Errorf("%d cells not asked, want 3", n)
	}
	// Past HandoutURLs URLs, the rest are counted.
	c = base
	for len(c.URLs) <= HandoutURLs+2 {
		c.URLs = append(c.URLs, "/x"+wkItoa(len(c.URLs)))
	}
	html = app.HTMLString(&c)
	if n := strings.Count(html, `<th scope="row">`); n != 2*HandoutURLs {
		t.Errorf("%d URL rows, want %d in the matrix and in the deciding lines", n, 2*HandoutURLs)
	}
	wkMustContain(t, html, "The handout shows the first 10 URLs; 3 more were simulated.")
	// No simulation: only the file.
	html = app.HTMLString(&PrintView{Name: "a.txt", Text: "x\n"})
	if strings.Contains(html, "Simulation") || strings.Contains(html, "Explanations") || !strings.Contains(html, "1  x\n") {
		t.Errorf("file-only print view: %s", html)
	}
}

// TestWorkshopCSS checks the style sheet has what the components rely on:
// both themes through app.css's variables, presenter mode, and the print
// rules that hide the rest of the page.
func TestWorkshopCSS(t *testing.T) {
	b, err := os.ReadFile("../../web/workshop.css")
	if err != nil {
		t.Fatal(err)
	}
	css := string(b)
	for _, want := range []string{
		"html." + PresenterClass + " {", "html." + PresenterClass + `[data-theme="dark"]`,
		".print-view { display: none; }", "@media print", ".wb > :not(.print-view)",
		".wk-pass", ".wk-fail", ".wk-share-field[hidden]", "var(--fg)", "var(--bg)",
	} {
		if !strings.Contains(css, want) {
			t.Errorf("workshop.css lacks %q", want)
		}
	}
	if strings.Count(css, "{") != strings.Count(css, "}") {
		t.Error("unbalanced braces")
	}
}
