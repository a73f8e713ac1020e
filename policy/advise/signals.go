package advise

import (
	"slices"
	"sort"
	"strings"

	"github.com/acap-workbench/workbench/policy"
	"github.com/acap-workbench/workbench/policy/internal/obey"
)

// Proposal is one suggestion of Signals: lines a publisher could
// write today for part of a file's ACAP policy, or, with NoEquivalent, a
// part of the policy that today's signals cannot express.
type Proposal struct {
	// Lines are robots.txt lines to add, in order, each without a line
	// ending. They form a self-contained block (a User-agent group, or a
	// License line) that Check accepts without errors or warnings. Empty
	// when NoEquivalent is set.
	Lines []string
	// Explanation says in plain words what the lines mean, how they differ
	// from the ACAP lines, and who reads them.
	Explanation string
	// FromLines are the 1-based lines of the file the proposal comes from,
	// in order: its ACAP lines, and the conventional lines a group repeats.
	FromLines []int
	// NoEquivalent marks a part of the ACAP policy that no robots.txt line
	// of today can say.
	NoEquivalent bool
	// Alternative marks lines that say part of the policy more strictly
	// than ACAP did, for a publisher who prefers the signal every crawler
	// obeys; Apply leaves them out. They are a group to add besides the
	// proposals that Apply writes.
	Alternative bool
}

// Signals proposes, for the ACAP policy of f, the closest lines in the
// vocabularies publishers and crawlers use today, and lists what has no
// modern equivalent. The proposals are advice to show next to the file; the
// tester does not use such lines when deciding.
//
// The mapping (READING.md §9, the comparison with ACAP): index and
// present ≈ search; preserve and other ≈ train-ai; ACAP has no ai-input.
// Record by record (an ACAP-crawler: * record speaks to every crawler, like
// User-agent: *), one User-agent group for the record's crawlers holds:
//
//   - Allow and Disallow lines for ACAP-allow-crawl and ACAP-disallow-crawl
//     (and, in a record for named crawlers, those of the ACAP-crawler: *
//     records it does not override, which ACAP crawlers fall back on);
//   - for crawlers that no conventional group names, the lines of the
//     group for * that they obey now (Allow, Disallow, Content-Usage,
//     Content-Signal): a crawler that meets a group of its own reads only
//     that one, so without them the proposal would take those lines away;
//   - "Content-Usage: <path> search=n" for a prohibition of index or
//     present, "train-ai=n" for one of preserve or other, "search=y" /
//     "train-ai=y" for a permission that makes an exception inside such a
//     prohibition (the labels of one path on one line), and
//     "Content-Signal: search=no, ai-train=no" (as refused) when a
//     prohibition covers the whole site without exceptions (Content-Signal
//     has no path, and its "no" would overrule an exception's "y");
//   - at least one Allow or Disallow line: Google's parser reads the
//     User-agent lines of a group without one as part of the next group,
//     which would give that group's rules to these crawlers too. When the
//     record says nothing of crawling, the rules these crawlers obey now
//     are repeated, or "Allow: /" when there are none.
//
// A group is proposed only when it says something the conventional part
// does not already say. Alternatives, which Apply leaves out: a Disallow
// for each path refused to search (every crawler obeys it, and it is
// stricter: the pages are not fetched at all), and, for a refusal of
// preserve or other addressed to every crawler, a group for the
// per-purpose crawlers GPTBot, Google-Extended and CCBot.
//
// Permissions with qualifiers, or prohibitions of any usage but crawl,
// suggest an RSL License line pointing at a licence file, where terms of
// use can be written out.
//
// Everything else gets a NoEquivalent entry with the reason and the lines
// it comes from: qualifiers (time-limit, max-length,
// prohibited-modification, the contexts, must-use-resource,
// must-include-resource), the present-X distinctions (snippet, thumbnail,
// link, cached copies, the original), the distinction between index and
// present, follow, a catch-all refusal of other, permissions of preserve or
// other outside a refusal (train-ai=y would say more), usage-purpose
// sub-records, action requests (take-down, re-crawl), permissions
// references, and ACAP-ignore-conventional-records.
//
// Lines with errors are left out, except those read as a prohibition
// (StatusProhibit), which count as the prohibition they are read as.
// Proposals come in the order of the records (each group before its
// alternatives), the file-wide License and the NoEquivalent entries last,
// one entry per kind of thing, listing every line it comes from.
func Signals(f *policy.File) []Proposal {
	s := NewSignaler(f)
	s.Step(-1) // all of it
	return s.Proposals()
}

// A Signaler works out the proposals of Signals a step at a time, for a
// caller that must keep a page drawing: first the conventional groups,
// then the records for every crawler, then the records a part at a time.
type Signaler struct {
	a     *adviser
	stage int // 0: the conventional groups, 1: the records for *, 2: the records
	next  int // the next record
	out   []Proposal
	done  bool
}

