package intent

import (
	"strconv"
	"strings"

	"github.com/acap-workbench/workbench/policy"
	"github.com/acap-workbench/workbench/policy/internal/obey"
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
	// NotProved: a check over every path that the bound on its work
	// stopped (Check.Reason says so): nothing is claimed.
	NotProved
)

// String returns "✓", "✗", "not expressible" or "not proved".
func (s Status) String() string {
	switch s {
	case Proved:
		return "✓"
	case Differs:
		return "✗"
	case NotProved:
		return "not proved"
	}
	return "not expressible"
}

// Check is one line of the proof: one row, one column, one scope, one
// kind of crawler, every crawler of the row asked at the witness; or, with
// AllPaths, one row and one kind over every path.
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
	// AllPaths marks the check that crawl is decided as before on every
	// path (Column is crawl, Scope and Outside are empty): as the file
	// given to Write decided it, except where the row refuses crawling
	// and for the whole site, which the intent decides. Witness is then
	// the path of the mismatch, if any.
	AllPaths bool
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
	before  *policy.File   // the file given to Write, without its lines for the whole site
	was     *policy.Policy // before, read
	other   string
	otherOK bool
	out     []Check

	wasCrawl map[wasKey]bool // crawlable's answers
	unlike   map[unlikeKey]bool
	work     int // what is left of keptProofWork
	yield    func()
	buf      []policy.Answer
}

// Prove reads a file (after) as every kind of crawler does and compares,
// for every row, column, scope and kind that can read it, the engine's
// answer with the intent: crawl as RFC 9309, the 1996 draft, the 1994
// convention, the 2.0.0 proposal, ACAP and today's crawlers read it;
// today's categories as today's crawlers read them, and search and
// train-ai also as ACAP crawlers read the usages that stand for them;
// ACAP usages as ACAP crawlers read them. Every crawler of a row is asked
// (for the row of every other crawler, the file's OtherCrawler name); a
// check is ✓ only when all of them answer as intended.
//
// before is the file Write was given (nil for none). The intent decides
// crawling of the whole site and refuses it where a row refuses every use;
// elsewhere a row's crawlers crawl as they did in before, whose lines for
// parts of the site their groups keep, and a category the intent does not
// state is what before said of it. The checks at a witness expect that,
// and for each row and each kind that reads groups (RFC 9309, today's, the
// 1996 draft, the 1994 convention, the 2.0.0 proposal) a check over every
// path (AllPaths) proves it for crawl with policy.CompareKept.
func Prove(in *Intent, before, after *policy.File) (*Proof, error) {
	return ProveYielding(in, before, after, nil)
}

// ProveYielding is Prove calling yield now and then (between checks, and
// in the searches over every path), for a page that runs it in a
// goroutine and lets the page draw there (see policy.CompareOptions.Yield).
// The proof does not depend on it.
func ProveYielding(in *Intent, before, after *policy.File, yield func()) (*Proof, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	if yield == nil {
		yield = func() {}
	}
	a := &asker{yield: yield, in: in, pl: makePlan(in), f: after, pol: policy.NewPolicy(after), wasCrawl: map[wasKey]bool{}, work: keptProofWork, unlike: map[unlikeKey]bool{}}
	a.before = withoutWholeSite(before)
	a.was = policy.NewPolicy(a.before)
	a.other, a.otherOK = after.OtherCrawler()
	pats := filePatterns(after)
	for i := range a.pl.rows {
		rp := &a.pl.rows[i]
		rewitness(rp.regions, scopePaths(rp.row), pats)
		kept := a.proveKept(rp)
		for gi := range rp.regions {
			a.yield()
			a.proveRegion(rp, gi)
		}
		a.out = append(a.out, kept...)
	}
	return &Proof{Checks: a.out}, nil
}

