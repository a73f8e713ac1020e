package intent

import (
	"strconv"
	"strings"

	"github.com/acap-workbench/workbench/policy"
)

// Status is the verdict of one check.
type Status uint8

// The verdicts.
const (
	// Proved: every crawler of the row gets the intended answer.
	Proved Status = iota
	// Differs: some crawler gets another answer (Check.Mismatches).
	Differs
	// NotExpressible: no line of the vocabulary read by that kind can say
	// the intent for that crawler (Check.Reason says why); the engine's
	// answers are still listed where they differ from the intent.
	NotExpressible
)

// String returns "✓", "✗" or "not expressible".
func (s Status) String() string {
	switch s {
	case Proved:
		return "✓"
	case Differs:
		return "✗"
	}
	return "not expressible"
}

// Check is one line of the proof: one row, one column, one scope, one
// kind of crawler, every crawler of the row asked at the witness.
type Check struct {
	Row     int // index into Intent.Rows
	RowName string
	Column  Column
	// Usage is the ACAP usage asked for a category when Kind is ACAP
	// (index for search, preserve for train-ai, ...); UsageNone otherwise.
	Usage policy.Usage
	// Scope is the scope path ("" for the site outside the row's scopes);
	// Witness a URL path inside it and in no deeper scope; Outside the
	// witness of the enclosing scope ("" for the whole site), whose own
	// check, in the same proof, gives the answer just outside this scope.
	Scope, Witness, Outside string
	Kind                    policy.Kind
	// Intent is the cell's value at the witness (for crawl: the builder's
	// decision, yes or no); Want the answer that says it.
	Intent Value
	Want   string
	// Crawlers are the names asked: the row's product tokens, or for the
	// row of every other crawler the file's File.OtherCrawler name.
	Crawlers   []string
	Status     Status
	Mismatches []Mismatch
	// Reason says, for NotExpressible, why and what would say it; Help
	// names the help page that explains it.
	Reason, Help string
}

// Mismatch is one crawler's answer that differs from the intent.
type Mismatch struct {
	Crawler string
	URL     string
	Got     string
	// Line is the deciding line (0 when nothing matched), LineText its
	// text; File names another file reached through a reference.
	Line     int
	LineText string
	File     string
}

// Proof is the table Prove returns.
type Proof struct {
	Checks []Check
}

// OK reports whether no check is a mismatch (checks that are not
// expressible are listed, not counted as failures).
func (p *Proof) OK() bool {
	for _, c := range p.Checks {
		if c.Status == Differs {
			return false
		}
	}
	return true
}

// Count returns how many checks have status s.
func (p *Proof) Count(s Status) int {
	n := 0
	for _, c := range p.Checks {
		if c.Status == s {
			n++
		}
	}
	return n
}

// asker decides the questions of one proof.
type asker struct {
	in      *Intent
	pl      *plan
	f       *policy.File
	pol     *policy.Policy
	other   string
	otherOK bool
	out     []Check
}

// Prove reads the file as every kind of crawler does and compares, for
// every row, column, scope and kind that can read it, the engine's answer
// with the intent: crawl as RFC 9309, the 1996 draft, the 1994
// convention, the 2.0.0 proposal, ACAP and today's crawlers read it;
// today's categories as today's crawlers read them, and search and
// train-ai also as ACAP crawlers read the usages that stand for them;
// ACAP usages as ACAP crawlers read them. Every crawler of a row is asked
// (for the row of every other crawler, the file's OtherCrawler name); a
// check is ✓ only when all of them answer as intended.
func Prove(in *Intent, f *policy.File) (*Proof, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	a := &asker{in: in, pl: makePlan(in), f: f, pol: policy.NewPolicy(f)}
	a.other, a.otherOK = f.OtherCrawler()
	pats := filePatterns(f)
	for i := range a.pl.rows {
		rp := &a.pl.rows[i]
		rewitness(rp.regions, scopePaths(rp.row), pats)
		for gi := range rp.regions {
			a.proveRegion(rp, gi)
		}
	}
	return &Proof{Checks: a.out}, nil
}

