package policy

import (
	"slices"
	"sort"
	"strings"
	"time"
)

// ConvertOptions control Convert.
type ConvertOptions struct {
	// Source is the reading the converted file must agree with:
	// KindRFC9309 (the default) or KindDraft1996.
	Source Kind
	// Comments follows each added ACAP line with the conventional line it
	// came from, as a comment (the style of the original ACAP converter).
	Comments bool
	// IgnoreConventional adds ACAP-ignore-conventional-records, so that
	// ACAP crawlers read only the ACAP records.
	IgnoreConventional bool
	// Bounds bound the proof of equivalence. Without MaxWork, the
	// conversion (its proofs and rounds of repairs together) gets
	// DefaultConvertWork states. Bounds.Deadline is a time cap only (see
	// CompareOptions): without it, the result depends only on f and the
	// options, on every machine.
	Bounds CompareOptions
}

// Conversion is the result of Convert: the new text, what was added, and
// the proof that it means the same.
type Conversion struct {
	Text   []byte
	Added  []int    // 1-based lines of Text that the converter added
	Notes  []string // what the converter did beyond translating lines, and why
	Report EquivalenceReport
	// Err is set when the converted text would be larger than MaxFileSize:
	// it is then not produced (Text is nil) and nothing is compared.
	Err error
	// LinesLeft counts what Convert left out for overlapping rules beyond
	// its limit of 500 lines (see Convert): the lines found beyond it, and,
	// once it is reached, the pairs of rules not weighed (each may need
	// lines; weighing them only to count would cost more than the rest of
	// the conversion). The paths they would cover are left as differences.
	LinesLeft int
}

// convUnit is one crawler's rules in the source reading.
type convUnit struct {
	name  string // as written; "*" for any crawler
	rules []*Field
}

// Convert adds to f an ACAP record for each conventional group whose
// crawlers have none, and proves that ACAP crawlers reading the result
// decide crawl as opt.Source crawlers decide it on f (READING.md §6).
// Existing ACAP records are kept. The conventional part is kept as it is.
//
// Where the lines translated one for one would decide some paths
// differently, Convert adds lines that restore the source's answer: for
// rules that overlap and that ACAP's scope rule ranks the other way from
// RFC 9309's longest match, lines for the paths both match (pairRepairs);
// then, proof by proof, lines for the witnesses left (repairLines). Each
// round proves the result again; a round that does not help is undone.
func Convert(f *File, opt ConvertOptions) *Conversion {
	if opt.Source != KindDraft1996 {
		opt.Source = KindRFC9309
	}
	cv := &converter{f: f, opt: opt, work: opt.Bounds.MaxWork, conv: &Conversion{}}
	if cv.work <= 0 {
		cv.work = DefaultConvertWork
	}
	// One time cap for the whole conversion.
	cv.opt.Bounds.tcap = newTimeCap(&opt.Bounds)
	cv.pace = newPace(opt.Bounds.Yield, nil)
	// Rounds prove versions of the file that differ in a few records: a
	// crawler whose readings did not change keeps its proof.
	cv.opt.Bounds.cache = &proofCache{}
	existing := map[string]bool{}
	for _, r := range f.Records {
		for _, c := range r.Crawlers {
			existing[strings.ToLower(acapName(c.Value.Text))] = true
		}
	}
	conv := cv.conv
	cv.g = generate(f, sourceUnits(f, cv.opt.Source), existing, cv.opt)
	conv.Notes, conv.LinesLeft = cv.g.notes, cv.g.pairsLeft
	cv.pace.tick()
	conv.Text, conv.Added = cv.build(cv.g.pairs)
	cur, err := cv.parseConverted(conv.Text)
	cv.pace.tick()
	if err != nil {
		conv.Err, conv.Text, conv.Added = err, nil, nil
		return conv
	}
	cv.cur = cur
	conv.Report = cv.compare(cur)
	cv.repairs = cv.g.pairs
	cv.best = snapshot{conv.Text, conv.Added, conv.Report, len(cv.repairs)}
	cv.repairRounds()
	if len(cv.repairs) > cv.best.repairs && !better(&conv.Report, &cv.best.rep) {
		// The last rounds did not help: back to the best result.
		cv.repairs = cv.repairs[:cv.best.repairs]
		conv.Text, conv.Added, conv.Report = cv.best.text, cv.best.added, cv.best.rep
	}
	// The time cap, when it stopped some work, makes the result one the
	// bounds alone would not give.
	conv.Report.TimeStopped = cv.opt.Bounds.tcap.hasStopped()
	if n := len(cv.repairs) - len(cv.g.pairs); n > 0 {
		conv.Notes = append(conv.Notes, itoa(n)+" line"+plural(n, " was", "s were")+
			" added where the ACAP lines translated one for one decided some paths differently from "+cv.opt.Source.Title()+
			"s (a narrower pattern, or one identical to a conventional line, which ACAP crawlers then follow)")
	}
	return conv
}

