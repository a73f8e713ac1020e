package ui

import (
	"encoding/csv"
	"strings"
	"testing"

	"github.com/acap-workbench/workbench/policy"
)

// TestCSVRows writes fields that need quoting and reads them back with
// encoding/csv: deciding lines hold commas and quotes (Content-Signal:
// search=yes, ai-train=no; META content="...").
func TestCSVRows(t *testing.T) {
	rows := [][]string{
		{"crawler", "url", "line text"},
		{"GPTBot", "/a,b", `Content-Signal: search=yes, ai-train=no`},
		{"Googlebot", "/x?q=\"y\"", "line\nbreak"},
		{"", "", ""},
	}
	var b strings.Builder
	for _, r := range rows {
		csvRow(&b, r...)
	}
	got, err := csv.NewReader(strings.NewReader(b.String())).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for i := range rows {
		if strings.Join(got[i], "|") != strings.Join(rows[i], "|") {
			t.Errorf("row %d read back as %q, want %q", i, got[i], rows[i])
		}
	}
}

// TestMayStillUse checks the batch filter's reading of an answer against
// the engine's answers on a file that gives each of them.
func TestMayStillUse(t *testing.T) {
	f := policy.MustParse("User-agent: *\nAllow: /\nContent-Signal: ai-input=yes\nContent-Usage: /no/ train-ai=n\nContent-Usage: /yes/ train-ai=y\nDisallow: /private/\n\nUser-agent: Google-Extended\nDisallow: /\n")
	p := policy.NewPolicy(f)
	tests := []struct {
		crawler, url string
		u            policy.Category
		want         bool
	}{
		{"GPTBot", "/yes/a", policy.CategoryTrainAI, true},       // allowed
		{"GPTBot", "/other", policy.CategoryTrainAI, true},       // no preference
		{"GPTBot", "/no/a", policy.CategoryTrainAI, false},       // disallowed
		{"GPTBot", "/private/a", policy.CategoryTrainAI, false},  // not crawled
		{"Googlebot", "/other", policy.CategoryAIInput, true},    // disallowed for Gemini only: partial
		{"GoogleOther", "/other", policy.CategoryAIInput, false}, // one channel, disallowed
		{"Googlebot", "/other", policy.CategoryTrainAI, false},   // Google-Extended
	}
	for _, tt := range tests {
		a := p.Decide(policy.Question{Crawler: tt.crawler, URL: tt.url, Category: tt.u, Kind: policy.KindToday})
		if got := mayStillUse(&a); got != tt.want {
			t.Errorf("%s %s %s: may still use = %v (%s, partial %v), want %v", tt.crawler, tt.url, tt.u, got, a.Preference, a.Partial, tt.want)
		}
	}
}
