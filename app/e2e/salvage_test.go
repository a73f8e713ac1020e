//go:build e2e && !js

package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestSavedWorkIsSalvaged: a saved record with a field of the wrong type
// still gives its text back; the record is kept aside, a second damaged
// record does not overwrite the first, and the next visit offers both as
// files.
func TestSavedWorkIsSalvaged(t *testing.T) {
	ctx := newTab(t)
	open(t, ctx, site.URL+"/")
	clearStorage(t, ctx)
	notice := func() string {
		return eval[string](t, ctx, `(document.getElementById("notice") || {}).textContent || ""`)
	}
	damaged := []string{
		`{"v":1,"name":123,"text":"User-agent: *\nDisallow: /first/\n","dirty":true,"savedAt":1}`,
		`{"v":1,"name":"second.txt","text":"User-agent: *\nDisallow: /second/\n","dirty":"yes"}`,
	}
	for i, raw := range damaged {
		eval[bool](t, ctx, `localStorage.removeItem("acap-workbench:v1:workspace"), localStorage.setItem("acap-workbench:v1:doc", `+jsString(raw)+`), true`)
		reloadPage(t, ctx)
		want := []string{"User-agent: *\nDisallow: /first/\n", "User-agent: *\nDisallow: /second/\n"}[i]
		if name := eval[string](t, ctx, `document.getElementById("file-name").value`); name != []string{"robots.txt", "second.txt"}[i] {
			t.Errorf("record %d: the file is named %q", i+1, name)
		}
		if got := eval[string](t, ctx, `document.getElementById("editor-input").value`); got != want {
			t.Errorf("record %d: the editor shows %q, want its text", i+1, got)
		}
		if n := notice(); !strings.Contains(n, "was damaged") || !strings.Contains(n, "its text was recovered") {
			t.Errorf("record %d: notice %q", i+1, n)
		}
		key := []string{"acap-workbench:v1:doc.unreadable", "acap-workbench:v1:doc.unreadable.2"}[i]
		if kept := eval[string](t, ctx, `localStorage.getItem(`+jsString(key)+`) || ""`); kept != raw {
			t.Errorf("record %d: %s holds %q", i+1, key, kept)
		}
		if i == 0 {
			screenshot(t, ctx, "salvage-recovered")
		}
		// Saved before the next record is written.
		waitJS(t, ctx, `(() => { try { return JSON.parse(localStorage.getItem("acap-workbench:v1:doc")).text === `+jsString(want)+` } catch (e) { return false } })()`, 5*time.Second)
	}
	// The next visit offers what was kept.
	reloadPage(t, ctx)
	waitJS(t, ctx, `document.getElementById("kept-banner") !== null`, 5*time.Second)
	if b := eval[string](t, ctx, `document.getElementById("kept-banner").textContent`); !strings.Contains(b, "Recovered text from an earlier visit") || !strings.Contains(b, "2 records") {
		t.Errorf("banner %q", b)
	}
	screenshot(t, ctx, "salvage-offered")
	click(t, ctx, "#kept-open")
	waitJS(t, ctx, `document.getElementById("kept-banner") === null`, 5*time.Second)
	tabs := eval[[]string](t, ctx, `[...document.querySelectorAll("#tabs [role=tab]")].map(b => b.textContent)`)
	// The second record's text is the file shown already: only the first
	// is added.
	if len(tabs) != 2 || !strings.Contains(tabs[0], "second.txt") || !strings.Contains(tabs[1], "recovered.txt") {
		t.Errorf("tabs %q, want second.txt and recovered.txt", tabs)
	}
	click(t, ctx, "#tab-1")
	if got := eval[string](t, ctx, `document.getElementById("editor-input").value`); got != "User-agent: *\nDisallow: /first/\n" {
		t.Errorf("recovered.txt holds %q", got)
	}
	if n := eval[int](t, ctx, `Object.keys(localStorage).filter(k => k.startsWith("acap-workbench:v1:doc.unreadable")).length`); n != 0 {
		t.Errorf("%d kept records left after they were opened", n)
	}
	clearStorage(t, ctx)
}