// converter is the work of one Convert.
type converter struct {
	f    *File
	opt  ConvertOptions
	pace *pace // lets a page draw between the phases (CompareOptions.Yield)
	// work is the states the proofs may use in all; used, those used.
	work, used int
	g          generated
	conv       *Conversion
	cur        *File    // conv.Text, parsed
	repairs    []repair // the lines added to the translated ones
	best       snapshot // the best result so far
	// tried are the sets of repairs (by their first line) that did not
	// help.
	tried map[repair]bool
}

// snapshot is a result Convert may go back to.
type snapshot struct {
	text    []byte
	added   []int
	rep     EquivalenceReport
	repairs int
}

// compare proves a version of the file within the work left.
func (cv *converter) compare(next *File) EquivalenceReport {
	b := cv.opt.Bounds
	b.MaxWork = max(cv.work-cv.used, 1)
	rep := CompareReadingsBounded(cv.f, cv.opt.Source, next, b)
	cv.used += rep.States
	return rep
}

// build writes the file with the repairs given, and the lines it added.
func (cv *converter) build(repairs []repair) ([]byte, []int) {
	text, added := buildConverted(cv.f, cv.g.lines, repairs, cv.opt)
	cv.pace.tick()
	return text, added
}

// repairRounds restores equivalence where ACAP lines can: for each
// witness that is not about case, a line that gives its path the source's
// answer. Rounds stop when two in a row bring no better result, or when
// the lines added reach MaxAddedLines.
func (cv *converter) repairRounds() {
	cv.tried = map[repair]bool{}
	conv := cv.conv
	for round, idle := 0, 0; round < maxRepairRounds && idle < 2; round++ {
		if len(cv.repairs) >= MaxAddedLines || conv.Report.OtherCount <= conv.Report.NamePartCount ||
			cv.used >= cv.work || cv.opt.Bounds.tcap.stop() {
			return
		}
		cv.pace.tick()
		sets := repairLines(cv.f, cv.opt.Source, cv.cur, conv.Report, cv.tried)
		if len(sets) == 0 {
			return
		}
		before := conv.Report
		// All witnesses' sets together; if that does not help, the first
		// alone; a set that does not help is not tried again.
		if len(sets) == 1 || !cv.try(sets) {
			cv.tried[sets[0].lines[0]] = true
			cv.try(sets[:1])
		}
		if better(&conv.Report, &before) {
			idle = 0
		} else {
			idle++
		}
	}
}

