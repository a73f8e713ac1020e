package policy

import (
	"math/rand"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// The version compare against brute force: every path of up to a few
// units over the alphabet of the patterns, asked of both versions for
// every crawler, kind and use.

// genVersion builds a random file of every vocabulary: conventional
// groups (with Content-Usage and Content-Signal lines, for crawlers with
// per-purpose tokens too) and ACAP records with qualifiers.
func genVersion(r *rand.Rand) string {
	agents := []string{"*", "alpha", "beta", "Googlebot", "Google-Extended", "alphabet", "Applebot-Extended"}
	var b strings.Builder
	if r.Intn(2) == 0 {
		b.WriteString("##ACAP version=1.1\n")
	}
	if r.Intn(8) == 0 {
		b.WriteString("ACAP-ignore-conventional-records\n")
	}
	for g := 0; g < 1+r.Intn(3); g++ {
		b.WriteString("User-agent: " + agents[r.Intn(len(agents))] + "\n")
		if r.Intn(8) == 0 {
			b.WriteString("Robot-version: 2.0\n")
		}
		for n := 0; n < r.Intn(5); n++ {
			switch r.Intn(8) {
			case 0:
				b.WriteString("Content-Usage: " + []string{"", "/a ", genPattern(r) + " "}[r.Intn(3)] + "train-ai=" + []string{"y", "n"}[r.Intn(2)] + "\n")
			case 1:
				b.WriteString("Content-Signal: " + []string{"", "/a", "/b", genPattern(r)}[r.Intn(4)] + " search=" + []string{"yes", "no"}[r.Intn(2)] + ", ai-input=no\n")
			case 2:
				b.WriteString([]string{"Disallow: ", "Allow: "}[r.Intn(2)] + []string{"/robots.txt", "/r*", "/robots.txt$", "/*?"}[r.Intn(4)] + "\n")
			default:
				b.WriteString([]string{"Disallow: ", "Allow: "}[r.Intn(2)] + genPattern(r) + "\n")
			}
		}
		if r.Intn(2) == 0 {
			b.WriteString("\n")
		}
	}
	for g := 0; g < r.Intn(3); g++ {
		b.WriteString("\nACAP-crawler: " + agents[r.Intn(3)] + "\n")
		for n := 0; n < r.Intn(6); n++ {
			verb := []string{"ACAP-disallow-crawl: ", "ACAP-allow-crawl: ", "ACAP-disallow-other: ", "ACAP-allow-index: ",
				"ACAP-disallow-present: ", "ACAP-allow-present-snippet: ", "ACAP-allow-preserve: ", "ACAP-disallow-usage: ",
				"ACAP-allow-present: ", "ACAP-disallow-preserve: "}[r.Intn(10)]
			q := ""
			switch {
			case strings.Contains(verb, "allow-present") && r.Intn(2) == 0:
				q = " max-length=" + []string{"100", "200"}[r.Intn(2)] + "-chars"
			case strings.Contains(verb, "allow-index") && r.Intn(2) == 0:
				q = " time-limit=" + []string{"7", "30"}[r.Intn(2)] + "-days"
			}
			b.WriteString(verb + genPattern(r) + q + "\n")
		}
	}
	return b.String()
}

// mutate changes a file a little: a line dropped, moved, doubled, its
// verdict turned, a comment added, or nothing.
func mutate(r *rand.Rand, src string) string {
	lines := strings.Split(strings.TrimRight(src, "\n"), "\n")
	i := r.Intn(len(lines))
	switch r.Intn(6) {
	case 0:
		lines = slices.Delete(lines, i, i+1)
	case 1:
		j := r.Intn(len(lines))
		lines[i], lines[j] = lines[j], lines[i]
	case 2:
		lines = slices.Insert(lines, i, lines[i])
	case 3:
		l := lines[i]
		for _, sw := range [][2]string{{"Disallow", "Allow"}, {"Allow", "Disallow"}, {"allow", "disallow"}, {"=y", "=n"}, {"=no", "=yes"}} {
			if strings.Contains(l, sw[0]) {
				l = strings.Replace(l, sw[0], sw[1], 1)
				break
			}
		}
		lines[i] = l
	case 4:
		lines = slices.Insert(lines, i, "# a comment")
	}
	return strings.Join(lines, "\n") + "\n"
}

// versionPaths are the paths the oracle asks: every path of up to k units
// after "/", and /robots.txt spelled as crawlers fetch it and not.
func versionPaths(k int) []string {
	return append(bruteOracle(k), "/robots.txt", "/robots.txt?a", "/robots.txtb", "/%72obots.txt", "/robots.txt%3Fa")
}

// versionAnswers asks a crawler every use of a kind on the paths in one
// version: what a publisher sees of each answer, one string per path
// (without traces: TestVersionsQuietAnswers checks that they do not
// change it).
func versionAnswers(p *Policy, crawler string, k Kind, paths []string) []string {
	out := make([]string, len(paths))
	for i, url := range paths {
		var b strings.Builder
		path := PathOf(url)
		subj := NewSubject(path)
		for _, u := range versionUses(k) {
			q := Question{Crawler: crawler, URL: url, Kind: k, Usage: u.Usage, Category: u.Category}
			a := p.decideQuiet(&q, path, &subj)
			b.WriteString(answerKey(&a) + "|")
		}
		out[i] = b.String()
	}
	return out
}

// checkVersions checks a report against brute force: every witness
// really differs (and has the deciding lines the report gives), no use
// proved the same differs on any path, every difference found is
// reported by a witness no longer than it, and every crawler name asked
// reads both versions as some crawler of the report does.
func checkVersions(t *testing.T, a, b string, rep VersionReport, names []string, paths []string) {
	t.Helper()
	fa, fb := MustParse(a), MustParse(b)
	pa, pb := NewPolicy(fa), NewPolicy(fb)
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("before:\n%s\nafter:\n%s\n"+format, append([]any{a, b}, args...)...)
	}
	if !rep.Proved() {
		fail("not proved: %+v", rep.Groups)
	}
	for _, c := range rep.Changes {
		for _, n := range c.Crawlers {
			for _, u := range c.Uses {
				q := Question{Crawler: n, URL: c.Path, Kind: c.Kind, Usage: u.Usage, Category: u.Category}
				x, y := pa.Decide(q), pb.Decide(q)
				if answerKey(&x) == answerKey(&y) || answerKey(&x) != answerKey(&c.Before) || answerKey(&y) != answerKey(&c.After) ||
					x.Line != c.Before.Line || y.Line != c.After.Line {
					fail("witness %s %s %s %q does not hold: %s line %d, %s line %d; report %s line %d, %s line %d",
						n, c.Kind, u, c.Path, AnswerText(x), x.Line, AnswerText(y), y.Line, AnswerText(c.Before), c.Before.Line, AnswerText(c.After), c.After.Line)
				}
			}
		}
	}
	for _, k := range rep.Kinds {
		uses := versionUses(k)
		// Each crawler of the report, and those asked, by what they read
		// on the shorter paths; the first of each group on all.
		short := slices.DeleteFunc(slices.Clone(paths), func(p string) bool { return len(pathUnits(p)) > 2 })
		byShort := map[string][2][]string{}
		for _, n := range rep.Crawlers {
			byShort[n] = [2][]string{versionAnswers(pa, n, k, short), versionAnswers(pb, n, k, short)}
		}
		for _, g := range rep.Groups {
			if g.Kind != k {
				continue
			}
			for _, n := range g.Crawlers[1:] {
				if !slices.Equal(byShort[n][0], byShort[g.Crawlers[0]][0]) || !slices.Equal(byShort[n][1], byShort[g.Crawlers[0]][1]) {
					fail("%s: %s and %s are in one group but read the versions differently", k, g.Crawlers[0], n)
				}
			}
			rep0 := [2][]string{versionAnswers(pa, g.Crawlers[0], k, paths), versionAnswers(pb, g.Crawlers[0], k, paths)}
			for ui, u := range uses {
				shortest := -1
				for _, c := range rep.Changes {
					if c.Kind == k && slices.Equal(c.Crawlers, g.Crawlers) && slices.Contains(c.Uses, u) {
						if n := len(pathUnits(PathOf(c.Path))); shortest < 0 || n < shortest {
							shortest = n
						}
					}
				}
				minDiff, at := -1, ""
				for i, p := range paths {
					x := strings.Split(rep0[0][i], "|")[ui]
					y := strings.Split(rep0[1][i], "|")[ui]
					if n := len(pathUnits(PathOf(p))); x != y && (minDiff < 0 || n < minDiff) {
						minDiff, at = n, p
					}
				}
				switch {
				case minDiff < 0:
				case slices.Contains(g.Same, u):
					fail("%s %s %s: proved the same, but %q differs", g.Crawlers[0], k, u, at)
				case shortest < 0 || shortest > minDiff:
					fail("%s %s %s: %q (%d units) differs; the shortest witness has %d units", g.Crawlers[0], k, u, at, minDiff, shortest)
				}
			}
		}
		for _, n := range names {
			got := [2][]string{versionAnswers(pa, n, k, short), versionAnswers(pb, n, k, short)}
			found := false
			for _, c := range rep.Crawlers {
				if slices.Equal(byShort[c][0], got[0]) && slices.Equal(byShort[c][1], got[1]) {
					found = true
					break
				}
			}
			if !found {
				fail("%s: crawler %q reads the versions as no crawler of the report (%v) does", k, n, rep.Crawlers)
			}
		}
	}
}

