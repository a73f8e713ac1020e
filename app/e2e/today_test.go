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

	"github.com/acap-workbench/workbench/app/directory"
	"github.com/acap-workbench/workbench/policy"
	"github.com/acap-workbench/workbench/policy/advise"
)

// corpus2026 reads a real 2026 file of the repository's copy of the
// corpus, policy/testdata/corpus/sites-2026-01 (../../policy/testdata/...
// seen from app/e2e; its sources and licence are in that folder).
func corpus2026(t *testing.T, name string) string {
	t.Helper()
	p := filepath.Join("..", "..", "policy", "testdata", "corpus", "sites-2026-01", name)
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatalf("the corpus file %s is missing: %v", name, err)
	}
	return string(b)
}

func pick(t *testing.T, ctx context.Context, id, value string) {
	t.Helper()
	eval[bool](t, ctx, fmt.Sprintf(`(() => { const s = document.getElementById(%q); s.value = %s; s.dispatchEvent(new Event("change", {bubbles: true})); return s.value === %s })()`, id, jsString(value), jsString(value)))
}

func askCrawler(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	pick(t, ctx, "sim-crawler", "custom")
	setField(t, ctx, "sim-crawler-name", name)
}

// todayCells returns the matrix as rows of words, as the cells read.
func todayCells(t *testing.T, ctx context.Context) [][]string {
	return cells(t, ctx)
}

