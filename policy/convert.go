package policy

import (
	"runtime"
	"strings"
	"sync"
)

// ConvertOptions control Convert.
type ConvertOptions struct {
	// Source is the reading the converted file must agree with:
	// KindRFC9309 (the default) or KindDraft1996.
	Source Kind
	// Comments follows each added ACAP line with the conventional line it
	// came from, as a comment (the style of the original ACAP converter).
	Comments bool
	// IgnoreConventional adds ACAP-ignore-conventional-records, so that
	// ACAP crawlers read only the ACAP records.
	IgnoreConventional bool
}

// Conversion is the result of Convert: the new text, what was added, and
// the proof that it means the same.
type Conversion struct {
	Text   []byte
	Added  []int    // 1-based lines of Text that the converter added
	Notes  []string // what the converter did beyond translating lines, and why
	Report EquivalenceReport
}

// EquivalenceReport compares two readings of crawl: the source kind's
// reading of the original file and the ACAP reading of the converted one.
type EquivalenceReport struct {
	Source   Kind
	Crawlers []string // the crawlers compared; the last is one the file does not name
	Probes   int      // distinct paths asked
	Checked  int      // questions compared (crawlers × their paths)
	// Differences are examples of paths where the readings disagree: at
	// most maxDifferences, those that are not about case first.
	Differences []Difference
	// More counts the differences left out of Differences.
	More int
	// Counts of all differences by cause.
	CaseCount, RankingCount, OtherCount int
}

// Equivalent reports whether no difference was found.
func (r *EquivalenceReport) Equivalent() bool { return r.CaseCount+r.RankingCount+r.OtherCount == 0 }

// OnlyCase reports whether every difference found comes from ACAP matching
// ignoring case (the one difference no ACAP line can remove).
func (r *EquivalenceReport) OnlyCase() bool { return r.RankingCount+r.OtherCount == 0 }

// Explained reports whether every difference found is one the converter
// cannot remove: case, or a ranking ACAP's scope rule cannot express.
func (r *EquivalenceReport) Explained() bool { return r.OtherCount == 0 }

// Difference is a path on which two readings decide crawl differently.
type Difference struct {
	Crawler    string
	Path       string
	Source     bool // the source reading's answer
	SourceLine int  // its deciding line in the original file (0: none)
	ACAP       bool // the ACAP reading's answer
	ACAPLine   int  // its deciding line in the converted file (0: none)
	// CaseOnly marks a difference that comes from ACAP matching ignoring
	// case: no ACAP line can restore it.
	CaseOnly bool
	// Ranking marks a difference where both readings have a matching line
	// but rank them differently: RFC 9309 prefers the longer pattern (and
	// Allow on a tie), ACAP the narrower scope of §2.4.5, and the converter
	// found no ACAP line that restores the source's choice (for example an
	// anchored "/$" always loses to "/*" in ACAP).
	Ranking bool
}

// unnamedCrawler is the crawler name used for "any other crawler".
const unnamedCrawler = "AnyOtherCrawler"

const maxDifferences = 50

// convUnit is one crawler's rules in the source reading.
type convUnit struct {
	name  string // as written; "*" for any crawler
	rules []*Field
}