// NewSignaler returns a Signaler for Signals(f).
func NewSignaler(f *policy.File) *Signaler {
	s := &Signaler{a: &adviser{f: f, noEq: map[string]*Proposal{}}}
	if len(f.Records) == 0 && f.IgnoreConventional == nil {
		s.done = true
	}
	return s
}

// Step does a part of the work: the conventional groups, or the records
// for every crawler, or up to records records; with records < 0, all of
// it. It reports whether the work is done, and Proposals ready.
func (s *Signaler) Step(records int) bool {
	a, f := s.a, s.a.f
	for !s.done {
		switch s.stage {
		case 0:
			a.readsConventional = f.IgnoreConventional == nil || f.IgnoreConventional.Status != policy.StatusOK
			a.readConventional()
			s.stage++
		case 1:
			a.readAny()
			s.stage++
		default:
			n := len(f.Records) - s.next
			if records >= 0 {
				n = min(n, max(records, 1))
			}
			for _, r := range f.Records[s.next : s.next+n] {
				a.record(r)
			}
			s.next += n
			if s.next == len(f.Records) {
				s.out, s.done = a.finish(), true
			}
		}
		if records >= 0 {
			break
		}
	}
	return s.done
}

// Proposals returns the proposals once Step has reported them done (else
// nil, as for a file with nothing to propose).
func (s *Signaler) Proposals() []Proposal { return s.out }

// finish adds the file-wide entries after the records' proposals.
func (a *adviser) finish() []Proposal {
	f := a.f
	if !a.readsConventional {
		a.addNoEq("ignore", "ACAP-ignore-conventional-records told ACAP crawlers to read only the ACAP records. Today's signals live inside the conventional groups, so there is nothing to switch off.", f.IgnoreConventional.Line)
	}
	if len(a.licenseFrom) > 0 {
		a.out = append(a.out, Proposal{
			Lines:       []string{"License: https://example.com/license.xml"},
			Explanation: "ACAP put conditions of use next to each path. Really Simple Licensing (RSL) puts them in a separate licence file that robots.txt points to with a License line; there you can state the terms (free with attribution, paid per crawl, not for AI training...). Replace the address with that of your own licence file.",
			FromLines:   sortedLines(a.licenseFrom),
		})
	}
	for _, k := range a.noEqOrder {
		p := a.noEq[k]
		p.FromLines = sortedLines(p.FromLines)
		a.out = append(a.out, *p)
	}
	return a.out
}

// adviser gathers the proposals for one file.
type adviser struct {
	f           *policy.File
	out         []Proposal
	noEq        map[string]*Proposal // NoEquivalent entries by kind of thing
	noEqOrder   []string
	licenseFrom []int // lines that suggest a License line
	// readsConventional: ACAP crawlers read the conventional groups too
	// (no ACAP-ignore-conventional-records).
	readsConventional bool
	// What the records for every crawler say: a conventional crawler reads
	// only the group that names it and never falls back on the group for
	// *, while an ACAP crawler falls back on the "*" records, so a named
	// group repeats what they say.
	any recordUses
	// The conventional part: the lines of the groups for * (rule lines
	// as ruleLine writes them, then Content-Usage and Content-Signal lines
	// as written), and, by lower-case name, the rule lines of the groups
	// that name a crawler.
	star     []string
	starFrom []int
	named    map[string][]string
}

// addNoEq adds lines to the NoEquivalent entry of a kind of thing.
func (a *adviser) addNoEq(key, why string, lines ...int) {
	p := a.noEq[key]
	if p == nil {
		p = &Proposal{Explanation: why, NoEquivalent: true}
		a.noEq[key] = p
		a.noEqOrder = append(a.noEqOrder, key)
	}
	p.FromLines = append(p.FromLines, lines...)
}

// readConventional notes the lines of the conventional groups: those of
// the groups that name a crawler, and those a crawler no group names
// obeys (package obey).
func (a *adviser) readConventional() {
	a.named = map[string][]string{}
	for n, rules := range obey.Named(a.f) {
		ls := []string{}
		for _, r := range rules {
			if r.Record != nil {
				continue
			}
			if l := ruleLine(r.Kind == policy.FieldAllow, strings.TrimSpace(r.Value.Text)); !contains(ls, l) {
				ls = append(ls, l)
			}
		}
		a.named[n] = ls
	}
	rules, signals := obey.Star(a.f)
	for _, r := range rules {
		if r.Record != nil {
			continue
		}
		if l := ruleLine(r.Kind == policy.FieldAllow, strings.TrimSpace(r.Value.Text)); !contains(a.star, l) {
			a.star = append(a.star, l)
			a.starFrom = append(a.starFrom, r.Line)
		}
	}
	var sigs []string
	var sigFrom []int
	for _, fd := range signals {
		if l := fd.Kind.String() + ": " + strings.TrimSpace(fd.Value.Text); !contains(sigs, l) {
			sigs = append(sigs, l)
			sigFrom = append(sigFrom, fd.Line)
		}
	}
	a.star = append(a.star, sigs...)
	a.starFrom = append(a.starFrom, sigFrom...)
}

