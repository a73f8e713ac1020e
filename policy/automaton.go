package policy

import (
	"encoding/binary"
	"slices"
	"strings"
)

// The automaton behind the comparison of two readings (semantics §8,
// "Converting and comparing").
//
// A path is read as a sequence of units, the characters matching compares
// (pattern.go): every byte once its escape is decoded ("%41" is 'A', a raw
// 'ä' is the two bytes of its escape), except an escaped slash, which is a
// unit of its own (unitSlash2F), never equal to '/'. A real '%' is the
// unit '%'. Two paths with the same units are matched alike by every
// pattern in every mode, so the comparison runs over unit sequences and
// writes each witness back as a path (unitPath) whose units are exactly
// those.
//
// Each pattern becomes a small automaton over units: a position is how much
// of the pattern has been read; '*' loops on any unit; a letter of a
// case-insensitive pattern accepts both cases. A state of the product is
// the set of live positions of all patterns plus the set of patterns that
// have already matched (an unanchored pattern that reached its end matches
// every longer path too). Which patterns match a path is a function of the
// state it leads to: the unanchored ones that have matched, and the
// anchored ones whose end position is live.

// unitSlash2F is the unit of an escaped slash ("%2F").
const unitSlash2F = 256

// numUnits is the size of the unit alphabet.
const numUnits = 257

// tokStar is the wildcard in a pattern's token list.
const tokStar = -1

// autPattern is a pattern as the automaton reads it.
type autPattern struct {
	toks     []int // units, or tokStar
	fold     bool  // letters match either case
	anchored bool  // must end where the path ends
	never    bool  // matches nothing (an empty pattern)
}

// key identifies patterns that match exactly the same paths.
func (p *autPattern) key() string {
	var b strings.Builder
	switch {
	case p.never:
		return "never"
	case p.fold:
		b.WriteByte('f')
	default:
		b.WriteByte('c')
	}
	if p.anchored {
		b.WriteByte('$')
	}
	for _, t := range p.toks {
		b.WriteByte(' ')
		b.WriteString(itoa(t))
	}
	return b.String()
}

// autPatternOf turns a compiled Pattern into its automaton form, reading
// the raw text exactly as CompilePattern does.
func autPatternOf(p *Pattern) autPattern {
	if !p.ok {
		return autPattern{never: true}
	}
	mode := p.mode
	out := autPattern{fold: mode.folds(), anchored: mode.whole()}
	body := p.raw
	if mode == MatchACAP && body[0] != '/' {
		body = "/" + body
	}
	if mode.anchors() && strings.HasSuffix(body, "$") {
		body = body[:len(body)-1]
		out.anchored = true
	}
	segs := []string{body}
	if mode.wildcards() {
		segs = strings.Split(body, "*")
	}
	for i, s := range segs {
		if i > 0 {
			out.toks = append(out.toks, tokStar)
		}
		out.toks = appendUnits(out.toks, string(canonAppend(nil, s, out.fold)))
	}
	if len(segs) > 1 && segs[len(segs)-1] == "" {
		out.anchored = false // a trailing '*' accepts any ending
	}
	// Runs of stars are one star.
	toks := out.toks[:0]
	for i, t := range out.toks {
		if t == tokStar && i > 0 && out.toks[i-1] == tokStar {
			continue
		}
		toks = append(toks, t)
	}
	out.toks = toks
	return out
}

// appendUnits appends the units of a canonical (possibly folded) string.
func appendUnits(dst []int, canon string) []int {
	for i := 0; i < len(canon); i++ {
		c := canon[i]
		if c == '%' && i+2 < len(canon) {
			// Canonical form: "%25" is a real '%', "%2F"/"%2f" an escaped slash.
			if canon[i+2] == '5' {
				dst = append(dst, '%')
			} else {
				dst = append(dst, unitSlash2F)
			}
			i += 2
			continue
		}
		dst = append(dst, int(c))
	}
	return dst
}

// pathUnits returns the units of a path, as NewSubject compares them.
func pathUnits(path string) []int {
	return appendUnits(nil, string(canonAppend(nil, path, false)))
}

