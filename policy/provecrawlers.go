package policy

import "strings"

// Which crawlers a comparison asks about (READING.md §6: "every crawler
// name named in the file plus one unnamed"), so that a report speaks for
// every crawler whatever its name.
//
// Every reading chooses its records and groups from the crawler's name
// alone, so crawlers whose names make every reading choose alike get the
// same answers on every path. A crawler the files name is asked by its
// name. A crawler they do not name reads, in RFC 9309 and in ACAP (exact
// names), the any-crawler group and records; in the 1996 draft (and the
// 1994 convention and the 2.0.0 proposal, which choose as it does) the
// first record whose User-agent contains its name, else the '*' record.
// So the crawlers the files do not name fall into classes: those whose
// names are part of no User-agent of the source (one crawler stands for
// them, "AnyOtherCrawler" unless a file uses that name), and, for the older
// kinds, for each record, those whose names are part of one of its
// User-agent values and of none before it (one such name stands for them).

// CrawlerClass is a crawler a comparison asked about on behalf of others:
// what is proved for it holds for every crawler of its class, and a
// witness for it is a witness for every one of them.
type CrawlerClass struct {
	Name string // the crawler asked
	// Line is, for crawlers whose names are part of a User-agent value
	// (older kinds only), the User-agent line of the record they read
	// whose value holds Name; 0 for the crawlers whose names are part of
	// none.
	Line int
	// Agent is that User-agent value, as written.
	Agent string
}

// Describe says whom the class stands for, in words.
func (c CrawlerClass) Describe() string {
	if c.Line == 0 {
		return "crawlers the file does not name"
	}
	return "crawlers the file does not name whose names are part of \"" + c.Agent + "\" (line " + itoa(c.Line) +
		") and of no User-agent before it, such as " + c.Name
}

// Who says whom a crawler of the report stands for: itself, or the class
// it was asked for (CrawlerClass.Describe).
func (r *EquivalenceReport) Who(name string) string {
	for _, c := range r.Classes {
		if c.Name == name {
			return c.Describe()
		}
	}
	return name
}

// maxClassCandidates bounds the names tried for one record's class (each a
// part of its User-agent values, the longest first; in practice the first
// or second is taken).
const maxClassCandidates = 20000

// proofCrawlers returns the crawlers to compare: those old and converted
// name, then those that stand for the crawlers they do not name; and the
// classes for which no name could be found within maxClassCandidates
// (nothing is claimed for them).
func (c *comparer) proofCrawlers(old, converted *File, onlyNamed bool) (names []string, classes, uncovered []CrawlerClass) {
	names = crawlerNames(old)
	seen := map[string]bool{}
	for _, n := range names {
		seen[lowerASCII(crawlerName(n))] = true
	}
	for _, n := range crawlerNames(converted) {
		if k := lowerASCII(crawlerName(n)); !seen[k] {
			seen[k] = true
			names = append(names, n)
		}
	}
	if onlyNamed {
		return names, nil, nil
	}
	named := func(w string) bool { return seen[lowerASCII(crawlerName(w))] }
	var older []olderRecord
	var comp *compiled
	switch c.kind {
	case KindDraft1996, KindREP1994, KindV2Proposal:
		comp = c.src.compiled(c.src.file, "", needOf(c.kind))
		older = comp.older
	}
	// agentsBefore: the User-agent values (lower case) of records before
	// record i that the older kinds search by substring.
	agentsBefore := func(i int) []string {
		var vs []string
		for j := range older[:i] {
			for _, a := range older[j].agents {
				if v := lowerASCII(a.Value.Text); !agentAny(v) && v != "" {
					vs = append(vs, v)
				}
			}
		}
		return vs
	}
	inAny := func(w string, vs []string) bool {
		for _, v := range vs {
			if strings.Contains(v, w) {
				return true
			}
		}
		return false
	}
	// The crawler of no record.
	all := agentsBefore(len(older))
	other := unnamedCrawler
	for named(other) || inAny(lowerASCII(other), all) {
		other += "X"
	}
	// The crawlers of each record, for the older kinds.
	for i := range older {
		r := &older[i]
		before := agentsBefore(i)
		var cutAt *Field
		found := false
		for _, a := range r.agents {
			v := lowerASCII(a.Value.Text)
			if agentAny(v) || v == "" {
				continue
			}
			w, ok, cut := className(v, before, named, inAny)
			if cut && cutAt == nil {
				cutAt = a
			}
			// Asked as the reading asks (a record the 2.0.0 proposal
			// skips sends its crawlers to the '*' record, as those of no
			// record).
			if !ok || selectOlder(comp, c.kind, w, false) != r {
				continue
			}
			classes = append(classes, CrawlerClass{Name: w, Line: a.Line, Agent: strings.TrimSpace(a.Value.Text)})
			found = true
			break
		}
		if !found && cutAt != nil {
			uncovered = append(uncovered, CrawlerClass{Line: cutAt.Line, Agent: strings.TrimSpace(cutAt.Value.Text)})
		}
	}
	classes = append([]CrawlerClass{{Name: other}}, classes...)
	for _, cl := range classes {
		names = append(names, cl.Name)
	}
	return names, classes, uncovered
}

// className returns a name that is part of v (lower case), of no value
// of before, and not named: one that the older kinds send to v's record
// and the others to the any-crawler records. The longest such name is
// taken (the first of its length). A name is cut at '/' and trimmed by
// every reading, so it holds neither. cut reports that the bound on the
// names tried stopped the search.
func className(v string, before []string, named func(string) bool, inAny func(string, []string) bool) (name string, ok, cut bool) {
	var segs []string
	for _, s := range strings.Split(v, "/") {
		if t := strings.TrimSpace(s); t != "" {
			segs = append(segs, t)
		}
	}
	tried := 0
	longest := 0
	for _, s := range segs {
		longest = max(longest, len(s))
	}
	for n := longest; n > 0; n-- {
		for _, s := range segs {
			for i := 0; i+n <= len(s); i++ {
				w := s[i : i+n]
				if w != strings.TrimSpace(w) {
					continue
				}
				if tried++; tried > maxClassCandidates {
					return "", false, true
				}
				if !inAny(w, before) && !named(w) {
					return w, true, false
				}
			}
		}
	}
	return "", false, false
}
