package policy

import (
	"slices"
	"strings"
	"time"
)

// Comparing two versions of a file: what changes, for every crawler, in
// every kind, if the second replaces the first (READING.md §11).

// VersionOptions say what CompareVersions compares and bound its work.
type VersionOptions struct {
	// Kinds are the kinds compared (nil: every kind).
	Kinds []Kind
	// Crawlers are more crawlers to compare by name, besides those the
	// versions name (a directory of crawlers).
	Crawlers []string
	// MaxStates bounds the states of each search (0: 200,000); MaxBytes
	// the memory each search holds, as it counts it (0: 64 MiB). A search
	// stopped by them leaves the uses it had not decided open.
	MaxStates, MaxBytes int
	// MaxWork bounds the states of the whole comparison (0: none): the
	// searches are run in the report's order, and those past it stop.
	MaxWork int
	// Deadline, Pause and Yield are CompareOptions': a time cap, which
	// Pause may move, and a function called now and then to let a page
	// draw. Without a Deadline the report depends only on the input and
	// the bounds.
	Deadline time.Time
	Pause    func() time.Time
	Yield    func()
}

// The default bounds of VersionOptions.
const (
	defaultVersionStates = 200000
	// VersionWitnesses is how many witnesses CompareVersions keeps per
	// crawler, kind and use (each with another pair of deciding lines).
	VersionWitnesses = 3
)

// VersionStop says what stopped a search before it visited every state.
type VersionStop uint8

// The reasons a search stops.
const (
	StopNone   VersionStop = iota // it did not stop (or it stopped once every use differed)
	StopStates                    // its bound of states or memory
	StopWork                      // the bound of the whole comparison
	StopTime                      // the time cap
)

// String says the reason in words.
func (s VersionStop) String() string {
	switch s {
	case StopStates:
		return "the bound on one search (states or memory)"
	case StopWork:
		return "the bound on the whole comparison"
	case StopTime:
		return "the time cap"
	}
	return ""
}

// VersionReport is the comparison of two versions of a file.
type VersionReport struct {
	Kinds []Kind
	// Crawlers are the crawlers compared: those either version names,
	// those of VersionOptions.Crawlers, then those that stand for the
	// crawlers no version names (Classes).
	Crawlers []string
	// Classes say whom the crawlers that stand for others stand for.
	Classes []VersionClass
	// Groups are, per kind, the crawlers that both versions read alike
	// (the same groups and records in each), with what the comparison
	// proved for them.
	Groups []VersionGroup
	// Changes are the witnesses: for each group and use that differs,
	// the shortest paths where the versions answer differently (up to
	// VersionWitnesses, each with another pair of deciding lines). Uses
	// with the same witness and answers share one change.
	Changes []VersionChange
	// Unread says, in words, what the comparison does not read (ACAP
	// sub-records for purposes, referenced files, names it could not
	// cover): nothing is claimed about them.
	Unread []string
	// States counts the states explored.
	States int
	// TimeStopped reports that the time cap stopped some search.
	TimeStopped bool
}

// VersionClass is a crawler compared on behalf of others.
type VersionClass struct {
	Name string
	Who  string // whom it stands for, in words
}

// VersionGroup is what the comparison proved for crawlers read alike.
type VersionGroup struct {
	Kind     Kind
	Crawlers []string
	// Uses are those compared: every use of the ACAP and the today
	// kinds; crawl for the others, which answer every usage as crawl.
	Uses []Use
	// Same are the uses proved to get the same answer on every path;
	// Changed those a witness shows changed; Open those the search
	// stopped before deciding (nothing is claimed about them).
	Same, Changed, Open []Use
	// Complete reports that every state was visited: the witnesses are
	// the shortest of every pair of deciding lines, up to
	// VersionWitnesses per use.
	Complete bool
	Stop     VersionStop
	States   int
}

