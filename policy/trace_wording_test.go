package policy

import (
	"regexp"
	"strings"
	"testing"
)

// TestTraceWording asks every kind about files with one and with several
// groups, records and references, and checks the traces for grammar slips
// that come from putting sentences together ("applys", "1 records").
func TestTraceWording(t *testing.T) {
	slips := regexp.MustCompile(`\bapplys\b|\b1 of its records apply\b|\b1 (records|groups|lines)\b|\b(the|[0-9]+) (ACAP |User-agent )?(records|groups)( naming \S+)? applies\b|\b(record|group)( naming \S+)? apply\b|\ban? an?\b|  |\s[,.;:]|\.\.|\bthe the\b`)
	files := []string{
		"User-agent: a\nDisallow: /x\n",
		"User-agent: a\nDisallow: /x\n\nUser-agent: a\nAllow: /x/y\n",
		"User-agent: *\nDisallow: /x\n",
		"User-agent: *\nDisallow: /x\n\nUser-agent: *\nAllow: /x/y\n",
		"ACAP-crawler: a\nACAP-disallow-index: /x\n",
		"ACAP-crawler: a\nACAP-disallow-index: /x\n\nACAP-crawler: a\nACAP-allow-index: /x/y\n",
		"ACAP-crawler: *\nACAP-disallow-index: /x\n\nACAP-crawler: *\nACAP-allow-index: /x/y\n",
		"ACAP-crawler: a\nACAP-permissions-reference: /r.txt\n",
		"ACAP-crawler: *\nACAP-permissions-reference: /r.txt\n",
	}
	refs := []string{
		"ACAP-crawler: a\nACAP-disallow-index: /x\n",
		"ACAP-crawler: a\nACAP-disallow-index: /x\n\nACAP-crawler: *\nACAP-allow-index: /x/y\n",
	}
	for _, src := range files {
		for _, ref := range refs {
			r, _ := Parse("/r.txt", []byte(ref))
			pol := NewPolicy(MustParse(src), r)
			for _, k := range Kinds() {
				for _, c := range []string{"a", "b"} {
					for _, u := range []Usage{UsageCrawl, UsageIndex} {
						a := pol.Decide(Question{Crawler: c, URL: "/x/y", Usage: u, Kind: k})
						for _, s := range a.Trace.Steps {
							if m := slips.FindString(s.Text); m != "" {
								t.Errorf("%q, %s %s %s: %q in %q", src, k, c, u, m, s.Text)
							}
						}
					}
				}
			}
		}
	}
}

// TestOlderEmptyRecordTrace: an older kind's record ended by a blank line
// before any rule is the crawler's record, and the trace says why it
// forbids nothing (READING.md §8).
func TestOlderEmptyRecordTrace(t *testing.T) {
	pol := NewPolicy(MustParse("User-agent: OldBot\n\nDisallow: /p\n\nUser-agent: *\nDisallow: /\n"))
	for _, k := range []Kind{KindDraft1996, KindREP1994, KindV2Proposal} {
		a := pol.Decide(Question{Crawler: "OldBot", URL: "/p", Kind: k})
		said := false
		for _, s := range a.Trace.Steps {
			if s.Kind == StepNote && s.Line == 1 && strings.Contains(s.Text, "forbids nothing") && strings.Contains(s.Text, "does not take its place") {
				said = true
			}
		}
		if !a.Allowed || a.Line != 0 || !said {
			t.Errorf("%s: allowed %v, line %d, trace:\n%s", k, a.Allowed, a.Line, a.Trace)
		}
		if b := pol.Decide(Question{Crawler: "Other", URL: "/p", Kind: k}); b.Allowed || b.Line != 6 {
			t.Errorf("%s, another crawler: allowed %v, line %d", k, b.Allowed, b.Line)
		}
	}
}
