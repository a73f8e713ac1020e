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

func TestSignalsEmpty(t *testing.T) {
	for _, tc := range []struct {
		name string
		f    *policy.File
		want string
	}{
		{"no file", nil, "Open a robots.txt to see what today"},
		{"no ACAP", wkParse(t, "User-agent: *\nDisallow: /x\n"), "This file has no ACAP policy, so there is nothing to translate."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			html := app.HTMLString(&Signals{File: tc.f})
			wkMustContain(t, html, tc.want)
			if strings.Contains(html, "<pre") || strings.Contains(html, "cannot say") {
				t.Error("proposals shown for nothing")
			}
		})
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
