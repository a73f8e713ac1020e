package policy

import "testing"

// BenchmarkDecidePage measures what a page's META tags add to an ACAP
// answer: the same question (present-currentcopy, which needs crawl and
// preserve) about a URL with a page and about one without, in the same run.
func BenchmarkDecidePage(b *testing.B) {
	f := MustParse("ACAP-crawler: *\nACAP-disallow-crawl: /private/\nACAP-allow-preserve: /\nACAP-disallow-preserve: /news/archive/\nACAP-allow-present: / time-limit=until-2030-01-01\n" +
		"ACAP-crawler: FooBot\nACAP-allow-present-snippet: /news/ max-length=20-words\n")
	pol := NewPolicy(f)
	page, err := ParsePage("/news/a.html", []byte(`<html><head>
<meta name="robots" content="ACAP allow-preserve time-limit=until-2030-01-01">
<meta name="FooBot" content="ACAP allow-present-currentcopy, disallow-present-thumbnail">
</head><body></body></html>`))
	if err != nil {
		b.Fatal(err)
	}
	pol.AddPage(page)
	for _, tc := range []struct{ name, url string }{{"without-page", "/news/b.html"}, {"with-page", "/news/a.html"}} {
		b.Run(tc.name, func(b *testing.B) {
			q := Question{Crawler: "FooBot", URL: tc.url, Usage: UsagePresentCurrentCopy, Date: Date{2026, 11, 24}}
			if a := pol.Decide(q); !a.Allowed {
				b.Fatalf("%s: %s", tc.url, a.Trace)
			}
			b.ReportAllocs()
			for b.Loop() {
				pol.Decide(q)
			}
		})
	}
}
