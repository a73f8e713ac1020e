package policy

import (
	"fmt"
	"strings"
	"testing"
)

// genFile generates a robots.txt of about size bytes that mixes conventional
// groups, ACAP definitions, records, sub-records and comments, so that every
// part of the reader is exercised.
func genFile(size int) []byte {
	var b strings.Builder
	b.WriteString("##ACAP version=1.1\n# generated for benchmarks\nSitemap: https://www.example.com/sitemap.xml\n")
	for g := 0; b.Len() < size/2; g++ {
		fmt.Fprintf(&b, "\nUser-agent: bot%d\nCrawl-delay: %d\n", g, g%7)
		for r := 0; r < 20; r++ {
			fmt.Fprintf(&b, "Disallow: /section%d/page%d/*.pdf$\nAllow: /section%d/public%d/  # open\n", g, r, g, r)
		}
	}
	b.WriteString("\nACAP-resource-set: media /img/*.jpg$ /img/*.png$\nACAP-qualified-usage: snip present-snippet max-length=250-chars time-limit=30-days\n")
	for r := 0; b.Len() < size; r++ {
		fmt.Fprintf(&b, "\nACAP-crawler: acapbot%d\nACAP-allow-crawl: /\nACAP-disallow-index: the-acap:resource-set:media\n", r)
		for i := 0; i < 10; i++ {
			fmt.Fprintf(&b, "ACAP-allow-index: /news/%d/%d/ time-limit=until-2030-12-31\nACAP-disallow-present-thumbnail: /news/%d/*.gif$\n", r, i, i)
		}
		fmt.Fprintf(&b, "ACAP-usage-purpose: news%d\nACAP-allow-(snip): /news/\nACAP-disallow-preserve: /archive/\n", r)
	}
	return []byte(b.String())
}

// benchSizes runs fn on generated files of each size, reporting MB/s.
func benchSizes(b *testing.B, fn func(b *testing.B, src []byte)) {
	for _, s := range []struct {
		name string
		size int
	}{{"10KiB", 10 << 10}, {"500KiB", 500 << 10}} {
		src := genFile(s.size)
		b.Run(s.name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				fn(b, src)
			}
		})
	}
}

func BenchmarkScan(b *testing.B) {
	benchSizes(b, func(b *testing.B, src []byte) { Scan(src) })
}

func BenchmarkParse(b *testing.B) {
	benchSizes(b, func(b *testing.B, src []byte) {
		if _, err := Parse("/robots.txt", src); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkCheck measures parse plus check, the work the editor does after
// each change.
func BenchmarkCheck(b *testing.B) {
	benchSizes(b, func(b *testing.B, src []byte) {
		f, err := Parse("/robots.txt", src)
		if err != nil {
			b.Fatal(err)
		}
		Check(f)
	})
}

func TestGenFileIsClean(t *testing.T) {
	src := genFile(10 << 10)
	f := MustParse(string(src))
	for _, d := range Check(f) {
		if d.Severity != SevInfo {
			t.Errorf("generated benchmark file has %s", d)
		}
	}
	if len(f.Records) == 0 || len(f.Groups) == 0 {
		t.Errorf("generated file has %d records and %d groups", len(f.Records), len(f.Groups))
	}
}
