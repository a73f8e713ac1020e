package intent

import (
	"sort"
	"strconv"
	"strings"

	"github.com/acap-workbench/workbench/policy"
	"github.com/acap-workbench/workbench/policy/internal/obey"
)

// Result is what Write produces: the new robots.txt and notes for the
// publisher (what was left out of the old file, what a vocabulary could
// not say as asked).
type Result struct {
	Text  []byte
	Notes []string
}

// Write writes the intent as robots.txt. With an existing file it merges:
// every line the intent does not decide is kept byte for byte (groups and
// records of crawlers the intent does not name, comments, sitemaps, ACAP
// definitions), the groups and records of the crawlers it names are taken
// out (only their User-agent or ACAP-crawler lines where they share a group
// with crawlers it does not name), and the builder's block, between its
// two marker comments, is written at the end. Each crawler's group in the
// block carries the lines the crawler obeyed (those of the groups that
// named it, or of the groups for * when none did), but for the whole site
// and where the intent refuses crawling (see the package documentation,
// "Keeping what the publisher wrote"). The same intent on the same file
// gives the same bytes, and writing it again on the result changes
// nothing.
func Write(in *Intent, existing *policy.File) (*Result, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	pl := makePlan(in)
	res := &Result{}
	nl := "\n"
	var kept []string
	if existing != nil {
		if crlf(existing) {
			nl = "\r\n"
		}
		var dropped []string
		kept, pl.carried, dropped = keep(existing, touchedNames(pl))
		res.Notes = append(res.Notes, dropped...)
		for len(kept) > 0 && strings.TrimSpace(kept[len(kept)-1]) == "" {
			kept = kept[:len(kept)-1]
		}
	}
	blockLines, acap, notes := block(pl)
	res.Notes = append(res.Notes, notes...)
	var b strings.Builder
	if existing != nil {
		b.WriteString(string(existing.Src[:firstStart(existing)]))
	}
	if acap && (existing == nil || existing.Version == nil) {
		b.WriteString(acapVersion + nl + nl)
	}
	for i, l := range kept {
		if i == len(kept)-1 {
			// The last kept line ends as the block's lines do, then a
			// blank line.
			l = strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(l, "\n"), "\r"), "\n") + nl + nl
		}
		b.WriteString(l)
	}
	for _, l := range blockLines {
		b.WriteString(l + nl)
	}
	res.Text = []byte(b.String())
	return res, nil
}

// crlf reports whether the file's first line ends with CR LF.
func crlf(f *policy.File) bool {
	if len(f.Lines) == 0 {
		return false
	}
	l := f.Lines[0]
	return l.Next-l.End == 2
}

// firstStart is the offset of the first line (after a byte order mark).
func firstStart(f *policy.File) int {
	if len(f.Lines) == 0 {
		return 0
	}
	return f.Lines[0].Start
}

// touchedNames are the lower-case crawler names whose groups and records
// the builder writes.
func touchedNames(pl *plan) map[string]bool {
	t := map[string]bool{}
	for _, rp := range pl.rows {
		for _, c := range rp.row.Tokens() {
			t[strings.ToLower(c)] = true
		}
	}
	for _, pp := range pl.purposes {
		t[strings.ToLower(pp.p.token)] = true
	}
	return t
}

// agentName is the crawler a User-agent or ACAP-crawler value names, as
// crawlers cut it (obey.Name): "*", or the leading product token, lower
// case.
func agentName(v string) string { return obey.Name(v) }

// carriedLine is a line a crawler obeyed before that the builder's group
// for it carries on: an Allow or Disallow line (rule), a Content-Usage or
// Content-Signal line (signal, merged with the intent's preferences), or
// another field of a group the builder takes out (Crawl-delay, an unknown
// field). They come from the groups that name the crawler, or, when none
// does, from the groups for * (package obey): a crawler that meets a group
// naming it reads only that one. Write leaves out, or merges, those the
// intent decides (see partition).
type carriedLine struct {
	text   string
	line   int
	rule   bool
	allow  bool
	signal bool
	star   bool // of the groups for *, which the crawler read as no group named it
	kind   policy.FieldKind
	path   string // a rule's path; a signal's value
}

