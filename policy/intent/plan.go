package intent

import (
	"sort"
	"strings"

	"github.com/acap-workbench/workbench/policy"
)

// region is a part of the site on which a row's answers do not change:
// the whole site outside the row's scope paths (the root, path ""), or
// one scope path without the deeper ones.
type region struct {
	path    string // "" for the root
	parent  int    // index of the enclosing region, -1 for the root
	witness string // a URL path inside the region and in no deeper one
}

// regionsOf returns the root and one region per distinct path, parents
// before children (by length, then bytes). Paths nest by prefix; ACAP's
// case folding nests them alike (Validate sees to it).
func regionsOf(paths []string) []region {
	ps := append([]string(nil), paths...)
	sort.Slice(ps, func(i, j int) bool {
		if len(ps[i]) != len(ps[j]) {
			return len(ps[i]) < len(ps[j])
		}
		return ps[i] < ps[j]
	})
	out := []region{{parent: -1}}
	for _, p := range ps {
		if p == out[len(out)-1].path {
			continue
		}
		parent := 0
		for i := len(out) - 1; i > 0; i-- {
			if strings.HasPrefix(p, out[i].path) {
				parent = i
				break
			}
		}
		out = append(out, region{path: p, parent: parent})
	}
	for i := range out {
		out[i].witness = witnessFor(out[i].path, ps, nil)
	}
	return out
}

// witnessFor returns a URL path that starts with p ("/" for the root) and
// with no longer path of paths, compared without case: p followed by the
// first of "w", "x", …, "ww", … that no deeper path begins and that ok
// accepts (nil accepts all). Past maxWitnessTries candidates that ok
// refuses, it returns the first that only the paths allow.
func witnessFor(p string, paths []string, ok func(string) bool) string {
	base := p
	if base == "" {
		base = "/"
	}
	const letters = "wxyzqjkvbgfmpdhlnrstcuaeio0123456789"
	tries := 0
	for n := 1; ; n++ {
		idx := make([]int, n)
		for {
			var b strings.Builder
			b.WriteString(base)
			for _, i := range idx {
				b.WriteByte(letters[i])
			}
			w := b.String()
			if !underDeeper(w, p, paths) {
				if ok == nil || ok(w) {
					return w
				}
				tries++
				if tries > maxWitnessTries {
					return witnessFor(p, paths, nil)
				}
			}
			k := n - 1
			for k >= 0 && idx[k] == len(letters)-1 {
				idx[k] = 0
				k--
			}
			if k < 0 {
				break
			}
			idx[k]++
		}
	}
}

func underDeeper(w, p string, paths []string) bool {
	lw := strings.ToLower(w)
	for _, q := range paths {
		if len(q) > len(p) && strings.HasPrefix(lw, strings.ToLower(q)) {
			return true
		}
	}
	return false
}

// maxWitnessTries bounds the search for a witness that a file's other
// lines leave alone.
const maxWitnessTries = 4000

// scopePaths lists the scope paths of the rows' cells.
func scopePaths(rows ...*Row) []string {
	var out []string
	for _, r := range rows {
		for _, c := range r.Cells {
			for _, s := range c.Scopes {
				out = append(out, s.Path)
			}
		}
	}
	return out
}

// purpose is a per-purpose product token: it fetches nothing and speaks
// for its operator's use of what the operator's crawlers fetch. This
// mirrors how the engine's today kind reads Google-Extended and
// Applebot-Extended.
type purpose struct {
	token    string
	fetcher  string
	prefixes []string // lower-case prefixes of the crawler names it speaks for
	cats     []policy.Category
	governs  string
}

func purposes() []purpose {
	return []purpose{
		{token: "Google-Extended", fetcher: "Googlebot", prefixes: []string{"googlebot", "googleother"},
			cats:    []policy.Category{policy.CategoryTrainAI, policy.CategoryAIInput},
			governs: "training of Gemini models and grounding in Gemini Apps and the Vertex AI API, together"},
		{token: "Applebot-Extended", fetcher: "Applebot", prefixes: []string{"applebot"},
			cats:    []policy.Category{policy.CategoryTrainAI},
			governs: "training of Apple's foundation models only"},
	}
}