// VersionChange is a witness: a path where the versions answer a use
// differently for some crawlers of one kind.
type VersionChange struct {
	Kind     Kind
	Crawlers []string
	Uses     []Use
	// Path is the witness, written so that a URL reads it as this path.
	Path string
	// Before and After are the answers (without traces); their Line is
	// the deciding line in each version (0: none).
	Before, After Answer
}

// VersionStatus is what a report says of one crawler, kind and use.
type VersionStatus uint8

// The statuses.
const (
	VersionNotCompared VersionStatus = iota // not in the report
	VersionSame                             // proved the same on every path
	VersionChanged                          // a witness shows a change
	VersionOpen                             // not decided within the bounds
)

// Proved reports whether every use of every crawler and kind compared was
// decided, every crawler name being covered.
func (r *VersionReport) Proved() bool {
	if len(r.Groups) == 0 || len(r.Unread) > 0 {
		return false
	}
	for i := range r.Groups {
		if len(r.Groups[i].Open) > 0 {
			return false
		}
	}
	return true
}

// NoChange reports whether the versions were proved to answer alike,
// for every crawler, kind and use, on every path.
func (r *VersionReport) NoChange() bool { return r.Proved() && len(r.Changes) == 0 }

// Group returns the group of a crawler compared, for kind k (nil: none).
func (r *VersionReport) Group(crawler string, k Kind) *VersionGroup {
	for i := range r.Groups {
		if g := &r.Groups[i]; g.Kind == k && slices.Contains(g.Crawlers, crawler) {
			return g
		}
	}
	return nil
}

// Status says what the report proved for a crawler compared, a kind and a
// use.
func (r *VersionReport) Status(crawler string, k Kind, u Use) VersionStatus {
	g := r.Group(crawler, k)
	switch {
	case g == nil:
		return VersionNotCompared
	case slices.Contains(g.Same, u):
		return VersionSame
	case slices.Contains(g.Changed, u):
		return VersionChanged
	case slices.Contains(g.Open, u):
		return VersionOpen
	}
	return VersionNotCompared
}

// Who says whom a crawler of the report stands for: itself, or a class.
func (r *VersionReport) Who(name string) string {
	for _, c := range r.Classes {
		if c.Name == name {
			return c.Who
		}
	}
	return name
}

// AnswerText says an answer in a few words: "allowed", "not allowed",
// "allowed with restrictions: …", or today's preference.
func AnswerText(a Answer) string {
	switch {
	case a.Preference != PrefNotAsked:
		s := a.Preference.Title()
		if a.Partial {
			var parts []string
			for _, c := range a.Channels {
				parts = append(parts, c.Preference.Title()+" for "+c.Name)
			}
			s += " (partial: " + strings.Join(parts, "; ") + ")"
		}
		return s
	case !a.Allowed:
		return "not allowed"
	case len(a.Restrictions) > 0:
		var rs []string
		for _, q := range a.Restrictions {
			rs = append(rs, q.String())
		}
		return "allowed with restrictions: " + strings.Join(rs, ", ")
	}
	return "allowed"
}

