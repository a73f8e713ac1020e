package policy

import (
	"strings"
	"sync"
)

// Policy answers questions about one robots.txt file. It compiles the
// file's patterns once and remembers, per crawler, which records apply, so
// that many questions about the same file are cheap. A Policy is safe for
// concurrent use.
type Policy struct {
	file  *File
	files map[string]*File // other files of the workspace, by path
	pages map[string]*Page // pages by path, whose META tags join the decision

	// acapMode is how ACAP resource patterns are matched: MatchACAP, or
	// matchACAPCase for the proof's case-sensitive reading.
	acapMode MatchMode

	mu    sync.RWMutex
	refs  map[*File]*File // referenced files, read with the main file's definitions
	comps map[*File]*compiled
	sels  map[selKey]*selection
}

// NewPolicy prepares f for questions. others are further files of the
// workspace, found by their Name (a path such as "/acap-policy.txt") when
// f refers to them with ACAP-permissions-reference.
func NewPolicy(f *File, others ...*File) *Policy {
	p := &Policy{file: f, acapMode: MatchACAP, files: map[string]*File{}, comps: map[*File]*compiled{}, sels: map[selKey]*selection{}}
	for _, o := range others {
		if o != nil {
			p.files[o.Name] = o
		}
	}
	return p
}

// File returns the file the policy answers about.
func (p *Policy) File() *File { return p.file }

// compiled holds a file's patterns, compiled for each reading. Each part is
// compiled the first time a question needs it (see need), so that a policy
// asked only as RFC 9309 crawlers ask never compiles the ACAP records or the
// older conventions. Policy.Prepare compiles the parts a few patterns at a
// time; the work begun is kept in convB, todayB, olderB and acapAt.
type compiled struct {
	file *File
	name string // "" for the main file, else its path
	done need   // the parts compiled so far
	// acapMode is the Policy's mode for ACAP resource patterns.
	acapMode MatchMode

	acap   map[*Field][]acapRule // ACAP permissions and prohibitions
	purp   map[*Field]Pattern    // ACAP-usage-purpose patterns
	recs   map[*Record]*recRules // each record's rules, flattened
	acapAt int                   // the next field of the ACAP part

	conv   []convGroup    // conventional groups, RFC 9309 style
	convB  *groupCompiler // conv while it is compiled in steps
	today  *compiled      // the groups of the today reading (conv only)
	todayB *groupCompiler // today while it is compiled in steps
	// sels are the conventional selections made so far, by the groups
	// chosen (and acapView): crawlers that read the same groups share one.
	selsMu sync.Mutex
	sels   map[string]*convSelection
	older  []olderRecord  // records as the 1994/1996 conventions delimit them
	olderB *olderCompiler // older while it is compiled in steps
}

// need names the parts of a compiled file.
type need uint8

const (
	needACAP  need = 1 << iota // acap, purp, recs
	needConv                   // conv
	needOlder                  // older
	needToday                  // today
)

// parts lists the parts in the order they are compiled.
var parts = [...]need{needConv, needToday, needOlder, needACAP}

// needOf returns the parts a kind of crawler reads.
func needOf(k Kind) need {
	switch k {
	case KindACAP:
		return needACAP | needConv
	case KindRFC9309:
		return needConv
	case KindDraft1996, KindREP1994, KindV2Proposal:
		return needOlder
	case KindToday:
		return needToday
	}
	return 0
}

// acapRule is one Rule of an ACAP field, compiled.
type acapRule struct {
	fd    *Field
	rule  *Rule
	allow bool
	usage Usage
	pat   Pattern
}

// compiled returns f compiled with at least the parts in n.
func (p *Policy) compiled(f *File, name string, n need) *compiled {
	p.mu.Lock()
	defer p.mu.Unlock()
	c := p.compiledLocked(f, name)
	for _, part := range parts {
		if n&part != 0 {
			c.step(part, -1)
		}
	}
	return c
}

// compiledLocked returns f's compiled parts, made if need be; p.mu is held.
func (p *Policy) compiledLocked(f *File, name string) *compiled {
	c := p.comps[f]
	if c == nil {
		c = &compiled{file: f, name: name, acapMode: p.acapMode}
		p.comps[f] = c
	}
	return c
}

