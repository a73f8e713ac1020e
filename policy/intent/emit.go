package intent

import (
	"sort"
	"strings"

	"github.com/acap-workbench/workbench/policy"
)

// scoped is one written line's scope and what it says: path "" is the
// whole site.
type scoped struct {
	path string
	text string
}

// emit writes the fewest scoped lines that give each region its value,
// given that the line with the longest matching path decides: a region
// gets a line when its value differs from what its parent's lines give.
// val returns a region's value, or false where any value will do (a
// region nothing can be said for, or that is not crawled); inherit is
// what the site gets with no line at all. With every set, each region
// that has a value gets its line.
func emit(regs []region, inherit string, val func(i int) (string, bool), every ...bool) []scoped {
	all := len(every) > 0 && every[0]
	eff := make([]string, len(regs))
	var out []scoped
	for i, g := range regs {
		inh := inherit
		if g.parent >= 0 {
			inh = eff[g.parent]
		}
		eff[i] = inh
		v, ok := val(i)
		if !ok || (v == inh && !all) {
			continue
		}
		eff[i] = v
		out = append(out, scoped{path: g.path, text: v})
	}
	return out
}

// crawlRules are the Allow and Disallow lines of a region set, longest
// path first so that readers taking the first matching rule (the 1996
// draft) agree with those taking the longest.
func crawlRules(regs []region, denied []bool) []string {
	rules := emit(regs, "allow", func(i int) (string, bool) {
		if denied[i] {
			return "disallow", true
		}
		return "allow", true
	})
	sort.SliceStable(rules, func(i, j int) bool { return len(rules[i].path) > len(rules[j].path) })
	var out []string
	for _, r := range rules {
		p := r.path
		if p == "" {
			p = "/"
		}
		if r.text == "disallow" {
			out = append(out, "Disallow: "+p)
		} else {
			out = append(out, "Allow: "+p)
		}
	}
	return out
}

// vocabulary is how a line of today's preferences is written.
type vocabulary struct {
	field   string
	yes, no string
	labels  []policy.Category // in the order written
	names   []string
}

func contentUsage() vocabulary {
	return vocabulary{field: "Content-Usage", yes: "y", no: "n",
		labels: []policy.Category{policy.CategoryTrainAI, policy.CategorySearch},
		names:  []string{"train-ai", "search"}}
}

func contentSignal() vocabulary {
	return vocabulary{field: "Content-Signal", yes: "yes", no: "no",
		labels: []policy.Category{policy.CategorySearch, policy.CategoryAIInput, policy.CategoryTrainAI},
		names:  []string{"search", "ai-input", "ai-train"}}
}

// knows reports whether the vocabulary has a label for category c.
func (v vocabulary) knows(c policy.Category) bool {
	for _, l := range v.labels {
		if l == c {
			return true
		}
	}
	return false
}

// statement writes the row's preferences at path in the vocabulary
// ("train-ai=n, search=y"); "" when nothing is stated. A label the row
// does not state there takes the value the carried lines give it
// (carried.at), so that the crawler keeps the preferences it was given.
func (v vocabulary) statement(r *Row, path string, carried *carriedPrefs) string {
	var parts []string
	for i, c := range v.labels {
		val := r.At(CategoryColumn(c), path)
		if val == NotStated {
			val = carried.at(c, path)
		}
		switch val {
		case Yes:
			parts = append(parts, v.names[i]+"="+v.yes)
		case No:
			parts = append(parts, v.names[i]+"="+v.no)
		}
	}
	return strings.Join(parts, ", ")
}

// carriedPrefs are the Content-Usage or Content-Signal lines a crawler
// obeyed, of one vocabulary: those with a plain path (or none), which
// merge with the intent's, and the others (a path with a wildcard), which
// are written as they were.
type carriedPrefs struct {
	plain []policy.Statement
	other []string
}

// carriedOfVocabulary sorts the carried lines of vocabulary v; lines whose
// preferences cannot be read say nothing and are left out.
func carriedOfVocabulary(v vocabulary, signals []carriedLine) *carriedPrefs {
	cp := &carriedPrefs{}
	for _, c := range signals {
		if c.kind.String() != v.field {
			continue
		}
		st := policy.ParseStatement(c.kind, c.path)
		if st.Err != "" {
			continue
		}
		if strings.ContainsAny(st.Path, "*$") {
			cp.other = append(cp.other, c.text)
			continue
		}
		cp.plain = append(cp.plain, st)
	}
	return cp
}

// paths returns the paths of the plain carried lines.
func (cp *carriedPrefs) paths() []string {
	var out []string
	for _, st := range cp.plain {
		if st.Path != "" {
			out = append(out, st.Path)
		}
	}
	return out
}

