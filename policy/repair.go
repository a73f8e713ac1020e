package policy

import (
	"slices"
	"sort"
	"strings"
)

// Lines the converter adds where the ACAP lines translated one for one
// would decide some paths differently from the source reading (semantics
// §8, "Converting and comparing").

// repairLines proposes, for the witnesses of a comparison that are not
// about case, one set of ACAP lines each, not tried before (tried is keyed
// by the set's first line), with the source's answer. The sets, in the
// order they are tried for a witness:
//
//  1. a pattern identical to the conventional line that decides in the ACAP
//     reading, or in that reading made case-sensitive (for identical
//     patterns ACAP lines beat conventional ones, §4): this restores rules
//     a first-match source shadows, and records the source reads once
//     where the conventional side merges them;
//  2. patterns that match exactly the paths both the ACAP deciding line and
//     the source's deciding line match, each narrower than the ACAP line,
//     where ACAP can name them (afterPrefix, afterFloating): "/a" and
//     "/*ab" give "/a*ab" and "/ab". This is where RFC 9309's longest match
//     and ACAP's narrowest scope rank two patterns differently, as "/p*"
//     and "/*.pdf" on "/px.pdf";
//  3. the source's deciding pattern itself, unless the record has it.
//
// A line for one witness path alone would repair that path and none
// other: none is proposed.
func repairLines(old *File, kind Kind, converted *File, rep EquivalenceReport, tried map[repair]bool) []repairSet {
	var out []repairSet
	seen := map[repair]bool{}
	// The ACAP lines already there, by record: adding one again changes
	// nothing.
	present := map[repair]bool{}
	for _, rec := range converted.Records {
		for _, fd := range rec.Rules {
			if fd.Kind.IsACAPRule() {
				for _, c := range rec.Crawlers {
					present[repair{crawler: acapName(c.Value.Text), line: fd.Name.Text + ": " + fd.Value.Text}] = true
				}
			}
		}
	}
	for _, d := range rep.Differences {
		if d.CaseOnly || d.NamePart {
			continue
		}
		verb := "ACAP-disallow-crawl: "
		if d.Source {
			verb = "ACAP-allow-crawl: "
		}
		rec := recordNameFor(converted, d.Crawler)
		var cands [][]string
		af := converted.FieldAt(d.ACAPLine)
		var sf *Field
		if d.SourceLine > 0 {
			sf = old.FieldAt(d.SourceLine)
		}
		spat := ""
		if sf != nil && sf.Kind.IsConventionalRule() {
			spat = acapPatternOf(old, sf, kind)
		}
		// The case-sensitive ACAP reading names the conventional line that
		// decides where case does not matter.
		for _, fd := range []*Field{af, converted.FieldAt(d.caseLine)} {
			if fd != nil && fd.Kind.IsConventionalRule() {
				// Identical, so not trimmed: "/" is broader than "/*".
				if p := acapPattern(converted, fd, KindRFC9309, false); p != "" {
					cands = append(cands, []string{p})
				}
			}
		}
		if af != nil && af.Kind.IsACAPRule() && spat != "" {
			// The paths both lines match, where ACAP can name them.
			ap, sp := CompilePattern(af.Pattern().Text, matchACAPCase), CompilePattern(spat, matchACAPCase)
			at, st := autPatternOf(&ap), autPatternOf(&sp)
			text := af.Pattern().Text
			set := overlapLines(&at, text, &st)
			if set == nil && strings.HasSuffix(text, "$") && !strings.ContainsAny(text[:len(text)-1], "*$") {
				// One path, "/a$": nothing narrower matches it alone, but
				// "/a*$" (every path that begins so) is narrower; the proof
				// tells whether the other paths it gives the source's answer
				// to get it from the source too.
				set = []string{text[:len(text)-1] + "*$"}
			}
			if len(set) > 0 {
				cands = append(cands, set)
			}
		}
		if spat != "" && !present[repair{crawler: rec, line: verb + spat}] {
			cands = append(cands, []string{spat})
		}
		for _, set := range cands {
			first := repair{crawler: rec, line: verb + set[0]}
			if tried[first] || seen[first] {
				continue
			}
			seen[first] = true
			var rs []repair
			for _, p := range set {
				rs = append(rs, repair{crawler: rec, line: verb + p})
			}
			out = append(out, repairSet{rs, d})
			break
		}
	}
	return out
}

// repairSet is lines proposed together for one witness.
type repairSet struct {
	lines []repair
	d     Difference
}

// repair is a line added to restore equivalence, with the crawler of its
// record.
type repair struct {
	crawler string
	line    string
}

