package policy

import (
	"slices"
	"strings"
)

// The automaton behind the comparison of two readings (READING.md §8,
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
	if p.never {
		return "never"
	}
	b := make([]byte, 0, 2+2*len(p.toks))
	b = append(b, "cf"[b2i(p.fold)], "-$"[b2i(p.anchored)])
	for _, t := range p.toks {
		b = append(b, byte(t), byte(t>>8))
	}
	return string(b)
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
	if mode.isACAP() && body[0] != '/' {
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
		writeUnit(&b, u, false)
	}
	return b.String()
}

// writeUnit writes a unit as a path or, with inPattern, a pattern reads
// it: a safe character as it is (but, in a pattern, '*' and '$'), every
// other as an escape.
func writeUnit(b *strings.Builder, u int, inPattern bool) {
	switch {
	case u == unitSlash2F:
		b.WriteString("%2F")
	case u < 0x80 && unitSafe(byte(u)) && !(inPattern && (u == '*' || u == '$')):
		b.WriteByte(byte(u))
	default:
		b.WriteString("%" + hex2(byte(u)))
	}
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

// automaton is the product of a set of patterns, explored lazily. A
// state is a sorted list of live positions (pattern<<16 | pos) with the
// summary of the patterns that have matched for good (prove.go). The
// states' items are kept end to end in chunks of arenaChunk items (state i
// is at spans[i]; a state longer than a chunk has one of its own), so that
// keeping more never copies what is kept: one slice grown by doubling
// copied up to 50 MB at once, a pause of 0.1 s in a large file's proof
// (0.14 s natively for github.com's file of January 2026). States are
// found by a hash of their items (ids, with next chaining states of equal
// hashes): memory without pointers, which the garbage collector does not
// scan.
type automaton struct {
	pats   []autPattern
	chunks [][]int32
	spans  []stateSpan
	items  int // the items kept, in all
	sums   []int32
	ids    map[uint64]int32
	next   []int32
	parent []int32 // the state before (-1 for the start)
	via    []int16 // the unit read from the parent
	other  int     // a unit no pattern names, or -1
	// Scratch buffers of one exploration step, reused from state to state.
	bufUnits []int
	bufEnds  []int32
	seenUnit [numUnits]bool
}

// arenaChunk is the number of items in one chunk of the automaton's
// states (256 KB).
const arenaChunk = 1 << 16

// stateSpan is where a state's items are: chunk, offset and length.
type stateSpan struct{ chunk, off, n int32 }

// matchedBit marks, in what a step returns, a pattern that has matched for
// good rather than a live position.
const matchedBit = 1 << 30

func newAutomaton(pats []autPattern) *automaton {
	a := &automaton{pats: pats, ids: map[uint64]int32{}, other: -1}
	used := make([]bool, numUnits)
	for _, p := range pats {
		for _, t := range p.toks {
			if t >= 0 {
				used[t] = true
				if v := foldedTwin(t, p.fold); v >= 0 {
					used[v] = true
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

// closure adds position pos of pattern i and what '*' reaches from it; an
// unanchored pattern that reaches its end has matched for good.
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

// stepRaw appends to dst what live positions give after unit u, not
// sorted: live positions, and patterns that matched for good (matchedBit).
func (a *automaton) stepRaw(dst, items []int32, u int) []int32 {
	out := dst
	for _, it := range items {
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

// intern returns the id of a state, adding it if new.
func (a *automaton) intern(items []int32, sum int32, parent int32, via int) (int32, bool) {
	h := hashItems(items) ^ (uint64(uint32(sum)) * 0x9e3779b97f4a7c15)
	head, ok := a.ids[h]
	if ok {
		for id := head; id >= 0; id = a.next[id] {
			if st, s := a.state(id); s == sum && slices.Equal(st, items) {
				return id, false
			}
		}
	} else {
		head = -1
	}
	id := int32(a.numStates())
	last := len(a.chunks) - 1
	if last < 0 || len(a.chunks[last])+len(items) > cap(a.chunks[last]) {
		a.chunks = append(a.chunks, make([]int32, 0, max(arenaChunk, len(items))))
		last++
	}
	off := len(a.chunks[last])
	a.chunks[last] = append(a.chunks[last], items...)
	a.spans = append(a.spans, stateSpan{int32(last), int32(off), int32(len(items))})
	a.items += len(items)
	a.sums = append(a.sums, sum)
	a.next = append(a.next, head)
	a.ids[h] = id
	a.parent = append(a.parent, parent)
	a.via = append(a.via, int16(via))
	return id, true
}

// state returns the live positions (not to be changed) and the summary of
// state id.
func (a *automaton) state(id int32) ([]int32, int32) {
	sp := a.spans[id]
	end := sp.off + sp.n
	return a.chunks[sp.chunk][sp.off:end:end], a.sums[id]
}

// numStates is the number of states found.
func (a *automaton) numStates() int { return len(a.spans) }

// hashItems mixes the items into a 64-bit hash.
func hashItems(items []int32) uint64 {
	h := uint64(len(items)) * 0x9e3779b97f4a7c15
	for _, it := range items {
		h = (h ^ uint64(uint32(it))) * 0xff51afd7ed558ccd
		h ^= h >> 32
	}
	return h
}

// successors returns the units worth reading from a state: one per unit a
// live position names (both cases for a case-insensitive letter) or extra
// holds, and one unit that none names (every such unit leads to the same
// state).
func (a *automaton) successors(items []int32, extra []int) []int {
	out := a.bufUnits[:0]
	seen := &a.seenUnit
	add := func(u int) {
		if !seen[u] {
			seen[u] = true
			out = append(out, u)
		}
	}
	for _, it := range items {
		i, pos := int(it>>16), int(it&0xffff)
		p := &a.pats[i]
		if pos == len(p.toks) || p.toks[pos] == tokStar {
			continue
		}
		t := p.toks[pos]
		add(t)
		if v := foldedTwin(t, p.fold); v >= 0 {
			add(v)
		}
	}
	for _, u := range extra {
		add(u)
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
	for _, u := range out {
		seen[u] = false
	}
	if other >= 0 {
		out = append(out, other)
	}
	a.bufUnits = out
	return out
}

// ends returns the anchored patterns whose end is live: they match a path
// that ends here (in a scratch buffer, valid until the next call).
func (a *automaton) ends(items []int32) []int32 {
	out := a.bufEnds[:0]
	for _, it := range items {
		i, pos := int(it>>16), int(it&0xffff)
		if pos == len(a.pats[i].toks) {
			out = append(out, int32(i))
		}
	}
	a.bufEnds = out
	return out
}

// path returns the units of the shortest path found to a state.
func (a *automaton) path(id int32) []int {
	var rev []int
	for ; id >= 0; id = a.parent[id] {
		rev = append(rev, int(a.via[id]))
	}
	slices.Reverse(rev)
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

// hex2 writes a byte as two upper-case hex digits (an escape's).
func hex2(c byte) string {
	const digits = "0123456789ABCDEF"
	return string([]byte{digits[c>>4], digits[c&15]})
}
