package policy

import (
	"strings"
	"testing"
)

// TestDecideTrace checks that answers explain themselves: the deciding line,
// and trace steps of the expected kinds mentioning the expected lines.
func TestDecideTrace(t *testing.T) {
	const file = `##ACAP version=1.1
User-agent: *
Disallow: /old/
ACAP-qualified-usage: snip present-snippet max-length=20-words
ACAP-crawler: Other
ACAP-disallow-crawl: /private/
ACAP-disallow-other: /
ACAP-allow-crawl: /
ACAP-crawler: SearchBot
ACAP-allow-crawl: /
ACAP-allow-index: /news/ time-limit=until-2008-12-31
ACAP-disallow-index: /news/*.htm$
ACAP-allow-present: /news/
ACAP-disallow-present: /news/
ACAP-allow-(snip): /
ACAP-allow preserve: /news/
ACAP-disallow-preserve: /a
ACAP-allow-present-currentcopy: /b
ACAP-usage-purpose: archive
ACAP-allow-preserve: /
`
	pol := NewPolicy(MustParse(file))
	tests := []struct {
		name    string
		q       Question
		allowed bool
		line    int
		steps   []StepKind
		text    string // a phrase the trace must contain
	}{
		{"narrower prohibition wins", Question{Crawler: "SearchBot", URL: "/news/a.htm", Usage: UsageIndex}, false, 12,
			[]StepKind{StepRecords, StepMatch, StepScope, StepLayer}, "first differ at character 7"},
		{"time limit expired", Question{Crawler: "SearchBot", URL: "/news/a.html", Usage: UsageIndex, Date: Date{2009, 1, 1}}, false, 11,
			[]StepKind{StepExpired}, "expired"},
		{"time limit on its last day", Question{Crawler: "SearchBot", URL: "/news/a.html", Usage: UsageIndex, Date: Date{2008, 12, 31}}, true, 11,
			[]StepKind{StepRestriction}, "time-limit=until-2008-12-31"},
		{"identical patterns conflict: prohibited", Question{Crawler: "SearchBot", URL: "/news/x", Usage: UsagePresent}, false, 14,
			[]StepKind{StepUndecided}, "cannot tell which is narrower"},
		{"skipped line shown", Question{Crawler: "SearchBot", URL: "/news/x", Usage: UsagePreserve}, true, 0,
			[]StepKind{StepSkipped, StepDefault}, "has an error and is skipped"},
		{"dependency on preserve", Question{Crawler: "SearchBot", URL: "/ab", Usage: UsagePresentCurrentCopy}, false, 17,
			[]StepKind{StepDependency}, "needs preserve"},
		{"purpose sub-record", Question{Crawler: "SearchBot", URL: "/a", Usage: UsagePreserve, Purpose: "Archive"}, true, 20,
			[]StepKind{StepLayer}, "sub-records for the purpose"},
		{"other for a silent usage", Question{Crawler: "Other", URL: "/x", Usage: UsageFollow}, false, 7,
			[]StepKind{StepOther}, "fields for other decide"},
		{"conventional reading for crawl", Question{Crawler: "Third", URL: "/old/x"}, false, 3,
			[]StepKind{StepConventional}, "conventional"},
		{"robots.txt", Question{Crawler: "Other", URL: "https://example.com/robots.txt"}, true, 0,
			[]StepKind{StepURL, StepRobotsTxt}, "always"},
		{"local usage restrictions", Question{Crawler: "SearchBot", URL: "/x", Usage: UsagePresentSnippet}, true, 15,
			[]StepKind{StepRestriction}, "max-length=20-words"},
		{"rfc9309 follows crawl", Question{Crawler: "SearchBot", URL: "/old/a", Usage: UsageIndex, Kind: KindRFC9309}, false, 3,
			[]StepKind{StepFollowsCrawl, StepMatch}, "knows only crawling"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := pol.Decide(tt.q)
			if a.Allowed != tt.allowed || a.Line != tt.line {
				t.Errorf("got allowed=%v line=%d, want %v line %d\n%s", a.Allowed, a.Line, tt.allowed, tt.line, a.Trace)
			}
			for _, k := range tt.steps {
				found := false
				for _, s := range a.Trace.Steps {
					found = found || s.Kind == k
				}
				if !found {
					t.Errorf("no step of kind %d in\n%s", k, a.Trace)
				}
			}
			if !strings.Contains(a.Trace.String(), tt.text) {
				t.Errorf("trace lacks %q:\n%s", tt.text, a.Trace)
			}
			last := a.Trace.Steps[len(a.Trace.Steps)-1]
			if last.Kind != StepDecision {
				t.Errorf("trace does not end with the decision")
			}
		})
	}
}

