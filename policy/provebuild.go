package policy

import "encoding/binary"

// Building a crawler's proof model (prove.go) from what its readings
// consult, with a description of it for the proof cache.

// maxProofPatterns is the most patterns one automaton holds (a live
// position keeps its pattern in 14 bits).
const maxProofPatterns = 1 << 14

// model collects what the readings consult for one crawler, and a
// description of it that two crawlers (or two versions of a file) share
// exactly when the readings answer alike on every path. It returns a nil
// model when the proof cannot be made.
func (c *comparer) model(name string) (*proofModel, string) {
	b := &modelBuilder{m: &proofModel{pace: newPace(c.opt.Yield, c.opt.tcap)}, ids: map[string]int32{}}
	m := b.m
	src, ok := b.source(c.src.selection(c.kind, name, false), c.kind)
	if !ok {
		return nil, ""
	}
	// The ACAP readings: their conventional side and their layers.
	dsel := c.dst.selection(KindACAP, name, false)
	conv := &convList{named: dsel.conv.named}
	for i := range dsel.conv.rules {
		conv.pats, conv.allow = append(conv.pats, &dsel.conv.rules[i].pat), append(conv.allow, dsel.conv.rules[i].allow)
	}
	b.sig = append(b.sig, "an"[b2i(dsel.conv.named)])
	conv.places = b.list('c', conv.pats, conv.allow)
	m.conv.on = len(conv.places) > 0
	b.layers([2]*selection{dsel, c.dstCase.selection(KindACAP, name, false)})
	if len(m.pats) >= maxProofPatterns {
		return nil, ""
	}
	// Between the steps below, a page draws (the time cap is heeded
	// when the proof starts).
	m.pace.tick()
	if m.src.on {
		m.src.idx = m.places(src.places, verdictBlocks(src.allow))
		m.pace.tick()
	}
	if src.set != nil {
		m.srcSet = make([]bool, len(m.pats))
		for _, q := range src.set {
			m.srcSet[q] = true
		}
	}
	if m.conv.on {
		// Until finish: each rule a block of its own.
		blocks := make([]int32, len(conv.places))
		for i := range blocks {
			blocks[i] = int32(i)
		}
		m.conv.idx = m.places(conv.places, blocks)
		m.pace.tick()
	}
	// What the answers observe is worked out when the proof is made
	// (not when an earlier one is reused): finish.
	m.unfinished = conv
	m.float = make([]int32, len(m.pats))
	for q := range m.pats {
		m.float[q] = floatStart(&m.pats[q])
	}
	m.pace.tick()
	m.unionClasses()
	m.pace.tick()
	// The patterns themselves, by their place.
	for q := range m.pats {
		b.sig = append(b.sig, m.pats[q].key()...)
		b.sig = append(b.sig, 0)
	}
	return m, string(b.sig)
}

// convList is the conventional side of the ACAP readings, as finish
// weighs it.
type convList struct {
	pats   []*Pattern
	places []int32
	allow  []bool
	named  bool
}

// finish works out what the answers observe: the blocks of the
// conventional list and the twins of the layers (rels gives a layer's
// comparisons). It returns false when the time cap stopped it.
func (m *proofModel) finish(rels func(lm *layerModel) *relTable) bool {
	conv := m.unfinished
	m.unfinished = nil
	w := m.weighing(conv.pats, conv.places, conv.allow, conv.named)
	if w == nil {
		return false
	}
	if m.conv.on {
		blocks := w.convBlocks(conv.allow)
		if blocks == nil {
			return false
		}
		m.conv.idx = m.places(conv.places, blocks)
	}
	if !m.twins(w, rels) {
		return false
	}
	m.unionClasses()
	return true
}

// modelBuilder collects a model's patterns, once each, and its
// description.
type modelBuilder struct {
	m       *proofModel
	sig     []byte
	ids     map[string]int32
	elemIDs [2][numLayers]map[elemKey]int32
	asked   int // patterns asked for (pid)
}

// elemKey tells a layer's elements apart.
type elemKey struct {
	pat   int32
	allow bool
	scope string
}

// srcList is the source reading's patterns: a list (places, in order,
// and their verdicts) or, for the 2.0.0 proposal's reading, a set.
type srcList struct {
	places []int32
	allow  []bool
	set    []int32
}

