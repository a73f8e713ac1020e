package policy

import "strings"

// The ACAP reading (READING.md §3–4).

// appliedRecord is an ACAP record that applies to a crawler, with its
// standing: named (addressed to the crawler by name) or any (to every
// crawler).
type appliedRecord struct {
	rec   *Record
	comp  *compiled
	named bool
}

// selectACAP finds the records that apply to a crawler, following
// permissions references.
func (p *Policy) selectACAP(s *selection, main *compiled, crawler string, ua bool) {
	recs, best := matchingRecords(main.file, crawler, ua)
	var anyLines, namedLines []int
	for _, m := range recs {
		r := m.rec
		if r.Reference != nil {
			if m.named {
				namedLines = append(namedLines, r.First)
			} else if r.Any {
				anyLines = append(anyLines, r.First)
			}
			p.followReference(s, main, r, m.named, crawler, ua)
			continue
		}
		if m.named {
			s.records = append(s.records, appliedRecord{r, main, true})
			namedLines = append(namedLines, r.First)
		}
		if r.Any {
			s.records = append(s.records, appliedRecord{r, main, false})
			anyLines = append(anyLines, r.First)
		}
	}
	text := ""
	switch {
	case len(namedLines) == 0 && len(anyLines) == 0:
		text = "no ACAP record is addressed to " + crawler + " or to any crawler (*)"
	case len(namedLines) == 0:
		text = "no ACAP record names " + crawler + "; the any-crawler (*) record" + plural(len(anyLines), " applies", "s apply")
	default:
		text = "the ACAP record" + plural(len(namedLines), "", "s") + " naming " + crawler
		if ua {
			text = "the ACAP record" + plural(len(namedLines), "", "s") + " whose crawler name is the longest found in the User-Agent (" + itoa(best) + " characters)"
		}
		text += plural(len(namedLines), " applies", " apply, merged")
		if len(anyLines) > 0 {
			text += "; the any-crawler (*) record" + plural(len(anyLines), " is", "s are") + " asked only where the named records are silent"
		}
	}
	lines := append(append([]int(nil), namedLines...), anyLines...)
	s.steps = append([]Step{{Kind: StepRecords, Lines: lines, Text: text}}, s.steps...)
}

// recordMatch is a record with whether it names the crawler.
type recordMatch struct {
	rec   *Record
	named bool
}

// matchingRecords returns the records of f that apply to the crawler, in
// file order: those that name it, and the any-crawler records. With ua, a
// record name matches when it is a substring of the User-Agent string, and
// only the longest such names count. best is that length.
func matchingRecords(f *File, crawler string, ua bool) (out []recordMatch, best int) {
	lowerUA := lowerASCII(crawler)
	names := func(r *Record) []string {
		var ns []string
		for _, c := range r.Crawlers {
			if c.Status == StatusOK {
				if n := acapName(c.Value.Text); n != "*" && n != "" {
					ns = append(ns, n)
				}
			}
		}
		return ns
	}
	if ua {
		for _, r := range f.Records {
			for _, n := range names(r) {
				if len(n) > best && containsFoldASCII(lowerUA, lowerASCII(n)) {
					best = len(n)
				}
			}
		}
	}
	for _, r := range f.Records {
		named := false
		for _, n := range names(r) {
			if ua {
				named = named || (len(n) == best && containsFoldASCII(lowerUA, lowerASCII(n)))
			} else {
				named = named || crawlerEq(n, crawler)
			}
		}
		if named || r.Any {
			out = append(out, recordMatch{r, named})
		}
	}
	return out, best
}

