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
	"unicode/utf16"

	"github.com/chromedp/chromedp"
)

// largeText is sciencedirect.com's robots.txt of January 2026 (834 KB)
// repeated to 3.7 MB, whole lines.
func largeText(t *testing.T) string {
	t.Helper()
	one, err := os.ReadFile(filepath.Join("..", "..", "policy", "testdata", "bench", "sciencedirect.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for b.Len() < 3_700_000 {
		b.Write(one)
		b.WriteByte('\n')
	}
	s := b.String()[:3_700_000]
	return s[:strings.LastIndexByte(s, '\n')+1]
}

// frameJS records the gaps between animation frames (window.__frames, ms)
// from now on, and the long animation frames Chromium reports with their
// script time (window.__loaf).
const frameJS = `(() => {
	window.__frames = []; window.__frameEnds = []; window.__loaf = []; window.__loafScripts = [];
	let last = performance.now();
	const tick = (now) => { window.__frames.push(now - last); window.__frameEnds.push(now); last = now; if (!window.__stopFrames) requestAnimationFrame(tick); };
	window.__stopFrames = false;
	requestAnimationFrame(tick);
	try {
		new PerformanceObserver(l => { for (const e of l.getEntries()) { window.__loaf.push([e.duration, e.blockingDuration || 0]); (window.__loafScripts = window.__loafScripts || []).push(e.duration + ": " + (e.scripts || []).map(s => s.invoker + " " + Math.round(s.duration)).join(", ")); } })
			.observe({type: "long-animation-frame", buffered: false});
	} catch (e) {}
	return true;
})()`

// scrollJS scrolls a textarea from top to bottom in n steps, one a frame,
// and resolves when done.
const scrollJS = `((id, n) => new Promise(done => {
	const ta = document.getElementById(id);
	const max = ta.scrollHeight - ta.clientHeight;
	let i = 0;
	const step = () => {
		ta.scrollTop = Math.round(max * i / n);
		ta.dispatchEvent(new Event("scroll"));
		if (++i <= n) requestAnimationFrame(step); else requestAnimationFrame(() => done(true));
	};
	requestAnimationFrame(step);
}))`

// longLineOffsetJS scrolls the editor to a line of over 20,000 characters,
// 15,000 characters to the right, and returns how far (px) a character in
// view of the coloured layer is from where the textarea draws it: the left
// edge of its text, the padding, the column times the width of a
// character, less the scroll.
const longLineOffsetJS = `new Promise(done => {
	const ta = document.getElementById("editor-input");
	const lines = ta.value.split("\n");
	const idx = lines.findIndex(l => l.length > 20000);
	const lh = parseFloat(getComputedStyle(ta).lineHeight);
	const probe = document.createElement("span"); probe.textContent = "0".repeat(200);
	document.getElementById("hl-win").appendChild(probe);
	const cw = probe.getBoundingClientRect().width / 200; probe.remove();
	ta.scrollTop = Math.max(0, idx * lh - 100);
	ta.scrollLeft = Math.round(15000 * cw);
	ta.dispatchEvent(new Event("scroll"));
	requestAnimationFrame(() => requestAnimationFrame(() => {
		const nums = [...document.querySelectorAll("#gutter-win .num")];
		const k = nums.findIndex(n => n.textContent === String(idx + 1));
		const div = document.getElementById("hl-win").children[k];
		const skip = div.querySelector(".skip");
		const colA = skip ? Math.round(skip.getBoundingClientRect().width / cw) : 0;
		const c = Math.round(ta.scrollLeft / cw) + 10;
		let want = c - colA, node = null;
		const walk = document.createTreeWalker(div, NodeFilter.SHOW_TEXT);
		while (walk.nextNode()) { const n = walk.currentNode; if (want < n.length) { node = n; break; } want -= n.length; }
		if (!node) { done(-1); return; }
		const r = document.createRange(); r.setStart(node, want); r.setEnd(node, want + 1);
		const x = r.getBoundingClientRect().left;
		const expect = ta.getBoundingClientRect().left + parseFloat(getComputedStyle(ta).paddingLeft) + c * cw - ta.scrollLeft;
		done(Math.abs(x - expect));
	}));
})`

type frameFigures struct{ longest, median float64 }

func readFrames(t *testing.T, ctx context.Context) frameFigures {
	t.Helper()
	fr := eval[[]float64](t, ctx, `window.__stopFrames = true, window.__frames.slice(1)`)
	if len(fr) == 0 {
		t.Fatal("no frames recorded")
	}
	long := 0.0
	for _, f := range fr {
		long = max(long, f)
	}
	return frameFigures{long, median(append([]float64(nil), fr...))}
}

// proofFramesJS takes frames as [end, gap] pairs (ms) and returns the
// longest gap between two frames that overlaps a proof's span (the app
// keeps them in window.__wbProofSpans) and the number of such frames;
// -1 and 0 when no proof has ended.
const proofFramesJS = `((frames) => {
	const spans = window.__wbProofSpans || [];
	if (spans.length === 0) return [-1, 0];
	let long = 0, n = 0;
	for (const [end, gap] of frames) {
		if (spans.some(([a, b]) => end - gap < b && end > a)) { long = Math.max(long, gap); n++; }
	}
	return [long, n];
})`

// framePairsJS is what frameJS recorded, as proofFramesJS takes it.
const framePairsJS = `(window.__frameEnds.map((e, i) => [e, window.__frames[i]]).slice(1))`

// proofFrames is the longest frame during a proof, and how many frames
// overlapped one, of those frameJS recorded.
func proofFrames(t *testing.T, ctx context.Context) (float64, int) {
	t.Helper()
	v := eval[[]float64](t, ctx, proofFramesJS+framePairsJS)
	if v[0] < 0 {
		t.Fatal("no proof ended while frames were recorded")
	}
	return v[0], int(v[1])
}

// TestLargeFileOpenScroll opens a 3.7 MB real file (sciencedirect.com's,
// repeated) with Open…, which shows it read-only, waits for its check and
// its save, and scrolls it from top to bottom in 60 steps; copies two of its
// lines; then asks to edit it, which puts the text in the textarea, and
// checks the coloured layer far right on a long line. It does the same in a
// bare textarea with the same text in the same page. It prints the figures
// as benchmark lines and guards only ratios to the bare textarea measured
// in the same run.
func TestLargeFileOpenScroll(t *testing.T) {
	text := largeText(t)
	lines := strings.Split(text, "\n")
	ctx := startFresh(t)
	// The file is made in the page first (the harness's cost), then given
	// to the Open… input while the frames are recorded.
	eval[bool](t, ctx, `window.__file = new File([`+jsString(text)+`], "sciencedirect-x4.txt", {type: "text/plain"}), true`)
	eval[bool](t, ctx, frameJS)
	t0 := eval[float64](t, ctx, `performance.now()`)
	giveFile(t, ctx, "window.__file")
	if err := waitJSErr(ctx, `!document.getElementById("large-view").hidden`, 30*time.Second); err != nil {
		t.Fatalf("the large file is not shown read-only; notice: %q", eval[string](t, ctx, `(document.getElementById("notice") || {}).textContent || ""`))
	}
	waitJS(t, ctx, `document.getElementById("hl-win").textContent.includes(`+jsString(lines[0])+`)`, 30*time.Second)
	opened := eval[float64](t, ctx, `performance.now()`) - t0
	if !eval[bool](t, ctx, `document.getElementById("editor-input").readOnly`) {
		t.Error("a file shown read-only can be typed into")
	}
	bar := eval[string](t, ctx, `document.getElementById("large-view").textContent`)
	for _, want := range []string{"sciencedirect-x4.txt", "3.2 MiB", "read-only", "Edit the file"} {
		if !strings.Contains(bar, want) {
			t.Errorf("the bar over the editor says %q, without %q", bar, want)
		}
	}
	if n := eval[int](t, ctx, `document.getElementById("editor-input").value.length`); n > 200_000 {
		t.Errorf("the textarea holds %d characters while the file is viewed: it should hold only its shape", n)
	}
	waitJS(t, ctx, `/\d+ errors?, \d+ warnings?/.test(document.getElementById("problem-status").textContent)`, 30*time.Second)
	// Then the slow checks, the simulator and the save: all frames after
	// opening are counted until the file is saved.
	waitJS(t, ctx, `(localStorage.getItem("acap-workbench:v1:doc") || "").length > 3000000`, 30*time.Second)
	time.Sleep(300 * time.Millisecond)
	open := readFrames(t, ctx)
	t.Logf("frames while opening over 40 ms: %v", eval[[]float64](t, ctx, `window.__frames.filter(f => f > 40).map(f => Math.round(f))`))
	t.Logf("long animation frames [duration, blocking] (ms): %v", eval[[][]float64](t, ctx, `window.__loaf.map(e => e.map(Math.round))`))
	status := eval[string](t, ctx, `document.getElementById("problem-status").textContent`)
	t.Logf("problems: %s", status)
	t.Logf("scripts of the long animation frames (ms): %v", eval[[]string](t, ctx, `window.__loafScripts || []`))
	screenshot(t, ctx, "large-3.7MB-viewed")

	eval[bool](t, ctx, frameJS)
	eval[bool](t, ctx, scrollJS+`("editor-input", 60)`)
	scroll := readFrames(t, ctx)
	t.Logf("frames while scrolling over 40 ms: %v", eval[[]float64](t, ctx, `window.__frames.filter(f => f > 40).map(f => Math.round(f))`))
	// The coloured layer follows the textarea: the last line is drawn.
	lastLine := strings.TrimSpace(text[strings.LastIndexByte(strings.TrimSuffix(text, "\n"), '\n')+1:])
	if !strings.Contains(eval[string](t, ctx, `document.getElementById("hl-win").textContent`), lastLine) {
		t.Errorf("after scrolling to the end the coloured layer does not show the last line %q", lastLine)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#hl-win .wbl").length`); n > 400 {
		t.Errorf("the coloured layer holds %d lines: only those in view (and a margin) should be drawn", n)
	}
	screenshot(t, ctx, "large-3.7MB-scrolled")
	// Typing into the read-only view changes nothing and points at the bar.
	eval[bool](t, ctx, `document.getElementById("editor-input").focus(), true`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent("x")); err != nil {
		t.Fatal(err)
	}
	if !eval[bool](t, ctx, `document.getElementById("large-view").classList.contains("nudge")`) {
		t.Error("a key typed into the read-only view does not point at the bar")
	}
	if n := eval[int](t, ctx, `document.getElementById("editor-input").value.length`); n > 200_000 {
		t.Errorf("a key typed into the read-only view changed its text (%d characters)", n)
	}
	// A problem clicked while the file is viewed brings its line into view.
	click(t, ctx, "#problems .prob-go")
	waitJS(t, ctx, `document.getElementById("editor-input").scrollTop < 40 && document.querySelector("#gutter-win .num").textContent === "1"`, 10*time.Second)
	// The textarea holds a skeleton of at most 1,000 lines, each standing
	// for a block of lines, and scrolls as far as the whole text would.
	block := eval[int](t, ctx, `+document.getElementById("editor-input").style.getPropertyValue("--block")`)
	sk := eval[int](t, ctx, `document.getElementById("editor-input").value.split("\n").length`)
	n := strings.Count(text, "\n") + 1 // the editor's lines: after a last LF, an empty one
	if sk > 1000 || block < 1 || sk != (n+block-1)/block {
		t.Errorf("the skeleton has %d lines of %d lines each, for %d lines of text: want at most 1,000 covering them", sk, block, n)
	}
	lh := eval[int](t, ctx, `parseInt(getComputedStyle(document.getElementById("editor")).getPropertyValue("--lh"))`)
	if h := eval[int](t, ctx, `document.getElementById("editor-input").scrollHeight`); h < n*lh || h > (n+block)*lh+40 {
		t.Errorf("the viewed text scrolls %d px high, want about %d lines of %d px", h, n, lh)
	}
	// A copy gives the lines of the blocks the selection spans (from the
	// start of the skeleton's second line to the start of its fourth: the
	// second and third).
	copied := eval[string](t, ctx, `(() => {
		const ta = document.getElementById("editor-input"), v = ta.value;
		const a = v.indexOf("\n") + 1, b = v.indexOf("\n", v.indexOf("\n", a) + 1) + 1;
		ta.setSelectionRange(a, b);
		const dt = new DataTransfer();
		ta.dispatchEvent(new ClipboardEvent("copy", {clipboardData: dt, bubbles: true, cancelable: true}));
		return dt.getData("text/plain");
	})()`)
	if want := strings.Join(lines[block:3*block], "\n"); copied != want {
		t.Errorf("copying blocks 2 and 3 (%d lines each) of the viewed file gave %d characters %.80q, want %d %.80q", block, len(copied), copied, len(want), want)
	}

	// Edit: the text goes into the textarea, in one frame of the
	// browser's (the bare textarea's own), then the file can be typed in.
	eval[bool](t, ctx, frameJS)
	// A frame first, so that the click's frame is one of those recorded.
	waitPaint(t, ctx)
	click(t, ctx, "#large-edit")
	n16 := len(utf16.Encode([]rune(text)))
	waitJS(t, ctx, `document.getElementById("editor-input").value.length === `+fmt.Sprint(n16), 30*time.Second)
	time.Sleep(300 * time.Millisecond)
	edit := readFrames(t, ctx)
	if eval[bool](t, ctx, `document.getElementById("editor-input").readOnly || !document.getElementById("large-view").hidden`) {
		t.Error("after Edit the editor is still read-only, or the bar still shows")
	}
	// Far right on a very long line, the coloured text is where the
	// textarea's (invisible) text is.
	off := eval[float64](t, ctx, longLineOffsetJS)
	t.Logf("long line, 15,000 columns right: coloured text %.2f px from the textarea's", off)
	screenshot(t, ctx, "large-long-line-right")
	if off < 0 || off > 2 {
		t.Errorf("on a long line scrolled right, the coloured text is %.1f px from the textarea's", off)
	}

	// After a reload the saved file is shown read-only again, whole.
	reloadPage(t, ctx)
	waitJS(t, ctx, `!document.getElementById("large-view").hidden && document.getElementById("hl-win").textContent.includes(`+jsString(lines[0])+`)`, 30*time.Second)
	if eval[bool](t, ctx, `!document.getElementById("editor-input").readOnly`) {
		t.Error("after a reload the large file can be typed into without Edit")
	}
	click(t, ctx, "#large-edit")
	waitJS(t, ctx, `document.getElementById("editor-input").value.length === `+fmt.Sprint(n16), 30*time.Second)

	// The baseline: the browser alone, the same text in a bare textarea,
	// given its text while the frames are recorded, then scrolled.
	eval[bool](t, ctx, `(() => { const v = document.getElementById("editor-input").value; window.__text = v; return true })()`)
	eval[bool](t, ctx, bareJS)
	eval[bool](t, ctx, `document.getElementById("bare").value = "", true`)
	eval[bool](t, ctx, frameJS)
	eval[bool](t, ctx, `new Promise(r => requestAnimationFrame(() => { document.getElementById("bare").value = window.__text; document.getElementById("bare").scrollTop; requestAnimationFrame(() => setTimeout(() => r(true), 200)); }))`)
	bareOpen := readFrames(t, ctx)
	eval[bool](t, ctx, frameJS)
	eval[bool](t, ctx, scrollJS+`("bare", 60)`)
	bare := readFrames(t, ctx)

	fmt.Printf("BenchmarkLargeFile/open-3.7MB\t1\t%.0f ms/op to-shown\t%.1f ms/op longest-frame\t%.1f ms/op median-frame\t%.1f ms/op bare-textarea-longest-frame\n", opened, open.longest, open.median, bareOpen.longest)
	fmt.Printf("BenchmarkLargeFile/scroll-3.7MB\t60\t%.1f ms/op longest-frame\t%.1f ms/op median-frame\t%.1f ms/op bare-longest-frame\t%.1f ms/op bare-median-frame\n",
		scroll.longest, scroll.median, bare.longest, bare.median)
	fmt.Printf("BenchmarkLargeFile/edit-3.7MB\t1\t%.1f ms/op longest-frame\t%.1f ms/op bare-textarea-longest-frame\n", edit.longest, bareOpen.longest)
	// Opening shows the file without the textarea taking it: no frame
	// comes near the one the bare textarea needs for the text alone.
	if open.longest > 0.6*bareOpen.longest+20 {
		t.Errorf("longest frame while opening %.1f ms, a bare textarea taking the same text %.1f ms", open.longest, bareOpen.longest)
	}
	// Scrolling costs the editor a few lines drawn per frame: its median
	// frame stays within a margin of the browser's own.
	if scroll.median > 3*bare.median+20 {
		t.Errorf("median frame while scrolling %.1f ms, bare textarea %.1f ms", scroll.median, bare.median)
	}
	// Edit costs the textarea's frame and the editor's redraw.
	if edit.longest > 3*bareOpen.longest+50 {
		t.Errorf("longest frame after Edit %.1f ms, a bare textarea taking the same text %.1f ms", edit.longest, bareOpen.longest)
	}
}

// TestManyLinesAreViewed: a file under viewBytes but of viewLines or more
// opens read-only too (the browser's layout goes by lines), its bar says
// how many lines, and Edit the file puts every line in the editor.
func TestManyLinesAreViewed(t *testing.T) {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := 0; i < viewLines+500; i++ {
		fmt.Fprintf(&b, "Disallow: /p%d/\n", i)
	}
	text := b.String()
	n := strings.Count(text, "\n") + 1
	ctx := newTab(t)
	open(t, ctx, site.URL+"/")
	openViaInput(t, ctx, "many-lines.txt", text)
	waitJS(t, ctx, `document.getElementById("editor-input").readOnly && !document.getElementById("large-view").hidden`, 20*time.Second)
	bar := eval[string](t, ctx, `document.getElementById("large-view").textContent`)
	if want := fmt.Sprintf("is %d lines long", n); len(text) >= viewBytes || !strings.Contains(bar, want) {
		t.Errorf("a file of %d bytes: the bar %q does not say %q", len(text), bar, want)
	}
	if sk := eval[int](t, ctx, `document.getElementById("editor-input").value.split("\n").length`); sk > 1000 {
		t.Errorf("the skeleton has %d lines", sk)
	}
	click(t, ctx, "#large-edit")
	waitJS(t, ctx, `!document.getElementById("editor-input").readOnly`, 20*time.Second)
	if got := eval[string](t, ctx, `document.getElementById("editor-input").value`); got != text {
		t.Errorf("after Edit the editor holds %d bytes, want the file's %d", len(got), len(text))
	}
}
