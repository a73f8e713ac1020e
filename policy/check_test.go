package policy

import (
	"fmt"
	"strings"
	"testing"
)

type wantDiag struct {
	line int
	sev  Severity
	code string
}

func (w wantDiag) String() string { return fmt.Sprintf("%d %s %s", w.line, w.sev, w.code) }

func TestCheckFindsProblems(t *testing.T) {
	const head = "##ACAP version=1.1\n"
	tests := []struct {
		name string
		src  string
		want []wantDiag
	}{
		{"space for hyphen", head + "ACAP-crawler: *\nACAP-allow preserve: /  time-limit=100-days\n",
			[]wantDiag{{3, SevError, CodeUnknownACAPField}}},
		{"unknown usage", head + "ACAP-crawler: *\nACAP-allow-present-links: /news/\n",
			[]wantDiag{{3, SevError, CodeUnknownUsage}}},
		{"missing colon acap", head + "ACAP-crawler: *\nACAP-allow-present-snippet /news/ max-length=20-words\n",
			[]wantDiag{{3, SevError, CodeMissingColonACAP}}},
		{"missing colon conventional", "User-agent: *\nDisallow /x\n",
			[]wantDiag{{2, SevWarning, CodeMissingColon}}},
		{"missing colon with spaces", "User-agent: *\nDisallow /x /y\n",
			[]wantDiag{{2, SevError, CodeNotUnderstood}}},
		{"bad date", head + "ACAP-crawler: *\nACAP-allow-index: / time-limit=until-2008-02-30\n",
			[]wantDiag{{3, SevError, CodeBadQualifierValue}}},
		{"x-days", head + "ACAP-crawler: *\nACAP-allow-index: / time-limit=x-days\n",
			[]wantDiag{{3, SevError, CodeBadQualifierValue}}},
		{"20-lines", head + "ACAP-crawler: *\nACAP-allow-present-snippet: / max-length=20-lines\n",
			[]wantDiag{{3, SevError, CodeBadQualifierValue}}},
		{"until-recrawl", head + "ACAP-crawler: *\nACAP-allow-preserve: /news/ time-limit=until-recrawl\n",
			[]wantDiag{{3, SevError, CodeBadQualifierValue}}},
		{"unknown qualifier", head + "ACAP-crawler: *\nACAP-allow-index: / colour=red\n",
			[]wantDiag{{3, SevError, CodeUnknownQualifier}}},
		{"qualifier not valid for usage", head + "ACAP-crawler: *\nACAP-allow-index: / max-length=20-words\n",
			[]wantDiag{{3, SevError, CodeQualifierNotValid}}},
		{"qualifier repeated", head + "ACAP-crawler: *\nACAP-allow-index: / time-limit=3-days time-limit=4-days\n",
			[]wantDiag{{3, SevError, CodeQualifierRepeated}}},
		{"prohibited-modification repeatable", head + "ACAP-crawler: *\nACAP-allow-present-currentcopy: /p/ prohibited-modification=format prohibited-modification=translation\n",
			nil},
		{"prohibited-modification any repeated", head + "ACAP-crawler: *\nACAP-allow-present: /p/ prohibited-modification=any prohibited-modification=style\n",
			[]wantDiag{{3, SevError, CodeQualifierRepeated}}},
		{"qualifier on prohibition", head + "ACAP-crawler: *\nACAP-disallow-index: / time-limit=3-days\n",
			[]wantDiag{{3, SevError, CodeQualifierOnProhibit}}},
		{"stray token", head + "ACAP-crawler: *\nACAP-disallow-crawl: /a /b\n",
			[]wantDiag{{3, SevError, CodeStrayToken}}},
		{"spaces around equals are fine", head + "ACAP-crawler: *\nACAP-allow-index: /a time-limit = 3-days\n",
			nil},
		{"dollar not last", head + "ACAP-crawler: *\nACAP-disallow-crawl: /a$b\n",
			[]wantDiag{{3, SevError, CodeAnchorNotLast}}},
		{"empty pattern", head + "ACAP-crawler: *\nACAP-disallow-crawl:\n",
			[]wantDiag{{3, SevError, CodeEmptyValue}}},
		{"empty crawler", head + "ACAP-crawler:\nACAP-disallow-crawl: /\n",
			[]wantDiag{{2, SevError, CodeEmptyValue}, {3, SevError, CodeOutsideRecord}}}, // a skipped line starts no record (READING.md §8)
		{"empty purpose", head + "ACAP-crawler: a\nACAP-usage-purpose:\nACAP-disallow-crawl: /\n",
			[]wantDiag{{3, SevError, CodeEmptyValue}}},
		{"undefined set", head + "ACAP-crawler: *\nACAP-disallow-index: the-acap:resource-set:images\n",
			[]wantDiag{{3, SevError, CodeUndefinedSet}}},
		{"undefined local usage", head + "ACAP-crawler: *\nACAP-allow-(cache): /\n",
			[]wantDiag{{3, SevError, CodeUndefinedUsage}}},
		{"duplicate definition", head + "ACAP-resource-set: a /x\nACAP-resource-set: A /y\nACAP-crawler: *\nACAP-allow-crawl: the-acap:resource-set:a\n",
			[]wantDiag{{3, SevError, CodeDuplicateDefinition}}},
		{"definition after record", head + "ACAP-crawler: *\nACAP-disallow-crawl: /\nACAP-resource-set: images /T/*.gif$\n",
			[]wantDiag{{4, SevError, CodeDefinitionAfterRecord}}},
		{"local prohibition", head + "ACAP-qualified-usage: cache preserve time-limit=until-recrawled\nACAP-crawler: *\nACAP-disallow-(cache): /\n",
			[]wantDiag{{4, SevError, CodeLocalProhibition}}},
		{"outside record after user-agent", head + "ACAP-crawler: *\nACAP-disallow-crawl: /a\nUser-agent: *\nACAP-disallow-crawl: /b\n",
			[]wantDiag{{5, SevError, CodeOutsideRecord}, {2, SevInfo, CodeRecordsBeforeConv}}},
		{"outside record", head + "ACAP-allow-crawl: /\n",
			[]wantDiag{{2, SevError, CodeOutsideRecord}}},
		{"reference followed by fields", head + "ACAP-crawler: a\nACAP-permissions-reference: /a.txt\nACAP-allow-crawl: /\n",
			[]wantDiag{{4, SevError, CodeReferenceNotAlone}}},
		{"near-miss names", "User agent: *\nDissallow: /a\nUseragent: b\nDisalow: /c\n",
			[]wantDiag{{1, SevWarning, CodeMisspeltField}, {2, SevWarning, CodeMisspeltField}, {3, SevWarning, CodeMisspeltField}, {4, SevWarning, CodeMisspeltField}}},
		{"version comment forms", "###ACAP version=1.0\nACAP-crawler: *\nACAP-allow-crawl: /\n",
			[]wantDiag{{1, SevWarning, CodeVersionForm}}},
		{"single hash version", "#ACAP version=1.0\nACAP-crawler: *\nACAP-allow-crawl: /\n",
			[]wantDiag{{1, SevWarning, CodeVersionForm}}},
		{"version trailing spaces are fine", "##ACAP version=1.0   \nACAP-crawler: *\nACAP-allow-crawl: /\n", nil},
		{"version trailing text", "##ACAP version=1.0 draft\nACAP-crawler: *\nACAP-allow-crawl: /\n",
			[]wantDiag{{1, SevWarning, CodeVersionForm}}},
		{"version not first", "# robots\n##ACAP version=1.0\nACAP-crawler: *\nACAP-allow-crawl: /\n",
			[]wantDiag{{2, SevWarning, CodeVersionNotFirst}}},
		{"unknown version", "##ACAP version=0.2\nACAP-crawler: *\nACAP-allow-crawl: /\n",
			[]wantDiag{{1, SevInfo, CodeUnknownVersion}}},
		{"any with named", head + "ACAP-crawler: *\nACAP-crawler: bot\nACAP-allow-crawl: /\n",
			[]wantDiag{{2, SevWarning, CodeAnyWithNamed}}},
		{"crawler version", head + "ACAP-crawler: MSNPTC/1.0\nACAP-allow-crawl: /\n",
			[]wantDiag{{2, SevInfo, CodeCrawlerVersion}}},
		{"conventional inside ACAP record", "User-agent: *\nDisallow: /a\n" + "ACAP-crawler: *\nACAP-disallow-crawl: /a\nDisallow: /b\n",
			[]wantDiag{{5, SevWarning, CodeConventionalInRecord}}},
		{"pattern without slash", head + "ACAP-crawler: *\nACAP-disallow-crawl: news/\nUser-agent: *\nDisallow: private\n",
			[]wantDiag{{3, SevWarning, CodePatternNoSlash}, {5, SevWarning, CodePatternNoSlash}}},
		{"space in a conventional path", "User-agent: *\nDisallow: /tmp/ stray words\n",
			[]wantDiag{{2, SevWarning, CodePatternSpace}}},
		{"star pattern is fine", head + "ACAP-crawler: *\nACAP-disallow-index: *.gif$\n", nil},
		{"blank line in group", "User-agent: *\n\nDisallow: /\n",
			[]wantDiag{{2, SevWarning, CodeBlankInGroup}}},
		{"unknown field", "User-agent: *\nCache-delay: 5\n",
			[]wantDiag{{2, SevInfo, CodeUnknownField}}},
		{"unknown field suggestion", "User-agent: *\nCrawl-dealy: 5\n",
			[]wantDiag{{2, SevInfo, CodeUnknownField}}},
		{"a name that starts with sitemap is Google's Sitemap", "User-agent: *\nSitemapp: https://a.example/s.xml\n",
			[]wantDiag{{2, SevWarning, CodeMisspeltField}}},
		{"must-use-resource", head + "ACAP-crawler: *\nACAP-allow-index: /a/ must-use-resource=the-acap:extract:class:abstract\n",
			[]wantDiag{{3, SevInfo, CodePriorArrangement}}},
		{"must-include-resource", head + "ACAP-crawler: *\nACAP-allow-present: /a/ must-include-resource=the-acap:credit:id:c\n",
			[]wantDiag{{3, SevInfo, CodeNotReady}}},
		{"request", head + "ACAP-crawler: *\nACAP-request-take-down: /news/bad-story.htm\n",
			[]wantDiag{{3, SevInfo, CodeNotReady}}},
		{"request unknown action", head + "ACAP-crawler: *\nACAP-request-delete: /a\n",
			[]wantDiag{{3, SevError, CodeBadAction}}},
		{"ACAP before conventional", head + "ACAP-crawler: *\nACAP-disallow-crawl: /a\nUser-agent: *\nDisallow: /a\n",
			[]wantDiag{{2, SevInfo, CodeRecordsBeforeConv}}},
		{"ignore with colon", head + "ACAP-ignore-conventional-records:\nACAP-crawler: *\nACAP-allow-crawl: /\n",
			[]wantDiag{{2, SevError, CodeBadValueACAP}}},
		{"composite with unknown usage", head + "ACAP-composite-usage: basic crawl indx\nACAP-crawler: *\nACAP-allow-(basic): /\n",
			[]wantDiag{{2, SevError, CodeBadDefinition}, {4, SevError, CodeUndefinedUsage}}},
		{"qualified usage bad qualifier", head + "ACAP-qualified-usage: snip present-snippet max-length=ten-words\n",
			[]wantDiag{{2, SevError, CodeBadQualifierValue}}},
		{"crawl-delay value", "User-agent: *\nCrawl-delay: soon\nSitemap: /sitemap.xml\n",
			[]wantDiag{{2, SevWarning, CodeBadValue}, {3, SevWarning, CodeBadValue}}},
		{"2.0.0 fields", "User-agent: *\nRobot-version: 2.0.0\nVisit-time: 0600-0845\nRequest-rate: 1/10m 1300-1659\nComment: be gentle\nDisallow: /\n", nil},
		{"2.0.0 bad values", "User-agent: *\nRobot-version: two\nVisit-time: 6am\nRequest-rate: fast\nDisallow: /\n",
			[]wantDiag{{2, SevWarning, CodeBadValue}, {3, SevWarning, CodeBadValue}, {4, SevWarning, CodeBadValue}}},
		{"signals ok", "User-agent: *\nContent-Usage: train-ai=n\nContent-Usage: /blog/ train-genai=y\nContent-Signal: search=yes, ai-train=no\nLicense: https://example.com/license.xml\nAllow: /\n", nil},
		{"signals bad", "User-agent: *\nContent-Usage: train-ai=no\nContent-Signal: search=y, ai-trian=no\nLicense: license.xml\nAllow: /\n",
			[]wantDiag{{2, SevWarning, CodeSignalSyntax}, {3, SevWarning, CodeSignalSyntax}, {4, SevWarning, CodeSignalSyntax}}},
		{"empty record", head + "ACAP-crawler: *\n# nothing\n",
			[]wantDiag{{2, SevWarning, CodeEmptyRecord}}},
		{"missing version with records", "ACAP-crawler: *\nACAP-allow-crawl: /\n",
			[]wantDiag{{1, SevInfo, CodeVersionMissing}}},
		{"clean guide-like file", head + "User-agent: *\nDisallow: /\n\nACAP-resource-set: crawlable /public/ /news/\nACAP-qualified-usage: cache preserve time-limit=until-recrawled\nACAP-composite-usage: basic crawl index (cache) present\nACAP-crawler: *\nACAP-disallow-crawl: /\nACAP-crawler: named\nACAP-allow-(basic): the-acap:resource-set:crawlable\nACAP-usage-purpose: news\nACAP-allow-present-snippet: /news/ max-length=250-chars time-limit=until-2008-12-31\n",
			[]wantDiag{{10, SevWarning, CodeCrawlDrift}}}, // named may crawl /public/ the ACAP way, not the conventional way
		{"drift", "User-agent: bot\nDisallow: /a/\nACAP-crawler: bot\nACAP-disallow-crawl: /b/\n",
			[]wantDiag{{3, SevWarning, CodeCrawlDrift}}},
		{"no drift for crawlers the file does not name (guide Ex 1.5)", head + "User-agent: *\nDisallow: /\nACAP-crawler: *\nACAP-allow-crawl: /\n",
			nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := MustParse(tt.src)
			ds := CheckAll(f)
			var got []wantDiag
			for _, d := range ds {
				got = append(got, wantDiag{d.Pos.Line, d.Severity, d.Code})
			}
			for _, w := range tt.want {
				found := false
				for _, g := range got {
					if g == w {
						found = true
					}
				}
				if !found {
					t.Errorf("missing %s; got:\n%s", w, diagList(ds))
				}
			}
			// Nothing else of severity error or warning.
			for _, d := range ds {
				if d.Severity == SevInfo {
					continue
				}
				expected := false
				for _, w := range tt.want {
					if w.line == d.Pos.Line && w.code == d.Code {
						expected = true
					}
				}
				if !expected {
					t.Errorf("unexpected %s", d)
				}
			}
			for _, d := range ds {
				if d.Pos.Line < 1 || d.Pos.Offset > len(f.Src) || d.End.Offset < d.Pos.Offset || d.End.Offset > len(f.Src) || d.Message == "" || d.Section == "" {
					t.Errorf("malformed diagnostic %+v", d)
				}
			}
		})
	}
}

