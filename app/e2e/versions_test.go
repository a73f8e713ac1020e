//go:build e2e && !js

package e2e

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/acap-workbench/workbench/policy"
)

// openVersions opens the panel "What changes?" once the simulator has the
// crawler directory, and waits until the panel has it too.
func openVersions(t *testing.T, ctx context.Context) {
	t.Helper()
	waitJS(t, ctx, `document.querySelectorAll("#batch-group option").length > 2`, 20*time.Second)
	click(t, ctx, "#ptab-versions")
	waitJS(t, ctx, `(s => !!s && +s.dataset.dir > 100)(document.querySelector("#panel-versions section"))`, 20*time.Second)
}

// versionsCompareJS chooses the other version (a workspace file's name,
// "paste" or "builder"), clicks Compare (and Keep checking, should the
// time cap pass on a busy machine) and resolves, once the report is shown,
// with the time from the click (ms).
const versionsCompareJS = `((src) => new Promise(done => {
	const s = document.getElementById("ver-source"); s.value = src; s.dispatchEvent(new Event("change", {bubbles: true}));
	requestAnimationFrame(() => setTimeout(() => {
		const t0 = performance.now();
		document.getElementById("ver-run").click();
		const poll = () => {
			const st = document.getElementById("ver-status"), keep = document.getElementById("ver-keep");
			if (keep) keep.click();
			if (document.getElementById("ver-verdict") && st && st.getAttribute("aria-busy") === "false") done(performance.now() - t0);
			else setTimeout(poll, 20);
		};
		poll();
	}, 0));
}))`

// pasteVersion puts text in the panel's field for a pasted version.
func pasteVersion(t *testing.T, ctx context.Context, text string) {
	t.Helper()
	eval[bool](t, ctx, `(ta => (ta.value = `+jsString(text)+`, ta.dispatchEvent(new Event("input", {bubbles: true})), true))(document.getElementById("ver-paste"))`)
}

// versionRows are the rows the page shows for a report, cell by cell, as
// the panel writes them.
func versionRows(rep *policy.VersionReport) [][]string {
	var rows [][]string
	line := func(n int) string {
		if n == 0 {
			return "(no line: the default)"
		}
		return "line " + strconv.Itoa(n)
	}
	for _, c := range rep.Changes {
		names := strings.Join(c.Crawlers, ", ")
		if len(c.Crawlers) > 3 {
			names = strings.Join(c.Crawlers[:3], ", ") + " and " + strconv.Itoa(len(c.Crawlers)-3) + " more"
		}
		var uses []string
		for _, u := range c.Uses {
			uses = append(uses, u.String())
		}
		use := strings.Join(uses, ", ")
		switch all := len(policy.UsesOf(policy.KindACAP)); {
		case len(uses) == all:
			use = "every usage (" + strconv.Itoa(len(uses)) + ")"
		case len(uses) == all-1 && uses[0] == "follow":
			use = "every usage but crawl (" + strconv.Itoa(len(uses)) + ")"
		}
		rows = append(rows, []string{names, c.Kind.Title(), use, c.Path,
			policy.AnswerText(c.Before) + " " + line(c.Before.Line), policy.AnswerText(c.After) + " " + line(c.After.Line)})
	}
	return rows
}

// directoryTokens are the crawlers of the shipped directory.
func directoryTokens(t *testing.T) []string {
	var out []string
	for _, e := range shippedDirectory(t) {
		out = append(out, e.Token)
	}
	return out
}

// checkVersionTable compares the page's table of changes with the report
// the policy package gives natively for the same versions.
func checkVersionTable(t *testing.T, ctx context.Context, rep *policy.VersionReport) {
	t.Helper()
	got := eval[[][]string](t, ctx, `[...document.querySelectorAll("#ver-changes tbody tr")].map(r => [...r.cells].map(c => c.textContent))`)
	want := versionRows(rep)
	if len(got) != len(want) {
		t.Fatalf("%d rows, want %d: %q", len(got), len(want), got)
	}
	for i := range want {
		if strings.Join(got[i], " | ") != strings.Join(want[i], " | ") {
			t.Errorf("row %d:\n got %q\nwant %q", i, got[i], want[i])
		}
	}
}