// recordNameFor returns the name of the ACAP record that answers crawler in
// f: its own name when a record names it, else "*".
func recordNameFor(f *File, crawler string) string {
	for _, r := range f.Records {
		for _, c := range r.Crawlers {
			if equalFoldASCII(acapName(c.Value.Text), crawlerName(crawler)) {
				return acapName(c.Value.Text)
			}
		}
	}
	return "*"
}

// pairRepairs returns, for one crawler's rules in an RFC 9309 group (as
// the converter translates them, in file order), the ACAP lines that
// restore the source's answer where two rules overlap and ACAP's scope
// rule ranks them the other way from RFC 9309's longest match: a rule g
// whose pattern is a plain path prefix G (no '*', no '$') is narrower by
// scope than a rule w with a wildcard, yet w, longer, decides wherever
// both match ("Allow: /svc/pips" and "Disallow: /*?*embed="). For each
// such pair, the paths both match are exactly those that begin with G and
// go on as w does once G has been read: one pattern for each place w's
// automaton can be in after G, written after G ("/svc/pips*?*embed="),
// with w's verdict. Each extends G, so ACAP ranks it narrower than g.
// Where g begins with a wildcard ("/*?q=") and w too, and w must match to
// the path's end ("/*.js$"), the paths both match contain g's literal
// followed by w's end: "/*?q=*.js$", and the ways g's literal may run into
// w's. Where w need not match to the end ("/*?utm_source=" against
// "/*?sort="), it may match before g does, and no pattern that extends g
// covers those paths: a line for every unit a path may go on with after
// the first '/' does (afterTwoFloating, 233 lines or more), added only
// where the budget holds them all.
//
// At most budget lines are returned; left counts those left out: once
// budget lines are found, the pairs of rules not yet weighed are counted
// (each may need lines), not weighed, so that the work stays in proportion
// to the lines written.
func pairRepairs(f *File, rules []*Field, crawler string, budget int, tick func()) (out []repair, left int) {
	pw := &pairWeigher{crawler: crawler, budget: budget, rs: pairRules(f, rules, tick), seenLine: map[string]bool{}}
	// Only a rule with a wildcard or an anchor (w) can be ranked first by
	// RFC 9309 and last by ACAP against a plain prefix (g): between two
	// plain prefixes that overlap, the longer is the narrower.
	for i := range pw.rs {
		if pw.rs[i].plain {
			pw.gs = append(pw.gs, i)
		} else {
			pw.ws = append(pw.ws, i)
		}
	}
	for wi := range pw.ws {
		if tick != nil {
			tick()
		}
		if !pw.weigh(wi) {
			break
		}
	}
	return pw.out, pw.left
}

// pairRule is a rule as pairRepairs weighs it.
type pairRule struct {
	allow bool
	n     int // priority (RFC 9309 length)
	text  string
	acap  Pattern
	aut   autPattern
	plain bool // a plain prefix: no wildcard, no anchor
}

// pairRules compiles a crawler's rules, in RFC 9309's order: longest
// first, Allow first on a tie. Compiling a long group's rules takes long
// enough that a page must draw meanwhile: tick is called now and then.
func pairRules(f *File, rules []*Field, tick func()) []pairRule {
	var rs []pairRule
	for i, fd := range rules {
		if i%128 == 127 && tick != nil {
			tick()
		}
		text := acapPatternOf(f, fd, KindRFC9309)
		if text == "" {
			continue
		}
		// The lines are built from the case-sensitive patterns: each then
		// matches, case-sensitively, only paths both rules match, and can
		// differ from the source only where ACAP ignores case.
		ap, cp := CompilePattern(text, MatchACAP), CompilePattern(text, matchACAPCase)
		rp := CompilePattern(rfcPattern(f, fd), MatchRFC9309)
		rs = append(rs, pairRule{allow: fd.Kind == FieldAllow, n: rp.Len(),
			text: text, acap: ap, aut: autPatternOf(&cp), plain: !strings.ContainsAny(text, "*$")})
	}
	sort.SliceStable(rs, func(i, j int) bool {
		if rs[i].n != rs[j].n {
			return rs[i].n > rs[j].n
		}
		return rs[i].allow && !rs[j].allow
	})
	return rs
}

// pairWeigher is the work of pairRepairs.
type pairWeigher struct {
	crawler  string
	budget   int
	rs       []pairRule // in RFC 9309's order
	gs, ws   []int      // the plain prefixes of rs, and the other rules
	out      []repair
	left     int
	seenLine map[string]bool
	checks   int // the pairs weighed (maxPairChecks)
}

