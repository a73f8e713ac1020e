//go:build e2e && !js

package e2e

import (
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/acap-workbench/workbench/app/directory"
	"github.com/acap-workbench/workbench/policy"
)

// batchFrameJS fills the batch view (group, category) and records, from
// the click on, the time between animation frames until the table holds
// n cells and is no longer busy, plus two frames. It returns the total
// time, the longest frame, the 95th percentile, the number of frames and
// the app's own figures (slices, longest slice).
const batchFrameJS = `(async (group, cat, n) => {
	const frames = [];
	let last = 0, run = true, t0 = Infinity;
	const loop = t => { if (last && t >= t0) frames.push(t - last); last = t; if (run) requestAnimationFrame(loop); };
	requestAnimationFrame(loop);
	await new Promise(r => setTimeout(r, 200));
	const g = document.getElementById("batch-group"); g.value = group; g.dispatchEvent(new Event("change", {bubbles: true}));
	const c = document.getElementById("batch-cat"); c.value = cat; c.dispatchEvent(new Event("change", {bubbles: true}));
	await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
	t0 = performance.now();
	last = t0;
	document.getElementById("batch-fill").click();
	const b = document.getElementById("sim-batch");
	while (b.hasAttribute("aria-busy")) await new Promise(r => setTimeout(r, 15));
	await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
	const total = performance.now() - t0;
	run = false;
	const s = frames.slice().sort((a, b) => a - b);
	const app = window.__wbBatchFill || [total, 1, total];
	return [total, s[s.length - 1] || total, s[Math.floor(s.length * 0.95)] || total, frames.length, app[1], app[2], b.querySelectorAll(".bcell").length === n ? 1 : 0];
})`

// batchURLs returns n sample URLs of a news site, full URLs and paths.
func batchURLs(n int) []string {
	parts := []string{"news", "sport", "iplayer", "weather", "search", "ws/av-embeds", "food", "programmes"}
	var out []string
	for i := 0; i < n; i++ {
		u := fmt.Sprintf("/%s/item-%d", parts[i%len(parts)], i)
		if i%3 == 0 {
			u = "https://www.bbc.com" + u
		}
		out = append(out, u)
	}
	return out
}

// TestBatchFillFrames fills the batch view with every crawler of the
// directory (166) × 500 URLs on the BBC's file and prints the frame
// figures as a benchmark line. The guard is a ratio to a baseline of the
// same run: no frame may hold more than a fifth of the whole fill (a fill
// done in one piece is one frame as long as the fill), and the fill spans
// at least ten frames.
func TestBatchFillFrames(t *testing.T) {
	text := corpus2026(t, "www.bbc.com.txt")
	ctx := newTab(t)
	openSim(t, ctx, text)
	waitJS(t, ctx, `document.querySelectorAll("#batch-group option").length > 2`, 10*time.Second)
	nCrawlers := eval[int](t, ctx, `(() => { const m = /\((\d+)\)/.exec(document.querySelector('#batch-group option[value="all"]').textContent); return m ? +m[1] : 0 })()`)
	urls := batchURLs(500)
	setField(t, ctx, "sim-urls", strings.Join(urls, "\n"))
	waitSim(t, ctx)
	r := eval[[]float64](t, ctx, fmt.Sprintf(`%s("all", "train-ai", %d)`, batchFrameJS, nCrawlers*len(urls)))
	t.Logf("slices (decide ms, insert ms, crawlers done): %v", eval[[]float64](t, ctx, `(window.__wbBatchFill && window.__wbBatchFill[3]) || []`))
	fmt.Printf("BenchmarkBatchFill/%dx%d\t1\t%.0f ms/op fill\t%.1f ms longest-frame\t%.1f ms p95-frame\t%.0f frames\t%.0f slices\t%.1f ms longest-slice\n",
		nCrawlers, len(urls), r[0], r[1], r[2], r[3], r[4], r[5])
	if r[6] != 1 {
		t.Errorf("the table does not hold %d × %d cells", nCrawlers, len(urls))
	}
	if nCrawlers < 160 {
		t.Errorf("the directory offers %d crawlers, want 166", nCrawlers)
	}
	if r[1] > r[0]/5 || r[3] < 10 {
		t.Errorf("the longest frame (%.0f ms) holds more than a fifth of the fill (%.0f ms), or the fill spans %.0f frames (want at least 10): the page is held still", r[1], r[0], r[3])
	}
	screenshot(t, ctx, "batch-166x500")
}

