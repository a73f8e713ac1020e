//go:build e2e && !js

package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/acap-workbench/workbench/app/directory"
	"github.com/acap-workbench/workbench/policy"
)

// guideFile is in the manner of the ACAP 1.1 implementation guide's
// examples: conventional lines first, an any record, a named record with
// purpose sub-records, qualifiers and a time limit.
const guideFile = `##ACAP version=1.1
# Conventional policies for crawlers that do not read ACAP.
User-agent: *
Disallow: /private/
Disallow: /search

# ACAP policies.
ACAP-crawler: *
ACAP-disallow-crawl: /private/
ACAP-disallow-crawl: /search
ACAP-allow-crawl: /
ACAP-allow-index: /news/ time-limit=7-days
ACAP-allow-present-snippet: /news/ max-length=20-words
ACAP-disallow-present-snippet: /archive/*.html$
ACAP-disallow-preserve: /archive/
ACAP-disallow-other: /

ACAP-crawler: SearchBot1
ACAP-allow-crawl: /
ACAP-allow-index: /
ACAP-allow-present-currentcopy: /news/ time-limit=until-2008-12-31
ACAP-disallow-present-thumbnail: /photos/
ACAP-usage-purpose: news.*
ACAP-usage-purpose: images.*
ACAP-disallow-crawl: /private/
ACAP-disallow-index: /archive/
`

// openSim opens the app with text in the editor and waits for the matrix.
func openSim(t *testing.T, ctx context.Context, text string) {
	t.Helper()
	open(t, ctx, site.URL+"/")
	// Start from the defaults: no workspace or choices saved by a test
	// before.
	clearStorage(t, ctx)
	reloadPage(t, ctx)
	setText(t, ctx, text)
	waitSim(t, ctx)
}

// waitSim waits until the simulator has run on the editor's current text.
func waitSim(t *testing.T, ctx context.Context) {
	t.Helper()
	waitJS(t, ctx, `window.__wbSimText === document.getElementById("editor-input").value.length && document.querySelectorAll("#sim-matrix button.cell").length > 0`, 30*time.Second)
}

// click clicks the element as a user would (a mouse click at its middle).
func click(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := chromedp.Do(cctx, chromedp.Click(chromedp.CSS(sel))); err != nil {
		t.Fatalf("clicking %s: %v", sel, err)
	}
}

// setField sets a form control's value as a user would, with an input event.
func setField(t *testing.T, ctx context.Context, id, value string) {
	t.Helper()
	eval[bool](t, ctx, fmt.Sprintf(`(() => { const e = document.getElementById(%q); e.focus(); e.value = %s;
		e.dispatchEvent(new Event("input", {bubbles: true})); e.dispatchEvent(new Event("change", {bubbles: true})); return true })()`, id, jsString(value)))
}

// cells returns the matrix as rows of "yes", "limits", "no".
func cells(t *testing.T, ctx context.Context) [][]string {
	t.Helper()
	return eval[[][]string](t, ctx, `[...document.querySelectorAll("#sim-matrix tbody tr")].map(tr => [...tr.querySelectorAll("button.cell")].map(b => b.textContent.replace(/^[^a-z]+/, "")))`)
}

// want computes the expected matrix natively with the policy package.
func want(f *policy.File, q policy.Question, urls []string) [][]string {
	p := policy.NewPolicy(f)
	us := policy.UsesOf(policy.KindACAP)
	ans := p.Matrix(q, urls, us, []policy.Kind{q.Kind})
	var out [][]string
	for i := range urls {
		var row []string
		for j := range us {
			a := ans[i*len(us)+j]
			switch {
			case !a.Allowed:
				row = append(row, "no")
			case len(a.Restrictions) > 0:
				row = append(row, "limits")
			default:
				row = append(row, "yes")
			}
		}
		out = append(out, row)
	}
	return out
}

func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(outDir, name+".png")
	if err := os.WriteFile(p, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", p)
}

func setTheme(t *testing.T, ctx context.Context, theme string) {
	t.Helper()
	eval[bool](t, ctx, `document.documentElement.getAttribute("data-theme") !== "`+theme+`" && document.getElementById("theme").click(), true`)
	waitJS(t, ctx, `document.documentElement.getAttribute("data-theme") === "`+theme+`"`, 2*time.Second)
}