// try adds sets of lines, and keeps them when the result is better, or
// when each witness they were made for now gets the source's answer (the
// region they repaired may leave smaller ones that the next rounds
// repair).
func (cv *converter) try(sets []repairSet) bool {
	conv := cv.conv
	all := slices.Clone(cv.repairs)
	for _, s := range sets {
		all = append(all, s.lines...)
	}
	text, added := cv.build(all)
	next, err := cv.parseConverted(text)
	if err != nil {
		return false
	}
	cv.pace.tick()
	rep := cv.compare(next)
	ok := better(&rep, &conv.Report)
	if !ok && len(rep.NotProved) <= len(conv.Report.NotProved) {
		ok = witnessesRepaired(next, sets)
	}
	if !ok {
		return false
	}
	cv.repairs = all
	conv.Text, conv.Added, cv.cur, conv.Report = text, added, next, rep
	if better(&rep, &cv.best.rep) {
		cv.best = snapshot{text, added, rep, len(all)}
	}
	return true
}

// witnessesRepaired reports whether, in f, each witness the sets were
// made for gets the source's answer.
func witnessesRepaired(f *File, sets []repairSet) bool {
	np := NewPolicy(f)
	for _, s := range sets {
		path := PathOf(s.d.Path)
		q := Question{Crawler: s.d.Crawler, URL: path, Kind: KindACAP}
		subj := NewSubject(path)
		if np.decideQuiet(&q, path, &subj).Allowed != s.d.Source {
			return false
		}
	}
	return true
}

// generated is the ACAP part Convert writes before its repairs: lines
// (comments marked by a leading '#'), the lines pairRepairs adds for each
// crawler, and notes on what was left out.
type generated struct {
	lines     []string
	pairs     []repair
	pairsLeft int // pair repairs left out (MaxAddedLines)
	notes     []string
}

// generate translates each crawler's rules into an ACAP record.
func generate(f *File, units []convUnit, existing map[string]bool, opt ConvertOptions) generated {
	var g generated
	type pairResult struct {
		lines []string
		more  int
	}
	pairMemo := map[string]pairResult{}
	add := func(s string) { g.lines = append(g.lines, s) }
	var kept []convUnit
	for _, u := range units {
		if existing[strings.ToLower(u.name)] {
			g.notes = append(g.notes, "the file already has an ACAP record for "+u.name+"; it is kept and none is added")
			continue
		}
		kept = append(kept, u)
	}
	for _, u := range shareRecords(kept) {
		if opt.Bounds.Yield != nil {
			opt.Bounds.Yield()
		}
		rules := u.rules
		if opt.Source == KindRFC9309 {
			var dropped []int
			rules, dropped = dropTiedDisallows(f, rules)
			if len(dropped) > 0 {
				g.notes = append(g.notes, "for "+u.list()+", "+lineList(dropped)+" repeat"+plural(len(dropped), "s", "")+" the pattern of an Allow line; RFC 9309 crawlers let Allow win such a tie while ACAP would prohibit, so no ACAP line is written for "+plural(len(dropped), "it", "them"))
			}
		}
		if opt.Source == KindDraft1996 {
			var dropped []int
			rules, dropped = unshadow(rules)
			if len(dropped) > 0 {
				g.notes = append(g.notes, "for "+u.list()+", "+lineList(dropped)+plural(len(dropped), " is", " are")+" never reached by a 1996 crawler (an earlier rule of the record matches every path "+plural(len(dropped), "it matches", "they match")+"), so no ACAP line is written for "+plural(len(dropped), "it", "them"))
			}
		}
		if u.names[0] == "*" && !hasPattern(f, rules, opt.Source) {
			// An empty record would merge with the next ACAP-crawler line;
			// and silence already allows everything.
			continue
		}
		if len(g.lines) > 0 {
			add("")
		}
		for _, name := range u.names {
			add("ACAP-crawler: " + name)
			if opt.Comments {
				add("# User-agent: " + name)
			}
		}
		hasRoot := false
		for _, r := range rules {
			if acapPatternOf(f, r, opt.Source) == "/" {
				hasRoot = true
			}
		}
		if u.names[0] != "*" && !hasRoot {
			// ACAP crawlers fall back to the any-crawler record for each URL
			// a named record is silent about, while conventional crawlers use
			// the named group alone: a baseline keeps the named record from
			// ever being silent.
			add("ACAP-allow-crawl: /")
			if opt.Comments {
				add("# (baseline: the group for " + u.list() + " allows what it does not forbid)")
			}
			hasRoot = true
		}
		for _, r := range rules {
			pat := acapPatternOf(f, r, opt.Source)
			if pat == "" {
				if r.Kind == FieldDisallow && !hasRoot {
					add("ACAP-allow-crawl: /")
					hasRoot = true
					if opt.Comments {
						add("# " + ruleText(r))
					}
				}
				continue
			}
			verb := "ACAP-disallow-crawl: "
			if r.Kind == FieldAllow {
				verb = "ACAP-allow-crawl: "
			}
			add(verb + pat)
			if opt.Comments {
				add("# " + ruleText(r))
			}
		}
		if opt.Source == KindRFC9309 {
			// The crawlers of one group share their rules: their lines are
			// weighed once.
			key := ruleKey(rules)
			budget := MaxAddedLines - len(g.pairs)
			pr, ok := pairMemo[key]
			if !ok || (pr.more > 0 && budget > len(pr.lines)) || len(pr.lines) > budget {
				var lines []repair
				lines, more := pairRepairs(f, rules, u.names[0], budget, opt.Bounds.Yield)
				pr = pairResult{more: more}
				for _, l := range lines {
					pr.lines = append(pr.lines, l.line)
				}
				pairMemo[key] = pr
			}
			for _, l := range pr.lines {
				g.pairs = append(g.pairs, repair{crawler: u.names[0], line: l})
			}
			g.pairsLeft += pr.more
		}
	}
	if n := len(g.pairs); n > 0 {
		g.notes = append(g.notes, itoa(n)+" line"+plural(n, " was", "s were")+" added for the paths where two rules overlap and ACAP's scope rule ranks them the other way from RFC 9309's longest match")
	}
	if g.pairsLeft > 0 {
		g.notes = append(g.notes, "the converter stopped at "+itoa(MaxAddedLines)+" such lines: "+itoa(g.pairsLeft)+" more lines, or pairs of rules not weighed, would be needed, and the paths they would cover are left as differences")
	}
	return g
}

