package policy

import (
	"encoding/binary"
	"slices"
)

// The proof that two readings of crawl agree for one crawler (semantics
// §8, "Converting and comparing").
//
// Every reading involved decides crawl for a path from the set of its
// patterns that match the path. The prover reads paths unit by unit
// through the product of all those patterns (automaton.go) and keeps, in
// each state, two things: the live positions of the patterns that may still
// match, and a summary of the patterns that have matched for good (an
// unanchored pattern that matched a path matches every longer one). The
// summary keeps only what can still change an answer, reading by reading:
//
//   - a reading that takes the first matching rule of a list (RFC 9309:
//     longest pattern first, Allow first on a tie; the 1996 draft: the
//     record's order; the 1994 convention: its Disallow lines in order)
//     needs only the first rule of the list that has matched;
//   - an ACAP layer (the fields of the named records, or of the any-crawler
//     records, for crawl or for other) needs only the fields that can still
//     win or keep another from winning (layerModel.droppable); a layer that
//     an earlier one overrides needs nothing;
//   - the 2.0.0 proposal's reading keeps every pattern that matched.
//
// A pattern whose matching could no longer change any answer, given the
// summary, is dropped from the live positions. A pattern that begins with
// a wildcard ("/*.pdf$", "/*?sort=") can begin to match at every unit; its
// first positions are not stored in states but implied for every such
// pattern that is still relevant (matching it a second time changes
// nothing). Two paths that lead to the same state therefore get the same
// answers, however they go on, and the states are finite: the exploration,
// breadth first from "/", visits every state that a path reaches. In each
// state the real deciding code of the readings is asked about the shortest
// path that leads there. The readings agree on every path exactly when they
// agree in every state.
//
// Three readings take part: the source kind on the original file, the ACAP
// reading of the other file, and that ACAP reading with its patterns
// compared case-sensitively (the conventional lines are case-sensitive
// anyway). A difference is "of case" when the case-sensitive ACAP reading
// agrees with the source: ACAP's case folding alone makes it.

// listModel is a reading that takes the first matching rule of a list.
// What the list decides is observed through the rule that matched first;
// rules next to each other that no answer tells apart form a block, and
// only the block of the first rule matched is kept.
type listModel struct {
	on  bool
	idx []int32 // per pattern: the block of its first place in the list, or -1
}

// earlier returns pattern q's block when it comes before cur, the block
// matched first so far (-1: none).
func (l *listModel) earlier(q, cur int32) (int32, bool) {
	if !l.on {
		return cur, false
	}
	if i := l.idx[q]; i >= 0 && (cur < 0 || i < cur) {
		return i, true
	}
	return cur, false
}

// layerModel is one layer of ACAP fields (READING.md §3.2–3.4): the fields
// of one standing that count for one usage. Each element is a distinct
// pattern (as scope compares it) with a verdict.
type layerModel struct {
	elems []layerElem
	// block[e], made on first use, is the set of elements of the other
	// side that are not narrower than e: those e keeps from winning.
	block [][]uint64
}

type layerElem struct {
	pat   int32 // the automaton pattern
	allow bool
	scope *Pattern
	stoks []uint16 // scope's tokens, for narrower
	// twin is the first element (in the order the fields are read) that
	// no answer tells apart from this one when both match (twins).
	twin int32
}

// elemRef names an element of a layer of one of the ACAP readings.
type elemRef struct {
	reading uint8 // 0: the ACAP reading; 1: the same, case-sensitive
	layer   uint8
	e       int32
}

// The layers, in the order the ACAP reading asks them for crawl (semantics
// §3.2 and §3.5; a question without a purpose sees no sub-record).
const (
	layerCrawlNamed = iota
	layerCrawlAny
	layerOtherNamed
	layerOtherAny
	numLayers
)

