package policy

import (
	"encoding/binary"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// CompareOptions bound the work of a comparison.
type CompareOptions struct {
	// MaxStates bounds the states of each search of a crawler's proof (0:
	// a default of 1,000,000). A crawler whose proof needs more is
	// reported as not proved.
	MaxStates int
	// MaxBytes bounds the memory each search of a crawler's proof holds,
	// as the prover counts it (its states, summaries and the answers it
	// keeps; 0: a default of 64 MiB). The count depends only on the work
	// done, not on the machine. A crawler whose proof needs more is
	// reported as not proved.
	MaxBytes int
	// MaxWork bounds the states of the whole comparison (0: no bound
	// beyond the others). The crawlers are taken in the report's order:
	// one whose proof would start after the proofs before it used MaxWork
	// states is reported as not proved. The proofs may run in parallel;
	// which crawlers are proved depends only on the input and the bounds.
	MaxWork int
	// Deadline, when not zero, is a time cap: past it the work stops
	// (unless Pause gives it more time), the crawlers not finished are
	// reported as not proved, and EquivalenceReport.TimeStopped says that
	// time, not the bounds above, stopped them. Without it the report
	// depends only on the input and the bounds, on every machine.
	Deadline time.Time
	// Pause, when set, is called (from the goroutine doing the work) when
	// the time cap passes, and the work waits for its answer: a later
	// time cap to go on, resuming exactly where it stopped, or the zero
	// time to stop there. A page can show that the check is taking long
	// and offer to keep checking; the report is then the one the bounds
	// give, as if there had been no cap.
	Pause func() time.Time
	// OnlyNamed leaves out the crawlers the file does not name.
	OnlyNamed bool
	// Yield, when set, is called now and then during the work (every few
	// states, and in every phase that may take long). An application that
	// runs single-threaded, as WebAssembly does in a browser page, can let
	// the page draw and answer input there (by sleeping briefly in a
	// goroutine); the result does not depend on it.
	Yield func()
	// cache keeps the proofs of crawlers between comparisons against
	// different versions of one file (Convert's rounds).
	cache *proofCache
	// tcap is the time cap shared by the comparisons of one conversion.
	tcap *timeCap
	// clock, when set, is the time cap's clock instead of time.Now.
	clock func() time.Time
}

// defaultMaxStates is the bound of MaxStates when none is given.
const defaultMaxStates = 1000000

// defaultMaxBytes is the bound of MaxBytes when none is given.
const defaultMaxBytes = 64 << 20

// maxWitnesses is how many witnesses of each kind (of case, and not) the
// report keeps per crawler, each with a different pair of deciding lines.
const maxWitnesses = 5

// EquivalenceReport is the comparison of two readings of crawl: the source
// kind's reading of one file and the ACAP reading of another (or the same)
// file, over every path.
type EquivalenceReport struct {
	Source Kind
	// Crawlers are the crawlers compared: those either file names, then
	// those that stand for the crawlers the files do not name (Classes).
	Crawlers []string
	// Classes say whom the crawlers compared that the files do not name
	// stand for (Who): the crawlers named in no User-agent of the source
	// ("AnyOtherCrawler", unless a file uses that name), and, for a
	// source kind that picks a record by substring (the 1996 draft, the
	// 1994 convention, the 2.0.0 proposal), one for each record that
	// crawlers the files do not name can read (their names are part of
	// its User-agent value and of none before it). Together with the
	// named crawlers they cover every crawler name.
	Classes []CrawlerClass
	// Uncovered are classes of crawlers the comparison found no name to
	// ask for (a User-agent value so long that the names tried ran out):
	// nothing is claimed for them, and the report is not complete.
	Uncovered []CrawlerClass
	// Proved are the crawlers the comparison decided: for each, the
	// readings were proved to agree on every path except where
	// Differences shows them differ, or they were shown to differ (see
	// Stopped).
	Proved []string
	// NotProved are the crawlers whose comparison the bounds (or the time
	// cap) stopped: nothing is claimed about them.
	NotProved []string
	// TimeStopped reports that the time cap (CompareOptions.Deadline), not
	// the bounds, stopped some of the work: with more time the report
	// would be the one the bounds give (which depends only on the input).
	TimeStopped bool
	// Stopped are the proved crawlers whose search ended at their first
	// differences that are not of case: they differ, and there may be
	// more differences than those counted.
	Stopped []string
	// CaseOpen are the proved crawlers for which no difference other than
	// of case exists, and none of case was found within the search's
	// bound: whether there is one of case is not settled.
	CaseOpen []string
	// States counts the states of the automata explored (all crawlers).
	States int
	// Differences are witnesses: for each crawler, the shortest paths on
	// which the readings disagree, one per pair of deciding lines, up to a
	// few of each kind; those that are not of case first.
	Differences []Difference
	// More counts further witnesses (other pairs of deciding lines) left
	// out of Differences.
	More int
	// CaseCount and OtherCount count the witnesses found (kept or left
	// out) by cause: differences of case, which come from ACAP matching
	// ignoring case, and the others.
	CaseCount, OtherCount int
	// NamePartCount counts the witnesses not of case that are NamePart
	// (the older kinds' crawlers given a record by part of their names).
	NamePartCount int
	// otherStates counts the states where the answers differ, not by
	// case: the repairs of Convert use it to measure progress.
	otherStates int
}

// Complete reports whether every crawler compared was proved (the zero
// report, which compared nothing, is not complete).
func (r *EquivalenceReport) Complete() bool {
	return len(r.Crawlers) > 0 && len(r.NotProved) == 0 && len(r.Proved) == len(r.Crawlers) && len(r.Uncovered) == 0
}

// Equivalent reports whether the readings were proved to decide crawl
// alike on every path, for every crawler compared.
func (r *EquivalenceReport) Equivalent() bool {
	return r.Complete() && r.CaseCount+r.OtherCount == 0 && len(r.CaseOpen) == 0
}

// OnlyCaseOrNamePart reports whether the comparison finished and every
// difference it found is one no ACAP line can remove: of case, or for
// crawlers an older source kind gives a record by part of their names
// (Difference.NamePart).
func (r *EquivalenceReport) OnlyCaseOrNamePart() bool {
	return r.Complete() && r.OtherCount == r.NamePartCount
}

// OnlyCase reports whether the comparison finished and every difference it
// found comes from ACAP matching ignoring case.
func (r *EquivalenceReport) OnlyCase() bool { return r.Complete() && r.OtherCount == 0 }

// Difference is a witness: a path on which two readings decide crawl
// differently.
type Difference struct {
	Crawler string
	// Path is the witness, written so that a URL reads it as this path
	// (PathOf(Path) is the path asked): a path that begins with "//",
	// which a URL reads as the start of a host, is written after an empty
	// host ("////a" for the path "//a"); every other path as it is.
	Path       string
	Source     bool // the source reading's answer
	SourceLine int  // its deciding line in the original file (0: none)
	ACAP       bool // the ACAP reading's answer
	ACAPLine   int  // its deciding line in the converted file (0: none)
	// CaseOnly marks a difference that comes from ACAP matching ignoring
	// case: an ACAP crawler that compared the letters of its patterns
	// case-sensitively, as conventional crawlers do, would give the
	// source's answer. No ACAP line can restore it, as ACAP lines cannot
	// tell upper from lower case.
	CaseOnly bool
	// Wildcards marks a difference (not of case, from an RFC 9309 source)
	// where both deciding lines' patterns begin with a wildcard
	// ("/*?sort=", "/*.pdf"). ACAP compares patterns character by
	// character from the left: a line beats "/*y" only with a literal
	// right after the first '/' or by extending "/*y", so restoring RFC
	// 9309's answer takes a line for every unit a path may go on with
	// (some 233 lines a pair, 465 where the literals overlap). Convert
	// adds them where its cap of MaxAddedLines allows; such a difference
	// is one it left (the cap, or patterns with further wildcards).
	Wildcards bool
	// NamePart marks a difference for crawlers the file does not name
	// whose names are part of a record's User-agent (CrawlerClass with a
	// Line), where a crawler of no record gets another answer from the
	// source: the older kinds give them that record by part of their
	// name, while ACAP names are whole, so both read the same ACAP lines
	// and no ACAP line can give each its answer.
	NamePart bool
	// caseLine is the deciding line of the case-sensitive ACAP reading
	// (repairLines starts from it).
	caseLine int
}

// unnamedCrawler is the crawler name used for "any other crawler".
const unnamedCrawler = "AnyOtherCrawler"

// CompareReadings compares, for every crawler (those old or converted
// name, and one for each class of those they do not name:
// EquivalenceReport.Classes), how kind reads old and how an ACAP crawler reads converted, over
// every path, and reports where they differ. With converted == old it shows
// where a file's ACAP part and its conventional part disagree. kind is a
// conventional kind (RFC 9309, the 1996 draft, the 1994 convention or the
// 2.0.0 proposal); for any other, nothing is proved.
//
// The work is bounded as Convert's is (DefaultConvertWork states in all,
// and the default bounds of CompareOptions per search).
func CompareReadings(old *File, kind Kind, converted *File) EquivalenceReport {
	return CompareReadingsBounded(old, kind, converted, CompareOptions{MaxWork: DefaultConvertWork})
}

// CompareReadingsBounded is CompareReadings with bounds on the work.
//
// The comparison is a proof. A pattern is a regular language over the
// units of a path (its bytes once escapes are decoded, an escaped slash
// being a unit of its own), and each reading decides crawl for a path from
// the set of its patterns that match it (and their lines). For each
// crawler, the product automaton of every pattern the readings may consult
// for it is explored breadth first from "/", keeping in each state only
// what can still change an answer (prove.go); the real deciding code of
// the readings is asked on the shortest path that leads to each state. The
// readings are equivalent for that crawler exactly when no reachable state
// has two different answers; otherwise the first such states found are the
// shortest witnesses.
func CompareReadingsBounded(old *File, kind Kind, converted *File, opt CompareOptions) EquivalenceReport {
	c := &comparer{src: NewPolicy(old), dst: NewPolicy(converted), kind: kind, opt: opt}
	c.dstCase = NewPolicy(converted)
	c.dstCase.acapMode = matchACAPCase
	if c.opt.MaxStates <= 0 {
		c.opt.MaxStates = defaultMaxStates
	}
	if c.opt.MaxBytes <= 0 {
		c.opt.MaxBytes = defaultMaxBytes
	}
	if c.opt.tcap == nil {
		c.opt.tcap = newTimeCap(&opt)
	}
	names, classes, uncovered := c.proofCrawlers(old, converted, opt.OnlyNamed)
	c.compileInSteps()
	c.classes = classes
	rep := c.run(names)
	rep.Classes, rep.Uncovered = classes, uncovered
	rep.TimeStopped = c.opt.tcap.hasStopped()
	return rep
}

// compileInSteps compiles what the readings consult, a few patterns at a
// time (Policy.Prepare), letting a page draw in between: a large file's
// patterns take long to compile, and the first crawler's model would
// compile them all at once. It stops when the time cap does.
func (c *comparer) compileInSteps() {
	pc := newPace(c.opt.Yield, c.opt.tcap)
	if pc.tick() || c.opt.Yield == nil {
		return
	}
	for _, pk := range []struct {
		p    *Policy
		kind Kind
	}{{c.src, c.kind}, {c.dst, KindACAP}, {c.dstCase, KindACAP}} {
		if pk.p.prepareInSteps(pk.kind, pc) {
			return
		}
	}
}

// comparer holds what one comparison shares between crawlers.
type comparer struct {
	src, dst *Policy
	dstCase  *Policy // dst, its ACAP patterns compared case-sensitively
	kind     Kind
	opt      CompareOptions
	classes  []CrawlerClass // those the crawlers not named stand for
	ptrs     map[any]uint32 // numbers for the groups and records chosen
	// rels caches the comparisons of a layer's elements by the layer's
	// content: crawlers share layers (all those the file does not name
	// read the same any-crawler records).
	relsMu sync.Mutex
	rels   map[string]*relTable
}

// relations returns, for a crawler's model, how the elements of each layer
// compare (cached by the layer's patterns).
func (c *comparer) relations(m *proofModel) func(lm *layerModel) *relTable {
	return func(lm *layerModel) *relTable {
		var key []byte
		for _, e := range lm.elems {
			key = append(key, m.pats[e.pat].key()...)
			key = append(key, 0)
			key = append(key, scopeBytes(e.scope.scopeTokens())...)
			key = append(key, 1+byte(b2i(e.allow))) // the table ranks each verdict apart
		}
		c.relsMu.Lock()
		rel, ok := c.rels[string(key)]
		c.relsMu.Unlock()
		if ok {
			return rel
		}
		rel = m.scopeRelations(lm)
		c.relsMu.Lock()
		if c.rels == nil {
			c.rels = map[string]*relTable{}
		}
		c.rels[string(key)] = rel
		c.relsMu.Unlock()
		return rel
	}
}

// crawlerProof is a crawler to prove, or several whose readings choose the
// same groups and records (they get the same answers on every path).
type crawlerProof struct {
	names []string
	model *proofModel
	sig   string // the model's content, for the cache
}

func (c *comparer) run(names []string) EquivalenceReport {
	rep := EquivalenceReport{Source: c.kind, Crawlers: names}
	var proofs []*crawlerProof
	bySel := map[string]*crawlerProof{}
	pc := newPace(c.opt.Yield, c.opt.tcap)
	for _, n := range names {
		if pc.tick() {
			// Out of time: the crawlers left get no model, and are not
			// proved.
			break
		}
		sel := c.selectionKey(n)
		if cp := bySel[sel]; cp != nil {
			cp.names = append(cp.names, n)
			continue
		}
		cp := &crawlerProof{names: []string{n}}
		cp.model, cp.sig = c.model(n)
		bySel[sel] = cp
		proofs = append(proofs, cp)
	}
	var caseEx, otherEx []Difference
	results := c.prove(proofs)
	decided := map[string]bool{}
	stopped := map[string]bool{}
	caseOpen := map[string]bool{}
	for i, cp := range proofs {
		res := results[i]
		rep.States += res.states
		for _, n := range cp.names {
			decided[n] = (res.done || res.differs) && !res.overWork
			stopped[n] = !res.done && res.differs
			caseOpen[n] = res.caseOpen
			rep.otherStates += res.otherStates
			rep.More += res.more
			rep.CaseCount += res.caseFound
			rep.OtherCount += res.otherFound
			for _, d := range res.witnesses {
				d.Crawler = n
				if d.CaseOnly {
					caseEx = append(caseEx, d)
				} else {
					otherEx = append(otherEx, d)
				}
			}
		}
	}
	for _, n := range names {
		switch {
		case !decided[n]:
			rep.NotProved = append(rep.NotProved, n)
		case stopped[n]:
			rep.Stopped = append(rep.Stopped, n)
			rep.Proved = append(rep.Proved, n)
		case caseOpen[n]:
			rep.CaseOpen = append(rep.CaseOpen, n)
			fallthrough
		default:
			rep.Proved = append(rep.Proved, n)
		}
	}
	// Only RFC 9309, of the source kinds compared, reads '*' in a path
	// as a wildcard and ranks rules by length.
	for i := range otherEx {
		otherEx[i].Wildcards = c.kind == KindRFC9309 && startsWild(c.src.file.FieldAt(otherEx[i].SourceLine)) && startsWild(c.dst.file.FieldAt(otherEx[i].ACAPLine))
		otherEx[i].NamePart = c.namePart(&otherEx[i])
		rep.NamePartCount += b2i(otherEx[i].NamePart)
	}
	rep.Differences, rep.More = keepWitnesses(otherEx, caseEx, rep.More)
	return rep
}

// namePart reports whether a witness is for crawlers whose names are
// part of a record's User-agent, and a crawler of no record gets another
// answer from the source there (Difference.NamePart).
func (c *comparer) namePart(d *Difference) bool {
	if len(c.classes) == 0 {
		return false
	}
	for _, cl := range c.classes[1:] {
		if cl.Name == d.Crawler {
			p := PathOf(d.Path)
			subj := NewSubject(p)
			q := Question{Crawler: c.classes[0].Name, URL: p, Kind: c.kind}
			return c.src.decideQuiet(&q, p, &subj).Allowed != d.Source
		}
	}
	return false
}

// keepWitnesses orders the witnesses for the report and keeps up to 50 of
// them, among them at least one for every crawler that differs (the first
// that is not of case, else the first of case); more counts those left out.
// Those that are not of case come first.
func keepWitnesses(other, cases []Difference, more int) ([]Difference, int) {
	const keep = 50
	shown := map[string]bool{}
	all := append(slices.Clone(other), cases...)
	first := make([]bool, len(all)) // the witness is its crawler's first
	nfirst := 0
	for i, d := range all {
		if !shown[d.Crawler] {
			shown[d.Crawler] = true
			first[i] = true
			nfirst++
		}
	}
	room := max(keep, nfirst) - nfirst // for witnesses that are not first
	var kept []Difference
	for i, d := range all {
		switch {
		case first[i]:
			kept = append(kept, d)
		case room > 0:
			kept = append(kept, d)
			room--
		default:
			more++
		}
	}
	return kept, more
}

// startsWild reports whether a rule's pattern begins with a wildcard
// ("/*x" or "*x").
func startsWild(fd *Field) bool {
	if fd == nil || !(fd.Kind.IsConventionalRule() || fd.Kind.IsACAPRule()) {
		return false
	}
	p := fd.Pattern().Text
	return strings.HasPrefix(p, "*") || strings.HasPrefix(p, "/*")
}

// selectionKey identifies what the readings choose for a crawler: crawlers
// with the same key get the same answers, with the same lines.
func (c *comparer) selectionKey(name string) string {
	var b []byte
	ptr := func(x any) {
		if c.ptrs == nil {
			c.ptrs = map[any]uint32{}
		}
		id, ok := c.ptrs[x]
		if !ok {
			id = uint32(len(c.ptrs))
			c.ptrs[x] = id
		}
		b = binary.LittleEndian.AppendUint32(b, id)
	}
	ssel := c.src.selection(c.kind, name, false)
	b = append(b, 's', "an"[b2i(ssel.conv.named)])
	for _, g := range ssel.conv.groups {
		ptr(g)
	}
	if ssel.older != nil {
		ptr(ssel.older)
	}
	dsel := c.dst.selection(KindACAP, name, false)
	b = append(b, 'd', "an"[b2i(dsel.conv.named)])
	for _, g := range dsel.conv.groups {
		ptr(g)
	}
	for _, r := range dsel.records {
		ptr(r.rec)
		b = append(b, "an"[b2i(r.named)])
	}
	return string(b)
}

// prove proves the crawlers, on as many threads as Go may use (one in a
// browser); the results do not depend on it. With a Yield function they
// are proved one after the other, so that it is never called from two
// goroutines at once.
func (c *comparer) prove(proofs []*crawlerProof) []proofResult {
	results := make([]proofResult, len(proofs))
	workers := min(runtime.GOMAXPROCS(0), len(proofs))
	// MaxWork: a proof starts only while the proofs before it, in order,
	// used fewer states; those that do not start are not proved. With
	// proofs running in parallel, one is not started once those finished
	// used MaxWork: those before it, all started, used at least as many.
	var used atomic.Int64
	over := func() bool { return c.opt.MaxWork > 0 && used.Load() >= int64(c.opt.MaxWork) }
	if c.opt.Yield != nil || workers <= 1 {
		for i, cp := range proofs {
			if over() || c.opt.tcap.stop() {
				results[i] = proofResult{overWork: over(), timeStopped: !over()}
				continue
			}
			results[i] = c.proveOne(cp)
			used.Add(int64(results[i].states))
		}
	} else {
		var next atomic.Int64
		var wg sync.WaitGroup
		for range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					i := int(next.Add(1)) - 1
					if i >= len(proofs) {
						return
					}
					if over() || c.opt.tcap.stop() {
						results[i] = proofResult{overWork: over(), timeStopped: !over()}
						continue
					}
					results[i] = c.proveOne(proofs[i])
					used.Add(int64(results[i].states))
				}
			}()
		}
		wg.Wait()
	}
	// The proofs that started after MaxWork states, in order, whatever
	// the order in which they ran.
	if c.opt.MaxWork > 0 {
		sum := 0
		for i := range results {
			if sum >= c.opt.MaxWork {
				results[i] = proofResult{overWork: true}
			}
			sum += results[i].states
		}
	}
	return results
}