// versionNames are crawler names to ask: the parts of the versions'
// User-agent values, and names of today's per-purpose tokens.
func versionNames(fs ...*File) []string {
	out := []string{"Googlebot-Image", "GoogleOther", "Google-Extended", "Google-ExtendedX", "Applebot", "Applebot-Extended", "zzz"}
	for _, f := range fs {
		out = append(out, namesToAsk(f)...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestVersionsAgreeWithOracle compares random files with changed copies
// of them and checks every report against brute force.
func TestVersionsAgreeWithOracle(t *testing.T) {
	r := rand.New(rand.NewSource(2026))
	paths := versionPaths(2)
	rounds := 60
	if testing.Short() || runtime.GOOS == "js" {
		rounds = 4 // the same checks, some five times slower under Node (and FuzzCompareVersions runs its seeds)
	}
	for round := 0; round < rounds; round++ {
		a := genVersion(r)
		b := mutate(r, a)
		if r.Intn(4) == 0 {
			b = genVersion(r)
		}
		fa, fb := MustParse(a), MustParse(b)
		rep := CompareVersions(fa, fb, VersionOptions{})
		checkVersions(t, a, b, rep, versionNames(fa, fb), paths)
	}
}

// TestVersionsQuietAnswers: an answer without its trace is the answer
// with it, as a publisher sees it.
func TestVersionsQuietAnswers(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for round := 0; round < 20; round++ {
		f := MustParse(genVersion(r))
		p := NewPolicy(f)
		for _, k := range Kinds() {
			for _, n := range []string{"alpha", "Googlebot", "zzz"} {
				for _, url := range versionPaths(1) {
					quiet := strings.Split(versionAnswers(p, n, k, []string{url})[0], "|")
					for i, u := range versionUses(k) {
						q := Question{Crawler: n, URL: url, Kind: k, Usage: u.Usage, Category: u.Category}
						a := p.Decide(q)
						if got := quiet[i]; got != answerKey(&a) {
							t.Fatalf("%s %s %s %s: quiet %q, with trace %q", f.text, n, k, url, got, answerKey(&a))
						}
					}
				}
			}
		}
	}
}

// FuzzCompareVersions is TestVersionsAgreeWithOracle on fuzzed seeds: a
// random file and a changed copy (or another random file).
func FuzzCompareVersions(f *testing.F) {
	for _, seed := range []int64{1, 2, 3, 2026} {
		f.Add(seed, uint8(0))
	}
	paths := versionPaths(2)
	f.Fuzz(func(t *testing.T, seed int64, how uint8) {
		r := rand.New(rand.NewSource(seed))
		a := genVersion(r)
		b := mutate(r, a)
		switch how % 4 {
		case 1:
			b = mutate(r, b)
		case 2:
			b = genVersion(r)
		}
		fa, fb := MustParse(a), MustParse(b)
		checkVersions(t, a, b, CompareVersions(fa, fb, VersionOptions{}), versionNames(fa, fb), paths)
	})
}