// convRecord is an ACAP record to write: crawlers that read the same
// conventional rules, one ACAP-crawler line each.
type convRecord struct {
	names []string
	rules []*Field
}

// list names the record's crawlers for a note.
func (r convRecord) list() string {
	if len(r.names) <= 3 {
		return strings.Join(r.names, ", ")
	}
	return strings.Join(r.names[:2], ", ") + " and " + itoa(len(r.names)-2) + " other crawlers of the same group"
}

// shareRecords gives crawlers that follow each other and read exactly the
// same rules one record with an ACAP-crawler line each, as a group lists
// its User-agent lines (READING.md §6: a group becomes a record): the
// meaning is the same as a record each, and the file and the proof do not
// grow with the number of crawlers a group names. The any-crawler record
// stays apart, since one that also names crawlers is read differently.
func shareRecords(units []convUnit) []convRecord {
	var out []convRecord
	prevKey := ""
	for _, u := range units {
		key := ruleKey(u.rules)
		if n := len(out); n > 0 && u.name != "*" && out[n-1].names[0] != "*" && key == prevKey {
			out[n-1].names = append(out[n-1].names, u.name)
			continue
		}
		out = append(out, convRecord{names: []string{u.name}, rules: u.rules})
		prevKey = key
	}
	return out
}

// ruleKey identifies a list of rules (by their lines).
func ruleKey(rules []*Field) string {
	b := make([]byte, 0, 4*len(rules))
	for _, fd := range rules {
		b = append(b, byte(fd.Line), byte(fd.Line>>8), byte(fd.Line>>16), byte(fd.Line>>24))
	}
	return string(b)
}

