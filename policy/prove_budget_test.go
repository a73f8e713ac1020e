package policy

import (
	"fmt"
	"math/rand"
	"runtime"
	"strings"
	"testing"
	"time"
)

// longGroupFile is a stand-in for a real file with one long group: one
// group of n Disallow lines, plain prefixes of realistic shapes.
func longGroupFile(n int) string {
	r := rand.New(rand.NewSource(4504))
	dirs := []string{"catalog", "search", "produits", "news/archive", "tag", "user", "media/img", "fr/actualites", "programmes", "replay"}
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := 0; i < n; i++ {
		d := dirs[r.Intn(len(dirs))]
		switch r.Intn(4) {
		case 0:
			fmt.Fprintf(&b, "Disallow: /%s/item-%05d-%x.html\n", d, i, r.Intn(1<<20))
		case 1:
			fmt.Fprintf(&b, "Disallow: /%s/%x/page-%d/\n", d, r.Intn(1<<24), i)
		case 2:
			fmt.Fprintf(&b, "Disallow: /%s/%d?ref=home%d\n", d, i, r.Intn(100))
		default:
			fmt.Fprintf(&b, "Disallow: /%s/slug-%d-%s\n", d, i, strings.Repeat("ab", r.Intn(4)))
		}
	}
	b.WriteString("Sitemap: https://example.com/sitemap.xml\n")
	return b.String()
}

// manyAgentsFile is a stand-in for a real file that names many crawlers:
// one group of 120 agents and 640 rules, plain prefixes and wildcard rules
// that overlap them (each pair of a prefix and a wildcard rule ranked the
// other way by ACAP gives pair lines, for each agent).
func manyAgentsFile() string {
	r := rand.New(rand.NewSource(120))
	var b strings.Builder
	for k := 0; k < 120; k++ {
		fmt.Fprintf(&b, "User-agent: bot%d\n", k)
	}
	for k := 0; k < 640; k++ {
		if k%2 == 0 {
			fmt.Fprintf(&b, "Allow: /d%d/\n", k)
		} else {
			fmt.Fprintf(&b, "Disallow: /*%s%d\n", []string{"?q=", ".pdf", "?s="}[r.Intn(3)], k%7)
		}
	}
	return b.String()
}

// BenchmarkConvertBudget converts the stand-ins above natively: a group
// of 4,504 Disallow prefixes (the target is under 2 s, proved or not) and
// a group of 120 agents and 640 rules. Metrics: crawlers proved and not,
// states, lines added, and the heap in use after the conversion.
func BenchmarkConvertBudget(b *testing.B) {
	for _, in := range []struct {
		name string
		src  string
	}{{"group4504", longGroupFile(4504)}, {"agents120rules640", manyAgentsFile()}} {
		b.Run(in.name, func(b *testing.B) {
			f := MustParse(in.src)
			var conv *Conversion
			cpu0 := cpuTime()
			for i := 0; i < b.N; i++ {
				conv = Convert(f, ConvertOptions{})
			}
			b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N)/1e9, "cpuSec")
			r := conv.Report
			b.ReportMetric(float64(len(r.Proved)), "proved")
			b.ReportMetric(float64(len(r.NotProved)), "notproved")
			b.ReportMetric(float64(r.States), "states")
			b.ReportMetric(float64(len(conv.Added)), "added")
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			b.ReportMetric(float64(ms.HeapAlloc>>20), "heapMB")
		})
	}
}

// BenchmarkConvertRepeated converts one file ten times in a row, as a
// publisher may in the page, and reports the memory the process holds
// from the system (WebAssembly memory never shrinks: run it under Node
// with GOOS=js GOARCH=wasm to see the page's figure; the target is under
// 512 MB), the longest stretch between two calls of Yield (a page draws
// only there; the target is 200 ms) and the CPU time per conversion.
func BenchmarkConvertRepeated(b *testing.B) {
	for _, in := range []struct {
		name string
		src  string
	}{{"agents120rules640", manyAgentsFile()}, {"group4504", longGroupFile(4504)}} {
		b.Run(in.name, func(b *testing.B) {
			f := MustParse(in.src)
			var gap time.Duration
			var conv *Conversion
			cpu0 := cpuTime()
			for i := 0; i < b.N; i++ {
				for k := 0; k < 10; k++ {
					last := time.Now()
					yield := func() {
						if d := time.Since(last); d > gap {
							gap = d
						}
						last = time.Now()
					}
					conv = Convert(f, ConvertOptions{Bounds: CompareOptions{Yield: yield}})
				}
			}
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			b.ReportMetric(float64(ms.Sys>>20), "sysMB")
			b.ReportMetric(float64(gap.Milliseconds()), "maxYieldGapMs")
			b.ReportMetric(float64(cpuTime()-cpu0)/float64(10*b.N)/1e9, "cpuSec/conv")
			b.ReportMetric(float64(len(conv.Report.Proved)), "proved")
		})
	}
}
