package policy

// structure checks each field and sorts the fields into conventional
// groups, ACAP records and sub-records (READING.md §1).
func (p *parser) structure() {
	// The groups' Agents and Rules are runs of two arrays allocated once.
	p.agents = make([]*Field, 0, p.kinds[FieldUserAgent])
	p.rules = make([]*Field, 0, p.kinds[FieldAllow]+p.kinds[FieldDisallow])
	st := &sorting{p: p, f: p.f}
	for _, fd := range p.f.Fields {
		p.pause()
		p.checkField(fd)
		if fd.Status == StatusSkipped && (fd.Kind == FieldUserAgent || fd.Kind == FieldACAPCrawler || fd.Kind.IsConventionalRule() || fd.Kind == FieldUnknown) {
			// A line no reading uses neither starts nor ends a group or a
			// record (READING.md §8).
			if st.g != nil && st.r == nil && fd.Kind != FieldUserAgent && fd.Kind != FieldACAPCrawler && fd.Value.Text != "" {
				st.g.Skipped = append(st.g.Skipped, fd)
			}
			continue
		}
		switch fd.Kind {
		case FieldUserAgent:
			st.userAgent(fd)
		case FieldAllow, FieldDisallow, FieldCrawlDelay, FieldRobotVersion, FieldVisitTime, FieldRequestRate, FieldHost, FieldComment:
			st.conventional(fd)
		case FieldACAPCrawler:
			st.acapCrawler(fd)
		case FieldACAPAllow, FieldACAPDisallow, FieldACAPRequest, FieldACAPPurpose, FieldACAPReference:
			st.acapLine(fd)
		case FieldACAPQualifiedUsage, FieldACAPCompositeUsage, FieldACAPResourceSet:
			st.definition(fd)
		case FieldACAPIgnoreConventional:
			st.ignoreConventional(fd)
		case FieldACAPUnknown:
			st.acapUnknown(fd)
		case FieldSitemap:
			p.f.Sitemaps = append(p.f.Sitemaps, fd)
		case FieldContentUsage, FieldContentSignal, FieldLicense:
			st.signal(fd)
		}
	}
	for _, r := range p.f.Records {
		p.pause()
		p.checkRecord(r)
	}
	p.checkBlankInGroups()
}

// sorting is where structure is in the file: the group, record and
// sub-record lines are added to.
type sorting struct {
	p              *parser
	f              *File
	g              *Group
	r              *Record
	sub            *SubRecord
	groupHasRules  bool
	recordHasBody  bool
	afterUserAgent bool // an ACAP record was ended by a User-agent line
	agents0        int  // where the current group's run of p.agents starts
	rules0         int  // and its run of p.rules
}

// userAgent ends an ACAP record and starts a group, or adds to the
// group's User-agent lines.
func (st *sorting) userAgent(fd *Field) {
	p := st.p
	if st.r != nil {
		st.afterUserAgent = true
	}
	st.r, st.sub = nil, nil
	if st.g == nil || st.groupHasRules {
		st.g = &Group{First: fd.Line}
		st.f.Groups = append(st.f.Groups, st.g)
		st.groupHasRules = false
		st.agents0, st.rules0 = len(p.agents), len(p.rules)
	}
	p.agents = append(p.agents, fd)
	st.g.Agents = p.agents[st.agents0:len(p.agents):len(p.agents)]
	st.g.Last = fd.Line
}

// conventional adds an Allow, Disallow or other conventional line to the
// group; inside an ACAP record it is warned about.
func (st *sorting) conventional(fd *Field) {
	p, g, r := st.p, st.g, st.r
	if r != nil {
		fd.Record = r
		r.Ignored = append(r.Ignored, fd)
		p.report(fd.Name, finding{sev: SevWarning, code: CodeConventionalInRecord, section: secP1Combination, msg: fd.Kind.String() + " stands inside the ACAP record that starts on line " + itoa(r.First) +
			": ACAP crawlers ignore it there, while conventional crawlers still apply it to the group above. Put conventional lines before the ACAP records."})
	}
	if fd.Kind.IsConventionalRule() {
		if g == nil {
			if r == nil {
				p.report(fd.Name, finding{sev: SevWarning, code: CodeRuleOutsideGroup, section: secRFC9309Groups, msg: fd.Kind.String() + " comes before any User-agent line, so no crawler applies it. Add a User-agent line above it."})
			}
		} else {
			p.rules = append(p.rules, fd)
			g.Rules = p.rules[st.rules0:len(p.rules):len(p.rules)]
			st.groupHasRules = true
			g.Last = fd.Line
		}
	} else if g != nil && fd.Kind != FieldHost {
		g.Other = append(g.Other, fd)
		g.Last = fd.Line
	}
}