// filePatterns compiles the paths of the file's Allow, Disallow,
// Content-Usage, Content-Signal and ACAP permission lines, each once.
func filePatterns(f *policy.File) []policy.Pattern {
	type key struct {
		raw  string
		acap bool
	}
	seen := map[key]bool{}
	var out []policy.Pattern
	add := func(raw string, acap bool) {
		if raw == "" || seen[key{raw, acap}] {
			return
		}
		seen[key{raw, acap}] = true
		mode := policy.MatchRFC9309
		if acap {
			mode = policy.MatchACAP
		}
		out = append(out, policy.CompilePattern(raw, mode))
	}
	for _, fd := range f.Fields {
		switch {
		case fd.Kind == policy.FieldAllow || fd.Kind == policy.FieldDisallow:
			add(fd.Value.Text, false)
		case fd.Kind == policy.FieldContentUsage || fd.Kind == policy.FieldContentSignal:
			if v := fd.Value.Text; strings.HasPrefix(v, "/") {
				add(strings.FieldsFunc(v, func(r rune) bool { return r == ' ' || r == '\t' })[0], false)
			}
		case fd.Kind.IsACAPRule():
			add(fd.Pattern().Text, true)
		}
	}
	return out
}

// rewitness chooses each region's witness again so that no line of the
// file matches it other than those for the whole site, the region's path
// and the paths of the regions around it: a witness inside a path the
// publisher's own lines speak of (carried into the builder's groups, or
// of another group) would be answered by those lines, not by the intent.
func rewitness(regs []region, paths []string, pats []policy.Pattern) {
	for i := range regs {
		own := map[string]bool{"": true, "/": true}
		for j := i; j >= 0; j = regs[j].parent {
			own[regs[j].path] = true
		}
		regs[i].witness = witnessFor(regs[i].path, paths, func(w string) bool {
			subj := policy.NewSubject(w)
			for k := range pats {
				if !own[pats[k].Raw()] && pats[k].Match(&subj) {
					return false
				}
			}
			return true
		})
	}
}

// names returns the crawler names a row is asked as.
func (a *asker) names(rp *rowPlan) []string {
	if rp.row.Any() {
		return []string{a.other}
	}
	return rp.crawlers
}

func (a *asker) proveRegion(rp *rowPlan, gi int) {
	g := rp.regions[gi]
	base := Check{Row: rp.index, RowName: rowTitle(rp), Scope: g.path, Witness: g.witness}
	if g.parent >= 0 {
		base.Outside = rp.regions[g.parent].witness
	}
	names := a.names(rp)
	if rp.row.Any() && !a.otherOK {
		c := base
		c.Column, c.Kind, c.Status = UsageColumn(policy.UsageCrawl), policy.KindRFC9309, NotExpressible
		c.Reason = "every one-character name is a crawler of this file, so no name asks for every other crawler"
		a.out = append(a.out, c)
		return
	}
	if len(names) > 0 {
		a.proveCrawl(rp, gi, base, names)
		for _, cat := range policy.Categories() {
			a.proveCategory(rp, gi, base, names, cat)
		}
		a.proveACAP(rp, gi, base, names)
	}
	for _, tok := range rp.purposes {
		p, _ := purposeOf(tok)
		a.provePurpose(rp, gi, base, tok, p)
	}
}

