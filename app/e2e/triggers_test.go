//go:build e2e && !js

package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/acap-workbench/workbench/policy"
)

// frameBound is the longest gap between two frames the trigger tests
// accept: generous, so that it holds on a 2-core machine loaded by other
// builds (where the page waits for the processor as much as it works);
// these files held the page for seconds when each line applied was an
// input event. The figures are printed as BENCH lines, with the script
// and layout time of the longest animation frames.
const frameBound = 2000.0 // ms

// settle is how long a step's frames are still recorded after its result
// shows: the checks that wait for a pause in typing, and the simulator's
// rerun, belong to the step.
const settle = 900 * time.Millisecond

// TestTriggerFrames runs the files that once froze the page: when the
// result of an action was applied (groups of one named crawler and ten
// Disallow lines, Convert, Apply; ACAP records of ten lines, Today's
// signals, Apply), and while the converter proved its result (one group
// for any crawler of 1,950 distinct two-level Disallow prefixes under an
// Allow line with wildcards at both ends, the shape of canalplus.com's
// file of 2025, which held the page 28 s). It records the longest gap
// between frames of each step. Each Apply must be one edit (one Ctrl+Z
// restores the text, Ctrl+Shift+Z makes it again), and no step may hold
// the page for frameBound.
func TestTriggerFrames(t *testing.T) {
	for _, tt := range []struct {
		name  string
		src   string
		open  string // clicks that show the panel and run it
		ready string // the panel's result is shown and can be applied
		apply string // the Apply button
	}{
		{"convert 50 groups", applyFile(50, false), convertJS, convKeepReadyJS, "conv-apply"},
		{"convert 100 groups", applyFile(100, false), convertJS, convKeepReadyJS, "conv-apply"},
		{"convert 1950 prefixes", prefixGroup(1950), convertJS, convKeepReadyJS, "conv-apply"},
		{"signals 50 records", applyFile(50, true), signalsJS, signalsReadyJS, "wk-sig-apply"},
		{"signals 100 records", applyFile(100, true), signalsJS, signalsReadyJS, "wk-sig-apply"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx := newTab(t)
			src := tt.src
			openSim(t, ctx, src)
			run := stepFrames(t, ctx, tt.open, tt.ready)
			if tt.apply == "conv-apply" {
				// The report's diff, drawn a piece a frame, is whole: a
				// row for each line the converter added.
				f, err := policy.Parse("/robots.txt", []byte(src))
				if err != nil {
					t.Fatal(err)
				}
				conv := policy.Convert(f, policy.ConvertOptions{})
				want := strings.Count(string(conv.Text), "\n") - strings.Count(src, "\n")
				if n := eval[int](t, ctx, `document.querySelectorAll("#conv-diff .d-add").length`); n != want {
					t.Errorf("the diff shows %d added lines, want %d", n, want)
				}
				eval[bool](t, ctx, `document.getElementById("conv-diff").lastElementChild.scrollIntoView({block: "center"}), true`)
				screenshot(t, ctx, "trigger-"+strings.ReplaceAll(tt.name, " ", "-")+"-diff-end")
				long, n := proofFrames(t, ctx)
				t.Logf("BENCH trigger %s: longest frame during the proof %.0f ms, of %d frames (target 200 ms)", tt.name, long, n)
			}
			before := editorHolds(src)
			apply := stepFrames(t, ctx, `document.getElementById(`+jsString(tt.apply)+`).click()`, `!(`+before+`)`)
			after := eval[string](t, ctx, editorTextJS)
			t.Logf("apply's input handling (read, edit, check, browser layout, render ms): %v; %d bytes",
				eval[[]float64](t, ctx, `window.__wbTimings.map(Math.round)`), len(after))
			t.Logf("BENCH trigger %s: longest frame: run %.0f ms, apply %.0f ms (target 100 ms)", tt.name, run, apply)
			for step, ms := range map[string]float64{"run": run, "apply": apply} {
				if ms > frameBound {
					t.Errorf("%s: a frame of %.0f ms (bound %.0f ms)", step, ms, frameBound)
				}
			}
			// One edit: one Ctrl+Z restores the text, Ctrl+Shift+Z makes
			// the edit again.
			pressKey(t, ctx, "z", chromedp.ModifierCtrl)
			waitJS(t, ctx, before, 5*time.Second)
			pressKey(t, ctx, "z", chromedp.ModifierCtrl|chromedp.ModifierShift)
			waitJS(t, ctx, editorHolds(after), 5*time.Second)
		})
	}
}

