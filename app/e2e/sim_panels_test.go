//go:build e2e && !js

package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/acap-workbench/workbench/policy"
)

// TestConverterApplyUndoDownload runs the converter on a conventional file
// as a publisher would: open the panel, convert, read the report and the
// diff, apply (then undo, then apply again) and download.
func TestConverterApplyUndoDownload(t *testing.T) {
	sample, err := os.ReadFile(filepath.Join(distDir, "web", "samples", "rfc9309.txt"))
	if err != nil {
		t.Fatal(err)
	}
	src := string(sample) + "\nUser-agent: <script>window.__xss=1</script>\nDisallow: /<img src=x onerror=window.__xss=2>\n"
	ctx := newTab(t)
	openSim(t, ctx, src)
	f := policy.MustParse(src)
	conv := policy.Convert(f, policy.ConvertOptions{Source: policy.KindRFC9309, Comments: true})

	click(t, ctx, `#conv-toggle`)
	click(t, ctx, `#conv-comments`)
	click(t, ctx, `#conv-run`)
	waitJS(t, ctx, `document.getElementById("conv-report") !== null`, 10*time.Second)
	report := eval[string](t, ctx, `document.querySelector("#conv-verdict").textContent + " " + document.querySelector(".conv-figures").textContent`)
	r := conv.Report
	if !r.Complete() {
		t.Fatalf("test premise: the sample is proved within the bound, got not proved for %v", r.NotProved)
	}
	for _, w := range []string{fmt.Sprintf("%d crawlers compared in ", len(r.Crawlers)), "Same answers"} {
		if !strings.Contains(report, w) {
			t.Errorf("report %q lacks %q", report, w)
		}
	}
	if r.OnlyCase() && !r.Equivalent() && !strings.Contains(report, "capital letters") {
		t.Errorf("report %q does not say the differences are of case", report)
	}
	// The witnesses are shown with both answers; each really differs.
	paths := eval[[]string](t, ctx, `[...document.querySelectorAll(".conv-diffs tbody tr td:nth-child(2)")].map(td => td.textContent)`)
	for i, d := range r.Differences {
		if i < len(paths) && paths[i] != d.Path {
			t.Errorf("witness %d shown as %q, want %q", i, paths[i], d.Path)
		}
	}
	if n := eval[int](t, ctx, `document.querySelectorAll(".conv-diffs tbody tr").length`); n != len(r.Differences) {
		t.Errorf("%d differences shown, report has %d", n, len(r.Differences))
	}
	// Every line the converter added is shown as added, with its number
	// and its text; nothing else is (the converter only adds lines).
	// (The words said to screen readers, "added: ", are not shown.)
	added := eval[[]string](t, ctx, `[...document.querySelectorAll("#conv-out .d-add")].map(s => [...s.childNodes].filter(n => !(n.classList && n.classList.contains("sr-only"))).map(n => n.textContent).join(""))`)
	newLines := strings.SplitAfter(string(conv.Text), "\n")
	if want := len(newLines) - len(strings.SplitAfter(src, "\n")); len(added) != want {
		t.Errorf("%d added lines shown, want %d", len(added), want)
	}
	shown := map[string]bool{}
	for _, a := range added {
		shown[a] = true
	}
	for _, n := range conv.Added {
		if w := fmt.Sprintf("%d+%s", n, strings.TrimRight(newLines[n-1], "\n")); !shown[w] {
			t.Errorf("added line %q not shown", w)
		}
	}
	if bad := eval[int](t, ctx, `document.querySelectorAll("#side-extra script, #side-extra img").length`); bad != 0 || eval[bool](t, ctx, `window.__xss !== undefined`) {
		t.Fatal("file text reached the converter view as markup")
	}
	if len(r.Differences) > 0 {
		eval[bool](t, ctx, `document.querySelector(".conv-diffs").scrollIntoView(), true`)
		screenshot(t, ctx, "converter-witnesses")
	}
	eval[bool](t, ctx, `document.getElementById("conv-panel").scrollIntoView(), true`)
	for _, theme := range []string{"light", "dark"} {
		setTheme(t, ctx, theme)
		screenshot(t, ctx, "converter-"+theme)
	}
	setTheme(t, ctx, "light")
	eval[bool](t, ctx, `localStorage.removeItem("acap-workbench:v1:theme"), true`)

	// Apply: the editor holds the new text, the simulator follows.
	click(t, ctx, `#conv-apply`)
	if got := eval[string](t, ctx, `document.getElementById("editor-input").value`); got != string(conv.Text) {
		t.Fatalf("after apply the text is %.200q", got)
	}
	waitSim(t, ctx)
	// Undo with Ctrl+Z, then with the button.
	pressKey(t, ctx, "z", chromedp.ModifierCtrl)
	if got := eval[string](t, ctx, `document.getElementById("editor-input").value`); got != src {
		t.Errorf("Ctrl+Z after apply gave %.200q", got)
	}
	click(t, ctx, `#conv-apply`)
	click(t, ctx, `#conv-undo`)
	if got := eval[string](t, ctx, `document.getElementById("editor-input").value`); got != src {
		t.Errorf("Undo conversion gave %.200q", got)
	}
	// Download the proposed file.
	eval[bool](t, ctx, `(() => { window.__dl = null; URL.createObjectURL = (b) => { window.__dl = b; return "data:text/plain,"; };
		HTMLAnchorElement.prototype.click = function () { window.__dlName = this.download; };
		document.getElementById("conv-download").click(); return true })()`)
	waitJS(t, ctx, `window.__dl !== null`, 5*time.Second)
	if got := eval[string](t, ctx, `window.__dl.text()`); got != string(conv.Text) {
		t.Errorf("downloaded %.200q", got)
	}
	if got := eval[string](t, ctx, `window.__dlName`); got != "robots.txt" {
		t.Errorf("downloaded as %q", got)
	}
}

