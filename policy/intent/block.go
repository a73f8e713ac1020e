package intent

import (
	"sort"
	"strings"
)

// The lines the builder writes stand between these two comments. Every
// line between them is the builder's: a second Write replaces them all.
const (
	beginMarker = "# BEGIN policy builder (ACAP Workbench): written from the publisher's intent; edit the intent, not these lines"
	endMarker   = "# END policy builder"
	acapVersion = "##ACAP version=1.1"
)

// block writes the builder's lines: the groups of each row (its
// crawlers, Allow/Disallow, Content-Usage, Content-Signal), the groups of
// the per-purpose tokens, then one ACAP record per row. It returns the
// lines, whether any ACAP record was written, and notes.
func block(pl *plan) (lines []string, acap bool, notes []string) {
	lines = append(lines, beginMarker)
	var groups []rowGroup
	for i := range pl.rows {
		rp := &pl.rows[i]
		if len(rp.crawlers) == 0 {
			continue
		}
		var prefs []string
		for _, v := range []vocabulary{contentUsage(), contentSignal()} {
			ls := prefLines(v, rp)
			prefs = append(prefs, ls...)
			for _, l := range ls {
				if rest := strings.TrimPrefix(l, v.field+": "); strings.HasPrefix(rest, "/") && !strings.Contains(rest, " ") {
					notes = append(notes, rowTitle(rp)+": \""+l+"\" states nothing under its path, so the broader line does not apply there (the checker warns that it states no preference, which is what it is for)")
				}
			}
		}
		rules := crawlRules(rp.regions, rp.denied)
		for _, part := range partition(rp.crawlers, rp.regions, pl.carried) {
			groups = append(groups, rowGroup{rowTitle(rp), part, rules, prefs})
		}
	}
	for _, g := range substringOrder(groups) {
		lines = append(lines, "", "# "+g.title)
		lines = append(lines, writeGroup(g.part.names, g.part.lines, g.rules, g.prefs)...)
	}
	for i := range pl.purposes {
		pp := &pl.purposes[i]
		rules := crawlRules(pp.regions, pp.denied)
		lines = append(lines, "", "# "+pp.p.token+": "+pp.p.governs)
		part := partition([]string{pp.p.token}, pp.regions, pl.carried)[0]
		lines = append(lines, writeGroup(part.names, part.lines, rules, nil)...)
	}
	for i := range pl.rows {
		rp := &pl.rows[i]
		if len(rp.crawlers) == 0 {
			continue
		}
		ls, unsaid := acapLines(rp)
		if len(ls) == 0 {
			continue
		}
		acap = true
		lines = append(lines, "")
		for _, c := range rp.crawlers {
			lines = append(lines, "ACAP-crawler: "+c)
		}
		lines = append(lines, ls...)
		for _, u := range unsaid {
			notes = append(notes, rowTitle(rp)+": ACAP cannot say \"no preference\" for "+u+"; the broader ACAP line applies there")
		}
		if refusesOther(rp) {
			notes = append(notes, rowTitle(rp)+": ACAP-disallow-other refuses every usage no line of the record speaks of; follow is written with crawl so that it does not refuse following links")
		}
	}
	lines = append(lines, endMarker)
	return lines, acap, notes
}

// rowGroup is one User-agent group of a row, before it is written.
type rowGroup struct {
	title        string
	part         part
	rules, prefs []string
}

// substringOrder orders the rows' groups for the older kinds, which give a
// crawler the first group whose User-agent contains its name: a group
// comes before every group with a name that contains one of its names
// (Googlebot before Googlebot-Image), keeping the rows' order otherwise.
// When groups need each other first, they are written one crawler a group,
// shorter names first, since a name is contained only in longer ones.
func substringOrder(gs []rowGroup) []rowGroup {
	before := func(a, b *rowGroup) bool { // a must come before b
		for _, x := range a.part.names {
			for _, y := range b.part.names {
				if lx, ly := strings.ToLower(x), strings.ToLower(y); lx != ly && strings.Contains(ly, lx) {
					return true
				}
			}
		}
		return false
	}
	need := make([]int, len(gs))   // groups that must come before group i
	succ := make([][]int, len(gs)) // groups that must come after group i
	for i := range gs {
		for j := range gs {
			if i != j && before(&gs[i], &gs[j]) {
				need[j]++
				succ[i] = append(succ[i], j)
			}
		}
	}
	out := make([]rowGroup, 0, len(gs))
	done := make([]bool, len(gs))
	for len(out) < len(gs) {
		next := -1
		for i := range gs {
			if !done[i] && need[i] == 0 {
				next = i
				break
			}
		}
		if next < 0 {
			return oneCrawlerGroups(gs)
		}
		done[next] = true
		for _, j := range succ[next] {
			need[j]--
		}
		out = append(out, gs[next])
	}
	return out
}

// oneCrawlerGroups writes every crawler in a group of its own, shorter
// names first (stable otherwise).
func oneCrawlerGroups(gs []rowGroup) []rowGroup {
	var out []rowGroup
	for _, g := range gs {
		for _, n := range g.part.names {
			one := g
			one.part.names = []string{n}
			out = append(out, one)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i].part.names[0]) < len(out[j].part.names[0]) })
	return out
}

// writeGroup writes one User-agent group: the names, the carried lines (in the
// publisher's order, before the builder's rules so that a reader taking
// the first matching rule meets the narrower ones first), the crawl rules,
// then the preference lines. A group with no Allow or Disallow gets
// "Allow: /": Google's parser does not know Content-Usage and would run
// the next User-agent line into a group without rules.
func writeGroup(names []string, carried []carriedLine, rules, prefs []string) []string {
	var out []string
	for _, n := range names {
		out = append(out, "User-agent: "+n)
	}
	hasRule := len(rules) > 0
	for _, c := range carried {
		out = append(out, c.text)
		hasRule = hasRule || c.rule
	}
	out = append(out, rules...)
	if !hasRule {
		out = append(out, "Allow: /")
	}
	return append(out, prefs...)
}

// part is a set of a row's crawlers that carry the same lines.
type part struct {
	names []string
	lines []carriedLine
}

// partition splits a row's crawlers by the lines they carry from the
// existing file, in the row's order. A carried rule for the whole site
// or for one of the row's scopes is left out: the intent decides it.
// Identical lines are written once.
func partition(names []string, regs []region, carried map[string][]carriedLine) []part {
	decided := map[string]bool{"": true, "/": true}
	for _, g := range regs {
		decided[g.path] = true
	}
	var out []part
	index := map[string]int{}
	for _, n := range names {
		var ls []carriedLine
		seen := map[string]bool{}
		var key strings.Builder
		for _, c := range carried[strings.ToLower(n)] {
			if (c.rule && decided[c.path]) || seen[c.text] {
				continue
			}
			seen[c.text] = true
			ls = append(ls, c)
			key.WriteString(c.text + "\n")
		}
		if i, ok := index[key.String()]; ok {
			out[i].names = append(out[i].names, n)
			continue
		}
		index[key.String()] = len(out)
		out = append(out, part{names: []string{n}, lines: ls})
	}
	return out
}

// rowTitle names a row in comments and notes.
func rowTitle(rp *rowPlan) string {
	if rp.row.Name != "" {
		return strings.Map(func(r rune) rune {
			if r < ' ' || r == 0x7f || r == '\u2028' || r == '\u2029' || r == 0x85 {
				return ' '
			}
			return r
		}, rp.row.Name)
	}
	if rp.row.Any() {
		return "every other crawler"
	}
	return strings.Join(rp.row.Crawlers, ", ")
}
