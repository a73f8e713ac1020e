package policy

import (
	"math/bits"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// CompareOptions bound the work of a comparison.
type CompareOptions struct {
	// MaxStates bounds the states explored for one crawler (0: a default
	// of 1,000,000, some 100 MB). A crawler whose comparison needs more is
	// reported as not proved.
	MaxStates int
	// Deadline, when not zero, stops the comparison at that time; the
	// crawlers not finished by then are reported as not proved.
	Deadline time.Time
	// OnlyNamed leaves out the crawler the file does not name.
	OnlyNamed bool
	// Yield, when set, is called now and then during the work (every few
	// states). An application that runs single-threaded, as
	// WebAssembly does in a browser page, can let the page draw and answer
	// input there (by sleeping briefly in a goroutine); the result does
	// not depend on it.
	Yield func()
}

// defaultMaxStates is the bound of MaxStates when none is given.
const defaultMaxStates = 1000000

// maxWitnesses is how many witnesses the report keeps per crawler, each
// with a different pair of deciding lines.
const maxWitnesses = 5

// EquivalenceReport is the comparison of two readings of crawl: the source
// kind's reading of one file and the ACAP reading of another (or the same)
// file, over every path.
type EquivalenceReport struct {
	Source   Kind
	Crawlers []string // the crawlers compared; the unnamed one is "AnyOtherCrawler"
	// Proved are the crawlers whose comparison finished: for each, either
	// the readings agree on every path, or Differences has witnesses.
	Proved []string
	// NotProved are the crawlers whose comparison the bound stopped:
	// nothing is claimed about them.
	NotProved []string
	// States counts the states of the automata explored (all crawlers).
	States int
	// Differences are witnesses: for each crawler, the shortest paths on
	// which the readings disagree, one per pair of deciding lines, up to a
	// few; those that are not about case first.
	Differences []Difference
	// More counts further witnesses (other pairs of deciding lines) left
	// out of Differences.
	More int
	// CaseCount and OtherCount count the witnesses (kept or left out) by
	// cause: differences of case, which no ACAP line can remove, and the
	// others.
	CaseCount, OtherCount int
	// srcDeciding are the lines of the original file that decide some
	// path for the source reading (complete when the proof is).
	srcDeciding map[int]bool
	// otherStates counts the states where the answers differ, not by
	// case: the repairs of Convert use it to measure progress.
	otherStates int
}

// Complete reports whether every crawler compared was proved (the zero
// report, which compared nothing, is not complete).
func (r *EquivalenceReport) Complete() bool {
	return len(r.Crawlers) > 0 && len(r.NotProved) == 0 && len(r.Proved) == len(r.Crawlers)
}

// Equivalent reports whether the readings were proved to decide crawl
// alike on every path, for every crawler compared.
func (r *EquivalenceReport) Equivalent() bool { return r.Complete() && r.CaseCount+r.OtherCount == 0 }

// OnlyCase reports whether the comparison finished and every difference it
// found comes from ACAP matching ignoring case.
func (r *EquivalenceReport) OnlyCase() bool { return r.Complete() && r.OtherCount == 0 }

// Difference is a witness: a path on which two readings decide crawl
// differently.
type Difference struct {
	Crawler    string
	Path       string
	Source     bool // the source reading's answer
	SourceLine int  // its deciding line in the original file (0: none)
	ACAP       bool // the ACAP reading's answer
	ACAPLine   int  // its deciding line in the converted file (0: none)
	// CaseOnly marks a difference that comes from ACAP matching ignoring
	// case: the ACAP answer comes from a line whose pattern matches the
	// path only when case is ignored, or from a conventional line weighed
	// against such a line. No ACAP line can restore it.
	CaseOnly bool
}

// unnamedCrawler is the crawler name used for "any other crawler".
const unnamedCrawler = "AnyOtherCrawler"

// CompareReadings compares, for every crawler old names (plus one it does
// not), how kind reads old and how an ACAP crawler reads converted, over
// every path, and reports where they differ. With converted == old it shows
// where a file's ACAP part and its conventional part disagree.
func CompareReadings(old *File, kind Kind, converted *File) EquivalenceReport {
	return CompareReadingsBounded(old, kind, converted, CompareOptions{})
}

// CompareReadingsBounded is CompareReadings with bounds on the work.
//
// The comparison is a proof. A pattern is a regular language over the
// units of a path (its bytes once escapes are decoded, an escaped slash
// being a unit of its own), and each reading decides crawl for a path from
// the set of its patterns that match it (and their lines). For each
// crawler, the product automaton of every pattern either reading may
// consult for it is explored breadth first from "/"; in each reachable
// state the set of matching patterns is known, and the real deciding code
// of both readings is asked on the shortest path that leads there. The
// readings are equivalent for that crawler exactly when no reachable state
// has two different answers; otherwise the first such states found are the
// shortest witnesses.
func CompareReadingsBounded(old *File, kind Kind, converted *File, opt CompareOptions) EquivalenceReport {
	c := &comparer{src: NewPolicy(old), dst: NewPolicy(converted), kind: kind, opt: opt, dstFile: converted}
	if c.opt.MaxStates <= 0 {
		c.opt.MaxStates = defaultMaxStates
	}
	names := crawlerNames(old)
	if !opt.OnlyNamed {
		names = append(names, unnamedCrawler)
	}
	return c.run(names)
}

// comparer holds what one comparison shares between crawlers.
type comparer struct {
	src, dst *Policy
	dstFile  *File
	kind     Kind
	opt      CompareOptions
	pats     []autPattern
	patIDs   map[string]int
	byPtr    map[*Pattern]int
}

// patternID returns the automaton pattern of p, shared with every pattern
// that matches the same paths.
func (c *comparer) patternID(p *Pattern) int {
	if id, ok := c.byPtr[p]; ok {
		return id
	}
	ap := autPatternOf(p)
	k := ap.key()
	id, ok := c.patIDs[k]
	if !ok {
		id = len(c.pats)
		c.pats = append(c.pats, ap)
		c.patIDs[k] = id
	}
	c.byPtr[p] = id
	return id
}

// crawlerRoles records, for one crawler, where each pattern may decide
// crawl: in which reading, in what order or with what standing. It serves
// to drop, from a state of the automaton, patterns whose matching can no
// longer change either answer (see dominates).
type crawlerRoles struct {
	ids map[int]bool
	// conv[0] is the source's RFC 9309 groups, conv[1] the conventional
	// groups as the ACAP reading sees them: the lowest place of each
	// pattern in the order the deciding rule is looked for (longest first,
	// Allow first on a tie; the first that matches decides).
	conv [2]map[int]int
	// older is the record the 1996 draft reads: the first line of each
	// pattern (the first rule that matches decides). olderFirst is false
	// for the kinds that do not simply take the first match.
	older      map[int]int
	olderFirst bool
	// acap are the fields of the ACAP records that count for crawl (or for
	// other, asked when crawl is silent).
	acap map[int][]acapRole
	// convVerdicts are, for conv[0] and conv[1], the verdicts their rules
	// have (1: Allow, 2: Disallow, 3: both); acapVerdicts the same for the
	// ACAP fields, by standing (0: any, 1: named).
	convVerdicts [2]int
	acapVerdicts [2]int
	// fieldIDs[s] are the distinct patterns of the ACAP fields of standing
	// s (0: any, 1: named), fieldPats[s] the same patterns, fieldAt[s] the
	// place of each in them. cuts[s][id] is the smallest cut that holds
	// pattern id, as a set of places (cutOf, made on first use).
	fieldIDs  [2][]int
	fieldPats [2][]*Pattern
	fieldAt   [2]map[int]int
	cuts      [2]map[int][]uint64
	// notNarrower[s][i] is the set of field patterns of standing s that
	// pattern i of fieldIDs[s] is not narrower than.
	notNarrower [2][][]uint64
	// profiles caches profile, by standing and pattern number.
	profiles map[[2]int][]int8
}

// acapRole is one ACAP field a pattern stands in.
type acapRole struct {
	named, allow bool
	usage        Usage
	pat          *Pattern
	order        int // place in the order the fields of a layer are read
	id           int
	rec          int // the applied record it stands in (its place in the selection)
	line         int
}

// rolesFor collects the patterns and their roles for one crawler.
func (c *comparer) rolesFor(name string) *crawlerRoles {
	r := &crawlerRoles{ids: map[int]bool{}, older: map[int]int{}, acap: map[int][]acapRole{}, olderFirst: c.kind == KindDraft1996}
	convRoles := func(k int, rules []convRule) map[int]int {
		m := map[int]int{}
		verdicts := 0
		for i := range rules {
			if rules[i].allow {
				verdicts |= 1
			} else {
				verdicts |= 2
			}
		}
		r.convVerdicts[k] = verdicts
		for i := range rules {
			id := c.patternID(&rules[i].pat)
			r.ids[id] = true
			if _, ok := m[id]; !ok {
				m[id] = i
			}
		}
		return m
	}
	ssel := c.src.selection(c.kind, name, false)
	switch c.kind {
	case KindRFC9309:
		r.conv[0] = convRoles(0, ssel.conv.rules)
	default:
		if ssel.older != nil {
			for i := range ssel.older.rules {
				pats := []*Pattern{&ssel.older.rules[i].prefix}
				if c.kind == KindV2Proposal {
					pats = append(pats, &ssel.older.rules[i].whole)
				}
				for _, pat := range pats {
					id := c.patternID(pat)
					r.ids[id] = true
					if _, ok := r.older[id]; !ok {
						r.older[id] = i
					}
				}
			}
		}
	}
	dsel := c.dst.selection(KindACAP, name, false)
	r.conv[1] = convRoles(1, dsel.conv.rules)
	var raw []acapRole
	for k, ar := range dsel.records {
		rr := ar.comp.recs[ar.rec]
		if rr == nil {
			continue
		}
		for i := range rr.general.rules {
			ru := &rr.general.rules[i]
			if ru.fd.Status == StatusSkipped || !(ru.usage == UsageCrawl || ru.usage == UsageOther || ru.usage == UsageNone) {
				continue // never a candidate for crawl
			}
			raw = append(raw, acapRole{named: ar.named, allow: ru.allow, usage: ru.usage, pat: &ru.pat, rec: k, line: ru.fd.Line})
		}
	}
	// A field for crawl that matches every path makes its layer decide
	// every question: with one in a named record, the any-crawler records
	// and the fields for other are never asked; with one in an any-crawler
	// record, the fields for other are never asked.
	namedAll, anyAll := false, false
	for _, ro := range raw {
		if ro.usage != UsageOther && matchesEveryPath(ro.pat) {
			if ro.named {
				namedAll = true
			} else {
				anyAll = true
			}
		}
	}
	var all []acapRole
	for _, ro := range raw {
		switch {
		case namedAll && (!ro.named || ro.usage == UsageOther):
			continue
		case anyAll && ro.usage == UsageOther:
			continue
		}
		id := c.patternID(ro.pat)
		r.ids[id] = true
		ro.order, ro.id = len(all), id
		v := 2
		if ro.allow {
			v = 1
		}
		r.acapVerdicts[b2i(ro.named)] |= v
		s := b2i(ro.named)
		if r.fieldAt[s] == nil {
			r.fieldAt[s] = map[int]int{}
		}
		if _, ok := r.fieldAt[s][id]; !ok {
			r.fieldAt[s][id] = len(r.fieldIDs[s])
			r.fieldIDs[s] = append(r.fieldIDs[s], id)
			r.fieldPats[s] = append(r.fieldPats[s], ro.pat)
		}
		r.acap[id] = append(r.acap[id], ro)
		all = append(all, ro)
	}
	return r
}

// matchesEveryPath reports whether a pattern matches every path ("/",
// "/*", "*").
func matchesEveryPath(p *Pattern) bool {
	ap := autPatternOf(p)
	return !ap.never && !ap.anchored && len(ap.toks) >= 1 && ap.toks[0] == '/' &&
		(len(ap.toks) == 1 || (len(ap.toks) == 2 && ap.toks[1] == tokStar))
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// cutOf returns the smallest cut of the ACAP fields of a standing that
// holds pattern id: a set T of their patterns such that every pattern in
// T is narrower than every pattern outside it (CompareScope). It is found
// by adding to {id}, until nothing changes, every pattern that some
// pattern of the set is not narrower than.
//
// A cut decides a layer alone: when a field of T matches for good, the
// fields outside T never change the layer's answer, its deciding field or
// whether it is undecided. A field n outside T cannot qualify against a
// matching field t of T on the other side (t is narrower than n), and when
// the matching fields of T are all on n's side, each of them is narrower
// than every field of the other side (all outside T) and than n, so n is
// never minimal among the qualifying ones; nor, in an undecided layer,
// minimal on its side, as both sides then have fields of T. And no field
// outside T is narrower than a field of T, so none of them changes which
// fields of T qualify or are minimal.
func (r *crawlerRoles) cutOf(s, id int) []uint64 {
	if r.cuts[s] == nil {
		r.cuts[s] = map[int][]uint64{}
	}
	if set, ok := r.cuts[s][id]; ok {
		return set
	}
	pats := r.fieldPats[s]
	words := (len(pats) + 63) / 64
	if r.notNarrower[s] == nil {
		nn := make([][]uint64, len(pats))
		for i := range pats {
			nn[i] = make([]uint64, words)
			for j := range pats {
				if i != j && CompareScope(pats[i], pats[j]) >= 0 {
					nn[i][j>>6] |= 1 << (j & 63)
				}
			}
		}
		r.notNarrower[s] = nn
	}
	set := make([]uint64, words)
	stack := []int{r.fieldAt[s][id]}
	set[stack[0]>>6] |= 1 << (stack[0] & 63)
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for w, row := range r.notNarrower[s][i] {
			for add := row &^ set[w]; add != 0; add &= add - 1 {
				j := w<<6 | bits.TrailingZeros64(add)
				set[w] |= 1 << (j & 63)
				stack = append(stack, j)
			}
		}
	}
	r.cuts[s][id] = set
	return set
}

// profile returns how a field pattern of standing s (pattern number id)
// compares by scope with each field pattern of that standing.
func (r *crawlerRoles) profile(s, id int, pat *Pattern) []int8 {
	key := [2]int{s, id}
	if v, ok := r.profiles[key]; ok {
		return v
	}
	v := make([]int8, len(r.fieldPats[s]))
	for i, fp := range r.fieldPats[s] {
		v[i] = int8(CompareScope(pat, fp))
	}
	if r.profiles == nil {
		r.profiles = map[[2]int][]int8{}
	}
	r.profiles[key] = v
	return v
}

// twins reports whether two fields of one record, with the same verdict,
// usage and standing, rp's line first, and patterns that scope cannot
// order, compare alike with every other field pattern of their standing.
// Then, when rp matches, rq never changes an answer: every other field
// qualifies, or is minimal, with rq exactly when with rp alone; rp and rq
// qualify and are minimal together; and rp is read first, so rq is never
// the deciding field (nor, in an undecided layer, the one named). The
// layer's result, and so its weighing against a conventional answer, is
// the same with rq or without it.
func (r *crawlerRoles) twins(rp, rq *acapRole) bool {
	if rp.rec != rq.rec || rp.line >= rq.line || CompareScope(rp.pat, rq.pat) != 0 || sameScope(rp.pat, rq.pat) {
		return false
	}
	s := b2i(rp.named)
	vp, vq := r.profile(s, rp.id, rp.pat), r.profile(s, rq.id, rq.pat)
	for i, id := range r.fieldIDs[s] {
		if id != rp.id && id != rq.id && vp[i] != vq[i] {
			return false
		}
	}
	return true
}

// dominates reports whether, for this crawler, pattern p matching makes
// pattern q irrelevant: whatever else matches, both answers are the same
// with or without q. That holds when in every role q has, p has a role
// that beats it:
//
//   - in an RFC 9309 group (either reading), p comes first in the order in
//     which the first matching rule decides;
//   - in the 1996 draft's record, p comes first;
//   - in the ACAP records, p stands in a field with the same verdict,
//     usage and standing whose scope is strictly narrower (or, where q's
//     standing has fields of q's verdict only and the conventional side
//     agrees, any such field: the answer is that verdict either way). A
//     side of a layer wins when one of its fields is narrower than every
//     field of the other side, and the deciding field is the first of
//     those that no other of them is narrower than (narrowest, acap.go).
//     A field of the other side narrower than p is narrower than q too
//     (the scope order is transitive), so q adds no condition; if q is
//     narrower than the other side, so is p, which is narrower than q: q
//     is never the deciding field, and any field q is narrower than, p is
//     narrower than too, so q never keeps another from deciding. The
//     layer's answer, whether it is undecided, its deciding field and the
//     footing used against the conventional answer stay the same;
//   - or, in the ACAP records, p stands in a field of q's usage and
//     standing, of either verdict, and q lies outside the smallest cut
//     that holds p (cutOf);
//   - or the two fields are twins (twins).
//
// The automaton weighs the patterns that matched for good one at a time
// (filter), so that the relation need not be a strict order across roles.
func (r *crawlerRoles) dominates(p, q int) bool {
	if p == q || !r.ids[q] {
		return false
	}
	for _, m := range r.conv {
		if iq, ok := m[q]; ok {
			ip, ok := m[p]
			// With one verdict in the group, any rule that matches gives
			// the answer; which one decides is only a line number.
			if !ok || ip >= iq {
				return false
			}
		}
	}
	if iq, ok := r.older[q]; ok {
		if ip, ok := r.older[p]; !r.olderFirst || !ok || ip >= iq {
			return false
		}
	}
	roles := r.acap[q]
	// cutOut reports whether q's pattern lies outside the smallest cut
	// that holds p's, among the fields of a standing.
	cutOut := func(named bool) bool {
		s := b2i(named)
		j, ok := r.fieldAt[s][q]
		if !ok {
			return false
		}
		set := r.cutOf(s, p)
		return set[j>>6]&(1<<(j&63)) == 0
	}
	// The conventional side as the ACAP reading sees it has one verdict:
	// an ACAP answer of that verdict never meets a disagreeing
	// conventional line, so which ACAP field decides does not matter.
	dstConv := r.convVerdicts[1]
	for _, rq := range roles {
		v := 2
		if rq.allow {
			v = 1
		}
		// q's standing has fields of q's verdict only: the layer answers
		// that verdict whenever one of them matches.
		uniform := r.acapVerdicts[b2i(rq.named)] == v && (dstConv == 0 || dstConv == v)
		beaten := false
		for _, rp := range r.acap[p] {
			if rp.named == rq.named && rp.allow == rq.allow && rp.usage == rq.usage &&
				((uniform && p < q) || (!uniform && (CompareScope(rp.pat, rq.pat) < 0 || r.twins(&rp, &rq)))) {
				beaten = true
				break
			}
			// Whatever the verdicts: q outside the smallest cut that holds p.
			if rp.named == rq.named && rp.usage == rq.usage && cutOut(rp.named) {
				beaten = true
				break
			}
		}
		if !beaten {
			return false
		}
	}
	return true
}

// maxGroupPatterns is the most patterns one automaton holds (a state item
// keeps a pattern in 14 bits); beyond, the crawlers are not proved.
const maxGroupPatterns = 1 << 14

// maxDominancePatterns bounds the pairs of patterns weighed for dominance.
const maxDominancePatterns = 4000

// crawlerGroup is crawlers whose readings consult the same patterns: one
// automaton serves them all.
type crawlerGroup struct {
	pats  []int
	names []string
	roles []*crawlerRoles
}

func (c *comparer) run(names []string) EquivalenceReport {
	rep := EquivalenceReport{Source: c.kind, Crawlers: names, srcDeciding: map[int]bool{}}
	c.patIDs, c.byPtr = map[string]int{}, map[*Pattern]int{}
	var groups []*crawlerGroup
	bySig := map[string]*crawlerGroup{}
	for _, n := range names {
		if c.opt.Yield != nil {
			c.opt.Yield()
		}
		roles := c.rolesFor(n)
		ids := make([]int, 0, len(roles.ids))
		for id := range roles.ids {
			if !c.pats[id].never {
				ids = append(ids, id)
			}
		}
		sort.Ints(ids)
		sig := itemsKey(toInt32(ids))
		g := bySig[sig]
		if g == nil {
			g = &crawlerGroup{pats: ids}
			bySig[sig] = g
			groups = append(groups, g)
		}
		g.names = append(g.names, n)
		g.roles = append(g.roles, roles)
	}
	var caseEx, otherEx []Difference
	proved := map[string]bool{}
	// Smaller automata first: under a deadline, as many crawlers as
	// possible are proved.
	sort.SliceStable(groups, func(i, j int) bool { return len(groups[i].pats) < len(groups[j].pats) })
	results := c.proveGroups(groups)
	for gi, g := range groups {
		res := results[gi]
		for n := range res.srcDeciding {
			rep.srcDeciding[n] = true
		}
		rep.States += res.states
		rep.More += res.more
		rep.otherStates += res.otherStates
		for _, n := range g.names {
			if res.complete {
				proved[n] = true
			}
		}
		for _, d := range res.witnesses {
			if d.CaseOnly {
				rep.CaseCount++
				caseEx = append(caseEx, d)
			} else {
				rep.OtherCount++
				otherEx = append(otherEx, d)
			}
		}
	}
	for _, n := range names {
		if proved[n] {
			rep.Proved = append(rep.Proved, n)
		} else {
			rep.NotProved = append(rep.NotProved, n)
		}
	}
	const keep = 50
	all := append(otherEx, caseEx...)
	if len(all) > keep {
		rep.More += len(all) - keep
		all = all[:keep]
	}
	rep.Differences = all
	return rep
}

// proveGroups proves the groups, on as many threads as Go may use (one in
// a browser); the results do not depend on it. With a Yield function they
// are proved one after the other, so that it is never called from two
// goroutines at once.
func (c *comparer) proveGroups(groups []*crawlerGroup) []groupResult {
	results := make([]groupResult, len(groups))
	workers := min(runtime.GOMAXPROCS(0), len(groups))
	if c.opt.Yield != nil || workers <= 1 {
		for i, g := range groups {
			results[i] = c.proveGroup(g)
		}
		return results
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= len(groups) {
					return
				}
				results[i] = c.proveGroup(groups[i])
			}
		}()
	}
	wg.Wait()
	return results
}

