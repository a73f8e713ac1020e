//go:build e2e && !js

package e2e

import (
	"bytes"
	"compress/flate"
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/acap-workbench/workbench/app/exercise"
	"github.com/acap-workbench/workbench/app/help"
	"github.com/acap-workbench/workbench/app/share"
)

// galleryEntry is the part of web/gallery/gallery.json the tests read.
type galleryEntry struct {
	ID, Title, File string
	URLs            []string
	Crawlers        []string
}

func readDist(t *testing.T, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(distDir, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// startFresh opens the site with nothing saved.
func startFresh(t *testing.T) (ctx context.Context) {
	t.Helper()
	ctx = newTab(t)
	open(t, ctx, site.URL+"/")
	clearStorage(t, ctx)
	reloadPage(t, ctx)
	return ctx
}

func editorText(t *testing.T, ctx context.Context) string {
	t.Helper()
	return eval[string](t, ctx, `document.getElementById("editor-input").value`)
}

func showPanel(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	click(t, ctx, "#ptab-"+id)
	panel := "panel-" + id
	if id == "sim" {
		panel = "side-extra"
	}
	waitJS(t, ctx, `document.getElementById("ptab-`+id+`").getAttribute("aria-selected") === "true" && !document.getElementById("`+panel+`").hidden`, 5*time.Second)
}

// TestGalleryOpensAsNewFile opens an example from the gallery while the
// user's robots.txt has changes that were not downloaded: the example
// becomes the simulated file, with its URLs and crawler, and the user's
// text is kept in a tab of its own.
func TestGalleryOpensAsNewFile(t *testing.T) {
	ctx := startFresh(t)
	var entries []galleryEntry
	if err := json.Unmarshal([]byte(readDist(t, "web/gallery/gallery.json")), &entries); err != nil {
		t.Fatal(err)
	}
	const mine = "User-agent: *\nDisallow: /mine/\n"
	setText(t, ctx, mine)

	showPanel(t, ctx, "gallery")
	waitJS(t, ctx, `document.querySelectorAll("#panel-gallery .wk-card").length === `+itoa(len(entries)), 10*time.Second)
	groups := eval[[]string](t, ctx, `[...document.querySelectorAll("#panel-gallery .wk-group > h3")].map(h => h.textContent)`)
	if strings.Join(groups, "|") != "Today's AI crawlers (2026)|Real publishers' files|Implementation Guide|1996 documents" {
		t.Errorf("groups = %q", groups)
	}
	screenshot(t, ctx, "workshop-gallery")

	var e galleryEntry
	for _, x := range entries {
		if x.ID == "guide-ex-4-11" {
			e = x
		}
	}
	if e.File == "" {
		t.Fatal("guide-ex-4-11 not in the gallery")
	}
	eval[bool](t, ctx, `[...document.querySelectorAll("#panel-gallery .wk-card")].find(c => c.querySelector("h4").textContent === "guide-ex-4-11").querySelector("button").click(), true`)
	want := readDist(t, "web/gallery/"+e.File)
	waitJS(t, ctx, `document.getElementById("editor-input").value === `+jsString(want), 5*time.Second)

	tabs := eval[[]string](t, ctx, `[...document.querySelectorAll("#tabs [role=tab]")].map(b => b.textContent)`)
	if len(tabs) != 2 || !strings.HasPrefix(tabs[0], e.File) || !strings.HasPrefix(tabs[1], "robots.txt") {
		t.Fatalf("tabs = %q, want the example first (simulated) and robots.txt kept", tabs)
	}
	if got := eval[string](t, ctx, `document.getElementById("sim-urls").value`); got != strings.Join(e.URLs, "\n") {
		t.Errorf("simulator URLs = %q, want %q", got, e.URLs)
	}
	if got := eval[string](t, ctx, `document.getElementById("sim-crawler-name").value`); got != e.Crawlers[0] {
		t.Errorf("simulator crawler = %q, want %q", got, e.Crawlers[0])
	}
	if !strings.Contains(eval[string](t, ctx, `document.getElementById("notice").textContent`), "kept in the tab") {
		t.Error("no notice says where the user's file went")
	}
	// The user's text is intact in its tab.
	click(t, ctx, "#tab-1")
	waitJS(t, ctx, `document.getElementById("editor-input").value === `+jsString(mine), 3*time.Second)
}

// TestExerciseRedToGreen opens an exercise, sees its checks fail on the
// starting file with an explanation, writes the solution and sees them pass.
func TestExerciseRedToGreen(t *testing.T) {
	ctx := startFresh(t)
	ex, err := exercise.Parse([]byte(readDist(t, "web/exercises/usages-no-thumbnails.json")))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	if err := jsonUnmarshal(readDist(t, "web/exercises/index.json"), &names); err != nil {
		t.Fatal(err)
	}
	showPanel(t, ctx, "exercises")
	waitJS(t, ctx, `document.querySelectorAll("#panel-exercises .wk-ex-list button").length === `+itoa(len(names)), 10*time.Second)
	eval[bool](t, ctx, `[...document.querySelectorAll("#panel-exercises .wk-ex-list button")].find(b => b.textContent === `+jsString(ex.Title)+`).click(), true`)
	waitJS(t, ctx, `document.activeElement && document.activeElement.id === "wk-ex-h"`, 3*time.Second)
	eval[bool](t, ctx, `[...document.querySelectorAll("#panel-exercises button")].find(b => b.textContent === "Open the starting file").click(), true`)
	waitJS(t, ctx, `document.getElementById("editor-input").value === `+jsString(ex.Robots), 5*time.Second)

	// The checks follow the editor 150 ms after a change: wait for the
	// red check about the starting file's line 4.
	waitJS(t, ctx, `[...document.querySelectorAll("#panel-exercises .wk-fail")].some(e => e.textContent.includes("Line 4, “ACAP-allow-present: /news/”, decides it"))`, 5*time.Second)
	fail := eval[string](t, ctx, `document.querySelector("#panel-exercises .wk-fail").textContent`)
	if !strings.Contains(fail, "The task wants “not allowed”") || !strings.Contains(fail, "thumbnail") || !strings.Contains(fail, "ACAP-allow-present: /news/") {
		t.Errorf("a red check does not say why: %q", fail)
	}
	sum := eval[string](t, ctx, `document.querySelector("#panel-exercises .wk-summary").textContent`)
	if !strings.HasPrefix(sum, "3 of 4") {
		t.Errorf("summary on the starting file = %q, want 3 of 4", sum)
	}
	screenshot(t, ctx, "workshop-exercise-red")

	setText(t, ctx, ex.Solution)
	waitJS(t, ctx, `document.querySelector("#panel-exercises .wk-summary").textContent.startsWith("All 4 checks pass")`, 5*time.Second)
	if n := eval[int](t, ctx, `document.querySelectorAll("#panel-exercises .wk-fail").length`); n != 0 {
		t.Errorf("%d checks still red", n)
	}
	screenshot(t, ctx, "workshop-exercise-green")
}

// TestShareLinkRoundTrip makes a link of a workspace and opens it in
// another tab: files, URLs, crawler, purpose, date, kind and panel come
// back, apart from the user's own work, which stays untouched.
func TestShareLinkRoundTrip(t *testing.T) {
	ctx := startFresh(t)
	const text = "##ACAP version=1.1\nACAP-crawler: NewsBot\nACAP-disallow-present-thumbnail: /news/\n"
	setText(t, ctx, text)
	setField(t, ctx, "sim-urls", "/news/a.html\n/sport/b.html")
	setField(t, ctx, "sim-crawler-name", "NewsBot")
	setField(t, ctx, "sim-purpose-text", "news-service")
	setField(t, ctx, "sim-date", "2009-03-01")
	setField(t, ctx, "sim-kind", "rfc9309")
	showPanel(t, ctx, "help")
	click(t, ctx, "#wk-share-btn")
	waitJS(t, ctx, `document.getElementById("wk-share-link").value.includes("#s=v2.")`, 3*time.Second)
	link := eval[string](t, ctx, `document.getElementById("wk-share-link").value`)
	matrix := cellsAnyPanel(t, ctx)

	// Another visitor with work of their own.
	ctx2 := newTab(t)
	open(t, ctx2, site.URL+"/")
	const own = "User-agent: *\nDisallow: /own/\n"
	setText(t, ctx2, own)
	waitJS(t, ctx2, `localStorage.getItem("acap-workbench:v1:doc") !== null && localStorage.getItem("acap-workbench:v1:doc").includes("/own/")`, 3*time.Second)
	const ownSavedJS = `(() => { const d = JSON.parse(localStorage.getItem("acap-workbench:v1:doc")); return d.name + "|" + d.text + "|" + d.dirty })()`
	ownSaved := eval[string](t, ctx2, ownSavedJS)

	goTo(t, ctx2, link)
	if got := editorText(t, ctx2); got != text {
		t.Fatalf("shared text = %q, want %q", got, text)
	}
	for id, want := range map[string]string{"sim-urls": "/news/a.html\n/sport/b.html", "sim-crawler-name": "NewsBot",
		"sim-purpose-text": "news-service", "sim-date": "2009-03-01", "sim-kind": "rfc9309"} {
		if got := eval[string](t, ctx2, `document.getElementById("`+id+`").value`); got != want {
			t.Errorf("%s = %q, want %q", id, got, want)
		}
	}
	if got := eval[string](t, ctx2, `document.getElementById("ptab-help").getAttribute("aria-selected")`); got != "true" {
		t.Errorf("help panel not open (aria-selected=%q)", got)
	}
	// Until the shared view changes, the address keeps the link, and
	// nothing of it is stored.
	if got := eval[string](t, ctx2, `location.href`); got != link {
		t.Errorf("address after opening = %.80q, want the link", got)
	}
	if got := cellsAnyPanel(t, ctx2); strings.Join(flat(got), ",") != strings.Join(flat(matrix), ",") {
		t.Errorf("matrix differs:\n got %v\nwant %v", got, matrix)
	}
	if !eval[bool](t, ctx2, `document.getElementById("shared-banner") !== null`) {
		t.Error("no banner says a shared workspace is shown")
	}
	screenshot(t, ctx2, "workshop-shared")
	if eval[bool](t, ctx2, `localStorage.getItem("acap-workbench:v1:shared-view") !== null`) {
		t.Error("the shared view was stored before it changed")
	}
	// An edit is saved apart, and the address becomes #shared: a reload
	// stays in the shared view, with its edits. The visitor's own work
	// was not touched.
	setText(t, ctx2, text+"# edited\n")
	waitJS(t, ctx2, `(localStorage.getItem("acap-workbench:v1:shared-view") || "").includes("# edited")`, 10*time.Second)
	if got := eval[string](t, ctx2, `location.hash`); got != "#shared" {
		t.Errorf("fragment after the first save = %q, want #shared", got)
	}
	if got := eval[string](t, ctx2, ownSavedJS); got != ownSaved {
		t.Errorf("own work changed in storage: %.80q", got)
	}
	reloadPage(t, ctx2)
	if got := editorText(t, ctx2); got != text+"# edited\n" {
		t.Errorf("after reload the shared view shows %q", got)
	}
	// Back to the visitor's own work, with an edit of the shared view
	// not yet saved: it is not saved over the visitor's work.
	eval2(ctx2, `(ta => { ta.value += "# not kept\n"; ta.dispatchEvent(new Event("input", {bubbles: true})) })(document.getElementById("editor-input")),
		document.documentElement.dataset.ready = "0", document.getElementById("shared-back").click(), true`)
	waitReady(t, ctx2)
	if got := editorText(t, ctx2); got != own {
		t.Errorf("back to own work shows %q, want %q", got, own)
	}
	// Open it again and keep it: the user is asked first (their work has
	// changes that were not downloaded), then it is their work.
	goTo(t, ctx2, link)
	eval[bool](t, ctx2, `window.__asked = "", window.confirm = (m) => { window.__asked = m; return true }, true`)
	click(t, ctx2, "#shared-keep")
	waitJS(t, ctx2, `document.getElementById("shared-banner") === null && location.hash === ""`, 3*time.Second)
	if asked := eval[string](t, ctx2, `window.__asked`); !strings.Contains(asked, "not downloaded") {
		t.Errorf("keeping the shared workspace did not ask first (%q)", asked)
	}
	if got := eval[string](t, ctx2, `JSON.parse(localStorage.getItem("acap-workbench:v1:doc")).text`); got != text {
		t.Errorf("kept workspace saved as %q", got)
	}
	reloadPage(t, ctx2)
	if got := editorText(t, ctx2); got != text {
		t.Errorf("after keeping and reloading the editor shows %q", got)
	}
}

// goTo goes to url from the open workbench as a user pasting it in the
// address bar does: a link that differs only in its fragment does not load
// a new page by itself (the app reloads for a share link).
func goTo(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	eval[bool](t, ctx, `document.documentElement.dataset.ready = "0", true`)
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	waitReady(t, ctx)
}

// cellsAnyPanel reads the matrix even when the simulator panel is hidden.
func cellsAnyPanel(t *testing.T, ctx context.Context) [][]string {
	t.Helper()
	waitJS(t, ctx, `document.querySelectorAll("#sim-matrix button.cell").length > 0`, 5*time.Second)
	return cells(t, ctx)
}

func flat(m [][]string) []string {
	var out []string
	for _, r := range m {
		out = append(out, strings.Join(r, " "))
	}
	return out
}

// TestHostileShareLinks opens damaged, hostile, too long and newer links:
// each gets a clear message and loads nothing, and markup in a file's text
// or name is shown as text, never run.
func TestHostileShareLinks(t *testing.T) {
	ctx := startFresh(t)
	const own = "User-agent: *\nDisallow: /own/\n"
	setText(t, ctx, own)
	waitSaved(t, ctx, "/own/")

	real, err := share.Encode(share.State{Files: []share.File{{Name: "/robots.txt", Text: "User-agent: *\nDisallow: /login\n"}}, Kind: "rfc9309"})
	if err != nil {
		t.Fatal(err)
	}
	i := len(real) / 2 // a character of the data
	c := byte('A')
	if real[i] == 'A' {
		c = 'B'
	}
	mutated := real[:i] + string(c) + real[i+1:]
	bad := []struct{ name, frag, want string }{
		{"damaged", "s=v1.AAAA-not-deflate", "damaged"},
		{"one character changed", "s=" + mutated, "damaged"},
		{"not a calendar date", "s=v2." + mustEncodeSummed(t, `{"v":2,"f":[{"n":"/robots.txt","t":""}],"d":"2026-02-31"}`), "cannot be opened"},
		{"a folder for a name", "s=v2." + mustEncodeSummed(t, `{"v":2,"f":[{"n":"/","t":""}]}`), "cannot be opened"},
		{"newer", "s=v9.AAAA", "newer version"},
		{"too long", "s=v1." + strings.Repeat("A", share.MaxFragment+10), "too long"},
		{"nonsense", "s=v1." + mustEncodeRaw(t, `{"v":1,"f":[]}`), "cannot be opened"},
	}
	for _, b := range bad {
		t.Run(b.name, func(t *testing.T) {
			goTo(t, ctx, site.URL+"/#"+b.frag)
			waitJS(t, ctx, `document.querySelector("#share-error [role=alert]") !== null`, 3*time.Second)
			msg := eval[string](t, ctx, `document.querySelector("#share-error [role=alert]").textContent`)
			if !strings.Contains(msg, b.want) || !strings.Contains(msg, "Nothing from the link was loaded") {
				t.Errorf("message = %q, want it to say %q", msg, b.want)
			}
			if got := editorText(t, ctx); got != own {
				t.Errorf("editor shows %q, want the user's own text", got)
			}
			if eval[bool](t, ctx, `document.getElementById("shared-banner") !== null`) {
				t.Error("a broken link opened a shared view")
			}
			if b.name == "damaged" {
				screenshot(t, ctx, "workshop-share-damaged")
			}
		})
	}

	t.Run("markup is text", func(t *testing.T) {
		evil := `ACAP-crawler: <img src=x onerror="window.__pwned=1">` + "\n"
		frag, err := share.Encode(share.State{Files: []share.File{
			{Name: "/robots.txt", Text: evil},
			{Name: `/"><svg onload="window.__pwned=2">.txt`, Text: "</textarea><script>window.__pwned=3</script>"},
		}, URLs: []string{`/<script>window.__pwned=4</script>`}, Crawler: `<b onmouseover="window.__pwned=5">`, Panel: "gallery"})
		if err != nil {
			t.Fatal(err)
		}
		goTo(t, ctx, site.URL+"/#s="+frag)
		if got := editorText(t, ctx); got != evil {
			t.Fatalf("editor = %q, want the text as it was", got)
		}
		waitJS(t, ctx, `document.querySelectorAll("#sim-matrix button.cell").length > 0`, 5*time.Second)
		time.Sleep(300 * time.Millisecond)
		if eval[bool](t, ctx, `window.__pwned !== undefined || document.querySelector("img[src=x], svg[onload], b[onmouseover]") !== null`) {
			t.Fatal("markup from the link was put into the page")
		}
		tab := eval[string](t, ctx, `document.getElementById("tab-1").textContent`)
		if !strings.Contains(tab, `"><svg onload=`) {
			t.Errorf("the file name is not shown as text: %q", tab)
		}
		// Leave the shared view so the other tests start from the user's work.
		eval2(ctx, `document.documentElement.dataset.ready = "0", document.getElementById("shared-back").click(), true`)
		waitReady(t, ctx)
		if got := editorText(t, ctx); got != own {
			t.Errorf("back to own work shows %q", got)
		}
	})
}

// mustEncodeRaw compresses JSON as a v1 link does, without validating it
// (to make links Encode refuses to write).
func mustEncodeRaw(t *testing.T, js string) string {
	t.Helper()
	var buf bytes.Buffer
	w, err := flate.NewWriter(&buf, flate.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte(js))
	w.Close()
	return base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

// mustEncodeSummed is mustEncodeRaw with the checksum of a version 2 link.
func mustEncodeSummed(t *testing.T, js string) string {
	t.Helper()
	data := mustEncodeRaw(t, js)
	raw, err := base64.RawURLEncoding.DecodeString(data)
	if err != nil {
		t.Fatal(err)
	}
	var sum [4]byte
	binary.BigEndian.PutUint32(sum[:], crc32.ChecksumIEEE(raw))
	return data + "." + base64.RawURLEncoding.EncodeToString(sum[:])
}

// TestHelpNavigation walks every help page with the page list, checks the
// focus moves to the page's heading, and opens an example.
func TestHelpNavigation(t *testing.T) {
	ctx := startFresh(t)
	showPanel(t, ctx, "help")
	// The panel tabs follow the arrow keys, wrapping at the ends.
	for _, step := range []struct{ key, want string }{{kb.ArrowRight, "sim"}, {kb.ArrowRight, "gallery"}, {kb.ArrowLeft, "sim"}, {kb.ArrowLeft, "help"}} {
		if err := chromedp.Do(ctx, chromedp.KeyEvent(step.key)); err != nil {
			t.Fatal(err)
		}
		waitJS(t, ctx, `document.activeElement.id === "ptab-`+step.want+`" && document.activeElement.getAttribute("aria-selected") === "true"`, 3*time.Second)
	}
	pages := help.Pages()
	for _, p := range pages {
		eval[bool](t, ctx, `[...document.querySelectorAll("#panel-help .wk-help-nav button")].find(b => b.textContent === `+jsString(p.Title)+`).click(), true`)
		waitJS(t, ctx, `document.getElementById("wk-help-h").textContent === `+jsString(p.Title)+` && document.activeElement.id === "wk-help-h"`, 3*time.Second)
		cur := eval[string](t, ctx, `document.querySelector("#panel-help [aria-current=page]").textContent`)
		if cur != p.Title {
			t.Errorf("page %s: the list marks %q as current", p.ID, cur)
		}
		if p.ID == "kinds" {
			screenshot(t, ctx, "workshop-help")
		}
	}
	// Open the first example of the verdict page.
	var example string
	for _, s := range pages[0].Sections {
		if s.Example != "" {
			example = s.Example
			break
		}
	}
	eval[bool](t, ctx, `[...document.querySelectorAll("#panel-help .wk-help-nav button")].find(b => b.textContent === `+jsString(pages[0].Title)+`).click(), true`)
	waitJS(t, ctx, `document.getElementById("wk-help-h").textContent === `+jsString(pages[0].Title), 3*time.Second)
	eval[bool](t, ctx, `[...document.querySelectorAll("#panel-help button")].find(b => b.textContent === "Try this example").click(), true`)
	waitJS(t, ctx, `document.getElementById("editor-input").value === `+jsString(example), 5*time.Second)
	if tab := eval[string](t, ctx, `document.getElementById("tab-0").textContent`); !strings.HasPrefix(tab, "help-"+pages[0].ID+"-") {
		t.Errorf("the example opened as %q", tab)
	}
}

// TestSignalsPanel shows today's signals for an ACAP file and follows edits.
func TestSignalsPanel(t *testing.T) {
	ctx := startFresh(t)
	setText(t, ctx, "##ACAP version=1.1\nACAP-crawler: *\nACAP-disallow-crawl: /private/\n")
	showPanel(t, ctx, "signals")
	waitJS(t, ctx, `document.querySelectorAll("#panel-signals .wk-proposal").length > 0`, 5*time.Second)
	before := eval[string](t, ctx, `document.querySelector("#panel-signals .wk-proposals").textContent`)
	if !strings.Contains(before, "/private/") {
		t.Errorf("proposals do not carry the file's path: %q", before)
	}
	setText(t, ctx, "##ACAP version=1.1\nACAP-crawler: *\nACAP-disallow-crawl: /secret/\n")
	waitJS(t, ctx, `document.querySelector("#panel-signals .wk-proposals").textContent.includes("/secret/")`, 5*time.Second)
	screenshot(t, ctx, "workshop-signals")
}

// TestSignalsShowAll: a policy of 30 ACAP records draws 20 proposals,
// says how many are not shown, and draws them all when asked; Apply then
// writes every one.
func TestSignalsShowAll(t *testing.T) {
	ctx := startFresh(t)
	var b strings.Builder
	b.WriteString("##ACAP version=1.1\n")
	for i := range 30 {
		b.WriteString("ACAP-crawler: bot" + itoa(i) + "\nACAP-disallow-crawl: /p" + itoa(i) + "/\n\n")
	}
	setText(t, ctx, b.String())
	showPanel(t, ctx, "signals")
	waitJS(t, ctx, `document.querySelectorAll("#panel-signals .wk-proposal").length === 20`, 5*time.Second)
	if more := eval[string](t, ctx, `document.querySelector("#panel-signals .wk-more").textContent`); !strings.Contains(more, "more not shown") {
		t.Errorf("the note under the list: %q", more)
	}
	click(t, ctx, `#panel-signals [data-more]`)
	waitJS(t, ctx, `document.querySelectorAll("#panel-signals .wk-proposal").length >= 30 && !document.querySelector("#panel-signals [data-more]")`, 5*time.Second)
	click(t, ctx, "#wk-sig-apply")
	waitJS(t, ctx, `document.getElementById("editor-input").value.includes("User-agent: bot29")`, 5*time.Second)
}

// TestPrintView prints robots.txt with its simulation: the print view
// holds the file, the matrix and the explanations, and under print media
// only it is shown.
func TestPrintView(t *testing.T) {
	ctx := startFresh(t)
	setText(t, ctx, "##ACAP version=1.1\nACAP-crawler: *\nACAP-disallow-crawl: /private/\nACAP-allow-crawl: /\n")
	setField(t, ctx, "sim-urls", "/\n/private/a.html")
	waitJS(t, ctx, `document.querySelectorAll("#sim-matrix tbody tr").length === 2`, 5*time.Second)
	// window.print blocks in a browser with a screen; record what was
	// printed instead, and keep a copy of the view to look at.
	eval[bool](t, ctx, `window.print = () => { const v = document.querySelector(".print-view");
		window.__printed = v ? v.innerText : "(nothing)"; const k = v.cloneNode(true); k.id = "pv-copy";
		document.querySelector(".wb").appendChild(k); }, true`)
	click(t, ctx, "#print")
	waitJS(t, ctx, `window.__printed !== undefined`, 3*time.Second)
	printed := eval[string](t, ctx, `window.__printed`)
	for _, want := range []string{"robots.txt", "1  ##ACAP version=1.1", "Simulation", "/private/a.html", "What decided each answer", "line 3", "✕ no"} {
		if !strings.Contains(printed, want) {
			t.Errorf("print view lacks %q", want)
		}
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#pv-copy .pv-matrix tbody tr").length`); n != 2 {
		t.Errorf("print matrix has %d rows, want 2", n)
	}
	waitJS(t, ctx, `document.querySelectorAll(".print-view:not(#pv-copy)").length === 0`, 3*time.Second)
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
		t.Fatal(err)
	}
	if eval[bool](t, ctx, `getComputedStyle(document.querySelector(".bar")).display !== "none" || getComputedStyle(document.getElementById("pv-copy")).display === "none"`) {
		t.Error("under print media the page is not only the print view")
	}
	screenshot(t, ctx, "workshop-print")
	chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: ""})
}