// CompareVersions compares two versions of a file: for every crawler
// either names, those of opt.Crawlers and one for each class of the
// others, in every kind and for every use the kind answers, whether the
// versions answer alike on every path, and where they do not, the
// shortest paths with both answers and both deciding lines. Questions name
// no usage purpose and no date; ACAP-permissions-reference is not
// followed.
//
// It is a proof, not a sample: see versionsprove.go. Crawlers whose
// readings choose the same groups and records in each version get the
// same answers, and are compared once.
func CompareVersions(before, after *File, opt VersionOptions) VersionReport {
	if opt.MaxStates <= 0 {
		opt.MaxStates = defaultVersionStates
	}
	if opt.MaxBytes <= 0 {
		opt.MaxBytes = defaultMaxBytes
	}
	tcap := newTimeCap(&CompareOptions{Deadline: opt.Deadline, Pause: opt.Pause})
	vc := &versionComparer{pols: [2]*Policy{NewPolicy(before), NewPolicy(after)}, ptrs: map[any]uint32{}, auts: map[*Pattern]autEntry{},
		pace: newPace(opt.Yield, tcap)}
	rep := VersionReport{Kinds: opt.Kinds}
	if rep.Kinds == nil {
		rep.Kinds = Kinds()
	}
	// Each version's parts, compiled one at a time (a page draws between).
	for _, p := range vc.pols {
		for _, k := range []Kind{KindACAP, KindDraft1996, KindToday} {
			p.prepareInSteps(k, vc.pace)
		}
		p.selection(KindToday, unnamedCrawler, false)
		vc.pace.tick()
	}
	rep.Crawlers, rep.Classes = vc.crawlers(rep.Kinds, opt.Crawlers, &rep.Unread)
	work := opt.MaxWork
	if work <= 0 {
		work = int(^uint(0) >> 1)
	}
	// The groups of crawlers, kind by kind; for each use of each, a job:
	// proved at once when the versions describe it alike (nil), else
	// asked in the search of its model (jobs of one model share one).
	var groups []*VersionGroup
	var jobs [][]*vJob
	var order []*vSearchOf
	searches := map[string]*vSearchOf{}
	for _, k := range rep.Kinds {
		uses := versionUses(k)
		byKey := map[string]*VersionGroup{}
		for _, n := range rep.Crawlers {
			vc.pace.tick()
			key := vc.key(k, n)
			if g := byKey[key]; g != nil {
				g.Crawlers = append(g.Crawlers, n)
				continue
			}
			g := &VersionGroup{Kind: k, Crawlers: []string{n}, Uses: uses, Complete: true}
			byKey[key] = g
			groups = append(groups, g)
			js := make([]*vJob, len(uses))
			for i, u := range uses {
				vc.pace.tick()
				d := vc.model(k, n, u, true)
				if string(d.sig[0]) == string(d.sig[1]) {
					continue // the versions read the same lines alike
				}
				sr := searches[string(d.shape)]
				if sr == nil {
					sr = &vSearchOf{m: vc.model(k, n, u, false)}
					searches[string(d.shape)] = sr
					order = append(order, sr)
				}
				js[i] = &vJob{ask: vc.asker(k, n, u), of: sr}
				sr.jobs = append(sr.jobs, js[i])
			}
			jobs = append(jobs, js)
		}
	}
	bounds := vBounds{maxStates: opt.MaxStates, maxBytes: opt.MaxBytes, work: &work, pace: vc.pace, perJob: VersionWitnesses}
	for _, sr := range order {
		sr.out = vOutcome{stop: StopTime}
		if !vc.pace.tick() {
			sr.out = newVSearch(sr.m).run(sr.jobs, bounds)
		}
		rep.States += sr.out.states
	}
	for gi, g := range groups {
		diffs := make([][]vWitness, len(g.Uses))
		for i, j := range jobs[gi] {
			u := g.Uses[i]
			switch {
			case j == nil || len(j.diffs) == 0 && j.of.out.done:
				g.Same = append(g.Same, u)
			case len(j.diffs) > 0:
				g.Changed = append(g.Changed, u)
			default:
				g.Open = append(g.Open, u)
			}
			if j != nil {
				diffs[i] = j.diffs
				g.Complete = g.Complete && j.of.out.done
				g.States += j.of.out.states
				g.Stop = max(g.Stop, j.of.out.stop)
			}
		}
		rep.Changes = appendChanges(rep.Changes, g, diffs)
		rep.Groups = append(rep.Groups, *g)
	}
	rep.TimeStopped = tcap.hasStopped()
	return rep
}

// appendChanges adds a group's witnesses, one change for the uses that
// share a path and answers.
func appendChanges(cs []VersionChange, g *VersionGroup, diffs [][]vWitness) []VersionChange {
	from := len(cs)
	for i, ws := range diffs {
		for _, w := range ws {
			j := from
			for ; j < len(cs); j++ {
				c := &cs[j]
				if c.Path == witnessURL(w.path) && c.Before.Line == w.before.Line && c.After.Line == w.after.Line &&
					answerKey(&c.Before) == answerKey(&w.before) && answerKey(&c.After) == answerKey(&w.after) {
					break
				}
			}
			if j < len(cs) {
				cs[j].Uses = append(cs[j].Uses, g.Uses[i])
				continue
			}
			cs = append(cs, VersionChange{Kind: g.Kind, Crawlers: g.Crawlers, Uses: []Use{g.Uses[i]}, Path: witnessURL(w.path), Before: w.before, After: w.after})
		}
	}
	return cs
}

