package help

import (
	"strconv"
	"strings"
	"testing"

	"github.com/acap-workbench/workbench/policy"
)

func TestPages(t *testing.T) {
	pages := Pages()
	wantIDs := []string{"verdict", "usages", "kinds", "converter", "history", "signals", "today", "builder", "start", "versions", "choices"}
	if len(pages) != len(wantIDs) {
		t.Fatalf("%d pages, want %d", len(pages), len(wantIDs))
	}
	seen := map[string]bool{}
	for i, p := range pages {
		if p.ID != wantIDs[i] {
			t.Errorf("page %d is %q, want %q", i, p.ID, wantIDs[i])
		}
		if seen[p.ID] {
			t.Errorf("ID %q is used twice", p.ID)
		}
		seen[p.ID] = true
		for _, r := range p.ID {
			if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
				t.Errorf("ID %q is not URL-safe", p.ID)
			}
		}
		if p.Title == "" || p.Summary == "" || len(p.Sections) == 0 {
			t.Errorf("page %q lacks a title, summary or sections", p.ID)
		}
		for _, s := range p.Sections {
			if s.Heading == "" || len(s.Paragraphs) == 0 {
				t.Errorf("page %q: section %q lacks a heading or paragraphs", p.ID, s.Heading)
			}
			for _, para := range s.Paragraphs {
				if strings.TrimSpace(para) == "" {
					t.Errorf("page %q, section %q: empty paragraph", p.ID, s.Heading)
				}
				if strings.Contains(para, "<p>") || strings.Contains(para, "</") {
					t.Errorf("page %q, section %q: markup in a paragraph", p.ID, s.Heading)
				}
			}
		}
	}
}

// TestConverterLimitStated: the help states the converter's limit on
// added lines as the engine has it.
func TestConverterLimitStated(t *testing.T) {
	want := "at most " + strconv.Itoa(policy.MaxAddedLines) + " lines"
	for _, p := range Pages() {
		for _, s := range p.Sections {
			for _, para := range s.Paragraphs {
				if strings.Contains(para, want) {
					return
				}
			}
		}
	}
	t.Errorf("no paragraph says %q", want)
}

// TestExamples parses every example: examples that do not show a mistake
// must have no error and no warning from Check; those that do must have one
// from CheckAll (which adds the comparison of the ACAP and conventional
// parts).
func TestExamples(t *testing.T) {
	n := 0
	for _, p := range Pages() {
		for _, s := range p.Sections {
			if s.Example == "" {
				if s.ShowsMistake {
					t.Errorf("%s / %s: ShowsMistake without an example", p.ID, s.Heading)
				}
				continue
			}
			n++
			if !strings.HasSuffix(s.Example, "\n") {
				t.Errorf("%s / %s: the example does not end with a newline", p.ID, s.Heading)
			}
			f, err := policy.Parse("/robots.txt", []byte(s.Example))
			if err != nil {
				t.Fatal(err)
			}
			ds := policy.Check(f)
			if s.ShowsMistake {
				ds = policy.CheckAll(f)
			}
			var bad []string
			for _, d := range ds {
				if d.Severity != policy.SevInfo {
					bad = append(bad, d.String())
				}
			}
			switch {
			case s.ShowsMistake && len(bad) == 0:
				t.Errorf("%s / %s: the example is marked as showing a mistake but has no error or warning", p.ID, s.Heading)
			case !s.ShowsMistake && len(bad) > 0:
				t.Errorf("%s / %s: the example has problems:\n%s\n%s", p.ID, s.Heading, strings.Join(bad, "\n"), s.Example)
			}
		}
	}
	if n < 20 {
		t.Errorf("only %d examples", n)
	}
}