func TestFieldStatus(t *testing.T) {
	src := "##ACAP version=1.1\n" +
		"ACAP-qualified-usage: cache preserve time-limit=until-recrawled\n" + // 2
		"ACAP-crawler: *\n" + // 3
		"ACAP-allow-preserve: / time-limit=until-recrawl\n" + // 4: bad qualifier: prohibition
		"ACAP-allow preserve: /\n" + // 5: skipped
		"ACAP-disallow-(cache): /x\n" + // 6: local prohibition: prohibition
		"ACAP-allow-index: /\n" + // 7: ok
		"ACAP-disallow-index: / time-limit=3-days\n" // 8: prohibition without qualifiers
	f := MustParse(src)
	want := map[int]FieldStatus{4: StatusProhibit, 5: StatusSkipped, 6: StatusProhibit, 7: StatusOK, 8: StatusProhibit}
	for line, st := range want {
		if got := f.FieldAt(line).Status; got != st {
			t.Errorf("line %d: status %s, want %s", line, got, st)
		}
	}
	// A prohibited line's rules are prohibitions without qualifiers.
	r := f.FieldAt(4).Rules()
	if len(r) != 1 || r[0].Allow || r[0].Usage != UsagePreserve || r[0].Quals != nil {
		t.Errorf("line 4 rules = %+v", r)
	}
	r = f.FieldAt(6).Rules()
	if len(r) != 1 || r[0].Allow || r[0].Usage != UsagePreserve || r[0].Pattern != "/x" {
		t.Errorf("line 6 rules = %+v", r)
	}
}