// TestPageMetaTester pastes a page's HTML for one URL: its META tags join
// the simulation for that URL and show in the explanation.
func TestPageMetaTester(t *testing.T) {
	ctx := newTab(t)
	openSim(t, ctx, guideFile)
	urls := []string{"/", "/news/today.html"}
	setField(t, ctx, "sim-urls", strings.Join(urls, "\n"))
	setField(t, ctx, "sim-date", "")
	setField(t, ctx, "sim-crawler-name", "SearchBot1")
	page := "<!doctype html>\n<html><head>\n<title>Today</title>\n" +
		"<meta name=\"robots\" content=\"noindex\">\n" +
		"<meta name=\"SearchBot1\" content=\"ACAP allow-index, disallow-present-snippet\">\n" +
		"<meta name=\"robots\" content=\"ACAP allow-(<img src=x onerror=window.__xss=1>)\">\n" +
		"<script>window.__xss=2</script>\n</head><body><p class=\"acap:disallow-index\">x</p></body></html>\n"
	click(t, ctx, `#page-toggle`)
	setField(t, ctx, "page-url", "https://example.com/news/today.html")
	setField(t, ctx, "page-html", page)
	waitJS(t, ctx, `document.querySelectorAll("#sim-matrix .mx-page").length === 1`, 5*time.Second)

	f := policy.MustParse(guideFile)
	pg, err := policy.ParsePage("/news/today.html", []byte(page))
	if err != nil {
		t.Fatal(err)
	}
	p := policy.NewPolicy(f)
	p.AddPage(pg)
	q := policy.Question{Crawler: "SearchBot1"}
	us := policy.UsesOf(policy.KindACAP)
	ans := p.Matrix(q, urls, us, []policy.Kind{policy.KindACAP})
	without := want(f, q, urls)
	got := cells(t, ctx)
	changed := false
	for i := range urls {
		for j := range us {
			a := ans[i*len(us)+j]
			w := "yes"
			if !a.Allowed {
				w = "no"
			} else if len(a.Restrictions) > 0 {
				w = "limits"
			}
			if got[i][j] != w {
				t.Errorf("%s × %s = %s, want %s", urls[i], us[j], got[i][j], w)
			}
			if w != without[i][j] {
				changed = true
			}
		}
	}
	if !changed {
		t.Error("the page's META tags changed no answer")
	}
	// The page's tags and problems are listed, escaped.
	if n := eval[int](t, ctx, `document.querySelectorAll("#page-out .page-tags li").length`); n != len(pg.Tags) {
		t.Errorf("%d tags listed, want %d", n, len(pg.Tags))
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#page-out .page-diags li").length`); n != len(pg.Diags) {
		t.Errorf("%d page problems listed, want %d", n, len(pg.Diags))
	}
	if bad := eval[int](t, ctx, `document.querySelectorAll("#side-extra script, #side-extra img").length`); bad != 0 || eval[bool](t, ctx, `window.__xss !== undefined`) {
		t.Fatal("page HTML reached the page as markup")
	}
	// The explanation of /news/today.html × present-snippet cites the META tag.
	col := 0
	for j, u := range us {
		if u.Usage == policy.UsagePresentSnippet {
			col = j
		}
	}
	click(t, ctx, fmt.Sprintf(`#sim-matrix button[data-r="1"][data-c="%d"]`, col))
	a := p.Decide(policy.Question{Crawler: "SearchBot1", URL: "/news/today.html", Usage: policy.UsagePresentSnippet})
	pageLine := 0
	for _, st := range a.Trace.Steps {
		if strings.HasPrefix(st.File, "page ") && st.Line > 0 {
			pageLine = st.Line
		}
	}
	if pageLine == 0 {
		t.Fatalf("the trace does not cite the page:\n%s", a.Trace.String())
	}
	click(t, ctx, fmt.Sprintf(`#sim-explain button.ln[data-file="page /news/today.html"][data-line="%d"]`, pageLine))
	if id := eval[string](t, ctx, `document.activeElement.id`); id != "page-html" {
		t.Errorf("clicking the page's line focused %q", id)
	}
	pos := eval[int](t, ctx, `document.getElementById("page-html").selectionStart`)
	if off := len(strings.Join(strings.SplitAfter(page, "\n")[:pageLine-1], "")); pos != off {
		t.Errorf("cursor at %d in the page, want %d (line %d)", pos, off, pageLine)
	}
	eval[bool](t, ctx, `document.getElementById("page-panel").scrollIntoView(), true`)
	for _, theme := range []string{"light", "dark"} {
		setTheme(t, ctx, theme)
		screenshot(t, ctx, "page-tester-"+theme)
	}
	setTheme(t, ctx, "light")
	eval[bool](t, ctx, `localStorage.removeItem("acap-workbench:v1:theme"), true`)
}