// purposeOf returns the per-purpose token a crawler name is, if any.
func purposeOf(name string) (purpose, bool) {
	for _, p := range purposes() {
		if strings.EqualFold(name, p.token) {
			return p, true
		}
	}
	return purpose{}, false
}

// speaksFor reports whether p speaks for crawler name (not p itself).
func (p purpose) speaksFor(name string) bool {
	low := strings.ToLower(name)
	if low == strings.ToLower(p.token) {
		return false
	}
	for _, x := range p.prefixes {
		if strings.HasPrefix(low, x) {
			return true
		}
	}
	return false
}

func (p purpose) has(c policy.Category) bool {
	for _, x := range p.cats {
		if x == c {
			return true
		}
	}
	return false
}

// rowPlan is what Write writes for a row and Prove expects of it.
type rowPlan struct {
	row      *Row
	index    int
	regions  []region
	crawlers []string // the tokens written in the row's group and record (no per-purpose tokens)
	purposes []string // the per-purpose tokens the row lists
	denied   []bool   // per region: crawling is refused there
}

// purposePlan is the group written for a per-purpose token.
type purposePlan struct {
	p       purpose
	sources []int // rows that speak for it (the token's own row, rows of crawlers it speaks for)
	regions []region
	denied  []bool // per region: the token's group disallows
}

// plan is everything Write decides from an intent.
type plan struct {
	rows     []rowPlan
	purposes []purposePlan
	// carried are the lines of the existing file's groups that go on in
	// the builder's groups, by lower-case crawler name (see keep).
	carried map[string][]carriedLine
}

func makePlan(in *Intent) *plan {
	pl := &plan{}
	for i := range in.Rows {
		r := &in.Rows[i]
		rp := rowPlan{row: r, index: i, regions: regionsOf(scopePaths(r))}
		for _, c := range r.Tokens() {
			if _, ok := purposeOf(c); ok {
				rp.purposes = append(rp.purposes, c)
			} else {
				rp.crawlers = append(rp.crawlers, c)
			}
		}
		for _, g := range rp.regions {
			rp.denied = append(rp.denied, crawlDenied(r, g.witness))
		}
		pl.rows = append(pl.rows, rp)
	}
	for _, p := range purposes() {
		pp := purposePlan{p: p}
		var srcRows []*Row
		for i := range in.Rows {
			for _, c := range in.Rows[i].Tokens() {
				if strings.EqualFold(c, p.token) || p.speaksFor(c) {
					pp.sources = append(pp.sources, i)
					srcRows = append(srcRows, &in.Rows[i])
					break
				}
			}
		}
		if len(pp.sources) == 0 {
			continue
		}
		pp.regions = regionsOf(scopePaths(srcRows...))
		for _, g := range pp.regions {
			pp.denied = append(pp.denied, purposeDenies(p, srcRows, g.witness))
		}
		pl.purposes = append(pl.purposes, pp)
	}
	return pl
}

// crawlDenied decides whether the row's crawlers are disallowed at path:
// an ACAP crawl cell decides when it states a value; otherwise crawling is
// refused where every use of the row is refused and no column says yes.
func crawlDenied(r *Row, path string) bool {
	switch r.At(UsageColumn(policy.UsageCrawl), path) {
	case Yes:
		return false
	case No:
		return true
	}
	for _, c := range r.Cells {
		if c.At(path) == Yes {
			return false
		}
	}
	uses := r.Uses
	if len(uses) == 0 {
		uses = policy.Categories()
	}
	for _, u := range uses {
		if r.At(CategoryColumn(u), path) != No {
			return false
		}
	}
	return true
}

// purposeDenies decides whether a per-purpose token's group disallows
// path: every row that speaks for it refuses every category it speaks
// for there. A Disallow there refuses all of them at once, so where the
// rows refuse one and not another the group cannot say it.
func purposeDenies(p purpose, rows []*Row, path string) bool {
	for _, r := range rows {
		for _, c := range p.cats {
			if r.At(CategoryColumn(c), path) != No {
				return false
			}
		}
	}
	return true
}

// deniedAt returns the plan's crawl decision for a path of any region set.
func deniedAt(regions []region, denied []bool, path string) bool {
	best, v := -1, false
	for i, g := range regions {
		if len(g.path) > best && strings.HasPrefix(path, g.path) {
			best, v = len(g.path), denied[i]
		}
	}
	return v
}
