package policy

import (
	"slices"
	"strconv"
	"strings"
)

// Keeping crawl as it was: a proof, over every path, that a new version of
// a file decides crawl for a crawler as the old one did, except under the
// paths where the new one is to refuse it. The policy builder uses it to
// prove that the groups it writes keep the lines a crawler obeyed
// (policy/intent). It is a narrower cousin of CompareReadings: one kind,
// the same kind on both sides, and plain prefixes that say where the
// answer is to be a refusal.

// DefaultKeepWork bounds the work of a search of CompareKept when none is
// given: about a second natively on the slowest files (many patterns with
// several wildcards), a few milliseconds on most.
const DefaultKeepWork = 2000000

// KeepOptions bound the work of CompareKept and let a page draw meanwhile.
type KeepOptions struct {
	MaxWork int
	Yield   func()
}

// keepYieldEvery is how many steps of work a search takes between calls
// of KeepOptions.Yield.
const keepYieldEvery = 20000

// KeepSpec says what a new version of a file is to decide for one crawler:
// under Paths[i] (plain prefixes, compared byte for byte; the longest a
// path starts with decides) a refusal when Refuse[i], else the old
// version's answer, and under none of them the old version's answer.
type KeepSpec struct {
	Crawler string
	Paths   []string
	Refuse  []bool
}

// KeepResult is what CompareKept found for one crawler.
type KeepResult struct {
	Crawler string
	// Proved reports that every path was compared: Path is then the
	// shortest path where the new version answers otherwise, or "" when
	// there is none. When the bound stopped the search, nothing is claimed
	// beyond a Path it found.
	Proved bool
	// Path is a witness, written so that a URL reads it as this path; Want
	// is the answer expected there (the old version's, or a refusal),
	// Before the old version's and After the new one's, each with its
	// deciding line (0: none).
	Path             string
	Want             bool
	Before, After    bool
	BeforeLine, Line int
	// States counts the states of the search, Work the steps of pattern
	// positions it took (the bound on its work; 0 for a crawler that
	// shares the search of one before it).
	States, Work int
	// Unlike9309 reports, for a kind of before RFC 9309 (the 1996 draft,
	// the 1994 convention, the 2.0.0 proposal), that in one of the
	// versions it gives the crawler other Allow and Disallow lines than RFC
	// 9309 does: another crawler's record, chosen by part of its name
	// (Googlebot-Image's for Googlebot, when it comes first), or one record
	// where RFC 9309 merges several groups (records end at a blank line).
	// A new version that keeps what RFC 9309 crawlers read then cannot
	// keep this kind's answers too.
	Unlike9309 bool
}

// CompareKept proves, for each spec's crawler, over every path, that kind
// decides crawl in after as the spec wants from before (two versions of a
// file, read: NewPolicy; a Policy keeps what it compiled for the next
// call). kind is RFC 9309,
// the 1996 draft, the 1994 convention, the 2.0.0 proposal or today's
// crawler (crawl only); for ACAP nothing is proved. The search explores
// the product automaton of the patterns the two versions' chosen groups
// (or records) hold and of the spec's paths (automaton.go), and asks the
// real deciding code on the shortest path to each state: which patterns
// match a path, and so both answers and the longest spec path, is a
// function of the state. opt.MaxWork bounds the work of each search: the
// steps of pattern positions it takes, which depend only on the input (0:
// DefaultKeepWork). A search past it claims nothing (Proved false).
// opt.Yield, when set, is called now and then (see CompareOptions.Yield);
// the result does not depend on it.
// Crawlers whose readings choose the same groups in both versions and
// whose specs are the same share one search.
func CompareKept(before, after *Policy, kind Kind, specs []KeepSpec, opt KeepOptions) []KeepResult {
	if opt.MaxWork <= 0 {
		opt.MaxWork = DefaultKeepWork
	}
	pols := [2]*Policy{before, after}
	out := make([]KeepResult, len(specs))
	shared := map[string]int{}
	ptrs := map[any]uint32{}
	for i, sp := range specs {
		if kind == KindACAP || kind >= numKinds {
			out[i] = KeepResult{Crawler: sp.Crawler}
			continue
		}
		key := keepKey(pols, kind, &sp, ptrs)
		if j, ok := shared[key]; ok {
			out[i] = out[j]
			out[i].Crawler, out[i].Work = sp.Crawler, 0
			continue
		}
		if opt.Yield != nil {
			opt.Yield()
		}
		out[i] = keepOne(pols, kind, &sp, &opt)
		out[i].Unlike9309 = unlike9309(pols[0], kind, sp.Crawler) || unlike9309(pols[1], kind, sp.Crawler)
		shared[key] = i
	}
	return out
}