func toInt32(xs []int) []int32 {
	out := make([]int32, len(xs))
	for i, x := range xs {
		out[i] = int32(x)
	}
	return out
}

// groupResult is the outcome for one crawler group.
type groupResult struct {
	complete    bool
	states      int
	more        int // witnesses left out (further pairs of deciding lines)
	otherStates int // states whose answers differ, not by case
	// srcDeciding are the source's deciding lines met.
	srcDeciding map[int]bool
	witnesses   []Difference
}

// answerPair is both readings' answers for one set of matching patterns.
type answerPair struct {
	src, dst Answer
	path     string
}

// proveGroup explores the product automaton of a group's patterns.
func (c *comparer) proveGroup(g *crawlerGroup) groupResult {
	if len(g.pats) >= maxGroupPatterns {
		// The state encoding holds fewer patterns: nothing is claimed.
		return groupResult{}
	}
	a := c.groupAutomaton(g)
	caches := make([]map[string]*answerPair, len(g.names))
	for i := range caches {
		caches[i] = map[string]*answerPair{}
	}
	seen := make([]map[[3]int]bool, len(g.names))
	for i := range seen {
		seen[i] = map[[3]int]bool{}
	}
	res := groupResult{srcDeciding: map[int]bool{}}
	var mbuf []byte
	queue := []int32{a.start()}
	for head := 0; head < len(queue); head++ {
		if head%4 == 0 && c.opt.Yield != nil {
			c.opt.Yield()
		}
		if a.numStates() > c.opt.MaxStates || (!c.opt.Deadline.IsZero() && head%256 == 0 && time.Now().After(c.opt.Deadline)) {
			res.states = a.numStates()
			return res
		}
		id := queue[head]
		items := a.state(id)
		mbuf = keyBytes(mbuf[:0], a.matched(items))
		for i, name := range g.names {
			ap := caches[i][string(mbuf)] // a look-up with string(bytes) does not copy
			if ap == nil {
				ap = c.decide(name, a.path(id))
				caches[i][string(mbuf)] = ap
				res.srcDeciding[ap.src.Line] = true
			}
			if ap.src.Allowed == ap.dst.Allowed {
				continue
			}
			path := witnessPath(a.path(id))
			co := caseOnly(c.dst, name, ap.dst.Line, path)
			if !co {
				res.otherStates++
			}
			wkey := [3]int{ap.src.Line, ap.dst.Line, 0}
			if co {
				wkey[2] = 1
			}
			if seen[i][wkey] {
				continue
			}
			seen[i][wkey] = true
			if len(seen[i]) > maxWitnesses {
				res.more++
				continue
			}
			// The answers are those of every path to a state with these
			// matching patterns, but the deciding lines may differ from
			// path to path where patterns were dropped: a witness gives
			// its own path's.
			if path != ap.path {
				ap = c.decide(name, a.path(id))
				co = caseOnly(c.dst, name, ap.dst.Line, path)
			}
			res.witnesses = append(res.witnesses, Difference{Crawler: name, Path: path,
				Source: ap.src.Allowed, SourceLine: ap.src.Line, ACAP: ap.dst.Allowed, ACAPLine: ap.dst.Line,
				CaseOnly: co})
		}
		full := a.expand(items)
		for _, u := range a.successors(full) {
			next, isNew := a.intern(a.read(items, u), id, u)
			if isNew {
				queue = append(queue, next)
			}
		}
	}
	res.complete = true
	res.states = a.numStates()
	return res
}