// followReference puts the records of a referenced file in place of the
// referring record (READING.md §3.9).
func (p *Policy) followReference(s *selection, main *compiled, r *Record, named bool, crawler string, ua bool) {
	ref := r.Reference
	path := strings.TrimSpace(ref.Value.Text)
	if i := strings.Index(path, "://"); i >= 0 {
		// A full URL: look the file up by its path.
		if j := strings.IndexByte(path[i+3:], '/'); j >= 0 {
			path = path[i+3+j:]
		}
	}
	rf := p.files[path]
	if rf == nil {
		s.steps = append(s.steps, Step{Kind: StepReference, Line: ref.Line,
			Text: "ACAP-permissions-reference points to " + path + ", which is not open in the workspace: it contributes nothing to this answer"})
		return
	}
	rf = p.referenced(rf)
	c := p.compiled(rf, path, needACAP)
	recs, _ := matchingRecords(rf, crawler, ua)
	added := 0
	for _, m := range recs {
		if m.rec.Reference != nil {
			s.steps = append(s.steps, Step{Kind: StepReference, File: path, Line: m.rec.Reference.Line,
				Text: "a referenced file may not refer further (a chain longer than one); this reference is ignored"})
			continue
		}
		switch {
		case named:
			// For a crawler named in the referring record, every record of
			// the referenced file that applies to it counts as named.
			s.records = append(s.records, appliedRecord{m.rec, c, true})
		default:
			if m.named {
				s.records = append(s.records, appliedRecord{m.rec, c, true})
			}
			if m.rec.Any {
				s.records = append(s.records, appliedRecord{m.rec, c, false})
			}
		}
		added++
	}
	standing := plural(added, "it keeps its own standing (named or any)", "they keep their own standing (named or any)")
	if named {
		standing = plural(added, "it counts as a record naming ", "they count as records naming ") + crawler
	}
	applies := itoa(added) + " of its records apply; " + standing
	switch added {
	case 0:
		applies = "none of its records applies"
	case 1:
		applies = "one of its records applies; " + standing
	}
	s.steps = append(s.steps, Step{Kind: StepReference, Line: ref.Line,
		Text: "ACAP-permissions-reference is followed to " + path + ": " + applies})
}

