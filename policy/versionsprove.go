package policy

import (
	"slices"
	"unsafe"
)

// The search behind CompareVersions (versions.go, READING.md §11).
//
// For one kind and one crawler, each version's reading decides every use
// of a path from the set of its patterns that match the path (and from
// whether the path is /robots.txt, which every kind lets crawlers fetch).
// The search runs through the product automaton of the patterns both
// readings consult (automaton.go), breadth first from "/". A state is the
// live positions of those patterns and a summary of the patterns that have
// matched for good. The summary keeps, per part of a reading (an
// observer), only what can still change an answer:
//
//   - a list read by its first match (RFC 9309's rules, longest first; the
//     1996 draft's rules in order; the 1994 convention's Disallow lines;
//     the conventional side of the ACAP reading) keeps the block of the
//     first place matched; where only the verdict is read, places next to
//     each other with the same verdict are one block;
//   - Content-Usage and Content-Signal lines (the longest matching path
//     decides, lines of the same length combine) keep the longest length
//     matched and the patterns of that length;
//   - an ACAP layer (the fields of the named records, or of the
//     any-crawler records) keeps the fields matched, less those another
//     field kept makes unnecessary (vObserver.dominates);
//   - the 2.0.0 proposal's record keeps every pattern matched;
//   - a flag says whether the path is /robots.txt (or begins with
//     "/robots.txt?").
//
// Each step of a summary is a function of the summary and the pattern
// that matched, so two paths that lead to the same state get the same
// answers however they go on. In each state the summary with the anchored
// patterns that match there decides every answer; the real deciding code
// of both versions is asked once per such summary, on the shortest path
// that has it. A pattern whose match could no longer change the summary is
// dropped from the live positions (what can change only shrinks). The two
// versions decide a use alike on every path exactly when they decide it
// alike for every summary reached; the first summaries where they do not
// give the shortest witnesses.

// The kinds of observer.
const (
	obsFlag  = iota // the /robots.txt markers
	obsList         // a list read by its first match
	obsTie          // Content-Usage / Content-Signal lines: longest path, ties combine
	obsLayer        // an ACAP layer
	obsSet          // every pattern matched (the 2.0.0 proposal)
)

// vObserver is one part of a reading, as the summary keeps it.
type vObserver struct {
	kind  uint8
	elems []vElem // obsLayer: the fields
}

// vElem is an ACAP field of a layer.
type vElem struct {
	allow   bool
	present bool // a field for present itself (not one of present-X)
	plain   bool // it adds no restriction to a tie: a prohibition, or no qualifiers
	usages  uint32
	stoks   []uint16 // its pattern's scope tokens
}

// dominates reports whether field y, matched, makes field x unnecessary
// in the layer: whatever matches later, x neither decides nor changes
// which field decides, whether the layer decides, or the restrictions.
// y has x's verdict, counts for every usage x counts for, and is narrower
// than x by scope (READING.md §3.4); then every field of the other side
// that x is narrower than, y is narrower than too, and every field
// narrower than y is narrower than x. A field for present is ranked after
// a present-X field of the same scope, so y is not for present unless x
// is. narrowest ties fields whose scopes cannot be ordered and adds their
// qualifiers, so x has none to add.
func (o *vObserver) dominates(y, x int32) bool {
	ey, ex := &o.elems[y], &o.elems[x]
	return ey.allow == ex.allow && ey.usages&ex.usages == ex.usages && (!ey.present || ex.present) && ex.plain &&
		scopeClassToks(ey.stoks, ex.stoks) == -1
}

// vRole is a pattern's part in an observer: the block of its place in a
// list, its length for obsTie, its field for obsLayer.
type vRole struct{ obs, v int32 }