// TestTodayOnRealFile is the acceptance test: on davidguetta.com's
// robots.txt of January 2026 (Cloudflare's managed Content-Signal and
// AI-crawler groups), may GPTBot train on /news/x, may OAI-SearchBot show
// it in search, may Google use it for Gemini? Each answer comes with the
// lines that decide, as the policy package decides it.
func TestTodayOnRealFile(t *testing.T) {
	text := corpus2026(t, "davidguetta.com.txt")
	f := policy.MustParse(text)
	pol := policy.NewPolicy(f)
	ctx := newTab(t)
	openSim(t, ctx, text)
	setField(t, ctx, "sim-urls", "/news/x\n/wp-admin/x\n/wp-admin/admin-ajax.php")
	pick(t, ctx, "sim-kind", "today")
	heads := eval[[]string](t, ctx, `[...document.querySelectorAll("#sim-matrix thead th.mx-u")].map(th => th.textContent)`)
	if strings.Join(heads, " ") != "crawl search train-ai ai-input" {
		t.Fatalf("columns = %v, want crawl and today's categories", heads)
	}
	if lg := eval[string](t, ctx, `[...document.querySelectorAll("#sim-legend > span")].filter(s => s.offsetParent).map(s => s.textContent).join(" | ")`); !strings.Contains(lg, "no preference") || strings.Contains(lg, "restrictions") {
		t.Errorf("legend for today = %q", lg)
	}
	word := map[policy.Preference]string{policy.PrefAllowed: "yes", policy.PrefDisallowed: "no", policy.PrefUnstated: "none", policy.PrefNotCrawled: "uncrawled"}
	urls := []string{"/news/x", "/wp-admin/x", "/wp-admin/admin-ajax.php"}
	questions := []struct {
		crawler string
		usage   policy.Category
		want    string
		line    int
		trace   string
	}{
		{"GPTBot", policy.CategoryTrainAI, "uncrawled", 51, "Disallow: /"},
		{"OAI-SearchBot", policy.CategorySearch, "yes", 29, "Content-Signal: search=yes,ai-train=no"},
		{"OAI-SearchBot", policy.CategoryAIInput, "none", 0, "says nothing about ai-input"},
		{"Googlebot", policy.CategoryTrainAI, "no", 29, "Google-Extended"},
		{"Googlebot", policy.CategoryAIInput, "no", 48, "in Google-Extended's group: ai-input is disallowed"},
	}
	for _, qq := range questions {
		askCrawler(t, ctx, qq.crawler)
		got := todayCells(t, ctx)
		// Every cell as the engine decides it.
		for r, url := range urls {
			for c, u := range policy.UsesOf(policy.KindToday) {
				a := pol.Decide(policy.Question{Crawler: qq.crawler, URL: url, Usage: u.Usage, Category: u.Category, Kind: policy.KindToday})
				w := word[a.Preference]
				if u.Usage == policy.UsageCrawl {
					w = map[bool]string{true: "yes", false: "no"}[a.Allowed]
				}
				if got[r][c] != w {
					t.Errorf("%s %s %s: cell %q, want %q", qq.crawler, url, u, got[r][c], w)
				}
			}
		}
		col := map[policy.Category]int{policy.CategorySearch: 1, policy.CategoryTrainAI: 2, policy.CategoryAIInput: 3}[qq.usage]
		if got[0][col] != qq.want {
			t.Errorf("may %s %s /news/x? cell %q, want %q", qq.crawler, qq.usage, got[0][col], qq.want)
		}
		click(t, ctx, fmt.Sprintf(`#sim-matrix button[data-r="0"][data-c="%d"]`, col))
		waitJS(t, ctx, `document.querySelectorAll("#sim-explain .step").length > 0`, 2*time.Second)
		expl := eval[string](t, ctx, `document.getElementById("sim-explain").textContent`)
		if !strings.Contains(expl, qq.trace) {
			t.Errorf("%s %s: the explanation lacks %q:\n%s", qq.crawler, qq.usage, qq.trace, expl)
		}
		decided := eval[string](t, ctx, `(document.querySelector("#sim-explain .ex-verdict button.ln") || {}).textContent || ""`)
		if qq.line > 0 && decided != fmt.Sprintf("Ln %d", qq.line) || qq.line == 0 && decided != "" {
			t.Errorf("%s %s: decided by %q, want line %d", qq.crawler, qq.usage, decided, qq.line)
		}
		a := pol.Decide(policy.Question{Crawler: qq.crawler, URL: "/news/x", Category: qq.usage, Kind: policy.KindToday})
		steps := eval[[]string](t, ctx, `[...document.querySelectorAll("#sim-explain .step .st-text")].map(s => s.textContent)`)
		if len(steps) != len(a.Trace.Steps) {
			t.Errorf("%s %s: %d steps shown, the trace has %d", qq.crawler, qq.usage, len(steps), len(a.Trace.Steps))
		}
		if qq.crawler == "Googlebot" && qq.usage == policy.CategoryAIInput {
			screenshot(t, ctx, "today-explain-googlebot-ai-input")
		}
		if qq.crawler == "OAI-SearchBot" && qq.usage == policy.CategoryAIInput {
			screenshot(t, ctx, "today-matrix-no-preference")
		}
	}

	// Compare kinds: today beside the five others; the ACAP kinds are
	// asked the ACAP usage ai-input has none of.
	cmp := eval[[]string](t, ctx, `[...document.querySelectorAll("#sim-compare td[data-kind]")].map(td => td.dataset.kind + ":" + td.textContent.trim())`)
	if len(cmp) != 2*len(policy.Kinds()) {
		t.Errorf("compare shows %d cells: %v", len(cmp), cmp)
	}
	joined := strings.Join(cmp, "|")
	for _, w := range []string{"today:✓ allowed", "today:✕ disallowed", "acap:no equivalent of ai-input", "rfc9309:✓ allowed"} {
		if !strings.Contains(joined, w) {
			t.Errorf("compare lacks %q: %v", w, cmp)
		}
	}
	// Asked as ACAP, the today row maps the usage.
	pick(t, ctx, "sim-kind", "acap")
	click(t, ctx, `#sim-matrix button[data-r="0"][data-c="2"]`) // index
	waitJS(t, ctx, `document.querySelector("#sim-compare td[data-kind=today]") !== null`, 2*time.Second)
	if txt := eval[string](t, ctx, `[...document.querySelectorAll("#sim-compare td[data-kind=today]")].map(td => td.textContent).join("|")`); !strings.Contains(txt, "(as search)") {
		t.Errorf("today's answer for index is not mapped to search: %q", txt)
	}
	screenshot(t, ctx, "today-compare")
}

