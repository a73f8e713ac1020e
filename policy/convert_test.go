package policy

import (
	"math/rand"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestConvertOutput(t *testing.T) {
	src := "User-agent: *\nDisallow: /tmp/\nAllow: /tmp/public/\nCrawl-delay: 5\n\nUser-agent: Scraper\nDisallow: /\n\nUser-agent: Friendly/2.0\nDisallow:\n\nSitemap: https://example.com/sitemap.xml\n"
	conv := Convert(MustParse(src), ConvertOptions{Comments: true})
	want := "##ACAP version=1.1\n" + src + "\n" +
		"# ACAP records added by ACAP Workbench's converter\n" +
		"ACAP-crawler: *\n# User-agent: *\nACAP-disallow-crawl: /tmp/\n# Disallow: /tmp/\nACAP-allow-crawl: /tmp/public/\n# Allow: /tmp/public/\n\n" +
		"ACAP-crawler: Scraper\n# User-agent: Scraper\nACAP-disallow-crawl: /\n# Disallow: /\n\n" +
		"ACAP-crawler: Friendly\n# User-agent: Friendly\nACAP-allow-crawl: /\n# (baseline: the group for Friendly allows what it does not forbid)\n"
	if got := string(conv.Text); got != want {
		t.Fatalf("converted:\n%s\nwant:\n%s", got, want)
	}
	if !conv.Report.OnlyCase() {
		t.Errorf("differences: %+v", conv.Report.Differences)
	}
	if conv.Report.States < 10 || len(conv.Report.Proved) != 3 || len(conv.Report.NotProved) != 0 {
		t.Errorf("report: %d states, proved %v, crawlers %v", conv.Report.States, conv.Report.Proved, conv.Report.Crawlers)
	}
	// Added lines are those after the original text, and line 1.
	lines := strings.Split(string(conv.Text), "\n")
	for _, n := range conv.Added {
		if n == 1 {
			continue
		}
		if n <= len(strings.Split(src, "\n")) {
			t.Errorf("line %d (%q) reported added but is original", n, lines[n-1])
		}
	}
	if len(conv.Added) != 1+1+len(strings.Split(strings.TrimSuffix(want[len("##ACAP version=1.1\n")+len(src)+1+len("# ACAP records added by ACAP Workbench's converter\n"):], "\n"), "\n")) {
		t.Errorf("added = %v", conv.Added)
	}
	for _, d := range Check(MustParse(string(conv.Text))) {
		if d.Severity == SevError {
			t.Errorf("converted file has an error: %s", d)
		}
	}
}

// TestConvertSharedRecords: crawlers of one group, reading the same rules,
// share one record with an ACAP-crawler line each; a crawler whose rules
// differ (named by a second group, which RFC 9309 merges) gets its own,
// and so does the any-crawler record. The proof covers every crawler.
func TestConvertSharedRecords(t *testing.T) {
	for _, tt := range []struct {
		name, src string
		records   []string // the crawlers of each record added, in order
	}{
		{"one group", "User-agent: a\nUser-agent: b\nUser-agent: c\nDisallow: /x/\n",
			[]string{"a b c"}},
		{"a crawler in two groups", "User-agent: a\nUser-agent: b\nUser-agent: c\nDisallow: /x/\n\nUser-agent: b\nDisallow: /y/\n",
			[]string{"a", "b", "c"}},
		{"any crawler apart", "User-agent: *\nUser-agent: a\nDisallow: /x/\n",
			[]string{"*", "a"}},
		{"two groups alike", "User-agent: a\nDisallow: /x/\n\nUser-agent: b\nDisallow: /x/\n",
			[]string{"a", "b"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			conv := Convert(MustParse(tt.src), ConvertOptions{})
			var got []string
			prev := false
			for _, l := range strings.Split(string(conv.Text), "\n") {
				name, ok := strings.CutPrefix(l, "ACAP-crawler: ")
				switch {
				case ok && prev:
					got[len(got)-1] += " " + name
				case ok:
					got = append(got, name)
				}
				prev = ok
			}
			if !slices.Equal(got, tt.records) {
				t.Errorf("records %q, want %q:\n%s", got, tt.records, conv.Text)
			}
			if !conv.Report.OnlyCase() || !conv.Report.Complete() {
				t.Errorf("not proved equivalent: %+v", conv.Report)
			}
		})
	}
}

func TestConvertCases(t *testing.T) {
	tests := []struct {
		name     string
		src      string
		opt      ConvertOptions
		has      []string // lines the result must contain
		hasnt    []string
		onlyCase bool // the report may list case differences
	}{
		{"baseline for a named group", "User-agent: *\nDisallow: /\n\nUser-agent: Good\nDisallow: /private/\n", ConvertOptions{},
			[]string{"ACAP-crawler: Good\nACAP-allow-crawl: /\nACAP-disallow-crawl: /private/"}, nil, false},
		{"no baseline when the group forbids /", "User-agent: Bad\nDisallow: /\n", ConvertOptions{},
			[]string{"ACAP-crawler: Bad\nACAP-disallow-crawl: /\n"}, []string{"ACAP-allow-crawl: /\n"}, false},
		{"merged groups", "User-agent: a\nDisallow: /x\n\nUser-agent: b\nUser-agent: a\nDisallow: /y\n", ConvertOptions{},
			[]string{"ACAP-crawler: a\nACAP-allow-crawl: /\nACAP-disallow-crawl: /x\nACAP-disallow-crawl: /y", "ACAP-crawler: b\nACAP-allow-crawl: /\nACAP-disallow-crawl: /y"}, nil, false},
		{"existing ACAP records kept", "User-agent: *\nDisallow: /a\n\nACAP-crawler: *\nACAP-disallow-crawl: /a\n", ConvertOptions{},
			nil, []string{"ACAP records added"}, false},
		{"ignore option", "User-agent: *\nDisallow: /a\n", ConvertOptions{IgnoreConventional: true},
			[]string{"ACAP-ignore-conventional-records\nACAP-crawler: *"}, nil, false},
		{"draft1996 escapes and shadowing", "User-agent: *\nDisallow: /a\nAllow: /a/b\nDisallow: /c*d$\n", ConvertOptions{Source: KindDraft1996, IgnoreConventional: true},
			[]string{"ACAP-disallow-crawl: /a\n", "ACAP-disallow-crawl: /c%2Ad%24"}, []string{"ACAP-allow-crawl: /a/b"}, false},
		{"case cannot be made equal", "User-agent: *\nDisallow: /Private/\n", ConvertOptions{},
			[]string{"ACAP-disallow-crawl: /Private/"}, nil, true},
		{"longest match against scope is repaired", "User-agent: *\nDisallow: /*.pdf\nAllow: /a/\n", ConvertOptions{},
			[]string{"ACAP-disallow-crawl: /a/*.pdf"}, nil, false},
		{"no line for an overlap a longer rule decides", "User-agent: *\nDisallow: /x\nAllow: /x*\nDisallow: /*.pdf\nAllow: /x*.pdf\n", ConvertOptions{},
			[]string{"ACAP-allow-crawl: /x*.pdf"}, []string{"ACAP-disallow-crawl: /x*.pdf"}, false},
		{"a crawler named twice in a group", "User-agent: a\nUser-agent: a\nDisallow: /x\n", ConvertOptions{},
			[]string{"ACAP-crawler: a\nACAP-allow-crawl: /\nACAP-disallow-crawl: /x\n"}, []string{"ACAP-disallow-crawl: /x\nACAP-disallow-crawl: /x"}, false},
		{"CRLF kept", "User-agent: *\r\nDisallow: /a\r\n", ConvertOptions{},
			[]string{"##ACAP version=1.1\r\nUser-agent: *\r\nDisallow: /a\r\n\r\n# ACAP records added by ACAP Workbench's converter\r\nACAP-crawler: *\r\nACAP-disallow-crawl: /a\r\n"}, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			conv := Convert(MustParse(tt.src), tt.opt)
			checkAdded(t, tt.src, conv)
			got := string(conv.Text)
			for _, h := range tt.has {
				if !strings.Contains(got, h) {
					t.Errorf("result lacks %q:\n%s", h, got)
				}
			}
			for _, h := range tt.hasnt {
				if strings.Contains(got, h) {
					t.Errorf("result has %q:\n%s", h, got)
				}
			}
			switch {
			case tt.onlyCase && (conv.Report.Equivalent() || !conv.Report.OnlyCase()):
				t.Errorf("want only case differences, got %+v", conv.Report.Differences)
			case !tt.onlyCase && !conv.Report.OnlyCase():
				t.Errorf("differences: %+v\n%s", conv.Report.Differences, got)
			}
		})
	}
}