// proveOne proves one crawler (or takes the proof of an earlier comparison
// with the same readings).
//
// A difference that is not of case is a path where the ACAP reading and
// the case-sensitive ACAP reading both differ from the source. The proof
// first compares the source with the case-sensitive reading alone: all
// three readings of a conventional rule's pattern then match alike, which
// keeps the automaton small. If they agree on every path, no difference
// other than of case exists; a search with all three readings then looks
// for differences of case, within a smaller bound. Where the first search
// cannot settle (the case-sensitive reading differs on a path where the
// ACAP reading does not: another path to the same state may differ, and a
// witness found later may not be the shortest), the proof searches with
// all three readings.
func (c *comparer) proveOne(cp *crawlerProof) proofResult {
	name := cp.names[0]
	if cp.model == nil {
		return proofResult{} // nothing is claimed
	}
	if res, ok := c.opt.cache.get(cp.sig); ok {
		// The same readings: the same answers on every path. The lines
		// may have moved: the witnesses are asked again.
		ws := make([]Difference, len(res.witnesses))
		for i, d := range res.witnesses {
			ap := c.decide(name, pathUnits(PathOf(d.Path)))
			ws[i] = Difference{Crawler: name, Path: d.Path, Source: ap.src.Allowed, SourceLine: ap.src.Line,
				ACAP: ap.dst.Allowed, ACAPLine: ap.dst.Line, CaseOnly: d.CaseOnly, caseLine: ap.dstCase.Line}
		}
		res.witnesses = ws
		return res
	}
	decide := func(units []int) *answers { return c.decide(name, units) }
	bounds := proofBounds{maxStates: c.opt.MaxStates, maxBytes: c.opt.MaxBytes, tcap: c.opt.tcap, yield: c.opt.Yield}
	bounds.stopAt = maxWitnesses
	// Most proofs end within a few thousand states, or at their first
	// differences: a first attempt leaves out the finer reductions, which
	// cost work in proportion to the square of the rules (finish).
	light := bounds
	light.maxStates = min(bounds.maxStates, lightStates)
	res := c.proveWith(cp, light, decide)
	if !(res.done || res.differs) || res.caseOpen {
		if cp.model.unfinished != nil && !cp.model.finish(c.relations(cp.model)) {
			return proofResult{states: res.states, timeStopped: true}
		}
		states := res.states
		res = c.proveWith(cp, bounds, decide)
		res.states += states
	}
	if !res.timeStopped {
		// What the bounds gave: the same in every comparison.
		c.opt.cache.put(cp.sig, res)
	}
	return res
}

