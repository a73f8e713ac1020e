package policy

import (
	"fmt"
	"math/rand"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// onlyCaseOrNamePart reports whether a report is complete and every
// difference it found is of case or for crawlers an older source gives a
// record by part of their names (neither of which an ACAP line can
// remove).
func onlyCaseOrNamePart(r *EquivalenceReport) bool { return r.OnlyCaseOrNamePart() }

// askAll asks a crawler about paths in the three readings: the answers
// and deciding lines, as one string per path.
func askAll(rd threeReadings, crawler string, paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		a, b, co := rd.ask(crawler, "https://example.com"+p)
		out[i] = strings.Join([]string{itoa(b2i(a.Allowed)), itoa(a.Line), itoa(b2i(b.Allowed)), itoa(b.Line), itoa(b2i(co))}, ",")
	}
	return out
}

// checkCovers checks that every crawler name asked gets, on every path,
// the answers and deciding lines of a crawler the report compared: what
// the report claims for that one (checkAgainstOracle checks it) then
// holds for the name asked.
func checkCovers(t *testing.T, src string, old *File, kind Kind, conv *File, rep EquivalenceReport, names, paths []string) {
	t.Helper()
	rd := newThreeReadings(old, kind, conv)
	if dup := slices.Compact(slices.Sorted(slices.Values(rep.Crawlers))); len(dup) != len(rep.Crawlers) {
		t.Fatalf("file:\n%s\na crawler compared twice: %v", src, rep.Crawlers)
	}
	byCrawler := map[string][]string{}
	for _, c := range rep.Crawlers {
		byCrawler[c] = askAll(rd, c, paths)
	}
	for _, n := range names {
		got := askAll(rd, n, paths)
		found := false
		for _, c := range rep.Crawlers {
			if slices.Equal(byCrawler[c], got) {
				found = true
				break
			}
		}
		if !found {
			t.Fatalf("%s file:\n%s\ncrawler %q reads the files as no crawler of the report (%v) does: nothing covers it", kind, src, n, rep.Crawlers)
		}
	}
}