// weigh weighs wildcard rule ws[wi] against the rules ranked after it; it
// returns false when the budget, or the bound of pairs weighed, stopped
// the work (the pairs left are then counted in left).
func (pw *pairWeigher) weigh(wi int) bool {
	i := pw.ws[wi]
	w := &pw.rs[i]
	for gi, j := range pw.gs {
		g := &pw.rs[j]
		if j < i || g.allow == w.allow {
			continue // g ranks first, or they agree
		}
		if !pw.check() {
			pw.left += pw.pairsLeft(pw.ws[wi:], pw.gs[gi:])
			return false
		}
		if CompareScope(&w.acap, &g.acap) < 0 || !coMatch(&w.aut, &g.aut) {
			continue
		}
		pw.emit(w, i, overlapLines(&g.aut, g.text, &w.aut))
	}
	if !floatingOnce(&w.aut) {
		return true
	}
	for j := i + 1; j < len(pw.rs); j++ {
		g := &pw.rs[j]
		if g.allow == w.allow || g.plain || !floatingOnce(&g.aut) || g.aut.anchored {
			continue
		}
		if !pw.check() {
			pw.left += 1 + pw.pairsLeft(pw.ws[wi+1:], pw.gs)
			return false
		}
		if w.aut.anchored {
			// Two patterns that begin with a wildcard, w anchored.
			if CompareScope(&w.acap, &g.acap) < 0 || !coMatch(&w.aut, &g.aut) {
				continue
			}
			pw.emit(w, i, overlapLines(&g.aut, g.text, &w.aut))
			continue
		}
		// Two patterns that begin with a wildcard, neither anchored: lines
		// for every unit a path may begin with, where the cap allows. ACAP
		// already gives w's answer where w is narrower, or where the two
		// cannot be ordered and w prohibits.
		sc := CompareScope(&w.acap, &g.acap)
		if sc < 0 || (sc == 0 && !w.allow) || !coMatch(&w.aut, &g.aut) {
			continue
		}
		lines := afterTwoFloating(&w.aut, &g.aut)
		if len(pw.out)+len(lines) > pw.budget {
			pw.left += len(lines)
			continue
		}
		pw.emit(w, i, lines)
	}
	return true
}

// check counts a pair weighed; false when the budget is full or the pairs
// weighed reach maxPairChecks.
func (pw *pairWeigher) check() bool {
	pw.checks++
	return pw.checks <= maxPairChecks && len(pw.out) < pw.budget
}

// emit adds the lines that give w (at i in RFC 9309's order) its verdict
// on the paths of pats; not a line whose paths a rule ranked before w, of
// the other verdict, all match: RFC 9309 gives them that rule's answer
// ("Disallow: /*.pdf" against "Allow: /x*", with "Allow: /x*.pdf").
func (pw *pairWeigher) emit(w *pairRule, i int, pats []string) {
	verb := "ACAP-disallow-crawl: "
	if w.allow {
		verb = "ACAP-allow-crawl: "
	}
	for _, p := range pats {
		pp := CompilePattern(p, matchACAPCase)
		pa := autPatternOf(&pp)
		if slices.ContainsFunc(pw.rs[:i], func(u pairRule) bool {
			return u.allow != w.allow && globIncludes(u.aut.toks, u.aut.fold, u.aut.anchored, pa.toks, pa.fold, pa.anchored)
		}) {
			continue
		}
		if line := verb + p; !pw.seenLine[line] {
			pw.seenLine[line] = true
			if len(pw.out) < pw.budget {
				pw.out = append(pw.out, repair{crawler: pw.crawler, line: line})
			} else {
				pw.left++
			}
		}
	}
}

// pairsLeft counts the pairs of a wildcard rule of ws with a plain prefix
// ranked after it, of the other verdict, not weighed: the first of ws with
// the prefixes of first, the others with all of gs.
func (pw *pairWeigher) pairsLeft(ws, first []int) int {
	n := 0
	for k, i := range ws {
		from := pw.gs
		if k == 0 {
			from = first
		}
		for _, j := range from {
			if j > i && pw.rs[j].allow != pw.rs[i].allow {
				n++
			}
		}
	}
	return n
}

// maxPairChecks bounds the pairs of rules pairRepairs weighs for one
// crawler.
const maxPairChecks = 1000000

// MaxAddedLines bounds the lines Convert adds to a file beyond the lines
// it translates (for overlapping rules, and in its rounds of repairs):
// beyond, a publisher would rather read the differences than the lines.
const MaxAddedLines = 500

// overlapLines returns patterns narrower than g (by ACAP's scope rule)
// whose paths together are exactly those g and w both match, where ACAP
// can name them: g a plain prefix (afterPrefix), or g "/*x" and w "/*y$"
// (afterFloating); else nil.
func overlapLines(g *autPattern, gText string, w *autPattern) []string {
	switch {
	case !strings.ContainsAny(gText, "*$"):
		return afterPrefix(w, gText)
	case floatingOnce(g) && !g.anchored && floatingOnce(w) && w.anchored:
		return afterFloating(w, g)
	}
	return nil
}