// lightStates bounds the first attempt of a proof (proveOne).
const lightStates = 20000

// proveWith runs the searches of one crawler's proof (proveOne).
func (c *comparer) proveWith(cp *crawlerProof, bounds proofBounds, decide answerer) proofResult {
	name := cp.names[0]
	free := bounds
	free.caseFree = true
	res := newProver(c.caseFreeModel(cp)).run(name, free, decide)
	switch {
	case res.differs && !res.unsettled:
		// Shown to differ, by the shortest witnesses: differences of case
		// were not looked for.
		res.done = false
	case res.done && !res.unsettled:
		// No difference other than of case: look for differences of case.
		look := bounds
		look.stopCase = maxWitnesses
		look.maxStates = min(bounds.maxStates, caseSearchStates)
		cases := newProver(cp.model).run(name, look, decide)
		if cases.timeStopped {
			return proofResult{states: res.states + cases.states, timeStopped: true}
		}
		if cases.differs {
			// The searches contradict each other: claim nothing.
			return proofResult{}
		}
		res.states += cases.states
		res.caseFound, res.more, res.witnesses = cases.caseFound, cases.more, cases.witnesses
		res.caseOpen = !cases.done && cases.caseFound == 0
	default:
		full := newProver(cp.model).run(name, bounds, decide)
		full.states += res.states
		res = full
	}
	return res
}

