package policy

import (
	"errors"
	"math/rand"
	"os"
	"slices"
	"strings"
	"testing"
)

// rawTokens are the pieces the brute-force oracle builds paths from: the
// characters patterns use, their other case, escapes of them (in both
// hex cases), an escaped slash, a real percent and a few characters no
// pattern uses.
var rawTokens = []string{"/", "a", "A", "b", ".", "%41", "%61", "%2F", "%2f", "%25", "%", "*", "$", "x", "ä"}

// bruteOracle returns every path of up to k tokens after the leading '/'.
func bruteOracle(k int) []string {
	out := []string{"/"}
	level := []string{"/"}
	for n := 0; n < k; n++ {
		var next []string
		for _, p := range level {
			for _, t := range rawTokens {
				next = append(next, p+t)
			}
		}
		out = append(out, next...)
		level = next
	}
	return out
}

// genPattern builds a random pattern from the oracle's alphabet.
func genPattern(r *rand.Rand) string {
	pieces := []string{"a", "A", "b", ".", "*", "%41", "%2F", "/", "%25", "x"}
	p := "/"
	if r.Intn(8) == 0 {
		p = "*"
	}
	for k := 0; k < r.Intn(4); k++ {
		p += pieces[r.Intn(len(pieces))]
	}
	if r.Intn(4) == 0 {
		p += "$"
	}
	return p
}

// TestAutomatonAgreesWithMatcher checks the automaton against the real
// matcher (Pattern.Match) on every path of up to 4 tokens: the patterns the
// automaton says match a path are exactly those that match it.
func TestAutomatonAgreesWithMatcher(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	paths := bruteOracle(3)
	for round := 0; round < 40; round++ {
		var pats []Pattern
		var aps []autPattern
		for i := 0; i < 1+r.Intn(5); i++ {
			mode := []MatchMode{MatchRFC9309, MatchACAP, MatchPrefix, MatchWhole}[r.Intn(4)]
			p := CompilePattern(genPattern(r), mode)
			pats = append(pats, p)
			aps = append(aps, autPatternOf(&p))
		}
		a := newAutomaton(aps)
		for _, p := range paths {
			units := pathUnits(p)
			if units[0] != '/' {
				t.Fatalf("%q: units %v", p, units)
			}
			// The witness form of the units has the same units.
			if got := pathUnits(unitPath(units)); !slices.Equal(got, units) {
				t.Fatalf("%q: units %v, written %q, read back %v", p, units, unitPath(units), got)
			}
			id := a.start()
			for _, u := range units[1:] {
				id, _ = a.advance(id, u)
			}
			matched := a.matched(a.state(id))
			subj := NewSubject(p)
			for i := range pats {
				want := pats[i].Match(&subj)
				got := slices.Contains(matched, int32(i))
				if got != want {
					t.Fatalf("pattern %q (%s) on %q: automaton %v, matcher %v", pats[i].Raw(), pats[i].Mode(), p, got, want)
				}
				if brute := aps[i].matchUnits(units); brute != want {
					t.Fatalf("pattern %q (%s) on %q: brute force on units %v, matcher %v", pats[i].Raw(), pats[i].Mode(), p, brute, want)
				}
			}
		}
	}
}

// genMixed builds a random file with conventional groups and ACAP records.
func genMixed(r *rand.Rand) string {
	agents := []string{"*", "alpha", "beta"}
	var b strings.Builder
	b.WriteString("##ACAP version=1.1\n")
	for g := 0; g < 1+r.Intn(2); g++ {
		b.WriteString("User-agent: " + agents[r.Intn(len(agents))] + "\n")
		for n := 0; n < r.Intn(4); n++ {
			verb := []string{"Disallow: ", "Allow: "}[r.Intn(2)]
			b.WriteString(verb + genPattern(r) + "\n")
		}
		b.WriteString("\n")
	}
	for g := 0; g < r.Intn(3); g++ {
		b.WriteString("ACAP-crawler: " + agents[r.Intn(len(agents))] + "\n")
		for n := 0; n < r.Intn(4); n++ {
			verb := []string{"ACAP-disallow-crawl: ", "ACAP-allow-crawl: ", "ACAP-disallow-other: "}[r.Intn(3)]
			b.WriteString(verb + genPattern(r) + "\n")
		}
		b.WriteString("\n")
	}
	return b.String()
}