// step compiles more of the part: about work bytes of patterns (at least
// one pattern), or all that is left if work < 0. It returns the bytes
// compiled; the part is done when c.done has it.
func (c *compiled) step(part need, work int) int {
	if c.done&part != 0 {
		return 0
	}
	f := c.file
	used, fin := 0, true
	switch part {
	case needConv:
		if c.convB == nil {
			c.convB = &groupCompiler{f: f, groups: f.Groups}
		}
		if used, fin = c.convB.step(work); fin {
			c.conv, c.convB = c.convB.gs, nil
		}
	case needToday:
		if c.todayB == nil {
			c.todayB = &groupCompiler{f: f, groups: todayGroups(f)}
		}
		if used, fin = c.todayB.step(work); fin {
			c.today, c.todayB = &compiled{conv: c.todayB.gs}, nil
		}
	case needOlder:
		if c.olderB == nil {
			c.olderB = &olderCompiler{f: f}
		}
		if used, fin = c.olderB.step(work); fin {
			c.older, c.olderB = c.olderB.recs, nil
		}
	case needACAP:
		used, fin = c.stepACAP(work)
	}
	if fin {
		c.done |= part
	}
	return used
}

// stepACAP compiles the ACAP part's fields from acapAt on, about work
// bytes of patterns (all if work < 0), then the records' rules.
func (c *compiled) stepACAP(work int) (int, bool) {
	f := c.file
	if c.acap == nil {
		c.acap, c.purp = map[*Field][]acapRule{}, map[*Field]Pattern{}
	}
	used := 0
	for ; c.acapAt < len(f.Fields); c.acapAt++ {
		if stepDone(work, used) {
			return used, false
		}
		used += c.compileACAPField(f.Fields[c.acapAt])
	}
	c.recs = map[*Record]*recRules{}
	for _, r := range f.Records {
		rr := &recRules{general: flatten(c, r.Rules)}
		for _, sub := range r.Subs {
			cs := compiledSub{rules: flatten(c, sub.Rules)}
			for _, pf := range sub.Purposes {
				if pat, ok := c.purp[pf]; ok {
					cs.purposes = append(cs.purposes, pat)
				}
			}
			rr.subs = append(rr.subs, cs)
		}
		c.recs[r] = rr
	}
	return used, true
}

// compileACAPField compiles the patterns of one field for the ACAP part,
// if it has any, and returns their length in bytes.
func (c *compiled) compileACAPField(fd *Field) int {
	switch {
	case fd.Kind == FieldACAPUnknown && fd.Record != nil:
		// "ACAP-allow preserve: /x": skipped, but kept for the trace.
		joined := strings.Join(strings.Fields(fd.Name.Text), "-")
		if fi := lookupField(joined); fi.kind.IsACAPRule() && fi.usage != UsageNone {
			if w := strings.Fields(fd.Value.Text); len(w) > 0 {
				c.acap[fd] = []acapRule{{fd: fd, allow: fi.kind == FieldACAPAllow, usage: fi.usage, pat: CompilePattern(w[0], c.acapMode)}}
				return len(w[0]) + 1
			}
		}
	case fd.Kind.IsACAPRule():
		if fd.Status == StatusSkipped {
			// Kept for the trace: a skipped line that would have matched.
			if t := fd.Pattern().Text; t != "" {
				c.acap[fd] = []acapRule{{fd: fd, allow: fd.Kind == FieldACAPAllow, usage: fd.Usage, pat: CompilePattern(t, c.acapMode)}}
				return len(t) + 1
			}
			return 0
		}
		rules := fd.Rules()
		rs := make([]acapRule, len(rules))
		n := 0
		for i := range rules {
			r := &rules[i]
			rs[i] = acapRule{fd: fd, rule: r, allow: r.Allow, usage: r.Usage, pat: CompilePattern(r.Pattern, c.acapMode)}
			n += len(r.Pattern) + 1
		}
		c.acap[fd] = rs
		return n
	case fd.Kind == FieldACAPPurpose && fd.Status == StatusOK:
		t := fd.Pattern().Text
		c.purp[fd] = CompilePattern(t, MatchPurpose)
		return len(t) + 1
	}
	return 0
}

// recRules are a record's compiled rules, in field order: those outside
// sub-records, and each sub-record's.
type recRules struct {
	general ruleSet
	subs    []compiledSub
}

type compiledSub struct {
	purposes []Pattern
	rules    ruleSet
}

// ruleSet is a list of compiled ACAP rules with an index over them.
type ruleSet struct {
	rules []acapRule
	index *ruleIndex
}

func flatten(c *compiled, fields []*Field) ruleSet {
	var out []acapRule
	for _, fd := range fields {
		out = append(out, c.acap[fd]...)
	}
	return ruleSet{out, newRuleIndex(len(out), func(i int) *Pattern { return &out[i].pat })}
}

// selKey identifies a crawler for the selection cache.
type selKey struct {
	kind    Kind
	ua      bool
	crawler string
}

// selection is what a crawler reads of the file: computed once per crawler
// and kind.
type selection struct {
	records []appliedRecord // ACAP: records that apply, with their standing
	steps   []Step          // the trace steps that explain the choice
	conv    convSelection   // conventional groups (RFC 9309 style)
	older   *olderRecord    // the record an older kind uses, if any
	today   *todaySelection // today: the Content-Usage and Content-Signal lines of the groups
}

