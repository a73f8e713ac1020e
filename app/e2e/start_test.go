//go:build e2e && !js

package e2e

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// startFile is the gallery's 2026 file that "AI crawlers and my content"
// opens.
const startFile = "today-nytimes.com_2026-01.txt"

// openFirstVisit opens the app in a tab whose visitor has nothing saved
// and has not answered the start screen, and waits for the screen.
func openFirstVisit(t *testing.T) context.Context {
	t.Helper()
	ctx := newFirstVisitTab(t)
	open(t, ctx, site.URL+"/")
	waitStart(t, ctx)
	return ctx
}

// waitStart waits until the start screen is shown, with the focus on its
// first choice.
func waitStart(t *testing.T, ctx context.Context) {
	t.Helper()
	waitJS(t, ctx, `(d => !!d && d.getBoundingClientRect().height > 100 && document.activeElement.id === "start-ai")(document.getElementById("start"))`, 10*time.Second)
}

// startShown reports whether the start screen is in the page.
func startShown(t *testing.T, ctx context.Context) bool {
	t.Helper()
	return eval[bool](t, ctx, `document.getElementById("start") !== null`)
}

// axName is the accessible name the browser gives the element sel.
func axName(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	nodes, err := chromedp.Run(ctx, chromedp.Nodes(chromedp.CSS(sel)))
	if err != nil || len(nodes) == 0 {
		t.Fatalf("no %s: %v", sel, err)
	}
	no := false
	res, err := chromedp.Call(ctx, accessibility.GetPartialAXTree, accessibility.GetPartialAXTreeParams{BackendNodeID: nodes[0].BackendNodeID, FetchRelatives: &no})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range res.Nodes {
		if a.Name != nil && a.BackendDOMNodeID == nodes[0].BackendNodeID {
			var name string
			if err := json.Unmarshal(a.Name.Value, &name); err != nil {
				t.Fatal(err)
			}
			return name
		}
	}
	return ""
}

// shownPanel is the ID of the side panel whose tab is selected, once its
// panel is visible.
func shownPanel(t *testing.T, ctx context.Context) string {
	t.Helper()
	return eval[string](t, ctx, `(() => { const b = document.querySelector("#panel-tabs [aria-selected=true]");
		const p = document.getElementById(b.getAttribute("aria-controls"));
		return p && !p.hidden && p.getBoundingClientRect().height > 0 ? b.id.replace("ptab-", "") : "" })()`)
}

// tabNames lists the file tabs.
func tabNames(t *testing.T, ctx context.Context) []string {
	t.Helper()
	return eval[[]string](t, ctx, `[...document.querySelectorAll("#tabs [role=tab]")].map(b => b.textContent)`)
}