// vModel is what the two readings of one crawler consult.
type vModel struct {
	pats  []autPattern
	ids   map[string]int32
	roles [][]vRole // per pattern, by observer
	obs   []vObserver
	// sig describes, per version, all that its reading decides from,
	// but the line numbers: versions with the same description answer
	// alike on every path. v is the version being added.
	sig [2][]byte
	v   int
	// auts keeps patterns in automaton form, with their keys, across the
	// models of one comparison.
	auts map[*Pattern]autEntry
	// described: only the descriptions are made (no patterns, no
	// observers), to tell whether a search is needed.
	described bool
	// shape describes the model itself (its patterns and observers, both
	// versions'): jobs of the same shape share a search. nobs counts the
	// observers, made or only described.
	shape []byte
	nobs  int
	// pace lets a page draw while a long model is made (every 128
	// rules, counted in rules).
	pace  *pace
	rules int
}

type autEntry struct {
	ap  autPattern
	key string
}

// noteN and noteS add numbers and a string to the description of the
// version being added; shapeN and shapeS to the model's shape. Negative
// numbers tag the parts of a description.
func (m *vModel) noteN(ns ...int)  { m.sig[m.v] = appendN(m.sig[m.v], ns) }
func (m *vModel) noteS(s string)   { m.sig[m.v] = appendS(m.sig[m.v], s) }
func (m *vModel) shapeN(ns ...int) { m.shape = appendN(m.shape, ns) }
func (m *vModel) shapeP(p *Pattern) {
	m.shape = appendN(appendS(m.shape, p.Raw()), []int{int(p.Mode())})
}
func (m *vModel) notePattern(p *Pattern) {
	m.pace.every(&m.rules, 128)
	m.noteS(p.Raw())
	m.noteN(int(p.Mode()))
}

func appendN(b []byte, ns []int) []byte {
	for _, x := range ns {
		b = append(b, byte(x), byte(x>>8), byte(x>>16), byte(x>>24))
	}
	return b
}

func appendS(b []byte, s string) []byte {
	b = appendN(b, []int{len(s)})
	return append(b, s...)
}

// robotsExact and robotsQuery are the markers of /robots.txt.
var (
	robotsExact = autPattern{toks: appendUnits(nil, "/robots.txt"), anchored: true}
	robotsQuery = autPattern{toks: appendUnits(nil, "/robots.txt?")}
)

func newVModel(auts map[*Pattern]autEntry) *vModel {
	m := &vModel{ids: map[string]int32{}, auts: auts}
	o := m.observer(obsFlag)
	m.addRole(m.pid(robotsExact), o, 0)
	m.addRole(m.pid(robotsQuery), o, 0)
	return m
}

func (m *vModel) observer(kind uint8) int32 {
	m.nobs++
	m.shapeN(int(kind))
	if m.described {
		return int32(m.nobs - 1)
	}
	m.obs = append(m.obs, vObserver{kind: kind})
	return int32(len(m.obs) - 1)
}

// pidOf returns the number of a compiled pattern, adding it when new.
func (m *vModel) pidOf(p *Pattern) int32 {
	if m.described {
		return 0
	}
	e, ok := m.auts[p]
	if !ok {
		e.ap = autPatternOf(p)
		e.key = e.ap.key()
		m.auts[p] = e
	}
	return m.pidKey(e.ap, e.key)
}

// pid returns the number of a pattern, adding it when new.
func (m *vModel) pid(ap autPattern) int32 { return m.pidKey(ap, ap.key()) }

func (m *vModel) pidKey(ap autPattern, k string) int32 {
	if id, ok := m.ids[k]; ok {
		return id
	}
	id := int32(len(m.pats))
	m.pats = append(m.pats, ap)
	m.roles = append(m.roles, nil)
	m.ids[k] = id
	return id
}

func (m *vModel) addRole(q, obs, v int32) {
	if !m.described {
		m.roles[q] = append(m.roles[q], vRole{obs, v})
	}
}

