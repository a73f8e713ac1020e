//go:build e2e && !js

package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// typeLine appends a line to the editor as typing does (an input event).
func typeLine(t *testing.T, ctx context.Context, line string) {
	t.Helper()
	eval[bool](t, ctx, `(() => { const ta = document.getElementById("editor-input");
		ta.value += `+jsString(line+"\n")+`; ta.dispatchEvent(new Event("input", {bubbles: true})); return true })()`)
}

// workspaceTexts returns every file of a tab's workspace as "name: text",
// read from the tab's own state (the tabs and the editor).
const workspaceTextsJS = `(async () => {
	const out = [];
	const tab = i => document.querySelectorAll("#tabs [data-tab]")[i];
	const n = document.querySelectorAll("#tabs [data-tab]").length;
	const active = [...document.querySelectorAll("#tabs [data-tab]")].findIndex(b => b.getAttribute("aria-selected") === "true");
	for (let i = 0; i < n; i++) {
		tab(i).click(); // the tabs are drawn anew on a switch: found again each time
		await new Promise(r => setTimeout(r, 30));
		out.push(tab(i).firstChild.textContent.trim() + ": " + document.getElementById("editor-input").value);
	}
	if (active >= 0) tab(active).click();
	return out.join("\n---\n");
})()`

// TestTwoTabsTakeTurns: the sequence, in both orders. Tab A types,
// tab B opens (it shows A's text) and types, A types again: each tab takes
// the other's saved changes before its own, says so, and after a reload
// of either nothing typed is lost.
func TestTwoTabsTakeTurns(t *testing.T) {
	for _, order := range []string{"A first", "B first"} {
		t.Run(strings.ReplaceAll(order, " ", "-"), func(t *testing.T) {
			first := startFresh(t)
			setText(t, first, "User-agent: *\nDisallow: /one/\n")
			waitSaved(t, first, "/one/")
			second := newTab(t)
			open(t, second, site.URL+"/")
			if got := editorText(t, second); !strings.Contains(got, "/one/") {
				t.Fatalf("the second tab does not show the first's saved text: %q", got)
			}
			if order == "B first" {
				first, second = second, first
			}
			typeLine(t, second, "Disallow: /two/")
			waitSaved(t, second, "/two/")
			// The other tab shows the change without a reload, and says so.
			waitJS(t, first, `document.getElementById("editor-input").value.includes("/two/")`, 5*time.Second)
			if msg := eval[string](t, first, `document.getElementById("save-state").textContent`); !strings.Contains(msg, "another tab") {
				t.Errorf("the tab that took the other's changes says %q", msg)
			}
			typeLine(t, first, "Disallow: /three/")
			waitSaved(t, first, "/three/")
			waitJS(t, second, `document.getElementById("editor-input").value.includes("/three/")`, 5*time.Second)
			for _, tab := range []context.Context{second, first} {
				reloadPage(t, tab)
				got := editorText(t, tab)
				for _, want := range []string{"/one/", "/two/", "/three/"} {
					if !strings.Contains(got, want) {
						t.Errorf("after a reload a tab shows %q: %s is lost", got, want)
					}
				}
			}
			if n := eval[int](t, first, `document.querySelectorAll("#tab-conflict").length`); n != 0 {
				t.Error("a conflict banner for changes that did not overlap")
			}
		})
	}
}

