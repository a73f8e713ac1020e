package policy

import "strings"

// The today kind: how a 2026 AI crawler reads a file. Crawl is the RFC
// 9309 decision; for a URL it may crawl, each category of use (search,
// train-ai, ai-input) is answered from the Content-Usage and
// Content-Signal lines of the crawler's group and from the groups of the
// per-purpose tokens that speak for it (Google-Extended,
// Applebot-Extended). The choices the sources leave open are listed in
// todayvocab.go.

// todayRule is a Content-Usage or Content-Signal line, compiled.
type todayRule struct {
	fd      *Field
	signal  bool // Content-Signal (else Content-Usage)
	hasPath bool
	pat     Pattern
	st      Statement
}

// todaySelection is what the today kind reads of the chosen groups.
type todaySelection struct {
	usage  []todayRule
	signal []todayRule
	lines  []int // every Content-Usage and Content-Signal line of the groups
}

// todayGroups splits the file into groups as the attach draft's update of
// RFC 9309 reads it: Content-Usage (and, by the same token, Content-Signal)
// is a rule, so a User-agent line after one starts a new group. Otherwise
// the groups are those of the RFC 9309 reading.
func todayGroups(f *File) []*Group {
	var (
		out      []*Group
		g        *Group
		hasRules bool
	)
	for _, fd := range f.Fields {
		switch fd.Kind {
		case FieldUserAgent:
			if g == nil || hasRules {
				g = &Group{First: fd.Line}
				out = append(out, g)
				hasRules = false
			}
			g.Agents = append(g.Agents, fd)
			g.Last = fd.Line
		case FieldAllow, FieldDisallow:
			if g != nil {
				g.Rules = append(g.Rules, fd)
				g.Last, hasRules = fd.Line, true
			}
		case FieldContentUsage, FieldContentSignal:
			if g != nil {
				g.signals = append(g.signals, fd)
				g.Last, hasRules = fd.Line, true
			}
		}
	}
	return out
}

func compileToday(groups []*Group) *todaySelection {
	t := &todaySelection{}
	for _, g := range groups {
		for _, fd := range g.signals {
			r := todayRule{fd: fd, signal: fd.Kind == FieldContentSignal, st: ParseStatement(fd.Kind, fd.Value.Text)}
			if r.st.Path != "" {
				r.hasPath = true
				r.pat = CompilePattern(r.st.Path, MatchRFC9309)
			}
			t.lines = append(t.lines, fd.Line)
			if r.signal {
				t.signal = append(t.signal, r)
			} else {
				t.usage = append(t.usage, r)
			}
		}
	}
	return t
}

// longestMatching returns the rules of rs that decide for subj: those with the longest
// matching path (a rule without path matches every path, with length 0),
// and the lines of every matching rule.
func longestMatching(rs []todayRule, subj *Subject) (win []*todayRule, matching []int) {
	best := -1
	for i := range rs {
		r := &rs[i]
		n := 0
		if r.hasPath {
			if !r.pat.Match(subj) {
				continue
			}
			n = r.pat.Len()
		}
		matching = append(matching, r.fd.Line)
		switch {
		case n > best:
			best = n
			win = append(win[:0], r)
		case n == best:
			win = append(win, r)
		}
	}
	return win, matching
}

// statement is one source of a preference for the question's category.
type statement struct {
	pref  Preference
	line  int
	file  string        // "" for robots.txt, "page /x" for a META tag
	token *purposeToken // the per-purpose token whose group said it, if any
	tag   string        // the META value that said it (noindex, nosnippet, ...)
}

// todayCategoryOf returns the category q asks the today kind, CategoryNone
// for crawl: its Category, or the category its ACAP usage is read as.
func todayCategoryOf(q *Question, a *Answer) Category {
	if q.Category != CategoryNone {
		return q.Category
	}
	u := q.Usage
	if u == UsageNone || u == UsageCrawl {
		return CategoryNone
	}
	c, ok := TodayCategory(u)
	if !a.quiet {
		if !ok {
			a.step(Step{Kind: StepFollowsCrawl, Text: "today's crawlers have no " + u.String() + ": it follows the answer for crawl"})
		} else {
			a.step(Step{Kind: StepNote, Text: "ACAP's " + u.String() + " is read as today's " + c.String() + " (its qualifiers, purposes and time limits have no equivalent)"})
		}
	}
	return c
}