// TestWorkspaceReference adds the file robots.txt refers to, as a tab,
// types its rules, and follows the simulation into it; the workspace
// survives a reload.
func TestWorkspaceReference(t *testing.T) {
	main := "##ACAP version=1.1\nACAP-crawler: SearchBot1\nACAP-permissions-reference: /acap-policy.txt\n\nACAP-crawler: *\nACAP-allow-crawl: /\n"
	ref := "##ACAP version=1.1\nACAP-crawler: SearchBot1\nACAP-disallow-crawl: /private/\nACAP-allow-index: /news/\n"
	ctx := newTab(t)
	openSim(t, ctx, main)
	eval[bool](t, ctx, `localStorage.clear(), true`)
	setField(t, ctx, "sim-urls", "/private/a.html\n/news/b.html")
	eval[bool](t, ctx, `(() => { const s = document.getElementById("sim-crawler"); s.value = "n:SearchBot1"; s.dispatchEvent(new Event("change", {bubbles: true})); return true })()`)

	click(t, ctx, `#tab-add`)
	waitJS(t, ctx, `document.querySelectorAll("#tabs [role=tab]").length === 2`, 5*time.Second)
	if name := eval[string](t, ctx, `document.getElementById("tab-1").textContent`); name != "acap-policy.txt" {
		t.Errorf("new tab named %q, want the referenced file", name)
	}
	if sel := eval[string](t, ctx, `document.getElementById("tab-1").getAttribute("aria-selected")`); sel != "true" {
		t.Error("the new file is not shown")
	}
	if got := eval[string](t, ctx, `document.getElementById("file-name").value`); got != "acap-policy.txt" {
		t.Errorf("file name field %q", got)
	}
	setText(t, ctx, ref)
	mf := policy.MustParse(main)
	rf, _ := policy.Parse("/acap-policy.txt", []byte(ref))
	p := policy.NewPolicy(mf, rf)
	a := p.Decide(policy.Question{Crawler: "SearchBot1", URL: "/private/a.html", Usage: policy.UsageCrawl})
	if a.Allowed || a.File != "/acap-policy.txt" {
		t.Fatalf("test premise: %+v", a)
	}
	waitJS(t, ctx, `document.querySelector('#sim-matrix button[data-r="0"][data-c="0"]').textContent.endsWith("no")`, 5*time.Second)

	// Back to robots.txt; the explanation points into the other file.
	click(t, ctx, `#tab-0`)
	if got := eval[string](t, ctx, `document.getElementById("editor-input").value`); got != main {
		t.Fatalf("robots.txt tab shows %.100q", got)
	}
	click(t, ctx, `#sim-matrix button[data-r="0"][data-c="0"]`)
	click(t, ctx, fmt.Sprintf(`#sim-explain button.ln[data-file="/acap-policy.txt"][data-line="%d"]`, a.Line))
	if sel := eval[string](t, ctx, `document.getElementById("tab-1").getAttribute("aria-selected")`); sel != "true" {
		t.Error("following the line did not open the referenced file")
	}
	pos := eval[int](t, ctx, `document.getElementById("editor-input").selectionStart`)
	if off := len(strings.Join(strings.SplitAfter(ref, "\n")[:a.Line-1], "")); pos != off {
		t.Errorf("cursor at %d, want %d", pos, off)
	}
	// Arrow keys move between tabs.
	eval[bool](t, ctx, `document.getElementById("tab-1").focus(), true`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowLeft)); err != nil {
		t.Fatal(err)
	}
	if id := eval[string](t, ctx, `document.activeElement.id`); id != "tab-0" {
		t.Errorf("ArrowLeft focused %q", id)
	}
	for _, theme := range []string{"light", "dark"} {
		setTheme(t, ctx, theme)
		screenshot(t, ctx, "workspace-"+theme)
	}
	setTheme(t, ctx, "light")

	// Autosaved: a reload brings back both files and the URLs.
	waitJS(t, ctx, `(localStorage.getItem("acap-workbench:v1:workspace") || "").includes("disallow-crawl: /private/")`, 3*time.Second)
	reloadPage(t, ctx)
	waitJS(t, ctx, `document.querySelectorAll("#tabs [role=tab]").length === 2`, 5*time.Second)
	if got := eval[string](t, ctx, `document.getElementById("editor-input").value`); got != main {
		t.Errorf("after reload robots.txt is %.100q", got)
	}
	if got := eval[string](t, ctx, `document.getElementById("sim-urls").value`); got != "/private/a.html\n/news/b.html" {
		t.Errorf("after reload the URLs are %q", got)
	}
	// The picker is filled by the first matrix, a frame after the start.
	waitSim(t, ctx)
	if got := eval[string](t, ctx, `document.getElementById("sim-crawler").value`); got != "n:SearchBot1" {
		t.Errorf("after reload the crawler is %q", got)
	}
	click(t, ctx, `#tab-1`)
	if got := eval[string](t, ctx, `document.getElementById("editor-input").value`); got != ref {
		t.Errorf("after reload acap-policy.txt is %.100q", got)
	}
	// Close it (it has changes not downloaded: confirmed).
	eval[bool](t, ctx, `window.confirm = () => true, true`)
	click(t, ctx, `#tabs [data-close="1"]`)
	waitJS(t, ctx, `document.querySelectorAll("#tabs [role=tab]").length === 1`, 5*time.Second)
	if got := eval[string](t, ctx, `document.getElementById("editor-input").value`); got != main {
		t.Errorf("after closing, the editor shows %.100q", got)
	}
	clearStorage(t, ctx)
}