// carriedOf makes the carried line of a field.
func carriedOf(f *policy.File, fd *policy.Field) carriedLine {
	c := carriedLine{text: f.LineText(fd.Line), line: fd.Line, kind: fd.Kind, path: fd.Value.Text}
	switch fd.Kind {
	case policy.FieldAllow, policy.FieldDisallow:
		c.rule, c.allow = true, fd.Kind == policy.FieldAllow
	case policy.FieldContentUsage, policy.FieldContentSignal:
		c.signal = true
	}
	return c
}

// keep returns the lines of the file (with their endings) without those
// the builder replaces, the lines of the groups taken out that go on in
// the builder's groups (by lower-case crawler name), and notes.
func keep(f *policy.File, touched map[string]bool) ([]string, map[string][]carriedLine, []string) {
	drop := make([]bool, len(f.Lines)+2) // by line number
	inBlock := markBlock(f, drop)
	carried := map[string][]carriedLine{}
	var notes []string
	groups := conventionalGroups(f, inBlock)
	for _, g := range groups {
		notes = append(notes, dropGroup(f, g, touched, drop, inBlock, carried)...)
	}
	for i := len(groups) - 1; i >= 0; i-- {
		g := groups[i]
		if len(g.agents) == 0 || inBlock[g.agents[0].Line] || drop[g.agents[len(g.agents)-1].Line] {
			continue
		}
		if len(g.rules) == 0 {
			notes = append(notes, "the group at line "+strconv.Itoa(g.agents[0].Line)+" has no rule: crawlers that read groups as Google's parser does run it into the builder's first group, whose rules then apply to its crawlers too; give it a rule (Allow: / allows everything)")
		}
		break
	}
	// A crawler no group names read the groups for *: its new group
	// carries their lines.
	named := obey.Named(f)
	rules, signals := obey.Star(f)
	star := mergeByLine(rules, signals)
	for name := range touched {
		if _, ok := named[name]; ok || name == AnyCrawler {
			continue
		}
		for _, fd := range star {
			c := carriedOf(f, fd)
			c.star = true
			carried[name] = append(carried[name], c)
		}
	}
	for _, rec := range f.Records {
		notes = append(notes, dropRecord(f, rec, touched, drop, inBlock)...)
	}
	var out []string
	removed, keptAny, lastBlank := false, false, false
	for _, l := range f.Lines {
		if drop[l.Num] {
			removed = true
			continue
		}
		blank := strings.TrimSpace(f.LineText(l.Num)) == ""
		if blank && removed && (lastBlank || !keptAny) {
			continue // a blank line left doubled by lines taken out
		}
		out = append(out, string(f.Src[l.Start:l.Next]))
		removed, keptAny, lastBlank = false, true, blank
	}
	return out, carried, notes
}

// markBlock marks the lines of earlier builder blocks for dropping and
// returns them; a block without its end runs to the end of the file.
func markBlock(f *policy.File, drop []bool) []bool {
	in := make([]bool, len(drop))
	inside := false
	for _, l := range f.Lines {
		t := strings.TrimSpace(f.LineText(l.Num))
		if t == beginMarker {
			inside = true
		}
		if inside {
			drop[l.Num], in[l.Num] = true, true
		}
		if t == endMarker {
			inside = false
		}
	}
	return in
}

// group is a conventional group as the builder takes it apart: its
// User-agent lines, its rules (Allow, Disallow, Content-Usage,
// Content-Signal) and its other fields (Crawl-delay, unknown fields).
type group struct {
	agents, rules, others []*policy.Field
}

