//go:build e2e && !js

package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// clippedJS lists visible elements that reach past the window's left or
// right edge without a box of their own to scroll them into view, and
// says whether the page itself scrolls sideways.
const clippedJS = `(() => {
	const W = document.documentElement.clientWidth, out = [];
	// Boxes meant to scroll sideways (or, in the editor, to clip).
	const scrollers = ".matrix, .editor, .editor *, pre, .diff, table, .wk-code, .batch-matrix, .bld-grid";
	if (document.documentElement.scrollWidth > W + 1) out.push("the page scrolls sideways: " + document.documentElement.scrollWidth + " > " + W);
	const clipBox = el => { for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
		if (getComputedStyle(e).overflowX !== "visible") return e; } return null; };
	for (const el of document.querySelectorAll("body *")) {
		if (!el.getClientRects().length || el.closest("[hidden], .sr-only, .print-view, .notice, script, style")) continue;
		const r = el.getBoundingClientRect();
		if (r.width <= 1 || r.height <= 1) continue;
		if (!(el.children.length === 0 && el.textContent.trim() || /^(BUTTON|INPUT|SELECT|TEXTAREA|A)$/.test(el.tagName))) continue;
		const box = clipBox(el);
		const lim = box ? box.getBoundingClientRect() : {left: 0, right: W};
		if (box && box.matches(scrollers)) {
			if (lim.right > W + 1 || lim.left < -1) out.push("scroll box " + box.className + " is wider than the window");
			continue;
		}
		const left = Math.max(0, lim.left), right = Math.min(W, lim.right);
		if (r.right > right + 1 || r.left < left - 1) out.push(el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + "." + el.className + " " +
			JSON.stringify(el.textContent.trim().slice(0, 30)) + " at " + Math.round(r.left) + ".." + Math.round(r.right) + " in " + Math.round(left) + ".." + Math.round(right));
	}
	return [...new Set(out)].slice(0, 12);
})()`

// phoneTab opens a tab with a window of w × h CSS pixels (a touch device
// when mobile) and the app with text simulated.
func sizedTab(t *testing.T, w, h int64, mobile bool) context.Context {
	t.Helper()
	ctx := newTab(t)
	opts := []chromedp.EmulateViewportOption{}
	if mobile {
		opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(3))
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, h, opts...)); err != nil {
		t.Fatal(err)
	}
	openSim(t, ctx, guideFile)
	return ctx
}

// noClipping fails for every element cut off at the window's edges, in
// each panel.
func noClipping(t *testing.T, ctx context.Context, size string, shots map[string]string) {
	t.Helper()
	panels := []struct{ id, ready string }{
		{"sim", `document.querySelectorAll("#sim-matrix button.cell").length > 0`},
		{"gallery", `document.querySelectorAll("#panel-gallery .wk-card button").length > 5`},
		{"exercises", `document.querySelectorAll("#panel-exercises .wk-ex-list button").length > 5`},
		{"signals", `document.querySelector("#panel-signals") && document.querySelector("#panel-signals").textContent.length > 50`},
		{"help", `document.getElementById("wk-help-h") !== null`},
	}
	for _, p := range panels {
		showPanel(t, ctx, p.id)
		waitJS(t, ctx, p.ready, 20*time.Second)
		if bad := eval[[]string](t, ctx, clippedJS); len(bad) > 0 {
			t.Errorf("%s, %s panel: cut off at the window's edge: %q", size, p.id, bad)
		}
		if name, ok := shots[p.id]; ok {
			eval[bool](t, ctx, `document.getElementById("panel-tabs").scrollIntoView(), true`)
			screenshot(t, ctx, name)
		}
	}
	showPanel(t, ctx, "sim")
}