// keepKey identifies what decides a spec's answers: the groups or records
// both versions choose for its crawler, and its paths.
func keepKey(pols [2]*Policy, kind Kind, sp *KeepSpec, ptrs map[any]uint32) string {
	var b strings.Builder
	id := func(x any) {
		n, ok := ptrs[x]
		if !ok {
			n = uint32(len(ptrs) + 1)
			ptrs[x] = n
		}
		b.WriteString(strconv.Itoa(int(n)) + ",")
	}
	for v, p := range pols {
		b.WriteString("v" + strconv.Itoa(v) + ":")
		sel := p.selection(kind, sp.Crawler, false)
		if sel.older != nil {
			id(sel.older)
		}
		for _, g := range sel.conv.groups {
			id(g)
		}
	}
	for i, p := range sp.Paths {
		b.WriteString("\x00" + p + "\x00" + strconv.FormatBool(sp.Refuse[i]))
	}
	return b.String()
}

// keepRole is what a pattern is to one reading: how strongly it decides
// when it matches (the reading's answer is that of the strongest pattern
// that matches) and what it decides (allow: crawl allowed; for the spec's
// paths, not to refuse). A reading with noReduce keeps every pattern.
type keepRole struct {
	reading  int // 0 before, 1 after, 2 the spec's paths
	strength int32
	allow    bool
}

// keepReading lists the patterns a kind consults for a crawler in one
// version, each with its strength and verdict: RFC 9309 and today's
// crawlers take the longest pattern, Allow on ties; the 1996 draft the
// first rule that matches; the 1994 convention (and the 2.0.0 proposal
// for a record without Robot-version 2) any Disallow that matches. The
// 2.0.0 proposal's records of version 2 read their rules otherwise: every
// pattern is kept (reduce false).
func keepReading(p *Policy, kind Kind, crawler string) (pats []*Pattern, roles []keepRole, reduce bool) {
	sel := p.selection(kind, crawler, false)
	if r := sel.older; r != nil {
		if kind == KindV2Proposal && r.v2 == 2 {
			for i := range r.rules {
				pats, roles = append(pats, &r.rules[i].whole), append(roles, keepRole{strength: 1, allow: r.rules[i].allow})
			}
			return pats, roles, false
		}
		for i := range r.rules {
			switch {
			case kind == KindDraft1996:
				pats = append(pats, &r.rules[i].prefix)
				roles = append(roles, keepRole{strength: int32(len(r.rules) - i), allow: r.rules[i].allow})
			case !r.rules[i].allow:
				pats, roles = append(pats, &r.rules[i].prefix), append(roles, keepRole{strength: 1})
			}
		}
		return pats, roles, true
	}
	for i := range sel.conv.rules {
		ru := &sel.conv.rules[i]
		pats = append(pats, &ru.pat)
		roles = append(roles, keepRole{strength: int32(2*ru.pat.Len() + b2i(ru.allow)), allow: ru.allow})
	}
	return pats, roles, true
}