// checkAgainstOracle compares a report with the brute-force oracle over
// paths: every witness really differs; a report that claims equivalence
// has no path that differs; where a path of n units differs, the report
// has a witness for that crawler of at most n units.
func checkAgainstOracle(t *testing.T, src string, old *File, kind Kind, conv *File, rep EquivalenceReport, paths []string) {
	t.Helper()
	sp, dp := NewPolicy(old), NewPolicy(conv)
	for _, d := range rep.Differences {
		a := sp.Decide(Question{Crawler: d.Crawler, URL: "https://example.com" + d.Path, Kind: kind})
		b := dp.Decide(Question{Crawler: d.Crawler, URL: "https://example.com" + d.Path, Kind: KindACAP})
		if a.Allowed == b.Allowed || a.Allowed != d.Source || b.Allowed != d.ACAP || a.Line != d.SourceLine || b.Line != d.ACAPLine {
			t.Fatalf("file:\n%s\nwitness %+v does not hold: %s %v line %d, acap %v line %d", src, d, kind, a.Allowed, a.Line, b.Allowed, b.Line)
		}
	}
	if !rep.Complete() {
		t.Fatalf("file:\n%s\nnot proved for %v", src, rep.NotProved)
	}
	shortest := map[string]int{}
	for _, d := range rep.Differences {
		n := len(pathUnits(d.Path))
		if m, ok := shortest[d.Crawler]; !ok || n < m {
			shortest[d.Crawler] = n
		}
	}
	for _, c := range rep.Crawlers {
		for _, p := range paths {
			a := sp.Decide(Question{Crawler: c, URL: "https://example.com" + p, Kind: kind})
			b := dp.Decide(Question{Crawler: c, URL: "https://example.com" + p, Kind: KindACAP})
			if a.Allowed == b.Allowed {
				continue
			}
			m, ok := shortest[c]
			if !ok {
				t.Fatalf("file:\n%s\nconverted:\n%s\n%s %q: %s %v (line %d), acap %v (line %d), but the proof found no difference for %s",
					src, conv.text, c, p, kind, a.Allowed, a.Line, b.Allowed, b.Line, c)
			}
			if n := len(pathUnits(PathOf("https://example.com" + p))); m > n {
				t.Fatalf("file:\n%s\n%s: %q differs (%d units) but the shortest witness has %d units: %+v", src, c, p, n, m, rep.Differences)
			}
			break
		}
	}
}

// TestCompareAgreesWithOracle compares random files with themselves (a
// file's ACAP part against its conventional part) and with their
// conversions, and checks every report against the brute-force oracle.
func TestCompareAgreesWithOracle(t *testing.T) {
	paths := bruteOracle(3)
	r := rand.New(rand.NewSource(9309))
	for round := 0; round < 30; round++ {
		src := genMixed(r)
		f := MustParse(src)
		kind := []Kind{KindRFC9309, KindDraft1996}[r.Intn(2)]
		checkAgainstOracle(t, src, f, kind, f, CompareReadings(f, kind, f), paths)
		conv := Convert(f, ConvertOptions{Source: kind})
		cf := MustParse(string(conv.Text))
		checkAgainstOracle(t, src, f, kind, cf, CompareReadings(f, kind, cf), paths)
	}
}

// TestReadSkipsAlways checks that the way the proof moves from state to
// state (read, which steps the positions every state has once per unit)
// gives exactly the states of the plain way (expand the stored state, step
// every item, strip), with the dominance of the real crawlers' roles, on
// random files and on the benchmark file's first states.
func TestReadSkipsAlways(t *testing.T) {
	r := rand.New(rand.NewSource(1994))
	var files [][2]*File
	for range 60 {
		f := MustParse(genMixed(r))
		files = append(files, [2]*File{f, f}, [2]*File{f, MustParse(string(Convert(f, ConvertOptions{}).Text))})
	}
	src, err := os.ReadFile("testdata/bench/bench_robots.txt")
	if err != nil {
		t.Fatal(err)
	}
	bench := MustParse(string(src))
	files = append(files, [2]*File{bench, bench})
	for _, pair := range files {
		c := &comparer{src: NewPolicy(pair[0]), dst: NewPolicy(pair[1]), kind: KindRFC9309, patIDs: map[string]int{}, byPtr: map[*Pattern]int{}}
		for _, name := range append(crawlerNames(pair[0]), unnamedCrawler) {
			roles := c.rolesFor(name)
			g := &crawlerGroup{names: []string{name}, roles: []*crawlerRoles{roles}}
			for id := range roles.ids {
				if !c.pats[id].never {
					g.pats = append(g.pats, id)
				}
			}
			slices.Sort(g.pats)
			a := c.groupAutomaton(g)
			queue := []int32{a.start()}
			for head := 0; head < len(queue) && head < 3000; head++ {
				id := queue[head]
				stored := slices.Clone(a.state(id))
				for _, u := range slices.Clone(a.successors(a.expand(stored))) {
					want := slices.Clone(a.strip(a.step(slices.Clone(a.expand(stored)), u)))
					got := a.read(stored, u)
					if !slices.Equal(got, want) {
						t.Fatalf("crawler %s, state %v, unit %d: read gives %v, expand+step+strip %v", name, stored, u, got, want)
					}
					if next, isNew := a.intern(got, id, u); isNew {
						queue = append(queue, next)
					}
				}
			}
		}
	}
}

