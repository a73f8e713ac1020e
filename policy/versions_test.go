package policy

import (
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// change is a change a table test expects: kind, crawler, use, witness
// path and both answers in words (with their lines).
type change struct {
	kind          Kind
	crawler, use  string
	path          string
	before, after string
}

// changeOf writes a change of a report as the table tests do.
func changeOf(c VersionChange, crawler string, u Use) change {
	return change{c.Kind, crawler, u.String(), c.Path,
		AnswerText(c.Before) + " @" + itoa(c.Before.Line), AnswerText(c.After) + " @" + itoa(c.After.Line)}
}

// findChange returns the first change of a report for a crawler, kind and
// use.
func findChange(rep *VersionReport, crawler string, k Kind, use string) (change, bool) {
	for _, c := range rep.Changes {
		if c.Kind != k || !slices.Contains(c.Crawlers, crawler) {
			continue
		}
		for _, u := range c.Uses {
			if u.String() == use {
				return changeOf(c, crawler, u), true
			}
		}
	}
	return change{}, false
}

func TestCompareVersionsTable(t *testing.T) {
	tests := []struct {
		name          string
		before, after string
		opt           VersionOptions
		noChange      bool
		changes       []change // each must be reported (the first of its crawler, kind and use)
		same          []change // crawler, kind and use proved the same
	}{
		{name: "identical", before: "User-agent: *\nDisallow: /a\n", after: "User-agent: *\nDisallow: /a\n", noChange: true},
		{name: "comments and order", noChange: true,
			before: "User-agent: *\nDisallow: /a/\nDisallow: /b/\nAllow: /a/x\n",
			after:  "# moved\nUser-agent: *\nDisallow: /b/\nDisallow: /a/   # the section\nAllow: /a/x\n"},
		{name: "first match",
			before: "User-agent: *\nDisallow: /a/\nAllow: /a/x\n",
			after:  "User-agent: *\nAllow: /a/x\nDisallow: /a/\n",
			changes: []change{
				{KindDraft1996, "AnyOtherCrawler", "crawl", "/a/x", "not allowed @2", "allowed @2"},
			},
			same: []change{{kind: KindRFC9309, crawler: "AnyOtherCrawler", use: "crawl"}, {kind: KindREP1994, crawler: "AnyOtherCrawler", use: "crawl"}}},
		{name: "a blank line ends a record for the older kinds",
			before: "User-agent: *\nDisallow: /a/\nDisallow: /b/\n",
			after:  "User-agent: *\nDisallow: /a/\n\nDisallow: /b/\n",
			changes: []change{
				{KindDraft1996, "AnyOtherCrawler", "crawl", "/b/", "not allowed @3", "allowed @0"},
			},
			same: []change{{kind: KindRFC9309, crawler: "AnyOtherCrawler", use: "crawl"}, {kind: KindACAP, crawler: "AnyOtherCrawler", use: "present"}}},
		{name: "one rule changed",
			before: "User-agent: *\nDisallow: /a/\nDisallow: /b/\n",
			after:  "User-agent: *\nDisallow: /a/\nDisallow: /c/\n",
			changes: []change{
				{KindRFC9309, "AnyOtherCrawler", "crawl", "/b/", "not allowed @3", "allowed @0"},
				{KindACAP, "AnyOtherCrawler", "index", "/b/", "not allowed @3", "allowed @0"},
				{KindToday, "AnyOtherCrawler", "search", "/b/", "not crawled @3", "no preference @0"},
				{KindDraft1996, "AnyOtherCrawler", "crawl", "/b/", "not allowed @3", "allowed @0"},
			}},
		{name: "case",
			before: "User-agent: *\nDisallow: /Private\n",
			after:  "User-agent: *\nDisallow: /private\n",
			changes: []change{
				{KindRFC9309, "AnyOtherCrawler", "crawl", "/private", "allowed @0", "not allowed @2"},
			}},
		{name: "a preference",
			before: "User-agent: *\nAllow: /\nContent-Usage: train-ai=n\n",
			after:  "User-agent: *\nAllow: /\nContent-Usage: train-ai=y\n",
			changes: []change{
				{KindToday, "AnyOtherCrawler", "train-ai", "/", "disallowed @3", "allowed @3"},
			},
			same: []change{{kind: KindToday, crawler: "AnyOtherCrawler", use: "search"}, {kind: KindToday, crawler: "AnyOtherCrawler", use: "crawl"},
				{kind: KindRFC9309, crawler: "AnyOtherCrawler", use: "crawl"}}},
		{name: "a per-purpose token",
			before: "User-agent: *\nAllow: /\n",
			after:  "User-agent: *\nAllow: /\n\nUser-agent: Google-Extended\nDisallow: /\n",
			changes: []change{
				{KindToday, "Googlebot", "train-ai", "/", "no preference @0", "disallowed @5"},
			},
			same: []change{{kind: KindToday, crawler: "Googlebot", use: "search"}, {kind: KindToday, crawler: "AnyOtherCrawler", use: "train-ai"},
				{kind: KindToday, crawler: "Applebot", use: "train-ai"}}},
		{name: "a restriction",
			before: "ACAP-crawler: *\nACAP-allow-index: /news/ time-limit=7-days\n",
			after:  "ACAP-crawler: *\nACAP-allow-index: /news/ time-limit=30-days\n",
			changes: []change{
				{KindACAP, "AnyOtherCrawler", "index", "/news/", "allowed with restrictions: time-limit=7-days @2", "allowed with restrictions: time-limit=30-days @2"},
			},
			same: []change{{kind: KindACAP, crawler: "AnyOtherCrawler", use: "crawl"}, {kind: KindACAP, crawler: "AnyOtherCrawler", use: "preserve"}}},
		{name: "robots.txt stays allowed",
			before: "User-agent: *\nDisallow: /robots\n",
			after:  "User-agent: *\nDisallow: /robots.txt\n",
			changes: []change{
				{KindRFC9309, "AnyOtherCrawler", "crawl", "/robots", "not allowed @2", "allowed @0"},
			}},
		{name: "a crawler of the directory", opt: VersionOptions{Crawlers: []string{"GPTBot", "CCBot"}},
			before: "User-agent: *\nDisallow:\n",
			after:  "User-agent: *\nDisallow:\n\nUser-agent: GPTBot\nDisallow: /\n",
			changes: []change{
				{KindRFC9309, "GPTBot", "crawl", "/", "allowed @0", "not allowed @5"},
			},
			same: []change{{kind: KindRFC9309, crawler: "CCBot", use: "crawl"}}},
		{name: "part of a name",
			before: "User-agent: alphabet\nDisallow: /\n",
			after:  "User-agent: alphabet-soup\nDisallow: /\n",
			changes: []change{
				{KindRFC9309, "alphabet", "crawl", "/", "not allowed @2", "allowed @0"},
				{KindRFC9309, "alphabet-soup", "crawl", "/", "allowed @0", "not allowed @2"},
			},
			// A 1996 crawler called "alpha" reads both records.
			same: []change{{kind: KindDraft1996, crawler: "alphabet", use: "crawl"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := CompareVersions(MustParse(tt.before), MustParse(tt.after), tt.opt)
			if rep.NoChange() != tt.noChange || !rep.Proved() {
				t.Fatalf("no change %v, proved %v; changes %+v", rep.NoChange(), rep.Proved(), rep.Changes)
			}
			for _, w := range tt.changes {
				got, ok := findChange(&rep, w.crawler, w.kind, w.use)
				if !ok || got != w {
					t.Errorf("got %+v (%v), want %+v", got, ok, w)
				}
			}
			for _, s := range tt.same {
				u, _ := parseUse(s.use)
				if st := rep.Status(s.crawler, s.kind, u); st != VersionSame {
					t.Errorf("%s %s %s: status %v, want the same", s.crawler, s.kind, s.use, st)
				}
			}
			k := 2
			if runtime.GOOS == "js" {
				k = 1 // some five times slower under Node
			}
			checkVersions(t, tt.before, tt.after, rep, versionNames(MustParse(tt.before), MustParse(tt.after)), versionPaths(k))
		})
	}
}

// parseUse reads a use as Use.String writes it.
func parseUse(s string) (Use, bool) {
	if c, ok := ParseCategory(s); ok {
		return Use{Category: c}, true
	}
	u, ok := ParseUsage(s)
	return Use{Usage: u}, ok
}

// TestCompareVersionsBounds: a bound too small to finish leaves uses open,
// never the same; a time cap that has passed says so.
func TestCompareVersionsBounds(t *testing.T) {
	before := MustParse("User-agent: *\nDisallow: /*a*b*c\nAllow: /*b*a\n")
	after := MustParse("User-agent: *\nAllow: /*b*a\nDisallow: /*a*b*c\n# reordered\n")
	rep := CompareVersions(before, after, VersionOptions{Kinds: []Kind{KindDraft1996}, MaxStates: 3})
	g := rep.Group("AnyOtherCrawler", KindDraft1996)
	if rep.Proved() || rep.NoChange() || g == nil || len(g.Open) != 1 || g.Stop != StopStates || g.Complete {
		t.Fatalf("bounded: %+v", rep)
	}
	if st := rep.Status("AnyOtherCrawler", KindDraft1996, Use{Usage: UsageCrawl}); st != VersionOpen {
		t.Errorf("status %v, want open", st)
	}
	full := CompareVersions(before, after, VersionOptions{Kinds: []Kind{KindDraft1996}})
	if !full.Proved() {
		t.Fatalf("unbounded: %+v", full)
	}
	timed := CompareVersions(before, after, VersionOptions{Kinds: []Kind{KindDraft1996}, Deadline: time.Now().Add(-time.Second)})
	if !timed.TimeStopped || timed.Proved() || timed.Groups[0].Stop != StopTime {
		t.Errorf("past the time cap: %+v", timed)
	}
	if StopTime.String() == "" || StopStates.String() == "" || StopWork.String() == "" {
		t.Error("a stop without words")
	}
	// MaxWork: the searches past it stop.
	work := CompareVersions(before, after, VersionOptions{Kinds: []Kind{KindDraft1996}, MaxWork: 2})
	if work.Proved() || work.Groups[0].Stop != StopWork {
		t.Errorf("past the work: %+v", work.Groups)
	}
}

// TestCompareVersionsPause: a time cap that Pause moves gives the report
// of no cap.
func TestCompareVersionsPause(t *testing.T) {
	before, after := benchVersions(t, "testdata/bench/bench_robots.txt", "flip")
	opt := VersionOptions{Kinds: []Kind{KindRFC9309, KindToday}}
	plain := CompareVersions(before, after, opt)
	calls, pauses := 0, 0
	opt.Deadline = time.Now()
	opt.Pause = func() time.Time { pauses++; return time.Now().Add(time.Millisecond) }
	opt.Yield = func() { calls++ }
	paused := CompareVersions(before, after, opt)
	if calls == 0 || pauses == 0 || paused.TimeStopped {
		t.Fatalf("%d yields, %d pauses, time stopped %v", calls, pauses, paused.TimeStopped)
	}
	if paused.States != plain.States || len(paused.Changes) != len(plain.Changes) || paused.Proved() != plain.Proved() {
		t.Errorf("paused: %d states, %d changes; plain: %d, %d", paused.States, len(paused.Changes), plain.States, len(plain.Changes))
	}
}

// TestCompareVersionsUnread: what the comparison does not read is said.
func TestCompareVersionsUnread(t *testing.T) {
	src := "ACAP-crawler: *\nACAP-usage-purpose: news\nACAP-disallow-index: /\n\nACAP-crawler: bot\nACAP-permissions-reference: /acap.txt\n"
	rep := CompareVersions(MustParse(src), MustParse(src), VersionOptions{})
	if rep.Proved() || rep.NoChange() || len(rep.Unread) != 4 {
		t.Fatalf("unread %q", rep.Unread)
	}
	if !strings.Contains(strings.Join(rep.Unread, "\n"), "purpose") || !strings.Contains(strings.Join(rep.Unread, "\n"), "/acap.txt") && !strings.Contains(strings.Join(rep.Unread, "\n"), "permissions-reference") {
		t.Errorf("unread %q", rep.Unread)
	}
}

// TestCompareVersionsClasses: the crawlers compared are those the versions
// name, those asked for, and one of each class of the others, each once.
func TestCompareVersionsClasses(t *testing.T) {
	before := MustParse("User-agent: Googlebot\nDisallow: /g\n\nUser-agent: AnyOtherCrawler\nDisallow:\n")
	after := MustParse("User-agent: bingbot/2.0\nDisallow: /b\n")
	rep := CompareVersions(before, after, VersionOptions{Crawlers: []string{"GPTBot", "googlebot"}})
	for _, n := range []string{"Googlebot", "AnyOtherCrawler", "bingbot", "GPTBot", "AnyOtherCrawlerX"} {
		if !slices.Contains(rep.Crawlers, n) {
			t.Errorf("%s not compared: %v", n, rep.Crawlers)
		}
	}
	if slices.Contains(rep.Crawlers, "googlebot") || !slices.Contains(rep.Crawlers, "GooglebotX") {
		t.Errorf("crawlers %v", rep.Crawlers)
	}
	if rep.Who("AnyOtherCrawlerX") != "crawlers neither version names" || rep.Who("GPTBot") != "GPTBot" {
		t.Errorf("who: %q, %q", rep.Who("AnyOtherCrawlerX"), rep.Who("GPTBot"))
	}
	for _, k := range rep.Kinds {
		n := 0
		for _, g := range rep.Groups {
			if g.Kind == k {
				n += len(g.Crawlers)
			}
		}
		if n != len(rep.Crawlers) {
			t.Errorf("%s: %d crawlers in groups, %d compared", k, n, len(rep.Crawlers))
		}
	}
}
