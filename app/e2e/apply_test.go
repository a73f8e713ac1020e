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

// applyFile is a minimal trigger of a slow Apply: n groups, each of one
// named crawler and ten Disallow lines (acap: ACAP records of ten
// ACAP-disallow-crawl lines instead).
func applyFile(n int, acap bool) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if acap {
			fmt.Fprintf(&b, "ACAP-crawler: bot%d\n", i)
		} else {
			fmt.Fprintf(&b, "User-agent: bot%d\n", i)
		}
		for j := 0; j < 10; j++ {
			if acap {
				fmt.Fprintf(&b, "ACAP-disallow-crawl: /p%d/s%d/\n", i, j)
			} else {
				fmt.Fprintf(&b, "Disallow: /p%d/s%d/\n", i, j)
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

// timedClickJS clicks a button and returns how long (ms) the click kept
// the page's thread, with the number of input events the editor got.
const timedClickJS = `((sel) => {
	const ta = document.getElementById("editor-input");
	let inputs = 0;
	const count = () => inputs++;
	ta.addEventListener("input", count);
	const t0 = performance.now();
	document.querySelector(sel).click();
	const ms = performance.now() - t0;
	ta.removeEventListener("input", count);
	return [ms, inputs];
})`

// TestApplyIsOneEdit applies the converter's result and today's signals to
// files of 50 and 100 groups (when Chromium inserted the text line by
// line, each line fired an input event that checked the whole file). Each
// apply is one edit:
// one undo takes it back, and the click costs about what giving the
// editor the same text at once costs (the baseline, measured in the same
// run: one input event, one check, one redraw).
func TestApplyIsOneEdit(t *testing.T) {
	for _, tt := range []struct {
		name   string
		acap   bool
		groups int
		run    func(t *testing.T, ctx context.Context)
		button string
	}{
		{"convert 50 groups", false, 50, openConverter, "#conv-apply"},
		{"convert 100 groups", false, 100, openConverter, "#conv-apply"},
		{"signals 50 records", true, 50, openSignals, "#wk-sig-apply"},
		{"signals 100 records", true, 100, openSignals, "#wk-sig-apply"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx := newTab(t)
			src := applyFile(tt.groups, tt.acap)
			openSim(t, ctx, src)
			tt.run(t, ctx)
			r := eval[[]float64](t, ctx, timedClickJS+`(`+jsString(tt.button)+`)`)
			applyMs, inputs := r[0], int(r[1])
			after := eval[string](t, ctx, `document.getElementById("editor-input").value`)
			if after == src {
				t.Fatal("the apply changed nothing")
			}
			// One Ctrl+Z takes the whole edit back; Ctrl+Shift+Z makes it
			// again.
			pressKey(t, ctx, "z", chromedp.ModifierCtrl)
			waitJS(t, ctx, `document.getElementById("editor-input").value === `+jsString(src), 5*time.Second)
			pressKey(t, ctx, "z", chromedp.ModifierCtrl|chromedp.ModifierShift)
			waitJS(t, ctx, `document.getElementById("editor-input").value === `+jsString(after), 5*time.Second)
			pressKey(t, ctx, "z", chromedp.ModifierCtrl)
			waitJS(t, ctx, `document.getElementById("editor-input").value === `+jsString(src), 5*time.Second)

			// The baseline: the same text given at once.
			base := eval[float64](t, ctx, `(() => { const ta = document.getElementById("editor-input");
				const t0 = performance.now(); ta.value = `+jsString(after)+`; ta.dispatchEvent(new Event("input", {bubbles: true}));
				return performance.now() - t0 })()`)
			t.Logf("BENCH apply %s: %d lines added, %d input events, click %.0f ms, baseline (one input) %.0f ms",
				tt.name, strings.Count(after, "\n")-strings.Count(src, "\n"), inputs, applyMs, base)
			// The browser's own editing of the text comes on top of the
			// baseline; handling each of its input events (the old cost)
			// made the click 20 to 40 times the baseline.
			if applyMs > 6*base+400 {
				t.Errorf("apply took %.0f ms, over 6 × the baseline %.0f ms + 400 ms", applyMs, base)
			}
		})
	}
}

// pressKey presses a key with modifiers in the focused element, as a
// person does.
func pressKey(t *testing.T, ctx context.Context, key string, mods chromedp.Modifier) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.KeyEvent(key, chromedp.KeyModifiers(mods))); err != nil {
		t.Fatal(err)
	}
}

func openConverter(t *testing.T, ctx context.Context) {
	t.Helper()
	click(t, ctx, `#conv-toggle`)
	click(t, ctx, `#conv-run`)
	// On a loaded machine the proof may pass its time cap and ask
	// whether to keep checking: yes.
	waitJS(t, ctx, convKeepReadyJS, 120*time.Second)
}