// versionUses returns the uses compared for a kind: the older kinds and
// RFC 9309 answer every usage as crawl.
func versionUses(k Kind) []Use {
	if k == KindACAP || k == KindToday {
		return UsesOf(k)
	}
	return []Use{{Usage: UsageCrawl}}
}

// versionComparer holds what one comparison shares.
type versionComparer struct {
	pols  [2]*Policy
	ptrs  map[any]uint32
	named map[string]bool // lower-case names either version uses
	pace  *pace
	auts  map[*Pattern]autEntry
}

func (vc *versionComparer) isNamed(n string) bool { return vc.named[lowerASCII(crawlerName(n))] }

// asker asks both versions one use for one crawler.
func (vc *versionComparer) asker(k Kind, name string, u Use) func(string) (Answer, Answer) {
	return func(path string) (Answer, Answer) {
		subj := NewSubject(path)
		q := Question{Crawler: name, URL: path, Kind: k, Usage: u.Usage, Category: u.Category}
		return vc.pols[0].decideQuiet(&q, path, &subj), vc.pols[1].decideQuiet(&q, path, &subj)
	}
}

// todayCrawler returns the crawler whose groups the today kind reads for
// name (the fetcher of a per-purpose token), and the token named.
func todayCrawler(name string) (string, *purposeToken) {
	if own := isPurposeToken(name); own != nil {
		return own.fetcher, own
	}
	return name, nil
}

// key identifies what the readings of kind k choose for a crawler in each
// version: crawlers with the same key get the same answers.
func (vc *versionComparer) key(k Kind, name string) string {
	var b []byte
	ptr := func(x any) {
		id, ok := vc.ptrs[x]
		if !ok {
			id = uint32(len(vc.ptrs))
			vc.ptrs[x] = id
		}
		b = append(b, byte(id), byte(id>>8), byte(id>>16), byte(id>>24))
	}
	switch k {
	case KindDraft1996, KindREP1994, KindV2Proposal:
		for _, p := range vc.pols {
			ptr(p.selection(k, name, false).older)
		}
		return string(b)
	case KindToday:
		crawler, own := todayCrawler(name)
		ptr(own)
		for _, t := range purposeTokensFor(crawler, false) {
			ptr(t)
		}
		b = append(b, "sg"[b2i(own == nil && isGoogleSearchCrawler(crawler, false))])
		name = crawler
	}
	if !vc.isNamed(name) {
		return string(b) + "u" // the groups and records for every crawler
	}
	for _, p := range vc.pols {
		sel := p.selection(k, name, false)
		b = append(b, "an"[b2i(sel.conv.named)])
		for _, g := range sel.conv.groups {
			ptr(g)
		}
		for _, r := range sel.records {
			ptr(r.rec)
			b = append(b, "an"[b2i(r.named)])
		}
	}
	return string(b)
}