// acapCrawler starts an ACAP record, or adds to its crawlers.
func (st *sorting) acapCrawler(fd *Field) {
	if st.r == nil || st.recordHasBody {
		st.r = &Record{First: fd.Line}
		st.f.Records = append(st.f.Records, st.r)
		st.recordHasBody, st.sub, st.afterUserAgent = false, nil, false
	}
	r := st.r
	fd.Record = r
	r.Crawlers = append(r.Crawlers, fd)
	if fd.Status == StatusOK && agentAny(fd.Value.Text) {
		r.Any = true
	}
	r.Last = fd.Line
}

// acapLine adds a permission, prohibition, request, purpose or reference
// to the ACAP record (or its sub-record).
func (st *sorting) acapLine(fd *Field) {
	p, r := st.p, st.r
	if r == nil {
		p.outsideRecord(fd, st.afterUserAgent)
		return
	}
	fd.Record = r
	r.Last = fd.Line
	switch {
	case r.Reference != nil:
		p.skip(fd, fd.Name, finding{code: CodeReferenceNotAlone, section: secP1Reference, msg: "a record with ACAP-permissions-reference (line " + itoa(r.Reference.Line) + ") may hold nothing else; this line is ignored"})
	case fd.Kind == FieldACAPReference:
		if st.recordHasBody {
			p.skip(fd, fd.Name, finding{code: CodeReferenceNotAlone, section: secP1Reference, msg: "ACAP-permissions-reference must come straight after the ACAP-crawler lines, in a record of its own"})
		} else {
			r.Reference = fd
		}
	case fd.Kind == FieldACAPPurpose:
		if st.sub == nil || len(st.sub.Rules) > 0 {
			st.sub = &SubRecord{}
			r.Subs = append(r.Subs, st.sub)
		}
		st.sub.Purposes = append(st.sub.Purposes, fd)
	case st.sub != nil:
		if fd.Kind == FieldACAPRequest {
			p.skip(fd, fd.Name, finding{code: CodeRequestInSubRecord, section: secP1Records, msg: "action requests may not stand in a sub-record for a usage purpose; put it before the first ACAP-usage-purpose line"})
			return
		}
		st.sub.Rules = append(st.sub.Rules, fd)
	default:
		r.Rules = append(r.Rules, fd)
	}
	if fd.Status != StatusSkipped {
		st.recordHasBody = true
	}
}

// definition checks that a definition comes before the first ACAP record.
func (st *sorting) definition(fd *Field) {
	f := st.f
	if len(f.Records) == 0 || fd.Status == StatusSkipped {
		return
	}
	first := f.Records[0].First
	l := f.Line(fd.Line)
	at := f.Line(first).Start
	fix := &Fix{Title: "Move the definition before the first ACAP record (line " + itoa(first) + ")", Edits: []Edit{
		{Start: at, End: at, New: f.text[l.Start:l.End] + "\n"},
		{Start: l.Start, End: l.Next, New: ""},
	}}
	st.p.skip(fd, fd.Name, finding{code: CodeDefinitionAfterRecord, section: secP1Definitions, msg: "definitions must come before the first ACAP record (line " + itoa(first) + "); crawlers ignore this one here", fix: fix})
}

// ignoreConventional notes ACAP-ignore-conventional-records, which applies
// to the whole file wherever it stands.
func (st *sorting) ignoreConventional(fd *Field) {
	if fd.Status != StatusOK {
		return
	}
	f := st.f
	if f.IgnoreConventional == nil {
		f.IgnoreConventional = fd
	}
	if len(f.Records) > 0 || st.p.sawDefinition(fd.Line) {
		st.p.report(fd.Name, finding{sev: SevInfo, code: CodeIgnorePosition, section: secP1Ignore, msg: "ACAP-ignore-conventional-records applies to the whole file wherever it stands, but it is meant to come before the ACAP definitions and records"})
	}
}