// proofModel is what one crawler's readings consult.
type proofModel struct {
	pats []autPattern
	// float[q] is, for a pattern that begins with a wildcard ("/*.pdf",
	// or "*.pdf" where RFC 9309 reads it), the position of its first
	// literal, which it waits for at every unit; 0 for other patterns.
	// Positions up to it are implied, not stored.
	float []int32
	// src is the source reading when it takes the first match of a list;
	// otherwise srcSet marks the patterns it consults, all kept.
	src    listModel
	srcSet []bool
	conv   listModel // the conventional side of the ACAP readings
	layers [2][numLayers]layerModel
	roles  [][]elemRef // per pattern: its elements in the layers
	// unfinished, until finish, is the conventional list whose blocks,
	// and the layers' twins, are not worked out yet.
	unfinished *convList
	// class numbers the patterns by what their matching changes
	// (unionClasses); -1: none.
	class []int32
	pace  *pace // CompareOptions.Yield and the time cap
}

// joinsSrcSet reports whether pattern q is one the source consults
// (srcSet) that has not matched in s yet.
func (m *proofModel) joinsSrcSet(q int32, s *summary) bool {
	return m.srcSet != nil && m.srcSet[q] && !slices.Contains(s.srcSet, q)
}

// roleOpen reports whether element r is not yet kept in s, in a layer
// that can still decide.
func (m *proofModel) roleOpen(r elemRef, s *summary) bool {
	return layerAsked(int(r.layer), s, int(r.reading)) && !slices.Contains(s.keep[r.reading][r.layer], r.e)
}

// summary is what a state keeps of the patterns that have matched for
// good.
type summary struct {
	src, conv int32   // first matched place in the lists (-1: none)
	srcSet    []int32 // with srcSet: the source's patterns matched
	keep      [2][numLayers][]int32
}

// prover explores one crawler's product automaton.
type prover struct {
	m *proofModel
	a *automaton
	// Summaries, interned.
	sums    []summary
	sumIDs  map[string]int32
	applied map[[2]int32]int32
	sumData []sumData // per summary, made on first use
	keyBuf  []byte
	// starts[u] are the floating patterns whose first literal accepts
	// unit u (startsOK[u] once made).
	starts   [numUnits][]int32
	startsOK [numUnits]bool
	bufN     []int32
	bufRaw   []int32
	bufKeep  []bool
	bufCand  [][3]int32
	bufOrder []int
	bufKept  [][3]int32
	// subsumed keeps, by the numbers of a state's items at wildcards,
	// those subsume drops.
	subsumed  map[string][]int32
	bufSubKey []byte
	// The wildcard positions subsume weighs: their number by pattern and
	// position, each position by number, and includes, cached (0: not
	// known, 1: yes, 2: no).
	starOrd [][]int32
	starAt  []int32
	incl    []int8
	// floats are the floating patterns (float above zero), in order.
	floats []int32
	// sumBytes and subBytes count what summaries and subsume hold
	// beyond their fixed sizes (bytes).
	sumBytes, subBytes int
}

// sumData is what a summary implies for the exploration.
type sumData struct {
	rel     []uint64 // the patterns still relevant, of those known
	known   []uint64 // the patterns whose relevance is worked out
	waiting []int    // units that a relevant floating pattern's first literal names
}

func newProver(m *proofModel) *prover {
	p := &prover{m: m, a: newAutomaton(m.pats), sumIDs: map[string]int32{}, applied: map[[2]int32]int32{}}
	p.intern(summary{src: -1, conv: -1})
	return p
}

func (p *prover) intern(s summary) int32 {
	b := p.keyBuf[:0]
	b = binary.LittleEndian.AppendUint32(b, uint32(s.src))
	b = binary.LittleEndian.AppendUint32(b, uint32(s.conv))
	b = appendList(b, s.srcSet)
	for r := range s.keep {
		for l := range s.keep[r] {
			b = appendList(b, s.keep[r][l])
		}
	}
	p.keyBuf = b
	if id, ok := p.sumIDs[string(b)]; ok {
		return id
	}
	id := int32(len(p.sums))
	p.sums = append(p.sums, s)
	p.sumIDs[string(b)] = id
	p.sumBytes += 2 * len(b) // the key, and the lists it was made of
	p.sumData = append(p.sumData, sumData{})
	return id
}

