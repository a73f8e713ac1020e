package ui

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/app/exercise"
)

// wkLoadedExercises loads the site's exercises through the component's own
// loader (index.json, then every file).
func wkLoadedExercises(t *testing.T) *Exercises {
	t.Helper()
	f := &wkFakeFetch{}
	c := &Exercises{fetch: f.fetch}
	c.load()
	if len(c.errs) > 0 || len(c.list()) < 10 {
		t.Fatalf("loaded %d exercises; errors %v", len(c.list()), c.errs)
	}
	return c
}

func TestExercisesLoad(t *testing.T) {
	c := wkLoadedExercises(t)
	html := app.HTMLString(c)
	wkMustContain(t, html, `id="wk-ex-h"`, `tabindex="-1"`, ">Exercises</h2>", wkItoa(len(c.list()))+" exercises",
		"Snippets yes, thumbnails no", `aria-live="polite"`)
	if n := strings.Count(html, `class="wk-link"`); n != len(c.list()) {
		t.Errorf("%d exercise buttons for %d exercises", n, len(c.list()))
	}

	// A broken file is reported by name; the others load.
	f := &wkFakeFetch{
		files: map[string]string{"/web/exercises/index.json": `["usages-no-thumbnails.json", "broken.json", "missing.json", "../x.json"]`,
			"/web/exercises/broken.json": `{"name": "b", "title": "` + strings.ReplaceAll(wkEvil, `"`, `\"`) + `"}`},
	}
	c = &Exercises{fetch: f.fetch}
	c.load()
	if len(c.list()) != 1 || len(c.errs) != 3 {
		t.Fatalf("List %d, errs %v", len(c.list()), c.errs)
	}
	html = app.HTMLString(c)
	wkMustContain(t, html, `role="alert"`, "“broken.json” could not be loaded", "“missing.json” could not be loaded: the site answered 404", "“../x.json” is not a file name")
	if strings.Contains(html, "<script") {
		t.Error("unescaped data")
	}

	f = &wkFakeFetch{fail: map[string]error{"/web/exercises/index.json": errors.New("offline")}}
	c = &Exercises{fetch: f.fetch}
	c.load()
	wkMustContain(t, app.HTMLString(c), "The list of exercises could not be loaded: offline.")
}

func wkExByName(t *testing.T, c *Exercises, name string) int {
	t.Helper()
	for i, ex := range c.list() {
		if ex.Name == name {
			return i
		}
	}
	t.Fatalf("no exercise %s", name)
	return -1
}

// TestExercisesLiveChecks runs every exercise of the site on its starting
// file and on its solution, through the component.
func TestExercisesLiveChecks(t *testing.T) {
	c := wkLoadedExercises(t)
	for i, ex := range c.list() {
		t.Run(ex.Name, func(t *testing.T) {
			c.Select(i)
			c.Text = ex.Solution
			html := app.HTMLString(c)
			wkMustContain(t, html, "Well done!", "Passes: ")
			if tag := wkOpenTag(html, `class="wk-summary"`); !strings.Contains(tag, `aria-live="polite"`) {
				t.Errorf("the summary is not a live region: %s", tag)
			}
			if strings.Contains(html, "Not yet: ") {
				t.Error("the solution fails a check")
			}
			c.Text = ex.Robots
			html = app.HTMLString(c)
			if !strings.Contains(html, "Not yet: ") || strings.Contains(html, "Well done!") {
				t.Error("the starting file passes every check")
			}
		})
	}
}