// readAny reads the records for every crawler, without noting what has
// no equivalent (record does that).
func (a *adviser) readAny() {
	a.any = newUses()
	for _, r := range a.f.Records {
		if r.Any && r.Reference == nil {
			for _, fd := range r.Rules {
				for _, rule := range rulesOf(fd) {
					a.any.add(rule, fd.Line)
				}
			}
		}
	}
}

// recordUses is what one record's rules say, sorted by what today's
// lines can say of it. Lists of patterns go with the lines they come from.
type recordUses struct {
	crawl     []string // conventional rule lines
	crawlFrom []int
	// Patterns refused and allowed, for today's search and train-ai.
	searchNo, searchYes, trainNo, trainYes pats
	// index and present refused, by pattern (to tell what search=n adds).
	indexNo, presentNo map[string][]int
}

// pats are patterns in order, each with the lines it comes from.
type pats struct {
	list []string
	from map[string][]int
}

func (p *pats) add(pat string, line int) {
	pat = withSlash(pat)
	if p.from == nil {
		p.from = map[string][]int{}
	}
	if _, ok := p.from[pat]; !ok {
		p.list = append(p.list, pat)
	}
	p.from[pat] = append(p.from[pat], line)
}

func (p *pats) has(pat string) bool { _, ok := p.from[pat]; return ok }

func newUses() recordUses {
	return recordUses{indexNo: map[string][]int{}, presentNo: map[string][]int{}}
}

// add sorts one rule.
func (u *recordUses) add(rule policy.Rule, line int) {
	pat := rule.Pattern
	switch rule.Usage {
	case policy.UsageCrawl:
		u.crawl = append(u.crawl, ruleLine(rule.Allow, pat))
		u.crawlFrom = append(u.crawlFrom, line)
	case policy.UsageIndex, policy.UsagePresent:
		if rule.Allow {
			u.searchYes.add(pat, line)
			return
		}
		u.searchNo.add(pat, line)
		if rule.Usage == policy.UsageIndex {
			u.indexNo[withSlash(pat)] = append(u.indexNo[withSlash(pat)], line)
		} else {
			u.presentNo[withSlash(pat)] = append(u.presentNo[withSlash(pat)], line)
		}
	case policy.UsagePreserve, policy.UsageOther:
		if rule.Allow {
			u.trainYes.add(pat, line)
		} else {
			u.trainNo.add(pat, line)
		}
	}
}

// inherit adds what the records for every crawler say and this record
// does not: a crawl line for a pattern it has none for, a search or
// train-ai statement for a pattern it states nothing of in that category.
func (u *recordUses) inherit(any *recordUses) (added []int) {
	// The patterns this record has a crawl line for, as a set: every
	// record inherits the any-crawler records' lines, so a scan of the list
	// per line was quadratic on files of hundreds of records.
	has := make(map[string]bool, len(u.crawl))
	for _, x := range u.crawl {
		has[linePattern(x)] = true
	}
	for i, l := range any.crawl {
		if pat := linePattern(l); !has[pat] {
			has[pat] = true
			u.crawl = append(u.crawl, l)
			u.crawlFrom = append(u.crawlFrom, any.crawlFrom[i])
			added = append(added, any.crawlFrom[i])
		}
	}
	for _, c := range []struct{ no, yes, anyNo, anyYes *pats }{
		{&u.searchNo, &u.searchYes, &any.searchNo, &any.searchYes},
		{&u.trainNo, &u.trainYes, &any.trainNo, &any.trainYes},
	} {
		for _, src := range []struct{ from, to *pats }{{c.anyNo, c.no}, {c.anyYes, c.yes}} {
			for _, p := range src.from.list {
				if c.no.has(p) || c.yes.has(p) {
					continue
				}
				for _, l := range src.from.from[p] {
					src.to.add(p, l)
					added = append(added, l)
				}
			}
		}
	}
	return added
}

