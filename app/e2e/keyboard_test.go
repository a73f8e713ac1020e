//go:build e2e && !js

package e2e

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestKeyboardTabsPattern moves between the panel tabs as the WAI-ARIA
// tabs pattern asks: arrows step (and wrap), Home and End go to the first
// and last tab, and the tab reached is selected, focused and shown.
func TestKeyboardTabsPattern(t *testing.T) {
	ctx := startFresh(t)
	eval[bool](t, ctx, `document.getElementById("ptab-sim").focus(), true`)
	steps := []struct{ key, want string }{
		{kb.End, "help"},
		{kb.Home, "sim"},
		{kb.ArrowLeft, "help"},
		{kb.ArrowRight, "sim"},
		{kb.ArrowRight, "gallery"},
		{kb.End, "help"},
		{kb.ArrowRight, "sim"},
	}
	for i, s := range steps {
		pressKey(t, ctx, s.key, 0)
		panel := "panel-" + s.want
		if s.want == "sim" {
			panel = "side-extra"
		}
		waitJS(t, ctx, `document.activeElement.id === "ptab-`+s.want+`" && document.activeElement.getAttribute("aria-selected") === "true" && !document.getElementById("`+panel+`").hidden`, 5*time.Second)
		if n := eval[int](t, ctx, `document.querySelectorAll('#panel-tabs [role=tab][tabindex="0"]').length`); n != 1 {
			t.Errorf("step %d (%s): %d tabs in the tab order, want 1", i, s.key, n)
		}
	}
}

// TestKeyboardTabsMatrixExplanation: Enter on a matrix cell explains it
// and moves focus to the explanation, which is then in view; Escape
// there brings focus back to the same cell.
func TestKeyboardTabsMatrixExplanation(t *testing.T) {
	ctx := newTab(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1024, 768)); err != nil {
		t.Fatal(err)
	}
	openSim(t, ctx, guideFile)
	cases := []struct {
		moves []string
		r, c  string
	}{
		{nil, "0", "0"},
		{[]string{kb.ArrowDown, kb.ArrowRight, kb.ArrowRight}, "1", "2"},
		{[]string{kb.End}, "1", "13"},
	}
	eval[bool](t, ctx, `document.querySelector("#sim-matrix button.cell[tabindex='0']").focus(), true`)
	for _, tc := range cases {
		for _, k := range tc.moves {
			pressKey(t, ctx, k, 0)
		}
		cell := `#sim-matrix button[data-r="` + tc.r + `"][data-c="` + tc.c + `"]`
		if !eval[bool](t, ctx, `document.activeElement.matches('`+cell+`')`) {
			t.Fatalf("focus is on %s, want the cell %s,%s", eval[string](t, ctx, `document.activeElement.outerHTML.slice(0, 80)`), tc.r, tc.c)
		}
		pressKey(t, ctx, "\r", 0)
		waitJS(t, ctx, `document.activeElement.id === "sim-explain" && !!document.querySelector("#sim-explain h3")`, 5*time.Second)
		if !eval[bool](t, ctx, `document.querySelector('`+cell+`').classList.contains("sel")`) {
			t.Errorf("Enter on %s,%s did not select it", tc.r, tc.c)
		}
		inView := eval[bool](t, ctx, `(() => { const r = document.querySelector("#sim-explain h3").getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight })()`)
		if !inView {
			t.Errorf("after Enter on %s,%s the explanation's heading is out of view", tc.r, tc.c)
		}
		if tc.r == "0" && tc.c == "0" {
			screenshot(t, ctx, "keyboard-explanation")
		}
		pressKey(t, ctx, kb.Escape, 0)
		waitJS(t, ctx, `document.activeElement.matches('`+cell+`')`, 5*time.Second)
	}
}

// TestKeyboardTabsGalleryNames: every gallery button has an accessible
// name of its own, which names its card (the card's name, from its file).
func TestKeyboardTabsGalleryNames(t *testing.T) {
	ctx := startFresh(t)
	showPanel(t, ctx, "gallery")
	waitJS(t, ctx, `document.querySelectorAll("#panel-gallery .wk-card button").length > 10`, 20*time.Second)
	titles := eval[[]string](t, ctx, `[...document.querySelectorAll("#panel-gallery .wk-card")].map(c => c.querySelector("h4").textContent)`)
	nodes, err := chromedp.Run(ctx, chromedp.Nodes(chromedp.CSSAll(`#panel-gallery .wk-card button`)))
	if err != nil {
		t.Fatal(err)
	}
	if len(nodes) != len(titles) {
		t.Fatalf("%d buttons for %d cards", len(nodes), len(titles))
	}
	seen := map[string]bool{}
	no := false
	for i, n := range nodes {
		res, err := chromedp.Call(ctx, accessibility.GetPartialAXTree, accessibility.GetPartialAXTreeParams{BackendNodeID: n.BackendNodeID, FetchRelatives: &no})
		if err != nil {
			t.Fatal(err)
		}
		name := ""
		for _, a := range res.Nodes {
			if a.Name != nil && a.BackendDOMNodeID == n.BackendNodeID {
				if err := json.Unmarshal(a.Name.Value, &name); err != nil {
					t.Fatal(err)
				}
			}
		}
		if name != "Open as new file — "+titles[i] {
			t.Errorf("button %d is named %q, want “Open as new file” and %q", i, name, titles[i])
		}
		if seen[name] {
			t.Errorf("two buttons are named %q", name)
		}
		seen[name] = true
	}
	t.Logf("%d gallery buttons, each named for its file", len(nodes))
}
