package policy_test

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/acap-workbench/workbench/policy"
)

func ExampleScan() {
	src := []byte("ACAP-allow-index: /news/ time-limit=7-days\n")
	for _, t := range policy.Scan(src) {
		if t.Kind != policy.TokSpace && t.Kind != policy.TokNewline {
			fmt.Printf("%2d %-15s %q\n", t.Off, t.Kind, t.Text(src))
		}
	}
	// Output:
	//  0 field           "ACAP-allow-index"
	// 16 colon           ":"
	// 18 pattern         "/news/"
	// 25 qualifier-name  "time-limit"
	// 35 equals          "="
	// 36 qualifier-value "7-days"
}

func ExampleParse() {
	src := "##ACAP version=1.1\n" +
		"User-agent: *\n" +
		"Disallow: /private/\n" +
		"\n" +
		"ACAP-resource-set: media /img/ /video/\n" +
		"ACAP-crawler: SearchBot\n" +
		"ACAP-allow-crawl: /\n" +
		"ACAP-disallow-index: the-acap:resource-set:media\n"
	f, err := policy.Parse("/robots.txt", []byte(src))
	if err != nil {
		panic(err)
	}
	fmt.Println("version", f.VersionValue)
	for _, g := range f.Groups {
		fmt.Println("group for", g.Agents[0].Value.Text, "with", len(g.Rules), "rule")
	}
	for _, r := range f.Records {
		fmt.Println("record for", r.Crawlers[0].Value.Text)
		for _, fd := range r.Rules {
			for _, rule := range fd.Rules() {
				fmt.Printf("  line %d: allow=%v %s %s\n", fd.Line, rule.Allow, rule.Usage, rule.Pattern)
			}
		}
	}
	// Output:
	// version 1.1
	// group for * with 1 rule
	// record for SearchBot
	//   line 7: allow=true crawl /
	//   line 8: allow=false index /img/
	//   line 8: allow=false index /video/
}

func ExampleCheck() {
	src := "##ACAP version=1.1\n" +
		"ACAP-crawler: *\n" +
		"ACAP-allow preserve: /  time-limit=100-days\n" +
		"ACAP-allow-present-snippet: /news/ max-length=20-lines\n"
	f := policy.MustParse(src)
	for _, d := range policy.Check(f) {
		fmt.Println(d.Pos, d.Severity, d.Code)
		if d.Fix != nil {
			fmt.Println("  fix:", d.Fix.Title)
		}
	}
	// Output:
	// 3:1 error acap-unknown-field
	//   fix: Write ACAP-allow-preserve
	// 4:36 error acap-qualifier-value
}

func ExampleFix_Apply() {
	src := "ACAP-crawler: *\nACAP-allow-present-links: /news/\n"
	f := policy.MustParse(src)
	for _, d := range policy.Check(f) {
		if d.Code == policy.CodeUnknownUsage {
			fmt.Print(string(d.Fix.Apply(f.Src)))
		}
	}
	// Output:
	// ACAP-crawler: *
	// ACAP-allow-present-link: /news/
}

func ExampleTidy() {
	f := policy.MustParse("user-agent :  *\nDISALLOW:/tmp/   # scratch\nacap-crawler:*\nacap-allow-index:/  time-limit = 7-days\n")
	fmt.Print(string(policy.Tidy(f)))
	// Output:
	// User-agent: *
	// Disallow: /tmp/   # scratch
	// ACAP-crawler: *
	// ACAP-allow-index: / time-limit=7-days
}

func ExamplePolicy_Decide() {
	f := policy.MustParse(`##ACAP version=1.1
User-agent: *
Disallow: /private/
ACAP-crawler: SearchBot
ACAP-allow-crawl: /
ACAP-allow-index: /news/ time-limit=until-recrawled
ACAP-disallow-present-thumbnail: /news/
`)
	pol := policy.NewPolicy(f)
	for _, u := range []policy.Usage{policy.UsageIndex, policy.UsagePresentThumbnail} {
		a := pol.Decide(policy.Question{Crawler: "SearchBot", URL: "https://example.com/news/today.html", Usage: u})
		fmt.Println(u, a.Allowed, "line", a.Line, a.Restrictions)
	}
	// Output:
	// index true line 6 [time-limit=until-recrawled]
	// present-thumbnail false line 7 []
}