// TestTodayCrawlerDirectory checks the picker's groups from the directory
// (operator and whether each obeys robots.txt shown), the licence and date
// of the copy, and the batch view: a whole group × the sample URLs for one
// category, each cell as the engine decides, a click explaining it.
func TestTodayCrawlerDirectory(t *testing.T) {
	text := corpus2026(t, "davidguetta.com.txt")
	pol := policy.NewPolicy(policy.MustParse(text))
	ctx := newTab(t)
	openSim(t, ctx, text)
	waitJS(t, ctx, `document.querySelectorAll("#sim-crawler optgroup").length >= 4`, 5*time.Second)
	groups := eval[[]string](t, ctx, `[...document.querySelectorAll("#sim-crawler optgroup")].map(g => g.label + "=" + g.children.length)`)
	if !strings.HasPrefix(strings.Join(groups, "|"), "AI training — directory=") {
		t.Errorf("groups = %v", groups)
	}
	opt := eval[string](t, ctx, `[...document.querySelectorAll("#sim-crawler optgroup option")].map(o => o.textContent).find(t => t.startsWith("GPTBot ")) || ""`)
	if opt != "GPTBot · OpenAI · obeys robots.txt: yes" {
		t.Errorf("GPTBot's option = %q", opt)
	}
	pick(t, ctx, "sim-crawler", "n:Perplexity-User")
	waitSim(t, ctx)
	if info := eval[string](t, ctx, `document.getElementById("sim-crawler-info").textContent`); !strings.Contains(info, "Perplexity") || !strings.Contains(info, "known to obey robots.txt: no") {
		t.Errorf("crawler info = %q", info)
	}
	if lic := eval[string](t, ctx, `document.getElementById("batch-panel").textContent`); !strings.Contains(lic, "as of 2026-08") || !strings.Contains(lic, "MIT License") {
		t.Errorf("the directory's source, date and licence are not shown: %q", lic)
	}
	if ok := eval[bool](t, ctx, `fetch(document.querySelector("#batch-panel a").href).then(r => r.text()).then(t => t.startsWith("MIT License"))`); !ok {
		t.Error("the licence link does not lead to the MIT licence")
	}

	urls := []string{"/news/x", "/wp-admin/x", "/wp-admin/admin-ajax.php", "/", "/about"}
	setField(t, ctx, "sim-urls", strings.Join(urls, "\n"))
	pick(t, ctx, "batch-group", fmt.Sprint(int(directory.UseTraining)))
	pick(t, ctx, "batch-cat", "train-ai")
	click(t, ctx, "#batch-fill")
	// The batch is filled in slices: wait until it is no longer busy.
	waitJS(t, ctx, `document.querySelectorAll("#sim-batch button.bcell").length > 0 && !document.getElementById("sim-batch").hasAttribute("aria-busy")`, 10*time.Second)
	rows := eval[[]string](t, ctx, `[...document.querySelectorAll("#sim-batch tbody th")].map(th => th.textContent)`)
	got := eval[[]string](t, ctx, `[...document.querySelectorAll("#sim-batch button.bcell")].map(b => b.title)`)
	if len(rows) < 10 || len(got) != len(rows)*len(urls) {
		t.Fatalf("%d crawlers, %d cells", len(rows), len(got))
	}
	word := map[policy.Preference]string{policy.PrefAllowed: "yes", policy.PrefDisallowed: "no", policy.PrefUnstated: "none", policy.PrefNotCrawled: "uncrawled"}
	seen := map[string]bool{}
	for i, c := range rows {
		for j, u := range urls {
			a := pol.Decide(policy.Question{Crawler: c, URL: u, Category: policy.CategoryTrainAI, Kind: policy.KindToday})
			if w := word[a.Preference]; got[i*len(urls)+j] != w {
				t.Errorf("%s %s: %q, want %q", c, u, got[i*len(urls)+j], w)
			}
			seen[got[i*len(urls)+j]] = true
		}
	}
	if !seen["uncrawled"] || !seen["no"] {
		t.Errorf("the batch shows only %v", seen)
	}
	screenshot(t, ctx, "today-batch-training")
	// A cell explains itself in the matrix.
	gi := -1
	for i, c := range rows {
		if c == "GPTBot" {
			gi = i
		}
	}
	if gi < 0 {
		t.Fatalf("GPTBot is not in the training group: %v", rows)
	}
	// Scrolled to the middle of the table, below its sticky header.
	eval[bool](t, ctx, fmt.Sprintf(`document.querySelector('#sim-batch button[data-br="%d"][data-bc="0"]').scrollIntoView({block: "center"}), true`, gi))
	t.Logf("element at the cell's middle: %s", eval[string](t, ctx, fmt.Sprintf(`(() => { const b = document.querySelector('#sim-batch button[data-br="%d"][data-bc="0"]').getBoundingClientRect(); const e = document.elementFromPoint(b.x + b.width/2, b.y + b.height/2); return e.tagName + "." + e.className + " " + JSON.stringify([b.x,b.y,b.width,b.height]) })()`, gi)))
	click(t, ctx, fmt.Sprintf(`#sim-batch button[data-br="%d"][data-bc="0"]`, gi))
	if err := waitJSErr(ctx, `document.getElementById("sim-explain").textContent.includes("GPTBot")`, 2*time.Second); err != nil {
		t.Fatalf("no explanation for GPTBot: explain %q, crawler %q, name %q, kind %q", eval[string](t, ctx, `document.getElementById("sim-explain").textContent`),
			eval[string](t, ctx, `document.getElementById("sim-crawler").value`), eval[string](t, ctx, `document.getElementById("sim-crawler-name").value`), eval[string](t, ctx, `document.getElementById("sim-kind").value`))
	}
	if h := eval[string](t, ctx, `document.querySelector("#sim-explain .ex-h").textContent`); h != "/news/x · train-ai" {
		t.Errorf("explanation heading = %q", h)
	}
	screenshot(t, ctx, "today-picker-and-batch-explained")
}

