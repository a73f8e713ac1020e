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
	usages := []policy.Usage{policy.UsageCrawl, policy.UsageIndex}
	var answers []policy.Answer
	for _, u := range urls {
		for _, us := range usages {
			answers = append(answers, pol.Decide(policy.Question{Crawler: "SearchBot1", URL: u, Usage: us}))
		}
	}
	c := &PrintView{Name: "robots.txt", Text: wkPrintFile, Crawler: "SearchBot1", URLs: urls, Usages: usages, Answers: answers}
	html := app.HTMLString(c)
	wkAssertEscaped(t, html)
	wkMustContain(t, html,
		`class="print-view"`, "<h1>robots.txt</h1>", ">The file</h2>", ">Simulation</h2>", ">Explanations</h2>",
		"1  ACAP-crawler: *\n", "2  ACAP-disallow-crawl: /private/\n", "3  # &lt;script&gt;", "4  ACAP-allow-index: /news/",
		"<caption>What SearchBot1 may do with each URL. ✓ yes, ◐ allowed with restrictions, ✕ no.</caption>",
		`scope="col"`, `scope="row"`, ">crawl</th>", ">index</th>",
		"<code>/private/a.html</code>", "✕ no</td>", "◐ limits</td>",
		"— crawl: no",
	)
	// Every step of every explanation, with its line.
	for _, a := range answers {
		for _, s := range a.Trace.Steps {
			if !strings.Contains(html, wkEscapeText(s.Text)) {
				t.Errorf("step missing: %.60q", s.Text)
			}
			if s.Line > 0 && s.File == "" && !strings.Contains(html, "<li>line "+wkItoa(s.Line)+": ") {
				t.Errorf("step's line %d missing", s.Line)
			}
		}
	}
	if n := strings.Count(html, `class="pv-explain"`); n != len(answers) {
		t.Errorf("%d explanations for %d answers", n, len(answers))
	}

	// Missing answers are shown as not asked, not made up.
	c.Answers = answers[:1]
	html = app.HTMLString(c)
	if n := strings.Count(html, "— not asked</td>"); n != 3 {
		t.Errorf("%d cells not asked, want 3", n)
	}
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