// TestStartScreenFirstVisit: a first visit opens on the start screen, a
// modal dialog over the page (made inert), its three choices real buttons
// named by their titles, the focus on the first; axe-core finds nothing
// serious in either theme. Escape closes it on the welcome example with
// the focus in the editor; a reload does not show it again; the Start
// button brings it back, and Close returns the focus to that button.
func TestStartScreenFirstVisit(t *testing.T) {
	ctx := openFirstVisit(t)
	screenshot(t, ctx, "start-screen")
	if got := eval[string](t, ctx, `document.getElementById("start").getAttribute("role") + " " + document.getElementById("start").getAttribute("aria-modal")`); got != "dialog true" {
		t.Errorf("the start screen is %q, want a modal dialog", got)
	}
	if n := axName(t, ctx, "#start"); n != "What would you like to do?" {
		t.Errorf("the dialog is named %q", n)
	}
	for sel, want := range map[string]string{"#start-ai": "AI crawlers and my content", "#start-acap": "ACAP", "#start-workshop": "Workshop",
		"#start-gallery": "Browse the gallery", "#start-close": "Close"} {
		if n := axName(t, ctx, sel); n != want {
			t.Errorf("%s is named %q, want %q", sel, n, want)
		}
		if tag := eval[string](t, ctx, `document.querySelector("`+sel+`").tagName`); tag != "BUTTON" {
			t.Errorf("%s is a %s, not a button", sel, tag)
		}
	}
	if !eval[bool](t, ctx, `document.querySelector("header.bar").inert && document.querySelector("main.main").inert`) {
		t.Error("the page behind the start screen is not inert")
	}
	// The editor is in the page behind it, with the welcome example.
	if !strings.HasPrefix(editorText(t, ctx), "##ACAP version=1.1\n# Welcome to the ACAP Workbench.") {
		t.Errorf("editor behind the start screen: %.60q", editorText(t, ctx))
	}
	src := axeSource(t)
	for _, theme := range []string{"light", "dark"} {
		eval[bool](t, ctx, `document.documentElement.setAttribute("data-theme", "`+theme+`"), true`)
		time.Sleep(100 * time.Millisecond)
		for _, x := range runAxe(t, ctx, src) {
			line := theme + ": " + x.ID + " (" + x.Impact + ") " + x.Help + " at " + strings.Join(x.Targets, "; ")
			if x.Impact == "serious" || x.Impact == "critical" {
				t.Errorf("axe on the start screen, %s", line)
			} else {
				t.Logf("axe on the start screen, %s", line)
			}
		}
		if theme == "dark" {
			screenshot(t, ctx, "start-screen-dark")
		}
	}
	eval[bool](t, ctx, `document.documentElement.setAttribute("data-theme", "light"), true`)

	// Tab reaches the other choices.
	pressKey(t, ctx, kb.Tab, 0)
	waitJS(t, ctx, `document.activeElement.id === "start-acap"`, 2*time.Second)
	pressKey(t, ctx, kb.Escape, 0)
	waitJS(t, ctx, `document.getElementById("start") === null && document.activeElement.id === "editor-input" && !document.querySelector("main.main").inert`, 5*time.Second)
	if !strings.HasPrefix(editorText(t, ctx), "##ACAP version=1.1\n# Welcome") {
		t.Errorf("after Escape the editor holds %.60q", editorText(t, ctx))
	}
	if shownPanel(t, ctx) != "sim" {
		t.Errorf("after Escape the panel shown is %q, want the simulator", shownPanel(t, ctx))
	}
	reloadPage(t, ctx)
	time.Sleep(300 * time.Millisecond)
	if startShown(t, ctx) {
		t.Error("the start screen came back after it was answered")
	}
	click(t, ctx, "#start-open")
	waitStart(t, ctx)
	click(t, ctx, "#start-close")
	waitJS(t, ctx, `document.getElementById("start") === null && document.activeElement.id === "start-open"`, 5*time.Second)
}

// TestStartScreenAICrawlers: "AI crawlers and my content" opens
// nytimes.com's file of January 2026 from the gallery, simulated as today's
// crawlers read it, with the policy builder shown and its rows filled.
func TestStartScreenAICrawlers(t *testing.T) {
	ctx := openFirstVisit(t)
	want := readDist(t, "web/gallery/"+startFile)
	click(t, ctx, "#start-ai")
	waitJS(t, ctx, `document.getElementById("start") === null && document.getElementById("editor-input").value === `+jsString(want), 10*time.Second)
	if p := shownPanel(t, ctx); p != "builder" {
		t.Errorf("the panel shown is %q, want the builder", p)
	}
	if f := eval[string](t, ctx, `document.activeElement.id`); f != "ptab-builder" {
		t.Errorf("the focus is on %q, want the builder's tab", f)
	}
	if k := eval[string](t, ctx, `document.getElementById("sim-kind").value`); k != "today" {
		t.Errorf("the simulator's kind is %q, want today", k)
	}
	// The welcome example was not the visitor's: it is not kept.
	if tabs := tabNames(t, ctx); len(tabs) != 1 || !strings.HasPrefix(tabs[0], startFile) {
		t.Errorf("tabs = %q, want %s alone", tabs, startFile)
	}
	// The builder has the rows of its groups and of the file's crawlers.
	waitJS(t, ctx, `!!document.querySelector('#panel-builder tr[data-row="file:twitterbot"]') && !!document.querySelector('#panel-builder tr[data-row="train"] .bld-count')`, 20*time.Second)
	eval[bool](t, ctx, `scrollTo(0, 0), true`)
	screenshot(t, ctx, "start-ai-builder")
}