// model collects what both versions' readings of kind k consult for a
// crawler's answer for use u; with described, only its descriptions.
func (vc *versionComparer) model(k Kind, name string, u Use, described bool) *vModel {
	m := newVModel(vc.auts)
	m.described, m.pace = described, vc.pace
	for v, p := range vc.pols {
		m.v = v
		switch k {
		case KindRFC9309:
			m.convList(p.selection(k, name, false).conv.rules, true)
		case KindDraft1996, KindREP1994, KindV2Proposal:
			r := p.selection(k, name, false).older
			m.noteN(b2i(r != nil))
			if r == nil {
				continue
			}
			m.noteN(r.v2)
			var pats []*Pattern
			var allow []bool
			for i := range r.rules {
				switch {
				case k == KindV2Proposal && r.v2 == 2:
					pats = append(pats, &r.rules[i].whole)
				case k == KindDraft1996 || !r.rules[i].allow:
					pats, allow = append(pats, &r.rules[i].prefix), append(allow, r.rules[i].allow)
				}
			}
			if k == KindV2Proposal && r.v2 == 2 {
				for i := range r.rules {
					m.noteN(b2i(r.rules[i].allow), b2i(r.rules[i].wildcard))
				}
				m.set(pats)
			} else {
				m.list(pats, allow, true)
			}
		case KindACAP:
			sel := p.selection(k, name, false)
			m.noteN(b2i(sel.conv.named), b2i(len(sel.conv.rules)+len(sel.conv.agents) > 0))
			// A usage reads its own fields, those for other where they
			// are silent, and those of the usages it needs: crawl, and
			// preserve for copies.
			need := usageMask(u.Usage) | usageMask(UsageOther) | usageMask(UsageCrawl)
			if u.Usage == UsagePresentCurrentCopy || u.Usage == UsagePresentOldCopy {
				need |= usageMask(UsagePreserve)
			}
			n := m.nobs
			m.layer(sel.records, true, need)
			m.layer(sel.records, false, need)
			// The conventional rule that decides is weighed against ACAP
			// fields for crawl; without any, only its verdict is read.
			m.convList(sel.conv.rules, m.nobs == n)
		case KindToday:
			crawler, own := todayCrawler(name)
			sel := p.selection(k, crawler, false)
			m.convList(sel.conv.rules, true)
			c, ok := u.Category.index()
			if !ok {
				continue // crawl
			}
			m.tie(sel.today.usage, c)
			m.tie(sel.today.signal, c)
			tokens := purposeTokensFor(crawler, false)
			if own != nil && !containsToken(tokens, own) {
				tokens = append(tokens, own)
			}
			for _, t := range tokens {
				if !slices.Contains(t.categories, u.Category) {
					continue // it does not speak for the category
				}
				ts := p.selection(k, t.token, false)
				m.noteS(t.token)
				m.noteN(b2i(ts.conv.named))
				m.convList(ts.conv.rules, true)
				if ts.conv.named {
					m.tie(ts.today.usage, c)
					m.tie(ts.today.signal, c)
				}
			}
		}
	}
	return m
}

// crawlers returns the crawlers to compare, and the classes of those that
// stand for others; what it cannot cover is added to unread.
func (vc *versionComparer) crawlers(kinds []Kind, extra []string, unread *[]string) ([]string, []VersionClass) {
	vc.named = map[string]bool{}
	var names []string
	seen := map[string]bool{}
	add := func(n string) bool {
		k := lowerASCII(crawlerName(n))
		if k == "" || k == "*" || seen[k] {
			return false
		}
		seen[k] = true
		names = append(names, n)
		return true
	}
	for _, p := range vc.pols {
		for _, n := range crawlerNames(p.file) {
			vc.named[lowerASCII(crawlerName(n))] = true
			add(n)
		}
		for _, r := range p.file.Records {
			if len(r.Subs) > 0 {
				*unread = append(*unread, "the ACAP sub-records for usage purposes (line "+itoa(r.First)+versionWhich(p == vc.pols[0])+
					"): the questions name no purpose")
				break
			}
		}
		for _, r := range p.file.Records {
			if r.Reference != nil {
				*unread = append(*unread, "the file that ACAP-permissions-reference on line "+itoa(r.Reference.Line)+versionWhich(p == vc.pols[0])+" points to")
				break
			}
		}
	}
	for _, n := range extra {
		add(n)
	}
	// The older kinds give a crawler the first record whose User-agent
	// contains its name.
	older := slices.Contains(kinds, KindDraft1996) || slices.Contains(kinds, KindREP1994) || slices.Contains(kinds, KindV2Proposal)
	var values []string
	for _, p := range vc.pols {
		for _, r := range p.compiled(p.file, "", needOlder).older {
			for _, a := range r.agents {
				values = append(values, lowerASCII(a.Value.Text))
			}
		}
	}
	other := unnamedCrawler
	for seen[lowerASCII(other)] || (older && strings.Contains(strings.Join(values, "\n"), lowerASCII(other))) {
		other += "X"
	}
	add(other)
	classes := []VersionClass{{other, "crawlers neither version names"}}
	if slices.Contains(kinds, KindToday) {
		// Today's crawler reads per-purpose tokens for crawlers by the
		// beginning of their names.
		for _, c := range [][2]string{{"Googlebot", "Googlebot"}, {"GoogleOther", "GoogleOther or Google-Extended"}, {"Applebot", "Applebot"}} {
			n := c[0]
			for seen[lowerASCII(n)] {
				n += "X"
			}
			add(n)
			classes = append(classes, VersionClass{n, "crawlers neither version names whose names begin with " + c[1] + " (for today's AI crawler)"})
		}
		for _, t := range purposeTokens {
			add(t.token)
		}
	}
	if older {
		cs, cut := vc.olderClasses(seen)
		for _, c := range cs {
			add(c.Name)
		}
		classes = append(classes, cs...)
		if cut {
			*unread = append(*unread, "for the older kinds, crawlers neither version names whose names are part of very long User-agent lines")
		}
	}
	return names, classes
}