// TestSimulatorMatrix types URLs, picks a crawler, a purpose and a date, and
// checks every cell against the policy package; then clicks a cell and
// follows its explanation into the editor.
func TestSimulatorMatrix(t *testing.T) {
	ctx := newTab(t)
	openSim(t, ctx, guideFile)
	f := policy.MustParse(guideFile)

	// The lists offer the file's crawlers and purposes.
	opts := eval[[]string](t, ctx, `[...document.querySelectorAll("#sim-crawler > option")].map(o => o.textContent)`)
	if strings.Join(opts, "|") != "Any other crawler|SearchBot1|Another name (type it)…" {
		t.Errorf("crawler options = %q", opts)
	}
	popts := eval[[]string](t, ctx, `[...document.getElementById("sim-purpose").options].map(o => o.textContent)`)
	if strings.Join(popts, "|") != "No purpose|news.*|images.*|Another purpose (type it)…" {
		t.Errorf("purpose options = %q", popts)
	}

	// Type URLs for real, into the URL list.
	urls := []string{"/", "/news/today.html", "https://example.com/private/x.html", "/archive/2007/a.html", "/photos/cat.jpg", "/search?q=acap"}
	setField(t, ctx, "sim-urls", "")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#sim-urls`)), chromedp.KeyEvent(strings.Join(urls, "\n"))); err != nil {
		t.Fatal(err)
	}
	setField(t, ctx, "sim-date", "2008-06-01")
	date, _ := policy.ParseDate("2008-06-01")
	q := policy.Question{Crawler: "other-crawler", Date: date}
	if got, w := cells(t, ctx), want(f, q, urls); fmt.Sprint(got) != fmt.Sprint(w) {
		t.Errorf("any other crawler:\n got %v\nwant %v", got, w)
	}

	// Pick SearchBot1 and the purpose news.example.
	eval[bool](t, ctx, `(() => { const s = document.getElementById("sim-crawler"); s.value = "n:SearchBot1"; s.dispatchEvent(new Event("change", {bubbles: true})); return true })()`)
	setField(t, ctx, "sim-purpose-text", "news.example")
	if v := eval[string](t, ctx, `document.getElementById("sim-purpose").value`); v != "custom" {
		t.Errorf("typing a purpose did not choose it: %q", v)
	}
	q = policy.Question{Crawler: "SearchBot1", Purpose: "news.example", Date: date}
	if got, w := cells(t, ctx), want(f, q, urls); fmt.Sprint(got) != fmt.Sprint(w) {
		t.Errorf("SearchBot1 for news.example:\n got %v\nwant %v", got, w)
	}
	setField(t, ctx, "sim-purpose-text", "")
	eval[bool](t, ctx, `(() => { const s = document.getElementById("sim-purpose"); s.value = ""; s.dispatchEvent(new Event("change", {bubbles: true})); return true })()`)
	q = policy.Question{Crawler: "SearchBot1", Date: date}
	w := want(f, q, urls)
	if got := cells(t, ctx); fmt.Sprint(got) != fmt.Sprint(w) {
		t.Errorf("SearchBot1, no purpose:\n got %v\nwant %v", got, w)
	}
	// A full User-Agent string, matched by substring.
	ua := "Mozilla/5.0 (compatible; searchbot1/2.1; +http://example.com/bot)"
	click(t, ctx, `#sim-ua`)
	setField(t, ctx, "sim-crawler-name", ua)
	if got, w := cells(t, ctx), want(f, policy.Question{Crawler: ua, UserAgent: true, Date: date}, urls); fmt.Sprint(got) != fmt.Sprint(w) {
		t.Errorf("User-Agent string:\n got %v\nwant %v", got, w)
	}
	if fmt.Sprint(want(f, policy.Question{Crawler: ua, UserAgent: true, Date: date}, urls)) == fmt.Sprint(want(f, policy.Question{Crawler: ua, Date: date}, urls)) {
		t.Error("test premise: the User-Agent option changes nothing here")
	}
	click(t, ctx, `#sim-ua`)
	if got, w := cells(t, ctx), want(f, policy.Question{Crawler: ua, Date: date}, urls); fmt.Sprint(got) != fmt.Sprint(w) {
		t.Errorf("the same string as a name:\n got %v\nwant %v", got, w)
	}
	// Another kind of crawler.
	eval[bool](t, ctx, `(() => { const s = document.getElementById("sim-kind"); s.value = "rfc9309"; s.dispatchEvent(new Event("change", {bubbles: true})); return true })()`)
	if got, w := cells(t, ctx), want(f, policy.Question{Crawler: ua, Date: date, Kind: policy.KindRFC9309}, urls); fmt.Sprint(got) != fmt.Sprint(w) {
		t.Errorf("rfc9309:\n got %v\nwant %v", got, w)
	}
	eval[bool](t, ctx, `(() => { const s = document.getElementById("sim-kind"); s.value = "acap"; s.dispatchEvent(new Event("change", {bubbles: true})); return true })()`)
	eval[bool](t, ctx, `(() => { const s = document.getElementById("sim-crawler"); s.value = "n:SearchBot1"; s.dispatchEvent(new Event("change", {bubbles: true})); return true })()`)
	if got := cells(t, ctx); fmt.Sprint(got) != fmt.Sprint(w) {
		t.Errorf("back to SearchBot1:\n got %v\nwant %v", got, w)
	}

	// The three verdicts appear, each with an icon and a word, and a legend.
	all := fmt.Sprint(w)
	for _, v := range []string{"yes", "limits", "no"} {
		if !strings.Contains(all, v) {
			t.Errorf("test file gives no %q cell", v)
		}
	}
	if lg := eval[string](t, ctx, `document.querySelector(".legend").textContent`); !strings.Contains(lg, "allowed with restrictions") || !strings.Contains(lg, "not allowed") {
		t.Errorf("legend = %q", lg)
	}

	// Click the cell of /news/today.html × present-currentcopy.
	us := policy.Usages()
	col := 0
	for j, u := range us {
		if u == policy.UsagePresentCurrentCopy {
			col = j
		}
	}
	p := policy.NewPolicy(f)
	a := p.Decide(policy.Question{Crawler: "SearchBot1", Date: date, URL: "/news/today.html", Usage: policy.UsagePresentCurrentCopy})
	click(t, ctx, fmt.Sprintf(`#sim-matrix button[data-r="1"][data-c="%d"]`, col))
	waitJS(t, ctx, `document.querySelectorAll("#sim-explain .step").length > 0`, 2*time.Second)
	steps := eval[[]string](t, ctx, `[...document.querySelectorAll("#sim-explain .step .st-text")].map(s => s.textContent)`)
	if len(steps) != len(a.Trace.Steps) {
		t.Fatalf("explanation has %d steps, trace %d:\n%v\n%s", len(steps), len(a.Trace.Steps), steps, a.Trace.String())
	}
	for i, st := range a.Trace.Steps {
		if steps[i] != st.Text {
			t.Errorf("step %d = %q, want %q", i, steps[i], st.Text)
		}
	}
	// The deciding line and the considered ones are marked in the editor.
	decide := eval[[]string](t, ctx, `[...document.querySelectorAll("#gutter-win .num.tr-decide")].map(n => n.textContent)`)
	if a.Line == 0 || len(decide) != 1 || decide[0] != itoa(a.Line) {
		t.Errorf("deciding line marked %v, want %d", decide, a.Line)
	}
	marked := eval[int](t, ctx, `document.querySelectorAll("#hl-win .wbl.tr-decide, #hl-win .wbl.tr-consider").length`)
	if marked < len(a.Trace.Lines()) {
		t.Errorf("%d lines marked, trace mentions %v", marked, a.Trace.Lines())
	}
	// Clicking a line of the explanation moves the cursor there.
	line := a.Line
	click(t, ctx, fmt.Sprintf(`#sim-explain button.ln[data-line="%d"]`, line))
	pos := eval[int](t, ctx, `document.getElementById("editor-input").selectionStart`)
	lines := strings.SplitAfter(guideFile, "\n")
	if off := len(strings.Join(lines[:line-1], "")); pos != off || !eval[bool](t, ctx, `document.activeElement.id === "editor-input"`) {
		t.Errorf("cursor at %d, want %d (line %d), focused on the editor", pos, off, line)
	}

	// Compare kinds: every kind answers for the same URL.
	kinds := eval[[]string](t, ctx, `[...document.querySelectorAll("#sim-compare td[data-kind]")].map(td => td.dataset.kind + ":" + td.textContent.trim())`)
	if len(kinds) != 2*len(policy.Kinds()) {
		t.Errorf("compare shows %d answers: %v", len(kinds), kinds)
	}
	for _, k := range policy.Kinds() {
		a := p.Decide(policy.Question{Crawler: "SearchBot1", Date: date, URL: "/news/today.html", Usage: policy.UsageCrawl, Kind: k})
		w := "✕ not allowed"
		if a.Allowed {
			w = "✓ allowed"
		}
		found := false
		for _, s := range kinds {
			if s == k.String()+":"+w {
				found = true
			}
		}
		if !found {
			t.Errorf("kind %s: want crawl %q in %v", k, w, kinds)
		}
	}

	// Keyboard: the matrix is one tab stop; arrows move between cells.
	eval[bool](t, ctx, `document.querySelector("#sim-matrix button[tabindex='0']").focus(), true`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowDown)); err != nil {
		t.Fatal(err)
	}
	if r := eval[string](t, ctx, `document.activeElement.dataset.r`); r != "2" {
		t.Errorf("after ArrowDown the focused row is %q, want 2", r)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#sim-matrix button[tabindex='0']").length`); n != 1 {
		t.Errorf("%d cells are tab stops, want 1", n)
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent("\r")); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, `document.querySelector("#sim-explain h3").textContent.startsWith("https://example.com/private/x.html")`, 2*time.Second)
	for _, theme := range []string{"light", "dark"} {
		setTheme(t, ctx, theme)
		screenshot(t, ctx, "simulator-"+theme)
	}
	eval[bool](t, ctx, `localStorage.removeItem("acap-workbench:v1:theme"), true`)
}

