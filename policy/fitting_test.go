package policy

import (
	"fmt"
	"testing"
)

func TestFitting(t *testing.T) {
	tests := []struct {
		name, src string
		kind      Kind
		crawler   string
	}{
		{"empty file", "", KindRFC9309, ""},
		{"conventional, any crawler", "User-agent: *\nDisallow: /x\n", KindRFC9309, ""},
		{"conventional, named crawlers", "User-agent: *\nDisallow: /x\n\nUser-agent: GPTBot/1.0\nUser-agent: CCBot\nDisallow: /\n", KindRFC9309, "GPTBot"},
		{"ACAP records win", "User-agent: Googlebot\nDisallow: /a\n\nACAP-crawler: *\nACAP-disallow-crawl: /a\n\nACAP-crawler: NewsBot\nACAP-allow-crawl: /\n", KindACAP, "NewsBot"},
		{"ACAP name spelled as first written", "User-agent: newsbot\nDisallow: /a\n\nACAP-crawler: NewsBot\nACAP-allow-crawl: /\n", KindACAP, "newsbot"},
		{"ACAP records for any crawler only", "ACAP-crawler: *\nACAP-disallow-crawl: /a\n", KindACAP, ""},
		{"Content-Signal", "User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n", KindToday, ""},
		{"Content-Usage", "User-agent: *\nContent-Usage: train-ai=n\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /\n", KindToday, "GPTBot"},
		{"a License line alone is not a usage preference", "User-agent: *\nLicense: https://example.com/l\nAllow: /\n", KindRFC9309, ""},
	}
	for _, tt := range tests {
		f := MustParse(tt.src)
		k := f.FittingKind()
		if k != tt.kind {
			t.Errorf("%s: FittingKind = %v, want %v", tt.name, k, tt.kind)
		}
		c := f.FittingCrawler(k)
		if c != tt.crawler {
			t.Errorf("%s: FittingCrawler = %q, want %q", tt.name, c, tt.crawler)
		}
		if c != "" {
			found := false
			for _, n := range f.Crawlers() {
				found = found || n == c
			}
			if !found {
				t.Errorf("%s: %q is not an entry of Crawlers %q", tt.name, c, f.Crawlers())
			}
		}
	}
}

func ExampleFile_FittingKind() {
	f := MustParse("User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /\n")
	k := f.FittingKind()
	fmt.Println(k, f.FittingCrawler(k))
	// Output: today GPTBot
}
