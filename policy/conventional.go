package policy

import (
	"encoding/binary"
	"slices"
	"strings"
)

// The conventional readings: RFC 9309 (as Google's reference parser reads
// it), the 1996 draft, the 1994 convention and the 2.0.0 proposal.

// googleMaxLine is the length at which Google's parser cuts a line.
const googleMaxLine = 16663

// convGroup is a conventional group compiled for the RFC 9309 reading.
type convGroup struct {
	g     *Group
	names []string // the whole names of its User-agent lines, as written
	star  bool     // one of them is '*'
	rules []convRule
}

// convRule is an Allow or Disallow line, compiled.
type convRule struct {
	fd       *Field
	allow    bool
	pat      Pattern
	inRecord bool   // the line stands inside an ACAP record
	matches  string // "Disallow: /x matches", for traces
}

// rfcPattern returns the pattern of an Allow or Disallow line as Google's
// parser reads it (cut with its line at googleMaxLine bytes).
func rfcPattern(f *File, fd *Field) string {
	l := f.Line(fd.Line)
	v := fd.Value.Text
	if cut := l.Start + googleMaxLine; fd.Value.End() > cut {
		if cut <= fd.Value.Pos.Offset {
			return ""
		}
		v = strings.TrimRight(f.text[fd.Value.Pos.Offset:cut], " \t")
	}
	return v
}

// groupCompiler compiles conventional groups a few rules at a time (see
// Policy.Prepare).
type groupCompiler struct {
	f      *File
	groups []*Group
	gs     []convGroup
	r      int // the next rule of the last group in gs
}

// step compiles rules until about work bytes of patterns are compiled (at
// least one rule; all of them if work < 0). It returns the bytes compiled
// and whether every group is compiled.
func (gc *groupCompiler) step(work int) (int, bool) {
	used := 0
	for {
		if len(gc.gs) == 0 || gc.r == len(gc.gs[len(gc.gs)-1].g.Rules) {
			if len(gc.gs) == len(gc.groups) {
				return used, true
			}
			if gc.gs == nil {
				gc.gs = make([]convGroup, 0, len(gc.groups))
			}
			gc.gs, gc.r = append(gc.gs, newConvGroup(gc.groups[len(gc.gs)])), 0
			continue
		}
		if stepDone(work, used) {
			return used, false
		}
		cg := &gc.gs[len(gc.gs)-1]
		fd := cg.g.Rules[gc.r]
		gc.r++
		if fd.Status == StatusSkipped {
			continue
		}
		v := rfcPattern(gc.f, fd)
		if v == "" {
			continue // an empty rule matches nothing
		}
		used += len(v) + 1
		cg.rules = append(cg.rules, convRule{fd: fd, allow: fd.Kind == FieldAllow, pat: CompilePattern(v, MatchRFC9309), inRecord: fd.Record != nil,
			matches: ruleText(fd) + " matches"})
	}
}

// newConvGroup is g with its names read and no rule compiled yet.
func newConvGroup(g *Group) convGroup {
	cg := convGroup{g: g, rules: make([]convRule, 0, len(g.Rules))}
	for _, a := range g.Agents {
		if a.Status == StatusSkipped {
			continue
		}
		n := uaName(a.Value.Text)
		if n == "*" {
			cg.star = true
		} else if n != "" {
			cg.names = append(cg.names, n)
		}
	}
	return cg
}

// convSelection is the RFC 9309 reading's choice of groups for a crawler.
type convSelection struct {
	named  bool       // groups name the crawler (else the '*' groups)
	groups []*Group   // the chosen groups
	agents []int      // the User-agent lines of the chosen groups
	rules  []convRule // their rules, longest pattern first, Allow first on ties
	index  *ruleIndex // over rules
	text   string     // the explanation
}