// withoutWholeSite returns the file with each Allow or Disallow line for
// the whole site ("/", "*", "/*") written as "Disallow:", which refuses
// nothing and still ends a run of User-agent lines: what the crawlers the
// intent names obeyed, but for the whole site, which the intent decides.
// nil gives an empty file.
func withoutWholeSite(f *policy.File) *policy.File {
	if f == nil {
		return policy.MustParse("")
	}
	var b []byte
	last := 0
	for _, fd := range f.Fields {
		if (fd.Kind != policy.FieldAllow && fd.Kind != policy.FieldDisallow) || !obey.WholeSite(fd.Value.Text) {
			continue
		}
		l := f.Line(fd.Line)
		b = append(b, f.Src[last:l.Start]...)
		b = append(b, "Disallow:"...)
		last = l.End
	}
	if last == 0 {
		return f
	}
	b = append(b, f.Src[last:]...)
	g, err := policy.Parse(f.Name, b)
	if err != nil {
		return f
	}
	return g
}

// keptKinds are the kinds whose crawl the check over every path proves.
var keptKinds = []policy.Kind{policy.KindRFC9309, policy.KindToday, policy.KindDraft1996, policy.KindREP1994, policy.KindV2Proposal}

// The bounds on the work of the checks over every path (see
// policy.CompareKept): of each search, and of all those of one proof
// (taken row by row, kind by kind, in the proof's order; the searches
// past it claim nothing). Most files need a few thousand steps a search;
// files with many patterns of several wildcards can need millions, about
// a second natively.
const (
	keptSearchWork = 1000000
	keptProofWork  = 3000000
)

// proveKept checks, for the row's crawlers (and the per-purpose tokens
// whose group the row is the first to speak for) and each kind that reads
// groups, over every path, that crawl is decided as in before (without
// its lines for the whole site) except where the intent refuses crawling.
// Today's crawlers ask a token's crawl as its fetcher's: tokens are not
// asked there. Where an older kind gave a crawler other lines than RFC 9309
// before (policy.KeepResult.Unlike9309), the builder's group, which keeps
// what RFC 9309 crawlers read, cannot keep that kind's answers too: the
// check says so (not expressible), with the difference it found.
func (a *asker) proveKept(rp *rowPlan) []Check {
	type spec struct {
		policy.KeepSpec
		token bool
	}
	var specs []spec
	add := func(names []string, regs []region, denied []bool, token bool) {
		var paths []string
		var refuse []bool
		for i, g := range regs {
			paths = append(paths, pathOr(g.path))
			refuse = append(refuse, denied[i])
		}
		for _, n := range names {
			specs = append(specs, spec{policy.KeepSpec{Crawler: n, Paths: paths, Refuse: refuse}, token})
		}
	}
	if !rp.row.Any() || a.otherOK {
		add(a.names(rp), rp.regions, rp.denied, false)
	}
	for _, pp := range a.pl.purposes {
		if pp.sources[0] == rp.index {
			add([]string{pp.p.token}, pp.regions, pp.denied, true)
		}
	}
	var out []Check
	for _, k := range keptKinds {
		var ks []policy.KeepSpec
		for _, sp := range specs {
			if sp.token && k == policy.KindToday {
				continue
			}
			if k == policy.KindREP1994 || k == policy.KindV2Proposal {
				sp.KeepSpec = refuseUnder(sp.KeepSpec)
			}
			ks = append(ks, sp.KeepSpec)
		}
		if len(ks) == 0 {
			continue
		}
		out = append(out, a.keptChecks(rp, k, ks)...)
	}
	return out
}