// TestVersionCompareOneRule: robots.txt and a second file of the workspace
// differ in one rule (GPTBot may now fetch /news/);
// the panel's table shows exactly the changes the policy package proves
// natively (every row: crawlers, kind, use, witness, both answers and
// lines), says that nothing else changes, and a click on the line of the
// new version shows it in the editor. The text before the builder's last
// edit is offered and compared too. Screenshot: versions-one-rule.
func TestVersionCompareOneRule(t *testing.T) {
	before := "User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n"
	after := "User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nAllow: /news/\nDisallow: /\n"
	ctx := startFresh(t)
	setText(t, ctx, after)
	click(t, ctx, `#tab-add`)
	waitJS(t, ctx, `document.querySelectorAll("#tabs [role=tab]").length === 2`, 5*time.Second)
	setText(t, ctx, before)
	other := eval[string](t, ctx, `document.getElementById("tab-1").textContent`)
	click(t, ctx, `#tab-0`)
	openVersions(t, ctx)
	ms := eval[float64](t, ctx, versionsCompareJS+`(`+jsString(other)+`)`)

	rep := policy.CompareVersions(policy.MustParse(before), policy.MustParse(after), policy.VersionOptions{Crawlers: directoryTokens(t)})
	if !rep.Proved() || len(rep.Changes) == 0 {
		t.Fatalf("test premise: %+v", rep)
	}
	checkVersionTable(t, ctx, &rep)
	verdict := eval[string](t, ctx, `document.getElementById("ver-verdict").textContent`)
	want := strconv.Itoa(len(rep.Changes)) + " changes (below); no other change for the " + strconv.Itoa(len(rep.Crawlers)) + " crawlers in 6 kinds (proved)."
	if verdict != want {
		t.Errorf("verdict %q, want %q", verdict, want)
	}
	// Every change is GPTBot's (and, for the older kinds, of the crawlers
	// whose names are part of "GPTBot"), at /news/: the other crawlers
	// read the * group alike.
	for _, c := range rep.Changes {
		if c.Crawlers[0] != "GPTBot" || c.Path != "/news/" {
			t.Errorf("a change for %v at %s", c.Crawlers, c.Path)
		}
	}
	eval[bool](t, ctx, `document.getElementById("ver-source").scrollIntoView({block: "start"}), true`)
	screenshot(t, ctx, "versions-one-rule")

	// The deciding line of the new version, in the editor.
	click(t, ctx, `#ver-changes button[data-line="5"]`)
	waitJS(t, ctx, `(ta => ta.value.slice(0, ta.selectionStart).split("\n").length === 5)(document.getElementById("editor-input"))`, 5*time.Second)
	t.Logf("BENCH version compare of two small files with the directory's crawlers: %.0f ms", ms)
}

// TestVersionCompareNoChange: lines reordered, a comment added and the
// case of a field name changed: "no change" for every crawler and kind,
// proved. Then a change made in the editor makes the report stale.
func TestVersionCompareNoChange(t *testing.T) {
	before := "User-agent: *\nDisallow: /a/\nDisallow: /b/\nAllow: /a/public/\n\nUser-agent: CCBot\nDisallow: /\n"
	after := "# our policy\nUser-agent: CCBot\nDisallow: /\n\nUser-agent: *\ndisallow: /b/   # the shop\nDisallow: /a/\nAllow: /a/public/\n"
	rep := policy.CompareVersions(policy.MustParse(before), policy.MustParse(after), policy.VersionOptions{Crawlers: directoryTokens(t)})
	if !rep.NoChange() {
		t.Fatalf("test premise: %+v", rep.Changes)
	}
	ctx := startFresh(t)
	setText(t, ctx, after)
	openVersions(t, ctx)
	pasteVersion(t, ctx, before)
	eval[float64](t, ctx, versionsCompareJS+`("paste")`)
	verdict := eval[string](t, ctx, `document.getElementById("ver-verdict").textContent`)
	if want := "No change for " + strconv.Itoa(len(rep.Crawlers)) + " crawlers in 6 kinds (proved)."; verdict != want {
		t.Errorf("verdict %q, want %q", verdict, want)
	}
	if eval[bool](t, ctx, `!!document.getElementById("ver-changes") || !!document.getElementById("ver-open")`) {
		t.Error("a table of changes, or something not covered, with no change")
	}
	screenshot(t, ctx, "versions-no-change")
	setText(t, ctx, after+"Disallow: /c/\n")
	waitJS(t, ctx, `document.querySelector("#panel-versions .wk-mistake") !== null`, 10*time.Second)
}