// selectGroups chooses the groups RFC 9309 crawlers obey: those naming the
// crawler, merged, else the '*' groups, merged. acapView leaves out the
// rules that stand inside ACAP records (how an ACAP crawler reads the
// conventional part).
func selectGroups(c *compiled, crawler string, ua bool, acapView bool) convSelection {
	var s convSelection
	want := crawlerName(crawler)
	best := 0
	if ua {
		lower := lowerASCII(crawler)
		for _, g := range c.conv {
			for _, n := range g.names {
				if len(n) > best && strings.Contains(lower, lowerASCII(n)) {
					best = len(n)
				}
			}
		}
	}
	matches := func(g *convGroup) bool {
		for _, n := range g.names {
			if ua {
				if len(n) == best && strings.Contains(lowerASCII(crawler), lowerASCII(n)) {
					return true
				}
			} else if equalFoldASCII(n, want) {
				return true
			}
		}
		return false
	}
	var chosen []*convGroup
	key := []byte{byte(b2i(acapView))}
	for i := range c.conv {
		if matches(&c.conv[i]) {
			chosen = append(chosen, &c.conv[i])
			key = binary.LittleEndian.AppendUint32(key, uint32(i))
		}
	}
	if len(chosen) > 0 {
		s.named = true
	} else {
		for i := range c.conv {
			if c.conv[i].star {
				chosen = append(chosen, &c.conv[i])
			}
		}
	}
	// Crawlers that read the same groups share their rules, sorted and
	// indexed once (only the words name the crawler): every crawler no
	// group names reads the '*' groups, and the crawlers of one group
	// read that group.
	c.selsMu.Lock()
	shared := c.sels[string(key)]
	c.selsMu.Unlock()
	if shared != nil {
		s = *shared
		s.text = selectionText(crawler, s.named, len(s.groups))
		return s
	}
	defer func() {
		c.selsMu.Lock()
		if c.sels == nil {
			c.sels = map[string]*convSelection{}
		}
		if c.sels[string(key)] == nil {
			c.sels[string(key)] = &s
		}
		c.selsMu.Unlock()
	}()
	n := 0
	for _, g := range chosen {
		n += len(g.rules)
	}
	s.rules = make([]convRule, 0, n)
	for _, g := range chosen {
		s.groups = append(s.groups, g.g)
		for _, a := range g.g.Agents {
			s.agents = append(s.agents, a.Line)
		}
		for _, r := range g.rules {
			if acapView && r.inRecord {
				continue
			}
			s.rules = append(s.rules, r)
		}
	}
	// Sorted through their places (a rule is a large value to move), the
	// place last, so that the order is the file's among equals.
	order := make([]int, len(s.rules))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(i, j int) int {
		a, b := &s.rules[i], &s.rules[j]
		switch {
		case a.pat.Len() != b.pat.Len():
			return b.pat.Len() - a.pat.Len()
		case a.allow != b.allow:
			return b2i(b.allow) - b2i(a.allow)
		}
		return i - j
	})
	sorted := make([]convRule, len(s.rules))
	for k, i := range order {
		sorted[k] = s.rules[i]
	}
	s.rules = sorted
	s.index = newRuleIndex(len(s.rules), func(i int) *Pattern { return &s.rules[i].pat })
	s.text = selectionText(crawler, s.named, len(chosen))
	return s
}