// keptChecks runs the check over every path for one kind: one check ✓,
// or one ✗ per witness path, one for the crawlers not expressible in the
// kind, one for those the bound stopped.
func (a *asker) keptChecks(rp *rowPlan, k policy.Kind, specs []policy.KeepSpec) []Check {
	base := Check{Row: rp.index, RowName: rowTitle(rp), Column: UsageColumn(policy.UsageCrawl), Kind: k, AllPaths: true,
		Want: "as before, not allowed where the intent refuses crawling"}
	if k == policy.KindREP1994 || k == policy.KindV2Proposal {
		base.Want += " (nor under such a path: this kind knows no Allow)"
	}
	var out []Check
	at := map[string]int{}
	unlike := base
	unlike.Status, unlike.Help = NotExpressible, "kinds"
	unlike.Reason = unlikeReason(k)
	var stopped []string
	mismatch := func(r *policy.KeepResult) Mismatch {
		m := Mismatch{Crawler: r.Crawler, URL: r.Path, Got: allowedWord(r.After), Line: r.Line}
		if r.Line > 0 {
			m.LineText = a.f.LineText(r.Line)
		}
		return m
	}
	work := min(keptSearchWork, a.work)
	var results []policy.KeepResult
	if work > 0 {
		results = policy.CompareKept(a.was, a.pol, k, specs, policy.KeepOptions{MaxWork: work, Yield: a.yield})
	} else {
		for _, sp := range specs {
			results = append(results, policy.KeepResult{Crawler: sp.Crawler})
		}
	}
	for _, r := range results {
		a.work -= r.Work
		switch {
		case r.Unlike9309:
			a.unlike[unlikeKey{k, r.Crawler}] = true
			unlike.Crawlers = append(unlike.Crawlers, r.Crawler)
			if r.Path != "" && (unlike.Witness == "" || unlike.Witness == r.Path) {
				unlike.Witness = r.Path
				unlike.Mismatches = append(unlike.Mismatches, mismatch(&r))
			}
		case r.Path != "":
			i, ok := at[r.Path]
			if !ok {
				i = len(out)
				at[r.Path] = i
				c := base
				c.Status, c.Witness = Differs, r.Path
				switch {
				case !r.Want && r.Before:
					c.Want = "not allowed: the intent refuses crawling here"
				case r.BeforeLine > 0:
					c.Want = allowedWord(r.Want) + ", as before (line " + strconv.Itoa(r.BeforeLine) + " of the file as it was: " + strings.TrimSpace(a.before.LineText(r.BeforeLine)) + ")"
				default:
					c.Want = allowedWord(r.Want) + ", as before (no line of the file as it was decided)"
				}
				out = append(out, c)
			}
			out[i].Crawlers = append(out[i].Crawlers, r.Crawler)
			out[i].Mismatches = append(out[i].Mismatches, mismatch(&r))
		case !r.Proved:
			stopped = append(stopped, r.Crawler)
		default:
			base.Crawlers = append(base.Crawlers, r.Crawler)
		}
	}
	if len(base.Crawlers) > 0 {
		out = append([]Check{base}, out...)
	}
	if len(stopped) > 0 {
		c := base
		c.Crawlers, c.Status = stopped, NotProved
		c.Reason = "the search over every path stopped at the bound on its work (" + strconv.Itoa(keptSearchWork) + " steps a search, " + strconv.Itoa(keptProofWork) + " for the whole proof): nothing is claimed for these crawlers"
		out = append(out, c)
	}
	if len(unlike.Crawlers) > 0 {
		out = append(out, unlike)
	}
	return out
}

// refuseUnder refuses, in a spec, the paths that lie under a path it
// refuses: the 1994 convention knows no Allow, so a crawler that reads it
// is kept out of them (the checks at a witness say that the intent cannot
// be said there).
func refuseUnder(sp policy.KeepSpec) policy.KeepSpec {
	out := sp
	out.Refuse = append([]bool(nil), sp.Refuse...)
	for i, p := range sp.Paths {
		for j, q := range sp.Paths {
			if sp.Refuse[j] && len(q) < len(p) && strings.HasPrefix(p, q) {
				out.Refuse[i] = true
			}
		}
	}
	return out
}

// unlikeKey names a crawler for which an older kind reads other lines than
// RFC 9309 (policy.KeepResult.Unlike9309).
type unlikeKey struct {
	k    policy.Kind
	name string
}

