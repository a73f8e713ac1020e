package ui

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/acap-workbench/workbench/policy"
	"github.com/acap-workbench/workbench/policy/advise"
)

const wkSignalsFile = `##ACAP version=1.1
ACAP-crawler: *
ACAP-disallow-crawl: /private/
ACAP-disallow-index: /<script>/
ACAP-allow-present: /news/ time-limit=7-days
ACAP-disallow-other: /
`

func wkParse(t *testing.T, src string) *policy.File {
	t.Helper()
	f, err := policy.Parse("/robots.txt", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestSignals(t *testing.T) {
	f := wkParse(t, wkSignalsFile)
	props := advise.Signals(f)
	var lines, none int
	for _, p := range props {
		if p.NoEquivalent {
			none++
		} else {
			lines++
		}
	}
	if lines == 0 || none == 0 {
		t.Fatalf("the fixture should give both kinds of proposal: %+v", props)
	}
	c := &Signals{File: f, OnGoToLine: func(int) {}}
	html := app.HTMLString(c)
	if strings.Contains(html, "<script") {
		t.Error("a line of the file rendered as markup")
	}
	wkMustContain(t, html, ">Today&#39;s signals</h2>", "What today&#39;s signals cannot say", "/&lt;script&gt;/",
		"<span>line 4: </span>", "<code>ACAP-disallow-index: /&lt;script&gt;/</code>")
	for _, p := range props {
		if !strings.Contains(html, "<p>"+wkEscapeText(p.Explanation)+"</p>") {
			t.Errorf("explanation missing: %.60q", p.Explanation)
		}
		if !p.NoEquivalent && !strings.Contains(html, "<code>"+wkEscapeText(strings.Join(p.Lines, "\n"))+"</code>") {
			t.Errorf("proposed lines missing: %q", p.Lines)
		}
		for _, n := range p.FromLines {
			if !strings.Contains(html, "<span>line "+wkItoa(n)+": </span>") {
				t.Errorf("line %d not offered", n)
			}
		}
	}
	if n := strings.Count(html, ">Copy</button>"); n != lines {
		t.Errorf("%d copy buttons for %d proposals", n, lines)
	}
	if i, j := strings.Index(html, "<pre"), strings.Index(html, "cannot say"); i < 0 || i > j {
		t.Error("the proposals do not come before what has no equivalent")
	}

	// Computed once per file pointer.
	before := c.props
	app.HTMLString(c)
	if &before[0] != &c.props[0] {
		t.Error("proposals recomputed for the same file")
	}
	c.File = wkParse(t, wkSignalsFile)
	app.HTMLString(c)
	if &before[0] == &c.props[0] {
		t.Error("proposals not recomputed for a new file")
	}

	// Without clipboard (not in a browser) the copy says what to do.
	c.copy("x")
	wkMustContain(t, app.HTMLString(c), "select the lines and copy them by hand")
}

// TestSignalsEmpty: without a file the panel says to open one; on a file
// without ACAP records it says what the file already tells today's
// crawlers and offers the policy builder, never just "nothing to
// translate".
func TestSignalsEmpty(t *testing.T) {
	for _, tc := range []struct {
		name  string
		f     *policy.File
		build bool
		want  []string
	}{
		{"no file", nil, true, []string{"Open a robots.txt to see what today"}},
		{"no ACAP, no lines of today", wkParse(t, "User-agent: *\nDisallow: /x\n"), true, []string{
			"This file has no ACAP records, so there is no ACAP policy to translate. It has no Content-Usage or Content-Signal line",
			"use the policy builder", `id="wk-sig-build"`, ">Build a policy</button>"}},
		{"no ACAP, lines of today", wkParse(t, "User-agent: *\nAllow: /\nContent-Signal: search=yes, ai-train=no\nContent-Usage: train-ai=n\nContent-Usage: /a/ search=y\n\nUser-agent: Google-Extended\nDisallow: /\n"), true, []string{
			"It already speaks to today&#39;s crawlers with 2 Content-Usage lines, 1 Content-Signal line, a group for Google-Extended:", ">Build a policy</button>"}},
		{"no ACAP, no builder wired", wkParse(t, "User-agent: *\nDisallow: /x\n"), false, []string{"use the policy builder"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &Signals{File: tc.f}
			if tc.build {
				c.OnBuild = func() {}
			}
			html := app.HTMLString(c)
			wkMustContain(t, html, tc.want...)
			if strings.Contains(html, "<pre") || strings.Contains(html, "cannot say") || strings.Contains(html, "nothing to translate") {
				t.Error("proposals, or nothing useful, shown for a file without ACAP")
			}
			if !tc.build && strings.Contains(html, "wk-sig-build") {
				t.Error("a builder button without OnBuild")
			}
		})
	}
}

// TestSignalsAlternatives: the stricter alternatives are listed apart,
// after the proposals, with their own Copy buttons, and Apply leaves them
// out; the panel says ACAP had no word for ai-input and offers the
// builder.
func TestSignalsAlternatives(t *testing.T) {
	src := "ACAP-crawler: *\nACAP-disallow-index: /drafts/\nACAP-disallow-preserve: /archive/\n"
	f := wkParse(t, src)
	var edited string
	c := &Signals{File: f, OnBuild: func() {}, OnApply: func(edit func([]byte) []byte) { edited = string(edit([]byte(src))) }}
	html := app.HTMLString(c)
	i, j := strings.Index(html, "Apply the proposed lines"), strings.Index(html, "Stricter alternatives (not applied)")
	if i < 0 || j < i {
		t.Fatalf("no alternatives after the proposals:\n%s", html)
	}
	var alts, lines int
	for _, p := range advise.Signals(f) {
		switch {
		case p.Alternative:
			alts++
			if k := strings.Index(html, "<code>"+wkEscapeText(strings.Join(p.Lines, "\n"))+"</code>"); k < j {
				t.Errorf("alternative %q not in its own list", p.Lines)
			}
		case !p.NoEquivalent:
			lines++
		}
	}
	if alts != 2 {
		t.Errorf("%d alternatives, want the Disallow group and the per-purpose tokens' group", alts)
	}
	if n := strings.Count(html, ">Copy</button>"); n != alts+lines {
		t.Errorf("%d copy buttons for %d proposals and %d alternatives", n, lines, alts)
	}
	for k := 0; k < alts+lines; k++ {
		wkMustContain(t, html, `data-copy="`+wkItoa(k)+`"`)
	}
	wkMustContain(t, html, "ACAP had no word for AI answers (ai-input", ">Say it in Build a policy</button>")
	c.apply()
	if strings.Contains(edited, "GPTBot") || strings.Contains(edited, "Disallow: /drafts/") {
		t.Errorf("Apply wrote an alternative:\n%s", edited)
	}
}

// TestSignalsKeepAndApply: the panel decides on the sample URLs what the
// proposed lines keep, and applying hands the editor the file with them.
func TestSignalsKeepAndApply(t *testing.T) {
	src := "##ACAP version=1.1\nACAP-crawler: *\nACAP-disallow-index: /drafts/\nACAP-allow-present: /news/ time-limit=7-days\n"
	f := wkParse(t, src)
	var edited string
	c := &Signals{File: f, OnGoToLine: func(int) {}, URLs: func() []string { return []string{"/drafts/a", "/news/a"} },
		OnApply: func(edit func([]byte) []byte) { edited = string(edit([]byte(src))) }}
	html := app.HTMLString(c)
	for _, w := range []string{"What the proposed lines keep", "index → search", "restrictions lost: </strong>", "for other-crawler: ACAP present allowed with restrictions (time-limit=7-days) (line 4); today search no preference.", "Apply the proposed lines"} {
		if !strings.Contains(html, w) {
			t.Errorf("the panel lacks %q in\n%s", w, html[strings.Index(html, "wk-keep"):])
		}
	}
	c.apply()
	if want := string(advise.Apply([]byte(src), advise.Signals(f))); edited != want || !strings.Contains(edited, "Content-Usage: /drafts/ search=n") {
		t.Errorf("applied %q, want %q", edited, want)
	}
	applied := &Signals{File: wkParse(t, edited), OnApply: func(func([]byte) []byte) {}}
	if h := app.HTMLString(applied); !strings.Contains(h, "The proposed lines are in robots.txt") {
		t.Error("after applying, the panel still offers to apply")
	}
}

// TestSignalsManyProposals: a policy of many records draws the first
// sigFirst proposals and offers the rest, which Apply and Copy all still
// take.
func TestSignalsManyProposals(t *testing.T) {
	var b strings.Builder
	b.WriteString("##ACAP version=1.1\n")
	const records = 30
	for i := range records {
		b.WriteString("ACAP-crawler: bot" + wkItoa(i) + "\nACAP-disallow-crawl: /p" + wkItoa(i) + "/\n\n")
	}
	f := wkParse(t, b.String())
	var lines int
	for _, p := range advise.Signals(f) {
		if !p.NoEquivalent && !p.Alternative {
			lines++
		}
	}
	if lines < records {
		t.Fatalf("%d proposals for %d records", lines, records)
	}
	for _, tc := range []struct {
		all  bool
		want int
	}{{false, sigFirst}, {true, lines}} {
		c := &Signals{File: f, showAll: tc.all}
		html := app.HTMLString(c)
		box := html[strings.Index(html, `class="wk-proposals-box"`):]
		box = box[:strings.Index(box, "</ol>")]
		if n := strings.Count(box, `<li class="wk-proposal">`); n != tc.want {
			t.Errorf("show all %v: %d proposals drawn, want %d", tc.all, n, tc.want)
		}
		if more := strings.Contains(html, `data-more="1"`); more == tc.all {
			t.Errorf("show all %v: the button for the rest is there: %v", tc.all, more)
		}
		if !tc.all && !strings.Contains(html, wkItoa(lines-sigFirst)+" more not shown") {
			t.Error("the count of proposals not shown is missing")
		}
	}
}

// TestFromLinesCapped: the lines a proposal comes from are buttons for
// the first fromFirst, and the rest are counted and named as ranges, so
// that a proposal of thousands of lines draws a few elements.
func TestFromLinesCapped(t *testing.T) {
	var b strings.Builder
	for i := range 3000 {
		b.WriteString("Disallow: /p" + wkItoa(i) + "/\n")
	}
	f := wkParse(t, "User-agent: *\n"+b.String())
	seq := func(a, z int) []int {
		var ls []int
		for n := a; n <= z; n++ {
			ls = append(ls, n)
		}
		return ls
	}
	for _, tc := range []struct {
		name    string
		ls      []int
		buttons int
		more    string // the item for the rest, "" for none
	}{
		{"few", []int{2, 5, 9}, 3, ""},
		{"exactly the first", seq(2, 1+fromFirst), fromFirst, ""},
		{"one more", seq(2, 2+fromFirst), fromFirst, "and 1 more line: " + wkItoa(2+fromFirst)},
		{"a range and singles", append(seq(2, 1+fromFirst), 40, 41, 42, 50, 60, 61), fromFirst, "and 6 more lines: 40–42, 50, 60–61"},
		{"thousands in one range", seq(2, 3001), fromFirst, "and 2992 more lines: " + wkItoa(2+fromFirst) + "–3001"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			html := fromLinesHTML(f, tc.ls)
			if n := strings.Count(html, "data-line="); n != tc.buttons {
				t.Errorf("%d buttons, want %d", n, tc.buttons)
			}
			got := ""
			if i := strings.Index(html, `<li class="wk-from-more">`); i >= 0 {
				got = html[i+len(`<li class="wk-from-more">`):]
				got = got[:strings.Index(got, "</li>")]
			}
			if got != tc.more {
				t.Errorf("rest %q, want %q", got, tc.more)
			}
		})
	}
	// Every other line: the ranges named stop at fromRangesMax.
	var odd []int
	for n := 1; n < 400; n += 2 {
		odd = append(odd, n)
	}
	if got := fromRanges(odd, fromRangesMax); strings.Count(got, ",") != fromRangesMax || !strings.HasSuffix(got, ", …") {
		t.Errorf("%d ranges named: %q", strings.Count(got, ",")+1, got)
	}
}

// TestProposalLinesCapped: a proposal draws its first sigLinesShown lines
// and counts the others; Copy takes every line.
func TestProposalLinesCapped(t *testing.T) {
	for _, n := range []int{3, sigLinesShown, sigLinesShown + 1, 1000} {
		lines := []string{"User-agent: bot"}
		for i := 1; i < n; i++ {
			lines = append(lines, "Disallow: /p"+wkItoa(i)+"/")
		}
		html := proposalsHTML(nil, []advise.Proposal{{Lines: lines}}, 0, sigFirst)
		pre := html[strings.Index(html, "<code>"):strings.Index(html, "</code>")]
		drawn := strings.Count(pre, "\n") + 1
		if want := min(n, sigLinesShown); drawn != want {
			t.Errorf("%d lines: %d drawn, want %d", n, drawn, want)
		}
		more := strings.Contains(html, "… and "+wkItoa(n-sigLinesShown)+" more lines")
		if more != (n > sigLinesShown) {
			t.Errorf("%d lines: the count of the others shown: %v", n, more)
		}
	}
	f := wkParse(t, wkSignalsFile)
	c := &Signals{File: f}
	app.HTMLString(c)
	i := 0
	props, _ := c.proposals()
	for _, p := range props {
		if !p.NoEquivalent && !p.Alternative {
			if c.shown[i] != strings.Join(p.Lines, "\n") {
				t.Errorf("Copy of proposal %d: %q", i, c.shown[i])
			}
			i++
		}
	}
	if i == 0 {
		t.Error("no proposal")
	}
}