// Convert adds to f an ACAP record for each conventional group whose
// crawlers have none, and proves that ACAP crawlers reading the result
// decide crawl as opt.Source crawlers decide it on f (semantics §6).
// Existing ACAP records are kept. The conventional part is kept as it is.
func Convert(f *File, opt ConvertOptions) *Conversion {
	if opt.Source != KindDraft1996 {
		opt.Source = KindRFC9309
	}
	units := sourceUnits(f, opt.Source)
	existing := map[string]bool{}
	for _, r := range f.Records {
		for _, c := range r.Crawlers {
			existing[strings.ToLower(acapName(c.Value.Text))] = true
		}
	}
	conv := &Conversion{}
	var lines []string // added lines, comments marked by a leading '#'
	add := func(s string) { lines = append(lines, s) }
	for _, u := range units {
		if existing[strings.ToLower(u.name)] {
			conv.Notes = append(conv.Notes, "the file already has an ACAP record for "+u.name+"; it is kept and none is added")
			continue
		}
		rules := u.rules
		if opt.Source == KindRFC9309 {
			var dropped []int
			rules, dropped = dropTiedDisallows(f, rules)
			if len(dropped) > 0 {
				conv.Notes = append(conv.Notes, "for "+u.name+", "+lineList(dropped)+" repeat"+plural(len(dropped), "s", "")+" the pattern of an Allow line; RFC 9309 crawlers let Allow win such a tie while ACAP would prohibit, so no ACAP line is written for "+plural(len(dropped), "it", "them"))
			}
		}
		if opt.Source == KindDraft1996 {
			var dropped []int
			rules, dropped = unshadow(rules)
			if len(dropped) > 0 {
				conv.Notes = append(conv.Notes, "for "+u.name+", "+lineList(dropped)+plural(len(dropped), " is", " are")+" never reached by a 1996 crawler (an earlier rule of the record matches every path "+plural(len(dropped), "it matches", "they match")+"), so no ACAP line is written for "+plural(len(dropped), "it", "them"))
			}
		}
		if u.name == "*" && !hasPattern(f, rules, opt.Source) {
			// An empty record would merge with the next ACAP-crawler line;
			// and silence already allows everything.
			continue
		}
		if len(lines) > 0 {
			add("")
		}
		add("ACAP-crawler: " + u.name)
		if opt.Comments {
			add("# User-agent: " + u.name)
		}
		hasRoot := false
		for _, r := range rules {
			if acapPatternOf(f, r, opt.Source) == "/" {
				hasRoot = true
			}
		}
		if u.name != "*" && !hasRoot {
			// ACAP crawlers fall back to the any-crawler record for each URL
			// a named record is silent about, while conventional crawlers use
			// the named group alone: a baseline keeps the named record from
			// ever being silent.
			add("ACAP-allow-crawl: /")
			if opt.Comments {
				add("# (baseline: the group for " + u.name + " allows what it does not forbid)")
			}
			hasRoot = true
		}
		for _, r := range rules {
			pat := acapPatternOf(f, r, opt.Source)
			if pat == "" {
				if r.Kind == FieldDisallow && !hasRoot {
					add("ACAP-allow-crawl: /")
					hasRoot = true
					if opt.Comments {
						add("# " + ruleText(r))
					}
				}
				continue
			}
			verb := "ACAP-disallow-crawl: "
			if r.Kind == FieldAllow {
				verb = "ACAP-allow-crawl: "
			}
			add(verb + pat)
			if opt.Comments {
				add("# " + ruleText(r))
			}
		}
	}
	build := func(extra []repair) []byte {
		all := append([]string(nil), lines...)
		for _, r := range extra {
			// Into the record the converter wrote for that crawler, at its
			// end; else into a record of its own.
			at := -1
			for i, l := range all {
				if l == "ACAP-crawler: "+r.crawler {
					at = i + 1
					for at < len(all) && all[at] != "" {
						at++
					}
				}
			}
			if at < 0 {
				all = append(all, "", "ACAP-crawler: "+r.crawler, r.line)
				continue
			}
			all = append(all[:at], append([]string{r.line}, all[at:]...)...)
		}
		return assemble(f, all, opt, conv)
	}
	conv.Text = build(nil)
	cmp := newComparison(f, opt.Source, true)
	cur := mustParse(conv.Text)
	conv.Report = cmp.run(cur, nil)
	// Repair differences that a narrower ACAP line can fix (RFC 9309 ranks
	// rules by length, ACAP by scope), a few rounds at most.
	var repairs []repair
	for round := 0; round < 1 && len(conv.Report.Differences) > 0; round++ {
		more := repairLines(f, opt.Source, cur, conv.Report, repairs)
		if len(more) == 0 {
			break
		}
		repairs = append(repairs, more...)
		conv.Text = build(repairs)
		// Only the crawlers whose records got lines can answer differently
		// (named records have a baseline, so lines for * reach only the
		// crawlers answered by the * record).
		cur = mustParse(conv.Text)
		touched := map[string]bool{}
		for _, r := range more {
			touched[strings.ToLower(r.crawler)] = true
		}
		conv.Report = cmp.run(cur, func(name string) bool {
			return !touched[strings.ToLower(recordNameFor(cur, name))]
		})
	}
	if len(repairs) > 0 {
		conv.Notes = append(conv.Notes, itoa(len(repairs))+" line"+plural(len(repairs), " was", "s were")+
			" added where RFC 9309's longest-pattern rule and ACAP's narrowest-scope rule rank two patterns differently")
	}
	return conv
}