// genConventional builds a random conventional file from a small
// vocabulary of agents and path pieces.
func genConventional(r *rand.Rand) string {
	agents := []string{"*", "alpha", "beta", "Gamma"}
	pieces := []string{"a", "b", "ab", "x.pdf", "*", "$", "%41", "c/"}
	var b strings.Builder
	for g := 0; g < 1+r.Intn(3); g++ {
		b.WriteString("User-agent: " + agents[r.Intn(len(agents))] + "\n")
		for n := 0; n < r.Intn(5); n++ {
			p := "/"
			for k := 0; k < r.Intn(3); k++ {
				p += pieces[r.Intn(len(pieces)-1)]
			}
			if r.Intn(4) == 0 {
				p += "$"
			}
			if r.Intn(6) == 0 {
				p = ""
			}
			verb := "Disallow: "
			if r.Intn(2) == 0 {
				verb = "Allow: "
			}
			b.WriteString(verb + p + "\n")
		}
		b.WriteString("\n")
	}
	return b.String()
}

// TestConvertNotesCountOnce: each line added is counted in one note, by
// what added it.
func TestConvertNotesCountOnce(t *testing.T) {
	conv := Convert(MustParse("User-agent: *\nAllow: /p*\nDisallow: /*.pdf\n"), ConvertOptions{})
	if len(conv.Notes) != 1 || !strings.HasPrefix(conv.Notes[0], "1 line was added for the paths where two rules overlap") {
		t.Errorf("notes %q", conv.Notes)
	}
}