// TestPhoneLayout works on a 390 × 844 phone: the page scrolls as a
// whole (header and editor are not pinned), the matrix scrolls sideways
// inside its box with the URL column kept in view and every column
// reachable, the share button and every panel fit the width, and
// axe-core finds no violation at this size.
func TestPhoneLayout(t *testing.T) {
	ctx := sizedTab(t, 390, 844, true)
	screenshot(t, ctx, "phone-editor")
	share := eval[[]float64](t, ctx, `(() => { const b = [...document.querySelectorAll("button")].find(b => b.textContent.trim() === "Copy share link");
		const r = b.getBoundingClientRect(); return [r.left, r.right, document.documentElement.clientWidth] })()`)
	if share[0] < 0 || share[1] > share[2]+1 {
		t.Errorf("“Copy share link” is cut off: %v", share)
	}

	// Not pinned: bringing the matrix to the top of the screen scrolls the
	// header and the editor away, and leaves the whole height to it.
	eval[bool](t, ctx, `document.getElementById("sim-matrix").scrollIntoView({block: "start"}), true`)
	pos := eval[map[string]float64](t, ctx, `(() => { const m = document.getElementById("sim-matrix").getBoundingClientRect();
		return {matrix: m.top, bar: document.querySelector(".bar").getBoundingClientRect().bottom,
			editor: document.querySelector(".editor").getBoundingClientRect().bottom, h: innerHeight,
			hit: document.getElementById("sim-matrix").contains(document.elementFromPoint(60, m.top + 40)) ? 1 : 0} })()`)
	if pos["matrix"] > 5 || pos["bar"] > 0 || pos["editor"] > 0 || pos["hit"] != 1 {
		t.Errorf("the matrix cannot be scrolled to the top of the screen, over the header and the editor: %v", pos)
	}
	screenshot(t, ctx, "phone-matrix")

	// The matrix scrolls sideways, the URL column stays.
	mx := eval[map[string]float64](t, ctx, `(() => { const box = document.querySelector("#sim-matrix").closest(".matrix") || document.getElementById("sim-matrix");
		const before = box.scrollWidth > box.clientWidth ? 1 : 0;
		box.scrollLeft = box.scrollWidth;
		const b = box.getBoundingClientRect(), url = document.querySelector("#sim-matrix tbody th").getBoundingClientRect();
		const heads = [...document.querySelectorAll("#sim-matrix thead th.mx-u")];
		const last = heads[heads.length - 1].getBoundingClientRect();
		return {wider: before, boxRight: b.right, w: document.documentElement.clientWidth, urlLeft: url.left - b.left,
			lastRight: last.right - b.right, cols: heads.length} })()`)
	if mx["wider"] != 1 || mx["boxRight"] > mx["w"]+1 || mx["urlLeft"] > 2 || mx["urlLeft"] < -1 || mx["lastRight"] > 1 || mx["cols"] != 14 {
		t.Errorf("the matrix does not scroll sideways in its box with the URL column kept: %v", mx)
	}
	screenshot(t, ctx, "phone-matrix-scrolled")
	noClipping(t, ctx, "phone", map[string]string{"help": "phone-help", "signals": "phone-signals", "exercises": "phone-exercises"})
	eval[bool](t, ctx, `scrollTo(0, 0), true`)

	// axe-core at phone size, on the simulator and the help.
	src := axeSource(t)
	for _, p := range []string{"sim", "help"} {
		showPanel(t, ctx, p)
		time.Sleep(100 * time.Millisecond)
		for _, x := range runAxe(t, ctx, src) {
			t.Errorf("axe at phone size, %s: %s (%s) %s at %s", p, x.ID, x.Impact, x.Help, strings.Join(x.Targets, "; "))
		}
	}
}

// TestTabletLayout: on a 768 × 1024 tablet nothing is cut off, the share
// button included.
func TestTabletLayout(t *testing.T) {
	ctx := sizedTab(t, 768, 1024, true)
	share := eval[[]float64](t, ctx, `(() => { const b = [...document.querySelectorAll("button")].find(b => b.textContent.trim() === "Copy share link");
		const r = b.getBoundingClientRect(); return [r.left, r.right, document.documentElement.clientWidth] })()`)
	if share[0] < 0 || share[1] > share[2]+1 {
		t.Errorf("“Copy share link” is cut off: %v", share)
	}
	screenshot(t, ctx, "tablet")
	noClipping(t, ctx, "tablet", map[string]string{"sim": "tablet-sim"})
}