// directory reads the crawler directory the site ships.
func shippedDirectory(t *testing.T) []directory.Entry {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "web", "crawlers", "robots.json"))
	if err != nil {
		t.Fatal(err)
	}
	dir, err := directory.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// captureCSV makes the next download's text readable by readCSV.
const captureCSVJS = `(() => { window.__csv = null; if (!window.__csvHooked) { window.__csvHooked = true; const orig = URL.createObjectURL;
	URL.createObjectURL = b => { b.text().then(t => { window.__csv = t }); return orig.call(URL, b) } } return true })()`

// TestBatchWordsFilterExport checks the batch view a publisher acts on:
// every cell says its answer in a word as well as a glyph, the legend
// explains them, URL headers show the path with the whole URL on hover and
// focus, the filter "may still use it" and the filter by obedience show
// exactly the crawlers the engine says, and the CSV export of the batch
// and of the matrix has one line per crawler × URL × category with the
// engine's answer and deciding line.
func TestBatchWordsFilterExport(t *testing.T) {
	text := corpus2026(t, "www.bbc.com.txt")
	f := policy.MustParse(text)
	pol := policy.NewPolicy(f)
	dir := shippedDirectory(t)
	ctx := newTab(t)
	openSim(t, ctx, text)
	urls := []string{"https://www.bbc.com/news/world-1", "/sport/football", "https://www.bbc.com/iplayer/episode?x=1", "/ws/av-embeds/x"}
	setField(t, ctx, "sim-urls", strings.Join(urls, "\n"))
	waitSim(t, ctx)
	waitJS(t, ctx, `document.querySelectorAll("#batch-group option").length > 2`, 10*time.Second)
	fill := func(cat string) {
		pick(t, ctx, "batch-group", "all")
		pick(t, ctx, "batch-cat", cat)
		click(t, ctx, "#batch-fill")
		waitJS(t, ctx, fmt.Sprintf(`!document.getElementById("sim-batch").hasAttribute("aria-busy") && document.querySelectorAll("#sim-batch button.bcell").length === %d`, len(dir)*len(urls)), 10*time.Second)
	}
	fill("train-ai")

	// Words and glyphs.
	word := map[policy.Preference]string{policy.PrefAllowed: "yes", policy.PrefDisallowed: "no", policy.PrefUnstated: "none", policy.PrefNotCrawled: "uncrawled"}
	rows := eval[[]string](t, ctx, `[...document.querySelectorAll("#sim-batch tbody th")].map(th => th.textContent)`)
	got := eval[[]string](t, ctx, `[...document.querySelectorAll("#sim-batch button.bcell")].map(b => getComputedStyle(b, "::before").content + "|" + b.textContent)`)
	if len(rows) != len(dir) || len(got) != len(rows)*len(urls) {
		t.Fatalf("%d rows, %d cells", len(rows), len(got))
	}
	// The glyph is drawn with an empty alternative text, so that assistive
	// technology reads the word alone.
	icon := map[string]string{"yes": `"✓ " / ""`, "no": `"✕ " / ""`, "none": `"○ " / ""`, "uncrawled": `"⊘ " / ""`}
	for i, c := range rows {
		for j, u := range urls {
			a := pol.Decide(policy.Question{Crawler: c, URL: u, Category: policy.CategoryTrainAI, Kind: policy.KindToday})
			w := word[a.Preference]
			if g := got[i*len(urls)+j]; g != icon[w]+"|"+w {
				t.Errorf("%s %s: cell %q, want %q", c, u, g, icon[w]+"|"+w)
			}
		}
	}
	if lg := eval[string](t, ctx, `document.getElementById("batch-legend").innerText`); !strings.Contains(lg, "partial") || !strings.Contains(lg, "operator's own policy") || !strings.Contains(lg, "uncrawled") {
		t.Errorf("batch legend = %q", lg)
	}
	// URL headers: the path, the whole URL on hover (title) and on focus.
	heads := eval[[]string](t, ctx, `[...document.querySelectorAll("#sim-batch thead th.mx-u")].map(th => th.textContent + "|" + th.title)`)
	for j, u := range urls {
		if want := policy.PathOf(u) + "|" + u; heads[j] != want {
			t.Errorf("header %d = %q, want %q", j, heads[j], want)
		}
	}
	focused := eval[string](t, ctx, `(() => { const th = document.querySelectorAll("#sim-batch thead th.mx-u")[2]; th.focus(); return getComputedStyle(th, "::after").content })()`)
	if !strings.Contains(focused, urls[2]) {
		t.Errorf("a focused header shows %q, want the whole URL %q", focused, urls[2])
	}

	visible := func() []string {
		return eval[[]string](t, ctx, `[...document.querySelectorAll("#sim-batch tbody tr")].filter(tr => !tr.hidden && tr.offsetParent).map(tr => tr.querySelector("th").textContent)`)
	}
	// "Crawlers that may still use it for train-ai".
	pick(t, ctx, "batch-may", "may")
	var want []string
	for _, e := range dir {
		for _, u := range urls {
			a := pol.Decide(policy.Question{Crawler: e.Token, URL: u, Category: policy.CategoryTrainAI, Kind: policy.KindToday})
			if a.Preference == policy.PrefAllowed || a.Preference == policy.PrefUnstated || a.Partial {
				want = append(want, e.Token)
				break
			}
		}
	}
	if v := visible(); strings.Join(v, ",") != strings.Join(want, ",") || len(v) == 0 || len(v) == len(dir) {
		t.Errorf("may still train: %d shown %v, want %d %v", len(v), v, len(want), want)
	}
	for _, blocked := range []string{"GPTBot", "Google-Extended", "Applebot-Extended"} {
		for _, v := range visible() {
			if v == blocked {
				t.Errorf("%s is blocked by the BBC's file but shown as one that may still train", blocked)
			}
		}
	}
	screenshot(t, ctx, "batch-may-still-train")
	// Exported: the rows shown, one line per crawler × URL.
	eval[bool](t, ctx, captureCSVJS)
	click(t, ctx, "#batch-csv")
	waitJS(t, ctx, `window.__csv !== null`, 5*time.Second)
	recs := parseCSV(t, eval[string](t, ctx, `window.__csv`))
	if h := strings.Join(recs[0], ","); h != "crawler,obeys robots.txt,url,category,answer,meaning,partial,deciding line,line text" {
		t.Errorf("CSV header = %q", h)
	}
	if len(recs)-1 != len(want)*len(urls) {
		t.Errorf("CSV has %d lines, want %d (the %d crawlers shown × %d URLs)", len(recs)-1, len(want)*len(urls), len(want), len(urls))
	}
	for _, r := range recs[1:] {
		a := pol.Decide(policy.Question{Crawler: r[0], URL: r[2], Category: policy.CategoryTrainAI, Kind: policy.KindToday})
		line := ""
		if a.Line > 0 {
			line = strconv.Itoa(a.Line)
		}
		if r[3] != "train-ai" || r[4] != a.Preference.String() || r[5] != policy.PreferenceWords(&a, policy.CategoryTrainAI) || r[7] != line ||
			(a.Line > 0 && r[8] != strings.TrimSpace(f.LineText(a.Line))) {
			t.Errorf("CSV line %v, want %s %s line %q", r, a.Preference, policy.PreferenceWords(&a, policy.CategoryTrainAI), line)
		}
	}

	// By obedience: the crawlers the directory says ignore robots.txt.
	pick(t, ctx, "batch-may", "")
	pick(t, ctx, "batch-obeys", "no")
	want = nil
	for _, e := range dir {
		if e.Obeys == "no" {
			want = append(want, e.Token)
		}
	}
	if v := visible(); strings.Join(v, ",") != strings.Join(want, ",") {
		t.Errorf("obeys robots.txt: no: shown %v, want %v", v, want)
	}
	// Each of them is marked, with words for assistive technology.
	marks := eval[[]string](t, ctx, `[...document.querySelectorAll("#sim-batch tbody tr")].filter(tr => !tr.hidden).map(tr => getComputedStyle(tr.querySelector("th"), "::after").content)`)
	for i, m := range marks {
		if !strings.Contains(m, "does not obey robots.txt") {
			t.Errorf("%s is not marked as ignoring robots.txt: %q", want[i], m)
		}
	}
	pick(t, ctx, "batch-obeys", "")

	// The matrix exported: one line per URL × usage, for the crawler asked.
	pick(t, ctx, "sim-kind", "today")
	askCrawler(t, ctx, "Googlebot")
	waitSim(t, ctx)
	eval[bool](t, ctx, captureCSVJS)
	click(t, ctx, "#sim-csv")
	waitJS(t, ctx, `window.__csv !== null`, 5*time.Second)
	recs = parseCSV(t, eval[string](t, ctx, `window.__csv`))
	if len(recs)-1 != len(urls)*len(policy.UsesOf(policy.KindToday)) {
		t.Fatalf("matrix CSV has %d lines, want %d", len(recs)-1, len(urls)*len(policy.UsesOf(policy.KindToday)))
	}
	for _, r := range recs[1:] {
		u, _ := policy.ParseCategory(r[3])
		a := pol.Decide(policy.Question{Crawler: "Googlebot", URL: r[2], Category: u, Kind: policy.KindToday})
		wantAns := a.Preference.String()
		if u == policy.CategoryNone {
			wantAns = map[bool]string{true: "allowed", false: "not allowed"}[a.Allowed]
		}
		if r[0] != "Googlebot" || r[1] != "today" || r[4] != wantAns || r[6] != map[bool]string{true: "yes", false: "no"}[a.Partial] {
			t.Errorf("matrix CSV line %v, want %s partial %v", r, wantAns, a.Partial)
		}
		if u == policy.CategoryAIInput && r[6] != "yes" {
			t.Errorf("Googlebot's ai-input on the BBC's file is not partial in the CSV: %v", r)
		}
	}
}