// unlikeReason says why a check of an older kind is not expressible for
// such a crawler.
func unlikeReason(k policy.Kind) string {
	return "the " + k.Title() + " gives these crawlers other lines than RFC 9309 crawlers read, before or after writing: another crawler's record, chosen by part of the name and coming first (Baiduspider's for Spider, Googlebot-Image's for Googlebot), or only the first of several groups (its records end at a blank line). The builder's group keeps what RFC 9309 crawlers read, so this kind's answers may differ"
}

func pathOr(p string) string {
	if p == "" {
		return "/"
	}
	return p
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
// 9309 does, and is checked over every path by proveKept). Where the row
// does not refuse crawling, each crawler is to crawl as it did before
// (crawlable): a yes allows a use where the site lets the crawler crawl.
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
	w := rp.regions[gi].witness
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
		want := map[string]bool{}
		var plain, unlike []string
		for _, n := range names {
			want[n] = !denied && a.crawlable(k, n, w)
			if a.unlike[unlikeKey{k, n}] {
				unlike = append(unlike, n)
			} else {
				plain = append(plain, n)
			}
		}
		if !denied {
			c.Want = a.keptWords(want, "allowed", "not allowed")
		}
		good := func(n string, ans *policy.Answer) bool { return ans.Allowed == want[n] }
		q := policy.Question{Kind: k, Usage: policy.UsageCrawl}
		if len(plain) > 0 {
			cc := c
			a.ask(&cc, plain, q, good, allowedWords)
		}
		if len(unlike) > 0 {
			cc := c
			cc.Status, cc.Reason, cc.Help = NotExpressible, unlikeReason(k), "kinds"
			a.ask(&cc, unlike, q, good, allowedWords)
		}
	}
}

// crawlable reports whether the crawler crawled w before, as kind k reads
// the file given to Write without its lines for the whole site (ACAP as
// RFC 9309: the builder's ACAP record allows crawl wherever the row does
// not refuse it, and a narrower conventional line decides for ACAP
// crawlers too).
func (a *asker) crawlable(k policy.Kind, name, w string) bool {
	if k == policy.KindACAP {
		k = policy.KindRFC9309
	}
	key := wasKey{k, name, w}
	v, ok := a.wasCrawl[key]
	if !ok {
		a.buf = a.was.Batch(policy.Question{Kind: k, Usage: policy.UsageCrawl}, []string{name}, []string{w}, a.buf[:0])
		v = a.buf[0].Allowed
		a.wasCrawl[key] = v
	}
	return v
}

// wasKey is a question about crawl asked of the file given to Write.
type wasKey struct {
	k       policy.Kind
	name, w string
}

// keptWords says what a check wants when the crawlers are to answer as
// before: yes for all, no for all (the file keeps them out there), or it
// depends on the crawler.
func (a *asker) keptWords(want map[string]bool, yes, no string) string {
	all, none := true, true
	for _, v := range want {
		all, none = all && v, none && !v
	}
	switch {
	case all:
		return yes
	case none:
		return no + ": the file's own lines keep these crawlers out here, as before"
	}
	return yes + " where the crawler crawled before, else " + no
}

