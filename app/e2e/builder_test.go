//go:build e2e && !js

package e2e

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// builderSet sets a cell control of the policy builder (field "value": the
// select, "scopes": the scope field) as a user would, with a change event.
func builderSet(t *testing.T, ctx context.Context, row, col, field, value string) {
	t.Helper()
	sel := `#panel-builder [data-row="` + row + `"][data-col="` + col + `"][data-field="` + field + `"]`
	if !eval[bool](t, ctx, `(() => { const e = document.querySelector(`+jsString(sel)+`); if (!e) return false;
		e.focus(); e.value = `+jsString(value)+`; e.dispatchEvent(new Event("input", {bubbles: true}));
		e.dispatchEvent(new Event("change", {bubbles: true})); return true })()`) {
		t.Fatalf("no control %s", sel)
	}
}

// builderWriteJS clicks "Write into the file" and resolves, once the proof
// is shown, with the times from the click (ms) to the click's return, to
// the editor's new text and to the proof.
const builderWriteJS = `new Promise(done => {
	const ta = document.getElementById("editor-input"), before = ta.value;
	const t0 = performance.now();
	document.getElementById("bld-write").click();
	const click = performance.now() - t0;
	let edit = 0;
	const poll = () => {
		if (!edit && ta.value !== before) edit = performance.now() - t0;
		if (document.getElementById("bld-proof-sum")) done([click, edit, performance.now() - t0]);
		else requestAnimationFrame(poll);
	};
	requestAnimationFrame(poll);
})`