// afterPrefix returns patterns, each beginning with the plain prefix g,
// whose paths together are exactly the paths that begin with g and that
// the automaton pattern w matches.
func afterPrefix(w *autPattern, g string) []string {
	return extensions(w, 0, appendUnits(nil, string(canonAppend(nil, g, w.fold))), g)
}

// extensions returns patterns, each prefix followed by the rest of w from
// a place w's automaton can be in after reading the units read from its
// position from: together, the paths that go on from read as w does. When
// w has matched for good by then, prefix followed by '*' (all of them).
func extensions(w *autPattern, from int, read []int, prefix string) []string {
	a := newAutomaton([]autPattern{*w})
	items, matched := splitMatched(a.closure(nil, 0, from))
	for _, u := range read {
		if len(matched) > 0 {
			break
		}
		items, matched = splitMatched(a.stepRaw(nil, items, u))
	}
	if len(matched) > 0 {
		// "g*" has g's paths, and is narrower than g.
		return []string{prefix + "*"}
	}
	// A place after w's last wildcard reached covers those before it, and
	// the literal right after that wildcard.
	slices.Sort(items)
	items = slices.Compact(items)
	lastStar := -1
	for _, it := range items {
		if pos := int(it & 0xffff); pos < len(w.toks) && w.toks[pos] == tokStar {
			lastStar = max(lastStar, pos)
		}
	}
	var out []string
	for _, it := range items {
		pos := int(it & 0xffff)
		if pos < lastStar || (lastStar >= 0 && pos == lastStar+1) {
			continue
		}
		out = append(out, prefix+patternText(w.toks[pos:], w.anchored))
	}
	return out
}

// patternText writes automaton tokens as the text of an ACAP pattern:
// wildcards as '*', characters that a pattern reads specially escaped.
func patternText(toks []int, anchored bool) string {
	var b strings.Builder
	for _, t := range toks {
		if t == tokStar {
			b.WriteByte('*')
		} else {
			writeUnit(&b, t, true)
		}
	}
	if anchored {
		b.WriteByte('$')
	}
	return b.String()
}

// floatingOnce reports whether an automaton pattern is "/*" followed by a
// literal and nothing else (but an anchor).
func floatingOnce(p *autPattern) bool {
	return !p.never && floatStart(p) == 2 && !slices.Contains(p.toks[2:], tokStar)
}

// afterTwoFloating returns, for two patterns "/*x" (w, which RFC 9309
// ranks first) and "/*y" (g), neither anchored, patterns that ACAP ranks
// narrower than g and whose paths together are exactly those both match
// (paths in which x and y both occur after the leading '/'). A pattern
// beats "/*y" only with a literal right after the first '/' or by
// extending "/*y": so "/*y*x" (y before x), "/x*y" (x first), "/u*x*y" for
// every unit u a path may go on with (upper-case letters folded, as ACAP
// reads them), and, where x and y overlap, the merged forms: "/*m" where y
// runs into x, "/m" and "/u*m" where x runs into y or holds y. For
// "/*?lang=" against "/*?q=", 233 lines.
func afterTwoFloating(w, g *autPattern) []string {
	x, y := w.toks[2:], g.toks[2:]
	X, Y := patternText(x, false), patternText(y, false)
	var firsts []string // every unit a path may go on with after '/'
	var b strings.Builder
	for u := 0; u < numUnits; u++ {
		if 'A' <= u && u <= 'Z' {
			continue
		}
		b.Reset()
		writeUnit(&b, u, true)
		firsts = append(firsts, b.String())
	}
	out := []string{"/*" + Y + "*" + X}
	xFirst := []string{X + "*" + Y}
	for k := 1; k < min(len(x), len(y)); k++ {
		if slices.Equal(y[len(y)-k:], x[:k]) {
			out = append(out, "/*"+Y+patternText(x[k:], false))
		}
		if slices.Equal(x[len(x)-k:], y[:k]) {
			xFirst = append(xFirst, X+patternText(y[k:], false))
		}
	}
	for i := 1; i+len(y) <= len(x); i++ {
		if slices.Equal(x[i:i+len(y)], y) {
			xFirst = append(xFirst, X)
			break
		}
	}
	for _, m := range xFirst {
		out = append(out, "/"+m)
		for _, u := range firsts {
			out = append(out, "/"+u+"*"+m)
		}
	}
	return out
}

// afterFloating returns, for a pattern g "/*x" and a pattern w "/*y$"
// (floatingOnce, w anchored), patterns extending g whose paths together
// are exactly those both match: w waits at its wildcard wherever g's
// literal ends, so the paths are g's literal followed by w from each place
// its automaton can be in after reading that literal from its wildcard.
func afterFloating(w, g *autPattern) []string {
	return extensions(w, 1, g.toks[2:], "/*"+patternText(g.toks[2:], false))
}