// pid returns the number of a pattern, adding it when new.
func (b *modelBuilder) pid(p *Pattern) int32 {
	if b.asked++; b.asked%256 == 0 {
		// A long list takes a while: let a page draw (the time cap is
		// heeded when the proof starts).
		b.m.pace.tick()
	}
	ap := autPatternOf(p)
	k := ap.key()
	id, ok := b.ids[k]
	if !ok {
		id = int32(len(b.m.pats))
		b.m.pats = append(b.m.pats, ap)
		b.m.roles = append(b.m.roles, nil)
		b.ids[k] = id
	}
	return id
}

// list records the places of a list's patterns (and describes it).
func (b *modelBuilder) list(tag byte, pats []*Pattern, allow []bool) []int32 {
	b.sig = append(b.sig, tag)
	places := make([]int32, 0, len(pats))
	for i, p := range pats {
		places = append(places, b.pid(p))
		b.sig = binary.LittleEndian.AppendUint32(b.sig, uint32(places[i]))
		b.sig = append(b.sig, "da"[b2i(allow[i])])
	}
	return places
}

// source records the source reading's patterns; false for a kind the
// proof does not cover.
func (b *modelBuilder) source(ssel *selection, kind Kind) (srcList, bool) {
	var src srcList
	var pats []*Pattern
	var allow []bool
	switch kind {
	case KindRFC9309:
		b.m.src.on = true
		for i := range ssel.conv.rules {
			pats, allow = append(pats, &ssel.conv.rules[i].pat), append(allow, ssel.conv.rules[i].allow)
		}
		src.places, src.allow = b.list('r', pats, allow), allow
	case KindDraft1996, KindREP1994, KindV2Proposal:
		r := ssel.older
		switch {
		case r == nil:
			b.sig = append(b.sig, 'n')
		case kind == KindV2Proposal && r.v2 == 2:
			for i := range r.rules {
				pats, allow = append(pats, &r.rules[i].whole), append(allow, r.rules[i].allow)
			}
			src.set = b.list('v', pats, allow)
			for i := range r.rules {
				b.sig = append(b.sig, "ew"[b2i(r.rules[i].wildcard)])
			}
		default:
			b.m.src.on = true
			for i := range r.rules {
				// The 1994 convention (and the 2.0.0 proposal for a record of
				// no version) reads Disallow lines only.
				if kind == KindDraft1996 || !r.rules[i].allow {
					pats, allow = append(pats, &r.rules[i].prefix), append(allow, r.rules[i].allow)
				}
			}
			src.places, src.allow = b.list('o', pats, allow), allow
		}
	default:
		return src, false
	}
	return src, true
}

// layers records the fields of the ACAP readings' records (the ACAP
// reading, then the case-sensitive one), layer by layer.
func (b *modelBuilder) layers(sels [2]*selection) {
	for reading, sel := range sels {
		for _, ar := range sel.records {
			rr := ar.comp.recs[ar.rec]
			if rr == nil {
				continue
			}
			crawl, other := layerCrawlAny, layerOtherAny
			if ar.named {
				crawl, other = layerCrawlNamed, layerOtherNamed
			}
			for i := range rr.general.rules {
				ru := &rr.general.rules[i]
				if ru.fd.Status == StatusSkipped {
					continue
				}
				switch ru.usage {
				case UsageCrawl:
					b.addElem(reading, crawl, ru)
				case UsageOther:
					b.addElem(reading, other, ru)
				case UsageNone:
					b.addElem(reading, crawl, ru)
					b.addElem(reading, other, ru)
				}
			}
		}
	}
}

// addElem adds an ACAP field to layer l of a reading, once.
func (b *modelBuilder) addElem(reading, l int, ru *acapRule) {
	id := b.pid(&ru.pat)
	k := elemKey{id, ru.allow, string(scopeBytes(ru.pat.scopeTokens()))}
	ids := &b.elemIDs[reading][l]
	if *ids == nil {
		*ids = map[elemKey]int32{}
	}
	if _, ok := (*ids)[k]; ok {
		return
	}
	lm := &b.m.layers[reading][l]
	e := int32(len(lm.elems))
	(*ids)[k] = e
	lm.elems = append(lm.elems, layerElem{pat: id, allow: ru.allow, scope: &ru.pat, stoks: ru.pat.scopeTokens(), twin: e})
	b.m.roles[id] = append(b.m.roles[id], elemRef{uint8(reading), uint8(l), e})
	b.sig = append(b.sig, byte('0'+reading), byte('0'+l), "da"[b2i(ru.allow)])
	b.sig = binary.LittleEndian.AppendUint32(b.sig, uint32(id))
	b.sig = append(b.sig, k.scope...)
}