// TestStartScreenACAP: "ACAP" shows the welcome example, an ACAP 1.1
// file, with the simulator asking as an ACAP crawler: a matrix of the
// fourteen ACAP usages.
func TestStartScreenACAP(t *testing.T) {
	ctx := openFirstVisit(t)
	click(t, ctx, "#start-acap")
	waitJS(t, ctx, `document.getElementById("start") === null`, 5*time.Second)
	waitSim(t, ctx)
	if !strings.HasPrefix(editorText(t, ctx), "##ACAP version=1.1\n# Welcome to the ACAP Workbench.") {
		t.Errorf("the editor holds %.60q", editorText(t, ctx))
	}
	if p := shownPanel(t, ctx); p != "sim" {
		t.Errorf("the panel shown is %q, want the simulator", p)
	}
	if k := eval[string](t, ctx, `document.getElementById("sim-kind").value`); k != "acap" {
		t.Errorf("the simulator's kind is %q, want acap", k)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#sim-matrix thead th.mx-u").length`); n != 14 {
		t.Errorf("the matrix has %d usage columns, want 14", n)
	}
	// The focus moves in a task after the start screen's last frame.
	if waitJSErr(ctx, `document.activeElement.id === "editor-input"`, 3*time.Second) != nil {
		t.Errorf("the focus is on %q, want the editor", eval[string](t, ctx, `document.activeElement.id`))
	}
	screenshot(t, ctx, "start-acap")
}

// TestStartScreenWorkshop: "Workshop" shows the exercises; "Help" the
// start screen's help page.
func TestStartScreenWorkshop(t *testing.T) {
	ctx := openFirstVisit(t)
	click(t, ctx, "#start-workshop")
	waitJS(t, ctx, `document.getElementById("start") === null && document.querySelectorAll("#panel-exercises .wk-ex-list button").length > 5`, 10*time.Second)
	if p := shownPanel(t, ctx); p != "exercises" {
		t.Errorf("the panel shown is %q, want the exercises", p)
	}
	if f := eval[string](t, ctx, `document.activeElement.id`); f != "ptab-exercises" {
		t.Errorf("the focus is on %q, want the exercises' tab", f)
	}
	if !strings.HasPrefix(editorText(t, ctx), "##ACAP version=1.1\n# Welcome") {
		t.Errorf("the editor holds %.60q", editorText(t, ctx))
	}
	screenshot(t, ctx, "start-workshop")

	// Help: the start screen's own help page.
	click(t, ctx, "#start-open")
	waitStart(t, ctx)
	click(t, ctx, "#start-help")
	waitJS(t, ctx, `document.getElementById("start") === null && (h => !!h && h.textContent === "The start screen")(document.getElementById("wk-help-h"))`, 5*time.Second)
	if p := shownPanel(t, ctx); p != "help" {
		t.Errorf("the panel shown is %q, want the help", p)
	}
}

// TestStartScreenReturningVisitor: a visitor with saved text (from before
// the start screen existed: nothing says it was answered) goes straight to
// that text. Reopened with the Start button, each choice that opens an
// example keeps the visitor's text, downloaded or not, in a tab of its
// own, and says so.
func TestStartScreenReturningVisitor(t *testing.T) {
	for _, dirty := range []bool{true, false} {
		name := "downloaded"
		if dirty {
			name = "not-downloaded"
		}
		t.Run(name, func(t *testing.T) {
			const mine = "User-agent: *\nDisallow: /mine/\n"
			ctx := newFirstVisitTab(t)
			open(t, ctx, site.URL+"/")
			clearStorage(t, ctx)
			rec, _ := json.Marshal(map[string]any{"v": 1, "name": "robots.txt", "text": mine, "dirty": dirty, "savedAt": time.Now().UnixMilli()})
			eval[bool](t, ctx, `localStorage.setItem("acap-workbench:v1:doc", `+jsString(string(rec))+`), true`)
			reloadPage(t, ctx)
			time.Sleep(300 * time.Millisecond)
			if startShown(t, ctx) {
				t.Fatal("a returning visitor is shown the start screen")
			}
			if got := editorText(t, ctx); got != mine {
				t.Fatalf("the editor holds %q, want the visitor's text", got)
			}

			click(t, ctx, "#start-open")
			waitStart(t, ctx)
			screenshot(t, ctx, "start-returning-"+name)
			click(t, ctx, "#start-ai")
			want := readDist(t, "web/gallery/"+startFile)
			waitJS(t, ctx, `document.getElementById("editor-input").value === `+jsString(want), 10*time.Second)
			tabs := tabNames(t, ctx)
			if len(tabs) != 2 || !strings.HasPrefix(tabs[0], startFile) || !strings.HasPrefix(tabs[1], "robots.txt") {
				t.Fatalf("tabs = %q, want the example and robots.txt kept", tabs)
			}
			if n := eval[string](t, ctx, `document.getElementById("notice").textContent`); !strings.Contains(n, "kept in the tab “robots.txt”") {
				t.Errorf("notice = %q", n)
			}
			eval[bool](t, ctx, `document.querySelector("#notice button").click(), true`)

			// ACAP: the welcome example; the visitor's file and the 2026
			// example it replaces are both kept.
			click(t, ctx, "#start-open")
			waitStart(t, ctx)
			click(t, ctx, "#start-acap")
			waitJS(t, ctx, `document.getElementById("editor-input").value.startsWith("##ACAP version=1.1\n# Welcome")`, 10*time.Second)
			if k := eval[string](t, ctx, `document.getElementById("sim-kind").value`); k != "acap" {
				t.Errorf("the simulator's kind is %q, want acap", k)
			}
			tabs = tabNames(t, ctx)
			if len(tabs) != 3 {
				t.Fatalf("tabs = %q, want three", tabs)
			}
			click(t, ctx, "#tab-2")
			waitJS(t, ctx, `document.getElementById("editor-input").value === `+jsString(mine), 5*time.Second)

			// Saved: the visitor's text is there after a reload too.
			reloadPage(t, ctx)
			if startShown(t, ctx) {
				t.Error("the start screen came back")
			}
			got := eval[string](t, ctx, `JSON.parse(localStorage.getItem("acap-workbench:v1:workspace")).files.map(f => f.text).join("\n----\n")`)
			if !strings.Contains(got, mine) {
				t.Errorf("the visitor's text is not in the saved workspace: %.200q", got)
			}
		})
	}
}

