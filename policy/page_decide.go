package policy

import "strings"

// Decisions for a URL that has a page: the page's robots META tags join
// robots.txt (semantics §7).

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

// applyPage lets the page's META tags decide the usages they speak of. The
// page is narrower than any robots.txt pattern, so it decides; a tag
// addressed to the crawler by name beats one addressed to robots; two tags
// of the same addressee that disagree prohibit the usage. Kinds other than
// acap read only the conventional noindex and nofollow.
func (p *Policy) applyPage(q *Question, u Usage, page *Page, a *Answer) {
	named, robots := page.RulesFor(q.Crawler)
	pick := func(rules []MetaRule) []MetaRule {
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
	rules, who := pick(named), "addressed to "+q.Crawler
	if len(rules) == 0 {
		rules, who = pick(robots), "addressed to robots"
	}
	pagePath := "page " + page.Path
	if len(rules) == 0 {
		if len(page.Tags) > 0 {
			a.step(Step{Kind: StepMeta, Text: "the page's META tags say nothing about " + u.String() + " for this crawler; robots.txt decides"})
		}
		return
	}
	blockedByDependency := false
	for _, s := range a.Trace.Steps {
		if s.Kind == StepDependency {
			blockedByDependency = true
		}
	}
	allow := rules[0].Allow
	conflict := false
	for _, r := range rules[1:] {
		if r.Allow != allow {
			conflict = true
		}
	}
	first := rules[0]
	switch {
	case conflict:
		a.Allowed, a.Restrictions = false, nil
		a.Line, a.File = first.Pos.Line, pagePath
		a.step(Step{Kind: StepMeta, File: pagePath, Line: first.Pos.Line,
			Text: "the page's META tags " + who + " disagree about " + u.String() + ": the usage is prohibited (ACAP Part 2 §1.3.3)"})
	case allow && !a.Allowed && (blockedByDependency || q.Kind != KindACAP):
		a.step(Step{Kind: StepMeta, File: pagePath, Line: first.Pos.Line,
			Text: "the page's META tag \"" + first.Text + "\" permits " + u.String() + ", but a usage it needs is not allowed, so the answer stays"})
	default:
		a.Allowed, a.Line, a.File = allow, first.Pos.Line, pagePath
		a.Restrictions = nil
		if allow {
			var qs []Qualifier
			for _, r := range rules {
				qs = append(qs, r.Quals...)
			}
			a.Restrictions = validQuals(qs, u, a)
		}
		verb := "forbids"
		if allow {
			verb = "permits"
		}
		a.step(Step{Kind: StepMeta, File: pagePath, Line: first.Pos.Line,
			Text: "the page's META tag " + who + " (\"" + strings.TrimSpace(first.Text) + "\") " + verb + " " + u.String() + "; the page is narrower than any robots.txt pattern, so it decides"})
	}
}