func appendList(b []byte, xs []int32) []byte {
	b = binary.LittleEndian.AppendUint32(b, uint32(len(xs)))
	for _, x := range xs {
		b = binary.LittleEndian.AppendUint32(b, uint32(x))
	}
	return b
}

// apply returns the summary after patterns matched for good join those of
// summary id, one at a time (each step keeps the answers of every path, so
// the steps together do too).
func (p *prover) apply(id int32, matched []int32) int32 {
	for _, q := range matched {
		id = p.apply1(id, q)
	}
	return id
}

// apply1 returns the summary after pattern q matched for good. A pattern
// that had matched before may match again (floating patterns are always
// waiting): that changes no answer, as the summary already answers for it.
func (p *prover) apply1(id, q int32) int32 {
	key := [2]int32{id, q}
	if next, ok := p.applied[key]; ok {
		return next
	}
	m := p.m
	s := p.sums[id]
	if i, ok := m.src.earlier(q, s.src); ok {
		s.src = i
	}
	if i, ok := m.conv.earlier(q, s.conv); ok {
		s.conv = i
	}
	if m.joinsSrcSet(q, &s) {
		s.srcSet = append(slices.Clone(s.srcSet), q)
		slices.Sort(s.srcSet)
	}
	for _, r := range m.roles[q] {
		keep := s.keep[r.reading][r.layer]
		if !m.roleOpen(r, &s) {
			continue
		}
		keep = append(slices.Clone(keep), r.e)
		slices.Sort(keep)
		s.keep[r.reading][r.layer] = m.layers[r.reading][r.layer].reduce(keep)
	}
	for r := range s.keep {
		order(&s, r)
	}
	next := p.intern(s)
	p.applied[key] = next
	return next
}

// order empties the layers ACAP reading r no longer asks (layerAsked),
// in the order they are asked.
func order(s *summary, r int) {
	for l := range s.keep[r] {
		if !layerAsked(l, s, r) {
			s.keep[r][l] = nil
		}
	}
}

// layerAsked reports whether layer l of ACAP reading r can still decide,
// given what has matched for good: not the any-crawler records' fields
// once a named record's field matches; not the fields for other once a
// field for crawl or a conventional rule matches (READING.md §3.5).
func layerAsked(l int, s *summary, r int) bool {
	k := &s.keep[r]
	switch l {
	case layerCrawlAny:
		return len(k[layerCrawlNamed]) == 0
	case layerOtherNamed:
		return len(k[layerCrawlNamed])+len(k[layerCrawlAny]) == 0 && s.conv < 0
	case layerOtherAny:
		return len(k[layerCrawlNamed])+len(k[layerCrawlAny])+len(k[layerOtherNamed]) == 0 && s.conv < 0
	}
	return true
}

// narrower reports whether element a's pattern is strictly narrower than
// element b's (CompareScope).
func (lm *layerModel) narrower(a, b int32) bool {
	return scopeClassToks(lm.elems[a].stoks, lm.elems[b].stoks) == -1
}

// blocks returns the elements of the other side that are not narrower than
// element e.
func (lm *layerModel) blocks(e int32) []uint64 {
	if lm.block == nil {
		lm.block = make([][]uint64, len(lm.elems))
	}
	if b := lm.block[e]; b != nil {
		return b
	}
	b := make([]uint64, (len(lm.elems)+63)/64)
	for f := range lm.elems {
		if lm.elems[f].allow != lm.elems[e].allow && !lm.narrower(int32(f), e) {
			b[f>>6] |= 1 << (f & 63)
		}
	}
	lm.block[e] = b
	return b
}