// TestVersionCompareBadPaste: a pasted text over the size limit, and one
// with no robots.txt line, get a clear message; the text stays in its
// field; nothing runs.
func TestVersionCompareBadPaste(t *testing.T) {
	ctx := startFresh(t)
	setText(t, ctx, "User-agent: *\nDisallow: /a/\n")
	openVersions(t, ctx)
	for _, tc := range []struct {
		name, text, want string
	}{
		{"huge", strings.Repeat("Disallow: /some/long/path/\n", policy.MaxFileSize/26+100), "MiB"},
		{"not robots.txt", "<!doctype html><html><body>Not found</body></html>\n", "no robots.txt line"},
		{"empty", "  \n", "Paste the other version first"},
	} {
		pasteVersion(t, ctx, tc.text)
		eval[bool](t, ctx, `document.getElementById("ver-run").click(), true`)
		waitJS(t, ctx, `document.getElementById("ver-status").textContent.includes(`+jsString(tc.want)+`)`, 10*time.Second)
		if n := eval[int](t, ctx, `document.getElementById("ver-paste").value.length`); n != len(tc.text) {
			t.Errorf("%s: the field holds %d characters, want %d", tc.name, n, len(tc.text))
		}
		if eval[bool](t, ctx, `!!document.getElementById("ver-verdict")`) {
			t.Errorf("%s: a report", tc.name)
		}
		t.Logf("%s: %s", tc.name, eval[string](t, ctx, `document.getElementById("ver-status").textContent`))
	}
}

// TestVersionCompareFrames compares the 50 KiB benchmark file (2,005
// rules, 829 with wildcards) with a copy in which one rule changed its
// verdict, recording the gaps between frames: the page keeps drawing. It
// prints the time and the longest frame as BENCH lines (the target is 100
// ms); the guard is a ratio to the page's own start-up frame, as in
// TestBatchFillFrameBudget. Screenshot: versions-bench.
func TestVersionCompareFrames(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "policy", "testdata", "bench", "bench_robots.txt"))
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	lines := strings.Split(src, "\n")
	var rules []int
	for i, l := range lines {
		if strings.HasPrefix(l, "Disallow:") || strings.HasPrefix(l, "Allow:") {
			rules = append(rules, i)
		}
	}
	i := rules[len(rules)/2]
	if strings.HasPrefix(lines[i], "Disallow:") {
		lines[i] = "Allow:" + lines[i][len("Disallow:"):]
	} else {
		lines[i] = "Disallow:" + lines[i][len("Allow:"):]
	}
	changed := strings.Join(lines, "\n")

	ctx := newTab(t)
	open(t, ctx, site.URL+"/")
	clearStorage(t, ctx)
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: simFramesJS}); err != nil {
		t.Fatal(err)
	}
	reloadPage(t, ctx)
	start := eval[float64](t, ctx, simLongestFrameJS+`(0)`)
	setText(t, ctx, changed)
	openVersions(t, ctx)
	pasteVersion(t, ctx, src)
	from := eval[float64](t, ctx, `performance.now()`)
	if profiling() {
		if err := profileStart(ctx); err != nil {
			t.Fatal(err)
		}
	}
	ms := eval[float64](t, ctx, versionsCompareJS+`("paste")`)
	if profiling() {
		t.Logf("profile: %s", profileStop(ctx))
	}
	longest := eval[float64](t, ctx, simLongestFrameJS+`(`+strconv.FormatFloat(from, 'f', 1, 64)+`)`)
	rep := policy.CompareVersions(policy.MustParse(src), policy.MustParse(changed), policy.VersionOptions{Crawlers: directoryTokens(t)})
	if rep.Proved() {
		checkVersionTable(t, ctx, &rep)
	}
	t.Logf("longest frames of the comparison (start/duration/scripts/render/layout ms): %s", eval[string](t, ctx, simLoafJS+`(`+strconv.FormatFloat(from, 'f', 1, 64)+`)`))
	during := eval[[]float64](t, ctx, proofFramesJS+`(window.__simFrames)`)
	t.Logf("BENCH version compare of the 50 KiB benchmark file and a copy with one rule changed: %.0f ms, longest frame %.0f ms (target 100 ms), during the comparison's proof %.0f ms of %.0f frames; the page's start-up frame %.0f ms; %d changes, %d states",
		ms, longest, during[0], during[1], start, len(rep.Changes), rep.States)
	if longest > 3*start+100 {
		t.Errorf("a frame of %.0f ms comparing: more than three times the page's start-up frame (%.0f ms) plus 100 ms", longest, start)
	}
	eval[bool](t, ctx, `document.getElementById("ver-report").scrollIntoView({block: "start"}), true`)
	screenshot(t, ctx, "versions-bench")
}