// buildConverted writes the converted file: the translated lines, with
// the repairs inserted into the record written for their crawler (at its
// end; else into a record of their own), longer patterns first (among
// matching ACAP lines that agree and cannot be ordered by scope the first
// one decides, and the conventional line it must equal is the longest that
// matches).
func buildConverted(f *File, lines []string, extra []repair, opt ConvertOptions) ([]byte, []int) {
	all := slices.Clone(lines)
	extra = slices.Clone(extra)
	sort.SliceStable(extra, func(i, j int) bool { return len(extra[i].line) > len(extra[j].line) })
	// Where each record ends, found once.
	ends := map[string]int{}
	for i, l := range all {
		if name, ok := strings.CutPrefix(l, "ACAP-crawler: "); ok {
			at := i + 1
			for at < len(all) && all[at] != "" {
				at++
			}
			ends[name] = at
		}
	}
	inserted := map[int][]string{}
	var names []string // crawlers without a record, in order
	own := map[string][]string{}
	for _, r := range extra {
		if at, ok := ends[r.crawler]; ok {
			// Crawlers that share a record share its repairs.
			if !slices.Contains(inserted[at], r.line) {
				inserted[at] = append(inserted[at], r.line)
			}
			continue
		}
		if own[r.crawler] == nil {
			names = append(names, r.crawler)
		}
		own[r.crawler] = append(own[r.crawler], r.line)
	}
	var out []string
	for i := 0; i <= len(all); i++ {
		out = append(out, inserted[i]...)
		if i < len(all) {
			out = append(out, all[i])
		}
	}
	for _, n := range names {
		out = append(append(out, "", "ACAP-crawler: "+n), own[n]...)
	}
	return assemble(f, out, opt)
}

// better reports whether a is a better result than b: fewer crawlers not
// proved, then fewer witnesses other than case, then fewer states where the
// answers differ (other than by case).
func better(a, b *EquivalenceReport) bool {
	if len(a.NotProved) != len(b.NotProved) {
		return len(a.NotProved) < len(b.NotProved)
	}
	// Differences no ACAP line can remove (NamePart) do not count: a line
	// that removes a real difference may let a crawler named by part of a
	// record's name read the record ACAP gives it, and that is no worse.
	if ra, rb := a.OtherCount-a.NamePartCount, b.OtherCount-b.NamePartCount; ra != rb {
		return ra < rb
	}
	if a.OtherCount != b.OtherCount {
		return a.OtherCount < b.OtherCount
	}
	return a.otherStates < b.otherStates
}

// DefaultConvertWork is the work Convert gives its proofs (their states,
// over the rounds of repairs) when ConvertOptions.Bounds has no MaxWork.
// Crawlers not proved within it are reported in Report.NotProved, the
// same on every machine.
const DefaultConvertWork = 4000000

// DefaultConvertBudget is a time cap for interactive use (a page sets
// Bounds.Deadline to it, and Bounds.Pause to offer more time): Convert has
// no time cap of its own.
const DefaultConvertBudget = 4 * time.Second

// maxRepairRounds bounds the rounds of repairs Convert tries.
const maxRepairRounds = 16

// parseConverted parses a converted text, refusing one over MaxFileSize
// (a conversion adds lines, so a file near the cap can grow past it).
func (cv *converter) parseConverted(text []byte) (*File, error) {
	if len(text) > MaxFileSize {
		return nil, &ConvertedSizeError{Size: len(text)}
	}
	return parse("/robots.txt", text, nil, func() { cv.pace.tick() }), nil
}

// ConvertedSizeError is Conversion.Err when the converted text would be
// over MaxFileSize.
type ConvertedSizeError struct {
	Size int
}

func (e *ConvertedSizeError) Error() string {
	return "the converted file would be " + mib(e.Size, true) + ", more than the " + mib(MaxFileSize, false) +
		" the tester reads, so it was not produced and nothing was compared; your file is unchanged"
}