// namesToAsk returns crawler names for a file: the parts of its
// User-agent values (cut at '/', trimmed), some names it does not use, and
// the stand-in name of the unnamed crawler with a letter more.
func namesToAsk(f *File) []string {
	out := []string{"zzz", "AnyOtherCrawler", "AnyOtherCrawlerX", "AnyOtherCrawlerXX", "q"}
	for _, g := range f.Groups {
		for _, a := range g.Agents {
			for _, seg := range strings.Split(a.Value.Text, "/") {
				seg = strings.TrimSpace(seg)
				for i := 0; i < len(seg); i++ {
					for j := i + 1; j <= len(seg) && j-i <= 12; j++ {
						if w := seg[i:j]; w == strings.TrimSpace(w) {
							out = append(out, w)
						}
					}
				}
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestProofUnnamedCrawlerNamedByFile: a file that names "AnyOtherCrawler"
// does not hide the crawlers it does not name: the stand-in for them must
// not be a name the file uses, or the '*' group is never compared.
func TestProofUnnamedCrawlerNamedByFile(t *testing.T) {
	for _, tt := range []struct {
		src, path string
		caseOnly  bool
	}{
		{"User-agent: AnyOtherCrawler\nDisallow:\n\nUser-agent: *\nDisallow: /a\n", "/A", true},
		{"User-agent: AnyOtherCrawler\nDisallow:\n\nUser-agent: *\nAllow: /*?1=\nDisallow: /*?2=\n", "/?1=?2=", false},
		{"User-agent: anyothercrawler\nDisallow:\n\nUser-agent: AnyOtherCrawlerX\nDisallow:\n\nUser-agent: *\nDisallow: /a\n", "/A", true},
	} {
		old := MustParse(tt.src)
		conv := Convert(old, ConvertOptions{Bounds: CompareOptions{Deadline: time.Now().Add(time.Minute)}})
		cf := MustParse(string(conv.Text))
		rep := conv.Report
		rd := newThreeReadings(old, KindRFC9309, cf)
		a, b, co := rd.ask("zzz", tt.path)
		if a.Allowed != b.Allowed {
			// The readings differ for a crawler the file does not name:
			// the report must say so.
			if rep.Equivalent() || (!co && rep.OnlyCase()) || co != tt.caseOnly {
				t.Errorf("file:\n%s\nzzz %s: rfc9309 %v, acap %v (of case %v); report claims equivalent %v, only case %v: %+v", tt.src, tt.path, a.Allowed, b.Allowed, co, rep.Equivalent(), rep.OnlyCase(), rep)
			}
		}
		if len(rep.Classes) == 0 || strings.EqualFold(rep.Classes[0].Name, "AnyOtherCrawler") || rep.Who(rep.Classes[0].Name) != "crawlers the file does not name" {
			t.Errorf("file:\n%s\nthe unnamed crawler is asked as %+v", tt.src, rep.Classes)
		}
		checkCovers(t, tt.src, old, KindRFC9309, cf, rep, namesToAsk(old), bruteOracle(2))
		checkAgainstOracle(t, tt.src, old, KindRFC9309, cf, CompareReadings(old, KindRFC9309, cf), bruteOracle(3))
	}
}

// TestProofSubstringCrawlers: a 1996-draft source gives a record to every
// crawler whose name is part of its User-agent; the proof covers them:
// the draft refuses "/" to crawler "alpha" under a record for "alphabet",
// and ACAP allows it.
func TestProofSubstringCrawlers(t *testing.T) {
	for _, tt := range []struct {
		src, crawler, path string
	}{
		{"User-agent: alphabet\nDisallow: /\n", "alpha", "/"},
		{"User-agent: Google-Extended\nDisallow: /\n\nUser-agent: Googlebot\nAllow: /\n\nUser-agent: *\nDisallow: /x\n", "google", "/"},
		{"User-agent: Mozilla/5.0 (compatible; applebot)\nDisallow: /a\n", "applebot", "/a"},
	} {
		old := MustParse(tt.src)
		conv := Convert(old, ConvertOptions{Source: KindDraft1996, Bounds: CompareOptions{Deadline: time.Now().Add(time.Minute)}})
		cf := MustParse(string(conv.Text))
		rep := conv.Report
		rd := newThreeReadings(old, KindDraft1996, cf)
		a, b, _ := rd.ask(tt.crawler, tt.path)
		if a.Allowed == b.Allowed {
			t.Fatalf("file:\n%s\n%s %s: the readings agree (%v)", tt.src, tt.crawler, tt.path, a.Allowed)
		}
		if rep.OnlyCase() || rep.Equivalent() {
			t.Errorf("file:\n%s\n%s %s: draft %v, acap %v, yet the report claims equivalence: %+v", tt.src, tt.crawler, tt.path, a.Allowed, b.Allowed, rep)
		}
		var who []string
		for _, d := range rep.Differences {
			if d.NamePart {
				who = append(who, rep.Who(d.Crawler))
			}
		}
		if len(who) == 0 || !strings.Contains(who[0], "part of") {
			t.Errorf("file:\n%s\nno difference for crawlers given a record by part of their names: %+v", tt.src, rep.Differences)
		}
		if !rep.OnlyCaseOrNamePart() {
			t.Errorf("file:\n%s\ndifferences the converter should have removed: %+v", tt.src, rep.Differences)
		}
		checkCovers(t, tt.src, old, KindDraft1996, cf, rep, namesToAsk(old), bruteOracle(2))
		checkAgainstOracle(t, tt.src, old, KindDraft1996, cf, CompareReadings(old, KindDraft1996, cf), bruteOracle(3))
	}
}

// TestWitnessReplays: a witness pasted as a URL asks the same question:
// for "Disallow: //a", a witness "//A" would be read by a URL as a host.
func TestWitnessReplays(t *testing.T) {
	for _, src := range []string{
		"User-agent: *\nDisallow: //a\n",
		"User-agent: *\nDisallow: //\nAllow: //*x$\n",
		"User-agent: bot\nDisallow: /robots.txt\n",
	} {
		old := MustParse(src)
		conv := Convert(old, ConvertOptions{})
		cf := MustParse(string(conv.Text))
		if len(conv.Report.Differences) == 0 {
			t.Fatalf("file:\n%s\nno witness", src)
		}
		rd := newThreeReadings(old, KindRFC9309, cf)
		for _, d := range conv.Report.Differences {
			a, b, _ := rd.ask(d.Crawler, d.Path)
			if a.Allowed != d.Source || b.Allowed != d.ACAP || a.Line != d.SourceLine || b.Line != d.ACAPLine {
				t.Errorf("file:\n%s\nwitness %+v pasted as a URL (read as %q): rfc9309 %v line %d, acap %v line %d", src, d, PathOf(d.Path), a.Allowed, a.Line, b.Allowed, b.Line)
			}
		}
		for _, dg := range CheckDrift(cf) {
			_ = dg // the drift message quotes d.Path as written
		}
	}
}

// FuzzProofCrawlers asks crawler names a file does not name, among them
// parts of its User-agent values, against the brute-force oracle: each
// reads the files as a crawler the report compared.
func FuzzProofCrawlers(f *testing.F) {
	for _, seed := range []int64{1, 2, 3, 1996, 9309} {
		f.Add(seed)
	}
	paths := bruteOracle(2)
	agents := []string{"*", "alpha", "alphabet", "Bot-X/1.0", "AnyOtherCrawler", "google", "Google-Extended", "bet", "x alpha y"}
	f.Fuzz(func(t *testing.T, seed int64) {
		r := rand.New(rand.NewSource(seed))
		var b strings.Builder
		for g := 0; g < 1+r.Intn(4); g++ {
			b.WriteString("User-agent: " + agents[r.Intn(len(agents))] + "\n")
			for n := 0; n < r.Intn(3); n++ {
				b.WriteString([]string{"Disallow: ", "Allow: "}[r.Intn(2)] + genPattern(r) + "\n")
			}
			b.WriteString("\n")
		}
		src := b.String()
		old := MustParse(src)
		kind := []Kind{KindRFC9309, KindDraft1996}[r.Intn(2)]
		conv := Convert(old, ConvertOptions{Source: kind, Bounds: CompareOptions{Deadline: time.Now().Add(time.Minute)}})
		cf := MustParse(string(conv.Text))
		checkCovers(t, src, old, kind, cf, conv.Report, namesToAsk(old), paths)
		rep := CompareReadings(old, kind, cf)
		checkCovers(t, src, old, kind, cf, rep, namesToAsk(old), paths)
		checkAgainstOracle(t, src, old, kind, cf, rep, bruteOracle(3))
	})
}

// reportKey writes what a conversion claims, to compare runs.
func reportKey(c *Conversion) string {
	r := c.Report
	return fmt.Sprintf("%s|%v|%v|%v|%v|%v|%d|%d|%d|%+v|%q", c.Text, r.Crawlers, r.Proved, r.NotProved, r.Stopped, r.CaseOpen,
		r.States, r.CaseCount, r.OtherCount, r.Differences, c.Notes)
}

// TestProofOneVerdict: the report depends only on the input and the
// bounds: the same with one thread or two, with a
// yield that sleeps (as the page does), and with a time cap whose Pause
// gives more time each time; a time cap without Pause says that time
// stopped the work. The old bound was wall time: a slowed run proved less.
func TestProofOneVerdict(t *testing.T) {
	bench, err := os.ReadFile("testdata/bench/bench_robots.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []struct {
		name string
		src  string
		work int
	}{
		{"agents", manyAgentsFile(), 1000},
		{"bench50KiB", string(bench), 0},
		{"substring", "User-agent: alphabet\nDisallow: /\n\nUser-agent: *\nAllow: /*?1=\nDisallow: /*?2=\n", 0},
	} {
		f := MustParse(in.src)
		run := func(procs int, b CompareOptions) *Conversion {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
			b.MaxWork = in.work
			return Convert(f, ConvertOptions{Bounds: b})
		}
		want := run(1, CompareOptions{})
		if want.Report.TimeStopped {
			t.Fatalf("%s: stopped by time without a time cap", in.name)
		}
		if in.work > 0 && len(want.Report.NotProved) == 0 {
			t.Fatalf("%s: MaxWork %d stopped no proof", in.name, in.work)
		}
		calls := 0
		slow := func() {
			if calls++; calls%50 == 0 {
				time.Sleep(time.Millisecond)
			}
		}
		pauses := 0
		for _, v := range []struct {
			name  string
			procs int
			b     CompareOptions
		}{
			{"two threads", 2, CompareOptions{}},
			{"slowed", 2, CompareOptions{Yield: slow}},
			{"paused", 2, CompareOptions{Deadline: time.Now(), Pause: func() time.Time {
				pauses++
				return time.Now().Add(time.Millisecond)
			}}},
		} {
			got := run(v.procs, v.b)
			if got.Report.TimeStopped || reportKey(got) != reportKey(want) {
				t.Errorf("%s, %s: the report differs from one thread's (time stopped %v):\n%.400s\nwant\n%.400s", in.name, v.name, got.Report.TimeStopped,
					reportKey(got), reportKey(want))
			}
		}
		if pauses == 0 {
			t.Errorf("%s: Pause never called", in.name)
		}
		capped := run(2, CompareOptions{Deadline: time.Now()})
		if !capped.Report.TimeStopped || capped.Report.Complete() {
			t.Errorf("%s: a time cap already past: time stopped %v, complete %v", in.name, capped.Report.TimeStopped, capped.Report.Complete())
		}
	}
}

// TestTwoWildcardRepair: Allow /*X against Disallow /*Y, where RFC 9309
// prefers X, is restored by lines ACAP ranks narrower than /*Y: such
// differences are not irremovable. Paths with X and Y in either order, overlapping, after
// various first units, get the source's answer but for case; beyond the
// line cap the difference is left and marked Wildcards.
func TestTwoWildcardRepair(t *testing.T) {
	for _, tt := range []struct {
		x, y  string
		lines int // lines the repair adds
	}{
		{"?lang=", "?q=", 233},
		{"abc", "cd", 465},
		{"abcd", "bc", 465},
		{"aba", "ab", 465},
		{"?1=", "?2=", 233},
	} {
		src := "User-agent: *\nAllow: /*" + tt.x + "\nDisallow: /*" + tt.y + "\n"
		old := MustParse(src)
		conv := Convert(old, ConvertOptions{Bounds: CompareOptions{MaxWork: 20000000}})
		if !conv.Report.OnlyCase() || conv.LinesLeft > 0 {
			t.Errorf("%q: not restored: %+v", src, conv.Report.Differences)
		}
		if got := len(afterTwoFloatingText(tt.x, tt.y)); got != tt.lines {
			t.Errorf("%q: %d lines, want %d", src, got, tt.lines)
		}
		cf := MustParse(string(conv.Text))
		rd := newThreeReadings(old, KindRFC9309, cf)
		for _, pre := range []string{"", "x", "%C3%A9", "/", "%2A", "%2F", "%25", "b"} {
			for _, mid := range []string{tt.x + tt.y, tt.y + tt.x, tt.x + "z" + tt.y, tt.y + "/" + tt.x, tt.x, tt.y} {
				p := "/" + pre + mid
				a, b, co := rd.ask("zzz", p)
				if a.Allowed != b.Allowed && !co {
					t.Errorf("%q: %s: rfc9309 %v (line %d), acap %v (line %d)", src, p, a.Allowed, a.Line, b.Allowed, b.Line)
				}
			}
		}
	}
	// Three such pairs need more than the cap: the third is left, marked.
	src := "User-agent: *\nAllow: /*?lang=\nDisallow: /*?q=\nAllow: /*?page=\nDisallow: /*?s=\nAllow: /*?view=\nDisallow: /*?t=\n"
	conv := Convert(MustParse(src), ConvertOptions{})
	wild := false
	for _, d := range conv.Report.Differences {
		wild = wild || (!d.CaseOnly && d.Wildcards)
	}
	if conv.LinesLeft == 0 || !wild || len(conv.Added) > MaxAddedLines+20 {
		t.Errorf("%q: lines left %d, a Wildcards difference %v, %d lines added", src, conv.LinesLeft, wild, len(conv.Added))
	}
}

// afterTwoFloatingText is afterTwoFloating for "/*x" and "/*y".
func afterTwoFloatingText(x, y string) []string {
	px, py := CompilePattern("/*"+x, matchACAPCase), CompilePattern("/*"+y, matchACAPCase)
	ax, ay := autPatternOf(&px), autPatternOf(&py)
	return afterTwoFloating(&ax, &ay)
}