// at returns what the carried lines say of category c at path: the lines
// with the longest matching path decide (a line without path matches
// every path), a refusal first, as today's crawlers combine them.
func (cp *carriedPrefs) at(c policy.Category, path string) Value {
	if cp == nil {
		return NotStated
	}
	best, got := -1, policy.PrefUnstated
	for _, st := range cp.plain {
		if !strings.HasPrefix(path, st.Path) || len(st.Path) < best {
			continue
		}
		p := st.Prefs[int(c)-1]
		if len(st.Path) > best {
			best, got = len(st.Path), p
		} else if p == policy.PrefDisallowed || got == policy.PrefUnstated {
			got = p
		}
	}
	switch got {
	case policy.PrefAllowed:
		return Yes
	case policy.PrefDisallowed:
		return No
	}
	return NotStated
}

// prefLines writes a crawler group's lines of one vocabulary: a line
// without path for the whole site, one with a path where a scope (or a
// path of a carried line) changes what is stated (a line with a path and
// nothing after it states nothing there), then the carried lines whose
// path has a wildcard, as they were. Regions that are not crawled get no
// line of their own.
func prefLines(v vocabulary, rp *rowPlan, signals []carriedLine) []string {
	cp := carriedOfVocabulary(v, signals)
	regs := rp.regions
	if extra := cp.paths(); len(extra) > 0 {
		regs = regionsOf(append(scopePaths(rp.row), extra...))
	}
	ls := emit(regs, "", func(i int) (string, bool) {
		if deniedAt(rp.regions, rp.denied, regs[i].witness) {
			return "", false
		}
		return v.statement(rp.row, regs[i].witness, cp), true
	})
	var out []string
	for _, l := range ls {
		switch {
		case l.path == "":
			out = append(out, v.field+": "+l.text)
		case l.text == "":
			out = append(out, v.field+": "+l.path)
		default:
			out = append(out, v.field+": "+l.path+" "+l.text)
		}
	}
	return append(out, cp.other...)
}

// acapValue is the row's answer for an ACAP usage at path: crawl as the
// plan decides; a usage's own cell where it states a value; else the
// category it stands for (search for index and present, train-ai for
// preserve and other); follow goes with crawl when the record refuses
// other (which would otherwise refuse it too).
func acapValue(rp *rowPlan, u policy.Usage, path string, refusesOther bool) Value {
	if u == policy.UsageCrawl {
		if deniedAt(rp.regions, rp.denied, path) {
			return No
		}
		return Yes
	}
	if v := rp.row.At(UsageColumn(u), path); v != NotStated {
		return v
	}
	if u == policy.UsageFollow && refusesOther {
		return acapValue(rp, policy.UsageCrawl, path, false)
	}
	return rp.row.At(CategoryColumn(acapCategory(u)), path)
}

// acapCategory is the category an ACAP usage is written for when the row
// has no cell of its own for it: the first two usages of
// policy.ACAPUsagesFor of search and train-ai; none for the others.
func acapCategory(u policy.Usage) policy.Category {
	for _, c := range []policy.Category{policy.CategorySearch, policy.CategoryTrainAI} {
		for _, x := range policy.ACAPUsagesFor(c) {
			if x == u {
				return c
			}
		}
	}
	return policy.CategoryNone
}

// refusesOther reports whether the row's ACAP record refuses other
// anywhere.
func refusesOther(rp *rowPlan) bool {
	for i, g := range rp.regions {
		if !rp.denied[i] && acapValue(rp, policy.UsageOther, g.witness, false) == No {
			return true
		}
	}
	return false
}

// acapLines writes the permissions and prohibitions of a row's ACAP
// record, usage by usage in policy.Usages order. Usages other than crawl
// need crawl, so regions not crawled get no line for them. It also
// returns the regions where a usage is not stated but a broader line
// states one: ACAP cannot say "no preference" there.
func acapLines(rp *rowPlan) (lines []string, unsaid []string) {
	other := refusesOther(rp)
	for _, u := range policy.Usages() {
		// A present-X line is written in every region where it states a
		// value: there it ties with any present line of the same path,
		// and a present-X field beats a present field; a broader
		// present-X line would lose to a narrower present line.
		every := u.IsPresentation() && u != policy.UsagePresent
		ls := emit(rp.regions, "", func(i int) (string, bool) {
			if u != policy.UsageCrawl && rp.denied[i] {
				return "", false
			}
			switch acapValue(rp, u, rp.regions[i].witness, other) {
			case Yes:
				return "allow", true
			case No:
				return "disallow", true
			}
			return "", false
		}, every)
		for _, l := range ls {
			p := l.path
			if p == "" {
				p = "/"
			}
			lines = append(lines, "ACAP-"+l.text+"-"+u.String()+": "+p)
		}
		unsaid = append(unsaid, unsaidACAP(rp, u, other)...)
	}
	return lines, unsaid
}

// unsaidACAP lists the scope paths where usage u is not stated while a
// broader ACAP line of the record states it.
func unsaidACAP(rp *rowPlan, u policy.Usage, other bool) []string {
	var out []string
	for i, g := range rp.regions {
		if g.parent < 0 || rp.denied[i] || acapValue(rp, u, g.witness, other) != NotStated {
			continue
		}
		if pv := acapValue(rp, u, rp.regions[g.parent].witness, other); pv != NotStated {
			out = append(out, u.String()+" under "+g.path)
		}
	}
	return out
}