// list adds a list read by its first match; byVerdict when only the
// verdict of the rule matched first is read.
func (m *vModel) list(pats []*Pattern, allow []bool, byVerdict bool) {
	if len(pats) == 0 {
		return
	}
	o := m.observer(obsList)
	m.noteN(-1, b2i(byVerdict), len(pats))
	block := int32(0)
	for i, p := range pats {
		m.notePattern(p)
		if allow != nil {
			m.noteN(b2i(allow[i]))
		}
		if i > 0 && (!byVerdict || allow[i] != allow[i-1]) {
			block++
		}
		m.shapeP(p)
		m.shapeN(int(block))
		m.addRole(m.pidOf(p), o, block)
	}
}

// convList adds conventional rules read by their first match (they are in
// that order).
func (m *vModel) convList(rules []convRule, byVerdict bool) {
	pats, allow := make([]*Pattern, len(rules)), make([]bool, len(rules))
	for i := range rules {
		pats[i], allow[i] = &rules[i].pat, rules[i].allow
	}
	m.list(pats, allow, byVerdict)
}

// tie adds Content-Usage or Content-Signal lines, read for the category
// of index c (those without a path match every path and need no
// pattern).
func (m *vModel) tie(rules []todayRule, c int) {
	o := int32(-1)
	m.noteN(-2, len(rules))
	for i := range rules {
		r := &rules[i]
		m.noteN(b2i(r.hasPath), int(r.st.Prefs[c]))
		if r.hasPath {
			m.notePattern(&r.pat)
		}
		if r.hasPath {
			if o < 0 {
				o = m.observer(obsTie)
			}
			m.shapeP(&r.pat)
			m.addRole(m.pidOf(&r.pat), o, int32(r.pat.Len()))
		}
	}
}

// set adds patterns of which every match is kept.
func (m *vModel) set(pats []*Pattern) {
	if len(pats) == 0 {
		return
	}
	o := m.observer(obsSet)
	m.noteN(-3, len(pats))
	for _, p := range pats {
		m.notePattern(p)
		m.shapeP(p)
		m.addRole(m.pidOf(p), o, 0)
	}
}

// layer adds the fields (outside sub-records) of the ACAP records of one
// standing that count for the usages in need.
func (m *vModel) layer(recs []appliedRecord, named bool, need uint32) {
	o := int32(-1)
	m.noteN(-4, b2i(named))
	for _, ar := range recs {
		rr := ar.comp.recs[ar.rec]
		if ar.named != named || rr == nil {
			continue
		}
		m.noteN(-5)
		m.noteS(ar.comp.name)
		for i := range rr.general.rules {
			r := &rr.general.rules[i]
			mask := usageMask(r.usage) & need
			if r.fd.Status == StatusSkipped || mask == 0 {
				continue
			}
			m.notePattern(&r.pat)
			m.noteN(b2i(r.allow), int(mask), b2i(r.usage == UsagePresent))
			if r.rule != nil {
				for _, q := range r.rule.Quals {
					m.noteS(q.String())
				}
			}
			m.noteN(-6)
			if o < 0 {
				o = m.observer(obsLayer)
			}
			e := vElem{allow: r.allow, present: r.usage == UsagePresent,
				plain: !r.allow || r.rule == nil || len(r.rule.Quals) == 0, usages: mask}
			m.shapeP(&r.pat)
			m.shapeN(b2i(e.allow), b2i(e.present), b2i(e.plain), int(mask))
			if m.described {
				continue
			}
			e.stoks = r.pat.scopeTokens()
			ob := &m.obs[o]
			ob.elems = append(ob.elems, e)
			m.addRole(m.pidOf(&r.pat), o, int32(len(ob.elems)-1))
		}
	}
}

// usageMask returns the usages a field for u counts for (askLayers).
func usageMask(u Usage) uint32 {
	switch {
	case u == UsageNone:
		return 1<<numUsages - 1
	case u == UsagePresent:
		var m uint32
		for v := UsagePresent; v <= UsagePresentLink; v++ {
			m |= 1 << v
		}
		return m
	}
	return 1 << u
}