// keepOne runs the search for one spec (keepSearch).
//
// A reading's answer is that of the strongest pattern that matches (none:
// allowed; for the spec's paths, none: not refused). A state of the
// product holds, per reading, the strength of the strongest pattern that
// has matched for good (a summary), and the live positions of the patterns
// that can still change an answer: a pattern stronger than that whose
// verdict differs from it, or that could override a pattern of the other
// verdict stronger than that. The others cannot change a verdict whatever
// else matches, and are dropped. Both answers and the refusal of the spec
// are then a function of the state a path leads to (the summary, and the
// anchored patterns whose end is live).
//
// Most patterns are the same in both versions, with the same strength:
// where every pattern that can change a verdict is such a pattern, and no
// path to refuse can, both versions decide alike and the spec wants the
// old answer. The others (the patterns of one version only, or of another
// strength in each, and the paths to refuse) are marked; the summary notes
// whether one has matched, and a state where none has and none that can
// change a verdict is live leads to no path worth asking: the search goes
// no further there. Under a path to refuse, with no deeper path not to
// refuse left, the old version's answer no longer counts (s[0] is -2).
func keepOne(pols [2]*Policy, kind Kind, sp *KeepSpec, opt *KeepOptions) KeepResult {
	return newKeepSearch(pols, kind, sp, opt).run()
}

// keepSearch is the search of one spec: the patterns of both versions and
// the spec's paths, each with its roles, and the summaries of the states.
type keepSearch struct {
	pols     [2]*Policy
	kind     Kind
	sp       *KeepSpec
	opt      *KeepOptions
	auts     []autPattern
	roles    [][]keepRole
	index    map[string]int
	noReduce [3]bool
	verdict  [3]map[int32]bool
	// marked: of one version only, or of another strength in each, or a
	// path to refuse.
	marked []bool
	a      *automaton
	// The summaries, interned: per reading the strength of the strongest
	// pattern matched for good (-1: none; -2 for the old version: its
	// answer no longer counts), and whether a marked pattern matched.
	sums    map[[4]int32]int32
	sumList [][4]int32
	// opp is, per reading, the strength of the weakest live pattern
	// stronger than the summary's whose verdict differs from its: a
	// pattern of the summary's verdict matters only if stronger than that
	// (it could then override it), since a pattern no longer live never
	// matches.
	opp             [3]int32
	raw             []int32
	work, nextYield int
}

// newKeepSearch gathers the patterns of the spec's crawler in both
// versions and the spec's paths, and marks those that can make the
// versions differ.
func newKeepSearch(pols [2]*Policy, kind Kind, sp *KeepSpec, opt *KeepOptions) *keepSearch {
	k := &keepSearch{pols: pols, kind: kind, sp: sp, opt: opt, index: map[string]int{},
		verdict: [3]map[int32]bool{{}, {}, {}}, sums: map[[4]int32]int32{}, nextYield: keepYieldEvery}
	for v, p := range pols {
		pats, rs, reduce := keepReading(p, kind, sp.Crawler)
		k.noReduce[v] = !reduce
		for i, pat := range pats {
			rs[i].reading = v
			k.add(pat, rs[i])
		}
	}
	refused := map[int]bool{}
	for i, path := range sp.Paths {
		pat := CompilePattern(path, MatchPrefix)
		// The longest path decides: its length, then which it is (two
		// paths of one length are never both prefixes of a path).
		k.add(&pat, keepRole{reading: 2, strength: int32(len(path))<<10 | int32(i), allow: !sp.Refuse[i]})
		if sp.Refuse[i] {
			ap := autPatternOf(&pat)
			refused[k.index[ap.key()]] = true
		}
	}
	k.marked = make([]bool, len(k.auts))
	for q, rs := range k.roles {
		var in [2][]int32
		for _, r := range rs {
			if r.reading < 2 {
				in[r.reading] = append(in[r.reading], r.strength)
			}
		}
		slices.Sort(in[0])
		slices.Sort(in[1])
		k.marked[q] = refused[q] || !slices.Equal(slices.Compact(in[0]), slices.Compact(in[1]))
	}
	k.a = newAutomaton(k.auts)
	return k
}

