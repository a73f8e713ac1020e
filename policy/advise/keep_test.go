package advise

import (
	"fmt"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/acap-workbench/workbench/policy"
)

func TestKeepLose(t *testing.T) {
	src := "##ACAP version=1.1\nACAP-crawler: *\nACAP-disallow-crawl: /private/\nACAP-disallow-index: /drafts/\nACAP-allow-present: /news/ time-limit=7-days\nACAP-disallow-preserve: /archive/\n"
	before := policy.MustParse(src)
	applied := Apply([]byte(src), Signals(before))
	after, err := policy.Parse("/robots.txt", applied)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range policy.Check(after) {
		if d.Severity != policy.SevInfo {
			t.Errorf("the applied file has %s\n%s", d, applied)
		}
	}
	rows := KeepLose(before, after, []string{"AnyBot"}, []string{"/private/a", "/drafts/a", "/news/a", "/archive/a", "/about"})
	got := map[string]KeepOutcome{}
	for _, r := range rows {
		got[fmt.Sprintf("%s %s>%s", r.URL, r.Pair.ACAP, r.Pair.Today)] = r.Outcome
	}
	tests := []struct {
		key  string
		want KeepOutcome
	}{
		{"/private/a crawl>crawl", Kept},
		{"/drafts/a index>search", Kept},
		{"/news/a present>search", RestrictionsLost},
		{"/archive/a preserve>train-ai", Kept},
		{"/about index>search", Kept},
	}
	for _, tt := range tests {
		if g, ok := got[tt.key]; !ok || g != tt.want {
			t.Errorf("%s: %v, want %v\n%s", tt.key, g, tt.want, applied)
		}
	}
	// Without the modern lines, today's crawler loses the index refusal
	// (unless a Disallow already says it) — the comparison is decided, not
	// assumed.
	rows = KeepLose(before, before, []string{"AnyBot"}, []string{"/archive/a"})
	for _, r := range rows {
		if r.Pair.ACAP == policy.UsagePreserve && r.Outcome != Lost {
			t.Errorf("preserve refusal on the unchanged file: %v, want lost", r.Outcome)
		}
	}
}

// TestKeepLoseOutcomes: what the engine reads back after Apply, pair by
// pair, is named exactly: a permission of preserve that today's lines do
// not carry is left to the crawler, not kept; an exception inside a
// refusal is kept; a refusal of present alone makes index stricter.
func TestKeepLoseOutcomes(t *testing.T) {
	tests := []struct {
		name, src, url string
		pair           policy.Usage
		want           KeepOutcome
	}{
		{"explicit permission of preserve", "ACAP-crawler: *\nACAP-allow-crawl: /\nACAP-allow-preserve: /\n", "/a", policy.UsagePreserve, LeftToCrawler},
		{"explicit permission of other", "ACAP-crawler: *\nACAP-allow-other: /\n", "/a", policy.UsageOther, LeftToCrawler},
		{"ACAP's default permission", "ACAP-crawler: *\nACAP-allow-crawl: /\n", "/a", policy.UsagePreserve, Kept},
		{"explicit permission of index: no preference may index", "ACAP-crawler: *\nACAP-allow-index: /\n", "/a", policy.UsageIndex, Kept},
		{"exception inside a refusal of preserve", "ACAP-crawler: *\nACAP-disallow-preserve: /\nACAP-allow-preserve: /public/\n", "/public/a", policy.UsagePreserve, Kept},
		{"exception inside a refusal of index for the whole site", "ACAP-crawler: *\nACAP-disallow-index: /\nACAP-allow-index: /press/\n", "/press/a", policy.UsageIndex, Kept},
		{"refusal around the exception", "ACAP-crawler: *\nACAP-disallow-preserve: /\nACAP-allow-preserve: /public/\n", "/b", policy.UsagePreserve, Kept},
		{"refusal of present alone", "ACAP-crawler: *\nACAP-disallow-present: /p/\n", "/p/a", policy.UsageIndex, Stricter},
		{"refusal of index for a crawler under the group for *", "User-agent: *\nDisallow: /admin/\n\nACAP-crawler: AnyBot\nACAP-disallow-index: /p/\n", "/admin/a", policy.UsageCrawl, Kept},
		{"the stricter alternative is not applied", "ACAP-crawler: *\nACAP-disallow-index: /p/\n", "/p/a", policy.UsageCrawl, Kept},
		{"time limit", "ACAP-crawler: *\nACAP-allow-present: / time-limit=7-days\n", "/a", policy.UsagePresent, RestrictionsLost},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := policy.MustParse(tt.src)
			applied := Apply([]byte(tt.src), Signals(before))
			after := policy.MustParse(string(applied))
			for _, r := range KeepLose(before, after, []string{"AnyBot"}, []string{tt.url}) {
				if r.Pair.ACAP == tt.pair && r.Outcome != tt.want {
					t.Errorf("%s %s: %v, want %v (ACAP line %d, today %s line %d)\n%s", tt.url, tt.pair, r.Outcome, tt.want, r.ACAP.Line, r.Today.Preference, r.Today.Line, applied)
				}
			}
		})
	}
	if len(Outcomes()) != 5 || Outcomes()[3].String() != "left to the crawler" {
		t.Errorf("Outcomes() = %v", Outcomes())
	}
}