// unitPath writes units as a path whose units are exactly those: safe
// characters as they are, every other one as an escape.
func unitPath(units []int) string {
	var b strings.Builder
	for _, u := range units {
		switch {
		case u == unitSlash2F:
			b.WriteString("%2F")
		case u < 0x80 && unitSafe(byte(u)):
			b.WriteByte(byte(u))
		default:
			b.WriteString("%" + hex2(byte(u)))
		}
	}
	return b.String()
}

// unitSafe reports whether byte c can stand as itself in a witness path.
func unitSafe(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return strings.IndexByte("/-._~!$&'()*+,;=:@?", c) >= 0
}

// tokMatches reports whether pattern token t accepts unit u.
func tokMatches(t, u int, fold bool) bool {
	if t == u {
		return true
	}
	if fold && 'A' <= u && u <= 'Z' {
		return t == u+'a'-'A'
	}
	return false
}

// automaton is the product of a set of patterns, explored lazily.
type automaton struct {
	pats []autPattern
	// States are sorted lists of items: a live position (pattern<<16 | pos)
	// or a pattern that has matched for good (matchedBit | pattern).
	// The states' items are kept end to end in arena (state i is
	// arena[offs[i]:offs[i+1]]) and found by a hash of their items (ids,
	// with next chaining states of equal hashes): memory without pointers,
	// which the garbage collector does not scan; with hundreds of
	// thousands of states, that keeps its pauses short in a browser.
	arena  []int32
	offs   []int32
	ids    map[uint64]int32
	next   []int32
	parent []int32 // the state before (-1 for the start)
	via    []int16 // the unit read from the parent
	other  int     // a unit no pattern names, or -1
	// domSets[q] are the patterns whose matching for good makes q
	// irrelevant to every answer (crawlerRoles.dominates), as a bit set:
	// once one of them has matched, q is dropped from the state.
	domSets [][]uint64
	// filters caches matchedFilter by the list of matched items.
	filters map[string]*filtered
	keyBuf  []byte
	// always are the live positions every state has unless a pattern
	// that matched for good drops them (normalize): those a star reached
	// right after the leading '/' gives back after every unit it reads.
	// States are stored without them (strip) and given them back before
	// they are read (expand); a state's matched patterns decide which are
	// dropped, so the stored form still tells states apart.
	always   []int32
	alwaysOK bool // always is made (start)
	// Scratch buffers of one exploration step (a state's items, the
	// items after a unit, the units to try), reused from state to state.
	bufFull, bufStep, bufMatched []int32
	bufUnits                     []int
	seenUnit                     [numUnits]bool
	// alwaysNext[u] is what always gives after unit u, less always itself
	// (alwaysNextOK[u] once made): the positions it moves on to and the
	// patterns it completes.
	alwaysNext   [numUnits][]int32
	alwaysNextOK [numUnits]bool
}

const matchedBit = 1 << 30

func newAutomaton(pats []autPattern) *automaton {
	a := &automaton{pats: pats, ids: map[uint64]int32{}, offs: []int32{0}, other: -1}
	used := make([]bool, numUnits)
	for _, p := range pats {
		for _, t := range p.toks {
			if t >= 0 {
				used[t] = true
				if p.fold && 'a' <= t && t <= 'z' {
					used[t-'a'+'A'] = true
				}
			}
		}
	}
	for _, c := range []byte("xyzqjkw0123456789-_~.") {
		if !used[c] {
			a.other = int(c)
			break
		}
	}
	for u := 0; a.other < 0 && u < numUnits; u++ {
		if !used[u] && (u >= 0x80 || unitSafe(byte(u))) {
			a.other = u
		}
	}
	return a
}