// conventionalGroups groups the file's conventional fields: a User-agent
// line after a rule starts a group; Content-Usage and Content-Signal are
// rules, as the today kind reads them; ACAP fields, Sitemap, Host and
// License belong to no group. The builder's block starts a group of its
// own, so that a group without rules before it is read alike whether the
// block follows or not.
func conventionalGroups(f *policy.File, inBlock []bool) []*group {
	var out []*group
	var cur *group
	hasRule, lastInBlock := false, false
	for _, fd := range f.Fields {
		if fd.Kind.IsACAP() {
			continue
		}
		enter := inBlock[fd.Line] && !lastInBlock
		lastInBlock = inBlock[fd.Line]
		switch fd.Kind {
		case policy.FieldUserAgent:
			if cur == nil || hasRule || enter {
				cur = &group{}
				out = append(out, cur)
				hasRule = false
			}
			cur.agents = append(cur.agents, fd)
		case policy.FieldAllow, policy.FieldDisallow, policy.FieldContentUsage, policy.FieldContentSignal:
			if cur != nil {
				cur.rules = append(cur.rules, fd)
				hasRule = true
			}
		case policy.FieldSitemap, policy.FieldHost, policy.FieldLicense:
		default:
			if cur != nil {
				cur.others = append(cur.others, fd)
			}
		}
	}
	return out
}

// dropGroup takes the touched crawlers out of a group: the whole group
// when it names only them, else only their User-agent lines. Its lines are
// carried to each touched crawler (Write leaves out, or merges, those the
// intent decides).
func dropGroup(f *policy.File, g *group, touched map[string]bool, drop, inBlock []bool, carried map[string][]carriedLine) []string {
	var hit []*policy.Field
	for _, a := range g.agents {
		if touched[agentName(a.Value.Text)] {
			hit = append(hit, a)
		}
	}
	if len(hit) == 0 {
		return nil
	}
	var lines []carriedLine
	for _, fd := range mergeByLine(g.rules, g.others) {
		lines = append(lines, carriedOf(f, fd))
	}
	var notes []string
	for _, a := range hit {
		drop[a.Line] = true
		name := agentName(a.Value.Text)
		carried[name] = append(carried[name], lines...)
		if len(hit) < len(g.agents) && !inBlock[a.Line] {
			notes = append(notes, "line "+strconv.Itoa(a.Line)+" ("+f.LineText(a.Line)+") is taken out of a group it shared with crawlers the intent does not name; the builder writes its own group, with the group's rules")
		}
	}
	if len(hit) < len(g.agents) {
		return notes
	}
	for _, fd := range append(append([]*policy.Field(nil), g.rules...), g.others...) {
		drop[fd.Line] = true
	}
	return notes
}

// mergeByLine returns the fields of a and b in line order.
func mergeByLine(a, b []*policy.Field) []*policy.Field {
	out := append(append([]*policy.Field(nil), a...), b...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Line < out[j].Line })
	return out
}

// dropRecord takes the touched crawlers out of an ACAP record: its ACAP
// fields when it names only them, else only their ACAP-crawler lines.
// Conventional fields inside the record belong to the group above and are
// left to dropGroup.
func dropRecord(f *policy.File, rec *policy.Record, touched map[string]bool, drop, inBlock []bool) []string {
	var hit []*policy.Field
	for _, c := range rec.Crawlers {
		if touched[agentName(c.Value.Text)] {
			hit = append(hit, c)
		}
	}
	if len(hit) == 0 {
		return nil
	}
	for _, c := range hit {
		drop[c.Line] = true
	}
	if len(hit) < len(rec.Crawlers) {
		var notes []string
		for _, c := range hit {
			if !inBlock[c.Line] {
				notes = append(notes, "line "+strconv.Itoa(c.Line)+" ("+f.LineText(c.Line)+") is taken out of an ACAP record it shared with crawlers the intent does not name; the builder writes its own record")
			}
		}
		return notes
	}
	n := 0
	for _, fd := range f.Fields {
		if fd.Record == rec && fd.Kind.IsACAP() {
			drop[fd.Line] = true
			n++
		}
	}
	if inBlock[rec.First] {
		return nil
	}
	return []string{"the ACAP record at line " + strconv.Itoa(rec.First) + " (" + strconv.Itoa(n) + " lines) names only crawlers of the intent; the builder's records replace it"}
}