// referenced returns rf read as a file the main file refers to: with the
// main file's definitions visible in it (READING.md §8). Without such
// definitions it is rf itself.
func (p *Policy) referenced(rf *File) *File {
	d := &p.file.Defs
	if len(d.Qualified)+len(d.Composite)+len(d.Sets) == 0 {
		return rf
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.refs == nil {
		p.refs = map[*File]*File{}
	}
	if r := p.refs[rf]; r != nil {
		return r
	}
	r, err := ParseReferenced(rf.Name, rf.Src, p.file)
	if err != nil {
		r = rf // cannot happen: rf was parsed within the size limit
	}
	p.refs[rf] = r
	return r
}

// candidate is an ACAP field's rule that matches the path and counts for the
// usage asked.
type candidate struct {
	r     *acapRule
	comp  *compiled
	named bool
}

func (c *candidate) line() int { return c.r.fd.Line }

// layerResult is the outcome of the narrowest-scope comparison in one layer.
type layerResult struct {
	found     bool
	allow     bool
	win       *candidate
	tied      []*candidate // agreeing candidates tied with the winner
	undecided bool
	layer     int // 0..3 for (a)..(d)
	named     bool
}

var layerNames = [4]string{
	"named records, sub-records for the purpose",
	"any-crawler records, sub-records for the purpose",
	"named records, fields outside sub-records",
	"any-crawler records, fields outside sub-records",
}

// counts reports whether a field for usage fu counts when asking about u.
func counts(fu, u Usage) bool {
	return fu == u || (fu == UsagePresent && u.IsPresentation() && u != UsagePresent)
}

// purposeMatches reports whether any purpose pattern of the sub-record
// matches the question's purpose.
func purposeMatches(sub *compiledSub, ps *Subject) bool {
	for i := range sub.purposes {
		if sub.purposes[i].Match(ps) {
			return true
		}
	}
	return false
}

// askLayers searches the layers for fields of usage u (READING.md §3.2–3.4).
func (p *Policy) askLayers(sel *selection, u Usage, purpose string, subj, psubj *Subject, a *Answer) layerResult {
	var cands []*candidate
	for layer := 0; layer < 4; layer++ {
		if layer < 2 && purpose == "" {
			continue // a question with no purpose sees no sub-record
		}
		cands = cands[:0]
		wantNamed := layer == 0 || layer == 2
		for i := range sel.records {
			ar := &sel.records[i]
			if ar.named != wantNamed {
				continue
			}
			rr := ar.comp.recs[ar.rec]
			collect := func(rs *ruleSet) {
				rs.index.each(subj, p.acapMode.folds(), a.tick, func(j int) bool {
					r := &rs.rules[j]
					if r.usage != u && !counts(r.usage, u) && r.usage != UsageNone {
						return true
					}
					if !r.pat.Match(subj) {
						return true
					}
					if r.fd.Status == StatusSkipped {
						if !a.quiet {
							a.step(Step{Kind: StepSkipped, File: ar.comp.name, Line: r.fd.Line,
								Text: "this line would match, but it has an error and is skipped (see the problems list)"})
						}
						return true
					}
					cands = append(cands, &candidate{r, ar.comp, ar.named})
					return true
				})
			}
			if layer < 2 {
				for k := range rr.subs {
					if purposeMatches(&rr.subs[k], psubj) {
						collect(&rr.subs[k].rules)
					}
				}
			} else {
				collect(&rr.general)
			}
		}
		if len(cands) == 0 {
			continue
		}
		res := p.narrowest(cands, a)
		res.layer, res.named, res.found = layer, wantNamed, true
		return res
	}
	return layerResult{}
}

// cmpCandidates orders two candidates by scope: <0 when a is narrower. When
// the scope cannot decide, a present-X field is narrower than a present
// field.
func cmpCandidates(a, b *candidate) int {
	if c := CompareScope(&a.r.pat, &b.r.pat); c != 0 {
		return c
	}
	switch {
	case a.r.usage != UsagePresent && b.r.usage == UsagePresent:
		return -1
	case a.r.usage == UsagePresent && b.r.usage != UsagePresent:
		return +1
	}
	return 0
}

// narrowest applies §2.4.5 to the matching fields of one layer.
func (p *Policy) narrowest(cands []*candidate, a *Answer) layerResult {
	for _, c := range cands {
		if a.quiet {
			break
		}
		verb := "permits"
		if !c.r.allow {
			verb = "prohibits"
		}
		text := c.r.fd.Name.Text + ": " + c.r.rule.Pattern + " matches and " + verb + " " + c.r.usage.String()
		if c.r.rule.Via != "" {
			text += " (through " + c.r.rule.Via + ")"
		}
		if c.r.fd.Status == StatusProhibit {
			text += "; the line is read as a prohibition because part of it was not understood"
		}
		a.step(Step{Kind: StepMatch, File: c.comp.name, Line: c.line(), Text: text})
	}
	// A side wins when one of its fields is narrower than every field of
	// the other side (READING.md §3.4; with one field a side, that is the
	// comparison of the two). Of the fields that do, the deciding one is
	// the first, in the order the fields are read, that none of the others
	// is narrower than. No field that another field of its side is
	// narrower than ever changes the answer or the deciding field.
	// For each field: whether it qualifies (is narrower than every field
	// of the other side), whether it is minimal among the qualifying fields
	// of its side, and whether it is minimal among all fields of its side.
	const qual, minQual, minAll = 1, 2, 4
	var buf [16]uint8 // no allocation for the usual few fields
	flags := buf[:0]
	for _, c := range cands {
		f := uint8(qual)
		for _, o := range cands {
			if o.r.allow != c.r.allow && cmpCandidates(c, o) >= 0 {
				f = 0
				break
			}
		}
		flags = append(flags, f)
	}
	for i, c := range cands {
		f := flags[i] | minAll
		if f&qual != 0 {
			f |= minQual
		}
		for j, o := range cands {
			if j != i && o.r.allow == c.r.allow && cmpCandidates(o, c) < 0 {
				f &^= minAll
				if flags[j]&qual != 0 {
					f &^= minQual
				}
			}
		}
		flags[i] = f
	}
	// first returns the first field of a side whose flags have bit.
	first := func(side bool, bit uint8) *candidate {
		for i, c := range cands {
			if c.r.allow == side && flags[i]&bit != 0 {
				return c
			}
		}
		return nil
	}
	var res layerResult
	if w := first(true, minQual); w != nil {
		res.win, res.allow = w, true
	} else if w := first(false, minQual); w != nil {
		res.win, res.allow = w, false
	} else {
		allowW, denyW := first(true, minAll), first(false, minAll)
		res.win, res.allow, res.undecided = denyW, false, true
		a.step(Step{Kind: StepUndecided, File: denyW.comp.name, Line: denyW.line(), Lines: []int{allowW.line()},
			Text: "the permission on line " + itoa(allowW.line()) + " and the prohibition on line " + itoa(denyW.line()) +
				" conflict, and comparing their patterns character by character cannot tell which is narrower: the usage is prohibited (§2.4.5)"})
		return res
	}
	if loser := first(!res.allow, minAll); loser != nil {
		// The other side's narrowest field, to explain the win.
		a.step(Step{Kind: StepScope, File: res.win.comp.name, Line: res.win.line(), Lines: []int{loser.line()}, Text: scopeReason(res.win, loser)})
	}
	// Tied agreeing fields: same scope and same usage standing. Of those
	// that could decide (narrower than every field of the other side, and
	// none of those narrower still), the first line decides.
	for i, c := range cands {
		if c != res.win && c.r.allow == res.allow && cmpCandidates(c, res.win) == 0 && cmpCandidates(res.win, c) == 0 {
			if c.line() < res.win.line() && c.comp == res.win.comp && flags[i]&minQual != 0 {
				res.tied = append(res.tied, res.win)
				res.win = c
				continue
			}
			res.tied = append(res.tied, c)
		}
	}
	return res
}

// scopeReason explains why w's pattern is narrower than l's.
func scopeReason(w, l *candidate) string {
	if CompareScope(&w.r.pat, &l.r.pat) == 0 {
		return "the patterns of lines " + itoa(w.line()) + " and " + itoa(l.line()) + " are alike, and a field for " + w.r.usage.String() +
			" is more specific than one for present, so line " + itoa(w.line()) + " wins"
	}
	wp, lp := w.r.pat.scopeTokens(), l.r.pat.scopeTokens()
	i := 0
	for i < len(wp) && i < len(lp) && wp[i] == lp[i] {
		i++
	}
	why := ""
	switch {
	case i == len(lp):
		why = "the pattern " + l.r.rule.Pattern + " ends there"
	case lp[i] == scopeAnchor:
		why = l.r.rule.Pattern + " has the end anchor $ there"
	case lp[i] == scopeStar:
		why = l.r.rule.Pattern + " has the wildcard * there"
	}
	return "line " + itoa(w.line()) + " (" + w.r.rule.Pattern + ") is narrower than line " + itoa(l.line()) + " (" + l.r.rule.Pattern +
		"): compared character by character they first differ at character " + itoa(i+1) + ", where " + why + " (§2.4.5)"
}

// usageOutcome is the answer for one usage before dependencies.
type usageOutcome struct {
	decided  bool // some field decided (false: allowed by silence)
	viaOther bool // the fields for other decided, as none spoke of the usage
	allow    bool
	line     int
	file     string
	quals    []Qualifier
	limit    *Qualifier // an until- date limit of the deciding field
}

// decideACAP answers as an ACAP crawler.
func (p *Policy) decideACAP(q *Question, u Usage, path string, subj *Subject, a *Answer) {
	sel := p.selection(KindACAP, q.Crawler, q.UserAgent)
	if !a.quiet {
		a.Trace.Steps = append(a.Trace.Steps, sel.steps...)
	}
	switch {
	case a.quiet:
	case q.Purpose == "":
		if p.hasSubRecords(sel) {
			a.step(Step{Kind: StepNote, Text: "the question names no usage purpose, so sub-records for purposes are not read"})
		}
	default:
		a.step(Step{Kind: StepNote, Text: "usage purpose: " + q.Purpose})
	}
	psubj := NewSubject(q.Purpose)
	// A page's META tags join the decision of every usage but crawl, and
	// of the usages it depends on; a crawler that may not fetch the page
	// never sees them (READING.md §8).
	var page *Page
	if u != UsageCrawl {
		page = p.page(path)
	}
	if page != nil {
		sub := Answer{quiet: true, tick: a.tick}
		if c := p.acapUsage(q, sel, UsageCrawl, subj, &psubj, &sub); !c.allow {
			if len(page.Tags) > 0 {
				a.step(Step{Kind: StepMeta, Text: "this crawler may not fetch the page, so it never sees its META tags"})
			}
			page = nil
		}
	}
	out := p.acapUsage(q, sel, u, subj, &psubj, a)
	if page != nil {
		out = p.pageOutcome(q, u, page, out, a)
	}
	a.Allowed, a.Line, a.File = out.allow, out.line, out.file
	if out.allow {
		a.Restrictions = validQuals(out.quals, u, out.file, a)
	}
	if !out.allow {
		return
	}
	// Dependencies: every usage but crawl needs crawl; copies need preserve.
	deps := []Usage{}
	if u != UsageCrawl {
		deps = append(deps, UsageCrawl)
	}
	if u == UsagePresentCurrentCopy || u == UsagePresentOldCopy {
		deps = append(deps, UsagePreserve)
	}
	for _, d := range deps {
		sub := Answer{quiet: true, tick: a.tick}
		dout := p.acapUsage(q, sel, d, subj, &psubj, &sub)
		if page != nil && d != UsageCrawl {
			dout = p.pageOutcome(q, d, page, dout, &sub)
		}
		if !dout.allow {
			own := "by silence"
			switch {
			case out.file != "" && strings.HasPrefix(out.file, "page "):
				own = "by the page's META tag on line " + itoa(out.line)
			case out.line > 0:
				own = "by line " + itoa(out.line)
			}
			a.Allowed, a.Line, a.File, a.Restrictions = false, dout.line, dout.file, nil
			a.step(Step{Kind: StepDependency, File: dout.file, Line: dout.line, Lines: []int{out.line},
				Text: u.String() + " is permitted " + own + ", but it needs " + d.String() + ", which is not allowed here" + depRef(dout)})
			return
		}
	}
}

// depRef says where the refusal of a dependency comes from.
func depRef(o usageOutcome) string {
	if strings.HasPrefix(o.file, "page ") {
		return " (the page's META tag on line " + itoa(o.line) + ")"
	}
	return lineRef(o.line)
}

func lineRef(n int) string {
	if n == 0 {
		return ""
	}
	return " (line " + itoa(n) + ")"
}

func (p *Policy) hasSubRecords(sel *selection) bool {
	for _, ar := range sel.records {
		if len(ar.rec.Subs) > 0 {
			return true
		}
	}
	return false
}

// acapUsage decides one usage the ACAP way, without dependencies: layers,
// the conventional reading for crawl, other, silence, time limits.
func (p *Policy) acapUsage(q *Question, sel *selection, u Usage, subj, psubj *Subject, a *Answer) usageOutcome {
	res := p.askLayers(sel, u, q.Purpose, subj, psubj, a)
	if res.found && !a.quiet {
		a.step(Step{Kind: StepLayer, File: res.win.comp.name, Line: res.win.line(), Text: "decided among " + layerNames[res.layer]})
	}
	if u == UsageCrawl && len(sel.conv.rules)+len(sel.conv.agents) > 0 {
		if out, done := p.combineConventional(sel, res, subj, a); done {
			return out
		}
	}
	if !res.found && u != UsageOther {
		ores := p.askLayers(sel, UsageOther, q.Purpose, subj, psubj, a)
		if ores.found {
			a.step(Step{Kind: StepOther, File: ores.win.comp.name, Line: ores.win.line(),
				Text: "no field speaks of " + u.String() + " for this URL, so the fields for other decide"})
			out := p.outcome(ores, u, q, a)
			out.viaOther = true
			return out
		}
	}
	if !res.found {
		if !a.quiet {
			a.step(Step{Kind: StepDefault, Text: "no field speaks of " + u.String() + " for this URL: allowed (what is not forbidden is permitted)"})
		}
		return usageOutcome{allow: true}
	}
	return p.outcome(res, u, q, a)
}

// outcome turns a layer result into a usage outcome, applying time limits.
func (p *Policy) outcome(res layerResult, u Usage, q *Question, a *Answer) usageOutcome {
	out := usageOutcome{decided: true, allow: res.allow, line: res.win.line(), file: res.win.comp.name}
	if !res.allow {
		return out
	}
	out.quals = append(out.quals, res.win.r.rule.Quals...)
	for _, t := range res.tied {
		out.quals = append(out.quals, t.r.rule.Quals...)
	}
	if d, ok := expiredLimit(out.quals, q.Date); ok {
		out.allow = false
		out.quals = nil
		a.step(Step{Kind: StepExpired, File: out.file, Line: out.line,
			Text: "the permission ran until " + d.String() + "; on " + q.Date.String() + " it has expired"})
	}
	return out
}

// expiredLimit returns the day of a time-limit=until-DATE among qs that
// has passed on date (not for the zero date, which enforces no limit).
func expiredLimit(qs []Qualifier, date Date) (Date, bool) {
	if date.IsZero() {
		return Date{}, false
	}
	for _, qq := range qs {
		if qq.Type != QualTimeLimit || !hasPrefixFold(qq.Value, "until-") {
			continue
		}
		if d, ok := parseDate(lowerASCII(qq.Value[len("until-"):])); ok && d.Before(date) {
			return d, true
		}
	}
	return Date{}, false
}

// validQuals keeps the qualifiers that may restrict usage u, deduplicated;
// the others are mentioned in the trace.
func validQuals(qs []Qualifier, u Usage, file string, a *Answer) []Qualifier {
	var out []Qualifier
	for _, q := range qs {
		if !QualifierValidFor(q.Type, u) {
			a.step(Step{Kind: StepNote, File: file, Line: q.Pos.Line, Text: q.String() + " does not restrict " + u.String() + ", so it is not reported"})
			continue
		}
		dup := false
		for _, o := range out {
			if o.String() == q.String() {
				dup = true
			}
		}
		if !dup {
			out = append(out, q)
			a.step(Step{Kind: StepRestriction, File: file, Line: q.Pos.Line, Text: "restriction: " + q.String()})
		}
	}
	return out
}

// combineConventional decides crawl from the ACAP answer and the
// conventional one (READING.md §4). done is false when neither has a
// matching line.
func (p *Policy) combineConventional(sel *selection, res layerResult, subj *Subject, a *Answer) (usageOutcome, bool) {
	win, lines := sel.conv.match(subj, a.quiet, a.tick)
	if win == nil {
		return usageOutcome{}, false
	}
	if !a.quiet {
		standing := "a * group"
		if sel.conv.named {
			standing = "a group naming the crawler"
		}
		a.step(Step{Kind: StepConventional, Line: win.fd.Line, Lines: lines,
			Text: "conventional records are read too: " + ruleText(win.fd) + " from " + standing + " decides crawl the conventional way"})
	}
	conv := usageOutcome{decided: true, allow: win.allow, line: win.fd.Line}
	if !res.found {
		return conv, true
	}
	acapOut := usageOutcome{decided: true, allow: res.allow, line: res.win.line(), file: res.win.comp.name}
	if res.undecided || res.allow == win.allow {
		if res.allow == win.allow {
			a.step(Step{Kind: StepConventional, Line: res.win.line(), Text: "the ACAP and conventional readings agree"})
		}
		return acapOut, true
	}
	switch {
	case sel.conv.named && !res.named:
		a.step(Step{Kind: StepConventional, Line: win.fd.Line, Text: "the conventional group names the crawler while the ACAP answer comes from an any-crawler record: the conventional line wins"})
		return conv, true
	case !sel.conv.named && res.named:
		a.step(Step{Kind: StepConventional, Line: res.win.line(), Text: "the ACAP answer comes from a record naming the crawler while the conventional line is for *: the ACAP line wins"})
		return acapOut, true
	}
	cpat := CompilePattern(win.pat.Raw(), MatchACAP)
	switch scopeClass(&res.win.r.pat, &cpat) {
	case -1:
		a.step(Step{Kind: StepConventional, Line: res.win.line(), Text: "the ACAP pattern is narrower than the conventional one: the ACAP line wins (§2.4.5)"})
		return acapOut, true
	case +1:
		a.step(Step{Kind: StepConventional, Line: win.fd.Line, Text: "the conventional pattern is narrower than the ACAP one: the conventional line wins (§2.4.5)"})
		return conv, true
	case 2:
		a.step(Step{Kind: StepConventional, Line: res.win.line(), Text: "the ACAP and conventional lines have the same pattern: the ACAP line wins, as the conventional one is to be ignored (§2.9.2)"})
		return acapOut, true
	}
	a.step(Step{Kind: StepUndecided, Line: res.win.line(), Lines: []int{win.fd.Line},
		Text: "the ACAP and conventional readings disagree and their patterns cannot be ordered by scope: crawling is prohibited (§2.4.5)"})
	out := acapOut
	if out.allow {
		out = conv
	}
	return out, true
}