// lineList writes "line 3" or "lines 3, 5 and 8".
func lineList(ns []int) string {
	if len(ns) == 1 {
		return "line " + itoa(ns[0])
	}
	var b strings.Builder
	b.WriteString("lines ")
	for i, n := range ns {
		switch {
		case i == len(ns)-1:
			b.WriteString(" and ")
		case i > 0:
			b.WriteString(", ")
		}
		b.WriteString(itoa(n))
	}
	return b.String()
}

func mustParse(src []byte) *File {
	f, err := Parse("/robots.txt", src)
	if err != nil {
		// Conversion adds a few KiB at most to a file Parse accepted.
		f, _ = Parse("/robots.txt", nil)
	}
	return f
}

// assemble writes the converted file: the version comment first, the file
// as it was, then the ACAP part. It records the added lines in conv.
func assemble(f *File, lines []string, opt ConvertOptions, conv *Conversion) []byte {
	nl := "\n"
	if i := strings.IndexAny(f.text, "\r\n"); i >= 0 && f.text[i] == '\r' {
		nl = "\r"
		if i+1 < len(f.text) && f.text[i+1] == '\n' {
			nl = "\r\n"
		}
	}
	var b strings.Builder
	conv.Added = conv.Added[:0]
	n := 0 // lines written so far
	body := f.text
	bomEnd := bomLen(f)
	b.WriteString(body[:bomEnd])
	body = body[bomEnd:]
	if f.Version == nil {
		b.WriteString("##ACAP version=1.1" + nl)
		n++
		conv.Added = append(conv.Added, n)
	}
	b.WriteString(body)
	n += len(f.Lines)
	if len(body) > 0 && (strings.HasSuffix(body, "\n") || strings.HasSuffix(body, "\r")) {
		n-- // the empty last line Parse counts is where we continue
	} else if len(body) > 0 {
		b.WriteString(nl)
	}
	if len(lines) == 0 && !opt.IgnoreConventional {
		return []byte(b.String())
	}
	if len(body) > 0 {
		b.WriteString(nl)
		n++
	}
	write := func(s string) {
		b.WriteString(s + nl)
		n++
		conv.Added = append(conv.Added, n)
	}
	write("# ACAP records added by ACAP Workbench's converter")
	if opt.IgnoreConventional && f.IgnoreConventional == nil {
		write("ACAP-ignore-conventional-records")
	}
	for _, s := range lines {
		write(s)
	}
	return []byte(b.String())
}

// sourceUnits lists, in file order, each crawler's conventional rules as the
// source reading sees them.
func sourceUnits(f *File, source Kind) []convUnit {
	var units []convUnit
	index := map[string]int{}
	if source == KindDraft1996 {
		// The first record naming a crawler, and the first * record.
		for _, r := range compileOlder(f) {
			for _, a := range r.agents {
				name := crawlerName(a.Value.Text)
				key := strings.ToLower(name)
				if name == "" || index[key] > 0 {
					continue
				}
				var rules []*Field
				for _, rr := range r.rules {
					rules = append(rules, rr.fd)
				}
				for _, fd := range emptyDisallows(f, r) {
					rules = append(rules, fd)
				}
				units = append(units, convUnit{name: name, rules: rules})
				index[key] = len(units)
			}
		}
		return units
	}
	for _, g := range f.Groups {
		var rules []*Field
		for _, fd := range g.Rules {
			if fd.Status != StatusSkipped {
				rules = append(rules, fd)
			}
		}
		for _, a := range g.Agents {
			if a.Status == StatusSkipped {
				continue
			}
			name := uaName(a.Value.Text)
			if name == "" {
				continue
			}
			key := strings.ToLower(name)
			if i := index[key]; i > 0 {
				units[i-1].rules = append(units[i-1].rules, rules...)
				continue
			}
			units = append(units, convUnit{name: name, rules: append([]*Field(nil), rules...)})
			index[key] = len(units)
		}
	}
	return units
}