// droppable reports whether element x can be left out of a layer whose
// matched elements are rest (x may be among them), without changing, for
// any fields that match later, the layer's answer, whether it is
// undecided, or (when it is decided) its deciding field (READING.md §3.4 as
// narrowest implements it: a side wins when one of its fields is narrower
// than every field of the other side; the deciding field is the first of
// those that none of them is narrower than). Either:
//
//  1. another element of x's side in rest is narrower than x. Whatever
//     matches later, if x is narrower than every field of the other side,
//     so is that element (the scope order is transitive), and it is
//     narrower than x: x is never the deciding field, and any field x is
//     narrower than, that element is narrower than too; nor does x add a
//     condition for the other side: a field narrower than that element is
//     narrower than x.
//  2. x can never win (an element of the other side in rest is not wider
//     than x; it stays matched), and every field of the other side that x
//     keeps from winning, an element of x's side in rest keeps from
//     winning too: x changes neither which fields of the other side can
//     win nor which of its own side can (those depend only on the other
//     side's fields).
func (lm *layerModel) droppable(x int32, rest []int32) bool {
	side := lm.elems[x].allow
	opp := false
	tx := lm.elems[x].twin
	for _, y := range rest {
		if y == x {
			continue
		}
		if lm.elems[y].allow == side {
			if (lm.elems[y].twin == tx && y < x) || lm.narrower(y, x) {
				return true
			}
		} else if !opp && !lm.narrower(x, y) {
			opp = true
		}
	}
	if !opp {
		return false
	}
	bx := lm.blocks(x)
	for w, bits := range bx {
		if bits == 0 {
			continue
		}
		var cover uint64
		for _, y := range rest {
			if y != x && lm.elems[y].allow == side {
				cover |= lm.blocks(y)[w]
			}
		}
		if bits&^cover != 0 {
			return false
		}
	}
	return true
}

// reduce drops from a layer's matched elements (sorted) those that cannot
// change its answer, one at a time.
func (lm *layerModel) reduce(keep []int32) []int32 {
	for changed := true; changed && len(keep) > 1; {
		changed = false
		for i, x := range keep {
			if lm.droppable(x, keep) {
				keep = slices.Delete(keep, i, i+1)
				changed = true
				break
			}
		}
	}
	return keep
}

// data returns what summary id implies: the units the relevant floating
// patterns wait for, and room for which patterns are relevant, worked out
// when asked (relevant). A state asks only about its live positions and
// the floating patterns, so a summary costs work in proportion to those,
// not to all the patterns.
func (p *prover) data(id int32) *sumData {
	d := &p.sumData[id]
	if d.rel != nil {
		return d
	}
	m := p.m
	if p.floats == nil {
		p.floats = []int32{}
		for q := range m.pats {
			if m.float[q] > 0 {
				p.floats = append(p.floats, int32(q))
			}
		}
	}
	d.rel = make([]uint64, (len(m.pats)+63)/64)
	d.known = make([]uint64, len(d.rel))
	p.sumBytes += 16 * len(d.rel)
	var seen [numUnits]bool
	for _, q := range p.floats {
		if !p.relevant(id, q) {
			continue
		}
		if w := m.float[q]; w > 0 {
			ap := &m.pats[q]
			t := ap.toks[w]
			for _, u := range [2]int{t, foldedTwin(t, ap.fold)} {
				if u >= 0 && !seen[u] {
					seen[u] = true
					d.waiting = append(d.waiting, u)
				}
			}
		}
	}
	return d
}

// relevant reports whether pattern q, matching for good, would change
// summary id (patternRelevant), once worked out for each pair.
func (p *prover) relevant(id, q int32) bool {
	d := &p.sumData[id]
	bit := uint64(1) << (q & 63)
	if d.known[q>>6]&bit == 0 {
		d.known[q>>6] |= bit
		if p.patternRelevant(q, &p.sums[id]) {
			d.rel[q>>6] |= bit
		}
	}
	return d.rel[q>>6]&bit != 0
}

// foldedTwin returns the upper-case unit a case-insensitive lower-case
// letter also accepts, or -1.
func foldedTwin(t int, fold bool) int {
	if fold && 'a' <= t && t <= 'z' {
		return t - 'a' + 'A'
	}
	return -1
}

// patternRelevant reports whether pattern q, matching for good, would
// change summary s (apply1).
func (p *prover) patternRelevant(q int32, s *summary) bool {
	m := p.m
	if _, ok := m.src.earlier(q, s.src); ok {
		return true
	}
	if _, ok := m.conv.earlier(q, s.conv); ok {
		return true
	}
	if m.joinsSrcSet(q, s) {
		return true
	}
	for _, r := range m.roles[q] {
		if m.roleOpen(r, s) && !m.layers[r.reading][r.layer].droppable(r.e, s.keep[r.reading][r.layer]) {
			return true
		}
	}
	return false
}

// startsWith returns the floating patterns whose first literal accepts u.
func (p *prover) startsWith(u int) []int32 {
	if !p.startsOK[u] {
		p.startsOK[u] = true
		for q, w := range p.m.float {
			if w > 0 && tokMatches(p.m.pats[q].toks[w], u, p.m.pats[q].fold) {
				p.starts[u] = append(p.starts[u], int32(q))
			}
		}
	}
	return p.starts[u]
}

// proofResult is the outcome of one crawler's proof.
type proofResult struct {
	// done: every state was visited; differs: a difference that is not
	// of case was found (the search may stop there).
	done, differs bool
	// unsettled: a search without the ACAP reading itself (caseFree)
	// found a path where the case-sensitive ACAP reading differs from the
	// source while the ACAP reading does not; it proves nothing then.
	unsettled bool
	// caseOpen: no difference other than of case was proved, but whether
	// there is one of case was not settled.
	caseOpen bool
	states   int
	// caseFound and otherFound count the witnesses found (distinct pairs
	// of deciding lines), of case and not; more those not kept.
	caseFound, otherFound int
	more                  int
	otherStates           int
	witnesses             []Difference
	// timeStopped: the time cap stopped the search (nothing is claimed,
	// and the result is not kept for later comparisons); overWork: the
	// comparison's MaxWork left no room for it.
	timeStopped, overWork bool
}

// proofBounds are the limits of one crawler's proof.
type proofBounds struct {
	maxStates int
	maxBytes  int
	tcap      *timeCap
	yield     func()
	// stopAt, when above zero, stops the search once that many witnesses
	// that are not of case were found; stopCase the same for witnesses of
	// case.
	stopAt, stopCase int
	// caseFree leaves the ACAP reading out: the search compares the source
	// with the case-sensitive ACAP reading (see proveOne).
	caseFree bool
}

// answers are the readings' answers for one path.
type answers struct {
	src, dst, dstCase Answer
	path              string
}

// caseOnly reports whether a difference comes from ACAP's case folding:
// the case-sensitive ACAP reading agrees with the source.
func (a *answers) caseOnly() bool { return a.dstCase.Allowed == a.src.Allowed }

// answerer asks the real deciding code of the readings about a path.
type answerer func(units []int) *answers

// run explores every state reachable from "/".
func (p *prover) run(name string, b proofBounds, decide answerer) proofResult {
	a := p.a
	var res proofResult
	// The state after the leading '/'.
	var items, pre []int32
	for i := range a.pats {
		if !a.pats[i].never {
			items = a.closure(items, i, 0)
		}
	}
	items, pre = splitMatched(items)
	sid := int32(0)
	if len(pre) > 0 {
		sid = p.apply(sid, pre)
	}
	first, sum := p.advance(items, '/', sid, false)
	start, _ := a.intern(first, sum, -1, '/')
	cache := map[string]*answers{}
	cacheBytes := 0
	seen := map[[3]int]bool{}
	var key []byte
	queue := []int32{start}
	// pause lets a page draw within a state's expansion and reports
	// whether the time cap has passed.
	pause := func() bool {
		if b.yield != nil {
			b.yield()
		}
		return b.tcap.stop()
	}
	for head := 0; head < len(queue); head++ {
		if head%4 == 0 && b.yield != nil {
			b.yield()
		}
		if a.numStates() > b.maxStates || (head%64 == 0 && p.bytes()+cacheBytes > b.maxBytes) {
			res.states = a.numStates()
			return res
		}
		if head%16 == 0 && b.tcap.stop() {
			res.states = a.numStates()
			res.timeStopped = true
			return res
		}
		id := queue[head]
		st, sid := a.state(id)
		key = binary.LittleEndian.AppendUint32(key[:0], uint32(sid))
		for _, q := range a.ends(st) {
			key = binary.LittleEndian.AppendUint32(key, uint32(q))
		}
		ap := cache[string(key)]
		if ap == nil {
			ap = decide(a.path(id))
			cache[string(key)] = ap
			cacheBytes += answersBytes + len(key) + len(ap.path)
		}
		// The answers the state settles: those of every path to it.
		against := ap.dst.Allowed
		if b.caseFree {
			against = ap.dstCase.Allowed
		}
		if ap.src.Allowed != against {
			units := a.path(id)
			if witnessPath(units) != ap.path {
				// The deciding lines are the path's own (and, in a search
				// without it, so is the ACAP reading's answer).
				ap = decide(units)
			}
			if ap.src.Allowed == ap.dst.Allowed {
				// Only in a search without the ACAP reading: here the ACAP
				// reading agrees; another path to this state may not.
				res.unsettled = true
			} else {
				co := ap.caseOnly()
				if !co {
					res.otherStates++
					res.differs = true
				}
				wkey := [3]int{ap.src.Line, ap.dst.Line, b2i(co)}
				if !seen[wkey] {
					seen[wkey] = true
					found := &res.otherFound
					if co {
						found = &res.caseFound
					}
					*found++
					if *found > maxWitnesses {
						res.more++
					} else {
						res.witnesses = append(res.witnesses, Difference{Crawler: name, Path: witnessURL(ap.path),
							Source: ap.src.Allowed, SourceLine: ap.src.Line, ACAP: ap.dst.Allowed, ACAPLine: ap.dst.Line, CaseOnly: co,
							caseLine: ap.dstCase.Line})
					}
					if (b.stopAt > 0 && res.otherFound >= b.stopAt) || (b.stopCase > 0 && res.caseFound >= b.stopCase) {
						res.states = a.numStates()
						return res
					}
				}
			}
		}
		if p.expand(id, st, sid, &queue, pause) {
			res.states = a.numStates()
			res.timeStopped = true
			return res
		}
	}
	res.done = true
	res.states = a.numStates()
	return res
}

// The prover's memory, as it counts it (MaxBytes): sizes fixed here, not
// measured, so that the count, and the bound, depend only on the work
// done, the same on every machine. They follow what Go allocates on a
// 64-bit machine, map entries with their share of the buckets.
const (
	stateBytes   = 64  // per state: offsets, summary, chain, parent, unit, index entry, queue
	itemBytes    = 4   // per live position of a state
	summaryBytes = 160 // per summary: the summary, its interned key and index entry
	appliedBytes = 40  // per step of a summary remembered (apply1)
	// answersBytes is what the search keeps per state whose answers it
	// asked: three answers without their traces, and the index entry.
	answersBytes = 600
)

// bytes returns the memory the prover holds (MaxBytes), without the
// answers run keeps.
func (p *prover) bytes() int {
	a := p.a
	n := a.numStates()*stateBytes + a.items*itemBytes + len(p.sums)*summaryBytes + p.sumBytes +
		len(p.applied)*appliedBytes + len(p.incl) + p.subBytes
	return n
}

// expand adds the states one unit after state id to the queue. Every
// few units it calls pause, which lets a page draw (a state of many live
// positions takes long to expand); when pause reports that the time is
// up, expand stops and reports it, the state half expanded.
func (p *prover) expand(id int32, st []int32, sid int32, queue *[]int32, pause func() bool) (stopped bool) {
	a := p.a
	d := p.data(sid)
	if len(st) == 0 && len(d.waiting) == 0 {
		return false // nothing can match any more: every longer path is alike
	}
	for k, u := range a.successors(st, d.waiting) {
		if k%8 == 7 && pause() {
			return true
		}
		next, nsum := p.advance(st, u, sid, true)
		if nid, isNew := a.intern(next, nsum, id, u); isNew {
			*queue = append(*queue, nid)
		}
	}
	return false
}

// advance reads unit u from the stored live positions of a state with
// summary sid: the stored positions after it (sorted, in a scratch
// buffer), and the summary with the patterns that matched for good. With
// waiting, the relevant floating patterns wait at their first literal
// (after the leading '/'; before it, items holds their first positions).
func (p *prover) advance(items []int32, u int, sid int32, waiting bool) ([]int32, int32) {
	a := p.a
	m := p.m
	raw := a.stepRaw(p.bufRaw[:0], items, u)
	p.data(sid)
	if waiting {
		for _, q := range p.startsWith(u) {
			if p.relevant(sid, q) {
				raw = a.closure(raw, int(q), int(m.float[q])+1)
			}
		}
	}
	matched := p.bufN[:0]
	live := raw[:0]
	for _, it := range raw {
		if it&matchedBit != 0 {
			matched = append(matched, it&^matchedBit)
		} else if q := it >> 16; it&0xffff > m.float[q] {
			live = append(live, it)
		}
	}
	p.bufRaw = raw
	if len(matched) > 0 {
		slices.Sort(matched)
		matched = slices.Compact(matched)
		sid = p.apply(sid, matched)
		p.data(sid)
	}
	p.bufN = matched
	sortItems(live)
	out := live[:0]
	for k, it := range live {
		q := it >> 16
		if (k > 0 && it == live[k-1]) || !p.relevant(sid, q) {
			continue
		}
		if len(matched) > 0 && slices.Contains(matched, q) {
			continue
		}
		out = append(out, it)
	}
	return p.subsume(out), sid
}

// subsume drops from a state's items (sorted) those another item makes
// unnecessary: of the items at a wildcard (a pattern waiting there for the
// rest of it, with the item of the position after the wildcard, which the
// wildcard matching nothing gives), one of a pattern of the same class
// (unionClasses) whose remaining tokens accept every path the dropped
// one's accept (globIncludes), and the item after it. Wherever the dropped
// item would lead its pattern to match, the other's pattern matches too,
// at the same unit or before, and no answer tells the two matches apart.
// Of two items that accept the same paths, the first is kept.
func (p *prover) subsume(items []int32) []int32 {
	if len(items) < 2 {
		return items
	}
	m := p.m
	if p.starOrd == nil {
		p.numberStars()
	}
	// The items at a wildcard, by class.
	// Sorted by class, then index, as one number (a sort of its own for
	// the triples would add to the WebAssembly's size).
	order := p.bufOrder[:0]
	for i, it := range items {
		if p.starOrd[it>>16][it&0xffff] >= 0 {
			order = append(order, int(m.class[it>>16])<<32|i)
		}
	}
	p.bufOrder = order
	if len(order) < 2 {
		return items
	}
	slices.Sort(order)
	cand := p.bufCand[:0]
	for _, k := range order {
		i := int32(k & 0xffffffff)
		it := items[i]
		cand = append(cand, [3]int32{int32(k >> 32), i, p.starOrd[it>>16][it&0xffff]})
	}
	p.bufCand = cand
	// States share their items at wildcards more often than the rest:
	// which of them to drop is kept by their numbers.
	key := p.bufSubKey[:0]
	for _, c := range cand {
		key = append(key, byte(c[2]), byte(c[2]>>8), byte(c[2]>>16))
	}
	p.bufSubKey = key
	dropOrd, ok := p.subsumed[string(key)]
	if !ok {
		dropOrd = p.subsumedOrds(cand)
		if p.subsumed == nil {
			p.subsumed = map[string][]int32{}
		}
		p.subsumed[string(key)] = dropOrd
		p.subBytes += 48 + len(key) + 4*len(dropOrd)
	}
	if len(dropOrd) == 0 {
		return items
	}
	var drop []int32
	for _, c := range cand {
		if slices.Contains(dropOrd, c[2]) {
			drop = append(drop, c[1])
		}
	}
	keep := p.bufKeep[:0]
	for range items {
		keep = append(keep, true)
	}
	for _, i := range drop {
		keep[i] = false
		// The position after the wildcard goes with it.
		if k := i + 1; int(k) < len(items) && items[k] == items[i]+1 {
			keep[k] = false
		}
	}
	p.bufKeep = keep
	out := items[:0]
	for i, it := range items {
		if keep[i] {
			out = append(out, it)
		}
	}
	return out
}