func (p *Policy) selection(kind Kind, crawler string, ua bool) *selection {
	key := selKey{kind, ua, crawler}
	p.mu.RLock()
	s := p.sels[key]
	p.mu.RUnlock()
	if s != nil {
		return s
	}
	main := p.compiled(p.file, "", needOf(kind))
	s = &selection{}
	switch kind {
	case KindACAP:
		p.selectACAP(s, main, crawler, ua)
		if p.file.IgnoreConventional == nil {
			s.conv = selectGroups(main, crawler, ua, true)
		}
	case KindRFC9309:
		s.conv = selectGroups(main, crawler, ua, false)
	case KindToday:
		s.conv = selectGroups(main.today, crawler, ua, false)
		s.today = compileToday(s.conv.groups)
	default:
		s.older = selectOlder(main, kind, crawler, ua)
	}
	p.mu.Lock()
	p.sels[key] = s
	p.mu.Unlock()
	return s
}

// Decide answers a question.
func (p *Policy) Decide(q Question) Answer {
	path := PathOf(q.URL)
	subj := NewSubject(path)
	return p.decide(&q, path, &subj, false)
}

// DecideYielding is Decide, calling yield now and then, every
// yieldRules rules tried, so that a caller on a page's only thread can
// let the page draw in the middle of a long decision: one question can
// try every rule of a file of a megabyte, tens of milliseconds of work
// under WebAssembly. yield may block. The answer is Decide's.
func (p *Policy) DecideYielding(q Question, yield func()) Answer {
	path := PathOf(q.URL)
	subj := NewSubject(path)
	return p.decideTicked(&q, path, &subj, false, &ticker{fn: yield})
}

func (p *Policy) decide(q *Question, path string, subj *Subject, quiet bool) Answer {
	return p.decideTicked(q, path, subj, quiet, nil)
}

func (p *Policy) decideTicked(q *Question, path string, subj *Subject, quiet bool, tk *ticker) Answer {
	a := p.decideInto(q, path, subj, Answer{quiet: quiet, tick: tk})
	a.tick = nil
	return a
}

func (p *Policy) decideInto(q *Question, path string, subj *Subject, a Answer) Answer {
	quiet := a.quiet
	u := q.Usage
	if u == UsageNone {
		u = UsageCrawl
	}
	if !quiet {
		a.Trace.Steps = make([]Step, 0, 8)
	}
	if path != q.URL && !quiet {
		a.step(Step{Kind: StepURL, Text: "the URL is matched as " + path})
	}
	if q.Kind == KindToday {
		p.decideToday(q, path, subj, &a)
		return a
	}
	if q.Category != CategoryNone {
		a.step(Step{Kind: StepNote, Text: q.Category.String() + " is a category of today's AI crawlers; a " + q.Kind.Title() + " answers it as crawl"})
		u = UsageCrawl
	}
	switch {
	case u == UsageCrawl && isRobotsTxt(path):
		a.Allowed = true
		a.step(Step{Kind: StepRobotsTxt, Text: "/robots.txt itself may always be fetched, whatever the file says"})
	case q.Kind == KindACAP:
		p.decideACAP(q, u, path, subj, &a)
	case q.Kind == KindRFC9309:
		p.decideRFC9309(q, u, subj, &a)
	default:
		p.decideOlder(q, u, path, subj, &a)
	}
	if q.Kind != KindACAP && u != UsageCrawl {
		if page := p.page(path); page != nil {
			p.applyPageOlder(q, u, page, &a)
		}
	}
	if quiet {
		return a
	}
	text := decisionTexts[u][0]
	if a.Allowed {
		text = decisionTexts[u][1]
		if len(a.Restrictions) > 0 {
			var rs []string
			for _, r := range a.Restrictions {
				rs = append(rs, r.String())
			}
			text += " with restrictions: " + strings.Join(rs, ", ")
		}
	}
	a.step(Step{Kind: StepDecision, Line: a.Line, File: a.File, Text: text})
	return a
}

// decisionTexts are the last steps of traces, by usage and verdict.
var decisionTexts = func() (t [numUsages][2]string) {
	for u := UsageCrawl; u < numUsages; u++ {
		t[u] = [2]string{"answer: " + u.String() + " is not allowed", "answer: " + u.String() + " is allowed"}
	}
	return t
}()

func (a *Answer) step(s Step) {
	if !a.quiet {
		a.Trace.Steps = append(a.Trace.Steps, s)
	}
}

func isRobotsTxt(path string) bool {
	return path == "/robots.txt" || strings.HasPrefix(path, "/robots.txt?")
}