// vSearch explores one model's product automaton.
type vSearch struct {
	m       *vModel
	a       *automaton
	sums    [][]int32
	sumIDs  map[string]int32
	applied map[uint64]int32
	sumLen  int // int32s held by sums
	// relKnown and relBits say, per summary (made when first asked),
	// which patterns' relevance is known, and which are relevant.
	relKnown, relBits [][]uint64
	relWords          int
	bufSum            []int32
	bufRaw            []int32
	bufLive           []int32
	bufM              []int32
}

func newVSearch(m *vModel) *vSearch {
	x := &vSearch{m: m, a: newAutomaton(m.pats), sumIDs: map[string]int32{}, applied: map[uint64]int32{}}
	var s []int32
	for _, o := range m.obs {
		switch o.kind {
		case obsFlag:
			s = append(s, 0)
		case obsList:
			s = append(s, -1)
		case obsTie:
			s = append(s, -1, 0)
		default:
			s = append(s, 0)
		}
	}
	x.intern(s)
	return x
}

// regionLen is the length of an observer's part of a summary that starts
// with s.
func regionLen(kind uint8, s []int32) int {
	switch kind {
	case obsFlag, obsList:
		return 1
	case obsTie:
		return 2 + int(s[1])
	}
	return 1 + int(s[0])
}

func (x *vSearch) intern(s []int32) int32 {
	key := unsafe.String((*byte)(unsafe.Pointer(unsafe.SliceData(s))), 4*len(s))
	if id, ok := x.sumIDs[key]; ok {
		return id
	}
	c := slices.Clone(s)
	id := int32(len(x.sums))
	x.sums = append(x.sums, c)
	x.sumIDs[unsafe.String((*byte)(unsafe.Pointer(unsafe.SliceData(c))), 4*len(c))] = id
	x.sumLen += len(c)
	return id
}

// apply returns the summary after patterns matched (for good, or at the
// end of a path) join those of summary sid, one at a time.
func (x *vSearch) apply(sid int32, qs []int32) int32 {
	for _, q := range qs {
		sid = x.apply1(sid, q)
	}
	return sid
}

// relevant reports whether a match of pattern q would change summary sid.
func (x *vSearch) relevant(sid, q int32) bool {
	for int(sid) >= len(x.relKnown) {
		x.relKnown, x.relBits = append(x.relKnown, nil), append(x.relBits, nil)
	}
	k := x.relKnown[sid]
	if k == nil {
		n := (len(x.m.pats) + 63) / 64
		k, x.relBits[sid] = make([]uint64, n), make([]uint64, n)
		x.relKnown[sid] = k
		x.relWords += 2 * n
	}
	w, bit := q>>6, uint64(1)<<(q&63)
	if k[w]&bit == 0 {
		k[w] |= bit
		if x.apply1(sid, q) != sid {
			x.relBits[sid][w] |= bit
		}
	}
	return x.relBits[sid][w]&bit != 0
}

// apply1 returns the summary after pattern q matched.
func (x *vSearch) apply1(sid, q int32) int32 {
	key := uint64(uint32(sid))<<32 | uint64(uint32(q))
	if n, ok := x.applied[key]; ok {
		return n
	}
	roles := x.m.roles[q]
	cur := x.sums[sid]
	out := x.bufSum[:0]
	pos := 0
	for o := range x.m.obs {
		ob := &x.m.obs[o]
		n := regionLen(ob.kind, cur[pos:])
		reg := cur[pos : pos+n]
		pos += n
		k := 0
		for k < len(roles) && roles[k].obs < int32(o) {
			k++
		}
		e := k
		for e < len(roles) && roles[e].obs == int32(o) {
			e++
		}
		rs := roles[k:e]
		if len(rs) == 0 {
			out = append(out, reg...)
			continue
		}
		switch ob.kind {
		case obsFlag:
			out = append(out, 1)
		case obsList:
			b := reg[0]
			for _, r := range rs {
				if b < 0 || r.v < b {
					b = r.v
				}
			}
			out = append(out, b)
		case obsTie:
			switch l := rs[0].v; {
			case l > reg[0]:
				out = append(out, l, 1, q)
			case l == reg[0] && !slices.Contains(reg[2:], q):
				set := append(slices.Clone(reg[2:]), q)
				slices.Sort(set)
				out = append(out, l, int32(len(set)))
				out = append(out, set...)
			default:
				out = append(out, reg...)
			}
		case obsSet:
			set := reg[1:]
			if !slices.Contains(set, q) {
				set = append(slices.Clone(set), q)
				slices.Sort(set)
			}
			out = append(out, int32(len(set)))
			out = append(out, set...)
		case obsLayer:
			set := slices.Clone(reg[1:])
			for _, r := range rs {
				set = ob.add(set, r.v)
			}
			out = append(out, int32(len(set)))
			out = append(out, set...)
		}
	}
	x.bufSum = out
	id := x.intern(out)
	x.applied[key] = id
	return id
}