// TestSimulatorEscapesUserText puts markup in crawler names, purposes and
// URLs: it must show as text.
func TestSimulatorEscapesUserText(t *testing.T) {
	evil := "<img src=x onerror=window.__xss=1>"
	file := "ACAP-crawler: " + evil + "\nACAP-usage-purpose: <b id=injected>p</b>\nACAP-disallow-crawl: /\n\nACAP-crawler: *\nACAP-allow-crawl: /<script>window.__xss=2</script>\n"
	ctx := newTab(t)
	openSim(t, ctx, file)
	setField(t, ctx, "sim-urls", "/<script>window.__xss=3</script>\n\"><img src=x onerror=window.__xss=4>")
	setField(t, ctx, "sim-crawler-name", "<script>window.__xss=5</script>")
	click(t, ctx, `#sim-matrix button[data-r="0"][data-c="0"]`)
	eval[bool](t, ctx, `(() => { const s = document.getElementById("sim-crawler"); s.selectedIndex = 1; s.dispatchEvent(new Event("change", {bubbles: true})); return true })()`)
	eval[bool](t, ctx, `(() => { const s = document.getElementById("sim-purpose"); s.selectedIndex = 1; s.dispatchEvent(new Event("change", {bubbles: true})); return true })()`)
	click(t, ctx, `#sim-matrix button[data-r="1"][data-c="0"]`)
	time.Sleep(200 * time.Millisecond)
	if bad := eval[int](t, ctx, `document.querySelectorAll("#side-extra script, #side-extra img, #side-extra b, #injected").length`); bad != 0 || eval[bool](t, ctx, `window.__xss !== undefined`) {
		t.Fatal("user text reached the simulator as markup")
	}
	if got := eval[string](t, ctx, `document.getElementById("sim-crawler").selectedOptions[0].textContent`); got != evil {
		t.Errorf("crawler option shows %q", got)
	}
	if got := eval[string](t, ctx, `document.querySelector("#sim-matrix tbody th").textContent`); got != "/<script>window.__xss=3</script>" {
		t.Errorf("URL shown as %q", got)
	}
	if h := eval[string](t, ctx, `document.querySelector("#sim-explain h3").textContent`); !strings.Contains(h, `"><img src=x`) {
		t.Errorf("explanation heading %q", h)
	}
}