// TestStartScreenGallery: "Browse the gallery" shows the gallery with the
// focus in its filter; the gallery lists the newest files first (2026),
// each card named for its file; typing filters by name and words, the
// group list by group, and the line under them says how many are shown.
func TestStartScreenGallery(t *testing.T) {
	ctx := openFirstVisit(t)
	var entries []galleryEntry
	if err := json.Unmarshal([]byte(readDist(t, "web/gallery/gallery.json")), &entries); err != nil {
		t.Fatal(err)
	}
	click(t, ctx, "#start-gallery")
	waitJS(t, ctx, `document.querySelectorAll("#panel-gallery .wk-card").length === `+itoa(len(entries))+` && document.activeElement.id === "wk-g-filter"`, 10*time.Second)
	groups := eval[[]string](t, ctx, `[...document.querySelectorAll("#panel-gallery .wk-group > h3")].map(h => h.textContent)`)
	if strings.Join(groups, "|") != "Today's AI crawlers (2026)|Real publishers' files|Implementation Guide|1996 documents" {
		t.Errorf("groups = %q, want the newest first", groups)
	}
	names := eval[[]string](t, ctx, `[...document.querySelectorAll("#panel-gallery .wk-card h4")].map(h => h.textContent)`)
	if len(names) < 10 || names[0] != "lobste.rs" || !strings.Contains(strings.Join(names[:5], " "), "nytimes.com") {
		t.Errorf("the first cards are %q, want the 2026 files first", names[:min(8, len(names))])
	}
	// Inside a group, the newest file first: the real files of 2019 before
	// those of 2015, the-acap.org (2009) last.
	real := eval[[]string](t, ctx, `[...document.querySelectorAll("#panel-gallery .wk-group")[1].querySelectorAll("h4")].map(h => h.textContent)`)
	if len(real) < 3 || !strings.HasPrefix(real[0], "independent.ie") && !strings.HasPrefix(real[0], "vulvodynia.pl") || real[len(real)-1] != "the-acap.org" {
		t.Errorf("the real publishers' files are in the order %q", real)
	}
	if n := axName(t, ctx, `#panel-gallery .wk-card button`); n != "Open as new file — "+names[0] {
		t.Errorf("the first card's button is named %q", n)
	}
	eval[bool](t, ctx, `document.getElementById("ptab-gallery").scrollIntoView(), true`)
	screenshot(t, ctx, "start-gallery")

	// Typing filters.
	if err := chromedp.Do(ctx, chromedp.SendKeys("#wk-g-filter", "nytimes")); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, `document.querySelectorAll("#panel-gallery .wk-card").length === 1`, 5*time.Second)
	if got := eval[string](t, ctx, `document.querySelector("#panel-gallery .wk-card h4").textContent`); got != "nytimes.com" {
		t.Errorf("filtered card: %q", got)
	}
	if st := eval[string](t, ctx, `document.querySelector("#panel-gallery .wk-status").textContent`); st != "1 of "+itoa(len(entries))+" example files, newest first" {
		t.Errorf("status = %q", st)
	}
	screenshot(t, ctx, "start-gallery-filtered")
	// Words of the description count, each of them.
	setField(t, ctx, "wk-g-filter", "thumbnails Snippets")
	waitJS(t, ctx, `[...document.querySelectorAll("#panel-gallery .wk-card h4")].map(h => h.textContent).join() === "guide-ex-4-10"`, 5*time.Second)
	setField(t, ctx, "wk-g-filter", "no such words here")
	waitJS(t, ctx, `document.querySelectorAll("#panel-gallery .wk-card").length === 0 && document.querySelector("#panel-gallery .wk-status").textContent === "0 of `+itoa(len(entries))+` example files, newest first"`, 5*time.Second)
	// The group list.
	setField(t, ctx, "wk-g-filter", "")
	pick(t, ctx, "wk-g-group", "1996 documents")
	waitJS(t, ctx, `document.querySelectorAll("#panel-gallery .wk-card").length === 2`, 5*time.Second)
	pick(t, ctx, "wk-g-group", "")
	waitJS(t, ctx, `document.querySelectorAll("#panel-gallery .wk-card").length === `+itoa(len(entries)), 5*time.Second)

	// A card opens its file.
	setField(t, ctx, "wk-g-filter", "nytimes")
	waitJS(t, ctx, `document.querySelectorAll("#panel-gallery .wk-card").length === 1`, 5*time.Second)
	click(t, ctx, "#panel-gallery .wk-card button")
	waitJS(t, ctx, `document.getElementById("editor-input").value === `+jsString(readDist(t, "web/gallery/"+startFile)), 10*time.Second)
}

