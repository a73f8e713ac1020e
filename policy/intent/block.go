package intent

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/acap-workbench/workbench/policy"
	"github.com/acap-workbench/workbench/policy/internal/obey"
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
		crawl := crawlRules(rp.regions, rp.denied)
		for _, part := range partition(rp.crawlers, rp.regions, rp.denied, crawl, pl.carried) {
			var prefs []string
			for _, v := range []vocabulary{contentUsage(), contentSignal()} {
				ls := prefLines(v, rp, part.signals)
				prefs = append(prefs, ls...)
				for _, l := range ls {
					if rest := strings.TrimPrefix(l, v.field+": "); strings.HasPrefix(rest, "/") && !strings.Contains(rest, " ") {
						notes = appendOnce(notes, rowTitle(rp)+": \""+l+"\" states nothing under its path, so the broader line does not apply there (the checker warns that it states no preference, which is what it is for)")
					}
				}
			}
			lead, rest := splitLead(uncovered(crawl, part.lines), rp.regions, rp.denied)
			groups = append(groups, rowGroup{rowTitle(rp), part, append(lead, part.repairs...), rest, prefs})
			if n := starRules(part.lines); n > 0 {
				notes = append(notes, rowTitle(rp)+" ("+strings.Join(part.names, ", ")+"): their group repeats "+strconv.Itoa(n)+" Allow/Disallow line"+plural(n)+" of the group for * that they read until now: a crawler named by a group reads only that group, so without them it would take those lines away")
			}
		}
	}
	for _, g := range substringOrder(groups) {
		lines = append(lines, "", "# "+g.title)
		lines = append(lines, writeGroup(g.part.names, g.lead, g.part.lines, g.rules, g.prefs)...)
	}
	for i := range pl.purposes {
		pp := &pl.purposes[i]
		rules := crawlRules(pp.regions, pp.denied)
		lines = append(lines, "", "# "+pp.p.token+": "+pp.p.governs)
		part := partition([]string{pp.p.token}, pp.regions, pp.denied, rules, pl.carried)[0]
		lead, rest := splitLead(uncovered(rules, part.lines), pp.regions, pp.denied)
		lines = append(lines, writeGroup(part.names, append(lead, part.repairs...), part.lines, rest, nil)...)
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
	title              string
	part               part
	lead, rules, prefs []string
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

// writeGroup writes one User-agent group: the names; the Disallow lines
// of the parts of the site the intent refuses whole (lead); the carried
// lines, in the publisher's order; the rest of the crawl rules; then the
// preference lines. Readers that take the first matching rule (the 1996
// draft) then meet a refused part's Disallow before any carried Allow
// there, the carried lines before the builder's broader ones, and the
// builder's rules longest first: they agree with RFC 9309. A group with no
// Allow or Disallow gets "Allow: /": Google's parser does not know
// Content-Usage and would run the next User-agent line into a group
// without rules.
func writeGroup(names, lead []string, carried []carriedLine, rules, prefs []string) []string {
	var out []string
	for _, n := range names {
		out = append(out, "User-agent: "+n)
	}
	out = append(out, lead...)
	hasRule := len(lead)+len(rules) > 0
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

// splitLead separates from the crawl rules (longest first) the Disallow
// lines of the regions refused whole, with every region under them
// (written first: see writeGroup).
func splitLead(rules []string, regs []region, denied []bool) (lead, rest []string) {
	whole := map[string]bool{}
	for i, g := range regs {
		if denied[i] && wholeDenied(regs, denied, i) {
			whole["Disallow: "+pathOr(g.path)] = true
		}
	}
	for _, r := range rules {
		if whole[r] {
			lead = append(lead, r)
		} else {
			rest = append(rest, r)
		}
	}
	return lead, rest
}

// wholeDenied reports whether region i and every region under it are
// refused.
func wholeDenied(regs []region, denied []bool, i int) bool {
	for j := range regs {
		for k := j; k >= 0; k = regs[k].parent {
			if k == i && !denied[j] {
				return false
			}
		}
	}
	return true
}

// decider returns, for a refused region, the region whose Disallow line
// decides it (crawlRules writes a line where a region's value differs from
// its parent's): itself or the nearest region above it with such a line.
func decider(regs []region, denied []bool, i int) int {
	for ; i > 0; i = regs[i].parent {
		if denied[i] != denied[regs[i].parent] {
			return i
		}
	}
	return 0
}

// part is a set of a row's crawlers that carry the same lines.
type part struct {
	names   []string
	lines   []carriedLine // rules and other fields, in the publisher's order
	signals []carriedLine // Content-Usage and Content-Signal lines, merged by prefLines
	repairs []string      // Disallow lines that keep a carried Allow out of a refused region
}

// partition splits a row's crawlers by the lines their groups keep of
// those they obeyed (keepLines), in the row's order.
func partition(names []string, regs []region, denied []bool, rules []string, carried map[string][]carriedLine) []part {
	var out []part
	index := map[string]int{}
	type kept struct {
		lines, signals []carriedLine
		repairs        []string
	}
	done := map[string]kept{} // by the lines carried: most crawlers carry those of the groups for *
	for _, n := range names {
		cs := carried[strings.ToLower(n)]
		var ck strings.Builder
		for _, c := range cs {
			ck.WriteString(strconv.Itoa(c.line) + ",")
		}
		k, ok := done[ck.String()]
		if !ok {
			k.lines, k.signals, k.repairs = keepLines(cs, regs, denied, rules)
			done[ck.String()] = k
		}
		ls, sigs := k.lines, k.signals
		var key strings.Builder
		for _, c := range ls {
			key.WriteString(c.text + "\n")
		}
		key.WriteString("\x00")
		for _, c := range sigs {
			key.WriteString(c.text + "\n")
		}
		if i, ok := index[key.String()]; ok {
			out[i].names = append(out[i].names, n)
			continue
		}
		index[key.String()] = len(out)
		out = append(out, part{names: []string{n}, lines: ls, signals: sigs, repairs: k.repairs})
	}
	return out
}

// keepLines chooses what a crawler's new group keeps of the lines it
// obeyed, identical lines once:
//
//   - a rule for the whole site ("/", "/*", "*") or for nothing (an empty
//     path) is left out: the intent decides the whole site (its crawlers
//     may crawl it unless the row refuses every use);
//   - an Allow that may match a path where the intent refuses crawling,
//     and would win there over the Disallow that refuses it, is left out
//     (it would let the crawler in there), unless it has a wildcard and
//     reaches beyond the region: it is then kept, with a Disallow of the
//     region's path followed by its own wildcard part (repairs), longer
//     than it, which keeps it out of the region;
//   - a Disallow that can match only where the intent refuses crawling is
//     left out: the intent's Disallow says it;
//   - every other rule and field is kept, in the publisher's order: the
//     crawler keeps out of the parts of the site it was kept out of, and
//     a yes in the intent allows a use where the site lets it crawl;
//   - a rule the intent writes too (rules) is left to the intent;
//   - Content-Usage and Content-Signal lines are returned apart, for
//     prefLines to merge with the intent's.
func keepLines(cs []carriedLine, regs []region, denied []bool, rules []string) (lines, signals []carriedLine, repairs []string) {
	seen := map[string]bool{}
	for _, r := range rules {
		seen[r] = true
	}
	for _, c := range cs {
		if c.rule && seen[ruleText(c.allow, c.path)] {
			continue
		}
		if seen[c.text] {
			continue
		}
		seen[c.text] = true
		switch {
		case c.signal:
			signals = append(signals, c)
			continue
		case !c.rule:
		case strings.TrimSpace(c.path) == "" || obey.WholeSite(c.path):
			continue
		default:
			path := strings.TrimSpace(c.path)
			pat := policy.CompilePattern(path, policy.MatchRFC9309)
			n := pat.Len()
			lit, _, wild := strings.Cut(path, "*")
			drop, all := false, true
			var fix []string
			for _, i := range reach(path, regs) {
				all = all && denied[i]
				if !denied[i] || !c.allow {
					continue
				}
				// An Allow there wins over the Disallow that refuses the
				// region when it is at least as long (RFC 9309), or, for
				// the first-match reading, unless that Disallow comes
				// first (the region is refused whole). Where the Allow
				// also matches outside, a Disallow of its paths inside
				// the region, longer than it, keeps it from winning there.
				d := decider(regs, denied, i)
				dp := pathOr(regs[d].path)
				switch {
				case !wholeDenied(regs, denied, d):
					drop = true
				case n < len(dp):
				case wild && strings.HasPrefix(dp, lit) && len(dp) > len(lit):
					fix = append(fix, repairLines(dp, lit, path)...)
				default:
					drop = true
				}
			}
			if c.allow && (drop || all) || !c.allow && all {
				continue
			}
			for _, f := range fix {
				if !slices.Contains(repairs, f) {
					repairs = append(repairs, f)
				}
			}
		}
		lines = append(lines, c)
	}
	return lines, signals, repairs
}

// repairLines are the Disallow lines that keep an Allow pattern lit+"*"+x
// (lit a literal prefix of the region path d) out of the region: d*x for
// the paths where x starts after d, and d+x[k:] where x starts with the
// last k bytes of d (x then starts inside d: "*/login" in "/archive/login").
// Each is longer than the pattern, so it wins where both match.
func repairLines(d, lit, pat string) []string {
	x := pat[len(lit)+1:]
	out := []string{"Disallow: " + d + "*" + x}
	xl, _, _ := strings.Cut(x, "*")
	xl = strings.TrimSuffix(xl, "$")
	for k := 1; k <= len(d)-len(lit)-1 && k <= len(xl); k++ {
		if strings.HasSuffix(d, xl[:k]) && len(d)+len(x)-k > len(pat) {
			out = append(out, "Disallow: "+d+x[k:])
		}
	}
	return out
}

// ruleText writes a rule as the builder writes its own.
func ruleText(allow bool, path string) string {
	if allow {
		return "Allow: " + strings.TrimSpace(path)
	}
	return "Disallow: " + strings.TrimSpace(path)
}

// reach returns the regions in whose own part (the region without the
// deeper ones) an Allow or Disallow pattern may match a path: for a
// pattern anchored with '$' and without '*', the region of its path; else
// every region whose path and the pattern's literal start (up to its first
// '*') are one a prefix of the other, unless that start lies under a
// deeper region.
func reach(pat string, regs []region) []int {
	pat = strings.TrimSpace(pat)
	if !strings.HasPrefix(pat, "/") && !strings.HasPrefix(pat, "*") {
		pat = "/" + pat
	}
	lit, _, wild := strings.Cut(pat, "*")
	deepest := func(p string) int {
		best := 0
		for i, g := range regs {
			if len(g.path) > len(regs[best].path) && strings.HasPrefix(p, g.path) {
				best = i
			}
		}
		return best
	}
	if !wild && strings.HasSuffix(lit, "$") {
		return []int{deepest(strings.TrimSuffix(lit, "$"))}
	}
	in := deepest(lit) // the start lies in this region's subtree
	var out []int
	for i, g := range regs {
		if !strings.HasPrefix(lit, g.path) && !strings.HasPrefix(g.path, lit) {
			continue
		}
		if strings.HasPrefix(lit, g.path) && i != in {
			continue // an ancestor of the region the start lies in
		}
		out = append(out, i)
	}
	return out
}

// uncovered leaves out of the intent's rules an Allow whose path a kept
// Disallow (without wildcard) already covers: the site keeps the crawler
// out of it, and the Allow would let it in (RFC 9309 prefers Allow of two
// rules of one length, and a longer Allow to a shorter Disallow).
func uncovered(rules []string, kept []carriedLine) []string {
	var out []string
	for _, r := range rules {
		p, ok := strings.CutPrefix(r, "Allow: ")
		covered := false
		for _, c := range kept {
			if ok && c.rule && !c.allow && !strings.ContainsAny(c.path, "*$") && strings.TrimSpace(c.path) != "" && strings.HasPrefix(p, strings.TrimSpace(c.path)) {
				covered = true
			}
		}
		if !covered {
			out = append(out, r)
		}
	}
	return out
}

// starRules counts the carried rules that come from the groups for *.
func starRules(ls []carriedLine) int {
	n := 0
	for _, c := range ls {
		if c.star && c.rule {
			n++
		}
	}
	return n
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func appendOnce(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
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