// proveCrawl checks crawl in every kind but today's (which crawls as RFC
// 9309 does).
func (a *asker) proveCrawl(rp *rowPlan, gi int, base Check, names []string) {
	denied := rp.denied[gi]
	base.Column, base.Intent, base.Want = UsageColumn(policy.UsageCrawl), Yes, "allowed"
	if denied {
		base.Intent, base.Want = No, "not allowed"
	}
	needsAllow := false // allowed inside a disallowed path: only an Allow line says it
	for j := rp.regions[gi].parent; j >= 0 && !denied; j = rp.regions[j].parent {
		needsAllow = needsAllow || rp.denied[j]
	}
	for _, k := range policy.Kinds() {
		if k == policy.KindToday {
			continue
		}
		c := base
		c.Kind = k
		if needsAllow && (k == policy.KindREP1994 || k == policy.KindV2Proposal) {
			c.Status = NotExpressible
			c.Reason = "the 1994 convention (which the 2.0.0 proposal follows for records without Robot-version 2) knows only Disallow: it cannot allow a path inside a disallowed one"
			c.Help = "kinds"
		}
		a.ask(&c, names, policy.Question{Kind: k, Usage: policy.UsageCrawl}, func(ans *policy.Answer) bool {
			return ans.Allowed == !denied
		}, allowedWords)
	}
}

// proveCategory checks one of today's categories as today's crawlers read
// it, and search and train-ai as ACAP crawlers read their usages.
func (a *asker) proveCategory(rp *rowPlan, gi int, base Check, names []string, cat policy.Category) {
	g := rp.regions[gi]
	v := rp.row.At(CategoryColumn(cat), g.witness)
	denied := rp.denied[gi]
	base.Column, base.Intent = CategoryColumn(cat), v
	want := policy.PrefUnstated
	switch {
	case denied:
		want = policy.PrefNotCrawled
	case v == Yes:
		want = policy.PrefAllowed
	case v == No:
		want = policy.PrefDisallowed
	}
	c := base
	c.Kind, c.Want = policy.KindToday, want.Title()
	plain, special := a.splitToday(rp, gi, cat, v, names)
	if len(plain) > 0 {
		cc := c
		if denied && v == Yes {
			cc.Status, cc.Reason = NotExpressible, "crawling is refused here (the row's crawl cell says no), so no use can be allowed"
		}
		a.ask(&cc, plain, policy.Question{Kind: policy.KindToday, Category: cat}, func(ans *policy.Answer) bool {
			return ans.Preference == want
		}, prefWords)
	}
	for _, s := range special {
		cc := c
		cc.Status, cc.Reason, cc.Help = NotExpressible, s.reason, "today"
		a.ask(&cc, s.names, policy.Question{Kind: policy.KindToday, Category: cat}, func(ans *policy.Answer) bool {
			return ans.Preference == want
		}, prefWords)
	}
	if cat == policy.CategoryAIInput {
		if v != NotStated {
			cc := base
			cc.Kind, cc.Want, cc.Status, cc.Help = policy.KindACAP, "no ACAP usage", NotExpressible, "today"
			cc.Crawlers = names
			cc.Reason = "ACAP has no usage for putting content into AI models to answer; the ACAP records say nothing about ai-input"
			a.out = append(a.out, cc)
		}
		return
	}
	if v == NotStated {
		return // ACAP has no "no preference": its answer is the any-crawler record's or its default
	}
	for _, u := range policy.ACAPUsagesFor(cat)[:2] {
		if rp.row.At(UsageColumn(u), g.witness) != NotStated {
			continue // the row's own cell for the usage says it, and is checked there
		}
		a.proveUsage(&base, names, u, v, denied)
	}
}

// proveUsage checks one ACAP usage as ACAP crawlers read it.
func (a *asker) proveUsage(base *Check, names []string, u policy.Usage, v Value, denied bool) {
	c := *base
	c.Kind, c.Usage = policy.KindACAP, u
	want := v == Yes && !denied
	c.Want = allowedWord(want)
	if denied && v == Yes {
		c.Status, c.Reason = NotExpressible, "crawling is refused here, and every ACAP usage needs crawl"
	}
	a.ask(&c, names, policy.Question{Kind: policy.KindACAP, Usage: u}, func(ans *policy.Answer) bool {
		return ans.Allowed == want
	}, allowedWords)
}