// acapUnknown keeps a misspelt ACAP field in its record (skipped), so that
// decisions can say it would have matched.
func (st *sorting) acapUnknown(fd *Field) {
	r := st.r
	if r == nil {
		return
	}
	fd.Record = r
	r.Last = fd.Line
	if st.sub != nil {
		st.sub.Rules = append(st.sub.Rules, fd)
	} else {
		r.Rules = append(r.Rules, fd)
	}
}

// signal notes a Content-Usage, Content-Signal or License line; the first
// two speak to no crawler before any User-agent line.
func (st *sorting) signal(fd *Field) {
	st.f.Signals = append(st.f.Signals, fd)
	if fd.Kind != FieldLicense && st.g == nil {
		st.p.report(fd.Name, finding{sev: SevWarning, code: CodeSignalSyntax, section: secSignals, msg: fd.Kind.String() + " comes before any User-agent line, so it speaks to no crawler. Put it inside a group, such as after User-agent: *."})
	}
}

// sawDefinition reports whether a definition field stands before line n.
func (p *parser) sawDefinition(n int) bool {
	for _, fd := range p.f.Fields {
		if fd.Line >= n {
			return false
		}
		if fd.Kind.IsDefinition() {
			return true
		}
	}
	return false
}

func (p *parser) outsideRecord(fd *Field, afterUserAgent bool) {
	msg := fd.Name.Text + " is outside any ACAP record: start the record with an ACAP-crawler line above it"
	if afterUserAgent {
		msg = fd.Name.Text + " is outside any ACAP record: a User-agent line above it ended the ACAP record. Move the conventional group before the ACAP records, or repeat the ACAP-crawler line"
	}
	p.skip(fd, fd.Name, finding{code: CodeOutsideRecord, section: secP1Records, msg: msg})
}

// checkRecord reports problems of a whole record.
func (p *parser) checkRecord(r *Record) {
	named := 0
	var any *Field
	for _, c := range r.Crawlers {
		if c.Status != StatusOK {
			continue
		}
		if agentAny(c.Value.Text) {
			any = c
		} else {
			named++
		}
	}
	if any != nil && named > 0 {
		p.report(any.Value, finding{sev: SevWarning, code: CodeAnyWithNamed, section: secP1Crawler, msg: "ACAP-crawler: * shares a record with named crawlers: the record then counts for every crawler as an any-crawler record, and for the named ones as a named record. Give * a record of its own."})
	}
	c := r.Crawlers[len(r.Crawlers)-1]
	if r.Reference == nil && len(r.Rules) == 0 && len(r.Subs) == 0 && r.Last == c.Line {
		p.report(c.Name, finding{sev: SevWarning, code: CodeEmptyRecord, section: secP1Records, msg: "this ACAP record has no permissions or prohibitions, so it says nothing to its crawlers"})
	}
	for _, s := range r.Subs {
		if len(s.Rules) == 0 {
			pf := s.Purposes[len(s.Purposes)-1]
			p.report(pf.Name, finding{sev: SevWarning, code: CodeEmptySubRecord, section: secP1Records, msg: "no permission or prohibition follows this ACAP-usage-purpose line, so it has no effect"})
		}
	}
}

// checkBlankInGroups warns of a blank line between a group's User-agent lines
// and its first rule: older crawlers end the record at the blank line.
func (p *parser) checkBlankInGroups() {
	f := p.f
	for _, g := range f.Groups {
		if len(g.Rules) == 0 {
			continue
		}
		lastAgent := g.Agents[len(g.Agents)-1].Line
		first := g.Rules[0].Line
		for n := lastAgent + 1; n < first; n++ {
			if f.Lines[n-1].Kind == LineBlank {
				l := f.Line(n)
				p.reportAt(n, l.Start, l.Start, finding{sev: SevWarning, code: CodeBlankInGroup, section: secDraft1996, msg: "a blank line separates User-agent (line " + itoa(lastAgent) + ") from its rules: crawlers of the 1994 and 1996 conventions end the record here and never see the rules (RFC 9309 crawlers do). Remove the blank line if those older crawlers should obey them too."}) // no fix: removing the line changes what older crawlers read (READING.md §8)
				break
			}
		}
	}
}