// checkAdded checks Conversion.Added against its text: the lines it does
// not list are the source's, in order (trailing blank lines aside).
func checkAdded(t *testing.T, src string, conv *Conversion) {
	t.Helper()
	split := func(s string) []string {
		ls := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
		for len(ls) > 0 && ls[len(ls)-1] == "" {
			ls = ls[:len(ls)-1]
		}
		return ls
	}
	lines := split(string(conv.Text))
	added := map[int]bool{}
	for _, n := range conv.Added {
		if n < 1 || n > len(lines) {
			t.Fatalf("added line %d of a text of %d lines", n, len(lines))
		}
		added[n] = true
	}
	var kept []string
	for i, l := range lines {
		if !added[i+1] {
			kept = append(kept, l)
		}
	}
	if got, want := split(strings.Join(kept, "\n")), split(src); !slices.Equal(got, want) {
		t.Fatalf("the lines not listed as added (%v) are not the source's:\n%q\nwant\n%q", conv.Added, got, want)
	}
}

// FuzzConvert converts random conventional files: the result must be
// proved equivalent, or differ only in case, each difference with a
// witness that really differs (checked by asking both readings); and the
// brute-force oracle over short paths must agree with the proof.
func FuzzConvert(f *testing.F) {
	for _, seed := range []int64{1, 2, 3, 42, 9309} {
		f.Add(seed)
	}
	paths := bruteOracle(3)
	f.Fuzz(func(t *testing.T, seed int64) {
		r := rand.New(rand.NewSource(seed))
		src := genConventional(r)
		old := MustParse(src)
		kind := []Kind{KindRFC9309, KindDraft1996}[r.Intn(2)]
		conv := Convert(old, ConvertOptions{Source: kind, Bounds: CompareOptions{Deadline: time.Now().Add(time.Minute)}})
		if conv.Err != nil {
			t.Fatal(conv.Err)
		}
		checkAdded(t, src, conv)
		if !onlyCaseOrNamePart(&conv.Report) {
			t.Fatalf("%s file:\n%s\nconverted:\n%s\nreport: %+v", kind, src, conv.Text, conv.Report)
		}
		for _, d := range conv.Report.Differences {
			if !d.CaseOnly && !d.NamePart {
				t.Fatalf("a difference other than case: %+v", d)
			}
		}
		checkAgainstOracle(t, src, old, kind, MustParse(string(conv.Text)), conv.Report, paths)
	})
}

// BenchmarkConvert converts and proves, with the converter's default budget:
// the 50 KiB benchmark file (2,005 rules, 12 crawlers), www.sciencedirect.com's
// 834 KB answer (an HTML page) and the 3.7 MB file made by repeating it.
// Metrics: the crawlers decided (proved to agree but for case, or shown to
// differ) of those compared, the states explored, the witnesses found that
// are not of case, and the lines added.
func BenchmarkConvert(b *testing.B) {
	src, err := os.ReadFile("testdata/bench/bench_robots.txt")
	if err != nil {
		b.Fatal(err)
	}
	one, big := largeInputs(b)
	for _, in := range []struct {
		name string
		src  []byte
	}{{"bench50KiB", src}, {"sciencedirect834KB", one}, {"repeated3.7MB", big}} {
		b.Run(in.name, func(b *testing.B) {
			f, err := Parse("/robots.txt", in.src)
			if err != nil {
				b.Fatal(err)
			}
			var conv *Conversion
			for b.Loop() {
				conv = Convert(f, ConvertOptions{})
			}
			reportConversion(b, conv)
		})
	}
}