// FuzzCompare is TestCompareAgreesWithOracle on fuzzed seeds.
func FuzzCompare(f *testing.F) {
	for _, seed := range []int64{1, 2, 3, 1996} {
		f.Add(seed)
	}
	paths := bruteOracle(3)
	f.Fuzz(func(t *testing.T, seed int64) {
		r := rand.New(rand.NewSource(seed))
		src := genMixed(r)
		old := MustParse(src)
		kind := []Kind{KindRFC9309, KindDraft1996}[r.Intn(2)]
		checkAgainstOracle(t, src, old, kind, old, CompareReadings(old, kind, old), paths)
	})
}

// TestCompareTable checks proofs and witnesses on files whose answer is
// known.
func TestCompareTable(t *testing.T) {
	tests := []struct {
		name       string
		old, conv  string
		kind       Kind
		equivalent bool
		witness    string // the first witness's path
	}{
		{"same rules", "User-agent: *\nDisallow: /a\n", "ACAP-crawler: *\nACAP-disallow-crawl: /a\n", KindRFC9309, false, "/A"},
		{"combined paths", "User-agent: *\nAllow: /p*\nDisallow: /*.pdf\n", "ACAP-crawler: *\nACAP-allow-crawl: /p*\nACAP-disallow-crawl: /*.pdf\n", KindRFC9309, false, "/p.pdf"},
		{"escaped slash is not a slash", "User-agent: *\nDisallow: /a/\n", "ACAP-crawler: *\nACAP-disallow-crawl: /a%2F\nACAP-disallow-crawl: /a/\n", KindRFC9309, false, "/a%2F"},
		{"escapes decoded", "User-agent: *\nDisallow: /%61\n", "User-agent: *\nDisallow: /a\n", KindRFC9309, true, ""},
		{"first match", "User-agent: *\nAllow: /\nDisallow: /fig/\n", "User-agent: *\nAllow: /\n", KindDraft1996, true, ""},
		{"anchor", "User-agent: *\nDisallow: /a$\n", "User-agent: *\nDisallow: /a\n", KindRFC9309, false, "/ax"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			old, conv := MustParse(tt.old), MustParse(tt.conv)
			rep := CompareReadings(old, tt.kind, conv)
			if rep.Equivalent() != tt.equivalent {
				t.Fatalf("equivalent = %v, want %v: %+v", rep.Equivalent(), tt.equivalent, rep)
			}
			if tt.witness != "" && (len(rep.Differences) == 0 || rep.Differences[0].Path != tt.witness) {
				t.Errorf("witnesses %+v, want first %q", rep.Differences, tt.witness)
			}
			checkAgainstOracle(t, tt.old, old, tt.kind, conv, rep, bruteOracle(3))
		})
	}
}

// TestCompareBound: a bound too small to finish proves nothing.
func TestCompareBound(t *testing.T) {
	f := MustParse("User-agent: bot\nDisallow: /*a*b*c\nAllow: /*b*a\n")
	rep := CompareReadingsBounded(f, KindRFC9309, f, CompareOptions{MaxStates: 2})
	if rep.Equivalent() || rep.OnlyCase() || slices.Contains(rep.Proved, "bot") || !slices.Contains(rep.NotProved, "bot") {
		t.Fatalf("bounded: %+v", rep)
	}
}