// proveCategory checks one of today's categories as today's crawlers read
// it, and search and train-ai as ACAP crawlers read their usages. A
// crawler the file keeps out of the witness (as before) is to read "not
// crawled"; a category the row does not state is to read what the file
// given to Write said of it there.
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
	wants := map[string]policy.Preference{}
	for _, n := range names {
		switch {
		case denied:
			wants[n] = want
		case !a.crawlable(policy.KindToday, n, g.witness):
			wants[n] = policy.PrefNotCrawled
		case v == NotStated:
			wants[n] = a.was.Decide(policy.Question{Crawler: n, URL: g.witness, Kind: policy.KindToday, Category: cat}).Preference
		default:
			wants[n] = want
		}
	}
	good := func(n string, ans *policy.Answer) bool { return ans.Preference == wants[n] }
	c := base
	c.Kind, c.Want = policy.KindToday, a.prefWant(wants, want)
	plain, special := a.splitToday(rp, gi, cat, v, names)
	if len(plain) > 0 {
		cc := c
		if denied && v == Yes {
			cc.Status, cc.Reason = NotExpressible, "crawling is refused here (the row's crawl cell says no), so no use can be allowed"
		}
		a.ask(&cc, plain, policy.Question{Kind: policy.KindToday, Category: cat}, good, prefWords)
	}
	for _, s := range special {
		cc := c
		cc.Status, cc.Reason, cc.Help = NotExpressible, s.reason, "today"
		a.ask(&cc, s.names, policy.Question{Kind: policy.KindToday, Category: cat}, good, prefWords)
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

// prefWant says the preference a check wants: the intent's, or, where the
// crawlers are to read what they read before, each one's.
func (a *asker) prefWant(wants map[string]policy.Preference, intent policy.Preference) string {
	var first policy.Preference
	same := true
	i := 0
	for _, p := range wants {
		if i == 0 {
			first = p
		}
		same = same && p == first
		i++
	}
	switch {
	case !same:
		return intent.Title() + " where the crawler may crawl and the intent states it, else as before"
	case i > 0 && first != intent && first == policy.PrefNotCrawled:
		return first.Title() + ": the file's own lines keep these crawlers out here, as before"
	case i > 0 && first != intent:
		return first.Title() + " (as before: the intent does not state it)"
	}
	return intent.Title()
}

// proveUsage checks one ACAP usage as ACAP crawlers read it: allowed
// where the row says yes and the crawler may crawl (as before, and not
// refused by the row); every ACAP usage needs crawl.
func (a *asker) proveUsage(base *Check, names []string, u policy.Usage, v Value, denied bool) {
	c := *base
	c.Kind, c.Usage = policy.KindACAP, u
	want := map[string]bool{}
	for _, n := range names {
		want[n] = v == Yes && !denied && a.crawlable(policy.KindACAP, n, c.Witness)
	}
	c.Want = allowedWord(v == Yes && !denied)
	if v == Yes && !denied {
		c.Want = a.keptWords(want, "allowed", "not allowed")
	}
	if denied && v == Yes {
		c.Status, c.Reason = NotExpressible, "crawling is refused here, and every ACAP usage needs crawl"
	}
	a.ask(&c, names, policy.Question{Kind: policy.KindACAP, Usage: u}, func(n string, ans *policy.Answer) bool {
		return ans.Allowed == want[n]
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
			// but what it refused before (its answer for the category is
			// then its fetcher's).
			want := a.crawlable(policy.KindRFC9309, tok, w)
			c.Kind, c.Want = policy.KindRFC9309, "its group refuses nothing: allowed"
			if !want {
				c.Want = "not allowed: the file's own lines refuse it here, as before"
			}
			a.ask(&c, []string{tok}, policy.Question{Kind: policy.KindRFC9309, Usage: policy.UsageCrawl}, func(_ string, ans *policy.Answer) bool {
				return ans.Allowed == want
			}, allowedWords)
			continue
		}
		c.Want = accept[0].Title()
		a.ask(&c, []string{tok}, policy.Question{Kind: policy.KindToday, Category: cat}, func(_ string, ans *policy.Answer) bool {
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
func (a *asker) ask(c *Check, names []string, q policy.Question, good func(string, *policy.Answer) bool, words func(*policy.Answer) string) {
	c.Crawlers = names
	a.buf = a.pol.Batch(q, names, []string{c.Witness}, a.buf[:0])
	for i, n := range names {
		ans := &a.buf[i]
		if good(n, ans) {
			continue
		}
		m := Mismatch{Crawler: n, URL: c.Witness, Got: words(ans), Line: ans.Line, File: ans.File}
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
	if c.AllPaths {
		b.WriteString(" | every path | " + c.Kind.String() + " | " + c.Want)
	} else {
		b.WriteString(" | " + scope + " (" + c.Witness + ") | " + c.Kind.String() + " | intent " + c.Intent.String() + ": " + c.Want)
	}
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
