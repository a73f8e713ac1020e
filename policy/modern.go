package policy

import (
	"sort"
	"strings"
)

// SignalProposal is one suggestion of ModernSignals: lines a publisher could
// write today for part of a file's ACAP policy, or, with NoEquivalent, a
// part of the policy that today's signals cannot express.
type SignalProposal struct {
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

// ModernSignals proposes, for the ACAP policy of f, the closest lines in the
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
func ModernSignals(f *File) []SignalProposal {
	var out []SignalProposal
	noEq := map[string]*SignalProposal{}
	var noEqOrder []string
	addNoEq := func(key, why string, lines ...int) {
		p := noEq[key]
		if p == nil {
			p = &SignalProposal{Explanation: why, NoEquivalent: true}
			noEq[key] = p
			noEqOrder = append(noEqOrder, key)
		}
		p.FromLines = append(p.FromLines, lines...)
	}
	var licenseFrom []int

	// The crawl lines of the records for every crawler: a conventional
	// crawler reads only the group that names it, while an ACAP crawler
	// falls back on the "*" records, so a named group repeats them.
	var anyCrawl []string
	var anyCrawlFrom []int
	for _, r := range f.Records {
		if r.Any && r.Reference == nil {
			for _, fd := range r.Rules {
				for _, rule := range modernRules(fd) {
					if rule.Usage == UsageCrawl {
						anyCrawl = append(anyCrawl, modernRuleLine(rule.Allow, rule.Pattern))
						anyCrawlFrom = append(anyCrawlFrom, fd.Line)
					}
				}
			}
		}
	}

	for _, r := range f.Records {
		if r.Reference != nil {
			addNoEq("reference", "ACAP-permissions-reference sends ACAP crawlers to a policy kept in another file. A robots.txt line of today cannot include another file; copy the rules into this file instead.", r.Reference.Line)
			continue
		}
		agents := modernAgents(r)
		if len(agents) == 0 {
			continue
		}
		var crawl []string
		var crawlFrom []int
		var searchNo, searchYes, trainNo []string
		var searchFrom, trainFrom []int
		searchYesFrom := map[string][]int{}
		for _, fd := range r.Rules {
			for _, rule := range modernRules(fd) {
				if rule.Usage != UsageCrawl {
					if len(rule.Quals) > 0 || !rule.Allow {
						licenseFrom = append(licenseFrom, fd.Line)
					}
				}
				for _, q := range rule.Quals {
					key, why := modernQualifier(q.Type)
					addNoEq(key, why, fd.Line)
				}
				pat := rule.Pattern
				switch rule.Usage {
				case UsageCrawl:
					crawl = append(crawl, modernRuleLine(rule.Allow, pat))
					crawlFrom = append(crawlFrom, fd.Line)
				case UsageIndex, UsagePresent:
					if rule.Allow {
						searchYes = modernAdd(searchYes, pat)
						searchYesFrom[modernSlash(pat)] = append(searchYesFrom[modernSlash(pat)], fd.Line)
					} else {
						searchNo = modernAdd(searchNo, pat)
						searchFrom = append(searchFrom, fd.Line)
					}
				case UsagePreserve, UsageOther:
					if !rule.Allow {
						trainNo = modernAdd(trainNo, pat)
						trainFrom = append(trainFrom, fd.Line)
					}
					if rule.Usage == UsageOther && !rule.Allow {
						addNoEq("other", "ACAP-disallow-other refuses every use the file does not name, including uses nobody had thought of. Today's vocabularies only have a few fixed categories (search, AI training, AI use), so a catch-all refusal has no exact equivalent; the train-ai proposal covers the part people worry about most now.", fd.Line)
					}
				case UsageFollow:
					addNoEq("follow", "Following links is not something robots.txt can refuse today: crawlers that may fetch a page follow its links. Per page, the robots META tag value nofollow (or rel=\"nofollow\" on a link) comes closest.", fd.Line)
				default:
					key, why := modernPresentation(rule.Usage)
					addNoEq(key, why, fd.Line)
				}
			}
		}
		if len(crawl) > 0 && !modernHasGroup(f, agents, crawl) {
			expl := "Crawling is still written the conventional way: every crawler reads User-agent, Allow and Disallow (RFC 9309). This group says for " + modernWho(agents) + " what the ACAP crawl lines say. Conventional crawlers pick the longest matching pattern, ACAP the narrowest; for plain paths the two agree."
			if !r.Any {
				added := false
				for i, l := range anyCrawl {
					if !modernHas(crawl, l) && !modernHasPattern(crawl, l) {
						crawl = append(crawl, l)
						crawlFrom = append(crawlFrom, anyCrawlFrom[i])
						added = true
					}
				}
				if added {
					expl += " A conventional crawler reads only the group that names it and never falls back on the group for *, so the lines of the ACAP-crawler: * record are repeated here."
				}
			}
			out = append(out, SignalProposal{
				Lines:       append(modernUA(agents), crawl...),
				Explanation: expl,
				FromLines:   modernLines(crawlFrom),
			})
		}
		if len(searchNo) > 0 {
			lines := modernUA(agents)
			for _, p := range searchNo {
				lines = append(lines, "Content-Usage: "+p+" search=n")
			}
			for _, p := range searchYes {
				if modernCovered(p, searchNo) {
					lines = append(lines, "Content-Usage: "+p+" search=y")
					searchFrom = append(searchFrom, searchYesFrom[p]...)
				}
			}
			whole := modernHas(searchNo, "/")
			if whole {
				lines = append(lines, "Content-Signal: search=no")
			}
			expl := "ACAP refused indexing or presenting these paths to " + modernWho(agents) + " while still allowing crawling. The IETF AI preferences say the same with the search category (search=n), for a path; crawlers that honour the preference leave the pages out of search results."
			if whole {
				expl += " Content-Signal (Content Signals Policy) says it for the whole site with search=no."
			}
			out = append(out, SignalProposal{Lines: lines, Explanation: expl, FromLines: modernLines(searchFrom)})
			out = append(out, SignalProposal{
				Lines:       modernDisallow(modernUA(agents), searchNo),
				Explanation: "The one line every search engine obeys is Disallow. It is stricter than the ACAP prohibition: the pages are not even fetched, so they cannot be used for anything else either, and a page that is linked from elsewhere may still be listed by its address alone.",
				FromLines:   modernLines(searchFrom),
			})
		}
		if len(trainNo) > 0 {
			lines := modernUA(agents)
			for _, p := range trainNo {
				lines = append(lines, "Content-Usage: "+p+" train-ai=n")
			}
			whole := modernHas(trainNo, "/")
			if whole {
				lines = append(lines, "Content-Signal: ai-train=no")
			}
			expl := "ACAP refused keeping copies (preserve) or any use the file does not name (other). What publishers worry about today is copies kept to train AI models: the IETF AI preferences say no to that with train-ai=n, for a path."
			if whole {
				expl += " Content-Signal says it for the whole site with ai-train=no."
			}
			expl += " Caches and archives have no robots.txt line today; per page, the robots META value noarchive was the usual way."
			out = append(out, SignalProposal{Lines: lines, Explanation: expl, FromLines: modernLines(trainFrom)})
			if r.Any {
				out = append(out, SignalProposal{
					Lines:       modernDisallow([]string{"User-agent: GPTBot", "User-agent: Google-Extended", "User-agent: CCBot"}, trainNo),
					Explanation: "Some operators give the crawling they do for AI models a user agent of its own, so a plain Disallow for that name refuses just that use: GPTBot (OpenAI), Google-Extended (Google's token for AI training; it does not affect Google Search) and CCBot (Common Crawl, whose archive is widely used for training). The list is not complete and changes; check each operator's documentation.",
					FromLines:   modernLines(trainFrom),
				})
			}
		}
		for _, s := range r.Subs {
			var from []int
			for _, p := range s.Purposes {
				from = append(from, p.Line)
			}
			for _, fd := range s.Rules {
				if fd.Status != StatusSkipped {
					from = append(from, fd.Line)
				}
			}
			addNoEq("purpose", "ACAP-usage-purpose lets one crawler follow different rules for each service it collects for. Today the closest thing is that some operators crawl for different purposes under different user-agent names (Googlebot-Image, Googlebot-News, Google-Extended, GPTBot, OAI-SearchBot...), and you write a User-agent group for each name; you cannot name a purpose of your own.", from...)
		}
	}
	if f.IgnoreConventional != nil && f.IgnoreConventional.Status == StatusOK {
		addNoEq("ignore", "ACAP-ignore-conventional-records told ACAP crawlers to read only the ACAP records. Today's signals live inside the conventional groups, so there is nothing to switch off.", f.IgnoreConventional.Line)
	}
	if len(licenseFrom) > 0 {
		out = append(out, SignalProposal{
			Lines:       []string{"License: https://example.com/license.xml"},
			Explanation: "ACAP put conditions of use next to each path. Really Simple Licensing (RSL) puts them in a separate licence file that robots.txt points to with a License line; there you can state the terms (free with attribution, paid per crawl, not for AI training...). Replace the address with that of your own licence file.",
			FromLines:   modernLines(licenseFrom),
		})
	}
	for _, k := range noEqOrder {
		p := noEq[k]
		p.FromLines = modernLines(p.FromLines)
		out = append(out, *p)
	}
	return out
}

// modernRules returns the rules a field stands for, as the readings use them.
func modernRules(fd *Field) []Rule {
	if fd.Status == StatusSkipped || !fd.Kind.IsACAPRule() || fd.Kind == FieldACAPRequest {
		return nil
	}
	rules := fd.Rules()
	if len(rules) == 0 && fd.Usage != UsageNone && fd.Pattern().Text != "" {
		rules = []Rule{{Allow: fd.IsAllow(), Usage: fd.Usage, Pattern: fd.Pattern().Text, Quals: fd.Quals()}}
	}
	if fd.Status == StatusProhibit {
		out := make([]Rule, len(rules))
		for i, r := range rules {
			out[i] = Rule{Usage: r.Usage, Pattern: r.Pattern}
		}
		return out
	}
	return rules
}

// modernAgents returns the crawler names of a record, "*" for an any record.
func modernAgents(r *Record) []string {
	var out []string
	seen := map[string]bool{}
	for _, c := range r.Crawlers {
		if c.Status == StatusSkipped {
			continue
		}
		name := strings.TrimSpace(c.Value.Text)
		if i := strings.IndexByte(name, '/'); i > 0 {
			name = name[:i]
		}
		if name == "" || !modernToken(name) || seen[strings.ToLower(name)] {
			continue
		}
		seen[strings.ToLower(name)] = true
		out = append(out, name)
	}
	return out
}

// modernToken reports whether name can stand in a User-agent line: "*" or
// letters, digits, '_', '-' and '.'.
func modernToken(name string) bool {
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

func modernUA(agents []string) []string {
	out := make([]string, len(agents))
	for i, a := range agents {
		out[i] = "User-agent: " + a
	}
	return out
}

func modernWho(agents []string) string {
	if len(agents) == 1 && agents[0] == "*" {
		return "every crawler"
	}
	return strings.Join(agents, " and ")
}

// modernRuleLine writes a conventional rule for an ACAP pattern; ACAP reads
// a pattern without a leading '/' as if it had one, so the conventional line
// gets it written out.
func modernRuleLine(allow bool, pat string) string {
	pat = modernSlash(pat)
	if allow {
		return "Allow: " + pat
	}
	return "Disallow: " + pat
}

// modernSlash writes out the '/' ACAP reads before a pattern that starts
// with neither '/' nor '*'.
func modernSlash(pat string) string {
	if !strings.HasPrefix(pat, "/") && !strings.HasPrefix(pat, "*") {
		return "/" + pat
	}
	return pat
}

func modernAdd(list []string, pat string) []string {
	pat = modernSlash(pat)
	for _, p := range list {
		if p == pat {
			return list
		}
	}
	return append(list, pat)
}

func modernHas(list []string, s string) bool {
	for _, p := range list {
		if p == s {
			return true
		}
	}
	return false
}

// modernHasPattern reports whether a rule line for the same pattern as l
// (Allow or Disallow) is in list.
func modernHasPattern(list []string, l string) bool {
	_, pat, _ := strings.Cut(l, ": ")
	for _, x := range list {
		if _, p, _ := strings.Cut(x, ": "); p == pat {
			return true
		}
	}
	return false
}

// modernCovered reports whether a permission for pat is an exception inside
// one of the prohibited patterns (so it needs saying).
func modernCovered(pat string, prohibited []string) bool {
	for _, p := range prohibited {
		if strings.HasPrefix(pat, strings.TrimSuffix(p, "*")) && pat != p {
			return true
		}
	}
	return false
}

// modernHasGroup reports whether the file's conventional part already has,
// for every one of agents, a group with all of the given rule lines.
func modernHasGroup(f *File, agents []string, rules []string) bool {
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
				if r.Status == StatusSkipped || r.Record != nil {
					continue
				}
				have[modernRuleLine(r.Kind == FieldAllow, strings.TrimSpace(r.Value.Text))] = true
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

func modernLines(ls []int) []int {
	sort.Ints(ls)
	out := ls[:0]
	for i, l := range ls {
		if i == 0 || l != ls[i-1] {
			out = append(out, l)
		}
	}
	return out
}

// modernQualifier explains why a qualifier has no modern equivalent.
func modernQualifier(q QualifierType) (key, why string) {
	switch q {
	case QualTimeLimit:
		return "q-time-limit", "time-limit allowed a use only until a date, for some days, or until the page is fetched again. No signal of today carries a time limit: a publisher changes the file when the time comes, and crawlers act on it when they next read it."
	case QualMaxLength:
		return "q-max-length", "max-length capped the length of a snippet. robots.txt cannot say that today; per page, Google reads a max-snippet value in the robots META tag, and other search engines have their own page-level controls."
	case QualProhibitedModification:
		return "q-modification", "prohibited-modification refused changes to what is shown (format, style, translation, annotation). No robots.txt signal of today speaks of how content may be changed; such terms belong in a licence (see the RSL proposal, if any)."
	case QualProhibitedContext, QualRequiredContext:
		return "q-context", "prohibited-context and required-context said whether a copy may be shown inside someone else's frame. Framing is controlled today by the web server (the X-Frame-Options header or the frame-ancestors rule of Content-Security-Policy), not by robots.txt."
	case QualMustUseResource, QualMustIncludeResource:
		return "q-resource", "must-use-resource and must-include-resource asked crawlers to use a given extract, or to show something with the content (for example a notice). Nothing of the kind exists in today's signals."
	}
	return "q-other", "This qualifier has no modern equivalent."
}

// modernPresentation explains why a present-X distinction has none.
func modernPresentation(u Usage) (key, why string) {
	switch u {
	case UsagePresentSnippet, UsagePresentOldSnippet:
		return "present-snippet", "ACAP could allow or refuse snippets apart from other ways of presenting. robots.txt has no such distinction today; per page, the robots META values nosnippet and max-snippet, or data-nosnippet on part of a page, are what search engines read."
	case UsagePresentThumbnail, UsagePresentOldThumbnail:
		return "present-thumbnail", "ACAP could refuse thumbnails while allowing snippets. No robots.txt signal of today tells thumbnails apart; per page, Google reads max-image-preview in the robots META tag, and images can be refused to an image crawler (Googlebot-Image) with Disallow, which also keeps them out of image search."
	case UsagePresentLink:
		return "present-link", "present-link was the right to show just a link to the page. Today a crawler that may fetch a page may also list its address; there is no separate signal for links."
	case UsagePresentCurrentCopy, UsagePresentOldCopy:
		return "present-copy", "ACAP separated showing a cached copy (current or old) from other presentation. There is no robots.txt line for it today; the robots META value noarchive was the page-level way, and the big search engines have since dropped their cached-page links."
	case UsagePresentOriginal:
		return "present-original", "present-original covered showing the page itself, for example in a frame or a reader view. No signal of today separates it from other uses."
	}
	return "usage-" + u.String(), "ACAP's " + u.String() + " usage has no modern equivalent."
}

// modernDisallow is a conventional group: the User-agent lines of head,
// then a Disallow line for each path.
func modernDisallow(head, paths []string) []string {
	for _, p := range paths {
		head = append(head, "Disallow: "+p)
	}
	return head
}