func TestFixes(t *testing.T) {
	const head = "##ACAP version=1.1\n"
	tests := []struct {
		name, src, code, want string
	}{
		{"hyphen", head + "ACAP-crawler: *\nACAP-allow preserve: /\n", CodeUnknownACAPField,
			head + "ACAP-crawler: *\nACAP-allow-preserve: /\n"},
		{"present-links", head + "ACAP-crawler: *\nACAP-allow-present-links: /n/\n", CodeUnknownUsage,
			head + "ACAP-crawler: *\nACAP-allow-present-link: /n/\n"},
		{"until-recrawl", head + "ACAP-crawler: *\nACAP-allow-preserve: /n/ time-limit=until-recrawl\n", CodeBadQualifierValue,
			head + "ACAP-crawler: *\nACAP-allow-preserve: /n/ time-limit=until-recrawled\n"},
		{"missing colon", head + "ACAP-crawler: *\nACAP-allow-present-snippet /news/ max-length=20-words\n", CodeMissingColonACAP,
			head + "ACAP-crawler: *\nACAP-allow-present-snippet: /news/ max-length=20-words\n"},
		{"misplaced definition", head + "ACAP-crawler: *\nACAP-disallow-crawl: /\nACAP-resource-set: img /*.gif$\nACAP-crawler: b\nACAP-disallow-index: the-acap:resource-set:img\n", CodeDefinitionAfterRecord,
			head + "ACAP-resource-set: img /*.gif$\nACAP-crawler: *\nACAP-disallow-crawl: /\nACAP-crawler: b\nACAP-disallow-index: the-acap:resource-set:img\n"},
		{"three hashes", "###ACAP version=1.0\nACAP-crawler: *\nACAP-allow-crawl: /\n", CodeVersionForm,
			"##ACAP version=1.0\nACAP-crawler: *\nACAP-allow-crawl: /\n"},
		{"version on line 2", "# x\n##ACAP version=1.0\nACAP-crawler: *\nACAP-allow-crawl: /\n", CodeVersionNotFirst,
			"##ACAP version=1.0\n# x\nACAP-crawler: *\nACAP-allow-crawl: /\n"},
		{"dissallow", "User-agent: *\nDissallow: /a\n", CodeMisspeltField, "User-agent: *\nDisallow: /a\n"},
		{"crawler version", head + "ACAP-crawler: MSNPTC/1.0\nACAP-allow-crawl: /\n", CodeCrawlerVersion,
			head + "ACAP-crawler: MSNPTC\nACAP-allow-crawl: /\n"},
		{"leading slash (ACAP reads the slash, so the fix keeps the meaning)", head + "ACAP-crawler: *\nACAP-disallow-crawl: private/\n", CodePatternNoSlash, head + "ACAP-crawler: *\nACAP-disallow-crawl: /private/\n"},
		{"qualifier name", head + "ACAP-crawler: *\nACAP-allow-index: / time-limt=3-days\n", CodeUnknownQualifier,
			head + "ACAP-crawler: *\nACAP-allow-index: / time-limit=3-days\n"},
		{"signal value", "User-agent: *\nContent-Signal: ai-train=n\nAllow: /\n", CodeSignalSyntax,
			"User-agent: *\nContent-Signal: ai-train=no\nAllow: /\n"},
		{"local usage without parentheses", head + "ACAP-qualified-usage: cache preserve time-limit=3-days\nACAP-composite-usage: all crawl cache\n", CodeBadDefinition,
			head + "ACAP-qualified-usage: cache preserve time-limit=3-days\nACAP-composite-usage: all crawl (cache)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := MustParse(tt.src)
			var fix *Fix
			for _, d := range Check(f) {
				if d.Code == tt.code && d.Fix != nil {
					fix = d.Fix
					break
				}
			}
			if fix == nil {
				t.Fatalf("no %s diagnostic with a fix; got:\n%s", tt.code, diagList(Check(f)))
			}
			got := string(fix.Apply(f.Src))
			if got != tt.want {
				t.Fatalf("after %q:\n%s\nwant:\n%s", fix.Title, got, tt.want)
			}
			for _, d := range Check(MustParse(got)) {
				if d.Code == tt.code {
					t.Errorf("the fix did not remove the problem: %s", d)
				}
			}
		})
	}
}