// record adds the proposals for one record.
func (a *adviser) record(r *policy.Record) {
	if r.Reference != nil {
		a.addNoEq("reference", "ACAP-permissions-reference sends ACAP crawlers to a policy kept in another file. A robots.txt line of today cannot include another file; copy the rules into this file instead.", r.Reference.Line)
		return
	}
	agents := agentsOf(r)
	if len(agents) == 0 {
		return
	}
	u := a.readRules(r)
	var inherited []int
	if !r.Any {
		inherited = u.inherit(&a.any)
	}
	for _, part := range a.partition(agents) {
		a.group(r, part, &u, inherited)
	}
	a.tokens(r, &u)
	for _, s := range r.Subs {
		var from []int
		for _, p := range s.Purposes {
			from = append(from, p.Line)
		}
		for _, fd := range s.Rules {
			if fd.Status != policy.StatusSkipped {
				from = append(from, fd.Line)
			}
		}
		a.addNoEq("purpose", "ACAP-usage-purpose lets one crawler follow different rules for each service it collects for. Today the closest thing is that some operators crawl for different purposes under different user-agent names (Googlebot-Image, Googlebot-News, Google-Extended, GPTBot, OAI-SearchBot...), and you write a User-agent group for each name; you cannot name a purpose of your own.", from...)
	}
}

// readRules sorts a record's rules by usage, and notes what has no
// equivalent.
func (a *adviser) readRules(r *policy.Record) recordUses {
	u := newUses()
	for _, fd := range r.Rules {
		if fd.Kind == policy.FieldACAPRequest && fd.Status != policy.StatusSkipped {
			a.addNoEq("request", "ACAP-request-take-down and ACAP-request-re-crawl asked crawlers to drop a page or to fetch it again. No robots.txt line of today asks that: search engines take such requests through their own webmaster tools (removal of outdated content, submission of changed pages).", fd.Line)
			continue
		}
		for _, rule := range rulesOf(fd) {
			if rule.Usage != policy.UsageCrawl {
				if len(rule.Quals) > 0 || !rule.Allow {
					a.licenseFrom = append(a.licenseFrom, fd.Line)
				}
			}
			for _, q := range rule.Quals {
				key, why := qualifierNoEq(q.Type)
				a.addNoEq(key, why, fd.Line)
			}
			u.add(rule, fd.Line)
			switch rule.Usage {
			case policy.UsageCrawl, policy.UsageIndex, policy.UsagePresent, policy.UsagePreserve:
			case policy.UsageOther:
				if !rule.Allow {
					a.addNoEq("other", "ACAP-disallow-other refuses every use the file does not name, including uses nobody had thought of. Today's vocabularies only have a few fixed categories (search, AI training, AI answers), so a catch-all refusal has no exact equivalent; the train-ai=n line covers the part people worry about most now.", fd.Line)
				}
			case policy.UsageFollow:
				a.addNoEq("follow", "Following links is not something robots.txt can refuse today: crawlers that may fetch a page follow its links. Per page, the robots META tag value nofollow (or rel=\"nofollow\" on a link) comes closest.", fd.Line)
			default:
				key, why := presentationNoEq(rule.Usage)
				a.addNoEq(key, why, fd.Line)
			}
		}
	}
	// What search=n and train-ai=y say more than the ACAP lines.
	for _, p := range u.searchNo.list {
		i, pr := u.indexNo[p], u.presentNo[p]
		if len(i) > 0 && len(pr) == 0 || len(i) == 0 && len(pr) > 0 {
			// The lines: the refusal, and a permission of the other usage
			// for the same path, which search=n contradicts.
			ls := append(append(append([]int(nil), i...), pr...), u.searchYes.from[p]...)
			a.addNoEq("index-present", "ACAP told indexing (finding a page with a search) apart from presenting it (showing it, or an extract, in the results). Today's search category covers both, so the search=n proposed for a refusal of only one of them refuses the other too: it is stricter than your ACAP lines, and the checker warns that ACAP crawlers and today's crawlers get opposite answers there.", ls...)
		}
	}
	for _, p := range u.trainYes.list {
		if !covered(p, u.trainNo.list) {
			a.addNoEq("permission", "ACAP-allow-preserve and ACAP-allow-other gave permission to keep copies, or for uses the file does not name. The nearest word of today, train-ai=y, would permit training AI models, which these lines never mentioned, so no line is proposed for them: today's crawlers read no preference there, and each operator's own policy applies. Write train-ai=y yourself (in Build a policy, or by hand) if you mean it.", u.trainYes.from[p]...)
		}
	}
	return u
}

// partition splits a record's crawlers by the conventional lines they
// obey now: those no group names (they read the group for *), and each
// set of crawlers whose own groups have the same rules. "*" is a part of
// its own.
func (a *adviser) partition(agents []string) [][]string {
	var keys []string
	parts := map[string][]string{}
	for _, ag := range agents {
		k := "\x00unnamed"
		switch rules, ok := a.named[strings.ToLower(ag)]; {
		case ag == "*":
			k = "*"
		case ok:
			k = strings.Join(rules, "\n")
		}
		if _, seen := parts[k]; !seen {
			keys = append(keys, k)
		}
		parts[k] = append(parts[k], ag)
	}
	out := make([][]string, len(keys))
	for i, k := range keys {
		out[i] = parts[k]
	}
	return out
}