// start returns the state after the leading '/' every path has.
func (a *automaton) start() int32 {
	var items []int32
	for i := range a.pats {
		if !a.pats[i].never {
			items = a.closure(items, i, 0)
		}
	}
	items = a.step(items, '/')
	if !a.alwaysOK {
		a.alwaysOK = true
		for _, it := range items {
			if it&matchedBit != 0 {
				continue
			}
			i, pos := int(it>>16), int(it&0xffff)
			if pos < len(a.pats[i].toks) && a.pats[i].toks[pos] == tokStar {
				for _, c := range a.closure(nil, i, pos) {
					if c&matchedBit == 0 {
						a.always = append(a.always, c)
					}
				}
			}
		}
		slices.Sort(a.always)
		a.always = slices.Compact(a.always)
	}
	id, _ := a.intern(a.strip(items), -1, '/')
	return id
}

// strip leaves out of normalized (sorted) items those of always (sorted
// too), in place.
func (a *automaton) strip(items []int32) []int32 {
	out := items[:0]
	k := 0
	for _, it := range items {
		for k < len(a.always) && a.always[k] < it {
			k++
		}
		if k < len(a.always) && a.always[k] == it {
			continue
		}
		out = append(out, it)
	}
	return out
}

// expand returns the full items of a stored state: its own and those of
// always that its matched patterns do not drop. The result is in a
// scratch buffer, valid until the next expand.
func (a *automaton) expand(stored []int32) []int32 {
	items := a.bufFull[:0]
	// Both lists are sorted: merged, they are sorted too.
	i, j := 0, 0
	for i < len(stored) || j < len(a.always) {
		if j == len(a.always) || (i < len(stored) && stored[i] < a.always[j]) {
			items = append(items, stored[i])
			i++
		} else {
			items = append(items, a.always[j])
			j++
		}
	}
	a.bufFull = items
	return a.filter(items)
}

// advance returns the state reached from state id by reading unit u, and
// whether it is new.
func (a *automaton) advance(id int32, u int) (int32, bool) {
	return a.intern(a.read(a.state(id), u), id, u)
}

// read returns the stored items of the state reached from the stored items
// of a state by reading unit u, in a scratch buffer valid until the next
// call. It equals strip(step(expand(stored), u)) without expanding: the
// items of always read u alike in every state (alwaysStep), and those of
// patterns expand would drop are dropped again here by the same rule, as
// every item a pattern's items lead to is the pattern's.
func (a *automaton) read(stored []int32, u int) []int32 {
	out := a.stepRaw(a.bufStep[:0], stored, u)
	out = append(out, a.alwaysStep(u)...)
	out = a.normalize(out)
	a.bufStep = out
	return a.strip(out)
}

// alwaysStep returns what the items of always give after unit u, less the
// items of always.
func (a *automaton) alwaysStep(u int) []int32 {
	if !a.alwaysNextOK[u] {
		raw := a.stepRaw(nil, a.always, u)
		slices.Sort(raw)
		raw = slices.Compact(raw)
		a.alwaysNext[u] = a.strip(raw)
		a.alwaysNextOK[u] = true
	}
	return a.alwaysNext[u]
}

// closure adds position pos of pattern i and what '*' reaches from it.
func (a *automaton) closure(items []int32, i, pos int) []int32 {
	p := &a.pats[i]
	for {
		if pos == len(p.toks) {
			if !p.anchored {
				return append(items, int32(matchedBit|i))
			}
			return append(items, int32(i<<16|pos))
		}
		items = append(items, int32(i<<16|pos))
		if p.toks[pos] != tokStar {
			return items
		}
		pos++
	}
}

// step reads unit u from the items of a state; the result is normalized,
// in a scratch buffer valid until the next step.
func (a *automaton) step(items []int32, u int) []int32 {
	out := a.stepRaw(a.bufStep[:0], items, u)
	out = a.normalize(out)
	a.bufStep = out
	return out
}

// stepRaw appends to dst what items give after unit u, not normalized.
func (a *automaton) stepRaw(dst, items []int32, u int) []int32 {
	out := dst
	for _, it := range items {
		if it&matchedBit != 0 {
			out = append(out, it)
			continue
		}
		i, pos := int(it>>16), int(it&0xffff)
		p := &a.pats[i]
		if pos == len(p.toks) {
			continue // an anchored pattern read past its end
		}
		switch t := p.toks[pos]; {
		case t == tokStar:
			out = a.closure(out, i, pos) // the star reads u, and may end here
		case tokMatches(t, u, p.fold):
			out = a.closure(out, i, pos+1)
		}
	}
	return out
}