// lineList writes "line 3" or "lines 3, 5 and 8".
func lineList(ns []int) string {
	if len(ns) == 1 {
		return "line " + itoa(ns[0])
	}
	var b strings.Builder
	b.WriteString("lines ")
	for i, n := range ns {
		switch {
		case i == len(ns)-1:
			b.WriteString(" and ")
		case i > 0:
			b.WriteString(", ")
		}
		b.WriteString(itoa(n))
	}
	return b.String()
}

// assemble writes the converted file: the version comment first, the file
// as it was, then the ACAP part. It returns the text and the 1-based lines
// it added.
func assemble(f *File, lines []string, opt ConvertOptions) (text []byte, added []int) {
	nl := "\n"
	if i := strings.IndexAny(f.text, "\r\n"); i >= 0 && f.text[i] == '\r' {
		nl = "\r"
		if i+1 < len(f.text) && f.text[i+1] == '\n' {
			nl = "\r\n"
		}
	}
	var b strings.Builder
	n := 0 // lines written so far
	body := f.text
	bomEnd := bomLen(f)
	b.WriteString(body[:bomEnd])
	body = body[bomEnd:]
	if f.Version == nil {
		b.WriteString("##ACAP version=1.1" + nl)
		n++
		added = append(added, n)
	}
	b.WriteString(body)
	n += len(f.Lines)
	if len(body) > 0 && (strings.HasSuffix(body, "\n") || strings.HasSuffix(body, "\r")) {
		n-- // the empty last line Parse counts is where we continue
	} else if len(body) > 0 {
		b.WriteString(nl)
	}
	if len(lines) == 0 && !opt.IgnoreConventional {
		return []byte(b.String()), added
	}
	if len(body) > 0 {
		b.WriteString(nl)
		n++
	}
	write := func(s string) {
		b.WriteString(s + nl)
		n++
		added = append(added, n)
	}
	write("# ACAP records added by ACAP Workbench's converter")
	if opt.IgnoreConventional && f.IgnoreConventional == nil {
		write("ACAP-ignore-conventional-records")
	}
	for _, s := range lines {
		write(s)
	}
	return []byte(b.String()), added
}

// sourceUnits lists, in file order, each crawler's conventional rules as the
// source reading sees them.
func sourceUnits(f *File, source Kind) []convUnit {
	var units []convUnit
	index := map[string]int{}
	if source == KindDraft1996 {
		// The first record naming a crawler, and the first * record.
		for _, r := range compileOlder(f) {
			for _, a := range r.agents {
				name := crawlerName(a.Value.Text)
				key := strings.ToLower(name)
				if name == "" || index[key] > 0 {
					continue
				}
				var rules []*Field
				for _, rr := range r.rules {
					rules = append(rules, rr.fd)
				}
				for _, fd := range emptyDisallows(f, r) {
					rules = append(rules, fd)
				}
				units = append(units, convUnit{name: name, rules: rules})
				index[key] = len(units)
			}
		}
		return units
	}
	lastGroup := map[int]int{} // by unit, the last group whose rules it took
	for gi, g := range f.Groups {
		var rules []*Field
		for _, fd := range g.Rules {
			if fd.Status != StatusSkipped {
				rules = append(rules, fd)
			}
		}
		for _, a := range g.Agents {
			if a.Status == StatusSkipped {
				continue
			}
			name := uaName(a.Value.Text)
			if name == "" {
				continue
			}
			key := strings.ToLower(name)
			if i := index[key]; i > 0 {
				// A group that names the crawler twice gives its rules once.
				if lastGroup[i] != gi+1 {
					lastGroup[i] = gi + 1
					units[i-1].rules = append(units[i-1].rules, rules...)
				}
				continue
			}
			units = append(units, convUnit{name: name, rules: append([]*Field(nil), rules...)})
			index[key] = len(units)
			lastGroup[len(units)] = gi + 1
		}
	}
	return units
}