// proveACAP checks the row's own ACAP usage cells (crawl is checked with
// the crawl checks).
func (a *asker) proveACAP(rp *rowPlan, gi int, base Check, names []string) {
	g := rp.regions[gi]
	for _, cell := range rp.row.Cells {
		u := cell.Column.Usage
		if u == policy.UsageNone || u == policy.UsageCrawl {
			continue
		}
		v := cell.At(g.witness)
		if v == NotStated {
			continue
		}
		c := base
		c.Column, c.Intent = cell.Column, v
		a.proveUsage(&c, names, u, v, rp.denied[gi])
	}
}

// special is a set of crawlers for which a category cannot be said as the
// intent asks, and why.
type special struct {
	names  []string
	reason string
}

// splitToday separates the crawlers whose category the file cannot say as
// asked: Google's Search AI features (ai-input) follow Googlebot's crawl
// and the pages' snippet controls, not a robots.txt line; a per-purpose
// token refuses all of its categories at once, so it cannot refuse one
// and not another.
func (a *asker) splitToday(rp *rowPlan, gi int, cat policy.Category, v Value, names []string) (plain []string, sp []special) {
	if v != No || rp.denied[gi] || rp.row.Any() {
		return names, nil
	}
	w := rp.regions[gi].witness
	var google, split []string
	for _, n := range names {
		low := strings.ToLower(n)
		switch {
		case cat == policy.CategoryAIInput && strings.HasPrefix(low, "googlebot"):
			google = append(google, n)
		case a.tokenCannotRefuse(n, cat, w):
			split = append(split, n)
		default:
			plain = append(plain, n)
		}
	}
	if len(google) > 0 {
		sp = append(sp, special{names: google, reason: "Google's AI features in Search (AI Overviews, AI Mode) follow Googlebot's crawl and the page's snippet controls, not a robots.txt line: to keep pages out of them while Googlebot crawls, give them <meta name=\"googlebot\" content=\"nosnippet\"> (or max-snippet:0). The file says ai-input=no in Content-Signal, and Google-Extended covers Gemini Apps and the Vertex AI API"})
	}
	if len(split) > 0 {
		sp = append(sp, special{names: split, reason: "the per-purpose token speaking for these crawlers refuses all its categories at once, and the intent refuses " + cat.String() + " but not all of them here: only the Content-Usage / Content-Signal lines of the crawlers' group say it"})
	}
	return plain, sp
}

// tokenCannotRefuse reports whether a per-purpose token speaks for crawler
// n and category cat but its group, as written, does not refuse path w.
func (a *asker) tokenCannotRefuse(n string, cat policy.Category, w string) bool {
	for _, pp := range a.pl.purposes {
		if pp.p.speaksFor(n) && pp.p.has(cat) && !deniedAt(pp.regions, pp.denied, w) {
			return true
		}
	}
	return false
}

// provePurpose checks a per-purpose token listed in a row, asked as
// itself by today's crawlers for the categories it speaks for. Its group
// can only refuse: a yes is not expressible there.
func (a *asker) provePurpose(rp *rowPlan, gi int, base Check, tok string, p purpose) {
	w := rp.regions[gi].witness
	for _, cat := range p.cats {
		v := rp.row.At(CategoryColumn(cat), w)
		c := base
		c.Column, c.Intent, c.Kind = CategoryColumn(cat), v, policy.KindToday
		var accept []policy.Preference
		switch v {
		case No:
			accept = []policy.Preference{policy.PrefDisallowed, policy.PrefNotCrawled}
			if !a.purposeDenies(p, w) {
				c.Status, c.Help = NotExpressible, "today"
				c.Reason = p.token + "'s group refuses " + categoryWords(p.cats) + " at once, and not every row that speaks for it refuses all of them here"
			}
		case Yes:
			accept = []policy.Preference{policy.PrefAllowed}
			c.Status, c.Help = NotExpressible, "today"
			c.Reason = "a per-purpose token's group can only refuse (an Allow there states no preference): a yes for " + p.token + " is read from the group of " + p.fetcher
		}
		if v == NotStated {
			// The token states nothing: its group refuses nothing here
			// (its answer for the category is then its fetcher's).
			c.Kind, c.Want = policy.KindRFC9309, "its group refuses nothing: allowed"
			a.ask(&c, []string{tok}, policy.Question{Kind: policy.KindRFC9309, Usage: policy.UsageCrawl}, func(ans *policy.Answer) bool {
				return ans.Allowed
			}, allowedWords)
			continue
		}
		c.Want = accept[0].Title()
		a.ask(&c, []string{tok}, policy.Question{Kind: policy.KindToday, Category: cat}, func(ans *policy.Answer) bool {
			for _, x := range accept {
				if ans.Preference == x {
					return true
				}
			}
			return false
		}, prefWords)
	}
}