// TestSlowChecksJoinProblems: when typing pauses, the drift check and the
// workspace reference check add their findings to the problems list.
func TestSlowChecksJoinProblems(t *testing.T) {
	src := "##ACAP version=1.1\nUser-agent: *\nDisallow: /a/\n\nACAP-crawler: *\nACAP-allow-crawl: /a/\n\nACAP-crawler: OtherBot\nACAP-permissions-reference: /shared.txt\n"
	f := policy.MustParse(src)
	all := policy.CheckAll(f)
	drift := policy.CheckDrift(f)
	refs := policy.CheckReferences(f)
	if len(drift) == 0 || len(refs) == 0 {
		t.Fatalf("test premise: drift %v, references %v", drift, refs)
	}
	ctx := newTab(t)
	openSim(t, ctx, src)
	waitJS(t, ctx, fmt.Sprintf(`document.querySelectorAll("#problems .prob").length === %d`, len(all)), 5*time.Second)
	msgs := eval[[]string](t, ctx, `[...document.querySelectorAll("#problems .prob-msg")].map(m => m.textContent)`)
	for _, d := range append(drift, refs...) {
		found := false
		for _, m := range msgs {
			if m == d.Message {
				found = true
			}
		}
		if !found {
			t.Errorf("problem %q not listed in %q", d.Message, msgs)
		}
	}
	// Typing drops them until the next pause, then they come back.
	eval[bool](t, ctx, `(() => { const ta = document.getElementById("editor-input"); ta.value += "# x\n"; ta.dispatchEvent(new Event("input", {bubbles: true})); return true })()`)
	waitJS(t, ctx, fmt.Sprintf(`document.querySelectorAll("#problems .prob").length === %d`, len(all)), 5*time.Second)
}