// TestDirectoryKeepsTheMatrix: the crawler directory arrives after the
// first matrix; the picker then offers its crawlers, and the matrix, whose
// question it does not change, is not answered anew (on a large file that
// was a second start of the whole table). Picking a crawler of the
// directory asks anew, and the picker keeps the choice.
func TestDirectoryKeepsTheMatrix(t *testing.T) {
	ctx := newTab(t)
	open(t, ctx, site.URL+"/")
	clearStorage(t, ctx)
	reloadPage(t, ctx)
	waitJS(t, ctx, `window.__wbSimText === document.getElementById("editor-input").value.length &&
		document.querySelector('#sim-crawler option[value="n:GPTBot"]') !== null`, 30*time.Second)
	if n := eval[int](t, ctx, `window.__wbSimRuns`); n != 1 {
		t.Errorf("the matrix was asked %d times by the start and the directory's arrival, want once", n)
	}
	eval[bool](t, ctx, `(() => { const s = document.getElementById("sim-crawler"); s.value = "n:GPTBot"; s.dispatchEvent(new Event("change", {bubbles: true})); return true })()`)
	waitJS(t, ctx, `window.__wbSimRuns === 2 && window.__wbSimText === document.getElementById("editor-input").value.length`, 30*time.Second)
	if got := eval[string](t, ctx, `document.getElementById("sim-crawler").value`); got != "n:GPTBot" {
		t.Errorf("the picker shows %q after choosing GPTBot", got)
	}
	if got := eval[string](t, ctx, `document.getElementById("sim-status").textContent`); !strings.Contains(got, "GPTBot") {
		t.Errorf("the status does not speak of GPTBot: %q", got)
	}
}