func ExamplePolicy_DecideYielding() {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := 0; i < 200; i++ {
		fmt.Fprintf(&b, "Disallow: /*a*b*c%d\n", i)
	}
	b.WriteString("Disallow: /private/\n")
	pol := policy.NewPolicy(policy.MustParse(b.String()))
	yields := 0
	q := policy.Question{Crawler: "AnyBot", Kind: policy.KindRFC9309, URL: "/private/x", Usage: policy.UsageCrawl}
	a := pol.DecideYielding(q, func() { yields++ })
	fmt.Println(a.Allowed, "line", a.Line, "yields", yields)
	// Output:
	// false line 202 yields 3
}

func ExamplePolicy_Matrix() {
	pol := policy.NewPolicy(policy.MustParse("User-agent: *\nDisallow: /a\nAllow: /a/b\n"))
	urls := []string{"/a/x", "/a/b"}
	kinds := []policy.Kind{policy.KindRFC9309, policy.KindREP1994}
	answers := pol.Matrix(policy.Question{Crawler: "bot"}, urls, []policy.Use{{Usage: policy.UsageCrawl}}, kinds)
	for i, a := range answers {
		fmt.Println(urls[i/len(kinds)], kinds[i%len(kinds)], a.Allowed)
	}
	// Output:
	// /a/x rfc9309 false
	// /a/x rep1994 false
	// /a/b rfc9309 true
	// /a/b rep1994 false
}

// Prepare spreads the compiling of a large file over calls, so that a
// page can draw between them; the first question then compiles nothing.
func ExamplePolicy_Prepare() {
	text := "User-agent: *\n"
	for i := 0; i < 100; i++ {
		text += "Disallow: /*a*b*c/" + strconv.Itoa(i) + "/\n"
	}
	pol := policy.NewPolicy(policy.MustParse(text))
	calls := 1
	for !pol.Prepare(policy.KindRFC9309, 256) { // about 256 bytes of patterns a call
		calls++ // a page would yield to the browser here
	}
	a := pol.Decide(policy.Question{Crawler: "bot", URL: "/xaybzc/42/", Kind: policy.KindRFC9309})
	fmt.Println(calls, "calls;", "allowed:", a.Allowed, "line", a.Line)
	// Output:
	// 5 calls; allowed: false line 44
}

// CompareReadings proves over every path whether two readings decide crawl
// alike; where they do not, it gives the shortest witnesses.
func ExampleCompareReadings() {
	old := policy.MustParse("User-agent: *\nAllow: /p*\nDisallow: /*.pdf\n")
	acap := policy.MustParse("ACAP-crawler: *\nACAP-allow-crawl: /p\nACAP-disallow-crawl: /*.pdf\n")
	rep := policy.CompareReadings(old, policy.KindRFC9309, acap)
	fmt.Println("proved for:", rep.Proved, "equivalent:", rep.Equivalent())
	d := rep.Differences[0]
	fmt.Printf("%s: rfc9309 %v (line %d), acap %v (line %d)\n", d.Path, d.Source, d.SourceLine, d.ACAP, d.ACAPLine)
	// Output:
	// proved for: [AnyOtherCrawler] equivalent: false
	// /p.pdf: rfc9309 false (line 3), acap true (line 2)
}

func ExampleFile_LineTokens() {
	f := policy.MustParse("User-agent: *\nDisallow: /private/ # keep out\n")
	l := f.Line(2)
	for _, t := range f.LineTokens(2) {
		if t.Kind != policy.TokSpace && t.Kind != policy.TokNewline {
			fmt.Printf("%s %-8s %q\n", l.Pos(int(t.Off)), t.Kind, t.Text(f.Src))
		}
	}
	fd := l.Field
	fmt.Println(fd.Kind, fd.Pattern().Text, fd.Pattern().Pos, fd.Pattern().End())
	// Output:
	// 2:1 field    "Disallow"
	// 2:9 colon    ":"
	// 2:11 pattern  "/private/"
	// 2:21 comment  "# keep out"
	// Disallow /private/ 2:11 33
}

func ExampleFile_SamplePaths() {
	f := policy.MustParse("User-agent: *\nDisallow: /private/\nAllow: /private/help$\nDisallow: /*.pdf$\n\nACAP-crawler: *\nACAP-disallow-index: /archive/\nACAP-allow-crawl: /private/\n")
	fmt.Println(f.SamplePaths(10))
	fmt.Println(f.SamplePaths(3))
	// Output:
	// [/ /private/ /private/help /x.pdf /archive/]
	// [/ /private/ /private/help]
}

