package policy

// Twins: the elements of a layer that no answer tells apart (prove.go).

// twins finds, in each layer, elements that no answer tells apart when
// both match: x and a later y of the same side, each narrower than exactly
// the same elements of the other side and each wider than exactly the
// same. With x matched, y then adds no condition for the other side (a
// field narrower than x is narrower than y), and it is narrower than the
// whole other side exactly when x is: the layer's answer is the same with
// y or without it. Which field of the side decides is observed when the
// conventional rules it may be weighed against do not compare alike with
// every element of the side; then twins must also compare alike with
// those rules and with every other element of their own side, and neither
// may be narrower than the other: y qualifies and is minimal exactly when
// x does, and x comes first among the fields that could decide, so y never
// decides. Where the side's fields fall into groups that compare alike
// with the rules, and the fields that can decide always belong to one
// group (see observed below), twins must be of one group and compare alike
// with the fields of the other groups: y then changes neither which group
// decides nor how its fields compare with the rules. Comparisons with a pattern that x or y never matches a path
// with are left open (once both have matched, no longer path matches it).
// Each member of a class of twins is a twin of every other: a class keeps,
// for each comparison, the value its members that are not open agree on.
// rels gives each layer's comparisons (scopeRelations). It returns false
// when the time cap stopped it.
func (m *proofModel) twins(w *weighing, rels func(lm *layerModel) *relTable) bool {
	for r := range m.layers {
		for l := range m.layers[r] {
			lm := &m.layers[r][l]
			if len(lm.elems) == 0 {
				continue
			}
			t := &twinLayer{m: m, lm: lm, rel: rels(lm), n: len(lm.elems)}
			if l == w.layer {
				t.prof = w.profiles(r, t.n)
			}
			if !t.observe() || !t.classify() {
				return false
			}
		}
	}
	return true
}

// twinLayer is the work of twins on one layer.
type twinLayer struct {
	m   *proofModel
	lm  *layerModel
	rel *relTable
	n   int
	// prof[x] is element x's comparisons with the conventional rules (nil
	// when the layer is not weighed against them).
	prof []profile
	// observed[side]: 0 when which field of the side decides is not
	// observed, 1 when only which group of it (group[x]), 2 when each
	// field may be.
	observed [2]int
	group    []int
}

// profile is a sparse list of comparisons with the conventional rules, by
// rule, in order: a rule not listed is open (anyCmp).
type profile []wEntry

// profiles returns each element's comparisons with the conventional rules
// (reading r's crawl layer of the weighing's footing), or nil when there
// are none. Only the comparisons that are not open are listed, so the
// work is in proportion to them, not to the rules times the elements.
func (w *weighing) profiles(r, n int) []profile {
	if len(w.rows) == 0 {
		return nil
	}
	var prof []profile
	for x := range w.cols[r] {
		if len(w.cols[r][x]) == 0 {
			continue
		}
		if prof == nil {
			prof = make([]profile, n)
		}
		k := int32(r*w.n0 + x)
		p := make(profile, len(w.cols[r][x]))
		for a, i := range w.cols[r][x] {
			p[a] = wEntry{i, w.at(int(i), k)}
		}
		prof[x] = p
	}
	return prof
}

// compatible reports whether two profiles agree on every rule both list.
func (a profile) compatible(b profile) bool {
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i].k < b[j].k:
			i++
		case a[i].k > b[j].k:
			j++
		default:
			if a[i].v != b[j].v {
				return false
			}
			i++
			j++
		}
	}
	return true
}

// merged returns a with the comparisons of b it leaves open.
func (a profile) merged(b profile) profile {
	out := make(profile, 0, max(len(a), len(b)))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || (i < len(a) && a[i].k < b[j].k):
			out = append(out, a[i])
			i++
		case i == len(a) || b[j].k < a[i].k:
			out = append(out, b[j])
			j++
		default:
			out = append(out, a[i])
			i++
			j++
		}
	}
	return out
}

// appendBytes writes a profile as bytes (to tell signatures apart).
func (a profile) appendBytes(b []byte) []byte {
	for _, e := range a {
		b = append(b, byte(e.k), byte(e.k>>8), byte(e.k>>16), byte(e.k>>24), byte(e.v))
	}
	return b
}

// side returns the side of element x (0: disallow, 1: allow).
func (t *twinLayer) side(x int) int { return b2i(t.lm.elems[x].allow) }

