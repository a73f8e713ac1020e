//go:build e2e && !js

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

func TestAutosaveSurvivesReload(t *testing.T) {
	ctx := newTab(t)
	open(t, ctx, site.URL+"/")
	clearStorage(t, ctx)
	text := "User-agent: *\nDisallow: /autosaved/\n# ünïcode 😀 <b>\n"
	setText(t, ctx, text)
	eval[bool](t, ctx, `(() => { const n = document.getElementById("file-name"); n.value = "site-robots.txt"; n.dispatchEvent(new Event("change", {bubbles: true})); return true })()`)
	start := time.Now()
	for !strings.Contains(eval[string](t, ctx, `localStorage.getItem("acap-workbench:v1:doc") || ""`), "autosaved") {
		if time.Since(start) > 20*time.Second {
			t.Fatal("not autosaved within 20 s")
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Logf("autosaved after %v", time.Since(start).Round(time.Millisecond))
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	waitReady(t, ctx)
	if got := eval[string](t, ctx, `document.getElementById("editor-input").value`); got != text {
		t.Errorf("after reload the text is %q, want %q", got, text)
	}
	if got := eval[string](t, ctx, `document.getElementById("file-name").value`); got != "site-robots.txt" {
		t.Errorf("after reload the file name is %q", got)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#hl-win .wbl").length`); n < 3 {
		t.Errorf("restored text not highlighted: %d lines", n)
	}
}

func TestCorruptSavedStateIsReported(t *testing.T) {
	ctx := newTab(t)
	open(t, ctx, site.URL+"/")
	for _, tc := range []struct{ name, raw, want string }{
		{"not json", `{"v":1,"text":"User-agent: *\n`, "damaged"},
		{"unknown version", `{"v":99,"text":"x"}`, "unknown format"},
	} {
		eval[bool](t, ctx, `localStorage.clear(), localStorage.setItem("acap-workbench:v1:doc", `+jsString(tc.raw)+`), true`)
		if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
			t.Fatal(err)
		}
		waitReady(t, ctx)
		notice := ""
		for i := 0; i < 50 && notice == ""; i++ {
			notice = eval[string](t, ctx, `(document.getElementById("notice") || {}).textContent || ""`)
			time.Sleep(20 * time.Millisecond)
		}
		if !strings.Contains(notice, tc.want) {
			t.Errorf("%s: notice %q does not say %q", tc.name, notice, tc.want)
		}
		if kept := eval[string](t, ctx, `localStorage.getItem("acap-workbench:v1:doc.unreadable") || ""`); kept != tc.raw {
			t.Errorf("%s: the unreadable data was not kept aside: %q", tc.name, kept)
		}
		// The editor works.
		typed := "User-agent: *\n# " + tc.name + "\n"
		setText(t, ctx, typed)
		if n := eval[int](t, ctx, `document.querySelectorAll("#hl-win span.nt").length`); n != 1 {
			t.Errorf("%s: editor not working after a bad restore", tc.name)
		}
		// Saved before the next case writes damaged data (the page saves
		// what is pending when it is left, which would overwrite it).
		waitJS(t, ctx, `(() => { try { return JSON.parse(localStorage.getItem("acap-workbench:v1:doc")).text === `+jsString(typed)+` } catch (e) { return false } })()`, 5*time.Second)
	}
	clearStorage(t, ctx)
}

func TestLoadingAnotherFileAsksFirst(t *testing.T) {
	ctx := newTab(t)
	open(t, ctx, site.URL+"/")
	clearStorage(t, ctx)
	mine := "User-agent: *\nDisallow: /mine/\n"
	setText(t, ctx, mine)
	pick := `(() => { const s = document.getElementById("sample"); s.value = "rfc9309.txt"; s.dispatchEvent(new Event("change", {bubbles: true})); return true })()`
	waitFor := func(js string) {
		t.Helper()
		for i := 0; i < 100; i++ {
			if eval[bool](t, ctx, js) {
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
		t.Fatalf("timed out waiting for %s", js)
	}
	// Keep editing: nothing changes.
	eval[bool](t, ctx, pick)
	waitFor(`document.getElementById("confirm") !== null`)
	eval[bool](t, ctx, `document.getElementById("confirm-keep").click(), true`)
	waitFor(`document.getElementById("confirm") === null`)
	if got := eval[string](t, ctx, `document.getElementById("editor-input").value`); got != mine {
		t.Fatalf("text changed after Keep editing: %q", got)
	}
	// Replace: the example is loaded.
	eval[bool](t, ctx, pick)
	waitFor(`document.getElementById("confirm") !== null`)
	eval[bool](t, ctx, `document.getElementById("confirm-replace").click(), true`)
	waitFor(`document.getElementById("editor-input").value.includes("RFC 9309")`)
	if name := eval[string](t, ctx, `document.getElementById("file-name").value`); name != "rfc9309.txt" {
		t.Errorf("file name %q after loading the example", name)
	}
	// Loading again with no changes does not ask.
	eval[bool](t, ctx, `(() => { const s = document.getElementById("sample"); s.value = "acap-basic.txt"; s.dispatchEvent(new Event("change", {bubbles: true})); return true })()`)
	waitFor(`document.getElementById("editor-input").value.includes("ACAP-allow-index")`)
	if eval[bool](t, ctx, `document.getElementById("confirm") !== null`) {
		t.Error("asked although there were no changes")
	}
	// A file dropped on the editor is opened (asking first, as it has changes now).
	setText(t, ctx, mine)
	eval[bool](t, ctx, `(() => { const dt = new DataTransfer();
		dt.items.add(new File(["User-agent: dropped\n"], "dropped.txt", {type: "text/plain"}));
		document.getElementById("editor-input").dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
		return true })()`)
	waitFor(`document.getElementById("confirm") !== null`)
	eval[bool](t, ctx, `document.getElementById("confirm-replace").click(), true`)
	waitFor(`document.getElementById("editor-input").value === "User-agent: dropped\n"`)
	clearStorage(t, ctx)
}

func TestOpenAndDownload(t *testing.T) {
	ctx := newTab(t)
	open(t, ctx, site.URL+"/")
	clearStorage(t, ctx)
	// Open through the file input, as the Open… button does.
	giveFile(t, ctx, `new File(["User-agent: *\r\nDisallow: /opened/\r\n"], "opened-robots.txt", {type: "text/plain"})`)
	waitJS(t, ctx, `document.getElementById("editor-input").value === "User-agent: *\nDisallow: /opened/\n"`, 20*time.Second)
	if name := eval[string](t, ctx, `document.getElementById("file-name").value`); name != "opened-robots.txt" {
		t.Errorf("file name %q", name)
	}
	// Download gives back the text, with the file's CRLF line ends.
	setText(t, ctx, "User-agent: *\nDisallow: /edited/\n")
	eval[bool](t, ctx, `(() => { window.__dl = null; URL.createObjectURL = (b) => { window.__dl = b; return "data:text/plain,"; };
		HTMLAnchorElement.prototype.click = function () { window.__dlName = this.download; };
		document.getElementById("download").click(); return true })()`)
	waitJS(t, ctx, `window.__dl !== null`, 5*time.Second)
	if got := eval[string](t, ctx, `window.__dl.text()`); got != "User-agent: *\r\nDisallow: /edited/\r\n" {
		t.Errorf("downloaded %q", got)
	}
	if got := eval[string](t, ctx, `window.__dlName`); got != "opened-robots.txt" {
		t.Errorf("downloaded as %q", got)
	}
	waitJS(t, ctx, `document.getElementById("dirty").textContent === ""`, 5*time.Second)
	// A file over the size cap is refused with a message; the text stays.
	giveFile(t, ctx, `new File([new Uint8Array(6 << 20).fill(65)], "huge.txt", {type: "text/plain"})`)
	waitJS(t, ctx, `(document.getElementById("notice") || {}).textContent?.includes("is 6.0 MiB; the workbench opens files of at most 5.0 MiB") === true`, 5*time.Second)
	if got := eval[string](t, ctx, `document.getElementById("editor-input").value`); got != "User-agent: *\nDisallow: /edited/\n" {
		t.Errorf("text changed after refusing a huge file: %.50q", got)
	}
	eval[bool](t, ctx, `(document.querySelector("#notice button").click(), true)`)
	waitJS(t, ctx, `document.getElementById("notice") === null`, 5*time.Second)
	// A binary file (a PNG) is not opened: one message, the text and the
	// file name stay.
	giveFile(t, ctx, `new File([new Uint8Array([0x89,0x50,0x4e,0x47,0x0d,0x0a,0x1a,0x0a,0,0,0,0x0d,0x49,0x48,0x44,0x52,0,0,0,1,0,0,0,1,8,6,0,0,0,0x1f,0x15,0xc4,0x89,0,0,0,0x0a,0x49,0x44,0x41,0x54,0x78,0x9c,0x63,0,1,0,0,5,0,1,0x0d,0x0a,0x2d,0xb4,0,0,0,0,0x49,0x45,0x4e,0x44,0xae,0x42,0x60,0x82])], "logo.png", {type: "image/png"})`)
	waitJS(t, ctx, `(document.getElementById("notice") || {}).textContent?.includes("“logo.png” is not a text file") === true`, 5*time.Second)
	screenshot(t, ctx, "open-binary-refused")
	if got := eval[string](t, ctx, `document.getElementById("editor-input").value`); got != "User-agent: *\nDisallow: /edited/\n" {
		t.Errorf("text changed after refusing a binary file: %.50q", got)
	}
	if name := eval[string](t, ctx, `document.getElementById("file-name").value`); name != "opened-robots.txt" {
		t.Errorf("file name %q after refusing a binary file", name)
	}
	if eval[bool](t, ctx, `!!document.getElementById("confirm")`) {
		t.Error("a binary file asked whether to replace the text")
	}
	clearStorage(t, ctx)
}
