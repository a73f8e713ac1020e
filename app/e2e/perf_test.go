//go:build e2e && !js

package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// probeJS installs the measuring listeners on a textarea: t0 when the key
// goes down (capture phase, before the browser edits the text); after the
// input handlers ran, a layout value is read, which makes the browser
// style and lay out the updated page ("handled"); then the time after the
// next frame is painted ("paint"). The editor's own share is read from the
// per-stage timings it records ("app").
const probeJS = `((id) => {
	const ta = document.getElementById(id);
	window.__k = [];
	ta.addEventListener("keydown", () => { window.__t0 = performance.now(); }, true);
	ta.addEventListener("input", () => {
		document.body.getBoundingClientRect();
		ta.scrollTop;
		const t1 = performance.now();
		const tm = window.__wbTimings || [0, 0, 0, 0, 0];
		const app = id === "editor-input" ? tm[0] + tm[1] + tm[2] + tm[4] : 0;
		requestAnimationFrame(() => setTimeout(() => window.__k.push([t1 - window.__t0, performance.now() - window.__t0, app]), 0));
	});
	const pos = ta.value.indexOf("\n", Math.floor(ta.value.length / 2)) + 11;
	ta.focus();
	ta.setSelectionRange(pos, pos);
	return true;
})`

// bareJS makes a plain textarea with the same text and style and no editor
// around it: the browser's own cost of the same typing.
const bareJS = `(() => {
	const src = document.getElementById("editor-input");
	const ta = document.createElement("textarea");
	ta.id = "bare"; ta.setAttribute("wrap", "off"); ta.spellcheck = false;
	ta.style.cssText = getComputedStyle(src).cssText;
	ta.style.position = "fixed"; ta.style.top = "0"; ta.style.left = "0"; ta.style.width = "600px"; ta.style.height = "400px"; ta.style.color = "black";
	ta.value = src.value;
	src.value = "";
	src.dispatchEvent(new Event("input", {bubbles: true}));
	document.body.appendChild(ta);
	return true;
})()`

func typeAndMeasure(t *testing.T, ctx context.Context, id string, n int) (handled, paint, app float64) {
	t.Helper()
	eval[bool](t, ctx, probeJS+`("`+id+`")`)
	for i := 0; i < n; i++ {
		if err := chromedp.Do(ctx, chromedp.KeyEvent("x")); err != nil {
			t.Fatal(err)
		}
		waitJS(t, ctx, fmt.Sprintf(`window.__k.length > %d`, i), 10*time.Second)
	}
	r := eval[[]float64](t, ctx, `(() => { const med = i => window.__k.map(x => x[i]).sort((a, b) => a - b)[Math.floor(window.__k.length / 2)]; return [med(0), med(1), med(2)] })()`)
	return r[0], r[1], r[2]
}

// measureKeystrokes types 50 keys into a fresh tab holding a file of the
// given size, prints a benchmark line and returns the medians; over says
// whether one is above limit.
func measureKeystrokes(t *testing.T, name string, size int, limit float64) (handled, app float64, over bool) {
	t.Helper()
	ctx := newTab(t)
	open(t, ctx, site.URL+"/")
	eval[bool](t, ctx, `(() => { const s = document.getElementById("font-size"); s.value = "14"; s.dispatchEvent(new Event("change", {bubbles: true})); return true })()`)
	setText(t, ctx, makeFile(size))
	handled, paint, app := typeAndMeasure(t, ctx, "editor-input", 50)
	tm := eval[[]float64](t, ctx, `window.__wbTimings`)
	if !strings.Contains(eval[string](t, ctx, `[...document.querySelectorAll("#hl-win .wbl")].map(l => l.textContent).join("\n")`), strings.Repeat("x", 50)) {
		t.Error("the typed characters are not in the highlighted layer")
	}
	eval[bool](t, ctx, bareJS)
	bare, barePaint, _ := typeAndMeasure(t, ctx, "bare", 20)
	fmt.Printf("BenchmarkKeystroke/%s\t50\t%.2f ms/op key-to-updated-layout\t%.2f ms/op key-to-next-paint\t%.2f ms/op editor-work\t%.2f ms/op bare-textarea\t%.2f ms/op bare-textarea-to-paint\n",
		name, handled, paint, app, bare, barePaint)
	t.Logf("last key: read %.1f ms, highlight %.1f ms, check %.1f ms, browser layout %.1f ms, render %.1f ms", tm[0], tm[1], tm[2], tm[3], tm[4])
	return handled, app, handled > limit || app > limit
}

func makeFile(size int) string {
	bench, err := os.ReadFile(filepath.Join(distDir, "..", "policy", "testdata", "bench", "bench_robots.txt"))
	if err != nil || len(bench) == 0 {
		bench = []byte("User-agent: *\nDisallow: /private/\nACAP-crawler: *\nACAP-disallow-crawl: /private/*.html$\nACAP-allow-index: /news/ time-limit=7-days\n# comment\n")
	}
	var b strings.Builder
	for b.Len() < size {
		b.Write(bench)
	}
	s := b.String()[:size]
	return s[:strings.LastIndexByte(s, '\n')+1]
}

// TestKeystrokeLatency types 50 characters with real key events into the
// middle of a 10 KiB and a 500 KiB file and prints benchmark-style lines
// (medians): from the key going down to the page updated and laid out,
// at most 16 ms for 10 KiB and 50 ms for 500 KiB. The time to the next
// painted frame and the cost of the same typing in a bare textarea are
// printed for comparison.
func TestKeystrokeLatency(t *testing.T) {
	for _, tc := range []struct {
		name       string
		size       int
		limit      float64
		limitTotal bool
	}{
		{"10KiB", 10 << 10, 16, true},
		{"500KiB", 500 << 10, 50, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// A median over 50 keys still moves when something else loads
			// the machine: a run over the limit is measured again, in a
			// fresh tab, up to three runs in all, and every run is printed.
			var handled, app float64
			for run := 1; run <= 3; run++ {
				var over bool
				handled, app, over = measureKeystrokes(t, tc.name, tc.size, tc.limit)
				if !over {
					break
				}
				t.Logf("run %d: median %.2f ms (editor work %.2f ms) is over %.0f ms", run, handled, app, tc.limit)
			}
			if tc.limitTotal && handled > tc.limit {
				t.Errorf("median keystroke %.2f ms on %s, want at most %.0f ms", handled, tc.name, tc.limit)
			}
			if app > tc.limit {
				t.Errorf("median editor work per keystroke %.2f ms on %s, want at most %.0f ms", app, tc.name, tc.limit)
			}
		})
	}
}