// caseSearchStates bounds the search for differences of case, once no
// other difference can exist.
const caseSearchStates = 50000

// caseFreeModel returns the crawler's model without the ACAP reading
// (only the source and the case-sensitive ACAP reading).
func (c *comparer) caseFreeModel(cp *crawlerProof) *proofModel {
	m := *cp.model
	m.layers[0] = [numLayers]layerModel{}
	m.roles = make([][]elemRef, len(cp.model.roles))
	for q, rs := range cp.model.roles {
		for _, r := range rs {
			if r.reading == 1 {
				m.roles[q] = append(m.roles[q], r)
			}
		}
	}
	return &m
}

// floatStart returns the position of the first literal of a pattern that
// begins with a wildcard ("/*x", or "*x"), or 0.
func floatStart(p *autPattern) int32 {
	t := p.toks
	switch {
	case p.never:
	case len(t) >= 3 && t[0] == '/' && t[1] == tokStar:
		return 2
	case len(t) >= 2 && t[0] == tokStar:
		return 1
	}
	return 0
}

// scopeBytes writes scope tokens as bytes, to tell patterns apart.
func scopeBytes(toks []uint16) []byte {
	b := make([]byte, 0, 2*len(toks))
	for _, t := range toks {
		b = binary.LittleEndian.AppendUint16(b, t)
	}
	return b
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

// proofCache keeps proofs by the content of their readings.
type proofCache struct {
	mu sync.Mutex
	m  map[string]proofResult
}

func (pc *proofCache) get(sig string) (proofResult, bool) {
	if pc == nil {
		return proofResult{}, false
	}
	pc.mu.Lock()
	defer pc.mu.Unlock()
	r, ok := pc.m[sig]
	return r, ok
}

func (pc *proofCache) put(sig string, r proofResult) {
	if pc == nil {
		return
	}
	pc.mu.Lock()
	defer pc.mu.Unlock()
	if pc.m == nil {
		pc.m = map[string]proofResult{}
	}
	pc.m[sig] = r
}