// unnamed reports whether no conventional group names any of agents (so
// a group for them hides the group for * from them).
func (a *adviser) unnamed(agents []string) bool {
	for _, ag := range agents {
		if _, ok := a.named[strings.ToLower(ag)]; ok || ag == "*" {
			return false
		}
	}
	return true
}

// groupLines writes the User-agent group for agents (all in one part of
// partition): the record's crawl lines, the lines of the group for * they
// would lose, disallow (for an alternative, with allow for the exceptions
// inside those paths), the Content-Usage and
// Content-Signal lines of u, and an Allow or Disallow line in any case.
// It returns the lines, the file lines they come from, the sentences that
// explain them, and whether the group says anything the file's
// conventional part does not.
func (a *adviser) groupLines(agents []string, u *recordUses, disallow, allow []string) (lines []string, from []int, expl []string, news bool) {
	rules := append([]string(nil), u.crawl...)
	from = append(from, u.crawlFrom...)
	if len(u.crawl) > 0 {
		expl = append(expl, "Crawling is still written the conventional way: every crawler reads User-agent, Allow and Disallow (RFC 9309). This group says for "+who(agents)+" what the ACAP crawl lines say. Conventional crawlers pick the longest matching pattern, ACAP the narrowest; for plain paths the two agree.")
		news = !hasGroup(a.f, agents, u.crawl)
	}
	for _, p := range disallow {
		// A Disallow outweighs the Allow of the same path it replaces (of
		// two rules of one length RFC 9309 takes the Allow).
		rules = slices.DeleteFunc(rules, func(l string) bool { return l == "Allow: "+p })
		if l := "Disallow: " + p; !contains(rules, l) {
			rules = append(rules, l)
		}
	}
	for _, p := range allow {
		if l := "Allow: " + p; covered(p, disallow) && !hasPatternLine(rules, l) {
			rules = append(rules, l)
		}
	}
	var sigs []string
	if a.unnamed(agents) && a.readsConventional {
		copied := false
		for i, l := range a.star {
			switch {
			case strings.HasPrefix(l, "Allow: ") || strings.HasPrefix(l, "Disallow: "):
				if hasPatternLine(rules, l) {
					continue
				}
				rules = append(rules, l)
			default:
				sigs = append(sigs, l)
			}
			from = append(from, a.starFrom[i])
			copied = true
		}
		if copied {
			expl = append(expl, "A crawler that finds a group naming it reads only that group, never the group for *, so the lines of the group for * that apply to "+who(agents)+" now are repeated here; without them the new group would take them away.")
		}
	}
	var fill string // the sentence for a rule line written only to have one
	if len(rules) == 0 {
		if own := a.named[strings.ToLower(agents[0])]; agents[0] != "*" && len(own) > 0 {
			rules = append(rules, own...)
		} else if agents[0] == "*" && len(a.star) > 0 {
			for i, l := range a.star {
				if strings.HasPrefix(l, "Allow: ") || strings.HasPrefix(l, "Disallow: ") {
					rules = append(rules, l)
					from = append(from, a.starFrom[i])
				}
			}
		}
		if len(rules) > 0 {
			fill = "The group repeats the Allow and Disallow lines that apply to " + who(agents) + " already, which changes nothing: Google's parser reads the User-agent lines of a group without Allow or Disallow as part of the next group, so every group needs one."
		} else {
			rules = append(rules, "Allow: /")
			fill = "Allow: / refuses nothing; it is there because Google's parser reads the User-agent lines of a group without Allow or Disallow as part of the next group."
		}
	}
	cu, usageFrom, usageExpl := contentUsage(agents, u)
	from = append(from, usageFrom...)
	expl = append(expl, usageExpl...)
	if fill != "" {
		expl = append(expl, fill)
	}
	if len(cu) > 0 || len(disallow) > 0 {
		news = true
	}
	if len(sigs) > 0 {
		cu = append(sigs, cu...)
	}
	lines = append(userAgentLines(agents), rules...)
	lines = append(lines, cu...)
	return lines, from, expl, news
}