// normalize sorts items, drops duplicates, the live positions of patterns
// that have matched for good, and every item of a pattern that a pattern
// which has matched for good dominates.
func (a *automaton) normalize(items []int32) []int32 {
	slices.Sort(items)
	return a.filter(items)
}

// filter is normalize for sorted items.
func (a *automaton) filter(items []int32) []int32 {
	out := items[:0]
	for k, it := range items {
		if k > 0 && it == items[k-1] {
			continue
		}
		out = append(out, it)
	}
	// Matched items sort last (matchedBit is the highest bit used).
	first := len(out)
	for first > 0 && out[first-1]&matchedBit != 0 {
		first--
	}
	if first == len(out) {
		return out
	}
	m := a.matchedFilter(out[first:])
	res := out[:0]
	for _, it := range out[:first] {
		if p := it >> 16; m.kill[p>>6]&(1<<(p&63)) == 0 {
			res = append(res, it)
		}
	}
	return append(res, m.kept...)
}

// filtered is what a list of patterns that have matched for good leaves:
// those kept, and the patterns whose live positions are dropped (those
// kept and those they dominate).
type filtered struct {
	kept []int32
	kill []uint64
}

// matchedFilter weighs the patterns that have matched for good (sorted
// items) one at a time, in order: one is dropped when a pattern still kept
// dominates it, and then drops nothing itself. Each drop leaves every
// answer as it was with the patterns kept at that moment, so the drops
// together do too, even where two patterns would drop each other. The
// result is cached by the list (states share few such lists).
func (a *automaton) matchedFilter(matched []int32) *filtered {
	a.keyBuf = keyBytes(a.keyBuf[:0], matched)
	if m, ok := a.filters[string(a.keyBuf)]; ok {
		return m
	}
	words := (len(a.pats) + 63) / 64
	done := make([]uint64, words)
	for _, it := range matched {
		p := it &^ matchedBit
		done[p>>6] |= 1 << (p & 63)
	}
	m := &filtered{kill: make([]uint64, words)}
	for _, it := range matched {
		p := it &^ matchedBit
		done[p>>6] &^= 1 << (p & 63) // a pattern does not drop itself
		if !a.dropped(done, p) {
			done[p>>6] |= 1 << (p & 63)
			m.kept = append(m.kept, it)
		}
	}
	for q := range a.pats {
		if a.dropped(done, int32(q)) {
			m.kill[q>>6] |= 1 << (q & 63)
		}
	}
	if a.filters == nil {
		a.filters = map[string]*filtered{}
	}
	a.filters[string(a.keyBuf)] = m
	return m
}

// dropped reports whether pattern i has matched for good, or is dominated
// by one that has (done is the set of those).
func (a *automaton) dropped(done []uint64, i int32) bool {
	if done[i>>6]&(1<<(i&63)) != 0 {
		return true
	}
	if a.domSets == nil {
		return false
	}
	for w, bits := range a.domSets[i] {
		if bits&done[w] != 0 {
			return true
		}
	}
	return false
}

// setDominators records, for each pattern, the patterns that dominate it.
func (a *automaton) setDominators(dom [][]int32) {
	words := (len(a.pats) + 63) / 64
	a.domSets = make([][]uint64, len(a.pats))
	for q, ps := range dom {
		if len(ps) == 0 {
			continue
		}
		set := make([]uint64, words)
		for _, p := range ps {
			set[p>>6] |= 1 << (p & 63)
		}
		a.domSets[q] = set
	}
}

// intern returns the id of a state, adding it if new.
func (a *automaton) intern(items []int32, parent int32, via int) (int32, bool) {
	h := hashItems(items)
	head, ok := a.ids[h]
	if ok {
		for id := head; id >= 0; id = a.next[id] {
			if slices.Equal(a.state(id), items) {
				return id, false
			}
		}
	} else {
		head = -1
	}
	id := int32(a.numStates())
	a.arena = append(a.arena, items...)
	a.offs = append(a.offs, int32(len(a.arena)))
	a.next = append(a.next, head)
	a.ids[h] = id
	a.parent = append(a.parent, parent)
	a.via = append(a.via, int16(via))
	return id, true
}