// emptyDisallows returns the empty Disallow lines of an older record (which
// compileOlder leaves out, as they forbid nothing).
func emptyDisallows(f *File, r olderRecord) []*Field {
	var out []*Field
	for _, fd := range f.Fields {
		if fd.Kind == FieldDisallow && fd.Value.Text == "" && fd.Line > r.first && fd.Status != StatusSkipped {
			// Only those inside the record: up to the next blank line.
			blank := false
			for n := r.first; n < fd.Line; n++ {
				if f.Lines[n-1].Kind == LineBlank {
					blank = true
				}
			}
			if !blank {
				out = append(out, fd)
			}
		}
	}
	return out
}

// acapPatternOf writes a conventional rule's pattern for an ACAP line. For
// the 1996 draft, '*' and '$' are ordinary characters and are escaped.
func acapPatternOf(f *File, fd *Field, source Kind) string {
	v := fd.Value.Text
	if source == KindDraft1996 {
		v = strings.NewReplacer("*", "%2A", "$", "%24").Replace(v)
	} else {
		v = rfcPattern(f, fd)
	}
	if i := strings.IndexByte(v, '$'); i >= 0 && i != len(v)-1 {
		// RFC 9309 reads a '$' before the end as an ordinary character;
		// ACAP does not allow it there.
		v = v[:i] + "%24" + strings.ReplaceAll(v[i+1:], "$", "%24")
		if strings.HasSuffix(fd.Value.Text, "$") {
			v = strings.TrimSuffix(v, "%24") + "$"
		}
	}
	return v
}

// hasPattern reports whether any rule has a non-empty pattern.
func hasPattern(f *File, rules []*Field, source Kind) bool {
	for _, r := range rules {
		if acapPatternOf(f, r, source) != "" {
			return true
		}
	}
	return false
}

// dropTiedDisallows drops Disallow lines whose pattern an Allow line of the
// same crawler repeats (after decoding and case folding they are the same):
// RFC 9309 lets Allow win such a tie, ACAP cannot decide it and prohibits.
// Patterns equal only when case is ignored are kept: case differences are
// reported instead.
func dropTiedDisallows(f *File, rules []*Field) (kept []*Field, dropped []int) {
	allows := map[string]bool{}
	for _, r := range rules {
		if r.Kind == FieldAllow {
			allows[canonical(rfcPattern(f, r))] = true
		}
	}
	for _, r := range rules {
		if r.Kind == FieldDisallow && allows[canonical(rfcPattern(f, r))] {
			dropped = append(dropped, r.Line)
			continue
		}
		kept = append(kept, r)
	}
	return kept, dropped
}

// canonical returns a pattern with its escapes decoded (but %2F and %25),
// for comparing patterns the way matching does, case kept.
func canonical(p string) string {
	return string(canonAppend(nil, p, false))
}

// unshadow drops the rules a 1996 crawler never reaches: a rule whose path
// starts with the path of an earlier rule is decided by that earlier rule.
func unshadow(rules []*Field) (kept []*Field, dropped []int) {
	for i, r := range rules {
		shadowed := false
		for _, e := range rules[:i] {
			if e.Value.Text != "" && strings.HasPrefix(r.Value.Text, e.Value.Text) {
				shadowed = true
				break
			}
		}
		if shadowed {
			dropped = append(dropped, r.Line)
			continue
		}
		kept = append(kept, r)
	}
	return kept, dropped
}

// CompareReadings decides crawl for every crawler old names (plus one it
// does not) on probe paths built from the patterns of both files, as kind
// reads old and as an ACAP crawler reads converted, and reports where they
// differ. With converted == old it shows where a file's ACAP part and its
// conventional part disagree.
func CompareReadings(old *File, kind Kind, converted *File) EquivalenceReport {
	return newComparison(old, kind, true).run(converted, nil)
}

// compareReadings is CompareReadings; without withCase, the probes leave out
// the case variants of paths (for callers that ignore case differences).
func compareReadings(old *File, kind Kind, converted *File, withCase bool) EquivalenceReport {
	return newComparison(old, kind, withCase).run(converted, nil)
}

// comparison compares the source reading of one file with the ACAP reading
// of successive versions of its conversion, remembering what it can reuse:
// the source answers, and the results of crawlers a new version does not
// affect.
type comparison struct {
	old      *File
	kind     Kind
	withCase bool
	names    []string
	src      *Policy
	oldRules []probeRule
	results  []crawlerResult
}

// crawlerResult is the comparison for one crawler.
type crawlerResult struct {
	done                 bool
	probes               []string
	srcAnswers           map[string]Answer // the source reading, by path
	checked              int
	caseN, rankN, otherN int
	caseEx, otherEx      []Difference
}