func waitJSErr(ctx context.Context, js string, d time.Duration) error {
	end := time.Now().Add(d)
	for time.Now().Before(end) {
		if v, err := eval2(ctx, js); err == nil && v == "true" {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("timed out waiting for %s", js)
}

// TestTodaySignalsApplied applies today's signals proposed for an ACAP
// file as one edit, and checks what the panel says they keep and lose on
// the sample URLs against the engine; Ctrl+Z takes the lines back.
func TestTodaySignalsApplied(t *testing.T) {
	ctx := startFresh(t)
	src := "##ACAP version=1.1\nACAP-crawler: *\nACAP-disallow-crawl: /private/\nACAP-disallow-index: /drafts/\nACAP-allow-present: /news/ time-limit=7-days\nACAP-disallow-preserve: /archive/\n"
	setText(t, ctx, src)
	urls := []string{"/private/a", "/drafts/a", "/news/a", "/archive/a"}
	setField(t, ctx, "sim-urls", strings.Join(urls, "\n"))
	showPanel(t, ctx, "signals")
	waitJS(t, ctx, `document.querySelector("#wk-keep:not([aria-busy=true])") !== null`, 10*time.Second)
	before := policy.MustParse(src)
	after := policy.MustParse(string(advise.Apply([]byte(src), advise.Signals(before))))
	rows := advise.KeepLose(before, after, append(before.Crawlers(), "AnyOtherCrawler"), urls)
	want := map[string]int{}
	for _, r := range rows {
		want[r.Pair.ACAP.String()+" → "+r.Pair.Today.String()+" "+r.Outcome.String()]++
	}
	got := eval[[]string](t, ctx, `[...document.querySelectorAll("#wk-keep tbody tr")].map(tr => [...tr.children].map(c => c.textContent).join("|"))`)
	if len(got) != len(advise.KeepPairs()) {
		t.Fatalf("keep table rows: %v", got)
	}
	for _, row := range got {
		c := strings.Split(row, "|")
		for i, oc := range advise.Outcomes() {
			o := oc.String()
			if w := fmt.Sprint(want[c[0]+" "+o]); c[i+1] != w {
				t.Errorf("%s %s: panel %s, engine %s", c[0], o, c[i+1], w)
			}
		}
	}
	if want["present → search restrictions lost"] == 0 {
		t.Error("test premise: the time limit is not reported lost")
	}
	click(t, ctx, "#wk-sig-apply")
	waitJS(t, ctx, `document.getElementById("editor-input").value.includes("Content-Usage: /drafts/ search=n")`, 3*time.Second)
	text := eval[string](t, ctx, `document.getElementById("editor-input").value`)
	if !strings.HasPrefix(text, src) {
		t.Errorf("applying changed the file's own lines:\n%s", text)
	}
	waitJS(t, ctx, `document.getElementById("wk-sig-apply").disabled`, 5*time.Second)
	screenshot(t, ctx, "today-signals-applied")
	// One undo takes the whole block back.
	eval[bool](t, ctx, `document.getElementById("editor-input").focus(), document.execCommand("undo")`)
	waitJS(t, ctx, `document.getElementById("editor-input").value === `+jsString(src), 3*time.Second)
}

// TestTodaySignalsModernFile: on a 2026 file without ACAP records the
// panel says what the file already tells today's crawlers (not "nothing
// to translate") and its "Build a policy" button opens the policy
// builder.
func TestTodaySignalsModernFile(t *testing.T) {
	ctx := startFresh(t)
	setText(t, ctx, "User-agent: *\nAllow: /\nContent-Signal: search=yes, ai-train=no\n\nUser-agent: GPTBot\nDisallow: /\n")
	showPanel(t, ctx, "signals")
	waitJS(t, ctx, `!!document.getElementById("wk-sig-modern")`, 5*time.Second)
	text := eval[string](t, ctx, `document.getElementById("panel-signals").textContent`)
	for _, want := range []string{"no ACAP policy to translate", "It already speaks to today's crawlers with 1 Content-Signal line", "use the policy builder"} {
		if !strings.Contains(text, want) {
			t.Errorf("the panel lacks %q: %q", want, text)
		}
	}
	if strings.Contains(text, "nothing to translate") {
		t.Errorf("the panel still says only that there is nothing to translate")
	}
	screenshot(t, ctx, "today-signals-modern")
	click(t, ctx, "#wk-sig-build")
	waitJS(t, ctx, `!document.getElementById("panel-builder").hidden && !!document.getElementById("bld-write") && document.getElementById("ptab-builder").getAttribute("aria-selected") === "true"`, 10*time.Second)
}