func openSignals(t *testing.T, ctx context.Context) {
	t.Helper()
	click(t, ctx, `#ptab-signals`)
	waitJS(t, ctx, `!!document.getElementById("wk-sig-apply") && !document.getElementById("wk-sig-apply").disabled`, 20*time.Second)
}

// viewBytes and viewLines are the size and the lines from which the
// editor shows a text read-only (viewMin and viewMinLines in
// app/ui/editor.go).
const (
	viewBytes = 64 << 10
	viewLines = 1500
)

// TestApplyLargeIsViewed: an Apply whose result is viewBytes or viewLines
// or more (a file of 120 groups, converted) shows the result read-only,
// as a file of that size opened, without taking it into the textarea;
// Ctrl+Z gives the file back in the editor, Ctrl+Shift+Z the result again,
// and Edit the file puts the result in the editor.
func TestApplyLargeIsViewed(t *testing.T) {
	src := applyFile(120, false)
	f, err := policy.Parse("/robots.txt", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	conv := policy.Convert(f, policy.ConvertOptions{})
	large := func(s string) bool { return len(s) >= viewBytes || strings.Count(s, "\n")+1 >= viewLines }
	if large(src) || !large(string(conv.Text)) {
		t.Fatalf("the file (%d bytes) and its conversion (%d bytes) do not straddle %d bytes or %d lines", len(src), len(conv.Text), viewBytes, viewLines)
	}
	ctx := newTab(t)
	openSim(t, ctx, src)
	openConverter(t, ctx)
	viewed := `document.getElementById("editor-input").readOnly && !document.getElementById("large-view").hidden`
	click(t, ctx, "#conv-apply")
	waitJS(t, ctx, viewed, 20*time.Second)
	bar := eval[string](t, ctx, `document.getElementById("large-view").textContent`)
	for _, want := range []string{"robots.txt", "KiB", "read-only", "Edit the file"} {
		if !strings.Contains(bar, want) {
			t.Errorf("the bar %q does not say %q", bar, want)
		}
	}
	// The textarea holds the result's shape: a line for each block of
	// lines, all empty but the first.
	sk := eval[int](t, ctx, `document.getElementById("editor-input").value.split("\n").length`)
	block := eval[int](t, ctx, `+document.getElementById("editor-input").style.getPropertyValue("--block")`)
	// The coloured layer may draw the result's lines a frame after the
	// skeleton is in place (the queue of work after paints).
	waitJS(t, ctx, `(l => !!l && l.textContent.startsWith("##ACAP"))(document.querySelector("#hl-win .wbl"))`, 10*time.Second)
	first := eval[string](t, ctx, `document.querySelector("#hl-win .wbl").textContent`)
	if sk > 1000 || block < 1 || sk*block <= strings.Count(src, "\n")+1 || !strings.HasPrefix(first, "##ACAP") {
		t.Errorf("the read-only view has %d lines of %d lines each (the file %d), the first drawn %q", sk, block, strings.Count(src, "\n")+1, first)
	}
	screenshot(t, ctx, "apply-large-viewed")
	// A copy from the skeleton's second line to the start of its fourth
	// gives the second and third blocks of lines.
	copied := eval[string](t, ctx, `(() => {
		const ta = document.getElementById("editor-input"), a = ta.value.indexOf("\n") + 1;
		ta.setSelectionRange(a, a + 2);
		const dt = new DataTransfer();
		ta.dispatchEvent(new ClipboardEvent("copy", {clipboardData: dt, bubbles: true, cancelable: true}));
		return dt.getData("text/plain");
	})()`)
	eval[bool](t, ctx, `document.getElementById("editor-input").focus(), true`)
	screenshot(t, ctx, "apply-large-viewed-selected")

	eval[bool](t, ctx, `(window.__src = `+jsString(src)+`, true)`)
	pressKey(t, ctx, "z", chromedp.ModifierCtrl)
	waitJS(t, ctx, `document.getElementById("editor-input").value === window.__src && !(`+viewed+`)`, 10*time.Second)
	pressKey(t, ctx, "z", chromedp.ModifierCtrl|chromedp.ModifierShift)
	waitJS(t, ctx, viewed, 10*time.Second)
	click(t, ctx, "#large-edit")
	waitJS(t, ctx, `!(`+viewed+`)`, 10*time.Second)
	got := eval[string](t, ctx, `document.getElementById("editor-input").value`)
	if n := strings.Count(got, "\n") + 1; !large(got) || (n+block-1)/block != sk || !strings.HasPrefix(got, first+"\n") {
		t.Errorf("after Edit the editor holds %d bytes, %d lines, starting %.40q; want the result's lines, %d blocks of %d", len(got), n, got, sk, block)
	}
	if want := strings.Join(strings.Split(got, "\n")[block:3*block], "\n"); block < 2 || copied != want {
		t.Errorf("a copy of the skeleton's second and third lines (blocks of %d lines) gave %.80q, want %.80q", block, copied, want)
	}
}