// groupAutomaton returns the automaton of a group's patterns, with the
// dominance of each pattern over others for every crawler of the group.
func (c *comparer) groupAutomaton(g *crawlerGroup) *automaton {
	pats := make([]autPattern, len(g.pats))
	for i, id := range g.pats {
		pats[i] = c.pats[id]
	}
	a := newAutomaton(pats)
	// A pattern is dropped from a state when one that dominates it for
	// every crawler of the group has matched for good.
	dominators := make([][]int32, len(pats))
	for qi, q := range g.pats {
		if len(g.pats) > maxDominancePatterns {
			break // too many pairs to weigh: the exploration is exact anyway
		}
		if qi%8 == 0 && c.opt.Yield != nil {
			c.opt.Yield()
		}
		for pi, p := range g.pats {
			if pats[pi].anchored {
				continue // matches only at the end: never for good
			}
			all := true
			for _, r := range g.roles {
				if !r.dominates(p, q) {
					all = false
					break
				}
			}
			if all {
				dominators[qi] = append(dominators[qi], int32(pi))
			}
		}
	}
	a.setDominators(dominators)
	return a
}

// witnessPath writes the units of a path; "/robots.txt", which every
// reading allows whatever the file says, is written with an escape so that
// the readings are asked about the file's rules (the units are the same).
func witnessPath(units []int) string {
	p := unitPath(units)
	if isRobotsTxt(p) {
		p = "/%72" + p[2:]
	}
	return p
}