// TestVersionCompareAccessible runs axe-core on the panel with a report
// of changes, in both themes: serious and critical violations fail.
func TestVersionCompareAccessible(t *testing.T) {
	src := axeSource(t)
	for _, theme := range []string{"light", "dark"} {
		ctx := startFresh(t)
		setTheme(t, ctx, theme)
		setText(t, ctx, "User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nAllow: /news/\nDisallow: /\n")
		openVersions(t, ctx)
		pasteVersion(t, ctx, "User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n")
		eval[float64](t, ctx, versionsCompareJS+`("paste")`)
		time.Sleep(100 * time.Millisecond) // let transitions end: axe reads computed colours
		for _, x := range runAxe(t, ctx, src) {
			line := theme + ": " + x.ID + " (" + x.Impact + ") " + x.Help + " at " + strings.Join(x.Targets, "; ")
			if x.Impact == "serious" || x.Impact == "critical" {
				t.Errorf("axe: %s", line)
			} else {
				t.Logf("axe: %s", line)
			}
		}
		if theme == "dark" {
			screenshot(t, ctx, "versions-dark")
		}
	}
}

// TestVersionCompareBuilderEdit: after the policy builder writes into
// robots.txt, the panel offers robots.txt as it was before, and its table
// is the report the policy package gives for the two texts.
func TestVersionCompareBuilderEdit(t *testing.T) {
	before := "User-agent: *\nDisallow: /private/\n"
	ctx := startFresh(t)
	setText(t, ctx, before)
	click(t, ctx, "#ptab-builder")
	waitJS(t, ctx, `(c => !!c && parseInt(c.textContent.replace(/\D/g, ""), 10) > 20)(document.querySelector('#panel-builder tr[data-row="train"] .bld-count'))`, 20*time.Second)
	builderSet(t, ctx, "train", "train-ai", "value", "no")
	eval[[]float64](t, ctx, builderWriteJS)
	after := eval[string](t, ctx, `document.getElementById("editor-input").value`)
	if after == before {
		t.Fatal("the builder wrote nothing")
	}
	openVersions(t, ctx)
	if !eval[bool](t, ctx, `!!document.querySelector('#ver-source option[value="builder"]')`) {
		t.Fatal("the text before the builder's edit is not offered")
	}
	eval[float64](t, ctx, versionsCompareJS+`("builder")`)
	rep := policy.CompareVersions(policy.MustParse(before), policy.MustParse(after), policy.VersionOptions{Crawlers: directoryTokens(t)})
	if len(rep.Changes) == 0 {
		t.Fatalf("test premise: no change: %+v", rep)
	}
	checkVersionTable(t, ctx, &rep)
	if !strings.Contains(eval[string](t, ctx, `document.getElementById("ver-status").textContent`), "before the builder's edit") {
		t.Error("the status does not name the version compared")
	}
}