// TestPolicyBuilderNYTimes opens nytimes.com's file of January 2026, says
// in the builder "AI training crawlers: train-ai no", "search engines:
// search yes", "AI search and assistants: ai-input yes except /archive/",
// writes it, and checks the editor's text (the builder's block in every
// vocabulary, the publisher's other lines kept), the proof (✓ for these
// rows, what is not expressible said in words), and that one Ctrl+Z gives
// the original text back. It prints the time from the click to the proof
// and the longest frame as BENCH, and saves screenshots of the builder and
// of its proof.
func TestPolicyBuilderNYTimes(t *testing.T) {
	srcB, err := os.ReadFile(filepath.Join("..", "..", "policy", "testdata", "corpus", "sites-2026-01", "www.nytimes.com.txt"))
	if err != nil {
		t.Fatal(err)
	}
	src := string(srcB)
	ctx := newTab(t)
	open(t, ctx, site.URL+"/")
	openViaInput(t, ctx, "www.nytimes.com.txt", src)
	click(t, ctx, "#ptab-builder")
	// The groups fill from the crawler directory.
	waitJS(t, ctx, `(c => !!c && parseInt(c.textContent.replace(/\D/g, ""), 10) > 20)(document.querySelector('#panel-builder tr[data-row="train"] .bld-count'))`, 20*time.Second)
	if !eval[bool](t, ctx, `!!document.querySelector('#panel-builder tr[data-row="file:twitterbot"]')`) {
		t.Error("no row for twitterbot, a crawler the file names")
	}
	if l := eval[string](t, ctx, `document.querySelector('#panel-builder [data-row="train"][data-col="train-ai"][data-field="value"]').getAttribute("aria-label")`); l != "AI training crawlers: train-ai" {
		t.Errorf("the cell's label is %q", l)
	}
	builderSet(t, ctx, "train", "train-ai", "value", "no")
	builderSet(t, ctx, "search", "search", "value", "yes")
	builderSet(t, ctx, "ai", "ai-input", "value", "yes")
	builderSet(t, ctx, "ai", "ai-input", "scopes", "except /archive/")
	eval[bool](t, ctx, `document.getElementById("ptab-builder").scrollIntoView(), true`)
	screenshot(t, ctx, "builder-nytimes")

	eval[bool](t, ctx, frameJS)
	ms := eval[[]float64](t, ctx, builderWriteJS)
	time.Sleep(settle)
	longest := readFrames(t, ctx).longest
	plong, pn := proofFrames(t, ctx)
	t.Logf("BENCH policy builder nytimes.com: click %.0f ms, click to new text %.0f ms, click to proof %.0f ms, longest frame %.0f ms, during the proof %.0f ms of %d frames",
		ms[0], ms[1], ms[2], longest, plong, pn)
	t.Logf("long animation frames: %s", eval[string](t, ctx, `(window.__loafScripts || []).join(" | ")`))

	sum := eval[string](t, ctx, `document.getElementById("bld-proof-sum").textContent`)
	if !strings.HasPrefix(sum, "The file says the intent") {
		t.Errorf("proof summary: %q", sum)
	}
	after := eval[string](t, ctx, `document.getElementById("editor-input").value`)
	block := after[strings.Index(after, "# BEGIN policy builder"):]
	for _, want := range []string{"User-agent: GPTBot\n", "Disallow: /\n", "Content-Usage: ", "Content-Signal: ", "Content-Signal: /archive/ ",
		"ACAP-crawler: GPTBot\n", "ACAP-disallow-crawl: /\n", "User-agent: Googlebot\n", "# END policy builder"} {
		if !strings.Contains(block, want) {
			t.Errorf("the builder's block lacks %q", want)
		}
	}
	// The publisher's lines outside the intent are still there.
	for _, want := range []string{"# new york times content is made available", "user-agent: *\ndisallow: /ads/", "user-agent: twitterbot\n"} {
		if !strings.Contains(after[:strings.Index(after, "# BEGIN policy builder")], want) {
			t.Errorf("the publisher's %q is gone", want)
		}
	}
	// Every row of the intent is proved: no ✗, ✓ in each, and each reading
	// that is not expressible says so in words.
	got := eval[[]string](t, ctx, `["Search engines", "AI training crawlers", "AI search and assistants"].map(n => {
		const trs = [...document.querySelectorAll("#bld-proof tbody tr")].filter(tr => tr.querySelector("th").textContent === n);
		const ok = trs.reduce((a, tr) => a + tr.querySelectorAll("li.bld-s0").length, 0);
		const bad = trs.reduce((a, tr) => a + tr.querySelectorAll("li.bld-s1").length, 0);
		const ne = trs.reduce((a, tr) => a + tr.querySelectorAll("li.bld-s2").length, 0);
		const words = trs.reduce((a, tr) => a + [...tr.querySelectorAll(".bld-why p")].filter(p => /^Not expressible for .+: .{20,}/.test(p.textContent)).length, 0);
		return n + " " + ok + " " + bad + " " + ne + " " + words;
	})`)
	for _, g := range got {
		var name string
		f := strings.Fields(g)
		name = strings.Join(f[:len(f)-4], " ")
		ok, bad, ne, words := f[len(f)-4], f[len(f)-3], f[len(f)-2], f[len(f)-1]
		if ok == "0" || bad != "0" || ne != words {
			t.Errorf("%s: %s ✓, %s ✗, %s not expressible of which %s said in words", name, ok, bad, ne, words)
		}
	}
	if !eval[bool](t, ctx, `[...document.querySelectorAll("#bld-proof li.bld-s2")].length > 0`) {
		t.Error("nothing listed as not expressible (ai-input has no ACAP usage)")
	}
	eval[bool](t, ctx, `document.getElementById("bld-proof").scrollIntoView(), true`)
	screenshot(t, ctx, "builder-nytimes-proof")
	eval[bool](t, ctx, `document.querySelector("#bld-proof .bld-why").scrollIntoView(), true`)
	screenshot(t, ctx, "builder-nytimes-proof-why")

	// "Not expressible" links to the builder's help page.
	click(t, ctx, `#bld-proof .bld-why button[data-help]`)
	waitJS(t, ctx, `(h => !!h && h.textContent === "Write a policy from what you want" && !document.getElementById("panel-help").hidden)(document.getElementById("wk-help-h"))`, 5*time.Second)

	// One Ctrl+Z in the editor takes the whole edit back.
	eval[bool](t, ctx, `document.getElementById("editor-input").focus(), true`)
	pressKey(t, ctx, "z", chromedp.ModifierCtrl)
	waitJS(t, ctx, `document.getElementById("editor-input").value === `+jsString(src), 5*time.Second)

	// The ACAP usages add a column each, labelled like the others.
	click(t, ctx, "#ptab-builder")
	click(t, ctx, "#bld-acap")
	waitJS(t, ctx, `!!document.querySelector('#panel-builder select[aria-label="AI training crawlers: present-snippet"]')`, 5*time.Second)
	eval[bool](t, ctx, `document.getElementById("ptab-builder").scrollIntoView(), true`)
	screenshot(t, ctx, "builder-nytimes-acap")
}