// selectionText says why a crawler reads the n groups chosen: those
// naming it, or the '*' groups.
func selectionText(crawler string, named bool, n int) string {
	switch {
	case named:
		return "the User-agent group" + plural(n, "", "s") + " naming " + crawler + plural(n, " applies", " apply, merged into one") + "; the * group is not used"
	case n == 0:
		return "no User-agent group names " + crawler + " and there is no * group, so no conventional rule applies"
	}
	return "no User-agent group names " + crawler + ", so the * group" + plural(n, " applies", "s apply, merged into one")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// match returns the deciding rule for the subject (the longest matching
// pattern, Allow on a tie) and the lines of every matching rule.
// With quiet, only the deciding rule is looked for.
func (s *convSelection) match(subj *Subject, quiet bool, tk *ticker) (win *convRule, lines []int) {
	if s.index == nil {
		return nil, nil
	}
	s.index.each(subj, false, tk, func(i int) bool {
		r := &s.rules[i]
		if r.pat.Match(subj) {
			if win == nil {
				win = r
				if quiet {
					return false
				}
			}
			lines = append(lines, r.fd.Line)
		}
		return true
	})
	return win, lines
}

func ruleText(fd *Field) string {
	return fd.Kind.String() + ": " + fd.Value.Text
}

// decideRFC9309 answers as an RFC 9309 crawler.
func (p *Policy) decideRFC9309(q *Question, u Usage, subj *Subject, a *Answer) {
	sel := p.selection(KindRFC9309, q.Crawler, q.UserAgent)
	a.step(Step{Kind: StepRecords, Lines: sel.conv.agents, Text: sel.conv.text})
	if u != UsageCrawl && !a.quiet {
		a.step(Step{Kind: StepFollowsCrawl, Text: "an RFC 9309 crawler knows only crawling: " + u.String() + " follows the answer for crawl"})
	}
	if !a.quiet {
		for _, g := range sel.conv.groups {
			for _, fd := range g.Skipped {
				if pat := CompilePattern(fd.Value.Text, MatchRFC9309); pat.Match(subj) {
					a.step(Step{Kind: StepSkipped, Line: fd.Line, Text: "line " + itoa(fd.Line) + " (" + fd.Name.Text + " " + fd.Value.Text + ") would match " + subj.Path() + ", but no crawler reads that line, so it does not count"})
				}
			}
		}
	}
	win, lines := sel.conv.match(subj, a.quiet, a.tick)
	if win == nil {
		a.Allowed = true
		if !a.quiet {
			a.step(Step{Kind: StepDefault, Text: "no Allow or Disallow pattern matches " + subj.Path() + ": allowed"})
		}
		return
	}
	a.Allowed, a.Line = win.allow, win.fd.Line
	if a.quiet {
		return
	}
	text := win.matches
	if len(lines) > 1 {
		text += "; it is the longest of the " + itoa(len(lines)) + " matching patterns (" + itoa(win.pat.Len()) + " characters)"
		if win.allow {
			text += ", and Allow wins a tie"
		}
	}
	a.step(Step{Kind: StepMatch, Line: win.fd.Line, Lines: lines, Text: text})
}

// olderRecord is a record as the 1994 convention, the 1996 draft and the
// 2.0.0 proposal delimit it: User-agent lines and what follows, up to a
// blank line.
type olderRecord struct {
	agents []*Field
	lower  []string // the agents' values, lower case
	rules  []olderRule
	advice []*Field // Visit-time, Request-rate, Comment
	v2     int      // 2: a Robot-version 2.N with N even; 1: N odd; 0: no version
	first  int
}

type olderRule struct {
	fd       *Field
	allow    bool
	prefix   Pattern // plain prefix (1994, 1996)
	whole    Pattern // 2.0.0: explicit or wildcard, matching the whole path
	wildcard bool
}

func compileOlder(f *File) []olderRecord {
	oc := olderCompiler{f: f}
	oc.step(-1)
	return oc.recs
}

// olderCompiler compiles the records of the older conventions a few rules
// at a time (see Policy.Prepare).
type olderCompiler struct {
	f       *File
	recs    []olderRecord
	rules   []olderRule // the records' rules are runs of one array allocated once
	rules0  int         // the first rule of the last record
	cur     bool        // the last record is open
	hasBody bool        // the last record has a line other than User-agent
	line    int         // the next line
}

// step reads lines until about work bytes of patterns are compiled (at
// least one rule; all of them if work < 0). It returns the bytes compiled
// and whether every line is read.
func (oc *olderCompiler) step(work int) (int, bool) {
	f := oc.f
	if oc.rules == nil {
		n := 0
		for _, fd := range f.Fields {
			if fd.Kind.IsConventionalRule() {
				n++
			}
		}
		oc.rules = make([]olderRule, 0, n)
	}
	used := 0
	for ; oc.line < len(f.Lines); oc.line++ {
		l := &f.Lines[oc.line]
		if l.Kind == LineBlank {
			oc.cur = false
			continue
		}
		fd := l.Field
		if fd == nil || fd.Status == StatusSkipped {
			continue
		}
		var cur *olderRecord
		if oc.cur {
			cur = &oc.recs[len(oc.recs)-1]
		}
		switch fd.Kind {
		case FieldUserAgent:
			if cur == nil || oc.hasBody {
				oc.recs = append(oc.recs, olderRecord{first: fd.Line})
				cur, oc.cur = &oc.recs[len(oc.recs)-1], true
				oc.hasBody = false
				oc.rules0 = len(oc.rules)
			}
			cur.agents = append(cur.agents, fd)
			cur.lower = append(cur.lower, lowerASCII(fd.Value.Text))
		case FieldAllow, FieldDisallow:
			if cur == nil {
				continue
			}
			oc.hasBody = true
			v := fd.Value.Text
			if v == "" {
				continue // an empty Disallow forbids nothing
			}
			if stepDone(work, used) {
				return used, false
			}
			used += 2 * (len(v) + 1)
			oc.rules = append(oc.rules, olderRule{fd: fd, allow: fd.Kind == FieldAllow,
				prefix: CompilePattern(v, MatchPrefix), whole: CompilePattern(v, MatchWhole), wildcard: strings.Contains(v, "*")})
			cur.rules = oc.rules[oc.rules0:len(oc.rules):len(oc.rules)]
		case FieldRobotVersion:
			if cur == nil {
				continue
			}
			if !oc.hasBody {
				cur.v2 = robotVersion(fd.Value.Text)
			}
			oc.hasBody = true
		case FieldVisitTime, FieldRequestRate, FieldComment:
			if cur != nil {
				cur.advice = append(cur.advice, fd)
				oc.hasBody = true
			}
		}
	}
	return used, true
}

// robotVersion reads "2.N.x": 2 when N is even, 1 when odd, 0 otherwise.
func robotVersion(v string) int {
	parts := strings.Split(v, ".")
	if len(parts) < 2 || parts[0] != "2" || !isDigits(parts[1]) {
		return 0
	}
	if (parts[1][len(parts[1])-1]-'0')%2 == 0 {
		return 2
	}
	return 1
}

// selectOlder picks the record an older kind of crawler obeys: the first
// whose User-agent contains the crawler's name (case-insensitive), else the
// first '*' record. The 2.0.0 proposal skips records of an odd
// (experimental) version.
func selectOlder(c *compiled, kind Kind, crawler string, ua bool) *olderRecord {
	want := lowerASCII(crawlerName(crawler))
	lowerUA := lowerASCII(crawler)
	usable := func(r *olderRecord) bool { return !(kind == KindV2Proposal && r.v2 == 1) }
	best := 0 // with ua, only the longest names found in the User-Agent count
	if ua {
		for i := range c.older {
			for _, a := range c.older[i].agents {
				n := lowerASCII(crawlerName(a.Value.Text))
				if n != "*" && len(n) > best && containsFoldASCII(lowerUA, n) {
					best = len(n)
				}
			}
		}
	}
	for i := range c.older {
		r := &c.older[i]
		for j, a := range r.agents {
			v := r.lower[j]
			if agentAny(v) || v == "" {
				continue
			}
			hit := want != "" && strings.Contains(v, want)
			if ua {
				n := lowerASCII(crawlerName(a.Value.Text))
				hit = n != "" && len(n) == best && containsFoldASCII(lowerUA, n)
			}
			if hit {
				if usable(r) {
					return r
				}
				goto star
			}
		}
	}
star:
	for i := range c.older {
		r := &c.older[i]
		for _, a := range r.agents {
			if agentAny(a.Value.Text) && usable(r) {
				return r
			}
		}
	}
	return nil
}

// decideOlder answers as a crawler of the 1994 convention, the 1996 draft
// or the 2.0.0 proposal.
func (p *Policy) decideOlder(q *Question, u Usage, path string, subj *Subject, a *Answer) {
	sel := p.selection(q.Kind, q.Crawler, q.UserAgent)
	r := sel.older
	if r == nil {
		a.Allowed = true
		a.step(Step{Kind: StepNoRecords, Text: "no record's User-agent contains " + q.Crawler + " and there is no * record: everything is allowed"})
		return
	}
	var lines []int
	for _, ag := range r.agents {
		lines = append(lines, ag.Line)
	}
	who := "the first record whose User-agent contains " + q.Crawler
	if agentAny(r.agents[0].Value.Text) {
		who = "no earlier record names " + q.Crawler + ", so the * record"
	}
	a.step(Step{Kind: StepRecords, Line: r.first, Lines: lines, Text: who + " applies (records end at a blank line)"})
	if len(r.rules) == 0 {
		text := "the record has no Allow or Disallow path before the blank line or the next record that ends it, so it forbids nothing"
		if !agentAny(r.agents[0].Value.Text) {
			text += "; it is still " + q.Crawler + "'s record, so the * record does not take its place"
		}
		a.step(Step{Kind: StepNote, Line: r.first, Text: text})
	}
	if u != UsageCrawl {
		a.step(Step{Kind: StepFollowsCrawl, Text: "a " + q.Kind.Title() + " knows only crawling: " + u.String() + " follows the answer for crawl"})
	}
	for _, adv := range r.advice {
		a.step(Step{Kind: StepNote, Line: adv.Line, Text: "advice to the crawler: " + adv.Name.Text + ": " + adv.Value.Text})
	}
	a.Allowed = true
	switch {
	case q.Kind == KindV2Proposal && r.v2 == 2:
		p.decideV2(r, subj, a)
		return
	case q.Kind == KindDraft1996:
		for i := range r.rules {
			rule := &r.rules[i]
			if rule.prefix.Match(subj) {
				a.Allowed, a.Line = rule.allow, rule.fd.Line
				a.step(Step{Kind: StepMatch, Line: rule.fd.Line, Text: ruleText(rule.fd) + " is the first rule of the record whose path is a prefix of " + path})
				return
			}
		}
	default: // rep1994, and v2proposal for records without a 2.x version
		for i := range r.rules {
			rule := &r.rules[i]
			if !rule.prefix.Match(subj) {
				continue
			}
			if rule.allow {
				a.step(Step{Kind: StepSkipped, Line: rule.fd.Line, Text: "Allow is not part of the 1994 convention; this crawler ignores the line"})
				continue
			}
			a.Allowed, a.Line = false, rule.fd.Line
			a.step(Step{Kind: StepMatch, Line: rule.fd.Line, Text: ruleText(rule.fd) + " is a prefix of " + path})
			return
		}
	}
	a.step(Step{Kind: StepDefault, Text: "no rule of the record matches " + path + ": allowed"})
}

// decideV2 reads a record the 2.0.0 way.
func (p *Policy) decideV2(r *olderRecord, subj *Subject, a *Answer) {
	var allows, disallows, wildAllows int
	for i := range r.rules {
		rule := &r.rules[i]
		if rule.allow {
			allows++
			if rule.wildcard {
				wildAllows++
			}
			if !rule.wildcard && rule.whole.Match(subj) {
				a.Allowed, a.Line = true, rule.fd.Line
				a.step(Step{Kind: StepMatch, Line: rule.fd.Line, Text: "the explicit " + ruleText(rule.fd) + " names exactly this path: allowed"})
				return
			}
		} else {
			disallows++
		}
	}
	for i := range r.rules {
		rule := &r.rules[i]
		if !rule.allow && rule.whole.Match(subj) {
			a.Allowed, a.Line = false, rule.fd.Line
			a.step(Step{Kind: StepMatch, Line: rule.fd.Line, Text: ruleText(rule.fd) + " matches the whole path: not allowed"})
			return
		}
	}
	if wildAllows > 0 {
		for i := range r.rules {
			rule := &r.rules[i]
			if rule.allow && rule.wildcard && rule.whole.Match(subj) {
				a.Allowed, a.Line = true, rule.fd.Line
				a.step(Step{Kind: StepMatch, Line: rule.fd.Line, Text: "the wildcard " + ruleText(rule.fd) + " matches the whole path: allowed"})
				return
			}
		}
		a.Allowed = false
		a.step(Step{Kind: StepDefault, Text: "the record has wildcard Allow lines and none matches the path: not allowed"})
		return
	}
	if allows > 0 && disallows == 0 {
		a.Allowed = false
		a.step(Step{Kind: StepDefault, Text: "the record only allows the paths it names, and this is not one of them: not allowed"})
		return
	}
	a.step(Step{Kind: StepDefault, Text: "no rule of the record matches the path: allowed (the 2.0.0 proposal leaves this case open; the tester allows)"})
}
