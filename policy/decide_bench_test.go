package policy

import (
	"os"
	"strings"
	"testing"
)

func benchPolicy(b *testing.B) (*Policy, []string) {
	src, err := os.ReadFile("testdata/bench/bench_robots.txt")
	if err != nil {
		b.Fatal(err)
	}
	urls, err := os.ReadFile("testdata/bench/bench_urls.txt")
	if err != nil {
		b.Fatal(err)
	}
	f, err := Parse("/robots.txt", src)
	if err != nil {
		b.Fatal(err)
	}
	return NewPolicy(f), strings.Fields(string(urls))
}

// BenchmarkDecide asks one question (crawler FooBot, a URL of
// bench_urls.txt in turn) of the parsed 50 KiB benchmark file, per kind.
// For the ACAP kind the file is extended with ACAP records so that the
// ACAP reading has work to do. Every answer carries its full trace.
func BenchmarkDecide(b *testing.B) {
	pol, urls := benchPolicy(b)
	acapSrc := string(pol.File().Src) + "\n##ACAP records\nACAP-crawler: *\nACAP-disallow-crawl: /private/\nACAP-allow-index: / time-limit=30-days\n" +
		"ACAP-crawler: FooBot\nACAP-allow-crawl: /\nACAP-disallow-crawl: /cart/\nACAP-disallow-present-snippet: /*.pdf$\nACAP-allow-present: /news/ time-limit=until-2030-01-01\n"
	acapPol := NewPolicy(MustParse(acapSrc))
	for _, k := range Kinds() {
		p := pol
		if k == KindACAP {
			p = acapPol
		}
		b.Run(k.String(), func(b *testing.B) {
			q := Question{Crawler: "FooBot", Kind: k, Usage: UsageCrawl}
			p.Decide(q) // warm the per-crawler cache
			i := 0
			b.ReportAllocs()
			for b.Loop() {
				q.URL = urls[i%len(urls)]
				p.Decide(q)
				i++
			}
		})
	}
}

// BenchmarkParseAndDecide1000 is the peers' measure: parse the 50 KiB file
// and answer the 1,000 URLs for FooBot as an RFC 9309 crawler.
func BenchmarkParseAndDecide1000(b *testing.B) {
	pol, urls := benchPolicy(b)
	src := pol.File().Src
	for b.Loop() {
		f, _ := Parse("/robots.txt", src)
		p := NewPolicy(f)
		for _, u := range urls {
			p.Decide(Question{Crawler: "FooBot", URL: u, Kind: KindRFC9309})
		}
	}
}

// BenchmarkMatrix recomputes the simulator's matrix: 50 URLs × 14 usages ×
// 5 kinds on a file the size of the Implementation Guide's examples.
func BenchmarkMatrix(b *testing.B) {
	f := MustParse(guideSized)
	urls := make([]string, 50)
	for i := range urls {
		urls[i] = []string{"/", "/news/a.html", "/news/2008/b.htm", "/TEXTS/x.gif", "/private/y", "/public/z.pdf", "/sport/c.html"}[i%7] + "?n=" + itoa(i)
	}
	base := Question{Crawler: "SearchBot1", Purpose: "news", Date: Date{2026, 11, 21}}
	b.ReportAllocs()
	for b.Loop() {
		p := NewPolicy(f)
		p.Matrix(base, urls, UsesOf(KindACAP), Kinds())
	}
}

// guideSized is a file in the style of the Implementation Guide's examples.
const guideSized = `##ACAP version=1.1
# Conventional policies here...
User-agent: *
Disallow: /private/
User-agent: SearchBot1
Disallow: /TEXTS/private/
Allow: /
# ACAP policies here...
ACAP-resource-set: images /TEXTS/*.gif$ /TEXTS/*.png$ /TEXTS/*.jpg$
ACAP-qualified-usage: snip present-snippet max-length=20-words time-limit=7-days
ACAP-crawler: *
ACAP-disallow-crawl: /private/
ACAP-allow-crawl: /$
ACAP-disallow-other: /
ACAP-crawler: SearchBot1
ACAP-allow-crawl: /
ACAP-allow-index: /news/ time-limit=until-2030-12-31
ACAP-disallow-index: the-acap:resource-set:images
ACAP-allow-preserve: /news/ time-limit=until-recrawled
ACAP-allow-present: /news/ prohibited-modification=translation
ACAP-allow-(snip): /news/*.htm$
ACAP-disallow-present-thumbnail: /news/
ACAP-usage-purpose: news
ACAP-allow-present-currentcopy: /news/ prohibited-context=within-user-frame
ACAP-disallow-present-oldcopy: /
`
