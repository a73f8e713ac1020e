package ui

import (
	"strconv"
	"strings"
	"testing"

	"github.com/acap-workbench/workbench/policy"
)

// The cost of one cell of the simulator is the matcher's: every rule of
// the groups that apply is matched against the cell's URL. These
// benchmarks measure the matcher on the shapes of pattern that cost it
// most (many wildcards, long literals that almost match, escapes) and
// report it per character of URL ("ns/char"), and one whole cell of a file
// built to be slow, the figures the simulator's help states.

// costlyPatterns are the worst shapes found for the matcher: each '*'
// starts a search, a literal that almost matches is compared in full, and
// escapes in the URL make a found place be skipped.
func costlyPatterns(n int) map[string]string {
	return map[string]string{
		"stars":          "/" + strings.Repeat("*a", n/2) + "b",
		"stars-anchored": "/" + strings.Repeat("*a", n/2) + "b$",
		"near-literal":   "/*" + strings.Repeat("a", n) + "b",
		"escapes":        "/*" + strings.Repeat("%25", n/6) + "b",
		"prefix":         "/" + strings.Repeat("a", n),
	}
}

// costlyURL is a URL of n characters that each costly pattern almost
// matches: a run of 'a' (or of escaped '%' for the escape pattern).
func costlyURL(shape string, n int) string {
	if shape == "escapes" {
		return "/" + strings.Repeat("%25", n/3)
	}
	return "/" + strings.Repeat("a", n-1)
}

func BenchmarkMatcherWorstCase(b *testing.B) {
	for _, plen := range []int{100, 800} {
		for shape, raw := range costlyPatterns(plen) {
			for _, ulen := range []int{2000, 8000} {
				for _, mode := range []policy.MatchMode{policy.MatchRFC9309, policy.MatchACAP} {
					name := shape + "/pattern=" + strconv.Itoa(plen) + "/url=" + strconv.Itoa(ulen) + "/" + mode.String()
					b.Run(name, func(b *testing.B) {
						p := policy.CompilePattern(raw, mode)
						url := costlyURL(shape, ulen)
						s := policy.NewSubject(url)
						b.ResetTimer()
						for i := 0; i < b.N; i++ {
							p.Match(&s)
						}
						ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
						b.ReportMetric(ns/float64(len(url)), "ns/char")
					})
				}
			}
		}
	}
}

// slowFile is a file of about size bytes of Disallow rules of n wildcards
// each, all for every crawler.
func slowFile(size, n int) string {
	rule := "Disallow: /" + strings.Repeat("*a", n) + "b\n"
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for b.Len() < size {
		b.WriteString(rule)
	}
	return b.String()
}

// BenchmarkSlowCell is one cell of a 1 MiB file of rules of 400 wildcards
// with a URL of 2,000 characters, for each kind of crawler; it reports the
// cost per rule as well.
func BenchmarkSlowCell(b *testing.B) {
	src := slowFile(1<<20, 400)
	f, err := policy.Parse("robots.txt", []byte(src))
	if err != nil {
		b.Fatal(err)
	}
	rules := strings.Count(src, "\nDisallow:")
	url := "/" + strings.Repeat("a", 1999)
	for _, k := range policy.Kinds() {
		b.Run(k.String(), func(b *testing.B) {
			p := policy.NewPolicy(f)
			q := policy.Question{Crawler: otherCrawler(f), Kind: k, URL: url, Usage: policy.UsageCrawl}
			p.Decide(q)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				p.Decide(q)
			}
			ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			b.ReportMetric(ns/float64(rules), "ns/rule")
		})
	}
}
