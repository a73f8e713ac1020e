package policy

import "strings"

// Decisions for a URL that has a page: the page's robots META tags join
// robots.txt (READING.md §7 and §8).

// AddPage makes the robots META tags of a page join the decisions for its
// URL (page.Path, reduced like any URL). A later page for the same path
// replaces an earlier one.
func (p *Policy) AddPage(page *Page) {
	if page == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.pages == nil {
		p.pages = map[string]*Page{}
	}
	p.pages[PathOf(page.Path)] = page
}

func (p *Policy) page(path string) *Page {
	p.mu.RLock()
	defer p.mu.RUnlock()
	return p.pages[path]
}

// pageVerdict is what a page's META tags say about one usage for one
// crawler.
type pageVerdict struct {
	rules    []MetaRule // the tags' rules that decide (all of one addressee)
	who      string     // "addressed to NAME" or "addressed to robots"
	conflict bool       // they disagree: the usage is prohibited
}

// pageRules finds the page's rules that speak of usage u for the
// question's crawler: those of tags addressed to the crawler by name (with
// the User-Agent option, to the longest name found in the string) beat
// those addressed to robots; within one addressee, present-X rules beat
// present rules for present-X, as in robots.txt. Kinds other than acap
// read only the conventional noindex and nofollow.
func (p *Policy) pageRules(q *Question, u Usage, page *Page) pageVerdict {
	named, robots, name := page.rulesFor(q.Crawler, q.UserAgent)
	applying := func(rules []MetaRule) []MetaRule {
		var exact, general []MetaRule
		for _, r := range rules {
			if r.Usage == UsageCrawl || len(r.IDs) > 0 {
				continue
			}
			if q.Kind != KindACAP && (r.ACAP || r.Allow || (r.Usage != UsageIndex && r.Usage != UsageFollow)) {
				continue // older kinds know only noindex and nofollow
			}
			if r.Purpose != "" {
				pat := CompilePattern(r.Purpose, MatchPurpose)
				ps := NewSubject(q.Purpose)
				if q.Purpose == "" || !pat.Match(&ps) {
					continue
				}
			}
			switch {
			case r.Usage == u:
				exact = append(exact, r)
			case counts(r.Usage, u):
				general = append(general, r)
			}
		}
		if len(exact) > 0 {
			return exact
		}
		return general
	}
	v := pageVerdict{rules: applying(named), who: "addressed to " + name}
	if len(v.rules) == 0 {
		v.rules, v.who = applying(robots), "addressed to robots"
	}
	for _, r := range v.rules[min(1, len(v.rules)):] {
		if r.Allow != v.rules[0].Allow {
			v.conflict = true
		}
	}
	return v
}

// pageOutcome lets the page's META tags decide usage u where they speak of
// it: the page is narrower than any robots.txt pattern. Where neither the
// page nor robots.txt speaks of u itself (robots.txt is silent or its
// fields for other decided), the page's tags for other decide. A permission
// brings its qualifiers like a field: its until- date is enforced on the
// question's date and its restrictions are reported (READING.md §8). Where
// the page is silent, out (robots.txt's outcome) stands.
func (p *Policy) pageOutcome(q *Question, u Usage, page *Page, out usageOutcome, a *Answer) usageOutcome {
	v := p.pageRules(q, u, page)
	pagePath := "page " + page.Path
	if len(v.rules) == 0 && u != UsageOther && (!out.decided || out.viaOther) {
		// Nothing on the page or in robots.txt speaks of u itself: the
		// page's tags for other decide, as the narrowest (READING.md §3.5).
		if ov := p.pageRules(q, UsageOther, page); len(ov.rules) > 0 {
			v = ov
			a.step(Step{Kind: StepOther, File: pagePath, Line: ov.rules[0].Pos.Line,
				Text: "neither robots.txt nor the page's META tags speak of " + u.String() + " itself, so the page's tags for other decide"})
		}
	}
	if len(v.rules) == 0 {
		if len(page.Tags) > 0 && !a.quiet {
			a.step(Step{Kind: StepMeta, Text: "the page's META tags say nothing about " + u.String() + " for this crawler; robots.txt decides"})
		}
		return out
	}
	first := v.rules[0]
	res := usageOutcome{decided: true, allow: first.Allow && !v.conflict, line: first.Pos.Line, file: pagePath}
	if v.conflict {
		a.step(Step{Kind: StepMeta, File: pagePath, Line: first.Pos.Line,
			Text: "the page's META tags " + v.who + " disagree about " + u.String() + ": the usage is prohibited (ACAP Part 2 §1.3.3)"})
		return res
	}
	verb := "forbids"
	if res.allow {
		verb = "permits"
	}
	a.step(Step{Kind: StepMeta, File: pagePath, Line: first.Pos.Line,
		Text: "the page's META tag " + v.who + " (\"" + strings.TrimSpace(first.Text) + "\") " + verb + " " + u.String() + noteClause(first) + "; the page is narrower than any robots.txt pattern, so it decides"})
	if !res.allow {
		return res
	}
	for _, r := range v.rules {
		res.quals = append(res.quals, r.Quals...)
	}
	if d, ok := expiredLimit(res.quals, q.Date); ok {
		a.step(Step{Kind: StepExpired, File: pagePath, Line: first.Pos.Line,
			Text: "the page's permission ran until " + d.String() + "; on " + q.Date.String() + " it has expired"})
		res.allow, res.quals = false, nil
	}
	return res
}