func newComparison(old *File, kind Kind, withCase bool) *comparison {
	names := append(crawlerNames(old), unnamedCrawler)
	return &comparison{old: old, kind: kind, withCase: withCase, names: names, src: NewPolicy(old),
		oldRules: probeRules(old, withCase), results: make([]crawlerResult, len(names))}
}

// run compares against converted. With keep, the results of crawlers for
// which keep returns true are kept from the previous run (their examples'
// ACAP lines are looked up again, as lines may have moved).
func (c *comparison) run(converted *File, keep func(name string) bool) EquivalenceReport {
	rep := EquivalenceReport{Source: c.kind, Crawlers: c.names}
	dst := NewPolicy(converted)
	var (
		rules     []probeRule
		rulesOnce sync.Once
	)
	probeSet := func() []probeRule {
		rulesOnce.Do(func() {
			rules = append(append([]probeRule(nil), c.oldRules...), probeRules(converted, c.withCase)...)
		})
		return rules
	}
	work := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < max(1, min(runtime.GOMAXPROCS(0), len(c.names))); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				r := &c.results[i]
				if r.done && keep != nil && keep(c.names[i]) {
					c.relocate(r, dst)
					continue
				}
				c.compareCrawler(c.names[i], r, probeSet(), converted, dst)
			}
		}()
	}
	for i := range c.names {
		work <- i
	}
	close(work)
	wg.Wait()
	distinct := map[string]bool{}
	var caseEx, otherEx []Difference
	for _, r := range c.results {
		for _, p := range r.probes {
			distinct[p] = true
		}
		rep.Checked += r.checked
		rep.CaseCount += r.caseN
		rep.RankingCount += r.rankN
		rep.OtherCount += r.otherN
		caseEx = append(caseEx, r.caseEx...)
		otherEx = append(otherEx, r.otherEx...)
	}
	rep.Probes = len(distinct)
	if len(otherEx) > maxDifferences-maxDifferences/5 {
		otherEx = otherEx[:maxDifferences-maxDifferences/5]
	}
	if len(caseEx) > maxDifferences-len(otherEx) {
		caseEx = caseEx[:maxDifferences-len(otherEx)]
	}
	rep.Differences = append(otherEx, caseEx...)
	rep.More = rep.CaseCount + rep.RankingCount + rep.OtherCount - len(rep.Differences)
	return rep
}

// compareCrawler compares the two readings for one crawler.
func (c *comparison) compareCrawler(name string, r *crawlerResult, rules []probeRule, converted *File, dst *Policy) {
	prev := r.srcAnswers
	*r = crawlerResult{done: true, probes: probesFor(name, rules), srcAnswers: make(map[string]Answer, len(r.probes))}
	for _, p := range r.probes {
		subj := NewSubject(p)
		a, ok := prev[p]
		if !ok {
			qs := Question{Crawler: name, URL: p, Kind: c.kind}
			a = c.src.decideQuiet(&qs, p, &subj)
		}
		r.srcAnswers[p] = a
		qa := Question{Crawler: name, URL: p, Kind: KindACAP}
		b := dst.decideQuiet(&qa, p, &subj)
		r.checked++
		if a.Allowed == b.Allowed {
			continue
		}
		d := Difference{Crawler: name, Path: p, Source: a.Allowed, SourceLine: a.Line, ACAP: b.Allowed, ACAPLine: b.Line,
			CaseOnly: caseOnly(dst, b.Line, p)}
		switch {
		case d.CaseOnly:
			r.caseN++
			if len(r.caseEx) < maxDifferences/5 {
				r.caseEx = append(r.caseEx, d)
			}
			continue
		case rankingOnly(c.old, converted, &d):
			d.Ranking = true
			r.rankN++
		default:
			r.otherN++
		}
		if len(r.otherEx) < maxDifferences {
			r.otherEx = append(r.otherEx, d)
		}
	}
}

// relocate looks up the ACAP deciding lines of a kept result's examples in
// the new version of the converted file.
func (c *comparison) relocate(r *crawlerResult, dst *Policy) {
	for _, ex := range [][]Difference{r.caseEx, r.otherEx} {
		for i := range ex {
			subj := NewSubject(ex[i].Path)
			qa := Question{Crawler: ex[i].Crawler, URL: ex[i].Path, Kind: KindACAP}
			ex[i].ACAPLine = dst.decideQuiet(&qa, ex[i].Path, &subj).Line
		}
	}
}