// observe works out, for each side, whether it is observed which field of
// it decides: only when two of its fields compare differently with a
// rule. The fields of a side then fall into groups that compare alike
// (group); where every two fields of different groups that a path may
// match together are ordered by scope, the fields that can decide are all
// of one group, whichever fields match: which of its fields decides is
// not observed, only which group (observed 1); else each field may be
// observed (observed 2). It returns false when the time cap stopped it.
func (t *twinLayer) observe() bool {
	t.group = make([]int, t.n)
	if t.prof == nil {
		return true
	}
	k := 0
	for s := range t.observed {
		var groups []profile // each group's agreed comparisons
		for x := 0; x < t.n; x++ {
			if t.side(x) != s {
				continue
			}
			if t.m.pace.every(&k, 64) {
				return false
			}
			t.group[x] = -1
			for g, agreed := range groups {
				if agreed.compatible(t.prof[x]) {
					t.group[x] = g
					groups[g] = agreed.merged(t.prof[x])
					break
				}
			}
			if t.group[x] < 0 {
				t.group[x] = len(groups)
				groups = append(groups, t.prof[x])
			}
		}
		if len(groups) < 2 {
			continue
		}
		t.observed[s] = 1
		for x := 0; x < t.n && t.observed[s] == 1; x++ {
			if t.side(x) != s {
				continue
			}
			if t.m.tick() {
				return false
			}
			for y := x + 1; y < t.n; y++ {
				if t.side(y) == s && t.group[x] != t.group[y] && (t.rel.at(x, y) == 0 || t.rel.at(x, y) == 3) {
					t.observed[s] = 2
					break
				}
			}
		}
	}
	return true
}

// twinSig is what twins must share: the comparisons with the other side,
// and, where the side's deciding field is observed, with the rules.
type twinSig struct {
	rel  []int8
	prof profile
}

// sig returns element x's signature.
func (t *twinLayer) sig(x int) twinSig {
	var s twinSig
	s.rel = t.rel.otherSide(x, make([]int8, 0, t.n))
	if t.observed[t.side(x)] > 0 {
		s.prof = t.prof[x]
	}
	return s
}

func (s twinSig) compatible(o twinSig) bool {
	return compatible(s.rel, o.rel) && s.prof.compatible(o.prof)
}

func (s twinSig) key() string {
	return string(s.prof.appendBytes(int8Bytes(s.rel)))
}

// twinClass is a class of twins.
type twinClass struct {
	members []int32
	sig     twinSig // the comparisons its members agree on
	// same, where the side is observed: for each element of the side
	// that is not a member, the comparison the members agree on; in[z]:
	// z is a member.
	same []int8
	in   []bool
}

// classify puts each element of the layer in a class of twins (its twin
// is the class's first member). It returns false when the time cap
// stopped it.
func (t *twinLayer) classify() bool {
	var classes []*twinClass
	exact := map[string]*twinClass{}
	for y := 0; y < t.n; y++ {
		if t.m.tick() {
			return false
		}
		t.lm.elems[y].twin = int32(y)
		sy := t.sig(y)
		key := sy.key()
		var home *twinClass
		if c := exact[key]; c != nil && t.fits(c, y, sy) {
			home = c
		} else {
			for k, tries := len(classes)-1, 0; k >= 0 && tries < maxTwinTries; k, tries = k-1, tries+1 {
				if t.fits(classes[k], y, sy) {
					home = classes[k]
					break
				}
			}
		}
		obs := t.observed[t.side(y)]
		if home == nil {
			c := &twinClass{members: []int32{int32(y)}, sig: sy}
			if obs > 0 {
				c.same, c.in = t.rel.row(y), make([]bool, t.n)
				c.in[y] = true
			}
			classes = append(classes, c)
			if exact[key] == nil {
				exact[key] = c
			}
			continue
		}
		t.lm.elems[y].twin = home.members[0]
		home.members = append(home.members, int32(y))
		merge(home.sig.rel, sy.rel)
		home.sig.prof = home.sig.prof.merged(sy.prof)
		if obs > 0 {
			home.in[y] = true
			merge(home.same, t.rel.row(y))
		}
	}
	return true
}

// fits reports whether element y (of signature sy) may join class c.
func (t *twinLayer) fits(c *twinClass, y int, sy twinSig) bool {
	root := c.members[0]
	side := t.lm.elems[y].allow
	if t.lm.elems[root].allow != side || !c.sig.compatible(sy) {
		return false
	}
	obs := t.observed[t.side(y)]
	switch obs {
	case 0:
		return true
	case 1:
		if t.group[root] != t.group[y] {
			return false
		}
	}
	// Alike with every other element of their side (where observed 1, of
	// the other groups), and, where observed 2, neither narrower than any
	// member.
	for z := 0; z < t.n; z++ {
		if z == y || t.lm.elems[z].allow != side || (obs == 1 && t.group[z] == t.group[y]) {
			continue
		}
		v := t.rel.at(y, z)
		if c.in[z] {
			if v != 0 && v != anyCmp {
				return false
			}
		} else if a := c.same[z]; a != v && a != anyCmp && v != anyCmp {
			return false
		}
	}
	return true
}

// maxTwinTries bounds the classes an element is tried against when no
// class has its exact signature.
const maxTwinTries = 8

// merge fills the open comparisons of a with those of b.
func merge(a, b []int8) {
	for i := range a {
		if a[i] == anyCmp {
			a[i] = b[i]
		}
	}
}

// int8Bytes writes a signature as bytes.
func int8Bytes(s []int8) []byte {
	b := make([]byte, len(s))
	for i, v := range s {
		b[i] = byte(v)
	}
	return b
}