// contentUsage writes the Content-Usage and Content-Signal lines of u for
// agents, with the file lines they come from and the sentences that
// explain them.
func contentUsage(agents []string, u *recordUses) (cu []string, from []int, expl []string) {
	// Content-Usage: the labels of one path on one line, refusals first.
	var paths []string
	labels := map[string][]string{}
	say := func(p, l string) {
		if _, ok := labels[p]; !ok {
			paths = append(paths, p)
		}
		labels[p] = append(labels[p], l)
	}
	var searchYes, trainYes []string
	for _, p := range u.searchNo.list {
		say(p, "search=n")
		from = append(from, u.searchNo.from[p]...)
	}
	for _, p := range u.trainNo.list {
		say(p, "train-ai=n")
		from = append(from, u.trainNo.from[p]...)
	}
	for _, p := range u.searchYes.list {
		if covered(p, u.searchNo.list) {
			say(p, "search=y")
			searchYes = append(searchYes, p)
			from = append(from, u.searchYes.from[p]...)
		}
	}
	for _, p := range u.trainYes.list {
		if covered(p, u.trainNo.list) {
			say(p, "train-ai=y")
			trainYes = append(trainYes, p)
			from = append(from, u.trainYes.from[p]...)
		}
	}
	for _, p := range paths {
		cu = append(cu, "Content-Usage: "+p+" "+strings.Join(labels[p], ", "))
	}
	// Content-Signal has no path: it speaks for the whole group, and
	// with a "no" would overrule the "y" of an exception.
	var whole []string
	if u.searchNo.has("/") && len(searchYes) == 0 {
		whole = append(whole, "search=no")
	}
	if u.trainNo.has("/") && len(trainYes) == 0 {
		whole = append(whole, "ai-train=no")
	}
	if len(whole) > 0 {
		cu = append(cu, "Content-Signal: "+strings.Join(whole, ", "))
	}
	if len(u.searchNo.list) > 0 {
		expl = append(expl, "ACAP refused indexing or presenting "+pathWords(u.searchNo.list)+" to "+who(agents)+". The IETF AI preferences say it with the search category (search=n) for a path; crawlers that honour the preference leave the pages out of search results.")
		if len(searchYes) > 0 {
			expl = append(expl, "search=y for "+pathWords(searchYes)+" keeps the exceptions ACAP allowed inside them.")
		}
	}
	if len(u.trainNo.list) > 0 {
		expl = append(expl, "ACAP refused keeping copies (preserve) or any use the file does not name (other) of "+pathWords(u.trainNo.list)+". What publishers worry about today is copies used to train AI models: train-ai=n refuses that, for a path. It does not refuse caches or archives, which have no robots.txt line today (per page, the robots META value noarchive was the usual way).")
		if len(trainYes) > 0 {
			expl = append(expl, "train-ai=y for "+pathWords(trainYes)+" keeps the exceptions ACAP allowed inside them; it permits AI training there, which is more than a permission to keep copies said. Leave it out if you do not mean it: those paths are then refused for training too.")
		}
	}
	if len(whole) > 0 {
		expl = append(expl, "Content-Signal (Cloudflare's Content Signals Policy) says it for the whole site with "+strings.Join(whole, ", ")+".")
	}
	return cu, from, expl
}

// group proposes the group of one part of a record's crawlers, and, when
// the record refuses search, the stricter group to write instead.
func (a *adviser) group(r *policy.Record, agents []string, u *recordUses, inherited []int) {
	lines, from, expl, news := a.groupLines(agents, u, nil, nil)
	if !news {
		return
	}
	if len(inherited) > 0 {
		expl = append(expl, "An ACAP crawler falls back on the ACAP-crawler: * records for what its own record does not say; a conventional crawler reads only the group that names it, so what those records say is repeated here.")
	}
	a.out = append(a.out, Proposal{Lines: lines, Explanation: strings.Join(expl, " "), FromLines: sortedLines(from)})
	if len(u.searchNo.list) == 0 {
		return
	}
	lines, from, _, _ = a.groupLines(agents, u, u.searchNo.list, u.searchYes.list)
	a.out = append(a.out, Proposal{
		Lines:       lines,
		Explanation: "A stricter alternative, not applied: Disallow is the one line every search engine obeys. Written instead of the group above, this group stops " + who(agents) + " fetching " + pathWords(u.searchNo.list) + " at all, so the pages cannot be used for anything else either (ACAP allowed crawling them), and a page linked from elsewhere may still be listed by its address alone.",
		FromLines:   sortedLines(from),
		Alternative: true,
	})
}

// tokens proposes, for a refusal of preserve or other addressed to every
// crawler, the stricter group for the per-purpose crawlers (an
// alternative Apply leaves out).
func (a *adviser) tokens(r *policy.Record, u *recordUses) {
	if !r.Any || len(u.trainNo.list) == 0 {
		return
	}
	var tokens []string
	inRecord := map[string]bool{}
	for _, rec := range a.f.Records {
		for _, n := range agentsOf(rec) {
			inRecord[strings.ToLower(n)] = true
		}
	}
	for _, t := range []string{"GPTBot", "Google-Extended", "CCBot"} {
		if _, ok := a.named[strings.ToLower(t)]; !ok && !inRecord[strings.ToLower(t)] {
			tokens = append(tokens, t)
		}
	}
	if len(tokens) == 0 {
		return
	}
	lines, from, _, _ := a.groupLines(tokens, u, u.trainNo.list, u.trainYes.list)
	a.out = append(a.out, Proposal{
		Lines:       lines,
		Explanation: "A stricter alternative, not applied: some operators give the crawling they do for AI models a user agent of its own, and a Disallow for that name is obeyed where a preference may not be. GPTBot is OpenAI's training crawler; CCBot builds Common Crawl's archive, which many models are trained on; both would stop fetching " + pathWords(u.trainNo.list) + " at all. Google-Extended fetches nothing: a Disallow there refuses Google the use of those pages to train its Gemini models and to ground answers in Gemini Apps and the Vertex AI API (more than your ACAP lines said: ACAP had no word for AI answers); it does not change Google Search or its AI features (AI Overviews, AI Mode). The group repeats what these crawlers obey now, since it is the only group they will read. The list is not complete and changes; check each operator's documentation.",
		FromLines:   sortedLines(from),
		Alternative: true,
	})
}