func TestExercisesFailingCheck(t *testing.T) {
	c := wkLoadedExercises(t)
	c.Select(wkExByName(t, c, "usages-no-thumbnails"))
	var lines []int
	c.OnGoToLine = func(n int) { lines = append(lines, n) }
	c.Text = c.list()[c.cur-1].Robots
	html := app.HTMLString(c)
	wkMustContain(t, html,
		">Snippets yes, thumbnails no</h2>",
		"Stop SearchBot1 from showing thumbnails",
		"3 of 4 checks pass.",
		`<li class="wk-check wk-fail">`, ">✕</span>", "<strong>Not yet: </strong>",
		"May SearchBot1 show a thumbnail of a news page?",
		"The task wants “not allowed”; your file answers “allowed”. Line 4, “ACAP-allow-present: /news/”, decides it: it matches and permits present.",
		"Go to line 4</button>",
		">✓</span>", "<strong>Passes: </strong>",
		`aria-expanded="false"`, `aria-controls="wk-ex-hint"`, ">Show hint</button>",
		">Open the starting file</button>", ">← All exercises</button>",
	)
	if tag := wkOpenTag(html, `id="wk-ex-hint"`); !strings.Contains(tag, " hidden") {
		t.Errorf("hint shown before asked: %s", tag)
	}
	if tag := wkOpenTag(html, `>✕<`); !strings.Contains(tag, "aria-hidden") {
		t.Errorf("icon not hidden from screen readers: %s", tag)
	}
	if strings.Count(html, "Go to line") != 1 {
		t.Error("a go-to-line button on a passing check")
	}
	// The failing check's button goes to its line.
	rs := c.checks()
	for _, r := range rs {
		if !r.Pass {
			c.OnGoToLine(r.Line)
		}
	}
	if !reflect.DeepEqual(lines, []int{4}) {
		t.Errorf("went to %v", lines)
	}

	c.showHint = true
	html = app.HTMLString(c)
	wkMustContain(t, html, ">Hide hint</button>", "Hint: present covers every way")
	if tag := wkOpenTag(html, `aria-controls="wk-ex-hint"`); !strings.Contains(tag, "aria-expanded") || strings.Contains(tag, `"false"`) {
		t.Errorf("hint button not expanded: %s", tag)
	}
	if strings.Contains(wkOpenTag(html, `id="wk-ex-hint"`), "hidden") {
		t.Error("hint still hidden")
	}
	c.Select(-1)
	wkMustContain(t, app.HTMLString(c), "Snippets yes, thumbnails no</button>")
}

// TestExercisesCache checks that the checks run once per text.
func TestExercisesCache(t *testing.T) {
	c := wkLoadedExercises(t)
	c.Select(0)
	ex := c.list()[0]
	c.Text = ex.Robots
	app.HTMLString(c)
	app.HTMLString(c)
	if c.runs != 1 {
		t.Errorf("ran %d times for one text", c.runs)
	}
	c.Text = ex.Solution
	app.HTMLString(c)
	app.HTMLString(c)
	if c.runs != 2 {
		t.Errorf("ran %d times for two texts", c.runs)
	}
	// SetText (before mounting: at once) takes over from Text.
	c.SetText(ex.Robots)
	c.Text = "ignored"
	app.HTMLString(c)
	if c.runs != 3 || c.cacheText != ex.Robots {
		t.Errorf("runs %d, text %q", c.runs, c.cacheText)
	}
	// Another exercise with the same text runs again.
	c.Select(1)
	app.HTMLString(c)
	if c.runs != 4 {
		t.Errorf("runs %d after changing exercise", c.runs)
	}
}

func TestExercisesEscapeAndOpen(t *testing.T) {
	no := false
	ex := &exercise.Exercise{
		Name: "x", Title: "T " + wkEvil, Task: "Task " + wkEvil, Hint: "Hint " + wkEvil, Source: wkEvil,
		Robots: "User-agent: *\n", Solution: "ACAP-crawler: *\nACAP-disallow-crawl: /\n",
		Cases: []exercise.Case{
			{Name: "Q " + wkEvil, Crawler: "Bot", Purpose: "news", URL: "/a/" + wkEvil, Allowed: &no},
			{Crawler: "Bot2", URL: "/b", Allowed: &no},
			{Crawler: "Bot", URL: "/a/" + wkEvil, Usage: "index", Allowed: &no},
		},
	}
	var got []any
	c := &Exercises{List: []*exercise.Exercise{ex}, Text: "User-agent: *\n# " + wkEvil + "\n",
		OnOpen: func(name, text string, urls []string, crawler, purpose string) {
			got = []any{name, text, urls, crawler, purpose}
		}}
	c.Select(0)
	c.showHint = true
	html := app.HTMLString(c)
	wkAssertEscaped(t, html)
	wkMustContain(t, html, "Task &lt;script&gt;", "Hint: Hint &lt;script&gt;", "Q &lt;script&gt;", "May Bot2 crawl /b?")
	c.openStart(ex)
	want := []any{"robots.txt", "User-agent: *\n", []string{"/a/" + wkEvil, "/b"}, "Bot", "news"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("OnOpen(%v), want %v", got, want)
	}
}