// TestPolicyBuilderRefusesBadScope: a scope that cannot be read is said in
// words and nothing is written.
func TestPolicyBuilderRefusesBadScope(t *testing.T) {
	ctx := newTab(t)
	open(t, ctx, site.URL+"/")
	src := "User-agent: *\nDisallow: /private/\n"
	setText(t, ctx, src)
	click(t, ctx, "#ptab-builder")
	waitJS(t, ctx, `!!document.getElementById("bld-write")`, 20*time.Second)
	builderSet(t, ctx, "*", "train-ai", "value", "no")
	builderSet(t, ctx, "*", "train-ai", "scopes", "archive")
	click(t, ctx, "#bld-write")
	waitJS(t, ctx, `document.getElementById("bld-status").textContent.includes("has no path")`, 5*time.Second)
	if got := eval[string](t, ctx, `document.getElementById("editor-input").value`); got != src {
		t.Errorf("the editor's text changed: %q", got)
	}
}

// TestPolicyBuilderWholeDirectory states something for every group of the
// directory and every other crawler (every crawler of the directory in
// the intent) on nytimes.com's file, and prints the time from the click
// to the proof and the longest frame as BENCH.
func TestPolicyBuilderWholeDirectory(t *testing.T) {
	srcB, err := os.ReadFile(filepath.Join("..", "..", "policy", "testdata", "corpus", "sites-2026-01", "www.nytimes.com.txt"))
	if err != nil {
		t.Fatal(err)
	}
	ctx := newTab(t)
	open(t, ctx, site.URL+"/")
	openViaInput(t, ctx, "www.nytimes.com.txt", string(srcB))
	click(t, ctx, "#ptab-builder")
	waitJS(t, ctx, `(c => !!c && parseInt(c.textContent.replace(/\D/g, ""), 10) > 20)(document.querySelector('#panel-builder tr[data-row="train"] .bld-count'))`, 20*time.Second)
	for _, row := range []string{"search", "train", "ai", "user", "purpose", "other", "*"} {
		builderSet(t, ctx, row, "train-ai", "value", "no")
	}
	builderSet(t, ctx, "search", "search", "value", "yes")
	builderSet(t, ctx, "*", "search", "value", "yes")
	for _, row := range []string{"ai", "user"} {
		builderSet(t, ctx, row, "ai-input", "value", "yes")
		builderSet(t, ctx, row, "ai-input", "scopes", "/archive/")
	}
	crawlers := eval[int](t, ctx, `[...document.querySelectorAll("#panel-builder .bld-count")].reduce((a, c) => a + parseInt(c.textContent.replace(/\D/g, ""), 10), 0)`)
	eval[bool](t, ctx, frameJS)
	ms := eval[[]float64](t, ctx, builderWriteJS)
	time.Sleep(settle)
	longest := readFrames(t, ctx).longest
	plong, pn := proofFrames(t, ctx)
	checks := eval[string](t, ctx, `document.getElementById("bld-proof-sum").textContent`)
	t.Logf("BENCH policy builder whole directory (%d crawlers in groups) on nytimes.com: click %.0f ms, click to new text %.0f ms, click to proof %.0f ms, longest frame %.0f ms, during the proof %.0f ms of %d frames; %s",
		crawlers, ms[0], ms[1], ms[2], longest, plong, pn, checks)
	if !strings.HasPrefix(checks, "The file says the intent") {
		t.Errorf("proof summary: %q", checks)
	}
}
