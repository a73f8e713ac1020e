//go:build e2e && !js

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// contrastJS returns the contrast ratio of the text of the first element
// matching each selector against the background it is drawn on.
const contrastJS = `((sels) => {
	const parse = c => { const m = c.match(/[\d.]+/g).map(Number); return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
	const bg = el => {
		const layers = [];
		for (let e = el; e; e = e.parentElement) {
			const c = parse(getComputedStyle(e).backgroundColor);
			if (c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
		}
		let out = [255, 255, 255];
		for (let i = layers.length - 1; i >= 0; i--) { const c = layers[i]; out = [0, 1, 2].map(k => c[k] * c[3] + out[k] * (1 - c[3])); }
		return out;
	};
	const lum = c => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }; return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
	const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
	const out = {};
	for (const sel of sels) {
		const el = document.querySelector(sel);
		if (!el) { out[sel] = -1; continue; }
		const fg = parse(getComputedStyle(el).color), b = bg(el);
		out[sel] = ratio([0, 1, 2].map(k => fg[k] * fg[3] + b[k] * (1 - fg[3])), b);
	}
	return out;
})`

// TestSimulatorAccessibility checks the basics: every control has a
// label, the simulator is reachable and usable with the keyboard alone,
// focus is visible, and text has enough contrast in both themes.
func TestSimulatorAccessibility(t *testing.T) {
	ctx := newTab(t)
	openSim(t, ctx, guideFile)
	click(t, ctx, `#conv-toggle`)
	click(t, ctx, `#conv-run`)
	waitJS(t, ctx, `document.getElementById("conv-report") !== null`, 10*time.Second)
	click(t, ctx, `#page-toggle`)

	// Labels.
	unlabelled := eval[[]string](t, ctx, `[...document.querySelectorAll("#side-extra input, #side-extra select, #side-extra textarea, #side-extra button, #tabs button")]
		.filter(e => !((e.labels && e.labels.length) || e.getAttribute("aria-label") || (e.tagName === "BUTTON" && e.textContent.trim())))
		.map(e => e.outerHTML.slice(0, 80))`)
	if len(unlabelled) > 0 {
		t.Errorf("controls without a label: %q", unlabelled)
	}

	// Keyboard: from the URL list, Tab reaches the matrix (one stop).
	eval[bool](t, ctx, `document.getElementById("sim-urls").focus(), true`)
	reached := false
	for i := 0; i < 6 && !reached; i++ {
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Tab)); err != nil {
			t.Fatal(err)
		}
		reached = eval[bool](t, ctx, `document.activeElement.matches("#sim-matrix button.cell")`)
	}
	if !reached {
		t.Fatalf("Tab from the URL list does not reach the matrix (focus on %s)", eval[string](t, ctx, `document.activeElement.outerHTML.slice(0, 80)`))
	}
	outline := eval[string](t, ctx, `(() => { const s = getComputedStyle(document.activeElement); return s.outlineStyle + " " + s.outlineWidth })()`)
	if strings.HasPrefix(outline, "none") || strings.HasSuffix(outline, " 0px") {
		t.Errorf("focused cell has no visible focus: outline %q", outline)
	}
	for _, k := range []string{kb.ArrowRight, kb.ArrowRight, kb.ArrowDown, "\r"} {
		if err := chromedp.Do(ctx, chromedp.KeyEvent(k)); err != nil {
			t.Fatal(err)
		}
	}
	if h := eval[string](t, ctx, `document.querySelector("#sim-explain h3") ? document.querySelector("#sim-explain h3").textContent : ""`); !strings.HasSuffix(h, "· index") {
		t.Errorf("Enter on a cell explained %q, want the second URL × index", h)
	}
	// Tab on into the explanation; Enter on a line goes to the editor.
	onLine := false
	for i := 0; i < 4 && !onLine; i++ {
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Tab)); err != nil {
			t.Fatal(err)
		}
		onLine = eval[bool](t, ctx, `document.activeElement.matches("#sim-explain button.ln")`)
	}
	if !onLine {
		t.Fatal("Tab from the matrix does not reach the explanation's lines")
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent("\r")); err != nil {
		t.Fatal(err)
	}
	if id := eval[string](t, ctx, `document.activeElement.id`); id != "editor-input" {
		t.Errorf("Enter on an explanation line focused %q, want the editor", id)
	}

	// Contrast of the simulator's text, both themes.
	sels := []string{
		"#sim-matrix .cell.c-yes", "#sim-matrix .cell.c-no", ".legend .c-yes", ".legend .c-limits", ".legend .c-no",
		"#sim-matrix tbody th", "#sim-explain .ln", "#sim-date-help", ".sim-status", "#sim-compare td.c-yes",
		"#conv-out .diff > span", "#conv-out p", ".tab", ".tab-add",
	}
	eval[bool](t, ctx, `document.getElementById("sim-date").value = "2008-06-01", document.getElementById("sim-date").dispatchEvent(new Event("change", {bubbles: true})), true`)
	if eval[int](t, ctx, `document.querySelectorAll("#sim-matrix .cell.c-limits").length`) > 0 {
		sels = append(sels, "#sim-matrix .cell.c-limits")
	} else {
		t.Error("no cell with restrictions to check")
	}
	for _, theme := range []string{"light", "dark"} {
		setTheme(t, ctx, theme)
		got := eval[map[string]float64](t, ctx, contrastJS+`(`+jsArray(sels)+`)`)
		for _, s := range sels {
			r, ok := got[s]
			switch {
			case !ok || r < 0:
				t.Errorf("%s: %s not found", theme, s)
			case r < 4.5:
				t.Errorf("%s: contrast of %s is %.2f, want at least 4.5", theme, s, r)
			default:
				t.Logf("%s: %s %.2f", theme, s, r)
			}
		}
	}
	eval[bool](t, ctx, `localStorage.removeItem("acap-workbench:v1:theme"), true`)
}

func jsArray(ss []string) string {
	var q []string
	for _, s := range ss {
		q = append(q, jsString(s))
	}
	return "[" + strings.Join(q, ",") + "]"
}