// decideToday answers q as a 2026 AI crawler: crawl as RFC 9309 reads the
// file, then the category from the statements that speak for the crawler.
func (p *Policy) decideToday(q *Question, path string, subj *Subject, a *Answer) {
	crawler, ua := q.Crawler, q.UserAgent
	own := isPurposeToken(crawler)
	if own != nil {
		crawler, ua = own.fetcher, false
		if !a.quiet {
			a.step(Step{Kind: StepPurposeToken, Text: own.token + " fetches nothing itself: " + own.fetcher + " crawls for it, and " + own.token + "'s own group speaks for the use"})
		}
	}
	u := todayCategoryOf(q, a)
	sel := p.selection(KindToday, crawler, ua)

	// 1. Crawl: the RFC 9309 decision.
	crawlOK, crawlLine := todayCrawl(sel, path, subj, a)
	if u == CategoryNone {
		a.Allowed, a.Line = crawlOK, crawlLine
		p.todayDecision(q, u, a)
		return
	}
	if !crawlOK {
		a.Preference, a.Line = PrefNotCrawled, crawlLine
		if !a.quiet {
			a.step(Step{Kind: StepNote, Text: "usage preferences apply only to what may be crawled: " + subj.Path() + " is not crawled, so no preference applies"})
		}
		p.todayDecision(q, u, a)
		return
	}

	// 2. The category, from the crawler's group.
	common := p.todayStatements(sel, u, subj, a, nil)

	// 3. The per-purpose tokens that speak for the crawler.
	tokSts := p.tokenStatements(crawler, ua, own, u, subj, a)

	// 4. The page's robots META tags, when the page tester holds the page.
	var pageSts, snippetSts []statement
	if page := p.page(path); page != nil {
		pageSts, snippetSts = p.todayPage(page, crawler, ua, u, a)
	}

	// 5. Combine most restrictively; Google's ai-input has two channels.
	if u == CategoryAIInput && own == nil && isGoogleSearchCrawler(crawler, ua) {
		search := append(append([]statement(nil), common...), snippetSts...)
		gemini := append(append([]statement(nil), common...), tokSts...)
		p.todayChannels(u, subj, a, search, gemini)
		p.todayDecision(q, u, a)
		return
	}
	sts := append(append(common, tokSts...), pageSts...)
	a.Preference, a.Line, a.File = combineStatements(sts)
	if len(sts) > 1 && !a.quiet {
		var ls []int
		for _, s := range sts {
			if s.file == "" {
				ls = append(ls, s.line)
			}
		}
		a.step(Step{Kind: StepNote, Lines: ls, Text: itoa(len(sts)) + " statements speak about " + u.String() + "; they combine most restrictively (any no wins, else any yes)"})
	}
	a.Allowed = a.Preference == PrefAllowed
	p.todayDecision(q, u, a)
}

// todayCrawl is the crawl step of the today kind: the RFC 9309 decision
// for the crawler's groups, with the line that decided (0 for none).
func todayCrawl(sel *selection, path string, subj *Subject, a *Answer) (ok bool, line int) {
	if isRobotsTxt(path) {
		if !a.quiet {
			a.step(Step{Kind: StepRobotsTxt, Text: "/robots.txt itself may always be fetched, whatever the file says"})
		}
		return true, 0
	}
	if !a.quiet {
		a.step(Step{Kind: StepRecords, Lines: sel.conv.agents, Text: sel.conv.text})
	}
	win, lines := sel.conv.match(subj, a.quiet, a.tick)
	if win == nil {
		if !a.quiet {
			a.step(Step{Kind: StepDefault, Text: "no Allow or Disallow pattern matches " + subj.Path() + ": crawling is allowed"})
		}
		return true, 0
	}
	if !a.quiet {
		verdict := ": crawling is allowed"
		if !win.allow {
			verdict = ": crawling is not allowed"
		}
		a.step(Step{Kind: StepMatch, Line: win.fd.Line, Lines: lines, Text: win.matches + verdict + " (RFC 9309: the longest matching path decides)"})
	}
	return win.allow, win.fd.Line
}

// tokenStatements is what the per-purpose tokens that speak for the
// crawler (own, when the question names one) say about category u: a
// Disallow of the token's group that matches, and the token's own
// Content-Usage and Content-Signal lines.
func (p *Policy) tokenStatements(crawler string, ua bool, own *purposeToken, u Category, subj *Subject, a *Answer) []statement {
	var sts []statement
	tokens := purposeTokensFor(crawler, ua)
	if own != nil && !containsToken(tokens, own) {
		tokens = append(tokens, own)
	}
	for _, t := range tokens {
		speaks := false
		for _, tc := range t.categories {
			speaks = speaks || tc == u
		}
		if !speaks {
			if !a.quiet {
				a.step(Step{Kind: StepPurposeToken, Text: t.token + " speaks for " + categoryList(t.categories) + ", not for " + u.String() + " (" + t.scope + ")"})
			}
			continue
		}
		ts := p.selection(KindToday, t.token, false)
		win, lines := ts.conv.match(subj, a.quiet, a.tick)
		if !a.quiet {
			a.step(Step{Kind: StepRecords, Lines: ts.conv.agents, Text: "for " + u.String() + " the " + t.token + " token also speaks (" + t.source + "): " + ts.conv.text})
		}
		switch {
		case win != nil && !win.allow:
			sts = append(sts, statement{pref: PrefDisallowed, line: win.fd.Line, token: t})
			if !a.quiet {
				a.step(Step{Kind: StepPurposeToken, Line: win.fd.Line, Lines: lines, Text: win.matches + " in " + t.token + "'s group: " + u.String() + " is disallowed"})
			}
		case win != nil:
			if !a.quiet {
				a.step(Step{Kind: StepPurposeToken, Line: win.fd.Line, Lines: lines, Text: win.matches + " in " + t.token + "'s group: that allows it to be used, which states no preference either way"})
			}
		case !a.quiet:
			a.step(Step{Kind: StepPurposeToken, Text: "no Disallow of " + t.token + "'s group matches " + subj.Path() + ": no preference from " + t.token})
		}
		// The token's own Content-Usage and Content-Signal lines speak too.
		if ts.conv.named {
			sts = p.todayStatements(ts, u, subj, a, sts)
		}
	}
	return sts
}

