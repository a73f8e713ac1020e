package advise

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/acap-workbench/workbench/policy"
)

// applyCorpus is every file TestSignalsApplied reads: the conformance
// files with ACAP lines, the gallery and the real files with ACAP lines.
func applyCorpus(t *testing.T) map[string][]byte {
	t.Helper()
	var paths []string
	for _, g := range []string{"../testdata/conformance/guide-*.json", "../testdata/conformance/feature-*.json"} {
		m, _ := filepath.Glob(g)
		paths = append(paths, m...)
	}
	gallery, _ := filepath.Glob("../../web/gallery/*.txt")
	paths = append(paths, gallery...)
	paths = append(paths, corpusPaths(t, "acap-real", acapRealFiles)...)
	out := map[string][]byte{
		"every crawler, no copies of a path": []byte("ACAP-crawler: *\nACAP-disallow-preserve: /archive/\n"),
		"a named crawler under the group for *": []byte("User-agent: *\nDisallow: /admin/\nContent-Signal: ai-train=no\n\n" +
			"ACAP-crawler: SearchBot1\nACAP-disallow-index: /private/\n"),
		"a named record under the record for *": []byte("ACAP-crawler: *\nACAP-disallow-preserve: /\nACAP-crawler: SearchBot1\nACAP-disallow-index: /private/\n"),
	}
	for _, p := range paths {
		if strings.HasSuffix(p, ".json") {
			out[p] = caseFileRobots(t, p)
			continue
		}
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out[p] = src
	}
	return out
}

// TestSignalsApplied applies the proposals of every file of the corpus
// and reads the result back, crawler by crawler, on the file's sample
// paths: the lines that Apply adds must not take from today's crawlers
// what the file told them before, nor tell conventional crawlers
// something else than today's crawlers read.
//
//   - Crawling: where the ACAP reading and today's reading of the file
//     agreed, today's reading after applying is the same.
//   - RFC 9309 as Google reads it (a group without Allow or Disallow runs
//     into the next one) gives the same crawl answer as today's crawler,
//     wherever it did before.
//   - Preferences: a search, train-ai or ai-input answer that was
//     allowed or disallowed before is not "no preference" after, and a
//     disallowed one stays refused.
//   - The checker finds no error or warning in the result that it did not
//     find in the file.
func TestSignalsApplied(t *testing.T) {
	files := applyCorpus(t)
	if len(files) < 20 {
		t.Fatalf("only %d files", len(files))
	}
	applied := 0
	for name, src := range files {
		before, err := policy.Parse("/robots.txt", src)
		if err != nil {
			t.Fatal(err)
		}
		out := Apply(src, Signals(before))
		if len(out) == len(src) {
			continue
		}
		applied++
		after, err := policy.Parse("/robots.txt", out)
		if err != nil {
			t.Fatal(err)
		}
		crawlers := before.Crawlers()
		if len(crawlers) > 8 {
			crawlers = crawlers[:8]
		}
		other, _ := before.OtherCrawler()
		crawlers = append(crawlers, other, "GPTBot", "Googlebot")
		paths := before.SamplePaths(24)
		pb, pa := policy.NewPolicy(before), policy.NewPolicy(after)
		bad := 0
		report := func(format string, args ...any) {
			if bad++; bad <= 4 {
				t.Errorf("%s: "+format, append([]any{name}, args...)...)
			}
		}
		for _, c := range crawlers {
			for _, u := range paths {
				ask := func(p *policy.Policy, k policy.Kind, cat policy.Category) policy.Answer {
					return p.Decide(policy.Question{Crawler: c, URL: u, Usage: policy.UsageCrawl, Category: cat, Kind: k})
				}
				acap, todayB, todayA := ask(pb, policy.KindACAP, 0), ask(pb, policy.KindToday, 0), ask(pa, policy.KindToday, 0)
				if acap.Allowed == todayB.Allowed && todayA.Allowed != todayB.Allowed {
					report("%s %s: crawl was %v for ACAP and today's crawler, is %v after (line %d)", c, u, acap.Allowed, todayA.Allowed, todayA.Line)
				}
				if ask(pb, policy.KindRFC9309, 0).Allowed == todayB.Allowed {
					if r := ask(pa, policy.KindRFC9309, 0); r.Allowed != todayA.Allowed {
						report("%s %s: after, RFC 9309 crawl %v (line %d), today's crawler %v", c, u, r.Allowed, r.Line, todayA.Allowed)
					}
				}
				for _, cat := range policy.Categories() {
					b, a := ask(pb, policy.KindToday, cat), ask(pa, policy.KindToday, cat)
					switch {
					case (b.Preference == policy.PrefAllowed || b.Preference == policy.PrefDisallowed) && a.Preference == policy.PrefUnstated:
						report("%s %s %s: was %s (line %d), no preference after", c, u, cat, b.Preference, b.Line)
					case b.Preference == policy.PrefDisallowed && a.Preference == policy.PrefAllowed:
						report("%s %s %s: was disallowed (line %d), allowed after (line %d)", c, u, cat, b.Line, a.Line)
					}
				}
			}
		}
		// search=n for a refusal of present alone contradicts an ACAP
		// permission of index (or the reverse): allowed where Signals
		// lists that line as lost.
		listed := map[int]bool{}
		for _, p := range Signals(before) {
			if p.NoEquivalent && strings.HasPrefix(p.Explanation, "ACAP told indexing") {
				for _, l := range p.FromLines {
					listed[l] = true
				}
			}
		}
		had := map[string]int{}
		beforeDiags, afterDiags := policy.CheckAll(before), policy.CheckAll(after)
		// The drift check has a time cap for slow machines (past it, it
		// says which crawlers it did not cover): on a loaded one the two
		// files' checks may cover different crawlers, and their drift
		// warnings are not compared.
		capped := timeCapped(beforeDiags) || timeCapped(afterDiags)
		for _, d := range beforeDiags {
			if d.Severity != policy.SevInfo {
				had[d.Code]++
			}
		}
		for _, d := range afterDiags {
			if d.Severity == policy.SevInfo || capped && d.Code == policy.CodeCrawlDrift {
				continue
			}
			if m := driftLine.FindStringSubmatch(d.Message); d.Code == policy.CodeACAPTodayDrift && m != nil && listed[atoi(m[1])] {
				continue
			}
			if had[d.Code]--; had[d.Code] < 0 {
				report("the applied lines bring %v\n%s", d, out[len(src):])
			}
		}
	}
	t.Logf("%d files, %d with lines applied", len(files), applied)
}

// timeCapped reports whether the drift check was stopped by its time cap.
func timeCapped(ds []policy.Diagnostic) bool {
	for _, d := range ds {
		if d.Code == policy.CodeCrawlDrift && strings.Contains(d.Message, "stopped by its time cap") {
			return true
		}
	}
	return false
}

// driftLine finds the ACAP line in an acap-today-drift warning.
var driftLine = regexp.MustCompile(`the ACAP record (?:allows|does not allow) [a-z-]+ \(line (\d+) `)

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }
