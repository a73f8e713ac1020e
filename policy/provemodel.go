package policy

import (
	"slices"
	"sync"
)

// What a crawler's proof model observes (prove.go): which rules of a list,
// and which fields of a layer, no answer tells apart. Two patterns that no
// path matches together are never weighed against each other, so a
// comparison between them is left open ("any"): once one of them has
// matched for good, no longer path matches the other.

// tick lets the page draw (CompareOptions.Yield) in the phases of a
// proof that may take long, and reports whether the time cap stopped the
// work.
func (m *proofModel) tick() bool { return m.pace.tick() }

// places returns, for each pattern, the block of its first place in a list
// (the list's patterns in order, and the block of each place).
func (m *proofModel) places(list []int32, blocks []int32) []int32 {
	idx := make([]int32, len(m.pats))
	for i := range idx {
		idx[i] = -1
	}
	for i, q := range list {
		if idx[q] < 0 {
			idx[q] = blocks[i]
		}
	}
	return idx
}

// verdictBlocks numbers the runs of rules with the same verdict: where only
// a list's answer is observed, a rule's place matters only as far as the
// first rule of another verdict before it.
func verdictBlocks(allow []bool) []int32 {
	blocks := make([]int32, len(allow))
	for i := range allow {
		if i > 0 {
			blocks[i] = blocks[i-1]
			if allow[i] != allow[i-1] {
				blocks[i]++
			}
		}
	}
	return blocks
}

// anyCmp marks a comparison left open in a profile: the two patterns
// never match one path together.
const anyCmp int8 = -128

// compatible reports whether two profiles agree wherever neither is open.
func compatible(a, b []int8) bool {
	for i := range a {
		if a[i] != b[i] && a[i] != anyCmp && b[i] != anyCmp {
			return false
		}
	}
	return true
}

// weighing is, for the conventional rules of the ACAP readings and the
// crawl-layer elements they are weighed against when their answers
// disagree (READING.md §4: only on the same footing, named or any, and only
// an element of the other verdict), how each pair compares; a pair that no
// path matches together is open (anyCmp). Only the comparisons that are
// not open are kept, by rule: a long run of rules of one verdict (a group
// of thousands of Disallow prefixes) has none, and costs nothing.
type weighing struct {
	tick  func() bool
	layer int          // the crawl layer of the conventional rules' footing
	rows  [][]wEntry   // [rule]: its comparisons that are not open, by k
	n0    int          // the elements of reading 0's layer
	cols  [2][][]int32 // [reading][element]: the rules it has a comparison with
}

// wEntry is a comparison of a rule with element k (reading*n0 + element).
type wEntry struct {
	k int32
	v int8
}

// at returns how rule i compares with element k (anyCmp: open).
func (w *weighing) at(i int, k int32) int8 {
	row := w.rows[i]
	j, ok := slices.BinarySearchFunc(row, k, func(e wEntry, k int32) int { return int(e.k - k) })
	if !ok {
		return anyCmp
	}
	return row[j].v
}

// weighing weighs the conventional rules against the crawl-layer elements
// of their footing; nil when the time cap stopped it.
func (m *proofModel) weighing(convPats []*Pattern, convIDs []int32, convAllow []bool, convNamed bool) *weighing {
	w := &weighing{layer: layerCrawlAny, tick: m.tick}
	if convNamed {
		w.layer = layerCrawlNamed
	}
	w.n0 = len(m.layers[0][w.layer].elems)
	for r := range m.layers {
		w.cols[r] = make([][]int32, len(m.layers[r][w.layer].elems))
	}
	for i, p := range convPats {
		if m.tick() {
			return nil
		}
		var acap *Pattern
		var row []wEntry
		for r := range m.layers {
			lm := &m.layers[r][w.layer]
			for e := range lm.elems {
				if lm.elems[e].allow == convAllow[i] || !coMatch(&m.pats[lm.elems[e].pat], &m.pats[convIDs[i]]) {
					continue
				}
				if acap == nil {
					ap := CompilePattern(p.Raw(), MatchACAP)
					acap = &ap
				}
				row = append(row, wEntry{int32(r*w.n0 + e), scopeClass(lm.elems[e].scope, acap)})
				w.cols[r][e] = append(w.cols[r][e], int32(i))
			}
		}
		w.rows = append(w.rows, row)
	}
	return w
}

// convBlocks numbers the runs of conventional rules that no answer tells
// apart: the same verdict, and compatible comparisons with every element
// they may be weighed against (each rule of a run with each other: a
// rule matched later may fall between two of the run). Rules compare
// alike pairwise exactly when, for each element, the comparisons that are
// not open agree: the run keeps, by element, the one it has, so each rule
// is weighed once (in proportion to its comparisons, not to the run).
// It returns nil when the time cap stopped it.
func (w *weighing) convBlocks(convAllow []bool) []int32 {
	blocks := make([]int32, len(convAllow))
	run := map[int32]int8{}
	for i := range convAllow {
		if i%256 == 0 && w.tick() {
			return nil
		}
		same := i > 0 && convAllow[i] == convAllow[i-1]
		for _, e := range w.rows[i] {
			if !same {
				break
			}
			if v, ok := run[e.k]; ok && v != e.v {
				same = false
			}
		}
		if i > 0 {
			blocks[i] = blocks[i-1]
			if !same {
				blocks[i]++
			}
		}
		if !same {
			clear(run)
		}
		for _, e := range w.rows[i] {
			run[e.k] = e.v
		}
	}
	return blocks
}

// relTable compares two elements of a layer: at(x, y) is 1 when x is
// narrower than y, 2 when wider, 3 when alike, 0 when they cannot be
// ordered, anyCmp when no path matches both. Comparisons are made when
// first asked (a long run of one verdict asks none), and kept; the table
// may be shared by crawlers proved in parallel. Each element's
// comparisons with either side are kept apart, by the other element's rank
// in its side, so that a long side compared only with a short one costs
// memory in proportion to the two sides' product, not to the layer's
// square.
type relTable struct {
	mu   sync.Mutex
	m    *proofModel // the model of the crawler that made it (patterns)
	lm   *layerModel
	rank []int32     // each element's place among those of its verdict
	size [2]int      // the elements of each verdict (disallow, allow)
	rows [][2][]int8 // made on first use; relUnknown: not compared yet
}

// relUnknown marks a comparison not made yet.
const relUnknown int8 = 127

// scopeRelations returns the comparisons of a layer's elements.
func (m *proofModel) scopeRelations(lm *layerModel) *relTable {
	t := &relTable{m: m, lm: lm, rank: make([]int32, len(lm.elems)), rows: make([][2][]int8, len(lm.elems))}
	for e := range lm.elems {
		s := b2i(lm.elems[e].allow)
		t.rank[e] = int32(t.size[s])
		t.size[s]++
	}
	return t
}

func (t *relTable) at(x, y int) int8 {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.get(x, y)
}

// otherSide appends x's comparisons with the elements of the other
// verdict, in order.
func (t *relTable) otherSide(x int, out []int8) []int8 {
	t.mu.Lock()
	defer t.mu.Unlock()
	side := t.lm.elems[x].allow
	for z := range t.lm.elems {
		if t.lm.elems[z].allow != side {
			out = append(out, t.get(x, z))
		}
	}
	return out
}

// row returns every comparison of x (a copy).
func (t *relTable) row(x int) []int8 {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := make([]int8, len(t.rows))
	for y := range out {
		out[y] = t.get(x, y)
	}
	return out
}

func (t *relTable) get(x, y int) int8 {
	if x == y {
		return 0
	}
	s := b2i(t.lm.elems[y].allow)
	r := t.rows[x][s]
	if r == nil {
		r = make([]int8, t.size[s])
		for i := range r {
			r[i] = relUnknown
		}
		t.rows[x][s] = r
	}
	if v := r[t.rank[y]]; v != relUnknown {
		return v
	}
	ex, ey := &t.lm.elems[x], &t.lm.elems[y]
	var v int8
	switch {
	case !coMatch(&t.m.pats[ex.pat], &t.m.pats[ey.pat]):
		v = anyCmp
	default:
		switch scopeClass(ex.scope, ey.scope) {
		case -1:
			v = 1
		case 1:
			v = 2
		case 2:
			v = 3
		}
	}
	r[t.rank[y]] = v
	return v
}

// coMatch reports whether some path may be matched by both patterns. It
// answers false only when none is: when the literal starts of the two
// patterns (before their first wildcard) disagree, or, for patterns that
// must match up to the path's end, their literal ends.
func coMatch(a, b *autPattern) bool {
	if a.never || b.never {
		return false
	}
	if !literalsAgree(a.toks, b.toks, a.fold || b.fold, a.anchored && !hasStar(a.toks), b.anchored && !hasStar(b.toks)) {
		return false
	}
	if a.anchored && b.anchored {
		ra, rb := slices.Clone(a.toks), slices.Clone(b.toks)
		slices.Reverse(ra)
		slices.Reverse(rb)
		if !literalsAgree(ra, rb, a.fold || b.fold, false, false) {
			return false
		}
	}
	return true
}

func hasStar(toks []int) bool { return slices.Contains(toks, tokStar) }

// literalsAgree reports whether the literal runs at the start of two token
// lists (up to a wildcard) can both start one path. With exact, a list
// without wildcards must be the whole path.
func literalsAgree(a, b []int, fold, exactA, exactB bool) bool {
	for i := 0; ; i++ {
		endA, endB := i == len(a) || a[i] == tokStar, i == len(b) || b[i] == tokStar
		switch {
		case endA && endB:
			return true
		case endA:
			return !(exactA && i == len(a))
		case endB:
			return !(exactB && i == len(b))
		}
		if !unitsMeet(a[i], b[i], fold) {
			return false
		}
	}
}

// unitsMeet reports whether two pattern units can be matched by one path
// unit (folding letters when either pattern does; conservatively, when
// one does).
func unitsMeet(x, y int, fold bool) bool {
	if x == y {
		return true
	}
	if fold {
		return lowerUnit(x) == lowerUnit(y)
	}
	return false
}

func lowerUnit(u int) int {
	if 'A' <= u && u <= 'Z' {
		return u + 'a' - 'A'
	}
	return u
}

// unionClasses numbers the patterns whose matching no answer tells apart
// from another's: the same block of each list, and in each layer elements
// that are twins. Once one of a class has matched, another's matching
// changes nothing (prover.subsume). A pattern the 2.0.0 proposal's reading
// keeps is in no class (-1).
func (m *proofModel) unionClasses() {
	m.class = make([]int32, len(m.pats))
	ids := map[string]int32{}
	var key []byte
	for q := range m.pats {
		if m.srcSet != nil && m.srcSet[q] {
			m.class[q] = -1
			continue
		}
		key = key[:0]
		for _, l := range [2]*listModel{&m.src, &m.conv} {
			v := int32(-1)
			if l.on {
				v = l.idx[q]
			}
			key = append(key, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
		}
		var roots []int32
		for _, r := range m.roles[q] {
			roots = append(roots, int32(r.reading)<<28|int32(r.layer)<<24|m.layers[r.reading][r.layer].elems[r.e].twin)
		}
		slices.Sort(roots)
		for _, v := range roots {
			key = append(key, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
		}
		id, ok := ids[string(key)]
		if !ok {
			id = int32(len(ids))
			ids[string(key)] = id
		}
		m.class[q] = id
	}
}

// globIncludes reports whether every path that token list p (with its
// case folding and anchoring) accepts, q accepts too: tokens after a live
// position, so that a position whose remaining tokens accept at least
// what another's accept makes the other unnecessary (prover.subsume).
// Over an alphabet with a unit no pattern names, a wildcard of p may stand
// for any run, so q's literal runs must each fall within one literal run
// of p, in order: found leftmost, which leaves the most room; q's first
// run must begin p, and, where q must end with the path, its last run must
// end p, which must end with the path too.
func globIncludes(q []int, qFold, qAnch bool, p []int, pFold, pAnch bool) bool {
	covered := func(pt, qt int) bool {
		if pt == qt {
			return !pFold || qFold || lowerUnit(pt) == upperUnit(pt)
		}
		return qFold && lowerUnit(pt) == lowerUnit(qt)
	}
	// q's first run begins p's: checked before the runs are split, as
	// most pairs differ there.
	for k, t := range q {
		if t == tokStar {
			break
		}
		if k >= len(p) || p[k] == tokStar || !covered(p[k], t) {
			return false
		}
	}
	ps, qs := splitRuns(p, pAnch), splitRuns(q, qAnch)
	within := func(run []int, at int, w []int) bool {
		if at+len(w) > len(run) {
			return false
		}
		for k, t := range w {
			if !covered(run[at+k], t) {
				return false
			}
		}
		return true
	}
	if len(qs) == 1 {
		// No wildcard in q: it must end where p does.
		return qAnch && pAnch && len(ps) == 1 && len(ps[0]) == len(qs[0])
	}
	seg, at := 0, len(qs[0])
	last := len(qs) - 1
	for i := 1; i < last; i++ {
		for !within(ps[seg], at, qs[i]) {
			if at++; at+len(qs[i]) > len(ps[seg]) {
				if seg++; seg == len(ps) {
					return false
				}
				at = 0
			}
		}
		at += len(qs[i])
	}
	if !qAnch {
		return true // q's last run is empty: anything may follow
	}
	if !pAnch {
		return false
	}
	end := ps[len(ps)-1]
	start := len(end) - len(qs[last])
	if start < 0 || (seg == len(ps)-1 && start < at) || !within(end, start, qs[last]) {
		return false
	}
	return len(ps) > 1 || seg == 0
}

// splitRuns splits tokens into their literal runs, between wildcards; an
// unanchored list ends with an empty run (a wildcard is implied there).
func splitRuns(toks []int, anchored bool) [][]int {
	var runs [][]int
	start := 0
	for i, t := range toks {
		if t == tokStar {
			runs = append(runs, toks[start:i])
			start = i + 1
		}
	}
	runs = append(runs, toks[start:])
	if !anchored && len(runs[len(runs)-1]) > 0 {
		runs = append(runs, nil)
	}
	return runs
}

func upperUnit(u int) int {
	if 'a' <= u && u <= 'z' {
		return u - 'a' + 'A'
	}
	return u
}