// applyPageOlder lets a page's conventional noindex and nofollow forbid
// index and follow for the kinds other than acap, whose other usages
// follow crawl. A crawler that may not fetch the page never sees its tags.
func (p *Policy) applyPageOlder(q *Question, u Usage, page *Page, a *Answer) {
	if !a.Allowed {
		if len(page.Tags) > 0 {
			a.step(Step{Kind: StepMeta, Text: "this crawler may not fetch the page, so it never sees its META tags"})
		}
		return
	}
	out := p.pageOutcome(q, u, page, usageOutcome{allow: true, line: a.Line, file: a.File}, a)
	if out.decided && !out.allow {
		a.Allowed, a.Line, a.File, a.Restrictions = false, out.line, out.file, nil
	}
}

// rulesFor is RulesFor or RulesForUserAgent, with the name the named rules
// are addressed to (crawler when none is).
func (p *Page) rulesFor(crawler string, ua bool) (named, robots []MetaRule, name string) {
	best := ""
	if ua {
		for _, t := range p.Tags {
			if n := crawlerName(t.Name); !t.Robots && len(n) > len(best) && containsFoldASCII(crawler, n) {
				best = n
			}
		}
	}
	name = crawler
	for _, t := range p.Tags {
		hit := false
		switch {
		case t.Robots:
		case ua:
			hit = best != "" && equalFoldASCII(crawlerName(t.Name), best)
		default:
			hit = crawler != "" && crawlerEq(t.Name, crawler)
		}
		if hit {
			name = crawlerName(t.Name)
		}
		for _, ru := range t.Rules {
			if len(ru.IDs) > 0 {
				continue
			}
			switch {
			case t.Robots:
				robots = append(robots, ru)
			case hit:
				named = append(named, ru)
			}
		}
	}
	return named, robots, name
}

// RulesFor returns the tags' page-wide rules that apply to crawler (a
// name, compared as record names are: ASCII letters case-insensitively,
// without a /version; "" for none), split into those addressed by name and
// those addressed to robots. Rules limited to fragments (id-list=) are left
// out; rules with a purpose and crawl rules are included, for the decider
// to filter.
func (p *Page) RulesFor(crawler string) (named, robots []MetaRule) {
	named, robots, _ = p.rulesFor(crawler, false)
	return named, robots
}

// RulesForUserAgent is RulesFor for a full User-Agent string: tags are
// addressed to it when their name occurs in it (ASCII letters compared
// case-insensitively), and only the tags with the longest such name count,
// as records are chosen (READING.md §3.1).
func (p *Page) RulesForUserAgent(userAgent string) (named, robots []MetaRule) {
	named, robots, _ = p.rulesFor(userAgent, true)
	return named, robots
}

// noteClause returns a rule's note (why it is not read as written) as a clause.
func noteClause(r MetaRule) string {
	if r.Note == "" {
		return ""
	}
	return " (" + strings.TrimSuffix(r.Note, ".") + ")"
}