// add adds a pattern with a role, once per pattern.
func (k *keepSearch) add(p *Pattern, r keepRole) {
	ap := autPatternOf(p)
	key := ap.key()
	i, ok := k.index[key]
	if !ok {
		i = len(k.auts)
		k.index[key] = i
		k.auts = append(k.auts, ap)
		k.roles = append(k.roles, nil)
	}
	k.roles[i] = append(k.roles[i], r)
	k.verdict[r.reading][r.strength] = r.allow
}

func (k *keepSearch) intern(s [4]int32) int32 {
	id, ok := k.sums[s]
	if !ok {
		id = int32(len(k.sumList))
		k.sums[s] = id
		k.sumList = append(k.sumList, s)
	}
	return id
}

// bestAllows is reading r's verdict under summary s.
func (k *keepSearch) bestAllows(r int, s [4]int32) bool {
	if s[r] < 0 {
		return true // nothing matched: allowed, not refused
	}
	return k.verdict[r][s[r]]
}

func (k *keepSearch) relevantRole(r keepRole, s [4]int32) bool {
	switch {
	case r.reading == 0 && s[0] == -2:
		return false
	case k.noReduce[r.reading]:
		return true
	case r.strength <= s[r.reading]:
		return false
	}
	return r.allow != k.bestAllows(r.reading, s) || r.strength > k.opp[r.reading]
}

func (k *keepSearch) relevant(q int32, s [4]int32) bool {
	for _, r := range k.roles[q] {
		if k.relevantRole(r, s) {
			return true
		}
	}
	return false
}

func (k *keepSearch) refuses(s [4]int32) bool { return s[2] >= 0 && k.sp.Refuse[s[2]&1023] }

// step reads unit u (or, with u < 0, nothing: the start) from live
// positions under summary s.
func (k *keepSearch) step(live []int32, s [4]int32, u int) ([]int32, [4]int32) {
	a := k.a
	if u < 0 {
		k.raw = k.raw[:0]
		for i := range k.auts {
			if !k.auts[i].never {
				k.raw = a.closure(k.raw, i, 0)
			}
		}
	} else {
		k.raw = a.stepRaw(k.raw[:0], live, u)
	}
	k.work += len(k.raw) + 1
	if k.work >= k.nextYield && k.opt.Yield != nil {
		k.opt.Yield()
		k.nextYield = k.work + keepYieldEvery
	}
	for _, it := range k.raw {
		if q := it &^ matchedBit; it&matchedBit != 0 {
			for _, r := range k.roles[q] {
				if s[r.reading] != -2 {
					s[r.reading] = max(s[r.reading], r.strength)
				}
			}
			if k.marked[q] {
				s[3] = 1
			}
		}
	}
	k.opp = [3]int32{1 << 30, 1 << 30, 1 << 30}
	for _, it := range k.raw {
		if it&matchedBit != 0 {
			continue
		}
		for _, r := range k.roles[it>>16] {
			if r.strength > s[r.reading] && r.allow != k.bestAllows(r.reading, s) {
				k.opp[r.reading] = min(k.opp[r.reading], r.strength)
			}
		}
	}
	var out []int32
	for _, it := range k.raw {
		if it&matchedBit == 0 && k.relevant(it>>16, s) {
			out = append(out, it)
		}
	}
	if s[0] != -2 && len(k.sp.Paths) < 1024 && k.refuses(s) && !slices.ContainsFunc(out, func(it int32) bool {
		for _, r := range k.roles[it>>16] {
			if r.reading == 2 && k.relevantRole(r, s) {
				return true
			}
		}
		return false
	}) {
		s[0] = -2
		out = slices.DeleteFunc(out, func(it int32) bool { return !k.relevant(it>>16, s) })
	}
	slices.Sort(out)
	return slices.Compact(out), s
}