func TestMatrixAgreesWithDecide(t *testing.T) {
	f := MustParse(guideSized)
	pol := NewPolicy(f)
	urls := []string{"/", "/news/a.htm", "https://x.example/TEXTS/a.gif?x", "/private/p", "/news/"}
	base := Question{Crawler: "SearchBot1", Purpose: "news", Date: Date{2026, 1, 1}}
	m := pol.Matrix(base, urls, UsesOf(KindACAP), Kinds())
	if len(m) != len(urls)*len(Usages())*len(Kinds()) {
		t.Fatalf("matrix has %d answers", len(m))
	}
	i := 0
	for _, url := range urls {
		for _, u := range Usages() {
			for _, k := range Kinds() {
				q := base
				q.URL, q.Usage, q.Kind = url, u, k
				a := NewPolicy(f).Decide(q)
				if a.Allowed != m[i].Allowed || a.Line != m[i].Line || a.Trace.String() != m[i].Trace.String() {
					t.Errorf("%s %s %s: matrix %v/%d, alone %v/%d", url, u, k, m[i].Allowed, m[i].Line, a.Allowed, a.Line)
				}
				i++
			}
		}
	}
}

func TestTraceLines(t *testing.T) {
	pol := NewPolicy(MustParse("User-agent: *\nDisallow: /a\nAllow: /a/b\n"))
	a := pol.Decide(Question{Crawler: "x", URL: "/a/b/c", Kind: KindRFC9309})
	got := a.Trace.Lines()
	if len(got) < 3 || got[0] != 1 {
		t.Errorf("trace lines = %v, want the group's line 1 and rules 2 and 3", got)
	}
}

func TestKindNames(t *testing.T) {
	for _, k := range Kinds() {
		if got, ok := ParseKind(k.String()); !ok || got != k {
			t.Errorf("ParseKind(%q) = %v, %v", k.String(), got, ok)
		}
		if k.Title() == "crawler" {
			t.Errorf("%s has no title", k)
		}
	}
	if _, ok := ParseKind("googlebot"); ok {
		t.Errorf("ParseKind accepted an unknown kind")
	}
}

// TestDecideLinearTime: a pattern of 1,000 '*' against a 100 KiB path
// decides quickly for every kind.
func TestDecideLinearTime(t *testing.T) {
	pat := "/" + strings.Repeat("*", 1000) + "x$"
	src := "User-agent: *\nDisallow: " + pat + "\nACAP-crawler: *\nACAP-disallow-crawl: " + pat + "\n"
	pol := NewPolicy(MustParse(src))
	url := "/" + strings.Repeat("ab", 50<<10)
	for _, k := range Kinds() {
		a := pol.Decide(Question{Crawler: "bot", URL: url, Kind: k})
		if !a.Allowed {
			t.Errorf("%s: a path not ending in x is forbidden", k)
		}
	}
}

// TestNarrowestIgnoresLineOrder checks the reading of §2.4.5 with several
// fields a side: a side wins when one of its fields is narrower than every
// field of the other side, whatever the order of the lines. Here /*b/ is
// narrower than /*b, while /*/a cannot be ordered with either.
func TestNarrowestIgnoresLineOrder(t *testing.T) {
	tests := []struct {
		name    string
		lines   []string
		path    string
		allowed bool
		line    int
	}{
		{"unordered permission first", []string{"ACAP-allow-crawl: /*/a", "ACAP-allow-crawl: /*b/", "ACAP-disallow-crawl: /*b"}, "/xb/a", true, 3},
		{"unordered permission second", []string{"ACAP-allow-crawl: /*b/", "ACAP-allow-crawl: /*/a", "ACAP-disallow-crawl: /*b"}, "/xb/a", true, 2},
		{"agreeing unordered permissions: the first line", []string{"ACAP-allow-crawl: /*b/", "ACAP-allow-crawl: /*/a"}, "/xb/a", true, 2},
		{"agreeing, the narrower second", []string{"ACAP-allow-crawl: /*b", "ACAP-allow-crawl: /*b/"}, "/xb/a", true, 3},
		{"prohibition last", []string{"ACAP-disallow-crawl: /*b", "ACAP-allow-crawl: /*/a", "ACAP-allow-crawl: /*b/"}, "/xb/a", true, 4},
		{"no permission narrower: prohibited", []string{"ACAP-allow-crawl: /*/a", "ACAP-disallow-crawl: /*b"}, "/xb/a", false, 3},
		{"two prohibitions, one narrower than the permission", []string{"ACAP-disallow-crawl: /*/a", "ACAP-disallow-crawl: /*b/", "ACAP-allow-crawl: /*b"}, "/xb/a", false, 3},
		{"prohibitions that cannot be ordered with the permission", []string{"ACAP-disallow-crawl: /*/a", "ACAP-allow-crawl: /*b"}, "/xb/a", false, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := MustParse("ACAP-crawler: *\n" + strings.Join(tt.lines, "\n") + "\n")
			a := NewPolicy(f).Decide(Question{Crawler: "bot", URL: tt.path, Kind: KindACAP})
			if a.Allowed != tt.allowed || a.Line != tt.line {
				t.Errorf("allowed %v line %d, want %v line %d; trace %v", a.Allowed, a.Line, tt.allowed, tt.line, a.Trace.Steps)
			}
		})
	}
}