// TestDirectoryMovesNothing: the crawler directory arrives after the page
// is in use (here held back until the matrix is shown); filling the
// pickers and the batch view's status with it moves nothing in the panel.
// It did: the crawler picker widened and pushed its name field to a line
// of its own, and the status took two lines, so what was below (the
// converter's toggle) moved 76 px some 50 ms after the matrix, under a
// pointer on its way to it.
func TestDirectoryMovesNothing(t *testing.T) {
	ctx := newTab(t)
	// Every page of the tab holds the directory's answer back until
	// __releaseDir is called.
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `(() => {
		const f = window.fetch; let release; const gate = new Promise(r => release = r);
		window.__releaseDir = () => { release(); return true };
		window.fetch = function (u, ...a) { const p = f.call(this, u, ...a); return String(u).endsWith(` + jsString(directory.Path) + `) ? gate.then(() => p) : p };
	})()`}); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, site.URL+"/")
	openSim(t, ctx, applyFile(20, false))
	if got := eval[string](t, ctx, `document.getElementById("batch-status").textContent`); !strings.HasPrefix(got, "Loading") {
		t.Fatalf("before the directory arrives, the batch view's status is %q", got)
	}
	const places = `JSON.stringify(["sim-urls", "sim-matrix", "batch-fill", "batch-may", "conv-toggle", "page-toggle"].map(id => { const e = document.getElementById(id); return e ? id + " " + Math.round(e.getBoundingClientRect().top) : id + " missing" }))`
	before := eval[string](t, ctx, places)
	eval[bool](t, ctx, `window.__releaseDir()`)
	waitJS(t, ctx, `document.getElementById("batch-status").textContent.includes("AI crawlers from") && document.querySelector('#sim-crawler option[value="n:GPTBot"]') !== null`, 30*time.Second)
	waitPaint(t, ctx)
	if after := eval[string](t, ctx, places); after != before {
		t.Errorf("the directory's arrival moved the panel:\nbefore %s\nafter  %s", before, after)
	}
}