func reportConversion(b *testing.B, conv *Conversion) {
	if conv.Err != nil {
		b.Fatal(conv.Err)
	}
	r := &conv.Report
	b.ReportMetric(float64(len(r.Proved)), "decided")
	b.ReportMetric(float64(len(r.Crawlers)), "crawlers")
	b.ReportMetric(float64(r.States), "states")
	b.ReportMetric(float64(r.OtherCount), "differences")
	b.ReportMetric(float64(len(conv.Added)), "lines-added")
}

// corpusRules builds a file from the conventional files of the real
// corpora (their Allow and Disallow rules; the HTML pages, and the files
// with ACAP records, left out): of every parts files in the corpus's
// order, the first part. Each file's groups are kept apart by renaming
// their User-agent lines: the rules of real publishers, as many crawlers
// as it takes. It returns the file and its number of rules.
func corpusRules(tb testing.TB, part, parts int) (*File, int) {
	tb.Helper()
	var b strings.Builder
	rules := 0
	for i, p := range corpusFiles(tb) {
		if i%parts >= part {
			continue
		}
		src, err := os.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		f := MustParse(string(src))
		if len(f.Records) > 0 || len(f.Groups) == 0 {
			continue
		}
		for _, g := range f.Groups {
			b.WriteString("User-agent: site-" + itoa(i) + "\n")
			for _, fd := range g.Rules {
				if fd.Status != StatusSkipped {
					b.WriteString(fd.Kind.String() + ": " + fd.Value.Text + "\n")
					rules++
				}
			}
			b.WriteString("\n")
		}
	}
	f, err := Parse("/robots.txt", []byte(b.String()))
	if err != nil {
		tb.Fatal(err)
	}
	return f, rules
}

// BenchmarkConvertScaling converts and proves files of real rules of
// growing size (corpusRules: a quarter, half and all of the corpus's
// conventional files, taken evenly through it, so no two share a group),
// with a budget that does not stop the proof.
func BenchmarkConvertScaling(b *testing.B) {
	for _, part := range []int{1, 2, 4} {
		f, rules := corpusRules(b, part, 4)
		b.Run(itoa(rules)+"rules", func(b *testing.B) {
			var conv *Conversion
			for b.Loop() {
				conv = Convert(f, ConvertOptions{Bounds: CompareOptions{Deadline: time.Now().Add(10 * time.Minute)}})
			}
			reportConversion(b, conv)
		})
	}
}

// corpusFigures are BenchmarkConvertCorpus's counts.
type corpusFigures struct {
	decided, onlyCase, partly int
	longest                   time.Duration
}

// convertAll converts and proves each file with a budget of 2 s.
func convertAll(tb testing.TB, files []*File) corpusFigures {
	var fig corpusFigures
	for _, f := range files {
		t0 := time.Now()
		conv := Convert(f, ConvertOptions{Bounds: CompareOptions{Deadline: time.Now().Add(2 * time.Second)}})
		fig.longest = max(fig.longest, time.Since(t0))
		r := &conv.Report
		switch {
		case conv.Err != nil:
			tb.Fatal(conv.Err)
		case r.OnlyCase():
			fig.onlyCase++
			fig.decided++
		case r.Complete():
			fig.decided++
		default:
			fig.partly++
		}
	}
	return fig
}

// BenchmarkConvertCorpus converts and proves each of the 204 real files of
// January 2026 with a budget of 2 s each, and reports how many were
// decided for every crawler (proved to agree but for case, or shown to
// differ), how many of those agree but for case, how many have a crawler
// not proved, and the longest conversion.
func BenchmarkConvertCorpus(b *testing.B) {
	paths := corpusPaths(b, "sites-2026-01")
	var files []*File
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		f, err := Parse("/robots.txt", src)
		if err != nil {
			b.Fatal(err)
		}
		files = append(files, f)
	}
	var fig corpusFigures
	for b.Loop() {
		fig = convertAll(b, files)
	}
	b.ReportMetric(float64(len(files)), "files")
	b.ReportMetric(float64(fig.decided), "decided")
	b.ReportMetric(float64(fig.onlyCase), "agree-but-case")
	b.ReportMetric(float64(fig.partly), "partly-proved")
	b.ReportMetric(float64(fig.longest.Milliseconds()), "longest-ms")
}