// TestExampleAnswers checks that examples whose text states an answer give
// that answer.
func TestExampleAnswers(t *testing.T) {
	tests := []struct {
		page, heading string
		q             policy.Question
		allowed       bool
	}{
		{"verdict", "Step 1: which records speak to the crawler", policy.Question{Crawler: "SearchBot1", URL: "/news/a.html"}, true},
		{"verdict", "Step 1: which records speak to the crawler", policy.Question{Crawler: "SearchBot1", URL: "/other.html"}, false},
		{"verdict", "Step 1: which records speak to the crawler", policy.Question{Crawler: "OtherBot", URL: "/other.html"}, true},
		{"verdict", "Step 2: purpose first, then named before any", policy.Question{Crawler: "X", Purpose: "Sports", URL: "/a"}, true},
		{"verdict", "Step 2: purpose first, then named before any", policy.Question{Crawler: "X", Purpose: "sportsbook", URL: "/a"}, false},
		{"verdict", "Step 4: when lines disagree, the narrowest wins", policy.Question{Crawler: "X", URL: "/news/archive/a", Usage: policy.UsageIndex}, false},
		{"verdict", "Step 4: when lines disagree, the narrowest wins", policy.Question{Crawler: "X", URL: "/news/a", Usage: policy.UsageIndex}, true},
		{"verdict", "Step 5: silence, and ACAP-disallow-other", policy.Question{Crawler: "X", URL: "/public/a", Usage: policy.UsagePreserve}, false},
		{"verdict", "Step 6: what a usage needs", policy.Question{Crawler: "X", URL: "/a", Usage: policy.UsageIndex}, true},
		{"verdict", "Step 6: what a usage needs", policy.Question{Crawler: "X", URL: "/a", Usage: policy.UsagePresentCurrentCopy}, false},
		{"verdict", "Step 7: restrictions and time limits", policy.Question{Crawler: "X", URL: "/serial/a", Usage: policy.UsageIndex, Date: policy.Date{Year: 2008, Month: 3, Day: 2}}, false},
		{"verdict", "Conventional lines and ACAP crawlers", policy.Question{Crawler: "SearchBot1", URL: "/archive/a"}, true},
		{"verdict", "Conventional lines and ACAP crawlers", policy.Question{Crawler: "SearchBot1", URL: "/archive/a", Kind: policy.KindRFC9309}, false},
		{"verdict", "Lines with mistakes", policy.Question{Crawler: "X", URL: "/serial/a", Usage: policy.UsageIndex}, false},
		{"usages", "Ways of presenting", policy.Question{Crawler: "X", URL: "/news/a", Usage: policy.UsagePresentThumbnail}, false},
		{"usages", "Ways of presenting", policy.Question{Crawler: "X", URL: "/news/a", Usage: policy.UsagePresentSnippet}, true},
		{"kinds", "draft1996: the 1996 Internet-Draft", policy.Question{Crawler: "X", URL: "/org/plans.html", Kind: policy.KindDraft1996}, true},
		{"kinds", "draft1996: the 1996 Internet-Draft", policy.Question{Crawler: "X", URL: "/org/plans.html", Kind: policy.KindRFC9309}, false},
		{"kinds", "v2proposal: the 1996 2.0.0 proposal", policy.Question{Crawler: "Chives", URL: "/a/index.html", Kind: policy.KindV2Proposal}, true},
		{"kinds", "v2proposal: the 1996 2.0.0 proposal", policy.Question{Crawler: "Chives", URL: "/a/b.html", Kind: policy.KindV2Proposal}, false},
		{"choices", "Ties and expired limits", policy.Question{Crawler: "X", URL: "/serial/a", Usage: policy.UsageIndex, Date: policy.Date{Year: 2009, Month: 1, Day: 1}}, false},
		{"converter", "Checking a file that has both parts", policy.Question{Crawler: "NewsBot", URL: "/drafts/a"}, true},
		{"converter", "Checking a file that has both parts", policy.Question{Crawler: "NewsBot", URL: "/drafts/a", Kind: policy.KindRFC9309}, false},
		{"converter", "Where the readings differ", policy.Question{Crawler: "X", URL: "/px.pdf"}, false},
		{"converter", "Where the readings differ", policy.Question{Crawler: "X", URL: "/px.pdf", Kind: policy.KindRFC9309}, false},
		{"signals", "Per-purpose user agents", policy.Question{Crawler: "GPTBot", URL: "/a", Kind: policy.KindRFC9309}, false},
		{"signals", "Per-purpose user agents", policy.Question{Crawler: "Googlebot", URL: "/a", Kind: policy.KindRFC9309}, true},
		{"choices", "URLs and patterns", policy.Question{Crawler: "X", URL: "/a/b-print.html"}, false},
		{"choices", "Reading lines as Google does", policy.Question{Crawler: "Googlebot", URL: "/a", Kind: policy.KindRFC9309}, true},
		{"choices", "Reading lines as Google does", policy.Question{Crawler: "Googlebot", URL: "/private/a", Kind: policy.KindRFC9309}, false},
		{"choices", "Capital letters", policy.Question{Crawler: "X", URL: "/a", Usage: policy.UsageIndex, Date: policy.Date{Year: 2008, Month: 3, Day: 2}}, false},
		{"choices", "Capital letters", policy.Question{Crawler: "X", URL: "/a", Usage: policy.UsageIndex, Date: policy.Date{Year: 2008, Month: 3, Day: 1}}, true},
		{"choices", "Purposes, and where a line stands", policy.Question{Crawler: "X", URL: "/a", Usage: policy.UsageIndex}, true},
		{"choices", "Purposes, and where a line stands", policy.Question{Crawler: "X", URL: "/a", Usage: policy.UsageIndex, Purpose: "news"}, true},
		{"today", "Step 1: crawl first", policy.Question{Crawler: "X", URL: "/private/a", Category: policy.CategoryTrainAI, Kind: policy.KindToday}, false},
		{"today", "Step 2: the crawler's own group", policy.Question{Crawler: "X", URL: "/open-data/a", Category: policy.CategoryTrainAI, Kind: policy.KindToday}, true},
		{"today", "Step 2: the crawler's own group", policy.Question{Crawler: "X", URL: "/a", Category: policy.CategoryTrainAI, Kind: policy.KindToday}, false},
		{"today", "Step 3: tokens that speak for a purpose", policy.Question{Crawler: "Googlebot", URL: "/a", Category: policy.CategoryTrainAI, Kind: policy.KindToday}, false},
		{"today", "Step 3: tokens that speak for a purpose", policy.Question{Crawler: "ChatGPT-User", URL: "/a", Kind: policy.KindToday}, true},
		{"choices", "Today's AI crawlers", policy.Question{Crawler: "X", URL: "/press/a", Category: policy.CategoryTrainAI, Kind: policy.KindToday}, true},
		{"choices", "Today's AI crawlers", policy.Question{Crawler: "X", URL: "/news/a", Category: policy.CategoryTrainAI, Kind: policy.KindToday}, false},
	}
	for _, tt := range tests {
		p, ok := Find(tt.page)
		if !ok {
			t.Fatalf("no page %q", tt.page)
		}
		var ex string
		for _, s := range p.Sections {
			if s.Heading == tt.heading {
				ex = s.Example
			}
		}
		if ex == "" {
			t.Errorf("%s: no section %q with an example", tt.page, tt.heading)
			continue
		}
		a := policy.NewPolicy(policy.MustParse(ex)).Decide(tt.q)
		if a.Allowed != tt.allowed {
			t.Errorf("%s / %s: %+v: allowed = %v, want %v\n%s", tt.page, tt.heading, tt.q, a.Allowed, tt.allowed, a.Trace)
		}
	}
}

func TestFind(t *testing.T) {
	if p, ok := Find("signals"); !ok || p.Title != "Today's signals" {
		t.Errorf("Find(signals) = %q, %v", p.Title, ok)
	}
	if _, ok := Find("nope"); ok {
		t.Error("Find(nope) found a page")
	}
	a, b := Pages(), Pages()
	a[0].Title = "changed"
	if b[0].Title == "changed" {
		t.Error("Pages shares its data between calls")
	}
}