// add adds field e to a layer's kept fields (sorted, none dominating
// another): the fields kept are those of all matched that no other
// dominates (domination is transitive), whatever the order of matching.
func (o *vObserver) add(set []int32, e int32) []int32 {
	if slices.Contains(set, e) {
		return set
	}
	for _, y := range set {
		if o.dominates(y, e) {
			return set
		}
	}
	n := 0
	for _, x := range set {
		if !o.dominates(e, x) {
			set[n] = x
			n++
		}
	}
	set = append(set[:n], e)
	slices.Sort(set)
	return set
}

// flagged reports whether summary sid marks /robots.txt.
func (x *vSearch) flagged(sid int32) bool { return x.sums[sid][0] != 0 }

// advance reads unit u from the live positions of a state with summary
// sid: the live positions after it that can still change the summary
// (sorted, in a scratch buffer), and the summary with the patterns that
// matched for good.
func (x *vSearch) advance(items []int32, u int, sid int32) ([]int32, int32) {
	raw := x.a.stepRaw(x.bufRaw[:0], items, u)
	x.bufRaw = raw
	matched, live := x.bufM[:0], x.bufLive[:0]
	for _, it := range raw {
		if it&matchedBit != 0 {
			matched = append(matched, it&^matchedBit)
		} else {
			live = append(live, it)
		}
	}
	if len(matched) > 0 {
		slices.Sort(matched)
		matched = slices.Compact(matched)
		sid = x.apply(sid, matched)
	}
	x.bufM = matched
	sortItems(live)
	out := live[:0]
	for k, it := range live {
		if (k > 0 && it == live[k-1]) || !x.relevant(sid, it>>16) {
			continue
		}
		out = append(out, it)
	}
	x.bufLive = out
	return out, sid
}

// bytes is the memory the search holds, as it counts it (the bound of
// VersionOptions.MaxBytes): fixed sizes, so that the count depends only
// on the work done.
func (x *vSearch) bytes() int {
	return x.a.numStates()*stateBytes + x.a.items*itemBytes + len(x.sums)*summaryBytes + 4*x.sumLen + len(x.applied)*appliedBytes + 8*x.relWords
}

// vWitness is a path where the versions answer a use differently.
type vWitness struct {
	path          string
	before, after Answer
}

// vJob is one crawler's use of one kind, as a search asks it.
type vJob struct {
	// ask asks both versions about a path.
	ask   func(path string) (before, after Answer)
	diffs []vWitness
	of    *vSearchOf
}

// vSearchOf is a search to run: a model, the jobs that read it, and how
// the search ended.
type vSearchOf struct {
	m    *vModel
	jobs []*vJob
	out  vOutcome
}

// seen reports whether the job has a witness with these deciding lines.
func (j *vJob) seen(before, after int) bool {
	for _, w := range j.diffs {
		if w.before.Line == before && w.after.Line == after {
			return true
		}
	}
	return false
}