func versionWhich(before bool) string {
	if before {
		return ", before"
	}
	return ", after"
}

// maxClassSubstrings bounds the names olderClasses tries.
const maxClassSubstrings = 300000

// olderClasses returns, for the older kinds, a crawler for each pair of
// records (one per version, or none) that crawlers neither version names
// are given: their names are parts of User-agent values, and the first
// record whose value holds the name is theirs. cut reports that names
// were left untried (maxClassSubstrings).
func (vc *versionComparer) olderClasses(seen map[string]bool) (classes []VersionClass, cut bool) {
	type first struct {
		rec  [2]int32
		line [2]int
		val  [2]string
	}
	parts := map[string]*first{}
	tried := 0
	for v, p := range vc.pols {
		recs := p.compiled(p.file, "", needOlder).older
		for i := range recs {
			for _, a := range recs[i].agents {
				low := lowerASCII(a.Value.Text)
				if agentAny(low) || low == "" {
					continue
				}
				for _, s := range strings.Split(low, "/") {
					s = strings.TrimSpace(s)
					for x := 0; x < len(s); x++ {
						for y := x + 1; y <= len(s); y++ {
							w := s[x:y]
							if w != strings.TrimSpace(w) || seen[w] {
								continue
							}
							if tried++; tried > maxClassSubstrings {
								cut = true
								continue
							}
							if tried%4096 == 0 {
								vc.pace.tick()
							}
							f := parts[w]
							if f == nil {
								f = &first{rec: [2]int32{-1, -1}}
								parts[w] = f
							}
							if f.rec[v] < 0 {
								f.rec[v], f.line[v], f.val[v] = int32(i), a.Line, strings.TrimSpace(a.Value.Text)
							}
						}
					}
				}
			}
		}
	}
	// One name per pair: the longest, then the first in order (sorted
	// by a prefix that puts the longer first).
	ws := make([]string, 0, len(parts))
	for w := range parts {
		n := 1<<24 - len(w)
		ws = append(ws, string([]byte{byte(n >> 16), byte(n >> 8), byte(n)})+w)
	}
	slices.Sort(ws)
	done := map[[2]int32]bool{}
	for _, w := range ws {
		w = w[3:]
		f := parts[w]
		if done[f.rec] {
			continue
		}
		done[f.rec] = true
		var in []string
		for v, which := range [2]string{"before", "after"} {
			if f.rec[v] >= 0 {
				in = append(in, "\""+f.val[v]+"\" (line "+itoa(f.line[v])+", "+which+")")
			}
		}
		classes = append(classes, VersionClass{w, "crawlers neither version names whose names are part of " + strings.Join(in, " and ") +
			" and of no User-agent before it, such as " + w})
	}
	return classes, cut
}
