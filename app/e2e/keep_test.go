//go:build e2e && !js

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestLastKeystrokesKept: text typed right before a reload (before the
// autosave's delay has passed) is there after the reload: the page saves
// when it is hidden or left.
func TestLastKeystrokesKept(t *testing.T) {
	ctx := startFresh(t)
	setText(t, ctx, "User-agent: *\nDisallow: /first/\n")
	waitSaved(t, ctx, "/first/")
	// Typed and reloaded at once: no time for the 500 ms autosave.
	eval[bool](t, ctx, `(() => { const ta = document.getElementById("editor-input");
		ta.value += "Disallow: /typed-last/\n"; ta.dispatchEvent(new Event("input", {bubbles: true}));
		document.documentElement.dataset.ready = "0"; location.reload(); return true })()`)
	waitReady(t, ctx)
	if got := editorText(t, ctx); !strings.Contains(got, "/typed-last/") {
		t.Errorf("the line typed right before the reload is lost: %q", got)
	}
	clearStorage(t, ctx)
}

// fillStorageJS fills localStorage until the browser refuses more, and
// returns how many characters it stored.
const fillStorageJS = `(() => {
	let n = 0, i = 0;
	for (let size = 1 << 20; size >= 64; size >>= 1) {
		const s = "x".repeat(size);
		for (;;) {
			try { localStorage.setItem("filler-" + (i++), s); n += size; } catch (e) { break; }
		}
	}
	return n;
})()`

// TestStorageFull: with the browser's storage for the site full, a save
// says so (not that the file is too large), offers a download, keeps the
// text in the tab across a reload, and asks before the tab is left.
func TestStorageFull(t *testing.T) {
	ctx := startFresh(t)
	eval[bool](t, ctx, `sessionStorage.clear(), true`)
	filled := eval[int](t, ctx, fillStorageJS)
	t.Logf("localStorage filled with %d characters", filled)
	text := "User-agent: *\nDisallow: /kept-when-full/\n"
	setText(t, ctx, text)
	waitJS(t, ctx, `document.getElementById("save-state").textContent.includes("full")`, 5*time.Second)
	msg := eval[string](t, ctx, `document.getElementById("save-state").textContent`)
	if strings.Contains(msg, "too large") || !strings.Contains(msg, "storage for this site is full") || !strings.Contains(msg, "kept in this tab") {
		t.Errorf("save message = %q", msg)
	}
	if eval[bool](t, ctx, `document.getElementById("save-download").hidden`) {
		t.Error("no Download button beside the message")
	}
	screenshot(t, ctx, "storage-full")
	// Download from the message gives the text.
	eval[bool](t, ctx, `(() => { window.__dl = null; URL.createObjectURL = (b) => { window.__dl = b; return "data:text/plain,"; };
		HTMLAnchorElement.prototype.click = function () {}; document.getElementById("save-download").click(); return true })()`)
	waitJS(t, ctx, `window.__dl !== null`, 5*time.Second)
	if got := eval[string](t, ctx, `window.__dl.text()`); got != text {
		t.Errorf("downloaded %q", got)
	}
	// After the download, a new line: the text is kept in the tab across a
	// reload, with a notice, although storage is still full.
	eval[bool](t, ctx, `(() => { const ta = document.getElementById("editor-input"); ta.value += "Disallow: /after-download/\n"; ta.dispatchEvent(new Event("input", {bubbles: true})); return true })()`)
	waitJS(t, ctx, `(sessionStorage.getItem("acap-workbench:v1:doc") || "").includes("/after-download/")`, 5*time.Second)
	reloadPage(t, ctx)
	if got := editorText(t, ctx); !strings.Contains(got, "/after-download/") || !strings.Contains(got, "/kept-when-full/") {
		t.Errorf("after a reload with storage full the editor shows %q", got)
	}
	if n := eval[string](t, ctx, `(document.getElementById("notice") || {}).textContent || ""`); !strings.Contains(n, "this tab kept them") {
		t.Errorf("notice after the reload = %q", n)
	}
	// Room again: the next save succeeds and the tab's copy is dropped.
	eval[bool](t, ctx, `(Object.keys(localStorage).filter(k => k.startsWith("filler-")).forEach(k => localStorage.removeItem(k)), true)`)
	eval[bool](t, ctx, `(() => { const ta = document.getElementById("editor-input"); ta.value += "#\n"; ta.dispatchEvent(new Event("input", {bubbles: true})); return true })()`)
	waitJS(t, ctx, `document.getElementById("save-state").textContent === "Saved in this browser" && sessionStorage.getItem("acap-workbench:v1:doc") === null`, 5*time.Second)
	if !eval[bool](t, ctx, `document.getElementById("save-download").hidden`) {
		t.Error("the Download button stays after a save succeeded")
	}
	clearStorage(t, ctx)
}

// TestSampleURLWithoutSlash: a sample URL typed without its leading slash
// is a path, not a host: the row reads /news/today.html and its cells are
// those of /news/today.html.
func TestSampleURLWithoutSlash(t *testing.T) {
	ctx := newTab(t)
	openSim(t, ctx, "User-agent: *\nDisallow: /news/\n")
	pick(t, ctx, "sim-kind", "rfc9309")
	setField(t, ctx, "sim-urls", "news/today.html\n/news/today.html\nwww.example.com/news/x")
	waitJS(t, ctx, `document.querySelectorAll("#sim-matrix tbody tr").length === 3`, 10*time.Second)
	rows := eval[[]string](t, ctx, `[...document.querySelectorAll("#sim-matrix tbody tr")].map(tr => tr.querySelector("th").textContent + "=" + tr.querySelector("button.cell").className.replace(" sel", ""))`)
	if len(rows) != 3 || !strings.HasPrefix(rows[0], "/news/today.html=") || rows[0] != rows[1] || !strings.HasSuffix(rows[0], "c-no") {
		t.Errorf("rows = %q", rows)
	}
	// The form's labels stand beside their fields (an empty line of crawler
	// information takes no cell).
	for _, id := range []string{"sim-crawler", "sim-purpose", "sim-date", "sim-kind", "sim-urls"} {
		off := eval[float64](t, ctx, `(() => { const l = document.querySelector('label[for="`+id+`"]').getBoundingClientRect(); const e = document.getElementById("`+id+`"); const f = (e.closest(".sim-pair") || e).getBoundingClientRect(); const y = (l.top + l.bottom) / 2; return Math.max(0, f.top - y, y - f.bottom) + Math.max(0, f.left - l.right - 200) })()`)
		if off > 0 {
			t.Errorf("the label of #%s is not beside its field (off by %.0f px)", id, off)
		}
	}
	if !strings.HasPrefix(rows[2], "www.example.com/news/x=") || strings.SplitN(rows[2], "=", 2)[1] != strings.SplitN(rows[0], "=", 2)[1] {
		t.Errorf("a host without a scheme: %q", rows[2])
	}
	clearStorage(t, ctx)
}

// TestURLsFromThisFile: the button fills the sample URLs with paths from
// the file's own rules, and the matrix follows.
func TestURLsFromThisFile(t *testing.T) {
	ctx := newTab(t)
	openSim(t, ctx, "User-agent: *\nDisallow: /private/\nAllow: /private/help$\nDisallow: /*.pdf$\n")
	click(t, ctx, "#sim-urls-fill")
	waitJS(t, ctx, `document.getElementById("sim-urls").value === "/\n/private/\n/private/help\n/x.pdf"`, 5*time.Second)
	waitJS(t, ctx, `document.querySelectorAll("#sim-matrix tbody tr").length === 4`, 5*time.Second)
	rows := eval[[]string](t, ctx, `[...document.querySelectorAll("#sim-matrix tbody th")].map(th => th.textContent)`)
	if strings.Join(rows, " ") != "/ /private/ /private/help /x.pdf" {
		t.Errorf("rows = %q", rows)
	}
	screenshot(t, ctx, "sim-urls-from-file")
}

// TestLongURLListReopens: URLs of 32 KiB or more, reopened from the saved
// workspace, are listed read-only, each cut short, rather than laid out in
// the text box; the simulator uses them whole, a save keeps them whole,
// and Edit the URLs puts them in the text box.
func TestLongURLListReopens(t *testing.T) {
	ctx := newTab(t)
	const file = "User-agent: *\nDisallow: /0\n"
	openSim(t, ctx, file)
	urls := strings.Join(slowURLs(30, 2000), "\n")
	setField(t, ctx, "sim-urls", urls)
	savedURLs := `(localStorage.getItem("acap-workbench:v1:workspace") || "").includes("/029a")`
	waitJS(t, ctx, savedURLs, 10*time.Second)
	viewed := func(when string) {
		t.Helper()
		waitSim(t, ctx)
		if got := eval[string](t, ctx, `(v => v.hidden ? "hidden" : [...v.querySelectorAll("li")].map(l => l.textContent).join("\n"))(document.getElementById("sim-urls-view"))`); got != urlViewLines(slowURLs(30, 2000), 100) {
			t.Errorf("%s: the read-only list shows %.200q", when, got)
		}
		if n := eval[int](t, ctx, `document.querySelectorAll("#sim-matrix tbody tr").length`); n != 30 {
			t.Errorf("%s: the matrix has %d rows, want the 30 URLs", when, n)
		}
		// /000aaa… is disallowed by Disallow: /0, whole or cut.
		if c := eval[string](t, ctx, `document.querySelector("#sim-matrix tbody tr button.cell").className`); !strings.Contains(c, "c-no") {
			t.Errorf("%s: the first URL's crawl cell is %q", when, c)
		}
	}
	reloadPage(t, ctx)
	viewed("reopened")
	screenshot(t, ctx, "sim-urls-viewed")
	// An edit of the file saves the workspace with the URLs held.
	setText(t, ctx, file+"# edited\n")
	waitSaved(t, ctx, "# edited")
	waitJS(t, ctx, savedURLs, 10*time.Second)
	reloadPage(t, ctx)
	viewed("reopened after a save")
	click(t, ctx, "#sim-urls-edit")
	if !eval[bool](t, ctx, `(ta => !ta.hidden && document.activeElement === ta && ta.value === `+jsString(urls)+` && document.getElementById("sim-urls-view").hidden)(document.getElementById("sim-urls"))`) {
		t.Error("Edit the URLs did not put them whole in the focused text box")
	}
	// URLs from this file replaces a list shown read-only; Ctrl+Z gives it
	// back.
	reloadPage(t, ctx)
	viewed("reopened after Edit the URLs")
	click(t, ctx, "#sim-urls-fill")
	waitJS(t, ctx, `(ta => !ta.hidden && ta.value === "/\n/0")(document.getElementById("sim-urls")) && document.getElementById("sim-urls-view").hidden`, 5*time.Second)
	pressKey(t, ctx, "z", chromedp.ModifierCtrl)
	waitJS(t, ctx, `document.getElementById("sim-urls").value === `+jsString(urls), 5*time.Second)
}