// probeRule is a rule's probe paths with the (lower-case) crawler names of
// the group or record it stands in; "*" for every crawler; none at all when
// any crawler may read it.
type probeRule struct {
	paths  []string
	agents []string
	all    bool
}

// probeRules prepares the probes of every rule of f.
func probeRules(f *File, withCase bool) []probeRule {
	var out []probeRule
	agentsOf := map[int][]string{} // group index -> names
	for gi, g := range f.Groups {
		for _, a := range g.Agents {
			agentsOf[gi] = append(agentsOf[gi], strings.ToLower(crawlerName(a.Value.Text)))
		}
	}
	gi := 0
	for _, fd := range f.Fields {
		if !(fd.Kind.IsConventionalRule() || fd.Kind.IsACAPRule()) || fd.Status == StatusSkipped {
			continue
		}
		pr := probeRule{paths: probeForms(fd, withCase)}
		switch {
		case fd.Kind.IsACAPRule() && fd.Record != nil:
			for _, c := range fd.Record.Crawlers {
				pr.agents = append(pr.agents, strings.ToLower(acapName(c.Value.Text)))
			}
			pr.all = fd.Record.Reference != nil
		case fd.Kind.IsACAPRule():
			continue
		default:
			for gi < len(f.Groups) && f.Groups[gi].Last < fd.Line {
				gi++
			}
			if gi < len(f.Groups) && f.Groups[gi].First <= fd.Line {
				pr.agents = agentsOf[gi]
			} else {
				pr.all = true // the older readings delimit records differently
			}
		}
		out = append(out, pr)
	}
	return out
}

