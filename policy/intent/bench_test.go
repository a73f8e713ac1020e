package intent

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/acap-workbench/workbench/policy"
)

// directoryIntent builds an intent over every crawler of the repository's
// crawler directory (web/crawlers/robots.json), in five groups by what
// the directory says they do, and every other crawler: search crawlers
// yes to search, training crawlers no, assistants and agents yes to
// ai-input but not under /archive/, the rest not stated.
func directoryIntent(tb testing.TB) (*Intent, int) {
	data, err := os.ReadFile(filepath.Join("..", "..", "web", "crawlers", "robots.json"))
	if err != nil {
		tb.Fatal(err)
	}
	var dir map[string]struct {
		Function string `json:"function"`
	}
	if err := json.Unmarshal(data, &dir); err != nil {
		tb.Fatal(err)
	}
	names := make([]string, 0, len(dir))
	for n := range dir {
		names = append(names, n)
	}
	sort.Strings(names)
	cat := func(c policy.Category, v Value, scopes ...Scope) Cell {
		return Cell{Column: CategoryColumn(c), Value: v, Scopes: scopes}
	}
	archive := Scope{Path: "/archive/", Value: No}
	rows := []Row{
		{Name: "AI search crawlers", Cells: []Cell{cat(policy.CategorySearch, Yes), cat(policy.CategoryTrainAI, No), cat(policy.CategoryAIInput, Yes, archive)}},
		{Name: "AI training crawlers", Uses: []policy.Category{policy.CategoryTrainAI}, Cells: []Cell{cat(policy.CategoryTrainAI, No)}},
		{Name: "AI assistants", Cells: []Cell{cat(policy.CategoryTrainAI, No), cat(policy.CategoryAIInput, Yes, archive)}},
		{Name: "AI agents", Cells: []Cell{cat(policy.CategoryTrainAI, No), cat(policy.CategoryAIInput, Yes, archive)}},
		{Name: "other AI crawlers", Cells: []Cell{cat(policy.CategoryTrainAI, No)}},
	}
	rowOf := map[string]int{} // by token: "Brightbot 1.0" goes with Brightbot
	for _, n := range names {
		fn := strings.ToLower(dir[n].Function)
		i := 4
		if j, ok := rowOf[strings.ToLower(ProductToken(n))]; ok {
			rows[j].Crawlers = append(rows[j].Crawlers, n)
			continue
		}
		switch {
		case strings.Contains(fn, "search"):
			i = 0
		case strings.Contains(fn, "train") || strings.Contains(fn, "scraper") || strings.Contains(fn, "llm"):
			i = 1
		case strings.Contains(fn, "assistant"):
			i = 2
		case strings.Contains(fn, "agent"):
			i = 3
		}
		rows[i].Crawlers = append(rows[i].Crawlers, n)
		rowOf[strings.ToLower(ProductToken(n))] = i
	}
	rows = append(rows, Row{Name: "every other crawler", Crawlers: []string{AnyCrawler}, Cells: []Cell{cat(policy.CategorySearch, Yes), cat(policy.CategoryTrainAI, No)}})
	return &Intent{Rows: rows}, len(names)
}

// BenchmarkWriteProve writes and proves an intent over the 166 crawlers
// of the directory in five groups, merged into nytimes.com's file of
// January 2026: the checks at witnesses and, per row and kind that reads
// groups, the check over every path that crawl is kept. Beside the wall
// time it reports the CPU time per op (cpu-ms/op, every thread), which a
// busy machine does not inflate. The target is 300 ms.
func BenchmarkWriteProve(b *testing.B) {
	in, n := directoryIntent(b)
	ex := corpusFile(b, "www.nytimes.com.txt", "robots.txt")
	checks := 0
	b.ReportAllocs()
	cpu0 := cpuTime()
	for b.Loop() {
		res, err := Write(in, ex)
		if err != nil {
			b.Fatal(err)
		}
		f, err := policy.Parse("robots.txt", res.Text)
		if err != nil {
			b.Fatal(err)
		}
		p, err := Prove(in, ex, f)
		if err != nil {
			b.Fatal(err)
		}
		if !p.OK() {
			b.Fatalf("mismatches:\n%s", p)
		}
		checks = len(p.Checks)
	}
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(cpu)/1e6/float64(b.N), "cpu-ms/op")
	}
	b.ReportMetric(float64(n), "crawlers")
	b.ReportMetric(float64(checks), "checks")
}

// corpusFile reads a file of the corpus sites-2026-01 (policy/testdata) and
// parses it under the given name.
func corpusFile(tb testing.TB, file, name string) *policy.File {
	tb.Helper()
	src, err := os.ReadFile(filepath.Join("..", "testdata", "corpus", "sites-2026-01", file))
	if err != nil {
		tb.Fatal(err)
	}
	f, err := policy.Parse(name, src)
	if err != nil {
		tb.Fatal(err)
	}
	return f
}
