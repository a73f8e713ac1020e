package policy

import (
	"errors"
	"fmt"
	"maps"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
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
			matched := autMatched(a, units)
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

// threeReadings asks a path of the source reading, of the ACAP reading of
// the converted file, and of that reading comparing letters case-
// sensitively (which tells a difference of case from another).
type threeReadings struct {
	src, acap, acapCase *Policy
	kind                Kind
}

func newThreeReadings(old *File, kind Kind, conv *File) threeReadings {
	cp := NewPolicy(conv)
	cp.acapMode = matchACAPCase
	return threeReadings{src: NewPolicy(old), acap: NewPolicy(conv), acapCase: cp, kind: kind}
}

// ask returns the source's answer, the ACAP one, and whether the
// case-sensitive ACAP reading agrees with the source.
func (r threeReadings) ask(crawler, url string) (a, b Answer, caseOnly bool) {
	q := Question{Crawler: crawler, URL: url, Kind: r.kind}
	a = r.src.Decide(q)
	q.Kind = KindACAP
	return a, r.acap.Decide(q), r.acapCase.Decide(q).Allowed == a.Allowed
}

// checkAgainstOracle compares a report with the brute-force oracle over
// paths: every witness really differs, and is of case exactly when the
// case-sensitive ACAP reading agrees with the source; where a path of n
// units differs not by case, the report has such a witness for that
// crawler of at most n units; where one differs by case, the report has a
// witness for the crawler (of either kind) of at most n units, unless it
// stopped at differences that are not of case.
func checkAgainstOracle(t *testing.T, src string, old *File, kind Kind, conv *File, rep EquivalenceReport, paths []string) {
	t.Helper()
	rd := newThreeReadings(old, kind, conv)
	for _, d := range rep.Differences {
		a, b, caseOnly := rd.ask(d.Crawler, d.Path) // written so that a URL reads it back
		if a.Allowed == b.Allowed || a.Allowed != d.Source || b.Allowed != d.ACAP || a.Line != d.SourceLine || b.Line != d.ACAPLine || d.CaseOnly != caseOnly {
			t.Fatalf("file:\n%s\nwitness %+v does not hold: %s %v line %d, acap %v line %d, of case %v", src, d, kind, a.Allowed, a.Line, b.Allowed, b.Line, caseOnly)
		}
	}
	if !rep.Complete() || len(rep.CaseOpen) > 0 {
		t.Fatalf("file:\n%s\nnot proved for %v, case open for %v", src, rep.NotProved, rep.CaseOpen)
	}
	shortest, shortestOther := map[string]int{}, map[string]int{}
	for _, d := range rep.Differences {
		n := len(pathUnits(PathOf(d.Path)))
		if m, ok := shortest[d.Crawler]; !ok || n < m {
			shortest[d.Crawler] = n
		}
		if m, ok := shortestOther[d.Crawler]; !d.CaseOnly && (!ok || n < m) {
			shortestOther[d.Crawler] = n
		}
	}
	stopped := map[string]bool{}
	for _, c := range rep.Stopped {
		stopped[c] = true
	}
	for _, c := range rep.Crawlers {
		sawOther, sawCase := false, false
		for _, p := range paths {
			a, b, caseOnly := rd.ask(c, "https://example.com"+p)
			if a.Allowed == b.Allowed {
				continue
			}
			n := len(pathUnits(PathOf("https://example.com" + p)))
			switch {
			case !caseOnly && !sawOther:
				sawOther = true
				if m, ok := shortestOther[c]; !ok || m > n {
					t.Fatalf("file:\n%s\nconverted:\n%s\n%s %q: %s %v (line %d), acap %v (line %d), not of case (%d units), but the shortest such witness for %s has %d units (%v): %+v",
						src, conv.text, c, p, kind, a.Allowed, a.Line, b.Allowed, b.Line, n, c, m, ok, rep.Differences)
				}
			case caseOnly && !sawCase && !stopped[c]:
				sawCase = true
				if m, ok := shortest[c]; !ok || m > n {
					t.Fatalf("file:\n%s\nconverted:\n%s\n%s %q: %s %v (line %d), acap %v (line %d), of case (%d units), but the shortest witness for %s has %d units (%v): %+v",
						src, conv.text, c, p, kind, a.Allowed, a.Line, b.Allowed, b.Line, n, c, m, ok, rep.Differences)
				}
			}
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
	rounds := 3000
	if runtime.GOOS == "js" {
		rounds = 600 // the same proofs, some five times slower under Node
	}
	r := rand.New(rand.NewSource(2008))
	for round := 0; round < rounds; round++ {
		src := genWildcards(r)
		f := MustParse(src)
		kind := []Kind{KindRFC9309, KindDraft1996}[r.Intn(2)]
		checkAgainstOracle(t, src, f, kind, f, CompareReadings(f, kind, f), paths)
	}
}

// autMatched returns the patterns of an automaton that match a path (given
// as units, the leading '/' included), by stepping the automaton.
func autMatched(a *automaton, units []int) []int32 {
	var items []int32
	for i := range a.pats {
		if !a.pats[i].never {
			items = a.closure(items, i, 0)
		}
	}
	items, matched := splitMatched(items)
	for _, u := range units {
		var live []int32
		for _, it := range a.stepRaw(nil, items, u) {
			if it&matchedBit != 0 {
				matched = append(matched, it&^matchedBit)
			} else {
				live = append(live, it)
			}
		}
		slices.Sort(live)
		items = slices.Compact(live)
	}
	matched = append(matched, a.ends(items)...)
	slices.Sort(matched)
	return slices.Compact(matched)
}

// samplePaths builds paths from the pieces of a file's patterns: the runs of
// characters between their wildcards, with a few joining characters, some
// letters in the other case. Where two readings differ, such paths find it
// with fair odds: the differences lie where patterns meet.
func samplePaths(r *rand.Rand, f *File, n int) []string {
	pieces := []string{"/", "?", "x", "=", ".", "a"}
	for _, fd := range f.Fields {
		if !fd.Kind.IsConventionalRule() && !fd.Kind.IsACAPRule() {
			continue
		}
		for _, seg := range strings.Split(strings.TrimSuffix(fd.Pattern().Text, "$"), "*") {
			if seg != "" {
				pieces = append(pieces, seg)
			}
		}
	}
	out := make([]string, 0, n)
	for len(out) < n {
		var b strings.Builder
		for k := 0; k < 1+r.Intn(4); k++ {
			piece := pieces[r.Intn(len(pieces))]
			for i := 0; i < len(piece); i++ {
				c := piece[i]
				if r.Intn(8) == 0 {
					switch {
					case 'a' <= c && c <= 'z':
						c -= 'a' - 'A'
					case 'A' <= c && c <= 'Z':
						c += 'a' - 'A'
					}
				}
				b.WriteByte(c)
			}
		}
		p := b.String()
		if !strings.HasPrefix(p, "/") {
			p = "/" + p
		}
		out = append(out, p)
	}
	return out
}

// checkSampled asks both readings about sampled paths and checks that the
// report accounts for every difference found: a crawler the report proved
// has a witness of a difference that is not of case for each such path
// found, and a witness (of either kind) for a difference of case.
func checkSampled(t *testing.T, name string, old *File, kind Kind, conv *File, rep EquivalenceReport, paths []string) {
	t.Helper()
	rd := newThreeReadings(old, kind, conv)
	proved := map[string]bool{}
	for _, n := range rep.Proved {
		proved[n] = true
	}
	hasOther, hasAny := map[string]bool{}, map[string]bool{}
	for _, d := range rep.Differences {
		hasAny[d.Crawler] = true
		if !d.CaseOnly {
			hasOther[d.Crawler] = true
		}
	}
	for _, c := range rep.Crawlers {
		if !proved[c] {
			continue
		}
		for _, p := range paths {
			a, b, caseOnly := rd.ask(c, p)
			if a.Allowed == b.Allowed {
				continue
			}
			switch {
			case !caseOnly && !hasOther[c]:
				t.Fatalf("%s, %s: %q is %v by line %d for %s and %v by line %d for ACAP, not a difference of case, but the report has no such witness for %s: %+v",
					name, c, p, a.Allowed, a.Line, kind, b.Allowed, b.Line, c, rep.Differences)
			case caseOnly && !hasAny[c]:
				t.Fatalf("%s, %s: %q differs by case (%s %v line %d, ACAP %v line %d), but the report has no witness for %s", name, c, p, kind, a.Allowed, a.Line, b.Allowed, b.Line, c)
			}
		}
	}
}

// TestProofAgreesWithSampledPaths checks proofs on large real files and on
// the benchmark file, and on their conversions, against paths sampled from
// their patterns: a proof that missed a difference fails here.
func TestProofAgreesWithSampledPaths(t *testing.T) {
	src, err := os.ReadFile("testdata/bench/bench_robots.txt")
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{"bench": string(src)}
	for _, p := range corpusFiles(t) {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.Base(p)] = string(b)
	}
	r := rand.New(rand.NewSource(2026))
	names := slices.Sorted(maps.Keys(files))
	checked := 0
	for _, name := range names {
		f := MustParse(files[name])
		if len(f.Groups) == 0 {
			continue
		}
		if name != "bench" && r.Intn(6) != 0 {
			continue // a sixth of the corpus, chosen the same way each run
		}
		deadline := CompareOptions{Deadline: time.Now().Add(3 * time.Second)}
		conv := Convert(f, ConvertOptions{Bounds: deadline})
		if conv.Err != nil {
			continue
		}
		checkAdded(t, files[name], conv)
		cf := MustParse(string(conv.Text))
		paths := samplePaths(r, cf, 600)
		checkSampled(t, name+" converted", f, KindRFC9309, cf, conv.Report, paths)
		if len(f.Records) > 0 {
			rep := CompareReadingsBounded(f, KindRFC9309, f, deadline)
			checkSampled(t, name+" itself", f, KindRFC9309, f, rep, paths)
		}
		checked++
	}
	if checked < 20 {
		t.Fatalf("only %d files checked", checked)
	}
}

// TestGlobIncludes checks globIncludes against every unit sequence of up
// to five units over a small alphabet: where it says q accepts all that p
// accepts, no sequence p accepts is refused by q.
func TestGlobIncludes(t *testing.T) {
	r := rand.New(rand.NewSource(77))
	alphabet := []int{'a', 'b', 'A', 'x'}
	var seqs [][]int
	level := [][]int{nil}
	for n := 0; n <= 5; n++ {
		seqs = append(seqs, level...)
		var next [][]int
		for _, s := range level {
			for _, u := range alphabet {
				next = append(next, append(slices.Clone(s), u))
			}
		}
		level = next
	}
	gen := func() autPattern {
		var toks []int
		for k := 0; k < 1+r.Intn(5); k++ {
			toks = append(toks, []int{'a', 'b', 'A', tokStar}[r.Intn(4)])
		}
		// Runs of stars are one, as autPatternOf writes them.
		toks = slices.CompactFunc(toks, func(x, y int) bool { return x == tokStar && y == tokStar })
		p := autPattern{toks: toks, fold: r.Intn(2) == 0, anchored: r.Intn(2) == 0}
		if p.fold {
			for i, u := range p.toks {
				p.toks[i] = lowerUnit(u)
			}
		}
		return p
	}
	yes := 0
	for round := 0; round < 20000; round++ {
		p, q := gen(), gen()
		if !globIncludes(q.toks, q.fold, q.anchored, p.toks, p.fold, p.anchored) {
			continue
		}
		yes++
		for _, s := range seqs {
			if p.matchUnits(s) && !q.matchUnits(s) {
				t.Fatalf("q %v (fold %v, anchored %v) is said to accept all that p %v (fold %v, anchored %v) accepts, but not %q",
					q.toks, q.fold, q.anchored, p.toks, p.fold, p.anchored, string(rune(0))+fmt.Sprint(s))
			}
		}
	}
	if yes < 1000 {
		t.Fatalf("only %d inclusions found", yes)
	}
}