// TestConvertRefusesOversizedResult: a file near the cap whose conversion
// would pass it gets an error, not an empty or truncated file.
func TestConvertRefusesOversizedResult(t *testing.T) {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := 0; b.Len() < MaxFileSize-(64<<10); i++ {
		b.WriteString("Disallow: /some/long/directory/name/")
		b.WriteString(strings.Repeat("x", i%7))
		b.WriteString("\n")
	}
	f, err := Parse("/robots.txt", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	conv := Convert(f, ConvertOptions{})
	var se *ConvertedSizeError
	if !errors.As(conv.Err, &se) || conv.Text != nil || se.Size <= MaxFileSize {
		t.Fatalf("err %v, %d bytes of text", conv.Err, len(conv.Text))
	}
	if !strings.Contains(conv.Err.Error(), "MiB") || conv.Report.Equivalent() {
		t.Errorf("message %q, report %+v", conv.Err, conv.Report)
	}
}

// TestCompareYield: the Yield hook is called during a long proof and does
// not change its result.
func TestCompareYield(t *testing.T) {
	src, err := os.ReadFile("testdata/bench/bench_robots.txt")
	if err != nil {
		t.Fatal(err)
	}
	f := MustParse(string(src))
	conv := MustParse(string(Convert(f, ConvertOptions{Bounds: CompareOptions{MaxStates: 2000}}).Text))
	plain := CompareReadingsBounded(f, KindRFC9309, conv, CompareOptions{MaxStates: 5000})
	calls := 0
	yielded := CompareReadingsBounded(f, KindRFC9309, conv, CompareOptions{MaxStates: 5000, Yield: func() { calls++ }})
	if calls == 0 {
		t.Error("Yield was never called")
	}
	if plain.States != yielded.States || len(plain.Proved) != len(yielded.Proved) || len(plain.Differences) != len(yielded.Differences) {
		t.Errorf("with Yield: %d states, %d proved, %d differences; without: %d, %d, %d",
			yielded.States, len(yielded.Proved), len(yielded.Differences), plain.States, len(plain.Proved), len(plain.Differences))
	}
}

// TestCheckDriftYielding: the drift check gives the same diagnostics with
// a Yield.
func TestCheckDriftYielding(t *testing.T) {
	f := MustParse("User-agent: *\nDisallow: /a/\n\nACAP-crawler: *\nACAP-allow-crawl: /a/\n\nUser-agent: NewsBot\nDisallow: /b/\n\nACAP-crawler: NewsBot\nACAP-allow-crawl: /b/\n")
	calls := 0
	got := CheckDriftYielding(f, func() { calls++ })
	want := CheckDrift(f)
	if len(want) == 0 || !slices.EqualFunc(got, want, func(a, b Diagnostic) bool { return a.Message == b.Message && a.Pos == b.Pos }) {
		t.Errorf("with yield: %v\nwithout: %v", got, want)
	}
	if calls == 0 {
		t.Error("yield never called")
	}
}

// genWildcards builds a random file whose records are full of patterns
// that begin with a wildcard, among literal ones: many fields that scope
// cannot order, twins and cuts (crawlerRoles.dominates), in both readings.
func genWildcards(r *rand.Rand) string {
	pats := []string{"/", "/a", "/b", "/ab", "/*a", "/*b", "/*a$", "/*ab", "/a*b", "/*A", "/b*", "/*", "/a$", "/*ab$", "/*b$", "/*ba", "/a*b$"}
	agents := []string{"*", "alpha"}
	var b strings.Builder
	b.WriteString("##ACAP version=1.1\n")
	for g := 0; g < 1+r.Intn(2); g++ {
		b.WriteString("User-agent: " + agents[r.Intn(len(agents))] + "\n")
		for n := 0; n < r.Intn(5); n++ {
			b.WriteString([]string{"Disallow: ", "Allow: "}[r.Intn(2)] + pats[r.Intn(len(pats))] + "\n")
		}
		b.WriteString("\n")
	}
	for g := 0; g < 1+r.Intn(2); g++ {
		b.WriteString("ACAP-crawler: " + agents[r.Intn(len(agents))] + "\n")
		for n := 0; n < 2+r.Intn(5); n++ {
			verb := []string{"ACAP-disallow-crawl: ", "ACAP-allow-crawl: ", "ACAP-disallow-other: "}[r.Intn(3)]
			b.WriteString(verb + pats[r.Intn(len(pats))] + "\n")
		}
		b.WriteString("\n")
	}
	return b.String()
}

// TestDominanceAgreesWithOracle checks the proof on files full of
// wildcards (where patterns are dropped from states for cuts and twins)
// against the brute-force oracle, on every path of up to 4 pieces.
func TestDominanceAgreesWithOracle(t *testing.T) {
	var paths []string
	level := []string{"/"}
	for n := 0; n < 4; n++ {
		var next []string
		for _, p := range level {
			for _, c := range []string{"a", "A", "b", "/", "x"} {
				next = append(next, p+c)
			}
		}
		paths = append(paths, level...)
		level = next
	}
	paths = append(paths, level...)
	r := rand.New(rand.NewSource(2008))
	for round := 0; round < 3000; round++ {
		src := genWildcards(r)
		f := MustParse(src)
		kind := []Kind{KindRFC9309, KindDraft1996}[r.Intn(2)]
		checkAgainstOracle(t, src, f, kind, f, CompareReadings(f, kind, f), paths)
	}
}
