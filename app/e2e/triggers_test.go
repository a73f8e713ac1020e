//go:build e2e && !js

package e2e

import (
	"context"
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

// TestTriggerFrames runs the files that once froze the page when the
// result of an action was applied (groups of one named crawler and ten
// Disallow lines, Convert, Apply; ACAP records of ten lines, Today's
// signals, Apply), recording the longest gap between frames of each step.
// Each Apply must be one edit (one Ctrl+Z restores the text, Ctrl+Shift+Z
// makes it again), and no step may hold the page for frameBound.
func TestTriggerFrames(t *testing.T) {
	for _, tt := range []struct {
		name   string
		acap   bool
		groups int
		open   string // clicks that show the panel and run it
		ready  string // the panel's result is shown and can be applied
		apply  string // the Apply button
	}{
		{"convert 50 groups", false, 50, convertJS, convReadyJS, "conv-apply"},
		{"convert 100 groups", false, 100, convertJS, convReadyJS, "conv-apply"},
		{"signals 50 records", true, 50, signalsJS, signalsReadyJS, "wk-sig-apply"},
		{"signals 100 records", true, 100, signalsJS, signalsReadyJS, "wk-sig-apply"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx := newTab(t)
			src := applyFile(tt.groups, tt.acap)
			openSim(t, ctx, src)
			run := stepFrames(t, ctx, tt.open, tt.ready)
			if !tt.acap {
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
			before := `document.getElementById("editor-input").value === ` + jsString(src)
			apply := stepFrames(t, ctx, `document.getElementById(`+jsString(tt.apply)+`).click()`, `!(`+before+`)`)
			after := eval[string](t, ctx, `document.getElementById("editor-input").value`)
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
			waitJS(t, ctx, `document.getElementById("editor-input").value === `+jsString(after), 5*time.Second)
		})
	}
}

const (
	convertJS      = `document.getElementById("conv-toggle").click(), document.getElementById("conv-run").click()`
	convReadyJS    = `document.getElementById("conv-report") !== null && !document.getElementById("conv-apply").disabled && document.querySelector("#conv-diff[aria-busy]") === null`
	signalsJS      = `document.getElementById("ptab-signals").click()`
	signalsReadyJS = `!!document.getElementById("wk-sig-apply") && !document.getElementById("wk-sig-apply").disabled`
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