func TestDefinitionsResolve(t *testing.T) {
	src := "##ACAP version=1.1\n" +
		"ACAP-resource-set: crawlable /public/ /news/\n" +
		"ACAP-qualified-usage: Cache preserve time-limit=until-recrawled\n" +
		"ACAP-qualified-usage: snip present-snippet max-length=30-words\n" +
		"ACAP-composite-usage: basic crawl index (snip) present-thumbnail\n" +
		"ACAP-crawler: named\n" +
		"ACAP-allow-(BASIC): the-acap:resource-set:Crawlable\n" + // 7
		"ACAP-allow-(cache): /x/\n" // 8
	f := MustParse(src)
	if ds := Check(f); len(ds) != 0 {
		t.Fatalf("unexpected diagnostics:\n%s", diagList(ds))
	}
	var got []string
	for _, r := range f.FieldAt(7).Rules() {
		got = append(got, fmt.Sprintf("%v %s %s %v [%s]", r.Allow, r.Usage, r.Pattern, r.Quals, r.Via))
	}
	want := []string{
		"true crawl /public/ [] [(basic) set crawlable]",
		"true crawl /news/ [] [(basic) set crawlable]",
		"true index /public/ [] [(basic) set crawlable]",
		"true index /news/ [] [(basic) set crawlable]",
		"true present-snippet /public/ [max-length=30-words] [(basic) (snip) set crawlable]",
		"true present-snippet /news/ [max-length=30-words] [(basic) (snip) set crawlable]",
		"true present-thumbnail /public/ [] [(basic) set crawlable]",
		"true present-thumbnail /news/ [] [(basic) set crawlable]",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("rules of line 7:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	r := f.FieldAt(8).Rules()
	if len(r) != 1 || r[0].Usage != UsagePreserve || len(r[0].Quals) != 1 || r[0].Quals[0].String() != "time-limit=until-recrawled" {
		t.Errorf("rules of line 8: %+v", r)
	}
}

func TestCheckReferences(t *testing.T) {
	main := MustParse("ACAP-crawler: a\nACAP-permissions-reference: /a.txt\nACAP-crawler: b\nACAP-permissions-reference: http://example.com/b.txt\nACAP-crawler: c\nACAP-permissions-reference: /missing.txt\n")
	a, _ := Parse("/a.txt", []byte("ACAP-crawler: *\nACAP-allow-crawl: /\n"))
	b, _ := Parse("/b.txt", []byte("ACAP-crawler: *\nACAP-permissions-reference: /a.txt\n"))
	var got []wantDiag
	for _, d := range CheckReferences(main, a, b) {
		got = append(got, wantDiag{d.Pos.Line, d.Severity, d.Code})
	}
	want := []wantDiag{{4, SevError, CodeReferenceChain}, {6, SevInfo, "acap-reference-not-open"}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestDriftMessageExample(t *testing.T) {
	f := MustParse("User-agent: bot\nDisallow: /private/\nACAP-crawler: bot\nACAP-disallow-crawl: /secret/\n")
	for _, d := range CheckAll(f) {
		if d.Code == CodeCrawlDrift {
			if strings.Contains(d.Message, "%") || !strings.Contains(d.Message, "/private/") && !strings.Contains(d.Message, "/secret/") {
				t.Errorf("drift message lacks a readable example: %s", d.Message)
			}
			return
		}
	}
	t.Errorf("no drift warning")
}