// decide asks both readings about a path.
func (c *comparer) decide(name string, units []int) *answerPair {
	p := witnessPath(units)
	subj := NewSubject(p)
	qs := Question{Crawler: name, URL: p, Kind: c.kind}
	qa := Question{Crawler: name, URL: p, Kind: KindACAP}
	return &answerPair{src: c.src.decideQuiet(&qs, p, &subj), dst: c.dst.decideQuiet(&qa, p, &subj), path: p}
}

// decideQuiet decides without keeping the trace.
func (p *Policy) decideQuiet(q *Question, path string, subj *Subject) Answer {
	return p.decide(q, path, subj, true)
}

// caseOnly reports whether a difference on path p comes from ACAP matching
// ignoring case, which no ACAP line can change: the ACAP answer comes from
// a line whose pattern matches p only when case is ignored, or from a
// conventional line that won (or made the answer undecided) against an
// ACAP line that matches p only when case is ignored.
func caseOnly(dst *Policy, crawler string, acapLine int, p string) bool {
	if foldOnly(dst.file.FieldAt(acapLine), p) {
		return true
	}
	fd := dst.file.FieldAt(acapLine)
	if fd == nil || !fd.Kind.IsConventionalRule() {
		return false
	}
	a := dst.Decide(Question{Crawler: crawler, URL: p, Kind: KindACAP})
	for _, s := range a.Trace.Steps {
		if s.Kind == StepUndecided || s.Kind == StepConventional || s.Kind == StepLayer {
			if s.File == "" && foldOnly(dst.file.FieldAt(s.Line), p) {
				return true
			}
		}
	}
	return false
}

// foldOnly reports whether fd is an ACAP rule whose pattern matches p only
// when case is ignored.
func foldOnly(fd *Field, p string) bool {
	if fd == nil || !fd.Kind.IsACAPRule() {
		return false
	}
	subj := NewSubject(p)
	for _, r := range fd.Rules() {
		pat := r.Pattern
		if !strings.HasPrefix(pat, "/") {
			pat = "/" + pat
		}
		exact := CompilePattern(pat, MatchRFC9309)
		folded := CompilePattern(pat, MatchACAP)
		if folded.Match(&subj) && !exact.Match(&subj) {
			return true
		}
	}
	return false
}

// crawlerNames returns the crawler names a file uses, in order, once each.
func crawlerNames(f *File) []string {
	var out []string
	seen := map[string]bool{}
	add := func(n string) {
		k := strings.ToLower(n)
		if n != "" && n != "*" && !seen[k] {
			seen[k] = true
			out = append(out, n)
		}
	}
	for _, g := range f.Groups {
		for _, a := range g.Agents {
			add(uaName(a.Value.Text))
		}
	}
	for _, r := range f.Records {
		for _, c := range r.Crawlers {
			add(acapName(c.Value.Text))
		}
	}
	return out
}