// combineStatements combines statements most restrictively and returns the
// preference with the line (and file) of the first statement that says it.
func combineStatements(sts []statement) (Preference, int, string) {
	pref := PrefUnstated
	for _, s := range sts {
		pref = combinePrefs(pref, s.pref)
	}
	for _, s := range sts {
		if s.pref == pref {
			return pref, s.line, s.file
		}
	}
	return pref, 0, ""
}

func containsToken(ts []*purposeToken, t *purposeToken) bool {
	for _, x := range ts {
		if x == t {
			return true
		}
	}
	return false
}

func categoryList(us []Category) string {
	var s []string
	for _, u := range us {
		s = append(s, u.String())
	}
	return strings.Join(s, " and ")
}

// todayStatements adds what the Content-Usage and Content-Signal lines of
// a selection say about category u for subj.
func (p *Policy) todayStatements(sel *selection, u Category, subj *Subject, a *Answer, sts []statement) []statement {
	c, _ := u.index()
	for _, signal := range []bool{false, true} {
		rs, name := sel.today.usage, "Content-Usage"
		if signal {
			rs, name = sel.today.signal, "Content-Signal"
		}
		if len(rs) == 0 {
			continue
		}
		win, matching := longestMatching(rs, subj)
		if len(win) == 0 {
			if !a.quiet {
				var all []int
				for i := range rs {
					all = append(all, rs[i].fd.Line)
				}
				a.step(Step{Kind: StepPreference, Lines: all, Text: "no " + name + " line of the group matches " + subj.Path()})
			}
			continue
		}
		pref := PrefUnstated
		for _, r := range win {
			pref = combinePrefs(pref, r.st.Prefs[c])
		}
		line := win[0].fd.Line
		for _, r := range win {
			if r.st.Prefs[c] == pref {
				line = r.fd.Line
				break
			}
		}
		if pref != PrefUnstated {
			sts = append(sts, statement{pref: pref, line: line})
		}
		if a.quiet {
			continue
		}
		var text string
		if len(win) == 1 {
			text = ruleText(win[0].fd) + " applies"
			if win[0].hasPath {
				text += " (its path " + win[0].st.Path + " matches"
				if len(matching) > 1 {
					text += ", the longest of " + itoa(len(matching)) + " matching lines"
				}
				text += ")"
			} else if len(matching) > 1 {
				text += " (no other line's path matches)"
			} else {
				text += " (it has no path, so it speaks for every path)"
			}
		} else {
			text = itoa(len(win)) + " " + name + " lines with paths of the same length apply and combine"
		}
		switch pref {
		case PrefAllowed:
			text += ": " + u.String() + " is allowed"
		case PrefDisallowed:
			text += ": " + u.String() + " is disallowed"
		default:
			text += ": it says nothing about " + u.String()
			if win[0].st.Err != "" {
				text += " (its preferences cannot be read: " + win[0].st.Err + ")"
			}
		}
		a.step(Step{Kind: StepPreference, Line: line, Lines: matching, Text: text})
	}
	return sts
}

func (p *Policy) todayDecision(q *Question, u Category, a *Answer) {
	if a.quiet {
		return
	}
	var text string
	switch {
	case u == CategoryNone && a.Allowed:
		text = "answer: crawl is allowed"
	case u == CategoryNone:
		text = "answer: crawl is not allowed"
	case a.Preference == PrefAllowed:
		text = "answer: " + u.String() + " is allowed by the publisher's preference"
	case a.Preference == PrefDisallowed:
		text = "answer: " + u.String() + " is disallowed by the publisher's preference"
	case a.Preference == PrefNotCrawled:
		text = "answer: not crawled (no preference applies to what may not be crawled)"
	default:
		text = "answer: no preference about " + u.String() + ": " + NoPreferenceMeaning(u)
	}
	if a.Partial {
		var parts []string
		for _, ch := range a.Channels {
			parts = append(parts, ch.Preference.Title()+" for "+ch.Name)
		}
		text += " (partial: " + strings.Join(parts, "; ") + ")"
	}
	if o, ok := CrawlerObeys(crawlerName(q.Crawler)); ok && o.Obeys == "no" && !q.UserAgent {
		text += "; the crawler directory reports that " + o.Token + " does not obey robots.txt, so this is what the file asks of it, not what it does"
	}
	a.step(Step{Kind: StepDecision, Line: a.Line, File: a.File, Text: text})
}