// Batch answers one question for many crawlers and URLs without traces,
// crawler by crawler.
func ExamplePolicy_Batch() {
	pol := policy.NewPolicy(policy.MustParse("User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /private/\n"))
	crawlers := []string{"GPTBot", "OAI-SearchBot"}
	urls := []string{"/news/a", "/private/b"}
	answers := pol.Batch(policy.Question{Kind: policy.KindRFC9309}, crawlers, urls, nil)
	for i, a := range answers {
		fmt.Println(crawlers[i/len(urls)], urls[i%len(urls)], a.Allowed, "line", a.Line)
	}
	// Output:
	// GPTBot /news/a false line 2
	// GPTBot /private/b false line 2
	// OAI-SearchBot /news/a true line 0
	// OAI-SearchBot /private/b false line 5
}

// A page's robots META tags decide the usages they speak of for that page.
func ExamplePolicy_AddPage() {
	pol := policy.NewPolicy(policy.MustParse("ACAP-crawler: *\nACAP-allow-crawl: /\nACAP-allow-index: /\n"))
	page, err := policy.ParsePage("/news/a.html", []byte(`<html><head><meta name="robots" content="ACAP disallow-index"></head></html>`))
	if err != nil {
		panic(err)
	}
	pol.AddPage(page)
	for _, url := range []string{"/news/a.html", "/news/b.html"} {
		a := pol.Decide(policy.Question{Crawler: "SearchBot", URL: url, Usage: policy.UsageIndex})
		fmt.Println(url, a.Allowed, a.File)
	}
	// Output:
	// /news/a.html false page /news/a.html
	// /news/b.html true
}

// Today's categories are asked with Question.Category; UsesOf lists what
// a kind answers.
func ExampleUsesOf() {
	pol := policy.NewPolicy(policy.MustParse("User-agent: *\nAllow: /\nContent-Usage: train-ai=n\n"))
	for _, u := range policy.UsesOf(policy.KindToday) {
		a := pol.Decide(policy.Question{Crawler: "ClaudeBot", URL: "/a", Usage: u.Usage, Category: u.Category, Kind: policy.KindToday})
		if u.Category == policy.CategoryNone {
			fmt.Println(u, a.Allowed)
			continue
		}
		fmt.Println(u, a.Preference, "line", a.Line)
	}
	// Output:
	// crawl true
	// search none line 0
	// train-ai disallowed line 3
	// ai-input none line 0
}

// Convert adds the ACAP records that say the same as the conventional
// groups, and proves it. ACAP compares paths without case, which no ACAP
// line can change: the proof names such differences.
func ExampleConvert() {
	f := policy.MustParse("User-agent: *\nDisallow: /private/\n")
	c := policy.Convert(f, policy.ConvertOptions{})
	fmt.Print(string(c.Text))
	fmt.Println("added lines", c.Added)
	for _, d := range c.Report.Differences {
		fmt.Println(d.Path, "rfc9309:", d.Source, "acap:", d.ACAP, "case only:", d.CaseOnly)
	}
	// Output:
	// ##ACAP version=1.1
	// User-agent: *
	// Disallow: /private/
	//
	// # ACAP records added by ACAP Workbench's converter
	// ACAP-crawler: *
	// ACAP-disallow-crawl: /private/
	// added lines [1 5 6 7]
	// /privatE/ rfc9309: true acap: false case only: true
}

// CheckAll checks a file together with the files it refers to.
func ExampleCheckAll() {
	main := policy.MustParse("##ACAP version=1.1\nACAP-crawler: *\nACAP-permissions-reference: /acap.txt\n")
	ref, err := policy.ParseReferenced("/acap.txt", []byte("ACAP-crawler: *\nACAP-disallow-index: /x/\n"), main)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(policy.CheckAll(main)), "without the referenced file:")
	for _, d := range policy.CheckAll(main) {
		fmt.Println(" ", d.Pos, d.Severity, d.Code)
	}
	fmt.Println(len(policy.CheckAll(main, ref)), "with it")
	// Output:
	// 1 without the referenced file:
	//   3:29 info acap-reference-not-open
	// 0 with it
}