// TestStartScreenPhone: on a 390 × 844 phone the start screen fits the
// width, nothing in it is cut off, every choice can be reached by
// scrolling inside it, and axe-core finds no violation.
func TestStartScreenPhone(t *testing.T) {
	ctx := newFirstVisitTab(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(3))); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, site.URL+"/")
	waitStart(t, ctx)
	screenshot(t, ctx, "start-phone")
	if bad := eval[[]string](t, ctx, clippedJS); len(bad) > 0 {
		t.Errorf("cut off at the window's edge: %q", bad)
	}
	for _, id := range []string{"start-ai", "start-acap", "start-workshop", "start-gallery", "start-close"} {
		r := eval[[]float64](t, ctx, `(b => { b.scrollIntoView({block: "nearest"}); const r = b.getBoundingClientRect();
			return [r.left, r.right, r.top, r.bottom, innerWidth, innerHeight] })(document.getElementById("`+id+`"))`)
		if r[0] < 0 || r[1] > r[4]+1 || r[2] < 0 || r[3] > r[5]+1 {
			t.Errorf("%s cannot be brought into view: %v", id, r)
		}
	}
	screenshot(t, ctx, "start-phone-scrolled")
	for _, x := range runAxe(t, ctx, axeSource(t)) {
		t.Errorf("axe at phone size: %s (%s) %s at %s", x.ID, x.Impact, x.Help, strings.Join(x.Targets, "; "))
	}
	click(t, ctx, "#start-ai")
	waitJS(t, ctx, `document.getElementById("start") === null && document.getElementById("tab-0").textContent.startsWith("`+startFile+`")`, 10*time.Second)
	if bad := eval[[]string](t, ctx, clippedJS); len(bad) > 0 {
		t.Errorf("after the choice, cut off at the window's edge: %q", bad)
	}
	// The focus is on the builder's tab, in view.
	time.Sleep(300 * time.Millisecond)
	if r := eval[[]float64](t, ctx, `(b => { const r = b.getBoundingClientRect(); return [document.activeElement === b ? 1 : 0, r.top, r.bottom, innerHeight, scrollY] })(document.getElementById("ptab-builder"))`); r[0] != 1 || r[1] < 0 || r[2] > r[3] {
		t.Errorf("the builder's tab is not focused in view: focused %v, top %v, bottom %v, window %v, scrolled %v", r[0], r[1], r[2], r[3], r[4])
	}
	screenshot(t, ctx, "start-phone-ai")
}
