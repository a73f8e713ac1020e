package advise

import (
	"fmt"
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
}