func TestApplySignals(t *testing.T) {
	props := []Proposal{{Lines: []string{"User-agent: *", "Content-Usage: train-ai=n"}}, {NoEquivalent: true, Explanation: "x"}, {Lines: []string{"License: https://example.com/l.xml"}}}
	tests := []struct{ in, want string }{
		{"a\n", "a\n\n# Today's signals for the ACAP policy above (proposed by ACAP Workbench)\nUser-agent: *\nContent-Usage: train-ai=n\n\nLicense: https://example.com/l.xml\n"},
		{"a", "a\n\n# Today's signals for the ACAP policy above (proposed by ACAP Workbench)\nUser-agent: *\nContent-Usage: train-ai=n\n\nLicense: https://example.com/l.xml\n"},
		{"a\r\n", "a\r\n\r\n# Today's signals for the ACAP policy above (proposed by ACAP Workbench)\r\nUser-agent: *\r\nContent-Usage: train-ai=n\r\n\r\nLicense: https://example.com/l.xml\r\n"},
	}
	for _, tt := range tests {
		if got := string(Apply([]byte(tt.in), props)); got != tt.want {
			t.Errorf("ApplySignals(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if got := string(Apply([]byte("a\n"), props[1:2])); got != "a\n" {
		t.Errorf("no lines: %q", got)
	}
	// Groups with the same lines are one group, where the first stands.
	same := []Proposal{
		{Lines: []string{"User-agent: a", "Disallow: /x/", "Allow: /x/y"}},
		{Lines: []string{"User-agent: b", "Disallow: /"}},
		{Lines: []string{"User-agent: c", "user-agent: d", "Disallow: /x/", "Allow: /x/y"}},
		{Lines: []string{"License: https://example.com/l.xml"}},
		{Lines: []string{"User-agent: e", "Disallow: /"}},
		{Lines: []string{"User-agent: f", "Disallow: /x/"}},
	}
	want := "a\n\n# Today's signals for the ACAP policy above (proposed by ACAP Workbench)\n" +
		"User-agent: a\nUser-agent: c\nuser-agent: d\nDisallow: /x/\nAllow: /x/y\n\n" +
		"User-agent: b\nUser-agent: e\nDisallow: /\n\n" +
		"License: https://example.com/l.xml\n\n" +
		"User-agent: f\nDisallow: /x/\n"
	if got := string(Apply([]byte("a\n"), same)); got != want {
		t.Errorf("groups of the same lines:\n%s\nwant\n%s", got, want)
	}
	alt := []Proposal{{Lines: []string{"User-agent: *", "Disallow: /x/"}, Alternative: true}}
	if got := string(Apply([]byte("a\n"), alt)); got != "a\n" {
		t.Errorf("an alternative was applied: %q", got)
	}
}

// TestKeeperSteps: a Keeper stepped a little at a time gives the rows of
// KeepLose, on every real file with ACAP lines, and a large file takes
// more steps than there are pairs (the patterns are compiled in parts).
func TestKeeperSteps(t *testing.T) {
	urls := []string{"/", "/news/2015/a.html", "/search?q=x", "/archive/", "/images/a.jpg"}
	most := 0
	for _, p := range corpusPaths(t, "acap-real", acapRealFiles) {
		src, before := parseFile(t, p)
		after, err := policy.Parse("/robots.txt", Apply(src, Signals(before)))
		if err != nil {
			t.Fatal(err)
		}
		crawlers := append(before.Crawlers(), "AnyOtherBot")
		want := KeepLose(before, after, crawlers, urls)
		k := NewKeeper(before, after, crawlers, urls)
		steps := 1
		for ; !k.Step(64); steps++ {
			if k.Rows() != nil {
				t.Fatalf("%s: rows before the last step", p)
			}
		}
		most = max(most, steps)
		if got := k.Rows(); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %d rows stepped, %d from KeepLose, or different", filepath.Base(p), len(got), len(want))
		}
		if len(want) != len(crawlers)*len(urls)*len(KeepPairs()) {
			t.Errorf("%s: %d rows, want %d", filepath.Base(p), len(want), len(crawlers)*len(urls)*len(KeepPairs()))
		}
	}
	if most <= len(KeepPairs())+2 {
		t.Errorf("at most %d steps of 64 bytes on any file: the patterns were not compiled in parts", most)
	}
}