// purposeDenies reports whether the group written for p disallows w.
func (a *asker) purposeDenies(p purpose, w string) bool {
	for _, pp := range a.pl.purposes {
		if pp.p.token == p.token {
			return deniedAt(pp.regions, pp.denied, w)
		}
	}
	return false
}

func categoryWords(cs []policy.Category) string {
	var s []string
	for _, c := range cs {
		s = append(s, c.String())
	}
	return strings.Join(s, " and ")
}

// ask asks every name at the check's witness, records the answers that
// are not as intended, sets the status and appends the check.
func (a *asker) ask(c *Check, names []string, q policy.Question, good func(*policy.Answer) bool, words func(*policy.Answer) string) {
	c.Crawlers = names
	q.URL = c.Witness
	for _, n := range names {
		q.Crawler = n
		ans := a.pol.Decide(q)
		if good(&ans) {
			continue
		}
		m := Mismatch{Crawler: n, URL: c.Witness, Got: words(&ans), Line: ans.Line, File: ans.File}
		if ans.Line > 0 && ans.File == "" {
			m.LineText = a.f.LineText(ans.Line)
		}
		c.Mismatches = append(c.Mismatches, m)
	}
	if c.Status == Proved && len(c.Mismatches) > 0 {
		c.Status = Differs
	}
	a.out = append(a.out, *c)
}

func allowedWord(b bool) string {
	if b {
		return "allowed"
	}
	return "not allowed"
}

func allowedWords(ans *policy.Answer) string { return allowedWord(ans.Allowed) }

func prefWords(ans *policy.Answer) string {
	s := ans.Preference.Title()
	if ans.Partial {
		s += " (partial)"
	}
	return s
}

// String writes the check as one line of the table: the verdict, row,
// column (and ACAP usage asked), scope, witness and kind, the intended
// answer, then each mismatch or the reason.
func (c Check) String() string {
	var b strings.Builder
	b.WriteString(c.Status.String() + " | " + c.RowName + " | " + c.Column.String())
	if c.Usage != policy.UsageNone && c.Column.Usage != c.Usage {
		b.WriteString(" (as " + c.Usage.String() + ")")
	}
	scope := c.Scope
	if scope == "" {
		scope = "elsewhere"
	}
	b.WriteString(" | " + scope + " (" + c.Witness + ") | " + c.Kind.String() + " | intent " + c.Intent.String() + ": " + c.Want)
	for _, m := range c.Mismatches {
		b.WriteString(" | " + m.Crawler + " at " + m.URL + ": " + m.Got)
		if m.Line > 0 {
			b.WriteString(", line " + strconv.Itoa(m.Line))
			if m.File != "" {
				b.WriteString(" of " + m.File)
			}
			if m.LineText != "" {
				b.WriteString(" (" + m.LineText + ")")
			}
		} else {
			b.WriteString(", no line decides")
		}
	}
	if c.Reason != "" {
		b.WriteString(" | " + c.Reason)
	}
	return b.String()
}

// String writes the table, one check a line.
func (p *Proof) String() string {
	var b strings.Builder
	for _, c := range p.Checks {
		b.WriteString(c.String())
		b.WriteByte('\n')
	}
	return b.String()
}