// vOutcome is how a search ended.
type vOutcome struct {
	done   bool // every state was visited
	stop   VersionStop
	states int
}

// vBounds are the limits of one search.
type vBounds struct {
	maxStates, maxBytes int
	work                *int // states the comparison may still explore
	pace                *pace
	// perJob is how many witnesses a job keeps; once every job has them,
	// the search stops.
	perJob int
}

// run explores every state reachable from "/", asking the jobs (which
// read the same patterns alike) in each.
func (x *vSearch) run(jobs []*vJob, b vBounds) vOutcome {
	a := x.a
	var out vOutcome
	var items []int32
	for i := range a.pats {
		items = a.closure(items, i, 0)
	}
	items, pre := splitMatched(items)
	first, sum := x.advance(items, '/', x.apply(0, pre))
	start, _ := a.intern(first, sum, -1, '/')
	asked := map[int32]bool{}
	full := 0   // jobs with all their witnesses
	differ := 0 // jobs with a witness
	soft := -1  // once every job differs: the states after which the search stops
	queue := []int32{start}
	tick := 0
	for head := 0; head < len(queue) && full < len(jobs) && (soft < 0 || a.numStates() <= soft); head++ {
		switch {
		case b.pace.every(&tick, 8):
			out.stop = StopTime
		case a.numStates() > b.maxStates || (head%64 == 0 && x.bytes() > b.maxBytes):
			out.stop = StopStates
		case *b.work <= 0:
			out.stop = StopWork
		}
		if out.stop != 0 {
			break
		}
		*b.work--
		id := queue[head]
		st, sid := a.state(id)
		se := x.apply(sid, a.ends(st))
		for v := range 1 + b2i(x.flagged(se)) {
			k := se<<1 | int32(v)
			if asked[k] {
				continue
			}
			asked[k] = true
			units := a.path(id)
			p := witnessPath(units)
			if v == 1 {
				p = unitPath(units) // /robots.txt itself
			}
			for _, j := range jobs {
				if len(j.diffs) >= b.perJob {
					continue
				}
				before, after := j.ask(p)
				b.pace.every(&tick, 8)
				if answerKey(&before) == answerKey(&after) || j.seen(before.Line, after.Line) {
					continue
				}
				j.diffs = append(j.diffs, vWitness{path: p, before: before, after: after})
				full += b2i(len(j.diffs) == b.perJob)
				differ += b2i(len(j.diffs) == 1)
			}
		}
		if differ == len(jobs) && soft < 0 {
			// Every job differs: more witnesses are looked for as long
			// again as the first took.
			soft = 2 * max(a.numStates(), 1000)
		}
		if len(st) == 0 {
			continue // nothing can match any more: every longer path is alike
		}
		for _, u := range a.successors(st, nil) {
			b.pace.every(&tick, 8) // a state of many live positions takes long to expand
			next, nsum := x.advance(st, u, sid)
			if nid, isNew := a.intern(next, nsum, id, u); isNew {
				queue = append(queue, nid)
			}
		}
	}
	// Stopped by a bound, or once every job had its witnesses: not every
	// state was visited.
	out.done = out.stop == 0 && full < len(jobs) && (soft < 0 || a.numStates() <= soft)
	out.states = a.numStates()
	return out
}

// answerKey is what a publisher sees of an answer: allowed or not, the
// restrictions, today's preference and its channels; not the lines.
func answerKey(a *Answer) string {
	b := []byte{byte(b2i(a.Allowed)), byte(a.Preference), byte(b2i(a.Partial))}
	for _, c := range a.Channels {
		b = append(b, byte(c.Preference))
		b = append(b, c.Name...)
		b = append(b, 0)
	}
	rs := make([]string, len(a.Restrictions))
	for i, r := range a.Restrictions {
		rs[i] = r.String()
	}
	slices.Sort(rs)
	for i, r := range rs {
		if i == 0 || r != rs[i-1] {
			b = append(b, r...)
			b = append(b, 0)
		}
	}
	return string(b)
}