// TestPresenterMode turns presenter mode on: larger type in the editor and
// the page, kept after a reload.
func TestPresenterMode(t *testing.T) {
	ctx := startFresh(t)
	click(t, ctx, "#wk-presenter")
	waitJS(t, ctx, `document.documentElement.classList.contains("presenter")`, 3*time.Second)
	if fs := eval[string](t, ctx, `getComputedStyle(document.getElementById("editor-input")).fontSize`); fs != "22px" {
		t.Errorf("editor font size in presenter mode = %s, want 22px", fs)
	}
	if got := eval[string](t, ctx, `document.getElementById("wk-presenter").getAttribute("aria-pressed")`); got != "true" {
		t.Errorf("aria-pressed = %q", got)
	}
	screenshot(t, ctx, "workshop-presenter")
	reloadPage(t, ctx)
	if !eval[bool](t, ctx, `document.documentElement.classList.contains("presenter")`) {
		t.Error("presenter mode not kept after a reload")
	}
	click(t, ctx, "#wk-presenter")
	waitJS(t, ctx, `!document.documentElement.classList.contains("presenter") && getComputedStyle(document.getElementById("editor-input")).fontSize === "14px"`, 3*time.Second)
}

// TestPresenterProjector: presenter mode on a 1024×768 projector. Every
// label a class reads (matrix cells, row URLs, the form, explanations, line
// buttons) is at least 16 px, and the matrix fits the window's width.
func TestPresenterProjector(t *testing.T) {
	ctx := newTab(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1024, 768)); err != nil {
		t.Fatal(err)
	}
	openSim(t, ctx, guideFile)
	click(t, ctx, "#wk-presenter")
	waitJS(t, ctx, `document.documentElement.classList.contains("presenter")`, 3*time.Second)
	// The side column is under the editor now: bring the matrix into view.
	eval[bool](t, ctx, `(document.querySelector("#sim-matrix button.cell").scrollIntoView({block: "center"}), true)`)
	click(t, ctx, "#sim-matrix button.cell")
	waitJS(t, ctx, `document.querySelector("#sim-explain .ln") !== null`, 5*time.Second)
	for _, sel := range []string{"#sim-matrix button.cell", "#sim-matrix tbody th", ".sim-form", "#sim-explain .ln", "#sim-explain", ".legend", "#sim-status", ".prob-status"} {
		px := eval[float64](t, ctx, `(() => { const e = document.querySelector(`+jsString(sel)+`); return e ? parseFloat(getComputedStyle(e).fontSize) : -1 })()`)
		if px < 16 {
			t.Errorf("%s: font size %.0f px in presenter mode at 1024×768, want at least 16", sel, px)
		}
	}
	fit := eval[[]float64](t, ctx, `(() => { const m = document.getElementById("sim-matrix"); const r = m.getBoundingClientRect(); return [m.scrollWidth, m.clientWidth, r.right, window.innerWidth] })()`)
	if fit[0] > fit[1]+1 || fit[2] > fit[3]+1 {
		t.Errorf("the matrix does not fit 1024 px: scroll width %.0f, client width %.0f, right edge %.0f, window %.0f", fit[0], fit[1], fit[2], fit[3])
	}
	eval[bool](t, ctx, `(document.getElementById("sim-matrix").scrollIntoView({block: "start"}), true)`)
	screenshot(t, ctx, "presenter-1024x768")
	click(t, ctx, "#wk-presenter")
	waitJS(t, ctx, `!document.documentElement.classList.contains("presenter")`, 3*time.Second)
	clearStorage(t, ctx)
}