// probesFor returns the probe paths for one crawler: those of the rules
// that can speak to it (by name, by substring for the older readings, or
// for every crawler).
func probesFor(name string, rules []probeRule) []string {
	lower := strings.ToLower(name)
	seen := map[string]bool{"/": true}
	out := []string{"/"}
	for _, r := range rules {
		ok := r.all
		for _, n := range r.agents {
			ok = ok || strings.HasPrefix(n, "*") || strings.Contains(n, lower) || strings.Contains(lower, n)
		}
		if !ok {
			continue
		}
		for _, p := range r.paths {
			if !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	return out
}

// caseOnly reports whether the ACAP answer for path p comes from a line
// whose pattern matches p only when case is ignored: ACAP matching ignores
// case and RFC 9309 matching does not, and no ACAP line can change that.
func caseOnly(dst *Policy, acapLine int, p string) bool {
	fd := dst.file.FieldAt(acapLine)
	if fd == nil || !fd.Kind.IsACAPRule() {
		return false
	}
	subj := NewSubject(p)
	for _, r := range fd.Rules() {
		pat := r.Pattern
		if !strings.HasPrefix(pat, "/") {
			pat = "/" + pat
		}
		exact := CompilePattern(pat, MatchRFC9309)
		folded := CompilePattern(pat, MatchACAP)
		if folded.Match(&subj) && !exact.Match(&subj) {
			return true
		}
	}
	return false
}

// rankingOnly reports whether a difference comes from the two readings
// ranking matching lines differently: both deciding lines are rules whose
// patterns match the path, and the ACAP reading also has a line with the
// source's verdict that matches it.
func rankingOnly(old, converted *File, d *Difference) bool {
	if d.SourceLine == 0 || d.ACAPLine == 0 {
		return false
	}
	sf := old.FieldAt(d.SourceLine)
	if sf == nil || !sf.Kind.IsConventionalRule() {
		return false
	}
	subj := NewSubject(d.Path)
	for _, fd := range converted.Fields {
		if !fd.Kind.IsACAPRule() || fd.Status != StatusOK || fd.IsAllow() != d.Source {
			continue
		}
		for _, r := range fd.Rules() {
			if r.Usage != UsageCrawl {
				continue
			}
			pat := CompilePattern(r.Pattern, MatchACAP)
			if pat.Match(&subj) && fd.Record != nil {
				for _, c := range fd.Record.Crawlers {
					if strings.EqualFold(acapName(c.Value.Text), crawlerName(d.Crawler)) || agentAny(c.Value.Text) {
						return true
					}
				}
			}
		}
	}
	return false
}

// decideQuiet decides without keeping the trace.
func (p *Policy) decideQuiet(q *Question, path string, subj *Subject) Answer {
	return p.decide(q, path, subj, true)
}

// crawlerNames returns the crawler names a file uses, in order, once each.
func crawlerNames(f *File) []string {
	var out []string
	seen := map[string]bool{}
	add := func(n string) {
		k := strings.ToLower(n)
		if n != "" && n != "*" && !seen[k] {
			seen[k] = true
			out = append(out, n)
		}
	}
	for _, g := range f.Groups {
		for _, a := range g.Agents {
			add(uaName(a.Value.Text))
		}
	}
	for _, r := range f.Records {
		for _, c := range r.Crawlers {
			add(acapName(c.Value.Text))
		}
	}
	return out
}

// probeForms builds the paths that can tell a rule apart from others: its
// patterns with the wildcards filled in, prefixes at each '/', one
// character more or less, case variants (of the decoded form too) and an
// escaped form.
func probeForms(fd *Field, withCase bool) []string {
	var out []string
	seen := map[string]bool{}
	add := func(p string) {
		if p == "" || p[0] != '/' {
			p = "/" + p
		}
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	pats := []string{fd.Pattern().Text}
	for _, r := range fd.Rules() {
		pats = append(pats, r.Pattern)
	}
	for _, raw := range pats {
		if raw == "" {
			continue
		}
		anchored := strings.HasSuffix(raw, "$")
		base := strings.TrimSuffix(raw, "$")
		fills := []string{""}
		if strings.Contains(base, "*") {
			fills = append(fills, "x", "a/b")
		}
		for n, fill := range fills {
			p := strings.ReplaceAll(base, "*", fill)
			forms := []string{p, p + "x"}
			if n == 0 {
				if !anchored {
					forms = append(forms, p+"/")
				}
				if len(p) > 1 {
					forms = append(forms, p[:len(p)-1])
					add(p[:1] + "%" + hex2(p[1]) + p[2:])
				}
				for i := 1; i < len(p)-1; i++ {
					if p[i] == '/' {
						add(p[:i+1])
					}
				}
			}
			for _, f := range forms {
				add(f)
				if withCase {
					// Case variants, of the decoded form too (%41 is A).
					dec := canonical(f)
					add(strings.ToUpper(dec))
					add(strings.ToLower(dec))
				}
			}
		}
	}
	return out
}

func hex2(c byte) string {
	const digits = "0123456789ABCDEF"
	return string([]byte{digits[c>>4], digits[c&15]})
}

// repairLines proposes ACAP lines for differences that come from the two
// ways of ranking rules: for a path where the source's deciding pattern
// loses to a broader-by-scope ACAP pattern, a line with the source's
// verdict whose pattern is narrower than both (the ACAP pattern followed by
// the rest of the source pattern after its first '*').
func repairLines(old *File, kind Kind, converted *File, rep EquivalenceReport, have []repair) []repair {
	var out []repair
	seen := map[repair]bool{}
	for _, r := range have {
		seen[r] = true
	}
	for _, d := range rep.Differences {
		if d.CaseOnly || d.SourceLine == 0 || d.ACAPLine == 0 {
			continue
		}
		sf, af := old.FieldAt(d.SourceLine), converted.FieldAt(d.ACAPLine)
		if sf == nil || af == nil || !sf.Kind.IsConventionalRule() {
			continue
		}
		apat := af.Pattern().Text
		if af.Kind.IsConventionalRule() {
			apat = af.Value.Text
		}
		spat := acapPatternOf(old, sf, kind)
		star := strings.IndexByte(spat, '*')
		if star < 0 || apat == "" {
			continue
		}
		narrower := strings.TrimSuffix(apat, "$") + spat[star:]
		if strings.HasSuffix(apat, "$") {
			continue
		}
		verb := "ACAP-disallow-crawl: "
		if d.Source {
			verb = "ACAP-allow-crawl: "
		}
		// The line goes into a record of its own for the crawler's record
		// name; records for the same crawler merge.
		r := repair{crawler: recordNameFor(converted, d.Crawler), line: verb + narrower}
		if !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	return out
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
			if crawlerEq(c.Value.Text, crawler) {
				return acapName(c.Value.Text)
			}
		}
	}
	return "*"
}