// editorTextJS is the editor's text: the textarea's, or, for a text shown
// read-only (viewLines lines or more), what a copy of the whole textarea
// gives, which is the text without its final line end.
const editorTextJS = `(() => {
	const ta = document.getElementById("editor-input");
	if (!ta.readOnly) return ta.value;
	ta.setSelectionRange(0, ta.value.length);
	const dt = new DataTransfer();
	ta.dispatchEvent(new ClipboardEvent("copy", {clipboardData: dt, bubbles: true, cancelable: true}));
	return dt.getData("text/plain");
})()`

// editorHolds is JavaScript that is true when the editor's text
// (editorTextJS) is text, or text without its final line end.
func editorHolds(text string) string {
	return `((t, x) => t === x || t + "\n" === x)(` + editorTextJS + `, ` + jsString(text) + `)`
}

// prefixGroup is one group for any crawler: an Allow line with wildcards
// at both ends, then n distinct Disallow prefixes of two two-letter
// segments (/aa/aa/, /aa/ab/, …) that it overlaps.
func prefixGroup(n int) string {
	var b strings.Builder
	b.WriteString("User-agent: *\nAllow: */h/dl/*\n")
	letters := func(i int) string { i %= 26 * 26; return string([]byte{byte('a' + i/26), byte('a' + i%26)}) }
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "Disallow: /%s/%s/\n", letters(i/26), letters(i))
	}
	return b.String()
}

const (
	convertJS   = `document.getElementById("conv-toggle").click(), document.getElementById("conv-run").click()`
	convReadyJS = `document.getElementById("conv-report") !== null && !document.getElementById("conv-apply").disabled && document.querySelector("#conv-diff[aria-busy]") === null`
	// convKeepReadyJS answers "Keep checking" when the proof passes the
	// page's time cap (a loaded machine), so that the whole proof runs.
	convKeepReadyJS = `(b => b && b.click())(document.getElementById("conv-keep")), ` + convReadyJS
	signalsJS       = `document.getElementById("ptab-signals").click()`
	signalsReadyJS  = `!!document.getElementById("wk-sig-apply") && !document.getElementById("wk-sig-apply").disabled`
)

// stepFrames records frames, runs do (JavaScript), waits for done and
// settle, and returns the longest gap between two frames (ms).
func stepFrames(t *testing.T, ctx context.Context, do, done string) float64 {
	t.Helper()
	eval[bool](t, ctx, frameJS)
	eval[bool](t, ctx, loafJS)
	if profiling() {
		if err := profileStart(ctx); err != nil {
			t.Fatal(err)
		}
		defer func() { t.Log("PROFILE", profileStop(ctx)) }()
	}
	eval[bool](t, ctx, `(`+do+`, true)`)
	waitJS(t, ctx, done, 60*time.Second)
	time.Sleep(settle)
	long := readFrames(t, ctx).longest
	if v := eval[string](t, ctx, `window.__loafParts.sort((a, b) => b[0] - a[0]).slice(0, 2).map(p => p.map(Math.round).join("/")).join(", ")`); v != "" {
		t.Logf("longest animation frames (total/script/style and layout ms): %s", v)
	}
	return long
}

// loafJS records, for each long animation frame, its duration, the time
// spent in scripts and the time of style and layout (window.__loafParts).
const loafJS = `(() => {
	window.__loafParts = [];
	if (window.__loafObserved) return true;
	window.__loafObserved = true;
	try {
		new PerformanceObserver(l => { for (const e of l.getEntries()) {
			const js = (e.scripts || []).reduce((s, x) => s + x.duration, 0);
			const sl = e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0;
			window.__loafParts.push([e.duration, js, sl]);
		} }).observe({type: "long-animation-frame", buffered: false});
	} catch (e) {}
	return true;
})()`