func parseCSV(t *testing.T, s string) [][]string {
	t.Helper()
	recs, err := csv.NewReader(strings.NewReader(s)).ReadAll()
	if err != nil || len(recs) == 0 {
		t.Fatalf("the export is not CSV: %v\n%.300s", err, s)
	}
	return recs
}

// TestTodaySettledScreens asks the publisher's questions of the BBC's and
// the New York Times' files in the kind today and takes the screenshots
// the issue asks for: the matrix for Googlebot, the explanation of its
// ai-input (two channels, each with its deciding line and what would move
// it), Perplexity-User's verdict, and the page tester's META tags joining
// the answer.
func TestTodaySettledScreens(t *testing.T) {
	for _, site := range []struct{ file, name string }{{"www.bbc.com.txt", "bbc"}, {"www.nytimes.com.txt", "nyt"}} {
		t.Run(site.name, func(t *testing.T) {
			text := corpus2026(t, site.file)
			pol := policy.NewPolicy(policy.MustParse(text))
			ctx := newTab(t)
			openSim(t, ctx, text)
			setField(t, ctx, "sim-urls", "/news/world-1\n/sport/x\n/search?q=x")
			pick(t, ctx, "sim-kind", "today")
			askCrawler(t, ctx, "Googlebot")
			waitSim(t, ctx)
			screenshot(t, ctx, "settled-"+site.name+"-matrix-googlebot")
			// Search, nothing said: the verdict says what follows.
			click(t, ctx, `#sim-matrix button[data-r="0"][data-c="1"]`)
			waitJS(t, ctx, `document.querySelector("#sim-explain .ex-h").textContent.endsWith("search")`, 2*time.Second)
			if v := eval[string](t, ctx, `document.querySelector("#sim-explain .ex-verdict").textContent`); !strings.Contains(v, "meets no noindex may index it") || strings.Contains(v, "no line decided it") {
				t.Errorf("Googlebot search verdict = %q", v)
			}
			// ai-input: two channels.
			click(t, ctx, `#sim-matrix button[data-r="0"][data-c="3"]`)
			waitJS(t, ctx, `document.querySelectorAll("#sim-explain .ex-channels li").length === 2`, 2*time.Second)
			a := pol.Decide(policy.Question{Crawler: "Googlebot", URL: "/news/world-1", Category: policy.CategoryAIInput, Kind: policy.KindToday})
			chs := eval[[]string](t, ctx, `[...document.querySelectorAll("#sim-explain .ex-channels li")].map(li => li.textContent)`)
			for i, ch := range a.Channels {
				if !strings.HasPrefix(chs[i], ch.Name+": "+ch.Preference.Title()) || !strings.Contains(chs[i], ch.Change) ||
					(ch.Line > 0 && !strings.Contains(chs[i], "Ln "+strconv.Itoa(ch.Line))) {
					t.Errorf("channel %d = %q, want %s %s line %d", i, chs[i], ch.Name, ch.Preference.Title(), ch.Line)
				}
			}
			if v := eval[string](t, ctx, `document.querySelector("#sim-explain .ex-verdict").textContent`); !strings.Contains(v, "disallowed (partial)") {
				t.Errorf("Googlebot ai-input verdict = %q", v)
			}
			if cell := eval[string](t, ctx, `document.querySelector('#sim-matrix button[data-r="0"][data-c="3"]').getAttribute("aria-label")`); cell != "no, partial" {
				t.Errorf("the partial cell's label = %q", cell)
			}
			screenshot(t, ctx, "settled-"+site.name+"-explain-googlebot-ai-input")
			// Perplexity-User: the verdict says it does not obey robots.txt.
			askCrawler(t, ctx, "Perplexity-User")
			waitSim(t, ctx)
			click(t, ctx, `#sim-matrix button[data-r="0"][data-c="0"]`)
			waitJS(t, ctx, `document.getElementById("sim-explain").textContent.includes("Perplexity-User")`, 2*time.Second)
			if v := eval[string](t, ctx, `(document.querySelector("#sim-explain .ex-obeys") || {}).textContent || ""`); !strings.Contains(v, "does not obey robots.txt") {
				t.Errorf("Perplexity-User's verdict does not say it ignores robots.txt: %q", v)
			}
			if v := eval[string](t, ctx, `document.getElementById("sim-status").textContent`); !strings.Contains(v, "Perplexity-User does not obey robots.txt") {
				t.Errorf("the matrix's status does not say Perplexity-User ignores robots.txt: %q", v)
			}
			// The batch filtered to crawlers that may still train.
			waitJS(t, ctx, `document.querySelectorAll("#batch-group option").length > 2`, 10*time.Second)
			pick(t, ctx, "batch-group", "all")
			pick(t, ctx, "batch-cat", "train-ai")
			pick(t, ctx, "batch-may", "may")
			click(t, ctx, "#batch-fill")
			waitJS(t, ctx, `!document.getElementById("sim-batch").hasAttribute("aria-busy") && document.querySelectorAll("#sim-batch tbody tr").length > 100`, 10*time.Second)
			eval[bool](t, ctx, `document.getElementById("batch-panel").scrollIntoView(), true`)
			screenshot(t, ctx, "settled-"+site.name+"-batch-may-still-train")
		})
	}

	// The page tester: googlebot nosnippet and robots noindex join the
	// today kind's answers; noai is shown, deciding nothing.
	text := corpus2026(t, "www.bbc.com.txt")
	ctx := newTab(t)
	openSim(t, ctx, text)
	setField(t, ctx, "sim-urls", "/news/world-1\n/news/world-2")
	pick(t, ctx, "sim-kind", "today")
	askCrawler(t, ctx, "Googlebot")
	waitSim(t, ctx)
	click(t, ctx, "#page-toggle")
	setField(t, ctx, "page-url", "/news/world-1")
	setField(t, ctx, "page-html", `<html><head><meta name="googlebot" content="nosnippet"><meta name="robots" content="noindex, noai"></head><body></body></html>`)
	waitSim(t, ctx)
	if out := eval[string](t, ctx, `document.getElementById("page-out").textContent`); strings.Contains(out, "nosnippet\" is not one of the Robots META values (index, noindex, follow, nofollow, all, none); this tester ignores it") ||
		!strings.Contains(out, "the kind today reads it") || !strings.Contains(out, "decides nothing") {
		t.Errorf("page tester's messages: %q", out)
	}
	got := todayCells(t, ctx)
	if got[0][1] != "no" || got[0][3] != "no" || got[1][1] != "none" {
		t.Errorf("with noindex and nosnippet on /news/world-1, Googlebot's row = %v (and /news/world-2 %v); want search no, ai-input no", got[0], got[1])
	}
	click(t, ctx, `#sim-matrix button[data-r="0"][data-c="1"]`)
	waitJS(t, ctx, `document.getElementById("sim-explain").textContent.includes("noindex")`, 2*time.Second)
	if v := eval[string](t, ctx, `document.querySelector("#sim-explain .ex-verdict button.ln").textContent`); v != "page Ln 1" {
		t.Errorf("search is decided by %q, want the page's line 1", v)
	}
	screenshot(t, ctx, "settled-page-tester-googlebot")
}