// hardToProve is a file no proof finishes within the converter's budget:
// Disallow rules that each need two words in order, anywhere in the path.
// Which of them a path has begun to match must be remembered for each (any
// of them may still complete): 2^23 combinations.
func hardToProve() string {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	words := []string{"ab", "cd", "ef", "gh", "ij", "kl", "mn", "op", "qr", "st", "uv", "wx", "yz", "ba", "dc", "fe", "hg", "ji", "lk", "nm", "po", "rq", "ts", "vu"}
	for i := 0; i+1 < len(words); i++ {
		b.WriteString("Disallow: /*" + words[i] + "*" + words[i+1] + strings.Repeat("x", i%4) + "\n")
	}
	return b.String()
}

// TestConverterNotProved: a file too hard to prove in the converter's
// budget is reported as not proved, naming the crawlers, never as
// equivalent. While it is proved (for the whole budget), the page keeps
// drawing and answering: the frames are printed as a benchmark, and the
// test asks for frames drawn and a click handled during the proof (counts,
// not times).
// waitReport waits for the converter's report; when the proof waits past
// its time cap, it answers "Stop here", as a person in a hurry would.
func waitReport(t *testing.T, ctx context.Context) {
	t.Helper()
	waitJS(t, ctx, `document.getElementById("conv-report") !== null || document.getElementById("conv-stop") !== null`, 120*time.Second)
	if eval[bool](t, ctx, `document.getElementById("conv-report") === null`) {
		click(t, ctx, "#conv-stop")
		waitJS(t, ctx, `document.getElementById("conv-report") !== null`, 30*time.Second)
	}
}

func TestConverterNotProved(t *testing.T) {
	ctx := newTab(t)
	openSim(t, ctx, hardToProve())
	click(t, ctx, `#conv-toggle`)
	eval[bool](t, ctx, frameJS)
	click(t, ctx, `#conv-run`)
	if !eval[bool](t, ctx, `document.getElementById("conv-run").disabled && document.getElementById("conv-busy") !== null`) {
		t.Error("while converting, the button is not disabled or the status not shown")
	}
	// A click on a tab of the side panel is handled during the proof: the
	// tab is shown (go-app draws its state on its next tick, a task after
	// the click's) while no report is.
	click(t, ctx, "#ptab-help")
	waitJS(t, ctx, `document.getElementById("ptab-help").getAttribute("aria-selected") === "true"`, 5*time.Second)
	handled := eval[bool](t, ctx, `document.getElementById("conv-report") === null`)
	click(t, ctx, "#ptab-sim")
	// Past the time cap the page asks whether to keep checking.
	waitJS(t, ctx, `document.getElementById("conv-keep") !== null`, 90*time.Second)
	if busy := eval[string](t, ctx, `document.getElementById("conv-busy").textContent`); !strings.Contains(busy, "Still checking after") {
		t.Errorf("while the proof waits: %q", busy)
	}
	click(t, ctx, "#conv-keep")
	waitReport(t, ctx)
	frames := readFrames(t, ctx)
	n := eval[int](t, ctx, `window.__frames.length`)
	t.Logf("frames over 100 ms, by position: %v", eval[[][]float64](t, ctx, `window.__frames.map((f, i) => [i, Math.round(f)]).filter(x => x[1] > 100)`))
	fmt.Printf("BenchmarkConvertResponsive/hard\t%d\t%.1f ms/op longest-frame\t%.1f ms/op median-frame\n", n, frames.longest, frames.median)
	if !handled {
		t.Error("a click during the proof was not handled before the proof ended")
	}
	if n < 10 {
		t.Errorf("only %d frames drawn during the proof", n)
	}
	report := eval[string](t, ctx, `document.querySelector("#conv-verdict").textContent + " " + document.querySelector(".conv-next").textContent`)
	if !strings.Contains(report, "Not checked") || !strings.Contains(report, "nothing is known about how those crawlers") || !(strings.Contains(report, "you stopped it") || strings.Contains(report, "limit of work")) ||
		strings.Contains(report, "Same answers") {
		t.Errorf("report %q", report)
	}
	eval[bool](t, ctx, `document.getElementById("conv-report").scrollIntoView(), true`)
	screenshot(t, ctx, "converter-not-proved")
}