// subsumedOrds returns the wildcard positions (by number) that others make
// unnecessary, of the candidates of a state (class, index, number; sorted
// by class, then index).
func (p *prover) subsumedOrds(cand [][3]int32) []int32 {
	// In each class, the items no other makes unnecessary, found in the
	// items' order: an item is dropped when one kept includes it (so of
	// two that accept the same paths, the first stays), and drops those
	// kept that it includes.
	var drop []int32
	kept := p.bufKept[:0]
	for g := 0; g < len(cand); {
		h := g + 1
		for h < len(cand) && cand[h][0] == cand[g][0] {
			h++
		}
		if h-g > 1 {
			kept = kept[:0]
		items:
			for _, b := range cand[g:h] {
				for _, a := range kept {
					if p.includes(a[2], b[2]) {
						drop = append(drop, b[2])
						continue items
					}
				}
				n := 0
				for _, a := range kept {
					if p.includes(b[2], a[2]) {
						drop = append(drop, a[2])
					} else {
						kept[n] = a
						n++
					}
				}
				kept = append(kept[:n], b)
			}
		}
		g = h
	}
	p.bufKept = kept
	return drop
}

// numberStars numbers the wildcard positions of the patterns that have a
// class (starOrd, -1 elsewhere).
func (p *prover) numberStars() {
	m := p.m
	p.starOrd = make([][]int32, len(m.pats))
	n := int32(0)
	for q := range m.pats {
		ords := make([]int32, len(m.pats[q].toks)+1)
		for pos := range ords {
			ords[pos] = -1
			if pos < len(m.pats[q].toks) && m.pats[q].toks[pos] == tokStar && m.class[q] >= 0 {
				ords[pos] = n
				p.starAt = append(p.starAt, int32(q)<<16|int32(pos))
				n++
			}
		}
		p.starOrd[q] = ords
	}
	p.incl = make([]int8, int(n)*int(n))
}

// includes reports whether the remaining tokens of the wildcard position
// numbered a accept every path those of b accept (cached).
func (p *prover) includes(a, b int32) bool {
	k := int(a)*len(p.starAt) + int(b)
	if v := p.incl[k]; v != 0 {
		return v == 1
	}
	ia, ib := p.starAt[a], p.starAt[b]
	pa, pb := &p.m.pats[ia>>16], &p.m.pats[ib>>16]
	v := globIncludes(pa.toks[ia&0xffff:], pa.fold, pa.anchored, pb.toks[ib&0xffff:], pb.fold, pb.anchored)
	p.incl[k] = int8(2 - b2i(v))
	return v
}

// splitMatched separates what a closure or a step gives into live
// positions and patterns that matched for good (sorted, once each).
func splitMatched(items []int32) (live, matched []int32) {
	for _, it := range items {
		if it&matchedBit != 0 {
			matched = append(matched, it&^matchedBit)
		} else {
			live = append(live, it)
		}
	}
	slices.Sort(matched)
	return live, slices.Compact(matched)
}

// sortItems sorts a state's items: what a step gives is mostly in order
// already (items are read in order, and each gives its next positions),
// so an insertion sort does it in about one pass; a long list that is not
// goes to the general sort.
func sortItems(xs []int32) {
	if len(xs) > 64 {
		slices.Sort(xs)
		return
	}
	for i := 1; i < len(xs); i++ {
		x := xs[i]
		j := i
		for j > 0 && xs[j-1] > x {
			xs[j] = xs[j-1]
			j--
		}
		xs[j] = x
	}
}