// state returns the items of state id (not to be changed).
func (a *automaton) state(id int32) []int32 {
	return a.arena[a.offs[id]:a.offs[id+1]:a.offs[id+1]]
}

// numStates is the number of states found.
func (a *automaton) numStates() int { return len(a.offs) - 1 }

// hashItems is FNV-1a over the items.
func hashItems(items []int32) uint64 {
	h := uint64(14695981039346656037)
	for _, it := range items {
		for k := 0; k < 32; k += 8 {
			h ^= uint64(uint8(it >> k))
			h *= 1099511628211
		}
	}
	return h
}

func itemsKey(items []int32) string {
	return string(keyBytes(nil, items))
}

// keyBytes appends the bytes of items to dst.
func keyBytes(dst []byte, items []int32) []byte {
	for _, it := range items {
		dst = binary.LittleEndian.AppendUint32(dst, uint32(it))
	}
	return dst
}

// successors returns the units worth reading from a state: one per unit a
// live position names (both cases for a case-insensitive letter), and one
// unit that none names (every such unit leads to the same state).
func (a *automaton) successors(items []int32) []int {
	out := a.bufUnits[:0]
	seen := &a.seenUnit
	defer func() {
		for _, u := range out {
			seen[u] = false
		}
		a.bufUnits = out[:0]
	}()
	add := func(u int) {
		if !seen[u] {
			seen[u] = true
			out = append(out, u)
		}
	}
	for _, it := range items {
		if it&matchedBit != 0 {
			continue
		}
		i, pos := int(it>>16), int(it&0xffff)
		p := &a.pats[i]
		if pos == len(p.toks) || p.toks[pos] == tokStar {
			continue
		}
		t := p.toks[pos]
		add(t)
		if p.fold && 'a' <= t && t <= 'z' {
			add(t - 'a' + 'A')
		}
	}
	// Lower case first, so that witnesses are easy to read.
	rank := func(u int) int {
		if 'A' <= u && u <= 'Z' {
			return u + numUnits
		}
		return u
	}
	slices.SortFunc(out, func(x, y int) int { return rank(x) - rank(y) })
	other := a.other
	if other < 0 || seen[other] {
		other = -1
		for u := 0; u < numUnits; u++ {
			if !seen[u] {
				other = u
				break
			}
		}
	}
	if other >= 0 {
		out = append(out, other)
	}
	return out
}

// matched returns the patterns that match a path leading to the state
// (in a scratch buffer, valid until the next call).
func (a *automaton) matched(items []int32) []int32 {
	out := a.bufMatched[:0]
	defer func() { a.bufMatched = out[:0] }()
	for _, it := range items {
		if it&matchedBit != 0 {
			out = append(out, it&^matchedBit)
			continue
		}
		i, pos := int(it>>16), int(it&0xffff)
		if pos == len(a.pats[i].toks) {
			out = append(out, int32(i))
		}
	}
	return out
}

// path returns the units of the shortest path found to a state.
func (a *automaton) path(id int32) []int {
	var rev []int
	for ; id >= 0; id = a.parent[id] {
		rev = append(rev, int(a.via[id]))
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev
}

// matchUnits reports whether an automaton pattern matches a unit sequence,
// by brute force (used by tests as an independent check).
func (p *autPattern) matchUnits(units []int) bool {
	if p.never {
		return false
	}
	var rec func(t, u int) bool
	rec = func(t, u int) bool {
		if t == len(p.toks) {
			return !p.anchored || u == len(units)
		}
		if p.toks[t] == tokStar {
			for k := u; k <= len(units); k++ {
				if rec(t+1, k) {
					return true
				}
			}
			return false
		}
		return u < len(units) && tokMatches(p.toks[t], units[u], p.fold) && rec(t+1, u+1)
	}
	return rec(0, 0)
}