// TestConverterShowsDifferences: the 50 KiB benchmark file converts with
// differences the converter leaves (rules that both begin with *, whose
// repair takes more lines than its limit leaves room for); the report says "not
// equivalent", shows the shortest witnesses with both answers and the
// cause, and how long the conversion took in the page is printed as a
// benchmark.
func TestConverterShowsDifferences(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "policy", "testdata", "bench", "bench_robots.txt"))
	if err != nil {
		t.Fatal(err)
	}
	conv := policy.Convert(policy.MustParse(string(src)), policy.ConvertOptions{})
	if !conv.Report.Complete() || conv.Report.OtherCount == 0 {
		t.Fatalf("test premise: the file is decided and differs: %+v", conv.Report)
	}
	ctx := newTab(t)
	openSim(t, ctx, string(src))
	click(t, ctx, `#conv-toggle`)
	t0 := time.Now()
	click(t, ctx, `#conv-run`)
	// On a loaded machine the proof may pass the page's time cap: the
	// test then answers "Keep checking", as a publisher who wants the
	// whole report would.
	waitJS(t, ctx, `(b => b && b.click())(document.getElementById("conv-keep")), document.getElementById("conv-report") !== null`, 120*time.Second)
	fmt.Printf("BenchmarkConvertPage/50KiB\t1\t%.0f ms/op\n", float64(time.Since(t0).Microseconds())/1000)
	report := eval[string](t, ctx, `document.querySelector("#conv-verdict").textContent + " " + document.querySelector(".conv-next").textContent`)
	for _, w := range []string{"Different answers", "the check stopped at the first ones it found"} {
		if !strings.Contains(report, w) {
			t.Errorf("report %q lacks %q", report, w)
		}
	}
	if strings.Contains(report, "Same answers") || strings.Contains(report, "Not checked") {
		t.Errorf("report %q", report)
	}
	rows := eval[[][]string](t, ctx, `[...document.querySelectorAll(".conv-diffs tbody tr")].map(tr => [...tr.cells].map(td => td.textContent))`)
	if len(rows) == 0 {
		t.Fatal("no witness shown")
	}
	wild := 0
	for _, r := range rows {
		if len(r) != 5 {
			t.Fatalf("row %v", r)
		}
		if strings.Contains(r[4], "begin with *") {
			wild++
		}
		if !strings.Contains(r[2], "allowed") || !strings.Contains(r[3], "allowed") || !strings.Contains(r[2], "line") {
			t.Errorf("row %v lacks both answers and a line", r)
		}
	}
	if wild == 0 {
		t.Errorf("no witness shown as two patterns beginning with *: %v", rows)
	}
	eval[bool](t, ctx, `document.querySelector(".conv-diffs").scrollIntoView(), true`)
	screenshot(t, ctx, "converter-differences")
	// The first 10 paths are shown; a button shows the others and hides
	// them again (its state said to assistive technology).
	visible := `[...document.querySelectorAll(".conv-diffs tbody tr")].filter(tr => tr.getClientRects().length > 0).length`
	if n := eval[int](t, ctx, visible); len(rows) <= 10 || n != 10 {
		t.Fatalf("%d of %d paths shown, want the first 10 of more than 10", n, len(rows))
	}
	more := `(b => b.textContent + " " + b.getAttribute("aria-expanded"))(document.getElementById("conv-more"))`
	if got, want := eval[string](t, ctx, more), fmt.Sprintf("Show the other %d paths false", len(rows)-10); got != want {
		t.Errorf("the button says %q, want %q", got, want)
	}
	eval[bool](t, ctx, `document.getElementById("conv-more").scrollIntoView({block: "center"}), true`)
	screenshot(t, ctx, "converter-differences-more")
	click(t, ctx, "#conv-more")
	waitJS(t, ctx, visible+` === `+strconv.Itoa(len(rows)), 5*time.Second)
	eval[bool](t, ctx, `document.getElementById("conv-more").scrollIntoView({block: "center"}), true`)
	if got, want := eval[string](t, ctx, more), "Show only the first 10 paths true"; got != want {
		t.Errorf("after a click the button says %q, want %q", got, want)
	}
	screenshot(t, ctx, "converter-differences-all")
	click(t, ctx, "#conv-more")
	waitJS(t, ctx, visible+` === 10`, 5*time.Second)
}