// TestTwoTabsConflict: both tabs change the file before either has saved.
// The tab that sees the other's save first stops saving and asks; each
// choice keeps both versions (the other as "robots (copy).txt"), and the
// other tab then takes the merged workspace.
func TestTwoTabsConflict(t *testing.T) {
	for _, choice := range []string{"conflict-theirs", "conflict-mine"} {
		t.Run(choice, func(t *testing.T) {
			a := startFresh(t)
			setText(t, a, "User-agent: *\nDisallow: /base/\n")
			waitSaved(t, a, "/base/")
			b := newTab(t)
			open(t, b, site.URL+"/")
			// B types, and before its autosave A types and leaves the page
			// for a moment (pagehide saves at once). B's autosave (a timer
			// of 500 ms) is held back, as on a machine too busy to run it
			// before A saves: otherwise a loaded machine may run it first,
			// and A would simply take B's change.
			eval[bool](t, b, `(() => { const st = window.__setTimeout = window.setTimeout; window.setTimeout = (f, d, ...a) => d === 500 ? 0 : st(f, d, ...a); return true })()`)
			typeLine(t, b, "Disallow: /from-b/")
			typeLine(t, a, "Disallow: /from-a/")
			eval[bool](t, a, `window.dispatchEvent(new Event("pagehide")), true`)
			waitSaved(t, a, "/from-a/")
			waitJS(t, b, `document.getElementById("tab-conflict") !== null`, 15*time.Second)
			eval[bool](t, b, `window.setTimeout = window.__setTimeout, true`)
			msg := eval[string](t, b, `document.getElementById("tab-conflict").textContent`)
			if !strings.Contains(msg, "Another tab changed this workspace") || !strings.Contains(msg, "Nothing is lost") {
				t.Errorf("banner = %q", msg)
			}
			if st := eval[string](t, b, `document.getElementById("save-state").textContent`); !strings.Contains(st, "Not saved") {
				t.Errorf("save state during the conflict = %q", st)
			}
			// B keeps typing: still not saved over A's work.
			typeLine(t, b, "Disallow: /more-b/")
			time.Sleep(700 * time.Millisecond)
			if raw := eval[string](t, b, `localStorage.getItem("acap-workbench:v1:doc")`); strings.Contains(raw, "/from-b/") || !strings.Contains(raw, "/from-a/") {
				t.Errorf("during the conflict storage holds %q", raw)
			}
			if choice == "conflict-theirs" {
				screenshot(t, b, "two-tabs-conflict")
			}
			click(t, b, "#"+choice)
			waitJS(t, b, `document.getElementById("tab-conflict") === null`, 5*time.Second)
			wantFirst, wantCopy := "/from-a/", "/more-b/"
			if choice == "conflict-mine" {
				wantFirst, wantCopy = "/more-b/", "/from-a/"
			}
			for name, tab := range map[string]context.Context{"B": b, "A": a} {
				waitJS(t, tab, `document.querySelectorAll("#tabs [data-tab]").length === 2`, 5*time.Second)
				ws := eval[string](t, tab, workspaceTextsJS)
				parts := strings.Split(ws, "\n---\n")
				if len(parts) != 2 || !strings.HasPrefix(parts[0], "robots.txt") || !strings.Contains(parts[0], wantFirst) ||
					!strings.HasPrefix(parts[1], "robots (copy).txt") || !strings.Contains(parts[1], wantCopy) {
					t.Errorf("tab %s's workspace after %s:\n%s", name, choice, ws)
				}
			}
			reloadPage(t, a)
			if ws := eval[string](t, a, workspaceTextsJS); !strings.Contains(ws, "/from-a/") || !strings.Contains(ws, "/from-b/") || !strings.Contains(ws, "/more-b/") {
				t.Errorf("after a reload: %s", ws)
			}
		})
	}
}

// TestTabClosedDuringConflict: a tab with changes that conflict is closed
// while the other keeps typing; its text is not lost: the open tab adds
// it as a copy and says so.
func TestTabClosedDuringConflict(t *testing.T) {
	a := startFresh(t)
	setText(t, a, "User-agent: *\nDisallow: /base/\n")
	waitSaved(t, a, "/base/")
	bctx, bclose := chromedp.NewContext(browserCtx)
	defer bclose()
	b, bcancel := context.WithTimeout(bctx, time.Minute)
	defer bcancel()
	if err := chromedp.Do(bctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	open(t, b, site.URL+"/")
	typeLine(t, b, "Disallow: /closed-tab/")
	typeLine(t, a, "Disallow: /open-tab/")
	eval[bool](t, a, `window.dispatchEvent(new Event("pagehide")), true`)
	waitJS(t, b, `document.getElementById("tab-conflict") !== null`, 15*time.Second)
	// A keeps typing while B is closed.
	typeLine(t, a, "Disallow: /open-tab-2/")
	if err := chromedp.Cancel(bctx); err != nil {
		t.Fatal(err)
	}
	typeLine(t, a, "Disallow: /open-tab-3/")
	waitJS(t, a, `document.querySelectorAll("#tabs [data-tab]").length === 2`, 10*time.Second)
	ws := eval[string](t, a, workspaceTextsJS)
	for _, want := range []string{"/open-tab/", "/open-tab-2/", "/open-tab-3/", "/closed-tab/"} {
		if !strings.Contains(ws, want) {
			t.Errorf("%s is lost: %s", want, ws)
		}
	}
	if n := eval[string](t, a, `(document.getElementById("notice") || {}).textContent || ""`); !strings.Contains(n, "A tab was closed") || !strings.Contains(n, "robots (copy).txt") {
		t.Errorf("notice = %q", n)
	}
	screenshot(t, a, "two-tabs-closed")
	waitSaved(t, a, "/open-tab-3/")
	if raw := eval[string](t, a, `localStorage.getItem("acap-workbench:v1:recovered") || ""`); raw != "" {
		t.Errorf("the recovered copy was not taken: %.80q", raw)
	}
}
