package advise

import (
	"sort"
	"strings"

	"github.com/acap-workbench/workbench/policy"
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
	// FromLines are the 1-based lines of the file's ACAP policy the
	// proposal comes from, in order.
	FromLines []int
	// NoEquivalent marks a part of the ACAP policy that no robots.txt line
	// of today can say.
	NoEquivalent bool
}

// Signals proposes, for the ACAP policy of f, the closest lines in the
// vocabularies publishers and crawlers use today, and lists what has no
// modern equivalent. The proposals are advice to show next to the file; the
// tester does not use such lines when deciding.
//
// The mapping, record by record (an ACAP-crawler: * record speaks to every
// crawler, like User-agent: *):
//
//   - ACAP-allow-crawl and ACAP-disallow-crawl become Allow and Disallow lines
//     of a User-agent group for the same crawlers, unless the file's
//     conventional part already has them.
//   - A prohibition of index or present (whole presentation) becomes
//     "Content-Usage: <path> search=n" of the IETF AI preferences (with
//     "Content-Signal: search=no" of the Content Signals Policy when it covers
//     the whole site), and, as the one signal every search engine obeys, a
//     Disallow line, which is stricter: it stops crawling too.
//   - A prohibition of preserve or other becomes "Content-Usage: <path>
//     train-ai=n" (and "Content-Signal: ai-train=no" for the whole site); for
//     a record addressed to every crawler, also a group for the crawlers that
//     gather content for AI models under their own names (GPTBot,
//     Google-Extended, CCBot).
//   - Permissions with qualifiers, or prohibitions of any usage but crawl,
//     suggest an RSL License line pointing at a licence file, where terms of
//     use can be written out.
//   - Everything else gets a NoEquivalent entry with the reason: qualifiers
//     (time-limit, max-length, prohibited-modification, the contexts,
//     must-use-resource, must-include-resource), the present-X distinctions
//     (snippet, thumbnail, link, cached copies), follow, usage-purpose
//     sub-records, permissions references, and ACAP-ignore-conventional-records.
//
// Lines with errors are left out, except those read as a prohibition
// (StatusProhibit), which count as the prohibition they are read as.
// Proposals come in the order of the records, the file-wide License and the
// NoEquivalent entries last, one entry per kind of thing, listing every line
// it comes from.
func Signals(f *policy.File) []Proposal {
	a := &adviser{f: f, noEq: map[string]*Proposal{}}
	a.readAnyCrawl()
	for _, r := range f.Records {
		a.record(r)
	}
	if f.IgnoreConventional != nil && f.IgnoreConventional.Status == policy.StatusOK {
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
	// The crawl lines of the records for every crawler: a conventional
	// crawler reads only the group that names it, while an ACAP crawler
	// falls back on the "*" records, so a named group repeats them.
	anyCrawl     []string
	anyCrawlFrom []int
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

func (a *adviser) readAnyCrawl() {
	for _, r := range a.f.Records {
		if r.Any && r.Reference == nil {
			for _, fd := range r.Rules {
				for _, rule := range rulesOf(fd) {
					if rule.Usage == policy.UsageCrawl {
						a.anyCrawl = append(a.anyCrawl, ruleLine(rule.Allow, rule.Pattern))
						a.anyCrawlFrom = append(a.anyCrawlFrom, fd.Line)
					}
				}
			}
		}
	}
}

// recordUses is what one record's rules say, sorted by what today's
// lines can say of it.
type recordUses struct {
	crawl                 []string // conventional rule lines
	crawlFrom             []int
	searchNo, searchYes   []string // patterns
	trainNo               []string
	searchFrom, trainFrom []int
	searchYesFrom         map[string][]int
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
	a.crawlGroup(r, agents, &u)
	a.search(agents, &u)
	a.train(r, agents, &u)
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
	u := recordUses{searchYesFrom: map[string][]int{}}
	for _, fd := range r.Rules {
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
			pat := rule.Pattern
			switch rule.Usage {
			case policy.UsageCrawl:
				u.crawl = append(u.crawl, ruleLine(rule.Allow, pat))
				u.crawlFrom = append(u.crawlFrom, fd.Line)
			case policy.UsageIndex, policy.UsagePresent:
				if rule.Allow {
					u.searchYes = addPattern(u.searchYes, pat)
					u.searchYesFrom[withSlash(pat)] = append(u.searchYesFrom[withSlash(pat)], fd.Line)
				} else {
					u.searchNo = addPattern(u.searchNo, pat)
					u.searchFrom = append(u.searchFrom, fd.Line)
				}
			case policy.UsagePreserve, policy.UsageOther:
				if !rule.Allow {
					u.trainNo = addPattern(u.trainNo, pat)
					u.trainFrom = append(u.trainFrom, fd.Line)
				}
				if rule.Usage == policy.UsageOther && !rule.Allow {
					a.addNoEq("other", "ACAP-disallow-other refuses every use the file does not name, including uses nobody had thought of. Today's vocabularies only have a few fixed categories (search, AI training, AI use), so a catch-all refusal has no exact equivalent; the train-ai proposal covers the part people worry about most now.", fd.Line)
				}
			case policy.UsageFollow:
				a.addNoEq("follow", "Following links is not something robots.txt can refuse today: crawlers that may fetch a page follow its links. Per page, the robots META tag value nofollow (or rel=\"nofollow\" on a link) comes closest.", fd.Line)
			default:
				key, why := presentationNoEq(rule.Usage)
				a.addNoEq(key, why, fd.Line)
			}
		}
	}
	return u
}

// crawlGroup proposes the conventional group for the record's crawl
// lines, unless the file already has it.
func (a *adviser) crawlGroup(r *policy.Record, agents []string, u *recordUses) {
	if len(u.crawl) == 0 || hasGroup(a.f, agents, u.crawl) {
		return
	}
	crawl, crawlFrom := u.crawl, u.crawlFrom
	expl := "Crawling is still written the conventional way: every crawler reads User-agent, Allow and Disallow (RFC 9309). This group says for " + who(agents) + " what the ACAP crawl lines say. Conventional crawlers pick the longest matching pattern, ACAP the narrowest; for plain paths the two agree."
	if !r.Any {
		added := false
		for i, l := range a.anyCrawl {
			if !contains(crawl, l) && !hasPatternLine(crawl, l) {
				crawl = append(crawl, l)
				crawlFrom = append(crawlFrom, a.anyCrawlFrom[i])
				added = true
			}
		}
		if added {
			expl += " A conventional crawler reads only the group that names it and never falls back on the group for *, so the lines of the ACAP-crawler: * record are repeated here."
		}
	}
	a.out = append(a.out, Proposal{
		Lines:       append(userAgentLines(agents), crawl...),
		Explanation: expl,
		FromLines:   sortedLines(crawlFrom),
	})
}

// search proposes search=n lines, and the stricter Disallow, for the
// record's prohibitions of index and present.
func (a *adviser) search(agents []string, u *recordUses) {
	if len(u.searchNo) == 0 {
		return
	}
	searchFrom := u.searchFrom
	lines := userAgentLines(agents)
	for _, p := range u.searchNo {
		lines = append(lines, "Content-Usage: "+p+" search=n")
	}
	for _, p := range u.searchYes {
		if covered(p, u.searchNo) {
			lines = append(lines, "Content-Usage: "+p+" search=y")
			searchFrom = append(searchFrom, u.searchYesFrom[p]...)
		}
	}
	whole := contains(u.searchNo, "/")
	if whole {
		lines = append(lines, "Content-Signal: search=no")
	}
	expl := "ACAP refused indexing or presenting these paths to " + who(agents) + " while still allowing crawling. The IETF AI preferences say the same with the search category (search=n), for a path; crawlers that honour the preference leave the pages out of search results."
	if whole {
		expl += " Content-Signal (Content Signals Policy) says it for the whole site with search=no."
	}
	a.out = append(a.out, Proposal{Lines: lines, Explanation: expl, FromLines: sortedLines(searchFrom)})
	a.out = append(a.out, Proposal{
		Lines:       disallowGroup(userAgentLines(agents), u.searchNo),
		Explanation: "The one line every search engine obeys is Disallow. It is stricter than the ACAP prohibition: the pages are not even fetched, so they cannot be used for anything else either, and a page that is linked from elsewhere may still be listed by its address alone.",
		FromLines:   sortedLines(searchFrom),
	})
}

// train proposes train-ai=n lines for the record's prohibitions of
// preserve and other, and for every crawler the AI crawlers' group.
func (a *adviser) train(r *policy.Record, agents []string, u *recordUses) {
	if len(u.trainNo) == 0 {
		return
	}
	lines := userAgentLines(agents)
	for _, p := range u.trainNo {
		lines = append(lines, "Content-Usage: "+p+" train-ai=n")
	}
	whole := contains(u.trainNo, "/")
	if whole {
		lines = append(lines, "Content-Signal: ai-train=no")
	}
	expl := "ACAP refused keeping copies (preserve) or any use the file does not name (other). What publishers worry about today is copies kept to train AI models: the IETF AI preferences say no to that with train-ai=n, for a path."
	if whole {
		expl += " Content-Signal says it for the whole site with ai-train=no."
	}
	expl += " Caches and archives have no robots.txt line today; per page, the robots META value noarchive was the usual way."
	a.out = append(a.out, Proposal{Lines: lines, Explanation: expl, FromLines: sortedLines(u.trainFrom)})
	if r.Any {
		a.out = append(a.out, Proposal{
			Lines:       disallowGroup([]string{"User-agent: GPTBot", "User-agent: Google-Extended", "User-agent: CCBot"}, u.trainNo),
			Explanation: "Some operators give the crawling they do for AI models a user agent of its own, so a plain Disallow for that name refuses just that use: GPTBot (OpenAI), Google-Extended (Google's token for AI training; it does not affect Google Search) and CCBot (Common Crawl, whose archive is widely used for training). The list is not complete and changes; check each operator's documentation.",
			FromLines:   sortedLines(u.trainFrom),
		})
	}
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

// agentsOf returns the crawler names of a record, "*" for an any record.
func agentsOf(r *policy.Record) []string {
	var out []string
	seen := map[string]bool{}
	for _, c := range r.Crawlers {
		if c.Status == policy.StatusSkipped {
			continue
		}
		name := strings.TrimSpace(c.Value.Text)
		if i := strings.IndexByte(name, '/'); i > 0 {
			name = name[:i]
		}
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
	_, pat, _ := strings.Cut(l, ": ")
	for _, x := range list {
		if _, p, _ := strings.Cut(x, ": "); p == pat {
			return true
		}
	}
	return false
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