// run explores the product breadth first and asks both versions, on the
// shortest path, once per summary and set of anchored ends (which fix
// the answers of every path to a state).
func (k *keepSearch) run() KeepResult {
	a, sp := k.a, k.sp
	res := KeepResult{Crawler: sp.Crawler}
	none := [4]int32{-1, -1, -1, 0}
	live, s := k.step(nil, none, -1)
	live, s = k.step(live, s, '/')
	start, _ := a.intern(live, k.intern(s), -1, '/')
	answered := map[string]bool{}
	queue := []int32{start}
	var key []byte
	for head := 0; head < len(queue); head++ {
		if k.work > k.opt.MaxWork {
			res.States, res.Work = a.numStates(), k.work
			return res
		}
		id := queue[head]
		st, sid := a.state(id)
		key = strconv.AppendInt(key[:0], int64(sid), 36)
		for _, q := range a.ends(st) {
			key = append(key, ',')
			key = strconv.AppendInt(key, int64(q), 36)
		}
		if !answered[string(key)] {
			answered[string(key)] = true
			if res.Path = keepCheck(k.pols, k.kind, sp, a, id, &res); res.Path != "" {
				res.Proved = true
				res.States, res.Work = a.numStates(), k.work
				return res
			}
		}
		if len(st) == 0 {
			continue // nothing can change an answer any more: every longer path is alike
		}
		if k.sumList[sid][3] == 0 && !slices.ContainsFunc(st, func(it int32) bool { return k.marked[it>>16] }) {
			continue // no marked pattern has matched or can: the versions agree on every longer path
		}
		for _, u := range a.successors(st, nil) {
			nl, ns := k.step(st, k.sumList[sid], u)
			if nid, isNew := a.intern(nl, k.intern(ns), id, u); isNew {
				queue = append(queue, nid)
			}
		}
	}
	res.Proved = true
	res.States, res.Work = a.numStates(), k.work
	return res
}

// keepCheck asks both versions at the shortest path to state id and
// returns it (as a URL writes it) when the new version does not answer as
// the spec wants there.
func keepCheck(pols [2]*Policy, kind Kind, sp *KeepSpec, a *automaton, id int32, res *KeepResult) string {
	p := witnessPath(a.path(id))
	subj := NewSubject(p)
	refuse, best := false, -1
	for i, path := range sp.Paths {
		pat := CompilePattern(path, MatchPrefix)
		if len(path) > best && pat.Match(&subj) {
			refuse, best = sp.Refuse[i], len(path)
		}
	}
	q := Question{Crawler: sp.Crawler, URL: p, Kind: kind, Usage: UsageCrawl}
	b := pols[0].decideQuiet(&q, p, &subj)
	g := pols[1].decideQuiet(&q, p, &subj)
	want := b.Allowed && !refuse
	if g.Allowed == want {
		return ""
	}
	res.Want, res.Before, res.BeforeLine, res.After, res.Line = want, b.Allowed, b.Line, g.Allowed, g.Line
	return witnessURL(p)
}

// unlike9309 reports whether an older kind gives the crawler other Allow
// and Disallow lines than RFC 9309 does (lines without a path, which
// refuse nothing, left out).
func unlike9309(p *Policy, kind Kind, crawler string) bool {
	if kind != KindDraft1996 && kind != KindREP1994 && kind != KindV2Proposal {
		return false
	}
	var older, rfc []int
	if r := p.selection(kind, crawler, false).older; r != nil {
		for i := range r.rules {
			older = append(older, r.rules[i].fd.Line)
		}
	}
	for _, ru := range p.selection(KindRFC9309, crawler, false).conv.rules {
		if strings.TrimSpace(ru.fd.Value.Text) != "" {
			rfc = append(rfc, ru.fd.Line)
		}
	}
	slices.Sort(older)
	slices.Sort(rfc)
	return !slices.Equal(older, rfc)
}