// emptyDisallows returns the empty Disallow lines of an older record (which
// compileOlder leaves out, as they forbid nothing).
func emptyDisallows(f *File, r olderRecord) []*Field {
	var out []*Field
	for _, fd := range f.Fields {
		if fd.Kind == FieldDisallow && fd.Value.Text == "" && fd.Line > r.first && fd.Status != StatusSkipped {
			// Only those inside the record: up to the next blank line.
			blank := false
			for n := r.first; n < fd.Line; n++ {
				if f.Lines[n-1].Kind == LineBlank {
					blank = true
				}
			}
			if !blank {
				out = append(out, fd)
			}
		}
	}
	return out
}

// acapPatternOf writes a conventional rule's pattern for an ACAP line. For
// the 1996 draft, '*' and '$' are ordinary characters and are escaped.
func acapPatternOf(f *File, fd *Field, source Kind) string {
	return acapPattern(f, fd, source, true)
}

// acapPattern is acapPatternOf; with trim, a final '*' is left out.
func acapPattern(f *File, fd *Field, source Kind, trim bool) string {
	v := fd.Value.Text
	if source == KindDraft1996 {
		v = strings.NewReplacer("*", "%2A", "$", "%24").Replace(v)
	} else {
		v = rfcPattern(f, fd)
	}
	if source == KindDraft1996 || v == "" {
		return v
	}
	// RFC 9309 reads a '$' before the end as an ordinary character; ACAP
	// does not allow it there.
	anchored := strings.HasSuffix(v, "$")
	body := strings.ReplaceAll(strings.TrimSuffix(v, "$"), "$", "%24")
	if trim && !anchored && strings.HasSuffix(body, "*") {
		// A final '*' changes nothing in a prefix match, but ACAP's scope
		// rule ranks "/*" broader than "/$"; "/" is the same set of paths.
		body = strings.TrimRight(body, "*")
		if body == "" {
			body = "/"
		}
	}
	if anchored {
		body += "$"
	}
	return body
}

// hasPattern reports whether any rule has a non-empty pattern.
func hasPattern(f *File, rules []*Field, source Kind) bool {
	for _, r := range rules {
		if acapPatternOf(f, r, source) != "" {
			return true
		}
	}
	return false
}

// dropTiedDisallows drops Disallow lines whose pattern an Allow line of the
// same crawler repeats (after decoding and case folding they are the same):
// RFC 9309 lets Allow win such a tie, ACAP cannot decide it and prohibits.
// Patterns equal only when case is ignored are kept: case differences are
// reported instead.
func dropTiedDisallows(f *File, rules []*Field) (kept []*Field, dropped []int) {
	allows := map[string]bool{}
	for _, r := range rules {
		if r.Kind == FieldAllow {
			allows[canonical(rfcPattern(f, r))] = true
		}
	}
	for _, r := range rules {
		if r.Kind == FieldDisallow && allows[canonical(rfcPattern(f, r))] {
			dropped = append(dropped, r.Line)
			continue
		}
		kept = append(kept, r)
	}
	return kept, dropped
}

// canonical returns a pattern with its escapes decoded (but %2F and %25),
// for comparing patterns the way matching does, case kept.
func canonical(p string) string {
	return string(canonAppend(nil, p, false))
}

// unshadow drops the rules a 1996 crawler never reaches: a rule whose path
// starts with the path of an earlier rule is decided by that earlier rule.
func unshadow(rules []*Field) (kept []*Field, dropped []int) {
	for i, r := range rules {
		shadowed := false
		for _, e := range rules[:i] {
			if e.Value.Text != "" && strings.HasPrefix(r.Value.Text, e.Value.Text) {
				shadowed = true
				break
			}
		}
		if shadowed {
			dropped = append(dropped, r.Line)
			continue
		}
		kept = append(kept, r)
	}
	return kept, dropped
}