// pathWords names paths for a sentence: "/a/", "/a/ and /b/", "the whole
// site".
func pathWords(ps []string) string {
	var ws []string
	for _, p := range ps {
		if p == "/" {
			ws = append(ws, "the whole site")
		} else {
			ws = append(ws, p)
		}
	}
	if len(ws) <= 1 {
		return strings.Join(ws, "")
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " and " + ws[len(ws)-1]
}

// rulesOf returns the rules a field stands for, as the readings use them.
func rulesOf(fd *policy.Field) []policy.Rule {
	if fd.Status == policy.StatusSkipped || !fd.Kind.IsACAPRule() || fd.Kind == policy.FieldACAPRequest {
		return nil
	}
	rules := fd.Rules()
	if len(rules) == 0 && fd.Usage != policy.UsageNone && fd.Pattern().Text != "" {
		rules = []policy.Rule{{Allow: fd.IsAllow(), Usage: fd.Usage, Pattern: fd.Pattern().Text, Quals: fd.Quals()}}
	}
	if fd.Status == policy.StatusProhibit {
		out := make([]policy.Rule, len(rules))
		for i, r := range rules {
			out[i] = policy.Rule{Usage: r.Usage, Pattern: r.Pattern}
		}
		return out
	}
	return rules
}

// crawlerOf returns the crawler name of an ACAP-crawler or User-agent
// value, without a /version suffix.
func crawlerOf(v string) string {
	name := strings.TrimSpace(v)
	if i := strings.IndexByte(name, '/'); i > 0 {
		name = name[:i]
	}
	return strings.TrimSpace(name)
}

// agentsOf returns the crawler names of a record, "*" for an any record.
func agentsOf(r *policy.Record) []string {
	var out []string
	seen := map[string]bool{}
	for _, c := range r.Crawlers {
		if c.Status == policy.StatusSkipped {
			continue
		}
		name := crawlerOf(c.Value.Text)
		if name == "" || !isToken(name) || seen[strings.ToLower(name)] {
			continue
		}
		seen[strings.ToLower(name)] = true
		out = append(out, name)
	}
	return out
}

// isToken reports whether name can stand in a User-agent line: "*" or
// letters, digits, '_', '-' and '.'.
func isToken(name string) bool {
	if name == "*" {
		return true
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}

func userAgentLines(agents []string) []string {
	out := make([]string, len(agents))
	for i, a := range agents {
		out[i] = "User-agent: " + a
	}
	return out
}

func who(agents []string) string {
	if len(agents) == 1 && agents[0] == "*" {
		return "every crawler"
	}
	return strings.Join(agents, " and ")
}

// ruleLine writes a conventional rule for an ACAP pattern; ACAP reads
// a pattern without a leading '/' as if it had one, so the conventional line
// gets it written out.
func ruleLine(allow bool, pat string) string {
	pat = withSlash(pat)
	if allow {
		return "Allow: " + pat
	}
	return "Disallow: " + pat
}

// withSlash writes out the '/' ACAP reads before a pattern that starts
// with neither '/' nor '*'.
func withSlash(pat string) string {
	if !strings.HasPrefix(pat, "/") && !strings.HasPrefix(pat, "*") {
		return "/" + pat
	}
	return pat
}

func addPattern(list []string, pat string) []string {
	pat = withSlash(pat)
	for _, p := range list {
		if p == pat {
			return list
		}
	}
	return append(list, pat)
}

func contains(list []string, s string) bool {
	for _, p := range list {
		if p == s {
			return true
		}
	}
	return false
}

// hasPatternLine reports whether a rule line for the same pattern as l
// (Allow or Disallow) is in list.
func hasPatternLine(list []string, l string) bool {
	pat := linePattern(l)
	for _, x := range list {
		if linePattern(x) == pat {
			return true
		}
	}
	return false
}

// linePattern is the pattern of a rule line: what follows "Name: ".
func linePattern(l string) string {
	_, pat, _ := strings.Cut(l, ": ")
	return pat
}

// covered reports whether a permission for pat is an exception inside
// one of the prohibited patterns (so it needs saying).
func covered(pat string, prohibited []string) bool {
	for _, p := range prohibited {
		if strings.HasPrefix(pat, strings.TrimSuffix(p, "*")) && pat != p {
			return true
		}
	}
	return false
}

// hasGroup reports whether the file's conventional part already has,
// for every one of agents, a group with all of the given rule lines.
func hasGroup(f *policy.File, agents []string, rules []string) bool {
	for _, a := range agents {
		found := false
		for _, g := range f.Groups {
			named := false
			for _, ua := range g.Agents {
				name := strings.TrimSpace(ua.Value.Text)
				if i := strings.IndexByte(name, '/'); i > 0 {
					name = name[:i]
				}
				if strings.EqualFold(name, a) {
					named = true
				}
			}
			if !named {
				continue
			}
			have := map[string]bool{}
			for _, r := range g.Rules {
				if r.Status == policy.StatusSkipped || r.Record != nil {
					continue
				}
				have[ruleLine(r.Kind == policy.FieldAllow, strings.TrimSpace(r.Value.Text))] = true
			}
			all := true
			for _, want := range rules {
				if !have[want] {
					all = false
				}
			}
			if all {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func sortedLines(ls []int) []int {
	sort.Ints(ls)
	out := ls[:0]
	for i, l := range ls {
		if i == 0 || l != ls[i-1] {
			out = append(out, l)
		}
	}
	return out
}

// qualifierNoEq explains why a qualifier has no modern equivalent.
func qualifierNoEq(q policy.QualifierType) (key, why string) {
	switch q {
	case policy.QualTimeLimit:
		return "q-time-limit", "time-limit allowed a use only until a date, for some days, or until the page is fetched again. No signal of today carries a time limit: a publisher changes the file when the time comes, and crawlers act on it when they next read it."
	case policy.QualMaxLength:
		return "q-max-length", "max-length capped the length of a snippet. robots.txt cannot say that today; per page, Google reads a max-snippet value in the robots META tag, and other search engines have their own page-level controls."
	case policy.QualProhibitedModification:
		return "q-modification", "prohibited-modification refused changes to what is shown (format, style, translation, annotation). No robots.txt signal of today speaks of how content may be changed; such terms belong in a licence (see the RSL proposal, if any)."
	case policy.QualProhibitedContext, policy.QualRequiredContext:
		return "q-context", "prohibited-context and required-context said whether a copy may be shown inside someone else's frame. Framing is controlled today by the web server (the X-Frame-Options header or the frame-ancestors rule of Content-Security-Policy), not by robots.txt."
	case policy.QualMustUseResource, policy.QualMustIncludeResource:
		return "q-resource", "must-use-resource and must-include-resource asked crawlers to use a given extract, or to show something with the content (for example a notice). Nothing of the kind exists in today's signals."
	}
	return "q-other", "This qualifier has no modern equivalent."
}

// presentationNoEq explains why a present-X distinction has none.
func presentationNoEq(u policy.Usage) (key, why string) {
	switch u {
	case policy.UsagePresentSnippet, policy.UsagePresentOldSnippet:
		return "present-snippet", "ACAP could allow or refuse snippets apart from other ways of presenting. robots.txt has no such distinction today; per page, the robots META values nosnippet and max-snippet, or data-nosnippet on part of a page, are what search engines read."
	case policy.UsagePresentThumbnail, policy.UsagePresentOldThumbnail:
		return "present-thumbnail", "ACAP could refuse thumbnails while allowing snippets. No robots.txt signal of today tells thumbnails apart; per page, Google reads max-image-preview in the robots META tag, and images can be refused to an image crawler (Googlebot-Image) with Disallow, which also keeps them out of image search."
	case policy.UsagePresentLink:
		return "present-link", "present-link was the right to show just a link to the page. Today a crawler that may fetch a page may also list its address; there is no separate signal for links."
	case policy.UsagePresentCurrentCopy, policy.UsagePresentOldCopy:
		return "present-copy", "ACAP separated showing a cached copy (current or old) from other presentation. There is no robots.txt line for it today; the robots META value noarchive was the page-level way, and the big search engines have since dropped their cached-page links."
	case policy.UsagePresentOriginal:
		return "present-original", "present-original covered showing the page itself, for example in a frame or a reader view. No signal of today separates it from other uses."
	}
	return "usage-" + u.String(), "ACAP's " + u.String() + " usage has no modern equivalent."
}

// disallowGroup is a conventional group: the User-agent lines of head,
// then a Disallow line for each path.
func disallowGroup(head, paths []string) []string {
	for _, p := range paths {
		head = append(head, "Disallow: "+p)
	}
	return head
}
